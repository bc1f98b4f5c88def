"""Each server's house rules: stored as ``Rules`` JSON, changed one validated option at a time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import PRESETS, RuleProblem, Rules, RulesRefused
from bot.storage.db import Database, Session


class HouseRuleError(ValueError):
    """A refused change (unknown option or preset, a value that does not fit); the message is
    written for the player and names what is allowed. Nothing was stored. ``problems``: why
    the combination the change made cannot be played, when that was the reason (the render
    layer words them in the reader's language)."""

    def __init__(self, message: str, problems: tuple[RuleProblem, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


@dataclass(frozen=True, slots=True)
class OptionChange:
    """One option's value before and after a change."""

    option: str
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class RulesChange:
    """The server's rules before and after a change; ``changes`` is empty when nothing moved."""

    before: Rules
    after: Rules

    @property
    def changes(self) -> tuple[OptionChange, ...]:
        return tuple(
            OptionChange(name, getattr(self.before, name), getattr(self.after, name))
            for name in Rules.model_fields
            if getattr(self.before, name) != getattr(self.after, name)
        )


class HouseRules:
    """Per-server rules for ``/houserules`` and ``/changerules``; a server that set none
    plays the defaults.

    Tables copy the rules when they open, so a change here never touches a game in progress.
    """

    def __init__(self, db: Database) -> None:
        self._db = db

    async def stored(self, guild_id: int) -> Rules | None:
        """The server's rules, or ``None`` when it has set none."""
        async with self._db.session() as session:
            return await _stored(session, guild_id)

    async def get(self, guild_id: int) -> Rules:
        """The rules a new table in this server plays by."""
        return await self.stored(guild_id) or Rules()

    async def set_option(self, guild_id: int, option: str, value: str) -> RulesChange:
        """``/changerules set <option> <value>``: ``value`` is text as typed (``yes``, ``250``,
        ``none``...). Raises ``HouseRuleError`` with the allowed values when it does not fit,
        or with the reason when the resulting combination cannot be played."""
        option = option.strip().lower()
        try:
            return await self._change(guild_id, lambda rules: rules.with_option(option, value))
        except RulesRefused as error:
            raise HouseRuleError(str(error), error.problems) from None
        except ValueError as error:
            raise HouseRuleError(str(error)) from None

    async def apply_preset(self, guild_id: int, name: str) -> RulesChange:
        """``/changerules preset <name>``: every option from the preset (see ``PRESETS``)."""
        name = name.strip().lower()
        if name not in PRESETS:
            raise HouseRuleError(f"No preset called {name!r}. Presets: {', '.join(PRESETS)}.")
        return await self._change(guild_id, lambda _: Rules.preset(name))

    async def reset(self, guild_id: int) -> RulesChange:
        """``/changerules reset``: back to the defaults (the server has set none again)."""
        return await self._change(guild_id, lambda _: None)

    async def _change(self, guild_id: int, change: Callable[[Rules], Rules | None]) -> RulesChange:
        """Store ``change(current rules)``; ``None`` forgets the server's rules."""
        # Read and write in one transaction so that two admins' changes cannot overwrite
        # each other.
        async with self._db.transaction() as session:
            before = await _stored(session, guild_id) or Rules()
            after = change(before)
            if after is None:
                await session.execute("DELETE FROM guild_rules WHERE guild_id = ?", (guild_id,))
            else:
                await session.execute(
                    "INSERT INTO guild_rules (guild_id, rules_json) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET rules_json = excluded.rules_json",
                    (guild_id, after.model_dump_json()),
                )
        return RulesChange(before, after or Rules())


async def _stored(session: Session, guild_id: int) -> Rules | None:
    row = await session.fetch_one(
        "SELECT rules_json FROM guild_rules WHERE guild_id = ?", (guild_id,)
    )
    return None if row is None else Rules.model_validate_json(row["rules_json"])
