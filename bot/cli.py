"""Command line: run the Discord bot (the default), play in the terminal, rules, benchmarks."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from pydantic import ValidationError

from bot.arguments import add_preset, positive_int
from bot.config import load_settings
from bot.health import check_heartbeat
from bot.i18n import use_locale
from bot.render.rules_text import rules_json, rules_text
from bot.terminal import play_terminal, terminal_locale, wants_colour

# Exit status for "cannot start as configured", distinct from a crash (1).
EXIT_NOT_CONFIGURED = 2
# Exit status of ``health`` for anything but a healthy bot: the only failure a container's
# HEALTHCHECK knows (Docker reserves 2).
EXIT_UNHEALTHY = 1
# Commands of the development tools in ``devtools/``, which only a checkout has.
DEV_COMMANDS = {
    "arena": "two bots play duplicate deals: score margin, sets, Nils, bags, latency"
    " (from a checkout)",
    "train": "the held-card model the hard bot deals by (from a checkout, with numpy)",
    "i18n": "the translation catalogs: extract, update, compile, stats (from a checkout)",
    "transcript": "one seeded game's moments in several languages (from a checkout)",
    "bench": "benchmarks: engine, search, claims, tables, storage, pairing (from a checkout)",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Spades for Discord. With no command, runs the bot (needs DISCORD_TOKEN).",
    )
    commands = parser.add_subparsers(dest="command", metavar="command")

    rules = commands.add_parser(
        "rules", help="list every house-rule option, its allowed values, default and presets"
    )
    add_preset(rules, None, "show this preset's values")
    rules.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_language(rules)

    play = commands.add_parser("play", help="play Spades against bots in the terminal")
    add_preset(play, "classic", "house rules (default: classic); see `python -m bot rules`")
    play.add_argument("--seed", type=int, help="replay a deal: the same seed, the same cards")
    play.add_argument("--hands", type=positive_int, help="stop after this many hands")
    play.add_argument(
        "--minutes",
        type=positive_int,
        help="play for this many minutes (house rule play_to time, 10 to 480 in steps of 5):"
        " when time runs out the hand in play is the last, and the higher score wins",
    )
    add_language(play)

    commands.add_parser(
        "health",
        help="exit 0 if the running bot's heartbeat is recent (it is connected to Discord),"
        " 1 with the reason otherwise: a container's HEALTHCHECK",
    )

    for name, text in DEV_COMMANDS.items():
        # Listed here for --help; ``main`` hands them to ``devtools.cli`` before parsing.
        commands.add_parser(name, help=text, add_help=False)
    return parser


def add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        metavar="LANGUAGE",
        help="the language: en, es, pt-BR, fr or de (default: from LANGUAGE, LC_ALL,"
        " LC_MESSAGES or LANG)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in DEV_COMMANDS:
        return run_devtool(argv)
    args = build_parser().parse_args(argv)
    if args.command == "rules":
        with reader_may_leave(), use_locale(args.lang or terminal_locale(os.environ)):
            print(rules_json(args.preset) if args.json else rules_text(args.preset))
        return 0
    if args.command == "play":
        status = 0
        with reader_may_leave():
            colour = wants_colour(sys.stdout, os.environ)
            locale = args.lang or terminal_locale(os.environ)
            status = play_terminal(
                args.preset,
                seed=args.seed,
                hands=args.hands,
                minutes=args.minutes,
                colour=colour,
                locale=locale,
            )
        return status
    if args.command == "health":
        return run_health()
    return run_bot()


@contextmanager
def reader_may_leave() -> Iterator[None]:
    """End quietly when whatever reads standard output stops (``python -m bot rules |
    head``): the reader has what it wanted, and a traceback would only hide it."""
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at nothing so that flush is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run_devtool(argv: list[str]) -> int:
    """Run ``arena`` or ``bench`` from ``devtools``, which is not part of the installed bot."""
    try:
        tools = importlib.import_module("devtools.cli")
    except ModuleNotFoundError as error:
        if error.name is None or error.name.partition(".")[0] != "devtools":
            raise
        print(
            f"`{argv[0]}` is a development tool: run it from a checkout of the repository"
            " (its devtools/ folder is not installed with the bot).",
            file=sys.stderr,
        )
        return EXIT_NOT_CONFIGURED
    status: int = tools.main(argv)
    return status


def run_bot() -> int:
    """Start the Discord bot, or explain on stderr why it cannot start."""
    try:
        settings = load_settings()
    except ValidationError as error:
        print(
            f"The settings in the environment or .env are invalid:\n{settings_problems(error)}",
            file=sys.stderr,
        )
        return EXIT_NOT_CONFIGURED
    if settings.discord_token is None:
        print(
            "No Discord token. Put DISCORD_TOKEN=<your bot token> in .env (see .env.example)\n"
            "or in the environment, or play a hand against bots in the terminal:\n"
            "python -m bot play",
            file=sys.stderr,
        )
        return EXIT_NOT_CONFIGURED
    # Imported here so that the offline commands start without loading discord.py.
    from bot.client import CannotStart, run

    try:
        run(settings)
    except CannotStart as error:
        print(error, file=sys.stderr)
        return EXIT_NOT_CONFIGURED
    return 0


def run_health() -> int:
    """Say in one line whether the running bot is connected to Discord, by its heartbeat."""
    try:
        settings = load_settings()
    except ValidationError as error:
        problems = settings_problems(error).replace("\n", "; ")
        print(f"The settings in the environment or .env are invalid: {problems}", file=sys.stderr)
        return EXIT_UNHEALTHY
    verdict = check_heartbeat(settings.heartbeat_path)
    print(verdict.reason, file=sys.stdout if verdict.healthy else sys.stderr)
    return 0 if verdict.healthy else EXIT_UNHEALTHY


def settings_problems(error: ValidationError) -> str:
    """What is wrong with the settings, one line each, naming the setting: never the values
    given, which pydantic's own message repeats (a ``DATABASE_URL`` holds a password)."""
    lines = []
    for item in error.errors(include_input=False, include_url=False):
        where = "_".join(map(str, item["loc"])).upper()
        message = item["msg"].removeprefix("Value error, ")
        lines.append(message if where in message else f"{where}: {message}")
    return "\n".join(lines)
