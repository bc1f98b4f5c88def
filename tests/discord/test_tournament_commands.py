"""/tournament through the real client and the fake Discord, on SQLite: a moderator opens a
tournament, members sign up with the command and the buttons, Discord gets a scheduled
event, and at the start each match has a thread where its players say they are there; the
games play out (members who let their turns run out get a bot) and the one board message
ends with the champions, with nobody touching anything after the arrivals."""

from __future__ import annotations

import pytest

from bot.competition import tournament as t
from bot.storage.store import Storage
from devtools.fake_discord import (
    ADMINISTRATOR,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    MEMBER_PERMISSIONS,
    FakeDiscord,
    running,
)
from tests.discord.spades_helpers import make_bot
from tests.discord.tournament_helpers import (
    ONE_ROUND_OF_PAIRS,
    board,
    finished,
    match_call,
    opened,
    organiser,
    pairs_sign_up,
    runner,
)
from tests.doubles import ManualClock
from tests.storage.helpers import traces

EXTENSIONS = ("cogs.spades", "cogs.tournament")


async def test_a_tournament_from_sign_ups_to_champions_in_discord(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada = organiser(fake)
    bob, cy, dee, eve = (fake.add_user(name) for name in ("Bob", "Cy", "Dee", "Eve"))
    clock = ManualClock()
    bot = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(bot, fake):
        answered = await fake.slash(
            ada, "tournament", "new", name="Friday Cup", **ONE_ROUND_OF_PAIRS
        )
        assert answered.responses[0].ephemeral and "open for sign-ups" in answered.text
        [event] = fake.scheduled_events.values()
        assert event["name"] == "Friday Cup" and event["entity_type"] == 3
        signup = await board(fake, "Nobody has signed up yet.")
        assert [c["label"] for c in signup.controls()] == ["Join", "Leave", "Check in"]

        answer = await fake.slash(bob, "tournament", "join", partner=cy)
        assert answer.text == "You are signed up."
        refused = await fake.slash(dee, "tournament", "join")
        assert "name your partner" in refused.text and refused.responses[0].ephemeral
        await fake.slash(dee, "tournament", "join", partner=eve)
        for partner in (cy, eve):
            clicked = await fake.click(partner, signup, "Join")
            assert clicked.text == "You are signed up with your partner."
        stranger = await fake.click(ada, signup, "Join")
        assert "sign up with /tournament join" in stranger.text
        signed = await board(fake, "Dee & Eve")
        assert "waiting" not in signed.content

        run = runner(bot)
        await clock.advance(30 * 60, run.settle)
        thread, call = await match_call(fake)
        assert all(user.mention in call.content for user in (bob, cy, dee, eve))
        for user in (bob, cy, dee, eve):
            here = await fake.click(user, call, "I'm here")
            assert "starts once all four are here" in here.text
        again = await fake.click(bob, call, "I'm here")
        assert "already" in again.text and again.responses[0].ephemeral
        wrong = await fake.slash(ada, "tournament", "settle", table=2, winner=bob)
        assert wrong.text == "There is no such match in this tournament."

        # Nobody plays: each turn runs out and a bot plays it, and the one hand ends it.
        final = await finished(fake, storage, clock, run)
        assert final.phase is t.Phase.FINISHED
        champions = await board(fake, "1. ")
        assert "2 points" in champions.content and champions.controls() == []
        await fake.wait_message(
            fake.channel("general"), lambda m: "Champions" in m.content, "the champions named"
        )
        status = await fake.slash(eve, "tournament", "status", channel=thread)
        assert "1. " in status.text and status.responses[0].ephemeral


async def test_bad_input_is_refused_with_a_reason_and_the_organiser_cancels(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada, bob = organiser(fake), fake.add_user("Bob")
    async with running(make_bot(fake, storage=storage, extensions=EXTENSIONS), fake):
        options = {"name": "Cup", "format": "swiss", "entry": "singles", "starts_in": 60}
        nobody = await fake.slash(bob, "tournament", "status")
        assert nobody.text == "There is no tournament running in this server."
        member = await fake.slash(bob, "tournament", "new", **options)
        assert member.text == "Only members with Manage Server can open a tournament."
        duplicate = await fake.slash(ada, "tournament", "new", duplicate=True, **options)
        assert "play a number of hands" in duplicate.text
        assert await storage.tournaments.in_guild(fake.guild_id, live_only=False) == []
        assert all(r.responses[0].ephemeral for r in (nobody, member, duplicate))

        signup = await opened(fake, ada, **options)
        stale = signup.snapshot()
        joined = await fake.click(bob, signup, "Join")
        assert joined.text == "You are signed up."
        early = await fake.click(bob, signup, "Check in")
        assert early.text == "Check-in opens 15 minutes before the start."
        twice = await fake.slash(bob, "tournament", "join")
        assert twice.text == "You are already signed up for this tournament."
        pause = await fake.slash(bob, "tournament", "cancel")
        assert pause.text == "Only the organiser or a moderator can do that."
        assert len(fake.scheduled_events) == 1

        cancelled = await fake.slash(ada, "tournament", "cancel")
        assert cancelled.text == "The tournament is cancelled."
        await board(fake, "Cancelled.")
        assert fake.scheduled_events == {}
        [stored] = await storage.tournaments.in_guild(fake.guild_id, live_only=False)
        assert stored.phase == "cancelled" and stored.event_id is None
        assert signup.controls() == []
        # A click on the buttons as they were before the cancel changes nothing.
        late = await fake.click(bob, stale, "Leave")
        assert late.text == "There is no such tournament running here."


async def test_a_tournament_goes_on_after_the_bot_restarts_mid_round(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada = organiser(fake)
    bob, cy, dee, eve = (fake.add_user(name) for name in ("Bob", "Cy", "Dee", "Eve"))
    clock = ManualClock()
    first = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(first, fake):
        signup = await opened(
            fake,
            ada,
            name="Cup",
            format="round_robin",
            entry="singles",
            starts_in=20,
            hands=1,
            check_in=0,
            forfeit=5,
        )
        for user in (bob, cy, dee, eve):
            await fake.click(user, signup, "Join")
        run = runner(first)
        await clock.advance(20 * 60, run.settle)
        _thread, call = await match_call(fake)
        await fake.click(bob, call, "I'm here")
    # The bot is gone with one player there; another process takes over.
    second = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(second, fake):
        run = runner(second)
        [state] = run.in_guild(fake.guild_id)
        assert state.current is not None and state.current.matches[0].arrived == (bob.id,)
        for user in (cy, dee, eve):
            await fake.click(user, call, "I'm here")
        final = await finished(fake, storage, clock, run)
        # Four players make two pairs: one round, one match.
        assert final.phase is t.Phase.FINISHED and len(final.rounds) == 1
        assert all(m.result and not m.result.forfeit for r in final.rounds for m in r.matches)
        await fake.wait_message(
            fake.channel("general"), lambda m: "Champions" in m.content, "the champions named"
        )


async def test_forgetme_takes_a_member_out_of_a_tournament_and_leaves_no_trace(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada, gone = organiser(fake), fake.add_user("Zebedee Gone")
    async with running(make_bot(fake, storage=storage, extensions=EXTENSIONS), fake):
        options = {"name": "Cup", "format": "swiss", "entry": "singles", "starts_in": 60}
        signup = await opened(fake, ada, **options)
        joined = await fake.click(gone, signup, "Join")
        assert joined.text == "You are signed up."
        held = await traces(storage, gone.id, "Zebedee Gone")
        assert {"tournament_players.user_id", "tournament_players.name"} <= set(held)

        asked = await fake.slash(gone, "spades", "forgetme")
        done = await fake.click(gone, asked.responses[0], "Forget me")
        assert "You left 1 tournament, as /tournament drop does." in done.text
        assert await traces(storage, gone.id, "Zebedee Gone") == []
        [stored] = await storage.tournaments.in_guild(fake.guild_id)
        assert stored.entrants == ()
        # The running tournament agrees: they are not signed up there any more.
        again = await fake.click(gone, signup, "Leave")
        assert again.text == "You are not signed up for this tournament."


async def test_a_tournament_goes_on_when_its_organiser_asks_to_be_forgotten(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada = organiser(fake)
    bea = fake.add_user("Bea", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD | MANAGE_MESSAGES)
    bob, cy, dee, eve = (fake.add_user(name) for name in ("Bob", "Cy", "Dee", "Eve"))
    moderators = fake.add_role("Moderators", MANAGE_GUILD | MANAGE_MESSAGES)
    fake.add_role("Spades", ADMINISTRATOR, managed=True)  # the bot's own: never pinged
    fake.add_role("Regulars", MEMBER_PERMISSIONS)
    clock = ManualClock()
    bot = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(bot, fake):
        signup = await opened(fake, ada, name="Cup", **ONE_ROUND_OF_PAIRS)
        await pairs_sign_up(fake, signup, [bob, cy, dee, eve])
        run = runner(bot)
        await clock.advance(30 * 60, run.settle)
        thread, call = await match_call(fake)
        for user in (bob, cy):
            await fake.click(user, call, "I'm here")

        # The organiser, who hosts the match's lobby, asks to be forgotten.
        asked = await fake.slash(ada, "spades", "forgetme")
        done = await fake.click(ada, asked.responses[0], "Forget me")
        assert "tournament" in done.text
        # The last two arrive: the game is dealt all the same.
        for user in (dee, eve):
            await fake.click(user, call, "I'm here")
        await run.settle()
        [live] = run.in_guild(fake.guild_id)
        assert live.settings.organiser_id == 0
        match = live.rounds[0].matches[0]
        assert match.table_id is not None and bot.tables.table_in(thread.id).game is not None

        # A moderator stops the game: the tournament asks for a settlement, pinging nobody
        # forgotten but the moderators in the organiser's place, and a moderator settles it.
        stopped = await fake.slash(bea, "spades", "stop", channel=thread)
        assert stopped.text == "The table is stopped."
        await run.settle()
        asking = await fake.wait_message(
            fake.channel("general"), lambda m: "stopped before its end" in m.content, "a call"
        )
        assert asking.content.startswith(f"<@&{moderators}> Round 1, table 1")
        [(_, _, body)] = [
            b for b in fake.bodies if b[0] == "POST" and "stopped before" in str(b[2])
        ]
        assert body["allowed_mentions"]["roles"] == [moderators]
        settled = await fake.slash(bea, "tournament", "settle", table=1, winner=dee)
        assert settled.text == "Settled."
        await fake.wait_message(
            fake.channel("general"), lambda m: "Champions" in m.content, "the champions named"
        )
        [stored] = await storage.tournaments.in_guild(fake.guild_id, live_only=False)
        assert stored.phase == "finished" and stored.organiser_id == 0
        shown = [m.content for c in (fake.channel("general"), thread) for m in fake.messages(c)]
        assert not [text for text in shown if "<@0>" in text or f"<@{ada.id}>" in text]
        assert not [text for text in shown if "<@-" in text]


async def test_with_no_moderator_role_the_servers_owner_is_pinged_for_a_forgotten_organiser(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada = organiser(fake)
    bot = make_bot(fake, storage=storage, extensions=EXTENSIONS)
    async with running(bot, fake):
        await opened(fake, ada, name="Cup", **ONE_ROUND_OF_PAIRS)
        run = runner(bot)
        [state] = run.in_guild(fake.guild_id)
        await run._venue.announce(state, lambda: "Settle it.", (), moderators=True)
        said = await fake.wait_message(
            fake.channel("general"), lambda m: "Settle it." in m.content, "the call"
        )
        assert said.content == f"<@{fake.owner.id}> Settle it."


@pytest.mark.parametrize(
    ("server", "member", "signed_up", "board_words", "join"),
    [
        ("en-US", "es-ES", "Bob signed up.", "Starts <t:", "Join"),
        ("es-ES", "en-US", "Bob se ha inscrito.", "Empieza <t:", "Unirse"),
    ],
)
async def test_the_board_and_announcements_speak_the_servers_language_whoever_clicks(
    fake: FakeDiscord,
    storage: Storage,
    server: str,
    member: str,
    signed_up: str,
    board_words: str,
    join: str,
) -> None:
    fake.guild_locale = server
    ada, bob = organiser(fake), fake.add_user("Bob", locale=member)
    async with running(make_bot(fake, storage=storage, extensions=EXTENSIONS), fake):
        options = {"name": "Cup", "format": "swiss", "entry": "singles", "starts_in": 60}
        await fake.slash(ada, "tournament", "new", **options)
        signup = await fake.wait_message(
            fake.channel("general"), lambda m: "Cup" in m.content, "the board"
        )
        clicked = await fake.click(bob, signup, join)
        # His answer is in his language; what the channel reads stays in the server's.
        assert clicked.text == ("Estás inscrito." if member == "es-ES" else "You are signed up.")
        board = await fake.wait_for(
            lambda: (m := fake.by_id[signup.id]) and "Bob" in m.content and m, "Bob on the board"
        )
        assert board_words in board.content
        labels = [c["label"] for row in board.components for c in row["components"]]
        assert labels[0] == join
        await fake.wait_message(
            fake.channel("general"), lambda m: m.content == signed_up, "the announcement"
        )
