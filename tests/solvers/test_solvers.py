"""Solvers, braiding and metrics: the rules a class relies on when it compares them."""

import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind
from visualizer.core.maze import CellState
from visualizer.core.metrics import measure
from visualizer.grids import GRIDS
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end, shortest_path

PERFECT = [(name, kind) for name, info in ALGORITHMS.items() if info.perfect for kind in info.grid_names]
sizes = st.tuples(st.integers(1, 14), st.integers(1, 14))


@pytest.mark.parametrize("solver", list(SOLVERS))
@given(kind=st.sampled_from(["square", "hex"]), size=sizes, seed=st.integers(0, 10**6),
       algorithm=st.sampled_from(["backtracker", "prim", "wilson", "kruskal", "blobby_division"]))
def test_every_solver_finds_the_unique_path_of_a_perfect_maze(solver, kind, size, seed, algorithm):
    maze = MazeSpec(algorithm, kind, *size, seed).build()
    expected = shortest_path(maze)
    path = run_to_end(SOLVERS[solver].run(maze))
    assert path == expected  # a perfect maze has exactly one path: every solver must find it
    assert path[0] == maze.entrance[0] and path[-1] == maze.exit[0]


@pytest.mark.parametrize("solver", list(SOLVERS))
@given(kind=st.sampled_from(list(GRIDS)), size=sizes, seed=st.integers(0, 10**6),
       algorithm=st.sampled_from(["backtracker", "wilson", "kruskal"]))
def test_every_solver_reaches_the_goal_of_a_perfect_maze_on_every_grid(solver, kind, size, seed, algorithm):
    maze = MazeSpec(algorithm, kind, *at_least(kind, *size), seed).build()
    assert run_to_end(SOLVERS[solver].run(maze)) == shortest_path(maze)


@pytest.mark.parametrize("kind", ["square", "hex"])
@given(seed=st.integers(0, 10**6), braid=st.integers(1, 100))
def test_shortest_solvers_agree_on_braided_mazes_and_dungeons(kind, seed, braid):
    braided = MazeSpec("backtracker", kind, 15, 12, seed, {"braid": braid})
    for spec in (braided, MazeSpec("dungeon", kind, 20, 14, seed)):
        maze = spec.build()
        best = len(shortest_path(maze))
        for name, solver in SOLVERS.items():
            path = run_to_end(solver.run(maze))
            if solver.shortest:
                assert len(path) == best, name
            if path:  # whatever it found is a real walk from entrance to exit
                assert path[0] == maze.entrance[0] and path[-1] == maze.exit[0]
                for a, b in zip(path, path[1:]):
                    assert b in maze.open_neighbours(a)


def test_dead_end_filling_leaves_exactly_the_solution_on_perfect_mazes():
    maze = MazeSpec("backtracker", "hex", 20, 15, 8).build()
    events = list(SOLVERS["dead_end_filling"].run(maze))
    filled = {e[1] for e in events if e[0] == Kind.DEAD_END}
    survivors = set(range(maze.grid.size)) - filled
    assert survivors == set(shortest_path(maze))


def test_wall_follower_fails_visibly_on_an_island():
    """Start beside a loop with the hand on the island: the follower circles and reports no path."""
    from visualizer.core.maze import Maze
    from visualizer.grids import make_grid

    grid = make_grid("square", 3, 3)
    ring = [0, 1, 2, 5, 8, 7, 6, 3]  # around the centre cell, which stays closed off
    events = [(0, 0, -1, -1)] + [(0, a, b, grid.direction_between(a, b)) for a, b in zip(ring, ring[1:] + ring[:1])]
    maze = Maze(grid).fold(events)
    maze.exit = (4, 2)  # the goal is the walled-in centre
    for hand in ("wall_left", "wall_right"):
        assert run_to_end(SOLVERS[hand].run(maze)) == []


@pytest.mark.parametrize("name,kind", PERFECT)
def test_braided_mazes_stay_connected_and_lose_dead_ends(name, kind):
    plain = MazeSpec(name, kind, 16, 12, 3).build()
    braided = MazeSpec(name, kind, 16, 12, 3, {"braid": 100}).build()
    assert braided.reachable_from(0).all()
    assert braided.passage_count() > plain.passage_count()
    assert measure(braided).dead_ends < measure(plain).dead_ends / 2


def test_metrics_expose_binary_tree_bias():
    metrics = measure(MazeSpec("binary_tree", "square", 30, 30, 2, {"bias": "NE"}).build())
    directions = metrics.dead_end_directions
    assert directions["S"] == directions["W"] == 0 and directions["N"] > 0 and directions["E"] > 0
    assert metrics.solution == 30 + 30 - 1  # diagonal bias: the path is a staircase


def test_metrics_of_a_corridor():
    maze = MazeSpec("backtracker", "square", 10, 1, 1).build()
    m = measure(maze)
    assert m.longest_path == 100.0 and m.solution == 10 and m.junctions == 0
    assert m.straight == 100.0 and m.dead_ends == 20.0


def test_backtracker_has_fewer_dead_ends_than_prim():
    def dead(name):
        return sum(measure(MazeSpec(name, "square", 25, 25, s).build()).dead_ends for s in range(5)) / 5

    assert dead("backtracker") < 15 < 28 < dead("prim")


def test_recursive_division_folds_to_a_perfect_maze():
    spec = MazeSpec("recursive_division", "square", 20, 13, 4)
    events = list(spec.events(show=False))
    assert events[0][0] == Kind.OPEN_FIELD
    assert {e[0] for e in events[1:]} == {Kind.WALL}  # walls only (the doorway marks are shown only)
    maze = spec.build()
    assert maze.passage_count() == maze.grid.size - 1 and maze.reachable_from(0).all()
    assert (maze.state == CellState.PASSAGE).all()


def test_growing_tree_selection_is_checked():
    with pytest.raises(ValueError, match="selection method"):
        MazeSpec("growing_tree", "square", 5, 5, 1, {"selection": "newest:50,sideways:50"}).check()
    MazeSpec("growing_tree", "square", 5, 5, 1, {"selection": "oldest"}).check()
