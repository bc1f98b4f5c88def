"""The ``normal`` bot: bids from honours and trump length, plays cheap winners and low losers.

Every decision comes with a one-line reason, which is also the hint a player is shown.
It reads only the seat's view and follows every house rule because it chooses among the
view's legal actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.ai.claims import claim_is_certain, other_than_claims
from bot.ai.playout import near_bag_limit
from bot.ai.reasons import Reason, Said, shown_voids
from bot.engine import (
    Action,
    Bid,
    Card,
    Claim,
    Declare,
    Draw,
    PassCards,
    Phase,
    PlayCard,
    Raise,
    RevealCards,
    Rules,
    SeatView,
)
from bot.engine.deck import COPY_SHIFT, TRUMP, DeckInfo, deck_info
from bot.engine.rules import mo_terms
from bot.i18n import N_

# Blind Nil is a last resort: only this far behind does the bot bid it unseen.
_BLIND_NIL_DEFICIT = 200
# A trump of at least this power (the J♠ in a plain deck) too often takes a trick for a Nil:
# counting the J♠ as well as the Q♠ lifted self-play Nil success from 78.8% to 81.0% over
# 1,000 deals at no cost in points.
_NIL_TRUMP_POWER = 109


@dataclass(frozen=True, slots=True)
class CardTable:
    """Card facts for the view's deck: effective suit and power of each card."""

    deck: DeckInfo

    def suit(self, card: Card) -> int:
        return self.deck.suit_of[card.index]

    def power(self, card: Card) -> int:
        return self.deck.power[card.index]

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
    DUCK_BAGS = "duck_bags"
    DUCK_EXACT = "duck_exact"
    NOTHING = "nothing"
    DECLARE = "declare"
    RAISE = "raise"
    KEEP_BID = "keep_bid"


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
        table = CardTable(deck_info(view.rules.deck, view.rules.players, view.rules.deal_shape))
        kinds = {type(a) for a in legal}
        if PassCards in kinds:
            return _pass_cards(view, table)
        if Draw in kinds:
            return _draw(view, table)
        if Raise in kinds:
            return _raise(view, table)
        if Bid in kinds or RevealCards in kinds:
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
        table = CardTable(deck_info(view.rules.deck, view.rules.players, view.rules.deal_shape))
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


def estimate_tricks(hand: tuple[Card, ...], table: CardTable, partners: int) -> float:
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


def nil_dangers(hand: tuple[Card, ...], rules: Rules) -> int:
    """``_nil_dangers`` with the J♠ left out: the cards ``hard`` will not bid Nil over
    (a Q♠ or higher trump, a fourth trump, a side ace or king without two low cards)."""
    table = CardTable(deck_info(rules.deck, rules.players, rules.deal_shape))
    return _nil_dangers(hand, table, _NIL_TRUMP_POWER + 1)


def _nil_dangers(
    hand: tuple[Card, ...], table: CardTable, trump_power: int = _NIL_TRUMP_POWER
) -> int:
    """Cards that tend to take a trick whatever the Nil bidder does: high trumps (of
    ``trump_power`` or more), trumps past the third, and side-suit honours without two
    low cards to hide behind."""
    trumps = [c for c in hand if table.suit(c) == TRUMP]
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
        if blind_nil and nil_pays and behind >= _BLIND_NIL_DEFICIT and not partner_nil:
            return (
                blind_nil[0],
                Said(N_("Your side is {points} behind: a Blind Nil can catch up."), points=behind),
                Rule.BLIND_NIL,
            )
        reveal = [a for a in legal if isinstance(a, RevealCards)]
        if reveal:
            return reveal[0], Said(N_("Look at your cards before you bid.")), Rule.REVEAL
        return bids[0], Said(N_("Only blind bids are left.")), Rule.BLIND_ONLY
    declared = _declare(view, table)
    if declared is not None:
        return declared
    if len(bids) == 1:
        return (
            bids[0],
            Said(N_("The rules allow only one bid here: bid {bid}."), bid=_bid_word(view, bids[0])),
            Rule.ONLY_BID,
        )
    estimate = estimate_tricks(view.hand, table, len(view.partners))
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
            kind = "Big" if action.big else "Little"
            text = f"{sure} sure tricks in this hand alone: declare the {kind} ({goal} tricks)."
            return action, text, Rule.DECLARE
    return None


def _raise(view: SeatView, table: CardTable) -> Ruled:
    """Before the first card (000:103): raise to what the cards look worth when the bid
    fell short of it (a rule held it down, or a partner's Nil needs covering), else keep."""
    raises = [a for a in view.legal_actions if isinstance(a, Raise)]
    bid = view.bids[view.seat]
    assert view.hand is not None and bid is not None
    estimate = estimate_tricks(view.hand, table, len(view.partners))
    partner_nil = any(_bid_nil(view, p) for p in view.partners)
    want = max(1, round(estimate)) + (1 if partner_nil else 0)
    by = min(max(0, want - bid.tricks), max(a.by for a in raises))
    if by:
        text = f"About {estimate:.1f} tricks here against a bid of {bid.tricks}: raise by {by}."
        return Raise(view.seat, by), text, Rule.RAISE
    text = f"About {estimate:.1f} tricks here: keep the bid of {bid.tricks}."
    return Raise(view.seat, 0), text, Rule.KEEP_BID


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


def _beats(card: Card, view: SeatView, table: CardTable) -> bool:
    """Would this card take the lead in the trick as it stands?"""
    led = table.suit(view.trick[0][1])
    later = view.rules.identical_cards == "later_wins" and view.rules.players == 6
    best = max(
        (table.strength(c) for _, c in view.trick if table.suit(c) in (led, TRUMP)), default=-1
    )
    suit = table.suit(card)
    if suit not in (led, TRUMP):
        return False
    strength = table.strength(card)
    return strength > best or (later and strength == best)


def _trick_leader(view: SeatView, table: CardTable) -> int:
    led = table.suit(view.trick[0][1])
    later = view.rules.identical_cards == "later_wins" and view.rules.players == 6
    leader, best = view.trick[0][0], -1
    for seat, card in view.trick:
        if table.suit(card) in (led, TRUMP):
            strength = table.strength(card)
            if strength > best or (later and strength == best):
                leader, best = seat, strength
    return leader


def _is_top(card: Card, view: SeatView, table: CardTable) -> bool:
    """No card this seat has not seen outranks this one in its suit."""
    seen = {c.index for cards in view.played for c in cards}
    seen |= {c.index for c in view.hand or ()}
    seen |= {c.index for c in view.removed}
    suit = table.suit(card)
    return not any(
        table.suit(Card.of(i % COPY_SHIFT)) == suit
        and table.power(Card.of(i % COPY_SHIFT)) > table.power(card)
        and i % COPY_SHIFT not in seen
        for i in table.deck.cards
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
        if bid is None:
            return view.num_tricks
        if not _bid_nil(view, seat):
            need += bid.tricks - view.tricks_taken[seat]
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
        tops = [a for a in side if _is_top(a.card, view, table)]
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
    if _bid_nil(view, leader):
        under = losers[-1] if losers else low
        return (
            under,
            Said(
                N_("The Nil bidder is winning: stay under them with the {card}."), card=under.card
            ),
            Rule.UNDER_NIL,
        )
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
