"""Tests written against bugs a review planted and the suite missed: the metrics' turning share,
fog revealed as you walk, the paused "Last" line in words."""

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.app.shell import Shell
from visualizer.core.events import Kind
from visualizer.core.metrics import measure
from visualizer.run.spec import MazeSpec


def turning_by_hand(maze) -> float:
    """Percent of corridor cells (two passages) whose two passages are not opposite."""
    grid = maze.grid
    corridors = turns = 0
    for cell in range(grid.size):
        open_dirs = [d for d in range(grid.directions) if maze.is_open(cell, d) and grid.neighbour(cell, d) >= 0]
        bits = int(maze.passages[cell]).bit_count()
        if bits == 2 and len(open_dirs) == 2:
            corridors += 1
            turns += open_dirs[1] != grid.opposite(open_dirs[0])
    return 100 * turns / max(1, corridors)


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(["square", "hex"]), algorithm=st.sampled_from(["backtracker", "prim", "kruskal"]),
       seed=st.integers(0, 10**6), w=st.integers(2, 12), h=st.integers(2, 9))
def test_the_turning_share_counts_corridor_cells_that_turn(kind, algorithm, seed, w, h):
    maze = MazeSpec(algorithm, kind, *at_least(kind, w, h), seed).build()
    metrics = measure(maze)
    assert abs(metrics.turning - turning_by_hand(maze)) < 1e-6
    assert abs(metrics.turning + metrics.straight - 100) < 1e-6 or metrics.turning == metrics.straight == 0


def test_a_winding_backtracker_turns_more_than_a_straight_one():
    winding = measure(MazeSpec("backtracker", "square", 30, 30, 4, {"winding": 100}).build())
    straight = measure(MazeSpec("backtracker", "square", 30, 30, 4, {"winding": 0}).build())
    assert winding.turning > straight.turning + 10


def test_paused_without_explanations_the_last_event_is_said_in_words(screen):
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.toggle_explain()  # explanations off: the figures panel, with its "Last" line
    for _ in range(5):
        scene.step_event(+1)
    kind, cell, other, _ = scene.run.overlay.last
    lines = dict(scene.panel_lines())
    grid = scene.run.grid
    assert lines["Last"] == f"carve {grid.cell_name(cell)} -> {grid.cell_name(other)}"


@pytest.mark.parametrize("algorithm,grid", [("wilson", "hex"), ("aldous_broder", "square"), ("dungeon", "square"),
                                            ("recursive_division", "square"), ("prim", "polar")])
def test_the_last_line_names_every_kind_of_event_in_words(screen, algorithm, grid):
    """Not only carves: a walker's step (one cell), a phase, a room, a wall, a frontier cell. Each
    Last line is the kind in words and the cells by their names, whatever the kind."""
    shell = Shell(MazeSpec(algorithm, grid, 9, 7, 4), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.toggle_explain()
    grid_ = scene.run.grid
    seen_kinds = set()
    for _ in range(150):
        scene.step_event(+1)
        last = scene.run.overlay.last
        if last is None:
            continue
        kind, cell, other, value = last
        words = Kind(kind).name.lower().replace("_", " ")
        if kind == Kind.PHASE:
            expected = f"phase: {value}"
        elif cell >= 0 and other >= 0:
            expected = f"{words} {grid_.cell_name(cell)} -> {grid_.cell_name(other)}"
        elif cell >= 0:
            expected = f"{words} {grid_.cell_name(cell)}"
        else:
            expected = None
        if expected is not None:
            assert dict(scene.panel_lines())["Last"] == expected
            seen_kinds.add((kind, cell >= 0 and other >= 0))
    assert any(not both for _, both in seen_kinds)  # events naming one cell were checked too


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_the_passage_list_is_every_open_passage_once(kind):
    """Checked against the bits themselves: each open passage once, lower cell first, and as many as
    passage_count (a whole number) says."""
    from visualizer.run.spec import MazeSpec

    maze = MazeSpec("kruskal", kind, 9, 6, 4, {"braid": 40}).build()
    grid = maze.grid
    expected = {(min(c, nb), max(c, nb)) for c in range(grid.size) for d, nb in grid.neighbours(c)
                if maze.passages[c] >> d & 1}
    listed = list(maze.passage_list())
    assert len(listed) == len(set(listed)) and set(listed) == expected
    assert all(a < b for a, b in listed)
    count = maze.passage_count()
    assert type(count) is int and count == len(expected)


def test_same_as_tells_mazes_apart_by_each_of_their_parts():
    from visualizer.core.maze import CellState
    from visualizer.run.spec import MazeSpec

    maze = MazeSpec("dungeon", "square", 20, 14, 4).build()
    assert maze.same_as(maze.copy())
    for change in (lambda m: m.passages.__setitem__(0, m.passages[0] ^ 1),
                   lambda m: m.state.__setitem__(0, CellState.PRUNED if m.state[0] != CellState.PRUNED else 1),
                   lambda m: m.region.__setitem__(0, m.region[0] + 1),
                   lambda m: m.rooms.__setitem__(999, [0])):
        other = maze.copy()
        change(other)
        assert not maze.same_as(other) and not other.same_as(maze)


def test_the_metrics_panel_rows_say_each_figure_with_its_unit():
    """The window's metrics panel (M) reads these rows: each figure once, rounded as shown."""
    from visualizer.core.metrics import Metrics

    m = Metrics(open_cells=100, dead_ends=12.345, longest_path=40.06, solution=1234, straight=55.55, turning=44.45,
                junctions=7, dead_end_directions={"N": 3})
    assert m.rows() == [("Dead ends", "12.3 %"), ("Longest path", "40.1 % of cells"), ("Solution", "1,234 cells"),
                        ("Straight", "55.5 % of corridor cells"), ("Turning", "44.5 %"), ("Junctions", "7")]
    assert m.numbers() == {"dead ends %": 12.345, "longest path %": 40.06, "solution cells": 1234,
                           "straight %": 55.55, "turning %": 44.45, "junctions": 7}


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_measured_figures_against_counts_by_hand(kind):
    """Dead ends, junctions, the solution's cells and the dead-end directions counted one cell at
    a time, against measure's numpy."""
    from visualizer.solvers import shortest_path

    maze = MazeSpec("prim", kind, *at_least(kind, 9, 7), 5, {"braid": 30}).build()
    m = measure(maze)
    grid = maze.grid
    degrees = [bin(int(maze.passages[c])).count("1") for c in range(grid.size)]
    is_open = maze.open_mask()
    opened = int(is_open.sum())
    dead = [c for c in range(grid.size) if is_open[c] and degrees[c] == 1]
    assert m.open_cells == opened
    assert abs(m.dead_ends - 100 * len(dead) / opened) < 1e-9
    assert m.junctions == sum(1 for c in range(grid.size) if is_open[c] and degrees[c] >= 3)
    assert m.solution == len(shortest_path(maze)) > 0
    expected = {name: 0 for name in grid.direction_names}
    for c in dead:
        expected[grid.direction_names[int(maze.passages[c]).bit_length() - 1]] += 1
    assert m.dead_end_directions == expected
    assert 0 < m.longest_path <= 100
