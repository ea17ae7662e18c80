"""Print exports: SVG line art, PDF pages and worksheets, checked against the maze model."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import main
from visualizer.core.maze import Maze
from visualizer.export import svg
from visualizer.export.formats import ExportOptions
from visualizer.export.worksheet import sheet_specs
from visualizer.render.themes import DARK, LIGHT
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

NS = {"svg": "http://www.w3.org/2000/svg"}
POINT = re.compile(r"([MLZ])\s*(?:(-?[\d.]+)[ ,](-?[\d.]+))?")
SQRT3 = math.sqrt(3)


# --- reading an SVG back ------------------------------------------------------------------


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def find(root: ET.Element, ident: str) -> ET.Element:
    found = root.find(f".//*[@id='{ident}']")
    assert found is not None, f"no element with id {ident}"
    return found


def polylines(d: str) -> list[list[tuple[float, float]]]:
    """The polylines of a path's ``d`` (M starts one, L continues it)."""
    lines: list[list[tuple[float, float]]] = []
    for op, x, y in POINT.findall(d):
        assert op != "Z", "walls are open polylines"
        if op == "M":
            lines.append([])
        lines[-1].append((float(x), float(y)))
    return lines


def wall_lines(root: ET.Element) -> list[list[tuple[float, float]]]:
    walls = find(root, "walls")
    return [line for path in walls.findall("svg:path", NS) for line in polylines(path.get("d", ""))]


def segments(lines) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(a, b) for line in lines for a, b in zip(line, line[1:])]


def origin(root: ET.Element) -> tuple[float, float]:
    """Where the grid's (0, 0) is: the top-left of the floor outline."""
    xs, ys = zip(*[(float(x), float(y)) for _, x, y in POINT.findall(find(root, "floor").get("d", "")) if x])
    return min(xs), min(ys)


# --- what the model says ------------------------------------------------------------------


def centre(maze: Maze, col: int, row: int, at: tuple[float, float]) -> tuple[float, float]:
    """A cell's centre as the window lays cells out (maybe off the grid, for border edges)."""
    ox, oy = at
    if maze.grid.kind == "square":
        return ox + (col + 0.5) * svg.SQUARE_CELL, oy + (row + 0.5) * svg.SQUARE_CELL
    r = svg.HEX_RADIUS
    return ox + r + 1.5 * r * col, oy + SQRT3 / 2 * r * (1 + 2 * row + (col & 1))


def snap(maze: Maze, p: tuple[float, float], at: tuple[float, float]) -> tuple[int, int]:
    """A point as whole steps of a quarter cell from the grid's origin (exact keys for comparing)."""
    if maze.grid.kind == "square":
        sx = sy = svg.SQUARE_CELL / 2
    else:
        sx, sy = svg.HEX_RADIUS / 4, svg.HEX_RADIUS * SQRT3 / 4
    kx, ky = (p[0] - at[0]) / sx, (p[1] - at[1]) / sy
    assert abs(kx - round(kx)) < 0.02 and abs(ky - round(ky)) < 0.02, p
    return round(kx), round(ky)


def expected_wall_midpoints(maze: Maze, at: tuple[float, float]) -> Counter:
    """Midpoint of every wall the model implies: a closed passage between neighbours once each, and
    every border edge but the entrance and exit. An edge's midpoint is halfway between the centres
    of the two cells it divides (off the grid too)."""
    grid = maze.grid
    gaps = {maze.entrance, maze.exit}
    out: Counter = Counter()
    for cell in range(grid.size):
        col, row = grid.coords(cell)
        for d in range(grid.directions):
            dx, dy = grid.STEPS[col & 1][d]
            ncol, nrow = col + dx, row + dy
            if grid.contains(ncol, nrow):
                if grid.cell(ncol, nrow) < cell or maze.is_open(cell, d):
                    continue
            elif (cell, d) in gaps:
                continue
            (ax, ay), (bx, by) = centre(maze, col, row, at), centre(maze, ncol, nrow, at)
            out[snap(maze, ((ax + bx) / 2, (ay + by) / 2), at)] += 1
    return out


def closed_count(maze: Maze) -> int:
    grid = maze.grid
    inner = sum(1 for c in range(grid.size) for d, nb in grid.neighbours(c) if nb > c and not maze.is_open(c, d))
    border = sum(grid.directions - len(grid.neighbours(c)) for c in range(grid.size))
    return inner + border - 2


def fewest_polylines(segs) -> int:
    """The fewest open or closed polylines covering these segments once each: per connected piece,
    half its odd-degree vertices, or one closed line when it has none."""
    parent: dict = {}

    def root(v):
        while parent.setdefault(v, v) != v:
            v = parent[v]
        return v

    degree: Counter = Counter()
    for a, b in segs:
        degree[a] += 1
        degree[b] += 1
        parent[root(a)] = root(b)
    odd: Counter = Counter(root(v) for v, n in degree.items() if n % 2)
    pieces = {root(v) for v in degree}
    return sum(max(1, odd[p] // 2) for p in pieces)


def specs_for(grid: str):
    names = [name for name, info in ALGORITHMS.items() if grid in info.grid_names]
    return st.builds(lambda alg, w, h, seed, braid: MazeSpec(alg, grid, w, h, seed, {"braid": braid}).check(),
                     st.sampled_from(names), st.integers(1, 12), st.integers(1, 12), st.integers(0, 10**6),
                     st.sampled_from([0, 0, 50, 100]))


# --- SVG -----------------------------------------------------------------------------------


@pytest.mark.parametrize("grid", ["square", "hex"])
@given(data=st.data())
def test_svg_walls_are_exactly_the_closed_edges_of_the_maze(grid, data):
    """Every unit wall segment in the SVG is one closed edge of the model, and every closed edge
    (between neighbours, or on the border but for the two gaps) is drawn once."""
    spec = data.draw(specs_for(grid))
    maze = spec.build()
    root = parse(svg.write(maze, spec, ExportOptions()))
    segs = segments(wall_lines(root))
    at = origin(root)
    assert len(segs) == closed_count(maze)
    edge = svg.SQUARE_CELL if grid == "square" else svg.HEX_RADIUS
    assert all(abs(math.dist(a, b) - edge) < 0.02 for a, b in segs)
    drawn = Counter(snap(maze, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), at) for a, b in segs)
    assert drawn == expected_wall_midpoints(maze, at)


@pytest.mark.parametrize("grid", ["square", "hex"])
@given(data=st.data())
def test_svg_walls_are_joined_into_the_fewest_polylines(grid, data):
    spec = data.draw(specs_for(grid))
    root = parse(svg.write(spec.build(), spec, ExportOptions()))
    lines = wall_lines(root)
    segs = [tuple(sorted((svg.num(a[0]), svg.num(a[1])) for a in pair)) for pair in segments(lines)]
    assert len(lines) == fewest_polylines(segs)


@given(st.lists(st.tuples(st.integers(0, 15), st.integers(0, 15)).filter(lambda e: e[0] != e[1]),
                max_size=40, unique_by=lambda e: (min(e), max(e))))
@example(edges=[(0, 1), (1, 4), (1, 2), (2, 3), (3, 1)])  # the walk 0-1-4 leaves the loop 1-2-3 to splice in
@example(edges=[(0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 4)])  # two loops apart: two closed lines
def test_chain_covers_every_segment_once_in_the_fewest_lines(edges):
    """Any graph (cycles, branches, pieces apart): each segment in exactly one polyline, consecutive
    points joined by a segment, closed lines end where they start, and no more lines than needed."""
    starts = np.array([a for a, _ in edges], dtype=np.int64)
    ends = np.array([b for _, b in edges], dtype=np.int64)
    lines = svg.chain(starts, ends)
    walked = Counter(tuple(sorted(pair)) for line in lines for pair in zip(line, line[1:]))
    assert walked == Counter(tuple(sorted(e)) for e in edges)
    assert all(len(line) >= 2 for line in lines)
    assert len(lines) == (fewest_polylines(edges) if edges else 0)


@pytest.mark.parametrize("grid", ["square", "hex"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dungeon_walls_with_loops_round_solid_cells_are_joined_into_the_fewest_polylines(grid, seed):
    """Walls round pruned cells form cycles: the closed tours must be spliced into the lines they touch."""
    spec = MazeSpec("dungeon", grid, 30, 20, seed)
    root = parse(svg.write(spec.build(), spec, ExportOptions()))
    lines = wall_lines(root)
    segs = [tuple(sorted((svg.num(a[0]), svg.num(a[1])) for a in pair)) for pair in segments(lines)]
    assert len(lines) == fewest_polylines(segs)


@pytest.mark.parametrize("algorithm", ["backtracker", "prim", "kruskal"])
@pytest.mark.parametrize("grid", ["square", "hex"])
def test_a_typical_maze_has_far_fewer_polylines_than_wall_segments(algorithm, grid):
    spec = MazeSpec(algorithm, grid, 20, 15, 11)
    root = parse(svg.write(spec.build(), spec, ExportOptions()))
    lines = wall_lines(root)
    assert len(lines) < len(segments(lines)) / 3
    assert len(find(root, "walls")) == len(lines)  # one path element per polyline, all in the walls group


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_svg_solution_is_a_polyline_through_each_cell_of_the_shortest_path(tmp_path, grid):
    out = tmp_path / "maze.svg"
    assert main(["generate", "-a", "wilson", "-g", grid, "-s", "9x7", "--seed", "4", "--solution", "-o", str(out)]) == 0
    root = parse(out.read_text())
    spec = MazeSpec("wilson", grid, 9, 7, 4)
    maze = spec.build()
    path = shortest_path(maze)
    pts = [tuple(map(float, p.split(","))) for p in find(root, "solution").get("points", "").split()]
    assert len(pts) == len(path)
    at = origin(root)
    for cell, p in zip(path, pts):
        assert snap(maze, p, at) == snap(maze, centre(maze, *maze.grid.coords(cell), at), at)


def test_svg_without_solution_has_no_path(tmp_path, capsys):
    assert main(["generate", "-f", "svg", "-s", "6x5", "--seed", "2"]) == 0
    root = parse(capsys.readouterr().out)
    assert root.find(".//*[@id='solution']") is None
    assert find(root, "entrance").get("d") and find(root, "exit").get("d")


def test_svg_is_the_same_text_for_the_same_arguments(capsys):
    args = ["generate", "-f", "svg", "-a", "dungeon", "-g", "hex", "-s", "14x10", "--seed", "8", "--solution"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert main([*args[:-2], "9", "--solution"]) == 0
    assert capsys.readouterr().out != first


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_svg_dungeon_rooms_are_filled_one_path_each(grid):
    spec = MazeSpec("dungeon", grid, 30, 20, 5)
    maze = spec.build()
    assert maze.rooms
    root = parse(svg.write(maze, spec, ExportOptions()))
    rooms = [p for p in find(root, "fills") if p.get("class") == "room"]
    assert len(rooms) == len(maze.rooms)


@pytest.mark.parametrize(("theme", "colours"), [
    (None, LIGHT), ("light", LIGHT), ("dark", DARK)])
def test_svg_theme_colours(theme, colours, capsys):
    args = ["generate", "-f", "svg", "-s", "5x5", "--seed", "1"] + (["--theme", theme] if theme else [])
    assert main(args) == 0
    root = parse(capsys.readouterr().out)
    assert find(root, "background").get("fill") == svg.hex_colour(colours.background)
    assert find(root, "floor").get("fill") == svg.hex_colour(colours.floor)
    assert find(root, "walls").get("stroke") == svg.hex_colour(colours.wall)
    if theme != "dark":
        assert (find(root, "background").get("fill"), find(root, "walls").get("stroke")) == ("#ffffff", "#000000")


def test_svg_refuses_paper_in_one_line(capsys, tmp_path):
    out = tmp_path / "m.svg"
    assert main(["generate", "-f", "svg", "--paper", "letter", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--paper" in err
    assert not out.exists()


# --- PDF -----------------------------------------------------------------------------------


PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
MEDIABOX = re.compile(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]")
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def pdf_pages(data: bytes) -> list[tuple[float, float]]:
    """The MediaBox of each page (a page without its own has the document's), after checking the
    file's frame."""
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")
    boxes = [(float(w), float(h)) for w, h in MEDIABOX.findall(data)]
    pages = len(PAGE.findall(data))
    assert len(boxes) in (1, pages)
    return boxes * pages if len(boxes) == 1 else boxes


def test_pdf_is_byte_identical_for_the_same_arguments(tmp_path):
    outs = [tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"]
    args = ["generate", "-a", "dungeon", "-s", "16x12", "--solution", "--theme", "dark"]
    for out, seed in zip(outs, ("5", "5", "6")):
        assert main([*args, "--seed", seed, "-o", str(out)]) == 0
    a, b, c = (out.read_bytes() for out in outs)
    assert a == b != c
    assert b"ModDate" not in a and b"(D:20000101000000Z)" in a  # a fixed date, not the time of the run


def test_pdf_too_large_to_print_is_one_line_and_no_file(tmp_path, capsys):
    out = tmp_path / "big.pdf"
    assert main(["generate", "-s", "400x8", "--seed", "1", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too large to print" in err
    assert not out.exists()


# --- worksheets ----------------------------------------------------------------------------


def worksheet(tmp_path, name, *args):
    out = tmp_path / name
    status = main(["worksheet", *args, "-o", str(out)])
    return status, (out.read_bytes() if out.exists() else None)


@pytest.mark.parametrize(("count", "answers", "pages"), [
    (1, True, 2), (6, False, 1), (7, True, 3), (12, True, 3), (13, True, 5), (48, False, 8)])
def test_worksheet_page_count(tmp_path, count, answers, pages):
    args = ["-n", str(count), "-s", "5x5", "--seed", "1"] + ([] if answers else ["--no-answers"])
    status, data = worksheet(tmp_path, "w.pdf", *args)
    assert status == 0 and data is not None
    assert len(pdf_pages(data)) == pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_worksheet_is_the_same_for_the_same_seed_and_differs_for_another(tmp_path, paper):
    args = ["-n", "6", "-a", "prim", "-g", "hex", "-s", "10x10", "--paper", paper]
    _, first = worksheet(tmp_path, "1.pdf", *args, "--seed", "3")
    _, again = worksheet(tmp_path, "2.pdf", *args, "--seed", "3")
    _, other = worksheet(tmp_path, "3.pdf", *args, "--seed", "4")
    assert first is not None and first == again != other
    for w, h in pdf_pages(first):
        assert abs(w - SIZES[paper][0]) < 1 and abs(h - SIZES[paper][1]) < 1


def test_worksheet_without_seed_names_the_one_it_used(tmp_path, capsys):
    _, first = worksheet(tmp_path, "1.pdf", "-n", "2", "-s", "6x6")
    seed = re.search(r"--seed (\d+)", capsys.readouterr().err)
    assert seed
    _, again = worksheet(tmp_path, "2.pdf", "-n", "2", "-s", "6x6", "--seed", seed.group(1))
    assert first == again


def test_worksheet_maze_k_is_the_maze_of_seed_plus_k():
    specs = sheet_specs(MazeSpec("prim", "square", 6, 6, 40), 5)
    assert [s.seed for s in specs] == [40, 41, 42, 43, 44]
    assert specs[0].build().same_as(MazeSpec("prim", "square", 6, 6, 40).build())


@pytest.mark.parametrize("count", ["0", "49", "-3"])
def test_worksheet_count_out_of_range_is_one_line_and_status_2(tmp_path, capsys, count):
    status, data = worksheet(tmp_path, "w.pdf", "-n", count, "-s", "5x5", "--seed", "1")
    assert status == 2 and data is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--count must be from 1 to 48" in err


def test_worksheet_too_large_for_the_answer_key_says_so(tmp_path, capsys):
    status, data = worksheet(tmp_path, "w.pdf", "-n", "1", "-s", "200x20", "--seed", "1")
    assert status == 2 and data is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--no-answers" in err
    status, data = worksheet(tmp_path, "w.pdf", "-n", "1", "-s", "200x20", "--seed", "1", "--no-answers")
    assert status == 0 and data is not None


def test_worksheet_bad_algorithm_for_grid_is_one_line(tmp_path, capsys):
    status, data = worksheet(tmp_path, "w.pdf", "-a", "eller", "-g", "hex", "--seed", "1")
    assert status == 2 and data is None
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_weighted_cells_are_drawn_a_shade_per_cost_in_svg_and_pdf(grid):
    """``-p weights=N``: one fill per cost above 1, over exactly the cells of that cost, in the
    colour the window gives it; PDF pages paint the same fills."""
    from visualizer.render.palette import TERRAIN

    spec = MazeSpec("backtracker", grid, 10, 7, 3, {"weights": 6})
    maze = spec.build()
    drawing = svg.maze_drawing(maze, LIGHT)
    terrain = {fill.name: fill for fill in drawing.fills if fill.name.startswith("cost-")}
    costs = maze.weights.astype(int)
    assert sorted(terrain) == sorted(f"cost-{c}" for c in set(costs.tolist()) if c > 1)
    for name, fill in terrain.items():
        cost = int(name.removeprefix("cost-"))
        assert fill.cells == np.flatnonzero(costs == cost).tolist()
        assert fill.colour == tuple(int(v) for v in LIGHT.colours[TERRAIN + cost - 1]) and fill.loops
    text = svg.write(maze, spec, ExportOptions())
    assert all(f'class="{name}"' in text for name in terrain)
    plain = MazeSpec("backtracker", grid, 10, 7, 3).build()
    assert not any(f.name.startswith("cost-") for f in svg.maze_drawing(plain, LIGHT).fills)


@given(st.lists(st.one_of(st.floats(-1e6, 1e6, allow_nan=False), st.integers(-10**6, 10**6).map(lambda k: k / 200),
                          st.integers(-10**6, 10**6).map(lambda k: k / 1000)), max_size=30))
@example(values=[0.015, -0.004, 2.675, 1.005, 0.0, -0.5, 28.4, 1e6 - 0.001])
def test_svg_numbers_written_in_bulk_are_the_text_each_would_have_alone(values):
    """The walls' coordinates are formatted by numpy a batch at a time: the same text as ``num``."""
    from visualizer.export.svg_text import number_bytes

    rows = number_bytes(np.array(values, dtype=np.float64))
    assert [bytes(row[row != 0]).decode() for row in rows] == [svg.num(v) for v in values]
