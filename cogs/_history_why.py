"""``/history game:<n> hand:<h> why:True``: why each bot moved as it did in a finished hand,
in full (naming every card, the hand being over), trick by trick, in as many pages as
Discord's limits need (a field holds 1,024 characters, an embed 6,000 and 25 fields), one
message turned with Previous / Next."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ai.reasons import hand_reasons
from bot.i18n import _
from bot.render.names import player_names
from bot.render.why import hand_why
from bot.storage.stats import GameRecord, Stats
from cogs._answer import answer, keep_in_time, update
from cogs._errors import PlayerError, answer_error, storage_of
from cogs._pages import label_of, page_button, turn_view
from cogs._tournament_show import duplicate_note

FIELD_TEXT = 1024
EMBED_TEXT = 5500  # of Discord's 6,000 for an embed: room for the title and the headings
EMBED_FIELDS = 25


def stats_of(client: discord.Client) -> Stats:
    return storage_of(client, _("Stats are not kept by this bot (it runs without storage).")).stats


async def game_record(stats: Stats, guild_id: int, game: int) -> GameRecord:
    """The server's game #``game``; refused (``PlayerError``) when it has none such."""
    record = await stats.game(guild_id, game)
    if record is None:
        raise PlayerError(_("There is no game #{game} in this server's history.").format(game=game))
    return record


async def answer_why(
    interaction: discord.Interaction, record: GameRecord, game: int, hand: int
) -> None:
    """Answer with why the bots moved as they did in ``hand``, seen only by the member who
    asked: its first page, with buttons to the others when there are more."""
    pages = why_pages(record, game, hand)
    await answer(interaction, embed=pages[0], view=why_pager(game, hand, 0, len(pages)))


class WhyPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"why:(?P<game>\d+):(?P<hand>\d+):(?P<page>\d+)",
):
    """Turns ``/history ... why:True``'s answer to page ``page`` (0-based) of that hand's
    reasons, read again from the store (the answer is ephemeral, so only its asker sees
    the button)."""

    def __init__(self, game: int, hand: int, page: int, label: str) -> None:
        super().__init__(page_button(f"why:{game}:{hand}:{page}", label))
        self.game, self.hand, self.page = game, hand, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhyPageButton:
        return cls(int(match["game"]), int(match["hand"]), int(match["page"]), label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        keep_in_time(interaction)
        try:
            stats = stats_of(interaction.client)
            record = await game_record(stats, interaction.guild_id or 0, self.game)
            # A duplicate tournament's cards stay hidden while another table plays them.
            await duplicate_note(interaction.client, record.summary.table_id, self.hand)
            pages = why_pages(record, self.game, self.hand)
            page = min(self.page, len(pages) - 1)
            view = why_pager(self.game, self.hand, page, len(pages))
            await update(interaction, embed=pages[page], view=view)
        except Exception as error:  # every failure gets an answer
            await answer_error(interaction, error)


def why_pager(game: int, hand: int, page: int, pages: int) -> discord.ui.View | None:
    """Previous / next buttons for page ``page`` of ``pages`` (none for one page),
    disabled at the ends."""
    if pages < 2:
        return None
    return turn_view(
        lambda to, label: WhyPageButton(game, hand, to, label),
        max(0, page - 1),
        min(pages - 1, page + 1),
        first=page == 0,
        last=page == pages - 1,
    )


def point_to_why(embed: discord.Embed, record: GameRecord, game: int, hand: int) -> None:
    """On a hand's replay, say how to see why its bots moved, when it had any."""
    if hand_reasons(record.reasons, hand):
        embed.set_footer(
            text=_(
                "/history game:{game} hand:{hand} why:True tells why the bots moved as they did."
            ).format(game=game, hand=hand)
        )


def why_pages(record: GameRecord, game: int, hand: int) -> list[discord.Embed]:
    """The embeds that tell why the bots moved as they did in a finished hand; refused
    (``PlayerError``) when no bot's reasons were kept for it."""
    hands = {h.hand_number: h for h in record.hands()}
    if hand not in hands:
        raise PlayerError(
            _("Game #{game} has hands 1 to {last}.").format(game=game, last=max(hands, default=0))
        )
    reasons = hand_reasons(record.reasons, hand)
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
