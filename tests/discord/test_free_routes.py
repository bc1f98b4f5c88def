"""Free routes first (issue 21, scale): a member who clicked gets their next turn, fresh hand
and its edits through that interaction's token, which Discord's global limit does not count;
only what nothing else can carry (the table message, a first DM) takes the budget. Turns
still ring: each is a new message that notifies its member."""

from __future__ import annotations

import collections
import itertools
import statistics
from typing import Any

import discord
import pytest

from bot.storage.records import MemoryStore
from bot.tables import Shown
from cogs._live import Picture
from devtools.fake_discord import (
    COMPONENT,
    UPDATE,
    FakeChannel,
    FakeDiscord,
    FakeUser,
    counts_globally,
    running,
)
from tests.discord.spades_helpers import (
    ONE_HAND,
    board,
    expire_tokens,
    game_over,
    make_bot,
    play_out,
)
from tests.discord.test_spades_turns import acts, presenter_of


async def test_turns_reach_each_member_by_their_clicks_tokens_and_most_requests_are_free(
    fake: FakeDiscord,
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        await fake.slash(alice, "spades", "new")
        await fake.slash(bob, "spades", "join")
        started = len(fake.requests)
        await fake.slash(alice, "spades", "start", bots=True)
        acted = await play_out(fake, [alice, bob], general)
        [table_id] = store.tables
        actions = store.tables[table_id].actions
        table = bot.tables.table_by_id(table_id)
        seats = {member.id: table.seat_of(member.id) for member in (alice, bob)}

    followups = {m.id for record in fake.interactions.values() for m in record.followups}
    for member in (alice, bob):
        turns = sum(action.seat == seats[member.id] for action in actions)
        created = fake.created_dms(member)
        rings = [m for m in created if acts(m.created_components)]
        # Every turn reached its member as a new DM that notified them.
        assert len(rings) == turns and all(m.notifies for m in rings), member.name
        # The first came by the bot's own route (no click of theirs in their DMs yet); every
        # later one as a follow-up of their last click.
        assert rings[0].id not in followups
        assert all(m.id in followups for m in rings[1:]), member.name
    assert acted == sum(seats[m.id] == a.seat for a in actions for m in (alice, bob))

    # Counted by route while the game was dealt and played: what reached the members was
    # nearly all free. The budget carried only the table message (for everyone), opening
    # each member's DMs, the hand dealt to them, and their first turn, before any click of
    # theirs in their DMs; never an edit of a hand.
    board = f"/channels/{general.id}/"
    played = [request for request in fake.requests[started:] if not request[1].startswith(board)]
    counted = [request for request in played if counts_globally(request[1])]
    assert counted.count(("POST", "/users/@me/channels")) == 2
    assert all(method == "POST" for method, _ in counted)
    assert len(counted) <= 2 + 2 * 2, counted
    assert (len(played) - len(counted)) / len(played) >= 0.9


async def test_a_new_tables_message_is_its_commands_follow_up_edited_free_until_it_expires(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, cleo = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("cleo")
    general = fake.channel("general")

    def edits(since: int) -> list[tuple[str, str]]:
        return [(method, path) for method, path in fake.requests[since:] if method == "PATCH"]

    async with running(make_bot(fake, store=MemoryStore()), fake):
        opened = await fake.slash(alice, "spades", "new")
        shown = await fake.wait_for(lambda: board(fake, general), "the table message")
        # Posted for everyone in the channel, as a follow-up of /spades new (answered to
        # Alice alone first).
        assert shown.id in {message.id for message in opened.followups}
        assert not shown.ephemeral and opened.original is not None and opened.original.ephemeral

        # Edited through that interaction's token while it lives: not counted.
        since = len(fake.requests)
        await fake.slash(bob, "spades", "join")
        await fake.wait_for(lambda: "bob" in fake.by_id[shown.id].content, "Bob seated")
        assert edits(since) and not any(counts_globally(path) for _, path in edits(since))

        # Past the token's life: through the channel, within the budget, the same message.
        expire_tokens(monkeypatch)
        since = len(fake.requests)
        await fake.slash(cleo, "spades", "join")
        await fake.wait_for(lambda: "cleo" in fake.by_id[shown.id].content, "Cleo seated")
        assert edits(since) == [("PATCH", f"/channels/{general.id}/messages/{shown.id}")]
        assert board(fake, general) is fake.by_id[shown.id]


async def test_a_paced_table_message_ends_on_the_final_score_and_every_turn_still_rings(
    fake: FakeDiscord,
) -> None:
    # The production pace scaled down: bots move every 0.05 s, edits go at most every 0.2 s
    # (hands) and 0.4 s (the table message, every other bot move at most).
    alice = fake.add_user("alice")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    interval = 0.2
    async with running(
        make_bot(fake, store=store, bot_delay=0.05, edit_interval=interval), fake
    ) as bot:
        await fake.slash(alice, "spades", "new")
        await fake.slash(alice, "spades", "start", bots=True)
        acted = await play_out(fake, [alice], general)
        [table_id] = store.tables
        table = bot.tables.table_by_id(table_id)
        final = presenter_of(bot).board_picture(table).content
        shown = board(fake, general)
        assert shown is not None
        # The table message ends on the game's final state: the last trick, the score.
        await fake.wait_for(lambda: fake.by_id[shown.id].content == final, "the final table")
        seat = table.seat_of(alice.id)
        turns = sum(action.seat == seat for action in store.tables[table_id].actions)

    # Every one of Alice's turns reached her as a new DM that notified her.
    rings = [m for m in fake.created_dms(alice) if acts(m.created_components)]
    assert acted == turns == len(rings) and all(m.notifies for m in rings)
    # The table message's edits came at the board's pace, twice the hands' interval (the
    # median gap, as the fake timed them, leaves room for a late request or two).
    edited = [
        at
        for at, (method, path) in zip(fake.request_times, fake.requests, strict=True)
        if method == "PATCH" and path.endswith(f"/messages/{shown.id}")
    ]
    gaps = [later - earlier for earlier, later in itertools.pairwise(edited)]
    assert len(gaps) >= 3 and statistics.median(gaps) >= 1.5 * interval, gaps


async def test_a_clicks_answer_shows_the_hand_drawn_for_its_change_drawn_once(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake) as bot:
        presenter = presenter_of(bot)
        drawn: list[tuple[int, int]] = []
        draw = presenter.hand_picture

        def counted(table: Shown, seat: int, note: str = "", **options: Any) -> Picture:
            drawn.append((table.seq, seat))
            return draw(table, seat, note, **options)

        presenter.hand_picture = counted  # type: ignore[method-assign]
        await fake.slash(alice, "spades", "new")
        await fake.slash(alice, "spades", "start", bots=True)
        acted = await play_out(fake, [alice], general)
        [table_id] = store.tables
        last = bot.tables.table_by_id(table_id).seq

    # Each change drew Alice's hand once: her DM's and her click's answer shared it (the
    # game's end draws her hand again, without its controls).
    assert acted > 1
    twice = [key for key, n in collections.Counter(drawn).items() if n > 1 and key[0] != last]
    assert not twice, twice
    # And her answers showed it: clicks on her live hand updated it in place.
    answered = [r for r in fake.interactions.values() if r.kind == COMPONENT]
    assert len(answered) == acted and any(r.callback_type == UPDATE for r in answered)


async def alice_plays_one_hand(fake: FakeDiscord) -> tuple[FakeUser, FakeChannel, int]:
    """Alice opens a one-hand table in #general with three bots and plays it out from her
    DMs: she, the channel and how many moves she made."""
    alice = fake.add_user("alice")
    general = fake.channel("general")
    async with running(make_bot(fake, store=MemoryStore({fake.guild_id: ONE_HAND})), fake):
        await fake.slash(alice, "spades", "new")
        await fake.slash(alice, "spades", "start", bots=True)
        acted = await play_out(fake, [alice], general)
    return alice, general, acted


async def test_follow_ups_are_edited_without_a_message_built_from_each_answer(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Most of a busy bot's requests edit a member's hand through their token: Discord's
    # answer to each is not made into a discord.py message (nobody reads it), so the
    # library's edit, which builds one, is never called.
    def builds_a_message(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a follow-up's edit built a message from the answer")

    monkeypatch.setattr(discord.Webhook, "edit_message", builds_a_message)
    _, general, acted = await alice_plays_one_hand(fake)

    # Her hand was edited through her clicks' tokens as the bots played, and still showed
    # every change: the game played out to its end.
    edited = [path for method, path in fake.requests if method == "PATCH"]
    by_token = [path for path in edited if path.startswith("/webhooks/")]
    assert acted > 1 and len(by_token) >= acted, edited
    assert game_over(fake, general)


async def test_clicks_are_answered_without_asking_discord_for_the_changed_message(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every click on a hand is answered by changing its message: discord.py's way asks
    # Discord for that message back and builds a message from it, which nobody reads. The
    # answer asks for nothing, and still shows the hand.
    def builds_a_message(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a click's answer built a message from Discord's answer")

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", builds_a_message)
    _, general, acted = await alice_plays_one_hand(fake)

    updated = [
        r for r in fake.interactions.values() if r.kind == COMPONENT and r.callback_type == UPDATE
    ]
    assert acted > 1 and updated, "her clicks were answered by changing her hand"
    # Each answer's message shows the hand the answer sent.
    for record in updated:
        assert record.original is not None and record.original.content
    assert game_over(fake, general)


async def test_turns_are_posted_free_without_a_message_built_from_each_answer(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each of a member's turns is a new hand message, posted through their last click's
    # token: only its id is read from Discord's answer, so discord.py's send, which builds
    # a message from it, is never called for them.
    sent: list[str] = []
    send = discord.Webhook.send

    async def counted(self: discord.Webhook, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(kwargs.get("content", args[0] if args else "")))
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(discord.Webhook, "send", counted)
    alice, general, acted = await alice_plays_one_hand(fake)

    # Her turns came as new DMs posted through her clicks' tokens (the table message as its
    # command's follow-up), none by discord.py's send, and they rang: not posted silently.
    posted = [path for method, path in fake.requests if method == "POST"]
    by_token = [path for path in posted if path.startswith("/webhooks/")]
    assert acted > 1 and len(by_token) >= acted - 1, posted
    assert not sent, sent
    rang = [m for m in fake.dms(alice) if m.notifies]
    assert len(rang) >= acted - 1, [m.content[:40] for m in fake.dms(alice)]
    assert game_over(fake, general)
