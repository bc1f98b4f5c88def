"""/season start, end and list, the season and partner options of /leaderboard and /stats, and
a season's end post (a picture and the same in words), through the fake Discord server on a
real SQLite file; a season that ends by its timer after a restart."""

from __future__ import annotations

import sys

import pytest

from bot.client import SpadesBot
from bot.engine import Game
from bot.render.standings_picture import standings_picture
from bot.storage.records import SeatRecord
from bot.storage.store import Storage
from devtools.fake_discord import FakeDiscord, FakeUser, RecordedMessage, running
from tests.discord.spades_helpers import make_bot, manager
from tests.discord.test_houserules_leaderboard import finished_game
from tests.doubles import ManualClock
from tests.storage.helpers import store_game

EXTENSIONS = ("cogs.spades", "cogs.leaderboard", "cogs.season")
START = 1_800_000_000.0
DAY = 86400


def seasons_bot(fake: FakeDiscord, storage: Storage, clock: ManualClock) -> SpadesBot:
    return make_bot(fake, storage=storage, clock=clock, extensions=EXTENSIONS)


async def play_games(
    storage: Storage, fake: FakeDiscord, members: list[FakeUser], count: int, first: int = 0
) -> list[Game]:
    """``count`` finished games recorded as a table records them: members[0] and members[2]
    partners against members[1] and members[3]."""
    seats = tuple(SeatRecord(seat, user.name, user.id) for seat, user in enumerate(members))
    games = []
    for seed in range(first, first + count):
        game = finished_game(seed)
        table_id = await store_game(storage, game, seats, guild=fake.guild_id)
        await storage.tables.finish_table(table_id, game, stopped=False)
        games.append(game)
    return games


def end_post(fake: FakeDiscord, channel: str = "general") -> RecordedMessage | None:
    return next(
        (m for m in fake.messages(fake.channel(channel)) if "is over" in m.text and m.embeds),
        None,
    )


async def test_a_moderator_starts_a_season_and_the_boards_show_it(
    fake: FakeDiscord, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bob = manager(fake), fake.add_user("Bob")
    cy, dee = fake.add_user("Cy"), fake.add_user("Dee")
    async with running(seasons_bot(fake, storage, ManualClock(START)), fake):
        # One game before the season: all-time only.
        await play_games(storage, fake, [ada, bob, cy, dee], 1, first=100)
        refused = await fake.slash(bob, "season", "start", name="Spring")
        assert refused.text == "You need the Manage Server permission for that."
        assert refused.responses[0].ephemeral
        assert await storage.seasons.running(fake.guild_id) is None

        started = await fake.slash(ada, "season", "start", name="Spring", ends="30")
        assert not started.responses[0].ephemeral
        assert "Season **Spring** has started" in started.text and "50%" in started.text
        assert f"<t:{int(START) + 30 * DAY}:F>" in started.text
        spring = await storage.seasons.running(fake.guild_id)
        assert spring is not None and spring.reset_fraction == 0.5
        again = await fake.slash(ada, "season", "start", name="Summer", reset=1.0)
        assert again.responses[0].ephemeral
        assert again.text == (
            "Season “Spring” is running: end it with /season end before starting another."
        )
        assert [s.name for s in await storage.seasons.of_guild(fake.guild_id)] == ["Spring"]

        games = await play_games(storage, fake, [ada, bob, cy, dee], 5)
        board = await fake.slash(bob, "leaderboard", by="wins")
        assert "season Spring, running" in board.text and "5 ranked" not in board.text
        assert "/5 won" in board.text and "/6 won" not in board.text
        button = board.responses[0].custom_ids()[0]
        assert button.startswith(f"board:wins:all:s{spring.season_id}:")
        all_time = await fake.slash(bob, "leaderboard", by="wins", season="all-time")
        assert "all-time" in all_time.text and "/6 won" in all_time.text
        pairs = await fake.slash(bob, "leaderboard", by="partnerships")
        assert "Ada & Cy" in pairs.text and "Bob & Dee" in pairs.text
        ada_cy = sum(game.winner == 0 for game in games)
        assert "Ada & Cy: rating " in pairs.text and f"({ada_cy}/5 won)" in pairs.text
        assert f"({sum(game.winner == 1 for game in games)}/5 won)" in pairs.text
        # The pages of a season's board stay on that season.
        monkeypatch.setattr(sys.modules["cogs.leaderboard"], "PAGE_SIZE", 1)
        first = (await fake.slash(bob, "leaderboard", by="partnerships")).responses[0]
        assert "Page 1 of 2, 2 ranked" in first.text
        turned = await fake.click(bob, first.snapshot(), "Next")
        assert "season Spring, running" in turned.text and "**2.**" in turned.text
        assert "Page 2 of 2" in turned.text
        cutthroat = await fake.slash(bob, "leaderboard", by="partnerships", mode="cutthroat")
        assert cutthroat.responses[0].ephemeral and "no partners" in cutthroat.text
        together = await fake.slash(bob, "stats", member=ada, partner=cy, season="all-time")
        assert "Ada & Cy as partners (all-time)" in together.text
        assert "Games together: 6" in together.text and "Rating as a pair:" in together.text
        stats = await fake.slash(bob, "stats", member=ada)
        assert "(season Spring, running)" in stats.text and "Games: 5" in stats.text
        unknown = await fake.slash(bob, "stats", season="Winter")
        assert unknown.responses[0].ephemeral and "no season named “Winter”" in unknown.text
        choices = await fake.autocomplete(bob, "leaderboard", focus="season", season="")
        assert [c["value"] for c in choices] == ["Spring", "all-time"]
        assert choices[0]["name"] == "Spring (running)"
        # discord.py runs no interaction_check before an autocomplete: the suggestions are
        # worded in the member's language all the same.
        zoe = fake.add_user("Zoé", locale="fr")
        french = await fake.autocomplete(zoe, "leaderboard", focus="season", season="")
        assert [c["name"] for c in french] == ["Spring (en cours)", "Classement de tous les temps"]


async def test_a_moderator_ends_the_season_and_its_standings_are_posted(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada, bob = manager(fake), fake.add_user("Bob")
    cy, dee = fake.add_user("Cy"), fake.add_user("Dee")
    async with running(seasons_bot(fake, storage, ManualClock(START)), fake):
        nothing = await fake.slash(ada, "season", "end")
        assert nothing.responses[0].ephemeral and "No season is running here" in nothing.text
        lounge = fake.channel("lounge")
        started = await fake.slash(ada, "season", "start", name="Spring", channel=lounge)
        assert f"The final standings will be posted in <#{lounge.id}>." in started.text
        games = await play_games(storage, fake, [ada, bob, cy, dee], 5)
        ended = await fake.slash(ada, "season", "end")
        assert "Season **Spring** is over" in ended.text and f"<#{lounge.id}>" in ended.text
        post = await fake.wait_for(lambda: end_post(fake, "lounge"), "the season's end post")
        assert end_post(fake) is None  # not where the command was typed
        winners = {0: ("Ada", "Cy"), 1: ("Bob", "Dee")}
        # Every member played the 5 games: all are ranked; the champion is the top one.
        assert "Season “Spring” is over" in post.text
        page = await storage.stats.leaderboard(fake.guild_id, "rating", season=1)
        top = page.entries[0].stats
        assert f"Champion: **{top.name}**" in post.text or "Champions: **" in post.text
        assert f"**1.** {top.name}: rating {top.rating:.1f}" in post.text
        best = max(winners, key=lambda side: sum(g.winner == side for g in games))
        assert f"Best partnership: {' & '.join(winners[best])}" in post.text
        (picture,) = post.attachments
        assert picture.filename == "season-1.png" and picture.data.startswith(b"\x89PNG")
        rows = [
            [str(e.rank), e.stats.name, f"{e.stats.rating:.1f}", str(e.stats.wins), "5"]
            for e in page.entries
        ]
        champions = sum(e.stats.rating == top.rating for e in page.entries)
        expected = standings_picture(
            "Season “Spring” is over",
            "4 members ranked (rated after 5 games)",
            ["#", "Member", "Rating", "Won", "Games"],
            rows,
            champions,
        )
        assert picture.data == expected
        assert post.embeds[0]["image"]["url"] == "attachment://season-1.png"
        listed = await fake.slash(bob, "season", "list")
        assert "**Spring**: <t:" in listed.text and "running" not in listed.text
        # Past seasons stay browsable.
        final = await fake.slash(bob, "leaderboard", season="Spring")
        assert "season Spring, final" in final.text and top.name in final.text


@pytest.mark.parametrize(("status", "code"), [(404, 10003), (403, 50013)])
async def test_an_end_post_whose_channel_is_gone_goes_to_the_first_channel_it_can(
    fake: FakeDiscord, storage: Storage, status: int, code: int
) -> None:
    """The season's channel deleted (404, Unknown Channel) or closed to the bot (403,
    Missing Permissions): the standings go to the server's first channel the bot may post
    in, saying where they were meant to go, and the season is marked posted."""
    ada = manager(fake)
    lounge, general = fake.channel("lounge"), fake.channel("general")
    clock = ManualClock(START)
    async with running(seasons_bot(fake, storage, clock), fake) as bot:
        await fake.slash(ada, "season", "start", name="Spring", channel=lounge)
        fake.fail("POST", f"/channels/{lounge.id}/messages", status, code)
        ended = await fake.slash(ada, "season", "end")
        assert f"its final standings are in <#{general.id}>." in ended.text
        post = await fake.wait_for(lambda: end_post(fake), "the season's end post")
        assert post.text.startswith(
            f"These final standings were to be posted in <#{lounge.id}>, where I can no "
            "longer post."
        )
        assert len(post.attachments) == 1 and end_post(fake, "lounge") is None
        spring = await storage.seasons.named(fake.guild_id, "Spring")
        assert spring is not None and spring.announced
        # A season its timer ends goes there too, and the cog keeps nothing of it.
        await fake.slash(ada, "season", "start", name="Summer", channel=lounge, ends="1")
        assert isinstance(bot, SpadesBot)
        fake.fail("POST", f"/channels/{lounge.id}/messages", status, code)
        await clock.advance(DAY, bot.tables.settle)
        summer = await storage.seasons.named(fake.guild_id, "Summer")
        assert summer is not None and summer.announced
        notes = [m for m in fake.messages(general) if "were to be posted in" in m.text]
        assert len(notes) == 2
        # (the extension's module is loaded afresh for each bot: its class, not ours)
        cog = bot.get_cog("SeasonCog")
        assert cog is not None and vars(cog)["_posted_in"] == {}


async def test_a_season_ends_by_its_timer_after_a_restart(
    fake: FakeDiscord, storage: Storage
) -> None:
    ada, bob = manager(fake), fake.add_user("Bob")
    cy, dee = fake.add_user("Cy"), fake.add_user("Dee")
    async with running(seasons_bot(fake, storage, ManualClock(START)), fake):
        await fake.slash(ada, "season", "start", name="Spring", ends="2")
        await play_games(storage, fake, [ada, bob, cy, dee], 2)
    assert end_post(fake) is None
    # Back a day later: the timer is armed again from the database.
    clock = ManualClock(START + DAY)
    async with running(seasons_bot(fake, storage, clock), fake) as bot:
        assert isinstance(bot, SpadesBot) and bot.season_timers is not None
        season = await storage.seasons.named(fake.guild_id, "Spring")
        assert season is not None and bot.season_timers.armed(season.season_id)
        await clock.advance(DAY - 1, bot.tables.settle)
        assert end_post(fake) is None and (await storage.seasons.running(fake.guild_id))
        await clock.advance(1, bot.tables.settle)
        post = await fake.wait_for(lambda: end_post(fake), "the season's end post")
        assert "No champion: nobody played 5 rated games this season." in post.text
        assert len(post.attachments) == 1
        ended = await storage.seasons.named(fake.guild_id, "Spring")
        assert ended is not None and ended.ended_at == int(START) + 2 * DAY
        assert ended.announced and not bot.season_timers.armed(season.season_id)


async def test_an_end_whose_post_was_lost_is_posted_at_the_next_start(
    fake: FakeDiscord, storage: Storage
) -> None:
    from functools import partial

    from bot.competition.seasons import soft_reset

    season = await storage.seasons.start(
        fake.guild_id,
        "Spring",
        channel_id=fake.channel("general").id,
        fraction=0.5,
        reset=partial(soft_reset, fraction=0.5),
        now=int(START),
    )
    await storage.seasons.end(season.season_id, int(START) + 5)  # killed before the post
    async with running(seasons_bot(fake, storage, ManualClock(START + 10)), fake) as bot:
        await bot.tables.settle()
        post = await fake.wait_for(lambda: end_post(fake), "the season's end post")
        assert "Season “Spring” is over" in post.text
        stored = await storage.seasons.get(season.season_id)
        assert stored is not None and stored.announced


@pytest.mark.parametrize(
    ("ends", "refusal"),
    [
        ("soon", "`soon` is not an end: give a number of days (30), a UTC date"),
        ("0", "A season lasts from 1 to 3650 days."),
        ("2020-01-01", "That end has already passed: give a later one."),
    ],
)
async def test_a_bad_end_or_name_is_refused_and_starts_nothing(
    fake: FakeDiscord, storage: Storage, ends: str, refusal: str
) -> None:
    ada = manager(fake)
    async with running(seasons_bot(fake, storage, ManualClock(START)), fake):
        answer = await fake.slash(ada, "season", "start", name="Spring", ends=ends)
        assert answer.responses[0].ephemeral and refusal in answer.text
        answer = await fake.slash(ada, "season", "start", name="All-Time")
        assert answer.responses[0].ephemeral and "names the all-time record" in answer.text
    assert await storage.seasons.of_guild(fake.guild_id) == []


async def test_the_end_post_speaks_the_servers_language_whoever_ends_it(
    fake: FakeDiscord, storage: Storage
) -> None:
    fake.guild_locale = "es-ES"
    ada = manager(fake)  # her Discord speaks English
    async with running(seasons_bot(fake, storage, ManualClock(START)), fake):
        await fake.slash(ada, "season", "start", name="Spring")
        ended = await fake.slash(ada, "season", "end")
        assert "Season **Spring** is over" in ended.text  # her answer, in her language
        post = await fake.wait_for(
            lambda: next((m for m in fake.messages(fake.channel("general")) if m.embeds), None),
            "the season's end post",
        )
        assert "La temporada «Spring» ha terminado" in post.text
