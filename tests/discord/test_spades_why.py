"""``/spades why`` through the fake Discord server: a member at the table or watching it
asks why a bot moved and is answered privately, naming no card they cannot see; bad asks
get a short reason; after a restart the bot reads its reasons back from the store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.config import Settings
from bot.engine import Card
from bot.storage.records import MemoryStore
from bot.tables import Table
from devtools.fake_discord import FakeChannel, FakeDiscord, FakeUser, running
from tests.discord.spades_helpers import ONE_HAND, board, make_bot
from tests.discord.test_spades_restarts import next_turn
from tests.discord.test_spades_watch import one_card_in


async def why(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, **options: int) -> str:
    answer = await fake.slash(user, "spades", "why", channel=channel, **options)
    assert answer.responses and all(m.ephemeral for m in answer.responses)
    return answer.text


def unseen_by(table: Table, seat: int | None) -> list[Card]:
    """The cards the member in ``seat`` (``None``: a spectator) cannot see now."""
    view = table.view(seat or 0)
    seen = {c.index for c in view.hand or ()} if seat is not None else set()
    seen |= {c.index for cards in view.played for c in cards}
    return [Card.of(i) for i in range(52) if i not in seen]


async def test_why_answers_privately_from_the_bots_reasoning(fake: FakeDiscord) -> None:
    alice, carol = fake.add_user("alice"), fake.add_user("carol")
    general, lounge = fake.channel("general"), fake.channel("lounge")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3, channel=lounge)
        assert await why(fake, alice, lounge) == "The game has not started yet: no bot has moved."
        # Alice bids and plays a card; the three bots bid and play around her.
        table = await one_card_in(fake, bot.tables, alice, general)
        names = table.names
        # The last bot to move, by default; any bot by its seat; to a player or a spectator.
        for asker, seat, options in ((alice, 0, {}), (alice, 0, {"seat": 3}), (carol, None, {})):
            text = await why(fake, asker, general, **options)
            assert text.startswith(tuple(f"{name} played the " for name in names[1:]))
            assert not [c for c in unseen_by(table, seat) if str(c) in text]
            if options:
                assert text.startswith(f"{names[2]} played the ")

        # The table message's "Why?" button answers as the command does, only to the clicker.
        shown = board(fake, general)
        assert shown is not None
        clicked = await fake.click(carol, shown, "Why?")
        assert clicked.responses and all(m.ephemeral for m in clicked.responses)
        assert clicked.text == await why(fake, carol, general)

        assert await why(fake, alice, general, seat=1) == (
            "Seat 1 is played by alice, not a bot: ask them."
        )
        assert await why(fake, alice, general, seat=6) == "There is no seat 6 at this table."

        # A table that allows no watching answers only its players.
        store.rules[fake.guild_id] = ONE_HAND.with_option("allow_watching", "no")
        await fake.slash(alice, "spades", "stop", channel=lounge)
        await one_card_in(fake, bot.tables, alice, lounge)
        assert await why(fake, carol, lounge) == (
            "This table's rules don't allow watching, so only its players can ask why."
        )
        assert (await why(fake, alice, lounge)).startswith(tuple(names[1:]))


ASKED: list[dict[str, int]] = [{}, {"seat": 2}, {"seat": 3}, {"seat": 4}]


async def test_after_a_restart_the_bot_reads_its_reasons_back_from_the_store(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    path = tmp_path / "spades.sqlite3"
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]
    async with running(make_bot(fake, settings=settings), fake):
        await fake.slash(alice, "spades", "new", bots=3, channel=general)
        await fake.slash(alice, "spades", "start", channel=general)
        await fake.wait_for(lambda: next_turn(fake, alice, -1), "Alice's turn")
        before = [await why(fake, alice, general, **seat) for seat in ASKED]
    async with running(make_bot(fake, settings=settings), fake):
        await fake.wait_for(lambda: next_turn(fake, alice, -1), "Alice's turn")
        after = [await why(fake, alice, general, **seat) for seat in ASKED]
    # The last bot to move, each bot by its seat (those that have not bid yet say so).
    assert " bid " in before[0] and sum(" bid " in text for text in before) >= 2
    assert after == before

    # A reason stored in a form this code cannot read is one the bot can't recall.
    with sqlite3.connect(path) as db:
        db.execute("UPDATE actions SET reason_json = '{}' WHERE reason_json IS NOT NULL")
    async with running(make_bot(fake, settings=settings), fake):
        await fake.wait_for(lambda: next_turn(fake, alice, -1), "Alice's turn")
        forgotten = await why(fake, alice, general)
    assert forgotten == "I can't recall that move: I've restarted since it was made."


async def test_a_table_of_people_has_no_why_button(fake: FakeDiscord) -> None:
    people = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await fake.slash(people[0], "spades", "new", channel=general)
        for member in people[1:]:
            await fake.slash(member, "spades", "join", channel=general)
        await fake.slash(people[0], "spades", "start", channel=general)
        await bot.tables.settle()
        shown = board(fake, general)
        assert shown is not None
        assert [c["label"] for c in shown.controls()] == ["My hand"]
        assert await why(fake, people[1], general) == "No bot has moved yet this game."
