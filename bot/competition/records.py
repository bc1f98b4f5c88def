"""A ``Tournament`` as the storage's rows and back (``bot.storage.tournaments``): pure, so
that the round trip is tested without a database and every field is kept."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from bot.competition.results import MatchResult
from bot.competition.tournament import (
    Entry,
    Format,
    Match,
    Phase,
    Player,
    Round,
    Settings,
    Team,
    Timer,
    TimerKind,
    Tournament,
)
from bot.storage.tournaments import (
    StoredEntrant,
    StoredMatch,
    StoredPlayer,
    StoredRound,
    StoredTimer,
    StoredTournament,
)


def settings_json(settings: Settings) -> str:
    return json.dumps(asdict(settings), sort_keys=True)


def settings_from_json(text: str) -> Settings:
    values: dict[str, Any] = json.loads(text)
    values["format"] = Format(values["format"])
    values["entry"] = Entry(values["entry"])
    return Settings(**values)


def _result_json(result: MatchResult | None) -> str | None:
    if result is None:
        return None
    return json.dumps(
        [
            result.first,
            result.second,
            result.first_points,
            result.second_points,
            result.winner,
            result.forfeit,
        ]
    )


def _result_from_json(text: str | None) -> MatchResult | None:
    if text is None:
        return None
    first, second, first_points, second_points, winner, forfeit = json.loads(text)
    return MatchResult(first, second, first_points, second_points, winner, forfeit)


def to_stored(state: Tournament) -> StoredTournament:
    s = state.settings
    return StoredTournament(
        tournament_id=state.id,
        guild_id=s.guild_id,
        channel_id=s.channel_id,
        organiser_id=s.organiser_id,
        name=s.name,
        settings_json=settings_json(s),
        phase=state.phase.value,
        paused=state.paused,
        order_json=json.dumps(list(state.order)),
        sat_out_json=json.dumps(list(state.sat_out)),
        entrants=tuple(
            StoredEntrant(
                tuple(
                    StoredPlayer(p.user_id, p.name, p.rating, p.user_id in team.checked_in)
                    for p in team.players
                ),
                team.accepted,
                team.withdrawn,
                team.key or None,
            )
            for team in state.teams
        ),
        rounds=tuple(
            StoredRound(r.number, r.seed, tuple(_stored_match(m) for m in r.matches))
            for r in state.rounds
        ),
        timers=tuple(StoredTimer(t.kind.value, t.at, t.round, t.board) for t in state.timers),
    )


def _stored_match(m: Match) -> StoredMatch:
    return StoredMatch(
        m.round,
        m.board,
        m.first,
        m.second,
        m.opened_at,
        json.dumps(list(m.arrived)),
        m.started,
        m.table_id,
        m.channel_id,
        _result_json(m.result),
        json.dumps([list(d) for d in m.deals]),
    )


def from_stored(stored: StoredTournament) -> Tournament:
    teams = []
    for entrant in stored.entrants:
        players = tuple(Player(p.user_id, p.name, p.rating) for p in entrant.players)
        checked = tuple(p.user_id for p in entrant.players if p.checked_in)
        key = entrant.entrant_id or ""
        teams.append(Team(players, entrant.accepted, checked, entrant.withdrawn, key))
    rounds = tuple(
        Round(r.number, tuple(_match(m) for m in r.matches), r.seed) for r in stored.rounds
    )
    return Tournament(
        id=stored.tournament_id,
        settings=settings_from_json(stored.settings_json),
        phase=Phase(stored.phase),
        teams=tuple(teams),
        rounds=rounds,
        timers=tuple(Timer(TimerKind(t.kind), t.due, t.round, t.board) for t in stored.timers),
        paused=stored.paused,
        order=tuple(json.loads(stored.order_json)),
        sat_out=tuple(json.loads(stored.sat_out_json)),
    )


def _match(m: StoredMatch) -> Match:
    return Match(
        round=m.round,
        board=m.board,
        first=m.first_id,
        second=m.second_id,
        opened_at=m.opened_at,
        arrived=tuple(json.loads(m.arrived_json)),
        started=m.started,
        channel_id=m.channel_id,
        table_id=m.table_id,
        result=_result_from_json(m.result_json),
        deals=tuple((int(a), int(b)) for a, b in json.loads(m.deals_json)),
    )
