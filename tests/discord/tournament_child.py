"""Child process of the long tournament test: the bot with tournaments on a SQLite file,
against the fake Discord server of the parent process, on a clock the parent moves, that
kills itself (SIGKILL) at the moment the parent names.

``python -m tests.discord.tournament_child API GATEWAY TOKEN DATABASE NOW MOMENT`` starts its
clock at NOW (Unix seconds) and prints ``ready`` once connected. Each line ``advance
SECONDS`` on its standard input moves the clock on, letting tables, bots and tournaments
finish what falls due, and is answered ``at NOW``. MOMENT is ``none`` or ``round-2-half``:
the process dies as soon as the store holds half of round 2's results, before anyone is told
of the last of them.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl

from bot.client import SpadesBot
from bot.config import Settings
from bot.storage.store import Storage
from bot.storage.tournaments import StoredTournament
from bot.tables import TableSettings
from bot.tournaments import TournamentRunner
from devtools.fake_discord import FakeAddress, running
from tests.doubles import ManualClock


def half_of_round_two(stored: StoredTournament) -> bool:
    if len(stored.rounds) < 2:
        return False
    matches = stored.rounds[1].matches
    done = sum(1 for m in matches if m.result_json is not None)
    return done == len(matches) // 2


async def serve(address: FakeAddress, database: Path, now: float, moment: str) -> None:
    discord.http.Route.BASE = address.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(address.gateway_url)
    storage = await Storage.open(database)
    tournaments = storage.tournaments
    save = tournaments.save

    async def save_then_die(stored: StoredTournament) -> None:
        await save(stored)
        if half_of_round_two(stored):
            os.kill(os.getpid(), signal.SIGKILL)

    if moment == "round-2-half":
        tournaments.save = save_then_die  # type: ignore[method-assign]
    clock = ManualClock(now)
    bot = SpadesBot(
        Settings(_env_file=None),  # type: ignore[call-arg]
        storage=storage,
        table_settings=TableSettings(bot_delay=0, turn_timers=True, idle_close=None),
        clock=clock,
        request_rate=None,
        seeds=itertools.count(1 + 1000 * int(moment == "none")),
        extensions=["cogs.spades", "cogs.tournament"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
        card_emojis=False,
    )
    async with running(bot, address):
        run = getattr(bot.get_cog("TournamentCog"), "runner")  # noqa: B009
        assert isinstance(run, TournamentRunner)
        print("ready", flush=True)
        while line := await asyncio.to_thread(sys.stdin.readline):
            command, seconds = line.split()
            assert command == "advance", line
            await clock.advance(float(seconds), run.settle)
            print(json.dumps({"at": clock.now()}), flush=True)


if __name__ == "__main__":
    api, gateway, token, database, now, moment = sys.argv[1:]
    asyncio.run(serve(FakeAddress(api, gateway, token), Path(database), float(now), moment))
