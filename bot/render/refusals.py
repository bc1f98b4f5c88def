"""The engine's refusals in the reader's language: the engine says which refusal it is
(``IllegalAction.kind``) and its figures (``details``: cards, counts, bids), in English for
its own message; here each kind is a sentence of the catalogs, its cards in the reader's
letters. A refusal of a kind not listed here keeps the engine's English."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine import Bid, Card, IllegalAction, Suit
from bot.i18n import N_, _, format_list, format_number, ngettext
from bot.render.evil_text import rule_name
from bot.render.words import card_text

# Refusals without figures, by kind.
PLAIN: dict[str, str] = {
    "over": N_("The game is over."),
    "lead_first": N_("Spades can't be led on the first trick."),
    "unbroken": N_("Spades aren't broken yet: lead another suit."),
    "first_trump": N_("No spades on the first trick while you hold another suit."),
    "spades_last": N_("No spades while you hold another suit: spades are played last here."),
    "must_trump": N_(
        "You can't follow suit, so you must trump (and beat any trump already played)."
    ),
    "overtrump": N_("You must overtrump the opponent's spade."),
    "card": N_("You can't play that card now."),
    "look_first": N_("Look at your cards first, or bid blind."),
    "blind_nil_off": N_("Blind Nil isn't played at this table."),
    "blind_off": N_("Blind bids aren't played at this table."),
    "looked": N_("You've looked at your cards, so you can't bid blind."),
    "face_up": N_("Your cards are already face up."),
    "blind_six": N_("Your partner started a Blind 6: bid the rest of it blind."),
    "no_redeals": N_("This table doesn't allow redeals."),
    "redeal": N_(
        "A redeal needs a hand with at most one spade or nothing above a ten, before your"
        " side bids."
    ),
    "no_passing": N_("There is no card passing for you now."),
    "passed": N_("You have already passed your cards."),
    "renege_off": N_("Reneging isn't played at this table, so there is nothing to call."),
    "renege_phase": N_("A renege can only be called while the cards are being played."),
    "renege_partner": N_("You can only call a renege on an opponent."),
    "renege_called": N_("Your side has already called a renege this hand."),
    "claim_undecided": N_("I could not check that claim quickly; play on."),
    "claims_off": N_("Claims aren't allowed at this table."),
    "claim_phase": N_("You can only claim while the cards are being played."),
    "claim_nil": N_("You bid nil: you can't claim the rest of the tricks."),
    "claim_failed": N_("Your side's claim already failed this hand: play the rest out."),
    "raising": N_("Everyone has bid: raise your bid or keep it."),
    "raise_phase": N_("Bids can only be raised once everyone has bid, before the first card."),
    "raise_lower": N_("A bid is never lowered."),
    "miser_raise": N_("In Miser a bid is kept or lowered, never raised."),
    "miser_lowering": N_("Everyone has bid: keep your bid or lower it."),
    "no_trump": N_(
        "You bid no trump: no spade on a trick led in another suit while you hold another card."
    ),
    "no_trump_off": N_("No-trump bids aren't played at this table."),
    "half_bid": N_(
        "A half bid is for the first partner to bid, or for the second after one, making the"
        " side's bid whole."
    ),
    "no_trump_spade": N_(
        "Only a player who holds a spade may bid no trump, once, before their bid."
    ),
    "mo_off": N_("Declarations to take the first tricks aren't played at this table."),
    "declare_first": N_(
        "Only the first of a side to bid may declare, after looking at their cards, and only"
        " once a hand."
    ),
}
# What a member tried, and what the game is doing instead (the engine's phases).
DOING: dict[str, str] = {
    "draw": N_("You can't draw now"),
    "bid": N_("You can't bid now"),
    "play": N_("You can't play a card now"),
    "raise your bid": N_("You can't raise your bid now"),
    "declare": N_("You can't declare now"),
}
PHASES: dict[str, str] = {
    "draw": N_("the cards are being drawn"),
    "bid": N_("bidding is under way"),
    "pass": N_("partners are passing cards"),
    "play": N_("the cards are being played"),
    "over": N_("the game is over"),
}
VARIANTS: dict[str, str] = {
    "mirror": N_("Mirror: bid the number of spades you hold."),
    "whiz": N_("Whiz: bid the number of spades you hold, or nil."),
    "suicide": N_("Suicide: one partner bids nil, the other 4 or more."),
}


def refusal_text(refusal: IllegalAction) -> str:
    """``refusal`` in the running task's language (the engine's English for a kind not
    known here)."""
    plain = PLAIN.get(refusal.kind)
    if plain is not None:
        return _(plain)
    worded = _WORDED.get(refusal.kind)
    if worded is None:
        return str(refusal)
    try:
        return worded(refusal, refusal.details)
    except (KeyError, TypeError):
        return str(refusal)  # figures missing: the engine's own words


def _turn(refusal: IllegalAction, details: Mapping[str, object]) -> str:
    name = details.get("name")
    if isinstance(name, str):
        return _("It's not your turn: waiting for {name}.").format(name=name)
    seat = (refusal.waiting_for or 0) + 1
    return _("It's not your turn: waiting for seat {seat}.").format(seat=seat)


def _phase(refusal: IllegalAction, details: Mapping[str, object]) -> str:
    doing = _(DOING[str(details["doing"])])
    return _("{doing}: {phase}.").format(doing=doing, phase=_(PHASES[str(details["phase"])]))


def _card(details: Mapping[str, object]) -> str:
    card = details["card"]
    if not isinstance(card, Card):
        raise TypeError(card)
    return card_text(card)


def _bid(bid: object, nil: bool) -> str:
    """A bid as the refusal says it; ``nil``: whether 0 is a Nil at this table."""
    if not isinstance(bid, Bid):
        raise TypeError(bid)
    if bid.tricks == 0 and nil:
        return _("blind nil") if bid.blind else _("nil")
    word = format_number(bid.tricks)
    return _("blind {bid}").format(bid=word) if bid.blind else word


def _bid_refusal(refusal: IllegalAction, details: Mapping[str, object]) -> str:
    legal = details["legal"]
    if not isinstance(legal, tuple):
        raise TypeError(legal)
    nil = bool(details.get("nil", True))
    parts = [_("You can't bid {bid}.").format(bid=_bid(details["bid"], nil))]
    variant = VARIANTS.get(str(details.get("variant")))
    if variant is not None:
        parts.append(_(variant))
    if details.get("each_bids_four"):
        parts.append(_("Every player bids at least 4, or Nil."))
    if details.get("no_nine_bids"):
        parts.append(_("Your side's bids may not add up to 9."))
    evil = details.get("evil_rule")
    if isinstance(evil, int):
        parts.append(
            _("Evil Spades, rule {number} ({name}) this hand.").format(
                number=evil, name=rule_name(evil)
            )
        )
    parts.append(_("You may bid: {bids}.").format(bids=", ".join(_bid(b, nil) for b in legal)))
    return " ".join(parts)


def _blind_behind(nil: bool) -> Callable[[IllegalAction, Mapping[str, object]], str]:
    def worded(refusal: IllegalAction, details: Mapping[str, object]) -> str:
        points = details["points"]
        if not isinstance(points, int):
            raise TypeError(points)
        if nil:
            return ngettext(
                "Blind Nil needs your side to be {points} point or more behind.",
                "Blind Nil needs your side to be {points} or more points behind.",
                points,
            ).format(points=format_number(points))
        return ngettext(
            "A blind bid needs your side to be {points} point or more behind.",
            "A blind bid needs your side to be {points} or more points behind.",
            points,
        ).format(points=format_number(points))

    return worded


def _pass_count(refusal: IllegalAction, details: Mapping[str, object]) -> str:
    count = details["count"]
    if not isinstance(count, int):
        raise TypeError(count)
    return ngettext(
        "Pass exactly {count} card to your partner.",
        "Pass exactly {count} cards to your partner.",
        count,
    ).format(count=count)


def _follow(refusal: IllegalAction, details: Mapping[str, object]) -> str:
    suit = details["suit"]
    if not isinstance(suit, Suit):
        raise TypeError(suit)
    if suit is Suit.SPADES:
        return _("You must follow suit: you hold a spade.")
    return _("You must follow suit: you hold a {suit}.").format(suit=suit.symbol)


_WORDED: dict[str, Callable[[IllegalAction, Mapping[str, object]], str]] = {
    "turn": _turn,
    "phase": _phase,
    "not_held": lambda _r, d: _("You don't hold the {card}.").format(card=_card(d)),
    "low_ball": lambda _r, d: _("Low ball: play your lowest card ({cards}).").format(
        cards=format_list([card_text(c) for c in d["cards"]])  # type: ignore[attr-defined]
    ),
    "low_club": lambda _r, d: _("First trick: you must play your lowest club, the {card}.").format(
        card=_card(d)
    ),
    "no_seat": lambda _r, d: _("There is no seat {seat} at this table.").format(
        seat=int(str(d["seat"])) + 1
    ),
    "bid": _bid_refusal,
    "blind_behind": _blind_behind(nil=False),
    "blind_nil_behind": _blind_behind(nil=True),
    "pass_count": _pass_count,
    "raise_most": lambda _r, d: _("You can raise your bid by at most {room}.").format(
        room=d["room"]
    ),
    "miser_lowest": lambda _r, d: _("You can lower your bid by at most {room}.").format(
        room=d["room"]
    ),
    "counter_low": lambda _r, d: _("You can lower your bid by at most {room}.").format(
        room=d["room"]
    ),
    "dark": lambda _r, d: _(
        "You bid Nil in the dark: your top card, the {card}, is played."
    ).format(card=_card(d)),
    "pass_count_to": lambda _r, d: ngettext(
        "Pass exactly {count} card to seat {seat}.",
        "Pass exactly {count} cards to seat {seat}.",
        int(d["count"]),  # type: ignore[call-overload]
    ).format(count=d["count"], seat=int(d["seat"]) + 1),  # type: ignore[call-overload]
    "discard_count": lambda _r, d: ngettext(
        "Discard exactly {count} card: as many as the kitty held.",
        "Discard exactly {count} cards: as many as the kitty held.",
        int(d["count"]),  # type: ignore[call-overload]
    ).format(count=d["count"]),
    "big_joker": lambda _r, d: _(
        "The Big Joker was led: you must play your highest spade, the {card}."
    ).format(card=_card(d)),
    "follow": _follow,
    # 003:152: a dummy's forced order.
    "dummy": lambda _r, d: _(
        "A dummy plays a face-up card of the suit led, else a face-up spade, else the card it"
        " turned: here {cards}."
    ).format(
        cards=format_list([card_text(c) for c in d["cards"]])  # type: ignore[attr-defined]
    ),
}
