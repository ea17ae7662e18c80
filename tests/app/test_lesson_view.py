"""Presenting a lesson: F5 / F4 walk the slides, each slide shows its stop, other keys still reach the scene."""

from __future__ import annotations

from itertools import islice

import numpy as np
import pygame
import pytest

from visualizer.app.lesson_view import NEXT_KEY, PREVIOUS_KEY, Presenter
from visualizer.app.main import open_window
from visualizer.app.shell import Shell
from visualizer.core.maze import Maze
from visualizer.run.lesson import find_lesson, shipped_lessons


@pytest.fixture(scope="module")
def screen():
    surface = open_window((1024, 768))
    yield surface
    pygame.quit()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def straight(spec, events: int) -> Maze:
    grid = spec.make_grid()
    return Maze(grid).fold(islice(spec.events(grid), events))


@pytest.mark.parametrize("name", sorted(shipped_lessons()))
def test_every_slide_of_every_lesson_shows_its_stop(screen, name: str) -> None:
    lesson = find_lesson(name)
    notes: list[str] = []
    shell = Shell(lesson.slides[0].spec, screen=screen)
    presenter = Presenter(shell, lesson, notes.append)
    presenter.show(0)
    for number, slide in enumerate(lesson.slides, 1):
        if number > 1:
            assert presenter.handle(key(NEXT_KEY))
        shell.frame([], 0.0)
        assert shell.scene.name == slide.scene
        assert shell.shown_message() is not None and f"Slide {number} of" in shell.shown_message()
        assert slide.note in notes[-1]
        if slide.scene == "watch":
            run = shell.base.run
            board = straight(slide.spec, run.position)
            assert np.array_equal(run.maze.passages, board.passages), (name, number)
            if slide.stop.event is not None:
                assert run.position == slide.stop.event
    assert presenter.handle(key(NEXT_KEY)) and presenter.index == len(lesson.slides) - 1


def test_previous_slide_comes_back_as_it_was(screen) -> None:
    lesson = find_lesson("depth-first")
    shell = Shell(lesson.slides[0].spec, screen=screen)
    presenter = Presenter(shell, lesson, lambda _: None)
    presenter.show(0)
    first = shell.base.run.position
    presenter.handle(key(NEXT_KEY))
    assert shell.base.run.position != first
    presenter.handle(key(PREVIOUS_KEY))
    assert presenter.index == 0 and shell.base.run.position == first == lesson.slides[0].stop.event


def test_other_keys_are_left_to_the_scene(screen) -> None:
    lesson = find_lesson("depth-first")
    shell = Shell(lesson.slides[0].spec, screen=screen)
    presenter = Presenter(shell, lesson, lambda _: None)
    presenter.show(0)
    assert not presenter.handle(key(pygame.K_LEFT))
    position = shell.base.run.position
    shell.frame([key(pygame.K_LEFT)], 0.0)  # the timeline's step back still works on a slide
    assert shell.base.run.position < position


def test_bookmarks_save_a_lesson_that_replays_the_marked_moments(screen, tmp_path) -> None:
    from visualizer.app.bookmarks import MARK_KEY, Bookmarks
    from visualizer.run.lesson import load_lesson
    from visualizer.run.lesson_run import slide_run

    lesson = find_lesson("depth-first")
    shell = Shell(lesson.slides[0].spec, screen=screen)
    Presenter(shell, lesson, lambda _: None).show(0)
    marks = Bookmarks(shell, tmp_path)
    assert marks.handle(key(MARK_KEY))
    shell.base.seek(55)
    marks.handle(key(MARK_KEY))
    assert shell.base.timeline().bookmarks == [lesson.slides[0].stop.event, 55]  # the scrub bar's flags
    save = pygame.event.Event(pygame.KEYDOWN, key=MARK_KEY, mod=pygame.KMOD_LSHIFT, unicode="")
    assert marks.handle(save)
    (path,) = tmp_path.glob("*.toml")
    saved = load_lesson(path)
    assert [slide.stop.event for slide in saved.slides] == [55, lesson.slides[0].stop.event]
    for slide in saved.slides:
        run = slide_run(slide)
        assert run.position == slide.stop.event
        assert np.array_equal(run.maze.passages, straight(slide.spec, run.position).passages)


def test_a_new_recipe_clears_the_bookmarks(screen) -> None:
    from visualizer.app.bookmarks import MARK_KEY, Bookmarks

    lesson = find_lesson("depth-first")
    shell = Shell(lesson.slides[0].spec, screen=screen)
    Presenter(shell, lesson, lambda _: None).show(0)
    Bookmarks(shell).handle(key(MARK_KEY))
    shell.base.restart()  # R: the same maze again keeps them
    assert shell.base.bookmarks
    shell.base.new_seed()
    assert shell.base.bookmarks == []


def test_the_slide_and_bookmark_keys_are_bound_nowhere_else():
    """The presenter and the bookmarks take their keys before the scene: a key table that binds the
    same key would lose it silently (themes took F7 and F8 once)."""
    from visualizer.app.bookmarks import MARK_KEY
    from visualizer.app.keys import ALT, CTRL, NONE, SHELL_KEYS, SHIFT, KeyPress
    from visualizer.app.scenes.compare import CompareScene
    from visualizer.app.scenes.lab import LabScene
    from visualizer.app.scenes.play import PlayScene
    from visualizer.app.scenes.watch import WatchScene

    tables = [SHELL_KEYS] + [scene.keys for scene in (WatchScene, CompareScene, LabScene, PlayScene)]
    for key in (NEXT_KEY, PREVIOUS_KEY, MARK_KEY):
        for mods in (NONE, SHIFT, CTRL, ALT):
            assert all(table.find(KeyPress(key, mods)) is None for table in tables), (pygame.key.name(key), mods)


def test_a_slide_that_solves_keeps_its_caption_once_the_solver_is_done(screen) -> None:
    """depth-first's third slide solves with BFS: the caption stays in the message box (the panel's
    figures give the path's length), and the distance map it talks about is not hidden by the
    cells the solver only looked at."""
    from visualizer.render.palette import HEAT, TERRAIN
    from visualizer.render.styles import cell_styles

    lesson = find_lesson("depth-first")
    shell = Shell(lesson.slides[0].spec, screen=screen)
    presenter = Presenter(shell, lesson, lambda _: None)
    presenter.show(2)
    for _ in range(600):
        shell.frame([], 1 / 30)
        if shell.base.run.solution and not shell.base.busy:
            break
    run = shell.base.run
    assert run.solution, "the slide's solver never finished"
    assert shell.shown_message() is not None and shell.shown_message().startswith("Slide 3 of 3: The distance map")
    styles = cell_styles(run.maze, run.overlay)
    mapped = ((styles >= HEAT) & (styles < TERRAIN)).sum()
    assert mapped + len(run.solution) >= run.maze.grid.size - 2, "the distance map is covered by the solver's colours"


@pytest.mark.parametrize("press", [(pygame.K_F10, 0), (pygame.K_EQUALS, pygame.KMOD_CTRL)],
                         ids=["F10 layout", "Ctrl+= text size"])
def test_a_look_key_says_its_words_briefly_then_the_slides_caption_is_back(screen, press) -> None:
    from visualizer.app import text

    lesson = find_lesson("depth-first")
    shell = Shell(lesson.slides[0].spec, screen=screen)
    presenter = Presenter(shell, lesson, lambda _: None)
    presenter.show(0)
    shell.frame([], 0.0)
    caption = shell.shown_message()
    assert caption is not None and lesson.slides[0].caption in caption
    try:
        shell.handle_key(*press)
        shell.frame([], 0.1)
        assert shell.shown_message() != caption  # the key's words show, over the caption
        for _ in range(12):
            shell.frame([], 0.5)
        assert shell.shown_message() == caption
        assert presenter.handle(key(NEXT_KEY))
        shell.frame([], 0.0)
        assert lesson.slides[1].caption in shell.shown_message()
    finally:
        text.reset_cache()  # Ctrl+= must not leave the next test's text larger


def test_a_compare_slide_that_shows_the_solution_solves_every_pane_once_built(screen, tmp_path) -> None:
    """``show = ["solution"]`` on a compare slide: the class watches the mazes being made, then
    every pane draws its path with the slide's solver (it was ignored: no path, the default solver)."""
    from visualizer.run.lesson import load_lesson

    path = tmp_path / "race.toml"
    path.write_text('title = "R"\n[[slide]]\nscene = "compare"\nalgorithms = ["wilson", "prim"]\nsize = "8x6"\n'
                    'seed = 3\nsolver = "dfs"\nshow = ["solution"]\ncaption = "c"\n', encoding="utf-8")
    lesson = load_lesson(path)
    shell = Shell(lesson.slides[0].spec, screen=screen)
    Presenter(shell, lesson, lambda _: None).show(0)
    scene = shell.scene
    assert scene.name == "compare" and scene.solver == "dfs"
    assert all(pane.run.solver is None for pane in scene.panes), "solved before the class saw the mazes made"
    for _ in range(3000):
        shell.frame([], 1 / 30)
        if all(pane.run.solution and pane.run.idle for pane in scene.panes):
            break
    assert all(pane.run.solution for pane in scene.panes), "a pane drew no path"
    assert all(pane.run.solver == "dfs" for pane in scene.panes)


def test_the_help_names_the_slide_keys_in_a_lesson_and_the_bookmark_keys_always(screen) -> None:
    """H lists F5 / F4 while a lesson is shown and F6 / Shift+F6 in every watch window: keys the
    window answers before the scene, which only teaching.md named."""
    lesson = find_lesson("depth-first")
    plain = Shell(lesson.slides[0].spec, screen=screen)
    labels = [row.label for row in plain.help_rows()]
    assert "F6  /  Shift+F6" in labels and "F5  /  F4" not in labels
    shell = Shell(lesson.slides[0].spec, screen=screen)
    Presenter(shell, lesson, lambda _: None).show(0)
    assert {"F5  /  F4", "F6  /  Shift+F6"} <= {row.label for row in shell.help_rows()}


def slide_number(lesson, scene: str) -> int:
    """The index of the lesson's first slide on ``scene``."""
    return next(i for i, slide in enumerate(lesson.slides) if slide.scene == scene)


def test_a_lab_slide_keeps_its_caption_when_a_batch_is_done(screen) -> None:
    """uniform-vs-biased's lab slide: the sampling ends a second or so after F5, and its verdict
    ("wilson: 5,000 mazes, p = 0.688: looks uniform") took the caption's place for 4 seconds (a
    screenshot taken then showed no caption; one taken later did). The caption stays; the verdict is
    the panel's, for this algorithm and the next one Tab samples."""
    lesson = find_lesson("uniform-vs-biased")
    index = slide_number(lesson, "lab")
    caption = f"Slide {index + 1} of {len(lesson.slides)}: {lesson.slides[index].caption}"
    shell = Shell(lesson.slides[0].spec, screen=screen)
    Presenter(shell, lesson, lambda _: None).show(index)
    lab = shell.scene
    lab.goals = dict.fromkeys(lab.goals, 500)  # batches of 500, not 5,000: the same ending, sooner
    for algorithm in lesson.slides[index].algorithms[:2]:
        assert lab.sampler.name == algorithm
        for _ in range(3000):
            shell.frame([], 1 / 30)
            if not lab.busy:
                break
        assert not lab.busy, f"{algorithm}'s batch never finished"
        shell.frame([], 1 / 30)
        assert shell.shown_message() == caption, "the lab's verdict took the slide's caption's place"
        assert ("Verdict", lab.verdict_text()) in lab.panel_lines() and "p = " in lab.verdict_text()
        shell.handle_key(pygame.K_TAB, 0)


def test_outside_a_lesson_the_lab_still_says_its_verdict(screen) -> None:
    lesson = find_lesson("uniform-vs-biased")
    slide = lesson.slides[slide_number(lesson, "lab")]
    shell = Shell(slide.spec, screen=screen)
    shell.open_scene("lab", spec=slide.spec, algorithms=["aldous_broder"], samples=500)
    for _ in range(3000):
        shell.frame([], 1 / 30)
        if not shell.scene.busy:
            break
    assert shell.shown_message() == f"aldous_broder: 500 mazes, {shell.scene.verdict_text()}"


PACING_WORDS = {"lockstep": ("lockstep",), "race": ("race", "racing")}
"""How a note names each pacing of the compare scene (its panel's Pacing row says the one on screen)."""


@pytest.mark.parametrize("name", sorted(shipped_lessons()))
def test_a_compare_slides_note_names_the_pacing_it_opens_in(screen, name: str) -> None:
    """uniform-vs-biased's compare note said "Let the race run" while the slide opens in lockstep
    (the panel said "Pacing: lockstep"): a note may name the slide's pacing, never the other one."""
    lesson = find_lesson(name)
    shell = Shell(lesson.slides[0].spec, screen=screen)
    presenter = Presenter(shell, lesson, lambda _: None)
    for index, slide in enumerate(lesson.slides):
        if slide.scene != "compare":
            continue
        presenter.show(index)
        shown = dict(shell.scene.panel_lines())["Pacing"].split(":")[0]
        assert shown in PACING_WORDS
        for pacing, words in PACING_WORDS.items():
            if pacing != shown:
                said = [word for word in words if word in slide.note.lower()]
                assert not said, f"slide {index + 1}'s note speaks of a {pacing} ({said}); it opens in {shown}"


def test_uniform_vs_biased_compare_slide_finishes_as_its_note_says(screen) -> None:
    """The note says Wilson's maze is done first, in far fewer events: the panes' badges and
    event counts show it at the end of the slide's run."""
    lesson = find_lesson("uniform-vs-biased")
    index = slide_number(lesson, "compare")
    assert "Wilson's maze is done first" in lesson.slides[index].note
    shell = Shell(lesson.slides[0].spec, screen=screen)
    Presenter(shell, lesson, lambda _: None).show(index)
    scene = shell.scene
    for _ in range(2000):
        shell.frame([], 0.25)
        if all(pane.run.finished for pane in scene.panes):
            break
    wilson, aldous_broder = scene.panes
    assert (wilson.title, aldous_broder.title) == ("Wilson's", "Aldous-Broder")
    assert scene.place_text(wilson).startswith("1st") and scene.place_text(aldous_broder).startswith("2nd")
    assert 2 * wilson.run.position < aldous_broder.run.position
