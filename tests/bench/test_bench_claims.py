"""The claims benchmark judges seeded claims at every table size, as a table does."""

import pytest

from bot.engine import COMPILED, PRESETS, Claim, Phase, Rules
from bot.engine.claims import CLAIM_BUDGET
from devtools.bench.claims import (
    CLAIM_PRESETS,
    ClaimBench,
    ClaimTimes,
    claim_moments,
    claimers,
    format_claims_bench,
    percentile,
    time_claims,
)
from devtools.cli import main


def test_every_table_size_is_measured() -> None:
    players = {Rules.model_validate(PRESETS[name]).players for name in CLAIM_PRESETS}
    assert players == {2, 3, 4, 5, 6}


def test_claims_come_at_every_card_of_the_first_tricks_then_at_each_tricks_start() -> None:
    rules = Rules(claims=True)
    moments = [
        (len(game.view(0).tricks), len(game.trick), claimers(game))
        for game in claim_moments(rules, seed=3, early_tricks=2)
    ]
    assert [m[:2] for m in moments[:8]] == [(t, c) for t in range(2) for c in range(4)]
    assert all(cards == 0 for _, cards, _ in moments[8:])
    assert len(moments) == 8 + 11
    # One seat of each side that may claim: never a Nil bidder's, one per side.
    for _, _, seats in moments:
        assert 1 <= len(seats) <= 2 and len({s % 2 for s in seats}) == len(seats)


def test_a_run_judges_each_claim_once_and_counts_the_verdicts() -> None:
    times = time_claims("classic", seeds=1, early_tricks=1, seed=0)
    assert times.players == 4 and times.claims == len(times.cpu_seconds) > 0
    assert times.holds + times.fails + times.undecided == times.claims
    again = time_claims("classic", seeds=1, early_tricks=1, seed=0)
    assert (again.holds, again.fails, again.undecided) == (
        times.holds,
        times.fails,
        times.undecided,
    )


def test_the_report_gives_worst_and_p99_for_each_table_size() -> None:
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([float(i) for i in range(1, 101)], 0.99) == 99.0
    assert percentile([0.5], 0.99) == 0.5
    six = ClaimTimes("six_threes", 6, (0.001, 0.002, 0.9), (0.001, 0.002, 0.8), 1, 1, 1)
    text = format_claims_bench(ClaimBench((six,), 25_000, False))
    assert "budget of 25,000 positions (plain Python)" in text
    row = next(line for line in text.splitlines() if "six_threes" in line).split()
    assert row == ["six_threes", "6", "3", "1", "1", "1", "2.0", "900.0", "900.0", "800.0"]
    assert "all tables: p99 900.0 ms, worst 900.0 ms" in text


def test_the_command_runs_one_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "claims", "--preset", "classic", "--seeds", "1"]) == 0
    out = capsys.readouterr().out
    assert f"budget of {CLAIM_BUDGET:,} positions" in out and "classic" in out
    assert ("compiled" in out) is COMPILED


def test_no_moment_is_a_claim_outside_the_play() -> None:
    for game in claim_moments(Rules(claims=True), seed=1, early_tricks=1):
        assert game.phase is Phase.PLAY
        assert all(Claim(s) in game.legal_actions(s) for s in claimers(game))
