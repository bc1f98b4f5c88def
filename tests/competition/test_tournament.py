"""The tournament state machine: driven with random results, every format finishes with
consistent standings, every round's pairings are the pure pairing functions', and illegal
commands are refused with a reason."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.competition import tournament as t
from bot.competition.elimination import elimination_bracket, next_elimination_round
from bot.competition.results import Entrant, Pairing
from bot.competition.round_robin import round_robin
from bot.competition.swiss import pair_swiss

ORGANISER = 1
START = 10_000.0


def settings_for(fmt: t.Format, **extra: object) -> t.Settings:
    values: dict[str, object] = {
        "name": "Friday cup",
        "guild_id": 5,
        "channel_id": 6,
        "organiser_id": ORGANISER,
        "format": fmt,
        "entry": t.Entry.PAIRS,
        "starts_at": START,
        "rounds": 3 if fmt is t.Format.SWISS else 0,
        "check_in_minutes": 10,
    }
    values.update(extra)
    return t.Settings(**values)  # type: ignore[arg-type]


def player(user_id: int) -> t.Player:
    return t.Player(user_id, f"P{user_id}", 1000.0 + (user_id * 37) % 101)


def signed_up(pairs: int, setting: t.Settings) -> t.Tournament:
    """``pairs`` pairs signed up, accepted and checked in (players 100, 101, 102, ...)."""
    state = t.new_tournament(7, setting, 0.0).state
    for i in range(pairs):
        a, b = 100 + 2 * i, 101 + 2 * i
        state = t.sign_up(state, player(a), player(b)).state
        state = t.accept(state, b).state
        for user in (a, b):
            state = t.check_in(state, user, START - 60).state
    return state


def expected_pairings(state: t.Tournament) -> tuple[Pairing, ...]:
    """The next round as the pure pairing functions give it, worked out here afresh."""
    fmt = state.settings.format
    if fmt is t.Format.SWISS:
        active = [Entrant(x.id, x.rating) for x in state.teams if not x.withdrawn]
        results = [m.result for r in state.rounds for m in r.matches if m.result]
        return pair_swiss(active, results)
    if fmt is t.Format.ROUND_ROBIN:
        everyone = [Entrant(x.id, x.rating) for x in state.teams]
        return round_robin(everyone)[len(state.rounds)]
    if not state.rounds:
        return elimination_bracket([Entrant(x.id, x.rating) for x in state.teams])
    last = state.rounds[-1]
    return next_elimination_round(
        [m.pairing for m in last.matches], [m.result for m in last.matches if m.result]
    )


def run(state: t.Tournament, data: st.DataObject) -> t.Tournament:
    """Drive a started tournament to its end: random arrivals, no-shows, results, drops."""
    table_ids = iter(range(1, 10_000))
    now = START
    for _ in range(200):
        if state.phase is not t.Phase.RUNNING:
            return state
        assert state.current is not None
        if state.current.done:
            if len(state.rounds) == state.total_rounds():
                state = t.pair_round(state, now, seed=0).state
                assert state.phase is t.Phase.FINISHED
                continue
            expected = expected_pairings(state)
            state = t.pair_round(state, now, seed=len(state.rounds)).state
            assert tuple(m.pairing for m in state.rounds[-1].matches) == expected
            continue
        match = next(m for m in state.current.matches if not m.done)
        choice = data.draw(st.sampled_from(["play", "play", "play", "no_show", "drop"]))
        now += 60
        if choice == "drop":
            team = state.team(data.draw(st.sampled_from([match.first, match.second])) or "")
            state = t.drop(state, team.players[0].user_id).state
        elif choice == "no_show":
            comers = data.draw(st.lists(st.sampled_from(state.seats(match)), unique=True))
            for user in comers[:3]:
                state = t.arrive(state, match.round, match.board, user).state
            state = t.no_show(state, match.round, match.board, now).state
        else:
            for user in state.seats(match):
                state = t.arrive(state, match.round, match.board, user).state
        match = state.match(match.round, match.board)
        if match.started and not match.done:
            table = next(table_ids)
            state = t.table_started(state, match.round, match.board, table).state
            scores = data.draw(st.tuples(st.integers(-200, 600), st.integers(-200, 600)))
            winner = 0 if scores[0] >= scores[1] else 1
            state = t.game_over(state, table, scores, winner).state
    raise AssertionError("the tournament did not finish")


def check_finished(state: t.Tournament) -> None:
    assert state.phase is t.Phase.FINISHED
    assert state.timers == ()
    lines = t.standings(state)
    assert sorted(line.entrant for line in lines) == sorted(x.id for x in state.teams)
    places = [line.place for line in lines]
    assert places[0] == 1 and places == sorted(places)
    for number, played in enumerate(state.rounds, start=1):
        assert played.number == number and played.done
        seen = Counter(e for m in played.matches for e in (m.first, m.second) if e)
        assert max(seen.values()) == 1
    if state.settings.format is t.Format.ELIMINATION:
        assert sum(1 for line in lines if line.place == 1) == 1
        assert len(state.rounds) == state.total_rounds()
    else:
        total = sum(line.points for line in lines)
        results = [m.result for r in state.rounds for m in r.matches if m.result]
        assert total == sum(2 for _ in results)
        assert len(state.rounds) == state.total_rounds()


@settings(max_examples=60, deadline=None)
@given(
    fmt=st.sampled_from(list(t.Format)),
    pairs=st.integers(2, 9),
    data=st.data(),
)
def test_a_tournament_with_random_results_finishes_with_consistent_standings(
    fmt: t.Format, pairs: int, data: st.DataObject
) -> None:
    state = signed_up(pairs, settings_for(fmt))
    started = t.start(state, START, seed=1)
    state = started.state
    assert state.phase is t.Phase.RUNNING
    assert [x.id for x in state.teams] == [
        x.id for x in sorted(state.teams, key=lambda x: (-x.rating, x.id))
    ]
    assert tuple(m.pairing for m in state.rounds[0].matches) == expected_pairings(
        replace(state, rounds=())
    )
    check_finished(run(state, data))


@settings(max_examples=30, deadline=None)
@given(pairs=st.integers(2, 6), data=st.data())
def test_a_duplicate_swiss_ranks_by_matchpoints_from_the_same_deals(
    pairs: int, data: st.DataObject
) -> None:
    setting = settings_for(t.Format.SWISS, duplicate=True, hands=2, rounds=2)
    state = t.start(signed_up(pairs * 2, setting), START, seed=99).state
    assert state.rounds[0].seed == 99
    table_ids = iter(range(1, 1000))
    while state.phase is t.Phase.RUNNING:
        assert state.current is not None
        if state.current.done:
            state = t.pair_round(state, START, seed=100 + len(state.rounds)).state
            continue
        match = next(m for m in state.current.matches if not m.done)
        starts = []
        for user in state.seats(match):
            outcome = t.arrive(state, match.round, match.board, user)
            state = outcome.state
            starts += [e for e in outcome.effects if isinstance(e, t.StartTable)]
        assert starts == [t.StartTable(match.round, match.board, state.current.seed, 2)]
        table = next(table_ids)
        state = t.table_started(state, match.round, match.board, table).state
        deals = data.draw(
            st.lists(st.tuples(st.integers(-10, 10), st.integers(-10, 10)), min_size=2, max_size=2)
        )
        scores = (sum(d[0] for d in deals), sum(d[1] for d in deals))
        state = t.game_over(state, table, scores, 0 if scores[0] >= scores[1] else 1, deals).state
    assert state.phase is t.Phase.FINISHED
    lines = t.standings(state)
    assert [line.place for line in lines] == list(range(1, len(lines) + 1))
    for number in (1, 2):
        scored = state.duplicate_round(number)
        assert scored is not None
        for deal in scored.deals:
            # The two pairs at a table share the top between them.
            for row in deal.rows:
                assert row.north_south_matchpoints + row.east_west_matchpoints == deal.top


def test_duplicate_turns_the_seats_at_every_other_table() -> None:
    setting = settings_for(t.Format.SWISS, duplicate=True, hands=1, rounds=1)
    state = t.start(signed_up(4, setting), START, seed=5).state
    first, second = state.current.matches if state.current else ()
    a, b = state.team(first.first).user_ids, state.team(first.second or "").user_ids
    c, d = state.team(second.first).user_ids, state.team(second.second or "").user_ids
    assert state.seats(first) == (a[0], b[0], a[1], b[1])
    assert state.seats(second) == (d[0], c[0], d[1], c[1])
    # Table 1's first pair held North/South and made 5 more; table 2's first pair held
    # East/West and made 3 more on the same cards: each first pair is compared with the
    # other table's second pair, who held its cards.
    state = t.table_started(state, 1, 1, 11).state
    state = t.table_started(state, 1, 2, 12).state
    state = t.game_over(state, 11, (15, 10), 0, [(15, 10)]).state
    state = t.game_over(state, 12, (7, 10), 1, [(7, 10)]).state
    scored = state.duplicate_round(1)
    assert scored is not None
    points = {x.entrant: x.matchpoints for x in scored.totals}
    # North/South: table 1 made +5 (pair A), table 2 made -3 (pair D): A beats D.
    assert points[first.first] == 2 and points[second.second or ""] == 0
    # East/West: table 1 -5 (B), table 2 +3 (C): C beats B.
    assert points[second.first] == 2 and points[first.second or ""] == 0


def test_singles_are_paired_strongest_with_weakest_and_an_odd_one_sits_out() -> None:
    setting = settings_for(t.Format.SWISS, entry=t.Entry.SINGLES, check_in_minutes=0)
    state = t.new_tournament(1, setting, 0.0).state
    for user, rating in [(11, 1500.0), (12, 1200.0), (13, 900.0), (14, 1400.0), (15, 800.0)]:
        state = t.sign_up(state, t.Player(user, f"P{user}", rating)).state
    outcome = t.start(state, START, seed=3)
    # Seeded by the pair's mean rating: 1300, then 1200.
    assert [x.user_ids for x in outcome.state.teams] == [(14, 12), (11, 13)]
    assert outcome.state.sat_out == (15,)
    assert any(isinstance(e, t.Announce) and e.mention == (15,) for e in outcome.effects)


def test_too_few_entrants_cancel_the_tournament_at_the_start() -> None:
    state = signed_up(1, settings_for(t.Format.SWISS))
    outcome = t.start(state, START, seed=1)
    assert outcome.state.phase is t.Phase.CANCELLED


def test_who_did_not_check_in_or_accept_is_out_at_the_start() -> None:
    state = signed_up(3, settings_for(t.Format.ROUND_ROBIN))
    state = t.sign_up(state, player(300), player(301)).state  # never accepted
    state = t.sign_up(state, player(302), player(303)).state
    state = t.accept(state, 303).state
    state = t.check_in(state, 302, START - 10).state  # only one of the pair checked in
    state = t.start(state, START, seed=1).state
    assert sorted(x.user_ids for x in state.teams) == [(100, 101), (102, 103), (104, 105)]


def test_a_no_show_forfeits_and_bots_sit_in_when_allowed() -> None:
    state = t.start(signed_up(2, settings_for(t.Format.SWISS)), START, seed=1).state
    match = state.rounds[0].matches[0]
    seats = state.seats(match)
    timer = state.timers[0]
    assert timer == t.Timer(t.TimerKind.NO_SHOW, START + 600, 1, 1)
    for user in (seats[0], seats[2], seats[1]):
        state = t.arrive(state, 1, 1, user).state
    outcome = t.fire(state, timer, timer.at, seed=2)
    done = outcome.state.match(1, 1)
    assert done.result is not None and done.result.forfeit
    assert done.result.winner == match.first
    assert t.CloseTable(1, 1) in outcome.effects and t.PairNext() in outcome.effects

    subs = t.start(signed_up(2, settings_for(t.Format.SWISS, bot_substitutes=True)), START, 1)
    state = subs.state
    # A bot partners whoever came, one from each pair...
    for user in (seats[0], seats[1]):
        state = t.arrive(state, 1, 1, user).state
    outcome = t.fire(state, state.timers[0], START + 600, seed=2)
    assert t.StartTable(1, 1, None, None) in outcome.effects
    assert outcome.state.match(1, 1).started and outcome.state.timers == ()
    # ... but does not play for a whole pair.
    state = t.arrive(subs.state, 1, 1, seats[1]).state
    outcome = t.fire(state, state.timers[0], START + 600, seed=2)
    done = outcome.state.match(1, 1)
    assert done.result is not None and done.result.forfeit and done.result.winner == match.second


def test_pause_holds_the_next_round_and_resume_pairs_it() -> None:
    state = t.start(signed_up(2, settings_for(t.Format.SWISS)), START, seed=1).state
    state = t.pause(state, ORGANISER).state
    assert state.paused and state.timers == ()
    for user in state.seats(state.rounds[0].matches[0]):
        state = t.arrive(state, 1, 1, user).state
    assert not state.match(1, 1).started
    with pytest.raises(t.TournamentError, match="paused"):
        t.pair_round(state, START, 2)
    outcome = t.resume(state, ORGANISER, START + 5)
    assert t.StartTable(1, 1, None, None) in outcome.effects
    state = t.table_started(outcome.state, 1, 1, 50).state
    state = t.pause(state, ORGANISER).state
    outcome = t.game_over(state, 50, (300, 100), 0)
    assert t.PairNext() not in outcome.effects
    assert t.PairNext() in t.resume(outcome.state, ORGANISER, START).effects


def test_settle_and_remove_during_play() -> None:
    state = t.start(signed_up(4, settings_for(t.Format.ELIMINATION)), START, seed=1).state
    top, other = state.rounds[0].matches
    outcome = t.settle(state, ORGANISER, 1, 1, top.second, 100, 200)
    assert outcome.state.match(1, 1).result is not None
    assert t.CloseTable(1, 1) in outcome.effects
    outcome = t.remove(outcome.state, ORGANISER, other.first)
    assert outcome.state.team(other.first).withdrawn
    assert outcome.state.match(1, 2).result is not None
    assert t.PairNext() in outcome.effects
    final = t.pair_round(outcome.state, START, 2).state.rounds[1].matches
    assert [m.pairing for m in final] == [Pairing(top.second or "", other.second)]


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (lambda s: t.sign_up(s, player(100), player(5)), "already signed up"),
        (lambda s: t.sign_up(s, player(5)), "for pairs"),
        (lambda s: t.sign_up(s, player(5), player(5)), "someone else"),
        (lambda s: t.accept(s, 5), "Nobody has asked"),
        (lambda s: t.leave(s, 5), "not signed up"),
        (lambda s: t.check_in(s, 100, START - 3600), "opens 10 minutes"),
        (lambda s: t.check_in(s, 100, START - 60), "already checked in"),
        (lambda s: t.pause(s, 100), "organiser"),
        (lambda s: t.pause(s, ORGANISER), "not running"),
        (lambda s: t.remove(s, 100, "100-101"), "organiser"),
        (lambda s: t.cancel(s, 5), "organiser"),
    ],
)
def test_illegal_commands_before_the_start_are_refused(command: object, reason: str) -> None:
    state = signed_up(2, settings_for(t.Format.SWISS))
    with pytest.raises(t.TournamentError, match=reason):
        command(state)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (lambda s: t.sign_up(s, player(900), player(901)), "closed"),
        (lambda s: t.arrive(s, 1, 1, 900), "do not play"),
        (lambda s: t.arrive(s, 3, 1, 100), "no such match"),
        (lambda s: t.settle(s, ORGANISER, 1, 1, "nobody"), "one of the two"),
        (lambda s: t.settle(s, ORGANISER, 2, 1, None), "round in play"),
        (lambda s: t.resume(s, ORGANISER, START), "not paused"),
        (lambda s: t.pair_round(s, START, 1), "still has matches"),
        (lambda s: t.game_over(s, 77, (1, 2), 1), "not a match"),
        (lambda s: t.drop(s, 900), "not signed up"),
    ],
)
def test_illegal_commands_in_play_are_refused(command: object, reason: str) -> None:
    state = t.start(signed_up(4, settings_for(t.Format.SWISS)), START, seed=1).state
    with pytest.raises(t.TournamentError, match=reason):
        command(state)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"rounds": 0}, "1 to 20 rounds"),
        ({"preset": "nonesuch"}, "no preset"),
        ({"preset": "cutthroat4"}, "four players"),
        ({"duplicate": True}, "number of hands"),
        ({"format": t.Format.ELIMINATION, "duplicate": True, "hands": 3}, "Swiss or round"),
        ({"starts_at": -5.0}, "future"),
    ],
)
def test_settings_that_cannot_run_are_refused(changes: dict[str, object], reason: str) -> None:
    with pytest.raises(t.TournamentError, match=reason):
        t.new_tournament(1, replace(settings_for(t.Format.SWISS), **changes), 0.0)  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(
    commands=st.lists(
        st.tuples(
            st.sampled_from(["sign_up", "accept", "leave", "check_in", "drop", "cancel", "pause"]),
            st.integers(1, 6),
            st.integers(1, 6),
        ),
        max_size=25,
    )
)
def test_any_command_either_works_or_is_refused_with_a_reason(
    commands: list[tuple[str, int, int]],
) -> None:
    state = t.new_tournament(1, settings_for(t.Format.SWISS), 0.0).state
    for name, user, other in commands:
        before = state
        try:
            if name == "sign_up":
                state = t.sign_up(state, player(user), player(other)).state
            elif name == "accept":
                state = t.accept(state, user).state
            elif name == "leave":
                state = t.leave(state, user).state
            elif name == "check_in":
                state = t.check_in(state, user, START - 60 * other).state
            elif name == "drop":
                state = t.drop(state, user).state
            elif name == "cancel":
                state = t.cancel(state, user).state
            else:
                state = t.pause(state, user).state
        except t.TournamentError as refused:
            assert str(refused).strip() and state is before
        users = [u for x in state.teams for u in x.user_ids]
        assert len(users) == len(set(users))
