"""Text renderings: one card face switch through every line, agreement with "You", counts,
who won, and the replayed hand's lines."""

from __future__ import annotations

import pytest

from bot.engine import (
    PRESETS,
    BidMade,
    Card,
    CardPlayed,
    CardsRevealed,
    ClaimAccepted,
    Event,
    Game,
    GameOver,
    HandDealt,
    HandScored,
    PassingStarted,
    Phase,
    Rules,
    TrickWon,
)
from bot.render.text import (
    LINE_WIDTH,
    dealt_text,
    does,
    event_text,
    hand_record_text,
    hand_text,
    lead_text,
    plural,
    replay_lines,
    result_text,
    seat_names,
    short_name,
    table_text,
    wrapped,
)
from bot.render.words import card_text
from tests.engine.helpers import TABLES
from tests.render.pictures import played_hands, scripted

CLASSIC = Rules.preset("classic")
NAMES = seat_names(4)


def test_the_player_at_the_terminal_is_you() -> None:
    assert NAMES == ["You", "West", "North", "East"]
    assert seat_names(3, human=None) == ["Seat 1", "Seat 2", "Seat 3"]


@pytest.mark.parametrize(
    ("count", "noun", "text"),
    [(0, "bag", "0 bags"), (1, "bag", "1 bag"), (2, "hand", "2 hands"), (1, "trick", "1 trick")],
)
def test_counts_agree(count: int, noun: str, text: str) -> None:
    assert plural(count, noun) == text


@pytest.mark.parametrize(
    ("seat", "verb", "text"),
    [
        (0, "bid", "You bid"),
        (1, "bid", "West bids"),
        (2, "pass", "North passes"),
        (0, "pass", "You pass"),
    ],
)
def test_verbs_agree_with_you_and_the_others(seat: int, verb: str, text: str) -> None:
    assert does(NAMES, seat, verb, you=0) == text


@pytest.mark.parametrize(
    ("event", "you", "text"),
    [
        (BidMade(0, 3, False, False), 0, "You bid 3."),
        (BidMade(1, 0, True, True), 0, "West bids blind nil."),
        (CardsRevealed(0), 0, "You look at your cards."),
        (CardsRevealed(3), 0, "East looks at their cards."),
        (TrickWon(0, 4, ()), 0, "You take trick 4."),
        (ClaimAccepted(2, 1), None, "North claims the rest: 1 trick."),
        (HandDealt(2, 1, 13), 0, "— Hand 2: 13 cards each, dealt by West —"),
        (HandDealt(2, 0, 13), 0, "— Hand 2: 13 cards each, dealt by you —"),
        (GameOver(1, (10, 520)), 0, "Game over: West & East win 520 to 10."),
        (GameOver(0, (520, 10)), 0, "Game over: You & North win 520 to 10."),
    ],
)
def test_event_lines(event: Event, you: int | None, text: str) -> None:
    assert event_text(event, NAMES, CLASSIC, you=you) == text


def test_who_won_alone_or_in_a_tie() -> None:
    teams = Rules.preset("cutthroat3").teams
    names = ["Ada", "Bob", "You"]
    assert lead_text((300, 120, 40), teams, names) == "Ada wins 300 to 120 to 40."
    assert lead_text((30, 120, 400), teams, names, you=2) == "You win 400 to 120 to 30."
    assert lead_text((100, 100, 40), teams, names) == "A tie at 100."


def test_two_players_draw_from_the_stock() -> None:
    assert dealt_text(0, ["Ada", "Bob"], Rules.preset("two_player")) == "drawn from the stock"
    assert dealt_text(1, NAMES, CLASSIC) == "dealt by West"
    assert dealt_text(0, NAMES, CLASSIC, you=0) == "dealt by you"
    # 003:81: three players draw from two decks; 003:114: Berkley's two players are dealt.
    three = ["Ada", "Bob", "Cy"]
    assert dealt_text(1, three, Rules.preset("three_two_decks")) == "drawn from the stock"
    assert dealt_text(1, ["Ada", "Bob"], TABLES["x_v_berkley_two_dead_hands"]) == "dealt by Bob"


def test_every_card_in_a_line_goes_through_the_one_face_function() -> None:
    def face(card: Card) -> str:
        return f"[{card.code}]"

    played = CardPlayed(1, Card.parse("10H"), 1, False)
    assert event_text(played, NAMES, CLASSIC, face) == "West plays [TH]."
    cards = [Card.parse(c) for c in ("2S", "AS", "10H", "3C")]
    assert hand_text(cards, CLASSIC, face) == "[3C]  |  [TH]  |  [AS] [2S]"
    record = played_hands(CLASSIC, seed=3, hands=1)[0]
    text = hand_record_text(record, NAMES, CLASSIC, face)
    assert "♠" not in text and "♥" not in text and "[" in text


def test_a_replayed_hands_other_lines_leave_out_what_the_picture_draws() -> None:
    record = played_hands(CLASSIC, seed=3, hands=1)[0]
    lines = replay_lines(record, NAMES, CLASSIC)
    assert not any(
        line.startswith(("Trick", "Hand 1 scored")) or " bids " in line for line in lines
    )
    assert set(lines) <= set(hand_record_text(record, NAMES, CLASSIC).splitlines())


LONG_NAMES = [
    "Bartholomew the Magnificent",
    "Wilhelmina Featherstonehaugh",
    "carol",
    "Konstantin Konstantinopolsky",
    "Eve",
    "Maximiliana of the Long Name",
]


def _mid_trick(rules: Rules, seed: int) -> Game:
    """A game in its first trick with all but one card played to it, scores from a hand."""
    game = Game.new(rules, seed=seed, dealer=0)
    while not game.results or game.phase is not Phase.PLAY or len(game.trick) < rules.players - 1:
        assert game.to_act is not None
        game.apply(scripted(game.view(game.to_act)))
    return game


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_table_fits_a_phone_with_long_names_cut(preset: str) -> None:
    rules = Rules.preset(preset)
    game = _mid_trick(rules, seed=7)
    names = LONG_NAMES[: rules.players]
    lines = table_text(game.view(0), names).splitlines()
    assert all(len(line) <= LINE_WIDTH for line in lines), lines
    seats = [line for line in lines if " bid " in line and " took " in line]
    assert len(seats) == rules.players
    assert len({line.index(" bid ") for line in seats}) == 1  # the columns line up
    assert len({line.index(" took ") for line in seats}) == 1
    assert seats[0].startswith("Bartholomew t… bid")
    for name in names:
        if len(name) <= 14:
            assert name in "\n".join(lines)  # a short name is never cut
    assert any(line.startswith("Trick ") for line in lines)
    assert not any("Seat " in line or "seat " in line for line in lines)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_hands_score_fits_a_phone(preset: str) -> None:
    rules = Rules.preset(preset)
    record = played_hands(rules, seed=3, hands=1)[0]
    (scored,) = [e for e in record.events if isinstance(e, HandScored)]
    text = result_text(scored.result, LONG_NAMES[: rules.players], rules)
    lines = text.splitlines()
    assert lines[0] == "Hand 1 scored:"
    assert all(len(line) <= LINE_WIDTH for line in lines), lines
    assert sum(line.lstrip().startswith("= ") for line in lines) == len(scored.result.teams)


def test_a_score_line_keeps_every_item_when_it_wraps() -> None:
    items = ["contract +100", "overtricks +3", "nil +100", "blind +200", "bag penalty -100"]
    lines = wrapped("", [(item, item) for item in items], 30)
    assert all(len(line) <= 30 for line in lines)
    assert " ".join(line.strip() for line in lines) == ", ".join(items)
    assert short_name("Bartholomew", 8) == "Barthol…"
    assert short_name("carol") == "carol"
    assert len(short_name("x" * 30)) == 14


@pytest.mark.parametrize(
    ("start", "line"),
    [
        (11, "Evil Spades, rule 11 of 45 (kiss of death): Everyone bids 4."),
        (35, "Evil Spades, rule 35 of 45 (49er): The holder of the 9 of spades bids 9;"),
    ],
)
def test_the_table_says_which_evil_spades_rule_is_in_force(start: int, line: str) -> None:
    """003:13-63 Evil Spades: the table message names this hand's rule, and the next."""
    rules = Rules(evil_spades=True, blind_nil="never", evil_start=start)
    game = Game.new(rules, seed=1, dealer=0)
    text = " ".join(table_text(game.view(1), ["Ann", "Bob", "Cy", "Di"]).split("\n"))
    assert line in text
    assert all(len(row) <= LINE_WIDTH for row in table_text(game.view(1), list("ABCD")).split("\n"))
    assert "Evil" not in table_text(Game.new(Rules(), seed=1).view(0), list("ABCD"))


def test_dirty_spades_names_the_suit_cut_for_the_hand() -> None:
    """003:59 Dirty Spades: the called suit is shown to everyone."""
    game = Game.new(Rules(evil_spades=True, blind_nil="never", evil_start=41), seed=5, dealer=0)
    suit = game.view(2).called_suit
    assert suit is not None
    text = " ".join(table_text(game.view(2), list("ABCD")).split("\n"))
    assert f"Everyone bids the number of {suit.symbol} they hold" in text


def test_the_table_shows_the_card_cut_to_cancel_a_bag() -> None:
    """000:178 Sandbag Cancellation by a card cut before each deal: everyone is shown it."""
    game = Game.new(Rules(bag_cancel_card=True, bag_cancel_cut=True), seed=3, dealer=0)
    card = game.view(1).cancel_card
    assert card is not None
    for seat in range(4):
        text = " ".join(table_text(game.view(seat), list("ABCD")).split("\n"))
        assert f"Cut card this hand: {card_text(card)}, it cancels a bag" in text
    assert "Cut card" not in table_text(
        Game.new(Rules(bag_cancel_card=True), seed=3).view(0), list("ABCD")
    )


@pytest.mark.parametrize(
    ("rules", "hand_number", "text"),
    [
        (Rules(hurricane_pass="left"), 1, "everyone passes 3 cards to the player on their left."),
        (
            Rules(hurricane_pass="left_right_hold", mercy="none"),
            2,
            "everyone passes 3 cards to the player on their right.",
        ),
        (
            Rules(pass_every_hand=1),
            1,
            "Partners pass cards: You and North pass 1; West and East pass 1.",
        ),
    ],
)
def test_passing_before_the_bids_and_every_hand_is_announced(
    rules: Rules, hand_number: int, text: str
) -> None:
    """003:363-373 Hurricane's passing, to the left or the right; 000:148 partners every
    hand: the table says which, not "Nil passing"."""
    game = Game.new(rules, seed=2, dealer=3)
    events = list(game.initial_events)
    for _ in range(200):
        if game.hand_number == hand_number and any(isinstance(e, PassingStarted) for e in events):
            break
        events = game.apply(game.legal_actions()[0])
    line = next(event_text(e, NAMES, rules) for e in events if isinstance(e, PassingStarted))
    assert text in line
    assert "Nil" not in line
