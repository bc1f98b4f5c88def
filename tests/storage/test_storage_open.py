"""Start-up faults: a store that cannot be opened raises ``StorageUnavailable`` with one line
that says what to fix, and never shows a password."""

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings
from bot.storage.db import SCHEMA_VERSION, StorageUnavailable
from bot.storage.store import Storage
from tests.storage.postgres_server import (
    PASSWORD,
    PASSWORD_USER,
    PostgresServer,
    free_port,
)

CHILD = Path(__file__).with_name("open_child.py")
PROJECT_ROOT = Path(__file__).resolve().parents[2]


async def refusal(location: str | Path) -> str:
    with pytest.raises(StorageUnavailable) as refused:
        await Storage.open(location)
    message = str(refused.value)
    assert "\n" not in message and message.endswith(".")
    return message


def opened_without_root(location: Path) -> str:
    """What opening ``location`` says in a child process that file permissions bind: under
    root, one without the powers to override them (root writes whatever they say)."""
    bound = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PROJECT_ROOT), *sys.path])}
    done = subprocess.run(
        [*(bound if os.getuid() == 0 else []), sys.executable, str(CHILD), str(location)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A folder whose permissions the tests change, and give back for pytest to clean up."""
    yield tmp_path / "data"
    for inner in (tmp_path, *(path for path in tmp_path.rglob("*") if path.is_dir())):
        inner.chmod(0o755)


async def test_a_file_that_is_not_a_database(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"Spades scores, not a database\n" * 200)
    message = await refusal(db_path)
    assert f"{db_path} is not a SQLite database" in message and "DATABASE_PATH" in message
    assert db_path.read_bytes() == b"Spades scores, not a database\n" * 200


async def test_a_folder_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where the folder should be")
    message = await refusal(tmp_path / "taken" / "data" / "spades.sqlite3")
    assert "Cannot create the folder" in message and "DATABASE_PATH" in message


async def test_a_schema_newer_than_the_bot_is_one_of_them(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    async with storage.db.session() as session:
        await session.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    await storage.close()
    message = await refusal(db_path)
    assert "newer bot" in message and "DATABASE_PATH" in message


def test_a_read_only_folder_for_a_new_file(folder: Path) -> None:
    folder.mkdir(mode=0o555)
    message = opened_without_root(folder / "spades.sqlite3")
    assert "cannot be written" in message and "writable" in message


def test_a_read_only_folder_around_an_existing_file(folder: Path) -> None:
    folder.mkdir()
    assert opened_without_root(folder / "spades.sqlite3") == "opened"
    folder.chmod(0o555)
    message = opened_without_root(folder / "spades.sqlite3")
    assert "cannot be written" in message and "writable" in message


def test_a_read_only_file(folder: Path) -> None:
    path = folder / "spades.sqlite3"
    assert opened_without_root(path) == "opened"
    path.chmod(0o444)
    message = opened_without_root(path)
    assert "cannot be written" in message and "writable" in message


async def test_a_server_nobody_listens_on() -> None:
    message = await refusal(f"postgresql://bot:secret-word@127.0.0.1:{free_port()}/spades")
    assert "cannot be reached" in message and "start the server" in message
    assert "secret-word" not in message


async def test_a_wrong_password(postgres: PostgresServer) -> None:
    message = await refusal(postgres.url(user=PASSWORD_USER, password="secret-word"))
    assert "refused the user name or password" in message and "DATABASE_URL" in message
    assert "secret-word" not in message and PASSWORD not in message


async def test_a_database_that_does_not_exist(postgres: PostgresServer) -> None:
    message = await refusal(postgres.url("no_such_database"))
    assert "no_such_database" in message and "does not exist" in message


async def test_a_url_that_is_not_one() -> None:
    message = await refusal("postgresql://bot@127.0.0.1:port/spades")
    assert "DATABASE_URL" in message


def test_database_url_selects_postgresql_and_the_sqlite_file_is_the_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("DATABASE_URL", "DATABASE_PATH"):
        monkeypatch.delenv(key, raising=False)
    assert Settings().database == Path("data/spades.sqlite3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:secret-word@db:5432/spades")
    settings = Settings()
    assert settings.database == "postgresql://bot:secret-word@db:5432/spades"
    assert "secret-word" not in repr(settings)
    monkeypatch.setenv("DATABASE_URL", "mysql://bot@db/spades")
    with pytest.raises(ValidationError, match="must be a PostgreSQL URL"):
        Settings()
