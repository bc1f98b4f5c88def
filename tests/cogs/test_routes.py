"""Which route reaches a member (issue 21, scale): their latest interaction's token while it
lives and its follow-ups land where the message must, else the budget, turns first."""

from __future__ import annotations

import datetime

import aiohttp
import discord
import pytest

import cogs._live
from cogs._budget import Budget
from cogs._live import LiveChannel, LiveMessage, Picture, Token
from cogs._presenter import Delivery, Lands, delivery, free_route

NOW = datetime.datetime(2026, 11, 27, 1, 0, tzinfo=datetime.UTC)
TABLE_CHANNEL = 7
MINUTE = datetime.timedelta(minutes=1)


def token(session: aiohttp.ClientSession, *, in_dm: bool, channel_id: int = TABLE_CHANNEL) -> Token:
    webhook = discord.Webhook.partial(1, "interaction-token", session=session)
    return Token(webhook, NOW + MINUTE, channel_id, in_dm=in_dm)


async def test_a_live_token_from_a_dm_carries_the_dm_hand_and_its_turn() -> None:
    async with aiohttp.ClientSession() as session:
        dm = token(session, in_dm=True, channel_id=99)
        assert free_route(dm, Lands.DM, TABLE_CHANNEL, NOW) is dm
        assert delivery(dm, Lands.DM, TABLE_CHANNEL, turn=True, now=NOW) == Delivery(dm, False)
        # Its follow-ups land in the DMs, not at the table: a mention there takes the budget.
        assert free_route(dm, Lands.CHANNEL, TABLE_CHANNEL, NOW) is None
        # Shown to the member alone, anywhere will do.
        assert free_route(dm, Lands.EPHEMERAL, TABLE_CHANNEL, NOW) is dm


async def test_a_token_from_the_tables_channel_carries_mentions_there_but_no_dm() -> None:
    async with aiohttp.ClientSession() as session:
        here = token(session, in_dm=False)
        assert free_route(here, Lands.CHANNEL, TABLE_CHANNEL, NOW) is here
        assert free_route(here, Lands.EPHEMERAL, TABLE_CHANNEL, NOW) is here
        # A new DM, the only thing that rings there, needs the bot's own route.
        assert delivery(here, Lands.DM, TABLE_CHANNEL, turn=True, now=NOW) == Delivery(None, True)
        elsewhere = token(session, in_dm=False, channel_id=TABLE_CHANNEL + 1)
        assert free_route(elsewhere, Lands.CHANNEL, TABLE_CHANNEL, NOW) is None


async def test_an_expired_token_falls_back_to_the_budget_turns_first() -> None:
    async with aiohttp.ClientSession() as session:
        dm = token(session, in_dm=True)
        later = NOW + 2 * MINUTE
        assert not dm.live(later)
        for lands in Lands:
            assert free_route(dm, lands, TABLE_CHANNEL, later) is None
        # With no free route, a turn goes before the other requests waiting for the budget;
        # a hand dealt while others act waits its turn with them.
        assert delivery(dm, Lands.DM, TABLE_CHANNEL, turn=True, now=later) == Delivery(None, True)
        assert delivery(None, Lands.DM, TABLE_CHANNEL, turn=False, now=NOW) == Delivery(None, False)


async def no_channel() -> LiveChannel:
    raise AssertionError("a live token carries the message: no DM is opened")


async def test_a_live_message_with_a_live_token_takes_nothing_of_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    posted: list[str] = []

    class Hook:
        """Stands for the interaction's webhook, through which the token route posts."""

    async def post(webhook: Hook, picture: Picture, *, silent: bool) -> int:
        """What the token route sends: a follow-up posted through ``webhook``."""
        assert isinstance(webhook, Hook)
        posted.append(picture.content)
        return 1234

    monkeypatch.setattr(cogs._live, "post_follow_up", post)
    budget = Budget(rate=0.001, burst=1)
    await budget.take()  # the bucket is empty: a request that waited for it would hang
    live_token = Token(
        Hook(),  # type: ignore[arg-type]
        discord.utils.utcnow() + MINUTE,
        TABLE_CHANNEL,
        in_dm=True,
    )
    message = LiveMessage(no_channel, interval=0, budget=budget, token=live_token)
    message.show(Picture("your turn"), urgent=True)
    await message.settle()
    assert posted == ["your turn"] and message.message_id == 1234
    assert message.free == 1 and budget.taken == 1
