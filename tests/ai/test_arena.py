"""The arena: duplicate deals swap the sides on the same cards, and results hold still."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import random
import types

import pytest

from bot.ai import search
from bot.ai.levels import policy_for
from bot.ai.search import SearchPolicy
from bot.cli import main
from bot.engine import PRESETS, Action, Bid, Game, PlayCard, Rules, SeatView
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


def test_the_breakdown_adds_up_to_the_margin_side_by_side() -> None:
    """Every side A held is compared with the same side held by B on the same cards: the
    shares add up to the margin, and each side falls under one heading."""
    result = run_arena("heuristic", "easy", deals=30, seed=5, workers=1)
    shares = {label: share for label, _, share in result.breakdown}
    assert sum(shares.values()) == pytest.approx(result.mean)
    # Two sides a deal at a four-seat table.
    assert sum(sides for _, sides, _ in result.breakdown) == 60
    assert next(iter(shares)) == "easy set where heuristic made"
    # A side only easy was set on is heuristic's gain, and the other way round.
    assert shares["easy set where heuristic made"] > 0 > shares["heuristic set where easy made"]
    even = run_arena("heuristic", "normal", deals=4, seed=1, workers=1)
    assert {share for _, _, share in even.breakdown} == {0.0}


def test_the_command_prints_the_breakdown_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "heuristic", "easy", "--deals", "4", "--games", "0", "--workers", "1"]
    assert main(args) == 0
    assert "where the margin came from" not in capsys.readouterr().out
    assert main([*args, "--breakdown"]) == 0
    out = capsys.readouterr().out
    assert "where the margin came from (each side's two plays on the same cards):" in out
    assert "  both made, heuristic bid less" in out and " a hand  (" in out
    margin = out.split("margin per hand, A over B: ")[1].split()[0]
    assert out.rstrip().endswith(f"{float(margin):+7.1f} a hand")


def test_the_command_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", "heuristic", "genius"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'genius'" in capsys.readouterr().err


def _searched_views() -> list[SeatView]:
    """Two bids and three card decisions of a seeded classic hand (normal playing it), each
    with more than one choice for the search to weigh."""
    game = Game.new(Rules.preset("classic"), seed=11, dealer=0)
    normal, rng = policy_for("normal"), random.Random(11)
    bids: list[SeatView] = []
    plays: list[SeatView] = []
    while len(plays) < 3:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        legal = view.legal_actions
        if len(bids) < 2 and sum(isinstance(a, Bid) for a in legal) > 1:
            bids.append(view)
        elif sum(isinstance(a, PlayCard) for a in legal) > 1:
            plays.append(view)
        game.apply(normal.decide(view, rng))
    return bids + plays


def _decisions(name: str, untimed: bool, views: list[SeatView]) -> list[tuple[Action, int]]:
    """Each view's move by a fresh ``name`` policy and how many deals its search sampled."""
    made: list[tuple[Action, int]] = []
    for i, view in enumerate(views):
        policy = policy_for(name, untimed=untimed)
        assert isinstance(policy, SearchPolicy)
        made.append((policy.decide(view, random.Random(i)), policy.searched))
    return made


@pytest.mark.parametrize("name", ["hard", "hard1"])
def test_untimed_searches_are_the_same_on_a_loaded_machine(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    views = _searched_views()
    quiet = _decisions(name, True, views)
    cards = 600 if name == "hard" else 300
    assert [deals for _, deals in quiet] == [500, 500, cards, cards, cards], "the full caps"
    # A machine so loaded that every look at the clock finds a second gone.
    ticks = iter(range(1, 10**9))
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))
    assert _decisions(name, True, views) == quiet
    # The table's timed search, on that machine, stops after its first deal.
    assert [deals for _, deals in _decisions(name, False, views)] == [1] * 5


def test_the_command_says_whether_searches_ran_untimed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "heuristic", "random", "--deals", "2", "--games", "0", "--workers", "1"]
    assert main([*args, "--untimed"]) == 0
    assert "searches untimed: every decision sampled its full deal caps" in capsys.readouterr().out
    assert main(args) == 0
    assert "searches timed: a search stops at its time budget" in capsys.readouterr().out


def test_the_nil_report_has_a_line_for_each_nil_with_its_hands_and_plays(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--nil-report FILE``: one JSON line per Nil bid, as many made and lost as the
    counts say, each with the bidder's dealt hand and the hand's 52 cards in play order."""
    path = tmp_path / "nils.jsonl"
    args = ["arena", "random", "heuristic", "--deals", "20", "--seed", "2", "--games", "0"]
    assert main([*args, "--workers", "1", "--nil-report", str(path)]) == 0
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    result = run_arena("random", "heuristic", deals=20, seed=2)
    for stats in result.stats:
        mine = [r for r in records if r["bidder"] == stats.name]
        assert len(mine) == stats.nil_bids > 0
        assert sum(r["made"] for r in mine) == stats.nils_made
    for record in records:
        assert len(record["hand"]) == 13 and len(record["plays"]) == 52
        assert record["bids"][record["seat"]] == 0
        played = {p.split(":")[1] for p in record["plays"] if p.startswith(f"{record['seat']}:")}
        assert played == set(record["hand"])
        assert record["partners"] == [record["bidder"]]
    assert "margin per hand" in capsys.readouterr().out
