"""The pseudo-locale: every message wrapped and accented, its placeholders kept; the scan
that finds words outside its brackets; and the slices converted so far read entirely in it
(the terminal game here; the commands' answers in tests/discord/test_spades_language.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import _, ngettext, use_locale
from bot.terminal import play_terminal
from devtools.pseudo import (
    PSEUDO_LOCALE,
    escaped_in_bodies,
    escaped_words,
    install_pseudo,
    pseudo,
    uninstall_pseudo,
)


@pytest.fixture
def pseudo_locale() -> Iterator[str]:
    install_pseudo()
    yield PSEUDO_LOCALE
    uninstall_pseudo()


def test_every_message_is_wrapped_and_accented_with_its_placeholders_kept(
    pseudo_locale: str,
) -> None:
    with use_locale(pseudo_locale):
        turn = _("Your turn, {name}.").format(name="Ana")
        tricks = [ngettext("{count} trick", "{count} tricks", n).format(count=n) for n in (1, 2)]
    assert turn == "[Ýöûŕ ţûŕñ, Ana.]"
    assert tricks == ["[1 ţŕíçķ]", "[2 ţŕíçķš]"]
    assert pseudo("{count:+d} points") == "[{count:+d} þöíñţš]"


def test_the_scan_finds_words_outside_brackets_and_only_those() -> None:
    text = "[Ýöûŕ ţûŕñ, [Šöûţĥ].] Your turn <@123> A♠ 10♥ `AS` ana"
    assert escaped_words(text, allowed=["ana"]) == ["Your", "turn"]
    bodies = [
        {
            "type": 4,
            "data": {
                "content": "[ök]",
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "label": "Click me", "custom_id": "a:b"}],
                    }
                ],
            },
        },
        {
            "content": "",
            "embeds": [{"title": "[ţ]", "fields": [{"name": "Score", "value": "[v]"}]}],
        },
        {"type": 8, "data": {"choices": [{"name": "Ace of spades", "value": "AS"}]}},
    ]
    assert escaped_in_bodies(bodies) == ["Click", "me", "Score", "Ace", "of", "spades"]


def test_the_terminal_game_reads_entirely_in_the_pseudo_locale(pseudo_locale: str) -> None:
    typed = iter(["help", "table", "hello", "3"])
    screen: list[str] = []

    def read(prompt: str) -> str:
        screen.append(prompt)
        return next(typed, "auto")

    status = play_terminal(
        "classic", seed=3, hands=1, read=read, write=screen.append, locale=pseudo_locale
    )
    assert status == 0
    # Each thing written whole: a message of several lines is bracketed as one.
    assert len(screen) > 80
    assert [(text, escaped_words(text)) for text in screen if escaped_words(text)] == []
