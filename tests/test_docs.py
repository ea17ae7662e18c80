"""The README and the help overlay come from the same key table; they must not drift apart."""

from pathlib import Path

import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.app.keys import PLAY_KEYS, WATCH_KEYS
from visualizer.solvers import SOLVERS

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("binding", WATCH_KEYS + PLAY_KEYS, ids=lambda b: b.keys)
def test_every_key_is_documented(binding):
    assert f"| {binding.keys} | {binding.action} |" in README


@pytest.mark.parametrize("name", list(ALGORITHMS) + list(SOLVERS))
def test_every_algorithm_and_solver_is_documented(name):
    assert f"`{name}`" in README


def test_readme_gives_exactly_the_two_setup_commands():
    commands = [line.strip() for line in README.splitlines() if line.strip().startswith("python3 -m venv")]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/maze-visualizer",
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest",
    ]
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert commands[1] in ci
