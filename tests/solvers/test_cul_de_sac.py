"""Cul-de-sac filling: it fills exactly the cells no simple way from start to goal passes through
(checked against trying every simple way on small braided mazes), more than dead-end filling does
on a braided maze, and its path is a shortest one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end, shortest_path


def on_some_simple_way(maze, start: int, goal: int) -> set[int]:
    """Every cell of every simple way from start to goal, by trying them all (small mazes only)."""
    found: set[int] = set()
    way = [start]
    seen = {start}

    def walk(cell: int) -> None:
        if cell == goal:
            found.update(way)
            return
        for nb in maze.open_neighbours(cell):
            if nb not in seen:
                seen.add(nb)
                way.append(nb)
                walk(nb)
                way.pop()
                seen.remove(nb)

    walk(start)
    return found


@settings(max_examples=40)
@given(kind=st.sampled_from(["square", "hex", "triangle"]), seed=st.integers(0, 10**6), braid=st.integers(0, 100),
       ends=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)))
def test_it_fills_exactly_the_cells_no_simple_way_from_start_to_goal_uses(kind, seed, braid, ends):
    maze = MazeSpec("backtracker", kind, 5, 4, seed, {"braid": braid}).build()
    start, goal = (end % maze.grid.size for end in ends)
    events = list(SOLVERS["cul_de_sac"].run(maze, start, goal))
    filled = {e[1] for e in events if e[0] == Kind.DEAD_END}
    assert filled == set(range(maze.grid.size)) - on_some_simple_way(maze, start, goal)
    path = run_to_end(SOLVERS["cul_de_sac"].run(maze, start, goal))
    assert len(path) == len(shortest_path(maze, start, goal)) and path[0] == start and path[-1] == goal


def test_on_a_braided_maze_it_fills_the_loops_dead_end_filling_leaves():
    maze = MazeSpec("backtracker", "square", 20, 15, 3, {"braid": 30}).build()

    def filled(name: str) -> set[int]:
        return {e[1] for e in SOLVERS[name].run(maze) if e[0] == Kind.DEAD_END}

    assert filled("dead_end_filling") < filled("cul_de_sac")


def test_each_cul_de_sac_fills_from_its_far_end_in():
    maze = MazeSpec("backtracker", "hex", 12, 9, 6).build()
    order = [e for e in SOLVERS["cul_de_sac"].run(maze) if e[0] == Kind.DEAD_END]
    position = {e[1]: i for i, e in enumerate(order)}
    for _, cell, out, _ in order:
        assert out in maze.open_neighbours(cell)
        assert position.get(out, len(order)) > position[cell]  # its way out is filled later, or kept
