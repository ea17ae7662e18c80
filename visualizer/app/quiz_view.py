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
from ..render.palette import GOAL
from ..render.themes import current
from ..run.quiz.cadence import cadence_words
from ..run.quiz.question import CELL, CHOICE, Question
from ..run.quiz.session import Quiz
from ..run.teaching import TeachingView
from . import captures
from .choice_spots import choice_phrase

CADENCES = (1, 3, 0)
"""What Shift+K steps through: every step, every 3 steps, decision points."""


def next_cadence(every: int) -> int:
    return CADENCES[(CADENCES.index(every) + 1) % len(CADENCES)] if every in CADENCES else CADENCES[0]


QUESTION = "Question: "
"""How the sentence of a question being asked begins (the board-only caption keeps it in view)."""


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
    sentences.append(f"{QUESTION}{question.prompt} ({question.how()})")
    rows = []
    if question.form != "choice":
        rows.append(("Clicked", question.answer_text(frozenset(quiz.selection), name)))
    else:
        rows.append(("Keys", question.keys_rule()))
    rows += [row for row in view.data if row[0] not in question.hides]
    return dataclasses.replace(view, status=status, sentences=tuple(sentences), detail="", data=tuple(rows))


QUIZ_KEYS = "K end quiz   H help   S solve   P play"
"""The hint's keys that work as always while the quiz is on (Space and E do not: the quiz moves
the run and asks in the teaching panel)."""


def quiz_hint(question: Question | None) -> str:
    """The key hint while the quiz is on: a question waiting puts how to answer it first and
    Right skips it; with none up, Right steps on. Space and E are not offered: they do nothing then."""
    if question is None:
        return f"Right step   {QUIZ_KEYS}"
    return f"{answer_keys(question)}   Right skip   {QUIZ_KEYS}"


def answer_keys(question: Question) -> str:
    """The hint's words for answering ``question``: its choices' number keys, or the clicks."""
    if question.form == CHOICE:
        count = len(question.choices)
        return "1 answers" if count == 1 else "1 and 2 answer" if count == 2 else f"1 to {count} answer"
    return "Click answers" if question.form == CELL else "Click cells   Enter answers"


def choice_phrases(question: Question | None) -> tuple[str, ...]:
    """A choice question's choices as the panel writes them (each one place to click); () otherwise."""
    if question is None or question.form != CHOICE:
        return ()
    return tuple(choice_phrase(number, words) for number, words in enumerate(question.choices, 1))


def draw_quiz(surface: pygame.Surface, board: Board, origin: tuple[int, int], quiz: Quiz) -> None:
    """Rings round the cells the question is about (thick, a quarter of a cell, in the theme's ring
    colour on a dark edge: they must read from the back of a class), a dot in each cell clicked."""
    question = quiz.pending
    if question is None:
        return
    size = max(12.0, board.cell_pixels)
    width, edge = ring_widths(size)
    for cell in question.focus:
        x, y = board.cell_centre(cell)
        centre = (origin[0] + x, origin[1] + y)
        pygame.draw.circle(surface, OUTLINE, centre, size * RING_RADIUS + edge, width + 2 * edge)
        pygame.draw.circle(surface, current().ring, centre, size * RING_RADIUS, width)
    for cell in quiz.selection:
        x, y = board.cell_centre(cell)
        pygame.draw.circle(surface, OUTLINE, (origin[0] + x, origin[1] + y), size * 0.27)
        pygame.draw.circle(surface, GOAL, (origin[0] + x, origin[1] + y), size * 0.22)


RING_RADIUS = 0.55
"""The ring's outer radius in cells: a little past the cell, over the walls' edges (it must show
on them, hence the theme's ring colour), never over the middle of the wall between two cells."""
OUTLINE = (20, 20, 20)


def ring_widths(size: float) -> tuple[int, int]:
    """The ring's width and its dark edge's, in pixels, for cells ``size`` pixels wide: a quarter
    of the cell (at least 4 pixels) and a sixteenth (at least 2)."""
    return max(4, round(size / 4)), max(2, round(size / 16))


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
    quiz.saved = len(quiz.records)
    return f"Quiz summary saved: {path}"
