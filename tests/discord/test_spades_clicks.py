"""Clicks that must not act twice or for the wrong member: stale, foreign and simultaneous
clicks, and a game that keeps going while Discord rate-limits the bot."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import urgency
from bot.engine import Action, Bid
from bot.relay import ForwardedClick
from bot.storage.records import MemoryStore
from devtools.fake_discord import (
    DEFERRED_UPDATE,
    UPDATE,
    FakeDiscord,
    FakeUser,
    RecordedMessage,
    running,
)
from tests.discord.spades_helpers import (
    ONE_HAND,
    action_controls,
    board,
    fresh,
    game_over,
    make_bot,
    play_out,
    seq_of,
)

STALE = "That was for an earlier moment of the game: the table has moved on."


async def start_with_bots(fake: FakeDiscord, alice: FakeUser) -> RecordedMessage:
    """Alice and three bots; returns her first DM with controls, as it was then."""
    await fake.slash(alice, "spades", "new", bots=3)
    await fake.slash(alice, "spades", "start")
    dm = await fake.wait_for(
        lambda: next((m for m in fake.dms(alice) if fresh(m, -1)), None), "alice's turn"
    )
    return dm.snapshot()


async def next_turn(fake: FakeDiscord, user: FakeUser, after: int) -> RecordedMessage:
    dm = await fake.wait_for(
        lambda: next((m for m in fake.dms(user) if fresh(m, after)), None), f"{user.name}'s turn"
    )
    return dm.snapshot()


async def test_a_button_from_before_the_trick_moved_on_is_refused(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake):
        bidding = await start_with_bots(fake, alice)
        await fake.click(alice, bidding, "Nil")
        first_card = await next_turn(fake, alice, seq_of(action_controls(bidding)[0]))
        await fake.click(alice, first_card, action_controls(first_card)[0]["custom_id"])
        await next_turn(fake, alice, seq_of(action_controls(first_card)[0]))
        [table_id] = store.tables
        before = store.tables[table_id].actions
        for old, target in ((bidding, ":b3"), (first_card, action_controls(first_card)[-1])):
            answer = await fake.click(
                alice, old, target["custom_id"] if isinstance(target, dict) else target
            )
            assert answer.text == STALE and answer.responses[0].ephemeral
        assert store.tables[table_id].actions == before


async def test_a_member_without_a_seat_cannot_act_or_see_a_hand(fake: FakeDiscord) -> None:
    alice, carol = fake.add_user("alice"), fake.add_user("carol")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake):
        bidding = await start_with_bots(fake, alice)
        [table_id] = store.tables
        before = store.tables[table_id].actions  # the bots' bids: the table waits for alice
        # A forwarded control acts for the clicker's own seat, and carol has none.
        answer = await fake.click(carol, bidding, "Nil")
        assert answer.text == "You don't have a seat at this table."
        table_message = await fake.wait_for(lambda: board(fake, general), "the table message")
        mine = await fake.click(carol, table_message, "My hand")
        assert mine.text == "You don't have a seat at this table."
        assert (await fake.slash(carol, "spades", "bid", tricks=2)).text == mine.text
        assert store.tables[table_id].actions == before
        # The spectator's view of the table shows no hand.
        assert "Your hand" not in table_message.text


async def test_two_clicks_at_once_act_once(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake):
        bidding = await start_with_bots(fake, alice)
        answers = await asyncio.gather(
            fake.click(alice, bidding, "Nil"), fake.click(alice, bidding, ":b4")
        )
        refused = [a for a in answers if a.text == STALE]
        assert len(refused) == 1
        [table_id] = store.tables
        # Alice hosts, in seat 1 (index 0): one bid of hers was stored, the one answered.
        bids = [a for a in store.tables[table_id].actions if isinstance(a, Bid) and a.seat == 0]
        accepted = next(a for a in answers if a.text != STALE)
        # Answered by showing the move made on the hand message itself (UPDATE), or, when a
        # newer hand message already took over, by a silent acknowledgement.
        assert len(bids) == 1 and accepted.callback_type in (UPDATE, DEFERRED_UPDATE)


async def test_the_game_goes_on_through_rate_limits(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        # Table edits, posts and DMs, and interaction answers each meet a 429 or two.
        fake.rate_limit("PATCH", "/webhooks/{app}/{token}/messages/{message}", times=3)
        fake.rate_limit("POST", "/channels/{channel}/messages", times=2)
        fake.rate_limit("POST", "/interactions/{interaction}/{token}/callback", times=2)
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        assert await play_out(fake, [alice], general) == 14
        assert game_over(fake, general)
        limited = {method for method, _ in fake.rate_limited}
        assert limited == {"PATCH", "POST"} and len(fake.rate_limited) == 7


async def test_a_dm_click_forwarded_twice_acts_once_and_is_not_called_stale(
    fake: FakeDiscord,
) -> None:
    """The relay may deliver one forwarded DM click twice to the process running its table
    (issue 21, defect 9b): the second is the same click (the same interaction), neither
    acted on again nor answered "That was for an earlier moment"."""
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        bidding = await start_with_bots(fake, alice)
        [table_id] = store.tables
        store_before = store.tables[table_id].actions
        before = len(store_before)
        # The interaction the forwarding process acknowledged: its follow-ups reach alice.
        clicked = await fake.slash(alice, "spades", "rules")
        _, table, seq, code = action_controls(bidding)[0]["custom_id"].split(":")
        click = ForwardedClick(int(table), int(seq), code, alice.id, fake.app_id, clicked.token)
        cog: Any = bot.get_cog("SpadesCog")
        owner = cog.forwarded
        assert await owner.take(click) and await owner.take(click)
        await asyncio.gather(*owner._tasks)  # both handled, acted on or not
        actions = store.tables[table_id].actions
        assert actions[:before] == store_before and len(actions) > before
        assert sum(1 for a in actions if isinstance(a, Bid) and a.seat == 0) == 1
        assert not any(STALE in message.text for message in clicked.followups)


class MarkedStore(MemoryStore):
    """The in-memory store, noting for each action stored whether the task storing it was
    marked to go first (``bot.urgency``): a member's move, or a bot's (with a reason)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.marks: list[tuple[bool, bool]] = []  # (a bot's move, marked)

    async def append_action(
        self, table_id: int, seq: int, action: Action, reason: str | None = None
    ) -> None:
        self.marks.append((reason is not None, urgency.is_urgent()))
        await super().append_action(table_id, seq, action, reason)


async def test_a_forwarded_dm_click_goes_first_until_it_is_made(fake: FakeDiscord) -> None:
    """The process running the table takes a forwarded DM click as it takes its own: the
    move is made with the click's mark (so ``UrgentFirstLoop`` runs it first), and the
    bots' moves that follow are not."""
    alice = fake.add_user("alice")
    store = MarkedStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        bidding = await start_with_bots(fake, alice)
        clicked = await fake.slash(alice, "spades", "rules")
        _, table, seq, code = action_controls(bidding)[0]["custom_id"].split(":")
        click = ForwardedClick(int(table), int(seq), code, alice.id, fake.app_id, clicked.token)
        owner: Any = bot.get_cog("SpadesCog").forwarded  # type: ignore[union-attr]
        before = len(store.marks)
        taken = asyncio.get_running_loop().create_task(owner.take(click))
        assert await taken
        await asyncio.gather(*owner._tasks)
        await next_turn(fake, alice, int(seq))
        made = store.marks[before:]
        assert made[0] == (False, True)  # her move, marked
        assert made[1:] and all(marks == (True, False) for marks in made[1:])  # the bots'
