"""Editing the finished maze in the window (dummy video driver), as a student does it: clicking a
wall pixel opens that wall, the solver runs again and finds the new shortest path, a marker drags
the entrance, Ctrl+drag paints cells out, Ctrl+Z / Ctrl+Y undo and redo (and Ctrl+Z is not Z),
Ctrl+J saves the edited maze as JSON, Ctrl+A animates the re-solve, every endpoint has a marker."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from visualizer.app.legend import legend_fit, meaning
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.core.distance import distances_from, heat_levels
from visualizer.core.maze import CellState
from visualizer.core.narration import plural
from visualizer.export.json_io import dumps, loads
from visualizer.render.contrast import ratio
from visualizer.render.markers import ENTRANCE
from visualizer.render.palette import HEAT_LEVELS, Style
from visualizer.render.styles import cell_styles
from visualizer.render.themes import current as current_theme
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


def make_shell(screen, size=(12, 8)):
    shell = Shell(MazeSpec("backtracker", "square", *size, 3), speed=INSTANT, screen=screen)
    shell.frame([], 0.0)
    shell.base.run.finish_generation()
    shell.frame([], 0.0)
    return shell


def at(shell, x: float, y: float) -> tuple[int, int]:
    view = shell.view_rect()
    return int(view.left + x), int(view.top + y)


def centre(shell, cell: int) -> tuple[int, int]:
    return at(shell, *shell.board.cell_centre(cell))


def between(shell, a: int, b: int) -> tuple[int, int]:
    (ax, ay), (bx, by) = shell.board.cell_centre(a), shell.board.cell_centre(b)
    return at(shell, (ax + bx) / 2, (ay + by) / 2)


def mouse(shell, *points, mods=0):
    """Press at the first point, move through the others, let go at the last."""
    pygame.key.set_mods(mods)
    try:
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1)]
        last = points[0]
        for point in points[1:]:
            rel = (point[0] - last[0], point[1] - last[1])
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=rel, buttons=(1, 0, 0)))
            last = point
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=last, button=1))
        shell.frame(events, 1 / 60)
    finally:
        pygame.key.set_mods(0)


def pixel(shell, cell: int) -> tuple[int, int, int]:
    """The colour drawn at the centre of ``cell`` on the screen."""
    shell.draw()
    r, g, b, *_ = shell.screen.get_at(centre(shell, cell))
    return r, g, b


def press(shell, code, mod=0):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")], 1 / 60)


def closed_walls(maze):
    grid = maze.grid
    return [(c, d, nb) for c in range(grid.size) for d, nb in grid.neighbours(c) if c < nb and not maze.is_open(c, d)]


def test_clicking_a_wall_pixel_opens_that_wall_and_ctrl_z_closes_it_again(screen):
    shell = make_shell(screen)
    maze = shell.base.run.maze
    cell, d, other = closed_walls(maze)[0]
    before = dumps(maze)
    mouse(shell, between(shell, cell, other))
    assert maze.is_open(cell, d) and maze.is_open(other, maze.grid.opposite(d))
    rows = dict(shell.base.panel_lines())
    assert rows["Perfect"] == "no: 1 loop (one drawn in red)"
    assert "opened the wall" in shell.toast[0].lower() and "1 loop" in shell.toast[0]
    after = dumps(maze)
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    assert dumps(maze) == before and not maze.is_open(cell, d)
    press(shell, pygame.K_y, pygame.KMOD_CTRL)
    assert dumps(maze) == after
    mouse(shell, between(shell, cell, other))  # a click on the passage closes it
    assert not maze.is_open(cell, d)


def test_the_solver_runs_again_after_an_edit_and_finds_the_new_shortest_path(screen):
    shell = make_shell(screen)
    run = shell.base.run
    maze = run.maze
    press(shell, pygame.K_s)
    run.step(1 << 20)
    shell.frame([], 0)
    start, goal = maze.entrance[0], maze.exit[0]
    old = len(run.solution)

    def shortened(wall):
        cell, d, _ = wall
        copy = maze.copy()
        copy.passages[cell] |= 1 << d
        copy.passages[copy.grid.neighbour(cell, d)] |= 1 << copy.grid.opposite(d)
        return len(shortest_path(copy, start, goal))

    cell, d, other = min(closed_walls(maze), key=shortened)
    mouse(shell, between(shell, cell, other))
    assert run.solution and len(run.solution) < old
    assert len(run.solution) == len(shortest_path(maze, start, goal))
    assert all(b in maze.open_neighbours(a) for a, b in zip(run.solution, run.solution[1:]))
    assert f"(was {old:,})" in shell.toast[0]


def test_ctrl_z_is_not_z_and_z_still_fits_the_view(screen):
    shell = make_shell(screen)
    shell.zoom(2.0, shell.view_rect().center)
    shell.frame([], 0)
    camera = shell.camera
    assert camera is not None
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    assert shell.camera == camera and "Nothing to undo" in shell.toast[0]
    press(shell, pygame.K_z)
    assert shell.camera is None


def test_dragging_the_entrance_moves_it_and_its_marker_shows_there(screen):
    shell = make_shell(screen)
    maze, grid = shell.base.run.maze, shell.base.run.grid
    target = grid.cell(5, 0)
    mouse(shell, centre(shell, maze.entrance[0]), centre(shell, grid.cell(2, 0)), centre(shell, target))
    assert maze.entrance == (target, grid.entrance_direction)
    shell.frame([], 0)
    x, y = centre(shell, target)
    assert tuple(shell.screen.get_at((x, y)))[:3] == ENTRANCE
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    assert maze.entrance == grid.entrance


def test_a_click_draws_the_solvers_start_at_once(screen):
    shell = make_shell(screen)
    cell = 40
    mouse(shell, centre(shell, cell))
    assert shell.base.endpoints[0] == cell
    shell.frame([], 0)
    x, y = centre(shell, cell)
    view = shell.view_rect()
    reach = int(shell.board.cell_pixels * 0.45)
    drawn = pygame.surfarray.array2d(shell.screen.subsurface(pygame.Rect(x - reach, y - 2, 2 * reach + 1, 5)))
    board = pygame.surfarray.array2d(shell.board_surface.subsurface(
        pygame.Rect(x - view.left - reach, y - view.top - 2, 2 * reach + 1, 5)))
    assert (drawn != board).any(), "the ring is drawn over the cell"


def test_ctrl_drag_paints_cells_out_and_the_panel_counts_the_cut_off(screen):
    shell = make_shell(screen)
    maze, grid = shell.base.run.maze, shell.base.run.grid
    cells = [grid.cell(4, 3), grid.cell(5, 3), grid.cell(6, 3)]
    mouse(shell, *(centre(shell, c) for c in cells), mods=pygame.KMOD_CTRL)
    assert all(maze.state[c] == CellState.UNVISITED and maze.passages[c] == 0 for c in cells)
    assert "removed 3 cells" in shell.toast[0].lower()
    rows = dict(shell.base.panel_lines())
    assert "cut off (boxed)" in rows["Perfect"] and rows["Edits"].startswith("1 ")
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    assert all(maze.open_mask()[c] for c in cells)


def test_ctrl_j_saves_the_edited_maze_as_json(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    shell = make_shell(screen)
    maze = shell.base.run.maze
    cell, d, other = closed_walls(maze)[0]
    mouse(shell, between(shell, cell, other))
    press(shell, pygame.K_j, pygame.KMOD_CTRL)
    saved = list(tmp_path.glob("*-edited.json"))
    assert len(saved) == 1 and "JSON saved" in shell.toast[0]
    again, _ = loads(saved[0].read_text())
    assert np.array_equal(again.passages, maze.passages) and again.is_open(cell, d)


def test_ctrl_a_animates_the_solve_after_an_edit(screen):
    shell = make_shell(screen)
    run = shell.base.run
    shell.base.speed = 30.0  # events a second: an animation to watch
    press(shell, pygame.K_a, pygame.KMOD_CTRL)
    assert "animates" in shell.toast[0]
    press(shell, pygame.K_SPACE)  # paused: the edit's solve still plays
    cell, d, other = closed_walls(run.maze)[0]
    mouse(shell, between(shell, cell, other))
    assert run.solver is not None and run.solver_events < 50  # animated: not finished in one frame
    for _ in range(2000):
        shell.frame([], 0.1)
        if run.solution is not None:
            break
    shell.frame([], 0.1)
    assert run.solution and f"path of {len(run.solution):,} cells" in shell.toast[0]


@pytest.mark.parametrize("kind", ["hex", "triangle", "polar"])
def test_a_wall_click_opens_the_wall_on_every_grid(screen, kind):
    shell = Shell(MazeSpec("backtracker", kind, 8, 6, 3), speed=INSTANT, screen=screen)
    shell.frame([], 0.0)
    shell.base.run.finish_generation()
    shell.frame([], 0.0)
    maze = shell.base.run.maze
    def near(wall):  # polar rings wrap: a wall whose cells' midpoint lies on it
        (ax, ay), (bx, by) = shell.board.cell_centre(wall[0]), shell.board.cell_centre(wall[2])
        return math.hypot(ax - bx, ay - by) < 2 * shell.board.cell_pixels

    cell, d, other = next(wall for wall in closed_walls(maze) if near(wall))
    mouse(shell, between(shell, cell, other))
    assert maze.is_open(cell, d)


def test_the_distance_map_follows_every_edit_and_its_undo(screen):
    shell = make_shell(screen)
    maze = shell.base.run.maze
    press(shell, pygame.K_d)

    def shown_matches_the_maze():
        expected = heat_levels(distances_from(maze, maze.entrance[0]), HEAT_LEVELS)
        return np.array_equal(shell.base.run.overlay.heat, expected)

    assert shown_matches_the_maze()
    grid = maze.grid
    cell, d = next((c, d) for c in range(grid.size) for d, nb in grid.neighbours(c) if maze.is_open(c, d))
    mouse(shell, between(shell, cell, grid.neighbour(cell, d)))  # cuts part of the maze off
    assert not maze.is_open(cell, d) and shown_matches_the_maze()
    assert (shell.base.run.overlay.heat < 0).any(), "the cut-off cells have no distance"
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    shell.frame([], 0)
    assert maze.is_open(cell, d) and shown_matches_the_maze()


def test_a_dragged_marker_follows_the_pointer_before_it_is_let_go(screen):
    shell = make_shell(screen)
    maze, grid = shell.base.run.maze, shell.base.run.grid
    target = grid.cell(0, 4)
    start, there = centre(shell, maze.entrance[0]), centre(shell, target)
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=there, rel=(0, there[1] - start[1]), buttons=(1, 0, 0))],
                1 / 60)
    assert maze.entrance == grid.entrance  # not moved yet
    assert tuple(shell.screen.get_at(there))[:3] == ENTRANCE
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=there, button=1)], 1 / 60)
    assert maze.entrance[0] == target


def test_p_plays_the_edited_maze_and_refuses_one_whose_exit_is_cut_off(screen):
    shell = make_shell(screen)
    maze, grid = shell.base.run.maze, shell.base.run.grid
    exit_cell = maze.exit[0]
    ways = [(exit_cell, d, nb) for d, nb in grid.neighbours(exit_cell) if maze.is_open(exit_cell, d)]
    for cell, _, other in ways:  # wall the exit in
        mouse(shell, between(shell, cell, other))
    press(shell, pygame.K_p)
    assert shell.scene is shell.base and "cut off" in shell.toast[0]
    for _ in ways:
        press(shell, pygame.K_z, pygame.KMOD_CTRL)
    cell, d, other = closed_walls(maze)[0]
    mouse(shell, between(shell, cell, other))
    press(shell, pygame.K_p)
    assert shell.scene.name == "play" and shell.scene.game.maze.is_open(cell, d)


def cut_a_row_out(shell, row=3):
    """S solves, then Ctrl+drag takes a whole row out of the maze: the exit is cut off from the entrance."""
    press(shell, pygame.K_s)
    for _ in range(3):
        shell.frame([], 1 / 60)
    grid = shell.base.run.grid
    cells = [grid.cell(x, row) for x in range(grid.width)]
    mouse(shell, *(centre(shell, c) for c in cells), mods=pygame.KMOD_CTRL)
    for _ in range(3):
        shell.frame([], 1 / 60)
    return cells


def test_a_goal_cut_off_by_an_edit_is_said_to_be_cut_off_not_a_solver_going_round(screen):
    shell = make_shell(screen)
    cut_a_row_out(shell)
    assert "no way through now (the goal is cut off)" in shell.toast[0]
    press(shell, pygame.K_s)  # clears the solution
    press(shell, pygame.K_s)  # solves again: the solver's own report
    for _ in range(5):
        shell.frame([], 1 / 60)
    said = shell.toast[0]
    assert "cannot be reached from the start (cut off)" in said, said
    assert "round in circles" not in said


def test_removed_cells_read_as_removed_on_hover_and_in_the_legend(screen):
    shell = make_shell(screen)
    cells = cut_a_row_out(shell)
    rows = dict(shell.base.hover_lines(cells[2]))
    assert rows["Is"] == "removed (not in the maze)"
    legend = [meaning(key, label) for key, label in shell.panel_content().legend]
    assert "removed (not in the maze)" in legend and "not yet visited" not in legend
    assert dict(shell.base.hover_lines(cells[0] - shell.base.run.grid.width))["Is"] == "passage"


def test_removed_cells_have_their_own_colour_not_the_grey_of_unvisited_ones_and_undo_gives_it_back(screen):
    shell = make_shell(screen)
    run = shell.base.run
    cells = cut_a_row_out(shell)
    styles = cell_styles(run.maze, run.overlay)
    assert set(styles[cells].tolist()) == {Style.REMOVED}
    shown = [pixel(shell, c) for c in cells]
    assert len(set(shown)) == 1 and shown[0] == current_theme().colour(Style.REMOVED)
    assert ratio(shown[0], current_theme().colour(Style.UNVISITED)) >= 3
    press(shell, pygame.K_z, pygame.KMOD_CTRL)
    shell.frame([], 1 / 60)
    assert Style.REMOVED not in cell_styles(run.maze, run.overlay).tolist()
    assert "removed" not in [key for key, _ in shell.panel_content().legend]


def drag_held(shell, *points, mods=pygame.KMOD_CTRL):
    """Press at the first point and move through the others, the button still down."""
    pygame.key.set_mods(mods)
    try:
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1)]
        for last, point in zip(points, points[1:]):
            rel = (point[0] - last[0], point[1] - last[1])
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=rel, buttons=(1, 0, 0)))
        shell.frame(events, 1 / 60)
    finally:
        pygame.key.set_mods(0)


@pytest.mark.parametrize("solved", [False, True])
def test_cells_painted_out_show_the_removed_colour_during_the_drag_not_only_after(screen, solved):
    """Ctrl+drag, the button still down: each cell taken out is drawn in the removed colour at once
    (it was grey, like a cell waiting to be visited, or kept the search's colour, until the button
    came up); a stroke that brings cells back shows them as maze again while it goes."""
    shell = make_shell(screen)
    if solved:
        press(shell, pygame.K_s)
        for _ in range(3):
            shell.frame([], 1 / 60)
        assert shell.base.run.overlay.mark.any()
    grid = shell.base.run.grid
    removed, floor = current_theme().colour(Style.REMOVED), current_theme().colour(Style.UNVISITED)
    cells = [grid.cell(x, 3) for x in range(3, 7)]
    drag_held(shell, *(centre(shell, c) for c in cells))
    assert [pixel(shell, c) for c in cells] == [removed] * len(cells)
    assert floor != removed
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre(shell, cells[-1]), button=1)], 1 / 60)
    assert [pixel(shell, c) for c in cells] == [removed] * len(cells)
    drag_held(shell, *(centre(shell, c) for c in cells[:2]))  # starts on a removed cell: brings cells back
    assert removed not in [pixel(shell, c) for c in cells[:2]]
    assert [pixel(shell, c) for c in cells[2:]] == [removed] * 2


def test_the_removed_entry_stays_when_a_crowded_legend_leaves_colours_out(screen):
    """Large text on a small window: the board's plain colours go first, the edits' words last."""
    shell = make_shell(screen)
    cut_a_row_out(shell)
    legend = tuple(shell.panel_content().legend)
    shown, left_out = legend_fit(legend, 300, 30, 30 * 7)
    assert left_out > 0 and "removed" in [key for key, _ in shown]


@pytest.mark.parametrize(("window", "steps"), [((1024, 768), -2), ((1024, 768), 0), ((1024, 768), 1),
                                               ((1920, 1080), 2), ((800, 600), 0)])
def test_after_an_edit_the_legend_lists_everything_the_board_shows(window, steps, monkeypatch):
    """Solved, then a wall opened that makes a loop, the pointer on a cell and the edit's message
    showing: the legend still names the path and the red loop at body size; what it leaves out
    (the walls first) a last line counts, and figures give way before the legend does."""
    from visualizer.app import text
    from visualizer.app.legend import meaning
    from visualizer.app.main import open_window
    screen = open_window(window)
    try:
        for _ in range(abs(steps)):
            text.step_scale(1 if steps > 0 else -1)
        shell = make_shell(screen, (10, 8))
        press(shell, pygame.K_s)
        for _ in range(3):
            shell.frame([], 1 / 60)
        maze = shell.base.run.maze
        cell, d, other = next((c, d, nb) for c, d, nb in closed_walls(maze)
                              if maze.open_mask()[c] and maze.open_mask()[nb])
        mouse(shell, between(shell, cell, other))
        shell.hover = cell  # the pointer rests on a cell
        said = []
        plain = text.rendered
        monkeypatch.setattr(text, "rendered", lambda words, size, colour, bold=False:
                            said.append(words) or plain(words, size, colour, bold))
        shell._last_key = None
        shell.frame([], 1 / 60)
        content = shell.panel_content()
        assert content.message and content.hover is not None
        keys = [key for key, _ in content.legend]
        assert {"path", "wall", "loop"} <= set(keys), keys
        drawn = " ".join(said)
        listed = [key for key, label in content.legend if meaning(key, label) in said  # one line, or wrapped:
                  or (" " in meaning(key, label) and meaning(key, label) in drawn)]
        for key in ("path", "loop"):
            assert key in listed, f"the legend lost {key!r}"
        left_out = len(content.legend) - len(listed)
        assert not left_out or f"{plural(left_out, 'more colour')} not listed" in drawn, "entries left out silently"
        assert "Legend" in said
    finally:
        text._scale[0] = 1.0
        text.font.cache_clear()
        pygame.quit()


def board_pixels(shell):
    view = shell.view_rect()
    return pygame.surfarray.array2d(shell.screen.subsurface(view)).copy()


@pytest.mark.parametrize("solver", ["bfs", "dfs", "wall_right", "astar"])
def test_a_large_mazes_re_solve_lands_within_frames_as_a_whole_solve_and_a_full_repaint_show_it(screen, solver,
                                                                                                monkeypatch):
    """Past the large-maze threshold (lowered here) the click is drawn before the solver runs
    again; the solve then follows over frames, undrawn, and ends where the solver's own animated
    events end, and the board's changed-cells repaint equals a full redraw."""
    from visualizer.app import hand_edits
    from visualizer.run import overlay

    monkeypatch.setattr(hand_edits, "QUICK_FROM_CELLS", 1)
    monkeypatch.setattr(overlay, "FULL_SHARE", 0)  # never a full redraw: only the changed cells
    shell = make_shell(screen, (16, 10))
    watch, run = shell.base, shell.base.run
    maze = run.maze
    watch.solver = solver
    press(shell, pygame.K_s)
    run.step(1 << 20)
    shell.frame([], 0)
    for wall in closed_walls(maze)[:3] + [(c, d, nb) for c in run.solution[1:3]
                                          for d, nb in maze.grid.neighbours(c) if maze.is_open(c, d)][:1]:
        cell, d, other = wall
        watch.click_wall(cell, d)
        frames = 0
        while watch.edits.resolving or run.overlay.later:
            shell.frame([], 1 / 60)
            frames += 1
            assert frames < 50, "the re-solve ends within a few frames"
        shell.frame([], 1 / 60)
        whole = type(run)(run.spec)
        whole.finish_generation()
        whole.maze = maze.copy()
        whole.overlay.clear_solution()
        whole.solve(solver, *watch.endpoints)
        whole.step(1 << 30)
        assert run.solution == whole.solution
        assert np.array_equal(run.overlay.mark, whole.overlay.mark)
        drawn = board_pixels(shell)
        run.overlay.full_redraw = True
        shell.frame([], 1 / 60)
        assert np.array_equal(board_pixels(shell), drawn), "what changed was repainted, nothing else"


@pytest.mark.parametrize("kept_graph", [False, True])
def test_a_large_mazes_distance_map_follows_an_edit_a_stage_a_frame(screen, monkeypatch, kept_graph):
    """Past the large-maze threshold (lowered here) the distance map is not recomputed in the
    click's frame: the old map stays one frame more, then the new one is the maze's as edited
    (from the adjacency, or from the passage graph the window keeps past its own threshold)."""
    from visualizer.app import hand_edits, maze_figures

    monkeypatch.setattr(maze_figures, "STAGED_DISTANCE_CELLS", 1)
    if kept_graph:
        monkeypatch.setattr(hand_edits, "QUICK_FROM_CELLS", 1)
    shell = make_shell(screen)
    watch, maze = shell.base, shell.base.run.maze
    press(shell, pygame.K_d)

    def shown_matches_the_maze():
        expected = heat_levels(distances_from(maze, maze.entrance[0]), HEAT_LEVELS)
        return np.array_equal(watch.run.overlay.heat, expected)

    assert shown_matches_the_maze()
    grid = maze.grid
    cell, d = next((c, d) for c in range(grid.size) for d, nb in grid.neighbours(c) if maze.is_open(c, d))
    mouse(shell, between(shell, cell, grid.neighbour(cell, d)))  # cuts part of the maze off
    assert watch.figures.distances_pending(watch.run, watch.distance_start()) and not shown_matches_the_maze()
    frames = 0
    while watch.figures.distances_pending(watch.run, watch.distance_start()):
        shell.frame([], 1 / 60)
        frames += 1
        assert frames < (10 if kept_graph else 5), "a few frames (with the kept graph one heavy stage a frame)"
    assert shown_matches_the_maze() and watch.distance_to(cell) is not None


def test_p_on_the_maze_of_a_game_left_plays_it_as_edited_not_the_saved_game(screen, data):
    """After `maze-visualizer play` and Esc, P goes back to the game; once a wall is opened, P plays
    the maze with the wall open instead (the edit is not thrown away for the old save)."""
    command = MazeSpec("backtracker", "square", 12, 8, 42)
    shell = Shell(command, screen=screen)
    shell.open_from_command("play", spec=command, mode="new")
    press(shell, pygame.K_ESCAPE)
    watch = shell.scene
    watch.run.finish_generation()
    shell.frame([], 0.0)
    cell, d, other = closed_walls(watch.run.maze)[0]
    mouse(shell, between(shell, cell, other))
    assert watch.run.maze.is_open(cell, d)
    press(shell, pygame.K_p)
    assert shell.scene.name == "play" and shell.scene.game.own
    assert shell.scene.game.maze.is_open(cell, d)


def test_a_solution_shown_before_p_is_gone_when_the_game_is_left(screen, data):
    """P starts a game without the answer drawn under it, and Esc comes back to the bare maze."""
    shell = make_shell(screen)
    press(shell, pygame.K_s)
    for _ in range(3):
        shell.frame([], 1 / 60)
    assert shell.base.run.overlay.path_length
    press(shell, pygame.K_p)
    press(shell, pygame.K_ESCAPE)
    assert shell.scene is shell.base and shell.base.run.solver is None and not shell.base.run.overlay.path_length


def test_a_re_solves_changed_cells_reach_the_board_in_what_the_frame_has_left(screen, monkeypatch):
    """The cells a re-solve changed are handed to the board after the frame's work: a frame that
    did little hands it all that fits (many frames' worth of the old 20,000), one whose work took
    the frame only the least share; a large repaint times what a cell costs."""
    from visualizer.app import shell as shell_module
    from visualizer.app.scenes import watch as watch_scene

    monkeypatch.setattr(watch_scene, "REPAINT_CELLS", 50)
    shell = make_shell(screen, (60, 40))
    run = shell.base.run
    run.overlay.later.extend(range(run.grid.size))
    shell.frame([], 1 / 60)
    assert not run.overlay.later, "an idle frame's room takes all 2,400 cells"
    monkeypatch.setattr(shell, "_cell_cost", 1e-3)  # 1 ms a cell: the room holds 35
    run.overlay.later.extend(range(run.grid.size))
    shell.frame([], 1 / 60)
    assert len(run.overlay.later) == run.grid.size - 50, "the least share when the room holds fewer"
    monkeypatch.setattr(watch_scene, "REPAINT_CELLS", 3_000)
    monkeypatch.setattr(shell_module, "COSTED_CELLS", 1_000)
    shell.frame([], 1 / 60)
    assert shell._cell_cost < 0.6e-3, "a repaint of 2,350 cells timed what a cell costs (far under 1 ms)"


def test_an_idle_window_counts_a_small_mazes_parts_before_the_first_edit_but_not_a_huge_ones(screen, monkeypatch):
    """Counting the parts of a million cells took 0.7 s and 220 MB in one idle frame: above
    WARM_MOST_CELLS the first edit counts them instead; below, the idle window does, as a
    background task (the window keeps its frame rate until it is done)."""
    from visualizer.app import hand_edits

    shell = make_shell(screen)
    watch = shell.base
    watch.run.finish_generation()
    assert watch.edits.warm_pending and watch.background
    for _ in range(5):
        shell.frame([], 1 / 60)
    assert not watch.edits.warm_pending and not watch.background
    monkeypatch.setattr(hand_edits, "WARM_MOST_CELLS", watch.run.grid.size - 1)
    shell = make_shell(screen)
    watch = shell.base
    watch.run.finish_generation()
    counted = []
    monkeypatch.setattr(watch.edits, "check", lambda: counted.append(1))
    for _ in range(5):
        shell.frame([], 1 / 60)
    assert not counted and not watch.edits.warm_pending
