"""``/history game:<n> hand:<h> why:True`` through the fake Discord server: once a game with
bots is over, the bots' reasons for each bid and card of a hand, naming the cards (kept
across a restart in the middle of the game), in one message turned page by page; refused
while the game is in play."""

from __future__ import annotations

from pathlib import Path

from bot.config import Settings
from bot.engine import Bid, CardPlayed
from bot.render.why import bid_words
from bot.storage.store import Storage
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import (
    bid_three_by_dm,
    make_bot,
    manager,
    one_hand_rules,
    play_out,
)
from tests.discord.test_spades_storage import WITH_STATS


async def test_history_tells_why_the_bots_moved_once_the_game_is_over_across_a_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    ada = manager(fake, "ada")
    general = fake.channel("general")
    path = tmp_path / "data" / "spades.sqlite3"
    path.parent.mkdir()
    await one_hand_rules(path, fake.guild_id)
    settings = Settings(_env_file=None, database_path=path)  # type: ignore[call-arg]

    async with running(make_bot(fake, settings=settings, extensions=WITH_STATS), fake):
        await fake.slash(ada, "spades", "new", bots=3)
        await fake.slash(ada, "spades", "start")
        after_bid, _playing = await bid_three_by_dm(fake, ada)
        # The bots have bid and played; the hand is still in play, so no game to tell.
        refused = await fake.slash(ada, "history", game=1, hand=1, why=True)
        assert refused.text == "There is no game #1 in this server's history."
        assert refused.responses[0].ephemeral
    # A restart after the bots' bids and first cards: the game goes on in a new process.

    async with running(make_bot(fake, settings=settings, extensions=WITH_STATS), fake):
        await play_out(fake, [ada], general, after=after_bid)
        deal = await fake.slash(ada, "history", game=1, hand=1)
        told = await fake.slash(ada, "history", game=1, hand=1, why=True)
        # 39 cards' reasons are more than one embed holds: one message, turned page by page.
        assert len(told.responses) == 1 and told.responses[0].ephemeral
        pages = [told.responses[0].snapshot()]
        while not pages[-1].control("Next")["disabled"]:
            turned = await fake.click(ada, pages[-1], "Next")
            pages.append(turned.responses[0].snapshot())
        back = await fake.click(ada, pages[-1], "Previous")
        assert back.responses[0].embeds == pages[-2].embeds
        no_hand = await fake.slash(ada, "history", game=1, hand=2, why=True)
        no_hand_given = await fake.slash(ada, "history", game=1, why=True)

    storage = await Storage.open(path)
    try:
        record = await storage.stats.game(fake.guild_id, 1)
    finally:
        await storage.close()
    assert record is not None
    names = record.summary.seat_names
    (hand,) = record.hands()
    assert "why:True tells why the bots moved as they did" in deal.text
    count = len(pages)
    assert count > 1 and pages[0].control("Previous")["disabled"]
    for number, message in enumerate(pages, 1):
        assert f"(part {number} of {count})" in message.embeds[0]["title"]
    text = "\n".join(page.text for page in pages)
    assert "Game #1, hand 1: why the bots moved as they did" in text
    # Every bot's bid (made before the restart) and every card it played, by name.
    bids = [a for a in record.actions if isinstance(a, Bid) and a.seat != 0]
    assert len(bids) == 3
    for bid in bids:
        assert f"{names[bid.seat]} bid {bid_words(bid, record.rules)}." in text
    cards = [e for e in hand.events if isinstance(e, CardPlayed) and e.seat != 0]
    assert len(cards) == 39
    for played in cards:
        assert f"{names[played.seat]} played the {played.card}." in text
    assert "Trick 1" in text and "Trick 13" in text and "The bidding" in text
    # Ada's own moves are hers to explain.
    assert f"{names[0]} played the" not in text
    # Within Discord's limits: 6,000 characters an embed, 1,024 a field.
    for message in pages:
        for embed in message.embeds:
            fields = embed.get("fields", [])
            assert all(len(f["value"]) <= 1024 for f in fields) and len(fields) <= 25
            size = len(embed.get("title", "")) + sum(len(f["name"] + f["value"]) for f in fields)
            assert size <= 6000
    assert no_hand.text == "Game #1 has hands 1 to 1."
    assert (
        no_hand_given.text
        == "Give a game and a hand: /history game:<number> hand:<number> why:True."
    )
