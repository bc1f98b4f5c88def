"""A bot's reasons in player words: ``Reason`` (``bot.ai.reasons``) to text for one reader.

While the hand is in play the answer is ``public``: told in terms of what every seat saw
(bids, cards played, suits shown out of, the score) and of what the bot's own cards are
worth, never naming a card that is still in a hand, nor one of the cards it chose not to
play. Once the hand is over the full answer names the alternatives and adds the rule in
the bot's own words; ``hand_why`` tells a finished hand's bot moves so, trick by trick.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from bot.engine import (
    Action,
    Bid,
    CallHighLow,
    Card,
    CardPlayed,
    Claim,
    Declare,
    Draw,
    HalfBid,
    NoTrump,
    PassCards,
    PlayCard,
    Raise,
    RevealCards,
    Rules,
)
from bot.engine.audit import HandRecord
from bot.i18n import N_, _, format_number, format_percent, ngettext
from bot.render.text import bid_text, declaration_text, half_text
from bot.render.words import card_text

SUITS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


class Weighing(Protocol):
    """One choice a search weighed (``bot.ai.reasons.Weighed``)."""

    @property
    def action(self) -> Action: ...
    @property
    def points(self) -> float: ...
    @property
    def made(self) -> float | None: ...
    @property
    def set(self) -> float | None: ...


class Reasoning(Protocol):
    """What decided a bot's move (``bot.ai.reasons.Reason``; its ``rule`` is one of
    ``heuristic.Rule`` or ``reasons.SEARCH``, ``RANDOM``, ``FALLBACK``)."""

    @property
    def level(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> Action: ...
    @property
    def rule(self) -> str: ...
    @property
    def words(self) -> str: ...
    @property
    def weighed(self) -> Sequence[Weighing]: ...
    @property
    def deals(self) -> int: ...
    @property
    def voids(self) -> Sequence[tuple[int, int]]: ...
    def figure(self, name: str, default: float = 0.0) -> float: ...


SEARCH, RANDOM, FALLBACK = "search", "random", "fallback"

# The rules whose sentence needs no figure, as a reader may be told them in play.
_PLAIN = {
    "claim": N_("No card it couldn't see could beat its cards, so it claimed the rest."),
    "any": N_("Nothing made one move better than another."),
    "reveal": N_("It looks at its cards before it bids."),
    "blind_only": N_("Only blind bids were left."),
    "only_bid": N_("The rules allowed only that bid."),
    "nil_safe": N_("It counted no card that should take a trick, so it bid Nil."),
    "pass_nil": N_("It bid Nil, so it passed its most dangerous cards to its partner."),
    "pass_cover": N_("Its partner bid Nil, so it passed low cards and kept its winners."),
    "discard": N_("It took the kitty and discarded the cards worth least to it."),
    "pass_keep": N_("Nobody on its side bid Nil, so it passed the cards worth least to it."),
    "draw_stronger": N_("It kept the stronger of the two cards."),
    "draw_one": N_("It kept the card if it was a spade or an honour, and tried the next if not."),
    "only_card": N_("The rules left it one card to play."),
    "nil_lead_low": N_("It bid Nil, so it led low."),
    "lead_under_nil": N_("An opponent bid Nil: it led low to make them go over it."),
    "lead_top": N_("It led to take a trick its side still needs."),
    "lead_top_cover": N_("It led to win the trick and protect its partner's Nil."),
    "lead_low": N_("Nothing pressed, so it led low and kept its strength."),
    "nil_lose": N_("It bid Nil, so it played a card that loses this trick."),
    "nil_forced": N_("It bid Nil, but no card it could play was lower than the winning one."),
    "cover_partner": N_("Its partner bid Nil and was winning the trick, so it took it over."),
    "cannot_cover": N_(
        "Its partner bid Nil and was winning the trick, but it could not beat them, so it"
        " played low."
    ),
    "partner_winning": N_("Its partner was winning this trick, so it played low."),
    "win_high_for_nil": N_(
        "Its partner bid Nil and plays after it, so it won high to let them duck."
    ),
    "under_nil": N_("The Nil bidder was winning, so it stayed under them."),
    "win_set": N_("It took the trick to set the other side."),
    "cancel_for_partner": N_(
        "It played the twin of the winning card: the two cancelled, and its partner took the trick."
    ),
    "duck_exact": N_(
        "Its side had made its bid, and the rules set a side that takes more, so it ducked."
    ),
    "nothing": N_("Nothing to gain in this trick, so it played low."),
    "keep_bid": N_("Its cards were worth no more than its bid, so it kept it."),
    "miser_bid": N_("Miser: it bid the tricks its cards could not shed, and one to spare."),
    "miser_lower": N_("Miser: it lowered its bid to what its cards need, or kept it."),
    "miser_lead": N_("Miser: it led its lowest card to take no trick."),
    "miser_lose": N_("Miser: it played its highest card that loses this trick."),
    "miser_forced": N_("Miser: every card it could play won the trick."),
    "auction_bid": N_("It bid the contract its side's tricks could cover, as it counts them."),
    "auction_pass": N_("Its side's tricks, as it counts them, could not cover a higher bid."),
    "dark_nil": N_(
        "It held no spade and no card that should take a trick, so it bid Nil in the dark."
    ),
    "no_trump": N_(
        "Its few low spades would win nothing, and its side suits were worth tricks to double,"
        " so it bid no trump."
    ),
    "half_bid": N_("It bid in halves: its cards looked worth between two numbers of tricks."),
    "half_finish": N_(
        "Its partner bid a half, so it bid the half that makes the side's bid whole."
    ),
    "side_bid": N_("It bid for its side: its own tricks and what a partner's hand usually takes."),
    "declare": N_("Its own hand held enough sure winners to take the tricks it declared to take."),
    "call_trick": N_(
        "It called the trick high or low by how many high and low cards it held, and whether"
        " its side wanted tricks."
    ),
    "call_ace": N_("It called its Ace high or low by whether its side wanted this trick."),
    FALLBACK: N_("It could not decide, so it made the first move the rules allow."),
}


def said_text(text: str) -> str:
    """A bot's sentence (a hint, the heuristic's reason) in the reader's language, its
    cards in their letters: a ``bot.ai.reasons.Said`` from its parts; any other text (a
    reason kept from before) as it is."""
    template = getattr(text, "template", None)
    values = getattr(text, "values", None)
    if not isinstance(template, str) or not isinstance(values, tuple):
        return text
    return _(template).format(**{name: _shown(value) for name, value in values})


def _shown(value: object) -> str:
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple | list):
        return ", ".join(_shown(item) for item in value)
    if isinstance(value, str):
        return _(value)  # a word marked where the bot wrote it (Nil)
    if isinstance(value, int | float):
        return format_number(value)
    return str(value)


def why_text(reason: Reasoning, rules: Rules, names: Sequence[str], *, public: bool) -> str:
    """Why the bot in ``reason`` moved as it did, for a reader; ``public``: naming no card
    but the one it played (the rest of its hand, the cards it chose not to play, its
    passes and draws stay unnamed)."""
    lines = [_headline(reason, rules, names, public)]
    if reason.rule == SEARCH:
        lines += _search_lines(reason, rules, names, public)
    else:
        lines.append(_rule_line(reason, rules))
        if not public and reason.words:
            lines.append(
                _("As a hint would put it, with every hand shown: {words}").format(
                    words=said_text(reason.words)
                )
            )
    return "\n".join(lines)


def hand_why(
    record: HandRecord,
    reasons: Sequence[Reasoning],
    rules: Rules,
    names: Sequence[str],
    members: Collection[int] = (),
) -> list[tuple[str, list[str]]]:
    """Why each bot moved as it did in a finished hand (``reasons``: its bots' moves in the
    order made), in full, naming every card: a heading and the moves' answers for the
    bidding (and any passing), then for each trick a bot played to. A move in one of the
    ``members``' seats was a bot's for a member away or out of time: the answer says so."""
    trick_of = {
        (event.seat, event.card.index): event.trick_number
        for event in record.events
        if isinstance(event, CardPlayed)
    }
    groups: dict[int, list[str]] = {}
    trick = 0  # the trick of the latest card: a claim is told with it
    for reason in reasons:
        action = reason.action
        if isinstance(action, PlayCard):
            trick = trick_of.get((action.seat, action.card.index), trick)
        key = trick if isinstance(action, (PlayCard, Claim)) else 0
        text = why_text(reason, rules, names, public=False)
        if reason.seat in members:
            name = names[reason.seat]
            text += "\n" + _("A bot made this move for {name}.").format(name=name)
        groups.setdefault(key, []).append(text)
    return [
        (_("The bidding") if key == 0 else _("Trick {number}").format(number=key), texts)
        for key, texts in sorted(groups.items())
    ]


def _headline(reason: Reasoning, rules: Rules, names: Sequence[str], public: bool) -> str:
    name, action = names[reason.seat], reason.action
    if isinstance(action, Bid) and rules.auction and not action.tricks:
        return _("{name} passes.").format(name=name)
    if isinstance(action, Bid):
        return _("{name} bid {bid}.").format(name=name, bid=bid_words(action, rules))
    if isinstance(action, PlayCard):
        return _("{name} played the {card}.").format(name=name, card=card_text(action.card))
    if isinstance(action, PassCards):
        if public:
            return _("{name} passed cards to a partner.").format(name=name)
        cards = ", ".join(card_text(c) for c in action.cards)
        return _("{name} passed {cards}.").format(name=name, cards=cards)
    if isinstance(action, Draw):
        return _("{name} drew a card.").format(name=name)
    if isinstance(action, Claim):
        return _("{name} claimed the rest of the tricks.").format(name=name)
    if isinstance(action, RevealCards):
        return _("{name} looked at its cards.").format(name=name)
    if isinstance(action, Raise) and action.by < 0:
        return _("{name} lowered its bid by {count}.").format(name=name, count=-action.by)
    if isinstance(action, Raise):
        if not action.by:
            return _("{name} kept its bid.").format(name=name)
        if action.by < 0:
            return _("{name} lowered its bid by {count}.").format(name=name, count=-action.by)
        return _("{name} raised its bid by {count}.").format(name=name, count=action.by)
    if isinstance(action, NoTrump):
        return _("{name} bid no trump.").format(name=name)
    if isinstance(action, HalfBid):
        return _("{name} bid {bid}.").format(name=name, bid=half_text(action.tricks))
    if isinstance(action, CallHighLow):
        if action.low:
            return _("{name} called low.").format(name=name)
        return _("{name} called high.").format(name=name)
    if isinstance(action, Declare):
        return _("{name} declared {declaration}.").format(
            name=name, declaration=declaration_text(action.big, rules)
        )
    return _("{name} moved.").format(name=name)


def bid_words(bid: Bid, rules: Rules) -> str:
    """A bid as players say it: "4", "Nil", "Blind Nil", "blind 6"; in an auction, "pass"
    or "3 for 9"."""
    if rules.auction:
        return bid_text(bid, rules)
    if bid.tricks == 0 and rules.nil_mode == "nil":
        if bid.blind and rules.nil_in_the_dark:
            return _("Nil in the dark")
        return _("Blind Nil") if bid.blind else _("Nil")
    if bid.blind:
        return _("blind {tricks}").format(tricks=bid.tricks)
    return str(bid.tricks)


def _rule_line(reason: Reasoning, rules: Rules) -> str:
    rule = reason.rule
    if rule == RANDOM:
        if reason.level == "easy":
            return _("It's an easy bot: now and then it makes a move at random, and this was one.")
        return _("It plays at random.")
    if rule in _PLAIN:
        return _(_PLAIN[rule])
    if rule == "blind_nil":
        behind = int(reason.figure("behind"))
        return _("Its side was {behind} points behind: a Blind Nil can catch up.").format(
            behind=behind
        )
    if rule == "nil_pass":
        n = int(reason.figure("dangers"))
        return ngettext(
            "It counted {n} risky card, few enough to pass to its partner, so it bid Nil.",
            "It counted {n} risky cards, few enough to pass to its partner, so it bid Nil.",
            n,
        ).format(n=n)
    if rule in ("estimate", "cover_nil"):
        return _estimate_line(reason, rules)
    if rule == "raise":
        return (
            _estimate_line(reason, rules) + " " + _("That is more than its bid, so it raised it.")
        )
    if rule == "lower_bid":
        return (
            _estimate_line(reason, rules) + " " + _("That is less than its bid, so it lowered it.")
        )
    if rule == "win_need":
        n = int(reason.figure("need"))
        return ngettext(
            "Its side needed {n} more trick, so it took this one.",
            "Its side needed {n} more tricks, so it took this one.",
            n,
        ).format(n=n)
    if rule == "duck_bags":
        n = int(reason.figure("bags"))
        return ngettext(
            "Its side had made its bid and has {n} bag, so it ducked.",
            "Its side had made its bid and has {n} bags, so it ducked.",
            n,
        ).format(n=n)
    return _("It followed its rules of thumb.")


def _estimate_line(reason: Reasoning, rules: Rules) -> str:
    n = int(reason.figure("target"))
    line = ngettext(
        "It counts its cards at about {n} trick, from its honours and spades.",
        "It counts its cards at about {n} tricks, from its honours and spades.",
        n,
    ).format(n=n)
    wanted = n
    if reason.rule == "cover_nil":
        line += " " + _("Its partner bid Nil, so it bid one more to cover them.")
        wanted += 1
    action = reason.action
    if isinstance(action, Bid) and action.tricks != wanted:
        line += " " + _("The rules allowed no nearer bid.")
    return line


def _search_lines(reason: Reasoning, rules: Rules, names: Sequence[str], public: bool) -> list[str]:
    lines = [
        ngettext(
            "It imagined {n} deal of the unseen cards that fits the bids and the play so far.",
            "It imagined {n} deals of the unseen cards that fit the bids and the play so far.",
            reason.deals,
        ).format(n=reason.deals)
    ]
    shown = [
        _("{name} has no {suit}").format(name=names[seat], suit=_(SUITS[suit]))
        for seat, suit in reason.voids
    ]
    if shown:
        lines.append(_("Players have shown out of suits: {shown}.").format(shown="; ".join(shown)))
    for i, weighed in enumerate(reason.weighed):
        lines.append(_weighed_line(weighed, rules, chosen=i == 0, public=public))
    refused = reason.figure("nil_refused")
    if refused == 1:
        lines.append(
            _(
                "A Nil scored most on average, but it holds a card that tends to take a"
                " trick whatever it does, so it did not bid Nil."
            )
        )
    elif refused == 2:
        lines.append(
            _(
                "A Nil scored most on average, but it was made in too few of those deals"
                " to be sure of it, so it did not bid Nil."
            )
        )
    return lines


def _choice(action: Action, rules: Rules, chosen: bool, public: bool) -> str:
    if isinstance(action, Bid):
        bid = bid_words(action, rules)
        return (_("Its choice, a bid of {bid}") if chosen else _("A bid of {bid}")).format(bid=bid)
    if isinstance(action, Raise) and action.by < 0:
        words = _("Its choice, lowering by {count}") if chosen else _("Lowering by {count}")
        return words.format(count=-action.by)
    if isinstance(action, Raise) and action.by:
        words = _("Its choice, a raise of {count}") if chosen else _("A raise of {count}")
        return words.format(count=action.by)
    if isinstance(action, Raise):
        return _("Its choice, keeping its bid") if chosen else _("Keeping its bid")
    if isinstance(action, CallHighLow):
        if action.low:
            return _("Its choice, low") if chosen else _("Low")
        return _("Its choice, high") if chosen else _("High")
    if isinstance(action, PlayCard) and chosen:
        return _("Its choice, the {card}").format(card=card_text(action.card))
    if isinstance(action, PlayCard) and not public:
        return _("The {card}").format(card=card_text(action.card))
    return _("Another card")


def _weighed_line(weighed: Weighing, rules: Rules, *, chosen: bool, public: bool) -> str:
    what = _choice(weighed.action, rules, chosen, public)
    points = round(weighed.points)
    if weighed.made is None or weighed.set is None:
        text = _("{what}: {points:+d} points against the other side on average.").format(
            what=what, points=points
        )
    else:
        text = _(
            "{what}: its side made its bid in {made} of them and set the other side in"
            " {set}, {points:+d} points against them on average."
        ).format(
            what=what,
            made=format_percent(weighed.made),
            set=format_percent(weighed.set),
            points=points,
        )
    return text
