"""Train the held-card model the ``hard`` bot deals by (``bot/ai/holdings.py``).

``python -m bot train --deals 40000 --seed 1`` deals classic hands from seeds, lets a
level's bots bid them through the engine (default ``normal``), and for every seat at every
stage of the bidding (after the first, second, third and fourth bid) records the public
facts the model reads and the 52 cards the seat was dealt. Identical rows of facts are
pooled, and each card's logistic regression is fitted by Newton's method with a small L2
penalty, so a seed gives the same file every time. ``--check-deals`` more deals of another
seed measure it: the mean log-likelihood of every (seat, card) held or not, against the
uniform guess of 13 in 52.
"""

from __future__ import annotations

import io
import math
import random
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bot.ai.holdings import CARDS, FEATURES, MODEL_FILE, PLAYERS, active_features
from bot.ai.levels import policy_for
from bot.engine import Bid, Game, Phase, Rules

# The L2 penalty on each weight (the bias too), per example pooled: keeps the weights of
# rare rows of facts (a bid of 10 third in the bidding) finite.
_L2 = 1.0
_NEWTON_STEPS = 12
Row = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Examples:
    """Pooled rows: each distinct set of active features, how often it was seen, and how
    often each card was held with it."""

    rows: list[Row]
    seen: npt.NDArray[np.float64]  # (rows,)
    held: npt.NDArray[np.float64]  # (rows, 52)


def bid_deals(level: str, deals: int, seed: int) -> Iterator[tuple[int, list[Bid], list[int]]]:
    """For each seeded classic deal: the dealer, the four bids, and each seat's dealt cards
    as a 52-bit mask per seat (packed in a list)."""
    rules = Rules.preset("classic")
    policy = policy_for(level)
    for index in range(deals):
        game_seed = random.Random(f"holdings:{seed}:{index}").getrandbits(63)
        dealer = index % PLAYERS
        game = Game.new(rules, seed=game_seed, dealer=dealer)
        rng = random.Random(game_seed)
        masks = [0] * PLAYERS
        while game.phase is Phase.BID:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.hand is not None and not masks[seat]:
                masks[seat] = sum(1 << c.index for c in view.hand)
            game.apply(policy.decide(view, rng))
        for seat in range(PLAYERS):
            if not masks[seat]:
                hand = game.view(seat).hand
                assert hand is not None
                masks[seat] = sum(1 << c.index for c in hand)
        bids: list[Bid] = []
        for seat in range(PLAYERS):
            bid = game.view(seat).bids[seat]
            assert bid is not None
            bids.append(bid)
        yield dealer, bids, masks


def collect(level: str, deals: int, seed: int, stages: tuple[int, ...] = (1, 2, 3, 4)) -> Examples:
    """Pooled examples of every seat after each bid of ``deals`` deals (``stages``: after
    which bids)."""
    index: dict[Row, int] = {}
    seen: list[float] = []
    held: list[list[float]] = []
    for dealer, bids, masks in bid_deals(level, deals, seed):
        order = [(dealer + 1 + k) % PLAYERS for k in range(PLAYERS)]
        for stage in stages:
            known = tuple(bids[s] if s in order[:stage] else None for s in range(PLAYERS))
            for seat in range(PLAYERS):
                row = active_features(known, dealer, seat)
                i = index.setdefault(row, len(seen))
                if i == len(seen):
                    seen.append(0.0)
                    held.append([0.0] * CARDS)
                seen[i] += 1
                counts = held[i]
                mask = masks[seat]
                for card in range(CARDS):
                    if mask >> card & 1:
                        counts[card] += 1
    return Examples(list(index), np.array(seen), np.array(held))


def _design(rows: list[Row]) -> npt.NDArray[np.float64]:
    x = np.zeros((len(rows), FEATURES))
    for i, row in enumerate(rows):
        x[i, list(row)] = 1.0
    return x


def fit(examples: Examples) -> npt.NDArray[np.float64]:
    """Weights (52, FEATURES): per card, Newton's method on the pooled binomial rows."""
    x = _design(examples.rows)
    n = examples.seen
    weights = np.zeros((CARDS, FEATURES))
    penalty = _L2 * np.eye(FEATURES)
    for card in range(CARDS):
        y = examples.held[:, card]
        w = np.zeros(FEATURES)
        for _ in range(_NEWTON_STEPS):
            p = 1.0 / (1.0 + np.exp(-(x @ w)))
            gradient = x.T @ (y - n * p) - _L2 * w
            hessian = (x * (n * p * (1 - p))[:, None]).T @ x + penalty
            w = w + np.linalg.solve(hessian, gradient)
        weights[card] = w
    return weights


def log_likelihood(weights: npt.NDArray[np.float64], examples: Examples) -> tuple[float, float]:
    """Mean log-likelihood (nats) per (seat, card) of the model and of the uniform 1/4."""
    x = _design(examples.rows)
    p = 1.0 / (1.0 + np.exp(-(x @ weights.T)))
    held, seen = examples.held, examples.seen[:, None]
    model = float((held * np.log(p) + (seen - held) * np.log(1 - p)).sum())
    q = 13 / 52
    uniform = float((held * math.log(q) + (seen - held) * math.log(1 - q)).sum())
    total = float(examples.seen.sum()) * CARDS
    return model / total, uniform / total


def save(weights: npt.NDArray[np.float64], path: Path) -> None:
    """An ``.npz`` of one float64 array, written byte for byte the same for the same weights
    (the zip's entry carries a fixed date)."""
    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(weights, dtype="<f8"))
    info = zipfile.ZipInfo("weights.npy", date_time=(1980, 1, 1, 0, 0, 0))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(info, buffer.getvalue())


def train(level: str, deals: int, seed: int) -> npt.NDArray[np.float64]:
    return fit(collect(level, deals, seed))


def main(level: str, deals: int, seed: int, out: Path | None, checks: tuple[int, str, int]) -> str:
    """Train, write the file, and measure it on held-out deals: ``checks`` is (deals of
    ``level``, the other level, its deals)."""
    weights = train(level, deals, seed)
    path = out or MODEL_FILE
    save(weights, path)
    lines = [f"trained on {deals} deals bid by {level} (seed {seed}): {path}"]
    same, other, other_deals = checks
    held_out_seed = seed + 1_000_003
    for check, count in ((level, same), (other, other_deals)):
        if not count:
            continue
        model, uniform = log_likelihood(weights, collect(check, count, held_out_seed))
        last, last_uniform = log_likelihood(
            weights, collect(check, count, held_out_seed, stages=(PLAYERS,))
        )
        lines.append(
            f"held out, {count} deals bid by {check} (seed {held_out_seed}): "
            f"{model:.4f} nats per (seat, card), uniform {uniform:.4f} "
            f"({(model - uniform) * CARDS:+.3f} a seat's 52 cards); all four bids made: "
            f"{last:.4f}, uniform {last_uniform:.4f} ({(last - last_uniform) * CARDS:+.3f})"
        )
    return "\n".join(lines)
