"""Breadcrumbs: K drops one on the player's cell and picks it up again; a restart keeps them, a new
level starts without; saves keep them, and damaged ones are set aside in one line."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

GRIDS = ["square", "hex", "triangle", "polar"]


def a_game(grid: str = "square", seed: int = 5) -> Game:
    spec = MazeSpec("backtracker", grid, 8, 5, seed)
    return Game(spec=spec, maze=spec.build(), level=2)


def walk(game: Game, choices: list[int]) -> None:
    """Step along open passages, a choice of exit at each cell, dropping a crumb where told (-1)."""
    for choice in choices:
        if choice < 0:
            game.toggle_crumb()
            continue
        ways = [d for d in range(game.maze.grid.directions) if game.maze.is_open(game.position, d)]
        if ways:
            game.move(ways[choice % len(ways)])


def test_k_drops_a_crumb_and_again_picks_it_up():
    game = a_game()
    assert game.toggle_crumb() and game.crumbs == [game.position]
    assert "Breadcrumb dropped" in game.notice
    assert not game.toggle_crumb() and game.crumbs == []
    assert game.notice == "Breadcrumb picked up"


def test_a_restart_keeps_the_crumbs_and_the_next_level_has_none():
    game = a_game()
    path = shortest_path(game.maze)
    for step, cell in enumerate(path[1:5], start=1):
        game.move(game.maze.grid.direction_between(path[step - 1], cell))
        if step % 2 == 0:
            game.toggle_crumb()
    crumbs = list(game.crumbs)
    assert crumbs == [path[2], path[4]]
    game.restart_level()
    assert game.crumbs == crumbs
    assert game.next_level().crumbs == []


@pytest.mark.parametrize("grid", GRIDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choices=st.lists(st.integers(-1, 5), max_size=40))
def test_crumbs_survive_save_and_load(data, grid, choices):
    game = a_game(grid)
    walk(game, choices)
    saves.save_game(game)
    back, message = saves.continue_or_explain()
    assert back is not None, message
    assert back.crumbs == game.crumbs and back.position == game.position


@pytest.mark.parametrize("damage, reason", [
    ("not a list", "the breadcrumbs are damaged"),
    ("in a wall", "a breadcrumb"),
    ("twice", "a breadcrumb is listed twice"),
    ("not a pair", "a breadcrumb is not an [x, y] pair"),
])
def test_damaged_crumbs_set_the_save_aside_in_one_line(data, damage, reason):
    game = a_game()
    walk(game, [-1, 0, 0, -1])
    saves.save_game(game)
    doc = json.loads((data / "save.json").read_text())
    crumbs = doc["crumbs"]
    doc["crumbs"] = {"not a list": {"x": 1}, "in a wall": [[10**6, 0]], "twice": [crumbs[0], crumbs[0]],
                     "not a pair": [[1]]}[damage]
    (data / "save.json").write_text(json.dumps(doc))
    back, message = saves.continue_or_explain()
    assert back is None and reason in message, message
    assert "\n" not in message and len(message) <= 200 and "kept as save.json.bad-" in message
    assert not os.path.lexists(data / "save.json")


def test_a_save_without_crumbs_loads_with_none(data):
    saves.save_game(a_game())
    assert "crumbs" not in json.loads((data / "save.json").read_text())
    back, _ = saves.continue_or_explain()
    assert back is not None and back.crumbs == []
