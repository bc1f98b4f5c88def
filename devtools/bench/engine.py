"""Engine throughput: random full hands through the public API, against OpenSpiel when installed."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import COMPILED, PRESETS, Game, Rules

OPENSPIEL_INSTALL_HINT = "pip install -e '.[bench]'"
ROUND_HANDS = 250


@dataclass(frozen=True, slots=True)
class Throughput:
    """How many hands and player actions one run played, and in how much wall time."""

    label: str
    hands: int
    actions: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else float("inf")


@dataclass(frozen=True, slots=True)
class EngineBench:
    """Our runs (one per rule set) and OpenSpiel's, which is None when pyspiel is missing;
    ``compiled``: whether our hot path ran compiled with mypyc (``bot.engine.COMPILED``)."""

    ours: tuple[Throughput, ...]
    openspiel: Throughput | None
    compiled: bool = COMPILED

    @property
    def ours_total(self) -> Throughput:
        return combined("total", self.ours)

    @property
    def ratio(self) -> float | None:
        """Our hands per second over OpenSpiel's."""
        if self.openspiel is None:
            return None
        return self.ours_total.hands_per_second / self.openspiel.hands_per_second


def combined(label: str, runs: Sequence[Throughput]) -> Throughput:
    """Several runs counted as one."""
    return Throughput(
        label,
        hands=sum(run.hands for run in runs),
        actions=sum(run.actions for run in runs),
        seconds=sum(run.seconds for run in runs),
    )


def play_random_hands(rules: Rules, hands: int, seed: int, label: str) -> Throughput:
    """Play ``hands`` complete hands of uniformly random legal actions.

    A new game starts whenever one ends. Every choice comes from ``random.Random(seed)``, so a
    run is reproducible.
    """
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    game = Game.new(rules, seed=seed)
    for _ in range(hands):
        if game.is_over:
            game = Game.new(rules, seed=rng.getrandbits(63))
        hand = game.hand_number
        while game.hand_number == hand and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    return Throughput(label, hands, actions, time.perf_counter() - start)


def play_openspiel_hands(hands: int, seed: int) -> Throughput | None:
    """Play ``hands`` random hands of OpenSpiel's spades, or return None without pyspiel.

    One OpenSpiel state is one hand. Deals count towards the time but not the actions, as in
    our engine, where dealing is not an action.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    spades = pyspiel.load_game("spades")
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = spades.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action, _probability = rng.choice(state.chance_outcomes())
            else:
                action = rng.choice(state.legal_actions())
                actions += 1
            state.apply_action(action)
    return Throughput("openspiel", hands, actions, time.perf_counter() - start)


def run_engine_bench(
    hands: int, seed: int, preset: str | None = None, all_presets: bool = False
) -> EngineBench:
    """Time ``hands`` random hands of our engine and as many of OpenSpiel's.

    The two engines take turns in rounds of ``ROUND_HANDS`` hands, so a machine that gets
    busier or quieter during the run slows both alike and the ratio stays fair. With
    ``all_presets`` the hands are split evenly over every preset.
    """
    if all_presets:
        tables = [(name, Rules.preset(name)) for name in PRESETS]
    elif preset is not None:
        tables = [(preset, Rules.preset(preset))]
    else:
        tables = [("default rules", Rules())]
    per_table = max(1, hands // len(tables))
    ours: dict[str, list[Throughput]] = {label: [] for label, _ in tables}
    theirs: list[Throughput] = []
    for start in range(0, per_table, ROUND_HANDS):
        count = min(ROUND_HANDS, per_table - start)
        for label, rules in tables:
            ours[label].append(play_random_hands(rules, count, seed + start, label))
        openspiel = play_openspiel_hands(count * len(tables), seed + start)
        if openspiel is not None:
            theirs.append(openspiel)
    return EngineBench(
        tuple(combined(label, runs) for label, runs in ours.items()),
        combined("openspiel", theirs) if theirs else None,
    )


def format_engine_bench(result: EngineBench) -> str:
    """The benchmark as a small table, with the OpenSpiel comparison or how to get it."""
    runs = list(result.ours)
    if len(runs) > 1:
        runs.append(result.ours_total)
    if result.openspiel is not None:
        runs.append(result.openspiel)
    width = max(len(run.label) for run in runs)
    mode = "compiled with mypyc" if result.compiled else "pure Python"
    lines = [f"our engine's hot path: {mode}"]
    lines += [f"{'engine':<{width}}  {'hands':>7}  {'hands/s':>10}  {'actions/s':>11}"]
    lines += [
        f"{run.label:<{width}}  {run.hands:>7}  {run.hands_per_second:>10,.0f}"
        f"  {run.actions_per_second:>11,.0f}"
        for run in runs
    ]
    if result.ratio is None:
        lines.append(f"OpenSpiel is not installed; for the comparison: {OPENSPIEL_INSTALL_HINT}")
    else:
        lines.append(f"ours / OpenSpiel hands/s: {result.ratio:.2f}x")
    return "\n".join(lines)
