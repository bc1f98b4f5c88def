"""What a tournament shows in Discord, through the real client and the fake Discord on
SQLite: the board message carries the standings picture once a round is played, and
/tournament status shows it to the member alone; a duplicate round's tables are dealt
from the round's one stored seed, so every table holds the same cards, the board says
deal by deal what each pair made of them, and /history replays a deal with every table's
result on it."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.competition import tournament as t
from bot.competition.records import to_stored
from bot.render import standings_picture as sp
from bot.storage.store import Storage
from bot.tournaments import TournamentRunner
from devtools.fake_discord import FakeDiscord, FakeUser, RecordedMessage, running
from tests.discord.spades_helpers import make_bot
from tests.discord.tournament_helpers import (
    ONE_ROUND_OF_PAIRS,
    finished,
    opened,
    organiser,
    pairs_sign_up,
    runner,
)
from tests.doubles import ManualClock

EXTENSIONS = ("cogs.spades", "cogs.tournament", "cogs.leaderboard")


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


async def signed_up_pairs(
    fake: FakeDiscord, users: list[FakeUser], **options: object
) -> RecordedMessage:
    """``/tournament new`` by Ada, then each two of ``users`` sign up as a pair."""
    signup = await opened(fake, organiser(fake), **options)
    await pairs_sign_up(fake, signup, users)
    return signup


async def play_to_the_end(
    fake: FakeDiscord, storage: Storage, clock: ManualClock, run: TournamentRunner, tables: int
) -> t.Tournament:
    """Everyone says they are there at their table; nobody plays, so each turn runs out
    and a bot plays it, until the tournament is over."""
    await clock.advance(30 * 60, run.settle)
    threads = await fake.wait_for(
        lambda: (found := fake.threads(fake.channel("general"))) and len(found) == tables and found,
        "a thread for each match",
    )
    for thread in threads:
        call = await fake.wait_message(thread, lambda m: "I'm here" in str(m.controls()))
        for user in list(fake.users.values()):
            if user.mention in call.content:
                await fake.click(user, call, "I'm here")
    return await finished(fake, storage, clock, run)


async def test_the_board_carries_the_standings_picture_after_a_round(
    fake: FakeDiscord, storage: Storage
) -> None:
    users = [fake.add_user(name) for name in ("Bob", "Cy", "Dee", "Eve")]
    clock = ManualClock()
    bot = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(bot, fake):
        signup = await signed_up_pairs(fake, users, name="Friday Cup", **ONE_ROUND_OF_PAIRS)
        assert signup.attachments == []  # nothing to draw before the start
        final = await play_to_the_end(fake, storage, clock, runner(bot), tables=1)
        assert final.phase is t.Phase.FINISHED
        general = fake.channel("general")
        board = await fake.wait_message(general, lambda m: m.id == signup.id and "1. " in m.content)
        [picture] = board.attachments
        assert picture.filename == f"tournament-{final.id}.png"
        # Two pairs in the standings picture's five columns: # Pair Points Buchholz Difference.
        assert png_size(picture.data) == (
            sp.SCALE * (sp.PAD * 2 + 40 + sp.NAME_WIDTH + sp.FIGURE_WIDTH * 3),
            sp.SCALE * (sp.PAD * 2 + sp.TITLE + 8 + sp.BODY + 16 + sp.ROW * 3),
        )
        assert picture.description == "Friday Cup: the standings, as the message says them."

        status = await fake.slash(users[3], "tournament", "status")
        [reply] = status.responses
        assert reply.ephemeral and "1. " in reply.content
        [shown] = reply.attachments
        assert shown.data == picture.data


async def test_a_duplicate_round_deals_the_same_cards_and_shows_them_deal_by_deal(
    fake: FakeDiscord, storage: Storage
) -> None:
    names = ("Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
    users = [fake.add_user(name) for name in names]
    clock = ManualClock()
    bot = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(bot, fake):
        options = ONE_ROUND_OF_PAIRS | {"name": "Duplicate Night", "hands": 2, "duplicate": True}
        signup = await signed_up_pairs(fake, users, **options)
        final = await play_to_the_end(fake, storage, clock, runner(bot), tables=2)
        assert final.phase is t.Phase.FINISHED
        [played] = final.rounds
        assert played.seed is not None and len(played.matches) == 2
        tables = [m.table_id for m in played.matches if m.table_id is not None]
        games = await storage.tournaments.game_ids(tables)
        assert len(games) == 2
        records = [await storage.stats.game(fake.guild_id, games[table]) for table in tables]
        # Every table was dealt from the round's one stored seed: the same cards, deal by
        # deal, at the same seats, so each direction's cards were held at both tables.
        assert [r.seed if r else None for r in records] == [played.seed, played.seed]
        hands = [r.hands() for r in records if r is not None]
        # (a third hand may have been dealt before the table closed after its two)
        assert all(len(h) >= 2 for h in hands)
        assert [len(r.results) if r else 0 for r in records] == [2, 2]
        for deal in range(2):
            assert hands[0][deal].held == hands[1][deal].held
            assert hands[0][deal].dealer == hands[1][deal].dealer
        # The first-listed pair holds North/South at table 1 and East/West at table 2.
        first, second = played.matches
        assert final.seats(first)[0] in final.team(first.first).user_ids
        assert final.seats(second)[0] in final.team(second.second or "").user_ids

        general = fake.channel("general")
        board = await fake.wait_message(general, lambda m: m.id == signup.id and m.embeds != [])
        assert board.attachments and png_size(board.attachments[0].data)
        words = board.text
        assert "Round 1, deal by deal: what each pair made of the same cards" in words
        assert "**Deal 1 (a top is 2 matchpoints)**" in words and "**Deal 2" in words
        for team in final.teams:
            assert words.count(team.name) >= 2  # once a deal, at least
        result = records[0].results[0] if records[0] else None
        assert result is not None
        ns = result.teams[0]
        assert f"bid {ns.bid}, took {ns.tricks}, scored {ns.total}" in words

        deal = await fake.slash(users[0], "tournament", "status", round=1, deal=2)
        [reply] = deal.responses
        assert reply.ephemeral and reply.embeds[0]["title"] == "Round 1, deal 2"
        footer = reply.embeds[0]["footer"]["text"]
        assert (
            f"table 1: #{games[tables[0]]}" in footer and f"table 2: #{games[tables[1]]}" in footer
        )
        # Deal 2 is the round's last: Next is off, Previous turns the same message to deal 1.
        assert reply.control("Next")["disabled"] and not reply.control("Previous")["disabled"]
        back = await fake.click(users[0], reply.snapshot(), "Previous")
        [turned] = back.responses
        assert turned.embeds[0]["title"] == "Round 1, deal 1"
        assert turned.control("Previous")["disabled"] and not turned.control("Next")["disabled"]
        forth = await fake.click(users[0], turned.snapshot(), "Next")
        assert forth.responses[0].embeds == reply.embeds
        # The board's own button opens the same pages, for the member alone.
        opened = await fake.click(users[1], board.snapshot(), "Round 1, deal by deal")
        [first] = opened.responses
        assert first.ephemeral and first.embeds[0]["title"] == "Round 1, deal 1"
        assert first.control("Previous")["disabled"] and not first.control("Next")["disabled"]
        onward = await fake.click(users[1], first.snapshot(), "Next")
        assert onward.responses[0].embeds == reply.embeds
        assert board.control("Round 1, deal by deal")  # the board itself is unchanged
        missing = await fake.slash(users[0], "tournament", "status", round=1, deal=9)
        assert missing.text == "No table of round 1 has finished deal 9 yet."
        half = await fake.slash(users[0], "tournament", "status", round=1)
        assert half.text == "Name a round and a deal: /tournament status round:1 deal:1."

        replay = await fake.slash(users[0], "history", game=games[tables[1]], hand=1)
        [shown] = replay.responses
        assert shown.attachments and shown.attachments[0].filename.endswith("hand1.png")
        [field] = shown.embeds[0]["fields"]
        assert field["name"] == "The same cards at every table of round 1"
        assert "**Deal 1" in field["value"] and "Table 1:" in field["value"]
        assert "Table 2:" in field["value"] and f"#{games[tables[0]]}" in field["value"]

        # A running tournament's board reads the shown round's stored games once, not again
        # each time it is shown (at each result of the next round).
        reads: list[int] = []
        read_game = storage.stats.game

        async def counted(guild_id: int, game_id: int) -> object:
            reads.append(game_id)
            return await read_game(guild_id, game_id)

        storage.stats.game = counted  # type: ignore[method-assign]
        running_again = replace(final, phase=t.Phase.RUNNING)
        await runner(bot)._venue.show(running_again)
        assert sorted(reads) == sorted(games.values())
        await runner(bot)._venue.show(running_again)
        assert len(reads) == 2
        # Finished, the tournament keeps nothing: shown again, its games are read again.
        await runner(bot)._venue.show(final)
        assert len(reads) == 2
        await runner(bot)._venue.show(final)
        assert len(reads) == 4
        storage.stats.game = read_game  # type: ignore[method-assign]

        # While a table of the round still plays those cards, nothing of them is shown: not
        # the finished table's game in /history, not the deal in /tournament status.
        done, playing = played.matches
        unfinished = replace(
            final,
            phase=t.Phase.RUNNING,
            rounds=(replace(played, matches=(done, replace(playing, result=None, deals=()))),),
        )
        await storage.tournaments.save(to_stored(unfinished))
        secret = (
            "Other tables of round 1 are still playing these cards: its deals are shown "
            "once every table has finished."
        )
        for options in ({"hand": 1}, {}):
            hidden = await fake.slash(users[0], "history", game=games[tables[0]], **options)
            assert hidden.text == secret and hidden.responses[0].attachments == []
        early = await fake.slash(users[0], "tournament", "status", round=1, deal=1)
        assert early.text == secret


def board_edits(fake: FakeDiscord, board: RecordedMessage) -> list[list[str]]:
    """The attachments' ids each edit of the board's message listed, in order (a picture
    uploaded with the edit is listed by its file's index, one already there by its id)."""
    path = f"/channels/{board.channel.id}/messages/{board.id}"
    return [
        [str(a["id"]) for a in body.get("attachments") or []]
        for method, where, body in fake.bodies
        if method == "PATCH" and where == path
    ]


async def test_the_board_draws_its_picture_again_only_when_the_standings_change(
    fake: FakeDiscord, storage: Storage
) -> None:
    users = [fake.add_user(name) for name in ("Bob", "Cy", "Dee", "Eve")]
    ada, clock = organiser(fake), ManualClock()
    bot = make_bot(fake, storage=storage, clock=clock, timers=True, extensions=EXTENSIONS)
    async with running(bot, fake):
        signup = await signed_up_pairs(fake, users, name="Friday Cup", **ONE_ROUND_OF_PAIRS)
        run = runner(bot)
        await clock.advance(30 * 60, run.settle)
        general = fake.channel("general")
        board = await fake.wait_message(general, lambda m: m.id == signup.id and m.attachments)
        [started] = board.attachments
        edits = len(board_edits(fake, board))

        # Shown again with nothing changed: the message is left alone.
        [state] = run.in_guild(fake.guild_id)
        await run._venue.show(state)
        assert len(board_edits(fake, board)) == edits

        # Paused: the words change, the standings do not, so the picture already there is
        # kept, not drawn and uploaded again.
        paused = await fake.slash(ada, "tournament", "pause")
        assert "paused" in paused.text
        await fake.wait_for(lambda: "Paused by" in fake.by_id[board.id].content, "the board paused")
        assert board_edits(fake, board)[-1] == [str(started.id)]
        assert fake.by_id[board.id].attachments == [started]

        # Resumed and played to the end: the standings changed, and so did the picture.
        await fake.slash(ada, "tournament", "resume")
        final = await play_to_the_end(fake, storage, clock, run, tables=1)
        assert final.phase is t.Phase.FINISHED
        [ended] = fake.by_id[board.id].attachments
        assert ended.id != started.id and ended.data != started.data
