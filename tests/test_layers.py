"""The layers of ``shared/docs/architecture.md`` hold in the code: every import in ``bot/``,
``cogs/`` and ``devtools/`` (at module level, inside functions, and for type checking only)
goes down the layers, never up, and no modules import each other in a circle."""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "devtools")

# What each part of the project may import of the project, besides itself.
MAY_IMPORT = {
    # The translation function: every layer that words something for a reader uses it.
    "bot.i18n": set(),
    # Which work comes first on the bot's loop: the tables start their tasks through it.
    "bot.urgency": set(),
    "bot.engine": set(),
    "bot.ai": {"bot.engine", "bot.i18n"},
    "bot.render": {"bot.engine", "bot.i18n"},
    "bot.storage": {"bot.engine"},
    "bot.tables": {"bot.engine", "bot.ai", "bot.render", "bot.storage", "bot.i18n", "bot.urgency"},
    # Pairing, standings, duplicate scoring and seasons' math: pure, over the engine's
    # seats and the ratings' model.
    "bot.competition": {"bot.engine", "bot.storage", "bot.i18n"},
    # The top of bot/: settings, the client, the command line, the terminal.
    "bot": {
        "bot.i18n",
        "bot.urgency",
        "bot.engine",
        "bot.ai",
        "bot.render",
        "bot.storage",
        "bot.tables",
        "bot.competition",
    },
    "cogs": {"bot"},
    "devtools": {"bot", "cogs"},
}
# A layer may import whatever the layers it may import may import.
for _layer in MAY_IMPORT:
    _below = set(MAY_IMPORT[_layer])
    while _below != (_wider := _below.union(*(MAY_IMPORT[b] for b in _below))):
        _below = _wider
    MAY_IMPORT[_layer] = _below
# Libraries a layer must never use (the engine is pure; only the adapter knows Discord).
NEVER = {
    "bot.engine": {"asyncio", "discord", "aiosqlite", "asyncpg", "sqlite3", "time"},
    "bot.ai": {"discord", "aiosqlite", "asyncpg", "bot.storage", "bot.tables"},
    "bot.render": {"discord", "aiosqlite", "asyncpg"},
    "bot.storage": {"discord"},
    "bot.tables": {"discord"},
    "bot.competition": {
        "asyncio",
        "discord",
        "aiosqlite",
        "asyncpg",
        "sqlite3",
        "time",
        "random",
        "bot.storage.db",
    },
}


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: Collection[str] = ()) -> Iterator[str]:
    """Every module ``name`` imports, wherever in the file the import is; ``known``: the
    project's modules, so that importing a submodule from its package counts as the
    submodule."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from pkg import module`` depends on that module, not on pkg's facade.
            named = [f"{base}.{alias.name}" for alias in node.names]
            submodules = [module for module in named if module in known]
            yield from submodules or [base]


def part_of(module: str) -> str | None:
    """The layer a project module belongs to (the longest key of MAY_IMPORT it is under)."""
    keys = [k for k in MAY_IMPORT if module == k or module.startswith(k + ".")]
    return max(keys, key=len) if keys else None


def project_graph() -> dict[str, set[str]]:
    found = modules()
    return {
        name: {t for t in imports(name, path, found) if t in found and t != name}
        for name, path in found.items()
    }


@pytest.mark.parametrize("name", sorted(modules()))
def test_imports_go_down_the_layers(name: str) -> None:
    layer = part_of(name)
    assert layer is not None, f"{name} belongs to no layer"
    found = modules()
    for target in imports(name, found[name], found):
        target_layer = part_of(target)
        if target_layer is not None:
            assert target_layer == layer or target_layer in MAY_IMPORT[layer], (
                f"{name} ({layer}) imports {target} ({target_layer})"
            )
        for banned in NEVER.get(layer, set()):
            assert target != banned and not target.startswith(banned + "."), (
                f"{name} ({layer}) imports {target}"
            )


def test_no_modules_import_each_other_in_a_circle() -> None:
    graph = project_graph()
    circles = [component for component in strongly_connected(graph) if len(component) > 1]
    assert circles == []


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of ``graph``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [c for c in strongly_connected(graph) if len(c) > 1] == [["a", "b", "c"]]
