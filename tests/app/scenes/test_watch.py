"""The window, driven headless with posted key events (SDL dummy drivers)."""

import random
from itertools import islice

import numpy as np
import pygame
import pytest
from helpers import passages_are_symmetric, straight

from visualizer.algorithms import ALGORITHMS
from visualizer.app.scenes import watch
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell as App
from visualizer.core.maze import CellState, Maze
from visualizer.render.palette import STYLE_COLOURS, Style
from visualizer.run.overlay import Mark
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS

FLOOR = STYLE_COLOURS[Style.FLOOR]
UNVISITED = STYLE_COLOURS[Style.UNVISITED]


def make_app(screen, algorithm="backtracker", grid="square", size=(12, 8), seed=3, speed=60.0):
    app = App(MazeSpec(algorithm, grid, *size, seed), speed=speed, screen=screen)
    app.frame([], 0.0)
    return app


def press(app, key, mod=0, char="", frames=1, dt=1 / 60):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char))
    for _ in range(frames):
        app.frame(pygame.event.get(), dt)


def run_frames(app, frames, dt=1 / 60):
    for _ in range(frames):
        app.frame(pygame.event.get(), dt)


def colour_at(app, x, y):
    """Colour of the drawn maze at a board pixel (the persistent surface, under HUD and toasts)."""
    return tuple(app.board_surface.get_at((int(x), int(y))))[:3]


def test_pause_stops_event_consumption(screen):
    app = make_app(screen, speed=600)
    run_frames(app, 5)
    press(app, pygame.K_SPACE)
    before = app.base.run.applied
    run_frames(app, 60)
    assert app.base.paused and app.base.run.applied == before
    press(app, pygame.K_SPACE, frames=10)
    assert app.base.run.applied > before


@pytest.mark.parametrize("key", [pygame.K_RIGHT, pygame.K_PERIOD])
def test_shift_step_advances_exactly_one_event(screen, key):
    app = make_app(screen, algorithm="kruskal")
    press(app, pygame.K_SPACE)
    before = app.base.run.applied
    press(app, key, mod=pygame.KMOD_LSHIFT, frames=30)
    assert app.base.run.applied == before + 1
    press(app, key, mod=pygame.KMOD_RSHIFT)
    assert app.base.run.applied == before + 2


def test_step_while_running_pauses_first(screen):
    app = make_app(screen, speed=60)
    press(app, pygame.K_RIGHT)
    assert app.base.paused


def test_speed_keys_change_the_rate(screen):
    app = make_app(screen, size=(40, 30), speed=60)

    def events_in_one_second():
        before = app.base.run.applied
        run_frames(app, 60)
        return app.base.run.applied - before

    slow = events_in_one_second()
    assert 50 <= slow <= 70
    for key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
        press(app, key, mod=pygame.KMOD_SHIFT if key == pygame.K_EQUALS else 0)
    assert app.base.speed == 500
    fast = events_in_one_second()
    assert fast > 5 * slow
    press(app, pygame.K_MINUS)
    press(app, pygame.K_KP_MINUS)
    assert app.base.speed == 120


def test_speed_runs_from_one_per_second_to_instant(screen):
    app = make_app(screen)
    for _ in range(40):
        press(app, pygame.K_MINUS)
    assert app.base.speed == 1
    for _ in range(40):
        press(app, pygame.K_PLUS)
    assert app.base.speed == INSTANT


def test_instant_finishes_and_stays_responsive(screen):
    app = make_app(screen, size=(60, 40), speed=INSTANT)
    frames = 0
    while not app.base.run.idle and frames < 500:
        run_frames(app, 1)
        frames += 1
    assert app.base.run.idle
    press(app, pygame.K_g)  # keys still work
    assert app.base.spec.grid == "hex"


def test_algorithm_keys(screen):
    app = make_app(screen)
    press(app, pygame.K_TAB)
    assert app.base.spec.algorithm == "prim"
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert app.base.spec.algorithm == "backtracker"
    press(app, pygame.K_3)
    assert app.base.spec.algorithm == "dungeon"
    press(app, pygame.K_KP2)
    assert app.base.spec.algorithm == "prim"
    press(app, pygame.K_9)
    assert app.base.spec.algorithm == list(ALGORITHMS)[8]
    press(app, pygame.K_0)
    assert app.base.spec.algorithm == list(ALGORITHMS)[9]
    press(app, pygame.K_5, mod=pygame.KMOD_SHIFT)
    assert app.base.spec.algorithm == list(ALGORITHMS)[14]
    press(app, pygame.K_9, mod=pygame.KMOD_SHIFT)
    assert app.base.spec.algorithm == list(ALGORITHMS)[18]
    press(app, pygame.K_0, mod=pygame.KMOD_SHIFT)  # the 20th, if there is one; else nothing changes
    assert app.base.spec.algorithm == list(ALGORITHMS)[min(19, len(ALGORITHMS) - 1)]


def test_hex_skips_square_only_algorithms(screen):
    app = make_app(screen, grid="hex")
    seen = set()
    for _ in range(len(ALGORITHMS)):
        press(app, pygame.K_TAB)
        seen.add(app.base.spec.algorithm)
    assert "sidewinder" not in seen and "blobby_division" in seen
    press(app, pygame.K_5)  # sidewinder is fifth: refused with a message, nothing changes
    assert app.base.spec.algorithm != "sidewinder" and "square" in app.toast[0]


def test_grid_and_size_keys(screen):
    app = make_app(screen)
    press(app, pygame.K_g)
    assert app.base.spec.grid == "hex" and app.base.run.grid.kind == "hex"
    width = app.base.spec.width
    press(app, pygame.K_RIGHTBRACKET)
    assert app.base.spec.width > width and app.board.grid is app.base.run.grid
    press(app, pygame.K_LEFTBRACKET)
    press(app, pygame.K_LEFTBRACKET)
    assert app.base.spec.width < width


def recorded_steps(app, count):
    seen = []
    for _ in range(count):
        press(app, pygame.K_RIGHT)
        seen.append(app.base.run.overlay.last)
    return seen


def test_restart_replays_the_same_events(screen):
    app = make_app(screen, algorithm="dungeon", size=(20, 14))
    first = recorded_steps(app, 80)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    press(app, pygame.K_SPACE)  # R starts the new run moving; Space in the same frame pauses it at once
    assert app.base.run.applied == 0 and app.base.paused
    assert recorded_steps(app, 80) == first
    seed = app.base.spec.seed
    press(app, pygame.K_n)
    assert app.base.spec.seed != seed


def test_carved_cells_show_floor_and_unvisited_do_not(screen):
    app = make_app(screen, algorithm="prim", size=(10, 8))
    press(app, pygame.K_SPACE)
    for _ in range(30):
        press(app, pygame.K_RIGHT)
    maze, overlay = app.base.run.maze, app.base.run.overlay
    done = [c for c in range(maze.grid.size) if maze.state[c] == CellState.PASSAGE
            and overlay.mark[c] == Mark.NONE and c != overlay.current]
    fresh = [c for c in range(maze.grid.size) if maze.state[c] == CellState.UNVISITED]
    assert done and fresh
    for cell in done:
        assert colour_at(app, *app.board.cell_centre(cell)) == FLOOR
    for cell in fresh:
        colour = colour_at(app, *app.board.cell_centre(cell))
        assert colour != FLOOR
        assert colour == (STYLE_COLOURS[Style.FRONTIER] if overlay.mark[cell] == Mark.FRONTIER else UNVISITED)


def test_hex_cells_fill_their_polygon(screen):
    app = make_app(screen, grid="hex", size=(9, 6), speed=INSTANT)
    while not app.base.run.idle:
        run_frames(app, 1)
    apothem = app.board.radius * np.sqrt(3) / 2
    for cell in range(app.base.run.grid.size):
        cx, cy = app.board.cell_centre(cell)
        assert colour_at(app, cx, cy) == FLOOR
        for angle in range(0, 360, 30):  # well inside the hexagon, clear of the walls
            r = 0.7 * apothem
            x, y = cx + r * np.cos(np.radians(angle)), cy + r * np.sin(np.radians(angle))
            assert colour_at(app, x, y) == FLOOR, (cell, angle)


def test_walls_are_drawn_between_unjoined_cells(screen):
    app = make_app(screen, size=(6, 4), speed=INSTANT)
    while not app.base.run.idle:
        run_frames(app, 1)
    grid, maze = app.base.run.grid, app.base.run.maze
    walls = 0
    for cell in range(grid.size):
        for d, nb in grid.neighbours(cell):
            (ax, ay), (bx, by) = app.board.cell_centre(cell), app.board.cell_centre(nb)
            mid = colour_at(app, (ax + bx) / 2, (ay + by) / 2)
            if maze.is_open(cell, d):
                assert mid == FLOOR
            else:
                assert mid != FLOOR
                walls += 1
    assert walls > 0


def test_solve_animates_search_then_path(screen):
    app = make_app(screen, size=(8, 6), speed=INSTANT)
    press(app, pygame.K_s)
    while not app.base.run.idle:
        run_frames(app, 1)
    overlay = app.base.run.overlay
    assert overlay.searched > 0 and overlay.path_length >= 2
    assert overlay.mark[app.base.run.maze.exit[0]] == Mark.PATH
    press(app, pygame.K_s)  # again: clear
    assert not (overlay.mark == Mark.PATH).any()


def test_help_overlay_and_escape(screen):
    app = make_app(screen)
    press(app, pygame.K_F1)
    assert app.show_help
    press(app, pygame.K_ESCAPE)
    assert not app.show_help and app.running
    press(app, pygame.K_h)
    pages = app._help_pages
    for page in range(1, pages):  # a window too small for the help in readable type pages it
        press(app, pygame.K_h)
        assert app.show_help and app.help_page == page
    press(app, pygame.K_h)  # after the last page H closes it
    assert not app.show_help
    press(app, pygame.K_h)
    press(app, pygame.K_ESCAPE)  # Esc closes it from any page
    assert not app.show_help and app.running
    press(app, pygame.K_q)
    assert not app.running


def test_screenshot_is_saved_and_announced(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    app = make_app(screen)
    press(app, pygame.K_F12)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    shots = sorted(tmp_path.glob("*.png"))
    assert len(shots) == 2
    assert any(str(shot) in app.toast[0] for shot in shots)
    assert pygame.image.load(str(shots[0])).get_size() == screen.get_size()
    assert not app.base.run.overlay.searched  # Ctrl+S saves, it does not solve


def test_window_resize_refits_the_maze(screen):
    app = make_app(screen)
    pygame.display.set_mode((700, 500), pygame.RESIZABLE)
    app.screen = pygame.display.get_surface()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 500), w=700, h=500))
    run_frames(app, 1)
    assert (app.board.width, app.board.height) == app.view_rect().size


FUZZ_KEYS = [pygame.K_SPACE, pygame.K_RIGHT, pygame.K_PERIOD, pygame.K_PLUS, pygame.K_MINUS, pygame.K_KP_PLUS,
             pygame.K_KP_MINUS, pygame.K_EQUALS, pygame.K_TAB, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_9,
             pygame.K_g, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_r, pygame.K_n, pygame.K_s,
             pygame.K_h, pygame.K_F1, pygame.K_F12, pygame.K_p, pygame.K_m, pygame.K_v, pygame.K_b, pygame.K_ESCAPE,
             pygame.K_f, pygame.K_c, pygame.K_UP, pygame.K_DOWN,
             pygame.K_LEFT, pygame.K_w, pygame.K_a, pygame.K_d, pygame.K_e, pygame.K_x, pygame.K_F5,
             pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP5, pygame.K_0, pygame.K_HOME, pygame.K_END,
             pygame.K_z, pygame.K_F11]


def random_mouse(rng, app):
    """A wheel turn, a click, a drag step or a scrub-bar press somewhere in or around the board."""
    view = app.view_rect()
    bar = app.scrub_rect()
    x = rng.randrange(0, app.screen.get_width())
    y = rng.randrange(view.top, bar.bottom + 1) if rng.random() < 0.7 else rng.randrange(0, app.screen.get_height())
    choice = rng.random()
    if choice < 0.3:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    if choice < 0.6:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)]
    if choice < 0.8:
        rel = (rng.randrange(-40, 41), rng.randrange(-40, 41))
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=(x + rel[0], y + rel[1]), rel=rel, buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + rel[0], y + rel[1]), button=1)]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))]


def test_fuzz_random_keys_for_5000_frames(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    monkeypatch.setattr(watch, "INSTANT_BUDGET", 0.003)
    monkeypatch.setattr(watch, "FRAME_BUDGET", 0.003)
    rng = random.Random(1234)
    app = make_app(screen, size=(10, 8))
    for frame in range(5000):
        events = []
        for i in range(rng.choice((0, 0, 0, 1, 1, 2))):
            key = rng.choice(FUZZ_KEYS) if rng.random() < 0.9 else rng.randrange(32, 127)
            mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            if key in (pygame.K_q, pygame.K_ESCAPE):
                # Esc and Q quit from watch mode (their own test covers that); elsewhere they close help,
                # leave play or move north-west, so send them alone, when they cannot end the run.
                if i == 0 and (app.scene is not app.base or (key == pygame.K_ESCAPE and app.show_help)):
                    events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
                break
            events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        if rng.random() < 0.002:
            events.append(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
        if rng.random() < 0.05:
            events.extend(random_mouse(rng, app))
        if app.base.spec.width > 64:  # keep the test quick: shrink back when it grew large
            events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFTBRACKET, mod=0, unicode=""))
        app.frame(events, rng.choice((0.0, 1 / 60, 0.1)))
        assert app.running
        if frame % 500 == 0:
            assert_consistent(app)
    assert_consistent(app)


def assert_consistent(app):
    """The maze on screen is exactly the fold of the events the generator has produced so far."""
    run = app.base.run
    replay = Maze(run.grid).fold(islice(run.spec.events(run.grid), run.position))
    assert replay.same_as(run.maze)
    assert passages_are_symmetric(run.maze)
    assert (app.board.width, app.board.height) == app.view_rect().size or app.layout_dirty


def test_solver_key_cycles_and_the_hud_names_it(screen):
    app = make_app(screen, size=(10, 8), speed=INSTANT)
    names = []
    for _ in range(len(SOLVERS)):
        press(app, pygame.K_v)
        names.append(app.base.solver)
    assert len(set(names)) == len(SOLVERS) and names[-1] == "bfs"
    press(app, pygame.K_v, mod=pygame.KMOD_SHIFT)
    last = list(SOLVERS)[-1]
    assert app.base.solver == last
    press(app, pygame.K_s)
    while not app.base.run.idle:
        run_frames(app, 1)
    lines = dict(app.base.panel_lines())
    assert app.base.run.solution and lines["Solver"] == SOLVERS[last].title
    assert lines["Path"] == f"{len(app.base.run.solution)} cells"


def test_on_weighted_cells_the_panel_gives_the_paths_cost_beside_its_length(screen):
    from visualizer.core.weights import path_cost

    app = App(MazeSpec("kruskal", "square", 12, 8, 3, {"braid": 100, "weights": 9}), speed=INSTANT, screen=screen)
    app.frame([], 0.0)
    while app.base.solver != "dijkstra":
        press(app, pygame.K_v)
    press(app, pygame.K_s)
    while not app.base.run.idle:
        run_frames(app, 1)
    run = app.base.run
    lines = dict(app.base.panel_lines())
    cost = path_cost(run.maze.weights, run.solution)
    assert lines["Path"] == f"{len(run.solution)} cells, cost {cost}" and cost > len(run.solution) - 1
    assert lines["Weights"] == "terrain, each cell costs 1 to 9"


def test_braid_key_restarts_with_loops(screen):
    app = make_app(screen, size=(12, 8), speed=INSTANT)
    press(app, pygame.K_b)
    assert app.base.spec.params["braid"] == 25
    while not app.base.run.idle:
        run_frames(app, 1)
    assert app.base.run.maze.passage_count() > app.base.run.grid.size - 1
    for _ in range(3):
        press(app, pygame.K_b)
    assert "braid" not in app.base.spec.params


def test_metrics_panel_toggles(screen):
    app = make_app(screen, size=(12, 8), speed=INSTANT)
    press(app, pygame.K_m)
    assert app.base.show_metrics
    while not app.base.run.idle:
        run_frames(app, 1)
    assert app.base.metrics().open_cells == 96
    press(app, pygame.K_m)
    assert not app.base.show_metrics


def test_leaving_instant_mid_generation_drops_stale_marks(screen, monkeypatch):
    """Instant mode skips annotations; slowing down mid-way must not leave a stale stack behind:
    paused, the window works the true marks out, and the run goes on from them."""
    monkeypatch.setattr(watch, "INSTANT_BUDGET", 0.0)  # one chunk per frame: stop well before the end
    app = make_app(screen, size=(60, 40), speed=60)
    monkeypatch.setattr(app, "work_budget", lambda minimum: minimum)
    run_frames(app, 30)  # a trail is drawn at normal speed
    assert (app.base.run.overlay.mark == Mark.STACK).any()
    app.base.speed = INSTANT
    run_frames(app, 3)
    assert app.base.run.overlay.stale and not app.base.run.finished
    press(app, pygame.K_SPACE)  # pause, then step down to 60 events/s
    while app.base.speed > 60:
        press(app, pygame.K_MINUS)
    run = app.base.run
    for _ in range(100):
        if not run.marks_behind:
            break
        run_frames(app, 1)
    assert not run.marks_behind, "paused, the marks instant mode skipped come back"
    _, straight_overlay = straight(run.spec, run.position)
    assert np.array_equal(run.overlay.mark, straight_overlay.mark)
    press(app, pygame.K_SPACE)
    run_frames(app, 10)  # about ten events
    overlay = run.overlay
    assert not overlay.stale and not run.finished
    _, straight_overlay = straight(run.spec, run.position)
    assert np.array_equal(overlay.mark == Mark.STACK, straight_overlay.mark == Mark.STACK)
    assert_consistent(app)


def test_legend_follows_the_run(screen):
    app = make_app(screen, algorithm="prim", size=(10, 8), speed=60)
    run_frames(app, 10)
    assert {"frontier", "current", "unvisited"} <= set(app.base.legend_keys())
    app.base.speed = INSTANT
    while not app.base.run.idle:
        run_frames(app, 1)
    assert "frontier" not in app.base.legend_keys() and "unvisited" not in app.base.legend_keys()
    press(app, pygame.K_s)
    while not app.base.run.idle:
        run_frames(app, 1)
    assert {"search", "path"} <= set(app.base.legend_keys())


def test_step_back_undoes_exactly_one_event(screen):
    app = make_app(screen, algorithm="wilson", grid="hex", size=(9, 7))
    press(app, pygame.K_SPACE)
    for _ in range(40):
        press(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    before = app.base.run.maze.copy()
    marks = app.base.run.overlay.mark.copy()
    press(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    press(app, pygame.K_LEFT, mod=pygame.KMOD_SHIFT)
    assert app.base.run.position == 40 and app.base.paused
    assert app.base.run.maze.same_as(before)
    assert (app.base.run.overlay.mark == marks).all()
    for _ in range(45):
        press(app, pygame.K_COMMA)
    assert app.base.run.position == 0 and "start" in app.toast[0]


def test_a_legend_entry_for_many_colours_shows_two_and_others_one(screen):
    """Sets and regions are coloured one colour each (blobby division's two halves, Kruskal's
    islands): their swatch shows two colours split corner to corner, a plain entry its one."""
    from visualizer.app.legend import draw_swatch
    from visualizer.render.palette import LEGEND, LEGEND_MIXED

    make_app(screen, algorithm="blobby_division", size=(10, 8))
    box = pygame.Rect(20, 20, 30, 30)
    for key in ("set", "region", "wall", "frontier"):
        draw_swatch(screen, key, LEGEND[key][0], box)
        upper = screen.get_at((box.left + 6, box.top + 6))[:3]
        lower = screen.get_at((box.right - 6, box.bottom - 6))[:3]
        if key in LEGEND_MIXED:
            assert (upper, lower) == tuple(LEGEND_MIXED[key]) and upper != lower
        elif key == "wall":  # as dark as the panel: a band across a light square, as on the board
            assert screen.get_at(box.center)[:3] == tuple(LEGEND[key][0])
        else:
            assert upper == lower == tuple(LEGEND[key][0])


def test_the_key_hint_says_what_space_does_now(screen):
    """Space pauses a running maze, resumes a paused one, and is not offered once all has run."""
    app = make_app(screen)
    scene = app.base
    scene.paused = False
    assert "Space pause" in scene.hint()
    scene.paused = True
    assert "Space resume" in scene.hint()
    scene.run.step(1 << 30)
    scene.run.finish_generation()
    assert scene.run.idle and "Space" not in scene.hint()
