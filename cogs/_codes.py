"""Short codes for a seat's actions and the lobby's buttons, as carried in button custom ids
and select values.

A code never names the seat: the seat is always the one the clicking member holds, so a
button forwarded to someone else cannot act for its owner. Labels say the same action in
words for the button face.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    Action,
    Bid,
    CallHighLow,
    CallRenege,
    CallTime,
    Card,
    Claim,
    Declare,
    Draw,
    HalfBid,
    NoTrump,
    PassCards,
    PlayCard,
    Raise,
    RequestRedeal,
    RevealCards,
    Rules,
)
from bot.i18n import _
from bot.render.text import bid_text, declaration_text, half_text
from bot.render.words import card_text

# The lobby's buttons: whoever clicks sits down, stands up, seats a bot of a level
# (``bot.hard``: host only) or deals (host only).
JOIN_CODE = "join"
LEAVE_CODE = "leave"
START_CODE = "start"
BOT_CODE = "bot."


def bot_code(level: str) -> str:
    return BOT_CODE + level


def is_lobby_code(code: str) -> bool:
    return code in (JOIN_CODE, LEAVE_CODE, START_CODE) or code.startswith(BOT_CODE)


def action_code(action: Action, seat: int | None = None) -> str:
    """``action_code``, made by ``seat``: an action for another seat it plays (a dummy,
    003:108) starts ``s`` and that seat's number (``s3cAS``: A♠ for seat 4)."""
    code = _code(action)
    return code if seat is None or action.seat == seat else f"s{action.seat}{code}"


def _code(action: Action) -> str:
    """``b3`` bid 3, ``B0`` blind nil, ``cAS`` play A♠, ``pAS.KH`` pass, ``r`` look, ``C``
    claim, ``n2`` renege on seat 3, ``x`` redeal, ``d1`` keep the first drawn card, ``m1``
    declare the Big Mo (``m0`` the Little), ``u2`` raise the bid by 2 (``u0`` keep it, ``l1``
    lower it by 1), ``t`` bid no trump, ``h3`` bid 3 and a half, ``k1`` call low (``k0``
    high: the trick, 003:65, or the Ace just played, 000:143)."""
    match action:
        case Bid(tricks=tricks, blind=blind):
            return f"{'B' if blind else 'b'}{tricks}"
        case PlayCard(card=card):
            return f"c{card.code}"
        case PassCards(cards=cards):
            return "p" + ".".join(card.code for card in cards)
        case RevealCards():
            return "r"
        case Claim():
            return "C"
        case CallRenege(accused=accused):
            return f"n{accused}"
        case RequestRedeal():
            return "x"
        case Draw(keep_first=keep):
            return f"d{int(keep)}"
        case Declare(big=big):
            return f"m{int(big)}"
        case Raise(by=by):
            # A custom id holds no "-": a lowered bid (Counter Bidding, 000:18) is "l".
            return f"u{by}" if by >= 0 else f"l{-by}"
        case NoTrump():
            return "t"
        case HalfBid(tricks=tricks):
            return f"h{tricks}"
        case CallHighLow(low=low):
            return f"k{int(low)}"
        case CallTime():
            # Time is called by the table's clock, never by a member: no button has it.
            raise ValueError("time is called by the table, not by a button")


def parse_code(code: str, seat: int) -> Action:
    """The action ``code`` stands for, taken by ``seat``; ValueError for a malformed code."""
    if code[:1] == "s" and code[1:2].isdigit():
        # For a seat ``seat`` plays, as well as its own (a dummy, 003:108).
        seat, code = int(code[1]), code[2:]
    head, rest = code[:1], code[1:]
    if head in ("b", "B") and rest.isdigit():
        return Bid(seat, int(rest), blind=head == "B")
    if head == "c":
        return PlayCard(seat, Card.parse(rest))
    if head == "p" and rest:
        return PassCards(seat, tuple(Card.parse(part) for part in rest.split(".")))
    if code == "r":
        return RevealCards(seat)
    if code == "C":
        return Claim(seat)
    if head == "n" and rest.isdigit():
        return CallRenege(seat, int(rest))
    if code == "x":
        return RequestRedeal(seat)
    if code in ("d0", "d1"):
        return Draw(seat, keep_first=code == "d1")
    if head == "u" and rest.isdigit():
        return Raise(seat, int(rest))
    if head == "l" and rest.isdigit() and int(rest):
        return Raise(seat, -int(rest))
    if code == "t":
        return NoTrump(seat)
    if head == "h" and rest.isdigit():
        return HalfBid(seat, int(rest))
    if code in ("k0", "k1"):
        return CallHighLow(seat, low=code == "k1")
    if code in ("m0", "m1"):
        return Declare(seat, big=code == "m1")
    raise ValueError(f"{code!r} is not an action code")


def action_label(action: Action, rules: Rules, names: list[str], offer: Sequence[Card] = ()) -> str:
    """What a button for ``action`` says; ``offer``: the cards a two-player draw shows."""
    match action:
        case Bid():
            return bid_text(action, rules).capitalize()
        case PlayCard(card=card):
            return card_text(card)
        case PassCards(cards=cards):
            return _("Pass {cards}").format(cards=" ".join(card_text(card) for card in cards))
        case RevealCards():
            return _("Look at my cards")
        case Claim():
            return _("Claim the rest")
        case CallRenege(accused=accused):
            return _("Renege by {name}").format(name=names[accused])
        case RequestRedeal():
            return _("Throw in, redeal")
        case Draw(keep_first=keep):
            return draw_label(keep, offer)
        case Declare(big=big):
            return _("Declare {declaration}").format(declaration=declaration_text(big, rules))
        case Raise(by=by):
            if by < 0:
                # Miser's second round (003:89) and Counter Bidding (000:18).
                return _("Lower by {count}").format(count=-by)
            return _("Raise by {count}").format(count=by) if by else _("Keep my bid")
        case NoTrump():
            return _("Bid no trump")
        case HalfBid(tricks=tricks):
            return half_text(tricks)
        case CallHighLow(low=low):
            return _("Low") if low else _("High")
        case CallTime():
            raise ValueError("time is called by the table, not by a button")


def draw_label(keep_first: bool, offer: Sequence[Card]) -> str:
    """A two-player draw's choice, naming the cards the member can see."""
    if len(offer) == 2:
        return _("Keep {card}").format(card=card_text(offer[0] if keep_first else offer[1]))
    if not offer:
        return _("Keep it") if keep_first else _("Take the next")
    if keep_first:
        return _("Keep {card}").format(card=card_text(offer[0]))
    return _("Refuse {card}, take the next").format(card=card_text(offer[0]))
