"""The pure Spades rules engine: no I/O, no clock, randomness only from a seed."""

from importlib.machinery import EXTENSION_SUFFIXES

from bot.engine import game
from bot.engine.actions import (
    Action,
    Bid,
    CallHighLow,
    CallRenege,
    Claim,
    Declare,
    Draw,
    PassCards,
    PlayCard,
    Raise,
    RequestRedeal,
    RevealCards,
)
from bot.engine.audit import HandRecord, hand_records
from bot.engine.cards import ALL_CARDS, Card, Suit
from bot.engine.codec import (
    action_from_json,
    action_to_json,
    event_from_json,
    event_to_json,
    view_from_json,
    view_to_json,
)
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
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HighLowCalled,
    PassingStarted,
    PlayStarted,
    Redealt,
    RenegeCalled,
    TrickRecord,
    TrickWon,
)
from bot.engine.game import Game, IllegalAction
from bot.engine.rules import PRESETS, Rules, allowed_values, parse_option_value, value_choices
from bot.engine.scoring import HandResult, SeatOutcome, TeamHandResult, score_hand
from bot.engine.views import Phase, SeatView

# Whether the hot path runs compiled: the modules setup.py compiles with mypyc are then
# extension modules. Both modes run the same source and give the same games.
COMPILED: bool = (game.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "ALL_CARDS",
    "COMPILED",
    "PRESETS",
    "Action",
    "Bid",
    "BidMade",
    "BidRaised",
    "BooksMade",
    "CallHighLow",
    "CallRenege",
    "Card",
    "CardDrawn",
    "CardPlayed",
    "CardsPassed",
    "CardsRevealed",
    "Claim",
    "ClaimAccepted",
    "ClaimFailed",
    "Declare",
    "Declared",
    "Draw",
    "Event",
    "Game",
    "GameOver",
    "HandDealt",
    "HandRecord",
    "HandResult",
    "HandScored",
    "HighLowCalled",
    "IllegalAction",
    "PassCards",
    "PassingStarted",
    "Phase",
    "PlayCard",
    "PlayStarted",
    "Raise",
    "Redealt",
    "RenegeCalled",
    "RequestRedeal",
    "RevealCards",
    "Rules",
    "SeatOutcome",
    "SeatView",
    "Suit",
    "TeamHandResult",
    "TrickRecord",
    "TrickWon",
    "action_from_json",
    "action_to_json",
    "allowed_values",
    "event_from_json",
    "event_to_json",
    "hand_records",
    "parse_option_value",
    "score_hand",
    "value_choices",
    "view_from_json",
    "view_to_json",
]
