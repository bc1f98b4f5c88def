"""A table of standings as a picture (a season's final standings): a title, a line under it,
columns with their headings and one row per place, the champions' rows picked out.

It takes words already translated and figures already formatted, so it draws what the same
message says in words; names are reduced to the characters the bundled font has.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render import paint

SCALE = 2  # pixels a point: crisp on high-density screens
PAD = 16
ROW = 24
TITLE = 20
BODY = 13
BACKGROUND: paint.Colour = (246, 246, 242)
GOLD: paint.Colour = (250, 231, 160)
TEXT: paint.Colour = paint.BLACK
# Widths in points of the columns after the first (the name, which takes the rest).
NAME_WIDTH = 240
FIGURE_WIDTH = 84


def standings_picture(
    title: str,
    subtitle: str,
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    champions: int = 0,
) -> bytes:
    """PNG bytes of ``rows`` (each: a place, a name, then figures, as ``headings`` name
    them) under ``title`` and ``subtitle``; the first ``champions`` rows are picked out."""
    columns = len(headings)
    width = PAD * 2 + 40 + NAME_WIDTH + FIGURE_WIDTH * max(0, columns - 2)
    height = PAD * 2 + TITLE + 8 + BODY + 16 + ROW * (len(rows) + 1)
    image = Image.new("RGB", (width * SCALE, height * SCALE), BACKGROUND)
    draw = ImageDraw.Draw(image)

    def text(
        x: float, y: float, words: str, size: int, bold: bool = False, anchor: str = "la"
    ) -> None:
        paint.draw_text(draw, (x * SCALE, y * SCALE), words, size * SCALE, TEXT, bold, anchor)

    y = PAD
    text(PAD, y, paint.fit(paint.printable(title), TITLE, width - 2 * PAD, True), TITLE, True)
    y += TITLE + 8
    text(PAD, y, paint.fit(paint.printable(subtitle), BODY, width - 2 * PAD), BODY)
    y += BODY + 16
    header = y
    lefts = [PAD, PAD + 40] + [PAD + 40 + NAME_WIDTH + FIGURE_WIDTH * i for i in range(columns)]
    for row_number, cells in enumerate([headings, *rows]):
        if 0 < row_number <= champions:
            box = (PAD / 2, y - 4, width - PAD / 2, y + ROW - 4)
            draw.rounded_rectangle([v * SCALE for v in box], radius=4 * SCALE, fill=GOLD)
        for column, cell in enumerate(cells[:columns]):
            room = NAME_WIDTH - 8 if column == 1 else (40 if column == 0 else FIGURE_WIDTH) - 4
            shown = paint.fit(paint.printable(cell), BODY, room, row_number == 0)
            text(lefts[column], y, shown, BODY, bold=row_number == 0)
        y += ROW
    rule = (header + ROW - 6) * SCALE
    draw.line([(PAD * SCALE, rule), ((width - PAD) * SCALE, rule)], fill=paint.EDGE, width=SCALE)
    return paint.png(image, colours=64)
