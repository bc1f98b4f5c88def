"""The house rules: one frozen, validated pydantic model, its presets and option parsing.

Every option traces to the rule sources in ``shared/seeds``: ``000`` (the encyclopedia
article, whose basic method gives the defaults), ``001`` (an online site's option table,
which names the options and their values), ``002``, ``003`` and ``004``.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from functools import cache
from typing import Annotated, Any, Literal, Self, get_args, get_origin

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
    ] = Field(
        "ace_high",
        description="Deck and trump ranking (001, Variations); bauers: no jokers, the J of "
        "spades is the top trump and the J of clubs, played as a spade, the second (000:138 "
        "Bauer Trumps; its other form, two jokers on top, is joker_joker_ace). deuces_high: no "
        "jokers, the four 2s are spades above the A of spades, the 2 of diamonds highest, then "
        "the 2 of clubs, the 2 of hearts and the 2 of spades (000:133; the seed lost the 2s' "
        "suits: this reads the 2 of diamonds as its Big Joker and the 2 of clubs as its Little "
        "Joker). one_joker: a single Joker, the top spade (000:14). euchre_jokers: the two "
        "Jokers, on top of the spades, replace the J of hearts and the J of diamonds (000:135).",
    )
    identical_cards: Literal["later_wins", "earlier_wins"] = Field(
        "later_wins", description="Double deck (six players): which of two identical cards wins."
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
    dead_hand: bool = Field(
        False,
        description="Three players with a dead hand: 13 cards each from the four-player "
        "deck (a joker deck less the 2 of hearts and the 2 of diamonds), and a fourth hand "
        "dealt face down that nobody sees or plays, so 13 tricks are "
        "played and the unseen cards cannot be counted (003:207-225). With two players the "
        "deal of Berkley's two-player game: four hands of 13, each player's own seen whole, "
        "the two hands on their right dealt face down and not played (003:108-116; playing "
        "them as dummies is not built).",
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
    play_to: Literal["score", "hands"] = Field("score", description="Play to a score or a count.")
    target_score: Annotated[int, Field(ge=100, le=1000, multiple_of=50)] = Field(
        500, description="Score that ends the game when playing to a score."
    )
    hands_to_play: Annotated[int, Field(ge=1, le=50)] = Field(
        8, description="Hands in the game when playing a number of hands."
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
    failed_nil: Literal["takes_bags", "helps_team_bid", "no_bags_no_help"] = Field(
        "takes_bags", description="Tricks taken by a failed Nil (002 tournament rule, 001)."
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
            raise ValueError("; ".join(problems))
        return self

    def problems(self) -> list[str]:
        """Every reason this combination of options cannot be played."""
        out: list[str] = []
        sizes = _TEAM_SIZES[self.players]
        if self.team_size not in sizes:
            allowed = " or ".join(str(s) for s in sizes)
            out.append(f"{self.players} players need team_size {allowed}")
        if self.variant == "suicide" and (self.players, self.team_size) != (4, 2):
            out.append("suicide is played by four players as partners (players 4, team_size 2)")
        if self.variant != "regular":
            for name, value in _FIXED_IN_BID_VARIANTS.items():
                if getattr(self, name) != value:
                    out.append(f"{name} is not available in {self.variant} (must be {value})")
        if (
            self.allow_renege == "bid_plus_3"
            and self.nil_mode == "nil"
            and (self.nil_allowed != "never")
        ):
            out.append("allow_renege bid_plus_3 needs a game without Nil (nil_allowed never)")
        if (self.nil_pass or self.blind_nil_pass) and self.team_size != 2:
            out.append("nil_pass and blind_nil_pass need partnerships of two (team_size 2)")
        if (
            self.ten_for_two_hundred_exact or self.ten_for_two_hundred_loss != 200
        ) and not self.ten_for_two_hundred:
            out.append(
                "ten_for_two_hundred_exact and ten_for_two_hundred_loss need "
                "ten_for_two_hundred yes"
            )
        if (self.double_nil_wins or self.double_nil_no_penalty) and self.team_size == 1:
            out.append("double_nil_wins and double_nil_no_penalty need partners (team_size 2 or 3)")
        if self.team_nil and self.nil_scoring != "bonus":
            out.append("team_nil needs nil_scoring bonus")
        if self.team_nil and self.team_size != 2:
            out.append("team_nil needs partners of two (team_size 2)")
        if self.team_nil and (self.double_nil_bonus or self.double_nil_no_penalty):
            out.append(
                "team_nil scores both Nils as one: not with double_nil_bonus or "
                "double_nil_no_penalty"
            )
        if self.highlander and self.team_size == 1:
            out.append("highlander needs partners (team_size 2 or 3)")
        if self.highlander and self.seven_tricks_streak:
            out.append("highlander already scores seven tricks: not with seven_tricks_streak")
        if self.split_bonuses and (self.players, self.team_size) != (4, 1):
            out.append("split_bonuses needs four players each playing alone (team_size 1)")
        if self.evil_spades and (self.players, self.team_size) != (4, 2):
            out.append("evil_spades needs four players as partners (players 4, team_size 2)")
        if self.gambling_pot and (self.team_size != 1 or self.players < 3):
            out.append("gambling_pot needs 3 to 6 players each playing alone (team_size 1)")
        if self.evil_start != 1 and not self.evil_spades:
            out.append("evil_start needs evil_spades yes")
        if self.evil_spades:
            for name, value in _EVIL_FIXED.items():
                if getattr(self, name) != value:
                    out.append(f"{name} is decided hand by hand in evil_spades (must be {value})")
        if self.exact_partners_bonus and self.team_size == 1:
            out.append("exact_partners_bonus needs partners (team_size 2 or 3)")
        if self.lexington != "off" and self.players not in (2, 4):
            out.append("lexington needs 13 tricks a hand (2 or 4 players)")
        if self.blind_six != "off" and (
            self.team_size != 2 or self.blind_bids == "never" or self.blind_scoring != "double"
        ):
            out.append(
                "blind_six needs partners of two (team_size 2), blind bids (blind_bids other "
                "than never) and blind_scoring double"
            )
        if self.blind_six != "off" and self.each_bids_four:
            out.append("blind_six and each_bids_four cannot be played together")
        if self.mo != "off" and (self.variant != "regular" or self.cant_total_tricks):
            out.append("mo needs variant regular and cant_total_tricks no")
        if self.raise_bids != "off" and self.variant != "regular":
            out.append("raise_bids needs variant regular")
        if self.books_made and (self.players, self.team_size) != (4, 2):
            out.append("books_made is for two teams of two (players 4, team_size 2)")
        if self.mo == "bemo_three" and self.players != 3:
            out.append("mo bemo_three is the three-player game's (players 3)")
        if self.blind_scoring != "double" and self.blind_bids == "never":
            out.append("blind_scoring needs blind bids (blind_bids other than never)")
        if self.kitty != "off":
            if (
                self.players == 2
                or not len(deck_info(self.deck, self.players, "kitty").cards) % self.players
            ):
                out.append("kitty needs cards that do not deal evenly (not two players)")
            if (
                self.hurricane_pass != "off"
                or self.nil_pass
                or self.blind_nil_pass
                or (self.pass_every_hand)
            ):
                out.append("kitty is not played with card passing")
        if self.face_up_cards and (
            self.players == 6 or self.two_decks or (self.players == 2 and self.deal_shape == "even")
        ):
            out.append(
                "face_up_cards needs a single deck dealt out (not six players, not the "
                "two-player draw)"
            )
        if self.dead_hand and (self.players not in (2, 3) or self.kitty != "off" or self.royal):
            out.append("dead_hand needs two or three players and no kitty")
        out.extend(_mode_problems(self))
        if self.royal and (self.players != 2 or self.deck == "euchre_jokers"):
            out.append("royal needs two players and a deck without Euchre's Jokers")
        if self.big_joker_lead and not self.jokers:
            out.append("big_joker_lead needs a deck with jokers")
        if self.jokers_first_wins and (
            not self.jokers or self.deck == "one_joker" or self.players == 6
        ):
            out.append("jokers_first_wins needs a single deck with two jokers (not six players)")
        if self.pass_every_hand and self.team_size != 2:
            out.append("pass_every_hand needs partnerships of two (team_size 2)")
        if self.hurricane_pass != "off" and (
            self.nil_pass or self.blind_nil_pass or self.pass_every_hand or self.players == 2
        ):
            out.append(
                "hurricane_pass is the only passing of its hands: not with nil_pass, "
                "blind_nil_pass or pass_every_hand, and not with two players"
            )
        return out

    # -- derived facts the engine reads -------------------------------------------------

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats of each side: partners sit opposite, so seat s plays for side s % sides."""
        return _teams(self.players, self.team_size)

    @property
    def double_deck(self) -> bool:
        return self.players == 6 or self.two_decks

    @property
    def deal_shape(self) -> str:
        """How the deal leaves cards out (``deck_info``'s shape): even, kitty, dead_hand
        or royal."""
        if self.kitty != "off":
            return "kitty"
        if self.dead_hand:
            return "dead_hand"
        if self.two_decks:
            return "two_decks"
        return "royal" if self.royal else "even"

    @property
    def jokers(self) -> bool:
        return self.deck not in ("ace_high", "bauers", "deuces_high")

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
            raise ValueError(
                f"{name} {value}: {reasons}. Allowed: {allowed_values(name)}."
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


def _mode_problems(rules: Rules) -> list[str]:
    """Why the two-deck three-player game (003:73-81) or a Berkley bid table (003:158-189,
    003:247-333) cannot be played with the other options."""
    out: list[str] = []
    if rules.two_decks and (
        rules.players != 3
        or rules.jokers
        or rules.kitty != "off"
        or rules.dead_hand
        or rules.hurricane_pass != "off"
    ):
        out.append(
            "two_decks needs three players, a deck without jokers, no kitty, no dead hand "
            "and no Hurricane passing"
        )
    table = rules.bid_values
    if table == "ten_a_trick":
        return out
    for name, value in _TEN_A_TRICK.items():
        if getattr(rules, name) != value:
            out.append(f"{name} is decided by bid_values {table} (must be {value})")
    if table == "berkley_two" and (rules.players, rules.team_size, rules.nil_mode) != (
        2,
        1,
        "nil",
    ):
        out.append("bid_values berkley_two needs two players (players 2) and nil_mode nil")
    if table == "berkley_three":
        tricks = deck_info(rules.deck, rules.players, rules.deal_shape).num_tricks
        if rules.players != 3 or rules.nil_mode != "zero" or tricks not in (13, 18):
            out.append(
                "bid_values berkley_three needs three players, nil_mode zero and 13 tricks "
                "(dead_hand) or 18 (a deck with two jokers)"
            )
    return out


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


def allowed_values(name: str) -> str:
    """The allowed values of an option, as a short phrase for players."""
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
    # 003:207-225: three players, two Jokers over the 2 of spades, a dead fourth hand.
    "dead_hand": {
        "players": 3,
        "team_size": 1,
        "deck": "joker_joker_deuce_ace",
        "dead_hand": True,
    },
    # 003:73-81 Three Player, Two Deck Spades: 102 cards drawn as two players draw.
    "three_two_decks": {"players": 3, "team_size": 1, "two_decks": True},
    # 003:98-189 Berkley's two-player game: the Berkley deck dealt in four hands of 13,
    # Nil or Blind 6 to 12 (losing by 100) before looking, Board 4 to Boston 13, Bemo and
    # Big Bemo, raises before the lead, his bid table, 80 for three perfect bids running and
    # ties to the fewer overtricks. The two hands on the players' right are dealt face down
    # and not played: the dummies' play is not built.
    "berkley_two": {
        "players": 2,
        "team_size": 1,
        "deck": "joker_joker_deuce_ace",
        "dead_hand": True,
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
}
