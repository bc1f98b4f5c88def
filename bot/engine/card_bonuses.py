"""Points for winning a trick with a named card: Dix and the last-trick victories of 000.

A function of the hand's played tricks, the deck and the bids, called by the game only at a
table that plays one of these options, so not part of the compiled hot path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine.cards import Card, Suit
from bot.engine.deck import COPY_SHIFT, TRUMP, DeckInfo
from bot.engine.events import TrickRecord
from bot.engine.options import Options

# A seat's bonus: (seat, label shown in the score, points for the seat's side).
CardBonus = tuple[int, str, int]

NINE_OF_SPADES = Card.parse("9S").index
JACK_OF_SPADES = Card.parse("JS").index


def _winning_card(record: TrickRecord) -> Card:
    return next(card for seat, card in record.plays if seat == record.winner)


def _dix(deck: DeckInfo, record: TrickRecord) -> int:
    """000:154 Dix: "If the 9 wins a trick, it is worth 1 point. If the 9 wins a trick with
    at least one other Spade in play, worth 5 points. If the 9 wins a Spade-led trick, it is
    worth 10 points." Spades here are the deck's trumps (Jokers and bauers too)."""
    if _winning_card(record).index != NINE_OF_SPADES:
        return 0
    suits = [deck.suit_of[card.index] for _, card in record.plays]
    if suits[0] == TRUMP:
        return 10
    return 5 if suits.count(TRUMP) > 1 else 1


def _last_trick(
    options: Options,
    deck: DeckInfo,
    record: TrickRecord,
    bids: Sequence[int | None],
    taken: Sequence[int],
) -> list[CardBonus]:
    rules = options.rules
    seat = record.winner
    card = _winning_card(record)
    trump = deck.suit_of[card.index] == TRUMP
    out: list[CardBonus] = []
    if rules.last_trick_ace_bonus and card.rank == 14:
        # 000:155: "Bonus points are awarded for winning the last round with any Ace. 20
        # points for winning with the Ace of Spades."
        out.append((seat, "last trick ace", 20 if card.suit is Suit.SPADES else 10))
    if rules.last_trick_deuce_bonus and card.rank == 2 and not trump:
        # 000:157: "winning the last round with a non-trump two".
        out.append((seat, "last trick deuce", 20))
    bid = bids[seat]
    if (
        rules.last_trick_high_spade_bonus
        and trump
        and deck.power[card.index] >= deck.power[JACK_OF_SPADES]
        and bid
        and taken[seat] == bid
    ):
        # 000:158: "takes the very last trick with a high Spade, and with that trick exactly
        # makes their bid, receives a 10-point bonus".
        out.append((seat, "last trick high spade", 10))
    return out


def card_bonuses(
    options: Options,
    deck: DeckInfo,
    completed: Sequence[TrickRecord],
    bids: Sequence[int | None],
    taken: Sequence[int],
    num_tricks: int,
) -> tuple[CardBonus, ...]:
    """Every card bonus of a hand whose tricks were ``completed`` (a trick not played, as
    after a claim, wins none)."""
    out: list[CardBonus] = []
    if options.rules.dix_bonus:
        for record in completed:
            if record.winner < 0:
                continue  # 000:147: a dead trick is nobody's.
            points = _dix(deck, record)
            if points:
                out.append((record.winner, "dix", points))
    if len(completed) == num_tricks and completed[-1].winner >= 0:
        out.extend(_last_trick(options, deck, completed[-1], bids, taken))
    return tuple(out)


def cards_won(completed: Sequence[TrickRecord], index: int, players: int) -> list[int]:
    """How many copies of the card ``index`` each seat won in ``completed`` tricks."""
    won = [0] * players
    for record in completed:
        if record.winner < 0:
            continue  # 000:147: a dead trick is nobody's.
        won[record.winner] += sum(1 for _, card in record.plays if card.index == index)
    return won


JACK_OF_DIAMONDS = Card.parse("JD").index


def cut_cancel_card(seed: int, hand_number: int, redeals: int, deck: DeckInfo) -> int:
    """000:178 Sandbag Cancellation, "determined afresh by cutting a card before each deal":
    the card cut from the deck for this deal (its logical index; it is shuffled back and
    dealt as usual). From its own seeded stream, so the deal itself is the one it would be
    without the cut, and a replay cuts the same card."""
    rng = random.Random(f"{seed}:{hand_number}:{redeals}:cut")
    return deck.cards[rng.randrange(len(deck.cards))] & ((1 << COPY_SHIFT) - 1)
