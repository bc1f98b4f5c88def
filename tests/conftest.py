"""Fixtures for every test folder: the session's real PostgreSQL server (the storage tests
run on it, and so do the tests of several bot processes sharing one database)."""

from collections.abc import Iterator

import pytest

from tests.storage.postgres_server import PostgresServer


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server, started by the first test that needs it."""
    server = PostgresServer()
    try:
        yield server.start()
    finally:
        server.remove()


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the environment's language (LANG and the rest): every test,
    and every process it starts, runs in a plain UTF-8 locale unless it asks for another."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
