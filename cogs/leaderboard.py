"""``/leaderboard``, ``/stats``, ``/history`` and the server leaderboard reset.

Page buttons are ``DynamicItem``s whose custom id carries the board, the mode and the page,
so a board posted before a restart still turns its pages.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any, Literal

import discord
from babel.numbers import format_decimal
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, babel_locale, format_number, format_percent, ngettext
from bot.render.hand_picture import hand_picture
from bot.render.names import player_name, player_names
from bot.render.text import hand_record_text, result_text
from bot.storage.ratings import MIN_RATED_GAMES
from bot.storage.seasons import Season
from bot.storage.stats import (
    METRICS,
    GameRecord,
    LeaderboardPage,
    MemberStats,
    Metric,
    PairPage,
    PairStats,
    Stats,
)
from cogs._answer import answer, keep_in_time, update
from cogs._checks import check_interaction
from cogs._confirm import Confirm
from cogs._errors import PlayerError, answer_error, install_error_handler
from cogs._history_why import WhyPageButton, answer_why, game_record, point_to_why, stats_of
from cogs._names import shown_name, typed_name
from cogs._pages import label_of, page_button, turn_view
from cogs._seasons import chosen_season, scope_label, season_choices, seasons_of
from cogs._tournament_show import duplicate_note

ModeChoice = Literal["all", "partnership", "cutthroat"]
# What a board ranks: members by a metric, or pairs of partners by their pair's rating.
Board = Literal["rating", "wins", "win_rate", "nil", "partnerships"]
BOARDS: tuple[Board, ...] = (*METRICS, "partnerships")

PAGE_SIZE = 10
SEASON_HELP = N_("A season (default: the running one, else all-time), or all-time")
MAX_HISTORY = 10
MODES: tuple[ModeChoice, ...] = ("partnership", "cutthroat")
METRIC_NAMES: dict[Metric, str] = {
    "rating": N_("rating"),
    "wins": N_("wins"),
    "win_rate": N_("win %"),
    "nil": N_("Nil success"),
}
BOARD_NAMES: dict[Board, str] = {metric: METRIC_NAMES[metric] for metric in METRICS}
BOARD_NAMES["partnerships"] = N_("partnerships")
# The mode option's choices: what a board or a member's stats count.
MODE_NAMES: dict[str, str] = {
    "all": N_("all games"),
    "partnership": N_("partnership"),
    "cutthroat": N_("cutthroat"),
}
MODE_CHOICES = [app_commands.Choice(name=label, value=mode) for mode, label in MODE_NAMES.items()]


def mode_of(value: str) -> ModeChoice:
    """The mode option's value as a board reads it (checked against the choices already)."""
    return next((mode for mode in MODES if mode == value), "all")


def percent(value: float | None) -> str:
    return "—" if value is None else format_percent(value)


def number(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "—"
    # Always ``digits`` places, as the reader's language writes them: 25.0, 25,0.
    return format_decimal(value, format="0." + "0" * digits, locale=babel_locale())


def board_line(rank: int, stats: MemberStats, metric: Metric) -> str:
    """One ranked member, the metric first."""
    shown = {
        "rating": number(stats.rating),
        "wins": format_number(stats.wins),
        "win_rate": percent(stats.win_rate),
        "nil": percent(stats.nil_rate),
    }[metric]
    return _("**{rank}.** {name} — {shown}  ({wins}/{games} won, rating {rating})").format(
        rank=rank,
        name=stats.name,
        shown=shown,
        wins=stats.wins,
        games=stats.games,
        rating=number(stats.rating),
    )


def board_text(page: LeaderboardPage) -> str:
    if not page.entries:
        return _(
            "Nobody is ranked yet: members are ranked after a few finished games "
            "(and a few Nils, for Nil success)."
        )
    return "\n".join(board_line(e.rank, e.stats, page.metric) for e in page.entries)


def pair_line(rank: int, pair: PairStats) -> str:
    return _("**{rank}.** {first} & {second}: rating {rating}  ({wins}/{games} won)").format(
        rank=rank,
        first=pair.first_name,
        second=pair.second_name,
        rating=number(pair.rating),
        wins=pair.wins,
        games=pair.games,
    )


def pairs_text(page: PairPage) -> str:
    if not page.entries:
        return _(
            "No partnership is ranked yet: two members are ranked as a pair after {games} "
            "finished games together (a pair with a bot is not ranked)."
        ).format(games=MIN_RATED_GAMES)
    return "\n".join(pair_line(rank, pair) for rank, pair in page.entries)


def board_embed(page: LeaderboardPage | PairPage, season: Season | None = None) -> discord.Embed:
    pages = max(1, -(-page.total // page.limit))
    scope = scope_label(season)
    if isinstance(page, PairPage):
        title = _("Partnerships by rating ({scope})").format(scope=scope)
        embed = discord.Embed(title=title, description=pairs_text(page))
    else:
        mode = MODE_NAMES.get(page.mode or "all", N_("all games"))
        title = _("Leaderboard by {metric} ({mode}, {scope})").format(
            metric=_(METRIC_NAMES[page.metric]), mode=_(mode), scope=scope
        )
        embed = discord.Embed(title=title, description=board_text(page))
    embed.set_footer(
        text=_("Page {page} of {pages}, {ranked} ranked").format(
            page=page.offset // page.limit + 1, pages=pages, ranked=page.total
        )
    )
    return embed


def stats_text(stats: MemberStats) -> str:
    """A member's figures, one per line."""
    nils = stats.nil_attempts
    blind = stats.blind_nil_attempts
    if stats.streak > 0:
        streak = _("{count} won in a row").format(count=stats.streak)
    elif stats.streak < 0:
        streak = _("{count} without a win").format(count=-stats.streak)
    else:
        streak = _("none")
    rating = (
        _("Rating: {rating}").format(rating=number(stats.rating))
        if stats.rating is not None
        else _("Rating: — (after {games} of {needed} games)").format(
            games=stats.rated_games, needed=MIN_RATED_GAMES
        )
    )
    return "\n".join(
        [
            _("Games: {games}, won {wins} ({rate})").format(
                games=stats.games, wins=stats.wins, rate=percent(stats.win_rate)
            ),
            rating,
            _("Bids made: {made}, set: {set}").format(made=stats.bids_made, set=stats.bids_set),
            _("Nil: {made}/{tried} made; blind Nil: {blind_made}/{blind_tried}").format(
                made=stats.nil_made,
                tried=nils,
                blind_made=stats.blind_nil_made,
                blind_tried=blind,
            ),
            _("Bags per hand: {bags}").format(bags=number(stats.bags_per_hand, 2)),
            _("Points per hand: {points}").format(points=number(stats.points_per_hand)),
            _("Streak: {streak}").format(streak=streak),
        ]
    )


async def hand_reply(
    record: GameRecord, game: int, hand: int
) -> tuple[discord.Embed, discord.File]:
    """One hand of a finished game, cards and all, in words and as a picture of the same
    replay; a hand it never reached is refused."""
    hands = {h.hand_number: h for h in record.hands()}
    if hand not in hands:
        raise PlayerError(
            _("Game #{game} has hands 1 to {last}.").format(game=game, last=max(hands, default=0))
        )
    names = player_names(record.summary.seat_names)
    title = _("Game #{game}, hand {hand}").format(game=game, hand=hand)
    text = hand_record_text(hands[hand], names, record.rules)
    # Drawing takes a few tenths of a second, mostly in Pillow's C code: off the event loop.
    typed = [typed_name(name) for name in names]
    png = await asyncio.to_thread(hand_picture, hands[hand], typed, record.rules, title)
    picture = discord.File(
        io.BytesIO(png),
        filename=f"game{game}-hand{hand}.png",
        # The embed's text says the same for screen readers; this names the picture.
        description=_("{title}: every seat's cards, the bids, each trick and the score.").format(
            title=title
        ),
    )
    return discord.Embed(title=title, description=text[:4000]), picture


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"board:(?P<metric>[a-z_]+):(?P<mode>[a-z]+):(?:s(?P<season>\d+):)?(?P<offset>\d+)",
):
    """Turns a leaderboard to the page at ``offset``; ``season`` is the season it shows
    (``None``: all-time; buttons from before seasons carry none and showed all-time)."""

    def __init__(
        self, metric: Board, mode: ModeChoice, season: int | None, offset: int, label: str
    ) -> None:
        scope = "" if season is None else f"s{season}:"
        super().__init__(page_button(f"board:{metric}:{mode}:{scope}{offset}", label))
        self.metric = metric
        self.mode: ModeChoice = mode
        self.season = season
        self.offset = offset

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        metric: Board = next((m for m in BOARDS if m == match["metric"]), "rating")
        mode: ModeChoice = next((m for m in MODES if m == match["mode"]), "all")
        season = None if match["season"] is None else int(match["season"])
        return cls(metric, mode, season, int(match["offset"]), label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        keep_in_time(interaction)
        try:
            stats = stats_of(interaction.client)
            season = None
            if self.season is not None:
                season = await seasons_of(interaction.client).get(self.season)
                if season is None or season.guild_id != interaction.guild_id:
                    raise PlayerError(_("That season is not this server's."))
            page = await board_page(stats, interaction, self.metric, self.mode, season, self.offset)
            embed = board_embed(page, season)
            await update(interaction, embed=embed, view=pager(page, self.metric))
        except Exception as error:  # every failure gets an answer
            await answer_error(interaction, error)


def pager(page: LeaderboardPage | PairPage, metric: Board) -> discord.ui.View:
    """Previous / next buttons, disabled at the ends."""
    mode: ModeChoice = "all" if isinstance(page, PairPage) else page.mode or "all"
    return turn_view(
        lambda to, label: PageButton(metric, mode, page.season, to, label),
        max(0, page.offset - page.limit),
        page.offset + page.limit,
        first=page.offset == 0,
        last=page.offset + page.limit >= page.total,
    )


async def board_page(
    stats: Stats,
    interaction: discord.Interaction,
    metric: Board,
    mode: ModeChoice,
    season: Season | None,
    offset: int,
) -> LeaderboardPage | PairPage:
    at = None if season is None else season.season_id
    if metric == "partnerships":
        return await stats.pair_leaderboard(
            guild_of(interaction), season=at, offset=offset, limit=PAGE_SIZE
        )
    return await stats.leaderboard(
        guild_of(interaction),
        metric,
        mode=None if mode == "all" else mode,
        offset=offset,
        limit=PAGE_SIZE,
        season=at,
    )


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise PlayerError(_("Leaderboards belong to a server: use this in a server channel."))
    return interaction.guild_id


class LeaderboardCog(commands.Cog):
    """Server leaderboards, member stats and past games."""

    def __init__(self, stats: Stats) -> None:
        self.stats = stats

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return check_interaction(interaction)

    @app_commands.command(name="leaderboard", description=N_("This server's best Spades players"))
    @app_commands.describe(
        by=N_("What to rank by (partnerships: pairs who play together)"),
        mode=N_("Partnership or cutthroat games only"),
        season=SEASON_HELP,
    )
    @app_commands.choices(
        by=[app_commands.Choice(name=BOARD_NAMES[m], value=m) for m in BOARDS],
        mode=MODE_CHOICES,
    )
    @app_commands.autocomplete(season=season_choices)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        by: Board = "rating",
        mode: str = "all",
        season: str | None = None,
    ) -> None:
        if by == "partnerships" and mode == "cutthroat":
            raise PlayerError(_("Cutthroat games have no partners: choose another mode."))
        chosen = await chosen_season(seasons_of(interaction.client), guild_of(interaction), season)
        page = await board_page(self.stats, interaction, by, mode_of(mode), chosen, 0)
        await answer(
            interaction, embed=board_embed(page, chosen), view=pager(page, by), ephemeral=False
        )

    @app_commands.command(name="stats", description=N_("A member's Spades stats in this server"))
    @app_commands.describe(
        member=N_("Whose stats (default: yours)"),
        mode=N_("Only one kind of game"),
        season=SEASON_HELP,
        partner=N_("With a partner: the two members' record as a pair"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    @app_commands.autocomplete(season=season_choices)
    async def member_stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        mode: str = "all",
        season: str | None = None,
        partner: discord.Member | None = None,
    ) -> None:
        who = member or interaction.user
        guild = guild_of(interaction)
        chosen = await chosen_season(seasons_of(interaction.client), guild, season)
        at = None if chosen is None else chosen.season_id
        scope = scope_label(chosen)
        if partner is not None:
            await self.pair_stats(interaction, who, partner, chosen)
            return
        kind = mode_of(mode)
        stats = await self.stats.member(guild, who.id, None if kind == "all" else kind, season=at)
        if stats is None:
            raise PlayerError(
                _("{name} has no finished hand here yet ({scope}).").format(
                    name=shown_name(who.display_name), scope=scope
                )
            )
        embed = discord.Embed(
            title=_("{name}'s Spades ({scope})").format(
                name=shown_name(who.display_name), scope=scope
            ),
            description=stats_text(stats),
        )
        await answer(interaction, embed=embed)

    async def pair_stats(
        self,
        interaction: discord.Interaction,
        who: discord.User | discord.Member,
        partner: discord.User | discord.Member,
        season: Season | None,
    ) -> None:
        """Two members' record as partners."""
        if partner.id == who.id:
            raise PlayerError(_("Choose a partner other than the member."))
        at = None if season is None else season.season_id
        pair = await self.stats.pair(guild_of(interaction), who.id, partner.id, season=at)
        names = {"first": shown_name(who.display_name), "second": shown_name(partner.display_name)}
        scope = scope_label(season)
        if pair is None:
            raise PlayerError(
                _(
                    "{first} and {second} have not finished a game as partners here ({scope})."
                ).format(**names, scope=scope)
            )
        rating = (
            _("Rating as a pair: {rating}").format(rating=number(pair.rating))
            if pair.rating is not None
            else _("Rating as a pair: after {games} of {needed} games together").format(
                games=pair.games, needed=MIN_RATED_GAMES
            )
        )
        text = "\n".join(
            [
                _("Games together: {games}, won {wins} ({rate})").format(
                    games=pair.games, wins=pair.wins, rate=percent(pair.win_rate)
                ),
                rating,
            ]
        )
        title = _("{first} & {second} as partners ({scope})").format(**names, scope=scope)
        await answer(interaction, embed=discord.Embed(title=title, description=text))

    @app_commands.command(
        name="history", description=N_("Recent games here, or one game hand by hand")
    )
    @app_commands.describe(
        game=N_("A game number from the list, for its hand-by-hand breakdown"),
        hand=N_("With a game: that hand's cards, bids and tricks, to check the deal"),
        why=N_("With a hand: why each bot bid and played as it did"),
    )
    async def history(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        hand: app_commands.Range[int, 1] | None = None,
        why: bool = False,
    ) -> None:
        guild = guild_of(interaction)
        if hand is not None and game is None:
            raise PlayerError(
                _("Give the game's number too: /history game:<number> hand:<number>.")
            )
        if why and hand is None:
            raise PlayerError(
                _("Give a game and a hand: /history game:<number> hand:<number> why:True.")
            )
        if game is not None:
            record = await game_record(self.stats, guild, game)
            await self._one_game(interaction, record, game, hand, why=why)
            return
        await answer(interaction, embed=await recent_games(self.stats, guild))

    async def _one_game(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        game: int,
        hand: int | None,
        *,
        why: bool,
    ) -> None:
        """``/history game``: the game hand by hand, or one hand (its picture, or ``why``
        the bots moved as they did)."""
        names = player_names(record.summary.seat_names)
        # A duplicate tournament's game: hidden while other tables play the same cards;
        # a deal of it, with what every table made of those cards.
        duplicate = await duplicate_note(interaction.client, record.summary.table_id, hand)
        if hand is not None and why:
            await answer_why(interaction, record, game, hand)
            return
        if hand is not None:
            embed, picture = await hand_reply(record, game, hand)
            point_to_why(embed, record, game, hand)
            if duplicate is not None:
                embed.add_field(name=duplicate[0], value=duplicate[1], inline=False)
            await answer(interaction, embed=embed, file=picture)
            return
        hands = [result_text(r, names, record.rules) for r in record.results]
        text = "\n\n".join(hands) or _("No hand was finished in that game.")
        title = _("Game #{game} ({preset}), hand by hand").format(
            game=game, preset=record.summary.preset
        )
        embed = discord.Embed(title=title, description=text[:4000])
        embed.set_footer(
            text=_(
                "Dealt from seed {seed}. /history game:{game} hand:<number> shows a hand's"
                " cards and tricks."
            ).format(seed=record.seed, game=game)
        )
        await answer(interaction, embed=embed)

    @app_commands.command(
        name="resetleaderboard", description=N_("Start this server's leaderboard afresh")
    )
    @app_commands.guild_only()
    # Hidden from members without Manage Server (a server's admins may show it to others in
    # its Integrations settings, so the check below stays).
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction) -> None:
        guild_id = guild_of(interaction)

        async def reset() -> str:
            await self.stats.reset_leaderboard(guild_id)
            return _("The leaderboard starts afresh. Past games stay in /history.")

        view = Confirm(
            interaction.user.id,
            yes=_("Reset the leaderboard"),
            no=_("Keep it"),
            on_yes=reset,
            cancelled=_("Nothing was reset."),
            timeout=60,
        )
        await answer(
            interaction,
            _(
                "Reset this server's leaderboard? Ratings, wins and streaks start from zero; "
                "past games stay in /history."
            ),
            view=view,
        )


async def setup(bot: commands.Bot) -> None:
    install_error_handler(bot.tree)
    bot.add_dynamic_items(PageButton, WhyPageButton)
    await bot.add_cog(LeaderboardCog(stats_of(bot)))


async def recent_games(stats: Stats, guild: int) -> discord.Embed:
    """``/history``'s list: the server's latest finished games, newest first."""
    games = await stats.history(guild, limit=MAX_HISTORY)
    if not games:
        raise PlayerError(_("No game has finished in this server yet."))
    lines = []
    for summary in games:
        sides = _(" vs ").join(
            f"{' & '.join(player_name(seat.name) for seat in side.seats)} {side.score}"
            for side in summary.sides
        )
        ending = (
            _("stopped")
            if summary.stopped
            else ngettext("{count} hand", "{count} hands", summary.hands).format(
                count=summary.hands
            )
        )
        lines.append(
            _("**#{game}** {preset}, {ending}: {sides}").format(
                game=summary.game_id, preset=summary.preset, ending=ending, sides=sides
            )
        )
    embed = discord.Embed(title=_("Recent games"), description="\n".join(lines))
    embed.set_footer(text=_("/history game:<number> shows a game hand by hand."))
    return embed
