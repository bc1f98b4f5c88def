"""DM clicks across processes (``bot.relay``): the shard-0 process forwards a DM click for a
table it does not run; the process that runs it acts on it and answers through the
interaction's follow-up webhook, with a refusal's reason like any click's.

``/spades forgetme`` takes the same road to a table, lobby or tournament another process
runs: the owner takes the member out of it, and says it did only once that is stored."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

import discord

from bot import urgency
from bot.client import SpadesBot
from bot.competition.tournament import TournamentError
from bot.i18n import N_, _, use_locale
from bot.relay import ForwardedClick, RelayDown
from bot.storage.records import StorageFailed
from bot.storage.stats import FORMER_MEMBER, Place
from bot.tables import NoTable, Table, TableError, TableManager
from bot.tournaments import TournamentRunner
from cogs._answer import acknowledge
from cogs._codes import parse_code
from cogs._errors import APOLOGY, player_message
from cogs._languages import member_language
from cogs._presenter import DiscordPresenter
from cogs._ui import HAND_CODE, REMATCH_CODE, Click

log = logging.getLogger(__name__)

GONE = N_("That game is no longer running.")
# Seconds an interaction's token stays good (Discord: 15 minutes), so the seconds a click
# heard once more is known for the same click.
TOKEN_LIFE = 15 * 60
# A forwarded forgetme's code: this prefix and the channel of the table or lobby to leave.
FORGET_CODE = "forgetme:"
# The same for a tournament: this prefix and the tournament's id.
FORGET_TOURNAMENT_CODE = "forgetme-tournament:"
# The relay is down: the click was not sent anywhere.
UNREACHABLE = N_("I can't reach your table just now, so nothing changed: try again in a moment.")
# Sent, but its table's process did not say it took it: it may be restarting, or the
# connection was lost on the way. The member sees whether the move was made.
UNANSWERED = N_(
    "Your table didn't answer in time: if your move doesn't show in a moment, try again."
)


async def forward(bot: SpadesBot, interaction: discord.Interaction[Any], click: Click) -> bool:
    """Forward a DM click whose table this process does not run to the process that runs
    it; ``False`` when it is not such a click (it is handled here as usual)."""
    relay = bot.relay
    if relay is None or interaction.guild_id is not None:
        return False
    try:
        bot.tables.table_by_id(click.table_id)
        return False
    except NoTable:
        pass
    # Acknowledged first: the owner may take longer than the three seconds Discord waits.
    await acknowledge(interaction)
    urgency.mark()  # acknowledged, not yet made: its forwarding still comes first
    forwarded = ForwardedClick(
        click.table_id,
        click.seq,
        click.code,
        interaction.user.id,
        interaction.application_id,
        interaction.token,
        interaction.id,
        interaction.channel_id or 0,
    )
    try:
        taken = await relay.forward(forwarded)
    except RelayDown as down:
        await interaction.followup.send(_(UNANSWERED if down.sent else UNREACHABLE), ephemeral=True)
        return True
    if not taken:
        await interaction.followup.send(await _not_taken(bot, click.table_id), ephemeral=True)
    return True


async def forward_forget(bot: SpadesBot, place: Place, user_id: int, application_id: int) -> bool:
    """Ask the process that runs ``place`` to take the member out of it (``/spades
    forgetme``); whether one did, and stored it, in time. ``False`` without a relay."""
    code = f"{FORGET_CODE}{place.channel_id}"
    return await _forward_forget(bot, code, user_id, application_id)


async def forward_forget_tournament(
    bot: SpadesBot, tournament_id: int, user_id: int, application_id: int
) -> bool:
    """The same for a tournament another process runs: it drops the member and erases
    them from the tournament's rows, as its own ``/spades forgetme`` would."""
    code = f"{FORGET_TOURNAMENT_CODE}{tournament_id}"
    return await _forward_forget(bot, code, user_id, application_id)


async def _forward_forget(bot: SpadesBot, code: str, user_id: int, application_id: int) -> bool:
    relay = bot.relay
    if relay is None:
        return False
    forwarded = ForwardedClick(
        # No table id: a process that does not know this code finds no table to take it.
        0,
        0,
        code,
        user_id,
        application_id,
        # Only the key the owner's "taken" answers to: the forgetting process answers the
        # member itself, so the owner sends no follow-up.
        secrets.token_urlsafe(24),
    )
    try:
        return await relay.forward(forwarded)
    except Exception:
        log.exception("Could not forward forgetme (%s)", code)
        return False


async def _not_taken(bot: SpadesBot, table_id: int) -> str:
    """Why no process took a click on ``table_id``: the table is over and gone, or it is
    still open in the store and its process did not answer now."""
    try:
        running = bot.store is None or await bot.store.table_open(table_id)
    except StorageFailed:
        running = True
    return _(UNANSWERED if running else GONE)


class ForwardedClicks:
    """The owner's side: takes the forwarded clicks of tables this process runs."""

    def __init__(
        self, bot: SpadesBot, manager: TableManager, presenter: DiscordPresenter | None = None
    ) -> None:
        self.bot = bot
        self.manager = manager
        # Learns each member's free route from their forwarded clicks.
        self.presenter = presenter
        self._tasks: set[asyncio.Task[None]] = set()
        # The tokens of the clicks taken, oldest first, with when: the relay may deliver one
        # click twice (a notification sent again), and the second is no new click.
        self._taken: dict[str, float] = {}

    async def take(self, forwarded: ForwardedClick) -> bool:
        if forwarded.code.startswith(FORGET_CODE):
            return await self._forget(forwarded)
        if forwarded.code.startswith(FORGET_TOURNAMENT_CODE):
            return await self._forget_tournament(forwarded)
        try:
            table = self.manager.table_by_id(forwarded.table_id)
        except NoTable:
            return False
        if not self._first_time(forwarded.token):
            # Taken already (acted on and answered, or being): the same click again is
            # neither acted on twice nor refused as stale. Still taken, for its forwarder.
            log.info("A DM click on table %d was forwarded twice", forwarded.table_id)
            return True
        # A member waits for this click as for one of their own process's: its move goes
        # first (``bot.urgency``) until it is made and answered.
        urgency.mark()
        task = asyncio.get_running_loop().create_task(self._act(table, forwarded))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return True

    def _first_time(self, token: str) -> bool:
        now = time.monotonic()
        while self._taken and next(iter(self._taken.values())) < now - TOKEN_LIFE:
            del self._taken[next(iter(self._taken))]
        if token in self._taken:
            return False
        self._taken[token] = now
        return True

    async def _act(self, table: Table, forwarded: ForwardedClick) -> None:
        # Answered in the member's language, as their own process would.
        with use_locale(member_language(forwarded.user_id)):
            await self._act_for(table, forwarded)

    async def _act_for(self, table: Table, forwarded: ForwardedClick) -> None:
        user_id = forwarded.user_id
        text: str | None = None
        webhook = discord.Webhook.partial(
            forwarded.application_id, forwarded.token, client=self.bot
        )
        if self.presenter is not None and forwarded.interaction_id:
            # The forwarder answered the click: its follow-ups are the member's free route
            # to their DMs here too, for their next turn first (learnt before acting on it).
            made = discord.utils.snowflake_time(forwarded.interaction_id)
            self.presenter.learn_route(
                table, user_id, webhook, made, forwarded.channel_id, in_dm=True
            )
        try:
            if forwarded.code == HAND_CODE:
                text = _("Your hand is in this DM; /spades hand shows it in the table's channel.")
            elif forwarded.code == REMATCH_CODE:
                await table.rematch(user_id)
                text = _("Rematch: new cards are dealt.")
            else:
                seat = table.require_seat(user_id)
                try:
                    action = parse_code(forwarded.code, seat)
                except ValueError:
                    text = _("That control is from an older version: use My hand.")
                else:
                    # The DM hand shows the move: the presenter edits it.
                    await table.act(user_id, action, seq=forwarded.seq)
        except Exception as error:
            text = player_message(error)
            if text is None:
                log.error("Error handling a forwarded click on %r", table, exc_info=error)
                text = _(APOLOGY)
        if text is not None:
            try:
                await webhook.send(text)
            except discord.HTTPException:
                log.warning("Could not answer a forwarded click of user %s", user_id)
        urgency.calm()  # made and answered: the rest waits its turn

    async def _forget(self, forwarded: ForwardedClick) -> bool:
        """``/spades forgetme`` from another process, for a table or lobby that may run
        here: taken (``True``) once the member is out of it and that is stored."""
        try:
            channel_id = int(forwarded.code.removeprefix(FORGET_CODE))
        except ValueError:
            log.error("A forwarded forgetme that cannot be read: %.200s", forwarded.code)
            return False
        table = self.manager.find(channel_id)
        if table is None:
            return False
        try:
            await table.forget(forwarded.user_id)
        except TableError as error:
            log.warning("Could not take a member out of %r for forgetme: %s", table, error)
            return False
        return True

    async def _forget_tournament(self, forwarded: ForwardedClick) -> bool:
        """``/spades forgetme`` from another process, for a tournament that may run here:
        taken once the member is out of it and erased from its rows."""
        try:
            key = int(forwarded.code.removeprefix(FORGET_TOURNAMENT_CODE))
        except ValueError:
            log.error("A forwarded forgetme that cannot be read: %.200s", forwarded.code)
            return False
        run = getattr(self.bot.get_cog("TournamentCog"), "runner", None)
        if not isinstance(run, TournamentRunner):
            return False
        try:
            run.get(key)
        except TournamentError:
            return False  # not run here
        try:
            await run.forget_member(forwarded.user_id, FORMER_MEMBER)
        except StorageFailed as error:
            log.warning("Could not forget a member in tournament %d: %s", key, error)
            return False
        return True

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
