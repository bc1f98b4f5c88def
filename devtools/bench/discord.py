"""Interaction latency with many active tables: the real client against the fake Discord server.

``run_discord_bench`` runs a ``SpadesBot`` (in-memory store, the production table settings
and edit coalescing) in this process, and the fake Discord server with its members in another
(spawned by ``multiprocessing``), so that this process does only the bot's work, as it would
in production. Members arrive one after another: each opens a table with three bots in their
own channel, starts it, and plays ``moves`` turns by clicking the first control of their DM.
The ``Pace`` is a person's: bots wait the bot's own delay before their moves show, a member
thinks a while (seeded random, 1 to 3 s by default) before each click, and members arrive
``arrivals`` a second. It reports, over every click, the time from the fake's dispatch of
the interaction to the bot's callback reaching the fake, both read on the fake's clock: p50
and p99; over every turn, the time from the table's change that made it the member's to
the message with their controls reaching the fake (``perf_counter`` is the machine's
monotonic clock, shared by both processes); and the REST requests the bot made while the
members played, counted by the fake as they arrive: how many, the mean per second and the
busiest second, in all and of those Discord's global rate limit counts (the rest, the free
share, went through interactions' tokens). The fake refuses counted requests beyond
Discord's 50 in any second, as Discord does.

With ``processes=2`` (and a PostgreSQL ``database_url``, in a scratch schema dropped
afterwards) two bots hold one of two shards each, the way ``compose.yaml`` runs them: half the
members' channels are in a guild on each shard. Members play in their DMs, which Discord
sends to shard 0, so the clicks for the second process's tables are forwarded to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import gc
import itertools
import multiprocessing
import random
import re
import resource
import statistics
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

import discord.gateway
import discord.http
import discord.state
import discord.webhook.async_
import yarl
from pydantic import SecretStr

from bot import urgency
from bot.client import SpadesBot
from bot.config import Settings
from bot.engine import Event
from bot.render.cards import card_emojis
from bot.storage.records import MemoryStore
from bot.tables import Notice, Shown, Table, TableSettings, TableStatus
from cogs._answer import CALLBACK
from devtools.bench.loop import LoopReport, LoopWatch, format_loop
from devtools.bench.storage import scratch_schema
from devtools.bench.tables import Pace
from devtools.fake_discord import (
    COMPONENT,
    FakeAddress,
    FakeDiscord,
    FakeUser,
    RecordedMessage,
    counts_globally,
    running,
)

_CONTROL = re.compile(r"spades:(\d+):(\d+):(?!hand$|rematch$)")
_REMATCH = re.compile(r"spades:(\d+):\d+:rematch$")
_SELECT = 3  # component type
T = TypeVar("T")
# A member notices a change of their DM at once (the fake wakes them), and otherwise looks
# this often: before their first DM, and in case a change came unannounced. A thousand
# members looking ten times a second took a good part of the fake's process.
_LOOK_EVERY = 0.5
# A member gives up on a turn (and the run fails) after this long: three bot moves and a
# coalesced edit take a few seconds even under load.
_TURN_WAIT = 60.0
# How long the bot's side waits for the other process to exit once the run is over.
_EXIT_WAIT = 10.0
# Discord's global rate limit: requests a second per bot, interactions' own routes aside.
GLOBAL_LIMIT = 50


@dataclass(frozen=True, slots=True)
class RequestRate:
    """REST requests over a run: how many, the mean per second, and the most in any one
    second (any window of a second, so a burst across two clock seconds counts whole)."""

    requests: int
    per_second: float
    busiest_second: int


def request_rate(times: Sequence[float], start: float, end: float) -> RequestRate:
    """The rate of the requests made at ``times`` (seconds) from ``start`` to ``end``."""
    inside = sorted(at for at in times if start <= at <= end)
    busiest = 0
    first = 0
    for last, at in enumerate(inside):
        while inside[first] <= at - 1.0:
            first += 1
        busiest = max(busiest, last - first + 1)
    seconds = end - start
    return RequestRate(len(inside), len(inside) / seconds if seconds > 0 else 0.0, busiest)


@dataclass(frozen=True, slots=True)
class TurnTimes:
    """How long turns took to reach their members: how many were timed, p50 and p99."""

    turns: int
    p50_ms: float
    p99_ms: float


@dataclass(frozen=True, slots=True)
class DiscordBench:
    tables: int
    clicks: int
    seconds: float
    p50_ms: float
    p99_ms: float
    pace: Pace
    requests: RequestRate  # every request the bot made while the members played
    limited: RequestRate  # those Discord's global rate limit counts
    kinds: RequestKinds | None = None  # what those were
    turns: TurnTimes | None = None
    refused: int = 0  # counted requests the fake refused, over Discord's global limit
    # CPU seconds the bot's process used (user and system), from its start to its close:
    # on a shared machine, what the code costs whatever the neighbours do.
    bot_cpu: float | None = None
    # Where the clicks' time went, and how the two processes' loops fared (one bot process).
    parts: ClickParts | None = None
    loop: LoopReport | None = None
    fake_loop: LoopReport | None = None

    @property
    def free_share(self) -> float:
        """The share of the requests that Discord's global limit does not count."""
        total = self.requests.requests
        return (total - self.limited.requests) / total if total else 0.0


@dataclass(frozen=True, slots=True)
class RequestKinds:
    """The requests Discord's global limit counts, by what they did."""

    posts: int  # new messages (each notifies someone)
    edits: int
    deletions: int
    others: int  # opening DMs, and anything else


def request_kinds(requests: Sequence[tuple[str, str]]) -> RequestKinds:
    """What ``(method, path)`` requests (outside interactions' routes) did."""
    posts = edits = deletions = others = 0
    for method, path in requests:
        is_message = path.startswith("/channels/") and "/messages" in path
        if is_message and method == "POST":
            posts += 1
        elif is_message and method == "PATCH":
            edits += 1
        elif is_message and method == "DELETE":
            deletions += 1
        else:
            others += 1
    return RequestKinds(posts, edits, deletions, others)


@dataclass(frozen=True, slots=True)
class _Played:
    """What the members' process measured: every click's wait, how long play took, and the
    bot's requests meanwhile."""

    waits_ms: list[float]
    seconds: float
    requests: RequestRate
    limited: RequestRate
    kinds: RequestKinds
    # (member's user id, table seq, when the message with their controls reached the fake)
    seen: list[tuple[int, int, float]]
    refused: int
    # Each click: its interaction's id, when the fake sent it and when the answer came.
    clicks: list[tuple[int, float, float]] = field(default_factory=list)
    loop: LoopReport | None = None  # the fake's process's event loop


class TurnClock:
    """A presenter told after the bot's: when each member's turn began, by (user id, table
    seq), on ``perf_counter``."""

    def __init__(self) -> None:
        self.began: dict[tuple[int, int], float] = {}

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        if table.status is not TableStatus.PLAYING:
            return
        to_act = _to_act(table)
        for seat, user_id in table.member_seats():
            if to_act == seat:
                self.began.setdefault((user_id, table.seq), time.perf_counter())

    async def hand_changed(self, table: Shown, seat: int) -> None:
        return None

    async def notice(self, table: Shown, notice: Notice) -> None:
        return None


class ClickClock:
    """When each interaction reached the bot's code (discord.py parsed it off the gateway)
    and when its answer set out (the callback's request was made), by interaction id, on
    ``perf_counter``; with the CPU time the task answering it had used by then, and in how
    many steps (from ``watch``): the rest of its time in the process it waited, for the loop
    or for what it awaited. Installed (on discord.py's classes) before the bot is made;
    removed afterwards."""

    def __init__(self, watch: LoopWatch) -> None:
        self.watch = watch
        self.received: dict[int, float] = {}
        self.answering: dict[int, tuple[float, float, int]] = {}

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        state = discord.state.ConnectionState
        adapter = discord.webhook.async_.AsyncWebhookAdapter
        parse, send = state.parse_interaction_create, adapter.request
        clock = self

        def parse_interaction_create(self: Any, data: Any) -> None:
            clock.received.setdefault(int(data["id"]), time.perf_counter())
            parse(self, data)

        def request(self: Any, route: discord.http.Route, *args: Any, **kw: Any) -> Any:
            # Every answer to an interaction goes by its callback route, whichever way
            # it was made (discord.py's response, or the cogs' own leaner edit).
            if route.path == CALLBACK:
                task = asyncio.current_task()
                ran, steps = (0.0, 0) if task is None else clock.watch.ran(task)
                at = (time.perf_counter(), ran, steps)
                clock.answering.setdefault(int(route.webhook_id or 0), at)
            return send(self, route, *args, **kw)

        state.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
        adapter.request = request  # type: ignore[method-assign]
        try:
            yield
        finally:
            state.parse_interaction_create = parse  # type: ignore[method-assign]
            adapter.request = send  # type: ignore[method-assign]

    def parts(self, clicks: Sequence[tuple[int, float, float]]) -> ClickParts | None:
        """``clicks`` (id, sent, answered, by the fake) split into their parts."""
        split: list[tuple[float, float, float, float]] = []
        steps: list[int] = []
        for interaction_id, sent, answered in clicks:
            received = self.received.get(interaction_id)
            answering = self.answering.get(interaction_id)
            if received is None or answering is None:
                continue
            at, ran, taken = answering
            split.append((received - sent, at - received - ran, ran, answered - at))
            steps.append(taken)
        return click_parts(split, steps)


Four = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class ClickParts:
    """A click's time, interaction to callback, in four parts, each in ms at p50 and p99,
    and their means over the slowest 1% of clicks: ``delivery``, the fake's dispatch to the
    bot's code (the bot's loop reading the gateway late is in it); ``waiting``, in the bot
    while its task waited (for the loop, a lock, anything awaited, or for a CPU);
    ``running``, the CPU time its task used in the bot; ``answer``, the callback's request on
    its way to the fake (its own loop's lag in it). ``steps``: p50 and p99 of the steps the
    answering task took until its answer set out (each after the first waited its turn in
    the loop)."""

    clicks: int
    p50: Four
    p99: Four
    slowest: Four
    steps: tuple[int, int] = (0, 0)
    # The first three parts together: from the interaction's dispatch until its answer
    # set out from the bot, p50 and p99 (what the fake's own loop adds left out).
    out: tuple[float, float] = (0.0, 0.0)


def click_parts(split: Sequence[Four], steps: Sequence[int] = ()) -> ClickParts | None:
    """Each click's four parts, in seconds, summed up (``None`` with fewer than two), with
    the steps each took before its answer."""
    if len(split) < 2:
        return None
    columns = [[part * 1000 for part in column] for column in zip(*split, strict=True)]
    cuts = [statistics.quantiles(column, n=100) for column in columns]
    ranked = sorted(split, key=sum, reverse=True)[: max(1, len(split) // 100)]
    slow = [statistics.fmean(column) * 1000 for column in zip(*ranked, strict=True)]

    def four(values: Sequence[float]) -> Four:
        return (values[0], values[1], values[2], values[3])

    out = [sum(parts[:3]) * 1000 for parts in split]
    taken = (0, 0)
    if len(steps) > 1:
        taken = (round(statistics.median(steps)), round(statistics.quantiles(steps, n=100)[98]))
    return ClickParts(
        len(split),
        four([statistics.median(column) for column in columns]),
        four([cut[98] for cut in cuts]),
        four(slow),
        taken,
        (statistics.median(out), statistics.quantiles(out, n=100)[98]),
    )


def _to_act(table: Shown) -> int | None:
    """The seat to act: read off the bot's own table's game (drawing a seat's view for it,
    on every change of a thousand tables, was a few per cent of the bot's process)."""
    if isinstance(table, Table) and table.game is not None:
        return table.game.to_act
    seats = table.member_seats()
    return table.view(seats[0][0]).to_act if seats else None


def turn_times(
    began: dict[tuple[int, int], float], seen: Sequence[tuple[int, int, float]]
) -> TurnTimes | None:
    """How long each turn seen took from its start; ``None`` when none was timed."""
    waits = [(at - began[(user, seq)]) * 1000 for user, seq, at in seen if (user, seq) in began]
    if len(waits) < 2:
        return None
    return TurnTimes(len(waits), statistics.median(waits), statistics.quantiles(waits, n=100)[98])


def run_discord_bench(
    tables: int,
    moves: int,
    seed: int,
    pace: Pace | None = None,
    *,
    processes: int = 1,
    database_url: str | None = None,
    profile: str | None = None,
) -> DiscordBench:
    """``profile``: a file for the bot process's ``cProfile`` statistics (one process)."""
    pace = pace or Pace()
    if processes not in (1, 2):
        raise ValueError("the bench runs one bot process, or two with a shard each")
    if processes == 2 and database_url is None:
        raise ValueError("two bot processes share a PostgreSQL database: give its URL")
    context = multiprocessing.get_context("spawn")
    bot_end, members_end = context.Pipe()
    members = context.Process(
        target=_members_process,
        args=(members_end, tables, moves, seed, pace, processes),
        name="fake Discord and its members",
        daemon=True,
    )
    members.start()
    # Only the members' process holds its end now, so its exit reads as end-of-file here.
    members_end.close()
    cpu_before = _cpu_seconds()
    watch = LoopWatch()
    clock = ClickClock(watch)
    loop: LoopReport | None = None
    try:
        if database_url is None:
            with _profiled(profile), clock.installed():
                played, began, loop = urgency.run(_bot(bot_end, pace, seed, watch))
        else:
            played, began = urgency.run(_sharded_bots(context, bot_end, pace, seed, database_url))
    except EOFError:
        raise RuntimeError(
            "The fake Discord server's process stopped; its error is above."
        ) from None
    finally:
        # Closing our end tells the members' process the bot is gone: it shuts the server.
        bot_end.close()
        members.join(_EXIT_WAIT)
        if members.is_alive():
            members.kill()
            members.join()
    bot_cpu = _cpu_seconds() - cpu_before
    waits = played.waits_ms
    cuts = statistics.quantiles(waits, n=100)
    return DiscordBench(
        tables,
        len(waits),
        played.seconds,
        statistics.median(waits),
        cuts[98],
        pace,
        played.requests,
        played.limited,
        played.kinds,
        turn_times(began, played.seen),
        played.refused,
        bot_cpu,
        clock.parts(played.clicks),
        loop,
        played.loop,
    )


def _cpu_seconds() -> float:
    """CPU seconds this process has used so far, user and system."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


Began = dict[tuple[int, int], float]


@contextlib.contextmanager
def _profiled(path: str | None) -> Iterator[None]:
    """Profile what runs inside into ``path`` (``pstats`` format); nothing when ``None``."""
    if path is None:
        yield
        return
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        profiler.dump_stats(path)


async def _sharded_bots(
    context: Any, connection: Connection, pace: Pace, seed: int, url: str
) -> tuple[_Played, Began]:
    """Two bots, one of two shards each, in a scratch schema of ``url``: shard 0's here,
    shard 1's in a process of its own."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        return await _two_bots(context, connection, pace, seed, url)
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


async def _two_bots(
    context: Any, connection: Connection, pace: Pace, seed: int, url: str
) -> tuple[_Played, Began]:
    async with scratch_schema(url, "tables") as database:
        address = await _receive(connection, FakeAddress)
        here, there = context.Pipe()
        other = context.Process(
            target=_shard_process,
            args=(there, address, pace, seed, database),
            name="the bot holding shard 1",
            daemon=True,
        )
        other.start()
        there.close()
        try:
            async with _sharded_bot(address, pace, seed, database, 0) as bot:
                clock = TurnClock()
                bot.tables.add_presenter(clock)
                await _receive(here, bool)  # the other bot is ready too
                connection.send(True)
                played = await _receive(connection, _Played)
                here.send(True)  # the other bot's turns, please
                return played, clock.began | await _receive(here, dict)
        finally:
            here.close()  # tells the other bot to close
            other.join(_EXIT_WAIT)
            if other.is_alive():
                other.kill()
                other.join()


@asynccontextmanager
async def _sharded_bot(
    address: FakeAddress, pace: Pace, seed: int, database: str, shard: int
) -> AsyncIterator[SpadesBot]:
    discord.http.Route.BASE = address.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(address.gateway_url)
    settings = Settings(
        _env_file=None,
        database_url=SecretStr(database),
        shard_count=2,
        shard_ids=str(shard),
    )
    bot = SpadesBot(
        settings,
        table_settings=TableSettings(bot_delay=pace.bot_delay),
        seeds=itertools.count(seed + 1_000_000 * shard),
        extensions=["cogs.spades"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )
    async with running(bot, address):
        yield bot


def _shard_process(
    connection: Connection, address: FakeAddress, pace: Pace, seed: int, database: str
) -> None:
    async def serve() -> None:
        async with _sharded_bot(address, pace, seed, database, 1) as bot:
            clock = TurnClock()
            bot.tables.add_presenter(clock)
            connection.send(True)
            with contextlib.suppress(EOFError):
                await _receive(connection, bool)  # until the members are done
                connection.send(clock.began)
                await _receive(connection, bool)  # until the first bot's side closes

    try:
        urgency.run(serve())
    finally:
        connection.close()


async def _bot(
    connection: Connection, pace: Pace, seed: int, watch: LoopWatch
) -> tuple[_Played, Began, LoopReport]:
    """The bot's process: connect to the fake, say when ready, run until the members are
    done, its loop watched meanwhile."""
    address = await _receive(connection, FakeAddress)
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = address.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(address.gateway_url)
    bot = SpadesBot(
        Settings(_env_file=None),
        MemoryStore(),
        table_settings=TableSettings(bot_delay=pace.bot_delay),
        seeds=itertools.count(seed),
        extensions=["cogs.spades"],
        freeze_startup=True,
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )
    thresholds = gc.get_threshold()
    try:
        async with running(bot, address):
            clock = TurnClock()
            bot.tables.add_presenter(clock)
            watch.start()
            connection.send(True)
            played = await _receive(connection, _Played)
            return played, clock.began, watch.stop()
    finally:
        watch.stop()
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
        # The bot froze what it built at start-up and set the collector's thresholds; the
        # process that called the bench lives on.
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def _members_process(
    connection: Connection, tables: int, moves: int, seed: int, pace: Pace, shards: int
) -> None:
    # The fake makes next to no cyclic garbage; a collector pause here would be timed as the
    # bot's latency.
    gc.disable()
    try:
        asyncio.run(_members(connection, tables, moves, seed, pace, shards))
    except EOFError:
        pass  # the bot's side stopped first, and says why
    finally:
        connection.close()


async def _members(
    connection: Connection, count: int, moves: int, seed: int, pace: Pace, shards: int
) -> None:
    """The fake's process: serve the bot while members arrive one after another, open their
    tables and play; send back every click's wait. With two shards, the tables alternate
    between a guild on each."""
    if shards == 1:
        names = tuple(f"table-{n}" for n in range(count))
        fake = FakeDiscord(channel_names=names, global_limit=GLOBAL_LIMIT)
    else:
        fake = FakeDiscord(channel_names=(), shards=shards, global_limit=GLOBAL_LIMIT)
        for shard in range(shards):
            fake.add_guild(tuple(f"table-{n}" for n in range(shard, count, shards)), shard=shard)
    members = [fake.add_user(f"player-{n}") for n in range(count)]
    # The card emojis a running bot uploaded on its first start: it finds them by name, so
    # the cards show as emojis and the run counts no uploads.
    for name, picture in card_emojis().items():
        fake.add_application_emoji(name, picture)
    await fake.start()
    try:
        connection.send(fake.address)
        await _receive(connection, bool)
        watch = LoopWatch()
        watch.start()
        started = time.perf_counter()
        playing: list[asyncio.Task[None]] = []
        seen: list[tuple[int, int, float]] = []
        # Table n in channel table-n, whichever guild holds it: the shards take turns.
        channels = sorted(fake.channels.values(), key=lambda c: int(c.name.split("-")[1]))
        for n, (member, channel) in enumerate(zip(members, channels, strict=True)):
            if pace.arrivals is not None:
                await asyncio.sleep(started + n / pace.arrivals - time.perf_counter())
            await fake.slash(member, "spades", "new", channel=channel, bots=3)
            await fake.slash(member, "spades", "start", channel=channel)
            thinking = random.Random(f"{seed}:{n}")
            played = _play(fake, member, channel.id, moves, pace, thinking, seen)
            playing.append(asyncio.create_task(played))
        await asyncio.gather(*playing)
        ended = time.perf_counter()
        loop = watch.stop()
        clicks = [
            (record.id, record.sent_at, record.answered_at)
            for record in fake.interactions.values()
            if record.kind == COMPONENT and record.answered_at is not None
        ]
        waits = [(answered - sent) * 1000 for _, sent, answered in clicks]
        counted = [
            (at, request)
            for at, request in zip(fake.request_times, fake.requests, strict=True)
            if counts_globally(request[1])
        ]
        connection.send(
            _Played(
                waits,
                ended - started,
                request_rate(fake.request_times, started, ended),
                request_rate(fake.counted_times, started, ended),
                request_kinds([r for at, r in counted if started <= at <= ended]),
                seen,
                fake.globally_limited,
                clicks,
                loop,
            )
        )
        # Serve the bot until it has closed: its last edits, its gateway goodbye.
        await _readable(connection)
    finally:
        await fake.close()


async def _play(
    fake: FakeDiscord,
    member: FakeUser,
    channel: int,
    moves: int,
    pace: Pace,
    thinking: random.Random,
    seen: list[tuple[int, int, float]],
) -> None:
    """Think, then click the first control of each fresh turn in the member's DM, ``moves``
    times; note in ``seen`` when each turn reached the fake (the message's creation, when
    it came with the controls, else when the member noticed them). When their game ends
    first (a side fell to the mercy score), the member, its host, clicks Rematch on the
    table message in ``channel`` and plays on in the new game."""
    played = [-1, -1]  # the table and the seq of the last control clicked
    rematched: set[int] = set()  # the table messages whose Rematch was clicked

    def dm_of_member() -> int | None:
        dm = fake.dm_channels.get(member.id)
        return None if dm is None else dm.id

    def turn() -> RecordedMessage | None:
        # The newest DM only (a thousand members look ten times a second).
        dm = fake.dm_channels.get(member.id)
        sent = [] if dm is None else fake.sent.get(dm.id, [])
        if not sent or sent[-1].deleted:
            return None
        latest = sent[-1]
        for control in latest.controls():
            match = _CONTROL.match(control["custom_id"])
            if match is None:
                continue
            table, seq = int(match[1]), int(match[2])
            if table != played[0] or seq > played[1]:
                created = any(
                    c.get("custom_id") == control["custom_id"]
                    for row in latest.created_components
                    for c in row.get("components", [])
                )
                at = latest.created_at if created else time.perf_counter()
                seen.append((member.id, seq, at))
                return latest.snapshot()
        return None

    def rematch() -> RecordedMessage | None:
        # The game over: the table message of the game last played offers a rematch.
        for message in reversed(fake.sent.get(channel, [])[-3:]):
            if message.id in rematched:
                continue
            for control in message.controls():
                match = _REMATCH.match(control["custom_id"])
                if match is not None and int(match[1]) == played[0]:
                    return message.snapshot()
        return None

    def next_click() -> RecordedMessage | None:
        return turn() or (None if played[0] < 0 else rematch())

    def waiting_on() -> str:
        # What the member could see when they gave up: the newest DMs and table messages.
        dm = fake.dm_channels.get(member.id)
        shown = [] if dm is None else fake.sent.get(dm.id, [])[-2:]
        shown += fake.sent.get(channel, [])[-3:]
        return "; ".join(
            f"{'deleted ' if m.deleted else ''}message {m.id} in {m.channel.id}: "
            f"{m.text[:120]!r} {[c.get('custom_id') for c in m.controls()][:4]}"
            for m in shown
        )

    clicked = 0
    while clicked < moves:
        try:
            message = await fake.wait_for(
                next_click, "a turn", timeout=_TURN_WAIT, poll=_LOOK_EVERY, wake=dm_of_member
            )
        except AssertionError as error:
            raise AssertionError(
                f"member {member.id} after {clicked} clicks, last table {played[0]} seq "
                f"{played[1]}, gave up waiting for a turn; {waiting_on()}"
            ) from error
        await asyncio.sleep(thinking.uniform(pace.think_min, pace.think_max))
        again = next((c for c in message.controls() if _REMATCH.match(c["custom_id"])), None)
        if again is not None:
            await fake.click(member, message, again["custom_id"])
            rematched.add(message.id)
            played[1] = -1
            played[0] = -1
            continue
        control = next(c for c in message.controls() if _CONTROL.match(c["custom_id"]))
        values = None
        if control["type"] == _SELECT:
            values = [o["value"] for o in control["options"][: control.get("min_values", 1)]]
        await fake.click(member, message, control["custom_id"], values=values)
        match = _CONTROL.match(control["custom_id"])
        assert match is not None
        played[0], played[1] = int(match[1]), int(match[2])
        clicked += 1


async def _readable(connection: Connection) -> None:
    """Wait, without blocking the loop, until ``connection`` has a message or is closed."""
    loop = asyncio.get_running_loop()
    readable = loop.create_future()

    def ready() -> None:
        if not readable.done():
            readable.set_result(None)

    loop.add_reader(connection.fileno(), ready)
    try:
        await readable
    finally:
        loop.remove_reader(connection.fileno())


async def _receive(connection: Connection, kind: type[T]) -> T:
    """The other process's next message, which must be a ``kind``; EOFError if it is gone."""
    await _readable(connection)
    message = connection.recv()
    if not isinstance(message, kind):
        raise TypeError(f"expected a {kind.__name__} from the other process, got {message!r}")
    return message


def format_discord_bench(bench: DiscordBench) -> str:
    pace = bench.pace
    arrivals = "" if pace.arrivals is None else f", {pace.arrivals:g} members arrive a second"
    turns = bench.turns
    turn_text = (
        ""
        if turns is None
        else f"; {turns.turns} turns reached their member: p50 {turns.p50_ms:.0f} ms,"
        f" p99 {turns.p99_ms:.0f} ms from the table's change"
    )
    return (
        f"{bench.tables} active tables through the fake Discord server: {bench.clicks} clicks"
        f" in {bench.seconds:.1f} s (members think {pace.think_min:g}-{pace.think_max:g} s"
        f" before a click, bots wait {pace.bot_delay:g} s{arrivals}); interaction to callback,"
        f" timed by the fake in its own process: p50 {bench.p50_ms:.1f} ms,"
        f" p99 {bench.p99_ms:.1f} ms{turn_text}; requests to Discord meanwhile:"
        f" {_rate_text(bench.requests)}, of which {_rate_text(bench.limited)} count against"
        f" its global limit of {GLOBAL_LIMIT}/s"
        + _kinds_text(bench.kinds)
        + f", {bench.refused:,} refused over it; {bench.free_share:.1%} free"
        " (interactions' answers and follow-ups)"
        + _cpu_text(bench)
        + _parts_text(bench.parts)
        + "".join(
            "\n" + format_loop(report, who)
            for report, who in ((bench.loop, "The bot"), (bench.fake_loop, "The fake"))
            if report is not None
        )
    )


def _parts_text(parts: ClickParts | None) -> str:
    if parts is None:
        return ""
    names = ("to the bot", "waiting in it", "running in it", "answer to the fake")

    def each(values: Sequence[float]) -> str:
        return ", ".join(f"{name} {value:.1f}" for name, value in zip(names, values, strict=True))

    return (
        f"\nA click's time in parts, ms ({parts.clicks:,} clicks): p50 {each(parts.p50)};"
        f" p99 {each(parts.p99)}; the slowest 1%, mean: {each(parts.slowest)}; until the"
        f" answer set out from the bot: p50 {parts.out[0]:.1f}, p99 {parts.out[1]:.1f}; the task"
        f" answering it took {parts.steps[0]} steps to its answer at p50, {parts.steps[1]}"
        " at p99"
    )


def _cpu_text(bench: DiscordBench) -> str:
    if bench.bot_cpu is None or not bench.clicks:
        return ""
    return (
        f"; the bot's process used {bench.bot_cpu:,.1f} CPU s"
        f" ({bench.bot_cpu / bench.clicks * 1000:.1f} ms a click)"
    )


def _kinds_text(kinds: RequestKinds | None) -> str:
    if kinds is None:
        return ""
    return (
        f" ({kinds.posts:,} new messages, {kinds.edits:,} edits, {kinds.deletions:,}"
        f" deletions, {kinds.others:,} other)"
    )


def _rate_text(rate: RequestRate) -> str:
    return (
        f"{rate.requests:,} ({rate.per_second:.1f}/s mean,"
        f" {rate.busiest_second} in the busiest second)"
    )
