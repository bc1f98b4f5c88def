"""/spades over a real SQLite file through the fake Discord server: a game survives an
abrupt restart, house rules reach new tables only, and finished games reach /stats,
/history and /leaderboard until /spades forgetme."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from bot.client import STARTED_GC_THRESHOLDS
from bot.config import Settings
from bot.engine import Card, PlayCard
from bot.storage.store import Storage
from devtools.fake_discord import DEFERRED_UPDATE, UPDATE, FakeDiscord, running
from tests.discord.spades_helpers import (
    action_controls,
    bid_three_by_dm,
    game_over,
    make_bot,
    manager,
    one_hand_rules,
    play_out,
    seq_of,
)

WITH_STATS = ("cogs.spades", "cogs.houserules", "cogs.leaderboard")


@pytest.mark.parametrize("freeze_startup", [False, True], ids=["as_built", "frozen_startup"])
async def test_a_game_goes_on_from_where_it_was_after_an_abrupt_restart(
    fake: FakeDiscord, tmp_path: Path, freeze_startup: bool
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    path = tmp_path / "data" / "spades.sqlite3"
    path.parent.mkdir()
    await one_hand_rules(path, fake.guild_id)
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]

    first = make_bot(fake, settings=settings)
    async with running(first, fake):
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        _bid, playing = await bid_three_by_dm(fake, alice)
        table = first.tables.table_in(general.id)
        assert table.game is not None and table.message_id is not None
        history, table_id, message_id = list(table.game.history), table.table_id, table.message_id
        edits = fake.by_id[message_id].edits
    # Leaving ``running`` closed the connection: the table was neither stopped nor finished.

    # With ``freeze_startup`` as ``python -m bot`` runs it: what start-up built, the restored
    # table too, is frozen out of the garbage collector's sight, and the game still plays on.
    second = make_bot(fake, settings=settings)
    second.freeze_startup = freeze_startup
    frozen = gc.get_freeze_count()
    thresholds = gc.get_threshold()
    try:
        async with running(second, fake):
            assert (gc.get_freeze_count() > frozen) == freeze_startup
            # Young objects are collected less often from then on.
            assert (gc.get_threshold() == STARTED_GC_THRESHOLDS) == freeze_startup
            assert table_id is not None
            restored = second.tables.table_by_id(table_id)
            assert restored.game is not None and restored.game.history == history
            await fake.wait_for(
                lambda: fake.by_id[message_id].edits > edits, "the old table message redrawn"
            )
            # A button on the message the first process sent still plays.
            control = action_controls(playing)[0]["custom_id"]
            answer = await fake.click(alice, playing, control)
            assert answer.callback_type in (UPDATE, DEFERRED_UPDATE)
            card = Card.parse(control.rsplit(":c", 1)[1])
            assert restored.game.history[: len(history) + 1] == [*history, PlayCard(0, card)]
            await play_out(fake, [alice], general, after=seq_of(action_controls(playing)[0]))
            assert game_over(fake, general)
            [message] = [m for m in fake.messages(general) if m.id == message_id]
            assert message.content.startswith("**Game over")
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


async def test_house_rules_reach_new_tables_only(fake: FakeDiscord, storage: Storage) -> None:
    ada, bob = manager(fake, "ada"), fake.add_user("bob")
    cards = fake.channel("cards")
    async with running(make_bot(fake, storage=storage, extensions=WITH_STATS), fake):
        await fake.slash(bob, "spades", "new", channel=cards)

        names = await fake.autocomplete(ada, "changerules", "set", focus="option", option="play_t")
        assert [c["value"] for c in names] == ["play_to"]
        bad = await fake.slash(ada, "changerules", "set", option="play_to", value="forever")
        assert "Allowed:" in bad.text and bad.responses[0].ephemeral
        assert not fake.shows_command(bob, "changerules")
        await fake.slash(ada, "changerules", "set", option="play_to", value="hands")
        changed = await fake.slash(ada, "changerules", "set", option="hands_to_play", value="1")
        assert "hands_to_play: 8 → 1" in changed.text
        assert "**play_to** = hands" in (await fake.slash(bob, "houserules", "show")).text

        await fake.slash(ada, "spades", "new")
        assert "**play_to** = hands" in (await fake.slash(ada, "spades", "rules")).text
        kept = await fake.slash(bob, "spades", "rules", channel=cards)
        assert "Every option is at its default" in kept.text


async def test_a_finished_game_shows_in_stats_history_and_the_leaderboard(
    fake: FakeDiscord, storage: Storage
) -> None:
    await storage.house_rules.set_option(fake.guild_id, "play_to", "hands")
    await storage.house_rules.set_option(fake.guild_id, "hands_to_play", "1")
    ada = manager(fake, "ada")
    general = fake.channel("general")
    async with running(make_bot(fake, storage=storage, extensions=WITH_STATS), fake):
        await fake.slash(ada, "spades", "new", bots=3, level="easy")
        await fake.slash(ada, "spades", "start")
        await play_out(fake, [ada], general)

        stats = await fake.slash(ada, "stats")
        assert "Games: 1" in stats.text
        history = await fake.slash(ada, "history")
        assert "ada & Bot 3 (easy)" in history.text and ", 1 hand:" in history.text
        board = await fake.slash(ada, "leaderboard", by="wins")
        assert "Leaderboard by" in board.text

        asked = await fake.slash(ada, "spades", "forgetme")
        assert "cannot be undone" in asked.text
        done = await fake.click(ada, asked.responses[0], "Forget me")
        assert "Your name and id are gone from 1 finished game;" in done.text
        assert "ada" not in (await fake.slash(ada, "history")).text
