"""A process killed with SIGKILL in the middle of writing loses no action it had accepted,
on SQLite and on PostgreSQL."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from bot.engine import Game, Rules
from bot.storage.store import Storage
from devtools.bench.storage import play_random

CHILD = Path(__file__).with_name("append_child.py")
PROJECT_ROOT = Path(__file__).resolve().parents[2]
# Enough accepted appends that the kill lands while the child is busy writing, several
# tables in (each holds 60 actions).
KILL_AFTER = 200


async def test_every_accepted_action_survives_sigkill(location: str | Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PROJECT_ROOT), *sys.path])}
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(location)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None and child.stderr is not None
    accepted: list[list[int]] = []
    try:
        while len(accepted) < KILL_AFTER:
            line = child.stdout.readline()
            assert line, f"the child stopped by itself: {child.stderr.read()}"
            accepted.append([int(word) for word in line.split()])
        child.send_signal(signal.SIGKILL)
        # Lines printed before it died count too: each was printed after its append returned.
        accepted.extend([int(word) for word in line.split()] for line in child.stdout)
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL

    storage = await Storage.open(location)
    try:
        if storage.db.dialect == "sqlite":
            async with storage.db.session() as session:
                assert await session.fetch_value("PRAGMA integrity_check") == "ok"
        tables = {t.table_id: t for t in await storage.tables.open_tables()}
    finally:
        await storage.close()
    last_seq: dict[int, tuple[int, int]] = {}
    for table_id, seed, seq in accepted:
        last_seq[table_id] = (seed, max(seq, last_seq.get(table_id, (seed, 0))[1]))
    for table_id, (seed, seq) in last_seq.items():
        stored = tables[table_id]
        # Every accepted action is there, in order; at most the one being written when the
        # kill came is there too without having been reported.
        assert seq <= len(stored.actions) <= seq + 1
        expected = play_random(Rules(), seed, limit=len(stored.actions)).history
        assert list(stored.actions) == expected
        Game.replay(stored.rules, seed=stored.seed, actions=stored.actions, dealer=stored.dealer)
