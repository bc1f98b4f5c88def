"""Trick rules: which cards a seat may play and who wins a trick.

One implementation serves the game, its claim checks and the bots' fast playouts, so a
simulated trick can never follow different rules from a real one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Final, final

from bot.engine.cards import BIG_JOKER, LITTLE_JOKER, Suit
from bot.engine.deck import COPY_SHIFT, JUNK, TRUMP, DeckInfo, deck_info
from bot.engine.rules import Rules

# Why a card was restricted, so an illegal play gets a sentence a player can read.
FOLLOW: Final = 0
LOW_CLUB: Final = 1
LEAD_TRUMP: Final = 2
FIRST_TRUMP: Final = 3
MUST_TRUMP: Final = 4
OVERTRUMP: Final = 5
FREE: Final = 6
SPADES_LAST: Final = 7
BIG_JOKER_LED: Final = 8
# The "winner" of a dead trick (000:147 Cancellation Spades): every card that could take it
# was cancelled by its twin, so nobody takes it.
NOBODY: Final = -1
_ACE_OF_SPADES: Final = int(Suit.SPADES) * 13 + 12


def bits(mask: int) -> Iterable[int]:
    """The set bit positions of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@final
class TrickRules:
    """The play rules of one table, on bitmask hands."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.deck: DeckInfo = deck_info(rules.deck, rules.players, rules.deal_shape)
        self.team_of = [0] * rules.players
        for team, seats in enumerate(rules.teams):
            for seat in seats:
                self.team_of[seat] = team
        self.later_wins = rules.identical_cards == "later_wins"
        if rules.jokers_first_wins:
            # 000:137: the two Jokers rank alike, and of two alike the first played wins (a
            # single deck: no other two cards rank alike).
            power = list(self.deck.power)
            power[BIG_JOKER] = power[LITTLE_JOKER]
            self.deck = replace(self.deck, power=tuple(power))
            self.later_wins = False
        self.renege_on = rules.allow_renege != "no"
        # Options read on every play, copied out of the pydantic model: its attributes take
        # several times longer to read than a plain object's.
        self.low_club = rules.low_club_first_trick
        # Whoever leads the first trick leads their lowest club: under low_club_first_trick
        # and under Deuce Starts (low_club_leads), which leaves the others free.
        self.low_club_lead = rules.low_club_first_trick or rules.low_club_leads
        # Tricks before this one may not take a trump from a seat that holds another suit
        # (led or played): the first trick under no_spades_first_trick, every trick under
        # Screamers (spades_last).
        self.trump_barred = (
            deck_info(rules.deck, rules.players, rules.deal_shape).num_tricks
            if rules.spades_last
            else (1 if rules.no_spades_first_trick else 0)
        )
        self.trump_barred_why = SPADES_LAST if rules.spades_last else FIRST_TRUMP
        self.lead_spades = rules.lead_spades
        self.must_trump = rules.must_trump
        # 000:183: the A♠ (both copies) may be led while spades may not; 0 when not played.
        self.ace_lead = (
            (1 << _ACE_OF_SPADES) | (1 << (_ACE_OF_SPADES + COPY_SHIFT))
            if rules.ace_of_spades_lead
            else 0
        )
        self.big_joker_lead = rules.big_joker_lead
        self.ranked_suits = rules.ranked_suits
        # 000:134 Joke Trumps: a Joker makes its partners' cards joke spades.
        self.joke_trumps = rules.joke_trumps
        # 000:147 Cancellation Spades: identical cards cancel; a trick may be dead.
        self.cancel = rules.identical_cards == "cancel"
        # 000:192 junk Jokers: no suit, never take a trick; the first other card sets the
        # suit led.
        self.junk = rules.three_jokers == "junk"
        # Trick winners other than the usual: one flag read per trick on the default path.
        self.special_winner = rules.ranked_suits or rules.joke_trumps or self.cancel or self.junk
        # Calls that change a trick's winner (003:65 High/Low, 000:143 Aces High/Low): the
        # game and the playouts ask ``called_winner`` instead of ``winner`` when one is on.
        self.high_low = rules.high_low
        self.aces_high_low = rules.aces_high_low
        self.calls = rules.high_low or rules.aces_high_low
        # The claims judge plays tricks without calls, joke spades or junk Jokers: no claims
        # under them.
        self.claimable = not (self.calls or rules.joke_trumps or self.junk)

    def legal_mask(
        self,
        seat: int,
        hand: int,
        trick: list[tuple[int, int]],
        trick_no: int,
        broken: bool,
        strict: bool,
    ) -> tuple[int, int]:
        """(physical mask of the cards ``seat`` may play, why the rest are barred).

        ``strict`` ignores a table's permission to renege (to detect a renege).
        """
        deck = self.deck
        if not trick:
            if trick_no == 0 and self.low_club_lead:
                clubs = hand & deck.suit_phys[0]
                if clubs:
                    return self.lowest(clubs), LOW_CLUB
            trumps = hand & deck.trump_phys
            if trumps and trumps != hand:
                lead = self.lead_spades
                if trick_no < self.trump_barred:
                    return hand ^ trumps, self.trump_barred_why
                if (lead == "if_broken" and not broken) or (
                    lead == "after_first_trick" and trick_no == 0
                ):
                    return (hand ^ trumps) | (hand & self.ace_lead), LEAD_TRUMP
            return hand, FREE
        if self.renege_on and not strict:
            return hand, FREE
        led = deck.suit_of[trick[0][1]]
        if led == JUNK:
            led = self.led_suit(trick)
            if led == JUNK:
                # 000:192: only junk Jokers on the table, nothing to follow.
                return hand, FREE
        follow = hand & deck.suit_phys[led]
        if follow:
            if trick_no == 0 and led == 0 and self.low_club:
                return self.lowest(follow), LOW_CLUB
            if self.big_joker_lead and trick[0][1] == BIG_JOKER:
                return self.big_joker_answer(seat, follow, trick[0][0])
            return follow, FOLLOW
        trumps = hand & deck.trump_phys
        if trick_no < self.trump_barred and trumps != hand:
            return hand ^ trumps, self.trump_barred_why
        must = self.must_trump
        if must == "off" or not trumps:
            return hand, FREE
        best_seat, best = self.best_trump(trick)
        if must == "when_void":
            higher = self.beating(trumps, best)
            return (higher or trumps), MUST_TRUMP
        if best_seat is not None and self.team_of[best_seat] != self.team_of[seat]:
            winner, _ = self.winner(trick)
            if winner == best_seat:
                higher = self.beating(trumps, best)
                if higher:
                    return higher, OVERTRUMP
        return hand, FREE

    def big_joker_answer(self, seat: int, spades: int, leader: int) -> tuple[int, int]:
        """000:136: the Big Joker led, each opponent of the leader plays their highest
        spade; the leader's partners follow suit as usual."""
        if self.team_of[seat] == self.team_of[leader]:
            return spades, FOLLOW
        power = self.deck.power
        top = max(power[c % COPY_SHIFT] for c in bits(spades))
        out = 0
        for c in bits(spades):
            if power[c % COPY_SHIFT] == top:
                out |= 1 << c
        return out, BIG_JOKER_LED

    def lowest(self, mask: int) -> int:
        low_logical = self.deck.fold(mask)
        low_logical &= -low_logical
        return low_logical if mask & low_logical else low_logical << COPY_SHIFT

    def best_trump(self, trick: list[tuple[int, int]]) -> tuple[int | None, int]:
        best_seat, best = None, -1
        for seat, card in trick:
            if self.deck.suit_of[card] == TRUMP and self.beats(self.deck.power[card], best):
                best_seat, best = seat, self.deck.power[card]
        return best_seat, best

    def beats(self, power: int, best: int) -> bool:
        return power > best or (power == best and self.later_wins)

    def beating(self, trumps: int, best: int) -> int:
        power = self.deck.power
        out = 0
        for c in bits(trumps):
            if self.beats(power[c % COPY_SHIFT], best):
                out |= 1 << c
        return out

    def winner(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """(winning seat, winning card) of a trick by the rules."""
        if self.special_winner:
            if self.joke_trumps:
                return self.joke_winner(trick)
            if self.cancel:
                return self.cancel_winner(trick)
            if self.junk:
                return self.junk_winner(trick)
            return self.ranked_winner(trick)
        suit_of = self.deck.suit_of
        power = self.deck.power
        led = suit_of[trick[0][1]]
        later = self.later_wins
        win_seat, win_card = trick[0]
        best = power[win_card]
        # From the first card, which only finds itself again: ``trick[1:]`` would copy the
        # list on every trick.
        for seat, card in trick:
            s = suit_of[card]
            if s in (TRUMP, led):
                p = power[card]
                if p > best or (later and p == best):
                    win_seat, win_card, best = seat, card, p
        return win_seat, win_card

    def led_suit(self, trick: list[tuple[int, int]]) -> int:
        """The suit led: the first card's, or under junk Jokers (000:192) the first card's
        that is not junk (``JUNK`` while there is none)."""
        suit_of = self.deck.suit_of
        for _, card in trick:
            if suit_of[card] != JUNK:
                return suit_of[card]
        return JUNK

    def junk_winner(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """000:192 junk Jokers: the highest spade, else the highest card of the suit led
        (``led_suit``), takes the trick; a junk Joker never does."""
        suit_of = self.deck.suit_of
        power = self.deck.power
        led = self.led_suit(trick)
        win_seat, win_card = trick[0]
        best = (-1, 0)
        for seat, card in trick:
            s = suit_of[card]
            if s in (TRUMP, led):
                key = (int(s == TRUMP), power[card])
                if key > best:
                    win_seat, win_card, best = seat, card, key
        return win_seat, win_card

    def cancel_winner(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """000:147 Cancellation Spades: "If identical cards are played in a round, they
        cancel and cannot take the trick." The highest card of the led suit or spades that
        no twin cancelled takes it; with none, the trick is dead: (``NOBODY``, ``NOBODY``)."""
        suit_of = self.deck.suit_of
        power = self.deck.power
        led = suit_of[trick[0][1]]
        seen = twice = 0
        for _, card in trick:
            bit = 1 << card
            twice |= seen & bit
            seen |= bit
        win_seat = win_card = NOBODY
        best = -1
        for seat, card in trick:
            s = suit_of[card]
            if s in (TRUMP, led) and not twice >> card & 1 and power[card] > best:
                win_seat, win_card, best = seat, card, power[card]
        return win_seat, win_card

    def ranked_winner(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """000:139 Differentiated Trump Values: the highest card of the highest-ranked suit
        played that ranks at least as high as the led suit (spades, hearts, diamonds, clubs:
        the order of ``Suit``); identical cards as in ``winner``."""
        suit_of = self.deck.suit_of
        power = self.deck.power
        later = self.later_wins
        win_seat, win_card = trick[0]
        best = (suit_of[win_card], power[win_card])
        for seat, card in trick[1:]:
            key = (suit_of[card], power[card])
            if key > best or (later and key == best):
                win_seat, win_card, best = seat, card, key
        return win_seat, win_card

    def called_winner(
        self, trick: list[tuple[int, int]], low: bool, low_aces: int
    ) -> tuple[int, int]:
        """(winning seat, winning card) of a trick under the calls: ``low`` for a trick
        called low (003:67: the lowest spade, or with none the lowest card of the led suit,
        wins; spades still beat the other suits), ``low_aces`` a mask of the seats whose Ace
        was called low (000:143: below the 2 of its suit)."""
        suit_of = self.deck.suit_of
        power = self.deck.power
        led = suit_of[trick[0][1]]
        later = self.later_wins
        win_seat, win_card = trick[0]
        best = (-1, 0)
        for seat, card in trick:
            s = suit_of[card]
            if s != TRUMP and s != led:
                continue
            p = power[card]
            if low_aces >> seat & 1:
                p = 99 if s == TRUMP else 1
            key = (int(s == TRUMP), -p if low else p)
            if key > best or (later and key == best):
                win_seat, win_card, best = seat, card, key
        return win_seat, win_card

    def joke_winner(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """000:134 Joke Trumps: a Joker takes no trick by itself; it makes each card its
        partners play to the trick a joke spade of that card's rank, just below the natural
        spade of the rank. Of two joke spades of one rank, the higher Joker's wins. A Joker
        led is a spade to follow; when nothing beats it, its leader takes the trick."""
        suit_of = self.deck.suit_of
        team_of = self.team_of
        jokers = [0] * len(team_of)
        for seat, card in trick:
            if card >= LITTLE_JOKER:
                side = team_of[seat]
                jokers[side] = max(jokers[side], 2 if card == BIG_JOKER else 1)
        led = suit_of[trick[0][1]]
        win_seat, win_card = trick[0]
        best = (0, 0, 0)
        for seat, card in trick:
            if card >= LITTLE_JOKER:
                continue
            s = suit_of[card]
            rank = card % 13
            if s == TRUMP:
                key = (2, 2 * rank + 1, 0)
            elif jokers[team_of[seat]]:
                key = (2, 2 * rank, jokers[team_of[seat]])
            elif s == led:
                key = (1, rank, 0)
            else:
                continue
            if key > best:
                win_seat, win_card, best = seat, card, key
        return win_seat, win_card
