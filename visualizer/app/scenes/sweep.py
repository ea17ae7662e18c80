"""The lab's sweep in the window: one algorithm tested at several values of one parameter, the
distance to uniform drawn for each as the samples come in.

Origin shift is a Markov chain: with few moves a cell its mazes remember the maze it started
from, with enough they are uniform. Sampling every value a slice at a time, the class watches the
bars fall to the noise floor (the distance a truly uniform sampler shows from this many samples)
and the verdicts turn from "biased" to "looks uniform". The counting and the test live in
``visualizer.analysis.uniformity``; this scene paces the sampling and draws.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from ...algorithms import get_algorithm
from ...analysis.uniformity import ChiSquare, Sampler, TreeTable, chi_square, format_p, noise_floor, total_variation
from ...grids import make_grid
from ...render.palette import ACCENT, CODE_LIT, TEXT, TEXT_DIM
from ...run.spec import MazeSpec
from .. import text
from ..keys import Binding, KeyTable, keys
from ..scene import Host, Scene

K = pygame
SWEEP_KEYS = KeyTable((
    Binding("Space", "sample / pause (when every value is done: sample another batch)", "toggle_sampling",
            keys(K.K_SPACE)),
    Binding("R", "reset every count (back to the first seed)", "reset_counts", keys(K.K_r)),
    Binding("Esc", "leave the sweep", "leave_sweep", keys(K.K_ESCAPE)),
))
WORK_SECONDS = 0.01
"""Seconds of sampling a frame asks the shell for at least."""
UNIFORM_BAR = (0, 158, 115)
"""A value whose counts look uniform: Okabe-Ito bluish green."""
BIASED_BAR = (213, 94, 0)
"""A value whose counts are biased: Okabe-Ito vermillion."""
PLOT_BACKGROUND = (38, 42, 54)


class SweepScene(Scene):
    """One algorithm at each value of one parameter, sampled in turns, one bar a value."""

    name = "sweep"
    keys = SWEEP_KEYS

    def __init__(self, host: Host, algorithm: str, board: tuple[str, int, int], param: str,
                 values: Sequence[Any], samples: int, seed: int = 1) -> None:
        super().__init__(host)
        self.algorithm, self.param, self.values = algorithm, param, list(values)
        self.table = TreeTable(make_grid(*board))
        self.batch, self.seed = samples, seed
        self.goal = samples
        self.paused = False
        self.samplers = [Sampler(algorithm, self.table, seed, {param: value}) for value in self.values]
        self._tests: dict[int, tuple[int, ChiSquare | None]] = {}

    @classmethod
    def open(cls, host: Host, spec: MazeSpec, param: str, values: Sequence[Any], samples: int) -> "SweepScene":
        """On the spec's (tiny) grid, with the spec's algorithm and seed."""
        return cls(host, spec.algorithm, (spec.grid, spec.width, spec.height), param, values, samples, spec.seed)

    # --- sampling -----------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return not self.paused and any(s.samples < self.goal for s in self.samplers)

    def advance(self, dt: float) -> None:
        """Sample the value furthest behind for this frame's share of time: all grow together."""
        if not self.busy:
            return
        behind = min(self.samplers, key=lambda s: s.samples)
        behind.run_for(self.host.work_budget(WORK_SECONDS), self.goal - behind.samples)
        if not self.busy:
            self.host.message(f"{self.goal:,} mazes at each of {len(self.values)} values of {self.param}: "
                              f"{self.summary()}")

    def test(self, index: int) -> ChiSquare | None:
        """The chi-square test of one value's counts, once per sample count (None before any)."""
        sampler = self.samplers[index]
        cached = self._tests.get(index)
        if cached is None or cached[0] != sampler.samples:
            cached = (sampler.samples, chi_square(sampler.counts) if sampler.samples else None)
            self._tests[index] = cached
        return cached[1]

    def summary(self) -> str:
        """Where the verdict turns: the first value from which every value looks uniform."""
        verdicts = [self.test(i) for i in range(len(self.values))]
        uniform_from = None
        for value, test in zip(reversed(self.values), reversed(verdicts)):
            if test is None or not test.uniform:
                break
            uniform_from = value
        if uniform_from is None:
            return "biased at every value tried" if all(t and not t.uniform for t in verdicts) else \
                "no value from which it stays uniform"
        return f"looks uniform from {self.param} = {uniform_from}"

    # --- keys ---------------------------------------------------------------------

    def toggle_sampling(self) -> None:
        if not any(s.samples < self.goal for s in self.samplers):
            self.goal += self.batch
            self.paused = False
        else:
            self.paused = not self.paused
        self.host.message("paused" if self.paused else f"sampling towards {self.goal:,} mazes a value")

    def reset_counts(self) -> None:
        self.samplers = [Sampler(self.algorithm, self.table, self.seed, {self.param: v}) for v in self.values]
        self._tests.clear()
        self.goal = self.batch
        self.paused = False

    def leave_sweep(self) -> None:
        self.host.close_scene()

    # --- drawing ------------------------------------------------------------------

    def text_size(self, view: pygame.Rect) -> int:
        return max(12, min(24, view.height // 30))

    def caption(self) -> str:
        return (f"{get_algorithm(self.algorithm).title} on a {self.table.name} grid ({len(self.table):,} perfect "
                f"mazes), at each value of {self.param}. Bar: the distance from uniform (0: a fair die; 1: one "
                f"maze only); green looks uniform, orange is biased. Dashed line: what a truly uniform sampler "
                f"shows from this many samples.")

    def plot_rect(self, view: pygame.Rect) -> tuple[list[str], pygame.Rect]:
        """The caption's lines and the plot under them, with room left for the value labels."""
        size = self.text_size(view)
        lines = text.wrap(self.caption(), size, view.width - size)
        top = view.top + int(size * 1.35) * len(lines) + size
        bottom = view.bottom - int(size * 3.2)
        return lines, pygame.Rect(view.left + size * 3, top, view.width - size * 4, max(8, bottom - top))

    def bar_rects(self, plot: pygame.Rect) -> list[pygame.Rect]:
        """One bar a value, left to right in the order given, height the distance (full height 1)."""
        slot = plot.width / max(1, len(self.values))
        bars = []
        for index, sampler in enumerate(self.samplers):
            distance = total_variation(sampler.counts) if sampler.samples else 0.0
            height = round(plot.height * min(1.0, distance))
            left = plot.left + round(index * slot + slot * 0.15)
            bars.append(pygame.Rect(left, plot.bottom - height, max(1, round(slot * 0.7)), height))
        return bars

    def floor_y(self, plot: pygame.Rect) -> int:
        samples = min(s.samples for s in self.samplers)
        return plot.bottom - round(plot.height * min(1.0, noise_floor(samples, len(self.table))))

    def draw_on_screen(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        size = self.text_size(view)
        lines, plot = self.plot_rect(view)
        y = view.top
        for line in lines:
            surface.blit(text.rendered(line, size, TEXT_DIM), (view.left + size // 2, y))
            y += int(size * 1.35)
        pygame.draw.rect(surface, PLOT_BACKGROUND, plot)
        for share, label in ((0.0, "0"), (0.5, "0.5"), (1.0, "1")):
            mark = text.rendered(label, size, TEXT_DIM)
            at = plot.bottom - round(plot.height * share)
            surface.blit(mark, (plot.left - mark.get_width() - size // 2, at - mark.get_height() // 2))
        slot = plot.width // max(1, len(self.values)) - 4
        for index, bar in enumerate(self.bar_rects(plot)):
            test = self.test(index)
            colour = TEXT_DIM if test is None else UNIFORM_BAR if test.uniform else BIASED_BAR
            if bar.height:
                pygame.draw.rect(surface, colour, bar)
            self._label(surface, str(self.values[index]), (bar.centerx, plot.bottom + size // 3), size, slot, TEXT)
            verdict = "" if test is None else "uniform" if test.uniform else "biased"
            self._label(surface, verdict, (bar.centerx, plot.bottom + int(size * 1.6)), max(text.SMALLEST, size - 4),
                        slot, colour)
        floor = self.floor_y(plot)
        for x in range(plot.left, plot.right, 12):  # dashed: a reference, not data
            pygame.draw.line(surface, CODE_LIT, (x, floor), (min(x + 6, plot.right), floor), 2)
        pygame.draw.rect(surface, ACCENT, plot, 1)

    @staticmethod
    def _label(surface: pygame.Surface, words: str, at: tuple[int, int], size: int, width: int, colour) -> None:
        """``words`` centred under a bar, in smaller type where the bar's slot is narrow."""
        if not words:
            return
        while size > text.SMALLEST and text.font(size).size(words)[0] > width:
            size -= 1
        mark = text.rendered(words, size, colour)
        surface.blit(mark, (at[0] - mark.get_width() // 2, at[1]))

    def draw_key(self) -> Hashable:
        return tuple(s.samples for s in self.samplers), self.paused

    def panel_lines(self) -> list[tuple[str, str]]:
        samples = min(s.samples for s in self.samplers)
        state = "sampling" if self.busy else "paused" if self.paused else "done"
        lines = [("Algorithm", get_algorithm(self.algorithm).title),
                 ("Grid", f"{self.table.name}: {len(self.table):,} perfect mazes"),
                 ("Samples", f"{samples:,} of {self.goal:,} a value ({state})"),
                 ("Noise floor", f"{noise_floor(samples, len(self.table)):.3f}")]
        for index, value in enumerate(self.values):
            test = self.test(index)
            distance = total_variation(self.samplers[index].counts) if self.samplers[index].samples else 0.0
            words = "not sampled yet" if test is None else \
                f"distance {distance:.3f}, p {format_p(test.p_value)}: {test.verdict}"
            lines.append((f"{self.param} = {value}", words))
        lines.append(("So far", self.summary()))
        return lines

    def hint(self) -> str:
        return "Space sample / pause   R reset   Esc back   H help"

    def recipe(self) -> MazeSpec:
        grid = self.table.grid
        return MazeSpec(self.algorithm, grid.kind, grid.width, grid.height, self.seed,
                        {self.param: self.values[-1]})
