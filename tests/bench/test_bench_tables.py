"""The tables benchmark: bot-only tables play their hands, and open tables are counted."""

from __future__ import annotations

import pytest

from bot.cli import main
from devtools.bench.tables import MemoryBench, format_memory_bench, run_memory_bench, run_play_bench


def test_every_table_plays_its_hands() -> None:
    bench = run_play_bench(tables=3, hands=2, seed=5, preset="cutthroat3")
    assert (bench.tables, bench.run.hands, bench.run.label) == (3, 6, "cutthroat3")
    assert bench.run.actions > 6 * 17  # at least every card of every hand
    assert bench.run.hands_per_second > 0


def test_memory_counts_lobbies_and_games() -> None:
    bench = run_memory_bench(tables=6, seed=1)
    assert (bench.lobbies, bench.games, bench.tables) == (3, 3, 6)
    assert bench.rss_after > 0


def test_memory_report_is_per_table() -> None:
    text = format_memory_bench(MemoryBench(5, 5, 100 * 2**20, 110 * 2**20))
    assert "10 open tables" in text and "1,024.0 KiB per table" in text


def test_python_m_bot_bench_tables(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--tables", "2", "--hands", "1", "--active", "2", "--moves", "1", "--open", "4"]
    args += ["--think", "0", "0.01", "--bot-delay", "0", "--arrivals", "20"]
    assert main(["bench", "tables", *args]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 bot-only tables (classic) at once: 2 hands,")
    assert lines[1].startswith("2 active tables through the fake Discord server: 2 clicks")
    assert "(members think 0-0.01 s before a click, bots wait 0 s, 20 members" in lines[1]
    assert "turns reached their member" in lines[1] and "free (interactions'" in lines[1]
    # Where the clicks' time went, and how both processes' event loops fared.
    assert lines[2].startswith("A click's time in parts, ms (2 clicks): p50 to the bot")
    assert any(line.startswith("The bot's event loop: ran callbacks") for line in lines)
    assert any(line.startswith("The fake's event loop: ran callbacks") for line in lines)
    assert lines[-1].startswith("4 open tables (2 lobbies, 2 games")
