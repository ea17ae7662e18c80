"""What the watch scene's panel, hover line and legend say: the recipe, the run, the solver, the
edits, the longest path, the distance under the pointer (the scene computes; this words it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..algorithms import ALGORITHMS
from ..core.weights import path_cost
from ..run.session import SOLVING, Run
from ..run.spec import MazeSpec
from ..solvers import SOLVERS
from .hand_edits import REMOVED
from .pacing import speed_label
from .run_words import cell_lines, describe_last, events_text, phase_word, state_word

if TYPE_CHECKING:
    import numpy as np

    from ..core.distance import LongestPath
    from ..run.teaching import Teacher
    from .hand_edits import HandEdits
    from .maze_figures import MazeFigures
    from .own_file import OwnFile


class WatchPanel:
    """The watch scene's words for the panel, the hover line and the legend."""

    run: Run
    teacher: Teacher
    edits: HandEdits
    own: OwnFile
    figures: MazeFigures
    endpoints: list[int | None]
    solver: str
    speed: float
    paused: bool
    show_longest: bool
    distance_map: bool

    if TYPE_CHECKING:
        @property
        def spec(self) -> MazeSpec: ...

        @property
        def unthrottled(self) -> bool: ...

        def cell_name(self, cell: int) -> str: ...

        def longest(self, fresh: bool = False) -> LongestPath: ...

        def distances(self, fresh: bool = False) -> np.ndarray: ...

        def start_name(self) -> str: ...

    def solver_ends(self) -> list[str]:
        """The solver's own start and goal when the board draws them (the same cells ``draw_endpoints`` gets)."""
        _, _, start, goal = self.edits.shown_ends()
        return [key for key, cell in zip(SOLVER_ENDS, (start, goal)) if cell is not None]

    def legend_label(self, key: str) -> str | None:
        if key == "entrance" and self.edits.shown_ends()[2] is not None:
            return "the entrance"  # the solver starts at its own start, ringed
        return self.teacher.legend_label(key)

    def panel_lines(self) -> list[tuple[str, str]]:
        run, spec = self.run, self.spec
        info = spec.info
        names = list(ALGORITHMS)
        lines = [
            ("Algorithm", f"{info.title}  ({names.index(info.name) + 1}/{len(names)})"),
            ("Grid", spec.shape_words(run.grid)),
            ("Seed", str(spec.seed)),
            ("Speed", speed_label(self.speed)),
            ("Phase", self.own.stopped_phase(run) or phase_word(run)),
            ("Events", events_text(self.run)),
            ("State", self.own.stopped_state(run) or state_word(self.run, self.paused)),
        ]
        solver = SOLVERS[run.solver or self.solver].title
        if run.overlay.searched or run.stage == SOLVING:
            lines += [("Solver", solver), ("Visited", f"{run.overlay.searched:,} cells"),
                      ("Path", path_words(run))]
        else:
            lines.append(("Solver", f"{solver} (S to run)"))
        if any(e is not None for e in self.endpoints):
            start, goal = (self.cell_name(c) if c is not None else d
                           for c, d in zip(self.endpoints, ("entrance", "exit")))
            lines.append(("From / to", f"{start} -> {goal}"))
        if spec.params.get("braid"):
            lines.append(("Braid", f"{spec.params['braid']} %"))
        if run.maze.weights is not None:
            lines.append(("Weights", weights_words(run, spec)))
        if self.show_longest:
            lines.append(("Longest path", self.longest_text()))
        if self.paused and run.overlay.last is not None:
            lines.append(("Last", describe_last(self.run)))
        return lines + self.edits.panel_rows() + self.own.panel_rows(run)

    def longest_text(self) -> str:
        path = self.longest()
        if not path.cells:
            return "none yet"
        a, b = path.ends
        return f"{path.length:,} cells, {self.cell_name(a)} to {self.cell_name(b)}"

    def hover_lines(self, cell: int) -> list[tuple[str, str]]:
        """Where the pointer is: the cell, what it is, its region or set, its distance once solved."""
        lines = cell_lines(self.run, cell)
        if cell in self.edits.removed_cells():
            lines = [(label, REMOVED if label == "Is" else value) for label, value in lines]
        distance = self.distance_to(cell)
        if distance is not None:
            where = f"{distance:,} steps from {self.start_name()}"
            lines.append(("Distance", where if distance >= 0 else "unreachable"))
        return lines

    def distance_to(self, cell: int) -> int | None:
        """Steps from the solver's start to ``cell`` once a solution or the distance map is shown."""
        if not (self.run.solution or self.distance_map):
            return None
        return int(self.distances()[cell])

    def legend_keys(self) -> list[str]:
        """What each colour on the board means, for exactly the colours there now (on large mazes
        refreshed now and then while the run moves: see ``MazeFigures.legend``)."""
        keys = ENDPOINTS + self.solver_ends() + self.figures.legend(self.run, self.unthrottled)
        keys += self.edits.legend_keys()
        return keys + ["longest"] if self.show_longest else keys


ENDPOINTS = ["entrance", "exit"]
"""The markers always on the board (a triangle and a square), first in the legend."""
SOLVER_ENDS = ("solver start", "solver goal")
"""The solver's own start (a ring) and goal (a diamond), listed while they are drawn."""


def path_words(run: Run) -> str:
    """The path's length, and on weighted cells its cost beside it ("34 cells, cost 97")."""
    text = f"{run.overlay.path_length:,} cells"
    if run.maze.weights is not None and run.solution:
        text += f", cost {path_cost(run.maze.weights, run.solution):,}"
    return text


def weights_words(run: Run, spec: MazeSpec) -> str:
    """Where the cell costs come from: the recipe's terrain, painted by hand, or both."""
    weights = run.maze.weights
    top = int(weights.max()) if weights is not None and len(weights) else 1
    if not spec.params.get("weights"):
        return f"painted by hand (Shift+drag), each cell costs 1 to {top}"
    return f"terrain, each cell costs 1 to {spec.params['weights']}"
