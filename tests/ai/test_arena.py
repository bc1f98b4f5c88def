"""The arena: duplicate deals swap the sides on the same cards, and results hold still."""

from __future__ import annotations

import dataclasses

import pytest

from bot.cli import main
from bot.engine import PRESETS, Rules
from devtools import arena
from devtools.arena import A, ArenaResult, B, format_arena, run_arena, side_owners


def _without_clock(result: ArenaResult) -> ArenaResult:
    """The result with wall times left out: everything else is fixed by the seed."""
    a, b = (
        dataclasses.replace(s, latency=dataclasses.replace(s.latency, p50=0, p95=0, max=0))
        for s in result.stats
    )
    return dataclasses.replace(result, stats=(a, b), seconds=0)


def test_one_worker_and_two_give_the_same_results() -> None:
    one = run_arena("heuristic", "easy", deals=6, games=1, seed=3, workers=1)
    two = run_arena("heuristic", "easy", deals=6, games=1, seed=3, workers=2)
    assert _without_clock(one) == _without_clock(two)
    assert one.margins != run_arena("heuristic", "easy", deals=6, seed=4).margins


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_swap_hands_every_seat_to_the_other_policy(preset: str) -> None:
    rules = Rules.preset(preset)
    first, second = side_owners(rules, False), side_owners(rules, True)
    assert {A, B} == set(first)
    assert all(x != y for x, y in zip(first, second, strict=True))
    for seats in rules.teams:
        assert len({first[s] for s in seats}) == 1, "partners play for the same policy"


@pytest.mark.parametrize("preset", ["classic", "cutthroat3", "two_player", "six_threes"])
def test_a_policy_against_itself_breaks_exactly_even_on_every_deal(preset: str) -> None:
    # "normal" is the heuristic under another name: both plays of a deal are then the same
    # game with the sides' names exchanged, so only a real swap gives a margin of zero.
    result = run_arena("heuristic", "normal", deals=4, preset=preset, seed=1)
    assert result.margins == (0.0,) * 4
    ours, theirs = _without_clock(result).stats
    assert dataclasses.replace(ours, name="normal") == theirs


def test_nil_counts_add_up() -> None:
    result = run_arena("random", "heuristic", deals=20, seed=2)
    for stats in result.stats:
        assert stats.nil_bids > 0
        assert stats.nils_made <= stats.nil_bids
        # With two partners per side, every Nil has exactly one covering partner.
        assert stats.partner_nils == stats.nil_bids
        assert stats.partner_nils_lost == stats.nil_bids - stats.nils_made
        assert stats.sets <= stats.contracts <= stats.side_hands == 40


def test_the_heuristic_clearly_beats_random_play() -> None:
    result = run_arena("heuristic", "random", deals=20, games=1, seed=0)
    assert result.mean - result.half_width > 60
    assert result.wins == (2, 0, 0)


def test_unknown_names_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="No bot called 'genius'"):
        run_arena("genius", "random", deals=1)
    with pytest.raises(ValueError, match="No preset called 'chess'"):
        run_arena("random", "random", deals=1, preset="chess")


def test_progress_lines_count_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "_PROGRESS_EVERY", 0.0)
    lines: list[str] = []
    run_arena("random", "random", deals=3, games=1, progress=lines.append)
    assert lines[-1].startswith("arena: deals 3/3, games 1/1")
    assert "left" in lines[-1]


def test_the_command_prints_every_measure(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "heuristic", "random", "--deals", "4", "--games", "1", "--workers", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    for measure in (
        "margin per hand, A over B: +",
        "95% CI",
        "games to the target (1 duplicate, 2 games): heuristic won 2",
        "set rate",
        "nil bids",
        "nil success",
        "partner nils lost",
        "bags per hand",
        "decision p50",
        "decision p95",
        "decision max",
    ):
        assert measure in out
    assert format_arena(run_arena("heuristic", "random", deals=4, workers=1)).split("\n")[1] in out


def test_the_command_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", "heuristic", "genius"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'genius'" in capsys.readouterr().err
