"""A quiz over one watch run: when to ask (every step, every k steps, decision points), the
question pending, the clicks so far, the verdicts, score and streak, and the summary as CSV.

The quiz moves the run itself, a whole algorithm step at a time through the :class:`Teacher`:
after an answer it shows the step, then steps on to the next question due. It only peeks at the
events to come, so answering (right, wrong or not at all) never changes the maze the run makes.
"""

from __future__ import annotations

import csv
import io
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from ...algorithms import ALGORITHMS
from ...solvers import SOLVERS
from ..teaching import Teacher
from .makers import MAKERS
from .question import Question, Seen

if TYPE_CHECKING:
    from ..session import Run

STEPS_A_CALL = 2000
"""Algorithm steps a call to :meth:`Quiz.next_question` may take looking for the next question."""


@dataclass(frozen=True)
class Verdict:
    right: bool
    sentence: str


@dataclass
class Record:
    """One answered question, for the summary."""

    algorithm: str
    kind: str
    right: bool


@dataclass
class Quiz:
    """Questions on a run, asked ``every`` steps (0: at decision points only)."""

    every: int = 1
    pending: Question | None = None
    selection: set[int] = field(default_factory=set)
    records: list[Record] = field(default_factory=list)
    streak: int = 0
    best_streak: int = 0
    last: Verdict | None = None
    saved: int = 0
    """Answers already in a saved summary (quitting asks first while there are more)."""
    started: datetime = field(default_factory=datetime.now)
    """When the quiz began: its summary file is named for it (a quiz spans algorithms and solvers)."""
    _anchor: int | None = None
    """The step (a count of the shown narration's steps) the cadence counts from: the step after
    the last question, or where the quiz began; None: from wherever the run stands next."""
    _rephase: bool = False
    """The run was moved by a key: count from the last step at or before it that keeps the cadence."""
    _subject: str = ""
    """The algorithm or solver the pending question is about."""
    held: bool = False
    """True after the run was moved by a key (Left, the scrub bar, PgDn): the quiz asks only about
    the step where it stands, and steps on by itself again after Right (:meth:`go_on`)."""
    _left: tuple[Run, int, int, int] | None = None
    """Where the quiz's own last move left the run: (the run, position, solver events, solves)."""

    # --- asking -------------------------------------------------------------------

    def due(self, question: Question, since: int = 0) -> bool:
        """Whether the cadence asks ``question``, ``since`` steps shown after the one it counts from."""
        if self.every == 0:
            return question.decision
        return since + 1 >= self.every

    def _since(self, teacher: Teacher) -> int:
        """Steps shown since the step the cadence counts from. After a seek the count keeps its
        phase: every k steps asks at the same steps as before the seek (Left onto the step just
        asked asks it again; a step between two asked ones asks nothing)."""
        step = teacher.narration.steps
        if self._anchor is None:
            self._anchor, self._rephase = step, False
        elif self._rephase:
            self._anchor = step - (step - self._anchor) % max(1, self.every)
            self._rephase = False
        return step - self._anchor

    def next_question(self, teacher: Teacher, steps: int = STEPS_A_CALL, deadline: float = math.inf,
                      clock: Callable[[], float] = time.perf_counter) -> Question | None:
        """The question pending, else step the run on (whole steps, at most ``steps``, until
        ``deadline``: the window's frame goes on) until one is due; None when the run is finished
        or the budget ran out first (the next call goes on from there)."""
        self.follow(teacher.run)
        if self.held:
            if self.pending is None and not teacher.run.idle:
                question = ask(teacher)
                if question is not None and self.due(question, self._since(teacher)):
                    self._pose(teacher, question)
            return self.pending
        for _ in range(steps):
            if self.pending is not None or teacher.run.idle or clock() >= deadline:
                break
            question = ask(teacher)
            if question is not None and self.due(question, self._since(teacher)):
                self._pose(teacher, question)
                break
            teacher.step_forward()
        self._left = where(teacher.run)
        return self.pending

    def _pose(self, teacher: Teacher, question: Question | None) -> None:
        if question is not None:
            self.pending, self.selection = question, set()
            run = teacher.run
            self._subject = run.solver if run.solver is not None else run.spec.algorithm

    def follow(self, run: Run) -> bool:
        """Notice a move the quiz did not make; True when there was one. The question up is
        withdrawn (unscored) and the last verdict goes with it (it was about another step or run);
        a move of the same run (Left, the scrub bar, PgDn) holds the quiz where the run now stands,
        asking there only if the cadence would; a new run or solve starts it asking afresh."""
        now, before = where(run), self._left
        if before is None or now == before:
            self._left = now
            return False
        self.held = now[0] is before[0] and now[3] == before[3]
        if self.held:
            self.withdraw()
            self._rephase = True
        else:
            self.forget()
        self.last = None
        self._left = now
        return True

    def go_on(self, run: Run) -> None:
        """Right with no question up: the quiz steps on by itself again from where the run is."""
        self.held = False
        self._left = where(run)

    def withdraw(self) -> None:
        """The run moved on its own (End, PgDn) or by a key: the question up goes, unscored; the
        cadence keeps its count."""
        self.pending, self.selection = None, set()

    def forget(self) -> None:
        """The run was replaced (restart, new seed): its question goes, the score stays, the
        cadence counts afresh."""
        self.withdraw()
        self._anchor = None

    # --- answering ----------------------------------------------------------------

    def toggle(self, cell: int) -> None:
        """A click while cells are asked for: chosen, or chosen no more."""
        self.selection ^= {cell}

    def answer(self, teacher: Teacher, given: frozenset[int] | None = None) -> Verdict | None:
        """Judge ``given`` (default: the cells clicked so far), say why, then show the step."""
        question = self.pending
        if question is None:
            return None
        given = frozenset(self.selection) if given is None else given
        right = question.right(given)
        self.records.append(Record(self._subject, question.kind, right))
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)
        name = teacher.run.grid.cell_name
        if right:
            sentence = f"Right: {question.why}."
        else:
            wrong = question.mistakes(given, name)
            sentence = (f"Not quite (you said {question.answer_text(given, name)}"
                        f"{'; ' + wrong if wrong else ''}): {question.why}.")
        self.last = Verdict(right, sentence)
        self._show_step(teacher)
        return self.last

    def skip(self, teacher: Teacher) -> None:
        """Show the step without answering (not scored)."""
        if self.pending is not None:
            self._show_step(teacher)

    def _show_step(self, teacher: Teacher) -> None:
        self.pending, self.selection = None, set()
        teacher.step_forward()
        teacher.catch_up(math.inf)
        self._anchor = teacher.narration.steps
        self.held = False  # answered or skipped: the quiz goes on from the step shown
        self._left = where(teacher.run)

    # --- the score ----------------------------------------------------------------

    @property
    def asked(self) -> int:
        return len(self.records)

    @property
    def right(self) -> int:
        return sum(r.right for r in self.records)

    def score_text(self) -> str:
        return f"{self.right} of {self.asked} right · streak {self.streak} (best {self.best_streak})"

    def by_kind(self) -> list[tuple[str, str, int, int]]:
        """(algorithm, kind, questions, right) in the order first asked."""
        counts: dict[tuple[str, str], list[int]] = {}
        for record in self.records:
            tally = counts.setdefault((record.algorithm, record.kind), [0, 0])
            tally[0] += 1
            tally[1] += record.right
        return [(algorithm, kind, asked, right) for (algorithm, kind), (asked, right) in counts.items()]

    def summary_csv(self) -> str:
        """The summary: one row per algorithm and kind of question, named as the window names them
        (the name for scripts last), then the whole quiz."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("algorithm", "kind", "questions", "right", "percent", "id"))
        for algorithm, kind, asked, right in self.by_kind():
            writer.writerow((title(algorithm), kind, asked, right, _percent(right, asked), algorithm))
        writer.writerow(("all", "all", self.asked, self.right, _percent(self.right, self.asked), ""))
        writer.writerow(("best streak", "", self.best_streak, "", "", ""))
        return out.getvalue()


def title(name: str) -> str:
    """An algorithm's or solver's name as the window shows it ("Recursive backtracker")."""
    info = ALGORITHMS.get(name) or SOLVERS.get(name)
    return info.title if info is not None else name


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}" if whole else ""


def where(run: Run) -> tuple[Run, int, int, int]:
    """Where a run stands, for noticing moves: itself (a new run is a new object, kept alive here
    so its id is never another's), its position, its solver's events and its count of solves."""
    return (run, run.position, run.solver_events, run.solves)


def ask(teacher: Teacher) -> Question | None:
    """The question about the run's next step (None: none is answerable here)."""
    run = teacher.run
    if run.idle:
        return None
    teacher.catch_up(math.inf)
    solving = run.solver is not None
    maker = MAKERS.get(run.solver if solving and run.solver is not None else run.spec.algorithm)
    if maker is None:
        return None
    narrator = teacher.narration.narrator
    if solving:
        at = run.solver_events
        return maker.ask(Seen(run.grid, run.maze, narrator, lambda i: run.solver_event(at + i), run.solver_ends,
                              teacher.narration.previous))
    if run.spec.info.narrator is None or type(narrator) is not run.spec.info.narrator:
        return None  # the braid post-process (or a narrator of a file of one's own)
    at = run.position
    return maker.ask(Seen(run.grid, run.maze, narrator, lambda i: run.generation_peek(at + i),
                          previous=teacher.narration.previous))
