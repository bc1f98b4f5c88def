"""A click's objects go by reference counting once it is answered, never waiting for the
garbage collector: the interaction discord.py parsed (with the clicked message it holds)
and the view it rebuilt from that message to find the control."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import discord
import pytest

from bot.storage.records import MemoryStore
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import ONE_HAND, action_controls, bid_three_by_dm, make_bot


async def test_a_clicks_interaction_and_view_are_freed_with_the_collector_off(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    rebuilt: list[weakref.ref[Any]] = []
    from_message = discord.ui.View.from_message

    def recording(message: discord.Message, /, *, timeout: float | None = 180.0) -> Any:
        view = from_message(message, timeout=timeout)
        rebuilt.append(weakref.ref(view))
        return view

    monkeypatch.setattr(discord.ui.View, "from_message", recording)
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        _bid, playing = await bid_three_by_dm(fake, alice)
        await bot.tables.settle()
        gc.collect()
        rebuilt.clear()
        gc.disable()
        try:
            record = await fake.click(alice, playing, action_controls(playing)[0]["custom_id"])

            def interactions() -> list[discord.Interaction[Any]]:
                return [
                    thing
                    for thing in gc.get_objects()
                    if isinstance(thing, discord.Interaction) and thing.id == record.id
                ]

            assert record.answered_at is not None
            # Its task ends soon after the answer; then nothing of it is left.
            await fake.wait_for(lambda: not interactions(), "the click's interaction freed")
            assert len(rebuilt) == 1 and rebuilt[0]() is None
        finally:
            gc.enable()
