"""``/season start``, ``/season end`` and ``/season list``, and the post of a season's final
standings (a picture and the same in words, with its champions).

Starting and ending take Manage Server, like ``/changerules``; the group stays listed to
everyone for ``/season list``, so the bot itself checks the permission. A season with an end
time ends by itself (``bot.season_timers``); the same post follows either end.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.competition.seasons import soft_reset
from bot.i18n import N_, _, format_percent, ngettext, use_locale
from bot.render.standings_picture import standings_picture
from bot.season_timers import SeasonTimers
from bot.storage.ratings import MIN_RATED_GAMES
from bot.storage.records import StorageFailed
from bot.storage.seasons import Season, SeasonNameTaken, SeasonRunning, Seasons
from bot.storage.stats import LeaderboardPage, PairPage, Stats
from cogs._answer import answer, echo
from cogs._checks import check_interaction
from cogs._errors import PlayerError, install_error_handler
from cogs._languages import server_language
from cogs._seasons import ALL_TIME, seasons_of

# How far ratings move back toward a newcomer's at a season's start, unless chosen.
DEFAULT_RESET = 0.5
NAME_LIMIT = 40
# A season ends within ten years: a longer wait is surely a typing slip.
MAX_DAYS = 3650
# Members shown in the final standings (the picture and the words).
SHOWN = 10
# What the end post needs in a channel: to see it, write in it, and show an embed and a file.
POST_NEEDS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True
)
DAY = 86400


def end_time(text: str, now: float) -> int:
    """When a season given ``ends`` stops, in Unix seconds: a number of days from now, a
    UTC date (the season ends as that day ends) or a UTC date and time."""
    value = text.strip()
    if value.isdigit():
        days = int(value)
        if not 1 <= days <= MAX_DAYS:
            raise PlayerError(_("A season lasts from 1 to {most} days.").format(most=MAX_DAYS))
        return int(now) + days * DAY
    try:
        if len(value) == 10:
            day = date.fromisoformat(value) + timedelta(days=1)
            when = datetime.combine(day, time(0), UTC)
        else:
            when = datetime.fromisoformat(value)
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
    except ValueError:
        raise PlayerError(
            _(
                "`{value}` is not an end: give a number of days (30), a UTC date "
                "(2026-12-31) or a UTC date and time (2026-12-31T18:00)."
            ).format(value=echo(text))
        ) from None
    ends = int(when.timestamp())
    if ends <= now:
        raise PlayerError(_("That end has already passed: give a later one."))
    if ends > now + MAX_DAYS * DAY:
        raise PlayerError(_("A season lasts from 1 to {most} days.").format(most=MAX_DAYS))
    return ends


def season_name(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise PlayerError(_("Give the season a name."))
    if len(name) > NAME_LIMIT:
        raise PlayerError(
            _("A season's name is at most {limit} characters.").format(limit=NAME_LIMIT)
        )
    if name.lower() == ALL_TIME:
        raise PlayerError(
            _("“{name}” names the all-time record: choose another name.").format(name=ALL_TIME)
        )
    return name


def champions(page: LeaderboardPage) -> list[str]:
    """The top rated member(s) of a season's final standings (ties share the title)."""
    if not page.entries:
        return []
    best = page.entries[0].stats.rating
    return [entry.stats.name for entry in page.entries if entry.stats.rating == best]


def standings_words(season: Season, page: LeaderboardPage, pairs: PairPage) -> str:
    """A season's final standings in words: its champions, the ranked members, its best
    partnership."""
    crowned = champions(page)
    if crowned:
        lines = [
            ngettext("Champion: **{names}**", "Champions: **{names}**", len(crowned)).format(
                names=", ".join(crowned)
            )
        ]
    else:
        lines = [
            _("No champion: nobody played {games} rated games this season.").format(
                games=MIN_RATED_GAMES
            )
        ]
    for entry in page.entries:
        stats = entry.stats
        lines.append(
            _("**{rank}.** {name}: rating {rating:.1f}, {wins} of {games} won").format(
                rank=entry.rank,
                name=stats.name,
                rating=stats.rating,
                wins=stats.wins,
                games=stats.games,
            )
        )
    if pairs.entries:
        _rank, pair = pairs.entries[0]
        lines.append(
            _(
                "Best partnership: {first} & {second}, rating {rating:.1f}, {wins} of {games} won"
            ).format(
                first=pair.first_name,
                second=pair.second_name,
                rating=pair.rating,
                wins=pair.wins,
                games=pair.games,
            )
        )
    return "\n".join(lines)


def standings_rows(page: LeaderboardPage) -> list[list[str]]:
    return [
        [
            str(entry.rank),
            entry.stats.name,
            f"{entry.stats.rating:.1f}",
            str(entry.stats.wins),
            str(entry.stats.games),
        ]
        for entry in page.entries
    ]


async def standings_post(
    stats: Stats, season: Season
) -> tuple[discord.Embed, Callable[[], discord.File]]:
    """A season's final standings: the words in an embed, and the picture attached to it
    (a new file for each message it is sent with: a file is read as it is sent)."""
    page = await stats.leaderboard(season.guild_id, "rating", season=season.season_id, limit=SHOWN)
    pairs = await stats.pair_leaderboard(season.guild_id, season=season.season_id, limit=1)
    title = _("Season “{name}” is over").format(name=season.name)
    words = standings_words(season, page, pairs)
    subtitle = ngettext(
        "{count} member ranked (rated after {games} games)",
        "{count} members ranked (rated after {games} games)",
        page.total,
    ).format(count=page.total, games=MIN_RATED_GAMES)
    headings = [_("#"), _("Member"), _("Rating"), _("Won"), _("Games")]
    png = await asyncio.to_thread(
        standings_picture,
        title,
        subtitle,
        headings,
        standings_rows(page),
        len(champions(page)),
    )
    filename = f"season-{season.season_id}.png"
    described = _("{title}: the final standings, as the message says them.").format(title=title)

    def picture() -> discord.File:
        return discord.File(io.BytesIO(png), filename=filename, description=described)

    embed = discord.Embed(title=title, description=words)
    embed.set_image(url=f"attachment://{filename}")
    embed.set_footer(
        text=_("/leaderboard season:{name} shows every ranked member.").format(name=season.name)
    )
    return embed, picture


def season_line(season: Season) -> str:
    started = f"<t:{season.started_at}:d>"
    if season.running:
        if season.ends_at is None:
            return _("**{name}**: running since {start}, until a moderator ends it").format(
                name=season.name, start=started
            )
        return _("**{name}**: running since {start}, ends {end}").format(
            name=season.name, start=started, end=f"<t:{season.ends_at}:R>"
        )
    assert season.ended_at is not None
    return _("**{name}**: {start} to {end}").format(
        name=season.name, start=started, end=f"<t:{season.ended_at}:d>"
    )


class SeasonCog(
    commands.GroupCog,
    group_name="season",
    group_description=N_(
        "This server's seasons: ratings of their own, final standings and champions."
    ),
):
    """This server's seasons: ratings of their own, final standings and champions."""

    def __init__(
        self, bot: commands.Bot, seasons: Seasons, stats: Stats, timers: SeasonTimers
    ) -> None:
        self.bot = bot
        self.seasons = seasons
        self.stats = stats
        self.timers = timers
        # Seasons a ``/season end`` is ending, while it waits for the post: the channel the
        # standings went to (another than the season's when its channel is gone).
        self._posted_in: dict[int, int] = {}
        timers.on_end(self.post_end)
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return check_interaction(interaction)

    async def post_end(self, season: Season) -> None:
        """Post a season's final standings where it was started (or the channel chosen), in
        the server's language, whether its timer or a moderator ended it."""
        with use_locale(await server_language(self.bot, season.guild_id)):
            await self._post_end(season)

    async def _post_end(self, season: Season) -> None:
        embed, picture = await standings_post(self.stats, season)
        channel = self.bot.get_partial_messageable(season.channel_id, guild_id=season.guild_id)
        try:
            await channel.send(embed=embed, file=picture())
            return
        except (discord.NotFound, discord.Forbidden):
            # The channel was deleted (10003) or closed to the bot (50001, 50013): the
            # standings go where the server can read them, saying where they were meant to
            # go; with nowhere to go, tried again later (``SeasonTimers``).
            elsewhere = self._elsewhere(season)
            if elsewhere is None:
                raise
        note = _(
            "These final standings were to be posted in {channel}, where I can no longer post."
        ).format(channel=f"<#{season.channel_id}>")
        await elsewhere.send(note, embed=embed, file=picture())
        if season.season_id in self._posted_in:
            self._posted_in[season.season_id] = elsewhere.id

    def _elsewhere(self, season: Season) -> discord.TextChannel | None:
        """Where a season's end post goes when its channel is gone: the server's system
        channel, else its first text channel, that the bot may post the standings in."""
        guild = self.bot.get_guild(season.guild_id)
        if guild is None:
            return None
        for channel in (guild.system_channel, *guild.text_channels):
            if channel is None or channel.id == season.channel_id:
                continue
            if channel.permissions_for(guild.me).is_superset(POST_NEEDS):
                return channel
        return None

    @app_commands.command(name="start", description=N_("Start a season (Manage Server)"))
    @app_commands.describe(
        name=N_("The season's name, e.g. Spring 2026"),
        ends=N_(
            "When it ends by itself: days (30) or a UTC date (2026-12-31); default: when a"
            " moderator ends it"
        ),
        reset=N_(
            "How far ratings move back to a newcomer's: 0 keeps them, 1 starts afresh (default 0.5)"
        ),
        channel=N_("Where the final standings are posted (default: this channel)"),
    )
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    async def start(
        self,
        interaction: discord.Interaction,
        name: str,
        ends: str | None = None,
        reset: app_commands.Range[float, 0.0, 1.0] = DEFAULT_RESET,
        channel: discord.TextChannel | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        named = season_name(name)
        now = self.timers.now()
        ends_at = None if ends is None else end_time(ends, now)
        try:
            season = await self.seasons.start(
                interaction.guild_id,
                named,
                channel_id=interaction.channel_id if channel is None else channel.id,
                fraction=reset,
                reset=partial(soft_reset, fraction=reset),
                now=now,
                ends_at=ends_at,
            )
        except SeasonRunning as running:
            raise PlayerError(
                _(
                    "Season “{name}” is running: end it with /season end before starting another."
                ).format(name=running.season.name)
            ) from None
        except SeasonNameTaken:
            raise PlayerError(
                _("This server already had a season named “{name}”: choose another name.").format(
                    name=named
                )
            ) from None
        except StorageFailed:
            raise PlayerError(
                _("The database is busy; no season was started. Try again.")
            ) from None
        self.timers.arm(season)
        await answer(interaction, self.started_text(season), ephemeral=False)

    @staticmethod
    def started_text(season: Season) -> str:
        text = _(
            "Season **{name}** has started. Everyone's rating moved {percent} of the way back "
            "to a newcomer's; /leaderboard and /stats show this season until it ends."
        ).format(name=season.name, percent=format_percent(season.reset_fraction))
        if season.ends_at is not None:
            text += " " + _("It ends {when}.").format(when=f"<t:{season.ends_at}:F>")
        return (
            text
            + " "
            + _("The final standings will be posted in {channel}.").format(
                channel=f"<#{season.channel_id}>"
            )
        )

    @app_commands.command(name="end", description=N_("End the running season now (Manage Server)"))
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        running = await self.seasons.running(interaction.guild_id)
        if running is None:
            raise PlayerError(_("No season is running here: /season start starts one."))
        self._posted_in[running.season_id] = running.channel_id
        try:
            ended = await self.timers.end(running)
        except StorageFailed:
            raise PlayerError(_("The database is busy; the season goes on. Try again.")) from None
        finally:
            posted_in = self._posted_in.pop(running.season_id, running.channel_id)
        if ended is None:
            raise PlayerError(_("Season “{name}” has just ended.").format(name=running.name))
        await answer(
            interaction,
            _("Season **{name}** is over; its final standings are in {channel}.").format(
                name=ended.name, channel=f"<#{posted_in}>"
            ),
            ephemeral=False,
        )

    @app_commands.command(name="list", description=N_("This server's seasons, past and running"))
    @app_commands.guild_only()
    async def list_seasons(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        found = await self.seasons.of_guild(interaction.guild_id)
        if not found:
            raise PlayerError(_("This server has had no season yet."))
        embed = discord.Embed(
            title=_("Seasons"), description="\n".join(season_line(s) for s in found)
        )
        embed.set_footer(text=_("/leaderboard season:<name> shows a season's standings."))
        await answer(interaction, embed=embed)


async def setup(bot: commands.Bot) -> None:
    install_error_handler(bot.tree)
    timers = getattr(bot, "season_timers", None)
    if timers is None:
        raise PlayerError(_("Seasons need the bot's storage."))
    storage = getattr(bot, "storage", None)
    assert storage is not None
    await bot.add_cog(SeasonCog(bot, seasons_of(bot), storage.stats, timers))
