"""``python -m bot i18n extract|update|compile``: the translation catalogs' upkeep, by Babel.

- ``extract`` reads every ``_()``, ``ngettext()``, ``pgettext()`` and ``N_()`` in bot/ and
  cogs/ (babel.cfg) into the template ``bot/locales/spades.pot``;
- ``update`` merges the template into each language's ``.po`` (new messages empty, changed
  ones marked fuzzy for a translator to check);
- ``compile`` writes each ``.po``'s ``.mo`` (the build and the bot on start-up do it too);
- ``stats`` prints each language's coverage of the template: entries translated of all,
  and how many are fuzzy or missing from its ``.po``.

Each is the ``pybabel`` command the README gives, run with this project's options.
"""

from __future__ import annotations

from contextlib import chdir
from dataclasses import dataclass
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from bot.engine import Rules
from bot.i18n import DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
KEYWORDS = ("_", "ngettext:1,2", "pgettext:1c,2", "N_")


def pybabel(*args: str) -> None:
    """Run ``pybabel`` with ``args`` in this process."""
    CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]


def extract() -> None:
    keywords = [option for word in KEYWORDS for option in ("-k", word)]
    # From the checkout's root, so the template names files as bot/..., not by this machine.
    with chdir(ROOT):
        _extract(keywords)
    add_rule_descriptions()


def rule_descriptions() -> dict[str, str]:
    """Each house rule's description, by option name: the engine's ``Rules`` holds them as
    data (``Field(description=...)``), where no extractor looks; ``python -m bot rules``
    shows them translated."""
    return {name: f.description for name, f in Rules.model_fields.items() if f.description}


def add_rule_descriptions() -> None:
    with TEMPLATE.open("rb") as source:
        catalog = read_po(source)
    for name, description in rule_descriptions().items():
        catalog.add(
            description,
            locations=[("bot/engine/rules.py", 0)],
            auto_comments=[f"The house rule {name}, in `python -m bot rules`."],
        )
    with TEMPLATE.open("wb") as target:
        write_po(target, catalog, width=100, sort_by_file=True)


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


@dataclass(frozen=True, slots=True)
class Coverage:
    """How much of the template one language's catalog translates: ``translated`` of
    ``total`` entries, ``fuzzy`` ones (not used until a translator checks them) and
    ``missing`` ones (in the template, not in the ``.po``: run ``update``)."""

    language: str
    translated: int
    total: int
    fuzzy: int
    missing: int

    def line(self) -> str:
        share = 100 * self.translated / self.total if self.total else 100.0
        return (
            f"{self.language:<9} {self.translated:>10} / {self.total:<7} {share:5.1f}%"
            f"  {self.fuzzy:>5}  {self.missing:>7}"
        )


def coverage(locales: Path = LOCALES) -> list[Coverage]:
    """Each shipped language's coverage of the template, in ``LANGUAGES`` order (of the
    catalogs in ``locales``, laid out as ``bot/locales``)."""
    with (locales / TEMPLATE.name).open("rb") as source:
        template = {m.id for m in read_po(source) if m.id}
    out = []
    for language in LANGUAGES[1:]:
        with (locales / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
            catalog = read_po(source, locale=language)
        messages = {m.id: m for m in catalog if m.id}
        shown = [messages[i] for i in template if i in messages]
        done = [m for m in shown if not m.fuzzy and _filled(m.string)]
        fuzzy = sum(1 for m in shown if m.fuzzy)
        missing = len(template) - len(shown)
        out.append(Coverage(language, len(done), len(template), fuzzy, missing))
    return out


def _filled(string: str | tuple[str, ...] | list[str] | None) -> bool:
    """Every form of the entry's translation written."""
    if string is None or isinstance(string, str):
        return bool(string)
    return all(string)


def print_stats() -> None:
    print("language  translated / entries  share  fuzzy  missing")
    for language in coverage():
        print(language.line())


def main(action: str) -> int:
    actions = {"extract": extract, "update": update, "compile": compile_all, "stats": print_stats}
    actions[action]()
    return 0
