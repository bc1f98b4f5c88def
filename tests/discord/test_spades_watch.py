"""``/spades watch`` through the fake Discord server: what a spectator sees by the table's
``allow_watching`` (face down, face up, not at all), with ``show_all_hands``, and that a
seated member is refused."""

from __future__ import annotations

from bot.engine import Rules
from bot.render.text import hand_text
from bot.storage.records import MemoryStore
from bot.tables import Table, TableManager
from cogs._board import board_text
from devtools.fake_discord import FakeChannel, FakeDiscord, FakeUser, running
from tests.discord.spades_helpers import ONE_HAND, board, make_bot

WATCHING = "This table's rules don't allow watching."
SEATED = "You're playing at this table: use /spades hand."


async def one_card_in(
    fake: FakeDiscord, tables: TableManager, alice: FakeUser, channel: FakeChannel
) -> Table:
    """Alice and three bots at a table in ``channel``; she bids and plays one card, by
    commands, and the bots play on until her next turn."""
    await fake.slash(alice, "spades", "new", bots=3, channel=channel)
    await fake.slash(alice, "spades", "start", channel=channel)
    await tables.settle()
    await fake.slash(alice, "spades", "bid", tricks=3, channel=channel)
    await tables.settle()
    [card, *_] = await fake.autocomplete(
        alice, "spades", "play", focus="card", card="", channel=channel
    )
    await fake.slash(alice, "spades", "play", card=card["value"], channel=channel)
    await tables.settle()
    return tables.table_in(channel.id)


async def watch(fake: FakeDiscord, user: FakeUser, channel: FakeChannel) -> str:
    answer = await fake.slash(user, "spades", "watch", channel=channel)
    assert all(m.ephemeral for m in answer.responses)
    return answer.text


async def test_spectators_see_what_the_rules_allow(fake: FakeDiscord) -> None:
    alice, carol = fake.add_user("alice"), fake.add_user("carol")
    general, cards, lounge = fake.channel("general"), fake.channel("cards"), fake.channel("lounge")
    store = MemoryStore()
    async with running(make_bot(fake, store=store), fake) as bot:
        # A table keeps the server's rules of the moment it opened.
        store.rules[fake.guild_id] = ONE_HAND.with_option("allow_watching", "face_down")
        face_down = await one_card_in(fake, bot.tables, alice, general)
        store.rules[fake.guild_id] = ONE_HAND.with_option("allow_watching", "face_up")
        face_up = await one_card_in(fake, bot.tables, alice, cards)
        store.rules[fake.guild_id] = ONE_HAND.with_option("allow_watching", "no")
        await fake.slash(alice, "spades", "new", channel=lounge)

        seen = await watch(fake, carol, general)
        snapshot = face_down.snapshot()
        # What the table message shows, and the cards each seat has played this hand.
        assert set(board_text(snapshot).splitlines()) < set(seen.splitlines())
        assert "Played this hand:" in seen
        for name, played in zip(face_down.names, snapshot.played, strict=True):
            assert f"{name}: {' '.join(str(c) for c in played)}" in seen
        assert len(snapshot.played[0]) == 1
        assert "'s hand:" not in seen

        seen = await watch(fake, carol, cards)
        assert face_up.game is not None
        for name, hand in zip(face_up.names, face_up.game.hands, strict=True):
            assert f"{name}'s hand: {hand_text(hand, face_up.rules)}" in seen
        # Face up is for spectators only: the table message still shows no hand.
        shown = board(fake, cards)
        assert shown is not None and "'s hand:" not in shown.content

        assert await watch(fake, carol, lounge) == WATCHING
        # Seated members never see other hands, whatever the rules.
        for channel in (general, cards, lounge):
            assert await watch(fake, alice, channel) == SEATED


async def test_hands_face_up_for_everyone_show_once(fake: FakeDiscord) -> None:
    alice, carol = fake.add_user("alice"), fake.add_user("carol")
    general = fake.channel("general")
    rules = Rules(play_to="hands", hands_to_play=1, show_all_hands=True, allow_watching="face_up")
    async with running(make_bot(fake, store=MemoryStore({fake.guild_id: rules})), fake) as bot:
        table = await one_card_in(fake, bot.tables, alice, general)
        seen = await watch(fake, carol, general)
        assert table.game is not None
        lines = [
            f"{name}'s hand: {hand_text(hand, rules)}"
            for name, hand in zip(table.names, table.game.hands, strict=True)
        ]
        assert all(seen.count(line) == 1 for line in lines)
        # The same hands the table message shows everyone.
        await fake.wait_for(
            lambda: (b := board(fake, general)) and all(line in b.content for line in lines),
            "every hand on the table message",
        )
