"""What reaches the screen: a frame sends only the parts that changed, so every part that did change
must be among them (the scrub bar, the panel's hover lines, a message that expired); and input
under the help box or with a shaky hand does what a person expects."""

from collections import deque

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.app.main import open_window
from visualizer.app.shell import FRAME_SECONDS, LEAST_WORK, OVERHEAD_FRAMES, Shell
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


@given(draw_cost=st.floats(0, 0.2), rest=st.lists(st.floats(0, 0.2), max_size=40), paint=st.floats(0, 0.2),
       due=st.booleans(), minimum=st.floats(0, 0.06))
def test_a_busy_frame_works_so_that_it_ends_within_100_ms_if_the_rest_of_it_leaves_room(draw_cost, rest, paint, due,
                                                                                         minimum):
    """Instant mode works longer per frame when drawing is slow (so generating keeps most of each
    frame), but stops in time for the frame, with the most the rest of recent frames cost and the
    repaint when one is due, to end within FRAME_SECONDS; when that leaves no room, it still
    works LEAST_WORK (the run moves on)."""
    shell = Shell.__new__(Shell)  # only the budget arithmetic: no window needed
    shell._draw_cost, shell._paint_cost, shell._paint_due = draw_cost, paint, due
    shell._overheads = deque(rest, maxlen=OVERHEAD_FRAMES)
    budget = shell.work_budget(minimum)
    reserved = max(shell._overheads, default=draw_cost) + (paint if due else 0)
    assert budget >= LEAST_WORK
    assert budget + reserved <= FRAME_SECONDS + 1e-9 or budget == LEAST_WORK
    wanted = max(minimum, draw_cost * 0.85 / 0.15)  # drawing at most 15 % of a busy frame
    if reserved + wanted <= FRAME_SECONDS:
        assert budget == pytest.approx(max(wanted, LEAST_WORK))  # room to spare: all the drawing's share


def test_a_repaint_due_leaves_room_for_itself_and_one_not_due_does_not():
    shell = Shell.__new__(Shell)
    shell._draw_cost, shell._paint_cost, shell._overheads = 0.01, 0.04, deque([0.01], maxlen=OVERHEAD_FRAMES)
    shell._paint_due = False
    free = shell.work_budget(0.06)
    shell._paint_due = True
    assert free == pytest.approx(0.06) and shell.work_budget(0.06) == pytest.approx(FRAME_SECONDS - 0.05)


KEYS_TO_PRESS = [(pygame.K_1, "1"), (pygame.K_2, "2"), (pygame.K_RIGHT, ""), (pygame.K_SPACE, " "),
                 (pygame.K_k, "k"), (pygame.K_e, "e"), (pygame.K_s, "s"), (pygame.K_END, "")]


@pytest.mark.parametrize("layout", ["side", "presenting", "board"])
@pytest.mark.parametrize("window", [(1024, 768), (1728, 972)])
@settings(max_examples=15, deadline=None)
@given(presses=st.lists(st.sampled_from(KEYS_TO_PRESS), max_size=8))
def test_the_window_shows_what_was_drawn_after_any_keys_in_every_layout(layout, window, presses):
    """A real window keeps whatever no update covered: copying only the rectangles each frame
    reports must give the very picture drawn (a quiz's larger strip once left the old strip's
    top stale: "0" under "1" in the score, a pseudocode row's ghost above the marker)."""
    from visualizer.app.layout import Arrangement

    screen = open_window(window)
    shell = Shell(MazeSpec("kruskal", "square", 30, 20, 5), speed=120.0, screen=screen, quiz=1)
    shell.arrangement, shell.layout_dirty = Arrangement(layout), True
    shown = pygame.Surface(screen.get_size())

    def frame():
        for rect in shell.frame([], 1 / 60):
            shown.blit(screen, rect, rect)

    frame()
    for code, char in presses:
        shell.handle_key(code, 0, char)
        frame()
        frame()
    assert pygame.surfarray.array3d(shown).tobytes() == pygame.surfarray.array3d(screen).tobytes()
