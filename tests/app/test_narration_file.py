"""Ctrl+E in the watch scene: the narration so far, as Markdown in the screenshots folder."""

import pygame

from visualizer.app.shell import Shell
from visualizer.run.spec import MazeSpec


def test_ctrl_e_saves_what_was_watched_so_far(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    shell = Shell(MazeSpec("prim", "square", 8, 6, 5), speed=60.0, screen=screen)
    shell.frame([], 0)
    watch = shell.base
    watch.paused = True
    for _ in range(5):
        watch.step_forward()
    shell.frame([], 1 / 60)
    shell.handle_key(pygame.K_e, pygame.KMOD_CTRL)
    files = list(tmp_path.glob("*-narration.md"))
    assert len(files) == 1 and str(files[0]) in shell.shown_message()
    steps = [line for line in files[0].read_text().splitlines() if line[:1].isdigit()]
    assert len(steps) == 5, "the steps watched, and none beyond"
    assert watch.teacher.generation.sentences[-1] in steps[-1]
    assert not watch.explain or watch.explaining, "Ctrl+E is not E: the panel is as it was"


def test_ctrl_e_twice_keeps_both_files(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    shell = Shell(MazeSpec("kruskal", "hex", 5, 4, 1), speed=60.0, screen=screen)
    shell.frame([], 0)
    shell.handle_key(pygame.K_e, pygame.KMOD_CTRL)
    shell.handle_key(pygame.K_e, pygame.KMOD_CTRL)
    assert len(list(tmp_path.glob("*-narration*.md"))) == 2
