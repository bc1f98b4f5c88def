"""Berkley's dummies through Discord (003:98-152): the member's DM shows both dummies'
face-up cards and, on their dummy's turn, buttons for its face-up cards; a click plays the
dummy's card."""

from __future__ import annotations

from bot.engine import Rules
from bot.storage.records import MemoryStore
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import (
    action_controls,
    board,
    click_until,
    game_over,
    make_bot,
    play_out,
    seq_of,
)


async def test_a_member_plays_their_dummys_card_by_its_button(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    # No Blind Nil: its "Look at my cards" button, open out of turn, would race the bot.
    update = {"play_to": "hands", "hands_to_play": 1, "blind_nil": "never"}
    rules = Rules.preset("berkley_two").model_copy(update=update)
    async with running(make_bot(fake, store=MemoryStore({fake.guild_id: rules})), fake):
        await fake.slash(alice, "spades", "new", bots=1)
        await fake.slash(alice, "spades", "start")
        dm = await click_until(
            fake, alice, lambda m: "to play for Dummy of seat 1" in m.content, "alice's turn"
        )
        shown = board(fake, general)
        assert shown is not None and "A dummy's card is played at once" in shown.content
        # 003:140: both dummies' face-up cards, beside alice's hand.
        assert "Dummy of seat 1's cards, face up:" in dm.content
        assert "Dummy of seat 3's cards, face up:" in dm.content
        # 003:152: a button for each face-up card the dummy may play, for the dummy's seat.
        cards = action_controls(dm)
        assert len(cards) > 1 and all(":s3c" in c["custom_id"] for c in cards)
        answer = await fake.click(alice, dm, cards[0]["custom_id"])
        assert "earlier moment" not in answer.text and "own seat" not in answer.text
        played = cards[0]["label"]

        def on_the_trick() -> bool:
            # Out of the dummy's face-up cards on the table message, into the trick.
            message = board(fake, general)
            if message is None:
                return False
            lines = message.content.splitlines()
            up = [line for line in lines if line.startswith("Dummy of seat 1's cards")]
            return played not in "".join(up) and played in message.content

        await fake.wait_for(on_the_trick, "the table message showing the dummy's card")
        await play_out(fake, [alice], general, after=seq_of(cards[0]))
        assert game_over(fake, general)
