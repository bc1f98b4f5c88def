"""Duplicate Spades: seats turned so every pair's cards are held at every other table, the
same cards from the same seed, and matchpoints as a bridge club scores them by hand."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.competition.duplicate import (
    DealScore,
    duplicate_seatings,
    matchpoints,
    score_duplicate,
)
from bot.competition.results import Pairing
from bot.engine import Game, Rules

THREE_TABLES = (Pairing("A", "B"), Pairing("C", "D"), Pairing("E", "F"))


def test_seats_turn_by_table_and_by_deal() -> None:
    seatings = duplicate_seatings(THREE_TABLES, 2)
    assert [(s.table, s.deal, s.north_south, s.east_west) for s in seatings] == [
        (0, 0, "A", "B"),
        (1, 0, "D", "C"),
        (2, 0, "E", "F"),
        (0, 1, "B", "A"),
        (1, 1, "C", "D"),
        (2, 1, "F", "E"),
    ]
    fixed = duplicate_seatings(THREE_TABLES, 2, turn_every_deal=False)
    assert [s.north_south for s in fixed] == ["A", "D", "E", "A", "D", "E"]


@given(st.integers(2, 12), st.integers(1, 14), st.booleans())
def test_every_pairs_cards_are_held_at_every_other_table(
    tables: int, deals: int, turn: bool
) -> None:
    pairings = [Pairing(f"a{t}", f"b{t}") for t in range(tables)]
    seatings = duplicate_seatings(pairings, deals, turn_every_deal=turn)
    assert len(seatings) == tables * deals
    for deal in range(deals):
        on_deal = [s for s in seatings if s.deal == deal]
        # One line per table; each direction held once at every table, by its own pairs.
        assert sorted(s.table for s in on_deal) == list(range(tables))
        for s in on_deal:
            assert {s.north_south, s.east_west} == {f"a{s.table}", f"b{s.table}"}
    if turn:
        north_south = Counter(s.north_south for s in seatings)
        assert all(abs(2 * north_south[p] - deals) <= 1 for p in [f"a{t}" for t in range(tables)])


def test_every_table_gets_the_same_cards_from_the_same_seed() -> None:
    rules = Rules()
    seatings = duplicate_seatings(THREE_TABLES, 1)
    games = [Game.new(rules, seed=2026) for _ in seatings]
    hands = [game.hands for game in games]
    assert hands[0] == hands[1] == hands[2]
    # North/South's cards (seats 0 and 2) are A's at table 0, D's at table 1, E's at 2.
    assert [s.seats(rules) for s in seatings] == [
        {0: "A", 2: "A", 1: "B", 3: "B"},
        {0: "D", 2: "D", 1: "C", 3: "C"},
        {0: "E", 2: "E", 1: "F", 3: "F"},
    ]


def test_a_worked_round_matchpointed_by_hand() -> None:
    seatings = duplicate_seatings(THREE_TABLES, 2)
    scores = [
        # Deal 0. N/S: A at table 0, D at 1, E at 2; E/W: B, C, F.
        DealScore(0, 0, 120, 40),  # A +80, B -80
        DealScore(1, 0, 60, 70),  # D -10, C +10
        DealScore(2, 0, 120, 40),  # E +80, F -80
        # Deal 1. N/S: B, C, F; E/W: A, D, E.
        DealScore(0, 1, 50, 110),  # B -60, A +60
        DealScore(1, 1, 60, -100),  # C +160, D -160 (D were set)
        DealScore(2, 1, 80, 51),  # F +29, E -29
    ]
    # Deal 0, three tables, top 2 * (3 - 1) = 4.
    #   N/S cards: A +80, D -10, E +80. A beats D (2), ties E (1): 3. E the same: 3. D: 0.
    #   E/W cards: B -80, C +10, F -80. C beats both: 4. B ties F: 1. F: 1.
    # Deal 1, top 4.
    #   N/S cards: B -60, C +160, F +29. C 4, F 2, B 0 (C's 60 points are fewer than F's
    #   80, but C set D: the pair's result is its points less its opponents').
    #   E/W cards: A +60, D -160, E -29. A 4, E 2, D 0.
    # Totals out of 8: A 3 + 4 = 7 (87.5%), B 1 + 0 = 1 (12.5%), C 4 + 4 = 8 (100%),
    #   D 0 + 0 = 0 (0%), E 3 + 2 = 5 (62.5%), F 1 + 2 = 3 (37.5%).
    #   All matchpoints: 24 = 2 deals x 2 directions x 3 x 2 (each of 3 comparisons gives 2).
    result = score_duplicate(seatings, scores)
    assert [(t.place, t.entrant, t.matchpoints, t.top, t.percentage) for t in result.totals] == [
        (1, "C", 8, 8, 100.0),
        (2, "A", 7, 8, 87.5),
        (3, "E", 5, 8, 62.5),
        (4, "F", 3, 8, 37.5),
        (5, "B", 1, 8, 12.5),
        (6, "D", 0, 8, 0.0),
    ]
    first, second = result.deals
    assert (first.deal, first.top) == (0, 4)
    assert [
        (r.table, r.north_south, r.north_south_matchpoints, r.east_west, r.east_west_matchpoints)
        for r in first.rows
    ] == [(0, "A", 3, "B", 1), (1, "D", 0, "C", 4), (2, "E", 3, "F", 1)]
    assert [(r.north_south_points, r.east_west_points) for r in second.rows] == [
        (50, 110),
        (60, -100),
        (80, 51),
    ]
    assert [(r.north_south_matchpoints, r.east_west_matchpoints) for r in second.rows] == [
        (0, 4),
        (4, 0),
        (2, 2),
    ]


def test_equal_percentages_share_a_place_and_a_missing_table_is_left_out() -> None:
    seatings = duplicate_seatings(THREE_TABLES, 1)
    result = score_duplicate(seatings, [DealScore(0, 0, 100, 0), DealScore(2, 0, 100, 0)])
    # Table 1 did not play: A and E tie on N/S (1 of 2), B and F on E/W; C and D have no top.
    assert [(t.place, t.entrant, t.matchpoints, t.top) for t in result.totals] == [
        (1, "A", 1, 2),
        (1, "B", 1, 2),
        (1, "C", 0, 0),
        (1, "D", 0, 0),
        (1, "E", 1, 2),
        (1, "F", 1, 2),
    ]
    assert result.totals[2].percentage == 50.0


@given(st.lists(st.integers(-300, 300), min_size=1, max_size=12))
def test_matchpoints_share_out_the_whole_top(results: list[int]) -> None:
    points = matchpoints(results)
    top = 2 * (len(results) - 1)
    assert sum(points) == len(results) * top // 2
    assert all(0 <= p <= top for p in points)
    for mine, mp in zip(results, points, strict=True):
        assert mp == 2 * sum(o < mine for o in results) + sum(o == mine for o in results) - 1


@given(st.integers(2, 6), st.integers(1, 4), st.data())
def test_a_pair_and_its_opponents_share_each_deals_top(
    tables: int, deals: int, data: st.DataObject
) -> None:
    pairings = [Pairing(f"a{t}", f"b{t}") for t in range(tables)]
    seatings = duplicate_seatings(pairings, deals)
    scores = [
        DealScore(
            s.table, s.deal, data.draw(st.integers(-200, 200)), data.draw(st.integers(-200, 200))
        )
        for s in seatings
    ]
    result = score_duplicate(seatings, scores)
    for deal in result.deals:
        for row in deal.rows:
            assert row.north_south_matchpoints + row.east_west_matchpoints == deal.top
    assert sum(t.matchpoints for t in result.totals) == deals * tables * (tables - 1) * 2


def test_bad_rounds_are_refused() -> None:
    with pytest.raises(ValueError, match="two tables"):
        duplicate_seatings([Pairing("A", "B")], 2)
    with pytest.raises(ValueError, match="two different pairs"):
        duplicate_seatings([Pairing("A", "B"), Pairing("A", "C")], 2)
    with pytest.raises(ValueError, match="two different pairs"):
        duplicate_seatings([Pairing("A", "B"), Pairing("C", None)], 2)
    seatings = duplicate_seatings(THREE_TABLES, 1)
    with pytest.raises(ValueError, match="two sides of partners"):
        seatings[0].seats(Rules.preset("cutthroat4"))
    with pytest.raises(ValueError, match="no table 3"):
        score_duplicate(seatings, [DealScore(3, 0, 1, 1)])
    with pytest.raises(ValueError, match="two scores"):
        score_duplicate(seatings, [DealScore(0, 0, 1, 1), DealScore(0, 0, 2, 2)])
