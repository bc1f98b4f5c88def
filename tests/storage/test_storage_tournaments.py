"""Tournaments (migration 0009) on SQLite and PostgreSQL: a tournament in every state it
passes through is stored and read back whole (entrants, check-ins, rounds, matches with
their tables and results, duplicate seeds and deals, pending timers), also from a store
opened afresh; only live tournaments are restored."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.competition import tournament as t
from bot.competition.records import from_stored, to_stored
from bot.storage.store import Storage
from tests.storage.helpers import GUILD

START = 50_000.0


def a_tournament(tournament_id: int, **extra: object) -> t.Tournament:
    values: dict[str, object] = {
        "name": "Sunday Swiss",
        "guild_id": GUILD,
        "channel_id": 70,
        "organiser_id": 1,
        "format": t.Format.SWISS,
        "entry": t.Entry.PAIRS,
        "starts_at": START,
        "rounds": 3,
        "hands": 2,
        "duplicate": True,
    }
    values.update(extra)
    state = t.new_tournament(tournament_id, t.Settings(**values), 0.0).state  # type: ignore[arg-type]
    for i in range(5):
        a, b = 100 + 2 * i, 101 + 2 * i
        state = t.sign_up(
            state, t.Player(a, f"Ann {a}", 20.5 + i), t.Player(b, f"Bo {b}", 18.0)
        ).state
        state = t.accept(state, b).state
        # The partner checks in first: both are kept, whoever was first.
        state = t.check_in(state, b, START - 60).state
        state = t.check_in(state, a, START - 30).state
    return state


def canonical(state: t.Tournament) -> t.Tournament:
    return replace(state, timers=tuple(sorted(state.timers, key=lambda x: (x.at, x.key))))


async def roundtrip(storage: Storage, state: t.Tournament) -> None:
    await storage.tournaments.save(to_stored(state))
    stored = await storage.tournaments.load(state.id)
    assert stored is not None
    assert from_stored(stored) == canonical(state)


async def new_id(storage: Storage, name: str = "Sunday Swiss") -> int:
    return await storage.tournaments.create(
        guild_id=GUILD, channel_id=70, organiser_id=1, name=name, settings_json="{}"
    )


async def test_a_tournament_is_stored_whole_at_every_step(storage: Storage) -> None:
    key = await new_id(storage)
    state = a_tournament(key)
    # A pending partner, and a member not checked in.
    state = t.sign_up(state, t.Player(300, "Cy", 10.0), t.Player(301, "Di", 11.0)).state
    await roundtrip(storage, state)

    state = t.start(state, START, seed=2**40 + 7).state
    await roundtrip(storage, state)
    first, second, bye = state.rounds[0].matches
    assert bye.second is None and state.rounds[0].seed == 2**40 + 7
    state = t.table_opened(state, 1, 1, 9_000_000_000_000_001).state
    for user in state.seats(first):
        state = t.arrive(state, 1, 1, user).state
    state = t.table_started(state, 1, 1, 44).state
    state = t.arrive(state, 1, 2, state.seats(second)[0]).state
    await roundtrip(storage, state)

    state = t.game_over(state, 44, (130, -40), 0, [(70, -20), (60, -20)]).state
    state = t.no_show(state, 1, 2, START + 600).state
    state = t.pair_round(state, START + 700, seed=12).state
    state = t.pause(state, 1).state
    await roundtrip(storage, state)
    assert state.results and any(r.forfeit for r in state.results)

    state = t.resume(state, 1, START + 900).state
    state = t.drop(state, 100).state
    await roundtrip(storage, state)


async def test_a_store_opened_afresh_restores_live_tournaments_only(
    storage: Storage, location: str | Path
) -> None:
    running_id, cancelled_id, signing_id = [await new_id(storage, n) for n in "abc"]
    running = t.start(a_tournament(running_id), START, seed=3).state
    cancelled = t.cancel(a_tournament(cancelled_id), 1).state
    signing = a_tournament(signing_id, guild_id=GUILD + 1)
    for state in (running, cancelled, signing):
        await storage.tournaments.save(to_stored(state))
    await storage.tournaments.set_message(running_id, 555)
    await storage.tournaments.set_event(running_id, 777)

    # A second process, as after a restart, reads what the first wrote.
    again = await Storage.open(location)
    try:
        live = await again.tournaments.live()
        assert [from_stored(s) for s in live] == [canonical(running), canonical(signing)]
        assert (live[0].message_id, live[0].event_id) == (555, 777)
        assert (live[1].message_id, live[1].event_id) == (None, None)
        mine = await again.tournaments.in_guild(GUILD, live_only=False)
        assert [s.tournament_id for s in mine] == [cancelled_id, running_id]
        assert [s.tournament_id for s in await again.tournaments.in_guild(GUILD)] == [running_id]
        assert await again.tournaments.load(10_000) is None
    finally:
        await again.close()


async def test_a_match_s_table_leads_back_to_its_tournament(storage: Storage) -> None:
    key = await new_id(storage)
    state = t.start(a_tournament(key), START, seed=5).state
    for user in state.seats(state.rounds[0].matches[0]):
        state = t.arrive(state, 1, 1, user).state
    state = t.table_started(state, 1, 1, 44).state
    await storage.tournaments.save(to_stored(state))
    found = await storage.tournaments.of_table(44)
    assert found is not None and from_stored(found) == canonical(state)
    assert await storage.tournaments.of_table(45) is None
    # No game is recorded for that table yet: /history has nothing to number.
    assert await storage.tournaments.game_ids([44, 45]) == {}


async def test_the_live_tournaments_naming_a_member_and_forgetting_them_in_some(
    storage: Storage,
) -> None:
    """What ``/spades forgetme`` asks of the process running a tournament: which live ones
    name the member (playing, or only organising), and the member erased from those only."""
    played, organised, other, over = [await new_id(storage, n) for n in "abcd"]
    tournaments = {
        played: a_tournament(played),
        organised: a_tournament(organised, organiser_id=100, channel_id=71),
        other: a_tournament(other),
        over: t.cancel(a_tournament(over), 1).state,
    }
    for state in tournaments.values():
        await storage.tournaments.save(to_stored(state))
    # Member 10 (an id inside 100's digits) is named nowhere.
    assert await storage.tournaments.holding(10) == []
    held = await storage.tournaments.holding(100)
    assert [(h.tournament_id, h.channel_id, h.entrant) for h in held] == [
        (played, 70, True),
        (organised, 71, True),
        (other, 70, True),
    ]
    # The organiser of two of them, who does not play.
    organiser = [(h.tournament_id, h.entrant) for h in await storage.tournaments.holding(1)]
    assert organiser == [(played, False), (other, False)]

    assert await storage.tournaments.forget(100, "former member", {played, organised}) == 2
    assert [h.tournament_id for h in await storage.tournaments.holding(100)] == [other]
    forgotten = await storage.tournaments.load(organised)
    assert forgotten is not None and forgotten.organiser_id == 0
    names = [p.name for e in forgotten.entrants for p in e.players]
    assert "Ann 100" not in names and "former member" in names
