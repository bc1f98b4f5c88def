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
