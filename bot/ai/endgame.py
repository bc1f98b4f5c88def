"""Exact play of the last tricks of one sampled deal (a double-dummy solver).

Once every hand is down to a few cards the search stops guessing how the rest goes: with
every hand known (one sampled world) it looks at every way the remaining tricks can be
played, the searching seat's side choosing its best card and every other seat the card
worst for that side (the "paranoid" view, exact when two sides play), and values the end
with the table's real scoring. Alpha-beta cuts branches that cannot matter, and cards of
one hand that no outstanding card separates (the 9 and 8 of a suit when the 10 is gone or
in the same hand) are tried once, because they take the same tricks.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bot.ai.playout import Position
from bot.engine.deck import COPY_SHIFT, TRUMP
from bot.engine.tricks import TrickRules

# The value of a finished hand from the tricks each seat took.
Leaf = Callable[[list[int]], float]


class Endgame:
    """Exact value of positions for one side, with a cache of leaf values."""

    def __init__(self, tricks: TrickRules, team: int, leaf: Leaf, *, merge: bool = True) -> None:
        self.tricks = tricks
        self.deck = tricks.deck
        self.n = tricks.rules.players
        self.num_tricks = tricks.deck.num_tricks
        self.team = team
        self.mine = [t == team for t in tricks.team_of]
        self.leaf = leaf
        self.merge = merge
        self.leaves: dict[tuple[int, ...], float] = {}
        self.nodes = 0

    def value(self, pos: Position) -> float:
        """The side's value of ``pos`` with best play by everyone from here."""
        return self._search(
            list(pos.hands),
            list(pos.trick),
            pos.leader,
            pos.trick_no,
            pos.broken,
            list(pos.taken),
            -math.inf,
            math.inf,
        )

    def _leaf(self, taken: list[int]) -> float:
        key = tuple(taken)
        value = self.leaves.get(key)
        if value is None:
            value = self.leaf(list(taken))
            self.leaves[key] = value
        return value

    def _search(
        self,
        hands: list[int],
        trick: list[tuple[int, int]],
        leader: int,
        trick_no: int,
        broken: bool,
        taken: list[int],
        alpha: float,
        beta: float,
    ) -> float:
        self.nodes += 1
        if trick_no >= self.num_tricks:
            return self._leaf(taken)
        seat = (leader + len(trick)) % self.n
        mask, _ = self.tricks.legal_mask(seat, hands[seat], trick, trick_no, broken, True)
        if not mask:
            # Nothing left to play (cards removed from the deal): the hand is over.
            return self._leaf(taken)
        maximise = self.mine[seat]
        best = -math.inf if maximise else math.inf
        for card in self.moves(mask, hands, trick, seat):
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            hands[seat] ^= 1 << card
            trick.append((seat, logical))
            now_broken = broken or self.deck.suit_of[logical] == TRUMP
            if len(trick) == self.n:
                winner, _ = self.tricks.winner(trick)
                if winner < 0:
                    # 000:147: a dead trick is nobody's, and its leader leads again.
                    value = self._search(
                        hands, [], leader, trick_no + 1, now_broken, taken, alpha, beta
                    )
                else:
                    taken[winner] += 1
                    value = self._search(
                        hands, [], winner, trick_no + 1, now_broken, taken, alpha, beta
                    )
                    taken[winner] -= 1
            else:
                value = self._search(hands, trick, leader, trick_no, now_broken, taken, alpha, beta)
            trick.pop()
            hands[seat] ^= 1 << card
            if maximise:
                if value > best:
                    best = value
                alpha = max(alpha, best)
            else:
                if value < best:
                    best = value
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def moves(
        self, mask: int, hands: list[int], trick: list[tuple[int, int]], seat: int
    ) -> list[int]:
        """One card of each run of equivalent legal cards (all of them when not merging)."""
        cards: list[int] = []
        m = mask
        while m:
            bit = m & -m
            cards.append(bit.bit_length() - 1)
            m ^= bit
        if not self.merge or len(cards) < 2:
            return cards
        suit_of = self.deck.suit_of
        power = self.deck.power
        # Powers of the cards outside this hand that can still meet these: other hands
        # and the trick on the table, by suit.
        outside: dict[int, list[int]] = {}
        for other in range(self.n):
            if other == seat:
                continue
            h = hands[other]
            while h:
                bit = h & -h
                h ^= bit
                c = bit.bit_length() - 1
                c = c - COPY_SHIFT if c >= COPY_SHIFT else c
                outside.setdefault(suit_of[c], []).append(power[c])
        for _, c in trick:
            outside.setdefault(suit_of[c], []).append(power[c])

        def key(card: int) -> tuple[int, int]:
            c = card - COPY_SHIFT if card >= COPY_SHIFT else card
            return suit_of[c], power[c]

        cards.sort(key=key)
        kept = [cards[0]]
        for card in cards[1:]:
            suit, p = key(card)
            prev_suit, prev_p = key(kept[-1])
            if suit == prev_suit and not any(prev_p <= q <= p for q in outside.get(suit, ())):
                continue
            kept.append(card)
        return kept
