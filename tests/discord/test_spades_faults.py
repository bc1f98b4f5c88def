"""Faults a member could meet, through the fake Discord server: each is answered clearly, fits
Discord's limits, and leaves the table as it was (issue 10)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.client import SpadesBot
from bot.engine import Rules
from bot.storage.records import MemoryStore, StoredTables
from bot.storage.store import Storage
from bot.tables import Table, TableStatus
from bot.tables.table import STORAGE_BACK
from devtools.fake_discord import (
    ALL_PERMISSIONS,
    DEFERRED_MESSAGE,
    SEND_MESSAGES,
    FakeDiscord,
    running,
)
from tests.discord.spades_helpers import (
    action_controls,
    board,
    click_first,
    ephemerals,
    expire_tokens,
    first_dm_turn,
    fresh,
    make_bot,
)
from tests.doubles import ManualClock


async def test_a_seat_is_never_handed_to_a_bot_account(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    robot = fake.add_user("Dealer9000", bot=True)
    async with running(make_bot(fake), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.table_in(fake.channel("general").id)
        seats = table.seats
        answer = await fake.slash(alice, "spades", "sub", seat=1, member=robot)
        assert "Dealer9000 is a bot account and can't play a seat" in answer.text
        assert table.seats == seats


async def test_long_input_is_cut_in_the_answer(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with running(make_bot(fake), fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        answer = await fake.slash(alice, "spades", "play", card="Q" * 3000)
        assert "is not a card: try AS, 10H or QD." in answer.text
        assert len(answer.text) < 120 and "Q" * 39 + "…" in answer.text


@pytest.mark.parametrize(
    ("path", "options", "refusal"),
    [
        (("spades", "new"), {"players": 9}, "`9` won't do for players: from 2 to 6."),
        (("spades", "new"), {"preset": "nope"}, "no preset called `nope`. Pick one of: classic"),
        (("spades", "new"), {"level": "godlike"}, "won't do for level: choose easy, normal, hard"),
        (("leaderboard",), {"by": "bogus"}, "`bogus` won't do for by: choose"),
        (("leaderboard",), {"mode": "bogus"}, "`bogus` won't do for mode: choose"),
    ],
)
async def test_option_values_discord_does_not_check_are_refused_with_the_allowed_ones(
    fake: FakeDiscord,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    path: tuple[str, ...],
    options: dict[str, object],
    refusal: str,
) -> None:
    alice = fake.add_user("alice")
    storage = await Storage.open(tmp_path / "spades.sqlite3")
    extensions = ("cogs.spades", "cogs.leaderboard")
    try:
        async with running(make_bot(fake, storage=storage, extensions=extensions), fake) as bot:
            with caplog.at_level(logging.ERROR):
                answer = await fake.slash(alice, *path, **options)
            assert refusal in answer.text
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
            assert bot.tables.tables == []
    finally:
        await storage.close()


async def test_a_two_player_draw_shows_the_card_offered(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: Rules.preset("two_player")})
    async with running(make_bot(fake, store=store), fake):
        await fake.slash(alice, "spades", "new", bots=1)
        await fake.slash(alice, "spades", "start")
        dm = await first_dm_turn(fake, alice, -1, "a draw")
        labels = [control["label"] for control in action_controls(dm)]
        offered = dm.content.split("You draw: ", 1)[1].split("\n", 1)[0].split(" and ")
        assert labels == [f"Keep {offered[0]}", f"Keep {offered[1]}"]


async def test_three_players_draw_from_two_decks_with_the_keep_buttons(fake: FakeDiscord) -> None:
    """003:81: three players "pick their cards just as in Spades for two players": the
    member sees two cards and keeps one with a button, and the table names no dealer."""
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: Rules.preset("three_two_decks")})
    async with running(make_bot(fake, store=store), fake):
        await fake.slash(alice, "spades", "new", bots=2)
        await fake.slash(alice, "spades", "start")
        dm = await fake.wait_for(
            lambda: next((m.snapshot() for m in fake.dms(alice) if fresh(m, -1)), None), "a draw"
        )
        labels = [control["label"] for control in action_controls(dm)]
        offered = dm.content.split("You draw: ", 1)[1].split("\n", 1)[0].split(" and ")
        assert labels == [f"Keep {offered[0]}", f"Keep {offered[1]}"]
        await click_first(fake, alice, dm)
        shown = await fake.wait_for(lambda: board(fake, fake.channel("general")), "the table")
        assert shown.content.startswith("**Spades** · hand 1\n")


async def test_a_table_is_not_opened_where_the_bot_cannot_post(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    general.bot_permissions = ALL_PERMISSIONS & ~SEND_MESSAGES
    async with running(make_bot(fake), fake) as bot:
        answer = await fake.slash(alice, "spades", "new", bots=3)
        assert f"I can't show the table in <#{general.id}>" in answer.text
        assert "Send Messages" in answer.text
        assert bot.tables.find(general.id) is None


async def test_a_permission_lost_mid_game_is_told_to_the_host_once(
    fake: FakeDiscord, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table message's own follow-ups need no permission in the channel: its edits meet
    # the loss once the token of /spades new has expired.
    expire_tokens(monkeypatch)
    alice = fake.add_user("alice")
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.table_in(general.id)
        await fake.wait_for(lambda: board(fake, general), "the table message")
        general.bot_permissions = ALL_PERMISSIONS & ~SEND_MESSAGES
        with caplog.at_level(logging.ERROR, logger="cogs._live"):
            await fake.slash(alice, "spades", "stop")
            told = await fake.wait_for(
                lambda: [
                    m
                    for m in ephemerals(fake, alice) + fake.dms(alice)
                    if "I can't show the table" in m.text
                ],
                "the host told what is missing",
            )
        assert len(told) == 1 and "Send Messages" in told[0].text
        assert f"table {table.table_id} in channel {general.id}" in caplog.text


async def test_a_table_message_edit_discord_fails_is_tried_again(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    expire_tokens(monkeypatch)  # edits through the channel, where they fail
    alice = fake.add_user("alice")
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(alice, "spades", "new", bots=3)
        lobby = await fake.wait_for(lambda: board(fake, general), "the lobby message")
        fake.fail("PATCH", f"/channels/{general.id}/messages/{lobby.id}", 503, times=2)
        await fake.slash(alice, "spades", "start")
        # Two 503s, then the edit goes through without any new change at the table.
        await fake.wait_for(
            lambda: lobby.content.startswith("**Spades** · hand 1"), "the board after 503s"
        )
        assert [f for f in fake.failed if f[2] == 503] == [
            ("PATCH", f"/channels/{general.id}/messages/{lobby.id}", 503)
        ] * 2


@contextmanager
def write_lock(database: Path) -> Iterator[None]:
    """Another connection holds the database's write lock (a backup, the sqlite3 shell): the
    bot's writes wait their busy timeout, then fail with ``StorageFailed``."""
    other = sqlite3.connect(database, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


@asynccontextmanager
async def table_on_sqlite(
    fake: FakeDiscord, database: Path, busy_timeout: float, **bot: Any
) -> AsyncIterator[tuple[Storage, SpadesBot, Table]]:
    """Alice's table in #general, dealt, under one-hand house rules, on the SQLite file
    ``database`` whose writes wait ``busy_timeout`` seconds for a lock."""
    storage = await Storage.open(database, busy_timeout=busy_timeout)
    try:
        await storage.house_rules.set_option(fake.guild_id, "play_to", "hands")
        await storage.house_rules.set_option(fake.guild_id, "hands_to_play", "1")
        alice = fake.user_named("alice")
        async with running(make_bot(fake, storage=storage, **bot), fake) as client:
            assert isinstance(client, SpadesBot)
            await fake.slash(alice, "spades", "new", bots=3)
            await fake.slash(alice, "spades", "start")
            yield storage, client, client.tables.table_in(fake.channel("general").id)
    finally:
        await storage.close()


async def test_a_stop_that_cannot_be_stored_is_not_reported_done(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice = fake.add_user("alice")
    database = tmp_path / "spades.sqlite3"
    async with table_on_sqlite(fake, database, busy_timeout=0.1) as (storage, _, table):
        with write_lock(database):
            refused = await fake.slash(alice, "spades", "stop")
        assert "I couldn't save that" in refused.text and "nothing changed" in refused.text
        assert table.status is TableStatus.PLAYING
        assert [t.table_id for t in await storage.tables.open_tables()] == [table.table_id]
        stopped = await fake.slash(alice, "spades", "stop")
        assert stopped.text == "The table is stopped."
        assert await storage.tables.open_tables() == StoredTables(())


async def test_a_command_waiting_on_a_busy_database_is_acknowledged_in_time(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice = fake.add_user("alice")
    database = tmp_path / "spades.sqlite3"
    async with table_on_sqlite(fake, database, busy_timeout=30) as (_, _, table):
        await fake.wait_for(
            lambda: next((m for m in fake.dms(alice) if fresh(m, -1)), None), "a bid"
        )
        seq = table.seq
        with write_lock(database):
            bid = await fake.slash(alice, "spades", "bid", tricks=3, answered=False)
            # Acknowledged ("thinking") while the database still holds the bid back.
            await fake.wait_for(lambda: bid.callback_type is not None, "the bid acknowledged")
            assert bid.callback_type == DEFERRED_MESSAGE and table.seq == seq
        await fake.wait_for(lambda: bid.settled, "the bid answered")
        assert bid.text == "Done: 3." and table.seq > seq


async def test_a_bot_move_waits_on_storage_and_the_game_goes_on_by_itself(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    database = tmp_path / "spades.sqlite3"
    clock = ManualClock()
    async with table_on_sqlite(fake, database, busy_timeout=0.1, clock=clock, bot_delay=1) as (
        _,
        bot,
        table,
    ):
        settle = bot.tables.settle
        await clock.advance(10, settle)
        turn = await first_dm_turn(fake, alice, -1, "Alice's turn")
        await click_first(fake, alice, turn)
        seq = table.seq
        with write_lock(database):
            for _ in range(6):  # the bot's move and its retries, each refused
                await clock.advance(10, settle)
            waiting = [m for m in fake.messages(general) if "can't save this game" in m.content]
            assert len(waiting) == 1 and table.seq == seq
        await clock.advance(60, settle)
        await fake.wait_message(general, lambda m: m.content == STORAGE_BACK, "told it goes on")
        assert table.seq > seq


async def test_a_claim_is_offered_without_regard_to_hidden_cards_and_a_false_one_costs(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    rules = Rules(play_to="hands", hands_to_play=1, claims=True)
    store = MemoryStore({fake.guild_id: rules})
    async with running(make_bot(fake, store=store), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.table_in(fake.channel("general").id)
        bid = await first_dm_turn(fake, alice, -1, "a bid")
        assert "Claim the rest" not in [c.get("label") for c in action_controls(bid)]
        three = next(c for c in action_controls(bid) if c.get("label") == "3")
        await fake.click(alice, bid, three["custom_id"])  # a Nil bidder may not claim
        # Once the cards are played, the claim is on alice's controls whatever her hand.
        playing = await fake.wait_for(
            lambda: next(
                (
                    m.snapshot()
                    for m in fake.dms(alice)
                    if "Claim the rest" in [c.get("label") for c in action_controls(m)]
                ),
                None,
            ),
            "a claim offered",
        )
        assert playing is not None
        answer = await fake.slash(alice, "spades", "claim")
        assert answer.text.startswith("Your claim fails: your cards stay face up ("), answer.text
        shown = await fake.wait_for(
            lambda: (
                (b := board(fake, fake.channel("general"))) is not None
                and "alice's cards, face up:" in b.content
            ),
            "alice's hand face up on the table message",
        )
        assert shown
        # The penalty (exposed, the default) keeps the hand going with her cards face up.
        after = table.snapshot()
        assert after.status is TableStatus.PLAYING and after.exposed[0]
        again = await fake.slash(alice, "spades", "claim")
        assert "Your side's claim already failed this hand" in again.text
        assert table.snapshot().exposed == after.exposed
