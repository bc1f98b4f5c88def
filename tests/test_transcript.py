"""``python -m bot transcript``: one seeded game's moments worded in several languages by
the Discord adapter's renderers, with no English left in any but English."""

from __future__ import annotations

import asyncio

from devtools.pseudo import PSEUDO_LOCALE, escaped_words, install_pseudo, uninstall_pseudo
from devtools.transcript import play, transcript


def test_the_same_moments_of_one_game_read_in_each_language() -> None:
    moments = asyncio.run(play(2))
    spanish, german = transcript(moments, ["es-ES"]), transcript(moments, ["de"])
    # The bots' names, the refusal and the score in each language.
    assert "· `2` Bot 2 (fácil) 🤖 — apuesta" in spanish, spanish
    assert "\nAhora no puedes jugar una carta: se está apostando.\n" in spanish
    assert "Puntuación de la mano 1:" in spanish
    assert "· `2` Bot 2 (leicht) 🤖 — Ansage" in german, german
    assert "\nDu kannst jetzt keine Karte spielen: es wird gerade angesagt.\n" in german
    assert "Wertung von Spiel 1:" in german
    install_pseudo()
    try:
        pseudo = transcript(moments, [PSEUDO_LOCALE])
    finally:
        uninstall_pseudo()
    # Every line but the headings this command adds, and the member's name.
    read = [line for line in pseudo.splitlines() if not line.startswith(("===", "---"))]
    assert escaped_words("\n".join(read), ["Ana"]) == []
    assert len(read) > 20
