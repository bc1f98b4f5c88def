# Two stages: the builder installs into a venv, the final image copies only that venv.
# One pinned base for both: the exact Python and Debian release, and the digest of that tag's
# multi-architecture index, so a rebuild gets the same system as the last one.
ARG PYTHON_IMAGE=python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d

FROM ${PYTHON_IMAGE} AS builder
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
# A C compiler for mypyc (setup.py compiles the engine's hot path), in this stage only: the
# image gets the built modules in the venv, not the compiler. The base image has Python's
# headers.
RUN apt-get update \
    && apt-get install --yes --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
# Dependencies first, from pyproject.toml and the version file alone, so that editing the
# source reuses this layer instead of downloading every dependency again.
COPY pyproject.toml ./
COPY bot/__init__.py bot/
RUN pip install .
COPY setup.py ./
COPY bot/ bot/
COPY cogs/ cogs/
# SPADES_COMPILE=1: a build that cannot compile fails here instead of shipping plain Python;
# the check runs from / so that it imports the installed package, not the sources in /src.
RUN SPADES_COMPILE=1 pip install --no-deps --force-reinstall . \
    && cd / && python -c "import sys, bot.engine; sys.exit(not bot.engine.COMPILED)"

FROM ${PYTHON_IMAGE}
# A fixed id, so that a folder bind-mounted on /data can be given to it (chown 10001).
RUN useradd --uid 10001 --user-group --create-home --shell /usr/sbin/nologin spades \
    && mkdir /data \
    && chown spades:spades /data
COPY --from=builder /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/spades.sqlite3
USER spades
WORKDIR /home/spades
# A new named volume takes /data's owner from the image, so the bot can write it.
VOLUME /data
# Healthy while the bot's gateway connection is up: it touches a heartbeat file every 10 s
# while connected, and `health` fails once that file is a minute old. The start period
# covers logging in, restoring the tables and syncing the commands.
HEALTHCHECK --interval=30s --timeout=10s --start-period=2m --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
