"""The lab scene: every perfect maze of a tiny grid as a thumbnail, with a bar for how often the chosen
algorithm made it, growing live as mazes are sampled.

The counting and the test live in ``visualizer.analysis.uniformity``; this scene samples a slice of each frame,
lays the thumbnails out to fill the view and says what the counts mean in the panel. A uniform
sampler's bars hover round the yellow line (the count every tree would get if all were equally
likely); a biased one's pile up on a few trees and leave others dark.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame

from ...algorithms import get_algorithm
from ...analysis.uniformity import (
    DEFAULT_ALGORITHMS,
    MAX_PICTURED,
    ChiSquare,
    Sampler,
    Tree,
    TreeTable,
    chi_square,
    format_p,
    kirchhoff_count,
    spread,
    unique,
)
from ...grids import DEFAULT_GRID, GRIDS, Grid, make_grid
from ...render.board import Board
from ...render.palette import ACCENT, CODE_LIT, PANEL, TEXT, TEXT_DIM
from ...run.spec import MazeSpec
from .. import text
from ..keys import ANY, DIGIT_KEYS, SHIFT, Binding, KeyPress, KeyTable, digit_of, keys
from ..scene import Host, Scene

K = pygame
BOARDS: tuple[tuple[str, int, int], ...] = tuple(
    (kind, width, height) for kind, shape in GRIDS.items() for width, height in sorted(shape.LAB_BOARDS))
"""The tiny grids G cycles through, each shape's own (``Grid.LAB_BOARDS``)."""


def board_list() -> str:
    """The boards in words for the help row: "square 2x2, 2x3, 3x3, hex 2x2, ..."."""
    words = []
    for kind in GRIDS:
        sizes = [f"{w}x{h}" for k, w, h in BOARDS if k == kind]
        if sizes:
            words.append(f"{kind} {', '.join(sizes)}")
    return ", ".join(words)


LAB_KEYS = KeyTable((
    Binding("Space", "sample / pause (when a batch is done: sample another batch)", "toggle_sampling",
            keys(K.K_SPACE)),
    Binding("Tab  /  Shift+Tab", "next / previous algorithm", "cycle_algorithm", keys(K.K_TAB), args=(+1,)),
    Binding("Shift+Tab", "", "cycle_algorithm", keys(K.K_TAB, mods=SHIFT), args=(-1,), help=False),
    Binding("1 ... 9", "choose the lab's algorithm 1 to 9 (as listed in the panel)", "choose_algorithm_number",
            keys(*DIGIT_KEYS), pass_press=True),
    Binding("G", f"next tiny grid: {board_list()}", "cycle_board", keys(K.K_g, mods=ANY)),
    Binding("S", "sort the mazes by how often they came up (on / off)", "toggle_sort", keys(K.K_s)),
    Binding("R", "reset this algorithm's counts (back to its first seed)", "reset_counts", keys(K.K_r)),
    Binding("Esc", "leave the lab", "leave_lab", keys(K.K_ESCAPE)),
))




def default_board(kind: str) -> tuple[str, int, int]:
    """The board the lab opens on from a maze of grid ``kind``: that shape's first tiny size."""
    shape = GRIDS[kind] if GRIDS[kind].LAB_BOARDS else GRIDS[DEFAULT_GRID]
    return (shape.kind, *shape.LAB_BOARDS[0])
DEFAULT_BATCH = 5000
"""Mazes per algorithm a run samples before it stops (Space samples as many more)."""
WORK_SECONDS = 0.01
"""Seconds of sampling a frame asks the shell for at least."""
BAR_SHARE = 0.8
"""A bar's height over its picture's width."""
PAD_SHARE = 14
"""A thumbnail keeps 1/PAD_SHARE of its width free on each side (and between picture and bar)."""
MAX_TILE = 200
"""The widest a thumbnail grows (four 2x2 trees would otherwise fill the screen)."""
LABELLED_TILE = 56
"""Thumbnails at least this wide print their count on the bar."""
FLOOR = (236, 234, 226)
"""Passages of a maze that came up, as on the board."""
NEVER = (78, 82, 98)
"""Passages of a maze that never came up: dim, so the gaps in a biased sampler's output show."""
BAR_BACKGROUND = (38, 42, 54)
BAND = (72, 80, 104)
"""The band round the expected count where a uniform sampler's counts fall (95 %)."""
BAND_EDGE = (200, 206, 224)
CHART_SHARE = 0.3
"""The sorted chart's share of the view under the caption (the thumbnails get the rest)."""
BAND_SIGMAS = 2.0
"""The band's half-height in standard deviations of one tree's count under a uniform sampler."""


@dataclass(frozen=True)
class BiasChart:
    """Every tree's count as a bar, most first, on one scale with the expected count and the band
    round it where a uniform sampler's counts fall: uniform reads as a flat row of bars inside the
    band, biased as a slope from far above it to far below (or to nothing)."""

    area: pygame.Rect
    bars: list[pygame.Rect]
    expected_y: int
    band: tuple[int, int]
    """(top, bottom) of the band, in pixels."""


def bias_chart(counts: Sequence[int], area: pygame.Rect) -> BiasChart | None:
    """The chart's geometry for ``counts`` in ``area`` (None before any sample). The scale runs
    from 0 to twice the expected count (or the most frequent tree's count, if higher), so the
    expected line sits half-way or lower whatever the number of samples."""
    trees, samples = len(counts), sum(counts)
    if not trees or not samples or area.width < trees // 4 or area.height < 8:
        return None
    expected = samples / trees
    sigma = math.sqrt(expected * (1 - 1 / trees))
    top = max(max(counts), 2 * expected, expected + 3 * sigma)

    def y(value: float) -> int:
        return area.bottom - round(area.height * min(value, top) / top)

    ordered = sorted(counts, reverse=True)
    edges = [area.left + round(area.width * i / trees) for i in range(trees + 1)]
    bars = [pygame.Rect(edges[i], y(count), max(1, edges[i + 1] - edges[i] - (1 if trees <= 60 else 0)),
                        area.bottom - y(count)) for i, count in enumerate(ordered)]
    band = (y(expected + BAND_SIGMAS * sigma), y(max(0.0, expected - BAND_SIGMAS * sigma)))
    return BiasChart(area, bars, y(expected), band)


def p_text(p: float) -> str:
    """"p = 0.688", or "p < 1e-300" when it underflows."""
    shown = format_p(p)
    return f"p {shown}" if shown.startswith("<") else f"p = {shown}"


def board_key(grid: Grid) -> tuple[str, int, int]:
    return grid.kind, grid.width, grid.height


def picturable(kind: str, width: int, height: int) -> bool:
    """True when the lab can show this grid: tiny, and with 2 to MAX_PICTURED mazes."""
    try:
        grid = make_grid(kind, width, height)
    except ValueError:
        return False
    return grid.size <= 12 and 2 <= kirchhoff_count(grid) <= MAX_PICTURED


def tile_aspect(picture_aspect: float) -> float:
    """A thumbnail's height over its width: padding, the picture (``picture_aspect`` times as tall as
    wide) on top, the bar below."""
    inner = (PAD_SHARE - 2) / PAD_SHARE
    return 3 / PAD_SHARE + inner * (picture_aspect + BAR_SHARE)


def tile_rects(count: int, area: pygame.Rect, aspect: float, largest: int = MAX_TILE) -> list[pygame.Rect]:
    """``count`` equal tiles ``aspect`` times as tall as wide, as large as fit ``area``, row by row
    and centred; every tile lies inside ``area``."""
    best_width, best_columns = 0.0, 1
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        width = min(area.width / columns, area.height / (rows * aspect), largest)
        if width > best_width:
            best_width, best_columns = width, columns
    columns, rows = best_columns, math.ceil(count / best_columns)
    width, height = int(best_width), int(best_width * aspect)
    left = area.left + (area.width - columns * width) // 2
    top = area.top + (area.height - rows * height) // 2
    return [pygame.Rect(left + (i % columns) * width, top + (i // columns) * height, width, height)
            for i in range(count)]


def unit_centres(grid: Grid) -> tuple[np.ndarray, float, float]:
    """Cell centres scaled to a picture one unit wide (proportions kept, half a cell of margin), the
    distance between neighbouring centres in the same unit, and the picture's height. The grid's own
    layout says where cells sit, so any grid kind draws."""
    centres = Board(grid, 256, 256).centres_of(np.arange(grid.size)).astype(np.float64)
    steps = [float(np.hypot(*(centres[a] - centres[b])))
             for a in range(grid.size) for _, b in grid.neighbours(a)]
    spacing = min(steps) if steps else 1.0
    low = centres.min(axis=0) - spacing / 2
    extent = centres.max(axis=0) + spacing / 2 - low
    scale = 1.0 / float(extent[0])
    return (centres - low) * scale, spacing * scale, float(extent[1]) * scale


def tree_picture(tree: Tree, centres: np.ndarray, spacing: float, size: tuple[int, int],
                 colour: tuple[int, int, int]) -> pygame.Surface:
    """One maze as thick passages between cell centres on a dark picture ``size`` pixels (centres
    are in units of its width)."""
    surface = pygame.Surface(size)
    surface.fill(PANEL)
    side = size[0]
    points = [(float(x) * side, float(y) * side) for x, y in centres]
    width = max(2, round(spacing * side * 0.42))
    for a, b in tree:
        pygame.draw.line(surface, colour, points[a], points[b], width)
    for x, y in points:
        pygame.draw.circle(surface, colour, (x, y), width / 2)
    return surface


class LabScene(Scene):
    """The uniformity lab in the window: one algorithm's counts at a time over every tree of a tiny grid."""

    name = "lab"
    keys = LAB_KEYS

    def __init__(self, host: Host, algorithms: list[str], board: tuple[str, int, int], batch: int = DEFAULT_BATCH,
                 seed: int = 1) -> None:
        super().__init__(host)
        self.chosen = unique(algorithms)
        self.boards = list(BOARDS) if board in BOARDS else [board, *BOARDS]
        self.batch = batch
        self.seed = seed
        self.sorted = False
        self.paused = False
        self.announce = True
        """False keeps the message line for a lesson slide's caption: a finished batch's verdict is not
        said there (the panel's Verdict row and the list of all algorithms give it)."""
        self.current = 0
        self._pictures: dict[tuple[Any, ...], list[pygame.Surface]] = {}
        self._tests: dict[str, tuple[int, ChiSquare | None]] = {}
        self.set_board(board)

    @classmethod
    def open(cls, host: Host, spec: MazeSpec, algorithms: list[str] | None = None,
             samples: int = DEFAULT_BATCH) -> "LabScene":
        """Open on the spec's grid when it is tiny enough, else on the default board of its kind;
        without ``algorithms``, the spec's own (when it makes perfect mazes) and the usual four."""
        board = (spec.grid, spec.width, spec.height)
        if not picturable(*board):
            board = default_board(spec.grid)
        if algorithms is None:
            own = [spec.algorithm] if get_algorithm(spec.algorithm).perfect else []
            algorithms = own + list(DEFAULT_ALGORITHMS)
        return cls(host, algorithms, board, batch=samples, seed=spec.seed)

    # --- state --------------------------------------------------------------------

    def set_board(self, board: tuple[str, int, int]) -> None:
        """Show ``board``: list its trees and start a sampler for each chosen algorithm that runs on it."""
        self.table = TreeTable(make_grid(*board))
        self.active = [name for name in self.chosen if get_algorithm(name).supports(self.table.grid)]
        if not self.active:
            raise ValueError(f"none of {', '.join(self.chosen)} runs on {self.table.name}")
        self.samplers = {name: Sampler(name, self.table, self.seed) for name in self.active}
        self.goals = dict.fromkeys(self.active, self.batch)
        self.current = min(self.current, len(self.active) - 1)
        self._tests.clear()
        self.centres, self.spacing, self.picture_aspect = unit_centres(self.table.grid)

    @property
    def sampler(self) -> Sampler:
        return self.samplers[self.active[self.current]]

    @property
    def busy(self) -> bool:
        return not self.paused and self.sampler.samples < self.goals[self.sampler.name]

    def advance(self, dt: float) -> None:
        """Sample the shown algorithm for this frame's share of time, towards its goal."""
        if not self.busy:
            return
        sampler = self.sampler
        sampler.run_for(self.host.work_budget(WORK_SECONDS), self.goals[sampler.name] - sampler.samples)
        if sampler.samples >= self.goals[sampler.name] and self.announce:
            self.host.message(f"{sampler.name}: {sampler.samples:,} mazes, {self.verdict_text()}")

    def test(self, name: str | None = None) -> ChiSquare | None:
        """The chi-square test of an algorithm's counts (the shown one's by default), computed once
        per sample count: the panel asks several times a frame. None before any sample."""
        sampler = self.samplers[name or self.sampler.name]
        cached = self._tests.get(sampler.name)
        if cached is None or cached[0] != sampler.samples:
            cached = (sampler.samples, chi_square(sampler.counts) if sampler.samples else None)
            self._tests[sampler.name] = cached
        return cached[1]

    def verdict_text(self) -> str:
        if not self.sampler.samples:
            return "no samples yet (Space samples)"
        test = self.test()
        return "no samples yet" if test is None else f"{p_text(test.p_value)}: {test.verdict}"

    # --- keys ---------------------------------------------------------------------

    def toggle_sampling(self) -> None:
        """Pause or go on; after a finished batch, start another as large."""
        name = self.sampler.name
        if self.sampler.samples >= self.goals[name]:
            self.goals[name] = self.sampler.samples + self.batch
            self.paused = False
        else:
            self.paused = not self.paused

    def cycle_algorithm(self, step: int) -> None:
        self.current = (self.current + step) % len(self.active)

    def choose_algorithm_number(self, press: KeyPress) -> None:
        digit = digit_of(press.key)
        if digit is not None and 1 <= digit <= len(self.active):
            self.current = digit - 1

    def cycle_board(self) -> None:
        """The next board where at least one chosen algorithm runs (counts start again)."""
        start = self.boards.index(board_key(self.table.grid))
        for k in range(1, len(self.boards) + 1):
            board = self.boards[(start + k) % len(self.boards)]
            if any(get_algorithm(name).supports(board[0]) for name in self.chosen):
                self.set_board(board)
                self._pictures.clear()
                return

    def toggle_sort(self) -> None:
        self.sorted = not self.sorted

    def reset_counts(self) -> None:
        self.sampler.reset()
        self.goals[self.sampler.name] = self.batch

    def leave_lab(self) -> None:
        self.host.close_scene()

    # --- drawing ------------------------------------------------------------------

    def order(self) -> list[int]:
        """Tree indices in drawing order: as enumerated, or most frequent first."""
        indices = list(range(len(self.table)))
        if self.sorted:
            counts = self.sampler.counts
            indices.sort(key=lambda i: -counts[i])
        return indices

    def caption(self) -> str:
        """What the picture shows, in words, with the expected count the yellow line marks."""
        figures = spread(self.sampler.counts)
        return (f"All {figures.trees:,} perfect mazes of a {self.table.name} grid. Under each, a bar: how often "
                f"{get_algorithm(self.sampler.name).title} made it. Yellow line: {figures.expected:,.1f}, "
                f"what each would get if all were equally likely.")

    def caption_size(self, view: pygame.Rect) -> int:
        return max(12, min(20, view.height // 42))

    def layout(self, view: pygame.Rect) -> tuple[list[str], list[pygame.Rect]]:
        """The caption's lines and one tile per tree, all inside ``view`` (under the chart)."""
        lines, chart = self.chart_layout(view)
        top = chart.bottom + self.caption_size(view) // 2
        area = pygame.Rect(view.left, top, view.width, max(1, view.bottom - top))
        return lines, tile_rects(len(self.table), area, tile_aspect(self.picture_aspect))

    def chart_layout(self, view: pygame.Rect) -> tuple[list[str], pygame.Rect]:
        """The caption's lines and the sorted chart's rect (its heading line included) under them."""
        size = self.caption_size(view)
        lines = text.wrap(self.caption(), size, view.width - size)
        top = view.top + int(size * 1.35) * len(lines) + size // 2
        height = max(4 * size, round((view.bottom - top) * CHART_SHARE))
        return lines, pygame.Rect(view.left + size // 2, top, view.width - size, height)

    def chart(self, view: pygame.Rect) -> BiasChart | None:
        """The sorted chart's geometry in ``view`` now (the plot under its heading)."""
        _, rect = self.chart_layout(view)
        line = int(self.caption_size(view) * 1.35)
        return bias_chart(self.sampler.counts, pygame.Rect(rect.left, rect.top + line, rect.width,
                                                           rect.height - line))

    def thumbnail_rects(self, view: pygame.Rect) -> list[pygame.Rect]:
        """Where each tree's tile goes in ``view`` (tests check they all fit)."""
        return self.layout(view)[1]

    def pictures(self, size: tuple[int, int], colour: tuple[int, int, int]) -> list[pygame.Surface]:
        """Every tree drawn once at this size and colour (blitting is cheaper than drawing lines)."""
        key = (board_key(self.table.grid), size, colour)
        if key not in self._pictures:
            self._pictures[key] = [tree_picture(tree, self.centres, self.spacing, size, colour)
                                   for tree in self.table.trees]
        return self._pictures[key]

    def draw_on_screen(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """The caption, then every tree with its bar (the shell calls this when there is no board)."""
        lines, tiles = self.layout(view)
        self.draw_caption(surface, view, lines)
        self.draw_chart(surface, view)
        if tiles:
            self.draw_tiles(surface, tiles)

    def draw_chart(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Every count, most first, with the expected line and the band a uniform sampler stays in."""
        size = self.caption_size(view)
        _, rect = self.chart_layout(view)
        heading = "Counts, most first: a uniform sampler's stay in the grey band"
        surface.blit(text.rendered(heading, size, TEXT, True), rect.topleft)
        chart = self.chart(view)
        if chart is None:
            return
        pygame.draw.rect(surface, BAR_BACKGROUND, chart.area)
        band_top, band_bottom = chart.band
        pygame.draw.rect(surface, BAND, (chart.area.left, band_top, chart.area.width, max(1, band_bottom - band_top)))
        for bar in chart.bars:
            if bar.height:
                pygame.draw.rect(surface, ACCENT, bar)
        for edge in chart.band:  # the band's edges across the bars too: which tops lie inside it
            pygame.draw.line(surface, BAND_EDGE, (chart.area.left, edge), (chart.area.right - 1, edge), 1)
        pygame.draw.line(surface, CODE_LIT, (chart.area.left, chart.expected_y),
                         (chart.area.right - 1, chart.expected_y), 3)

    def draw_caption(self, surface: pygame.Surface, view: pygame.Rect, lines: list[str]) -> None:
        size = self.caption_size(view)
        y = view.top
        for line in lines:
            surface.blit(text.rendered(line, size, TEXT_DIM), (view.left + size // 2, y))
            y += int(size * 1.35)

    def draw_tiles(self, surface: pygame.Surface, tiles: list[pygame.Rect]) -> None:
        """Each tree's picture (dim if never made) over its bar, in the current order. Bars share one
        scale: the most frequent tree, or twice the expected count if that is more, fills a bar."""
        counts = self.sampler.counts
        figures = spread(counts)
        top = max(figures.most, 2 * figures.expected, 1)
        width = tiles[0].width
        pad = max(1, width // PAD_SHARE)
        picture = (max(4, width - 2 * pad), max(4, round((width - 2 * pad) * self.picture_aspect)))
        bright, dim = self.pictures(picture, FLOOR), self.pictures(picture, NEVER)
        label_size = max(9, min(16, width // 5))
        for index, tile in zip(self.order(), tiles):
            count = counts[index]
            surface.blit((bright if count else dim)[index], (tile.left + pad, tile.top + pad))
            bar_top = tile.top + 2 * pad + picture[1]
            bar = pygame.Rect(tile.left + pad, bar_top, picture[0], tile.bottom - pad - bar_top)
            self.draw_bar(surface, bar, count, figures.expected, top)
            if width >= LABELLED_TILE:
                surface.blit(text.rendered(f"{count:,}", label_size, TEXT), (bar.left + 2, bar.top + 1))

    @staticmethod
    def draw_bar(surface: pygame.Surface, bar: pygame.Rect, count: int, expected: float, top: float) -> None:
        """The count as a bar from the bottom of ``bar``, and the expected count as a line across it."""
        if bar.height <= 0:
            return
        pygame.draw.rect(surface, BAR_BACKGROUND, bar)
        height = round(bar.height * count / top)
        if height:
            pygame.draw.rect(surface, ACCENT, (bar.left, bar.bottom - height, bar.width, height))
        line = bar.bottom - round(bar.height * expected / top)
        if expected:
            pygame.draw.line(surface, CODE_LIT, (bar.left, line), (bar.right - 1, line), 2 if bar.width > 30 else 1)

    def draw_key(self) -> Hashable:
        return board_key(self.table.grid), self.sampler.name, self.sampler.samples, self.sorted

    def panel_lines(self) -> list[tuple[str, str]]:
        sampler = self.sampler
        figures = spread(sampler.counts)
        state = "sampling" if self.busy else ("paused" if self.paused and sampler.samples < self.goals[sampler.name]
                                               else "done")
        lines = [
            ("Algorithm", f"{get_algorithm(sampler.name).title}  ({self.current + 1}/{len(self.active)})"),
            ("Grid", f"{self.table.name}: {len(self.table):,} perfect mazes"),
            ("Samples", f"{sampler.samples:,} of {self.goals[sampler.name]:,} ({state})"),
            ("Mazes made", f"{figures.reached:,} of {figures.trees:,}"),
            ("Per maze", f"min {figures.least:,}, max {figures.most:,}, expected {figures.expected:,.1f}"),
        ]
        test = self.test()
        if test is not None:
            lines.append(("Chi-square", f"{test.statistic:,.1f} ({test.df} degrees of freedom)"))
        lines.append(("Verdict", self.verdict_text()))
        return lines

    def extra_panel(self) -> tuple[str, list[tuple[str, str]]] | None:
        """Every algorithm of the lab with its latest verdict, for comparing at a glance."""
        rows = []
        for name in self.active:
            sampler = self.samplers[name]
            if not sampler.samples:
                rows.append((name, "not sampled yet"))
                continue
            test = self.test(name)
            word = "counted" if test is None else ("uniform" if test.uniform else "biased")
            rows.append((name, word if test is None else f"{word}, {p_text(test.p_value)}"))
        return "All algorithms", rows

    def hint(self) -> str:
        return "Space sample   Tab algorithm   G grid   S sort   R reset   Esc back   H help"

    def recipe(self) -> MazeSpec:
        grid = self.table.grid
        return MazeSpec(self.sampler.name, grid.kind, grid.width, grid.height, self.seed)
