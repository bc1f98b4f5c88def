# Two stages: the builder installs into a venv, the final image copies only that venv.
FROM python:3.11-slim AS builder
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
# Dependencies first, from pyproject.toml and the version file alone, so that editing the
# source reuses this layer instead of downloading every dependency again.
COPY pyproject.toml ./
COPY bot/__init__.py bot/
RUN pip install .
COPY bot/ bot/
COPY cogs/ cogs/
RUN pip install --no-deps --force-reinstall .

FROM python:3.11-slim
RUN useradd --create-home --shell /usr/sbin/nologin spades \
    && mkdir /data \
    && chown spades:spades /data
COPY --from=builder /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/spades.sqlite3
USER spades
WORKDIR /home/spades
VOLUME /data
CMD ["python", "-m", "bot"]
