"""What ``generate`` takes for each format: themes, the solution, the cell size, and one clear line
for an option a format does not take."""

from __future__ import annotations

import io

import numpy as np
import pygame
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.export.formats import FORMATS, extension_mismatch, format_for, unknown_extension
from visualizer.grids.layout import WALL_WEIGHTS
from visualizer.render.board import Board, fit_camera, walls
from visualizer.render.image import MAX_IMAGE_SIDE
from visualizer.render.palette import Style
from visualizer.render.themes import DARK, LIGHT, THEMES
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

BASE = ["generate", "-a", "prim", "-s", "10x7", "--seed", "5"]


def pixels(path) -> np.ndarray:
    return pygame.surfarray.array3d(pygame.image.load(io.BytesIO(path.read_bytes())))


def colours(image: np.ndarray) -> set[tuple[int, int, int]]:
    return {tuple(c) for c in image.reshape(-1, 3).tolist()}


def test_png_is_dark_by_default_and_light_on_request(tmp_path):
    assert main([*BASE, "-o", str(tmp_path / "dark.png")]) == 0
    assert main([*BASE, "--theme", "light", "-o", str(tmp_path / "light.png")]) == 0
    dark, light = colours(pixels(tmp_path / "dark.png")), colours(pixels(tmp_path / "light.png"))
    assert DARK.floor in dark and DARK.wall in dark and LIGHT.floor not in dark
    assert light >= {(255, 255, 255), (0, 0, 0)} and DARK.wall not in light


def test_every_style_keeps_its_meaning_in_every_theme():
    for theme in THEMES.values():
        assert theme.colours.shape == DARK.colours.shape
        assert len({tuple(c) for c in theme.colours[:Style.REGION].tolist()}) == int(Style.REGION)  # all distinct
        assert theme.wall != theme.floor and theme.background != theme.wall


def test_the_solution_is_drawn_on_the_solution_cells(tmp_path):
    assert main([*BASE, "--cell", "20", "-o", str(tmp_path / "plain.png")]) == 0
    assert main([*BASE, "--cell", "20", "--solution", "-o", str(tmp_path / "solved.png")]) == 0
    plain, solved = pixels(tmp_path / "plain.png"), pixels(tmp_path / "solved.png")
    path_colour = tuple(DARK.colours[Style.PATH])
    assert path_colour not in colours(plain)
    painted = (solved == path_colour).all(axis=2).sum()
    maze = MazeSpec("prim", "square", 10, 7, 5).build()
    cells = len(shortest_path(maze))
    # Each path cell is a 20 x 20 tile less its wall share; at least half of it shows the path colour.
    assert painted >= cells * 20 * 20 // 2


def test_cell_sets_the_picture_size_and_too_large_a_cell_is_one_line(tmp_path, capsys):
    assert main([*BASE, "--cell", "12", "-o", str(tmp_path / "a.png")]) == 0
    assert main([*BASE, "--cell", "24", "-o", str(tmp_path / "b.png")]) == 0
    small, large = pixels(tmp_path / "a.png").shape, pixels(tmp_path / "b.png").shape
    assert large[0] > 1.8 * small[0] and large[1] > 1.8 * small[1]
    assert main([*BASE, "--cell", str(MAX_IMAGE_SIDE), "-o", str(tmp_path / "c.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--cell" in err and not (tmp_path / "c.png").exists()


@pytest.mark.parametrize("argv, word", [
    (["-f", "text", "--solution"], "--solution"),
    (["-f", "json", "--theme", "light"], "--theme"),
    (["-f", "svg", "--fps", "10"], "--fps"),
    (["-o", "x.png", "--paper", "letter"], "--paper"),
    (["-f", "text", "--show", "distance"], "--show"),
    (["-o", "x.png", "--cell", "0"], "cell"),
    (["-o", "x.gif", "--hold", "-1"], "hold"),
    (["-o", "x.gif", "--solve", "nosuch"], "nosuch"),
    (["-f", "pdf"], "--output"),
])
def test_an_option_a_format_does_not_take_is_one_line_and_exit_2(argv, word, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main([*BASE, *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and word in err
    assert not any(tmp_path.iterdir())  # nothing written


def test_the_format_comes_from_the_extension_unless_named():
    assert format_for(None, "maze.GIF").name == "gif"
    assert format_for(None, "out/maze.webp").name == "webp"
    assert format_for(None, "a.b/maze").name == "text"
    assert format_for("json", "maze.png").name == "json"
    assert all(fmt.extensions for fmt in FORMATS.values())


WORDS = st.text(st.characters(blacklist_characters="/\\.", blacklist_categories=("Cs",)), min_size=1, max_size=6)
STEMS = st.lists(WORDS, min_size=1, max_size=3).map(".".join)  # "my.maze.v2"


@given(stem=STEMS, fmt=st.sampled_from(sorted(FORMATS)), upper=st.booleans(),
       folder=st.sampled_from(["", "out/", "a.b/", "C:\\maps.v2\\"]))
@example(stem="my.maze", fmt="png", upper=False, folder="")
def test_a_file_is_written_in_the_format_its_last_extension_names(stem, fmt, upper, folder):
    """``my.maze.v2.png`` is a picture, wherever it goes and however its extension is cased."""
    extension = FORMATS[fmt].extensions[0]
    path = folder + stem + (extension.upper() if upper else extension)
    assert format_for(None, path).name == fmt
    assert unknown_extension(path) is None


@pytest.mark.parametrize("folder", ["a.b/", "C:\\maps.v2\\", "..\\"])
def test_a_dot_in_a_folder_name_is_no_extension(folder):
    """The text maze goes into a file named without an extension, whatever its folders are called."""
    assert format_for(None, folder + "maze").name == "text"
    assert unknown_extension(folder + "maze") is None


def test_the_refusal_of_an_unknown_extension_lists_every_format():
    message = unknown_extension("maze.jpg")
    assert message is not None and ".jpg" in message
    assert all(fmt.extensions[0] in message for fmt in FORMATS.values())


@pytest.mark.parametrize("path", ["map.json", "maps/Map.JSON", "MAP.Json"])
def test_a_tiled_map_may_be_named_json_in_any_case(path):
    assert extension_mismatch("tiled", path) is None
    assert extension_mismatch("png", path) is not None


def test_the_command_line_names_the_registries_choices():
    """The CLI spells some choices out so --help stays quick; they must be the registries' own."""
    from visualizer.cli import options, play
    from visualizer.export.pdf import PAPERS
    from visualizer.play.ghost import LEVELS

    assert set(options.THEMES) == set(THEMES) and set(options.PAPERS) == set(PAPERS) and play.GHOSTS == LEVELS


@pytest.mark.parametrize("theme", list(THEMES))
def test_a_png_hatches_the_dear_cells_under_the_solution_as_the_window_does(tmp_path, theme):
    """The window draws a weighted cell's cost as strokes of the dearest ground's colour where the
    solution's colour hides its shade; the PNG of the same maze did not, so the weights on the way
    out vanished from it. Every dear cell on the path shows the strokes, no cost-1 cell does."""
    from visualizer.render.palette import DEAREST

    args = ["generate", "-a", "backtracker", "-s", "12x8", "--seed", "3", "-p", "weights=9", "--cell", "40",
            "--solution", "--theme", theme, "-o", str(tmp_path / "w.png")]
    assert main(args) == 0
    image, colour = pixels(tmp_path / "w.png"), THEMES[theme].colour(DEAREST)
    maze = MazeSpec("backtracker", "square", 12, 8, 3, {"weights": 9}).build()
    path = shortest_path(maze)
    weight = WALL_WEIGHTS[walls()]
    board = Board(maze.grid, image.shape[0], 1, fit_camera(maze.grid, image.shape[0], image.shape[1], weight), weight)
    reach = int(board.cell_pixels * 0.35)

    def hatched(cell):
        x, y = (int(v) for v in board.cell_centre(cell))
        return bool((image[x - reach:x + reach, y - reach:y + reach] == colour).all(axis=2).any())

    dear = [c for c in path if maze.weights[c] > 1]
    assert dear and all(hatched(c) for c in dear)
    assert not any(hatched(c) for c in path if maze.weights[c] == 1)
