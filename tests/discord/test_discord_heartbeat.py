"""The heartbeat of a real SpadesBot on the fake Discord: touched while the gateway connection
is up, read by ``python -m bot health``, gone once the bot closes."""

import asyncio
import os
import sys
import time
from pathlib import Path

from bot.health import check_heartbeat
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import make_bot

PROJECT_ROOT = Path(__file__).resolve().parents[2]


async def health_in_a_child(heartbeat: Path) -> tuple[int, str]:
    """``python -m bot health`` as a container runs it: its status and its one line."""
    env = os.environ | {
        "HEARTBEAT_PATH": str(heartbeat),
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")])
        ),
    }
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "health",
        cwd=heartbeat.parent,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await child.communicate()
    assert child.returncode is not None
    return child.returncode, out.decode()


async def test_a_connected_bot_is_healthy_and_a_closed_one_is_not(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    heartbeat = tmp_path / "heartbeat"
    # Left by an earlier run an hour ago: it must not vouch for this one.
    heartbeat.touch()
    an_hour_ago = time.time() - 3600
    os.utime(heartbeat, (an_hour_ago, an_hour_ago))
    bot = make_bot(fake, heartbeat=heartbeat)
    async with running(bot, fake):
        await fake.wait_for(lambda: check_heartbeat(heartbeat).healthy, "a fresh heartbeat")
        status, line = await health_in_a_child(heartbeat)
        assert status == 0 and "connected to Discord" in line, line
    assert not heartbeat.exists()
    assert bot.heartbeat is not None and not bot.heartbeat.beat()
    verdict = check_heartbeat(heartbeat)
    assert not verdict.healthy and "No heartbeat" in verdict.reason


async def test_no_heartbeat_before_the_gateway_connection(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Logged in (start-up has run) but not connected to the gateway: nothing to vouch for."""
    heartbeat = tmp_path / "heartbeat"
    bot = make_bot(fake, heartbeat=heartbeat)
    await bot.login(fake.token)
    try:
        assert bot.heartbeat is not None and not bot.heartbeat.beat()
        assert not heartbeat.exists()
    finally:
        await bot.close()
