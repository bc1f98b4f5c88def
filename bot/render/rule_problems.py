"""Why a combination of house rules cannot be played, in the reader's language: the engine
says which problem it is (``RuleProblem.kind``) and its figures (``details``: option names,
values, player counts), in English for its own message; here each kind is a sentence of the
catalogs. Options and their values are written as a player types them, the same in every
language. A problem of a kind not listed here keeps the engine's English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import RuleProblem
from bot.i18n import N_, _, babel_locale, format_number
from bot.render.rules_text import show_value

# Problems without figures, by kind.
PLAIN: dict[str, str] = {
    "suicide_four": N_(
        "`suicide` is played by four players as partners (`players 4`, `team_size 2`)."
    ),
    "renege_nil": N_("`allow_renege bid_plus_3` needs a game without Nil (`nil_allowed never`)."),
    "nil_pass": N_("`nil_pass` and `blind_nil_pass` need partnerships of two (`team_size 2`)."),
    "ten_for_two_hundred": N_(
        "`ten_for_two_hundred_exact` and `ten_for_two_hundred_loss` need `ten_for_two_hundred yes`."
    ),
    "double_nil_partners": N_(
        "`double_nil_wins` and `double_nil_no_penalty` need partners (`team_size 2` or 3)."
    ),
    "team_nil_bonus": N_("`team_nil` needs `nil_scoring bonus`."),
    "team_nil_pairs": N_("`team_nil` needs partners of two (`team_size 2`)."),
    "team_nil_double": N_(
        "`team_nil` scores both Nils as one: not with `double_nil_bonus` or"
        " `double_nil_no_penalty`."
    ),
    "highlander_partners": N_("`highlander` needs partners (`team_size 2` or 3)."),
    "highlander_streak": N_(
        "`highlander` already scores seven tricks: not with `seven_tricks_streak`."
    ),
    "end_streak_options": N_(
        "`end_streak_length` and `end_streak_breaker` need `end_streak_bonus` 3 or 30."
    ),
    "split_bonuses": N_("`split_bonuses` needs four players each playing alone (`team_size 1`)."),
    "evil_four": N_("`evil_spades` needs four players as partners (`players 4`, `team_size 2`)."),
    "gambling_players": N_(
        "`gambling_pot` needs 3 to 6 players each playing alone (`team_size 1`)."
    ),
    "evil_start": N_("`evil_start` needs `evil_spades yes`."),
    "bag_cancel_cut": N_("`bag_cancel_cut` needs `bag_cancel_card yes`."),
    "minutes_to_play": N_(
        "`minutes_to_play` is the length of a game played for a time: it needs `play_to time`."
    ),
    "exact_partners": N_("`exact_partners_bonus` needs partners (`team_size 2` or 3)."),
    "lexington": N_("`lexington` needs 13 tricks a hand (2 or 4 players)."),
    "blind_six": N_(
        "`blind_six` needs partners of two (`team_size 2`), blind bids (`blind_bids` other"
        " than `never`) and `blind_scoring double`."
    ),
    "blind_six_four": N_("`blind_six` and `each_bids_four` cannot be played together."),
    "mo_regular": N_("`mo` needs `variant regular` and `cant_total_tricks no`."),
    "raise_regular": N_("`raise_bids` needs `variant regular`."),
    "six_deck_single": N_(
        "`six_deck single` needs six players, a deck of 52 cards or 52 and two Jokers, and no"
        " `kitty`."
    ),
    "kitty_trick": N_(
        "`kitty_trick` needs a `kitty` (`two_of_clubs` or `high_bidder`), without `mo`."
    ),
    "calls": N_(
        "`high_low` and `aces_high_low` are played with `must_trump off`, without"
        " `ranked_suits`, and with `variant regular`."
    ),
    "joke_trumps": N_(
        "`joke_trumps` needs `deck joker_joker_ace`, partners and a single deck, without"
        " `high_low`, `aces_high_low`, `must_trump`, `big_joker_lead`, `jokers_first_wins` or"
        " `ranked_suits`."
    ),
    "counter_bidding": N_("`counter_bidding` needs `raise_bids off` and `variant regular`."),
    "partnership_bidding": N_(
        "`partnership_bidding` is for two teams of two (`players 4`, `team_size 2`) and"
        " `variant regular`, without `mo`, `blind_six` or `each_bids_four`."
    ),
    "blind_moon": N_(
        "`blind_moon` needs partners of two (`team_size 2`), `shoot_the_moon wins_game` and"
        " `variant regular`, without `blind_six` or `partnership_bidding`."
    ),
    "half_tricks": N_(
        "`half_tricks` is for two teams of two (`players 4`, `team_size 2`) and `variant"
        " regular`, without `mo`, `partnership_bidding`, `blind_six`, `min_bid` or `exact_bids`."
    ),
    "no_trump_bids": N_(
        "`no_trump_bids` needs `variant regular`, without `mo`, `claims` or `evil_spades`."
    ),
    "nil_in_the_dark": N_(
        "`nil_in_the_dark` needs `nil_mode nil` and `variant regular`, without Nil passing,"
        " `claims` or `evil_spades`."
    ),
    "books_made": N_("`books_made` is for two teams of two (`players 4`, `team_size 2`)."),
    "bemo_three": N_("`mo bemo_three` is for the three-player game (`players 3`)."),
    "blind_scoring": N_("`blind_scoring` needs blind bids (`blind_bids` other than `never`)."),
    "kitty_even": N_("`kitty` needs cards that do not deal out evenly (not two players)."),
    "kitty_passing": N_("`kitty` is not played with card passing."),
    "face_up": N_(
        "`face_up_cards` needs a single deck dealt out (not six players, not the two-player draw)."
    ),
    "dead_hand": N_("`dead_hand` needs two or three players and no `kitty`."),
    "two_decks": N_(
        "`two_decks` needs three players, a deck without Jokers, no `kitty`, no `dead_hand`"
        " and no `hurricane_pass`."
    ),
    "berkley_two": N_(
        "`bid_values berkley_two` needs two players (`players 2`) and `nil_mode nil`."
    ),
    "berkley_three": N_(
        "`bid_values berkley_three` needs three players, `nil_mode zero` and 13 tricks"
        " (`dead_hand`) or 18 (a deck with two Jokers)."
    ),
    "royal": N_("`royal` needs two players and a deck without Euchre's Jokers."),
    "big_joker_lead": N_("`big_joker_lead` needs a deck with Jokers."),
    "jokers_first_wins": N_(
        "`jokers_first_wins` needs a single deck with two Jokers (not six players)."
    ),
    "pass_every_hand": N_("`pass_every_hand` needs partnerships of two (`team_size 2`)."),
    "hurricane_pass": N_(
        "`hurricane_pass` is the only passing of its hands: not with `nil_pass`,"
        " `blind_nil_pass` or `pass_every_hand`, and not with two players."
    ),
    "identical_cancel": N_(
        "`identical_cards cancel` needs a double deck (six players, or `two_decks`), without"
        " `high_low`, `aces_high_low`, `ranked_suits` or `jokers_first_wins`."
    ),
    "nil_minus_10_each": N_("`failed_nil minus_10_each` needs `nil_scoring bonus`."),
    "three_jokers": N_(
        "`three_jokers` needs five players (`players 5`), a deck with two Jokers"
        " (`joker_joker_ace`, `joker_joker_deuce_ace` or `joker_joker_deuce_deuce`) and no"
        " `kitty`."
    ),
    "junk_jokers": N_(
        "`three_jokers junk` is not played with `big_joker_lead`, `jokers_first_wins`,"
        " `ranked_suits`, `high_low` or `aces_high_low`."
    ),
}
# Problems with figures, by kind: their sentence, worded with ``_figures``.
WITH_FIGURES: dict[str, str] = {
    "team_size": N_("{players} players need `team_size` {sizes}."),
    "variant_fixed": N_("`{option}` is not available in `{variant}` (it must be `{value}`)."),
    "evil_fixed": N_("`{option}` is decided hand by hand in `evil_spades` (it must be `{value}`)."),
}


def problem_text(problem: RuleProblem) -> str:
    """``problem`` in the running task's language (the engine's English for a kind not
    known here, or one whose figures are missing)."""
    plain = PLAIN.get(problem.kind)
    if plain is not None:
        return _(plain)
    template = WITH_FIGURES.get(problem.kind)
    if template is None:
        return str(problem)
    try:
        return _(template).format(**_figures(problem.details))
    except (KeyError, TypeError, ValueError):
        return str(problem)


def refused_text(option: str, value: str, problems: Sequence[RuleProblem]) -> str:
    """``/changerules set``'s answer when ``option`` set to ``value`` makes a combination
    that cannot be played: each reason, one a line."""
    head = _("`{option} {value}` can't be played with this server's other rules:").format(
        option=option, value=value
    )
    return "\n".join([head, *(f"• {problem_text(p)}" for p in problems)])


def _figures(details: Mapping[str, object]) -> dict[str, str]:
    shown: dict[str, str] = {}
    for name, value in details.items():
        if name == "players" and isinstance(value, int):
            shown[name] = format_number(value)
        elif name == "sizes" and isinstance(value, tuple):
            shown[name] = _either([f"`{size}`" for size in value])
        else:
            shown[name] = show_value(value)
    return shown


def _either(items: list[str]) -> str:
    """``items`` as the language says "A, B or C"."""
    from babel.lists import format_list

    return format_list(items, style="or", locale=babel_locale())
