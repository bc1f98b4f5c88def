"""Claims judged against the real deal: the answer is the full search's, stored claims
replay as they were accepted, and a bot's "certain" claim always holds."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.ai.claims import claim_is_certain
from bot.ai.heuristic import HeuristicPolicy
from bot.engine import (
    Claim,
    ClaimAccepted,
    Game,
    Phase,
    Rules,
    action_from_json,
)
from bot.engine.claims import ClaimJudge
from bot.engine.deck import COPY_SHIFT, TRUMP
from bot.engine.tricks import TrickRules, bits
from tests.engine.helpers import SUITED, TABLES, bid_all, deal_from_codes, new_game, play_out

# Positions this close to the end are checked against the plain search below.
REFERENCE_TRICKS = 3


def reference_holds(game: Game, seat: int) -> bool:
    """The claim by the letter: every legal card tried, the side's seats choosing and every
    other seat answering, with no pruning or grouping (only positions seen twice are
    remembered). Slow, so only for the last few tricks."""
    tricks = TrickRules(game.rules)
    n = game.players
    team = tricks.team_of[seat]
    bids = game.bids
    nil_on = game.rules.nil_mode == "nil"
    wins = [
        tricks.team_of[s] == team and not (nil_on and (b := bids[s]) is not None and b.tricks == 0)
        for s in range(n)
    ]
    memo: dict[tuple[object, ...], bool] = {}

    def search(
        hands: list[int], trick: list[tuple[int, int]], leader: int, trick_no: int, broken: bool
    ) -> bool:
        key = (tuple(hands), tuple(trick), leader, broken)
        if key in memo:
            return memo[key]
        actor = (leader + len(trick)) % n
        mask, _ = tricks.legal_mask(actor, hands[actor], trick, trick_no, broken, True)
        ours = tricks.team_of[actor] == team
        result = not ours
        for card in bits(mask):
            logical = card % COPY_SHIFT
            after = list(hands)
            after[actor] ^= 1 << card
            played = [*trick, (actor, logical)]
            now_broken = broken or tricks.deck.suit_of[logical] == TRUMP
            if len(played) < n:
                ok = search(after, played, leader, trick_no, now_broken)
            else:
                winner, _ = tricks.winner(played)
                ok = wins[winner] and (
                    trick_no + 1 == game.num_tricks
                    or search(after, [], winner, trick_no + 1, now_broken)
                )
            if ok == ours:
                result = ours
                break
        memo[key] = result
        return result

    return search(*position(game))


def position(game: Game) -> tuple[list[int], list[tuple[int, int]], int, int, bool]:
    """(physical hands, trick, leader, tricks played, spades broken) of a game in play."""
    hands = []
    for cards in game.hands:
        mask = 0
        for card in cards:
            bit = 1 << card.index
            mask |= bit << COPY_SHIFT if mask & bit else bit
        hands.append(mask)
    trick = [(seat, card.index) for seat, card in game.trick]
    leader = trick[0][0] if trick else game.to_act
    assert leader is not None
    return hands, trick, leader, len(game.view(0).tricks), game.spades_broken


def judge(game: Game, seat: int) -> bool:
    nil_on = game.rules.nil_mode == "nil"
    nil = [nil_on and b is not None and b.tricks == 0 for b in game.bids]
    hands, trick, leader, trick_no, broken = position(game)
    judged = ClaimJudge(TrickRules(game.rules))
    return judged.holds(hands, trick, leader, trick_no, broken, game.team_of(seat), nil)


def positions_near_the_end(rules: Rules, seed: int) -> list[Game]:
    """Random play to each position of the last ``REFERENCE_TRICKS`` tricks of a hand."""
    rng = random.Random(seed)
    out = []
    game = Game.new(rules, seed=seed)
    while not game.is_over and game.hand_number == 1:
        left = game.num_tricks - game.view(0).trick_number + 1
        if game.phase is Phase.PLAY and left <= REFERENCE_TRICKS:
            out.append(Game.replay(rules, seed=seed, actions=game.history))
        moves = [a for a in game.legal_actions() if not isinstance(a, Claim)]
        game.apply(rng.choice(moves))
    return out


@pytest.mark.parametrize("name", list(TABLES))
def test_the_judge_agrees_with_the_plain_search(name: str) -> None:
    rules = TABLES[name]
    checked = held = 0
    for seed in range(3):
        for game in positions_near_the_end(rules, seed):
            for seat in range(game.players):
                expected = reference_holds(game, seat)
                assert judge(game, seat) == expected, (name, seed, len(game.history), seat)
                checked += 1
                held += expected
    assert checked and held, (checked, held)


def test_claims_stored_before_claims_could_fail_replay_as_they_were_accepted() -> None:
    """Action logs stored when a claim was offered only if it held (by a seat on turn or
    not, between tricks or in one): replayed now, each claim is accepted where it was, and
    the scores are the ones the earlier engine gave."""
    logs = json.loads(Path(__file__).with_name("claims_that_held.json").read_text())
    for log in logs:
        rules = Rules.model_validate(log["rules"])
        game = Game.new(rules, seed=log["seed"], dealer=log["dealer"])
        claims = []
        for action in map(action_from_json, log["actions"]):
            for event in game.apply(action):
                if isinstance(event, ClaimAccepted):
                    claims.append([len(game.history) - 1, event.seat, event.tricks])
        assert claims == log["claims"]
        assert (game.scores, game.bags) == (log["scores"], log["bags"])


def test_a_bot_claims_the_top_trumps_it_holds() -> None:
    """002 The Rest Are Mine: "the leading player sees that they hold the AKQ of spades"."""
    game = new_game(Rules(claims=True), deal_from_codes(*SUITED))
    bid_all(game, [2, 1, 2, 3])
    play_out(game, tricks=10)
    assert game.to_act == 3 and len(game.hands[3]) == 3
    view = game.view(3)
    assert claim_is_certain(view)
    assert HeuristicPolicy().decide(view, random.Random(1)) == Claim(3)
    # Its partner's claim holds too, but seat 1 cannot see that from its own cards.
    assert Claim(1) in game.legal_actions(1) and judge(game, 1)
    assert not claim_is_certain(game.view(1))


@pytest.mark.parametrize("name", ["casual", "x_renege_set", "x_jokers3"])
def test_every_certain_claim_holds(name: str) -> None:
    """Whenever a seat's own view makes its claim certain, the judge accepts it."""
    rules = TABLES[name]
    certain = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(rules, seed=seed)
        while not game.is_over and game.hand_number <= 2:
            for seat in range(game.players):
                if claim_is_certain(game.view(seat)):
                    assert judge(game, seat), (name, seed, len(game.history), seat)
                    certain += 1
            moves = [a for a in game.legal_actions() if not isinstance(a, Claim)]
            game.apply(rng.choice(moves))
    assert certain
