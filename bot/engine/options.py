"""The house rules the engine reads while it plays, copied out of a ``Rules`` once.

A pydantic model's attribute takes several times longer to read than a plain object's
(and compiled, a native class's attribute is a C struct field), and a game reads its rules
on every bid, deal and score. ``options_of`` makes one ``Options`` per ``Rules`` object and
hands the same one to every game, score and playout of it; nothing mutates either.

This module is compiled with the engine's hot path (setup.py).
"""

from __future__ import annotations

from typing import Final, final

from bot.engine.rules import DEFICITS, Rules, mo_terms
from bot.engine.tricks import TrickRules

# Points per overtrick by the rules' ``overtricks``.
OVERTRICK_POINTS: Final[dict[str, int]] = {
    "bags": 1,
    "no_overs": 0,
    "minus_one": -1,
    "quicksand": -10,
    "bags_no_points": 0,
}
# Overtricks that are bags (and so may cost the bag penalty).
BAG_OVERTRICKS: Final = ("bags", "minus_one", "bags_no_points")
# Overtricks whose bags cost the bag penalty.
PENALTY_OVERTRICKS: Final = ("bags", "bags_no_points")


@final
class Options:
    """The values of one ``Rules`` that the hot path reads, as plain attributes."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.tricks = TrickRules(rules)
        self.players: int = rules.players
        self.teams: tuple[tuple[int, ...], ...] = rules.teams
        self.variant: str = rules.variant
        self.claims: bool = rules.claims
        self.failed_claim: str = rules.failed_claim
        self.allow_renege: str = rules.allow_renege
        self.two_player_deal: str = rules.two_player_deal
        self.show_all_hands: bool = rules.show_all_hands
        self.first_hand_bids_itself: bool = rules.first_hand_bids_itself
        # Bidding: how far behind a side must be for blind nil, blind bids and nil (None:
        # never, 0: always).
        self.nil_on: bool = rules.nil_mode == "nil"
        self.blind_nil_need: int | None = DEFICITS[rules.blind_nil] if self.nil_on else None
        self.blind_bids_need: int | None = DEFICITS[rules.blind_bids]
        self.nil_need: int | None = DEFICITS[rules.nil_allowed]
        # Boston On Fire (000:122): how far behind a side must be to bid Blind Moon.
        self.blind_moon_need: int | None = DEFICITS[rules.blind_moon]
        self.blind_on: bool = rules.variant == "regular" and (
            self.blind_nil_need is not None
            or self.blind_bids_need is not None
            or self.blind_moon_need is not None
        )
        # Counter Bidding (000:18), Partnership bidding (000:111), Nil In The Dark (000:163);
        # bids28: any of these or Blind Moon, whose bids the game checks in one place.
        self.counter_on: bool = rules.counter_bidding
        self.side_bids: bool = rules.partnership_bidding
        self.dark_on: bool = rules.nil_in_the_dark
        # No-trump bids (000:113).
        self.no_trump_on: bool = rules.no_trump_bids
        # Half Tricks (000:124).
        self.half_on: bool = rules.half_tricks
        self.bids28: bool = (
            self.half_on
            or self.side_bids
            or self.dark_on
            or self.no_trump_on
            or self.blind_moon_need is not None
        )
        self.min_bid: int | None = rules.min_bid
        self.min_blind_bid: int = rules.min_blind_bid
        self.blind_six: str = rules.blind_six
        self.cant_total_tricks: bool = rules.cant_total_tricks
        self.deficient_hand_redeal: bool = rules.deficient_hand_redeal
        self.nil_pass: int = rules.nil_pass
        self.blind_nil_pass: int = rules.blind_nil_pass
        self.low_club_first_trick: bool = rules.low_club_first_trick
        # The lowest club's holder leads the first trick (both rules; only the first also
        # makes everyone play their lowest club).
        self.low_club_leads: bool = rules.low_club_first_trick or rules.low_club_leads
        self.each_bids_four: bool = rules.each_bids_four
        self.no_nine_bids: bool = rules.no_nine_bids
        self.high_bidder_leads: bool = rules.high_bidder_leads
        # Mo, Moe and Bemo declarations (rules' mo): on at all, instead of the side's bid, a
        # run anywhere (Moe), the declarer leads; each kind's (goal, made, lost), Little
        # then Big.
        # Raising bids before the first card (rules' raise_bids): by one only, and whether
        # rounds of raises go on while someone raises.
        self.raise_on: bool = rules.raise_bids != "off"
        self.raise_by_one: bool = rules.raise_bids == "by_one"
        self.raise_rounds: bool = rules.raise_bids == "rounds"
        self.books_made: bool = rules.books_made
        # Miser (003:83-96): the round after the bids lowers them, and it scores its own way.
        self.miser: bool = rules.miser
        # Auction Spades (000:112): one contract bid in an auction, its own scoring.
        self.auction: bool = rules.auction
        self.mo_on: bool = rules.mo != "off"
        self.mo_replaces: bool = rules.mo in ("mo", "moe", "bemo_three")
        self.mo_run: bool = rules.mo == "moe"
        self.mo_leads: bool = rules.mo == "mo"
        self.mo_terms: tuple[tuple[int, int, int], ...] = (
            mo_terms(rules.mo, self.tricks.deck.num_tricks) if self.mo_on else ()
        )
        # Passing every hand (000:148) and Hurricane's passing before the bids (003:363).
        self.pass_every_hand: int = rules.pass_every_hand
        self.hurricane_pass: str = rules.hurricane_pass
        self.kitty: str = rules.kitty
        # 000:99: the kitty holds a full round more and its discard is a trick (0 or 1).
        self.kitty_trick: int = int(rules.kitty_trick)
        self.face_up_cards: int = rules.face_up_cards
        # Berkley's dummies (003:98-152): seats 1 and 3 are played by seats 2 and 0.
        self.dummy_hands: bool = rules.dummy_hands
        self.deal_shape: str = rules.deal_shape
        self.bid_values: str = rules.bid_values
        # Game length.
        self.by_hands: bool = rules.play_to == "hands"
        self.hands_to_play: int = rules.hands_to_play
        # 000:88, 002:72: the game ends when the table says time is up (a CallTime).
        self.by_time: bool = rules.play_to == "time"
        self.target_score: int = rules.target_score
        self.mercy: str = rules.mercy
        # Scoring.
        self.nil_points: int = rules.nil_points
        self.nil_minus_10: bool = rules.nil_scoring == "minus_10_a_trick"
        self.double_nil_bonus: bool = rules.double_nil_bonus
        self.failed_nil: str = rules.failed_nil
        self.overtricks: str = rules.overtricks
        self.overtrick_points: int = OVERTRICK_POINTS[rules.overtricks]
        self.bags_count: bool = rules.overtricks in BAG_OVERTRICKS
        self.bag_limit: int = rules.bag_limit
        # The bag penalty applies: overtricks are bags and the penalty is not zero.
        self.bag_penalty: int = rules.bag_penalty if rules.overtricks in PENALTY_OVERTRICKS else 0
        self.failed_bids: str = rules.failed_bids
        self.shoot_the_moon: str = rules.shoot_the_moon
        self.ten_for_two_hundred: bool = rules.ten_for_two_hundred
        self.ten_for_two_hundred_exact: bool = rules.ten_for_two_hundred_exact
        self.ten_for_two_hundred_loss: int = rules.ten_for_two_hundred_loss
        self.team_nil: bool = rules.team_nil
        self.double_nil_wins: bool = rules.double_nil_wins
        self.double_nil_no_penalty: bool = rules.double_nil_no_penalty
        self.blind_scoring: str = rules.blind_scoring
        self.seven_or_more_bonus: bool = rules.seven_or_more_bonus
        self.last_trick_bonus: bool = rules.last_trick_bonus
        self.end_streak_bonus: int = rules.end_streak_bonus
        self.end_streak_length: int = rules.end_streak_length
        self.end_streak_breaker: bool = rules.end_streak_breaker
        self.ace_on_nil_bonus: bool = rules.ace_on_nil_bonus
        self.exact_bids: str = rules.exact_bids
        self.double_over: bool = rules.double_over
        self.exact_partners_bonus: bool = rules.exact_partners_bonus
        self.lexington: str = rules.lexington
        self.fewest_overtricks_win: bool = rules.tie_break == "fewest_overtricks"
        # Scoring rows of issue 25 that need more than bids and tricks: the game gathers
        # their inputs only when one is on.
        self.card_bonuses: bool = (
            rules.dix_bonus
            or rules.last_trick_ace_bonus
            or rules.last_trick_deuce_bonus
            or rules.last_trick_high_spade_bonus
        )
        self.highlander: bool = rules.highlander
        self.seven_tricks_streak: bool = rules.seven_tricks_streak
        self.bag_cancel_card: bool = rules.bag_cancel_card
        self.bag_cancel_cut: bool = rules.bag_cancel_cut
        self.no_deductions: bool = rules.no_deductions
        self.split_bonuses: bool = rules.split_bonuses
        self.perfect_bids_bonus: str = rules.perfect_bids_bonus
        self.renege_take_three: bool = rules.allow_renege == "take_three"
        # Evil Spades (003:13-63): the trick rules of each hand rule's play rule, made at
        # its first hand.
        self.evil_spades: bool = rules.evil_spades
        self.evil_start: int = rules.evil_start
        self.evil_tricks: dict[str, TrickRules] = {}
        self.gambling_pot: bool = rules.gambling_pot
        self.score_extras: bool = (
            rules.gambling_pot
            or self.card_bonuses
            or rules.highlander
            or rules.seven_tricks_streak
            or rules.bag_cancel_card
            or rules.no_deductions
            or rules.split_bonuses
            or rules.perfect_bids_bonus != "off"
        )


# Options by the id of their Rules. Each entry holds its Rules, so the id cannot be reused
# by another object while the entry is here; emptied when full (tables come and go).
_CACHE: Final[dict[int, Options]] = {}
_CACHE_SIZE: Final = 256


def options_of(rules: Rules) -> Options:
    """The ``Options`` of ``rules``: made at the first call for this object, then kept."""
    key = id(rules)
    options = _CACHE.get(key)
    if options is not None and options.rules is rules:
        return options
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    options = _CACHE[key] = Options(rules)
    return options
