"""The pairing benchmark pairs a reproducible Swiss event round by round and times it."""

import pytest

from devtools.bench.pairing import (
    PairingBench,
    RoundTiming,
    format_pairing_bench,
    run_pairing_bench,
)
from devtools.cli import main


def test_each_round_is_paired_and_timed_without_rematches() -> None:
    result = run_pairing_bench(entrants=33, rounds=5, seed=4)
    assert [r.number for r in result.rounds] == [1, 2, 3, 4, 5]
    assert all((r.boards, r.byes, r.rematches) == (16, 1, 0) for r in result.rounds)
    assert all(r.seconds > 0 for r in result.rounds)


def test_the_report_gives_each_round_and_the_verdict_on_the_target() -> None:
    fast = PairingBench(256, (RoundTiming(1, 0.004, 128, 0, 0), RoundTiming(2, 0.006, 128, 0, 0)))
    text = format_pairing_bench(fast)
    assert "round 2: 6.0 ms (128 boards, 0 byes, 0 rematches)" in text
    assert "mean 5.0 ms, slowest 6.0 ms (under the 100 ms target)" in text
    slow = PairingBench(256, (RoundTiming(1, 0.25, 128, 0, 0),))
    assert "(over the 100 ms target)" in format_pairing_bench(slow)


def test_bench_pairing_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pairing", "--entrants", "9", "--rounds", "3"]) == 0
    out = capsys.readouterr().out
    assert "Swiss pairing of 9 entrants, 3 rounds:" in out
    assert "round 3:" in out
