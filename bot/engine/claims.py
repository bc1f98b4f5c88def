"""Judging a claim against the real deal: does the claimer's side take every trick left?

"Holds" means: whatever the other seats play, the claimer's side can play so that each
remaining trick is won by one of its seats that did not bid Nil. The answer is exact and
always definite, from a search over every legal line kept small by facts that change no
answer:

- Cards of one seat with no card of another kind of seat between them are the same card
  for this question; one of them is tried. At the start of each trick a position is
  remembered by the order of its cards, not their ranks.
- Where no rule depends on how high a card is (no obligation to beat a trump), a seat
  against the claim is never worse off keeping a higher card of a suit than a lower one,
  so of the cards that cannot take the trick it plays the lowest of each suit; a Nil
  bidder of the claimer's side, the highest.
- Quick answers at the start of a trick: a seat on lead that can lay its hand down and
  win every trick (``sure_run``); a seat against the claim with trumps the side's
  winners cannot all beat.
- Before the search proper, the same search with the claimer's side free to choose which
  of its winners leads each trick: it can only help the side, so a claim it beats is
  beaten. Then no winner can stand in its partner's way, the winners' cards are all one
  kind, and each of them also keeps its highest cards; a false claim is usually found
  far sooner there.

A member may claim at the first card of a six-player hand, where the whole search can
take minutes, so ``judge`` takes a budget of work (positions searched, counted, never
timed, so the same claim gets the same answer everywhere) and answers ``UNDECIDED`` when
the search needs more. Within the budget the answer is the exact one: a larger budget
only turns ``UNDECIDED`` into an answer, never one answer into the other.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, final

from bot.engine.deck import COPY_SHIFT, TRUMP
from bot.engine.tricks import TrickRules

# Positions a claim's search may visit: 15-40 us each in plain Python (a six-player hand's
# double deck costs most), so a claim is answered within about 0.4 s of one core at worst
# (``python -m bot bench claims``). Claims that need more are rare and are early claims at
# six-player tables: over seeded play, 6 in 400 were settled between 10,000 and 25,000
# positions, 45 not even at 25,000.
CLAIM_BUDGET: Final = 10_000

# Kinds of seat whose cards' order matters to each other (see the module docstring).
_AGAINST: Final = -1
_WINNERS: Final = -2
# Markers in a position's key: a card held twice (a double deck's two copies in two
# hands), the end of a suit, and no run of cards yet.
_TIE: Final = -3
_SUIT_END: Final = -4
_NO_RUN: Final = -5

# Each seat's cards as a physical mask; the cards on the table as (seat, logical card).
Hands = list[int]
Trick = list[tuple[int, int]]


class Verdict(StrEnum):
    """A claim judged: it holds, it fails, or the budget ran out before either was shown."""

    HOLDS = "holds"
    FAILS = "fails"
    UNDECIDED = "undecided"


class _OutOfBudget(Exception):
    """The search has used its budget: the claim is undecided."""


@final
class ClaimJudge:
    """Claim checks for one table; ``holds`` answers one claim."""

    def __init__(self, tricks: TrickRules) -> None:
        self.tricks = tricks
        deck = tricks.deck
        self.n: int = len(tricks.team_of)
        self.num_tricks: int = deck.num_tricks
        self.double: bool = deck.double
        self.suit_of: tuple[int, ...] = deck.suit_of
        self.power: tuple[int, ...] = deck.power
        self.trump_phys: int = deck.trump_phys
        # With an obligation to beat a trump, which cards a seat may play depends on how
        # high they are against every other seat's: no seats share a kind then.
        # 000:147 Cancellation Spades: a card's twin can cancel it whatever its rank, so
        # the shortcuts by rank do not hold there either.
        self.exact: bool = tricks.must_trump != "off" or tricks.cancel
        present = {card % COPY_SHIFT for card in deck.cards}
        # Each suit's cards from the highest down, trumps first.
        self.order: list[list[int]] = [
            sorted((c for c in present if deck.suit_of[c] == suit), key=lambda c: -deck.power[c])
            for suit in (TRUMP, 0, 1, 2)
        ]
        self.suit_masks: list[int] = [sum(1 << c for c in cards) for cards in self.order]
        self.strength: list[int] = [
            deck.power[c] + (1000 if deck.suit_of[c] == TRUMP else 0) for c in range(COPY_SHIFT)
        ]
        self.ours: list[bool] = []
        self.wins: list[bool] = []
        self.winners: list[int] = []
        self.kind: list[int] = []
        self.free_lead = False
        self.memo: dict[tuple[int, ...], bool] = {}
        self.seen: dict[tuple[int, ...], bool] = {}
        # Positions searched by the last ``judge``, and the count that stops it (0: never).
        self.nodes: int = 0
        self.stop: int = 0

    def holds(
        self,
        hands: Hands,
        trick: Trick,
        leader: int,
        trick_no: int,
        broken: bool,
        side: int,
        nil: list[bool],
    ) -> bool:
        """Whether side ``side`` takes every remaining trick whatever the others play,
        however long the search takes (see ``judge``)."""
        verdict = self.judge(hands, trick, leader, trick_no, broken, side, nil, 0)
        return verdict is Verdict.HOLDS

    def judge(
        self,
        hands: Hands,
        trick: Trick,
        leader: int,
        trick_no: int,
        broken: bool,
        side: int,
        nil: list[bool],
        budget: int,
    ) -> Verdict:
        """Whether side ``side`` takes every remaining trick whatever the others play,
        shown by searching at most ``budget`` positions (0: as many as it takes).

        ``hands`` are physical masks, ``trick`` the cards on the table as (seat, logical
        card), ``nil[s]`` whether seat ``s`` bid Nil (a Nil bidder's trick is not the
        side's). Neither list is changed.
        """
        team_of = self.tricks.team_of
        n = self.n
        self.ours = [team_of[s] == side for s in range(n)]
        self.wins = [self.ours[s] and not nil[s] for s in range(n)]
        self.winners = [s for s in range(n) if self.wins[s]]
        self.nodes = 0
        self.stop = budget + 1 if budget > 0 else 0
        if self._short_of_trumps(hands, trick):
            return Verdict.FAILS
        if not trick and self.wins[leader] and self._sure_lead(hands, leader, trick_no, broken):
            return Verdict.HOLDS
        try:
            for free_lead in (False,) if self.exact else (True, False):
                self._begin(free_lead)
                if not self._node(list(hands), list(trick), leader, trick_no, broken):
                    return Verdict.FAILS
            return Verdict.HOLDS
        except _OutOfBudget:
            self.nodes = budget
            return Verdict.UNDECIDED
        finally:
            self.memo = {}
            self.seen = {}

    def _begin(self, free_lead: bool) -> None:
        """Set up a search: the one proper, or the one where the side's winners take turns
        to lead as they like (``free_lead``, see the module docstring)."""
        self.free_lead = free_lead
        if self.exact:
            self.kind = list(range(self.n))
        else:
            own = _WINNERS if free_lead else None
            self.kind = [
                (s if own is None else own) if self.wins[s] else _AGAINST for s in range(self.n)
            ]
        self.memo = {}
        self.seen = {}

    def _short_of_trumps(self, hands: Hands, trick: Trick) -> bool:
        """Whether a seat that cannot win for the claim holds trumps the side's winners
        cannot all beat: each of its trumps falls in a different trick, and each needs a
        winner's trump at least as high in that trick, a different one each time. Not
        under Cancellation Spades (000:147), where two of its trumps may cancel."""
        if self.tricks.cancel:
            return False
        power = self.power
        ours: list[int] = []
        theirs: list[list[int]] = [[] for _ in range(self.n)]
        for seat in range(self.n):
            for card in _cards(hands[seat] & self.trump_phys):
                (ours if self.wins[seat] else theirs[seat]).append(power[card])
        for seat, card in trick:
            if self.wins[seat] and self.suit_of[card] == TRUMP:
                ours.append(power[card])
        ours.sort(reverse=True)
        for powers in theirs:
            powers.sort(reverse=True)
            covers = 0
            for need, p in enumerate(powers, start=1):
                # Winners' trumps at least as high as this one (a tie counts as covered).
                while covers < len(ours) and ours[covers] >= p:
                    covers += 1
                if covers < need:
                    return True
        return False

    def _node(self, hands: Hands, trick: Trick, leader: int, trick_no: int, broken: bool) -> bool:
        """The claim's outcome from a position inside a trick (or at its start)."""
        self.nodes += 1
        if self.nodes == self.stop:
            raise _OutOfBudget
        n = self.n
        actor = (leader + len(trick)) % n
        mask = self.tricks.legal_mask(actor, hands[actor], trick, trick_no, broken, True)[0]
        ours = self.ours[actor]
        for card in self._ordered(actor, self._candidates(actor, mask, hands, trick), trick):
            logical = card - COPY_SHIFT if card >= COPY_SHIFT else card
            bit = 1 << card
            hands[actor] ^= bit
            trick.append((actor, logical))
            now_broken = broken or self.suit_of[logical] == TRUMP
            if len(trick) < n:
                ok = self._node(hands, trick, leader, trick_no, now_broken)
            else:
                winner = self.tricks.winner(trick)[0]
                # A dead trick (000:147, winner -1) is not the side's.
                if winner < 0 or not self.wins[winner]:
                    ok = False
                elif trick_no + 1 == self.num_tricks:
                    ok = True
                elif self.free_lead:
                    ok = any(
                        self._next_trick(hands, lead, trick_no + 1, now_broken)
                        for lead in self.winners
                    )
                else:
                    ok = self._next_trick(hands, winner, trick_no + 1, now_broken)
            trick.pop()
            hands[actor] ^= bit
            if ok == ours:
                return ours
        return not ours

    def _ordered(self, actor: int, cards: list[int], trick: Trick) -> list[int]:
        """The cards worth trying, the likeliest to settle the question first."""
        strength = self.strength
        if not trick:
            # A lead: high from the side's winners and from the other seats, low from the
            # side's Nil bidder.
            ranked = sorted(cards, key=lambda c: strength[c % COPY_SHIFT], reverse=True)
            return ranked[::-1] if self.ours[actor] and not self.wins[actor] else ranked
        beating: list[int] = []
        rest: list[int] = []
        for card in cards:
            trick.append((actor, card % COPY_SHIFT))
            (beating if self.tricks.winner(trick)[0] == actor else rest).append(card)
            trick.pop()
        beating.sort(key=lambda c: strength[c % COPY_SHIFT])
        rest.sort(key=lambda c: strength[c % COPY_SHIFT])
        if self.wins[actor]:
            if self.free_lead and not self.exact:
                rest = _first_of_each_suit(rest, self.suit_of)
            # Duck under a partner who has the trick, else take it as cheaply as possible.
            ahead = self.tricks.winner(trick)[0]
            if ahead >= 0 and self.wins[ahead]:
                return rest + beating
            return beating + rest
        if not self.exact:
            # The lowest (against the claim) or highest (the side's Nil bidder) of each
            # suit among the cards that cannot take the trick: see the module docstring.
            rest = _first_of_each_suit(rest if not self.ours[actor] else rest[::-1], self.suit_of)
        if self.ours[actor]:
            return rest + beating
        # Against the claim: the highest card that takes the trick for now first.
        return beating[::-1] + rest

    def _next_trick(self, hands: Hands, leader: int, trick_no: int, broken: bool) -> bool:
        # The same cards reached by another order of play are found without the key.
        exact = (leader, int(broken), *hands)
        known = self.seen.get(exact)
        if known is not None:
            return known
        key = self._key(hands, leader, broken)
        known = self.memo.get(key)
        if known is not None:
            self.seen[exact] = known
            return known
        if self._sure_lead(hands, leader, trick_no, broken):
            result = True
        elif self._short_of_trumps(hands, []):
            result = False
        else:
            result = self._node(hands, [], leader, trick_no, broken)
        self.memo[key] = result
        self.seen[exact] = result
        return result

    def _sure_lead(self, hands: Hands, leader: int, trick_no: int, broken: bool) -> bool:
        others = 0
        for seat in range(self.n):
            if seat != leader:
                others |= hands[seat]
        return sure_run(self.tricks, leader, hands[leader], others, trick_no, broken)

    def _candidates(self, actor: int, mask: int, hands: Hands, trick: Trick) -> list[int]:
        """The actor's legal cards, one of each run of equivalent cards."""
        kind = self.kind
        mine = kind[actor]
        others = 0
        for seat in range(self.n):
            if kind[seat] != mine:
                others |= self._logical(hands[seat])
        for seat, card in trick:
            if kind[seat] != mine:
                others |= 1 << card
        legal = self._logical(mask)
        out: list[int] = []
        for suit_mask, cards in zip(self.suit_masks, self.order, strict=True):
            if not legal & suit_mask:
                continue
            apart = True
            for c in cards:
                bit = 1 << c
                if others & bit:
                    apart = True
                if legal & bit:
                    if apart:
                        out.append(c if mask & bit else c + COPY_SHIFT)
                        apart = False
                    if others & bit:
                        apart = True
        return out

    def _logical(self, mask: int) -> int:
        if self.double:
            return (mask | (mask >> COPY_SHIFT)) & ((1 << COPY_SHIFT) - 1)
        return mask

    def _key(self, hands: Hands, leader: int, broken: bool) -> tuple[int, ...]:
        """The position by the order of its cards: runs of one kind of seat in each suit,
        each run as its length and the sorted seats holding its cards."""
        kind = self.kind
        holder = [-1] * COPY_SHIFT
        twin = [-1] * COPY_SHIFT if self.double else holder
        for seat in range(self.n):
            mask = hands[seat]
            while mask:
                low = mask & -mask
                mask ^= low
                card = low.bit_length() - 1
                if card >= COPY_SHIFT:
                    card -= COPY_SHIFT
                if holder[card] < 0:
                    holder[card] = seat
                else:
                    twin[card] = seat
        out = [leader, int(broken)]
        run: list[int] = []
        for cards in self.order:
            run_kind = _NO_RUN
            for card in cards:
                first = holder[card]
                if first < 0:
                    continue
                second = twin[card] if self.double else -1
                tie = second >= 0 and kind[first] != kind[second]
                if tie or kind[first] != run_kind:
                    if run:
                        out.append(len(run))
                        out += sorted(run)
                        run = []
                    run_kind = _NO_RUN if tie else kind[first]
                if tie:
                    out += (_TIE, first, second)
                    continue
                run.append(first)
                if second >= 0:
                    run.append(second)
            if run:
                out.append(len(run))
                out += sorted(run)
                run = []
            out.append(_SUIT_END)
        return tuple(out)


def _first_of_each_suit(cards: list[int], suit_of: tuple[int, ...]) -> list[int]:
    """The first card of each suit in ``cards``, in their order."""
    seen = 0
    out: list[int] = []
    for card in cards:
        suit_bit = 1 << suit_of[card % COPY_SHIFT]
        if not seen & suit_bit:
            seen |= suit_bit
            out.append(card)
    return out


def sure_run(
    tricks: TrickRules, seat: int, own: int, out: int, trick_no: int, broken: bool
) -> bool:
    """Whether a seat on lead holding ``own`` takes every remaining trick by itself, with
    the cards of ``out`` (physical masks) anywhere among the others.

    The plan is the one a player lays down when claiming: lead the top trumps until no
    other trump can be left, then every other card; each lead must be legal and beat
    every card of ``out`` that could be played to it.
    """
    deck = tricks.deck
    power = deck.power
    suit_of = deck.suit_of
    cards = _cards(own)
    top_out = [-1, -1, -1, -1]
    draw = 0
    for c in _cards(out):
        suit = suit_of[c]
        top_out[suit] = max(top_out[suit], power[c])
        if suit == TRUMP:
            draw += 1
    trumps = sorted((c for c in cards if suit_of[c] == TRUMP), key=lambda c: -power[c])
    if len(trumps) < draw:
        return False
    plan = trumps[:draw] + [c for c in cards if suit_of[c] != TRUMP] + trumps[draw:]
    hand = own
    for step, card in enumerate(plan):
        suit = suit_of[card]
        # Once the top trumps have drawn every other trump, a trump lead cannot be beaten.
        best = top_out[TRUMP] if step < draw else (-1 if suit == TRUMP else top_out[suit])
        if (
            tricks.ranked_suits
            and suit != TRUMP
            and max(top_out[suit + 1 : TRUMP], default=-1) >= 0
        ):
            # 000:139 ranked suits: a card of a higher suit out there could take the lead.
            return False
        if power[card] < best or (power[card] == best and (tricks.later_wins or tricks.cancel)):
            # A twin out there may take the lead's trick, or cancel it (000:147).
            return False
        legal = tricks.legal_mask(seat, hand, [], trick_no + step, broken, True)[0]
        bit = 1 << card if hand >> card & 1 else 1 << (card + COPY_SHIFT)
        if not legal & bit:
            return False
        hand ^= bit
        broken = broken or suit == TRUMP
    return True


def _cards(mask: int) -> list[int]:
    """Logical cards of a physical mask, a card held twice listed twice."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        out.append(card - COPY_SHIFT if card >= COPY_SHIFT else card)
    return out
