"""SVG export: the finished maze as vector line art, and the drawing the PDF pages share.

Geometry comes from the grid itself (``Grid.edge_segments``: unit squares, radius-1 hexagons,
unit triangles), scaled so neighbouring cell centres are CELL_SPACING apart. Every corner gets one
number, so a wall is a pair of corner numbers and walls that meet share one.

The walls (closed passages between neighbours, and the border minus the entrance and exit gaps) are
chained into as few polylines as the graph allows: one walk from each vertex of odd degree, then
the closed tours left over spliced into them (Hierholzer), so a wall outline is one long path
instead of one element per segment. Every polyline keeps each lattice point it passes, so the
segments can be counted back.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core.maze import CellState, Maze
from ..grids import Grid
from ..grids.base import centre_spacing, sides_present
from ..render.palette import TERRAIN, Colour, Style
from ..render.themes import Theme, get_theme
from ..run.spec import MazeSpec
from .chains import Chains, chain
from .formats import ExportOptions
from .svg_text import CHUNK_POINTS, polyline_paths

Point = tuple[float, float]

CELL_SPACING = 20.0
"""Drawing units between neighbouring cell centres (an SVG user unit is a CSS pixel)."""
SQUARE_CELL = CELL_SPACING
"""A square cell's side, in drawing units."""
HEX_RADIUS = CELL_SPACING / math.sqrt(3)
"""A hexagon's centre to a corner, in drawing units."""
WALL_WIDTH = 0.12
"""Wall stroke, as a share of the distance between neighbouring cell centres."""
PATH_WIDTH = 0.28
"""Solution stroke, as a share of the same distance."""


# --- the lattice ------------------------------------------------------------------------


class Lattice:
    """Where a grid's cells, corners and edges are, in drawing units, from the grid's own plane
    geometry (``Grid.unit_centres`` and ``Grid.edge_segments``): any grid shape that describes its
    plane is drawn, none by name. A corner's number is its position, rounded to a micro-unit and
    packed into one integer (x, then y), so the walls that meet at a corner share its number and can
    be chained. A grid that gives its sides a block of cells at a time (``SEGMENTS_BY_CELL``) is
    read that way: no table of every side is held, however large the maze."""

    BLOCK = 1 << 14
    """Cells whose sides are read together (a few MB of temporaries; 1 << 16 took 50 MB on hex grids)."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self._all = None if grid.SEGMENTS_BY_CELL else grid.edge_segments()
        self._neighbours: np.ndarray | None = None
        first = self.segments(np.arange(min(1, grid.size)))
        self.scale = CELL_SPACING / centre_spacing(grid.unit_centres_of(np.arange(min(1, grid.size))), first)
        lows, highs = self._bounds()
        self.origin = float(lows[0]), float(lows[1])
        """Where the drawing's (0, 0) lies in the grid's plane."""
        self._lows = lows
        self.curved = grid.CURVED_EDGES
        self.resolution = 1e6
        """Corner positions are rounded to 1 / resolution of a plane unit (a micro-unit, coarser
        only if the packed numbers would not fit 63 bits)."""
        while True:
            wide, tall = (np.rint((highs - lows) * self.resolution) + 1).tolist()
            if wide * tall < 2.0 ** 62:
                break
            self.resolution /= 10
        self._tall = int(tall)
        self.unit = CELL_SPACING
        """Distance between neighbouring cell centres, in drawing units."""
        self.extent = float((highs[0] - lows[0]) * self.scale), float((highs[1] - lows[1]) * self.scale)
        """Width and height of the grid's picture, in drawing units, from (0, 0)."""

    def segments(self, cells: np.ndarray) -> np.ndarray:
        """``Grid.edge_segments`` of ``cells`` only."""
        return self.grid.cell_segments(cells) if self._all is None else self._all[cells]

    def blocks(self, cells: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """``cells`` a block at a time, each with its sides' corner keys, (k, directions, 2), -1
        where a cell has no side in that direction (triangles lack one, the polar centre its inner)."""
        for start in range(0, len(cells), self.BLOCK):
            block = cells[start:start + self.BLOCK]
            yield block, self.side_keys(block)

    def side_keys(self, cells: np.ndarray) -> np.ndarray:
        """The corner keys of both ends of every side of ``cells`` (see ``blocks``)."""
        segments = self.segments(cells)
        present = sides_present(segments)
        whole = np.rint((segments - self._lows) * self.resolution).astype(np.int64)
        keys = whole[..., 0] * self._tall + whole[..., 1]
        keys[~present] = -1
        return keys

    @property
    def neighbours(self) -> np.ndarray:
        """The grid's neighbour table, as int32 (half the size), made once."""
        if self._neighbours is None:
            self._neighbours = self.grid.neighbour_array(np.int32)
        return self._neighbours

    def forget_neighbours(self) -> None:
        """Let the neighbour table go (the drawing is made; a large grid's table is tens of MB)."""
        self._neighbours = None

    def _bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest x and y of any side's end, in the grid's plane: read from the cells
        with a side toward no neighbour (the picture's edge is theirs; every cell's sides took 6 % of
        a 2000 x 2000 hex SVG's time). A cell's sides are its own whichever cells come with it."""
        lows, highs = np.full(2, np.inf), np.full(2, -np.inf)
        cells = np.flatnonzero((self.neighbours < 0).any(axis=1)) if self.grid.size > 1 else np.arange(self.grid.size)
        for start in range(0, len(cells), self.BLOCK):
            points = self.segments(cells[start:start + self.BLOCK]).reshape(-1, 2)
            lows, highs = np.minimum(lows, points.min(axis=0)), np.maximum(highs, points.max(axis=0))
        return lows, highs

    def key_point(self, key: int) -> Point:
        x, y = self.key_points(np.array([key], dtype=np.int64))[0]
        return float(x), float(y)

    def key_points(self, keys: np.ndarray) -> np.ndarray:
        """(len(keys), 2) points of many corners at once."""
        whole = np.stack(np.divmod(np.asarray(keys, dtype=np.int64), self._tall), axis=-1)
        return whole / self.resolution * self.scale

    def centre(self, cell: int) -> Point:
        x, y = self.centres([cell])[0]
        return float(x), float(y)

    def centres(self, cells: Sequence[int]) -> np.ndarray:
        """(len(cells), 2) cell centres in drawing units."""
        return (self.grid.unit_centres_of(np.asarray(cells, dtype=np.int64)) - self._lows) * self.scale

    def edge_keys(self, cells: np.ndarray, direction: int) -> tuple[np.ndarray, np.ndarray]:
        """Corner keys of both ends of side ``direction`` of each cell."""
        ends = self.side_keys(np.asarray(cells, dtype=np.int64))[:, direction]
        return ends[:, 0], ends[:, 1]

    def polygon(self, cell: int) -> list[Point]:
        """The cell's outline, curved sides as the grid bends them."""
        points: list[Point] = []
        for start, end in self.side_keys(np.array([cell]))[0].tolist():
            if start >= 0:
                points.append(self.key_point(start))
                points.extend(self.bend(start, end))
        return points

    def bend(self, start: int, end: int) -> list[Point]:
        """The points a side from corner ``start`` to corner ``end`` passes between them (none
        where the grid's sides are straight)."""
        return self.bend_between(self.key_point(start), self.key_point(end)) if self.curved else []

    def bend_between(self, start: Point, end: Point) -> list[Point]:
        """``Grid.edge_bend`` in drawing units: the curve from ``start`` to ``end``, ends left out."""
        if not self.curved:
            return []
        ox, oy = self.origin
        plane = self.grid.edge_bend(*((x / self.scale + ox, y / self.scale + oy) for x, y in (start, end)))
        return [((x - ox) * self.scale, (y - oy) * self.scale) for x, y in plane]

    def route(self, cells: Sequence[int]) -> list[Point]:
        """A path through cell centres, bent where the grid's sides are (round a ring on a disc)."""
        points: list[Point] = []
        for k, (x, y) in enumerate(self.centres(cells).tolist()):
            here = (x, y)
            if k:
                points.extend(self.bend_between(points[-1], here))
            points.append(here)
        return points

    def line(self, keys: Sequence[int]) -> list[Point]:
        """A chained polyline of corners as points, curved sides bent."""
        if not keys:
            return []
        points = [self.key_point(keys[0])]
        for start, end in zip(keys, keys[1:]):
            points.extend(self.bend(start, end))
            points.append(self.key_point(end))
        return points

    def edge_points(self, cell: int, direction: int) -> tuple[Point, Point]:
        a, b = self.side_keys(np.array([cell]))[0, direction].tolist()
        return self.key_point(a), self.key_point(b)


def lattice_for(grid: Grid) -> Lattice:
    """The lattice of a grid; a grid type without plane geometry refuses in one line."""
    try:
        return Lattice(grid)
    except NotImplementedError:
        raise ValueError(f"svg and pdf export are not available for {grid.kind} grids") from None


# --- segments and chains ----------------------------------------------------------------


def wall_edges(maze: Maze, lattice: Lattice) -> tuple[np.ndarray, np.ndarray]:
    """Both ends (lattice keys) of every wall: each closed passage between neighbours once, and
    every border edge but the entrance and the exit (by direction, then by cell). The lattice's
    neighbour table is let go on the way (made again if asked for)."""
    grid = maze.grid
    gaps = {maze.entrance, maze.exit}

    def walls(cells: np.ndarray, keys: np.ndarray, d: int) -> np.ndarray:
        nb = lattice.neighbours[cells, d]
        closed = (maze.passages[cells] >> d & 1) == 0
        wall = ((nb > cells) & closed) | ((nb < 0) & (keys[:, d, 0] >= 0))
        for cell, gap in gaps:
            if gap == d and grid.neighbour(cell, d) < 0:
                wall[cells == cell] = False
        return wall

    return sides_where(lattice, np.arange(grid.size, dtype=np.int64), walls, last=True)


def boundary_edges(grid: Grid, lattice: Lattice, label: np.ndarray, keep: int) -> tuple[np.ndarray, np.ndarray]:
    """The outline of the cells whose ``label`` is ``keep``: their edges toward another label or off the grid."""

    def edges(cells: np.ndarray, keys: np.ndarray, d: int) -> np.ndarray:
        nb = lattice.neighbours[cells, d]
        return ((nb < 0) & (keys[:, d, 0] >= 0)) | ((nb >= 0) & (label[np.maximum(nb, 0)] != keep))

    return sides_where(lattice, outline_cells(lattice.neighbours, label, keep), edges)


def outline_cells(neighbours: np.ndarray, label: np.ndarray, keep: int) -> np.ndarray:
    """The cells labelled ``keep`` with a neighbour labelled otherwise or none: the only ones an
    outline can pass (the floor's is the border: reading every cell's sides for it took 4 % of a
    2000 x 2000 hex SVG's time), in order, a block of cells at a time."""
    found = []
    for start in range(0, len(label), Lattice.BLOCK * 16):
        near = neighbours[start:start + Lattice.BLOCK * 16]
        mine = label[start:start + len(near)] == keep
        apart = (near < 0) | (label[np.maximum(near, 0)] != keep)
        found.append(np.flatnonzero(mine & apart.any(axis=1)) + start)
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def sides_where(lattice: Lattice, cells: np.ndarray, chosen, last: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Both ends of the sides ``chosen(block, keys, d)`` picks, a block of ``cells`` at a time,
    ordered by direction and then by cell. ``last``: the neighbour table goes before the ends are
    gathered (on a large hex maze the table, the blocks' ends and the gathered ends took 450 MB)."""
    directions = lattice.grid.directions
    # A buffer a direction, as long as it could need: only the pages written are memory.
    starts = [np.empty(len(cells), dtype=np.int64) for _ in range(directions)]
    ends = [np.empty(len(cells), dtype=np.int64) for _ in range(directions)]
    filled = [0] * directions
    for block, keys in lattice.blocks(cells):
        for d in range(directions):
            picked = keys[chosen(block, keys, d), d]
            at = filled[d]
            starts[d][at:at + len(picked)], ends[d][at:at + len(picked)] = picked[:, 0], picked[:, 1]
            filled[d] += len(picked)
    if last:
        lattice.forget_neighbours()
    return _gathered(starts, filled), _gathered(ends, filled)


def _gathered(parts: list[np.ndarray], filled: list[int]) -> np.ndarray:
    """The filled starts of ``parts`` one after another, each part let go once it is copied."""
    out = np.empty(sum(filled), dtype=np.int64)
    at = 0
    for d, count in enumerate(filled):
        out[at:at + count] = parts[d][:count]
        parts[d] = out[:0]
        at += count
    return out


# --- the drawing ------------------------------------------------------------------------


@dataclass
class Fill:
    """Cells filled in one colour: as outlines for SVG (``loops``), cell by cell for raster pages."""

    name: str
    colour: Colour
    loops: list[list[Point]]
    cells: list[int]


@dataclass
class Drawing:
    """Everything drawn for one maze, in drawing units with the margin included."""

    width: float
    height: float
    unit: float
    background: Colour
    floor: Colour
    wall: Colour
    marker: Colour
    path_colour: Colour
    outline: list[list[Point]]
    wall_chains: Chains
    """The walls, chained into polylines of lattice corners as they are read (``walls`` gives
    their points)."""
    entrance: list[list[Point]]
    exit: list[list[Point]]
    fills: list[Fill] = field(default_factory=list)
    solution: list[Point] = field(default_factory=list)
    lattice: Lattice | None = None
    offset: Point = (0.0, 0.0)

    @property
    def walls(self) -> list[list[Point]]:
        """The wall polylines as points, curved sides bent (for the PDF pages: mazes that fit a page)."""
        assert self.lattice is not None
        ox, oy = self.offset
        return [[(x + ox, y + oy) for x, y in self.lattice.line(keys)] for keys in self.wall_chains.keys()]

    @property
    def wall_width(self) -> float:
        return self.unit * WALL_WIDTH

    @property
    def path_width(self) -> float:
        return self.unit * PATH_WIDTH

    def cell_polygon(self, cell: int) -> list[Point]:
        assert self.lattice is not None
        ox, oy = self.offset
        return [(x + ox, y + oy) for x, y in self.lattice.polygon(cell)]


def arrow(tail: Point, head: Point, size: float) -> list[list[Point]]:
    """An arrow from ``tail`` to ``head`` as strokes: the shaft and a two-sided head."""
    angle = math.atan2(head[1] - tail[1], head[0] - tail[0])
    barbs = [(head[0] - size * math.cos(angle + s * math.radians(30)),
              head[1] - size * math.sin(angle + s * math.radians(30))) for s in (-1, 1)]
    return [[tail, head], [barbs[0], head, barbs[1]]]


def gap_arrow(lattice: Lattice, gap: tuple[int, int], inward: bool, shift: Point) -> list[list[Point]]:
    """An arrow outside the gap ``(cell, direction)``: pointing in for the entrance, out for the exit."""
    cell, d = gap
    (ax, ay), (bx, by) = lattice.edge_points(cell, d)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    cx, cy = lattice.centre(cell)
    length = math.hypot(mx - cx, my - cy)
    nx, ny = (mx - cx) / length, (my - cy) / length
    near, far = 0.25 * lattice.unit, 1.0 * lattice.unit
    sx, sy = shift
    inner = (mx + nx * near + sx, my + ny * near + sy)
    outer = (mx + nx * far + sx, my + ny * far + sy)
    size = 0.35 * lattice.unit
    return arrow(outer, inner, size) if inward else arrow(inner, outer, size)


def plane_extent(segments: np.ndarray, scale: float) -> tuple[float, float]:
    """Width and height of the grid's sides in drawing units (``scale`` per plane unit). Each axis is
    reduced on its own: numpy's ``max(axis=0)`` over pairs of points took 0.6 s of a 1000 x 1000
    masked PDF's refusal, a pass along each axis 0.03 s."""
    xs, ys = segments[..., 0], segments[..., 1]
    return float((xs.max() - xs.min()) * scale), float((ys.max() - ys.min()) * scale)


def grid_extent(grid: Grid) -> Extent:
    """The drawing's extent from the grid's sides alone, without the lattice's corner table (a
    fraction of its time and memory: a page refuses a large maze from it), and only from the cells
    whose sides can reach its edge where the grid knows them (``Grid.extent_cells``)."""
    cells = grid.extent_cells()
    segments = grid.edge_segments() if cells is None else grid.cell_segments(cells)
    first = np.arange(min(1, grid.size))  # the first of ``cells`` too: they run from cell 0
    scale = CELL_SPACING / centre_spacing(grid.unit_centres_of(first), segments[:1])
    return _with_margin(plane_extent(segments, scale), CELL_SPACING)


@dataclass(frozen=True)
class Extent:
    """A drawing's size and unit, known from the grid alone: a page can refuse a maze that will
    not fit before the maze is made."""

    width: float
    height: float
    unit: float
    margin: float


def drawing_extent(lattice: Lattice) -> Extent:
    """The drawing's size with the margin round the grid (room for the entrance and exit arrows)."""
    return _with_margin(lattice.extent, lattice.unit)


def _with_margin(extent: tuple[float, float], unit: float) -> Extent:
    margin = 1.3 * unit + unit * WALL_WIDTH
    return Extent(extent[0] + 2 * margin, extent[1] + 2 * margin, unit, margin)


def maze_drawing(maze: Maze, theme: Theme, solution: bool = False) -> Drawing:
    """The finished maze as strokes and fills: what the SVG writes and the PDF paints."""
    grid = maze.grid
    lattice = lattice_for(grid)
    extent = drawing_extent(lattice)
    margin = extent.margin

    def points(line: Sequence[int]) -> list[Point]:
        return [(x + margin, y + margin) for x, y in lattice.line(line)]

    colours = theme.colours

    def colour(style: int) -> Colour:
        r, g, b = (int(v) for v in colours[style])
        return r, g, b

    everything = np.zeros(grid.size, dtype=np.int64)
    outline = [points(loop) for loop in chain(*boundary_edges(grid, lattice, everything, 0))]
    fills = []
    if maze.rooms:
        room = np.full(grid.size, -1, dtype=np.int64)
        for number, members in maze.rooms.items():
            room[members] = number
        for number in sorted(maze.rooms):
            loops = [points(loop) for loop in chain(*boundary_edges(grid, lattice, room, number))]
            fills.append(Fill(f"room {number}", colour(Style.ROOM), loops, sorted(maze.rooms[number])))
    for state, style, name in ((CellState.UNVISITED, Style.UNVISITED, "unvisited"),
                               (CellState.PRUNED, Style.PRUNED, "pruned")):
        solid = np.flatnonzero(maze.state == state)
        if len(solid):
            loops = [points(loop) for loop in chain(*boundary_edges(grid, lattice, maze.state, int(state)))]
            fills.append(Fill(name, colour(style), loops, solid.tolist()))
    fills.extend(terrain_fills(maze, lattice, points, colour))
    edges = list(wall_edges(maze, lattice))  # the neighbour table went before they were gathered
    walls = Chains.taking(edges)
    path: list[Point] = []
    if solution:
        from ..solvers import shortest_path

        path = [(x + margin, y + margin) for x, y in lattice.route(shortest_path(maze))]
    shift = (margin, margin)
    return Drawing(width=extent.width, height=extent.height, unit=lattice.unit,
                   background=theme.background, floor=theme.floor, wall=theme.wall, marker=colour(-3),
                   path_colour=colour(Style.PATH), outline=outline, wall_chains=walls,
                   entrance=gap_arrow(lattice, maze.entrance, True, shift),
                   exit=gap_arrow(lattice, maze.exit, False, shift),
                   fills=fills, solution=path, lattice=lattice, offset=shift)


def terrain_fills(maze: Maze, lattice: Lattice, points, colour) -> list[Fill]:
    """Weighted cells (``-p weights=N``): the floor a shade darker per cost, as the window draws it
    (cost 1 is the plain floor: no fill)."""
    if maze.weights is None:
        return []
    cost = np.where(maze.state == CellState.PASSAGE, maze.weights.astype(np.int64), 0)
    fills = []
    for level in np.unique(cost[cost > 1]).tolist():
        loops = [points(loop) for loop in chain(*boundary_edges(maze.grid, lattice, cost, level))]
        fills.append(Fill(f"cost-{level}", colour(TERRAIN + level - 1), loops, np.flatnonzero(cost == level).tolist()))
    return fills


# --- SVG text ---------------------------------------------------------------------------


def num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (same value, same text)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def hex_colour(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def corners_only(loop: Sequence[Point]) -> list[Point]:
    """A closed loop (first point repeated at the end) without the points in the middle of straight runs."""
    pts = list(loop[:-1]) if len(loop) > 1 and loop[0] == loop[-1] else list(loop)
    if len(pts) < 3:
        return pts
    kept = []
    for i, (x, y) in enumerate(pts):
        (px, py), (nx, ny) = pts[i - 1], pts[(i + 1) % len(pts)]
        if abs((x - px) * (ny - y) - (y - py) * (nx - x)) > 1e-6:
            kept.append((x, y))
    return kept or pts[:1]


def path_data(lines: Sequence[Sequence[Point]], close: bool = False) -> str:
    """``M x y L x y ...`` for each line, every point kept; ``close``: each line is a closed loop,
    written by its corners only and ended with Z."""
    parts = []
    for line in lines:
        head, *rest = corners_only(line) if close else line
        text = f"M{num(head[0])} {num(head[1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)
        parts.append(text + ("Z" if close else ""))
    return "".join(parts)


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def changed_params(spec: MazeSpec) -> list[str]:
    """``name=value`` for each parameter that is not at its default, sorted by name."""
    defaults = spec.info.defaults()
    return [f"{k}={v}" for k, v in sorted(spec.params.items()) if defaults.get(k) != v]


def describe(spec: MazeSpec) -> str:
    """``prim maze, 15 x 15 square grid, seed 3`` plus any parameter that is not its default."""
    params = "".join(f", {p}" for p in changed_params(spec))
    return f"{spec.algorithm} maze, {spec.width} x {spec.height} {spec.grid} grid, seed {spec.seed}{params}"


def to_svg(drawing: Drawing, title: str) -> str:
    """The drawing as a standalone SVG document."""
    return "".join(svg_chunks(drawing, title))


def svg_chunks(drawing: Drawing, title: str) -> Iterator[str]:
    """The SVG document a piece at a time: the walls, nearly all of a large maze's text, are
    written a few hundred thousand points a piece (``svg_text``), so the whole text is never held."""
    w, h = num(drawing.width), num(drawing.height)
    stroke = 'fill="none" stroke-linecap="round" stroke-linejoin="round"'
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
        f"<title>{escape(title)}</title>",
        f'<rect id="background" width="{w}" height="{h}" fill="{hex_colour(drawing.background)}"/>',
        f'<path id="floor" d="{path_data(drawing.outline, close=True)}" fill="{hex_colour(drawing.floor)}" '
        'fill-rule="evenodd"/>',
    ]
    if drawing.fills:
        lines.append('<g id="fills" stroke="none" fill-rule="evenodd">')
        lines.extend(f'<path class="{"room" if fill.name.startswith("room") else fill.name}" '
                     f'd="{path_data(fill.loops, close=True)}" fill="{hex_colour(fill.colour)}"/>'
                     for fill in drawing.fills)
        lines.append("</g>")
    if drawing.solution:
        points = " ".join(f"{num(x)},{num(y)}" for x, y in drawing.solution)
        lines.append(f'<polyline id="solution" points="{points}" stroke="{hex_colour(drawing.path_colour)}" '
                     f'stroke-width="{num(drawing.path_width)}" {stroke}/>')
    lines.append(f'<g id="walls" stroke="{hex_colour(drawing.wall)}" stroke-width="{num(drawing.wall_width)}" '
                 f'{stroke}>')
    yield "\n".join(lines) + "\n"
    yield from wall_paths(drawing)
    yield "\n".join([
        "</g>",
        f'<g id="markers" stroke="{hex_colour(drawing.marker)}" '
        f'stroke-width="{num(drawing.wall_width * 1.3)}" {stroke}>',
        f'<path id="entrance" d="{path_data(drawing.entrance)}"/>',
        f'<path id="exit" d="{path_data(drawing.exit)}"/>',
        "</g>",
        "</svg>",
    ]) + "\n"


def wall_paths(drawing: Drawing) -> Iterator[str]:
    """One ``<path>`` line a wall polyline: straight sides formatted in bulk, curved ones bent point by point."""
    lattice = drawing.lattice
    assert lattice is not None
    if not lattice.curved:
        chains = drawing.wall_chains
        yield from polyline_paths(chains.batches(CHUNK_POINTS),
                                  lambda numbers: lattice.key_points(chains.names[numbers]), drawing.offset)
        return
    for line in drawing.walls:
        yield f'<path d="{path_data([line])}"/>\n'


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> str:
    """The SVG export as one string."""
    return "".join(stream(maze, spec, options))


def stream(maze: Maze, spec: MazeSpec, options: ExportOptions) -> Iterator[str]:
    """The SVG export a piece at a time (the registry's entry point: the file is written as it comes)."""
    drawing = maze_drawing(maze, get_theme(options.resolved_theme("light")), options.solution)
    yield from svg_chunks(drawing, describe(spec))
