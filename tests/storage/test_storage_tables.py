"""The TableStore on SQLite and PostgreSQL (and in memory): real engine games stored action by
action and rebuilt by replay."""

import dataclasses
from pathlib import Path

import pytest

from bot.engine import Game, Rules
from bot.storage.records import (
    DuplicateAction,
    SeatRecord,
    StoredLobbies,
    StoredLobby,
    StoredTable,
    StoredTables,
    TableStore,
)
from bot.storage.store import Storage
from devtools.bench.storage import play_random, seats_for
from tests.storage.helpers import GUILD, new_table, store_game


async def start(storage: Storage, game: Game, dealer: int, *, channel: int = 70) -> int:
    return await store_game(storage, game, seats_for(game.rules), dealer=dealer, channel=channel)


@pytest.mark.parametrize(
    "preset",
    ["classic", "casual", "jokers", "cutthroat3", "two_player", "five_player", "six_threes"],
)
async def test_a_game_part_played_comes_back_the_same_after_reopening(
    location: str | Path, preset: str
) -> None:
    rules = Rules.preset(preset)
    dealer = 1
    game = play_random(rules, seed=11, limit=90, dealer=dealer)
    storage = await Storage.open(location)
    table_id = await start(storage, game, dealer)
    await storage.tables.set_message(table_id, 555)
    await storage.close()

    storage = await Storage.open(location)
    try:
        (table,) = await storage.tables.open_tables()
    finally:
        await storage.close()
    assert table == StoredTable(
        table_id=table_id,
        guild_id=GUILD,
        channel_id=70,
        host_id=1,
        rules=rules,
        seed=11,
        dealer=dealer,
        seats=seats_for(rules),
        actions=tuple(game.history),
        message_id=555,
    )
    restored = Game.replay(table.rules, seed=table.seed, actions=table.actions, dealer=dealer)
    assert restored.history == game.history
    assert restored.hand_number == game.hand_number and restored.to_act == game.to_act
    assert all(restored.view(s) == game.view(s) for s in range(rules.players))


async def test_a_repeated_sequence_number_is_refused_and_keeps_the_first(storage: Storage) -> None:
    game = play_random(Rules(), seed=3, limit=6)
    table_id = await start(storage, game, 0)
    with pytest.raises(DuplicateAction) as other:
        await storage.tables.append_action(table_id, 6, game.history[0])
    assert not other.value.stored_same
    with pytest.raises(DuplicateAction) as same:
        await storage.tables.append_action(table_id, 1, game.history[0])
    assert same.value.stored_same
    with pytest.raises(ValueError, match="expects action 7, not 9"):
        await storage.tables.append_action(table_id, 9, game.history[0])
    with pytest.raises(ValueError, match="no table 99"):
        await storage.tables.append_action(99, 1, game.history[0])
    (table,) = await storage.tables.open_tables()
    assert table.actions == tuple(game.history)


async def test_tables_keep_their_own_actions_seats_and_messages(storage: Storage) -> None:
    games = [
        play_random(Rules.preset(p), seed=i, limit=20 + i)
        for i, p in enumerate(["classic", "cutthroat4"])
    ]
    ids = [await start(storage, game, 0, channel=70 + i) for i, game in enumerate(games)]
    substitute = dataclasses.replace(seats_for(games[1].rules)[0], name="Sub", user_id=999)
    seats = (substitute, *seats_for(games[1].rules)[1:])
    await storage.tables.update_seats(ids[1], seats)
    await storage.tables.set_message(ids[0], 1)
    await storage.tables.set_message(ids[0], None)
    first, second = await storage.tables.open_tables()
    assert (first.table_id, second.table_id) == tuple(ids)
    assert first.actions == tuple(games[0].history) and second.actions == tuple(games[1].history)
    assert first.seats == seats_for(games[0].rules) and second.seats == seats
    assert first.message_id is None and first.channel_id == 70 and second.channel_id == 71


async def test_a_seat_marked_away_stays_away_until_stored_back(table_store: TableStore) -> None:
    rules = Rules()
    seats = seats_for(rules)
    table_id = await table_store.create_table(
        guild_id=GUILD, channel_id=70, host_id=1, rules=rules, seed=1, dealer=0, seats=seats
    )
    away = (seats[0], dataclasses.replace(seats[1], away=True), *seats[2:])
    await table_store.update_seats(table_id, away)
    (table,) = await table_store.open_tables()
    assert table.seats == away and [s.away for s in table.seats] == [False, True, False, False]
    await table_store.update_seats(table_id, seats)
    (table,) = await table_store.open_tables()
    assert table.seats == seats


async def test_a_table_is_open_from_its_creation_until_it_is_closed(
    table_store: TableStore,
) -> None:
    rules = Rules()
    table_id = await new_table(table_store, rules=rules, seed=1)
    assert await table_store.table_open(table_id)
    assert not await table_store.table_open(table_id + 1)  # none such
    await table_store.close_table(table_id)
    assert not await table_store.table_open(table_id)


async def test_the_bots_reasons_come_back_in_the_order_of_their_moves(
    table_store: TableStore,
) -> None:
    game = play_random(Rules(), seed=4, limit=6)
    ids = [await new_table(table_store, rules=Rules(), seed=4, channel=70 + i) for i in range(2)]
    # Members' moves have no reason; a second table's reasons stay its own.
    reasons = ['{"seat": 1}', None, '{"seat": 3}', '{"seat": 0}', None, '{"seat": 1, "n": 2}']
    for seq, (action, reason) in enumerate(zip(game.history, reasons, strict=True), 1):
        await table_store.append_action(ids[0], seq, action, reason)
    await table_store.append_action(ids[1], 1, game.history[0], '{"seat": 2}')
    assert await table_store.bot_reasons(ids[0]) == [r for r in reasons if r is not None]
    assert await table_store.bot_reasons(ids[1]) == ['{"seat": 2}']
    assert await table_store.bot_reasons(ids[1] + 1) == []


async def test_face_up_watchers_come_back_with_their_table_until_it_closes(
    table_store: TableStore,
) -> None:
    ids = [await new_table(table_store, rules=Rules(), seed=4, channel=70 + i) for i in range(2)]
    await table_store.saw_hands(ids[0], 501)
    await table_store.saw_hands(ids[0], 501)  # again: nothing new
    await table_store.saw_hands(ids[0], 502)
    await table_store.saw_hands(ids[1], 503)
    first, second = await table_store.open_tables()
    assert (first.saw_hands, second.saw_hands) == ({501, 502}, {503})
    await table_store.close_table(ids[0])
    (left,) = await table_store.open_tables()
    assert left.table_id == ids[1] and left.saw_hands == {503}


async def test_turn_mentions_are_kept_until_dropped_or_their_table_closes(
    table_store: TableStore,
) -> None:
    ids = [await new_table(table_store, rules=Rules(), seed=4, channel=70 + i) for i in range(2)]
    await table_store.add_mention(ids[0], 501, 9001)
    await table_store.add_mention(ids[0], 501, 9001)  # again: nothing new
    await table_store.add_mention(ids[0], 502, 9002)
    await table_store.add_mention(ids[1], 503, 9003)
    assert await table_store.mentions(ids[0]) == [(501, 9001), (502, 9002)]
    await table_store.drop_mention(9001)
    await table_store.drop_mention(9001)  # gone already: nothing changes
    assert await table_store.mentions(ids[0]) == [(502, 9002)]
    await table_store.close_table(ids[0])
    assert await table_store.mentions(ids[0]) == []
    assert await table_store.mentions(ids[1]) == [(503, 9003)]


async def test_a_table_keeps_its_agreed_number_of_hands(table_store: TableStore) -> None:
    rules = Rules()
    for channel, hands in ((70, 7), (71, None)):
        await new_table(table_store, channel, rules=rules, seed=1, hands_limit=hands)
    tables = await table_store.open_tables()
    assert [(t.channel_id, t.hands_limit) for t in tables] == [(70, 7), (71, None)]


async def test_a_lobby_is_replaced_whole_and_goes_once_dealt_or_dropped(
    table_store: TableStore,
) -> None:
    rules = Rules.preset("jokers")
    seats = (SeatRecord(0, "Ann", 1), SeatRecord(2, "Bot 3 (hard)", bot="hard"))
    lobby = StoredLobby(70, GUILD, 1, rules, seats)
    await table_store.save_lobby(lobby)
    await table_store.save_lobby(StoredLobby(71, None, 2, Rules(), (SeatRecord(0, "Bea", 2),)))
    moved = dataclasses.replace(lobby, host_id=3, seats=seats[1:], message_id=555)
    await table_store.save_lobby(moved)
    assert [stored.channel_id for stored in await table_store.open_lobbies()] == [70, 71]
    assert (await table_store.open_lobbies()).rows[0] == moved

    await table_store.create_table(
        guild_id=GUILD, channel_id=70, host_id=3, rules=rules, seed=1, dealer=0, seats=seats
    )
    await table_store.drop_lobby(72)  # none there: nothing happens
    assert [stored.channel_id for stored in await table_store.open_lobbies()] == [71]
    await table_store.drop_lobby(71)
    assert await table_store.open_lobbies() == StoredLobbies(())


async def test_a_finished_table_stays_open_until_closed_and_takes_no_more_actions(
    storage: Storage,
) -> None:
    rules = Rules(play_to="hands", hands_to_play=1)
    game = play_random(rules, seed=4)
    assert game.is_over
    table_id = await start(storage, game, 0)
    await storage.tables.finish_table(table_id, game, stopped=False)
    await storage.tables.finish_table(table_id, game, stopped=False)  # a second time: no-op
    # Still its channel's table (shown over, a rematch offered) until it closes.
    (table,) = await storage.tables.open_tables()
    assert table.finished and table.actions == tuple(game.history)
    with pytest.raises(ValueError, match="has finished"):
        await storage.tables.append_action(table_id, len(game.history) + 1, game.history[0])
    await storage.tables.close_table(table_id)
    await storage.tables.close_table(table_id)  # a second time: no-op
    assert await storage.tables.open_tables() == StoredTables(())
    assert len(await storage.stats.history(GUILD)) == 1


async def test_a_game_stopped_and_closed_at_once_is_recorded_and_gone(storage: Storage) -> None:
    game = play_random(Rules(), seed=4, limit=30)
    table_id = await start(storage, game, 0)
    await storage.tables.finish_table(table_id, game, stopped=True, close=True)
    assert await storage.tables.open_tables() == StoredTables(())
    assert [g.stopped for g in await storage.stats.history(GUILD)] == [True]


async def test_a_rematch_closes_the_game_it_follows_in_its_own_transaction(
    storage: Storage,
) -> None:
    rules = Rules(play_to="hands", hands_to_play=1)
    game = play_random(rules, seed=4)
    first = await start(storage, game, 0)
    await storage.tables.finish_table(first, game, stopped=False)
    second = await new_table(storage.tables, rules=rules, closes=first)
    assert [t.table_id for t in await storage.tables.open_tables()] == [second]


async def test_finishing_an_unfinished_game_as_played_out_is_refused_whole(
    storage: Storage,
) -> None:
    game = play_random(Rules(), seed=4, limit=30)
    table_id = await start(storage, game, 0)
    with pytest.raises(ValueError, match="not over"):
        await storage.tables.finish_table(table_id, game, stopped=False)
    (table,) = await storage.tables.open_tables()
    assert table.actions == tuple(game.history)
    assert await storage.stats.history(GUILD) == []


async def test_guild_rules_are_the_servers_house_rules(storage: Storage) -> None:
    assert await storage.tables.guild_rules(GUILD) is None
    await storage.house_rules.set_option(GUILD, "bag_limit", "5")
    assert await storage.tables.guild_rules(GUILD) == Rules(bag_limit=5)
