"""Words in the reader's language: the one translation function every user-visible string
goes through (architecture decision 15).

Mark a string where it is written, translated for whoever reads it::

    from bot.i18n import _, ngettext

    _("It's not your turn: waiting for {name}.").format(name=name)
    ngettext("{n} trick", "{n} tricks", n).format(n=n)

A message that is built before its reader is known (a module constant, a choice's label) is
marked with ``N_`` and translated with ``_`` where it is shown. Placeholders are named
(``{name}``), so a language may put them in any order.

The language is the one in force for the running task (``use_locale``): a member's own
answers and DMs in theirs, the channel's messages in the server's. Without one, or for a
language with no catalog, the words are English, as written in the source.

Catalogs are gettext's: ``bot/locales/<language>/LC_MESSAGES/spades.po``, compiled to
``.mo`` beside it by the build (setup.py) and, in a checkout, here on first use when the
``.mo`` is missing or older than its ``.po``. Numbers, dates and lists are written by
Babel in the language in force (``format_number``, ``format_datetime``, ``format_list``).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

# Babel is imported where it is used: a process that only reads compiled catalogs (the
# bots' search workers, the terminal) never loads its formatting or catalog modules.

DOMAIN = "spades"
LOCALES = Path(__file__).parent / "locales"
# The source's language: a locale with no catalog reads these words.
DEFAULT_LOCALE = "en"
# The catalogs shipped, by gettext's name (``bot/locales/<name>``), the source's English first.
LANGUAGES = ("en", "es", "pt_BR", "fr", "de")

_current: ContextVar[str] = ContextVar("spades_locale", default=DEFAULT_LOCALE)
# Catalogs made outside bot/locales (the tests' pseudo-locale), by Discord locale code.
_registered: dict[str, gettext.NullTranslations] = {}
# Each locale's catalog as ``translations`` found it, by Discord locale code: every string
# shown asks (about 120 a click when bots play), so it is looked up once a locale. Emptied
# whenever a catalog is registered or forgotten; bounded, should odd codes come by.
_found: dict[str, gettext.NullTranslations] = {}
_FOUND_MOST = 256


@lru_cache(maxsize=128)  # Discord has about thirty codes; every string asks again
def catalog_name(locale: str | None) -> str:
    """The catalog that speaks Discord's ``locale`` (``es-ES`` and ``es-419``: ``es``;
    ``pt-BR``: ``pt_BR``; ``en-GB``: ``en``), or ``en`` for a language without one."""
    if not locale:
        return DEFAULT_LOCALE
    code = locale.replace("-", "_")
    language = code.split("_", 1)[0].lower()
    for name in (code, language):
        if name in LANGUAGES:
            return name
    # Portuguese of Portugal reads Brazil's catalog sooner than English.
    return next((name for name in LANGUAGES if name.split("_")[0] == language), DEFAULT_LOCALE)


def compile_catalog(po: Path, mo: Path | None = None) -> bytes:
    """Compile ``po`` to the bytes of its ``.mo``; written to ``mo`` when given."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    if mo is not None:
        # Written whole, then renamed over the old one: another process starting at the
        # same moment reads the old catalog or the new, never half of one.
        partial = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")
        partial.write_bytes(buffer.getvalue())
        os.replace(partial, mo)
    return buffer.getvalue()


def _load(name: str) -> gettext.NullTranslations:
    """The compiled catalog ``name``, compiling its ``.po`` first where the ``.mo`` is
    missing or older (an editable checkout); in memory if the folder is read-only."""
    folder = LOCALES / name / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if po.is_file() and (not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime):
        try:
            compile_catalog(po, mo)
        except OSError:
            return gettext.GNUTranslations(io.BytesIO(compile_catalog(po)))
    if not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


@cache
def _catalog(name: str) -> gettext.NullTranslations:
    if name == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    return _load(name)


def translations(locale: str) -> gettext.NullTranslations:
    """The catalog of ``locale`` (Discord's codes: ``es-ES``, ``es-419``, ``pt-BR``, ``fr``,
    ``de``, ``en-US``...), the source's English for a language without one."""
    found = _found.get(locale)
    if found is None:
        registered = _registered.get(locale)
        found = registered if registered is not None else _catalog(catalog_name(locale))
        if len(_found) >= _FOUND_MOST:
            _found.clear()
        _found[locale] = found
    return found


def forget_catalogs() -> None:
    """Read every catalog again at its next use, as a process that has just started does
    (a catalog's .po changed under a running process: the tests')."""
    _catalog.cache_clear()
    _found.clear()


def register_catalog(locale: str, catalog: gettext.NullTranslations | None) -> None:
    """Speak ``catalog`` for ``locale`` (``None``: forget it): for catalogs made at run time,
    such as the tests' pseudo-locale."""
    if catalog is None:
        _registered.pop(locale, None)
    else:
        _registered[locale] = catalog
    _found.clear()


def current_locale() -> str:
    """The language the running task speaks."""
    return _current.get()


@contextmanager
def use_locale(locale: str | None) -> Iterator[None]:
    """Speak ``locale`` (``None``: the source's English) inside the ``with`` block."""
    token = _current.set(locale or DEFAULT_LOCALE)
    try:
        yield
    finally:
        _current.reset(token)


def speak(locale: str | None) -> None:
    """Speak ``locale`` for the rest of the running task (each interaction runs in its own):
    what the adapter sets once, where an interaction comes in."""
    _current.set(locale or DEFAULT_LOCALE)


def _(message: str) -> str:
    """``message`` in the running task's language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the running task's language uses for ``n``."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the running task's language, where ``context`` tells apart two
    meanings one English word has (a card ``pass`` and an auction's ``pass``)."""
    return translations(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (see the module's text)."""
    return message


# Words said before it is known who reads them (a table's notice, a tournament's
# announcement): a function that writes them in the language in force when called, where
# they are shown, so the channel reads them in the server's language and a member's DMs in
# the member's.
Words = Callable[[], str]


def words(message: str, **values: object) -> Words:
    """``message`` (marked with ``N_``), translated and filled in when it is said."""
    return lambda: _(message).format(**values)


@cache
def _babel_locale(name: str) -> Locale:
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(name)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT_LOCALE)


def babel_locale() -> Locale:
    """Babel's locale for the running task's language (its catalog's; English without one)."""
    locale = _current.get()
    name = locale.replace("-", "_") if locale not in _registered else DEFAULT_LOCALE
    language = catalog_name(locale)
    # A regional Discord locale of a shipped language keeps its region's conventions
    # (es-419, en-GB); anything else reads its catalog's.
    return _babel_locale(name if name.split("_")[0] == language.split("_")[0] else language)


def format_number(number: int | float) -> str:
    """``number`` as the running task's language writes it: 1,234.5 / 1.234,5 / 1 234,5."""
    from babel.numbers import format_decimal

    return format_decimal(number, locale=babel_locale())


def format_percent(share: float, decimals: int = 0) -> str:
    """``share`` (0.62 for 62 in a hundred) as a percentage the running task's language
    writes: 62% / 62 % / 62,5 %, up to ``decimals`` places. The sign comes with the number,
    so no message holds a bare ``%`` (gettext's tools would read it as a C placeholder)."""
    from babel.numbers import format_percent as babel_percent

    locale = babel_locale()
    pattern = locale.percent_formats[None].pattern
    if decimals:
        pattern = pattern.replace("0", "0." + "#" * decimals, 1)
    return babel_percent(share, pattern, locale=locale)


def format_datetime(moment: datetime | date, width: str = "medium") -> str:
    """A date or a moment as the running task's language writes it (``width``: Babel's
    ``short``, ``medium``, ``long`` or ``full``)."""
    from babel.dates import format_date, format_datetime

    if isinstance(moment, datetime):
        return format_datetime(moment, width, locale=babel_locale())
    return format_date(moment, width, locale=babel_locale())


def format_list(items: Sequence[str]) -> str:
    """``items`` joined as the running task's language joins them: "A, B and C",
    "A, B y C", "A, B et C"."""
    from babel.lists import format_list

    return format_list(list(items), locale=babel_locale())
