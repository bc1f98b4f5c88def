"""Command-line argument helpers shared by ``bot.cli`` and the development tools' commands."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from bot.engine import PRESETS


def add_preset(
    group: argparse._ActionsContainer, default: str | None, text: str | None = None
) -> None:
    """A ``--preset`` option naming one of the presets."""
    group.add_argument(
        "--preset",
        choices=list(PRESETS),
        metavar="PRESET",
        default=default,
        help=text or f"default: {default}",
    )


def at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return parse


positive_int = at_least(1)
