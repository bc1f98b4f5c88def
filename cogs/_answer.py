"""Answering interactions: within Discord's three seconds whatever storage is doing, never over
Discord's size limits, and through one place whichever way the answer has to go.

Discord drops an interaction that is not acknowledged within three seconds. A command or a
click that waits on storage (a database busy for a few seconds) would miss that, so
``keep_in_time`` acknowledges it (defers) once it has waited ``DEFER_AFTER`` seconds, and
``answer`` then fills the acknowledged answer in. Every answer is cut to fit.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.urgency import calm
from cogs._languages import enter_language

# Well inside Discord's three seconds, with room for the defer's own round trip.
DEFER_AFTER = 2.0
# Discord refuses message content over 2,000 characters and an embed description over 4,096.
MESSAGE_LIMIT = 2000
EMBED_LIMIT = 4096
# Input shown back to the member (an unknown card, a bad value) is cut to this.
ECHO_LIMIT = 40
_STATE = "spades.answering"


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object) -> str:
    """What the member typed, as it may be shown back: short, on one line."""
    return clip(" ".join(str(value).split()), ECHO_LIMIT)


@dataclass(slots=True)
class _Answering:
    """How far one interaction's answer has gone."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deferred: bool = False  # acknowledged without an answer yet
    filled: bool = False  # a deferred answer was filled in
    timer: asyncio.TimerHandle | None = None


def _state(interaction: discord.Interaction[Any]) -> _Answering:
    state = interaction.extras.get(_STATE)
    if not isinstance(state, _Answering):
        state = _Answering()
        interaction.extras[_STATE] = state
    return state


def keep_in_time(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge ``interaction`` if it is still unanswered after ``DEFER_AFTER`` seconds:
    a command shows "thinking", a click keeps its message as it is. Every interaction
    comes here first: its member's language is set here too, for the rest of its task."""
    enter_language(interaction)
    if interaction.type is discord.InteractionType.autocomplete:
        return
    state = _state(interaction)
    if state.timer is not None:
        return
    loop = asyncio.get_running_loop()
    state.timer = loop.call_later(
        DEFER_AFTER, lambda: _defer_task(loop.create_task(_defer(interaction, state)))
    )


_deferrals: set[asyncio.Task[None]] = set()


def _defer_task(task: asyncio.Task[None]) -> None:
    _deferrals.add(task)
    task.add_done_callback(_deferrals.discard)


async def _defer(interaction: discord.Interaction[Any], state: _Answering) -> None:
    async with state.lock:
        if interaction.response.is_done():
            return
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException:
            return  # expired or answered elsewhere: the answer's own try will say so
        state.deferred = True


async def answer(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    ephemeral: bool = True,
) -> None:
    """Send the member this answer: the interaction's response, the answer a deferred
    command was thinking about, or a follow-up."""
    state = _state(interaction)
    if embed is not None and embed.description:
        embed.description = clip(embed.description, EMBED_LIMIT)
    text = None if content is None else clip(content)
    optional: dict[str, Any] = {}
    if embed is not None:
        optional["embed"] = embed
    if view is not None:
        optional["view"] = view
    async with state.lock:
        if state.timer is not None:
            state.timer.cancel()
        if not interaction.response.is_done():
            if file is not None:
                optional["file"] = file
            await interaction.response.send_message(text, ephemeral=ephemeral, **optional)
        elif (
            state.deferred
            and not state.filled
            and interaction.type is not discord.InteractionType.component
        ):
            state.filled = True
            if file is not None:
                optional["attachments"] = [file]
            await interaction.edit_original_response(content=text, **optional)
        else:
            if file is not None:
                optional["file"] = file
            await interaction.followup.send(text or "", ephemeral=ephemeral, **optional)
    calm()  # the member has their answer: the rest of this task waits its turn


async def update(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """Change the message the clicked control is on (a page, a confirmation, a hand);
    ``view=None`` takes its controls away."""
    state = _state(interaction)
    changes: dict[str, Any] = {"view": view}
    if content is not None:
        changes["content"] = clip(content)
    if embed is not None:
        changes["embed"] = embed
    async with state.lock:
        if state.timer is not None:
            state.timer.cancel()
        if interaction.response.is_done():
            await interaction.edit_original_response(**changes)
        elif interaction.type is discord.InteractionType.component:
            await _edit_clicked(interaction, changes)
        else:
            await interaction.response.edit_message(**changes)
    calm()


# The route of an interaction's answer (discord.py's ``create_interaction_response``).
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"


async def _edit_clicked(interaction: discord.Interaction[Any], changes: dict[str, Any]) -> None:
    """Answer a click by changing its message: what ``InteractionResponse.edit_message``
    sends, with its errors, but without asking Discord for the changed message back, which
    discord.py makes into a message nobody here reads. Every click on a hand is answered so,
    and that message was about a tenth of the answer's cost. Relies on discord.py's webhook
    adapter (``async_context``), as ``edit_message`` does; the version is pinned, and
    tests/discord/test_free_routes.py fails loudly if it moves."""
    parent_state = interaction._state
    message = interaction.message
    view = changes["view"]
    if message is not None:
        parent_state.prevent_view_updates_for(message.id)
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        content=changes.get("content", discord.utils.MISSING),
        embed=changes.get("embed", discord.utils.MISSING),
        view=view,
        previous_allowed_mentions=parent_state.allowed_mentions,
    )
    http = parent_state.http
    await async_context.get().request(
        discord.http.Route(
            "POST", CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token
        ),
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=params.payload,  # no files: ``update`` sends none
    )
    interaction.response._response_type = discord.InteractionResponseType.message_update
    if view is not None and not view.is_finished() and view.is_dispatchable():
        parent_state.store_view(view, None if message is None else message.id)


def release(interaction: discord.Interaction[Any]) -> None:
    """``interaction`` was answered and its task is over: break the reference cycle
    discord.py made with it (its response points back at it), so that it, and all it holds
    (the clicked message and its components, the member, the channel, this module's state),
    is freed at once by reference counting. Left to the garbage collector, a click's
    objects outlived the young collections (they run every tenth of a second) and piled up
    for the middle ones: at 200 tables, 30,000 to 40,000 objects each. Nothing may answer
    it afterwards: its deferral, if still armed, is called off; one not answered yet is left
    as it is."""
    if not interaction.response.is_done():
        return
    state = interaction.extras.get(_STATE)
    if isinstance(state, _Answering) and state.timer is not None:
        state.timer.cancel()
    # The response, cached on the interaction, holds the interaction as its parent.
    with contextlib.suppress(AttributeError):
        delattr(interaction, "_cs_response")


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Answer a click with nothing to say: its effect shows elsewhere (a DM being edited)."""
    state = _state(interaction)
    async with state.lock:
        if state.timer is not None:
            state.timer.cancel()
        if not interaction.response.is_done():
            await interaction.response.defer()
    calm()
