"""Presenting a lesson in the window: F5 / F4 go to the next / previous slide; every other key goes
to the scene as usual, so between slides the timeline, explanations and figures all still work.

Each slide starts exactly as its file says (a fresh run of its recipe, sought to its stop with the
run's own timeline), its number and caption are on screen, the teacher's note goes to the terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pygame

from ..run.lesson import Lesson, Slide
from ..run.lesson_run import stop_position
from . import look
from .bookmarks import Bookmarks
from .keys import Binding
from .main import frame_loop, freeze_start_up, open_window
from .scenes.compare import CompareScene
from .scenes.lab import LabScene
from .scenes.watch import WatchScene
from .shell import Shell

NEXT_KEY, PREVIOUS_KEY = pygame.K_F5, pygame.K_F4
"""Free in every scene's key table (PgDn and the arrows belong to the watch scene's timeline)."""
KEY_WORDS = "F5 next slide, F4 previous slide"
SLIDE_KEYS = Binding("F5  /  F4", "next / previous slide of the lesson", "", ())
"""The help overlay's row for them while a lesson is shown."""


class Presenter:
    """Walks a lesson's slides on a shell's scenes."""

    def __init__(self, shell: Shell, lesson: Lesson, say: Callable[[str], None] = print) -> None:
        self.shell = shell
        self.lesson = lesson
        self.say = say
        self.index = -1
        shell.extra_help = [SLIDE_KEYS]

    def handle(self, event: pygame.event.Event) -> bool:
        """True when ``event`` was a slide key (and is used up)."""
        if event.type != pygame.KEYDOWN or event.key not in (NEXT_KEY, PREVIOUS_KEY):
            return False
        step = 1 if event.key == NEXT_KEY else -1
        target = self.index + step
        if 0 <= target < len(self.lesson.slides):
            self.show(target)
        else:
            self.shell.message("Last slide" if step > 0 else "First slide")
        self.shell.state_due = True  # the shell saw no input of its own
        return True

    def heading(self, index: int) -> str:
        return f"Slide {index + 1} of {len(self.lesson.slides)}"

    def show(self, index: int) -> None:
        self.index = index
        slide = self.lesson.slides[index]
        while len(self.shell.scenes) > 1:
            self.shell.close_scene()
        if slide.scene == "watch":
            self.show_watch(slide)
        elif slide.scene == "compare":
            pace = {} if slide.speed is None else {"speed": slide.speed}
            specs = [slide.spec.with_(algorithm=name) for name in slide.algorithms]
            self.shell.open_scene("compare", spec=specs[0], specs=specs, **pace)
            self.solve_compared(slide)
        else:
            self.shell.open_scene("lab", spec=slide.spec, algorithms=list(slide.algorithms))
            lab = self.shell.scene
            assert isinstance(lab, LabScene)
            lab.announce = False  # the caption stays: the panel gives each batch's verdict
        self.shell.show_caption(f"{self.heading(index)}: {slide.caption}")  # under every message, till the next slide
        self.say(f"{self.heading(index)} ({slide.scene}, stops at {slide.stop.words()})"
                 + (f": {slide.note}" if slide.note else ""))

    def solve_compared(self, slide: Slide) -> None:
        """A compare slide's solver; with ``show = ["solution"]`` every pane solves once all are built."""
        scene = self.shell.scene
        assert isinstance(scene, CompareScene)
        if slide.solver is not None:
            scene.solver = slide.solver
            scene.solve_when_built = "solution" in slide.show

    def show_watch(self, slide: Slide) -> None:
        scene = self.shell.base
        assert isinstance(scene, WatchScene)  # the shell always opens on the watch scene
        scene.restart(slide.spec)
        if slide.speed is not None:
            scene.speed = slide.speed
        scene.seek(stop_position(scene.run, slide.stop))
        scene.distance_map = "distances" in slide.show
        scene.show_longest = "longest" in slide.show
        scene.figures.distance_stamp = -1.0
        if slide.solver is not None:
            scene.solver = slide.solver
            if "solution" in slide.show:
                scene.start_solver(report=False)  # the caption stays: the panel says the path's length
        self.shell.layout_dirty = True


def present(lesson: Lesson, theme: str | None = None, walls: str | None = None, layout: str | None = None) -> int:
    """The window on the lesson's first slide, in the remembered look (or the one given); the loop
    of ``main.run_app`` with the slide keys first."""
    look.start(theme, walls, layout)
    first = lesson.slides[0]
    screen = open_window()
    freeze_start_up()
    shell = Shell(first.spec, speed=first.speed, screen=screen)
    pygame.display.set_caption(f"Maze Visualizer: {lesson.title}")
    presenter = Presenter(shell, lesson)
    marks = Bookmarks(shell)
    print(f"{lesson.title}: {len(lesson.slides)} slides ({KEY_WORDS})")
    presenter.show(0)
    try:
        frame_loop(shell, [presenter, marks])
    finally:
        if shell.running:  # the loop ended by an error: a recording must not keep the process alive
            shell.recorder.close(shell.clock_time)
        pygame.quit()
    for words in shell.farewell:
        print(words, file=sys.stderr)
    return 0
