"""What reaches the screen: a frame sends only the parts that changed, so every part that did change
must be among them (the scrub bar, the panel's hover lines, a message that expired); and input
under the help box or with a shaky hand does what a person expects."""

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.main import open_window
from visualizer.app.shell import MAX_WORK, Shell
from visualizer.run.spec import MazeSpec


@pytest.fixture
def screen():
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


def make_shell(screen, size=(12, 8), speed=60.0, finished=False):
    shell = Shell(MazeSpec("backtracker", "square", *size, 3), speed=speed, screen=screen)
    shell.frame([], 0.0)
    if finished:
        shell.base.run.finish_generation()
        shell.frame([], 0.0)
    shell.clock_time += 10  # the greeting has expired
    shell.frame([], 0.0)
    return shell


def key_event(code, mod=0, char=""):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char)


def screen_pos(shell, cell):
    view = shell.view_rect()
    x, y = shell.board.cell_centre(cell)
    return int(view.left + x), int(view.top + y)


def covered(rect, rects):
    return any(r.contains(rect) for r in rects)


def test_a_step_sends_the_moved_scrub_bar_to_the_screen(screen):
    shell = make_shell(screen)
    shell.frame([key_event(pygame.K_SPACE, char=" ")], 0)
    shell.frame([], 0)
    for _ in range(3):
        before = shell.base.run.position
        rects = shell.frame([key_event(pygame.K_RIGHT)], 0)
        assert shell.base.run.position == before + 1
        assert covered(shell.scrub_rect(), rects), rects


def test_moving_the_pointer_to_another_cell_updates_the_panel(screen):
    shell = make_shell(screen, finished=True)
    assert shell.frame([], 0) == []
    for cell in (5, 40, 41):
        rects = shell.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=screen_pos(shell, cell), rel=(0, 0),
                                                buttons=(0, 0, 0))], 0)
        assert shell.hover == cell
        assert covered(shell.panel_rect(), rects), (cell, rects)
        assert shell.frame([], 0) == []  # and then nothing until something else changes


def test_a_message_is_taken_off_the_screen_when_it_expires(screen):
    shell = make_shell(screen, finished=True)
    shell.message("Hello there", 2.0)
    assert covered(shell.panel_rect(), shell.frame([], 0))
    assert shell.frame([], 1.0) == []  # still showing, nothing new to draw
    rects = shell.frame([], 1.5)  # now past its time
    assert covered(shell.panel_rect(), rects)
    assert shell.frame([], 1 / 60) == []


def test_keys_under_the_help_box_do_not_reach_the_maze(screen):
    shell = make_shell(screen)
    shell.frame([key_event(pygame.K_h, char="h")], 0)
    assert shell.show_help
    spec, paused = shell.base.spec, shell.base.paused
    for code, char in ((pygame.K_SPACE, " "), (pygame.K_g, "g"), (pygame.K_TAB, ""), (pygame.K_n, "n"),
                       (pygame.K_q, "q")):
        shell.frame([key_event(code, char=char)], 0)
    assert shell.running and shell.show_help
    assert shell.base.spec == spec and shell.base.paused == paused
    shell.frame([key_event(pygame.K_ESCAPE)], 0)
    assert not shell.show_help and shell.running


def test_a_click_with_a_slightly_shaky_hand_is_still_a_click(screen):
    shell = make_shell(screen, finished=True)
    x, y = screen_pos(shell, 30)
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 2, y + 1), rel=(2, 1), buttons=(1, 0, 0)),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 2, y + 1), button=1)], 0)
    assert shell.base.endpoints == [30, None]


@given(draw_cost=st.floats(0, 30), minimum=st.floats(0, MAX_WORK))
def test_work_per_frame_grows_with_slow_drawing_but_keys_are_answered_within_half_a_second(draw_cost, minimum):
    """Instant mode works longer per frame when drawing is slow (so generating keeps most of each
    frame), but never so long that a key waits more than MAX_WORK for the next frame."""
    shell = Shell.__new__(Shell)  # only the budget arithmetic: no window needed
    shell._draw_cost = draw_cost
    budget = shell.work_budget(minimum)
    assert minimum <= budget <= MAX_WORK
    shell._draw_cost = draw_cost * 2
    assert shell.work_budget(minimum) >= budget
