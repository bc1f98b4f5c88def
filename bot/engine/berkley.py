"""Darrin Berkley's bid tables for two and three players (``Rules.bid_values``).

Two players (003:158-189): a bid of 4 to 9 is worth 10 a trick, 10 to 12 more, 13
(Boston) 500; blind bids of 6 to 12 are worth more again; a set loses 10 a trick bid.
Three players (003:247-333): 0 is a bid, and bids of 2 or less and every blind bid count
only when taken exactly (003:247, 003:265); the table is graduated, some bids win the game
outright ("Automatic Win"), and a set loses 10 a trick bid.
"""

from __future__ import annotations

from typing import Final

from bot.engine.actions import Bid

# Made points by bid; WIN is 003's "Automatic Win". The loss is always 10 a trick bid,
# except the low bids of the three-player table (003:294-296, 003:313-315).
WIN: Final = -1

# 003:172-180: bids 4 to 12 (1 to 3 scored as 10 a trick, as 4 to 9), 003:171 Boston.
_TWO: Final = {**{n: 10 * n for n in range(1, 10)}, 10: 200, 11: 220, 12: 240, 13: 500}
# 003:181-187: Blind 6 to 12.
_TWO_BLIND: Final = {6: 100, 7: 120, 8: 140, 9: 160, 10: 300, 11: 320, 12: 340}
# 003:172-180 losses: 10 a trick bid, 10 to 12 as much; 13 read the same (the seed gives
# Boston no loss).
_TWO_NIL: Final = {False: (200, -100), True: (300, -50)}  # 003:161, 003:163: Naught, Nil
# 003:162, 003:164: Double Naught and Double Nil, both of a player's hands (dummy_hands).
_TWO_DOUBLE_NIL: Final = {False: (400, -100), True: (500, -100)}

# 003:294-331, version 1 (13 tricks) and version 2 (18 tricks): made points by bid.
_THREE: Final = {
    13: {
        **{n: 10 * n for n in range(3, 7)},
        0: 200, 1: 150, 2: 100, 7: 100, 8: 150, 9: 200, 10: 225, 11: 250, 12: 275, 13: WIN,
    },
    18: {
        **{n: 10 * n for n in range(3, 9)},
        0: 400, 1: 300, 2: 200, 9: 200, 10: 250, 11: 300, 12: 350, 13: 400, 14: 450,
        15: 500, 16: 500, 17: WIN, 18: WIN,
    },
}  # fmt: skip
_THREE_BLIND: Final = {
    13: {
        **{n: 10 * n + 40 for n in range(3, 7)},
        0: 500, 1: 300, 2: 200, 7: 200, 8: 250, 9: 300, 10: WIN, 11: WIN, 12: WIN, 13: WIN,
    },
    18: {
        **{n: 10 * n + 40 for n in range(3, 9)},
        **{n: WIN for n in range(11, 19)},
        0: 450, 1: 350, 2: 250, 9: 300, 10: 400,
    },
}  # fmt: skip
# 003:294-296, 003:313-315: a set bid of 0, 1 or 2 loses 120, 110 or 100.
_THREE_LOW_LOSS: Final = {0: -120, 1: -110, 2: -100}


def terms(table: str, num_tricks: int, bid: int, blind: bool) -> tuple[int, int, bool]:
    """(points made or WIN, points lost, taken exactly) of one player's bid."""
    if table == "berkley_two":
        made = _TWO_BLIND.get(bid) if blind else None
        return (made if made is not None else _TWO.get(bid, 10 * bid)), -10 * bid, False
    values = (_THREE_BLIND if blind else _THREE)[num_tricks]
    lost = _THREE_LOW_LOSS.get(bid, -10 * bid)
    return values.get(bid, 10 * bid), lost, blind or bid <= 2


def nil_terms(blind: bool) -> tuple[int, int]:
    """(made, lost) of a two-player Nil: bid before looking (Nil, 003:161) or after it
    (Naught, 003:163)."""
    return _TWO_NIL[blind]


def double_nil_terms(blind: bool) -> tuple[int, int]:
    """(made, lost) of a two-player Double Nil (bid before looking, 003:162) or Double
    Naught (after it, 003:164): both of the player's hands take no trick."""
    return _TWO_DOUBLE_NIL[blind]


def blind_bids(table: str, blind: tuple[Bid, ...], num_tricks: int) -> list[Bid]:
    """The blind bids other than Nil: Blind 6 to 12 (003:126) or, with three players, any
    number (003:247; 0 too, as 0 is a bid there, 003:294)."""
    if table == "berkley_two":
        return list(blind[6:13])
    return list(blind[: num_tricks + 1])
