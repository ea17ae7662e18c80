"""Painting cell costs by hand (Shift+drag) in the watch scene: the stroke makes cells dear (or
cheap again), Dijkstra solves again round them, Ctrl+Z / Ctrl+Y undo and redo the stroke, the
JSON export keeps the costs, a Shift+click still sets the goal."""

from __future__ import annotations

import pygame

from tests.app.test_hand_edits import centre, make_shell, mouse, press
from visualizer.core.weights import MAX_WEIGHT, path_cost
from visualizer.export.json_io import dumps, loads
from visualizer.solvers import get_solver
from visualizer.solvers.base import run_to_end


def cheapest_cost(maze):
    path = run_to_end(get_solver("dijkstra").run(maze, None, None))
    return path_cost(maze.weights, path), path


def test_shift_drag_paints_dear_cells_and_dijkstra_goes_round_them(screen):
    shell = make_shell(screen, size=(14, 10))
    watch = shell.base
    watch.solver = "dijkstra"
    press(shell, pygame.K_s)
    watch.run.step(1 << 20)
    shell.frame([], 0)
    maze = watch.run.maze
    assert maze.weights is None
    path = list(watch.run.solution)
    stroke = path[2:6]
    mouse(shell, *(centre(shell, cell) for cell in stroke), mods=pygame.KMOD_SHIFT)
    assert maze.weights is not None and all(maze.weights[c] == MAX_WEIGHT for c in stroke)
    assert int((maze.weights != 1).sum()) == len(stroke), "the stroke painted cells it did not pass"
    assert "painted 4 cells to cost 9" in shell.toast[0].lower()
    cost, best = cheapest_cost(maze)
    assert watch.run.solution == best and path_cost(maze.weights, watch.run.solution) == cost
    assert dict(watch.panel_lines())["Weights"].startswith("painted by hand")
    saved, _ = loads(dumps(maze, watch.spec))
    assert saved.weights is not None and saved.weights.tolist() == maze.weights.tolist()
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    assert maze.weights is None and watch.run.solution == path
    press(shell, pygame.K_y, pygame.KMOD_CTRL)
    assert all(maze.weights[c] == MAX_WEIGHT for c in stroke)
    mouse(shell, *(centre(shell, cell) for cell in stroke[:2]), mods=pygame.KMOD_SHIFT)  # starts on dear ground
    assert [int(maze.weights[c]) for c in stroke] == [1, 1, MAX_WEIGHT, MAX_WEIGHT]


def test_a_shift_click_without_a_drag_still_sets_the_goal(screen):
    shell = make_shell(screen)
    watch = shell.base
    mouse(shell, centre(shell, 20), mods=pygame.KMOD_SHIFT)
    assert watch.endpoints[1] == 20 and watch.run.maze.weights is None
    assert not watch.edits.editor.done or watch.edits.editor.done[-1].weights == []


def test_a_weighted_recipe_paints_up_to_its_own_top_cost(screen):
    from visualizer.app.scenes.watch import INSTANT
    from visualizer.app.shell import Shell
    from visualizer.run.spec import MazeSpec

    shell = Shell(MazeSpec("backtracker", "square", 12, 8, 3, {"weights": 4}), speed=INSTANT, screen=screen)
    shell.frame([], 0.0)
    shell.base.run.finish_generation()
    shell.frame([], 0.0)
    maze = shell.base.run.maze
    cell = next(c for c in range(maze.grid.size) if maze.weights[c] < 4)
    mouse(shell, centre(shell, cell), centre(shell, cell + 1), mods=pygame.KMOD_SHIFT)
    assert maze.weights[cell] == 4 and maze.weights.max() == 4


def colours_in_cell(shell, cell: int) -> set[tuple[int, int, int]]:
    """The colours drawn in the middle half of ``cell`` on the screen."""
    shell.draw()
    x, y = centre(shell, cell)
    half = int(shell.board.cell_pixels * 0.25)
    return {tuple(shell.screen.get_at((x + dx, y + dy)))[:3] for dx in range(-half, half + 1)
            for dy in range(-half, half + 1)}


def test_dear_cells_on_the_solution_path_still_show_their_weight(screen):
    """The path runs over dear ground it cannot avoid (a perfect maze): it stays drawn, and the
    dear ground's hatch is drawn over it, so the cost is still seen; the legend names it."""
    from visualizer.app.legend import meaning
    from visualizer.render.palette import DEAREST, Style
    from visualizer.render.themes import current

    shell = make_shell(screen, size=(14, 10))
    watch = shell.base
    watch.solver = "dijkstra"
    press(shell, pygame.K_s)
    watch.run.step(1 << 20)
    shell.frame([], 0)
    stroke = list(watch.run.solution)[2:6]
    mouse(shell, *(centre(shell, cell) for cell in stroke), mods=pygame.KMOD_SHIFT)
    watch.run.step(1 << 20)
    shell.frame([], 0)
    assert set(stroke) <= set(watch.run.solution)  # no way round in a perfect maze
    theme = current()
    for cell in stroke:
        seen = colours_in_cell(shell, cell)
        assert theme.colour(Style.PATH) in seen and theme.colour(DEAREST) in seen, cell
    plain = next(c for c in watch.run.solution if c not in stroke and c != watch.run.solution[0])
    assert theme.colour(DEAREST) not in colours_in_cell(shell, plain)
    legend = [meaning(key, label) for key, label in shell.panel_content().legend]
    assert "dearer ground: darker cells cost more to enter" in legend


def test_past_the_hatch_limit_only_the_paths_dear_cells_keep_their_strokes(screen):
    """A big weighted maze searched wide: the path's dear cells still show, the rest stay plain."""
    import numpy as np

    from visualizer.grids import make_grid
    from visualizer.render.annotations import HATCH_MOST, draw_dear_ground
    from visualizer.render.board import Board
    from visualizer.run.overlay import Mark

    grid = make_grid("square", 40, 40)
    board = Board(grid, 800, 800)  # cells of about 19 pixels
    weights = np.full(grid.size, 9, dtype=np.uint8)
    mark = np.full(grid.size, int(Mark.SEARCH), dtype=np.uint8)
    mark[:10] = int(Mark.PATH)
    assert grid.size > HATCH_MOST
    surface = pygame.Surface((800, 800))
    hatch = (216, 200, 176)
    draw_dear_ground(surface, board, (0, 0), weights, mark, hatch)

    def has_hatch(cell):
        x, y = (int(v) for v in board.cell_centre(cell))
        return any(tuple(surface.get_at((x + d, y - d + e)))[:3] == hatch for d in range(-3, 4) for e in (-1, 0, 1))

    assert all(has_hatch(c) for c in range(10)) and not any(has_hatch(c) for c in range(10, 60))
