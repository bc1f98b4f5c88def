"""Every worked scoring example of the rule sources, scored by ``score_hand``.

``003``'s tables for its named variants are here as far as an option plays them (Gambling
Spades, Berkley's two- and three-player tables).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.engine import PRESETS, HandResult, Rules, TeamHandResult, score_hand
from tests.engine.helpers import EXTRA_TABLES

Expect = dict[str, int | bool | str | None]


@dataclass(frozen=True)
class Example:
    """One hand: options that differ from the defaults, each seat's bid and tricks, and
    what the named sides must score (field of ``TeamHandResult`` -> value)."""

    expect: dict[int, Expect]
    bids: list[int | None]
    tricks: list[int]
    rules: dict[str, Any] = field(default_factory=dict)
    blind: list[bool] | None = None
    scores: list[int] | None = None
    bags: list[int] | None = None
    moon_winner: int | None = None
    # score_hand's inputs from the game's history or its played cards (sevens_before...).
    extras: dict[str, Any] = field(default_factory=dict)


def _score(example: Example) -> tuple[Rules, HandResult]:
    rules = Rules.model_validate(example.rules)
    sides = len(rules.teams)
    result = score_hand(
        rules,
        hand_number=2,
        dealer=0,
        bids=example.bids,
        blind=example.blind or [False] * rules.players,
        tricks=example.tricks,
        scores=example.scores or [0] * sides,
        bags=example.bags or [0] * sides,
        num_tricks=sum(example.tricks),
        **example.extras,
    )
    return rules, result


GAMBLING = dict(PRESETS["gambling"])
QUICKSAND = {"overtricks": "quicksand", "failed_bids": "minus_10x_short"}
DOUBLE_NIL = {"double_nil_bonus": True, "failed_nil": "no_bags_no_help"}
CUTTHROAT3 = {"players": 3, "team_size": 1}
TWO_PLAYER = {"players": 2, "team_size": 1}
BLIND_SIDE = [True, False, True, False]
# 003:158-189 with the two players' hands alone (the other two dead); with the dummies
# played (the berkley_two preset) each side is a player's two hands.
BERKLEY_TWO = {**EXTRA_TABLES["x_v_berkley_two_dead_hands"]}
BERKLEY_DUMMIES = dict(PRESETS["berkley_two"])
BERKLEY_THREE = dict(PRESETS["berkley_three"])
BERKLEY_THREE_54 = dict(PRESETS["berkley_three_54"])
BLIND_SEAT0 = [True, False, False, False]
# 000:153: the first nine tricks of a hand won by seats 1, 2, 3 in turn (three each).
ROUND_ROBIN = [1, 2, 3] * 3
BLIND_EXACT_100 = {"blind_bids": "anytime", "blind_scoring": "exact_100"}
BLIND_EXACT_DOUBLE = {"blind_bids": "anytime", "blind_scoring": "exact_double"}
BLIND_TRAILING = {"blind_bids": "losing_by_100", "blind_scoring": "trailing"}
BLIND_SIX = {"blind_bids": "anytime", "blind_six": "exact"}
CANCELLATION = dict(PRESETS["cancellation"])
THREE_B = {"overtricks": "quicksand", "failed_bids": "plus_1_a_trick", "nil_scoring": "minus_10_a_trick", "failed_nil": "no_bags_no_help"}  # fmt: skip

EXAMPLES = [
    # --- 004, SCORING and HOW TO PLAY -----------------------------------------------------
    pytest.param(Example({0: {"bid": 7, "tricks": 8, "contract_points": 70, "overtrick_points": 1, "total": 71, "bags_total": 1}, 1: {"bid": 4, "total": 41}}, [3, 1, 4, 3], [4, 2, 4, 3]),
                 id="004 SCORING+HOW TO PLAY: N3 E1 S4 W3 is NS 7 / EW 4; bid seven take eight -> 71"),
    pytest.param(Example({0: {"total": -29, "bag_penalty": -100, "score": 271, "bags_total": 0}}, [3, 1, 4, 3], [4, 2, 4, 3], scores=[300, 0], bags=[9, 0]),
                 id="004 SCORING: each time a side accumulates ten overtricks, 100 points are deducted"),
    pytest.param(Example({0: {"made": False, "contract_points": -70, "total": -70}, 1: {"total": 52}}, [3, 2, 4, 3], [3, 4, 3, 3]),
                 id="004 SCORING: fail to meet your bid, lose ten times the bid (bid 7 take 6 -> -70)"),
    pytest.param(Example({0: {"nil_bonus": 100, "contract_points": 50, "total": 150}}, [0, 4, 5, 3], [0, 4, 5, 4]),
                 id="004 SCORING: successful nil scores 100"),
    pytest.param(Example({0: {"nil_bonus": -100, "contract_points": 50, "overtrick_points": 1, "total": -49}}, [0, 4, 5, 3], [1, 4, 5, 3]),
                 id="004 SCORING: failed nil subtracts 100"),
    pytest.param(Example({0: {"special": "shoot the moon", "contract_points": 130, "special_points": 70, "total": 200}}, [6, 1, 7, 1], [6, 0, 7, 0], rules={"shoot_the_moon": "plus_minus_200"}),
                 id="004 SCORING: shoot the moon (bid thirteen) made -> 200"),
    pytest.param(Example({0: {"made": False, "contract_points": -130, "special_points": -70, "total": -200}}, [6, 1, 7, 1], [6, 1, 6, 0], rules={"shoot_the_moon": "plus_minus_200"}),
                 id="004 SCORING: shoot the moon failed -> -200"),
    pytest.param(Example({0: {"contract_points": 60, "overtrick_points": -10, "total": 50, "bags_total": 0}, 1: {"total": 50}, 2: {"total": 30}}, [6, 5, 4], [7, 5, 5], rules={**CUTTHROAT3, "overtricks": "quicksand"}),
                 id="004 VARIATION 1 THREE-HAND: bid six win seven -> (6-1) x 10 = 50"),
    # --- 001, Scoring -----------------------------------------------------------------------
    pytest.param(Example({0: {"bid": 7, "contract_points": 70, "overtrick_points": 1, "total": 71}}, [3, 2, 4, 2], [5, 3, 3, 2]),
                 id="001 Scoring: bids 3 and 4, took 8 -> 70 + 1 bag = 71"),
    pytest.param(Example({0: {"total": -28, "bag_penalty": -100, "score": 122, "bags_total": 0}}, [3, 2, 4, 2], [5, 2, 4, 2], scores=[150, 0], bags=[8, 0]),
                 id="001 Scoring: 10 bags across hands cost 100"),
    pytest.param(Example({0: {"made": False, "contract_points": 0, "total": 0, "score": 120}}, [3, 2, 4, 2], [3, 4, 3, 3], rules={"failed_bids": "zero"}, scores=[120, 80]),
                 id="001 Scoring: a team that fails its bid, its score is not changed (failed_bids zero)"),
    pytest.param(Example({0: {"nil_bonus": 200, "contract_points": 40, "total": 241}}, [0, 3, 4, 3], [0, 4, 5, 4], blind=BLIND_SEAT0),
                 id="001 Scoring: Nil achieved adds 100, double for Blind Nil -> 200"),
    pytest.param(Example({0: {"nil_bonus": -200, "contract_points": 40, "overtrick_points": 2, "total": -158}}, [0, 3, 4, 3], [2, 4, 4, 3], blind=BLIND_SEAT0),
                 id="001 Scoring: Nil failed subtracts 100, double for Blind Nil -> -200"),
    pytest.param(Example({0: {"made": False, "contract_points": -40, "overtrick_points": 2, "nil_bonus": -100, "total": -138}}, [0, 3, 4, 3], [2, 4, 3, 4]),
                 id="001 Scoring: partner of a Nil bidder scores own bid and tricks, not the Nil bidder's (bid 4 take 3 is set)"),
    pytest.param(Example({0: {"nil_bonus": 50, "total": 90}}, [0, 3, 4, 3], [0, 4, 4, 5], rules={"nil_points": 50}),
                 id="001 Nil points: +50 made"),
    pytest.param(Example({0: {"nil_bonus": -50, "total": -9}}, [0, 3, 4, 3], [1, 4, 4, 4], rules={"nil_points": 50}),
                 id="001 Nil points: -50 missed"),
    pytest.param(Example({0: {"nil_bonus": 100, "total": 140}}, [0, 3, 4, 3], [0, 4, 4, 5], rules={"nil_points": 50}, blind=BLIND_SEAT0),
                 id="001 Nil points: a bid of Blind Nil doubles the 50"),
    pytest.param(Example({0: {"made": False, "contract_points": -30, "overtrick_points": 2, "nil_bonus": -100, "total": -128, "bags_total": 2}}, [0, 3, 3, 4], [2, 4, 2, 5], rules={"failed_nil": "takes_bags"}),
                 id="001 Failed Nil: takes bags (and 002 Scoring: a set Nil's tricks are bags, not the partner's)"),
    pytest.param(Example({0: {"made": True, "contract_points": 30, "overtrick_points": 1, "nil_bonus": -100, "total": -69, "bags_total": 1}}, [0, 3, 3, 4], [2, 4, 2, 5], rules={"failed_nil": "helps_team_bid"}),
                 id="001 Failed Nil: helps team bid"),
    pytest.param(Example({0: {"made": False, "contract_points": -30, "overtrick_points": 0, "nil_bonus": -100, "total": -130, "bags_total": 0}}, [0, 3, 3, 4], [2, 4, 2, 5], rules={"failed_nil": "no_bags_no_help"}),
                 id="001 Failed Nil: no bags / no help"),
    pytest.param(Example({0: {"contract_points": 0, "total": 0}}, [3, 2, 4, 2], [3, 5, 2, 3], rules={"failed_bids": "zero"}),
                 id="001 Failed bids: +0 (bid 7 take 5)"),
    pytest.param(Example({0: {"contract_points": -70, "total": -70}}, [3, 2, 4, 2], [3, 5, 2, 3], rules={"failed_bids": "minus_10x_bid"}),
                 id="001 Failed bids: -10x bid (bid 7 take 5 -> -70)"),
    pytest.param(Example({0: {"contract_points": -20, "total": -20}}, [3, 2, 4, 2], [3, 5, 2, 3], rules={"failed_bids": "minus_10x_short"}),
                 id="001 Failed bids: -10x tricks short (bid 7 take 5 -> -20)"),
    pytest.param(Example({0: {"total": 53, "bag_penalty": 0, "bags_total": 12}}, [3, 2, 2, 2], [4, 2, 4, 3], rules={"bag_penalty": 0}, bags=[9, 0]),
                 id="001 -100 for 10 bags: No, overtricks simply add 1 point"),
    pytest.param(Example({0: {"contract_points": 50, "total": 50, "bags_total": 0}, 1: {"total": 80}}, [None] * 4, [3, 4, 2, 4], rules={"first_hand_bids_itself": True}),
                 id="001 1st hand bids itself: 10 points for every trick taken"),
    pytest.param(Example({0: {"special": "10 for 200", "contract_points": 100, "special_points": 100, "total": 200}}, [5, 1, 5, 1], [5, 1, 5, 2], rules={"ten_for_two_hundred": True}),
                 id="001 10-for-200: Yes, a side bid of 10 made -> 200"),
    pytest.param(Example({0: {"contract_points": -100, "special_points": -100, "total": -200}}, [5, 1, 5, 1], [5, 2, 4, 2], rules={"ten_for_two_hundred": True}),
                 id="001 10-for-200: Yes, a side bid of 10 missed -> -200"),
    pytest.param(Example({0: {"special": None, "special_points": 0, "total": 100}}, [5, 1, 5, 1], [5, 1, 5, 2]),
                 id="001 10-for-200: No, a bid of 10 made is +100"),
    pytest.param(Example({0: {"special": None, "total": -100}}, [5, 1, 5, 1], [5, 2, 4, 2]),
                 id="001 10-for-200: No, a bid of 10 missed is -100"),
    pytest.param(Example({0: {"made": True, "nil_bonus": 0, "contract_points": 40, "overtrick_points": 2, "total": 42}}, [0, 3, 4, 3], [2, 4, 4, 3], rules={"nil_mode": "zero"}),
                 id="001 Nil or Zero: Zero is worth nothing and cannot be failed"),
    pytest.param(Example({0: {"blind_bid": 4, "contract_points": 60, "blind_bonus": 40, "total": 100}}, [4, 3, 2, 3], [4, 3, 2, 4], blind=BLIND_SEAT0),
                 id="001 Blind bids: score twice the normal points (blind 4 + 2 made -> 100)"),
    pytest.param(Example({0: {"contract_points": -60, "blind_bonus": -40, "total": -100}}, [4, 3, 2, 3], [3, 4, 2, 4], blind=BLIND_SEAT0),
                 id="001 Blind bids: twice the normal points lost when set"),
    # --- 002, Scoring / Contract score and Sandbags ---------------------------------------
    pytest.param(Example({0: {"contract_points": 50, "total": 50}}, [2, 4, 3, 4], [2, 6, 3, 2]),
                 id="002 Contract score: a bid of 5 earns 50 points if made"),
    pytest.param(Example({0: {"contract_points": -60, "total": -60}}, [2, 4, 4, 3], [2, 5, 3, 3]),
                 id="002 Contract score: six bid and fewer taken -> -60"),
    pytest.param(Example({0: {"contract_points": 50, "overtrick_points": 1, "total": 51}}, [2, 4, 3, 3], [3, 4, 3, 3]),
                 id="002 Contract score: bid 5 take 6 -> 51"),
    pytest.param(Example({0: {"total": -57, "bag_penalty": -110, "score": 51, "bags_total": 1}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"bag_penalty": 110}, scores=[108, 0], bags=[8, 0]),
                 id="002 Sandbags and bagging out: the penalty can instead be 110 (108 + 53 - 110 -> 51)"),
    # --- 000, Bonuses or penalties ----------------------------------------------------------
    pytest.param(Example({0: {"nil_bonus": 100, "total": 141}}, [0, 4, 4, 4], [0, 4, 5, 4]),
                 id="000 Bonuses table: Nil met exactly -> +100"),
    pytest.param(Example({0: {"nil_bonus": -100, "total": -59}}, [0, 4, 4, 4], [1, 4, 4, 4]),
                 id="000 Bonuses table: Nil took more -> -100"),
    pytest.param(Example({0: {"nil_bonus": 200, "total": 241}}, [0, 4, 4, 4], [0, 4, 5, 4], blind=BLIND_SEAT0),
                 id="000 Bonuses table: Blind Nil met exactly -> +200"),
    pytest.param(Example({0: {"nil_bonus": -200, "total": -159}}, [0, 4, 4, 4], [1, 4, 4, 4], blind=BLIND_SEAT0),
                 id="000 Bonuses table: Blind Nil took more -> -200"),
    pytest.param(Example({0: {"made": None, "contract_points": 0, "nil_bonus": 400, "total": 400}, 1: {"total": 103}}, [0, 5, 0, 5], [0, 6, 0, 7], rules=DOUBLE_NIL),
                 id="000 Bonuses table + Double Nil: both make Nil -> 400"),
    pytest.param(Example({0: {"nil_bonus": 0, "total": 0}}, [0, 5, 0, 5], [1, 6, 0, 6], rules=DOUBLE_NIL),
                 id="000 Bonuses table + Double Nil: one fails -> 0 (no penalty)"),
    pytest.param(Example({0: {"nil_bonus": -200, "total": -200}}, [0, 5, 0, 5], [1, 6, 1, 5], rules=DOUBLE_NIL),
                 id="000 Bonuses table: Double Nil, both fail -> -200"),
    pytest.param(Example({0: {"nil_bonus": 800, "total": 800}}, [0, 5, 0, 5], [0, 6, 0, 7], rules=DOUBLE_NIL, blind=BLIND_SIDE),
                 id="000 Bonuses table + Double Blind Nil: both make -> 800"),
    pytest.param(Example({0: {"nil_bonus": 0, "total": 0}}, [0, 5, 0, 5], [0, 6, 1, 6], rules=DOUBLE_NIL, blind=BLIND_SIDE),
                 id="000 Bonuses table + Double Blind Nil: one fails -> 0 (no penalty)"),
    pytest.param(Example({0: {"nil_bonus": -400, "total": -400}}, [0, 5, 0, 5], [1, 6, 1, 5], rules=DOUBLE_NIL, blind=BLIND_SIDE),
                 id="000 Bonuses table: Double Blind Nil, both fail -> -400"),
    pytest.param(Example({0: {"made": False, "contract_points": -50, "nil_bonus": 100, "total": 50}}, [0, 4, 5, 3], [0, 5, 4, 4]),
                 id="000 Bonuses or penalties: Nil made, partner bid 5 took 4 -> -50 + 100 = 50"),
    pytest.param(Example({0: {"made": True, "contract_points": 50, "overtrick_points": 0, "nil_bonus": -100, "total": -50}}, [0, 4, 5, 3], [1, 4, 4, 4], rules={"failed_nil": "helps_team_bid"}),
                 id="000 Bonuses or penalties: Nil failed, partnership bid and took 5 -> -50 (helps_team_bid)"),
    pytest.param(Example({0: {"made": False, "contract_points": -50, "overtrick_points": 1, "nil_bonus": -100, "total": -149, "bags_total": 1}}, [0, 4, 5, 3], [1, 4, 4, 4]),
                 id="002 Bonuses or penalties: a set Nil's overtricks are bags, not the partner's (takes_bags)"),
    # --- 000, the variants of the bonuses table (issue 25) ---------------------------------
    pytest.param(Example({0: {"contract_points": 60, "blind_bonus": 100, "total": 160}}, [4, 3, 2, 3], [4, 3, 2, 4], rules=BLIND_EXACT_100, blind=BLIND_SEAT0),
                 id="000:69 Bonuses table: Blind met exactly -> +100 (blind_scoring exact_100)"),
    pytest.param(Example({0: {"made": True, "contract_points": 60, "blind_bonus": -100, "total": -40}}, [4, 3, 2, 3], [3, 4, 3, 3], rules=BLIND_EXACT_100, blind=BLIND_SEAT0),
                 id="000:69 Bonuses table: Blind, player took fewer -> -100 (the side made its 6)"),
    pytest.param(Example({0: {"contract_points": 60, "blind_bonus": 0, "total": 60}}, [4, 3, 2, 3], [5, 3, 1, 4], rules=BLIND_EXACT_100, blind=BLIND_SEAT0),
                 id="000:69 Bonuses table: Blind, player took more -> 0"),
    pytest.param(Example({0: {"contract_points": 60, "blind_bonus": 40, "total": 100}}, [4, 3, 2, 3], [4, 3, 2, 4], rules=BLIND_EXACT_DOUBLE, blind=BLIND_SEAT0),
                 id="000:106 Blind bidding: a blind bid made exactly by that player is rewarded (+40)"),
    pytest.param(Example({0: {"contract_points": 60, "blind_bonus": -40, "total": 20}}, [4, 3, 2, 3], [5, 3, 1, 4], rules=BLIND_EXACT_DOUBLE, blind=BLIND_SEAT0),
                 id="000:106 Blind bidding: not made exactly, the bonus is subtracted (-40)"),
    pytest.param(Example({0: {"contract_points": 40, "overtrick_points": 1, "blind_bonus": -40, "total": 1}}, [4, 5, 6], [5, 6, 6], rules={**CUTTHROAT3, **BLIND_EXACT_DOUBLE}, blind=[True, False, False]),
                 id="003:247 Blind Bids must be exact to be successful (three players: blind 4 took 5)"),
    pytest.param(Example({0: {"contract_points": 60, "blind_bonus": 40, "overtrick_points": 0, "total": 100, "bags_total": 0}}, [4, 3, 2, 3], [4, 3, 3, 3], rules=BLIND_TRAILING, blind=BLIND_SEAT0),
                 id="000:119 Trailing Blind Bids: 20 points per bid trick, no overtricks scored"),
    pytest.param(Example({0: {"made": False, "contract_points": -60, "blind_bonus": 0, "total": -60}}, [4, 3, 2, 3], [3, 4, 2, 4], rules=BLIND_TRAILING, blind=BLIND_SEAT0),
                 id="000:119 Trailing Blind Bids: failing costs the normal 10 points per trick bid"),
    pytest.param(Example({0: {"nil_bonus": 400, "total": 400}}, [0, 5, 0, 5], [0, 6, 0, 7], rules={**DOUBLE_NIL, "double_nil_wins": True}, moon_winner=0),
                 id="000:71 Bonuses table: Double Nil 400 or Game (double_nil_wins)"),
    pytest.param(Example({0: {"nil_bonus": 800, "total": 800}}, [0, 5, 0, 5], [0, 6, 0, 7], rules={**DOUBLE_NIL, "double_nil_wins": True}, blind=BLIND_SIDE, moon_winner=0),
                 id="000:72, 000:108 Double Blind Nil 800 or Game: the team wins the game outright"),
    pytest.param(Example({0: {"nil_bonus": 0, "overtrick_points": 2, "total": 2, "bags_total": 2}}, [0, 5, 0, 5], [1, 6, 1, 5], rules={"double_nil_no_penalty": True}),
                 id="000:71, 000:105 Double Nil, both fail -> 0: no penalty (double_nil_no_penalty)"),
    pytest.param(Example({0: {"nil_bonus": 0, "total": 2}}, [0, 5, 0, 5], [1, 6, 1, 5], rules={"double_nil_no_penalty": True, "blind_nil": "anytime"}, blind=BLIND_SIDE),
                 id="000:72, 000:108 Double Blind Nil, either takes tricks -> 0 instead of -400"),
    pytest.param(Example({0: {"made": False, "special": "10 for 200", "contract_points": -100, "special_points": -100, "total": -200}}, [5, 1, 5, 1], [6, 1, 5, 1], rules={"ten_for_two_hundred": True, "ten_for_two_hundred_exact": True}),
                 id="000:114 10-for-200: the side must win exactly 10 tricks (took 11 -> -200)"),
    pytest.param(Example({0: {"made": False, "contract_points": -100, "special_points": 0, "total": -100}}, [5, 1, 5, 1], [5, 2, 4, 2], rules={"ten_for_two_hundred": True, "ten_for_two_hundred_loss": 100}),
                 id="000:114 10-for-200: some play a lost bid only loses 100, not 200"),
    pytest.param(Example({0: {"special": "seven or more", "special_points": 10, "total": 80}}, [3, 2, 4, 2], [3, 3, 4, 3], rules={"seven_or_more_bonus": True}),
                 id="000:180 Seven Tricks Or Higher: 7 bid and made exactly -> 80"),
    pytest.param(Example({0: {"special_points": 20, "total": 100}}, [4, 2, 4, 2], [4, 2, 4, 3], rules={"seven_or_more_bonus": True}),
                 id="000:180 Seven Tricks Or Higher: 8 tricks -> 100"),
    pytest.param(Example({0: {"special_points": 30, "total": 120}}, [5, 2, 4, 2], [5, 2, 4, 2], rules={"seven_or_more_bonus": True}),
                 id="000:180 Seven Tricks Or Higher: 9 tricks -> 120"),
    pytest.param(Example({0: {"special": None, "special_points": 0, "total": -70}}, [3, 2, 4, 2], [3, 3, 3, 4], rules={"seven_or_more_bonus": True}),
                 id="000:180 Seven Tricks Or Higher: only for successful bids (7 set -> -70)"),
    pytest.param(Example({0: {"made": False, "contract_points": 5, "total": 5}}, [3, 2, 4, 2], [3, 5, 2, 3], rules={"failed_bids": "plus_1_a_trick"}),
                 id="000:167 3B-Spades: a set bid scores +1 per trick taken (bid 7 took 5 -> 5)"),
    pytest.param(Example({0: {"nil_bonus": -20, "contract_points": 40, "overtrick_points": -10, "total": 10, "bags_total": 0}}, [0, 4, 4, 4], [2, 3, 5, 3], rules=THREE_B),
                 id="000:167 3B-Spades: a Nil scores -10 per trick taken (2 tricks -> -20)"),
    pytest.param(Example({0: {"made": False, "contract_points": -70, "total": -70}}, [3, 2, 4, 2], [4, 2, 4, 3], rules={"exact_bids": "side"}),
                 id="000:170 Oh Hell Variation: any overtrick breaks the contract and scores as a set"),
    pytest.param(Example({0: {"made": False, "total": -70}}, [3, 2, 4, 2], [4, 3, 3, 3], rules={"exact_bids": "each"}),
                 id="000:170 Oh Hell, strict form: each player must take exactly its bid (3 took 4, 4 took 3)"),
    pytest.param(Example({0: {"made": True, "total": 70}}, [3, 2, 4, 2], [4, 3, 3, 3], rules={"exact_bids": "side"}),
                 id="000:170 Oh Hell, the side form: the side's 7 is exact whoever took them"),
    pytest.param(Example({0: {"special": "double over", "contract_points": 20, "special_points": -60, "overtrick_points": 0, "total": -40}}, [1, 2, 1, 2], [2, 5, 2, 4], rules={"double_over": True, "overtricks": "no_overs"}),
                 id="000:169 Double Over, Double Back: bid 2, take 4 or more -> -40 (with No Overs)"),
    pytest.param(Example({0: {"made": False, "contract_points": 0, "total": 0}, 1: {"special": "opponents set", "special_points": 20, "total": 64}}, [3, 2, 4, 2], [3, 5, 2, 3], rules={"failed_bids": "to_opponents"}),
                 id="000:172 Broken Contract Gives Points To Opposing Team: 10 for each trick short"),
    pytest.param(Example({0: {"special": "partners exact", "special_points": 30, "total": 100}}, [3, 2, 4, 2], [3, 3, 4, 3], rules={"exact_partners_bonus": True}),
                 id="000:176 Individual Team Players: 3 + 4 = 7 both exact -> +30"),
    pytest.param(Example({0: {"special": None, "total": 70}}, [3, 2, 4, 2], [4, 3, 3, 3], rules={"exact_partners_bonus": True}),
                 id="000:176 Individual Team Players: 4 and 3 taken on 3 and 4 bid -> no bonus"),
    pytest.param(Example({0: {"overtrick_points": 0, "bag_penalty": -100, "total": -50, "bags_total": 2}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"overtricks": "bags_no_points"}, bags=[9, 0]),
                 id="000:177 Sandbags 0-Till-10: overtricks are worth 0, and 10 bags cost 100"),
    pytest.param(Example({0: {"special": "lexington", "contract_points": 70, "special_points": 170, "overtrick_points": 5, "total": 245}}, [3, 2, 4, 2], [6, 0, 6, 1], rules={"lexington": "twelve_for_240"}),
                 id="000:123 Lexington variation: taking 12 tricks scores 240 whatever was bid"),
    pytest.param(Example({0: {"special": "lexington", "total": 120}}, [6, 0, 6, 1], [6, 0, 6, 1], rules={"lexington": "wins_game", "nil_mode": "zero"}, moon_winner=0),
                 id="000:123 Lexington: a side that bids 12 and takes them wins the game"),
    pytest.param(Example({0: {"special": "blind 6", "contract_points": 0, "special_points": 120, "total": 120}}, [4, 3, 2, 3], [3, 4, 3, 3], rules=BLIND_SIX, blind=BLIND_SIDE),
                 id="000:118 Blind 6: scores 120 if the side takes exactly six tricks"),
    pytest.param(Example({0: {"made": False, "total": -120}}, [4, 3, 2, 3], [4, 3, 3, 3], rules=BLIND_SIX, blind=BLIND_SIDE),
                 id="000:118 Blind 6: some other number of tricks (7) loses 120"),
    pytest.param(Example({0: {"made": True, "overtrick_points": 0, "total": 120, "bags_total": 0}}, [4, 3, 2, 3], [4, 3, 3, 3], rules={**BLIND_SIX, "blind_six": "at_least"}, blind=BLIND_SIDE),
                 id="000:118 Blind 6, commonly: at least six tricks, overtricks not counted"),
    pytest.param(Example({0: {"made": False, "total": -60}}, [4, 3, 2, 3], [2, 4, 3, 4], rules={**BLIND_SIX, "blind_six": "at_least_lose_60"}, blind=BLIND_SIDE),
                 id="000:118 Blind 6, commonly: failing to make six tricks only loses 60"),
    pytest.param(Example({0: {"nil_bonus": 150, "total": 150}}, [0, 5, 0, 5], [0, 6, 0, 7], rules={"team_nil": True, "blind_nil": "anytime"}, blind=BLIND_SIDE),
                 id="000:161-162 Team Blind Nil: if successful, the team earns 150 points"),
    pytest.param(Example({0: {"nil_bonus": -150, "overtrick_points": 0, "total": -150, "bags_total": 0}}, [0, 5, 0, 5], [1, 6, 0, 6], rules={"team_nil": True, "blind_nil": "anytime"}, blind=BLIND_SIDE),
                 id="000:162 Team Blind Nil: a single trick loses 150, immune to bags"),
    pytest.param(Example({0: {"nil_bonus": 100, "total": 100}}, [0, 5, 0, 5], [0, 6, 0, 7], rules={"team_nil": True, "blind_nil": "anytime"}, blind=BLIND_SEAT0),
                 id="000:160 Team Nil: one partner blind, the other not: the plain 100"),
    pytest.param(Example({0: {"made": False, "contract_points": -80, "overtrick_points": 5, "special": "seven tricks", "special_points": 10, "total": -65, "bags_total": 0}}, [5, 2, 3, 3], [4, 2, 4, 3], rules={"highlander": True}),
                 id="000:175 Highlander: Tom bids 5 takes 4, Harry 3 takes 4 -> -80 + 5 (and 10 for taking 7 or more)"),
    pytest.param(Example({0: {"made": True, "contract_points": 40, "overtrick_points": 10, "special": None, "total": 50, "bags_total": 0}}, [2, 4, 2, 3], [3, 4, 3, 3], rules={"highlander": True}),
                 id="000:175 Highlander: both made, five extra points per overtrick, no bags"),
    pytest.param(Example({0: {"special": "seven tricks", "special_points": 30, "total": 100}}, [3, 2, 3, 3], [4, 2, 4, 3], rules={"highlander": True}, extras={"sevens_before": [2, 0]}),
                 id="000:175 Highlander: seven or more tricks a third time -> 30"),
    pytest.param(Example({0: {"special": "last four tricks", "special_points": 30, "total": 100}, 1: {"special": None, "total": 60}}, [4, 3, 3, 3], [4, 3, 3, 3], rules={"end_streak_bonus": 30, "end_streak_length": 4}, extras={"winners": [*ROUND_ROBIN, 0, 0, 0, 0]}),
                 id="000:153 End Winning Streak of four: seat 0 takes the last four tricks -> 30"),
    pytest.param(Example({0: {"special": None, "total": 60}, 1: {"special": None, "total": 70}}, [3, 4, 3, 3], [3, 4, 3, 3], rules={"end_streak_bonus": 30, "end_streak_length": 4}, extras={"winners": [*ROUND_ROBIN, 1, 0, 0, 0]}),
                 id="000:153 End Winning Streak of four: the last three tricks alone score nothing"),
    pytest.param(Example({0: {"special": None, "total": 60}, 1: {"special": "streak broken", "special_points": 30, "total": 100}}, [2, 4, 4, 3], [2, 4, 4, 3], rules={"end_streak_bonus": 30, "end_streak_breaker": True}, extras={"winners": [*ROUND_ROBIN, 2, 0, 0, 1]}),
                 id="000:153 End Winning Streak broken: seat 1 takes the last trick after seat 0's two -> 30"),
    pytest.param(Example({0: {"special": None, "total": 50}, 1: {"special": None, "total": 80}}, [2, 4, 3, 4], [2, 4, 3, 4], rules={"end_streak_bonus": 30, "end_streak_length": 4, "end_streak_breaker": True}, extras={"winners": [*ROUND_ROBIN, 3, 0, 0, 1]}),
                 id="000:153 End Winning Streak broken: no bonus when the run before the last was shorter"),
    pytest.param(Example({0: {"special": None, "total": 60}, 1: {"special": None, "total": 70}}, [2, 4, 4, 3], [2, 4, 4, 3], rules={"end_streak_bonus": 30, "end_streak_breaker": True}, extras={"winners": [*ROUND_ROBIN, 1, 0, 0, 2]}),
                 id="000:153 End Winning Streak broken: a partner taking the last trick breaks nothing"),
    pytest.param(Example({0: {"special": "seven tricks", "special_points": 10, "total": 80}}, [4, 2, 3, 2], [4, 3, 3, 3], rules={"seven_tricks_streak": True}),
                 id="000:181 Seven Tricks Or Higher Part Deux: bid 7 made the first time -> 10"),
    pytest.param(Example({0: {"special_points": 20, "total": 90}}, [4, 2, 3, 2], [4, 3, 3, 3], rules={"seven_tricks_streak": True}, extras={"sevens_before": [1, 0]}),
                 id="000:181 Part Deux: the second time -> 20"),
    pytest.param(Example({0: {"special": None, "total": 54}}, [3, 2, 2, 2], [4, 3, 5, 1], rules={"seven_tricks_streak": True}),
                 id="000:181 Part Deux: overtricks do not count (bid 5 took 9)"),
    pytest.param(Example({0: {"contract_points": 0, "nil_bonus": 0, "overtrick_points": 2, "bag_penalty": 0, "total": 2}}, [0, 3, 4, 3], [2, 4, 3, 4], rules={"no_deductions": True}, bags=[9, 0]),
                 id="000:184 No Point Deductions: a lost Nil, a set and the bag penalty count 0 (the lost Nil's 2 bags still +2)"),
    pytest.param(Example({0: {"special": "perfect bids", "special_points": 80, "total": 120}}, [4, 6], [4, 9], rules={**TWO_PLAYER, "perfect_bids_bonus": "eighty"}, extras={"perfect_runs": [2, 0]}),
                 id="003:165 Three Consecutive Perfect Bids (two players): 80"),
    pytest.param(Example({0: {"special_points": 100, "total": 150}, 1: {"special": None}}, [5, 6, 3], [5, 7, 5], rules={**CUTTHROAT3, "perfect_bids_bonus": "hundred_then_fifty"}, extras={"perfect_runs": [2, 5, 0]}),
                 id="003:285 Three Consecutive Perfect Bids (three players): 100"),
    pytest.param(Example({0: {"special_points": 50, "total": 100}}, [5, 6, 3], [5, 7, 5], rules={**CUTTHROAT3, "perfect_bids_bonus": "hundred_then_fifty"}, extras={"perfect_runs": [3, 0, 0]}),
                 id="003:287 Consecutive perfect bids after the first three: 50"),
    pytest.param(Example({0: {"overtrick_points": 3, "bags": 2, "bags_total": 2}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"bag_cancel_card": True}, extras={"bag_cancels": [1, 1]}),
                 id="000:178 Sandbag Cancellation: the special card cancels one bag"),
    pytest.param(Example({0: {"special": "dix", "special_points": 10, "total": 60}}, [2, 3, 3, 2], [3, 3, 2, 2], rules={"dix_bonus": True}, extras={"card_bonus": ((0, "dix", 10),)}),
                 id="000:154 Dix: the 9 of spades wins a spade-led trick -> 10"),
    pytest.param(Example({0: {"nil_bonus": 100, "special": "split bonus", "special_points": -50, "total": 50}, 2: {"special": "split bonus", "special_points": 50, "total": 91}}, [0, 4, 4, 4], [0, 4, 5, 4], rules={"players": 4, "team_size": 1, "split_bonuses": True}),
                 id="000:115 Eight & Ten Rule: a Nil's 100 split in two with the player opposite"),
    pytest.param(Example({0: {"special": "hand score 41, stake 5, pot 16", "special_points": 11, "contract_points": 0, "total": 11}, 1: {"total": -4}, 2: {"total": -3}, 3: {"total": -4}}, [4, 3, 2, 3], [5, 3, 1, 4], rules=GAMBLING),
                 id="003:387 Gambling Spades: the highest scoring player wins all the chips staked (4 chips ante, 12 bid)"),
    pytest.param(Example({0: {"special": "hand score 40, stake 5, pot 8", "total": 3}, 1: {"total": 3}, 2: {"total": -3}, 3: {"total": -4}}, [4, 4, 2, 3], [4, 4, 2, 3], rules=GAMBLING),
                 id="003:387 Gambling Spades: if there is a tie for highest the pot is split"),
    pytest.param(Example({2: {"special": "hand score 2, stake 1, pot 0", "total": -1}}, [4, 4, 0, 3], [4, 4, 2, 3], rules=GAMBLING),
                 id="003:389 Gambling Spades: a zero bid, no nil bonus (took 2: 0 + 2)"),
    # --- 000, Sandbags and bagging out -----------------------------------------------------
    pytest.param(Example({0: {"contract_points": 50, "overtrick_points": 3, "total": 53, "bags_total": 3}}, [2, 3, 3, 2], [4, 3, 4, 2]),
                 id="000 Sandbags and bagging out: bid 5 take 8 -> 53"),
    pytest.param(Example({0: {"total": -47, "bag_penalty": -100, "score": 61, "bags_total": 1}}, [2, 3, 3, 2], [4, 3, 4, 2], scores=[108, 0], bags=[8, 0]),
                 id="000 Sandbags and bagging out: bid 5 take 8 with 108 before -> 61"),
    pytest.param(Example({0: {"total": 3, "bag_penalty": -50, "score": 3, "bags_total": 1}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"target_score": 250, "bag_limit": 5, "bag_penalty": 50}, bags=[3, 0]),
                 id="000 Sandbags and bagging out: shorter variants to 250 take 50 points at 5 bags"),
    pytest.param(Example({0: {"contract_points": 20, "overtrick_points": 11, "bag_penalty": -200, "total": -169, "bags_total": 0}}, [1, 6, 1, 5], [7, 0, 6, 0], bags=[9, 0]),
                 id="000 Sandbags and bagging out: a team can bag out more than once (9 + 11 bags -> -200)"),
    # --- 000, Scoring variations -----------------------------------------------------------
    pytest.param(Example({0: {"total": 70}, 1: {"total": 20}}, [3, 2, 4, 2], [3, 3, 4, 3], rules=QUICKSAND),
                 id="000 Quicksand: bid 7 made exactly -> 70"),
    pytest.param(Example({0: {"made": False, "contract_points": -20, "total": -20}}, [3, 2, 4, 2], [2, 4, 3, 4], rules=QUICKSAND),
                 id="000 Quicksand: bid 7 took 5 -> -20"),
    pytest.param(Example({0: {"contract_points": 70, "overtrick_points": -20, "total": 50, "bags_total": 0}}, [3, 2, 4, 2], [5, 2, 4, 2], rules=QUICKSAND),
                 id="000 Quicksand: bid 7 took 9 -> 70 - 20 = 50"),
    pytest.param(Example({0: {"contract_points": 40, "overtrick_points": -20, "total": 20, "bags_total": 0}}, [2, 3, 2, 3], [3, 3, 3, 4], rules={"overtricks": "quicksand"}),
                 id="000 3B-Spades: -10 for each extra trick (bid 4 take 6 -> 20)"),
    pytest.param(Example({0: {"overtrick_points": 0, "total": 50, "bag_penalty": 0, "bags_total": 9}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"overtricks": "no_overs"}, bags=[9, 0]),
                 id="000 No Overs: only 10 per bid trick, no bagging-out penalty"),
    pytest.param(Example({0: {"overtrick_points": -3, "total": 47, "bag_penalty": 0}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"overtricks": "minus_one"}, bags=[9, 0]),
                 id="000 Sandbags Negative Value: -1 per overtrick, no 10-bag penalty"),
    pytest.param(Example({0: {"made": False, "contract_points": -20, "total": -20}}, [2, 4, 3, 4], [1, 6, 2, 4], rules={"failed_bids": "minus_10x_short"}),
                 id="000 Cancellation Spades: getting 3 of 5 means -20"),
    pytest.param(Example({0: {"nil_bonus": 50, "total": 100}}, [0, 4, 5, 4], [0, 4, 5, 4], rules={"nil_points": 50}),
                 id="000 Cancellation Spades: successful nil bids score 50"),
    pytest.param(Example({0: {"nil_bonus": 200, "total": 200}}, [0, 5, 0, 5], [0, 6, 0, 7], rules={"nil_points": 50, "double_nil_bonus": True}),
                 id="000 Cancellation Spades: double nil scores 200"),
    pytest.param(Example({0: {"overtrick_points": 3, "total": 53, "bag_penalty": 0}}, [2, 3, 3, 2], [4, 3, 4, 2], rules={"bag_penalty": 0}, bags=[9, 0]),
                 id="000 Cancellation Spades: extra tricks get 1 point, no penalties for sandbags"),
    pytest.param(Example({0: {"contract_points": 50, "blind_bonus": 50, "overtrick_points": 0, "total": 100}}, [3, 3, 2, 3], [4, 3, 3, 3], rules={"overtricks": "no_overs"}, blind=BLIND_SIDE),
                 id="000 Trailing Blind Bids: 20 points per bid trick, no overtricks (blind 5 take 7 -> 100)"),
    pytest.param(Example({0: {"blind_bid": 6, "total": 120}}, [3, 3, 3, 4], [3, 3, 3, 4], blind=BLIND_SIDE),
                 id="000 Blind 6: 120 if the side takes exactly six"),
    pytest.param(Example({0: {"made": False, "total": -120}}, [3, 3, 3, 4], [3, 4, 2, 4], blind=BLIND_SIDE),
                 id="000 Blind 6: fewer than six loses 120"),
    pytest.param(Example({0: {"overtrick_points": 0, "total": 120}}, [3, 3, 3, 4], [4, 2, 4, 3], rules={"overtricks": "no_overs"}, blind=BLIND_SIDE),
                 id="000 Blind 6: at least six, overtricks not counted"),
    pytest.param(Example({0: {"total": 200}}, [5, 1, 5, 1], [5, 1, 5, 2], rules={"ten_for_two_hundred": True}),
                 id="000 10-for-200: at least 10 tricks scores 200"),
    pytest.param(Example({0: {"total": -200}}, [5, 1, 5, 1], [4, 2, 5, 2], rules={"ten_for_two_hundred": True}),
                 id="000 10-for-200: fewer than 10 loses 200"),
    pytest.param(Example({0: {"contract_points": 100, "overtrick_points": 1, "special_points": 100, "total": 201, "bags_total": 1}}, [5, 1, 5, 1], [6, 1, 5, 1], rules={"ten_for_two_hundred": True}),
                 id="000 10-for-200: tricks over 10 are still bags"),
    pytest.param(Example({0: {"total": 200}, 1: {"made": False, "total": -40}}, [5, 2, 5, 2], [5, 1, 5, 2], rules={"ten_for_two_hundred": True, "min_bid": 4}),
                 id="000 10-for-200: the other side cannot make Board, so the side is 240 ahead"),
    pytest.param(Example({0: {"special": "shoot the moon", "total": 130}}, [6, 1, 7, 1], [6, 0, 7, 0], rules={"shoot_the_moon": "wins_game"}, moon_winner=0),
                 id="000 Boston: bid all the tricks and take them wins the game outright"),
    # --- 003 (reader variants): the rows the options can express --------------------------
    pytest.param(Example({0: {"total": 40}, 1: {"total": 63}}, [4, 6], [4, 9], rules=TWO_PLAYER),
                 id="003 Spades - Two Players: Bid of 4 (Board) 40; overtricks 1 pt"),
    pytest.param(Example({0: {"total": -40}}, [4, 6], [3, 10], rules=TWO_PLAYER),
                 id="003 Spades - Two Players: Bid of 4 (Board) failed -40"),
    pytest.param(Example({1: {"bag_penalty": -100, "total": -37, "bags_total": 1}}, [4, 6], [4, 9], rules=TWO_PLAYER, bags=[0, 8]),
                 id="003 Spades - Two Players: 10 overtricks -100"),
    pytest.param(Example({0: {"total": 50}, 1: {"total": 61}, 2: {"total": 32}}, [5, 6, 3], [5, 7, 5], rules=CUTTHROAT3),
                 id="003 Spades - Three Players: Bid of 3 to 6 scores 10 a trick, overtricks 1 pt"),
    pytest.param(Example({0: {"total": -50}}, [5, 6, 3], [4, 9, 4], rules=CUTTHROAT3),
                 id="003 Spades - Three Players: Bid of 5 failed -50"),
    # --- 003:158-189, Berkley's two-player table (bid_values berkley_two) -------------------
    pytest.param(Example({0: {"contract_points": 70, "overtrick_points": 1, "total": 71}, 1: {"total": 50}}, [7, 5], [8, 5], rules=BERKLEY_TWO),
                 id="003:175 Berkley two players: Bid of 7 70 pts, overtricks 1 pt"),
    pytest.param(Example({0: {"total": 200}, 1: {"made": False, "total": -40}}, [10, 4], [10, 3], rules=BERKLEY_TWO),
                 id="003:178 Berkley two players: Bid of 10 200 pts (Board 4 failed -40)"),
    pytest.param(Example({0: {"made": False, "total": -110}}, [11, 4], [10, 3], rules=BERKLEY_TWO),
                 id="003:179 Berkley two players: Bid of 11 failed -110"),
    pytest.param(Example({0: {"total": 240}, 1: {"nil_bonus": -100}}, [12, 0], [12, 1], rules=BERKLEY_TWO),
                 id="003:180, 003:163 Berkley two players: Bid of 12 240 pts; Naught taking a trick -100"),
    pytest.param(Example({0: {"special": "Boston", "total": 500}, 1: {"nil_bonus": 200, "total": 200}}, [13, 0], [13, 0], rules=BERKLEY_TWO),
                 id="003:171, 003:163 Berkley two players: Boston 500 pts; Naught 200 pts"),
    pytest.param(Example({0: {"contract_points": 140, "overtrick_points": 1, "total": 141}, 1: {"total": 40}}, [8, 4], [9, 4], rules=BERKLEY_TWO, blind=[True, False]),
                 id="003:183 Berkley two players: Blind 8 140 pts"),
    pytest.param(Example({0: {"made": False, "total": -110}}, [11, 4], [10, 3], rules=BERKLEY_TWO, blind=[True, False]),
                 id="003:186 Berkley two players: Blind 11 failed -110"),
    pytest.param(Example({0: {"nil_bonus": 300, "total": 300}, 1: {"total": 67}}, [0, 6], [0, 13], rules=BERKLEY_TWO, blind=[True, False]),
                 id="003:161 Berkley two players: Nil (bid before seeing) 300 pts"),
    pytest.param(Example({0: {"nil_bonus": -50}}, [0, 6], [2, 11], rules=BERKLEY_TWO, blind=[True, False]),
                 id="003:161 Berkley two players: Nil failed -50"),
    pytest.param(Example({1: {"bag_penalty": -100, "total": -37, "bags_total": 1}}, [4, 6], [4, 9], rules=BERKLEY_TWO, bags=[0, 8]),
                 id="003:168 Berkley two players: 10 overtricks -100 pts"),
    # --- 003:158-189 with the dummies played (berkley_two preset): seats 0 and 2 bid for
    # themselves and their dummies 3 and 1; a bid on the dummy's seat too is the Double --------
    pytest.param(Example({0: {"nil_bonus": 500, "total": 500}, 1: {"contract_points": 60, "overtrick_points": 7, "total": 67}}, [0, None, 6, 0], [0, 7, 6, 0], rules=BERKLEY_DUMMIES, blind=[True, False, False, True]),
                 id="003:162 Berkley dummies: Double Nil (both hands, before seeing) 500 pts"),
    pytest.param(Example({0: {"nil_bonus": -100, "overtrick_points": 1, "total": -99}}, [0, None, 6, 0], [0, 7, 5, 1], rules=BERKLEY_DUMMIES, blind=[True, False, False, True]),
                 id="003:162 Berkley dummies: Double Nil failed -100, its trick an overtrick"),
    pytest.param(Example({0: {"nil_bonus": 400, "total": 400}}, [0, None, 7, 0], [0, 6, 7, 0], rules=BERKLEY_DUMMIES),
                 id="003:164 Berkley dummies: Double Naught (both hands, after seeing) 400 pts"),
    pytest.param(Example({0: {"nil_bonus": -100, "overtrick_points": 2, "total": -98}}, [0, None, 7, 0], [2, 6, 5, 0], rules=BERKLEY_DUMMIES),
                 id="003:164 Berkley dummies: Double Naught failed -100"),
    pytest.param(Example({0: {"nil_bonus": 200, "overtrick_points": 3, "total": 203, "bags": 3}}, [0, None, 5, None], [0, 4, 6, 3], rules=BERKLEY_DUMMIES),
                 id="003:163 Berkley dummies: Naught (the player's own hand) 200 pts, the dummy's tricks overtricks"),
    pytest.param(Example({0: {"nil_bonus": -50, "overtrick_points": 3, "total": -47}}, [0, None, 5, None], [1, 4, 6, 2], rules=BERKLEY_DUMMIES, blind=[True, False, False, False]),
                 id="003:161 Berkley dummies: Nil failed -50, every trick of both hands an overtrick"),
    pytest.param(Example({0: {"contract_points": 70, "overtrick_points": 1, "total": 71}, 1: {"made": False, "total": -60}}, [7, None, 6, None], [5, 2, 3, 3], rules=BERKLEY_DUMMIES),
                 id="003:175, 003:108 Berkley dummies: Bid of 7 made by both hands' tricks, 70 pts"),
    # --- 003:247-333, Berkley's three-player table (bid_values berkley_three) ----------------
    pytest.param(Example({0: {"total": 200}, 1: {"total": 50}, 2: {"total": 101}}, [0, 5, 7], [0, 5, 8], rules=BERKLEY_THREE),
                 id="003:294, 003:301 Berkley three players v1: Bid of 0 200 pts, Bid of 7 100 pts"),
    pytest.param(Example({0: {"made": False, "total": -110}, 1: {"total": -40}, 2: {"total": 150}}, [1, 4, 8], [2, 3, 8], rules=BERKLEY_THREE),
                 id="003:265, 003:295 Berkley three players v1: Bid of 1 must be exact: took 2, -110"),
    pytest.param(Example({0: {"total": 100}, 1: {"total": 226}, 2: {"total": 200}}, [2, 10, 0], [2, 11, 0], rules=BERKLEY_THREE),
                 id="003:296, 003:304 Berkley three players v1: Bid of 2 100 pts, Bid of 10 225 pts"),
    pytest.param(Example({0: {"special": "automatic win", "made": True}}, [13, 0, 0], [13, 0, 0], rules=BERKLEY_THREE, moon_winner=0),
                 id="003:307 Berkley three players v1: Bid of 13 Automatic Win"),
    pytest.param(Example({0: {"made": False, "total": -30}, 2: {"made": False, "total": -60}}, [3, 4, 6], [4, 4, 5], rules=BERKLEY_THREE, blind=[True, False, False]),
                 id="003:247, 003:316 Berkley three players v1: Blind 3 must be exact: took 4, -30"),
    pytest.param(Example({0: {"total": 200}, 1: {"total": 30}}, [7, 3, 3], [7, 3, 3], rules=BERKLEY_THREE, blind=[True, False, False]),
                 id="003:320 Berkley three players v1: Blind 7 200 pts"),
    pytest.param(Example({0: {"total": 500}}, [0, 6, 7], [0, 6, 7], rules=BERKLEY_THREE, blind=[True, False, False]),
                 id="003:313 Berkley three players v1: Blind 0 500 pts"),
    pytest.param(Example({0: {"total": 200}, 1: {"total": 50}, 2: {"total": 40}}, [9, 5, 4], [9, 5, 4], rules=BERKLEY_THREE_54),
                 id="003:303 Berkley three players v2: Bid of 9 200 pts"),
    pytest.param(Example({0: {"special": "automatic win"}, 1: {"total": 400}, 2: {"total": 300}}, [17, 0, 1], [17, 0, 1], rules=BERKLEY_THREE_54, moon_winner=0),
                 id="003:311, 003:294, 003:295 Berkley three players v2: Bid of 17 Automatic Win, 0 400 pts, 1 300 pts"),
    pytest.param(Example({0: {"total": 400}}, [10, 4, 4], [10, 4, 4], rules=BERKLEY_THREE_54, blind=[True, False, False]),
                 id="003:323 Berkley three players v2: Blind 10 400 pts"),
    pytest.param(Example({0: {"total": 500}, 1: {"made": False, "total": -110}}, [16, 1, 1], [16, 2, 0], rules=BERKLEY_THREE_54),
                 id="003:310 Berkley three players v2: Bid of 16 500 pts"),
    # --- 000:147 Cancellation Spades: three pairs (0, 3), (1, 4), (2, 5), 17 tricks --------
    # A whole hand with two dead tricks (15 taken): side 0's Nil made and its partner's
    # bid of 5 made with one over, 50 + 1 + 50; side 1 bid 7 and took 5, "getting 3 of 5
    # means -20"; side 2's Nil took 2, which do not count toward its partner's 3 (set by
    # one, -10) and cost 10 each on top of the failed Nil: -50 - 20.
    pytest.param(Example({0: {"total": 101, "nil_bonus": 50, "overtrick_points": 1},
                          1: {"made": False, "contract_points": -20, "total": -20},
                          2: {"made": False, "contract_points": -10, "nil_bonus": -70, "total": -80, "bags": 0}},
                         [0, 4, 0, 5, 3, 3], [0, 3, 2, 6, 2, 2], rules=CANCELLATION),
                 id="000:147 Cancellation: Nil 50, set 10 a trick short, a Nil's tricks -10 each and not the partner's"),
    # "Double nil scores 200"; "no penalties for sandbags" (side 1: 5 over, 9 bags before).
    pytest.param(Example({0: {"nil_bonus": 200, "total": 200},
                          1: {"total": 85, "bag_penalty": 0, "overtrick_points": 5},
                          2: {"total": 40}},
                         [0, 4, 2, 0, 4, 2], [0, 7, 2, 0, 6, 2], rules=CANCELLATION, bags=[0, 9, 0]),
                 id="000:147 Cancellation: double Nil 200, overtricks 1 each and no bag penalty"),
]  # fmt: skip


def _items(team: TeamHandResult) -> int:
    return (
        team.contract_points
        + team.overtrick_points
        + team.nil_bonus
        + team.blind_bonus
        + team.special_points
        + team.renege_points
        + team.bag_penalty
    )


@pytest.mark.parametrize("example", EXAMPLES)
def test_worked_example(example: Example) -> None:
    rules, result = _score(example)
    before = example.scores or [0] * len(rules.teams)
    for side, expected in example.expect.items():
        team = result.teams[side]
        got = {name: getattr(team, name) for name in expected}
        assert got == expected
    for team in result.teams:
        assert _items(team) == team.total
        assert team.score == before[team.team] + team.total
    assert result.moon_winner == example.moon_winner


def test_bid_itself_hand_keeps_the_bags() -> None:
    """001 1st hand bids itself: the hand is worth 10 a trick and nothing else."""
    rules = Rules(first_hand_bids_itself=True)
    result = score_hand(
        rules,
        hand_number=1,
        dealer=0,
        bids=[None] * 4,
        blind=[False] * 4,
        tricks=[13, 0, 0, 0],
        scores=[0, 0],
        bags=[4, 0],
        num_tricks=13,
    )
    assert result.bid_itself
    assert [t.total for t in result.teams] == [130, 0]
    assert [t.bags_total for t in result.teams] == [4, 0]
