"""A replayed hand as a picture for ``/history game hand``: every seat's cards at the first
lead, the bids, each trick with who led and who won it, and the score breakdown.

It draws the same ``HandRecord`` the text version (``text.hand_record_text``) writes, with
the same words for what is not drawn, so the picture and the text never disagree. A
finished hand is public, so the whole deal may be shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine import Bid, BidMade, Card, HandRecord, HandResult, HandScored, Rules, TrickWon
from bot.i18n import _
from bot.render import paint
from bot.render.text import (
    bags_text,
    bid_text,
    contract_text,
    dealt_text,
    hand_order,
    nil_lines,
    replay_lines,
    score_items,
    team_name,
)
from bot.render.words import rank_text

# Sizes are in points of a phone's screen: Discord shows a picture about 360 points wide
# in the chat. The PNG has two pixels a point, for sharp text on phones' dense screens,
# and is drawn at twice that and scaled down, to smooth the suit shapes' edges.
WIDTH = 360
PIXELS_PER_POINT = 2
_DRAWN_PER_POINT = 2 * PIXELS_PER_POINT
PAD = 12

BACKGROUND: paint.Colour = (238, 242, 238)
WON: paint.Colour = (255, 214, 92)
TEXT = paint.BLACK

TITLE_SIZE, NAME_SIZE, BODY_SIZE, SMALL_SIZE = 18, 14, 13, 12
LINE = 18  # height of a line of body text
CARD_W, CARD_H = 32, 44  # a card in a hand, fanned so each shows its corner
GROUP_GAP = 8  # between the suits of a hand
CHIP_W, CHIP_H = 40, 24  # a card played to a trick
ROW_H = 28


@dataclass(frozen=True, slots=True)
class _Hand:
    """What the picture shows of one replayed hand, read from its record."""

    title: str
    dealt: str
    names: list[str]
    held: tuple[tuple[Card, ...], ...]
    bids: list[Bid | None]
    taken: list[int]
    tricks: list[TrickWon]
    notes: list[str]
    result: HandResult | None
    rules: Rules


def hand_picture(record: HandRecord, names: Sequence[str], rules: Rules, title: str) -> bytes:
    """The hand as a PNG, ``title`` at its head (e.g. "Game #12, hand 2")."""
    hand = _read(record, names, rules, title)
    height = _layout(hand, None)
    scale = _DRAWN_PER_POINT
    image = Image.new("RGB", (WIDTH * scale, height * scale), BACKGROUND)
    _layout(hand, _Pen(image, scale))
    final = (WIDTH * PIXELS_PER_POINT, height * PIXELS_PER_POINT)
    return paint.png(image.resize(final, Image.Resampling.LANCZOS), colours=64)


def _read(record: HandRecord, names: Sequence[str], rules: Rules, title: str) -> _Hand:
    players = rules.players
    bids: list[Bid | None] = [None] * players
    taken = [0] * players
    tricks: list[TrickWon] = []
    result = None
    for event in record.events:
        if isinstance(event, BidMade):
            bids[event.seat] = Bid(event.seat, event.tricks, event.blind)
        elif isinstance(event, TrickWon):
            tricks.append(event)
            if event.seat >= 0:  # 000:147: a dead trick is nobody's
                taken[event.seat] += 1
        elif isinstance(event, HandScored):
            result = event.result
    if result is not None:
        # A claim scores tricks that were never played out.
        taken = [seat.tricks for seat in result.seats]
    shown = [
        paint.printable(name) or _("Player {number}").format(number=seat + 1)
        for seat, name in enumerate(names)
    ]
    return _Hand(
        title=paint.printable(title),
        dealt=_capital(dealt_text(record.dealer, shown, rules)),
        names=shown,
        held=record.held,
        bids=bids,
        taken=taken,
        tricks=tricks,
        notes=[paint.printable(line) for line in replay_lines(record, shown, rules)],
        result=result,
        rules=rules,
    )


class _Pen:
    """Draws in points on a canvas ``scale`` pixels a point."""

    def __init__(self, image: Image.Image, scale: int) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.scale = scale

    def _box(self, box: paint.Box) -> paint.Box:
        s = self.scale
        return (box[0] * s, box[1] * s, box[2] * s, box[3] * s)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: int,
        fill: paint.Colour = TEXT,
        bold: bool = False,
        anchor: str = "la",
    ) -> None:
        s = self.scale
        # In the bundled font's characters: a language's accents are dropped, never boxes.
        text = paint.printable(text)
        paint.draw_text(self.draw, (x * s, y * s), text, size * s, fill, bold, anchor)

    def card(self, box: paint.Box, fill: paint.Colour = paint.WHITE) -> None:
        self.draw.rounded_rectangle(
            self._box(box), radius=4 * self.scale, fill=fill, outline=paint.EDGE, width=self.scale
        )

    def suit(self, card: Card, box: paint.Box) -> None:
        if card.suit is None:
            paint.draw_star(self.draw, self._box(box), paint.ink(card))
        else:
            paint.draw_suit(self.draw, card.suit, self._box(box), paint.ink(card))

    def arrow(self, x: float, y: float, size: float) -> None:
        """A small right-pointing triangle with its tip at (x, y): who led."""
        s = self.scale
        tip = (x * s, y * s)
        self.draw.polygon(
            [tip, ((x - size) * s, (y - size * 0.6) * s), ((x - size) * s, (y + size * 0.6) * s)],
            fill=TEXT,
        )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rank(card: Card) -> str:
    if card.suit is None:
        return "BJ" if card.rank == 16 else "LJ"
    return rank_text(card)


def _layout(hand: _Hand, pen: _Pen | None) -> int:
    """Lay the picture out from the top; draws with ``pen`` when given. Its height."""
    y = PAD
    for section in (_header, _hands, _tricks, _notes, _score):
        y = section(hand, pen, y)
    return y + PAD


def _header(hand: _Hand, pen: _Pen | None, y: int) -> int:
    if pen:
        pen.text(
            PAD, y, paint.fit(hand.title, TITLE_SIZE, WIDTH - 2 * PAD, True), TITLE_SIZE, bold=True
        )
        pen.text(PAD, y + 24, hand.dealt, SMALL_SIZE, paint.MUTED)
    return y + 44


def _label(pen: _Pen | None, y: int, text: str) -> int:
    if pen:
        pen.text(PAD, y, text.upper(), SMALL_SIZE, paint.MUTED, bold=True)
    return y + LINE


def _hands(hand: _Hand, pen: _Pen | None, y: int) -> int:
    y = _label(pen, y, _("At the first lead"))
    width = WIDTH - 2 * PAD
    for seat, held in enumerate(hand.held):
        if pen:
            bid = bid_text(hand.bids[seat], hand.rules)
            said = _("bid {bid} · took {tricks}").format(bid=bid, tricks=hand.taken[seat])
            room = width - paint.text_width(said, BODY_SIZE) - 8
            pen.text(
                PAD, y, paint.fit(hand.names[seat], NAME_SIZE, room, True), NAME_SIZE, bold=True
            )
            pen.text(WIDTH - PAD, y + 1, said, BODY_SIZE, anchor="ra")
            _fan(pen, hand_order(held, hand.rules), y + LINE + 2, width)
        y += LINE + 2 + CARD_H + 10
    return y + 2


def _fan(pen: _Pen, groups: list[list[Card]], y: int, width: int) -> None:
    """A hand as overlapping cards, each showing its corner: rank over suit."""
    count = sum(len(group) for group in groups)
    if not count:
        pen.text(PAD, y + 14, "(no cards)", BODY_SIZE, paint.MUTED)
        return
    gaps = GROUP_GAP * (len(groups) - 1)
    step = min(CARD_W + 2, (width - CARD_W - gaps) / max(1, count - 1))
    size = min(15, int(step * 0.62))
    x = float(PAD)
    for group in groups:
        for card in group:
            pen.card((x, y, x + CARD_W, y + CARD_H))
            pen.text(x + 3, y + 3, _rank(card), size, paint.ink(card), bold=True)
            pen.suit(card, (x + 3, y + 7 + size, x + 3 + size * 0.9, y + 7 + size * 1.9))
            x += step
        x += GROUP_GAP


def _tricks(hand: _Hand, pen: _Pen | None, y: int) -> int:
    if not hand.tricks:
        return y
    heading = _("Tricks")
    y = _label(pen, y, heading)
    if pen:
        legend_x = PAD + paint.text_width(paint.printable(heading.upper()), SMALL_SIZE, True) + 14
        led = paint.printable(_("led"))
        pen.arrow(legend_x + 8, y - LINE + 7, 5)
        pen.text(legend_x + 12, y - LINE, led, SMALL_SIZE, paint.MUTED)
        won_x = legend_x + 12 + paint.text_width(led, SMALL_SIZE) + 12
        pen.card((won_x, y - LINE + 1, won_x + 12, y - LINE + 12), WON)
        pen.text(won_x + 16, y - LINE, _("won the trick"), SMALL_SIZE, paint.MUTED)
    number_w = 22
    column = (WIDTH - 2 * PAD - number_w) / len(hand.names)
    if pen:
        for seat, name in enumerate(hand.names):
            centre = PAD + number_w + column * (seat + 0.5)
            shown = paint.fit(name, SMALL_SIZE, column - 4, True)
            pen.text(centre, y, shown, SMALL_SIZE, bold=True, anchor="ma")
    y += LINE
    for trick in hand.tricks:
        if pen:
            _trick_row(pen, hand, trick, y, number_w, column)
        y += ROW_H
    return y + 8


def _trick_row(
    pen: _Pen, hand: _Hand, trick: TrickWon, y: int, number_w: int, column: float
) -> None:
    middle = y + ROW_H / 2
    pen.text(
        PAD + number_w - 6, middle, str(trick.trick_number), BODY_SIZE, paint.MUTED, anchor="rm"
    )
    leader = trick.plays[0][0]
    for seat, card in trick.plays:
        centre = PAD + number_w + column * (seat + 0.5)
        x0, y0 = centre - CHIP_W / 2, middle - CHIP_H / 2
        pen.card((x0, y0, x0 + CHIP_W, y0 + CHIP_H), WON if seat == trick.seat else paint.WHITE)
        rank = _rank(card)
        rank_w = paint.text_width(rank, BODY_SIZE, True)
        left = centre - (rank_w + 12) / 2
        pen.text(left, middle, rank, BODY_SIZE, paint.ink(card), bold=True, anchor="lm")
        pen.suit(card, (left + rank_w + 1, middle - 6, left + rank_w + 12, middle + 6))
        if seat == leader:
            pen.arrow(x0 - 2, middle, 5)


def _notes(hand: _Hand, pen: _Pen | None, y: int) -> int:
    for note in hand.notes:
        for line in paint.wrap(note.split(), BODY_SIZE, WIDTH - 2 * PAD):
            if pen:
                pen.text(PAD, y, line, BODY_SIZE)
            y += LINE
    return y + (6 if hand.notes else 0)


def _score(hand: _Hand, pen: _Pen | None, y: int) -> int:
    y = _label(pen, y, _("Score"))
    result = hand.result
    width = WIDTH - 2 * PAD
    if result is None:
        if pen:
            pen.text(PAD, y, _("Not scored: the game stopped during this hand."), BODY_SIZE)
        return y + LINE
    teams = [team.seats for team in result.teams]
    for team in result.teams:
        total = paint.printable(
            _("{change}, now {score}").format(change=f"{team.total:+d}", score=team.score)
        )
        if pen:
            room = width - paint.text_width(total, NAME_SIZE, True) - 8
            name = paint.fit(team_name(team.team, teams, hand.names), NAME_SIZE, room, True)
            pen.text(PAD, y, name, NAME_SIZE, bold=True)
            pen.text(WIDTH - PAD, y, total, NAME_SIZE, bold=True, anchor="ra")
        y += LINE + 1
        parts = [
            contract_text(team),
            *(f"{label} {value:+d}" for label, value in score_items(team)),
        ]
        parts.append(bags_text(team.bags_total))
        for line in paint.wrap(parts, BODY_SIZE, width, " · "):
            if pen:
                pen.text(PAD, y, line, BODY_SIZE)
            y += LINE
        y += 4
    for line in nil_lines(result, hand.names):
        if pen:
            pen.text(PAD, y, line, BODY_SIZE)
        y += LINE
    return y
