"""The triangle grid: its shape (three sides a cell, alternating up and down), mazes that are
spanning trees, a picture where each cell owns its own pixels, play keys, and every export that
draws it (or refuses in one line)."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from export.test_print_exports import parse, segments, wall_lines
from helpers import is_spanning_tree, styled_board
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import main
from visualizer.export.formats import ExportOptions
from visualizer.export.json_io import dumps, loads
from visualizer.export.svg import write as svg_write
from visualizer.grids import TriangleGrid, make_grid
from visualizer.play.game import Game
from visualizer.render.board import Board
from visualizer.render.themes import DARK
from visualizer.run.spec import MazeSpec

GRAPH_ALGORITHMS = [name for name, info in ALGORITHMS.items() if info.supports("triangle")]
sizes = st.tuples(st.integers(2, 12), st.integers(1, 8))


def test_cells_alternate_and_have_three_sides_at_most():
    grid = make_grid("triangle", 4, 3)
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        directions = {d for d, _ in grid.neighbours(cell)}
        assert TriangleGrid.N not in directions if (x + y) % 2 == 0 else TriangleGrid.S not in directions
        assert len(directions) <= 3
    assert {d for d, _ in grid.neighbours(grid.cell(2, 1))} == {TriangleGrid.N, TriangleGrid.E, TriangleGrid.W}


def test_one_column_of_triangles_is_refused_in_one_line(capsys):
    assert main(["generate", "-g", "triangle", "-s", "1x5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at least 2x1" in err


def test_the_listed_algorithms_are_the_graph_ones():
    assert {"backtracker", "prim", "kruskal", "wilson", "aldous_broder", "hunt_and_kill", "growing_tree",
            "prim_true", "prim_simplified", "blobby_division"} <= set(GRAPH_ALGORITHMS)
    for row_based in ("sidewinder", "eller", "recursive_division", "binary_tree"):
        assert not ALGORITHMS[row_based].supports("triangle")


@pytest.mark.parametrize("name", [n for n in GRAPH_ALGORITHMS if ALGORITHMS[n].perfect])
@given(size=sizes, seed=st.integers(0, 10**6))
def test_every_perfect_algorithm_makes_a_spanning_tree(name, size, seed):
    assert is_spanning_tree(MazeSpec(name, "triangle", *size, seed).build())


@given(size=sizes, view=st.tuples(st.integers(80, 600), st.integers(80, 500)))
def test_every_cell_owns_the_pixel_at_its_centre(size, view):
    """The picture puts each triangle where the plane geometry says: its centroid pixel is its own."""
    grid = make_grid("triangle", *size)
    board = Board(grid, *view)
    if board.cell_pixels < 6:
        return  # too small to have an inside
    for cell in range(grid.size):
        x, y = board.cell_centre(cell)
        assert board.cell_at(int(x), int(y)) == cell


@given(size=sizes, seed=st.integers(0, 10**6), braid=st.sampled_from([0, 50]))
def test_the_svg_draws_each_wall_once(size, seed, braid):
    """Walls = closed passages between neighbours + border sides (a triangle's missing direction is
    not a side) - the entrance and exit gaps; every segment one side long."""
    spec = MazeSpec("prim", "triangle", *size, seed, {"braid": braid})
    maze = spec.build()
    grid = maze.grid
    inner = sum(1 for c in range(grid.size) for d, nb in grid.neighbours(c) if nb > c and not maze.is_open(c, d))
    border = sum(3 - len(grid.neighbours(c)) for c in range(grid.size))
    segs = segments(wall_lines(parse(svg_write(maze, spec, ExportOptions()))))
    assert len(segs) == inner + border - 2
    lengths = [math.dist(a, b) for a, b in segs]
    assert max(lengths) - min(lengths) < 0.05  # coordinates are written to two decimals


def test_json_round_trip_keeps_the_shape():
    spec = MazeSpec("wilson", "triangle", 9, 5, 3)
    maze = spec.build()
    again, again_spec = loads(dumps(maze, spec))
    assert again.grid.kind == "triangle" and np.array_equal(again.passages, maze.passages)
    assert again_spec is not None and again_spec.with_(params={}) == spec


@pytest.mark.parametrize("fmt", ["png", "gif", "pdf", "svg"])
def test_every_drawing_export_takes_triangles(tmp_path, fmt):
    out = tmp_path / f"maze.{fmt}"
    assert main(["generate", "-g", "triangle", "-a", "kruskal", "-s", "10x6", "--seed", "2", "-o", str(out)]) == 0
    assert out.stat().st_size > 200


def test_text_export_refuses_in_one_line(capsys):
    assert main(["generate", "-g", "triangle", "-s", "6x4", "-f", "text"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_arrows_walk_to_the_neighbour_in_their_direction_where_it_exists():
    spec = MazeSpec("backtracker", "triangle", 6, 4, 1)
    grid = spec.make_grid()
    maze = spec.build()
    maze.passages[:] = 0
    for cell in range(grid.size):  # every wall open: every move that has a neighbour succeeds
        for d, _ in grid.neighbours(cell):
            maze.passages[cell] |= 1 << d
    up_cell, down_cell = grid.cell(2, 2), grid.cell(3, 2)  # (2, 2) points up, (3, 2) down
    game = Game(spec=spec, maze=maze, position=up_cell)
    assert not game.move_named("up")  # no flat top on an upward triangle
    assert game.move_named("down") and game.position == grid.cell(2, 3)
    game = Game(spec=spec, maze=maze, position=down_cell)
    assert game.move_named("up") and game.position == grid.cell(3, 1)
    game = Game(spec=spec, maze=maze, position=down_cell)
    assert game.move_named("left") and game.position == up_cell
    assert game.move_named("right") and game.position == down_cell


def test_the_window_draws_a_triangle_maze(screen):
    from visualizer.app.shell import Shell

    app = Shell(MazeSpec("backtracker", "triangle", 16, 8, 5), speed=float("inf"), screen=screen)
    app.base.run.finish_generation()
    app.frame([], 0)
    view = app.view_rect()
    pixels = pygame.surfarray.array3d(app.screen.subsurface(view))
    floor = (pixels == np.array(DARK.floor)).all(axis=2).sum()
    assert floor > view.width * view.height * 0.2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_walls_are_solid_from_corner_to_corner(seed):
    """Every closed side is wall along its whole length, its two corners included (without posts
    the pixels round a corner went to an open side and straight walls looked dashed)."""
    from visualizer.render.styles import WALL_STYLE

    spec = MazeSpec("backtracker", "triangle", 14, 7, seed)
    maze = spec.build()
    grid = maze.grid
    board = styled_board(maze, 700, 420)
    scale, origin = board.camera.scale, np.array(board.camera.origin)
    segments = grid.edge_segments()
    checked = 0
    for cell in range(grid.size):
        for d in range(4):
            a, b = segments[cell, d]
            if np.allclose(a, b) or (cell, d) in (maze.entrance, maze.exit) or maze.is_open(cell, d):
                continue
            for t in np.linspace(0, 1, 15):
                x, y = ((a + (b - a) * t) * scale + origin).astype(int)
                if not (0 <= x < board.width and 0 <= y < board.height):
                    continue  # the outer edge of the border wall can fall on the view's last pixel
                assert board.element_style[board.owner[x, y]] == WALL_STYLE, (cell, d, t)
                checked += 1
    assert checked > 500


def test_a_corner_inside_an_open_room_is_floor():
    """Where six triangles are joined all round (inside a dungeon room), the post is floor, not a
    speck of wall."""
    from visualizer.render.styles import WALL_STYLE

    spec = MazeSpec("dungeon", "triangle", 24, 12, 4, {"room_min": 4, "room_max": 6})
    maze = spec.build()
    board = styled_board(maze, 720, 400)
    line, column = np.divmod(np.arange(board.corner_count), maze.grid.width + 2)
    posts = np.flatnonzero((line + column - 1) % 2 == 0)  # a corner is where an upward triangle has its tip
    around = board.layout.corner_cells(posts)
    joined = maze.grid.corner_joined(maze.passages, around)
    for k, cells in enumerate(around.tolist()):  # oracle: six cells, each open to the next
        ring = list(zip(cells, cells[1:] + cells[:1]))
        expected = min(cells) >= 0 and all(maze.is_open(a, maze.grid.direction_between(a, b)) for a, b in ring)
        assert bool(joined[k]) == expected, posts[k]
    inside = posts[joined]
    assert len(inside) > 3
    assert (board.element_style[board.corner_base + inside] != WALL_STYLE).all()
    shown = board.owner[board.owner >= board.corner_base] - board.corner_base
    assert np.isin(inside, shown).any()  # and they are drawn


def wall_distances(board: Board, maze, closed: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """Each pixel's distance, in pixels, from its centre to the nearest of the ``closed`` sides."""
    scale, origin = board.camera.scale, np.array(board.camera.origin)
    xs = np.arange(board.width) + 0.5
    ys = np.arange(board.height) + 0.5
    px, py = np.meshgrid(xs, ys, indexing="ij")
    nearest = np.full(px.shape, np.inf)
    for a, b in closed:
        a, b = a * scale + origin, b * scale + origin
        along = b - a
        t = np.clip(((px - a[0]) * along[0] + (py - a[1]) * along[1]) / along.dot(along), 0, 1)
        nearest = np.minimum(nearest, np.hypot(px - a[0] - t * along[0], py - a[1] - t * along[1]))
    return nearest


HOLED = ("............", "....XXX.....", "....XXX.....", "............", "X...........", "XX..........")
"""A mask with a hole and a cut corner: its kept cells' joins are renumbered, the missing ones' dropped."""


@pytest.mark.parametrize(("seed", "weight", "masked"), [(1, "normal", False), (2, "thick", False),
                                                        (3, "normal", False), (4, "thick", True)])
def test_a_closed_side_is_wall_across_its_whole_width_even_beside_an_open_corner(seed, weight, masked):
    """Near a corner a pixel is within half a wall of two sides; when the nearer one is open and
    the other closed it used to show the floor: a notch beside each post, and straight walls
    looked beaded on a projector. Every pixel well within half a wall of a closed side (border
    included) is wall, and every wall pixel is about that close to one."""
    from visualizer.grids import Mask
    from visualizer.grids.layout import half_wall
    from visualizer.render.board import WALL_WEIGHTS
    from visualizer.render.styles import WALL_STYLE

    spec = MazeSpec("backtracker", "triangle", 12, 6, seed, mask=Mask(HOLED) if masked else None)
    maze = spec.build()
    grid = maze.grid
    board = Board(grid, 640, 400, walls=WALL_WEIGHTS[weight])
    from visualizer.run.overlay import Overlay

    overlay = Overlay(grid)
    overlay.finish()
    board.restyle(maze, overlay)
    segments_ = grid.edge_segments()
    closed = [(segments_[cell, d][0], segments_[cell, d][1]) for cell in range(grid.size) for d in range(4)
              if not np.allclose(*segments_[cell, d]) and not maze.is_open(cell, d)
              and (cell, d) not in (tuple(maze.entrance), tuple(maze.exit))]
    distance = wall_distances(board, maze, closed)
    reach = half_wall(board.camera.scale * 0.08, board.walls)
    wall = board.element_style[board.owner] == WALL_STYLE
    inside = distance < reach * math.sin(math.pi / 3) - 0.5  # a side of the triangle beside, through the
    # same corner, may lose a sliver of its edge at the corner (up to 13% of half a wall: not joined)
    assert inside.sum() > 5000
    assert wall[inside].all(), np.argwhere(inside & ~wall)[:5]
    assert (distance[wall] < reach + 0.75).all(), np.argwhere(wall & (distance > reach + 0.75))[:5]


def test_a_click_beside_a_corner_picks_the_triangle_it_falls_in():
    """Pixels near a corner within half a wall of two sides are joins: a click there picks the
    triangle they lie in, as a click on its floor or its own wall does (not nothing)."""
    maze = MazeSpec("backtracker", "triangle", 12, 6, 5).build()
    board = styled_board(maze, 640, 400)
    xs, ys = np.nonzero(board.owner >= board.join_base)
    assert len(xs) > 100
    centres = board.cell_centres()
    for x, y in list(zip(xs.tolist(), ys.tolist()))[::7]:
        cell = board.cell_at(x, y)
        assert cell >= 0, (x, y)
        nearest = int(np.argmin(np.hypot(*(centres - np.array([x + 0.5, y + 0.5])).T)))
        assert cell == nearest, (x, y, cell, nearest)  # near a corner, nearest its own triangle's centre
