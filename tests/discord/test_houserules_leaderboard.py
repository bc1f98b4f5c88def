"""/houserules, /changerules, /leaderboard, /stats and /history through the fake Discord
server, on SQLite."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator

import pytest

from bot.client import SpadesBot
from bot.config import Settings
from bot.engine import Game, Rules
from bot.render.hand_picture import hand_picture
from bot.render.text import hand_text
from bot.storage.records import SeatRecord
from bot.storage.store import Storage
from devtools.fake_discord import MANAGE_GUILD, FakeDiscord, running
from tests.ai.helpers import play_heuristic
from tests.discord.spades_helpers import manager
from tests.storage.helpers import store_game

SHORT = Rules(play_to="hands", hands_to_play=2)


@pytest.fixture
async def bot(fake: FakeDiscord, storage: Storage) -> AsyncIterator[SpadesBot]:
    client = SpadesBot(
        Settings(_env_file=None),  # type: ignore[call-arg]
        storage.tables,
        extensions=["cogs.houserules", "cogs.leaderboard"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )
    client.storage = storage
    async with running(client, fake):
        yield client


async def test_a_manager_sets_a_rule_and_everyone_sees_it(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ada, bob = manager(fake), fake.add_user("Bob")
    answer = await fake.slash(ada, "changerules", "set", option="bag_limit", value="5")
    assert "bag_limit: 10 → 5" in answer.text
    assert not answer.responses[0].ephemeral
    assert (await storage.house_rules.get(fake.guild_id)).bag_limit == 5
    shown = await fake.slash(bob, "houserules", "show")
    assert "**bag_limit** = 5" in shown.text
    assert shown.responses[0].ephemeral


async def test_a_bad_value_gets_the_allowed_values_and_changes_nothing(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ada = manager(fake)
    answer = await fake.slash(ada, "changerules", "set", option="nil_points", value="70")
    assert "Allowed: 50, 100" in answer.text
    assert answer.responses[0].ephemeral
    assert await storage.house_rules.stored(fake.guild_id) is None


async def test_a_long_value_or_option_is_shown_back_cut_to_40_characters(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    """What a member typed is echoed at most 40 characters long (issue 21, defect 9c), as
    everywhere else, not at the message's 2,000."""
    ada = manager(fake)
    long = "7" * 1990 + "x"
    answer = await fake.slash(ada, "changerules", "set", option="bag_limit", value=long)
    assert answer.responses[0].ephemeral
    assert "7" * 39 + "…" in answer.text and "7" * 40 not in answer.text
    assert "Allowed:" in answer.text and len(answer.text) < 200
    answer = await fake.slash(ada, "changerules", "set", option="b" * 1000, value="5")
    assert "b" * 39 + "…" in answer.text and "b" * 40 not in answer.text
    # A value that reads as a number however many zeros lead it is shown as the number.
    answer = await fake.slash(ada, "changerules", "set", option="nil_points", value="0" * 1000)
    assert "0" * 41 not in answer.text and "Allowed: 50, 100" in answer.text
    assert await storage.house_rules.stored(fake.guild_id) is None


async def test_commands_that_need_manage_server_are_hidden_from_other_members(
    fake: FakeDiscord, bot: SpadesBot
) -> None:
    ada, bob = manager(fake), fake.add_user("Bob")
    synced = fake.commands[None]
    # Discord reads these on sync and lists the commands only to members who hold them.
    for hidden in ("changerules", "resetleaderboard"):
        assert int(synced[hidden]["default_member_permissions"]) == MANAGE_GUILD
    for everyone in ("houserules", "leaderboard", "stats", "history"):
        assert synced[everyone].get("default_member_permissions") is None
    assert {sub["name"] for sub in synced["houserules"]["options"]} == {"show", "options"}
    assert {sub["name"] for sub in synced["changerules"]["options"]} == {
        "set",
        "preset",
        "reset",
        "language",
    }
    for hidden in ("changerules", "resetleaderboard"):
        assert fake.shows_command(ada, hidden) and fake.shows_command(fake.owner, hidden)
        assert not fake.shows_command(bob, hidden)
        with pytest.raises(AssertionError, match=f"Discord does not show /{hidden} to Bob"):
            await fake.slash(bob, hidden)
    assert fake.shows_command(bob, "houserules")


@pytest.mark.parametrize(
    ("command", "options"),
    [(("changerules", "preset"), {"name": "casual"}), (("resetleaderboard",), {})],
)
async def test_where_an_admin_shows_them_to_everyone_the_bot_still_checks(
    fake: FakeDiscord,
    bot: SpadesBot,
    storage: Storage,
    command: tuple[str, ...],
    options: dict[str, str],
) -> None:
    fake.opened_to_everyone.add(command[0])  # the server's Integrations settings
    bob = fake.add_user("Bob")
    answer = await fake.slash(bob, *command, **options)
    assert answer.text == "You need the Manage Server permission for that."
    assert answer.responses[0].ephemeral
    assert await storage.house_rules.stored(fake.guild_id) is None
    assert not answer.responses[0].controls()  # no confirmation to reset was offered


async def test_option_names_and_values_autocomplete(fake: FakeDiscord, bot: SpadesBot) -> None:
    ada = manager(fake)
    names = await fake.autocomplete(ada, "changerules", "set", focus="option", option="bag")
    assert [c["value"] for c in names] == [
        "bag_limit",
        "bag_penalty",
        "bag_cancel_card",
        "bag_cancel_cut",
    ]
    values = await fake.autocomplete(
        ada, "changerules", "set", focus="value", option="must_trump", value=""
    )
    assert [c["value"] for c in values] == ["off", "when_void", "overtrump"]


async def test_presets_are_offered_as_typed(fake: FakeDiscord, bot: SpadesBot) -> None:
    """Discord allows an option 25 fixed choices, fewer than the presets: the preset is
    typed, and the names that fit are offered."""
    preset = next(
        sub for sub in fake.commands[None]["changerules"]["options"] if sub["name"] == "preset"
    )
    assert all(len(option.get("choices", [])) <= 25 for option in preset["options"])
    ada = manager(fake)
    names = await fake.autocomplete(ada, "changerules", "preset", focus="name", name="berk")
    assert [c["value"] for c in names] == ["berkley_two", "berkley_three", "berkley_three_54"]


def finished_game(seed: int) -> Game:
    return play_heuristic(SHORT, seed)


async def test_finished_games_show_in_stats_history_and_the_leaderboard(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The extension loader imports its own copy of the module: patch the one it loaded.
    monkeypatch.setattr(sys.modules["cogs.leaderboard"], "PAGE_SIZE", 1)
    ada, bob = manager(fake), fake.add_user("Bob")
    seats = (
        SeatRecord(0, "Ada", ada.id),
        SeatRecord(1, "Bot 1", bot="normal"),
        SeatRecord(2, "Bob", bob.id),
        SeatRecord(3, "Bot 3", bot="normal"),
    )
    for seed in range(5):
        game = finished_game(seed)
        table_id = await store_game(storage, game, seats, guild=fake.guild_id)
        await storage.tables.finish_table(table_id, game, stopped=False)

    stats = await fake.slash(bob, "stats", member=ada)
    assert "Games: 5" in stats.text
    history = await fake.slash(bob, "history")
    assert history.text.count("Ada & Bob") == 5
    assert history.text.count(", 2 hands:") == 5  # plural(), which says "1 hand"
    first = history.text.split("**#")[1].split("**")[0]
    breakdown = await fake.slash(bob, "history", game=int(first))
    assert "hand by hand" in breakdown.text
    record = await storage.stats.game(fake.guild_id, int(first))
    assert record is not None and f"Dealt from seed {record.seed}." in breakdown.text
    # After the game anyone may check a deal: every seat's cards, the bids, each trick.
    deal = await fake.slash(bob, "history", game=int(first), hand=2)
    assert deal.responses[0].ephemeral
    held = record.hands()[1].held
    assert f"  Ada: {hand_text(held[0], SHORT)}" in deal.text
    assert f"  Bot 3: {hand_text(held[3], SHORT)}" in deal.text
    assert "Trick 13: " in deal.text and "Hand 2 scored:" in deal.text
    # The same replay as a picture, attached to the reply; the text stays for screen readers.
    (picture,) = deal.responses[0].attachments
    title = f"Game #{first}, hand 2"
    assert picture.filename == f"game{first}-hand2.png"
    assert picture.data == hand_picture(record.hands()[1], record.summary.seat_names, SHORT, title)
    assert picture.description is not None and picture.description.startswith(title)
    for asked, refused in [
        ({"game": int(first), "hand": 3}, f"Game #{first} has hands 1 to 2."),
        ({"hand": 1}, "Give the game's number too"),
    ]:
        answer = await fake.slash(bob, "history", **asked)
        assert refused in answer.text and answer.responses[0].ephemeral

    board = await fake.slash(bob, "leaderboard", by="wins")
    first_page = board.responses[0].snapshot()
    assert "**1.** Ada" in first_page.text or "**1.** Bob" in first_page.text
    assert "Page 1 of 2, 2 ranked" in first_page.text
    assert "Bot 1" not in first_page.text
    turned = await fake.click(bob, first_page, "Next")
    assert "Page 2 of 2" in turned.text
    assert "**2.**" in turned.text


async def test_resetting_the_leaderboard_needs_a_confirmation(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ada = manager(fake)
    asked = await fake.slash(ada, "resetleaderboard")
    assert "Reset this server's leaderboard?" in asked.text
    kept = await fake.click(ada, asked.responses[0], "Keep it")
    assert "Nothing was reset." in kept.text


async def test_only_the_member_who_asked_can_confirm(fake: FakeDiscord, bot: SpadesBot) -> None:
    ada, bob = manager(fake), fake.add_user("Bob")
    asked = await fake.slash(ada, "resetleaderboard")
    refused = await fake.click(bob, asked.responses[0], "Reset the leaderboard")
    assert refused.text == "Only the member who asked can confirm this."
    done = await fake.click(ada, asked.responses[0], "Reset the leaderboard")
    assert "The leaderboard starts afresh." in done.text


async def test_a_game_of_one_hand_is_one_hand_in_history(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ada = manager(fake)
    seats = (
        SeatRecord(0, "Ada", ada.id),
        SeatRecord(1, "Bot 1", bot="normal"),
        SeatRecord(2, "Bot 2", bot="normal"),
        SeatRecord(3, "Bot 3", bot="normal"),
    )
    game = play_heuristic(Rules(play_to="hands", hands_to_play=1), 3)
    table_id = await store_game(storage, game, seats, guild=fake.guild_id)
    await storage.tables.finish_table(table_id, game, stopped=False)
    history = await fake.slash(ada, "history")
    assert ", 1 hand: Ada & Bot 2" in history.text
    assert "1 hands" not in history.text


async def test_a_combination_that_cannot_be_played_is_refused_in_spanish_and_changes_nothing(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ana = fake.add_user("Ana", permissions=MANAGE_GUILD | (1 << 31) | 1024 | 2048, locale="es-ES")
    await storage.house_rules.apply_preset(fake.guild_id, "cutthroat4")
    before = await storage.house_rules.stored(fake.guild_id)
    answer = await fake.slash(ana, "changerules", "set", option="highlander", value="yes")
    assert answer.responses[0].ephemeral
    assert answer.text == (
        "`highlander yes` no se puede jugar con las demás reglas de este servidor:\n"
        "• `highlander` necesita compañeros (`team_size 2` o 3)."
    )
    assert await storage.house_rules.stored(fake.guild_id) == before
    # A value the option does not take at all: the allowed ones, in her language too.
    answer = await fake.slash(ana, "changerules", "set", option="evil_start", value="99")
    assert answer.text == "evil_start no puede ser `99`. Valores permitidos: de 1 a 45."
    assert await storage.house_rules.stored(fake.guild_id) == before
