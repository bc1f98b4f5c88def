"""Each server's rules for new tables: ``/houserules`` shows them to anyone;
``/changerules`` changes them, for members with Manage Server.

The two are separate top-level groups because Discord hides a command from members who lack
its default permissions (``default_member_permissions``) only for a whole top-level command
or group: ``/changerules`` is not even listed for a member who could never use it. A server's
admins can override that in the server's Integrations settings, so the permission is checked
in code as well.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import PRESETS, Rules, allowed_values, parse_option_value, value_choices
from bot.i18n import N_, _, use_locale
from bot.render.rules_text import rule_options, show_value
from bot.storage.house_rules import HouseRuleError, HouseRules, RulesChange
from bot.storage.records import StorageFailed, TableStore
from cogs._answer import answer, echo
from cogs._checks import check_interaction
from cogs._errors import PlayerError, install_error_handler
from cogs._languages import (
    FOLLOW_DISCORD,
    SERVER_FOLLOWS_DISCORD,
    choose_guild_language,
    language_choices,
)

# Discord shows at most 25 autocomplete choices.
MAX_CHOICES = 25
# An embed description holds 4096 characters; the full option list fits in two fields' worth.
EMBED_LIMIT = 4000


def rules_summary(rules: Rules) -> str:
    """Every option and its value, options that differ from the defaults first and marked."""
    options = rule_options(rules)
    changed = [o for o in options if o.changed]
    same = [o for o in options if not o.changed]
    lines = [f"**{o.name}** = {show_value(o.value)}" for o in changed]
    if not changed:
        lines.append(_("Every option is at its default (the `classic` rules)."))
    lines.append("")
    lines.append(", ".join(f"{o.name} = {show_value(o.value)}" for o in same))
    text = "\n".join(lines)
    return text if len(text) <= EMBED_LIMIT else text[: EMBED_LIMIT - 1] + "…"


def change_text(change: RulesChange, what: str) -> str:
    """What a change did, one line an option."""
    if not change.changes:
        return _("{what}: nothing changed.").format(what=what)
    lines = [f"{what}:"]
    lines += [
        f"• {c.option}: {show_value(c.before)} → {show_value(c.after)}" for c in change.changes
    ]
    lines.append(_("Open tables keep the rules they started with; new tables use these."))
    return "\n".join(lines)


def option_name(option: str) -> str:
    """The option a member named, or a refusal showing what they typed cut short."""
    name = option.strip().lower()
    if name not in Rules.model_fields:
        raise PlayerError(
            _("No option called `{option}`. Start typing to see the options.").format(
                option=echo(option)
            )
        )
    return name


def typed_value(name: str, value: str) -> str:
    """``value`` as the option's own text (``250``, ``yes``, ``none``), so no answer shows
    more of what was typed than ``echo`` does; a refusal names the allowed values."""
    try:
        parsed = parse_option_value(name, value)
    except ValueError:
        raise PlayerError(
            _("{option} cannot be `{value}`. Allowed: {values}.").format(
                option=name, value=echo(value), values=allowed_values(name)
            )
        ) from None
    return "none" if parsed is None else str(parsed)


def matching(values: list[str], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 of ``values``: those starting with what was typed, then those containing it."""
    typed = typed.strip().lower()
    starts = [v for v in values if v.lower().startswith(typed)]
    contains = [v for v in values if typed in v.lower() and v not in starts]
    return [app_commands.Choice(name=v, value=v) for v in (starts + contains)[:MAX_CHOICES]]


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise PlayerError(_("House rules belong to a server: use this in a server channel."))
    return interaction.guild_id


class HouseRulesCog(
    commands.GroupCog,
    group_name="houserules",
    group_description=N_("This server's house rules for new tables."),
):
    """This server's house rules for new tables."""

    def __init__(self, house_rules: HouseRules) -> None:
        self.house_rules = house_rules
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return check_interaction(interaction)

    @app_commands.command(name="show", description=N_("The house rules new tables here play by"))
    async def show(self, interaction: discord.Interaction) -> None:
        rules = await self.house_rules.get(guild_of(interaction))
        embed = discord.Embed(title=_("House rules"), description=rules_summary(rules))
        embed.set_footer(
            text=_("Members with Manage Server change them with /changerules set, preset or reset.")
        )
        await answer(interaction, embed=embed)

    @app_commands.command(name="options", description=N_("What one option means and accepts"))
    @app_commands.describe(option=N_("The option"))
    async def explain(self, interaction: discord.Interaction, option: str) -> None:
        name = option_name(option)
        rules = await self.house_rules.get(guild_of(interaction))
        info = Rules.model_fields[name]
        # The description is the engine's, as the catalogs translate it (devtools/i18n.py
        # puts every option's in the template); names and values are typed as they are.
        text = "\n".join(
            [
                _("**{option}** = {value} here").format(
                    option=name, value=show_value(getattr(rules, name))
                ),
                _(info.description) if info.description else "",
                _("Allowed: {values}").format(values=allowed_values(name)),
            ]
        )
        await answer(interaction, text)

    @explain.autocomplete("option")
    async def explained_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return matching(list(Rules.model_fields), current)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ChangeRulesCog(
    commands.GroupCog,
    group_name="changerules",
    group_description=N_("Change this server's house rules for new tables (Manage Server)."),
):
    """Change this server's house rules for new tables (Manage Server)."""

    def __init__(self, house_rules: HouseRules, store: TableStore) -> None:
        self.house_rules = house_rules
        self.store = store
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return check_interaction(interaction)

    @app_commands.command(name="set", description=N_("Change one house rule"))
    @app_commands.describe(option=N_("The option to change"), value=N_("Its new value"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def set_option(self, interaction: discord.Interaction, option: str, value: str) -> None:
        guild = guild_of(interaction)
        name = option_name(option)
        try:
            change = await self.house_rules.set_option(guild, name, typed_value(name, value))
        except HouseRuleError as error:
            raise PlayerError(str(error)) from None
        await answer(interaction, change_text(change, _("House rules changed")), ephemeral=False)

    @set_option.autocomplete("option")
    async def option_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return matching(list(Rules.model_fields), current)

    @set_option.autocomplete("value")
    async def option_values(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        option = str(getattr(interaction.namespace, "option", "") or "").strip().lower()
        if option not in Rules.model_fields:
            return []
        return matching(value_choices(option), current)

    @app_commands.command(name="preset", description=N_("Use a named set of house rules"))
    @app_commands.describe(name=N_("The preset"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def preset(self, interaction: discord.Interaction, name: str) -> None:
        try:
            change = await self.house_rules.apply_preset(guild_of(interaction), name)
        except HouseRuleError as error:
            raise PlayerError(str(error)) from None
        what = _("House rules: {preset}").format(preset=name)
        await answer(interaction, change_text(change, what), ephemeral=False)

    # More presets than the 25 fixed choices Discord allows an option: typed, and offered.
    @preset.autocomplete("name")
    async def preset_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return matching(list(PRESETS), current)

    @app_commands.command(
        name=N_("language"), description=N_("The language of the tables' messages in this server")
    )
    @app_commands.rename(language=N_("language"))
    @app_commands.describe(language=N_("A language, or as this server's Discord is set"))
    @app_commands.choices(language=language_choices(SERVER_FOLLOWS_DISCORD))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        chosen = None if language == FOLLOW_DISCORD else language
        try:
            await choose_guild_language(self.store, guild_of(interaction), chosen)
        except StorageFailed:
            raise PlayerError(
                _("The server's language could not be saved just now: nothing changed.")
            ) from None
        # Said in the channel, so in the language the channel now reads.
        with use_locale(chosen or str(interaction.guild_locale or "")):
            if chosen is None:
                text = _("Done: the tables here speak the language of this server's Discord.")
            else:
                text = _("Done: the tables here speak English from now on.")
        await answer(interaction, text, ephemeral=False)

    @app_commands.command(name="reset", description=N_("Back to the default rules"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction) -> None:
        change = await self.house_rules.reset(guild_of(interaction))
        await answer(interaction, change_text(change, _("House rules reset")), ephemeral=False)


async def setup(bot: commands.Bot) -> None:
    storage = getattr(bot, "storage", None)
    if storage is None:
        raise commands.ExtensionError("house rules need storage", name=__name__)
    install_error_handler(bot.tree)
    await bot.add_cog(HouseRulesCog(storage.house_rules))
    await bot.add_cog(ChangeRulesCog(storage.house_rules, storage.tables))
