"""F7 switches the theme and F8 the walls, in every scene, at once and all over the window; both
are remembered for the next run; the command line's choice wins and is remembered too."""

import numpy as np
import pygame
import pytest

from visualizer.app import look
from visualizer.app.layout import Arrangement
from visualizer.app.shell import Shell
from visualizer.files import settings
from visualizer.render import board, themes
from visualizer.run.spec import MazeSpec


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_CONFIG", str(tmp_path))
    yield tmp_path
    themes.use("dark")
    board.use_walls("normal")


def press(shell, code):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")], 1 / 60)
    shell.frame([], 1 / 60)


def colours_in(surface, rect):
    rgb = pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3)
    return {tuple(int(v) for v in c) for c in np.unique(rgb, axis=0)}


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_f7_repaints_board_and_panel_in_the_next_theme(screen, grid):
    shell = Shell(MazeSpec("backtracker", grid, 10, 8, 3), speed=60.0, screen=screen)
    shell.base.run.finish_generation()
    shell.frame([], 0.0)
    for name in ("light", "high-contrast", "dark"):
        press(shell, pygame.K_F7)
        theme = themes.current()
        assert theme.name == name and settings.load()["theme"] == name
        board_colours = colours_in(shell.screen, shell.view_rect())
        assert theme.wall in board_colours and theme.floor in board_colours
        others = [t for t in themes.THEMES.values() if t.wall != theme.wall]
        assert all(t.wall not in board_colours for t in others)  # nothing left of the old walls
        panel = shell.panel_rect()
        assert shell.screen.get_at((panel.right - 2, panel.bottom - 2))[:3] == theme.ui.panel


@pytest.mark.parametrize("scene", ["play", "compare", "lab"])
def test_the_theme_key_works_in_every_scene(screen, scene):
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), speed=60.0, screen=screen)
    shell.open_scene(scene, spec=MazeSpec("backtracker", "square", 8, 6, 3))
    shell.frame([], 0.0)
    press(shell, pygame.K_F7)
    assert themes.current().name == "light" and shell.scene.name == scene


@pytest.mark.parametrize("kind", ["hex", "triangle", "polar"])
def test_f8_makes_walls_thicker_and_thick_is_at_least_three_pixels(screen, kind):
    shell = Shell(MazeSpec("backtracker", kind, 30, 20, 3), speed=60.0, screen=screen)
    shell.frame([], 0.0)
    widths = {}
    for name in ("thick", "thin", "normal"):
        while board.walls() != name:
            press(shell, pygame.K_F8)
        assert settings.load()["walls"] == name
        widths[name] = shell.board.layout.extra.get("half_wall", None) or wall_pixels(shell.board)
    assert widths["thin"] < widths["normal"] < widths["thick"]


def wall_pixels(b):
    """Wall-owning pixels per cell: grows with the wall weight."""
    n = b.grid.size
    owner = b.owner
    return float(((owner >= n) | (owner >= b.corner_base)).sum()) / n


def test_thick_walls_are_three_pixels_across_even_when_zoomed_out():
    from visualizer.grids import make_grid
    from visualizer.grids.layout import WALL_WEIGHTS
    for kind in ("hex", "triangle", "polar"):
        grid = make_grid(kind, 60, 40)
        b = board.Board(grid, 500, 400, walls=WALL_WEIGHTS["thick"])
        walls = b.owner >= grid.size
        # along some row through the middle, every run of wall pixels is at least 3 long
        row = walls[:, b.height // 2]
        runs, count = [], 0
        for v in row.tolist() + [False]:
            if v:
                count += 1
            elif count:
                runs.append(count)
                count = 0
        assert runs and min(runs[1:-1] or runs) >= 3, (kind, runs)


def test_the_command_line_wins_and_is_remembered(config):
    settings.save({"theme": "light", "walls": "thin"})
    look.start(theme=None, walls=None)
    assert themes.current().name == "light" and board.walls() == "thin"
    look.start(theme="high-contrast", walls=None)
    assert themes.current().name == "high-contrast" and settings.load() == {"theme": "high-contrast",
                                                                            "walls": "thin", "layout": "side"}
    look.start(arrangement="presenting")
    assert look.arrangement() is Arrangement.PRESENTING and settings.load()["layout"] == "presenting"
    look.start()
    assert look.arrangement() is Arrangement.PRESENTING, "the layout chosen last is the one the window opens with"


def test_f10_cycles_the_layouts_and_the_next_window_opens_in_the_last(config, screen):
    look.start()
    shell = Shell(MazeSpec("prim", "square", 16, 10, 2), speed=60.0, screen=screen)
    shell.frame([], 0)
    side_view = shell.view_rect()
    seen = []
    for _ in Arrangement:
        shell.handle_key(pygame.K_F10, 0)
        shell.frame([], 1 / 60)
        seen.append(shell.arrangement)
        assert shell.arrangement.words in shell.shown_message()
    assert seen == [Arrangement.PRESENTING, Arrangement.BOARD, Arrangement.SIDE]
    shell.handle_key(pygame.K_F10, 0)
    shell.frame([], 1 / 60)
    assert shell.view_rect().width > side_view.width, "presenting gives the board the panel's width"
    assert settings.load()["layout"] == "presenting"
    assert Shell(MazeSpec(), screen=screen).arrangement is Arrangement.PRESENTING
