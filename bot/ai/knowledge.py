"""What one seat knows about the unseen cards, and deals of them consistent with it.

Everything here is read from a ``SeatView``: the seat's own cards, the cards played, the
cards it passed, the voids others have shown and the bids. No hidden card is consulted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai.heuristic import CardTable, bid_estimate
from bot.engine import Card, Phase, Rules, SeatView
from bot.engine.deck import COPY_SHIFT, JUNK, TRUMP, DeckInfo, deck_info, shuffled
from bot.engine.evil import LOW_BALL, MUST_TRUMP, SCREAMERS, hand_rule

# A Nil bidder is unlikely to hold honours: a deal gives them one this much less often.
# (Half as often measured +2.5 +- 4.7 a hand over a quarter as often, and +4.7 +- 4.8 over
# no less often, over 200 classic deals against normal.)
_NIL_HONOUR_WEIGHT = 0.5
_TRIES = 30
# How far a bid strays from what the bidder's cards are worth: a sampled hand worth d
# tricks more or fewer than its bid counts exp(-d^2 / (2 * spread^2)) times as much.
# Over 200 classic deals against normal, 0.8 (down from 1.5) made all 46 of hard's Nils
# (42 before): its picture of where the high cards are is sharper. At 0.5 it lost 15 of
# 76 Nils: bids are not that exact. At six players (a double deck) it cost: six_pairs fell
# from +93.5 to +70.3 a hand, its Nils from 89.6% made to 73.8%. From five players on it
# stays 1.5 (five_player measured +8.6 with 0.8 and +8.3 with 1.5).
_BID_SPREAD = 0.8
_WIDE_BID_SPREAD = 1.5
# A floor on a deal's weight, so a run of unlikely deals still averages to something.
_MIN_LOG_WEIGHT = -30.0
# How the hands came about (``Knowledge.draw``): dealt at random, or drawn by two players
# (bot/engine/game.py ``_apply_draw``) seeing two cards and keeping the stronger, or
# seeing the first and keeping it if it is a spade or an honour, else taking the second:
# the rules ``normal`` draws by (heuristic ``_draw``), and so does ``hard``.
DEALT = 0
KEEP_STRONGER = 1
FIRST_OR_SECOND = 2


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's picture of the hand: what is unseen and what each other seat must hold."""

    seat: int
    deck: DeckInfo
    unseen: tuple[int, ...]  # logical card ids not seen by this seat (repeats: double deck)
    needs: tuple[int, ...]  # unseen cards each seat still holds (0 for this seat)
    known: tuple[tuple[int, ...], ...]  # cards known to be in each seat's hand
    voids: tuple[frozenset[int], ...]  # suits each seat has shown it lacks
    nil: tuple[bool, ...]
    draw: int = DEALT  # how the other seat's hand came about (DEALT, KEEP_STRONGER, ...)
    kept: tuple[int, ...] = ()  # cards the other seat has played: each one kept in a draw
    draws: int = 0  # draws the other seat made, each leaving one card it did not keep
    # Unseen cards dealt to no seat: a dead hand (003:207), placed like a hand of its own.
    dead: int = 0


def _ids(cards: tuple[Card, ...] | None) -> list[int]:
    return [c.index for c in cards or ()]


def hand_rules(view: SeatView) -> tuple[Rules, bool]:
    """The rules this hand's cards are played by, and whether each seat must play its
    lowest card: the table's, but in Evil Spades (003:13-63) with the hand rule's own play
    rule (003:22 trump when void, 003:43 low ball, 003:46 screamers), which the game
    applies hand by hand (``Game._start_evil_hand``) and the table's rules do not show."""
    rules = view.rules
    if not rules.evil_spades:
        return rules, False
    play = hand_rule(view.hand_number, rules.evil_start).play
    if play == MUST_TRUMP:
        return rules.model_copy(update={"must_trump": "when_void"}), False
    if play == SCREAMERS:
        return rules.model_copy(update={"spades_last": True}), False
    return rules, play == LOW_BALL


def knowledge_of(view: SeatView) -> Knowledge:
    rules, _ = hand_rules(view)
    deck = deck_info(rules.deck, rules.players, rules.deal_shape)
    n = rules.players
    pool: dict[int, int] = {}
    for physical in deck.cards:
        pool[physical % COPY_SHIFT] = pool.get(physical % COPY_SHIFT, 0) + 1
    seen = _ids(view.hand) + [c.index for cards in view.played for c in cards]
    seen += _ids(view.discarded)
    for index in seen:
        pool[index] -= 1
    known: list[list[int]] = [[] for _ in range(n)]
    partners = view.partners
    # Passed cards went to the partner, or under Hurricane to a neighbour (003:363).
    taker = view.pass_to if view.pass_to is not None else (partners[0] if partners else None)
    if taker == view.seat:
        # The kitty's discards: in ``discarded``, out of play.
        taker = None
    if view.passed and taker is not None:
        still = list(_ids(view.passed))
        for card in view.played[taker]:
            if card.index in still:
                still.remove(card.index)
        known[taker] = still
        for index in still:
            pool[index] -= 1
    for seat, shown in enumerate(view.exposed):
        # Cards face up (a face-up deal, 000:98, or a failed claim): where they are is known.
        if seat != view.seat:
            for card in shown:
                if card.index not in known[seat]:
                    known[seat].append(card.index)
                    pool[card.index] -= 1
    unseen = tuple(c for c, count in sorted(pool.items()) for _ in range(count))
    needs = [0 if s == view.seat else view.cards_left[s] - len(known[s]) for s in range(n)]
    voids: list[set[int]] = [set() for _ in range(n)]
    if rules.allow_renege == "no":
        plays = [record.plays for record in view.tricks]
        if view.trick:
            plays.append(view.trick)
        others = {suit for suit in range(4) if suit != TRUMP}
        for number, whole in enumerate(plays):
            # 000:192: junk Jokers led follow nothing; the first other card sets the suit.
            trick = whole[_first_real(whole, deck) :]
            if not trick:
                continue
            led = deck.suit_of[trick[0][1].index]
            # Trumps barred to a seat holding another suit: a discard tells nothing of its
            # trumps, and a trump tells it holds nothing else (Screamers, spades_last).
            barred = rules.spades_last or (number == 0 and rules.no_spades_first_trick)
            if rules.spades_last and led == TRUMP:
                voids[trick[0][0]] |= others
            for seat, card in trick[1:]:
                suit = deck.suit_of[card.index]
                if rules.dummy_hands and seat % 2:
                    # 003:152: a dummy plays a face-up spade, or turns cards until one
                    # fits, though a card of the suit led may lie face down: no void shown.
                    continue
                if suit != led:
                    voids[seat].add(led)
                    if rules.must_trump == "when_void" and suit != TRUMP and not barred:
                        voids[seat].add(TRUMP)
                    if rules.spades_last and suit == TRUMP:
                        voids[seat] |= others
    nil = tuple(b is not None and b.tricks == 0 and rules.nil_mode == "nil" for b in view.bids)
    draw, draws = DEALT, 0
    kept: tuple[int, ...] = ()
    if n == 2 and view.phase in (Phase.BID, Phase.PLAY):
        draw = KEEP_STRONGER if rules.two_player_deal == "keep_one_of_two" else FIRST_OR_SECOND
        other = 1 - view.seat
        kept = tuple(_ids(view.played[other]))
        draws = view.cards_left[other] + len(kept)
    elif rules.two_decks and view.phase in (Phase.BID, Phase.PLAY):
        # 003:81: three players draw from two decks as two players draw from one.
        draw = KEEP_STRONGER if rules.two_player_deal == "keep_one_of_two" else FIRST_OR_SECOND
    # 003:207-225: the dead hand holds 13 of the unseen cards, and no void of any seat
    # says a card of that suit is in the other hands rather than there.
    dead = len(unseen) - sum(needs) if rules.deal_shape == "dead_hand" else 0
    return Knowledge(
        seat=view.seat,
        deck=deck,
        unseen=unseen,
        needs=tuple(needs),
        known=tuple(tuple(k) for k in known),
        voids=tuple(frozenset(v) for v in voids),
        nil=nil,
        draw=draw,
        kept=kept,
        draws=draws,
        dead=max(dead, 0),
    )


def _honour(card: int, deck: DeckInfo) -> bool:
    return deck.power[card] >= 12 if deck.suit_of[card] != TRUMP else deck.power[card] >= 110


def _first_real(trick: Sequence[tuple[int, Card]], deck: DeckInfo) -> int:
    """Where the suit led is set: the first card, or under junk Jokers (000:192) the first
    that is not junk."""
    start = 0
    while start < len(trick) and deck.suit_of[trick[start][1].index] == JUNK:
        start += 1
    return start


def sample_deal(knowledge: Knowledge, rng: random.Random) -> list[list[int]]:
    """Logical cards for every other seat, honouring shown voids; this seat's list is empty.

    Cards left over (the two-player discards nobody saw) are dropped. A dead hand's cards
    (``Knowledge.dead``) are dealt to it as to a seat void in nothing, and dropped after:
    dealt first to the seats with room, the cards of a suit one seat has shown void in
    all went to the other (003:207: with 13 unseen cards out of play, half as many).
    """
    deck = knowledge.deck
    players = len(knowledge.needs)
    needs, voids, nils = knowledge.needs, knowledge.voids, knowledge.nil
    if knowledge.dead:
        needs = (*needs, knowledge.dead)
        voids = (*voids, frozenset())
        nils = (*nils, False)
    n = len(needs)
    # How many seats may hold each suit: the fewer, the sooner its cards are placed.
    free = [sum(suit not in voids[s] for s in range(n)) for suit in range(4)]
    free.append(n)  # 000:192: a junk Joker, no suit, that any seat may hold
    for attempt in range(_TRIES + 1):
        strict = attempt < _TRIES
        hands = [list(k) for k in knowledge.known] + [[] for _ in range(n - players)]
        room = list(needs)
        # The permutation ``rng.shuffle`` gives, without its interpreted loop.
        cards = shuffled(knowledge.unseen, rng)
        # The most constrained cards go first so a void cannot strand them: a stable sort
        # by ``free``, written as buckets in order.
        buckets: list[list[int]] = [[] for _ in range(n + 1)]
        for card in cards:
            buckets[free[deck.suit_of[card]]].append(card)
        for card in [c for bucket in buckets for c in bucket]:
            suit = deck.suit_of[card]
            seats = [s for s in range(n) if room[s] and (not strict or suit not in voids[s])]
            if not seats:
                if sum(room) == 0:
                    break
                continue
            weights = [
                room[s] * (_NIL_HONOUR_WEIGHT if nils[s] and _honour(card, deck) else 1)
                for s in seats
            ]
            seat = _weighted_choice(rng, seats, weights)
            hands[seat].append(card)
            room[seat] -= 1
        if sum(room) == 0:
            break
    return hands[:players]


def _strength(card: int, deck: DeckInfo) -> int:
    """The heuristic's ``CardTable.strength``: spades above every other suit."""
    return deck.power[card] + (1000 if deck.suit_of[card] == TRUMP else 0)


def _worth_keeping(card: int, deck: DeckInfo) -> bool:
    """What the heuristic keeps when it sees only the first card: a spade or an honour."""
    return deck.suit_of[card] == TRUMP or deck.power[card] >= 12


def keeps_first(first: int, second: int, draw: int, deck: DeckInfo) -> bool:
    """Whether a draw offering ``first`` and then ``second`` keeps ``first``, as the
    heuristic draws (its ``_draw``; a test holds the two to the same answer for every
    pair of cards): the stronger of the two, the first on a tie; or (first or second)
    the first if it is a spade or an honour."""
    if draw == KEEP_STRONGER:
        return _strength(first, deck) >= _strength(second, deck)
    return _worth_keeping(first, deck)


def _may_keep_over(kept: int, other: int, draw: int, deck: DeckInfo) -> bool:
    """Whether a draw offering ``kept`` and ``other``, in either order, can have kept
    ``kept``."""
    return keeps_first(kept, other, draw, deck) or not keeps_first(other, kept, draw, deck)


def _partner(cards: list[int], kept: int, draw: int, deck: DeckInfo, voids: frozenset[int]) -> int:
    """Where in ``cards`` (in random order) the card ``kept`` was drawn with: the first
    one the draw can have left behind, and of those a card of a void suit if there is
    one (the other seat cannot hold it); the first card at all if none fits."""
    found = -1
    for i, card in enumerate(cards):
        if _may_keep_over(kept, card, draw, deck):
            if deck.suit_of[card] in voids:
                return i
            if found < 0:
                found = i
    return found if found >= 0 else 0


def sample_drawn_deal(knowledge: Knowledge, rng: random.Random) -> list[list[int]]:
    """Like ``sample_deal``, with the other seat's hand drawn, two players.

    Two players draw their hands (``Knowledge.draw``): each draw offers two cards, one
    kept and one left. The unseen cards are the other seat's hand, the card it left at
    each of its draws, and (first or second, unseen) cards this seat left unseen. So the
    unseen cards are shuffled, this seat's unseen leftovers put aside, each card the
    other seat has played given a card it was drawn with (it was kept), each card of a
    suit it has shown void given a card to be kept over it, and the rest drawn in pairs,
    the other seat keeping the card the heuristic keeps. A hand that was dealt, or a
    position this cannot fit, is sampled by ``sample_deal``.
    """
    if knowledge.draw == DEALT:
        return sample_deal(knowledge, rng)
    if len(knowledge.needs) != 2:
        return _sample_drawn_three(knowledge, rng)
    deck = knowledge.deck
    draw = knowledge.draw
    other = 1 - knowledge.seat
    voids = knowledge.voids[other]
    need = knowledge.needs[other]
    cards = shuffled(knowledge.unseen, rng)
    leftover = len(cards) - need - knowledge.draws
    if leftover < 0:
        return sample_deal(knowledge, rng)
    del cards[:leftover]
    for card in knowledge.kept:
        if not cards:
            return sample_deal(knowledge, rng)
        cards.pop(_partner(cards, card, draw, deck, voids))
    void = [c for c in cards if deck.suit_of[c] in voids]
    free = [c for c in cards if deck.suit_of[c] not in voids]
    if len(free) < need or len(void) + len(free) != 2 * need:
        return sample_deal(knowledge, rng)
    hand: list[int] = []
    for card in void:
        i = -1
        for j, candidate in enumerate(free):
            if _may_keep_over(candidate, card, draw, deck):
                i = j
                break
        hand.append(free.pop(max(i, 0)))
    for i in range(0, len(free), 2):
        first, second = free[i], free[i + 1]
        hand.append(first if keeps_first(first, second, draw, deck) else second)
    hands: list[list[int]] = [[], []]
    hands[other] = list(knowledge.known[other]) + hand
    return hands


def _sample_drawn_three(knowledge: Knowledge, rng: random.Random) -> list[list[int]]:
    """Three players drawing from two decks (003:81): each other seat's cards drawn in
    pairs from the shuffled unseen cards, the seat keeping the card the heuristic keeps, or
    the other when that one is of a suit the seat has shown void in (a pair of two such
    cards is passed over). Sampled as a random deal, the other hands were far weaker than
    drawn ones, and hard overbid (set 86% of the time over 50 deals, seed 7)."""
    deck, draw = knowledge.deck, knowledge.draw
    cards = shuffled(knowledge.unseen, rng)
    hands = [list(k) for k in knowledge.known]
    for seat, need in enumerate(knowledge.needs):
        voids = knowledge.voids[seat]
        while need and len(cards) >= 2:
            first, second = cards.pop(), cards.pop()
            keep, other = (
                (first, second) if keeps_first(first, second, draw, deck) else (second, first)
            )
            if deck.suit_of[keep] in voids:
                if deck.suit_of[other] in voids:
                    continue
                keep = other
            hands[seat].append(keep)
            need -= 1
        if need:
            return sample_deal(knowledge, rng)
    return hands


def _weighted_choice(rng: random.Random, seats: list[int], weights: list[float]) -> int:
    """``rng.choices(seats, weights)[0]``: the same draw from the same stream (one
    ``rng.random()`` against the running totals), without its interpreted machinery."""
    totals: list[float] = []
    total = 0.0
    for weight in weights:
        total += weight
        totals.append(total)
    x = rng.random() * total
    last = len(seats) - 1
    i = 0
    while i < last and totals[i] <= x:
        i += 1
    return seats[i]


def bid_weight(view: SeatView, deal: list[list[int]]) -> float:
    """How likely the other seats' bids make this sampled deal, up to a constant.

    Each seat's hand as bid (the sampled cards it holds plus the ones it has played) is
    valued with the heuristic's trick estimate and compared with its bid. Only regular
    bidding says something this way (Mirror and Whiz bids count spades), and Nil and
    blind bids are read elsewhere or not from the cards at all.
    """
    rules = view.rules
    if rules.variant != "regular" or rules.auction or rules.miser:
        # An auction's bids are a side's contract and passes (000:112); a Miser bid the
        # tricks a hand cannot shed (003:87): neither is this estimate.
        return 1.0
    table = CardTable(deck_info(rules.deck, rules.players, rules.deal_shape))
    spread = _BID_SPREAD if rules.players <= 4 else _WIDE_BID_SPREAD
    log = 0.0
    for seat, bid in enumerate(view.bids):
        if seat == view.seat or bid is None or bid.blind or bid.tricks == 0:
            continue
        hand = tuple(Card.of(c) for c in deal[seat]) + view.played[seat]
        partners = len(next(t for t in view.teams if seat in t)) - 1
        miss = bid_estimate(rules, hand, table, partners) - bid.tricks
        log -= miss * miss / (2 * spread * spread)
    return math.exp(max(log, _MIN_LOG_WEIGHT))
