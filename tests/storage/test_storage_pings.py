"""Turn pings and hand messages (migration 0006) and closed-DM notices (0007) on SQLite and
PostgreSQL (and in memory): a member's choice of where they hear of their turn, each
member's newest hand message per table, and who was told at a table that their DMs are
closed, all kept across reopening the store."""

from pathlib import Path

from bot.storage.records import HandMessage, TableStore
from bot.storage.store import Storage
from tests.storage.helpers import new_table


async def test_a_members_ping_choice_is_kept_and_changed(table_store: TableStore) -> None:
    assert await table_store.pings(7) is None
    await table_store.set_pings(7, "channel")
    await table_store.set_pings(8, "dm")
    assert await table_store.pings(7) == "channel" and await table_store.pings(8) == "dm"
    await table_store.set_pings(7, "dm")
    assert await table_store.pings(7) == "dm"


async def test_each_members_newest_hand_message_is_kept_per_table(table_store: TableStore) -> None:
    first, second = await new_table(table_store, 70), await new_table(table_store, 71)
    assert await table_store.hand_message(first, 7) is None
    await table_store.set_hand_message(first, 7, HandMessage(100, 3))
    await table_store.set_hand_message(second, 7, HandMessage(200, 1))
    await table_store.set_hand_message(first, 8, HandMessage(300, 4))
    await table_store.set_hand_message(first, 7, HandMessage(101, 9))
    assert await table_store.hand_message(first, 7) == HandMessage(101, 9)
    assert await table_store.hand_message(second, 7) == HandMessage(200, 1)
    assert await table_store.hand_message(first, 8) == HandMessage(300, 4)
    assert await table_store.hand_message(second, 8) is None
    # A closed table's hand messages are never edited again: they are dropped.
    await table_store.close_table(first)
    assert await table_store.hand_message(first, 7) is None
    assert await table_store.hand_message(second, 7) == HandMessage(200, 1)


async def test_choices_and_hand_messages_survive_reopening(location: str | Path) -> None:
    storage = await Storage.open(location)
    try:
        table_id = await new_table(storage.tables)
        await storage.tables.set_pings(7, "channel")
        await storage.tables.set_hand_message(table_id, 7, HandMessage(123, 6))
    finally:
        await storage.close()
    storage = await Storage.open(location)
    try:
        assert await storage.tables.pings(7) == "channel"
        assert await storage.tables.hand_message(table_id, 7) == HandMessage(123, 6)
        # Forgetting a member drops their choice too.
        await storage.stats.forget_member(7)
        assert await storage.tables.pings(7) is None
    finally:
        await storage.close()


async def test_a_closed_dms_notice_is_noted_once_a_table_and_member(
    table_store: TableStore,
) -> None:
    """Migration 0007: who was told, at which table, that their DMs are closed."""
    first, second = await new_table(table_store, 70), await new_table(table_store, 71)
    assert await table_store.tell_dms_closed(first, 7)
    assert not await table_store.tell_dms_closed(first, 7)
    assert await table_store.tell_dms_closed(second, 7)
    assert await table_store.tell_dms_closed(first, 8)
    # A closed table's notes go with it.
    await table_store.close_table(first)
    assert not await table_store.tell_dms_closed(second, 7)
    assert await table_store.tell_dms_closed(first, 7)


async def test_closed_dms_notices_survive_reopening_and_go_with_forgetme(
    location: str | Path,
) -> None:
    storage = await Storage.open(location)
    try:
        table_id = await new_table(storage.tables)
        assert await storage.tables.tell_dms_closed(table_id, 7)
    finally:
        await storage.close()
    storage = await Storage.open(location)
    try:
        assert not await storage.tables.tell_dms_closed(table_id, 7)
        await storage.stats.forget_member(7)
        assert await storage.tables.tell_dms_closed(table_id, 7)
    finally:
        await storage.close()
