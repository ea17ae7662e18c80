"""The random mouse: the same maze gives the same walk, the walk only goes through open passages,
it turns back only out of dead ends, and it always ends (at the goal, or giving up in budget)."""

from __future__ import annotations

from helpers import island_maze
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end
from visualizer.solvers.random_mouse import step_budget

MOUSE = SOLVERS["random_mouse"]


@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), seed=st.integers(0, 10**6),
       braid=st.integers(0, 100))
def test_its_walk_is_seeded_open_and_turns_back_only_in_dead_ends(kind, seed, braid):
    maze = MazeSpec("prim", kind, 8, 6, seed, {"braid": braid}).build()
    events = list(MOUSE.run(maze))
    assert events == list(MOUSE.run(maze))  # seeded: the same walk again
    steps = [(e[2], e[1]) for e in events if e[0] == Kind.SEARCH and e[2] >= 0]
    for (a, b), (c, d) in zip(steps, steps[1:]):
        assert b in maze.open_neighbours(a) and b == c
        if d == a:  # straight back the way it came
            assert maze.open_neighbours(b) == [a], "it turned back from a cell that was no dead end"
    path = run_to_end(MOUSE.run(maze))
    assert path[0] == maze.entrance[0] and path[-1] == maze.exit[0]


def test_an_unreachable_goal_ends_the_walk_after_its_budget():
    maze, _ = island_maze("square", 5, 5)
    inside = maze.grid.size // 2
    events = list(MOUSE.run(maze, goal=inside))
    assert len(events) == step_budget(maze) + 1 and run_to_end(MOUSE.run(maze, goal=inside)) == []
