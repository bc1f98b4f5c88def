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
``.mo`` beside it. Until a language's catalog is there, this module answers in English.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "spades"
LOCALES = Path(__file__).parent / "locales"
# The source's language: a locale with no catalog reads these words.
DEFAULT_LOCALE = "en"

_current: ContextVar[str] = ContextVar("spades_locale", default=DEFAULT_LOCALE)


@cache
def translations(locale: str) -> gettext.NullTranslations:
    """The catalog of ``locale`` (Discord's codes: ``es-ES``, ``pt-BR``, ``de``...), falling back
    from ``pt-BR`` to ``pt`` and at last to the source's English."""
    languages = [locale.replace("-", "_")]
    if "-" in locale:
        languages.append(locale.split("-", 1)[0])
    return gettext.translation(DOMAIN, LOCALES, languages=languages, fallback=True)


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


def _(message: str) -> str:
    """``message`` in the running task's language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the running task's language uses for ``n``."""
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (see the module's text)."""
    return message
