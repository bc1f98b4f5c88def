"""End Winning Streak (000:153): who scores the bonus for the hand's last tricks.

"If one player wins last three tricks of the round, it is worth either 3 points or 30. Some
varieties include awarding points for winning the last four or five tricks with same point
gauge. If this rule is enforced, and an opposing team ends a possible streak by taking the
last trick, the points may be awarded to that team instead of the team who had the streak."
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.tricks import NOBODY

_LABELS = {3: "last three tricks", 4: "last four tricks", 5: "last five tricks"}


def end_streak(
    winners: Sequence[int], length: int, breaker: bool, side_of: Sequence[int]
) -> tuple[int, str] | None:
    """(seat, label) of the seat whose side scores the bonus, or ``None``.

    ``winners``: the seat that won each trick of the hand in order (``NOBODY`` for a trick
    won by nobody); ``side_of[seat]``: the seat's side. A seat that won each of the last
    ``length`` tricks scores it. With ``breaker``, a seat that takes the last trick after
    one player of another side won the ``length - 1`` tricks before it scores it instead.
    """
    if len(winners) < length:
        return None
    last = winners[-1]
    before = set(winners[-length:-1])
    if len(before) != 1 or NOBODY in before or last == NOBODY:
        return None
    runner = before.pop()
    if runner == last:
        return last, _LABELS[length]
    if breaker and side_of[runner] != side_of[last]:
        return last, "streak broken"
    return None
