"""Cards written in the reader's language: the letters of the court cards, the suits'
letters a player may type, and the jokers' names. The engine's codes (``AS``, ``QH``,
``BJ``) never change; only what a reader sees and types does.

Which letters each language's players see (what their decks and card apps print):

- English: A K Q J, the indices on every Anglo-American deck.
- Spanish: A R D J. Spades is played with the French-suited deck ("baraja inglesa" or
  "francesa"); its king is the *rey* (R, the letter the issue asks for and Spanish
  solitaire and poker apps use when they localise), so the queen cannot also be R for
  *reina*: she is the *dama* (D), her other common name. The jack is the *jota*, whose
  name is the letter J itself, so J stays.
- Portuguese (Brazil): A K Q J. Brazilian decks (Copag's above all, on every table and in
  the Buraco and Truco apps) print the English indices, and players read them as ás, rei,
  dama, valete; R/D/V is Portugal's older print, not what a Brazilian player sees.
- French: A R D V, the indices of French decks: *as, roi, dame, valet*.
- German: A K D B, the indices of German French-suited decks: *Ass, König, Dame, Bube*.

Suits are shown by their symbols, which every language reads (♠ ♥ ♦ ♣); a player may
type the English letters (S H D C) or their own language's initials (Spanish P C D T for
picas, corazones, diamantes, tréboles; Portuguese E C O P for espadas, copas, ouros,
paus; French P C K T for pique, cœur, carreau, trèfle; German P H K X: Pik, Herz, Karo,
and Kreuz, whose K is Karo's, as the cross X). A language's own letters win over the
English ones where they differ (Spanish C is hearts, English C clubs).
"""

from __future__ import annotations

from functools import lru_cache
from gettext import NullTranslations

from bot.engine import Card, Suit
from bot.engine.cards import BIG_JOKER
from bot.i18n import N_, catalog_name, current_locale, translations

# The court cards and the ace by engine rank, per catalog.
RANK_LETTERS: dict[str, dict[int, str]] = {
    "en": {14: "A", 13: "K", 12: "Q", 11: "J"},
    "es": {14: "A", 13: "R", 12: "D", 11: "J"},
    "pt_BR": {14: "A", 13: "K", 12: "Q", 11: "J"},
    "fr": {14: "A", 13: "R", 12: "D", 11: "V"},
    "de": {14: "A", 13: "K", 12: "D", 11: "B"},
}
SUIT_LETTERS: dict[str, dict[str, Suit]] = {
    "en": {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES},
    "es": {"T": Suit.CLUBS, "D": Suit.DIAMONDS, "C": Suit.HEARTS, "P": Suit.SPADES},
    "pt_BR": {"P": Suit.CLUBS, "O": Suit.DIAMONDS, "C": Suit.HEARTS, "E": Suit.SPADES},
    "fr": {"T": Suit.CLUBS, "K": Suit.DIAMONDS, "C": Suit.HEARTS, "P": Suit.SPADES},
    "de": {"X": Suit.CLUBS, "K": Suit.DIAMONDS, "H": Suit.HEARTS, "P": Suit.SPADES},
}
BIG_JOKER_NAME = N_("Big Joker")
LITTLE_JOKER_NAME = N_("Little Joker")


def _language(locale: str | None) -> str:
    return catalog_name(current_locale() if locale is None else locale)


def _(message: str, locale: str | None) -> str:
    """``message`` in ``locale``, by default the running task's."""
    return translations(current_locale() if locale is None else locale).gettext(message)


def rank_text(card: Card, locale: str | None = None) -> str:
    """The rank as ``locale`` (default: the running task's) writes it: 10, 9... or its letter."""
    return _rank_in(card.rank, _language(locale))


def _rank_in(rank: int, language: str) -> str:
    """``rank`` as ``language``'s players write it: 10, 9... or its letter."""
    letters = RANK_LETTERS.get(language, RANK_LETTERS["en"])
    return letters.get(rank, str(rank))


def card_text(card: Card, locale: str | None = None) -> str:
    """The card as a reader of ``locale`` (default: the running task's) sees it: ``R♠`` for
    the king of spades in Spanish, ``K♠`` in German; the jokers by name."""
    reader = current_locale() if locale is None else locale
    return _card_text(card, catalog_name(reader), translations(reader))


# Each card as each catalog writes it, kept: every picture writes its cards again (some 30 a
# click when bots play and cards show as text; 4 with card emojis, in labels). Keyed by the
# catalog itself too, so a catalog registered anew (the tests' pseudo-locale) names its
# jokers in its own words.
@lru_cache(maxsize=1024)
def _card_text(card: Card, language: str, catalog: NullTranslations) -> str:
    if card.suit is None:
        return catalog.gettext(BIG_JOKER_NAME if card.index == BIG_JOKER else LITTLE_JOKER_NAME)
    return _rank_in(card.rank, language) + card.suit.symbol


def parse_card(text: str, locale: str | None = None) -> Card:
    """The card a player of ``locale`` typed: their letters (``RP``, ``10c``, ``D♥``), else
    the engine's English codes (``KS``, ``BJ``); ``ValueError`` for anything else."""
    language = _language(locale)
    key = text.strip().upper().replace(" ", "")
    ranks = {letter: rank for rank, letter in RANK_LETTERS.get(language, {}).items()}
    suits = {**SUIT_LETTERS["en"], **SUIT_LETTERS.get(language, {})}
    suits.update({suit.symbol: suit for suit in Suit})
    rank_part, suit_part = key[:-1], key[-1:]
    rank = ranks.get(rank_part) or (int(rank_part) if rank_part.isdigit() else None)
    suit = suits.get(suit_part)
    if language != "en" and rank is not None and suit is not None and 2 <= rank <= 14:
        return Card.of(suit * 13 + rank - 2)
    try:
        return Card.parse(text)
    except ValueError:
        if language == "en":
            raise  # the engine's own words, which are English
        raise ValueError(
            _("{text} is not a card: type its rank and suit, like {example}.", locale).format(
                text=text.strip(), example=", ".join(card_examples(language))
            )
        ) from None


def card_examples(locale: str | None = None) -> tuple[str, str, str]:
    """Three cards as a player of ``locale`` (default: the running task's) types them: the
    ace of spades, the ten of hearts and the queen of diamonds (``AS, 10h, QD``)."""
    language = _language(locale)
    letters = RANK_LETTERS.get(language, RANK_LETTERS["en"])
    suits = {suit: letter for letter, suit in SUIT_LETTERS.get(language, {}).items()}
    suits = {**{s: s.letter for s in Suit}, **suits}
    return (
        letters[14] + suits[Suit.SPADES],
        "10" + suits[Suit.HEARTS].lower(),
        letters[12] + suits[Suit.DIAMONDS],
    )
