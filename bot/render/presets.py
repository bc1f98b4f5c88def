"""The house-rule presets in a line each, as a member picks one from a command's suggestions."""

from __future__ import annotations

from bot.i18n import N_, _

# Discord shows a suggestion's name in at most 100 characters.
LONGEST_LABEL = 100

# What each preset plays, translated where shown. A preset added without a line here is
# offered by its name alone.
PRESET_DESCRIPTIONS: dict[str, str] = {
    "classic": N_("Standard partnership Spades, to 500 points"),
    "casual": N_("No bag penalty, Nil at any time, and claims allowed"),
    "short": N_("A shorter game: to 250 points, 5 bags cost 50"),
    "jokers": N_("Both Jokers and the 2 of spades above the ace of spades"),
    "mirror": N_("Mirror: bid the number of spades you hold"),
    "whiz": N_("Whiz: bid the number of spades you hold, or Nil"),
    "suicide": N_("Suicide: one partner of each pair must bid Nil"),
    "cutthroat3": N_("Three players, each playing alone"),
    "cutthroat4": N_("Four players, each playing alone"),
    "two_player": N_("Two players, head to head"),
    "five_player": N_("Five players, each playing alone"),
    "six_pairs": N_("Six players in three pairs"),
    "six_threes": N_("Six players in two teams of three"),
    "no_nines": N_("No Nines: a side may not bid 9 in all"),
    "gambling": N_("Gambling Spades: four players alone, eight hands"),
    "evil": N_("Evil Spades: a different rule each hand"),
    "mo": N_("Big Mo and Little Mo: declare the first 10 or 7 tricks"),
    "jokers_high_alternate": N_("Two Jokers on top; a Big Joker lead draws the highest spades"),
    "jokers_first_wins": N_("Two Jokers on top; when both fall, the first played wins"),
    "deuces_high": N_("Deuces High: the four 2s are the top spades"),
    "first_trick_clubs": N_("The lowest club leads, no spades on the first trick"),
    "hurricane": N_("Hurricane: pass 3 cards left, the 2 of clubs leads, 3 hands"),
    "passing": N_("Partners pass each other a card every hand"),
    "face_up": N_("The first four cards of each hand are dealt face up"),
    "jokers_kitty": N_("Two Jokers on top, with a kitty for the 2 of clubs"),
    "royal": N_("Royal Spades: two players, a 28-card deck"),
    "dead_hand": N_("Three players, two Jokers on top, a dead fourth hand"),
    "three_b": N_("3B Spades: -10 an overtrick, a set scores 1 a trick"),
    "high_low": N_("High/Low: the leader calls each trick high or low"),
    "joke_trumps": N_("Joke Trumps: a Joker turns its partner's card into a spade"),
    "miser": N_("Miser: four alone, to take the fewest tricks"),
    "auction": N_("Auction: bid N to take 6 + N tricks, raise or pass"),
    "partnership": N_("Partnership bidding: one bid a side, 4 at least, no Nil"),
    "three_two_decks": N_("Three players drawing 17 each from two decks"),
    "berkley_two": N_("Berkley's two-player game, each player with a dummy hand"),
    "berkley_three": N_("Berkley's three-player game, a dead fourth hand"),
    "berkley_three_54": N_("Berkley's three-player game, 54 cards, 18 tricks"),
    "cancellation": N_("Cancellation: three pairs, two decks, identical cards cancel"),
    "five_three_jokers": N_("Five players, 55 cards: three Jokers are the top spades"),
    "five_junk_jokers": N_("Five players, 55 cards: three Jokers are junk, worth nothing"),
}


def preset_label(name: str) -> str:
    """``name`` and what it plays, in the reader's language, cut to what Discord shows."""
    description = PRESET_DESCRIPTIONS.get(name)
    label = name if description is None else f"{name}: {_(description)}"
    return label if len(label) <= LONGEST_LABEL else label[: LONGEST_LABEL - 1] + "…"
