"""Words for every step: pseudocode with the running line lit, a sentence per event, the data.

A :class:`Narrator` follows an algorithm's events; it never runs the algorithm. It keeps the working
data a student would draw on the board (the stack, the sets, the walk), says which pseudocode line
each event comes from and what happened, in one sentence with coordinates and the reason. Every
generator and solver module defines its narrator beside its generator, so the two cannot drift
apart; :class:`Narration` keeps one in step with a run for the window.

Pure Python: no pygame, nothing here changes a maze.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, overload

from .events import Event, Kind

if TYPE_CHECKING:
    from ..grids import Grid

BRAID_PHASE = "braid"
"""The phase name the braiding post-process announces (after any generator)."""
UNICURSAL_PHASE = "unicursal"
"""The phase name the unicursal conversion announces (``unicursal=1``, before its lanes)."""
POST_PHASES = frozenset({BRAID_PHASE, UNICURSAL_PHASE})
"""The post-processes any algorithm takes: their phase hands the telling to the post narrator."""
DATA_ITEMS = 5
"""How many cells of a stack or queue the data panel lists."""


class Tone(IntEnum):
    """What an annotation over the board means, so the renderer can colour it."""

    ACTIVE = 0
    """Working data in use: the walk, the run, the chamber being split, the row scanned."""
    REJECTED = 1
    """A decision not to open: a wall kept, a room refused."""
    ERASED = 2
    """Something just undone: the loop cut out of a walk."""


class Shape(IntEnum):
    PATH = 0
    """A line through the cells' centres in order, with an arrowhead at the last one."""
    BOX = 1
    """An outline around the cells (a chamber, a run, a row); only their extent counts, so two
    opposite corner cells are enough."""
    WALL = 2
    """A cross on the wall between the two cells."""


@dataclass(frozen=True)
class Annotation:
    """Working data drawn over the board (what colours alone cannot say: order, direction, extent)."""

    shape: Shape
    cells: tuple[int, ...]
    tone: Tone = Tone.ACTIVE


@dataclass(frozen=True)
class Line:
    """One pseudocode line: its name (what narrators say), its place (what the window lights), its text."""

    name: str
    index: int
    text: str


class Code(Sequence[Line]):
    """Pseudocode whose lines have names: ``Code(start="pick a cell", loop="while ...:")``, then
    ``code.start`` is that line. Narrators name the line an event comes from, so a line added or
    moved cannot leave a sentence pointing at its neighbour; the lit line's place follows."""

    def __init__(self, **lines: str) -> None:
        clashes = [name for name in lines if name.startswith("_") or hasattr(Code, name)]
        if clashes:
            raise ValueError(f"pseudocode line names {clashes} clash with Code's own attributes")
        self._lines = tuple(Line(name, index, text) for index, (name, text) in enumerate(lines.items()))
        self._named = {line.name: line for line in self._lines}

    def __getattr__(self, name: str) -> Line:
        try:
            return self.__dict__["_named"][name]
        except KeyError:
            raise AttributeError(f"no pseudocode line named {name!r} (lines: {', '.join(self.names)})") from None

    @overload
    def __getitem__(self, index: int) -> Line: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Line]: ...

    def __getitem__(self, index: int | slice) -> Line | Sequence[Line]:
        return self._lines[index]

    def __len__(self) -> int:
        return len(self._lines)

    def matching(self, line: Line) -> Line:
        """This code's line of the same name as ``line`` (a narrator retelling another's events: the
        dungeon's corridors are the backtracker's)."""
        return getattr(self, line.name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._named)

    @property
    def texts(self) -> tuple[str, ...]:
        """The lines as the window shows them."""
        return tuple(line.text for line in self._lines)

    def __repr__(self) -> str:
        return "Code(" + ", ".join(f"{line.name}={line.text!r}" for line in self._lines) + ")"


@dataclass(frozen=True)
class Told:
    """What one event means: the pseudocode line it comes from and one sentence."""

    line: Line
    sentence: str


class StepCells:
    """The distinct cells of the events that continued the step now being told, in order (the event
    being told included), kept as the events come: a step of thousands of events (a cave
    generation, a Kruskal merge) costs the same per event as a step of two."""

    __slots__ = ("distinct", "_seen")

    def __init__(self) -> None:
        self.distinct: list[int] = []
        self._seen: set[int] = set()

    def add(self, cell: int) -> None:
        if cell not in self._seen:
            self._seen.add(cell)
            self.distinct.append(cell)

    def __contains__(self, cell: object) -> bool:
        return cell in self._seen


class Narrator:
    """Follows one algorithm's events and says each one in words.

    Subclasses give ``code`` (a :class:`Code` of 4-12 named lines, indented by two spaces per level), a ``tell_<kind>``
    method for each event kind the algorithm yields (``tell_carve(cell, other, value)``...), the
    working data (:meth:`data`) and, where it helps, :meth:`annotations`. ``follows`` lists the
    kinds that continue the step the event before them began (a Kruskal merge's SET events):
    one algorithm step is one pass through the pseudocode's loop.
    """

    code: ClassVar[Code] = Code()
    follows: ClassVar[frozenset[int]] = frozenset()
    legend: ClassVar[Mapping[str, str]] = {}
    """Legend keys renamed for this algorithm ("frontier" is "active cells" in growing tree)."""
    phases: ClassVar[tuple[str, ...]] = ()

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        self.grid = grid
        self.params = dict(params or {})
        self.phase = ""
        self.step = StepCells()
        """The cells of the events that continued the step now being told: a sentence about them
        names them all or says how many, so a count it states adds up with the cells it names."""
        self._told: Event | None = None

    def name(self, cell: int) -> str:
        return self.grid.cell_name(cell)

    def direction(self, d: int) -> str:
        """A direction in words: "north", "south-east"..."""
        return self.grid.direction_word(d)

    @property
    def shown_code(self) -> Code:
        """The pseudocode on screen now (phased narrators show the running phase's)."""
        return self.code

    @classmethod
    def longest_code(cls) -> Code:
        """The longest pseudocode this narrator ever shows: its own or a phase's (``phase_code``)."""
        phases: dict[str, Code] = getattr(cls, "phase_code", {})
        return max((cls.code, *phases.values()), key=len)

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """True when ``event`` starts a new pass through the loop (``previous`` came just before).
        Asked with the narrator having followed every event up to ``previous`` (so a rule may use
        the working data, such as Eller's sets or the dungeon's phase)."""
        return previous is None or event[0] not in self.follows

    def tell(self, event: Event) -> Told:
        """Follow ``event`` (update the working data) and say what it means."""
        kind, cell, other, value = event
        if self.begins_step(self._told, event):
            self.step = StepCells()
        else:
            self.step.add(cell)
        self._told = event
        method = getattr(self, "tell_" + Kind(kind).name.lower(), None)
        if method is None:
            raise NotImplementedError(f"{type(self).__name__} cannot tell a {Kind(kind).name} event")
        return method(cell, other, value)

    def tell_phase(self, cell: int, other: int, value: Any) -> Told:
        self.phase = str(value)
        number = f" {self.phases.index(self.phase) + 1} of {len(self.phases)}" if self.phase in self.phases else ""
        return Told(self.shown_code[0], f"Phase{number}: {self.phase}")

    def data(self) -> list[tuple[str, str]]:
        """The working data as label/value rows (the stack's depth and top cells, the sets...)."""
        return []

    def annotations(self) -> list[Annotation]:
        """Working data to draw over the board."""
        return []

    def cells_text(self, cells: Iterable[int], total: int | None = None, limit: int = DATA_ITEMS) -> str:
        """"(3, 4), (3, 5) ... 12 more": the first ``limit`` cells named, the rest counted."""
        listed = list(cells)
        shown = [self.name(c) for c in listed[:limit]]
        rest = (len(listed) if total is None else total) - len(shown)
        return ", ".join(shown) + (f" ... {rest:,} more" if rest > 0 else "") if shown else "empty"


    def so_far(self, cell: int) -> Sequence[int]:
        """The distinct cells this step's continuing events touched so far (``cell``, the one being
        told, last). The step's own list, not a copy: read it, never keep or change it."""
        return self.step.distinct if cell in self.step else [*self.step.distinct, cell]

    def together(self, cells: Sequence[int], limit: int = DATA_ITEMS) -> str:
        """"(3, 4)", "(3, 4) and (3, 5)", "(1, 1), (3, 4) and (3, 5)"; more than ``limit`` cells are
        counted: "7 cells: (1, 1), (3, 4) ... 5 more"."""
        count = len(cells)
        if count > limit:  # only the cells named are named: a step of thousands stays cheap per event
            shown = ", ".join(self.name(c) for c in cells[:limit - 2])
            return f"{count:,} cells: {shown} ... {count - limit + 2:,} more"
        names = [self.name(c) for c in cells]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


    def this_step(self, cell: int, done: str) -> str:
        """"" for the first such event of a step; after that " (2 cells <done> this step: (1, 1) and
        (3, 4))", so the newest cell is never read as the only one."""
        cells = self.so_far(cell)
        return f" ({plural(len(cells), 'cell')} {done} this step: {self.together(cells)})" if len(cells) > 1 else ""


def plural(count: int, word: str, words: str | None = None) -> str:
    """"1 cell", "12 cells"."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


class Narration:
    """Keeps a narrator in step with a run: the lit line, the last sentences, the step count.

    ``fold`` takes events in order; the newest step's sentence is ``sentences[-1]``, and ``detail``
    the sentence of the newest event when it only continued that step. A braid phase (any
    algorithm's post-process) hands over to ``braid``'s narrator.
    """

    def __init__(self, narrator: Narrator, braid: Narrator | None = None, keep: int = 4) -> None:
        self.narrator = narrator
        self.braid = braid
        self.position = 0
        self.steps = 0
        self.lit = -1
        self.sentences: deque[str] = deque(maxlen=keep)
        self.detail = ""
        self.previous: Event | None = None
        self.starts = array("q")
        """The position of every step's first event, in order (Left goes back to one of them)."""

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        return self._narrator_for(event).begins_step(previous, event)

    def _narrator_for(self, event: Event) -> Narrator:
        if event[0] == Kind.PHASE and event[3] in POST_PHASES and self.braid is not None:
            return self.braid
        return self.narrator

    def fold(self, events: Iterable[Event]) -> None:
        for event in events:
            narrator = self.narrator = self._narrator_for(event)
            begins = narrator.begins_step(self.previous, event)
            told = narrator.tell(event)
            if begins:
                self.starts.append(self.position)
                self.steps += 1
                self.sentences.append(told.sentence)
                self.detail = ""
            else:
                self.detail = told.sentence
            self.lit = told.line.index
            self.previous = event
            self.position += 1

    def step_start(self, position: int) -> int:
        """Where the step holding event ``position - 1`` began (0 before any event)."""
        index = bisect_right(self.starts, position - 1) - 1
        return self.starts[index] if index >= 0 else 0

    @property
    def code(self) -> tuple[str, ...]:
        """The pseudocode on screen, line by line (``lit`` is a place in it)."""
        return self.narrator.shown_code.texts
