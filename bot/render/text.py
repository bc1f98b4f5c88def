"""Plain-text table, hand, event and score renderings of a seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    Bid,
    BidMade,
    Card,
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsRevealed,
    ClaimAccepted,
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
    TrickRecord,
    TrickWon,
)
from bot.engine.deck import deck_info

COMPASS = ("South", "West", "North", "East")


def seat_names(players: int, human: int | None = 0) -> list[str]:
    """Names for the seats: compass points for four, numbered seats otherwise."""
    names = list(COMPASS) if players == 4 else [f"Seat {s + 1}" for s in range(players)]
    if human is not None:
        names[human] = f"You ({names[human]})"
    return names


def hand_text(cards: Sequence[Card], rules: Rules) -> str:
    """A hand grouped by suit, trumps last, each suit high to low."""
    deck = deck_info(rules.deck, rules.players)
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(deck.suit_of[card.index], []).append(card)
    parts = []
    for suit in sorted(groups):
        ranked = sorted(groups[suit], key=lambda c: deck.power[c.index], reverse=True)
        parts.append(" ".join(str(c) for c in ranked))
    return "  |  ".join(parts) if parts else "(no cards)"


def bid_text(bid: Bid | None, rules: Rules) -> str:
    if bid is None:
        return "-"
    word = "nil" if bid.tricks == 0 and rules.nil_mode == "nil" else str(bid.tricks)
    return f"blind {word}" if bid.blind else word


def team_name(team: int, teams: Sequence[Sequence[int]], names: Sequence[str]) -> str:
    return " & ".join(names[s] for s in teams[team])


def table_text(view: SeatView, names: Sequence[str]) -> str:
    """The table as a player sees it: scores, bids, tricks, the trick in play, whose turn."""
    rules = view.rules
    lines = [f"Hand {view.hand_number} · dealer {names[view.dealer]}"]
    for team in range(len(view.teams)):
        lines.append(
            f"  {team_name(team, view.teams, names)}: {view.scores[team]} points,"
            f" {view.bags[team]} bags"
        )
    for seat in range(len(names)):
        lines.append(
            f"  {names[seat]:<14} bid {bid_text(view.bids[seat], rules):<9}"
            f" tricks {view.tricks_taken[seat]}"
        )
    trick = trick_line(view.trick, view.trick_number, view.last_trick, view.phase, names)
    if trick is not None:
        lines.append(trick)
    if view.phase is Phase.PLAY:
        lines.append("Spades are broken." if view.spades_broken else "Spades are not broken.")
    if view.to_act is not None:
        lines.append(f"To act: {names[view.to_act]}")
    return "\n".join(lines)


def trick_line(
    trick: Sequence[tuple[int, Card]],
    number: int,
    last: TrickRecord | None,
    phase: Phase | None,
    names: Sequence[str],
) -> str | None:
    """The trick on the table, or between tricks the one just won; ``None`` outside play."""
    if trick:
        return f"Trick {number}: {plays_text(trick, names)}"
    if last is not None and phase is Phase.PLAY:
        return f"Last trick: {plays_text(last.plays, names)} — {names[last.winner]} took it"
    return None


def plays_text(plays: Sequence[tuple[int, Card]], names: Sequence[str]) -> str:
    """The cards of a trick, each after its seat's name, in the order played."""
    return ", ".join(f"{names[seat]} {card}" for seat, card in plays)


def event_text(event: Event, names: Sequence[str], rules: Rules) -> str | None:
    """One line for an event, or None for events a player need not be told."""
    if isinstance(event, HandDealt):
        return (
            f"— Hand {event.hand_number}: {names[event.dealer]} deals"
            f" {event.cards_per_seat} cards each —"
        )
    if isinstance(event, CardDrawn):
        return None
    if isinstance(event, CardsRevealed):
        return f"{names[event.seat]} looks at their cards."
    if isinstance(event, Redealt):
        return f"{names[event.seat]} throws in a deficient hand: redeal."
    if isinstance(event, BidMade):
        bid = Bid(event.seat, event.tricks, event.blind)
        return f"{names[event.seat]} bids {bid_text(bid, rules)}."
    if isinstance(event, PassingStarted):
        pairs = "; ".join(
            f"{names[a]} and {names[b]} pass {n}"
            for (a, b), n in zip(event.pairs, event.count, strict=True)
        )
        return f"Nil passing: {pairs}."
    if isinstance(event, CardsPassed):
        return f"{names[event.seat]} passes {event.count} to {names[event.to_seat]}."
    if isinstance(event, PlayStarted):
        return f"{names[event.leader]} leads."
    if isinstance(event, CardPlayed):
        broke = " (spades are broken)" if event.broke_spades else ""
        return f"{names[event.seat]} plays {event.card}{broke}."
    if isinstance(event, TrickWon):
        return f"{names[event.seat]} takes trick {event.trick_number}."
    if isinstance(event, RenegeCalled):
        verdict = "proven" if event.proven else "false call"
        return f"{names[event.seat]} calls a renege on {names[event.accused]}: {verdict}."
    if isinstance(event, ClaimAccepted):
        return f"{names[event.seat]} claims the rest: {event.tricks} tricks."
    if isinstance(event, HandScored):
        return result_text(event.result, names, rules)
    if isinstance(event, GameOver):
        scores = ", ".join(str(s) for s in event.scores)
        return f"Game over. Scores: {scores}."
    return None


def result_text(result: HandResult, names: Sequence[str], rules: Rules) -> str:
    """Every item of a hand's score, per side, so players can check the arithmetic."""
    teams = [t.seats for t in result.teams]
    lines = [f"Hand {result.hand_number} scored:"]
    for team in result.teams:
        items = [
            ("contract", team.contract_points),
            ("overtricks", team.overtrick_points),
            ("nil", team.nil_bonus),
            ("blind", team.blind_bonus),
            (team.special or "special", team.special_points),
            ("renege", team.renege_points),
            ("bag penalty", team.bag_penalty),
        ]
        detail = ", ".join(f"{label} {value:+d}" for label, value in items if value)
        made = {True: "made", False: "set", None: "no contract"}[team.made]
        lines.append(
            f"  {team_name(team.team, teams, names)}: bid {team.bid}, took {team.tricks}"
            f" ({made}){': ' + detail if detail else ''} = {team.total:+d}"
            f" → {team.score} ({team.bags_total} bags)"
        )
    for seat in result.seats:
        if seat.nil:
            outcome = "made" if seat.made else f"failed ({seat.tricks} tricks)"
            kind = "blind nil" if seat.blind else "nil"
            lines.append(f"  {names[seat.seat]}'s {kind} {outcome}.")
    return "\n".join(lines)


def hand_record_text(record: HandRecord, names: Sequence[str], rules: Rules) -> str:
    """A hand after the game, to check it: every seat's cards at the first lead, then what
    happened, one line per trick."""
    lines = [f"Hand {record.hand_number}, dealt by {names[record.dealer]}. At the first lead:"]
    lines += [f"  {names[seat]}: {hand_text(held, rules)}" for seat, held in enumerate(record.held)]
    for event in record.events:
        if isinstance(event, TrickWon):
            played = plays_text(event.plays, names)
            lines.append(f"Trick {event.trick_number}: {played} — {names[event.seat]}")
        elif not isinstance(event, HandDealt | PlayStarted | CardPlayed):
            # The deal heads the text and each card shows in its trick's line.
            text = event_text(event, names, rules)
            if text is not None:
                lines.append(text)
    return "\n".join(lines)
