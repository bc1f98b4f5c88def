"""What a tournament shows: its standings or bracket as a picture, and a duplicate round's
results deal by deal in words.

The picture says what the board message says in words: Swiss and round robin as a table
of standings (place, entrant, match points, the format's tie-breaks, and the matchpoint
percentage in a duplicate tournament), single elimination as its bracket. A duplicate
round's breakdown shows, for every deal, what each pair made of the same cards at every
table: the pair, its bid and tricks (from the stored game), its points on the deal and its
matchpoints; it is cut to Discord's limits, any deal being one ``/tournament status`` away.
"""

from __future__ import annotations

import asyncio
import functools
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.competition import tournament as t
from bot.competition.duplicate import DealBreakdown, DealRow, DuplicateRound
from bot.competition.records import from_stored
from bot.engine import HandResult
from bot.i18n import _, format_percent, ngettext
from bot.render.bracket_picture import BracketMatch, bracket_picture
from bot.render.standings_picture import standings_picture
from bot.storage.store import Storage
from cogs._errors import PlayerError

# Discord: an embed's description holds 4,096 characters, a message's embeds 6,000 in all.
EMBED_TEXT = 4000
EMBEDS_TEXT = 5600
FIELD_TEXT = 1024
# The standings picture's rows: a larger field shows its top (the words list as many as fit).
PICTURE_ROWS = 48

# -- the picture ------------------------------------------------------------------------


def _subtitle(state: t.Tournament) -> str:
    fmt = {
        t.Format.SWISS: _("Swiss"),
        t.Format.ROUND_ROBIN: _("Round robin"),
        t.Format.ELIMINATION: _("Single elimination"),
    }[state.settings.format]
    entrants = ngettext("{count} pair", "{count} pairs", len(state.teams)).format(
        count=len(state.teams)
    )
    played = sum(1 for r in state.rounds if r.done)
    rounds = _("round {played} of {total}").format(played=played, total=state.total_rounds())
    if state.phase is t.Phase.FINISHED:
        rounds = _("finished")
    elif state.phase is t.Phase.CANCELLED:
        rounds = _("cancelled")
    return _("{format}, {entrants}, {rounds}").format(format=fmt, entrants=entrants, rounds=rounds)


def standings_table(state: t.Tournament) -> tuple[list[str], list[list[str]]]:
    """The standings picture's headings and rows, as the board says them."""
    headings = [_("#"), _("Pair"), _("Points")]
    if state.settings.format is t.Format.SWISS:
        headings += [_("Buchholz"), _("Difference")]
    else:
        headings += [_("Head to head"), _("Difference")]
    duplicate = state.settings.duplicate
    if duplicate:
        headings.append(_("Matchpoints"))
    rows = []
    for line in t.standings(state):
        name = line.name + (_(" (left)") if line.withdrawn else "")
        row = [str(line.place), name, str(line.points), *(str(f) for f in line.tie_breaks)]
        if duplicate:
            row.append(format_percent(line.share if line.share is not None else 0.5, decimals=1))
        rows.append(row)
    return headings, rows


def _round_name(number: int, total: int) -> str:
    if number == total:
        return _("Final")
    if number == total - 1:
        return _("Semi-finals")
    if number == total - 2:
        return _("Quarter-finals")
    return _("Round {number}").format(number=number)


def bracket(state: t.Tournament) -> tuple[list[str], list[list[BracketMatch]], str]:
    """The bracket's column headings, its rounds (those still to come with empty lines)
    and the champions' name once the final is decided."""
    names = {team.id: team.name for team in state.teams}
    played = [list(r.matches) for r in state.rounds]
    total = max(len(played), state.total_rounds())
    size = len(played[0]) if played else max(1, 1 << (len(state.teams) - 1).bit_length()) // 2
    rounds: list[list[BracketMatch]] = []
    for number in range(1, total + 1):
        matches = played[number - 1] if number <= len(played) else []
        shown = [_bracket_match(m, names) for m in matches]
        count = max(1, size >> (number - 1))
        shown += [BracketMatch("", "")] * (count - len(shown))
        rounds.append(shown)
    champion = ""
    if state.phase is t.Phase.FINISHED and played:
        final = played[-1][0].result
        if final is not None and final.winner is not None:
            champion = names.get(final.winner, "")
    headings = [_round_name(n, total) for n in range(1, total + 1)] + [_("Champions")]
    return headings, rounds, champion


def _bracket_match(match: t.Match, names: Mapping[str, str]) -> BracketMatch:
    top = names.get(match.first, "")
    if match.second is None:
        return BracketMatch(top, None, 0)
    result, winner = match.result, None
    if result is not None and result.winner is not None:
        winner = 0 if result.winner == match.first else 1
    return BracketMatch(top, names.get(match.second, ""), winner)


@dataclass(frozen=True, slots=True)
class Sketch:
    """What the picture shows, in words already in the reader's language: equal sketches
    draw the same bytes, so a board whose standings did not change is not drawn again."""

    title: str
    subtitle: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()  # the standings (Swiss, round robin)
    champions: int = 0
    rounds: tuple[tuple[BracketMatch, ...], ...] | None = None  # the bracket (elimination)
    champion: str = ""
    bye: str = ""

    def draw(self) -> bytes:
        """PNG bytes (the last few sketches' are kept)."""
        return _drawn(self)


@functools.lru_cache(maxsize=16)
def _drawn(sketch: Sketch) -> bytes:
    if sketch.rounds is not None:
        return bracket_picture(
            sketch.title,
            sketch.subtitle,
            sketch.headings,
            sketch.rounds,
            sketch.champion,
            sketch.bye,
        )
    return standings_picture(
        sketch.title, sketch.subtitle, sketch.headings, sketch.rows, sketch.champions
    )


def sketch(state: t.Tournament) -> Sketch | None:
    """What the picture of the standings or the bracket shows, or None before the start."""
    if state.phase is t.Phase.SIGNUP or not state.rounds:
        return None
    title, subtitle = state.settings.name, _subtitle(state)
    if state.settings.format is t.Format.ELIMINATION:
        headings, rounds, champion = bracket(state)
        return Sketch(
            title,
            subtitle,
            tuple(headings),
            rounds=tuple(tuple(r) for r in rounds),
            champion=champion,
            bye=_("bye"),
        )
    headings, rows = standings_table(state)
    champions = 1 if state.phase is t.Phase.FINISHED else 0
    if len(rows) > PICTURE_ROWS:
        subtitle = _("{subtitle}; the top {shown} shown").format(
            subtitle=subtitle, shown=PICTURE_ROWS
        )
    shown = tuple(tuple(row) for row in rows[:PICTURE_ROWS])
    return Sketch(title, subtitle, tuple(headings), shown, champions)


def picture(state: t.Tournament) -> bytes | None:
    """PNG bytes of the standings or the bracket, or None before the start."""
    drawing = sketch(state)
    return None if drawing is None else drawing.draw()


async def picture_file(state: t.Tournament, drawing: Sketch | None = None) -> discord.File | None:
    """The picture as an attachment (drawn off the event loop unless it was drawn for the
    same sketch lately), described for screen readers as the words beside it."""
    drawing = drawing or sketch(state)
    if drawing is None:
        return None
    png = await asyncio.to_thread(drawing.draw)
    what = (
        _("{name}: the bracket, as the message says it.")
        if state.settings.format is t.Format.ELIMINATION
        else _("{name}: the standings, as the message says them.")
    )
    return discord.File(
        io.BytesIO(png),
        filename=f"tournament-{state.id}.png",
        description=what.format(name=state.settings.name)[:1000],
    )


# -- a duplicate round, deal by deal ----------------------------------------------------


def opened_tables(state: t.Tournament, number: int) -> list[t.Match]:
    """The matches of round ``number`` that were played at a table (and so have a game)."""
    return [m for m in state.rounds[number - 1].matches if m.table_id is not None]


async def round_hands(
    storage: Storage, state: t.Tournament, number: int
) -> tuple[dict[int, tuple[HandResult, ...]], dict[int, int]]:
    """Each table's hands (by the table's number in the round) from its stored game, and
    the game's number in ``/history``; a table with no stored game is left out."""
    matches = opened_tables(state, number)
    games = await storage.tournaments.game_ids([m.table_id for m in matches if m.table_id])
    hands: dict[int, tuple[HandResult, ...]] = {}
    numbers: dict[int, int] = {}
    for match in matches:
        game_id = games.get(match.table_id or 0)
        if game_id is None:
            continue
        record = await storage.stats.game(state.settings.guild_id, game_id)
        if record is not None:
            hands[match.board] = record.results
            numbers[match.board] = game_id
    return hands, numbers


def _tables(state: t.Tournament, number: int) -> list[t.Match]:
    """The round's tables as the duplicate scoring counts them (byes left out)."""
    return [m for m in state.rounds[number - 1].matches if m.second is not None]


def deal_words(
    state: t.Tournament,
    number: int,
    deal: DealBreakdown,
    hands: Mapping[int, Sequence[HandResult]],
) -> str:
    """One deal of a duplicate round in words: for each direction's cards, what each pair
    holding them made of them at its table."""
    tables = _tables(state, number)
    lines = [
        "**"
        + ngettext(
            "Deal {deal} (a top is {top} matchpoint)",
            "Deal {deal} (a top is {top} matchpoints)",
            deal.top,
        ).format(deal=deal.deal + 1, top=deal.top)
        + "**"
    ]
    for side, heading in ((0, _("North/South cards:")), (1, _("East/West cards:"))):
        lines.append(heading)
        for row in deal.rows:
            match = tables[row.table]
            lines.append(_pair_line(state, match, row, side, hands.get(match.board, ()), deal))
    return "\n".join(lines)


def _pair_line(
    state: t.Tournament,
    match: t.Match,
    row: DealRow,
    side: int,
    hands: Sequence[HandResult],
    deal: DealBreakdown,
) -> str:
    entrant = row.north_south if side == 0 else row.east_west
    points = row.north_south_points if side == 0 else row.east_west_points
    earned = row.north_south_matchpoints if side == 0 else row.east_west_matchpoints
    name = discord.utils.escape_markdown(state.team(entrant).name)
    hand = hands[deal.deal] if deal.deal < len(hands) else None
    if hand is None:
        return _(
            "Table {board}: {name} scored {points}, {matchpoints} of {top} matchpoints"
        ).format(board=match.board, name=name, points=points, matchpoints=earned, top=deal.top)
    team = hand.teams[side]
    return _(
        "Table {board}: {name} bid {bid}, took {tricks}, scored {points}: "
        "{matchpoints} of {top} matchpoints"
    ).format(
        board=match.board,
        name=name,
        bid=team.bid,
        tricks=team.tricks,
        points=points,
        matchpoints=earned,
        top=deal.top,
    )


def last_duplicate_round(state: t.Tournament) -> tuple[int, DuplicateRound] | None:
    """The latest round whose tables have all finished, with its matchpoints."""
    for number in range(len(state.rounds), 0, -1):
        if not state.rounds[number - 1].done:
            continue
        scored = state.duplicate_round(number)
        if scored is not None:
            return number, scored
    return None


def duplicate_embeds(
    state: t.Tournament,
    found: tuple[int, DuplicateRound] | None,
    hands: Mapping[int, Sequence[HandResult]],
) -> list[discord.Embed]:
    """The latest finished duplicate round (``last_duplicate_round``'s ``found``), deal by
    deal (see ``pages``), from its tables' ``hands`` (``round_hands``)."""
    if found is None:
        return []
    number, scored = found
    return pages(number, [deal_words(state, number, deal, hands) for deal in scored.deals])


def pages(number: int, blocks: Sequence[str]) -> list[discord.Embed]:
    """A round's deals in as many embeds as Discord takes on one message; when they do not
    all fit, the last embed says how to see the rest."""
    title = _("Round {number}, deal by deal: what each pair made of the same cards").format(
        number=number
    )
    grouped: list[list[str]] = [[]]
    used, shown = len(title), 0
    for block in blocks:
        block = block[:EMBED_TEXT]
        if used + len(block) + 2 > EMBEDS_TEXT - 200:
            break
        if sum(len(b) + 2 for b in grouped[-1]) + len(block) > EMBED_TEXT:
            if len(grouped) == 9:
                break
            grouped.append([])
        grouped[-1].append(block)
        used += len(block) + 2
        shown += 1
    embeds = [discord.Embed(description="\n\n".join(page)) for page in grouped if page]
    if embeds:
        embeds[0].title = title
    if shown < len(blocks):
        footer = _(
            "Deals 1 to {shown} of {total} shown: Round {number}, deal by deal (below) or "
            "/tournament status round:{number} deal:<number> shows any deal."
        ).format(shown=shown, total=len(blocks), number=number)
        if embeds:
            embeds[-1].set_footer(text=footer)
        else:
            embeds.append(discord.Embed(title=title, description=footer))
    return embeds


def finished_round(state: t.Tournament, number: int) -> DuplicateRound | None:
    """Round ``number`` of a duplicate tournament once every table has finished it, with
    its matchpoints (None when no table has a deal to score). Raises ``ValueError`` with
    the reason it cannot be shown."""
    if not state.settings.duplicate:
        raise ValueError(_("This tournament is not scored by duplicate."))
    if not 0 < number <= len(state.rounds):
        raise ValueError(
            _("This tournament has rounds 1 to {last}.").format(last=len(state.rounds))
        )
    if not state.rounds[number - 1].done:
        raise ValueError(_secret(number))
    return state.duplicate_round(number)


async def deal_embed(
    storage: Storage,
    state: t.Tournament,
    number: int,
    deal: int,
    scored: DuplicateRound | None,
) -> discord.Embed:
    """``/tournament status round deal``: one deal of a finished duplicate round
    (``scored``, from ``finished_round``) at every table, with each table's game for
    ``/history``. Raises ``ValueError`` with the reason."""
    deals = {d.deal + 1: d for d in scored.deals} if scored is not None else {}
    if deal not in deals:
        raise ValueError(
            _("No table of round {number} has finished deal {deal} yet.").format(
                number=number, deal=deal
            )
        )
    hands, games = await round_hands(storage, state, number)
    embed = discord.Embed(
        title=_("Round {number}, deal {deal}").format(number=number, deal=deal),
        description=deal_words(state, number, deals[deal], hands)[:EMBED_TEXT],
    )
    if games:
        listed = ", ".join(
            _("table {board}: #{game}").format(board=board, game=game)
            for board, game in sorted(games.items())
        )
        embed.set_footer(
            text=_("Replay it with /history game:<number> hand:{deal} ({games}).").format(
                deal=deal, games=listed
            )[:2000]
        )
    return embed


async def duplicate_note(
    client: discord.Client, table_id: int, hand: int | None
) -> tuple[str, str] | None:
    """For ``/history`` of a duplicate tournament's game: refused (``PlayerError``) while
    another table of its round may still be playing the same cards; with ``hand``, that
    deal at every table that held them and each table's game to replay it there. None for
    any other game."""
    storage: Storage | None = getattr(client, "storage", None)
    stored = await storage.tournaments.of_table(table_id) if storage is not None else None
    if storage is None or stored is None:
        return None
    state = from_stored(stored)
    match = state.match_of_table(table_id)
    if match is None or not state.settings.duplicate:
        return None
    if not state.rounds[match.round - 1].done:
        raise PlayerError(_secret(match.round))
    if hand is None:
        return None
    try:
        scored = finished_round(state, match.round)
        embed = await deal_embed(storage, state, match.round, hand, scored)
    except ValueError:
        return None
    name = _("The same cards at every table of round {number}").format(number=match.round)
    games = embed.footer.text or ""
    words = (embed.description or "")[: FIELD_TEXT - len(games) - 2]
    return name, "\n".join(part for part in (words, games) if part)[:FIELD_TEXT]


def _secret(number: int) -> str:
    return _(
        "Other tables of round {number} are still playing these cards: its deals are shown "
        "once every table has finished."
    ).format(number=number)
