"""Cards as pictures through the fake Discord server (issue 11, part 4): the faces uploaded
once as the application's emojis and shown on card buttons, in the hand and in the trick;
found again by name after a restart instead of uploaded twice; text with suit symbols when
Discord refuses them; emojis of a card's name with another picture never used, and ours with
an older picture deleted (issue 21, defect 8)."""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from typing import Any

import pytest

import cogs._emojis
from bot.client import SpadesBot
from bot.engine import ALL_CARDS, Card
from bot.render import cards as faces
from bot.render.cards import card_png, emoji_key, emoji_name
from bot.storage.records import MemoryStore
from cogs._emojis import CardEmojis
from devtools.fake_discord import WAIT_SECONDS, FakeDiscord, FakeUser, RecordedMessage, running
from tests.discord.spades_helpers import (
    ONE_HAND,
    action_controls,
    board,
    click_first,
    fresh,
    hands,
    make_bot,
    seq_of,
)

EMOJIS = "/applications/{app}/emojis"
MARKUP = re.compile(r"<:(sb_[0-9A-Z]+_[0-9a-f]{6}):(\d+)>")


def card_emojis(bot: SpadesBot) -> CardEmojis:
    cog: Any = bot.get_cog("SpadesCog")
    registry = cog.card_emojis
    assert isinstance(registry, CardEmojis)
    return registry


async def loaded(bot: SpadesBot) -> CardEmojis:
    """The bot's card emojis once it has finished setting them up, with them or without."""
    registry = card_emojis(bot)
    await asyncio.wait_for(registry.done.wait(), WAIT_SECONDS)
    return registry


def calls(fake: FakeDiscord, method: str) -> int:
    path = EMOJIS.format(app=fake.app_id)
    return sum(1 for m, p in fake.requests if (m, p) == (method, path))


def card_of(control: dict[str, Any]) -> Card | None:
    code = control["custom_id"].rsplit(":", 1)[1]
    return Card.parse(code[1:]) if code.startswith("c") else None


def emoji_of(control: dict[str, Any]) -> tuple[str, int]:
    """The emoji on a control, as the bot sent it."""
    emoji = control["emoji"]
    return emoji["name"], int(emoji["id"])


async def card_turn(fake: FakeDiscord, alice: FakeUser, after: int) -> RecordedMessage:
    """Alice's hand once she has cards to play, drawn after table seq ``after``."""

    def playing() -> RecordedMessage | None:
        for message in reversed(hands(fake, alice)):
            if fresh(message, after) and any(card_of(c) for c in action_controls(message)):
                return message.snapshot()
        return None

    return await fake.wait_for(playing, "Alice's turn to play a card")


async def first_card_turn(fake: FakeDiscord, alice: FakeUser) -> RecordedMessage:
    """Open a table with three bots, deal, bid; Alice's DM once she has cards to play."""
    await fake.slash(alice, "spades", "new", bots=3)
    await fake.slash(alice, "spades", "start")
    bidding = await fake.wait_for(
        lambda: next((m for m in fake.dms(alice) if fresh(m, -1)), None), "Alice's bid"
    )
    bid = seq_of(await click_first(fake, alice, bidding.snapshot()))
    return await card_turn(fake, alice, bid)


async def play_and_see_the_trick(fake: FakeDiscord, alice: FakeUser, turn: RecordedMessage) -> str:
    """Alice plays her first card; at her next turn, the trick line her DM shows (the trick
    so far, or the one just won when she leads), once the table message shows it too."""
    control = next(c for c in action_controls(turn) if card_of(c))
    await fake.click(alice, turn, control["custom_id"])
    after = await card_turn(fake, alice, seq_of(control))
    line = next(
        line for line in after.content.splitlines() if line.startswith(("Trick ", "Last trick"))
    )
    general = fake.channel("general")
    await fake.wait_for(
        lambda: (b := board(fake, general)) is not None and line in b.content,
        "the same trick on the table message",
    )
    return line


async def test_card_emojis_are_uploaded_once_and_shown_on_buttons_hands_and_tricks(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as bot:
        registry = await loaded(bot)
        assert registry.ready and registry.uploaded == len(ALL_CARDS)
        # One upload a card, 2 jokers included; each the face drawn for it (red suits red).
        assert calls(fake, "POST") == 54 and calls(fake, "GET") == 1
        uploaded = {emoji.name: emoji for emoji in fake.app_emojis.values()}
        assert {emoji_name(card): card_png(card) for card in ALL_CARDS} == {
            name: emoji.image for name, emoji in uploaded.items()
        }

        turn = await first_card_turn(fake, alice)
        cards = [card for control in action_controls(turn) if (card := card_of(control))]
        assert cards
        for control in action_controls(turn):
            card = card_of(control)
            assert card is not None
            emoji = uploaded[emoji_name(card)]
            # The picture on the button, and the card in words beside it for screen readers.
            assert emoji_of(control) == (emoji.name, emoji.id)
            assert control["label"] == str(card)
        # The hand and the trick in the DM are emojis; the table lines stay in their block.
        shown = {name for name, _ in MARKUP.findall(turn.content)}
        assert {emoji_name(card) for card in cards} <= shown
        hand_line = next(line for line in turn.content.splitlines() if line.startswith("**<:"))
        assert "♠" not in hand_line and "♥" not in hand_line
        for name, emoji_id in MARKUP.findall(turn.content):
            assert uploaded[name].id == int(emoji_id)
        # The trick (or the last trick) in her DM and on the table message: emojis.
        trick = await play_and_see_the_trick(fake, alice, turn)
        assert len(MARKUP.findall(trick)) >= 1
        assert not any(symbol in trick for symbol in "♠♥♦♣")
        emoji_ids = {emoji_of(c)[1] for c in action_controls(turn)}

    # A restart finds them by name: nothing is uploaded again, and the buttons show the same.
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as again:
        registry = await loaded(again)
        assert registry.ready and registry.uploaded == 0
        assert calls(fake, "POST") == 54 and calls(fake, "GET") == 2
        assert len(fake.app_emojis) == 54
        table_message = await fake.wait_for(lambda: board(fake, general), "the table message")
        # Still her turn: My hand shows her cards to play, each with the emoji found again.
        mine = await fake.click(alice, table_message, "My hand")
        controls = [c for c in action_controls(mine.responses[0]) if card_of(c)]
        assert controls
        for control in controls:
            card = card_of(control)
            assert card is not None
            assert emoji_of(control) == (emoji_name(card), uploaded[emoji_name(card)].id)
        assert emoji_ids <= {e.id for e in uploaded.values()}


async def test_a_refused_upload_leaves_the_cards_as_text_and_says_so_once(
    fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    alice = fake.add_user("alice")
    # Ten faces are there from an earlier start; the application is then at its limit.
    for card in ALL_CARDS[:10]:
        fake.add_application_emoji(emoji_name(card), card_png(card))
    fake.fail("POST", EMOJIS, 400, 30018)
    store = MemoryStore({fake.guild_id: ONE_HAND})
    with caplog.at_level(logging.INFO, logger="cogs._emojis"):
        async with running(make_bot(fake, store=store, card_emojis=True), fake) as bot:
            registry = await loaded(bot)
            assert not registry.ready and registry.uploaded == 0
            assert calls(fake, "POST") == 1  # the first missing face, refused: no more tried
            turn = await first_card_turn(fake, alice)
            for control in action_controls(turn):
                card = card_of(control)
                assert card is not None and "emoji" not in control
                assert control["label"] == str(card)
            assert "<:" not in turn.content
            # Her cards in words with their suit symbols, as before pictures.
            assert any(symbol in turn.content for symbol in "♠♥♦♣")
            trick = await play_and_see_the_trick(fake, alice, turn)
            assert "<:" not in trick and any(symbol in trick for symbol in "♠♥♦♣")
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "Cards show as text" in warnings[0].getMessage()
    assert "30018" in warnings[0].getMessage() or "Maximum" in warnings[0].getMessage()

    # Once Discord takes them, the next start uploads the 44 missing faces and no others.
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as again:
        registry = await loaded(again)
        assert registry.ready and registry.uploaded == 44
        assert calls(fake, "POST") == 1 + 44
        assert sorted(e.name for e in fake.app_emojis.values()) == sorted(
            emoji_name(card) for card in ALL_CARDS
        )


async def test_without_card_emojis_nothing_is_asked_of_discord(fake: FakeDiscord) -> None:
    """``CARD_EMOJIS=false`` (here, the tests' default): text, and no emoji requests."""
    alice = fake.add_user("alice")
    async with running(make_bot(fake), fake) as bot:
        turn = await first_card_turn(fake, alice)
        assert not card_emojis(bot).ready
        assert all("emoji" not in control for control in action_controls(turn))
    assert calls(fake, "GET") == calls(fake, "POST") == 0


async def test_two_bots_starting_together_share_one_set(fake: FakeDiscord) -> None:
    """Two processes of one bot (shards) on their first start: whichever uploads a face
    first, the other finds it when Discord refuses the name twice, and both show emojis."""
    first = make_bot(fake, store=MemoryStore({fake.guild_id: ONE_HAND}), card_emojis=True)
    second = make_bot(fake, store=MemoryStore({fake.guild_id: ONE_HAND}), card_emojis=True)
    async with running(first, fake), running(second, fake):
        one, two = await loaded(first), await loaded(second)
        assert one.ready and two.ready
        assert one.uploaded + two.uploaded == 54
        assert sorted(e.name for e in fake.app_emojis.values()) == sorted(
            emoji_name(card) for card in ALL_CARDS
        )
        for card in ALL_CARDS:
            assert one.emoji(card) == two.emoji(card) is not None


def shown(fake: FakeDiscord) -> dict[str, bytes]:
    """The application's emojis as Discord keeps them: name to picture."""
    return {emoji.name: emoji.image for emoji in fake.app_emojis.values()}


async def test_emojis_of_a_cards_name_with_another_picture_are_replaced(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older set named ``sb_AS``... with other pictures is never shown: it is deleted
    and the faces uploaded under names carrying their pictures' hashes; when the faces are
    redrawn, the next start deletes the stale ones and uploads the new, with nobody
    cleaning up by hand. Emojis that are not our card faces are left alone."""
    alice = fake.add_user("alice")
    # Every card's name holding the next card's picture, as an old or someone else's set.
    for i, card in enumerate(ALL_CARDS):
        fake.add_application_emoji(emoji_key(card), card_png(ALL_CARDS[(i + 1) % 54]))
    others = {
        "party_parrot": fake.add_application_emoji("party_parrot", card_png(ALL_CARDS[0])),
        "sb_logo": fake.add_application_emoji("sb_logo", card_png(ALL_CARDS[1])),
    }
    old_ids = set(fake.app_emojis)
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as bot:
        registry = await loaded(bot)
        assert registry.ready and registry.uploaded == 54 and registry.deleted == 54
        faces_now = {emoji_name(card): card_png(card) for card in ALL_CARDS}
        assert shown(fake) == faces_now | {n: e.image for n, e in others.items()}
        assert all(
            name.startswith(emoji_key(card) + "_")
            for name, card in zip(faces_now, ALL_CARDS, strict=True)
        )
        # Alice's buttons show the faces just uploaded, none of the old set.
        turn = await first_card_turn(fake, alice)
        for control in action_controls(turn):
            card = card_of(control)
            assert card is not None
            name, emoji_id = emoji_of(control)
            assert emoji_id not in old_ids and fake.app_emojis[emoji_id].image == card_png(card)
            assert name == emoji_name(card)
        for name, emoji_id in MARKUP.findall(turn.content):
            assert emoji_id not in old_ids and fake.app_emojis[int(emoji_id)].name == name

    # The faces are redrawn (here: each card's picture rotated a quarter turn).
    @functools.cache
    def redrawn(card: Card) -> bytes:
        return faces.paint.png(faces._face(card).rotate(90))

    monkeypatch.setattr(faces, "card_png", redrawn)
    monkeypatch.setattr(cogs._emojis, "card_png", redrawn)
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as again:
        registry = await loaded(again)
        assert registry.ready and registry.uploaded == 54 and registry.deleted == 54
        new = {emoji_name(card): redrawn(card) for card in ALL_CARDS}
        assert not new.keys() & faces_now.keys()
        assert shown(fake) == new | {n: e.image for n, e in others.items()}
        for card in ALL_CARDS:
            emoji = registry.emoji(card)
            assert emoji is not None and emoji.id is not None
            assert fake.app_emojis[emoji.id].image == redrawn(card)
    # Those not ours kept their ids and pictures.
    assert all(fake.app_emojis[e.id] == e for e in others.values())


async def test_a_restart_slow_to_find_the_emojis_draws_its_tables_with_them(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as bot:
        await loaded(bot)
        turn = await first_card_turn(fake, alice)
        assert MARKUP.findall(turn.content)

    # After the restart Discord lists the emojis a second late: the restored tables wait
    # for them, and her hand, drawn again, still shows them rather than text.
    fake.delay_answers("GET", EMOJIS.format(app=fake.app_id), 1.0)
    async with running(make_bot(fake, store=store, card_emojis=True), fake) as again:
        assert (await loaded(again)).ready
        await asyncio.sleep(0.3)  # what the restart drew has gone out
        hand = fake.by_id[turn.id]
        # The hand's line: its suits apart, as "|" keeps them.
        hand_line = next(line for line in hand.content.splitlines() if " | " in line)
        assert MARKUP.findall(hand_line), hand.content
        assert not any(symbol in hand_line for symbol in "♠♥♦♣")
