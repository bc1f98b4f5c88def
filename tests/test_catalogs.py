"""The translation catalogs: every language complete, its placeholders the English ones, its
header and plural forms right; the template up to date with the source; a checkout compiles
a missing or stale ``.mo`` on first use, and the build compiles them all."""

from __future__ import annotations

import gettext
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

import bot.i18n as i18n
from bot.engine import Bid, Rules
from bot.i18n import LANGUAGES, LOCALES, _, ngettext, translations, use_locale
from bot.render.text import bid_text
from devtools.i18n import Coverage, coverage, print_stats, rule_descriptions
from tests.test_setup import setup

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [name for name in LANGUAGES if name != "en"]
# The conventional gettext rules: French and Brazilian Portuguese say "0 pli", "0 vaza"
# (the singular for 0 and 1); Spanish and German "0 bazas", "0 Stiche".
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _messages(catalog: Catalog) -> dict[tuple[str | None, object], Message]:
    """Each entry by its context (a pgettext's) and its id."""
    return {(message.context, message.id): message for message in catalog if message.id}


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_there_is_a_catalog_for_every_language_and_no_other() -> None:
    assert sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/spades.po")) == sorted(
        TRANSLATED
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_english_placeholders(language: str) -> None:
    template = _messages(_catalog(LOCALES / "spades.pot"))
    catalog = _messages(_catalog(LOCALES / language / "LC_MESSAGES" / "spades.po"))
    assert set(catalog) == set(template), "run `python -m bot i18n update`"
    for (_context, msgid), message in catalog.items():
        assert not message.fuzzy, msgid
        if isinstance(msgid, tuple):
            singular, plural = msgid
            assert isinstance(message.string, tuple) and len(message.string) == 2, msgid
            for form in message.string:
                assert form, msgid
                assert _placeholders(form) == _placeholders(plural) | _placeholders(singular)
        else:
            assert isinstance(message.string, str) and message.string, msgid
            assert _placeholders(message.string) == _placeholders(msgid), msgid
            # A line break is part of the layout (the terminal's help): kept line for line.
            assert message.string.count("\n") == msgid.count("\n"), msgid


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogs_header_names_its_language_charset_and_plural_forms(language: str) -> None:
    catalog = _catalog(LOCALES / language / "LC_MESSAGES" / "spades.po")
    headers = dict(catalog.mime_headers)
    assert headers["Language"] == language
    assert headers["Plural-Forms"] == PLURAL_FORMS[language]
    assert headers["Content-Type"] == "text/plain; charset=utf-8"
    assert not catalog.fuzzy


@pytest.mark.parametrize(
    ("locale", "zero", "one", "two"),
    [
        ("es-ES", "0 bazas", "1 baza", "2 bazas"),
        ("es-419", "0 bazas", "1 baza", "2 bazas"),
        ("pt-BR", "0 vaza", "1 vaza", "2 vazas"),
        ("fr", "0 pli", "1 pli", "2 plis"),
        ("de", "0 Stiche", "1 Stich", "2 Stiche"),
        ("en-US", "0 tricks", "1 trick", "2 tricks"),
        ("en-GB", "0 tricks", "1 trick", "2 tricks"),
    ],
)
def test_discords_locale_codes_read_their_languages_plurals(
    locale: str, zero: str, one: str, two: str
) -> None:
    with use_locale(locale):
        forms = [ngettext("{count} trick", "{count} tricks", n).format(count=n) for n in (0, 1, 2)]
    assert forms == [zero, one, two]


@pytest.mark.parametrize(
    ("locale", "spades"),
    [
        ("es-ES", "Las picas están rotas."),
        ("pt-BR", "As espadas já foram quebradas."),
        ("fr", "Les piques sont ouverts."),
        ("de", "Pik ist gebrochen."),
        ("en-GB", "Spades are broken."),
        ("ja", "Spades are broken."),
    ],
)
def test_each_language_says_its_own_words(locale: str, spades: str) -> None:
    with use_locale(locale):
        assert _("Spades are broken.") == spades


def test_the_template_holds_every_marked_string_of_the_source() -> None:
    keywords = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}
    found: set[object] = set()
    for folder in ("bot", "cogs"):
        for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / folder, keywords=keywords
        ):
            found.add((context, message))
    found |= {(None, text) for text in rule_descriptions().values()}
    assert found == set(_messages(_catalog(LOCALES / "spades.pot"))), (
        "run `python -m bot i18n extract` and `python -m bot i18n update`"
    )


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the Spanish catalog, as a checkout has it: a .po and no .mo."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(LOCALES / "es" / "LC_MESSAGES" / "spades.po", folder)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.forget_catalogs()
    yield folder
    i18n.forget_catalogs()


def test_a_checkout_compiles_a_missing_mo_on_first_use(checkout: Path) -> None:
    assert translations("es-ES").gettext("Bye.") == "Adiós."
    assert (checkout / "spades.mo").is_file()


def test_a_mo_older_than_its_po_is_compiled_again(checkout: Path) -> None:
    translations("es-ES")
    po = checkout / "spades.po"
    po.write_text(po.read_text("utf-8").replace('"Adiós."', '"Hasta luego."'), "utf-8")
    mo_time = (checkout / "spades.mo").stat().st_mtime
    os.utime(po, (mo_time + 10, mo_time + 10))
    i18n.forget_catalogs()
    assert translations("es").gettext("Bye.") == "Hasta luego."


def test_the_build_compiles_every_catalog(tmp_path: Path) -> None:
    shutil.copytree(LOCALES, tmp_path / "locales", ignore=shutil.ignore_patterns("*.mo"))
    made = setup.compile_catalogs(tmp_path / "locales")
    assert sorted(mo.parent.parent.name for mo in made) == sorted(TRANSLATED)
    for mo in made:
        with mo.open("rb") as compiled:
            catalog = gettext.GNUTranslations(compiled)
        assert catalog.gettext("Bye.") != "Bye."


def test_the_coverage_counts_every_entry_of_the_template_in_each_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(LOCALES, tmp_path / "locales", ignore=shutil.ignore_patterns("*.mo"))
    assert all(c.translated == c.total and not c.fuzzy for c in coverage())
    # German with one entry a translator has not checked and one not translated yet.
    po = tmp_path / "locales" / "de" / "LC_MESSAGES" / "spades.po"
    catalog = _catalog(po)
    checked, empty = [m for m in catalog if m.id and isinstance(m.id, str)][:2]
    checked.flags.add("fuzzy")
    empty.string = ""
    with po.open("wb") as target:
        write_po(target, catalog, width=100)
    counted = {c.language: c for c in coverage(tmp_path / "locales")}
    total = counted["es"].total
    assert counted["es"] == Coverage("es", total, total, 0, 0)
    assert counted["de"] == Coverage("de", total - 2, total, 1, 0)
    print_stats()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:]] == ["es", "pt_BR", "fr", "de"]
    assert lines[1].split()[1:5] == [str(total), "/", str(total), "100.0%"]


def test_german_writes_nil_as_the_noun_it_is() -> None:
    """A German table writes "Nil" capitalised, as in "Blind Nil", in a bid and in the score;
    the score's line reads the same word."""
    with use_locale("de"):
        assert bid_text(Bid(0, 0), Rules()) == "Nil"
        assert bid_text(Bid(0, 0, True), Rules(nil_in_the_dark=True)) == "Nil im Dunkeln"
