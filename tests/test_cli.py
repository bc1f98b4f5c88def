"""The command line: ``rules``, ``bench engine`` and starting the bot without a token."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine import PRESETS, Rules

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def run_module(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot`` in ``cwd`` (so no project .env is read), DISCORD_TOKEN unset."""
    clean = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    clean["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(PROJECT_ROOT), clean.get("PYTHONPATH")])
    )
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=cwd,
        env=clean | env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_rules_lists_every_option_and_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in Rules.model_fields:
        assert name in out
    for preset in PRESETS:
        assert preset in out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_json_for_a_preset_gives_its_values(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--json", "--preset", preset]) == 0
    data = json.loads(capsys.readouterr().out)
    dumped = Rules.preset(preset).model_dump(mode="json")
    expected = {name: dumped[name] for name in Rules.model_fields}
    assert {option["name"]: option["value"] for option in data["options"]} == expected
    assert set(data["presets"]) == set(PRESETS)


def test_rules_rejects_an_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["rules", "--preset", "no-such-preset"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_bench_engine_prints_hands_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--hands", "20"]) == 0
    assert "hands/s" in capsys.readouterr().out


def test_bench_engine_rejects_zero_hands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "engine", "--hands", "0"])
    assert "must be at least 1" in capsys.readouterr().err


def test_bot_without_token_exits_2_and_says_what_to_do(tmp_path: Path) -> None:
    result = run_module(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "python -m bot play" in result.stderr


def test_bot_with_invalid_settings_exits_2_naming_the_setting(tmp_path: Path) -> None:
    result = run_module(tmp_path, GUILD_ID="not-a-number")
    assert result.returncode == 2
    assert "guild_id" in result.stderr


def test_dev_tools_outside_a_checkout_say_where_they_are(tmp_path: Path) -> None:
    """The installed bot has no devtools/: bench and arena say so instead of a traceback."""
    # Only bot/ and cogs/ on the path, as an installed package has them.
    installed = tmp_path / "site"
    installed.mkdir()
    for package in ("bot", "cogs"):
        (installed / package).symlink_to(PROJECT_ROOT / package)
    for command in ("bench", "arena"):
        done = subprocess.run(
            [sys.executable, "-m", "bot", command, "engine"],
            cwd=tmp_path,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            | {"PYTHONPATH": str(installed), "PYTHONSAFEPATH": "1"},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, done.stderr
        assert "from a checkout" in done.stderr
        assert "Traceback" not in done.stderr


def test_the_running_bot_never_imports_devtools() -> None:
    """`python -m bot` (the bot itself) loads no development tool."""
    code = (
        "import sys, bot.cli, bot.client, cogs.spades;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'devtools'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("command", [["rules"], ["rules", "--json"], ["play", "--hands", "1"]])
def test_output_into_a_pipe_nobody_reads_ends_quietly(command: list[str]) -> None:
    """`python -m bot rules | head` once ended in a BrokenPipeError traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as head's is after its tenth
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bot", *command],
            cwd=PROJECT_ROOT,
            stdin=subprocess.DEVNULL,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == 0
