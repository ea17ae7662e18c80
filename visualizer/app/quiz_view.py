"""The quiz in the window: the question in the teaching panel (the newest sentence's place, so the
presenting strip shows it large), the score and streak in its status, the cells it is about and
the cells clicked drawn on the board, and the summary saved as CSV (Ctrl+K).

What to ask and whether an answer is right is ``run.quiz``'s business; this only shows and saves.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pygame

from ..render.board import Board
from ..render.palette import GOAL, PLAYER_RING
from ..run.quiz.cadence import cadence_words
from ..run.quiz.session import Quiz
from ..run.teaching import TeachingView
from . import captures

CADENCES = (1, 3, 0)
"""What Shift+K steps through: every step, every 3 steps, decision points."""


def next_cadence(every: int) -> int:
    return CADENCES[(CADENCES.index(every) + 1) % len(CADENCES)] if every in CADENCES else CADENCES[0]


def quiz_view(view: TeachingView, quiz: Quiz, name: Callable[[int], str]) -> TeachingView:
    """The teaching view with the quiz in it: the score in the status; while a question is asked,
    the question as the newest sentence, how to answer and the cells clicked as the first data
    rows, and the rows that would give the answer away left out."""
    status = f"Quiz {cadence_words(quiz.every)}: {quiz.score_text()} · {view.status}"
    question = quiz.pending
    sentences = list(view.sentences[-2:])
    if quiz.last is not None:
        sentences.append(quiz.last.sentence)
    if question is None:
        return dataclasses.replace(view, status=status, sentences=tuple(sentences), detail="")
    sentences.append(f"Question: {question.prompt} ({question.how()})")
    rows = []
    if question.form != "choice":
        rows.append(("Clicked", question.answer_text(frozenset(quiz.selection), name)))
    else:
        rows.append(("Keys", question.keys_rule()))
    rows += [row for row in view.data if row[0] not in question.hides]
    return dataclasses.replace(view, status=status, sentences=tuple(sentences), detail="", data=tuple(rows))


def draw_quiz(surface: pygame.Surface, board: Board, origin: tuple[int, int], quiz: Quiz) -> None:
    """Rings round the cells the question is about, a dot in each cell clicked."""
    question = quiz.pending
    if question is None:
        return
    size = max(12.0, board.cell_pixels)
    for cell in question.focus:
        x, y = board.cell_centre(cell)
        pygame.draw.circle(surface, (20, 20, 20), (origin[0] + x, origin[1] + y), size * 0.42, max(3, int(size / 6)))
        pygame.draw.circle(surface, PLAYER_RING, (origin[0] + x, origin[1] + y), size * 0.4, max(2, int(size / 10)))
    for cell in quiz.selection:
        x, y = board.cell_centre(cell)
        pygame.draw.circle(surface, (20, 20, 20), (origin[0] + x, origin[1] + y), size * 0.27)
        pygame.draw.circle(surface, GOAL, (origin[0] + x, origin[1] + y), size * 0.22)


def save_summary(quiz: Quiz | None, folder: Path | None = None) -> str:
    """Write the quiz's summary as CSV beside the screenshots, named for the quiz (it may hold
    several algorithms and solvers); returns what the window says."""
    if quiz is None or not quiz.asked:
        return "No quiz answers to save yet: K starts a quiz"
    name = f"quiz-{quiz.started:%Y%m%d-%H%M%S}"
    try:
        path = captures.save_file(quiz.summary_csv(), folder or captures.screenshot_dir(), name, ".csv")
    except OSError as err:
        return f"Quiz summary not saved: {err.strerror or err}"
    return f"Quiz summary saved: {path}"
