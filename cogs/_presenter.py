"""The Discord presenter: the table message kept up to date in the channel, each member's
hand by DM (or ephemerally when their DMs are closed), and notices posted to the channel.

Tables call it under their lock, so nothing here waits on Discord for long: messages are
edited through ``LiveMessage`` (coalesced, in the background) and notices go out in order
through a per-channel queue of tasks.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.engine import Event
from bot.tables import Notice, NoticeKind, Shown, TableStatus
from cogs._board import board_text, hand_message
from cogs._emojis import CardEmojis
from cogs._errors import missing_permission_text
from cogs._live import LiveMessage, Picture
from cogs._ui import as_view, controls, hand_button, lobby_buttons, rematch_button

log = logging.getLogger(__name__)

DMS_CLOSED_NOTE = (
    "I can't DM you (your DMs are closed), so your hand shows here, only to you."
    " **My hand** on the table message brings it back any time."
)
# An interaction token lives 15 minutes; follow-ups stop a little before that.
FOLLOWUP_LIFETIME = datetime.timedelta(minutes=14)
# How long closing the bot waits for the last edits to go out.
CLOSE_WAIT = 5.0
# How long a click waits for the table message it came from to be known (the answer must
# start within Discord's three seconds).
POST_WAIT = 1.5


@dataclass(slots=True)
class Board:
    """The table message of the table now in a channel, and the game it shows (``None``:
    the lobby, whose message the game dealt from it goes on using)."""

    table: Shown
    table_id: int | None
    live: LiveMessage
    told_forbidden: bool = False  # the host heard that a permission is missing


@dataclass(frozen=True, slots=True)
class Followups:
    """Where follow-ups of a member's latest answered interaction go, and until when.

    Kept instead of the interaction, whose message, channel and user objects form reference
    cycles: held for the seconds a member takes to act again, each interaction would outlive
    the young garbage-collector generations and wait for a full collection, and those pauses
    stall every table."""

    webhook: discord.Webhook
    until: datetime.datetime


@dataclass(slots=True)
class Player:
    """What the presenter knows about one member in one channel: where their hand goes.

    ``followups`` belong to their latest interaction with the table and carry ephemeral
    hands when DMs are closed; ``dm`` and ``pushed_seq`` belong to ``table_id``."""

    dms_closed: bool = False
    told: bool = False  # told, once, that their hand shows ephemerally
    followups: Followups | None = None
    table_id: int | None = None
    dm: LiveMessage | None = None
    pushed_seq: int = -1  # the table seq of the last ephemeral hand sent for their turn


class DiscordPresenter:
    """Implements ``bot.tables.Presenter`` for Discord; the spades cog shares its pictures."""

    def __init__(
        self, client: discord.Client, *, interval: float, cards: CardEmojis | None = None
    ) -> None:
        self.client = client
        self.interval = interval
        # The cards' emojis; text until they are ready, or without them.
        self.cards = cards or CardEmojis()
        self._boards: dict[int, Board] = {}  # by channel id
        self._players: dict[tuple[int, int], Player] = {}  # by (channel id, user id)
        self._outbox: dict[int, asyncio.Task[None]] = {}  # the last notice sent, by channel
        self._tasks: set[asyncio.Task[None]] = set()

    # -- the Presenter protocol --------------------------------------------------------

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        self._board(table).live.show(self.board_picture(table))
        if table.status is TableStatus.OVER:
            # Nobody may act any more: every hand loses its controls.
            for seat, _ in table.member_seats():
                await self.hand_changed(table, seat)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        user_id = dict(table.member_seats()).get(seat)
        if user_id is None or table.table_id is None:
            return
        player = self._player(table, user_id)
        if player.dms_closed:
            self._push(table, seat, player)
            return
        if player.dm is None:
            channel = await self.client.create_dm(discord.Object(user_id))
            player.dm = LiveMessage(
                channel, interval=self.interval, on_closed=self._on_dms_closed(table, user_id)
            )
        player.dm.show(self.hand_picture(table, seat))

    async def notice(self, table: Shown, notice: Notice) -> None:
        text = notice.text
        if notice.kind is NoticeKind.TURN_WARNING and notice.user_id is not None:
            text = f"<@{notice.user_id}> {text}"
        self._post(table.channel_id, text)
        # Notices come with changes tables tell nobody else about: a seat away, a timer
        # gone, a vote counted, the table closed.
        self._board(table).live.show(self.board_picture(table))
        if notice.kind is NoticeKind.CLOSED:
            for seat, user_id in table.member_seats():
                player = self._players.pop((table.channel_id, user_id), None)
                if player is not None and player.dm is not None and table.table_id is not None:
                    player.dm.show(
                        self.hand_picture(table, seat, note=f"Table closed: {notice.text}")
                    )

    # -- pictures, shared with the cog -------------------------------------------------

    def board_picture(self, table: Shown) -> Picture:
        """The table message: the public state; the lobby's buttons, "My hand" during play,
        "Rematch" after."""
        snapshot = table.snapshot()
        items: list[discord.ui.Item[Any]] = []
        if snapshot.status is TableStatus.LOBBY:
            items.extend(lobby_buttons())
        elif snapshot.table_id is not None and snapshot.status is TableStatus.PLAYING:
            items.append(hand_button(snapshot.table_id))
        elif snapshot.table_id is not None and snapshot.status is TableStatus.OVER:
            items.append(rematch_button(snapshot.table_id))
        text = board_text(snapshot, table.close_reason, self.cards.face)
        return Picture(text, as_view(items) if items else None)

    def hand_picture(
        self, table: Shown, seat: int, note: str = "", *, with_controls: bool = True
    ) -> Picture:
        """Seat ``seat``'s private picture, with controls for what it may do now (unless not
        ``with_controls``). Show it to that seat's member only."""
        view = table.view(seat)
        items: list[discord.ui.Item[Any]] = []
        table_id = table.table_id
        if with_controls and table.status is TableStatus.PLAYING and table_id is not None:
            items = controls(view, table_id, table.seq, table.names, self.cards.emoji)
        text = hand_message(view, table.names, note, self.cards.face)
        return Picture(text, as_view(items) if items else None)

    def remember(
        self, table: Shown, interaction: discord.Interaction[Any], *, hand_shown: bool = False
    ) -> None:
        """The member just interacted with ``table`` and was answered (with their hand as
        it is now, when ``hand_shown``): their follow-ups can carry an ephemeral hand, sent
        now if one is due (DMs closed)."""
        player = self._player(table, interaction.user.id)
        if interaction.response.is_done():
            until = interaction.created_at + FOLLOWUP_LIFETIME
            player.followups = Followups(interaction.followup, until)
        if hand_shown:
            player.pushed_seq = table.seq
        seat = table.seat_of(interaction.user.id)
        if seat is not None:
            self._push(table, seat, player)

    async def table_message_id(self, table: Shown) -> int | None:
        """The id of ``table``'s message, once a post already under way has come back (a
        click can reach the bot before Discord's answer to the post that showed it)."""
        board = self._boards.get(table.channel_id)
        if table.message_id is None and board is not None and board.table is table:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(board.live.settle()), POST_WAIT)
        return table.message_id

    # -- closing -----------------------------------------------------------------------

    async def aclose(self) -> None:
        """Let pending edits and notices go out (for a little while), then stop."""
        lives = [b.live for b in self._boards.values()]
        lives += [p.dm for p in self._players.values() if p.dm is not None]
        pending = [asyncio.ensure_future(live.settle()) for live in lives] + list(self._tasks)
        if pending:
            _, late = await asyncio.wait(pending, timeout=CLOSE_WAIT)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)

    # -- internals ---------------------------------------------------------------------

    def _board(self, table: Shown) -> Board:
        board = self._boards.get(table.channel_id)
        same = board is not None and board.table is table
        if board is not None and same and board.table_id in (None, table.table_id):
            # The lobby's message shows the game dealt from it.
            board.table_id = table.table_id
            return board
        if board is not None:
            # A new table or game in the channel (a rematch, a new lobby, a restart): the
            # old message keeps its final state, without controls nobody may use any more.
            board.live.freeze()
        channel = self.client.get_partial_messageable(table.channel_id)
        live = LiveMessage(
            channel,
            interval=self.interval,
            message_id=table.message_id,
            on_posted=table.set_message,
            on_forbidden=lambda error: self._on_forbidden(table),
            describe=lambda: f"the message of table {table.table_id} in channel {table.channel_id}",
        )
        board = Board(table, table.table_id, live)
        self._boards[table.channel_id] = board
        return board

    async def _on_forbidden(self, table: Shown) -> None:
        """Discord refused the table message: the host hears, once, what to fix."""
        board = self._boards.get(table.channel_id)
        host = table.snapshot().host_id
        if board is None or board.told_forbidden or host is None:
            return
        board.told_forbidden = True
        text = missing_permission_text(table.channel_id)
        followups = self._player(table, host).followups
        if followups is not None and discord.utils.utcnow() < followups.until:
            self._spawn(followups.webhook.send(text, ephemeral=True))
            return
        dm = await self.client.create_dm(discord.Object(host))
        self._spawn(dm.send(text))

    def _player(self, table: Shown, user_id: int) -> Player:
        player = self._players.setdefault((table.channel_id, user_id), Player())
        if player.table_id != table.table_id:
            player.table_id, player.dm, player.pushed_seq = table.table_id, None, -1
        return player

    def _on_dms_closed(self, table: Shown, user_id: int) -> Callable[[], Awaitable[None]]:
        async def closed() -> None:
            player = self._player(table, user_id)
            player.dms_closed = True
            seat = table.seat_of(user_id)
            if seat is not None:
                self._push(table, seat, player)

        return closed

    def _push(self, table: Shown, seat: int, player: Player) -> None:
        """Send an ephemeral hand as a follow-up of the member's latest interaction, when
        their DMs are closed and either it is their turn (once per turn) or they have not
        yet been told why their hand shows here."""
        followups = player.followups
        if (
            not player.dms_closed
            or followups is None
            or discord.utils.utcnow() > followups.until
            or table.status not in (TableStatus.PLAYING, TableStatus.OVER)
        ):
            return
        turn = table.view(seat).to_act == seat
        if player.told and (not turn or player.pushed_seq == table.seq):
            return
        note = "" if player.told else DMS_CLOSED_NOTE
        player.told = True
        if turn:
            player.pushed_seq = table.seq
        picture = self.hand_picture(table, seat, note)
        if picture.view is None:
            send = followups.webhook.send(picture.content, ephemeral=True)
        else:
            send = followups.webhook.send(picture.content, view=picture.view, ephemeral=True)
        self._spawn(send)

    def _post(self, channel_id: int, content: str) -> None:
        """Post a notice in the channel after the ones before it."""
        previous = self._outbox.get(channel_id)

        async def post() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            await self.client.get_partial_messageable(channel_id).send(content)

        self._outbox[channel_id] = self._spawn(post())

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[None]:
        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Could not send a message", exc_info=task.exception())
