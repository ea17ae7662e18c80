"""Bookmarks: F6 marks the watch run's current moment, Shift+F6 saves the marks as a lesson (one
slide per mark) beside the screenshots, so a teacher can build a lesson by playing.

The marks belong to one recipe: a new maze (another seed, algorithm or grid) starts a fresh list;
the scrub bar shows them as flags.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..run.lesson import lesson_from_bookmarks, save_lesson
from .captures import screenshot_dir
from .scenes.watch import WatchScene
from .shell import Shell

MARK_KEY = pygame.K_F6
KEY_WORDS = "F6 bookmark this moment, Shift+F6 save the bookmarks as a lesson"


class Bookmarks:
    def __init__(self, shell: Shell, folder: Path | None = None) -> None:
        self.shell = shell
        self.folder = folder

    def handle(self, event: pygame.event.Event) -> bool:
        """True when ``event`` was a bookmark key (and is used up)."""
        if event.type != pygame.KEYDOWN or event.key != MARK_KEY:
            return False
        scene = self.shell.base
        if self.shell.scene is not scene or not isinstance(scene, WatchScene):
            self.shell.message("Bookmarks mark the watch scene's run")
        elif event.mod & pygame.KMOD_SHIFT:
            self.save()
        else:
            self.mark(scene)
        return True

    def mark(self, scene: WatchScene) -> None:
        """The marks live on the scene (its scrub bar draws them; a new recipe clears them)."""
        position = scene.run.position
        if position not in scene.bookmarks:
            scene.bookmarks.append(position)
        self.shell.message(f"Bookmark {len(scene.bookmarks)} at event {position:,} (Shift+F6 saves them as a lesson)")

    def save(self) -> Path | None:
        scene = self.shell.base
        assert isinstance(scene, WatchScene)
        if not scene.bookmarks:
            self.shell.message("No bookmarks yet: F6 marks the current moment")
            return None
        spec = scene.spec
        lesson = lesson_from_bookmarks(f"Bookmarks: {spec.algorithm} seed {spec.seed}", spec, scene.bookmarks)
        try:
            path = save_lesson(lesson, self.folder or screenshot_dir())
        except OSError as err:
            self.shell.message(f"Could not save the lesson: {err}")
            return None
        self.shell.message(f"Saved {len(scene.bookmarks)} bookmarks as {path}")
        return path
