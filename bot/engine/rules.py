"""The house rules: one frozen, validated pydantic model, its presets and option parsing.

Every option traces to the rule sources in ``shared/seeds``: ``000`` (the encyclopedia
article, whose basic method gives the defaults), ``001`` (an online site's option table,
which names the options and their values), ``002``, ``003`` and ``004``.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Final, Literal, Self, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bot.engine.deck import deck_info

Deficit = Literal["never", "losing_by_250", "losing_by_200", "losing_by_100", "anytime"]

# How far behind the leader a side must be for a "losing_by_N" option to open up.
DEFICITS: dict[str, int | None] = {
    "never": None,
    "losing_by_250": 250,
    "losing_by_200": 200,
    "losing_by_100": 100,
    "losing_by_50": 50,
    "anytime": 0,
}

# Options that 001 says are "not available in Mirror, Suicide and Whiz", with the only
# value they may take there.
_FIXED_IN_BID_VARIANTS: dict[str, object] = {
    "cant_total_tricks": False,
    "min_bid": None,
    "nil_allowed": "anytime",
    "blind_nil": "never",
    "blind_bids": "never",
    "blind_nil_pass": 0,
    "each_bids_four": False,
    "no_nine_bids": False,
}

# Team sizes each player count can be seated in (000, "The number of players").
_TEAM_SIZES: dict[int, tuple[int, ...]] = {2: (1,), 3: (1,), 4: (1, 2), 5: (1,), 6: (1, 2, 3)}


@cache
def _teams(players: int, team_size: int) -> tuple[tuple[int, ...], ...]:
    sides = players // team_size
    return tuple(tuple(range(t, players, sides)) for t in range(sides))


@dataclass(frozen=True, slots=True)
class RuleProblem:
    """One reason a combination of options cannot be played: ``kind`` names it and
    ``details`` holds its figures (option names, values, counts, by name), so that a layer
    that writes in the reader's language (``bot.render.rule_problems``) can say it in
    theirs; ``str()`` is the engine's English."""

    kind: str
    english: str
    details: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.english


class RulesProblems(ValueError):
    """Options that cannot be played together: ``problems`` says why, each one."""

    def __init__(self, problems: Sequence[RuleProblem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = tuple(problems)


class RulesRefused(ValueError):
    """``/changerules set``'s refusal of ``option`` set to ``value``: the English message,
    and the combination's ``problems`` when those were the reason (empty when the value
    itself does not fit the option)."""

    def __init__(
        self, message: str, option: str, value: str, problems: Sequence[RuleProblem] = ()
    ) -> None:
        super().__init__(message)
        self.option = option
        self.value = value
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class _Problems:
    out: list[RuleProblem]

    def add(self, kind: str, english: str, **details: object) -> None:
        self.out.append(RuleProblem(kind, english, details))


# A declaration's terms: (tricks to take, points made, points lost), Little then Big, by
# the rules' ``mo`` (000:116, 000:117, 000:145, 002:90, 003:255-263, 003:283-284).
MO_TERMS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "mo": ((7, 150, -150), (10, 250, -250)),
    "moe": ((6, 150, -150), (8, 300, -300)),
    "bemo": ((6, 60, -60), (9, 90, -90)),
    "bemo_three": ((4, 100, -50), (6, 300, -100)),
}
# bemo_three with 18 tricks a hand (003's version 2).
MO_TERMS_18: tuple[tuple[int, int, int], tuple[int, int, int]] = ((5, 100, -50), (7, 200, -100))


def mo_terms(kind: str, num_tricks: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(goal, made, lost) of a Little and a Big declaration under ``mo`` ``kind``."""
    if kind == "bemo_three" and num_tricks == 18:
        return MO_TERMS_18
    return MO_TERMS[kind]


class Rules(BaseModel):
    """Every house rule of a Spades table. Defaults are the basic method of ``000``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # table
    players: Literal[2, 3, 4, 5, 6] = Field(4, description="Number of players (000).")
    team_size: Literal[1, 2, 3] = Field(
        2, description="Players per side: 1 is cutthroat, 2 partners, 3 (six players) two teams."
    )
    deck: Literal[
        "ace_high",
        "joker_joker_ace",
        "joker_joker_deuce_ace",
        "joker_joker_deuce_deuce",
        "bauers",
        "deuces_high",
        "one_joker",
        "euchre_jokers",
        "deuce_deuce_ace",
    ] = Field(
        "ace_high",
        description="Deck and trump ranking (001, Variations); bauers: no jokers, the J of "
        "spades is the top trump and the J of clubs, played as a spade, the second (000:138 "
        "Bauer Trumps; its other form, two jokers on top, is joker_joker_ace). deuces_high: no "
        "jokers, the four 2s are spades above the A of spades, the 2 of diamonds highest, then "
        "the 2 of clubs, the 2 of hearts and the 2 of spades (000:133; the seed lost the 2s' "
        "suits: this reads the 2 of diamonds as its Big Joker and the 2 of clubs as its Little "
        "Joker). one_joker: a single Joker, the top spade (000:14). euchre_jokers: the two "
        "Jokers, on top of the spades, replace the J of hearts and the J of diamonds (000:135). "
        "deuce_deuce_ace: no jokers, the 2 of diamonds is the top spade, then the 2 of spades, "
        "then the A of spades, as Cancellation Spades plays (000:147; the seed lost the 2s' "
        "suits: this reads them as Joker-Joker-Deuce-Deuce does).",
    )
    six_deck: Literal["double", "single"] = Field(
        "double",
        description="Six players: two decks shuffled together (double), or a single deck "
        "(single): 48 cards, all four 2s out, 8 each; or with two Jokers, 52 cards and the "
        "Jokers, 9 each (000:193).",
    )
    three_jokers: Literal["off", "top", "junk"] = Field(
        "off",
        description="Five players with three Jokers (000:192): no cards are taken out and a "
        "third Joker is added, 55 cards, 11 each. The third Joker is a second Little Joker, "
        "as a second deck gives it; of the two, identical_cards decides (the later played "
        "wins by default). top: the Jokers are the highest trumps, Big Joker, then the Little "
        "Jokers, then the spades as the deck ranks them. junk: the Jokers are worth nothing "
        "(the seed says no more; this is how tables play junk cards): a Joker belongs to no "
        "suit and never takes a trick; it may be played when its player cannot follow suit, "
        "and may be led at any time, spades broken or not; after a Joker is led, the first "
        "other card played sets the suit the rest must follow, and a player with nothing but "
        "Jokers on the table before them may play any card. Both need a deck with two Jokers "
        "(joker_joker_ace, joker_joker_deuce_ace or joker_joker_deuce_deuce).",
    )
    identical_cards: Literal["later_wins", "earlier_wins", "cancel"] = Field(
        "later_wins",
        description="Double deck (six players): which of two identical cards wins. cancel: "
        "neither; two identical cards in a trick cancel each other, and the highest other "
        "card of the led suit or spades takes it. When every such card is cancelled the trick "
        "is dead: nobody takes it, and whoever led it leads again (000:147 Cancellation "
        "Spades; the seed does not say who leads, this is how Cancellation Hearts tables "
        "play).",
    )
    two_player_deal: Literal["keep_one_of_two", "first_or_second", "first_or_second_unseen"] = (
        Field(
            "keep_one_of_two",
            description="Two players draw from the stock (000): see two and keep one; or keep "
            "or refuse the first card; or the same without seeing the refused second card.",
        )
    )
    kitty: Literal["off", "two_of_clubs", "high_bidder"] = Field(
        "off",
        description="Kitty: when the cards do not deal evenly none are taken out; the cards "
        "over stay face down in a kitty. The holder of the 2 of clubs (or, when it is in the "
        "kitty, the player on the dealer's left) takes it before the bidding (two_of_clubs; "
        "the seed lost the card's name), or the highest bidder after it (high_bidder), and "
        "discards as many cards, seen by nobody else (000:99, 000:136).",
    )
    kitty_trick: bool = Field(
        False,
        description="Kitty as a trick: a full round more goes to the kitty (each player is "
        "dealt one card fewer), and the discard of whoever takes the kitty counts as their "
        "first trick of the hand, so one trick fewer is played; then the deck may also deal "
        "evenly (000:99).",
    )
    dead_hand: bool = Field(
        False,
        description="Three players with a dead hand: 13 cards each from the four-player "
        "deck (a joker deck less the 2 of hearts and the 2 of diamonds), and a fourth hand "
        "dealt face down that nobody sees or plays, so 13 tricks are "
        "played and the unseen cards cannot be counted (003:207-225). With two players the "
        "deal of Berkley's two-player game: four hands of 13, each player's own seen whole, "
        "the two hands on their right dealt face down and not played (003:108-116; "
        "dummy_hands plays them).",
    )
    dummy_hands: bool = Field(
        False,
        description="Berkley's two-player game with dummies (003:98-152): two players, "
        "four hands of 13 from the Berkley deck (two Jokers, no 2 of hearts or 2 of "
        "diamonds), and each player plays their own hand, seen whole, and the hand on "
        "their right, a dummy that plays just before them. Once a player has looked, each "
        "dummy's first six cards dealt lie face up for both players; its other cards stay "
        "face down, unseen by anyone. A dummy must play a face-up card of the suit led, "
        "else a face-up spade; else its face-down cards are turned one at a time, in the "
        "order dealt, until one is of the suit led or a spade, and that one is played; if "
        "none is, any card. A dummy leads any face-up card, or with none its first "
        "face-down card. Tricks of both hands count for their player. A Nil (bid before "
        "looking) or Naught (after) is the player's own hand taking no trick, the dummy's "
        "tricks counting as overtricks; a Double Nil or Double Naught is both hands "
        "taking none. The seats are four: 1 and 3 the players, 4 and 2 their dummies.",
    )
    two_decks: bool = Field(
        False,
        description="Three Player, Two Deck Spades: three players draw from two decks without "
        "their two 2s of clubs (102 cards) as two players draw from one (two_player_deal), 17 "
        "cards each; of two identical cards in a trick identical_cards decides, the second "
        "played winning by default as the seed says (003:73-81).",
    )
    royal: bool = Field(
        False,
        description="Royal Spades: two players, the 2 to 9 of hearts, diamonds and clubs "
        "taken out (28 cards, 30 with Jokers); 13 cards each are dealt and the 2 or 4 left "
        "over stay unseen (003:343-361).",
    )
    face_up_cards: Annotated[int, Field(ge=0, le=4)] = Field(
        0,
        description="Face-up deal: the first cards dealt to each player, this many, are dealt "
        "face up for everyone to see for the whole hand; Blind Nil may still be bid by a "
        "player who has not looked at the others (000:98: up to four).",
    )
    variant: Literal["regular", "mirror", "whiz", "suicide"] = Field(
        "regular", description="Bidding variant (000, 001)."
    )
    # game length
    play_to: Literal["score", "hands", "time"] = Field(
        "score",
        description="Play to a score, a number of hands (hands_to_play) or for a time "
        "(minutes_to_play).",
    )
    target_score: Annotated[int, Field(ge=100, le=1000, multiple_of=50)] = Field(
        500, description="Score that ends the game when playing to a score."
    )
    hands_to_play: Annotated[int, Field(ge=1, le=50)] = Field(
        8, description="Hands in the game when playing a number of hands."
    )
    minutes_to_play: Annotated[int, Field(ge=10, le=480, multiple_of=5)] = Field(
        60,
        description="Minutes in the game when playing for a time (000:88, 002:72: about "
        "eight hands an hour with four players). The clock starts at the deal and keeps "
        "running while the bot is offline. When time runs out the hand in play is finished "
        "(a hand dealt but not begun is not played), then the higher score wins; a tie "
        "plays one more hand, and again until it is broken.",
    )
    mercy: Literal["none", "minus_200", "minus_target", "spread_target"] = Field(
        "minus_200",
        description="End early when a side is at -200, at minus the target, or trails by the "
        "target (001 Mercy rule; only when playing to a score).",
    )
    # bidding
    first_hand_bids_itself: bool = Field(
        False, description="No bidding in the first hand: 10 points a trick (001)."
    )
    cant_total_tricks: bool = Field(
        False, description="The last bidder may not make the bids total the tricks (000, 001)."
    )
    ten_for_two_hundred: bool = Field(
        False, description="A side bid of exactly 10 scores +/-200 (000 10-for-200, 001)."
    )
    ten_for_two_hundred_exact: bool = Field(
        False,
        description="With 10-for-200, the side must take exactly 10 tricks: an 11th trick "
        'sets it (000:114, "must win exactly 10 tricks").',
    )
    ten_for_two_hundred_loss: Literal[200, 100] = Field(
        200,
        description='What a failed 10-for-200 loses: 200, or only 100 (000:114, "some play a '
        'lost bid only loses 100").',
    )
    shoot_the_moon: Literal["off", "plus_minus_200", "wins_game"] = Field(
        "off", description="A side bid of every trick: +/-200 (004) or wins the game (000 Boston)."
    )
    min_bid: Annotated[int, Field(ge=2, le=5)] | None = Field(
        None, description="Board: the least a side may bid, nil aside (000 Board, 001 Min bid)."
    )
    nil_mode: Literal["nil", "zero"] = Field(
        "nil", description="A bid of 0 is Nil (bonus or penalty) or a plain zero (001)."
    )
    nil_allowed: Literal["anytime", "losing_by_50", "losing_by_100", "never"] = Field(
        "anytime", description="When Nil may be bid (001 Can bid Nil)."
    )
    nil_points: Literal[50, 100] = Field(100, description="Nil made or failed (001 Nil points).")
    nil_scoring: Literal["bonus", "minus_10_a_trick"] = Field(
        "bonus",
        description="How a Nil scores: its bonus won or lost (nil_points); or, as in 3B-Spades, "
        "nothing when made and -10 for each trick taken (000:167).",
    )
    double_nil_bonus: bool = Field(
        False, description="Both partners making Nil doubles their bonuses (000 Double Nil)."
    )
    team_nil: bool = Field(
        False,
        description="Team Nil: when both partners bid Nil the side's Nil counts once, +100 if "
        "the side takes no trick and -100 if it takes any (+/-150 when both bid Blind Nil), "
        "and the side takes no bags that hand (000:159-162, 002:91-94).",
    )
    double_nil_wins: bool = Field(
        False,
        description="Both partners bid Nil (or Blind Nil) and both take no trick: their side "
        'wins the game at once (000:71-72 "400 or Game", 000:108).',
    )
    double_nil_no_penalty: bool = Field(
        False,
        description="Both partners bid Nil and either takes a trick: their Nils cost nothing "
        'instead of each losing its value (000:71-72 "0 or -200", 000:105, 000:108).',
    )
    blind_nil: Deficit = Field(
        "losing_by_100",
        description="When Blind Nil may be bid (000: down by 100; 001 Blind Nil). Scores double.",
    )
    blind_bids: Deficit = Field(
        "never", description="When blind bids other than Nil may be made (001). Score double."
    )
    blind_scoring: Literal["double", "exact_100", "exact_double", "trailing"] = Field(
        "double",
        description="How a blind bid other than Nil scores. double: the side's contract counts "
        "its blind tricks twice, made or set (001). exact_100: the contract as usual, and the "
        "blind bidder gets +100 for taking exactly the bid, -100 for fewer, 0 for more (000:69). "
        "exact_double: the blind bidder gets 10 a trick bid more for taking exactly the bid, "
        "and loses as much for any other number (000:106, 003:247). trailing: made, 20 a trick "
        "bid and the side's overtricks count nothing; set, the usual -10 a trick bid (000:119).",
    )
    blind_six: Literal["off", "exact", "at_least", "at_least_lose_60"] = Field(
        "off",
        description="Blind 6: blind bids are a side's, made before either partner looks: the "
        "first partner bids blind 1 to 5 and the other must bid the rest of 6 blind. Exactly "
        "6 tricks scores 120 and any other number -120 (exact); or 6 or more scores 120 with "
        "no overtricks counted and fewer -120 (at_least), or only -60 (at_least_lose_60) "
        "(000:118). Open when blind_bids allows blind bids.",
    )
    min_blind_bid: Annotated[int, Field(ge=1, le=7)] = Field(
        1,
        description="Least side bid a blind bid must bring the side to (001); 7 is the cap (000).",
    )
    nil_pass: Annotated[int, Field(ge=0, le=4)] = Field(
        0, description="Cards exchanged between a Nil bidder and partner (000 Passing, 001)."
    )
    blind_nil_pass: Annotated[int, Field(ge=0, le=4)] = Field(
        0, description="Cards exchanged after a Blind Nil (000 Passing, 001)."
    )
    each_bids_four: bool = Field(
        False,
        description="Fredieu: every player bids at least 4, or Nil, or Blind Nil, or the bid "
        "that makes the side's 10 at a 10-for-200 table (000:128).",
    )
    no_nine_bids: bool = Field(
        False,
        description="No Nines: a side may not bid a combined 9, so a strong side bids 8 or 10 "
        "(000:120; with blind_nil and blind_bids never it is No Nines, No Blinds).",
    )
    mo: Literal["off", "mo", "moe", "bemo", "bemo_three"] = Field(
        "off",
        description="A side's declaration to take the first tricks, made by its first "
        "bidder instead of a bid. mo: Little Mo, the first 7 tricks for +/-150, or Big Mo, the "
        "first 10 for +/-250; the declarer leads the first trick, the partner does not bid, "
        "the side takes no bags, and it fails once an opponent takes a trick first (000:145, "
        "002:90). moe: Little Moe, 6 tricks in a row anywhere in the hand for +/-150, or Big "
        "Moe, 8 in a row for +/-300, no overtricks (000:116; a failure loses what success "
        "would win, as a Mo). bemo: on top of the side's normal bid, Little Bemo wins the "
        "first 6 tricks for +/-60 and Big Bemo the first 9 for +/-90 (000:117, 003:132-134). "
        "bemo_three: Bemo instead of a bid, the first 4 tricks (5 when 18 are played) for "
        "+100 or -50, Big Bemo the first 6 (7) for +300 (+200) or -100 (003:255-263, "
        "003:283-284). One declaration a hand: the first made stands.",
    )
    raise_bids: Literal["off", "by_one", "any", "rounds"] = Field(
        "off",
        description="Raising a bid before the first card: once everyone has bid, each player "
        "in turn from the dealer's left may raise their own bid, never lower it: by one "
        "(by_one, 000:103, 002:82), by any number (any, 003:142, 003:265), or by any number "
        "in rounds that go on until a round passes with no raise (rounds, 003:396). A Nil, a "
        "blind bid and a Mo are not raised, and a side's bids may not pass the tricks in a "
        "hand.",
    )
    books_made: bool = Field(
        False,
        description="Books Made: when the two sides' bids add up to exactly 10, the hand is not "
        "played: each side scores its bid as made (10 a trick bid, a Nil its bonus) with no "
        "overtricks, and the deal passes on (000:173; two sides only, and not after a Mo).",
    )
    counter_bidding: bool = Field(
        False,
        description="Counter Bidding: once everyone has bid, the side that bid first may "
        "answer the others' bids: each of its players in turn, from the dealer's left, may "
        "change their own bid once, up or down, or keep it. A Nil, a blind bid and a Mo stay "
        "as they are, a changed bid stays at least 1 and within the side's Board, and a "
        "side's bids may not pass the tricks in a hand (000:18; the seed gives no limits).",
    )
    partnership_bidding: bool = Field(
        False,
        description="Partnership bidding: each side makes one bid for both partners, the "
        "side that did not deal first. The first partner to bid names the side's bid and "
        "the other does not bid; the least is 4 (Board), there is no Nil, and the bids need "
        "not add up to 13 (000:111; the partners' talk before it is table talk).",
    )
    blind_moon: Deficit = Field(
        "never",
        description="Boston On Fire (Blind Moon): when this lets a side, its first player to "
        "bid may, before either partner has looked at their cards, bid blind to take every "
        "trick for the side; the partner does not bid. Made, it wins the game as Boston does; "
        "it scores as a blind bid. The first side to bid Blind Moon or Double Blind Nil "
        "stops the other side bidding the other (000:122).",
    )
    nil_in_the_dark: bool = Field(
        False,
        description="Nil In The Dark: after looking, a player may bid Nil in the dark: from "
        "then on the top card of their shuffled hand is played for them each turn (the first "
        "card of an order fixed at the bid that may be played then), and the bid scores as "
        "a Blind Nil. A Blind Nil bid at such a table is played in the dark too and scores "
        "250 made or lost, as a Big Mo (000:163).",
    )
    half_tricks: bool = Field(
        False,
        description="Half Tricks: the first partner of a side to bid may bid a number and a "
        "half (from 0 and a half to 11 and a half); the second must then bid a number and a "
        "half too (1 and a half or more), so the side's bid is whole: 3 and a half and 2 and "
        "a half bid 6. A half bid is not raised or lowered afterwards (000:124).",
    )
    no_trump_bids: bool = Field(
        False,
        description="No-trump bids: a player holding at least one spade may, on their turn "
        "and before their bid, bid no trump, then bid a number of tricks (not Nil). They may "
        "not play a spade to a trick led in another suit while they hold a card of another "
        "suit, so they win no trick with a spade unless spades are led. If they take at least "
        "their bid and their side makes its contract, each trick they took counts twice: 10 "
        "more points a trick (000:113). Agreeing to this house rule stands for the partner's "
        "consent the seed asks for, so the bidding waits on nobody.",
    )
    deficient_hand_redeal: bool = Field(
        False,
        description="A player with at most one trump or no card above a ten may ask for a "
        "redeal before their side bids (000 Deficient Hand).",
    )
    # play
    lead_spades: Literal["if_broken", "after_first_trick", "anytime"] = Field(
        "if_broken", description="When trumps may be led (000 Breaking Spades, 001 Lead spades)."
    )
    no_spades_first_trick: bool = Field(
        False, description="No trump may be played to the first trick unless no other card (001)."
    )
    low_club_first_trick: bool = Field(
        False, description="Lowest club leads and everyone plays their lowest club (000, 001)."
    )
    low_club_leads: bool = Field(
        False,
        description="Deuce Starts: whoever dealt, the holder of the lowest club (the 2 of "
        "clubs) leads it to the first trick, and the others play as usual (000:97, 003:369, "
        "004:10). With no_spades_first_trick it is First Trick Clubs (000:149).",
    )
    ace_of_spades_lead: bool = Field(
        False,
        description="The A of spades may be led before spades may be led, and breaks them "
        '(000:183 Leading with the Ace of spades, "depending on the region").',
    )
    big_joker_lead: bool = Field(
        False,
        description="Jokers High Alternate: when the Big Joker is led, each opponent of the "
        "leader must play their highest spade; played later, it forces nothing (000:136).",
    )
    jokers_first_wins: bool = Field(
        False,
        description="Jokers High First Played Wins: when both Jokers fall in one trick, the one "
        "played first takes it (000:137).",
    )
    ranked_suits: bool = Field(
        False,
        description="Differentiated Trump Values: the suits rank spades, hearts, diamonds, "
        "clubs (the seed lost its order; this is the usual bridge order), and a card of a suit "
        "above the led suit beats every card of the led suit; suit is followed as usual "
        "(000:139).",
    )
    high_low: bool = Field(
        False,
        description="High/Low Spades: the leader of each trick calls high or low before "
        "leading. A high trick is played as usual; in a low trick the lowest spade wins, or "
        "with no spade the lowest card of the led suit, so the 2 of spades is best "
        "(003:65-71).",
    )
    aces_high_low: bool = Field(
        False,
        description="Aces High/Low: a player who plays an Ace calls it high (above the King) "
        "or low (below the 2) for that trick; a low Ace of spades is still a spade "
        "(000:143, 002:88).",
    )
    joke_trumps: bool = Field(
        False,
        description="Joke Trumps: a Joker has no rank of its own; it turns its partner's card "
        "in that trick into a joke spade of the same rank, beaten only by the natural spade of "
        "that rank or higher and higher joke spades. Of two joke spades of one rank, the one "
        "made by the higher Joker wins (000:134 leaves the tie to the table). Two Jokers, "
        "spades in their natural order, partners.",
    )
    pass_every_hand: Annotated[int, Field(ge=0, le=4)] = Field(
        0,
        description="Passing Cards: after the bidding, partners exchange this many cards every "
        "hand, not only after a Nil (000:148: one card).",
    )
    hurricane_pass: Literal["off", "left", "left_right_hold"] = Field(
        "off",
        description="Hurricane Spades: after the deal and before the bidding each player passes "
        "3 cards face down to the player on their left (left); or to the left, then the right, "
        "then nobody, in turn, hand after hand (left_right_hold) (003:363-373).",
    )
    high_bidder_leads: bool = Field(
        False, description="The highest bidder leads the first trick (001)."
    )
    spades_last: bool = Field(
        False,
        description="Screamers: no spade may be led, or played on another suit, until the "
        "player holds nothing but spades; a spade lead is followed as usual (003:46).",
    )
    must_trump: Literal["off", "when_void", "overtrump"] = Field(
        "off",
        description="Void in the led suit: must trump and beat any trump (when_void), or must "
        "beat an opponent's trump (overtrump) (000 Play To Beat).",
    )
    allow_renege: Literal["no", "set", "bid_plus_3", "take_three"] = Field(
        "no",
        description="Reneging allowed and, if called, costs the side its bid or 3 more tricks; "
        "a false call costs the caller 3 tricks (000 Reneging, 001 Allow renege). take_three: "
        "at the end of the hand the caller takes up to three of the reneger's tricks, or the "
        "wrongly accused player three of the caller's; nobody takes a trick that breaks their "
        "own Nil (003:191, 003:335).",
    )
    claims: bool = Field(
        False, description="A player may claim the rest of the tricks (000 The rest are mine)."
    )
    failed_claim: Literal["exposed", "forfeit", "set"] = Field(
        "exposed",
        description="A claim that does not hold: the claimer's cards are face up for the rest "
        "of the hand (exposed), the claimer's side gives up every remaining trick (forfeit), or "
        "is set whatever it takes (set) (000 The rest are mine, 002 TRAM).",
    )
    # scoring
    overtricks: Literal["bags", "no_overs", "minus_one", "quicksand", "bags_no_points"] = Field(
        "bags",
        description="Overtricks: +1 and bags; nothing; -1 each; -10 each (000 Scoring "
        "variations); or bags worth nothing until bag_limit of them cost the bag penalty "
        "(000:177 Sandbags 0-Till-10).",
    )
    bag_limit: Annotated[int, Field(ge=1, le=20)] = Field(
        10, description="Bags that cost the bag penalty (000 Sandbags)."
    )
    bag_penalty: Annotated[int, Field(ge=0, le=500, multiple_of=10)] = Field(
        100, description="Points lost per bag limit reached; 0 turns it off (000, 001)."
    )
    failed_nil: Literal["takes_bags", "helps_team_bid", "no_bags_no_help", "minus_10_each"] = Field(
        "takes_bags",
        description="Tricks taken by a failed Nil (002 tournament rule, 001). "
        "minus_10_each: they do not count toward the partner's bid and cost 10 points "
        "each, on top of the failed Nil (000:147 Cancellation Spades).",
    )
    failed_bids: Literal[
        "minus_10x_bid", "zero", "minus_10x_short", "plus_1_a_trick", "to_opponents"
    ] = Field(
        "minus_10x_bid",
        description="Score of a side that is set (000, 001 Failed bids): -10 a trick bid, 0, "
        "-10 a trick short; +1 a trick taken (000:167 3B-Spades, 003:387); or 0 while every "
        "other side scores 10 a trick it fell short (000:172 Broken Contract Gives Points To "
        "Opposing Team).",
    )
    bid_values: Literal["ten_a_trick", "berkley_two", "berkley_three"] = Field(
        "ten_a_trick",
        description="What a bid is worth. ten_a_trick: 10 a trick bid, made or set. "
        "berkley_two, Darrin Berkley's two-player table: a bid of 4 to 9 +/-10 a trick, 10 "
        "+200/-100, 11 +220/-110, 12 +240/-120, 13 (Boston) +500, or -130 set (the seed "
        "gives no loss: 10 a trick, as for 10 to 12); Blind 6 to 9 +100 to +160, Blind 10 to "
        "12 +300 to +340, -10 a trick bid when set; Nil bid before looking +300/-50 and Nil "
        "bid after looking (Naught) +200/-100; blind bids from 6 to 12 only (003:158-189). "
        "berkley_three, his three-player table: 0 is a bid, bids of 2 or less and every "
        "blind bid count only when taken exactly, the values graduated as tabled for 13 "
        "tricks (a dead hand) or 18 (54 cards), some bids winning the game outright, and "
        "-10 a trick bid when set (003:247-333).",
    )
    exact_bids: Literal["off", "side", "each"] = Field(
        "off",
        description="Oh Hell: a side must take exactly its bid, and an overtrick sets it "
        "(side); or each player must take exactly their own bid (each) (000:170).",
    )
    double_over: bool = Field(
        False,
        description="Double Over, Double Back: a side that takes twice its bid or more loses "
        "twice its bid's value (bid 2 take 4: -40), its overtricks counted as usual (000:169; "
        "often played with overtricks no_overs).",
    )
    exact_partners_bonus: bool = Field(
        False,
        description="Individual Team Players: when every partner takes exactly their own bid, "
        "the side gets half its bid times 10, rounded down (3 + 4: +30) (000:176).",
    )
    lexington: Literal["off", "wins_game", "twelve_for_240"] = Field(
        "off",
        description="Lexington: a side that bids 12 and takes 12 or more wins the game "
        "(wins_game); or a side that takes exactly 12 tricks counts 240 for its contract "
        "whatever it bid (twelve_for_240) (000:123). Played with 13 tricks a hand.",
    )
    tie_break: Literal["play_on", "fewest_overtricks"] = Field(
        "play_on",
        description="A game that ends tied: play more hands, or the tied side with fewer "
        "overtricks over the game wins (003:195, 003:339).",
    )
    seven_or_more_bonus: bool = Field(
        False,
        description="Seven Tricks Or Higher: a side that makes a bid of 7 or more gets 10 more "
        "for each trick bid above 6 (bid 7 made: 80, 8: 100, 9: 120) (000:180).",
    )
    last_trick_bonus: bool = Field(
        False,
        description="Win The Last Trick: the side that wins the last trick gets 10 (000:182).",
    )
    ace_on_nil_bonus: bool = Field(
        False,
        description="Last Trick Ace On Nil: a made Nil whose bidder played an Ace to the last "
        "trick earns a fifth of its value more (20 for a Nil of 100) (000:156).",
    )
    end_streak_bonus: Literal[0, 3, 30] = Field(
        0,
        description="End Winning Streak: a player who wins the last three tricks of the hand "
        "scores this many points for their side, 3 or 30; 0 is off (000:153).",
    )
    end_streak_length: Literal[3, 4, 5] = Field(
        3,
        description="End Winning Streak over the last 3, 4 or 5 tricks of the hand: one "
        'player must win that many last tricks for the bonus (000:153 "the last four or '
        'five tricks with same point gauge"). Needs end_streak_bonus.',
    )
    end_streak_breaker: bool = Field(
        False,
        description="End Winning Streak, broken: when one player won the tricks just before "
        "the last (one fewer than end_streak_length, in a row) and a player of another side "
        "takes the last trick, that trick's side scores the bonus instead (000:153 \"an "
        'opposing team ends a possible streak by taking the last trick"). Needs '
        "end_streak_bonus.",
    )
    dix_bonus: bool = Field(
        False,
        description="Dix: the 9 of spades winning a trick scores 1 for its side, 5 when "
        "another spade is in the trick, 10 when spades were led (000:154).",
    )
    last_trick_ace_bonus: bool = Field(
        False,
        description="Last Trick Ace Victory: winning the last trick with an Ace scores 10 for "
        "the side, 20 with the Ace of spades (000:155; the seed gives only the 20).",
    )
    last_trick_deuce_bonus: bool = Field(
        False,
        description="Last Trick Deuce Victory: winning the last trick with a 2 that is not a "
        "trump scores 20 for the side (000:157; the seed gives no amount).",
    )
    last_trick_high_spade_bonus: bool = Field(
        False,
        description="Last Trick High Spade Victory: a player who wins the last trick with the "
        "J of spades or a higher trump, and with it takes exactly their bid, scores 10 "
        "(000:158).",
    )
    seven_tricks_streak: bool = Field(
        False,
        description="Seven Tricks Or Higher Part Deux: a side that bids 7 or more and makes it "
        "scores 10 the first time in the game, 20 the second, 10 more each time after; "
        "overtricks do not reach the 7 (000:181).",
    )
    highlander: bool = Field(
        False,
        description="Highlander Scoring: each partner must take their own bid, or the side "
        "loses its whole bid times 10; overtricks of a partner who made it score 5 each "
        "and there are no bags; a side that takes 7 or more tricks scores 10 the first time, "
        "20 the second, 10 more each time after (000:175).",
    )
    bag_cancel_card: bool = Field(
        False,
        description="Sandbag Cancellation: the J of diamonds cancels one bag for the side that "
        "takes it in a trick, when that side made its bid with overtricks (000:178; the seed "
        "leaves the card to the table).",
    )
    bag_cancel_cut: bool = Field(
        False,
        description="Sandbag Cancellation by a cut card: with bag_cancel_card, the special "
        "card is cut afresh from the shuffled deck before each deal and shown to everyone, "
        "then shuffled back and dealt as usual; it cancels one bag in place of the J of "
        "diamonds (000:178).",
    )
    no_deductions: bool = Field(
        False,
        description="No Point Deductions: nothing is ever taken off a score; a set, a lost "
        "Nil, the bag penalty and every other loss count 0 (000:184 names the rule only).",
    )
    split_bonuses: bool = Field(
        False,
        description="Eight & Ten Rule: four players each playing alone split every bonus in "
        "two, half for the winner and half for the player opposite (000:115 says only "
        '"bonuses are split into two between 4 players").',
    )
    perfect_bids_bonus: Literal["off", "eighty", "hundred_then_fifty"] = Field(
        "off",
        description="Three Consecutive Perfect Bids: a player who takes exactly their bid in "
        "three hands running scores 80 for it, and again every third (eighty, 003:165); or "
        "100 at the third and 50 for each one after in the run (hundred_then_fifty, 003:285).",
    )
    # whole modes
    evil_spades: bool = Field(
        False,
        description="Evil Spades: every hand plays the next of 45 hand rules, from regular "
        "Spades through forced bids (everyone bids 4, bid your diamonds, the holder of the 9 "
        "of spades bids Nil...) to play rules (play your lowest card, trump when void), "
        "then round again; the table says which rule is in force (003:13-63). Four players "
        "as partners.",
    )
    evil_start: Annotated[int, Field(ge=1, le=45)] = Field(
        1,
        description="Evil Spades: the hand rule the first hand plays, the others following in "
        "order (003:19-63 lists them from 1).",
    )
    gambling_pot: bool = Field(
        False,
        description="Gambling Spades as points: each hand every player stakes 1 chip and 1 "
        "more for each trick bid; the hand's scores (made: 10 a trick bid and 1 an "
        "overtrick; set: 1 a trick) only decide who takes the pot of every stake, shared "
        "on a tie (rounded down), and the game's score counts the chips (003:375-397).",
    )
    miser: bool = Field(
        False,
        description="Miser: each plays alone to take the fewest tricks. A bid is the most "
        "tricks you will take; once everyone has bid, each player in turn from the dealer's "
        "left keeps their bid or lowers it, once. Taking no more than your bid scores (tricks "
        "in a hand - bid) x 10, more scores as much taken off (003:83-96: 13 tricks, so "
        "(13 - bid) x 10; the seed leaves the rounds unclear, this plays one). A bid of 0 is "
        "a plain bid, not a Nil.",
    )
    auction: bool = Field(
        False,
        description="Auction Spades: four players as partners bid in a bridge-style auction. "
        "A bid of N, at least 1, commits the side to 6 + N tricks; each later bidder raises "
        "or passes, and a pass is final; when every other player has passed the last bid is "
        "the contract (if the first three pass, the dealer must bid). Declarers who take 6 "
        "+ N score 10 x N, else nothing; the defenders score 10 for each trick the declarers "
        "take over or under 6 + N (000:112, with 000:172 Broken Contract Gives Points To "
        "Opposing Team).",
    )
    # table settings
    time_to_bid: Annotated[int, Field(ge=0, le=600)] = Field(
        60, description="Seconds to bid before the bot bids for you; 0 is off (001)."
    )
    time_to_play: Annotated[int, Field(ge=0, le=600)] = Field(
        60, description="Seconds to play before the bot plays for you; 0 is off (001)."
    )
    show_all_hands: bool = Field(False, description="Every hand face up (001).")
    allow_suggestions: bool = Field(True, description="Players may ask for a hint (001).")
    allow_watching: Literal["no", "face_down", "face_up"] = Field(
        "face_down", description="Spectators, and whether they see hands (001)."
    )

    @model_validator(mode="after")
    def _check_combinations(self) -> Self:
        problems = self.problems()
        if problems:
            raise RulesProblems(problems)
        return self

    def problems(self) -> list[RuleProblem]:
        """Every reason this combination of options cannot be played."""
        out: list[RuleProblem] = []
        say = _Problems(out).add
        sizes = _TEAM_SIZES[self.players]
        if self.team_size not in sizes:
            allowed = " or ".join(str(s) for s in sizes)
            say(
                "team_size",
                f"{self.players} players need team_size {allowed}",
                players=self.players,
                sizes=sizes,
            )
        if self.variant == "suicide" and (self.players, self.team_size) != (4, 2):
            say(
                "suicide_four",
                "suicide is played by four players as partners (players 4, team_size 2)",
            )
        if self.variant != "regular":
            english = f"{{option}} is not available in {self.variant} (must be {{value}})"
            _fixed_problems(
                self, _FIXED_IN_BID_VARIANTS, say, "variant_fixed", english, variant=self.variant
            )
        if (
            self.allow_renege == "bid_plus_3"
            and self.nil_mode == "nil"
            and (self.nil_allowed != "never")
        ):
            say(
                "renege_nil",
                "allow_renege bid_plus_3 needs a game without Nil (nil_allowed never)",
            )
        if (self.nil_pass or self.blind_nil_pass) and self.team_size != 2:
            say("nil_pass", "nil_pass and blind_nil_pass need partnerships of two (team_size 2)")
        if (
            self.ten_for_two_hundred_exact or self.ten_for_two_hundred_loss != 200
        ) and not self.ten_for_two_hundred:
            say(
                "ten_for_two_hundred",
                "ten_for_two_hundred_exact and ten_for_two_hundred_loss need "
                "ten_for_two_hundred yes",
            )
        if (self.double_nil_wins or self.double_nil_no_penalty) and self.team_size == 1:
            say(
                "double_nil_partners",
                "double_nil_wins and double_nil_no_penalty need partners (team_size 2 or 3)",
            )
        if self.team_nil and self.nil_scoring != "bonus":
            say("team_nil_bonus", "team_nil needs nil_scoring bonus")
        if self.team_nil and self.team_size != 2:
            say("team_nil_pairs", "team_nil needs partners of two (team_size 2)")
        if self.team_nil and (self.double_nil_bonus or self.double_nil_no_penalty):
            say(
                "team_nil_double",
                "team_nil scores both Nils as one: not with double_nil_bonus or "
                "double_nil_no_penalty",
            )
        if self.highlander and self.team_size == 1:
            say("highlander_partners", "highlander needs partners (team_size 2 or 3)")
        if self.highlander and self.seven_tricks_streak:
            say(
                "highlander_streak",
                "highlander already scores seven tricks: not with seven_tricks_streak",
            )
        if (self.end_streak_length != 3 or self.end_streak_breaker) and not self.end_streak_bonus:
            say(
                "end_streak_options",
                "end_streak_length and end_streak_breaker need end_streak_bonus 3 or 30",
            )
        if self.split_bonuses and (self.players, self.team_size) != (4, 1):
            say(
                "split_bonuses",
                "split_bonuses needs four players each playing alone (team_size 1)",
            )
        if self.evil_spades and (self.players, self.team_size) != (4, 2):
            say(
                "evil_four",
                "evil_spades needs four players as partners (players 4, team_size 2)",
            )
        if self.gambling_pot and (self.team_size != 1 or self.players < 3):
            say(
                "gambling_players",
                "gambling_pot needs 3 to 6 players each playing alone (team_size 1)",
            )
        if self.minutes_to_play != 60 and self.play_to != "time":
            say("minutes_to_play", "minutes_to_play needs play_to time")
        if self.bag_cancel_cut and not self.bag_cancel_card:
            say("bag_cancel_cut", "bag_cancel_cut needs bag_cancel_card yes")
        if self.evil_start != 1 and not self.evil_spades:
            say("evil_start", "evil_start needs evil_spades yes")
        if self.evil_spades:
            english = "{option} is decided hand by hand in evil_spades (must be {value})"
            _fixed_problems(self, _EVIL_FIXED, say, "evil_fixed", english)
        if self.exact_partners_bonus and self.team_size == 1:
            say("exact_partners", "exact_partners_bonus needs partners (team_size 2 or 3)")
        if self.lexington != "off" and self.players not in (2, 4):
            say("lexington", "lexington needs 13 tricks a hand (2 or 4 players)")
        if self.blind_six != "off" and (
            self.team_size != 2 or self.blind_bids == "never" or self.blind_scoring != "double"
        ):
            say(
                "blind_six",
                "blind_six needs partners of two (team_size 2), blind bids (blind_bids other "
                "than never) and blind_scoring double",
            )
        if self.blind_six != "off" and self.each_bids_four:
            say("blind_six_four", "blind_six and each_bids_four cannot be played together")
        if self.mo != "off" and (self.variant != "regular" or self.cant_total_tricks):
            say("mo_regular", "mo needs variant regular and cant_total_tricks no")
        if self.miser:
            _mode_fixed(self, "miser", _MISER_FIXED, say)
        if self.auction:
            _mode_fixed(self, "auction", _AUCTION_FIXED, say)
        if self.raise_bids != "off" and self.variant != "regular":
            say("raise_regular", "raise_bids needs variant regular")
        self._bid_28_problems(say)
        if self.books_made and (self.players, self.team_size) != (4, 2):
            say("books_made", "books_made is for two teams of two (players 4, team_size 2)")
        if self.mo == "bemo_three" and self.players != 3:
            say("bemo_three", "mo bemo_three is the three-player game's (players 3)")
        if self.blind_scoring != "double" and self.blind_bids == "never":
            say("blind_scoring", "blind_scoring needs blind bids (blind_bids other than never)")
        if self.kitty != "off":
            if self.players == 2 or not (
                self.kitty_trick
                or len(deck_info(self.deck, self.players, "kitty").cards) % self.players
            ):
                say("kitty_even", "kitty needs cards that do not deal evenly (not two players)")
            if (
                self.hurricane_pass != "off"
                or self.nil_pass
                or self.blind_nil_pass
                or (self.pass_every_hand)
            ):
                say("kitty_passing", "kitty is not played with card passing")
        if self.six_deck == "single" and (
            self.players != 6
            or self.deck not in ("ace_high", "bauers", *_TWO_JOKER_DECKS)
            or self.deal_shape != "single"
        ):
            say(
                "six_deck_single",
                "six_deck single needs six players, a deck of 52 cards or 52 and two Jokers, "
                "and no kitty",
            )
        if self.kitty_trick and (self.kitty == "off" or self.mo != "off"):
            say(
                "kitty_trick",
                "kitty_trick needs a kitty (kitty two_of_clubs or high_bidder), and no mo",
            )
        if self.face_up_cards and (
            self.players == 6 or self.two_decks or (self.players == 2 and self.deal_shape == "even")
        ):
            say(
                "face_up",
                "face_up_cards needs a single deck dealt out (not six players, not the "
                "two-player draw)",
            )
        if self.dead_hand and (self.players not in (2, 3) or self.kitty != "off" or self.royal):
            say("dead_hand", "dead_hand needs two or three players and no kitty")
        _mode_problems(self, say)
        if self.royal and (self.players != 2 or self.deck == "euchre_jokers"):
            say("royal", "royal needs two players and a deck without Euchre's Jokers")
        if self.big_joker_lead and not self.jokers:
            say("big_joker_lead", "big_joker_lead needs a deck with jokers")
        if self.jokers_first_wins and (
            not self.jokers or self.deck == "one_joker" or self.players == 6
        ):
            say(
                "jokers_first_wins",
                "jokers_first_wins needs a single deck with two jokers (not six players)",
            )
        self._call_problems(say)
        _cancel_problems(self, say)
        _three_joker_problems(self, say)
        if self.pass_every_hand and self.team_size != 2:
            say("pass_every_hand", "pass_every_hand needs partnerships of two (team_size 2)")
        if self.hurricane_pass != "off" and (
            self.nil_pass or self.blind_nil_pass or self.pass_every_hand or self.players == 2
        ):
            say(
                "hurricane_pass",
                "hurricane_pass is the only passing of its hands: not with nil_pass, "
                "blind_nil_pass or pass_every_hand, and not with two players",
            )
        return out

    def _bid_28_problems(self, say: Callable[..., None]) -> None:
        """Refusals of Counter Bidding, Partnership bidding, Blind Moon, Nil In The Dark,
        Half Tricks and No-trump bids."""
        if self.counter_bidding and (self.raise_bids != "off" or self.variant != "regular"):
            say("counter_bidding", "counter_bidding needs raise_bids off and variant regular")
        if self.partnership_bidding and (
            (self.players, self.team_size) != (4, 2)
            or self.variant != "regular"
            or self.mo != "off"
            or self.blind_six != "off"
            or self.each_bids_four
        ):
            say(
                "partnership_bidding",
                "partnership_bidding is for two teams of two (players 4, team_size 2), "
                "variant regular, without mo, blind_six or each_bids_four",
            )
        if self.blind_moon != "never" and (
            self.team_size != 2
            or self.shoot_the_moon != "wins_game"
            or self.variant != "regular"
            or self.blind_six != "off"
            or self.partnership_bidding
        ):
            say(
                "blind_moon",
                "blind_moon needs partners of two (team_size 2), shoot_the_moon wins_game, "
                "variant regular, and no blind_six or partnership_bidding",
            )
        if self.half_tricks and (
            (self.players, self.team_size) != (4, 2)
            or self.variant != "regular"
            or self.mo != "off"
            or self.partnership_bidding
            or self.blind_six != "off"
            or self.min_bid is not None
            or self.exact_bids != "off"
        ):
            say(
                "half_tricks",
                "half_tricks is for two teams of two (players 4, team_size 2), variant "
                "regular, without mo, partnership_bidding, blind_six, min_bid or exact_bids",
            )
        if self.no_trump_bids and (
            self.variant != "regular" or self.mo != "off" or self.claims or self.evil_spades
        ):
            say(
                "no_trump_bids",
                "no_trump_bids needs variant regular, no mo, no claims and no evil_spades",
            )
        if self.nil_in_the_dark and (
            self.nil_mode != "nil"
            or self.variant != "regular"
            or self.nil_pass
            or self.blind_nil_pass
            or self.claims
            or self.evil_spades
        ):
            say(
                "nil_in_the_dark",
                "nil_in_the_dark needs nil_mode nil, variant regular, no Nil passing, "
                "no claims and no evil_spades",
            )

    def _call_problems(self, say: Callable[..., None]) -> None:
        """Refusals of High/Low, Aces High/Low and Joke Trumps (003:65, 000:143, 000:134)."""
        calls = self.high_low or self.aces_high_low
        if calls and (self.must_trump != "off" or self.ranked_suits or self.variant != "regular"):
            say(
                "calls",
                "high_low and aces_high_low are played with must_trump off, without "
                "ranked_suits, and in regular Spades",
            )
        if self.joke_trumps and (
            self.deck != "joker_joker_ace"
            or self.team_size < 2
            or self.players == 6
            or calls
            or self.must_trump != "off"
            or self.big_joker_lead
            or self.jokers_first_wins
            or self.ranked_suits
        ):
            say(
                "joke_trumps",
                "joke_trumps needs deck joker_joker_ace, partners and a single deck, and "
                "none of high_low, aces_high_low, must_trump, big_joker_lead, "
                "jokers_first_wins or ranked_suits",
            )

    # -- derived facts the engine reads -------------------------------------------------

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats of each side: partners sit opposite, so seat s plays for side s % sides;
        with dummy hands, each player and the dummy on their right (003:108)."""
        if self.dummy_hands:
            return ((0, 3), (2, 1))
        return _teams(self.players, self.team_size)

    @property
    def double_deck(self) -> bool:
        return (self.players == 6 and self.six_deck == "double") or self.two_decks

    @property
    def deal_shape(self) -> str:
        """How the deal leaves cards out (``deck_info``'s shape): even, kitty, dead_hand
        or royal."""
        if self.kitty != "off":
            return "kitty"
        if self.three_jokers != "off":
            # 000:192: a third Joker, the Jokers the top trumps or junk.
            return "three_jokers" if self.three_jokers == "top" else "junk_jokers"
        if self.six_deck == "single":
            # 000:193: six players from one deck.
            return "single"
        if self.dead_hand or self.dummy_hands:
            # 003:110: Berkley's deck, in four hands of 13.
            return "dead_hand"
        if self.two_decks:
            return "two_decks"
        return "royal" if self.royal else "even"

    @property
    def jokers(self) -> bool:
        return self.deck not in ("ace_high", "bauers", "deuces_high", "deuce_deuce_ace")

    # -- presets and text input -----------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset (see ``PRESETS``)."""
        try:
            overrides = PRESETS[name]
        except KeyError:
            names = ", ".join(PRESETS)
            raise ValueError(f"No preset called {name!r}. Presets: {names}.") from None
        return cls.model_validate(overrides)

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> Rules:
        return cls.model_validate_json(text)

    def changed(self) -> dict[str, Any]:
        """Options that differ from the defaults."""
        return self.model_dump(exclude_defaults=True)

    def with_option(self, name: str, value: str) -> Rules:
        """A copy with one option set from text, as typed in ``/changerules set``.

        Raises ``ValueError`` naming the allowed values when the value does not fit, or the
        reason when the new combination cannot be played.
        """
        if name not in Rules.model_fields:
            raise ValueError(
                f"No option called {name!r}. Options: {', '.join(Rules.model_fields)}."
            )
        parsed = parse_option_value(name, value)
        data = self.model_dump()
        data[name] = parsed
        try:
            return Rules.model_validate(data)
        except ValidationError as exc:
            reasons = "; ".join(
                str(err["msg"]).removeprefix("Value error, ") for err in exc.errors()
            )
            problems = [
                problem
                for err in exc.errors()
                if isinstance(error := err.get("ctx", {}).get("error"), RulesProblems)
                for problem in error.problems
            ]
            raise RulesRefused(
                f"{name} {value}: {reasons}. Allowed: {allowed_values(name)}.",
                name,
                value,
                problems,
            ) from None


# Options that change what a bid is worth, which bid_values replaces, with their defaults.
_TEN_A_TRICK: dict[str, object] = {
    "ten_for_two_hundred": False,
    "shoot_the_moon": "off",
    "lexington": "off",
    "blind_six": "off",
    "blind_scoring": "double",
    "exact_bids": "off",
    "double_over": False,
    "failed_bids": "minus_10x_bid",
    "nil_scoring": "bonus",
    "seven_or_more_bonus": False,
    "highlander": False,
    "gambling_pot": False,
}


# What the dummy hands (003:98-152) need of the other options: two sides of a player and
# a dummy, bids made by the players alone, plays by a dummy's forced order.
_DUMMY_FIXED: dict[str, object] = {
    "players": 4,
    "team_size": 2,
    "variant": "regular",
    "dead_hand": False,
    "kitty": "off",
    "face_up_cards": 0,
    "show_all_hands": False,
    "first_hand_bids_itself": False,
    "claims": False,
    "allow_renege": "no",
    "deficient_hand_redeal": False,
    "nil_pass": 0,
    "blind_nil_pass": 0,
    "pass_every_hand": 0,
    "hurricane_pass": "off",
    "partnership_bidding": False,
    "team_nil": False,
    "half_tricks": False,
    "no_trump_bids": False,
    "nil_in_the_dark": False,
    "counter_bidding": False,
    "blind_six": "off",
    "books_made": False,
    "auction": False,
    "miser": False,
    "evil_spades": False,
    "high_low": False,
    "aces_high_low": False,
}


def _cancel_problems(rules: Rules, say: Callable[..., None]) -> None:
    """Why Cancellation Spades' rules (000:147) cannot be played with the other options."""
    if rules.identical_cards == "cancel" and (
        not rules.double_deck
        or rules.high_low
        or rules.aces_high_low
        or rules.ranked_suits
        or rules.jokers_first_wins
    ):
        say(
            "identical_cancel",
            "identical_cards cancel needs a double deck (six players, or two_decks), without "
            "high_low, aces_high_low, ranked_suits or jokers_first_wins",
        )
    if rules.failed_nil == "minus_10_each" and rules.nil_scoring != "bonus":
        say("nil_minus_10_each", "failed_nil minus_10_each needs nil_scoring bonus")


def _three_joker_problems(rules: Rules, say: Callable[..., None]) -> None:
    """Why five players with three Jokers (000:192) cannot be played with the other
    options: junk Jokers have no suit, which the calls and ranked suits cannot rank."""
    if rules.three_jokers == "off":
        return
    if rules.players != 5 or rules.deck not in _TWO_JOKER_DECKS or rules.kitty != "off":
        say(
            "three_jokers",
            "three_jokers needs five players, a deck with two Jokers (joker_joker_ace, "
            "joker_joker_deuce_ace or joker_joker_deuce_deuce) and no kitty",
        )
    if rules.three_jokers == "junk" and (
        rules.big_joker_lead
        or rules.jokers_first_wins
        or rules.ranked_suits
        or rules.high_low
        or rules.aces_high_low
    ):
        say(
            "junk_jokers",
            "three_jokers junk is not played with big_joker_lead, jokers_first_wins, "
            "ranked_suits, high_low or aces_high_low",
        )


def _mode_problems(rules: Rules, say: Callable[..., None]) -> None:
    """Why the two-deck three-player game (003:73-81) or a Berkley bid table (003:158-189,
    003:247-333) cannot be played with the other options."""
    if rules.two_decks and (
        rules.players != 3
        or rules.jokers
        or rules.kitty != "off"
        or rules.dead_hand
        or rules.hurricane_pass != "off"
    ):
        say(
            "two_decks",
            "two_decks needs three players, a deck without jokers, no kitty, no dead hand "
            "and no Hurricane passing",
        )
    if rules.dummy_hands:
        _mode_fixed(rules, "dummy_hands", _DUMMY_FIXED, say)
    table = rules.bid_values
    if table == "ten_a_trick":
        return
    _mode_fixed(rules, f"bid_values {table}", _TEN_A_TRICK, say)
    # With dummy hands the two players are four seats (_DUMMY_FIXED).
    two = (rules.players, rules.team_size) if rules.dummy_hands else (2, 1)
    if table == "berkley_two" and (rules.players, rules.team_size, rules.nil_mode) != (*two, "nil"):
        say("berkley_two", "bid_values berkley_two needs two players (players 2) and nil_mode nil")
    if table == "berkley_three":
        tricks = deck_info(rules.deck, rules.players, rules.deal_shape).num_tricks
        if rules.players != 3 or rules.nil_mode != "zero" or tricks not in (13, 18):
            say(
                "berkley_three",
                "bid_values berkley_three needs three players, nil_mode zero and 13 tricks "
                "(dead_hand) or 18 (a deck with two jokers)",
            )


# What Evil Spades decides hand by hand (its bids and its play rules), so the table's own
# options must leave them alone.
_EVIL_FIXED: dict[str, object] = {
    "variant": "regular",
    "nil_mode": "nil",
    "nil_allowed": "anytime",
    "blind_nil": "never",
    "blind_bids": "never",
    "min_bid": None,
    "each_bids_four": False,
    "no_nine_bids": False,
    "cant_total_tricks": False,
    "first_hand_bids_itself": False,
    "must_trump": "off",
    "spades_last": False,
    "claims": False,
    "allow_renege": "no",
}


# What Miser (003:83-96) needs of the table's other options: players alone, plain bids
# (a 0 is not a Nil), one lowering round of its own, and its own scoring.
_MISER_FIXED: dict[str, object] = {
    "team_size": 1,
    "variant": "regular",
    "nil_mode": "zero",
    "blind_nil": "never",
    "blind_bids": "never",
    "mo": "off",
    "raise_bids": "off",
    "books_made": False,
    "first_hand_bids_itself": False,
    "shoot_the_moon": "off",
    "ten_for_two_hundred": False,
    "exact_bids": "off",
    "lexington": "off",
    "evil_spades": False,
    "gambling_pot": False,
    "allow_renege": "no",
    "counter_bidding": False,
    "partnership_bidding": False,
    "blind_moon": "never",
    "nil_in_the_dark": False,
    "half_tricks": False,
    "no_trump_bids": False,
}


def _fixed_problems(
    rules: Rules,
    fixed: Mapping[str, object],
    say: Callable[..., None],
    kind: str,
    english: str,
    **details: object,
) -> None:
    """One problem of ``kind`` for each option of ``rules`` that does not keep the value
    ``fixed`` gives it; ``english`` has ``{option}`` and ``{value}`` in it."""
    for name, value in fixed.items():
        if getattr(rules, name) != value:
            text = english.format(option=name, value=value)
            say(kind, text, option=name, value=value, **details)


def _mode_fixed(
    rules: Rules, mode: str, fixed: Mapping[str, object], say: Callable[..., None]
) -> None:
    """Why ``rules`` cannot play ``mode`` (miser, auction, a Berkley bid table), worded as a
    bidding variant's fixed options are."""
    english = f"{{option}} is fixed in {mode} (must be {{value}})"
    _fixed_problems(rules, fixed, say, "variant_fixed", english, variant=mode)


# What Auction Spades (000:112) needs of the table's other options: two sides of two,
# plain bids (its pass is a bid of 0), nothing else in the bidding, its own scoring.
_AUCTION_FIXED: dict[str, object] = {
    "players": 4,
    "team_size": 2,
    "miser": False,
    **{k: v for k, v in _MISER_FIXED.items() if k != "team_size"},
    "min_bid": None,
    "cant_total_tricks": False,
    "each_bids_four": False,
    "no_nine_bids": False,
    "blind_six": "off",
    "nil_pass": 0,
    "blind_nil_pass": 0,
    "high_bidder_leads": False,
}


def _bounds(metadata: Iterable[object]) -> dict[str, int]:
    """Numeric limits (ge, le, multiple_of) from field metadata, looking inside FieldInfo."""
    bounds: dict[str, int] = {}
    for meta in metadata:
        bounds.update(_bounds(getattr(meta, "metadata", ())))
        for key in ("ge", "le", "multiple_of"):
            if getattr(meta, key, None) is not None:
                bounds[key] = getattr(meta, key)
    return bounds


def _option_type(name: str) -> tuple[type | None, tuple[object, ...], dict[str, int]]:
    """(base type, literal choices, numeric bounds) of an option; base None means Literal."""
    field = Rules.model_fields[name]
    annotation: object = field.annotation
    bounds = _bounds(field.metadata)
    args = get_args(annotation)
    if get_origin(annotation) in (typing.Union, types.UnionType):
        inner = next(a for a in args if a is not type(None))
        bounds.update(_bounds(getattr(inner, "__metadata__", ())))
        annotation = get_args(inner)[0] if get_origin(inner) is Annotated else inner
        args = get_args(annotation)
    if get_origin(annotation) is Literal:
        return None, args, bounds
    return annotation if isinstance(annotation, type) else None, (), bounds


def option_type(name: str) -> tuple[type | None, tuple[object, ...], dict[str, int]]:
    """(base type, literal choices, numeric bounds: ``ge``, ``le``, ``multiple_of``) of
    an option, for a layer that writes its allowed values in the reader's language."""
    return _option_type(name)


def allowed_values(name: str) -> str:
    """The allowed values of an option, as a short phrase in English
    (``bot.render.rules_text.allowed_text`` says it in the reader's language)."""
    base, choices, bounds = _option_type(name)
    nullable = Rules.model_fields[name].default is None
    if choices:
        text = ", ".join(str(c) for c in choices)
    elif base is bool:
        text = "yes, no"
    else:
        step = bounds.get("multiple_of", 1)
        text = f"{bounds.get('ge', 0)} to {bounds.get('le', 0)}" + (
            f" in steps of {step}" if step != 1 else ""
        )
    return ("none, " + text) if nullable else text


def value_choices(name: str) -> list[str]:
    """Every value an option accepts, as a player types it (for autocomplete)."""
    base, choices, bounds = _option_type(name)
    values = ["none"] if Rules.model_fields[name].default is None else []
    if choices:
        values += [str(c) for c in choices]
    elif base is bool:
        values += ["yes", "no"]
    else:
        step = bounds.get("multiple_of", 1)
        values += [str(v) for v in range(bounds.get("ge", 0), bounds.get("le", 0) + 1, step)]
    return values


def parse_option_value(name: str, value: str) -> object:
    """Turn typed text into the option's Python value, or raise with the allowed values."""
    base, choices, _ = _option_type(name)
    text = value.strip().lower()
    if Rules.model_fields[name].default is None and text in ("none", "off", "no", ""):
        return None
    if choices:
        for choice in choices:
            if str(choice).lower() == text:
                return choice
    elif base is bool:
        if text in ("yes", "true", "on", "1", "y"):
            return True
        if text in ("no", "false", "off", "0", "n"):
            return False
    elif base is int:
        try:
            return int(text)
        except ValueError:
            pass
    raise ValueError(f"{name} cannot be {value!r}. Allowed: {allowed_values(name)}.")


_NO_BLINDS: dict[str, object] = {"blind_nil": "never"}
# Decks of 52 cards and two Jokers (000:193: six players, 9 each).
_TWO_JOKER_DECKS: Final = ("joker_joker_ace", "joker_joker_deuce_ace", "joker_joker_deuce_deuce")
# 003:199-339 Berkley's three-player game: 0 is a bid, blind bids any time, Bemo instead of
# a bid, raises before the lead, 100 for three perfect bids and 50 for each after, ties to
# the fewer overtricks.
_BERKLEY_THREE: dict[str, object] = {
    "players": 3,
    "team_size": 1,
    "deck": "joker_joker_deuce_ace",
    "bid_values": "berkley_three",
    "nil_mode": "zero",
    "blind_bids": "anytime",
    "mo": "bemo_three",
    "raise_bids": "any",
    "perfect_bids_bonus": "hundred_then_fifty",
    "tie_break": "fewest_overtricks",
}

# Each preset lists only what differs from the defaults (the basic method of 000).
PRESETS: dict[str, dict[str, object]] = {
    "classic": {},
    "casual": {"bag_penalty": 0, "nil_allowed": "anytime", "claims": True},
    "short": {"target_score": 250, "bag_limit": 5, "bag_penalty": 50},
    "jokers": {"deck": "joker_joker_deuce_ace"},
    "mirror": {"variant": "mirror", **_NO_BLINDS},
    "whiz": {"variant": "whiz", **_NO_BLINDS},
    "suicide": {"variant": "suicide", **_NO_BLINDS},
    "cutthroat3": {"players": 3, "team_size": 1},
    "cutthroat4": {"players": 4, "team_size": 1},
    "two_player": {"players": 2, "team_size": 1},
    "five_player": {"players": 5, "team_size": 1},
    "six_pairs": {"players": 6, "team_size": 2},
    "six_threes": {"players": 6, "team_size": 3},
    "no_nines": {"no_nine_bids": True, **_NO_BLINDS},
    # 003:375-397 Gambling Spades, the chips as points: four players alone, eight hands,
    # a zero bid with no Nil bonus, a set scoring 1 a trick.
    "gambling": {
        "team_size": 1,
        "gambling_pot": True,
        "nil_mode": "zero",
        "failed_bids": "plus_1_a_trick",
        "bag_penalty": 0,
        "play_to": "hands",
        "hands_to_play": 8,
        **_NO_BLINDS,
    },
    # 003:13-63 Evil Spades: a different rule each hand.
    "evil": {"evil_spades": True, **_NO_BLINDS},
    # 000:145, 002:90 Big Mo, Little Mo: a side may declare it takes the first 7 or 10 tricks
    # instead of bidding.
    "mo": {"mo": "mo"},
    # 000:136 Jokers High Alternate, commonly played with all 54 cards.
    "jokers_high_alternate": {"deck": "joker_joker_ace", "big_joker_lead": True},
    "jokers_first_wins": {"deck": "joker_joker_ace", "jokers_first_wins": True},
    "deuces_high": {"deck": "deuces_high"},
    # 000:149 First Trick Clubs: the lowest club leads, no spade on the first trick.
    "first_trick_clubs": {"low_club_leads": True, "no_spades_first_trick": True},
    # 003:363-373 Hurricane Spades: pass 3 to the left, the 2 of clubs leads, three hands.
    "hurricane": {
        "hurricane_pass": "left",
        "low_club_leads": True,
        "play_to": "hands",
        "hands_to_play": 3,
    },
    "passing": {"pass_every_hand": 1},
    # 000:136: Jokers High Alternate "commonly played with all 54 cards, using the Kitty".
    "face_up": {"face_up_cards": 4},
    "jokers_kitty": {"deck": "joker_joker_ace", "big_joker_lead": True, "kitty": "two_of_clubs"},
    "royal": {"players": 2, "team_size": 1, "royal": True},
    # 003:65-71 High/Low Spades: each trick's leader calls it high or low.
    "high_low": {"high_low": True},
    # 000:134 Joke Trumps: two Jokers that make their partners' cards spades.
    "joke_trumps": {"deck": "joker_joker_ace", "joke_trumps": True},
    # 003:207-225: three players, two Jokers over the 2 of spades, a dead fourth hand.
    "dead_hand": {
        "players": 3,
        "team_size": 1,
        "deck": "joker_joker_deuce_ace",
        "dead_hand": True,
    },
    # 003:83-96 Miser: alone, to take the fewest tricks; bids kept or lowered once.
    "miser": {
        "players": 4,
        "team_size": 1,
        "miser": True,
        "nil_mode": "zero",
        "bag_penalty": 0,
        **_NO_BLINDS,
    },
    # 000:112 Auction Spades, with 000:172's defenders' points: one contract of 6 + N.
    "auction": {"auction": True, "nil_mode": "zero", "bag_penalty": 0, **_NO_BLINDS},
    # 000:111 Partnership bidding: one bid a side, the side that did not deal first, Board 4
    # and no Nil.
    "partnership": {"partnership_bidding": True},
    # 003:73-81 Three Player, Two Deck Spades: 102 cards drawn as two players draw.
    "three_two_decks": {"players": 3, "team_size": 1, "two_decks": True},
    # 003:98-189 Berkley's two-player game: the Berkley deck dealt in four hands of 13, each
    # player playing their own and the dummy on their right; Nil, Double Nil or Blind 6 to
    # 12 (losing by 100) before looking, Board 4 to Boston 13, Naught, Double Naught, Bemo
    # and Big Bemo after it, raises before the lead, his bid table, 80 for three perfect
    # bids running and ties to the fewer overtricks.
    "berkley_two": {
        "players": 4,
        "team_size": 2,
        "deck": "joker_joker_deuce_ace",
        "dummy_hands": True,
        "bid_values": "berkley_two",
        "min_bid": 4,
        "blind_nil": "anytime",
        "blind_bids": "losing_by_100",
        "mo": "bemo",
        "raise_bids": "any",
        "perfect_bids_bonus": "eighty",
        "tie_break": "fewest_overtricks",
    },
    # 003:199-339 Berkley's three-player game, version 1: a dead fourth hand, 13 tricks.
    "berkley_three": {**_BERKLEY_THREE, "dead_hand": True},
    # Version 2: all 54 cards, 18 tricks.
    "berkley_three_54": _BERKLEY_THREE,
    # 000:167 3B-Spades: -10 an overtrick, a set side scores 1 a trick, a Nil -10 a trick
    # (and so its tricks are not overtricks too).
    "three_b": {
        "overtricks": "quicksand",
        "failed_bids": "plus_1_a_trick",
        "nil_scoring": "minus_10_a_trick",
        "failed_nil": "no_bags_no_help",
    },
    # 000:147 Cancellation Spades: three pairs, two decks less both 2s of clubs, the 2 of
    # diamonds and the 2 of spades over the A of spades; identical cards cancel and a trick
    # nobody wins is dead; Nil 50, both partners' Nils 200, no blind bids; a set loses 10 a
    # trick short; a Nil's tricks cost 10 each; no bag penalty; six hands.
    "cancellation": {
        "players": 6,
        "team_size": 2,
        "deck": "deuce_deuce_ace",
        "identical_cards": "cancel",
        "nil_points": 50,
        "double_nil_bonus": True,
        "failed_bids": "minus_10x_short",
        "failed_nil": "minus_10_each",
        "bag_penalty": 0,
        "play_to": "hands",
        "hands_to_play": 6,
        **_NO_BLINDS,
    },
    # 000:192 Five Players with three Jokers: 55 cards, 11 each, the Jokers the highest
    # trumps or junk.
    "five_three_jokers": {
        "players": 5,
        "team_size": 1,
        "deck": "joker_joker_ace",
        "three_jokers": "top",
    },
    "five_junk_jokers": {
        "players": 5,
        "team_size": 1,
        "deck": "joker_joker_ace",
        "three_jokers": "junk",
    },
}
