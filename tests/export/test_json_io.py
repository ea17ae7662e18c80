"""Text and JSON exports: the pictures users know, and a JSON anyone can rebuild the maze from."""

import json

import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.maze import Maze
from visualizer.export.json_io import FormatError, dumps, loads, to_dict
from visualizer.export.text import HEX_BLANK, HEX_FALL, HEX_FLAT, HEX_RISE, to_text
from visualizer.grids import make_grid
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


@given(w=st.integers(1, 15), h=st.integers(1, 15), seed=st.integers(0, 10**6))
def test_square_text_is_the_tile_map(w, h, seed):
    maze = MazeSpec("backtracker", "square", w, h, seed).build()
    rows = to_text(maze).splitlines()
    assert len(rows) == 2 * h + 1 and all(len(r) == 2 * w + 1 for r in rows)
    grid = maze.grid
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        assert rows[2 * y + 1][2 * x + 1] == " "  # every cell is floor
        assert rows[2 * y][2 * x] == "#"  # every corner post is wall
        if x + 1 < w:
            assert (rows[2 * y + 1][2 * x + 2] == " ") == maze.is_open(cell, 1)
        if y + 1 < h:
            assert (rows[2 * y + 2][2 * x + 1] == " ") == maze.is_open(cell, 2)
    assert rows[0][1] == " " and rows[-1][2 * w - 1] == " "  # entrance and exit gaps
    assert rows[0].count(" ") == 1 and rows[-1].count(" ") == 1


def test_square_text_of_a_known_maze():
    grid = make_grid("square", 3, 2)
    maze = Maze(grid).fold([(0, 0, -1, -1), (0, 0, 1, 1), (0, 1, 2, 1), (0, 2, 5, 2), (0, 5, 4, 3), (0, 4, 3, 3)])
    assert to_text(maze) == "# #####\n#     #\n##### #\n#     #\n##### #\n"


def test_hex_text_uses_the_source_characters_and_layout():
    maze = MazeSpec("backtracker", "hex", 8, 5, 11).build()
    lines = to_text(maze).splitlines()
    assert len(lines) == 2 * 5 + 2
    assert set("".join(lines)) <= {HEX_BLANK, HEX_FLAT, HEX_RISE, HEX_FALL}
    assert lines[0] == (HEX_BLANK + HEX_FLAT + HEX_BLANK * 2) * 3 + HEX_BLANK + HEX_FLAT  # tops of even columns
    assert lines[1][0] == HEX_BLANK  # the entrance: top-left cell's north-west edge is open


def test_hex_text_shows_every_closed_edge_once():
    """In a closed honeycomb (no passages) every edge of every cell is drawn."""
    grid = make_grid("hex", 4, 3)
    maze = Maze(grid)
    maze.entrance = maze.exit = (0, -1)  # no openings
    text = to_text(maze)
    edges = {(min(c, nb), max(c, nb)) for c in range(grid.size) for _, nb in grid.neighbours(c)}
    border = sum(6 - len(grid.neighbours(c)) for c in range(grid.size))
    drawn = sum(text.count(ch) for ch in (HEX_FLAT, HEX_RISE, HEX_FALL))
    assert drawn == len(edges) + border
