"""The house-rule reference: every option with its allowed values, and presets as differences."""

import json

import pytest

from bot.engine import PRESETS, Rules, allowed_values
from bot.render.rules_text import rule_options, rules_json, rules_text, show_value


def test_every_option_appears_with_its_allowed_values() -> None:
    text = rules_text()
    for name in Rules.model_fields:
        assert f"  {name} = " in text
        assert f"allowed: {allowed_values(name)}" in text


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_preset_stars_exactly_the_options_it_changes(preset: str) -> None:
    starred = {
        line.removeprefix("* ").split(" = ")[0]
        for line in rules_text(preset).splitlines()
        if line.startswith("* ")
    }
    assert starred == set(Rules.preset(preset).changed())


def test_options_carry_json_values_and_descriptions() -> None:
    options = rule_options(Rules())
    assert [option.name for option in options] == list(Rules.model_fields)
    assert not any(option.changed for option in options)
    for option in options:
        assert option.description == (Rules.model_fields[option.name].description or "")
        json.dumps(option.value)


def test_json_lists_every_preset_as_its_differences() -> None:
    data = json.loads(rules_json())
    assert data["preset"] is None
    assert data["presets"] == {name: Rules.preset(name).changed() for name in PRESETS}


def test_show_value_reads_the_way_options_are_typed() -> None:
    assert [show_value(v) for v in (True, False, None, 500, "if_broken")] == [
        "yes",
        "no",
        "none",
        "500",
        "if_broken",
    ]
