"""Settings: defaults, empty values in .env, and the token kept secret."""

from pathlib import Path

import pytest

from bot.config import load_settings


@pytest.fixture(autouse=True)
def empty_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "GUILD_ID", "HEARTBEAT_PATH"):
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
