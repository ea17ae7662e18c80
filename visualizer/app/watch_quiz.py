"""The watch scene's quiz glue: K turns it on and off, Enter and the number keys answer, and each
frame keeps a question asked while the run stands where it was asked (``run.quiz`` asks, this
only wires it to the keys and the frame)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ..core.narration import plural
from ..run.quiz.cadence import cadence_words
from ..run.quiz.question import CHOICE
from ..run.quiz.session import Quiz
from .keys import NONE, KeyPress, digit_of
from .quiz_view import choice_phrases, next_cadence, quiz_hint, save_summary

if TYPE_CHECKING:
    from ..run.session import Run
    from ..run.teaching import Teacher
    from .breakpoints import Breakpoint
    from .scene import Host

QUIZ_BUDGET = 0.03
"""Seconds a frame spends stepping on to the quiz's next question (steps with none are skipped)."""


class QuizKeys:
    """The quiz's keys and frame work, mixed into the watch scene (which owns the run and the quiz)."""

    host: Host
    run: Run
    teacher: Teacher
    quiz: Quiz | None
    quiz_every: int
    _last_quiz: Quiz | None
    _quiz_over_said: bool
    paused: bool
    racing: bool
    show_metrics: bool
    until: Breakpoint | None
    read_for_keys: bool

    def words_room(self) -> bool:
        """A quiz's question and verdict want the presenting strip's larger share."""
        return self.quiz is not None

    def toggle_quiz(self) -> None:
        """K: the quiz on (the run stops moving by itself: each question shows its step once
        answered), or off, saying the score."""
        if self.quiz is None:
            self.start_quiz()
            return
        self._last_quiz, self.quiz = self.quiz, None
        self.host.message(f"Quiz off: {self._last_quiz.score_text()} (Ctrl+K saves the summary)", 8.0)

    def start_quiz(self) -> None:
        self.quiz = Quiz(every=self.quiz_every)
        self.paused, self.until, self.racing = True, None, False
        self.show_metrics = False
        self._quiz_over_said = False
        self.host.message(f"Quiz on, asking {cadence_words(self.quiz_every)}: answer in the panel "
                          "(Right shows the step unanswered, K ends the quiz)", 8.0)

    def cycle_quiz_cadence(self) -> None:
        """Shift+K: ask every step, every 3 steps, or only at decision points."""
        self.quiz_every = next_cadence(self.quiz_every)
        if self.quiz is not None:
            self.quiz.every = self.quiz_every
        self.host.message(f"The quiz asks {cadence_words(self.quiz_every)}" + ("" if self.quiz else " (K starts it)"))

    def save_quiz(self) -> None:
        """Ctrl+K: the quiz's summary (this one, else the last one ended) as CSV."""
        self.host.message(save_summary(self.quiz or self._last_quiz), 8.0)

    def unsaved_answers(self) -> list[str]:
        """The answers of the quiz the summary would save that no Ctrl+K has written yet."""
        quiz = self.quiz or self._last_quiz
        if quiz is None:
            return []
        count = len(quiz.records) - quiz.saved
        return [f"{plural(count, 'quiz answer')} (Ctrl+K saves them)"] if count > 0 else []

    def handle_key(self, press: KeyPress) -> bool:
        """While a question is asked, Enter answers with the cells clicked and a choice's number
        (1 to the number of choices) picks it; every other key, other digits too, does what it
        always does (one rule a user can predict: 7 chooses an algorithm unless 7 is a choice)."""
        question = self.quiz.pending if self.quiz is not None else None
        if question is not None and press.mods == NONE:
            if press.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and question.form != CHOICE:
                self.answer_quiz(None)
                return True
            digit = digit_of(press.key)
            if digit is not None and question.form == CHOICE and 1 <= digit <= len(question.choices):
                self.answer_quiz(frozenset({digit - 1}))
                return True
        return super().handle_key(press)  # type: ignore[misc]  # the scene's own keys: Scene follows in the MRO

    def quiz_hint(self) -> str | None:
        """The key hint while the quiz is on (None when it is off): only the keys that work then."""
        return None if self.quiz is None else quiz_hint(self.quiz.pending)

    def choice_phrases(self) -> tuple[str, ...]:
        return choice_phrases(self.quiz.pending if self.quiz is not None else None)

    def pick_choice(self, index: int) -> None:
        """A click on a choice's words in the panel answers as its number key does."""
        question = self.quiz.pending if self.quiz is not None else None
        if question is not None and question.form == CHOICE and 0 <= index < len(question.choices):
            self.answer_quiz(frozenset({index}))

    def answer_quiz(self, given: frozenset[int] | None) -> None:
        assert self.quiz is not None
        verdict = self.quiz.answer(self.teacher, given)
        if verdict is not None:
            self.host.message(verdict.sentence, 10.0)

    def _quiz_frame(self) -> None:
        """Keep the quiz asking: a question stands while the run stays where it was asked; a key
        that moved the run (Left, the scrub bar, PgDn) withdraws it and the quiz asks about where
        the run now stands, stepping on by itself again after Right; else step on to the next
        question due. Say the score once when the run has nothing left to ask. While End races
        to the finished maze or PgDn and L run to their stop, nothing is asked."""
        quiz = self.quiz
        assert quiz is not None
        if self.racing or self.until is not None:
            quiz.withdraw()  # the run moves by itself to where it stops: the quiz asks from there, in its cadence
            return
        self.paused = True
        run = self.run
        moved = quiz.follow(run)
        if quiz.pending is None and self.teacher.far_behind:
            self.read_for_keys = True  # no question until the narration has read this far (a frame at a time)
        elif quiz.pending is None:
            if quiz.next_question(self.teacher, deadline=time.perf_counter() + QUIZ_BUDGET) is not None:
                self._quiz_over_said = False
            elif run.idle and not self._quiz_over_said:
                self._quiz_over_said = True
                more = "" if run.solver is not None else "; S solves it, with questions too"
                self.host.message(f"Quiz: {quiz.score_text()}{more} (Ctrl+K saves the summary)", 10.0)
            elif moved and quiz.held:
                self.host.message("No question at this step: Right goes on to the next one")
