"""``options_of``: the rules' values the engine reads while it plays, copied once per
``Rules`` object (bot/engine/options.py)."""

from __future__ import annotations

from bot.engine import PRESETS, Rules
from bot.engine.deck import deck_info
from bot.engine.options import _CACHE, _CACHE_SIZE, OVERTRICK_POINTS, options_of
from bot.engine.rules import DEFICITS


def test_one_rules_object_has_one_options_and_an_equal_one_its_own() -> None:
    rules = Rules.preset("classic")
    assert options_of(rules) is options_of(rules)
    twin = Rules.preset("classic")
    assert twin == rules and twin is not rules
    assert options_of(twin) is not options_of(rules)
    assert options_of(twin).rules is twin


def test_the_cache_stays_bounded() -> None:
    kept = [Rules(target_score=100 + 50 * (i % 10)) for i in range(_CACHE_SIZE + 10)]
    for rules in kept:
        assert options_of(rules).rules is rules
    assert len(_CACHE) <= _CACHE_SIZE
    # Emptied, not wrong: an object made again after the cache was emptied is still right.
    for rules in kept:
        assert options_of(rules).rules is rules


def test_the_values_are_the_rules_values_in_every_preset() -> None:
    for name in PRESETS:
        rules = Rules.preset(name)
        options = options_of(rules)
        assert options.players == rules.players
        assert options.teams == rules.teams
        assert options.variant == rules.variant
        assert options.nil_on == (rules.nil_mode == "nil")
        assert options.nil_need == DEFICITS[rules.nil_allowed]
        assert options.blind_bids_need == DEFICITS[rules.blind_bids]
        assert options.blind_nil_need == (DEFICITS[rules.blind_nil] if options.nil_on else None)
        assert options.min_bid == rules.min_bid
        assert options.by_hands == (rules.play_to == "hands")
        assert options.target_score == rules.target_score
        assert options.mercy == rules.mercy
        assert options.overtrick_points == OVERTRICK_POINTS[rules.overtricks]
        assert options.bags_count == (rules.overtricks in ("bags", "minus_one"))
        assert options.bag_penalty == (rules.bag_penalty if rules.overtricks == "bags" else 0)
        assert options.bag_limit == rules.bag_limit
        assert options.failed_bids == rules.failed_bids
        expected = deck_info(rules.deck, rules.players, rules.deal_shape)
        if rules.jokers_first_wins:
            # 000:137: the trick rules' copy ranks the two Jokers alike.
            assert options.tricks.deck.cards == expected.cards
        else:
            assert options.tricks.deck is expected
