"""Animations are written a frame at a time: the peak memory of a large one stays near that of the
JSON export of the same maze, instead of growing with its frames (each measured in a child process).

At 400x400 the frames are 801 x 801 pixels: holding all 250 of them took about 240 MB before."""

from __future__ import annotations

import gc
import io
import weakref

import pytest

from visualizer.bench.exports import export_args, measure
from visualizer.export import animation
from visualizer.export.formats import ExportOptions
from visualizer.run.spec import MazeSpec

BOUND_MB = 150.0


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_a_large_animation_peaks_far_below_its_frames(tmp_path, fmt):
    usage = measure(export_args(fmt, "square", 400, str(tmp_path)))
    assert usage.status == 0
    assert usage.peak_mb < BOUND_MB
    assert (tmp_path / f"maze.{fmt}").stat().st_size > 0


def pillow_gif(frames, lengths, palette) -> bytes:
    """Pillow's own save_all (which holds every frame): the bytes the streamed writer must match."""
    first, *rest = frames
    buffer = io.BytesIO()
    first.save(buffer, "GIF", save_all=True, append_images=rest, duration=lengths, loop=0, disposal=1,
               optimize=True, palette=palette)
    return buffer.getvalue()


def pillow_webp(frames, lengths) -> bytes:
    first, *rest = frames
    buffer = io.BytesIO()
    first.save(buffer, "WEBP", save_all=True, append_images=rest, duration=lengths, loop=0,
               lossless=True, method=animation.WEBP_METHOD, quality=0)
    return buffer.getvalue()


CASES = [("backtracker", "square", 8, 6, ExportOptions()),
         ("wilson", "hex", 7, 5, ExportOptions(solve="bfs", hold=0)),
         ("kruskal", "square", 5, 5, ExportOptions(max_frames=1)),
         ("prim", "triangle", 9, 4, ExportOptions(fps=10, seconds=30)),
         ("backtracker", "square", 1, 1, ExportOptions())]


@pytest.mark.parametrize(("algorithm", "grid", "width", "height", "options"), CASES)
def test_streamed_animations_are_the_bytes_pillow_writes_holding_every_frame(algorithm, grid, width, height,
                                                                            options):
    spec = MazeSpec(algorithm, grid, width, height, 3, {})
    maze = spec.build()
    made = animation.make_animation(maze, spec, options)
    frames = list(animation.palette_images(made.pixels, made.size, made.palette.rgb))
    gif_lengths = animation.durations(made.plan, animation.GIF_TICK_MS)
    assert animation.encode_gif(iter(frames), gif_lengths, made.palette.rgb) == pillow_gif(
        frames, gif_lengths, made.palette.rgb)
    lengths = animation.durations(made.plan)
    assert animation.encode_webp(iter(frames), lengths) == pillow_webp(frames, lengths)


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_a_writer_lets_go_of_each_frame_before_it_takes_many_more(fmt):
    """While frame k is made, at most a few of the frames before it are still alive."""
    spec = MazeSpec("backtracker", "square", 6, 6, 1, {})
    made = animation.make_animation(spec.build(), spec, ExportOptions())
    alive: list[weakref.ref] = []
    most = 0

    def frames():
        nonlocal most
        for image in animation.palette_images(made.pixels, made.size, made.palette.rgb):
            gc.collect()
            most = max(most, sum(ref() is not None for ref in alive))
            alive.append(weakref.ref(image))
            yield image

    gc.freeze()  # what is alive before the writer starts is no frame: each collection skips it (in a full
    try:  # test run a whole-heap collection a frame took most of a minute)
        if fmt == "gif":
            animation.encode_gif(frames(), animation.durations(made.plan, animation.GIF_TICK_MS), made.palette.rgb)
        else:
            animation.encode_webp(frames(), animation.durations(made.plan))
    finally:
        gc.unfreeze()
    assert made.plan.frames > 50 and most <= 3
