"""The arena: two policies play duplicate deals and games, and their strength is measured.

Every deal is played twice with the sides swapped: the seats policy A held in the first
play are policy B's in the second, on the same cards, dealer and seed, so the luck of the
cards cancels and the unit of measurement is the duplicate pair. Policies read only
``game.view(seat)``; the arena asks the seat to act for every action.

Deals and games are seeded from ``(seed, index)``, so results do not depend on how many
worker processes play them (as long as the policies themselves are deterministic: a
time-capped search is only when its deal cap, not its clock, ends each decision). With
``untimed`` every search runs without its clock and samples its full deal caps, as it
does on a quiet machine, so a run's figures depend only on its seed, not on the load.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Literal

from bot.ai.levels import policy_for
from bot.ai.policy import Policy
from bot.engine import Game, HandResult, IllegalAction, PlayCard, Rules

# A 95% interval from the normal approximation (arena runs have hundreds of pairs).
_Z95 = 1.96
# Progress lines on stderr come at most this often (seconds).
_PROGRESS_EVERY = 5.0
# A game pair counts as this many deal pairs of work for the ETA (a game is ~10 hands).
_GAME_WEIGHT = 10
# Two weak policies may never reach the target; such a game stops here, undecided.
_MAX_GAME_HANDS = 100

A, B = 0, 1


@dataclass(slots=True)
class Tally:
    """What one policy did over some hands (counted per side it held, per seat for Nils)."""

    contracts: int = 0  # sides' contracts other than Nil
    sets: int = 0  # of those, failed
    nil_bids: int = 0
    nils_made: int = 0
    partner_nils: int = 0  # Nils bid by a partner of a seat this policy held
    partner_nils_lost: int = 0
    bags: int = 0
    side_hands: int = 0  # hands played, counted once per side held
    decisions: list[float] = field(default_factory=list)  # seconds per decide call

    def add(self, other: Tally) -> None:
        self.contracts += other.contracts
        self.sets += other.sets
        self.nil_bids += other.nil_bids
        self.nils_made += other.nils_made
        self.partner_nils += other.partner_nils
        self.partner_nils_lost += other.partner_nils_lost
        self.bags += other.bags
        self.side_hands += other.side_hands
        self.decisions.extend(other.decisions)


@dataclass(frozen=True, slots=True)
class _Task:
    kind: Literal["deal", "game"]
    index: int
    names: tuple[str, str]
    preset: str
    seed: int
    untimed: bool = False
    nils: bool = False  # report each Nil bid of a deal task (``nil_report``)


@dataclass(slots=True)
class _Outcome:
    """One duplicate pair: A's margin per hand (deals) or the winning policy of each
    play (games: ``A``, ``B`` or ``None`` for undecided), and each policy's tally."""

    task: _Task
    margin: float
    winners: tuple[int | None, ...]
    tallies: tuple[Tally, Tally]
    nils: tuple[str, ...] = ()  # a JSON line per Nil bid, when the task asked
    sides: tuple[Side, ...] = ()  # each side of each play of a deal


@dataclass(frozen=True, slots=True)
class Side:
    """One side's hand in one play of a deal: which policy held it and how it ended."""

    team: int
    owner: int  # A or B
    bid: int
    made: bool | None  # None: no contract of its own (a Nil side's, a moon's)
    nil: bool  # a seat of the side bid a Nil
    total: int


@dataclass(frozen=True, slots=True)
class Latency:
    decisions: int
    p50: float
    p95: float
    max: float


@dataclass(frozen=True, slots=True)
class PolicyStats:
    """One policy's numbers over all the duplicate deals (not the games)."""

    name: str
    contracts: int
    sets: int
    nil_bids: int
    nils_made: int
    partner_nils: int
    partner_nils_lost: int
    bags: int
    side_hands: int
    latency: Latency

    @property
    def set_rate(self) -> float:
        return self.sets / self.contracts if self.contracts else 0.0

    @property
    def nil_success(self) -> float:
        return self.nils_made / self.nil_bids if self.nil_bids else 0.0

    @property
    def partner_nil_loss(self) -> float:
        return self.partner_nils_lost / self.partner_nils if self.partner_nils else 0.0

    @property
    def bags_per_hand(self) -> float:
        return self.bags / self.side_hands if self.side_hands else 0.0


@dataclass(frozen=True, slots=True)
class ArenaResult:
    preset: str
    seed: int
    deals: int
    games: int
    margins: tuple[float, ...]  # A's margin per hand, one per duplicate deal
    wins: tuple[int, int, int]  # games won by A, by B, undecided
    stats: tuple[PolicyStats, PolicyStats]
    seconds: float
    untimed: bool = False
    # Where the margin came from: (what happened, sides, its share of A's margin a hand).
    breakdown: tuple[tuple[str, int, float], ...] = ()

    @property
    def mean(self) -> float:
        return statistics.fmean(self.margins)

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of the mean margin (NaN for a single deal)."""
        if len(self.margins) < 2:
            return math.nan
        return _Z95 * statistics.stdev(self.margins) / math.sqrt(len(self.margins))


def check_names(a: str, b: str, preset: str) -> None:
    """Raise ``ValueError`` with a readable message for an unknown policy or preset."""
    policy_for(a)
    policy_for(b)
    Rules.preset(preset)


def run_arena(
    a: str,
    b: str,
    *,
    deals: int,
    preset: str = "classic",
    seed: int = 0,
    games: int = 0,
    workers: int = 1,
    progress: Callable[[str], None] | None = None,
    untimed: bool = False,
    nil_report: Callable[[str], None] | None = None,
) -> ArenaResult:
    """Play ``deals`` duplicate deals and ``games`` duplicate games of ``a`` against ``b``;
    ``untimed``: the searches without their clocks (``policy_for``); ``nil_report`` is
    handed a JSON line for each Nil bid in the deals as each deal ends (``nil_record``)."""
    check_names(a, b, preset)
    if deals < 1 or games < 0 or workers < 1:
        raise ValueError("Deals and workers must be at least 1, games at least 0.")
    nils = nil_report is not None
    tasks = [_Task("deal", i, (a, b), preset, seed, untimed, nils) for i in range(deals)]
    tasks += [_Task("game", i, (a, b), preset, seed, untimed) for i in range(games)]
    # Long games first, so a worker is not left with one alone at the end.
    tasks.sort(key=lambda t: t.kind != "game")
    start = time.monotonic()
    outcomes: list[_Outcome] = []
    reporter = _Progress(deals, games, start, progress)
    for outcome in _run_all(tasks, workers):
        outcomes.append(outcome)
        reporter.done(outcome.task)
        if nil_report is not None:
            for line in outcome.nils:
                nil_report(line)
    outcomes.sort(key=lambda o: (o.task.kind, o.task.index))
    deal_outcomes = [o for o in outcomes if o.task.kind == "deal"]
    tallies = (Tally(), Tally())
    for outcome in deal_outcomes:
        for mine, theirs in zip(tallies, outcome.tallies, strict=True):
            mine.add(theirs)
    winners = [w for o in outcomes if o.task.kind == "game" for w in o.winners]
    return ArenaResult(
        preset=preset,
        seed=seed,
        deals=deals,
        games=games,
        margins=tuple(o.margin for o in deal_outcomes),
        wins=(winners.count(A), winners.count(B), winners.count(None)),
        stats=(_stats(a, tallies[A]), _stats(b, tallies[B])),
        seconds=time.monotonic() - start,
        untimed=untimed,
        breakdown=breakdown([o.sides for o in deal_outcomes], (a, b)),
    )


# What can happen to a side held by A and by B on the same cards, in ``breakdown``'s
# order (Nils first, then sets, then the bids of sides that both made), each with its
# heading (``{a}`` and ``{b}``: the policies' names).
HAPPENINGS = {
    "other set": "{b} set where {a} made",
    "other's Nil": "Nils only {b} bid",
    "both Nils": "Nils both bid",
    "own Nil": "Nils only {a} bid",
    "bid more": "both made, {a} bid more",
    "same bid": "both made, the same bid",
    "bid less": "both made, {a} bid less",
    "own set": "{a} set where {b} made",
    "both set": "both set",
}


def breakdown(
    deals: list[tuple[Side, ...]], names: tuple[str, str]
) -> tuple[tuple[str, int, float], ...]:
    """Each deal's sides compared across its two plays (the same cards held by A and by B):
    what happened (``HAPPENINGS``), on how many sides, and the difference it made, as a
    share of A's margin a hand (the shares add up to the margin)."""
    counts = dict.fromkeys(HAPPENINGS, 0)
    points = dict.fromkeys(HAPPENINGS, 0.0)
    for sides in deals:
        for side in sides:
            if side.owner != A:
                continue
            other = next(s for s in sides if s.team == side.team and s.owner == B)
            happened = _what_happened(side, other)
            counts[happened] += 1
            points[happened] += (side.total - other.total) / 2
    a, b = names
    hands = max(len(deals), 1)
    return tuple(
        (heading.format(a=a, b=b), counts[key], points[key] / hands)
        for key, heading in HAPPENINGS.items()
    )


def _what_happened(mine: Side, theirs: Side) -> str:
    """Which of ``HAPPENINGS`` a side held by A (``mine``) and by B (``theirs``) saw."""
    if mine.nil or theirs.nil:
        return "both Nils" if mine.nil and theirs.nil else "own Nil" if mine.nil else "other's Nil"
    set_mine, set_theirs = mine.made is False, theirs.made is False
    if set_mine or set_theirs:
        return "both set" if set_mine and set_theirs else "own set" if set_mine else "other set"
    if mine.bid != theirs.bid:
        return "bid more" if mine.bid > theirs.bid else "bid less"
    return "same bid"


def format_breakdown(result: ArenaResult) -> str:
    """``--breakdown``'s table: where A's margin a hand came from."""
    width = max(len(label) for label, _, _ in result.breakdown) + 2
    lines = ["where the margin came from (each side's two plays on the same cards):"]
    lines += [
        f"  {label:<{width}}{share:+7.1f} a hand  ({sides} sides)"
        for label, sides, share in result.breakdown
    ]
    total = sum(share for _, _, share in result.breakdown)
    lines.append(f"  {'margin':<{width}}{total:+7.1f} a hand")
    return "\n".join(lines)


def _run_all(tasks: list[_Task], workers: int) -> Iterator[_Outcome]:
    if workers == 1:
        yield from map(_run_task, tasks)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_run_task, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


class _Progress:
    """A line on the progress callback every few seconds: work done, elapsed, ETA."""

    def __init__(
        self, deals: int, games: int, start: float, sink: Callable[[str], None] | None
    ) -> None:
        self.total = {"deal": deals, "game": games}
        self.count = {"deal": 0, "game": 0}
        self.start = start
        self.last = start
        self.sink = sink

    def done(self, task: _Task) -> None:
        self.count[task.kind] += 1
        now = time.monotonic()
        if self.sink is None or now - self.last < _PROGRESS_EVERY:
            return
        self.last = now
        work = self.total["deal"] + _GAME_WEIGHT * self.total["game"]
        done = self.count["deal"] + _GAME_WEIGHT * self.count["game"]
        elapsed = now - self.start
        eta = elapsed * (work - done) / done
        games = f", games {self.count['game']}/{self.total['game']}" if self.total["game"] else ""
        self.sink(
            f"arena: deals {self.count['deal']}/{self.total['deal']}{games}, "
            f"{_clock(elapsed)} elapsed, about {_clock(eta)} left"
        )


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def _stats(name: str, tally: Tally) -> PolicyStats:
    times = sorted(tally.decisions)
    latency = Latency(
        decisions=len(times),
        p50=_percentile(times, 0.50),
        p95=_percentile(times, 0.95),
        max=times[-1] if times else 0.0,
    )
    return PolicyStats(
        name=name,
        contracts=tally.contracts,
        sets=tally.sets,
        nil_bids=tally.nil_bids,
        nils_made=tally.nils_made,
        partner_nils=tally.partner_nils,
        partner_nils_lost=tally.partner_nils_lost,
        bags=tally.bags,
        side_hands=tally.side_hands,
        latency=latency,
    )


def _percentile(ordered: list[float], q: float) -> float:
    """The nearest-rank percentile of sorted values (0 for none)."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def side_owners(rules: Rules, swapped: bool) -> tuple[int, ...]:
    """Which policy (``A`` or ``B``) holds each seat: A the even-numbered sides, B the odd
    ones, or the other way round when ``swapped``. Partnerships face each other; at a
    cutthroat table A and B alternate around it."""
    owners = [A] * rules.players
    for team, seats in enumerate(rules.teams):
        for seat in seats:
            owners[seat] = (team % 2) ^ swapped
    return tuple(owners)


def task_seed(seed: int, kind: str, index: int) -> int:
    """The game seed of deal or game ``index`` of a run with ``seed``."""
    return random.Random(f"arena:{seed}:{kind}:{index}").getrandbits(63)


def _run_task(task: _Task) -> _Outcome:
    rules = Rules.preset(task.preset)
    if rules.evil_spades and task.kind == "deal":
        # Evil Spades (003:13-63): a deal is one hand, so each starts at the next hand
        # rule and 45 deals play them all.
        rules = Rules.model_validate({**rules.changed(), "evil_start": task.index % 45 + 1})
    game_seed = task_seed(task.seed, task.kind, task.index)
    dealer = task.index % rules.players
    policies = (
        policy_for(task.names[A], untimed=task.untimed),
        policy_for(task.names[B], untimed=task.untimed),
    )
    tallies = (Tally(), Tally())
    margins: list[float] = []
    winners: list[int | None] = []
    nils: list[str] = []
    sides: list[Side] = []
    for swapped in (False, True):
        owners = side_owners(rules, swapped)
        dealt: list[list[str]] = []
        plays: list[str] = []
        game = _play(rules, game_seed, dealer, owners, policies, task, tallies, dealt, plays)
        if task.kind == "game":
            winners.append(None if game.winner is None else owners[rules.teams[game.winner][0]])
            continue
        result = game.results[0]
        _count(result, owners, tallies)
        sides += [
            Side(
                t.team,
                owners[t.seats[0]],
                t.bid,
                t.made,
                any(result.seats[s].nil for s in t.seats),
                t.total,
            )
            for t in result.teams
        ]
        if task.nils:
            nils += nil_record(task, swapped, result, owners, dealt, plays)
        totals: tuple[list[int], list[int]] = ([], [])
        for team in result.teams:
            totals[owners[team.seats[0]]].append(team.total)
        margins.append(statistics.fmean(totals[A]) - statistics.fmean(totals[B]))
    margin = statistics.fmean(margins) if margins else 0.0
    return _Outcome(task, margin, tuple(winners), tallies, tuple(nils), tuple(sides))


def nil_record(
    task: _Task,
    swapped: bool,
    result: HandResult,
    owners: tuple[int, ...],
    dealt: list[list[str]],
    plays: list[str],
) -> list[str]:
    """A JSON line per Nil bid of one play of a deal: whose policy bid it and covered it,
    made or lost, the bids, the Nil bidder's and its partners' hands as dealt, and every
    card played in order (``seat:card``), to read how each Nil was lost."""
    lines = []
    for seat, outcome in enumerate(result.seats):
        if not outcome.nil:
            continue
        partners = [s for t in result.teams if seat in t.seats for s in t.seats if s != seat]
        record = {
            "deal": task.index,
            "swapped": swapped,
            "seat": seat,
            "bidder": task.names[owners[seat]],
            "partners": [task.names[owners[s]] for s in partners],
            "made": bool(outcome.made),
            "bids": [o.bid for o in result.seats],
            "hand": dealt[seat],
            "partner_hands": [dealt[s] for s in partners],
            "plays": plays,
        }
        lines.append(json.dumps(record, ensure_ascii=False))
    return lines


def _play(
    rules: Rules,
    game_seed: int,
    dealer: int,
    owners: tuple[int, ...],
    policies: tuple[Policy, Policy],
    task: _Task,
    tallies: tuple[Tally, Tally],
    dealt: list[list[str]] | None = None,
    plays: list[str] | None = None,
) -> Game:
    """One hand (a deal task) or one game to the target (a game task); ``dealt`` and
    ``plays`` are given the hands as dealt and each card played (``seat:card``)."""
    game = Game.new(rules, seed=game_seed, dealer=dealer)
    if dealt is not None:
        dealt += [[str(card) for card in hand] for hand in game.hands]
    rngs = [random.Random(f"{game_seed}:{seat}") for seat in range(rules.players)]
    hands = 1 if task.kind == "deal" else _MAX_GAME_HANDS
    while not game.is_over and len(game.results) < hands:
        seat = game.to_act
        assert seat is not None, "a game in progress always has a seat to act"
        owner = owners[seat]
        view = game.view(seat)
        began = time.perf_counter()
        action = policies[owner].decide(view, rngs[seat])
        tallies[owner].decisions.append(time.perf_counter() - began)
        if plays is not None and isinstance(action, PlayCard):
            plays.append(f"{action.seat}:{action.card}")
        try:
            game.apply(action)
        except IllegalAction as error:
            raise RuntimeError(
                f"{task.names[owner]} chose an illegal action {action!r} in {task.kind} "
                f"{task.index} (seed {task.seed}): {error}"
            ) from error
    return game


def _count(result: HandResult, owners: tuple[int, ...], tallies: tuple[Tally, Tally]) -> None:
    """Add one scored hand's contracts, sets, bags and Nils to each policy's tally."""
    for team in result.teams:
        tally = tallies[owners[team.seats[0]]]
        tally.side_hands += 1
        tally.bags += team.bags
        if team.made is not None:
            tally.contracts += 1
            tally.sets += not team.made
        for seat in team.seats:
            outcome = result.seats[seat]
            if not outcome.nil:
                continue
            tally.nil_bids += 1
            tally.nils_made += bool(outcome.made)
            # The partners' policy is the one that failed to cover (or busted) this Nil.
            for owner in {owners[s] for s in team.seats if s != seat}:
                tallies[owner].partner_nils += 1
                tallies[owner].partner_nils_lost += not outcome.made


def format_arena(result: ArenaResult) -> str:
    """The report ``python -m bot arena`` prints."""
    a, b = result.stats
    half = result.half_width
    interval = (
        "no interval from one deal"
        if math.isnan(half)
        else f"± {half:.1f}, 95% CI {result.mean - half:+.1f} .. {result.mean + half:+.1f}"
    )
    lines = [
        f"{a.name} (A) vs {b.name} (B), preset {result.preset}, seed {result.seed}: "
        f"{result.deals} duplicate deals ({2 * result.deals} hands), {_clock(result.seconds)}",
        f"margin per hand, A over B: {result.mean:+.1f} {interval}",
        "searches untimed: every decision sampled its full deal caps (the same on any load)"
        if result.untimed
        else "searches timed: a search stops at its time budget or deal cap (load matters)",
    ]
    if result.games:
        won_a, won_b, undecided = result.wins
        lines.append(
            f"games to the target ({result.games} duplicate, {2 * result.games} games): "
            f"{a.name} won {won_a}, {b.name} won {won_b}, undecided {undecided}"
        )
    else:
        lines.append("games to the target: none played (--games 0)")
    width = max(len(a.name), len(b.name), 16) + 2
    rows = [
        ("", a.name, b.name),
        ("set rate", *(_ratio(s.sets, s.contracts) for s in (a, b))),
        ("nil bids", *(str(s.nil_bids) for s in (a, b))),
        ("nil success", *(_ratio(s.nils_made, s.nil_bids) for s in (a, b))),
        ("partner nils lost", *(_ratio(s.partner_nils_lost, s.partner_nils) for s in (a, b))),
        ("bags per hand", *(f"{s.bags_per_hand:.2f}" for s in (a, b))),
        ("decisions", *(str(s.latency.decisions) for s in (a, b))),
        ("decision p50", *(_ms(s.latency.p50) for s in (a, b))),
        ("decision p95", *(_ms(s.latency.p95) for s in (a, b))),
        ("decision max", *(_ms(s.latency.max) for s in (a, b))),
    ]
    lines.append("per policy, over the deals:")
    lines += [f"  {label:<18}{x:>{width}}{y:>{width}}".rstrip() for label, x, y in rows]
    return "\n".join(lines)


def _ratio(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "- (0/0)"


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.2f} ms" if seconds < 0.1 else f"{seconds:.3f} s"
