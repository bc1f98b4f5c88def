"""Restarts that must not lie, through the fake Discord server on a real SQLite file: a bot
killed around a game's last card shows the game over once it is back, and one table that
cannot be read back stays in the store while every other table opens again (issue 10)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings
from bot.storage.store import Storage
from bot.tables.states import Over
from devtools.fake_discord import FakeDiscord, FakeUser, RecordedMessage, running
from tests.discord.spades_helpers import (
    action_controls,
    board,
    click_first,
    fresh,
    hands,
    make_bot,
    one_hand_rules,
    seq_of,
)

ROOT = Path(__file__).resolve().parents[2]
WITH_STATS = ("cogs.spades", "cogs.leaderboard")


def start_child(fake: FakeDiscord, database: Path, moment: str) -> subprocess.Popen[str]:
    address = fake.address
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.discord.bot_child",
            address.api_base,
            address.gateway_url,
            address.token,
            str(database),
            moment,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


async def wait_ready(child: subprocess.Popen[str]) -> None:
    assert child.stdout is not None
    line = await asyncio.to_thread(child.stdout.readline)
    assert line.strip() == "ready", f"the child bot did not start: {line!r}"


def next_turn(fake: FakeDiscord, user: FakeUser, after: int) -> RecordedMessage | None:
    return next((m.snapshot() for m in reversed(hands(fake, user)) if fresh(m, after)), None)


@pytest.mark.parametrize("moment", ["after-last-card", "after-finish"])
async def test_a_kill_at_a_games_end_shows_the_end_once_the_bot_is_back(
    fake: FakeDiscord, tmp_path: Path, moment: str
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    database = tmp_path / "spades.sqlite3"
    await one_hand_rules(database, fake.guild_id)
    child = start_child(fake, database, moment)
    try:
        await wait_ready(child)
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        # Alice plays her turns until the bot dies at the game's end.
        seen = -1

        def turn_or_death() -> RecordedMessage | bool | None:
            return next_turn(fake, alice, seen) or child.poll() is not None

        while child.poll() is None:
            turn = await fake.wait_for(turn_or_death, "Alice's turn or the bot's death")
            if isinstance(turn, RecordedMessage):
                control = action_controls(turn)[0]
                seen = seq_of(control)
                await fake.click(alice, turn, control["custom_id"], answered=False)
        assert child.wait() == -9
        shown = board(fake, general)
        assert shown is not None
        if moment == "after-last-card":
            assert not shown.content.startswith("**Game over")
    finally:
        child.kill()
        child.wait()

    settings = Settings(_env_file=None, database_path=database)  # type: ignore[call-arg]
    async with running(make_bot(fake, settings=settings, extensions=WITH_STATS), fake) as bot:
        await fake.wait_for(
            lambda: (b := board(fake, general)) is not None and b.content.startswith("**Game over"),
            "the table message showing the game over",
        )
        over = board(fake, general)
        assert (
            over is not None
            and over is shown
            and any(c["label"] == "Rematch" for c in over.controls())
        )
        score = await fake.slash(alice, "spades", "score")
        assert "points" in score.text
        table = bot.tables.table_in(general.id)
        await fake.wait_for(
            lambda: isinstance(table.state, Over) and table.state.recorded,
            "the game's result stored",
        )
        listed = await fake.slash(alice, "history")
        assert "#1" in listed.text
        again = await fake.click(alice, over, "Rematch")
        assert "Rematch: new cards are dealt." in again.text


async def test_a_table_that_cannot_be_read_stays_stored_and_the_others_open(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    general, cards = fake.channel("general"), fake.channel("cards")
    database = tmp_path / "spades.sqlite3"
    settings = Settings(_env_file=None, database_path=database)  # type: ignore[call-arg]
    async with running(make_bot(fake, settings=settings), fake) as first:
        for user, channel in ((alice, general), (bob, cards)):
            await fake.slash(user, "spades", "new", bots=3, channel=channel)
            await fake.slash(user, "spades", "start", channel=channel)
        await fake.wait_for(lambda: next_turn(fake, alice, -1), "Alice's turn")
        bobs = first.tables.table_in(cards.id)
        broken = bobs.table_id
        # The action rewritten below must be stored before this bot closes: on a busy
        # machine Bob's bots may not have bid yet when Alice's turn comes.
        await fake.wait_for(lambda: bobs.seq >= 2, "Bob's table's second action")
    # Bob's table gets an action this bot has never heard of, as a newer release might write.
    storage = await Storage.open(database)
    wish = json.dumps({"type": "wish", "seat": 0})
    async with storage.db.transaction() as session:
        await session.execute(
            "UPDATE actions SET action_json = ? WHERE table_id = ? AND seq = 1", (wish, broken)
        )
        row = await session.fetch_one(
            "SELECT action_json FROM actions WHERE table_id = ? AND seq = 1", (broken,)
        )
    await storage.close()
    assert row is not None and row[0] == wish

    with caplog.at_level("ERROR", logger="bot.tables.manager"):
        async with running(make_bot(fake, settings=settings), fake) as second:
            assert f"Could not restore the table {broken}" in caplog.text
            assert second.tables.find(cards.id) is None
            table = second.tables.table_in(general.id)
            turn = await fake.wait_for(lambda: next_turn(fake, alice, -1), "Alice's turn")
            await click_first(fake, alice, turn)
            assert table.seq > seq_of(action_controls(turn)[0])
    storage = await Storage.open(database)
    try:
        stored = await storage.tables.open_tables()
        assert [t.table_id for t in stored] == [table.table_id]
        assert [b.key for b in stored.broken] == [broken]
    finally:
        await storage.close()
