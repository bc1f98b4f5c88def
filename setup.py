"""The build hook: compile the engine's hot path with mypyc when this machine can.

pyproject.toml stays the source of the package's metadata; this file only adds extension
modules. ``SPADES_COMPILE`` chooses: ``0`` builds plain Python (and, in a checkout, removes
extension modules an earlier in-place build left beside the sources, so the checkout runs
pure again); ``1`` insists on compiling and fails without a C compiler, Python's headers or
mypyc; unset (or anything else) compiles when all three are there and builds plain Python
otherwise. The compiled and the plain modules run the same source, so a game comes out the
same either way; ``bot.engine.COMPILED`` says which one runs.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

# The modules mypyc compiles: the logic of the hot path, the hand's state it keeps
# (hand.py), the actions it reads, the events and hand results it makes, and the rules'
# values it reads (options.py). The rest of bot/engine stays interpreted: rules.py is a
# pydantic model; the dataclasses of views.py are what codec.py turns into JSON by their
# fields' type hints, and a compiled dataclass keeps only the bare class of a generic or
# optional hint (``tuple``, not ``tuple[Card, ...]``: the codec has a table of those for
# actions.py, events.py and results.py); codec, audit and claims are off the hot path. In
# bot/ai, the search's playouts, its reading of the table, and its exact play of the last
# cards (endgame.py: a card decision at three cards, 600 deals, 264 ms interpreted, 84 ms
# compiled, the slowest of a hand's decisions).
COMPILED_MODULES = (
    "bot/engine/actions.py",
    "bot/engine/cards.py",
    "bot/engine/deck.py",
    "bot/engine/events.py",
    "bot/engine/hand.py",
    "bot/engine/interned.py",
    "bot/engine/options.py",
    "bot/engine/results.py",
    "bot/engine/tricks.py",
    "bot/engine/scoring.py",
    "bot/engine/game.py",
    "bot/ai/playout.py",
    "bot/ai/knowledge.py",
    "bot/ai/endgame.py",
)


def compile_decision(
    setting: str | None, have_compiler: bool, have_headers: bool, have_mypyc: bool
) -> tuple[bool, str]:
    """(whether to compile, why) for the value of ``SPADES_COMPILE`` and this machine.

    Raises ``RuntimeError`` when ``SPADES_COMPILE=1`` asks for a build that cannot be made.
    """
    setting = (setting or "").strip()
    if setting == "0":
        return False, "SPADES_COMPILE=0: plain Python"
    missing = [
        what
        for what, present in (
            ("a C compiler", have_compiler),
            ("Python's C headers", have_headers),
            ("mypy (mypyc)", have_mypyc),
        )
        if not present
    ]
    if not missing:
        return True, "compiling the hot path with mypyc"
    reason = "missing " + " and ".join(missing)
    if setting == "1":
        raise RuntimeError(f"SPADES_COMPILE=1, but {reason}: cannot compile")
    return False, f"{reason}: plain Python"


def have_compiler(config: Mapping[str, object] | None = None) -> bool:
    """Whether the C compiler Python was built with (or ``$CC``) is on the PATH."""
    cc = os.environ.get("CC") or str((config or sysconfig.get_config_vars()).get("CC") or "")
    words = shlex.split(cc)
    return bool(words) and shutil.which(words[0]) is not None


def have_headers() -> bool:
    return (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def have_mypyc() -> bool:
    return importlib.util.find_spec("mypyc") is not None


def remove_inplace_builds(keep: set[str], root: Path = ROOT) -> list[Path]:
    """Delete the extension modules an earlier in-place (editable) build left in the
    checkout, except those named in ``keep`` (dotted names, as the new build makes them):
    a module no longer compiled, or a build gone back to plain Python, must not leave its
    old extension module beside the source, where Python would import it first."""
    found = [
        path
        for pattern in ("bot/**/*.so", "bot/**/*.pyd", "*__mypyc.*.so", "*__mypyc.*.pyd")
        for path in root.glob(pattern)
        if ".".join(path.relative_to(root).with_suffix("").with_suffix("").parts) not in keep
    ]
    for path in found:
        path.unlink()
    return found


# The setup.py commands that build modules; the others (egg_info, dist_info, sdist) only
# read metadata and need no mypyc run, which takes most of a build's time.
BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "editable_wheel", "develop"})


def extensions(argv: list[str]) -> list[Any]:
    if not BUILD_COMMANDS.intersection(argv):
        return []
    build, why = compile_decision(
        os.environ.get("SPADES_COMPILE"), have_compiler(), have_headers(), have_mypyc()
    )
    print(f"spades-bot: {why}", file=sys.stderr)
    built: list[Any] = []
    if build:
        from mypyc.build import mypycify

        built = list(mypycify(list(COMPILED_MODULES), opt_level="3", target_dir="build/mypyc"))
    removed = remove_inplace_builds({ext.name for ext in built})
    if removed:
        print(f"spades-bot: removed {len(removed)} stale in-place modules", file=sys.stderr)
    return built


def compile_catalogs(folder: Path) -> list[Path]:
    """Compile every ``<language>/LC_MESSAGES/*.po`` under ``folder`` to its ``.mo`` beside
    it (Babel, as ``python -m bot i18n compile`` does), returning the ``.mo`` files."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    made = []
    for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        made.append(mo)
    return made


class BuildWithCatalogs(build_py):
    """The usual build of the Python files, then the translation catalogs compiled in the
    build, so a wheel carries each language's ``.mo`` (the repository keeps only ``.po``)."""

    def run(self) -> None:
        super().run()
        made = compile_catalogs(Path(self.build_lib) / "bot" / "locales")
        print(f"spades-bot: compiled {len(made)} translation catalogs", file=sys.stderr)


if __name__ == "__main__":
    from setuptools import setup

    setup(ext_modules=extensions(sys.argv[1:]), cmdclass={"build_py": BuildWithCatalogs})
