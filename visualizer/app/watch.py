"""The visualizer window: a maze being generated, the HUD, the legend, and every key.

``App.frame(events, dt)`` is one frame: input, events pulled from the generator within the
speed setting and a time budget, dirty cells painted, HUD drawn. The loop in ``main.py`` calls it
at 60 frames a second; tests call it directly with posted keys.
"""

from __future__ import annotations

import math
import os
import time
from datetime import datetime
from pathlib import Path

import numpy as np
import pygame

from ..algorithms import ALGORITHMS
from ..events import Kind, describe
from ..fileio import write_atomic
from ..maze import CellState
from ..metrics import Metrics, measure
from ..render.board import Board
from ..render.image import surface_png
from ..render.palette import ACCENT, BACKGROUND, LEGEND, PANEL, TEXT, TEXT_DIM
from ..render.styles import visible_legend
from ..session import DONE, SOLVING, Run
from ..solvers import SOLVERS
from ..spec import MazeSpec, random_seed
from . import text
from .keys import PLAY_KEYS, WATCH_KEYS
from .play import PlayMode

INSTANT = math.inf
SPEEDS = (1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2000, 4000, 8000, 16000, 32000, INSTANT)
DEFAULT_SPEED = 120
FRAME_BUDGET = 0.010
"""Seconds of generator work per frame at a finite speed (the rest of the frame is for drawing)."""
INSTANT_BUDGET = 0.045
"""Seconds of generator work per frame in instant mode: fast, yet keys still answer at once."""
INSTANT_PAINT_SECONDS = 0.1
"""In instant mode the board is repainted at most this often (10 times a second) until it is done."""
SIZE_STEPS = (4, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50, 64, 80, 100, 128, 160, 200, 256)
TOAST_SECONDS = 4.0
BRAID_STEPS = (25, 50, 100)
DIGITS = {**{pygame.K_0 + d: d for d in range(10)}, **{pygame.K_KP0: 0},
          **{pygame.K_KP1 + d: d + 1 for d in range(9)}}
"""Number keys, main row and keypad, by the digit they type."""
LEGEND_SECONDS = 0.25
"""The legend scans every cell, so the panel refreshes it at most this often."""
MARGIN = 16

def speed_label(speed: float) -> str:
    return "instant" if speed == INSTANT else f"{speed:g} events/s"


def screenshot_dir() -> Path:
    """Where screenshots go: $MAZE_VISUALIZER_SCREENSHOTS, else ~/Pictures/maze-visualizer."""
    override = os.environ.get("MAZE_VISUALIZER_SCREENSHOTS")
    if override:
        return Path(override).expanduser()
    return Path.home() / "Pictures" / "maze-visualizer"


class App:
    """Watch mode: one generator run at a time, driven frame by frame."""

    def __init__(self, spec: MazeSpec, speed: float | None = None, screen: pygame.Surface | None = None) -> None:
        self.screen = screen or pygame.display.get_surface()
        self.speed = DEFAULT_SPEED if speed is None else speed
        self.paused = False
        self.show_help = False
        self.running = True
        self.clock_time = 0.0
        self.credit = 0.0
        self.fps = 0.0
        self.toast: tuple[str, float] | None = None
        self._legend: tuple[float, list[str]] = (-1.0, [])
        self.board: Board | None = None
        self.board_surface: pygame.Surface | None = None
        self.layout_dirty = True
        self.last_paint = time.perf_counter()
        """Wall-clock time of the last board repaint (instant mode repaints a few times a second)."""
        self.run = Run(spec)
        self.play: PlayMode | None = None
        self.solver = "bfs"
        self.show_metrics = False
        self._metrics: tuple[tuple[int, int], Metrics] | None = None
        self._solution_reported = True
        self.toast_message("Press H for help", 6.0)

    # --- state changes ------------------------------------------------------------

    @property
    def spec(self) -> MazeSpec:
        return self.run.spec

    def restart(self, spec: MazeSpec | None = None) -> None:
        """Drop the running generator and start a new one (the same spec replays the same maze)."""
        spec = spec or self.spec
        grid_changed = (spec.grid, spec.width, spec.height) != (self.spec.grid, self.spec.width, self.spec.height)
        self.run = Run(spec)
        self.credit = 0.0
        self._legend = (-1.0, [])
        if grid_changed:
            self.layout_dirty = True

    def toast_message(self, message: str, seconds: float = TOAST_SECONDS) -> None:
        self.toast = (message, self.clock_time + seconds)

    def change_speed(self, steps: int) -> None:
        if steps > 0:
            faster = [s for s in SPEEDS if s > self.speed]
            self.speed = faster[0] if faster else SPEEDS[-1]
        else:
            slower = [s for s in SPEEDS if s < self.speed]
            self.speed = slower[-1] if slower else SPEEDS[0]
        self.credit = 0.0

    def choose_algorithm(self, name: str) -> None:
        info = ALGORITHMS[name]
        spec = self.spec
        if not info.supports(spec.grid):
            self.toast_message(f"{name} runs on {' and '.join(info.grids)} grids only (G switches the grid)")
            return
        self.restart(spec.with_(algorithm=name, params={}))

    def cycle_algorithm(self, step: int) -> None:
        names = list(ALGORITHMS)
        i = names.index(self.spec.algorithm)
        for k in range(1, len(names) + 1):
            name = names[(i + step * k) % len(names)]
            if ALGORITHMS[name].supports(self.spec.grid):
                self.choose_algorithm(name)
                return

    def toggle_grid(self) -> None:
        kind = "hex" if self.spec.grid == "square" else "square"
        if not self.spec.info.supports(kind):
            self.toast_message(f"{self.spec.algorithm} runs on {' and '.join(self.spec.info.grids)} only")
            return
        self.restart(self.spec.with_(grid=kind, height=self.fitting_height(kind, self.spec.width)))

    def fitting_height(self, kind: str, width: int) -> int:
        """The height that fills the maze view at this width (so [ and ] keep the window full)."""
        view = self.view_rect()
        aspect = view.height / max(1, view.width)
        if kind == "hex":
            height = (1.5 * width + 0.5) * aspect / math.sqrt(3) - 0.5
        else:
            height = ((2 * width + 1) * aspect - 1) / 2
        return int(min(2000, max(1, round(height))))

    def resize_maze(self, step: int) -> None:
        width = self.spec.width
        options = [s for s in SIZE_STEPS if (s > width if step > 0 else s < width)]
        if not options:
            self.toast_message("That is the " + ("largest" if step > 0 else "smallest") + " size on the keys")
            return
        new_width = options[0] if step > 0 else options[-1]
        self.restart(self.spec.with_(width=new_width, height=self.fitting_height(self.spec.grid, new_width)))

    def step_once(self) -> None:
        self.paused = True
        if self.run.idle:
            self.toast_message("Finished: R restarts, N makes a new maze")
            return
        self.run.step(1)

    def step_back(self) -> None:
        """Left / comma: pause and undo the last generation event (a solution is cleared first)."""
        self.paused = True
        if self.run.solver is not None:
            self.run.clear_solution()
            return
        if self.run.generation_events == 0:
            self.toast_message("This is the start: nothing to step back to")
            return
        self.run = self.run.rewound(1)
        self.run.overlay.full_redraw = True

    def toggle_solve(self) -> None:
        if self.run.stage == SOLVING or self.run.overlay.path_length or self.run.overlay.searched:
            self.run.clear_solution()
            return
        self.run.solve(self.solver)
        self._solution_reported = False
        self.paused = False

    def cycle_solver(self, step: int) -> None:
        names = list(SOLVERS)
        self.solver = names[(names.index(self.solver) + step) % len(names)]
        self.toast_message(f"Solver: {SOLVERS[self.solver].description}")
        if self.run.solver is not None:
            self.run.solve(self.solver)
            self._solution_reported = False
            self.paused = False

    def cycle_braid(self) -> None:
        """B: restart with more loops (0 -> 25 -> 50 -> 100 -> 0 percent of dead ends opened)."""
        current = int(self.spec.params.get("braid", 0))
        steps = [s for s in BRAID_STEPS if s > current]
        braid = steps[0] if steps else 0
        params = {k: v for k, v in self.spec.params.items() if k != "braid"}
        if braid:
            params["braid"] = braid
        self.restart(self.spec.with_(params=params))
        self.toast_message(f"Braid {braid} %: " + ("a perfect maze" if not braid else "dead ends opened into loops"))

    def report_solution(self) -> None:
        """Say once when a solver has finished, and plainly when it found no way out."""
        run = self.run
        if self._solution_reported or run.solution is None:
            return
        self._solution_reported = True
        name = SOLVERS[run.solver].name if run.solver else "solver"
        if run.solution:
            self.toast_message(f"{name}: path of {len(run.solution):,} cells, {run.overlay.searched:,} cells visited")
        else:
            self.toast_message(f"{name} found no way out (it went round in circles)", 6.0)

    def metrics(self) -> Metrics:
        key = (id(self.run), self.run.generation_events)
        if self._metrics is None or self._metrics[0] != key:
            self._metrics = (key, measure(self.run.maze))
        return self._metrics[1]

    def save_screenshot(self) -> Path | None:
        folder = screenshot_dir()
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        spec = self.spec
        name = f"maze-{spec.algorithm}-{spec.grid}-{spec.size_text}-seed{spec.seed}-{stamp}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{name}.png"
            counter = 2
            while path.exists():
                path = folder / f"{name}-{counter}.png"
                counter += 1
            write_atomic(path, surface_png(self.screen))
        except (OSError, pygame.error) as err:
            self.toast_message(f"Screenshot failed: {getattr(err, 'strerror', None) or err}", 6.0)
            return None
        self.toast_message(f"Screenshot saved: {path}", 6.0)
        return path

    def enter_play(self, play: "PlayMode | None" = None) -> None:
        """Switch to play mode (P): the current maze, finished instantly if it was still growing."""
        self.play = play or PlayMode.from_current_maze(self)
        self.show_help = False

    def leave_play(self) -> None:
        """Back to watching; the game is saved so it can be continued."""
        if self.play is not None:
            self.play.leave()
            self.play = None
            self.run.overlay.full_redraw = True  # the board shows the run again (same shape: same layout)

    def scene(self):
        """``(grid, maze, overlay)`` of what the board shows, or None (play's start screen)."""
        if self.play is not None:
            if not self.play.ready:
                return None
            return self.play.game.maze.grid, self.play.game.maze, self.play.overlay
        return self.run.grid, self.run.maze, self.run.overlay

    # --- input --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.play is not None:
                self.play.leave()
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.layout_dirty = True
        elif event.type == pygame.KEYDOWN:
            self.handle_key(event.key, event.mod, getattr(event, "unicode", ""))

    def handle_key(self, key: int, mod: int, char: str = "") -> None:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE and self.show_help:
            self.show_help = False
        elif key in (pygame.K_h, pygame.K_F1):
            self.show_help = not self.show_help
        elif key == pygame.K_F12 or (key == pygame.K_s and ctrl):
            self.save_screenshot()
        elif self.play is not None:
            if key == pygame.K_ESCAPE:
                self.leave_play()
            elif not self.show_help:
                self.play.handle_key(key, mod)
        elif key in (pygame.K_ESCAPE, pygame.K_q):
            self.running = False
        elif key == pygame.K_p:
            self.enter_play()
        elif key == pygame.K_SPACE:
            self.paused = not self.paused
        elif key in (pygame.K_RIGHT, pygame.K_PERIOD, pygame.K_KP_PERIOD):
            self.step_once()
        elif key in (pygame.K_LEFT, pygame.K_COMMA):
            self.step_back()
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS) or char == "+" or (key == pygame.K_EQUALS):
            self.change_speed(+1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) or char == "-":
            self.change_speed(-1)
        elif key == pygame.K_TAB:
            self.cycle_algorithm(-1 if shift else +1)
        elif (digit := DIGITS.get(key)) is not None:
            index = (digit - 1) % 10 + (10 if shift else 0)  # 1..9, 0 = 10; with Shift 11..20
            names = list(ALGORITHMS)
            if index < len(names):
                self.choose_algorithm(names[index])
        elif key == pygame.K_g:
            self.toggle_grid()
        elif key == pygame.K_LEFTBRACKET:
            self.resize_maze(-1)
        elif key == pygame.K_RIGHTBRACKET:
            self.resize_maze(+1)
        elif key == pygame.K_r:
            self.restart()
        elif key == pygame.K_n:
            self.restart(self.spec.with_(seed=random_seed()))
        elif key == pygame.K_s:
            self.toggle_solve()
        elif key == pygame.K_v:
            self.cycle_solver(-1 if shift else +1)
        elif key == pygame.K_b:
            self.cycle_braid()
        elif key == pygame.K_m:
            self.show_metrics = not self.show_metrics

    # --- time ---------------------------------------------------------------------

    def advance(self, dt: float) -> None:
        """Pull as many events as the speed allows for ``dt`` seconds, within the frame budget."""
        self.clock_time += dt
        if self.play is not None:
            self.play.advance(dt)
            return
        if self.paused or self.run.idle:
            return
        now = time.perf_counter()
        if self.speed == INSTANT:
            self.run.step(1 << 30, deadline=now + INSTANT_BUDGET, quiet=True)
            return
        self.credit += self.speed * min(dt, 0.25)
        count = int(self.credit)
        if count:
            self.credit -= count
            self.run.step(count, deadline=now + FRAME_BUDGET)
            self.credit = min(self.credit, self.speed * 0.25)

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: input, generator work, drawing (the caller flips the display)."""
        for event in events:
            self.handle_event(event)
        if not self.running:
            return
        self.advance(dt)
        if self.play is None:
            self.report_solution()
        self.draw()

    # --- drawing ------------------------------------------------------------------

    def panel_width(self) -> int:
        width = self.screen.get_width()
        return max(240, min(560, int(width * 0.28))) if width >= 640 else width // 2

    def view_rect(self) -> pygame.Rect:
        width, height = self.screen.get_size()
        return pygame.Rect(MARGIN, MARGIN, max(1, width - self.panel_width() - 2 * MARGIN),
                           max(1, height - 2 * MARGIN))

    def _ensure_layout(self, grid, overlay) -> None:
        """Build the board again when the grid, its size or the window changed."""
        view = self.view_rect()
        shape = (grid.kind, grid.width, grid.height)
        if (self.layout_dirty or self.board is None or self.board_surface is None
                or (self.board.grid.kind, self.board.grid.width, self.board.grid.height) != shape
                or (self.board.width, self.board.height) != view.size):
            self.board = Board(grid, view.width, view.height)
            self.board_surface = pygame.Surface(view.size, depth=32)
            self.board.use_format(self.board_surface.map_rgb)
            overlay.full_redraw = True
            self.layout_dirty = False

    def draw(self) -> None:
        self.screen.fill(BACKGROUND)
        view = self.view_rect()
        scene = self.scene()
        if scene is not None:
            grid, maze, overlay = scene
            self._ensure_layout(grid, overlay)
            assert self.board is not None and self.board_surface is not None
            if not self.board_can_wait():
                self.paint_board(maze, overlay)
            self.screen.blit(self.board_surface, view.topleft)
        if self.play is not None:
            self.play.draw_markers(self.screen, view.topleft)
            self.play.draw_screen(self.screen, view)
        else:
            self.draw_progress(view)
        self.draw_panel()
        self.draw_toast(view)
        if self.show_help:
            self.draw_help()

    def paint_board(self, maze, overlay) -> None:
        """Bring the persistent board surface up to date with the cells that changed."""
        full, cells = overlay.take_dirty()
        if not (full or cells):
            return
        self.last_paint = time.perf_counter()
        pixels = pygame.surfarray.pixels2d(self.board_surface)
        try:
            self.board.paint(pixels, maze, overlay, full, cells)
        finally:
            del pixels  # unlock the surface before it is blitted

    def board_can_wait(self) -> bool:
        """True while instant mode is generating and the board was repainted less than
        INSTANT_PAINT_SECONDS ago: repainting every frame would cost more than the generator."""
        return (self.play is None and self.speed == INSTANT and not self.paused and not self.run.finished
                and time.perf_counter() - self.last_paint < INSTANT_PAINT_SECONDS and not self.layout_dirty)

    def progress(self) -> float:
        """Share of cells the generator has reached (for the instant-mode progress bar)."""
        state = self.run.maze.state
        return float(np.count_nonzero(state != CellState.UNVISITED)) / max(1, state.size)

    def draw_progress(self, view: pygame.Rect) -> None:
        if self.speed != INSTANT or self.run.finished:
            return
        bar = pygame.Rect(view.left, view.bottom - 10, int(view.width * self.progress()), 10)
        pygame.draw.rect(self.screen, ACCENT, bar)

    def status_lines(self) -> list[tuple[str, str]]:
        if self.play is not None:
            return self.play.status_lines() + [("FPS", f"{self.fps:.0f}")]
        run, spec = self.run, self.spec
        info = spec.info
        names = list(ALGORITHMS)
        state = "done" if run.stage == DONE else ("paused" if self.paused else "running")
        if run.stage == SOLVING:
            state = "solving" + (" (paused)" if self.paused else "")
        lines = [
            ("Algorithm", f"{info.name}  ({names.index(info.name) + 1}/{len(names)})"),
            ("Grid", f"{spec.grid}  {spec.width} x {spec.height}"),
            ("Seed", str(spec.seed)),
            ("Speed", speed_label(self.speed)),
            ("Phase", run.overlay.phase or ("generating" if not run.finished else "finished")),
            ("Events", f"{run.generation_events:,}"),
            ("State", state),
        ]
        solver = SOLVERS[run.solver or self.solver].name
        if run.overlay.searched or run.stage == SOLVING:
            lines.append(("Solver", solver))
            lines.append(("Visited", f"{run.overlay.searched:,} cells"))
            lines.append(("Path", f"{run.overlay.path_length:,} cells"))
        else:
            lines.append(("Solver", f"{solver} (S to run)"))
        if spec.params.get("braid"):
            lines.append(("Braid", f"{spec.params['braid']} %"))
        lines.append(("FPS", f"{self.fps:.0f}"))
        if self.paused and run.overlay.last is not None:
            lines.append(("Last", self.describe_last()))
        return lines

    def describe_last(self) -> str:
        kind, cell, other, value = self.run.overlay.last
        grid = self.run.grid

        def at(c: int) -> str:
            return "({}, {})".format(*grid.coords(c))

        name = Kind(kind).name.lower().replace("_", " ")
        if kind == Kind.PHASE:
            return f"phase: {value}"
        if cell >= 0 and other >= 0:
            return f"{name} {at(cell)} -> {at(other)}"
        if cell >= 0:
            return f"{name} {at(cell)}"
        return describe(self.run.overlay.last)

    def legend_keys(self) -> list[str]:
        """What each colour on the board means, for exactly the colours there now."""
        if self.play is not None:
            return self.play.legend_keys()
        return visible_legend(self.run.maze, self.run.overlay)

    def panel_legend(self) -> list[str]:
        """``legend_keys`` refreshed at most 4 times a second: it scans every cell."""
        stamp, keys = self._legend
        now = time.perf_counter()
        if now - stamp > LEGEND_SECONDS or not keys or self.play is not None:
            keys = self.legend_keys()
            self._legend = (now, keys)
        return keys

    def draw_panel(self) -> None:
        width, height = self.screen.get_size()
        panel = pygame.Rect(width - self.panel_width(), 0, self.panel_width(), height)
        pygame.draw.rect(self.screen, PANEL, panel)
        size = text.base_size(height)
        x, y = panel.left + size, size
        title = text.rendered("Maze Visualizer", round(size * 1.35), TEXT, True)
        self.screen.blit(title, (x, y))
        y += title.get_height() + size // 2
        label_w = max(text.font(size).size(label)[0] for label, _ in self.status_lines()) + size
        for label, value in self.status_lines():
            self.screen.blit(text.rendered(label, size, TEXT_DIM), (x, y))
            self.screen.blit(text.rendered(self.fit(value, size, panel.right - x - label_w - size // 2), size, TEXT),
                             (x + label_w, y))
            y += int(size * 1.45)
        y += size // 2
        if self.show_metrics and self.play is None:
            self.draw_metrics(x, y, size, panel)
            return
        self.screen.blit(text.rendered("Legend", size, TEXT, True), (x, y))
        y += int(size * 1.5)
        swatch = int(size * 0.95)
        for key in self.panel_legend():
            colour, meaning = LEGEND[key]
            if y + swatch > height - 2 * size:
                break
            pygame.draw.rect(self.screen, colour, (x, y + 2, swatch, swatch))
            pygame.draw.rect(self.screen, TEXT_DIM, (x, y + 2, swatch, swatch), 1)
            label = self.fit(meaning, size, panel.right - x - swatch - size)
            self.screen.blit(text.rendered(label, size, TEXT), (x + swatch + size // 2, y))
            y += int(size * 1.4)
        hint_text = "H help   Esc leave play" if self.play else "H help   Space pause   S solve   P play"
        hint = text.rendered(hint_text, max(12, size - 3), TEXT_DIM)
        self.screen.blit(hint, (x, height - int(size * 1.6)))

    def draw_metrics(self, x: int, y: int, size: int, panel: pygame.Rect) -> None:
        """The metrics panel (M): figures for the maze as it stands, and the dead-end direction bars."""
        title = "Metrics" + ("" if self.run.finished else " (so far)")
        self.screen.blit(text.rendered(title, size, TEXT, True), (x, y))
        y += int(size * 1.5)
        metrics = self.metrics()
        label_w = max(text.font(size).size(label)[0] for label, _ in metrics.rows()) + size
        for label, value in metrics.rows():
            self.screen.blit(text.rendered(label, size, TEXT_DIM), (x, y))
            value = self.fit(value, size, panel.right - x - label_w - size // 2)
            self.screen.blit(text.rendered(value, size, TEXT), (x + label_w, y))
            y += int(size * 1.4)
        y += size // 2
        self.screen.blit(text.rendered("Dead ends open toward", size, TEXT, True), (x, y))
        y += int(size * 1.5)
        counts = metrics.dead_end_directions
        most = max(counts.values()) or 1
        bar_w = panel.right - x - 4 * size
        for name, count in counts.items():
            self.screen.blit(text.rendered(name, size, TEXT_DIM), (x, y))
            length = int(bar_w * count / most)
            pygame.draw.rect(self.screen, ACCENT, (x + 3 * size, y + size // 5, max(1, length), int(size * 0.8)))
            y += int(size * 1.3)

    @staticmethod
    def fit(value: str, size: int, width: int) -> str:
        """Shorten ``value`` with an ellipsis so it fits in ``width`` pixels."""
        font = text.font(size)
        if font.size(value)[0] <= width:
            return value
        while value and font.size(value + "...")[0] > width:
            value = value[:-1]
        return value + "..."

    def draw_toast(self, view: pygame.Rect) -> None:
        if not self.toast or self.clock_time > self.toast[1]:
            return
        size = text.base_size(self.screen.get_height())
        label = text.rendered(self.fit(self.toast[0], size, view.width - 2 * size), size, TEXT)
        box = label.get_rect(midbottom=(view.centerx, view.bottom - size)).inflate(size, size // 2)
        pygame.draw.rect(self.screen, PANEL, box, border_radius=size // 3)
        pygame.draw.rect(self.screen, ACCENT, box, 2, border_radius=size // 3)
        self.screen.blit(label, label.get_rect(center=box.center))

    def help_bindings(self):
        return PLAY_KEYS if self.play is not None else WATCH_KEYS

    def draw_help(self) -> None:
        width, height = self.screen.get_size()
        size = text.base_size(height)
        bindings = self.help_bindings()
        rows = len(bindings) + 1.5
        line = int(size * 1.45)
        box = pygame.Rect(0, 0, min(width - 40, size * 46), min(height - 40, int(rows * line) + 2 * size))
        box.center = (width // 2, height // 2)
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        self.screen.blit(shade, (0, 0))
        pygame.draw.rect(self.screen, PANEL, box, border_radius=size // 2)
        pygame.draw.rect(self.screen, ACCENT, box, 2, border_radius=size // 2)
        x, y = box.left + size, box.top + size
        self.screen.blit(text.rendered("Keys", round(size * 1.2), TEXT, True), (x, y))
        y += int(line * 1.4)
        key_w = max(text.font(size, True).size(b.keys)[0] for b in bindings) + size * 2
        for binding in bindings:
            if y + line > box.bottom:
                break
            self.screen.blit(text.rendered(binding.keys, size, ACCENT, True), (x, y))
            self.screen.blit(text.rendered(self.fit(binding.action, size, box.right - x - key_w - size), size, TEXT),
                             (x + key_w, y))
            y += line
