"""A Mo declared through Discord (000:145, 002:90): its own buttons in the member's DM, the
table message naming the side that declared, and the game played out after it."""

from __future__ import annotations

from bot.storage.records import MemoryStore
from devtools.fake_discord import FakeDiscord, RecordedMessage, running
from tests.discord.spades_helpers import (
    ONE_HAND,
    board,
    click_until,
    game_over,
    make_bot,
    play_out,
    seq_of,
)


def labels_of(message: RecordedMessage) -> list[object]:
    return [c.get("label") for c in message.controls()]


async def test_a_member_declares_big_mo_by_its_button(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    # Two hands: the dealer moves on, so in one of them alice bids before her partner (and
    # no Blind Nil, whose "Look at my cards" button would be open out of turn).
    rules = ONE_HAND.model_copy(update={"mo": "mo", "hands_to_play": 2, "blind_nil": "never"})
    async with running(make_bot(fake, store=MemoryStore({fake.guild_id: rules})), fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        dm = await click_until(
            fake, alice, lambda m: "Declare Big Mo" in labels_of(m), "alice's turn"
        )
        labels = labels_of(dm)
        assert "Declare Little Mo" in labels and "Nil" in labels
        answer = await fake.click(alice, dm, "Declare Big Mo")
        assert "earlier moment" not in answer.text
        shown = await fake.wait_for(
            lambda: (m := board(fake, general)) and "declared Big Mo" in m.content and m,
            "the table message naming the Big Mo",
        )
        assert "alice & Bot 3 (normal) declared Big Mo." in shown.content
        await play_out(fake, [alice], general, after=seq_of(dm.controls()[0]))
        assert game_over(fake, general)


async def test_a_member_lowers_a_counter_bid_by_its_button(fake: FakeDiscord) -> None:
    """000:18 Counter Bidding through Discord: in the hand where alice's side bid first she
    bids 3, then gets "Lower by" buttons beside "Keep my bid"; "Lower by 1" makes it 2 on the
    table message."""
    alice = fake.add_user("alice")
    general = fake.channel("general")
    rules = ONE_HAND.model_copy(
        update={"counter_bidding": True, "hands_to_play": 2, "blind_nil": "never"}
    )
    async with running(make_bot(fake, store=MemoryStore({fake.guild_id: rules})), fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        dm = await click_until(
            fake, alice, lambda m: "Lower by 1" in labels_of(m), "alice's turn", prefer="3"
        )
        labels = labels_of(dm)
        assert "Keep my bid" in labels and "Lower by 2" in labels
        answer = await fake.click(alice, dm, "Lower by 1")
        assert "earlier moment" not in answer.text
        await fake.wait_for(
            lambda: (m := board(fake, general)) and "alice — bid 2," in m.content and m,
            "the table message showing the lowered bid",
        )
        await play_out(fake, [alice], general, after=seq_of(dm.controls()[0]))
        assert game_over(fake, general)
