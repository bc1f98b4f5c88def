"""The tournament runner over real parts: a SQLite store, the real table manager with real
engine games played out by bots on a manual clock. Nobody touches a tournament after the
sign-ups and the arrivals; it pairs, opens, deals, forfeits, learns results and finishes by
itself, and a runner killed in the middle is replaced by one that goes on."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.competition import tournament as t
from bot.competition.results import Entrant
from bot.competition.swiss import swiss_standings
from bot.i18n import Words
from bot.storage.store import Storage
from bot.tables import TableManager, TableSettings, TableStatus
from bot.tournaments import TournamentRunner
from tests.doubles import ManualClock
from tests.storage.helpers import traces

GUILD, CHANNEL, ORGANISER = 10, 20, 1
NOW = 1_700_000_000.0
START = NOW + 3600


@dataclass
class Venue:
    """The test's stand-in for Discord: channels numbered from 5000, and a record of what
    the channel was told."""

    channels: list[tuple[int, int, int]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    shown: int = 0
    for_moderators: list[str] = field(default_factory=list)  # said to the moderators

    async def open_channel(self, state: t.Tournament, match: t.Match) -> int:
        channel = 5000 + len(self.channels)
        self.channels.append((match.round, match.board, channel))
        return channel

    async def show(self, state: t.Tournament) -> None:
        self.shown += 1

    async def announce(
        self,
        state: t.Tournament,
        words: Words,
        mention: Sequence[int],
        *,
        moderators: bool = False,
    ) -> None:
        self.said.append(words())
        if moderators:
            self.for_moderators.append(words())


@dataclass
class Bot:
    """One process: its manager and runner over the shared store."""

    storage: Storage
    clock: ManualClock
    venue: Venue
    manager: TableManager
    runner: TournamentRunner

    @classmethod
    async def start(
        cls, storage: Storage, clock: ManualClock, venue: Venue, idle_close: float | None = None
    ) -> Bot:
        seeds = iter(range(1, 10_000))
        manager = TableManager(
            storage.tables,
            settings=TableSettings(bot_delay=0, idle_close=idle_close),
            clock=clock,
            seeds=lambda: next(seeds),
        )
        runner = TournamentRunner(
            storage.tournaments, manager, venue, seeds=lambda: 1000 + next(seeds)
        )
        await manager.restore()
        await runner.restore()
        return cls(storage, clock, venue, manager, runner)

    async def advance(self, seconds: float) -> None:
        await self.clock.advance(seconds, settle=self.runner.settle)

    async def stop(self) -> None:
        """As a killed process: nothing is closed or told, tasks just end."""
        await self.runner.aclose()
        await self.manager.aclose()


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "spades.sqlite3")
    yield opened
    await opened.close()


def settings(**extra: object) -> t.Settings:
    values: dict[str, object] = {
        "name": "Tuesday Swiss",
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "organiser_id": ORGANISER,
        "format": t.Format.SWISS,
        "entry": t.Entry.PAIRS,
        "starts_at": START,
        "rounds": 2,
        "hands": 1,
        "check_in_minutes": 30,
        "forfeit_minutes": 60,
        "bot_substitutes": True,
    }
    values.update(extra)
    return t.Settings(**values)  # type: ignore[arg-type]


async def sign_up_pairs(bot: Bot, key: int, pairs: int) -> None:
    for i in range(pairs):
        a, b = 100 + 2 * i, 101 + 2 * i
        first, second = t.Player(a, f"A{a}", 30.0 - i), t.Player(b, f"B{b}", 25.0)
        await bot.runner.command(key, lambda s, p=first, q=second: t.sign_up(s, p, q))
        await bot.runner.command(key, lambda s, u=b: t.accept(s, u))
    await bot.advance(START - 20 * 60 - bot.clock.now())
    for i in range(2 * pairs):
        await bot.runner.command(key, lambda s, u=100 + i: t.check_in(s, u, bot.clock.now()))


async def arrive_all(bot: Bot, key: int) -> None:
    """Everyone of the round in play who has a match waiting says they are there."""
    state = bot.runner.get(key)
    assert state.current is not None
    for match in state.current.matches:
        if match.second is not None and not match.done:
            for user in state.seats(match):
                await bot.runner.arrive(key, user)


async def stored(storage: Storage, key: int) -> t.Tournament:
    from bot.competition.records import from_stored

    found = await storage.tournaments.load(key)
    assert found is not None
    return from_stored(found)


def tables_of(state: t.Tournament) -> list[int]:
    return [m.table_id for r in state.rounds for m in r.matches if m.table_id is not None]


async def test_a_swiss_tournament_runs_itself_from_sign_ups_to_champions(
    storage: Storage,
) -> None:
    venue = Venue()
    bot = await Bot.start(storage, ManualClock(NOW), venue)
    state = await bot.runner.create(settings())
    await sign_up_pairs(bot, state.id, 4)
    # At the start: seeded, round 1 paired, two tables opened with their players seated.
    await bot.advance(START - bot.clock.now())
    state = bot.runner.get(state.id)
    assert state.phase is t.Phase.RUNNING and len(state.rounds) == 1
    assert [c[:2] for c in venue.channels] == [(1, 1), (1, 2)]
    for match in state.rounds[0].matches:
        assert match.channel_id is not None
        table = bot.manager.find(match.channel_id)
        assert table is not None and table.status is TableStatus.LOBBY
        assert [s.user_id if s else None for s in table.seats] == list(state.seats(match))
    await arrive_all(bot, state.id)
    # Members who leave their turns to the timer get a bot; games of one hand end, round 2
    # is paired and opened with nobody's help.
    await bot.advance(30 * 60)
    state = await stored(storage, state.id)
    assert len(state.rounds) == 2 and state.rounds[0].done
    await arrive_all(bot, state.id)
    await bot.advance(30 * 60)

    final = await stored(storage, state.id)
    assert final.phase is t.Phase.FINISHED and final.timers == ()
    assert len(tables_of(final)) == 4
    for table_id in tables_of(final):
        game = await storage.tournaments.finished_game(table_id)
        assert game is not None and game.hands == 1
    standings = t.standings(final)
    assert [line.place for line in standings] == [1, 2, 3, 4]
    assert sum(line.points for line in standings) == 2 * 4
    assert any("Champions" in text for text in venue.said)
    await bot.stop()


async def test_a_no_show_forfeits_and_closes_the_table(storage: Storage) -> None:
    venue = Venue()
    bot = await Bot.start(storage, ManualClock(NOW), venue)
    state = await bot.runner.create(settings(bot_substitutes=False, rounds=1, forfeit_minutes=5))
    await sign_up_pairs(bot, state.id, 2)
    await bot.advance(START - bot.clock.now())
    state = bot.runner.get(state.id)
    [match] = state.rounds[0].matches
    seats = state.seats(match)
    # The first-listed pair comes; one of the other pair does.
    for user in (seats[0], seats[2], seats[1]):
        await bot.runner.arrive(state.id, user)
    await bot.advance(5 * 60)
    final = await stored(storage, state.id)
    [done] = final.rounds[0].matches
    assert done.result is not None and done.result.forfeit and done.result.winner == match.first
    assert final.phase is t.Phase.FINISHED
    assert match.channel_id is not None and bot.manager.find(match.channel_id) is None
    await bot.stop()


async def test_a_runner_killed_in_round_two_is_replaced_and_the_tournament_goes_on(
    storage: Storage,
) -> None:
    venue = Venue()
    clock = ManualClock(NOW)
    bot = await Bot.start(storage, clock, venue)
    state = await bot.runner.create(settings(rounds=3))
    await sign_up_pairs(bot, state.id, 4)
    await bot.advance(START - clock.now())
    await arrive_all(bot, state.id)
    await bot.advance(30 * 60)
    # Round 2 is paired and its tables are open; one match is dealt, the other waits.
    state = bot.runner.get(state.id)
    assert len(state.rounds) == 2
    first = state.rounds[1].matches[0]
    for user in state.seats(first):
        await bot.runner.arrive(state.id, user)
    await bot.stop()

    # The game dealt plays on unheard: it ends while no runner listens.
    again = await Bot.start(storage, clock, venue)
    await again.runner.aclose()
    await again.advance(20 * 60)
    await again.manager.aclose()
    dealt = (await stored(storage, state.id)).match(2, 1)
    assert dealt.table_id is not None and not dealt.done
    ended = await storage.tournaments.finished_game(dealt.table_id)
    assert ended is not None

    third = await Bot.start(storage, clock, venue)
    state = third.runner.get(state.id)
    assert state.match(2, 1).done
    assert [timer.kind for timer in state.timers] == [t.TimerKind.NO_SHOW]
    # The waiting match: one of each pair comes back, and a bot partners each at the
    # no-show timer; then round 3 is paired and played.
    waiting = state.match(2, 2)
    seats = state.seats(waiting)
    for user in seats[:2]:
        await third.runner.arrive(state.id, user)
    await third.advance(60 * 60)
    await arrive_all(third, state.id)
    await third.advance(60 * 60)
    final = await stored(storage, state.id)
    assert final.phase is t.Phase.FINISHED
    assert [len(r.matches) for r in final.rounds] == [2, 2, 2]
    assert all(m.result is not None for r in final.rounds for m in r.matches)
    assert not any(m.result and m.result.forfeit for r in final.rounds for m in r.matches)
    assert len(set(tables_of(final))) == 6
    await third.stop()


async def test_a_duplicate_round_deals_the_same_cards_at_every_table(storage: Storage) -> None:
    bot = await Bot.start(storage, ManualClock(NOW), Venue())
    state = await bot.runner.create(settings(rounds=1, hands=2, duplicate=True))
    await sign_up_pairs(bot, state.id, 4)
    await bot.advance(START - bot.clock.now())
    await arrive_all(bot, state.id)
    await bot.advance(60 * 60)
    final = await stored(storage, state.id)
    assert final.phase is t.Phase.FINISHED
    [played] = final.rounds
    assert played.seed is not None
    games = {g.table_id: g.game_id for g in await storage.stats.history(GUILD)}
    records = [await storage.stats.game(GUILD, games[m.table_id or 0]) for m in played.matches]
    assert all(r is not None and r.seed == played.seed for r in records)
    # The same cards in the same seats, deal by deal, at both tables (the replay also
    # deals the hand after the last, which nobody played)...
    dealt = [[hand.held for hand in r.hands()][:2] for r in records if r is not None]
    assert dealt[0] == dealt[1] and len(dealt[0]) == 2
    # ... where the second table's first pair sits East/West.
    first, second = played.matches
    assert final.seats(first)[0] in final.team(first.first).user_ids
    assert final.seats(second)[0] in final.team(second.second or "").user_ids
    scored = final.duplicate_round(1)
    assert scored is not None and len(scored.deals) == 2
    assert all("% of matchpoints" in line.detail for line in t.standings(final))
    await bot.stop()


async def test_sixteen_pairs_play_four_swiss_rounds_without_a_rematch(storage: Storage) -> None:
    bot = await Bot.start(storage, ManualClock(NOW), Venue())
    state = await bot.runner.create(settings(rounds=4))
    await sign_up_pairs(bot, state.id, 16)
    await bot.advance(START - bot.clock.now())
    for _ in range(4):
        await arrive_all(bot, state.id)
        await bot.advance(30 * 60)
    final = await stored(storage, state.id)
    assert final.phase is t.Phase.FINISHED
    assert [len(r.matches) for r in final.rounds] == [8, 8, 8, 8]
    met = [frozenset((m.first, m.second)) for r in final.rounds for m in r.matches]
    assert len(set(met)) == 32
    assert len(set(tables_of(final))) == 32
    results = [m.result for r in final.rounds for m in r.matches if m.result]
    assert len(results) == 32 and not any(r.forfeit for r in results)
    entrants = [Entrant(x.id, x.rating) for x in final.teams]
    expected = [s.entrant for s in swiss_standings(entrants, results)]
    assert [line.entrant for line in t.standings(final)] == expected
    await bot.stop()


async def test_a_match_table_closed_for_idling_opens_again_when_its_players_come(
    storage: Storage,
) -> None:
    bot = await Bot.start(storage, ManualClock(NOW), Venue(), idle_close=5 * 60)
    state = await bot.runner.create(settings(rounds=1))
    await sign_up_pairs(bot, state.id, 2)
    await bot.advance(START - bot.clock.now())
    [match] = bot.runner.get(state.id).rounds[0].matches
    assert match.channel_id is not None
    await bot.advance(10 * 60)
    assert bot.manager.find(match.channel_id) is None  # the lobby closed, nobody moved
    await arrive_all(bot, state.id)
    table = bot.manager.find(match.channel_id)
    assert table is not None and table.status is TableStatus.PLAYING
    await bot.runner.settle()
    assert bot.runner.get(state.id).match(1, 1).table_id == table.table_id
    await bot.stop()


async def test_a_forgotten_member_drops_out_of_a_running_tournament_and_leaves_no_trace(
    storage: Storage,
) -> None:
    venue = Venue()
    bot = await Bot.start(storage, ManualClock(NOW), venue)
    state = await bot.runner.create(settings())
    # Their pair with a partner, and three others.
    gone, partner = 424_242_424_242, 424_242_424_243
    me, other = t.Player(gone, "Zebedee Gone", 28.0), t.Player(partner, "Partner", 25.0)
    await bot.runner.command(state.id, lambda s: t.sign_up(s, me, other))
    await bot.runner.command(state.id, lambda s: t.accept(s, partner))
    await sign_up_pairs(bot, state.id, 3)
    for user in (gone, partner):
        await bot.runner.command(state.id, lambda s, u=user: t.check_in(s, u, bot.clock.now()))
    await bot.advance(START - bot.clock.now())
    await arrive_all(bot, state.id)
    current = bot.runner.get(state.id)
    [match] = [m for m in current.rounds[0].matches if gone in current.seats(m)]
    # As /spades forgetme does: the tournament is left, then the store forgets.
    async with bot.runner.forgetting(gone) as left:
        await storage.stats.forget_member(gone)
    assert left == 1
    running = bot.runner.get(state.id)
    assert running == await stored(storage, state.id)  # the running state is the stored one
    [pair] = [x for x in running.teams if partner in x.user_ids]
    assert pair.withdrawn and gone not in pair.user_ids and pair.players[0].name == "former member"
    done = running.match(match.round, match.board)
    assert done.result is not None and done.result.forfeit and done.result.winner != pair.id
    assert await traces(storage, gone, "Zebedee Gone") == []
    # The tournament goes on without them, and stores no trace of them again.
    await bot.advance(30 * 60)
    await arrive_all(bot, state.id)
    await bot.advance(30 * 60)
    final = await stored(storage, state.id)
    assert final.phase is t.Phase.FINISHED
    assert all(pair.id not in (m.first, m.second) for m in final.rounds[1].matches)
    assert await traces(storage, gone, "Zebedee Gone") == []
    await bot.stop()
