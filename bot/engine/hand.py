"""The state of one hand of a game, from its deal to its score.

``Game`` keeps the game's lasting state (scores, bags, history, dealer) on itself and
everything that lives one hand in a ``HandState``, made fresh by each deal, as python-chess
keeps a board's state in one record: a new hand (or a redeal) is one new record, and no
field of the last hand can be left behind. Compiled (setup.py), this is a native class: a
field is a C struct member, read as cheaply as the game's own attributes.
"""

from __future__ import annotations

from bot.engine.events import TrickRecord


class HandState:
    """One hand's state. Cards are physical indices and hands bit masks (bot.engine.deck);
    bids are trick counts (``None``: not bid yet)."""

    __slots__ = (
        "ace_pending",
        "bid_itself",
        "bids",
        "blind",
        "broken",
        "call_low",
        "called",
        "claim_failed",
        "claim_set",
        "completed",
        "dark",
        "dark_big",
        "declared",
        "discarded",
        "dummy_order",
        "exposed",
        "extra_required",
        "half",
        "hands",
        "leader",
        "looked",
        "low_aces",
        "mo_seat",
        "no_trump",
        "pass_count",
        "pass_partner",
        "passed",
        "raised",
        "raising",
        "received",
        "renege_calls",
        "renege_set",
        "reneged",
        "rest_claimed_by",
        "side_done",
        "stock",
        "taken",
        "trick",
        "trick_no",
    )

    def __init__(self, players: int, sides: int, leader: int, bid_itself: bool) -> None:
        n = players
        self.hands: list[int] = [0] * n
        self.bids: list[int | None] = [None] * n
        self.blind: list[bool] = [False] * n
        # Which seats have seen their cards (set by the deal once it knows who may bid blind).
        self.looked: list[bool] = [True] * n
        # The first hand is bid by the cards themselves (first_hand_bids_itself).
        self.bid_itself = bid_itself
        self.taken: list[int] = [0] * n
        # The trick on the table: (seat, physical card) in the order played.
        self.trick: list[tuple[int, int]] = []
        self.leader = leader
        self.trick_no = 0
        self.completed: list[TrickRecord] = []
        self.broken = False
        # Renege: who reneged, sides set by a proven call, tricks added to sides' bids,
        # and the calls made (caller, accused, proven).
        self.reneged: list[bool] = [False] * n
        self.renege_set: list[bool] = [False] * sides
        self.extra_required: list[int] = [0] * sides
        self.renege_calls: list[tuple[int, int, bool]] = []
        # After a failed claim: each seat's cards face up, sides that may not claim again
        # this hand, sides set by their claim.
        self.exposed: list[int] = [0] * n
        self.claim_failed: list[bool] = [False] * sides
        self.claim_set: list[bool] = [False] * sides
        # The seat whose claim took the rest of the tricks, the last one among them.
        self.rest_claimed_by: int | None = None
        # Nil passing: each passing seat's partner and count, what each passed and received.
        self.pass_partner: dict[int, int] = {}
        self.pass_count: dict[int, int] = {}
        self.passed: dict[int, list[int]] = {}
        self.received: dict[int, list[int]] = {}
        # Mo, Moe or Bemo (rules' mo): each side's declaration (0 none, 1 Little, 2 Big) and
        # the seat that made it (-1: none this hand).
        self.declared: list[int] = [0] * sides
        self.mo_seat = -1
        # Raising bids before the first card (rules' raise_bids): under way, and whether
        # anyone raised in the round under way.
        self.raising = False
        self.raised = False
        # Partnership bidding and Blind Moon (000:111, 000:122): sides whose bid is made for
        # both partners. Nil In The Dark (000:163): each dark seat's card order (filled at
        # its first play) and the seats whose Blind Nil went dark (scored 250).
        self.side_done: list[bool] = [False] * sides
        self.dark: dict[int, list[int]] = {}
        self.dark_big: list[int] = []
        # No-trump bids (000:113): the seats that bid no trump this hand.
        self.no_trump: list[int] = []
        # Half Tricks (000:124): each seat's half bid as said (3 for 3 and a half), -1 for
        # none.
        self.half: list[int] = [-1] * n
        # Two players: the cards still to draw, and each seat's discards (logical mask).
        self.stock: list[int] = []
        self.discarded: list[int] = [0] * n
        # High/Low (003:65) and Aces High/Low (000:143): whether the trick on the table is
        # called, and low; the seats whose Ace in it was called low (a mask); the seat that
        # has just played an Ace and must call it (-1: none).
        self.called = False
        self.call_low = False
        self.low_aces = 0
        self.ace_pending = -1
        # Dummy hands (003:152): each dummy's face-down cards, in the order they are turned.
        self.dummy_order: dict[int, list[int]] = {}
