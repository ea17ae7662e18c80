"""The window shell: key tables, scenes, mouse, zoom and pan, scrub bar, frame cost, window size."""

import math

import numpy as np
import pygame
import pytest

from visualizer.app import text
from visualizer.app.keys import PLAY_KEYS, SHELL_KEYS, WATCH_KEYS, Binding, KeyPress, KeyTable, keys
from visualizer.app.main import window_size
from visualizer.app.scenes import SCENES
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.app.view_camera import FOLLOW_CELL_PIXELS
from visualizer.core.maze import Maze
from visualizer.grids import GRIDS
from visualizer.render.board import Board
from visualizer.render.markers import marker_size
from visualizer.run.spec import MazeSpec


def make_shell(screen, algorithm="backtracker", grid="square", size=(12, 8), seed=3, speed=60.0):
    shell = Shell(MazeSpec(algorithm, grid, *size, seed), speed=speed, screen=screen)
    shell.frame([], 0.0)
    return shell


def finish(shell):
    shell.base.run.finish_generation()
    shell.frame([], 0.0)


def key(shell, code, mod=0, char="", frames=1):
    events = [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char)]
    for _ in range(frames):
        shell.frame(events, 1 / 60)
        events = []


def mouse(shell, kind, pos, **extra):
    fields = {"pos": pos}
    if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        fields["button"] = extra.pop("button", 1)
    if kind == pygame.MOUSEMOTION:
        fields.update(rel=extra.pop("rel", (0, 0)), buttons=extra.pop("buttons", (0, 0, 0)))
    fields.update(extra)
    shell.frame([pygame.event.Event(kind, **fields)], 1 / 60)


def screen_pos(shell, cell):
    view = shell.view_rect()
    x, y = shell.board.cell_centre(cell)
    return int(view.left + x), int(view.top + y)


# --- key tables ---------------------------------------------------------------------------------

def movement_tables():
    return {kind: KeyTable(tuple(Binding(name, "", "", ((pygame.key.key_code(name), -1),))
                                 for name in cls.PLAY_KEYS)) for kind, cls in GRIDS.items()}


def test_every_binding_is_reachable_by_its_keys():
    for table in (SHELL_KEYS, WATCH_KEYS, PLAY_KEYS):
        for binding in table.bindings:
            for code, mods in binding.chords:
                found = table.find(KeyPress(code, 0 if mods == -1 else mods))
                assert found is binding, (binding.label, code, mods)


def test_no_two_bindings_share_a_key_in_one_scene(screen):
    SHELL_KEYS + WATCH_KEYS  # raises ValueError on a clash
    SHELL_KEYS + PLAY_KEYS
    for kind, moves in movement_tables().items():
        clash = {chord for chord in moves.chords()} & set((SHELL_KEYS + PLAY_KEYS).chords())
        assert not clash, (kind, clash)


def test_a_clash_is_refused():
    with pytest.raises(ValueError, match="share key"):
        KeyTable((Binding("A", "one", "x", keys(pygame.K_a)), Binding("A again", "two", "y", keys(pygame.K_a))))


def test_handle_key_is_a_lookup_that_calls_the_named_command():
    calls = []

    class Owner:
        def hello(self, value):
            calls.append(value)

    table = KeyTable((Binding("A", "say hello", "hello", keys(pygame.K_a), args=(7,)),))
    assert table.handle(Owner(), KeyPress(pygame.K_a))
    assert not table.handle(Owner(), KeyPress(pygame.K_b))
    assert not table.handle(Owner(), KeyPress(pygame.K_a, mods=2))  # Ctrl+A is another key
    assert calls == [7]


def test_scenes_are_registered_and_import_no_other_scene():
    import ast
    import pathlib

    folder = pathlib.Path(__file__).resolve().parents[2] / "visualizer" / "app" / "scenes"
    for path in folder.glob("*.py"):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text())
        imported = {(node.module or "") for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        others = {name for name in SCENES if name != path.stem}
        assert not any(module.split(".")[-1] in others for module in imported), (path.name, imported)


# --- window size, fullscreen, text --------------------------------------------------------------

@pytest.mark.parametrize("desktop", [(1024, 768), (800, 600), (1366, 768)])
def test_the_window_fits_the_screen(desktop):
    width, height = window_size(desktop)
    assert width <= desktop[0] and height <= desktop[1]
    assert (width, height) == (min(1280, desktop[0] - 40), min(800, desktop[1] - 90))


@pytest.mark.parametrize("desktop", [(1920, 1080), (2560, 1440), (3840, 2160)])
def test_a_large_screen_gets_about_nine_tenths_of_it(desktop):
    """A 1920x1080 projector: the board is worth reading without F11, and nothing is off screen."""
    width, height = window_size(desktop)
    assert 0.85 * desktop[0] <= width <= desktop[0] - 40
    assert 0.85 * desktop[1] <= height <= desktop[1] - 90


def test_f11_toggles_fullscreen_and_back(screen):
    shell = make_shell(screen)
    before = shell.screen.get_size()
    key(shell, pygame.K_F11)
    assert shell._windowed_size == before
    key(shell, pygame.K_F11)
    assert shell.screen.get_size() == before and shell._windowed_size is None
    assert (shell.board.width, shell.board.height) == shell.view_rect().size


def test_ctrl_plus_and_minus_scale_the_panel_text_not_the_speed(screen):
    shell = make_shell(screen)
    speed, size = shell.base.speed, shell.text_size()
    key(shell, pygame.K_EQUALS, mod=pygame.KMOD_CTRL)
    assert shell.text_size() > size and shell.base.speed == speed
    key(shell, pygame.K_MINUS, mod=pygame.KMOD_CTRL)
    key(shell, pygame.K_MINUS, mod=pygame.KMOD_CTRL)
    assert shell.text_size() < size and shell.base.speed == speed


def test_wrap_never_loses_or_cuts_words():
    text.font(18)
    line = "carve (22, 3) -> (23, 3) and a_very_long_word_that_cannot_fit_anywhere_at_all"
    parts = text.wrap(line, 18, 120)
    assert all(text.font(18).size(p)[0] <= 120 for p in parts)
    assert "".join(parts).replace(" ", "") == line.replace(" ", "")
    assert not any(p.endswith("...") for p in parts)


def test_messages_never_cover_the_maze(screen):
    shell = make_shell(screen, size=(10, 6), speed=INSTANT)
    finish(shell)
    shell.message("A long message that would have sat over the bottom of the maze in the old window " * 2)
    shell.frame([], 0.0)
    view = shell.view_rect()
    drawn = pygame.surfarray.array2d(shell.screen.subsurface(view))
    board = pygame.surfarray.array2d(shell.board_surface)
    xs, ys = np.nonzero(drawn != board)  # only the entrance and exit markers lie over the maze
    reach = marker_size(shell.board)
    maze = shell.base.run.maze
    centres = [shell.board.cell_centre(cell) for cell in (maze.entrance[0], maze.exit[0])]
    assert all(min(math.hypot(x - cx, y - cy) for cx, cy in centres) <= reach for x, y in zip(xs, ys))


# --- mouse: picking, hover, click ----------------------------------------------------------------

@pytest.mark.parametrize("grid", list(GRIDS))
def test_every_cell_is_picked_at_its_centre(grid):
    spec = MazeSpec("backtracker", grid, 13, 9, 1)
    board = Board(spec.make_grid(), 500, 400)
    for cell in range(board.grid.size):
        x, y = board.cell_centre(cell)
        assert board.cell_at(int(x), int(y)) == cell


def test_hover_shows_the_cell_in_the_panel_and_distance_once_solved(screen):
    shell = make_shell(screen, size=(10, 6), speed=INSTANT)
    finish(shell)
    cell = 23
    mouse(shell, pygame.MOUSEMOTION, screen_pos(shell, cell))
    assert shell.hover == cell
    lines = dict(shell.base.hover_lines(cell))
    assert lines["Cell"] == "(3, 2)" and "Distance" not in lines
    key(shell, pygame.K_s)
    shell.base.run.step(1 << 20)
    lines = dict(shell.base.hover_lines(cell))
    maze = shell.base.run.maze
    from visualizer.solvers import shortest_path

    assert lines["Distance"] == f"{len(shortest_path(maze, 0, cell)) - 1:,} steps from the entrance"


def test_click_and_shift_click_choose_where_the_solver_runs(screen):
    shell = make_shell(screen, size=(10, 6), speed=INSTANT)
    finish(shell)
    start, goal = 14, 47
    for cell, mods in ((start, 0), (goal, pygame.KMOD_SHIFT)):
        pygame.key.set_mods(mods)
        mouse(shell, pygame.MOUSEBUTTONDOWN, screen_pos(shell, cell))
        mouse(shell, pygame.MOUSEBUTTONUP, screen_pos(shell, cell))
    pygame.key.set_mods(0)
    assert shell.base.endpoints == [start, goal]
    key(shell, pygame.K_s)
    shell.base.run.step(1 << 20)
    solution = shell.base.run.solution
    assert solution[0] == start and solution[-1] == goal


# --- zoom and pan -------------------------------------------------------------------------------

@pytest.mark.parametrize("grid", list(GRIDS))
def test_wheel_zoom_keeps_the_cell_under_the_pointer(screen, grid):
    shell = make_shell(screen, grid=grid, size=(40, 25), speed=INSTANT)
    finish(shell)
    for cell in (0, 517, 999):
        pos = screen_pos(shell, cell)
        pygame.mouse.set_pos(pos)
        before = shell.board.cell_pixels
        shell.zoom(1.25 ** 3, pos)
        shell.frame([], 0)
        assert shell.board.cell_pixels > before * 1.5
        assert shell.cell_at(pos) == cell
        key(shell, pygame.K_z)  # back to the whole maze
        assert shell.camera is None
        assert shell.board.cell_pixels == pytest.approx(before)


def test_drag_pans_and_a_drag_is_not_a_click(screen):
    shell = make_shell(screen, size=(40, 25), speed=INSTANT)
    finish(shell)
    view = shell.view_rect()
    shell.zoom(3.0, view.center)
    shell.frame([], 0)
    origin = shell.board.camera.origin
    mouse(shell, pygame.MOUSEBUTTONDOWN, view.center)
    mouse(shell, pygame.MOUSEMOTION, (view.centerx + 30, view.centery + 10), rel=(30, 10), buttons=(1, 0, 0))
    mouse(shell, pygame.MOUSEBUTTONUP, (view.centerx + 30, view.centery + 10))
    after = shell.board.camera.origin
    assert after == pytest.approx((origin[0] + 30, origin[1] + 10))
    assert shell.base.endpoints == [None, None]


def test_zooming_in_shows_fewer_cells_and_only_styles_what_is_visible(screen):
    shell = make_shell(screen, size=(200, 120), speed=INSTANT)
    finish(shell)
    shell.zoom(20.0, shell.view_rect().center)
    shell.frame([], 0)
    shown = np.unique(shell.board.owner)
    shown = shown[(shown >= 0) & (shown < shell.board.grid.size)]
    assert 0 < len(shown) < shell.board.grid.size // 10
    assert shell.board._visible is not None


def test_play_follows_the_player_when_cells_are_small(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_DATA", str(tmp_path))
    shell = make_shell(screen, size=(120, 80), speed=INSTANT)
    key(shell, pygame.K_p)
    assert shell.scene.name == "play"
    shell.frame([], 0)
    assert shell.board.cell_pixels >= FOLLOW_CELL_PIXELS
    game = shell.scene.game
    x, y = shell.board.cell_centre(game.position)
    assert 0 <= x < shell.board.width and 0 <= y < shell.board.height


# --- timeline and scrub bar ---------------------------------------------------------------------

def test_scrub_bar_click_seeks_and_matches_a_straight_run(screen):
    shell = make_shell(screen, algorithm="prim", size=(16, 10), speed=INSTANT)
    finish(shell)
    total = shell.base.run.total
    bar = shell.scrub_rect()
    mouse(shell, pygame.MOUSEBUTTONDOWN, (bar.left + bar.width // 4, bar.centery))
    mouse(shell, pygame.MOUSEBUTTONUP, (bar.left + bar.width // 4, bar.centery))
    position = shell.base.run.position
    assert abs(position - total / 4) <= total / bar.width + 1 and shell.base.paused
    straight = MazeSpec("prim", "square", 16, 10, 3)
    from itertools import islice

    grid = shell.base.run.grid
    assert Maze(grid).fold(islice(straight.events(grid), position)).same_as(shell.base.run.maze)


def test_home_and_end_jump_to_the_start_and_the_finish(screen):
    shell = make_shell(screen, size=(12, 8), speed=30)
    key(shell, pygame.K_END, frames=3)  # End races to the finish at instant speed, then pauses
    run = shell.base.run
    assert run.total is not None and run.position == run.total and run.finished and shell.base.paused
    key(shell, pygame.K_LEFT)
    key(shell, pygame.K_LEFT)
    key(shell, pygame.K_END)  # the end is known now: a seek, at once
    assert run.position == run.total
    key(shell, pygame.K_HOME)
    assert shell.base.run.position == 0 and not shell.base.run.maze.state.any()


# --- frame cost ---------------------------------------------------------------------------------

def test_an_idle_frame_draws_nothing(screen):
    shell = make_shell(screen, size=(12, 8), speed=INSTANT)
    finish(shell)
    shell.frame([], 0)
    shell.clock_time += 10  # let the greeting message expire
    shell.frame([], 0)
    assert shell.frame([], 1 / 60) == []


def test_a_change_draws_again(screen):
    shell = make_shell(screen, size=(12, 8), speed=INSTANT)
    finish(shell)
    shell.clock_time += 10
    shell.frame([], 0)
    assert shell.frame([], 0) == []
    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")]
    assert shell.frame(events, 0) != []


def test_a_step_updates_only_the_board_panel_and_bar_not_the_whole_window(screen):
    shell = make_shell(screen, size=(12, 8), speed=60)
    key(shell, pygame.K_SPACE)
    shell.clock_time += 10
    shell.frame([], 0)
    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")]
    rects = shell.frame(events, 0)
    whole = shell.screen.get_rect()
    assert rects and whole not in rects
    assert shell.view_rect() in rects and shell.panel_rect() in rects


@pytest.mark.parametrize(("algorithm", "grid"), [("backtracker", "square"), ("kruskal", "hex"),
                                                 ("dungeon", "square"), ("wilson", "hex")])
def test_the_board_after_a_seek_is_pixel_for_pixel_a_straight_run(screen, algorithm, grid):
    """Seek to random moments (back and forth) and compare the drawn board and the model with a
    second window that simply ran to the same event."""
    import random

    size, seed = (14, 9), 4
    seeking = make_shell(screen, algorithm=algorithm, grid=grid, size=size, seed=seed, speed=INSTANT)
    finish(seeking)
    total = seeking.base.run.total
    rng = random.Random(algorithm)
    for target in [rng.randrange(total + 1) for _ in range(5)] + [total, 0]:
        seeking.base.seek(target)
        seeking.frame([], 0)
        straight = make_shell(screen, algorithm=algorithm, grid=grid, size=size, seed=seed, speed=60)
        straight.base.paused = True
        straight.base.run.step(target if target < total else 1 << 30)  # at the end: the finished picture
        straight.frame([], 0)
        assert straight.base.run.maze.same_as(seeking.base.run.maze)
        ours = pygame.surfarray.array2d(seeking.board_surface)
        theirs = pygame.surfarray.array2d(straight.board_surface)
        assert (ours == theirs).all(), (algorithm, grid, target)
