"""Runtime settings, read from the environment and an optional ``.env`` file."""

import os
import tempfile
from pathlib import Path
from typing import Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage.urls import url_problem

# The most requests in any second the bot makes of those Discord's global rate limit counts
# (50 a second for every bot): room under it for start-up calls and the odd request made
# outside the budget. Interactions' answers and follow-ups are not counted.
DISCORD_GLOBAL_RATE = 40.0


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
    # Seconds a PostgreSQL statement may take: a server that stops answering then refuses
    # changes as "storage is busy", as a failed write does, instead of freezing the tables.
    database_timeout: float = Field(default=10.0, gt=0)
    log_level: str = "INFO"
    guild_id: int | None = None
    # Cards as pictures: the faces uploaded once as the application's emojis and shown on
    # buttons, hands and tricks; off, cards are text with suit symbols.
    card_emojis: bool = True
    # Touched by the running bot while it is connected, read by ``python -m bot health``. The
    # temporary folder is writable by any user, in a container and in a checkout alike; give
    # each bot its own file where several run on one machine.
    heartbeat_path: Path = Path(tempfile.gettempdir()) / "spades-bot.heartbeat"
    # Sharding: unset, one process holds every shard Discord asks for. Set, the bot runs
    # ``shard_count`` shards in all and this process holds ``shard_ids`` ("0,1" or "0-3";
    # unset: all of them). A table belongs to the process holding its guild's shard.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: str | None = None
    # Processes that run the hard bots' searches; unset: one per core; 0: threads of this
    # process instead (they share one interpreter).
    search_workers: int | None = Field(default=None, ge=0)
    # The most requests in any second the bot makes of those Discord's global rate limit
    # counts (messages and edits by the bot's token, opening DMs), all processes together:
    # each takes its shards' share. Raise it only when Discord granted the application a
    # higher global limit; follow-ups and edits through interactions' tokens never count.
    discord_global_rate: float = Field(default=DISCORD_GLOBAL_RATE, gt=0)

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, url: SecretStr | None) -> SecretStr | None:
        # The message shows the URL with its password masked; the cli never prints the
        # input pydantic keeps with the error.
        problem = None if url is None else url_problem(url.get_secret_value())
        if problem is not None:
            raise ValueError(problem)
        return url

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is not None and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards in all")
        held = self.shards
        if held is not None and self.database_url is None and len(held) < (self.shard_count or 0):
            raise ValueError(
                "SHARD_IDS holds only some of the shards, so other processes hold the rest: "
                "they must share a PostgreSQL database (set DATABASE_URL). SQLite serves one "
                "process, which holds every shard (unset SHARD_IDS)."
            )
        return self

    @property
    def shards(self) -> tuple[int, ...] | None:
        """The shard ids this process holds, in order; ``None`` when ``SHARD_COUNT`` is unset
        (discord.py asks Discord how many and holds them all)."""
        if self.shard_count is None:
            return None
        if self.shard_ids is None:
            return tuple(range(self.shard_count))
        return parse_shard_ids(self.shard_ids, self.shard_count)

    @property
    def search_processes(self) -> int:
        """How many processes run searches: ``SEARCH_WORKERS``, else the machine's cores."""
        if self.search_workers is not None:
            return self.search_workers
        return os.cpu_count() or 1

    @property
    def database(self) -> str | Path:
        """Where the store lives, for ``Storage.open``: ``DATABASE_URL`` when set, else the
        SQLite file at ``DATABASE_PATH``."""
        if self.database_url is None:
            return self.database_path
        return self.database_url.get_secret_value()


def parse_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """``"0,2"`` or ``"0-3"`` (or both, ``"0-1,4"``) as sorted shard ids below ``count``;
    ``ValueError`` saying what is wrong otherwise."""
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(
                f"SHARD_IDS={text!r} is not a list of shard ids like 0,1 or a range like 0-3"
            ) from None
        if low < 0 or high < low:
            raise ValueError(f"SHARD_IDS={text!r}: {part.strip()!r} is not a range of shard ids")
        if high >= count:
            raise ValueError(
                f"SHARD_IDS={text!r} names shard {high}, but SHARD_COUNT={count} "
                f"numbers them 0 to {count - 1}"
            )
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events on; events with no guild (DMs) come on
    shard 0."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


def load_settings() -> Settings:
    """Read settings from the environment and ``.env`` in the working directory."""
    return Settings()
