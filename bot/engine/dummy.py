"""Berkley's two-player game with dummy hands (rules' ``dummy_hands``, 003:98-152).

Four hands of 13 go round the table as four seats: 0 and 2 are the players' own hands, seen
whole; 3 and 1 are their dummies, each on its player's right, so it plays just before
its player (003:108, 003:146: "A, C, D, then B", a dummy then its player). A dummy's
first six cards dealt lie face up for both players once they have looked (003:140); the
rest stay face down, seen by nobody, and are turned one at a time in the order they were
dealt when the dummy's play calls for it (003:152).

A dummy's play is forced except where the seed leaves a choice. The turning is done as
soon as the dummy comes to play (``turn``), so every card its legal plays offer is face up
already (``play_mask``):

- leading: any face-up card; with none, its first face-down card is turned and led;
- following: a face-up card of the suit led; else a face-up spade; else face-down cards
  are turned until one is of the suit led or a spade, and that card is played; if none
  is, every card is face up and any may be played.

Not compiled: the game calls it only at a table that plays dummies.
"""

from __future__ import annotations

from typing import Final

from bot.engine.deck import DeckInfo
from bot.engine.hand import HandState

# 003:140: "each player turns over six cards from the hand to the right".
FACE_UP: Final = 6
# Seats 0 and 2 are the players; each one's dummy is the seat on its right (003:108).
TEAMS: Final[tuple[tuple[int, ...], ...]] = ((0, 3), (2, 1))


def is_dummy(seat: int) -> bool:
    return seat % 2 == 1


def owner(seat: int) -> int:
    """The seat that plays ``seat``'s cards: itself, or a dummy's player."""
    return (seat + 1) % 4 if seat % 2 else seat


def dummy_of(seat: int) -> int:
    """The dummy of player ``seat`` (the hand on its right)."""
    return (seat + 3) % 4


def lay_out(hand: HandState, dealt: list[list[int]]) -> None:
    """Each dummy's first ``FACE_UP`` cards dealt face up, the rest face down in the order
    dealt; ``dealt[s]`` is seat ``s``'s physical cards in the order dealt."""
    for seat in (1, 3):
        cards = dealt[seat]
        hand.exposed[seat] = sum(1 << c for c in cards[:FACE_UP])
        hand.dummy_order[seat] = list(cards[FACE_UP:])
        # A dummy looks at nothing and bids nothing: its player does (003:120-138).
        hand.looked[seat] = True


def turn(hand: HandState, seat: int, deck: DeckInfo) -> list[int]:
    """Turn the face-down cards the dummy ``seat`` must turn now that it is to play
    (003:152); returns them, in order."""
    up = hand.hands[seat] & hand.exposed[seat]
    wanted = None
    if hand.trick:
        led = deck.suit_of[hand.trick[0][1]]
        wanted = deck.suit_phys[led] | deck.trump_phys
    turned = to_turn(up, hand.dummy_order[seat], wanted)
    for card in turned:
        hand.exposed[seat] |= 1 << card
    return turned


def to_turn(up: int, order: list[int], wanted: int | None) -> list[int]:
    """The face-down cards a dummy with face-up cards ``up`` turns before it plays,
    taken from the front of ``order`` (its face-down cards, in the order dealt) and
    returned in order (003:152). ``wanted``: the cards that would do (the suit led and
    spades), or ``None`` when the dummy leads. The search's playouts turn by it too."""
    turned: list[int] = []
    if wanted is None:
        # "If one of the hands to the right is the first to play to begin a trick, and no
        # cards are face up, then the first card that is face down must be played."
        if not up and order:
            turned.append(order.pop(0))
    elif not up & wanted:
        # "cards should be pulled one at a time and placed face up until a spade or a
        # card matching the first card of the trick appears"
        while order:
            card = order.pop(0)
            turned.append(card)
            if (1 << card) & wanted:
                break
    return turned


def play_mask(
    hand: HandState, seat: int, deck: DeckInfo, legal: tuple[int, int], why: int
) -> tuple[int, int]:
    """The dummy's plays from the trick rules' ``legal``: its face-up cards the seed allows
    (``why`` names the refusal of the others)."""
    held = hand.hands[seat]
    up = held & hand.exposed[seat]
    if hand.trick:
        led = deck.suit_of[hand.trick[0][1]]
        # Face-up cards of the suit led; else a face-up spade; else (every card turned,
        # none of either) any card (003:152).
        allowed = up & deck.suit_phys[led] or up & deck.trump_phys or up
    else:
        allowed = up
    both = allowed & legal[0]
    if both == legal[0]:
        return legal
    return (both or allowed), why
