"""The table in the language of whoever reads it, through the fake Discord: the table message
and the channel's notices in the server's table language, a member's DM hand and turn in
their own; and a whole game under the pseudo-locale, with no word of the table's escaping
translation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import (
    Action,
    Bid,
    CallRenege,
    Card,
    Claim,
    PassCards,
    PlayCard,
    RequestRedeal,
    RevealCards,
    Rules,
)
from bot.i18n import ngettext, use_locale
from bot.storage.records import MemoryStore
from bot.storage.store import Storage
from cogs._codes import action_label, draw_label
from cogs._ui import hand_button, lobby_buttons, rematch_button, why_button
from devtools.fake_discord import FakeChannel, FakeDiscord, FakeUser, RecordedMessage, running
from devtools.pseudo import (
    OPEN,
    PSEUDO_LOCALE,
    escaped_in_bodies,
    escaped_words,
    install_pseudo,
    uninstall_pseudo,
)
from tests.discord.spades_helpers import (
    CONTROL_ID,
    ONE_HAND,
    click_first,
    ephemerals,
    fresh,
    make_bot,
    seq_of,
)
from tests.discord.test_spades_turns import presenter_of

# Discord's limits on what a message carries.
LABEL_LIMIT, PLACEHOLDER_LIMIT, MESSAGE_LIMIT = 80, 150, 2000


def table_message(fake: FakeDiscord, channel: FakeChannel) -> RecordedMessage | None:
    """The newest message in ``channel`` with a table's controls (in any language: found by
    their custom ids, which no language changes)."""
    shown = [
        m
        for m in fake.messages(channel)
        if any(CONTROL_ID.fullmatch(c.get("custom_id", "")) for c in m.controls())
    ]
    return shown[-1] if shown else None


def over(fake: FakeDiscord, channel: FakeChannel) -> bool:
    """The table message offers the rematch: the game is over."""
    message = table_message(fake, channel)
    return message is not None and any(
        c["custom_id"].endswith(":rematch") for c in message.controls()
    )


async def play_to_the_end(fake: FakeDiscord, member: FakeUser, channel: FakeChannel) -> int:
    """The member plays the first action offered in their newest DM hand until the game is
    over; returns how many times they acted."""
    last, acted = -1, 0

    def turn() -> RecordedMessage | bool:
        if over(fake, channel):
            return True
        return next((m for m in reversed(fake.dms(member)) if fresh(m, last)), False)

    while True:
        found = await fake.wait_for(turn, "the member's turn or the end of the game")
        if found is True:
            return acted
        assert isinstance(found, RecordedMessage)
        last = seq_of(await click_first(fake, member, found.snapshot()))
        acted += 1


async def test_a_german_servers_table_speaks_german_to_the_channel_and_portuguese_by_dm(
    fake: FakeDiscord,
) -> None:
    bia = fake.add_user("bia", locale="pt-BR")
    general = fake.channel("general")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    # The server's Discord is in English; its table language, chosen, is German.
    await store.set_guild_locale(fake.guild_id, "de")
    async with running(make_bot(fake, store=store), fake):
        await fake.slash(bia, "spades", "new", bots=3)
        lobby = await fake.wait_for(lambda: table_message(fake, general), "the lobby")
        assert lobby.content.startswith("**Spades-Tisch** — wartet auf Spieler · 4 Plätze")
        assert [c["label"] for c in lobby.controls()][:3] == ["Beitreten", "Verlassen", "Starten"]
        await fake.slash(bia, "spades", "start")

        # Her hand comes by DM in Portuguese: her turn to bid, her cards in Brazil's letters.
        dm = (
            await fake.wait_for(
                lambda: next((m for m in fake.dms(bia) if fresh(m, -1)), None), "bia's hand"
            )
        ).snapshot()
        assert dm.content.startswith("**Sua vez** de apostar."), dm.content
        # The same moment on the table message, in German, with its button in German.
        board = await fake.wait_message(general, lambda m: "sagt an" in m.content)
        assert board.content.startswith("**Spades** · Spiel 1"), board.content
        assert "**bia** sagt an." in board.content
        assert "Mein Blatt" in [c.get("label") for c in board.controls()]

        # Her bid and her thirteen cards.
        assert await play_to_the_end(fake, bia, general) == 14
        final = table_message(fake, general)
        assert final is not None
        assert final.content.startswith("**Partie vorbei.**"), final.content
        assert [c["label"] for c in final.controls()] == ["Revanche"]
        # The channel's notice of the end is German; her last DM hand Portuguese.
        ended = await fake.wait_message(
            general, lambda m: "Revanche" in m.content and not m.controls()
        )
        assert ended.content.endswith("Noch einmal mit denselben Plätzen? Fordere eine Revanche.")
        assert fake.dms(bia)[-1].content.startswith("**O jogo acabou.**")


async def test_a_member_with_closed_dms_reads_their_ephemeral_hand_in_their_language(
    fake: FakeDiscord,
) -> None:
    ana, leo = fake.add_user("ana", locale="es-ES"), fake.add_user("leo", locale="fr")
    fake.close_dms(leo)
    general = fake.channel("general")
    fake.guild_locale = "de"  # no table language chosen: the server's Discord's
    async with running(make_bot(fake), fake):
        await fake.slash(ana, "spades", "new", bots=2)
        await fake.slash(leo, "spades", "join")
        await fake.slash(ana, "spades", "start")
        # Leo is told in French, only to him, why his hand shows there; the channel hears
        # it in German, with a mention.
        told = await fake.wait_for(
            lambda: [m for m in ephemerals(fake, leo) if "Ma main" in m.text],
            "leo told, in French, that his DMs are closed",
        )
        assert told[0].text.startswith("Je ne peux pas vous envoyer de message privé")
        said = await fake.wait_message(general, lambda m: f"<@{leo.id}>" in m.content)
        assert said.content.startswith(f"<@{leo.id}> Ich kann dir keine Direktnachrichten")
        # Ana's DM hand is Spanish; the table message German.
        hand = await fake.wait_for(lambda: fake.dms(ana), "ana's hand")
        assert hand[0].content.startswith(("**Te toca**", "Esperando a que")), hand[0].content
        board = table_message(fake, general)
        assert board is not None and board.content.startswith("**Spades** · Spiel 1")


@pytest.fixture
def pseudo_locale() -> Iterator[str]:
    install_pseudo()
    yield PSEUDO_LOCALE
    uninstall_pseudo()


def _sent_by_the_table(bodies: list[tuple[str, str, Any]]) -> list[Any]:
    """Everything the bot wrote for members to read: channel and DM messages and their
    edits (the table message, notices, turn mentions, DM hands), the answers to commands
    and clicks, and the follow-ups sent and edited with interactions' tokens."""
    return [body for method, path, body in bodies if _shown_words(method, path)]


def _shown_words(method: str, path: str) -> bool:
    if method not in ("POST", "PATCH"):
        return False
    if path.startswith("/channels/"):
        return "/messages" in path
    return path.startswith(("/interactions/", "/webhooks/"))


# The presets whose games are played whole in the pseudo-locale, with what each sets on
# top: Evil Spades starts at a rule with a name and forced bids (11, the kiss of death).
PSEUDO_GAMES = {"classic": {}, "mo": {}, "evil": {"evil_start": "11"}, "gambling": {}}


@pytest.mark.parametrize("preset", list(PSEUDO_GAMES))
async def test_a_whole_game_reads_only_in_the_pseudo_locale(
    fake: FakeDiscord, pseudo_locale: str, tmp_path: Path, preset: str
) -> None:
    # From /spades new to the final score and /history: every word any member reads.
    psi = fake.add_user("psi", locale=pseudo_locale)
    general = fake.channel("general")
    fake.guild_locale = pseudo_locale
    storage = await Storage.open(tmp_path / "spades.sqlite3")
    await storage.house_rules.apply_preset(fake.guild_id, preset)
    for option, value in PSEUDO_GAMES[preset].items():
        await storage.house_rules.set_option(fake.guild_id, option, value)
    await storage.house_rules.set_option(fake.guild_id, "play_to", "hands")
    await storage.house_rules.set_option(fake.guild_id, "hands_to_play", "1")
    extensions = ("cogs.spades", "cogs.leaderboard")
    async with running(make_bot(fake, storage=storage, extensions=extensions), fake):
        await fake.slash(psi, "spades", "new", bots=3)
        await fake.wait_for(lambda: table_message(fake, general), "the lobby")
        await fake.slash(psi, "spades", "start")
        # The table message's own buttons answer with the table's words: My hand shows her
        # hand, Why? why the last bot moved as it did.
        dealt = await fake.wait_for(
            lambda: (m := table_message(fake, general)) and ":why" in str(m.controls()) and m,
            "the table message of the game",
        )
        mine = await fake.click(psi, dealt, ":hand")
        assert mine.text and escaped_words(mine.text, ["psi"]) == []
        await fake.wait_for(lambda: any(fresh(m, -1) for m in fake.dms(psi)), "psi's hand")
        await click_first(fake, psi, fake.dms(psi)[-1].snapshot())
        why = await fake.click(psi, dealt, ":why")
        assert why.text and escaped_words(why.text, ["psi"]) == []
        acted = await play_to_the_end(fake, psi, general)
        assert acted == 13 or (preset != "classic" and acted >= 13)
        final = table_message(fake, general)
        assert final is not None and final.content.startswith("[")
        listed = await fake.slash(psi, "history", channel=general)
        replayed = await fake.slash(psi, "history", channel=general, game=1, hand=1)
        [shown_list] = listed.responses
        [shown_hand] = replayed.responses
        assert shown_list.embeds and shown_hand.embeds and shown_hand.attachments
        sent = _sent_by_the_table(fake.bodies)
        # Names are the members' own, not words of the bot's; the bots' are the bot's.
        names = ["psi"]
        assert len(sent) > 30
        assert escaped_in_bodies(sent, allowed=names) == []
        # What Discord would refuse in any language: long labels, placeholders, messages.
        for body in sent:
            data = body.get("data", body)
            assert len(data.get("content") or "") <= MESSAGE_LIMIT
            for row in data.get("components") or []:
                for control in row.get("components", []):
                    assert len(control.get("label", "")) <= LABEL_LIMIT, control
                    assert len(control.get("placeholder", "")) <= PLACEHOLDER_LIMIT, control
    await storage.close()


@pytest.mark.parametrize("locale", ["en-US", "es-ES", "pt-BR", "fr", "de"])
def test_the_tables_controls_fit_discords_limits_in_every_language(locale: str) -> None:
    """Every label the table's buttons and selects carry, with the longest name Discord
    allows, within Discord's 80 characters; the custom ids the same in every language."""
    longest = "W" * 32
    names = [longest] * 4
    offer = (Card.parse("QD"), Card.parse("10H"))
    actions: list[Action] = [
        Bid(0, 13),
        Bid(0, 0),
        Bid(0, 0, blind=True),
        PlayCard(0, Card.parse("10H")),
        PassCards(0, (Card.parse("KS"), Card.parse("QD"), Card.parse("10H"))),
        RevealCards(0),
        Claim(0),
        CallRenege(0, 1),
        RequestRedeal(0),
    ]
    rules = Rules()
    with use_locale(locale):
        labels = [action_label(a, rules, names, offer) for a in actions]
        labels += [draw_label(keep, shown) for keep in (True, False) for shown in ((), offer[:1])]
        buttons = [*lobby_buttons(), hand_button(1), rematch_button(1), why_button(1)]
        labels += [button.item.label or "" for button in buttons]
        placeholders = [
            ngettext("Pass {count} card to your partner", "Pass {count} cards to your partner", n)
            for n in (1, 3)
        ]
        ids = [button.item.custom_id for button in buttons]
    with use_locale("en-US"):
        english = [b.item.custom_id for b in (*lobby_buttons(), hand_button(1), rematch_button(1))]
    assert all(1 <= len(label) <= LABEL_LIMIT for label in labels), labels
    assert all(len(text) <= PLACEHOLDER_LIMIT for text in placeholders), placeholders
    assert ids[: len(english)] == english


async def test_the_table_messages_buttons_read_the_language_they_are_drawn_in(
    fake: FakeDiscord,
) -> None:
    # The table message's controls are made once for each table and language, and shared
    # by its edits: drawn in another language, or once that language's catalog changed,
    # they read its words.
    alice = fake.add_user("alice")
    general = fake.channel("general")
    async with running(make_bot(fake, store=MemoryStore({fake.guild_id: ONE_HAND})), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.find(general.id)
        assert table is not None
        presenter = presenter_of(bot)

        def labels(locale: str) -> list[str]:
            with use_locale(locale):
                view = presenter.board_picture(table).view
            assert view is not None
            return [c["label"] for row in view.to_components() for c in row["components"]]

        english = labels("en-US")
        assert english[0] == "My hand"
        # Made once and shared by the table message's edits while they stay the same.
        with use_locale("en-US"):
            assert presenter.board_picture(table).view is presenter.board_picture(table).view
        assert labels("de")[0] == "Mein Blatt"
        assert labels("en-US") == english
        assert labels(PSEUDO_LOCALE) == english  # no catalog yet: the source's words
        install_pseudo()
        try:
            pseudo = labels(PSEUDO_LOCALE)
        finally:
            uninstall_pseudo()
        assert pseudo != english and all(OPEN in label for label in pseudo), pseudo
