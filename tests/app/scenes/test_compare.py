"""The compare scene: panes paced in lockstep or by time, the same recipe's maze as ``generate``,
the watch keys acting on every pane, and a layout where nothing is cut off."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.app.keys import SHIFT, KeyPress
from visualizer.app.main import open_window
from visualizer.app.pacing import INSTANT
from visualizer.app.race_timing import TIMING_RUNS
from visualizer.app.scenes.compare import HIGH, LOW, CompareScene, default_specs, pane_layouts
from visualizer.app.shell import Shell
from visualizer.cli import main, parse
from visualizer.cli.compare import compare_specs
from visualizer.render.themes import DARK
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

FOUR = ["backtracker", "prim", "kruskal", "wilson"]


@pytest.fixture
def window():
    surface = open_window((1024, 768))
    yield surface
    pygame.quit()


def open_compare(window, names=FOUR, grid="square", size=(12, 9), seed=3, speed=500.0, race=False):
    spec = MazeSpec(names[0], grid, *size, seed)
    shell = Shell(spec, screen=window)
    specs = [spec.with_(algorithm=name) for name in names]
    shell.open_scene("compare", spec=spec, specs=specs, speed=speed, race=race)
    return shell


def press(shell, code, mod=0):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")], 1 / 60)
    shell.frame([pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="")], 0)


def run_until_done(shell, limit=20_000, dt=1 / 60):
    for _ in range(limit):
        shell.frame([], dt)
        if all(pane.done for pane in shell.scene.panes):
            return
    raise AssertionError("the panes never finished")


@pytest.mark.parametrize("speed", [250.0, 4000.0, INSTANT])
def test_lockstep_panes_have_applied_equal_events_after_every_frame(window, speed):
    shell = open_compare(window, speed=speed)
    scene = shell.scene
    totals = [sum(1 for _ in spec.events()) for spec in scene.specs]
    frames = 0
    while not all(pane.done for pane in scene.panes):
        shell.frame([], 1 / 60)
        frames += 1
        counts = scene.stage_counts()
        moving = [c for pane, c in zip(scene.panes, counts) if not pane.done]
        assert len(set(moving)) <= 1, counts
        if moving:  # a finished pane stopped at its own total, below the others
            assert all(c <= moving[0] for c in counts)
        assert frames < 20_000
    assert scene.stage_counts() == totals


@given(st.sampled_from(["square", "hex"]), st.integers(0, 10**6), st.booleans())
@settings(max_examples=8, deadline=None)
def test_each_pane_ends_with_the_maze_generate_makes(grid, seed, race):
    surface = open_window((960, 600))
    try:
        shell = open_compare(surface, grid=grid, size=(9, 7), seed=seed, speed=INSTANT, race=race)
        run_until_done(shell)
        for pane in shell.scene.panes:
            built = MazeSpec(pane.spec.algorithm, grid, 9, 7, seed).build()
            assert np.array_equal(pane.run.maze.passages, built.passages), pane.spec.algorithm
            assert np.array_equal(pane.run.maze.state, built.state)
    finally:
        pygame.quit()


def test_a_race_times_every_generator_then_finishes_them_in_the_order_of_their_times(window):
    shell = open_compare(window, names=["backtracker", "aldous_broder", "kruskal"], size=(10, 8), speed=INSTANT,
                         race=True)
    scene = shell.scene
    assert scene.timing and "timing" in dict(scene.panel_lines())["State"]
    while scene.timing:
        shell.frame([], 1 / 60)
    totals = [sum(1 for _ in spec.events()) for spec in scene.specs]
    assert [t.events for t in scene.timings] == totals
    run_until_done(shell)
    by_time = sorted(range(3), key=lambda i: scene.timings[i].seconds)
    assert [scene.panes[i].finished_at for i in by_time] == [0, 1, 2]
    assert all("events/s" in scene.place_text(pane) for pane in scene.panes)


@pytest.mark.parametrize("speed", [INSTANT, 4000.0])
def test_race_places_follow_the_measured_times_even_when_one_frame_finishes_several(window, speed):
    shell = open_compare(window, names=["backtracker", "aldous_broder", "kruskal"], size=(6, 5), speed=speed,
                         race=True)
    scene = shell.scene
    while scene.timing:
        shell.frame([], 1 / 60)
    # Measured times that disagree with both the panes' order and their event counts.
    for timing, seconds in zip(scene.timings, [0.003, 0.001, 0.002]):
        timing.runs = [seconds] * TIMING_RUNS
    run_until_done(shell)
    assert [pane.finished_at for pane in scene.panes] == [2, 0, 1]
    assert scene.place_text(scene.panes[1]).startswith("1st")


def test_a_slow_race_shows_each_pane_in_proportion_to_its_measured_speed(window):
    shell = open_compare(window, names=["backtracker", "wilson"], size=(12, 9), speed=120.0, race=True)
    scene = shell.scene
    while scene.timing:
        shell.frame([], 1 / 60)
    for _ in range(60):
        shell.frame([], 1 / 60)
    clock = scene.race_clock
    assert 0 < clock
    for pane, timing in zip(scene.panes, scene.timings):
        expected = min(timing.events, int(timing.events * clock / timing.seconds))
        assert pane.run.position == expected


def test_space_pauses_every_pane_and_right_steps_each_by_one(window):
    shell = open_compare(window)
    scene = shell.scene
    for _ in range(5):
        shell.frame([], 1 / 60)
    press(shell, pygame.K_SPACE)
    before = scene.stage_counts()
    for _ in range(10):
        shell.frame([], 1 / 60)
    assert scene.stage_counts() == before
    press(shell, pygame.K_RIGHT)
    assert scene.stage_counts() == [c + 1 for c in before]
    press(shell, pygame.K_LEFT)
    assert scene.stage_counts() == before


def test_s_solves_each_pane_in_its_own_maze(window):
    """... and the figures' Events stay the generators' own (what the finishing badges rank), not
    the solve's events added to them."""
    shell = open_compare(window, speed=INSTANT)
    run_until_done(shell)
    made = [shell.scene.figures(pane, 0.0)[0] for pane in shell.scene.panes]
    press(shell, pygame.K_s)
    run_until_done(shell)
    for pane in shell.scene.panes:
        assert pane.run.solution == shortest_path(pane.run.maze) and pane.run.solver_events > 0
    assert [shell.scene.figures(pane, 0.0)[0] for pane in shell.scene.panes] == made


def test_n_g_and_brackets_change_every_pane_together(window):
    shell = open_compare(window)
    scene = shell.scene
    press(shell, pygame.K_n)
    seeds = {spec.seed for spec in scene.specs}
    assert len(seeds) == 1 and seeds != {3}
    press(shell, pygame.K_g)
    assert {spec.grid for spec in scene.specs} == {"hex"}
    for _ in range(30):
        shell.frame([], 1 / 60)
    press(shell, pygame.K_RIGHTBRACKET)
    assert {spec.width for spec in scene.specs} == {16}
    assert all(pane.run.position <= 9 for pane in scene.panes)  # restarted: one frame's events at most


def test_a_grid_one_pane_cannot_run_on_is_refused(window):
    shell = open_compare(window, names=["sidewinder", "prim"])
    press(shell, pygame.K_g)
    assert {spec.grid for spec in shell.scene.specs} == {"square"}
    assert "another grid" in shell.toast[0]


def test_a_number_chooses_a_pane_and_tab_changes_only_its_algorithm(window):
    shell = open_compare(window)
    press(shell, pygame.K_3)
    press(shell, pygame.K_TAB)
    names = [spec.algorithm for spec in shell.scene.specs]
    assert names[:2] + names[3:] == ["backtracker", "prim", "wilson"] and names[2] != "kruskal"


def test_c_in_the_watch_scene_compares_the_current_maze_and_esc_comes_back(window):
    shell = Shell(MazeSpec("eller", "square", 14, 10, 8), screen=window)
    press(shell, pygame.K_c)
    assert shell.scene.name == "compare"
    assert [s.algorithm for s in shell.scene.specs] == ["eller", *FOUR[:3]]
    assert {(s.width, s.height, s.seed) for s in shell.scene.specs} == {(14, 10, 8)}
    press(shell, pygame.K_ESCAPE)
    assert shell.scene.name == "watch"


def test_the_default_panes_skip_algorithms_the_grid_does_not_take():
    specs = default_specs(MazeSpec("prim", "hex", 10, 8, 1))
    assert [s.algorithm for s in specs] == ["prim", "backtracker", "kruskal", "wilson"]


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("size", [(1024, 768), (1400, 900), (700, 900)])
def test_panes_lie_inside_the_view_without_overlapping(count, size):
    view = pygame.Rect(16, 16, size[0] - 450, size[1] - 32)
    layouts = pane_layouts(view, count, 18)
    rects = [r for layout in layouts for r in (layout.title, layout.board, layout.figures)]
    assert all(view.contains(r) for r in rects)
    for i, a in enumerate(rects):
        assert not any(a.colliderect(b) for b in rects[i + 1:]), a
    assert all(layout.board.height > 100 for layout in layouts)


def test_four_panes_at_1024x768_draw_four_boards_and_four_panels(window):
    shell = open_compare(window, speed=INSTANT)
    run_until_done(shell)
    shell.draw()
    scene = shell.scene
    layouts = scene.pane_layouts(window, shell.view_rect())
    assert len(layouts) == 4
    for layout in layouts:
        board = layout.board
        colours = {tuple(window.get_at((x, y)))[:3] for x in range(board.left, board.right, 3)
                   for y in range(board.top, board.bottom, 3)}
        assert DARK.floor in colours and DARK.wall in colours  # floor and walls: a maze
        figures = layout.figures
        inked = sum(1 for x in range(figures.left, figures.right, 2) for y in range(figures.top, figures.bottom, 2)
                    if sum(window.get_at((x, y))[:3]) > 400)
        assert inked > 20  # the figures are written there
    assert "Highlights" in dict(scene.panel_lines())


def test_the_summary_names_the_extremes(window):
    shell = open_compare(window, speed=INSTANT)
    run_until_done(shell)
    scene = shell.scene
    dead = [pane.metrics(0, False).dead_ends for pane in scene.panes]
    row = dict(scene.panel_lines())["Dead ends"]
    most, fewest = int(np.argmax(dead)) + 1, int(np.argmin(dead)) + 1
    nbsp = "\u00a0"  # a number and its % sign never wrap apart
    assert row == (f"most{nbsp}{max(dead):.1f}{nbsp}%{nbsp}({most}), "
                   f"fewest{nbsp}{min(dead):.1f}{nbsp}%{nbsp}({fewest})")
    shell.draw()
    layouts = scene.pane_layouts(window, shell.view_rect())

    def painted(pane_number, colour):
        rect = layouts[pane_number - 1].figures
        return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                   if tuple(window.get_at((x, y)))[:3] == colour)

    assert painted(most, HIGH) > 10 and painted(fewest, LOW) > 10  # the extremes are written in colour
    plain = next(n for n in range(1, 5) if n not in (most, fewest))
    assert painted(plain, HIGH) + painted(plain, LOW) < painted(most, HIGH)


# --- the command line ---------------------------------------------------------------


def test_a_parameter_belongs_to_the_algorithm_before_it():
    args = parse(["compare", "-a", "growing_tree", "-p", "selection=newest", "-a", "growing_tree", "-p",
                  "selection=random", "-s", "10x6", "--seed", "4"])
    specs = compare_specs(args)
    assert [s.params["selection"] for s in specs] == ["newest", "random"]
    assert {(s.width, s.height, s.seed) for s in specs} == {(10, 6, 4)}


@pytest.mark.parametrize("argv", [
    ["compare", "-a", "prim"],
    ["compare", "-a", "prim", "-a", "wilson", "-a", "kruskal", "-a", "eller", "-a", "backtracker"],
    ["compare", "-p", "braid=10", "-a", "prim", "-a", "wilson"],
    ["compare", "-a", "prim", "-a", "nosuch"],
    ["compare", "-a", "prim", "-a", "growing_tree", "-p", "selection=sideways"],
    ["compare", "-a", "prim", "-a", "sidewinder", "-g", "hex"],
])
def test_bad_compare_commands_are_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("maze-visualizer: error:")


def test_the_scene_refuses_one_pane(window):
    with pytest.raises(ValueError):
        CompareScene(Shell(MazeSpec(), screen=window), MazeSpec(), specs=[MazeSpec()])


def test_the_legend_names_the_colours_on_the_panes(window):
    shell = open_compare(window, speed=120.0)
    for _ in range(20):
        shell.frame([], 1 / 60)
    running = shell.scene.legend_keys()
    assert "frontier" in running and "stack" in running  # Prim's frontier, the backtracker's stack
    shell.scene.speed = INSTANT
    run_until_done(shell)
    shell.frame([], 1 / 60)
    assert shell.scene.legend_keys() == ["floor", "wall"]  # finished: only the maze is left


def test_a_figure_has_the_same_label_in_every_pane(window, monkeypatch):
    """When a figure's label must be cut to fit, it is cut in every pane: one figure, one name
    (a pane with a narrower number once read "Dead ends" beside another's "Dead")."""
    from visualizer.app import text

    shell = open_compare(window, size=(40, 30), speed=float("inf"))
    for _ in range(40):
        shell.frame([], 1 / 60)
        if all(pane.done for pane in shell.scene.panes):
            break
    drawn: list[str] = []
    real = text.rendered

    def spy(words, *args, **kwargs):
        drawn.append(words)
        return real(words, *args, **kwargs)

    monkeypatch.setattr(text, "rendered", spy)
    shell.scene.draw_on_screen(shell.screen, shell.view_rect())
    for full in ("Events", "Dead ends", "Longest", "Solution"):
        forms = {w for w in drawn if w in (full, full[:4])}
        assert len(forms) == 1, (full, forms)


@pytest.mark.parametrize("grid", ["square", "hex", "triangle", "polar"])
def test_watch_and_compare_answer_g_brackets_tab_and_v_alike(window, grid):
    """The same keys on the same recipe make the same recipe in both scenes, and a new grid shape
    fills the board view the window really has (compare once assumed a fixed 0.75)."""
    from visualizer.grids import GRIDS

    spec = MazeSpec("backtracker", grid, 20, 12, 4)
    shell = Shell(spec, screen=window)
    watch = shell.base
    shell.open_scene("compare", spec=spec, specs=[spec, spec.with_(algorithm="prim")])
    compare = shell.scene
    for aspect in (0.45, 1.3):
        shell.view_aspect = lambda aspect=aspect: aspect  # type: ignore[method-assign]
        watch.restart(spec)
        compare.restart([spec, spec.with_(algorithm="prim")])
        for key in (pygame.K_g, pygame.K_RIGHTBRACKET, pygame.K_g, pygame.K_LEFTBRACKET, pygame.K_LEFTBRACKET):
            for scene in (watch, compare):
                scene.handle_key(KeyPress(key))
            mine = compare.specs[0]
            assert (watch.spec.grid, watch.spec.width, watch.spec.height) == (mine.grid, mine.width, mine.height)
            if key == pygame.K_g:
                assert mine.height == GRIDS[mine.grid].fitting_height(mine.width, aspect)
    for key, mods in ((pygame.K_TAB, 0), (pygame.K_TAB, SHIFT), (pygame.K_v, 0), (pygame.K_v, SHIFT)):
        for scene in (watch, compare):
            scene.handle_key(KeyPress(key, mods))
        assert watch.spec.algorithm == compare.specs[0].algorithm and watch.solver == compare.solver


def test_while_a_pane_carves_its_maze_figures_wait_for_the_end(window):
    """Wilson's pane once read "Dead 0.0 %, Longest 100 %" with one cell carved: figures of the
    whole maze are shown once it is whole, "at end" until then."""
    shell = open_compare(window, names=["wilson", "backtracker"], size=(12, 9), speed=30.0)
    scene = shell.scene
    for _ in range(3):
        shell.frame([], 1 / 60)
    now = 0.0
    pane = scene.panes[0]
    assert not pane.run.finished
    rows = {label: value for label, value, _ in scene.figures(pane, now)}
    assert rows["Dead ends"] == rows["Longest"] == rows["Solution"] == "at end", rows
    assert rows["Events"] == f"{pane.events:,}"
    run_until_done(shell)
    rows = {label: value for label, value, _ in scene.figures(pane, now)}
    assert rows["Dead ends"].endswith("%") and rows["Longest"].endswith("%") and rows["Solution"].isdigit()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_in_a_race_the_pane_names_and_their_badges_are_both_whole(size, monkeypatch):
    """The events-per-second badge once cut the names ("1 Recu..."): now both are drawn whole,
    the badge beside the name or, when both do not fit, under it, never over the board."""
    from visualizer.app import text

    surface = open_window(size)
    try:
        names = ["recursive_division", "blobby_division", "hunt_and_kill", "aldous_broder"]
        shell = open_compare(surface, names=names, size=(10, 8), speed=INSTANT, race=True)
        scene = shell.scene
        while scene.timing:
            shell.frame([], 1 / 60)
        run_until_done(shell)
        drawn: list[str] = []
        real = text.rendered
        monkeypatch.setattr(text, "rendered", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
        view = shell.view_rect()
        scene.draw_on_screen(shell.screen, view)
        font_size = scene.pane_text_size(shell.screen)
        for index, (pane, layout) in enumerate(zip(scene.panes, scene.pane_layouts(shell.screen, view))):
            name, name_rect, badge, box = scene.title_parts(pane, index, layout.title, font_size)
            assert name == f"{index + 1}  {pane.title}" and name in drawn
            assert "events/s" in badge and badge in drawn and box is not None
            assert layout.title.contains(name_rect) and layout.title.contains(box), (layout.title, name_rect, box)
            assert not box.colliderect(name_rect) and not box.colliderect(layout.board)
    finally:
        pygame.quit()


# --- dungeons side by side -----------------------------------------------------------


@pytest.mark.parametrize("names", [["bsp", "caves", "rooms_corridors", "wfc"], ["drunkard", "dungeon", "bsp"]])
def test_dungeons_run_side_by_side_each_the_map_generate_makes(window, names):
    args = parse(["compare", *(arg for n in names for arg in ("-a", n)), "-s", "30x20", "--seed", "5"])
    specs = compare_specs(args)
    shell = Shell(specs[0], screen=window)
    shell.open_scene("compare", spec=specs[0], specs=specs, speed=INSTANT, race=False)
    run_until_done(shell)
    shell.draw()
    scene = shell.scene
    for pane in scene.panes:
        built = MazeSpec(pane.spec.algorithm, "square", 30, 20, 5).build()
        assert np.array_equal(pane.run.maze.state, built.state), pane.spec.algorithm
        assert np.array_equal(pane.run.maze.passages, built.passages), pane.spec.algorithm
    for layout in scene.pane_layouts(window, shell.view_rect()):
        colours = {tuple(window.get_at((x, y)))[:3] for x in range(layout.board.left, layout.board.right, 3)
                   for y in range(layout.board.top, layout.board.bottom, 3)}
        assert DARK.floor in colours  # each pane shows its map
    rows = dict(scene.panel_lines())
    floors = [pane.metrics(0, False).dungeon.floor for pane in scene.panes]
    assert f"{max(floors):.1f}" in rows["Floor"] and f"{min(floors):.1f}" in rows["Floor"]
    assert {"Rooms", "Loops", "Room to room"} <= set(rows)


def test_at_instant_each_pane_is_measured_once_per_maze(window, monkeypatch):
    """The figures' searches run once per finished maze, not again every few frames while the
    others are still moving or while the panes solve."""
    from visualizer.app import compare_panes as compare  # where the panes measure their mazes

    calls = []
    real = compare.measure
    monkeypatch.setattr(compare, "measure", lambda maze: calls.append(maze) or real(maze))
    shell = open_compare(window, size=(40, 30), speed=INSTANT)
    run_until_done(shell)
    for _ in range(30):
        shell.frame([], 1 / 60)
    press(shell, pygame.K_s)
    run_until_done(shell)
    assert len(calls) == len(FOUR)
    assert all(value != "at end" for _, value, _ in shell.scene.figures(shell.scene.panes[0], 0.0))


def test_a_new_maze_after_a_long_idle_starts_with_a_small_frame(window):
    """Sitting idle with every pane done must not build up work for the next run's first frame
    (the window stopped answering for seconds after a finished compare was given a new maze)."""
    from visualizer.app.scenes.compare import FIRST_CHUNK

    shell = open_compare(window, size=(40, 30), speed=INSTANT)
    run_until_done(shell)
    for _ in range(200):
        shell.frame([], 1 / 60)
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="")], 1 / 60)
    assert 0 < max(shell.scene.stage_counts()) <= 2 * FIRST_CHUNK


def test_at_instant_the_generators_run_quietly(window):
    """Nobody can see a generator's annotations at instant: the panes skip them (as watch does)."""
    shell = open_compare(window, size=(40, 30), speed=INSTANT)
    shell.frame([], 1 / 60)
    assert all(pane.run.overlay.stale for pane in shell.scene.panes if not pane.run.finished)


def test_solving_while_a_race_is_still_timing_finishes_the_mazes_without_an_error(window):
    """S finishes every maze at once; the generators' times are not known yet (found by the
    window-size fuzz in a lesson's compare slide): the places follow the events, as in lockstep."""
    shell = open_compare(window, size=(25, 19), speed=INSTANT, race=True)
    scene = shell.scene
    assert scene.timing
    press(shell, pygame.K_s)
    run_until_done(shell)
    assert sorted(pane.finished_at for pane in scene.panes) == [0, 1, 2, 3]


@pytest.mark.parametrize("speed", [500.0, INSTANT])
def test_a_pane_the_checker_stops_says_why_and_takes_no_place(window, own_files, speed):
    """A student's broken file beside three built-ins: its pane stops at the bad event, the message
    line says why once, it shows no figures and no place; the others finish first to third."""
    from helpers import EXAMPLES

    from visualizer.plugins.student import load

    name = load(str(EXAMPLES / "broken_maze.py"))
    shell = open_compare(window, names=[name, "backtracker", "prim", "kruskal"], speed=speed)
    run_until_done(shell)
    shell.frame([], 0)
    scene = shell.scene
    broken = scene.panes[0]
    assert broken.finding is not None and broken.finished_at is None
    assert "Pane 1, " in shell.toast[0] and "are not neighbours" in shell.toast[0]
    assert scene.place_text(broken) == "stopped by the checker"
    assert [v for _, v, _ in scene.figures(broken, 0.0)][1:] == ["stopped"] * 3
    assert sorted(p.finished_at for p in scene.panes[1:]) == [0, 1, 2]
    assert ("Stopped", f"{name} at {broken.finding.message}") in scene.panel_lines()


@pytest.mark.parametrize("speed", [INSTANT, 4000.0])
def test_at_instant_a_pane_is_repainted_a_few_times_a_second_and_whole_at_the_end(window, monkeypatch, speed):
    """At instant a pane waits INSTANT_PAINT_SECONDS between repaints while it is made, as the watch
    scene's board does (a repaint every frame was a quarter of the panes' time); at a finite speed
    every frame shows its events; either way each finished pane shows its whole maze."""
    from visualizer.app import compare_panes
    from visualizer.app.pacing import INSTANT_PAINT_SECONDS

    clock = [100.0]
    monkeypatch.setattr(compare_panes.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr("visualizer.app.scenes.compare.time.perf_counter", lambda: clock[0])
    shell = open_compare(window, size=(40, 30), speed=speed)
    painted: list[int] = []
    for pane in shell.scene.panes:
        real = pane.paint

        def counted(size, due=True, real=real):
            before = pane_state(shell)
            surface = real(size, due)
            painted.append(int(pane_state(shell) != before))
            return surface
        pane.paint = counted
    frames = 0
    while not all(pane.done for pane in shell.scene.panes):
        clock[0] += INSTANT_PAINT_SECONDS / 3
        shell.frame([], 1 / 60)
        frames += 1
        assert frames < 20_000
    shell.frame([], 1 / 60)
    if speed == INSTANT:
        assert 0 < sum(painted) < len(painted)  # some frames left the boards as they were
    else:
        assert sum(painted) == len(painted)
    for pane in shell.scene.panes:
        assert pane.run.finished
        assert not pane.run.overlay.full_redraw and not pane.run.overlay.dirty  # nothing left unpainted


def pane_state(shell) -> tuple:
    return tuple(pane.painted_at for pane in shell.scene.panes)


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_on_a_projectors_screen_every_figure_keeps_its_whole_name(size, monkeypatch):
    """Two figures a line cut "Dead ends" to "Dead" at 1024 x 768 (read as nothing): there the
    figures take a line each, and every pane's board still has room."""
    from visualizer.app import text

    surface = open_window(size)
    try:
        shell = open_compare(surface, size=(30, 20), speed=120.0)
        for _ in range(30):
            shell.frame([], 1 / 60)
        drawn: list[str] = []
        real = text.rendered
        monkeypatch.setattr(text, "rendered", lambda words, *args, **kwargs: drawn.append(words) or real(words, *args,
                                                                                                          **kwargs))
        shell.scene.draw_on_screen(shell.screen, shell.view_rect())
        for name in ("Events", "Dead ends", "Longest", "Solution"):
            assert drawn.count(name) == len(FOUR) and name[:4] not in drawn
        layouts = shell.scene.pane_layouts(shell.screen, shell.view_rect())
        assert all(layout.board.height >= 5 * layout.figures.height // 4 for layout in layouts)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 768), (1600, 1080), (1920, 1080)])
def test_the_panes_keep_their_layout_while_their_counts_grow(size):
    """A figure a line or two is decided from the words, not the values of the moment: the
    boards were laid out again, smaller, once the events reached four digits."""
    surface = open_window(size)
    try:
        shell = open_compare(surface, size=(30, 20), speed=2000.0)
        first = shell.scene.pane_layouts(shell.screen, shell.view_rect())
        run_until_done(shell)
        press(shell, pygame.K_s)
        run_until_done(shell)
        last = shell.scene.pane_layouts(shell.screen, shell.view_rect())
        assert [layout.figures for layout in last] == [layout.figures for layout in first]  # (a finishing badge
        # may take the title a second line, once: that is the title's own rule)
    finally:
        pygame.quit()
