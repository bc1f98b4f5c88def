"""``python -m bot transcript``: the same moments of one seeded game in several languages,
as the bot words them for Discord (the README's transcript is this command's output).

A member plays a one-hand game against three bots (an ``easy`` one, two ``normal``) at a
real table (``bot.tables``, the engine, the bots); at four moments the script keeps what
the bot would show, and then words each in every language asked for, through the Discord
adapter's own renderers: the table message at the member's first bid, their DM with the
hand, the refusal of a card played while bidding is under way, and the table message with
the final score.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.engine import Bid, IllegalAction, PlayCard, SeatView
from bot.i18n import use_locale
from bot.render.refusals import refusal_text
from bot.storage.records import MemoryStore
from bot.tables import (
    Member,
    Table,
    TableManager,
    TableSettings,
    TableSnapshot,
    TableStatus,
)
from cogs._board import board_text, hand_message

MEMBER = Member(1, "Ana")


@dataclass(frozen=True, slots=True)
class Moments:
    """What the game showed at each moment, kept to be worded in any language."""

    dealt: TableSnapshot
    hand: SeatView
    names: Callable[[], list[str]]
    refusal: IllegalAction
    final: Callable[[], str]


async def play(seed: int) -> Moments:
    """Play the seeded one-hand game, the member taking the hint's move each time."""
    manager = TableManager(
        MemoryStore(),
        presenters=[],
        settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None),
    )
    try:
        table = await manager.open(0, MEMBER, preset="classic")
        for seat, level in ((1, "easy"), (2, "normal"), (3, "normal")):
            await table.add_bot(MEMBER.id, level, seat=seat)
        await table.start(MEMBER.id, seed=seed, hands=1)
        await manager.settle()
        dealt, hand = table.snapshot(), table.view(0)
        refusal = await _refused(table, hand)
        while table.status is TableStatus.PLAYING:
            await table.act(MEMBER.id, table.hint(MEMBER.id).action, seq=table.seq)
            await manager.settle()
        over = table.snapshot()
        return Moments(
            dealt, hand, lambda: table.names, refusal, lambda: board_text(over, table.close_reason)
        )
    finally:
        await manager.aclose()


async def _refused(table: Table, view: SeatView) -> IllegalAction:
    """What the member is told when they play a card while bidding is under way."""
    assert view.hand is not None and any(isinstance(a, Bid) for a in view.legal_actions)
    try:
        await table.act(MEMBER.id, PlayCard(0, view.hand[0]), seq=table.seq)
    except IllegalAction as refusal:
        return refusal
    raise AssertionError("a card was accepted while bidding")


def transcript(moments: Moments, languages: Sequence[str]) -> str:
    """Each moment in each of ``languages`` (Discord's codes), one after the other."""
    out: list[str] = []
    for language in languages:
        with use_locale(language):
            out += [
                f"=== {language} ===",
                "--- the table message, at the member's first bid ---",
                board_text(moments.dealt),
                "--- the member's DM with their hand ---",
                hand_message(moments.hand, moments.names()),
                "--- a card played while bidding is under way ---",
                refusal_text(moments.refusal),
                "--- the table message at the end ---",
                moments.final(),
                "",
            ]
    return "\n".join(out)


def main(seed: int, languages: Sequence[str]) -> int:
    print(transcript(asyncio.run(play(seed)), languages))
    return 0
