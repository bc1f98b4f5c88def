"""Plain-text table, hand, event and score renderings of a seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine import (
    Bid,
    BidMade,
    Card,
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsRevealed,
    ClaimAccepted,
    ClaimFailed,
    Event,
    GameOver,
    HandDealt,
    HandRecord,
    HandResult,
    HandScored,
    PassingStarted,
    Phase,
    PlayStarted,
    Redealt,
    RenegeCalled,
    Rules,
    SeatView,
    Suit,
    TeamHandResult,
    TrickRecord,
    TrickWon,
)
from bot.engine.cards import BIG_JOKER
from bot.engine.deck import deck_info

COMPASS = ("South", "West", "North", "East")
YOU = "You"

CardFace = Callable[[Card], str]
"""How a card is written: ``str`` (``A♠``), its Discord emoji (``cards.card_face``) or in
colour for a terminal. Every function here that writes a card takes one."""


def seat_names(players: int, human: int | None = 0) -> list[str]:
    """Names for the seats: compass points for four, numbered seats otherwise; the
    ``human`` seat is "You" (pass the same seat as ``you`` to the functions below)."""
    names = list(COMPASS) if players == 4 else [f"Seat {s + 1}" for s in range(players)]
    if human is not None:
        names[human] = YOU
    return names


def is_red(card: Card) -> bool:
    """Hearts and diamonds are red; of the jokers, the big one is (the little one black)."""
    if card.suit is None:
        return card.index == BIG_JOKER
    return card.suit in (Suit.HEARTS, Suit.DIAMONDS)


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
    deck = deck_info(rules.deck, rules.players)
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(deck.suit_of[card.index], []).append(card)
    return [
        sorted(groups[suit], key=lambda c: deck.power[c.index], reverse=True)
        for suit in sorted(groups)
    ]


def hand_text(cards: Sequence[Card], rules: Rules, face: CardFace = str) -> str:
    """A hand grouped by suit, trumps last, each suit high to low."""
    parts = [" ".join(face(c) for c in group) for group in hand_order(cards, rules)]
    return "  |  ".join(parts) if parts else "(no cards)"


def bid_text(bid: Bid | None, rules: Rules) -> str:
    if bid is None:
        return "-"
    word = "nil" if bid.tricks == 0 and rules.nil_mode == "nil" else str(bid.tricks)
    return f"blind {word}" if bid.blind else word


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
    view: SeatView, names: Sequence[str], face: CardFace = str, *, trick: bool = True
) -> str:
    """The table as a player sees it, in lines of about 40 characters: each side's score,
    each seat's bid and tricks, the trick in play (unless not ``trick``: shown elsewhere),
    whose turn."""
    rules = view.rules
    short = [short_name(n) for n in names]
    # With two players nobody deals: each draws from the stock.
    dealer = "" if rules.players == 2 else f" · dealer {short[view.dealer]}"
    lines = [f"Hand {view.hand_number}{dealer}"]
    for team in range(len(view.teams)):
        side = side_text(view.teams[team], names)
        score = f"{plural(view.scores[team], 'point')}, {plural(view.bags[team], 'bag')}"
        if len(side) + 2 + len(score) <= LINE_WIDTH:
            lines.append(f"{side}: {score}")
        else:
            lines += [f"{side}:", f"  {score}"]
    for seat in range(len(names)):
        lines.append(
            f"{short[seat]:<{NAME_WIDTH}} bid {bid_text(view.bids[seat], rules):<9}"
            f" took {view.tricks_taken[seat]}"
        )
    plays = view.trick
    head = f"Trick {view.trick_number}:"
    if not plays and view.last_trick is not None and view.phase is Phase.PLAY:
        plays = view.last_trick.plays
        head = f"Last trick, {short[view.last_trick.winner]} took it:"
    if trick and plays:
        lines += wrapped(
            head, [(f"{short[seat]} {card}", f"{short[seat]} {face(card)}") for seat, card in plays]
        )
    if view.phase is Phase.PLAY:
        lines.append("Spades are broken." if view.spades_broken else "Spades are not broken.")
    if view.to_act is not None:
        lines.append(f"To act: {short[view.to_act]}")
    return "\n".join(lines)


def status_text(view: SeatView, names: Sequence[str]) -> str:
    """One line for a player about to act: in play, the trick and each seat's tricks
    against its bid; before it, the hand and each side's score."""
    if view.phase is Phase.PLAY:
        seats = ", ".join(
            f"{names[seat]} {view.tricks_taken[seat]}/{bid_text(view.bids[seat], view.rules)}"
            for seat in range(len(names))
        )
        broken = " · spades broken" if view.spades_broken else ""
        return f"Trick {view.trick_number}/{view.num_tricks} · taken/bid {seats}{broken}"
    sides = ", ".join(
        f"{team_name(team, view.teams, names)} {view.scores[team]}"
        f" ({plural(view.bags[team], 'bag')})"
        for team in range(len(view.teams))
    )
    return f"Hand {view.hand_number} · {sides}"


def trick_line(
    trick: Sequence[tuple[int, Card]],
    number: int,
    last: TrickRecord | None,
    phase: Phase | None,
    names: Sequence[str],
    face: CardFace = str,
) -> str | None:
    """The trick on the table, or between tricks the one just won; ``None`` outside play."""
    if trick:
        return f"Trick {number}: {plays_text(trick, names, face)}"
    if last is not None and phase is Phase.PLAY:
        return f"Last trick: {plays_text(last.plays, names, face)} — {names[last.winner]} took it"
    return None


def plays_text(
    plays: Sequence[tuple[int, Card]], names: Sequence[str], face: CardFace = str
) -> str:
    """The cards of a trick, each after its seat's name, in the order played."""
    return ", ".join(f"{names[seat]} {face(card)}" for seat, card in plays)


def event_text(
    event: Event,
    names: Sequence[str],
    rules: Rules,
    face: CardFace = str,
    you: int | None = None,
) -> str | None:
    """One line for an event, or None for events a player need not be told. ``you`` is the
    seat of the player reading it, whose verbs agree with "You"."""
    if isinstance(event, HandDealt):
        dealt = dealt_text(event.dealer, names, rules, you)
        return f"— Hand {event.hand_number}: {event.cards_per_seat} cards each, {dealt} —"
    if isinstance(event, CardDrawn):
        return None
    if isinstance(event, CardsRevealed):
        whose = "your" if event.seat == you else "their"
        return f"{does(names, event.seat, 'look', you)} at {whose} cards."
    if isinstance(event, Redealt):
        return f"{does(names, event.seat, 'throw', you)} in a deficient hand: redeal."
    if isinstance(event, BidMade):
        bid = Bid(event.seat, event.tricks, event.blind)
        return f"{does(names, event.seat, 'bid', you)} {bid_text(bid, rules)}."
    if isinstance(event, PassingStarted):
        pairs = "; ".join(
            f"{names[a]} and {names[b]} pass {n}"
            for (a, b), n in zip(event.pairs, event.count, strict=True)
        )
        return f"Nil passing: {pairs}."
    if isinstance(event, CardsPassed):
        return f"{does(names, event.seat, 'pass', you)} {event.count} to {names[event.to_seat]}."
    if isinstance(event, PlayStarted):
        return f"{does(names, event.leader, 'lead', you)}."
    if isinstance(event, CardPlayed):
        broke = " (spades are broken)" if event.broke_spades else ""
        return f"{does(names, event.seat, 'play', you)} {face(event.card)}{broke}."
    if isinstance(event, TrickWon):
        return f"{does(names, event.seat, 'take', you)} trick {event.trick_number}."
    if isinstance(event, RenegeCalled):
        verdict = "proven" if event.proven else "false call"
        caller = does(names, event.seat, "call", you)
        return f"{caller} a renege on {names[event.accused]}: {verdict}."
    if isinstance(event, ClaimAccepted):
        claim = does(names, event.seat, "claim", you)
        return f"{claim} the rest: {plural(event.tricks, 'trick')}."
    if isinstance(event, ClaimFailed):
        whose = "Your" if event.seat == you else f"{names[event.seat]}'s"
        return f"{whose} claim fails: {_claim_cost(event, names, face, event.seat == you)}."
    if isinstance(event, HandScored):
        return result_text(event.result, names, rules, you)
    if isinstance(event, GameOver):
        return f"Game over: {lead_text(event.scores, rules.teams, names, you)}"
    return None


def _claim_cost(event: ClaimFailed, names: Sequence[str], face: CardFace, yours: bool) -> str:
    whose = "your" if yours else "their"
    if event.penalty == "exposed":
        return f"{whose} cards stay face up ({', '.join(face(c) for c in event.exposed)})"
    if event.penalty == "set":
        return f"{whose} side is set this hand"
    given = [f"{names[seat]} {n}" for seat, n in enumerate(event.forfeited) if n]
    return f"the {event.tricks} tricks left go to " + (", ".join(given) if given else "nobody")


def dealt_text(dealer: int, names: Sequence[str], rules: Rules, you: int | None = None) -> str:
    """ "dealt by West"; with two players nobody deals: each draws from the stock."""
    if rules.players == 2:
        return "drawn from the stock"
    return f"dealt by {'you' if dealer == you else names[dealer]}"


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
        return f"A tie at {best}."
    side = teams[leaders[0]]
    name = team_name(leaders[0], teams, names)
    win = f"{name} win" if len(side) > 1 or you in side else f"{name} wins"
    return f"{win} {' to '.join(str(s) for s in sorted(scores, reverse=True))}."


def score_items(team: TeamHandResult) -> list[tuple[str, int]]:
    """The parts of a side's score for a hand that are not zero, in the order they add up."""
    items = [
        ("contract", team.contract_points),
        ("overtricks", team.overtrick_points),
        ("nil", team.nil_bonus),
        ("blind", team.blind_bonus),
        (team.special or "special", team.special_points),
        ("renege", team.renege_points),
        ("bag penalty", team.bag_penalty),
    ]
    return [(label, value) for label, value in items if value]


def contract_text(team: TeamHandResult) -> str:
    """ "bid 4, took 6 (made)"."""
    made = {True: "made", False: "set", None: "no contract"}[team.made]
    if team.claim_set:
        made += " by its failed claim"
    return f"bid {team.bid}, took {team.tricks} ({made})"


def nil_lines(result: HandResult, names: Sequence[str], you: int | None = None) -> list[str]:
    """How each Nil went: "West's nil made.", "Your blind nil failed (2 tricks)"."""
    lines = []
    for seat in result.seats:
        if seat.nil:
            outcome = "made" if seat.made else f"failed ({plural(seat.tricks, 'trick')})"
            kind = "blind nil" if seat.blind else "nil"
            whose = "Your" if seat.seat == you else f"{names[seat.seat]}'s"
            lines.append(f"{whose} {kind} {outcome}.")
    return lines


def result_text(
    result: HandResult, names: Sequence[str], rules: Rules, you: int | None = None
) -> str:
    """Every item of a hand's score, per side, so players can check the arithmetic; in
    lines of about 40 characters (a side's contract, its items, then its total)."""
    short = [short_name(n) for n in names]
    lines = [f"Hand {result.hand_number} scored:"]
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
        lines.append(f"  = {team.total:+d} → {team.score} ({plural(team.bags_total, 'bag')})")
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
    record: HandRecord, names: Sequence[str], rules: Rules, face: CardFace = str
) -> str:
    """A hand after the game, to check it: every seat's cards at the first lead, then what
    happened, one line per trick."""
    dealt = dealt_text(record.dealer, names, rules)
    lines = [f"Hand {record.hand_number}, {dealt}. At the first lead:"]
    lines += [
        f"  {names[seat]}: {hand_text(held, rules, face)}" for seat, held in enumerate(record.held)
    ]
    for event in record.events:
        if isinstance(event, TrickWon):
            played = plays_text(event.plays, names, face)
            lines.append(f"Trick {event.trick_number}: {played} — {names[event.seat]}")
        elif not isinstance(event, HandDealt | PlayStarted | CardPlayed):
            # The deal heads the text and each card shows in its trick's line.
            text = event_text(event, names, rules, face)
            if text is not None:
                lines.append(text)
    return "\n".join(lines)
