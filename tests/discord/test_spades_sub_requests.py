"""``/spades sub`` asks before it hands a seat over, through the fake Discord server (issue 21):
the member asked gets one request in the table's channel, mentioning only them, and nothing
more unless they accept; asking again while it is open, after a decline or after it ran out
sends nothing and tells the asker why; only they may answer; on Accept the seat passes
through the table's one pipeline and only then does their hand reach them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from bot.config import Settings
from bot.tables import Table
from devtools.fake_discord import FakeChannel, FakeDiscord, FakeUser, RecordedMessage, running
from tests.discord.spades_helpers import make_bot, one_hand_rules
from tests.doubles import ManualClock


def alice_bob_carol(fake: FakeDiscord) -> tuple[FakeUser, FakeUser, FakeUser]:
    """Alice hosts, Bob sits at her table, Carol is asked to take his seat."""
    return fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")


async def bob_at_seat_two(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> None:
    """Alice hosts, Bob sits in seat 2, bots take the rest, and the cards are dealt."""
    await fake.slash(alice, "spades", "new")
    assert (await fake.slash(bob, "spades", "join")).text == "You sit in seat 2."
    await fake.slash(alice, "spades", "start", bots=True)


async def carol_asked(fake: FakeDiscord, alice: FakeUser, carol: FakeUser) -> RecordedMessage:
    """Alice asks Carol to take over seat 2; the one request Carol got, in #general."""
    await fake.slash(alice, "spades", "sub", seat=2, member=carol)
    [request] = requests_to(fake, fake.channel("general"), carol)
    return request


def requests_to(fake: FakeDiscord, channel: FakeChannel, user: FakeUser) -> list[RecordedMessage]:
    """Every message the bot posted in ``channel`` that mentioned ``user`` or came with
    buttons for them, deleted or not, however edited since."""
    ids = re.compile(rf"spades:sub:\d+:\d+:{user.id}:")

    def for_them(message: RecordedMessage) -> bool:
        created = dataclasses.replace(message, components=message.created_components)
        return user.mention in message.content or any(
            ids.match(custom_id) for custom_id in created.custom_ids()
        )

    return [m for m in fake.created(channel) if for_them(m)]


async def test_the_member_asked_gets_one_request_and_asking_again_sends_nothing(
    fake: FakeDiscord,
) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await bob_at_seat_two(fake, alice, bob)
        table = bot.tables.table_in(general.id)
        seats = list(table.seats)

        asked = await fake.slash(alice, "spades", "sub", seat=2, member=carol)
        assert asked.text.startswith(
            "carol is asked to take over from bob. The seat passes to them only if they accept"
        )
        assert all(message.ephemeral for message in asked.responses)
        [request] = requests_to(fake, general, carol)
        assert request.content.startswith(f"{carol.mention}, alice asks you to take over seat 2")
        assert [c["label"] for c in request.controls()] == ["Accept", "Decline"]
        assert request.notifies and carol.mention not in asked.text

        again = await fake.slash(alice, "spades", "sub", seat=2, member=carol)
        assert again.text == (
            "carol has already been asked to take a seat at this table and hasn't answered"
            " yet, so nothing more was sent to them."
        )
        assert all(message.ephemeral for message in again.responses)
        assert requests_to(fake, general, carol) == [request]
        assert fake.created_dms(carol) == [] and list(table.seats) == seats


async def test_a_declined_request_changes_nothing_and_is_not_sent_again(
    fake: FakeDiscord,
) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await bob_at_seat_two(fake, alice, bob)
        table = bot.tables.table_in(general.id)
        seats = list(table.seats)
        request = await carol_asked(fake, alice, carol)

        await fake.click(carol, request.snapshot(), "Decline")
        assert request.content == "carol declined, so nothing changed." and not request.controls()
        # Bob may hand his own seat over too, but carol said no to this game.
        refused = await fake.slash(bob, "spades", "sub", seat=2, member=carol)
        assert refused.text == (
            "carol declined to take a seat in this game, so they aren't asked again and"
            " nothing was sent to them."
        )
        assert requests_to(fake, general, carol) == [request]
        assert fake.created_dms(carol) == [] and list(table.seats) == seats


async def test_accepting_seats_the_member_and_only_then_brings_their_hand(
    fake: FakeDiscord,
) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await bob_at_seat_two(fake, alice, bob)
        table = bot.tables.table_in(general.id)
        request = await carol_asked(fake, alice, carol)
        assert fake.created_dms(carol) == [] and table.seat_of(carol.id) is None

        accepted = await fake.click(carol, request.snapshot(), "Accept")
        assert request.content == "carol accepted and takes over seat 2." and not request.controls()
        [told] = await fake.wait_for(lambda: accepted.followups, "carol told her seat")
        assert told.ephemeral and told.content.startswith("You play seat 2 now.")
        assert table.seat_of(carol.id) == 1 and table.seat_of(bob.id) is None
        await fake.wait_message(general, lambda m: m.content == "carol takes over from bob.")
        hand = await fake.wait_for(lambda: fake.dms(carol), "carol's hand in her DMs")
        cards = table.view(1).hand
        assert cards and all(str(card) in hand[0].text for card in cards)


async def test_a_bot_account_is_refused_and_sent_nothing(fake: FakeDiscord) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    robot = fake.add_user("Dealer9000", bot=True)
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await bob_at_seat_two(fake, alice, bob)
        seats = list(bot.tables.table_in(general.id).seats)
        refused = await fake.slash(alice, "spades", "sub", seat=2, member=robot)
        assert refused.text.startswith("Dealer9000 is a bot account and can't play a seat")
        assert all(message.ephemeral for message in refused.responses)
        assert requests_to(fake, general, robot) == []
        assert list(bot.tables.table_in(general.id).seats) == seats


async def test_only_the_member_asked_may_answer(fake: FakeDiscord) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    general = fake.channel("general")
    async with running(make_bot(fake), fake) as bot:
        await bob_at_seat_two(fake, alice, bob)
        table = bot.tables.table_in(general.id)
        seats = list(table.seats)
        request = await carol_asked(fake, alice, carol)
        before = request.snapshot()

        for clicker, button in ((bob, "Accept"), (alice, "Accept"), (alice, "Decline")):
            refused = await fake.click(clicker, before, button)
            assert refused.text == (
                "This request is for someone else: only the member asked can answer."
            )
            assert all(message.ephemeral for message in refused.responses)
        assert request.content == before.content and request.controls() == before.controls()
        assert list(table.seats) == seats
        # The request is still carol's to answer.
        await fake.click(carol, before, "Accept")
        assert table.seat_of(carol.id) == 1


async def test_an_expired_request_changes_nothing_and_is_not_sent_again(
    fake: FakeDiscord,
) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    general = fake.channel("general")
    clock = ManualClock()
    async with running(make_bot(fake, clock=clock), fake) as bot:
        await bob_at_seat_two(fake, alice, bob)
        table = bot.tables.table_in(general.id)
        seats = list(table.seats)
        request = await carol_asked(fake, alice, carol)
        await clock.advance(5 * 60, bot.tables.settle)

        late = await fake.click(carol, request.snapshot(), "Accept")
        assert request.content == "This request to carol is closed: nothing changed."
        assert not request.controls()
        [told] = await fake.wait_for(lambda: late.followups, "carol told why")
        assert told.ephemeral and told.content == "This request has expired, so nothing changed."
        refused = await fake.slash(alice, "spades", "sub", seat=2, member=carol)
        assert refused.text == (
            "carol didn't answer the last request in time, so they aren't asked again in this"
            " game and nothing was sent to them."
        )
        assert requests_to(fake, general, carol) == [request]
        assert fake.created_dms(carol) == [] and list(table.seats) == seats


async def test_a_request_is_answered_after_a_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    general = fake.channel("general")
    path = tmp_path / "spades.sqlite3"
    await one_hand_rules(path, fake.guild_id)
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]
    async with running(make_bot(fake, settings=settings), fake):
        await bob_at_seat_two(fake, alice, bob)
        request = await carol_asked(fake, alice, carol)

    async with running(make_bot(fake, settings=settings), fake) as bot:
        table: Table = bot.tables.table_in(general.id)
        await fake.click(carol, request.snapshot(), "Accept")
        assert request.content == "carol accepted and takes over seat 2."
        assert table.seat_of(carol.id) == 1
        await fake.wait_for(lambda: fake.dms(carol), "carol's hand in her DMs")


async def test_a_request_to_a_game_that_has_ended_changes_nothing(fake: FakeDiscord) -> None:
    alice, bob, carol = alice_bob_carol(fake)
    async with running(make_bot(fake), fake):
        await bob_at_seat_two(fake, alice, bob)
        request = await carol_asked(fake, alice, carol)
        assert (await fake.slash(alice, "spades", "stop")).text == "The table is stopped."

        late = await fake.click(carol, request.snapshot(), "Accept")
        assert request.content == "This request to carol is closed: nothing changed."
        assert not request.controls()
        [told] = await fake.wait_for(lambda: late.followups, "carol told why")
        assert told.ephemeral and told.content == "That game is no longer running."
        assert fake.created_dms(carol) == []
