"""The Discord presenter: the table message kept up to date in the channel, each member's
hand by DM (or ephemerally when their DMs are closed), their turns announced, and notices
posted to the channel.

Turns ring once: when it becomes a member's turn, their hand comes as a new DM (a new
message notifies; an edit does not), and the hand message before it loses its controls.
Between their turns that newest hand message is edited in place (at least at each trick's
end), and after a restart the stored one is edited rather than a new one sent. A member who
chose channel pings (``/spades pings``), or whose DMs are closed, is mentioned in the channel
instead, by one message at a time that is deleted once the turn has passed; a member whose
DMs are closed is told so once, in the channel, with what to do, and gets their hand as
ephemeral follow-ups of their interactions: a new one on their turn, the newest edited
between turns like a DM hand while the interaction's token lasts.

Tables call it under their lock, so nothing here waits on Discord for long: messages are
edited through ``LiveMessage`` (coalesced, in the background) and notices go out in order
through a per-channel queue of tasks. Every request that Discord's global rate limit counts
takes a token from one ``Budget`` first; answers to interactions never wait for it.
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

from bot.engine import Event, Phase
from bot.storage.records import HandMessage, Pings, StorageFailed, TableStore
from bot.tables import Notice, NoticeKind, Shown, TableStatus
from cogs._board import board_text, hand_message
from cogs._budget import Budget
from cogs._emojis import CardEmojis
from cogs._errors import missing_permission_text
from cogs._live import LiveChannel, LiveMessage, Picture
from cogs._ui import as_view, controls, hand_button, lobby_buttons, rematch_button, why_button

log = logging.getLogger(__name__)

DMS_CLOSED_NOTE = (
    "I can't DM you (your DMs are closed), so your hand shows here, only to you."
    " **My hand** on the table message brings it back any time."
)


def dms_closed_notice(user_id: int) -> str:
    """Said once in the channel when a member's DMs cannot be delivered."""
    return (
        f"<@{user_id}> I can't send you DMs (your DMs are closed), so your hand will not come"
        " by DM. Press **My hand** on the table message (or use `/spades hand`) to see your"
        " cards and play, or allow direct messages from this server's members in its Privacy"
        " Settings. Until then I'll mention you here when it's your turn."
    )


def turn_ping(user_id: int, phase: Phase | None) -> str:
    """A mention in the channel: it is the member's turn."""
    doing = {Phase.BID: "bid", Phase.PASS: "pass", Phase.DRAW: "draw"}.get(
        phase or Phase.PLAY, "play"
    )
    return f"<@{user_id}> it's your turn to {doing}: **My hand** shows your cards."


# A hand edit waits this long for more changes to join it (production; tests use 0).
HAND_DELAY = 0.25
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
class Ephemeral:
    """The newest hand sent to a member ephemerally (their DMs are closed), a follow-up of
    an interaction of theirs: edited in place between their turns, as a DM hand is, while
    that interaction's token lasts (the edits cost nothing of the budget)."""

    webhook: discord.Webhook
    until: datetime.datetime
    sent: Picture  # what it shows, as far as we know
    message_id: int | None = None  # once Discord has posted it
    pending: Picture | None = None  # the newest picture to show
    task: asyncio.Task[None] | None = None  # posting it, or editing it


@dataclass(slots=True)
class Player:
    """What the presenter knows about one member in one channel: where their hand goes.

    ``followups`` belong to their latest interaction with the table and carry ephemeral
    hands when DMs are closed; ``dm``, ``dm_seq``, ``looked_up``, ``pushed_seq`` and
    ``ping`` belong to ``table_id``."""

    dms_closed: bool = False
    told: bool = False  # told, once, that their hand shows ephemerally
    told_channel: bool = False  # told (or found told, stored) in the channel: DMs closed
    followups: Followups | None = None
    table_id: int | None = None
    dm: LiveMessage | None = None  # their newest hand message in DMs
    dm_seq: int = -1  # the table seq when it was posted
    looked_up: bool = False  # the stored hand message was looked for (after a restart)
    pushed_seq: int = -1  # the table seq of the last ephemeral hand sent for their turn
    ephemeral: Ephemeral | None = None  # the newest ephemeral hand sent, DMs closed
    ping: asyncio.Task[int | None] | None = None  # the live turn mention in the channel
    ping_seq: int = -1  # the table seq of the turn last announced in the channel


class DiscordPresenter:
    """Implements ``bot.tables.Presenter`` for Discord; the spades cog shares its pictures."""

    def __init__(
        self,
        client: discord.Client,
        *,
        interval: float,
        cards: CardEmojis | None = None,
        store: TableStore | None = None,
        budget: Budget | None = None,
        delay: float = HAND_DELAY,
    ) -> None:
        self.client = client
        self.interval = interval
        # The cards' emojis; text until they are ready, or without them.
        self.cards = cards or CardEmojis()
        self.store = store
        self.budget = budget or Budget()
        self.delay = delay
        self._pings: dict[int, Pings] = {}  # members' choices, as read or set
        # Members' DM channel ids: discord.py caches only the latest 128 DM channels, and
        # opening one again is a request that counts against the global limit.
        self._dm_ids: dict[int, int] = {}
        self._boards: dict[int, Board] = {}  # by channel id
        self._players: dict[tuple[int, int], Player] = {}  # by (channel id, user id)
        self._outbox: dict[int, asyncio.Task[None]] = {}  # the last notice sent, by channel
        # Turn mentions' deletions under way, by channel: the next mention waits for them.
        self._unmentions: dict[int, set[asyncio.Task[None]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- the Presenter protocol --------------------------------------------------------

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        self._show_board(table)
        if table.status is TableStatus.OVER:
            # Nobody may act any more: every hand loses its controls.
            for seat, _ in table.member_seats():
                await self.hand_changed(table, seat)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        user_id = dict(table.member_seats()).get(seat)
        table_id = table.table_id
        if user_id is None or table_id is None:
            return
        player = self._player(table, user_id)
        view = table.view(seat)
        turn = table.status is TableStatus.PLAYING and view.to_act == seat
        if player.dms_closed:
            if not self._push(table, seat, player):
                # Between turns, the ephemeral hand shows each trick's end, as DMs do.
                self._show_ephemeral(player, self.hand_picture(table, seat))
            self._ring_in_channel(table, player, user_id, view.phase if turn else None)
            return
        where = await self.pings(user_id)
        if player.dm is None and not player.looked_up:
            player.looked_up = True
            stored = await self._stored_hand(table_id, user_id)
            if stored is not None:
                # After a restart: the hand message already sent is edited, not sent again.
                player.dm = self._hand_live(
                    table, user_id, stored.message_id, stored.seq, ring=False
                )
                player.dm_seq = stored.seq
        picture = self.hand_picture(table, seat)
        ring = turn and where == "dm" and player.dm_seq != table.seq
        if player.dm is None or ring:
            # A new message: Discord notifies the member of it (an edit would not).
            older = player.dm
            if older is not None:
                older.freeze()  # superseded: its controls go
            # Only a turn notifies: a hand dealt while others are to act comes silently.
            player.dm = self._hand_live(table, user_id, None, table.seq, ring=ring, after=older)
            player.dm_seq = table.seq
        player.dm.show(picture, urgent=ring)
        self._ring_in_channel(
            table, player, user_id, view.phase if turn and where == "channel" else None
        )

    async def pings(self, user_id: int) -> Pings:
        """Where the member hears of their turns: their stored choice, else a DM."""
        where = self._pings.get(user_id)
        if where is None:
            where = "dm"
            if self.store is not None:
                try:
                    where = await self.store.pings(user_id) or "dm"
                except StorageFailed as error:
                    log.warning("Could not read where %d is pinged: %s", user_id, error)
                    return where
            self._pings[user_id] = where
        return where

    async def set_pings(self, user_id: int, where: Pings) -> None:
        """Store the member's choice (``StorageFailed`` if it cannot be) and follow it."""
        if self.store is not None:
            await self.store.set_pings(user_id, where)
        self._pings[user_id] = where

    def hand_shown(self, table: Shown, user_id: int, message_id: int, picture: Picture) -> bool:
        """An answer to a click on message ``message_id`` now shows ``picture``: when that
        is the member's live hand message, no edit to show the same follows. Whether it was."""
        player = self._players.get((table.channel_id, user_id))
        if player is None or player.table_id != table.table_id or player.dm is None:
            return False
        if player.dm.message_id != message_id:
            return False
        player.dm.shown_elsewhere(picture)
        return True

    async def notice(self, table: Shown, notice: Notice) -> None:
        text, mention = notice.text, None
        if notice.kind is NoticeKind.TURN_WARNING and notice.user_id is not None:
            text, mention = f"<@{notice.user_id}> {text}", notice.user_id
        self._post(table.channel_id, text, mention=mention)
        # Notices come with changes tables tell nobody else about: a seat away, a timer
        # gone, a vote counted, the table closed.
        self._show_board(table)
        if notice.kind is NoticeKind.SEATS:
            # A member who gave their seat up keeps no live turn mention or controls.
            seated = {user_id for _, user_id in table.member_seats()}
            for (channel_id, user_id), left in list(self._players.items()):
                if channel_id != table.channel_id or user_id in seated:
                    continue
                if left.table_id == table.table_id:
                    self._ring_in_channel(table, left, user_id, None)
                    if left.dm is not None:
                        left.dm.freeze()
                        left.dm = None
        if notice.kind is NoticeKind.CLOSED:
            for seat, user_id in table.member_seats():
                player = self._players.pop((table.channel_id, user_id), None)
                if player is None:
                    continue
                self._ring_in_channel(table, player, user_id, None)
                if player.dm is not None and table.table_id is not None:
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
            if any(s is not None and (s.user_id is None or s.away) for s in snapshot.seats):
                items.append(why_button(snapshot.table_id))
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

    def forget(self, user_id: int) -> None:
        """``/spades forgetme``: the member sits nowhere now. Their ping choice and DM
        channel are no longer kept here, and their DM hands lose their controls (a post
        still under way is not stored: see ``_hand_live``)."""
        self._pings.pop(user_id, None)
        self._dm_ids.pop(user_id, None)
        for (_, member), player in self._players.items():
            if member == user_id and player.dm is not None:
                player.dm.freeze()

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
        # Nothing more goes out: what still waits for the budget (superseded hands' last
        # edits under load) is dropped rather than sent through a closing connection.
        self.budget.close()

    # -- internals ---------------------------------------------------------------------

    def _show_board(self, table: Shown) -> None:
        live = self._board(table).live
        # A table's first message goes before edits: the members who opened it look for it.
        live.show(self.board_picture(table), urgent=live.message_id is None)

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
            delay=self.delay,
            budget=self.budget,
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

        async def tell_host() -> None:
            await self.budget.take(urgent=True)
            dm = await self._dm(host)
            await self.budget.take(urgent=True)
            await dm.send(text)

        self._spawn(tell_host())

    def _player(self, table: Shown, user_id: int) -> Player:
        player = self._players.setdefault((table.channel_id, user_id), Player())
        if player.table_id != table.table_id:
            if player.dm is not None:
                player.dm.freeze()  # the last table's hand: nobody may act on it
            self._ring_in_channel(table, player, user_id, None)
            player.table_id, player.dm, player.dm_seq = table.table_id, None, -1
            player.ephemeral = None
            player.looked_up, player.pushed_seq, player.ping_seq = False, -1, -1
        return player

    def _table_players(self, table: Shown) -> list[Player]:
        """The presenter's records of the members seated at ``table``."""
        found = (self._players.get((table.channel_id, u)) for _, u in table.member_seats())
        return [p for p in found if p is not None and p.table_id == table.table_id]

    def _hand_live(
        self,
        table: Shown,
        user_id: int,
        message_id: int | None,
        seq: int,
        *,
        ring: bool,
        after: LiveMessage | None = None,
    ) -> LiveMessage:
        """A live hand message in the member's DMs (``message_id`` ``None``: a new one,
        stored once posted, notifying the member only when it ``ring``s for their turn)."""
        table_id = table.table_id
        assert table_id is not None

        async def posted(new_id: int) -> None:
            if self.store is None or table.seat_of(user_id) is None:
                return  # a member who left (or was forgotten) meanwhile is not stored again
            try:
                await self.store.set_hand_message(table_id, user_id, HandMessage(new_id, seq))
            except StorageFailed as error:
                log.warning("Could not store the hand message of %d: %s", user_id, error)

        async def open_dm() -> LiveChannel:
            return await self._dm(user_id)

        channel_id = self._dm_ids.get(user_id)
        channel: LiveChannel | Callable[[], Awaitable[LiveChannel]] = open_dm
        if channel_id is not None:
            channel = self.client.get_partial_messageable(
                channel_id, type=discord.ChannelType.private
            )
        return LiveMessage(
            channel,
            interval=self.interval,
            delay=self.delay,
            budget=self.budget,
            message_id=message_id,
            silent=not ring,
            after=after,
            on_posted=posted,
            on_closed=self._on_dms_closed(table, user_id),
            describe=lambda: f"the hand of {user_id} at table {table_id}",
        )

    async def _dm(self, user_id: int) -> LiveChannel:
        """The member's DM channel, opened once."""
        channel_id = self._dm_ids.get(user_id)
        if channel_id is None:
            channel = await self.client.create_dm(discord.Object(user_id))
            self._dm_ids[user_id] = channel.id
            return channel
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _stored_hand(self, table_id: int, user_id: int) -> HandMessage | None:
        if self.store is None:
            return None
        try:
            return await self.store.hand_message(table_id, user_id)
        except StorageFailed as error:
            log.warning("Could not read the hand message of %d: %s", user_id, error)
            return None

    def _on_dms_closed(self, table: Shown, user_id: int) -> Callable[[], Awaitable[None]]:
        async def closed() -> None:
            player = self._player(table, user_id)
            player.dms_closed = True
            player.dm = None
            seat = table.seat_of(user_id)
            turn = seat is not None and table.status is TableStatus.PLAYING
            phase = None
            if seat is not None and turn:
                view = table.view(seat)
                phase = view.phase if view.to_act == seat else None
            if not player.told_channel:
                player.told_channel = True
                if await self._tell_dms_closed(table, user_id):
                    # Told once a table, with a mention: it counts as their turn's notice.
                    self._post(table.channel_id, dms_closed_notice(user_id), mention=user_id)
                    if phase is not None:
                        self._ring_in_channel(table, player, user_id, None)
                        player.ping_seq = table.seq
            if seat is not None:
                self._push(table, seat, player)
                self._ring_in_channel(table, player, user_id, phase)

        return closed

    async def _tell_dms_closed(self, table: Shown, user_id: int) -> bool:
        """Whether the member is to be told now that their DMs are closed: once a table,
        stored so that a restart does not tell them again, and only while it is played."""
        if table.status is not TableStatus.PLAYING or table.table_id is None:
            return False
        if self.store is None:
            return True
        try:
            return await self.store.tell_dms_closed(table.table_id, user_id)
        except StorageFailed as error:
            log.warning("Could not store that %d was told of closed DMs: %s", user_id, error)
            return True

    def _ring_in_channel(
        self, table: Shown, player: Player, user_id: int, phase: Phase | None
    ) -> None:
        """Keep at most one live turn mention for the member in the channel: one for this
        turn when ``phase`` is given (the turn's phase), none otherwise."""
        if phase is not None and player.ping_seq == table.seq:
            return  # this turn is announced already
        passed = [player]
        if phase is not None:
            # One member acts at a time: another's live mention is for a turn that has
            # passed, whether or not their hand has been told so yet.
            passed += [p for p in self._table_players(table) if p is not player]
        channel_id = table.channel_id
        deleting = self._unmentions.setdefault(channel_id, set())
        for done in passed:
            old, done.ping = done.ping, None
            if old is not None:
                task = self._spawn(self._delete(channel_id, old))
                deleting.add(task)
                task.add_done_callback(deleting.discard)
        if phase is None:
            return
        player.ping_seq = table.seq
        # Every mention not yet deleted (this one's or one whose turn passed earlier, whose
        # post may still be under way) goes first: never two live at once in the channel.
        first = list(deleting)

        async def ping() -> int | None:
            await asyncio.gather(*first, return_exceptions=True)
            return await self._send(
                channel_id, turn_ping(user_id, phase), mention=user_id, urgent=True
            )

        player.ping = asyncio.create_task(ping())
        self._tasks.add(player.ping)
        player.ping.add_done_callback(self._done)

    async def _send(
        self, channel_id: int, content: str, *, mention: int | None = None, urgent: bool = False
    ) -> int | None:
        """Post ``content`` in the channel within the budget; the message's id, or ``None``
        when Discord refused it (logged)."""
        await self.budget.take(urgent=urgent)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(mention)] if mention else False
        )
        try:
            message = await self.client.get_partial_messageable(channel_id).send(
                content, allowed_mentions=mentions
            )
        except discord.HTTPException as error:
            log.error("Could not post in channel %d: %s", channel_id, error)
            return None
        return message.id

    async def _delete(self, channel_id: int, posted: asyncio.Task[int | None]) -> None:
        """Delete a turn mention once it has been posted."""
        try:
            message_id = await posted
        except Exception:  # its own failure was logged by _send
            return
        if message_id is None:
            return
        # Urgent: the next turn's mention waits for it.
        await self.budget.take(urgent=True)
        with contextlib.suppress(discord.NotFound):
            await (
                self.client.get_partial_messageable(channel_id)
                .get_partial_message(message_id)
                .delete()
            )

    def _push(self, table: Shown, seat: int, player: Player) -> bool:
        """Send an ephemeral hand as a follow-up of the member's latest interaction, when
        their DMs are closed and either it is their turn (once per turn) or they have not
        yet been told why their hand shows here. Whether it was sent."""
        followups = player.followups
        if (
            not player.dms_closed
            or followups is None
            or discord.utils.utcnow() > followups.until
            or table.status not in (TableStatus.PLAYING, TableStatus.OVER)
        ):
            return False
        turn = table.view(seat).to_act == seat
        if player.told and (not turn or player.pushed_seq == table.seq):
            return False
        note = "" if player.told else DMS_CLOSED_NOTE
        player.told = True
        if turn:
            player.pushed_seq = table.seq
        picture = self.hand_picture(table, seat, note)
        shown = Ephemeral(followups.webhook, followups.until, picture)
        player.ephemeral = shown
        shown.task = self._spawn(self._send_ephemeral(shown))
        return True

    async def _send_ephemeral(self, shown: Ephemeral) -> None:
        picture = shown.sent
        if picture.view is None:
            sent = await shown.webhook.send(picture.content, ephemeral=True, wait=True)
        else:
            sent = await shown.webhook.send(
                picture.content, view=picture.view, ephemeral=True, wait=True
            )
        shown.message_id = sent.id
        await self._edit_ephemeral(shown)

    def _show_ephemeral(self, player: Player, picture: Picture) -> None:
        """Edit the member's newest ephemeral hand to show ``picture`` (in the background,
        the newest picture only), while its token lasts."""
        shown = player.ephemeral
        if shown is None or discord.utils.utcnow() > shown.until:
            return
        shown.pending = picture
        if shown.task is None or shown.task.done():
            shown.task = self._spawn(self._edit_ephemeral(shown))

    async def _edit_ephemeral(self, shown: Ephemeral) -> None:
        while shown.pending is not None and shown.message_id is not None:
            picture, shown.pending = shown.pending, None
            if picture.same_as(shown.sent) or discord.utils.utcnow() > shown.until:
                continue
            try:
                await shown.webhook.edit_message(
                    shown.message_id, content=picture.content, view=picture.view
                )
            except discord.HTTPException as error:
                log.warning("Could not edit an ephemeral hand: %s", error)
                return
            shown.sent = picture

    def _post(self, channel_id: int, content: str, *, mention: int | None = None) -> None:
        """Post a notice in the channel after the ones before it."""
        previous = self._outbox.get(channel_id)

        async def post() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            await self._send(channel_id, content, mention=mention, urgent=True)

        self._outbox[channel_id] = self._spawn(post())

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[None]:
        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Could not send a message", exc_info=task.exception())
