"""Play Spades at a terminal prompt against bots, through the same table manager as Discord."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence

from bot.engine import (
    Action,
    Bid,
    CallRenege,
    Card,
    Claim,
    Draw,
    Event,
    IllegalAction,
    PassCards,
    Phase,
    PlayCard,
    RequestRedeal,
    RevealCards,
    Rules,
    SeatView,
)
from bot.render.text import bid_text, event_text, hand_text, seat_names, table_text
from bot.storage.records import MemoryStore
from bot.tables import (
    Member,
    Notice,
    Shown,
    Table,
    TableError,
    TableManager,
    TableSettings,
    TableStatus,
)

# The one person at the terminal, in seat 0; nothing else needs an id.
YOU = 1

HELP = """Commands:
  a card to play it: AS, 10h, QD, BJ        a bid: 3, nil, blind 4, blind nil
  look      look at your cards (no blind bid)  pass AS KH   pass cards to your partner
  keep / drop   keep or refuse the first card offered (two players)
  claim     claim the rest of the tricks       renege N     call a renege on seat N
  redeal    throw in a deficient hand          hint         what the bot would do
  auto      let the bot make this move         table        show the table
  quit      leave the game"""


class Quit(Exception):
    """The player asked to leave."""


def parse_command(text: str, view: SeatView, names: list[str]) -> Action:
    """Turn what the player typed into an action for their seat, or raise ValueError."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("Type a card, a bid, or 'help'.")
    seat = view.seat
    head, rest = words[0], words[1:]
    if head == "look":
        return RevealCards(seat)
    if head == "claim":
        return Claim(seat)
    if head == "redeal":
        return RequestRedeal(seat)
    if head in ("keep", "drop"):
        return Draw(seat, head == "keep")
    if head == "renege":
        lowered = [n.lower() for n in names]
        target = " ".join(rest)
        for i, name in enumerate(lowered):
            if target and (target == str(i + 1) or name.startswith(target)):
                return CallRenege(seat, i)
        raise ValueError("Say who reneged: renege 2, or renege west.")
    if head == "pass":
        return PassCards(seat, tuple(Card.parse(w) for w in rest))
    blind = head == "blind"
    amount = rest[0] if blind and rest else head
    if amount in ("nil", "0") or amount.isdigit():
        return Bid(seat, 0 if amount == "nil" else int(amount), blind)
    if view.phase is Phase.PASS:
        return PassCards(seat, tuple(Card.parse(w) for w in words))
    if view.phase is Phase.BID:
        raise ValueError("Bid a number, 'nil', 'blind 4' or 'blind nil', or 'look'.")
    if view.phase is Phase.DRAW:
        raise ValueError("Type 'keep' to keep the first card offered, or 'drop'.")
    return PlayCard(seat, Card.parse(text))


def _prompt(view: SeatView) -> str:
    rules = view.rules
    legal = view.legal_actions
    if view.phase is Phase.DRAW:
        offer = " and ".join(str(c) for c in view.draw_offer)
        return f"Offered {offer}: keep or drop the first? > "
    if view.phase is Phase.BID:
        options = [bid_text(a, rules) for a in legal if isinstance(a, Bid)]
        if any(isinstance(a, RevealCards) for a in legal):
            options.insert(0, "look")
        return f"Your bid ({', '.join(options)}) > "
    if view.phase is Phase.PASS:
        count = len(next(a for a in legal if isinstance(a, PassCards)).cards)
        return f"Pass {count} card{'s' if count > 1 else ''} to your partner > "
    cards = " ".join(str(a.card) for a in legal if isinstance(a, PlayCard))
    return f"Your card ({cards}) > "


class TerminalPresenter:
    """Prints what happens at the table for the person in ``seat``: every event, every
    notice, and the table and their hand when it is their turn."""

    def __init__(self, write: Callable[[str], None], seat: int = 0) -> None:
        self.write = write
        self.seat = seat

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        for event in events:
            line = event_text(event, table.names, table.rules)
            if line:
                self.write(line)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        view = table.view(seat)
        if seat != self.seat or view.to_act != seat:
            return
        self.write(table_text(view, table.names))
        if view.hand is None:
            self.write("Your cards are face down: bid blind, or 'look'.")
        else:
            self.write(f"Your hand: {hand_text(view.hand, view.rules)}")

    async def notice(self, table: Shown, notice: Notice) -> None:
        self.write(notice.text)


def play_terminal(
    preset: str = "classic",
    *,
    seed: int | None = None,
    hands: int | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a game (or ``hands`` hands) as seat 0 against bots; returns an exit status."""
    return asyncio.run(_play(preset, seed, hands, read, write))


async def _play(
    preset: str,
    seed: int | None,
    hands: int | None,
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> int:
    rules = Rules.preset(preset)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    names = seat_names(rules.players)
    # Nobody else is waiting on this table: no turn timers, no idle closing, no bot delay
    # (the prompt is the pause).
    manager = TableManager(
        MemoryStore(),
        presenters=[TerminalPresenter(write)],
        settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None),
    )
    try:
        table = await manager.open(0, Member(YOU, names[0]), preset=preset)
        for seat in range(1, rules.players):
            await table.add_bot(YOU, seat=seat, name=names[seat])
        write(f"Spades, {preset} rules, seed {seed}. Type 'help' for commands.")
        await table.start(YOU, seed=seed, hands=hands)
        while True:
            await manager.settle()
            if table.status is TableStatus.PLAYING:
                await _your_turn(table, read, write)
            elif table.status is TableStatus.OVER and _yes(read("Rematch? (yes/no) > ")):
                table = await table.rematch(YOU)
            else:
                return 0
    except (Quit, EOFError):
        if table.status is not TableStatus.CLOSED:
            await table.stop(YOU)
        write("Bye.")
        return 0
    finally:
        await manager.aclose()


def _yes(answer: str) -> bool:
    return answer.strip().lower() in ("y", "yes")


async def _your_turn(
    table: Table, read: Callable[[str], str], write: Callable[[str], None]
) -> None:
    """Read commands until one of them moves the game on."""
    view = table.view(0)
    seq = table.seq
    while True:
        text = read(_prompt(view)).strip()
        word = text.lower()
        try:
            if word in ("quit", "exit"):
                raise Quit
            if word in ("help", "?"):
                write(HELP)
            elif word == "table":
                write(table_text(view, table.names))
            elif word == "hint":
                hint = table.hint(YOU)
                write(f"Hint: {_describe(hint.action, view)}. {hint.reason}")
            elif word == "auto":
                await table.autoplay(YOU, seq=seq)
                return
            else:
                await table.act(YOU, parse_command(text, view, table.names), seq=seq)
                return
        except (IllegalAction, ValueError, TableError) as error:
            write(str(error))


def _describe(action: Action, view: SeatView) -> str:
    if isinstance(action, PlayCard):
        return f"play {action.card}"
    if isinstance(action, Bid):
        return f"bid {bid_text(action, view.rules)}"
    if isinstance(action, PassCards):
        return "pass " + " ".join(str(c) for c in action.cards)
    if isinstance(action, Draw):
        return "keep" if action.keep_first else "drop"
    if isinstance(action, RevealCards):
        return "look at your cards"
    return type(action).__name__.lower()
