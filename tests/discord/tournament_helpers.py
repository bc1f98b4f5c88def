"""Helpers for the /tournament acceptance tests: the organiser, the board message and the
sign-ups, the one match's call to its players, and the clock moved on until the tournament
is over."""

from __future__ import annotations

from bot.client import SpadesBot
from bot.competition import tournament as t
from bot.competition.records import from_stored
from bot.storage.store import Storage
from bot.tournaments import TournamentRunner
from devtools.fake_discord import FakeChannel, FakeDiscord, FakeUser, RecordedMessage
from tests.discord.spades_helpers import manager
from tests.doubles import ManualClock

# A Swiss tournament of pairs starting in 30 minutes: one round of one hand, no check-in.
ONE_ROUND_OF_PAIRS: dict[str, object] = {
    "format": "swiss",
    "entry": "pairs",
    "starts_in": 30,
    "rounds": 1,
    "hands": 1,
    "check_in": 0,
}


def organiser(fake: FakeDiscord) -> FakeUser:
    """Ada, who holds Manage Server: she opens the tournaments."""
    return manager(fake)


async def board(fake: FakeDiscord, words: str) -> RecordedMessage:
    """The tournament's one board message in #general, once it says ``words``."""
    general = fake.channel("general")
    return await fake.wait_message(general, lambda m: words in m.content, f"a board with {words}")


async def opened(fake: FakeDiscord, by: FakeUser, **options: object) -> RecordedMessage:
    """``/tournament new`` by ``by``; returns the board, open for sign-ups."""
    await fake.slash(by, "tournament", "new", **options)
    return await board(fake, "Nobody has signed up yet.")


async def pairs_sign_up(fake: FakeDiscord, signup: RecordedMessage, users: list[FakeUser]) -> None:
    """Each two of ``users`` sign up as a pair: the first with the command, naming the
    second, who presses Join on the board."""
    for first, second in zip(users[::2], users[1::2], strict=True):
        joined = await fake.slash(first, "tournament", "join", partner=second)
        assert joined.text == "You are signed up."
        clicked = await fake.click(second, signup, "Join")
        assert clicked.text == "You are signed up with your partner."


def runner(bot: SpadesBot) -> TournamentRunner:
    """The cog's own runner (the extension's module is loaded apart from the tests')."""
    found: TournamentRunner = getattr(bot.get_cog("TournamentCog"), "runner")  # noqa: B009
    return found


async def match_call(fake: FakeDiscord) -> tuple[FakeChannel, RecordedMessage]:
    """The one match's thread, and the message there calling its players to say they are
    there."""
    [thread] = await fake.wait_for(
        lambda: fake.threads(fake.channel("general")) or None, "a thread for the match"
    )
    call = await fake.wait_message(thread, lambda m: "I'm here" in str(m.controls()), "a ping")
    return thread, call


async def finished(
    fake: FakeDiscord, storage: Storage, clock: ManualClock, run: TournamentRunner
) -> t.Tournament:
    """The clock moved on two minutes at a time, so each turn runs out and a bot plays it,
    until the stored tournament is finished (or 60 moves on); the tournament as stored."""
    for _ in range(60):
        await clock.advance(120, run.settle)
        [stored] = await storage.tournaments.in_guild(fake.guild_id, live_only=False)
        if stored.phase == "finished":
            break
    return from_stored(stored)
