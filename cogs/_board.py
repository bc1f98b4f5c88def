"""Text for Discord: the table message from a table's public snapshot, a spectator's view,
and a member's hand.

Pure functions returning Markdown strings; ``cogs._presenter`` sends them. The table
message reads only a ``TableSnapshot`` (no hand in it unless the rules turn every hand face
up); a spectator's view reads a ``SpectatorView`` (hands only when the rules let spectators
see them); a hand reads only its own seat's ``SeatView``. Each is written in the language in
force: the channel's for the table message, the member's for their hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Phase, SeatView
from bot.i18n import _, format_list, ngettext
from bot.render.names import player_name
from bot.render.text import (
    CardFace,
    bags_text,
    call_line,
    declared_line,
    drawn,
    hand_text,
    lead_text,
    points_text,
    result_text,
    seat_bid_text,
    table_text,
    team_name,
    trick_line,
)
from bot.render.words import card_text
from bot.tables import SeatSnapshot, SpectatorView, TableSnapshot, TableStatus
from cogs._names import plain_name

# Discord refuses message content over 2,000 characters.
MESSAGE_LIMIT = 2000


def names_of(snapshot: TableSnapshot) -> list[str]:
    return [
        _("Seat {number}").format(number=i + 1) if seat is None else player_name(seat.name)
        for i, seat in enumerate(snapshot.seats)
    ]


def clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


def board_text(
    snapshot: TableSnapshot, close_reason: str | None = None, face: CardFace = card_text
) -> str:
    """The table message: the lobby's seats, or the game as everyone may see it; ``face``
    writes the cards of the trick and of a hand left face up (an emoji, or text)."""
    return _board(snapshot, close_reason, None, face)


def watch_text(
    seen: SpectatorView, close_reason: str | None = None, face: CardFace = card_text
) -> str:
    """A spectator's view (``/spades watch``): the table message, the cards each seat has
    played this hand, and every hand when the rules let spectators see them."""
    return _board(seen.snapshot, close_reason, seen, face)


def _board(
    snapshot: TableSnapshot,
    close_reason: str | None,
    seen: SpectatorView | None,
    face: CardFace = card_text,
) -> str:
    if snapshot.status is TableStatus.LOBBY:
        return clip(_lobby(snapshot))
    lines = _game(snapshot, seen, face)
    if snapshot.status is TableStatus.OVER and snapshot.winner is not None:
        over = (
            _("**Game over on time.** {result}")
            if snapshot.time_up
            else _("**Game over.** {result}")
        )
        lines.insert(0, over.format(result=_winners(snapshot)))
        lines.append(_("Play again with the same seats: **Rematch**."))
    elif snapshot.status is TableStatus.CLOSED:
        closed = _("**Table closed.** {reason}").format(reason=close_reason or "")
        lines.insert(0, closed.rstrip())
    return clip("\n".join(lines))


def _lobby(snapshot: TableSnapshot) -> str:
    names = names_of(snapshot)
    host = next(
        (player_name(s.name) for s in snapshot.seats if s and s.user_id == snapshot.host_id), None
    )
    players = snapshot.rules.players
    head = ngettext(
        "**Spades table** — waiting for players · {count} seat",
        "**Spades table** — waiting for players · {count} seats",
        players,
    ).format(count=players)
    if host:
        head = _("{table} · host {name}").format(table=head, name=host)
    teams = [_seat_list(team, names) for team in snapshot.teams]
    versus = teams[0]
    for team in teams[1:]:
        versus = _("{side} vs {other}").format(side=versus, other=team)
    lines = [head, _("Teams: {teams}").format(teams=versus)]
    for index, seat in enumerate(snapshot.seats):
        lines.append(f"`{index + 1}` {_who(seat) if seat else _('*(empty)*')}")
    lines.append(
        _(
            "**Join** takes the first free seat (`/spades join` or `/spades seat` picks a seat,"
            " and so a partner). The host adds bots and deals with **Start**, which puts a bot"
            " in any empty seat. `/spades rules` shows the rules."
        )
    )
    return "\n".join(lines)


def _seat_list(seats: Sequence[int], names: Sequence[str]) -> str:
    return " & ".join(f"{names[s]} ({s + 1})" for s in seats)


def _who(seat: SeatSnapshot) -> str:
    if seat.bot is not None and seat.user_id is None:
        return f"{player_name(seat.name)} 🤖"
    if seat.away:
        return _("{name} (away: a bot plays for them)").format(name=seat.name)
    return seat.name


def _game(snapshot: TableSnapshot, seen: SpectatorView | None, face: CardFace) -> list[str]:
    names = names_of(snapshot)
    rules = snapshot.rules
    # When the players draw from the stock (two players, three with two decks) nobody deals.
    head = _("**Spades** · hand {number}").format(number=snapshot.hand_number)
    if snapshot.dealer is not None and not drawn(rules):
        head = _("{head} · dealer {name}").format(head=head, name=names[snapshot.dealer])
    lines = [head]
    for team in range(len(snapshot.teams)):
        lines.append(f"**{team_name(team, snapshot.teams, names)}**: {_standing(snapshot, team)}")
    for seat in snapshot.seats:
        if seat is None:
            continue
        turn = "▶" if seat.seat == snapshot.to_act else "·"
        said = _("{who} — bid {bid}, tricks {tricks}").format(
            who=_who(seat), bid=seat_bid_text(seat.bid, rules, seat.half), tricks=seat.tricks_taken
        )
        lines.append(f"{turn} `{seat.seat + 1}` {said}")
    declared = declared_line(snapshot.declared, snapshot.teams, names, rules)
    if declared is not None:
        lines.append(declared)
    trick = trick_line(
        snapshot.trick, snapshot.trick_number, snapshot.last_trick, snapshot.phase, names, face
    )
    if trick is not None:
        lines.append(trick)
    called = call_line(snapshot.trick_call, snapshot.low_aces, names)
    if called is not None:
        lines.append(called)
    if seen is not None and any(snapshot.played):
        lines.append(_("Played this hand:"))
        for index, cards in enumerate(snapshot.played):
            lines.append(f"{names[index]}: {' '.join(card_text(c) for c in cards) or '-'}")
    lines.extend(_shown_hands(snapshot, seen, face, names))
    if snapshot.status is TableStatus.PLAYING and snapshot.rules.dummy_hands:
        # 003:152: the dummies' forced plays are not waited for.
        lines.append(_("A dummy's card is played at once when the rules leave it no choice."))
    if snapshot.status is TableStatus.PLAYING and snapshot.to_act is not None:
        lines.append(_to_act(snapshot.phase, names[snapshot.to_act], snapshot.deadline))
    timed = _time_line(snapshot)
    if timed is not None:
        lines.append(timed)
    if snapshot.stop_votes and snapshot.status is TableStatus.PLAYING:
        lines.append(_("Votes to stop: {count}.").format(count=snapshot.stop_votes))
    if snapshot.last_result is not None:
        plain = [plain_name(name) for name in names]
        lines.append("```\n" + result_text(snapshot.last_result, plain, rules) + "\n```")
    return lines


def _shown_hands(
    snapshot: TableSnapshot, seen: SpectatorView | None, face: CardFace, names: list[str]
) -> list[str]:
    """The hands the reader may see while the hand is played: every hand at
    show_all_hands (or for a watcher shown them), else the cards a failed claim left face up."""
    if snapshot.status is not TableStatus.PLAYING:
        return []
    rules = snapshot.rules
    # Hands every seat may see (show_all_hands) are on the table message already.
    hands = snapshot.all_hands if snapshot.all_hands is not None or seen is None else seen.hands
    if hands is not None:
        return [
            _("{name}'s hand: {cards}").format(name=names[index], cards=hand_text(cards, rules))
            for index, cards in enumerate(hands)
        ]
    # A failed claim left these cards face up for everyone (house rule failed_claim).
    return [
        _("{name}'s cards, face up: {cards}").format(
            name=names[index], cards=hand_text(cards, rules, face)
        )
        for index, cards in enumerate(snapshot.exposed)
        if cards
    ]


def _time_line(snapshot: TableSnapshot) -> str | None:
    """A game played for a time (rules' play_to time): the minutes left and when it ends,
    or that time is up; ``None`` for other games and once the game is over."""
    if snapshot.status is not TableStatus.PLAYING or snapshot.ends_at is None:
        return None
    if snapshot.time_up:
        return _("Time is up: this hand is the last one, unless the scores are tied at its end.")
    count = snapshot.minutes_left or 0
    return ngettext(
        "⏱ {count} minute left in the game (it ends at {when}).",
        "⏱ {count} minutes left in the game (it ends at {when}).",
        count,
    ).format(count=count, when=f"<t:{snapshot.ends_at}:t>")


def _to_act(phase: Phase | None, name: str, deadline: float | None) -> str:
    """ "**Ada** to bid, time runs out <t:...:R>." on the table message."""
    if deadline is None:
        said = {
            Phase.BID: _("**{name}** to bid."),
            Phase.PASS: _("**{name}** to pass."),
            Phase.DRAW: _("**{name}** to draw."),
        }.get(phase or Phase.PLAY, _("**{name}** to play."))
        return said.format(name=name)
    timed = {
        Phase.BID: _("**{name}** to bid, time runs out {when}."),
        Phase.PASS: _("**{name}** to pass, time runs out {when}."),
        Phase.DRAW: _("**{name}** to draw, time runs out {when}."),
    }.get(phase or Phase.PLAY, _("**{name}** to play, time runs out {when}."))
    return timed.format(name=name, when=f"<t:{int(deadline)}:R>")


def _winners(snapshot: TableSnapshot) -> str:
    assert snapshot.winner is not None
    return lead_text(snapshot.scores, snapshot.teams, names_of(snapshot))


def _standing(snapshot: TableSnapshot, team: int) -> str:
    """ "120 points, 1 bag"."""
    return _("{points}, {bags}").format(
        points=points_text(snapshot.scores[team]), bags=bags_text(snapshot.bags[team])
    )


def score_text(snapshot: TableSnapshot) -> str:
    """Scores, bags and the last hand's breakdown (``/spades score``)."""
    if snapshot.status is TableStatus.LOBBY:
        return _("The game has not started yet: no score.")
    names = names_of(snapshot)
    lines = [
        f"**{team_name(t, snapshot.teams, names)}**: {_standing(snapshot, t)}"
        for t in range(len(snapshot.teams))
    ]
    if snapshot.rules.play_to == "score":
        lines.append(_("Playing to {score}.").format(score=snapshot.rules.target_score))
    elif snapshot.rules.play_to == "time":
        count = snapshot.rules.minutes_to_play
        lines.append(
            ngettext(
                "Playing for {count} minute: the higher score when time is up wins.",
                "Playing for {count} minutes: the higher score when time is up wins.",
                count,
            ).format(count=count)
        )
        timed = _time_line(snapshot)
        if timed is not None:
            lines.append(timed)
    else:
        count = snapshot.rules.hands_to_play
        lines.append(
            ngettext("Playing {count} hand.", "Playing {count} hands.", count).format(count=count)
        )
    if snapshot.last_result is not None:
        plain = [plain_name(name) for name in names]
        lines.append("```\n" + result_text(snapshot.last_result, plain, snapshot.rules) + "\n```")
    return clip("\n".join(lines))


def turn_text(view: SeatView, names: Sequence[str]) -> str:
    """Whose turn it is, for a seat's own message: "**Your turn** to play." or
    "Waiting for **carol** to bid."."""
    if view.is_over:
        return _("**The game is over.**")
    if view.to_act is None:
        return _("Waiting for the next hand.")
    phase = view.phase or Phase.PLAY
    if view.to_act == view.seat:
        return {
            Phase.BID: _("**Your turn** to bid."),
            Phase.PASS: _("**Your turn** to pass."),
            Phase.DRAW: _("**Your turn** to draw."),
        }.get(phase, _("**Your turn** to play."))
    if any(action.seat == view.to_act for action in view.legal_actions):
        # 003:108: the dummy on your right plays, and you choose its card.
        return _("**Your turn** to play for {name}.").format(name=names[view.to_act])
    waiting = {
        Phase.BID: _("Waiting for **{name}** to bid."),
        Phase.PASS: _("Waiting for **{name}** to pass."),
        Phase.DRAW: _("Waiting for **{name}** to draw."),
    }.get(phase, _("Waiting for **{name}** to play."))
    return waiting.format(name=names[view.to_act])


def hand_message(
    view: SeatView, names: Sequence[str], note: str = "", face: CardFace = card_text
) -> str:
    """A member's private message, for a phone: whose turn it is and their cards first, the
    trick, then the table as their seat sees it in lines of about 40 characters; ``face``
    writes each card (an emoji, or text)."""
    lines = [note] if note else []
    lines.append(turn_text(view, names))
    if view.hand is None:
        lines.append(_("Your cards are face down: bid blind, or look at them first."))
    else:
        lines.append(f"**{hand_text(view.hand, view.rules, face)}**")
    if view.rules.dummy_hands:
        # 003:140: both dummies' face-up cards, which both players see once they look.
        for index, cards in enumerate(view.exposed):
            if cards:
                shown = hand_text(cards, view.rules, face)
                lines.append(
                    _("{name}'s cards, face up: {cards}").format(name=names[index], cards=shown)
                )
    if view.received:
        passed = " ".join(face(c) for c in view.received)
        lines.append(_("Passed to you: {cards}").format(cards=passed))
    if view.draw_offer:
        drawn = format_list([face(c) for c in view.draw_offer])
        lines.append(_("You draw: {cards}").format(cards=drawn))
    # The trick goes outside the block, where Discord draws emojis.
    trick = trick_line(view.trick, view.trick_number, view.last_trick, view.phase, names, face)
    if trick is not None:
        lines.append(trick)
    lines.append("```\n" + table_text(view, [plain_name(n) for n in names], trick=False) + "\n```")
    return clip("\n".join(lines))
