"""The search benchmark times real searches on positions from seeded games."""

from bot.engine import COMPILED, Phase, PlayCard
from devtools.bench.search import (
    SearchBench,
    decision_views,
    format_search_bench,
    run_search_bench,
)
from devtools.cli import main


def test_positions_are_card_choices_and_repeat_with_the_seed() -> None:
    views = decision_views(5, seed=3)
    assert len(views) == 5
    for view in views:
        assert view.phase is Phase.PLAY and view.to_act == view.seat
        assert sum(isinstance(a, PlayCard) for a in view.legal_actions) > 1
    again = decision_views(5, seed=3)
    assert [(v.hand_number, v.seat, v.hand) for v in views] == [
        (v.hand_number, v.seat, v.hand) for v in again
    ]


def test_deals_per_decision_is_the_budget_over_the_median_time_per_deal() -> None:
    result = SearchBench(0.6, 30, (0.002, 0.001, 0.004))
    assert result.deals_per_decision == 300
    text = format_search_bench(result)
    assert "3 card decisions, 30 deals each: 2.00 ms a deal (median; 1.00-4.00)" in text
    assert "deals per decision in a 0.6 s budget: 300" in text


def test_a_run_times_every_position_and_says_the_mode() -> None:
    result = run_search_bench(positions=2, deals=2, budget=0.1, seed=1)
    assert len(result.seconds_per_deal) == 2 and all(s > 0 for s in result.seconds_per_deal)
    assert result.compiled is COMPILED
    assert main(["bench", "search", "--positions", "2", "--deals", "2", "--budget", "0.1"]) == 0
