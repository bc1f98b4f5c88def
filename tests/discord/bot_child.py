"""Child process of the kill tests: the bot on a SQLite file, against the fake Discord server
of the parent process, that kills itself (SIGKILL) at the moment a test names.

``python -m tests.discord.bot_child API GATEWAY TOKEN DATABASE MOMENT`` where MOMENT is
``after-last-card`` (the game's last card is stored, nobody has been shown it, its result
is not stored) or ``after-finish`` (the game's result is stored). It prints ``ready`` once
connected.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl

from bot.client import SpadesBot
from bot.config import Settings
from bot.engine import Action, Game
from bot.storage.store import Storage
from bot.tables import TableSettings
from devtools.fake_discord import FakeAddress, running


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


async def serve(address: FakeAddress, database: Path, moment: str) -> None:
    discord.http.Route.BASE = address.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(address.gateway_url)
    storage = await Storage.open(database)
    tables = storage.tables
    append, finish = tables.append_action, tables.finish_table

    async def append_then_die(
        table_id: int, seq: int, action: Action, reason: str | None = None
    ) -> None:
        await append(table_id, seq, action, reason)
        if moment == "after-last-card":
            (stored,) = [t for t in await tables.open_tables() if t.table_id == table_id]
            game = Game.replay(stored.rules, seed=stored.seed, actions=stored.actions)
            if game.is_over:
                die()

    async def finish_then_die(
        table_id: int, game: Game, *, stopped: bool, close: bool = False
    ) -> None:
        await finish(table_id, game, stopped=stopped, close=close)
        die()

    tables.append_action = append_then_die  # type: ignore[method-assign]
    if moment == "after-finish":
        tables.finish_table = finish_then_die  # type: ignore[method-assign]
    bot = SpadesBot(
        Settings(_env_file=None),  # type: ignore[call-arg]
        storage=storage,
        table_settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None),
        edit_interval=0,
        edit_delay=0,
        request_rate=None,
        seeds=itertools.count(1),
        extensions=["cogs.spades"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
        card_emojis=False,
    )
    async with running(bot, address):
        print("ready", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    api, gateway, token, database, moment = sys.argv[1:]
    asyncio.run(serve(FakeAddress(api, gateway, token), Path(database), moment))
