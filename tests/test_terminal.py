"""The terminal game: a person plays against bots at a prompt."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from bot.engine import PRESETS
from bot.terminal import play_terminal


def _script(lines: list[str]) -> tuple[list[str], list[str], Callable[[str], str]]:
    prompts: list[str] = []
    output: list[str] = []
    answers: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "auto")

    return prompts, output, read


def test_a_hand_against_bots_with_bad_input_answered() -> None:
    prompts, output, read = _script(["hello", "blind 99", "XX"])
    status = play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    text = "\n".join(output)
    assert status == 0
    assert "Bid a number" in text  # "hello" at the bid prompt
    assert "Hand 1 scored:" in text
    assert "You (South)" in text
    assert any("Your card" in p for p in prompts)
    assert any("Your bid" in p for p in prompts)


def test_illegal_card_is_refused_with_a_reason() -> None:
    # Seed 5: the first card the human must play follows clubs; 6♦ is held but illegal.
    _, output, read = _script(["3", "6d"])
    play_terminal("classic", seed=5, hands=1, read=read, write=output.append)
    assert "You must follow suit: you hold a ♣." in output


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_plays_a_hand_at_the_terminal(preset: str) -> None:
    _, output, read = _script([])
    assert play_terminal(preset, seed=11, hands=1, read=read, write=output.append) == 0
    assert any(line.startswith("Hand 1 scored:") for line in output)


def test_hint_help_and_table_answer_without_moving() -> None:
    prompts, output, read = _script(["hint", "help", "table", "look"])
    play_terminal("classic", seed=4, hands=1, read=read, write=output.append)
    text = "\n".join(output)
    assert "Hint: bid 1. About 0.8 tricks" in text
    assert "Commands:" in text
    assert "Your cards are already face up." in text  # "look" refused, the bid prompt stays
    assert prompts[:5] == [prompts[0]] * 5
    assert output[-1] == "1 hand played, as agreed."


def test_a_whole_game_with_auto_finishes_and_a_rematch_deals_again() -> None:
    output: list[str] = []
    rematch = iter(["yes", "no"])

    def read(prompt: str) -> str:
        return next(rematch) if prompt.startswith("Rematch") else "auto"

    assert play_terminal("short", seed=4, read=read, write=output.append) == 0
    over = [line for line in output if line.startswith("Game over.")]
    assert len(over) == 2
    assert sum(line.startswith("— Hand 1:") for line in output) == 2
    assert next(rematch, None) is None


def test_quit_leaves_cleanly() -> None:
    _, output, read = _script(["quit"])
    assert play_terminal("classic", seed=1, read=read, write=output.append) == 0
    assert output[-2:] == ["Stopped by the host.", "Bye."]


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
