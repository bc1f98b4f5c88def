"""House-rule reference generated from the ``Rules`` model: options, allowed values, presets."""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass

from bot.engine import PRESETS, Rules
from bot.engine.rules import option_type
from bot.i18n import _


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One house-rule option: what it means, what it accepts, its default and its value."""

    name: str
    description: str
    allowed: str
    default: object
    value: object

    @property
    def changed(self) -> bool:
        return self.value != self.default


def rule_options(rules: Rules) -> list[RuleOption]:
    """Every option of ``rules`` in declaration order, with JSON-ready values."""
    defaults = Rules().model_dump(mode="json")
    values = rules.model_dump(mode="json")
    return [
        RuleOption(
            name=name,
            description=info.description or "",
            allowed=allowed_text(name),
            default=defaults[name],
            value=values[name],
        )
        for name, info in Rules.model_fields.items()
    ]


def show_value(value: object) -> str:
    """A rule value as a player reads and types it: yes, no, none, or the value itself (the
    words a player types, like the options' names, are the same in every language)."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value)


def allowed_text(name: str) -> str:
    """The values option ``name`` allows, as a player types them, in the reader's language:
    ``yes, no``; ``none, 1 to 45``; ``0 to 600 in steps of 10``."""
    base, choices, bounds = option_type(name)
    if choices:
        text = ", ".join(show_value(c) for c in choices)
    elif base is bool:
        text = "yes, no"
    else:
        # Numbers as they are typed: no separator of thousands in any language.
        low, high = bounds.get("ge", 0), bounds.get("le", 0)
        step = bounds.get("multiple_of", 1)
        if step == 1:
            text = _("{low} to {high}").format(low=low, high=high)
        else:
            text = _("{low} to {high} in steps of {step}").format(low=low, high=high, step=step)
    return "none, " + text if Rules.model_fields[name].default is None else text


def rules_text(preset: str | None = None) -> str:
    """Every option with its allowed values and default; with ``preset``, that preset's values.

    Without a preset the text ends with each preset's differences from the defaults; with
    one, a ``*`` marks the options where it differs. The sentences are in the language in
    force; the options' names and values are what a player types, in every language.
    """
    if preset is None:
        lines = [_("House rules: every option, the values it accepts, and its default."), ""]
    else:
        heading = _("House rules of preset '{preset}' (* marks a difference from the default).")
        lines = [heading.format(preset=preset), ""]
    for option in rule_options(_rules(preset)):
        if option.changed:
            default = _("(default {value})").format(value=show_value(option.default))
            shown = f"{show_value(option.value)}  {default}"
            lines.append(f"* {option.name} = {shown}")
        else:
            lines.append(f"  {option.name} = {show_value(option.value)}")
        lines.append("      " + _("allowed: {values}").format(values=option.allowed))
        # The engine's description, as the catalogs translate it (devtools/i18n.py puts
        # every option's in the template).
        lines += textwrap.wrap(
            _(option.description), width=92, initial_indent=" " * 6, subsequent_indent=" " * 6
        )
    if preset is None:
        lines += ["", _("Presets, as differences from the defaults:")]
        for name in PRESETS:
            changed = Rules.preset(name).changed()
            shown = ", ".join(f"{key} = {show_value(value)}" for key, value in changed.items())
            lines.append(f"  {name}: " + (shown or _("same as the defaults")))
    return "\n".join(lines)


def rules_json(preset: str | None = None) -> str:
    """The same reference as ``rules_text`` as JSON, shaped the same with or without a preset.

    Without a preset, each option's ``value`` is its default.
    """
    data = {
        "preset": preset,
        "options": [
            {
                "name": option.name,
                "description": option.description,
                "allowed": option.allowed,
                "default": option.default,
                "value": option.value,
            }
            for option in rule_options(_rules(preset))
        ],
        "presets": {name: Rules.preset(name).changed() for name in PRESETS},
    }
    return json.dumps(data, indent=2)


def _rules(preset: str | None) -> Rules:
    return Rules() if preset is None else Rules.preset(preset)
