"""The pictures checked in under tests/render/expected/, how to make them again, and how a
fresh drawing is compared with them.

Regenerate them after a deliberate change to the drawing, then look at them::

    python -m tests.render.pictures
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageChops

from bot.engine import (
    Action,
    Bid,
    Game,
    HandRecord,
    PlayCard,
    RevealCards,
    Rules,
    SeatView,
    hand_records,
)
from bot.render.cards import card_sheet
from bot.render.hand_picture import hand_picture

EXPECTED = Path(__file__).parent / "expected"
CARD_SHEET = EXPECTED / "card_sheet.png"
HISTORY_HAND = EXPECTED / "history_hand.png"
NAMES = ("Ada", "Bartholomew the Bold", "Chloé", "Dmitri", "Eve", "Finn")

# FreeType builds differ in how they smooth glyph edges, so pixels may differ by a shade
# from one platform to another; a real change to the drawing moves far more than this.
_SHADE = 48
_MOST_PIXELS_CHANGED = 0.01


def changed_share(drawn: bytes, expected: Path) -> float:
    """The share of pixels that differ by more than a shade of smoothing between a fresh
    drawing and the checked-in picture (1.0 when their sizes differ)."""
    fresh = Image.open(io.BytesIO(drawn)).convert("RGB")
    kept = Image.open(expected).convert("RGB")
    if fresh.size != kept.size:
        return 1.0
    difference = ImageChops.difference(fresh, kept).convert("L")
    changed = sum(difference.histogram()[_SHADE:])
    return changed / (fresh.width * fresh.height)


def looks_the_same(drawn: bytes, expected: Path) -> bool:
    return changed_share(drawn, expected) <= _MOST_PIXELS_CHANGED


def scripted(view: SeatView) -> Action:
    """A plain, fixed way to play, so a test's game depends on the engine alone (not on the
    bots, which change): bid the honours held, play the lowest legal card."""
    legal = view.legal_actions
    bids = [a for a in legal if isinstance(a, Bid) and not a.blind]
    if bids:
        assert view.hand is not None
        honours = sum(1 for card in view.hand if card.rank >= 12)
        return min(bids, key=lambda b: (abs(b.tricks - honours), b.tricks))
    plays = [a for a in legal if isinstance(a, PlayCard)]
    reveal = [a for a in legal if isinstance(a, RevealCards)]
    return (plays or reveal or list(legal))[0]


def played_hands(rules: Rules, seed: int, hands: int) -> list[HandRecord]:
    """The first ``hands`` hands of a scripted game, as ``/history`` replays them."""
    game = Game.new(rules, seed=seed, dealer=0)
    while not game.is_over and len(game.results) < hands:
        assert game.to_act is not None
        game.apply(scripted(game.view(game.to_act)))
    return hand_records(rules, seed=seed, dealer=0, actions=game.history)


def history_hand() -> bytes:
    """The second hand of a scripted classic game, as ``/history game hand`` draws it."""
    rules = Rules.preset("classic")
    record = played_hands(rules, seed=12, hands=2)[1]
    return hand_picture(record, NAMES[:4], rules, "Game #12, hand 2")


def pictures() -> dict[Path, bytes]:
    """Every checked-in picture and what the code draws for it now."""
    return {CARD_SHEET: card_sheet(), HISTORY_HAND: history_hand()}


def main() -> None:
    for path, drawn in pictures().items():
        path.write_bytes(drawn)
        print(f"wrote {path} ({len(drawn):,} bytes)")


if __name__ == "__main__":
    main()
