"""``/spades``: open a table in a channel, fill it, play it; and the clicks on its controls.

The cog only translates: each command finds the channel's table, calls one table method
and answers the member ephemerally; what everyone sees comes from the presenter. A lobby
button and its command share one method. Every refusal (a ``TableError``, an illegal move,
an unknown card) reaches the member through the one error handler, and the table is left
as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SpadesBot
from bot.engine import (
    ALL_CARDS,
    PRESETS,
    Action,
    Bid,
    CallRenege,
    Card,
    Claim,
    ClaimAccepted,
    ClaimFailed,
    PlayCard,
    Rules,
)
from bot.i18n import N_, _, format_list, ngettext, use_locale
from bot.render.text import event_text
from bot.render.why import said_text
from bot.render.words import card_examples, card_text, parse_card
from bot.storage.records import StorageFailed
from bot.tables import Member, StorageBusy, Table, TableError, TableManager
from bot.urgency import background
from cogs._answer import acknowledge, answer, echo, update
from cogs._board import score_text, watch_text
from cogs._budget import Budget
from cogs._checks import check_interaction
from cogs._codes import (
    BOT_CODE,
    JOIN_CODE,
    LEAVE_CODE,
    START_CODE,
    action_label,
    is_lobby_code,
    parse_code,
)
from cogs._confirm import Confirm
from cogs._emojis import CardEmojis
from cogs._errors import (
    PlayerError,
    install_error_handler,
    missing_permission_text,
    missing_table_permissions,
)
from cogs._forget import forget
from cogs._forwarded import ForwardedClicks, forward
from cogs._languages import (
    FOLLOW_DISCORD,
    Languages,
    install_languages,
    language_choices,
)
from cogs._names import shown_name
from cogs._presenter import DiscordPresenter
from cogs._presets import known_preset, preset_suggestions
from cogs._sub_request import SubAnswerButton, SubClick, request_message, set_sub_handler
from cogs._ui import (
    HAND_CODE,
    REMATCH_CODE,
    WHY_CODE,
    ActionButton,
    ActionSelect,
    Click,
    set_click_handler,
)
from cogs.houserules import rules_summary

# The bots' levels, as the members choose them.
LEVELS = (("easy", N_("easy")), ("normal", N_("normal")), ("hard", N_("hard")))


def level_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=label, value=level) for level, label in LEVELS]


def not_saved() -> str:
    """The refusal of a choice the store could not keep."""
    return _("Your choice could not be saved just now: nothing changed. Try again in a moment.")


# The standard preset for a table size, when /spades new names a size but no preset.
PRESET_FOR_PLAYERS = {
    2: "two_player",
    3: "cutthroat3",
    4: "classic",
    5: "five_player",
    6: "six_pairs",
}
MAX_CHOICES = 25
# Seconds a restart waits for the card emojis before restoring its tables (a first start
# uploading them all takes longer: its tables then show text until their next change).
EMOJIS_WAIT = 5.0
# A lobby button on a message that no longer shows this channel's table: the lobby closed,
# or another table took the channel.
LOBBY_GONE = N_(
    "That lobby is no longer open: use the newest table message here, or open a table"
    " with `/spades new`."
)


def member_of(interaction: discord.Interaction[Any]) -> Member:
    return Member(interaction.user.id, shown_name(interaction.user.display_name))


def typed_card(text: str) -> Card:
    """The card a member named: the autocomplete's value, which is the engine's code as it
    is (``TC``, ``AS``), else what they typed in their language's letters (``RP``, the
    king of spades in Spanish; ``10C``, the ten of hearts there); ``ValueError`` if none."""
    code = text.strip().upper()
    by_code = next((card for card in ALL_CARDS if card.code == code), None)
    return by_code if by_code is not None else parse_card(text)


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Moderators may stop any table and hand any seat over."""
    return interaction.permissions.manage_messages


def seat_index(seat: int | None) -> int | None:
    """Members count seats from 1; tables from 0."""
    return None if seat is None else seat - 1


class SpadesCog(
    commands.GroupCog, group_name="spades", group_description=N_("Spades tables: one per channel.")
):
    """Spades tables: one per channel."""

    def __init__(self, bot: SpadesBot) -> None:
        self.bot = bot
        self.card_emojis = CardEmojis()
        assert bot.store is not None  # opened in setup_hook, before the cogs load
        self.languages = Languages(bot.store)
        self.presenter = DiscordPresenter(
            bot,
            interval=bot.edit_interval,
            cards=self.card_emojis,
            delay=bot.edit_delay,
            store=bot.store,
            budget=Budget(bot.request_rate),
            languages=self.languages,
        )
        self._loading_emojis: asyncio.Task[None] | None = None
        self.forwarded = ForwardedClicks(bot, bot.tables, self.presenter)
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return check_interaction(interaction)

    async def cog_load(self) -> None:
        # Controls on any message, however old, route by their custom id alone.
        self.bot.add_dynamic_items(ActionButton, ActionSelect, SubAnswerButton)
        set_click_handler(self.on_click)
        set_sub_handler(self.on_sub_click)
        await self.languages.load()
        install_languages(self.languages)
        self.manager.add_presenter(self.presenter)
        if self.bot.card_emojis:
            # In the background: tables open and play with text cards meanwhile.
            self._loading_emojis = background(self.card_emojis.load(self.bot))
            self.bot.before_restore.append(self._emojis_found)
        if self.bot.relay is not None:
            self.bot.relay.handle(self.forwarded.take)

    async def _emojis_found(self) -> None:
        """Before the tables are restored: wait a little for the card emojis (a restart
        finds them by name in one request), so that the table messages and hands a restart
        draws again show them rather than text until their next change."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.card_emojis.done.wait(), EMOJIS_WAIT)

    async def cog_unload(self) -> None:
        with contextlib.suppress(ValueError):
            self.bot.before_restore.remove(self._emojis_found)
        if self._loading_emojis is not None:
            self._loading_emojis.cancel()
            await asyncio.gather(self._loading_emojis, return_exceptions=True)
        await self.forwarded.aclose()
        install_languages(None)
        await self.languages.flush()
        self.manager.remove_presenter(self.presenter)
        self.bot.remove_dynamic_items(ActionButton, ActionSelect, SubAnswerButton)
        await self.presenter.aclose()

    @property
    def manager(self) -> TableManager:
        return self.bot.tables

    async def channel_language(self, interaction: discord.Interaction[Any]) -> str | None:
        """The language of the interaction's server, for what the whole channel reads."""
        if interaction.guild_id is None:
            return str(interaction.locale)
        discord_locale = None if interaction.guild_locale is None else str(interaction.guild_locale)
        return await self.languages.guild(interaction.guild_id, discord_locale)

    def table_here(self, interaction: discord.Interaction[Any]) -> Table:
        if interaction.channel_id is None:
            raise PlayerError(_("Use this in the channel where the table is."))
        return self.manager.table_in(interaction.channel_id)

    async def reply(
        self, interaction: discord.Interaction[Any], table: Table | None, text: str
    ) -> None:
        """Answer the member (only they see it) and let the presenter reach them later."""
        await answer(interaction, text)
        if table is not None:
            self.presenter.remember(table, interaction)

    async def act(
        self, interaction: discord.Interaction[Any], make: Callable[[int], Action]
    ) -> None:
        """A typed move for the member's own seat (no seq: a command is never stale)."""
        table = self.table_here(interaction)
        seat = table.require_seat(interaction.user.id)
        action = make(seat)
        caused = await table.act(interaction.user.id, action)
        # A claim's verdict is the answer; any other move is simply done.
        verdicts = (
            event_text(e, table.names, table.rules, self.card_emojis.face, you=seat)
            for e in caused
            if isinstance(e, ClaimAccepted | ClaimFailed)
        )
        label = action_label(action, table.rules, table.names)
        await self.reply(
            interaction, table, next(verdicts, None) or _("Done: {move}.").format(move=label)
        )

    # -- the lobby ---------------------------------------------------------------------

    @app_commands.command(name="new", description=N_("Open a Spades table in this channel"))
    @app_commands.describe(
        preset=N_("A named set of rules (default: this server's house rules)"),
        players=N_("How many seats: the standard rules for that many players"),
        bots=N_("Bots to seat at once (more with /spades addbot)"),
        level=N_("How well those bots play"),
    )
    @app_commands.choices(level=level_choices())
    async def new(
        self,
        interaction: discord.Interaction[Any],
        preset: str | None = None,
        players: app_commands.Range[int, 2, 6] | None = None,
        bots: app_commands.Range[int, 0, 5] = 0,
        level: str = "normal",
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise PlayerError(_("Tables are played in a server channel, not in a DM."))
        if preset is not None:
            preset = known_preset(preset, PRESETS)
        missing = missing_table_permissions(interaction)
        if missing:
            raise PlayerError(missing_permission_text(interaction.channel_id, missing))
        chosen = await self.preset_for(interaction.guild_id, preset, players)
        # The table message follows the answer, as its follow-up: edited for free a while.
        self.presenter.hold_board(interaction.channel_id)
        try:
            table = await self.manager.open(
                interaction.channel_id,
                member_of(interaction),
                guild_id=interaction.guild_id,
                preset=chosen,
            )
            empty = sum(seat is None for seat in table.seats)
            for _seat in range(min(bots, empty)):
                await table.add_bot(interaction.user.id, level)
            await self.reply(
                interaction,
                table,
                _(
                    "Your table is open and you sit in seat 1. Others join with **Join** on"
                    " the table message (or `/spades join`); **Start** deals, with bots in"
                    " any empty seat."
                ),
            )
        finally:
            self.presenter.release_board(interaction.channel_id, interaction.user.id)

    @new.autocomplete("preset")
    async def new_presets(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return preset_suggestions(interaction, PRESETS, current)

    async def preset_for(
        self, guild_id: int, preset: str | None, players: int | None
    ) -> str | None:
        """The preset a new table uses; ``None`` for the server's house rules."""
        if players is None:
            return preset
        if preset is not None:
            size = Rules.preset(preset).players
            if size != players:
                raise PlayerError(
                    _("The {preset} rules are for {size} players, not {players}.").format(
                        preset=preset, size=size, players=players
                    )
                )
            return preset
        house = await self.manager.store.guild_rules(guild_id)
        if house is not None and house.players == players:
            return None
        return PRESET_FOR_PLAYERS[players]

    @app_commands.command(name="join", description=N_("Sit down at this channel's table"))
    @app_commands.describe(seat=N_("A seat number (default: the first free one)"))
    async def join(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        await self.sit(interaction, self.table_here(interaction), seat)

    async def sit(
        self, interaction: discord.Interaction[Any], table: Table, seat: int | None = None
    ) -> None:
        """The member sits at ``seat`` (counted from 1), or the first free one."""
        index = await table.join(member_of(interaction), seat_index(seat))
        await self.reply(interaction, table, _("You sit in seat {seat}.").format(seat=index + 1))

    @app_commands.command(
        name="leave", description=N_("Leave the table (a bot takes over in play)")
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.stand(interaction, self.table_here(interaction))

    async def stand(
        self, interaction: discord.Interaction[Any], table: Table, *, lobby_only: bool = False
    ) -> None:
        await table.leave(interaction.user.id, lobby_only=lobby_only)
        await self.reply(interaction, None, _("You left the table."))

    @app_commands.command(
        name="seat", description=N_("Move to another seat, and so another partner")
    )
    @app_commands.describe(seat=N_("The seat number"))
    async def seat(
        self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 6]
    ) -> None:
        table = self.table_here(interaction)
        await table.choose_seat(interaction.user.id, seat - 1)
        await self.reply(interaction, table, _("You sit in seat {seat}.").format(seat=seat))

    @app_commands.command(name="addbot", description=N_("Seat a bot (host only)"))
    @app_commands.describe(
        level=N_("How well it plays"), seat=N_("A seat number (default: the first free)")
    )
    @app_commands.choices(level=level_choices())
    async def addbot(
        self,
        interaction: discord.Interaction[Any],
        level: str = "normal",
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        await self.seat_bot(interaction, self.table_here(interaction), level, seat)

    async def seat_bot(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        level: str,
        seat: int | None = None,
    ) -> None:
        """The host seats a bot of ``level`` at ``seat`` (counted from 1), or the first free."""
        index = await table.add_bot(interaction.user.id, level, seat_index(seat))
        await self.reply(
            interaction,
            table,
            _("{name} sits in seat {seat}.").format(name=table.names[index], seat=index + 1),
        )

    @app_commands.command(name="start", description=N_("Deal the first hand (host only)"))
    @app_commands.describe(bots=N_("Fill empty seats with bots"))
    async def start(self, interaction: discord.Interaction[Any], bots: bool = False) -> None:
        await self.deal(interaction, self.table_here(interaction), bots=bots)

    async def deal(
        self, interaction: discord.Interaction[Any], table: Table, *, bots: bool
    ) -> None:
        """The host deals; with ``bots``, bots take the empty seats and the host hears which."""
        filled = await table.start(interaction.user.id, fill_with_bots=bots)
        parts = [_("The cards are dealt.")]
        if filled:
            parts.append(
                ngettext(
                    "{names} took the empty seat.", "{names} took the empty seats.", len(filled)
                ).format(names=format_list([table.names[s] for s in filled]))
            )
        parts.append(
            _("Your hand comes by DM; **My hand** on the table message shows it here too.")
        )
        await self.reply(interaction, table, " ".join(parts))

    # -- play --------------------------------------------------------------------------

    @app_commands.command(name="hand", description=N_("Show my hand and my controls (only to me)"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.show_hand(interaction, self.table_here(interaction))

    async def show_hand(self, interaction: discord.Interaction[Any], table: Table) -> None:
        seat = table.require_seat(interaction.user.id)
        picture = self.presenter.hand_picture(table, seat)
        await answer(interaction, picture.content, view=picture.view)
        self.presenter.remember(table, interaction, hand_shown=True)

    @app_commands.command(name="pings", description=N_("Where I tell you it's your turn"))
    @app_commands.describe(
        where=N_("dm: a new message in your DMs; channel: a mention at the table")
    )
    async def pings(
        self, interaction: discord.Interaction[Any], where: Literal["dm", "channel"]
    ) -> None:
        try:
            await self.presenter.set_pings(interaction.user.id, where)
        except StorageFailed:
            raise PlayerError(not_saved()) from None
        if where == "dm":
            text = _(
                "Done: when it's your turn, your hand comes as a new DM. If your DMs are"
                " closed, you're mentioned here instead."
            )
        else:
            text = _(
                "Done: when it's your turn, you're mentioned in the table's channel; your"
                " hand stays in one DM, kept up to date."
            )
        await answer(interaction, text)

    @app_commands.command(name="bid", description=N_("Bid a number of tricks (0 is nil)"))
    @app_commands.describe(
        tricks=N_("How many tricks"), blind=N_("Bid blind, before looking at your cards")
    )
    async def bid(
        self,
        interaction: discord.Interaction[Any],
        tricks: app_commands.Range[int, 0, 26],
        blind: bool = False,
    ) -> None:
        await self.act(interaction, lambda seat: Bid(seat, tricks, blind))

    @app_commands.command(name="play", description=N_("Play a card"))
    @app_commands.describe(
        card=N_("The card, e.g. AS, 10H, QD (start typing for your legal cards)")
    )
    async def play(self, interaction: discord.Interaction[Any], card: str) -> None:
        try:
            # The autocomplete's values are the engine's codes; a card typed by hand may be
            # in the member's letters (``RP``, the king of spades in Spanish).
            parsed = typed_card(card)
        except ValueError:
            ace, ten, queen = (example.upper() for example in card_examples())
            raise PlayerError(
                _("`{card}` is not a card: try {ace}, {ten} or {queen}.").format(
                    card=echo(card), ace=ace, ten=ten, queen=queen
                )
            ) from None
        await self.act(interaction, lambda seat: PlayCard(seat, parsed))

    @play.autocomplete("card")
    async def legal_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        table = self.manager.find(interaction.channel_id or 0)
        seat = None if table is None else table.seat_of(interaction.user.id)
        if table is None or seat is None or table.game is None:
            return []
        typed = current.strip().upper()
        cards = [
            action.card for action in table.view(seat).legal_actions if isinstance(action, PlayCard)
        ]
        return [
            app_commands.Choice(name=card_text(c), value=c.code)
            for c in cards
            if c.code.startswith(typed) or card_text(c).upper().startswith(typed)
        ][:MAX_CHOICES]

    @app_commands.command(name="claim", description=N_("Claim the rest of the tricks"))
    async def claim(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, Claim)

    @app_commands.command(name="renege", description=N_("Call a renege on a player"))
    @app_commands.describe(seat=N_("The seat number of the player who reneged"))
    async def renege(
        self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 6]
    ) -> None:
        await self.act(interaction, lambda mine: CallRenege(mine, seat - 1))

    @app_commands.command(name="hint", description=N_("What a good bot would do now, and why"))
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        table = self.table_here(interaction)
        hint = table.hint(interaction.user.id)
        label = action_label(hint.action, table.rules, table.names)
        await self.reply(
            interaction,
            table,
            _("Hint: **{move}**. {reason}").format(move=label, reason=said_text(hint.reason)),
        )

    @app_commands.command(
        name="why", description=N_("Why a bot made its latest move (only to you)")
    )
    @app_commands.describe(seat=N_("The bot's seat number (default: the last bot to move)"))
    async def why(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        table = self.table_here(interaction)
        text = await table.why(interaction.user.id, None if seat is None else seat - 1)
        await answer(interaction, text)

    @app_commands.command(
        name="score", description=N_("Scores, bags and the last hand's breakdown")
    )
    async def score(self, interaction: discord.Interaction[Any]) -> None:
        table = self.table_here(interaction)
        await self.reply(interaction, None, score_text(table.snapshot()))

    @app_commands.command(name="watch", description=N_("Watch this channel's table (only to you)"))
    async def watch(self, interaction: discord.Interaction[Any]) -> None:
        table = self.table_here(interaction)
        seen = await table.watch(interaction.user.id)
        await self.reply(
            interaction, None, watch_text(seen, table.close_reason, self.card_emojis.face)
        )

    @app_commands.command(name="rules", description=N_("The rules this table plays by"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        table = self.table_here(interaction)
        embed = discord.Embed(title=_("This table's rules"), description=rules_summary(table.rules))
        embed.set_footer(text=_("A table keeps the rules it opened with."))
        await answer(interaction, embed=embed)

    # -- seats and stopping ------------------------------------------------------------

    @app_commands.command(name="back", description=N_("Play your seat again after being away"))
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        table = self.table_here(interaction)
        await table.back(interaction.user.id)
        await self.reply(interaction, table, _("Welcome back: your seat is yours to play again."))

    @app_commands.command(name="sub", description=N_("Ask a member to take over a seat"))
    @app_commands.describe(seat=N_("The seat number"), member=N_("Who is asked to take it over"))
    async def sub(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 6],
        member: discord.Member,
    ) -> None:
        name = shown_name(member.display_name)
        if member.bot:
            raise PlayerError(
                _(
                    "{name} is a bot account and can't play a seat: hand it to a person, or"
                    " let the table's own bot play it (/spades leave)."
                ).format(name=name)
            )
        table = self.table_here(interaction)
        before = table.names
        request = await table.ask_sub(
            interaction.user.id,
            seat - 1,
            Member(member.id, name),
            moderator=is_moderator(interaction),
        )
        # A name says whose place it was; the seat number alone would not.
        held = before[seat - 1]
        # Posted in the channel: in the server's language, as the table's messages are.
        with use_locale(await self.channel_language(interaction)):
            text, view, mentions = request_message(
                request, member, shown_name(interaction.user.display_name), held
            )
        try:
            channel = self.bot.get_partial_messageable(table.channel_id)
            await channel.send(text, view=view, allowed_mentions=mentions)
        except discord.HTTPException:
            await table.drop_sub(request.request_id)
            raise PlayerError(
                _(
                    "I couldn't post the request in this channel, so nothing was sent and the"
                    " seat is as it was. Check that I may send messages here."
                )
            ) from None
        await self.reply(
            interaction,
            table,
            _(
                "{name} is asked to take over from {held}. The seat passes to them only if"
                " they accept, by {deadline}."
            ).format(name=name, held=held, deadline=f"<t:{request.expires}:t>"),
        )

    async def on_sub_click(self, interaction: discord.Interaction[Any], click: SubClick) -> None:
        """Accept or Decline on a request to take a seat: only the member asked may answer.
        A request that can no longer be answered loses its buttons, and they hear why."""
        if interaction.user.id != click.user_id:
            raise PlayerError(
                _("This request is for someone else: only the member asked can answer.")
            )
        # Shown to the whole channel: a name can neither format nor ping.
        name = shown_name(interaction.user.display_name)
        try:
            table = self.manager.table_by_id(click.table_id)
            if click.accept:
                seat = await table.accept_sub(click.request_id, member_of(interaction))
            else:
                await table.decline_sub(click.request_id, click.user_id)
        except TableError as refused:
            if isinstance(refused, StorageBusy):
                raise
            with use_locale(await self.channel_language(interaction)):
                closed = _("This request to {name} is closed: nothing changed.").format(name=name)
            await update(interaction, closed)
            await answer(interaction, str(refused))
            return
        with use_locale(await self.channel_language(interaction)):
            if click.accept:
                told = _("{name} accepted and takes over seat {seat}.").format(
                    name=name, seat=seat + 1
                )
            else:
                told = _("{name} declined, so nothing changed.").format(name=name)
        await update(interaction, told, view=None)
        if not click.accept:
            return
        await self.reply(
            interaction,
            table,
            _(
                "You play seat {seat} now. Your hand comes by DM; **My hand** on the table"
                " message shows it here too."
            ).format(seat=seat + 1),
        )

    @app_commands.command(
        name="stop", description=N_("Stop the table (host or moderator; else a vote)")
    )
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        table = self.table_here(interaction)
        vote = await table.stop(interaction.user.id, moderator=is_moderator(interaction))
        if vote.stopped:
            await self.reply(interaction, None, _("The table is stopped."))
        else:
            await self.reply(
                interaction,
                table,
                _("Your vote counts: {votes} of {needed} needed.").format(
                    votes=vote.votes, needed=vote.needed
                ),
            )

    @app_commands.command(
        name="forgetme",
        description=N_("Leave every table and remove your name and id from the bot"),
    )
    async def forgetme(self, interaction: discord.Interaction[Any]) -> None:
        if self.bot.storage is None:
            raise PlayerError(_("This bot keeps no stats, so there is nothing to forget."))
        user_id, application_id = interaction.user.id, interaction.application_id

        async def forget_them() -> str:
            # A language still being written lands before the forgetting, not after it.
            await self.languages.flush()
            done = await forget(self.bot, user_id, application_id)
            self.presenter.forget(user_id)
            self.languages.forget(user_id)
            return done

        await answer(
            interaction,
            _(
                "Forget you everywhere? You leave every table and lobby you sit at (a bot"
                " takes your seat in a game under way), and your name and id go from every"
                " finished game, leaderboard and setting. Your games stay counted,"
                " anonymously. This cannot be undone."
            ),
            view=Confirm(
                user_id,
                yes=_("Forget me"),
                no=_("Keep my stats"),
                on_yes=forget_them,
                cancelled=_("Nothing was forgotten."),
            ),
        )

    @app_commands.command(
        name=N_("language"), description=N_("The language I answer you in, here and in your DMs")
    )
    @app_commands.rename(language=N_("language"))
    @app_commands.describe(language=N_("Your language, or as your Discord is set"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        chosen = None if language == FOLLOW_DISCORD else language
        try:
            await self.languages.choose(interaction.user.id, chosen)
        except StorageFailed:
            raise PlayerError(not_saved()) from None
        with use_locale(chosen or str(interaction.locale)):
            if chosen is None:
                text = _("Done: I answer you in the language your Discord is set to.")
            else:
                text = _("Done: I answer you in English from now on, here and in your DMs.")
            await answer(interaction, text)

    # -- clicks ------------------------------------------------------------------------

    async def on_click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        """A control on a table message, a DM or an ephemeral hand. ``click.seq`` is the
        table's seq when the control was drawn: the table refuses it once it moved on. A
        lobby's buttons go to ``on_lobby_click``."""
        if is_lobby_code(click.code):
            await self.on_lobby_click(interaction, click.code)
            return
        if await forward(self.bot, interaction, click):
            return  # a DM click for a table another process runs
        table = self.manager.table_by_id(click.table_id)
        if click.code == HAND_CODE:
            await self.show_hand(interaction, table)
            return
        if click.code == WHY_CODE:
            await answer(interaction, await table.why(interaction.user.id))
            return
        if click.code == REMATCH_CODE:
            rematch = await table.rematch(interaction.user.id)
            await self.reply(interaction, rematch, _("Rematch: new cards are dealt."))
            return
        seat = table.require_seat(interaction.user.id)
        try:
            action = parse_code(click.code, seat)
        except ValueError:
            raise PlayerError(_("That control is from an older version: use My hand.")) from None
        await table.act(interaction.user.id, action, seq=click.seq)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            # Only this click can change an ephemeral hand: show the move made. Controls for
            # the next turn come in a new message, which the member is notified of.
            picture = self.presenter.hand_picture(table, seat, with_controls=False)
            await update(interaction, picture.content, view=None)
        else:
            # A DM hand: the answer itself shows the move made (an interaction's answer
            # costs nothing of the request budget), unless a newer hand message took over,
            # which the presenter shows.
            picture = self.presenter.answer_hand(table, seat, interaction.user.id)
            if message is not None and self.presenter.hand_shown(
                table, interaction.user.id, message.id, picture
            ):
                await update(interaction, picture.content, view=picture.view)
            else:
                await acknowledge(interaction)
        self.presenter.remember(table, interaction)

    async def on_lobby_click(self, interaction: discord.Interaction[Any], code: str) -> None:
        """A lobby button: the same as its command, for the lobby this message shows."""
        table = self.manager.find(interaction.channel_id or 0)
        message = interaction.message
        if table is None or (
            message is not None and await self.presenter.table_message_id(table) != message.id
        ):
            raise PlayerError(_(LOBBY_GONE))
        if code == JOIN_CODE:
            await self.sit(interaction, table)
        elif code == LEAVE_CODE:
            await self.stand(interaction, table, lobby_only=True)
        elif code == START_CODE:
            await self.deal(interaction, table, bots=True)
        else:
            await self.seat_bot(interaction, table, code.removeprefix(BOT_CODE))


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, SpadesBot):
        raise commands.ExtensionError("the spades cog needs a SpadesBot", name=__name__)
    install_error_handler(bot.tree)
    await bot.add_cog(SpadesCog(bot))
