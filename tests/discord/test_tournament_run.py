"""Issue 22's target: a 16-pair Swiss tournament of 4 rounds runs itself through the real
client and the fake Discord, in a bot process killed with SIGKILL in the middle of round 2.

After ``/tournament new`` and the sign-ups the organiser does nothing: the 32 members press
I'm here in their match's thread and let every turn run out, so bots play their seats (the
games are one hand each). The bot runs in a child process on a clock the test moves; it
kills itself the moment the store holds half of round 2's results, before anyone is told of
the last, and a new process on the same SQLite file takes over. The tournament finishes,
each of the 32 matches played once, and its standings are those its stored games imply."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

from bot.competition import tournament as t
from bot.competition.records import from_stored
from bot.competition.results import Entrant, MatchResult
from bot.competition.swiss import swiss_standings
from bot.storage.store import Storage
from bot.storage.tournaments import FinishedGame
from devtools.fake_discord import FakeDiscord, RecordedMessage
from tests.discord.tournament_helpers import ONE_ROUND_OF_PAIRS, opened, organiser, pairs_sign_up

ROOT = Path(__file__).resolve().parents[2]
START = 1_700_000_000.0
MENTION = re.compile(r"<@(\d+)>")


class Child:
    """The bot process, and the clock it runs on."""

    def __init__(self, fake: FakeDiscord, database: Path, now: float, moment: str) -> None:
        address = fake.address
        self.now = now
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.discord.tournament_child",
                address.api_base,
                address.gateway_url,
                address.token,
                str(database),
                str(now),
                moment,
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    async def line(self) -> str:
        assert self.process.stdout is not None
        return await asyncio.to_thread(self.process.stdout.readline)

    async def ready(self) -> None:
        line = await self.line()
        assert line.strip() == "ready", f"the child bot did not start: {line!r}"

    async def advance(self, seconds: float) -> bool:
        """Move the child's clock on; False if the process died meanwhile."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"advance {seconds}\n")
        self.process.stdin.flush()
        line = await self.line()
        if not line:
            return False
        self.now = json.loads(line)["at"]
        return True

    def end(self) -> int:
        self.process.kill()
        return self.process.wait()


def pings(fake: FakeDiscord) -> list[RecordedMessage]:
    """Every match's call to its players (the message with I'm here), oldest first."""
    return [
        m
        for thread in fake.threads(fake.channel("general"))
        for m in fake.messages(thread)
        if "I'm here" in str(m.controls())
    ]


async def arrive(fake: FakeDiscord, answered: set[tuple[int, int]]) -> int:
    """Each player pinged to a match presses I'm here once; returns how many pressed."""
    pressed = 0
    for call in pings(fake):
        for user_id in map(int, MENTION.findall(call.content)):
            if (call.id, user_id) not in answered:
                here = await fake.click(fake.users[user_id], call, "I'm here")
                assert "starts once all four are here" in here.text, here.text
                answered.add((call.id, user_id))
                pressed += 1
    return pressed


def played(final: t.Tournament, match: t.Match, game: FinishedGame) -> MatchResult:
    """The match's result as its stored game of one hand says it, worked out afresh."""
    assert match.second is not None and game.hands == 1
    side = final.first_side(match)
    mine, theirs = game.running[0][side], game.running[0][1 - side]
    winner = None if mine == theirs else match.first if mine > theirs else match.second
    return MatchResult.played(match.first, match.second, mine, theirs, winner)


def champions_named(fake: FakeDiscord) -> bool:
    return any("Champions" in m.content for m in fake.messages(fake.channel("general")))


async def test_sixteen_pairs_play_four_swiss_rounds_through_discord_across_a_kill(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ada = organiser(fake)
    members = [fake.add_user(f"P{n:02}") for n in range(32)]
    database = tmp_path / "spades.sqlite3"
    child = Child(fake, database, START, "round-2-half")
    try:
        await child.ready()
        options = ONE_ROUND_OF_PAIRS | {"name": "Sixteen", "rounds": 4}
        signup = await opened(fake, ada, **options)
        await pairs_sign_up(fake, signup, members)
        general = fake.channel("general")
        await fake.wait_message(
            general, lambda m: "P30 & P31" in m.content and "waiting" not in m.content, "16 pairs"
        )

        # From here on only the members move: to their tables, then nothing at all.
        assert await child.advance(30 * 60)
        answered: set[tuple[int, int]] = set()
        killed = False
        for _ in range(12):
            if champions_named(fake):
                break
            # The round's calls are all out once the clock's work is done.
            await arrive(fake, answered)
            if not await child.advance(10 * 60):
                assert child.process.wait() == -9 and not killed
                killed = True
                child = Child(fake, database, child.now, "none")
                await child.ready()
        assert killed
    finally:
        child.end()

    storage = await Storage.open(database)
    try:
        stored = await storage.tournaments.load(1)
        assert stored is not None
        final = from_stored(stored)
        assert final.phase is t.Phase.FINISHED and final.timers == ()
        matches = [m for r in final.rounds for m in r.matches]
        assert [len(r.matches) for r in final.rounds] == [8, 8, 8, 8]
        # Each match played once: its own table and game; no game without a match.
        tables = [m.table_id for m in matches]
        assert None not in tables and len(set(tables)) == 32
        async with storage.db.session() as session:
            rows = await session.fetch_all("SELECT table_id FROM games", ())
        assert sorted(int(r["table_id"]) for r in rows) == sorted(t for t in tables if t)
        assert len(pings(fake)) == 32 and len(answered) == 128
        met = {frozenset((m.first, m.second)) for m in matches}
        assert len(met) == 32  # no rematch
        # The results are the stored games', and the standings are theirs.
        results = []
        for match in matches:
            assert match.table_id is not None
            game = await storage.tournaments.finished_game(match.table_id)
            assert game is not None
            results.append(played(final, match, game))
        assert [m.result for m in matches] == results
        entrants = [Entrant(team.id, team.rating) for team in final.teams]
        expected = swiss_standings(entrants, results)
        lines = t.standings(final)
        assert [(s.entrant, s.points) for s in lines] == [
            (s.entrant, s.match_points) for s in expected
        ]
        # The one board message shows them, the champions first.
        shown = await fake.wait_message(general, lambda m: "1. " in m.content, "the standings")
        names = [final.team(s.entrant).name for s in expected]
        positions = [shown.content.index(f". {name}:") for name in names]
        assert positions == sorted(positions)
        said = [m.content for m in fake.messages(general)]
        for number in range(1, 5):
            assert said.count(f"Round {number} is paired.") == 1
        assert f"Champions: {names[0]}!" in said[-1]
    finally:
        await storage.close()
