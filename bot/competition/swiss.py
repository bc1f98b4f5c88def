"""Swiss pairing and Swiss standings.

**Pairing a round** (``pair_swiss``). Entrants are ranked by match points, then seed
rating, then id. With an odd field one entrant gets the bye: among those with the fewest
byes so far (so nobody has a second bye while another has none), the lowest-ranked one
whose bye still lets everyone else be paired with the fewest rematches possible. Then,
from the top, each unpaired entrant is given an opponent in this order of preference:

1. the smallest difference in match points (its own score group first, then the next
   group down: an odd entrant out *floats down*);
2. someone it has not met before a rematch;
3. within the score group, the Dutch order: with ``m`` entrants left in the group, the one
   ``m // 2`` places below it first (the top half meets the bottom half), then further
   down, then back up; in a lower group, its highest-ranked first.

An opponent is taken only if the rest of the field can still be paired with no more
rematches than the fewest this round needs (counted before pairing by a maximum matching:
``matching.Witness``). So no rematch happens while one can be avoided, and no entrant's
choice paints a later one into a corner: each entrant, from the top, gets the closest
opponent in score that any such pairing of the rest allows. Nothing here guesses and
backtracks: each check is one augmenting-path search, usually none at all.

**Standings** (``swiss_standings``), in this order:

1. match points (``results.WIN`` 2, ``DRAW`` 1, ``LOSS`` 0; a bye counts ``BYE`` 2);
2. Buchholz: the sum of the final match points of every opponent met (forfeits count the
   opponent like a played game). A round with a bye adds the entrant's own match points,
   a stand-in opponent as strong as the entrant itself, so a bye neither helps nor harms;
3. points difference: game points scored less conceded, over played games (0 for a bye
   or a forfeit);
4. the last resort: the higher seed rating, then the id, so places never tie.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, groupby

from bot.competition.matching import WILDCARD, Witness
from bot.competition.results import BYE, DRAW, LOSS, WIN, Entrant, MatchResult, Pairing


@dataclass(frozen=True, slots=True)
class Record:
    """What an entrant's results add up to, before any tie-break against others."""

    match_points: int
    points_difference: int
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    opponents: tuple[str, ...]


def records(entrant_ids: Sequence[str], results: Sequence[MatchResult]) -> dict[str, Record]:
    """Each entrant's record over ``results``, for every id in ``entrant_ids`` and every id
    that appears in a result."""
    # Per entrant: match points, points difference, wins, draws, losses, byes; and the
    # opponents met. Written out (not through MatchResult's methods): a 256-entrant event
    # ten rounds deep has over a thousand results to add up before each pairing.
    tally: dict[str, list[int]] = {entrant: [0] * 6 for entrant in entrant_ids}
    met: dict[str, list[str]] = {entrant: [] for entrant in entrant_ids}
    for result in results:
        first, second = result.first, result.second
        if first not in tally:
            tally[first], met[first] = [0] * 6, []
        if second is None:
            counts = tally[first]
            counts[0] += BYE
            counts[5] += 1
            continue
        if second not in tally:
            tally[second], met[second] = [0] * 6, []
        one, other = tally[first], tally[second]
        if result.winner is None:
            one[0] += DRAW
            other[0] += DRAW
            one[3] += 1
            other[3] += 1
        else:
            winner, loser = (one, other) if result.winner == first else (other, one)
            winner[0] += WIN
            loser[0] += LOSS
            winner[2] += 1
            loser[4] += 1
        if not result.forfeit:
            difference = result.first_points - result.second_points
            one[1] += difference
            other[1] -= difference
        met[first].append(second)
        met[second].append(first)
    return {
        entrant: Record(
            match_points=points,
            points_difference=difference,
            played=wins + draws + losses,
            wins=wins,
            draws=draws,
            losses=losses,
            byes=byes,
            opponents=tuple(met[entrant]),
        )
        for entrant, (points, difference, wins, draws, losses, byes) in tally.items()
    }


def pair_swiss(entrants: Sequence[Entrant], results: Sequence[MatchResult]) -> tuple[Pairing, ...]:
    """The next round's pairings for ``entrants`` (those still in) after ``results`` (every
    earlier round's, dropped entrants' included): the top board first, the bye (if any)
    last. See the module's docstring for the rules."""
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("entrants must have different ids")
    scores = records([e.id for e in entrants], results)
    ranked = sorted(entrants, key=lambda e: (-scores[e.id].match_points, -e.rating, e.id))
    index = {e.id: i for i, e in enumerate(ranked)}
    met: list[set[int]] = [set() for _ in ranked]
    for result in results:
        if result.second is not None and result.first in index and result.second in index:
            a, b = index[result.first], index[result.second]
            met[a].add(b)
            met[b].add(a)
    points = [scores[e.id].match_points for e in ranked]
    byes = [scores[e.id].byes for e in ranked]
    fewest = min(byes, default=0)
    pairs = _pair(
        points, [frozenset(m) for m in met], [b == fewest for b in byes], len(ranked) % 2 == 1
    )
    return tuple(Pairing(ranked[a].id, None if b is None else ranked[b].id) for a, b in pairs)


def _pair(
    points: Sequence[int],
    met: Sequence[frozenset[int]],
    may_bye: Sequence[bool],
    has_bye: bool,
) -> list[tuple[int, int | None]]:
    """Pair players ``0 .. n-1`` (ranked, best first): the pairs in board order, then the bye
    as ``(player, None)``."""
    witness = Witness(met, may_bye, has_bye)
    budget = witness.rematches
    left = list(range(len(points)))
    bye: list[tuple[int, int | None]] = []
    if has_bye:
        for player in reversed(left):
            if may_bye[player] and _try(witness, witness.bye, player, rematch=False):
                bye.append((player, None))
                left.remove(player)
                break
        else:
            raise AssertionError("some player can always take the bye")
    pairs: list[tuple[int, int | None]] = []
    while left:
        top = left[0]
        for opponent, rematch in _preferences(top, left, points, met, budget > 0):
            if _try(witness, top, opponent, rematch):
                pairs.append((top, opponent))
                left.remove(top)
                left.remove(opponent)
                budget -= rematch
                break
        else:
            raise AssertionError("the witness always leaves the top player an opponent")
    return pairs + bye


def _preferences(
    top: int,
    left: Sequence[int],
    points: Sequence[int],
    met: Sequence[frozenset[int]],
    rematches: bool,
) -> Iterator[tuple[int, bool]]:
    """``top``'s possible opponents among ``left`` (ranked, so by score; ``top`` first), best
    first, each with whether it would be a rematch. Lazy: the search usually takes the
    first."""
    end = 1
    while end < len(left) and points[left[end]] == points[top]:
        end += 1
    group = list(left[1:end])
    # The group as it stands with ``top`` at its head: the ideal opponent is m // 2 places
    # down, then further down, then back up.
    ideal = (len(group) + 1) // 2 - 1
    levels: Iterable[list[int]] = chain(
        [group[ideal:] + group[:ideal][::-1]] if group else [],
        (list(level) for _, level in groupby(left[end:], key=points.__getitem__)),
    )
    played = met[top]
    for order in levels:
        yield from ((p, False) for p in order if p not in played)
        if rematches:
            yield from ((p, True) for p in order if p in played)


def _try(witness: Witness, a: int, b: int, rematch: bool) -> bool:
    """Fix the pair ``a``-``b`` if the rest can still be paired; leaves the witness as it was
    when it cannot."""
    if not rematch:
        # Most often the witness already pairs a and b, or their partners may meet.
        x, y = witness.match[a], witness.match[b]
        if x == b or witness.joined(x, y):
            witness.remove([a, b])
            if x != b:
                witness.match[x], witness.match[y] = y, x
            return True
    saved = witness.snapshot()
    gone = [a, b]
    if rematch:
        gone += [v for v in witness.alive if witness.kind[v] == WILDCARD][:2]
    if witness.repair(witness.remove(gone)):
        return True
    witness.restore(saved)
    return False


@dataclass(frozen=True, slots=True)
class SwissStanding:
    """One line of Swiss standings: ``place`` counts from 1 and never ties."""

    place: int
    entrant: str
    match_points: int
    buchholz: int
    points_difference: int
    record: Record


def swiss_standings(
    entrants: Sequence[Entrant], results: Sequence[MatchResult]
) -> tuple[SwissStanding, ...]:
    """Standings of ``entrants`` after ``results``, ordered by the tie-breaks in the
    module's docstring."""
    ratings = {e.id: e.rating for e in entrants}
    found = records(list(ratings), results)
    buchholz = {entrant: _buchholz(entrant, found) for entrant in ratings}
    order = sorted(
        ratings,
        key=lambda e: (
            -found[e].match_points,
            -buchholz[e],
            -found[e].points_difference,
            -ratings[e],
            e,
        ),
    )
    return tuple(
        SwissStanding(
            place,
            entrant,
            found[entrant].match_points,
            buchholz[entrant],
            found[entrant].points_difference,
            found[entrant],
        )
        for place, entrant in enumerate(order, start=1)
    )


def _buchholz(entrant: str, found: Mapping[str, Record]) -> int:
    own = found[entrant]
    return sum(found[o].match_points for o in own.opponents) + own.byes * own.match_points


def rematches(pairings: Sequence[Pairing], results: Sequence[MatchResult]) -> int:
    """How many of ``pairings`` pair entrants who have met in ``results``."""
    met = Counter(frozenset((r.first, r.second)) for r in results if r.second is not None)
    return sum(1 for p in pairings if p.second is not None and met[frozenset((p.first, p.second))])
