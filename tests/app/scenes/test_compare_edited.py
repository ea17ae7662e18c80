"""Compare of an edited maze: pane 1 is the maze as the student edited it, beside the recipe's own
maze and others; S solves every pane alike, so the edit's effect reads against the original; the
same from a saved file with ``compare --from``, and a bad file is refused in one line."""

from __future__ import annotations

import json

import numpy as np
import pygame
import pytest

from tests.app.scenes.test_compare import press, run_until_done
from tests.app.test_hand_edits import between, closed_walls, make_shell, mouse
from visualizer.cli import main
from visualizer.export.json_io import dumps
from visualizer.solvers import shortest_path


@pytest.fixture
def edited(screen):
    """The watch scene after one wall opened, and the wall."""
    shell = make_shell(screen)
    maze = shell.base.run.maze
    cell, d, other = closed_walls(maze)[0]
    mouse(shell, between(shell, cell, other))
    assert maze.is_open(cell, d)
    return shell, (cell, d)


def test_c_after_an_edit_shows_the_edited_maze_beside_the_recipes_own(edited):
    shell, (cell, d) = edited
    watched = shell.base.run.maze
    press(shell, pygame.K_c)
    scene = shell.scene
    assert scene.name == "compare"
    first, second = scene.panes[0], scene.panes[1]
    assert first.title.startswith("Edited maze (1 edit)") and first.run.maze.is_open(cell, d)
    assert np.array_equal(first.run.maze.passages, watched.passages)
    assert second.spec == shell.base.spec and len(scene.panes) == 4
    run_until_done(shell)
    assert not second.run.maze.is_open(cell, d), "the recipe's pane shows the edit too"
    assert scene.place_text(first) == "as edited" and scene.figures(first, 0.0)[0][1] == "edited"
    press(shell, pygame.K_s)
    run_until_done(shell)
    assert first.run.solution == shortest_path(first.run.maze)
    assert second.run.solution == shortest_path(second.run.maze)
    assert ("Compare", "the edited maze and 3 recipes") in scene.panel_lines()


def test_the_edited_pane_keeps_its_maze_tab_refuses_and_a_new_seed_leaves_it(edited):
    shell, (cell, d) = edited
    press(shell, pygame.K_c)
    scene = shell.scene
    press(shell, pygame.K_TAB)  # pane 1 is chosen: no algorithm builds it
    assert "edited" in shell.toast[0] and scene.panes[0].given is not None
    press(shell, pygame.K_t)  # a race times the recipes' generators only
    run_until_done(shell)
    assert len(scene.timings) == 3 and sorted(p.finished_at for p in scene.built) == [0, 1, 2]
    press(shell, pygame.K_n)
    assert scene.edited is None and all(p.given is None for p in scene.panes) and len(scene.panes) == 3


def test_without_edits_c_compares_the_recipes_as_before(screen):
    shell = make_shell(screen)
    press(shell, pygame.K_c)
    assert all(p.given is None for p in shell.scene.panes) and len(shell.scene.panes) == 4


def test_compare_from_a_file_puts_its_maze_first(edited, tmp_path, monkeypatch):
    shell, (cell, d) = edited
    path = tmp_path / "edited.json"
    path.write_text(dumps(shell.base.run.maze, shell.base.spec))
    opened = {}

    def fake_app(spec, **context):
        opened.update(context, spec=spec)
        return 0

    monkeypatch.setattr("visualizer.app.main.run_app", fake_app)
    assert main(["compare", "--from", str(path)]) == 0
    maze, edits = opened["edited"]
    assert maze.is_open(cell, d) and edits == 0 and len(opened["specs"]) == 3
    assert main(["compare", "--from", str(path), "-a", "prim"]) == 0
    assert [s.algorithm for s in opened["specs"]] == ["prim"]


@pytest.mark.parametrize("extra, words", [
    (["-s", "5x5"], "leave out -s"),
    (["-a", "prim", "-a", "kruskal", "-a", "wilson", "-a", "eller"], "0 to 3 --algorithm"),
])
def test_compare_from_refuses_bad_options_in_one_line(tmp_path, capsys, extra, words, screen):
    shell = make_shell(screen)
    path = tmp_path / "m.json"
    path.write_text(dumps(shell.base.run.maze, shell.base.spec))
    assert main(["compare", "--from", str(path), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_compare_from_a_broken_file_says_so_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"not": "a maze"}))
    assert main(["compare", "--from", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("maze-visualizer: --from") or "--from" in err
    assert len(err.splitlines()) == 1
