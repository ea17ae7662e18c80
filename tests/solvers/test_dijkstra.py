"""Dijkstra's algorithm on weighted cells: its path costs exactly what a plain reference finds (every
simple way tried on tiny mazes; repeated relaxation, Bellman-Ford's way, on larger ones), on any
terrain; it bends round dear ground where BFS goes straight; without weights it is BFS's length."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.weights import path_cost
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end, shortest_path

DIJKSTRA = SOLVERS["dijkstra"]


def relaxed_costs(maze, start: int) -> dict[int, int]:
    """Cheapest cost to every reachable cell, by relaxing every passage until nothing changes."""
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for a, b in maze.passage_list():
            for x, y in ((a, b), (b, a)):
                if x in best and best[x] + int(maze.weights[y]) < best.get(y, 1 << 60):
                    best[y] = best[x] + int(maze.weights[y])
                    changed = True
    return best


def cheapest_by_trying_every_way(maze, start: int, goal: int) -> int:
    best = [1 << 60]
    seen = {start}

    def walk(cell: int, cost: int) -> None:
        if cost >= best[0]:
            return
        if cell == goal:
            best[0] = cost
            return
        for nb in maze.open_neighbours(cell):
            if nb not in seen:
                seen.add(nb)
                walk(nb, cost + int(maze.weights[nb]))
                seen.remove(nb)

    walk(start, 0)
    return best[0]


def with_random_weights(maze, seed: int):
    maze.weights = np.random.default_rng(seed).integers(1, 10, maze.grid.size).astype(np.uint8)
    return maze


def is_walk(maze, path, start, goal) -> bool:
    return path[0] == start and path[-1] == goal and all(b in maze.open_neighbours(a) for a, b in zip(path, path[1:]))


@settings(max_examples=40)
@given(kind=st.sampled_from(["square", "hex", "triangle"]), seed=st.integers(0, 10**6), braid=st.integers(0, 100),
       ends=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)))
def test_its_cost_is_the_cheapest_of_every_simple_way_on_tiny_mazes(kind, seed, braid, ends):
    maze = with_random_weights(MazeSpec("backtracker", kind, 4, 4, seed, {"braid": braid}).build(), seed)
    start, goal = (end % maze.grid.size for end in ends)
    path = run_to_end(DIJKSTRA.run(maze, start, goal))
    assert is_walk(maze, path, start, goal)
    assert path_cost(maze.weights, path) == cheapest_by_trying_every_way(maze, start, goal)


@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), seed=st.integers(0, 10**6),
       braid=st.integers(0, 100), top=st.integers(1, 9))
def test_its_cost_equals_repeated_relaxation_on_terrain_and_random_weights(kind, seed, braid, top):
    maze = MazeSpec("kruskal", kind, 10, 8, seed, {"braid": braid, "weights": top}).build()
    assert maze.weights is not None and set(np.unique(maze.weights)) <= set(range(1, top + 1))
    for weights in (maze.weights, with_random_weights(maze, seed).weights):
        maze.weights = weights
        path = run_to_end(DIJKSTRA.run(maze))
        assert is_walk(maze, path, maze.entrance[0], maze.exit[0])
        assert path_cost(weights, path) == relaxed_costs(maze, maze.entrance[0])[maze.exit[0]]


def test_on_terrain_it_pays_less_than_the_shortest_path_and_walks_further():
    maze = MazeSpec("kruskal", "square", 30, 20, 3, {"braid": 100, "weights": 9}).build()
    cheap, short = run_to_end(DIJKSTRA.run(maze)), shortest_path(maze)
    assert path_cost(maze.weights, cheap) < path_cost(maze.weights, short)
    assert len(cheap) > len(short)


def test_without_weights_it_is_breadth_first_search():
    maze = MazeSpec("kruskal", "hex", 12, 9, 4, {"braid": 60}).build()
    assert maze.weights is None
    assert len(run_to_end(DIJKSTRA.run(maze))) == len(shortest_path(maze))


@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), seed=st.integers(0, 10**6),
       braid=st.integers(0, 100), top=st.integers(2, 9))
def test_astar_on_weighted_cells_pays_what_dijkstra_pays(kind, seed, braid, top):
    maze = MazeSpec("kruskal", kind, 10, 8, seed, {"braid": braid, "weights": top}).build()
    cheapest = path_cost(maze.weights, run_to_end(DIJKSTRA.run(maze)))
    found = run_to_end(SOLVERS["astar"].run(maze))
    assert is_walk(maze, found, maze.entrance[0], maze.exit[0]) and path_cost(maze.weights, found) == cheapest
