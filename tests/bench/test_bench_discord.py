"""The Discord part of the tables benchmark: members click through the fake server."""

from __future__ import annotations

import discord.http
import pytest

from devtools.bench.discord import (
    DiscordBench,
    RequestKinds,
    RequestRate,
    TurnTimes,
    format_discord_bench,
    request_rate,
    run_discord_bench,
    turn_times,
)
from devtools.bench.tables import Pace
from tests.storage.postgres_server import PostgresServer

# No waiting, so the test takes seconds; the benchmark's default is a person's pace.
AT_ONCE = Pace(bot_delay=0, think_min=0, think_max=0)


def test_every_member_clicks_and_each_click_is_timed_and_its_requests_counted() -> None:
    base = discord.http.Route.BASE
    bench = run_discord_bench(tables=3, moves=2, seed=4, pace=AT_ONCE)
    assert (bench.tables, bench.clicks, bench.pace) == (3, 6, AT_ONCE)
    assert 0 < bench.p50_ms <= bench.p99_ms
    # Each click is answered by a request of its own (the interaction's callback), which the
    # global limit does not count; each table posts its message, which it does.
    everything, limited = bench.requests, bench.limited
    assert everything.requests >= bench.clicks + limited.requests
    assert limited.requests >= bench.tables
    kinds = bench.kinds
    assert kinds is not None and kinds.posts >= bench.tables
    assert kinds.posts + kinds.edits + kinds.deletions + kinds.others == limited.requests
    for rate in (everything, limited):
        assert 1 <= rate.busiest_second <= rate.requests
        assert rate.per_second * bench.seconds == pytest.approx(rate.requests)
    # discord.py points at Discord again afterwards.
    assert base == discord.http.Route.BASE


def test_two_bot_processes_on_postgres_hold_a_shard_each(postgres: PostgresServer) -> None:
    base = discord.http.Route.BASE
    bench = run_discord_bench(
        tables=4, moves=2, seed=4, pace=AT_ONCE, processes=2, database_url=postgres.url()
    )
    # Every member's clicks were answered, those for the second bot's tables forwarded to it.
    assert (bench.tables, bench.clicks) == (4, 8)
    assert 0 < bench.p50_ms <= bench.p99_ms
    assert base == discord.http.Route.BASE
    with pytest.raises(ValueError, match="PostgreSQL"):
        run_discord_bench(tables=1, moves=1, seed=0, processes=2)


def test_the_busiest_second_is_any_second_not_a_clock_second() -> None:
    # Three requests late in one clock second and two early in the next: five in 0.6 s.
    rate = request_rate([0.6, 0.7, 0.8, 1.1, 1.2, 3.5, 9.0], start=0.0, end=4.0)
    assert rate == RequestRate(requests=6, per_second=1.5, busiest_second=5)
    # A window is one second long: requests exactly a second apart are not in one window.
    assert request_rate([1.0, 2.0, 3.0], start=0.0, end=3.0).busiest_second == 1


def test_the_report_gives_both_percentiles_the_pace_and_the_request_rates() -> None:
    text = format_discord_bench(
        DiscordBench(
            200,
            1000,
            9.5,
            4.25,
            31.0,
            Pace(1.2, 1, 3),
            RequestRate(12_345, 41.2, 77),
            RequestRate(6_000, 20.0, 48),
            RequestKinds(4_000, 1_500, 400, 100),
        )
    )
    assert "(4,000 new messages, 1,500 edits, 400 deletions, 100 other)" in text
    assert "200 active tables" in text and "p50 4.2 ms, p99 31.0 ms" in text
    assert "members think 1-3 s before a click, bots wait 1.2 s" in text
    assert "requests to Discord meanwhile: 12,345 (41.2/s mean, 77 in the busiest second)" in text
    assert "of which 6,000 (20.0/s mean, 48 in the busiest second) count against" in text
    assert "global limit of 50/s" in text


def test_turns_are_timed_from_the_tables_change_and_the_free_share_reported() -> None:
    began = {(1, 5): 10.0, (1, 9): 20.0, (2, 5): 30.0}
    # Seen by the members (user, seq, when): one turn the bot never timed is left out.
    seen = [(1, 5, 10.25), (1, 9, 20.5), (2, 5, 30.125), (3, 1, 99.0)]
    times = turn_times(began, seen)
    assert times is not None and (times.turns, times.p50_ms) == (3, 250.0)
    assert times.p99_ms >= 250.0
    text = format_discord_bench(
        DiscordBench(
            1000,
            5000,
            90.0,
            5.0,
            40.0,
            Pace(1.2, 1, 3, 8.0),
            RequestRate(20_000, 222.2, 400),
            RequestRate(3_000, 33.3, 40),
            RequestKinds(2_000, 900, 0, 100),
            TurnTimes(5000, 12.0, 900.0),
            bot_cpu=61.5,
        )
    )
    assert "the bot's process used 61.5 CPU s (12.3 ms a click)" in text
    assert "8 members arrive a second" in text
    assert "5000 turns reached their member: p50 12 ms, p99 900 ms" in text
    assert "0 refused over it; 85.0% free" in text
