"""A ``DATABASE_URL`` the bot cannot use is refused saying what is wrong, with the URL's
password masked as ``***``: never the password, nor a piece of it, on stdout or stderr (the
bot logs to stderr), whether the URL comes from the environment or from ``.env``, and the
same for the development tools' ``--database-url``."""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path

import pytest

from bot.storage.urls import masked, scrubbed, url_problem
from tests.test_cli import run_module

# A password with pieces long enough to find: a URL that splits it in the wrong place (a
# "/" or "#" unencoded) would show one piece as a port or a database name.
PASSWORD = "Cor4lSnake"
PIECES = ("Cor4l", "Snake")


def closed_port() -> int:
    """A port nobody listens on (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


PORT = closed_port()
HOST = f"127.0.0.1:{PORT}"

# (url, what the message must say): the shapes the settings refuse, then the URLs that pass
# them but that the driver refuses or cannot reach.
REFUSED = [
    pytest.param(f" postgresql://spades:{PASSWORD}@{HOST}/spades", "space", id="leading-space"),
    pytest.param(f"postgresql://spades:{PASSWORD}@{HOST}/spades\t", "space", id="trailing-tab"),
    pytest.param(
        f"postgresql+asyncpg://spades:{PASSWORD}@{HOST}/spades",
        "must be a PostgreSQL URL",
        id="sqlalchemy-driver",
    ),
    pytest.param(
        f"postgresql//spades:{PASSWORD}@{HOST}/spades", "must be a PostgreSQL URL", id="no-colon"
    ),
    pytest.param(
        f"postgresql:spades:{PASSWORD}@{HOST}/spades", "must be a PostgreSQL URL", id="no-slashes"
    ),
    pytest.param(
        f"mysql://spades:{PASSWORD}@{HOST}/spades", "must be a PostgreSQL URL", id="mysql"
    ),
    *(
        pytest.param(
            f"postgresql://spades:Cor4l{char}Snake@{HOST}/spades",
            "percent-encode",
            id=f"unencoded-{name}",
        )
        for char, name in (("/", "slash"), ("#", "hash"), ("?", "question"), ("@", "at"))
    ),
    pytest.param(
        f"postgresql://spa/des:{PASSWORD}@{HOST}/spades", "percent-encode", id="slash-in-user"
    ),
    pytest.param(
        f"postgresql://spades:{PASSWORD}@127.0.0.1:port/spades", "cast to integer", id="bad-port"
    ),
    pytest.param(
        f"postgresql://spades:{PASSWORD}@127.0.0.1:99999/spades", "out of range", id="big-port"
    ),
    pytest.param(f"postgresql://spades:{PASSWORD}@[::1/spades", "IPv6", id="broken-ipv6"),
]
DRIVER_REFUSES = [
    pytest.param(
        f"postgresql://spades:{PASSWORD}@{HOST}/spades?sslmode=sometimes",
        "sslmode",
        id="bad-sslmode",
    ),
    pytest.param(
        f"postgresql://spades:{PASSWORD}@{HOST}/spades", "cannot be reached", id="unreachable"
    ),
    pytest.param(
        f"postgresql://spades@{HOST}/spades?password={PASSWORD}",
        "cannot be reached",
        id="password-in-query",
    ),
]


def run_bot(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot *args`` in ``cwd`` with a token, logging everything, and ``env``."""
    bot_env = {"DISCORD_TOKEN": "not-a-token", "LOG_LEVEL": "DEBUG", "SEARCH_WORKERS": "0"}
    return run_module(cwd, *args, **(bot_env | env))


def assert_no_secret(result: subprocess.CompletedProcess[str], says: str) -> None:
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    for secret in (PASSWORD, *PIECES):
        assert secret not in output, output
    assert says in output, output
    assert "Traceback" not in output, output


@pytest.mark.parametrize(("url", "says"), REFUSED + DRIVER_REFUSES)
@pytest.mark.parametrize("source", ["environment", ".env"])
def test_a_bad_database_url_is_refused_saying_why_without_its_password(
    tmp_path: Path, url: str, says: str, source: str
) -> None:
    if source == ".env":
        # Quoted, so that the spaces around it are the value's own.
        (tmp_path / ".env").write_text(f"DATABASE_URL='{url}'\n", encoding="utf-8")
        result = run_bot(tmp_path)
    else:
        result = run_bot(tmp_path, DATABASE_URL=url)
    assert_no_secret(result, says)
    if url_problem(url) is not None:
        # The settings refused it: the message shows the URL, its password masked.
        assert "***" in result.stderr


@pytest.mark.parametrize(
    ("bench", "url", "says"),
    [
        pytest.param(["storage"], *REFUSED[0].values, id="storage-leading-space"),
        pytest.param(["storage"], *REFUSED[2].values, id="storage-sqlalchemy-driver"),
        pytest.param(["storage"], *REFUSED[6].values, id="storage-unencoded-slash"),
        pytest.param(["tables", "--processes", "2"], *REFUSED[3].values, id="tables-no-colon"),
    ],
)
def test_the_benchmarks_refuse_a_bad_database_url_without_its_password(
    tmp_path: Path, bench: list[str], url: str, says: str
) -> None:
    result = run_bot(tmp_path, "bench", *bench, "--database-url", url)
    assert_no_secret(result, says)
    assert "***" in result.stderr


def test_the_health_check_refuses_a_bad_database_url_without_its_password(
    tmp_path: Path,
) -> None:
    result = run_bot(tmp_path, "health", DATABASE_URL=f"postgresql+asyncpg://u:{PASSWORD}@db/x")
    output = result.stdout + result.stderr
    assert result.returncode == 1 and PASSWORD not in output
    assert "must be a PostgreSQL URL" in output and "u:***@db" in output


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:pw@db/x", "postgresql://u:***@db/x"),
        ("postgresql://u@db/x", "postgresql://u@db/x"),
        (
            "postgresql://db/x?user=u&password=pw&ssl=1",
            "postgresql://db/x?user=u&password=***&ssl=1",
        ),
        ("postgresql://u:p@w/d@db/x", "postgresql://u:***@db/x"),
        ("postgresql:u:pw@db", "postgresql:***@db"),
    ],
)
def test_masked_hides_the_password_however_the_url_is_written(url: str, shown: str) -> None:
    assert masked(url) == shown


def test_scrubbed_takes_the_password_out_of_a_message_as_written_and_decoded() -> None:
    url = "postgresql://u:p%40ssw0rd@db/x"
    said = scrubbed(f"could not use {url}: password p@ssw0rd or p%40ssw0rd", url)
    assert "ssw0rd" not in said and said.count("***") == 3
