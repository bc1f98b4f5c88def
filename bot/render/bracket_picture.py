"""A single-elimination bracket as a picture: the rounds as columns, each match a box of
two lines, winners in bold going on to the next column, byes marked, and the champions at
the right.

Like the standings picture it takes words already translated (the rounds' headings, the
word for a bye) and names as they are, reduced to the characters the bundled font has and
cut to their box. A match not yet paired has empty lines. A bracket deeper than
``MAX_COLUMNS`` rounds shows its last ones only, so the picture stays a size Discord shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render import paint

SCALE = 2  # pixels a point, as the standings picture
PAD = 16
TITLE = 20
BODY = 13
LINE = 22  # one entrant's line in a match's box
GAP = 12  # between the boxes of the first column shown
COLUMN = 190  # a match's box
SPACE = 28  # between columns, where the lines join
MAX_COLUMNS = 5  # a first column of at most 16 matches
BACKGROUND: paint.Colour = (246, 246, 242)
BOX: paint.Colour = (255, 255, 255)
WON: paint.Colour = (250, 231, 160)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match: ``bottom`` None is a bye for ``top``; an empty name is not known yet;
    ``winner`` 0 (top) or 1 (bottom) once decided."""

    top: str
    bottom: str | None
    winner: int | None = None


def bracket_picture(
    title: str,
    subtitle: str,
    headings: Sequence[str],
    rounds: Sequence[Sequence[BracketMatch]],
    champion: str,
    bye: str,
) -> bytes:
    """PNG bytes of the bracket: ``rounds`` in order, each with half the matches of the one
    before; ``headings`` one per round and one more for the champion's column (``champion``
    empty until the final is decided)."""
    skip = max(0, len(rounds) - MAX_COLUMNS)
    shown, names = list(rounds[skip:]), list(headings[skip:])
    first = max(1, len(shown[0]) if shown else 1)
    columns = len(shown) + 1
    width = PAD * 2 + columns * COLUMN + (columns - 1) * SPACE
    top = PAD + TITLE + 8 + BODY + 16 + BODY + 12
    slot = 2 * LINE + GAP
    height = top + first * slot + PAD
    image = Image.new("RGB", (width * SCALE, height * SCALE), BACKGROUND)
    draw = ImageDraw.Draw(image)
    pen = _Pen(draw)
    pen.text(PAD, PAD, paint.fit(paint.printable(title), TITLE, width - 2 * PAD, True), TITLE, True)
    pen.text(
        PAD, PAD + TITLE + 8, paint.fit(paint.printable(subtitle), BODY, width - 2 * PAD), BODY
    )
    for column, heading in enumerate(names[:columns]):
        x = PAD + column * (COLUMN + SPACE)
        pen.text(
            x, top - BODY - 12, paint.fit(paint.printable(heading), BODY, COLUMN, True), BODY, True
        )
    centres = [top + slot * i + slot / 2 - GAP / 2 for i in range(first)]
    for column, matches in enumerate(shown):
        x = PAD + column * (COLUMN + SPACE)
        for index, match in enumerate(matches):
            _match_box(pen, x, centres[min(index, len(centres) - 1)], match, bye)
        centres = _joints(draw, x + COLUMN, centres[: max(1, len(matches))])
    x = PAD + len(shown) * (COLUMN + SPACE)
    box = (x, centres[0] - LINE / 2, x + COLUMN, centres[0] + LINE / 2)
    draw.rounded_rectangle(
        [v * SCALE for v in box],
        radius=4 * SCALE,
        fill=WON if champion else BOX,
        outline=paint.EDGE,
        width=SCALE,
    )
    name = paint.fit(paint.printable(champion), BODY, COLUMN - 12, True)
    pen.text(x + 6, centres[0], name, BODY, True, anchor="lm")
    return paint.png(image, colours=64)


class _Pen:
    """Text in points on the picture's pixels."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw

    def text(
        self, x: float, y: float, words: str, size: int, bold: bool = False, anchor: str = "la"
    ) -> None:
        fill = paint.BLACK
        paint.draw_text(self.draw, (x * SCALE, y * SCALE), words, size * SCALE, fill, bold, anchor)

    def muted(self, x: float, y: float, words: str) -> None:
        paint.draw_text(
            self.draw, (x * SCALE, y * SCALE), words, BODY * SCALE, paint.MUTED, False, "lm"
        )


def _match_box(pen: _Pen, x: float, centre: float, match: BracketMatch, bye: str) -> None:
    """The match's two lines, the winner's picked out; a bye's second line says so."""
    draw = pen.draw
    box = (x, centre - LINE, x + COLUMN, centre + LINE)
    draw.rounded_rectangle(
        [v * SCALE for v in box], radius=4 * SCALE, fill=BOX, outline=paint.EDGE, width=SCALE
    )
    draw.line(
        [(x * SCALE, centre * SCALE), ((x + COLUMN) * SCALE, centre * SCALE)],
        fill=paint.EDGE,
        width=1,
    )
    lines = [(match.top, 0), (match.bottom, 1)]
    for name, side in lines:
        middle = centre - LINE / 2 if side == 0 else centre + LINE / 2
        if name is None:
            pen.muted(x + 6, middle, paint.fit(paint.printable(bye), BODY, COLUMN - 12))
            continue
        won = match.winner == side
        if won:
            half = (x + 1, middle - LINE / 2 + 1, x + COLUMN - 1, middle + LINE / 2 - 1)
            draw.rectangle([v * SCALE for v in half], fill=WON)
        shown = paint.fit(paint.printable(name), BODY, COLUMN - 12, won)
        if match.winner is not None and not won:
            pen.muted(x + 6, middle, shown)
        else:
            pen.text(x + 6, middle, shown, BODY, won, anchor="lm")


def _joints(draw: ImageDraw.ImageDraw, right: float, centres: Sequence[float]) -> list[float]:
    """The lines from a column's matches to the next column, each two joined in the gap
    and going on at their middle: the next column's centres."""
    middle = right + SPACE / 2
    pairs = list(zip(centres[::2], centres[1::2], strict=False)) or [(centres[0], centres[0])]
    out = []
    for upper, lower in pairs:
        joined = (upper + lower) / 2
        for a, b in (
            ((right, upper), (middle, upper)),
            ((right, lower), (middle, lower)),
            ((middle, upper), (middle, lower)),
            ((middle, joined), (right + SPACE, joined)),
        ):
            draw.line(
                [(a[0] * SCALE, a[1] * SCALE), (b[0] * SCALE, b[1] * SCALE)],
                fill=paint.EDGE,
                width=SCALE,
            )
        out.append(joined)
    return out
