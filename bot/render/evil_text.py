"""Evil Spades' hand rules (003:13-63) in player words: the line the table shows for the
hand in play, so everyone knows which rule is in force."""

from __future__ import annotations

from typing import Final

from bot.engine import SeatView
from bot.engine.evil import hand_rule
from bot.i18n import N_, _

# What each of the 45 hand rules asks, by its number in the seed.
RULE_TEXT: Final[dict[int, str]] = {
    1: N_("Regular Spades."),
    2: N_("Bid the number of spades you hold."),
    3: N_("One partner of each side bids Nil, the other bids as usual."),
    4: N_("Bid as usual. If you can't follow suit you must trump, even over your partner."),
    5: N_("Both sides bid Double Nil: everyone bids Nil."),
    6: N_("The 1st and 3rd bidders bid at least 2; the last makes the bids total 14."),
    7: N_("Everyone bids 1."),
    8: N_("One partner bids Nil, the other bids the number of spades they hold."),
    9: N_("Everyone bids Nil."),
    10: N_("Everyone bids Blind Nil, before looking at their cards."),
    11: N_("Everyone bids 4."),
    12: N_("Bid the number of jacks, queens and kings you hold."),
    13: N_("Bid the number of diamonds you hold."),
    14: N_("The holder of the 2 of spades bids 2; everyone else bids as usual."),
    15: N_("The holder of the ace of spades bids 9; everyone else bids Nil."),
    16: N_("Bid the same as your partner; the first of you to bid bids as usual."),
    17: N_("The 1st bidder bids 1, the 2nd 2, the 3rd 3 and the 4th 4."),
    18: N_("Everyone bids what the first bidder bid."),
    19: N_(
        "On the first bidder's side one partner bids Nil and the other as usual; the "
        "dealer's side bids Double Nil."
    ),
    20: N_("The holder of the 9 of spades bids Nil; everyone else bids as usual."),
    21: N_(
        "The 1st and 2nd bidders bid 2, the 3rd as usual and the 4th makes the bids total "
        "14; nobody bids 1."
    ),
    22: N_("Bid the number of clubs you hold."),
    23: N_("The holder of the jack of diamonds bids Nil; everyone else bids as usual."),
    24: N_("Bid 3 for each 8 you hold."),
    25: N_("Bid as usual, and always play the lowest card you may play."),
    26: N_("Bid 3 for each red or club ace you hold and 4 for the ace of spades."),
    27: N_("Bid 2 for each ace and each 2 you hold."),
    28: N_("Bid as usual; play no spade until you hold nothing but spades."),
    29: N_("Bid one more than the bidder before you; the first bids as usual."),
    30: N_(
        "One partner of each side bids Nil, the other as usual; always play the lowest "
        "card you may play."
    ),
    31: N_("With 5 or more spades bid 8; otherwise bid 3."),
    32: N_(
        "Bid 3 for each of the jack, queen and king of spades you hold and 4 for the ace; "
        "with none of them, bid Nil."
    ),
    33: N_("The holder of the queen of spades bids Nil; everyone else bids as usual."),
    34: N_("With 2 or more spades bid 2; otherwise bid as usual."),
    35: N_("The holder of the 9 of spades bids 9; everyone else bids Nil."),
    36: N_("The 1st and 2nd bidders bid Nil; the 3rd and 4th bid as usual."),
    37: N_("The 1st and 4th bidders bid their hearts, the 2nd and 3rd their clubs."),
    38: N_("The 1st and 4th bidders bid their hearts, the 2nd and 3rd their diamonds."),
    39: N_("The 1st bidder bids their clubs, the 2nd diamonds, the 3rd hearts, the 4th spades."),
    40: N_("The holder of the 2 of spades bids 2; everyone else bids Nil."),
    41: N_("Everyone bids the number of {suit} they hold: the suit cut for this hand."),
    42: N_(
        "The holder of the jack of hearts or of spades bids Nil; everyone else bids the "
        "number of spades they hold."
    ),
    43: N_(
        "The 1st and 3rd bidders bid at least 2 and the last makes the bids total 14; play "
        "no spade until you hold nothing but spades."
    ),
    44: N_("Everyone bids 3; if you can't follow suit you must trump."),
    45: N_("The first bidder bids 13; everyone else bids Nil."),
}


# Each hand rule's name, as the seed calls it (003:19-63), by its number.
RULE_NAMES: Final[dict[int, str]] = {
    1: N_("reg"),
    2: N_("mirrors"),
    3: N_("suicide"),
    4: N_("pressure"),
    5: N_("dn, one on each team"),
    6: N_("homicide"),
    7: N_("bags"),
    8: N_("insane"),
    9: N_("nil, everyone"),
    10: N_("blind"),
    11: N_("kiss of death"),
    12: N_("face off"),
    13: N_("diamond mirror"),
    14: N_("deuce"),
    15: N_("accident"),
    16: N_("backseat"),
    17: N_("succession"),
    18: N_("copycat"),
    19: N_("nil, dbl nil"),
    20: N_("9er"),
    21: N_("hang 'em"),
    22: N_("club mirrors"),
    23: N_("jack"),
    24: N_("crazy 8"),
    25: N_("low ball"),
    26: N_("aces up"),
    27: N_("acey deucey"),
    28: N_("screamers"),
    29: N_("progression"),
    30: N_("murder"),
    31: N_("chance"),
    32: N_("hang 'em high"),
    33: N_("headache"),
    34: N_("shovels"),
    35: N_("49er"),
    36: N_("psycho"),
    37: N_("spastic"),
    38: N_("fire"),
    39: N_("chaos"),
    40: N_("burned"),
    41: N_("dirty spades"),
    42: N_("laughter"),
    43: N_("vice"),
    44: N_("sirens"),
    45: N_("winner takes all"),
}


def evil_rule_text(view: SeatView) -> str:
    """'Evil Spades, rule 11 of 45 (kiss of death): Everyone bids 4.' for the hand in play."""
    rule = hand_rule(view.hand_number, view.rules.evil_start)
    what = _(RULE_TEXT[rule.number])
    if view.called_suit is not None:
        what = what.format(suit=view.called_suit.symbol)
    return _("Evil Spades, rule {number} of 45 ({name}): {rule}").format(
        number=rule.number, name=rule_name(rule.number), rule=what
    )


def rule_name(number: int) -> str:
    """Hand rule ``number``'s name in the running task's language."""
    return _(RULE_NAMES[number])
