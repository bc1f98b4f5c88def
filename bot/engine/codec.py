"""JSON round-trips for actions, events, views and hand results."""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints

from bot.engine import actions, events, results, scoring, views
from bot.engine.actions import ACTION_TYPES, Action, PassCards
from bot.engine.cards import Card
from bot.engine.events import (
    EVENT_TYPES,
    ClaimFailed,
    DummyTurned,
    Event,
    GameOver,
    PassingStarted,
    TrickRecord,
    TrickWon,
)
from bot.engine.results import HandResult, SeatOutcome, TeamHandResult
from bot.engine.rules import Rules
from bot.engine.views import SeatView

_TAGGED: dict[str, type] = {cls.__name__: cls for cls in (*ACTION_TYPES, *EVENT_TYPES)}
_NAMESPACE = {
    **vars(actions),
    **vars(events),
    **vars(results),
    **vars(scoring),
    **vars(views),
}


def encode(value: object) -> Any:
    """Plain JSON data for an engine value (dataclasses carry a ``type`` tag)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Rules):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            out[field.name] = encode(getattr(value, field.name))
        return out
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    return value


# The generic and optional fields of the dataclasses in compiled modules (setup.py's
# COMPILED_MODULES: actions.py, events.py, results.py): compiled, a dataclass keeps only the
# bare class of such a field's annotation (``tuple``; ``type`` for an optional one), too
# little to decode by. tests/engine/test_cards_and_codec.py checks this table against the
# annotations in the source, in either mode.
COMPILED_FIELD_HINTS: dict[type, dict[str, Any]] = {
    PassCards: {"cards": tuple[Card, ...]},
    SeatOutcome: {"bid": int | None, "made": bool | None},
    TeamHandResult: {"seats": tuple[int, ...], "made": bool | None, "special": str | None},
    HandResult: {
        "teams": tuple[TeamHandResult, ...],
        "seats": tuple[SeatOutcome, ...],
        "moon_winner": int | None,
    },
    PassingStarted: {"pairs": tuple[tuple[int, int], ...], "count": tuple[int, ...]},
    TrickWon: {"plays": tuple[tuple[int, Card], ...]},
    TrickRecord: {"plays": tuple[tuple[int, Card], ...]},
    ClaimFailed: {"exposed": tuple[Card, ...], "forfeited": tuple[int, ...]},
    DummyTurned: {"cards": tuple[Card, ...]},
    GameOver: {"scores": tuple[int, ...]},
}


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, _NAMESPACE) | COMPILED_FIELD_HINTS.get(cls, {})


def decode(data: Any, hint: Any) -> Any:
    """Rebuild a value of type ``hint`` from ``encode``'s output."""
    origin = get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        if isinstance(data, dict) and data.get("type") in _TAGGED:
            return decode(data, _TAGGED[data["type"]])
        return decode(data, next(o for o in options if o is not type(None)))
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0]) for v in data)
        return tuple(decode(v, a) for v, a in zip(data, args, strict=True))
    if hint is Card:
        return Card.parse(data)
    if hint is Rules:
        return Rules.model_validate(data)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(data)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        # A field added with a default since the data was stored takes its default.
        kwargs = {
            f.name: decode(data[f.name], hints[f.name])
            for f in dataclasses.fields(hint)
            if f.name in data or f.default is dataclasses.MISSING
        }
        return hint(**kwargs)
    return data


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = encode(action)
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    cls = _TAGGED.get(data.get("type", ""))
    if cls is None or cls not in ACTION_TYPES:
        raise ValueError(f"Not an action: {data!r}")
    action: Action = decode(data, cls)
    return action


def event_to_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = encode(event)
    return data


def event_from_json(data: dict[str, Any]) -> Event:
    cls = _TAGGED.get(data.get("type", ""))
    if cls is None or cls not in EVENT_TYPES:
        raise ValueError(f"Not an event: {data!r}")
    event: Event = decode(data, cls)
    return event


def view_to_json(view: SeatView) -> dict[str, Any]:
    data: dict[str, Any] = encode(view)
    return data


def view_from_json(data: dict[str, Any]) -> SeatView:
    view: SeatView = decode(data, SeatView)
    return view
