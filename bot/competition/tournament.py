"""A tournament as a pure state machine: frozen state, transitions that return the next
state and what to do.

Every transition is a function ``(state, ..., now) -> Outcome``: the new ``Tournament`` and
the ``Effect`` list the runner carries out (open a match's table, start it, close it, post
the standings, arm or drop a timer, tell the channel something). Nothing here waits, reads a
clock or draws a random number: ``now`` (Unix seconds) and any seed are handed in, so a
tournament is tested without Discord, storage or time. A refused command raises
``TournamentError``, whose message is a sentence for the member, and changes nothing.

**Life.** ``SIGNUP`` (members join and leave; pairs sign up together and the partner
accepts; from ``starts_at - check_in`` they check in) -> ``RUNNING`` at ``starts_at``
(``start``: whoever did not check in, and every pair whose partner did not accept, is out;
individuals are paired into pairs by rating, the strongest with the weakest; entrants are
seeded by rating and round 1 is paired) -> ``FINISHED`` after the last round, or
``CANCELLED`` by the organiser (or at the start, with fewer than two entrants).

**A match.** Its table is opened with its four players seated. Each player says they are
there (``arrive``); once all are, the table starts. ``forfeit_minutes`` after the table
opened (the ``NO_SHOW`` timer), a side not all there loses by forfeit; if bots may
substitute, a bot takes the seat of a player who did not come and the game starts, as long
as each side has one player there (a bot does not play for a whole pair). Otherwise the side
with more players there wins by forfeit, the first-listed (higher-placed) side when as many
are there of each.

**Rounds.** Swiss (``rounds`` rounds; ``bot.competition.swiss``), round robin (every
entrant meets every other once; ``round_robin``), or single elimination (``elimination``).
When every match of a round has a result, the next round is paired (``pair_round``, which
the runner calls with a fresh seed when an effect says ``PairNext``), unless the tournament
is paused; after the last round it finishes.

**Duplicate** (Swiss and round robin, games of a number of hands, two tables or more):
every table of a round plays from the round's one seed; at the round's odd-numbered tables
the first-listed pair holds the East/West cards (``duplicate.duplicate_seatings`` with
seats fixed through the game), so each direction's cards are held by both kinds of pair.
Each table's deal-by-deal scores are recorded with its result, and the standings rank by
matchpoint percentage over every deal played (``duplicate.score_duplicate``), then by the
format's own order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from bot.competition.duplicate import (
    DealScore,
    DuplicateRound,
    duplicate_seatings,
    score_duplicate,
)
from bot.competition.elimination import (
    elimination_bracket,
    elimination_standings,
    next_elimination_round,
)
from bot.competition.results import Entrant, MatchResult, Pairing
from bot.competition.round_robin import round_robin, round_robin_standings
from bot.competition.swiss import pair_swiss, swiss_standings
from bot.engine import PRESETS, Rules
from bot.i18n import N_, Words, _, format_percent, ngettext, words

MINUTE = 60.0


class TournamentError(ValueError):
    """A refused command; the message says why, in the member's words. Nothing changed."""


class Format(StrEnum):
    ELIMINATION = "elimination"
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"


class Entry(StrEnum):
    PAIRS = "pairs"  # fixed pairs sign up together, the partner accepting
    SINGLES = "singles"  # individuals, paired into pairs by the bot at the start


class Phase(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class TimerKind(StrEnum):
    START = "start"  # at ``starts_at``: check-in closes and round 1 is paired
    NO_SHOW = "no_show"  # a match's players have not all turned up


@dataclass(frozen=True, slots=True)
class Settings:
    """What the organiser chose with ``/tournament new``. ``preset`` None plays the
    server's house rules; ``hands`` None plays each game to the rules' target score, else
    that many hands. ``check_in_minutes`` 0: nobody needs to check in."""

    name: str
    guild_id: int
    channel_id: int
    organiser_id: int
    format: Format
    entry: Entry
    starts_at: float
    rounds: int = 0  # Swiss only: how many rounds
    preset: str | None = None
    hands: int | None = None
    check_in_minutes: int = 15
    forfeit_minutes: int = 10
    bot_substitutes: bool = False
    duplicate: bool = False

    def check(self) -> None:
        """Refuse settings that cannot run, saying why."""
        if not self.name.strip():
            raise TournamentError(_("A tournament needs a name."))
        if self.format is Format.SWISS and not 1 <= self.rounds <= 20:
            raise TournamentError(_("A Swiss tournament plays 1 to 20 rounds."))
        if self.preset is not None:
            if self.preset not in PRESETS:
                raise TournamentError(
                    _("There is no preset called {name}.").format(name=self.preset)
                )
            rules = Rules.preset(self.preset)
            if rules.players != 4 or rules.team_size != 2:
                raise TournamentError(
                    _("Tournaments are played by pairs: choose rules for four players.")
                )
        if self.hands is not None and not 1 <= self.hands <= 50:
            raise TournamentError(_("A game of a tournament plays 1 to 50 hands."))
        if not 0 <= self.check_in_minutes <= 24 * 60:
            raise TournamentError(_("The check-in window is 0 minutes to a day."))
        if not 1 <= self.forfeit_minutes <= 120:
            raise TournamentError(_("Players have 1 to 120 minutes to reach their table."))
        if self.duplicate:
            if self.format is Format.ELIMINATION:
                raise TournamentError(
                    _("Duplicate scoring compares tables: play it as Swiss or round robin.")
                )
            if self.hands is None:
                raise TournamentError(
                    _("Duplicate games play a number of hands, so every table plays the same.")
                )


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    name: str
    rating: float


@dataclass(frozen=True, slots=True)
class Team:
    """An entrant: a pair (``accepted`` once the partner said yes) or, before the start of
    a tournament of individuals, one player. ``withdrawn`` entrants play no more rounds.
    ``key``: the entrant's opaque id, given at sign-up (``e1``, ``e2``...) or when the bot
    makes the pairs (``p1``...), so that no id holds a member's; an entrant stored before
    ids were given has none, and its id is its players' ids, as it was then."""

    players: tuple[Player, ...]
    accepted: bool = True
    checked_in: tuple[int, ...] = ()
    withdrawn: bool = False
    key: str = ""

    @property
    def id(self) -> str:
        return self.key or "-".join(str(p.user_id) for p in self.players)

    @property
    def name(self) -> str:
        return " & ".join(p.name for p in self.players)

    @property
    def rating(self) -> float:
        return sum(p.rating for p in self.players) / len(self.players)

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.players)

    @property
    def all_checked_in(self) -> bool:
        return set(self.user_ids) <= set(self.checked_in)


@dataclass(frozen=True, slots=True)
class Match:
    """One board of a round: ``second`` None is a bye. ``table_id`` is the game's id in the
    store once its table has started; ``arrived`` who has said they are there."""

    round: int
    board: int
    first: str
    second: str | None
    opened_at: float | None = None
    arrived: tuple[int, ...] = ()
    started: bool = False
    channel_id: int | None = None  # where its table was opened (a thread)
    table_id: int | None = None
    result: MatchResult | None = None
    deals: tuple[tuple[int, int], ...] = ()  # duplicate: (first's, second's) points per deal

    @property
    def pairing(self) -> Pairing:
        return Pairing(self.first, self.second)

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def key(self) -> tuple[int, int]:
        return (self.round, self.board)


@dataclass(frozen=True, slots=True)
class Round:
    number: int  # from 1
    matches: tuple[Match, ...]
    seed: int | None = None  # duplicate: every table's deals

    @property
    def done(self) -> bool:
        return all(m.done for m in self.matches)


@dataclass(frozen=True, slots=True)
class Timer:
    kind: TimerKind
    at: float
    round: int = 0
    board: int = 0

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.kind.value, self.round, self.board)


# -- effects ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenTable:
    """Open this match's table, its players seated: ``seats[i]`` is the member at the
    engine's seat ``i``."""

    round: int
    board: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StartTable:
    """Deal this match's game: ``seed`` None lets the table choose; empty seats get bots."""

    round: int
    board: int
    seed: int | None
    hands: int | None


@dataclass(frozen=True, slots=True)
class CloseTable:
    round: int
    board: int


@dataclass(frozen=True, slots=True)
class ArmTimer:
    timer: Timer


@dataclass(frozen=True, slots=True)
class DropTimer:
    timer: Timer


@dataclass(frozen=True, slots=True)
class PairNext:
    """Every match of the round has a result: call ``pair_round`` with a fresh seed."""


@dataclass(frozen=True, slots=True)
class PostStandings:
    """The standings changed: refresh the one message that shows them."""


@dataclass(frozen=True, slots=True)
class Announce:
    """Tell the tournament's channel ``words``; ``mention`` whom it concerns."""

    words: Words
    mention: tuple[int, ...] = ()


Effect = (
    OpenTable | StartTable | CloseTable | ArmTimer | DropTimer | PairNext | PostStandings | Announce
)


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    settings: Settings
    phase: Phase = Phase.SIGNUP
    teams: tuple[Team, ...] = ()
    rounds: tuple[Round, ...] = ()
    timers: tuple[Timer, ...] = ()
    paused: bool = False
    # Round robin: the seeded order fixed at the start, from which every round is drawn.
    order: tuple[str, ...] = ()
    sat_out: tuple[int, ...] = field(default=())  # individuals left without a partner

    # -- reading ---------------------------------------------------------------------

    def team(self, entrant: str) -> Team:
        for team in self.teams:
            if team.id == entrant:
                return team
        raise TournamentError(_("No such entrant in this tournament."))

    def team_of(self, user_id: int) -> Team | None:
        return next((t for t in self.teams if user_id in t.user_ids), None)

    def match(self, round_number: int, board: int) -> Match:
        if 0 < round_number <= len(self.rounds):
            for match in self.rounds[round_number - 1].matches:
                if match.board == board:
                    return match
        raise TournamentError(_("There is no such match in this tournament."))

    def match_of_table(self, table_id: int) -> Match | None:
        return next((m for r in self.rounds for m in r.matches if m.table_id == table_id), None)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(Entrant(t.id, t.rating) for t in self.teams)

    @property
    def results(self) -> tuple[MatchResult, ...]:
        return tuple(m.result for r in self.rounds for m in r.matches if m.result is not None)

    def total_rounds(self) -> int:
        n = len(self.teams)
        if self.settings.format is Format.SWISS:
            return self.settings.rounds
        if self.settings.format is Format.ROUND_ROBIN:
            return n - 1 if n % 2 == 0 else n
        return max(1, (n - 1).bit_length())

    def seats(self, match: Match) -> tuple[int, ...]:
        """The members at the engine's four seats: the first-listed pair in seats 0 and 2,
        the other in 1 and 3; turned at a duplicate round's odd-numbered tables."""
        first = self.team(match.first).user_ids
        second = self.team(match.second).user_ids if match.second is not None else ()
        if self.settings.duplicate and (match.board - 1) % 2:
            first, second = second, first
        return (first[0], second[0], first[1], second[1])

    def first_side(self, match: Match) -> int:
        """The engine's side (0 or 1) the first-listed pair holds in this match's game."""
        return 1 if self.settings.duplicate and (match.board - 1) % 2 else 0

    def duplicate_round(self, number: int) -> DuplicateRound | None:
        """A duplicate round's matchpoints, from the deals its tables recorded."""
        if not self.settings.duplicate or not 0 < number <= len(self.rounds):
            return None
        tables = [m for m in self.rounds[number - 1].matches if m.second is not None]
        if len(tables) < 2:
            return None
        deals = max((len(m.deals) for m in tables), default=0)
        if deals == 0:
            return None
        pairings = [m.pairing for m in tables]
        seatings = duplicate_seatings(pairings, deals, turn_every_deal=False)
        scores = []
        for index, match in enumerate(tables):
            for deal, (mine, theirs) in enumerate(match.deals):
                ns, ew = (theirs, mine) if index % 2 else (mine, theirs)
                scores.append(DealScore(index, deal, ns, ew))
        return score_duplicate(seatings, scores)


@dataclass(frozen=True, slots=True)
class Outcome:
    state: Tournament
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: ``detail`` the tie-breaks in words; ``tie_breaks`` the
    same as figures, in the format's order (Swiss: Buchholz, points difference; round
    robin: head to head, points difference; elimination: none); ``share`` the matchpoint
    fraction of a duplicate tournament."""

    place: int
    entrant: str
    name: str
    points: int
    detail: str
    withdrawn: bool
    tie_breaks: tuple[int, ...] = ()
    share: float | None = None


# -- creating and signing up -------------------------------------------------------------


def new_tournament(tournament_id: int, settings: Settings, now: float) -> Outcome:
    """A tournament open for sign-ups, its start timer armed."""
    settings.check()
    if settings.starts_at <= now:
        raise TournamentError(_("The start must be in the future."))
    start = Timer(TimerKind.START, settings.starts_at)
    state = Tournament(tournament_id, settings, timers=(start,))
    return Outcome(state, (ArmTimer(start), PostStandings()))


def _signing_up(state: Tournament) -> None:
    if state.phase is not Phase.SIGNUP:
        raise TournamentError(_("Sign-ups for this tournament are closed."))


def sign_up(state: Tournament, player: Player, partner: Player | None = None) -> Outcome:
    """``player`` joins: alone in a tournament of individuals, with ``partner`` (who must
    accept) in one of pairs."""
    _signing_up(state)
    if state.team_of(player.user_id) is not None:
        raise TournamentError(_("You are already signed up for this tournament."))
    if state.settings.entry is Entry.SINGLES:
        if partner is not None:
            raise TournamentError(
                _("This tournament takes players one by one: the bot makes the pairs.")
            )
        team = Team((player,), key=_new_key(state))
        text = words(N_("{name} signed up."), name=player.name)
        mention: tuple[int, ...] = ()
    else:
        if partner is None:
            raise TournamentError(_("This tournament is for pairs: name your partner."))
        if partner.user_id == player.user_id:
            raise TournamentError(_("Your partner must be someone else."))
        if state.team_of(partner.user_id) is not None:
            raise TournamentError(
                _("{name} is already signed up with someone.").format(name=partner.name)
            )
        team = Team((player, partner), accepted=False, key=_new_key(state))
        text = words(
            N_("{name} asks {partner} to partner them: {partner}, press Join to accept."),
            name=player.name,
            partner=partner.name,
        )
        mention = (partner.user_id,)
    state = replace(state, teams=(*state.teams, team))
    return Outcome(state, (Announce(text, mention), PostStandings()))


def _new_key(state: Tournament) -> str:
    """An id no entrant signed up now holds."""
    taken = {t.key for t in state.teams}
    return next(f"e{n}" for n in range(1, len(taken) + 2) if f"e{n}" not in taken)


def accept(state: Tournament, user_id: int) -> Outcome:
    """The partner named in a pair's sign-up says yes."""
    _signing_up(state)
    team = state.team_of(user_id)
    if team is None or len(team.players) < 2 or team.players[1].user_id != user_id:
        raise TournamentError(_("Nobody has asked you to partner them in this tournament."))
    if team.accepted:
        raise TournamentError(_("You are already signed up for this tournament."))
    done = replace(team, accepted=True)
    text = words(N_("{pair} are signed up."), pair=done.name)
    return Outcome(_with_team(state, team, done), (Announce(text), PostStandings()))


def leave(state: Tournament, user_id: int) -> Outcome:
    """Before the start, a member leaves (and so does their pair, or the request to a
    partner)."""
    _signing_up(state)
    team = state.team_of(user_id)
    if team is None:
        raise TournamentError(_("You are not signed up for this tournament."))
    state = replace(state, teams=tuple(t for t in state.teams if t is not team))
    text = words(N_("{name} left the tournament."), name=team.name)
    return Outcome(state, (Announce(text), PostStandings()))


def check_in(state: Tournament, user_id: int, now: float) -> Outcome:
    _signing_up(state)
    team = state.team_of(user_id)
    if team is None:
        raise TournamentError(_("You are not signed up for this tournament."))
    opens = state.settings.starts_at - state.settings.check_in_minutes * MINUTE
    if state.settings.check_in_minutes == 0:
        raise TournamentError(_("This tournament needs no check-in."))
    if now < opens:
        minutes = state.settings.check_in_minutes
        raise TournamentError(
            ngettext(
                "Check-in opens {minutes} minute before the start.",
                "Check-in opens {minutes} minutes before the start.",
                minutes,
            ).format(minutes=minutes)
        )
    if user_id in team.checked_in:
        raise TournamentError(_("You have already checked in."))
    here = {*team.checked_in, user_id}
    done = replace(team, checked_in=tuple(u for u in team.user_ids if u in here))
    return Outcome(_with_team(state, team, done), (PostStandings(),))


def _with_team(state: Tournament, old: Team, new: Team) -> Tournament:
    return replace(state, teams=tuple(new if t is old else t for t in state.teams))


# -- the start -----------------------------------------------------------------------------


def close_check_in(state: Tournament, ratings: Mapping[int, float] | None = None) -> Tournament:
    """Who plays: unaccepted pairs and anyone not checked in are out; individuals become
    pairs by rating (the strongest with the weakest; an odd one out sits out). ``ratings``
    refreshes the players' seed ratings."""
    _signing_up(state)
    ratings = ratings or {}
    need_check_in = state.settings.check_in_minutes > 0
    kept = [t for t in state.teams if t.accepted and (not need_check_in or t.all_checked_in)]
    kept = [
        replace(
            t, players=tuple(replace(p, rating=ratings.get(p.user_id, p.rating)) for p in t.players)
        )
        for t in kept
    ]
    sat_out: tuple[int, ...] = ()
    if state.settings.entry is Entry.SINGLES:
        players = sorted((t.players[0] for t in kept), key=lambda p: (-p.rating, p.user_id))
        if len(players) % 2:
            sat_out = (players.pop().user_id,)
        half = len(players) // 2
        kept = [Team((players[i], players[-1 - i]), key=f"p{i + 1}") for i in range(half)]
    return replace(state, teams=tuple(kept), sat_out=sat_out)


def start(
    state: Tournament, now: float, seed: int, ratings: Mapping[int, float] | None = None
) -> Outcome:
    """At ``starts_at`` (the ``START`` timer): check-in closes, entrants are seeded, round 1
    is paired. With fewer than two entrants the tournament is cancelled."""
    state = close_check_in(state, ratings)
    state = replace(state, timers=tuple(t for t in state.timers if t.kind is not TimerKind.START))
    effects: list[Effect] = []
    if state.sat_out:
        effects.append(
            Announce(words(N_("An odd number of players checked in: one sits out.")), state.sat_out)
        )
    if len(state.teams) < 2:
        state = replace(state, phase=Phase.CANCELLED)
        effects += [
            Announce(words(N_("Too few entrants checked in: the tournament is cancelled."))),
            PostStandings(),
        ]
        return Outcome(state, tuple(effects))
    seeded = sorted(state.teams, key=lambda t: (-t.rating, t.id))
    state = replace(
        state, phase=Phase.RUNNING, teams=tuple(seeded), order=tuple(t.id for t in seeded)
    )
    paired = pair_round(state, now, seed)
    return Outcome(paired.state, (*effects, *paired.effects))


# -- rounds --------------------------------------------------------------------------------


def pairings(state: Tournament) -> tuple[Pairing, ...]:
    """The next round's pairings, from the pure pairing functions."""
    fmt = state.settings.format
    active = [Entrant(t.id, t.rating) for t in state.teams if not t.withdrawn]
    if fmt is Format.SWISS:
        return pair_swiss(active, state.results)
    if fmt is Format.ROUND_ROBIN:
        schedule = round_robin([Entrant(e, state.team(e).rating) for e in state.order])
        return schedule[len(state.rounds)]
    if not state.rounds:
        return elimination_bracket(active)
    previous = state.rounds[-1]
    return next_elimination_round([m.pairing for m in previous.matches], state.results)


def pair_round(state: Tournament, now: float, seed: int) -> Outcome:
    """Pair the next round and open its tables (or finish after the last round)."""
    if state.phase is not Phase.RUNNING:
        raise TournamentError(_("This tournament is not running."))
    if state.paused:
        raise TournamentError(_("The tournament is paused."))
    if state.current is not None and not state.current.done:
        raise TournamentError(_("This round still has matches to play."))
    if len(state.rounds) >= state.total_rounds():
        return finish(state)
    number = len(state.rounds) + 1
    matches = []
    effects: list[Effect] = []
    timers = list(state.timers)
    withdrawn = {t.id for t in state.teams if t.withdrawn}
    limit = state.settings.forfeit_minutes * MINUTE
    for board, pairing in enumerate(pairings(state), start=1):
        match = Match(number, board, pairing.first, pairing.second)
        out = {e for e in (pairing.first, pairing.second) if e in withdrawn}
        if pairing.second is None:
            match = replace(match, result=MatchResult.bye(pairing.first))
        elif out:
            match = replace(match, result=_forfeit_against(match, out))
        else:
            match = replace(match, opened_at=now)
            timer = Timer(TimerKind.NO_SHOW, now + limit, number, board)
            timers.append(timer)
            effects += [OpenTable(number, board, state.seats(match)), ArmTimer(timer)]
        matches.append(match)
    paired = Round(number, tuple(matches), seed if state.settings.duplicate else None)
    state = replace(state, rounds=(*state.rounds, paired), timers=tuple(timers))
    text = words(N_("Round {number} is paired."), number=number)
    effects += [Announce(text), PostStandings()]
    if paired.done:
        effects.append(PairNext())
    return Outcome(state, tuple(effects))


def _forfeit_against(match: Match, out: set[str]) -> MatchResult:
    assert match.second is not None
    if match.first in out and match.second in out:
        return MatchResult.forfeited(match.first, match.second)
    winner = match.second if match.first in out else match.first
    return MatchResult.forfeited(winner, match.first if winner == match.second else match.second)


def _live(state: Tournament, match: Match) -> Match:
    if state.phase is not Phase.RUNNING:
        raise TournamentError(_("This tournament is not running."))
    if match.done:
        raise TournamentError(_("This match already has a result."))
    return match


def _with_match(state: Tournament, match: Match) -> Tournament:
    rounds = list(state.rounds)
    current = rounds[match.round - 1]
    rounds[match.round - 1] = replace(
        current, matches=tuple(match if m.board == match.board else m for m in current.matches)
    )
    return replace(state, rounds=tuple(rounds))


def _drop_timer(state: Tournament, match: Match) -> tuple[Tournament, list[Effect]]:
    timers = [t for t in state.timers if (t.round, t.board) == match.key]
    state = replace(state, timers=tuple(t for t in state.timers if t not in timers))
    return state, [DropTimer(t) for t in timers]


def arrive(state: Tournament, round_number: int, board: int, user_id: int) -> Outcome:
    """A player says they are at their match's table; when all four are, it starts."""
    match = _live(state, state.match(round_number, board))
    if user_id not in state.seats(match):
        raise TournamentError(_("You do not play in this match."))
    if match.started:
        raise TournamentError(_("This match has started already."))
    if user_id in match.arrived:
        raise TournamentError(_("You are already here."))
    match = replace(match, arrived=(*match.arrived, user_id))
    state = _with_match(state, match)
    if set(match.arrived) != set(state.seats(match)) or state.paused:
        return Outcome(state)
    return _start_match(state, match)


def _start_match(state: Tournament, match: Match) -> Outcome:
    state, effects = _drop_timer(state, match)
    state = _with_match(state, replace(match, started=True))
    seed = state.rounds[match.round - 1].seed
    effects.append(StartTable(match.round, match.board, seed, state.settings.hands))
    return Outcome(state, tuple(effects))


def table_opened(state: Tournament, round_number: int, board: int, channel_id: int) -> Outcome:
    """The match's table was opened in ``channel_id``, its players seated."""
    match = state.match(round_number, board)
    return Outcome(_with_match(state, replace(match, channel_id=channel_id)))


def table_started(state: Tournament, round_number: int, board: int, table_id: int) -> Outcome:
    """The match's game is dealt and stored as ``table_id``: its result comes from there."""
    match = state.match(round_number, board)
    return Outcome(_with_match(state, replace(match, table_id=table_id)))


def no_show(state: Tournament, round_number: int, board: int, now: float) -> Outcome:
    """The ``NO_SHOW`` timer: a side not all there forfeits (or bots sit in)."""
    match = _live(state, state.match(round_number, board))
    state, effects = _drop_timer(state, match)
    if match.started or state.paused:
        return Outcome(state, tuple(effects))
    seats = state.seats(match)
    here = set(match.arrived)
    assert match.second is not None
    first_side = state.first_side(match)
    first_here = sum(1 for i, u in enumerate(seats) if i % 2 == first_side and u in here)
    second_here = sum(1 for i, u in enumerate(seats) if i % 2 != first_side and u in here)
    if first_here == 2 and second_here == 2:
        return _start_match(state, match)
    if state.settings.bot_substitutes and first_here and second_here:
        started = _start_match(state, match)
        text = words(
            N_("A bot sits in for each player who did not come to round {number}."),
            number=round_number,
        )
        missing = tuple(u for u in seats if u not in here)
        return Outcome(started.state, (*effects, *started.effects, Announce(text, missing)))
    winner, loser = (
        (match.first, match.second) if first_here >= second_here else (match.second, match.first)
    )
    text = words(
        N_("{loser} did not come to their table: {winner} win by forfeit."),
        loser=state.team(loser).name,
        winner=state.team(winner).name,
    )
    done = _result(state, match, MatchResult.forfeited(winner, loser))
    return Outcome(
        done.state, (*effects, CloseTable(match.round, match.board), Announce(text), *done.effects)
    )


def _result(
    state: Tournament, match: Match, result: MatchResult, deals: tuple[tuple[int, int], ...] = ()
) -> Outcome:
    """Store a match's result; pair on (or finish) when it completes the round."""
    state = _with_match(state, replace(match, result=result, deals=deals))
    effects: list[Effect] = [PostStandings()]
    current = state.current
    if current is not None and current.number == match.round and current.done and not state.paused:
        effects.append(PairNext())
    return Outcome(state, tuple(effects))


def game_over(
    state: Tournament,
    table_id: int,
    scores: Sequence[int],
    winner: int | None,
    deals: Sequence[Sequence[int]] = (),
) -> Outcome:
    """A match's game ended: ``scores`` and ``winner`` by the engine's side, ``deals``
    each hand's points by side (for duplicate)."""
    match = state.match_of_table(table_id)
    if match is None:
        raise TournamentError(_("That game is not a match of this tournament."))
    match = _live(state, match)
    assert match.second is not None
    side = state.first_side(match)
    first, second = scores[side], scores[1 - side]
    won = None if winner is None else (match.first if winner == side else match.second)
    if won is None and state.settings.format is Format.ELIMINATION:
        text = words(
            N_("Round {number}, table {board} ended level: the organiser settles it."),
            number=match.round,
            board=match.board,
        )
        return Outcome(state, (Announce(text, (state.settings.organiser_id,)),))
    result = MatchResult.played(match.first, match.second, first, second, won)
    per_deal = tuple((d[side], d[1 - side]) for d in deals)
    return _result(state, match, result, per_deal)


# -- the organiser ----------------------------------------------------------------------------


def _organiser(state: Tournament, user_id: int, moderator: bool) -> None:
    if user_id != state.settings.organiser_id and not moderator:
        raise TournamentError(_("Only the organiser or a moderator can do that."))


def pause(state: Tournament, user_id: int, *, moderator: bool = False) -> Outcome:
    """No new round is paired and no match starts or is forfeited until ``resume``; games
    already dealt play on."""
    _organiser(state, user_id, moderator)
    if state.phase is not Phase.RUNNING:
        raise TournamentError(_("This tournament is not running."))
    if state.paused:
        raise TournamentError(_("The tournament is paused already."))
    effects = [DropTimer(t) for t in state.timers if t.kind is TimerKind.NO_SHOW]
    timers = tuple(t for t in state.timers if t.kind is not TimerKind.NO_SHOW)
    state = replace(state, paused=True, timers=timers)
    return Outcome(
        state, (*effects, Announce(words(N_("The tournament is paused."))), PostStandings())
    )


def resume(state: Tournament, user_id: int, now: float, *, moderator: bool = False) -> Outcome:
    """Go on: waiting matches get their full time to start again, and a finished round is
    followed by the next."""
    _organiser(state, user_id, moderator)
    if not state.paused or state.phase is not Phase.RUNNING:
        raise TournamentError(_("The tournament is not paused."))
    state = replace(state, paused=False)
    effects: list[Effect] = [Announce(words(N_("The tournament goes on."))), PostStandings()]
    current = state.current
    timers = list(state.timers)
    if current is not None:
        for match in current.matches:
            if match.done or match.started:
                continue
            seats = state.seats(match)
            if set(match.arrived) == set(seats):
                started = _start_match(state, match)
                state, timers = started.state, list(started.state.timers)
                effects += started.effects
                continue
            timer = Timer(
                TimerKind.NO_SHOW,
                now + state.settings.forfeit_minutes * MINUTE,
                match.round,
                match.board,
            )
            timers.append(timer)
            effects.append(ArmTimer(timer))
        if current.done:
            effects.append(PairNext())
    return Outcome(replace(state, timers=tuple(timers)), tuple(effects))


def remove(state: Tournament, user_id: int, entrant: str, *, moderator: bool = False) -> Outcome:
    """Take an entrant out: before the start simply gone; during play withdrawn, their match
    in play forfeited to the opponent."""
    _organiser(state, user_id, moderator)
    team = state.team(entrant)
    if state.phase is Phase.SIGNUP:
        state = replace(state, teams=tuple(t for t in state.teams if t is not team))
        return Outcome(
            state, (Announce(words(N_("{name} was removed."), name=team.name)), PostStandings())
        )
    return _withdraw(state, team)


def drop(state: Tournament, user_id: int) -> Outcome:
    """A member drops out: before the start, as ``leave``; during play, their pair is
    withdrawn and their match in play is forfeited."""
    team = state.team_of(user_id)
    if team is None:
        raise TournamentError(_("You are not signed up for this tournament."))
    if state.phase is Phase.SIGNUP:
        return leave(state, user_id)
    return _withdraw(state, team)


def _withdraw(state: Tournament, team: Team) -> Outcome:
    if state.phase is not Phase.RUNNING:
        raise TournamentError(_("This tournament is over."))
    if team.withdrawn:
        raise TournamentError(_("{name} has already left the tournament.").format(name=team.name))
    state = _with_team(state, team, replace(team, withdrawn=True))
    effects: list[Effect] = [Announce(words(N_("{name} left the tournament."), name=team.name))]
    current = state.current
    live = (
        None
        if current is None
        else next(
            (m for m in current.matches if not m.done and team.id in (m.first, m.second)), None
        )
    )
    if live is None:
        return Outcome(state, (*effects, PostStandings()))
    state, dropped = _drop_timer(state, live)
    done = _result(state, live, _forfeit_against(live, {team.id}))
    return Outcome(
        done.state, (*effects, *dropped, CloseTable(live.round, live.board), *done.effects)
    )


def settle(
    state: Tournament,
    user_id: int,
    round_number: int,
    board: int,
    winner: str | None,
    first_points: int = 0,
    second_points: int = 0,
    *,
    moderator: bool = False,
) -> Outcome:
    """The organiser decides a match of the round in play (disputed, or ended level in an
    elimination): its result replaces any recorded one."""
    _organiser(state, user_id, moderator)
    if state.phase is not Phase.RUNNING:
        raise TournamentError(_("This tournament is not running."))
    if state.current is None or round_number != state.current.number:
        raise TournamentError(_("Only a match of the round in play can be settled."))
    match = state.match(round_number, board)
    if match.second is None:
        raise TournamentError(_("A bye has nothing to settle."))
    if winner is not None and winner not in (match.first, match.second):
        raise TournamentError(_("The winner must be one of the two pairs of that match."))
    if winner is None and state.settings.format is Format.ELIMINATION:
        raise TournamentError(_("A knockout match needs a winner."))
    result = MatchResult.played(match.first, match.second, first_points, second_points, winner)
    state, effects = _drop_timer(state, match)
    if not match.done:
        effects.append(CloseTable(match.round, match.board))
    text = words(
        N_("Round {number}, table {board} was settled by the organiser."),
        number=round_number,
        board=board,
    )
    done = _result(state, replace(match, started=True, result=None), result, match.deals)
    return Outcome(done.state, (*effects, Announce(text), *done.effects))


def cancel(state: Tournament, user_id: int, *, moderator: bool = False) -> Outcome:
    _organiser(state, user_id, moderator)
    if state.phase in (Phase.FINISHED, Phase.CANCELLED):
        raise TournamentError(_("This tournament is over."))
    effects: list[Effect] = [DropTimer(t) for t in state.timers]
    if state.current is not None:
        effects += [
            CloseTable(m.round, m.board)
            for m in state.current.matches
            if not m.done and m.second is not None
        ]
    state = replace(state, phase=Phase.CANCELLED, timers=())
    return Outcome(
        state, (*effects, Announce(words(N_("The tournament is cancelled."))), PostStandings())
    )


def finish(state: Tournament) -> Outcome:
    """After the last round: the champions are named."""
    state = replace(state, phase=Phase.FINISHED, timers=())
    top = standings(state)
    champions = state.team(top[0].entrant) if top else None
    text = (
        words(N_("The tournament is over. Champions: {name}!"), name=champions.name)
        if champions is not None
        else words(N_("The tournament is over."))
    )
    mention = champions.user_ids if champions is not None else ()
    return Outcome(state, (Announce(text, mention), PostStandings()))


def fire(state: Tournament, timer: Timer, now: float, seed: int) -> Outcome:
    """A timer ran out (or was found overdue after a restart): do what it was for."""
    if timer not in state.timers:
        return Outcome(state)
    if timer.kind is TimerKind.START:
        return start(state, now, seed)
    return no_show(state, timer.round, timer.board, now)


# -- standings ---------------------------------------------------------------------------------


def standings(state: Tournament) -> tuple[Standing, ...]:
    """Places: by the format's own order (``swiss``, ``round_robin``, ``elimination``); in a
    duplicate tournament, by matchpoint percentage first."""
    teams = {t.id: t for t in state.teams}
    entrants = [Entrant(t.id, t.rating) for t in state.teams]
    fmt = state.settings.format
    lines: list[Standing] = []

    def standing(
        place: int, entrant: str, points: int, detail: str, tie_breaks: tuple[int, ...] = ()
    ) -> Standing:
        team = teams[entrant]
        return Standing(place, entrant, team.name, points, detail, team.withdrawn, tie_breaks)

    if fmt is Format.ELIMINATION:
        rounds = [tuple(m.result for m in r.matches if m.result is not None) for r in state.rounds]
        for line in elimination_standings(entrants, rounds):
            detail = (
                _("still in")
                if line.lost_in is None
                else _("out in round {number}").format(number=line.lost_in)
            )
            lines.append(standing(line.place, line.entrant, 0, detail))
        return tuple(lines)
    if fmt is Format.SWISS:
        for s in swiss_standings(entrants, state.results):
            detail = _("Buchholz {buchholz}, points difference {difference}").format(
                buchholz=s.buchholz, difference=s.points_difference
            )
            figures = (s.buchholz, s.points_difference)
            lines.append(standing(s.place, s.entrant, s.match_points, detail, figures))
    else:
        for r in round_robin_standings(entrants, state.results):
            detail = _("head to head {points}, points difference {difference}").format(
                points=r.head_to_head, difference=r.points_difference
            )
            figures = (r.head_to_head, r.points_difference)
            lines.append(standing(r.place, r.entrant, r.match_points, detail, figures))
    if not state.settings.duplicate:
        return tuple(lines)
    return _by_matchpoints(state, lines)


def _by_matchpoints(state: Tournament, lines: Sequence[Standing]) -> tuple[Standing, ...]:
    """Duplicate standings: by matchpoint percentage over every round, then as ``lines``."""
    earned = dict.fromkeys((line.entrant for line in lines), 0)
    tops = dict(earned)
    for number in range(1, len(state.rounds) + 1):
        scored = state.duplicate_round(number)
        for total in scored.totals if scored is not None else ():
            earned[total.entrant] += total.matchpoints
            tops[total.entrant] += total.top
    order = {line.entrant: i for i, line in enumerate(lines)}

    def share(entrant: str) -> float:
        return earned[entrant] / tops[entrant] if tops[entrant] else 0.5

    ranked = sorted(lines, key=lambda line: (-share(line.entrant), order[line.entrant]))
    return tuple(
        replace(
            line,
            place=place,
            share=share(line.entrant),
            detail=_("{percent} of matchpoints; {detail}").format(
                percent=format_percent(share(line.entrant), decimals=1), detail=line.detail
            ),
        )
        for place, line in enumerate(ranked, start=1)
    )
