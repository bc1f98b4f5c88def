"""The lobby's buttons on the table message through the fake Discord server: Join, Leave,
Add bot and Start, each refusal answered privately, a lobby open again after a restart,
stale lobby messages, and the buttons giving way to "My hand" once the cards are dealt."""

from __future__ import annotations

from bot.storage.records import MemoryStore
from cogs.spades import LOBBY_GONE
from devtools.fake_discord import FakeDiscord, FakeUser, RecordedMessage, running
from tests.discord.spades_helpers import ONE_HAND, board, make_bot

LOBBY_LABELS = ["Join", "Leave", "Start", "Add easy bot", "Add normal bot", "Add hard bot"]


async def lobby_message(fake: FakeDiscord, host: FakeUser) -> RecordedMessage:
    """``host`` opens a table in #general; its table message, as first posted."""
    general = fake.channel("general")
    before = board(fake, general)
    await fake.slash(host, "spades", "new")
    found = await fake.wait_for(
        lambda: (
            (b := board(fake, general))
            and b is not before
            and b.content.startswith("**Spades table**")
            and b
        ),
        "the lobby's table message",
    )
    return found.snapshot()


async def click(fake: FakeDiscord, user: FakeUser, message: RecordedMessage, label: str) -> str:
    """``user`` clicks ``label``; the answer, which only they saw."""
    answer = await fake.click(user, message, label)
    assert all(m.ephemeral for m in answer.responses), answer.text
    return answer.text


async def test_the_lobby_fills_and_starts_by_its_buttons(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        lobby = await lobby_message(fake, alice)
        assert [c["label"] for c in lobby.controls()] == LOBBY_LABELS
        # Seats on the first row, bots on the second: within Discord's five rows of five.
        assert [len(row["components"]) for row in lobby.components] == [3, 3]

        assert await click(fake, bob, lobby, "Join") == "You sit in seat 2."
        await fake.wait_for(lambda: "bob" in fake.by_id[lobby.id].content, "bob shown seated")
        table = bot.tables.table_in(general.id)
        before = table.snapshot()
        refusals = [
            (bob, "Join", "You already have a seat at this table."),
            (bob, "Add hard bot", "Only the host can do that."),
            (bob, "Start", "Only the host can do that."),
            (carol, "Leave", "You don't have a seat at this table."),
        ]
        for user, label, refused in refusals:
            assert await click(fake, user, lobby, label) == refused
        assert table.snapshot() == before

        assert await click(fake, alice, lobby, "Add hard bot") == "Bot 3 (hard) sits in seat 3."
        assert await click(fake, alice, lobby, "Add easy bot") == "Bot 4 (easy) sits in seat 4."
        full = await click(fake, alice, lobby, "Add normal bot")
        assert full == "The table is full."
        assert await click(fake, bob, lobby, "Leave") == "You left the table."

        dealt = await click(fake, alice, lobby, "Start")
        assert dealt.startswith("The cards are dealt. Bot 2 (normal) took the empty seat.")
        assert [s.name if s else None for s in table.seats] == [
            "alice",
            "Bot 2 (normal)",
            "Bot 3 (hard)",
            "Bot 4 (easy)",
        ]
        # The lobby's buttons give way to My hand (and, with bots seated, Why?) on the same
        # message.
        await fake.wait_for(
            lambda: [c["label"] for c in fake.by_id[lobby.id].controls()] == ["My hand", "Why?"],
            "My hand instead of the lobby's buttons",
        )
        # A click that raced the start, from the message as it was.
        assert await click(fake, carol, lobby, "Join") == "The game has already started."
        assert await click(fake, alice, lobby, "Start") == "The game has already started."


async def test_a_lobby_comes_back_after_a_restart_and_one_no_longer_shown_refuses(
    fake: FakeDiscord,
) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake):
        first = await lobby_message(fake, alice)
        assert await click(fake, bob, first, "Join") == "You sit in seat 2."
        await fake.wait_for(lambda: "bob" in fake.by_id[first.id].content, "bob shown seated")
        edits = fake.by_id[first.id].edits
    # The lobby is stored: after the restart it is open again on the same message, whose
    # buttons still work.
    async with running(make_bot(fake, store=store), fake) as bot:
        reopened = bot.tables.table_in(general.id)
        assert [s.name if s else None for s in reopened.seats] == ["alice", "bob", None, None]
        assert reopened.host_id == alice.id and reopened.message_id == first.id
        await fake.wait_for(lambda: fake.by_id[first.id].edits > edits, "the lobby redrawn")
        assert await click(fake, carol, first, "Join") == "You sit in seat 3."
        await fake.wait_for(lambda: "carol" in fake.by_id[first.id].content, "carol shown")
        # Once everyone has left, the lobby is closed and its buttons say so.
        for user in (alice, bob, carol):
            assert await click(fake, user, first, "Leave") == "You left the table."
        assert await click(fake, bob, first, "Join") == LOBBY_GONE
        assert store.lobbies == {}
        # Discord shows the new lobby message before the bot hears back from posting it:
        # clicks in that moment still tell the old message from the new one.
        fake.delay_answers("POST", "/channels/{channel}/messages", 0.4)
        lobby = await lobby_message(fake, alice)
        assert lobby.id != first.id
        assert await click(fake, bob, first, "Join") == LOBBY_GONE
        assert await click(fake, bob, lobby, "Join") == "You sit in seat 2."
        fake.delay_answers("POST", "/channels/{channel}/messages", 0)
        await click(fake, alice, lobby, "Start")
        table = bot.tables.table_in(general.id)
        assert table.table_id is not None
        # Dealt: the stored lobby made way for the stored game.
        assert store.lobbies == {}
    # A started table is stored: after this restart its message is found again, and a
    # lobby button left on it is refused as too late.
    async with running(make_bot(fake, store=store), fake) as bot:
        restored = bot.tables.table_by_id(table.table_id)
        assert restored.message_id == lobby.id
        assert await click(fake, bob, lobby, "Leave") == "The game has already started."
        assert restored.seat_of(bob.id) == 1  # still playing: no bot took his seat
        assert await click(fake, alice, lobby, "Add hard bot") == "The game has already started."
