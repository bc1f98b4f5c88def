"""The pseudo-locale: every message of the catalogs wrapped in brackets and accented
(``[Ŷöûŕ ţûŕñ.]``), made at test time from the source's own strings, so that a test can see
at a glance which words on screen escaped translation: those outside any brackets.

``install_pseudo(locale)`` makes ``locale`` speak it (a Discord code with no catalog of its
own, so a fake member can carry it); ``escaped_words`` finds the words outside brackets in
a text, and ``escaped_in_bodies`` in everything the bot sent the fake Discord.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator
from typing import Any

from bot.i18n import register_catalog

# A Discord locale no catalog speaks: the tests' members with it read the pseudo-locale.
PSEUDO_LOCALE = "da"
OPEN, CLOSE = "[", "]"
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
# A placeholder (``{name}``, ``{count}``) and a format spec stay as they are.
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` accented and bracketed, its placeholders untouched."""
    parts = _PLACEHOLDER.split(message)
    return OPEN + "".join(p if p.startswith("{") else p.translate(_ACCENTED) for p in parts) + CLOSE


class PseudoTranslations(gettext.NullTranslations):
    """A catalog that holds every message there is, each in its pseudo form."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def install_pseudo(locale: str = PSEUDO_LOCALE) -> None:
    register_catalog(locale, PseudoTranslations())


def uninstall_pseudo(locale: str = PSEUDO_LOCALE) -> None:
    register_catalog(locale, None)


# What is not a word of the bot's even outside brackets: mentions, channels and custom emoji
# markup, timestamps, links, and cards as codes or faces (A♠, 10h, BJ).
_NOT_WORDS = re.compile(
    r"<[@#:a][^>]*>|<t:\d+(:\w)?>|https?://\S+|\b(?:10|[2-9AKQJ])[♣♦♥♠]|`[^`]*`"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def outside_brackets(text: str) -> str:
    """The parts of ``text`` outside every pair of pseudo brackets (nested ones too)."""
    depth, kept = 0, []
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE and depth:
            depth -= 1
        elif not depth:
            kept.append(char)
    return "".join(kept)


def escaped_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that are outside pseudo brackets, but for ``allowed`` ones
    (members' names, a table's options as typed)."""
    known = {word.lower() for word in allowed}
    plain = _NOT_WORDS.sub(" ", outside_brackets(text))
    return [word for word in _WORD.findall(plain) if word.lower() not in known]


# The keys of a message's JSON whose values a member reads.
_SHOWN = frozenset({"content", "title", "description", "label", "placeholder", "text"})


def _shown(body: Any, key: str | None = None) -> Iterator[str]:
    if isinstance(body, dict):
        for name, value in body.items():
            if name in ("custom_id", "url", "emoji", "id"):
                continue
            # An embed field's name and value; an autocomplete choice's name (its value is
            # what the bot reads back, never shown).
            shown_here = {"fields": ("name", "value"), "choices": ("name",)}.get(key or "", ())
            if name in shown_here and isinstance(value, str):
                yield value
            else:
                yield from _shown(value, name if isinstance(value, (dict, list)) else key)
                if name in _SHOWN and isinstance(value, str):
                    yield value
    elif isinstance(body, list):
        for item in body:
            yield from _shown(item, key)


def escaped_in_bodies(bodies: Iterable[Any], allowed: Iterable[str] = ()) -> list[str]:
    """Every escaped word in message bodies the bot sent: content, embeds, buttons' labels,
    selects' placeholders and options, autocomplete choices."""
    allowed = list(allowed)
    return [
        word for body in bodies for text in _shown(body) for word in escaped_words(text, allowed)
    ]
