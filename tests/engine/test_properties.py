"""Property tests: whatever legal line is played, the engine keeps its invariants."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    PRESETS,
    Action,
    Bid,
    CallRenege,
    CallTime,
    Card,
    CardPlayed,
    CardsPassed,
    Claim,
    ClaimAccepted,
    ClaimFailed,
    Draw,
    DummyTurned,
    Event,
    Game,
    HandDealt,
    HandScored,
    HighLowCalled,
    IllegalAction,
    PassCards,
    Phase,
    PlayCard,
    PlayStarted,
    RequestRedeal,
    RevealCards,
    Rules,
    SeatView,
    TrickWon,
    action_from_json,
    action_to_json,
    view_to_json,
)
from bot.engine.deck import deck_info
from tests.engine.helpers import TABLES, check_score_items, rarely_claim

# Every table is its own test case, so each one gets its share of examples. .ci/run's
# second pass over the same source, as plain Python, asks for fewer (it checks that the two
# modes agree; the compiled pass runs them all).
EXAMPLES = int(os.environ.get("SPADES_PROPERTY_EXAMPLES", "8"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
PER_TABLE = pytest.mark.parametrize("name", list(TABLES))
MAX_STEPS = 600

seeds = st.integers(min_value=0, max_value=2**32 - 1)
choice_lists = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=300)

Hook = Callable[[Game, Action], None]
AfterHook = Callable[[Game, Action, list[Event]], None]


# -- driving a game ---------------------------------------------------------------------


def pick(game: Game, choice: int) -> Action:
    """The action ``choice`` selects: usually the acting seat's, sometimes an out-of-turn one,
    and in a game played for a time, now and then the table's call that time is up."""
    if choice % 61 == 7 and game.rules.play_to == "time" and not game.time_up:
        return CallTime(game.to_act if game.to_act is not None else 0)
    actions = game.legal_actions()
    assert actions, f"{game.phase} with seat {game.to_act} to act, but no legal action"
    if choice % 8 == 0:
        others = [a for s in range(game.players) if s != game.to_act for a in game.legal_actions(s)]
        if rarely_claim(game, others, choice // 8):
            actions = others
    actions = rarely_claim(game, actions, choice // 8)
    return actions[(choice // 8) % len(actions)]


def play(
    rules: Rules,
    seed: int,
    choices: list[int],
    *,
    dealer: int | None = None,
    before: Hook | None = None,
    after: AfterHook | None = None,
    start: Callable[[Game], None] | None = None,
    max_steps: int = MAX_STEPS,
) -> Game:
    """Play up to ``max_steps`` actions; ``choices`` picks the first ones, then the seed."""
    game = Game.new(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    if start is not None:
        start(game)
    for step in range(max_steps):
        if game.is_over:
            break
        choice = choices[step] if step < len(choices) else rng.getrandbits(16)
        action = pick(game, choice)
        if before is not None:
            before(game, action)
        events = game.apply(action)
        if after is not None:
            after(game, action, events)
    return game


def views(game: Game) -> list[SeatView]:
    return [game.view(s) for s in range(game.players)]


# -- an independent reference for trick winners and card suits ---------------------------


def trump_order(deck: str) -> list[str]:
    """Trump card codes from lowest to highest, written out from the rule text."""
    spades = [rank + "S" for rank in "23456789TJQKA"]
    if deck == "ace_high":
        return spades
    if deck == "bauers":
        return [*spades[:9], *spades[10:], "JC", "JS"]
    if deck in ("joker_joker_ace", "euchre_jokers"):
        return [*spades, "LJ", "BJ"]
    if deck == "deuces_high":
        return [*spades[1:], "2S", "2H", "2C", "2D"]
    if deck == "one_joker":
        return [*spades, "BJ"]
    if deck == "joker_joker_deuce_ace":
        return [*spades[1:], "2S", "LJ", "BJ"]
    if deck == "deuce_deuce_ace":
        # 000:147 Cancellation Spades: the 2 of diamonds, then the 2 of spades, over the A.
        return [*spades[1:], "2S", "2D"]
    assert deck == "joker_joker_deuce_deuce"
    return [*spades[1:], "2S", "2D", "LJ", "BJ"]


def effective_suit(rules: Rules, card: Card) -> str:
    """'T' for a trump, 'X' for a junk Joker (000:192: no suit), else the suit letter."""
    if card.is_joker and rules.three_jokers == "junk":
        return "X"
    return "T" if card.code in trump_order(rules.deck) else card.code[-1]


def led_suit(rules: Rules, plays: Iterable[tuple[int, Card]]) -> str:
    """The suit led: the first card's, but junk Jokers led follow nothing and the first
    other card sets it (000:192); 'X' while nothing else is down."""
    suits = [effective_suit(rules, card) for _, card in plays]
    return next((suit for suit in suits if suit != "X"), "X")


def reference_winner(
    rules: Rules,
    plays: Iterable[tuple[int, Card]],
    low: bool = False,
    low_aces: frozenset[int] = frozenset(),
) -> int:
    plays = list(plays)
    if rules.joke_trumps:
        return joke_reference(rules, plays)
    trumps = trump_order(rules.deck)
    if rules.jokers_first_wins:
        # 000:137: the Jokers alike, so the first played of the two wins.
        trumps = [c for c in trumps if c != "BJ"]
    led = led_suit(rules, plays)
    alive = plays
    if rules.identical_cards == "cancel":
        # 000:147: "If identical cards are played in a round, they cancel and cannot take
        # the trick"; a trick nobody can take is dead (-1).
        copies = Counter(card.code for _, card in plays)
        alive = [p for p in plays if copies[p[1].code] == 1]
    trumped = [p for p in alive if effective_suit(rules, p[1]) == "T"]
    contenders = trumped or [p for p in alive if effective_suit(rules, p[1]) == led]
    if not contenders:
        assert rules.identical_cards == "cancel", plays
        return -1
    if rules.ranked_suits and not trumped:
        # 000:139: the highest-ranked suit played (C < D < H < S) at or above the led one.
        top_suit = max("CDH".index(effective_suit(rules, card)) for _, card in plays)
        contenders = [p for p in plays if "CDH".index(effective_suit(rules, p[1])) == top_suit]

    def strength(seat: int, card: Card) -> int:
        if card.code == "BJ" and rules.jokers_first_wins:
            return trumps.index("LJ")
        if seat in low_aces:
            # 000:143: an Ace called low is below the 2 of its suit.
            return -1
        return trumps.index(card.code) if card.code in trumps else card.rank

    # 003:67: in a trick called low the lowest card of the contenders wins.
    sign = -1 if low else 1
    best = max(sign * strength(seat, card) for seat, card in contenders)
    top = [seat for seat, card in contenders if sign * strength(seat, card) == best]
    if len(top) > 1 and rules.jokers_first_wins:
        return top[0]
    if len(top) > 1:
        # 000:192: three Jokers, two of them Little Jokers.
        twins = rules.double_deck or rules.three_jokers == "top"
        assert twins, f"identical cards {plays} outside a double deck"
        return top[-1] if rules.identical_cards == "later_wins" else top[0]
    return top[0]


def joke_reference(rules: Rules, plays: list[tuple[int, Card]]) -> int:
    """000:134 Joke Trumps, from the rule text: a side whose Joker is in the trick plays
    every other card as a spade of its rank (below the natural one); a tie of joke spades
    goes to the Big Joker's side; a Joker itself takes nothing."""
    sides = len(rules.teams)
    joker_side = {seat % sides: card.code for seat, card in plays if card.code in ("BJ", "LJ")}
    led = plays[0][1].code[-1] if plays[0][1].code not in ("BJ", "LJ") else "S"
    ranks = "23456789TJQKA"

    def key(seat: int, card: Card) -> tuple[int, int, int]:
        if card.code in ("BJ", "LJ"):
            return (0, 0, 0)
        rank = ranks.index(card.code[0])
        if card.code[-1] == "S":
            return (2, 2 * rank + 1, 0)
        if seat % sides in joker_side:
            return (2, 2 * rank, 2 if joker_side[seat % sides] == "BJ" else 1)
        return (1, rank, 0) if card.code[-1] == led else (0, 0, 0)

    best = max(key(seat, card) for seat, card in plays)
    if best == (0, 0, 0):
        return plays[0][0]
    return next(seat for seat, card in plays if key(seat, card) == best)


# -- properties ---------------------------------------------------------------------------


class Tracker:
    """Follows what the test can know independently: cards played, passed and drawn."""

    def __init__(self, game: Game) -> None:
        self.played: Counter[int] = Counter()
        self.passed: dict[int, tuple[Card, ...]] = {}
        self.delivered = False
        self.dropped: Counter[int] = Counter()
        self.seen_drops: dict[int, Counter[int]] = {s: Counter() for s in range(game.players)}
        self.exposed: set[Card] = set()

    def before(self, game: Game, action: Action) -> None:
        if isinstance(action, Draw):
            # The stock is private state; peeking is the only way to follow the refused card.
            first, second = (c % 54 for c in game._hand.stock[:2])
            keep_first = action.keep_first
            dropped = second if keep_first else first
            self.dropped[dropped] += 1
            unseen = game.rules.two_player_deal == "first_or_second_unseen"
            if not (keep_first and unseen):
                self.seen_drops[action.seat][dropped] += 1

    def after(self, game: Game, action: Action, events: list[Event]) -> None:
        if isinstance(action, PassCards):
            self.passed[action.seat] = action.cards
        for event in events:
            if isinstance(event, HandDealt):
                self.__init__(game)  # type: ignore[misc]
            elif isinstance(event, CardPlayed):
                self.played[event.card.index] += 1
            elif isinstance(event, CardsPassed):
                self.delivered = True
                if event.seat == event.to_seat:
                    # The kitty's discards (000:99), seen by the discarder only.
                    self.seen_drops[event.seat].update(c.index for c in self.passed[event.seat])
            elif isinstance(event, ClaimFailed):
                self.exposed.update(event.exposed)
            elif isinstance(event, DummyTurned):
                # 003:152: a dummy's face-down cards turned as its play calls for.
                self.exposed.update(event.cards)


def ends_early(event: Event) -> bool:
    """A claim that held, or a false one whose side forfeits the rest: no more cards."""
    return isinstance(event, ClaimAccepted) or (
        isinstance(event, ClaimFailed) and event.penalty == "forfeit"
    )


def deck_counter(rules: Rules) -> Counter[int]:
    return Counter(c % 54 for c in deck_info(rules.deck, rules.players, rules.deal_shape).cards)


def accounted_cards(game: Game, tracker: Tracker) -> Counter[int]:
    seat_views = views(game)
    counts: Counter[int] = Counter()
    for hand in game.hands:
        counts.update(card.index for card in hand)
    counts.update(card.index for _, card in game.trick)
    for record in seat_views[0].tricks:
        counts.update(card.index for _, card in record.plays)
    if game.phase is Phase.PASS:
        for view in seat_views:
            counts.update(card.index for card in view.passed)
    if game.players == 2 or game.rules.deal_shape != "even":
        # The stock, the kitty and undealt cards have no public accessor.
        counts.update(c % 54 for c in game._hand.stock)
        counts.update(tracker.dropped)
    return counts


@PER_TABLE
@given(seed=seeds, choices=choice_lists)
@SETTINGS
def test_cards_are_conserved(name: str, seed: int, choices: list[int]) -> None:
    rules = TABLES[name]
    deck = deck_counter(rules)
    info = deck_info(rules.deck, rules.players, rules.deal_shape)
    dealt = 52 if rules.players == 2 else rules.players * info.num_tricks
    if rules.deal_shape != "even":
        # A kitty, a dead hand, Royal's unseen cards: the whole deck, some of it undealt.
        dealt = len(info.cards)
    assert sum(deck.values()) == dealt
    holder: dict[str, Tracker] = {}

    def start(game: Game) -> None:
        holder["t"] = Tracker(game)
        assert accounted_cards(game, holder["t"]) == deck

    def after(game: Game, action: Action, events: list[Event]) -> None:
        tracker = holder["t"]
        tracker.after(game, action, events)
        counts = accounted_cards(game, tracker)
        if game.is_over and any(ends_early(e) for e in events):
            # A claim, or a forfeit after a false one, ends the hand with cards unplayed.
            assert not counts - deck, f"after {action}: cards from nowhere {counts - deck}"
        else:
            assert counts == deck, f"after {action}: extra {counts - deck}, missing {deck - counts}"
        for seat, view in enumerate(views(game)):
            assert Counter(c.index for c in view.discarded) == tracker.seen_drops[seat]
            assert view.cards_left == tuple(len(h) for h in game.hands)

    def before(game: Game, action: Action) -> None:
        holder["t"].before(game, action)

    play(rules, seed, choices, start=start, before=before, after=after)


@PER_TABLE
@given(seed=seeds, choices=choice_lists)
@SETTINGS
def test_every_trick_has_the_winner_the_rules_give(
    name: str, seed: int, choices: list[int]
) -> None:
    rules = TABLES[name]
    n = rules.players
    checked = []
    state: dict[str, Any] = {"leader": None, "last_winner": None}
    # High/Low and Aces High/Low (003:65, 000:143): the calls of the trick in play, and of
    # each trick of the hand.
    calls: dict[str, Any] = {"low": False, "aces": set(), "done": []}

    def after(game: Game, action: Action, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HighLowCalled):
                if event.ace:
                    calls["aces"] |= {event.seat} if event.low else set()
                else:
                    calls["low"] = event.low
            elif isinstance(event, PlayStarted):
                state["leader"] = event.leader
            elif isinstance(event, HandDealt):
                state["leader"] = None
                calls["done"] = []
            elif isinstance(event, TrickWon):
                seats = [seat for seat, _ in event.plays]
                assert seats == [(seats[0] + i) % n for i in range(n)], event
                if state["leader"] is not None:
                    assert seats[0] == state["leader"], f"{event} led out of turn"
                made = (calls["low"], frozenset(calls["aces"]))
                calls["done"].append(made)
                calls["low"], calls["aces"] = False, set()
                expected = reference_winner(rules, event.plays, *made)
                assert event.seat == expected, (
                    f"{name}: trick {event.plays} won by seat {event.seat}, rules say {expected}"
                )
                # 000:147: after a dead trick its leader leads again.
                state["leader"] = event.seat if event.seat >= 0 else seats[0]
                checked.append(event)
        if game.phase is Phase.PLAY:
            records = game.view(0).tricks
            for record, made in zip(records, calls["done"], strict=True):
                assert record.leader == record.plays[0][0]
                assert record.winner == reference_winner(rules, record.plays, *made)
            for earlier, later in pairwise(records):
                assert later.leader == (earlier.winner if earlier.winner >= 0 else earlier.leader)
            # 000:99: under kitty_trick the kitty's discard is the hand's first trick.
            discard = int(rules.kitty_trick)
            dead = sum(record.winner < 0 for record in records)
            assert sum(game.tricks_taken) == len(records) - dead + discard
            assert game.view(0).trick_number == len(records) + discard + 1

    play(rules, seed, choices, after=after)


@PER_TABLE
@given(seed=seeds, choices=choice_lists)
@SETTINGS
def test_scores_are_the_sum_of_hand_results(name: str, seed: int, choices: list[int]) -> None:
    def after(game: Game, action: Action, events: list[Event]) -> None:
        if any(isinstance(e, HandScored) for e in events):
            scored = [e.result for e in events if isinstance(e, HandScored)]
            assert scored == game.results[-1:]
            check_score_items(game)

    game = play(TABLES[name], seed, choices, after=after, max_steps=1500)
    check_score_items(game)
    assert all(view.scores == tuple(game.scores) for view in views(game))


def full_state(game: Game) -> tuple[object, ...]:
    return (
        tuple(views(game)),
        tuple(game.history),
        tuple(game.scores),
        tuple(game.bags),
        tuple(game.results),
        tuple(tuple(h) for h in game.hands),
        game.hand_number,
        game.dealer,
        game.phase,
        game.to_act,
        game.winner,
    )


@PER_TABLE
@given(
    seed=seeds,
    choices=choice_lists,
    dealer=st.none() | st.integers(min_value=0, max_value=7),
    cut=st.integers(min_value=0, max_value=2000),
)
@SETTINGS
def test_replay_reproduces_the_game(
    name: str, seed: int, choices: list[int], dealer: int | None, cut: int
) -> None:
    rules = TABLES[name]
    saved: dict[str, Any] = {}

    def after(game: Game, action: Action, events: list[Event]) -> None:
        if len(game.history) == cut:
            saved["mid"] = full_state(game)

    game = play(rules, seed, choices, dealer=dealer, after=after)
    again = Game.replay(rules, seed=seed, actions=game.history, dealer=dealer)
    assert full_state(again) == full_state(game)
    assert again.initial_events == game.initial_events
    decoded = [action_from_json(json.loads(json.dumps(action_to_json(a)))) for a in game.history]
    from_json = Game.replay(rules, seed=seed, actions=decoded, dealer=dealer)
    assert full_state(from_json) == full_state(game)
    if "mid" in saved:
        part = Game.replay(rules, seed=seed, actions=game.history[:cut], dealer=dealer)
        assert full_state(part) == saved["mid"]


CARD_CODES = frozenset(Card.of(i).code for i in range(54))


def card_codes_in(data: object) -> set[str]:
    """Every card code among the strings of a JSON value."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARD_CODES:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def view_cards(view: SeatView) -> set[Card]:
    """Every card in the card-bearing fields of a view."""
    cards: set[Card] = set(view.hand or ())
    cards.update(card for _, card in view.trick)
    for record in view.tricks:
        cards.update(card for _, card in record.plays)
    for seat_cards in view.played:
        cards.update(seat_cards)
    cards.update(view.passed, view.received, view.draw_offer, view.discarded, view.removed)
    for hand in view.all_hands or ():
        cards.update(hand)
    for hand in view.exposed:
        cards.update(hand)
    if view.cancel_card is not None:
        cards.add(view.cancel_card)
    for action in view.legal_actions:
        if isinstance(action, PlayCard):
            cards.add(action.card)
        elif isinstance(action, PassCards):
            cards.update(action.cards)
    return cards


@PER_TABLE
@given(seed=seeds, choices=choice_lists)
@SETTINGS
def test_a_view_never_shows_another_seats_cards(name: str, seed: int, choices: list[int]) -> None:
    rules = TABLES[name]
    removed = {Card.of(c) for c in deck_info(rules.deck, rules.players, rules.deal_shape).removed}
    holder: dict[str, Tracker] = {}

    def check(game: Game) -> None:
        tracker = holder["t"]
        hands = game.hands
        public = {Card.of(i) for i in tracker.played} | removed | tracker.exposed
        if rules.dummy_hands:
            # 003:140: each dummy's first six cards dealt lie face up (no public accessor:
            # what is still face down is).
            down = {c for order in game._hand.dummy_order.values() for c in order}
            public |= {c for s in (1, 3) for c in hands[s] if c.index not in down}
        if rules.face_up_cards:
            # 000:98: each seat's first cards dealt face up (no public accessor).
            shown = [m >> s & 1 for m in game._hand.exposed for s in range(108)]
            public |= {Card.of(i % 108 % 54) for i, up in enumerate(shown) if up}
        cut = game.view(0).cancel_card
        if rules.bag_cancel_cut:
            # 000:178: the card cut before the deal is shown to everyone.
            assert cut is not None
            public.add(cut)
        for seat in range(game.players):
            view = game.view(seat)
            assert view.cancel_card == cut
            looked = game.has_looked(seat)
            if looked:
                assert view.hand is not None and list(view.hand) == hands[seat]
            else:
                assert view.hand is None
            if rules.show_all_hands:
                assert view.all_hands == tuple(tuple(h) for h in hands)
            else:
                assert view.all_hands is None
            allowed = set(public)
            if looked:
                allowed.update(hands[seat])
            allowed.update(tracker.passed.get(seat, ()))
            if tracker.delivered:
                allowed.update(
                    card
                    for giver, cards in tracker.passed.items()
                    if giver != seat and game.team_of(giver) == game.team_of(seat)
                    for card in cards
                )
            allowed.update(Card.of(c) for c in tracker.seen_drops[seat])
            if game.phase is Phase.DRAW and seat == game.to_act:
                shown = 2 if rules.two_player_deal == "keep_one_of_two" else 1
                allowed.update(Card.of(c % 54) for c in game._hand.stock[:shown])
            if rules.show_all_hands:
                allowed.update(card for hand in hands for card in hand)
            leaked = view_cards(view) - allowed
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in {name}"
            if len(game.history) % 4 == 0:  # the JSON is slow to build: every fourth step
                in_json = {Card.parse(code) for code in card_codes_in(view_to_json(view))}
                assert in_json <= allowed, f"seat {seat} JSON shows {sorted(in_json - allowed)}"
                assert in_json == view_cards(view)

    def start(game: Game) -> None:
        holder["t"] = Tracker(game)
        check(game)

    def before(game: Game, action: Action) -> None:
        holder["t"].before(game, action)

    def after(game: Game, action: Action, events: list[Event]) -> None:
        holder["t"].after(game, action, events)
        check(game)

    play(rules, seed, choices, start=start, before=before, after=after, max_steps=300)


@PER_TABLE
@given(seed=seeds, choices=choice_lists)
@SETTINGS
def test_someone_to_act_always_has_a_legal_action(name: str, seed: int, choices: list[int]) -> None:
    def check(game: Game) -> None:
        assert (game.to_act is None) == game.is_over
        if game.to_act is not None:
            actions = game.legal_actions()
            assert actions, f"{game.phase}: seat {game.to_act} has no legal action"
            assert actions == game.legal_actions(game.to_act)
            # An action is for the seat to act, or (a Double Nil, 003:124) a hand its player
            # plays too: the engine's controller says whose.
            assert all(game.controller(a.seat) == game.controller(game.to_act) for a in actions)
            assert len(set(actions)) == len(actions), "an action is offered twice"
        for seat in range(game.players):
            assert all(
                game.controller(a.seat) == game.controller(seat) for a in game.legal_actions(seat)
            )
            assert game.view(seat).legal_actions == tuple(game.legal_actions(seat))
        if game.is_over:
            assert game.winner is not None
            assert all(not game.legal_actions(s) for s in range(game.players))

    play(TABLES[name], seed, choices, start=check, after=lambda g, a, e: check(g))


# -- hidden cards never change what a seat may do --------------------------------------

# Every preset, and the extra tables where claims are played or Evil Spades' bids depend on
# each seat's own cards.
HIDDEN_TABLES = [
    name for name, rules in TABLES.items() if name in PRESETS or rules.claims or rules.evil_spades
]
HIDDEN_HANDS = 3


def dealt(rules: Rules, rng: random.Random) -> list[list[Card]]:
    """One deal for ``rules`` (two players: 13 cards each, the rest of the deck undealt)."""
    info = deck_info(rules.deck, rules.players, rules.deal_shape)
    cards = [Card.of(c % 54) for c in info.cards]
    rng.shuffle(cards)
    # 000:99: a kitty that is a trick holds a round more, dealt one card fewer each.
    size = info.num_tricks - int(rules.kitty_trick)
    return [cards[s * size : (s + 1) * size] for s in range(rules.players)]


def unseen_swapped(
    game: Game, seat: int, deal: list[list[Card]], since: int, swaps: list[int]
) -> list[list[Card]]:
    """The hand's deal with cards ``seat`` cannot see swapped between the other seats (and,
    with two players, the undealt cards): only cards still held, not face up and never
    passed, and only for a card of the same suit, so every void shown stays true."""
    rules = game.rules
    suit_of = deck_info(rules.deck, rules.players, rules.deal_shape).suit_of
    view = game.view(seat)
    passed = {c for a in game.history[since:] if isinstance(a, PassCards) for c in a.cards}
    holders = [list(cards) for cards in deal]
    if rules.players == 2:
        undealt = Counter(Card.of(c % 54) for c in deck_info(rules.deck, 2, rules.deal_shape).cards)
        undealt.subtract(Counter(card for cards in deal for card in cards))
        holders.append(list(undealt.elements()))
    held = [*game.hands, holders[-1] if rules.players == 2 else []]
    # 000:99: the kitty's cards were dealt to nobody, and whoever held the 2 of clubs took
    # the kitty in front of everyone: neither moves.
    public = {Card.parse("2C")} if rules.kitty == "two_of_clubs" else set()
    if rules.dummy_hands:
        # 003:140: the dummies' six cards dealt face up, which the seat sees once it looks
        # (as it then sees its own cards, which stay put too).
        public |= {c for s in (1, 3) for c in deal[s][:6]}
    movable = [
        (who, card)
        for who in range(len(holders))
        if who != seat
        for card in held[who]
        if card not in passed
        and card in holders[who]
        and card not in public
        and (who >= rules.players or card not in view.exposed[who])
    ]
    for swap in swaps:
        if not movable:
            break
        first = swap % len(movable)
        who, card = movable[first]
        partners = [
            k
            for k, (other, c) in enumerate(movable)
            if other != who and c != card and suit_of[c.index] == suit_of[card.index]
        ]
        if not partners:
            continue
        second = partners[(swap // len(movable)) % len(partners)]
        other, swapped = movable[second]
        holders[who][holders[who].index(card)] = swapped
        holders[other][holders[other].index(swapped)] = card
        movable[first], movable[second] = (who, swapped), (other, card)
    return holders[: rules.players]


@pytest.mark.parametrize("name", HIDDEN_TABLES)
@given(
    seed=seeds,
    choices=choice_lists,
    seat=st.integers(min_value=0, max_value=5),
    stop=st.integers(min_value=0, max_value=450),
    swaps=st.lists(st.integers(min_value=0, max_value=2**16 - 1), min_size=1, max_size=10),
)
@SETTINGS
def test_deals_a_seat_cannot_tell_apart_give_it_the_same_legal_actions(
    name: str, seed: int, choices: list[int], seat: int, stop: int, swaps: list[int]
) -> None:
    """Two deals that differ only in cards a seat cannot see, played the same way, offer
    that seat the same actions (and show it the same view) at every moment while every
    event is the same in both: whether a claim would hold is not among them."""
    rules = TABLES[name]
    seat %= rules.players
    rng = random.Random(seed)
    deals = [dealt(rules, rng) for _ in range(HIDDEN_HANDS)]
    game = Game.new(rules, seed=seed, dealer=0, deals=deals)
    since = 0
    for step in range(stop):
        if game.is_over:
            break
        action = pick(game, choices[step] if step < len(choices) else rng.getrandbits(16))
        events = game.apply(action)
        if any(isinstance(e, HandDealt) for e in events):
            if game.hand_number > HIDDEN_HANDS:
                return
            since = len(game.history)
    hand = game.hand_number
    alternative = list(deals)
    alternative[hand - 1] = unseen_swapped(game, seat, deals[hand - 1], since, swaps)
    real = Game.new(rules, seed=seed, dealer=0, deals=deals)
    other = Game.new(rules, seed=seed, dealer=0, deals=alternative)
    for action in [*game.history, None]:
        assert real.legal_actions(seat) == other.legal_actions(seat), f"{name} seat {seat}"
        assert real.view(seat) == other.view(seat), f"{name} seat {seat}"
        if action is None:
            break
        events = real.apply(action)
        try:
            if other.apply(action) != events:
                break  # the public record now tells the deals apart (a claim was judged)
        except IllegalAction:
            # Another seat's move its hidden cards force (Evil Spades: the holder of the 2♠
            # bids 2) tells the deals apart as soon as it is made.
            assert action.seat != seat
            break


def dummy_follows(rules: Rules, game: Game, action: PlayCard) -> str:
    """003:152: why a dummy's play broke its forced order, or ''. Its face-up cards are
    what its player's view shows (the turning is done when it comes to play)."""
    up = set(game.view(game.controller(action.seat)).exposed[action.seat])
    held = set(game.hands[action.seat])
    if action.card not in up:
        return f"played {action.card}, a face-down card"
    trick = game.trick
    if not trick:
        return ""
    led = effective_suit(rules, trick[0][1])
    suit = effective_suit(rules, action.card)
    if any(effective_suit(rules, c) == led for c in up):
        return "" if suit == led else f"played {action.card} with a face-up {led} to play"
    if any(effective_suit(rules, c) == "T" for c in up):
        return "" if suit == "T" else f"played {action.card} with a face-up spade to play"
    return "" if up == held else f"played {action.card} with face-down cards left to turn"


def follows_the_rules(rules: Rules, game: Game, action: PlayCard, played_before: list[Card]) -> str:
    """Why a play broke a rule the test can check on its own, or ''."""
    if rules.dummy_hands and action.seat % 2:
        return dummy_follows(rules, game, action)
    hand = game.hands[action.seat]
    trick = game.trick
    suit = effective_suit(rules, action.card)
    first = len(played_before) < rules.players
    held = {effective_suit(rules, c) for c in hand}
    led_trump = bool(trick) and effective_suit(rules, trick[0][1]) == "T"
    screamers = rules.spades_last and rules.allow_renege == "no" and not led_trump
    if screamers and suit == "T" and held != {"T"}:
        return f"led or trumped with {action.card} while holding another suit (spades_last)"
    # 000:192: after nothing but junk Jokers any card may be played.
    if trick and rules.allow_renege == "no" and led_suit(rules, trick) != "X":
        led = led_suit(rules, trick)
        if suit != led and led in held:
            return f"played {action.card} on a {led} lead while holding {led}"
        leader_side = game.team_of(trick[0][0])
        if (
            rules.big_joker_lead
            and trick[0][1].code == "BJ"
            and game.team_of(action.seat) != leader_side
            and "T" in held
        ):
            # 000:136: an opponent of a Big Joker lead plays their highest spade.
            order = trump_order(rules.deck)
            top = max((c for c in hand if c.code in order), key=lambda c: order.index(c.code))
            if action.card != top:
                return f"played {action.card} on the Big Joker's lead, not its top spade {top}"
        no_trump_yet = first and rules.no_spades_first_trick
        if no_trump_yet and suit == "T" and held != {"T"}:
            return f"trumped the first trick with {action.card} while holding another suit"
        if (
            rules.must_trump == "when_void"
            and not no_trump_yet
            and not rules.spades_last
            and led not in held
            and "T" in held
            and suit != "T"
        ):
            return f"void in {led} and holding a trump, played {action.card}"
    ace_lead = rules.ace_of_spades_lead and action.card.code == "AS"
    if not trick and suit == "T" and held != {"T"}:
        broken = any(effective_suit(rules, c) == "T" for c in played_before)
        if rules.lead_spades == "if_broken" and not broken and not ace_lead:
            return f"led {action.card} before trumps were broken"
        if rules.lead_spades == "after_first_trick" and first and not ace_lead:
            return f"led {action.card} to the first trick"
        if rules.no_spades_first_trick and first:
            return f"led {action.card} to the first trick"
    return ""


@PER_TABLE
@given(seed=seeds, choices=choice_lists)
@SETTINGS
def test_plays_follow_suit_and_trump_leads(name: str, seed: int, choices: list[int]) -> None:
    rules = TABLES[name]
    played: list[Card] = []

    def before(game: Game, action: Action) -> None:
        if isinstance(action, PlayCard):
            problem = follows_the_rules(rules, game, action, played)
            assert not problem, f"{name}: seat {action.seat} {problem}"
            assert action.card in game.hands[action.seat]

    def after(game: Game, action: Action, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandDealt):
                played.clear()
            elif isinstance(event, CardPlayed):
                played.append(event.card)

    play(rules, seed, choices, before=before, after=after)


# -- illegal actions ----------------------------------------------------------------------


def illegal_candidates(game: Game) -> list[Action]:
    """Actions that the rules refuse in this position, built from the rules, not the engine."""
    rules = game.rules
    n = game.players
    to_act = game.to_act
    hands = game.hands
    deck = sorted({Card.of(c % 54) for c in deck_info(rules.deck, n, rules.deal_shape).cards})
    any_card = deck[0]
    out: list[Action] = []
    for bad in (-1, n, 6):
        out += [
            PlayCard(bad, any_card),
            Bid(bad, 1),
            Bid(bad, 0, True),
            RevealCards(bad),
            Draw(bad, True),
            PassCards(bad, (any_card,)),
            Claim(bad),
            CallRenege(bad, 0),
            RequestRedeal(bad),
        ]
        if not game.is_over:
            out.append(CallRenege(0, bad))
    if to_act is None:
        for s in range(n):
            card = hands[s][0] if hands[s] else any_card
            out += [PlayCard(s, card), Bid(s, 1), RevealCards(s), Claim(s), Draw(s, True)]
            out += [CallRenege(s, (s + 1) % n), PassCards(s, (card,)), RequestRedeal(s)]
        return out
    own = hands[to_act]
    own_card = own[0] if own else any_card
    others = [s for s in range(n) if s != to_act]
    phase = game.phase
    if phase is not Phase.PLAY:
        out += [PlayCard(to_act, own_card), PlayCard(others[0], own_card)]
        out += [CallRenege(s, (s + 1) % n) for s in range(n)]
        out += [Claim(s) for s in range(n)]
    if phase is not Phase.BID:
        out += [Bid(to_act, 1), Bid(to_act, 0), Bid(to_act, 0, True)]
        out += [RevealCards(s) for s in range(n)]
        out += [RequestRedeal(s) for s in range(n)]
    if phase is not Phase.DRAW:
        out += [Draw(to_act, True), Draw(to_act, False)]
    if phase is not Phase.PASS:
        out.append(PassCards(to_act, (own_card,)))
    if phase is Phase.DRAW:
        out += [Draw(s, keep) for s in others for keep in (True, False)]
    elif phase is Phase.BID:
        legal = set(game.legal_actions(to_act))
        out += [
            Bid(to_act, tricks, blind)
            for tricks in range(-1, game.num_tricks + 3)
            for blind in (False, True)
            if Bid(to_act, tricks, blind) not in legal
        ]
        # Other seats' bids, but for a Double Nil (003:124), made on a dummy's seat.
        out += [b for s in others for b in (Bid(s, 1), Bid(s, 0, True)) if b not in legal]
        bids = game.bids
        out += [RevealCards(s) for s in range(n) if game.has_looked(s) or bids[s] is not None]
        out += [RequestRedeal(s) for s in range(n) if RequestRedeal(s) not in game.legal_actions(s)]
    elif phase is Phase.PASS:
        for s in range(n):
            offered = [a for a in game.legal_actions(s) if isinstance(a, PassCards)]
            held = hands[s]
            if not offered:
                out.append(PassCards(s, tuple(held[:1])))
                continue
            count = len(offered[0].cards)
            missing = next(c for c in deck if c not in held)
            out.append(PassCards(s, tuple(held[: count - 1])))
            if len(held) > count:
                out.append(PassCards(s, tuple(held[: count + 1])))
            out.append(PassCards(s, (*held[: count - 1], missing)))
    elif phase is Phase.PLAY:
        legal = set(game.legal_actions(to_act))
        out += [PlayCard(to_act, c) for c in deck if c not in own][:6]
        out += [PlayCard(to_act, c) for c in own if PlayCard(to_act, c) not in legal]
        out += [PlayCard(s, hands[s][0]) for s in others if hands[s]]
        if rules.allow_renege == "no":
            out += [CallRenege(s, (s + 1) % n) for s in range(n)]
        else:
            for s in range(n):
                out += [CallRenege(s, mate) for mate in game.teams[game.team_of(s)]]
                offered = set(game.legal_actions(s))
                out += [
                    CallRenege(s, o)
                    for o in range(n)
                    if game.team_of(o) != game.team_of(s) and CallRenege(s, o) not in offered
                ]
        if not rules.claims:
            out += [Claim(s) for s in range(n)]
        else:
            nil_on = rules.nil_mode == "nil"
            out += [Claim(s) for s, b in enumerate(game.bids) if nil_on and b and b.tricks == 0]
    return out


def private_state(game: Game) -> tuple[object, ...]:
    # The two-player stock is private and has no accessor; a refused draw must not touch it.
    return (*full_state(game), tuple(game._hand.stock), tuple(game.trick), tuple(game.tricks_taken))


@PER_TABLE
@given(
    seed=seeds,
    choices=choice_lists,
    probes=st.sets(st.integers(min_value=0, max_value=400), min_size=1, max_size=12),
)
@SETTINGS
def test_illegal_actions_are_refused_and_change_nothing(
    name: str, seed: int, choices: list[int], probes: set[int]
) -> None:
    tried: list[Action] = []

    def probe(game: Game) -> None:
        if len(game.history) not in probes and not game.is_over:
            return
        state = private_state(game)
        for action in illegal_candidates(game):
            if 0 <= action.seat < game.players:
                assert action not in game.legal_actions(action.seat), (
                    f"{action} is offered as legal in {game.phase}"
                )
            try:
                game.apply(action)
            except IllegalAction as exc:
                assert isinstance(exc, ValueError)
                assert str(exc).strip(), f"{action} refused without a message"
            else:
                raise AssertionError(f"{name}: {action} was accepted in {game.phase}")
            assert private_state(game) == state, f"refusing {action} changed the game"
            tried.append(action)

    game = play(TABLES[name], seed, choices, start=probe, after=lambda g, a, e: probe(g))
    if not game.is_over:
        probes.add(len(game.history))
        probe(game)
    assert tried
