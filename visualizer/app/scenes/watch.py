"""The watch scene: a maze being generated, solved and measured, one event at a time.

The run (``session.Run``) is the model; this scene turns keys into calls on it, paces it by the
speed setting, and says what the panel and the scrub bar show.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

import numpy as np
import pygame

from ...algorithms import ALGORITHMS
from ...algorithms.braid import BraidNarrator
from ...core.distance import LongestPath
from ...core.metrics import Metrics
from ...render.annotations import draw_annotations, draw_dear_ground, draw_longest_path
from ...render.markers import draw_endpoints
from ...render.palette import DEAREST, HEAT_COLOURS
from ...render.themes import current as current_theme
from ...run.quiz.session import Quiz
from ...run.session import DONE, SOLVING, Run
from ...run.spec import MazeSpec, random_seed
from ...run.teaching import Teacher, TeachingView, known_for
from ...solvers import SOLVERS
from ..breakpoints import Breakpoint
from ..hand_edits import HandEdits
from ..keys import WATCH_KEYS, KeyPress, number_choice
from ..maze_figures import CHEAP_DISTANCE_CELLS, MazeFigures, estimate_events
from ..memo import Memo
from ..narration_file import save_narration
from ..own_file import OwnFile, own_solver
from ..pacing import (
    DEFAULT_SOLVER,
    DEFAULT_SPEED,
    INSTANT,
    INSTANT_BUDGET,
    INSTANT_PAINT_SECONDS,
    next_algorithm,
    next_grid,
    next_solver,
    next_speed,
    resized_or_say,
    speed_label,
)
from ..quiz_view import draw_quiz, quiz_view
from ..run_words import events_text, state_word
from ..scene import BoardContent, ColourScale, Host, Scene, TimelineView
from ..watch_edits import EditKeys
from ..watch_panel import WatchPanel, path_words
from ..watch_play import PlayKeys
from ..watch_quiz import QuizKeys
from ..watch_steps import StepKeys

FRAME_BUDGET = 0.010
"""Seconds of generator work per frame at a finite speed (the rest of the frame is for drawing)."""
BRAID_STEPS = (25, 50, 100)
EXPLAIN_BELOW = 60
"""Speeds (events a second) at or below which the explanations show without being asked for."""
TEACH_BUDGET = 0.008
"""Seconds a frame spends catching the explanations up with the run (a seek back replays them)."""
IDLE_TEACH_BUDGET = 0.03
"""The same while paused or finished: nothing else needs the frame."""
REPAINT_CELLS = 20_000
"""Cells a re-solve's repaint hands the board a frame at least (``Overlay.feed``)."""
REPAINT_ROOM = 0.035
"""Seconds of a frame the work and the repaint of fed cells share: a frame whose work was light
hands the board more (the changed cells of a re-solve in two or three frames, not eight)."""
RESOLVE_SHARE = 0.01
"""Seconds of a frame a re-solve after an edit gets at least, whatever the perfect check took."""
IDLE_WORK = 0.008
"""Seconds a paused or finished run spends each frame on snapshots that instant mode skipped."""


class WatchScene(StepKeys, QuizKeys, EditKeys, PlayKeys, WatchPanel, Scene):
    """One generator run at a time, driven frame by frame."""

    name = "watch"
    keys = WATCH_KEYS

    def __init__(self, host: Host, spec: MazeSpec, speed: float | None = None, quiz: int | None = None) -> None:
        super().__init__(host)
        self.speed = DEFAULT_SPEED if speed is None else speed
        self.paused = False
        self.credit = 0.0
        self.run = Run(spec)
        self.solver = own_solver() or DEFAULT_SOLVER
        self.own = OwnFile()
        """A file of the user's own: the checker's findings, the maze check, hot reload."""
        self.show_metrics = False
        self.figures = MazeFigures()
        """The distance map, the longest path, the metrics and the legend, each remembered."""
        self.distance_map = False
        """D: every open cell coloured by its steps from the solver's start (the entrance unless clicked)."""
        self.show_longest = False
        """F: the maze's longest path drawn over it, with its length."""
        self._solution_reported = True
        self._estimate: Memo[int] = Memo()
        """The scrub bar's guess at the run's length, per run."""
        self.endpoints: list[int | None] = [None, None]
        """Solver start and goal picked with the mouse (None: entrance / exit)."""
        self.edits = HandEdits(host, self.run, self.endpoints)
        """Hand edits of the finished maze (walls, cells, endpoints), undo and redo, the re-solve."""
        self.racing = False
        """True while End races the run to its finish at instant speed."""
        self._caught_up = True
        """False while the teaching panel is still catching up with the run."""
        self.read_for_keys = False
        """True while the narration reads on for a key that needed it (``_wait_for_reading``)."""
        self.teacher = Teacher(self.run)
        self._teaching: Memo[TeachingView] = Memo()
        """The last teaching view, keyed by what it was built from."""
        self.explain: bool | None = None
        """Explanations forced on or off with E; None: shown when paused or slow."""
        self.until: Breakpoint | None = None
        """Running to a breakpoint (L) or the next phase (PgDn)."""
        self.bookmarks: list[int] = []
        """Moments marked with F6 (``app.bookmarks``), for this recipe: a new recipe clears them."""
        self.quiz: Quiz | None = None
        """K: the quiz (None: off); it moves the run itself, a step per question."""
        self.quiz_every = 1 if quiz is None else quiz
        """When the quiz asks: every k steps (0: at decision points); ``--quiz`` and Shift+K set it."""
        self._last_quiz: Quiz | None = None
        """The quiz K ended last (Ctrl+K can still save its summary)."""
        self._quiz_over_said = False
        if quiz is not None:
            self.start_quiz()

    # --- the run ------------------------------------------------------------------

    @property
    def spec(self) -> MazeSpec:
        return self.run.spec

    def restart(self, spec: MazeSpec | None = None) -> None:
        """Drop the running generator and start a new one (the same spec replays the same maze)."""
        if (spec or self.spec) != self.spec:
            self.bookmarks = []
        self.run = Run(spec or self.spec)
        self.credit = 0.0
        self.paused = False  # a new maze starts moving (R after End must not look like nothing happened)
        self.racing = False
        self.read_for_keys, self._caught_up = False, True  # (the old run's reading is not wanted)
        self.figures.forget_legend()
        self.endpoints = [None, None]
        animated, self.edits = self.edits.animated, HandEdits(self.host, self.run, self.endpoints)
        self.edits.animated = animated
        self.teacher = Teacher(self.run)
        self.until = None

    def new_seed(self) -> None:
        self.restart(self.spec.with_(seed=random_seed()))

    def toggle_pause(self) -> None:
        if self.quiz is not None:
            self.host.message("The quiz moves the run: answer (Right shows the step unanswered, K ends the quiz)")
            return
        self.paused = not self.paused
        self.racing = False
        self.until = None

    def change_speed(self, steps: int) -> None:
        self.speed = next_speed(self.speed, steps)
        self.credit = 0.0

    def choose_algorithm(self, name: str) -> None:
        info = ALGORITHMS[name]
        if not info.supports(self.run.grid):
            hint = "" if self.spec.mask is not None else " (G switches the grid)"
            self.host.message(info.unsupported_message(self.run.grid).replace("algorithm ", "", 1) + hint)
            return
        self.restart(self.spec.with_(algorithm=name, params={}))
        self.host.message(f"{info.title}: {info.description.split(': ', 1)[-1]} "
                          f"{known_for(self.spec)}", 8.0, yields=True)  # it must not crowd the pseudocode

    def choose_algorithm_number(self, press: KeyPress) -> None:
        """1..9, 0 = tenth; with Shift 11..20 (the rest are reached with Tab)."""
        index = number_choice(press)
        names = list(ALGORITHMS)
        if index is not None and index < len(names):
            self.choose_algorithm(names[index])

    def cycle_algorithm(self, step: int) -> None:
        name = next_algorithm(self.spec.algorithm, self.run.grid, step)
        if name is not None:
            self.choose_algorithm(name)

    def cycle_grid(self) -> None:
        """G: the next registered grid shape this algorithm runs on (that takes the mask, if any).
        A masked maze keeps its width and takes the rows that keep the mask's shape on the new grid."""
        spec = next_grid(self.spec, [self.spec.info], self.host.view_aspect())
        if spec is None:
            self.host.message(f"{self.spec.algorithm} runs on {' and '.join(self.spec.info.grid_names)} grids only")
            return
        self.restart_or_say(spec)

    def resize_maze(self, step: int) -> None:
        spec = resized_or_say(self.host, self.spec, step)
        if spec is not None:
            self.restart_or_say(spec)

    def restart_or_say(self, spec: MazeSpec) -> None:
        """Restart with ``spec``, or say in one line why it cannot be (a mask that leaves no cells)."""
        try:
            spec.check()
        except ValueError as err:
            self.host.message(str(err))
            return
        self.restart(spec)

    def toggle_explain(self) -> None:
        """E shows the teaching panel even over M's figures (they make way: the teacher asked for
        the words), or hides it."""
        if self.quiz is not None:  # the quiz asks in the teaching panel: it stays
            self.host.message("The quiz asks in the explanations: they stay while it runs (K ends the quiz)")
            return
        if self.show_metrics:
            self.show_metrics = False
            self.explain = True
            self.host.message("Explanations on, in place of the figures: M shows the figures again")
            return
        self.explain = not self.explaining
        self.host.message("Explanations " + ("on: E hides them" if self.explain else "off: E shows them"))

    def save_narration(self) -> None:
        """Ctrl+E: what the class watched, step by step, as a Markdown file."""
        self.host.message(save_narration(self.run), 8.0)

    # --- the quiz -------------------------------------------------------------------

    @property
    def explaining(self) -> bool:
        """True when the teaching panel shows: asked for with E, or (unasked) paused or slow."""
        if self.quiz is not None:
            return True  # the questions are asked in the teaching panel
        if self.show_metrics:
            return False  # M asked for the figures
        if self.explain is not None:
            return self.explain
        return self.paused or self.speed <= EXPLAIN_BELOW

    def jump(self, direction: int) -> None:
        """Home: the empty grid; End: the finished maze. When the end is not known yet the run
        races there at instant speed, frame by frame, so every key still answers on the way."""
        self.paused = True
        self.racing = False
        self.until = None
        if direction > 0 and self.run.stage == SOLVING:
            self.run.step(1 << 30)  # End during a solve: the finished solve
            return
        if direction > 0 and self.run.stage == DONE and self.run.solver is not None:
            self.host.message("Already at the end: the maze is solved (Home goes back to the start)")
            return  # the end of a solve is the end: going to the maze's end would wipe the solution
        if direction < 0:
            self.run.seek(0)
        elif self.run.total is not None:
            self.run.seek(self.run.total)
        elif not self.run.finished:
            self.racing, self.paused = True, False
            self.host.message("Finishing the maze...")

    def seek(self, position: int) -> None:
        self.paused = True
        self.until = None
        self.run.seek(max(0, position))

    def toggle_solve(self) -> None:
        if self.run.stage == SOLVING or self.run.overlay.path_length or self.run.overlay.searched:
            self.run.clear_solution()
            self.edits.cancel_resolve()
            return
        self.start_solver()

    def start_solver(self, report: bool = True) -> None:
        """Solve from the entrance; ``report`` False keeps the message up (a slide's caption)."""
        self.until = None
        self.edits.cancel_resolve()
        start, goal = self.endpoints
        self.run.solve(self.solver, start=start, goal=goal)
        self._solution_reported = not report
        self.paused = False

    def cycle_solver(self, step: int) -> None:
        self.solver = next_solver(self.host, self.solver, step)
        if self.run.solver is not None:
            self.start_solver()

    def cycle_braid(self) -> None:
        """B: restart with more loops (0 -> 25 -> 50 -> 100 -> 0 percent of dead ends opened)."""
        current = int(self.spec.params.get("braid", 0))
        steps = [s for s in BRAID_STEPS if s > current]
        braid = steps[0] if steps else 0
        params = {k: v for k, v in self.spec.params.items() if k != "braid"}
        if braid:
            params["braid"] = braid
        self.restart(self.spec.with_(params=params))
        self.host.message(f"Braid {braid} %: " + ("a perfect maze" if not braid else "dead ends opened into loops"))

    # Each toggle says what it did, on or off: a message left from the one before misleads.

    def toggle_metrics(self) -> None:
        self.show_metrics = not self.show_metrics
        self.host.message("Figures on, in place of the explanations: E shows the explanations again"
                          if self.show_metrics else "Figures off (M shows them again)")

    def toggle_distance_map(self) -> None:
        self.distance_map = not self.distance_map
        self.figures.distance_stamp = -1.0
        self.host.message(f"Distance map: steps from {self.start_name()} (click a cell to measure from it)"
                          if self.distance_map else "Distance map off (D shows it again)")

    def toggle_longest(self) -> None:
        self.show_longest = not self.show_longest
        self.figures.distance_stamp = -1.0
        self.host.message("Longest path drawn: its length and ends are in the panel" if self.show_longest
                          else "Longest path off (F draws it again)")

    def start_name(self) -> str:
        """Where distances count from, in words: "the entrance" or the clicked cell."""
        start = self.endpoints[0]
        return "the entrance" if start is None else self.cell_name(start)

    def distance_start(self) -> int:
        start = self.endpoints[0]
        return self.run.maze.entrance[0] if start is None else start

    def compare(self) -> None:
        """C: this maze's grid, size and seed, built by it and three other algorithms side by side;
        an edited maze comes first, as edited, beside its recipe's own maze and two others."""
        editor = self.edits.editor
        if self.edits.edited and editor.done:
            edited = (self.run.maze.copy(), len(editor.done))
            self.host.open_scene("compare", spec=self.spec, speed=self.speed, edited=edited)
            self.host.message("Pane 1 is your edited maze, pane 2 the recipe's own: S solves them all", 8.0)
            return
        self.host.open_scene("compare", spec=self.spec, speed=self.speed)

    def open_lab(self) -> None:
        """U: the uniformity lab on a tiny grid of this maze's shape."""
        self.host.open_scene("lab", spec=self.spec)

    def quit(self) -> None:
        self.host.request_quit()

    def unsaved(self) -> list[str]:
        return self.unsaved_answers() + self.edits.unsaved()

    def cell_name(self, cell: int) -> str:
        return self.run.grid.cell_name(cell)

    # --- time ---------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return not (self.paused or self.run.idle)

    @property
    def unthrottled(self) -> bool:
        return (self.instant or self.racing) and self.busy

    @property
    def background(self) -> bool:
        return (self.run.wants_fill or self.edits.warm_pending
                or (not self._caught_up and (self.explaining or self.read_for_keys)))

    @property
    def instant(self) -> bool:
        return self.speed == INSTANT

    def advance(self, dt: float) -> None:
        """Pull as many events as the speed allows for ``dt`` seconds, within the frame budget;
        while paused or done, store the display snapshots instant mode skipped (a few ms a
        frame), so a later seek is as quick as any, and put back the marks of a position a seek
        reached without them (``Run.fill_snapshots``)."""
        if self.quiz is not None:
            self._quiz_frame()
        began = time.perf_counter()
        self.run.sweep()
        self.edits.settle(IDLE_TEACH_BUDGET)  # the perfect check first: the re-solve has what is left
        if self.edits.resolving:
            spent = time.perf_counter() - began
            self.edits.finish_resolve(max(RESOLVE_SHARE, self.host.work_budget(INSTANT_BUDGET) - spent))
        if self.until is not None and self.busy:
            self._run_until()
        elif self.busy:
            self._pull_events(dt)
        elif self.run.wants_fill:
            self.run.fill_snapshots(time.perf_counter() + IDLE_WORK)
        else:
            self.edits.warm()  # the parts counted once, before the first edit needs them
        if self.explaining or self.read_for_keys:  # idle, the panel may take a larger share of the frame
            self._caught_up = self.teacher.catch_up(time.perf_counter()
                                                    + (TEACH_BUDGET if self.busy else IDLE_TEACH_BUDGET))
            self.read_for_keys = self.read_for_keys and not self._caught_up
        self.report_solution()
        self.refresh_distances()
        self.own.tick(self.run, self.solver, self.reload_own, self.host.message)
        room = REPAINT_ROOM - (time.perf_counter() - began)  # the board paints what is fed after the work
        self.run.overlay.feed(max(REPAINT_CELLS, self.host.repaint_cells(room)))

    def reload_own(self) -> None:
        """The user's file was saved: run it again from the start (the same seed), solving again if it was."""
        solver = self.run.solver
        self.restart()
        if solver is not None:
            self.start_solver()

    def refresh_distances(self) -> None:
        """Keep the distance map and the longest path up to date with the maze (on a large growing
        maze at most so often: each costs a search of the whole maze)."""
        table = self.edits.table() if self.distance_map and self.run.finished else None
        graph = self.edits.graph() if table is not None else None
        self.figures.refresh(self.run, self.distance_start(), self.distance_map, self.show_longest, self.throttled(),
                             table, graph)

    def throttled(self) -> bool:
        """True while a large maze grows: its searches then wait for ``refresh_distances``'s turn."""
        return self.busy and self.run.grid.size > CHEAP_DISTANCE_CELLS

    def distances(self, fresh: bool = False) -> np.ndarray:
        """Steps from the distance map's start to every cell: computed once per maze and start, and
        while a large maze grows only when ``refresh_distances`` says (``fresh``); readers in
        between (the scale, the hover line) get the last map."""
        return self.figures.distances(self.run, self.distance_start(), fresh or not self.throttled())

    def longest(self, fresh: bool = False) -> LongestPath:
        """The longest path, with the same schedule as ``distances``."""
        return self.figures.longest(self.run, fresh or not self.throttled())

    def _run_until(self) -> None:
        """Towards the breakpoint (L) or the next phase (PgDn), a budget a frame; pauses there, or at the end."""
        assert self.until is not None
        hit = self.until.run_on(self.run, self.teacher)
        if hit is not None:
            self.until, self.paused = None, True
            if not hit:
                self.host.message("Reached the end")

    def _pull_events(self, dt: float) -> None:
        now = time.perf_counter()
        if self.racing and self.run.stage != SOLVING:
            self.run.step(1 << 30, deadline=now + self.host.work_budget(INSTANT_BUDGET), quiet=True)
            if self.run.finished:
                self.racing, self.paused = False, True
                self.host.message(f"Finished: {self.run.position:,} events")  # replaces "Finishing the maze..."
            return
        if self.instant:
            self.run.step(1 << 30, deadline=now + self.host.work_budget(INSTANT_BUDGET), quiet=True)
            return
        self.credit += self.speed * min(dt, 0.25)
        count = int(self.credit)
        if count:
            self.credit -= count
            self.run.step(count, deadline=now + FRAME_BUDGET)
            self.credit = min(self.credit, self.speed * 0.25)

    def repaint_interval(self) -> float:
        """Seconds the board may wait between repaints (instant mode repaints ten times a second)."""
        fast = self.instant or self.racing
        return INSTANT_PAINT_SECONDS if fast and self.busy and not self.run.finished else 0.0

    def report_solution(self) -> None:
        """Say once when a solver has finished, and plainly when it found no way out."""
        run = self.run
        if self._solution_reported or run.solution is None:
            return
        self._solution_reported = True
        name = SOLVERS[run.solver].title if run.solver else "The solver"
        if run.solution:
            self.host.message(f"{name}: path of {path_words(run)}, {run.overlay.searched:,} cells visited")
        elif not self.edits.goal_reachable():
            self.host.message(f"{name}: the goal cannot be reached from the start (cut off)", 6.0)
        else:
            self.host.message(f"{name} found no way out (it went round in circles)", 6.0)

    # --- what the shell shows -----------------------------------------------------

    def board_content(self) -> BoardContent:
        return BoardContent(self.run.grid, self.run.maze, self.run.overlay)

    def draw_on_board(self, surface: pygame.Surface, board, origin: tuple[int, int]) -> None:
        """Every endpoint in its own shape (entrance, exit, the solver's start and goal), the working
        data, the longest path."""
        draw_dear_ground(surface, board, origin, self.run.maze.weights, self.run.overlay.mark,
                         current_theme().colour(DEAREST))
        draw_annotations(surface, board, origin, self.annotations())
        if self.quiz is not None:
            draw_quiz(surface, board, origin, self.quiz)
        if self.show_longest:
            draw_longest_path(surface, board, origin, self.longest().cells)
        draw_endpoints(surface, board, origin, *self.edits.shown_ends())

    def automation_state(self, view: pygame.Rect) -> dict[str, Any]:
        """The quiz (its question's form and marked cells, the score; never the answer) and the
        edits (how many, whether the maze is still perfect, the path's length) for scripts."""
        run, quiz = self.run, self.quiz
        question = quiz.pending if quiz is not None else None
        state: dict[str, Any] = {
            "quiz": None if quiz is None else {
                "form": question.form if question else None, "focus": list(question.focus) if question else [],
                "selected": sorted(quiz.selection), "asked": quiz.asked, "right": quiz.right},
            "edits": len(self.edits.editor.done), "solution": None if run.solution is None else len(run.solution),
        }
        if self.edits.edited:
            state["perfect"] = self.edits.check().perfect
        return state

    def draw_key(self) -> Hashable:
        longest = self.longest().ends if self.show_longest else None
        quiz = (self.quiz.pending, tuple(sorted(self.quiz.selection))) if self.quiz is not None else None
        return self.edits.shown_ends(), self.annotations(), longest, quiz

    def colour_scale(self) -> ColourScale | None:
        if not self.distance_map:
            return None
        farthest = int(self.distances().max(initial=0))
        return ColourScale(f"Steps from {self.start_name()}", "0", f"{farthest:,}",
                           tuple((int(r), int(g), int(b)) for r, g, b in HEAT_COLOURS))

    def annotations(self) -> tuple:
        """The working data drawn over the board (Wilson's walk, the chamber...) while explaining."""
        own = tuple(self.own.annotations(self.run)) + self.edits.annotations()
        if not self.explaining or not self.teacher.caught_up:
            return own
        return tuple(self.teacher.annotations()) + own

    def pseudocode(self) -> tuple[str, ...]:
        """The generation's longest listing: its narrator's or a phase's, or the braid pass's when
        it braids (a solve's own listing scrolls where it is longer: sizing the strip for it would
        lay the board out again on S)."""
        narrator = self.spec.info.narrator
        if narrator is None:
            return ()
        codes = [narrator.longest_code()] + ([BraidNarrator.code] if self.spec.params.get("braid") else [])
        return max(codes, key=len).texts

    def teaching(self) -> TeachingView | None:
        if not self.explaining:
            return None
        if not self.teacher.caught_up:
            share = self.teacher.generation.position / max(1, self.run.position)
            return TeachingView(self.spec.info.title, "", f"Catching up with the run: {share:.0%}", (), "", (), -1,
                                (), "", ())
        status = self.teaching_status()
        key = (id(self.teacher), self.teacher.generation.position, self.run.solver_events, self.run.solves, status)
        view = self._teaching.get(key, lambda: self.teacher.view(status))  # asked for several times a frame
        return view if self.quiz is None else quiz_view(view, self.quiz, self.cell_name)

    def teaching_status(self) -> str:
        run = self.run
        events = f"solver event {run.solver_events:,}" if run.solver is not None else f"event {events_text(run)}"
        state = "stopped" if self.own.stopped_state(run) else state_word(run, self.paused)
        return f"Step {self.teacher.narration.steps:,} · {events} · {state} · {speed_label(self.speed)}"

    def metrics(self) -> Metrics:
        return self.figures.metrics(self.run)

    def extra_panel(self) -> tuple[str, list[tuple[str, str]]] | None:
        if not self.show_metrics:
            return None
        return "Metrics" + ("" if self.run.finished else " (so far)"), self.metrics().rows()

    def bar_chart(self) -> tuple[str, dict[str, int]] | None:
        """The dead-end direction histogram under the metrics (what exposes a biased algorithm)."""
        if not self.show_metrics:
            return None
        return "Dead ends open toward", self.metrics().dead_end_directions

    def hint(self) -> str:
        return self.quiz_hint() or f"H help   {self.space_hint()}Right step   E explain   S solve   P play"

    def space_hint(self) -> str:
        """What Space does now, for the key hint: pause, resume, or nothing once all has run."""
        if self.run.idle:
            return ""
        return "Space resume   " if self.paused else "Space pause   "

    def recipe(self) -> MazeSpec:
        return self.spec

    def timeline(self) -> TimelineView:
        run = self.run
        return TimelineView(run.position, run.recorded, run.total, list(run.phase_marks), self.estimated_total(),
                            list(self.bookmarks))

    def estimated_total(self) -> int:
        """While the run's length is unknown, the scrub bar's scale: the events the same recipe
        takes on a small grid, scaled to this one (the true length replaces it at the end)."""
        run = self.run
        if run.total is not None:
            return run.total
        estimate = self._estimate.get(id(run), lambda: estimate_events(self.spec, run.grid.size))
        return max(estimate, run.recorded + 1)
