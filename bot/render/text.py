"""Plain-text table, hand, event and score renderings of a seat's view, in the language in
force (``bot.i18n.use_locale``): every sentence is a whole message of the catalogs, with the
"you" form and the third person as separate messages, since languages agree verbs their way."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from bot.engine import (
    Bid,
    BidMade,
    BidRaised,
    BooksMade,
    Card,
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsRevealed,
    ClaimAccepted,
    ClaimFailed,
    Declared,
    DummyTurned,
    Event,
    GameOver,
    HalfBidMade,
    HandDealt,
    HandRecord,
    HandResult,
    HandScored,
    HighLowCalled,
    NoTrumpBid,
    PassingStarted,
    Phase,
    PlayStarted,
    Redealt,
    RenegeCalled,
    Rules,
    SeatView,
    Suit,
    TeamHandResult,
    TimeCalled,
    TrickRecord,
    TrickWon,
)
from bot.engine.cards import BIG_JOKER
from bot.engine.deck import deck_info
from bot.i18n import N_, _, ngettext, pgettext
from bot.render.evil_text import evil_rule_text
from bot.render.score_labels import special_text
from bot.render.words import card_text

COMPASS = (N_("South"), N_("West"), N_("North"), N_("East"))
YOU = N_("You")

CardFace = Callable[[Card], str]
"""How a card is written: ``card_text`` (``A♠``, ``R♠`` in Spanish), its Discord emoji
(``cards.card_face``) or in colour for a terminal. Every function here that writes a card
takes one."""


def seat_names(players: int, human: int | None = 0) -> list[str]:
    """Names for the seats: compass points for four, numbered seats otherwise; the
    ``human`` seat is "You" (pass the same seat as ``you`` to the functions below)."""
    if players == 4:
        names = [_(name) for name in COMPASS]
    else:
        names = [_("Seat {number}").format(number=s + 1) for s in range(players)]
    if human is not None:
        names[human] = _(YOU)
    return names


def is_red(card: Card) -> bool:
    """Hearts and diamonds are red; of the jokers, the big one is (the little one black)."""
    if card.suit is None:
        return card.index == BIG_JOKER
    return card.suit in (Suit.HEARTS, Suit.DIAMONDS)


def points_text(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def bags_text(count: int) -> str:
    return ngettext("{count} bag", "{count} bags", count).format(count=count)


def tricks_text(count: int) -> str:
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


def plural(count: int, noun: str) -> str:
    """ "1 bag", "2 bags", "0 bags"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def does(names: Sequence[str], seat: int, verb: str, you: int | None) -> str:
    """A seat's name and a verb agreeing with it: "West bids", "You bid"."""
    if seat == you:
        return f"{names[seat]} {verb}"
    return f"{names[seat]} {verb}{'es' if verb.endswith(('s', 'sh', 'ch')) else 's'}"


def hand_order(cards: Sequence[Card], rules: Rules) -> list[list[Card]]:
    """A hand grouped by suit, trumps last, each suit high to low: the one order in which a
    hand, and the cards a player may choose from, are shown."""
    deck = deck_info(rules.deck, rules.players, rules.deal_shape)
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(deck.suit_of[card.index], []).append(card)
    return [
        sorted(groups[suit], key=lambda c: deck.power[c.index], reverse=True)
        for suit in sorted(groups)
    ]


def hand_text(cards: Sequence[Card], rules: Rules, face: CardFace = card_text) -> str:
    """A hand grouped by suit, trumps last, each suit high to low."""
    parts = [" ".join(face(c) for c in group) for group in hand_order(cards, rules)]
    return "  |  ".join(parts) if parts else _("(no cards)")


def half_text(tricks: int) -> str:
    """A half bid (000:124) as players write it: "3½"."""
    return _("{tricks}½").format(tricks=tricks)


def seat_bid_text(bid: Bid | None, rules: Rules, half: int) -> str:
    """A seat's bid as shown at the table: its half as said under Half Tricks (000:124)."""
    return half_text(half) if half >= 0 else bid_text(bid, rules)


def _view_bid(view: SeatView, seat: int) -> str:
    half = view.half_bids[seat] if view.half_bids else -1
    return seat_bid_text(view.bids[seat], view.rules, half)


def bid_text(bid: Bid | None, rules: Rules) -> str:
    if bid is None:
        return "-"
    if rules.auction:
        # 000:112: a pass, or N for a contract of 6 + N tricks.
        if not bid.tricks:
            return pgettext("auction", "pass")
        return _("{bid} for {count}").format(bid=bid.tricks, count=6 + bid.tricks)
    if rules.dummy_hands and bid.seat % 2 and bid.tricks == 0:
        # 003:124, 003:138: a Nil bid on a dummy's seat is both of its player's hands.
        return _("double nil") if bid.blind else _("double naught")
    word = _("nil") if bid.tricks == 0 and rules.nil_mode == "nil" else str(bid.tricks)
    if bid.blind and word != str(bid.tricks) and rules.nil_in_the_dark:
        # 000:163: at such a table every blind Nil is played in the dark.
        return _("nil in the dark")
    return _("blind {bid}").format(bid=word) if bid.blind else word


# The declarations of the rules' ``mo``, Little then Big: names of the game, as tables say
# them (000:116, 000:117, 000:145, 003:132-134).
DECLARATIONS = {
    "mo": (N_("Little Mo"), N_("Big Mo")),
    "moe": (N_("Little Moe"), N_("Big Moe")),
    "bemo": (N_("Bemo"), N_("Big Bemo")),
    "bemo_three": (N_("Bemo"), N_("Big Bemo")),
}


def declaration_text(big: bool, rules: Rules) -> str:
    """ "Big Mo", "Little Moe", "Bemo": a declaration under the rules' ``mo``."""
    return _(DECLARATIONS[rules.mo][int(big)])


def declared_line(
    declared: Sequence[int], teams: Sequence[Sequence[int]], names: Sequence[str], rules: Rules
) -> str | None:
    """The side that declared this hand and what (a view's or a snapshot's ``declared``),
    for the table message; ``None``: nobody declared."""
    for team, kind in enumerate(declared):
        if kind:
            return _("{side} declared {declaration}.").format(
                side=side_text(teams[team], names), declaration=declaration_text(kind == 2, rules)
            )
    return None


def team_name(team: int, teams: Sequence[Sequence[int]], names: Sequence[str]) -> str:
    return " & ".join(names[s] for s in teams[team])


# A table's lines fit a phone held upright: about 40 characters, in a code block or at a
# terminal. Names longer than NAME_WIDTH are cut with an ellipsis so the columns hold.
LINE_WIDTH = 40
NAME_WIDTH = 14


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    """``name`` cut to ``width`` characters, the cut marked with an ellipsis."""
    return name if len(name) <= width else name[: width - 1] + "…"


def side_text(seats: Sequence[int], names: Sequence[str], width: int = LINE_WIDTH - 1) -> str:
    """A side's names ("Ada & Bob"), each cut short enough that the whole fits ``width``."""
    cut = NAME_WIDTH
    while True:
        text = " & ".join(short_name(names[s], cut) for s in seats)
        if len(text) <= width or cut <= 4:
            return text
        cut -= 1


def wrapped(head: str, items: Sequence[tuple[str, str]], width: int = LINE_WIDTH) -> list[str]:
    """``head`` then the items joined by ", ", broken into lines of at most ``width``
    characters (each item whole; follow-on lines indented). Each item is (its plain text,
    what to write): a card face may be longer than the characters it shows."""
    lines: list[str] = []
    line, shown = head, len(head)
    for index, (plain, written) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        gap = " " if index or head else ""
        if shown + len(gap) + len(plain) + len(comma) > width and shown > 2:
            lines.append(line)
            line, shown, gap = "  ", 2, ""
        line += gap + written + comma
        shown += len(gap) + len(plain) + len(comma)
    lines.append(line)
    return lines


def table_text(
    view: SeatView, names: Sequence[str], face: CardFace = card_text, *, trick: bool = True
) -> str:
    """The table as a player sees it, in lines of about 40 characters: each side's score,
    each seat's bid and tricks, the trick in play (unless not ``trick``: shown elsewhere),
    whose turn."""
    rules = view.rules
    short = [short_name(n) for n in names]
    # With two players (or three with two decks) nobody deals: each draws from the stock.
    if drawn(rules):
        lines = [_("Hand {number}").format(number=view.hand_number)]
    else:
        lines = [
            _("Hand {number} · dealer {name}").format(
                number=view.hand_number, name=short[view.dealer]
            )
        ]
    if rules.evil_spades:
        lines += textwrap.wrap(evil_rule_text(view), LINE_WIDTH)
    if rules.bag_cancel_cut and view.cancel_card is not None:
        # 000:178: the card cut before this deal, shown to everyone.
        cut = _("Cut card this hand: {card}, it cancels a bag of the side that takes it.")
        lines += textwrap.wrap(cut.format(card=face(view.cancel_card)), LINE_WIDTH)
    for team in range(len(view.teams)):
        side = side_text(view.teams[team], names)
        score = f"{points_text(view.scores[team])}, {bags_text(view.bags[team])}"
        if len(side) + 2 + len(score) <= LINE_WIDTH:
            lines.append(f"{side}: {score}")
        else:
            lines += [f"{side}:", f"  {score}"]
    for seat in range(len(names)):
        lines.append(
            # The name and the bid come padded to their columns' widths.
            _("{name} bid {bid} took {tricks}").format(
                name=f"{short[seat]:<{NAME_WIDTH}}",
                bid=f"{_view_bid(view, seat):<9}",
                tricks=view.tricks_taken[seat],
            )
        )
    declared = declared_line(view.declared, view.teams, names, rules)
    if declared is not None:
        lines.append(declared)
    plays = view.trick
    head = _("Trick {number}:").format(number=view.trick_number)
    if not plays and view.last_trick is not None and view.phase is Phase.PLAY:
        plays = view.last_trick.plays
        if view.last_trick.winner < 0:
            # 000:147: a dead trick, its cards all cancelled.
            head = _("Last trick, dead: nobody took it:")
        else:
            head = _("Last trick, {name} took it:").format(name=short[view.last_trick.winner])
    if trick and plays:
        lines += wrapped(
            head,
            [
                (f"{short[seat]} {card_text(card)}", f"{short[seat]} {face(card)}")
                for seat, card in plays
            ],
        )
    called = call_line(view.trick_call, view.low_aces, short)
    if called is not None:
        lines += textwrap.wrap(called, LINE_WIDTH)
    if view.phase is Phase.PLAY:
        lines.append(_("Spades are broken.") if view.spades_broken else _("Spades are not broken."))
    if view.to_act is not None:
        lines.append(_("To act: {name}").format(name=short[view.to_act]))
    return "\n".join(lines)


def status_text(view: SeatView, names: Sequence[str]) -> str:
    """One line for a player about to act: in play, the trick and each seat's tricks
    against its bid; before it, the hand and each side's score."""
    if view.phase is Phase.PLAY:
        seats = ", ".join(
            f"{names[seat]} {view.tricks_taken[seat]}/{_view_bid(view, seat)}"
            for seat in range(len(names))
        )
        line = (
            _("Trick {number}/{total} · taken/bid {seats} · spades broken")
            if view.spades_broken
            else _("Trick {number}/{total} · taken/bid {seats}")
        )
        return line.format(number=view.trick_number, total=view.num_tricks, seats=seats)
    sides = ", ".join(
        f"{team_name(team, view.teams, names)} {view.scores[team]} ({bags_text(view.bags[team])})"
        for team in range(len(view.teams))
    )
    return _("Hand {number} · {sides}").format(number=view.hand_number, sides=sides)


def trick_line(
    trick: Sequence[tuple[int, Card]],
    number: int,
    last: TrickRecord | None,
    phase: Phase | None,
    names: Sequence[str],
    face: CardFace = card_text,
) -> str | None:
    """The trick on the table, or between tricks the one just won; ``None`` outside play."""
    if trick:
        return _("Trick {number}: {plays}").format(
            number=number, plays=plays_text(trick, names, face)
        )
    if last is not None and phase is Phase.PLAY and last.winner < 0:
        return _("Last trick: {plays} — dead, nobody took it").format(
            plays=plays_text(last.plays, names, face)
        )
    if last is not None and phase is Phase.PLAY:
        return _("Last trick: {plays} — {name} took it").format(
            plays=plays_text(last.plays, names, face), name=names[last.winner]
        )
    return None


def call_line(trick_call: str, low_aces: Sequence[int], names: Sequence[str]) -> str | None:
    """High/Low (003:65) and Aces High/Low (000:143): how the trick on the table is called,
    and whose Aces in it are low; ``None`` when nothing is called."""
    parts = []
    if trick_call == "low":
        parts.append(_("This trick is called low: the lowest spade, or the lowest card led, wins."))
    elif trick_call == "high":
        parts.append(_("This trick is called high."))
    for seat in low_aces:
        parts.append(_("{name}'s Ace is called low.").format(name=names[seat]))
    return " ".join(parts) or None


def _called_text(event: HighLowCalled, names: Sequence[str], you: int | None) -> str:
    if event.ace and event.low:
        yours, theirs = N_("You call your Ace low."), N_("{name} calls their Ace low.")
    elif event.ace:
        yours, theirs = N_("You call your Ace high."), N_("{name} calls their Ace high.")
    elif event.low:
        yours, theirs = N_("You call this trick low."), N_("{name} calls this trick low.")
    else:
        yours, theirs = N_("You call this trick high."), N_("{name} calls this trick high.")
    return _said(names, event.seat, you, yours, theirs)


def plays_text(
    plays: Sequence[tuple[int, Card]], names: Sequence[str], face: CardFace = card_text
) -> str:
    """The cards of a trick, each after its seat's name, in the order played."""
    return ", ".join(f"{names[seat]} {face(card)}" for seat, card in plays)


def _said(
    names: Sequence[str], seat: int, you: int | None, yours: str, theirs: str, **values: object
) -> str:
    """``yours`` (the "you" form) for the reader's own seat, else ``theirs`` with the seat's
    ``name``; both formatted with ``values``."""
    if seat == you:
        return _(yours).format(**values)
    return _(theirs).format(name=names[seat], **values)


def event_text(
    event: Event,
    names: Sequence[str],
    rules: Rules,
    face: CardFace = card_text,
    you: int | None = None,
) -> str | None:
    """One line for an event, or None for events a player need not be told. ``you`` is the
    seat of the player reading it, who reads the "you" form of the sentence."""
    if isinstance(event, HandDealt):
        dealt = dealt_text(event.dealer, names, rules, you)
        return ngettext(
            "— Hand {number}: {count} card each, {dealt} —",
            "— Hand {number}: {count} cards each, {dealt} —",
            event.cards_per_seat,
        ).format(number=event.hand_number, count=event.cards_per_seat, dealt=dealt)
    if isinstance(event, CardDrawn):
        return None
    if isinstance(event, CardsRevealed):
        return _said(
            names,
            event.seat,
            you,
            N_("You look at your cards."),
            N_("{name} looks at their cards."),
        )
    if isinstance(event, Redealt):
        return _said(
            names,
            event.seat,
            you,
            N_("You throw in a deficient hand: redeal."),
            N_("{name} throws in a deficient hand: redeal."),
        )
    if isinstance(event, BidMade) and rules.auction and not event.tricks:
        return _said(names, event.seat, you, N_("You pass."), N_("{name} passes."))
    if isinstance(event, BidMade):
        bid = bid_text(Bid(event.seat, event.tricks, event.blind), rules)
        return _said(
            names, event.seat, you, N_("You bid {bid}."), N_("{name} bids {bid}."), bid=bid
        )
    if isinstance(event, BooksMade):
        return _(
            "Books made: the bids add up to 10, so the hand is not played and each side"
            " scores its bid."
        )
    if isinstance(event, BidRaised):
        if not event.by:
            return None
        bid = bid_text(Bid(event.seat, event.tricks), rules)
        if event.by < 0:
            # Miser's second round (003:89) and Counter Bidding (000:18) may lower a bid.
            return _said(
                names,
                event.seat,
                you,
                N_("You lower your bid to {bid}."),
                N_("{name} lowers their bid to {bid}."),
                bid=bid,
            )
        return _said(
            names,
            event.seat,
            you,
            N_("You raise your bid to {bid}."),
            N_("{name} raises their bid to {bid}."),
            bid=bid,
        )
    if isinstance(event, HighLowCalled):
        return _called_text(event, names, you)
    if isinstance(event, Declared):
        declaration = declaration_text(event.big, rules)
        return _said(
            names,
            event.seat,
            you,
            N_("You declare {declaration}."),
            N_("{name} declares {declaration}."),
            declaration=declaration,
        )
    if isinstance(event, HalfBidMade):
        bid = half_text(event.tricks)
        return _said(
            names, event.seat, you, N_("You bid {bid}."), N_("{name} bids {bid}."), bid=bid
        )
    if isinstance(event, NoTrumpBid):
        return _said(
            names,
            event.seat,
            you,
            N_("You bid no trump: no spade wins you a trick unless spades are led."),
            N_("{name} bids no trump: no spade wins them a trick unless spades are led."),
        )
    if isinstance(event, PassingStarted):
        if event.pairs[0][0] == event.pairs[0][1]:
            # 000:99 the kitty: taken, and as many cards discarded face down.
            return _said(
                names,
                event.pairs[0][0],
                you,
                N_("You take the kitty: discard as many cards as it held ({count})."),
                N_("{name} takes the kitty and discards as many cards as it held ({count})."),
                count=event.count[0],
            )
        if rules.hurricane_pass != "off":
            # Hurricane (003:363): every seat passes to its neighbour, before the bids.
            left = event.pairs[0][1] == (event.pairs[0][0] + 1) % len(names)
            return (
                _("Hurricane passing: everyone passes 3 cards to the player on their left.")
                if left
                else _("Hurricane passing: everyone passes 3 cards to the player on their right.")
            )
        pairs = "; ".join(
            _("{first} and {second} pass {count}").format(first=names[a], second=names[b], count=n)
            for (a, b), n in zip(event.pairs, event.count, strict=True)
        )
        if rules.pass_every_hand:
            return _("Partners pass cards: {pairs}.").format(pairs=pairs)
        return _("Nil passing: {pairs}.").format(pairs=pairs)
    if isinstance(event, CardsPassed):
        if event.seat == event.to_seat:
            return _said(
                names,
                event.seat,
                you,
                N_("You discard {count} face down."),
                N_("{name} discards {count} face down."),
                count=event.count,
            )
        return _said(
            names,
            event.seat,
            you,
            N_("You pass {count} to {partner}."),
            N_("{name} passes {count} to {partner}."),
            count=event.count,
            partner=names[event.to_seat],
        )
    if isinstance(event, PlayStarted):
        return _said(names, event.leader, you, N_("You lead."), N_("{name} leads."))
    if isinstance(event, CardPlayed):
        if event.broke_spades:
            yours, theirs = (
                N_("You play {card} (spades are broken)."),
                N_("{name} plays {card} (spades are broken)."),
            )
        else:
            yours, theirs = N_("You play {card}."), N_("{name} plays {card}.")
        return _said(names, event.seat, you, yours, theirs, card=face(event.card))
    if isinstance(event, DummyTurned):
        # 003:152: the dummy's face-down cards turned, one at a time, until one may be
        # played (a card it must play is played at once).
        cards = ", ".join(face(c) for c in event.cards)
        return _("{name} turns up {cards}.").format(name=names[event.seat], cards=cards)
    if isinstance(event, TrickWon) and event.seat < 0:
        return _(
            "Trick {number} is dead: its cards cancelled each other and nobody takes it."
        ).format(number=event.trick_number)
    if isinstance(event, TrickWon):
        return _said(
            names,
            event.seat,
            you,
            N_("You take trick {number}."),
            N_("{name} takes trick {number}."),
            number=event.trick_number,
        )
    if isinstance(event, RenegeCalled):
        return _renege_text(event, names, you)
    if isinstance(event, ClaimAccepted):
        if event.seat == you:
            claim = ngettext(
                "You claim the rest: {count} trick.",
                "You claim the rest: {count} tricks.",
                event.tricks,
            )
        else:
            claim = ngettext(
                "{name} claims the rest: {count} trick.",
                "{name} claims the rest: {count} tricks.",
                event.tricks,
            )
        return claim.format(name=names[event.seat], count=event.tricks)
    if isinstance(event, ClaimFailed):
        cost = _claim_cost(event, names, face, event.seat == you)
        return _said(
            names,
            event.seat,
            you,
            N_("Your claim fails: {cost}."),
            N_("{name}'s claim fails: {cost}."),
            cost=cost,
        )
    if isinstance(event, HandScored):
        return result_text(event.result, names, rules, you)
    if isinstance(event, TimeCalled):
        # 000:88, 002:72: the table's clock called the agreed time.
        if event.now:
            return _("Time is up before this hand began: the game ends unless the scores are tied.")
        return _("Time is up: this hand is the last one, unless the scores are tied at its end.")
    if isinstance(event, GameOver):
        return _("Game over: {result}").format(
            result=lead_text(event.scores, rules.teams, names, you)
        )
    return None


def _renege_text(event: RenegeCalled, names: Sequence[str], you: int | None) -> str:
    if event.proven:
        yours, theirs = (
            N_("You call a renege on {accused}: proven."),
            N_("{name} calls a renege on {accused}: proven."),
        )
    else:
        yours, theirs = (
            N_("You call a renege on {accused}: false call."),
            N_("{name} calls a renege on {accused}: false call."),
        )
    return _said(names, event.seat, you, yours, theirs, accused=names[event.accused])


def _claim_cost(event: ClaimFailed, names: Sequence[str], face: CardFace, yours: bool) -> str:
    if event.penalty == "exposed":
        cards = ", ".join(face(c) for c in event.exposed)
        if yours:
            return _("your cards stay face up ({cards})").format(cards=cards)
        return _("their cards stay face up ({cards})").format(cards=cards)
    if event.penalty == "set":
        return _("your side is set this hand") if yours else _("their side is set this hand")
    given = [f"{names[seat]} {n}" for seat, n in enumerate(event.forfeited) if n]
    return ngettext(
        "the {count} trick left goes to {seats}",
        "the {count} tricks left go to {seats}",
        event.tricks,
    ).format(count=event.tricks, seats=", ".join(given) if given else _("nobody"))


def drawn(rules: Rules) -> bool:
    """Whether the players draw their hands from a stock: two players (000), unless a deal
    shape deals them, or three with two decks (003:81)."""
    shape = rules.deal_shape
    return (rules.players == 2 and shape == "even") or shape == "two_decks"


def dealt_text(dealer: int, names: Sequence[str], rules: Rules, you: int | None = None) -> str:
    """ "dealt by West"; with two players nobody deals: each draws from the stock."""
    if drawn(rules):
        return _("drawn from the stock")
    if dealer == you:
        return _("dealt by you")
    return _("dealt by {name}").format(name=names[dealer])


def lead_text(
    scores: Sequence[int],
    teams: Sequence[Sequence[int]],
    names: Sequence[str],
    you: int | None = None,
) -> str:
    """Who won, or who is ahead: "North & South win 520 to 10." or "A tie at 100."."""
    best = max(scores)
    leaders = [t for t, score in enumerate(scores) if score == best]
    if len(leaders) > 1:
        return _("A tie at {score}.").format(score=best)
    side = teams[leaders[0]]
    name = team_name(leaders[0], teams, names)
    ordered = [str(s) for s in sorted(scores, reverse=True)]
    shown = ordered[0]
    for score in ordered[1:]:
        shown = _("{higher} to {lower}").format(higher=shown, lower=score)
    if you in side and len(side) == 1:
        # The reader alone, named as they read themselves ("You").
        return _("{you} win {scores}.").format(you=name, scores=shown)
    if len(side) > 1 or you in side:
        return _("{side} win {scores}.").format(side=name, scores=shown)
    return _("{side} wins {scores}.").format(side=name, scores=shown)


def score_items(team: TeamHandResult) -> list[tuple[str, int]]:
    """The parts of a side's score for a hand that are not zero, in the order they add up."""
    items = [
        (_("contract"), team.contract_points),
        (_("overtricks"), team.overtrick_points),
        (_("nil"), team.nil_bonus),
        (_("blind"), team.blind_bonus),
        (special_text(team.special) if team.special else _("special"), team.special_points),
        (_("renege"), team.renege_points),
        (_("bag penalty"), team.bag_penalty),
    ]
    return [(label, value) for label, value in items if value]


def contract_text(team: TeamHandResult) -> str:
    """ "bid 4, took 6 (made)"."""
    outcome = {
        (True, False): N_("bid {bid}, took {tricks} (made)"),
        (False, False): N_("bid {bid}, took {tricks} (set)"),
        (None, False): N_("bid {bid}, took {tricks} (no contract)"),
        (True, True): N_("bid {bid}, took {tricks} (made by its failed claim)"),
        (False, True): N_("bid {bid}, took {tricks} (set by its failed claim)"),
        (None, True): N_("bid {bid}, took {tricks} (no contract by its failed claim)"),
    }[team.made, bool(team.claim_set)]
    return _(outcome).format(bid=team.bid, tricks=team.tricks)


# How a Nil went, by (the reader's own, blind, made).
_NIL_OUTCOMES = {
    (True, False, True): N_("Your nil made."),
    (True, True, True): N_("Your blind nil made."),
    (False, False, True): N_("{name}'s nil made."),
    (False, True, True): N_("{name}'s blind nil made."),
    (True, False, False): N_("Your nil failed ({tricks})."),
    (True, True, False): N_("Your blind nil failed ({tricks})."),
    (False, False, False): N_("{name}'s nil failed ({tricks})."),
    (False, True, False): N_("{name}'s blind nil failed ({tricks})."),
}


def nil_lines(result: HandResult, names: Sequence[str], you: int | None = None) -> list[str]:
    """How each Nil went: "West's nil made.", "Your blind nil failed (2 tricks)"."""
    lines = []
    for seat in result.seats:
        if seat.nil:
            outcome = _NIL_OUTCOMES[seat.seat == you, bool(seat.blind), bool(seat.made)]
            lines.append(_(outcome).format(name=names[seat.seat], tricks=tricks_text(seat.tricks)))
    return lines


def result_text(
    result: HandResult, names: Sequence[str], rules: Rules, you: int | None = None
) -> str:
    """Every item of a hand's score, per side, so players can check the arithmetic; in
    lines of about 40 characters (a side's contract, its items, then its total)."""
    short = [short_name(n) for n in names]
    lines = [_("Hand {number} scored:").format(number=result.hand_number)]
    for team in result.teams:
        side, contract = side_text(team.seats, names), contract_text(team)
        if len(side) + 2 + len(contract) <= LINE_WIDTH:
            lines.append(f"{side}: {contract}")
        else:
            lines += [f"{side}:", f"  {contract}"]
        items = [f"{label} {value:+d}" for label, value in score_items(team)]
        if items:
            detail = wrapped("", [(item, item) for item in items], LINE_WIDTH - 2)
            lines += ["  " + line.lstrip() for line in detail]
        lines.append(f"  = {team.total:+d} → {team.score} ({bags_text(team.bags_total)})")
    lines += nil_lines(result, short, you)
    return "\n".join(lines)


def replay_lines(record: HandRecord, names: Sequence[str], rules: Rules) -> list[str]:
    """What happened in a replayed hand besides the deal, the bids, the tricks and the
    score: passing, redeals, claims and reneges, each as its event's line."""
    lines = []
    for event in record.events:
        if not isinstance(
            event, HandDealt | PlayStarted | CardPlayed | TrickWon | BidMade | HandScored
        ):
            text = event_text(event, names, rules)
            if text is not None:
                lines.append(text)
    return lines


def hand_record_text(
    record: HandRecord, names: Sequence[str], rules: Rules, face: CardFace = card_text
) -> str:
    """A hand after the game, to check it: every seat's cards at the first lead, then what
    happened, one line per trick."""
    dealt = dealt_text(record.dealer, names, rules)
    lines = [
        _("Hand {number}, {dealt}. At the first lead:").format(
            number=record.hand_number, dealt=dealt
        )
    ]
    lines += [
        f"  {names[seat]}: {hand_text(held, rules, face)}" for seat, held in enumerate(record.held)
    ]
    for event in record.events:
        if isinstance(event, TrickWon):
            played = plays_text(event.plays, names, face)
            if event.seat < 0:
                line = _("Trick {number}: {plays} — dead").format(
                    number=event.trick_number, plays=played
                )
            else:
                line = _("Trick {number}: {plays} — {name}").format(
                    number=event.trick_number, plays=played, name=names[event.seat]
                )
            lines.append(line)
        elif not isinstance(event, HandDealt | PlayStarted | CardPlayed):
            # The deal heads the text and each card shows in its trick's line.
            text = event_text(event, names, rules, face)
            if text is not None:
                lines.append(text)
    return "\n".join(lines)
