"""setup.py's choice between compiling the hot path with mypyc and plain Python, and its
clean-up of extension modules an in-place build left in a checkout. Only the decision is
tested here; .ci/run builds and tests both modes for real."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_setup() -> ModuleType:
    """setup.py as a module: its ``setup()`` call runs only as ``__main__``."""
    spec = importlib.util.spec_from_file_location("spades_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


setup = load_setup()


@pytest.mark.parametrize("setting", [None, "", "1", "yes"])
def test_a_machine_with_everything_compiles(setting: str | None) -> None:
    build, why = setup.compile_decision(setting, True, True, True)
    assert build and "mypyc" in why


@pytest.mark.parametrize(
    ("compiler", "headers", "mypyc", "missing"),
    [
        (False, True, True, "missing a C compiler:"),
        (True, False, True, "missing Python's C headers:"),
        (True, True, False, "missing mypy (mypyc):"),
        (False, False, False, "missing a C compiler and Python's C headers and mypy (mypyc):"),
    ],
)
def test_without_a_compiler_headers_or_mypyc_the_build_falls_back_to_plain_python(
    compiler: bool, headers: bool, mypyc: bool, missing: str
) -> None:
    build, why = setup.compile_decision(None, compiler, headers, mypyc)
    assert not build
    assert why.startswith(missing) and why.endswith("plain Python")


def test_spades_compile_0_builds_plain_python_even_where_it_could_compile() -> None:
    assert setup.compile_decision("0", True, True, True) == (
        False,
        "SPADES_COMPILE=0: plain Python",
    )


def test_spades_compile_1_fails_where_it_cannot_compile() -> None:
    with pytest.raises(RuntimeError, match="SPADES_COMPILE=1, but missing a C compiler"):
        setup.compile_decision("1", False, True, True)


def test_the_compiler_is_looked_for_on_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CC", raising=False)
    assert setup.have_compiler({"CC": "sh -pthread"})
    assert not setup.have_compiler({"CC": "no-such-compiler-here -O2"})
    assert not setup.have_compiler({"CC": ""})
    monkeypatch.setenv("CC", "sh")
    assert setup.have_compiler({"CC": "no-such-compiler-here"})


def test_metadata_commands_run_no_mypyc() -> None:
    assert setup.extensions(["egg_info"]) == []
    assert setup.extensions(["dist_info", "--output-dir", "x"]) == []


def test_every_compiled_module_is_a_source_file_of_the_package() -> None:
    for module in setup.COMPILED_MODULES:
        assert (ROOT / module).is_file(), module
        assert module.startswith(("bot/engine/", "bot/ai/")), module


def test_stale_in_place_modules_are_removed_and_the_new_build_kept(tmp_path: Path) -> None:
    engine = tmp_path / "bot" / "engine"
    engine.mkdir(parents=True)
    suffix = ".cpython-311-x86_64-linux-gnu.so"
    kept = [engine / f"game{suffix}", tmp_path / f"new__mypyc{suffix}"]
    stale = [engine / f"scoring{suffix}", tmp_path / f"old__mypyc{suffix}"]
    source = engine / "game.py"
    for path in [*kept, *stale, source]:
        path.write_bytes(b"")
    removed = setup.remove_inplace_builds({"bot.engine.game", "new__mypyc"}, tmp_path)
    assert sorted(removed) == sorted(stale)
    assert all(path.exists() for path in [*kept, source])
    assert not any(path.exists() for path in stale)
    # Going back to plain Python removes every one of them.
    assert sorted(setup.remove_inplace_builds(set(), tmp_path)) == sorted(kept)
    assert source.exists()
