"""The help overlay says which number key picks which algorithm (from the registry), and the
docs hold the same list; every number key does what the list says."""

from __future__ import annotations

import pygame
import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.app import text
from visualizer.app.help import algorithm_numbers, draw_help, numbers_markdown
from visualizer.app.keys import CTRL, SHELL_KEYS, SHIFT, WATCH_KEYS, KeyPress
from visualizer.app.shell import Shell
from visualizer.run.spec import MazeSpec


class Recording(pygame.Surface):
    """A surface that notes where each blit lands."""

    def __init__(self, size):
        super().__init__(size)
        self.landed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.landed.append(pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size())))
        return rect


def test_every_number_key_picks_the_algorithm_the_list_names(screen):
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    titles = {info.title: name for name, info in ALGORITHMS.items()}
    assert len(algorithm_numbers()) == len(ALGORITHMS)
    for key, title in algorithm_numbers():
        digit = key.removeprefix("Shift+").removeprefix("Ctrl+")
        mods = SHIFT if key.startswith("Shift+") else CTRL if key.startswith("Ctrl+") else 0
        press = KeyPress(getattr(pygame, f"K_{digit}"), mods)
        scene.choose_algorithm_number(press)
        assert scene.spec.algorithm == titles[title], (key, title)


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1920, 1080)])
def test_the_help_overlay_lists_the_number_keys_whole_and_inside_the_window(size, monkeypatch, screen):
    drawn: list[str] = []
    real = text.rendered
    monkeypatch.setattr(text, "rendered", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    rows = WATCH_KEYS.help_rows() + SHELL_KEYS.help_rows()
    pages = draw_help(Recording(size), rows, 18)
    for page in range(pages):
        surface = Recording(size)
        draw_help(surface, rows, 18, page)
        window = surface.get_rect()
        assert all(window.contains(rect) for rect in surface.landed)
        texts = [rect for rect in surface.landed if rect.size != size]
        assert not any(a.colliderect(b) for i, a in enumerate(texts) for b in texts[i + 1:]), "entries overlap"
    for key, title in algorithm_numbers():
        assert f"{key}  {title}" in drawn
    assert all(row.label in drawn for row in rows), "a key on no page"


@pytest.mark.parametrize("size", [(1024, 768), (800, 600), (1920, 1080)])
def test_the_help_never_shrinks_far_below_the_body_size_it_goes_on_pages(size, monkeypatch, screen):
    """At 1024 x 768 every key on one page was 11-pixel text, unreadable on a projector: past
    HELP_FLOOR below the body size the scene's keys go on pages of their own, then the window's
    keys and the number keys; every key on one page, in order."""
    from visualizer.app.help import HELP_FLOOR, help_pages
    from visualizer.app.layout import text_size

    body = text_size(size)
    pages = help_pages(WATCH_KEYS.help_rows() + SHELL_KEYS.help_rows(), body, size)
    assert all(size_ >= body - HELP_FLOOR for *_, size_ in pages), [p[2] for p in pages]
    assert [row for rows, *_ in pages for row in rows] == WATCH_KEYS.help_rows() + SHELL_KEYS.help_rows()
    assert pages[-1][1] and not any(listed for _, listed, _ in pages[:-1]), "the number keys on the last page"


def test_other_scenes_help_does_not_list_the_algorithms(monkeypatch, screen):
    drawn: list[str] = []
    real = text.rendered
    monkeypatch.setattr(text, "rendered", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    draw_help(Recording((1024, 768)), SHELL_KEYS.help_rows(), 18)
    assert "Number keys pick" not in drawn


def test_the_docs_list_the_number_keys_as_the_overlay_does():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "algorithms.md").read_text(encoding="utf-8")
    assert numbers_markdown() in page, f"docs/algorithms.md needs this table:\n{numbers_markdown()}"


@pytest.mark.parametrize("grid", ["square", "hex", "triangle", "polar"])
def test_the_games_help_lists_the_move_keys_of_the_grid_played_only(grid, monkeypatch, screen, data):
    from visualizer.grids import GRIDS

    shell = Shell(MazeSpec("backtracker", grid, 8, 6, 3), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    shell.handle_key(pygame.K_p, 0)
    assert shell.scene.name == "play"
    drawn: list[str] = []
    real = text.rendered
    monkeypatch.setattr(text, "rendered", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    shell.handle_key(pygame.K_h, 0)
    shell.draw()
    shown = " ".join(drawn)
    assert all(label in drawn for label, _ in GRIDS[grid].PLAY_HELP)
    others = [kind for kind, cls in GRIDS.items() if cls.PLAY_HELP != GRIDS[grid].PLAY_HELP]
    for kind in others:
        assert not any(action in shown for _, action in GRIDS[kind].PLAY_HELP), kind
        assert kind in shown  # the line that says other grids move with other keys


def test_a_page_beyond_the_last_after_a_resize_becomes_the_last(screen):
    """On page 3 of 3 at a small size, a larger window has fewer pages: the help shows its last
    page, headed so, and H closes it (it said "page 1 of 2" and then closed)."""
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), speed=120.0, screen=pygame.Surface((1920, 1080)))
    shell.frame([], 0.0)
    shell.show_help, shell.help_page, shell._help_pages = True, 5, 6
    shell._last_key = None
    shell.draw()
    assert shell.help_page == shell._help_pages - 1
    shell.toggle_help()
    assert not shell.show_help
