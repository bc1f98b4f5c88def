"""Buttons and selects: a seat's legal actions laid out as controls, and the click router.

Every control's custom id is ``spades:<table>:<seq>:<code>``: the table, the table's action
count when the control was drawn, and the action's code (``cogs._codes``). The ids alone
find the table after a restart, and a click whose ``seq`` is no longer current is refused,
so a stale or double click never acts twice. Controls are ``DynamicItem``s, so a button on
any old message or DM is routed without keeping views in memory.

A lobby is not stored, so it has no table id yet: its buttons carry ``LOBBY_TABLE`` and
the click finds the lobby by the channel and the table message it was on.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.ai.levels import LEVELS
from bot.engine import Action, CallRenege, Card, Draw, PassCards, PlayCard, SeatView
from bot.i18n import N_, _, ngettext
from bot.render.text import hand_order
from bot.render.words import card_text
from cogs._answer import keep_in_time, release
from cogs._codes import JOIN_CODE, LEAVE_CODE, START_CODE, action_code, action_label, bot_code
from cogs._errors import answer_error
from cogs._names import plain_name

MAX_ROWS = 5
ROW_WIDTH = 5
MAX_OPTIONS = 25
HAND_CODE = "hand"  # "My hand": not an action, works at any seq
REMATCH_CODE = "rematch"  # after the game: a new game with the same seats
WHY_CODE = "why"  # "Why?": why the last bot moved, only to the clicker; works at any seq
PASS_CODE = "pass"  # the nil-passing select: its values are card codes
PICK_CODE = "pick"  # a select of actions: its values are action codes
LOBBY_TABLE = 0  # the table id in a lobby button's custom id (store ids start at 1)
ID_PREFIX = r"spades:(?P<table>\d+):(?P<seq>\d+):"
BUTTON_PATTERN = ID_PREFIX + r"(?P<code>(?!pick$|pass$)[A-Za-z0-9.]+)"
SELECT_PATTERN = ID_PREFIX + r"(?P<code>pick|pass)"


@dataclass(frozen=True, slots=True)
class Click:
    """A parsed control: which table, drawn at which seq, asking for what."""

    table_id: int
    seq: int
    code: str


# A card's emoji for its control, or None to show its text alone.
CardEmoji = Callable[[Card], discord.PartialEmoji | None]

# How clicks reach the table layer: set once by the spades cog when it loads.
ClickHandler = Callable[[discord.Interaction, Click], Awaitable[None]]
_handler: list[ClickHandler] = []


def set_click_handler(handler: ClickHandler) -> None:
    _handler[:] = [handler]


def custom_id(table_id: int, seq: int, code: str) -> str:
    return f"spades:{table_id}:{seq}:{code}"


async def _dispatch(
    item: discord.ui.Item[Any], interaction: discord.Interaction, click: Click
) -> None:
    keep_in_time(interaction)
    try:
        if not _handler:
            raise RuntimeError("a Spades control was clicked but the spades cog is not loaded")
        await _handler[0](interaction, click)
    except Exception as error:
        # DynamicItem callbacks only log errors; the player must still hear about it.
        await answer_error(interaction, error)
    finally:
        _release(item, interaction)


def _release(item: discord.ui.Item[Any], interaction: discord.Interaction) -> None:
    """The click is over, and discord.py does nothing more with it: what it built for the
    click goes by reference counting, not by the garbage collector. It made a view of the
    clicked message's controls to find ``item`` among them, each pointing back at the
    view; and the interaction's response points back at the interaction (``release``)."""
    view = item.view
    if view is not None:
        view.clear_items()
        item._update_view(None)
    release(interaction)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_PATTERN):
    """One button: an action, or "My hand"."""

    def __init__(
        self,
        click: Click,
        label: str,
        style: discord.ButtonStyle,
        row: int | None = None,
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=custom_id(click.table_id, click.seq, click.code),
                emoji=emoji,
            ),
            row=row,
        )
        self.click = click

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        assert isinstance(item, discord.ui.Button)
        click = Click(int(match["table"]), int(match["seq"]), match["code"])
        return cls(click, item.label or "", item.style, emoji=item.emoji)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(self, interaction, self.click)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_PATTERN):
    """A select of actions (``pick``: one value, an action code) or of cards to pass."""

    def __init__(
        self,
        click: Click,
        options: list[discord.SelectOption],
        placeholder: str,
        count: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id(click.table_id, click.seq, click.code),
                options=options,
                placeholder=placeholder,
                min_values=count,
                max_values=count,
            )
        )
        self.click = click

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelect:
        assert isinstance(item, discord.ui.Select)
        click = Click(int(match["table"]), int(match["seq"]), match["code"])
        return cls(click, item.options, item.placeholder or "", item.min_values)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        code = values[0] if self.click.code != PASS_CODE else "p" + ".".join(values)
        await _dispatch(self, interaction, Click(self.click.table_id, self.click.seq, code))


def _style(action: Action) -> discord.ButtonStyle:
    if isinstance(action, PlayCard) and action.card.suit is not None and action.card.suit != 3:
        return discord.ButtonStyle.secondary
    if isinstance(action, CallRenege):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary


def controls(
    view: SeatView,
    table_id: int,
    seq: int,
    names: Sequence[str],
    emoji: CardEmoji = lambda card: None,
) -> list[discord.ui.Item[Any]]:
    """The seat's legal actions as controls: one group per kind of action, each group as
    buttons in rows of five while they fit in five rows, otherwise as a select. A card's
    button or option carries its ``emoji`` where there is one, beside its text label."""
    groups: dict[type, list[Action]] = {}
    passes: list[PassCards] = []
    legal = view.legal_actions
    if view.to_act != view.seat and sum(a.seat == view.to_act for a in legal) == 1:
        # A dummy's only card (003:152): the table plays it at once, nobody is asked.
        legal = tuple(a for a in legal if a.seat != view.to_act)
    for action in legal:
        if isinstance(action, PassCards):
            passes.append(action)
        else:
            groups.setdefault(type(action), []).append(action)
    items: list[discord.ui.Item[Any]] = []
    # Labels read no Markdown: a name there without its escapes.
    names = [plain_name(name) for name in names]
    if passes:
        items.append(_passing(view, passes, table_id, seq, names, emoji))
    if view.hand is not None and PlayCard in groups:
        # Cards in the order the hand above them shows: by suit, each high to low.
        shown = [c for suit in hand_order(view.hand, view.rules) for c in suit]
        place = {card: index for index, card in enumerate(shown)}
        groups[PlayCard].sort(
            key=lambda a: place.get(a.card, len(place)) if isinstance(a, PlayCard) else len(place)
        )
    rows_left = MAX_ROWS - len(items)
    as_buttons = {kind: True for kind in groups}
    # Turn the biggest groups into selects until everything fits.
    while sum(_rows(groups[k], as_buttons[k]) for k in groups) > rows_left:
        biggest = max((k for k in groups if as_buttons[k]), key=lambda k: len(groups[k]))
        as_buttons[biggest] = False
    for kind, actions in groups.items():
        if as_buttons[kind]:
            for action in actions:
                click = Click(table_id, seq, action_code(action, view.seat))
                label = action_label(action, view.rules, list(names), view.draw_offer)
                face = _emoji(action, emoji, view.draw_offer)
                items.append(ActionButton(click, label, _style(action), emoji=face))
        else:
            options = [
                discord.SelectOption(
                    label=action_label(a, view.rules, list(names), view.draw_offer),
                    value=action_code(a, view.seat),
                    emoji=_emoji(a, emoji, view.draw_offer),
                )
                for a in actions[:MAX_OPTIONS]
            ]
            label = action_label(actions[0], view.rules, list(names), view.draw_offer)
            placeholder = f"{label} ..." if len(actions) > 1 else label
            items.append(ActionSelect(Click(table_id, seq, PICK_CODE), options, placeholder))
    return items


def _passing(
    view: SeatView,
    passes: list[PassCards],
    table_id: int,
    seq: int,
    names: Sequence[str],
    emoji: CardEmoji,
) -> discord.ui.Item[Any]:
    """The select of cards to pass (any set of the right size: the cards, not the sets):
    to a partner; Hurricane's to a neighbour, named (003:363); the kitty's discard (000:99)."""
    cards = sorted({c for p in passes for c in p.cards}, key=lambda c: c.index)
    to = view.pass_to
    name = None if to is None or to in view.partners else names[to]
    if to == view.seat:
        name = ""
    return _pass_select(table_id, seq, cards, len(passes[0].cards), emoji, name)


def _rows(actions: list[Action], buttons: bool) -> int:
    return math.ceil(len(actions) / ROW_WIDTH) if buttons else 1


def _emoji(action: Action, emoji: CardEmoji, offer: Sequence[Card]) -> discord.PartialEmoji | None:
    """The emoji of the card an action plays, or keeps from a two-player draw's ``offer``."""
    if isinstance(action, PlayCard):
        return emoji(action.card)
    if isinstance(action, Draw) and offer:
        if action.keep_first:
            return emoji(offer[0])
        return emoji(offer[1]) if len(offer) == 2 else None
    return None


def _pass_select(
    table_id: int, seq: int, cards: list[Card], count: int, emoji: CardEmoji, to: str | None
) -> ActionSelect:
    options = [
        discord.SelectOption(label=card_text(c), value=c.code, emoji=emoji(c)) for c in cards
    ]
    if to == "":
        label = ngettext("Discard {count} card", "Discard {count} cards", count)
    elif to is None:
        label = ngettext(
            "Pass {count} card to your partner", "Pass {count} cards to your partner", count
        )
    else:
        label = ngettext("Pass {count} card to {name}", "Pass {count} cards to {name}", count)
    label = label.format(count=count, name=to)
    return ActionSelect(Click(table_id, seq, PASS_CODE), options, label, count)


# The lobby's button that seats a bot of each level.
ADD_BOT = {"easy": N_("Add easy bot"), "normal": N_("Add normal bot"), "hard": N_("Add hard bot")}


def hand_button(table_id: int) -> ActionButton:
    """The "My hand" button on the table message: shows the clicker's hand ephemerally."""
    return ActionButton(Click(table_id, 0, HAND_CODE), _("My hand"), discord.ButtonStyle.success)


def why_button(table_id: int) -> ActionButton:
    """The "Why?" button on the table message of a game with bots: why the last bot to move
    made that move, answered only to the clicker (``/spades why``)."""
    return ActionButton(Click(table_id, 0, WHY_CODE), _("Why?"), discord.ButtonStyle.secondary)


def rematch_button(table_id: int) -> ActionButton:
    """The "Rematch" button on a finished game's table message."""
    return ActionButton(Click(table_id, 0, REMATCH_CODE), _("Rematch"), discord.ButtonStyle.success)


def lobby_buttons() -> list[ActionButton]:
    """The lobby's buttons on the table message: Join, Leave and Start on the first row, a
    bot of each level on the second."""

    def button(code: str, label: str, style: discord.ButtonStyle, row: int) -> ActionButton:
        return ActionButton(Click(LOBBY_TABLE, 0, code), label, style, row)

    seats = [
        button(JOIN_CODE, _("Join"), discord.ButtonStyle.primary, 0),
        button(LEAVE_CODE, _("Leave"), discord.ButtonStyle.secondary, 0),
        button(START_CODE, _("Start"), discord.ButtonStyle.success, 0),
    ]
    bots = [
        button(bot_code(level), _(ADD_BOT[level]), discord.ButtonStyle.secondary, 1)
        for level in LEVELS
    ]
    return seats + bots


def as_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view of ``items`` for a picture, to be sent and compared, never dispatched (a
    click makes its own items from the custom id). Its items do not point back at it, as
    ``add_item`` makes them: without that cycle a picture dropped (each move draws the
    hand anew) is freed at once rather than left to the garbage collector, whose pauses
    stall every table; at 200 tables its young collections found half their objects to be
    such garbage, and what lived a few seconds reached the older generations, whose
    collections held the loop over 100 ms."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
        item._update_view(None)
    return view
