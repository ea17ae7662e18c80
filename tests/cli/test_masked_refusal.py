"""A refusal of a large masked maze comes from one build of its grid, however many checks before the
work ask for it, and that build counts the kept cells without the neighbour tables (over a second
at 2000 x 2000); an accepted maze makes them once, when the work starts."""

import subprocess
import sys
from pathlib import Path

import pytest

from visualizer.cli import main
from visualizer.grids import masked

HEART = str(Path(__file__).parents[2] / "assets" / "masks" / "heart.png")


def counting_builds(monkeypatch) -> list[str]:
    """A spy on masked grids being made: each build's mask name."""
    built = []
    making = masked.MaskedGrid.__init__

    def counted(self, base, mask):
        built.append(mask.name)
        making(self, base, mask)

    monkeypatch.setattr(masked.MaskedGrid, "__init__", counted)
    return built


def test_the_masked_grid_is_built_once_for_the_checks_before_a_refusal(tmp_path, monkeypatch, capsys):
    built = counting_builds(monkeypatch)
    status = main(["generate", "--mask", HEART, "-s", "1500x1500", "-o", str(tmp_path / "m.webp")])
    error = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(error) == 1 and "to paint and encode" in error[0], error
    assert len(built) == 1
    assert not (tmp_path / "m.webp").exists()


def test_another_mask_or_size_gets_its_own_grid():
    from visualizer.files.masks import load_mask
    from visualizer.run.spec import MazeSpec

    heart = load_mask(HEART)
    one = MazeSpec(width=40, height=30, mask=heart)
    assert one.make_grid() is one.make_grid()
    assert one.with_(width=41).make_grid().width == 41
    assert one.make_grid().width == 40 and one.make_grid().size < 40 * 30


def test_a_grid_without_a_mask_lets_the_kept_masked_grid_go():
    import gc
    import weakref

    from visualizer.files.masks import load_mask
    from visualizer.run.spec import MazeSpec

    masked_spec = MazeSpec(width=40, height=30, mask=load_mask(HEART))
    kept = weakref.ref(masked_spec.make_grid())
    gc.collect()
    assert kept() is not None, "kept for the next check of the same recipe"
    masked_spec.with_(mask=None).make_grid()
    gc.collect()
    assert kept() is None


def spy_on_tables(monkeypatch) -> list[str]:
    """Every neighbour table made from now on (a grid's, by any class that makes its own, and a
    masked grid's neighbour function), by class name."""
    from visualizer.grids import GRIDS, Grid

    made: list[str] = []

    def spied(making):
        def counted(self, *args, **kwargs):
            made.append(type(self).__name__)
            return making(self, *args, **kwargs)

        return counted

    for cls in {Grid, *GRIDS.values()}:
        if "neighbour_array" in vars(cls):
            monkeypatch.setattr(cls, "neighbour_array", spied(vars(cls)["neighbour_array"]))
    making = masked.MaskedGrid._make_free_neighbours

    def counted_neighbours(self):
        made.append("neighbours")
        return making(self)

    monkeypatch.setattr(masked.MaskedGrid, "_make_free_neighbours", counted_neighbours)
    return made


@pytest.mark.parametrize(("grid", "output", "more", "said"), [
    ("square", "m.webp", [], "to paint and encode"),
    ("hex", "m.gif", [], "to paint and encode"),
    ("triangle", "m.pdf", [], "too large to print"),
    ("square", "m.png", ["--seconds", "5"], "--seconds cannot be used with png"),
    ("hex", "m.svg", ["--seconds", "5"], "--seconds cannot be used with svg"),
])
def test_a_large_masked_maze_is_refused_without_its_neighbour_tables(tmp_path, monkeypatch, capsys, grid, output,
                                                                      more, said):
    from visualizer.run import spec

    monkeypatch.setattr(spec, "_LAST_MASKED", {})
    made = spy_on_tables(monkeypatch)
    status = main(["generate", "--mask", HEART, "-g", grid, "-s", "2000x2000", "-o", str(tmp_path / output), *more])
    error = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(error) == 1 and said in error[0], error
    assert made == []
    assert not (tmp_path / output).exists()


def test_an_accepted_masked_maze_builds_its_grid_and_its_tables_once(tmp_path, monkeypatch, capsys):
    from visualizer.run import spec

    monkeypatch.setattr(spec, "_LAST_MASKED", {})
    made = spy_on_tables(monkeypatch)
    built = counting_builds(monkeypatch)
    assert main(["generate", "--mask", HEART, "-s", "60x50", "--seed", "3", "-o", str(tmp_path / "m.png")]) == 0
    assert (tmp_path / "m.png").stat().st_size > 0
    assert len(built) == 1
    assert made.count("neighbours") == 1 and made.count("SquareGrid") >= 1


@pytest.mark.parametrize("command", ["generate", "worksheet"])
def test_a_masked_maze_refused_as_a_pdf_imports_neither_fpdf_nor_pygame(tmp_path, command):
    """fpdf2 takes 0.3 s to import, pygame 0.1 s and numpy.ma (np.unique, np.median) 20 ms, of a
    refusal that must come within a second: the page is checked from the grid before the document
    is made."""
    code = ("import sys, runpy; sys.argv = ['maze-visualizer', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('visualizer', run_name='__main__')\n"
            "except SystemExit as stop:\n    print('exit', stop.code, file=sys.stderr)\n"
            "print(*(name in sys.modules for name in ('fpdf', 'pygame', 'numpy.ma')), file=sys.stderr)")
    out = tmp_path / "m.pdf"
    result = subprocess.run([sys.executable, "-c", code, command, "--mask", HEART, "-s", "1000x1000", "-o", str(out)],
                            cwd=Path(__file__).parents[2], capture_output=True, text=True, timeout=120)
    said, status, imported = result.stderr.strip().splitlines()
    assert "too large to print" in said and status == "exit 2" and imported == "False False False", result.stderr
    assert not out.exists()
