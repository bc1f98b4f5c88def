"""The Discord part of the tables benchmark: members click through the fake server."""

from __future__ import annotations

import discord.http

from devtools.bench.discord import DiscordBench, format_discord_bench, run_discord_bench
from devtools.bench.tables import Pace

# No waiting, so the test takes seconds; the benchmark's default is a person's pace.
AT_ONCE = Pace(bot_delay=0, think_min=0, think_max=0)


def test_every_member_clicks_and_each_click_is_timed() -> None:
    base = discord.http.Route.BASE
    bench = run_discord_bench(tables=3, moves=2, seed=4, pace=AT_ONCE)
    assert (bench.tables, bench.clicks, bench.pace) == (3, 6, AT_ONCE)
    assert 0 < bench.p50_ms <= bench.p99_ms
    # discord.py points at Discord again afterwards.
    assert base == discord.http.Route.BASE


def test_the_report_gives_both_percentiles_and_the_pace() -> None:
    text = format_discord_bench(DiscordBench(200, 1000, 9.5, 4.25, 31.0, Pace(1.2, 1, 3)))
    assert "200 active tables" in text and "p50 4.2 ms, p99 31.0 ms" in text
    assert "members think 1-3 s before a click, bots wait 1.2 s" in text
