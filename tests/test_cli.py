"""The command line: ``rules``, ``bench engine``, ``health``, and starting the bot without a
token or without a database folder it can write."""

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine import PRESETS, Rules

PROJECT_ROOT = Path(__file__).resolve().parents[1]
# Under root, run a child that file permissions bind: without the capabilities that let root
# write whatever the permission bits say.
BOUND_BY_PERMISSIONS = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]
    if os.geteuid() == 0
    else []
)


def run_module(
    cwd: Path, *args: str, prefix: Sequence[str] = (), **env: str
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot *args`` in ``cwd`` (so no project .env is read), DISCORD_TOKEN,
    DATABASE_PATH, DATABASE_URL and HEARTBEAT_PATH unset unless given; ``prefix`` comes before
    the command."""
    unset = {"DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "HEARTBEAT_PATH"}
    clean = {key: value for key, value in os.environ.items() if key not in unset}
    clean["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(PROJECT_ROOT), clean.get("PYTHONPATH")])
    )
    return subprocess.run(
        [*prefix, sys.executable, "-m", "bot", *args],
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
    assert "GUILD_ID" in result.stderr


def test_a_block_of_shards_on_sqlite_exits_2_before_discord(tmp_path: Path) -> None:
    result = run_module(
        tmp_path, DISCORD_TOKEN="t", SHARD_COUNT="2", SHARD_IDS="0", DATABASE_URL=""
    )
    assert result.returncode == 2
    assert "must share a PostgreSQL database" in result.stderr


def one_line(text: str) -> str:
    """``text``, which must be exactly one line."""
    assert text.count("\n") == 1 and text.endswith("\n"), text
    return text


@pytest.mark.parametrize(
    "where",
    [
        pytest.param("read-only", id="a read-only folder"),
        pytest.param("file-in-the-way", id="a folder that cannot be created"),
    ],
)
def test_a_database_folder_the_bot_cannot_write_stops_it_before_discord(
    tmp_path: Path, where: str
) -> None:
    """Exit 2 with one line naming the folder and the setting, before any word to Discord (the
    token is nonsense and this machine has no Discord: reaching it would say so instead)."""
    if where == "read-only":
        folder = tmp_path / "data"
        folder.mkdir(mode=0o555)
        expected = "cannot be written"
    else:
        (tmp_path / "taken").write_text("a file where the folder should be")
        folder = tmp_path / "taken" / "data"
        expected = "Cannot create the folder of"
    result = run_module(
        tmp_path,
        prefix=BOUND_BY_PERMISSIONS,
        DISCORD_TOKEN="not-a-token",
        DATABASE_PATH=str(folder / "spades.sqlite3"),
    )
    assert result.returncode == 2, result.stderr
    line = one_line(result.stderr)
    assert expected in line and str(folder) in line and "DATABASE_PATH" in line
    assert not (folder / "spades.sqlite3").exists()


def test_health_is_0_for_a_recent_heartbeat(tmp_path: Path) -> None:
    heartbeat = tmp_path / "heartbeat"
    heartbeat.touch()
    result = run_module(tmp_path, "health", HEARTBEAT_PATH=str(heartbeat))
    assert result.returncode == 0, result.stderr
    assert "connected to Discord" in one_line(result.stdout)


def test_health_is_1_without_a_heartbeat(tmp_path: Path) -> None:
    heartbeat = tmp_path / "heartbeat"
    result = run_module(tmp_path, "health", HEARTBEAT_PATH=str(heartbeat))
    assert result.returncode == 1
    line = one_line(result.stderr)
    assert f"No heartbeat at {heartbeat}" in line and "HEARTBEAT_PATH" in line


def test_health_is_1_for_a_heartbeat_older_than_a_minute(tmp_path: Path) -> None:
    heartbeat = tmp_path / "heartbeat"
    heartbeat.touch()
    two_minutes_ago = time.time() - 120
    os.utime(heartbeat, (two_minutes_ago, two_minutes_ago))
    result = run_module(tmp_path, "health", HEARTBEAT_PATH=str(heartbeat))
    assert result.returncode == 1
    line = one_line(result.stderr)
    assert "(more than 60 s)" in line and "connection to Discord is down" in line


def test_health_with_invalid_settings_is_1_in_one_line(tmp_path: Path) -> None:
    """Docker reads any status but 0 and 1 as an error of the check itself."""
    result = run_module(tmp_path, "health", GUILD_ID="not-a-number")
    assert result.returncode == 1
    assert "GUILD_ID" in one_line(result.stderr)


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


@pytest.mark.parametrize("command", [["rules"], ["play", "--seed", "3", "--hands", "1"]])
def test_a_reader_that_leaves_after_ten_lines_ends_it_quietly(command: list[str]) -> None:
    """`python -m bot play | head`: the reader goes in the middle of the game, while the
    table's presenters print, not only before the first line."""
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", *command],
        cwd=PROJECT_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        child.stdin.write(b"auto\n" * 60)
        child.stdin.close()
        head = [child.stdout.readline() for _ in range(10)]
        child.stdout.close()  # as head does after its tenth line
        errors = child.stderr.read() if child.stderr is not None else b""
        status = child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert all(line.endswith(b"\n") for line in head)
    assert errors == b"", errors.decode()
    assert status == 0


@pytest.mark.parametrize("what", ["not a database", "a newer schema"])
def test_a_database_the_bot_cannot_use_stops_it_with_one_line(tmp_path: Path, what: str) -> None:
    """Exit 2 with one line saying what to fix, never a traceback, and the file untouched."""
    database = tmp_path / "spades.sqlite3"
    if what == "not a database":
        database.write_text("these are my notes, not a database\n" * 100)
        expected = "is not a SQLite database"
    else:
        newer = sqlite3.connect(database)
        newer.execute("PRAGMA user_version = 999")
        newer.close()
        expected = "schema version 999"
    before = database.read_bytes()
    result = run_module(tmp_path, DISCORD_TOKEN="not-a-token", DATABASE_PATH=str(database))
    assert result.returncode == 2, result.stderr
    line = one_line(result.stderr)
    assert expected in line and "Traceback" not in line
    assert database.read_bytes() == before


def test_rules_speak_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["rules", "--lang", "es-ES"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Reglas de la casa: cada opción")
    # The engine's descriptions too; the options' names and values are typed as they are.
    assert "      Número de jugadores (000).\n" in text
    assert "  players = 4\n      admite: 2, 3, 4, 5, 6\n" in text
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["rules", "--preset", "classic"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Hausregeln der Vorgabe 'classic'")
    assert "      erlaubt: 2, 3, 4, 5, 6" in text
