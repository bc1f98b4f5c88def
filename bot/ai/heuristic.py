"""The ``normal`` bot: bids from honours and trump length, plays cheap winners and low losers.

Every decision comes with a one-line reason, which is also the hint a player is shown.
It reads only the seat's view and follows every house rule because it chooses among the
view's legal actions.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache

from bot.ai.claims import claim_is_certain, other_than_claims
from bot.ai.playout import near_bag_limit
from bot.ai.reasons import Reason, Said, shown_voids
from bot.engine import (
    Action,
    Bid,
    CallHighLow,
    Card,
    Claim,
    Declare,
    Draw,
    HalfBid,
    NoTrump,
    PassCards,
    Phase,
    PlayCard,
    Raise,
    RevealCards,
    SeatView,
)
from bot.engine.auction import AUCTION_BASE
from bot.engine.cards import BIG_JOKER, LITTLE_JOKER
from bot.engine.deck import COPY_SHIFT, JUNK, TRUMP, DeckInfo, deck_info
from bot.engine.options import options_of
from bot.engine.rules import Rules, mo_terms
from bot.i18n import N_

# Blind Nil is a last resort: only this far behind does the bot bid it unseen.
_BLIND_NIL_DEFICIT = 200
# A trump of at least this power (the J♠ in a plain deck) too often takes a trick for a Nil:
# counting the J♠ as well as the Q♠ lifted self-play Nil success from 78.8% to 81.0% over
# 1,000 deals at no cost in points.
_NIL_TRUMP_POWER = 109
# The power of the lowest trump (the 2♠ in a plain deck), and of the 9♠: a Nil's three trumps
# without the one and with one of the 9♠ to the J♠ are a danger (``_bare_trump_trio``).
_LOWEST_TRUMP = 100
_NIL_TRIO_POWER = 107
# The power of a plain deck's A♠, the highest trump there.
_PLAIN_TOP_TRUMP = 112


@dataclass(frozen=True, slots=True)
class CardTable:
    """Card facts for the view's deck: effective suit and power of each card.

    ``low``: the trick is called low (003:65), so a lower card is a stronger one;
    ``low_cards``: the Aces in the trick called low (000:143)."""

    deck: DeckInfo
    low: bool = False
    low_cards: frozenset[int] = frozenset()

    def suit(self, card: Card) -> int:
        return self.deck.suit_of[card.index]

    def power(self, card: Card) -> int:
        power = self.deck.power[card.index]
        if not (self.low or self.low_cards):
            return power
        if card.index in self.low_cards:
            power = 99 if self.suit(card) == TRUMP else 1
        return -power if self.low else power

    def strength(self, card: Card) -> int:
        return self.power(card) + (1000 if self.suit(card) == TRUMP else 0)


Choice = tuple[Action, str]
# The action, the reason in a sentence, and the rule that decided (a ``Rule``).
Ruled = tuple[Action, str, str]


class Rule:
    """The rules the heuristic decides by, as ``reasons.Reason.rule`` names them."""

    CLAIM = "claim"
    ANY = "any"
    BLIND_NIL = "blind_nil"
    REVEAL = "reveal"
    BLIND_ONLY = "blind_only"
    ONLY_BID = "only_bid"
    NIL_SAFE = "nil_safe"
    NIL_PASS = "nil_pass"
    COVER_NIL = "cover_nil"
    ESTIMATE = "estimate"
    PASS_NIL = "pass_nil"
    PASS_COVER = "pass_cover"
    PASS_KEEP = "pass_keep"
    DISCARD = "discard"
    DRAW_STRONGER = "draw_stronger"
    DRAW_ONE = "draw_one"
    ONLY_CARD = "only_card"
    NIL_LEAD_LOW = "nil_lead_low"
    LEAD_UNDER_NIL = "lead_under_nil"
    LEAD_TOP = "lead_top"
    LEAD_TOP_COVER = "lead_top_cover"
    LEAD_LOW = "lead_low"
    NIL_LOSE = "nil_lose"
    NIL_FORCED = "nil_forced"
    COVER_PARTNER = "cover_partner"
    CANNOT_COVER = "cannot_cover"
    PARTNER_WINNING = "partner_winning"
    WIN_HIGH_FOR_NIL = "win_high_for_nil"
    UNDER_NIL = "under_nil"
    WIN_NEED = "win_need"
    WIN_SET = "win_set"
    CANCEL_FOR_PARTNER = "cancel_for_partner"
    DUCK_BAGS = "duck_bags"
    DUCK_EXACT = "duck_exact"
    NOTHING = "nothing"
    DECLARE = "declare"
    CALL_TRICK = "call_trick"
    CALL_ACE = "call_ace"
    RAISE = "raise"
    KEEP_BID = "keep_bid"
    MISER_BID = "miser_bid"
    MISER_LOWER = "miser_lower"
    MISER_LEAD = "miser_lead"
    MISER_LOSE = "miser_lose"
    MISER_FORCED = "miser_forced"
    AUCTION_BID = "auction_bid"
    AUCTION_PASS = "auction_pass"
    LOWER_BID = "lower_bid"
    DARK_NIL = "dark_nil"
    SIDE_BID = "side_bid"
    NO_TRUMP = "no_trump"
    HALF_BID = "half_bid"
    HALF_FINISH = "half_finish"


class HeuristicPolicy:
    """Rule-of-thumb bidding and play; covers a partner's Nil; ducks when bags pile up."""

    level = "normal"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return self.ruled(view, rng)[0]

    def explain(self, view: SeatView, rng: random.Random | None = None) -> Choice:
        """The action and a one-line reason a person understands."""
        action, text, _ = self.ruled(view, rng)
        return action, text

    def decide_why(self, view: SeatView, rng: random.Random) -> tuple[Action, Reason]:
        """The action and the ``Reason`` for it: its rule and the figures it went by."""
        action, text, rule = self.ruled(view, rng)
        return action, reason_for(view, action, text, rule, self.level)

    def ruled(self, view: SeatView, rng: random.Random | None = None) -> Ruled:
        """The action, a one-line reason a person understands, and the rule that decided."""
        if claim_is_certain(view):
            return (
                Claim(view.seat),
                Said(N_("No card you can't see beats yours now: claim the rest.")),
                Rule.CLAIM,
            )
        legal = other_than_claims(view.legal_actions) or list(view.legal_actions)
        table = card_table(view)
        kinds = {type(a) for a in legal}
        if CallHighLow in kinds:
            return _call(view, table)
        if PassCards in kinds:
            return _pass_cards(view, table)
        if Draw in kinds:
            return _draw(view, table)
        if Raise in kinds:
            return _raise(view, table)
        if Bid in kinds or RevealCards in kinds or HalfBid in kinds:
            return _bid(view, table)
        if PlayCard in kinds:
            return _play(view, table)
        return (rng or random.Random(0)).choice(legal), Said(N_("Nothing better to do.")), Rule.ANY


def reason_for(view: SeatView, action: Action, text: str, rule: str, level: str) -> Reason:
    """The ``Reason`` for a heuristic decision: the public figures its rule speaks of (the
    hand's worth in tricks as this bot counts it, the tricks its side still needs, its
    bags, how far behind it is, the risky cards of a Nil)."""
    figures: dict[str, float] = {}
    if view.hand is not None and view.phase is Phase.BID:
        table = card_table(view)
        estimate = estimate_tricks(view.hand, table, len(view.partners))
        figures["tricks"] = estimate
        figures["target"] = max(1, round(estimate))
        figures["dangers"] = _nil_dangers(view.hand, table)
    if view.phase is Phase.PLAY and view.bids[view.seat] is not None:
        figures["need"] = _side_need(view, view.team)
    figures["bags"] = view.bags[view.team]
    figures["behind"] = max(view.scores) - view.scores[view.team]
    return Reason(
        level,
        view.seat,
        view.hand_number,
        action,
        rule,
        text,
        tuple(figures.items()),
        voids=shown_voids(view),
    )


def hint(view: SeatView) -> Choice:
    """The suggestion shown to a player who asks for one."""
    return HeuristicPolicy().explain(view)


# The share of its estimate a hand drawn from two decks by three players takes (17 / 23.0).
_TWO_DECKS_SHARE = 0.74


def bid_estimate(rules: Rules, hand: tuple[Card, ...], table: CardTable, partners: int) -> float:
    """``estimate_tricks`` as a bid reads it. Three players drawing from two decks (003:81)
    each keep their better cards, so the three hands' estimates came to 23.0 tricks of 17
    over 40 deals: each is scaled to its share."""
    estimate = estimate_tricks(hand, table, partners)
    return estimate * _TWO_DECKS_SHARE if rules.two_decks else estimate


# Berkley's dummies (003:152): a face-down card plays where the seed forces it, so it is
# counted at a little under a hand's average of a quarter trick a card.
_DUMMY_FACE_DOWN_TRICKS = 0.2


def dummy_estimate(view: SeatView, table: CardTable) -> float:
    """Tricks the seat's dummy looks worth to its bid (rules' dummy_hands): its face-up
    cards counted as a hand, and a little for each card face down."""
    dummy = (view.seat + 3) % 4
    up = view.exposed[dummy]
    down = view.cards_left[dummy] - len(up)
    return estimate_tricks(up, table, 1) + _DUMMY_FACE_DOWN_TRICKS * down


def estimate_tricks(hand: tuple[Card, ...], table: CardTable, partners: int) -> float:
    """Expected tricks: side-suit honours, trump honours and length, ruffing chances."""
    # 000:192: junk Jokers (``JUNK``) are worth nothing.
    by_suit: dict[int, list[Card]] = {0: [], 1: [], 2: [], 3: [], JUNK: []}
    for card in hand:
        by_suit[table.suit(card)].append(card)
    trumps = sorted(by_suit[TRUMP], key=table.power, reverse=True)
    tricks = 0.0
    for suit in (0, 1, 2):
        cards = by_suit[suit]
        ranks = {c.rank for c in cards}
        if 14 in ranks:
            tricks += 1.0 if len(cards) <= 5 else 0.6
        if 13 in ranks and len(cards) >= 2:
            tricks += 0.8 if len(cards) <= 4 else 0.3
        if 12 in ranks and len(cards) >= 3 and partners:
            tricks += 0.25
        if len(cards) <= 1 and len(trumps) >= 3:
            tricks += 0.5 if not cards else 0.25
    top_power = max(table.deck.power)
    for i, card in enumerate(trumps):
        gap = top_power - table.power(card)
        if gap <= i:
            tricks += 1.0
        elif i >= 3:
            tricks += 0.8
        elif gap <= 3:
            tricks += 0.5
    return tricks


def nil_dangers(hand: tuple[Card, ...], rules: Rules, trio: bool = True) -> int:
    """``_nil_dangers`` with the J♠ left out: the cards ``hard`` will not bid Nil over
    (one of the three top trumps, a Q♠ or higher in a plain deck; a fourth trump; a side
    ace or king without two low cards), and
    the second of an ace and king held together in a side suit, however many low cards
    are with them: once the low cards are led out, or the others show out of a long suit,
    one of the two is left to take a trick (arena deal 10, seed 7: a Nil over A♦ K♦ 8♦ 5♦
    2♦, valued as made on 93% of hard's deals, was lost by both hard and hard1). With
    ``trio``, also three trumps without the lowest and with a middle one high
    (``_bare_trump_trio``). Over Jokers or high deuces both bars stand as far below the
    top trump as in a plain deck: at jokers_kitty (seed 7, 100 deals, untimed) against
    hard1, +2.2 +- 2.2 a hand, and 12 Nils bid instead of 8, all made."""
    deck = rules_deck(rules)
    table = CardTable(deck)
    above = _trumps_over_the_ace(deck)
    dangers = _nil_dangers(hand, table, _NIL_TRUMP_POWER + 1 + above)
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        if table.suit(card) != TRUMP:
            by_suit.setdefault(table.suit(card), []).append(card)
    for cards in by_suit.values():
        if sum(1 for c in cards if c.rank <= 8) >= 2:  # else _nil_dangers counted them
            dangers += max(0, sum(1 for c in cards if c.rank >= 13) - 1)
    return dangers + (_bare_trump_trio(hand, table, above) if trio else 0)


@cache
def _trumps_over_the_ace(deck: DeckInfo) -> int:
    """How many trumps the deck ranks above where a plain deck's A♠ stands: two Jokers, or
    high deuces (0 in a plain deck, and at Joke Trumps, whose Jokers take nothing)."""
    top = max(p for c, p in enumerate(deck.power) if deck.suit_of[c] == TRUMP)
    return max(0, top - _PLAIN_TOP_TRUMP)


def _bare_trump_trio(hand: tuple[Card, ...], table: CardTable, above: int = 0) -> int:
    """1 for three trumps without the lowest of the deck and with one of the 9♠ to the J♠
    (``above`` ranks higher where the deck has trumps over the A♠; a higher one
    ``_nil_dangers`` counts already): a Nil follows or ruffs with each of
    them, the lowest is never safe under a lower one and the high one only under the top
    trumps, so strong opponents keep their low trumps back and leave the Nil to take a
    trick at the end. Against hard1 (classic, seed 7, untimed) hard made 6 of the 11 Nils it
    bid over such a trio in deals 0-399, valued as made on 74-95% of its deals, and 51 of
    its 57 others; on deals 400-999, 15 of 21 trio Nils. Refusing them cost -11.6 +- 19.2
    a hand on those 21 deals and gained +1.2 on the 11; against normal (deals 300-899) it
    cost -25.7 +- 16.1 on the 15 it changed (``SearchPolicy``'s ``nil_trio`` turns it off)."""
    trumps = [table.power(c) for c in _live_trumps(hand, table)]
    if len(trumps) != 3 or min(trumps) == _LOWEST_TRUMP:
        return 0
    return int(_NIL_TRIO_POWER + above <= max(trumps) <= _NIL_TRUMP_POWER + above)


def _nil_dangers(
    hand: tuple[Card, ...], table: CardTable, trump_power: int = _NIL_TRUMP_POWER
) -> int:
    """Cards that tend to take a trick whatever the Nil bidder does: high trumps (of
    ``trump_power`` or more), trumps past the third, and side-suit honours without two
    low cards to hide behind."""
    trumps = _live_trumps(hand, table)
    dangers = sum(1 for c in trumps if table.power(c) >= trump_power)
    dangers += max(0, len(trumps) - 3)
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(table.suit(card), []).append(card)
    for suit, cards in by_suit.items():
        if suit == TRUMP:
            continue
        low = sum(1 for c in cards if c.rank <= 8)
        if low < 2:
            dangers += sum(1 for c in cards if c.rank >= 13)
    return dangers


def _live_trumps(hand: tuple[Card, ...], table: CardTable) -> list[Card]:
    """The hand's trumps that can take a trick: not a Joke Trumps Joker (000:134), which
    the table counts below the 2♠ and which takes nothing itself, so a Nil holds it
    safely (``hard`` refused a Nil over one for a high or a fourth trump: the five Nils
    hard1 bid over a Joker in joke_trumps' first 30 deals, seed 7)."""
    return [c for c in hand if table.suit(c) == TRUMP and table.power(c) >= _LOWEST_TRUMP]


def _nil_help(view: SeatView) -> int:
    """Dangerous cards a Nil can live with: the ones it passes to its partner."""
    return view.rules.nil_pass


def _blind_nil_against(view: SeatView) -> bool:
    """An opponent bid Blind Nil: the side needs both hands free to break it."""
    return any(
        _bid_nil(view, s) and (b := view.bids[s]) is not None and b.blind
        for t, seats in enumerate(view.teams)
        if t != view.team
        for s in seats
    )


def _bid(view: SeatView, table: CardTable) -> Ruled:
    legal = view.legal_actions
    bids = [a for a in legal if isinstance(a, Bid)]
    partner_nil = any(_bid_nil(view, p) for p in view.partners)
    if view.hand is None:
        blind_nil = [b for b in bids if b.tricks == 0]
        behind = max(view.scores) - view.scores[view.team]
        nil_pays = view.rules.nil_scoring == "bonus"
        # Two players: nobody covers a Blind Nil and the one opponent plays every trick
        # against it; at berkley_two none of 37 Nils was made over 50 deals (seed 7).
        heads_up = view.rules.players == 2
        if (
            blind_nil
            and nil_pays
            and behind >= _BLIND_NIL_DEFICIT
            and not partner_nil
            and not heads_up
        ):
            return (
                blind_nil[0],
                Said(N_("Your side is {points} behind: a Blind Nil can catch up."), points=behind),
                Rule.BLIND_NIL,
            )
        reveal = [a for a in legal if isinstance(a, RevealCards)]
        if reveal:
            return reveal[0], Said(N_("Look at your cards before you bid.")), Rule.REVEAL
        return bids[0], Said(N_("Only blind bids are left.")), Rule.BLIND_ONLY
    if view.rules.miser:
        return _miser_bid(view, table, bids)
    if view.rules.auction:
        return _auction_bid(view, table, bids)
    declared = _declare(view, table)
    if declared is not None:
        return declared
    no_trump = _no_trump(view, table)
    if no_trump is not None:
        return no_trump
    half = _half_bid(view, table)
    if half is not None:
        return half
    if len(bids) == 1:
        return (
            bids[0],
            Said(N_("The rules allow only one bid here: bid {bid}."), bid=_bid_word(view, bids[0])),
            Rule.ONLY_BID,
        )
    estimate = bid_estimate(view.rules, view.hand, table, len(view.partners))
    nil_on = view.rules.nil_mode == "nil"
    nil = [b for b in bids if b.tricks == 0]
    # A Nil that scores nothing made (3B-Spades) is never worth its risk.
    nil_pays = view.rules.nil_scoring == "bonus"
    if (
        nil_on
        and nil_pays
        and nil
        and not partner_nil
        and estimate < 1.5
        and not _blind_nil_against(view)
    ):
        dangers = _nil_dangers(view.hand, table)
        dark = _dark_nil(view, table, nil, dangers)
        if dark is not None:
            return dark
        if dangers == 0:
            return nil[0], Said(N_("No card here should take a trick: bid Nil.")), Rule.NIL_SAFE
        if dangers <= _nil_help(view):
            return (
                nil[0],
                Said(
                    N_("Pass your {count} risky card(s) to your partner: bid Nil."), count=dangers
                ),
                Rule.NIL_PASS,
            )
    if view.rules.partnership_bidding:
        return _side_bid(view, bids, estimate)
    if view.rules.dummy_hands:
        # 003:108: one bid for both hands; a Nil above was for this hand alone.
        estimate += dummy_estimate(view, table)
        bids = [b for b in bids if b.seat == view.seat]
    target = max(1, round(estimate)) + (1 if partner_nil else 0)
    plain = [b for b in bids if not b.blind and (b.tricks or not nil_on)] or bids
    choice = min(plain, key=lambda b: (abs(b.tricks - target), b.tricks))
    return (
        choice,
        _bid_said(view, choice, estimate, target, partner_nil),
        (Rule.COVER_NIL if partner_nil else Rule.ESTIMATE),
    )


def _bid_said(view: SeatView, choice: Bid, estimate: float, target: int, partner_nil: bool) -> Said:
    """Why ``choice``: the partner's Nil to cover, or the hand's worth; ``target`` when the
    rules kept the bid from it."""
    bid = _bid_word(view, choice)
    near = choice.tricks != target
    if partner_nil:
        if near:
            return Said(
                N_(
                    "Your partner bid Nil: bid {bid} to cover them, as near {target} as the"
                    " rules allow."
                ),
                bid=bid,
                target=target,
            )
        return Said(N_("Your partner bid Nil: bid {bid} to cover them."), bid=bid)
    worth = round(estimate, 1)
    if _blind_nil_against(view) and estimate < 1.5:
        if near:
            return Said(
                N_(
                    "About {tricks} tricks from honours and spades: bid {bid} (no Nil: your side"
                    " needs both hands to break their Blind Nil), as near {target} as the rules"
                    " allow."
                ),
                tricks=worth,
                bid=bid,
                target=target,
            )
        return Said(
            N_(
                "About {tricks} tricks from honours and spades: bid {bid} (no Nil: your side"
                " needs both hands to break their Blind Nil)."
            ),
            tricks=worth,
            bid=bid,
        )
    if near:
        return Said(
            N_(
                "About {tricks} tricks from honours and spades: bid {bid}, as near {target} as"
                " the rules allow."
            ),
            tricks=worth,
            bid=bid,
            target=target,
        )
    return Said(
        N_("About {tricks} tricks from honours and spades: bid {bid}."), tricks=worth, bid=bid
    )


def sure_tricks(hand: tuple[Card, ...], table: CardTable) -> int:
    """Tricks the hand takes on its own, one after another from the lead: its unbroken run
    of top trumps and, once that run has drawn about half the trumps it does not hold,
    each side suit's unbroken run from the Ace (at most three rounds, before a void shows)."""
    trumps = sorted((c for c in hand if table.suit(c) == TRUMP), key=table.power, reverse=True)
    deck = table.deck
    logical = [i % COPY_SHIFT for i in deck.cards]
    powers = sorted((deck.power[i] for i in logical if deck.suit_of[i] == TRUMP), reverse=True)
    run = 0
    while run < len(trumps) and table.power(trumps[run]) == powers[run]:
        run += 1
    sure = run
    if 2 * run < len(powers) - len(trumps):
        return sure
    for suit in (0, 1, 2):
        ranks = sorted((c.rank for c in hand if table.suit(c) == suit), reverse=True)
        top = 0
        while top < min(len(ranks), 3) and ranks[top] == 14 - top:
            top += 1
        sure += top
    return sure


# The declarations' names, Little then Big, by the rules' ``mo``.
_DECLARATIONS: dict[str, tuple[str, str]] = {
    "mo": (N_("Little Mo"), N_("Big Mo")),
    "moe": (N_("Little Moe"), N_("Big Moe")),
    "bemo": (N_("Bemo"), N_("Big Bemo")),
    "bemo_three": (N_("Bemo"), N_("Big Bemo")),
}


def _declare(view: SeatView, table: CardTable) -> Ruled | None:
    """A Mo, Moe or Bemo when the hand takes the tricks it asks for (002:90: "It's not
    unusual for a team that could do a Big Mo to declare a Little Mo to play it safe"): a Big
    when its own sure tricks reach the goal, a Little when they come within the one trick a
    partner's hand is all but sure to add."""
    declares = [a for a in view.legal_actions if isinstance(a, Declare)]
    if not declares or view.hand is None:
        return None
    terms = mo_terms(view.rules.mo, view.num_tricks)
    sure = sure_tricks(view.hand, table)
    for action in sorted(declares, key=lambda a: not a.big):
        goal = terms[int(action.big)][0]
        if sure + (0 if action.big else 1) >= goal:
            said = Said(
                N_(
                    "{sure} sure tricks in this hand alone: declare the {declaration}"
                    " ({goal} tricks)."
                ),
                sure=sure,
                declaration=_DECLARATIONS[view.rules.mo][int(action.big)],
                goal=goal,
            )
            return action, said, Rule.DECLARE
    return None


def _raise(view: SeatView, table: CardTable) -> Ruled:
    """Before the first card (000:103): raise to what the cards look worth when the bid
    fell short of it (a rule held it down, or a partner's Nil needs covering), else keep."""
    raises = [a for a in view.legal_actions if isinstance(a, Raise)]
    bid = view.bids[view.seat]
    assert view.hand is not None and bid is not None
    if view.rules.miser:
        return _miser_lower(view, table, raises, bid.tricks)
    estimate = estimate_tricks(view.hand, table, len(view.partners))
    partner_nil = any(_bid_nil(view, p) for p in view.partners)
    want = max(1, round(estimate)) + (1 if partner_nil else 0)
    low = min(a.by for a in raises)
    by = min(max(low, want - bid.tricks), max(a.by for a in raises))
    about = round(estimate, 1)
    if by < 0:
        # Counter Bidding (000:18): the first side may also come down to its cards.
        said = Said(
            N_("About {estimate} tricks here against a bid of {bid}: lower by {by}."),
            estimate=about,
            bid=bid.tricks,
            by=-by,
        )
        return Raise(view.seat, by), said, Rule.LOWER_BID
    if by:
        said = Said(
            N_("About {estimate} tricks here against a bid of {bid}: raise by {by}."),
            estimate=about,
            bid=bid.tricks,
            by=by,
        )
        return Raise(view.seat, by), said, Rule.RAISE
    said = Said(
        N_("About {estimate} tricks here: keep the bid of {bid}."), estimate=about, bid=bid.tricks
    )
    return Raise(view.seat, 0), said, Rule.KEEP_BID


def _half_bid(view: SeatView, table: CardTable) -> Ruled | None:
    """Half Tricks (000:124): "bidding that they will take three tricks and might take a
    fourth". The first partner bids a half when the hand's worth lies near one (a
    fraction from .3 to .7); the second, after a half, bids the half nearest its worth."""
    halves = [a for a in view.legal_actions if isinstance(a, HalfBid)]
    if not halves:
        return None
    assert view.hand is not None
    estimate = estimate_tricks(view.hand, table, len(view.partners))
    if len(halves) == len(view.legal_actions):
        choice = min(halves, key=lambda a: (abs(a.tricks + 0.5 - estimate), a.tricks))
        text = Said(
            N_("About {estimate} tricks here, after a partner's half: bid {bid}½."),
            estimate=round(estimate, 1),
            bid=choice.tricks,
        )
        return choice, text, Rule.HALF_FINISH
    whole = int(estimate)
    if not 0.3 <= estimate - whole < 0.7 or whole < 1:
        return None
    choice = min(halves, key=lambda a: abs(a.tricks - whole))
    text = Said(
        N_("About {estimate} tricks here: bid {bid}½."),
        estimate=round(estimate, 1),
        bid=choice.tricks,
    )
    return choice, text, Rule.HALF_BID


def _no_trump(view: SeatView, table: CardTable) -> Ruled | None:
    """No-trump bids (000:113): bid no trump when the spades held (one or two, below the
    Queen) would win nothing anyway and the side suits are worth 3 or more tricks, which
    then count twice."""
    if not any(isinstance(a, NoTrump) for a in view.legal_actions):
        return None
    assert view.hand is not None
    spades = [c for c in view.hand if table.suit(c) == TRUMP]
    if len(spades) > 2 or any(table.power(c) >= _NIL_TRUMP_POWER for c in spades):
        return None
    if estimate_tricks(view.hand, table, len(view.partners)) < 3:
        return None
    text = Said(N_("Your spades would win nothing and your side suits take tricks: bid no trump."))
    return NoTrump(view.seat), text, Rule.NO_TRUMP


def _dark_nil(view: SeatView, table: CardTable, nil: list[Bid], dangers: int) -> Ruled | None:
    """Nil In The Dark (000:163), "usually only bid if they have no trump cards": bid when
    no card should take a trick whatever order they fall in, and no spade is held."""
    dark = [b for b in nil if b.blind]
    assert view.hand is not None
    if not dark or dangers or any(table.suit(c) == TRUMP for c in view.hand):
        return None
    if any(c.rank >= 12 for c in view.hand):
        return None
    text = Said(N_("No spade and no card here should take a trick: bid Nil in the dark."))
    return dark[0], text, Rule.DARK_NIL


def _side_bid(view: SeatView, bids: list[Bid], estimate: float) -> Ruled:
    """Partnership bidding (000:111): the side's one bid, this hand's tricks and three
    quarters of what a partner's unseen hand takes on average (its share of the tricks this
    hand leaves): the full share set normal's side bids half the time (50 duplicate deals
    of the partnership preset, seed 7)."""
    others = view.rules.players - 1
    side = estimate + 0.75 * (view.num_tricks - estimate) / others
    choice = min(bids, key=lambda b: (abs(b.tricks - side), b.tricks))
    partner = side - estimate
    text = Said(
        N_("About {estimate} tricks here and {partner} from a partner: bid {bid}."),
        estimate=round(estimate, 1),
        partner=round(partner, 1),
        bid=choice.tricks,
    )
    return choice, text, Rule.SIDE_BID


def _bid_word(view: SeatView, bid: Bid) -> str | int:
    """A bid as a sentence names it: Nil (a word of the catalogs) or its number."""
    return N_("Nil") if bid.tricks == 0 and view.rules.nil_mode == "nil" else bid.tricks


def _bid_nil(view: SeatView, seat: int) -> bool:
    bid = view.bids[seat]
    return bid is not None and bid.tricks == 0 and view.rules.nil_mode == "nil"


def _pass_cards(view: SeatView, table: CardTable) -> Ruled:
    options = [a for a in view.legal_actions if isinstance(a, PassCards)]
    nil = _bid_nil(view, view.seat)
    mate_nil = any(_bid_nil(view, s) for s in view.partners)
    if view.pass_to == view.seat:
        # 000:99 the kitty: keep the spades and winners, discard what is worth least.
        drop = min(options, key=lambda o: sum(table.strength(c) for c in o.cards))
        said = Said(N_("Discard the cards worth least to you, {cards}."), cards=drop.cards)
        return drop, said, Rule.DISCARD
    if not (nil or mate_nil):
        # Passing every hand (000:148) or Hurricane's to an opponent (003:363): nobody on
        # the side bid Nil, so give the cards worth least and keep spades and winners.
        keep = min(options, key=lambda o: sum(table.strength(c) for c in o.cards))
        said = Said(
            N_("Pass the cards worth least to you, {cards}, and keep your winners."),
            cards=keep.cards,
        )
        return keep, said, Rule.PASS_KEEP

    def weight(option: PassCards) -> int:
        total = sum(table.strength(c) for c in option.cards)
        return -total if nil else total

    choice = min(options, key=weight)
    named = choice.cards
    if nil:
        return (
            choice,
            Said(
                N_("You bid Nil: pass your most dangerous cards, spades first: {cards}."),
                cards=named,
            ),
            Rule.PASS_NIL,
        )
    return (
        choice,
        Said(
            N_("Your partner bid Nil: pass low cards, {cards}, and keep your winners."), cards=named
        ),
        Rule.PASS_COVER,
    )


def _draw(view: SeatView, table: CardTable) -> Ruled:
    offer = view.draw_offer
    if len(offer) == 2:
        keep_first = table.strength(offer[0]) >= table.strength(offer[1])
        kept = offer[0] if keep_first else offer[1]
        return (
            Draw(view.seat, keep_first),
            Said(N_("Keep the stronger card, the {card}."), card=kept),
            Rule.DRAW_STRONGER,
        )
    keep = table.suit(offer[0]) == TRUMP or offer[0].rank >= 12
    if keep:
        said = Said(N_("The {card} is a spade or an honour."), card=offer[0])
    else:
        said = Said(N_("The {card} is a low card: try the next one."), card=offer[0])
    return Draw(view.seat, keep), said, Rule.DRAW_ONE


def _cancel_winner(view: SeatView, trick: list[tuple[int, int]]) -> int:
    """000:147 Cancellation Spades: the seat taking ``trick`` as it stands by the engine's
    own rule (twins cancel), -1 while every card that could take it is cancelled."""
    return options_of(view.rules).tricks.cancel_winner(trick)[0]


def _junk_winner(view: SeatView, trick: list[tuple[int, int]]) -> int:
    """000:192 junk Jokers: the seat taking ``trick`` as it stands by the engine's own rule
    (a junk Joker never takes it; the first other card sets the suit led), -1 while only
    junk is down."""
    tricks = options_of(view.rules).tricks
    seat, card = tricks.junk_winner(trick)
    return -1 if tricks.deck.suit_of[card] == JUNK else seat


def _twins(rules: Rules) -> bool:
    """Whether two cards in a trick may be the same card: a double deck, or the second
    Little Joker of five players' three Jokers (000:192)."""
    return rules.double_deck or rules.three_jokers == "top"


def _beats(card: Card, view: SeatView, table: CardTable) -> bool:
    """Would this card take the lead in the trick as it stands?"""
    if view.rules.identical_cards == "cancel":
        trick = [(s, c.index) for s, c in view.trick]
        return _cancel_winner(view, [*trick, (view.seat, card.index)]) == view.seat
    if view.rules.three_jokers == "junk":
        trick = [(s, c.index) for s, c in view.trick]
        return _junk_winner(view, [*trick, (view.seat, card.index)]) == view.seat
    led = table.suit(view.trick[0][1])
    later = view.rules.identical_cards == "later_wins" and _twins(view.rules)
    best = max(
        (table.strength(c) for _, c in view.trick if table.suit(c) in (led, TRUMP)), default=-1
    )
    suit = table.suit(card)
    if suit not in (led, TRUMP):
        return False
    strength = table.strength(card)
    return strength > best or (later and strength == best)


def _cancel_for_partner(view: SeatView, plays: list[PlayCard]) -> Ruled | None:
    """000:147 Cancellation Spades: a card that cancels its twin, the card winning the trick,
    so that a partner takes it instead (the lowest such card), or None."""
    trick = [(s, c.index) for s, c in view.trick]
    for play in plays:
        if _cancel_winner(view, [*trick, (view.seat, play.card.index)]) in view.partners:
            said = Said(
                N_("The {card} cancels its twin, which is winning: your partner takes the trick."),
                card=play.card,
            )
            return play, said, Rule.CANCEL_FOR_PARTNER
    return None


def _trick_leader(view: SeatView, table: CardTable) -> int:
    """The seat taking the trick as it stands (-1 under Cancellation Spades when nobody
    does yet)."""
    if view.rules.identical_cards == "cancel":
        return _cancel_winner(view, [(s, c.index) for s, c in view.trick])
    if view.rules.three_jokers == "junk":
        return _junk_winner(view, [(s, c.index) for s, c in view.trick])
    led = table.suit(view.trick[0][1])
    later = view.rules.identical_cards == "later_wins" and _twins(view.rules)
    leader, best = view.trick[0][0], -1
    for seat, card in view.trick:
        if table.suit(card) in (led, TRUMP):
            strength = table.strength(card)
            if strength > best or (later and strength == best):
                leader, best = seat, strength
    return leader


def _unseen(view: SeatView, table: CardTable) -> Counter[int]:
    """How many copies of each card (logical index) this seat has not seen: not played, not
    in its hand, not removed from the deal. A double deck holds two of each."""
    unseen = Counter(i % COPY_SHIFT for i in table.deck.cards)
    for cards in (*view.played, view.hand or (), view.removed):
        unseen.subtract(c.index for c in cards)
    return unseen


def _is_top(card: Card, unseen: Counter[int], view: SeatView, table: CardTable) -> bool:
    """No card this seat has not seen (``unseen``, from ``_unseen``) outranks this one in
    its suit, counting a double deck's copies one by one; where the later of two identical
    cards takes the trick, or the two cancel (000:147), an unseen copy of the card itself
    outranks it too."""
    suit = table.suit(card)
    if suit == JUNK:
        return False  # 000:192: a junk Joker takes nothing
    power = table.power(card)
    twin_beats = view.rules.identical_cards != "earlier_wins" and _twins(view.rules)
    return not any(
        count > 0
        and table.suit(Card.of(index)) == suit
        and (table.power(Card.of(index)) > power or (twin_beats and index == card.index))
        for index, count in unseen.items()
    )


def _special_bid(view: SeatView, team: int) -> bool:
    """The side bid 10 at a 10-for-200 table: setting it swings 400 points."""
    if not view.rules.ten_for_two_hundred:
        return False
    bids = [view.bids[s] for s in view.teams[team]]
    return all(b is not None for b in bids) and sum(b.tricks for b in bids if b) == 10


def _side_need(view: SeatView, team: int) -> int:
    """Tricks a side still needs for its contract (Nil bidders' tricks do not count)."""
    need = 0
    for seat in view.teams[team]:
        bid = view.bids[seat]
        if bid is None and view.rules.dummy_hands and seat % 2:
            continue  # a dummy bids nothing: its player's bid is for both hands (003:108)
        if bid is None:
            return view.num_tricks
        if not _bid_nil(view, seat):
            # 000:112 Auction Spades: a bid of N is a contract of 6 + N.
            base = AUCTION_BASE if view.rules.auction and bid.tricks else 0
            need += bid.tricks + base - view.tricks_taken[seat]
    return need


def _play(view: SeatView, table: CardTable) -> Ruled:
    plays = sorted(
        (a for a in view.legal_actions if isinstance(a, PlayCard)),
        key=lambda a: table.strength(a.card),
    )
    low = plays[0]
    if len(plays) == 1:
        # Nothing to weigh: advice such as "lead low" would only puzzle the player.
        return (
            low,
            Said(N_("The {card} is the only card you can play."), card=low.card),
            Rule.ONLY_CARD,
        )
    if view.rules.miser:
        return _miser_play(view, table, plays)
    side = [a for a in plays if table.suit(a.card) != TRUMP]
    low_side = side[0] if side else low
    team = view.team
    need = _side_need(view, team)
    i_nil = _bid_nil(view, view.seat)
    partner_nil = [p for p in view.partners if _bid_nil(view, p)]
    remaining = view.num_tricks - view.trick_number + 1
    bag_danger = near_bag_limit(view.rules, view.bags[team])
    others = [t for t in range(len(view.teams)) if t != team]
    settable = [t for t in others if 0 < _side_need(view, t) <= remaining]
    # Setting a 10-for-200 bid is worth far more than the bags it costs.
    big_set = any(_special_bid(view, t) for t in settable)
    live_nils = [
        s for t in others for s in view.teams[t] if _bid_nil(view, s) and not view.tricks_taken[s]
    ]
    if not view.trick:
        if i_nil:
            said = Said(N_("You bid Nil: lead your lowest card, the {card}."), card=low.card)
            return low, said, Rule.NIL_LEAD_LOW
        if live_nils and not partner_nil:
            return (
                low_side,
                Said(
                    N_("Lead low with the {card}: make the Nil bidder go over it."),
                    card=low_side.card,
                ),
                Rule.LEAD_UNDER_NIL,
            )
        unseen = _unseen(view, table)
        tops = [a for a in side if _is_top(a.card, unseen, view, table)]
        if tops and (need > 0 or partner_nil or (settable and (big_set or not bag_danger))):
            rule = Rule.LEAD_TOP_COVER if partner_nil else Rule.LEAD_TOP
            if partner_nil:
                template = N_(
                    "The {card} is the best card left in its suit: lead it to protect your"
                    " partner's Nil."
                )
            else:
                template = N_(
                    "The {card} is the best card left in its suit: lead it and take a trick"
                    " you need."
                )
            return tops[-1], Said(template, card=tops[-1].card), rule
        said = Said(N_("Lead low with the {card} and keep your winners."), card=low_side.card)
        return low_side, said, Rule.LEAD_LOW
    winners = [a for a in plays if _beats(a.card, view, table)]
    losers = [a for a in plays if a not in winners]
    if i_nil:
        if losers:
            said = Said(
                N_("You bid Nil: the {card} is your highest card that loses."), card=losers[-1].card
            )
            return losers[-1], said, Rule.NIL_LOSE
        return (
            low,
            Said(
                N_("You bid Nil but every card wins here: play your lowest, the {card}."),
                card=low.card,
            ),
            Rule.NIL_FORCED,
        )
    leader = _trick_leader(view, table)
    if leader in partner_nil:
        if winners:
            return (
                winners[0],
                Said(
                    N_("Cover your partner's Nil: take it with the {card}."), card=winners[0].card
                ),
                Rule.COVER_PARTNER,
            )
        return (
            low_side,
            Said(
                N_("You can't cover your partner here: play low with the {card}."),
                card=low_side.card,
            ),
            Rule.CANNOT_COVER,
        )
    if leader in view.partners:
        return (
            low_side,
            Said(
                N_("Your partner is winning this trick: play low with the {card}."),
                card=low_side.card,
            ),
            Rule.PARTNER_WINNING,
        )
    partner_to_play = [p for p in partner_nil if p not in {s for s, _ in view.trick}]
    if partner_to_play and winners:
        return (
            winners[-1],
            Said(
                N_("Win high with the {card} so your Nil partner can duck."), card=winners[-1].card
            ),
            Rule.WIN_HIGH_FOR_NIL,
        )
    if leader >= 0 and _bid_nil(view, leader):
        under = losers[-1] if losers else low
        return (
            under,
            Said(
                N_("The Nil bidder is winning: stay under them with the {card}."), card=under.card
            ),
            Rule.UNDER_NIL,
        )
    if not winners and (need > 0 or settable) and view.rules.identical_cards == "cancel":
        cancel = _cancel_for_partner(view, plays)
        if cancel is not None:
            return cancel
    if winners and need > 0:
        return (
            winners[0],
            Said(
                N_("Your side needs {count} more: win it with the {card}."),
                count=need,
                card=winners[0].card,
            ),
            Rule.WIN_NEED,
        )
    if winners and settable and (big_set or not bag_danger):
        return (
            winners[0],
            Said(N_("Take it with the {card} to set the other side."), card=winners[0].card),
            Rule.WIN_SET,
        )
    if need <= 0 and bag_danger:
        if view.rules.exact_bids != "off":
            return (
                low_side,
                Said(
                    N_(
                        "Your side has its bid and an overtrick would set it: duck with the {card}."
                    ),
                    card=low_side.card,
                ),
                Rule.DUCK_EXACT,
            )
        bags = view.bags[team]
        return (
            low_side,
            Said(
                N_("Your side has its bid and {count} bags: duck with the {card}."),
                count=bags,
                card=low_side.card,
            ),
            Rule.DUCK_BAGS,
        )
    said = Said(N_("Nothing to gain here: play your {card}."), card=low_side.card)
    return low_side, said, Rule.NOTHING


# -- Miser (003:83-96): each alone, to take the fewest tricks --------------------------------


def miser_estimate(hand: tuple[Card, ...], table: CardTable) -> int:
    """Tricks a Miser hand cannot help taking, as a Nil counts them, and one more for the
    deal's surprises: going over the bid costs twice what one trick less would win."""
    return _nil_dangers(hand, table) + 1


def _miser_bid(view: SeatView, table: CardTable, bids: list[Bid]) -> Ruled:
    """Bid the tricks the cards cannot shed, with one to spare (003:87)."""
    assert view.hand is not None
    target = miser_estimate(view.hand, table)
    choice = min(bids, key=lambda b: (abs(b.tricks - target), -b.tricks))
    said = Said(
        N_("Miser: about {count} tricks here you can't shed, so bid {bid}."),
        count=target - 1,
        bid=choice.tricks,
    )
    return choice, said, Rule.MISER_BID


def _miser_lower(view: SeatView, table: CardTable, raises: list[Raise], bid: int) -> Ruled:
    """The second round of Miser (003:89): lower to what the cards need, never under it."""
    assert view.hand is not None
    target = miser_estimate(view.hand, table)
    lower = min(max(0, bid - target), max(-a.by for a in raises))
    if lower:
        said = Said(
            N_("Miser: the cards need no more than {bid}, so lower to it."), bid=bid - lower
        )
        return Raise(view.seat, -lower), said, Rule.MISER_LOWER
    said = Said(N_("Miser: the cards could take {bid} tricks, so keep the bid."), bid=bid)
    return Raise(view.seat, 0), said, Rule.MISER_LOWER


def _miser_play(view: SeatView, table: CardTable, plays: list[PlayCard]) -> Ruled:
    """Take as few tricks as the cards allow: lead the lowest card; follow with the highest
    card that loses, or, when every card wins, shed the highest."""
    if not view.trick:
        said = Said(N_("Miser: lead your lowest card, the {card}."), card=plays[0].card)
        return plays[0], said, Rule.MISER_LEAD
    losers = [a for a in plays if not _beats(a.card, view, table)]
    if losers:
        said = Said(N_("Miser: the {card} is your highest card that loses."), card=losers[-1].card)
        return losers[-1], said, Rule.MISER_LOSE
    last = len(view.trick) == view.rules.players - 1
    # Last to play takes the trick anyway: shed the highest card; else stay low and hope.
    choice = plays[-1] if last else plays[0]
    said = Said(N_("Miser: every card wins here, so play the {card}."), card=choice.card)
    return choice, said, Rule.MISER_FORCED


# -- Auction Spades (000:112): one contract of 6 + N, raised or passed -----------------------


def _auction_bid(view: SeatView, table: CardTable, bids: list[Bid]) -> Ruled:
    """Bid the highest contract the side's tricks cover (its 10 x N is the declarers' only
    score, and each trick over it scores for the defenders), counting a silent partner at
    3, one that bid N at 3 + N (its 6 + N less our 3) and one that passed at 2. Else pass;
    a dealer who may not pass bids the least."""
    assert view.hand is not None
    own = estimate_tricks(view.hand, table, 1)
    mate_bid = view.bids[view.partners[0]]
    mate = 3.0 + (mate_bid.tricks if mate_bid is not None and mate_bid.tricks else 0)
    if mate_bid is not None and not mate_bid.tricks:
        mate = 2.0  # a partner who passed has little
    side = own + mate
    most = int(side) - AUCTION_BASE
    raises = [b for b in bids if b.tricks]
    fit = [b for b in raises if b.tricks <= most]
    if fit:
        choice = fit[-1]
        said = Said(
            N_("About {count} tricks for your side: bid {bid} for {tricks}."),
            count=round(side),
            bid=choice.tricks,
            tricks=choice.tricks + AUCTION_BASE,
        )
        return choice, said, Rule.AUCTION_BID
    passes = [b for b in bids if not b.tricks]
    if passes:
        said = Said(
            N_("About {count} tricks for your side, too few to bid higher: pass."),
            count=round(side),
        )
        return passes[0], said, Rule.AUCTION_PASS
    said = Said(N_("Everyone else passed, so you must bid: bid {bid}."), bid=raises[0].tricks)
    return raises[0], said, Rule.AUCTION_BID


# -- High/Low (003:65), Aces High/Low (000:143) and Joke Trumps (000:134) -----------------


@cache
def _joke_deck(deck: DeckInfo) -> DeckInfo:
    """000:134: a Joker takes no trick by itself, so the bots count it below the 2 of
    spades (a spade to follow, worth nothing)."""
    power = list(deck.power)
    power[BIG_JOKER] = power[LITTLE_JOKER] = 99
    return replace(deck, power=tuple(power))


def rules_deck(rules: Rules) -> DeckInfo:
    """The table's deck as the bots count it: with Joke Trumps, a Joker below the 2♠."""
    deck = deck_info(rules.deck, rules.players, rules.deal_shape)
    return _joke_deck(deck) if rules.joke_trumps else deck


def card_table(view: SeatView) -> CardTable:
    """The card facts the bots read: the view's deck, the trick's calls, Joke Trumps."""
    deck = rules_deck(view.rules)
    if not (view.trick_call == "low" or view.low_aces):
        return CardTable(deck)
    low_cards = frozenset(card.index for seat, card in view.trick if seat in view.low_aces)
    return CardTable(deck, view.trick_call == "low", low_cards)


def _wants_tricks(view: SeatView) -> bool:
    """The seat's side wants to take tricks: it needs some, or covers a partner's Nil."""
    if _bid_nil(view, view.seat):
        return False
    partner_nil = any(_bid_nil(view, p) for p in view.partners)
    return partner_nil or _side_need(view, view.team) > 0


_LEAD_CALLS: dict[tuple[bool, bool], str] = {
    (True, True): N_("Call low: your low cards will take the tricks your side needs."),
    (True, False): N_("Call high: your high cards will take the tricks your side needs."),
    (False, True): N_("Call low: your high cards will lose the tricks your side does not want."),
    (False, False): N_("Call high: your low cards will lose the tricks your side does not want."),
}
_ACE_CALLS: dict[tuple[bool, bool], str] = {
    (True, False): N_("Call your Ace high to take this trick."),
    (True, True): N_("Call your Ace low to take this trick."),
    (False, False): N_("Call your Ace high so that it loses this trick."),
    (False, True): N_("Call your Ace low so that it loses this trick."),
}


def _call(view: SeatView, table: CardTable) -> Ruled:
    """A call of high or low: for the trick this seat leads (003:65), counting its low
    (2 to 5) and high (J to A) cards, spades twice; or for the Ace it has just played
    (000:143), strong when its side wants the trick and no partner is winning it."""
    want = _wants_tricks(view)
    if view.trick and view.trick[-1][0] == view.seat:
        before = view.trick[:-1]
        partner_ahead = bool(before) and (
            _trick_leader(replace(view, trick=before), table) in view.partners
        )
        take = want and not partner_ahead
        # In a low trick a low Ace is the strongest card; in a high one a high Ace.
        low = take == (view.trick_call == "low")
        return CallHighLow(view.seat, low), Said(_ACE_CALLS[take, low]), Rule.CALL_ACE
    lows = highs = 0
    for card in view.hand or ():
        if card.index >= 52:
            continue
        weight = 2 if card.suit == TRUMP else 1
        if card.rank <= 5:
            lows += weight
        elif card.rank >= 11:
            highs += weight
    low = (lows > highs) if want else (lows <= highs)
    return CallHighLow(view.seat, low), Said(_LEAD_CALLS[want, low]), Rule.CALL_TRICK
