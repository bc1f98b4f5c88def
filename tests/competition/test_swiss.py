"""Swiss pairing against a brute force over every pairing of small fields, worked examples,
and Swiss standings with their tie-breaks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.competition.results import BYE, DRAW, WIN, Entrant, MatchResult, Pairing
from bot.competition.swiss import pair_swiss, records, rematches, swiss_standings

Pair = tuple[str, str | None]


def all_pairings(ids: Sequence[str]) -> Iterator[list[Pair]]:
    """Every way to pair ``ids``; with an odd count, one of them has the bye (None)."""
    if not ids:
        yield []
        return
    if len(ids) % 2:
        for i, bye in enumerate(ids):
            for rest in all_pairings([*ids[:i], *ids[i + 1 :]]):
                yield [*rest, (bye, None)]
        return
    first, others = ids[0], ids[1:]
    for i, other in enumerate(others):
        for rest in all_pairings([*others[:i], *others[i + 1 :]]):
            yield [(first, other), *rest]


@st.composite
def fields(draw: st.DrawFn, most: int = 9) -> tuple[list[Entrant], list[MatchResult]]:
    """A field of up to ``most`` entrants and an arbitrary history: any set of earlier
    meetings (with any winners and draws), some byes, and results of dropped entrants."""
    n = draw(st.integers(1, most))
    entrants = [Entrant(f"p{i}", draw(st.integers(1000, 1010))) for i in range(n)]
    ids = [e.id for e in entrants] + ["gone"]
    results = []
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if draw(st.integers(0, 2)) == 0:
                winner = draw(st.sampled_from([a, b, None]))
                results.append(MatchResult.played(a, b, 10, 20, winner))
    for entrant in ids[:-1]:
        results += [MatchResult.bye(entrant)] * draw(st.integers(0, 1))
    return entrants, results


def rank(entrants: Sequence[Entrant], results: Sequence[MatchResult]) -> list[str]:
    found = records([e.id for e in entrants], results)
    return [
        e.id for e in sorted(entrants, key=lambda e: (-found[e.id].match_points, -e.rating, e.id))
    ]


def met(results: Sequence[MatchResult]) -> set[frozenset[str]]:
    return {frozenset((r.first, r.second)) for r in results if r.second is not None}


def as_pairings(pairs: Sequence[Pair]) -> list[Pairing]:
    return [Pairing(a, b) for a, b in pairs]


@settings(max_examples=300, deadline=None)
@given(fields())
def test_swiss_pairing_matches_the_brute_force(
    field: tuple[list[Entrant], list[MatchResult]],
) -> None:
    entrants, results = field
    ids = [e.id for e in entrants]
    found = records(ids, results)
    points = {e: found[e].match_points for e in ids}
    ranked = rank(entrants, results)
    fewest = min(found[e].byes for e in ids)
    pairings = pair_swiss(entrants, results)

    # Everyone plays exactly once; one bye, with an odd field only, and last.
    assert sorted(e for p in pairings for e in (p.first, p.second) if e) == sorted(ids)
    byes = [p.first for p in pairings if p.is_bye]
    assert len(byes) == len(ids) % 2
    assert all(not p.is_bye for p in pairings[: len(ids) // 2])

    valid = [
        pairs
        for pairs in all_pairings(ids)
        if all(found[a].byes == fewest for a, b in pairs if b is None)
    ]
    least = min(rematches(as_pairings(pairs), results) for pairs in valid)
    # No rematch while one can be avoided.
    assert rematches(pairings, results) == least
    best = [pairs for pairs in valid if rematches(as_pairings(pairs), results) == least]

    # The bye: fewest byes so far, and the lowest-ranked for whom the rest still pair with
    # the fewest rematches.
    if byes:
        assert found[byes[0]].byes == fewest
        possible = {a for pairs in best for a, b in pairs if b is None}
        assert byes[0] == max(possible, key=ranked.index)
        best = [pairs for pairs in best if (byes[0], None) in pairs]

    # From the top board down: the highest-ranked entrant left, and an opponent as close in
    # match points as any best pairing of the rest allows.
    fixed: set[frozenset[str | None]] = set()
    for board in pairings:
        if board.second is None:
            break
        left = [e for e in ranked if not any(e in pair for pair in fixed) and e not in byes]
        assert board.first == left[0]
        gaps = [
            abs(points[board.first] - points[other])
            for pairs in best
            for a, b in pairs
            if b is not None
            for other in ([b] if a == board.first else [a] if b == board.first else [])
        ]
        assert abs(points[board.first] - points[board.second]) == min(gaps)
        fixed.add(frozenset((board.first, board.second)))
        best = [
            pairs
            for pairs in best
            if (board.first, board.second) in pairs or (board.second, board.first) in pairs
        ]
        assert best


def play_round(pairings: Sequence[Pairing], rng: random.Random) -> list[MatchResult]:
    out = []
    for p in pairings:
        if p.second is None:
            out.append(MatchResult.bye(p.first))
        else:
            winner = rng.choice([p.first, p.second, p.first, p.second, None])
            out.append(MatchResult.played(p.first, p.second, 300, 250, winner))
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 13), st.integers(0, 2**32), st.integers(1, 16))
def test_byes_spread_and_avoidable_rematches_never_happen_over_a_tournament(
    n: int, seed: int, rounds: int
) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(f"p{i}", rng.randint(0, 50)) for i in range(n)]
    results: list[MatchResult] = []
    for _ in range(rounds):
        pairings = pair_swiss(entrants, results)
        results += play_round(pairings, rng)
        byes = Counter(r.first for r in results if r.is_bye)
        counts = [byes[e.id] for e in entrants]
        # Nobody has a second bye while someone has none.
        assert max(counts) - min(counts) <= 1
        earlier = results[: -len(pairings)]
        if n <= 8 and rematches(pairings, earlier):
            # A rematch only when every pairing of the round (with the bye to someone with
            # the fewest byes) has one.
            before = Counter(r.first for r in earlier if r.is_bye)
            fewest = min(before[e.id] for e in entrants)
            assert all(
                rematches(as_pairings(pairs), earlier) > 0
                for pairs in all_pairings([e.id for e in entrants])
                if all(before[a] == fewest for a, b in pairs if b is None)
            )


def test_the_first_round_pairs_the_top_half_against_the_bottom_half() -> None:
    entrants = [Entrant(f"s{i}", 100 - i) for i in range(1, 9)]
    assert pair_swiss(entrants, []) == (
        Pairing("s1", "s5"),
        Pairing("s2", "s6"),
        Pairing("s3", "s7"),
        Pairing("s4", "s8"),
    )


def test_the_top_entrant_gives_way_when_its_first_choice_would_force_a_rematch() -> None:
    # A, B, C and D all have 2 points: A and C beat W and X, who have dropped out; B and D
    # met twice (a disputed match replayed) and won one each. A's first choice is C (two
    # places down, the Dutch fold), but then B and D would have to meet again: a greedy
    # pairing makes that rematch; the search gives A the next choice, D, and B meets C.
    ratings = zip("ABCD", (40, 30, 20, 10), strict=True)
    entrants = [Entrant(name, rating) for name, rating in ratings]
    results = [
        MatchResult.played("A", "W", 300, 200, "A"),
        MatchResult.played("C", "X", 300, 200, "C"),
        MatchResult.played("B", "D", 300, 200, "B"),
        MatchResult.played("D", "B", 300, 200, "D"),
    ]
    pairings = pair_swiss(entrants, results)
    assert pairings == (Pairing("A", "D"), Pairing("B", "C"))
    assert rematches(pairings, results) == 0
    # Without the old meeting, A gets its first choice.
    assert pair_swiss(entrants, results[:2])[0] == Pairing("A", "C")


def test_an_odd_entrant_floats_down_and_the_lowest_without_a_bye_gets_it() -> None:
    entrants = [Entrant(name, 10) for name in "ABCDE"]
    results = [
        MatchResult.played("A", "D", 300, 100, "A"),
        MatchResult.played("B", "E", 300, 100, "B"),
        MatchResult.bye("C"),
    ]
    # A, B and C have 2 points, D and E none; equal ratings, so ids order them. C has had
    # the bye, so E, the lowest, takes it. A meets B (in a group of three the one m // 2 =
    # 1 place down), and C, the odd one out, floats down to D.
    assert pair_swiss(entrants, results) == (
        Pairing("A", "B"),
        Pairing("C", "D"),
        Pairing("E", None),
    )


def test_rematches_happen_only_when_none_can_be_avoided() -> None:
    # Three entrants who have all met, and one bye each: the next round must repeat.
    entrants = [Entrant(name, 0) for name in "ABC"]
    results = [
        MatchResult.played("A", "B", 1, 0, "A"),
        MatchResult.played("B", "C", 1, 0, "B"),
        MatchResult.played("A", "C", 1, 0, "C"),
    ] + [MatchResult.bye(name) for name in "ABC"]
    pairings = pair_swiss(entrants, results)
    assert rematches(pairings, results) == 1
    assert len(pairings) == 2 and pairings[1].is_bye


def test_swiss_standings_break_ties_by_buchholz_then_points_difference() -> None:
    entrants = [Entrant(name, 0) for name in "ABCDEF"]
    results = [
        # Round 1.
        MatchResult.played("A", "D", 300, 100, "A"),
        MatchResult.played("B", "E", 300, 280, "B"),
        MatchResult.played("C", "F", 300, 250, "C"),
        # Round 2.
        MatchResult.played("A", "B", 300, 200, "A"),
        MatchResult.played("C", "D", 200, 300, "D"),
        MatchResult.played("E", "F", 300, 290, None),
    ]
    table = swiss_standings(entrants, results)
    # Match points: A 4; B, C, D 2; E, F 1.
    # Buchholz: A = B 2 + D 2 = 4; B = E 1 + A 4 = 5; C = F 1 + D 2 = 3; D = A 4 + C 2 = 6;
    # E = B 2 + F 1 = 3; F = C 2 + E 1 = 3.
    # Points difference: E = -20 + 10 = -10, F = -50 - 10 = -60.
    assert [(s.entrant, s.match_points, s.buchholz) for s in table] == [
        ("A", 2 * WIN, 4),
        ("D", WIN, 6),
        ("B", WIN, 5),
        ("C", WIN, 3),
        ("E", DRAW, 3),
        ("F", DRAW, 3),
    ]
    assert [s.points_difference for s in table][-2:] == [-10, -60]
    assert [s.place for s in table] == [1, 2, 3, 4, 5, 6]


def test_a_bye_counts_as_a_win_and_its_own_score_in_buchholz() -> None:
    entrants = [Entrant(name, rating) for name, rating in (("A", 5), ("B", 9), ("C", 1))]
    results = [MatchResult.played("A", "B", 300, 100, "A"), MatchResult.bye("C")]
    table = swiss_standings(entrants, results)
    # A and C both have a win; A's Buchholz is B's 0, C's is its own 2 for the bye.
    assert [(s.entrant, s.match_points, s.buchholz) for s in table] == [
        ("C", BYE, BYE),
        ("A", WIN, 0),
        ("B", 0, WIN),
    ]


def test_points_difference_and_then_the_seed_settle_what_buchholz_leaves_tied() -> None:
    entrants = [Entrant("A", 1), Entrant("B", 2), Entrant("C", 3), Entrant("D", 3)]
    results = [
        MatchResult.played("A", "B", 300, 290, "A"),
        MatchResult.played("C", "D", 300, 240, "C"),
    ]
    table = [s.entrant for s in swiss_standings(entrants, results)]
    assert table == ["C", "A", "B", "D"]
    draws = [MatchResult.played("A", "B", 0, 0, None), MatchResult.played("C", "D", 0, 0, None)]
    # All tied on everything: the higher seed rating, then the id.
    assert [s.entrant for s in swiss_standings(entrants, draws)] == ["C", "D", "B", "A"]


def test_a_forfeit_is_a_win_with_no_points_difference() -> None:
    result = MatchResult.forfeited("A", "B")
    assert (result.match_points("A"), result.match_points("B")) == (WIN, 0)
    assert result.points_difference("A") == result.points_difference("B") == 0


@given(fields())
def test_records_add_up_what_each_result_is_worth(
    field: tuple[list[Entrant], list[MatchResult]],
) -> None:
    entrants, results = field
    results = [*results, MatchResult.forfeited("p0", "gone")]
    found = records([e.id for e in entrants], results)
    for entrant, record in found.items():
        own = [r for r in results if entrant in r.entrants()]
        assert record.match_points == sum(r.match_points(entrant) for r in own)
        assert record.points_difference == sum(r.points_difference(entrant) for r in own)
        assert record.byes == sum(r.is_bye for r in own)
        assert record.played == record.wins + record.draws + record.losses == len(own) - record.byes
        assert sorted(record.opponents) == sorted(
            o for r in own if (o := r.opponent(entrant)) is not None
        )


@settings(max_examples=50, deadline=None)
@given(fields(most=12), st.randoms(use_true_random=False))
def test_pairing_does_not_depend_on_the_order_entrants_are_given_in(
    field: tuple[list[Entrant], list[MatchResult]], rng: random.Random
) -> None:
    entrants, results = field
    shuffled_entrants, shuffled_results = entrants[:], results[:]
    rng.shuffle(shuffled_entrants)
    rng.shuffle(shuffled_results)
    assert pair_swiss(shuffled_entrants, shuffled_results) == pair_swiss(entrants, results)


def test_sixteen_pairs_four_rounds_where_the_higher_seed_always_wins() -> None:
    entrants = [Entrant(f"pair{i:02}", 100 - i) for i in range(1, 17)]
    rating = {e.id: e.rating for e in entrants}
    results: list[MatchResult] = []
    for _ in range(4):
        pairings = pair_swiss(entrants, results)
        assert rematches(pairings, results) == 0
        for p in pairings:
            assert p.second is not None
            winner = max(p.first, p.second, key=rating.__getitem__)
            results.append(MatchResult.played(p.first, p.second, 300, 200, winner))
    table = swiss_standings(entrants, results)
    # With no rematch and every group even, each round splits each score group in two, so
    # four rounds leave 1, 4, 6, 4 and 1 pairs on 4, 3, 2, 1 and 0 wins (4 choose k); seed 1
    # wins every game, seed 16 none.
    wins = Counter(s.match_points // WIN for s in table)
    assert wins == {4: 1, 3: 4, 2: 6, 1: 4, 0: 1}
    assert table[0].entrant == "pair01"
    assert table[-1].entrant == "pair16"
    assert [s.match_points for s in table] == sorted((s.match_points for s in table), reverse=True)
