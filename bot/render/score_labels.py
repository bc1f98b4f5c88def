"""The score line's special items in the reader's language: the engine names each item of a
side's hand score by a kind (``TeamHandResult.special``: ``"dix + last trick"``, kinds
joined by `` + ``; Gambling's pot as ``"hand score 30, stake 4, pot 16"``, with its
figures), in English for its own text; here each kind is a word of the catalogs. An item of
a kind not listed here keeps the engine's English."""

from __future__ import annotations

import re

from bot.i18n import N_, _, format_number

# Every special item's kind, as ``bot.engine.scoring`` and ``card_bonuses`` name it.
ITEMS: dict[str, str] = {
    "shoot the moon": N_("shoot the moon"),
    "lexington": N_("Lexington"),
    "10 for 200": N_("10 for 200"),
    "double over": N_("double over"),
    "partners exact": N_("partners exact"),
    "seven or more": N_("seven or more"),
    "last trick": N_("last trick"),
    "last three tricks": N_("last three tricks"),
    "last four tricks": N_("last four tricks"),
    "last five tricks": N_("last five tricks"),
    "streak broken": N_("winning streak broken"),
    "last trick ace": N_("last trick with an ace"),
    "last trick deuce": N_("last trick with a deuce"),
    "last trick high spade": N_("last trick with a high spade"),
    "dix": N_("dix"),
    "no trump": N_("no trump"),
    "seven tricks": N_("seven tricks"),
    "perfect bids": N_("perfect bids"),
    "split bonus": N_("split bonus"),
    "opponents set": N_("opponents set"),
    "little mo": N_("Little Mo"),
    "big mo": N_("Big Mo"),
    "little moe": N_("Little Moe"),
    "big moe": N_("Big Moe"),
    "bemo": N_("Bemo"),
    "big bemo": N_("Big Bemo"),
}
# Gambling Spades' item: the hand's score, the side's stake and the pot it took.
_POT = re.compile(r"hand score (?P<score>-?\d+), stake (?P<stake>-?\d+), pot (?P<pot>-?\d+)")


def special_text(special: str) -> str:
    """A side's special items (the engine's ``special``) in the running task's language."""
    pot = _POT.fullmatch(special)
    if pot is not None:
        return _("hand score {score}, stake {stake}, pot {pot}").format(
            score=format_number(int(pot["score"])),
            stake=format_number(int(pot["stake"])),
            pot=format_number(int(pot["pot"])),
        )
    return " + ".join(_(ITEMS[item]) if item in ITEMS else item for item in special.split(" + "))
