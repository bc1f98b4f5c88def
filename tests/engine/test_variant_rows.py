"""Every row of ``shared/docs/variants.md`` (issue 25), with the options or preset that build
it and the tests that pin it.

``ROWS`` is the map: one record a row of the document's three tables (the named variants of
000 with 002 and 004, the readers' variants of 003, and the 45 hand rules of Evil Spades),
in the document's order. The tests below check the map against what it names: the rows
against the document (when a checkout has it beside the repository; CI clones only this
repository, so the names are kept here too), each build against ``Rules``, each test's node
id against the test modules (imported, not run), and the README's count of the rows.
"""

from __future__ import annotations

import importlib
import itertools
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.engine import PRESETS, Rules
from bot.engine.deck import deck_info
from bot.engine.evil import RULES as EVIL_RULES
from bot.engine.rules import option_type

ROOT = Path(__file__).resolve().parents[2]

# The three tables of variants.md, by the heading each sits under.
NAMED = "## Missing: named variants and rules from 000 (with 002/004)"
READERS = "## Missing: variants from 003 (reader-submitted)"
EVIL = "### Evil Spades: the 45 hand rules (003:19-63)"

Build = str | Mapping[str, object]  # a preset's name, or option values over the defaults


@dataclass(frozen=True)
class Row:
    """One row of variants.md: its table, its name and seed lines as the document writes
    them, the builds that play it and the tests (pytest node ids) that pin it."""

    table: str
    name: str
    lines: str
    builds: tuple[Build, ...]
    tests: tuple[str, ...]
    # A row that cannot be played: the README's words saying why (it has no build).
    not_playable: str = ""
    # A part of the row a later commit builds (the row is in BUILT_BY_A_LATER_COMMIT).
    later: str = ""


OPT = "tests/engine/test_options.py::"
EX = "tests/engine/test_scoring_examples.py::test_worked_example"
CANCEL = "tests/engine/test_cancellation.py::"
JOKERS = "tests/engine/test_three_jokers.py::"
TERM = "tests/test_terminal.py::"
UI = "tests/cogs/test_ui_controls.py::"
TEXT = "tests/render/test_text.py::"
EVIL_BIDS = OPT + "test_evil_spades_hand_rule_bids"

ROWS: tuple[Row, ...] = (
    # --- 000 (with 002/004) ------------------------------------------------------------
    Row(NAMED, "Counter Bidding", "000:18", ({"counter_bidding": True},), (
        OPT + "test_counter_bidding_lets_the_first_side_answer_once",
        UI + "test_counter_bidding_has_lower_keep_and_raise_buttons",
        TERM + "test_a_counter_bid_is_typed_lower_raise_or_keep",
        "tests/discord/test_spades_declarations.py::test_a_member_lowers_a_counter_bid_by_its_button",
    )),
    Row(NAMED, "Raise bid before play", "000:103; 002:82; 003:142, 003:265, 003:396",
        ({"raise_bids": "by_one"}, {"raise_bids": "any"}, {"raise_bids": "rounds"}), (
        OPT + "test_raise_by_one_after_everyone_has_bid",
        OPT + "test_raise_by_any_amount_and_in_rounds",
        UI + "test_raising_a_bid_has_its_own_buttons",
        TERM + "test_raising_a_bid_is_typed_raise_or_keep",
    )),
    Row(NAMED, "Partnership bidding", "000:111", ("partnership",), (
        OPT + "test_partnership_bidding_one_bid_a_side",
    )),
    Row(NAMED, "Auction Spades", "000:112", ("auction",), (
        OPT + "test_auction_spades_bids_one_contract_and_the_defenders_score_its_difference",
        UI + "test_auction_bids_are_pass_or_raise_buttons",
        TERM + "test_auction_is_typed_pass_or_a_raise",
    )),
    Row(NAMED, "No-trump bids", "000:113", ({"no_trump_bids": True},), (
        OPT + "test_no_trump_bid_wins_no_trick_with_a_spade_and_counts_double",
        UI + "test_a_no_trump_bid_has_its_own_button",
        TERM + "test_a_no_trump_bid_is_typed_notrump",
    )),
    Row(NAMED, "10-for-200 sub-rules", "000:114", (
        {"ten_for_two_hundred": True, "ten_for_two_hundred_exact": True},
        {"ten_for_two_hundred": True, "ten_for_two_hundred_loss": 100},
    ), (
        OPT + "test_ten_for_two_hundred_sub_rules",
        EX + "[000:114 10-for-200: the side must win exactly 10 tricks (took 11 -> -200)]",
        EX + "[000:114 10-for-200: some play a lost bid only loses 100, not 200]",
    )),
    Row(NAMED, "Eight & Ten Rule", "000:115", ({"team_size": 1, "split_bonuses": True},), (
        OPT + "test_eight_and_ten_bonuses_split_with_the_player_opposite",
        EX + "[000:115 Eight & Ten Rule: a Nil's 100 split in two with the player opposite]",
    )),
    Row(NAMED, "Big & Little Moe", "000:116", ({"mo": "moe"},), (
        OPT + "test_moe_counts_a_run_anywhere_and_bemo_is_on_top_of_the_bid",
        OPT + "test_moe_and_bemo_goals_and_values_are_the_seeds[moe]",
    )),
    Row(NAMED, "Bemo / Big Bemo", "000:117; 003:132-134, 003:159-160, 003:255-263, 003:283-284", (
        {"mo": "bemo"}, {"players": 3, "team_size": 1, "mo": "bemo_three"}, "berkley_two",
        "berkley_three",
    ), (
        OPT + "test_moe_counts_a_run_anywhere_and_bemo_is_on_top_of_the_bid",
        OPT + "test_mo_declarations_are_open_to_the_first_of_a_side_only",
        OPT + "test_moe_and_bemo_goals_and_values_are_the_seeds[bemo]",
    )),
    Row(NAMED, "Blind 6", "000:118", (
        {"blind_bids": "anytime", "blind_six": "exact"},
        {"blind_bids": "anytime", "blind_six": "at_least"},
        {"blind_bids": "anytime", "blind_six": "at_least_lose_60"},
    ), (
        OPT + "test_blind_six_a_side_bids_six_blind",
        OPT + "test_blind_six_only_before_either_partner_looks",
        EX + "[000:118 Blind 6: scores 120 if the side takes exactly six tricks]",
        EX + "[000:118 Blind 6: some other number of tricks (7) loses 120]",
        EX + "[000:118 Blind 6, commonly: at least six tricks, overtricks not counted]",
        EX + "[000:118 Blind 6, commonly: failing to make six tricks only loses 60]",
    )),
    Row(NAMED, "Blind-bid scoring alternatives", "000:69, 000:106, 000:119; 003:247", (
        {"blind_bids": "anytime", "blind_scoring": "exact_100"},
        {"blind_bids": "anytime", "blind_scoring": "exact_double"},
        {"blind_bids": "losing_by_100", "blind_scoring": "trailing"},
    ), (
        OPT + "test_blind_scoring",
        EX + "[000:69 Bonuses table: Blind met exactly -> +100 (blind_scoring exact_100)]",
        EX + "[000:69 Bonuses table: Blind, player took fewer -> -100 (the side made its 6)]",
        EX + "[000:69 Bonuses table: Blind, player took more -> 0]",
        EX + "[000:106 Blind bidding: a blind bid made exactly by that player is rewarded (+40)]",
        EX + "[000:106 Blind bidding: not made exactly, the bonus is subtracted (-40)]",
        EX + "[003:247 Blind Bids must be exact to be successful (three players: blind 4 took 5)]",
        EX + "[000:119 Trailing Blind Bids: 20 points per bid trick, no overtricks scored]",
        EX + "[000:119 Trailing Blind Bids: failing costs the normal 10 points per trick bid]",
    )),
    Row(NAMED, "No Nines, No Blinds", "000:120", ("no_nines",), (
        OPT + "test_no_nines_a_side_may_not_bid_nine",
    )),
    Row(NAMED, "Boston On Fire (Blind Moon, Grand Slam)", "000:122", (
        {"blind_moon": "anytime", "shoot_the_moon": "wins_game"},
    ), (
        OPT + "test_blind_moon_wins_the_game_and_stops_double_blind_nil",
    )),
    Row(NAMED, "Lexington", "000:123", ({"lexington": "wins_game"}, {"lexington": "twelve_for_240"}), (
        OPT + "test_lexington_twelve_bid_and_taken_wins_the_game",
        EX + "[000:123 Lexington variation: taking 12 tricks scores 240 whatever was bid]",
        EX + "[000:123 Lexington: a side that bids 12 and takes them wins the game]",
    )),
    Row(NAMED, "Half Tricks", "000:124", ({"half_tricks": True},), (
        OPT + "test_half_tricks_the_second_partner_makes_the_side_whole",
        TERM + "test_a_half_bid_is_typed_with_a_half",
    )),
    Row(NAMED, "Fredieu", "000:128", ({"each_bids_four": True},), (
        OPT + "test_fredieu_every_player_bids_four_or_nil_or_wheels",
    )),
    Row(NAMED, "Double (Blind) Nil: wins the game / costs nothing", "000:71-72, 000:105, 000:108", (
        {"double_nil_bonus": True, "double_nil_wins": True}, {"double_nil_no_penalty": True},
    ), (
        OPT + "test_double_nil_wins_the_game",
        OPT + "test_double_nil_failed_costs_nothing",
        EX + "[000:71 Bonuses table: Double Nil 400 or Game (double_nil_wins)]",
        EX + "[000:72, 000:108 Double Blind Nil 800 or Game: the team wins the game outright]",
        EX + "[000:71, 000:105 Double Nil, both fail -> 0: no penalty (double_nil_no_penalty)]",
        EX + "[000:72, 000:108 Double Blind Nil, either takes tricks -> 0 instead of -400]",
    )),
    Row(NAMED, "Team Nil / Blind Nil ±150", "000:159-162; 002:91-94", ({"team_nil": True},), (
        OPT + "test_team_nil_counts_once_and_takes_no_bags",
        EX + "[000:161-162 Team Blind Nil: if successful, the team earns 150 points]",
        EX + "[000:162 Team Blind Nil: a single trick loses 150, immune to bags]",
        EX + "[000:160 Team Nil: one partner blind, the other not: the plain 100]",
    )),
    Row(NAMED, "Nil In The Dark", "000:163", ({"nil_in_the_dark": True},), (
        OPT + "test_nil_in_the_dark_plays_the_top_card_and_scores_as_blind_nil",
        UI + "test_nil_in_the_dark_has_its_own_bid_button",
        TERM + "test_nil_in_the_dark_is_typed_dark",
    )),
    Row(NAMED, "Deuce Starts (2♣ leads)", "000:97; 003:369; 004:10", ({"low_club_leads": True},), (
        OPT + "test_deuce_starts_the_two_of_clubs_leads_and_the_others_play_freely",
    )),
    Row(NAMED, "Face-up deal", "000:98", ("face_up", {"face_up_cards": 2, "blind_nil": "anytime"}), (
        OPT + "test_a_face_up_deal_shows_each_players_first_cards_to_everyone",
    )),
    Row(NAMED, "Kitty", "000:99, 000:136", (
        {"kitty": "two_of_clubs", "kitty_trick": True},
        {"players": 5, "team_size": 1, "kitty": "high_bidder"},
        "jokers_kitty",
    ), (
        OPT + "test_the_two_of_clubs_takes_the_kitty_and_discards_before_the_bids",
        OPT + "test_the_highest_bidder_takes_the_kitty_after_the_bids",
        OPT + "test_a_kitty_of_a_full_round_is_a_trick_for_its_taker",
        OPT + "test_a_kitty_as_a_trick_may_come_from_a_deck_that_deals_evenly",
        UI + "test_passing_to_a_neighbour_and_the_kittys_discard_say_so",
    )),
    Row(NAMED, "Other deck shapes", "000:14, 000:135, 000:192, 000:193", (
        {"deck": "one_joker"}, {"deck": "euchre_jokers"},
        {"players": 6, "six_deck": "single"},
        {"players": 6, "six_deck": "single", "deck": "joker_joker_ace"},
        "five_three_jokers", "five_junk_jokers",
    ), (
        OPT + "test_more_decks_rank_the_trumps[one_joker: the Joker over the AS]",
        OPT + "test_more_decks_rank_the_trumps[euchre_jokers: the LJ over the AS]",
        OPT + "test_more_decks_rank_the_trumps[euchre_jokers: the BJ over the LJ]",
        OPT + "test_more_decks_hold_their_cards[one_joker-BJ-LJ 2H]",
        OPT + "test_more_decks_hold_their_cards[euchre_jokers-LJ BJ-JH JD]",
        OPT + "test_six_players_from_a_single_deck",
        JOKERS + "test_three_jokers_deal_55_cards_11_each_with_nothing_removed[top]",
        JOKERS + "test_three_jokers_deal_55_cards_11_each_with_nothing_removed[junk]",
        JOKERS + "test_top_jokers_two_little_jokers_as_identical_cards_decides",
        JOKERS + "test_junk_joker_led_the_first_other_card_sets_the_suit",
        JOKERS + "test_junk_joker_must_not_be_played_while_holding_the_suit_led",
    )),
    Row(NAMED, "Deuces High", "000:133", ("deuces_high",), (
        OPT + "test_more_decks_rank_the_trumps[deuces_high: the 2S over the AS]",
        OPT + "test_more_decks_rank_the_trumps[deuces_high: the 2H over the 2S]",
        OPT + "test_more_decks_rank_the_trumps[deuces_high: the 2D over the 2C]",
        OPT + "test_more_decks_hold_their_cards[deuces_high-2C-LJ]",
    )),
    Row(NAMED, "Joke Trumps", "000:134", ("joke_trumps",), (
        OPT + "test_joke_trumps_a_joker_makes_its_partners_card_a_spade",
        OPT + "test_calls_and_joke_trumps_refuse_what_they_cannot_be_played_with",
    )),
    Row(NAMED, "Jokers High Alternate", "000:136", ("jokers_high_alternate", "jokers_kitty"), (
        OPT + "test_big_joker_lead_draws_the_opponents_highest_spades",
        OPT + "test_the_two_of_clubs_takes_the_kitty_and_discards_before_the_bids",
    )),
    Row(NAMED, "Jokers High First Played Wins", "000:137", ("jokers_first_wins",), (
        OPT + "test_jokers_first_played_wins",
    )),
    Row(NAMED, "Bauer Trumps", "000:138", ({"deck": "bauers"},), (
        OPT + "test_bauer_trumps_the_jacks_rank_over_the_ace",
    )),
    Row(NAMED, "Differentiated Trump Values", "000:139", ({"ranked_suits": True},), (
        OPT + "test_ranked_suits_beat_the_led_suit",
    )),
    Row(NAMED, "Aces High/Low", "000:143; 002:88", ({"aces_high_low": True},), (
        OPT + "test_aces_high_low_an_ace_is_called_as_it_is_played",
        UI + "test_calling_high_or_low_has_its_own_buttons",
    )),
    Row(NAMED, "Big Mo / Little Mo", "000:145; 002:90", ("mo",), (
        OPT + "test_mo_declared_instead_of_a_bid_takes_the_first_tricks",
        OPT + "test_mo_leads_and_fails_once_an_opponent_takes_a_trick",
        OPT + "test_moe_and_bemo_goals_and_values_are_the_seeds[mo]",
        OPT + "test_mo_declarations_are_open_to_the_first_of_a_side_only",
        UI + "test_a_mo_declaration_has_its_own_buttons_beside_the_bids",
        TERM + "test_a_mo_is_declared_by_typing_big_or_little",
        "tests/discord/test_spades_declarations.py::test_a_member_declares_big_mo_by_its_button",
    )),
    Row(NAMED, "Cancellation Spades", "000:147", ("cancellation",), (
        CANCEL + "test_the_deck_is_two_decks_less_both_2s_of_clubs_with_the_2s_on_top",
        CANCEL + "test_identical_cards_cancel_and_a_lower_card_takes_the_trick",
        CANCEL + "test_identical_top_trumps_cancel_and_the_ace_of_spades_wins",
        CANCEL + "test_a_trick_whose_cards_all_cancel_is_dead_and_its_leader_leads_again",
        CANCEL + "test_a_trick_whose_only_uncancelled_cards_do_not_follow_is_dead",
        CANCEL + "test_the_game_is_six_hands_of_three_pairs",
        EX + "[000:147 Cancellation: Nil 50, set 10 a trick short, a Nil's tricks -10 each and not the partner's]",
        EX + "[000:147 Cancellation: double Nil 200, overtricks 1 each and no bag penalty]",
        EX + "[000 Cancellation Spades: getting 3 of 5 means -20]",
        EX + "[000 Cancellation Spades: successful nil bids score 50]",
        EX + "[000 Cancellation Spades: double nil scores 200]",
        EX + "[000 Cancellation Spades: extra tricks get 1 point, no penalties for sandbags]",
    )),
    Row(NAMED, "Passing Cards (every hand)", "000:148", ("passing", {"pass_every_hand": 2}), (
        OPT + "test_partners_pass_cards_every_hand",
        TEXT + "test_passing_before_the_bids_and_every_hand_is_announced",
    )),
    Row(NAMED, "First Trick Clubs", "000:149", ("first_trick_clubs",), (
        OPT + "test_first_trick_clubs_is_deuce_starts_with_no_spades_on_the_first_trick",
    )),
    Row(NAMED, "End Winning Streak", "000:153", (
        {"end_streak_bonus": 3},
        {"end_streak_bonus": 30},
        {"end_streak_bonus": 30, "end_streak_length": 4},
        {"end_streak_bonus": 30, "end_streak_length": 5},
        {"end_streak_bonus": 30, "end_streak_breaker": True},
    ), (
        OPT + "test_end_winning_streak",
        OPT + "test_a_claim_of_the_rest_wins_the_last_three_tricks",
        OPT + "test_end_winning_streak_of_four_or_five_and_broken",
        OPT + "test_end_streak_length_and_breaker_need_the_bonus",
        EX + "[000:153 End Winning Streak of four: seat 0 takes the last four tricks -> 30]",
        EX + "[000:153 End Winning Streak of four: the last three tricks alone score nothing]",
        EX + "[000:153 End Winning Streak broken: seat 1 takes the last trick after seat 0's two -> 30]",
        EX + "[000:153 End Winning Streak broken: no bonus when the run before the last was shorter]",
        EX + "[000:153 End Winning Streak broken: a partner taking the last trick breaks nothing]",
    )),
    Row(NAMED, "Dix", "000:154", ({"dix_bonus": True},), (
        OPT + "test_dix_the_nine_of_spades_winning_a_trick",
        OPT + "test_dix_in_a_played_hand",
        EX + "[000:154 Dix: the 9 of spades wins a spade-led trick -> 10]",
    )),
    Row(NAMED, "Last Trick Ace Victory", "000:155", ({"last_trick_ace_bonus": True},), (
        OPT + "test_last_trick_victories[ace]",
        OPT + "test_last_trick_victories[ace of spades]",
        OPT + "test_last_trick_victories[king]",
        OPT + "test_last_trick_won_by_the_ace_of_spades",
    )),
    Row(NAMED, "Last Trick Ace On Nil", "000:156", ({"ace_on_nil_bonus": True},), (
        OPT + "test_last_trick_ace_on_nil",
    )),
    Row(NAMED, "Last Trick Deuce Victory", "000:157", ({"last_trick_deuce_bonus": True},), (
        OPT + "test_last_trick_victories[deuce]",
        OPT + "test_last_trick_victories[trump deuce]",
    )),
    Row(NAMED, "Last Trick High Spade Victory", "000:158", ({"last_trick_high_spade_bonus": True},), (
        OPT + "test_last_trick_victories[jack exact]",
        OPT + "test_last_trick_victories[jack bagged]",
        OPT + "test_last_trick_victories[ten]",
        OPT + "test_last_trick_won_by_the_ace_of_spades",
    )),
    Row(NAMED, "3B-Spades", "000:167 (also 000:144, 002:89)", ("three_b",), (
        OPT + "test_nil_scoring_minus_ten_a_trick",
        OPT + "test_failed_bids[plus_1_a_trick-3-64]",
        EX + "[000:167 3B-Spades: a set bid scores +1 per trick taken (bid 7 took 5 -> 5)]",
        EX + "[000:167 3B-Spades: a Nil scores -10 per trick taken (2 tricks -> -20)]",
        EX + "[000 3B-Spades: -10 for each extra trick (bid 4 take 6 -> 20)]",
    )),
    Row(NAMED, "Double Over, Double Back", "000:169", ({"double_over": True}, {"double_over": True, "overtricks": "no_overs"}), (
        OPT + "test_double_over_taking_twice_the_bid_loses_twice_its_value",
        EX + "[000:169 Double Over, Double Back: bid 2, take 4 or more -> -40 (with No Overs)]",
    )),
    Row(NAMED, "Oh Hell Variation", "000:170", ({"exact_bids": "side"}, {"exact_bids": "each"}), (
        OPT + "test_oh_hell_a_side_must_take_exactly_its_bid",
        EX + "[000:170 Oh Hell Variation: any overtrick breaks the contract and scores as a set]",
        EX + "[000:170 Oh Hell, strict form: each player must take exactly its bid (3 took 4, 4 took 3)]",
        EX + "[000:170 Oh Hell, the side form: the side's 7 is exact whoever took them]",
    )),
    Row(NAMED, "Broken Contract Gives Points To Opposing Team", "000:172", ({"failed_bids": "to_opponents"},), (
        OPT + "test_failed_bids[to_opponents-0-84]",
        EX + "[000:172 Broken Contract Gives Points To Opposing Team: 10 for each trick short]",
    )),
    Row(NAMED, "Books Made", "000:173", ({"books_made": True},), (
        OPT + "test_books_made_scores_the_bids_without_play",
    )),
    Row(NAMED, "Highlander Scoring", "000:175", ({"highlander": True},), (
        OPT + "test_highlander_each_partner_must_make_their_own_bid",
        EX + "[000:175 Highlander: Tom bids 5 takes 4, Harry 3 takes 4 -> -80 + 5 (and 10 for taking 7 or more)]",
        EX + "[000:175 Highlander: both made, five extra points per overtrick, no bags]",
        EX + "[000:175 Highlander: seven or more tricks a third time -> 30]",
    )),
    Row(NAMED, "Individual Team Players", "000:176", ({"exact_partners_bonus": True},), (
        OPT + "test_individual_team_players_every_partner_exact",
        EX + "[000:176 Individual Team Players: 3 + 4 = 7 both exact -> +30]",
        EX + "[000:176 Individual Team Players: 4 and 3 taken on 3 and 4 bid -> no bonus]",
    )),
    Row(NAMED, "Sandbags 0-Till-10", "000:177; 002:64; 000:80", ({"overtricks": "bags_no_points"},), (
        OPT + "test_overtricks[bags_no_points-60-7]",
        EX + "[000:177 Sandbags 0-Till-10: overtricks are worth 0, and 10 bags cost 100]",
    )),
    Row(NAMED, "Sandbag Cancellation", "000:178", ({"bag_cancel_card": True}, {"bag_cancel_card": True, "bag_cancel_cut": True}), (
        OPT + "test_sandbag_cancellation_by_the_jack_of_diamonds",
        OPT + "test_sandbag_cancellation_needs_overtricks",
        OPT + "test_sandbag_cancellation_by_a_card_cut_before_the_deal",
        OPT + "test_sandbag_cancellation_cut_card_changes_by_hand_and_replays",
        EX + "[000:178 Sandbag Cancellation: the special card cancels one bag]",
    )),
    Row(NAMED, "Seven Tricks Or Higher!", "000:180", ({"seven_or_more_bonus": True},), (
        OPT + "test_seven_or_more_and_last_trick_bonuses",
        EX + "[000:180 Seven Tricks Or Higher: 7 bid and made exactly -> 80]",
        EX + "[000:180 Seven Tricks Or Higher: 8 tricks -> 100]",
        EX + "[000:180 Seven Tricks Or Higher: 9 tricks -> 120]",
        EX + "[000:180 Seven Tricks Or Higher: only for successful bids (7 set -> -70)]",
    )),
    Row(NAMED, "Seven Tricks Or Higher! Part Deux", "000:181", ({"seven_tricks_streak": True},), (
        OPT + "test_seven_tricks_part_deux_grows_each_time",
        EX + "[000:181 Seven Tricks Or Higher Part Deux: bid 7 made the first time -> 10]",
        EX + "[000:181 Part Deux: the second time -> 20]",
        EX + "[000:181 Part Deux: overtricks do not count (bid 5 took 9)]",
    )),
    Row(NAMED, "Win The Last Trick!", "000:182", ({"last_trick_bonus": True},), (
        OPT + "test_seven_or_more_and_last_trick_bonuses",
        OPT + "test_a_claim_of_the_rest_wins_the_last_trick",
    )),
    Row(NAMED, "Leading with the Ace of spades", "000:183", ({"ace_of_spades_lead": True},), (
        OPT + "test_the_ace_of_spades_may_be_led_before_spades_are_broken",
    )),
    Row(NAMED, "No Point Deductions", "000:184", ({"no_deductions": True},), (
        OPT + "test_no_point_deductions",
        EX + "[000:184 No Point Deductions: a lost Nil, a set and the bag penalty count 0 (the lost Nil's 2 bags still +2)]",
    )),
    Row(NAMED, "Play for a fixed time", "000:88; 002:72", ({"play_to": "time"}, {"play_to": "time", "minutes_to_play": 30}), (
        OPT + "test_time_called_mid_hand_finishes_the_hand_and_the_higher_score_wins",
        OPT + "test_a_timed_game_goes_on_until_time_is_called",
        OPT + "test_a_tie_when_time_is_up_plays_one_more_hand",
        OPT + "test_time_up_before_anyone_acts_in_a_new_hand_ends_the_game_at_once",
        OPT + "test_minutes_to_play_needs_play_to_time",
        "tests/tables/test_play_for_time.py::test_time_up_mid_hand_finishes_the_hand_and_the_deadline_survives_a_restart",
        "tests/tables/test_play_for_time.py::test_time_spent_while_the_bot_is_down_counts",
        "tests/discord/test_spades_play_for_time.py::test_the_table_shows_the_time_left_and_the_game_ends_on_time",
        TERM + "test_a_game_played_for_a_time_ends_after_the_hand_in_play",
    )),
    # --- 003 (reader-submitted) ---------------------------------------------------------
    Row(READERS, "Toss Spades (eight-suited Spades)", "003:9", (), (), not_playable=(
        'Toss Spades (003:9, "eight-suited Spades") is not playable: the seed gives its name and\n'
        "nothing else, no deck of eight suits, no deal and no rule, so there is nothing to build it\n"
        "from."
    )),
    Row(READERS, "Evil Spades", "003:13-63", ("evil",), (
        EVIL_BIDS,
        OPT + "test_evil_spades_turns_to_the_next_rule_each_hand",
        OPT + "test_evil_spades_refuses_a_bid_the_rule_forbids",
        OPT + "test_evil_spades_needs_four_partners_and_decides_bids_itself",
        TEXT + "test_the_table_says_which_evil_spades_rule_is_in_force",
    )),
    Row(READERS, "High/Low Spades", "003:65-71", ("high_low",), (
        OPT + "test_high_low_the_leader_calls_the_trick",
        UI + "test_calling_high_or_low_has_its_own_buttons",
        TERM + "test_a_trick_is_called_by_typing_high_or_low",
    )),
    Row(READERS, "Three Player, Two Deck Spades", "003:73-81", ("three_two_decks",), (
        OPT + "test_three_players_draw_17_each_from_two_decks_without_the_deuces_of_clubs",
        OPT + "test_two_decks_the_second_of_two_identical_cards_wins",
    )),
    Row(READERS, "Miser", "003:83-96", ("miser",), (
        OPT + "test_miser_bids_are_kept_or_lowered_and_score_in_reverse",
        UI + "test_miser_lowering_has_its_own_buttons",
        TERM + "test_miser_lowering_is_typed_lower_or_keep",
    )),
    Row(READERS, "Two Players with dummy hands (Berkley)", "003:98-152", ("berkley_two",), (
        OPT + "test_berkley_two_players_bid_nil_or_blind_6_to_12_before_looking",
        OPT + "test_dummy_hands_are_played_in_the_seeds_forced_order",
        OPT + "test_a_dummy_that_leads_with_nothing_face_up_leads_its_first_face_down_card",
        OPT + "test_dummy_hands_are_seen_by_nobody_face_down_and_by_both_face_up",
        OPT + "test_a_double_nil_is_both_hands_bid_at_once",
        OPT + "test_dummy_hands_need_two_sides_of_a_player_and_their_dummy",
        "tests/tables/test_dummy_hands.py::test_two_members_play_their_dummies",
        "tests/discord/test_spades_dummies.py::test_a_member_plays_their_dummys_card_by_its_button",
        TERM + "test_berkley_dummies_are_shown_and_played_at_the_terminal",
    )),
    Row(READERS, "Berkley two-player scoring table", "003:158-189", (
        "berkley_two", {"players": 2, "team_size": 1, "bid_values": "berkley_two"},
    ), (
        EX + "[003:175 Berkley two players: Bid of 7 70 pts, overtricks 1 pt]",
        EX + "[003:178 Berkley two players: Bid of 10 200 pts (Board 4 failed -40)]",
        EX + "[003:179 Berkley two players: Bid of 11 failed -110]",
        EX + "[003:180, 003:163 Berkley two players: Bid of 12 240 pts; Naught taking a trick -100]",
        EX + "[003:171, 003:163 Berkley two players: Boston 500 pts; Naught 200 pts]",
        EX + "[003:183 Berkley two players: Blind 8 140 pts]",
        EX + "[003:186 Berkley two players: Blind 11 failed -110]",
        EX + "[003:161 Berkley two players: Nil (bid before seeing) 300 pts]",
        EX + "[003:161 Berkley two players: Nil failed -50]",
        EX + "[003:168 Berkley two players: 10 overtricks -100 pts]",
        EX + "[003:162 Berkley dummies: Double Nil (both hands, before seeing) 500 pts]",
        EX + "[003:162 Berkley dummies: Double Nil failed -100, its trick an overtrick]",
        EX + "[003:164 Berkley dummies: Double Naught (both hands, after seeing) 400 pts]",
        EX + "[003:164 Berkley dummies: Double Naught failed -100]",
        EX + "[003:163 Berkley dummies: Naught (the player's own hand) 200 pts, the dummy's tricks overtricks]",
    )),
    Row(READERS, "Perfect-bid streak bonus", "003:165-167, 003:285-290", (
        {"perfect_bids_bonus": "eighty"}, {"perfect_bids_bonus": "hundred_then_fifty"},
    ), (
        OPT + "test_three_consecutive_perfect_bids",
        EX + "[003:165 Three Consecutive Perfect Bids (two players): 80]",
        EX + "[003:285 Three Consecutive Perfect Bids (three players): 100]",
        EX + "[003:287 Consecutive perfect bids after the first three: 50]",
    )),
    Row(READERS, "Renege: take three books", "003:191, 003:335", ({"allow_renege": "take_three"},), (
        OPT + "test_renege_take_three_books",
    )),
    Row(READERS, "Tie broken by fewest overtricks", "003:195, 003:339", ({"tie_break": "fewest_overtricks"},), (
        OPT + "test_a_tie_goes_to_the_side_with_fewer_overtricks",
    )),
    Row(READERS, "Three Players with a dead hand (Berkley v1)", "003:207-225", ("dead_hand", "berkley_three"), (
        OPT + "test_three_players_and_a_dead_hand_play_13_tricks",
    )),
    Row(READERS, "Berkley three-player scoring table", "003:247-333", ("berkley_three", "berkley_three_54"), (
        OPT + "test_berkley_three_players_bid_0_to_the_tricks_blind_or_not",
        EX + "[003:294, 003:301 Berkley three players v1: Bid of 0 200 pts, Bid of 7 100 pts]",
        EX + "[003:265, 003:295 Berkley three players v1: Bid of 1 must be exact: took 2, -110]",
        EX + "[003:296, 003:304 Berkley three players v1: Bid of 2 100 pts, Bid of 10 225 pts]",
        EX + "[003:307 Berkley three players v1: Bid of 13 Automatic Win]",
        EX + "[003:247, 003:316 Berkley three players v1: Blind 3 must be exact: took 4, -30]",
        EX + "[003:320 Berkley three players v1: Blind 7 200 pts]",
        EX + "[003:313 Berkley three players v1: Blind 0 500 pts]",
        EX + "[003:303 Berkley three players v2: Bid of 9 200 pts]",
        EX + "[003:311, 003:294, 003:295 Berkley three players v2: Bid of 17 Automatic Win, 0 400 pts, 1 300 pts]",
        EX + "[003:323 Berkley three players v2: Blind 10 400 pts]",
        EX + "[003:310 Berkley three players v2: Bid of 16 500 pts]",
    )),
    Row(READERS, "Royal Spades", "003:343-361", ("royal", {"players": 2, "team_size": 1, "royal": True, "deck": "joker_joker_ace"}), (
        OPT + "test_royal_spades_deals_13_each_from_the_short_deck",
    )),
    Row(READERS, "Hurricane Spades", "003:363-373", ("hurricane", {"hurricane_pass": "left_right_hold"}), (
        OPT + "test_hurricane_passes_three_to_the_left_before_the_bids",
        OPT + "test_deuce_starts_the_two_of_clubs_leads_and_the_others_play_freely",
        UI + "test_passing_to_a_neighbour_and_the_kittys_discard_say_so",
        TERM + "test_hurricane_asks_to_pass_three_to_the_left",
        TEXT + "test_passing_before_the_bids_and_every_hand_is_announced",
    )),
    Row(READERS, "Gambling Spades", "003:375-397", ("gambling",), (
        OPT + "test_gambling_spades_the_hands_best_score_takes_every_stake",
        OPT + "test_raise_by_any_amount_and_in_rounds",
        EX + "[003:387 Gambling Spades: the highest scoring player wins all the chips staked (4 chips ante, 12 bid)]",
        EX + "[003:387 Gambling Spades: if there is a tie for highest the pot is split]",
        EX + "[003:389 Gambling Spades: a zero bid, no nil bonus (took 2: 0 + 2)]",
    )),
)  # fmt: skip


def _evil(number: int, name: str, *tests: str) -> Row:
    """Evil Spades' hand rule ``number``: the ``evil`` preset starting at that rule (the
    preset itself starts at rule 1)."""
    build: Build = {**PRESETS["evil"], "evil_start": number} if number > 1 else "evil"
    return Row(EVIL, f"{number} {name}", f"003:{18 + number}", (build,), tests)


def _bids(number: int) -> str:
    return f"{EVIL_BIDS}[{number}]"


SCREAMERS = OPT + "test_evil_spades_screamers_hand"
PRESSURE = OPT + "test_evil_spades_pressure_must_trump"
LOW_BALL = OPT + "test_evil_spades_low_ball_plays_the_lowest_card"

ROWS += (
    _evil(1, "reg", _bids(1)),
    _evil(2, "mirrors", _bids(2)),
    _evil(3, "suicide", _bids(3)),
    _evil(4, "pressure", PRESSURE + "[4-True]"),
    _evil(5, "dn", _bids(5)),
    _evil(6, "homicide", _bids(6)),
    _evil(7, "bags", _bids(7)),
    _evil(8, "insane", _bids(8)),
    _evil(9, "nil, everyone", _bids(9)),
    _evil(10, "blind", OPT + "test_evil_spades_blind_everyone_bids_blind_nil"),
    _evil(11, "kiss of death", _bids(11), OPT + "test_evil_spades_refuses_a_bid_the_rule_forbids"),
    _evil(12, "face off", _bids(12), OPT + "test_evil_spades_turns_to_the_next_rule_each_hand"),
    _evil(13, "diamond mirror", _bids(13)),
    _evil(14, "deuce", _bids(14)),
    _evil(15, "accident / crazy", _bids(15)),
    _evil(16, "backseat / reflection", _bids(16)),
    _evil(17, "succession", _bids(17)),
    _evil(18, "copycat", _bids(18)),
    _evil(19, "nil, dbl nil", _bids(19)),
    _evil(20, "9er", _bids(20)),
    _evil(21, "hang 'em", _bids(21)),
    _evil(22, "club mirrors", _bids(22)),
    _evil(23, "jack", _bids(23)),
    _evil(24, "crazy 8", _bids(24)),
    _evil(25, "low ball", LOW_BALL + "[25]"),
    _evil(26, "aces up", _bids(26)),
    _evil(27, "acey deucey", _bids(27)),
    _evil(28, "screamers", SCREAMERS + "[28-False]"),
    _evil(29, "progression", _bids(29)),
    _evil(30, "murder", _bids(30), LOW_BALL + "[30]"),
    _evil(31, "chance", _bids(31)),
    _evil(32, "hang 'em high", _bids(32)),
    _evil(33, "headache", _bids(33)),
    _evil(34, "shovels", _bids(34)),
    _evil(35, "49er", _bids(35)),
    _evil(36, "psycho", _bids(36)),
    _evil(37, "spastic", _bids(37)),
    _evil(38, "fire", _bids(38)),
    _evil(39, "chaos", _bids(39)),
    _evil(40, "burned", _bids(40)),
    _evil(41, "dirty spades", OPT + "test_evil_spades_dirty_spades_bids_the_called_suit"),
    _evil(42, "laughter", _bids(42)),
    _evil(43, "vice", _bids(43), SCREAMERS + "[43-False]"),
    _evil(44, "sirens", _bids(44), PRESSURE + "[44-True]"),
    _evil(45, "winner takes all", _bids(45)),
)  # fmt: skip

# Rows with a part a later commit builds. The lead empties this when that commit lands,
# adding the part's build and test to the row and dropping its ``later``.
BUILT_BY_A_LATER_COMMIT: frozenset[str] = frozenset()


# --- the rows against variants.md ------------------------------------------------------


def _variants_md() -> Path | None:
    """``shared/docs/variants.md`` beside the checkout (in a folder above it), if any."""
    for folder in ROOT.parents:
        path = folder / "shared" / "docs" / "variants.md"
        if path.is_file():
            return path
    return None


def _document_rows(text: str) -> list[tuple[str, str, str]]:
    """(table heading, variant, seed lines) of each row of the three tables."""
    rows = []
    heading = ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.strip()
        elif heading in (NAMED, READERS, EVIL) and line.startswith("| "):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if cells[0] != "variant":
                rows.append((heading, cells[0], cells[1]))
    return rows


def test_the_map_has_each_row_once() -> None:
    names = [(row.table, row.name) for row in ROWS]
    assert len(set(names)) == len(names), "a row is mapped twice"
    counts = {
        table: sum(1 for row in ROWS if row.table == table) for table in (NAMED, READERS, EVIL)
    }
    # variants.md's counts: 55 + 15 named rows (70), and the 45 hand rules.
    assert counts == {NAMED: 55, READERS: 15, EVIL: 45}


def test_the_map_has_every_row_of_variants_md_in_its_order() -> None:
    path = _variants_md()
    if path is None:
        pytest.skip(
            "shared/docs/variants.md is not beside this checkout (CI clones the repository alone)"
        )
    document = _document_rows(path.read_text(encoding="utf-8"))
    assert [(row.table, row.name, row.lines) for row in ROWS] == document


# --- each build plays ------------------------------------------------------------------


def _rules_of(build: Build) -> Rules:
    if isinstance(build, str):
        return Rules.preset(build)
    return Rules.model_validate(dict(build))


def _options_of(build: Build) -> Mapping[str, object]:
    return PRESETS[build] if isinstance(build, str) else build


BUILDS = [
    pytest.param(build, id=f"{row.name}: {build if isinstance(build, str) else dict(build)}")
    for row in ROWS
    for build in row.builds
]


@pytest.mark.parametrize("build", BUILDS)
def test_each_build_is_a_rule_set_that_plays(build: Build) -> None:
    rules = _rules_of(build)
    assert rules.problems() == []
    assert rules != Rules()
    if not isinstance(build, str):
        defaults = Rules()
        same = [name for name, value in build.items() if getattr(defaults, name) == value]
        assert not same, f"options at their default in the map: {same}"


def test_each_row_has_an_option_whose_description_cites_its_seed() -> None:
    """Issue 25: an option's description says the reading it plays and cites the seed line
    (``python -m bot rules`` and ``/houserules options`` show it). Evil Spades' hand rules
    are the engine's own, checked against it below."""
    for row in (row for row in ROWS if row.table != EVIL):
        lines = re.findall(r"\d{3}:\d+", row.lines)
        options = {name for build in row.builds for name in _options_of(build)}
        cited = [
            name
            for name in options
            if any(line in (Rules.model_fields[name].description or "") for line in lines)
        ]
        assert cited or not row.builds, f"{row.name}: no option cites {row.lines}"


def test_each_row_is_built_and_pinned_or_said_not_playable() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for row in ROWS:
        if row.not_playable:
            assert (row.builds, row.tests) == ((), ()), row.name
            assert row.not_playable in readme, f"{row.name}: the README no longer says why"
        else:
            assert row.builds and row.tests, f"{row.name} has no build or no test"


# --- each test named exists ------------------------------------------------------------


@cache
def _module(path: str) -> ModuleType:
    """The test module at ``path``: the one pytest imported, or imported here."""
    file = str(ROOT / path)
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) == file:
            return module
    return importlib.import_module(path.removesuffix(".py").replace("/", "."))


def _auto_id(value: object, argname: str, index: int) -> str:
    """pytest's id for a parameter value without an explicit id."""
    if isinstance(value, str):
        return value.encode("unicode_escape").decode("ascii")
    if value is None or isinstance(value, int | float | bool):
        return str(value)
    return f"{argname}{index}"


def _mark_ids(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> list[str]:
    argnames = args[0]
    names = (
        [n.strip() for n in argnames.split(",")] if isinstance(argnames, str) else list(argnames)
    )
    ids = kwargs.get("ids")
    result = []
    for index, value in enumerate(args[1]):
        explicit = getattr(value, "id", None) if hasattr(value, "marks") else None
        values = value.values if hasattr(value, "marks") else value
        if explicit is None and isinstance(ids, list | tuple):
            explicit = ids[index]
        elif explicit is None and callable(ids):
            explicit = ids(value)
        if explicit is None:
            values = (values,) if len(names) == 1 and not hasattr(value, "marks") else values
            explicit = "-".join(_auto_id(v, n, index) for v, n in zip(values, names, strict=True))
        result.append(str(explicit))
    return result


def _param_ids(test: Callable[..., object]) -> set[str]:
    marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
    per_mark = [_mark_ids(mark.args, mark.kwargs) for mark in marks]
    return {"-".join(parts) for parts in itertools.product(*per_mark)} if per_mark else set()


def _node_exists(node: str) -> bool:
    path, _, name = node.partition("::")
    function, _, param = name.partition("[")
    test = getattr(_module(path), function, None)
    if not function.startswith("test_") or not callable(test):
        return False
    return not param or param.removesuffix("]") in _param_ids(test)


def test_each_named_test_exists() -> None:
    nodes = sorted({node for row in ROWS for node in row.tests})
    missing = [node for node in nodes if not _node_exists(node)]
    assert not missing, f"tests the map names that are not there: {missing}"


# --- Evil Spades' 45 hand rules --------------------------------------------------------


def test_every_evil_spades_hand_rule_is_pinned() -> None:
    """003:19-63: each of the engine's 45 rules has its row, at its seed line, built as the
    ``evil`` preset starting at it; a rule that changes the play has a test of the play
    (the bids' test checks only the bids)."""
    rows = [row for row in ROWS if row.table == EVIL]
    assert len(rows) == len(EVIL_RULES) == 45
    for row, rule in zip(rows, EVIL_RULES, strict=True):
        assert row.name.split(" ", 1)[0] == str(rule.number), row.name
        assert row.lines == rule.seed_line, row.name
        assert [_rules_of(build).evil_start for build in row.builds] == [rule.number]
        assert row.tests, row.name
        if rule.play is not None:
            assert [t for t in row.tests if not t.startswith(EVIL_BIDS)], row.name


# --- rows a later commit completes, and the README's count -------------------------------


def _three_joker_decks() -> list[str]:
    """Deck options that deal five players three Jokers (000:192)."""
    _, decks, _ = option_type("deck")
    return [
        str(deck)
        for deck in decks
        if sum(1 for card in deck_info(str(deck), 5).cards if card >= 52) >= 3
    ]


def test_rows_left_for_a_later_commit_are_the_listed_ones() -> None:
    """Nothing is left out silently: a row with a part still to build says which part and
    is listed in BUILT_BY_A_LATER_COMMIT; once the engine deals five players three Jokers,
    this fails until the row is filled in and the list emptied."""
    assert {row.name for row in ROWS if row.later} == BUILT_BY_A_LATER_COMMIT
    if BUILT_BY_A_LATER_COMMIT:
        built = _three_joker_decks()
        assert not built, f"three Jokers are built ({built}): map them and empty the list"


def test_the_readme_counts_the_rows() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [row for row in ROWS if row.table != EVIL]
    whole = [row for row in rows if not row.not_playable and not row.later]
    said = re.search(r"Of the (\d+) rows of `shared/docs/variants.md`, (\d+) are options", readme)
    assert said is not None, "the README's rules section no longer counts the rows"
    assert (int(said[1]), int(said[2])) == (len(rows), len(whole))
