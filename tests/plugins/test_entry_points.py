"""Installed packages add algorithms and solvers through entry points; a broken plugin is one warning."""

import sys
from importlib import metadata

import pytest

from visualizer.cli import main
from visualizer.plugins import entry_points

PLUGIN = '''\
from visualizer.algorithms.base import Algorithm
from visualizer.algorithms.backtracker import BacktrackerNarrator, backtracker

ALGORITHM = Algorithm(name="plugged_in", func=backtracker, description="Plugged in: a backtracker from a package.",
                      narrator=BacktrackerNarrator)
NOT_AN_ALGORITHM = 42

from visualizer.solvers.base import Solver
from visualizer.solvers.bfs import SOLVER as BFS

SOLVER = Solver("backwards_bfs", BFS.func, "Breadth-first search from a plugin.", narrator=BFS.narrator)
'''


@pytest.fixture
def installed(tmp_path, monkeypatch, own_files):
    """A tiny installed distribution on sys.path declaring two algorithm entry points (one broken)."""
    (tmp_path / "maze_plugin_demo.py").write_text(PLUGIN)
    info = tmp_path / "maze_plugin_demo-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: maze-plugin-demo\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[maze_visualizer.algorithms]\nplugged_in = maze_plugin_demo:ALGORITHM\n"
                                           "wrong = maze_plugin_demo:NOT_AN_ALGORITHM\n"
                                           "gone = no_such_plugin_module:ALGORITHM\n"
                                           "[maze_visualizer.solvers]\nbackwards_bfs = maze_plugin_demo:SOLVER\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(entry_points, "_merged", False)
    yield
    sys.modules.pop("maze_plugin_demo", None)


def test_a_plugin_appears_in_list_and_generates(installed, capsys):
    assert main(["list"]) == 0
    captured = capsys.readouterr()
    assert "plugged_in  [square" in captured.out and "Plugged in: a backtracker from a package." in captured.out
    assert captured.out.splitlines()[-1].endswith(", backwards_bfs")  # after every built-in solver
    assert main(["generate", "-a", "plugged_in", "-s", "4x3", "--check"]) == 0
    assert "perfect" in capsys.readouterr().out


def test_a_broken_plugin_is_one_warning_line_each_and_the_rest_still_loads(installed, capsys):
    assert main(["list"]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert len(warnings) == 2
    assert "plugin 'wrong'" in warnings[0] and "expected Algorithm, got int" in warnings[0]
    assert "plugin 'gone'" in warnings[1] and "ModuleNotFoundError" in warnings[1]


def test_plugins_merge_once_and_unreadable_metadata_is_a_warning(monkeypatch, own_files):
    def broken(**_):
        raise OSError("disk gone")

    said = []
    monkeypatch.setattr(entry_points, "_merged", False)
    monkeypatch.setattr(metadata, "entry_points", broken)
    assert entry_points.merge_entry_points(said.append) == []
    assert len(said) == 2 and "disk gone" in said[0]
    assert entry_points.merge_entry_points(said.append) == [] and len(said) == 2
