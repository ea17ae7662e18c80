"""The minotaur: it never walks through a wall or a locked door, notices you only within SMELL
steps along open passages, chases at a little under your pace, and catches you on your cell."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.grids import GRIDS
from visualizer.play.minotaur import CHASE_SHARE, SMELL, WANDER_PACE, Minotaur, way_to
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


def maze_of(grid: str, seed: int, algorithm: str = "backtracker", params=None):
    return MazeSpec(algorithm, grid, 12, 8, seed, params or {}).build()


@pytest.mark.parametrize("grid", sorted(GRIDS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.lists(st.integers(0, 5), min_size=1, max_size=60),
       braid=st.sampled_from([0, 40]))
def test_every_step_it_takes_is_through_an_open_passage(grid, seed, moves, braid):
    maze = maze_of(grid, seed, "dungeon" if braid and grid == "square" else "backtracker",
                   {"braid": braid} if braid and grid == "square" else None)
    minotaur = Minotaur.placed(maze, seed)
    player = maze.entrance[0]
    for choice in moves:  # the player wanders too, so chases and wandering both happen
        ways = maze.open_neighbours(player)
        player = ways[choice % len(ways)]
        before = minotaur.position
        for cell in minotaur.advance(0.7, maze, player, player_pace=6.0):
            assert cell in maze.open_neighbours(before)
            before = cell
        if minotaur.position == player:
            break


def test_it_never_passes_a_locked_door():
    maze = maze_of("square", 3)
    path = shortest_path(maze)
    door = (path[3], path[4])
    minotaur = Minotaur(start=path[-1])

    def locked(a, b):
        return {a, b} == set(door)

    for _ in range(400):
        minotaur.advance(1.0, maze, path[0], 6.0, locked)
        assert minotaur.position not in path[:4]  # the side of the door it started away from


def test_it_smells_you_only_within_smell_steps_and_then_chases_a_little_slower():
    maze = maze_of("square", 5)
    path = shortest_path(maze)
    assert len(path) > SMELL + 3
    near = Minotaur(start=path[SMELL])
    assert near.next_step(maze, path[0]) == path[SMELL - 1] and near.chasing
    assert near.pace(6.0) == pytest.approx(CHASE_SHARE * 6.0) and near.pace(6.0) < 6.0
    far = Minotaur(start=path[SMELL + 2])
    far.next_step(maze, path[0])
    assert not far.chasing and far.pace(6.0) == WANDER_PACE
    assert way_to(maze, path[0], path[SMELL + 2], SMELL) is None


def test_a_chase_ends_on_your_cell():
    maze = maze_of("hex", 2)
    path = shortest_path(maze)
    minotaur = Minotaur(start=path[4])
    walked = minotaur.advance(10.0, maze, path[0], 6.0)
    assert walked == path[:4][::-1] and minotaur.position == path[0]


def test_in_the_game_it_waits_for_your_first_move_and_being_caught_restarts_the_level():
    from visualizer.play.game import Game
    from visualizer.play.minotaur import MINOTAUR_FROM

    game = Game.new_level(MINOTAUR_FROM, MazeSpec("backtracker", "square", 1, 1, 4))
    assert Game.new_level(MINOTAUR_FROM - 1, MazeSpec("backtracker", "square", 1, 1, 4)).minotaur is None
    minotaur = game.minotaur
    assert minotaur is not None and minotaur.position != game.position
    game.advance(30.0)
    assert minotaur.position == minotaur.start  # nothing happens before the first move
    way = shortest_path(game.maze, game.position, minotaur.position)
    assert game.move(game.maze.grid.direction_between(way[0], way[1]))
    game.elapsed = 2.0
    minotaur.position = way[min(4, len(way) - 1)]  # within smell of the player at way[1]
    for _ in range(2000):
        game.advance(0.05)
        if game.notice:
            break
    assert game.notice == "The minotaur caught you: the level starts again"
    assert game.position == game.maze.entrance[0] and game.moves == 0
    assert minotaur.position == minotaur.start


@pytest.mark.parametrize("grid", sorted(GRIDS))
def test_its_lair_is_off_the_way_out(grid):
    from visualizer.play.game import Game

    for seed in range(5):
        game = Game.new_level(10, MazeSpec("backtracker", grid, 1, 1, seed))
        assert game.minotaur.start not in game.route()
