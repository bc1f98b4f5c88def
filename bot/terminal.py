"""Play Spades at a terminal prompt against bots, through the same table manager as Discord."""

from __future__ import annotations

import asyncio
import random
import signal
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import NoReturn, TextIO

from bot.ai.reasons import hand_reasons
from bot.engine import (
    Action,
    Bid,
    CallHighLow,
    CallRenege,
    Card,
    Claim,
    Declare,
    Draw,
    Event,
    HalfBid,
    HandScored,
    IllegalAction,
    NoTrump,
    PassCards,
    Phase,
    PlayCard,
    Raise,
    RequestRedeal,
    RevealCards,
    Rules,
    SeatView,
    TrickWon,
    hand_records,
)
from bot.i18n import N_, _, format_list, ngettext, pgettext, use_locale
from bot.render.refusals import refusal_text
from bot.render.text import (
    CardFace,
    bid_text,
    declaration_text,
    event_text,
    half_text,
    hand_order,
    hand_text,
    is_red,
    lead_text,
    seat_names,
    status_text,
    table_text,
)
from bot.render.why import hand_why, said_text
from bot.render.words import card_examples, card_text, parse_card
from bot.storage.records import MemoryStore
from bot.tables import (
    Clock,
    Member,
    Notice,
    NoticeKind,
    Shown,
    StaleAction,
    Table,
    TableError,
    TableManager,
    TableSettings,
    TableStatus,
)
from bot.tables.seating import dummy_seats

# The one person at the terminal, in seat 0; nothing else needs an id.
YOU = 1
# The exit status of a program its user stopped with Ctrl-C (128 + SIGINT), as shells expect.
EXIT_INTERRUPTED = 130
# Exit status when the rules asked for cannot be played (a bad --minutes).
EXIT_BAD_RULES = 2
# The server a terminal game for a time takes its house rules from (a store of its own).
TERMINAL_GUILD = 1
_RED = "\x1b[31m"
_PLAIN = "\x1b[0m"

# The words a player types, in English and in the language in force (either is understood).
LOOK, CLAIM, REDEAL, KEEP, DROP = N_("look"), N_("claim"), N_("redeal"), N_("keep"), N_("drop")
RENEGE, PASS, BLIND, NIL = N_("renege"), N_("pass"), N_("blind"), N_("nil")
QUIT, HELP_WORD, TABLE, HINT, AUTO = N_("quit"), N_("help"), N_("table"), N_("hint"), N_("auto")
YES, WHY, REVIEW = N_("yes"), N_("why"), N_("review")
LITTLE, BIG, RAISE = N_("little"), N_("big"), N_("raise")
# Miser's second round (003:89), Counter Bidding (000:18) and Nil In The Dark (000:163).
LOWER, DARK = N_("lower"), N_("dark")
# No-trump bids (000:113).
NO_TRUMP = N_("notrump")
# High/Low (003:65) and Aces High/Low (000:143): the call.
HIGH, LOW = N_("high"), N_("low")
# Berkley's dummies (003:124, 003:138): a Double Nil or Double Naught, both hands at once.
DOUBLE = N_("double")


def said(word: str) -> set[str]:
    """What a player may type for the command ``word``: its English and its translation."""
    return {word, _(word).lower()}


def help_text() -> str:
    """The commands, in the language in force, with cards written its way."""
    example = card_text(Card.parse("AS")) + " " + card_text(Card.parse("KH"))
    return _(
        """Commands:
  a card to play it: {cards}
  a bid: 3, {nil}, {blind} 4, {blind} {nil}
  {look}: look at your cards (no blind bid)
  {pass_} {example}: pass cards to your partner
  {keep} / {drop}: keep or refuse the first card offered (two players)
  {claim}: claim the rest of the tricks
  {renege} N: call a renege on seat N
  {redeal}: throw in a deficient hand
  {little} / {big}: declare the Little or Big Mo, Moe or Bemo (the rules' mo)
  {raise_} N / {keep}: raise your bid by N before the first card, or keep it
  {hint}: what the bot would do
  {auto}: let the bot make this move
  {table}: show the table
  {why} [N]: why the last bot (or the bot in seat N) moved as it did
  {review} [N]: why each bot moved as it did in the last hand played (or hand N), every
    card named
  {quit}: leave the game"""
    ).format(
        cards=", ".join((*card_examples(), "BJ")),
        nil=_(NIL),
        blind=_(BLIND),
        look=_(LOOK),
        pass_=_(PASS),
        example=example,
        keep=_(KEEP),
        drop=_(DROP),
        claim=_(CLAIM),
        renege=_(RENEGE),
        redeal=_(REDEAL),
        little=_(LITTLE),
        big=_(BIG),
        raise_=_(RAISE),
        hint=_(HINT),
        auto=_(AUTO),
        table=_(TABLE),
        why=_(WHY),
        review=_(REVIEW),
        quit=_(QUIT),
    )


class Quit(Exception):
    """The player asked to leave."""


def wants_colour(stream: TextIO, environ: Mapping[str, str]) -> bool:
    """Colour only for a person at a terminal who has not asked for none (no-color.org)."""
    return stream.isatty() and not environ.get("NO_COLOR")


def terminal_locale(environ: Mapping[str, str]) -> str | None:
    """The language the environment asks for, as Discord writes it (``es_ES.UTF-8``:
    ``es-ES``), by POSIX's order: LANGUAGE, LC_ALL, LC_MESSAGES, LANG; ``None`` for none or
    the C locale."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").split(":")[0].split(".")[0].split("@")[0]
        if value in ("C", "POSIX"):
            return None
        if value:
            return value.replace("_", "-")
    return None


def red_suits(card: Card) -> str:
    """A card for an ANSI terminal: red suits in red, the others in the terminal's own
    colour (black would vanish on a dark terminal)."""
    return f"{_RED}{card_text(card)}{_PLAIN}" if is_red(card) else card_text(card)


def parse_command(text: str, view: SeatView, names: list[str]) -> Action:
    """Turn what the player typed into an action for their seat, or raise ValueError."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError(_("Type a card, a bid, or '{help}'.").format(help=_(HELP_WORD)))
    seat = view.seat
    head, rest = words[0], words[1:]
    if head in said(LOOK):
        return RevealCards(seat)
    if head in said(CLAIM):
        return Claim(seat)
    if head in said(REDEAL):
        return RequestRedeal(seat)
    if any(isinstance(a, Raise) for a in view.legal_actions):
        return _raise_command(seat, head, rest)
    if head in said(HIGH) | said(LOW) and not rest:
        return CallHighLow(seat, head in said(LOW))
    if head in said(KEEP) | said(DROP):
        return Draw(seat, head in said(KEEP))
    if head in said(LITTLE) | said(BIG):
        return Declare(seat, head in said(BIG))
    if head in said(RENEGE):
        return CallRenege(seat, _accused(rest, names))
    auction_pass = said(PASS) | {pgettext("auction", PASS).lower()}
    if head in auction_pass and not rest and view.rules.auction and view.phase is Phase.BID:
        # 000:112 Auction Spades: a pass is a bid of 0.
        return Bid(seat, 0)
    if head in said(PASS):
        return PassCards(seat, tuple(parse_card(w) for w in rest))
    if head in said(DARK) and not rest and view.rules.nil_in_the_dark:
        return Bid(seat, 0, True)
    if head in said(NO_TRUMP) and not rest:
        return NoTrump(seat)
    if head in said(DOUBLE) and view.rules.dummy_hands and len(rest) == 1:
        # 003:124, 003:138: a Nil bid on the dummy's seat too ("double nil" or "double
        # naught"; blind before looking).
        return Bid((seat + 3) % 4, 0, view.hand is None)
    half = head.removesuffix("½").removesuffix(".5")
    if half != head and half.isdigit() and not rest:
        # Half Tricks (000:124): "3.5" or "3½".
        return HalfBid(seat, int(half))
    if view.phase is Phase.PLAY:
        # "5d", "5 d" and "10 h" are cards here, never bids; for a dummy the player plays
        # (003:108), its card.
        if view.to_act is not None and any(a.seat == view.to_act for a in view.legal_actions):
            seat = view.to_act
        return PlayCard(seat, parse_card("".join(words)))
    blind = head in said(BLIND)
    amount = rest[0] if blind and rest else head
    nil = amount in said(NIL)
    if (nil or amount.isdigit()) and len(words) == 1 + blind:
        return Bid(seat, 0 if nil else int(amount), blind)
    if view.phase is Phase.PASS:
        return PassCards(seat, tuple(parse_card(w) for w in words))
    if view.phase is Phase.BID:
        raise ValueError(
            _("Bid a number, '{nil}', '{blind} 4' or '{blind} {nil}', or '{look}'.").format(
                nil=_(NIL), blind=_(BLIND), look=_(LOOK)
            )
        )
    raise ValueError(
        _("Type '{keep}' to keep the first card offered, or '{drop}'.").format(
            keep=_(KEEP), drop=_(DROP)
        )
    )


def _raise_command(seat: int, head: str, rest: list[str]) -> Action:
    """Before the first card: ``raise N`` (``raise`` alone is by one) or ``keep``."""
    if head in said(KEEP) and not rest:
        return Raise(seat, 0)
    if head in said(LOWER) and len(rest) <= 1 and all(w.isdigit() for w in rest):
        # Miser's second round (003:89): lower by N.
        return Raise(seat, -int(rest[0]) if rest else -1)
    if head in said(RAISE) and len(rest) <= 1 and all(w.isdigit() for w in rest):
        return Raise(seat, int(rest[0]) if rest else 1)
    if head in said(LOWER) and len(rest) <= 1 and all(w.isdigit() for w in rest):
        return Raise(seat, -(int(rest[0]) if rest else 1))
    raise ValueError(
        _("Type '{raise_} 1' to raise your bid by one, or '{keep}' to keep it.").format(
            raise_=_(RAISE), keep=_(KEEP)
        )
    )


def _accused(rest: list[str], names: list[str]) -> int:
    """The seat a renege is called on: its number or the start of its name."""
    target = " ".join(rest)
    for i, name in enumerate(n.lower() for n in names):
        if target and (target == str(i + 1) or name.startswith(target)):
            return i
    raise ValueError(
        _("Say who reneged: {renege} 2, or {renege} {name}.").format(
            renege=_(RENEGE), name=names[1].lower()
        )
    )


def _prompt(view: SeatView, face: CardFace) -> str:
    rules = view.rules
    legal = view.legal_actions
    if view.phase is Phase.DRAW:
        offer = format_list([face(c) for c in view.draw_offer])
        return (
            _("Offered {cards}: {keep} or {drop} the first?").format(
                cards=offer, keep=_(KEEP), drop=_(DROP)
            )
            + " > "
        )
    raises = [a.by for a in legal if isinstance(a, Raise)]
    if raises and rules.miser:
        bid = bid_text(view.bids[view.seat], rules)
        return (
            _("Keep your bid of {bid} or lower it ({keep}, {lower} 1 to {most})").format(
                bid=bid, keep=_(KEEP), lower=_(LOWER), most=-min(raises)
            )
            + " > "
        )
    if raises and min(raises) < 0:
        # Counter Bidding (000:18): up or down.
        return (
            _(
                "Change your bid of {bid} ({keep}, {raise_} 1 to {most}, {lower} 1 to {least})"
            ).format(
                bid=bid_text(view.bids[view.seat], rules),
                keep=_(KEEP),
                raise_=_(RAISE),
                most=max(raises),
                lower=_(LOWER),
                least=-min(raises),
            )
            + " > "
        )
    if raises:
        bid = bid_text(view.bids[view.seat], rules)
        return (
            _("Raise your bid of {bid} ({keep}, {raise_} 1 to {most})").format(
                bid=bid, keep=_(KEEP), raise_=_(RAISE), most=max(raises)
            )
            + " > "
        )
    if view.phase is Phase.BID:
        options = [
            _("{word}: nil in the dark").format(word=_(DARK))
            if a.blind and not a.tricks and rules.nil_in_the_dark and view.hand is not None
            else bid_text(a, rules)
            for a in legal
            if isinstance(a, Bid)
        ]
        if any(isinstance(a, RevealCards) for a in legal):
            options.insert(0, _(LOOK))
        options += [half_text(a.tricks) for a in legal if isinstance(a, HalfBid)]
        if any(isinstance(a, NoTrump) for a in legal):
            options.append(_("{word}: bid no trump first").format(word=_(NO_TRUMP)))
        for action in legal:
            if isinstance(action, Declare):
                options.append(
                    _("{word}: {declaration}").format(
                        word=_(BIG if action.big else LITTLE),
                        declaration=declaration_text(action.big, rules),
                    )
                )
        return _("Your bid ({options})").format(options=", ".join(options)) + " > "
    if view.phase is Phase.PASS:
        count = len(next(a for a in legal if isinstance(a, PassCards)).cards)
        to = view.pass_to
        if to == view.seat:
            # The kitty's discard (000:99).
            return (
                ngettext("Discard {count} card", "Discard {count} cards", count).format(count=count)
                + " > "
            )
        if to is not None and to not in view.partners:
            # Hurricane's passing, to a neighbour (003:363).
            left = to == (view.seat + 1) % rules.players
            side = (
                _("Pass 3 cards to the player on your left")
                if left
                else _("Pass 3 cards to the player on your right")
            )
            return side + " > "
        return (
            ngettext(
                "Pass {count} card to your partner", "Pass {count} cards to your partner", count
            ).format(count=count)
            + " > "
        )
    if any(isinstance(a, CallHighLow) for a in legal):
        if view.trick and view.trick[-1][0] == view.seat:
            ask = _("Call your Ace {high} or {low}")
        else:
            ask = _("Call this trick {high} or {low} before you lead")
        return ask.format(high=_(HIGH), low=_(LOW)) + " > "
    playable = [a.card for a in legal if isinstance(a, PlayCard)]
    cards = " ".join(face(c) for group in hand_order(playable, rules) for c in group)
    if view.to_act != view.seat:
        # 003:152: the dummy on your right plays one of its face-up cards.
        return _("Your dummy's card ({cards})").format(cards=cards) + " > "
    return _("Your card ({cards})").format(cards=cards) + " > "


class TerminalPresenter:
    """Prints what happens at the table for the person in ``seat``: every event, every
    notice, the whole table when a trick ends, and a one-line status and their hand when
    it is their turn."""

    def __init__(
        self, write: Callable[[str], None], seat: int = 0, face: CardFace = card_text
    ) -> None:
        self._write = write
        self.seat = seat
        self.face = face
        # Set while the player leaves: "Bye." is the one line they are owed.
        self.leaving = False
        # Whatever read the output has gone (``python -m bot play | head``): the table
        # would only log each line it failed to print, so the game loop ends it instead.
        self.reader_gone = False

    def write(self, line: str) -> None:
        if self.reader_gone:
            return
        try:
            self._write(line)
        except BrokenPipeError:
            self.reader_gone = True

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        for event in events:
            line = event_text(event, table.names, table.rules, self.face, self.seat)
            if line:
                self.write(line)
        ended_trick = any(isinstance(event, TrickWon) for event in events)
        if ended_trick and not any(isinstance(event, HandScored) for event in events):
            # The end of a trick is where a player looks at the whole table (before each
            # card a status line does); at a hand's end its score says where things stand.
            self.write(table_text(table.view(self.seat), table.names, self.face))

    async def hand_changed(self, table: Shown, seat: int) -> None:
        view = table.view(seat)
        # The seat's turn, or its dummy's (003:108): the view offers what it may do.
        own = view.to_act == seat or any(a.seat == view.to_act for a in view.legal_actions)
        if seat != self.seat or not own:
            return
        self.write(status_text(view, table.names))
        for index, cards in enumerate(view.exposed):
            if cards and view.rules.dummy_hands:
                # 003:140: the dummies' face-up cards, seen by both players.
                shown = hand_text(cards, view.rules, self.face)
                self.write(
                    _("{name}'s cards, face up: {cards}").format(
                        name=table.names[index], cards=shown
                    )
                )
        if view.hand is None:
            self.write(
                _("Your cards are face down: bid {blind}, or '{look}'.").format(
                    blind=_(BLIND), look=_(LOOK)
                )
            )
        else:
            self.write(
                _("Your hand: {cards}").format(cards=hand_text(view.hand, view.rules, self.face))
            )

    async def notice(self, table: Shown, notice: Notice) -> None:
        # The game-over line already said who won, and the rematch is a question at the
        # prompt here, not a button to look for.
        # Time called is told by its event's line.
        quiet = (NoticeKind.GAME_OVER, NoticeKind.TIME_UP)
        if notice.kind not in quiet and not self.leaving:
            self.write(notice.text)


def play_terminal(
    preset: str = "classic",
    *,
    seed: int | None = None,
    hands: int | None = None,
    minutes: int | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    colour: bool = False,
    locale: str | None = None,
    clock: Clock | None = None,
) -> int:
    """Play a game (or ``hands`` hands, or for ``minutes`` minutes by the real clock) as
    seat 0 against bots; returns an exit status. ``colour`` shows red suits in red (see
    ``wants_colour``); ``locale`` is the language (Discord's codes: ``es-ES``, ``pt-BR``,
    ``de``; ``None``: English). ``clock``: the table's (tests move one by hand)."""
    face: CardFace = red_suits if colour else card_text
    with use_locale(locale):
        try:
            rules = _rules(preset, minutes)
        except ValueError as refused:
            write(str(refused))
            return EXIT_BAD_RULES
        try:
            with _interrupt_anywhere():
                game = _play(preset, rules, seed, hands, read, write, face, clock)
                return asyncio.run(game)
        except KeyboardInterrupt:
            # Ctrl-C between prompts, while the bots played: the game was unwound on the way
            # out.
            write("\n" + _("Bye."))
            return EXIT_INTERRUPTED


@contextmanager
def _interrupt_anywhere() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` wherever the program is, the prompt included.

    ``asyncio.run`` otherwise takes Ctrl-C over: it cancels the game and returns to the
    prompt, which goes on waiting, and the player's next move met the cancelled game and
    ended in a traceback. It leaves a handler of our own in place.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _interrupt(signum: int, frame: FrameType | None) -> NoReturn:
    raise KeyboardInterrupt


def _rules(preset: str, minutes: int | None) -> Rules:
    """The preset's rules, played for ``minutes`` when given (house rule play_to time)."""
    rules = Rules.preset(preset)
    if minutes is None:
        return rules
    return rules.with_option("play_to", "time").with_option("minutes_to_play", str(minutes))


async def _play(
    preset: str,
    rules: Rules,
    seed: int | None,
    hands: int | None,
    read: Callable[[str], str],
    write: Callable[[str], None],
    face: CardFace,
    clock: Clock | None = None,
) -> int:
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    names = seat_names(rules.players)
    # Nobody else is waiting on this table: no turn timers, no idle closing, no bot delay
    # (the prompt is the pause).
    presenter = TerminalPresenter(write, face=face)
    # A game for a time takes its rules as a server's house rules would; the table's
    # clock is the real one, so time runs out while the player thinks too.
    store, guild = MemoryStore(), None
    if rules.play_to == "time":
        guild = TERMINAL_GUILD
        store.rules[guild] = rules
    manager = TableManager(
        store,
        presenters=[presenter],
        settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None),
        clock=clock,
    )
    try:
        table = await manager.open(
            0, Member(YOU, names[0]), guild_id=guild, preset=None if guild else preset
        )
        for seat in range(1, rules.players):
            if seat not in dummy_seats(rules):
                await table.add_bot(YOU, seat=seat, name=names[seat])
        write(
            _("Spades, {preset} rules, seed {seed}. Type '{help}' for commands.").format(
                preset=preset, seed=seed, help=_(HELP_WORD)
            )
        )
        await table.start(YOU, seed=seed, hands=hands)
        while True:
            await manager.settle()
            if presenter.reader_gone:
                raise BrokenPipeError("nobody reads the game any more")
            if table.status is TableStatus.PLAYING:
                await _your_turn(table, store, read, write, face)
            elif table.status is TableStatus.OVER and await _again(table, store, read, write):
                table = await table.rematch(YOU)
            else:
                if table.status is TableStatus.CLOSED:
                    # The agreed hands are played: whoever is ahead has won.
                    seen = table.snapshot()
                    write(lead_text(seen.scores, seen.teams, table.names, you=0))
                return 0
    except (Quit, EOFError, KeyboardInterrupt) as leaving:
        if isinstance(leaving, KeyboardInterrupt):
            write("")  # off the line of the prompt that Ctrl-C interrupted
        presenter.leaving = True
        if table.status is not TableStatus.CLOSED:
            await table.stop(YOU)
        write(_("Bye."))
        return EXIT_INTERRUPTED if isinstance(leaving, KeyboardInterrupt) else 0
    finally:
        await manager.aclose()


async def _again(
    table: Table, store: MemoryStore, read: Callable[[str], str], write: Callable[[str], None]
) -> bool:
    """Whether the player wants another game; the hands just played can be reviewed first."""
    while True:
        answer = read(
            _("Play again? [y/N] ({review} [N]: why the bots moved as they did)").format(
                review=_(REVIEW)
            )
            + " > "
        )
        if not _asks(answer, REVIEW):
            return _yes(answer)
        try:
            write(await review(table, store, answer))
        except ValueError as error:
            write(str(error))


def _asks(text: str, command: str) -> bool:
    """Whether ``text`` is ``command`` (in English or the language in force), perhaps with
    words after it (``why 2``, ``review 1``)."""
    words = text.strip().lower().split()
    return bool(words) and words[0] in said(command)


async def review(table: Table, store: MemoryStore, word: str) -> str:
    """Why each bot moved as it did in a hand of this game that is over (the last one, or
    the one ``review N`` names), every card named, as ``/history ... why:True`` tells it in
    Discord; raises ``ValueError`` saying why not."""
    rest = word.split()[1:]
    if len(rest) > 1 or (rest and not rest[0].isdigit()):
        raise ValueError(_("Ask review, or review and a hand number: review 1."))
    stored = store.tables.get(table.table_id or 0)
    hands = []
    if stored is not None:
        records = hand_records(
            stored.rules, seed=stored.seed, dealer=stored.dealer, actions=stored.actions
        )
        hands = [h for h in records if any(isinstance(e, HandScored) for e in h.events)]
    if not hands:
        raise ValueError(_("No hand is over yet: review tells of a hand once it is played."))
    number = int(rest[0]) if rest else hands[-1].hand_number
    over = {h.hand_number: h for h in hands}
    if number not in over:
        raise ValueError(
            ngettext(
                "Only hand {last} is over: review {last} tells of it.",
                "Hands 1 to {last} are over: review {last} tells of the last.",
                len(hands),
            ).format(last=hands[-1].hand_number)
        )
    reasons = hand_reasons(await store.bot_reasons(table.table_id or 0), number)
    lines = [_("Hand {number}: why each bot moved as it did.").format(number=number)]
    told = hand_why(over[number], reasons, table.rules, table.names, {0})
    for heading, texts in told:
        lines.append(heading)
        lines += ["  " + line for text in texts for line in text.splitlines()]
    if not told:
        lines.append(_("No bot moved in it."))
    return "\n".join(lines)


def _yes(answer: str) -> bool:
    word = answer.strip().lower()
    return word in ("y", "yes") or word in (_(YES).lower(), _(YES).lower()[:1])


async def _your_turn(
    table: Table,
    store: MemoryStore,
    read: Callable[[str], str],
    write: Callable[[str], None],
    face: CardFace,
) -> None:
    """Read commands until one of them moves the game on."""
    view = table.view(0)
    seq = table.seq
    while True:
        text = read(_prompt(view, face)).strip()
        word = text.lower()
        try:
            if word in said(QUIT) | {"exit"}:
                raise Quit
            if word in said(HELP_WORD) | {"?"}:
                write(help_text())
            elif word in said(TABLE):
                write(table_text(view, table.names, face))
            elif word in said(HINT):
                hint = table.hint(YOU)
                write(
                    _("Hint: {move}. {reason}").format(
                        move=_describe(hint.action, view), reason=said_text(hint.reason)
                    )
                )
            elif _asks(word, WHY):
                write(await table.why(YOU, _seat_asked(word)))
            elif _asks(word, REVIEW):
                write(await review(table, store, word))
            elif word in said(AUTO):
                await table.autoplay(YOU, seq=seq)
                return
            else:
                await table.act(YOU, parse_command(text, view, table.names), seq=seq)
                return
        except IllegalAction as refusal:
            write(refusal_text(refusal))
        except StaleAction as moved:
            # The game moved on while the player typed (time was called): ask again.
            write(str(moved))
            return
        except (ValueError, TableError) as error:
            write(str(error))


def _seat_asked(word: str) -> int | None:
    """The seat in ``why N`` (counted from 1), or ``None`` for a plain ``why``."""
    rest = word.split()[1:]
    if not rest:
        return None
    if len(rest) > 1 or not rest[0].isdigit():
        raise ValueError(_("Ask why, or why and a seat number: why 2."))
    return int(rest[0]) - 1


def _describe(action: Action, view: SeatView) -> str:
    if isinstance(action, PlayCard):
        return _("play {card}").format(card=card_text(action.card))
    if isinstance(action, Bid):
        return _("bid {bid}").format(bid=bid_text(action, view.rules))
    if isinstance(action, PassCards):
        return _("pass {cards}").format(cards=" ".join(card_text(c) for c in action.cards))
    if isinstance(action, Draw):
        return _(KEEP) if action.keep_first else _(DROP)
    if isinstance(action, RevealCards):
        return _("look at your cards")
    if isinstance(action, Claim):
        return _("claim the rest of the tricks")
    if isinstance(action, RequestRedeal):
        return _("throw in a deficient hand")
    if isinstance(action, Raise) and action.by < 0:
        return _("lower your bid by {count}").format(count=-action.by)
    if isinstance(action, Raise):
        return _("raise your bid by {count}").format(count=action.by) if action.by else _(KEEP)
    if isinstance(action, NoTrump):
        return _("bid no trump")
    if isinstance(action, HalfBid):
        return _("bid {bid}").format(bid=half_text(action.tricks))
    if isinstance(action, Declare):
        return _("declare {declaration}").format(
            declaration=declaration_text(action.big, view.rules)
        )
    if isinstance(action, CallRenege):
        return _("call a renege")
    if isinstance(action, CallHighLow):
        return _(LOW) if action.low else _(HIGH)
    return type(action).__name__.lower()
