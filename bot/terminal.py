"""Play Spades at a terminal prompt against bots: no Discord token needed."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.ai import HeuristicPolicy
from bot.engine import (
    Action,
    Bid,
    CallRenege,
    Card,
    Claim,
    Draw,
    Event,
    Game,
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


def play_terminal(
    preset: str = "classic",
    *,
    seed: int | None = None,
    hands: int | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a game (or ``hands`` hands) as seat 0 against bots; returns an exit status."""
    rules = Rules.preset(preset)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    game = Game.new(rules, seed=seed)
    names = seat_names(rules.players)
    bot = HeuristicPolicy()
    rng = random.Random(seed)
    human = 0
    write(f"Spades, {preset} rules, seed {seed}. Type 'help' for commands.")
    _show(game.initial_events, names, rules, write)
    try:
        while not game.is_over and (hands is None or len(game.results) < hands):
            actor = _next_actor(game, human)
            if actor == human:
                events = _human_turn(game, human, names, bot, rng, read, write)
            else:
                events = game.apply(bot.decide(game.view(actor), rng))
            _show(events, names, rules, write)
    except (Quit, EOFError):
        write("Bye.")
        return 0
    if game.is_over and game.winner is not None:
        winners = " & ".join(names[s] for s in game.teams[game.winner])
        write(f"{winners} win{'s' if len(game.teams[game.winner]) == 1 else ''}!")
    return 0


def _next_actor(game: Game, human: int) -> int:
    """Whose move comes next; during nil passing the human may pass before their turn."""
    if game.phase is Phase.PASS and any(
        isinstance(a, PassCards) for a in game.legal_actions(human)
    ):
        return human
    assert game.to_act is not None
    return game.to_act


def _human_turn(
    game: Game,
    seat: int,
    names: list[str],
    bot: HeuristicPolicy,
    rng: random.Random,
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> list[Event]:
    view = game.view(seat)
    write(table_text(view, names))
    if view.hand is None:
        write("Your cards are face down: bid blind, or 'look'.")
    else:
        write(f"Your hand: {hand_text(view.hand, view.rules)}")
    while True:
        text = read(_prompt(view)).strip()
        word = text.lower()
        if word in ("quit", "exit"):
            raise Quit
        if word in ("help", "?"):
            write(HELP)
            continue
        if word == "table":
            write(table_text(view, names))
            continue
        if word in ("hint", "auto"):
            suggestion = bot.decide(view, rng)
            if word == "hint":
                write(f"Hint: {_describe(suggestion, view)}")
                continue
            return game.apply(suggestion)
        try:
            return game.apply(parse_command(text, view, names))
        except (IllegalAction, ValueError) as error:
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


def _show(
    events: list[Event], names: list[str], rules: Rules, write: Callable[[str], None]
) -> None:
    for event in events:
        line = event_text(event, names, rules)
        if line:
            write(line)
