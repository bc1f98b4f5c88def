"""The engine benchmark plays complete, reproducible random hands."""

from bot.engine import COMPILED, PRESETS, Rules
from devtools.bench.engine import (
    EngineBench,
    Throughput,
    format_engine_bench,
    play_random_hands,
    run_engine_bench,
)


def test_same_seed_plays_the_same_hands() -> None:
    first = play_random_hands(Rules(), hands=5, seed=7, label="a")
    second = play_random_hands(Rules(), hands=5, seed=7, label="b")
    assert first.hands == 5
    assert first.actions == second.actions > 0


def test_all_presets_splits_the_hands_over_every_preset() -> None:
    result = run_engine_bench(hands=2 * len(PRESETS), seed=1, all_presets=True)
    assert [run.label for run in result.ours] == list(PRESETS)
    assert all(run.hands == 2 for run in result.ours)


def test_report_without_openspiel_says_how_to_install_it() -> None:
    result = EngineBench((Throughput("default rules", 10, 1000, 0.5),), openspiel=None)
    text = format_engine_bench(result)
    assert "20" in text
    assert "pip install -e '.[bench]'" in text


def test_report_with_openspiel_gives_the_ratio() -> None:
    ours = Throughput("default rules", 10, 1000, 0.5)
    theirs = Throughput("openspiel", 10, 560, 1.0)
    assert "2.00x" in format_engine_bench(EngineBench((ours,), theirs))


def test_report_says_which_mode_the_engine_ran_in() -> None:
    ours = Throughput("default rules", 10, 1000, 0.5)
    assert "hot path: compiled with mypyc" in format_engine_bench(EngineBench((ours,), None, True))
    assert "hot path: pure Python" in format_engine_bench(EngineBench((ours,), None, False))
    assert run_engine_bench(hands=1, seed=1).compiled is COMPILED
