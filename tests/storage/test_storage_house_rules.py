"""House rules per server: set one option from text, presets, reset, refusals that change nothing."""

import pytest

from bot.engine import Rules, allowed_values
from bot.storage.house_rules import HouseRuleError, OptionChange
from bot.storage.store import Storage

GUILD, OTHER = 10, 20


async def test_a_server_without_house_rules_plays_the_defaults(storage: Storage) -> None:
    assert await storage.house_rules.stored(GUILD) is None
    assert await storage.house_rules.get(GUILD) == Rules()


async def test_setting_an_option_says_what_changed_and_is_kept(storage: Storage) -> None:
    change = await storage.house_rules.set_option(GUILD, "target_score", "250")
    assert change.changes == (OptionChange("target_score", 500, 250),)
    assert change.after == Rules(target_score=250)
    change = await storage.house_rules.set_option(GUILD, " Claims ", "yes")
    assert change.before == Rules(target_score=250)
    assert change.changes == (OptionChange("claims", False, True),)
    assert await storage.house_rules.get(GUILD) == Rules(target_score=250, claims=True)
    assert await storage.house_rules.stored(OTHER) is None


async def test_setting_the_value_it_already_has_changes_nothing(storage: Storage) -> None:
    change = await storage.house_rules.set_option(GUILD, "target_score", "500")
    assert change.changes == ()


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("target_score", "275", allowed_values("target_score")),
        ("nil_points", "75", allowed_values("nil_points")),
        ("claims", "maybe", allowed_values("claims")),
        ("colour", "red", "No option called 'colour'"),
        # A value that fits the option but makes a game nobody can play.
        ("variant", "suicide", "suicide is played by four players"),
    ],
)
async def test_a_refused_value_names_what_is_allowed_and_stores_nothing(
    storage: Storage, option: str, value: str, expected: str
) -> None:
    await storage.house_rules.set_option(GUILD, "team_size", "1")
    await storage.house_rules.set_option(GUILD, "players", "3")
    before = await storage.house_rules.get(GUILD)
    with pytest.raises(HouseRuleError) as refused:
        await storage.house_rules.set_option(GUILD, option, value)
    assert expected in str(refused.value)
    assert await storage.house_rules.get(GUILD) == before


async def test_a_preset_replaces_every_option_and_reset_returns_to_the_defaults(
    storage: Storage,
) -> None:
    await storage.house_rules.set_option(GUILD, "claims", "yes")
    change = await storage.house_rules.apply_preset(GUILD, "Short")
    assert change.after == Rules.preset("short")
    assert {c.option for c in change.changes} == {"claims", *Rules.preset("short").changed()}
    with pytest.raises(HouseRuleError, match="Presets: classic"):
        await storage.house_rules.apply_preset(GUILD, "speedy")
    assert await storage.house_rules.get(GUILD) == Rules.preset("short")
    change = await storage.house_rules.reset(GUILD)
    assert change.before == Rules.preset("short") and change.after == Rules()
    assert await storage.house_rules.stored(GUILD) is None
    assert await storage.tables.guild_rules(GUILD) is None
