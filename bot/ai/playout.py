"""Fast playouts of the rest of a hand on bitmask hands, for the search bot.

Legal plays and trick winners come from the engine's own ``TrickRules``; only the choice
of card is the playout's. A test plays the same hands through the engine and here and
checks that both take the same tricks.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Rules
from bot.engine.deck import COPY_SHIFT, TRUMP
from bot.engine.scoring import score_hand
from bot.engine.tricks import TrickRules, bits


@dataclass(slots=True)
class Position:
    """A play-phase position with every hand known (a sampled world)."""

    hands: list[int]  # physical masks
    trick: list[tuple[int, int]]  # (seat, logical card)
    leader: int
    trick_no: int
    broken: bool
    taken: list[int]
    gone: int  # logical mask of cards already played this hand

    def copy(self) -> Position:
        return Position(
            list(self.hands),
            list(self.trick),
            self.leader,
            self.trick_no,
            self.broken,
            list(self.taken),
            self.gone,
        )


class Playout:
    """Plays out a position with a quick rule-of-thumb card choice for every seat."""

    def __init__(self, rules: Rules, bids: list[int | None], blind: list[bool]) -> None:
        self.rules = rules
        self.tricks = TrickRules(rules)
        deck = self.tricks.deck
        self.deck = deck
        self.n = rules.players
        self.num_tricks = deck.num_tricks
        self.team_of = self.tricks.team_of
        self.teams = rules.teams
        self.bids = bids
        self.blind = blind
        self.nil = [b == 0 and rules.nil_mode == "nil" for b in bids]
        self.rank = [
            deck.power[c] + (1000 if deck.suit_of[c] == TRUMP else 0) for c in range(COPY_SHIFT)
        ]
        self.higher = [
            sum(
                1 << o
                for o in range(COPY_SHIFT)
                if deck.suit_of[o] == deck.suit_of[c] and deck.power[o] > deck.power[c]
            )
            for c in range(COPY_SHIFT)
        ]

    def play(self, pos: Position, seat: int, card: int) -> None:
        """Play physical ``card`` for ``seat`` and settle the trick if it is complete."""
        logical = card % COPY_SHIFT
        pos.hands[seat] ^= 1 << card
        pos.trick.append((seat, logical))
        pos.gone |= 1 << logical
        if self.deck.suit_of[logical] == TRUMP:
            pos.broken = True
        if len(pos.trick) == self.n:
            winner, _ = self.tricks.winner(pos.trick)
            pos.taken[winner] += 1
            pos.leader = winner
            pos.trick = []
            pos.trick_no += 1

    def finish(self, pos: Position) -> list[int]:
        """Tricks each seat ends the hand with."""
        tricks = self.tricks
        while pos.trick_no < self.num_tricks:
            seat = (pos.leader + len(pos.trick)) % self.n
            mask, _ = tricks.legal_mask(
                seat, pos.hands[seat], pos.trick, pos.trick_no, pos.broken, True
            )
            self.play(pos, seat, self.choose(pos, seat, mask))
        return pos.taken

    def _need(self, pos: Position, seat: int) -> int:
        """Tricks the seat's side still needs for its contract (Nil bidders aside)."""
        need = 0
        for s in self.teams[self.team_of[seat]]:
            bid = self.bids[s]
            if bid is None:
                return self.num_tricks
            if not self.nil[s]:
                need += bid - pos.taken[s]
        return need

    def choose(self, pos: Position, seat: int, mask: int) -> int:
        """A physical card from ``mask``: cheap winners when needed, low losers otherwise."""
        cards = list(bits(mask))
        if len(cards) == 1:
            return cards[0]
        rank = self.rank
        suit_of = self.deck.suit_of

        def strength(c: int) -> int:
            return rank[c % COPY_SHIFT]

        low = min(cards, key=strength)
        side = [c for c in cards if suit_of[c % COPY_SHIFT] != TRUMP]
        low_side = min(side, key=strength) if side else low
        if not pos.trick:
            if self.nil[seat]:
                return low
            if self._need(pos, seat) > 0:
                own = self.deck.fold(pos.hands[seat])
                known = pos.gone | own
                tops = [c for c in side if not self.higher[c % COPY_SHIFT] & ~known]
                if tops:
                    return max(tops, key=strength)
            return low_side
        win_seat, win_card = self.tricks.winner(pos.trick)
        win_trump = suit_of[win_card] == TRUMP
        led = suit_of[pos.trick[0][1]]
        power = self.deck.power
        best = power[win_card]
        later = self.tricks.later_wins

        def beats(c: int) -> bool:
            logical = c % COPY_SHIFT
            s, p = suit_of[logical], power[logical]
            above = p > best or (later and p == best)
            if s == TRUMP:
                return not win_trump or above
            return s == led and not win_trump and above

        winners = [c for c in cards if beats(c)]
        if self.nil[seat]:
            losers = [c for c in cards if c not in winners]
            return max(losers, key=strength) if losers else min(winners, key=strength)
        if self.team_of[win_seat] == self.team_of[seat]:
            if self.nil[win_seat] and winners:
                return min(winners, key=strength)
            return low_side
        if self.nil[win_seat]:
            return low_side
        if winners and self._need(pos, seat) > 0:
            return min(winners, key=strength)
        return low_side

    def value(self, taken: list[int], team: int, scores: list[int], bags: list[int]) -> float:
        """The hand's points for ``team`` less the other sides' average, by the table's rules."""
        result = score_hand(
            self.rules,
            hand_number=2,
            dealer=0,
            bids=self.bids,
            blind=self.blind,
            tricks=taken,
            scores=scores,
            bags=bags,
            num_tricks=self.num_tricks,
        )
        totals = [t.total for t in result.teams]
        others = [x for t, x in enumerate(totals) if t != team]
        return totals[team] - sum(others) / len(others)
