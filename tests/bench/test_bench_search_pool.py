"""``bench search-pool`` measures real searches in threads and in a process pool."""

from bot.engine import PlayCard
from devtools.bench.search_pool import format_pool_bench, positions, run_pool_bench


def test_positions_are_card_choices_in_the_middle_of_hands() -> None:
    views = positions(5, seed=1)
    assert len(views) == 5
    for view in views:
        assert view.seat == view.to_act
        assert len([a for a in view.legal_actions if isinstance(a, PlayCard)]) > 1


def test_each_mode_and_number_of_bots_is_measured_and_printed() -> None:
    runs = run_pool_bench(rounds=1, at_once=[1, 2], workers=2, seed=0, budget=0.02)
    assert [(r.mode, r.at_once, r.decisions) for r in runs] == [
        ("threads", 1, 1),
        ("processes", 1, 1),
        ("threads", 2, 2),
        ("processes", 2, 2),
    ]
    assert all(r.deals_per_decision >= 1 for r in runs)
    text = format_pool_bench(runs, budget=0.02)
    assert "deals/decision" in text and text.count("processes") == 2
