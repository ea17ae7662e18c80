"""Bidirectional search: two waves, from the start and from the goal, in two colours on the board;
where they meet they join into a shortest path, and between them they reach no more cells than
breadth-first search from the start alone."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.render.palette import Style
from visualizer.render.styles import cell_styles, visible_legend
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end, shortest_path

BOTH = SOLVERS["bidirectional"]


@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), seed=st.integers(0, 10**6),
       braid=st.integers(0, 100), ends=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)))
def test_the_waves_meet_in_a_shortest_path_between_any_two_cells(kind, seed, braid, ends):
    maze = MazeSpec("kruskal", kind, 9, 7, seed, {"braid": braid}).build()
    start, goal = (end % maze.grid.size for end in ends)
    path = run_to_end(BOTH.run(maze, start, goal))
    assert len(path) == len(shortest_path(maze, start, goal))
    assert path[0] == start and path[-1] == goal
    assert all(b in maze.open_neighbours(a) for a, b in zip(path, path[1:]))


def test_the_two_waves_are_drawn_in_two_colours_with_their_own_legend_words():
    maze = MazeSpec("kruskal", "square", 14, 10, 2, {"braid": 100}).build()
    overlay = Overlay(maze.grid)
    events = list(BOTH.run(maze))
    for event in events[:len(events) // 2]:
        overlay.apply(event)
    styles = cell_styles(maze, overlay, np.arange(maze.grid.size))
    from_start = {e[1] for e in events[:len(events) // 2] if e[0] == Kind.SEARCH}
    from_goal = {e[1] for e in events[:len(events) // 2] if e[0] == Kind.OPEN}
    assert len(from_start) > 5 and len(from_goal) > 5 and not from_start & from_goal  # both waves grow
    assert {int(styles[c]) for c in from_start} == {Style.SEARCH}
    assert {int(styles[c]) for c in from_goal} == {Style.FRONTIER}
    legend = BOTH.narrator.legend
    assert {"search", "frontier"} <= set(visible_legend(maze, overlay))
    assert "start" in legend["search"] and "goal" in legend["frontier"]


def test_two_waves_reach_fewer_cells_than_one_on_an_open_maze():
    maze = MazeSpec("kruskal", "square", 30, 30, 5, {"braid": 100}).build()
    one = sum(1 for e in SOLVERS["bfs"].run(maze) if e[0] == Kind.SEARCH)
    two = sum(1 for e in BOTH.run(maze) if e[0] in (Kind.SEARCH, Kind.OPEN))
    assert two < one
