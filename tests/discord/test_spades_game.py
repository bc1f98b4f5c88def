"""Whole games of /spades through the fake Discord server: one member and three bots by
commands and buttons, four members by DM buttons, and a member whose DMs are closed."""

from __future__ import annotations

import re

from bot.engine import PlayCard
from bot.storage.records import MemoryStore
from cogs._presenter import DMS_CLOSED_NOTE
from devtools.fake_discord import FakeDiscord, RecordedMessage, running
from tests.discord.spades_helpers import (
    ONE_HAND,
    action_controls,
    board,
    ephemerals,
    fresh,
    game_over,
    make_bot,
    play_out,
    seq_of,
)


async def test_one_member_and_three_bots_play_a_whole_game(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        opened = await fake.slash(alice, "spades", "new", bots=3)
        assert "Your table is open" in opened.text and opened.responses[0].ephemeral
        lobby = await fake.wait_message(general, lambda m: "Bot 4 (normal)" in m.content)
        assert lobby.content.startswith("**Spades table**")
        await fake.slash(alice, "spades", "start")

        # The hand comes by DM with a button for each legal bid; bid by command instead.
        dm = (
            await fake.wait_for(
                lambda: next((m for m in fake.dms(alice) if fresh(m, -1)), None), "alice's DM"
            )
        ).snapshot()
        assert "Your turn" in dm.text and "Nil" in [c.get("label") for c in dm.controls()]
        bidding = seq_of(action_controls(dm)[0])
        bid = await fake.slash(alice, "spades", "bid", tricks=3)
        assert bid.text == "Done: 3."

        # My hand on the table message shows the same controls, only to her.
        table_message = await fake.wait_for(lambda: board(fake, general), "the table message")
        assert "My hand" in [c.get("label") for c in table_message.controls()]
        shown = (
            await fake.wait_for(
                lambda: (m := fake.dms(alice)[-1]) and fresh(m, bidding) and m,
                "alice's first card",
            )
        ).snapshot()
        mine = await fake.click(alice, table_message, "My hand")
        assert mine.responses[0].ephemeral
        assert action_controls(mine.responses[0]) == action_controls(shown)

        # One card by command, chosen from the autocomplete of legal cards.
        legal = [c["custom_id"].rsplit(":c", 1)[1] for c in action_controls(shown)]
        choices = await fake.autocomplete(alice, "spades", "play", focus="card", card="")
        assert sorted(c["value"] for c in choices) == sorted(legal)
        played = await fake.slash(alice, "spades", "play", card=choices[0]["value"])
        assert played.text.startswith("Done: ")
        # The rest by buttons in her DMs, until the game is over.
        after = seq_of(action_controls(shown)[0])
        assert await play_out(fake, [alice], general, after) == 12

        final = board(fake, general)
        assert final is not None and game_over(fake, general)
        assert "win" in final.content and "Hand 1 scored" in final.content
        assert [c.get("label") for c in final.controls()] == ["Rematch"]
        [table_id] = store.tables
        history = store.tables[table_id].actions
        assert sum(isinstance(a, PlayCard) for a in history) == 52

        # The rematch deals a new game on a new table message.
        rematch = await fake.click(alice, final, "Rematch")
        assert "Rematch" in rematch.text
        await fake.wait_for(
            lambda: (b := board(fake, general)) is not None and b.id != final.id, "a new table"
        )
        assert fake.by_id[final.id].controls() == []
        assert bot.tables.table_in(general.id).table_id == table_id + 1


async def test_four_members_play_by_their_dms(fake: FakeDiscord) -> None:
    people = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(people[0], "spades", "new")
        for seat, member in enumerate(people[1:], start=2):
            assert (await fake.slash(member, "spades", "join")).text == f"You sit in seat {seat}."
        refused = await fake.slash(people[1], "spades", "start")
        assert refused.text == "Only the host can do that."
        await fake.slash(people[0], "spades", "start")

        # Each hand went to its member only: no one saw another's cards in a DM.
        def hands() -> list[set[str]] | None:
            shown = [_cards_held(fake.dms(member)) for member in people]
            return shown if all(shown) else None

        held = await fake.wait_for(hands, "every member's hand in their DMs")
        assert [len(cards) for cards in held] == [13] * 4
        assert len(set().union(*held)) == 52
        assert await play_out(fake, people, general) == 4 + 52
        assert game_over(fake, general)


def _cards_held(dms: list[RecordedMessage]) -> set[str]:
    """Every card shown in the hand line of these DMs (the line under whose turn it is)."""
    cards: set[str] = set()
    for message in dms:
        hand = message.text.splitlines()[1]
        if hand.startswith("**"):
            cards |= set(re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", hand))
    return cards


async def test_a_member_with_closed_dms_plays_from_ephemeral_hands(fake: FakeDiscord) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.close_dms(bob)
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(alice, "spades", "new", bots=2)
        await fake.slash(bob, "spades", "join")
        await fake.slash(alice, "spades", "start")
        # He is told once, ephemerally, and his hand shows there instead.
        told = await fake.wait_for(
            lambda: [m for m in ephemerals(fake, bob) if DMS_CLOSED_NOTE in m.text],
            "bob told his DMs are closed",
        )
        assert len(told) == 1
        assert await play_out(fake, [alice, bob], general) == 2 + 26
        assert fake.dms(bob) == [] and fake.dms(alice)
        later = [m for m in ephemerals(fake, bob) if m.id > told[0].id]
        assert later and not any(DMS_CLOSED_NOTE in m.text for m in later)
        # Every ephemeral hand he acted on was redrawn after his move, without controls.
        assert not any(fresh(m, -1) for m in ephemerals(fake, bob))
