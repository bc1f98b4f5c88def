"""The Spades state machine: deal, draw, bid, pass, play, score, over.

Pure and synchronous. Randomness comes only from the seed: each hand's deck is shuffled
from ``(seed, hand_number, redeal)``, so ``Game.replay`` rebuilds any game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final, NoReturn

from bot.engine import berkley, dummy
from bot.engine.actions import (
    Action,
    Bid,
    CallHighLow,
    CallRenege,
    CallTime,
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
)
from bot.engine.auction import AUCTION_MOST, auction_next, auction_range
from bot.engine.card_bonuses import JACK_OF_DIAMONDS, card_bonuses, cards_won, cut_cancel_card
from bot.engine.cards import ALL_CARDS, Card, Suit, cards_of
from bot.engine.claims import CLAIM_BUDGET, ClaimJudge, Verdict
from bot.engine.deck import COPY_SHIFT, TRUMP, DeckInfo, shuffled
from bot.engine.events import (
    BidMade,
    BidRaised,
    BooksMade,
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsRevealed,
    ClaimAccepted,
    ClaimFailed,
    Declared,
    DummyTurned,
    Event,
    GameOver,
    HalfBidMade,
    HandDealt,
    HandScored,
    HighLowCalled,
    NoTrumpBid,
    PassingStarted,
    PlayStarted,
    Redealt,
    RenegeCalled,
    TimeCalled,
    TrickRecord,
    TrickWon,
)
from bot.engine.evil import LOW_BALL, BidContext, called_suit, hand_rule
from bot.engine.hand import HandState
from bot.engine.interned import BIDS, REVEALS, plays_of
from bot.engine.miser import miser_lowering_refusal
from bot.engine.options import Options, options_of
from bot.engine.rules import Rules
from bot.engine.scoring import HandResult, score_hand
from bot.engine.tricks import (
    BIG_JOKER_LED,
    FIRST_TRUMP,
    FOLLOW,
    LEAD_TRUMP,
    LOW_CLUB,
    MUST_TRUMP,
    NOBODY,
    OVERTRUMP,
    SPADES_LAST,
    TrickRules,
    bits,
)
from bot.engine.views import Phase, SeatView

_BLIND_CAP: Final = 7  # 000, Blind bidding: "capped at a bid of seven"
# Module globals are found several times faster than enum members on the hot path; Final
# ones, compiled, are C values.
_DRAW: Final = Phase.DRAW
_BID: Final = Phase.BID
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
# Why a card is barred under Evil Spades' low ball (003:43, 003:48): not the lowest.
_LOW_BALL_WHY: Final = 100
# Why a card is barred to a seat that bid Nil in the dark (000:163): not its top card.
_DARK_WHY: Final = 101
# Why a spade is barred to a seat that bid no trump (000:113): another suit was led.
_NO_TRUMP_WHY: Final = 102
# Why a card is barred to a dummy (003:152): face-up cards first, the suit led, a spade.
_DUMMY_WHY: Final = 103


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is fit to show the player.

    ``waiting_for`` is the seat whose turn it is when the refusal is "not your turn": the
    engine knows seats, not names, so a layer that knows the players' names can say who.

    The message is English; ``kind`` names the refusal and ``details`` its figures (cards,
    counts, bids, by name), so that a layer that writes in the reader's language
    (``bot.render.refusals``) can say the same in theirs. ``kind`` is ``"turn"`` for "not
    your turn" and empty for a refusal no player meets (an action that is no action).
    """

    def __init__(
        self,
        message: str,
        *,
        waiting_for: int | None = None,
        kind: str = "",
        details: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.waiting_for = waiting_for
        self.kind = "turn" if waiting_for is not None and not kind else kind
        self.details: dict[str, object] = {} if details is None else details


# A claim the judge could not decide within its budget: refused, the game unchanged.
CLAIM_UNDECIDED: Final = "I could not check that claim quickly; play on."


# Inputs of the scoring rows that need more than bids and tricks (score_hand's card_bonus,
# bag_cancels, sevens_before and perfect_runs).
_Extras = tuple[
    tuple[tuple[int, str, int], ...], list[int] | None, list[int] | None, list[int] | None
]
_NO_EXTRAS: Final[_Extras] = ((), None, None, None)


def _seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


class Game:
    """One game of Spades under one set of ``Rules``."""

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        dealer: int | None = None,
        deals: Sequence[Sequence[Sequence[Card]]] | None = None,
    ) -> None:
        self.rules = rules
        self.seed = seed
        # The rules' values, copied out of the pydantic model once per Rules object (its
        # attributes are slow to read), and the trick rules made from them.
        options = options_of(rules)
        self._options: Options = options
        self.players = n = options.players
        self.teams: tuple[tuple[int, ...], ...] = options.teams
        self._tricks: TrickRules = options.tricks
        # The claims judge plays no High/Low calls or joke spades (003:65, 000:134).
        self._claims_on = options.claims and self._tricks.claimable
        self._team_of = self._tricks.team_of
        self._deck: DeckInfo = self._tricks.deck
        self.num_tricks = self._deck.num_tricks
        self._deals = [list(map(list, d)) for d in deals] if deals else []
        self._renege_on = self._tricks.renege_on
        self._double = self._deck.double
        self._suit_of = self._deck.suit_of
        # The play mask legal_actions found for the seat to act, and at which step.
        self._legal_step = -1
        self._legal = (0, 0)
        self._bids_step = -1
        self._bids_legal: list[Bid] = []
        self._nil_on = options.nil_on
        # How far behind a side must be for blind nil and blind bids (None: never).
        self._blind_nil_need = options.blind_nil_need
        self._blind_bids_need = options.blind_bids_need
        self._blind_on = options.blind_on
        # Face-up tables have no blind bids: every card is seen anyway.
        self._face_up = options.show_all_hands
        # Cards dealt to nobody: a kitty, a dead hand, Royal's unseen cards.
        self._leftover = options.deal_shape not in ("even", "two_decks")
        # Drawn from a stock: two players (000), or three from two decks (003:81).
        self._drawn = (n == 2 and not self._leftover) or options.deal_shape == "two_decks"
        self._first_bids_itself = options.first_hand_bids_itself
        # Evil Spades (003:13-63): this hand's play rule may ask for the lowest card, and
        # rule 41 bids a called suit.
        self._evil = options.evil_spades
        self._low_ball = False
        self._called = Suit.SPADES
        self._mo_on = options.mo_on
        # Bids another seat's turn depends on (000:18, 000:111, 000:122, 000:163).
        self._bids28 = options.bids28
        self._dark_on = options.dark_on
        self._no_trump_on = options.no_trump_on
        # Berkley's dummies (003:98-152): seats 1 and 3, played by seats 2 and 0.
        self._dummy = options.dummy_hands
        # A seat may be held to fewer cards than the trick rules allow (Nil in the dark,
        # a no-trump bid, a dummy).
        self._limits_on = options.dark_on or options.no_trump_on or self._dummy
        # After a bid, the next bidder may skip a side whose bid is already whole.
        self._skip_on = (
            options.mo_on or options.side_bids or options.blind_moon_need is not None or self._dummy
        )
        # High/Low (003:65) and Aces High/Low (000:143): calls that change trick winners.
        self._calls = self._tricks.calls
        # Plays that take the longer path: under calls, or by dummies.
        self._slow_play = self._calls or self._dummy
        self.history: list[Action] = []
        self.results: list[HandResult] = []
        self.scores = [0] * len(self.teams)
        self.bags = [0] * len(self.teams)
        self.hand_number = 1
        self._rng = random.Random(seed)  # reseeded for every deal
        self.dealer = self._rng.randrange(n) if dealer is None else dealer % n
        if self._dummy:
            # 003:140: a player deals, never a dummy.
            self.dealer -= self.dealer % 2
        self.winner: int | None = None
        # A plain attribute, not a property over the phase: callers read it after every action.
        self.is_over = False
        # Playing for a time (000:88, 002:72): the table has said time is up (a CallTime),
        # and where the hand in play began in ``history`` (no action of it yet: a CallTime
        # then ends the game at once).
        self.time_up = False
        self._hand_began = 0
        self._redeals = 0
        # 000:178 Sandbag Cancellation: the hand's special card (-1 without the option).
        self._cancel_card = JACK_OF_DIAMONDS if options.bag_cancel_card else -1
        # Built at the first claim: most games never see one.
        self._judge: ClaimJudge | None = None
        # The last claim judged: (moment, seat) and its verdict.
        self._verdict: tuple[tuple[int, int], Verdict] | None = None
        # Positions a claim's judge may search (0: no limit, while replaying stored claims).
        self._claim_budget = CLAIM_BUDGET
        self._initial_events: list[Event] = self._deal()

    # -- construction -----------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int,
        dealer: int | None = None,
        deals: Sequence[Sequence[Sequence[Card]]] | None = None,
    ) -> Game:
        """A new game; ``deals`` fixes each seat's cards for the first hands."""
        return cls(rules, seed=seed, dealer=dealer, deals=deals)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        *,
        seed: int,
        actions: Iterable[Action],
        dealer: int | None = None,
        deals: Sequence[Sequence[Sequence[Card]]] | None = None,
    ) -> Game:
        """Rebuild a game from its seed and the actions it accepted.

        A stored claim was decided when it was made (an undecided one is refused, so never
        stored): its verdict is found again without the budget, whatever that costs, so a
        log stored before claims had a budget replays too."""
        game = cls(rules, seed=seed, dealer=dealer, deals=deals)
        game._claim_budget = 0
        for action in actions:
            game.apply(action)
        game._claim_budget = CLAIM_BUDGET
        return game

    @property
    def initial_events(self) -> list[Event]:
        """Events of the first deal (``Game.new`` has no caller to hand them to)."""
        return list(self._initial_events)

    # -- public state -----------------------------------------------------------------

    @property
    def hands(self) -> list[list[Card]]:
        """Every seat's cards (the whole truth: for tests and tools, never for players)."""
        return [self._cards(h) for h in self._hand.hands]

    @property
    def bids(self) -> list[Bid | None]:
        return [
            None if b is None else BIDS[s][int(self._hand.blind[s])][b]
            for s, b in enumerate(self._hand.bids)
        ]

    @property
    def tricks_taken(self) -> list[int]:
        return list(self._hand.taken)

    @property
    def trick(self) -> list[tuple[int, Card]]:
        return [(s, ALL_CARDS[c]) for s, c in self._hand.trick]

    @property
    def spades_broken(self) -> bool:
        return self._hand.broken

    def team_of(self, seat: int) -> int:
        return self._team_of[seat]

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` has seen its cards (a dummy never sees its own, 003:140)."""
        if self._dummy and dummy.is_dummy(seat):
            return False
        return self._hand.looked[seat]

    def controller(self, seat: int) -> int:
        """The seat whose player makes ``seat``'s moves: itself, or a dummy's player
        (003:108)."""
        return dummy.owner(seat) if self._dummy else seat

    def _cards(self, mask: int) -> list[Card]:
        cards = cards_of(mask & ((1 << COPY_SHIFT) - 1))
        if self._deck.double:
            cards += cards_of(mask >> COPY_SHIFT)
            cards.sort()
        return cards

    # -- dealing ----------------------------------------------------------------------

    def _deal(self) -> list[Event]:
        """Deal a new hand: a fresh ``HandState``, so nothing of the last hand stays."""
        n = self.players
        bid_itself = self._first_bids_itself and self.hand_number == 1
        self._hand = hand = HandState(n, len(self.teams), (self.dealer + 1) % n, bid_itself)
        self._hand_began = len(self.history)
        fixed = self._redeals == 0 and self.hand_number <= len(self._deals)
        leftover = self._leftover
        if fixed:
            hand.hands = self._fixed_hands(self._deals[self.hand_number - 1])
            if leftover:
                dealt = sum(hand.hands)
                hand.stock = [c for c in self._deck.cards if not dealt >> c & 1]
            if self._dummy:
                given = self._deals[self.hand_number - 1]
                dummy.lay_out(hand, [[c.index for c in held] for held in given])
        else:
            rng = self._rng
            rng.seed(f"{self.seed}:{self.hand_number}:{self._redeals}")
            if self._drawn:
                hand.stock = shuffled(self._deck.cards, rng)
            else:
                # Shuffling the cards' mask bits deals each seat its hand mask in one sum.
                deck = shuffled(self._deck.card_bits, rng)
                # The first card goes to the dealer's left, then round the table.
                first = (self.dealer + 1) % n
                if leftover:
                    # A kitty, a dead hand or Royal's unseen cards (000:99, 003:207, 003:345);
                    # a kitty that is a trick holds a full round more.
                    end = n * (self.num_tricks - self._options.kitty_trick)
                    for k in range(n):
                        hand.hands[(first + k) % n] = sum(deck[k:end:n])
                    hand.stock = [b.bit_length() - 1 for b in deck[end:]]
                    if self._dummy:
                        order = [[0]] * n
                        for k in range(n):
                            order[(first + k) % n] = [b.bit_length() - 1 for b in deck[k:end:n]]
                        dummy.lay_out(hand, order)
                else:
                    for k in range(n):
                        hand.hands[(first + k) % n] = sum(deck[k::n])
        face_up = self._options.face_up_cards
        if face_up:
            # 000:98 Face-up deal: each seat's first cards dealt lie face up all hand.
            if fixed:
                for s, cards in enumerate(self._deals[self.hand_number - 1]):
                    hand.exposed[s] = sum(1 << c.index for c in cards[:face_up])
            else:
                first = (self.dealer + 1) % n
                for k in range(n):
                    hand.exposed[(first + k) % n] = sum(deck[k : n * face_up : n])
        if self._options.bag_cancel_cut:
            self._cancel_card = cut_cancel_card(
                self.seed, self.hand_number, self._redeals, self._deck
            )
        dealt = self.num_tricks - self._options.kitty_trick
        events: list[Event] = [HandDealt(self.hand_number, self.dealer, dealt)]
        if self._evil:
            self._start_evil_hand()
        if self._drawn and not fixed:
            # Every seat sees its cards (HandState's default) while drawing.
            self.phase = _DRAW
            self.to_act: int | None = (self.dealer + 1) % n
            return events
        hurricane = self._hurricane_taker()
        if hurricane is not None:
            events.extend(self._start_hurricane(hurricane))
            return events
        if not (bid_itself or self._face_up or not self._blind_on):
            blind = [self._blind_possible(t) for t in range(len(self.teams))]
            hand.looked = [not blind[t] for t in self._team_of]
            if self._dummy:
                hand.looked[1] = hand.looked[3] = True
        if self._options.kitty == "two_of_clubs":
            # 000:99: the holder of the named card takes the kitty before the bidding.
            holder = next((s for s in range(n) if hand.hands[s] & 1), (self.dealer + 1) % n)
            events.extend(self._start_kitty(holder))
            return events
        events.extend(self._start_bidding())
        return events

    def _start_evil_hand(self) -> None:
        """Evil Spades: this hand's rule sets the trick rules, the called suit, and for
        rule 10 (everyone Blind Nil) leaves every hand face down."""
        rule = hand_rule(self.hand_number, self._options.evil_start)
        options = self._options
        play = rule.play or ""
        tricks = options.evil_tricks.get(play)
        if tricks is None:
            update: dict[str, object] = {}
            if play == "must_trump":
                update = {"must_trump": "when_void"}
            elif play == "spades_last":
                update = {"spades_last": True}
            rules = self.rules.model_copy(update=update) if update else self.rules
            tricks = options.evil_tricks[play] = TrickRules(rules)
        self._tricks = tricks
        self._low_ball = play == LOW_BALL
        self._called = called_suit(self.seed, self.hand_number)
        if rule.blind:
            self._hand.looked = [False] * self.players

    def _evil_bids(self, seat: int, out: list[Bid]) -> list[Bid]:
        """The bids this hand's Evil Spades rule leaves ``seat`` (``out``: the regular
        ones), from its own cards and its place in the bidding order only."""
        rule = hand_rule(self.hand_number, self._options.evil_start)
        plain, blind = BIDS[seat]
        if not self._hand.looked[seat]:
            return [blind[0]] if rule.blind else out
        n = self.players
        first = (self.dealer + 1) % n
        position = (seat - first) % n
        order = [self._hand.bids[(first + i) % n] or 0 for i in range(position)]
        mate = self._hand.bids[self._mate(seat)]
        ctx = BidContext(
            self._cards(self._hand.hands[seat]),
            position,
            order,
            mate,
            [b.tricks for b in out],
            self.num_tricks,
            self._called,
        )
        values = rule.bids(ctx)
        return out if values is None else [plain[v] for v in values]

    def _called_now(self) -> Suit | None:
        """The suit everyone bids their count of this hand (Evil Spades rule 41), or None."""
        if self._evil and hand_rule(self.hand_number, self._options.evil_start).number == 41:
            return self._called
        return None

    def _lowest(self, legal: tuple[int, int]) -> tuple[int, int]:
        """003:43 low ball: of the cards the rules allow, only the lowest ranked."""
        ranks = {c: ALL_CARDS[c % COPY_SHIFT].rank for c in bits(legal[0])}
        low = min(ranks.values())
        mask = sum(1 << c for c, rank in ranks.items() if rank == low)
        return (mask, _LOW_BALL_WHY) if mask != legal[0] else legal

    def _start_kitty(self, taker: int) -> list[Event]:
        """``taker`` adds the kitty to its hand and must discard as many cards (000:99);
        nobody else sees them."""
        hand = self._hand
        count = len(hand.stock)
        for card in hand.stock:
            hand.hands[taker] |= 1 << card
        hand.stock = []
        hand.looked[taker] = True
        hand.pass_partner[taker] = taker
        hand.pass_count[taker] = count
        self.phase = _PASS
        self.to_act = taker
        return [PassingStarted(((taker, taker),), (count,))]

    def _hurricane_taker(self) -> int | None:
        """Hurricane Spades (003:363-373): how many seats on from each player its three
        cards go this hand (1: left, -1: right), or None for no passing before the bids."""
        scheme = self._options.hurricane_pass
        if scheme == "off":
            return None
        if scheme == "left":
            return 1
        return (1, -1, None)[(self.hand_number - 1) % 3]

    def _start_hurricane(self, step: int) -> list[Event]:
        """Every seat passes 3 cards face down to the seat ``step`` on, before the bids;
        none sees what it receives before it has passed (003:365)."""
        n = self.players
        hand = self._hand
        pairs = []
        for s in range(n):
            taker = (s + step) % n
            hand.pass_partner[s] = taker
            hand.pass_count[s] = 3
            pairs.append((s, taker))
        self.phase = _PASS
        self.to_act = self._next_passer()
        return [PassingStarted(tuple(pairs), (3,) * n)]

    def _fixed_hands(self, deal: Sequence[Sequence[Card]]) -> list[int]:
        if len(deal) != self.players:
            raise ValueError(f"A deal needs {self.players} hands, got {len(deal)}.")
        available = set(self._deck.cards)
        hands = []
        size = self.num_tricks - self._options.kitty_trick
        for seat, cards in enumerate(deal):
            if len(cards) != size:
                got = len(cards)
                raise ValueError(f"Seat {seat} needs {size} cards in a fixed deal, got {got}.")
            mask = 0
            for card in cards:
                for copy in (card.index, card.index + COPY_SHIFT):
                    if copy in available:
                        available.remove(copy)
                        mask |= 1 << copy
                        break
                else:
                    raise ValueError(f"{card} is not in this deck, or dealt twice.")
            hands.append(mask)
        return hands

    def _deficit(self, team: int) -> int:
        """How far ``team`` trails the best other side (0 with no other side). A loop, read at
        each deal and bid: compiled, slicing, joining and ``max`` cost ten times as much."""
        scores = self.scores
        best = own = scores[team]
        other = False
        for side, score in enumerate(scores):
            if side != team and (score > best or not other):
                best, other = score, True
        return best - own

    def _behind_enough(self, team: int, need: int | None) -> bool:
        """Whether ``team`` trails by ``need`` points (0: always; None: never)."""
        return need is not None and (need == 0 or self._deficit(team) >= need)

    def _blind_nil_open(self, team: int) -> bool:
        return self._behind_enough(team, self._blind_nil_need)

    def _blind_bids_open(self, team: int) -> bool:
        return self._behind_enough(team, self._blind_bids_need)

    def _blind_possible(self, team: int) -> bool:
        return self._blind_on and (
            self._blind_nil_open(team)
            or self._blind_bids_open(team)
            or self._behind_enough(team, self._options.blind_moon_need)
        )

    def _start_bidding(self) -> list[Event]:
        if self._hand.bid_itself:
            return self._start_play()
        self.phase = _BID
        # With dummies the player on the dealer's left bids first (003:142).
        self.to_act = (self.dealer + (2 if self._dummy else 1)) % self.players
        return []

    # -- legal actions ----------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of ``seat`` now (default: the seat to act), out-of-turn ones too."""
        # ``to_act`` tested for None before it is compared: compiled, the comparison is then
        # of two ints, not of objects (see ``apply``).
        to_act = self.to_act
        if seat is None:
            if to_act is None:
                return []
            seat = to_act
        phase = self.phase
        out: list[Action]
        if phase is _PLAY:
            if to_act is None or seat != to_act:
                if self._dummy and to_act is not None and dummy.owner(to_act) == seat:
                    # 003:108: a dummy's plays are its player's to make.
                    return self.legal_actions(to_act)
                out = []
            elif self._calls and self._call_due(seat):
                out = [CallHighLow(seat, False), CallHighLow(seat, True)]
            else:
                # Called through the TrickRules, not a bound method kept on the game: compiled,
                # that is a direct call.
                hand = self._hand
                legal = self._tricks.legal_mask(
                    seat, hand.hands[seat], hand.trick, hand.trick_no, hand.broken, False
                )
                if self._low_ball:
                    legal = self._lowest(legal)
                if self._limits_on and (
                    seat in hand.dark or seat in hand.no_trump or seat in hand.dummy_order
                ):
                    legal = self._limited(seat, legal)
                self._legal_step = len(self.history)
                self._legal = legal
                out = plays_of(seat, self._deck.fold(legal[0]) if self._double else legal[0])
            if self._renege_on:
                out.extend(self._renege_calls_open(seat))
            if self._claims_on and self._may_claim(seat):
                out.append(Claim(seat))
            return out
        out = []
        if phase is _BID and self._hand.raising:
            if seat == self.to_act:
                out.extend(self._raise_options(seat))
        elif phase is _BID:
            if (
                self._hand.bids[seat] is None
                and not self._hand.looked[seat]
                and not self._in_blind_six(seat)
            ):
                out.append(REVEALS[seat])
            if seat == self.to_act:
                out.extend(self._cached_bids(seat))
                if self._mo_on and self._may_declare(seat):
                    out.extend((Declare(seat, False), Declare(seat, True)))
                if self._no_trump_on and self._may_bid_no_trump(seat):
                    out.append(NoTrump(seat))
                if self._options.half_on:
                    out.extend(self._half_bids(seat))
            if self._may_redeal(seat):
                out.append(RequestRedeal(seat))
        elif phase is _PASS:
            if seat in self._hand.pass_count and seat not in self._hand.passed:
                out.extend(self._pass_options(seat))
        elif phase is _DRAW and seat == self.to_act:
            out.extend((Draw(seat, True), Draw(seat, False)))
        return out

    def _cached_bids(self, seat: int) -> list[Bid]:
        """Legal bids of the seat to act, computed once per position."""
        step = len(self.history)
        if self._bids_step != step:
            self._bids_step = step
            self._bids_legal = self._legal_bids(seat)
        return self._bids_legal

    def _legal_bids(self, seat: int) -> list[Bid]:
        rules = self._options
        if rules.auction:
            return self._auction_bids(seat)
        if self._dummy:
            return self._dummy_bids(seat)
        n_tricks = self.num_tricks
        plain, blind = BIDS[seat]
        bids = self._hand.bids
        team = self._team_of[seat]
        mate_total = 0
        last_of_side = True
        for mate in self.teams[team]:
            if mate != seat:
                bid = bids[mate]
                if bid is None:
                    last_of_side = False
                else:
                    mate_total += bid
        board = rules.min_bid if (rules.min_bid and last_of_side) else None
        zero_ok = board is None or mate_total == 0 or mate_total >= board
        out: list[Bid]
        if not self._hand.looked[seat]:
            out = []
            if self._blind_nil_open(team) and zero_ok:
                out.append(blind[0])
            if self._blind_bids_open(team) and rules.blind_six != "off":
                # 000:118 Blind 6: the side's blind bids make 6 together.
                finish = self._in_blind_six(seat)
                out = self._blind_six_bids(seat) if finish else out + self._blind_six_bids(seat)
            elif self._blind_bids_open(team) and rules.bid_values != "ten_a_trick":
                out += berkley.blind_bids(rules.bid_values, blind, n_tricks)
            elif self._blind_bids_open(team):
                low = max(1, rules.min_blind_bid - mate_total, (board or 0) - mate_total)
                if rules.each_bids_four:
                    low = max(low, 4)
                out += blind[low : min(_BLIND_CAP, n_tricks) + 1]
        elif rules.variant in ("mirror", "whiz"):
            spades = (self._hand.hands[seat] & self._deck.trump_phys).bit_count()
            out = [plain[spades]]
            if rules.variant == "whiz" and spades:
                out.insert(0, plain[0])
        elif rules.variant == "suicide":
            mate_bid = bids[next(s for s in self.teams[team] if s != seat)]
            nil = [plain[0]]
            board_bids = list(plain[4 : n_tricks + 1])
            out = nil + board_bids if mate_bid is None else (board_bids if mate_bid == 0 else nil)
        else:
            low = max(1, (board or 0) - mate_total)
            if rules.each_bids_four:
                low = max(low, 4)
            high = max(low, n_tricks - mate_total)
            out = list(plain[low : high + 1])
            if rules.each_bids_four and rules.ten_for_two_hundred and last_of_side:
                # Fredieu (000:128): a bid under 4 is fine when it makes the side's 10.
                wheels = 10 - mate_total
                if 0 < wheels < low and wheels <= n_tricks:
                    out.insert(0, plain[wheels])
            nil_ok = not self._nil_on or self._behind_enough(team, rules.nil_need)
            if zero_ok and nil_ok:
                out.insert(0, plain[0])
        if self._bids28:
            out = self._bids_28(seat, out)
        if rules.no_nine_bids and last_of_side:
            # No Nines (000:120): the side's bids may not add up to 9.
            out = [b for b in out if mate_total + b.tricks != 9] or out
        if rules.cant_total_tricks and bids.count(None) == 1:
            others = sum(b or 0 for b in bids)
            kept = [b for b in out if others + b.tricks != n_tricks]
            out = kept or out
        if self._evil:
            out = self._evil_bids(seat, out)
        return out

    def _in_blind_six(self, seat: int) -> bool:
        """Whether ``seat``'s partner started a Blind 6, which ``seat`` must finish blind."""
        if self._options.blind_six == "off":
            return False
        mate = self._mate_bid(seat)
        return mate is not None and mate[1]

    def _mate(self, seat: int) -> int:
        return next(s for s in self.teams[self._team_of[seat]] if s != seat)

    def _mate_bid(self, seat: int) -> tuple[int, bool] | None:
        """(tricks, blind) of the partner's bid, or None before it bids (partners of two)."""
        mate = self._mate(seat)
        bid = self._hand.bids[mate]
        return None if bid is None else (bid, self._hand.blind[mate] and bid > 0)

    def _blind_six_bids(self, seat: int) -> list[Bid]:
        """Blind 6 bids open to an unlooked seat: 1 to 5 to start one, or the rest of 6 when
        the partner started it; none when the partner bid without it."""
        blind = BIDS[seat][1]
        mate = self._mate_bid(seat)
        if mate is None:
            # Only before either partner looks (000:118).
            return [] if self._hand.looked[self._mate(seat)] else list(blind[1:6])
        if mate[1]:
            return [blind[6 - mate[0]]]
        return []

    def _may_redeal(self, seat: int) -> bool:
        if not (self._options.deficient_hand_redeal and self._hand.looked[seat]):
            return False
        if any(self._hand.bids[s] is not None for s in self.teams[self._team_of[seat]]):
            return False
        hand = self._hand.hands[seat]
        trumps = (hand & self._deck.trump_phys).bit_count()
        high = any(ALL_CARDS[c % COPY_SHIFT].rank > 10 for c in bits(hand))
        return trumps <= 1 or not high

    def _pass_options(self, seat: int) -> list[PassCards]:
        count = self._hand.pass_count[seat]
        cards = self._cards(self._hand.hands[seat])
        seen: dict[tuple[Card, ...], None] = {}
        for combo in combinations(cards, count):
            seen.setdefault(combo)
        return [PassCards(seat, combo) for combo in seen]

    def _renege_calls_open(self, seat: int) -> list[CallRenege]:
        team = self._team_of[seat]
        if any(self._team_of[c] == team for c, _, _ in self._hand.renege_calls):
            return []
        return [CallRenege(seat, s) for s in range(self.players) if self._team_of[s] != team]

    def _play_mask(self, seat: int, strict: bool = False) -> tuple[int, int]:
        """(physical mask of the cards ``seat`` may play now, why the rest are barred)."""
        hand = self._hand
        legal = self._tricks.legal_mask(
            seat, hand.hands[seat], hand.trick, hand.trick_no, hand.broken, strict
        )
        if self._limits_on and (
            seat in hand.dark or seat in hand.no_trump or seat in hand.dummy_order
        ):
            legal = self._limited(seat, legal)
        return self._lowest(legal) if self._low_ball else legal

    # -- applying actions -------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return what happened; raise ``IllegalAction`` if not allowed."""
        if not isinstance(action, PlayCard):
            before = self._hand
            other = self._apply_other(action)
            self.history.append(action)
            if self._hand is not before:
                # This action dealt a new hand (a claim or Books Made ended the last, or a
                # redeal): the new hand begins after it.
                self._hand_began = len(self.history)
            return other
        if self._slow_play:
            return self._called_play(action)
        # Played cards are most of a game's actions: their path is here, not one call deeper.
        seat = action.seat
        to_act = self.to_act
        # None tested first: compiled, ``seat != to_act`` is then a comparison of two ints
        # (of an int with an optional one, it boxes the seat and compares objects).
        if self.phase is not _PLAY or to_act is None or seat != to_act:
            self._check_turn(seat, _PLAY, "play a card")
        card = action.card.index
        state = self._hand
        hands = state.hands
        hand = hands[seat]
        bit = 1 << card
        if not hand & bit:
            bit <<= COPY_SHIFT
            if not (self._double and hand & bit):
                self._refuse(f"You don't hold the {action.card}.", "not_held", card=action.card)
        legal, why = self._legal if self._legal_step == len(self.history) else self._play_mask(seat)
        if not legal & bit:
            raise self._why_not(seat, legal, why)
        trick = state.trick
        if self._renege_on and trick and not self._play_mask(seat, strict=True)[0] & bit:
            state.reneged[seat] = True
        self.history.append(action)
        hands[seat] = hand ^ bit
        if not trick:
            state.leader = seat
        trick.append((seat, card))
        broke = False
        if not state.broken and self._suit_of[card] == TRUMP:
            state.broken = broke = True
        if len(trick) < self.players:
            self.to_act = (seat + 1) % self.players
            return [CardPlayed(seat, action.card, state.trick_no + 1, broke)]
        events: list[Event] = [CardPlayed(seat, action.card, state.trick_no + 1, broke)]
        winner, _ = self._tricks.winner(trick)
        return self._take_trick(winner, events)

    # -- High/Low (003:65) and Aces High/Low (000:143): plays under calls ---------------
    # Apart from the default path above, so a game without calls reads one flag a card.

    def _called_play(self, action: PlayCard) -> list[Event]:
        """A card played at a table with calls: refused before the call it waits for; an
        Ace played under aces_high_low waits for its own call before the trick goes on."""
        seat = action.seat
        if self.phase is not _PLAY or seat != self.to_act:
            self._check_turn(seat, _PLAY, "play a card")
        if self._call_due(seat):
            self._refuse("Call high or low first.", "call_first")
        card = action.card.index
        state = self._hand
        bit = 1 << card
        if not state.hands[seat] & bit:
            bit <<= COPY_SHIFT
            if not (self._double and state.hands[seat] & bit):
                self._refuse(f"You don't hold the {action.card}.", "not_held", card=action.card)
        legal, why = self._legal if self._legal_step == len(self.history) else self._play_mask(seat)
        if not legal & bit:
            raise self._why_not(seat, legal, why)
        if self._renege_on and state.trick and not self._play_mask(seat, strict=True)[0] & bit:
            state.reneged[seat] = True
        self.history.append(action)
        state.hands[seat] ^= bit
        if not state.trick:
            state.leader = seat
        state.trick.append((seat, card))
        broke = not state.broken and self._suit_of[card] == TRUMP
        state.broken = state.broken or broke
        events: list[Event] = [CardPlayed(seat, action.card, state.trick_no + 1, broke)]
        if self._ace_to_call(seat, card):
            return events
        if len(state.trick) < self.players:
            self.to_act = (seat + 1) % self.players
        else:
            events = self._close_trick(events)
        if self._dummy:
            self._dummy_turns(events)
        return events

    def _dummy_turns(self, events: list[Event]) -> None:
        """A dummy to play turns the face-down cards its play calls for (003:152)."""
        seat = self.to_act
        if self.phase is _PLAY and seat is not None and dummy.is_dummy(seat):
            turned = dummy.turn(self._hand, seat, self._deck)
            if turned:
                events.append(DummyTurned(seat, tuple(ALL_CARDS[c] for c in turned)))

    def _close_trick(self, events: list[Event]) -> list[Event]:
        """Settle the full trick on the table by its calls: its winner takes it and leads
        the next, which is not called yet."""
        state = self._hand
        trick = state.trick
        winner, _ = self._tricks.called_winner(trick, state.call_low, state.low_aces)
        state.called = state.call_low = False
        state.low_aces = 0
        return self._take_trick(winner, events)

    def _take_trick(self, winner: int, events: list[Event]) -> list[Event]:
        """The full trick on the table goes to ``winner``, who leads the next; the hand
        ends with its last trick."""
        state = self._hand
        plays = tuple([(s, ALL_CARDS[c]) for s, c in state.trick])
        state.completed.append(TrickRecord(state.leader, plays, winner))
        state.trick_no = trick_no = state.trick_no + 1
        events.append(TrickWon(winner, trick_no, plays))
        state.trick = []
        if winner < 0:
            # 000:147: a dead trick (``NOBODY``) goes to nobody, and its leader leads again.
            winner = state.leader
        else:
            state.taken[winner] += 1
        state.leader = winner
        self.to_act = winner
        if trick_no == self.num_tricks:
            events.extend(self._finish_hand())
        return events

    def _call_due(self, seat: int) -> bool:
        """Whether ``seat`` (to act) must call high or low before anything else: for the
        Ace it has just played (000:143), or for the trick it is about to lead (003:65)."""
        hand = self._hand
        return hand.ace_pending == seat or (
            self._tricks.high_low and not hand.trick and not hand.called
        )

    def _ace_to_call(self, seat: int, card: int) -> bool:
        """Aces High/Low (000:143): an Ace just played waits for its call, its player
        still to act."""
        if not self._tricks.aces_high_low or card >= 52 or card % 13 != 12:
            return False
        self._hand.ace_pending = seat
        self.to_act = seat
        return True

    def _apply_call(self, action: CallHighLow) -> list[Event]:
        seat = action.seat
        self._check_turn(seat, _PLAY, "call high or low")
        if not (self._calls and self._call_due(seat)):
            self._refuse("There is nothing to call high or low now.", "no_call")
        hand = self._hand
        if hand.ace_pending != seat:
            hand.called = True
            hand.call_low = action.low
            return [HighLowCalled(seat, action.low, False)]
        hand.ace_pending = -1
        if action.low:
            hand.low_aces |= 1 << seat
        events: list[Event] = [HighLowCalled(seat, action.low, True)]
        if len(hand.trick) < self.players:
            self.to_act = (seat + 1) % self.players
            return events
        return self._close_trick(events)

    def _apply_other(self, action: Action) -> list[Event]:
        if self.phase is _OVER:
            self._refuse("The game is over.", "over")
        if isinstance(action, Bid):
            return self._apply_bid(action)
        if isinstance(action, RevealCards):
            return self._apply_reveal(action.seat)
        if isinstance(action, PassCards):
            return self._apply_pass(action)
        if isinstance(action, Draw):
            return self._apply_draw(action)
        if isinstance(action, Claim):
            return self._apply_claim(action.seat)
        if isinstance(action, CallRenege):
            return self._apply_renege_call(action)
        if isinstance(action, RequestRedeal):
            return self._apply_redeal(action.seat)
        if isinstance(action, Declare):
            return self._apply_declare(action)
        if isinstance(action, Raise):
            return self._apply_raise(action)
        if isinstance(action, NoTrump):
            return self._apply_no_trump(action)
        if isinstance(action, HalfBid):
            return self._apply_half_bid(action)
        if isinstance(action, CallHighLow):
            return self._apply_call(action)
        if isinstance(action, CallTime):
            return self._apply_time(action)
        self._refuse(f"{action!r} is not a Spades action.")

    def _apply_time(self, action: CallTime) -> list[Event]:
        """000:88, 002:72: the table says the agreed time is up. The hand in play is the
        last one (``_game_winner``); when nobody has acted in it yet, it is not played and
        the game ends now, the higher score winning (a tie plays it)."""
        self._check_seat(action.seat)
        if not self._options.by_time:
            self._refuse("This game is not played for a time.")
        if self.time_up:
            self._refuse("Time has already been called in this game.")
        self.time_up = True
        fresh = len(self.history) == self._hand_began
        events: list[Event] = [TimeCalled(self.hand_number, fresh)]
        winner = self._leader() if fresh else None
        if winner is not None:
            self._end_game(winner, events)
        return events

    @staticmethod
    def _refuse(message: str, kind: str = "", **details: object) -> NoReturn:
        raise IllegalAction(message, kind=kind, details=details)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            self._refuse(f"There is no seat {seat} at this table.", "no_seat", seat=seat)

    def _check_turn(self, seat: int, phase: Phase, doing: str) -> None:
        self._check_seat(seat)
        if self.phase is not phase:
            self._refuse(
                f"You can't {doing} now: {self._phase_words()}.",
                "phase",
                doing=phase.value,
                phase=self.phase.value,
            )
        if seat != self.to_act:
            assert self.to_act is not None
            raise IllegalAction(
                f"It's not your turn: waiting for {_seat_name(self.to_act)}.",
                waiting_for=self.to_act,
            )

    def _phase_words(self) -> str:
        return {
            _DRAW: "the cards are being drawn",
            _BID: "bidding is under way",
            _PASS: "partners are passing cards",
            _PLAY: "the cards are being played",
            _OVER: "the game is over",
        }[self.phase]

    def _played_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Cards each seat has played this hand, in order."""
        played: list[list[Card]] = [[] for _ in range(self.players)]
        for record in self._hand.completed:
            for seat, card in record.plays:
                played[seat].append(card)
        for seat, index in self._hand.trick:
            played[seat].append(ALL_CARDS[index])
        return tuple(tuple(p) for p in played)

    def _why_not(self, seat: int, legal: int, why: int) -> IllegalAction:
        cards = self._cards(legal)
        if why == FOLLOW:
            suit = Suit(self._tricks.led_suit(self._hand.trick))
            name = "a spade" if suit is Suit.SPADES else f"a {suit.symbol}"
            return IllegalAction(
                f"You must follow suit: you hold {name}.", kind="follow", details={"suit": suit}
            )
        if why == LOW_CLUB:
            return IllegalAction(
                f"First trick: you must play your lowest club, the {cards[0]}.",
                kind="low_club",
                details={"card": cards[0]},
            )
        if why == LEAD_TRUMP:
            if self.rules.lead_spades == "after_first_trick":
                return IllegalAction("Spades can't be led on the first trick.", kind="lead_first")
            return IllegalAction("Spades aren't broken yet: lead another suit.", kind="unbroken")
        words = {
            FIRST_TRUMP: (
                "No spades on the first trick while you hold another suit.",
                "first_trump",
            ),
            SPADES_LAST: (
                "No spades while you hold another suit: spades are played last here.",
                "spades_last",
            ),
            MUST_TRUMP: (
                "You can't follow suit, so you must trump (and beat any trump already played).",
                "must_trump",
            ),
            OVERTRUMP: ("You must overtrump the opponent's spade.", "overtrump"),
        }
        if why == _DARK_WHY:
            return IllegalAction(
                f"You bid Nil in the dark: your top card, the {cards[0]}, is played.",
                kind="dark",
                details={"card": cards[0]},
            )
        if why == _DUMMY_WHY:
            return IllegalAction(
                "A dummy plays a face-up card of the suit led, else a face-up spade, else the "
                f"card it turned: here {', '.join(str(c) for c in cards)}.",
                kind="dummy",
                details={"cards": tuple(cards)},
            )
        if why == _NO_TRUMP_WHY:
            return IllegalAction(
                "You bid no trump: no spade on a trick led in another suit while you hold "
                "another card.",
                kind="no_trump",
            )
        if why == _LOW_BALL_WHY:
            return IllegalAction(
                f"Low ball: play your lowest card ({', '.join(str(c) for c in cards)}).",
                kind="low_ball",
                details={"cards": tuple(cards)},
            )
        if why == BIG_JOKER_LED:
            return IllegalAction(
                f"The Big Joker was led: you must play your highest spade, the {cards[0]}.",
                kind="big_joker",
                details={"card": cards[0]},
            )
        message, kind = words.get(why, ("You can't play that card now.", "card"))
        return IllegalAction(message, kind=kind)

    def _apply_bid(self, action: Bid) -> list[Event]:
        if self._dummy:
            return self._apply_dummy_bid(action)
        seat = action.seat
        if self.phase is not _BID or seat != self.to_act:
            self._check_turn(seat, _BID, "bid")
        if self._hand.raising and self._options.miser:
            self._refuse("Everyone has bid: keep your bid or lower it.", "miser_lowering")
        if self._hand.raising:
            self._refuse("Everyone has bid: raise your bid or keep it.", "raising")
        tricks = action.tricks
        legal = self._cached_bids(seat)
        interned = BIDS[seat][action.blind][tricks] if 0 <= tricks < 19 else None
        for bid in legal:
            if bid is interned:
                break
        else:
            raise self._bid_refusal(seat, action, legal)
        bids = self._hand.bids
        bids[seat] = tricks
        self._hand.blind[seat] = action.blind
        events: list[Event] = [BidMade(seat, tricks, action.blind, tricks == 0 and self._nil_on)]
        if self._options.auction:
            return events + self._auction_after(seat)
        if self._bids28:
            self._took_bid_28(seat, tricks, action.blind)
        if self._skip_on:
            return events + self._next_bidder(seat)
        if None in bids:
            self.to_act = (seat + 1) % self.players
            return events
        self._hand.looked = [True] * self.players
        events.extend(self._end_bidding())
        return events

    def _end_bidding(self) -> list[Event]:
        """Every bid is in: raises before the first card (rules' raise_bids), else on to
        passing or play; or, Books Made, no play at all."""
        hand = self._hand
        if self._options.books_made and hand.mo_seat < 0 and sum(b or 0 for b in hand.bids) == 10:
            # 000:173: "The hand is not played out. Both team are awarded their bids."
            hand.taken = [b or 0 for b in hand.bids]
            return [BooksMade(self.hand_number), *self._end_early()]
        if self._options.raise_on or self._options.miser or self._options.counter_on:
            first = self._next_raiser((self.dealer + 1) % self.players)
            if first is not None:
                self._hand.raising = True
                self.to_act = first
                return []
        return self._start_passing()

    # -- Auction Spades (rules' auction, 000:112) ---------------------------------------

    def _auction_bids(self, seat: int) -> list[Bid]:
        """Pass (a bid of 0), or raise the highest bid so far, up to 7 (6 + 7 tricks)."""
        may_pass, low = auction_range(self._hand.bids, seat)
        plain = BIDS[seat][0]
        return ([plain[0]] if may_pass else []) + list(plain[low : AUCTION_MOST + 1])

    def _auction_after(self, seat: int) -> list[Event]:
        """After ``seat`` bid or passed: the next seat still in the auction, or its end."""
        nxt = auction_next(self._hand.bids, seat)
        if nxt is not None:
            self.to_act = nxt
            return []
        self._hand.looked = [True] * self.players
        return self._end_bidding()

    # -- Berkley's dummies (rules' dummy_hands, 003:98-152) ------------------------------

    def _dummy_bids(self, seat: int) -> list[Bid]:
        """A player's bids for both their hands: a bid on the dummy's seat is the Double
        Nil (blind) or Double Naught, both hands taking no trick (003:120-138)."""
        rules = self._options
        plain, blind = BIDS[seat]
        both_plain, both_blind = BIDS[dummy.dummy_of(seat)]
        team = self._team_of[seat]
        out: list[Bid] = []
        if not self._hand.looked[seat]:
            # 003:120-126: Nil, Double Nil and Blind 6 to 12 before any card is seen.
            if self._blind_nil_open(team):
                out += [blind[0], both_blind[0]]
            if self._blind_bids_open(team) and rules.bid_values != "ten_a_trick":
                out += berkley.blind_bids(rules.bid_values, blind, self.num_tricks)
            elif self._blind_bids_open(team):
                low = max(1, rules.min_blind_bid)
                out += blind[low : min(_BLIND_CAP, self.num_tricks) + 1]
            return out
        # 003:128-138: 4 (Board) to 13 (Boston), Naught and Double Naught after looking.
        if self._nil_on and self._behind_enough(team, rules.nil_need):
            out += [plain[0], both_plain[0]]
        return out + list(plain[max(1, rules.min_bid or 0) : self.num_tricks + 1])

    def _apply_dummy_bid(self, action: Bid) -> list[Event]:
        """A player's bid, for their hand or (a Double Nil or Naught) both hands."""
        seat = action.seat
        self._check_seat(seat)
        player = dummy.owner(seat)
        if self.phase is not _BID or player != self.to_act:
            self._check_turn(player, _BID, "bid")
        hand = self._hand
        if hand.raising:
            self._refuse("Everyone has bid: raise your bid or keep it.", "raising")
        legal = self._cached_bids(player)
        interned = BIDS[seat][action.blind][action.tricks] if 0 <= action.tricks < 19 else None
        if not any(bid is interned for bid in legal):
            raise self._bid_refusal(player, action, legal)
        events: list[Event] = []
        for s in (player, seat) if seat != player else (player,):
            hand.bids[s] = action.tricks
            hand.blind[s] = action.blind
            events.append(BidMade(s, action.tricks, action.blind, action.tricks == 0))
        hand.side_done[self._team_of[player]] = True
        return events + self._next_bidder(player)

    # -- raising bids before the first card (rules' raise_bids) -------------------------

    def _raise_room(self, seat: int) -> int:
        """How many tricks ``seat`` may raise its bid by: none for a Nil, a blind bid or a
        Mo; else up to the tricks its side has not bid (000:103 "increase their bid")."""
        hand = self._hand
        bid = hand.bids[seat]
        if self._options.miser:
            # 003:89 Miser: "stay at their first bid or go lower": down to 0.
            return bid or 0
        if bid is None or hand.blind[seat] or seat == hand.mo_seat or hand.half[seat] >= 0:
            return 0
        if bid == 0 and self._nil_on:
            return 0
        side = sum(hand.bids[s] or 0 for s in self.teams[self._team_of[seat]])
        room = max(0, self.num_tricks - side)
        if self._options.counter_on:
            low, high = self._counter_range(seat)
            return max(high, -low)
        return min(room, 1) if self._options.raise_by_one else room

    def _next_raiser(self, start: int) -> int | None:
        """The first seat from ``start`` on, up to the end of the round (the dealer), that
        may raise; ``None``: the round is over."""
        n = self.players
        first = (self.dealer + 1) % n
        for i in range((start - first) % n, n):
            s = (first + i) % n
            if self._raise_room(s):
                return s
        return None

    def _raise_options(self, seat: int) -> list[Action]:
        if self._options.miser:
            return [Raise(seat, -by) for by in range(self._raise_room(seat) + 1)]
        if self._options.counter_on:
            low, high = self._counter_range(seat)
            return [Raise(seat, by) for by in range(low, high + 1)]
        return [Raise(seat, by) for by in range(self._raise_room(seat) + 1)]

    def _apply_raise(self, action: Raise) -> list[Event]:
        seat = action.seat
        hand = self._hand
        if not hand.raising:
            self._refuse(
                "Bids can only be raised once everyone has bid, before the first card.",
                "raise_phase",
            )
        self._check_turn(seat, _BID, "raise your bid")
        room = self._raise_room(seat)
        low = 0
        if self._options.counter_on:
            low, room = self._counter_range(seat)
        if self._options.miser:
            refusal = miser_lowering_refusal(action.by, room)
            if refusal is not None:
                self._refuse(refusal[0], refusal[1], room=room)
        elif not low <= action.by <= room:
            if action.by < 0 and self._options.counter_on:
                self._refuse(f"You can lower your bid by at most {-low}.", "counter_low", room=-low)
            if action.by < 0:
                self._refuse("A bid is never lowered (000:103).", "raise_lower")
            self._refuse(f"You can raise your bid by at most {room}.", "raise_most", room=room)
        bid = hand.bids[seat]
        assert bid is not None
        hand.bids[seat] = bid + action.by
        hand.raised = hand.raised or action.by > 0
        events: list[Event] = [BidRaised(seat, bid + action.by, action.by)]
        nxt = self._next_raiser((seat + 1) % self.players) if seat != self.dealer else None
        if nxt is None and self._options.raise_rounds and hand.raised:
            # 003:396: "as many rounds necessary": another round while anyone raised.
            hand.raised = False
            nxt = self._next_raiser((self.dealer + 1) % self.players)
        if nxt is not None:
            self.to_act = nxt
            return events
        hand.raising = False
        return events + self._start_passing()

    # -- Counter Bidding, Partnership bidding, Blind Moon, Nil In The Dark ----------------

    def _bids_28(self, seat: int, out: list[Bid]) -> list[Bid]:
        """The legal bids under Partnership bidding (000:111), Blind Moon (000:122) and
        Nil In The Dark (000:163), from those the other rules allow."""
        options = self._options
        hand = self._hand
        team = self._team_of[seat]
        plain, blind = BIDS[seat]
        if not hand.looked[seat]:
            if options.side_bids:
                # 000:111: "there is no Nil bidding", blind or not: look, then bid.
                return []
            if options.blind_moon_need is None:
                return out
            mate = self._mate(seat)
            others = [t for t in range(len(self.teams)) if t != team]
            if any(hand.side_done[t] for t in others) and hand.bids[mate] == 0:
                # The other side's Blind Moon came first: no Double Blind Nil here.
                out = [b for b in out if b.tricks != 0]
            double_blind_nil = any(
                all(hand.bids[s] == 0 and hand.blind[s] for s in self.teams[t]) for t in others
            )
            if (
                self._behind_enough(team, options.blind_moon_need)
                and hand.bids[mate] is None
                and not hand.looked[mate]
                and not double_blind_nil
            ):
                out = [*out, blind[self.num_tricks]]
            return out
        if options.side_bids:
            # The side's one bid, Board or more and no Nil.
            return list(plain[max(4, options.min_bid or 0) : self.num_tricks + 1])
        if self._dark_on and self._nil_on and plain[0] in out:
            out = [*out, blind[0]]
        if options.half_on and hand.half[self._mate(seat)] >= 0:
            # 000:124: "His partner is then required to bid such that the team bid rounds
            # out to a whole number."
            return []
        if seat in hand.no_trump:
            # 000:113: "bids some number of tricks with no trump".
            out = [b for b in out if b.tricks and not b.blind]
        return out

    def _took_bid_28(self, seat: int, tricks: int, blind: bool) -> None:
        """Note a side bid for both partners, or a Nil in the dark."""
        hand = self._hand
        if self._options.side_bids or (blind and tricks == self.num_tricks > _BLIND_CAP):
            hand.side_done[self._team_of[seat]] = True
        if self._dark_on and blind and tricks == 0 and self._nil_on:
            hand.dark[seat] = []
            if not hand.looked[seat]:
                # 000:163: Blind Nil In The Dark "is scored the same as a Big Mo".
                hand.dark_big.append(seat)

    def _limited(self, seat: int, legal: tuple[int, int]) -> tuple[int, int]:
        """The cards a seat that bid Nil in the dark or no trump, or a dummy, may play, of
        ``legal``."""
        hand = self._hand
        if seat in hand.dummy_order:
            return dummy.play_mask(hand, seat, self._deck, legal, _DUMMY_WHY)
        if seat in hand.dark:
            return self._dark_card(seat, legal)
        trick = hand.trick
        if not trick or self._suit_of[trick[0][1]] == TRUMP:
            return legal
        # 000:113: "promises not to win any tricks with spades, except when spades are led".
        others = legal[0] & ~self._deck.trump_phys
        if others and others != legal[0]:
            return others, _NO_TRUMP_WHY
        return legal

    def _half_bids(self, seat: int) -> list[HalfBid]:
        """Half Tricks (000:124): a half bid by the first partner to bid (0 and a half to
        11 and a half), or the half the second must bid after one (1 and a half or more,
        the side's bid at most the tricks in a hand)."""
        hand = self._hand
        mate = self._mate(seat)
        if not hand.looked[seat] or hand.bids[seat] is not None:
            return []
        mate_bid = hand.bids[mate]
        if mate_bid is None:
            return [HalfBid(seat, k) for k in range(self.num_tricks - 1)]
        if hand.half[mate] >= 0:
            return [HalfBid(seat, j) for j in range(1, self.num_tricks - mate_bid + 1)]
        return []

    def _apply_half_bid(self, action: HalfBid) -> list[Event]:
        seat = action.seat
        self._check_turn(seat, _BID, "bid")
        if action not in self.legal_actions(seat):
            self._refuse(
                "A half bid is for the first partner to bid, or for the second after one, "
                "making the side's bid whole.",
                "half_bid",
            )
        hand = self._hand
        # Kept whole: the first partner's half rounded up, the second's down (both 1 or
        # more, never a Nil), so the side's bid is the sum.
        first = hand.bids[self._mate(seat)] is None
        hand.bids[seat] = action.tricks + 1 if first else action.tricks
        hand.half[seat] = action.tricks
        return [HalfBidMade(seat, action.tricks), *self._next_bidder(seat)]

    def _may_bid_no_trump(self, seat: int) -> bool:
        """000:113: "A player may only bid No Trump if that player holds at least one
        spade", once, before their bid."""
        hand = self._hand
        if not hand.looked[seat] or hand.bids[seat] is not None or seat in hand.no_trump:
            return False
        return bool(hand.hands[seat] & self._deck.trump_phys)

    def _apply_no_trump(self, action: NoTrump) -> list[Event]:
        seat = action.seat
        self._check_turn(seat, _BID, "bid no trump")
        if not self._no_trump_on:
            self._refuse("No-trump bids aren't played at this table.", "no_trump_off")
        if not self._may_bid_no_trump(seat):
            self._refuse(
                "Only a player who holds a spade may bid no trump, once, before their bid.",
                "no_trump_spade",
            )
        self._hand.no_trump.append(seat)
        return [NoTrumpBid(seat)]

    def _dark_card(self, seat: int, legal: tuple[int, int]) -> tuple[int, int]:
        """The one card a seat that bid Nil in the dark may play: the first of its cards,
        in an order fixed for the hand, that the trick rules let it play (000:163)."""
        order = self._hand.dark[seat]
        if not order:
            rng = random.Random(f"{self.seed}:{self.hand_number}:{self._redeals}:dark:{seat}")
            order.extend(shuffled(list(bits(self._hand.hands[seat])), rng))
        for card in order:
            if legal[0] >> card & 1:
                return legal if legal[0] == 1 << card else (1 << card, _DARK_WHY)
        return legal

    def _counter_range(self, seat: int) -> tuple[int, int]:
        """Counter Bidding (000:18): (how far ``seat`` may lower its bid, as a negative
        number, how far it may raise it); (0, 0) outside the side that bid first, for a
        Nil, a blind bid or a Mo."""
        hand = self._hand
        bid = hand.bids[seat]
        team = self._team_of[seat]
        first = self._team_of[(self.dealer + 1) % self.players]
        if bid is None or team != first or hand.blind[seat] or seat == hand.mo_seat:
            return 0, 0
        if hand.half[seat] >= 0:
            # A half bid stays as said: its partner's half makes the side whole.
            return 0, 0
        if bid == 0 and self._nil_on:
            return 0, 0
        options = self._options
        side = sum(hand.bids[s] or 0 for s in self.teams[team])
        board = max(4, options.min_bid or 0) if options.side_bids else (options.min_bid or 0)
        floor = max(1, 4 if options.each_bids_four else 1, board - (side - bid))
        return min(0, floor - bid), max(0, self.num_tricks - side)

    # -- Mo, Moe and Bemo (rules' mo) --------------------------------------------------

    def _may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may declare now: it has seen its cards, nobody has declared
        this hand (the first declaration stands, as 000:122 says of blind bids), and it is
        the first of its side to bid."""
        hand = self._hand
        if not hand.looked[seat] or hand.mo_seat >= 0 or hand.bids[seat] is not None:
            return False
        return all(hand.bids[s] is None for s in self.teams[self._team_of[seat]])

    def _apply_declare(self, action: Declare) -> list[Event]:
        seat = action.seat
        self._check_turn(seat, _BID, "declare")
        if not self._mo_on:
            self._refuse(
                "Declarations to take the first tricks aren't played at this table.", "mo_off"
            )
        if not self._may_declare(seat):
            self._refuse(
                "Only the first of a side to bid may declare, after looking at their cards, "
                "and only once a hand.",
                "declare_first",
            )
        hand = self._hand
        team = self._team_of[seat]
        hand.declared[team] = 2 if action.big else 1
        hand.mo_seat = seat
        events: list[Event] = [Declared(seat, team, action.big)]
        if not self._options.mo_replaces:
            # 000:117 Bemo: "It is additional to the normal bid": the seat bids next.
            self._bids_step = -1
            return events
        # Instead of the side's bid (000:145, 002:90): the declarer's bid is the tricks to
        # take, and its partners do not bid.
        goal = self._options.mo_terms[hand.declared[team] - 1][0]
        hand.bids[seat] = goal
        return events + self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> list[Event]:
        """After ``seat`` bid or declared: the next seat still to bid, passing over the
        partners of a Mo or Moe, or the end of the bidding."""
        hand = self._hand
        n = self.players
        skip = -1
        if hand.mo_seat >= 0 and self._options.mo_replaces:
            skip = self._team_of[hand.mo_seat]
        for i in range(1, n + 1):
            s = (seat + i) % n
            if (
                hand.bids[s] is None
                and self._team_of[s] != skip
                and not hand.side_done[self._team_of[s]]
                and not (self._dummy and dummy.is_dummy(s))
            ):
                self.to_act = s
                return []
        hand.looked = [True] * n
        return self._end_bidding()

    def _mo_runs(self) -> list[int]:
        """Each side's tricks toward its declaration: the first tricks it won in a row
        (a Mo, a Bemo), or its longest run of tricks anywhere (a Moe, 000:116); a trick
        forfeited by a failed claim is won by nobody."""
        winners = [record.winner for record in self._hand.completed]
        if self._hand.rest_claimed_by is not None:
            winners += [self._hand.rest_claimed_by] * (self.num_tricks - len(winners))
        # A dead trick (000:147) is nobody's: side -1.
        sides = [self._team_of[w] if w >= 0 else -1 for w in winners]
        runs = [0] * len(self.teams)
        if not self._options.mo_run:
            for t in range(len(self.teams)):
                while runs[t] < len(sides) and sides[runs[t]] == t:
                    runs[t] += 1
            return runs
        current = -1
        length = 0
        for t in sides:
            length = length + 1 if t == current else 1
            current = t
            if t >= 0:
                runs[t] = max(runs[t], length)
        return runs

    def _bid_refusal(self, seat: int, action: Bid, legal: list[Bid]) -> IllegalAction:
        if not self._hand.looked[seat] and not action.blind:
            return IllegalAction("Look at your cards first, or bid blind.", kind="look_first")
        blind_refusal = self._blind_refusal(seat, action) if action.blind else None
        if blind_refusal is not None:
            return blind_refusal
        words = ", ".join(
            ("blind " if b.blind else "")
            + ("nil" if b.tricks == 0 and self._nil_on else str(b.tricks))
            for b in legal
        )
        said = "nil" if action.tricks == 0 and self._nil_on else str(action.tricks)
        variant = {
            "mirror": " Mirror: bid the number of spades you hold.",
            "whiz": " Whiz: bid the number of spades you hold, or nil.",
            "suicide": " Suicide: one partner bids nil, the other 4 or more.",
        }.get(self.rules.variant, "")
        rules = self._options
        if rules.each_bids_four:
            variant += " Every player bids at least 4, or Nil."
        if rules.no_nine_bids:
            variant += " Your side's bids may not add up to 9."
        if self._evil:
            rule = hand_rule(self.hand_number, self._options.evil_start)
            variant += f" Evil Spades, rule {rule.number} ({rule.name}) this hand."
        blind = "blind " if action.blind else ""
        return IllegalAction(
            f"You can't bid {blind}{said}.{variant} You may bid: {words}.",
            kind="bid",
            details={
                "bid": action,
                "legal": tuple(legal),
                "nil": self._nil_on,
                "variant": self.rules.variant,
                "each_bids_four": rules.each_bids_four,
                "no_nine_bids": rules.no_nine_bids,
                "evil_rule": hand_rule(self.hand_number, rules.evil_start).number
                if self._evil
                else None,
            },
        )

    def _blind_refusal(self, seat: int, action: Bid) -> IllegalAction | None:
        """Why no blind bid is open to the seat: the table doesn't play it, the side isn't
        far enough behind yet, or the seat has seen its cards (``None``: the amount is)."""
        nil = action.tricks == 0 and self._nil_on
        need = self._blind_nil_need if nil else self._blind_bids_need
        if not self._blind_on or self._face_up or need is None:
            if nil:
                return IllegalAction("Blind Nil isn't played at this table.", kind="blind_nil_off")
            return IllegalAction("Blind bids aren't played at this table.", kind="blind_off")
        if not self._behind_enough(self._team_of[seat], need):
            kind = "Blind Nil" if nil else "A blind bid"
            return IllegalAction(
                f"{kind} needs your side to be {need} or more points behind.",
                kind="blind_nil_behind" if nil else "blind_behind",
                details={"points": need},
            )
        if self._hand.looked[seat]:
            return IllegalAction(
                "You've looked at your cards, so you can't bid blind.", kind="looked"
            )
        return None

    def _apply_reveal(self, seat: int) -> list[Event]:
        self._check_seat(seat)
        if self.phase is not _BID or self._hand.bids[seat] is not None or self._hand.looked[seat]:
            self._refuse("Your cards are already face up.", "face_up")
        if self._in_blind_six(seat):
            self._refuse("Your partner started a Blind 6: bid the rest of it blind.", "blind_six")
        self._hand.looked[seat] = True
        return [CardsRevealed(seat)]

    def _apply_redeal(self, seat: int) -> list[Event]:
        self._check_seat(seat)
        if self.phase is not _BID or not self._may_redeal(seat):
            if not self.rules.deficient_hand_redeal:
                self._refuse("This table doesn't allow redeals.", "no_redeals")
            self._refuse(
                "A redeal needs a hand with at most one spade or nothing above a ten, "
                "before your side bids.",
                "redeal",
            )
        self._redeals += 1
        return [Redealt(seat, self.hand_number), *self._deal()]

    def _start_passing(self) -> list[Event]:
        rules = self._options
        pairs: list[tuple[int, int]] = []
        counts: list[int] = []
        if self._nil_on and (rules.nil_pass or rules.blind_nil_pass):
            for seats in self.teams:
                nils = [s for s in seats if self._hand.bids[s] == 0]
                if len(seats) != 2 or not nils:
                    continue
                count = (
                    rules.blind_nil_pass
                    if any(self._hand.blind[s] for s in nils)
                    else rules.nil_pass
                )
                if count:
                    a, b = seats
                    pairs.append((a, b))
                    counts.append(count)
                    self._hand.pass_partner.update({a: b, b: a})
                    self._hand.pass_count.update({a: count, b: count})
        if rules.kitty == "high_bidder" and not self._hand.bid_itself:
            # 000:99 "alternatively, the player with the highest bid" takes the kitty.
            n = self.players
            order = [(self.dealer + 1 + i) % n for i in range(n)]
            top = max(self._hand.bids[s] or 0 for s in order)
            return self._start_kitty(next(s for s in order if (self._hand.bids[s] or 0) == top))
        every = rules.pass_every_hand
        if every:
            # 000:148 Passing Cards: every pair of partners exchanges cards every hand (a
            # Nil's own passing count, when larger, stands).
            for a, b in self.teams:
                if a not in self._hand.pass_count:
                    pairs.append((a, b))
                    counts.append(every)
                    self._hand.pass_partner.update({a: b, b: a})
                    self._hand.pass_count.update({a: every, b: every})
                elif self._hand.pass_count[a] < every:
                    counts[pairs.index((a, b))] = every
                    self._hand.pass_count.update({a: every, b: every})
        if not pairs:
            return self._start_play()
        self.phase = _PASS
        self.to_act = self._next_passer()
        return [PassingStarted(tuple(pairs), tuple(counts))]

    def _next_passer(self) -> int | None:
        start = (self.dealer + 1) % self.players
        for i in range(self.players):
            s = (start + i) % self.players
            if s in self._hand.pass_count and s not in self._hand.passed:
                return s
        return None

    def _apply_pass(self, action: PassCards) -> list[Event]:
        seat = action.seat
        self._check_seat(seat)
        if self.phase is not _PASS or seat not in self._hand.pass_count:
            self._refuse("There is no card passing for you now.", "no_passing")
        if seat in self._hand.passed:
            self._refuse("You have already passed your cards.", "passed")
        count = self._hand.pass_count[seat]
        if len(action.cards) != count:
            taker = self._hand.pass_partner[seat]
            if taker == seat:
                self._refuse(
                    f"Discard exactly {count} cards: as many as the kitty held.",
                    "discard_count",
                    count=count,
                )
            if self._team_of[taker] != self._team_of[seat]:
                self._refuse(
                    f"Pass exactly {count} card{'s' if count > 1 else ''} to {_seat_name(taker)}.",
                    "pass_count_to",
                    count=count,
                    seat=taker,
                )
            self._refuse(
                f"Pass exactly {count} card{'s' if count > 1 else ''} to your partner.",
                "pass_count",
                count=count,
            )
        hand = self._hand.hands[seat]
        chosen = []
        for card in action.cards:
            for copy in (card.index, card.index + COPY_SHIFT):
                if hand >> copy & 1:
                    hand ^= 1 << copy
                    chosen.append(copy)
                    break
            else:
                self._refuse(f"You don't hold the {card}.", "not_held", card=card)
        self._hand.hands[seat] = hand
        self._hand.passed[seat] = chosen
        self.to_act = self._next_passer()
        if self.to_act is not None:
            return []
        events: list[Event] = []
        for giver, cards in self._hand.passed.items():
            taker = self._hand.pass_partner[giver]
            if taker == giver:
                # The kitty's discards: out of play, seen by the discarder alone (000:99).
                for copy in cards:
                    self._hand.discarded[giver] |= 1 << (copy % COPY_SHIFT)
                self._hand.stock.extend(cards)
                if self._options.kitty_trick:
                    # 000:99: the discard counts as a trick, the hand's first.
                    self._hand.taken[giver] += 1
                    self._hand.trick_no = 1
                events.append(CardsPassed(giver, taker, len(cards)))
                continue
            for copy in cards:
                self._hand.hands[taker] |= 1 << copy
            self._hand.received[taker] = cards
            events.append(CardsPassed(giver, taker, len(cards)))
        # Hurricane's passing comes before the bids (003:365), a Nil's after them.
        before_bids = all(b is None for b in self._hand.bids)
        events.extend(self._start_bidding() if before_bids else self._start_play())
        return events

    def _apply_draw(self, action: Draw) -> list[Event]:
        seat = action.seat
        self._check_turn(seat, _DRAW, "draw")
        first, second = self._hand.stock[0], self._hand.stock[1]
        keep, drop = (first, second) if action.keep_first else (second, first)
        self._hand.stock = self._hand.stock[2:]
        self._hand.hands[seat] |= 1 << keep
        unseen = self._options.two_player_deal == "first_or_second_unseen"
        if not (action.keep_first and unseen):
            self._hand.discarded[seat] |= 1 << drop
        events: list[Event] = [CardDrawn(seat, len(self._hand.stock))]
        if self._hand.stock:
            self.to_act = (seat + 1) % self.players
            return events
        events.extend(self._start_bidding())
        return events

    def _start_play(self) -> list[Event]:
        rules = self._options
        n = self.players
        leader = (self.dealer + 1) % n
        if rules.low_club_leads:
            lowest = None
            for s in range(n):
                clubs = self._deck.fold(self._hand.hands[s] & self._deck.suit_phys[0])
                low = (clubs & -clubs).bit_length()
                if clubs and (lowest is None or low < lowest[0]):
                    lowest = (low, s)
            if lowest is not None:
                leader = lowest[1]
        if rules.mo_leads and self._hand.mo_seat >= 0:
            # 002:90: the side that declares a Mo "will lead the first trick".
            leader = self._hand.mo_seat
        elif rules.high_bidder_leads and not self._hand.bid_itself:
            order = [(self.dealer + 1 + i) % n for i in range(n)]
            top = max(self._hand.bids[s] or 0 for s in order)
            leader = next(s for s in order if (self._hand.bids[s] or 0) == top)
        self.phase = _PLAY
        self._hand.leader = leader
        self.to_act = leader
        events: list[Event] = [PlayStarted(leader)]
        if self._dummy:
            self._dummy_turns(events)
        return events

    def _apply_renege_call(self, action: CallRenege) -> list[Event]:
        seat, accused = action.seat, action.accused
        self._check_seat(seat)
        self._check_seat(accused)
        if not self._renege_on:
            self._refuse(
                "Reneging isn't played at this table, so there is nothing to call.", "renege_off"
            )
        if self.phase is not _PLAY:
            self._refuse(
                "A renege can only be called while the cards are being played.", "renege_phase"
            )
        if self._team_of[seat] == self._team_of[accused]:
            self._refuse("You can only call a renege on an opponent.", "renege_partner")
        if CallRenege(seat, accused) not in self._renege_calls_open(seat):
            self._refuse("Your side has already called a renege this hand.", "renege_called")
        proven = self._hand.reneged[accused]
        guilty = self._team_of[accused] if proven else self._team_of[seat]
        if proven and self._options.allow_renege == "set":
            self._hand.renege_set[guilty] = True
        elif self._options.renege_take_three:
            pass  # 003:191: tricks change hands when the hand ends (_take_three)
        else:
            self._hand.extra_required[guilty] += 3
        self._hand.renege_calls.append((seat, accused, proven))
        return [RenegeCalled(seat, accused, proven)]

    # -- claims -------------------------------------------------------------------------

    def _may_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim now, from what it knows: claims are on (checked by
        the caller), the cards are being played, it did not bid Nil, and its side has not
        made a claim that failed this hand."""
        nil = self._hand.bids[seat] == 0 and self._nil_on
        return not nil and not self._hand.claim_failed[self._team_of[seat]]

    def claim_verdict(self, seat: int) -> Verdict:
        """Whether ``seat``'s side would take every remaining trick whatever the others
        play, found within the judge's budget (``CLAIM_BUDGET`` positions; ``UNDECIDED``
        when that is not enough): what a claim by ``seat`` now is judged by. The whole
        truth, so never for a player to see; remembered for this moment of the game, so
        that a caller may work it out away from where it applies the claim (an early claim
        can take about a second)."""
        moment = (len(self.history), seat)
        if self._verdict is not None and self._verdict[0] == moment:
            return self._verdict[1]
        if self._judge is None:
            self._judge = ClaimJudge(self._tricks)
        nil = [b == 0 and self._nil_on for b in self._hand.bids]
        verdict = self._judge.judge(
            self._hand.hands,
            self._hand.trick,
            self._hand.leader,
            self._hand.trick_no,
            self._hand.broken,
            self._team_of[seat],
            nil,
            self._claim_budget,
        )
        self._verdict = (moment, verdict)
        return verdict

    def check_claim(self, seat: int) -> Verdict:
        """The verdict on a claim by ``seat`` now (see ``claim_verdict``); raises
        ``IllegalAction`` when the judge could not decide it, since the game then goes on
        as if it had not been made. The rules define no cost for a claim nobody can check,
        and 002 (TRAM) says it is always acceptable to play the tricks out."""
        verdict = self.claim_verdict(seat)
        if verdict is Verdict.UNDECIDED:
            self._refuse(CLAIM_UNDECIDED, "claim_undecided")
        return verdict

    def _apply_claim(self, seat: int) -> list[Event]:
        self._check_seat(seat)
        if not self._claims_on:
            self._refuse("Claims aren't allowed at this table.", "claims_off")
        if self.phase is not _PLAY:
            self._refuse("You can only claim while the cards are being played.", "claim_phase")
        if self._hand.bids[seat] == 0 and self._nil_on:
            self._refuse("You bid nil: you can't claim the rest of the tricks.", "claim_nil")
        team = self._team_of[seat]
        if self._hand.claim_failed[team]:
            self._refuse(
                "Your side's claim already failed this hand: play the rest out.", "claim_failed"
            )
        nil = [b == 0 and self._nil_on for b in self._hand.bids]
        remaining = self.num_tricks - self._hand.trick_no
        if self.check_claim(seat) is Verdict.HOLDS:
            self._hand.taken[seat] += remaining
            self._hand.rest_claimed_by = seat
            return [ClaimAccepted(seat, remaining), *self._end_early()]
        self._hand.claim_failed[team] = True
        penalty = self._options.failed_claim
        if penalty == "exposed":
            self._hand.exposed[seat] = self._hand.hands[seat]
            exposed = tuple(self._cards(self._hand.hands[seat]))
            return [ClaimFailed(seat, remaining, penalty, exposed, ())]
        if penalty == "set":
            self._hand.claim_set[team] = True
            return [ClaimFailed(seat, remaining, penalty, (), ())]
        forfeited = self._forfeit(seat, remaining, nil)
        for s, tricks in enumerate(forfeited):
            self._hand.taken[s] += tricks
        return [ClaimFailed(seat, remaining, penalty, (), forfeited), *self._end_early()]

    def _forfeit(self, seat: int, remaining: int, nil: list[bool]) -> tuple[int, ...]:
        """The remaining tricks a failed claim gives away, per seat: one at a time to the
        seats of the other sides in turn from the claimer's left, passing over Nil
        bidders (a forfeit must not break an opponent's Nil). With no such seat (every
        other seat bid Nil) nobody takes them."""
        n = self.players
        team = self._team_of[seat]
        takers = [
            s
            for s in ((seat + 1 + i) % n for i in range(n - 1))
            if self._team_of[s] != team and not nil[s]
        ]
        given = [0] * n
        for i in range(remaining if takers else 0):
            given[takers[i % len(takers)]] += 1
        return tuple(given)

    def _end_early(self) -> list[Event]:
        """The hand ends before its last card: nobody plays the cards still held."""
        for s in range(self.players):
            self._hand.hands[s] = 0
        self._hand.trick = []
        self._hand.trick_no = self.num_tricks
        return self._finish_hand()

    # -- end of hand and game -----------------------------------------------------------

    def _finish_hand(self) -> list[Event]:
        options = self._options
        if options.renege_take_three:
            self._take_three()
        extras = self._score_extras() if options.score_extras else _NO_EXTRAS
        result = score_hand(
            self.rules,
            hand_number=self.hand_number,
            dealer=self.dealer,
            bids=list(self._hand.bids),
            blind=list(self._hand.blind),
            tricks=list(self._hand.taken),
            scores=self.scores,
            bags=self.bags,
            num_tricks=self.num_tricks,
            renege_set=self._hand.renege_set,
            extra_required=self._hand.extra_required,
            claim_set=self._hand.claim_set,
            last_trick=self._last_winner() if self._options.last_trick_bonus else None,
            winners=self._all_winners() if self._options.end_streak_bonus else None,
            aces_last=self._aces_last() if self._options.ace_on_nil_bonus else (),
            dark_big=tuple(self._hand.dark_big),
            no_trump=tuple(self._hand.no_trump),
            card_bonus=extras[0],
            bag_cancels=extras[1],
            sevens_before=extras[2],
            perfect_runs=extras[3],
            declared=self._hand.declared if self._hand.mo_seat >= 0 else None,
            runs=self._mo_runs() if self._hand.mo_seat >= 0 else None,
        )
        self.results.append(result)
        for team in result.teams:
            self.scores[team.team] = team.score
            self.bags[team.team] = team.bags_total
        events: list[Event] = [HandScored(result)]
        winner = self._game_winner(result)
        if winner is not None:
            self._end_game(winner, events)
            return events
        self.hand_number += 1
        # With dummies the deal passes between the two players (003:114).
        self.dealer = (self.dealer + (2 if self._dummy else 1)) % self.players
        self._redeals = 0
        events.extend(self._deal())
        return events

    def _end_game(self, winner: int, events: list[Event]) -> None:
        self.winner = winner
        self.phase = _OVER
        self.is_over = True
        self.to_act = None
        events.append(GameOver(winner, tuple(self.scores)))

    def _take_three(self) -> None:
        """003:191 Renigging: "the opposing player ... may take up to three books from that
        player": at the end of the hand, as many as the reneger took, up to three, unless
        the taker bid Nil. A false call gives the accused three of the caller's."""
        taken = self._hand.taken
        for caller, accused, proven in self._hand.renege_calls:
            taker, giver = (caller, accused) if proven else (accused, caller)
            if self._hand.bids[taker] == 0 and self._nil_on:
                continue
            moved = min(3, taken[giver])
            taken[giver] -= moved
            taken[taker] += moved

    def _score_extras(self) -> _Extras:
        """The inputs of the scoring rows that need more than bids and tricks (only at a
        table that plays one): card bonuses, cancelled bags, seven-trick and perfect-bid
        runs."""
        options = self._options
        hand = self._hand
        bonus: tuple[tuple[int, str, int], ...] = ()
        cancels = sevens = runs = None
        if options.card_bonuses:
            bonus = card_bonuses(
                options, self._deck, hand.completed, hand.bids, hand.taken, self.num_tricks
            )
        if options.bag_cancel_card:
            # 000:178: the J♦, or the card cut before this deal (bag_cancel_cut).
            won = cards_won(hand.completed, self._cancel_card, self.players)
            cancels = [sum(won[s] for s in seats) for seats in self.teams]
        if options.highlander or options.seven_tricks_streak:
            sevens = [
                sum(1 for r in self.results if "seven tricks" in (r.teams[t].special or ""))
                for t in range(len(self.teams))
            ]
        if options.perfect_bids_bonus != "off":
            runs = [self._perfect_run(s) for s in range(self.players)]
        return bonus, cancels, sevens, runs

    def _perfect_run(self, seat: int) -> int:
        """Hands just before this one in which ``seat`` took exactly its bid."""
        run = 0
        for result in reversed(self.results):
            outcome = result.seats[seat]
            if self._dummy and outcome.bid is not None:
                # A player's bid is for both their hands (003:165).
                team = result.teams[self._team_of[seat]]
                if team.tricks != sum(result.seats[s].bid or 0 for s in team.seats):
                    break
            elif outcome.bid is None or outcome.tricks != outcome.bid:
                break
            run += 1
        return run

    def _aces_last(self) -> tuple[int, ...]:
        """Seats that played an Ace to the hand's last trick (none when it was not played)."""
        if len(self._hand.completed) != self.num_tricks:
            return ()
        return tuple(seat for seat, card in self._hand.completed[-1].plays if card.rank == 14)

    def _all_winners(self) -> list[int] | None:
        """The seat that won each trick of the hand in order, a claim of the rest won by
        the claimer (``None``: the hand ended before its last trick), for 000:153."""
        winners = [record.winner for record in self._hand.completed]
        if self._hand.rest_claimed_by is not None:
            winners += [self._hand.rest_claimed_by] * (self.num_tricks - len(winners))
        return winners if len(winners) == self.num_tricks else None

    def _last_winner(self) -> int | None:
        """The seat that won the hand's last trick, by play or by a claim of the rest
        (``None``: the hand ended early, or a failed claim forfeited the trick to nobody)."""
        winners = self._all_winners()
        if winners is None or winners[-1] == NOBODY:
            return None
        return winners[-1]

    def _game_winner(self, result: HandResult) -> int | None:
        rules = self._options
        if result.moon_winner is not None:
            return result.moon_winner
        scores = self.scores
        if rules.by_hands:
            ended = self.hand_number >= rules.hands_to_play
        elif rules.by_time:
            ended = self.time_up
        else:
            high, low = max(scores), min(scores)
            target = rules.target_score
            mercy = rules.mercy
            ended = (
                high >= target
                or (mercy == "minus_200" and low <= -200)
                or (mercy == "minus_target" and low <= -target)
                or (mercy == "spread_target" and high - low >= target)
            )
        if not ended:
            return None
        return self._leader()

    def _leader(self) -> int | None:
        """The side ahead, by the rules' tie break; ``None`` on a tie (one more hand)."""
        scores = self.scores
        top = max(scores)
        leaders = [t for t, s in enumerate(scores) if s == top]
        if len(leaders) > 1 and self._options.fewest_overtricks_win:
            leaders = self._fewest_overtricks(leaders)
        return leaders[0] if len(leaders) == 1 else None

    def _fewest_overtricks(self, sides: list[int]) -> list[int]:
        """The sides among ``sides`` with the fewest overtricks over the game: tricks taken
        beyond a bid made (003:195 "the player with fewer overbooks wins")."""
        overs = dict.fromkeys(sides, 0)
        for result in self.results:
            for team in result.teams:
                if team.team in overs and team.made:
                    overs[team.team] += max(0, team.tricks - team.bid)
        least = min(overs.values())
        return [t for t in sides if overs[t] == least]

    # -- views ------------------------------------------------------------------------

    def _exposed(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-up cards as ``seat`` sees them: with dummies, none before its
        player has looked (003:140 turns them up after the blind bids)."""
        hand = self._hand
        if self._dummy and not hand.looked[dummy.owner(seat)]:
            return tuple(() for _ in hand.hands)
        return tuple(
            tuple(self._cards(held & shown))
            for held, shown in zip(hand.hands, hand.exposed, strict=True)
        )

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: its own cards, never another seat's."""
        self._check_seat(seat)
        looked = self.has_looked(seat)
        offer: tuple[Card, ...] = ()
        if self.phase is _DRAW and seat == self.to_act:
            shown = 2 if self.rules.two_player_deal == "keep_one_of_two" else 1
            offer = tuple(ALL_CARDS[c % COPY_SHIFT] for c in self._hand.stock[:shown])
        everyone = None
        if self.rules.show_all_hands:
            everyone = tuple(tuple(self._cards(h)) for h in self._hand.hands)
        return SeatView(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            to_act=self.to_act,
            teams=self.teams,
            num_tricks=self.num_tricks,
            hand=tuple(self._cards(self._hand.hands[seat])) if looked else None,
            cards_left=tuple(h.bit_count() for h in self._hand.hands),
            bids=tuple(self.bids),
            trick=tuple(self.trick),
            trick_number=self._hand.trick_no + 1,
            tricks=tuple(self._hand.completed),
            played=self._played_cards(),
            exposed=self._exposed(seat),
            tricks_taken=tuple(self._hand.taken),
            spades_broken=self._hand.broken,
            scores=tuple(self.scores),
            bags=tuple(self.bags),
            legal_actions=tuple(self.legal_actions(seat)),
            passed=tuple(self._cards(sum(1 << c for c in self._hand.passed.get(seat, ())))),
            received=tuple(self._cards(sum(1 << c for c in self._hand.received.get(seat, ())))),
            draw_offer=offer,
            discarded=tuple(self._cards(self._hand.discarded[seat])),
            removed=tuple(ALL_CARDS[c] for c in self._deck.removed),
            renege_calls=tuple(self._hand.renege_calls),
            last_result=self.results[-1] if self.results else None,
            is_over=self.is_over,
            winner=self.winner,
            all_hands=everyone,
            called_suit=self._called_now(),
            cancel_card=ALL_CARDS[self._cancel_card] if self._options.bag_cancel_cut else None,
            declared=tuple(self._hand.declared) if self._mo_on else (),
            half_bids=tuple(self._hand.half) if self._options.half_on else (),
            pass_to=self._hand.pass_partner.get(seat),
            trick_call=("low" if self._hand.call_low else "high") if self._hand.called else "",
            low_aces=tuple(s for s in range(self.players) if self._hand.low_aces >> s & 1),
        )
