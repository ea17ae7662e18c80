"""The watch scene's edit glue: clicks, drags, Ctrl+drag and Ctrl+Z / Ctrl+Y turned into hand edits
(``app.hand_edits``), a click answering the quiz instead while a question waits, and a solve the
edit started kept moving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..run.editing import End
from ..run.quiz.question import CELLS, CHOICE
from ..run.session import SOLVING

if TYPE_CHECKING:
    from ..run.quiz.session import Quiz
    from ..run.session import Run
    from .breakpoints import Breakpoint
    from .hand_edits import HandEdits
    from .scene import Host


class EditKeys:
    """The mouse and the edit keys of the watch scene (which owns the run, the endpoints, the edits)."""

    host: Host
    run: Run
    edits: HandEdits
    endpoints: list[int | None]
    solver: str
    quiz: Quiz | None
    paused: bool
    until: Breakpoint | None
    _solution_reported: bool

    if TYPE_CHECKING:
        def answer_quiz(self, given: frozenset[int] | None) -> None: ...

        def cell_name(self, cell: int) -> str: ...

    def click(self, cell: int, shift: bool) -> None:
        """Click: the solver's start; Shift+click: its goal. Clicking the same cell again resets it.
        Either is an edit (Ctrl+Z undoes it); a solution on screen is solved again at once. While a
        quiz question waits, a click answers it instead."""
        question = self.quiz.pending if self.quiz is not None else None
        if question is not None:
            if question.form == CELLS:
                self.quiz.toggle(cell)  # type: ignore[union-attr]
            elif question.form == CHOICE:
                self.host.message(f"Click a choice in the panel, or press its number: {question.how()}")
            else:
                self.answer_quiz(frozenset({cell}))
            return
        which = 1 if shift else 0
        name = ("start", "goal")[which]
        opening = self.run.maze.exit if shift else self.run.maze.entrance
        target = opening[0] if self.endpoints[which] == cell else cell
        result = self.edits.editor.move_end(End.GOAL if shift else End.START, target)
        if self.run.solver is not None or isinstance(result, str):
            self.edits.after(result, self.solver)
            self._after_edit()
        elif self.endpoints[which] is None:
            self.host.message(f"Solver {name}: back to the {('entrance', 'exit')[which]}")
        else:
            self.host.message(f"Solver {name}: {self.cell_name(cell)} (S solves)")

    def click_wall(self, cell: int, direction: int) -> bool:
        """A click on a wall of the finished maze opens it, on a passage closes it."""
        taken = self.edits.click_wall(cell, direction, self.solver)
        self._after_edit()
        return taken

    def grab(self, cell: int, ctrl: bool, shift: bool = False) -> bool:
        """A press on an endpoint's marker picks it up; with Ctrl it starts painting cells."""
        return self.edits.grab(cell, ctrl, shift)

    def drag_over(self, cell: int) -> None:
        self.edits.drag_over(cell)

    def drop(self, cell: int) -> bool:
        taken = self.edits.drop(cell, self.solver)
        self._after_edit()
        return taken

    def undo_edit(self) -> None:
        """Ctrl+Z: take back the last edit (a wall, a stroke of cells, an endpoint moved)."""
        self.edits.undo(self.solver)
        self._after_edit()

    def redo_edit(self) -> None:
        """Ctrl+Y: do again the edit Ctrl+Z took back."""
        self.edits.redo(self.solver)
        self._after_edit()

    def _after_edit(self) -> None:
        """A solve the edit started and that is still running moves on (even when paused before),
        and says its result when it ends."""
        if self.run.stage == SOLVING or self.edits.resolving:
            self.paused = False
            self.until = None
            self._solution_reported = False

    def toggle_animated_resolve(self) -> None:
        """Ctrl+A: after an edit, solve again at once (the default) or animated at the speed set."""
        self.edits.toggle_animated()

    def save_json(self) -> None:
        """Ctrl+J: the maze as it stands, edits and all, in the JSON export beside the screenshots."""
        self.host.message(self.edits.save_json(), 8.0)
