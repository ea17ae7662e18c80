"""Distance maps and the longest path: the numbers (against plain breadth-first search), the window's
D and F keys, and ``generate --show`` in PNG export."""

from __future__ import annotations

import io
from collections import deque
from contextlib import contextmanager

import numpy as np
import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.main import open_window
from visualizer.app.shell import Shell
from visualizer.cli import main
from visualizer.core import distance
from visualizer.core.distance import Searches, distances_from, heat_levels, longest_path
from visualizer.core.maze import Maze
from visualizer.render.palette import HEAT, HEAT_COLOURS, HEAT_LEVELS
from visualizer.render.styles import cell_styles
from visualizer.run.spec import MazeSpec

recipes = st.builds(
    MazeSpec,
    algorithm=st.sampled_from(["backtracker", "prim", "kruskal", "wilson", "dungeon"]),
    grid=st.sampled_from(["square", "hex"]),
    width=st.integers(1, 14),
    height=st.integers(1, 10),
    seed=st.integers(0, 10**6),
    params=st.sampled_from([{}, {"braid": 50}, {"braid": 100}]),
)


def plain_bfs(maze: Maze, start: int) -> list[int]:
    """The oracle: breadth-first search cell by cell through the maze's own neighbour query."""
    dist = [-1] * maze.grid.size
    dist[start] = 0
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nb in maze.open_neighbours(cell):
            if dist[nb] < 0:
                dist[nb] = dist[cell] + 1
                queue.append(nb)
    return dist


@contextmanager
def searching(with_scipy: bool):
    """Search with scipy at any size, or in Python only (the fallback when the extra is missing)."""
    original = distance.SCIPY_FROM_CELLS
    distance.SCIPY_FROM_CELLS = 0 if with_scipy else 10**12
    try:
        yield
    finally:
        distance.SCIPY_FROM_CELLS = original


def checked(spec: MazeSpec) -> MazeSpec | None:
    try:
        return spec.check()
    except ValueError:  # a dungeon too small for rooms, an algorithm the grid does not take
        return None


@given(recipes, st.integers(0, 10**6), st.booleans())
def test_distances_are_breadth_first_steps_through_open_passages(spec, pick, with_scipy):
    spec = checked(spec)
    if spec is None:
        return
    maze = spec.build()
    start = pick % maze.grid.size
    with searching(with_scipy):
        got = distances_from(maze, start)
    assert got.tolist() == plain_bfs(maze, start)


@given(recipes, st.integers(0, 10**6), st.integers(0, 10**6), st.booleans())
def test_steps_between_two_cells_are_breadth_first_steps_or_cut_off(spec, pick, other, with_scipy):
    """The solution's length in the figures: the goal's parents walked back, on one search of
    passages built once (dungeons and braids leave cells cut off: -1)."""
    spec = checked(spec)
    if spec is None:
        return
    maze = spec.build()
    start, goal = pick % maze.grid.size, other % maze.grid.size
    with searching(with_scipy):
        searches = Searches(maze)
        got = [searches.steps_between(start, goal), searches.steps_between(goal, start)]
    assert got == [plain_bfs(maze, start)[goal], plain_bfs(maze, goal)[start]]


@given(recipes, st.booleans())
def test_the_longest_path_is_a_walk_through_open_passages_between_its_ends(spec, with_scipy):
    spec = checked(spec)
    if spec is None:
        return
    maze = spec.build()
    with searching(with_scipy):
        path = longest_path(maze)
    cells = path.cells
    assert len(set(cells)) == len(cells)
    for a, b in zip(cells, cells[1:]):
        assert b in maze.open_neighbours(a)
    # It is a shortest path between its ends...
    assert plain_bfs(maze, cells[0])[cells[-1]] == len(cells) - 1
    if not spec.params and spec.info.perfect:
        # ...and on a tree nothing is farther apart: the true diameter, by brute force.
        diameter = max(max(plain_bfs(maze, c)) for c in range(maze.grid.size))
        assert path.length == diameter + 1


def test_a_maze_with_no_open_cell_has_no_longest_path():
    maze = Maze(MazeSpec("backtracker", "square", 3, 3).make_grid())
    assert longest_path(maze).cells == () and longest_path(maze).ends == (-1, -1)


def test_colour_steps_grow_with_distance_and_the_farthest_cell_gets_the_darkest():
    dist = np.array([0, 3, 7, -1, 14, 14, 1])
    levels = heat_levels(dist, 8)
    assert levels.tolist() == [0, 1, 3, -1, 7, 7, 0]
    assert heat_levels(np.array([0, -1]), 8).tolist() == [0, -1]  # a lone cell: no division by zero


def test_the_scale_runs_light_to_dark():
    """Light to dark as the eye sees it (WCAG relative luminance), so the map reads in grey too."""
    from visualizer.render.contrast import luminance

    brightness = np.array([luminance(tuple(int(v) for v in colour)) for colour in HEAT_COLOURS])
    assert len(HEAT_COLOURS) == HEAT_LEVELS
    assert (np.diff(brightness) < 0).all()


# --- the window -----------------------------------------------------------------


@pytest.fixture
def shell():
    screen = open_window((1024, 768))
    app = Shell(MazeSpec("backtracker", "square", 16, 10, 7), speed=float("inf"), screen=screen)
    app.base.run.finish_generation()
    app.frame([], 0)
    yield app
    pygame.quit()


def press(app, code):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")], 1 / 60)
    app.frame([pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="")], 1 / 60)


def board_colour(app, cell):
    x, y = app.board.cell_centre(cell)
    view = app.view_rect()
    return tuple(app.screen.get_at((int(view.left + x), int(view.top + y))))[:3]


def test_d_colours_every_cell_by_its_steps_from_the_entrance_and_shows_the_scale(shell):
    scene = shell.base
    maze = scene.run.maze
    steps = np.array(plain_bfs(maze, maze.entrance[0]))
    steps[maze.exit[0]] = -1  # the exit's marker covers its cell
    far = int(np.argmax(steps))
    plain = board_colour(shell, far)
    press(shell, pygame.K_d)
    styles = cell_styles(maze, scene.run.overlay, np.arange(maze.grid.size))
    expected = heat_levels(np.array(plain_bfs(maze, maze.entrance[0])), HEAT_LEVELS)
    assert (styles == HEAT + expected).all()
    assert board_colour(shell, far) == tuple(HEAT_COLOURS[expected[far]]) != plain
    scale = scene.colour_scale()
    assert scale is not None and scale.high == f"{max(plain_bfs(maze, maze.entrance[0])):,}"
    assert "distance" in scene.legend_keys()
    press(shell, pygame.K_d)
    assert scene.colour_scale() is None and scene.run.overlay.heat is None
    assert board_colour(shell, far) == plain


def test_a_clicked_cell_becomes_where_distances_are_measured_from(shell):
    scene = shell.base
    press(shell, pygame.K_d)
    scene.click(37, False)
    shell.frame([], 0)
    assert board_colour(shell, 37) == tuple(HEAT_COLOURS[0])
    assert scene.hover_lines(37)[-1] == ("Distance", f"0 steps from {scene.cell_name(37)}")
    assert scene.distances().tolist() == plain_bfs(scene.run.maze, 37)


def test_the_distance_map_follows_a_growing_maze():
    screen = open_window((960, 600))
    try:
        app = Shell(MazeSpec("prim", "hex", 12, 8, 2), speed=60.0, screen=screen)
        press(app, pygame.K_d)
        app.frame([], 0.5)
        run = app.base.run
        reached = run.overlay.heat >= 0
        for _ in range(20):
            app.frame([], 0.5)
        assert (run.overlay.heat >= 0).sum() > reached.sum()  # more cells joined, more cells coloured
        assert run.overlay.heat.tolist() == heat_levels(
            np.array(plain_bfs(run.maze, run.maze.entrance[0])), HEAT_LEVELS).tolist()
    finally:
        pygame.quit()


def test_f_draws_the_longest_path_and_names_its_length_and_ends(shell):
    scene = shell.base
    path = longest_path(scene.run.maze)
    before = board_colour(shell, path.cells[len(path.cells) // 2])
    press(shell, pygame.K_f)
    row = dict(scene.panel_lines())["Longest path"]
    a, b = path.ends
    assert row == f"{path.length:,} cells, {scene.cell_name(a)} to {scene.cell_name(b)}"
    assert board_colour(shell, path.cells[len(path.cells) // 2]) != before
    assert "longest" in scene.legend_keys()
    press(shell, pygame.K_f)
    assert "Longest path" not in dict(scene.panel_lines())


def test_d_off_then_f_leaves_no_word_of_the_distance_map_behind(shell):
    """Each of M, D and F says what it did, on or off: "Distance map: steps from the entrance"
    stood on under the longest path after D was pressed again and F after it."""
    press(shell, pygame.K_d)
    assert shell.toast[0].startswith("Distance map: steps")
    press(shell, pygame.K_d)
    assert "Distance map off" in shell.toast[0]
    press(shell, pygame.K_f)
    assert shell.toast[0].startswith("Longest path drawn") and "Distance" not in shell.toast[0]
    press(shell, pygame.K_f)
    assert "Longest path off" in shell.toast[0]
    press(shell, pygame.K_m)
    press(shell, pygame.K_m)
    assert "Figures off" in shell.toast[0]


# --- PNG export -------------------------------------------------------------------


def load_png(path):
    return pygame.image.load(io.BytesIO(path.read_bytes()))


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_png_export_shows_the_distance_map_and_the_longest_path(tmp_path, grid):
    base = ["generate", "-a", "prim", "-g", grid, "-s", "12x9", "--seed", "4"]
    assert main([*base, "-o", str(tmp_path / "plain.png")]) == 0
    assert main([*base, "--show", "distance", "-o", str(tmp_path / "dist.png")]) == 0
    assert main([*base, "--show", "distance", "--show", "longest", "-o", str(tmp_path / "both.png")]) == 0
    plain, dist, both = (pygame.surfarray.array3d(load_png(tmp_path / f"{n}.png")) for n in ("plain", "dist", "both"))
    assert plain.shape == dist.shape == both.shape
    heat = {tuple(c) for c in HEAT_COLOURS.tolist()}
    colours = {tuple(c) for c in dist.reshape(-1, 3).tolist()}
    maze = MazeSpec("prim", grid, 12, 9, 4).build()
    steps = set(heat_levels(np.array(plain_bfs(maze, maze.entrance[0])), HEAT_LEVELS).tolist())
    assert colours & heat == {tuple(HEAT_COLOURS[k]) for k in steps}  # every step there, nothing else
    assert not colours & heat & {tuple(c) for c in plain.reshape(-1, 3).tolist()} - {tuple(HEAT_COLOURS[0])}
    assert (both != dist).any(axis=2).sum() > 100  # the path is drawn over the map


def test_show_needs_png(capsys):
    assert main(["generate", "--show", "longest", "-f", "json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--show cannot be used with json" in err
