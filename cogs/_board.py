"""Text for Discord: the table message from a table's public snapshot, a spectator's view,
and a member's hand.

Pure functions returning Markdown strings; ``cogs._presenter`` sends them. The table
message reads only a ``TableSnapshot`` (no hand in it unless the rules turn every hand face
up); a spectator's view reads a ``SpectatorView`` (hands only when the rules let spectators
see them); a hand reads only its own seat's ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Phase, SeatView
from bot.render.text import (
    CardFace,
    bid_text,
    declared_line,
    hand_text,
    plural,
    result_text,
    table_text,
    team_name,
    trick_line,
)
from bot.tables import SeatSnapshot, SpectatorView, TableSnapshot, TableStatus
from cogs._names import plain_name

# Discord refuses message content over 2,000 characters.
MESSAGE_LIMIT = 2000


def names_of(snapshot: TableSnapshot) -> list[str]:
    return [f"Seat {i + 1}" if seat is None else seat.name for i, seat in enumerate(snapshot.seats)]


def clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


def board_text(
    snapshot: TableSnapshot, close_reason: str | None = None, face: CardFace = str
) -> str:
    """The table message: the lobby's seats, or the game as everyone may see it; ``face``
    writes the cards of the trick and of a hand left face up (an emoji, or text)."""
    return _board(snapshot, close_reason, None, face)


def watch_text(seen: SpectatorView, close_reason: str | None = None, face: CardFace = str) -> str:
    """A spectator's view (``/spades watch``): the table message, the cards each seat has
    played this hand, and every hand when the rules let spectators see them."""
    return _board(seen.snapshot, close_reason, seen, face)


def _board(
    snapshot: TableSnapshot,
    close_reason: str | None,
    seen: SpectatorView | None,
    face: CardFace = str,
) -> str:
    if snapshot.status is TableStatus.LOBBY:
        return clip(_lobby(snapshot))
    lines = _game(snapshot, seen, face)
    if snapshot.status is TableStatus.OVER and snapshot.winner is not None:
        lines.insert(0, f"**Game over.** {_winners(snapshot)}")
        lines.append("Play again with the same seats: **Rematch**.")
    elif snapshot.status is TableStatus.CLOSED:
        lines.insert(0, f"**Table closed.** {close_reason or ''}".rstrip())
    return clip("\n".join(lines))


def _lobby(snapshot: TableSnapshot) -> str:
    names = names_of(snapshot)
    host = next((s.name for s in snapshot.seats if s and s.user_id == snapshot.host_id), None)
    lines = [
        f"**Spades table** — waiting for players · {snapshot.rules.players} seats"
        + (f" · host {host}" if host else ""),
        "Teams: " + " vs ".join(_seat_list(team, names) for team in snapshot.teams),
    ]
    for index, seat in enumerate(snapshot.seats):
        lines.append(f"`{index + 1}` {_who(seat) if seat else '*(empty)*'}")
    lines.append(
        "**Join** takes the first free seat (`/spades join` or `/spades seat` picks a seat,"
        " and so a partner). The host adds bots and deals with **Start**, which puts a bot"
        " in any empty seat. `/spades rules` shows the rules."
    )
    return "\n".join(lines)


def _seat_list(seats: Sequence[int], names: Sequence[str]) -> str:
    return " & ".join(f"{names[s]} ({s + 1})" for s in seats)


def _who(seat: SeatSnapshot) -> str:
    if seat.bot is not None and seat.user_id is None:
        return f"{seat.name} 🤖"
    return f"{seat.name}{' (away: a bot plays for them)' if seat.away else ''}"


def _game(snapshot: TableSnapshot, seen: SpectatorView | None, face: CardFace) -> list[str]:
    names = names_of(snapshot)
    rules = snapshot.rules
    # With two players nobody deals: each draws from the stock.
    dealer = ""
    if snapshot.dealer is not None and rules.players > 2:
        dealer = f" · dealer {names[snapshot.dealer]}"
    lines = [f"**Spades** · hand {snapshot.hand_number}{dealer}"]
    for team in range(len(snapshot.teams)):
        lines.append(f"**{team_name(team, snapshot.teams, names)}**: {_standing(snapshot, team)}")
    for seat in snapshot.seats:
        if seat is None:
            continue
        turn = "▶" if seat.seat == snapshot.to_act else "·"
        lines.append(
            f"{turn} `{seat.seat + 1}` {_who(seat)} — bid {bid_text(seat.bid, rules)},"
            f" tricks {seat.tricks_taken}"
        )
    declared = declared_line(snapshot.declared, snapshot.teams, names, rules)
    if declared is not None:
        lines.append(declared)
    trick = trick_line(
        snapshot.trick, snapshot.trick_number, snapshot.last_trick, snapshot.phase, names, face
    )
    if trick is not None:
        lines.append(trick)
    if seen is not None and any(snapshot.played):
        lines.append("Played this hand:")
        for index, cards in enumerate(snapshot.played):
            lines.append(f"{names[index]}: {' '.join(str(c) for c in cards) or '-'}")
    # Hands every seat may see (show_all_hands) are on the table message already.
    hands = snapshot.all_hands if snapshot.all_hands is not None or seen is None else seen.hands
    if hands is not None and snapshot.status is TableStatus.PLAYING:
        for index, cards in enumerate(hands):
            lines.append(f"{names[index]}'s hand: {hand_text(cards, rules)}")
    elif snapshot.status is TableStatus.PLAYING:
        # A failed claim left these cards face up for everyone (house rule failed_claim).
        for index, cards in enumerate(snapshot.exposed):
            if cards:
                lines.append(f"{names[index]}'s cards, face up: {hand_text(cards, rules, face)}")
    if snapshot.status is TableStatus.PLAYING and snapshot.to_act is not None:
        doing = _DOING.get(snapshot.phase or Phase.PLAY, "play")
        timer = f", time runs out <t:{int(snapshot.deadline)}:R>" if snapshot.deadline else ""
        lines.append(f"**{names[snapshot.to_act]}** to {doing}{timer}.")
    if snapshot.stop_votes and snapshot.status is TableStatus.PLAYING:
        lines.append(f"Votes to stop: {snapshot.stop_votes}.")
    if snapshot.last_result is not None:
        plain = [plain_name(name) for name in names]
        lines.append("```\n" + result_text(snapshot.last_result, plain, rules) + "\n```")
    return lines


_DOING = {Phase.BID: "bid", Phase.PASS: "pass", Phase.DRAW: "draw", Phase.PLAY: "play"}


def _winners(snapshot: TableSnapshot) -> str:
    assert snapshot.winner is not None
    names = names_of(snapshot)
    side = snapshot.teams[snapshot.winner]
    scores = " to ".join(str(s) for s in sorted(snapshot.scores, reverse=True))
    return f"{' & '.join(names[s] for s in side)} win{'s' if len(side) == 1 else ''} {scores}."


def _standing(snapshot: TableSnapshot, team: int) -> str:
    """ "120 points, 1 bag"."""
    return f"{plural(snapshot.scores[team], 'point')}, {plural(snapshot.bags[team], 'bag')}"


def score_text(snapshot: TableSnapshot) -> str:
    """Scores, bags and the last hand's breakdown (``/spades score``)."""
    if snapshot.status is TableStatus.LOBBY:
        return "The game has not started yet: no score."
    names = names_of(snapshot)
    lines = [
        f"**{team_name(t, snapshot.teams, names)}**: {_standing(snapshot, t)}"
        for t in range(len(snapshot.teams))
    ]
    if snapshot.rules.play_to == "score":
        lines.append(f"Playing to {snapshot.rules.target_score}.")
    else:
        lines.append(f"Playing {snapshot.rules.hands_to_play} hands.")
    if snapshot.last_result is not None:
        plain = [plain_name(name) for name in names]
        lines.append("```\n" + result_text(snapshot.last_result, plain, snapshot.rules) + "\n```")
    return clip("\n".join(lines))


def turn_text(view: SeatView, names: Sequence[str]) -> str:
    """Whose turn it is, for a seat's own message: "**Your turn** to play." or
    "Waiting for **carol** to bid."."""
    if view.is_over:
        return "**The game is over.**"
    if view.to_act is None:
        return "Waiting for the next hand."
    doing = _DOING.get(view.phase or Phase.PLAY, "play")
    if view.to_act == view.seat:
        return f"**Your turn** to {doing}."
    return f"Waiting for **{names[view.to_act]}** to {doing}."


def hand_message(view: SeatView, names: Sequence[str], note: str = "", face: CardFace = str) -> str:
    """A member's private message, for a phone: whose turn it is and their cards first, the
    trick, then the table as their seat sees it in lines of about 40 characters; ``face``
    writes each card (an emoji, or text)."""
    lines = [note] if note else []
    lines.append(turn_text(view, names))
    if view.hand is None:
        lines.append("Your cards are face down: bid blind, or look at them first.")
    else:
        lines.append(f"**{hand_text(view.hand, view.rules, face)}**")
    if view.received:
        lines.append("Passed to you: " + " ".join(face(c) for c in view.received))
    if view.draw_offer:
        lines.append("You draw: " + " and ".join(face(c) for c in view.draw_offer))
    # The trick goes outside the block, where Discord draws emojis.
    trick = trick_line(view.trick, view.trick_number, view.last_trick, view.phase, names, face)
    if trick is not None:
        lines.append(trick)
    lines.append("```\n" + table_text(view, [plain_name(n) for n in names], trick=False) + "\n```")
    return clip("\n".join(lines))
