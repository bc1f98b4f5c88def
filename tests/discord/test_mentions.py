"""Display names never ping (issue 21, defect 3), through the fake Discord server: members
named ``@everyone``, ``<@&123>`` and ``<@456>`` play a game, one with closed DMs and one who
chose channel mentions, then ask for /stats, /history and /leaderboard. Every request body
the bot sent lets nobody be pinged but the member a turn mention or the closed-DMs notice is
for, and shows the names escaped: none reads as a mention anywhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.storage.store import Storage
from cogs._names import plain_name, shown_name, typed_name
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import make_bot, play_out

WITH_STATS = ("cogs.spades", "cogs.leaderboard")
NAMES = ("@everyone", "<@&123>", "<@456>")
ZWSP = "\u200b"
# How each name reads in the bot's messages: the same letters, no mention.
ESCAPED = (
    "@" + ZWSP + "everyone",
    "<" + ZWSP + "@" + ZWSP + "&123>",
    "<" + ZWSP + "@" + ZWSP + "456>",
)


def message_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The message a request body carries: an interaction callback's ``data``, else the
    body itself; ``None`` for a callback that carries none (deferred, choices)."""
    if "type" in body and isinstance(body.get("type"), int) and "content" not in body:
        data = body.get("data")
        return data if isinstance(data, dict) and "choices" not in data else None
    return body


def texts(message: dict[str, Any]) -> Iterator[str]:
    """Every text of a message a member can read: content, embeds, control faces."""
    yield message.get("content") or ""
    for embed in message.get("embeds") or []:
        yield embed.get("title", "")
        yield embed.get("description", "")
        for field in embed.get("fields", []):
            yield field["name"]
            yield field["value"]
        yield embed.get("footer", {}).get("text", "")
    pending = list(message.get("components") or [])
    while pending:
        component = pending.pop()
        yield component.get("label") or ""
        yield component.get("placeholder") or ""
        for option in component.get("options", []):
            yield option.get("label", "")
        pending += component.get("components", [])


def checked_bodies(fake: FakeDiscord) -> tuple[dict[int, list[str]], str]:
    """Check every message the bot sent or edited: its allowed mentions ping nobody but a
    member whose mention opens the message, and no name in ``NAMES`` shows unescaped.
    Returns the contents that pinged, by member, and every text shown, one block."""
    mentioned: dict[int, list[str]] = {}
    shown = ""
    messages = [m for _, _, body in fake.bodies if (m := message_of(body)) is not None]
    assert messages
    for message in messages:
        if "content" in message:
            allowed = message.get("allowed_mentions")
            assert allowed is not None, message
            assert allowed.get("parse") == [] and not allowed.get("roles"), message
            assert not allowed.get("replied_user"), message
            for pinged in allowed.get("users", []):
                # Only a message that names the member itself, at its start, pings them.
                assert re.match(rf"<@{pinged}>\W", message["content"]), message
                mentioned.setdefault(int(pinged), []).append(message["content"])
        for text in texts(message):
            for name in NAMES:
                assert name not in text, (name, text)
            shown += text + "\n"
    return mentioned, shown


async def test_names_that_look_like_mentions_ping_nobody_and_show_escaped(
    fake: FakeDiscord, storage: Storage
) -> None:
    await storage.house_rules.set_option(fake.guild_id, "play_to", "hands")
    await storage.house_rules.set_option(fake.guild_id, "hands_to_play", "1")
    everyone, role, user = (fake.add_user(name) for name in NAMES)
    fake.close_dms(user)
    general = fake.channel("general")
    async with running(make_bot(fake, storage=storage, extensions=WITH_STATS), fake):
        await fake.slash(role, "spades", "pings", where="channel")
        await fake.slash(everyone, "spades", "new", bots=1)
        for member in (role, user):
            await fake.slash(member, "spades", "join")
        await fake.slash(everyone, "spades", "start")
        await play_out(fake, [everyone, role, user], general)
        await fake.slash(everyone, "spades", "score")
        for member in (everyone, role, user):
            await fake.slash(everyone, "stats", member=member)
        listed = await fake.slash(everyone, "history")
        await fake.slash(everyone, "history", game=1)
        ranked = await fake.slash(everyone, "leaderboard", by="wins")

    mentioned, shown = checked_bodies(fake)
    # The closed-DMs notice and the turn mentions pinged their members, and only them.
    assert set(mentioned) == {role.id, user.id}
    assert any("can't send you DMs" in content for content in mentioned[user.id])
    assert any("it's your turn" in content for content in mentioned[role.id])
    # The names showed, escaped: on the table message, in /stats, /history, /leaderboard.
    assert f"· host {ESCAPED[0]}" in shown
    for escaped in ESCAPED:
        assert f"{escaped}'s Spades" in shown
        assert escaped in listed.text and escaped in ranked.text


async def test_a_seat_request_pings_only_the_member_asked_and_shows_names_escaped(
    fake: FakeDiscord,
) -> None:
    host, bob, asked = fake.add_user(NAMES[0]), fake.add_user("*bob*"), fake.add_user(NAMES[2])
    general = fake.channel("general")
    async with running(make_bot(fake), fake):
        await fake.slash(host, "spades", "new")
        await fake.slash(bob, "spades", "join")
        await fake.slash(host, "spades", "start", bots=True)
        await fake.slash(host, "spades", "sub", seat=2, member=asked)
        request = await fake.wait_message(
            general, lambda m: bool(m.controls()) and "asks" in m.content
        )
        await fake.click(asked, request.snapshot(), "Accept")
        await fake.wait_message(general, lambda m: "takes over from" in m.content)

    mentioned, shown = checked_bodies(fake)
    assert set(mentioned) == {asked.id}
    [(content)] = mentioned[asked.id]
    assert f"{ESCAPED[0]} asks you to take over seat 2 from \\*bob\\*" in content
    assert f"{ESCAPED[2]} accepted and takes over seat 2." in shown
    assert f"{ESCAPED[2]} takes over from \\*bob\\*." in shown


@pytest.mark.parametrize(
    "name",
    ["@everyone", "@here", "<@&123>", "<@456>", "<#789>", "**big** _it_ ~~x~~ `c` |s|", "a\\b"],
)
def test_a_name_shown_is_no_mention_nor_markdown_and_reads_as_typed(name: str) -> None:
    shown = shown_name(name)
    assert "@everyone" not in shown and "@here" not in shown and "<@" not in shown
    assert "<#" not in shown
    for mark in "*_~`|":
        assert shown.count(mark) == shown.count("\\" + mark)
    assert typed_name(shown) == name


def test_a_name_in_a_code_block_or_label_keeps_no_backslash() -> None:
    assert plain_name(shown_name("john_doe")) == "john_doe"
    assert plain_name(shown_name("<@456>")) == "<" + ZWSP + "@" + ZWSP + "456>"
