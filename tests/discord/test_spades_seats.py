"""Seats over time through the fake Discord server: a member who misses turns is played for
by a bot until ``/spades back``, and ``/spades stop`` by the host, a vote or a moderator."""

from __future__ import annotations

from devtools.fake_discord import (
    DEFERRED_UPDATE,
    MANAGE_MESSAGES,
    UPDATE,
    FakeDiscord,
    FakeUser,
    RecordedMessage,
    running,
)
from tests.discord.spades_helpers import action_controls, board, fresh, make_bot, seq_of
from tests.doubles import ManualClock


async def test_missed_turns_hand_the_seat_to_a_bot_until_back(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    clock = ManualClock()
    # Bots wait a second of the manual clock per move, so time moves only when told.
    bot = make_bot(fake, clock=clock, timers=True, bot_delay=1)
    async with running(bot, fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        await clock.advance(10, bot.tables.settle)
        bidding = await wait_turn(fake, alice, -1)
        table = bot.tables.table_in(general.id)

        assert table.deadline is not None
        await clock.advance(table.deadline - clock.now(), bot.tables.settle)
        warned = await fake.wait_message(general, lambda m: "seconds left to bid" in m.content)
        assert warned.content.startswith(alice.mention)
        await fake.wait_message(general, lambda m: "alice ran out of time" in m.content)

        await clock.advance(20, bot.tables.settle)  # the bot bids for her; play begins
        playing = await wait_turn(fake, alice, seq_of(action_controls(bidding)[0]))
        assert table.deadline is not None
        await clock.advance(table.deadline - clock.now(), bot.tables.settle)
        await fake.wait_message(general, lambda m: "missed 2 turns in a row" in m.content)
        await fake.wait_for(
            lambda: (b := board(fake, general)) and "(away" in b.content, "alice shown away"
        )

        back = await fake.slash(alice, "spades", "back")
        assert back.text == "Welcome back: your seat is yours to play again."
        await fake.wait_message(general, lambda m: m.content == "alice is back.")
        # The turn the bot was about to take for her is hers again, at the same moment.
        again = await wait_turn(fake, alice, seq_of(action_controls(playing)[0]) - 1)
        assert seq_of(action_controls(again)[0]) == seq_of(action_controls(playing)[0])
        card = action_controls(again)[0]["custom_id"]
        assert (await fake.click(alice, again, card)).callback_type in (UPDATE, DEFERRED_UPDATE)
        assert card.rsplit(":c", 1)[1] in str(table.game and table.game.history[-1])
        not_away = await fake.slash(alice, "spades", "back")
        assert not_away.text == "You are not marked away: the seat is yours to play."


async def test_a_member_marked_away_is_not_rung_for_the_turns_a_bot_plays(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    clock = ManualClock()
    bot = make_bot(fake, clock=clock, timers=True, bot_delay=1)
    async with running(bot, fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.table_in(general.id)
        # She lets her bid and her first card run out: her seat is marked away.
        for _ in range(2):
            await clock.advance(10, bot.tables.settle)
            assert table.deadline is not None
            await clock.advance(table.deadline - clock.now(), bot.tables.settle)
        await fake.wait_message(general, lambda m: "missed 2 turns in a row" in m.content)
        rung = len(fake.created_dms(alice))
        played = len(table.game.history) if table.game else 0
        # The bot plays her seat trick after trick: her hand is edited, never sent anew.
        await clock.advance(30, bot.tables.settle)
        assert table.game is not None and len(table.game.history) >= played + 12
        await fake.wait_for(
            lambda: "Last trick" in fake.dms(alice)[-1].content, "her hand after a trick"
        )
        assert len(fake.created_dms(alice)) == rung
        # Back, her next turn rings again.
        await fake.slash(alice, "spades", "back")
        await clock.advance(10, bot.tables.settle)
        await fake.wait_for(lambda: len(fake.created_dms(alice)) > rung, "her turn rung")


async def wait_turn(fake: FakeDiscord, user: FakeUser, after: int) -> RecordedMessage:
    dm = await fake.wait_for(
        lambda: next((m for m in fake.dms(user) if fresh(m, after)), None), f"{user.name}'s turn"
    )
    return dm.snapshot()


async def test_stop_by_the_host_a_vote_or_a_moderator(fake: FakeDiscord) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    moderator = fake.add_user("mod", permissions=alice.permissions | MANAGE_MESSAGES)
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(alice, "spades", "new")
        assert (await fake.slash(alice, "spades", "stop")).text == "The table is stopped."
        await fake.wait_message(general, lambda m: m.content == "Stopped by the host.")

        await fake.slash(alice, "spades", "new", bots=2)
        await fake.slash(bob, "spades", "join")
        await fake.slash(alice, "spades", "start")
        turn = await fake.wait_for(
            lambda: next(
                ((u, m.snapshot()) for u in (alice, bob) for m in fake.dms(u) if fresh(m, -1)),
                None,
            ),
            "a member's turn",
        )
        player, dm = turn
        outsider = await fake.slash(moderator, "spades", "join")
        assert outsider.text == "The game has already started."
        vote = await fake.slash(bob, "spades", "stop")
        assert vote.text == "Your vote counts: 1 of 2 needed."
        await fake.wait_message(general, lambda m: "bob votes to stop the game" in m.content)

        stopped = await fake.slash(moderator, "spades", "stop")
        assert stopped.text == "The table is stopped."
        final = await fake.wait_for(
            lambda: (b := board(fake, general)) and b.content.startswith("**Table closed") and b,
            "the table message closed",
        )
        assert "Stopped by a moderator." in final.content and final.controls() == []
        await fake.wait_for(
            lambda: not any(fresh(m, -1) for m in fake.dms(player)), "the controls removed"
        )
        gone = await fake.click(player, dm, action_controls(dm)[0]["custom_id"])
        assert gone.text == "That game is no longer running."
        assert "no table" in (await fake.slash(bob, "spades", "score")).text


async def test_a_seat_handed_over_is_named_by_its_player_not_its_number(
    fake: FakeDiscord,
) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(alice, "spades", "new", bots=2)
        joined = await fake.slash(bob, "spades", "join")
        seat = int(joined.text.removeprefix("You sit in seat ").rstrip("."))
        await fake.slash(alice, "spades", "start")
        handed = await fake.slash(alice, "spades", "sub", seat=seat, member=carol)
        assert handed.text.startswith("carol is asked to take over from bob.")
        request = await fake.wait_message(general, lambda m: carol.mention in m.content)
        assert f"to take over seat {seat} from bob" in request.content
        await fake.click(carol, request.snapshot(), "Accept")
        await fake.wait_message(general, lambda m: m.content == "carol takes over from bob.")
