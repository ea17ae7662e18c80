"""A run's narration as a document a class can keep: every step's sentence, the pseudocode line it
ran, the phase it belongs to, and the step's last "then: ..." line, as plain text or Markdown.

The same narrators the teaching panel uses say every step, folded over the same events, so the
transcript reads exactly as the panel did (a test checks step by step). ``generate --narration
FILE`` writes one for a recipe; Ctrl+E in the window writes the run so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from ..algorithms.braid import BraidNarrator
from ..core.events import Event, Kind
from ..core.maze import Maze
from ..core.narration import Narration, Narrator
from ..solvers import SOLVERS
from .spec import MazeSpec


@dataclass(frozen=True)
class Step:
    """One algorithm step as the panel told it."""

    number: int
    phase: str
    line: int
    """The pseudocode line (0-based) the step's last event ran, or -1."""
    code: str
    """That line's words ("" when none is lit)."""
    sentence: str
    then: str
    """The last sentence of the events that continued the step ("" when it was one event)."""


@dataclass(frozen=True)
class Part:
    """The narration of one algorithm over one run: the generation, or a solve."""

    title: str
    code: tuple[str, ...]
    steps: tuple[Step, ...]


def told_steps(narrator: Narrator, events: Iterable[Event], braid: Narrator | None = None) -> Iterator[Step]:
    """Each step of ``events`` as the teaching panel tells it: its sentence and the line its first
    event ran, with the last "then: ..." of the events that continued it (given once complete)."""
    narration = Narration(narrator, braid, keep=1)
    phase = ""
    current: Step | None = None
    for event in events:
        if event[0] == Kind.PHASE:
            phase = str(event[3])
        before = narration.steps
        narration.fold((event,))
        if narration.steps == before:
            if current is not None:
                current = replace(current, then=narration.detail)
            continue
        if current is not None:
            yield current
        code, line = narration.code, narration.lit
        words = code[line].strip() if 0 <= line < len(code) else ""
        current = Step(narration.steps, phase, line if words else -1, words, narration.sentences[-1], "")
    if current is not None:
        yield current


def generation_part(spec: MazeSpec, events: Iterable[Event] | None = None) -> Part:
    """The generation's narration (``events``: those of a run so far; default: the whole run)."""
    info = spec.info
    assert info.narrator is not None
    grid = spec.checked_grid()
    narrator = info.narrator(grid, info.resolve(spec.params))
    stream = spec.events(grid) if events is None else events
    steps = tuple(told_steps(narrator, stream, BraidNarrator(grid)))
    return Part(f"{info.title}, {spec.width} x {spec.height} {spec.grid}, seed {spec.seed}",
                narrator.code.texts, steps)


def solve_part(maze: Maze, solver: str, start: int | None = None, goal: int | None = None,
               events: Iterable[Event] | None = None) -> Part:
    """A solve's narration over ``maze`` (``events``: those shown so far; default: the whole solve)."""
    info = SOLVERS[solver]
    assert info.narrator is not None
    start = maze.entrance[0] if start is None else start
    goal = maze.exit[0] if goal is None else goal
    narrator = info.narrator(maze.grid, {"start": start, "goal": goal})
    stream = info.run(maze, start, goal) if events is None else events
    return Part(f"{info.title}, from {narrator.name(start)} to {narrator.name(goal)}", narrator.code.texts,
                tuple(told_steps(narrator, stream)))


MOST_CELLS = 250 * 250
"""Larger mazes are refused: a step a line, their transcript would run to millions of lines."""


def check_size(spec: MazeSpec) -> None:
    """ValueError (one line) for a maze too large to narrate, before any work."""
    if spec.width * spec.height > MOST_CELLS:
        raise ValueError(f"a narration covers at most {MOST_CELLS:,} cells (250 x 250); "
                         f"{spec.width} x {spec.height} is {spec.width * spec.height:,}")


def recipe_command(spec: MazeSpec, solver: str | None = None) -> str:
    """The ``generate`` command that makes this run again (a mask of one's own is named FILE)."""
    words = ["maze-visualizer generate", f"-a {spec.algorithm}", f"-g {spec.grid}",
             f"-s {spec.width}x{spec.height}", f"--seed {spec.seed}"]
    defaults = spec.info.defaults()
    words += [f"-p {k}={v}" for k, v in sorted(spec.params.items()) if defaults.get(k) != v]
    if spec.mask is not None:
        words.append(f"--mask {spec.mask.name or 'FILE'}")
    if solver is not None:
        words.append(f"--solve {solver}")
    return " ".join(words)


def as_markdown(parts: Iterable[Part], command: str = "") -> str:
    """The transcript as Markdown: a heading per part, its pseudocode, then its steps."""
    out: list[str] = []
    for part in parts:
        out += [f"# {part.title}", ""]
        if command:
            out += [f"Made with `{command}`.", ""]
            command = ""
        out += ["## Pseudocode", "", "```"]
        out += [f"{number + 1:>2}  {line}" for number, line in enumerate(part.code)]
        out += ["```", "", "## Steps", ""]
        phase = ""
        for step in part.steps:
            if step.phase != phase and step.phase:
                phase = step.phase
                out += ["", f"### Phase: {phase}", ""]
            where = f" (line {step.line + 1}: `{step.code}`)" if step.code else ""
            out.append(f"{step.number}.{where} {step.sentence}")
            if step.then:
                out.append(f"   then: {step.then}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def as_text(parts: Iterable[Part], command: str = "") -> str:
    """The transcript as plain text: the same content as :func:`as_markdown`, without its marks."""
    out: list[str] = []
    for part in parts:
        out += [part.title, "=" * len(part.title)]
        if command:
            out.append(f"Made with: {command}")
            command = ""
        out += ["", "Pseudocode:"] + [f"{number + 1:>4}  {line}" for number, line in enumerate(part.code)] + [""]
        phase = ""
        for step in part.steps:
            if step.phase != phase and step.phase:
                phase = step.phase
                out += ["", f"Phase: {phase}"]
            where = f" [line {step.line + 1}]" if step.code else ""
            out.append(f"Step {step.number}{where}: {step.sentence}")
            if step.then:
                out.append(f"    then: {step.then}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def render(parts: Iterable[Part], markdown: bool, command: str = "") -> str:
    """Markdown for a ``.md`` file, plain text otherwise."""
    return as_markdown(parts, command) if markdown else as_text(parts, command)
