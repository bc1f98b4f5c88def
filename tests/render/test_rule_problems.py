"""Why a combination of house rules cannot be played, in the reader's language: the engine
names each problem's kind and figures, ``bot.render.rule_problems`` words them."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.engine import RuleProblem, Rules, RulesRefused
from bot.i18n import use_locale
from bot.render.rule_problems import PLAIN, WITH_FIGURES, problem_text, refused_text
from devtools.pseudo import PSEUDO_LOCALE, escaped_words, install_pseudo, uninstall_pseudo

LANGUAGES = ("es-ES", "pt-BR", "fr", "de")
# One combination the engine refuses for each kind of problem.
REFUSED: dict[str, dict[str, object]] = {
    "team_size": {"players": 4, "team_size": 3},
    "suicide_four": {"variant": "suicide", "team_size": 1, "blind_nil": "never"},
    "variant_fixed": {"variant": "mirror", "cant_total_tricks": True, "blind_nil": "never"},
    "renege_nil": {"allow_renege": "bid_plus_3"},
    "nil_pass": {"nil_pass": True, "team_size": 1},
    "ten_for_two_hundred": {"ten_for_two_hundred_exact": True},
    "double_nil_partners": {"double_nil_wins": True, "team_size": 1},
    "team_nil_bonus": {"team_nil": True, "nil_scoring": "tricks_times_10"},
    "team_nil_pairs": {"team_nil": True, "team_size": 1},
    "team_nil_double": {"team_nil": True, "double_nil_bonus": True},
    "highlander_partners": {"highlander": True, "team_size": 1},
    "highlander_streak": {"highlander": True, "seven_tricks_streak": True},
    "end_streak_options": {"end_streak_length": 4, "end_streak_breaker": True},
    "split_bonuses": {"split_bonuses": True},
    "evil_four": {"evil_spades": True, "team_size": 1, "blind_nil": "never"},
    "gambling_players": {"gambling_pot": True},
    "evil_start": {"evil_start": 3},
    "bag_cancel_cut": {"bag_cancel_cut": True},
    "minutes_to_play": {"minutes_to_play": 90},
    "evil_fixed": {"evil_spades": True, "claims": True, "blind_nil": "never"},
    "exact_partners": {"exact_partners_bonus": True, "team_size": 1},
    "lexington": {"lexington": "points", "players": 3, "team_size": 1},
    "blind_six": {"blind_six": "partner_blind"},
    "blind_six_four": {"blind_six": "partner_blind", "each_bids_four": True},
    "mo_regular": {"mo": "mo", "cant_total_tricks": True},
    "raise_regular": {"raise_bids": "before_play", "variant": "whiz", "blind_nil": "never"},
    "books_made": {"books_made": True, "team_size": 1},
    "two_decks": {"two_decks": True, "players": 4},
    "berkley_two": {"bid_values": "berkley_two", "players": 4, "team_size": 2},
    "berkley_three": {"bid_values": "berkley_three", "players": 4, "team_size": 2},
    "six_deck_single": {"six_deck": "single", "players": 4},
    "kitty_trick": {"kitty_trick": True},
    "calls": {"high_low": True, "ranked_suits": True},
    "joke_trumps": {"joke_trumps": True},
    "counter_bidding": {"counter_bidding": True, "raise_bids": "before_play"},
    "partnership_bidding": {"partnership_bidding": True, "team_size": 1},
    "blind_moon": {"blind_moon": "anytime"},
    "half_tricks": {"half_tricks": True, "team_size": 1},
    "no_trump_bids": {"no_trump_bids": True, "claims": True},
    "nil_in_the_dark": {"nil_in_the_dark": True, "claims": True},
    "bemo_three": {"mo": "bemo_three"},
    "blind_scoring": {"blind_scoring": "plain", "blind_bids": "never"},
    "kitty_even": {"kitty": "highest_bidder", "players": 2, "team_size": 1},
    "kitty_passing": {"kitty": "highest_bidder", "players": 3, "team_size": 1, "nil_pass": True},
    "face_up": {"face_up_cards": True, "players": 6},
    "dead_hand": {"dead_hand": True},
    "royal": {"royal": True},
    "big_joker_lead": {"big_joker_lead": True},
    "jokers_first_wins": {"jokers_first_wins": True},
    "pass_every_hand": {"pass_every_hand": True, "team_size": 1},
    "hurricane_pass": {"hurricane_pass": "left", "players": 2, "team_size": 1},
    "identical_cancel": {"identical_cards": "cancel"},
    "three_jokers": {"three_jokers": "top"},
    "junk_jokers": {
        "players": 5,
        "team_size": 1,
        "deck": "joker_joker_ace",
        "three_jokers": "junk",
        "ranked_suits": True,
    },
    "nil_minus_10_each": {"failed_nil": "minus_10_each", "nil_scoring": "minus_10_a_trick"},
}
TYPED = re.compile(r"`[^`]*`")


def problems(kind: str) -> list[RuleProblem]:
    """The problems of the combination ``REFUSED[kind]``, one of them of that kind."""
    found = Rules.model_construct(**REFUSED[kind]).problems()  # type: ignore[arg-type]
    assert kind in {p.kind for p in found}, (kind, [str(p) for p in found])
    return [p for p in found if p.kind == kind]


@pytest.fixture
def pseudo_locale() -> Iterator[str]:
    install_pseudo()
    yield PSEUDO_LOCALE
    uninstall_pseudo()


def test_every_kind_the_engine_names_is_worded_here() -> None:
    assert set(REFUSED) == set(PLAIN) | set(WITH_FIGURES)
    for kind in REFUSED:
        for problem in problems(kind):
            assert problem_text(problem) != str(problem), kind


@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_each_problem_is_worded_in_every_language(kind: str, pseudo_locale: str) -> None:
    for problem in problems(kind):
        with use_locale("en-US"):
            english = problem_text(problem)
        for language in LANGUAGES:
            with use_locale(language):
                said = problem_text(problem)
            assert said != english, (language, said)
            # Options and values are typed as they are in every language.
            assert sorted(TYPED.findall(said)) == sorted(TYPED.findall(english)), said
        with use_locale(pseudo_locale):
            assert escaped_words(problem_text(problem)) == [], problem.kind


def test_the_figures_are_the_combinations() -> None:
    [sizes] = problems("team_size")
    [fixed] = [p for p in problems("variant_fixed") if p.details["option"] == "cant_total_tricks"]
    with use_locale("es-ES"):
        assert problem_text(sizes) == "4 jugadores necesitan `team_size` `1` o `2`."
        assert problem_text(fixed) == (
            "`cant_total_tricks` no está disponible en `mirror` (tiene que ser `no`)."
        )
    with use_locale("de"):
        assert problem_text(sizes) == "4 Spieler brauchen `team_size` `1` oder `2`."


def test_a_refused_change_says_why_in_the_readers_language_and_the_rules_stay() -> None:
    rules = Rules.preset("cutthroat4")
    with pytest.raises(RulesRefused) as refused:
        rules.with_option("highlander", "yes")
    assert str(refused.value).startswith("highlander yes: highlander needs partners")
    assert [p.kind for p in refused.value.problems] == ["highlander_partners"]
    assert rules == Rules.preset("cutthroat4")
    with use_locale("fr"):
        text = refused_text("highlander", "yes", refused.value.problems)
    assert text == (
        "`highlander yes` ne peut pas se jouer avec les autres règles de ce serveur :\n"
        "• `highlander` demande des partenaires (`team_size 2` ou 3)."
    )


def test_a_kind_not_known_here_keeps_the_engines_english() -> None:
    problem = RuleProblem("new_variant", "new_variant needs four players")
    with use_locale("de"):
        assert problem_text(problem) == "new_variant needs four players"
