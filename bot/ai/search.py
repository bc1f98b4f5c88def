"""The ``hard`` bot: perfect-information Monte Carlo over deals consistent with its view.

For each card it may play, it deals the unseen cards many times in ways consistent with
what it knows (``knowledge.sample_drawn_deal``: at two players, the other seat's hand as
its draws made it), plays the rest of the hand out quickly with every seat following a
rule of thumb (``playout.Playout``), scores the result with the table's real scoring,
and plays the card with the best average. Every card is tried on the same deals, so the
comparison is not blurred by the luck of the deal.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence

from bot.ai.claims import claim_is_certain
from bot.ai.endgame import Endgame
from bot.ai.heuristic import (
    CardTable,
    HeuristicPolicy,
    bid_estimate,
    dummy_estimate,
    miser_estimate,
    nil_dangers,
)
from bot.ai.holdings import fits, sample_fitted_deal, shipped_model
from bot.ai.knowledge import Knowledge, bid_weight, hand_rules, knowledge_of, sample_drawn_deal
from bot.ai.playout import Playout, Position
from bot.ai.reasons import SEARCH, Reason, Tally, shown_voids
from bot.engine import (
    Action,
    Bid,
    CallHighLow,
    Card,
    Declare,
    NoTrump,
    Phase,
    PlayCard,
    Raise,
    Rules,
    SeatView,
    Suit,
    score_hand,
)
from bot.engine.deck import COPY_SHIFT, DeckInfo
from bot.engine.evil import BidContext, hand_rule
from bot.engine.options import PENALTY_OVERTRICKS

# Below this many seconds there is no time to search: play the heuristic's card.
_MIN_BUDGET = 0.005
# With this many cards or fewer in the searching seat's hand, each sampled deal is played
# out exactly (``endgame``) instead of by rule of thumb: about 0.3 ms a card tried at 3
# cards a hand, ten times that at 4 (measured on classic positions, pure Python).
EXACT_CARDS = 3
# Seconds a decision may search at a table (``time_budget``); the deal caps usually end it
# first on a quiet machine (2,500-3,500 deals fit in 0.6 s compiled), the clock on a
# loaded one.
TIME_BUDGET = 0.6
# Deals a card decision samples at most (``deals``). 600, not 300 (stop 37, classic, seed
# 7, untimed, paired on the same deals): +2.2 +- 4.3 a hand against normal over 300 deals
# and +1.7 +- 3.7 against hard1 over 400, with its Nils made 55 of 57 against 51; on the
# 53 of seed 11's first 400 deals where hard bids Nil against hard1, 45 of 54 against 43.
# Decisions at full caps, compiled, two at once on 2 cores: p50 41 ms, p95 0.13 s (21 ms
# and 94 ms at 300). 1,000 gained nothing more against normal (-2.0 +- 3.9 on 600).
CARD_DEALS = 600
# Hard bids Nil only when its playouts made the Nil on this share of the sampled deals:
# over 100 classic deals (seed 7) 0.85 bid 9 Nils and 0.75 bid 16, every one made both
# times. With the sharper reading of bids (knowledge ``_BID_SPREAD``), over 200 deals
# against normal: 0.75 and a 10-point margin bid 46 Nils and made all of them, 0.70 and
# no margin bid 63 and made 93.7% (+2.2 a hand), 0.65 bid 78 and made 91.0% (+3.9), but
# on 200 other deals made only 87.5% of 80: short of the 88% a partner counts on.
NIL_SUCCESS = 0.70
# ... and only when that share stays at or above it with this many standard errors taken
# off: on a loaded machine a bid decision gets through 80-200 of its 500 deals, where one
# standard error of a 72% share is 3-5 points, and a Nil picked for clearing the bar by
# luck is the one that fails. Against hard1 on 274 deals of seed 7 hard made 77.1% of its
# Nils; the lost ones were bid at shares of 0.70-0.75.
NIL_MARGIN_SE = 1.0
# Why a Nil worth more than every other bid was not bid (the figure ``nil_refused``): a
# card ``nil_dangers`` counts that the passing does not take away, or a share of deals
# made too small (or too unsure) to clear ``NIL_SUCCESS``.
NIL_REFUSED_DANGER = 1.0
NIL_REFUSED_UNSURE = 2.0
# A live Nil's card from the heuristic stands unless the search finds one better by this
# many deals on which the Nil is made or lost (``SearchPolicy._keep_within``). 3, not 2,
# since the playouts attack a Nil: in the test's starved search of 50 deals a Nil's 6♥
# lead scored 8.4 points over its 2♣ (two deals' worth is 8) and kept the Nil on one deal
# more, but over 300 deals it kept the Nil on 63% against 67%.
NIL_KEEP_DEALS = 3


def _physical(cards: list[int], taken: int = 0) -> int:
    """A physical mask of logical cards; a repeated card takes its second copy."""
    mask = 0
    for card in cards:
        bit = 1 << card
        mask |= bit << COPY_SHIFT if (mask | taken) & bit else bit
    return mask


def hand_value(
    rules: Rules,
    taken: list[int],
    team: int,
    scores: list[int],
    bags: list[int],
    bids: list[int | None],
    blind: list[bool],
    bag_cost: float = 1.0,
    last_trick: int | None = None,
) -> float:
    """The hand's points for ``team`` less the other sides' average, with the bags each
    side takes charged now for what they will cost later.

    A side's bags are worth ``bag_penalty * b**2 / (2 * bag_limit**2)`` against it at
    ``b`` bags (times ``bag_cost``): a bag costs little while the side has few and close
    to ``bag_penalty / bag_limit`` near the limit, and going over the limit takes back
    half a penalty of that charge, so the charges and the penalty add up to one penalty
    per ``bag_limit`` bags. A bag far from the limit costs about the point it scores,
    and a low limit makes every bag dear. ``last_trick``: the seat that won the last
    trick, for ``last_trick_bonus``.
    """
    result = score_hand(
        rules,
        hand_number=2,
        dealer=0,
        bids=bids,
        blind=blind,
        tricks=taken,
        scores=scores,
        bags=bags,
        num_tricks=sum(taken),
        last_trick=last_trick,
    )
    on = rules.overtricks in PENALTY_OVERTRICKS and rules.bag_penalty > 0
    scale = bag_cost * rules.bag_penalty / (2 * rules.bag_limit**2) if on else 0.0
    totals = [
        t.total - scale * (t.bags_total**2 - bags[i] ** 2) for i, t in enumerate(result.teams)
    ]
    others = [x for i, x in enumerate(totals) if i != team]
    return totals[team] - sum(others) / len(others)


def _exchange(
    deal: list[list[int]], nil_seat: int, partner: int, count: int, table: CardTable
) -> list[list[int]]:
    """The deal after a Nil bidder passes its ``count`` strongest cards to its partner and
    gets the partner's weakest back, as both bots pass."""

    def strength(card: int) -> int:
        return table.strength(Card.of(card))

    hands = [list(h) for h in deal]
    give = sorted(hands[nil_seat], key=strength, reverse=True)[:count]
    back = sorted(hands[partner], key=strength)[:count]
    for card in give:
        hands[nil_seat].remove(card)
    for card in back:
        hands[partner].remove(card)
    hands[nil_seat] += back
    hands[partner] += give
    return hands


def _first_leader(rules: Rules, deck: DeckInfo, hands: list[list[int]], dealer: int) -> int:
    """The seat that leads the first trick of a sampled deal: the holder of the lowest club
    when it leads (low_club_first_trick, low_club_leads; the first such seat on a tie, as
    the game picks), else the dealer's left."""
    if rules.low_club_first_trick or rules.low_club_leads:
        clubs = [
            (card, seat)
            for seat, hand in enumerate(hands)
            for card in hand
            if deck.suit_of[card] == 0
        ]
        if clubs:
            return min(clubs)[1]
    return (dealer + 1) % rules.players


def _lay_out_dummies(
    pos: Position, view: SeatView, deal: list[list[int]], rng: random.Random
) -> None:
    """Berkley's dummies in a sampled deal (003:152): their face-up cards as the view shows
    them, the rest face down in an order nobody knows, shuffled."""
    pos.up = [0, 0, 0, 0]
    pos.down = [[], [], [], []]
    for seat in (1, 3):
        up = {c.index for c in view.exposed[seat]}
        pos.up[seat] = sum(1 << c for c in up)
        down = [c for c in deal[seat] if c not in up]
        rng.shuffle(down)
        pos.down[seat] = down


def _assumed_bid(rules: Rules, cards: list[int], table: CardTable) -> int:
    """What a seat yet to bid is taken to bid on a sampled deal: what the cards look worth
    (in Miser, the tricks they cannot shed)."""
    hand = tuple(Card.of(c) for c in cards)
    if rules.miser:
        return miser_estimate(hand, table)
    return max(1, round(bid_estimate(rules, hand, table, 1)))


def _blind_nil_against(view: SeatView) -> bool:
    return (
        any(
            (b := view.bids[s]) is not None and b.blind and b.tricks == 0
            for t, seats in enumerate(view.teams)
            if t != view.team
            for s in seats
        )
        and view.rules.nil_mode == "nil"
    )


def _side_bids(view: SeatView, assumed: list[int | None]) -> None:
    """Partnership bidding (000:111): one bid a side, by its first bidder (this seat for its
    own side); a side still to bid is assumed to bid what its two hands look worth."""
    n = view.rules.players
    for seats in view.teams:
        known = [s for s in seats if view.bids[s] is not None]
        if known:
            bidder = known[0]
        elif view.seat in seats:
            bidder = view.seat
        else:
            bidder = min(seats, key=lambda s: (s - view.dealer - 1) % n)
            assumed[bidder] = max(4, sum(assumed[s] or 0 for s in seats))
        for s in seats:
            if s != bidder:
                assumed[s] = None


def _evil_bids(view: SeatView, deal: list[list[int]], assumed: list[int | None]) -> None:
    """Evil Spades (003:13-63): the seats yet to bid after this one bid as the hand's rule
    lets them with their sampled cards, the nearest to what they look worth: a partner
    left to bid Nil by this seat's bid (003:21 suicide, 003:26 insane), the last bidder
    making the bids 14 (003:24 homicide), a mirror's count. Read as what the cards look
    worth, the partner of a seat that bid 3 at insane was taken to bid its tricks, not the
    Nil it was left with (its side lost 64 on a deal where normal's made 131, seed 7)."""
    rules = view.rules
    rule = hand_rule(view.hand_number, rules.evil_start)
    n = rules.players
    first = (view.dealer + 1) % n
    normal = list(range(view.num_tricks + 1))
    called = view.called_suit if view.called_suit is not None else Suit.SPADES
    for position in range(n):
        seat = (first + position) % n
        if view.bids[seat] is not None or seat == view.seat:
            continue
        order = [assumed[(first + i) % n] or 0 for i in range(position)]
        mate = next(s for t in view.teams if seat in t for s in t if s != seat)
        mate_bid = assumed[mate] if (mate - first) % n < position else None
        cards = tuple(Card.of(c) for c in deal[seat])
        ctx = BidContext(cards, position, order, mate_bid, normal, view.num_tricks, called)
        values = rule.bids(ctx)
        wanted = assumed[seat] or 0
        if values:
            assumed[seat] = min(values, key=lambda v: abs(v - wanted))


class SearchPolicy:
    """Monte Carlo bids and card play on sampled deals; the heuristic passes and draws.

    ``deals`` caps the sampled deals per decision (so a decision is deterministic for a
    given ``rng``); ``time_budget`` caps the seconds, whichever comes first. From
    ``exact_cards`` cards a hand down, each sampled deal is solved exactly (0: never).
    Bids are valued on ``bid_deals`` sampled deals, each bid within ``bid_window`` of
    the heuristic's estimate played out on its own; ``bag_cost`` scales what a bag is
    charged (1: its share of the bag penalty). With ``holdings``, at tables the held-card
    model describes (``holdings.fits``) the unseen cards are dealt to fit what it says each
    seat's bids mean, each deal counting once; otherwise (and elsewhere) they are dealt at
    random and each deal weighted by how well the bids fit it. ``strict_nil``: a Nil
    share must clear ``nil_success`` by a standard error, no Nil over a card
    ``nil_dangers`` counts, and a live Nil keeps the heuristic's card within
    ``NIL_KEEP_DEALS``; without it (``hard1``) a share at the bar is enough and the best
    average decides. ``sharp_nil``: in the playouts a live Nil's opponents attack it
    (``Playout``'s ``sharp_nil``), so a Nil is valued against a side that tries to break
    it; without it (``hard1``) they play against it as ``normal`` does. ``keep_cover``: in
    the card search's playouts the partner of this side's live Nil keeps its covers for
    when the Nil needs them (``Playout``'s ``cover_team``; the other sides' partners, and
    the bid search's, cover as ``normal`` does, the model the Nil bar was measured with);
    without it (``hard1``) every partner covers as ``normal`` does. ``nil_trio``: three
    trumps without the lowest and with one of the 9♠ to the J♠ count among the dangers
    (``nil_dangers``'s ``trio``); only with ``strict_nil``.
    """

    def __init__(
        self,
        deals: int = CARD_DEALS,
        time_budget: float | None = TIME_BUDGET,
        exact_cards: int = EXACT_CARDS,
        bag_cost: float = 1.0,
        bid_deals: int = 500,
        nil_success: float = NIL_SUCCESS,
        bid_window: int = 2,
        holdings: bool = True,
        strict_nil: bool = True,
        sharp_nil: bool = True,
        keep_cover: bool = True,
        nil_trio: bool = True,
    ) -> None:
        self.bid_window = bid_window
        self.keep_cover = keep_cover
        self.nil_trio = nil_trio
        self.strict_nil = strict_nil
        self.sharp_nil = sharp_nil
        self.holdings = holdings
        self.deals = deals
        self.time_budget = time_budget
        self.exact_cards = exact_cards
        self.bag_cost = bag_cost
        self.bid_deals = bid_deals
        self.nil_success = nil_success
        self.level = "hard"
        self.fallback = HeuristicPolicy()
        self.searched = 0  # deals the last evaluation sampled (for benchmarks)
        # The effective number of deals the last bid evaluation's Nil share rests on.
        self.nil_deals = 0.0
        # Why the last bid chosen is not a Nil worth more: 0 (it was not), or a
        # ``NIL_REFUSED_...`` code, told in "Why?" as the figure ``nil_refused``.
        self.nil_refused = 0.0
        # Per card tried, the weight of the deals on which this seat's own live Nil was
        # made, in the last card evaluation (empty when no Nil of its own is alive, or the
        # endgame was solved exactly).
        self.nil_kept: dict[Action, float] = {}
        # How often each choice made the contract or set a side, in the last evaluation.
        self.tally: Tally | None = None

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return self.decide_why(view, rng)[0]

    def decide_why(self, view: SeatView, rng: random.Random) -> tuple[Action, Reason]:
        """The move, and the ``Reason`` for it: the choices weighed, from the same search."""
        legal = view.legal_actions
        if claim_is_certain(view):
            return self.fallback.decide_why(view, rng)
        preferred, why = self.fallback.decide_why(view, rng)
        why = dataclasses.replace(why, level=self.level)
        if self.time_budget is not None and self.time_budget < _MIN_BUDGET:
            return preferred, why
        if view.phase is Phase.PLAY and view.hand is None:
            # A dummy's choice among its face-up cards (003:152), made as normal makes it:
            # its player's search sees its own hand, not the dummy's face-down cards.
            return preferred, why
        if view.seat != view.to_act or isinstance(preferred, (Declare, NoTrump)):
            # A Mo, Moe or Bemo is declared on the heuristic's count of sure tricks.
            return preferred, why
        if view.rules.auction and view.phase is Phase.BID:
            # 000:112: an auction's bids, raised or passed on the heuristic's estimate of
            # the side's tricks; the search plays the cards.
            return preferred, why
        if isinstance(preferred, Bid) and preferred.blind and view.hand is not None:
            # A Nil in the dark (000:163) is bid on the heuristic's count of safe cards: the
            # playouts would choose its cards, which the table does not.
            return preferred, why
        # Two players draw their hands, each keeping the cards it wants, so the unseen
        # hand is no random deal: sampled as if it were, hard's bids were set 42.5% of
        # the time over 20 two_player deals (-34.1 a hand against normal) and its card
        # play alone lost (-7.5 +- 7.6 over 100, seed 7). Sampled as the other seat drew
        # (``sample_drawn_deal``), its card play alone makes +13.7 +- 6.4 over those 100
        # deals (3.0% set) and with its bids +18.0 +- 6.0 (2.0% set); the draws stay
        # normal's. The README's Benchmarks give the commands.
        plays = [a for a in legal if isinstance(a, PlayCard)]
        # A Double Nil or Naught is a bid on the dummy's seat (003:124): not searched.
        bids = [a for a in legal if isinstance(a, Bid) and not a.blind and a.seat == view.seat]
        if _blind_nil_against(view):
            # Both hands are needed to break a Blind Nil: no Nil of our own against one.
            bids = [b for b in bids if b.tricks] or bids
        values: dict[Action, float]
        raises = [a for a in legal if isinstance(a, Raise)]
        if len(raises) > 1 and view.hand is not None:
            return self._raise(view, raises, rng)
        calls = [a for a in legal if isinstance(a, CallHighLow)]
        if view.phase is Phase.PLAY and (len(plays) > 1 or calls):
            # 003:65, 000:143: a call is played out like a card.
            moves: list[PlayCard | CallHighLow] = [*plays, *calls]
            values = {a: v for a, v in self.evaluate(view, moves, rng).items()}
        elif view.phase is Phase.BID and view.hand is not None and len(bids) > 1:
            bid_values, nil_success = self.evaluate_bids(view, bids, rng)
            bid = self.choose_bid(bid_values, nil_success, view, self.nil_deals)
            why = self._searched(view, bid, {b: v for b, v in bid_values.items()})
            if self.nil_refused:
                why = dataclasses.replace(why, figures=(("nil_refused", self.nil_refused),))
            return bid, why
        else:
            return preferred, why
        best = max(values.values())
        if values.get(preferred, best - 1) >= best - self._keep_within(view):
            return preferred, self._searched(view, preferred, values)
        # A live Nil plays no card its deals lost the Nil on more often than the
        # heuristic's card: over 50 deals a 9♦ led into a partner void of higher diamonds
        # scored more on average (the partner's trick) and lost the Nil on trick one.
        kept = self.nil_kept
        floor = kept.get(preferred, 0.0) if self.strict_nil else 0.0
        safe = [a for a in values if kept.get(a, 0.0) >= floor] or list(values)
        chosen = max(safe, key=lambda a: values[a])
        return chosen, self._searched(view, chosen, values)

    def _keep_within(self, view: SeatView) -> float:
        """How far below the best average the heuristic's card may be and still be played.

        A seat whose own Nil is still alive plays the heuristic's card (its highest card
        that loses, its lowest lead) unless the search finds one better by more than
        ``NIL_KEEP_DEALS`` deals' worth of the Nil: between two losing cards the playouts
        mostly differ by noise, and a starved search (30-60 deals on a loaded machine)
        kept a K♦ or a J♥ it could have shed and lost the Nil on the last tricks with it."""
        bid = view.bids[view.seat]
        if (
            view.rules.nil_mode == "nil"
            and bid is not None
            and bid.tricks == 0
            and not view.tricks_taken[view.seat]
            and self.searched
            and self.strict_nil
        ):
            return NIL_KEEP_DEALS * 2 * view.rules.nil_points / self.searched
        return 1e-9

    def _raise(
        self, view: SeatView, raises: list[Raise], rng: random.Random
    ) -> tuple[Action, Reason]:
        """A raise before the first card (000:103), valued as the bids it would make: each
        new bid played out on the sampled deals like a bid, the best one kept."""
        bid = view.bids[view.seat]
        assert bid is not None
        as_bids = {Bid(view.seat, bid.tricks + r.by): r for r in raises}
        values, _ = self.evaluate_bids(view, list(as_bids), rng)
        best = max(values, key=lambda b: (values[b], -b.tricks))
        chosen = as_bids[best]
        return chosen, self._searched(view, chosen, {as_bids[b]: v for b, v in values.items()})

    def _searched(self, view: SeatView, chosen: Action, values: dict[Action, float]) -> Reason:
        """The reason for a searched move, from the figures the search left in ``tally``."""
        tally = self.tally
        weighed = tally.weighed(values, tally.total, chosen) if tally else ()
        return Reason(
            self.level,
            view.seat,
            view.hand_number,
            chosen,
            SEARCH,
            weighed=weighed,
            deals=self.searched,
            voids=shown_voids(view),
        )

    def sampler(
        self, view: SeatView, knowledge: Knowledge
    ) -> Callable[[random.Random], tuple[list[list[int]], float]]:
        """Deals of the unseen cards for this decision, each with its weight."""
        if self.holdings and fits(view.rules):
            odds = shipped_model().odds(view)
            return lambda rng: (sample_fitted_deal(knowledge, odds, rng), 1.0)

        def weighted(rng: random.Random) -> tuple[list[list[int]], float]:
            deal = sample_drawn_deal(knowledge, rng)
            return deal, bid_weight(view, deal)

        return weighted

    def choose_bid(
        self,
        values: dict[Bid, float],
        nil_success: float,
        view: SeatView,
        deals: float | None = None,
    ) -> Bid:
        """The best bid by value, with a Nil taken only when it beats every other bid and
        was made on ``nil_success`` of the sampled deals: its value swings by 200 on one
        trick, so on a few hundred sampled deals a lucky average would otherwise pick it
        too often. Over ``deals`` (effective) sampled deals the share must clear the bar
        less ``NIL_MARGIN_SE`` standard errors; ``None``: the share is taken as exact.
        Nor is a Nil bid holding a card the heuristic counts as sure to take a trick
        (a high or fourth spade, a bare side ace or king) that the table's passing does
        not take away."""
        nil_on = view.rules.nil_mode == "nil"
        others = {b: v for b, v in values.items() if b.tricks or not nil_on}
        if not others:
            return max(values, key=lambda b: values[b])
        best = max(others, key=lambda b: (others[b], -b.tricks))
        nils = [b for b in values if b not in others]
        self.nil_refused = 0.0
        if not nils or values[nils[0]] <= others[best]:
            return best
        share = nil_success
        if not self.strict_nil:
            if share >= self.nil_success:
                return nils[0]
            self.nil_refused = NIL_REFUSED_UNSURE
            return best
        if deals:
            share -= NIL_MARGIN_SE * math.sqrt(nil_success * (1 - nil_success) / deals)
        # Two partners cover a Nil's dangerous cards between them: at six_threes (seed 7,
        # untimed, against hard1) 22 of the 28 Nils hard1 bid and hard did not were refused
        # for them, and hard1 made 81% of its 128 Nils there.
        covered = len(view.partners) > 1
        dangers = (
            0 if view.hand is None or covered else nil_dangers(view.hand, view.rules, self.nil_trio)
        )
        if dangers > view.rules.nil_pass:
            self.nil_refused = NIL_REFUSED_DANGER
        elif share < self.nil_success:
            self.nil_refused = NIL_REFUSED_UNSURE
        else:
            return nils[0]
        return best

    def evaluate_bids(
        self, view: SeatView, bids: list[Bid], rng: random.Random
    ) -> tuple[dict[Bid, float], float]:
        """Average value of each bid considered, and the share of deals on which a Nil was
        made: on each sampled deal the hand is played out once per bid within
        ``bid_window`` of what the cards look worth (and once as a Nil), every seat
        playing to its side's contract, and each bid is scored on its own playout."""
        start = time.perf_counter()
        rules = view.rules
        n = rules.players
        knowledge = knowledge_of(view)
        table = CardTable(knowledge.deck)
        assert view.hand is not None
        mine = [c.index for c in view.hand]
        nil_on = rules.nil_mode == "nil"
        blind = [bool(b and b.blind) for b in view.bids]
        scores, bags = list(view.scores), list(view.bags)
        weights = nil_made = squares = 0.0
        self.searched = 0
        partner_nil = any(
            nil_on and (b := view.bids[p]) is not None and not b.tricks for p in view.partners
        )
        # Each bid near what the cards look worth is played out on its own, the side
        # playing to make it; a Nil is played out once (key -1). Bids further off are
        # not considered.
        worth = bid_estimate(rules, view.hand, table, len(view.partners))
        if rules.dummy_hands:
            worth += dummy_estimate(view, table)
        own = max(1, round(worth))
        own += partner_nil
        if rules.miser:
            # 003:87 Miser: the bids worth trying are near what the cards cannot shed.
            own = miser_estimate(view.hand, table)
        if rules.partnership_bidding:
            # 000:111: the bid is the side's, so near the hand's worth and a partner's share.
            own = round(own + (view.num_tricks - own) / (n - 1))
        window = self.bid_window
        plain = [b for b in bids if not (nil_on and b.tricks == 0)]
        near = {b for b in plain if abs(b.tricks - own) <= window}
        if plain and not near:
            # Board (min_bid) can leave no bid near what the cards look worth: the nearest
            # is tried, else a weak hand at berkley_two weighed only its Nil and bid it
            # (none of 29 made over 50 deals, seed 7).
            near = {min(plain, key=lambda b: abs(b.tricks - own))}
        candidates = [b for b in bids if (nil_on and b.tricks == 0) or b in near] or bids
        totals = dict.fromkeys(candidates, 0.0)

        def key(bid: Bid) -> int:
            if nil_on and bid.tricks == 0:
                return -1
            return bid.tricks

        keys = sorted({key(b) for b in candidates})
        tally = self.tally = Tally(view)
        # Evil Spades (003:13-63): the hand's play rule, which the table's rules do not show.
        play_rules, low_ball = hand_rules(view)
        playout = Playout(
            play_rules, [None] * n, blind, bags, sharp_nil=self.sharp_nil, low_ball=low_ball
        )
        sample = self.sampler(view, knowledge)
        for _ in range(self.bid_deals):
            self.searched += 1
            deal, weight = sample(rng)
            weights += weight
            squares += weight * weight
            deal[view.seat] = mine
            assumed: list[int | None] = [
                b.tricks if (b := view.bids[s]) is not None else _assumed_bid(rules, deal[s], table)
                for s in range(n)
            ]
            if rules.partnership_bidding:
                _side_bids(view, assumed)
            if rules.dummy_hands:
                assumed[1] = assumed[3] = None  # dummies bid nothing (003:108)
            outcomes: dict[int, list[int]] = {}
            last: dict[int, int] = {}
            played_bids: dict[int, list[int | None]] = {}
            for k in keys:
                as_nil = k < 0
                assumed[view.seat] = 0 if as_nil else k
                played_bids[k] = list(assumed)
                if rules.evil_spades:
                    _evil_bids(view, deal, played_bids[k])
                playout.rebid(list(played_bids[k]))
                hands = deal
                if rules.nil_pass and view.partners and (as_nil or partner_nil):
                    nil_seat, other = (
                        (view.seat, view.partners[0]) if as_nil else (view.partners[0], view.seat)
                    )
                    hands = _exchange(deal, nil_seat, other, rules.nil_pass, table)
                pos = Position(
                    [_physical(cards) for cards in hands],
                    [],
                    _first_leader(rules, knowledge.deck, hands, view.dealer),
                    # 000:99: a kitty's discard may be the hand's first trick.
                    view.num_tricks - len(mine),
                    False,
                    list(view.tricks_taken),
                    0,
                )
                if rules.dummy_hands:
                    _lay_out_dummies(pos, view, hands, rng)
                outcomes[k] = playout.finish(pos)
                # The last trick's winner leads the trick after it: pos.leader.
                last[k] = pos.leader
            if -1 in outcomes:
                nil_made += weight * (outcomes[-1][view.seat] == 0)
            for bid in candidates:
                assumed = played_bids[key(bid)]
                assumed[view.seat] = bid.tricks
                tally.add(bid, assumed, outcomes[key(bid)], weight)
                totals[bid] += weight * hand_value(
                    rules,
                    outcomes[key(bid)],
                    view.team,
                    scores,
                    bags,
                    assumed,
                    blind,
                    self.bag_cost,
                    last[key(bid)],
                )
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        tally.total = weights
        self.nil_deals = weights * weights / squares if squares else 0.0
        return {b: v / weights for b, v in totals.items()}, nil_made / weights

    def evaluate(
        self, view: SeatView, plays: Sequence[PlayCard | CallHighLow], rng: random.Random
    ) -> dict[PlayCard | CallHighLow, float]:
        """Average value of each play over sampled deals."""
        start = time.perf_counter()
        rules = view.rules
        play_rules, low_ball = hand_rules(view)
        playout = Playout(
            play_rules,
            [None if b is None else b.tricks for b in view.bids],
            [bool(b and b.blind) for b in view.bids],
            list(view.bags),
            sharp_nil=self.sharp_nil,
            low_ball=low_ball,
            cover_team=view.team if self.keep_cover else -1,
        )
        knowledge = knowledge_of(view)
        assert view.hand is not None
        mine = [c.index for c in view.hand]
        trick = [(s, c.index) for s, c in view.trick]
        gone = 0
        for cards in view.played:
            for played in cards:
                gone |= 1 << played.index
        leader = view.trick[0][0] if view.trick else view.seat
        scores, bags = list(view.scores), list(view.bags)
        team = view.team
        totals = dict.fromkeys(plays, 0.0)
        weights = 0.0
        self.searched = 0
        bids, blind = playout.bids, playout.blind
        solver = None
        if (
            len(view.hand) <= self.exact_cards
            and not playout.calls
            and not rules.dummy_hands
            and not low_ball
        ):
            solver = Endgame(
                playout.tricks,
                team,
                lambda taken: hand_value(
                    rules, taken, team, scores, bags, bids, blind, self.bag_cost
                ),
            )
        tally = self.tally = Tally(view)
        # Per card, the weight of deals on which this seat's live Nil came through.
        kept: dict[Action, float] = {}
        self.nil_kept = kept
        bid = view.bids[view.seat]
        nil_seat = (
            rules.nil_mode == "nil"
            and bid is not None
            and bid.tricks == 0
            and not view.tricks_taken[view.seat]
        )
        sample = self.sampler(view, knowledge)
        for _ in range(self.deals):
            self.searched += 1
            deal, weight = sample(rng)
            weights += weight
            hands = [_physical(cards) for cards in deal]
            hands[view.seat] = _physical(mine)
            base = Position(
                hands,
                trick,
                leader,
                view.trick_number - 1,
                view.spades_broken,
                list(view.tricks_taken),
                gone,
                view.trick_call != "",
                view.trick_call == "low",
                sum(1 << s for s in view.low_aces),
            )
            if rules.dummy_hands:
                _lay_out_dummies(base, view, deal, rng)
            for action in plays:
                pos = base.copy()
                if isinstance(action, CallHighLow):
                    playout.call(pos, view.seat, action.low)
                    taken = playout.finish(pos)
                    tally.add(action, bids, taken, weight)
                    totals[action] += weight * hand_value(
                        rules, taken, team, scores, bags, bids, blind, self.bag_cost, pos.leader
                    )
                    continue
                card = action.card.index
                if not pos.hands[view.seat] >> card & 1:
                    card += COPY_SHIFT
                playout.play(pos, view.seat, card)
                if solver is not None:
                    totals[action] += weight * solver.value(pos)
                    continue
                taken = playout.finish(pos)
                tally.add(action, bids, taken, weight)
                if nil_seat and not taken[view.seat]:
                    kept[action] = kept.get(action, 0.0) + weight
                totals[action] += weight * hand_value(
                    rules, taken, team, scores, bags, bids, blind, self.bag_cost, pos.leader
                )
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        tally.total = weights
        return {a: v / weights for a, v in totals.items()}
