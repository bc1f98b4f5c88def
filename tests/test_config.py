"""Settings: defaults, empty values in .env, and the token kept secret."""

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import load_settings, shard_of


@pytest.fixture(autouse=True)
def empty_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for key in (
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DATABASE_URL",
        "LOG_LEVEL",
        "GUILD_ID",
        "HEARTBEAT_PATH",
        "SHARD_COUNT",
        "SHARD_IDS",
        "SEARCH_WORKERS",
    ):
        monkeypatch.delenv(key, raising=False)


def test_defaults_need_no_environment() -> None:
    settings = load_settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("data/spades.sqlite3")
    assert settings.log_level == "INFO"
    assert settings.guild_id is None
    assert settings.card_emojis is True


def test_card_emojis_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARD_EMOJIS", "false")
    assert load_settings().card_emojis is False


def test_the_example_env_file_loads_with_its_empty_values(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parents[1] / ".env.example"
    (tmp_path / ".env").write_text(example.read_text())
    settings = load_settings()
    assert settings.discord_token is None
    assert settings.guild_id is None
    # From a checkout the database stays where the default puts it (the image sets its own).
    assert settings.database_path == Path("data/spades.sqlite3")
    assert settings.card_emojis is True


def test_environment_overrides_dotenv_and_the_token_stays_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\nGUILD_ID=1\n")
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    settings = load_settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "from-env"
    assert "from-env" not in repr(settings)
    assert settings.guild_id == 1


def test_unset_shards_leave_it_to_discord_and_searches_use_every_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 6)
    settings = load_settings()
    assert settings.shards is None
    assert settings.search_processes == 6
    monkeypatch.setenv("SEARCH_WORKERS", "0")
    assert load_settings().search_processes == 0


@pytest.mark.parametrize(
    ("count", "ids", "held"),
    [
        ("4", None, (0, 1, 2, 3)),
        ("4", "0-1", (0, 1)),
        ("4", "3, 1", (1, 3)),
        ("8", "0-1,6", (0, 1, 6)),
    ],
)
def test_shard_ids_are_lists_or_ranges(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str | None, held: tuple[int, ...]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://spades@db/spades")
    monkeypatch.setenv("SHARD_COUNT", count)
    if ids is not None:
        monkeypatch.setenv("SHARD_IDS", ids)
    assert load_settings().shards == held


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "numbers them 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "one"}, "is not a list of shard ids"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "is not a range"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "greater than or equal to 1"),
        ({"SEARCH_WORKERS": "-1"}, "greater than or equal to 0"),
    ],
)
def test_bad_shard_settings_are_refused_saying_why(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], says: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://spades@db/spades")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ValidationError, match=says):
        load_settings()


def test_several_processes_on_sqlite_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "2")
    # One process holding every shard is fine on SQLite.
    assert load_settings().shards == (0, 1)
    monkeypatch.setenv("SHARD_IDS", "1")
    with pytest.raises(ValidationError, match="must share a PostgreSQL database"):
        load_settings()


def test_a_guild_belongs_to_the_shard_discord_sends_it_on() -> None:
    guild = (123 << 22) | 4567
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 2) == 1
    assert shard_of(guild, 10) == 3
    assert shard_of(None, 4) == 0  # DMs come on shard 0


@pytest.mark.parametrize(
    ("count", "ids", "rate"), [(None, None, 40.0), ("2", "0", 20.0), ("4", "0-2", 30.0)]
)
def test_each_process_keeps_its_shards_share_of_the_request_budget(
    monkeypatch: pytest.MonkeyPatch, count: str | None, ids: str | None, rate: float
) -> None:
    # Discord's global limit is the application's: processes holding blocks of shards split it.
    from bot.client import REQUEST_RATE, SpadesBot

    monkeypatch.setenv("DATABASE_URL", "postgresql://spades@db/spades")
    if count is not None and ids is not None:
        monkeypatch.setenv("SHARD_COUNT", count)
        monkeypatch.setenv("SHARD_IDS", ids)
    bot = SpadesBot(load_settings())
    assert REQUEST_RATE == 40.0 and bot.request_rate == rate


@pytest.mark.parametrize(("count", "ids", "rate"), [(None, None, 120.0), ("2", "0", 60.0)])
def test_a_higher_global_limit_in_the_settings_raises_the_budget(
    monkeypatch: pytest.MonkeyPatch, count: str | None, ids: str | None, rate: float
) -> None:
    # A bot Discord granted a higher global limit says so; each process keeps its share.
    from bot.client import SpadesBot

    monkeypatch.setenv("DATABASE_URL", "postgresql://spades@db/spades")
    monkeypatch.setenv("DISCORD_GLOBAL_RATE", "120")
    if count is not None and ids is not None:
        monkeypatch.setenv("SHARD_COUNT", count)
        monkeypatch.setenv("SHARD_IDS", ids)
    bot = SpadesBot(load_settings())
    assert bot.request_rate == rate
