"""Two bot processes, each holding one of two shards, on one PostgreSQL database, through the
fake Discord server: each runs the table of the guild on its shard; a DM click (Discord
sends them all to shard 0) for the table the other process runs is forwarded there and
answered; a process killed and started again loses nothing."""

from __future__ import annotations

import asyncio
import secrets
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.health import check_heartbeat
from bot.storage.store import Storage
from devtools.fake_discord import (
    WAIT_SECONDS,
    FakeChannel,
    FakeDiscord,
    FakeUser,
    RecordedMessage,
)
from tests.discord.spades_helpers import (
    action_controls,
    board,
    click_first,
    fresh,
    game_over,
    hands,
    manager,
    one_hand_rules,
    seq_of,
)
from tests.storage.helpers import traces
from tests.storage.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
STARTS_WITHIN = 60.0


@pytest.fixture
async def database(postgres: PostgresServer) -> AsyncIterator[str]:
    """A schema of its own on the session's server, dropped after the test."""
    schema = f"shards_{secrets.token_hex(6)}"
    await admin(postgres, f"CREATE SCHEMA {schema}")
    yield f"{postgres.url()}?search_path={schema}"
    # A connection of its own: the test may have restarted the server meanwhile.
    await admin(postgres, f"DROP SCHEMA {schema} CASCADE")


async def admin(postgres: PostgresServer, sql: str, *args: object) -> object:
    """``sql`` run by the server's superuser; its first value."""
    conn = await asyncpg.connect(postgres.url())
    try:
        return await conn.fetchval(sql, *args)
    finally:
        await conn.close()


class Processes:
    """The child bots, by shard."""

    def __init__(
        self, fake: FakeDiscord, url: str, folder: Path, extensions: str = "cogs.spades"
    ) -> None:
        self.fake, self.url, self.folder = fake, url, folder
        self.extensions = extensions
        self.children: dict[int, subprocess.Popen[str]] = {}

    def heartbeat(self, shard: int) -> Path:
        return self.folder / f"shard{shard}.heartbeat"

    async def start(self, shard: int) -> None:
        address = self.fake.address
        child = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.discord.shard_child",
                address.api_base,
                address.gateway_url,
                address.token,
                self.url,
                str(shard),
                str(self.heartbeat(shard)),
                self.extensions,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.children[shard] = child
        # A generous bound: a new process imports and connects on a machine other jobs load.
        line = await self.said(shard, within=STARTS_WITHIN)
        assert line == "ready", f"the bot for shard {shard} did not start: {line!r}"

    async def said(self, shard: int, within: float = WAIT_SECONDS) -> str:
        """The next line the bot for ``shard`` prints (``ready``, ``relay down``, ``relay
        up``)."""
        out = self.children[shard].stdout
        assert out is not None
        async with asyncio.timeout(within):
            return (await asyncio.to_thread(out.readline)).strip()

    def kill(self, shard: int) -> None:
        child = self.children.pop(shard)
        child.kill()
        child.wait()

    def stop_all(self) -> None:
        for shard in list(self.children):
            self.kill(shard)


@pytest.fixture
def processes(sharded_fake: FakeDiscord, database: str, tmp_path: Path) -> Iterator[Processes]:
    running = Processes(sharded_fake, database, tmp_path)
    try:
        yield running
    finally:
        running.stop_all()


def dm_turn(fake: FakeDiscord, user: FakeUser, after: int) -> RecordedMessage | None:
    """``user``'s DM hand offering actions drawn after table seq ``after``."""
    return next((m.snapshot() for m in reversed(fake.dms(user)) if fresh(m, after)), None)


async def play_in_dms(
    fake: FakeDiscord, users: list[FakeUser], channels: list[FakeChannel], moves: int | None
) -> None:
    """The members click their DM hands' first action, ``moves`` times in all (``None``:
    until every game is over)."""
    last = {user.id: -1 for user in users}
    done = 0

    def turn() -> tuple[FakeUser, RecordedMessage] | bool:
        if all(game_over(fake, channel) for channel in channels):
            return True
        for user in users:
            found = dm_turn(fake, user, last[user.id])
            if found is not None:
                return user, found
        return False

    while moves is None or done < moves:
        found = await fake.wait_for(turn, "a member's turn in a DM, or every game over")
        if found is True:
            return
        assert isinstance(found, tuple)
        user, message = found
        last[user.id] = seq_of(await click_first(fake, user, message))
        done += 1


async def bea_against_bots_on_shard_one(
    processes: Processes,
) -> tuple[FakeChannel, FakeUser, RecordedMessage]:
    """Both processes running; in a guild on shard 1, ``bea`` plays a hand against three
    bots. Returns the channel, her, and her first hand in her DMs."""
    fake = processes.fake
    [one] = fake.add_guild(("one",), shard=1)
    bea = fake.add_user("bea")
    await one_hand_rules(processes.url, one.guild or 0)
    await processes.start(0)
    await processes.start(1)
    await fake.slash(bea, "spades", "new", bots=3, channel=one)
    await fake.slash(bea, "spades", "start", channel=one)
    turn = await fake.wait_for(lambda: dm_turn(fake, bea, -1), "Bea's hand by DM")
    return one, bea, turn


async def at_a_table_on_shard_one(
    processes: Processes,
) -> tuple[FakeChannel, FakeChannel, FakeUser, FakeUser]:
    """Both processes running, guilds on shards 0 and 1; in the one on shard 1 ``zebedee``
    hosts a table where ``bea`` and two bots sit, and its first turn is dealt. Returns the
    channels on shards 0 and 1, zebedee and bea."""
    fake = processes.fake
    [zero] = fake.add_guild(("zero",), shard=0)
    [one] = fake.add_guild(("one",), shard=1)
    gone, bea = fake.add_user("zebedee"), fake.add_user("bea")
    await one_hand_rules(processes.url, zero.guild or 0, one.guild or 0)
    await processes.start(0)
    await processes.start(1)
    await fake.slash(gone, "spades", "new", channel=one)
    await fake.slash(bea, "spades", "join", channel=one)
    await fake.slash(gone, "spades", "start", bots=True, channel=one)
    await fake.wait_for(lambda: dm_turn(fake, bea, -1) or dm_turn(fake, gone, -1), "a turn")
    return zero, one, gone, bea


async def forget_me(fake: FakeDiscord, user: FakeUser, channel: FakeChannel) -> str:
    """``user``'s /spades forgetme in ``channel``, confirmed; the answer (when another
    process takes a moment, it comes as an edit then)."""
    asked = await fake.slash(user, "spades", "forgetme", channel=channel)
    clicked = await fake.click(user, asked.responses[0], "Forget me")
    return await fake.wait_for(
        lambda: clicked.text.startswith("Done") and clicked.text, "the answer to forgetme"
    )


async def test_two_processes_share_the_shards_and_forward_dm_clicks(
    sharded_fake: FakeDiscord, database: str, processes: Processes
) -> None:
    fake = sharded_fake
    [zero] = fake.add_guild(("zero",), shard=0)
    [one] = fake.add_guild(("one",), shard=1)
    ann, bea = fake.add_user("ann"), fake.add_user("bea")
    assert (fake.shard_of(zero.guild), fake.shard_of(one.guild)) == (0, 1)
    await one_hand_rules(database, zero.guild or 0, one.guild or 0)
    await processes.start(0)
    await processes.start(1)
    assert sorted(fake.identified) == [(0, 2), (1, 2)]

    # Each table opens in the process holding its guild's shard; bots fill the seats.
    for user, channel in ((ann, zero), (bea, one)):
        opened = await fake.slash(user, "spades", "new", bots=3, channel=channel)
        assert "earlier moment" not in opened.text
        await fake.slash(user, "spades", "start", channel=channel)
        await fake.wait_for(lambda c=channel: board(fake, c), f"the table in #{channel.name}")

    # Bea's hand comes by DM; her clicks there reach shard 0, whose process does not run
    # her table: it forwards them, and the process holding shard 1 acts on them.
    bea_turn = await fake.wait_for(lambda: dm_turn(fake, bea, -1), "Bea's hand by DM")
    control = action_controls(bea_turn)[0]
    await click_first(fake, bea, bea_turn)
    await fake.wait_for(
        lambda: dm_turn(fake, bea, seq_of(control)) or game_over(fake, one),
        "Bea's table moving on after her forwarded click",
    )
    # The same control again is stale: the owner refuses it through the follow-up.
    again = await fake.click(bea, bea_turn, control["custom_id"])
    refused = await fake.wait_for(
        lambda: again.followups and again.text, "the owner's answer to a stale click"
    )
    assert "earlier moment" in refused or "not your turn" in refused.lower()

    # The process holding shard 1 is killed and started again: Bea's table is restored
    # there, and both hands play out to their ends.
    processes.kill(1)
    # Meanwhile a click on her table, which is still open, hears to try again, not that the
    # game is gone.
    turn = await fake.wait_for(lambda: dm_turn(fake, bea, -1), "Bea's turn in a DM")
    unanswered = await fake.click(bea, turn, action_controls(turn)[0]["custom_id"])
    await fake.wait_for(lambda: unanswered.followups, "the answer to a click nobody took")
    assert "if your move doesn't show in a moment, try again" in unanswered.text
    await processes.start(1)
    await play_in_dms(fake, [ann, bea], [zero, one], moves=None)
    for channel in (zero, one):
        shown = board(fake, channel)
        assert shown is not None and shown.content.startswith("**Game over")
    assert any(m.channel.is_dm for m in hands(fake, bea))


async def test_a_forwarded_dm_click_opens_its_members_free_route_in_the_owning_process(
    sharded_fake: FakeDiscord, processes: Processes
) -> None:
    fake = sharded_fake
    _one, bea, turn = await bea_against_bots_on_shard_one(processes)
    # Bea's click in her DMs reaches shard 0, which answers it and forwards it to the
    # process holding shard 1: that process learns the click's token as her free route.
    control = action_controls(turn)[0]
    clicked = await fake.click(bea, turn, control["custom_id"])
    since = len(fake.requests)
    following = await fake.wait_for(
        lambda: dm_turn(fake, bea, seq_of(control)), "Bea's next turn after her forwarded click"
    )
    # Her next turn rang as a new DM, a follow-up of that click: Discord's global limit did
    # not count it.
    assert following.notifies
    assert following.id in {message.id for message in clicked.followups}
    dm = f"/channels/{fake.dm_channels[bea.id].id}/messages"
    assert ("POST", dm) not in fake.requests[since:]


async def test_forgetme_reaches_a_table_another_process_runs(
    sharded_fake: FakeDiscord, database: str, processes: Processes
) -> None:
    """/spades forgetme in a guild on shard 0 takes the member out of the table in a guild
    on shard 1 through the relay (the process running it stores the bot in their seat),
    and once that game has ended no column of any table holds their id or name."""
    fake = sharded_fake
    zero, one, gone, bea = await at_a_table_on_shard_one(processes)
    done = await forget_me(fake, gone, zero)
    assert done.startswith("Done. You left 1 table (a bot plays your seat"), done
    assert "Nothing the bot keeps holds your name or id now." in done
    shown = await fake.wait_for(
        lambda: (m := board(fake, one)) and "Bot 1 (normal)" in m.content and m,
        "the table showing a bot in their seat",
    )
    assert "zebedee" not in shown.content
    await fake.wait_for(
        lambda: any("zebedee left: a bot plays" in m.content for m in fake.messages(one)),
        "the owner's notice that they left",
    )

    await play_in_dms(fake, [bea], [one], moves=None)
    await forgotten_after_the_game(database, one.guild or 0, gone.id, "zebedee")


async def forgotten_after_the_game(url: str, guild: int, user_id: int, name: str) -> None:
    """Once the process running the guild's table has stored its game (in the background,
    after the game is over): a bot holds seat 1 in it, and no column of any table holds the
    member's id or name."""
    storage = await Storage.open(url)
    try:
        deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
        while not await storage.stats.history(guild):
            assert asyncio.get_running_loop().time() < deadline, "the game was never stored"
            await asyncio.sleep(0.05)
        [game] = await storage.stats.history(guild)
        assert game.seat_names[0] == "Bot 1 (normal)"
        assert await traces(storage, user_id, name) == []
    finally:
        await storage.close()


async def test_forgetme_while_the_process_running_their_table_is_down(
    sharded_fake: FakeDiscord, database: str, processes: Processes
) -> None:
    """Nobody answers for the table on shard 1: the member is told so, the stored seat is
    a bot's, and the table restored there later never shows or stores them again."""
    fake = sharded_fake
    zero, one, gone, bea = await at_a_table_on_shard_one(processes)
    processes.kill(1)
    done = await forget_me(fake, gone, zero)
    assert f"did not answer (<#{one.id}>): its saved seat is a bot's now" in done
    assert "Nothing the bot keeps" not in done

    await processes.start(1)
    await fake.wait_for(
        lambda: (m := board(fake, one)) and "Bot 1 (normal)" in m.content and m,
        "the restored table showing a bot in their seat",
    )
    await play_in_dms(fake, [bea], [one], moves=None)
    await forgotten_after_the_game(database, one.guild or 0, gone.id, "zebedee")


async def end_relay_connection(postgres: PostgresServer, child: subprocess.Popen[str]) -> None:
    """An operator ends the relay's connection of the process ``child`` (``pg_terminate_backend``
    on the server process serving it)."""
    ended = await admin(
        postgres,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        f"spades-bot relay {child.pid}",
    )
    assert ended is True


async def test_dm_clicks_go_through_after_a_lost_relay_connection_and_a_server_restart(
    sharded_fake: FakeDiscord, processes: Processes, postgres: PostgresServer
) -> None:
    fake = sharded_fake
    one, bea, turn = await bea_against_bots_on_shard_one(processes)

    async def click_and_move_on(turn: RecordedMessage) -> RecordedMessage:
        seq = seq_of(await click_first(fake, bea, turn))
        return await fake.wait_for(lambda: dm_turn(fake, bea, seq), "Bea's next turn")

    # An operator ends the relay's connection of the process running Bea's table (shard 1),
    # then of the one forwarding her clicks (shard 0): each connects and listens again by
    # itself, and her next click goes through.
    for shard in (1, 0):
        await end_relay_connection(postgres, processes.children[shard])
        assert await processes.said(shard) == "relay down"
        assert await processes.said(shard) == "relay up"
        turn = await click_and_move_on(turn)

    # The server restarts. While it is down, both processes report their relay down to the
    # health check, and Bea's click is answered "try again" and changes nothing.
    postgres.stop()
    try:
        for shard in (0, 1):
            assert await processes.said(shard) == "relay down"
            verdict = check_heartbeat(processes.heartbeat(shard))
            assert not verdict.healthy and "relay of DM clicks" in verdict.reason
        control = action_controls(turn)[0]
        refused = await fake.click(bea, turn, control["custom_id"])
        await fake.wait_for(lambda: refused.followups, "the refusal")
        assert [m.text for m in refused.followups] == [
            "I can't reach your table just now, so nothing changed: try again in a moment."
        ]
        assert dm_turn(fake, bea, seq_of(control)) is None
    finally:
        postgres.start()
    for shard in (0, 1):
        assert await processes.said(shard) == "relay up"
        assert check_heartbeat(processes.heartbeat(shard)).healthy
    # The same click again goes through, and the game plays to its end.
    await click_and_move_on(turn)
    await play_in_dms(fake, [bea], [one], moves=None)
    shown = board(fake, one)
    assert shown is not None and shown.content.startswith("**Game over")


TOURNAMENTS = "cogs.spades,cogs.tournament"


async def signed_up_in_a_tournament_on_shard_one(
    fake: FakeDiscord, processes: Processes
) -> tuple[FakeChannel, FakeChannel, FakeUser, RecordedMessage]:
    """Both processes with tournaments; a tournament of individuals in a guild on shard 1,
    that ``zebedee`` joined. Returns the channels on shards 0 and 1, them, and the sign-up."""
    processes.extensions = TOURNAMENTS
    [zero] = fake.add_guild(("zero",), shard=0)
    [one] = fake.add_guild(("one",), shard=1)
    ada = manager(fake, "ada")
    gone = fake.add_user("zebedee")
    await processes.start(0)
    await processes.start(1)
    options = {"name": "Cup", "format": "swiss", "entry": "singles", "starts_in": 60}
    await fake.slash(ada, "tournament", "new", channel=one, **options)
    signup = await fake.wait_message(one, lambda m: "Nobody has signed up yet." in m.content)
    joined = await fake.click(gone, signup, "Join")
    assert joined.text == "You are signed up."
    return zero, one, gone, signup


async def test_forgetme_reaches_a_tournament_another_process_runs(
    sharded_fake: FakeDiscord, database: str, processes: Processes
) -> None:
    """/spades forgetme on shard 0 reaches the tournament the process holding shard 1 runs
    through the relay: it drops the member there and erases them from its rows, so that its
    running state, which stores itself whole at every change, never stores them again."""
    fake = sharded_fake
    zero, one, gone, signup = await signed_up_in_a_tournament_on_shard_one(fake, processes)
    done = await forget_me(fake, gone, zero)
    assert "You left 1 tournament, as /tournament drop does." in done, done
    assert "Nothing the bot keeps holds your name or id now." in done
    # The process running it agrees: they are not signed up there any more...
    again = await fake.click(gone, signup, "Leave")
    assert again.text == "You are not signed up for this tournament."
    # ... and a change it stores afterwards stores no trace of them.
    bea = fake.add_user("bea")
    assert (await fake.click(bea, signup, "Join")).text == "You are signed up."
    storage = await Storage.open(database)
    try:
        assert await traces(storage, gone.id, "zebedee") == []
        [stored] = await storage.tournaments.in_guild(one.guild or 0)
        assert [p.name for e in stored.entrants for p in e.players] == ["bea"]
    finally:
        await storage.close()


async def test_forgetme_while_the_process_running_their_tournament_is_down(
    sharded_fake: FakeDiscord, database: str, processes: Processes
) -> None:
    """Nobody answers for the tournament on shard 1: the member is told so; its rows are
    erased of them all the same, and the process restored later runs it without them."""
    fake = sharded_fake
    zero, one, gone, signup = await signed_up_in_a_tournament_on_shard_one(fake, processes)
    processes.kill(1)
    done = await forget_me(fake, gone, zero)
    assert f"A tournament the bot runs elsewhere did not answer (<#{one.id}>)" in done, done
    assert "Nothing the bot keeps" not in done
    await processes.start(1)
    again = await fake.click(gone, signup, "Leave")
    assert again.text == "You are not signed up for this tournament."
