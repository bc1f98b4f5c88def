"""A rule-of-thumb bot: bids from honours and trump length, plays cheap winners and low losers.

It reads only the seat's view and follows every house rule because it chooses among the
view's legal actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine import Action, Bid, Card, Claim, Draw, PassCards, PlayCard, RevealCards, SeatView
from bot.engine.deck import TRUMP, DeckInfo, deck_info


@dataclass(frozen=True, slots=True)
class _Table:
    """Card facts for the view's deck: effective suit and power of each card."""

    deck: DeckInfo

    def suit(self, card: Card) -> int:
        return self.deck.suit_of[card.index]

    def power(self, card: Card) -> int:
        return self.deck.power[card.index]


class HeuristicPolicy:
    """Bids by counting likely tricks; covers a partner's Nil; ducks when bagging is near."""

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal_actions
        table = _Table(deck_info(view.rules.deck, view.rules.players))
        kinds = {type(a) for a in legal}
        if Claim in kinds:
            return next(a for a in legal if isinstance(a, Claim))
        if PassCards in kinds:
            return _pass_cards(view, table)
        if Draw in kinds:
            return _draw(view, table)
        if Bid in kinds or RevealCards in kinds:
            return _bid(view, table)
        if PlayCard in kinds:
            return _play(view, table)
        return rng.choice(legal)


def _estimate(hand: tuple[Card, ...], table: _Table, partners: int) -> float:
    """Expected tricks: side-suit honours, trump honours and length, ruffing chances."""
    by_suit: dict[int, list[Card]] = {0: [], 1: [], 2: [], 3: []}
    for card in hand:
        by_suit[table.suit(card)].append(card)
    trumps = sorted(by_suit[TRUMP], key=table.power, reverse=True)
    tricks = 0.0
    for suit in (0, 1, 2):
        cards = by_suit[suit]
        ranks = {c.rank for c in cards}
        if 14 in ranks:
            tricks += 1.0 if len(cards) <= 6 else 0.7
        if 13 in ranks and len(cards) >= 2:
            tricks += 0.8 if len(cards) <= 4 else 0.4
        if 12 in ranks and len(cards) >= 3 and partners:
            tricks += 0.3
        if len(cards) <= 1 and len(trumps) >= 3:
            tricks += 0.6 if not cards else 0.3
    top_power = max(table.deck.power)
    for i, card in enumerate(trumps):
        gap = top_power - table.power(card)
        if gap <= i + 1:
            tricks += 1.0
        elif i >= 3:
            tricks += 0.8
        elif gap <= 4:
            tricks += 0.5
    return tricks


def _bid(view: SeatView, table: _Table) -> Action:
    legal = view.legal_actions
    bids = [a for a in legal if isinstance(a, Bid)]
    if view.hand is None:
        reveal = [a for a in legal if isinstance(a, RevealCards)]
        return reveal[0] if reveal else bids[0]
    estimate = _estimate(view.hand, table, len(view.partners))
    nil_ok = view.rules.nil_mode == "nil" and any(b.tricks == 0 for b in bids)
    high = [c for c in view.hand if c.rank >= 12 or (table.suit(c) == TRUMP and c.rank >= 10)]
    partner_nil = any(_bid_nil(view, p) for p in view.partners)
    if nil_ok and estimate < 1.0 and len(high) <= 1 and not partner_nil:
        return next(b for b in bids if b.tricks == 0)
    target = max(1, round(estimate))
    if partner_nil:
        target += 1
    plain = [b for b in bids if not b.blind and (b.tricks or not nil_ok)] or bids
    return min(plain, key=lambda b: (abs(b.tricks - target), b.tricks))


def _bid_nil(view: SeatView, seat: int) -> bool:
    bid = view.bids[seat]
    return bid is not None and bid.tricks == 0 and view.rules.nil_mode == "nil"


def _pass_cards(view: SeatView, table: _Table) -> Action:
    options = [a for a in view.legal_actions if isinstance(a, PassCards)]
    nil = _bid_nil(view, view.seat)

    def weight(option: PassCards) -> int:
        total = sum(table.power(c) for c in option.cards)
        return -total if nil else total

    return min(options, key=weight)


def _draw(view: SeatView, table: _Table) -> Action:
    offer = view.draw_offer

    def value(card: Card) -> int:
        return table.power(card) + (50 if table.suit(card) == TRUMP else 0)

    if len(offer) == 2:
        return Draw(view.seat, value(offer[0]) >= value(offer[1]))
    return Draw(view.seat, value(offer[0]) >= 12)


def _winning_power(view: SeatView, table: _Table) -> tuple[int | None, int]:
    """(seat winning the trick so far, the power a card must beat to take it)."""
    if not view.trick:
        return None, -1
    led = table.suit(view.trick[0][1])
    best_seat, best = None, -1
    for seat, card in view.trick:
        s = table.suit(card)
        p = table.power(card) if s in (led, TRUMP) else -1
        if p > best:
            best_seat, best = seat, p
    return best_seat, best


def _play(view: SeatView, table: _Table) -> Action:
    plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
    bids = view.bids
    i_bid_nil = _bid_nil(view, view.seat)
    partner_nil = any(_bid_nil(view, p) for p in view.partners)
    team = view.team
    side_bid = sum(b.tricks for s in view.teams[team] if (b := bids[s]) is not None)
    side_taken = sum(view.tricks_taken[s] for s in view.teams[team])
    need = side_bid - side_taken

    def power(a: PlayCard) -> int:
        return table.power(a.card) + (1000 if table.suit(a.card) == TRUMP else 0)

    ordered = sorted(plays, key=power)
    winner_seat, best = _winning_power(view, table)
    if not view.trick:
        if i_bid_nil:
            return ordered[0]
        side = [a for a in ordered if table.suit(a.card) != TRUMP]
        tops = [a for a in side if _is_top(a.card, view, table)]
        if tops and need > 0:
            return tops[-1]
        return (side or ordered)[0]
    winners = [a for a in ordered if _beats(a.card, view, table, best)]
    if i_bid_nil:
        losers = [a for a in ordered if a not in winners]
        return losers[-1] if losers else ordered[0]
    partner_winning = winner_seat in view.partners
    if partner_nil and winner_seat in view.partners and winners:
        return winners[0]
    if partner_winning or not winners or (need <= 0 and view.bags[team] >= 5):
        return ordered[0] if not partner_nil or not winners else winners[0]
    last_to_play = len(view.trick) == len(view.teams) * len(view.teams[0]) - 1
    return winners[0] if last_to_play or need > 0 else ordered[0]


def _beats(card: Card, view: SeatView, table: _Table, best: int) -> bool:
    led = table.suit(view.trick[0][1])
    s = table.suit(card)
    if s != led and s != TRUMP:
        return False
    if s == TRUMP and table.suit(view.trick[0][1]) != TRUMP:
        trump_best = max(
            (table.power(c) for _, c in view.trick if table.suit(c) == TRUMP), default=-1
        )
        return table.power(card) > trump_best
    return table.power(card) > best


def _is_top(card: Card, view: SeatView, table: _Table) -> bool:
    """No unseen card of the same suit outranks this one."""
    suit = table.suit(card)
    seen = {c.index for cards in view.played for c in cards}
    seen |= {c.index for c in view.hand or ()}
    seen |= {c.index for c in view.removed}
    return not any(
        table.suit(c) == suit and table.power(c) > table.power(card) and c.index not in seen
        for c in _deck_cards(table)
    )


def _deck_cards(table: _Table) -> list[Card]:
    return [Card.of(i % 54) for i in table.deck.cards]
