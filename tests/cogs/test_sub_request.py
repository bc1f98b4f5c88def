"""The request ``/spades sub`` posts: its mentions ping the member asked and nobody else,
whatever the names in it say, and its buttons' custom ids carry the request and whom it asks."""

import re

import discord

from bot.storage.records import SubRequest
from cogs._names import shown_name
from cogs._sub_request import SUB_PATTERN, SubClick, request_message


class Asked(discord.Object):
    """A user as ``request_message`` reads one: an id and a mention."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


def test_a_request_pings_only_the_member_asked_and_its_buttons_name_them() -> None:
    request = SubRequest(7, 3, 1, 42, 5, 1_700_000_300)
    # The names come as the bot shows every name: escaped where they entered it.
    asker, held = shown_name("@everyone"), shown_name("<@&99> *bob*")
    text, view, mentions = request_message(request, Asked(42), asker, held)  # type: ignore[arg-type]
    assert mentions.to_dict() == {"parse": [], "users": [42]}  # no @everyone, no roles
    assert text.startswith(f"<@42>, {asker} asks you to take over seat 2 from {held}")
    assert "@everyone" not in text and "<@&99>" not in text and "\\*bob\\*" in text
    assert text.endswith("expires <t:1700000300:R>.")
    rows = view.to_components()
    ids = [button["custom_id"] for row in rows for button in row["components"]]
    assert [b["label"] for row in rows for b in row["components"]] == ["Accept", "Decline"]
    assert ids == ["spades:sub:3:7:42:yes", "spades:sub:3:7:42:no"]
    for accept, custom_id in zip((True, False), ids, strict=True):
        match = re.fullmatch(SUB_PATTERN, custom_id)
        assert match is not None and len(custom_id) <= 100
        assert SubClick(3, 7, 42, accept).custom_id == custom_id
