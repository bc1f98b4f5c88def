"""What a seat holds, given what it bid: a learned model, and deals dealt to fit it.

The model (``HoldingsModel``) gives, for each other seat, the probability that it was dealt
each card, from public facts only: its bid, its place in the bidding, and the bids of its
partner and of the opponents on its left and right (each as far as the asking seat has seen
them). It is one logistic regression per card over those facts as one-hot features, learned
from deals our own bots bid (``devtools/train_holdings.py`` makes the shipped
``holdings.npz`` from a seed). It is read here with the standard library, so the bot needs
no numpy; a seat's 52 probabilities take a sum of six weights each.

``sample_fitted_deal`` deals the unseen cards to fit: the known cards (passed, played)
where they are, the shown voids and the hand sizes exactly, and the other cards one by one
to a seat with room, with odds of the model's probability for that seat. The deals are not
re-weighted, so no weight gathers the sample on a few of them.

The model describes a four-seat partnership table with a standard deck and regular
bidding (``fits``); elsewhere the search keeps its uniform deals weighted by the bids.
"""

from __future__ import annotations

import ast
import math
import random
import struct
import zipfile
from array import array
from functools import cache
from pathlib import Path

from bot.ai.knowledge import Knowledge
from bot.engine import Bid, Rules, SeatView
from bot.engine.deck import JUNK, shuffled

MODEL_FILE = Path(__file__).with_name("holdings.npz")
CARDS = 52
PLAYERS = 4
# The one-hot features, in the order of the weight matrix's columns.
_OWN = 13  # not yet bid, blind, Nil, 1 .. 9, 10 or more
_PLACE = 4  # first .. fourth to bid
_OTHER = 5  # not yet bid, Nil or blind, 1-2, 3-4, 5 or more: partner, left, right
FEATURES = 1 + _OWN + _PLACE + 3 * _OTHER
# A sampled card's odds never fall below this share of an ordinary card's, so a card the
# model all but rules out can still be dealt where nothing else fits.
_MIN_ODDS = 1e-3
# The odds of an ordinary card, 13 of 52: a card at the model's p has weight odds(p) / this.
_ORDINARY_ODDS = 13 / 39
# Deals that strand a card before the sampler checks every step (see sample_fitted_deal).
_TRIES = 8


def fits(rules: Rules) -> bool:
    """Whether the model describes this table: four seats in two partnerships, the 52-card
    deck, regular bids, no cards passed or drawn."""
    return (
        rules.players == PLAYERS
        and rules.team_size == 2
        and rules.deck == "ace_high"
        and rules.variant == "regular"
        and not rules.nil_pass
        and not rules.blind_nil_pass
        # An auction's bids are contracts of 6 + N and passes (000:112), not the trick
        # counts the model learned from.
        and not rules.auction
        # Berkley's dummies (003:98-152): two players' bids for two hands each.
        and not rules.dummy_hands
    )


def _own_index(bid: Bid | None) -> int:
    if bid is None:
        return 0
    if bid.blind:
        return 1
    return 2 + min(bid.tricks, 10)


def _other_index(bid: Bid | None) -> int:
    if bid is None:
        return 0
    if bid.blind or bid.tricks == 0:
        return 1
    return 2 if bid.tricks <= 2 else 3 if bid.tricks <= 4 else 4


def active_features(bids: tuple[Bid | None, ...], dealer: int, seat: int) -> tuple[int, ...]:
    """The columns set for ``seat`` at a four-seat table (the bias first): its bid, its
    place in the bidding, and its partner's, left and right opponents' bids as seen."""
    place = (seat - dealer - 1) % PLAYERS
    base = 1 + _OWN + _PLACE
    return (
        0,
        1 + _own_index(bids[seat]),
        1 + _OWN + place,
        base + _other_index(bids[(seat + 2) % PLAYERS]),
        base + _OTHER + _other_index(bids[(seat + 1) % PLAYERS]),
        base + 2 * _OTHER + _other_index(bids[(seat + 3) % PLAYERS]),
    )


def _read_npy(data: bytes) -> tuple[tuple[int, ...], array[float]]:
    """The shape and the values of a little-endian float64 ``.npy`` file (format 1.0)."""
    if data[:6] != b"\x93NUMPY":
        raise ValueError("not a .npy file")
    (length,) = struct.unpack("<H", data[8:10])
    header = ast.literal_eval(data[10 : 10 + length].decode("latin1"))
    if header["descr"] != "<f8" or header["fortran_order"]:
        raise ValueError(f"unexpected array layout {header!r}")
    values = array("d")
    values.frombytes(data[10 + length :])
    shape = tuple(header["shape"])
    if math.prod(shape) != len(values):
        raise ValueError("the array's size does not match its shape")
    return shape, values


class HoldingsModel:
    """Per card, the weights of a logistic regression over ``FEATURES`` one-hot columns."""

    def __init__(self, weights: list[list[float]]) -> None:
        if len(weights) != CARDS or any(len(row) != FEATURES for row in weights):
            raise ValueError(f"expected {CARDS} rows of {FEATURES} weights")
        # Column-major, so a seat's logits are a sum of six columns.
        self.columns = [[weights[c][f] for c in range(CARDS)] for f in range(FEATURES)]

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> HoldingsModel:
        with zipfile.ZipFile(path) as archive:
            shape, values = _read_npy(archive.read("weights.npy"))
        if shape != (CARDS, FEATURES):
            raise ValueError(f"weights of shape {shape}, expected {(CARDS, FEATURES)}")
        return cls([list(values[c * FEATURES : (c + 1) * FEATURES]) for c in range(CARDS)])

    def probabilities(self, bids: tuple[Bid | None, ...], dealer: int, seat: int) -> list[float]:
        """For each card 0..51, the probability that ``seat`` was dealt it."""
        logits = [0.0] * CARDS
        for f in active_features(bids, dealer, seat):
            column = self.columns[f]
            logits = [x + w for x, w in zip(logits, column, strict=True)]
        return [1.0 / (1.0 + math.exp(-x)) for x in logits]

    def odds(self, view: SeatView) -> list[list[float]]:
        """Per seat, each card's weight for dealing it there: its odds by the model over
        an ordinary card's (empty for the asking seat)."""
        out: list[list[float]] = []
        for seat in range(PLAYERS):
            if seat == view.seat:
                out.append([])
                continue
            probs = self.probabilities(view.bids, view.dealer, seat)
            out.append([max(p / (1.0 - p) / _ORDINARY_ODDS, _MIN_ODDS) for p in probs])
        return out


@cache
def shipped_model() -> HoldingsModel:
    """The model that ships in the package, read once per process."""
    return HoldingsModel.load()


def _subsets_fit(counts: list[int], room: list[int], accepts: list[int]) -> bool:
    """Hall's condition: every set of suits has no more cards left than the room of the
    seats that may hold one of them, so the rest can still be dealt."""
    for suits in range(1, 16):
        cards = 0
        for suit in range(4):
            if suits >> suit & 1:
                cards += counts[suit]
        if not cards:
            continue
        space = 0
        for seat, accept in enumerate(accepts):
            if accept & suits:
                space += room[seat]
        if cards > space:
            return False
    return True


def sample_fitted_deal(
    knowledge: Knowledge, odds: list[list[float]], rng: random.Random
) -> list[list[int]]:
    """Logical cards for every other seat: its known cards, and unseen cards dealt one by
    one, each to a seat with room for it and no void in its suit, chosen with weight
    room x the model's odds, the suits fewest seats may hold first. A deal that strands a
    card (every seat that may hold it full) is dealt again; after ``_TRIES`` strands, a
    seat is chosen only if the cards still to deal can all be placed after it (Hall's
    condition, slower), so the constraints hold on every deal."""
    n = len(knowledge.needs)
    accepts = [
        # 000:192: any seat may hold a junk Joker (``JUNK``, the fifth bit).
        sum(1 << suit for suit in range(4) if suit not in knowledge.voids[s]) | 1 << JUNK
        if knowledge.needs[s]
        else 0
        for s in range(n)
    ]
    cards = shuffled(knowledge.unseen, rng)
    if any(accepts[s] != 31 for s in range(n) if knowledge.needs[s]):
        suit_of = knowledge.deck.suit_of
        free = [sum(accepts[s] >> suit & 1 for s in range(n)) for suit in range(5)]
        cards.sort(key=lambda c: free[suit_of[c]])
        for _ in range(_TRIES):
            hands = _deal(knowledge, odds, accepts, cards, rng, False)
            if hands is not None:
                return hands
            cards = shuffled(knowledge.unseen, rng)
            cards.sort(key=lambda c: free[suit_of[c]])
        hands = _deal(knowledge, odds, accepts, cards, rng, True)
    else:
        hands = _deal(knowledge, odds, accepts, cards, rng, False)
    assert hands is not None, "a deal checked by Hall's condition never strands"
    return hands


def _deal(
    knowledge: Knowledge,
    odds: list[list[float]],
    accepts: list[int],
    cards: list[int],
    rng: random.Random,
    checked: bool,
) -> list[list[int]] | None:
    """One pass of ``sample_fitted_deal`` over ``cards`` in order; ``None`` on a strand."""
    suit_of = knowledge.deck.suit_of
    n = len(accepts)
    hands = [list(k) for k in knowledge.known]
    room = list(knowledge.needs)
    counts = [0, 0, 0, 0, 0]
    if checked:
        for card in cards:
            counts[suit_of[card]] += 1
    left = sum(room)
    for card in cards:
        if not left:
            break
        suit = suit_of[card]
        bit = 1 << suit
        seats: list[int] = []
        weights: list[float] = []
        total = 0.0
        if checked:
            counts[suit] -= 1
        for s in range(n):
            r = room[s]
            if not r or not accepts[s] & bit:
                continue
            if checked:
                room[s] -= 1
                ok = _subsets_fit(counts, room, accepts)
                room[s] += 1
                if not ok:
                    continue
            w = r * odds[s][card]
            seats.append(s)
            weights.append(w)
            total += w
        if not seats:
            if checked:
                # A card nobody may hold (a two-player leftover); impossible at four seats.
                continue
            return None
        x = rng.random() * total
        i = 0
        last = len(seats) - 1
        while i < last and x >= weights[i]:
            x -= weights[i]
            i += 1
        seat = seats[i]
        hands[seat].append(card)
        room[seat] -= 1
        left -= 1
    return hands
