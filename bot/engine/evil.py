"""Evil Spades (003:13-63): a different rule each hand, the next of 45 in the seed's order.

Each hand rule either forces or limits the bids, computed from the bidding seat's own cards
and its place in the bidding order, or changes how the cards are played. Hand 1 plays rule
1, hand 46 rule 1 again. The words players read for each rule are in
``bot/render/evil_text.py``; here is only what the engine decides.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from bot.engine.cards import Card, Suit

CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


class BidContext:
    """What a bidder's hand rule may look at: its own cards, its place in the bidding order
    (0 first), the bids made so far in that order, its partner's bid, the bids the
    regular rules allow it now (``normal``) and the hand's called suit (rule 41)."""

    __slots__ = ("called", "cards", "mate_bid", "normal", "order_bids", "position", "tricks")

    def __init__(
        self,
        cards: Sequence[Card],
        position: int,
        order_bids: Sequence[int],
        mate_bid: int | None,
        normal: Sequence[int],
        tricks: int,
        called: Suit,
    ) -> None:
        self.called = called
        self.cards = cards
        self.position = position
        self.order_bids = order_bids
        self.mate_bid = mate_bid
        self.normal = normal
        self.tricks = tricks

    def count(self, suit: Suit) -> int:
        """Cards of ``suit`` held (Jokers count as spades)."""
        return sum(1 for c in self.cards if (c.suit if c.suit is not None else SPADES) is suit)

    def holds(self, code: str) -> bool:
        return Card.parse(code) in self.cards

    def clamp(self, bid: int) -> list[int]:
        return [min(max(bid, 0), self.tricks)]


BidRule = Callable[[BidContext], list[int] | None]


def _normal(ctx: BidContext) -> list[int] | None:
    return None


def _fixed(bid: int) -> BidRule:
    return lambda ctx: ctx.clamp(bid)


def _mirror(suit: Suit) -> BidRule:
    return lambda ctx: ctx.clamp(ctx.count(suit))


def _no_nil(ctx: BidContext) -> list[int]:
    return [b for b in ctx.normal if b] or list(ctx.normal)


def _one_nil(other: BidRule) -> BidRule:
    """One partner bids Nil, the other by ``other`` (the first of them to bid chooses)."""

    def rule(ctx: BidContext) -> list[int] | None:
        if ctx.mate_bid is None:
            bids = other(ctx)
            return sorted({0, *(bids if bids is not None else ctx.normal)})
        if ctx.mate_bid == 0:
            bids = other(ctx)
            return bids if bids is not None else _no_nil(ctx)
        return [0]

    return rule


def _holder(code: str, bid: int, others: BidRule) -> BidRule:
    """The holder of card ``code`` bids ``bid``; everyone else by ``others``."""
    return lambda ctx: ctx.clamp(bid) if ctx.holds(code) else others(ctx)


def _homicide(ctx: BidContext) -> list[int] | None:
    """1st and 3rd bidders at least 2; the last makes the bids total 14."""
    if ctx.position in (0, 2):
        return [b for b in ctx.normal if b >= 2] or [2]
    if ctx.position == 3:
        return ctx.clamp(14 - sum(ctx.order_bids))
    return None


def _hang_em(ctx: BidContext) -> list[int] | None:
    """1st and 2nd bid 2, the 3rd as usual, the 4th makes it 14; nobody bids 1."""
    if ctx.position < 2:
        return [2]
    if ctx.position == 3:
        bid = 14 - sum(ctx.order_bids)
        return ctx.clamp(2 if bid == 1 else bid)
    return [b for b in ctx.normal if b != 1]


def _backseat(ctx: BidContext) -> list[int] | None:
    return None if ctx.mate_bid is None else ctx.clamp(ctx.mate_bid)


def _copycat(ctx: BidContext) -> list[int] | None:
    return ctx.clamp(ctx.order_bids[0]) if ctx.order_bids else None


def _progression(ctx: BidContext) -> list[int] | None:
    return ctx.clamp(ctx.order_bids[-1] + 1) if ctx.order_bids else None


def _count_cards(points: dict[str, int]) -> BidRule:
    """Bid the points of the named cards held (a code's letter ``*``: any suit)."""

    def rule(ctx: BidContext) -> list[int]:
        total = 0
        for card in ctx.cards:
            for code, value in points.items():
                if code[-1] == "*" and card.suit is not None:
                    total += value if card.code[:-1] == code[:-1] else 0
                elif card.code == code:
                    total += value
        return ctx.clamp(total)

    return rule


def _chance(ctx: BidContext) -> list[int]:
    return ctx.clamp(8 if ctx.count(SPADES) >= 5 else 3)


def _shovels(ctx: BidContext) -> list[int] | None:
    return ctx.clamp(2) if ctx.count(SPADES) >= 2 else None


def _by_position(*suits: Suit) -> BidRule:
    return lambda ctx: ctx.clamp(ctx.count(suits[ctx.position % len(suits)]))


def _first_then_nil(ctx: BidContext) -> list[int]:
    return ctx.clamp(13 if ctx.position == 0 else 0)


def _psycho(ctx: BidContext) -> list[int] | None:
    return [0] if ctx.position < 2 else None


def _nil_dbl_nil(ctx: BidContext) -> list[int] | None:
    """The first bidder's side: one Nil, the other partner as usual; the dealer's side (2nd
    and 4th bidders) both Nil."""
    if ctx.position % 2:
        return [0]
    return _one_nil(_normal)(ctx)


def _laughter(ctx: BidContext) -> list[int]:
    if ctx.holds("JH") or ctx.holds("JS"):
        return [0]
    return ctx.clamp(ctx.count(SPADES))


def _dirty(ctx: BidContext) -> list[int]:
    """Everyone bids their count of the hand's called suit. The seed has the lead-off
    bidder call it; chosen from that bidder's cards it would tell the others about them, so
    the suit is cut at random with the deal and shown to everyone (``called_suit``)."""
    return ctx.clamp(ctx.count(ctx.called))


def called_suit(seed: int, hand_number: int) -> Suit:
    """Rule 41's suit for a hand: cut from the game's seed, the same on every replay."""
    return Suit(random.Random(f"{seed}:{hand_number}:called").randrange(4))


# Play rules a hand may add: must_trump when void (even over a partner), the lowest legal
# card always, no spade until only spades are left.
MUST_TRUMP: Final = "must_trump"
LOW_BALL: Final = "low_ball"
SCREAMERS: Final = "spades_last"


class HandRule:
    """One of the 45: its number and name in the seed (003:18 + number), how bids go,
    and the play rule it adds (``None``: the table's own)."""

    __slots__ = ("bids", "blind", "name", "number", "play")

    def __init__(
        self, number: int, name: str, bids: BidRule, play: str | None = None, blind: bool = False
    ) -> None:
        self.number = number
        self.name = name
        self.bids = bids
        self.play = play
        self.blind = blind

    @property
    def seed_line(self) -> str:
        return f"003:{18 + self.number}"


_SUICIDE = _one_nil(_normal)
_MIRROR = _mirror(SPADES)

RULES: Final[tuple[HandRule, ...]] = (
    HandRule(1, "reg", _normal),
    HandRule(2, "mirrors", _MIRROR),
    HandRule(3, "suicide", _SUICIDE),
    HandRule(4, "pressure", _normal, MUST_TRUMP),
    HandRule(5, "dn, one on each team", _fixed(0)),
    HandRule(6, "homicide", _homicide),
    HandRule(7, "bags", _fixed(1)),
    HandRule(8, "insane", _one_nil(_MIRROR)),
    HandRule(9, "nil, everyone", _fixed(0)),
    HandRule(10, "blind", _fixed(0), blind=True),
    HandRule(11, "kiss of death", _fixed(4)),
    HandRule(12, "face off", _count_cards({"J*": 1, "Q*": 1, "K*": 1})),
    HandRule(13, "diamond mirror", _mirror(DIAMONDS)),
    HandRule(14, "deuce", _holder("2S", 2, _normal)),
    HandRule(15, "accident", _holder("AS", 9, _fixed(0))),
    HandRule(16, "backseat", _backseat),
    HandRule(17, "succession", lambda ctx: ctx.clamp(ctx.position + 1)),
    HandRule(18, "copycat", _copycat),
    HandRule(19, "nil, dbl nil", _nil_dbl_nil),
    HandRule(20, "9er", _holder("9S", 0, _normal)),
    HandRule(21, "hang 'em", _hang_em),
    HandRule(22, "club mirrors", _mirror(CLUBS)),
    HandRule(23, "jack", _holder("JD", 0, _normal)),
    HandRule(24, "crazy 8", _count_cards({"8*": 3})),
    HandRule(25, "low ball", _normal, LOW_BALL),
    HandRule(26, "aces up", _count_cards({"AH": 3, "AC": 3, "AD": 3, "AS": 4})),
    HandRule(27, "acey deucey", _count_cards({"A*": 2, "2*": 2})),
    HandRule(28, "screamers", _normal, SCREAMERS),
    HandRule(29, "progression", _progression),
    HandRule(30, "murder", _SUICIDE, LOW_BALL),
    HandRule(31, "chance", _chance),
    HandRule(32, "hang 'em high", _count_cards({"JS": 3, "QS": 3, "KS": 3, "AS": 4})),
    HandRule(33, "headache", _holder("QS", 0, _normal)),
    HandRule(34, "shovels", _shovels),
    HandRule(35, "49er", _holder("9S", 9, _fixed(0))),
    HandRule(36, "psycho", _psycho),
    HandRule(37, "spastic", _by_position(HEARTS, CLUBS, CLUBS, HEARTS)),
    HandRule(38, "fire", _by_position(HEARTS, DIAMONDS, DIAMONDS, HEARTS)),
    HandRule(39, "chaos", _by_position(CLUBS, DIAMONDS, HEARTS, SPADES)),
    HandRule(40, "burned", _holder("2S", 2, _fixed(0))),
    HandRule(41, "dirty spades", _dirty),
    HandRule(42, "laughter", _laughter),
    HandRule(43, "vice", _homicide, SCREAMERS),
    HandRule(44, "sirens", _fixed(3), MUST_TRUMP),
    HandRule(45, "winner takes all", _first_then_nil),
)


def hand_rule(hand_number: int, start: int = 1) -> HandRule:
    """The rule of hand ``hand_number`` (1 is the first hand) when the first hand plays
    rule ``start``."""
    return RULES[(hand_number - 2 + start) % len(RULES)]
