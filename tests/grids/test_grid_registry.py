"""Grid types are pluggable: everything that differs by shape lives on the grid class.

Three promises are checked here: a grid type defined and registered by a test works through the
whole headless pipeline without touching any other module; every registered grid's directions,
opposites and neighbour tables agree with each other; and no module outside ``visualizer/grids``
names a grid kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import is_spanning_tree, passages_are_symmetric
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import ERROR_EXIT, main
from visualizer.export.json_io import dumps, loads, to_dict
from visualizer.export.text import to_text
from visualizer.grids import GRIDS, MAX_SIDE, Grid, Neighbours, Taken
from visualizer.run.spec import MazeSpec

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "visualizer"


class KingGrid(Grid):
    """Square cells that also touch at their corners: eight neighbours, like a chess king's moves.

    Genuinely not square or hex: a cell has up to 8 neighbours, two diagonal passages may cross
    between the same four cells (the passage graph need not be planar), and no text picture is
    defined for it. Every hook keeps the base class default except the few a type must state.
    """

    kind = "king"
    directions = 8
    direction_names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    N, NE, E, SE, S, SW, W, NW = range(8)
    entrance_direction = N
    exit_direction = S
    STEPS = (((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)),) * 2

    def distance(self, a: int, b: int) -> int:
        (ax, ay), (bx, by) = self.coords(a), self.coords(b)
        return max(abs(ax - bx), abs(ay - by))

    @classmethod
    def span_for(cls, width: int, height: int) -> tuple[float, float]:
        return width, height


@contextmanager
def registered(cls: type[Grid]) -> Iterator[type[Grid]]:
    """``cls`` in GRIDS for the duration; afterwards the registry is exactly as it was."""
    before = dict(GRIDS)
    GRIDS[cls.kind] = cls
    try:
        yield cls
    finally:
        GRIDS.clear()
        GRIDS.update(before)


@pytest.fixture
def king() -> Iterator[type[Grid]]:
    """KingGrid registered for one test, then removed so no other test sees it."""
    with registered(KingGrid) as cls:
        yield cls


def king_algorithms() -> list[str]:
    """The algorithms that accept a king grid (asked with it registered for the moment)."""
    with registered(KingGrid):
        return [name for name, info in ALGORITHMS.items() if info.supports(KingGrid.kind)]


# --- a throwaway grid type works end to end ------------------------------------------------


@pytest.mark.parametrize("algorithm", king_algorithms())
def test_a_registered_grid_builds_with_every_graph_algorithm(king, algorithm):
    spec = MazeSpec(algorithm, king.kind, 9, 7, 3).check()
    maze = spec.build()
    assert isinstance(maze.grid, KingGrid)
    assert passages_are_symmetric(maze)
    if ALGORITHMS[algorithm].perfect:
        assert is_spanning_tree(maze)
    assert MazeSpec(algorithm, king.kind, 9, 7, 3).build().same_as(maze)  # same seed, same maze


def test_graph_algorithms_run_on_it_and_the_others_say_which_grids_they_need(king):
    assert {"backtracker", "prim", "kruskal", "wilson", "dungeon"} <= set(king_algorithms())
    for name in ("sidewinder", "eller", "recursive_division", "binary_tree"):
        info = ALGORITHMS[name]
        assert not info.supports(king.kind) and king.kind not in info.grid_names
        with pytest.raises(ValueError, match=f"works on {' and '.join(info.grid_names)} grids, not king"):
            MazeSpec(name, king.kind, 5, 5, 1).check()


def test_an_algorithm_needing_what_a_grid_lacks_is_refused_in_one_line(king, capsys):
    """Binary tree reads a grid's bias directions: the king grid has none, so it is refused by name;
    the same grid with them is accepted."""
    args = ["generate", "-a", "binary_tree", "-g", king.kind, "-s", "5x4", "--seed", "1"]
    assert main(args) == ERROR_EXIT
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "maze-visualizer: error: algorithm binary_tree works on square and hex and polar grids, not king"]
    biased = type("BiasedKing", (KingGrid,), {"BIAS_DIRECTIONS": {"NE": (KingGrid.N, KingGrid.E, -1)}})
    with registered(biased):
        assert ALGORITHMS["binary_tree"].supports(king.kind)
    assert not ALGORITHMS["binary_tree"].supports(king.kind)


def test_its_mazes_use_the_diagonals(king):
    maze = MazeSpec("backtracker", king.kind, 12, 10, 5).build()
    grid = maze.grid
    diagonal = {grid.NE, grid.SE, grid.SW, grid.NW}
    assert any(grid.direction_between(a, b) in diagonal for a, b in maze.passage_list())


@pytest.mark.parametrize("algorithm", ["backtracker", "dungeon"])
def test_json_round_trip(king, algorithm):
    spec = MazeSpec(algorithm, king.kind, 14, 11, 2)
    maze = spec.build()
    data = to_dict(maze, spec)
    assert data["grid"] == "king" and data["directions"] == list(KingGrid.direction_names)
    again, spec_again = loads(dumps(maze, spec))
    assert isinstance(again.grid, KingGrid) and spec_again.build().same_as(maze)  # the recipe survives too
    assert set(again.passage_list()) == set(maze.passage_list())
    assert (again.open_cells() == maze.open_cells()).all()
    assert (again.entrance, again.exit) == (maze.entrance, maze.exit)
    assert again.rooms == maze.rooms


def test_dungeon_rooms_use_the_default_rectangles(king):
    spec = MazeSpec("dungeon", king.kind, 30, 20, 4)
    data = to_dict(spec.build(), spec)
    assert data["rooms"]
    for room in data["rooms"]:
        assert room["shape"] == "rectangle"
        cells = {tuple(c) for c in room["cells"]}
        assert cells == {(room["x"] + i, room["y"] + j) for i in range(room["width"]) for j in range(room["height"])}


def test_text_export_refuses_in_one_line(king, capsys):
    with pytest.raises(ValueError, match=r"^text export is not available for king grids$"):
        to_text(MazeSpec("prim", king.kind, 4, 3, 1).build())
    assert main(["generate", "-a", "prim", "-g", king.kind, "-s", "4x3", "--seed", "1"]) == ERROR_EXIT
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == ["maze-visualizer: error: text export is not available for king grids"]


def test_unregistered_grids_are_refused_by_the_loader(king):
    text = dumps(MazeSpec("prim", king.kind, 4, 3, 1).build())
    del GRIDS[king.kind]
    try:
        with pytest.raises(ValueError, match=f"grid must be one of {', '.join(GRIDS)}, got 'king'"):
            loads(text)
    finally:
        GRIDS[king.kind] = king


# --- every grid is self-consistent --------------------------------------------------------

EVERY_GRID = [*GRIDS.values(), KingGrid]
sides = st.integers(min_value=1, max_value=9)


@pytest.mark.parametrize("cls", EVERY_GRID, ids=lambda cls: cls.kind)
def test_direction_constants_name_the_directions(cls):
    assert len(cls.direction_names) == cls.directions
    for d, name in enumerate(cls.direction_names):
        assert getattr(cls, name) == d, f"{cls.__name__}.{name} should be {d}"


@pytest.mark.parametrize("cls", EVERY_GRID, ids=lambda cls: cls.kind)
def test_named_moves_keys_and_biases_are_real_directions(cls):
    directions = range(cls.directions)
    assert all(d in directions for d in cls.MOVES.values())
    assert all(d in directions for pair in cls.SIDEWAYS.values() for d in pair)
    assert all(d in directions for dirs in cls.BIAS_DIRECTIONS.values() for d in dirs)
    assert set(cls.PLAY_KEYS.values()) <= set(cls.MOVES) | set(cls.SIDEWAYS)


@pytest.mark.parametrize("cls", EVERY_GRID, ids=lambda cls: cls.kind)
@given(w=sides, h=sides, data=st.data())
def test_opposites_and_neighbour_tables_agree(cls, w, h, data):
    grid = cls(max(w, cls.MIN_SIZE[0]), max(h, cls.MIN_SIZE[1]))
    for d in range(grid.directions):
        assert grid.opposite(grid.opposite(d)) == d != grid.opposite(d)
    table = grid.neighbour_array()
    for cell in range(grid.size):
        found: Neighbours = grid.neighbours(cell)
        assert found == [(d, int(nb)) for d, nb in enumerate(table[cell]) if nb >= 0]
        for d, nb in found:
            assert grid.neighbour(nb, grid.opposite(d)) == cell  # there and back again
            assert grid.direction_between(cell, nb) == d
    taken: Taken = bytes(data.draw(st.lists(st.integers(0, 1), min_size=grid.size, max_size=grid.size)))
    for cell in range(grid.size):
        assert grid.free_neighbours(cell, taken) == [(d, nb) for d, nb in grid.neighbours(cell) if not taken[nb]]


@pytest.mark.parametrize("cls", EVERY_GRID, ids=lambda cls: cls.kind)
@given(w=sides, h=sides)
def test_entrance_and_exit_open_to_the_outside(cls, w, h):
    grid = cls(max(w, cls.MIN_SIZE[0]), max(h, cls.MIN_SIZE[1]))
    for cell, d in (grid.entrance, grid.exit):
        assert grid.neighbour(cell, d) == -1


@pytest.mark.parametrize("cls", EVERY_GRID, ids=lambda cls: cls.kind)
@given(w=st.integers(1, 300), aspect=st.floats(0.05, 20))
def test_fitting_height_fills_the_view(cls, w, aspect):
    """The chosen height's picture has the view's shape to within one row (the closed formulas
    round the single-column hex case a little differently from its exact span)."""
    def miss(h: int) -> float:
        span_w, span_h = cls.span_for(w, h)
        return abs(span_h / span_w - aspect)

    best = min(range(1, MAX_SIDE + 1), key=miss)
    chosen = cls.fitting_height(w, aspect)
    assert abs(chosen - best) <= 1 or miss(chosen) <= miss(best) + 1e-9  # a disc: every height fits alike


# --- nothing outside the grid package branches on a grid's name ---------------------------

KIND_LITERAL = re.compile(r"""["'](square|hex)["']""")

@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py") if PACKAGE / "grids" not in p.parents),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_module_outside_grids_names_a_grid_kind(path):
    """``"square"`` or ``"hex"`` outside ``visualizer/grids`` is a branch a new grid type would miss."""
    name = path.relative_to(ROOT).as_posix()
    hits = [f"{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
            if KIND_LITERAL.search(line)]
    assert not hits, f"{name} names a grid kind:\n" + "\n".join(hits)


def test_the_throwaway_grid_draws_to_png_without_a_picture_of_its_own(king):
    """The base class's default picture: unit squares, walls on sides with a neighbour straight
    across; an open east passage shows floor between two cells, a closed one shows wall."""
    import io

    import pygame

    from visualizer.render.board import Board
    from visualizer.render.image import png_bytes, render_surface
    from visualizer.render.palette import STYLE_COLOURS, Style

    maze = MazeSpec("backtracker", king.kind, 9, 6, 3).build()
    picture = pygame.image.load(io.BytesIO(png_bytes(maze)))
    assert picture.get_width() > 9 and picture.get_height() > 6
    surface = render_surface(maze, size=(450, 300))
    board = Board(maze.grid, 450, 300)
    floor = STYLE_COLOURS[Style.FLOOR]
    seen = set()
    for cell in range(maze.grid.size):
        x, y = maze.grid.coords(cell)
        if x + 1 >= maze.grid.width:
            continue
        (ax, ay), (bx, _) = board.cell_centre(cell), board.cell_centre(cell + 1)
        colour = tuple(surface.get_at((int((ax + bx) / 2), int(ay))))[:3]
        is_open = maze.is_open(cell, KingGrid.E)
        assert (colour == floor) == is_open, (cell, colour)
        seen.add(is_open)
    assert seen == {True, False}


@pytest.mark.parametrize("kind", sorted(GRIDS))
def test_a_grid_too_small_says_why_in_its_own_words(kind):
    cls = GRIDS[kind]
    least = cls.MIN_SIZE
    if least == (1, 1):
        return
    small = (least[0] - 1, max(1, least[1])) if least[0] > 1 else (1, least[1] - 1)
    with pytest.raises(ValueError) as refused:
        cls(*small)
    message = str(refused.value)
    assert cls.MIN_SIZE_REASON in message and f"at least {least[0]}x{least[1]}" in message and "\n" not in message
    assert len(message) <= 200


@pytest.mark.parametrize("kind", sorted(GRIDS))
def test_a_grid_whose_help_names_w_a_s_d_maps_them_as_its_arrows(kind):
    """The play help says "Arrows or W A S D": each letter walks where its arrow walks."""
    cls = GRIDS[kind]
    if not any("W A S D" in keys for keys, _ in cls.PLAY_HELP):
        return
    for arrow, letter in (("up", "w"), ("left", "a"), ("down", "s"), ("right", "d")):
        assert cls.PLAY_KEYS[letter] == cls.PLAY_KEYS[arrow], (kind, letter)
