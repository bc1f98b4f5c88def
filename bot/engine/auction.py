"""Auction Spades (000:112): a bridge-style auction for the hand's one contract.

Bidding goes round from the dealer's left. A bid of N (at least 1) commits the bidder's
side to take 6 + N tricks; each later bidder raises the bid or passes, and a pass is final.
Once every other player has passed, the last bid is the contract. The seats' bids hold
the auction: ``None`` not yet asked, 0 passed, N the seat's last bid (so the contract's
bidder holds N at the end and every other seat 0). If the first three pass, the dealer
may not pass and bids at least 1 (the seed says only "each player must bid a minimum of 1
trick": a hand nobody bids would go unplayed).

Scoring (000:112, with the Broken Contract rule of 000:172): declarers who take 6 + N
score 10 x N, else nothing; the defenders score 10 for each trick the declarers take over
or fall short of 6 + N.
"""

from __future__ import annotations

from typing import Final

from bot.engine.results import TeamHandResult

# The tricks every contract starts from, and the highest bid (6 + 7 = all 13).
AUCTION_BASE: Final = 6
AUCTION_MOST: Final = 7


def auction_range(bids: list[int | None], seat: int) -> tuple[bool, int]:
    """(may pass, lowest bid) for ``seat``: it must raise the highest bid so far, and may
    not pass when every other seat has passed without a bid."""
    high = max((b for b in bids if b), default=0)
    others_passed = all(b == 0 for s, b in enumerate(bids) if s != seat)
    return not (others_passed and not high), high + 1


def auction_next(bids: list[int | None], seat: int) -> int | None:
    """The seat to act after ``seat``: the next that has not passed; ``None`` when the
    auction is over (a bid stands and every other seat has passed)."""
    n = len(bids)
    live = [s for s in range(n) if bids[s] != 0]
    if len(live) == 1 and bids[live[0]]:
        return None
    for i in range(1, n + 1):
        s = (seat + i) % n
        if bids[s] != 0:
            return s
    return None


def auction_results(
    teams: tuple[tuple[int, ...], ...],
    bids: list[int | None],
    tricks: list[int],
    scores: list[int],
    bags: list[int],
) -> tuple[TeamHandResult, ...]:
    """Each side's result: the declarers' contract and the defenders' points."""
    bid = max(b or 0 for b in bids)
    declarers = next((t for t, seats in enumerate(teams) if any(bids[s] for s in seats)), -1)
    goal = AUCTION_BASE + bid
    took = sum(tricks[s] for s in teams[declarers]) if declarers >= 0 else 0
    made = took >= goal
    out = []
    for t, seats in enumerate(teams):
        side_tricks = sum(tricks[s] for s in seats)
        if t == declarers:
            points, side_bid, side_made = (10 * bid if made else 0), goal, made
        else:
            points, side_bid, side_made = 10 * abs(took - goal), 0, None
        out.append(
            TeamHandResult(
                t,
                seats,
                side_bid,
                0,
                side_tricks,
                side_made,
                points,
                0,
                0,
                0,
                0,
                0,
                None,
                0,
                0,
                points,
                scores[t] + points,
                bags[t],
            )
        )
    return tuple(out)
