"""The compare scene: 2 to 4 algorithms build the same maze (grid, size, seed) side by side.

Two ways to pace them. **Lockstep**: every pane applies the same number of events each frame, so a
pane that needs fewer events to finish finishes first. **Race**: every pane gets the same time. The
generators are first timed in the background (each run whole, without drawing, a few times on
small mazes, keeping the fastest), then the race is replayed slowed down to watchable speed: after
t seconds of race time a pane shows as many events as its generator produced in t seconds. The
order they finish in and their events per second are measured, not made up.

Each pane is a :class:`~visualizer.run.session.Run` drawn on its own :class:`~visualizer.render.board.Board`,
with a small panel under it: events, dead ends, longest path, solution. When every pane is done the
extremes are highlighted and the shell's panel sums them up.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable

import pygame

from ...core.maze import Maze
from ...core.narration import plural
from ...render.palette import ACCENT, BACKGROUND, PANEL, TEXT, TEXT_DIM
from ...render.styles import LEGEND_ORDER, visible_legend
from ...run.session import SOLVING
from ...run.spec import MazeSpec, random_seed
from ...solvers import SOLVERS
from .. import text
from ..compare_panes import MAX_PANES, METRICS_SECONDS, Pane, PaneLayout, default_specs, edited_pane, pane_layouts
from ..keys import COMPARE_KEYS, KeyPress, digit_of
from ..memo import Memo
from ..own_file import stopped_rows
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
from ..race_timing import Timing
from ..scene import Host, Scene

DUNGEON_SUMMARY = (("Floor", "floor_pct", "{:.1f}\u00a0%"), ("Rooms", "rooms", "{:.0f}"), ("Loops", "loops", "{:.0f}"),
                   ("Room to room", "room_span", "{:.0f}\u00a0steps"))
"""(label, ``DungeonFigures.numbers`` key, format) of the dungeon figures the summary compares."""
FRAME_BUDGET = 0.012
"""Seconds of generator work per frame, shared by the panes."""
FIGURE_LABELS = ("Events", "Dead ends", "Longest", "Solution")
"""The figures under each pane, in their order."""
FIGURES = len(FIGURE_LABELS)
MIN_BOARD_LINES = 6
"""A pane's board keeps at least this many text lines of height when its figures take a line each."""
FIRST_CHUNK = 256
"""Events each pane takes twice in the first frame at instant (untimed, then timed), before their
costs per event are known."""
TIMING_BUDGET = 0.03
"""Seconds a frame spends timing the generators before a race."""
RACE_SECONDS = 10.0
"""At the default speed the slowest generator's race takes this long to watch."""
LOW, HIGH = (230, 159, 0), ACCENT
"""Colours of the smallest and largest value of a figure once every pane is done."""
ORDINALS = ("1st", "2nd", "3rd", "4th")
UNTIL_FINISHED = "at end"
"""A figure of the whole maze while the pane is still carving it: it comes at the end."""
WIDEST_VALUES = (UNTIL_FINISHED, "88.8\u00a0%", "888,888")
"""The widest values a pane's figures show at the sizes panes hold (``pairs_fit``)."""


class CompareScene(Scene):
    """2 to 4 panes, one per recipe, paced together."""

    name = "compare"
    keys = COMPARE_KEYS

    def __init__(self, host: Host, spec: MazeSpec, specs: list[MazeSpec] | None = None, race: bool = False,
                 speed: float | None = None, edited: tuple[Maze, int] | None = None) -> None:
        super().__init__(host)
        self.edited = edited
        """The watch scene's maze as the student edited it (or a file's) and its edit count: shown
        whole in pane 1, beside the recipe's own maze and others, all solved alike with S."""
        specs = specs or default_specs(spec)[:MAX_PANES - self.offset]
        if not 2 <= len(specs) + self.offset <= MAX_PANES:
            raise ValueError(f"compare takes 2 to {MAX_PANES} algorithms, got {len(specs)}")
        self.specs = specs
        self.speed = DEFAULT_SPEED if speed is None else speed
        self.race = race
        self.paused = False
        self.credit = 0.0
        self.selected = 0
        """The pane that Tab changes (chosen with 1 to 4)."""
        self.solver = DEFAULT_SOLVER
        self.solve_when_built = False
        """True: every pane solves with ``solver`` once all the mazes are built (a lesson slide
        that shows the solution: the class watches the generators, then the paths)."""
        self.panes: list[Pane] = []
        self.timings: list[Timing] = []
        self.race_clock = 0.0
        self.finish_count = 0
        self._findings_said: set[int] = set()
        """The runs (by id) whose checker finding the message line has said."""
        self._legend: Memo[list[str]] = Memo()
        """The legend keys of the last legend scan, keyed by the panes' state."""
        self.restart()

    # --- setting up -------------------------------------------------------------------

    @property
    def offset(self) -> int:
        """1 when pane 1 is the edited maze (the recipes' panes come after it), else 0."""
        return 0 if self.edited is None else 1

    @property
    def built(self) -> list[Pane]:
        """The panes a generator builds (the edited maze's is given whole): what a race times."""
        return self.panes[self.offset:]

    def restart(self, specs: list[MazeSpec] | None = None) -> None:
        """New runs for every pane (the same recipes replay the same mazes; the edited maze is
        shown again as it was handed over)."""
        self.specs = specs or self.specs
        shown = [] if self.edited is None else [edited_pane(self.specs[0], *self.edited)]
        self.panes = shown + [Pane(spec) for spec in self.specs]
        self.credit = 0.0
        self.paused = False
        self.finish_count = 0
        self.race_clock = 0.0
        self.timings = [Timing(spec) for spec in self.specs] if self.race else []

    def replace_all(self, **changes: object) -> None:
        """Every pane's recipe changed alike, or a one-line reason why not (a mask that leaves no cells)."""
        specs = [spec.with_(**changes) for spec in self.specs]
        try:
            specs[0].check()
        except ValueError as err:
            self.host.message(str(err))
            return
        if self.edited is not None:
            self.edited = None
            self.host.message("The edited maze stays behind: a new grid, size or seed makes other mazes "
                              "(Esc goes back to it)", 8.0)
            specs = specs if len(specs) >= 2 else default_specs(specs[0])
        self.restart(specs)

    # --- keys -------------------------------------------------------------------------

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def toggle_pacing(self) -> None:
        """T: lockstep (equal events) <-> race (equal time). A race starts over: it times the generators."""
        self.race = not self.race
        self.restart()
        self.host.message("Race: every pane gets the same time (timing the generators first)" if self.race
                          else "Lockstep: every pane applies the same number of events each frame")

    def change_speed(self, steps: int) -> None:
        self.speed = next_speed(self.speed, steps)
        self.credit = 0.0

    def step_forward(self) -> None:
        """Right: pause, and one more event in every pane that is not done (in lockstep)."""
        self.paused = True
        if self.racing:
            self.host.message("Stepping is in lockstep: T switches from race to lockstep")
            return
        for pane in self.panes:
            if not pane.done:
                pane.run.step(1)
        self.note_finishes()

    def step_back(self) -> None:
        """Left: pause, and one event back in every pane that is still generating."""
        self.paused = True
        if self.racing:
            self.host.message("Stepping is in lockstep: T switches from race to lockstep")
            return
        for pane in self.panes:
            if pane.run.stage != SOLVING and pane.run.position > 0 and not pane.done:
                pane.run.seek(pane.run.position - 1)

    def choose_pane(self, press: KeyPress) -> None:
        """1 to 4: the pane that Tab gives another algorithm."""
        digit = digit_of(press.key)
        if digit is not None and 1 <= digit <= len(self.panes):
            self.selected = digit - 1
            self.host.message(f"Pane {digit}: {self.panes[self.selected].title} (Tab changes its algorithm)")

    def cycle_algorithm(self, step: int) -> None:
        """Tab: the chosen pane's next algorithm that runs on this grid."""
        if self.selected < self.offset:
            self.host.message("Pane 1 is the maze as edited: no algorithm builds it (2 to 4 pick another pane)")
            return
        current = self.specs[self.selected - self.offset]
        name = next_algorithm(current.algorithm, current.make_grid(), step)
        if name is not None:
            specs = list(self.specs)
            specs[self.selected - self.offset] = current.with_(algorithm=name, params={})
            self.restart(specs)

    def cycle_grid(self) -> None:
        """G: the next grid shape every pane's algorithm runs on (that takes the mask, if any)."""
        spec = next_grid(self.specs[0], (spec.info for spec in self.specs), self.host.view_aspect())
        if spec is None:
            self.host.message("Not every algorithm here runs on another grid (Tab changes a pane's algorithm)")
            return
        self.replace_all(grid=spec.grid, height=spec.height)

    def resize_maze(self, step: int) -> None:
        spec = resized_or_say(self.host, self.specs[0], step)
        if spec is not None:
            self.replace_all(width=spec.width, height=spec.height)

    def new_seed(self) -> None:
        self.replace_all(seed=random_seed())

    def toggle_solve(self) -> None:
        """S: every pane solves its own maze with the chosen solver (again: clear)."""
        if any(pane.run.solver is not None for pane in self.panes):
            for pane in self.panes:
                pane.run.clear_solution()
            return
        self.start_solvers()

    def start_solvers(self) -> None:
        for pane in self.panes:
            pane.run.solve(self.solver)
        self.paused = False

    def cycle_solver(self, step: int) -> None:
        self.solver = next_solver(self.host, self.solver, step)
        if any(pane.run.solver is not None for pane in self.panes):
            self.start_solvers()

    def leave_key(self) -> None:
        self.host.close_scene()

    # --- time -------------------------------------------------------------------------

    @property
    def racing(self) -> bool:
        """True while panes are paced by time (a race of the generations; solving is always lockstep)."""
        return self.race and not all(pane.run.finished for pane in self.panes)

    @property
    def timing(self) -> bool:
        return self.racing and not all(t.done for t in self.timings)

    @property
    def busy(self) -> bool:
        return not self.paused and not all(pane.done for pane in self.panes)

    def advance(self, dt: float) -> None:
        if self.paused:
            return
        if self.timing:
            deadline = time.perf_counter() + TIMING_BUDGET
            for t in self.timings:
                t.work(deadline)
        elif self.racing:
            self.advance_race(dt)
        else:
            self.advance_lockstep(dt)
        self.note_finishes()

    def advance_lockstep(self, dt: float) -> None:
        """The same number of events for every pane that is not done."""
        moving = [pane for pane in self.panes if not pane.done]
        if self.speed == INSTANT:
            self.advance_instant(moving)
            return
        self.credit += self.speed * min(dt, 0.25)
        count = int(self.credit)
        self.credit -= count
        for pane in moving if count else ():
            pane.run.step(count)

    def advance_instant(self, moving: list[Pane]) -> None:
        """As many events as the frame's work budget holds, the same for every pane: the panes' costs
        per event, measured as they go, say how many (drawing then takes about 15 % of the time,
        and a key is still answered within a frame). Quiet, as the watch scene is at instant: nobody
        can see a generator's annotations at that speed."""
        if not moving:
            return
        if not all(pane.event_cost for pane in moving):  # a generator's first events carry its set-up
            for pane in moving:                            # (Kruskal shuffles every wall): not timed
                pane.run.step(FIRST_CHUNK, quiet=True)
            moving = [pane for pane in moving if not pane.done]
        budget = self.host.work_budget(INSTANT_BUDGET)
        costs = sum(pane.event_cost for pane in moving)
        count = max(1, int(budget / costs)) if costs > 0 else FIRST_CHUNK
        for pane in moving:
            start = time.perf_counter()
            applied = pane.run.step(count, quiet=True)
            if applied:
                pane.event_cost = (time.perf_counter() - start) / applied

    def race_scale(self) -> float:
        """Race seconds per wall second: the slowest generator takes RACE_SECONDS at the default speed."""
        if self.speed == INSTANT:
            return float("inf")
        slowest = max(t.seconds for t in self.timings)
        return slowest / RACE_SECONDS * self.speed / DEFAULT_SPEED

    def advance_race(self, dt: float) -> None:
        """Each pane shows the events its generator made in the race time so far."""
        scale = self.race_scale()
        self.race_clock = math.inf if math.isinf(scale) else self.race_clock + min(dt, 0.25) * scale
        deadline = time.perf_counter() + FRAME_BUDGET
        # The fastest first: when the frame's budget runs out, the panes left behind are the slow ones.
        for pane, t in sorted(zip(self.built, self.timings), key=lambda pair: pair[1].seconds):
            if pane.run.finished:
                continue
            share = min(1.0, self.race_clock / t.seconds)
            target = t.events if share >= 1 else int(t.events * share)
            if target > pane.run.position or share >= 1:  # at its total, one more step finds the end
                pane.run.step(max(1, target - pane.run.position), deadline=deadline, quiet=self.speed == INSTANT)

    def note_finishes(self) -> None:
        """Give each pane that just completed its maze its place in the finishing order."""
        self.say_findings()
        if self.solve_when_built and all(pane.run.finished for pane in self.panes):
            self.solve_when_built = False
            self.start_solvers()
        new = [pane for pane in self.built
               if pane.run.finished and pane.finished_at is None and pane.finding is None]
        if self.race and self.timings and all(t.done for t in self.timings):
            # a race's places are its measured times, whatever frame shows them (once all are timed:
            # S solves, finishing every maze, even while the generators are still being timed)
            for pane in new:
                pane.finished_at = self.race_place(pane)
            self.finish_count += len(new)
            return
        for pane in sorted(new, key=lambda p: p.run.position):  # finished in one frame: fewer events first
            pane.finished_at = self.finish_count
            self.finish_count += 1

    def say_findings(self) -> None:
        """Once per pane: the checker's sentence for a student's file it stopped (the pane keeps
        the maze as far as it got, and takes no place in the finishing order)."""
        for number, pane in enumerate(self.panes, start=1):
            finding = pane.finding
            if finding is not None and id(pane.run) not in self._findings_said:
                self._findings_said.add(id(pane.run))
                self.host.message(f"Pane {number}, {pane.title}: stopped at {finding.message}", 12.0)

    def race_place(self, pane: Pane) -> int:
        """0 for the fastest measured generator (ties keep the panes' order)."""
        i = self.built.index(pane)
        mine = self.timings[i].seconds
        return sum(1 for k, t in enumerate(self.timings) if t.seconds < mine or (t.seconds == mine and k < i))

    # --- what the shell shows -----------------------------------------------------------

    def draw_key(self) -> Hashable:
        return tuple((pane.run.applied, pane.finished_at, id(pane.run)) for pane in self.panes), self.selected, \
            self.paused, self.race

    def draw_on_screen(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        size = self.pane_text_size(surface)
        surface.fill(BACKGROUND, view)
        extremes = self.extremes()
        now = time.perf_counter()
        layouts = self.pane_layouts(surface, view)
        columns = self.figure_columns(layouts, size)
        short = self.short_labels(layouts[0].figures.width // columns if layouts else 0, size, now)
        for i, (pane, layout) in enumerate(zip(self.panes, layouts)):
            self.draw_title(surface, pane, i, layout.title, size)
            board = pane.paint(layout.board.size, self.paint_due(pane, now))
            surface.blit(board, layout.board.topleft)
            self.draw_figures(surface, pane, layout.figures, size, extremes, now, short, columns)

    def paint_due(self, pane: Pane, now: float) -> bool:
        """Whether ``pane``'s board is repainted this frame: always, but at instant while it is still
        being made, INSTANT_PAINT_SECONDS after its last repaint (as the watch scene's board; a pane's
        repaint every frame was a quarter of the panes' time)."""
        filling = self.speed == INSTANT and self.busy and not pane.run.finished
        return not filling or now - pane.painted_at >= INSTANT_PAINT_SECONDS

    def short_labels(self, half: int, size: int, now: float) -> set[str]:
        """The figure labels shortened to four letters, decided for every pane at once (the widest
        value of each figure decides) so one figure reads the same in all the panes."""
        font = text.font(size, True)
        label_font = text.font(size)
        widest: dict[str, int] = {}
        for pane in self.panes:
            for label, value, _ in self.figures(pane, now):
                widest[label] = max(widest.get(label, 0), font.size(value)[0])
        return {label for label, width in widest.items()
                if label_font.size(label)[0] + width + size // 2 > half - 6}

    def badge_box(self, place: str, rect: pygame.Rect, size: int) -> pygame.Rect:
        """Where a pane's place badge goes: the right end of the title's last line."""
        width, height = text.font(size, True).size(place)
        box = pygame.Rect(0, 0, width + 8, height + 2)
        box.bottomright = rect.bottomright
        return box

    def title_parts(self, pane: Pane, index: int, rect: pygame.Rect, size: int) -> tuple[str, pygame.Rect,
                                                                                         str, pygame.Rect | None]:
        """(name, its rect, badge, its rect or None): the pane's number and algorithm, and its place
        once it has finished at the right end of the title (beside or under the name, never over
        the board: a disc's rim reaches the corners' edges)."""
        font = text.font(size, True)
        place = self.place_text(pane)
        box = self.badge_box(place, rect, size) if place else None
        two_lines = rect.height >= 2 * self.line_for(size)
        room = rect.width if box is None or two_lines else max(1, box.left - rect.left - size // 2)
        label = f"{index + 1}  {pane.title}"
        shown = label if font.size(label)[0] <= room else self.shorten(label, size, room)
        return shown, pygame.Rect(rect.topleft, font.size(shown)), place, box

    def title_lines(self, width: int, size: int) -> int:
        """2 when some pane's name and place badge do not both fit whole on one line of ``width``."""
        font = text.font(size, True)
        for index, pane in enumerate(self.panes):
            place = self.place_text(pane)
            if place and font.size(f"{index + 1}  {pane.title}")[0] + size // 2 + font.size(place)[0] + 8 > width:
                return 2
        return 1

    def draw_title(self, surface: pygame.Surface, pane: Pane, index: int, rect: pygame.Rect, size: int) -> None:
        colour = ACCENT if index == self.selected else TEXT
        shown, where, place, box = self.title_parts(pane, index, rect, size)
        if box is not None:
            tag = text.rendered(place, size, BACKGROUND, True)
            pygame.draw.rect(surface, ACCENT, box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
        surface.blit(text.rendered(shown, size, colour, True), where.topleft)

    @staticmethod
    def shorten(label: str, size: int, width: int) -> str:
        """The label cut to fit ``width`` with an ellipsis."""
        font = text.font(size, True)
        while label and font.size(label + "…")[0] > width:
            label = label[:-1]
        return label + "…"

    def figures(self, pane: Pane, now: float) -> list[tuple[str, str, float]]:
        """(label, value, number) of the pane's figures, the number for finding extremes."""
        made = pane.run.position  # the generator's events: a solve after it (S) adds its own, not these
        events = ("Events", f"{made:,}", float(made)) if pane.given is None else \
            ("Events", "edited", math.nan)  # no generator made it: nothing to count
        if pane.finding is not None:  # the checker stopped it: a half-made maze has no figures
            return [events, *((label, "stopped", math.nan) for label in FIGURE_LABELS[1:])]
        if not pane.run.finished:  # a half-carved maze's dead ends and longest path mean nothing yet
            return [events, *((label, UNTIL_FINISHED, math.nan) for label in FIGURE_LABELS[1:])]
        m = pane.metrics(now, self.busy)
        return [events,
                ("Dead ends", f"{m.dead_ends:.1f}\u00a0%", m.dead_ends),  # a no-break space: "8.8 %" stays whole
                ("Longest", f"{m.longest_path:.0f}\u00a0%", m.longest_path),
                ("Solution", f"{m.solution:,}" if m.solution else "-", float(m.solution))]

    def draw_figures(self, surface: pygame.Surface, pane: Pane, rect: pygame.Rect, size: int,
                     extremes: dict[str, tuple[float, float]], now: float, short: set[str], columns: int = 2) -> None:
        pygame.draw.rect(surface, PANEL, rect, border_radius=4)
        half = rect.width // columns
        line = rect.height // (FIGURES // columns)
        for k, (label, value, number) in enumerate(self.figures(pane, now)):
            x, y = rect.left + 4 + (k % columns) * half, rect.top + (k // columns) * line + 1
            colour = TEXT
            if label in extremes:
                low, high = extremes[label]
                colour = HIGH if number == high else LOW if number == low else TEXT
            label_s = text.rendered(label[:4] if label in short else label, size, TEXT_DIM)
            value_s = text.rendered(value, size, colour, colour != TEXT)
            surface.blit(label_s, (x, y))
            surface.blit(value_s, (x + half - 8 - value_s.get_width(), y))

    def place_text(self, pane: Pane) -> str:
        """The pane's finishing place and, in a race, its measured speed."""
        if pane.given is not None:
            return "as edited"
        if pane.finding is not None:
            return "stopped by the checker"
        words = []
        if pane.finished_at is not None:
            words.append(ORDINALS[pane.finished_at])
        if self.race and self.timings and all(t.done for t in self.timings):
            timing = self.timings[self.built.index(pane)]
            words.append(f"{timing.events / timing.seconds:,.0f} events/s")
        return "  ".join(words)

    def extremes(self) -> dict[str, tuple[float, float]]:
        """Once every pane is done: each figure's smallest and largest value (to highlight them)."""
        if not all(pane.done for pane in self.panes):
            return {}
        now = time.perf_counter()
        table = [self.figures(pane, now) for pane in self.panes]
        out = {}
        for k, (label, _, _) in enumerate(table[0]):
            values = [row[k][2] for row in table if not math.isnan(row[k][2])]
            if values and min(values) != max(values):
                out[label] = (min(values), max(values))
        return out

    def panel_lines(self) -> list[tuple[str, str]]:
        spec = self.specs[0]
        lines = [
            ("Compare", f"{len(self.panes)} algorithms" if self.edited is None
             else f"the edited maze and {plural(len(self.specs), 'recipe')}"),
            ("Pacing", "race: same time each" if self.race else "lockstep: same events each"),
            ("Grid", spec.shape_words(self.panes[0].run.grid if self.panes else None)),
            ("Seed", str(spec.seed)),
            ("Speed", self.speed_text()),
            ("Solver", SOLVERS[self.solver].title),
            ("State", self.state_word()),
        ]
        return lines + self.summary_lines() + stopped_rows([pane.run for pane in self.panes])

    def speed_text(self) -> str:
        if self.race and self.speed != INSTANT:
            if self.timing or not self.timings:
                return "race (timing first)"
            return f"race time slowed {1 / max(self.race_scale(), 1e-12):,.0f} times (+ / - change it)"
        return speed_label(self.speed)

    def state_word(self) -> str:
        if self.timing:
            done = sum(t.done for t in self.timings)
            return f"timing the generators ({done} of {len(self.timings)})"
        if all(pane.done for pane in self.panes):
            return "all done"
        return "paused" if self.paused else ("solving" if any(p.run.stage == SOLVING for p in self.panes)
                                             else "running")

    def summary_lines(self) -> list[tuple[str, str]]:
        """When every pane is done: who had the most and the fewest of each figure (each "most 36 %
        (2)" joined by no-break spaces, so a line wraps between the two, never inside one)."""
        if not all(pane.done for pane in self.panes):
            return []
        now = time.perf_counter()
        rows = [("Highlights", "blue: most, orange: fewest")]
        for k, label in enumerate(FIGURE_LABELS):
            values = [(figure, pane) for pane in self.panes
                      if not math.isnan((figure := self.figures(pane, now)[k])[2])]  # not the edited pane's events
            (low_fig, low_pane), (high_fig, high_pane) = (min(values, key=lambda v: v[0][2]),
                                                        max(values, key=lambda v: v[0][2]))
            if low_fig[2] == high_fig[2]:
                rows.append((label, f"all {low_fig[1]}"))
            else:
                rows.append((label, f"most\u00a0{high_fig[1]}\u00a0({self.panes.index(high_pane) + 1}), "
                                    f"fewest\u00a0{low_fig[1]}\u00a0({self.panes.index(low_pane) + 1})"))
        return rows + self.dungeon_lines(now)

    def dungeon_lines(self, now: float) -> list[tuple[str, str]]:
        """Once every pane is done, for the panes whose maps leave rock: the most and the fewest of
        each dungeon figure, by pane number (none when no pane is a dungeon)."""
        figures = [(number, m.dungeon) for number, pane in enumerate(self.panes, 1)
                   if (m := pane.metrics(now, self.busy)).dungeon is not None]
        rows = []
        for label, key, shown in DUNGEON_SUMMARY:
            values = [(float(dungeon.numbers()[key]), number) for number, dungeon in figures]
            if not values:
                break
            (low, low_n), (high, high_n) = min(values), max(values)
            if low == high:
                rows.append((label, f"all\u00a0{shown.format(low)}"))
            else:
                rows.append((label, f"most\u00a0{shown.format(high)}\u00a0({high_n}), "
                                    f"fewest\u00a0{shown.format(low)}\u00a0({low_n})"))
        return rows

    def legend_keys(self) -> list[str]:
        """The colours on any pane now, in the legend's order. Every cell of every pane is scanned,
        so while they move this happens at most every METRICS_SECONDS (the panel asks each frame)."""
        state = tuple((id(pane.run), pane.run.applied) for pane in self.panes)
        memo = self._legend
        may = not self.busy or time.perf_counter() - memo.computed_at >= METRICS_SECONDS or not memo.last
        return memo.get(state, self.scan_legend, may)

    def scan_legend(self) -> list[str]:
        shown = set()
        for pane in self.panes:
            shown.update(visible_legend(pane.run.maze, pane.run.overlay))
        return [key for key in LEGEND_ORDER if key in shown]

    def hint(self) -> str:
        return "H help   Space pause   T lockstep / race   S solve   Esc back"

    def recipe(self) -> MazeSpec:
        return self.specs[0]

    def pane_layouts(self, surface: pygame.Surface, view: pygame.Rect) -> list[PaneLayout]:
        """The panes' places; a figure a line when two side by side would cut a label short ("Dead"
        for "Dead ends" read as nothing) and the boards keep MIN_BOARD_LINES lines of height."""
        line, size = self.line_height(surface), self.pane_text_size(surface)
        layouts = pane_layouts(view, len(self.panes), line)
        lines = self.title_lines(layouts[0].title.width, size) if layouts else 1
        if lines > 1:
            layouts = pane_layouts(view, len(self.panes), line, lines)
        if layouts and not self.pairs_fit(layouts[0].figures.width // 2, size):
            tall = pane_layouts(view, len(self.panes), line, lines, FIGURES)
            if tall[0].board.height >= MIN_BOARD_LINES * line:
                return tall
        return layouts

    @staticmethod
    def pairs_fit(half: int, size: int) -> bool:
        """Whether every figure's label beside the widest value a figure shows fits half a pane's
        width (the room ``short_labels`` leaves): decided from the words, not the values of the
        moment, so the boards are not laid out again as the counts grow."""
        font, label_font = text.font(size, True), text.font(size)
        widest = max(font.size(value)[0] for value in WIDEST_VALUES)
        return all(label_font.size(label)[0] + widest + size // 2 <= half - 6 for label in FIGURE_LABELS)

    @staticmethod
    def figure_columns(layouts: list[PaneLayout], size: int) -> int:
        """Figures a line of a pane's figures: as many as its layout has room for."""
        return 1 if layouts and layouts[0].figures.height >= FIGURES * CompareScene.line_for(size) else 2

    @staticmethod
    def pane_text_size(surface: pygame.Surface) -> int:
        """The panes' titles and figures: a little smaller than the panel's text."""
        return max(11, text.base_size(surface.get_height()) - 3)

    def line_height(self, surface: pygame.Surface) -> int:
        return self.line_for(self.pane_text_size(surface))

    @staticmethod
    def line_for(size: int) -> int:
        return int(size * 1.35)

    def automation_state(self, view: pygame.Rect) -> dict[str, object]:
        surface = pygame.display.get_surface()
        if surface is None:
            return {}
        return {"panes": [{"title": list(layout.title), "board": list(layout.board), "figures": list(layout.figures),
                           "events": pane.events, "done": pane.done, "algorithm": pane.spec.algorithm}
                          for pane, layout in zip(self.panes, self.pane_layouts(surface, view))]}

    def stage_counts(self) -> list[int]:
        """Events each pane has applied (what lockstep keeps equal)."""
        return [pane.events for pane in self.panes]
