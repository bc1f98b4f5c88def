"""hard's card playouts cover its side's Nil as a strong partner does (``Playout``'s
``cover_team``): the partner keeps its highest card of a suit while the Nil holds a card
there only it covers, covers only a Nil that cannot duck under the card on the table, and
leads where the Nil can duck or discard; hard1 keeps the old play."""

from __future__ import annotations

import random

import pytest

from bot.ai.levels import policy_for
from bot.ai.playout import Playout, Position
from bot.ai.search import SearchPolicy
from bot.engine import Bid, Card, Game, Phase, PlayCard, Rules
from bot.engine.deck import COPY_SHIFT
from devtools.arena import task_seed
from tests.ai.helpers import physical, position_of

RULES = Rules.preset("classic")
# Seat 1 bid Nil; seats 0 and 2 bid 4 each, seat 3 (the Nil's partner) 5.
BIDS: list[int | None] = [4, 0, 4, 5]


def _hand(*codes: str) -> int:
    return physical([Card.parse(code).index for code in codes])


def _played(code: str) -> tuple[int, int]:
    seat, card = code.split(":")
    return int(seat), Card.parse(card).index


def _choice(hard: bool, pos: Position, seat: int, bids: list[int | None] = BIDS) -> str:
    """The card the playout of hard's search for ``seat``'s side (``hard``) or of hard1's
    chooses for ``seat``."""
    team = next(t for t, seats in enumerate(RULES.teams) if seat in seats) if hard else -1
    playout = Playout(RULES, list(bids), [False] * 4, [0, 0], hard, cover_team=team)
    mask, _ = playout.tricks.legal_mask(
        seat, pos.hands[seat], pos.trick, pos.trick_no, pos.broken, True
    )
    return str(Card.of(playout.choose(pos, seat, mask) % COPY_SHIFT))


def _arena_game(deal: int, bids: list[int], plays: list[str]) -> Game:
    """Arena deal ``deal`` of seed 7 (the arena's ``task_seed`` and dealer) after these
    bids and cards."""
    game = Game.new(RULES, seed=task_seed(7, "deal", deal), dealer=deal % RULES.players)
    while game.phase is Phase.BID and game.to_act is not None:
        game.apply(Bid(game.to_act, bids[game.to_act]))
    for code in plays:
        seat, card = code.split(":")
        game.apply(PlayCard(int(seat), Card.parse(card)))
    return game


@pytest.mark.parametrize(("hard", "card"), [(True, "3♦"), (False, "K♦")])
def test_the_partner_keeps_its_cover_once_the_nil_has_ducked(hard: bool, card: str) -> None:
    """West leads the 7♦, the Nil (seat 1) ducks with the 2♦ and still holds the Q♦; its
    partner (seat 3, last) holds K♦ 4♦ 3♦ and needs tricks. hard's playout keeps the K♦
    over the Q♦ and plays the 3♦; hard1's takes the trick with the K♦ and leaves the Q♦
    bare."""
    hands = [
        _hand("8D", "9D", "5C"),
        _hand("QD", "5H", "6H"),
        _hand("10C", "JC", "7H"),
        _hand("KD", "4D", "3D", "3S"),
    ]
    trick = [_played("0:7♦"), _played("1:2♦"), _played("2:6♦")]
    pos = Position(hands, trick, 0, 9, False, [3, 0, 3, 3], 0)
    assert _choice(hard, pos, 3) == card


@pytest.mark.parametrize(("hard", "card"), [(True, "3♠"), (False, "3♦")])
def test_the_partner_leads_where_the_nil_can_discard(hard: bool, card: str) -> None:
    """The Nil's partner (seat 3) is on lead with no winner: its diamonds K♦ 4♦ 3♦ under
    the A♦, two low spades (spades broken). The Nil holds Q♦ 10♦ and no spade. hard's
    playout leads a spade, on which the Nil discards, and keeps the K♦ for the diamond
    the Nil will have left after shedding one under it; hard1's leads the 3♦ under the
    Nil's diamonds, and the Nil must hope that someone overtakes them."""
    hands = [
        _hand("AD", "AS", "5C"),
        _hand("QD", "10D", "5H"),
        _hand("KS", "JC", "7H"),
        _hand("KD", "4D", "3D", "3S", "5S"),
    ]
    pos = Position(hands, [], 3, 8, True, [3, 0, 3, 3], 0)
    assert _choice(hard, pos, 3) == card


# Arena deal 26 (seed 7, hard vs hard1, untimed): seat 2 bid Nil over 8♣ 10♣ and lost it.
DEAL_26_BIDS = [1, 1, 0, 5]


@pytest.mark.parametrize(("hard", "card"), [(True, "2♣"), (False, "K♣")])
def test_the_partner_does_not_cover_a_nil_that_can_duck(hard: bool, card: str) -> None:
    """Arena deal 26: East leads the 9♣ at the first trick; the Nil (seat 2, fourth)
    holds 8♣ 10♣ and can duck under the 9♣. Its partner (seat 0) holds K♣ 7♣ 5♣ 3♣ 2♣.
    hard1's playout covers with the K♣ (the Nil then sheds the 10♣, and the 8♣ is bare on
    the next club, as the game went); hard's keeps the K♣ for the 8♣ and plays low."""
    game = _arena_game(26, DEAL_26_BIDS, ["3:9♣"])
    assert " ".join(map(str, game.hands[2][:2])) == "8♣ 10♣"
    assert "K♣" in map(str, game.hands[0])
    assert _choice(hard, position_of(game), 0, list(DEAL_26_BIDS)) == card


# Arena deal 1 (seed 7, hard vs hard1, untimed): seat 1 bid Nil, its partner seat 3 bid 3.
DEAL_1_BIDS = [1, 0, 4, 3]
DEAL_1_PLAYS = [
    "2:10♥",
    "3:3♥",
    "0:6♥",
    "1:9♥",
    "2:A♣",
    "3:4♣",
    "0:2♣",
    "1:J♣",
    "2:8♣",
    "3:10♣",
    "0:5♣",
    "1:9♣",
    "3:K♣",
    "0:6♣",
    "1:3♣",
    "2:Q♣",
]


@pytest.mark.parametrize("seed", [0, 2])
def test_hard_does_not_lead_away_the_nils_cover(seed: int) -> None:
    """Arena deal 1, trick five: the Nil's partner (seat 3) is on lead with 7♣ (the last
    club) K♦ 4♦ 3♦ and five spades, spades unbroken; the Nil holds Q♦ 10♦ 2♦. hard led
    the K♦ (the A♦ took it and the 10♦ was later left bare on two diamond leads): its
    playouts' partner, once on lead with no winner, led a low diamond into the Nil and
    spent the K♦ on tricks the Nil had ducked. Now it leads the 7♣ and keeps the K♦."""
    game = _arena_game(1, DEAL_1_BIDS, DEAL_1_PLAYS)
    view = game.view(3)
    assert view.hand is not None
    assert " ".join(map(str, view.hand)) == "7♣ 3♦ 4♦ K♦ 3♠ 5♠ 8♠ 9♠ J♠"
    choice = policy_for("hard", untimed=True).decide(view, random.Random(seed))
    assert isinstance(choice, PlayCard) and str(choice.card) == "7♣"


def test_hard_keeps_covers_in_its_playouts_and_hard1_does_not() -> None:
    hard, hard1 = policy_for("hard"), policy_for("hard1")
    assert isinstance(hard, SearchPolicy) and isinstance(hard1, SearchPolicy)
    assert hard.keep_cover and not hard1.keep_cover
