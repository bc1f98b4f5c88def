"""Runtime settings, read from the environment and an optional ``.env`` file."""

import tempfile
from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the bot reads from its environment.

    The token may be missing: the offline commands (``rules``, ``bench``, ``play``) need none,
    and running the bot without one stops with a message saying where to put it.
    """

    # Empty values are ignored so that a copy of .env.example (``GUILD_ID=``) loads cleanly.
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("./data/spades.sqlite3")
    log_level: str = "INFO"
    guild_id: int | None = None
    # Touched by the running bot while it is connected, read by ``python -m bot health``. The
    # temporary folder is writable by any user, in a container and in a checkout alike; give
    # each bot its own file where several run on one machine.
    heartbeat_path: Path = Path(tempfile.gettempdir()) / "spades-bot.heartbeat"


def load_settings() -> Settings:
    """Read settings from the environment and ``.env`` in the working directory."""
    return Settings()
