"""``bot.engine.COMPILED`` tells the truth about the mode the hot path runs in. The two
modes cannot be compared in one process; instead .ci/run runs the tests in both."""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

import bot.engine
from bot.engine import COMPILED
from tests.test_setup import load_setup


def test_compiled_says_whether_the_hot_path_modules_are_extension_modules() -> None:
    names = [
        module.removesuffix(".py").replace("/", ".") for module in load_setup().COMPILED_MODULES
    ]
    extension = {
        name: (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        for name in names
    }
    # All of them or none: a half-compiled checkout (a stale build) is a broken one.
    assert set(extension.values()) == {COMPILED}, extension
    assert bot.engine.__file__ is not None and bot.engine.__file__.endswith("__init__.py")
