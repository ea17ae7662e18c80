"""The JSON export builds its text with numpy a batch at a time; it must write exactly the bytes the
old per-cell export wrote (kept below as the reference) for the same maze. Speed and memory
targets live in the bench, not in timed tests."""

import json

import numpy as np
import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.maze import Maze
from visualizer.export import json_io
from visualizer.export.json_io import dumps, loads, to_dict
from visualizer.run.spec import MazeSpec

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
