"""``python -m bot arena`` and ``python -m bot bench``: the development tools' command line.

``bot.cli`` loads this module by name when one of these commands is asked for, so the
running bot never imports it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.ai.levels import POLICY_NAMES
from bot.arguments import add_preset, at_least, positive_int
from bot.storage.urls import url_problem
from devtools.arena import format_arena, format_breakdown, run_arena
from devtools.bench.claims import CLAIM_PRESETS, format_claims_bench, run_claims_bench
from devtools.bench.engine import format_engine_bench, run_engine_bench
from devtools.bench.search import format_search_bench, run_search_bench
from devtools.bench.tables import (
    Pace,
    format_memory_bench,
    format_play_bench,
    run_memory_bench,
    run_play_bench,
)

_whole_number = at_least(0)


def _postgres_url(text: str) -> str:
    """An argparse type: a PostgreSQL URL asyncpg can read, else refused saying why with its
    password masked (argparse quotes the value given in its other errors)."""
    problem = url_problem(text, "--database-url")
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _appender(path: str) -> Callable[[str], None]:
    """Adds each line to the file at ``path`` as it comes, so a run cut short keeps them."""

    def append(line: str) -> None:
        with open(path, "a", encoding="utf-8") as file:
            file.write(line + "\n")

    return append


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot")
    commands = parser.add_subparsers(dest="command", metavar="command", required=True)
    arena = commands.add_parser(
        "arena", help="two bots play duplicate deals: score margin, sets, Nils, bags, latency"
    )
    for side in ("a", "b"):
        arena.add_argument(
            side, choices=POLICY_NAMES, metavar=side.upper(), help=", ".join(POLICY_NAMES)
        )
    arena.add_argument("--deals", type=positive_int, default=100, help="default: 100")
    arena.add_argument(
        "--games",
        type=_whole_number,
        help="duplicate games played to the target (default: a tenth of the deals)",
    )
    add_preset(arena, "classic")
    arena.add_argument("--seed", type=int, default=0, help="default: 0")
    arena.add_argument(
        "--workers", type=positive_int, help="processes (default: the number of CPUs)"
    )
    arena.add_argument(
        "--untimed",
        action="store_true",
        help="searches without their clock: full deal caps, the same figures on any load",
    )
    arena.add_argument(
        "--breakdown",
        action="store_true",
        help="where the margin came from: sets, Nils and bids, side by side on the same cards",
    )
    arena.add_argument(
        "--nil-report",
        metavar="FILE",
        help="add a JSON line to FILE for each Nil bid in the deals: bidder, made, hands, plays",
    )

    train = commands.add_parser(
        "train", help="the held-card model hard deals by: bid seeded deals, fit, write"
    )
    train.add_argument("--deals", type=positive_int, default=20000, help="default: 20000")
    train.add_argument("--seed", type=int, default=1, help="default: 1")
    train.add_argument(
        "--level", choices=POLICY_NAMES, default="normal", help="the bots that bid (normal)"
    )
    train.add_argument(
        "--out", type=Path, help="where to write (default: the package's bot/ai/holdings.npz)"
    )
    train.add_argument(
        "--check-deals",
        type=_whole_number,
        default=2000,
        help="held-out deals of the same level to measure it on (default: 2000)",
    )
    train.add_argument(
        "--check-level", choices=POLICY_NAMES, default="hard1", help="the other level (hard1)"
    )
    train.add_argument(
        "--check-level-deals",
        type=_whole_number,
        default=100,
        help="held-out deals of the other level (default: 100; hard1 bids take 0.6 s each)",
    )

    i18n = commands.add_parser(
        "i18n", help="the translation catalogs: extract, update, compile, stats"
    )
    i18n.add_argument(
        "action",
        choices=("extract", "update", "compile", "stats"),
        help="extract: the source's messages into bot/locales/spades.pot; update: merge it"
        " into each language's .po; compile: each .po to its .mo; stats: how much of the"
        " template each language translates",
    )

    transcript = commands.add_parser(
        "transcript",
        help="the same moments of one seeded game in several languages, as Discord shows them",
    )
    transcript.add_argument("--seed", type=int, default=2, help="the game's seed (default: 2)")
    transcript.add_argument(
        "--languages",
        nargs="+",
        default=["es-ES", "de"],
        help="Discord's language codes (default: es-ES de)",
    )

    bench = commands.add_parser("bench", help="benchmarks")
    benchmarks = bench.add_subparsers(dest="benchmark", metavar="benchmark", required=True)
    engine = benchmarks.add_parser(
        "engine", help="random hands per second, compared with OpenSpiel when installed"
    )
    engine.add_argument("--hands", type=positive_int, default=2000, help="default: 2000")
    engine.add_argument("--seed", type=int, default=0, help="default: 0")
    rule_set = engine.add_mutually_exclusive_group()
    add_preset(rule_set, None, "default: the default rules")
    rule_set.add_argument(
        "--all-presets", action="store_true", help="split the hands evenly over every preset"
    )
    search = benchmarks.add_parser(
        "search", help="deals the hard bot's search samples per card decision in a time budget"
    )
    search.add_argument(
        "--positions", type=positive_int, default=40, help="card decisions (default: 40)"
    )
    search.add_argument(
        "--deals", type=positive_int, default=30, help="deals timed at each (default: 30)"
    )
    search.add_argument(
        "--budget", type=_seconds, default=0.6, help="seconds a decision may take (default: 0.6)"
    )
    search.add_argument("--seed", type=int, default=0, help="default: 0")
    pairing = benchmarks.add_parser(
        "pairing", help="milliseconds to pair each round of a Swiss tournament"
    )
    pairing.add_argument(
        "--entrants", type=positive_int, default=256, help="entrants (default: 256)"
    )
    pairing.add_argument("--rounds", type=positive_int, default=8, help="default: 8")
    pairing.add_argument("--seed", type=int, default=0, help="default: 0")
    claims = benchmarks.add_parser(
        "claims",
        help="how long judging a claim takes at every table size (worst and p99), within"
        " the engine's budget",
    )
    claims.add_argument(
        "--seeds", type=positive_int, default=4, help="hands per table size (default: 4)"
    )
    claims.add_argument(
        "--early-tricks",
        type=positive_int,
        default=2,
        help="first tricks claimed at every card; later ones at their start (default: 2)",
    )
    add_preset(claims, None, "only this preset (default: one of each table size)")
    claims.add_argument("--seed", type=int, default=0, help="default: 0")
    storage = benchmarks.add_parser(
        "storage",
        help="durable action appends per second, and restoring unfinished tables by replay",
    )
    storage.add_argument("--appends", type=positive_int, default=5000, help="default: 5000")
    storage.add_argument(
        "--tables", type=positive_int, default=1000, help="tables to restore (default: 1000)"
    )
    storage.add_argument("--seed", type=int, default=0, help="default: 0")
    storage.add_argument(
        "--synchronous",
        choices=["NORMAL", "FULL"],
        default="NORMAL",
        help="SQLite's synchronous setting (default: NORMAL, the bot's)",
    )
    storage.add_argument(
        "--writers",
        type=positive_int,
        default=20,
        help="tables appending side by side in the second measure (default: 20)",
    )
    storage.add_argument(
        "--database-url",
        metavar="URL",
        type=_postgres_url,
        help="also measure this PostgreSQL database (postgresql://...), in scratch schemas"
        " dropped afterwards",
    )
    search = benchmarks.add_parser(
        "search-pool",
        help="deals the hard bot searches per decision with 1 and with 8 bots thinking at"
        " once, in threads and in a process pool",
    )
    search.add_argument(
        "--rounds", type=positive_int, default=3, help="decisions per bot (default: 3)"
    )
    search.add_argument(
        "--bots",
        type=positive_int,
        nargs="+",
        default=[1, 8],
        help="bots thinking at once (default: 1 8)",
    )
    search.add_argument(
        "--workers", type=positive_int, help="pool processes (default: the number of CPUs)"
    )
    search.add_argument("--seed", type=int, default=0, help="default: 0")
    tables = benchmarks.add_parser(
        "tables",
        help="bot-only tables playing at once (hands per second), active tables through the fake"
        " Discord server (interaction to callback), and memory per open table",
    )
    tables.add_argument(
        "--tables", type=positive_int, default=100, help="tables playing at once (default: 100)"
    )
    tables.add_argument(
        "--hands", type=positive_int, default=2, help="hands each table plays (default: 2)"
    )
    tables.add_argument(
        "--active",
        type=positive_int,
        default=200,
        help="tables driven through the fake Discord server (default: 200)",
    )
    tables.add_argument(
        "--moves",
        type=positive_int,
        default=5,
        help="turns each of their members clicks (default: 5)",
    )
    tables.add_argument(
        "--think",
        nargs=2,
        type=_seconds,
        default=[Pace().think_min, Pace().think_max],
        metavar=("MIN", "MAX"),
        help="seconds a member thinks before each click, drawn at random from MIN to MAX"
        f" (default: {Pace().think_min:g} {Pace().think_max:g})",
    )
    tables.add_argument(
        "--bot-delay",
        type=_seconds,
        default=Pace().bot_delay,
        metavar="SECONDS",
        help="seconds a bot waits before its move shows (default: the bot's, %(default)s)",
    )
    tables.add_argument(
        "--arrivals",
        type=_seconds,
        default=Pace().arrivals,
        metavar="PER_SECOND",
        help="members who arrive a second, each opening a table and starting it"
        " (default: %(default)s; 0: one after another, as fast as the bot answers)",
    )
    tables.add_argument(
        "--open",
        type=positive_int,
        default=10_000,
        help="tables held open for the memory count (default: 10000)",
    )
    tables.add_argument(
        "--processes",
        type=int,
        choices=[1, 2],
        default=1,
        help="bot processes for the active tables: 2 holds one shard each, on the PostgreSQL"
        " database of --database-url (default: 1)",
    )
    tables.add_argument(
        "--database-url",
        metavar="URL",
        type=_postgres_url,
        help="PostgreSQL (postgresql://...) for --processes 2, in a scratch schema dropped"
        " afterwards",
    )
    tables.add_argument(
        "--profile",
        metavar="FILE",
        help="write the bot process's cProfile statistics (pstats) of the active tables' run"
        " to FILE (one process only)",
    )
    add_preset(tables, "classic")
    tables.add_argument("--seed", type=int, default=0, help="default: 0")
    return parser


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "i18n":
        from devtools.i18n import main as i18n_main

        return i18n_main(args.action)
    if args.command == "transcript":
        from devtools.transcript import main as transcript_main

        return transcript_main(args.seed, args.languages)
    if args.command == "train":
        # Imported here: it needs numpy (the dev extra), which nothing else here does.
        from devtools.train_holdings import main as train_main

        print(
            train_main(
                args.level,
                args.deals,
                args.seed,
                args.out,
                (args.check_deals, args.check_level, args.check_level_deals),
            )
        )
        return 0
    if args.command == "arena":
        measured = run_arena(
            args.a,
            args.b,
            deals=args.deals,
            preset=args.preset,
            seed=args.seed,
            games=args.deals // 10 if args.games is None else args.games,
            workers=args.workers or os.cpu_count() or 1,
            progress=lambda line: print(line, file=sys.stderr, flush=True),
            untimed=args.untimed,
            nil_report=None if args.nil_report is None else _appender(args.nil_report),
        )
        print(format_arena(measured))
        if args.breakdown:
            print(format_breakdown(measured))
        return 0
    if args.command == "bench" and args.benchmark == "storage":
        # Imported here so that the other commands start without loading the storage stack.
        from devtools.bench.storage import format_storage_bench, run_storage_bench

        benches = run_storage_bench(
            args.appends,
            args.tables,
            args.seed,
            args.synchronous,
            writers=args.writers,
            database_url=args.database_url,
        )
        print(format_storage_bench(benches))
        return 0
    if args.command == "bench" and args.benchmark == "search-pool":
        from devtools.bench.search_pool import format_pool_bench, run_pool_bench

        workers = args.workers or os.cpu_count() or 1
        print(format_pool_bench(run_pool_bench(args.rounds, args.bots, workers, args.seed)))
        return 0
    if args.command == "bench" and args.benchmark == "tables":
        # Imported here so that the other commands start without loading discord.py.
        from devtools.bench.discord import format_discord_bench, run_discord_bench

        if args.processes == 2 and args.database_url is None:
            print("--processes 2 needs --database-url postgresql://...", file=sys.stderr)
            return 2
        print(format_play_bench(run_play_bench(args.tables, args.hands, args.seed, args.preset)))
        think_min, think_max = args.think
        pace = Pace(args.bot_delay, think_min, think_max, args.arrivals or None)
        discord_bench = run_discord_bench(
            args.active,
            args.moves,
            args.seed,
            pace,
            processes=args.processes,
            database_url=args.database_url if args.processes == 2 else None,
            profile=args.profile if args.processes == 1 else None,
        )
        print(format_discord_bench(discord_bench), flush=True)
        print(format_memory_bench(run_memory_bench(args.open, args.seed)), flush=True)
        return 0
    if args.command == "bench" and args.benchmark == "pairing":
        from devtools.bench.pairing import format_pairing_bench, run_pairing_bench

        print(format_pairing_bench(run_pairing_bench(args.entrants, args.rounds, args.seed)))
        return 0
    if args.command == "bench" and args.benchmark == "claims":
        presets = CLAIM_PRESETS if args.preset is None else (args.preset,)
        judged = run_claims_bench(args.seeds, args.early_tricks, args.seed, presets)
        print(format_claims_bench(judged))
        return 0
    if args.command == "bench" and args.benchmark == "search":
        searched = run_search_bench(args.positions, args.deals, args.budget, args.seed)
        print(format_search_bench(searched))
        return 0
    result = run_engine_bench(args.hands, args.seed, args.preset, args.all_presets)
    print(format_engine_bench(result))
    return 0


def _seconds(text: str) -> float:
    """An argparse type: a duration in seconds, zero or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return value
