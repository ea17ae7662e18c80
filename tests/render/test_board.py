"""The board's pixels against the model and against independent pictures of the same maze: every
cell in its colour, a wall exactly where a passage is closed, the text picture, the same board
unzoomed, and one full redraw. Zooming changes sizes, never colours; painting only what changed
ends where a full redraw does; nothing is drawn off the maze; pointing at a wall picks a cell
beside it, and the cell under a pixel is the cell whose outline (from ``Grid.edge_segments``)
contains it, on triangles, rings and masked grids; a pixel in no outline picks nothing."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.grids import GRIDS, Mask, make_grid
from visualizer.grids.base import sides_present
from visualizer.render.board import WALL_WEIGHTS, Board, fit_camera
from visualizer.render.image import render_surface
from visualizer.render.palette import CONNECTOR, MAT, STYLE_COLOURS, WALL, Style
from visualizer.run.overlay import Overlay
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

PRUNED = STYLE_COLOURS[Style.PRUNED]
ALGORITHMS = ["backtracker", "prim", "kruskal", "wilson", "dungeon", "hunt_and_kill"]


def painted(board: Board, maze, overlay) -> np.ndarray:
    """A full redraw of ``board`` as an (x, y, 3) colour array."""
    surface = pygame.Surface((board.width, board.height), depth=32)
    board.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    board.paint(pixels, maze, overlay, True, [])
    del pixels
    return pygame.surfarray.array3d(surface)


def run_at(spec: MazeSpec, share: float, solve: bool) -> Run:
    """A run part-way through its generation (styles of every kind on the board), or solved."""
    run = Run(spec)
    total = sum(1 for _ in spec.events())
    if solve:
        run.finish_generation()
        run.solve("bfs")
        run.step(1 << 20)
    elif share >= 1:
        run.finish_generation()
    else:
        run.step(int(total * share))
    return run


def sample(image: np.ndarray, x: float, y: float) -> tuple[int, ...] | None:
    xi, yi = math.floor(x), math.floor(y)
    if 0 <= xi < image.shape[0] and 0 <= yi < image.shape[1]:
        return tuple(int(v) for v in image[xi, yi])
    return None


def compare_zoomed(run: Run, view: tuple[int, int], factor: float, anchor: tuple[float, float]) -> int:
    """Zoom in by ``factor`` on the centre of a cell (``anchor``: shares of the maze's width and
    height pick which), so that centre stays where it was, and check every cell centre and wall or
    passage middle in view against the unzoomed board; returns how many points were compared."""
    grid = run.grid
    whole = Board(grid, *view)
    fitted = whole.camera
    row = min(grid.height - 1, int(anchor[1] * grid.height))
    column = min(grid.row_length(row) - 1, int(anchor[0] * grid.row_length(row)))  # rings differ in length
    point = whole.cell_centre(grid.cell(column, row))
    zoomed = Board(grid, *view, fitted.zoomed(factor, point, grid.fit_scale))
    seen, near = painted(whole, run.maze, run.overlay), painted(zoomed, run.maze, run.overlay)
    compared = 0
    for cell in range(grid.size):
        points = [(whole.cell_centre(cell), zoomed.cell_centre(cell))]
        for _, nb in grid.neighbours(cell):  # the middle of the wall or passage between two cells
            (ax, ay), (bx, by) = whole.cell_centre(cell), whole.cell_centre(nb)
            (cx, cy), (dx, dy) = zoomed.cell_centre(cell), zoomed.cell_centre(nb)
            points.append((((ax + bx) / 2, (ay + by) / 2), ((cx + dx) / 2, (cy + dy) / 2)))
        for far, close in points:
            colour = sample(near, *close)
            if colour is not None:
                assert colour == sample(seen, *far), (cell, far, close)
                compared += 1
    return compared


@settings(max_examples=30)
@given(kind=st.sampled_from(list(GRIDS)), algorithm=st.sampled_from(ALGORITHMS), seed=st.integers(0, 10**6),
       size=st.tuples(st.integers(4, 12), st.integers(3, 9)), share=st.floats(0.1, 0.9), solve=st.booleans(),
       factor=st.floats(2.0, 8.0), anchor=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_zooming_changes_the_size_of_cells_and_passages_not_their_colours(kind, algorithm, seed, size, share,
                                                                         solve, factor, anchor):
    spec = MazeSpec(algorithm, kind, *size, seed)
    if not spec.info.supports(kind):
        return
    assert compare_zoomed(run_at(spec, share, solve), (420, 320), factor, anchor) > 0


@pytest.mark.parametrize("kind", list(GRIDS))
@pytest.mark.parametrize("solve", [False, True])
def test_a_trail_crossing_the_edge_of_a_zoomed_view_keeps_its_colour(kind, solve):
    """The stack of a growing maze, or a solver's path, drawn in its colour right up to the edge
    of a zoomed view (a passage there is coloured by the cells on both sides, one of them off
    screen)."""
    run = run_at(MazeSpec("backtracker", kind, 12, 9, 7), 0.5, solve)
    for ax in np.linspace(0.05, 0.95, 6):
        for ay in np.linspace(0.05, 0.95, 6):
            assert compare_zoomed(run, (420, 320), 2.5, (ax, ay)) > 0


@settings(max_examples=12)
@given(kind=st.sampled_from(list(GRIDS)), algorithm=st.sampled_from(ALGORITHMS), seed=st.integers(0, 10**6),
       zoom=st.sampled_from([1.0, 1.0, 3.0]), anchor=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_painting_only_what_changed_ends_where_a_full_redraw_does(kind, algorithm, seed, zoom, anchor):
    """What the window shows while a run plays (each frame repaints only the cells its events
    touched) is at every moment what one full redraw of the same state shows."""
    spec = MazeSpec(algorithm, kind, 10, 7, seed)
    if not spec.info.supports(kind):
        return
    view = (360, 280)
    grid = spec.make_grid()
    camera = fit_camera(grid, *view)
    if zoom > 1:
        span = grid.pixel_span()
        point = tuple(o + a * s * camera.scale for o, a, s in zip(camera.origin, anchor, span))
        camera = camera.zoomed(zoom, point, grid.fit_scale)
    run = Run(spec)
    board = Board(grid, *view, camera)
    surface = pygame.Surface(view, depth=32)
    board.use_format(surface.map_rgb)
    total = sum(1 for _ in spec.events())
    checks = {total // 5, total // 2, total - 1}
    for position in range(total + 1):
        full, cells = run.overlay.take_dirty()
        pixels = pygame.surfarray.pixels2d(surface)
        board.paint(pixels, run.maze, run.overlay, full or position == 0, cells)
        del pixels
        if position in checks or run.finished:
            again = Board(grid, *view, camera)
            assert (pygame.surfarray.array3d(surface) == painted(again, run.maze, run.overlay)).all(), position
        if run.finished:
            break
        run.step(1)


@given(kind=st.sampled_from(list(GRIDS)), w=st.integers(1, 30), h=st.integers(1, 20),
       view=st.tuples(st.integers(100, 700), st.integers(100, 600)))
def test_nothing_is_drawn_beyond_the_maze(kind, w, h, view):
    """Around the fitted maze the view shows plain background: no smear of its edge tiles."""
    w, h = at_least(kind, w, h)
    run = run_at(MazeSpec("backtracker", kind, w, h, 1), 1.0, False)
    board = Board(run.grid, *view)
    image = painted(board, run.maze, run.overlay)
    span = run.grid.pixel_span()
    (ox, oy), scale = board.camera.origin, board.camera.scale
    edge = int(np.ceil(scale * 0.1)) + 2  # outer walls may reach a little past the span
    right, bottom = int(np.ceil(ox + span[0] * scale)) + edge, int(np.ceil(oy + span[1] * scale)) + edge
    left, top = int(np.floor(ox)) - edge, int(np.floor(oy)) - edge
    for strip in (image[right:, :], image[:, bottom:], image[:max(left, 0), :], image[:, :max(top, 0)]):
        assert (strip.reshape(-1, 3) == MAT).all()


@given(w=st.integers(1, 14), h=st.integers(1, 10), seed=st.integers(0, 10**6),
       algorithm=st.sampled_from(["backtracker", "dungeon", "kruskal", "braid"]))
def test_a_square_board_is_the_text_picture_tile_for_tile(w, h, seed, algorithm):
    """Floor where the text picture has floor (room interiors without pillars, the entrance and
    exit gaps), wall where it has wall (dead ends pruned from a dungeon are drawn in their own dark
    colour on the board and as wall in the text)."""
    spec = MazeSpec("backtracker" if algorithm == "braid" else algorithm, "square", w, h, seed,
                    params={"braid": 50} if algorithm == "braid" else {})
    run = run_at(spec, 1.0, False)
    maze = run.maze
    board = Board(maze.grid, 500, 400)
    image = painted(board, run.maze, run.overlay)
    tile, (ox, oy) = board.camera.scale, board.camera.origin
    for ty, row in enumerate(maze.grid.text_lines(maze)):
        for tx, char in enumerate(row.ljust(2 * w + 1)):
            colour = sample(image, ox + (tx + 0.5) * tile, oy + (ty + 0.5) * tile)
            assert (colour in (WALL, PRUNED)) == (char == "#"), (tx, ty, char, colour)


@given(kind=st.sampled_from([kind for kind, cls in GRIDS.items() if cls(3, 3).content_disc() is None]),
       w=st.integers(2, 16), h=st.integers(2, 12))
def test_pointing_at_a_wall_picks_one_of_the_two_cells_beside_it(kind, w, h):
    """Halfway between two neighbours' centres is on their shared wall: true of grids of straight
    rows and columns (on a disc, two cells of a ring meet on a radius, their midpoint lies inward:
    test_polar checks its picking against the cell outlines instead)."""
    board = Board(GRIDS[kind](*at_least(kind, w, h)), 480, 360)
    grid = board.grid
    for cell in range(grid.size):
        for _, nb in grid.neighbours(cell):
            (ax, ay), (bx, by) = board.cell_centre(cell), board.cell_centre(nb)
            assert board.cell_at(int((ax + bx) / 2), int((ay + by) / 2)) in (cell, nb)


@settings(max_examples=20)
@given(w=st.integers(2, 6), h=st.integers(2, 5), seed=st.integers(0, 10**6),
       algorithm=st.sampled_from(["backtracker", "prim", "dungeon"]))
def test_the_hex_outer_wall_is_whole_on_both_sides_of_its_line_except_the_two_gaps(w, h, seed, algorithm):
    """Zoomed in, a border wall of a hex maze reads as one solid line (just inside and just outside
    each border edge), with gaps only at the entrance and the exit."""
    from visualizer.grids.hex import EDGE_NORMALS, SQRT3

    run = run_at(MazeSpec(algorithm, "hex", w, h, seed), 1.0, False)
    maze, grid = run.maze, run.grid
    board = Board(grid, 640, 520)
    apothem = board.radius * SQRT3 / 2
    assert board.radius > 30
    image = painted(board, maze, run.overlay)
    gaps = {maze.entrance, maze.exit}
    checked = 0
    for cell in range(grid.size):
        for d in range(grid.directions):
            if grid.neighbour(cell, d) >= 0:
                continue
            (x, y), (nx, ny) = board.cell_centre(cell), EDGE_NORMALS[d]
            for depth in (apothem - 1.5, apothem + 1.5):
                colour = sample(image, x + nx * depth, y + ny * depth)
                if colour is not None:
                    assert (colour == WALL) != ((cell, d) in gaps), (cell, d, depth, colour)
                    checked += 1
    assert checked >= 2 * (w + h)


@settings(max_examples=25)
@given(kind=st.sampled_from(list(GRIDS)), w=st.integers(1, 9), h=st.integers(1, 7), zoom=st.sampled_from([1.0, 3.0]),
       anchor=st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_every_pixel_picks_nothing_or_the_cell_it_shows_or_one_beside_it(kind, w, h, zoom, anchor):
    """Hovering anywhere over the board names the nearest cell or (on a wall) one of the cells
    beside it, and nothing at all off the maze: never a cell elsewhere, never one that does not exist."""
    w, h = at_least(kind, w, h)
    grid = GRIDS[kind](w, h)
    view = (200, 150)
    camera = fit_camera(grid, *view)
    if zoom > 1:
        span = grid.pixel_span()
        point = tuple(o + a * s * camera.scale for o, a, s in zip(camera.origin, anchor, span))
        camera = camera.zoomed(zoom, point, grid.fit_scale)
    board = Board(grid, *view, camera)
    centres = np.array([board.cell_centre(c) for c in range(grid.size)])
    allowed = [{c} | {nb for _, nb in grid.neighbours(c)} for c in range(grid.size)]
    span = grid.pixel_span()
    (ox, oy), scale = camera.origin, camera.scale
    edge = math.ceil(scale * 0.1) + 2  # outer walls may reach a little past the span
    for x in range(view[0]):
        for y in range(0, view[1], 3):
            picked = board.cell_at(x, y)
            assert -1 <= picked < grid.size, (x, y, picked)
            off_maze = not (ox - edge <= x <= ox + span[0] * scale + edge
                            and oy - edge <= y <= oy + span[1] * scale + edge)
            if off_maze:
                assert picked == -1, (x, y, picked)
            elif picked >= 0:
                # The nearest centre, or the next nearest: a ring's sector is wider outside than in,
                # so near its outer corner the centre of a cell further out can be nearer.
                near = np.argsort(((centres - (x + 0.5, y + 0.5)) ** 2).sum(axis=1))[:2].tolist()
                assert any(picked in allowed[n] for n in near), (x, y, picked, near)


@given(kind=st.sampled_from(list(GRIDS)), w=st.integers(1, 12), h=st.integers(1, 9), seed=st.integers(0, 10**6),
       algorithm=st.sampled_from(["backtracker", "dungeon", "kruskal"]))
def test_fog_over_every_cell_gives_nothing_of_the_maze_away(kind, w, h, seed, algorithm):
    """Playing in fog, the unseen part of the maze is plain fog: no wall, no wall post, no room
    shows through."""
    w, h = at_least(kind, w, h)
    spec = MazeSpec(algorithm, kind, *at_least(kind, w, h), seed)
    if not spec.info.supports(kind):
        return
    run = run_at(spec, 1.0, False)
    run.overlay.hidden = np.ones(run.grid.size, dtype=bool)
    image = painted(Board(run.grid, 300, 240), run.maze, run.overlay)
    colours = np.unique(image.reshape(-1, 3), axis=0).astype(float)
    fog, mat = np.array(STYLE_COLOURS[Style.FOG], float), np.array(MAT, float)
    share = np.clip(((colours - fog) @ (mat - fog)) / ((mat - fog) @ (mat - fog)), 0, 1)
    off_the_blend = np.abs(colours - (fog + share[:, None] * (mat - fog))).max(axis=1)
    assert (off_the_blend <= 1.5).all(), colours  # fog, the mat, or the soft edge between them


FLOOR, ROOM = STYLE_COLOURS[Style.FLOOR], STYLE_COLOURS[Style.ROOM]


@settings(max_examples=25)
@given(kind=st.sampled_from(["square", "hex"]), w=st.integers(1, 12), h=st.integers(1, 9),
       seed=st.integers(0, 10**6), algorithm=st.sampled_from(["backtracker", "prim", "dungeon", "kruskal"]),
       view=st.tuples(st.integers(160, 700), st.integers(120, 500)))
def test_cells_and_walls_are_drawn_where_the_model_says(kind, w, h, seed, algorithm, view):
    maze = MazeSpec(algorithm, kind, *at_least(kind, w, h), seed).build()
    surface = render_surface(maze, Overlay(maze.grid), view)
    board = Board(maze.grid, *view)
    grid = maze.grid

    def colour(x, y):
        return tuple(surface.get_at((int(x), int(y))))[:3]

    if board.cell_pixels < 6:
        return  # too small to sample cleanly between walls
    for cell in range(grid.size):
        expected = {0: STYLE_COLOURS[Style.UNVISITED], 1: FLOOR, 2: ROOM, 3: STYLE_COLOURS[Style.PRUNED]}
        assert colour(*board.cell_centre(cell)) == expected[int(maze.state[cell])]
        for d, nb in grid.neighbours(cell):
            (ax, ay), (bx, by) = board.cell_centre(cell), board.cell_centre(nb)
            between = colour((ax + bx) / 2, (ay + by) / 2)
            if maze.is_open(cell, d):
                assert between in (FLOOR, ROOM, CONNECTOR)
            else:
                assert between == WALL


RING_ROWS = ("XX....XX......", "X......X......", "..XXXX........", "..XXXX........", "X......X......",
             "XX....XX......", "..............", "..............", "..............", "..............")


@pytest.mark.parametrize("kind, masked", [("hex", False), ("triangle", False), ("square", True), ("triangle", True)])
def test_a_full_redraw_and_dirty_repaints_agree(kind, masked):
    """Painting cell by cell as events arrive gives the same pixels as one full redraw at the end
    (the posts round a changed cell included: triangles and masked grids have their own)."""
    from visualizer.grids import Mask

    spec = MazeSpec("dungeon", kind, 14, 10, 3, mask=Mask(RING_ROWS) if masked else None)
    grid = spec.make_grid()
    from visualizer.core.maze import Maze

    maze, overlay = Maze(grid), Overlay(grid)
    board = Board(grid, 420, 300)
    step_by_step = pygame.Surface((420, 300), depth=32)
    board.use_format(step_by_step.map_rgb)
    compared = 0
    for event in spec.events(grid):
        if event[0] == Kind.PHASE and event[3] != "rooms":  # before a phase's full redraw: what painting left
            redrawn = render_surface(maze, overlay, (420, 300))
            assert pygame.image.tobytes(step_by_step, "RGB") == pygame.image.tobytes(redrawn, "RGB"), event
            compared += 1
        maze.apply(event)
        overlay.apply(event)
        if event[0] == 1:
            overlay.dirty.extend(maze.relabelled.tolist())
        full, cells = overlay.take_dirty()
        pixels = pygame.surfarray.pixels2d(step_by_step)
        board.paint(pixels, maze, overlay, full, cells)
        del pixels
    once = render_surface(maze, overlay, (420, 300))
    assert pygame.image.tobytes(step_by_step, "RGB") == pygame.image.tobytes(once, "RGB")
    assert compared >= 3


def containing_cells(grid, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each point: the cell whose convex outline holds it (-1 for none) and its distance to the
    nearest side of any cell (how close it is to a wall)."""
    centres = grid.unit_centres()
    segments = grid.edge_segments()
    present = sides_present(segments)
    a, b = segments[..., 0, :], segments[..., 1, :]  # (n, D, 2)
    edge = b - a
    length = np.maximum(np.hypot(edge[..., 0], edge[..., 1]), 1e-12)
    found = np.full(len(points), -1)
    nearest = np.full(len(points), np.inf)
    for i, p in enumerate(points):
        cross_p = edge[..., 0] * (p[1] - a[..., 1]) - edge[..., 1] * (p[0] - a[..., 0])
        cross_c = edge[..., 0] * (centres[:, None, 1] - a[..., 1]) - edge[..., 1] * (centres[:, None, 0] - a[..., 0])
        same_side = (np.sign(cross_p) == np.sign(cross_c)) | ~present
        inside = np.flatnonzero(same_side.all(axis=1))
        found[i] = inside[0] if len(inside) else -1
        t = np.clip(((p - a) * edge).sum(axis=-1) / length**2, 0, 1)
        closest = a + t[..., None] * edge
        gap = np.hypot(*(closest - p).transpose(2, 0, 1))
        nearest[i] = gap[present].min()
    return found, nearest


def check_picking(grid, view: tuple[int, int], seed: int, margin: float) -> int:
    """Pick random pixels and compare with the outlines; returns how many points were checked."""
    board = Board(grid, *view)
    scale, origin = board.camera.scale, np.array(board.camera.origin)
    marks = (board.layout.centres[:40] - origin) / scale  # where the view marks cells, in the plane
    assert containing_cells(grid, marks)[0].tolist() == list(range(min(40, grid.size)))  # the two agree
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, [view[0], view[1]], size=(300, 2))
    points = (pixels + 0.5 - origin) / scale
    cells, nearest = containing_cells(grid, points)
    wall = max(1.0, scale * 0.1) / scale + 1.5 / scale  # half a wall plus a pixel's reach
    checked = 0
    for (x, y), cell, gap in zip(pixels.tolist(), cells.tolist(), nearest.tolist()):
        if gap < wall + margin:
            continue
        assert board.cell_at(x, y) == cell, (x, y)
        checked += 1
    return checked


@settings(max_examples=25, deadline=None)
@given(w=st.integers(2, 14), h=st.integers(1, 9), seed=st.integers(0, 10**6))
def test_triangles_are_picked_by_their_outline(w, h, seed):
    assert check_picking(make_grid("triangle", w, h), (420, 320), seed, 0.0) > 20


@settings(max_examples=15, deadline=None)
@given(h=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_ring_cells_are_picked_by_their_outline(h, seed):
    grid = make_grid("polar", 8, h)
    counts = np.array(grid.counts)
    bulge = float(np.max((np.arange(h) + 1) * (1 - np.cos(np.pi / counts))))  # the widest arc's chord
    assert check_picking(grid, (400, 400), seed, bulge) > 10


@pytest.mark.parametrize("kind", ["triangle", "hex"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), bits=st.lists(st.booleans(), min_size=48, max_size=48))
def test_masked_cells_are_picked_by_their_outline_and_holes_pick_nothing(kind, seed, bits):
    rows = tuple("".join("." if bits[y * 8 + x] else "X" for x in range(8)) for y in range(6))
    if "." not in "".join(rows):
        rows = (".XXXXXXX",) + rows[1:]
    grid = make_grid(kind, 8, 6, Mask(rows))
    assert check_picking(grid, (400, 320), seed, 0.0) > 10


@pytest.mark.parametrize("kind", sorted(GRIDS))
def test_a_click_between_two_cells_picks_the_wall_between_them_and_a_centre_none(kind):
    """The midpoint of two neighbouring cells' centres is on their shared wall: ``wall_at``
    names that wall (either side's way of naming it); outer walls are never picked."""
    grid = make_grid(kind, *at_least(kind, 8, 6))
    board = Board(grid, 640, 480)
    checked = 0
    for cell in range(0, grid.size, 7):
        for d, nb in grid.neighbours(cell):
            (ax, ay), (bx, by) = board.cell_centre(cell), board.cell_centre(nb)
            if math.hypot(ax - bx, ay - by) > 3 * board.cell_pixels:
                continue  # polar rings wrap: the straight midpoint is not on their wall
            picked = board.wall_at(int((ax + bx) / 2), int((ay + by) / 2))
            assert picked is not None, (cell, d)
            assert {picked[0], grid.neighbour(*picked)} == {cell, nb}, (cell, d, picked)
            checked += 1
    assert checked > 10
    if kind in ("square", "hex"):
        x, y = board.cell_centre(grid.size // 2)
        assert board.wall_at(int(x), int(y)) is None
    for x in range(board.width):  # nothing outside the maze, nor its outer wall, is a wall to open
        for y in (0, board.height - 1):
            assert board.wall_at(x, y) is None


@given(kind=st.sampled_from(list(GRIDS)), w=st.integers(1, 40), h=st.integers(1, 20),
       view=st.tuples(st.integers(100, 1300), st.integers(100, 1000)), walls=st.sampled_from(list(WALL_WEIGHTS)))
def test_the_fitted_mazes_outer_walls_are_whole_inside_the_view(kind, w, h, view, walls):
    """The fit leaves room for the half of the outer wall outside the grid's span: a triangle
    maze filling the view's height drew its top and bottom walls half as thick as the others."""
    w, h = at_least(kind, w, h)
    run = run_at(MazeSpec("backtracker", kind, w, h, 1), 1.0, False)
    if not run.grid.pixel_margin(10.0):
        return  # walls drawn as tiles inside the span (square grids): at the view's edge they are whole
    board = Board(run.grid, *view, walls=WALL_WEIGHTS[walls])
    owner = board.owner  # a wall or a post owning a pixel of the view's border is cut by it
    for strip in (owner[0], owner[-1], owner[:, 0], owner[:, -1]):
        assert (strip < run.grid.size).all(), "an outer wall reaches the view's edge"
