"""The watch scene's hand edits: the mouse and keys turned into ``run.editing`` calls, the solver
run again after each, and what the panel and the board then say about the maze.

A click on a wall opens it, on a passage closes it; a drag moves an endpoint; Ctrl+drag paints
cells out of the maze (or back); Shift+drag paints what cells cost (the weights Dijkstra and A*
weigh: dear ground, or back to cost 1). After every change the chosen solver runs again (at once, or
animated: Ctrl+A) from the same start to the same goal, so the student sees what the edit did to
the way through; the panel says whether the maze is still perfect, with one loop and the cells
cut off drawn. The scene owns the run and the endpoints; this only edits them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np

from ..core import passage_graph
from ..core.maze import CellState
from ..core.narration import Annotation, Shape, Tone, plural
from ..core.passage_graph import PassageGraph
from ..export.formats import FORMATS, ExportOptions
from ..render.palette import LEGEND
from ..run.editing import Check, Edit, Editor, End
from ..run.overlay import Mark
from ..run.quick_solve import GRAPH_SOLVERS, QUICK_FROM_CELLS, QUICK_SOLVERS, TREES_ONLY, GraphBfs, GraphDfs, QuickBfs
from ..run.session import SOLVING, Run
from ..solvers import SOLVERS
from . import captures
from .memo import Memo

if TYPE_CHECKING:
    from .scene import Host

REMOVED = LEGEND["removed"][1]
"""What a cell an edit took out of the maze is, on hover as in the legend."""
RESOLVE_BUDGET = 0.05
"""Seconds an edit may spend solving again at once; a larger maze finishes over the next frames."""
QUICK_SHARE = 0.04
"""Seconds of a frame a large maze's array re-solve gets at least (a frame stays well under 100 ms)."""
SHOW_SECONDS = 0.025
"""About what marking a million-cell re-solve's search costs: it follows the search's last stage
in the same frame when that much of the frame's share is left."""
WARM_MOST_CELLS = 250_000
"""An idle finished maze of at most this many cells has its parts counted before the first edit
(``warm``: 0.1 - 0.2 s at 500 x 500). A larger one counts them at its first edit: at 1000 x 1000
that is 0.7 s and 220 MB, which an idle window spent in one frame, doubling its memory, for
edits few make on cells under a pixel wide."""


class HandEdits:
    """Edits of the run on screen, their undo and redo, and the re-solve after each."""

    def __init__(self, host: Host, run: Run, ends: list[int | None]) -> None:
        self.host = host
        self.editor = Editor(run, ends)
        self.animated = False
        """Ctrl+A: after an edit the solver animates at the scene's speed instead of finishing at once."""
        self.grabbed: tuple[End, int] | None = None
        """The endpoint being dragged and the cell it was picked up on."""
        self.dragged_to = -1
        """The cell under the pointer while an endpoint is dragged (its marker is drawn there)."""
        self.painting = False
        self.weighing = -1
        """The cell a Shift+press went down on (-1: none): the cost stroke starts when the pointer
        moves on, so a Shift+click still sets the solver's goal."""
        self.resolving = False
        """True while a re-solve started "at once" still has events left (a large maze)."""
        self._check: Memo[Check] = Memo()
        self._neighbours: Memo[np.ndarray] = Memo()
        """The grid's neighbour table, kept for the checks after every edit."""
        self._removed: Memo[frozenset[int]] = Memo()
        self._quick: tuple[QuickBfs | GraphBfs | GraphDfs, str, int | None, int | None, int] | None = None
        """A large maze's re-solve under way (``run.quick_solve``): the search, the solver, the
        ends asked for, the maze version it searches."""
        self._quiet: tuple[np.ndarray, bool] | None = None
        """A large maze's quiet re-solve under way: the marks the board shows, and whether a full
        redraw was due when it began."""
        self._graph: PassageGraph | None = None
        """The maze's passages kept for scipy's searches (``graph``)."""
        self._was: int | None = None
        self._saved: tuple[int, object] = (0, None)
        """(edits, the newest edit) when Ctrl+J last wrote the maze to a file."""
        """The path's length before the last edit (None: none was shown)."""

    @property
    def run(self) -> Run:
        return self.editor.run

    @property
    def edited(self) -> bool:
        """True when the maze on screen holds edits (or undone ones that could come back)."""
        return self.editor.current and bool(self.editor.done or self.editor.undone)

    def unsaved(self) -> list[str]:
        """The hand edits no Ctrl+J has written (none once every edit is undone: the maze is the
        generator's again)."""
        done = self.editor.done if self.editor.current else []
        if not done or (len(done), done[-1]) == (self._saved[0], self._saved[1]):
            return []
        return [f"{plural(len(done), 'hand edit')} (Ctrl+J saves the maze)"]

    # --- the mouse ----------------------------------------------------------------

    def click_wall(self, cell: int, direction: int, solver: str) -> bool:
        """Open or close the wall; False while the maze grows (the click then picks a cell)."""
        if self.editor.editable() is not None:
            return False
        self.after(self.editor.toggle_wall(cell, direction), solver)
        return True

    def grab(self, cell: int, ctrl: bool, shift: bool = False) -> bool:
        """Ctrl: start painting cells, Shift: costs (a finished maze only); else pick up the
        endpoint on ``cell``."""
        if shift and not ctrl:
            if self.editor.editable() is not None:
                return False  # growing: a Shift+click sets the goal, a Shift+drag pans
            self.weighing = cell
            return True
        if ctrl:
            why = self.editor.editable()
            if why is not None:
                self.host.message(why)
                return True
            self.painting = True
            before = int(self.run.maze.state[cell])
            self.host.message(f"Ctrl+drag: {self.editor.begin_stroke(cell)} cells (let go to finish)")
            self._painted(cell, before)
            return True
        which = self.endpoint_at(cell)
        if which is None:
            return False
        self.grabbed, self.dragged_to = (which, cell), cell
        return True

    def endpoint_at(self, cell: int) -> End | None:
        """The endpoint a press on ``cell`` picks up: the solver's own start or goal first (they
        are drawn on top), then the entrance and the exit once the maze is finished."""
        ends, maze = self.editor.ends, self.run.maze
        if ends[0] == cell:
            return End.START
        if ends[1] == cell:
            return End.GOAL
        if self.editor.editable() is None:
            if maze.entrance[0] == cell:
                return End.ENTRANCE
            if maze.exit[0] == cell:
                return End.EXIT
        return None

    def drag_over(self, cell: int) -> None:
        if self.weighing >= 0:
            self._weigh(cell)
            return
        if self.grabbed is not None:
            self.dragged_to = cell
        if self.painting:
            before = int(self.run.maze.state[cell])
            why = self.editor.paint(cell)
            self._painted(cell, before)
            if why:
                self.host.message(why)

    def _painted(self, cell: int, before: int) -> None:
        """A cell the stroke took out (its state was ``before``) shows in the removed colour at once,
        not in the grey of cells still to be visited (or the search's mark) until the stroke ends;
        one it brought back loses that colour."""
        overlay, state = self.run.overlay, int(self.run.maze.state[cell])
        out = state == int(CellState.UNVISITED)
        if state != before and (overlay.removed is not None or out):
            if overlay.removed is None:
                overlay.removed = np.zeros(self.run.grid.size, dtype=bool)
            overlay.removed[cell] = out
            if out:
                overlay.mark[cell] = Mark.NONE  # not in the maze: the solve, redone at the end, cannot pass it
        overlay.dirty.append(cell)

    def drop(self, cell: int, solver: str) -> bool:
        """Finish the paint stroke, or put the endpoint down where the pointer is; False when an
        endpoint was let go where it was picked up (a plain click)."""
        if self.weighing >= 0:
            self.weighing = -1
            edit = self.editor.end_stroke()
            if edit is None:
                return False  # never moved, or painted nothing: a Shift+click
            self.after(edit, solver)
            return True
        if self.painting:
            self.painting = False
            edit = self.editor.end_stroke()
            if edit is not None:
                self.after(edit, solver)
            return True
        grabbed, self.grabbed, self.dragged_to = self.grabbed, None, -1
        if grabbed is None or cell < 0 or cell == grabbed[1]:
            return False
        self.after(self.editor.move_end(grabbed[0], cell), solver)
        return True

    def _weigh(self, cell: int) -> None:
        """The pointer moved on with Shift held: the cost stroke begins at the pressed cell (first
        move) and takes in this one."""
        editor = self.editor
        if not editor.stroking:
            cost = editor.begin_weights(self.weighing)
            self.run.overlay.dirty.append(self.weighing)
            what = "dear ground" if cost > 1 else "cheap ground"
            self.host.message(f"Shift+drag: painting {what}, cost {cost} (let go to finish; the weighted "
                              "solvers, Dijkstra and A*, go round dear cells)")
        editor.paint_weight(cell)
        self.run.overlay.dirty.append(cell)

    def shown_ends(self) -> tuple[int, int, int | None, int | None]:
        """Where the markers are drawn: entrance, exit, the solver's start and goal (None: not
        their own), the one being dragged under the pointer."""
        maze, ends = self.run.maze, self.editor.ends
        shown = {End.ENTRANCE: maze.entrance[0], End.EXIT: maze.exit[0], End.START: ends[0], End.GOAL: ends[1]}
        if self.grabbed is not None and self.dragged_to >= 0:
            shown[self.grabbed[0]] = self.dragged_to
        return shown[End.ENTRANCE], shown[End.EXIT], shown[End.START], shown[End.GOAL]  # type: ignore[return-value]

    # --- keys ---------------------------------------------------------------------

    def undo(self, solver: str) -> None:
        edit = self.editor.undo() if self.editor.current else None
        if edit is None:
            self.host.message("Nothing to undo")
            return
        self.after(edit, solver, "Undone: ")

    def redo(self, solver: str) -> None:
        edit = self.editor.redo() if self.editor.current else None
        if edit is None:
            self.host.message("Nothing to redo")
            return
        self.after(edit, solver, "Redone: ")

    def toggle_animated(self) -> None:
        self.animated = not self.animated
        self.host.message("After an edit the solver " + ("animates (Ctrl+A: at once)" if self.animated
                                                        else "finishes at once (Ctrl+A: animated)"))

    def save_json(self) -> str:
        """Ctrl+J: the maze as it stands, edits and all, in the JSON export; what the window says."""
        run = self.run
        if not run.finished:
            return "JSON not saved: the maze is still growing (End finishes it)"
        text = FORMATS["json"].writer()(run.maze, run.spec, ExportOptions())
        suffix = "-edited" if self.edited and self.editor.done else ""
        try:
            path = captures.save_file(text, captures.screenshot_dir(), captures.capture_name(run.spec) + suffix,
                                      ".json")
        except OSError as err:
            return f"JSON not saved: {err.strerror or err}"
        done = self.editor.done
        self._saved = (len(done), done[-1] if done else None)
        return f"JSON saved: {path}"

    # --- after an edit --------------------------------------------------------------

    def after(self, result: Edit | str, solver: str, prefix: str = "") -> None:
        """Say what the edit did (or why it was refused) and solve again from the same endpoints."""
        if isinstance(result, str):
            self.host.message(result)
            return
        self.show_removed()
        words = prefix + result.words if prefix else result.words[0].upper() + result.words[1:]
        if self._graph is not None:
            self._graph.turns.rest()
        if result.changes_maze or self.run.solver is not None:
            words += self.resolve(solver)
        found = self.check()
        self.host.message(f"{words} · {self.verdict(found)}", 6.0)

    def resolve(self, solver: str) -> str:
        """Run the solver again (at once within a budget, else over the next frames, or animated);
        returns the words about the new path."""
        run = self.run
        before = run.solution
        was = len(before) if before else None
        start, goal = self.editor.ends
        self._quick = self._quiet = None
        quick = QUICK_SOLVERS.get(solver)
        if quick is not None and not self.animated and run.grid.size >= QUICK_FROM_CELLS:
            run.clear_solution(keep_search=True)  # the old path goes (it may cross a wall now), its search stays
            ends = (run.maze.entrance[0] if start is None else start, run.maze.exit[0] if goal is None else goal)
            graph = self.graph() if solver in GRAPH_SOLVERS and not (solver in TREES_ONLY and self._loops()) else None
            # more than one loop known: depth-first search's C order may part from the solver's; the lists' is its own
            maker = quick if graph is None else GRAPH_SOLVERS[solver]
            search = maker(run.maze if graph is None else graph, *ends, table=self.table())  # type: ignore[arg-type]
            self._quick = (search, solver, start, goal, run.maze_version)
            self.resolving = True  # the search is the next frames' work: the click is drawn at once
            return ""
        elif not self.animated and run.grid.size >= QUICK_FROM_CELLS:
            self._quiet = run.overlay.mark.copy(), run.overlay.full_redraw  # what the board shows
            run.solve(solver, start=start, goal=goal)
            run.overlay.full_redraw = self._quiet[1]  # the old marks stay drawn until the new ones are whole
            self.resolving = True  # drained over the next frames, undrawn: the click is drawn at once
            return ""
        else:
            run.solve(solver, start=start, goal=goal)
            if self.animated:
                return ""
            run.step(1 << 30, deadline=time.perf_counter() + RESOLVE_BUDGET)
            self.resolving = run.stage == SOLVING
        if self.resolving or run.solution is None:
            return ""
        name = SOLVERS[solver].title
        if not run.solution:
            return f" · {name}: no way through now" + ("" if self.goal_reachable() else " (the goal is cut off)")
        change = "" if was is None else f" (was {was:,})"
        return f" · {name}: path of {len(run.solution):,} cells{change}"

    def _loops(self) -> bool:
        """True when the edits are known to have made more than one loop (somewhere in the maze)."""
        links = self.editor.links
        return links.pending is None and not links.stale and links.loops > 1

    def finish_resolve(self, budget: float) -> None:
        """A re-solve started at once that did not fit its budget: finish it this frame if it can."""
        run = self.run
        if self._quick is not None:  # a frame's share, whatever the drawing costs: the window stays quick
            share = min(max(budget, QUICK_SHARE), RESOLVE_BUDGET)
            self.resolving = not self._step_quick(time.perf_counter() + share)
            return
        if self._quiet is not None:
            self._drain(time.perf_counter() + min(budget, RESOLVE_BUDGET))
            return
        if self.resolving and run.stage == SOLVING:
            run.step(1 << 30, deadline=time.perf_counter() + budget)
        self.resolving = self.resolving and run.stage == SOLVING

    def _drain(self, deadline: float) -> None:
        """A large maze's re-solve by a solver without an array twin: its events folded until
        ``deadline`` without a cell drawn; once it ends, the cells whose mark changed repainted."""
        run, overlay = self.run, self.run.overlay
        assert self._quiet is not None
        shown, full = self._quiet
        if run.stage == SOLVING:
            kept = len(overlay.dirty)
            run.step(1 << 30, deadline=deadline)
            del overlay.dirty[kept:]
            overlay.full_redraw = full
        if run.stage != SOLVING:
            self._quiet = None
            self.resolving = False
            overlay.repaint_changed(shown)

    def _step_quick(self, deadline: float) -> bool:
        """The large maze's breadth-first search, on until ``deadline``; shown once it ends (not
        when the maze or the solve changed meanwhile). True when there is nothing left to do."""
        assert self._quick is not None
        search, solver, start, goal, version = self._quick
        if search.result is None:
            search.work(deadline)
            if search.result is None or time.perf_counter() + SHOW_SECONDS > deadline:
                return False  # shown on the next frame: the marks' work has room there
        found = search.result
        self._quick = None
        run = self.run
        run.discard(search.indices, search.indptr, search.order, search.parent)  # millions of ints
        if run.maze_version == version and run.solver is None:
            run.solve_found(solver, found, start, goal)
        return True

    def table(self) -> np.ndarray:
        """The grid's neighbour table, built once (a tenth of a second for a million cells: in
        ``warm`` before the first edit, or at it above WARM_MOST_CELLS), for the checks and the re-solves."""
        grid = self.run.grid
        return self._neighbours.get(id(grid), lambda: grid.neighbour_array(np.int64))

    def graph(self) -> PassageGraph | None:
        """The maze's passages kept for scipy's searches (None: a small maze, or no scipy): built
        once (a fifth of a second, in ``warm`` or at the first edit), then brought up to date by
        each search, O(change)."""
        run = self.run
        if run.grid.size < QUICK_FROM_CELLS or not run.finished or not passage_graph.available():
            return None
        if self._graph is None or not self._graph.describes(run.maze):
            self._graph = PassageGraph(run.maze, self.table())
        return self._graph

    def cancel_resolve(self) -> None:
        """The solution was cleared or solved again by hand: a re-solve under way is not shown
        when it ends (a quiet one's marks drawn as they stand)."""
        if self._quiet is not None:
            self.run.overlay.repaint_changed(self._quiet[0])
        self._quick = self._quiet = None
        self.resolving = False

    def check(self) -> Check:
        """The perfectness check of the maze as it stands (once per change): the figures the
        editor keeps edit by edit, so a click on a million cells costs the cells it changed."""
        self.editor.table = self.table()
        self.editor.like = self.graph()
        return self._check.get(self._check_key(), self.editor.check)

    def settle(self, budget: float) -> None:
        """A closed passage's search that did not end at once: a frame's share more of it. Called
        first in every frame: the kept graphs' heavy stages get one more turn."""
        if self._graph is not None:
            self._graph.turns.next_frame()
        self.editor.settle(time.perf_counter() + min(budget, RESOLVE_BUDGET))

    def warm(self) -> None:
        """Count the finished maze's parts once, while nothing else needs the frame, so the first
        edit does not pay for it (up to WARM_MOST_CELLS cells)."""
        if self.warm_pending:
            self.check()

    @property
    def warm_pending(self) -> bool:
        """True while ``warm`` has the finished maze's parts still to count."""
        run = self.run
        return (run.finished and run.grid.size <= WARM_MOST_CELLS and self.editor.editable() is None
                and not self._check.fresh(self._check_key()))

    def _check_key(self) -> tuple:
        run = self.run
        return id(run), run.position, run.maze_version, self.editor.figures_version

    def goal_reachable(self) -> bool:
        """Whether any way leads from the solve's start to its goal: one look at the parts the
        editor keeps once the maze has been edited (no search of a million cells)."""
        run = self.run
        if not self.edited:
            return _goal_reachable(run)
        if self.editor.links.pending is not None or self.editor.links.stale:
            return True  # not known yet: say nothing of a cut-off goal rather than wait for it
        return self.editor.links.joined(*run.solver_ends)

    @staticmethod
    def verdict(found: Check) -> str:
        if found.checking:
            return "checking whether it is still perfect"
        if found.perfect:
            return "still perfect"
        parts = [plural(found.loops, "loop")] if found.loops else []
        if found.cut_off:
            parts.append(plural(found.cut_off, "cell") + " cut off")
        return "not perfect: " + ", ".join(parts)

    def panel_rows(self) -> list[tuple[str, str]]:
        """Once the maze has been edited: perfect or not (loops, cells cut off), the edits."""
        if not self.edited:
            return []
        found = self.check()
        parts = []
        if found.loops:
            parts.append(plural(found.loops, "loop") + (" (one drawn in red)" if found.loop else ""))
        if found.cut_off:
            parts.append(plural(found.cut_off, "cell") + " cut off (boxed)")
        verdict = "yes" if found.perfect else "no: " + ", ".join(parts)
        if found.checking:
            verdict = "checking... (searching what the closed passage cut off)"
        return [("Perfect", verdict), ("Edits", f"{len(self.editor.done):,} (Ctrl+Z undoes, Ctrl+Y redoes)")]

    def removed_cells(self) -> frozenset[int]:
        """The cells the edits took out of the maze that are out still (they look unvisited, but
        on a finished maze they are not waiting for anything: they are not part of it)."""
        editor, run = self.editor, self.run
        if not self.edited:
            return frozenset()
        return self._removed.get((id(run), run.maze_version, len(editor.done)), self._find_removed)

    def _find_removed(self) -> frozenset[int]:
        out: set[int] = set()
        for edit in self.editor.done:
            for change in edit.cells:
                if change.after[1] == int(CellState.UNVISITED) and change.before[1] != change.after[1]:
                    out.add(change.cell)
                elif change.after[1] != int(CellState.UNVISITED):
                    out.discard(change.cell)
        state = self.run.maze.state
        return frozenset(c for c in out if state[c] == CellState.UNVISITED)

    def show_removed(self) -> None:
        """Tell the board which cells the edits took out (their own colour, not the grey of cells
        still to be visited) and have it repaint when that changed."""
        overlay, removed = self.run.overlay, self.removed_cells()
        before = frozenset(np.flatnonzero(overlay.removed).tolist()) if overlay.removed is not None else frozenset()
        if removed == before:
            return
        mask = None
        if removed:
            mask = np.zeros(self.run.grid.size, dtype=bool)
            mask[list(removed)] = True
        overlay.removed, overlay.full_redraw = mask, True

    def legend_keys(self) -> list[str]:
        """The legend entries for what ``annotations`` draws: the red loop, the boxed cells."""
        if not self.edited:
            return []
        found = self.check()
        return (["loop"] if found.loop else []) + (["cut off"] if found.cut_off_cells else [])

    def annotations(self) -> tuple[Annotation, ...]:
        """One loop drawn round, each cut-off cell boxed (the first of them, when very many)."""
        if not self.edited:
            return ()
        found = self.check()
        notes = [Annotation(Shape.PATH, found.loop, Tone.REJECTED)] if found.loop else []
        return tuple(notes + [Annotation(Shape.BOX, (cell,), Tone.ERASED) for cell in found.cut_off_cells])


def _goal_reachable(run: Run) -> bool:
    """Whether any way leads from the solve's start to its goal (the model's passages, not the
    solver's luck): a solver that found none either was cut off or went round in circles."""
    start, goal = run.solver_ends
    return bool(run.maze.reachable_from(start)[goal])
