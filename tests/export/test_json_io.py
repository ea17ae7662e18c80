"""JSON exports: a JSON anyone can rebuild the maze from, refused in one line when damaged, and
written (a batch at a time, with numpy) byte for byte as the plain per-cell export below writes it."""

import json

import numpy as np
import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.maze import Maze
from visualizer.export import json_io
from visualizer.export.json_io import FormatError, dumps, loads, to_dict
from visualizer.run.spec import MazeSpec


@pytest.mark.parametrize("algorithm", ["backtracker", "prim", "dungeon"])
@given(kind=st.sampled_from(["square", "hex"]), w=st.integers(1, 12), h=st.integers(1, 12),
       seed=st.integers(0, 10**6))
def test_json_round_trips_to_the_same_passage_graph(algorithm, kind, w, h, seed):
    spec = MazeSpec(algorithm, kind, *at_least(kind, w, h), seed)
    maze = spec.build()
    again, spec_again = loads(dumps(maze, spec))
    assert set(again.passage_list()) == set(maze.passage_list())
    assert (again.open_cells() == maze.open_cells()).all()
    assert (again.entrance, again.exit) == (maze.entrance, maze.exit)
    assert spec_again.seed == seed and spec_again.algorithm == algorithm
    assert again.rooms == maze.rooms


def test_json_can_be_rebuilt_from_the_documented_fields_alone():
    """A reader that knows only the schema (no code of ours) gets a spanning tree back."""
    data = json.loads(dumps(MazeSpec("prim", "hex", 7, 5, 3).build()))
    cells = {(x, y) for x in range(data["width"]) for y in range(data["height"])}
    links = {tuple(map(tuple, pair)) for pair in data["passages"]}
    assert len(links) == len(cells) - 1
    graph = {c: set() for c in cells}
    for a, b in links:
        graph[a].add(b)
        graph[b].add(a)
    seen, todo = set(), [tuple(data["entrance"]["cell"])]
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo.extend(graph[c])
    assert seen == cells


def test_dungeon_json_lists_room_rectangles():
    data = to_dict(MazeSpec("dungeon", "square", 30, 20, 5).build(), MazeSpec("dungeon", "square", 30, 20, 5))
    assert data["rooms"]
    for room in data["rooms"]:
        assert room["shape"] == "rectangle"
        assert len(room["cells"]) == room["width"] * room["height"]
    assert data["params"]["winding"] == 40  # defaults are written out, so the file is self-contained


@pytest.mark.parametrize("text,message", [
    ("{", "not valid JSON"),
    ("[]", "not a JSON object"),
    ('{"format": "other"}', "not a maze-visualizer file"),
    ('{"format": "maze-visualizer", "version": 99}', "unknown version"),
])
def test_bad_json_gives_a_reason(text, message):
    with pytest.raises(FormatError, match=message):
        loads(text)


def test_json_with_a_passage_between_strangers_is_refused():
    data = to_dict(MazeSpec("backtracker", "square", 4, 4, 1).build())
    data["passages"].append([[0, 0], [3, 3]])
    with pytest.raises(FormatError, match="not neighbours"):
        loads(json.dumps(data))


PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]


def reference_to_dict(maze: Maze, spec: MazeSpec | None = None) -> dict:
    """The export as it was before the numpy rewrite: one Python list per passage."""
    grid = maze.grid
    names = grid.direction_names

    def xy(cell: int) -> list[int]:
        return list(grid.coords(cell))

    data = {
        "format": "maze-visualizer",
        "version": 1,
        "grid": grid.kind,
        "width": grid.width,
        "height": grid.height,
        "algorithm": spec.algorithm if spec else None,
        "params": spec.info.resolve(spec.params) if spec else {},
        "seed": spec.seed if spec else None,
        "directions": list(names),
        "entrance": {"cell": xy(maze.entrance[0]), "direction": names[maze.entrance[1]]},
        "exit": {"cell": xy(maze.exit[0]), "direction": names[maze.exit[1]]},
        "passages": [[xy(a), xy(b)] for a, b in maze.passage_list()],
        "solid": [xy(int(c)) for c in np.flatnonzero(~maze.open_mask())],
    }
    if maze.rooms:
        data["rooms"] = [{"id": room_id, **grid.describe_room(cells), "cells": [list(grid.coords(c)) for c in cells]}
                         for room_id, cells in sorted(maze.rooms.items())]
    return data


def reference_dumps(maze: Maze, spec: MazeSpec | None = None) -> str:
    return json.dumps(reference_to_dict(maze, spec), separators=(",", ":")) + "\n"


def check_same(maze: Maze, spec: MazeSpec | None) -> None:
    text = dumps(maze, spec)
    assert text == reference_dumps(maze, spec)
    assert to_dict(maze, spec) == reference_to_dict(maze, spec)
    again, _ = loads(text)
    assert set(again.passage_list()) == set(maze.passage_list())


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(0, 10**6), w=st.integers(1, 30), h=st.integers(1, 25),
       braid=st.sampled_from([0, 0, 40]), with_spec=st.booleans())
def test_json_is_byte_identical_to_the_reference(pair, seed, w, h, braid, with_spec):
    name, kind = pair
    spec = MazeSpec(name, kind, *at_least(kind, w, h), seed, {"braid": braid} if braid else {})
    check_same(spec.build(), spec if with_spec else None)


@pytest.mark.parametrize("kind", ["square", "hex"])
@pytest.mark.parametrize("params", [{}, {"dead_ends": 30, "loops": 20}, {"room_min": 1, "room_max": 8}])
def test_dungeon_json_is_byte_identical(kind, params):
    for seed in range(3):
        spec = MazeSpec("dungeon", kind, 45, 33, seed, params)
        check_same(spec.build(), spec)


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(["square", "hex"]), seed=st.integers(0, 10**6), w=st.integers(1, 40),
       h=st.integers(1, 40), chunk=st.integers(1, 200),
       name=st.sampled_from(["backtracker", "dungeon", "kruskal", "recursive_division"]))
def test_big_grid_bands_give_the_same_text(kind, seed, w, h, chunk, name):
    """Grids too big for one neighbour table are read a band of rows at a time: forced here on
    small grids, with bands from one row to several, the text is still the reference's."""
    if not ALGORITHMS[name].supports(kind):
        kind = "square"
    spec = MazeSpec(name, kind, *at_least(kind, w, h), seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_io, "WHOLE_TABLE", 0)
        patch.setattr(json_io, "CHUNK", chunk)
        check_same(spec.build(), spec)


def test_empty_and_untouched_mazes():
    """No passages at all (a fresh model), every cell solid: the lists are empty or all cells."""
    for kind in ("square", "hex"):
        grid = MazeSpec("backtracker", kind, 5, 4, 1).make_grid()
        check_same(Maze(grid), None)


@pytest.mark.parametrize("kind", ["square", "hex", "polar"])
def test_json_carries_the_weighted_cells_and_reads_them_back(kind):
    spec = MazeSpec("kruskal", kind, 7, 5, 3, {"braid": 50, "weights": 9})
    maze = spec.build()
    text = dumps(maze, spec)
    assert json.loads(text) == to_dict(maze, spec) and len(json.loads(text)["weights"]) == maze.grid.size
    back, back_spec = loads(text)
    assert np.array_equal(back.weights, maze.weights) and back_spec.params["weights"] == 9
    assert "weights" not in to_dict(MazeSpec("kruskal", kind, 7, 5, 3).build())


@pytest.mark.parametrize("weights,message", [([1, 2], "one cost per cell"), ("heavy", "one cost per cell"),
                                             ([0] * 12, "weight 0 must be between 1 and 9")])
def test_json_with_bad_weights_is_refused_in_one_line(weights, message):
    data = to_dict(MazeSpec("backtracker", "square", 4, 3, 1).build())
    data["weights"] = weights
    with pytest.raises(FormatError, match=message):
        loads(json.dumps(data))
