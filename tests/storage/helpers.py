"""Storing real engine games the way a table does: create, then one append per action."""

from bot.engine import Game
from bot.storage.records import SeatRecord
from bot.storage.store import Storage

GUILD = 10


async def store_game(
    storage: Storage,
    game: Game,
    seats: tuple[SeatRecord, ...],
    *,
    dealer: int = 0,
    guild: int = GUILD,
    channel: int = 70,
) -> int:
    """A table for ``game`` holding every action it has accepted so far; returns its id."""
    table_id = await storage.tables.create_table(
        guild_id=guild,
        channel_id=channel,
        host_id=next((s.user_id for s in seats if s.user_id is not None), None),
        rules=game.rules,
        seed=game.seed,
        dealer=dealer,
        seats=seats,
    )
    for seq, action in enumerate(game.history, 1):
        await storage.tables.append_action(table_id, seq, action)
    return table_id
