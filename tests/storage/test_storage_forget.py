"""Forgetting a member (/spades forgetme) in the store: afterwards no column of any table
holds their id or name, searched table by table and column by column as the schema lists
them, on SQLite and PostgreSQL; and tables they sat at that end afterwards store no trace
of them again; tournaments keep their results under an anonymous former member."""

from dataclasses import replace

from bot.competition import tournament as t
from bot.competition.records import from_stored, to_stored
from bot.engine import Rules
from bot.storage.records import HandMessage, SeatRecord, StoredLobby, SubRequest
from bot.storage.stats import FORMER_MEMBER, Forgotten, Place
from bot.storage.store import Storage
from devtools.bench.storage import play_random
from tests.storage.helpers import GUILD, columns, store_game, traces

SHORT = Rules(play_to="hands", hands_to_play=3)
GONE, NAME = 424242424242, "Zebedee Gone"
STAYS = 7
CUP_START = 50_000.0


def seated(*holders: int | None) -> tuple[SeatRecord, ...]:
    names = {GONE: NAME, STAYS: "Stays"}
    return tuple(
        SeatRecord(seat, f"Bot {seat + 1} (easy)", bot="easy")
        if user is None
        else SeatRecord(seat, names[user], user)
        for seat, user in enumerate(holders)
    )


async def test_the_search_covers_every_column_of_every_table(storage: Storage) -> None:
    schema = await columns(storage)
    # Every table the migrations make, each with the columns the search looks through.
    assert {"players", "table_seats", "lobbies", "hand_messages", "member_pings"} <= set(schema)
    assert set(schema["players"]) == {"player_id", "user_id", "name"}
    assert (schema["players"]["user_id"], schema["players"]["name"]) == ("bigint", "text")
    assert schema["lobbies"]["seats_json"] == "text"
    await storage.tables.set_pings(GONE, "dm")
    assert await traces(storage, GONE, NAME) == ["member_pings.user_id"]


async def test_a_forgotten_member_leaves_no_trace_now_or_after_their_tables_end(
    storage: Storage,
) -> None:
    # A finished game; a game in play they host; a game over still shown (recorded, so
    # two games count); a lobby they host with another member seated, and one where they
    # are the only member.
    finished = play_random(SHORT, 1)
    done = await store_game(storage, finished, seated(GONE, STAYS, None, None))
    await storage.tables.finish_table(done, finished, stopped=False, close=True)
    game = play_random(SHORT, 2)
    playing = await store_game(storage, game, seated(GONE, STAYS, None, None), channel=71)
    over_game = play_random(SHORT, 3)
    over = await store_game(storage, over_game, seated(None, GONE, None, None), channel=72)
    await storage.tables.finish_table(over, over_game, stopped=False)
    await storage.tables.save_lobby(StoredLobby(73, GUILD, GONE, SHORT, seated(STAYS, GONE)))
    await storage.tables.save_lobby(StoredLobby(74, GUILD, GONE, SHORT, seated(GONE)))
    await storage.tables.set_hand_message(playing, GONE, HandMessage(991, 4))
    await storage.tables.set_pings(GONE, "channel")
    await storage.tables.set_seen_locale(GONE, "es-ES")
    await storage.tables.set_chosen_locale(GONE, "pt-BR")
    # Asked to take a seat, and a request for the seat they hold; told their DMs are closed.
    await storage.tables.add_sub_request(SubRequest(0, playing, 2, GONE, None, 2**40))
    await storage.tables.add_sub_request(SubRequest(0, playing, 0, STAYS, GONE, 2**40))
    assert await storage.tables.tell_dms_closed(playing, GONE)
    await storage.tables.saw_hands(over, GONE)  # watched a game with every hand face up
    await storage.tables.add_mention(playing, GONE, 4242)  # a turn mention left live

    before = await traces(storage, GONE, NAME)
    assert set(before) >= {
        "players.user_id",
        "players.name",
        "table_seats.user_id",
        "table_seats.name",
        "tables.host_id",
        "lobbies.host_id",
        "lobbies.seats_json",
        "hand_messages.user_id",
        "member_pings.user_id",
        "sub_requests.user_id",
        "sub_requests.held_by",
        "dms_closed_notices.user_id",
        "face_up_watchers.user_id",
        "turn_mentions.user_id",
        "member_locales.user_id",
    }
    assert await storage.stats.places(GONE) == [
        Place(71, GUILD, playing),
        Place(72, GUILD, over),
        Place(73, GUILD, None),
        Place(74, GUILD, None),
    ]

    forgotten = await storage.stats.forget_member(GONE)
    assert forgotten == Forgotten(games=2, seats=4, pings=True)
    assert await traces(storage, GONE, NAME) == []
    assert await storage.stats.places(GONE) == []

    # A bot holds their seats; the first member seated hosts; the lobby with nobody closed.
    tables = {t.table_id: t for t in await storage.tables.open_tables()}
    assert tables[playing].seats[0] == SeatRecord(0, "Bot 1 (normal)", None, "normal")
    assert tables[playing].host_id == STAYS
    assert tables[over].seats[1] == SeatRecord(1, "Bot 2 (normal)", None, "normal")
    [lobby] = await storage.tables.open_lobbies()
    assert (lobby.channel_id, lobby.host_id, lobby.seats) == (73, STAYS, seated(STAYS))
    assert await storage.tables.hand_message(playing, GONE) is None
    assert await storage.tables.pings(GONE) is None
    assert GONE not in await storage.tables.member_locales()

    # The game they sat at ends afterwards: it is recorded with the bot in their seat.
    await storage.tables.finish_table(playing, game, stopped=False, close=True)
    await storage.tables.close_table(over)
    assert await traces(storage, GONE, NAME) == []
    [latest, *_] = await storage.stats.history(GUILD)
    assert latest.table_id == playing
    assert latest.seat_names == ["Bot 1 (normal)", "Stays", "Bot 3 (easy)", "Bot 4 (easy)"]
    stays = await storage.stats.member(GUILD, STAYS)
    assert stays is not None and stays.games == 2
    # Forgetting again finds nothing more.
    assert await storage.stats.forget_member(GONE) == Forgotten(games=0, seats=0, pings=False)


def cup(
    key: int, *, organiser: int = STAYS, entry: t.Entry = t.Entry.PAIRS, legacy: bool = False
) -> t.Tournament:
    """A round robin open for sign-ups, nobody needing to check in."""
    settings = t.Settings(
        name="Cup",
        guild_id=GUILD,
        channel_id=80,
        organiser_id=organiser,
        format=t.Format.ROUND_ROBIN,
        entry=entry,
        starts_at=CUP_START,
        check_in_minutes=0,
    )
    return t.new_tournament(key, settings, 0.0).state


def finished_cup(key: int, *, legacy: bool) -> t.Tournament:
    """GONE and STAYS beat another pair; ``legacy``: stored as before entrants had their
    own ids (each named by its players' ids)."""
    state = cup(key)
    state = t.sign_up(state, t.Player(GONE, NAME, 30.0), t.Player(STAYS, "Stays", 20.0)).state
    state = t.accept(state, STAYS).state
    state = t.sign_up(state, t.Player(8, "Ate", 10.0), t.Player(9, "Nine", 10.0)).state
    state = t.accept(state, 9).state
    if legacy:
        state = replace(state, teams=tuple(replace(x, key="") for x in state.teams))
    state = t.start(state, CUP_START, seed=3).state
    [match] = state.rounds[0].matches
    state = t.table_opened(state, 1, 1, 81).state
    for user in state.seats(match):
        state = t.arrive(state, 1, 1, user).state
    state = t.table_started(state, 1, 1, 5).state
    side = state.first_side(match)
    state = t.game_over(state, 5, (500, 200) if side == 0 else (200, 500), side).state
    return t.finish(state).state


async def stored(storage: Storage, state: t.Tournament) -> int:
    key = await storage.tournaments.create(
        guild_id=GUILD, channel_id=80, organiser_id=1, name="Cup", settings_json="{}"
    )
    await storage.tournaments.save(to_stored(replace(state, id=key)))
    return key


async def test_a_forgotten_member_leaves_no_trace_in_tournaments_whose_results_stay(
    storage: Storage,
) -> None:
    # A finished tournament they won; another stored before entrants had their own ids
    # (their pair's id made of member ids); one they organise; a tournament of individuals
    # running, where they sat out.
    won = await stored(storage, finished_cup(0, legacy=False))
    legacy = await stored(storage, finished_cup(0, legacy=True))
    organised = await stored(storage, cup(0, organiser=GONE))
    singles = cup(0, entry=t.Entry.SINGLES)
    for user, rating in ((GONE, 1.0), (STAYS, 20.0), (8, 15.0), (9, 12.0), (10, 11.0)):
        singles = t.sign_up(singles, t.Player(user, NAME if user == GONE else "X", rating)).state
    singles = t.start(singles, CUP_START, seed=4).state
    assert singles.sat_out == (GONE,)
    sat_out = await stored(storage, singles)
    assert set(await traces(storage, GONE, NAME)) == {
        "tournament_players.user_id",
        "tournament_players.name",
        "tournament_matches.first_id",  # the legacy pair's id
        "tournament_matches.result_json",
        "tournament_matches.arrived_json",
        "tournaments.order_json",
        "tournaments.organiser_id",
        "tournaments.settings_json",
        "tournaments.sat_out_json",
    }
    before = {key: await storage.tournaments.load(key) for key in (won, legacy)}

    forgotten = await storage.stats.forget_member(GONE)
    assert forgotten.tournaments == 4
    assert await traces(storage, GONE, NAME) == []

    # The results stay, the winners an anonymous former member and their partner.
    for key in (won, legacy):
        was, now = before[key], await storage.tournaments.load(key)
        assert was is not None and now is not None
        state = from_stored(now)
        [line, *_] = t.standings(state)
        [was_line, *_] = t.standings(from_stored(was))
        assert (was_line.name, line.name) == (f"{NAME} & Stays", f"{FORMER_MEMBER} & Stays")
        assert (line.place, line.points, line.detail) == (1, was_line.points, was_line.detail)
        assert state.phase is t.Phase.FINISHED and len(state.results) == 1
        [team] = [x for x in state.teams if STAYS in x.user_ids]
        assert team.players[0].user_id < 0 and GONE not in state.seats(state.rounds[0].matches[0])
        assert [r.first_points for r in state.results] == [
            r.first_points for r in from_stored(was).results
        ]
    loaded = await storage.tournaments.load(organised)
    assert loaded is not None and loaded.organiser_id == 0
    assert from_stored(loaded).settings.organiser_id == 0
    loaded = await storage.tournaments.load(sat_out)
    assert loaded is not None and from_stored(loaded).sat_out == ()
    assert (await storage.stats.forget_member(GONE)).tournaments == 0
