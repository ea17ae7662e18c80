"""Q, Esc or the window's close button with unsaved work (quiz answers, hand edits): the first
ask says what would be lost and which key saves it, a second ask quits; saved work quits at once."""

import pygame
import pytest

from visualizer.app.main import open_window
from visualizer.app.shell import QUIT_CONFIRM_SECONDS, Shell
from visualizer.run.spec import MazeSpec


@pytest.fixture
def screen():
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


@pytest.fixture(autouse=True)
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))


def shell_of(screen, algorithm="kruskal", quiz=None):
    shell = Shell(MazeSpec(algorithm, "square", 8, 6, 3), speed=60.0, screen=screen, quiz=quiz)
    shell.frame([], 0.0)
    return shell


def key(shell, code, mod=0, dt=1 / 60):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")], dt)


def answer_one(shell):
    watch = shell.base
    question = watch.quiz.pending
    key(shell, pygame.K_1 if question.choices else pygame.K_RETURN)
    assert watch.quiz.records, "the answer was not counted"


def edit_one(shell):
    run = shell.base.run
    run.finish_generation()
    shell.frame([], 0.0)
    grid, maze = run.grid, run.maze
    cell, direction = next((c, d) for c in range(grid.size) for d, _ in grid.neighbours(c) if not maze.is_open(c, d))
    shell.base.click_wall(cell, direction)
    assert shell.base.edits.editor.done


@pytest.mark.parametrize("quit_with", ["q", "escape", "close"])
def test_quiz_answers_not_saved_ask_before_quitting(screen, quit_with):
    shell = shell_of(screen, quiz=1)
    answer_one(shell)

    def ask():
        if quit_with == "close":
            shell.frame([pygame.event.Event(pygame.QUIT)], 1 / 60)
        else:
            key(shell, pygame.K_q if quit_with == "q" else pygame.K_ESCAPE)

    ask()
    assert shell.running, "one key lost the quiz's answers"
    assert "1 quiz answer (Ctrl+K saves them)" in shell.shown_message()
    ask()
    assert not shell.running


def test_saving_first_lets_q_quit_at_once(screen):
    shell = shell_of(screen, quiz=1)
    answer_one(shell)
    key(shell, pygame.K_k, pygame.KMOD_CTRL)
    assert shell.shown_message().startswith("Quiz summary saved")
    key(shell, pygame.K_q)
    assert not shell.running


def test_a_second_ask_long_after_the_first_asks_again(screen):
    shell = shell_of(screen, quiz=1)
    answer_one(shell)
    key(shell, pygame.K_q)
    shell.frame([], QUIT_CONFIRM_SECONDS + 1)
    key(shell, pygame.K_q)
    assert shell.running, "a Q pressed long after the warning quit without a new one"


def test_hand_edits_not_saved_ask_and_undoing_them_all_does_not(screen):
    shell = shell_of(screen, algorithm="backtracker")
    edit_one(shell)
    key(shell, pygame.K_q)
    assert shell.running and "1 hand edit (Ctrl+J saves the maze)" in shell.shown_message()
    key(shell, pygame.K_z, pygame.KMOD_CTRL)  # the maze is the generator's again: nothing to lose
    shell.frame([], QUIT_CONFIRM_SECONDS + 1)
    key(shell, pygame.K_q)
    assert not shell.running


def test_saved_edits_quit_at_once_and_a_later_edit_asks_again(screen):
    shell = shell_of(screen, algorithm="backtracker")
    edit_one(shell)
    key(shell, pygame.K_j, pygame.KMOD_CTRL)
    assert shell.shown_message().startswith("JSON saved")
    assert shell.base.unsaved() == []
    edit_one(shell)
    assert shell.base.unsaved() == ["2 hand edits (Ctrl+J saves the maze)"]


def test_nothing_made_quits_at_once(screen):
    shell = shell_of(screen)
    key(shell, pygame.K_q)
    assert not shell.running


def test_a_message_in_the_same_frame_does_not_hide_what_a_second_quit_would_lose(screen):
    """A GIF that finished writing in the frame of the first Q put its own message up and hid the
    warning: the warning stands, the other message joins it."""
    shell = shell_of(screen, quiz=1)
    answer_one(shell)
    key(shell, pygame.K_q)
    shell.message("Recording saved (2 frames): maze.gif", 8.0)
    shown = shell.shown_message()
    assert "Not saved: 1 quiz answer" in shown and "Recording saved" in shown
    shell.frame([], QUIT_CONFIRM_SECONDS + 0.1)  # the warning's time is up: messages show as ever
    shell.message("Paused")
    assert shell.shown_message() == "Paused"
