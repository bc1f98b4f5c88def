"""Turns that ring, through the fake Discord server (issue 11, parts 1-3): a member's turn
notifies them once (a new DM, or a mention in the channel when their DMs are closed or they
chose the channel), a member with closed DMs is told so once, a waiting member's hand is
never older than the last completed trick, a superseded hand loses its controls, the ping
choice survives a restart, and a restart edits the hand messages already sent."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.engine import Event, HandDealt, TrickWon
from bot.storage.records import MemoryStore, StorageFailed
from bot.tables import Notice, Shown, TableStatus
from cogs._presenter import DMS_CLOSED_NOTE, DiscordPresenter
from devtools.fake_discord import (
    UPDATE,
    FakeChannel,
    FakeDiscord,
    FakeUser,
    RecordedMessage,
    running,
)
from tests.discord.spades_helpers import (
    CONTROL_ID,
    ONE_HAND,
    action_controls,
    click_first,
    ephemerals,
    fresh,
    game_over,
    hands,
    make_bot,
    one_hand_rules,
    play_out,
    seq_of,
)

CLOSED_NOTICE = "I can't send you DMs"


class Renders:
    """A presenter told after the bot's: for each member, every hand picture the bot could
    draw for them since the last completed trick (their hand message may show any of these,
    and nothing older)."""

    def __init__(self, presenter: DiscordPresenter) -> None:
        self.presenter = presenter
        self.allowed: dict[int, set[str]] = {}

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        if table.status is not TableStatus.PLAYING:
            return
        trick_end = any(isinstance(e, TrickWon | HandDealt) for e in events)
        for seat, user_id in table.member_seats():
            if trick_end or user_id not in self.allowed:
                self.allowed[user_id] = set()
            self.allowed[user_id].add(self.presenter.hand_picture(table, seat).content)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        return None

    async def notice(self, table: Shown, notice: Notice) -> None:
        return None


def acts(components: list[dict[str, Any]]) -> bool:
    """Whether these components hold a control that acts (not My hand or Rematch)."""
    pending = list(components)
    while pending:
        component = pending.pop()
        custom_id = component.get("custom_id", "")
        if CONTROL_ID.fullmatch(custom_id) and not custom_id.endswith((":hand", ":rematch")):
            return True
        pending += component.get("components", [])
    return False


def pings(fake: FakeDiscord, channel: FakeChannel, user: FakeUser) -> list[RecordedMessage]:
    """Every turn mention of ``user`` the bot posted in ``channel``, deleted or not."""
    return [
        m for m in fake.created(channel) if m.content.startswith(f"<@{user.id}> it's your turn")
    ]


def presenter_of(bot: Any) -> DiscordPresenter:
    """The spades cog's presenter (the extension's own copy of the module made it)."""
    cog = bot.get_cog("SpadesCog")
    assert cog is not None
    presenter: DiscordPresenter = cog.presenter
    return presenter


async def test_four_members_one_with_closed_dms_each_notified_once_per_turn(
    fake: FakeDiscord,
) -> None:
    people = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    alice, bob = people[0], people[1]
    open_dms = [p for p in people if p is not bob]
    fake.close_dms(bob)
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        renders = Renders(presenter_of(bot))
        bot.tables.add_presenter(renders)
        await fake.slash(alice, "spades", "new")
        for member in people[1:]:
            await fake.slash(member, "spades", "join")
        await fake.slash(alice, "spades", "start")

        def up_to_date() -> bool:
            for member in open_dms:
                dms = fake.dms(member)
                if not dms or dms[-1].content not in renders.allowed.get(member.id, set()):
                    return False
                # A superseded hand message has lost its controls.
                if any(action_controls(m) for m in dms[:-1]):
                    return False
            return True

        last = -1

        def turn() -> tuple[FakeUser, RecordedMessage] | bool:
            if game_over(fake, general):
                return True
            for member in people:
                for message in reversed(hands(fake, member)):
                    if fresh(message, last):
                        return member, message
            return False

        acted = 0
        while (found := await fake.wait_for(turn, "a turn or the game's end")) is not True:
            assert isinstance(found, tuple)
            member, message = found
            # Before anyone acts: no hand message is older than the last completed trick.
            await fake.wait_for(up_to_date, "every hand message up to date")
            assert sum(not m.deleted for m in pings(fake, general, bob)) <= 1
            last = seq_of(await click_first(fake, member, message.snapshot()))
            acted += 1
        assert acted == 4 + 52

        [table_id] = store.tables
        actions = store.tables[table_id].actions
        seats = {p.id: bot.tables.table_by_id(table_id).seat_of(p.id) for p in people}
        turns = {p.id: sum(a.seat == seats[p.id] for a in actions) for p in people}
        assert sum(turns.values()) == acted
        for member in open_dms:
            created = fake.created_dms(member)
            rings = [m for m in created if acts(m.created_components)]
            # One new DM per turn, and at most one more: the deal, when it was not theirs,
            # which came silently. Only the turns notified.
            assert len(rings) == turns[member.id], member.name
            assert len(created) - len(rings) <= 1, member.name
            assert [m for m in created if m.notifies] == rings, member.name
            assert not any(m.deleted for m in created)
            assert not pings(fake, general, member)
        # Bob's DMs are closed: told once, in the channel, with a mention and what to do.
        told = [m for m in fake.created(general) if CLOSED_NOTICE in m.content]
        assert len(told) == 1 and told[0].content.startswith(f"<@{bob.id}>")
        assert "My hand" in told[0].content and fake.dms(bob) == []
        # Then one mention per turn, the notice counting for the first when it was his.
        first_his = actions[0].seat == seats[bob.id]
        assert len(pings(fake, general, bob)) == turns[bob.id] - first_his
        assert all(m.notifies for m in [*told, *pings(fake, general, bob)])
        # Each mention was deleted once his turn had passed.
        await fake.wait_for(
            lambda: all(m.deleted for m in pings(fake, general, bob)), "the last mention gone"
        )


async def alice_on_disk(
    fake: FakeDiscord, tmp_path: Path
) -> tuple[FakeUser, FakeChannel, Settings]:
    """Alice, the general channel, and settings for a bot that keeps its SQLite file in
    ``tmp_path`` across restarts (the server's rules: one hand)."""
    path = tmp_path / "spades.sqlite3"
    await one_hand_rules(path, fake.guild_id)
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]
    return fake.add_user("alice"), fake.channel("general"), settings


async def test_the_ping_choice_is_stored_and_honoured_after_a_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice, general, settings = await alice_on_disk(fake, tmp_path)
    async with running(make_bot(fake, settings=settings), fake):
        chosen = await fake.slash(alice, "spades", "pings", where="channel")
        assert chosen.responses[0].ephemeral and "mentioned in the table's channel" in chosen.text

    restarted = make_bot(fake, settings=settings)
    async with running(restarted, fake):
        assert restarted.store is not None and await restarted.store.pings(alice.id) == "channel"
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        last = -1
        for turn in range(1, 5):
            message = await fake.wait_for(
                lambda last=last: next(
                    (m.snapshot() for m in fake.dms(alice) if fresh(m, last)), None
                ),
                "alice's turn",
            )
            # Her turn is a mention in the channel; her hand stays one DM, edited in place.
            await fake.wait_for(
                lambda turn=turn: len(pings(fake, general, alice)) == turn,
                "a mention for this turn",
            )
            [hand] = fake.created_dms(alice)
            assert not hand.notifies
            last = seq_of(await click_first(fake, alice, message))
        # Back to DMs: her next turn brings a new DM, and the last mention goes.
        back = await fake.slash(alice, "spades", "pings", where="dm")
        assert "new DM" in back.text
        message = await fake.wait_for(
            lambda: next((m.snapshot() for m in fake.dms(alice) if fresh(m, last)), None),
            "alice's turn",
        )
        await click_first(fake, alice, message)
        ring = await fake.wait_for(
            lambda: next(
                (m for m in fake.created_dms(alice)[1:] if acts(m.created_components)), None
            ),
            "a new DM for her turn",
        )
        assert ring.channel.recipient is alice and ring.notifies
        await fake.wait_for(
            lambda: all(m.deleted for m in pings(fake, general, alice)), "the mention gone"
        )


async def test_a_mention_live_when_the_bot_stops_is_deleted_after_the_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice, general, settings = await alice_on_disk(fake, tmp_path)
    async with running(make_bot(fake, settings=settings), fake):
        await fake.slash(alice, "spades", "pings", where="channel")
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        # Her turn: a mention in the channel, live when the bot stops.
        await fake.wait_for(lambda: len(pings(fake, general, alice)) == 1, "her turn mentioned")
        [live] = pings(fake, general, alice)

    restarted = make_bot(fake, settings=settings)
    async with running(restarted, fake):
        # The restarted bot rings her turn again, and deletes the mention left live first.
        await fake.wait_for(lambda: len(pings(fake, general, alice)) == 2, "her turn again")
        await fake.wait_for(lambda: fake.by_id[live.id].deleted, "the old mention deleted")
        assert most_live_mentions(fake, general) == 1
        assert not pings(fake, general, alice)[-1].deleted
        # The hand played out: every mention is deleted, and so is what the store kept.
        await play_out(fake, [alice], general)
        assert game_over(fake, general)
        await fake.wait_for(
            lambda: all(m.deleted for m in pings(fake, general, alice)), "every mention gone"
        )
        store = restarted.store
        assert store is not None
        (table,) = await store.open_tables()
        for _ in range(200):
            if not await store.mentions(table.table_id):
                break
            await asyncio.sleep(0.01)
        assert await store.mentions(table.table_id) == []


async def test_a_restart_edits_the_hand_messages_already_sent(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    general = fake.channel("general")
    path = tmp_path / "spades.sqlite3"
    await one_hand_rules(path, fake.guild_id)
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]
    async with running(make_bot(fake, settings=settings), fake):
        await fake.slash(alice, "spades", "new", bots=2)
        await fake.slash(bob, "spades", "join")
        await fake.slash(alice, "spades", "start")
        # Play until one of them is to play a card, with both hands sent.
        last = -1
        while True:
            member, message = await fake.wait_for(
                lambda last=last: next(
                    (
                        (u, m.snapshot())
                        for u in (alice, bob)
                        for m in fake.dms(u)
                        if fresh(m, last)
                    ),
                    None,
                ),
                "a member's turn",
            )
            if (
                ":c" in action_controls(message)[0]["custom_id"]
                and fake.dms(alice)
                and fake.dms(bob)
            ):
                break
            last = seq_of(await click_first(fake, member, message))
        before = {u.id: [(m.id, m.edits) for m in fake.created_dms(u)] for u in (alice, bob)}

    restarted = make_bot(fake, settings=settings)
    async with running(restarted, fake):
        # Every member's newest hand message is edited again; none is sent anew.
        for user in (alice, bob):
            newest_id, edits = before[user.id][-1]
            await fake.wait_for(
                lambda newest_id=newest_id, edits=edits: fake.by_id[newest_id].edits > edits,
                f"{user.name}'s hand redrawn",
            )
            assert [m.id for m in fake.created_dms(user)] == [i for i, _ in before[user.id]]
        # The turn's controls on the message sent before the restart still play, and the
        # answer shows the move on that same message.
        answer = await fake.click(member, message, action_controls(message)[0]["custom_id"])
        assert answer.callback_type == UPDATE
        await play_out(fake, [alice, bob], general, after=seq_of(action_controls(message)[0]))
        assert game_over(fake, general)
        for user in (alice, bob):
            # Each superseded hand message lost its controls.
            assert not any(action_controls(m) for m in fake.dms(user))
            assert sum(acts(m.created_components) for m in fake.created_dms(user)) > 1


async def test_a_member_who_leaves_keeps_no_live_mention_or_controls(fake: FakeDiscord) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(alice, "spades", "new", bots=2)
        await fake.slash(bob, "spades", "join")
        await fake.slash(bob, "spades", "pings", where="channel")
        await fake.slash(alice, "spades", "start")
        # Alice plays until it is Bob's turn, mentioned in the channel.
        last = -1
        while not any(not m.deleted for m in pings(fake, general, bob)):
            found = await fake.wait_for(
                lambda last=last: (
                    next((m.snapshot() for m in fake.dms(alice) if fresh(m, last)), None)
                    or any(not m.deleted for m in pings(fake, general, bob))
                ),
                "alice's turn or bob's mention",
            )
            if isinstance(found, RecordedMessage):
                last = seq_of(await click_first(fake, alice, found))
        left = await fake.slash(bob, "spades", "leave")
        assert left.responses[0].ephemeral
        await fake.wait_for(
            lambda: all(m.deleted for m in pings(fake, general, bob)), "bob's mention gone"
        )
        await fake.wait_for(
            lambda: not any(action_controls(m) for m in fake.dms(bob)), "bob's controls gone"
        )


def most_live_mentions(fake: FakeDiscord, channel: FakeChannel) -> int:
    """Replay the messages' posts and deletions in the order Discord made them, by any route
    (the bot's, or an interaction's follow-ups): the most turn mentions live in ``channel``
    at once (each live from its post until its deletion)."""
    live: set[int] = set()
    most = 0
    for happened, message in fake.timeline:
        if message.channel.id != channel.id or message.ephemeral:
            continue
        if " it's your turn" not in message.content:
            continue
        if happened == "created":
            live.add(message.id)
        else:
            live.discard(message.id)
        most = max(most, len(live))
    return most


async def test_a_turn_mention_is_gone_before_the_next_members_is_posted(
    fake: FakeDiscord,
) -> None:
    """Four members who all chose channel mentions (issue 21, defect 9e): when one's turn
    passes to another, the old mention is deleted before the new one is posted, whichever
    member's hand the table tells of first, so at most one is ever live in the channel."""
    people = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        for member in people:
            await fake.slash(member, "spades", "pings", where="channel")
        await fake.slash(people[0], "spades", "new")
        for member in people[1:]:
            await fake.slash(member, "spades", "join")
        await fake.slash(people[0], "spades", "start")
        await play_out(fake, people, general)
        assert game_over(fake, general)

        def mentions() -> list[RecordedMessage]:
            return [m for p in people for m in pings(fake, general, p)]

        # One mention a turn, each gone once its turn passed (they may lag fast clicks).
        await fake.wait_for(
            lambda: len(mentions()) == 4 + 52 and all(m.deleted for m in mentions()),
            "every turn's mention posted and gone",
        )
    assert most_live_mentions(fake, general) == 1


async def test_a_closed_dm_members_ephemeral_hand_shows_each_tricks_end(
    fake: FakeDiscord,
) -> None:
    """Bob's DMs are closed, so his hand comes as ephemeral follow-ups, a new one on his
    turn (issue 21, defect 9a): between his turns the newest is edited as a DM hand is, so
    it never shows a state older than the last completed trick."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.close_dms(bob)
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        renders = Renders(presenter_of(bot))
        bot.tables.add_presenter(renders)
        await fake.slash(alice, "spades", "new")
        await fake.slash(bob, "spades", "join")
        await fake.slash(alice, "spades", "start", bots=True)

        def pushed() -> RecordedMessage | None:
            """Bob's newest hand sent ephemerally."""
            sent = [m for m in ephemerals(fake, bob) if "```\nHand " in m.content]
            return sent[-1] if sent else None

        def up_to_date() -> bool:
            newest = pushed()
            if newest is None:
                return False
            shown = newest.content.removeprefix(DMS_CLOSED_NOTE + "\n")
            return shown in renders.allowed.get(bob.id, set())

        checked, last = 0, -1

        def turn() -> tuple[FakeUser, RecordedMessage] | bool:
            if game_over(fake, general):
                return True
            for member in (alice, bob):
                for message in reversed(hands(fake, member)):
                    if fresh(message, last):
                        return member, message
            return False

        while (found := await fake.wait_for(turn, "a turn or the game's end")) is not True:
            assert isinstance(found, tuple)
            member, message = found
            await fake.wait_for(up_to_date, "bob's ephemeral hand up to date")
            checked += 1
            last = seq_of(await click_first(fake, member, message.snapshot()))
        # Both members' turns, a bid and 13 cards each.
        assert checked == 2 * (1 + 13)
        assert any(m.edits for m in ephemerals(fake, bob) if "```\nHand " in m.content)


async def test_the_closed_dms_notice_is_posted_once_a_table_across_restarts(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Bob's DMs are closed (issue 21, defect 9d): he is told so once at the table, not
    again after each restart, and never once the game is over (it promises mentions)."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.close_dms(bob)
    general = fake.channel("general")
    path = tmp_path / "spades.sqlite3"
    await one_hand_rules(path, fake.guild_id)
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]

    def told() -> list[RecordedMessage]:
        return [m for m in fake.created(general) if CLOSED_NOTICE in m.content]

    def dm_tries() -> int:
        dm = fake.dm_channels.get(bob.id)
        return 0 if dm is None else fake.requests.count(("POST", f"/channels/{dm.id}/messages"))

    async with running(make_bot(fake, settings=settings), fake):
        await fake.slash(alice, "spades", "new")
        await fake.slash(bob, "spades", "join")
        await fake.slash(alice, "spades", "start", bots=True)
        await fake.wait_for(told, "bob told his DMs are closed")
    tried = dm_tries()

    async with running(make_bot(fake, settings=settings), fake):
        # Back after a restart: his hand is tried by DM again, refused, and he plays on.
        await fake.wait_for(lambda: dm_tries() > tried, "bob's hand tried by DM again")
        await fake.slash(bob, "spades", "hand")
        await play_out(fake, [alice, bob], general)
        assert game_over(fake, general)
    tried = dm_tries()

    async with running(make_bot(fake, settings=settings), fake):
        # The game over is shown again, and his hand tried by DM: nothing promises mentions.
        await fake.wait_for(lambda: dm_tries() > tried, "bob's hand tried by DM after the end")
    # Closing waited for every notice to go out: still the one.
    assert len(told()) == 1


async def test_forgetme_deletes_the_members_live_turn_mention(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    alice, general, settings = await alice_on_disk(fake, tmp_path)
    spades = make_bot(fake, settings=settings)
    async with running(spades, fake):
        await fake.slash(alice, "spades", "pings", where="channel")
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        await fake.wait_for(lambda: len(pings(fake, general, alice)) == 1, "her turn mentioned")
        [live] = pings(fake, general, alice)
        store = spades.store
        assert store is not None
        (table,) = await store.open_tables()
        assert await store.mentions(table.table_id) == [(alice.id, live.id)]
        asked = await fake.slash(alice, "spades", "forgetme")
        await fake.click(alice, asked.responses[0], "Forget me")
        # A bot plays her seat now: her mention goes, and the store keeps none of it.
        await fake.wait_for(lambda: fake.by_id[live.id].deleted, "her mention deleted")
        assert len(pings(fake, general, alice)) == 1
        assert await store.mentions(table.table_id) == []


class MentionsDown(MemoryStore):
    """A store that cannot keep turn mentions while ``down``."""

    down = False

    async def add_mention(self, table_id: int, user_id: int, message_id: int) -> None:
        if self.down:
            raise StorageFailed("the database is locked")
        await super().add_mention(table_id, user_id, message_id)


async def test_a_mention_the_store_could_not_keep_is_stored_once_it_can(
    fake: FakeDiscord,
) -> None:
    alice, general = fake.add_user("alice"), fake.channel("general")
    store = MentionsDown({fake.guild_id: ONE_HAND})
    store.down = True
    async with running(make_bot(fake, store=store), fake) as bot:
        presenter_of(bot).mention_retry = 0.05
        await fake.slash(alice, "spades", "pings", where="channel")
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        await fake.wait_for(lambda: len(pings(fake, general, alice)) == 1, "her turn mentioned")
        [first] = pings(fake, general, alice)
        table = bot.tables.table_in(general.id)
        assert table.table_id is not None and await store.mentions(table.table_id) == []
        # The store is back: the live mention is stored (a restart would delete it).
        store.down = False
        await fake.wait_for(lambda: store.turn_mentions, "the mention stored")
        assert await store.mentions(table.table_id) == [(alice.id, first.id)]

        # Down again: her next turn's mention cannot be kept either, and is deleted (her
        # turn passed) before the store is back, so it is never stored.
        store.down = True
        last = -1
        for turn in (1, 2):
            message = await fake.wait_for(
                lambda last=last: next(
                    (m.snapshot() for m in fake.dms(alice) if fresh(m, last)), None
                ),
                "alice's turn",
            )
            await fake.wait_for(
                lambda turn=turn: len(pings(fake, general, alice)) == turn, "her turn mentioned"
            )
            last = seq_of(await click_first(fake, alice, message))
        await fake.wait_for(lambda: len(pings(fake, general, alice)) == 3, "her third turn")
        _, second, third = pings(fake, general, alice)
        await fake.wait_for(
            lambda: fake.by_id[first.id].deleted and fake.by_id[second.id].deleted,
            "the first two mentions deleted",
        )
        store.down = False
        await fake.wait_for(lambda: store.turn_mentions, "the live mention stored")
        await asyncio.sleep(0.2)  # more tries, had anything else been left
        assert await store.mentions(table.table_id) == [(alice.id, third.id)]
        assert not third.deleted
