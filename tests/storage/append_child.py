"""Child process of the crash test: appends real actions until it is killed.

It prints ``<table_id> <seed> <seq>`` after each append has returned, so every line the parent
reads is an action the store had accepted.
"""

import asyncio
import sys

from bot.engine import Rules
from bot.storage.store import Storage
from devtools.bench.storage import play_random, seats_for

ACTIONS_PER_TABLE = 60


async def append_forever(location: str) -> None:
    storage = await Storage.open(location)
    rules = Rules()
    seed = 0
    while True:
        game = play_random(rules, seed, limit=ACTIONS_PER_TABLE)
        table_id = await storage.tables.create_table(
            guild_id=1,
            channel_id=1,
            host_id=1,
            rules=rules,
            seed=seed,
            dealer=0,
            seats=seats_for(rules),
        )
        for seq, action in enumerate(game.history, 1):
            await storage.tables.append_action(table_id, seq, action)
            print(table_id, seed, seq, flush=True)
        seed += 1


if __name__ == "__main__":
    asyncio.run(append_forever(sys.argv[1]))
