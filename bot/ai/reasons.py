"""Why a bot did what it did: the reasoning behind one decision, as figures, not words.

A policy that can say why returns a ``Reason`` beside its action (``decide_why``), made from
the same view and the same search results as the action: a search counts, beside each
choice's points, the imagined deals in which it made the contract or set the other side
(``Tally``, about 2 µs a playout). ``bot.render.why`` turns one into words for a given
reader, and its public mode names no card the reader cannot see. A ``Reason`` is plain
picklable data, so it travels back from the search pool's worker with the action.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import orjson

from bot.engine import Action, Card, SeatView, action_from_json, action_to_json
from bot.engine.deck import JUNK, TRUMP, deck_info

# How a decision was made, beyond the heuristic's own rules (see ``heuristic.Rule``).
SEARCH = "search"  # hard's Monte Carlo search chose among the alternatives it weighed
RANDOM = "random"  # easy played a random move
FALLBACK = "fallback"  # the bot failed to decide: the first legal move was played


class Said(str):
    """A bot's sentence: the English text itself (``str(said)``), and what it was made of,
    so that the render layer can say it in the reader's language and letters
    (``bot.render.why.said_text``): ``template``, a message of the catalogs marked where it
    is written, and ``values``, its placeholders' values by name (cards as ``Card``s,
    which only the render layer writes in a language's letters)."""

    template: str
    values: tuple[tuple[str, object], ...]

    def __new__(cls, template: str, **values: object) -> Said:
        english = {name: _english(value) for name, value in values.items()}
        said = super().__new__(cls, template.format(**english))
        said.template = template
        said.values = tuple(values.items())
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its parts, to come back from the search pool's workers whole.
        return (_said, (self.template, self.values))


def _english(value: object) -> object:
    """A placeholder's value as the English sentence shows it: cards as the engine writes
    them, several of them with commas."""
    if isinstance(value, tuple | list):
        return ", ".join(str(item) for item in value)
    return value


def _said(template: str, values: tuple[tuple[str, object], ...]) -> Said:
    return Said(template, **dict(values))


@dataclass(frozen=True, slots=True)
class Weighed:
    """One choice a searching bot weighed, over the deals it imagined: its average points
    (for its side, less the others'), and the shares of those deals in which its side made
    its contract and in which it set another side (``None`` when solved exactly, where only
    the points are known)."""

    action: Action
    points: float
    made: float | None = None
    set: float | None = None


@dataclass(frozen=True, slots=True)
class Reason:
    """What decided one bot move.

    ``rule`` is a heuristic rule (``heuristic.Rule``), ``SEARCH``, ``RANDOM`` or ``FALLBACK``;
    ``words`` is the heuristic's own sentence, which may name the bot's unplayed cards (shown
    only once the hand is over); ``figures`` are the rule's numbers by name (``tricks``: the
    hand's worth as the heuristic counts it; ``need``, ``bags``, ``behind``, ``dangers``);
    ``weighed`` the alternatives a search compared, best first, over ``deals`` imagined
    deals; ``voids`` the suits each seat had shown it lacks, a public fact.
    """

    level: str
    seat: int
    hand_number: int
    action: Action
    rule: str
    words: str = ""
    figures: tuple[tuple[str, float], ...] = ()
    weighed: tuple[Weighed, ...] = ()
    deals: int = 0
    voids: tuple[tuple[int, int], ...] = ()

    def figure(self, name: str, default: float = 0.0) -> float:
        return next((v for k, v in self.figures if k == name), default)


def reason_to_json(reason: Reason) -> str:
    """A ``Reason`` as compact JSON text, as a table stores it beside the bot's action (its
    actions written as the engine's codec writes them)."""
    weighed = [
        [action_to_json(w.action), round(w.points, 2), w.made, w.set] for w in reason.weighed
    ]
    data = {
        "level": reason.level,
        "seat": reason.seat,
        "hand": reason.hand_number,
        "action": action_to_json(reason.action),
        "rule": reason.rule,
        "words": reason.words,
        **_said_to_json(reason.words),
        "figures": [list(figure) for figure in reason.figures],
        "weighed": weighed,
        "deals": reason.deals,
        "voids": [list(void) for void in reason.voids],
    }
    # orjson writes what ``json.dumps(data, separators=(",", ":"), ensure_ascii=False)``
    # writes, in half the time: every bot move stores its reason.
    return orjson.dumps(data).decode()


def _said_to_json(words: str) -> dict[str, object]:
    """A ``Said``'s parts (``{"said": [template, [[name, value], ...]]}``), so that a reason
    read back from the store is said in its reader's language too; cards as
    ``{"card": index}``. Nothing for plain text."""
    if not isinstance(words, Said):
        return {}
    return {"said": [words.template, [[name, _value_to_json(v)] for name, v in words.values]]}


def _value_to_json(value: object) -> object:
    if isinstance(value, Card):
        return {"card": value.index}
    if isinstance(value, tuple | list):
        return [_value_to_json(item) for item in value]
    return value


def _said_from_json(data: Any) -> Said:
    template, values = data
    return Said(str(template), **{str(name): _value_from_json(v) for name, v in values})


def _value_from_json(value: object) -> object:
    if isinstance(value, dict):
        try:
            return Card.of(int(value["card"]))
        except IndexError:
            raise ValueError(f"no card {value!r}") from None
    if isinstance(value, list):
        return tuple(_value_from_json(item) for item in value)
    return value


def reason_from_json(text: str) -> Reason:
    """The ``Reason`` that ``reason_to_json`` wrote; raises ``ValueError`` (or ``KeyError``,
    ``TypeError``) on text it did not write."""
    data = json.loads(text)
    return Reason(
        level=str(data["level"]),
        seat=int(data["seat"]),
        hand_number=int(data["hand"]),
        action=action_from_json(data["action"]),
        rule=str(data["rule"]),
        words=_said_from_json(data["said"]) if "said" in data else str(data["words"]),
        figures=tuple((str(name), float(value)) for name, value in data["figures"]),
        weighed=tuple(
            Weighed(action_from_json(action), float(points), made, beaten)
            for action, points, made, beaten in data["weighed"]
        ),
        deals=int(data["deals"]),
        voids=tuple((int(seat), int(suit)) for seat, suit in data["voids"]),
    )


def hand_reasons(stored: Iterable[str | None], hand: int) -> list[Reason]:
    """The reasons of ``hand`` among a game's ``stored`` ones (``reason_to_json``'s text,
    ``None`` for a move with none), in the order made; one that does not read (another
    version's) is left out."""
    found = []
    for text in stored:
        if text is None:
            continue
        try:
            reason = reason_from_json(text)
        except (ValueError, KeyError, TypeError):
            continue
        if reason.hand_number == hand:
            found.append(reason)
    return found


@runtime_checkable
class Explains(Protocol):
    """A policy that gives the reason for its move with the move."""

    def decide_why(self, view: SeatView, rng: random.Random) -> tuple[Action, Reason]: ...


def shown_voids(view: SeatView) -> tuple[tuple[int, int], ...]:
    """Each (seat, suit) such that the seat has shown it has no card of the suit, by not
    following it (when the rules allow no renege): public, as every seat saw it."""
    if view.rules.allow_renege != "no":
        return ()
    suit_of = deck_info(view.rules.deck, view.rules.players, view.rules.deal_shape).suit_of
    voids: set[tuple[int, int]] = set()
    for whole in [*(record.plays for record in view.tricks), view.trick]:
        # 000:192: junk Jokers led follow nothing; the first other card sets the suit.
        trick = [play for play in whole if suit_of[play[1].index] != JUNK][:1]
        if not trick:
            continue
        led = suit_of[trick[0][1].index]
        for seat, card in whole[whole.index(trick[0]) + 1 :]:
            if suit_of[card.index] != led:
                voids.add((seat, led))
                if view.rules.must_trump == "when_void" and suit_of[card.index] != TRUMP:
                    voids.add((seat, TRUMP))
    return tuple(sorted(voids))


class Tally:
    """Counts, per choice, the weight of imagined deals in which the side made its contract
    and in which it set another side: what a search adds to its averages for a ``Reason``."""

    def __init__(self, view: SeatView) -> None:
        self.teams = view.teams
        self.team = view.team
        self.nil_mode = view.rules.nil_mode == "nil"
        self.made: dict[Action, float] = {}
        self.set: dict[Action, float] = {}
        self.total = 0.0  # the weight of every deal counted
        self.seen: set[Action] = set()  # the choices counted

    def add(
        self, action: Action, bids: Sequence[int | None], taken: Sequence[int], weight: float
    ) -> None:
        """Count one imagined deal played out after ``action``: ``taken`` tricks per seat
        against ``bids``. A side makes its contract when each of its Nil bidders took no
        trick and the others took their bids between them. (Run for every choice on every
        deal, so kept to plain loops: about 3 µs, a percent of a playout.)"""
        made = beaten = False
        nil_mode = self.nil_mode
        for team, seats in enumerate(self.teams):
            need = got = 0
            kept = True
            for seat in seats:
                bid = bids[seat]
                if bid == 0 and nil_mode:
                    kept = kept and not taken[seat]
                else:
                    need += bid or 0
                    got += taken[seat]
            kept = kept and got >= need
            if team == self.team:
                made = kept
            elif not kept:
                beaten = True
        if made:
            self.made[action] = self.made.get(action, 0.0) + weight
        if beaten:
            self.set[action] = self.set.get(action, 0.0) + weight
        self.seen.add(action)

    def weighed(
        self, values: dict[Action, float], total: float, chosen: Action, top: int = 3
    ) -> tuple[Weighed, ...]:
        """The choice made, then the best others by points up to ``top`` in all, with
        their shares of the deals (of weight ``total``)."""
        others = sorted((a for a in values if a != chosen), key=lambda a: -values[a])
        best = ([chosen] if chosen in values else []) + others
        return tuple(
            Weighed(
                a,
                values[a],
                self.made.get(a, 0.0) / total if a in self.seen and total else None,
                self.set.get(a, 0.0) / total if a in self.seen and total else None,
            )
            for a in best[:top]
        )
