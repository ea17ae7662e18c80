"""A quiz question about the next algorithm step: what is asked, the answer that follows from what
is on screen (never from the random numbers), and why, in a sentence.

A question maker reads a :class:`Seen`: the maze and the narrator's working data as the window shows
them, and a look at the events still to come, which only say *what* to ask about (the wall Kruskal's
shuffle picked, the frontier cell Prim's drew); the expected answer is worked out from the picture.
Pure Python: nothing here changes the run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.maze import CellState

if TYPE_CHECKING:
    from ...core.maze import Maze
    from ...core.narration import Narrator
    from ...grids import Grid

CELLS, CELL, CHOICE = "cells", "cell", "choice"
"""Answer forms: click every cell that fits (then Enter), click one cell, press a choice's number."""
UNVISITED = int(CellState.UNVISITED)
MOST_TO_CLICK = 16
"""Questions whose answer is more cells than this are not asked: nobody should click a hundred cells."""


@dataclass(frozen=True)
class Question:
    """One question, with its answer and the reason for it."""

    kind: str
    """What sort of question, for the score by kind ("carve into", "kept or removed" ...)."""
    prompt: str
    form: str
    expected: frozenset[int]
    """CELLS: exactly these cells; CELL: any one of them; CHOICE: the right choice's index."""
    why: str
    """Why the expected answer is right: one sentence, said after the answer."""
    choices: tuple[str, ...] = ()
    focus: tuple[int, ...] = ()
    """The cells the question is about, marked on the board."""
    decision: bool = False
    """True at a decision point: more than one thing could happen here."""
    hides: tuple[str, ...] = ()
    """Rows of the teaching panel's data that would give the answer away while it is asked."""
    detail: tuple[int, ...] = ()
    """What the maker needs to check the step against the answer (the cell each turn leads to)."""

    def right(self, given: frozenset[int]) -> bool:
        """True when ``given`` (cells clicked, or the chosen index) is the answer."""
        if self.form == CELLS:
            return given == self.expected
        return len(given) == 1 and given <= self.expected

    def how(self) -> str:
        """How to answer, in words."""
        if self.form == CHOICE:
            return "   ".join(f"{number}: {choice}" for number, choice in enumerate(self.choices, 1))
        if self.form == CELL:
            return "click it"
        return "click each, then Enter; none: just Enter"

    def keys_rule(self) -> str:
        """Which number keys answer a choice, in words: only the choices' own numbers, so any other
        digit keeps its job (7 chooses an algorithm while a two-way question is asked)."""
        count = len(self.choices)
        keys = "1" if count == 1 else f"1 and {count}" if count == 2 else f"1 to {count}"
        return f"{keys} {'answers' if count == 1 else 'answer'}; other number keys work as always"

    def mistakes(self, given: frozenset[int], name: Callable[[int], str]) -> str:
        """What a wrong set of cells got wrong: the cells missed and the ones that are not in it
        ("" for the other forms, whose answer is one thing)."""
        if self.form != CELLS:
            return ""
        missed, extra = sorted(self.expected - given), sorted(given - self.expected)
        parts = [f"missed {', '.join(name(c) for c in missed)}"] if missed else []
        if extra:
            parts.append(f"{', '.join(name(c) for c in extra)} {'is' if len(extra) == 1 else 'are'} not one")
        return "; ".join(parts)

    def answer_text(self, given: frozenset[int], name: Callable[[int], str]) -> str:
        """An answer in words: the choice, or the cells named."""
        if self.form == CHOICE:
            return ", ".join(self.choices[i] for i in sorted(given) if 0 <= i < len(self.choices)) or "none"
        return ", ".join(name(c) for c in sorted(given)) or "none"


@dataclass(frozen=True)
class Seen:
    """What the screen shows before the step: the maze, the narrator's working data, and the events
    to come (``peek(0)`` is the next one; None past the end) to learn what the step is about."""

    grid: Grid
    maze: Maze
    narrator: Narrator
    peek: Callable[[int], Event | None]
    ends: tuple[int, int] | None = None
    """The solve's start and goal (None while generating)."""
    previous: Event | None = None
    """The event just shown (None at the start)."""

    def name(self, cell: int) -> str:
        return self.grid.cell_name(cell)

    def which(self, cells: Sequence[int] | frozenset[int]) -> str:
        """"it is (1, 2)"; "there are 3: (1, 2), ..." (up to six named, else "any of them")."""
        count = len(cells)
        listed = self.names(cells) if count <= 6 else "any of them"
        return f"{'it is' if count == 1 else f'there are {count}:'} {listed}"

    def names(self, cells: Sequence[int] | frozenset[int]) -> str:
        """"(1, 2), (3, 4) and (5, 6)"; "none" for no cells."""
        listed = [self.name(c) for c in sorted(cells)]
        if not listed:
            return "none"
        return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]

    def unvisited(self, cell: int) -> bool:
        return int(self.maze.state[cell]) == UNVISITED


@dataclass(frozen=True)
class QuestionMaker:
    """A kind of question: ``ask`` makes one for the step to come (None: nothing to ask here);
    ``happened`` says whether a step's events agree with a question's answer (the tests' check
    that every answer is what the algorithm then does)."""

    ask: Callable[[Seen], Question | None]
    happened: Callable[[Question, Sequence[Event], Event | None], bool]
    """``(question, the step's events, the first event after the step or None)``."""
