"""Saves: each damage refused with its exact one-line reason, the damaged file kept aside under a
dated name (or left alone when it cannot be moved), and every good save, packed or written cell by
cell, loading back exactly.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import zlib

import numpy as np
import pytest
from helpers import STAMP, refuse_moves

from visualizer.core.maze import CellState
from visualizer.files.safe_read import MAX_DEPTH, short
from visualizer.grids import Mask
from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.play.records import recipe_key
from visualizer.run.spec import MazeSpec


@pytest.fixture
def unmovable_cleared():
    yield
    saves._unmovable.clear()


def doc_of(game: Game) -> dict:
    """The save of ``game`` as the file holds it (through JSON text and back)."""
    return json.loads(json.dumps(saves.game_to_dict(game)))


def small_doc(algorithm="backtracker", grid="square", width=8, height=5, seed=3, **game) -> dict:
    spec = MazeSpec(algorithm, grid, width, height, seed)
    return doc_of(Game(spec=spec, maze=spec.build(), level=3, **game))


def reason(doc, folder) -> str:
    """The one line ``load_game`` refuses the save with (what the player is shown in brackets)."""
    path = folder / "save.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError) as caught:
        saves.load_game(path)
    return str(caught.value)


def unpacked(text: str, dtype) -> np.ndarray:
    return np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype=dtype).copy()


def packed_bytes(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


# --- large mazes, saved packed ----------------------------------------------------------------


@pytest.fixture(scope="module")
def packed_square():
    """A 99 x 99 backtracker (9,801 cells: not a multiple of 8, so the seen bits have spare ones)."""
    spec = MazeSpec("backtracker", "square", 99, 99, 5)
    game = Game(spec=spec, maze=spec.build(), level=10, fog=True)
    doc = doc_of(game)
    assert doc["maze"]["packed"] is True and isinstance(doc["seen"], dict)
    return game, doc


@pytest.fixture(scope="module")
def packed_dungeon():
    """An 80 x 70 dungeon (5,600 cells) whose rooms are all in region 0 once its regions are joined."""
    spec = MazeSpec("dungeon", "square", 80, 70, 26)
    game = Game(spec=spec, maze=spec.build(), level=10, fog=True)
    assert game.maze.rooms and set(game.maze.region[game.maze.state == CellState.ROOM].tolist()) == {0}
    doc = doc_of(game)
    assert doc["maze"]["packed"] is True
    return game, doc


def changed(doc, **maze):
    out = copy.deepcopy(doc)
    out["maze"].update(maze)
    return out


def test_a_packed_dungeon_loads_back_exactly(data, packed_dungeon):
    """Rooms in region 0, and each room's cells in the order the maze had them."""
    game, doc = packed_dungeon
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    again = saves.load_game(path)
    assert again.maze.same_as(game.maze)
    assert again.maze.rooms == game.maze.rooms
    assert np.array_equal(again.maze.region, game.maze.region)
    assert again.seen == game.seen and again.trail == game.trail


def test_each_damage_to_a_packed_maze_has_its_own_reason(data, packed_square):
    game, doc = packed_square
    cells = game.maze.grid.size
    passages = unpacked(doc["maze"]["passages"], np.uint8)
    state = unpacked(doc["maze"]["state"], np.uint8)
    regions = unpacked(doc["maze"]["regions"], np.int32)

    def with_passages(cell, bits):
        p = passages.copy()
        p[cell] ^= bits
        return changed(doc, passages=saves.pack(p))

    def with_regions(index, value):
        r = regions.copy()
        r[index] = value
        return changed(doc, regions=saves.pack(r))

    unknown = state.copy()
    unknown[9] = 9
    walled = state.copy()
    walled[0] = CellState.UNVISITED  # the entrance cell, which has a passage
    cases = [
        (changed(doc, version=2), "the saved maze has unknown version 2"),
        (changed(doc, regions="not base64!"), "the saved regions are damaged"),
        (changed(doc, rooms="not base64!"), "the saved rooms are damaged"),
        (changed(doc, state="not base64!"), "the saved cell states are damaged"),
        (with_passages(0, 1), "a saved passage leads off the grid"),  # north of the top row
        (with_passages(0, 2), "a saved passage is open on one side only"),  # east, without the neighbour's west
        (changed(doc, state=saves.pack(unknown)), "a saved cell has an unknown state"),
        (changed(doc, state=saves.pack(walled)), "a cell that is not open has a passage"),
        (changed(doc, rooms=saves.pack(np.zeros(cells, dtype=np.int32))), "the saved rooms are not the room cells"),
        (with_regions(5, -2), "a saved region has a bad number"),
        (with_regions(5, cells), "a saved region has a bad number"),
    ]
    for bad, expected in cases:
        assert reason(bad, data) == expected


def test_a_packed_maze_with_every_region_number_allowed_loads(data, packed_square):
    """Region numbers run from -1 (none) to one below the cell count: both ends are read."""
    game, doc = packed_square
    regions = unpacked(doc["maze"]["regions"], np.int32)
    regions[3], regions[4] = -1, game.maze.grid.size - 1
    path = data / "save.json"
    path.write_text(json.dumps(changed(doc, regions=saves.pack(regions))))
    assert saves.load_game(path).maze.region[4] == game.maze.grid.size - 1


def test_damage_to_a_packed_dungeon_names_the_rooms(data, packed_dungeon):
    game, doc = packed_dungeon
    cells = game.maze.grid.size
    rooms = unpacked(doc["maze"]["rooms"], np.int32)
    regions = unpacked(doc["maze"]["regions"], np.int32)
    a_room_cell = int(np.flatnonzero(rooms >= 0)[0])
    bad_number = rooms.copy()
    bad_number[a_room_cell] = cells
    no_region = regions.copy()
    no_region[a_room_cell] = -1
    assert reason(changed(doc, rooms=saves.pack(bad_number)), data) == "a saved room has a bad number"
    assert reason(changed(doc, regions=saves.pack(no_region)), data) == "a room of the saved maze is in no region"


def test_packed_text_damaged_in_transit_is_refused(data, packed_square):
    """A stray character, a cut-off end (the checksum lost) or bytes after the end: all refused."""
    _, doc = packed_square
    text = doc["maze"]["passages"]
    raw = base64.b64decode(text)
    assert reason(changed(doc, passages=text[:40] + "*" + text[40:]), data) == "the saved passages are damaged"
    assert reason(changed(doc, passages=packed_bytes(raw[:-4])), data) == "the saved passages are damaged"
    assert reason(changed(doc, passages=packed_bytes(raw + b"junk")), data) == "the saved passages are damaged"


def test_damaged_packed_seen_cells_are_refused_with_their_reason(data, packed_square, packed_dungeon):
    game, doc = packed_square
    cells = game.maze.grid.size
    bits = np.zeros(cells + 7, dtype=bool)
    bits[cells] = True  # a spare bit past the last cell
    past_end = copy.deepcopy(doc)
    past_end["seen"] = {"bits": saves.pack(np.packbits(bits))}
    bad_text = copy.deepcopy(doc)
    bad_text["seen"] = {"bits": "not base64!"}
    assert reason(bad_text, data) == "the saved seen cells are damaged"
    assert reason(past_end, data) == "a seen cell is outside the grid"

    dungeon, ddoc = packed_dungeon
    size = dungeon.maze.grid.size
    wall = int(np.flatnonzero(~dungeon.maze.open_mask())[0])
    seen = np.zeros(size, dtype=bool)
    seen[wall] = True
    on_wall = copy.deepcopy(ddoc)
    on_wall["seen"] = {"bits": saves.pack(np.packbits(seen))}
    assert reason(on_wall, data) == "a seen cell stands on a wall"


# --- the trail ------------------------------------------------------------------------------


def test_a_damaged_packed_trail_is_refused_as_the_trail(data):
    doc = small_doc()
    for cells in ("not base64!", 5, packed_bytes(zlib.compress(b"abc"))):
        bad = copy.deepcopy(doc)
        bad["trail"] = {"cells": cells}
        assert reason(bad, data) == "the saved trail steps are damaged"


def test_a_packed_trail_longer_than_the_grid_allows_is_refused(data):
    """Two cells allow a trail of 200 entries; one of 201 (moves and ending all consistent) is refused."""
    spec = MazeSpec("backtracker", "square", 2, 1, 1)
    game = Game(spec=spec, maze=spec.build(), level=1)
    doc = doc_of(game)
    for length, ok in ((200, True), (201, False)):
        trail = [k % 2 for k in range(length)]
        doc["trail"] = {"cells": saves.pack(np.asarray(trail, dtype=np.int32))}
        doc["player"], doc["moves"] = [trail[-1], 0], length - 1
        if ok:
            path = data / "save.json"
            path.write_text(json.dumps(doc))
            assert saves.load_game(path).trail == trail
        else:
            assert reason(doc, data) == "the saved trail steps are damaged"


def test_a_save_with_no_trail_and_no_seen_cells_loads_at_the_entrance(data):
    """An empty trail is the player at the entrance; no seen cells is only what the player sees there.
    (A polar maze: its entrance is not cell 0.)"""
    spec = MazeSpec("backtracker", "polar", 6, 6, 1)
    maze = spec.build()
    assert maze.entrance[0] != 0
    doc = doc_of(Game(spec=spec, maze=maze, level=3, fog=True))
    doc["trail"], doc["seen"] = [], []
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    again = saves.load_game(path)
    fresh = Game(spec=spec, maze=maze, level=3, fog=True)
    assert again.trail == [maze.entrance[0]] and again.position == maze.entrance[0]
    assert again.seen == fresh.seen and 0 not in again.seen


# --- seen cells (the list form) ---------------------------------------------------------------


def test_every_cell_seen_still_loads(data):
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    game = Game(spec=spec, maze=spec.build(), level=3, fog=True, seen=set(range(40)))
    path = saves.save_game(game, data / "save.json")
    assert saves.load_game(path).seen == set(range(40))


def test_seen_cells_refused_with_their_reason(data):
    doc = small_doc()
    dungeon = small_doc("dungeon", "square", 10, 10, 3)
    wall = dungeon["maze"]["solid"][0]
    cases = [
        (doc, 5, "the seen cells are damaged"),
        (doc, [[0, 0]] * 41, "more cells are marked seen than the maze has"),
        (doc, [[0]], "a seen cell is not an [x, y] pair"),
        (doc, [5], "a seen cell is not an [x, y] pair"),
        (doc, [[0, 1.0]], "a seen cell must be whole numbers"),
        (doc, [[0, 2**70]], "a seen cell is outside the grid"),
        (doc, [[0, -1]], "a seen cell is outside the grid"),
        (doc, [[0, 0], [0, 0]], "a seen cell is listed twice"),
        (dungeon, [wall], "a seen cell stands on a wall"),
    ]
    for base, seen, expected in cases:
        bad = copy.deepcopy(base)
        bad["seen"] = seen
        assert reason(bad, data) == expected


# --- the maze written cell by cell ------------------------------------------------------------


def every_passage(grid) -> list:
    return [[list(grid.coords(c)), list(grid.coords(nb))] for c in range(grid.size)
            for _, nb in grid.neighbours(c) if nb > c]


def test_a_dungeon_with_every_wall_open_loads(data):
    """The most passages a grid can hold (a dungeon may have loops): read, not refused as too many."""
    spec = MazeSpec("dungeon", "square", 10, 10, 3)
    grid = spec.make_grid()
    doc = small_doc("dungeon", "square", 10, 10, 3)
    doc["maze"].update(passages=every_passage(grid), solid=[], rooms=[], pruned=[])
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    assert saves.load_game(path).maze.passage_count() == 180


def test_a_dungeon_that_is_one_room_loads(data):
    """Rooms holding exactly every cell of the grid are read."""
    spec = MazeSpec("dungeon", "square", 10, 10, 3)
    grid = spec.make_grid()
    doc = small_doc("dungeon", "square", 10, 10, 3)
    room = {"id": 0, "shape": "rectangle", "x": 0, "y": 0, "width": 10, "height": 10,
            "cells": [list(grid.coords(c)) for c in range(grid.size)]}
    doc["maze"].update(passages=every_passage(grid), solid=[], rooms=[room], pruned=[])
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    assert sorted(saves.load_game(path).maze.rooms[0]) == list(range(100))


def test_a_maze_solid_everywhere_is_refused_for_its_walled_in_entrance(data):
    """As many solid cells as the grid has is not "too many": the reason is the walled-in entrance."""
    doc = small_doc()
    doc["maze"].update(passages=[], solid=[[x, y] for y in range(5) for x in range(8)])
    assert reason(doc, data) == "the maze's entrance or exit is walled in"


def test_each_damage_to_a_maze_written_cell_by_cell_has_its_own_reason(data):
    doc = small_doc()
    dungeon = small_doc("dungeon", "square", 10, 10, 3)
    everything = [[x, y] for y in range(10) for x in range(10)]
    two_big_rooms = [{"id": 0, "cells": everything}, {"id": 1, "cells": everything[:1]}]

    def maze_set(base, **fields):
        bad = copy.deepcopy(base)
        bad["maze"].update(fields)
        return bad

    missing = copy.deepcopy(doc)
    del missing["maze"]
    cases = [
        (missing, "the saved maze is missing"),
        (maze_set(doc, version=True), "the saved maze has unknown version True"),
        (maze_set(doc, passages={}), "the saved maze's passages are damaged"),
        (maze_set(doc, solid={}), "the saved maze's solid cells are damaged"),
        (maze_set(dungeon, rooms={}), "the saved maze's rooms are damaged"),
        (maze_set(doc, passages=[[[0, 0], [1, 0]]] * 81), "the saved maze has more passages than its grid can hold"),
        (maze_set(doc, solid=[[0, 0]] * 41), "the saved maze has more solid than its grid can hold"),
        (maze_set(dungeon, rooms=[{"cells": []}] * 101), "the saved maze has more rooms than its grid can hold"),
        (maze_set(dungeon, rooms=[5]), "a room of the saved maze is damaged"),
        (maze_set(dungeon, rooms=[{"id": 0}]), "a room of the saved maze is damaged"),
        (maze_set(dungeon, rooms=two_big_rooms), "the saved maze's rooms hold more cells than its grid"),
    ]
    for bad, expected in cases:
        assert reason(bad, data) == expected


# --- continuing: the line the player reads -----------------------------------------------------


def test_nothing_to_continue_says_so(data):
    assert saves.continue_or_explain(data / "save.json") == (None, "Nothing to continue: there is no saved game yet.")


def test_continue_reads_the_save_in_the_folder_asked_for(data, tmp_path):
    """``--data elsewhere``: the save there is continued, whatever the default folder holds."""
    elsewhere = tmp_path / "elsewhere"
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    path = saves.save_game(Game(spec=spec, maze=spec.build(), level=4), elsewhere / "save.json")
    before = path.read_bytes()
    game, message = saves.continue_or_explain(path)
    assert message == "Welcome back: level 4." and game is not None and game.level == 4
    assert path.read_bytes() == before and not list(elsewhere.glob("*.bad-*"))


def test_a_damaged_save_is_kept_under_a_dated_name_and_the_player_is_told(data, clock):
    path = data / "save.json"
    path.write_text("{}")
    game, message = saves.continue_or_explain(path)
    assert game is None
    assert message == (f"The save could not be used (the file is not a maze-visualizer save); it was kept as "
                       f"save.json.bad-{STAMP}.")
    assert (data / f"save.json.bad-{STAMP}").read_text() == "{}"


def test_a_long_reason_is_cut_to_120_characters(data, clock):
    doc = small_doc()
    doc["spec"]["algorithm"] = "nope"
    with pytest.raises(saves.SaveError) as caught:
        saves.game_from_dict(doc)
    long = str(caught.value)
    assert len(long) > 130 and long.startswith("the maze recipe is refused: unknown algorithm 'nope'")
    (data / "save.json").write_text(json.dumps(doc))
    _, message = saves.continue_or_explain(data / "save.json")
    assert message == f"The save could not be used ({long[:119]}…); it was kept as save.json.bad-{STAMP}."


def test_damaged_saves_in_one_second_are_kept_under_numbered_names(data, clock):
    kept = []
    for k in range(3):
        path = data / "save.json"
        path.write_text(f"damaged {k}")
        kept.append(saves.set_aside(path).name)
    assert kept == [f"save.json.bad-{STAMP}", f"save.json.bad-{STAMP}-2", f"save.json.bad-{STAMP}-3"]


@pytest.mark.parametrize("error, why", [
    (PermissionError(13, "Permission denied"), "Permission denied"),
    (PermissionError(), "PermissionError"),  # no system reason: the kind of error
    (OSError(5, "Input/output error reported by the storage behind this folder"),
     "Input/output error reported by the stor…"),  # a long reason cut to 40 characters
])
def test_a_save_that_cannot_be_moved_says_why_in_one_line(data, monkeypatch, unmovable_cleared, error, why):
    path = data / "save.json"
    path.write_text("{}")
    refuse_moves(monkeypatch, error)
    game, message = saves.continue_or_explain(path)
    assert game is None
    assert message == (f"Save not used (the file is not a maze-visualizer save): it could not be moved aside ({why}), "
                       "so it stays as it is, not overwritten.")
    assert path.read_text() == "{}"


def test_a_save_put_right_after_it_could_not_be_moved_is_saved_over_again(data, monkeypatch, unmovable_cleared):
    """The player restores a good save by hand: once it loads, leaving saves over it again."""
    path = data / "save.json"
    path.write_text("{}")
    refuse_moves(monkeypatch, PermissionError(13, "Permission denied"))
    assert saves.continue_or_explain(path)[0] is None
    monkeypatch.undo()
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    game = Game(spec=spec, maze=spec.build(), level=5)
    with pytest.raises(OSError) as refused:
        saves.save_game(game, path)  # the kept file is protected, and the player is told so...
    shown = refused.value.strerror or str(refused.value)  # what "Could not save the game: ..." shows
    assert shown == "a damaged save could not be moved aside and is not overwritten"
    path.write_text(json.dumps(saves.game_to_dict(game)))  # ...until the player puts a good one there
    back, message = saves.continue_or_explain(path)
    assert message == "Welcome back: level 5."
    start = back.position
    assert back.move(next(d for d, _ in back.maze.grid.neighbours(start) if back.maze.is_open(start, d)))
    saves.save_game(back, path)
    assert saves.load_game(path).moves == 1


def test_fitted_keeps_the_whole_message_within_its_limit():
    assert saves.fitted("Kept ({}).", "x" * 300) == "Kept (" + "x" * 191 + "…)."
    long_tail = "({}) " + "y" * 190  # leaves less room than the 20 characters a reason always keeps
    assert saves.fitted(long_tail, "x" * 50) == ("(" + "x" * 19 + "…) " + "y" * 190)[:199] + "…"
    short_limit = saves.fitted("({}) " + "y" * 60, "x" * 50, limit=50)
    assert short_limit == ("(" + "x" * 19 + "…) " + "y" * 60)[:49] + "…"


# --- the save's head, its recipe and its mask ---------------------------------------------------


def test_each_damage_to_the_head_of_a_save_has_its_own_reason(data):
    doc = small_doc()

    def with_(**fields):
        bad = copy.deepcopy(doc)
        bad.update(fields)
        return bad

    assert reason([doc], data) == "the save is not a JSON object"
    assert reason(with_(version=2), data) == "the save has unknown version 2"
    assert reason(with_(level=0), data) == f"level must be between 1 and {saves.FINAL_LEVEL}, got 0"
    assert reason(with_(level="3"), data) == "level must be a whole number"


def with_params(doc, params):
    bad = copy.deepcopy(doc)
    bad["spec"]["params"] = params
    return bad


def test_maze_parameters_are_refused_with_their_reason(data):
    doc = small_doc("binary_tree")
    long_bias = "N" * 200  # the longest text allowed: the algorithm itself says what is wrong with it
    refused_by_the_algorithm = ("the maze recipe is refused: parameter bias must be one of NE, NW, SE, SW, "
                                f"got '{long_bias}'")
    cases = [
        ({"": 1}, "a maze parameter has a bad name ''"),
        ({"x": 1}, "the maze recipe is refused: algorithm binary_tree has no parameter 'x' "
                   "(parameters: bias, braid, unicursal, weights)"),
        ({"y" * 64: 1}, f"the maze recipe is refused: algorithm binary_tree has no parameter '{'y' * 64}' "
                        "(parameters: bias, braid, unicursal, weights)"),
        ({"y" * 65: 1}, "a maze parameter has a bad name "
                        "'yyyyyyyyyyyyyyyyy...yyyyyyyyyyyyyyyyyy'"),
        ({"bias": [1, 2]}, "parameter 'bias' takes a number or text, got [1, 2]"),
        ({"bias": True}, "parameter 'bias' takes a number or text, got True"),
        ({"bias": long_bias}, refused_by_the_algorithm[:199] + "…"),
        ({"bias": "N" * 201}, "parameter 'bias' is too long"),
    ]
    for params, expected in cases:
        assert reason(with_params(doc, params), data) == expected


def masked_doc(rows=("..X..", ".....", "....."), name="notch"):
    spec = MazeSpec("backtracker", "square", 8, 5, 3, mask=Mask(tuple(rows), name))
    return doc_of(Game(spec=spec, maze=spec.build(), level=3))


def test_a_damaged_mask_is_refused_with_its_reason(data):
    doc = masked_doc()

    def with_mask(mask):
        bad = copy.deepcopy(doc)
        bad["spec"]["mask"] = mask
        return bad

    cases = [
        (5, "the maze recipe's mask is damaged"),
        ({"rows": ["..", ".."], "by_plane": "yes"}, "the maze recipe's mask is damaged"),
        ({"rows": 5}, "the maze recipe's mask rows are damaged"),
        ({"rows": []}, "the maze recipe's mask rows are damaged"),
        ({"rows": ["."] * 2001}, "the maze recipe's mask rows are damaged"),
        ({"rows": [5, "."]}, "the maze recipe's mask rows are damaged"),
        ({"rows": ["", ""]}, "the maze recipe's mask rows are damaged"),
        ({"rows": ["." * 2001]}, "the maze recipe's mask rows are damaged"),
        ({"rows": [".", 5]}, "each mask row must be text of 1 characters"),
    ]
    for mask, expected in cases:
        assert reason(with_mask(mask), data) == expected


@pytest.mark.parametrize("rows", [("." * 2000, "X" + "." * 1999), ("..",) * 1999 + (".X",)])
def test_a_mask_picture_as_large_as_a_side_may_be_loads(data, rows):
    doc = masked_doc(rows, "wide")
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    assert saves.load_game(path).spec.mask.rows == rows


def test_a_mask_saved_without_a_name_comes_back_named_mask(data):
    doc = masked_doc()
    del doc["spec"]["mask"]["name"]
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    game = saves.load_game(path)
    assert game.spec.mask.name == "mask" and "(mask " in recipe_key(game.spec, game.level)


# --- the trail ---------------------------------------------------------------------------------


def test_damaged_trails_are_refused_with_their_reason(data):
    doc = small_doc()
    cells = 40
    dungeon = small_doc("dungeon", "square", 10, 10, 3)
    x, y = dungeon["maze"]["solid"][0]
    wall = y * 10 + x

    def with_trail(base, trail):
        bad = copy.deepcopy(base)
        bad["trail"] = trail
        return bad

    def packed(cells_):
        return {"cells": saves.pack(np.asarray(cells_, dtype=np.int32))}

    cases = [
        (with_trail(doc, 5), "the trail is damaged"),
        (with_trail(doc, [[0, 0]] * 4001), "the trail is longer than 4,000 steps"),
        (with_trail(doc, [[0]]), "a trail cell is not an [x, y] pair"),
        (with_trail(doc, [[0, "0"]]), "a trail cell must be whole numbers"),
        (with_trail(doc, [[8, 0]]), "a trail cell is outside the grid"),
        (with_trail(doc, packed([0, cells])), "a trail cell is outside the grid"),
        (with_trail(doc, packed([-1])), "a trail cell is outside the grid"),
        (with_trail(dungeon, packed([0, wall])), "a trail cell stands on a wall"),
        (with_trail(dungeon, [[0, 0], [x, y]]), "a trail cell stands on a wall"),
    ]
    for bad, expected in cases:
        assert reason(bad, data) == expected


def test_a_list_trail_as_long_as_the_grid_allows_loads(data):
    spec = MazeSpec("backtracker", "square", 2, 1, 1)
    doc = doc_of(Game(spec=spec, maze=spec.build(), level=1))
    doc["trail"] = [[k % 2, 0] for k in range(200)]
    doc["player"], doc["moves"] = [1, 0], 199
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    assert len(saves.load_game(path).trail) == 200


def test_a_single_bad_step_is_found_in_a_trail_of_one_step(data):
    """The first move of a game already goes through a wall or jumps: the trail of two cells is checked."""
    spec = MazeSpec("backtracker", "square", 8, 5, 1)  # its entrance has a wall to the south
    maze = spec.build()
    start = maze.entrance[0]
    walled = next(nb for d, nb in maze.grid.neighbours(start) if not maze.is_open(start, d))
    doc = doc_of(Game(spec=spec, maze=maze, level=3))
    for cell, expected in ((walled, "trail step 1 goes through a wall"),
                           (39, "trail step 1 jumps between cells that are not neighbours")):
        doc["trail"] = [list(maze.grid.coords(start)), list(maze.grid.coords(cell))]
        doc["player"], doc["moves"] = list(maze.grid.coords(cell)), 1
        assert reason(doc, data) == expected


def test_each_damage_to_the_recipe_has_its_own_reason(data):
    doc = small_doc()

    def recipe(**fields):
        bad = copy.deepcopy(doc)
        bad["spec"].update(fields)
        return bad

    no_recipe = copy.deepcopy(doc)
    no_recipe["spec"] = 5
    cases = [
        (no_recipe, "the save has no maze recipe"),
        (recipe(algorithm=5), "the maze recipe is damaged"),
        (recipe(grid=5), "the maze recipe is damaged"),
        (recipe(width="8"), "width must be a whole number"),
        (recipe(width=0), "width must be between 1 and 2000, got 0"),
        (recipe(height="5"), "height must be a whole number"),
        (recipe(height=2001), "height must be between 1 and 2000, got 2001"),
        (recipe(seed="3"), "seed must be a whole number"),
        (recipe(seed=2**63), f"seed must be between 0 and {2**63 - 1}, got {2**63}"),
        (recipe(seed=-1), f"seed must be between 0 and {2**63 - 1}, got -1"),
        (recipe(params=[]), "the maze parameters are damaged"),
        (recipe(grid="nope"), "the maze recipe names no grid this program has ('nope')"),
        (recipe(width=9), "the saved maze does not match its recipe"),
        (recipe(width=600, height=500), "the saved maze does not match its recipe"),  # 300,000 cells: allowed
    ]
    for bad, expected in cases:
        assert reason(bad, data) == expected


@pytest.mark.parametrize("algorithm, grid, width, height, seed, params", [
    ("backtracker", "square", 1, 5, 0, {}),  # one cell wide, seed 0
    ("backtracker", "square", 5, 1, 2**63 - 1, {}),  # one cell high, the largest seed
    ("backtracker", "square", 8, 5, 3, {"braid": 100}),  # braided: loops are allowed
    ("dungeon", "polar", 12, 12, 0, {}),  # its entrance's direction number is a solid cell's number
])
def test_unusual_but_good_saves_load_back(data, algorithm, grid, width, height, seed, params):
    spec = MazeSpec(algorithm, grid, width, height, seed, params)
    game = Game(spec=spec, maze=spec.build(), level=3)
    path = saves.save_game(game, data / "save.json")
    again = saves.load_game(path)
    assert np.array_equal(again.maze.passages, game.maze.passages)
    assert np.array_equal(again.maze.open_mask(), game.maze.open_mask())  # (a small save keeps open or not)
    assert again.spec.seed == seed and again.spec.width == width and again.spec.height == height


def test_a_save_written_without_the_optional_fields_loads_with_their_defaults(data):
    doc = small_doc()
    for name in ("trail", "seen", "fog"):
        del doc[name]
    del doc["spec"]["params"]
    path = data / "save.json"
    path.write_text(json.dumps(doc))
    game = saves.load_game(path)
    assert game.trail == [game.maze.entrance[0]] and game.fog is False and game.moves == 0
    assert game.spec.params == {}


def test_each_damage_to_the_maze_s_openings_has_its_own_reason(data):
    """A polar maze: its entrance's cell number and direction number differ."""
    spec = MazeSpec("backtracker", "polar", 6, 6, 1)
    maze = spec.build()
    grid = maze.grid
    doc = doc_of(Game(spec=spec, maze=maze, level=3))
    entrance, exit_ = maze.entrance[0], maze.exit[0]

    def walled(cell):
        bad = copy.deepcopy(doc)
        xy = list(grid.coords(cell))
        bad["maze"]["passages"] = [p for p in bad["maze"]["passages"] if xy not in p]
        bad["maze"]["solid"] = [xy]
        return bad

    same = copy.deepcopy(doc)
    same["maze"]["exit"] = dict(same["maze"]["entrance"])
    moved = copy.deepcopy(doc)
    moved["maze"]["exit"]["cell"] = list(grid.coords(exit_ - 1))
    bad_passage = copy.deepcopy(doc)
    bad_passage["maze"]["passages"][0] = [[0, 0], [3, 5]]
    assert reason(same, data) == "the maze's entrance is its exit"
    assert reason(moved, data) == "the maze's entrance or exit is not where mazes have them"
    assert reason(walled(entrance), data) == "the maze's entrance or exit is walled in"
    assert reason(walled(exit_), data) == "the maze's entrance or exit is walled in"
    cut_off = copy.deepcopy(doc)
    del cut_off["maze"]["passages"][0]  # a perfect maze less one passage falls in two
    assert reason(cut_off, data) == "the saved maze is not connected"
    assert reason(bad_passage, data) == "the saved maze is damaged: passage 0 joins cells that are not neighbours"


def test_each_damage_to_the_player_and_the_counts_has_its_own_reason(data):
    doc = small_doc()
    dungeon = small_doc("dungeon", "square", 10, 10, 3)

    def with_(base=doc, **fields):
        bad = copy.deepcopy(base)
        bad.update(fields)
        return bad

    cases = [
        (with_(player=5), "the player must be an [x, y] pair"),
        (with_(player=[9, 0]), "the player x must be between 0 and 7, got 9"),
        (with_(dungeon, player=dungeon["maze"]["solid"][0]), "the player stands on a wall"),
        (with_(trail_cut="yes"), "the trail is damaged"),
        (with_(trail=[[1, 0], [0, 0]], moves=1), "the trail does not start at the entrance"),
        (with_(trail=[[0, 0], [1, 0]], moves=1), "the trail does not end where the player stands"),
        (with_(moves=-1), "moves must be between 0 and 1000000000, got -1"),
        (with_(moves=10**9 + 1, trail_cut=True), "moves must be between 0 and 1000000000, got 1000000001"),
        (with_(moves=1), "the move count does not match the trail"),
        (with_(time="31.5"), "the time is not a number"),
        (with_(time=True), "the time is not a number"),
        (with_(time=-1), "the time is out of range"),
        (with_(time=10**8), "the time is out of range"),
        (with_(fog="yes"), "the fog setting is damaged"),
    ]
    for bad, expected in cases:
        assert reason(bad, data) == expected


def test_a_cut_trail_may_start_anywhere_and_count_more_moves(data):
    """A long game keeps only its last steps: the trail starts mid-maze, the move count is larger."""
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    maze = spec.build()
    a = maze.entrance[0]
    b = next(nb for d, nb in maze.grid.neighbours(a) if maze.is_open(a, d))
    doc = doc_of(Game(spec=spec, maze=maze, level=3))
    path = data / "save.json"
    for moves in (2, 10**9):
        doc.update(trail=[list(maze.grid.coords(b)), list(maze.grid.coords(a))], trail_cut=True, moves=moves,
                   time=10**8 - 0.5)
        path.write_text(json.dumps(doc))
        game = saves.load_game(path)
        assert game.trail == [b, a] and game.moves == moves and game.elapsed == 10**8 - 0.5


# --- reading the file --------------------------------------------------------------------------


def load_reason(path) -> str:
    with pytest.raises(saves.SaveError) as caught:
        saves.load_game(path)
    return str(caught.value)


def test_a_save_that_cannot_be_read_says_why(data, monkeypatch):
    path = data / "save.json"
    assert load_reason(path) == "there is no saved game yet"
    os.mkfifo(path)
    assert load_reason(path) == "the save is not a regular file"
    path.unlink()
    path.write_bytes(b" " * (saves.MAX_SAVE_BYTES + 1))
    assert load_reason(path) == "the save file is too large to be a save"
    path.unlink()
    os.symlink(path, path)  # a link to itself
    assert load_reason(path) == "the save cannot be read (Too many levels of symbolic links)"

    def odd(p, limit):
        raise OSError("odd")

    monkeypatch.setattr(saves, "read_regular", odd)
    assert load_reason(path) == "the save cannot be read (OSError('odd'))"  # no system reason: the error itself


def test_a_save_that_is_not_good_json_says_why(data):
    path = data / "save.json"
    head = '{"format": "maze-visualizer-save", "version": 1, "level": '
    path.write_text(head + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}")  # as deep as allowed
    assert load_reason(path) == "level must be a whole number"
    path.write_text(head + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")
    assert load_reason(path) == f"the save nests deeper than {MAX_DEPTH} levels"
    path.write_bytes(b'{"format": "\xff"}')
    assert load_reason(path) == "the save is not UTF-8 text"
    path.write_text("{")
    assert load_reason(path) == ("the save is not valid JSON "
                                 "(Expecting property name enclosed in double quotes at line 1)")
    path.write_text(head + "1" * 5000 + "}")
    with pytest.raises(ValueError) as caught:
        json.loads(path.read_text())
    assert load_reason(path) == f"the save holds a value that cannot be read ({short(str(caught.value))})"


# --- writing the save --------------------------------------------------------------------------


def test_a_save_keeps_the_time_to_the_millisecond_and_when_it_was_made(data, clock):
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    game = Game(spec=spec, maze=spec.build(), level=3, elapsed=31.23456)
    path = saves.save_game(game, data / "save.json")
    doc = json.loads(path.read_text())
    assert doc["time"] == 31.235 and doc["saved_at"] == "2026-11-30T05:50:00"
    assert saves.load_game(path).elapsed == 31.235


def test_a_save_goes_into_a_folder_made_for_it(tmp_path):
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    path = saves.save_game(Game(spec=spec, maze=spec.build(), level=3), tmp_path / "new" / "folder" / "save.json")
    assert saves.load_game(path).level == 3


def test_a_save_is_never_written_into_a_device_put_in_its_place(tmp_path):
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null here")
    path = tmp_path / "save.json"
    os.symlink("/dev/null", path)
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    with pytest.raises(OSError):
        saves.save_game(Game(spec=spec, maze=spec.build(), level=3), path)
    assert os.readlink(path) == "/dev/null"


def test_a_maze_of_exactly_the_most_cells_a_save_holds_is_saved(tmp_path):
    spec = MazeSpec("binary_tree", "square", 600, 500, 1)
    assert spec.make_grid().size == saves.MAX_SAVE_CELLS
    game = Game(spec=spec, maze=spec.build(), level=10)
    again = saves.load_game(saves.save_game(game, tmp_path / "save.json"))
    assert again.maze.same_as(game.maze)


def test_mazes_and_trails_of_up_to_5000_cells_are_saved_cell_by_cell(tmp_path):
    """The format the module describes: lists of [x, y] up to PACK_FROM cells, packed text past it."""
    spec = MazeSpec("backtracker", "square", 100, 50, 3)
    maze = spec.build()
    a = maze.entrance[0]
    b = next(nb for d, nb in maze.grid.neighbours(a) if maze.is_open(a, d))
    for length, packed in ((saves.PACK_FROM, False), (saves.PACK_FROM + 1, True)):
        trail = [(a, b)[k % 2] for k in range(length)]
        game = Game(spec=spec, maze=maze, level=10, position=trail[-1], trail=trail, moves=length - 1, fog=True)
        path = saves.save_game(game, tmp_path / "save.json")
        doc = json.loads(path.read_text())
        assert isinstance(doc["trail"], dict) is packed
        assert "packed" not in doc["maze"] and isinstance(doc["seen"], list)  # 5,000 cells: the maze is not packed
        again = saves.load_game(path)
        assert again.trail == trail and again.seen == game.seen


def test_a_trail_longer_than_a_save_keeps_is_cut_and_loads_back(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_TRAIL", 50)
    spec = MazeSpec("backtracker", "square", 8, 5, 3)
    maze = spec.build()
    a = maze.entrance[0]
    b = next(nb for d, nb in maze.grid.neighbours(a) if maze.is_open(a, d))
    trail = [(a, b)[k % 2] for k in range(61)]
    game = Game(spec=spec, maze=maze, level=3, position=trail[-1], trail=trail, moves=60)
    path = saves.save_game(game, tmp_path / "save.json")
    assert json.loads(path.read_text())["trail_cut"] is True
    again = saves.load_game(path)
    assert again.trail == trail[-50:] and again.moves == 60 and again.position == trail[-1]
