"""The Dockerfile, .dockerignore and .env.example, read as text: what can be checked of the image
without a Docker engine (a pinned base, only the package copied, a non-root user, the database
on the volume, a health check that runs a real command)."""

import json
import re
import shlex
from pathlib import Path
from typing import NamedTuple

import pytest

from bot.cli import build_parser
from bot.config import Settings

PROJECT_ROOT = Path(__file__).resolve().parents[1]
PINNED_BASE = re.compile(r"python:3\.11\.\d+-slim-bookworm(@sha256:[0-9a-f]{64})?")
VOLUME = Path("/data")


class Instruction(NamedTuple):
    keyword: str
    arguments: str


def instructions() -> list[Instruction]:
    """The Dockerfile's instructions, continuation lines joined, comments left out."""
    found: list[Instruction] = []
    pending = ""
    for line in (PROJECT_ROOT / "Dockerfile").read_text().splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        keyword, _, arguments = (pending + stripped).partition(" ")
        found.append(Instruction(keyword.upper(), arguments.strip()))
        pending = ""
    return found


def stages() -> list[list[Instruction]]:
    """The instructions of each stage, from its FROM; the global ARGs before the first FROM
    are left out."""
    split: list[list[Instruction]] = []
    for instruction in instructions():
        if instruction.keyword == "FROM":
            split.append([])
        if split:
            split[-1].append(instruction)
    return split


def final_stage(keyword: str) -> list[str]:
    """The arguments of every ``keyword`` instruction of the image's own stage, the last."""
    return [i.arguments for i in stages()[-1] if i.keyword == keyword]


def image_env() -> dict[str, str]:
    """The environment the final stage's ENV instructions give the container."""
    env: dict[str, str] = {}
    for arguments in final_stage("ENV"):
        for pair in shlex.split(arguments):
            key, _, value = pair.partition("=")
            env[key] = value
    return env


def env_file(path: Path) -> dict[str, str]:
    """What ``docker run --env-file path`` sets: KEY=VALUE lines as they are (no quotes
    removed, empty values kept); blank lines and lines starting with # ignored."""
    env: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            env[key.strip()] = value
    return env


def test_every_stage_starts_from_one_pinned_python_slim_bookworm() -> None:
    defaults: dict[str, str] = {}
    for instruction in instructions():
        if instruction.keyword == "FROM":
            break
        if instruction.keyword == "ARG":
            name, _, value = instruction.arguments.partition("=")
            defaults[name] = value
    bases = []
    for stage in stages():
        base = stage[0].arguments.split()[0]
        bases.append(re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: defaults[m[1] or m[2]], base))
    assert len(bases) == 2 and len(set(bases)) == 1, bases
    assert PINNED_BASE.fullmatch(bases[0]), bases[0]


def test_the_image_copies_only_the_package_and_the_builders_venv() -> None:
    sources = []
    for instruction in instructions():
        if instruction.keyword in ("COPY", "ADD"):
            words = [w for w in shlex.split(instruction.arguments) if not w.startswith("--")]
            if "--from=builder" in instruction.arguments:
                assert words == ["/opt/venv", "/opt/venv"], instruction
            else:
                assert instruction.keyword == "COPY", instruction
                sources += words[:-1]
    assert sources, "the builder copies the package"
    for source in sources:
        assert source in ("pyproject.toml", "setup.py") or source.startswith(("bot/", "cogs/")), (
            source
        )


def test_the_build_context_holds_only_the_package() -> None:
    """Everything is left out, then only what the image copies is let back in: .env (and any
    copy of it), devtools/ and tests/ never reach the builder."""
    patterns = [
        line.strip()
        for line in (PROJECT_ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert patterns[0] == "*"
    let_back = {pattern.removeprefix("!").rstrip("/") for pattern in patterns if "!" in pattern}
    assert let_back == {"pyproject.toml", "setup.py", "bot", "cogs"}
    # Extension modules an in-place build left in the checkout are not the image's to ship.
    assert "**/*.so" in patterns


def test_the_builder_compiles_the_hot_path_and_the_image_has_no_compiler() -> None:
    """The builder installs a C compiler and builds with SPADES_COMPILE=1, so a build that
    cannot compile fails instead of shipping plain Python, and checks bot.engine.COMPILED;
    the image's own stage installs nothing: it copies the builder's venv."""
    builder, image = stages()
    runs = [i.arguments for i in builder if i.keyword == "RUN"]
    assert any("apt-get install" in run and " gcc" in run for run in runs), runs
    install = next(run for run in runs if "pip install" in run and "--force-reinstall" in run)
    assert install.startswith("SPADES_COMPILE=1 "), install
    assert "bot.engine.COMPILED" in install
    assert not [i for i in image if i.keyword == "RUN" and "apt-get" in i.arguments]


def test_the_bot_runs_as_its_own_user_with_the_database_on_the_volume() -> None:
    users = final_stage("USER")
    assert users and users[-1] not in ("root", "0"), users
    volumes = [path for arguments in final_stage("VOLUME") for path in arguments.split()]
    assert str(VOLUME) in volumes
    assert Path(image_env()["DATABASE_PATH"]).parent == VOLUME
    assert json.loads(final_stage("CMD")[-1]) == ["python", "-m", "bot"]


def test_the_health_check_runs_the_health_command() -> None:
    checks = final_stage("HEALTHCHECK")
    assert len(checks) == 1
    options, _, command = checks[0].partition(" CMD ")
    assert "--interval=" in options and "--start-period=" in options
    argv = json.loads(command)
    assert argv[:3] == ["python", "-m", "bot"]
    assert build_parser().parse_args(argv[3:]).command == "health"


def test_the_example_env_file_keeps_the_database_on_the_volume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``docker run --env-file .env`` with .env copied from the example: the env file's values
    replace the image's ENV, so the example must leave DATABASE_PATH to the image."""
    monkeypatch.chdir(tmp_path)
    for key in Settings.model_fields:
        monkeypatch.delenv(key.upper(), raising=False)
    container = image_env() | env_file(PROJECT_ROOT / ".env.example")
    for key, value in container.items():
        monkeypatch.setenv(key, value)
    # The image has no .env: the container's settings come from its environment alone.
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.database_path.parent == VOLUME


def compose_services() -> dict[str, dict[str, str]]:
    """``compose.yaml`` read as text (no YAML library is a dependency): each service's
    ``environment`` entries, by service name."""
    services: dict[str, dict[str, str]] = {}
    section = service = ""
    in_environment = False
    for line in (PROJECT_ROOT / "compose.yaml").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        key, _, value = line.strip().partition(":")
        if indent == 0:
            section = key
        elif indent == 2 and section == "services":
            service = key
            services[service] = {}
        elif indent == 4:
            in_environment = key == "environment"
        elif indent == 6 and in_environment and service:
            services[service][key] = value.strip().strip('"')
    return services


def test_compose_runs_postgres_and_two_bots_with_half_the_shards_each() -> None:
    services = compose_services()
    bots = {name: env for name, env in services.items() if "SHARD_IDS" in env}
    assert "postgres" in services and len(bots) == 2
    assert sorted(env["SHARD_IDS"] for env in bots.values()) == ["0", "1"]
    assert len({env["HEARTBEAT_PATH"] for env in bots.values()}) == 2
    for env in bots.values():
        assert env["SHARD_COUNT"] == "2"
        assert env["DATABASE_URL"].startswith("postgresql://")
        # The settings each process starts with are valid (a block of shards on PostgreSQL).
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            database_url=env["DATABASE_URL"],
            shard_count=int(env["SHARD_COUNT"]),
            shard_ids=env["SHARD_IDS"],
            heartbeat_path=Path(env["HEARTBEAT_PATH"]),
        )
        assert settings.shards == (int(env["SHARD_IDS"]),)
