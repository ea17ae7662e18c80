"""The metrics panel's figures (dead ends, longest path, solution, straight and turning
corridor cells, junctions) against counts made one cell at a time, on the smallest mazes too."""

from __future__ import annotations

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind, expand
from visualizer.core.maze import Maze
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


def test_the_smallest_mazes_figures_are_whole_shares():
    """One cell is the whole longest path (100 %, not 50); a row of three has one corridor cell,
    which goes straight (100 % straight, 0 % turning)."""
    from visualizer.core.metrics import measure

    one = measure(MazeSpec("backtracker", "square", 1, 1, 1).build())
    assert one.longest_path == 100 and one.solution == 1 and one.dead_ends == 0
    row = measure(MazeSpec("backtracker", "square", 3, 1, 1).build())
    assert row.straight == 100 and row.turning == 0 and row.longest_path == 100 and row.solution == 3


def test_a_maze_half_made_has_no_solution_yet():
    """The metrics panel during generation ("so far"): no way from the entrance to the exit yet."""
    from visualizer.core.metrics import measure

    spec = MazeSpec("backtracker", "square", 6, 5, 2)
    maze = Maze(spec.make_grid())
    events = list(expand(spec.events(show=False)))
    maze.fold(events[: len(events) // 2])
    assert measure(maze).solution == 0


def test_one_corridor_cell_that_turns_is_all_the_turning():
    """A maze of three cells in an L: its middle cell is the only corridor cell and it turns."""
    from visualizer.core.metrics import measure

    grid = MazeSpec("backtracker", "square", 2, 2, 1).make_grid()
    maze = Maze(grid)
    for event in ((Kind.CARVE, 0, -1, -1), (Kind.CARVE, 0, 1, 1), (Kind.CARVE, 0, 2, 2)):
        maze.apply(event)
    m = measure(maze)
    assert m.turning == 100 and m.straight == 0 and m.open_cells == 3


def loops_by_hand(maze) -> int:
    """Cycles of the floor with each room one place: a union-find over the places, counting each
    passage between two places already joined."""
    grid = maze.grid
    place = {cell: ("room", room) for room, cells in maze.rooms.items() for cell in cells}
    parent = {}

    def find(p):
        while parent.setdefault(p, p) != p:
            p = parent[p]
        return p

    loops = 0
    for cell in range(grid.size):
        for d, nb in grid.neighbours(cell):
            if cell < nb and maze.is_open(cell, d):
                a, b = find(place.get(cell, cell)), find(place.get(nb, nb))
                if place.get(cell, cell) == place.get(nb, nb):
                    continue  # inside one room
                if a == b:
                    loops += 1
                else:
                    parent[a] = b
    return loops


def dead_ends_by_hand(maze) -> int:
    """Floor cells with exactly one open passage, asked of every neighbour."""
    grid = maze.grid
    return sum(maze.state[c] in (1, 2) and sum(maze.is_open(c, d) for d, _ in grid.neighbours(c)) == 1
               for c in range(grid.size))


def room_span_by_hand(maze) -> int:
    """A breadth-first search from every room cell on its own; for each pair of rooms the nearest
    two cells; the farthest such pair."""
    grid = maze.grid

    def steps_from(start):
        dist, queue = {start: 0}, [start]
        for cell in queue:
            for d, nb in grid.neighbours(cell):
                if maze.is_open(cell, d) and nb not in dist:
                    dist[nb] = dist[cell] + 1
                    queue.append(nb)
        return dist

    rooms = list(maze.rooms.values())
    nearest = {}
    for a, cells in enumerate(rooms):
        for cell in cells:
            dist = steps_from(cell)
            for b, others in enumerate(rooms):
                reached = [dist[o] for o in others if o in dist]
                if b != a and reached:
                    nearest[a, b] = min(nearest.get((a, b), 10**9), min(reached))
    return max(nearest.values(), default=0)


@settings(max_examples=25, deadline=None)
@given(algorithm=st.sampled_from(["bsp", "caves", "drunkard", "rooms_corridors", "dungeon", "wfc"]),
       seed=st.integers(0, 10**6), w=st.integers(2, 30), h=st.integers(2, 20))
def test_dungeon_figures_against_counts_by_hand(algorithm, seed, w, h):
    maze = MazeSpec(algorithm, "square", w, h, seed).build()
    metrics = measure(maze)
    floor = [c for c in range(maze.grid.size) if maze.state[c] in (1, 2)]
    if len(floor) == maze.grid.size:
        assert metrics.dungeon is None
        return
    figures = metrics.dungeon
    assert figures is not None
    assert abs(figures.floor - 100 * len(floor) / maze.grid.size) < 1e-9
    in_rooms = sum(len(cells) for cells in maze.rooms.values())
    assert abs(figures.corridors - 100 * (len(floor) - in_rooms) / len(floor)) < 1e-9
    assert sorted(figures.room_sizes) == sorted(len(cells) for cells in maze.rooms.values())
    assert figures.loops == loops_by_hand(maze)
    assert figures.dead_ends == dead_ends_by_hand(maze)
    assert figures.room_span == room_span_by_hand(maze)
    assert [label for label, _ in metrics.rows()][-5:] == ["Floor", "Rooms", "Corridors", "Loops", "Room to room"]


def test_the_span_between_rooms_is_the_corridor_between_two_rooms_apart():
    """Two one-cell rooms joined by a corridor of three cells: four steps apart; one room: no span."""
    from visualizer.core.metrics import room_span

    grid = MazeSpec("backtracker", "square", 5, 1, 1).make_grid()
    maze = Maze(grid)
    maze.apply((Kind.CARVE, 0, -1, -1))
    for cell in range(4):
        east = next(d for d, nb in grid.neighbours(cell) if nb == cell + 1)
        maze.apply((Kind.CARVE, cell, cell + 1, east))
    maze.rooms = {1: [0], 2: [4]}
    assert room_span(maze) == 4
    maze.rooms = {1: [0]}
    assert room_span(maze) == 0


def test_a_perfect_maze_has_no_dungeon_figures():
    assert measure(MazeSpec("backtracker", "square", 9, 7, 1).build()).dungeon is None


@settings(max_examples=20, deadline=None)
@given(algorithm=st.sampled_from(["bsp", "rooms_corridors", "dungeon"]), seed=st.integers(0, 10**6),
       w=st.integers(2, 40), h=st.integers(2, 30))
def test_scipy_and_python_find_the_same_span_and_the_sweep_never_more(algorithm, seed, w, h):
    from visualizer.core import metrics

    maze = MazeSpec(algorithm, "square", w, h, seed).build()
    rooms = [cells for cells in maze.rooms.values() if cells]
    if len(rooms) < 2:
        return
    exact = metrics.python_room_span(maze, rooms)
    assert metrics.scipy_room_span(maze, rooms) == exact
    assert 0 < metrics.swept_room_span(maze, rooms) <= exact


def test_a_map_of_very_many_rooms_says_its_span_is_a_lower_bound(monkeypatch):
    from visualizer.core import metrics

    maze = MazeSpec("bsp", "square", 40, 30, 2).build()
    exact = measure(maze).dungeon
    assert exact.span_exact and dict(exact.rows())["Room to room"] == f"{exact.room_span:,} steps"
    monkeypatch.setattr(metrics, "EXACT_SPAN_WORK", 0)
    swept = measure(maze).dungeon
    assert not swept.span_exact and swept.room_span <= exact.room_span
    assert dict(swept.rows())["Room to room"] == f"at least {swept.room_span:,} steps"
