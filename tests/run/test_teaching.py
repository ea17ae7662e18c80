"""The teaching layer in the window: stepping by algorithm step, holding a step key, the panel that
explains, breakpoints, and explanations that stay true after any seek."""

import math

import numpy as np
import pygame
import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.algorithms.kruskal import KruskalNarrator
from visualizer.app.main import open_window
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import REPEAT_DELAY, REPEAT_INTERVAL, Shell
from visualizer.core.events import Kind
from visualizer.render.palette import CODE_LIT
from visualizer.run import teaching
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher
from visualizer.solvers import SOLVERS

PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]


@pytest.fixture
def screen():
    surface = open_window((1024, 768))
    yield surface
    pygame.quit()


def state(run: Run) -> tuple:
    """Everything the board shows of a run, as comparable bytes."""
    return (run.position, run.stage, run.solver_events, run.maze.state.tobytes(), run.maze.passages.tobytes(),
            run.overlay.mark.tobytes(), run.overlay.set_id.tobytes(), run.overlay.current)


@settings(max_examples=30, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(0, 10**6), w=st.integers(1, 9), h=st.integers(1, 7),
       braid=st.sampled_from([0, 0, 100]))
def test_stepping_step_by_step_applies_what_a_straight_run_does(pair, seed, w, h, braid):
    """Right to the end ends where running straight through ends, and each press applies exactly
    one whole step: the presses start where a narration reading the straight run starts steps."""
    spec = MazeSpec(*pair, *at_least(pair[1], w, h), seed, {"braid": braid} if braid else {})
    run = Run(spec, interval=64)
    teacher = Teacher(run)
    straight = list(spec.events())
    pressed_at = []
    while not run.finished:
        pressed_at.append(run.position)
        assert teacher.step_forward() >= 1 or run.finished
    assert run.position == len(straight)
    assert run.maze.same_as(spec.build())
    reader = Teacher(Run(spec)).generation
    reader.fold(straight)
    assert list(reader.starts) == [p for p in pressed_at if p < len(straight)]


@settings(max_examples=30, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(0, 10**6), w=st.integers(2, 9), h=st.integers(2, 7),
       share=st.floats(0.05, 0.95))
def test_a_step_back_then_a_step_forward_returns_to_the_same_picture(pair, seed, w, h, share):
    spec = MazeSpec(*pair, *at_least(pair[1], w, h), seed)
    run = Run(spec, interval=32)
    teacher = Teacher(run)
    total = sum(1 for _ in spec.events())
    run.step(max(1, int(total * share)))
    teacher.step_forward()  # stand at the end of a whole step
    if run.finished:
        return
    before = state(run)
    teacher.step_back()
    assert run.position < before[0]
    teacher.step_forward()
    assert state(run) == before


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_solver_steps_go_forward_and_back_through_its_log(solver):
    spec = MazeSpec("kruskal", "square", 9, 7, 5, {"braid": 50} if solver.startswith("wall") is False else {})
    run = Run(spec)
    teacher = Teacher(run)
    run.solve(solver)
    pictures = [state(run)]
    while not run.idle:
        assert teacher.step_forward() >= 1 or run.idle
        pictures.append(state(run))
    straight = Run(spec)
    straight.solve(solver)
    straight.step(1 << 20)
    assert run.solution == straight.solution
    assert run.overlay.mark.tobytes() == straight.overlay.mark.tobytes()
    for expected in reversed(pictures[:-1]):
        teacher.step_back()
        assert state(run)[2:] == expected[2:]


@pytest.mark.parametrize("name", ["kruskal", "wilson", "dungeon", "eller"])
def test_explanations_after_a_seek_back_are_those_of_a_straight_run(name):
    spec = MazeSpec(name, "square", 10, 8, 9, {"braid": 50})
    run = Run(spec, interval=64)
    teacher = Teacher(run)
    run.step(400)
    teacher.catch_up(float("inf"))
    run.seek(137)
    teacher.catch_up(float("inf"))
    fresh_run = Run(spec)
    fresh = Teacher(fresh_run)
    fresh_run.step(137)
    fresh.catch_up(float("inf"))
    assert teacher.view("") == fresh.view("")
    assert teacher.annotations() == fresh.annotations()


def make_shell(screen, algorithm="kruskal", speed=120.0, size=(12, 9)):
    shell = Shell(MazeSpec(algorithm, "square", *size, 3), speed=speed, screen=screen)
    shell.frame([], 0.0)
    return shell


def run_until_paused(shell, scene, frames=600):
    """Frames at 60 a second until the scene pauses itself (a breakpoint hit, a phase reached)."""
    for _ in range(frames):
        shell.frame([], 1 / 60)
        if scene.paused:
            return


def key(shell, code, mod=0, up=False, dt=1 / 60):
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    shell.frame([pygame.event.Event(kind, key=code, mod=mod, unicode="")], dt)


class Held:
    """pygame.key.get_pressed() with some keys held down (the dummy video driver has no keyboard)."""

    def __init__(self, *codes):
        self.codes = set(codes)

    def __call__(self):
        return self

    def __getitem__(self, code):
        return code in self.codes


def test_holding_right_steps_at_a_steady_readable_pace(screen, monkeypatch):
    held = Held(pygame.K_RIGHT)
    monkeypatch.setattr(pygame.key, "get_pressed", held)
    shell = make_shell(screen)
    run = shell.base.run
    key(shell, pygame.K_RIGHT, dt=0)
    steps = lambda: shell.base.teacher.generation.steps  # noqa: E731
    shell.base.teacher.catch_up(float("inf"))
    assert steps() == 1
    seconds = 2.0
    for _ in range(int(seconds * 60)):
        shell.frame([], 1 / 60)
    expected = 1 + int((seconds - REPEAT_DELAY) / REPEAT_INTERVAL)
    assert expected - 2 <= steps() <= expected + 1
    held.codes.clear()
    key(shell, pygame.K_RIGHT, up=True)
    position = run.position
    for _ in range(60):
        shell.frame([], 1 / 60)
    assert run.position == position and shell.base.paused  # let go: stepping stops


def test_a_key_let_go_unseen_stops_repeating(screen, monkeypatch):
    """The window missed the key's release (focus went elsewhere): the keyboard says it is up."""
    monkeypatch.setattr(pygame.key, "get_pressed", Held())
    shell = make_shell(screen)
    key(shell, pygame.K_RIGHT)
    position = shell.base.run.position
    for _ in range(90):
        shell.frame([], 1 / 60)
    assert shell.base.run.position == position


def test_shift_right_steps_one_event_and_right_a_whole_merge(screen):
    shell = make_shell(screen, "kruskal")
    scene = shell.base
    while scene.run.position < 60:
        key(shell, pygame.K_RIGHT)
        key(shell, pygame.K_RIGHT, up=True)
    position = scene.run.position
    key(shell, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    assert scene.run.position == position + 1
    key(shell, pygame.K_LEFT, pygame.KMOD_RSHIFT)
    assert scene.run.position == position


def test_the_panel_explains_when_paused_or_slow_and_e_toggles_it(screen):
    shell = make_shell(screen, speed=INSTANT, size=(250, 200))
    scene = shell.base
    assert scene.teaching() is None
    key(shell, pygame.K_SPACE)
    assert scene.teaching() is not None
    key(shell, pygame.K_e)
    assert scene.teaching() is None
    key(shell, pygame.K_e)
    for _ in range(300):  # a loaded machine may need a few frames to catch the narration up
        view = scene.teaching()
        assert view is not None and view.title == "Kruskal's"
        if view.code:
            break
        assert view.status.startswith("Catching up with the run: ")
        shell.frame([], 1 / 60)
    assert view.code and not view.status.startswith("Catching up")


def test_the_panel_shows_the_lit_line_in_its_colour_and_the_words_of_this_algorithm(screen):
    shell = make_shell(screen, "backtracker")
    scene = shell.base
    for _ in range(5):
        key(shell, pygame.K_RIGHT)
    shell.frame([], 1 / 60)
    panel = shell.panel_rect()
    pixels = pygame.surfarray.array3d(screen.subsurface(panel))
    lit = np.all(pixels == CODE_LIT, axis=2)
    assert lit.sum() > panel.width * 10  # a bar across the panel, a line high
    assert scene.legend_label("stack") and "stack" in scene.legend_label("stack")
    view = scene.teaching()
    assert view.code[view.lit].strip().startswith("carve")


def test_l_runs_to_the_next_time_the_lit_line_runs(screen):
    """Paused on a kept wall, L runs over every carve and merge and stops at the next kept wall,
    event by event (a breakpoint on that line)."""
    shell = make_shell(screen, "kruskal", size=(14, 10))
    scene = shell.base
    reject_line = KruskalNarrator.code.keep.index
    for _ in range(60):
        key(shell, pygame.K_RIGHT)
    scene.teacher.catch_up(float("inf"))
    for _ in range(100):
        if scene.teacher.narration.lit == reject_line:
            break
        scene.step_forward()
        scene.teacher.catch_up(float("inf"))
    assert scene.teacher.narration.lit == reject_line and not scene.run.finished
    start = scene.run.position
    key(shell, pygame.K_l)
    run_until_paused(shell, scene)
    scene.teacher.catch_up(float("inf"))
    assert scene.paused and scene.teacher.narration.lit == reject_line
    replay = Run(scene.spec)
    teacher = Teacher(replay)
    replay.step(start)
    lines = []
    while replay.position < scene.run.position and not replay.finished:
        replay.step(1)
        teacher.catch_up(float("inf"))
        lines.append(teacher.narration.lit)
    assert replay.position == scene.run.position
    assert lines[-1] == reject_line and reject_line not in lines[:-1]


def test_page_down_runs_to_the_next_phase(screen):
    shell = make_shell(screen, "dungeon", size=(21, 15))
    scene = shell.base
    key(shell, pygame.K_SPACE)
    seen = []
    for _ in range(3):
        key(shell, pygame.K_PAGEDOWN)
        run_until_paused(shell, scene)
        scene.teacher.catch_up(float("inf"))
        seen.append(scene.teacher.narration.narrator.phase)
    assert seen == ["rooms", "maze", "connect"]


@pytest.mark.parametrize("name", ["kruskal", "wilson", "dungeon"])
def test_a_seek_back_resumes_from_a_saved_copy_and_says_what_a_straight_run_says(name, monkeypatch):
    """With copies every 64 events (and thinned past the cap), any seek back reads on from the
    nearest copy and ends exactly where a narration read from the start ends."""
    monkeypatch.setattr(teaching, "CHECKPOINT_EVERY", 64)
    monkeypatch.setattr(teaching, "MOST_CHECKPOINTS", 4)
    spec = MazeSpec(name, "square", 14, 10, 5, {"braid": 50})
    run = Run(spec, interval=64)
    teacher = Teacher(run)
    run.finish_generation()
    teacher.catch_up(float("inf"))
    assert 1 <= len(teacher._checkpoints) <= 5 and teacher._spacing > 64  # thinned
    for target in (run.total // 3, 5, run.total - 7, run.total // 2):
        run.seek(target)
        teacher.catch_up(float("inf"))
        fresh_run = Run(spec)
        fresh_run.step(target)
        fresh = Teacher(fresh_run)
        fresh.catch_up(float("inf"))
        assert teacher.view("") == fresh.view("") and teacher.annotations() == fresh.annotations()


def test_l_on_a_finished_maze_says_so_and_leaves_no_breakpoint(screen):
    shell = make_shell(screen, "backtracker", size=(6, 4))
    scene = shell.base
    scene.run.finish_generation()
    key(shell, pygame.K_l)
    assert scene.until is None and "Finished" in shell.toast[0]


def test_the_breakpoint_stops_on_its_own_pseudocode_not_the_same_line_number_elsewhere(screen):
    """Kruskal's "remove the wall" is line 4; so is braid's "open the wall to it": L from the last
    merge runs to the end of the maze, not into the braid phase."""
    assert KruskalNarrator.code.remove.index == BraidNarrator.code.open.index == 4
    shell = Shell(MazeSpec("kruskal", "square", 8, 8, 3, {"braid": 100}), speed=60, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    run = scene.run
    run.finish_generation()
    events = run.logged_events(0, run.total)
    braid_at = next(i for i, e in enumerate(events) if e[0] == Kind.PHASE)
    last_merge = max(i for i, e in enumerate(events[:braid_at]) if e[0] == Kind.CARVE)
    scene.seek(last_merge + 1)
    scene.teacher.catch_up(float("inf"))
    assert scene.teacher.narration.lit == KruskalNarrator.code.remove.index
    key(shell, pygame.K_l)
    run_until_paused(shell, scene)
    assert run.position == run.total


def test_what_an_algorithm_is_known_for_follows_its_parameters():
    south_west = teaching.known_for(MazeSpec("binary_tree", "square", 5, 5, 1, {"bias": "SW"}))
    braided = teaching.known_for(MazeSpec("backtracker", "square", 5, 5, 1, {"braid": 100}))
    assert "toward S" in south_west and "toward N" not in south_west
    assert "perfect" not in braided and "loops" in braided


@pytest.mark.parametrize("name", ["kruskal", "eller", "wilson", "dungeon"])
def test_left_retraces_every_right_press_in_reverse(name):
    """Ten Rights then ten Lefts pass back through exactly the positions the Rights stopped at
    (the later Lefts read step starts remembered from before the seeks)."""
    run = Run(MazeSpec(name, "square", 12, 9, 6), interval=64)
    teacher = Teacher(run)
    run.step(50)
    teacher.step_forward()
    stops = [run.position]
    for _ in range(10):
        teacher.step_forward()
        stops.append(run.position)
    for expected in reversed(stops[:-1]):
        teacher.step_back()
        teacher.catch_up(0.0)  # a frame's worth of reading at most, as the window does
        assert run.position == expected


def test_the_panel_follows_each_step_of_a_solve_and_the_pause(screen):
    shell = make_shell(screen, "backtracker", size=(8, 6))
    scene = shell.base
    scene.run.finish_generation()
    key(shell, pygame.K_s)
    key(shell, pygame.K_SPACE)
    shell.frame([], 1 / 60)
    views = []
    for _ in range(3):
        key(shell, pygame.K_RIGHT)
        key(shell, pygame.K_RIGHT, up=True)
        views.append(scene.teaching())
    assert len({(v.status, v.sentences) for v in views}) == 3
    assert all(v.title == "Breadth-first search" for v in views)
    paused = scene.teaching().status
    key(shell, pygame.K_SPACE)
    assert scene.teaching() is None or scene.teaching().status != paused


@pytest.mark.parametrize("solver", ["bfs", "dead_end_filling"])
def test_the_caves_rock_keeps_its_own_words_while_a_solver_runs(solver):
    """A solver paints neither rock nor floor: their legend words stay the generator's, while the
    colours the solver paints take the solver's."""
    run = Run(MazeSpec("caves", "square", 30, 20, 4))
    teacher = Teacher(run)
    run.step(1 << 22)
    rock = teacher.legend_label("unvisited")
    assert rock and "rock" in rock
    run.solve(solver)
    run.step(1 << 22)
    teacher.catch_up(math.inf)
    assert teacher.legend_label("unvisited") == rock
    assert teacher.legend_label("pruned") == ALGORITHMS["caves"].narrator.legend["pruned"]
    assert teacher.legend_label("search" if solver == "bfs" else "dead end") == SOLVERS[solver].narrator.legend.get(
        "search" if solver == "bfs" else "dead end")
