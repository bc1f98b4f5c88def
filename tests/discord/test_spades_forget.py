"""/spades forgetme through the fake Discord server, on SQLite and on PostgreSQL: the member
leaves every table and lobby first (a bot takes their seat, the host role passes on), then
no column of any table of the store holds their id or name, and none does after the game
they sat at ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.store import Storage
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import board, game_over, make_bot, play_out
from tests.discord.test_spades_faults import write_lock
from tests.storage.helpers import BACKENDS, fresh_location, traces

WITH_STATS = ("cogs.spades", "cogs.houserules", "cogs.leaderboard")
NAME = "zebedee"


@pytest.fixture(params=BACKENDS)
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    async with fresh_location(request.param, request, tmp_path / "spades.sqlite3") as where:
        opened = await Storage.open(where)
        yield opened
        await opened.close()


async def test_forgetme_leaves_every_table_and_leaves_no_trace(
    fake: FakeDiscord, storage: Storage
) -> None:
    await storage.house_rules.set_option(fake.guild_id, "play_to", "hands")
    await storage.house_rules.set_option(fake.guild_id, "hands_to_play", "1")
    gone, bea = fake.add_user(NAME), fake.add_user("bea")
    first, game, lobby = fake.channel("general"), fake.channel("cards"), fake.channel("lounge")
    spades = make_bot(fake, storage=storage, extensions=WITH_STATS)
    async with running(spades, fake):
        # A finished game, a ping choice, a game in play they host (their hand comes by
        # DM), and a lobby they host with Bea seated.
        await fake.slash(gone, "spades", "new", bots=3, channel=first)
        await fake.slash(gone, "spades", "start", channel=first)
        await play_out(fake, [gone], first)
        await fake.slash(gone, "spades", "pings", where="channel")
        await fake.slash(gone, "spades", "new", channel=game)
        await fake.slash(bea, "spades", "join", channel=game)
        await fake.slash(gone, "spades", "start", bots=True, channel=game)
        await fake.wait_for(lambda: fake.dms(gone), "their hand by DM")
        await fake.slash(gone, "spades", "new", channel=lobby)
        await fake.slash(bea, "spades", "join", channel=lobby)
        before = await traces(storage, gone.id, NAME)
        assert {"players.name", "table_seats.user_id", "hand_messages.user_id"} <= set(before)
        assert {"lobbies.seats_json", "member_pings.user_id", "tables.host_id"} <= set(before)

        asked = await fake.slash(gone, "spades", "forgetme")
        assert "You leave every table and lobby" in asked.text
        done = await fake.click(gone, asked.responses[0], "Forget me")
        # The game over (still shown, awaiting a rematch), the game in play, the lobby.
        assert done.text.startswith("Done. You left 3 tables (a bot plays your seat")
        assert "gone from 1 finished game;" in done.text
        assert "where you hear of your turns is deleted" in done.text
        assert "Nothing the bot keeps holds your name or id now." in done.text
        assert await traces(storage, gone.id, NAME) == []

        # At the game a bot plays their seat, and Bea hosts; in the lobby their seat is
        # empty and Bea hosts. The game plays to its end and is recorded without them.
        shown = await fake.wait_for(
            lambda: (m := board(fake, game)) and "Bot 1 (normal)" in m.content and m,
            "the table showing a bot in their seat",
        )
        assert NAME not in shown.content
        assert any(
            f"{NAME} left: a bot plays their seat." in m.content for m in fake.messages(game)
        )
        stopped = await fake.slash(bea, "spades", "stop", channel=lobby)
        assert "stopped" in stopped.text
        await play_out(fake, [bea], game)
        assert game_over(fake, game)
        await spades.tables.settle()  # its result is stored
        history = await fake.slash(bea, "history")
        assert NAME not in history.text and "Bot 1 (normal)" in history.text
        assert await traces(storage, gone.id, NAME) == []


async def test_a_hand_posted_while_they_are_forgotten_is_not_stored_again(
    fake: FakeDiscord, storage: Storage
) -> None:
    """Their DM hand is on its way when they are forgotten: Discord shows it, but the bot
    hears back only afterwards, and then stores nothing about it."""
    gone, bea = fake.add_user(NAME), fake.add_user("bea")
    async with running(make_bot(fake, storage=storage, extensions=WITH_STATS), fake):
        await fake.slash(gone, "spades", "new")
        await fake.slash(bea, "spades", "join")
        fake.delay_answers("POST", "/channels/{channel}/messages", 1.0)
        await fake.slash(gone, "spades", "start", bots=True)
        await fake.wait_for(lambda: fake.dms(gone), "their hand by DM, not heard back yet")
        asked = await fake.slash(gone, "spades", "forgetme")
        done = await fake.click(gone, asked.responses[0], "Forget me")
        assert "Nothing the bot keeps holds your name or id now." in done.text
        fake.delay_answers("POST", "/channels/{channel}/messages", 0)
    # Closing the bot waits for every post under way to come back.
    assert await traces(storage, gone.id, NAME) == []


async def test_forgetme_that_cannot_be_stored_forgets_nothing_and_says_so(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    gone, bea = fake.add_user(NAME), fake.add_user("bea")
    database = tmp_path / "locked.sqlite3"
    storage = await Storage.open(database, busy_timeout=0.1)
    try:
        async with running(make_bot(fake, storage=storage), fake) as spades:
            await fake.slash(gone, "spades", "new")
            await fake.slash(bea, "spades", "join")
            await fake.slash(gone, "spades", "start", bots=True)
            table = spades.tables.table_in(fake.channel("general").id)
            asked = await fake.slash(gone, "spades", "forgetme")
            with write_lock(database):
                refused = await fake.click(gone, asked.responses[0], "Forget me")
            assert "I couldn't save that just now" in refused.text
            assert "nothing was forgotten yet" in refused.text
            assert table.seat_of(gone.id) == 0 and table.host_id == gone.id
            assert "table_seats.user_id" in await traces(storage, gone.id, NAME)

            again = await fake.slash(gone, "spades", "forgetme")
            done = await fake.click(gone, again.responses[0], "Forget me")
            assert done.text.startswith("Done. You left 1 table")
            assert table.seat_of(gone.id) is None and table.host_id == bea.id
            assert await traces(storage, gone.id, NAME) == []
    finally:
        await storage.close()
