"""``/tournament``: tournaments that run themselves (``bot.tournaments`` runs them).

A moderator (Manage Server) opens one with ``/tournament new``; the bot posts a sign-up
message with Join, Leave and Check in buttons and creates a Discord scheduled event for the
start, so members get Discord's own reminder. Pairs sign up with ``/tournament join
partner:@member``, and the partner accepts with Join; in a tournament of individuals Join is
enough. From then on nobody needs to do anything but play: at the start each match gets a
thread pinging its four players, who press "I'm here"; the same message shows the
standings, kept up to date. ``/tournament status`` shows them to anyone, ``/tournament drop``
leaves; the organiser (or a moderator) can pause, resume, remove an entrant, settle a match
and cancel.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.competition import tournament as t
from bot.competition.duplicate import DuplicateRound
from bot.competition.records import from_stored
from bot.engine import PRESETS, HandResult, Rules
from bot.i18n import N_, Words, _, ngettext, use_locale
from bot.storage.ratings import NEWCOMER
from bot.storage.store import Storage
from bot.tournaments import TournamentRunner
from cogs import _tournament_show as show
from cogs._answer import answer, keep_in_time, update
from cogs._checks import check_interaction
from cogs._errors import PlayerError, answer_error, install_error_handler, storage_of
from cogs._languages import server_language
from cogs._pages import label_of, page_button, turn_view
from cogs._presets import known_preset, preset_suggestions

BUTTON_PATTERN = r"tour:(?P<id>[0-9]+):(?P<what>join|leave|checkin|here)"
DEAL_PATTERN = r"tdeal:(?P<id>[0-9]+):(?P<round>[0-9]+):(?P<deal>[0-9]+)"
ROUND_DEALS_PATTERN = r"tdeals:(?P<id>[0-9]+):(?P<round>[0-9]+)"
# Discord allows at most 2000 characters in a message.
MESSAGE_LIMIT = 1900
PAIR_PRESETS = [
    name for name in PRESETS if (rules := Rules.preset(name)).players == 4 and rules.team_size == 2
]

_runner: list[TournamentRunner] = []


def runner() -> TournamentRunner:
    if not _runner:
        raise PlayerError(_("Tournaments are not running here right now."))
    return _runner[0]


def refused(error: t.TournamentError) -> PlayerError:
    return PlayerError(str(error))


def player(member: discord.abc.User, rating: float) -> t.Player:
    return t.Player(member.id, member.display_name, rating)


def board_text(state: t.Tournament) -> str:
    """The sign-ups, or the standings and the round in play, in words."""
    s = state.settings
    lines = [f"**{discord.utils.escape_markdown(s.name)}**"]
    if state.phase is t.Phase.SIGNUP:
        lines.append(
            ngettext(
                "Starts <t:{start}:R>. Check in from {minutes} minute before.",
                "Starts <t:{start}:R>. Check in from {minutes} minutes before.",
                s.check_in_minutes,
            ).format(start=int(s.starts_at), minutes=s.check_in_minutes)
        )
        for team in state.teams:
            waiting = "" if team.accepted else _(" (waiting for the partner to accept)")
            lines.append(f"• {discord.utils.escape_markdown(team.name)}{waiting}")
        if not state.teams:
            lines.append(_("Nobody has signed up yet."))
    else:
        if state.phase is t.Phase.CANCELLED:
            lines.append(_("Cancelled."))
        elif state.paused:
            lines.append(_("Paused by the organiser."))
        for line in t.standings(state):
            out = _(" (left)") if line.withdrawn else ""
            name = discord.utils.escape_markdown(line.name)
            lines.append(
                ngettext(
                    "{place}. {name}{out}: {points} point ({detail})",
                    "{place}. {name}{out}: {points} points ({detail})",
                    line.points,
                ).format(
                    place=line.place, name=name, out=out, points=line.points, detail=line.detail
                )
            )
        current = state.current
        if current is not None and state.phase is t.Phase.RUNNING:
            left = sum(1 for m in current.matches if not m.done)
            lines.append(
                ngettext(
                    "Round {number}: {left} match still to play.",
                    "Round {number}: {left} matches still to play.",
                    left,
                ).format(number=current.number, left=left)
            )
    text = "\n".join(lines)
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


def board_view(state: t.Tournament, latest: int | None) -> discord.ui.View | None:
    """The board's controls: Join, Leave and Check in while it signs up; then, in a
    duplicate tournament, a button to the deals one by one of round ``latest``, its latest
    finished one (the board shows as many as one message holds)."""
    view = discord.ui.View(timeout=None)
    if state.phase is t.Phase.SIGNUP:
        for what in ("join", "leave", "checkin"):
            view.add_item(TournamentButton(state.id, what))
        return view
    if latest is None:
        return None
    view.add_item(RoundDealsButton(state.id, latest))
    return view


async def shown_deal(
    storage: Storage, state: t.Tournament, number: int, deal: int | None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One deal of a duplicate round at every table (``None``: the round's first finished
    deal), with buttons to the round's other finished deals; refused (``PlayerError``)
    with why not. The round's matchpoints are worked out once for both."""
    try:
        scored = show.finished_round(state, number)
        deals = sorted(d.deal + 1 for d in scored.deals) if scored is not None else []
        deal = deal if deal is not None else min(deals, default=1)
        embed = await show.deal_embed(storage, state, number, deal, scored)
    except ValueError as error:
        raise PlayerError(str(error)) from None
    return embed, deal_pager(state.id, number, deal, deals)


def deal_pager(
    tournament_id: int, number: int, deal: int, deals: Sequence[int]
) -> discord.ui.View | None:
    """Buttons to the deals (of ``deals``, in order) before and after ``deal`` (none when
    the round has only one), disabled at the ends."""
    if len(deals) < 2 or deal not in deals:
        return None
    at = deals.index(deal)
    return turn_view(
        lambda to, label: DealButton(tournament_id, number, to, label),
        deals[max(0, at - 1)],
        deals[min(len(deals) - 1, at + 1)],
        first=at == 0,
        last=at == len(deals) - 1,
    )


async def stored_tournament(
    interaction: discord.Interaction, key: int
) -> tuple[Storage, t.Tournament]:
    """The storage and the tournament ``key`` of the interaction's server, as stored (a
    finished one too); refused (``PlayerError``) when it is gone."""
    gone = _("I can't find that tournament any more.")
    storage = storage_of(interaction.client, gone)
    stored = await storage.tournaments.load(key)
    if stored is None or stored.guild_id != interaction.guild_id:
        raise PlayerError(gone)
    return storage, from_stored(stored)


class RoundDealsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=ROUND_DEALS_PATTERN
):
    """On the board: the round's first deal at every table, shown to the member alone,
    with buttons to the others."""

    def __init__(self, tournament_id: int, number: int) -> None:
        label = _("Round {number}, deal by deal").format(number=number)
        super().__init__(page_button(f"tdeals:{tournament_id}:{number}", label))
        self.tournament_id, self.number = tournament_id, number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RoundDealsButton:
        return cls(int(match["id"]), int(match["round"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        keep_in_time(interaction)
        try:
            storage, state = await stored_tournament(interaction, self.tournament_id)
            embed, view = await shown_deal(storage, state, self.number, None)
            await answer(interaction, embed=embed, view=view)
        except Exception as error:  # every failure gets an answer
            await answer_error(interaction, error)


class DealButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=DEAL_PATTERN):
    """Turns ``/tournament status round deal``'s answer to another deal of that round."""

    def __init__(self, tournament_id: int, number: int, deal: int, label: str) -> None:
        super().__init__(page_button(f"tdeal:{tournament_id}:{number}:{deal}", label))
        self.tournament_id, self.number, self.deal = tournament_id, number, deal

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DealButton:
        return cls(int(match["id"]), int(match["round"]), int(match["deal"]), label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        keep_in_time(interaction)
        try:
            storage, state = await stored_tournament(interaction, self.tournament_id)
            embed, view = await shown_deal(storage, state, self.number, self.deal)
            await update(interaction, embed=embed, view=view)
        except Exception as error:  # every failure gets an answer
            await answer_error(interaction, error)


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_PATTERN):
    """Join, Leave, Check in (the sign-up message) and I'm here (a match's thread)."""

    LABELS: ClassVar[dict[str, str]] = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "checkin": N_("Check in"),
        "here": N_("I'm here"),
    }

    def __init__(self, tournament_id: int, what: str) -> None:
        style = discord.ButtonStyle.secondary if what == "leave" else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS[what]), style=style, custom_id=f"tour:{tournament_id}:{what}"
            )
        )
        self.tournament_id, self.what = tournament_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TournamentButton:
        return cls(int(match["id"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        keep_in_time(interaction)
        try:
            await self._clicked(interaction)
        except t.TournamentError as error:
            await answer_error(interaction, refused(error))
        except Exception as error:
            await answer_error(interaction, error)

    async def _clicked(self, interaction: discord.Interaction) -> None:
        run, key, user = runner(), self.tournament_id, interaction.user
        state = run.get(key)
        if self.what == "here":
            await run.arrive(key, user.id)
            await answer(interaction, _("Thanks: the game starts once all four are here."))
        elif self.what == "leave":
            await run.command(key, lambda s: t.leave(s, user.id))
            await answer(interaction, _("You left the tournament."))
        elif self.what == "checkin":
            now = run.now()
            await run.command(key, lambda s: t.check_in(s, user.id, now))
            await answer(interaction, _("You are checked in."))
        elif state.settings.entry is t.Entry.SINGLES:
            joined = player(user, await rating_of(interaction.client, state, user.id))
            await run.command(key, lambda s: t.sign_up(s, joined))
            await answer(interaction, _("You are signed up."))
        else:
            team = state.team_of(user.id)
            if team is None:
                raise PlayerError(
                    _(
                        "This tournament is for pairs: sign up with /tournament join and "
                        "name your partner."
                    )
                )
            await run.command(key, lambda s: t.accept(s, user.id))
            await answer(interaction, _("You are signed up with your partner."))


async def rating_of(client: discord.Client, state: t.Tournament, user_id: int) -> float:
    """The member's seed: their server rating, a newcomer's when they have none."""
    storage: Storage | None = getattr(client, "storage", None)
    stats = None
    if storage is not None:
        stats = await storage.stats.member(state.settings.guild_id, user_id)
    skill = stats.skill if stats is not None and stats.skill is not None else NEWCOMER
    return skill.conservative


@dataclass(frozen=True, slots=True)
class _Board:
    """What a board message shows: its picture's sketch (with the attachment that drew
    it) and its words, embeds and controls."""

    message_id: int
    sketch: show.Sketch | None
    attachments: Sequence[discord.Attachment]
    said: tuple[object, ...]


class DiscordVenue:
    """Where tournaments meet members: threads, the one board message, announcements."""

    def __init__(self, bot: commands.Bot, storage: Storage) -> None:
        self.bot, self.storage = bot, storage
        self._boards: dict[int, _Board] = {}  # by tournament: what its board message shows
        # By running tournament: the duplicate round its board shows and that round's
        # tables' stored hands, read once (a finished round's games do not change).
        self._hands: dict[int, tuple[int, Mapping[int, Sequence[HandResult]]]] = {}

    async def open_channel(self, state: t.Tournament, match: t.Match) -> int:
        with use_locale(await self._spoken(state)):
            return await self._open_channel(state, match)

    async def show(self, state: t.Tournament) -> None:
        with use_locale(await self._spoken(state)):
            await self._show(state)

    async def announce(
        self,
        state: t.Tournament,
        words: Words,
        mention: Sequence[int],
        *,
        moderators: bool = False,
    ) -> None:
        with use_locale(await self._spoken(state)):
            await self._announce(state, words(), mention, moderators)

    async def _spoken(self, state: t.Tournament) -> str | None:
        """The language of the tournament's channel: what everyone there reads is written
        in it, whoever's command caused it."""
        return await server_language(self.bot, state.settings.guild_id)

    async def _open_channel(self, state: t.Tournament, match: t.Match) -> int:
        parent = self.bot.get_channel(state.settings.channel_id)
        if not isinstance(parent, discord.TextChannel):
            parent = await self.bot.fetch_channel(state.settings.channel_id)
        if not isinstance(parent, discord.TextChannel):
            raise RuntimeError("a tournament's channel must be a text channel")
        thread = await parent.create_thread(
            name=_("{name}: round {number}, table {board}").format(
                name=state.settings.name, number=match.round, board=match.board
            )[:100],
            type=discord.ChannelType.public_thread,
        )
        players = state.seats(match)
        view = discord.ui.View(timeout=None)
        view.add_item(TournamentButton(state.id, "here"))
        mentions = " ".join(f"<@{user}>" for user in players)
        text = _(
            "{mentions}: your match of round {number}. Press I'm here; the game starts once "
            "all four are. Anyone not here by <t:{deadline}:t> loses the match."
        ).format(
            mentions=mentions,
            number=match.round,
            deadline=int((match.opened_at or 0) + state.settings.forfeit_minutes * 60),
        )
        allowed = discord.AllowedMentions(users=[discord.Object(u) for u in players])
        await thread.send(text, view=view, allowed_mentions=allowed)
        return thread.id

    async def _show(self, state: t.Tournament) -> None:
        """The board: the standings in words, the same as a picture (the bracket, in
        elimination), and a duplicate tournament's latest round deal by deal. The picture
        is drawn and sent again only when what it shows changed, and the message is left
        alone when nothing in it would."""
        stored = await self.storage.tournaments.load(state.id)
        channel = self.bot.get_partial_messageable(state.settings.channel_id)
        found = show.last_duplicate_round(state)
        text, view = board_text(state), board_view(state, None if found is None else found[0])
        embeds = show.duplicate_embeds(state, found, await self._round_hands(state, found))
        drawing = show.sketch(state)
        said = (
            text,
            [embed.to_dict() for embed in embeds],
            None if view is None else view.to_components(),
        )
        last = self._boards.pop(state.id, None)
        if stored is not None and stored.message_id is not None:
            message = channel.get_partial_message(stored.message_id)
            if last is not None and (last.message_id, last.sketch) != (message.id, drawing):
                last = None  # its picture is not the one to show
            if last is not None and last.said == said:
                self._boards[state.id] = last
                return
            attachments: list[discord.File | discord.Attachment]
            if last is not None:
                attachments = list(last.attachments)  # already there: not sent again
            else:
                picture = await show.picture_file(state, drawing)
                attachments = [picture] if picture is not None else []
            try:
                edited = await message.edit(
                    content=text, view=view, embeds=embeds, attachments=attachments
                )
            except discord.NotFound:
                pass
            else:
                self._keep(state, _Board(message.id, drawing, edited.attachments, said))
                return
        picture = await show.picture_file(state, drawing)
        sent = await channel.send(
            text,
            view=view or discord.utils.MISSING,
            embeds=embeds,
            file=picture or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.storage.tournaments.set_message(state.id, sent.id)
        self._keep(state, _Board(sent.id, drawing, sent.attachments, said))

    async def _round_hands(
        self, state: t.Tournament, found: tuple[int, DuplicateRound] | None
    ) -> Mapping[int, Sequence[HandResult]]:
        """The stored hands of the duplicate round the board shows (``found``), read from
        its games until every table's is stored, then kept while the tournament runs
        rather than read again at each result of the next round."""
        kept = self._hands.pop(state.id, None)
        if found is None:
            return {}
        number = found[0]
        hands: Mapping[int, Sequence[HandResult]]
        if kept is not None and kept[0] == number:
            hands, complete = kept[1], True
        else:
            hands, _games = await show.round_hands(self.storage, state, number)
            complete = len(hands) == len(show.opened_tables(state, number))
        if complete and state.phase is t.Phase.RUNNING:
            self._hands[state.id] = (number, hands)
        return hands

    def _keep(self, state: t.Tournament, board: _Board) -> None:
        """Remember what the board shows while the tournament runs (a finished or
        cancelled one's is drawn afresh the few times it changes)."""
        if state.phase not in (t.Phase.FINISHED, t.Phase.CANCELLED):
            self._boards[state.id] = board

    async def _announce(
        self, state: t.Tournament, text: str, mention: Sequence[int], moderators: bool
    ) -> None:
        channel = self.bot.get_partial_messageable(state.settings.channel_id)
        users = list(mention)
        roles: list[discord.Role] = []
        if moderators:
            guild = self.bot.get_guild(state.settings.guild_id)
            roles = moderator_roles(guild)
            if not roles and guild is not None and guild.owner_id is not None:
                users.append(guild.owner_id)  # no role manages the server: its owner does
        pinged = " ".join([*(f"<@{user}>" for user in users), *(role.mention for role in roles)])
        allowed = discord.AllowedMentions(users=[discord.Object(u) for u in users], roles=roles)
        await channel.send(f"{pinged} {text}".strip(), allowed_mentions=allowed)


def moderator_roles(guild: discord.Guild | None) -> list[discord.Role]:
    """The server's roles that may act for a tournament's organiser (Manage Server, or
    Administrator), but for the bots' own."""
    if guild is None:
        return []
    return [
        role
        for role in guild.roles
        if not role.is_default()
        and not role.managed
        and (role.permissions.manage_guild or role.permissions.administrator)
    ]


def chosen(interaction: discord.Interaction) -> t.Tournament:
    """The tournament a command is about: the newest one running in this channel (or the
    channel a match's thread belongs to), else the server's newest."""
    if interaction.guild_id is None:
        raise PlayerError(_("Tournaments are run in a server's channels."))
    found = runner().in_guild(interaction.guild_id)
    channel = interaction.channel
    here = {interaction.channel_id, getattr(channel, "parent_id", None)}
    mine = [s for s in found if s.settings.channel_id in here]
    if not (mine or found):
        raise PlayerError(_("There is no tournament running in this server."))
    return (mine or found)[0]


def moderator(interaction: discord.Interaction) -> bool:
    return interaction.permissions.manage_guild


FORMATS = [
    app_commands.Choice(name=N_("Swiss"), value="swiss"),
    app_commands.Choice(name=N_("Round robin"), value="round_robin"),
    app_commands.Choice(name=N_("Single elimination"), value="elimination"),
]
ENTRIES = [
    app_commands.Choice(name=N_("Fixed pairs"), value="pairs"),
    app_commands.Choice(name=N_("Individuals (the bot makes pairs)"), value="singles"),
]


@app_commands.guild_only()
class TournamentCog(
    commands.GroupCog,
    group_name="tournament",
    group_description=N_("Run and play tournaments."),
):
    """Run and play tournaments."""

    def __init__(self, bot: commands.Bot, storage: Storage, run: TournamentRunner) -> None:
        self.bot, self.storage, self.runner = bot, storage, run

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return check_interaction(interaction)

    @app_commands.command(name="new", description=N_("Open a tournament that runs itself"))
    @app_commands.describe(
        name=N_("What to call it"),
        format=N_("How entrants are paired"),
        entry=N_("Fixed pairs, or individuals the bot pairs by rating"),
        starts_in=N_("Minutes from now to the start"),
        rounds=N_("Swiss: how many rounds"),
        preset=N_("Rules preset (default: the house rules)"),
        hands=N_("Play this many hands a game (default: to the target score)"),
        check_in=N_("Minutes before the start that check-in opens (0: no check-in)"),
        forfeit=N_("Minutes players have to reach their table"),
        bots=N_("Bots may sit in for a player who does not come"),
        duplicate=N_("Score by duplicate (same deals at every table)"),
    )
    @app_commands.choices(
        format=FORMATS,
        entry=ENTRIES,
    )
    async def new(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        format: str,
        entry: str,
        starts_in: app_commands.Range[int, 1, 10080],
        rounds: app_commands.Range[int, 1, 20] = 3,
        preset: str | None = None,
        hands: app_commands.Range[int, 1, 50] | None = None,
        check_in: app_commands.Range[int, 0, 1440] = 15,
        forfeit: app_commands.Range[int, 1, 120] = 10,
        bots: bool = False,
        duplicate: bool = False,
    ) -> None:
        if not moderator(interaction):
            raise PlayerError(_("Only members with Manage Server can open a tournament."))
        assert interaction.guild_id is not None and interaction.channel_id is not None
        run = runner()
        settings = t.Settings(
            name=name.strip(),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            format=t.Format(format),
            entry=t.Entry(entry),
            starts_at=run.now() + starts_in * 60,
            rounds=rounds,
            preset=None if preset is None else known_preset(preset, PAIR_PRESETS),
            hands=hands,
            check_in_minutes=check_in,
            forfeit_minutes=forfeit,
            bot_substitutes=bots,
            duplicate=duplicate,
        )
        try:
            state = await run.create(settings)
        except t.TournamentError as error:
            raise refused(error) from None
        await self._schedule(interaction, state)
        await answer(interaction, _("The tournament is open for sign-ups."))

    @new.autocomplete("preset")
    async def new_presets(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return preset_suggestions(interaction, PAIR_PRESETS, current)

    async def _schedule(self, interaction: discord.Interaction, state: t.Tournament) -> None:
        """Discord's own event for the start, so members get Discord's reminder."""
        guild = interaction.guild
        if guild is None:
            return
        start = datetime.fromtimestamp(state.settings.starts_at, UTC)
        try:
            event = await guild.create_scheduled_event(
                name=state.settings.name,
                start_time=start,
                end_time=start + timedelta(hours=3),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=f"#{getattr(interaction.channel, 'name', 'spades')}",
                description=_("A Spades tournament: sign up in the channel."),
            )
        except discord.HTTPException:
            await answer(
                interaction,
                _("Discord did not take the event for the start; the tournament runs anyway."),
            )
            return
        await self.storage.tournaments.set_event(state.id, event.id)

    @app_commands.command(name="join", description=N_("Sign up for the tournament here"))
    @app_commands.describe(partner=N_("Your partner, who accepts with Join (pairs only)"))
    async def join(
        self, interaction: discord.Interaction, partner: discord.Member | None = None
    ) -> None:
        state = chosen(interaction)
        me = player(interaction.user, await rating_of(self.bot, state, interaction.user.id))
        other = None
        if partner is not None:
            if partner.bot:
                raise PlayerError(_("Your partner must be a member, not a bot."))
            other = player(partner, await rating_of(self.bot, state, partner.id))
        try:
            await runner().command(state.id, lambda s: t.sign_up(s, me, other))
        except t.TournamentError as error:
            raise refused(error) from None
        await answer(interaction, _("You are signed up."))

    @app_commands.command(name="status", description=N_("The standings of the tournament here"))
    @app_commands.describe(
        round=N_("Duplicate: a round, with deal, for that deal at every table"),
        deal=N_("Duplicate: a deal of that round"),
    )
    async def status(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, 64] | None = None,
        deal: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        state = await self._shown(interaction)
        if round is not None or deal is not None:
            if round is None or deal is None:
                raise PlayerError(_("Name a round and a deal: /tournament status round:1 deal:1."))
            embed, view = await shown_deal(self.storage, state, round, deal)
            await answer(interaction, embed=embed, view=view)
            return
        picture = await show.picture_file(state)
        await answer(interaction, board_text(state), file=picture)

    async def _shown(self, interaction: discord.Interaction) -> t.Tournament:
        """The tournament here, or the last one played here, finished or cancelled."""
        try:
            state = chosen(interaction)
        except PlayerError:
            # None running: the last one played here, finished or cancelled.
            if interaction.guild_id is None:
                raise
            stored = await self.storage.tournaments.in_guild(interaction.guild_id, live_only=False)
            here = {interaction.channel_id, getattr(interaction.channel, "parent_id", None)}
            mine = [s for s in stored if s.channel_id in here] or stored
            if not mine:
                raise
            state = from_stored(mine[0])
        return state

    @app_commands.command(name="drop", description=N_("Leave the tournament here"))
    async def drop(self, interaction: discord.Interaction) -> None:
        await self._run(
            interaction, lambda s: t.drop(s, interaction.user.id), _("You left the tournament.")
        )

    @app_commands.command(name="pause", description=N_("Organiser: hold the next round"))
    async def pause(self, interaction: discord.Interaction) -> None:
        mod = moderator(interaction)
        await self._run(
            interaction,
            lambda s: t.pause(s, interaction.user.id, moderator=mod),
            _("The tournament is paused."),
        )

    @app_commands.command(name="resume", description=N_("Organiser: go on after a pause"))
    async def resume(self, interaction: discord.Interaction) -> None:
        mod, now = moderator(interaction), runner().now()
        await self._run(
            interaction,
            lambda s: t.resume(s, interaction.user.id, now, moderator=mod),
            _("The tournament goes on."),
        )

    @app_commands.command(name="cancel", description=N_("Organiser: cancel the tournament"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        mod, state = moderator(interaction), chosen(interaction)
        await runner().command(state.id, lambda s: t.cancel(s, interaction.user.id, moderator=mod))
        stored = await self.storage.tournaments.load(state.id)
        if stored is not None and stored.event_id is not None:
            # Discord's event for the start goes too, so nobody is reminded of it.
            with contextlib.suppress(discord.HTTPException):
                await self.bot.http.delete_scheduled_event(state.settings.guild_id, stored.event_id)
            await self.storage.tournaments.set_event(state.id, None)
        await answer(interaction, _("The tournament is cancelled."))

    @app_commands.command(name="remove", description=N_("Organiser: take an entrant out"))
    @app_commands.describe(member=N_("A player of the entrant to remove"))
    async def remove(self, interaction: discord.Interaction, member: discord.Member) -> None:
        mod, state = moderator(interaction), chosen(interaction)
        team = state.team_of(member.id)
        if team is None:
            raise PlayerError(_("That member is not in this tournament."))
        await self._run(
            interaction,
            lambda s: t.remove(s, interaction.user.id, team.id, moderator=mod),
            _("Removed."),
        )

    @app_commands.command(name="settle", description=N_("Organiser: decide a match of this round"))
    @app_commands.describe(
        table=N_("The match's table number in this round"),
        winner=N_("A player of the winning pair"),
        winner_points=N_("The winners' points"),
        loser_points=N_("The losers' points"),
    )
    async def settle(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, 512],
        winner: discord.Member,
        winner_points: app_commands.Range[int, -10000, 10000] = 0,
        loser_points: app_commands.Range[int, -10000, 10000] = 0,
    ) -> None:
        mod, state = moderator(interaction), chosen(interaction)
        current = state.current
        team = state.team_of(winner.id)
        if current is None or team is None:
            raise PlayerError(_("That member plays no match of the round in play."))
        number = current.number
        match = state.match(number, table)
        points = (
            (winner_points, loser_points)
            if match.first == team.id
            else (loser_points, winner_points)
        )
        await self._run(
            interaction,
            lambda s: t.settle(
                s, interaction.user.id, number, table, team.id, *points, moderator=mod
            ),
            _("Settled."),
        )

    async def _run(self, interaction: discord.Interaction, step: Any, done: str) -> None:
        state = chosen(interaction)
        try:
            await runner().command(state.id, step)
        except t.TournamentError as error:
            raise refused(error) from None
        await answer(interaction, done)

    async def cog_unload(self) -> None:
        if _runner:
            await _runner.pop().aclose()


async def setup(bot: commands.Bot) -> None:
    storage: Storage | None = getattr(bot, "storage", None)
    tables = getattr(bot, "tables", None)
    if storage is None or tables is None:
        raise commands.ExtensionError("tournaments need storage and tables", name=__name__)
    install_error_handler(bot.tree)
    run = TournamentRunner(
        storage.tournaments,
        tables,
        DiscordVenue(bot, storage),
        owns=getattr(bot, "owns_guild", None),
    )
    _runner[:] = [run]
    bot.add_dynamic_items(TournamentButton, DealButton, RoundDealsButton)
    hooks = getattr(bot, "after_restore", None)
    if hooks is not None:
        hooks.append(run.restore)
    await bot.add_cog(TournamentCog(bot, storage, run))
