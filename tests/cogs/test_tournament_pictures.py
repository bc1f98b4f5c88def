"""What a tournament shows: every format's picture (round robin, Swiss with byes,
elimination brackets of 3, 5 and 8 pairs) is a PNG of the size its rows and rounds call
for, the same state drawing the same bytes; a duplicate round's words say deal by deal
what each pair made of the same cards."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.competition import tournament as t
from bot.i18n import use_locale
from bot.render import bracket_picture as bp
from bot.render import standings_picture as sp
from cogs import _tournament_show as show

START = 10_000.0


def settings_for(fmt: t.Format, **extra: object) -> t.Settings:
    values: dict[str, object] = {
        "name": "Friday Cup",
        "guild_id": 5,
        "channel_id": 6,
        "organiser_id": 1,
        "format": fmt,
        "entry": t.Entry.PAIRS,
        "starts_at": START,
        "rounds": 3 if fmt is t.Format.SWISS else 0,
        "check_in_minutes": 0,
    }
    values.update(extra)
    return t.Settings(**values)  # type: ignore[arg-type]


def started(pairs: int, setting: t.Settings) -> t.Tournament:
    state = t.new_tournament(7, setting, 0.0).state
    for i in range(pairs):
        a, b = 100 + 2 * i, 101 + 2 * i
        names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
        first = t.Player(a, f"{names[i % 8]} {i}", 1000.0 - i)
        second = t.Player(b, f"José Ünïcode {i}", 1000.0 - i)
        state = t.accept(t.sign_up(state, first, second).state, b).state
    return t.start(state, START, seed=11).state


def play_round(state: t.Tournament, hands: int = 0) -> t.Tournament:
    """Every match of the round in play: the first-listed pair wins on odd boards; a
    duplicate game records ``hands`` deals."""
    assert state.current is not None
    for match in state.current.matches:
        if match.done:
            continue
        for user in state.seats(match):
            state = t.arrive(state, match.round, match.board, user).state
        table = match.round * 100 + match.board
        state = t.table_started(state, match.round, match.board, table).state
        deals = [(10 * (d + match.board), 10 * (d + 2)) for d in range(hands)]
        scores = [sum(d[0] for d in deals), sum(d[1] for d in deals)] if deals else [0, 0]
        if not deals:
            scores = [300, 120 + match.board] if match.board % 2 else [110, 300]
        winner = 0 if scores[0] > scores[1] else 1
        side = state.first_side(match)
        by_side = scores if side == 0 else scores[::-1]
        per_deal = [d if side == 0 else d[::-1] for d in deals]
        won = winner if side == 0 else 1 - winner
        state = t.game_over(state, table, by_side, won, per_deal).state
    return state


def finished(state: t.Tournament, hands: int = 0) -> t.Tournament:
    while state.phase is t.Phase.RUNNING:
        assert state.current is not None
        if state.current.done:
            state = t.pair_round(state, START, seed=len(state.rounds) + 20).state
        else:
            state = play_round(state, hands)
    return state


def size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        return image.size


def drawn(state: t.Tournament) -> bytes:
    png = show.picture(state)
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
    assert show.picture(state) == png  # the same state, the same bytes
    return png


def test_no_picture_before_the_start() -> None:
    state = t.new_tournament(7, settings_for(t.Format.SWISS), 0.0).state
    assert show.picture(state) is None


def test_a_round_robin_draws_its_standings_one_row_a_pair() -> None:
    state = finished(started(4, settings_for(t.Format.ROUND_ROBIN)))
    assert state.phase is t.Phase.FINISHED and len(state.rounds) == 3
    headings, rows = show.standings_table(state)
    assert headings == ["#", "Pair", "Points", "Head to head", "Difference"]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    width, height = size(drawn(state))
    # The standings picture's own layout: five columns, a heading row and four rows.
    assert width == sp.SCALE * (sp.PAD * 2 + 40 + sp.NAME_WIDTH + sp.FIGURE_WIDTH * 3)
    assert height == sp.SCALE * (sp.PAD * 2 + sp.TITLE + 8 + sp.BODY + 16 + sp.ROW * 5)


def test_a_swiss_with_byes_draws_buchholz_and_points_difference() -> None:
    state = started(5, settings_for(t.Format.SWISS, rounds=3))
    state = finished(state)
    byes = [m.first for r in state.rounds for m in r.matches if m.second is None]
    assert len(byes) == 3 and len(set(byes)) == 3
    headings, rows = show.standings_table(state)
    assert headings[3:] == ["Buchholz", "Difference"]
    lines = t.standings(state)
    assert [row[3:] for row in rows] == [[str(f) for f in line.tie_breaks] for line in lines]
    assert all(len(line.tie_breaks) == 2 for line in lines)
    width, height = size(drawn(state))
    assert height == sp.SCALE * (sp.PAD * 2 + sp.TITLE + 8 + sp.BODY + 16 + sp.ROW * 6)
    # A round in play draws too, with the standings so far.
    early = play_round(started(5, settings_for(t.Format.SWISS, rounds=3)))
    assert size(drawn(early)) == (width, height)


@pytest.mark.parametrize(
    ("pairs", "rounds", "byes"), [(3, 2, 1), (5, 3, 3), (8, 3, 0)], ids=["3", "5", "8"]
)
def test_an_elimination_bracket_draws_every_round_and_its_byes(
    pairs: int, rounds: int, byes: int
) -> None:
    state = started(pairs, settings_for(t.Format.ELIMINATION))
    first = show.bracket(state)[1][0]
    assert sum(1 for m in first if m.bottom is None) == byes
    headings, columns, champion = show.bracket(state)
    assert len(columns) == rounds and champion == ""
    assert headings[-2:] == ["Final", "Champions"]
    assert [len(c) for c in columns] == [2 ** (rounds - 1 - i) for i in range(rounds)]
    assert all(m.top == "" for m in columns[-1])  # the final not yet paired
    in_play = drawn(state)
    state = finished(state)
    headings, columns, champion = show.bracket(state)
    winner = state.rounds[-1].matches[0].result
    assert winner is not None and champion == state.team(winner.winner or "").name
    assert all(m.winner is not None for c in columns for m in c)
    done = drawn(state)
    assert done != in_play
    first_shown = 2 ** (rounds - 1)
    width, height = size(done)
    assert width == bp.SCALE * (bp.PAD * 2 + (rounds + 1) * bp.COLUMN + rounds * bp.SPACE)
    top = bp.PAD + bp.TITLE + 8 + bp.BODY + 16 + bp.BODY + 12
    assert height == bp.SCALE * (top + first_shown * (2 * bp.LINE + bp.GAP) + bp.PAD)


def test_a_large_swiss_draws_its_top_rows_only() -> None:
    state = play_round(started(60, settings_for(t.Format.SWISS, rounds=2)))
    assert len(show.standings_table(state)[1]) == 60
    height = size(drawn(state))[1]
    rows = show.PICTURE_ROWS + 1
    assert height == sp.SCALE * (sp.PAD * 2 + sp.TITLE + 8 + sp.BODY + 16 + sp.ROW * rows)


def test_a_deep_bracket_shows_its_last_rounds_only() -> None:
    state = started(40, settings_for(t.Format.ELIMINATION))
    _headings, columns, _ = show.bracket(state)
    assert len(columns) == 6 and len(columns[0]) == 32
    width, height = size(drawn(state))
    assert width == bp.SCALE * (bp.PAD * 2 + 6 * bp.COLUMN + 5 * bp.SPACE)
    assert height < 2000 * bp.SCALE


def test_a_duplicate_round_in_words_deal_by_deal() -> None:
    setting = settings_for(t.Format.SWISS, rounds=1, duplicate=True, hands=2)
    state = finished(started(4, setting), hands=2)
    found = show.last_duplicate_round(state)
    assert found is not None
    number, scored = found
    assert number == 1 and [d.deal for d in scored.deals] == [0, 1]
    words = show.deal_words(state, number, scored.deals[0], {})
    lines = words.splitlines()
    assert lines[0] == "**Deal 1 (a top is 2 matchpoints)**"
    assert lines[1] == "North/South cards:" and lines[4] == "East/West cards:"
    # Each direction's cards at both tables: four pairs, each once, with its matchpoints.
    named = lines[2:4] + lines[5:7]
    for team in state.teams:
        assert sum(team.name in line for line in named) == 1
    assert all("of 2 matchpoints" in line for line in named)
    headings, rows = show.standings_table(state)
    assert headings[-1] == "Matchpoints" and all(row[-1].endswith("%") for row in rows)


def test_a_duplicate_round_too_long_for_one_message_says_how_to_see_the_rest() -> None:
    setting = settings_for(t.Format.SWISS, rounds=1, duplicate=True, hands=20)
    state = finished(started(16, setting), hands=20)
    found = show.last_duplicate_round(state)
    assert found is not None
    blocks = [show.deal_words(state, 1, deal, {}) for deal in found[1].deals]
    assert len(blocks) == 20 and sum(len(b) for b in blocks) > 6000
    embeds = show.pages(1, blocks)
    assert 1 <= len(embeds) <= 10
    assert sum(len(e) for e in embeds) <= 6000
    assert all(len(e.description or "") <= 4096 for e in embeds)
    footer = embeds[-1].footer.text or ""
    shown = sum((e.description or "").count("**Deal ") for e in embeds)
    assert 0 < shown < 20
    assert footer == (
        f"Deals 1 to {shown} of 20 shown: Round 1, deal by deal (below) or"
        " /tournament status round:1 deal:<number> shows any deal."
    )
    # A round that fits is shown whole, with no footer.
    few = show.pages(1, blocks[:2])
    assert len(few) == 1 and few[0].footer.text is None
    assert few[0].description == "\n\n".join(blocks[:2])


def test_the_picture_speaks_the_reader_s_language() -> None:
    state = finished(started(3, settings_for(t.Format.ELIMINATION)))
    english = drawn(state)
    with use_locale("fr"):
        headings, _columns, _champion = show.bracket(state)
        assert headings == ["Demi-finales", "Finale", "Champions"]
        assert show.standings_table(finished(started(4, settings_for(t.Format.SWISS))))[0][1:] == [
            "Paire",
            "Points",
            "Buchholz",
            "Différence",
        ]
        french = drawn(state)
    assert french != english
