"""The README and the help overlay come from the same key tables; they must not drift apart."""

from pathlib import Path

import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.app.keys import SHELL_KEYS, markdown_table
from visualizer.app.scenes import SCENES
from visualizer.solvers import SOLVERS

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", list(SCENES))
def test_the_readme_key_table_is_the_help_overlay(name):
    """The README holds, verbatim, the table the help overlay shows for each scene."""
    scene = getattr(SCENES[name], "__self__", SCENES[name])  # a class, or a class's factory method
    table = markdown_table(scene.help_rows() + SHELL_KEYS.help_rows())
    assert table in README, f"README is missing or has an outdated key table for {scene.name}:\n{table}"


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


def test_the_readme_animations_are_what_the_documented_commands_write(tmp_path):
    """Each GIF the README shows is made by the command the README gives for it, byte for byte."""
    import re
    import shlex

    from visualizer.cli import main

    commands = re.findall(r"^\s+maze-visualizer (generate .* -o (docs/\S+\.gif))$", README, re.MULTILINE)
    assert len(commands) >= 2
    for command, target in commands:
        assert f"]({target})" in README  # shown on the page
        args = shlex.split(command)
        args[args.index("-o") + 1] = str(tmp_path / "out.gif")
        assert main(args) == 0
        shown = Path(__file__).resolve().parent.parent / target
        assert (tmp_path / "out.gif").read_bytes() == shown.read_bytes(), target
