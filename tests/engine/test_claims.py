"""Claims judged against the real deal: the answer is the full search's, found within a
budget of work or left undecided, stored claims replay as they were accepted, and a bot's
"certain" claim always holds."""

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
    IllegalAction,
    Phase,
    Rules,
    action_from_json,
)
from bot.engine.claims import CLAIM_BUDGET, ClaimJudge, Verdict
from bot.engine.deck import COPY_SHIFT, TRUMP
from bot.engine.tricks import TrickRules, bits
from tests.engine.helpers import (
    SUITED,
    TABLES,
    bid_all,
    deal_from_codes,
    new_game,
    play_out,
    refused,
)

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
                # 000:147: a dead trick (winner -1) is nobody's, so not the side's.
                ok = (
                    winner >= 0
                    and wins[winner]
                    and (
                        trick_no + 1 == game.num_tricks
                        or search(after, [], winner, trick_no + 1, now_broken)
                    )
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
    # The tricks behind (a kitty that is a trick is one of them, 000:99).
    return hands, trick, leader, game.view(0).trick_number - 1, game.spades_broken


def judge(game: Game, seat: int) -> bool:
    """The verdict on a claim by ``seat``, which must be decided within the budget."""
    verdict, _ = judged(game, game.team_of(seat), CLAIM_BUDGET)
    assert verdict is not Verdict.UNDECIDED
    return verdict is Verdict.HOLDS


def judged(game: Game, side: int, budget: int) -> tuple[Verdict, int]:
    """(verdict, positions searched) on a claim by side ``side`` within ``budget``."""
    nil_on = game.rules.nil_mode == "nil"
    nil = [nil_on and b is not None and b.tricks == 0 for b in game.bids]
    hands, trick, leader, trick_no, broken = position(game)
    judge = ClaimJudge(TrickRules(game.rules))
    verdict = judge.judge(hands, trick, leader, trick_no, broken, side, nil, budget)
    return verdict, judge.nodes


def random_play(rules: Rules, seed: int, actions: int) -> Game:
    """A game after ``actions`` seeded random actions (never a claim)."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    while len(game.history) < actions:
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, Claim)]))
    return game


SIX_THREES = Rules(players=6, team_size=3, claims=True)
SIX_PAIRS = Rules(players=6, team_size=2, claims=True)


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


# The seeds whose last tricks are checked: three, and more where those three have no claim
# that holds. Evil Spades' hand rule 19 puts a Nil bidder on each side, so only a Nil
# bidder's partner taking every trick left holds a claim; seed 6 is the first such deal.
SEEDS: dict[str, tuple[int, ...]] = {"x_v_evil_19": (0, 1, 2, 6)}
# The tables whose games take claims (High/Low, Aces High/Low and Joke Trumps take none:
# see test_no_claims_under_calls_or_joke_trumps).
JUDGED = [name for name, rules in TABLES.items() if TrickRules(rules).claimable]


@pytest.mark.parametrize("name", JUDGED)
def test_the_judge_agrees_with_the_plain_search(name: str) -> None:
    rules = TABLES[name]
    checked = held = 0
    everyone_nil = True
    for seed in SEEDS.get(name, (0, 1, 2)):
        for game in positions_near_the_end(rules, seed):
            for seat in range(game.players):
                expected = reference_holds(game, seat)
                assert judge(game, seat) == expected, (name, seed, len(game.history), seat)
                checked += 1
                held += expected
            everyone_nil &= all(bid is not None and bid.tricks == 0 for bid in game.bids)
    assert checked, name
    # Where every seat bid Nil (Evil Spades' hand rule 10: blind Nils all round) no side has
    # a seat that may take a trick, so no claim holds; at every other table some claim held.
    assert bool(held) != everyone_nil, (checked, held, everyone_nil)


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


def first_trick(rules: Rules, seed: int) -> list[Game]:
    """Seeded random play to every moment of the first trick of a hand."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    out = []
    while game.phase is not Phase.PLAY or not game.view(0).tricks:
        if game.phase is Phase.PLAY:
            out.append(Game.replay(rules, seed=seed, actions=game.history))
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, Claim)]))
    return out


def test_a_budget_bounds_the_search_of_early_six_player_claims() -> None:
    """A claim at the first trick of a six-player hand (a double deck: 17 tricks) can take
    the full search minutes. Within a budget the search stops at exactly that many
    positions, undecided; what it decides is the full search's answer, and a larger
    budget never changes it."""
    small, larger = 1_000, 3_000
    verdicts: list[Verdict] = []
    for rules in (SIX_THREES, SIX_PAIRS):
        for seed in range(2):
            for game in first_trick(rules, seed):
                for side in range(len(rules.teams)):
                    verdict, nodes = judged(game, side, small)
                    assert nodes <= small
                    again, more = judged(game, side, larger)
                    assert more <= larger
                    if verdict is Verdict.UNDECIDED:
                        assert nodes == small and more > small
                    else:
                        assert (again, more) == (verdict, nodes)
                    verdicts.append(verdict)
    assert Verdict.UNDECIDED in verdicts and Verdict.FAILS in verdicts


def test_the_hardest_early_claims_stop_at_the_budget_and_change_nothing() -> None:
    """A six_threes claim at the second trick that the full search does not settle in
    400,000 positions (a minute and more in plain Python): the game's judge stops at
    ``CLAIM_BUDGET``, and the claim is refused, the game going on as before."""
    game = random_play(SIX_THREES, 0, 20)
    verdict, nodes = judged(game, game.team_of(1), CLAIM_BUDGET)
    assert (verdict, nodes) == (Verdict.UNDECIDED, CLAIM_BUDGET)
    assert game.claim_verdict(1) is Verdict.UNDECIDED
    refused(game, Claim(1), "I could not check that claim quickly; play on.")
    # Not a failed claim: the side may claim again, and nobody's cards are face up.
    assert Claim(1) in game.legal_actions(1)
    assert not any(game.view(0).exposed)


def test_easy_claims_are_decided_at_once() -> None:
    """The top trumps of a seat on lead are proven without a search; a side whose
    opponent holds a trump it cannot beat fails without one; a short search settles the
    rest of an easy hand."""
    game = new_game(Rules(claims=True), deal_from_codes(*SUITED))
    bid_all(game, [2, 1, 2, 3])
    # Seat 3 holds every spade: seat 1 leads, seat 3 trumps and takes the rest.
    assert judged(game, 0, CLAIM_BUDGET) == (Verdict.FAILS, 0)
    verdict, nodes = judged(game, 1, CLAIM_BUDGET)
    assert verdict is Verdict.HOLDS and nodes < 100
    play_out(game, tricks=10)
    assert judged(game, 1, CLAIM_BUDGET) == (Verdict.HOLDS, 0)


def test_a_stored_claim_replays_whatever_its_search_costs() -> None:
    """A claim stored before claims had a budget may need more: its replay searches as
    long as it takes, so the game it is in is rebuilt as it was played."""
    game = random_play(SIX_THREES, 3, 8)
    # The full search refutes seat 0's claim here in 60,088 positions: more than the budget.
    assert game.claim_verdict(0) is Verdict.UNDECIDED
    replayed = Game.replay(SIX_THREES, seed=3, actions=[*game.history, Claim(0)])
    assert replayed.history[-1] == Claim(0)
    assert replayed.view(0).exposed[0], "the claim failed: seat 0's cards are face up"
    # Once rebuilt, a game judges new claims within the budget again.
    again = Game.replay(SIX_THREES, seed=3, actions=game.history)
    assert again.claim_verdict(0) is Verdict.UNDECIDED


@pytest.mark.parametrize("name", [name for name in TABLES if name not in JUDGED])
def test_no_claims_under_calls_or_joke_trumps(name: str) -> None:
    """The judge knows no High/Low or Ace call (003:65, 000:143) and no joke spade
    (000:134): under them no seat is ever offered a claim, nor may make one."""
    rules = TABLES[name].model_copy(update={"claims": True})
    rng = random.Random(3)
    game = Game.new(rules, seed=3)
    while not game.is_over and game.hand_number == 1:
        for seat in range(game.players):
            assert not any(isinstance(a, Claim) for a in game.legal_actions(seat))
        if game.phase is Phase.PLAY:
            with pytest.raises(IllegalAction):
                game.apply(Claim(game.to_act or 0))
        game.apply(rng.choice(game.legal_actions()))
