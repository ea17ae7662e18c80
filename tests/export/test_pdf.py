"""The PDF is a vector drawing: its pages, its text and its wall lines read back from the file
match the maze (no picture inside), and it stays small and the same for the same arguments."""

from __future__ import annotations

import math
import re
import zlib

import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.export import pdf, svg
from visualizer.export.worksheet import sheet_specs
from visualizer.grids import GRIDS, make_grid
from visualizer.render.themes import DARK, LIGHT
from visualizer.run.spec import MazeSpec

OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.S)
STROKE = re.compile(r"([\d.]+) ([\d.]+) ([\d.]+) RG ((?:[-\d.]+ [-\d.]+ [ml] )+)S")
FILL = re.compile(r"([\d.]+) ([\d.]+) ([\d.]+) rg ")
TEXT = re.compile(r"\(((?:[^()\\]|\\.)*)\) Tj")


def pages(data: bytes) -> list[str]:
    """Each page's drawing operators, in page order (the streams unpacked)."""
    objects = {int(m.group(1)): m.group(2) for m in OBJECT.finditer(data)}
    root = next(body for body in objects.values() if re.search(rb"/Type\s*/Pages\b", body))
    kids = [int(k) for k in re.findall(rb"(\d+) 0 R", re.search(rb"/Kids\s*\[(.*?)\]", root, re.S).group(1))]
    contents = []
    for kid in kids:
        ref = int(re.search(rb"/Contents (\d+) 0 R", objects[kid]).group(1))
        body = objects[ref]
        stream = body[body.index(b"stream") + 6:body.rindex(b"endstream")].strip(b"\r\n")
        contents.append((zlib.decompress(stream) if b"FlateDecode" in body else stream).decode("latin-1"))
    return contents


def texts(page: str) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", t) for t in TEXT.findall(page)]


def colour_of(match: re.Match) -> tuple[int, int, int]:
    r, g, b = (round(float(v) * 255) for v in match.groups()[:3])
    return r, g, b


def strokes(page: str, colour: tuple[int, int, int]) -> list[int]:
    """The number of straight lines in each stroked path of ``colour``."""
    return [m.group(4).count(" l ") for m in STROKE.finditer(page) if colour_of(m) == colour]


def generate(tmp_path, *args: str) -> bytes:
    out = tmp_path / "m.pdf"
    assert main(["generate", *args, "-o", str(out)]) == 0
    return out.read_bytes()


@pytest.mark.parametrize("grid", ["square", "hex", "triangle"])
def test_a_page_draws_every_wall_of_the_maze_as_one_line_and_names_the_maze(tmp_path, grid):
    data = generate(tmp_path, "-a", "prim", "-g", grid, "-s", "12x10", "--seed", "3")
    (page,) = pages(data)
    maze = MazeSpec("prim", grid, 12, 10, 3).build()
    walls = len(svg.wall_edges(maze, svg.lattice_for(maze.grid))[0])
    assert sum(strokes(page, LIGHT.wall)) == walls
    assert texts(page) == [f"prim maze, 12 x 10 {grid} grid, seed 3"]
    assert b"/Subtype /Image" not in data


def test_the_solution_page_adds_the_path_through_each_cell_of_it(tmp_path):
    data = generate(tmp_path, "-s", "9x7", "--seed", "4", "--solution")
    first, second = pages(data)
    drawing = svg.maze_drawing(MazeSpec("backtracker", "square", 9, 7, 4).build(), LIGHT, solution=True)
    assert strokes(first, drawing.path_colour) == []
    assert strokes(second, drawing.path_colour) == [len(drawing.solution) - 1]
    assert texts(second) == ["Solution: backtracker maze, 9 x 7 square grid, seed 4"]


@pytest.mark.parametrize(("theme", "background"), [("dark", DARK.background), ("light", LIGHT.background)])
def test_the_page_is_filled_with_the_theme_background_first(tmp_path, theme, background):
    (page,) = pages(generate(tmp_path, "-f", "pdf", "-s", "8x8", "--seed", "1", "--theme", theme))
    assert colour_of(FILL.search(page)) == tuple(background)


def test_a_worksheet_names_its_fields_numbers_its_mazes_and_its_pages(tmp_path):
    out = tmp_path / "w.pdf"
    assert main(["worksheet", "-n", "7", "-a", "prim", "-s", "8x8", "--seed", "3", "-o", str(out)]) == 0
    sheet = pages(out.read_bytes())
    assert len(sheet) == 3  # 6 mazes a page, then one answer page of 12
    first = texts(sheet[0])
    assert first[:3] == ["Name:", "Class:", "Date:"] and first[-6:] == [str(k) for k in range(1, 7)]
    assert first[3] == "7 prim mazes, 8 x 8 square grid, seeds 3 to 9"
    assert [f"page {k} of 3" in texts(p) for k, p in enumerate(sheet, 1)] == [True] * 3
    assert texts(sheet[2])[0] == "Answers" and "seed 9" in texts(sheet[2])
    specs = sheet_specs(MazeSpec("prim", "square", 8, 8, 3), 7)
    walls = [len(svg.wall_edges(m, svg.lattice_for(m.grid))[0]) for m in (s.build() for s in specs)]
    assert sorted(strokes(sheet[0], LIGHT.wall)) == sorted(walls[:6])
    assert strokes(sheet[1], LIGHT.wall) == [walls[6]]


def test_a_worksheet_of_six_mazes_of_60x60_is_small_and_the_same_each_time(tmp_path):
    """48 of them make about 1.5 MB (the target is 2 MB); an eighth of that is an eighth of the size
    (the size grows with the mazes: 12 make twice what 6 make)."""
    runs = []
    for name in ("a.pdf", "b.pdf"):
        out = tmp_path / name
        assert main(["worksheet", "-n", "6", "-s", "60x60", "--seed", "1", "-o", str(out)]) == 0
        runs.append(out.read_bytes())
    assert runs[0] == runs[1]
    assert len(runs[0]) < 2_000_000 / 8


PAGE_WORDS = re.compile(r"\b(on one|to an?) (A4|Letter) (answer )?page\b")
"""How a refusal names the page: "on one A4 page", "6 to an A4 page", "12 to a Letter answer page"."""


# --- refused before the maze is made --------------------------------------------------------------

@given(kind=st.sampled_from(list(GRIDS)), w=st.integers(1, 40), h=st.integers(1, 40))
def test_the_page_check_reads_the_drawing_size_from_the_grid_alone(kind, w, h):
    """The extent from the grid's sides is the drawing's; and every cell covers at least the share
    of a unit square the instant count check assumes, so that check never refuses a printable maze."""
    grid = make_grid(kind, *at_least(kind, w, h))
    quick, full = svg.grid_extent(grid), svg.drawing_extent(svg.lattice_for(grid))
    assert quick.width == pytest.approx(full.width, rel=1e-6) and quick.height == pytest.approx(full.height, rel=1e-6)
    inner = (quick.width - 2 * quick.margin) * (quick.height - 2 * quick.margin)
    assert inner >= grid.size * pdf.SMALLEST_CELL_AREA * quick.unit ** 2


@pytest.mark.parametrize("argv", [["-s", "1000x1000"], ["-g", "hex", "-s", "2000x2000"], ["-s", "400x400"],
                                  ["-s", "400x400", "--paper", "letter", "--solution"]])
def test_a_maze_too_large_to_print_is_refused_before_it_is_made(argv, tmp_path, capsys, monkeypatch):
    def no_work(self, *args):
        raise AssertionError("the maze was made before the refusal")

    monkeypatch.setattr(MazeSpec, "build", no_work)
    assert main(["generate", *argv, "-o", str(tmp_path / "m.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too large to print" in err and not (tmp_path / "m.pdf").exists()
    assert PAGE_WORDS.search(err), err


def test_a_maze_that_fits_the_page_is_not_refused(tmp_path):
    assert main(["generate", "-s", "150x150", "-o", str(tmp_path / "m.pdf")]) == 0


@pytest.mark.parametrize("argv", [["-n", "48", "-s", "2000x2000"], ["-n", "48", "-s", "200x200"],
                                  ["-n", "6", "-g", "hex", "-s", "300x300"],
                                  ["-n", "12", "-s", "90x90", "--paper", "letter"]])
def test_a_worksheet_too_fine_to_print_is_refused_before_any_maze_is_made(argv, tmp_path, capsys, monkeypatch):
    def no_work(self, *args):
        raise AssertionError("a maze was made before the refusal")

    monkeypatch.setattr(MazeSpec, "build", no_work)
    assert main(["worksheet", *argv, "-o", str(tmp_path / "w.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too large to print" in err and not (tmp_path / "w.pdf").exists()
    assert PAGE_WORDS.search(err), err


def test_every_paper_has_a_name_for_sentences():
    assert set(pdf.PAPER_NAMES) == set(pdf.PAPERS)
    assert pdf.page_words("a4") == "an A4 page" and pdf.page_words("letter", "answer page") == "a Letter answer page"


# --- the entrance and exit marks, printed -------------------------------------------------------

FILLED = re.compile(r"([\d.]+) ([\d.]+) ([\d.]+) rg ((?:[-\d.]+ [-\d.]+ [ml] )+)h f\*? ")
WHITE = (255, 255, 255)
MM = pdf.DPI / 25.4
"""Dots in a millimetre."""


def fills(page: str) -> list[tuple[tuple[int, int, int], list[tuple[float, float]]]]:
    """Each filled shape of the page: its colour and its corners, in dots from the top-left corner."""
    shapes = []
    for m in FILLED.finditer(page):
        numbers = [float(v) for v in re.findall(r"[-\d.]+(?= )", m.group(4))]
        shapes.append((colour_of(m), list(zip(numbers[::2], numbers[1::2], strict=True))))
    return shapes


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two colours."""
    def luminance(colour):
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in colour))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def box_of(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def is_round(points) -> bool:
    cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
    radii = [math.hypot(x - cx, y - cy) for x, y in points]
    return len(points) >= 12 and max(radii) - min(radii) < 0.05 * max(radii)


def tip_of(arrow) -> tuple[float, float]:
    """The point of an up or down arrow: its one corner at the top or the bottom (the tail is flat)."""
    top, bottom = min(p[1] for p in arrow), max(p[1] for p in arrow)
    at_top = [p for p in arrow if abs(p[1] - top) < 0.5]
    at_bottom = [p for p in arrow if abs(p[1] - bottom) < 0.5]
    (tip,) = at_top if len(at_top) == 1 else at_bottom
    return tip


def gap_marks(page: str, columns: int) -> list[dict[str, list]]:
    """For each square maze on the page (a white floor under its walls), the shapes drawn round its
    entrance (above the top-left cell) and its exit (below the bottom-right cell), and its cell size."""
    shapes = fills(page)
    floors = [box_of(points) for colour, points in shapes[1:] if colour == WHITE]  # the first is the page
    marks = [(colour, points) for colour, points in shapes if colour != WHITE]
    found = []
    for x0, y0, x1, y1 in floors:
        cell = (x1 - x0) / columns
        reach = 2 * max(cell, 60)
        gaps = {"entrance": (x0 + cell / 2, y0), "exit": (x1 - cell / 2, y1)}
        near = {name: [(c, p) for c, p in marks if all(math.dist(q, gap) < reach for q in p)]
                for name, gap in gaps.items()}
        found.append({"cell": cell, "gaps": gaps, **near})
    assert sum(len(maze["entrance"]) + len(maze["exit"]) for maze in found) == len(marks)  # nothing elsewhere
    return found


def sheet_pages(tmp_path, *args: str) -> list[str]:
    out = tmp_path / "w.pdf"
    assert main(["worksheet", "-a", "backtracker", "-s", "15x15", "--seed", "3", *args, "-o", str(out)]) == 0
    return pages(out.read_bytes())


@pytest.mark.parametrize("theme", ["light", "high-contrast"])
@pytest.mark.parametrize(("source", "page", "mazes"), [
    ("generate 5x5", 0, 1),  # cells of 3 cm: the marks grow with them
    ("worksheet", 0, 6),  # six mazes of 15 x 15: cells of 4 mm
    ("worksheet", 1, 6),  # the answer key, twelve to a page: cells of 3 mm, the marks at their smallest
])
def test_the_entrance_and_exit_print_dark_large_and_apart(tmp_path, source, page, mazes, theme):
    """On white paper the marks are the page's ink (at least 7:1, WCAG AAA: a black-and-white printer
    keeps them; the window's yellow printed a faint grey), at least 3 mm long and 2.5 mm wide or
    larger with the cells, outside the maze; the entrance points in from a round dot, the exit
    points out without one."""
    if source == "worksheet":
        sheet = sheet_pages(tmp_path, "-n", "6", "--theme", theme)[page]
        columns = 15
    else:
        (sheet,) = pages(generate(tmp_path, "-a", "backtracker", "-s", "5x5", "--seed", "3", "--theme", theme))
        columns = 5
    found = gap_marks(sheet, columns)
    assert len(found) == mazes
    for maze in found:
        cell = maze["cell"]
        for name in ("entrance", "exit"):
            shapes = maze[name]
            assert shapes, f"no mark at the {name}"
            for colour, _ in shapes:
                assert contrast(colour, WHITE) >= 7, (name, colour)
            dots = [points for _, points in shapes if is_round(points)]
            (arrow,) = [points for _, points in shapes if not is_round(points)]
            assert len(dots) == (1 if name == "entrance" else 0), name
            x0, y0, x1, y1 = box_of(arrow)
            assert y1 - y0 >= max(3 * MM, 0.7 * cell), (name, y1 - y0, cell)  # its length
            assert x1 - x0 >= max(2.5 * MM, 0.5 * cell), (name, x1 - x0, cell)  # its head's width
            gap = maze["gaps"][name]
            outside = all(p[1] < gap[1] for _, points in shapes for p in points) if name == "entrance" else \
                all(p[1] > gap[1] for _, points in shapes for p in points)
            assert outside, f"the {name} mark covers the maze"
            tip = tip_of(arrow)
            distances = [math.dist(p, gap) for p in arrow]
            if name == "entrance":  # points in: its tip is its nearest point to the gap
                assert math.dist(tip, gap) == min(distances)
            else:  # points out: its tip is its farthest
                assert math.dist(tip, gap) == max(distances)


def test_no_mark_is_stroked_in_a_colour_that_prints_faint(tmp_path):
    """Every stroke on a worksheet's page is dark on white (7:1), but the answer key's blue path
    (inside the maze, not needed to find the way in)."""
    sheet = sheet_pages(tmp_path, "-n", "2")
    path = svg.maze_drawing(MazeSpec("backtracker", "square", 15, 15, 3).build(), LIGHT, solution=True).path_colour
    for page in sheet:
        colours = {colour_of(m) for m in STROKE.finditer(page)} - {path}
        assert colours and all(contrast(colour, WHITE) >= 7 for colour in colours), colours


PLACED_TEXT = re.compile(r"BT ([\d.]+) ([\d.]+) Td \(([^()]*)\) Tj")
POINTS_HIGH = 841.92
"""An A4 page's height in points (text is placed in points from the bottom; shapes in dots from the top)."""


@pytest.mark.parametrize(("size", "page"), [("60x60", 1), ("60x60", 0), ("15x15", 1)])
def test_no_entrance_mark_reaches_into_the_number_above_its_maze(tmp_path, size, page):
    """The marks never shrink below 4 mm: above the tiny cells of an answer key of 60 x 60 they
    reached past the maze's margin into its number. Each number's baseline stays above its maze's
    entrance mark, with a gap."""
    out = tmp_path / "w.pdf"
    assert main(["worksheet", "-n", "6", "-s", size, "--seed", "1", "-o", str(out)]) == 0
    sheet = pages(out.read_bytes())[page]
    numbers = [((float(x) / 0.24), (POINTS_HIGH - float(y)) / 0.24)
               for x, y, words in PLACED_TEXT.findall(sheet) if words.isdigit()]
    found = gap_marks(sheet, int(size.split("x")[0]))
    assert len(found) == len(numbers) == 6
    for maze in found:
        gap_x, gap_y = maze["gaps"]["entrance"]
        above = [(x, y) for x, y in numbers if y < gap_y and abs(x - gap_x) < 4 * max(maze["cell"], 60)]
        baseline = max(y for _, y in above)  # the nearest number above this maze
        top = min(p[1] for _, points in maze["entrance"] for p in points)
        assert top >= baseline + 10, (top, baseline)
