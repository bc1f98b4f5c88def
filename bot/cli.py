"""Command line: run the Discord bot (the default), play in the terminal, rules, benchmarks."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from bot.bench.engine import format_engine_bench, run_engine_bench
from bot.config import load_settings
from bot.engine import PRESETS
from bot.render.rules_text import rules_json, rules_text
from bot.terminal import play_terminal

# Exit status for "cannot start as configured", distinct from a crash (1).
EXIT_NOT_CONFIGURED = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Spades for Discord. With no command, runs the bot (needs DISCORD_TOKEN).",
    )
    commands = parser.add_subparsers(dest="command", metavar="command")

    rules = commands.add_parser(
        "rules", help="list every house-rule option, its allowed values, default and presets"
    )
    rules.add_argument(
        "--preset", choices=list(PRESETS), metavar="PRESET", help="show this preset's values"
    )
    rules.add_argument("--json", action="store_true", help="print JSON instead of text")

    play = commands.add_parser("play", help="play Spades against bots in the terminal")
    play.add_argument(
        "--preset",
        choices=list(PRESETS),
        metavar="PRESET",
        default="classic",
        help="house rules (default: classic); see `python -m bot rules`",
    )
    play.add_argument("--seed", type=int, help="replay a deal: the same seed, the same cards")
    play.add_argument("--hands", type=_positive_int, help="stop after this many hands")

    bench = commands.add_parser("bench", help="benchmarks")
    benchmarks = bench.add_subparsers(dest="benchmark", metavar="benchmark", required=True)
    engine = benchmarks.add_parser(
        "engine", help="random hands per second, compared with OpenSpiel when installed"
    )
    engine.add_argument("--hands", type=_positive_int, default=2000, help="default: 2000")
    engine.add_argument("--seed", type=int, default=0, help="default: 0")
    rule_set = engine.add_mutually_exclusive_group()
    rule_set.add_argument(
        "--preset", choices=list(PRESETS), metavar="PRESET", help="default: the default rules"
    )
    rule_set.add_argument(
        "--all-presets", action="store_true", help="split the hands evenly over every preset"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "rules":
        print(rules_json(args.preset) if args.json else rules_text(args.preset))
        return 0
    if args.command == "play":
        return play_terminal(args.preset, seed=args.seed, hands=args.hands)
    if args.command == "bench":
        result = run_engine_bench(args.hands, args.seed, args.preset, args.all_presets)
        print(format_engine_bench(result))
        return 0
    return run_bot()


def run_bot() -> int:
    """Start the Discord bot, or explain on stderr why it cannot start."""
    try:
        settings = load_settings()
    except ValidationError as error:
        print(f"The settings in the environment or .env are invalid:\n{error}", file=sys.stderr)
        return EXIT_NOT_CONFIGURED
    if settings.discord_token is None:
        print(
            "No Discord token. Put DISCORD_TOKEN=<your bot token> in .env (see .env.example)\n"
            "or in the environment, or play a hand against bots in the terminal:\n"
            "python -m bot play",
            file=sys.stderr,
        )
        return EXIT_NOT_CONFIGURED
    print(
        "A token is set, but this build has no Discord layer yet, so there is nothing to run.\n"
        "Available now: python -m bot rules, python -m bot bench engine",
        file=sys.stderr,
    )
    return EXIT_NOT_CONFIGURED


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
