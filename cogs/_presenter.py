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

What reaches the channel (the table message, notices, turn mentions) is written in the
server's table language (``Languages.guild``); what reaches one member alone (their DM hand,
their ephemeral hand, a word to the host) in that member's (``Languages.member``), else the
server's. Each text is written where its reader is known, inside ``use_locale``: the task
that tells the presenter speaks the language of whoever acted, which is nobody else's.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import enum
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.engine import Event, Phase, SeatView
from bot.i18n import N_, _, current_locale, translations, use_locale
from bot.storage.records import HandMessage, Pings, StorageFailed, TableStore
from bot.tables import Notice, NoticeKind, Shown, TableStatus
from bot.urgency import background
from cogs._board import board_text, hand_message
from cogs._budget import Budget
from cogs._emojis import CardEmojis
from cogs._errors import missing_permission_text
from cogs._languages import Languages, server_language
from cogs._live import LiveChannel, LiveMessage, Picture, Token, edit_follow_up
from cogs._ui import as_view, controls, hand_button, lobby_buttons, rematch_button, why_button

log = logging.getLogger(__name__)

DMS_CLOSED_NOTE = N_(
    "I can't DM you (your DMs are closed), so your hand shows here, only to you."
    " **My hand** on the table message brings it back any time."
)


def dms_closed_notice(user_id: int) -> str:
    """Said once in the channel when a member's DMs cannot be delivered."""
    return _(
        "{mention} I can't send you DMs (your DMs are closed), so your hand will not come"
        " by DM. Press **My hand** on the table message (or use `/spades hand`) to see your"
        " cards and play, or allow direct messages from this server's members in its Privacy"
        " Settings. Until then I'll mention you here when it's your turn."
    ).format(mention=f"<@{user_id}>")


def turn_ping(user_id: int, phase: Phase | None) -> str:
    """A mention in the channel: it is the member's turn."""
    said = {
        Phase.BID: _("{mention} it's your turn to bid: **My hand** shows your cards."),
        Phase.PASS: _("{mention} it's your turn to pass: **My hand** shows your cards."),
        Phase.DRAW: _("{mention} it's your turn to draw: **My hand** shows your cards."),
    }.get(phase or Phase.PLAY, _("{mention} it's your turn to play: **My hand** shows your cards."))
    return said.format(mention=f"<@{user_id}>")


# A hand edit waits this long for more changes to join it (production; tests use 0).
HAND_DELAY = 0.25
# The table message is edited at most once every this many edit intervals: with the bot's
# 1.2 s, once every two bots' moves. Each member's hand shows every move as it comes, and
# the table message the last trick, so nobody misses a card, and a thousand tables make a
# fifth fewer requests.
BOARD_PACE = 2
# An interaction token lives 15 minutes; follow-ups stop a little before that.
FOLLOWUP_LIFETIME = datetime.timedelta(minutes=14)
# How long closing the bot waits for the last edits to go out.
CLOSE_WAIT = 5.0
# Seconds before a turn mention the store could not keep is stored again, doubling up to
# the longest: a restart then finds it and deletes it.
MENTION_RETRY = 1.0
MENTION_RETRY_LONGEST = 30.0
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
    # Its controls as last made, with what they were made for (``_board_controls``).
    controls: tuple[tuple[str, int | None, object], discord.ui.View] | None = None


class Lands(enum.Enum):
    """Where a message for a member must land."""

    DM = "dm"  # a new message in their DMs (it notifies them)
    CHANNEL = "channel"  # in the table's channel, for all to see (a mention notifies them)
    EPHEMERAL = "ephemeral"  # shown to them alone (it notifies nobody)


def free_route(
    token: Token | None, lands: Lands, channel_id: int, now: datetime.datetime | None = None
) -> Token | None:
    """The free route to where a message must land, when one is open: the member's token,
    while it lives, when its follow-ups land there (their DMs; the table's channel ``channel_id``;
    anywhere, shown to them alone). ``None``: only the budget's routes reach them."""
    if token is None or not token.live(now):
        return None
    if lands is Lands.DM:
        return token if token.in_dm else None
    if lands is Lands.CHANNEL:
        return token if not token.in_dm and token.channel_id == channel_id else None
    return token


@dataclass(frozen=True, slots=True)
class Delivery:
    """How one message reaches a member: by their free route, or within the budget, before
    the other requests waiting when it tells them it is their turn."""

    token: Token | None
    urgent: bool


def delivery(
    token: Token | None,
    lands: Lands,
    channel_id: int,
    *,
    turn: bool,
    now: datetime.datetime | None = None,
) -> Delivery:
    """The route for a message to a member (``turn``: it tells them it is their turn): free
    when a route is open, else the budget, turns first."""
    free = free_route(token, lands, channel_id, now)
    return Delivery(free, urgent=turn and free is None)


@dataclass(frozen=True, slots=True)
class Posted:
    """A message posted in a channel, and the token that posted it (``None``: the bot's)."""

    message_id: int
    token: Token | None


@dataclass(slots=True)
class Ephemeral:
    """The newest hand sent to a member ephemerally (their DMs are closed), a follow-up of
    an interaction of theirs: edited in place between their turns, as a DM hand is, while
    that interaction's token lasts (the edits cost nothing of the budget)."""

    token: Token
    sent: Picture  # what it shows, as far as we know
    message_id: int | None = None  # once Discord has posted it
    pending: Picture | None = None  # the newest picture to show
    task: asyncio.Task[None] | None = None  # posting it, or editing it


@dataclass(frozen=True, slots=True)
class DmHand:
    """A member's newest hand message in their DMs, and the table's seq when it was
    posted: a turn at a later seq rings with a new one."""

    live: LiveMessage
    seq: int


@dataclass(slots=True)
class AtTable:
    """What is live for a member at the table now in a channel; a new table (a rematch, a
    restart) starts a new one, the old one's messages frozen and its mention deleted."""

    table_id: int | None = None
    dm: DmHand | None = None
    looked_up: bool = False  # the stored hand message was looked for (after a restart)
    ephemeral: Ephemeral | None = None  # the newest ephemeral hand sent, DMs closed
    pushed: int | None = None  # the seq of the turn whose ephemeral hand was sent
    mention: asyncio.Task[Posted | None] | None = None  # the live turn mention
    mentioned: int | None = None  # the seq of the turn last announced in the channel
    # The hand last drawn for their DM: the table's seq and the language it was drawn at.
    drawn: tuple[int, str, Picture] | None = None


@dataclass(slots=True)
class Reach:
    """One member as the presenter knows them in one channel: the routes that reach them
    (their latest interaction's token, their DMs unless closed), what they were told about
    closed DMs, and what is live for them at the channel's table (``at``)."""

    token: Token | None = None
    dms_closed: bool = False
    told: bool = False  # told, once, that their hand shows ephemerally
    told_channel: bool = False  # told (or found told, stored) in the channel: DMs closed
    at: AtTable = field(default_factory=AtTable)


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
        languages: Languages | None = None,
    ) -> None:
        self.client = client
        # Who reads which language; without it, the servers' Discord languages.
        self.languages = languages
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
        self._members: dict[tuple[int, int], Reach] = {}  # by (channel id, user id)
        self._outbox: dict[int, asyncio.Task[None]] = {}  # the last notice sent, by channel
        # Turn mentions' deletions under way, by channel: the next mention waits for them.
        self._unmentions: dict[int, set[asyncio.Task[None]]] = {}
        # The tables whose turn mentions stored before this start were looked for
        # (``_sweep``): each mention is stored as posted, so that one live when the bot
        # stops is deleted after the restart.
        self._swept: set[int] = set()
        # Turn mentions posted while the store could not keep them (by message id: their
        # table and member), stored again in the background unless deleted first.
        self._unstored: dict[int, tuple[int, int]] = {}
        self._storing: asyncio.Task[None] | None = None
        self.mention_retry = MENTION_RETRY
        self._tasks: set[asyncio.Task[Any]] = set()
        # Each channel's language, as last looked up when a table there told of a change.
        self._spoken: dict[int, str | None] = {}
        # Channels whose table message waits for the answer to the interaction opening it.
        self._held: set[int] = set()

    # -- the Presenter protocol --------------------------------------------------------

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        await self._look_up_language(table)
        self._show_board(table)
        if table.status is TableStatus.OVER:
            # Nobody may act any more: every hand loses its controls.
            for seat, _user in table.member_seats():
                await self.hand_changed(table, seat)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        user_id = dict(table.member_seats()).get(seat)
        if user_id is None or table.table_id is None:
            return
        await self._look_up_language(table)
        member = self._member(table, user_id)
        with use_locale(self._reads(table, user_id)):
            await self._show_hand(table, seat, member, user_id)

    async def _show_hand(self, table: Shown, seat: int, member: Reach, user_id: int) -> None:
        """``hand_changed`` for the member ``user_id`` in ``seat``, in their language."""
        view = table.view(seat)
        # The phase of the member's turn, when it is theirs.
        turn = view.phase or Phase.PLAY
        # Their dummy's turn is theirs too when they choose its card (003:108; a card it
        # must play the table plays at once).
        dummy = [a for a in view.legal_actions if a.seat == view.to_act != seat]
        mine = view.to_act == seat or len(dummy) > 1
        phase = turn if table.status is TableStatus.PLAYING and mine else None
        if phase is not None and table.away(seat):
            phase = None  # a bot plays the seat until they are back: no ring every turn
        if member.dms_closed:
            if not self._push(table, seat, member):
                # Between turns, the ephemeral hand shows each trick's end, as DMs do.
                self._show_ephemeral(member.at, self.hand_picture(table, seat, view=view))
            self._ring_in_channel(table, member, user_id, phase)
            return
        where = await self.pings(user_id)
        await self._look_up(table, member.at, user_id)
        ring = phase is not None and where == "dm"
        self._show_dm_hand(table, seat, member, user_id, ring=ring, view=view)
        self._ring_in_channel(table, member, user_id, phase if where == "channel" else None)

    def _show_dm_hand(
        self, table: Shown, seat: int, member: Reach, user_id: int, *, ring: bool, view: SeatView
    ) -> None:
        """Show the member's hand in their DMs: a new message when ``ring``ing for their
        turn (Discord notifies them of a new message, not of an edit) or when none is live,
        else an edit of the newest. A new one goes by their free route when one lands in
        their DMs, else within the budget, first when it rings."""
        at = member.at
        ring = ring and (at.dm is None or at.dm.seq != table.seq)
        if at.dm is None or ring:
            older = None if at.dm is None else at.dm.live
            if older is not None:
                older.freeze()  # superseded: its controls go
            route = delivery(member.token, Lands.DM, table.channel_id, turn=ring)
            # Only a turn notifies: a hand dealt while others are to act comes silently.
            live = self._hand_live(
                table, user_id, None, table.seq, ring=ring, after=older, token=route.token
            )
            at.dm = DmHand(live, table.seq)
        picture = self.hand_picture(table, seat, view=view)
        at.drawn = (table.seq, current_locale(), picture)
        at.dm.live.show(picture, urgent=ring)

    async def _look_up(self, table: Shown, at: AtTable, user_id: int) -> None:
        """After a restart: the hand message already sent is edited, not sent again."""
        if at.dm is not None or at.looked_up or table.table_id is None:
            return
        at.looked_up = True
        stored = await self._stored_hand(table.table_id, user_id)
        if stored is not None and at.dm is None:
            live = self._hand_live(table, user_id, stored.message_id, stored.seq, ring=False)
            at.dm = DmHand(live, stored.seq)

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

    def answer_hand(self, table: Shown, seat: int, user_id: int) -> Picture:
        """The member's hand with its controls, for the answer to their click: the picture
        just drawn for their DM hand when the table has not moved since and they read the
        same language (drawn once a change), else a new one."""
        member = self._members.get((table.channel_id, user_id))
        if member is not None and member.at.table_id == table.table_id:
            drawn = member.at.drawn
            if drawn is not None and drawn[:2] == (table.seq, current_locale()):
                return drawn[2]
        return self.hand_picture(table, seat)

    def hand_shown(self, table: Shown, user_id: int, message_id: int, picture: Picture) -> bool:
        """An answer to a click on message ``message_id`` now shows ``picture``: when that
        is the member's live hand message, no edit to show the same follows. Whether it was."""
        member = self._members.get((table.channel_id, user_id))
        if member is None or member.at.table_id != table.table_id or member.at.dm is None:
            return False
        if member.at.dm.live.message_id != message_id:
            return False
        member.at.dm.live.shown_elsewhere(picture)
        return True

    async def notice(self, table: Shown, notice: Notice) -> None:
        await self._look_up_language(table)
        with use_locale(self._spoken.get(table.channel_id)):
            text = notice.text
        mention, token = None, None
        if notice.kind is NoticeKind.TURN_WARNING and notice.user_id is not None:
            text, mention = f"<@{notice.user_id}> {text}", notice.user_id
            # A warning for the member alone goes by their free route when one is open.
            warned = self._members.get((table.channel_id, notice.user_id))
            if warned is not None:
                token = free_route(warned.token, Lands.CHANNEL, table.channel_id)
        self._post(table.channel_id, text, mention=mention, token=token)
        # Notices come with changes tables tell nobody else about: a seat away, a timer
        # gone, a vote counted, the table closed.
        self._show_board(table)
        if notice.kind is NoticeKind.SEATS:
            # A member who gave their seat up keeps no live turn mention or controls.
            seated = {user_id for _, user_id in table.member_seats()}
            for (channel_id, user_id), left in list(self._members.items()):
                if channel_id != table.channel_id or user_id in seated:
                    continue
                if left.at.table_id == table.table_id:
                    self._ring_in_channel(table, left, user_id, None)
                    if left.at.dm is not None:
                        left.at.dm.live.freeze()
                        left.at.dm = None
        if notice.kind is NoticeKind.CLOSED:
            for seat, user_id in table.member_seats():
                member = self._members.pop((table.channel_id, user_id), None)
                if member is None:
                    continue
                self._ring_in_channel(table, member, user_id, None)
                if member.at.dm is not None and table.table_id is not None:
                    with use_locale(self._reads(table, user_id)):
                        note = _("Table closed: {reason}").format(reason=notice.text)
                        member.at.dm.live.show(self.hand_picture(table, seat, note=note))

    # -- pictures, shared with the cog -------------------------------------------------

    def board_picture(self, table: Shown) -> Picture:
        """The table message: the public state; the lobby's buttons, "My hand" during play,
        "Rematch" after."""
        snapshot = table.snapshot()
        kind = None
        if snapshot.status is TableStatus.LOBBY:
            kind = "lobby"
        elif snapshot.table_id is not None and snapshot.status is TableStatus.PLAYING:
            kind = "hand"
            if any(s is not None and (s.user_id is None or s.away) for s in snapshot.seats):
                kind = "hand and why"
        elif snapshot.table_id is not None and snapshot.status is TableStatus.OVER:
            kind = "rematch"
        text = board_text(snapshot, table.close_reason, self.cards.face)
        view = None if kind is None else self._board_controls(table, kind, snapshot.table_id)
        return Picture(text, view)

    def _board_controls(self, table: Shown, kind: str, table_id: int | None) -> discord.ui.View:
        """The table message's controls of ``kind`` for ``table_id`` in the words in force,
        kept with the table's message and shared by its edits while they stay the same:
        they change far less often than the table, and making them anew (buttons, their
        view, then their components again to compare them with the last sent) was about a
        tenth of drawing the table message, drawn some twice a click. Never dispatched, as
        ``as_view`` says, so never changed; gone with the table's message, so a thousand
        tables keep a thousand, not every one there was."""
        key = (kind, table_id, translations(current_locale()))
        board = self._boards.get(table.channel_id)
        if board is not None and board.table is not table:
            board = None
        if board is not None and board.controls is not None and board.controls[0] == key:
            return board.controls[1]
        items: list[discord.ui.Item[Any]] = []
        if kind == "lobby":
            items.extend(lobby_buttons())
        elif kind == "rematch" and table_id is not None:
            items.append(rematch_button(table_id))
        elif table_id is not None:
            items.append(hand_button(table_id))
            if kind == "hand and why":
                items.append(why_button(table_id))
        view = as_view(items)
        if board is not None:
            board.controls = (key, view)
        return view

    def hand_picture(
        self,
        table: Shown,
        seat: int,
        note: str = "",
        *,
        with_controls: bool = True,
        view: SeatView | None = None,
    ) -> Picture:
        """Seat ``seat``'s private picture, with controls for what it may do now (unless not
        ``with_controls``). Show it to that seat's member only. ``view``: the seat's view
        now, when the caller has it already."""
        if view is None:
            view = table.view(seat)
        items: list[discord.ui.Item[Any]] = []
        table_id = table.table_id
        names = table.names
        if with_controls and table.status is TableStatus.PLAYING and table_id is not None:
            items = controls(view, table_id, table.seq, names, self.cards.emoji)
        text = hand_message(view, names, note, self.cards.face)
        return Picture(text, as_view(items) if items else None)

    def remember(
        self, table: Shown, interaction: discord.Interaction[Any], *, hand_shown: bool = False
    ) -> None:
        """The member just interacted with ``table`` and was answered (with their hand as
        it is now, when ``hand_shown``): their follow-ups can carry an ephemeral hand, sent
        now if one is due (DMs closed)."""
        member = self._member(table, interaction.user.id)
        if interaction.response.is_done():
            # Their free route from now on: follow-ups land where they interacted.
            self.learn_route(
                table,
                interaction.user.id,
                interaction.followup,
                interaction.created_at,
                interaction.channel_id or table.channel_id,
                in_dm=interaction.guild_id is None,
            )
        if hand_shown:
            member.at.pushed = table.seq
        seat = table.seat_of(interaction.user.id)
        if seat is not None:
            self._push(table, seat, member)

    def learn_route(
        self,
        table: Shown,
        user_id: int,
        webhook: discord.Webhook,
        created_at: datetime.datetime,
        channel_id: int,
        *,
        in_dm: bool,
    ) -> None:
        """The member's free route from now on: the follow-up ``webhook`` of their
        interaction made at ``created_at`` and answered already (here, or by the process
        that forwarded it), whose follow-ups land in ``channel_id``."""
        member = self._member(table, user_id)
        member.token = Token(webhook, created_at + FOLLOWUP_LIFETIME, channel_id, in_dm=in_dm)

    def hold_board(self, channel_id: int) -> None:
        """A member is opening a table in the channel: its message waits for the answer to
        their interaction (``release_board``), whose follow-up it can then be."""
        self._held.add(channel_id)

    def release_board(self, channel_id: int, user_id: int) -> None:
        """Post the table message held by ``hold_board``: as a public follow-up of the
        member's interaction when it was answered there (its edits then cost nothing of the
        budget while the token lives; through the channel after), else within the budget."""
        if channel_id not in self._held:
            return
        self._held.discard(channel_id)
        board = self._boards.get(channel_id)
        if board is None:
            return
        member = self._members.get((channel_id, user_id))
        token = free_route(None if member is None else member.token, Lands.CHANNEL, channel_id)
        if board.live.message_id is None and board.live.token is None:
            board.live.token = token
        self._show_board(board.table)

    def forget(self, user_id: int) -> None:
        """``/spades forgetme``: the member sits nowhere now. Their ping choice and DM
        channel are no longer kept here, and their DM hands lose their controls (a post
        still under way is not stored: see ``_hand_live``)."""
        self._pings.pop(user_id, None)
        self._dm_ids.pop(user_id, None)
        # Nor is a turn mention of theirs the store could not keep stored later.
        self._unstored = {m: held for m, held in self._unstored.items() if held[1] != user_id}
        for (_channel, held), member in self._members.items():
            if held == user_id and member.at.dm is not None:
                member.at.dm.live.freeze()

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
        lives += [m.at.dm.live for m in self._members.values() if m.at.dm is not None]
        pending = [asyncio.ensure_future(live.settle()) for live in lives] + list(self._tasks)
        if pending:
            _finished, late = await asyncio.wait(pending, timeout=CLOSE_WAIT)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        # Nothing more goes out: what still waits for the budget (superseded hands' last
        # edits under load) is dropped rather than sent through a closing connection.
        self.budget.close()

    # -- internals ---------------------------------------------------------------------

    def _show_board(self, table: Shown) -> None:
        live = self._board(table).live
        if table.channel_id in self._held:
            return  # shown once the interaction opening it is answered (release_board)

        def draw() -> Picture:
            with use_locale(self._spoken.get(table.channel_id)):
                return self.board_picture(table)

        # Drawn when the edit goes out, in the channel's language: under load, many changes
        # make one edit. A table's first message goes before edits: the members who opened
        # it look for it.
        live.show(draw, urgent=live.message_id is None)

    async def _look_up_language(self, table: Shown) -> str | None:
        """The language of ``table``'s channel: the server's choice, else its Discord's
        (kept for the words this presenter writes there until the next change)."""
        locale = await server_language(self.client, table.guild_id, self.languages)
        self._spoken[table.channel_id] = locale
        return locale

    def _reads(self, table: Shown, user_id: int) -> str | None:
        """The language a member reads what is sent to them alone: theirs, when known, else
        the language of the table's channel."""
        own = None if self.languages is None else self.languages.member(user_id)
        return own or self._spoken.get(table.channel_id)

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
            interval=self.interval * BOARD_PACE,
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
        with use_locale(self._reads(table, host)):
            text = missing_permission_text(table.channel_id)
        token = free_route(self._member(table, host).token, Lands.EPHEMERAL, table.channel_id)
        if token is not None:
            self._spawn(token.webhook.send(text, ephemeral=True))
            return

        async def tell_host() -> None:
            await self.budget.take(urgent=True)
            dm = await self._dm(host)
            await self.budget.take(urgent=True)
            await dm.send(text)

        self._spawn(tell_host())

    def _member(self, table: Shown, user_id: int) -> Reach:
        member = self._members.setdefault((table.channel_id, user_id), Reach())
        if member.at.table_id != table.table_id:
            if member.at.dm is not None:
                member.at.dm.live.freeze()  # the last table's hand: nobody may act on it
            self._ring_in_channel(table, member, user_id, None)
            member.at = AtTable(table.table_id)
        return member

    def _table_members(self, table: Shown) -> list[Reach]:
        """The presenter's records of the members seated at ``table``."""
        found = (self._members.get((table.channel_id, u)) for _, u in table.member_seats())
        return [m for m in found if m is not None and m.at.table_id == table.table_id]

    def _hand_live(
        self,
        table: Shown,
        user_id: int,
        message_id: int | None,
        seq: int,
        *,
        ring: bool,
        after: LiveMessage | None = None,
        token: Token | None = None,
    ) -> LiveMessage:
        """A live hand message in the member's DMs (``message_id`` ``None``: a new one,
        stored once posted, notifying the member only when it ``ring``s for their turn),
        posted as a follow-up of ``token`` while it lives."""
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
            token=token,
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
            await self._look_up_language(table)
            member = self._member(table, user_id)
            member.dms_closed = True
            member.at.dm = None
            seat = table.seat_of(user_id)
            turn = seat is not None and table.status is TableStatus.PLAYING
            phase = None
            if seat is not None and turn:
                view = table.view(seat)
                phase = view.phase if view.to_act == seat else None
            if not member.told_channel:
                member.told_channel = True
                if await self._tell_dms_closed(table, user_id):
                    # Told once a table, with a mention: it counts as their turn's notice.
                    with use_locale(self._spoken.get(table.channel_id)):
                        told = dms_closed_notice(user_id)
                    self._post(table.channel_id, told, mention=user_id)
                    if phase is not None:
                        self._ring_in_channel(table, member, user_id, None)
                        member.at.mentioned = table.seq
            if seat is not None:
                with use_locale(self._reads(table, user_id)):
                    self._push(table, seat, member)
                self._ring_in_channel(table, member, user_id, phase)

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
        self, table: Shown, member: Reach, user_id: int, phase: Phase | None
    ) -> None:
        """Keep at most one live turn mention for the member in the channel: one for this
        turn when ``phase`` is given (the turn's phase), none otherwise. It goes by their
        free route when one lands in the channel, else first within the budget."""
        at = member.at
        if phase is not None and at.mentioned == table.seq:
            return  # this turn is announced already
        passed = [at]
        if phase is not None:
            # One member acts at a time: another's live mention is for a turn that has
            # passed, whether or not their hand has been told so yet.
            passed += [m.at for m in self._table_members(table) if m is not member]
        channel_id = table.channel_id
        deleting = self._unmentions.setdefault(channel_id, set())
        table_id = table.table_id
        if table_id is not None and table_id not in self._swept:
            # The first ring at this table since the bot started: the mentions it left live
            # before a restart go first.
            self._swept.add(table_id)
            sweep = self._spawn(self._sweep(channel_id, table_id))
            deleting.add(sweep)
            sweep.add_done_callback(deleting.discard)
        for done in passed:
            old, done.mention = done.mention, None
            if old is not None:
                task = self._spawn(self._delete(channel_id, old))
                deleting.add(task)
                task.add_done_callback(deleting.discard)
        if phase is None:
            return
        at.mentioned = table.seq
        # Every mention not yet deleted (this one's or one whose turn passed earlier, whose
        # post may still be under way) goes first: never two live at once in the channel.
        first = list(deleting)
        token = member.token
        with use_locale(self._spoken.get(channel_id)):
            text = turn_ping(user_id, phase)

        async def ping() -> Posted | None:
            await asyncio.gather(*first, return_exceptions=True)
            route = delivery(token, Lands.CHANNEL, channel_id, turn=True)
            posted = await self._send(channel_id, text, mention=user_id, token=route.token)
            if posted is not None and table_id is not None:
                await self._store_mention(table_id, user_id, posted.message_id)
            return posted

        at.mention = background(ping())
        self._tasks.add(at.mention)
        at.mention.add_done_callback(self._done)

    async def _send(
        self,
        channel_id: int,
        content: str,
        *,
        mention: int | None = None,
        token: Token | None = None,
    ) -> Posted | None:
        """Post ``content`` in the channel: by ``token`` while it lives (a follow-up of the
        member's interaction there), else first within the budget; what was posted, or
        ``None`` when Discord refused it (logged)."""
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(mention)] if mention else False
        )
        try:
            if token is not None and token.live():
                async with self.budget.free(urgent=True):
                    sent = await token.webhook.send(content, allowed_mentions=mentions, wait=True)
                return Posted(sent.id, token)
            await self.budget.take(urgent=True)
            message = await self.client.get_partial_messageable(channel_id).send(
                content, allowed_mentions=mentions
            )
        except discord.HTTPException as error:
            log.error("Could not post in channel %d: %s", channel_id, error)
            return None
        return Posted(message.id, None)

    async def _delete(self, channel_id: int, posted: asyncio.Task[Posted | None]) -> None:
        """Delete a turn mention once it has been posted: by the token that posted it while
        it lives, else within the budget."""
        try:
            done = await posted
        except Exception:  # its own failure was logged by _send
            return
        if done is None:
            return
        with contextlib.suppress(discord.NotFound):
            if done.token is not None and done.token.live():
                async with self.budget.free(urgent=True):
                    await done.token.webhook.delete_message(done.message_id)
            else:
                await self._delete_in_channel(channel_id, done.message_id)
        await self._forget_mention(done.message_id)

    async def _delete_in_channel(self, channel_id: int, message_id: int) -> None:
        """Delete the bot's message in the channel, first within the budget (urgent: the
        next turn's mention waits for it)."""
        await self.budget.take(urgent=True)
        await (
            self.client.get_partial_messageable(channel_id).get_partial_message(message_id).delete()
        )

    async def _store_mention(self, table_id: int, user_id: int, message_id: int) -> None:
        if self.store is None:
            return
        try:
            await self.store.add_mention(table_id, user_id, message_id)
        except StorageFailed as error:
            log.warning("Could not store the turn mention %d (later): %s", message_id, error)
            self._unstored[message_id] = (table_id, user_id)
            if self._storing is None or self._storing.done():
                self._storing = self._spawn(self._store_later())

    async def _store_later(self) -> None:
        """Store the turn mentions the store could not keep when they were posted, trying
        again with backoff until it can (or they are deleted)."""
        delay = self.mention_retry
        while self._unstored and self.store is not None:
            await asyncio.sleep(delay)
            delay = min(delay * 2, MENTION_RETRY_LONGEST)
            for message_id, (table_id, user_id) in list(self._unstored.items()):
                if message_id not in self._unstored:
                    continue  # deleted meanwhile
                try:
                    await self.store.add_mention(table_id, user_id, message_id)
                except StorageFailed:
                    break
                if self._unstored.pop(message_id, None) is None:
                    await self._forget_mention(message_id)  # deleted while it was stored

    async def _forget_mention(self, message_id: int) -> None:
        if self.store is None or self._unstored.pop(message_id, None) is not None:
            return  # never stored
        try:
            await self.store.drop_mention(message_id)
        except StorageFailed as error:
            log.warning("Could not forget the deleted turn mention %d: %s", message_id, error)

    async def _sweep(self, channel_id: int, table_id: int) -> None:
        """Delete the turn mentions the table left live before the bot restarted (stored as
        posted, never deleted)."""
        if self.store is None:
            return
        try:
            left = await self.store.mentions(table_id)
        except StorageFailed as error:
            log.warning("Could not read table %d's turn mentions: %s", table_id, error)
            return
        for _user_id, message_id in left:
            try:
                await self._delete_in_channel(channel_id, message_id)
            except discord.NotFound:
                pass
            except discord.HTTPException as error:
                log.warning("Could not delete the turn mention %d: %s", message_id, error)
                continue
            await self._forget_mention(message_id)

    def _push(self, table: Shown, seat: int, member: Reach) -> bool:
        """Send an ephemeral hand as a follow-up of the member's latest interaction, when
        their DMs are closed and either it is their turn (once per turn) or they have not
        yet been told why their hand shows here. Whether it was sent."""
        token = free_route(member.token, Lands.EPHEMERAL, table.channel_id)
        if (
            not member.dms_closed
            or token is None
            or table.status not in (TableStatus.PLAYING, TableStatus.OVER)
        ):
            return False
        at = member.at
        turn = table.view(seat).to_act == seat
        if member.told and (not turn or at.pushed == table.seq):
            return False
        note = "" if member.told else _(DMS_CLOSED_NOTE)
        member.told = True
        if turn:
            at.pushed = table.seq
        picture = self.hand_picture(table, seat, note)
        shown = Ephemeral(token, picture)
        at.ephemeral = shown
        shown.task = self._spawn(self._send_ephemeral(shown))
        return True

    async def _send_ephemeral(self, shown: Ephemeral) -> None:
        picture = shown.sent
        webhook = shown.token.webhook
        view = picture.view or discord.utils.MISSING
        async with self.budget.free(urgent=True):
            sent = await webhook.send(picture.content, view=view, ephemeral=True, wait=True)
        shown.message_id = sent.id
        await self._edit_ephemeral(shown)

    def _show_ephemeral(self, at: AtTable, picture: Picture) -> None:
        """Edit the member's newest ephemeral hand to show ``picture`` (in the background,
        the newest picture only), while its token lasts."""
        shown = at.ephemeral
        if shown is None or not shown.token.live():
            return
        shown.pending = picture
        if shown.task is None or shown.task.done():
            shown.task = self._spawn(self._edit_ephemeral(shown))

    async def _edit_ephemeral(self, shown: Ephemeral) -> None:
        while shown.pending is not None and shown.message_id is not None:
            picture, shown.pending = shown.pending, None
            if picture.same_as(shown.sent) or not shown.token.live():
                continue
            try:
                async with self.budget.free():
                    await edit_follow_up(shown.token.webhook, shown.message_id, picture)
            except discord.HTTPException as error:
                log.warning("Could not edit an ephemeral hand: %s", error)
                return
            shown.sent = picture

    def _post(
        self,
        channel_id: int,
        content: str,
        *,
        mention: int | None = None,
        token: Token | None = None,
    ) -> None:
        """Post a notice in the channel after the ones before it (by ``token`` while it
        lives, else first within the budget)."""
        previous = self._outbox.get(channel_id)

        async def post() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            await self._send(channel_id, content, mention=mention, token=token)

        self._outbox[channel_id] = self._spawn(post())

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[None]:
        async def run() -> None:
            await work

        task = background(run())
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Could not send a message", exc_info=task.exception())
