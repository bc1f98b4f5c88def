"""Fast playouts of the rest of a hand on bitmask hands, for the search bot.

Legal plays and trick winners come from the engine's own ``TrickRules``; only the choice
of card is the playout's. A test plays the same hands through the engine and here and
checks that both take the same tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import final

from bot.engine import Rules
from bot.engine.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER
from bot.engine.deck import COPY_SHIFT, JUNK, TRUMP, deck_info
from bot.engine.dummy import to_turn
from bot.engine.options import PENALTY_OVERTRICKS
from bot.engine.scoring import score_hand
from bot.engine.tricks import TrickRules, bits

# A side this close to its bag limit ducks tricks it does not need (as ``normal`` does).
BAG_MARGIN = 3


def near_bag_limit(rules: Rules, bags: int) -> bool:
    """A side with ``bags`` is close enough to a bag penalty to duck spare tricks, or any
    overtrick sets it (exact_bids, 000:170 Oh Hell)."""
    return rules.exact_bids != "off" or (
        rules.overtricks in PENALTY_OVERTRICKS
        and rules.bag_penalty > 0
        and bags >= rules.bag_limit - BAG_MARGIN
    )


def lowest_ranked(mask: int) -> int:
    """The cards of physical ``mask`` of the lowest rank (003:43 low ball; the game's
    ``Game._lowest``)."""
    low = 99
    out = 0
    for card in bits(mask):
        rank = ALL_CARDS[card % COPY_SHIFT].rank
        if rank < low:
            low, out = rank, 1 << card
        elif rank == low:
            out |= 1 << card
    return out


@final
@dataclass(slots=True, init=False)
class Position:
    """A play-phase position with every hand known (a sampled world).

    Its ``__init__`` is written out: one is made for every play the search tries, and,
    compiled (setup.py), a written one builds in a fraction of the time of the one
    ``dataclass`` generates, which stays interpreted."""

    hands: list[int]  # physical masks
    trick: list[tuple[int, int]]  # (seat, logical card)
    leader: int
    trick_no: int
    broken: bool
    taken: list[int]
    gone: int  # logical mask of cards already played this hand
    # High/Low (003:65): the trick on the table is called, and low; Aces High/Low (000:143):
    # the seats whose Ace in it was called low (a mask).
    called: bool
    low: bool
    low_aces: int
    # Berkley's dummies (003:152): each seat's face-up cards (a mask) and face-down cards
    # in the order they are turned; empty lists at every other table.
    up: list[int]
    down: list[list[int]]

    def __init__(
        self,
        hands: list[int],
        trick: list[tuple[int, int]],
        leader: int,
        trick_no: int,
        broken: bool,
        taken: list[int],
        gone: int,
        called: bool = False,
        low: bool = False,
        low_aces: int = 0,
        up: list[int] | None = None,
        down: list[list[int]] | None = None,
    ) -> None:
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.trick_no = trick_no
        self.broken = broken
        self.taken = taken
        self.gone = gone
        self.called = called
        self.low = low
        self.low_aces = low_aces
        self.up = [] if up is None else up
        self.down = [] if down is None else down

    def copy(self) -> Position:
        return Position(
            list(self.hands),
            list(self.trick),
            self.leader,
            self.trick_no,
            self.broken,
            list(self.taken),
            self.gone,
            self.called,
            self.low,
            self.low_aces,
            list(self.up),
            [list(d) for d in self.down],
        )


@cache
def _card_tables(
    deck_name: str, players: int, jokes: bool = False, shape: str = "even"
) -> tuple[list[int], list[int]]:
    """Per logical card: its strength (trumps above all) and the mask of higher cards
    of its suit. ``jokes``: Joke Trumps (000:134), a Joker worth less than the 2 of spades.
    A junk Joker (000:192) is the weakest card, and never the best left in its suit."""
    deck = deck_info(deck_name, players, shape)
    if jokes:
        power = list(deck.power)
        power[BIG_JOKER] = power[LITTLE_JOKER] = 99
        deck = replace(deck, power=tuple(power))
    rank = [deck.power[c] + (1000 if deck.suit_of[c] == TRUMP else 0) for c in range(COPY_SHIFT)]
    higher = [
        sum(
            1 << o
            for o in range(COPY_SHIFT)
            if deck.suit_of[o] == deck.suit_of[c] and deck.power[o] > deck.power[c]
        )
        if deck.suit_of[c] != JUNK
        else (1 << LITTLE_JOKER) - 1
        for c in range(COPY_SHIFT)
    ]
    return rank, higher


@final
class Playout:
    """Plays out a position with a quick rule-of-thumb card choice for every seat."""

    def __init__(
        self,
        rules: Rules,
        bids: list[int | None],
        blind: list[bool],
        bags: list[int] | None = None,
        sharp_nil: bool = False,
        low_ball: bool = False,
        cover_team: int = -1,
    ) -> None:
        self.rules = rules
        # ``hard``'s playouts: a live Nil's opponents lead where it is most exposed and
        # keep under a card it must overtake (``_attack``, ``_duck``), as a strong side
        # does; without it (``hard1``) they lead their lowest side card, as ``normal``.
        self.sharp_nil = sharp_nil
        # ``hard``'s card playouts: on the searching seat's side (``cover_team``) a live
        # Nil's partner keeps its highest card of a suit while the Nil holds a card there
        # only it covers, covers only a Nil that cannot duck under the card on the table,
        # and leads where the Nil can duck or discard (``_cover_lead``, ``_spends_cover``);
        # elsewhere (-1 for no side, and ``hard1``) it wins high before the Nil, takes
        # tricks with its covers and leads its lowest card, as ``normal``.
        self.cover_team = -1 if rules.miser else cover_team
        self.tricks = TrickRules(rules)
        # Evil Spades' low ball (003:43): every seat plays the lowest ranked card it may.
        self.low_ball = low_ball
        deck = self.tricks.deck
        self.deck = deck
        self.n = rules.players
        self.num_tricks = deck.num_tricks
        self.team_of = self.tricks.team_of
        self.teams = rules.teams
        self.blind = blind
        self.nil_mode = rules.nil_mode == "nil"
        # Miser (003:87): every seat plays as a Nil bidder does, to take the fewest tricks.
        self.miser = rules.miser
        # Auction Spades (000:112): a bid of N is a contract of 6 + N tricks.
        self.base = 6 if rules.auction else 0
        self.ten_for_two_hundred = rules.ten_for_two_hundred
        # As ``normal`` plays: a side near the bag limit ducks tricks it does not need
        # rather than set the others, unless the others bid 10 for 200.
        self.bag_danger = [
            bags is not None and near_bag_limit(rules, bags[t]) for t in range(len(self.teams))
        ]
        self.rank, self.higher = _card_tables(
            rules.deck, rules.players, rules.joke_trumps, rules.deal_shape
        )
        self.calls = self.tricks.calls
        self.dummies = rules.dummy_hands
        self.bids: list[int | None] = []
        self.nil: list[bool] = []
        self.nil_foes: list[list[int]] = []
        self.partner_nil: list[bool] = []
        self.special: list[bool] = []
        self.rebid(bids)

    def rebid(self, bids: list[int | None]) -> None:
        """Play on with these bids (the search tries several for one seat)."""
        n = self.n
        self.bids = bids
        self.nil = [self.miser or (b == 0 and self.nil_mode) for b in bids]
        # For each seat, the Nil bidders it plays against: it leads low while one is alive.
        self.nil_foes = [
            [
                s
                for s in range(n)
                if self.nil[s] and self.team_of[s] != self.team_of[seat] and not self.miser
            ]
            for seat in range(n)
        ]
        self.partner_nil = [
            any(self.nil[s] for s in self.teams[self.team_of[seat]] if s != seat)
            for seat in range(n)
        ]
        self.special = [
            self.ten_for_two_hundred
            and all(bids[s] is not None for s in seats)
            and sum(b for s in seats if (b := bids[s]) is not None) == 10
            for seats in self.teams
        ]

    def play(self, pos: Position, seat: int, card: int) -> None:
        """Play physical ``card`` for ``seat`` and settle the trick if it is complete."""
        logical = card % COPY_SHIFT
        pos.hands[seat] ^= 1 << card
        pos.trick.append((seat, logical))
        pos.gone |= 1 << logical
        if self.deck.suit_of[logical] == TRUMP:
            pos.broken = True
        if self.calls:
            self._play_called(pos, seat, logical)
            return
        if len(pos.trick) == self.n:
            winner, _ = self.tricks.winner(pos.trick)
            # 000:147: a dead trick (winner -1) is nobody's, and its leader leads again; a
            # dead last trick leaves ``leader`` -1, the last trick's winner the search reads.
            if winner >= 0:
                pos.taken[winner] += 1
                pos.leader = winner
            elif pos.trick_no + 1 == self.num_tricks:
                pos.leader = winner
            pos.trick = []
            pos.trick_no += 1

    def finish(self, pos: Position) -> list[int]:
        """Tricks each seat ends the hand with."""
        if self.low_ball:
            return self._finish_low_ball(pos)
        tricks = self.tricks
        while pos.trick_no < self.num_tricks:
            seat = (pos.leader + len(pos.trick)) % self.n
            mask, _ = tricks.legal_mask(
                seat, pos.hands[seat], pos.trick, pos.trick_no, pos.broken, True
            )
            if self.dummies and pos.up and seat % 2:
                mask = self.dummy_mask(pos, seat, mask)
            if self.calls:
                self.play(pos, seat, self.choose_called(pos, seat, mask))
                continue
            self.play(pos, seat, self.choose(pos, seat, mask))
        return pos.taken

    def _finish_low_ball(self, pos: Position) -> list[int]:
        """``finish`` under Evil Spades' low ball (003:43), as the game plays it: of the
        cards the rules allow, only the lowest ranked, and of those the rule of thumb's."""
        tricks = self.tricks
        while pos.trick_no < self.num_tricks:
            seat = (pos.leader + len(pos.trick)) % self.n
            mask, _ = tricks.legal_mask(
                seat, pos.hands[seat], pos.trick, pos.trick_no, pos.broken, True
            )
            self.play(pos, seat, self.choose(pos, seat, lowest_ranked(mask)))
        return pos.taken

    def _need(self, pos: Position, seat: int) -> int:
        """Tricks the seat's side still needs for its contract (Nil bidders aside)."""
        return self._team_need(pos, self.team_of[seat])

    def _team_need(self, pos: Position, team: int) -> int:
        need = 0
        for s in self.teams[team]:
            bid = self.bids[s]
            if bid is None and self.dummies and s % 2:
                continue  # a dummy's player bids for both hands (003:108)
            if bid is None:
                return self.num_tricks
            if not self.nil[s]:
                need += bid + (self.base if bid else 0) - pos.taken[s]
        return need

    def dummy_mask(self, pos: Position, seat: int, legal: int) -> int:
        """The cards of ``legal`` the dummy ``seat`` may play, turning its face-down cards
        as the engine does (003:152, bot.engine.dummy)."""
        deck = self.deck
        up = pos.up[seat] & pos.hands[seat]
        if not pos.trick:
            for card in to_turn(up, pos.down[seat], None):
                up |= 1 << card
            allowed = up
        else:
            led = deck.suit_of[pos.trick[0][1]]
            for card in to_turn(up, pos.down[seat], deck.suit_phys[led] | deck.trump_phys):
                up |= 1 << card
            allowed = up & deck.suit_phys[led] or up & deck.trump_phys or up
        pos.up[seat] = up
        return allowed & legal or allowed

    def _will_set(self, pos: Position, seat: int) -> bool:
        """Whether the seat fights to set another side, as ``normal`` does: some side can
        still be set, and this side is not near its bag limit (or that side bid 10 for
        200)."""
        mine = self.team_of[seat]
        remaining = self.num_tricks - pos.trick_no
        danger = self.bag_danger[mine]
        for team in range(len(self.teams)):
            if (
                team != mine
                and (not danger or self.special[team])
                and 0 < self._team_need(pos, team) <= remaining
            ):
                return True
        return False

    def choose(self, pos: Position, seat: int, mask: int) -> int:
        """A physical card from ``mask``: cheap winners when needed, low losers otherwise."""
        if not mask & (mask - 1):
            return mask.bit_length() - 1
        rank = self.rank
        suit_of = self.deck.suit_of
        trick = pos.trick
        # Strength a card must exceed to take the trick (trumps rank above every side suit).
        # 000:147 Cancellation Spades: a card whose twin is in the trick cannot take it.
        cancelled = 0
        if trick:
            win_seat, win_card = self.tricks.winner(trick)
            led = suit_of[trick[0][1]]
            if led == JUNK:
                # 000:192: after a junk Joker the first other card sets the suit led; with
                # only junk down nobody is taking the trick yet.
                led = self.tricks.led_suit(trick)
                if led == JUNK:
                    win_seat = -1
            # Every card that could take it so far cancelled (win_seat -1): any other does.
            bar = -1 if win_seat < 0 else rank[win_card] - (1 if self.tricks.later_wins else 0)
            if self.tricks.cancel:
                for _, c in trick:
                    cancelled |= 1 << c
        else:
            win_seat, led, bar = seat, -1, 1 << 30
        # One pass: the lowest card, the lowest side card, the lowest winner, the highest
        # loser and the highest card that is the best left in its suit.
        low = low_side = low_win = high_win = high_lose = top = -1
        low_r = low_side_r = low_win_r = high_win_r = high_lose_r = top_r = 0
        known = pos.gone | self.deck.fold(pos.hands[seat]) if not trick else 0
        m = mask
        while m:
            bit = m & -m
            card = bit.bit_length() - 1
            m ^= bit
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            r = rank[logical]
            suit = suit_of[logical]
            if low < 0 or r < low_r:
                low, low_r = card, r
            if suit != TRUMP:
                if low_side < 0 or r < low_side_r:
                    low_side, low_side_r = card, r
                if not trick and not self.higher[logical] & ~known and (top < 0 or r > top_r):
                    top, top_r = card, r
            if (
                trick
                and r > bar
                and (suit in (TRUMP, led) or led == JUNK)
                and suit != JUNK
                and not cancelled >> logical & 1
            ):
                if low_win < 0 or r < low_win_r:
                    low_win, low_win_r = card, r
                if high_win < 0 or r > high_win_r:
                    high_win, high_win_r = card, r
            elif trick and (high_lose < 0 or r > high_lose_r):
                high_lose, high_lose_r = card, r
        if low_side < 0:
            low_side = low
        if not trick:
            if self.nil[seat]:
                return low
            if not self.partner_nil[seat]:
                for foe in self.nil_foes[seat]:
                    if not pos.taken[foe]:
                        attack = self._attack(pos, foe, mask) if self.sharp_nil else -1
                        return attack if attack >= 0 else low_side
            if top >= 0 and (
                self.partner_nil[seat] or self._need(pos, seat) > 0 or self._will_set(pos, seat)
            ):
                return top
            if self.team_of[seat] == self.cover_team and self.partner_nil[seat]:
                mate = self._live_mate(pos, seat)
                lead = self._cover_lead(pos, seat, mate, mask) if mate >= 0 else -1
                if lead >= 0:
                    return lead
            return low_side
        if self.nil[seat]:
            return high_lose if high_lose >= 0 else low
        if win_seat >= 0 and self.team_of[win_seat] == self.team_of[seat]:
            return low_win if self.nil[win_seat] and low_win >= 0 else low_side
        mate = self._live_mate(pos, seat) if self.team_of[seat] == self.cover_team else -1
        if low_win >= 0 and self.partner_nil[seat]:
            # A Nil partner yet to play this trick: win high so they can duck (unless it
            # can already duck under the card on the table, with ``cover_team``).
            for s in self.teams[self.team_of[seat]]:
                if self.nil[s] and s != seat:
                    played = False
                    for p, _ in trick:
                        if p == s:
                            played = True
                    if not played and (mate != s or not self._can_duck(pos, s, led, bar)):
                        return high_win
        if win_seat >= 0 and self.nil[win_seat]:
            return high_lose if high_lose >= 0 else low
        if self.sharp_nil and high_lose >= 0 and self._duck(pos, seat, led, bar):
            return high_lose
        if low_win >= 0 and (self._need(pos, seat) > 0 or self._will_set(pos, seat)):
            if mate >= 0 and self._spends_cover(pos, seat, mate, low_win):
                return low
            return low_win
        return low_side

    def _live_mate(self, pos: Position, seat: int) -> int:
        """The seat's partner whose Nil is still alive (no trick taken), or -1."""
        for s in self.teams[self.team_of[seat]]:
            if s != seat and self.nil[s] and not pos.taken[s]:
                return s
        return -1

    def _can_duck(self, pos: Position, nil: int, led: int, bar: int) -> bool:
        """Whether the Nil of ``nil`` holds a card it may play that loses to the trick as
        it stands (strength ``bar`` to beat): one of the led suit under it, or, void there,
        a card of another side suit or a trump under it."""
        suit_of = self.deck.suit_of
        follow = False
        other = False
        for card in bits(pos.hands[nil]):
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            suit = suit_of[logical]
            if suit == led:
                follow = True
                if self.rank[logical] <= bar:
                    return True
            elif suit == JUNK or suit != TRUMP or self.rank[logical] <= bar:
                other = True
        return other and not follow

    def _spends_cover(self, pos: Position, seat: int, nil: int, card: int) -> bool:
        """Whether physical ``card`` is the seat's only card of its suit above the one card
        the Nil of ``nil`` will still hold there above the seat's others once this trick is
        done (a Nil yet to play to it, or to the seat's lead, sheds its highest): played
        now, that card of the Nil is left bare. Over two or more such cards one cover
        cannot save them all, and the side's tricks come first."""
        logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
        suit = self.deck.suit_of[logical]
        if suit in (TRUMP, JUNK):
            return False
        r = self.rank[logical]
        below = -1
        for other in bits(pos.hands[seat]):
            o = other - COPY_SHIFT if other >= COPY_SHIFT else other
            if other != card and self.deck.suit_of[o] == suit and self.rank[o] > below:
                below = self.rank[o]
        if below > r:
            return False
        bare = 0
        for other in bits(pos.hands[nil]):
            o = other - COPY_SHIFT if other >= COPY_SHIFT else other
            if self.deck.suit_of[o] == suit and below < self.rank[o] < r:
                bare += 1
        if bare and not any(p == nil for p, _ in pos.trick):
            bare -= 1
        return bare == 1

    def _cover_lead(self, pos: Position, seat: int, nil: int, mask: int) -> int:
        """A lead for the partner of the live Nil of ``nil`` with no winner to lead: its
        lowest card of a suit the Nil is void in (it discards) or holds a card under (it
        ducks), never a card ``_spends_cover``; -1 for none."""
        lowest = self._lowest_in(pos.hands[nil])
        best = best_r = -1
        for card in bits(mask):
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            suit = self.deck.suit_of[logical]
            r = self.rank[logical]
            if suit == JUNK or (best >= 0 and r >= best_r):
                continue
            if lowest.get(suit, -1) < r and not self._spends_cover(pos, seat, nil, card):
                best, best_r = card, r
        return best

    def _lowest_in(self, hand: int) -> dict[int, int]:
        """The rank of the lowest card of each suit in physical ``hand``."""
        lowest: dict[int, int] = {}
        for card in bits(hand):
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            suit = self.deck.suit_of[logical]
            r = self.rank[logical]
            if suit not in lowest or r < lowest[suit]:
                lowest[suit] = r
        return lowest

    def _attack(self, pos: Position, nil: int, mask: int) -> int:
        """A lead against the live Nil of ``nil``: the leader's lowest card of the suit in
        which the Nil's lowest card is highest and beats it, a suit its partner cannot
        cover (no higher card there, and no trump to play on it void) first; -1 for
        none."""
        exposed = self._lowest_in(pos.hands[nil])
        partner = -1
        for s in self.teams[self.team_of[nil]]:
            if s != nil:
                partner = s
        cover: dict[int, int] = {}
        if partner >= 0:
            for card in bits(pos.hands[partner]):
                logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
                suit = self.deck.suit_of[logical]
                cover[suit] = max(cover.get(suit, -1), self.rank[logical])
        best = best_score = best_r = -1
        for card in bits(mask):
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            suit = self.deck.suit_of[logical]
            r = self.rank[logical]
            low = exposed.get(suit, -1)
            if r >= low:
                continue
            covered = cover.get(suit, -1) > low or (suit not in cover and TRUMP in cover)
            score = low + (0 if covered else 1 << 20)
            if score > best_score or (score == best_score and r < best_r):
                best, best_score, best_r = card, score, r
        return best

    def _duck(self, pos: Position, seat: int, led: int, bar: int) -> bool:
        """Whether ``seat`` keeps under the trick for a live opposing Nil yet to play to
        it whose every card of the led suit beats it (the Nil then takes the trick unless
        someone after it overtakes)."""
        if self.partner_nil[seat]:
            return False
        for foe in self.nil_foes[seat]:
            if pos.taken[foe] or any(p == foe for p, _ in pos.trick):
                continue
            low = self._lowest_in(pos.hands[foe]).get(led, -1)
            if low > bar:
                return True
        return False

    def value(
        self,
        taken: list[int],
        team: int,
        scores: list[int],
        bags: list[int],
        bids: list[int | None] | None = None,
    ) -> float:
        """The hand's points for ``team`` less the other sides' average, by the table's
        rules; ``bids`` overrides the bids the playout was made with."""
        result = score_hand(
            self.rules,
            hand_number=2,
            dealer=0,
            bids=self.bids if bids is None else bids,
            blind=self.blind,
            tricks=taken,
            scores=scores,
            bags=bags,
            num_tricks=self.num_tricks,
        )
        totals = [t.total for t in result.teams]
        others = [x for t, x in enumerate(totals) if t != team]
        return totals[team] - sum(others) / len(others)

    # -- High/Low (003:65) and Aces High/Low (000:143) ---------------------------------

    def _play_called(self, pos: Position, seat: int, logical: int) -> None:
        """The rest of ``play`` under calls: an Ace is called by the rule of thumb, and a
        full trick goes by its calls."""
        ace = self.tricks.aces_high_low and logical < 52 and logical % 13 == 12
        if ace and self.ace_low(pos, seat):
            pos.low_aces |= 1 << seat
        self._settle(pos)

    def _settle(self, pos: Position) -> None:
        """A full trick under calls goes by its calls; the next trick is not yet called."""
        if len(pos.trick) == self.n:
            winner, _ = self.tricks.called_winner(pos.trick, pos.low, pos.low_aces)
            pos.taken[winner] += 1
            pos.leader = winner
            pos.trick = []
            pos.trick_no += 1
            pos.called = pos.low = False
            pos.low_aces = 0

    def call(self, pos: Position, seat: int, low: bool) -> None:
        """``seat`` calls: the Ace it has just played (the last card of the trick), or
        else the trick it is about to lead."""
        if pos.trick and pos.trick[-1][0] == seat:
            if low:
                pos.low_aces |= 1 << seat
            self._settle(pos)
            return
        pos.called = True
        pos.low = low

    def wants(self, pos: Position, seat: int) -> bool:
        """The seat's side wants tricks: not a Nil bidder, and it needs some or can set."""
        if self.nil[seat]:
            return False
        return self.partner_nil[seat] or self._need(pos, seat) > 0 or self._will_set(pos, seat)

    def call_low(self, pos: Position, seat: int) -> bool:
        """The leader's call, as ``normal`` makes it: low when its low cards (2 to 5)
        outnumber its high ones (J to A), spades twice, and its side wants tricks."""
        lows = highs = 0
        for card in bits(self.deck.fold(pos.hands[seat])):
            if card >= 52:
                continue
            weight = 2 if self.deck.suit_of[card] == TRUMP else 1
            rank = card % 13
            if rank <= 3:
                lows += weight
            elif rank >= 9:
                highs += weight
        return (lows > highs) if self.wants(pos, seat) else (lows <= highs)

    def ace_low(self, pos: Position, seat: int) -> bool:
        """An Ace's call, as ``normal`` makes it: the strong way (low in a low trick) when
        the side wants the trick and no partner is winning it."""
        before = pos.trick[:-1]
        ahead = (
            bool(before)
            and self.team_of[self.tricks.called_winner(before, pos.low, pos.low_aces)[0]]
            == self.team_of[seat]
        )
        take = self.wants(pos, seat) and not ahead
        return take == pos.low

    def _strength(self, pos: Position, card: int) -> int:
        rank = self.rank[card]
        if not pos.low:
            return rank
        return 2000 - rank if rank >= 1000 else 1000 - rank

    def choose_called(self, pos: Position, seat: int, mask: int) -> int:
        """A physical card from ``mask`` under calls: the leader calls first; a seat that
        wants the trick plays its cheapest card that wins it now, else its strongest loser;
        leads high (in the call's sense) when it wants tricks, else low."""
        if self.tricks.high_low and not pos.trick and not pos.called:
            pos.called = True
            pos.low = self.call_low(pos, seat)
        cards = list(bits(mask))
        if len(cards) == 1:
            return cards[0]
        want = self.wants(pos, seat)
        keyed = sorted(cards, key=lambda c: self._strength(pos, c % COPY_SHIFT))
        if not pos.trick:
            return keyed[-1] if want else keyed[0]
        tricks = self.tricks
        winner, _ = tricks.called_winner(pos.trick, pos.low, pos.low_aces)
        if self.team_of[winner] == self.team_of[seat]:
            return keyed[0]
        winners = [
            c
            for c in keyed
            if tricks.called_winner([*pos.trick, (seat, c % COPY_SHIFT)], pos.low, pos.low_aces)[0]
            == seat
        ]
        if want and winners:
            return winners[0]
        losers = [c for c in keyed if c not in winners]
        return losers[-1] if losers else keyed[0]
