"""No function in ``bot/tables`` or ``cogs`` runs over 60 lines: a longer one does more than
one thing, and its parts belong in functions of their own (the plans in
``bot/tables/plans``, say)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 60


@pytest.mark.parametrize(
    "path",
    [p for folder in ("bot/tables", "cogs") for p in sorted((ROOT / folder).rglob("*.py"))],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_function_runs_over_60_lines(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = [
        f"{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > LONGEST
    ]
    assert not long, f"{path.relative_to(ROOT)}: {', '.join(long)}"
