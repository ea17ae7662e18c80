"""Large exports stay within the memory they promise, each measured as a user meets it: the whole
``generate`` command in a child process, its own peak resident memory (``bench.exports.measure``).

The SVG is chained and written a batch of polylines at a time: at 600 x 600 its peak is a little
above the JSON export's (23 MB more, 64 bytes a cell; 96 MB before the chaining's tables shrank;
holding every point and the whole text, as it did first, took 303 MB in all). A PNG is painted a
band of pixel rows at a time, so what it holds (numpy's share, traced) is a band's worth and the
maze's per-cell tables, not the picture's pixels. Animations are refused before any work when
their frames would take more than MAX_PEAK_BYTES, by an estimate that must stay above what they
really take."""

from __future__ import annotations

import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from visualizer.bench.exports import export_args, measure
from visualizer.export import animation
from visualizer.export.formats import ExportOptions
from visualizer.grids import SquareGrid
from visualizer.render import strips
from visualizer.render.image import grid_image_size, png_bytes
from visualizer.run.spec import MazeSpec

SVG_SIDE = 600
SVG_BYTES_PER_CELL = 130
"""What the SVG may take above the JSON export of the same maze, per cell (it takes about 64; it
took 267 while the chaining's input was kept through its sort and its odd vertices listed whole)."""
HELD_MB = 300.0
"""The SVG's peak at 600 x 600 when the drawing's points and text were held whole (303 MB)."""


def test_a_large_svg_peaks_near_the_json_export_not_near_its_whole_drawing(tmp_path):
    floor = measure(export_args("json", SquareGrid.kind, SVG_SIDE, str(tmp_path)))
    usage = measure(export_args("svg", SquareGrid.kind, SVG_SIDE, str(tmp_path)))
    assert usage.status == 0 and floor.status == 0
    extra = (usage.peak_mb - floor.peak_mb) * 2**20
    assert extra < SVG_BYTES_PER_CELL * SVG_SIDE ** 2, (usage, floor)
    assert usage.peak_mb < HELD_MB * 0.75
    text = (tmp_path / "maze.svg").read_text()
    assert text.endswith("</svg>\n") and text.count("<path d=") > 1000


PNG_SIDE = 50
"""A maze small enough that its per-cell tables are nothing beside its picture's pixels."""
PNG_BYTES_PER_PIXEL = 16
"""What a PNG may hold per pixel of a picture of four bands (it holds about 10.7: one band's
temporaries; laying out the whole view took 40)."""


def traced_png_peak(maze, unit: float) -> int:
    """The most numpy (and Python) held at once while the PNG of ``maze`` was made at ``unit``."""
    tracemalloc.start()
    try:
        png_bytes(maze, unit=unit)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_png_holds_a_band_of_its_pixels_not_the_whole_picture():
    maze = MazeSpec("backtracker", SquareGrid.kind, PNG_SIDE, PNG_SIDE, 1).build()
    small, large = (grid_image_size(maze.grid, unit=unit) for unit in (5, 10))
    assert small[0] * small[1] <= strips.STRIP_PIXELS < large[0] * large[1] // 3  # one band, then four
    one_band, four_bands = traced_png_peak(maze, 5), traced_png_peak(maze, 10)
    assert four_bands < 1.5 * one_band  # four times the pixels: what is held barely grows
    assert four_bands < PNG_BYTES_PER_PIXEL * large[0] * large[1]


def unit_of_bands(grid, bands: int) -> float:
    """A pixels-per-unit at which the picture of ``grid`` is at least ``bands`` bands of pixels."""
    unit = 4.0
    while grid_image_size(grid, unit=unit)[0] * grid_image_size(grid, unit=unit)[1] < bands * strips.STRIP_PIXELS:
        unit *= 1.25
    return unit


@pytest.mark.parametrize("kind", ["hex", "triangle", "polar"])
def test_a_slanted_png_holds_a_band_of_its_pixels_however_large_the_picture(kind):
    """Hex, triangle and polar layouts hold a dozen float64 temporaries a pixel (some 150 bytes;
    the whole view of a 2000 x 2000 hex maze took 2.9 GB): in bands, four times the pixels hold
    about what a quarter of them did."""
    maze = MazeSpec("backtracker", kind, 30, 30, 1).build()
    unit = unit_of_bands(maze.grid, 2)
    some, four_times = traced_png_peak(maze, unit), traced_png_peak(maze, 2 * unit)
    assert four_times < 1.3 * some, (some, four_times)


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_an_animation_takes_no_more_memory_than_its_estimate(tmp_path, fmt):
    """The estimate that refuses large animations before work is an upper bound of the real peak
    (at 500 x 500 the frames are a million pixels: the per-pixel share is most of it)."""
    side = 500
    usage = measure(export_args(fmt, SquareGrid.kind, side, str(tmp_path)) + ["--max-frames", "5"])
    assert usage.status == 0
    size = animation.frame_size(SquareGrid(side, side), ExportOptions(max_frames=5))
    assert usage.peak_mb * 2**20 <= animation.peak_bytes(fmt, size)


BAND_CASES = [("gif", 500, 4.0), ("webp", 1000, None)]
"""Frames painted a band at a time at sizes CI affords: 4001 x 4001 pixels of a 500 x 500 maze (the
per-pixel share), and a 1000 x 1000 maze's 2001 x 2001 (the per-cell share)."""


@pytest.mark.parametrize(("fmt", "side", "cell"), BAND_CASES)
def test_frames_painted_in_bands_take_no_more_memory_than_their_estimate(tmp_path, fmt, side, cell):
    """The estimate bounds the real peak, and not by a mile (it decides what is refused)."""
    grid = SquareGrid(side, side)
    options = ExportOptions(cell=cell, max_frames=2)
    size = animation.frame_size(grid, options)
    assert animation.in_bands(fmt, grid, size)
    extra = ["--cell", f"{cell:g}"] if cell else []
    usage = measure(export_args(fmt, SquareGrid.kind, side, str(tmp_path)) + extra + ["--max-frames", "2"])
    assert usage.status == 0
    estimate = animation.band_peak_bytes(fmt, grid, size)
    assert 0.5 * estimate <= usage.peak_mb * 2**20 <= estimate, (usage, estimate / 2**20)
    assert (tmp_path / f"maze.{fmt}").stat().st_size > 0


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_an_animation_too_large_for_its_memory_is_refused_in_one_line_before_any_work(tmp_path, fmt):
    """A masked grid is painted whole by a Board: at 2000 x 2000 its frames are refused, not begun."""
    out = tmp_path / f"m.{fmt}"
    heart = str(Path(__file__).parents[2] / "assets" / "masks" / "heart.png")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "visualizer", "generate", "--mask", heart, "-s", "2000x2000",
                           "-o", str(out)], capture_output=True, text=True)
    assert time.monotonic() - started < 20  # generating the maze alone takes longer than this
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "too large to animate" in lines[0]
    assert not out.exists()
