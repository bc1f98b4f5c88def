"""SQL written once: ``?`` and ``:name`` parameters numbered for PostgreSQL, text left alone."""

import pytest

from bot.storage.postgres import numbered


@pytest.mark.parametrize(
    ("sql", "postgres", "names"),
    [
        ("SELECT ? + ?", "SELECT $1 + $2", ()),
        (
            "SELECT :b FROM t WHERE a = :a OR :b IS NULL",
            "SELECT $1 FROM t WHERE a = $2 OR $1 IS NULL",
            ("b", "a"),
        ),
        ("SELECT '?', ':a', 'it''s ?', ? -- what?", "SELECT '?', ':a', 'it''s ?', $1 -- what?", ()),
        ("SELECT x::text, :y", "SELECT x::text, $1", ("y",)),
        ('SELECT "odd?name" FROM t', 'SELECT "odd?name" FROM t', ()),
    ],
)
def test_parameters_are_numbered_outside_literals_and_casts(
    sql: str, postgres: str, names: tuple[str, ...]
) -> None:
    statement = numbered(sql)
    assert (statement.sql, statement.names) == (postgres, names)


def test_named_parameters_are_passed_in_their_numbers_order_and_extras_ignored() -> None:
    statement = numbered("SELECT :b, :a, :b")
    assert statement.args({"a": 1, "b": 2, "unused": 3}) == [2, 1]
    assert numbered("SELECT ?, ?").args((1, 2)) == [1, 2]


def test_positional_and_named_parameters_do_not_mix() -> None:
    with pytest.raises(ValueError, match="both"):
        numbered("SELECT ?, :a")
