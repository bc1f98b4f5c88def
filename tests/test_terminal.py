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


def test_quit_leaves_cleanly() -> None:
    _, output, read = _script(["quit"])
    assert play_terminal("classic", seed=1, read=read, write=output.append) == 0
    assert output[-1] == "Bye."


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
