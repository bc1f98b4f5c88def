"""``python -m bot i18n extract|update|compile``: the translation catalogs' upkeep, by Babel.

- ``extract`` reads every ``_()``, ``ngettext()`` and ``N_()`` in bot/ and cogs/ (babel.cfg)
  into the template ``bot/locales/spades.pot``;
- ``update`` merges the template into each language's ``.po`` (new messages empty, changed
  ones marked fuzzy for a translator to check);
- ``compile`` writes each ``.po``'s ``.mo`` (the build and the bot on start-up do it too).

Each is the ``pybabel`` command the README gives, run with this project's options.
"""

from __future__ import annotations

from contextlib import chdir
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from bot.i18n import DOMAIN, LOCALES

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
KEYWORDS = ("_", "ngettext:1,2", "N_")


def pybabel(*args: str) -> None:
    """Run ``pybabel`` with ``args`` in this process."""
    CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]


def extract() -> None:
    keywords = [option for word in KEYWORDS for option in ("-k", word)]
    # From the checkout's root, so the template names files as bot/..., not by this machine.
    with chdir(ROOT):
        _extract(keywords)


def _extract(keywords: list[str]) -> None:
    pybabel(
        "extract",
        "--no-default-keywords",
        *keywords,
        "-F",
        str(ROOT / "babel.cfg"),
        "--project",
        "spades-bot",
        "--msgid-bugs-address",
        "",
        "--copyright-holder",
        "spades-bot",
        "--sort-by-file",
        "--width",
        "100",
        "-o",
        str(TEMPLATE.relative_to(ROOT)),
        ".",
    )


def update() -> None:
    # Messages gone from the source go from the catalogs too (git keeps their history).
    pybabel(
        "update",
        "--ignore-obsolete",
        "-D",
        DOMAIN,
        "-i",
        str(TEMPLATE),
        "-d",
        str(LOCALES),
        "--width",
        "100",
    )


def compile_all() -> None:
    pybabel("compile", "-D", DOMAIN, "-d", str(LOCALES), "--statistics")


def main(action: str) -> int:
    {"extract": extract, "update": update, "compile": compile_all}[action]()
    return 0
