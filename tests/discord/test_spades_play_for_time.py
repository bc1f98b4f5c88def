"""A game played for a time (house rule play_to time, 000:88, 002:72) through the fake
Discord server: the table message shows the minutes left, the channel is told when time is
up, and the final message says the game ended on time."""

from __future__ import annotations

import math

from bot.engine import Rules
from bot.storage.records import MemoryStore
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import (
    board,
    click_first,
    first_dm_turn,
    game_over,
    make_bot,
    play_out,
    seq_of,
)
from tests.doubles import ManualClock

START = 1_800_000_000.0
TIMED = Rules(play_to="time", minutes_to_play=30)


async def test_the_table_shows_the_time_left_and_the_game_ends_on_time(fake: FakeDiscord) -> None:
    # 000:88 # 002:72
    alice = fake.add_user("alice")
    general = fake.channel("general")
    clock = ManualClock(START)
    store = MemoryStore({fake.guild_id: TIMED})
    async with running(make_bot(fake, store=store, clock=clock), fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        ends = math.ceil(START + 30 * 60)
        shown = await fake.wait_for(
            lambda: (m := board(fake, general)) and "30 minutes left" in m.content and m,
            "the minutes left on the table message",
        )
        assert f"⏱ 30 minutes left in the game (it ends at <t:{ends}:t>)." in shown.content
        score = await fake.slash(alice, "spades", "score")
        assert "Playing for 30 minutes: the higher score when time is up wins." in score.text

        # Alice bids: the hand is under way when time runs out, so it is played out.
        await click_first(fake, alice, await first_dm_turn(fake, alice, -1, "a bid"))
        await clock.advance(30 * 60)
        said = await fake.wait_message(
            general, lambda m: m.content.startswith("Time is up: this hand is the last one")
        )
        assert "unless the scores are tied at its end" in said.content
        up = await fake.wait_for(
            lambda: (m := board(fake, general)) and "Time is up" in m.content and m,
            "time up on the table message",
        )
        # Time called is the game's next stored step: Alice's controls are drawn anew.
        called = seq_of(next(c for c in up.controls() if c["custom_id"].endswith(":hand")))
        await play_out(fake, [alice], general, after=called - 1)
        assert game_over(fake, general)
        final = board(fake, general)
        assert final is not None and final.content.startswith("**Game over on time.**")
        await fake.wait_message(
            general, lambda m: m.content.startswith("Time is up: the game ends on time.")
        )
