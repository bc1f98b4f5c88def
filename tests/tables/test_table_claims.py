"""A member's claim at a table: judged within the engine's budget, and one the judge could
not decide is refused, the game unchanged, the table going on."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.engine import Bid, Claim, IllegalAction, Phase, PlayCard, RevealCards, Rules
from bot.storage.records import MemoryStore
from bot.tables import Table, TableManager, TableSettings
from tests.doubles import ManualClock, RecordingPresenter
from tests.tables.helpers import ANN, CHANNEL

GUILD = 10
# Six players in two sides of three, claims on: a double deck, 17 tricks a hand.
SIX_THREES = Rules(players=6, team_size=3, claims=True)


@pytest.fixture
async def six_manager(store: MemoryStore, clock: ManualClock) -> AsyncIterator[TableManager]:
    store.rules[GUILD] = SIX_THREES
    manager = TableManager(
        store, presenters=[RecordingPresenter()], settings=TableSettings(bot_delay=0), clock=clock
    )
    yield manager
    await manager.aclose()


async def first_card(manager: TableManager, seed: int) -> Table:
    """Ann and five bots; Ann bids 2, and the bots play up to Ann's first card."""
    table = await manager.open(CHANNEL, ANN, guild_id=GUILD)
    await table.start(ANN.id, fill_with_bots=True, seed=seed)
    await manager.settle()
    game = table.game
    assert game is not None
    while not (game.phase is Phase.PLAY and game.to_act == 0):
        assert game.to_act == 0, (game.phase, game.to_act)
        look = RevealCards(0)
        await table.act(ANN.id, look if look in game.legal_actions(0) else Bid(0, 2), seq=table.seq)
        await manager.settle()
    return table


async def test_a_claim_the_judge_cannot_decide_changes_nothing_and_play_goes_on(
    six_manager: TableManager, store: MemoryStore
) -> None:
    """Seed 11: Ann's claim at her first card is more than the judge's budget can settle
    (the full search takes minutes). It is refused in player words, nothing is stored or
    changed, and Ann's next card is taken at once: the table was not held."""
    table = await first_card(six_manager, seed=11)
    game = table.game
    assert game is not None
    seq, views = table.seq, [table.view(s) for s in range(6)]
    stored = len(store.tables[table.table_id].actions)
    with pytest.raises(IllegalAction, match=r"^I could not check that claim quickly; play on\.$"):
        await table.act(ANN.id, Claim(0), seq=seq)
    assert table.seq == seq and [table.view(s) for s in range(6)] == views
    assert len(store.tables[table.table_id].actions) == stored
    assert not any(table.snapshot().exposed)
    card = next(a for a in game.legal_actions(0) if isinstance(a, PlayCard))
    await table.act(ANN.id, card, seq=seq)
    await six_manager.settle()
    assert table.seq > seq + 1, "the bots played on after Ann's card"
    assert Claim(0) in game.legal_actions(0), "no penalty: Ann may claim again"
