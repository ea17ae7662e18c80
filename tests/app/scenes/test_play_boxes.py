"""Every box play shows over the board (start, level select, the question, a win, giving up, a race
won, the end) shows every word of every line inside the box, at window sizes from 640 x 480 to
1920 x 1080: a line too wide wraps or its type steps down, never runs off the box's edges."""

from __future__ import annotations

import pygame
import pytest
from helpers import key, walk_shortest_path
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.app import text
from visualizer.app.main import open_window
from visualizer.app.route_view import lay_out_box
from visualizer.app.scenes.play import ALL_DONE, CHOOSE_LEVEL, CONFIRM_NEW, GAVE_UP, START, WON
from visualizer.app.shell import Shell
from visualizer.play.levels import FINAL_LEVEL
from visualizer.play.records import Records
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 720), (1920, 1080)]
LONG = MazeSpec("growing_binary_tree", "square", seed=11)
"""A long algorithm name: the start screen's recipe line is at its widest."""
SQUARE_KEY = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}


def reach(level: int) -> None:
    records = Records.load()
    records.reach(LONG, level)
    records.save()


def start(screen, mode: str = "new", players: int = 1) -> Shell:
    app = Shell(LONG, screen=screen)
    app.open_scene("play", spec=LONG, mode=mode, players=players)
    app.frame([], 0)
    return app


def with_a_save(screen) -> Shell:
    first = start(screen)
    key(first, pygame.K_ESCAPE)  # a level-1 game saved
    reach(FINAL_LEVEL)
    app = start(screen)
    assert app.scene.stage == START
    return app


def race_won(screen) -> Shell:
    """``play --players 2 --seed 11``, player 1 first to the exit (the trial's cut headline)."""
    app = start(screen, players=2)
    race = app.scene.race
    path = shortest_path(race.maze)
    grid = race.maze.grid
    for a, b in zip(path, path[1:]):
        key(app, SQUARE_KEY[grid.direction_between(a, b)])
    assert app.scene.stage == WON
    return app


def won(screen) -> Shell:
    app = start(screen)
    walk_shortest_path(app)
    assert app.scene.stage == WON
    return app


def gave_up(screen) -> Shell:
    app = start(screen)
    app.scene.give_up()
    app.frame([], 0)
    assert app.scene.stage == GAVE_UP
    return app


def the_end(screen) -> Shell:
    app = start(screen)
    app.scene.game.skipped = [2, 3, 5, 7]
    app.scene.stage = ALL_DONE
    app.frame([], 0)
    return app


def chosen(screen) -> Shell:
    app = with_a_save(screen)
    key(app, pygame.K_l)
    assert app.scene.stage == CHOOSE_LEVEL
    return app


def asked(screen) -> Shell:
    app = chosen(screen)
    key(app, pygame.K_RETURN)
    assert app.scene.stage == CONFIRM_NEW
    return app


BOXES = {"start": with_a_save, "level select": chosen, "question": asked, "won": won, "gave up": gave_up,
         "race won": race_won, "the end": the_end}


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_screen(request):
    surface = open_window(request.param)
    yield surface
    pygame.quit()


def assert_fits(layout, lines: list[str], view: pygame.Rect) -> None:
    """The box inside the view, each line measured with its font inside the box's padding, no word lost."""
    box = layout.box
    assert view.contains(box), (box, view)
    for row in layout.rows:
        width, height = text.font(row.size, row.bold).size(row.words)
        left = box.centerx - width // 2
        pad = layout.margin  # inside the border, with the box's padding either side
        assert box.left + pad <= left and left + width <= box.right - pad, (row.words, width, box)
        assert box.top < row.top and row.top + height <= box.bottom, (row.words, row.top, box)
    assert " ".join(row.words for row in layout.rows).split() == " ".join(lines).split()


@pytest.mark.parametrize("name", BOXES)
def test_every_line_of_every_box_fits_inside_it(sized_screen, data, name):
    app = BOXES[name](sized_screen)
    scene = app.scene
    lines = scene.screen_lines()
    app.frame([], 0)
    assert lines and scene.box is not None
    assert_fits(scene.box, lines, app.view_rect())


def test_the_race_headline_and_keys_show_whole_at_1024x768(data):
    surface = open_window((1024, 768))
    try:
        app = race_won(surface)
        rows = [row.words for row in app.scene.box.rows]
        assert " ".join(rows).startswith("Player 1 (arrows) wins!")
        assert any(row.endswith("Esc: leave") for row in rows)
        assert any("R: race this maze again" == part for row in rows for part in row.split("   "))
    finally:
        pygame.quit()


@settings(max_examples=40, deadline=None)
@given(lines=st.lists(st.text(st.sampled_from("abc WXYZ:()1-"), min_size=1, max_size=120), min_size=1,
                      max_size=8),
       width=st.integers(120, 1600), height=st.integers(120, 1000))
def test_any_lines_in_any_view_stay_inside_the_box(lines, width, height):
    pygame.font.init()
    view = pygame.Rect(7, 9, width, height)
    layout = lay_out_box(lines, view, text.base_size(height))
    box = layout.box
    assert view.contains(box)
    smallest = min(row.size for row in layout.rows) <= text.SMALLEST
    for row in layout.rows:
        width, height = text.font(row.size, row.bold).size(row.words)
        assert width <= box.width - 4, row.words
        assert smallest or row.top + height <= box.bottom, (row.words, row.size)  # smaller type, not cut off
