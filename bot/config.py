"""Runtime settings, read from the environment and an optional ``.env`` file."""

import tempfile
from pathlib import Path

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage.db import is_postgres_url


class Settings(BaseSettings):
    """Everything the bot reads from its environment.

    The token may be missing: the offline commands (``rules``, ``bench``, ``play``) need none,
    and running the bot without one stops with a message saying where to put it.
    """

    # Empty values are ignored so that a copy of .env.example (``GUILD_ID=``) loads cleanly.
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("./data/spades.sqlite3")
    # Set, it puts the store on PostgreSQL (several processes can share it) instead of the
    # SQLite file. Secret: it usually holds a password.
    database_url: SecretStr | None = None
    log_level: str = "INFO"
    guild_id: int | None = None
    # Cards as pictures: the faces uploaded once as the application's emojis and shown on
    # buttons, hands and tricks; off, cards are text with suit symbols.
    card_emojis: bool = True
    # Touched by the running bot while it is connected, read by ``python -m bot health``. The
    # temporary folder is writable by any user, in a container and in a checkout alike; give
    # each bot its own file where several run on one machine.
    heartbeat_path: Path = Path(tempfile.gettempdir()) / "spades-bot.heartbeat"

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, url: SecretStr | None) -> SecretStr | None:
        if url is not None and not is_postgres_url(url.get_secret_value()):
            raise ValueError(
                "DATABASE_URL must be a PostgreSQL URL, "
                "postgresql://user:password@host:port/database (unset it to use DATABASE_PATH)"
            )
        return url

    @property
    def database(self) -> str | Path:
        """Where the store lives, for ``Storage.open``: ``DATABASE_URL`` when set, else the
        SQLite file at ``DATABASE_PATH``."""
        if self.database_url is None:
            return self.database_path
        return self.database_url.get_secret_value()


def load_settings() -> Settings:
    """Read settings from the environment and ``.env`` in the working directory."""
    return Settings()
