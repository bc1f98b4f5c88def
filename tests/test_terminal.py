"""The terminal game: a person plays against bots at a prompt."""

from __future__ import annotations

import heapq
import os
import re
import select
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import IO

import pytest

from bot.engine import (
    PRESETS,
    Bid,
    CallHighLow,
    Card,
    Game,
    HalfBid,
    NoTrump,
    Phase,
    PlayCard,
    Raise,
    Rules,
)
from bot.i18n import use_locale
from bot.render.text import event_text, hand_order, seat_names, table_text
from bot.render.words import card_text
from bot.terminal import (
    EXIT_INTERRUPTED,
    _prompt,
    help_text,
    parse_command,
    play_terminal,
    red_suits,
    wants_colour,
)
from tests.doubles import ManualClock

RED = "\x1b[31m"
Answer = Callable[[str], str]


def _script(lines: list[str]) -> tuple[list[str], list[str], Answer]:
    prompts: list[str] = []
    output: list[str] = []
    answers: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "auto")

    return prompts, output, read


def _cards_in(text: str) -> list[Card]:
    """The cards written in ``text``, in order (``A♣ 10♦``, colour codes or not)."""
    plain = re.sub(r"\x1b\[\d+m", "", text)
    return [Card.parse(word) for word in re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", plain)]


def test_a_hand_against_bots_with_bad_input_answered() -> None:
    prompts, output, read = _script(["hello", "blind 99", "XX"])
    status = play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    text = "\n".join(output)
    assert status == 0
    assert "Bid a number" in text  # "hello" at the bid prompt
    assert "Hand 1 scored:" in text
    assert any("Your card" in p for p in prompts)
    assert any("Your bid" in p for p in prompts)


def test_the_player_is_you_and_counts_agree() -> None:
    _, output, read = _script([])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    text = "\n".join(output)
    assert re.search(r"^You bid \w+\.$", text, re.MULTILINE)
    assert re.search(r"^You play .+\.$", text, re.MULTILINE)
    assert "You bids" not in text and "You plays" not in text and "You takes" not in text
    assert not re.search(r"\b1 (bags|tricks|points)\b", text)


def test_illegal_card_is_refused_with_a_reason() -> None:
    # Seed 5: the first card the human must play follows clubs; 6♦ is held but illegal.
    _, output, read = _script(["3", "6d"])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    assert "You must follow suit: you hold a ♣." in output


@pytest.mark.parametrize(
    "typed", ["{rank}{suit}", "{rank} {suit}", "{RANK}{SUIT}", "{rank}{symbol}"]
)
def test_a_card_typed_with_or_without_a_space_is_played(typed: str) -> None:
    played: list[str] = []

    def read(prompt: str) -> str:
        if not prompt.startswith("Your card") or played:
            return "auto"
        first = _cards_in(prompt)[0]
        played.append(str(first))
        rank = "10" if first.rank == 10 else first.code[0]
        return typed.format(
            rank=rank.lower(),
            suit=first.code[1].lower(),
            RANK=rank.upper(),
            SUIT=first.code[1].upper(),
            symbol=str(first)[-1],
        )

    output: list[str] = []
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    assert f"You play {played[0]}." in output


def test_a_number_with_a_suit_during_play_is_a_card_not_a_bid() -> None:
    game = Game.new(Rules.preset("classic"), seed=5, dealer=0)
    while game.phase is not Phase.PLAY:
        assert game.to_act is not None
        game.apply(game.legal_actions()[-1])
    names = seat_names(4)
    view = game.view(0)
    assert parse_command("5 d", view, names) == PlayCard(0, Card.parse("5D"))
    assert parse_command("10 H", view, names) == PlayCard(0, Card.parse("10H"))
    with pytest.raises(ValueError, match="'5' is not a card"):
        parse_command("5", view, names)


def test_a_status_line_before_each_card_and_the_table_when_a_trick_ends() -> None:
    output: list[str] = []
    before_cards: list[list[str]] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Your card"):
            before_cards.append(output[-2:])
        return "auto"

    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    assert len(before_cards) == 13
    for status, hand in before_cards:
        assert re.fullmatch(r"Trick \d+/13 · taken/bid You \d+/\S+, West .*", status)
        assert hand.startswith("Your hand:")
    # The whole table once after each trick; after the 13th, the hand's score instead.
    tricks = [i for i, x in enumerate(output) if re.fullmatch(r"\w+ takes? trick \d+\.", x)]
    assert len(tricks) == 13
    for index in tricks[:-1]:
        table = output[index + 1]
        assert table.startswith("Hand 1 · dealer") and "To act:" in table
        assert all(len(row) <= 40 for row in table.splitlines())
    assert sum(line.startswith("Hand 1 · dealer") for line in output) == 12
    assert output[tricks[-1] + 1].startswith("Hand 1 scored:")


def test_the_prompt_lists_the_cards_in_the_hands_order() -> None:
    rules = Rules.preset("classic")
    prompts, output, read = _script([])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    card_prompts = [p for p in prompts if p.startswith("Your card")]
    hands = [line for line in output if line.startswith("Your hand:")][1:]  # after the bid
    assert len(card_prompts) == len(hands) == 13
    for prompt, hand in zip(card_prompts, hands, strict=True):
        offered = _cards_in(prompt)
        assert offered == [c for group in hand_order(offered, rules) for c in group]
        held = _cards_in(hand)
        assert offered == [card for card in held if card in offered]


def test_the_table_command_still_shows_the_whole_table() -> None:
    prompts, output, read = _script(["hint", "help", "table", "look"])
    play_terminal("classic", seed=4, hands=1, read=read, write=output.append)
    text = "\n".join(output)
    assert "Hint: bid 1. About 0.8 tricks" in text
    assert "Commands:" in text
    assert "To act: You" in text  # the table
    assert "Your cards are already face up." in text  # "look" refused, the bid prompt stays
    assert prompts[:5] == [prompts[0]] * 5


def test_hands_agreed_end_saying_who_won() -> None:
    _, output, read = _script([])
    play_terminal("classic", seed=4, hands=1, read=read, write=output.append)
    assert output[-2] == "1 hand played, as agreed."
    assert re.fullmatch(
        r"(You & North|West & East) win \d+ to -?\d+\.|A tie at -?\d+\.", output[-1]
    )


def test_two_players_draw_their_cards_nobody_deals() -> None:
    _, output, read = _script([])
    play_terminal("two_player", seed=4, hands=1, read=read, write=output.append)
    assert "— Hand 1: 13 cards each, drawn from the stock —" in output
    assert not any("deal" in line for line in output)
    assert re.fullmatch(r"(You win|Seat 2 wins) \d+ to -?\d+\.", output[-1])


def test_a_whole_game_says_who_won_and_offers_a_rematch_at_the_prompt() -> None:
    output: list[str] = []
    prompts: list[str] = []
    rematch = iter(["review", "yes", "no"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(rematch) if prompt.startswith("Play again") else "auto"

    assert play_terminal("short", seed=4, read=read, write=output.append) == 0
    over = [line for line in output if line.startswith("Game over")]
    assert len(over) == 2
    assert all(
        re.fullmatch(r"Game over: (You & North|West & East) win \d+ to -?\d+\.", line)
        for line in over
    )
    assert not any("Ask for a rematch" in line or "Scores:" in line for line in output)
    again = "Play again? [y/N] (review [N]: why the bots moved as they did) > "
    assert sum(p == again for p in prompts) == 3
    # Asked before the first rematch: the game's last hand, every bot's move told.
    [reviewed] = [line for line in output if "why each bot moved" in line]
    assert re.match(r"Hand \d+: why each bot moved as it did\.\nThe bidding\n  ", reviewed)
    assert sum(line.startswith("— Hand 1:") for line in output) == 2
    assert next(rematch, None) is None


def test_the_hint_for_the_last_card_says_it_is_the_only_one() -> None:
    _, output, read = _script(["3", *["auto"] * 12, "hint"])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    (last_hint,) = [line for line in output if line.startswith("Hint:")]
    assert re.fullmatch(r"Hint: play (\S+)\. The \1 is the only card you can play\.", last_hint)


def test_a_blind_bid_where_the_table_plays_none_says_so() -> None:
    _, output, read = _script(["blind 4"])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    assert "Blind bids aren't played at this table." in output
    assert not any("looked at your cards" in line for line in output)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_a_hand_at_the_terminal(preset: str) -> None:
    _, output, read = _script([])
    assert play_terminal(preset, seed=11, hands=1, read=read, write=output.append) == 0
    assert any(line.startswith("Hand 1 scored:") for line in output)


def test_quit_leaves_cleanly() -> None:
    _, output, read = _script(["quit"])
    assert play_terminal("classic", seed=1, read=read, write=output.append) == 0
    assert output[-1] == "Bye."
    assert not any("Stopped" in line for line in output)


def test_red_suits_are_red_in_colour_and_plain_without() -> None:
    _, coloured, read = _script([])
    play_terminal("classic", seed=5, hands=1, read=read, write=coloured.append, colour=True)
    _, plain, read = _script([])
    play_terminal("classic", seed=5, hands=1, read=read, write=plain.append)
    hand = next(line for line in coloured if line.startswith("Your hand:"))
    assert f"{RED}" in hand and "\x1b[0m" in hand
    assert red_suits(Card.parse("QH")) == f"{RED}Q♥\x1b[0m"
    assert red_suits(Card.parse("QS")) == "Q♠"
    assert not any("\x1b" in line for line in plain)
    assert [re.sub(r"\x1b\[\d+m", "", line) for line in coloured] == plain


def test_colour_only_on_a_terminal_and_never_with_no_color() -> None:
    leader, follower = os.openpty()
    with os.fdopen(leader, "rb"), os.fdopen(follower, "w") as terminal:
        assert wants_colour(terminal, {})
        assert not wants_colour(terminal, {"NO_COLOR": "1"})
        assert wants_colour(terminal, {"NO_COLOR": ""})  # no-color.org: set and not empty
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb"), os.fdopen(write_end, "w") as pipe:
        assert not wants_colour(pipe, {})


def test_python_m_bot_play_reads_stdin() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--seed", "3", "--hands", "1"],
        input="auto\n" * 60,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Hand 1 scored:" in result.stdout
    assert "\x1b" not in result.stdout  # standard output is a pipe: no colour


def _read_until(stream: IO[bytes], marker: bytes) -> bytes:
    """What the child wrote up to and including ``marker``."""
    seen = b""
    while marker not in seen:
        # A guard against a child that never gets there, not a measure of its speed.
        ready, _, _ = select.select([stream], [], [], 120)
        assert ready, f"no {marker!r} from the game: {seen[-300:]!r}"
        chunk = os.read(stream.fileno(), 4096)
        assert chunk, f"the game ended before {marker!r}: {seen[-300:]!r}"
        seen += chunk
    return seen


def test_ctrl_c_at_the_prompt_exits_cleanly() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert child.stdout is not None
        before = _read_until(child.stdout, b"Your bid")
        child.send_signal(signal.SIGINT)
        # The next move is what used to meet the cancelled game and crash.
        after, errors = child.communicate(b"3\n", timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == EXIT_INTERRUPTED
    assert b"Traceback" not in errors, errors.decode()
    assert errors == b""
    lines = (before + after).decode().splitlines()
    assert lines[-1] == "Bye."  # one line, after the interrupted prompt's
    assert not any("Stopped" in line for line in lines)


def test_why_tells_why_a_bot_moved_and_refuses_what_it_cannot_tell() -> None:
    _, output, read = _script(["why", "why 2", "why 1", "why x", "3", "why"])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    # East, dealt after North, bid before you: its rule, in public words.
    assert output[5:9] == [
        "East bid Nil.\nIt counted no card that should take a trick, so it bid Nil.",
        "The bot in seat 2 hasn't moved yet this game.",
        "Seat 1 is played by You, not a bot: ask them.",
        "Ask why, or why and a seat number: why 2.",
    ]
    assert "East played the 2♣.\nIt bid Nil, so it led low." in "\n".join(output)


def test_review_tells_why_each_bot_moved_in_a_hand_that_is_over() -> None:
    _, output, read = _script(["review", "review x", *["auto"] * 14, "review 2", "review"])
    play_terminal("classic", seed=5, hands=2, read=read, write=output.append)
    assert output[5:7] == [
        "No hand is over yet: review tells of a hand once it is played.",
        "Ask review, or review and a hand number: review 1.",
    ]
    assert "Only hand 1 is over: review 1 tells of it." in output
    [told] = [line for line in output if line.startswith("Hand 1: why")]
    lines = told.splitlines()
    # The bidding, then every trick, each bot's move in full (every card named: the hand
    # is over).
    assert lines[:3] == [
        "Hand 1: why each bot moved as it did.",
        "The bidding",
        "  East bid Nil.",
    ]
    assert [line for line in lines if not line.startswith("  ")][2:] == [
        f"Trick {n}" for n in range(1, 14)
    ]
    assert "  As a hint would put it, with every hand shown: You bid Nil: lead your lowest" in told
    assert sum(line.startswith("  East played the") for line in lines) == 13


def _slice_words(language: str) -> set[str]:
    """The English words of the terminal's messages (the terminal, the text renderings and
    the cards' words) that the ``language`` catalog does not also use."""
    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES

    def words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[A-Za-z']{3,}", re.sub(r"\{\w*\}", "", text))}

    slice_files = ("bot/terminal.py", "bot/render/text.py", "bot/render/words.py")
    with (LOCALES / language / "LC_MESSAGES" / "spades.po").open("rb") as source:
        catalog = read_po(source)
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalog:
        if message.id and any(path in slice_files for path, _line in message.locations):
            for text in message.id if isinstance(message.id, tuple) else (message.id,):
                english |= words(text)
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                translated |= words(text)
    return english - translated


# The one line of a hand at the terminal that another layer words (the table's notice that
# the agreed hands are played, bot/tables): converted with the tables, not in this slice.
NOT_IN_THE_SLICE = re.compile(r"^\d+ hands? played, as agreed\.$")


@pytest.mark.parametrize(("how", "language"), [("--lang", "es"), ("LANG", "es"), ("--lang", "de")])
def test_a_hand_in_spanish_or_german_has_no_english_word(how: str, language: str) -> None:
    english = _slice_words(language)
    assert {"hand", "trick", "bid", "you", "your", "spades", "south", "play"} <= english
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    args = [sys.executable, "-m", "bot", "play", "--seed", "3", "--hands", "1"]
    if how == "LANG":
        env["LANG"] = "es_ES.UTF-8"
    else:
        args += ["--lang", language]
    # A bid, help, the table, a word that is not a command, then the bot plays the rest.
    typed = {"es": "ayuda\nmesa\nhola\n3\n", "de": "hilfe\ntisch\nhallo\n3\n"}[language]
    result = subprocess.run(
        args,
        input=typed + "auto\n" * 60,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if not NOT_IN_THE_SLICE.match(line)]
    found = {
        word
        for line in lines
        for word in re.findall(r"[A-Za-z']{3,}", line)
        if word.lower() in english
    }
    assert not found, result.stdout
    scored = {"es": "Puntuación de la mano 1:", "de": "Wertung von Spiel 1:"}[language]
    assert scored in result.stdout
    # Court cards in the language's letters, never the English ones it does not use.
    english_courts, own_courts = {"es": ("KQ", "RD"), "de": ("QJ", "DB")}[language]
    assert not re.search(f"[{english_courts}][♣♦♥♠]", result.stdout)
    assert re.search(f"[{own_courts}][♣♦♥♠]", result.stdout)


@pytest.mark.parametrize(
    ("environ", "locale"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es-ES"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "pt_BR.UTF-8"}, "pt-BR"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de:fr"}, "de"),
        ({"LC_MESSAGES": "de_DE@euro"}, "de-DE"),
        ({"LANG": "C.UTF-8"}, None),
        ({}, None),
    ],
)
def test_the_terminals_language_comes_from_the_environment(
    environ: dict[str, str], locale: str | None
) -> None:
    from bot.terminal import terminal_locale

    assert terminal_locale(environ) == locale


def test_a_mo_is_declared_by_typing_big_or_little() -> None:
    """000:145, 002:90: at the first bid of its side the prompt offers the Little and Big Mo
    beside the bids; "big" declares it, and the table names the side's Big Mo, its score
    line too."""
    prompts, output, read = _script(["big"])
    assert play_terminal("mo", seed=5, hands=1, read=read, write=output.append) == 0
    first_bid = next(p for p in prompts if p.startswith("Your bid"))
    assert "little: Little Mo, big: Big Mo" in first_bid
    assert "You declare Big Mo." in output
    assert any("You & North declared Big Mo." in line for line in output)
    scored = "\n".join(output)
    assert "Big Mo -250" in scored.split("Hand 1 scored:")[1]


def test_raising_a_bid_is_typed_raise_or_keep() -> None:
    """000:103, 003:142: once everyone has bid the prompt asks to raise or keep the bid;
    "raise 2" raises it by two, "keep" keeps it, anything else is answered."""
    game = Game.new(Rules(raise_bids="any"), seed=5, dealer=3)
    for seat in (0, 1, 2, 3):
        game.apply(Bid(seat, 3))
    view = game.view(0)
    names = seat_names(4)
    assert _prompt(view, card_text) == "Raise your bid of 3 (keep, raise 1 to 7) > "
    assert parse_command("raise 2", view, names) == Raise(0, 2)
    assert parse_command("raise", view, names) == Raise(0, 1)
    assert parse_command("keep", view, names) == Raise(0, 0)
    with pytest.raises(ValueError, match="'raise 1' to raise your bid by one"):
        parse_command("4", view, names)


def test_miser_lowering_is_typed_lower_or_keep() -> None:
    """003:89 Miser: once everyone has bid, each player keeps their bid or lowers it: the
    prompt says so, "lower 2" lowers it by two, "keep" keeps it."""
    game = Game.new(Rules.preset("miser"), seed=5, dealer=3)
    for seat in (0, 1, 2, 3):
        game.apply(Bid(seat, 3))
    view = game.view(0)
    names = seat_names(4)
    assert _prompt(view, card_text) == "Keep your bid of 3 or lower it (keep, lower 1 to 3) > "
    assert parse_command("lower 2", view, names) == Raise(0, -2)
    assert parse_command("lower", view, names) == Raise(0, -1)
    assert parse_command("keep", view, names) == Raise(0, 0)
    (lowered,) = game.apply(Raise(0, -2))
    assert event_text(lowered, names, game.rules, you=0) == "You lower your bid to 1."
    assert event_text(lowered, names, game.rules) == f"{names[0]} lowers their bid to 1."


def test_auction_is_typed_pass_or_a_raise() -> None:
    """000:112 Auction Spades: the prompt lists pass and the bids above the highest, each
    with its contract of 6 + N tricks; "pass" passes, and the table says so."""
    game = Game.new(Rules.preset("auction"), seed=5, dealer=3)
    game.apply(Bid(0, 5))
    view = game.view(1)
    names = seat_names(4)
    assert _prompt(view, card_text) == "Your bid (pass, 6 for 12, 7 for 13) > "
    assert parse_command("pass", view, names) == Bid(1, 0)
    assert parse_command("6", view, names) == Bid(1, 6)
    (passed,) = game.apply(Bid(1, 0))
    assert event_text(passed, names, game.rules, you=1) == "You pass."
    assert event_text(passed, names, game.rules) == f"{names[1]} passes."


def test_an_auctions_pass_is_its_own_word_in_each_language() -> None:
    """000:112: a pass in the auction is not a pass of cards; German tables say "passe" for
    the one and "schieben" for the other, and either word, or the English, passes."""
    game = Game.new(Rules.preset("auction"), seed=5, dealer=3)
    game.apply(Bid(0, 5))
    view = game.view(1)
    names = seat_names(4)
    with use_locale("de"):
        assert _prompt(view, card_text).startswith("Deine Ansage (passe, ")
        for typed in ("passe", "Passe", "pass"):
            assert parse_command(typed, view, names) == Bid(1, 0)
        assert "schieben" in help_text()


def test_a_counter_bid_is_typed_lower_raise_or_keep() -> None:
    """000:18 Counter Bidding: the side that bid first may change its bid once, so the
    prompt offers lowering too; "lower 2" lowers it by two."""
    game = Game.new(Rules(counter_bidding=True), seed=5, dealer=3)
    for seat in (0, 1, 2, 3):
        game.apply(Bid(seat, 3))
    view = game.view(0)
    names = seat_names(4)
    assert _prompt(view, card_text) == (
        "Change your bid of 3 (keep, raise 1 to 7, lower 1 to 2) > "
    )
    assert parse_command("lower 2", view, names) == Raise(0, -2)
    assert parse_command("lower", view, names) == Raise(0, -1)
    assert parse_command("keep", view, names) == Raise(0, 0)


def test_a_no_trump_bid_is_typed_notrump() -> None:
    """000:113: a player holding a spade types "notrump" before the bid, as the prompt
    says."""
    game = Game.new(Rules(no_trump_bids=True), seed=3, dealer=0)  # seat 1 holds 7S TS QS
    view = game.view(1)
    assert "notrump: bid no trump first" in _prompt(view, card_text)
    assert parse_command("notrump", view, seat_names(4)) == NoTrump(1)


def test_a_half_bid_is_typed_with_a_half() -> None:
    """000:124 Half Tricks: "3.5" or "3½" bids three and a half; the prompt lists them."""
    game = Game.new(Rules(half_tricks=True), seed=5, dealer=3)
    view = game.view(0)
    assert "3½" in _prompt(view, card_text)
    assert parse_command("3.5", view, seat_names(4)) == HalfBid(0, 3)
    assert parse_command("3½", view, seat_names(4)) == HalfBid(0, 3)


def test_nil_in_the_dark_is_typed_dark() -> None:
    """000:163: after looking, "dark" bids Nil in the dark, and the prompt says so."""
    game = Game.new(Rules(nil_in_the_dark=True), seed=5, dealer=3)
    view = game.view(0)
    assert "dark: nil in the dark" in _prompt(view, card_text)
    assert parse_command("dark", view, seat_names(4)) == Bid(0, 0, True)


def test_hurricane_asks_to_pass_three_to_the_left() -> None:
    """003:363: the terminal player (seat 0) passes three cards to the player on the left
    before the bids, and the table says everyone does."""
    prompts, output, read = _script([])
    play_terminal("hurricane", seed=5, hands=1, read=read, write=output.append)
    assert prompts[0] == "Pass 3 cards to the player on your left > "
    assert any("Hurricane passing: everyone passes 3 cards" in line for line in output)
    assert not any("to your partner" in p for p in prompts)


def test_a_trick_is_called_by_typing_high_or_low() -> None:
    """003:65 High/Low Spades: the leader is asked to call before leading; "low" and "high"
    call, and the table then says how the trick is called."""
    game = Game.new(Rules(high_low=True), seed=5, dealer=3)
    for seat in (0, 1, 2, 3):
        game.apply(Bid(seat, 3))
    view = game.view(0)
    names = seat_names(4)
    assert _prompt(view, card_text) == "Call this trick high or low before you lead > "
    assert parse_command("low", view, names) == CallHighLow(0, True)
    assert parse_command("high", view, names) == CallHighLow(0, False)
    game.apply(CallHighLow(0, True))
    assert "This trick is called low" in " ".join(table_text(game.view(1), names).split())


class _JumpClock(ManualClock):
    """A manual clock moved from the player's prompt (no event loop to await there)."""

    def jump(self, seconds: float) -> None:
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)
        self._now = target


def test_a_game_played_for_a_time_ends_after_the_hand_in_play() -> None:
    # 000:88 # 002:72: time runs out while the player thinks over their third prompt.
    clock = _JumpClock()
    prompts: list[str] = []
    output: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) == 3:
            clock.jump(11 * 60)
        return "auto"

    status = play_terminal(
        "classic", seed=5, minutes=10, read=read, write=output.append, clock=clock
    )
    assert status == 0
    text = "\n".join(output)
    assert "Time is up: this hand is the last one, unless the scores are tied at its end." in text
    assert sum(line.startswith("Game over") for line in output) == 1
    assert "— Hand 2" not in text and prompts[-1].startswith("Play again")


@pytest.mark.parametrize("minutes", [7, 500])
def test_a_game_length_the_rules_refuse_is_said_and_nothing_is_played(minutes: int) -> None:
    output: list[str] = []
    status = play_terminal("classic", minutes=minutes, read=lambda p: "auto", write=output.append)
    assert status == 2
    [said] = output
    assert said.startswith(f"minutes_to_play {minutes}: ")
    assert said.endswith("Allowed: 10 to 480 in steps of 5.")


def test_berkley_dummies_are_shown_and_played_at_the_terminal() -> None:
    """003:140, 003:152: the player sees both dummies' face-up cards beside their hand, and
    is asked for their dummy's card when it has a choice of face-up cards; "double nil"
    bids both hands (003:124)."""
    prompts, output, read = _script(["look", "7"])
    assert play_terminal("berkley_two", seed=4, hands=1, read=read, write=output.append) == 0
    assert any("Dummy of seat 1's cards, face up:" in line for line in output)
    assert any("Dummy of seat 3's cards, face up:" in line for line in output)
    assert any(p.startswith("Your dummy's card") for p in prompts)
    first_bid = next(p for p in prompts if p.startswith("Your bid"))
    assert "double nil" in first_bid
    game = Game.new(Rules.preset("berkley_two"), seed=4, dealer=2)
    assert parse_command("double nil", game.view(0), seat_names(4)) == Bid(3, 0, True)
