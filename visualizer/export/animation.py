"""Animated GIF and WebP export: the run (generation, then optionally a solver) frame by frame,
each frame drawn exactly as the window draws the board at that moment.

Frames are painted straight into a byte array of palette indices: the board has a small fixed set
of colours (the theme's style table), so there is nothing to quantize, every frame shares one
palette, and the board's own incremental painting (only the cells an event touched) keeps a frame
cheap. Pillow encodes. Its GIF writer stores each frame as the rectangle that changed since the
previous one, with the unchanged pixels inside it transparent (``optimize=True``: four to eight
times smaller when the changes are scattered, as in Wilson's, Kruskal's or a solver's search), and
folds a frame identical to the previous one into it; libwebp does the same for WebP.

The timeline of an animation (``plan_frames``):

* the run is ``G`` generation events followed by ``S`` solver events (``--solve``), ``E = G + S``;
* ``round(seconds * fps)`` frames (``--seconds``, default 10), at most ``--max-frames`` and at most
  ``E + 1`` (a frame that shows nothing new is not a frame);
* frame ``k`` of ``N`` shows the run after ``round(k * E / (N - 1))`` events: the first frame is
  the unvisited grid, the last the finished maze (or the finished solve), the events per frame
  even throughout (one speed for the generation and the solve);
* each frame lasts ``1 / fps``; the last picture is then held ``--hold`` seconds, written as the last
  frame made longer (repeated frames would be folded into one anyway). A file's frame count is
  therefore counted in time: ``(total duration - hold) * fps``.
"""

from __future__ import annotations

import collections
import io
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from ..core.events import Event
from ..core.maze import Maze
from ..grids import Grid
from ..grids.layout import WALL_WEIGHTS
from ..render import strips
from ..render.board import Board, fit_camera, walls
from ..render.image import check_grid_cell_size, grid_image_size
from ..render.palette import TERRAIN, TERRAIN_LEVELS, Style
from ..render.themes import Theme, get_theme
from ..run.session import Run
from ..run.spec import MazeSpec
from ..solvers import get_solver
from . import webp_mux
from .formats import ExportOptions
from .recording import Recording

if TYPE_CHECKING:
    from PIL import Image

DEFAULT_SECONDS = 10.0
TARGET_WIDTH = 800
"""An animation at the default cell size is about this many pixels across (its larger side)."""
GIF_TICK_MS = 10
"""GIF delays are whole hundredths of a second."""
GIF_MAX_FPS = 50.0
"""Browsers play a GIF delay under 20 ms as 100 ms: a faster GIF would play slower, not faster."""
GIF_MAX_DELAY_MS = 65_535 * GIF_TICK_MS
"""A GIF frame's delay is a 16-bit count of hundredths."""
GIF_MIN_FPS = 0.002
"""A frame of 500 s, with the longest hold (60 s) still under GIF's longest delay."""
MAX_FRAME_BYTES = 1 << 30
"""All frames' pixels together, at most, when a Board paints them: the painting and encoding work of
an animation (frames are written one at a time, so this is not its memory: ``MAX_PEAK_BYTES`` is).
More frames than this allows are capped (``frame_budget``), with a note, before any work."""
BAND_FRAME_PIXELS = 48 << 20
"""All frames' pixels together, at most, when they are painted a band at a time (``BandPainter``):
each such frame is styled and laid out whole, about 100 ns a pixel, so a 2000 x 2000 maze (frames
of 4001 x 4001) gets 3 frames and its CPU stays near 3x the JSON export's (the replay of the run,
which any animation needs, is most of the rest)."""
MAX_PEAK_BYTES = 1 << 30
"""The most memory an animation may take, estimated from its frame size before any work
(``peak_bytes``, ``band_peak_bytes``): more is refused in one line."""
BOARD_PEAK_BYTES = 400 << 20
"""Frames whose Board (``peak_bytes``) would take more than this are painted a band at a time
instead (``BandPainter``), where the grid can: no whole-view tables, but each frame styled whole."""
PEAK_BASE_BYTES = 64 << 20
"""The interpreter, the maze and the run, whatever the frame size (measured, rounded up)."""
PEAK_BYTES_PER_PIXEL = {"gif": 85, "webp": 135}
"""Peak memory per pixel of one frame, measured on square mazes from 500 x 500 to 2000 x 2000 and
rounded up: the board's ownership map and its layout (int32 and int64 tables a pixel), the frame,
Pillow's copies (GIF: the previous frame, the difference, the changed pixels; WebP: RGBA frames and
libwebp's canvases)."""
BAND_PEAK_BASE_BYTES = 80 << 20
"""The band painter's memory whatever the size: the interpreter, Pillow, numpy (measured, rounded up)."""
BAND_PEAK_BYTES_PER_CELL = {"gif": 15, "webp": 15}
"""Per cell and direction (at least four): the run's maze and overlay and the generator's own
state, and while a frame is styled, the neighbour and edge-slot tables and every element's style
(measured at 1000 x 1000 and 2000 x 2000 on square grids, rounded up, when the neighbour and slot
tables were held together; a hex grid's six directions took 482 MB at 2000 x 2000 then, 374 MB
since the neighbour table becomes the slots in place: an estimate on the safe side)."""
BAND_PEAK_BYTES_PER_PIXEL = {"gif": 6, "webp": 12}
"""Per frame pixel: the frame, and the encoder's copies (GIF: the previous frame, the difference and
the changed pixels; WebP: libwebp's canvases)."""
MIN_FRAMES = 2
"""A capped animation still goes from the empty grid to the finished maze."""
WEBP_METHOD = 0
"""libwebp's effort, 0 (fastest) to 6: flat-colour lossless frames come out small at any effort."""


# --- the plan: which events each frame shows --------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """Which point of the run each frame shows, and how long frames last."""

    generation_events: int
    solver_events: int
    positions: tuple[int, ...]
    """Events applied (generation, then solver) when each frame is drawn; strictly increasing."""
    frame_ms: float
    hold_ms: float

    @property
    def frames(self) -> int:
        return len(self.positions)


def wanted_frames(options: ExportOptions) -> int:
    """``round(seconds * fps)``, capped by ``--max-frames``: the frames asked for, before the run is known."""
    seconds = DEFAULT_SECONDS if options.seconds is None else options.seconds
    wanted = round(seconds * options.fps)
    if options.max_frames is not None:
        wanted = min(wanted, options.max_frames)
    return wanted


def frame_count(events: int, options: ExportOptions) -> int:
    """``wanted_frames``, capped by ``events + 1``; at least one."""
    return max(1, min(wanted_frames(options), events + 1))


def plan_frames(generation_events: int, solver_events: int, options: ExportOptions) -> Plan:
    """Spread the run's events evenly over the frames (see the module's description)."""
    total = generation_events + solver_events
    count = frame_count(total, options)
    if count == 1:
        positions: tuple[int, ...] = (total,)  # room for one frame only: the result
    else:
        positions = tuple(round(k * total / (count - 1)) for k in range(count))
    frame_ms = 1000.0 / options.fps
    return Plan(generation_events, solver_events, positions, frame_ms, round(options.hold * options.fps) * frame_ms)


def durations(plan: Plan, tick: int = 1) -> list[int]:
    """Each frame's length in milliseconds (whole ``tick`` s), the hold added to the last frame.

    Rounded on the running total, not frame by frame, so that the animation's length is right
    (30 fps in GIF's hundredths: 30, 40, 30, 30, 40, 30... ms)."""
    ends = [plan.frame_ms * (k + 1) for k in range(plan.frames)]
    ends[-1] += plan.hold_ms
    ticks = [round(end / tick) * tick for end in ends]
    return [end - start for start, end in zip([0, *ticks[:-1]], ticks)]


# --- drawing: the board painted into palette indices ------------------------------------------


@dataclass(frozen=True)
class Palette:
    """The theme's colours, each once, and the palette index of every board style."""

    rgb: bytes
    """Palette entries, three bytes each (at most 256)."""
    style_index: np.ndarray
    """Style -> palette index (uint8), indexed like the theme's table (negative styles from the end)."""

    @classmethod
    def of(cls, theme: Theme, weighted: bool = False) -> "Palette":
        """One entry per distinct colour: GIF's writer matches entries by colour, so no repeats.
        Without weighted cells the terrain's shades are never drawn: left out (they fold into the
        floor's entry), the palette and so the file are what they were before cells had weights."""
        colours = theme.colours
        if not weighted:
            colours = colours.copy()
            colours[TERRAIN:TERRAIN + TERRAIN_LEVELS] = colours[Style.FLOOR]
        unique, index = np.unique(colours, axis=0, return_inverse=True)
        return cls(unique.astype(np.uint8).tobytes(), index.reshape(-1).astype(np.uint8))

    @property
    def colours(self) -> np.ndarray:
        """The entries as an (n, 3) array: ``colours[frame]`` turns indices into RGB."""
        return np.frombuffer(self.rgb, dtype=np.uint8).reshape(-1, 3)


def frame_unit(grid: Grid, options: ExportOptions) -> float:
    """Pixels per grid unit: ``--cell`` (refused when the picture would be too large), else about
    TARGET_WIDTH pixels across."""
    if options.cell is not None:
        check_grid_cell_size(grid, options.cell)
        return options.cell
    span_w, span_h = grid.pixel_span()
    smallest, largest = grid.UNIT_PIXELS
    return max(smallest, min(largest, TARGET_WIDTH / max(span_w, span_h)))


def frame_size(grid: Grid, options: ExportOptions) -> tuple[int, int]:
    """The frames' pixel size, from the grid alone (known before the maze is made)."""
    return grid_image_size(grid, unit=frame_unit(grid, options))


def peak_bytes(fmt: str, size: tuple[int, int]) -> int:
    """The memory an animation of frames of ``size`` takes at its peak (see PEAK_BYTES_PER_PIXEL)."""
    return PEAK_BASE_BYTES + PEAK_BYTES_PER_PIXEL[fmt] * size[0] * size[1]


def band_peak_bytes(fmt: str, grid: Grid, size: tuple[int, int]) -> int:
    """The memory an animation painted a band at a time takes at its peak (``BAND_PEAK_*``)."""
    per_cell = BAND_PEAK_BYTES_PER_CELL[fmt] * max(4, grid.directions)
    return BAND_PEAK_BASE_BYTES + per_cell * grid.size + BAND_PEAK_BYTES_PER_PIXEL[fmt] * size[0] * size[1]


def in_bands(fmt: str, grid: Grid, size: tuple[int, int]) -> bool:
    """True when the frames are painted a band at a time: a Board would pass BOARD_PEAK_BYTES and
    the grid lays out bands of rows on its own."""
    return peak_bytes(fmt, size) > BOARD_PEAK_BYTES and strips.can_paint(grid)


def check_peak(fmt: str, grid: Grid, options: ExportOptions) -> None:
    """Refuse (one line, before any work) an animation whose frames would take more memory than
    MAX_PEAK_BYTES to paint and encode."""
    size = frame_size(grid, options)
    needed = band_peak_bytes(fmt, grid, size) if in_bands(fmt, grid, size) else peak_bytes(fmt, size)
    if needed <= MAX_PEAK_BYTES:
        return
    smallest = grid.UNIT_PIXELS[0]
    at_smallest = frame_unit(grid, options) <= smallest
    advice = ("the maze is too large to animate at a pixel a unit: choose a smaller size" if at_smallest
              else f"choose a smaller --cell (at least {smallest:g})")
    raise ValueError(f"{fmt} frames of {size[0]} x {size[1]} pixels would take about {needed / 1e6:,.0f} MB "
                     f"to paint and encode (at most {MAX_PEAK_BYTES / 1e6:,.0f}): {advice}")


def frame_budget(fmt: str, grid: Grid, size: tuple[int, int]) -> int:
    """The most frames of ``size`` pixels the work budget affords (at least MIN_FRAMES): frames a
    Board paints cost what changed, frames painted in bands cost their every pixel."""
    budget = BAND_FRAME_PIXELS if in_bands(fmt, grid, size) else MAX_FRAME_BYTES
    return max(MIN_FRAMES, budget // (size[0] * size[1]))


def fit_frames(fmt: str, grid: Grid, options: ExportOptions) -> tuple[ExportOptions, str | None]:
    """``options`` with the frames capped to ``frame_budget`` (``max_frames``), and a one-line note
    saying how many and why when they are; decided from the size alone, before any work."""
    size = frame_size(grid, options)
    cap, wanted = frame_budget(fmt, grid, size), wanted_frames(options)
    if wanted <= cap:
        return options, None
    budget = BAND_FRAME_PIXELS if in_bands(fmt, grid, size) else MAX_FRAME_BYTES
    how = "each painted whole, a band at a time" if in_bands(fmt, grid, size) else "painted and encoded"
    note = (f"{fmt}: making {cap} frames, not {wanted}: frames of {size[0]} x {size[1]} pixels are capped at "
            f"{budget / 1e6:,.0f} million pixels in all ({how}); --max-frames chooses up to {cap}, "
            f"a smaller maze allows more")
    return replace(options, max_frames=cap), note


def fit_gif_frames(spec: MazeSpec, options: ExportOptions) -> tuple[ExportOptions, str | None]:
    return fit_frames("gif", spec.make_grid(), options)


def fit_webp_frames(spec: MazeSpec, options: ExportOptions) -> tuple[ExportOptions, str | None]:
    return fit_frames("webp", spec.make_grid(), options)


class Painter:
    """Paints a run into a (height, width) array of palette indices, each frame only the cells
    that changed since the previous one (the window's own incremental painting)."""

    def __init__(self, run: Run, size: tuple[int, int], palette: Palette) -> None:
        width, height = size
        self.run = run
        self.board = Board(run.grid, width, height)
        self.board.packed = palette.style_index  # a "pixel value" is the palette index
        self.canvas = np.zeros((height, width), dtype=np.uint8)
        self._pixels = self.canvas.T  # the board indexes pixels [x, y], as pygame's surfarray does

    def keep_up(self) -> None:
        """Nothing while the run is stepped: the board repaints what changed when a frame is painted."""

    def paint(self) -> np.ndarray:
        """The board as the run stands now (the canvas itself: copy it to keep it)."""
        full, cells = self.run.overlay.take_dirty()
        self.board.paint(self._pixels, self.run.maze, self.run.overlay, full, cells)
        return self.canvas


class BandPainter:
    """Paints a run into palette indices a band of rows at a time (``render.strips``), each frame
    styled whole from the run as it stands: no ownership map or per-cell boxes are held, so a frame
    of 4001 x 4001 pixels costs its pixels once, not 85 bytes each. The pixels are a Board's full
    redraw's (the tests compare the two painters)."""

    def __init__(self, run: Run, size: tuple[int, int], palette: Palette) -> None:
        width, height = size
        self.run = run
        self.size = size
        self.palette = palette
        self.walls = WALL_WEIGHTS[walls()]
        self.camera = fit_camera(run.grid, width, height, self.walls)
        self.layouts = strips.Layouts()

    def paint(self) -> np.ndarray:
        """The board as the run stands now (a new array: made after the styling, so the two never
        peak together)."""
        self.keep_up()
        bands = strips.prepare(self.run.maze, self.run.overlay, self.size, self.camera, self.walls, self.layouts)
        canvas = np.empty((self.size[1], self.size[0]), dtype=np.uint8)
        bands.paint(canvas.T, self.palette_colours())
        return canvas

    def palette_colours(self) -> strips.Colours:
        """Styles as palette indices; no true colour, so no soft edges (as a Board on an 8-bit surface)."""
        index = self.palette.style_index
        return strips.Colours(index, self.palette.colours[index].astype(np.uint32), None)

    def keep_up(self) -> None:
        """Every frame is painted whole: the cells marked for repaint are dropped as they come."""
        self.run.overlay.forget_dirty()


STEP_CHUNK = 1 << 16
"""Events applied between two calls of a painter's ``keep_up`` while the run is stepped to a frame."""


def advance_to(run: Run, plan: Plan, solver: str | None, position: int,
               keep_up: Callable[[], None] = lambda: None) -> None:
    """Step the run to ``position`` events of the plan's timeline (the generation, then the solver),
    ``STEP_CHUNK`` events at a time, calling ``keep_up`` after each."""
    target = min(position, plan.generation_events)
    while run.position < target:
        run.step(min(STEP_CHUNK, target - run.position))
        keep_up()
    if position >= plan.generation_events and not run.finished:
        run.finish_generation()  # ends the stream: the generation's marks go, as in the window
    if solver is None or position <= plan.generation_events:
        return
    if run.solver is None:
        run.solve(solver)
    wanted = position - plan.generation_events
    while run.solver_events < wanted:
        if not run.step(min(STEP_CHUNK, wanted - run.solver_events)):
            break  # the run ends the solve by itself after its last event
        keep_up()


def index_frames(spec: MazeSpec, plan: Plan, solver: str | None, size: tuple[int, int],
                 palette: Palette, bands: bool = False, events: Iterator[Event] | None = None) -> Iterator[bytes]:
    """Each planned frame as palette indices, row by row (``width * height`` bytes); ``bands``: painted
    a band at a time (``BandPainter``), else by a Board. ``events``: the generation recorded beforehand
    (``Recording.replay``), else the generator runs again."""
    run = Run(spec, record=False, events=events)
    return painted_frames(run, (BandPainter if bands else Painter)(run, size, palette), plan, solver)


def painted_frames(run: Run, painter: Painter | BandPainter, plan: Plan, solver: str | None,
                   empty: bytes | None = None) -> Iterator[bytes]:
    """``index_frames`` of ``run`` by ``painter``; ``empty``: the unvisited grid painted already."""
    ready = [] if empty is None else [empty]
    del empty  # handed over from the list, so no name holds it while it is encoded (16 MB at 4001 x 4001)
    for position in plan.positions:
        if ready and position == 0 < plan.generation_events:
            yield ready.pop()
            continue
        ready.clear()
        advance_to(run, plan, solver, position, painter.keep_up)
        yield painter.paint().tobytes()


def count_solver_events(spec: MazeSpec, maze: Maze | None, solver: str | None) -> int:
    """The solver's events as the window folds them, counted first so that the frames can spread them
    evenly (the solver runs on ``maze``, the finished one, built here when None: ``generate`` leaves
    the building to the replay)."""
    return count(get_solver(solver).run(maze or spec.build())) if solver else 0


def count(items: Iterable) -> int:
    """How many ``items`` there are, counted at C speed (a generator expression's loop was a tenth
    of a 2000 x 2000 count's time)."""
    counter = itertools.count()
    collections.deque(zip(items, counter), maxlen=0)
    return next(counter)


# --- encoding -----------------------------------------------------------------------------------


def palette_images(pixels: Iterable[bytes], size: tuple[int, int], palette: bytes) -> Iterator[Image.Image]:
    """Palette-index frames as Pillow "P" images (each its own copy of the bytes)."""
    from PIL import Image

    for data in pixels:
        image = Image.frombytes("P", size, data)
        del data  # not held while the next frame is painted (16 MB at 4001 x 4001)
        image.putpalette(palette)
        yield image


def encode_gif(images: Iterable[Image.Image], lengths: list[int], palette: bytes) -> bytes:
    """A looping GIF of "P" images sharing ``palette`` (written once, as the global colour table).

    ``disposal=1`` keeps the previous frame under the next, so each frame stores only the rectangle
    that changed, its unchanged pixels transparent (``optimize``); Pillow writes no timestamps, so
    the same frames give the same bytes.

    Pillow's own ``save_all`` holds every frame until the end (a frame identical to the previous one
    lengthens it). This is its loop with one frame of look-ahead instead: a frame is written as soon
    as the next different one arrives, so an animation holds two frames, not all of them. The pieces
    are Pillow's (the tests check the bytes against its ``save_all``)."""
    from PIL import GifImagePlugin as gif

    frames = iter(images)
    first: Image.Image | None = next(frames)
    assert first is not None
    base = {"duration": lengths, "loop": 0, "disposal": 1, "optimize": True, "palette": palette}
    first.encoderinfo = base
    buffer = io.BytesIO()
    pending: list = []  # [image (cropped to its box), box, encoder info] of the frame not yet written
    previous = None
    for count, frame in enumerate(itertools.chain([first], frames)):
        frame = gif._normalize_mode(frame)
        info = base.copy()
        frame = gif._normalize_palette(frame, palette, info)
        info["duration"] = lengths[count]
        box = None
        if previous is not None:
            delta, box = gif._getbbox(previous, frame)
            if not box:
                # the same picture: it just lasts longer (up to the longest delay GIF can say)
                pending[2]["duration"] = min(GIF_MAX_DELAY_MS, pending[2]["duration"] + info["duration"])
                continue
            changed = frame_changes(frame, delta, info)
            write_gif_frame(buffer, pending)
            first = None  # written: a still is no longer possible (and 16 MB at 4001 x 4001)
            pending = [changed if box == (0, 0, *frame.size) else changed.crop(box), box, info]
            del delta, changed  # not held while the next frame is painted
        else:
            pending = [frame, None, info]
        previous = frame
    if first is not None:  # one picture only: Pillow writes it as a still
        first.encoderinfo["duration"] = pending[2]["duration"]
        gif._write_single_frame(first, buffer, palette)
    else:
        write_gif_frame(buffer, pending)
    buffer.write(b";")
    return buffer.getvalue()


def frame_changes(frame: Image.Image, delta: Image.Image, info: dict) -> Image.Image:
    """The frame with the pixels that did not change made transparent (Pillow's ``optimize``)."""
    if "transparency" not in info:
        assert frame.palette is not None  # a "P" image
        try:
            info["transparency"] = frame.palette._new_color_index(frame)
        except ValueError:
            return frame
    unchanged = delta.point([255, *(0,) * 255], "1")
    changed = frame.copy()
    changed.paste(info["transparency"], mask=unchanged)
    return changed


def write_gif_frame(buffer: io.BytesIO, pending: list) -> None:
    """Write one frame: the first with the file's header, the others as their changed rectangle."""
    from PIL import GifImagePlugin as gif

    image, box, info = pending
    if box is None:
        for part in gif._get_global_header(image, info):
            buffer.write(part)
    gif._write_frame_data(buffer, image, (0, 0) if box is None else box[:2], info)


class FrameStream:
    """Frames one after another as one multi-frame picture (``n_frames``, ``seek``), so Pillow's
    WebP writer takes them one at a time instead of a list of all of them."""

    def __init__(self, images: Iterator[Image.Image], count: int) -> None:
        self.images = images
        self.n_frames = count
        self.position = -1
        self.current: Image.Image | None = None

    def seek(self, frame: int) -> None:
        if frame != self.position:
            if frame != self.position + 1:
                raise EOFError("frames are made in order")
            self.current = next(self.images)
            self.position = frame

    def tell(self) -> int:
        return self.position

    def __getattr__(self, name: str):
        return getattr(self.current, name)


def encode_webp(images: Iterable[Image.Image], lengths: list[int]) -> bytes:
    """A looping, lossless animated WebP (the picture's colours exactly), one frame held at a time."""
    frames = iter(images)
    first = next(frames)
    rest = [FrameStream(frames, len(lengths) - 1)] if len(lengths) > 1 else []
    buffer = io.BytesIO()
    first.save(buffer, "WEBP", save_all=True, append_images=rest, duration=lengths, loop=0,
               lossless=True, method=WEBP_METHOD, quality=0)
    return buffer.getvalue()


# --- the writers the format registry names ------------------------------------------------------


@dataclass(frozen=True)
class Animation:
    """What an encoder needs: the frames (painted when iterated), their size, palette and plan."""

    pixels: Iterable[bytes]
    size: tuple[int, int]
    palette: Palette
    plan: Plan
    bands: bool = False
    """Painted a band at a time (a large maze): WebP frames are then put together here (``webp_mux``)."""


def make_animation(maze: Maze | None, spec: MazeSpec, options: ExportOptions, fmt: str = "gif") -> Animation:
    """Plan the frames of ``spec``'s run, capped to the work budget (``fit_frames``); ``maze`` is
    its finished maze (the solver is counted on it), or None to leave it to the replay."""
    theme = get_theme(options.resolved_theme("dark"))
    grid = spec.make_grid() if maze is None else maze.grid
    options, _ = fit_frames(fmt, grid, options)
    size = frame_size(grid, options)
    weighted = (maze if maze is not None else spec.new_maze(grid)).weights is not None
    palette = Palette.of(theme, weighted=weighted)
    bands = in_bands(fmt, grid, size)
    recording = Recording(spec)
    run = Run(spec, record=False, events=recording.replay())
    painter: Painter | BandPainter | None = BandPainter(run, size, palette) if bands else None
    # in bands the unvisited grid is styled before the record is held, not beside it
    empty = painter.paint().tobytes() if painter is not None else None
    plan = plan_frames(recording.record(), count_solver_events(spec, maze, options.solve), options)
    painter = painter or Painter(run, size, palette)  # a Board's tables are not held beside the recording
    return Animation(painted_frames(run, painter, plan, options.solve, empty), size, palette, plan, bands)


def check_webp_options(spec: MazeSpec, options: ExportOptions) -> None:
    """A WebP whose frames would take too much memory is refused before the maze is made."""
    check_peak("webp", spec.make_grid(), options)


def check_gif_options(spec: MazeSpec, options: ExportOptions) -> None:
    """GIF's frame delay is whole hundredths from 2 (faster plays as 10) to 65,535 (16 bits); frames
    that would take too much memory are refused too, before the maze is made."""
    if options.fps > GIF_MAX_FPS:
        raise ValueError(f"--fps {options.fps:g} is too fast for gif (browsers play delays under 20 ms "
                         f"as 100 ms): use at most {GIF_MAX_FPS:g}, or webp")
    if options.fps < GIF_MIN_FPS:
        raise ValueError(f"--fps {options.fps:g} is too slow for gif (a frame lasts at most "
                         f"{GIF_MAX_DELAY_MS / 1000:g} s): use at least {GIF_MIN_FPS:g}")
    check_peak("gif", spec.make_grid(), options)


def write_gif(maze: Maze | None, spec: MazeSpec, options: ExportOptions) -> bytes:
    """The run as a looping GIF (``generate -o run.gif``); ``maze`` may be None (see ``make_animation``)."""
    check_gif_options(spec, options)
    made = make_animation(maze, spec, options, "gif")
    images = palette_images(made.pixels, made.size, made.palette.rgb)
    return encode_gif(images, durations(made.plan, GIF_TICK_MS), made.palette.rgb)


def write_webp(maze: Maze | None, spec: MazeSpec, options: ExportOptions) -> bytes:
    """The run as a looping, lossless animated WebP (``generate -o run.webp``); ``maze`` may be None."""
    check_webp_options(spec, options)
    made = make_animation(maze, spec, options, "webp")
    images = palette_images(made.pixels, made.size, made.palette.rgb)
    if made.bands:  # libwebp's animation encoder holds several whole canvases: too many at this size
        return webp_mux.encode(images, durations(made.plan), WEBP_METHOD)
    return encode_webp(images, durations(made.plan))
