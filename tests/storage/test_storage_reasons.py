"""Each bot move's reason, stored with its action on SQLite and PostgreSQL (and in memory):
it survives reopening the store and is read back with the finished game for /history."""

import dataclasses
import random
from pathlib import Path

from bot.ai.levels import decide_why, policy_for
from bot.ai.reasons import Reason, Said, reason_from_json, reason_to_json
from bot.engine import Action, Card, Game, Rules
from bot.i18n import use_locale
from bot.render.why import said_text
from bot.storage.records import MemoryStore, SeatRecord
from bot.storage.store import Storage
from tests.storage.helpers import GUILD

SHORT = Rules(play_to="hands", hands_to_play=2)
# Members in seats 0 and 2, bots of two levels in 1 and 3.
SEATS = (
    SeatRecord(0, "Ana", 101),
    SeatRecord(1, "Bot", bot="normal"),
    SeatRecord(2, "Bea", 102),
    SeatRecord(3, "Bot", bot="easy"),
)


def bots_game(seed: int) -> tuple[Game, list[tuple[Action, Reason | None]]]:
    """A finished game: the members' seats play the heuristic's moves without a reason, the
    bots' seats theirs with one."""
    game = Game.new(SHORT, seed=seed, dealer=0)
    rng = random.Random(seed)
    policies = {1: policy_for("normal"), 3: policy_for("easy")}
    member = policy_for("normal")
    moves: list[tuple[Action, Reason | None]] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat in policies:
            action, reason = decide_why(policies[seat], game.view(seat), rng)
            moves.append((action, reason))
        else:
            action = member.decide(game.view(seat), rng)
            moves.append((action, None))
        game.apply(action)
    return game, moves


def test_a_reason_comes_back_the_same_from_its_json() -> None:
    _, moves = bots_game(5)
    reasons = [reason for _, reason in moves if reason is not None]
    assert reasons and all(reason_from_json(reason_to_json(r)) == r for r in reasons)
    # The heuristic's sentence comes back as its parts, so it is said in the reader's
    # language (cards in their letters) after a restart and in /history too.
    said = [r.words for r in reasons if isinstance(r.words, Said)]
    assert len(said) > len(reasons) // 2
    for words in said:
        back = reason_from_json(reason_to_json(dataclasses.replace(reasons[0], words=words))).words
        assert isinstance(back, Said)
        assert (back.template, back.values) == (words.template, tuple(words.values))
    with use_locale("es"):
        carded = next(w for w in said if any(isinstance(v, Card) for _, v in w.values))
        back = reason_from_json(reason_to_json(dataclasses.replace(reasons[0], words=carded))).words
        assert said_text(back) == said_text(carded) != str(carded)


async def test_bots_reasons_survive_a_restart_and_come_back_with_the_finished_game(
    location: str | Path,
) -> None:
    game, moves = bots_game(7)
    half = len(moves) // 2
    storage = await Storage.open(location)
    try:
        table_id = await storage.tables.create_table(
            guild_id=GUILD, channel_id=70, host_id=101, rules=SHORT, seed=7, dealer=0, seats=SEATS
        )
        for seq, (action, reason) in enumerate(moves[:half], 1):
            text = None if reason is None else reason_to_json(reason)
            await storage.tables.append_action(table_id, seq, action, text)
    finally:
        await storage.close()

    # A restart between the bots' moves and the end of the game.
    storage = await Storage.open(location)
    try:
        (table,) = await storage.tables.open_tables()
        assert len(table.actions) == half
        for seq, (action, reason) in enumerate(moves[half:], half + 1):
            text = None if reason is None else reason_to_json(reason)
            await storage.tables.append_action(table_id, seq, action, text)
        await storage.tables.finish_table(table_id, game, stopped=False)
        (summary,) = await storage.stats.history(GUILD)
        record = await storage.stats.game(GUILD, summary.game_id)
    finally:
        await storage.close()
    assert record is not None
    assert record.actions == tuple(action for action, _ in moves)
    read = [None if text is None else reason_from_json(text) for text in record.reasons]
    assert read == [reason for _, reason in moves]
    # Both bots' seats, bids and cards, in both hands.
    kept = [r for r in read if r is not None]
    assert {r.seat for r in kept} == {1, 3} and {r.hand_number for r in kept} == {1, 2}


async def test_the_memory_store_keeps_a_reason_beside_its_action() -> None:
    _, moves = bots_game(3)
    store = MemoryStore()
    table_id = await store.create_table(
        guild_id=GUILD, channel_id=70, host_id=101, rules=SHORT, seed=3, dealer=0, seats=SEATS
    )
    for seq, (action, reason) in enumerate(moves, 1):
        await store.append_action(
            table_id, seq, action, None if reason is None else reason_to_json(reason)
        )
    assert {seq: reason_from_json(text) for (_, seq), text in store.reasons.items()} == {
        seq: reason for seq, (_, reason) in enumerate(moves, 1) if reason is not None
    }
