"""``/history game:<n> hand:<h> why:True``: why each bot moved as it did in a finished hand,
in full (naming every card, the hand being over), trick by trick, in as many embeds as
Discord's limits need (a field holds 1,024 characters, an embed 6,000 and 25 fields)."""

from __future__ import annotations

import discord

from bot.ai.reasons import Reason, reason_from_json
from bot.i18n import _
from bot.render.names import player_names
from bot.render.why import hand_why
from bot.storage.stats import GameRecord
from cogs._answer import answer
from cogs._errors import PlayerError

FIELD_TEXT = 1024
EMBED_TEXT = 5500  # of Discord's 6,000 for an embed: room for the title and the headings
EMBED_FIELDS = 25


async def answer_why(
    interaction: discord.Interaction, record: GameRecord, game: int, hand: int
) -> None:
    """Answer with why the bots moved as they did in ``hand``: the first part, then the
    rest as follow-ups, all seen only by the member who asked."""
    for page in why_pages(record, game, hand):
        await answer(interaction, embed=page)


def point_to_why(embed: discord.Embed, record: GameRecord, game: int, hand: int) -> None:
    """On a hand's replay, say how to see why its bots moved, when it had any."""
    if hand_reasons(record, hand):
        embed.set_footer(
            text=_(
                "/history game:{game} hand:{hand} why:True tells why the bots moved as they did."
            ).format(game=game, hand=hand)
        )


def hand_reasons(record: GameRecord, hand: int) -> list[Reason]:
    """The bots' reasons for their moves in ``hand`` of the game, in the order made (a
    reason the bot could not read, from another version, is left out)."""
    found = []
    for text in record.reasons:
        if text is None:
            continue
        try:
            reason = reason_from_json(text)
        except (ValueError, KeyError, TypeError):
            continue
        if reason.hand_number == hand:
            found.append(reason)
    return found


def why_pages(record: GameRecord, game: int, hand: int) -> list[discord.Embed]:
    """The embeds that tell why the bots moved as they did in a finished hand; refused
    (``PlayerError``) when no bot's reasons were kept for it."""
    hands = {h.hand_number: h for h in record.hands()}
    if hand not in hands:
        raise PlayerError(
            _("Game #{game} has hands 1 to {last}.").format(game=game, last=max(hands, default=0))
        )
    reasons = hand_reasons(record, hand)
    if not reasons:
        raise PlayerError(
            _(
                "No bot's reasons were kept for hand {hand} of game #{game}: no bot played in"
                " it, or it was played before the bots' reasons were kept."
            ).format(hand=hand, game=game)
        )
    names = player_names(record.summary.seat_names)
    members = {s.seat for side in record.summary.sides for s in side.seats if s.bot is None}
    fields: list[tuple[str, str]] = []
    for heading, texts in hand_why(hands[hand], reasons, record.rules, names, members):
        fields += [(heading, chunk) for chunk in _chunks(texts)]
    pages: list[list[tuple[str, str]]] = [[]]
    for field in fields:
        page = pages[-1]
        size = sum(len(name) + len(value) for name, value in page)
        if page and (
            size + len(field[0]) + len(field[1]) > EMBED_TEXT or len(page) >= EMBED_FIELDS
        ):
            pages.append([])
        pages[-1].append(field)
    return [_page(game, hand, fields, i, len(pages)) for i, fields in enumerate(pages, 1)]


def _chunks(texts: list[str]) -> list[str]:
    """The moves' answers joined into field values of at most ``FIELD_TEXT`` characters,
    one move never split between two (one longer than a field is cut)."""
    chunks: list[str] = []
    for text in texts:
        text = text[:FIELD_TEXT]
        if chunks and len(chunks[-1]) + 2 + len(text) <= FIELD_TEXT:
            chunks[-1] += "\n\n" + text
        else:
            chunks.append(text)
    return chunks


def _page(
    game: int, hand: int, fields: list[tuple[str, str]], number: int, of: int
) -> discord.Embed:
    title = _("Game #{game}, hand {hand}: why the bots moved as they did").format(
        game=game, hand=hand
    )
    if of > 1:
        title += " " + _("(part {number} of {count})").format(number=number, count=of)
    embed = discord.Embed(title=title)
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    return embed
