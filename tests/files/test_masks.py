"""Masks: mazes in any shape. Reading mask files, keeping the largest joined part, every generator
on the kept cells (a spanning tree of them), pictures that wall the outline, exports, saves,
play and the command line."""

from __future__ import annotations

import json
import math
import os
from collections import deque
from inspect import getattr_static
from types import FunctionType

import numpy as np
import pytest
from export.test_print_exports import parse, segments, wall_lines
from helpers import is_spanning_tree, styled_board
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import main
from visualizer.export.formats import ExportOptions
from visualizer.export.json_io import FormatError, dumps, loads
from visualizer.export.svg import write as svg_write
from visualizer.files.masks import load_mask, mask_grid_size, picture_mask, shipped_masks, text_mask
from visualizer.grids import GRIDS, Mask, MaskedGrid, make_grid, maskable_kinds
from visualizer.grids.masked import largest_part, mask_grid, masked_class
from visualizer.play.game import Game
from visualizer.play.records import recipe_key
from visualizer.play.save import SaveError, game_from_dict, game_to_dict
from visualizer.render.board import Board
from visualizer.render.styles import WALL_STYLE
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, shortest_path
from visualizer.solvers.base import run_to_end

KINDS = ["square", "hex", "triangle"]
RING = Mask(("XX....XX", "X......X", "..XXXX..", "..XXXX..", "X......X", "XX....XX"), "ring")
ON_MASKS = [name for name, info in ALGORITHMS.items() if info.on_masks]


def random_mask(draw, width: int, height: int) -> Mask:
    """A mask with a random sprinkling of holes (at least one cell)."""
    bits = draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    rows = ["".join("." if bits[y * width + x] else "X" for x in range(width)) for y in range(height)]
    if "." not in "".join(rows):
        rows[0] = "." + rows[0][1:]
    return Mask(tuple(rows), "random")


@st.composite
def masked_specs(draw, names=tuple(ON_MASKS)):
    kind = draw(st.sampled_from(KINDS))
    least = GRIDS[kind].MIN_SIZE
    width, height = draw(st.integers(max(2, least[0]), 10)), draw(st.integers(max(1, least[1]), 8))
    mask = random_mask(draw, width, height)
    name = draw(st.sampled_from(names))
    return MazeSpec(name, kind, width, height, draw(st.integers(0, 10**6)), mask=mask)


def components(grid, covered: np.ndarray) -> list[set[int]]:
    """Connected parts of the covered cells of a whole grid (a plain search, the oracle)."""
    seen, parts = set(), []
    for start in np.flatnonzero(covered).tolist():
        if start in seen:
            continue
        part, queue = {start}, deque([start])
        seen.add(start)
        while queue:
            cell = queue.popleft()
            for _, nb in grid.neighbours(cell):
                if covered[nb] and nb not in seen:
                    seen.add(nb)
                    part.add(nb)
                    queue.append(nb)
        parts.append(part)
    return parts


# --- reading masks --------------------------------------------------------------------


def test_a_text_mask_reads_holes_cells_ragged_lines_and_trailing_blank_lines():
    mask = text_mask(b"X#.\n. X\nX\n", "t")
    assert mask.rows == ("XX.", "..X", "X..")  # X and # are holes, . and space cells, short lines padded
    assert mask.width == 3 and mask.height == 3 and not mask.by_plane
    assert text_mask(b"X#.\r\n   \r\n", "t").rows == ("XX.", "...")  # a line of spaces is a row of cells
    assert text_mask(b"X.\n\n\n", "t").rows == ("X.",)  # empty lines at the end are not rows


def test_the_help_names_exactly_the_shipped_examples():
    from visualizer.cli import options

    assert set(options.MASK_EXAMPLES) == set(shipped_masks())


def test_a_picture_is_read_whatever_its_name_and_bad_names_are_one_line(tmp_path, capsys):
    image = Image.new("L", (6, 4), 0)
    disguised = tmp_path / "shape.txt"
    image.save(disguised, format="JPEG")  # a picture named like text
    assert load_mask(str(disguised)).by_plane
    fake = tmp_path / "fake.png"
    fake.write_text("....\n")
    with pytest.raises(ValueError, match="neither a text mask") as caught:
        load_mask(str(fake))
    assert "BytesIO" not in str(caught.value)
    assert main(["generate", "--mask", "m" * 5000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300 and "mask" in err


@pytest.mark.parametrize("data, words", [(b"", "empty"), (b"XXX\n###\n", "no cells"), (b"..o.\n", "line 1, column 3"),
                                         (b"\xff\xfe..", "not a text file")])
def test_a_bad_text_mask_is_one_line_saying_what(data, words):
    with pytest.raises(ValueError, match=words) as caught:
        text_mask(data, "t")
    assert "\n" not in str(caught.value)


def test_a_picture_mask_keeps_dark_opaque_pixels_and_its_shape(tmp_path):
    image = Image.new("RGBA", (40, 20), (255, 255, 255, 255))
    for x in range(10, 30):
        for y in range(5, 15):
            image.putpixel((x, y), (0, 0, 0, 255))
    image.putpixel((0, 0), (0, 0, 0, 0))  # dark but transparent: not a cell
    image.putpixel((39, 19), (0, 0, 0, 255))  # a dark speck in the far corner
    path = tmp_path / "box.png"
    image.save(path)
    mask = load_mask(str(path))
    assert mask.by_plane and (mask.width, mask.height) == (30, 15) and mask.name == "box"  # cut to the shape
    picture = mask.picture()
    assert picture.sum() == 201 and picture[0:10, 0:20].all() and picture[14, 29] and not picture[12, 25]
    grid = make_grid("square", 30, 15, mask)  # one cell a pixel: the block (the speck is cut off)
    assert grid.size == 200 and grid.dropped == 1
    assert {grid.coords(c) for c in (0, grid.size - 1)} == {(0, 0), (19, 9)}


def test_a_picture_with_no_dark_pixels_or_no_picture_at_all_is_refused_in_one_line(tmp_path):
    white = tmp_path / "white.png"
    Image.new("L", (8, 8), 255).save(white)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG not really")
    for path, words in ((white, "no dark pixels"), (broken, "nor a picture Pillow can read")):
        with pytest.raises(ValueError, match=words) as caught:
            load_mask(str(path))
        assert "\n" not in str(caught.value) and str(path.name) in str(caught.value)


def test_a_large_picture_is_scaled_down_keeping_its_proportions():
    image = Image.new("L", (3000, 1500), 0)
    raw = image_bytes(image)
    mask = picture_mask(raw, "big")
    assert (mask.width, mask.height) == (512, 256)


def image_bytes(image: Image.Image) -> bytes:
    import io

    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_the_shipped_examples_load_by_name_and_are_one_piece():
    assert {"heart", "maze"} <= set(shipped_masks())
    for name in shipped_masks():
        mask = load_mask(name)
        for kind in KINDS:
            width, height = mask_grid_size(mask, GRIDS[kind], 30)
            grid = make_grid(kind, width, height, mask)
            assert grid.dropped == 0, (name, kind)  # nothing cut off: no note for the examples
    word = load_mask("maze")
    assert (word.width, word.height) == (44, 13) and not word.by_plane


def test_a_missing_mask_names_the_examples_and_a_folder_is_not_a_mask(tmp_path):
    with pytest.raises(ValueError, match="no such file.*heart") as caught:
        load_mask(str(tmp_path / "nope.txt"))
    assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="not a regular file"):
        load_mask(str(tmp_path))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        load_mask(str(fifo))  # never hangs waiting for a writer


@pytest.mark.parametrize("rows", [(), ("",), (".X", "."), ("..", ".o")])
def test_a_mask_must_be_rows_of_equal_length_of_dots_and_xs(rows):
    with pytest.raises(ValueError):
        Mask(tuple(rows))


# --- the masked grid ------------------------------------------------------------------


@settings(max_examples=60)
@given(st.data())
def test_the_kept_cells_are_the_largest_joined_part_of_what_the_mask_covers(data):
    kind = data.draw(st.sampled_from(KINDS))
    least = GRIDS[kind].MIN_SIZE
    width, height = data.draw(st.integers(least[0], 9)), data.draw(st.integers(least[1], 7))
    mask = random_mask(data.draw, width, height)
    base = make_grid(kind, width, height)
    covered = mask.covers(base)
    parts = components(base, covered)
    grid = make_grid(kind, width, height, mask)
    kept = {int(c) for c in grid.ids}
    assert kept in parts and len(kept) == max(map(len, parts))
    assert grid.dropped == int(covered.sum()) - len(kept)
    for cell in range(grid.size):  # numbered in the base grid's order, coordinates kept
        assert grid.cell(*grid.coords(cell)) == cell
        assert grid.coords(cell) == base.coords(int(grid.ids[cell]))
        for d, nb in grid.neighbours(cell):
            assert base.neighbour(int(grid.ids[cell]), d) == int(grid.ids[nb])
    for base_cell in set(range(base.size)) - kept:
        assert not grid.contains(*base.coords(base_cell)) and grid.cell(*base.coords(base_cell)) == -1


def test_largest_part_on_a_hand_made_board():
    grid = make_grid("square", 5, 1)
    keep = np.array([True, False, True, True, False])
    assert largest_part(grid.neighbour_array(), keep).tolist() == [False, False, True, True, False]


@settings(max_examples=80, deadline=None)
@given(masked_specs())
def test_every_generator_that_takes_masks_makes_a_spanning_tree_of_the_kept_cells(spec):
    maze = spec.build()
    if spec.info.perfect:
        assert is_spanning_tree(maze)
    else:  # the dungeon: one connected region of open cells
        open_cells = maze.open_mask()
        assert open_cells.any() and np.array_equal(maze.reachable_from(int(np.flatnonzero(open_cells)[0])), open_cells)


@settings(max_examples=40, deadline=None)
@given(masked_specs(names=("backtracker",)))
def test_the_entrance_and_exit_lead_out_of_the_shape(spec):
    grid = spec.make_grid()
    for cell, side in (grid.entrance, grid.exit):
        assert grid.neighbour(cell, side) == -1  # a hole or the border
        assert side in (grid.base.entrance_direction, grid.base.exit_direction)
    assert grid.entrance[0] == 0 and grid.exit[0] == grid.size - 1


@pytest.mark.parametrize("name", [n for n, info in ALGORITHMS.items() if not info.on_masks])
def test_row_and_fixed_direction_algorithms_refuse_masks_in_one_line(name, capsys):
    assert main(["generate", "-a", name, "--mask", "maze", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not run on masked grids" in err


def test_grids_that_take_no_mask_say_which_do(capsys):
    assert maskable_kinds() == KINDS
    assert main(["generate", "-g", "polar", "--mask", "maze", "-s", "8x4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "square, hex and triangle" in err


def test_a_mask_that_keeps_nothing_is_refused_in_one_line():
    with pytest.raises(ValueError, match="leaves no cells"):
        make_grid("square", 3, 3, Mask(("XX",), "nothing"))
    grid = make_grid("square", 9, 3, Mask(("X.X",), "speck", by_plane=True))
    assert grid.size == 9 and {grid.coords(c)[0] for c in range(9)} == {3, 4, 5}  # the middle third


@pytest.mark.parametrize("solver", list(SOLVERS))
@pytest.mark.parametrize("kind", KINDS)
def test_every_solver_finds_the_way_through_a_masked_maze(solver, kind):
    spec = MazeSpec("kruskal", kind, 8, 6, 5, {"braid": 30}, RING)
    maze = spec.build()
    shortest = len(shortest_path(maze))
    info = SOLVERS[solver]
    path = run_to_end(info.run(maze))
    assert path[0] == maze.entrance[0] and path[-1] == maze.exit[0]
    assert all(b in maze.open_neighbours(a) for a, b in zip(path, path[1:]))
    if info.shortest:
        assert len(path) == shortest


def public_class_attributes(cls: type) -> dict[str, object]:
    """The grid class's public attributes that are not behaviour on one grid's cells (methods,
    properties), as the masked class answers for them: names, directions, play keys, sizes..."""
    return {name: getattr(cls, name) for name in dir(cls) if not name.startswith("_")
            and not isinstance(getattr_static(cls, name), (FunctionType, property))}


@pytest.mark.parametrize("kind", list(GRIDS))
def test_a_masked_grid_has_every_class_attribute_of_its_grid_unless_it_says_otherwise(kind):
    cls = GRIDS[kind]
    masked = masked_class(cls)
    own = set(vars(MaskedGrid))
    differing = {name: (value, getattr(masked, name, "missing"))
                 for name, value in public_class_attributes(cls).items()
                 if name not in own and getattr(masked, name, "missing") != value}
    assert not differing
    # STRIP_LAYOUT: a masked grid's picture is painted whole (its band layout is the square grid's)
    assert own & set(public_class_attributes(cls)) == {"BIAS_DIRECTIONS", "LAB_BOARDS", "STRIP_LAYOUT"}
    if cls.MASKABLE:
        grid = make_grid(kind, 8, 6, RING)
        assert isinstance(grid, masked) and (grid.kind, grid.MIN_SIZE_REASON) == (kind, cls.MIN_SIZE_REASON)


def test_a_class_attribute_added_to_a_grid_reaches_its_masked_grids_unasked():
    grown = type("GrownSquareGrid", (GRIDS["square"],), {"BRAND_NEW": (1, 2), "PLAY_HELP": (("x", "y"),)})
    grid = mask_grid(grown(8, 6), RING)
    assert grid.BRAND_NEW == (1, 2) and grid.PLAY_HELP == (("x", "y"),)


def test_cells_are_named_by_the_base_grid_coordinates():
    grid = make_grid("square", 8, 6, RING)
    assert grid.cell_name(grid.entrance[0]) == "(2, 0)"


# --- pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_holes_show_nothing_and_the_outline_is_walled_all_round(kind):
    spec = MazeSpec("backtracker", kind, 8, 6, 3, mask=RING)
    maze = spec.build()
    grid = maze.grid
    board = styled_board(maze, 480, 400)
    base_board = Board(grid.base, 480, 400)
    for base_cell in range(grid.base.size):
        x, y = base_board.cell_centre(base_cell)
        inside = grid.index[base_cell]
        assert board.cell_at(int(x), int(y)) == inside  # -1 over a hole
        if inside < 0:
            assert board.owner[int(x), int(y)] == -1
    walled = 0
    for cell in range(grid.size):
        for d in range(grid.directions):
            if grid.neighbour(cell, d) < 0 and grid.base.neighbour(int(grid.ids[cell]), d) >= 0:
                slot = board.canonical[cell, d]
                if (cell, d) not in (grid.entrance, grid.exit):
                    assert board.element_style[board.slot_base + slot] == WALL_STYLE
                    walled += 1
                    assert (board.owner == board.slot_base + slot).any()  # and it is drawn
    assert walled > 10


def test_wall_posts_with_no_cell_round_them_disappear():
    grid = make_grid("square", 8, 6, RING)
    board = Board(grid, 400, 300)
    posts = board.owner[board.owner >= board.corner_base] - board.corner_base
    around = board.layout.corner_cells(np.unique(posts))
    assert (around >= 0).any(axis=1).all()
    whole = Board(grid.base, 400, 300)
    assert (whole.owner >= whole.corner_base).sum() > (board.owner >= board.corner_base).sum()


@settings(max_examples=25, deadline=None)
@given(masked_specs(names=("prim",)))
def test_the_svg_walls_the_outline_and_every_closed_passage_once(spec):
    maze = spec.build()
    grid = maze.grid
    whole_sides = {"square": 4, "hex": 6, "triangle": 3}[spec.grid]
    inner = sum(1 for c in range(grid.size) for d, nb in grid.neighbours(c) if nb > c and not maze.is_open(c, d))
    border = sum(whole_sides - len(grid.neighbours(c)) for c in range(grid.size))
    segs = segments(wall_lines(parse(svg_write(maze, spec, ExportOptions()))))
    gaps = 1 if grid.entrance == grid.exit else 2
    assert len(segs) == inner + border - gaps
    lengths = [math.dist(a, b) for a, b in segs]
    assert max(lengths) - min(lengths) < 0.05


# --- files ------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(masked_specs(names=("wilson", "dungeon", "backtracker")))
def test_json_keeps_the_mask_and_rebuilds_the_same_maze(spec):
    maze = spec.build()
    text = dumps(maze, spec)
    data = json.loads(text)
    assert len(data["mask"]["rows"]) == spec.height
    again, again_spec = loads(text)
    assert again.same_as(maze) or (np.array_equal(again.passages, maze.passages) and again.rooms == maze.rooms)
    assert again.grid.shape_key() == maze.grid.shape_key()
    assert again_spec is not None and again_spec.build().passages.tobytes() == maze.passages.tobytes()


@pytest.mark.parametrize("change, words", [
    (lambda d: d["mask"].update(rows=d["mask"]["rows"][:-1]), "list of 6 rows"),
    (lambda d: d["mask"]["rows"].__setitem__(0, "..oo...."), "hold only"),
    (lambda d: d["mask"].update(rows=["XXXXXXXX"] * 6), "leaves no cells"),
    (lambda d: d["passages"].append([[0, 0], [1, 0]]), "not one of the mask's cells"),
    (lambda d: d.update(mask=[1, 2]), "mask must be an object"),
])
def test_a_damaged_mask_in_a_json_file_is_one_line(change, words):
    spec = MazeSpec("backtracker", "square", 8, 6, 2, mask=RING)
    data = json.loads(dumps(spec.build(), spec))
    change(data)
    with pytest.raises(FormatError, match=words) as caught:
        loads(json.dumps(data))
    assert "\n" not in str(caught.value)


def test_a_saved_game_remembers_the_mask_and_later_levels_resample_it():
    spec = MazeSpec("backtracker", "triangle", 8, 5, 4, mask=load_mask("heart"))
    game = Game.new_level(2, spec)
    again = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    assert again.spec.mask == spec.mask and again.maze.same_as(game.maze)
    assert isinstance(again.maze.grid, MaskedGrid)
    nxt = again.next_level()
    assert nxt.spec.mask == spec.mask and nxt.maze.grid.size > game.maze.grid.size


def test_a_damaged_mask_in_a_save_is_refused_in_one_line():
    spec = MazeSpec("backtracker", "square", 8, 5, 4, mask=RING)
    data = json.loads(json.dumps(game_to_dict(Game.new_level(1, spec))))
    data["spec"]["mask"]["rows"] = ["..", "."]
    with pytest.raises(SaveError) as caught:
        game_from_dict(data)
    assert "\n" not in str(caught.value)
    data["spec"]["mask"] = {"rows": ["X"], "by_plane": False}
    with pytest.raises(SaveError, match="no cells"):
        game_from_dict(data)


def test_best_times_on_a_masked_maze_are_its_own():
    plain = MazeSpec("backtracker", "square", 8, 6, 2)
    assert recipe_key(plain, 1) != recipe_key(plain.with_(mask=RING), 1)
    other = Mask(tuple(row.replace("X", ".", 1) for row in RING.rows), "ring")  # same name, other cells
    assert recipe_key(plain.with_(mask=RING), 1) != recipe_key(plain.with_(mask=other), 1)


# --- play ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_walking_never_enters_a_hole_and_the_shortest_way_wins(kind):
    spec = MazeSpec("backtracker", kind, 8, 6, 7, mask=RING)
    game = Game.new_level(1, spec)
    grid = game.maze.grid
    for name in grid.MOVES:
        before = game.position
        moved = game.move_named(name)
        assert (not moved and game.position == before) or grid.contains(*grid.coords(game.position))
    game = Game.new_level(1, spec)
    for cell in shortest_path(game.maze)[1:]:
        assert game.move(grid.direction_between(game.position, cell))
    assert game.won


# --- command line -------------------------------------------------------------------------


def test_generate_with_a_text_mask_takes_its_size_and_writes_every_picture(tmp_path, capsys):
    out = tmp_path / "word.json"
    assert main(["generate", "--mask", "maze", "--seed", "3", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["width"], data["height"]) == (44, 13) and data["mask"]["name"] == "maze"
    for fmt in ("png", "svg", "pdf", "gif"):
        path = tmp_path / f"word.{fmt}"
        assert main(["generate", "--mask", "maze", "-s", "60x20", "--seed", "3", "-o", str(path)]) == 0
        assert path.stat().st_size > 300
    assert main(["generate", "--mask", "maze", "-g", "triangle", "-f", "text"]) == 2
    assert "text export is not available for triangle grids" in capsys.readouterr().err


def test_a_picture_mask_keeps_its_shape_at_the_default_width(tmp_path):
    out = tmp_path / "heart.json"
    assert main(["generate", "--mask", "heart", "--seed", "3", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["width"] == 20 and data["height"] == GRIDS["square"].fitting_height(20, 216 / 240)


def test_cut_off_cells_are_left_out_with_a_one_line_note(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text("...X.\n...X.\n")
    out = tmp_path / "two.json"
    assert main(["generate", "--mask", str(path), "--seed", "1", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 cells of the mask not joined to its largest part were left out" in err
    assert {tuple(c) for pair in json.loads(out.read_text())["passages"] for c in pair} <= {
        (x, y) for x in range(3) for y in range(2)}
    sheet = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--mask", str(path), "-n", "2", "--seed", "1", "-o", str(sheet)]) == 0
    assert "2 cells of the mask not joined" in capsys.readouterr().err


def test_a_bad_mask_file_is_one_line_and_status_2(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("..?\n")
    assert main(["generate", "--mask", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.txt" in err and "line 1, column 3" in err


# --- sizes that keep the shape ------------------------------------------------------------


@pytest.mark.parametrize("name", ["heart", "maze"])
@pytest.mark.parametrize("kind", KINDS)
def test_masked_play_levels_grow_and_keep_the_shape_whole(name, kind):
    from visualizer.play.levels import FINAL_LEVEL

    spec = MazeSpec("backtracker", kind, 8, 5, 1, mask=load_mask(name))
    games = [Game.new_level(level, spec) for level in range(1, FINAL_LEVEL + 1)]
    cells = [game.maze.grid.size for game in games]
    sizes = [game.spec.width * game.spec.height for game in games]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)  # every level a larger grid
    # ... and nearly always more cells (a stretched word can lose a few to rounding), the last far more
    assert all(b > 0.9 * a for a, b in zip(cells, cells[1:])) and cells[-1] > 2 * cells[0]
    assert all(game.maze.grid.dropped == 0 for game in games)  # no part of the shape cut off
    if name == "maze":
        assert (games[0].spec.width, games[0].spec.height) == (44, 13)  # one cell a character at first


def test_resizing_a_masked_maze_comes_back_to_the_same_size():
    from visualizer.app.pacing import resized

    spec = MazeSpec("backtracker", "square", 30, 27, 1, mask=load_mask("heart"))
    smaller = spec
    for _ in range(6):
        smaller = resized(smaller, -1) or smaller
    again = smaller
    for _ in range(6):
        again = resized(again, +1) or again
        assert again.height == spec.mask.height_for(GRIDS["square"], again.width)
    assert (again.width, again.height) == (30, 27)


def test_the_replay_hint_names_every_option_that_makes_these_mazes():
    from visualizer.play.screens import replay_command

    plain = MazeSpec("backtracker", "square", 8, 5, 3)
    assert replay_command(plain, 3) == "play --seed 3"
    masked = MazeSpec("wilson", "triangle", 8, 5, 9, mask=load_mask("heart"))
    assert replay_command(masked, 7) == "play -a wilson -g triangle --mask heart --seed 7"
    assert "--mask FILE" in replay_command(masked.with_(mask=RING), 7)


@settings(max_examples=30, deadline=None)
@given(masked_specs(names=("backtracker", "kruskal")))
def test_the_text_picture_walls_the_kept_cells_and_leaves_holes_blank(spec):
    if spec.grid != "square":
        return
    maze = spec.build()
    grid = maze.grid
    lines = grid.text_lines(maze)
    tiles = [line.ljust(2 * spec.width + 1) for line in lines]
    assert len(tiles) == 2 * spec.height + 1
    openings = {maze.entrance, maze.exit}
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        assert tiles[2 * y + 1][2 * x + 1] == " "
        for d, (dx, dy) in enumerate(grid.STEPS[0]):
            shown = tiles[2 * y + 1 + dy][2 * x + 1 + dx]
            assert shown == (" " if maze.is_open(cell, d) or (cell, d) in openings else "#"), (x, y, d)
    for base_cell in np.flatnonzero(grid.index < 0).tolist():  # a hole with holes all round: all blank
        x, y = grid.base.coords(base_cell)
        around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        if not any(grid.contains(*p) for p in around):
            assert all(tiles[2 * y + 1 + dy][2 * x + 1 + dx] == " " for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def test_a_masked_hex_text_picture_draws_only_round_the_kept_cells():
    spec = MazeSpec("backtracker", "hex", 8, 6, 2, mask=RING)
    text = "\n".join(spec.make_grid().text_lines(spec.build()))
    whole = "\n".join(spec.with_(mask=None).make_grid().text_lines(spec.with_(mask=None).build()))
    assert 0 < sum(not ch.isspace() for ch in text) < sum(not ch.isspace() for ch in whole)


# --- edges found by planting bugs in the mask code -------------------------------------------


def test_a_mask_may_be_as_wide_as_a_grid_and_no_wider():
    from visualizer.grids import MAX_SIDE

    Mask(("." * MAX_SIDE,))
    with pytest.raises(ValueError):
        Mask(("." * (MAX_SIDE + 1),))


def test_a_stretched_text_mask_is_read_at_each_cells_centre():
    assert make_grid("square", 4, 1, Mask(("X.X",))).ids.tolist() == [1, 2]
    assert make_grid("square", 1, 4, Mask(("X", ".", "X"))).ids.tolist() == [1, 2]


def test_of_two_equal_parts_the_first_is_kept():
    """A tie must not depend on the search order only by accident: the same recipe, the same maze."""
    table = make_grid("square", 5, 1).neighbour_array()
    assert largest_part(table, np.array([True, True, False, True, True])).tolist() == [True, True, False, False, False]


def test_off_the_grid_and_in_a_hole_there_is_no_cell():
    grid = make_grid("square", 8, 6, RING)
    for x, y in ((-1, 0), (8, 0), (0, -1), (0, 6), (0, 0)):
        assert grid.cell(x, y) == -1


def test_exactly_the_posts_beside_a_kept_cell_are_drawn():
    grid = make_grid("square", 8, 6, RING)
    board, whole = Board(grid, 400, 300), Board(grid.base, 400, 300)
    shown = set((np.unique(board.owner[board.owner >= board.corner_base]) - board.corner_base).tolist())
    every = np.unique(whole.owner[whole.owner >= whole.corner_base]) - whole.corner_base
    around = whole.layout.corner_cells(every)
    expected = {int(p) for p, cells in zip(every, around) if any(c >= 0 and grid.index[c] >= 0 for c in cells)}
    assert shown == expected


def test_the_dungeon_still_places_rooms_inside_a_shape():
    mask = Mask(tuple("X" + "." * 28 + "X" for _ in range(20)), "block")
    for seed in range(5):
        maze = MazeSpec("dungeon", "square", 30, 20, seed, mask=mask).build()
        assert maze.rooms
        assert all(0 <= c < maze.grid.size for cells in maze.rooms.values() for c in cells)


def test_a_one_cell_text_mask_still_gets_a_grid_the_shape_allows():
    assert mask_grid_size(Mask((".",)), GRIDS["triangle"], 20) == (2, 1)


def _ring_json() -> dict:
    spec = MazeSpec("backtracker", "square", 8, 6, 2, mask=RING)
    return json.loads(dumps(spec.build(), spec))


def test_json_mask_rows_of_the_wrong_width_and_odd_names():
    data = _ring_json()
    data["mask"]["rows"] = [row[:4] for row in data["mask"]["rows"]]
    with pytest.raises(FormatError, match="each mask row must be text of 8 characters"):
        loads(json.dumps(data))
    data = _ring_json()
    data["mask"]["name"] = "two\n  lines"
    assert loads(json.dumps(data))[1].mask.name == "two lines"  # a name is one line
    data["mask"]["name"] = "   "
    assert loads(json.dumps(data))[1].mask.name == "mask"


def _ring_save() -> dict:
    spec = MazeSpec("backtracker", "square", 8, 5, 4, mask=RING)
    return json.loads(json.dumps(game_to_dict(Game.new_level(1, spec))))


def test_a_saved_mask_reads_as_text_unless_it_says_picture_and_says_it_properly():
    data = _ring_save()
    del data["spec"]["mask"]["by_plane"]
    assert game_from_dict(data).spec.mask.by_plane is False
    data["spec"]["mask"]["by_plane"] = "yes"
    with pytest.raises(SaveError, match="mask is damaged"):
        game_from_dict(data)


def test_a_save_whose_maze_is_not_its_recipes_shape_is_refused():
    data = _ring_save()
    data["spec"]["mask"]["rows"] = ["." * 8] * 6  # the recipe: the whole grid; the saved maze: the ring
    with pytest.raises(SaveError, match="does not match its recipe"):
        game_from_dict(data)


def test_a_picture_and_a_text_mask_of_the_same_rows_keep_separate_records():
    plain = MazeSpec("backtracker", "square", 8, 6, 2)
    picture = Mask(RING.rows, "ring", by_plane=True)
    assert recipe_key(plain.with_(mask=RING), 1) != recipe_key(plain.with_(mask=picture), 1)


def test_size_wins_over_the_masks_own_size(tmp_path):
    out = tmp_path / "w.json"
    assert main(["generate", "--mask", "maze", "-s", "60x20", "--seed", "3", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["width"], data["height"], len(data["mask"]["rows"])) == (60, 20, 20)


def test_one_cut_off_cell_gets_a_singular_note(tmp_path, capsys):
    path = tmp_path / "one.txt"
    path.write_text("..X.\n")
    assert main(["generate", "--mask", str(path), "--seed", "1", "-o", str(tmp_path / "o.json")]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1 cell of the mask not joined to its largest part was left out" in err


@pytest.mark.parametrize("kind", ["square", "triangle", "hex"])
def test_the_watch_view_behind_a_masked_game_keeps_the_masks_shape(monkeypatch, kind):
    """Esc from ``play --mask heart`` shows the watch view: a maze of level 1's size in the shape
    of the mask, not the plain game's 8 x 5 (a heart of 28 triangles no longer looked like one)."""
    from visualizer.cli import main
    from visualizer.play.levels import level_size

    calls = []
    monkeypatch.setattr("visualizer.app.main.run_app", lambda spec, **context: calls.append((spec, context)) or 0)
    assert main(["play", "--mask", "heart", "-g", kind, "--seed", "3"]) == 0
    spec, context = calls[0]
    assert context["scene"] == "play"
    assert (spec.width, spec.height) == level_size(1, spec.mask, GRIDS[kind]) != (8, 5)
    assert main(["play", "-g", kind, "--seed", "3"]) == 0
    assert (calls[1][0].width, calls[1][0].height) == level_size(1)
