"""The command line, as a user types it: output on success, one line and status 2 on mistakes."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import toy_bench_targets
from hypothesis import given
from hypothesis import strategies as st

from visualizer.cli import main


def run_cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "visualizer", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})


def test_generate_text_to_stdout(capsys):
    assert main(["generate", "--size", "5x4", "--seed", "3"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 9 and len(rows[0]) == 11


def test_generate_json_file_is_inferred_from_extension(tmp_path, capsys):
    out = tmp_path / "maze.json"
    assert main(["generate", "-a", "prim", "-g", "hex", "-s", "6x6", "--seed", "9", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["grid"], data["algorithm"], data["seed"]) == ("hex", "prim", 9)
    assert len(data["passages"]) == 35


def test_same_seed_same_output(capsys):
    main(["generate", "-s", "9x9", "--seed", "42"])
    first = capsys.readouterr().out
    main(["generate", "-s", "9x9", "--seed", "42"])
    assert capsys.readouterr().out == first


def test_list_shows_every_algorithm_with_parameters(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in ("backtracker", "prim", "dungeon", "winding=40", "attempts=100"):
        assert name in out


BAD = [
    (["generate", "--size", "0x5"], "from 1 to"),
    (["generate", "--size", "5000x5"], "from 1 to 2000"),
    (["generate", "--size", "ten"], "WIDTHxHEIGHT"),
    (["generate", "--algorithm", "nope"], "unknown algorithm"),
    (["generate", "--grid", "octagon"], "invalid choice"),
    (["generate", "--param", "winding=5"], "no parameter"),  # prim has none
    (["generate", "-a", "dungeon", "--param", "loops=lots"], "whole number"),
    (["generate", "-a", "dungeon", "--param", "loops=101"], "at most 100"),
    (["generate", "-a", "dungeon", "--param", "loops"], "name=value"),
    (["generate", "-a", "dungeon", "-p", "room_min=9", "-p", "room_max=2"], "room_max"),
    (["generate", "--seed", "x"], "whole number"),
    (["generate", "--format", "bmp"], "invalid choice"),
]


@pytest.mark.parametrize("args,message", BAD)
def test_bad_input_is_one_line_and_status_2(args, message, tmp_path):
    out = tmp_path / "out.txt"
    if args[:1] == ["generate"] and "--param" in args and "-a" not in args:
        args = ["generate", "-a", "prim", *args[1:]]
    result = run_cli(*args, "--output", str(out))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("target", ["missing/maze.txt", "a_file/maze.txt", "a_folder"])
def test_unwritable_output_is_one_line_and_leaves_no_file(tmp_path, target):
    (tmp_path / "a_file").write_text("not a folder")
    (tmp_path / "a_folder").mkdir()
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = run_cli("generate", "--output", str(tmp_path / target))
    assert result.returncode == 2 and "cannot write" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_output_is_replaced_atomically(tmp_path, monkeypatch):
    """A failure during the save leaves the old file whole and no temp file behind."""
    out = tmp_path / "maze.txt"
    out.write_text("the old maze\n")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    assert main(["generate", "-o", str(out)]) == 2
    assert out.read_text() == "the old maze\n"
    assert [p.name for p in tmp_path.iterdir()] == ["maze.txt"]


def installed_command() -> Path:
    script = Path(sys.executable).parent / "maze-visualizer"
    if not script.exists():
        pytest.skip("maze-visualizer is not installed in this environment (pip install .)")
    return script


def test_installed_command_runs_from_another_folder(tmp_path):
    """The console script works outside the source tree."""
    result = subprocess.run([str(installed_command()), "generate", "-g", "hex", "-s", "4x3", "--seed", "1"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 0 and "\uff3f" in result.stdout


def test_help_states_the_size_limit():
    result = run_cli("generate", "--help")
    assert result.returncode == 0 and "2000" in result.stdout


def test_bench_prints_figures(monkeypatch):
    from visualizer.bench.figures import run_bench

    toy_bench_targets(monkeypatch)
    lines = []
    figures = run_bench(sizes=[20], grids=["square"], out=lines.append)
    assert any("plain DFS" in line for line in lines)
    assert {row["algorithm"] for row in figures["rows"]} >= {"backtracker", "prim", "dungeon"}
    assert all(row["events"] > 0 and row["seconds"] > 0 for row in figures["rows"])
    measured = ("timeline", "shapes", "files", "animation", "first_person", "startup")
    assert all(figures[name] for name in measured), "a target row was not measured"
    assert any(line.startswith("targets (1000 x 1000") for line in lines)


@pytest.mark.parametrize("args,message", [
    (["play", "--algorithm", "nope"], "unknown algorithm"),
    (["play", "--grid", "round"], "invalid choice"),
    (["play", "--data-dir", "/etc/hostname"], "not a folder"),
    (["play", "--data-dir", "/proc/no-such-folder"], "cannot be created"),  # looks writable to root, is not
    (["--speed", "0"], "above 0"),
    (["--speed", "fast"], "instant"),
])
def test_bad_window_and_play_options(args, message):
    result = run_cli(*args)
    assert result.returncode == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_bench_skips_mazelib_cleanly_when_absent(monkeypatch):
    from visualizer.bench import mazelib as bench

    monkeypatch.setattr(bench, "mazelib_installed", lambda: False)
    lines = []
    figures = {"rows": [{"algorithm": "backtracker", "grid": "square", "side": bench.MAZELIB_SIDE, "seconds": 1.0}]}
    assert bench.compare_with_mazelib(figures, out=lines.append) == {}
    assert any("not installed" in line for line in lines)


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_generate_png_draws_the_maze_like_the_window(tmp_path, grid):
    import pygame

    from visualizer.render.palette import STYLE_COLOURS, WALL, Style

    out = tmp_path / "maze.png"
    result = run_cli("generate", "-a", "prim", "-g", grid, "-s", "8x6", "--seed", "2", "-o", str(out))
    assert result.returncode == 0 and result.stdout == ""
    image = pygame.image.load(str(out))
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(image.get_width()) for y in range(image.get_height())}
    assert STYLE_COLOURS[Style.FLOOR] in colours and WALL in colours
    assert STYLE_COLOURS[Style.UNVISITED] not in colours  # a finished maze has no unvisited cell


def test_png_needs_an_output_file():
    result = run_cli("generate", "--format", "png")
    assert result.returncode == 2 and "needs --output" in result.stderr


def test_stats_prints_mean_and_spread_and_bias(capsys):
    assert main(["stats", "-a", "binary_tree", "-a", "sidewinder", "-g", "hex", "-s", "10x8", "-n", "3"]) == 0
    out = capsys.readouterr().out
    assert "hex 10x8, seeds 1-3: mean ± sd over 3 mazes" in out and "binary_tree" in out
    assert "sidewinder: runs on square grids only, skipped" in out
    assert "dead ends open" in out and "NW" in out


def test_stats_rejects_a_bad_sample_count(capsys):
    assert main(["stats", "-n", "0"]) == 2


def test_the_measuring_commands_keep_their_own_defaults():
    """stats and lab share their options but not their defaults (docs/headless.md and --help name them)."""
    from visualizer.cli import parse

    stats, lab = parse(["stats"]), parse(["lab"])
    assert (stats.size, stats.samples, stats.seed, stats.algorithm) == ((30, 20), 20, 1, None)
    assert (lab.size, lab.samples, lab.seed, lab.algorithm) == ((3, 3), 5000, 1, None)


# --- the package's shape and its help texts ------------------------------------------------------


def test_only_the_command_line_parses_arguments():
    """argparse lives in visualizer/cli/ alone: export, analysis and bench take plain arguments."""
    import ast

    package = Path(__file__).resolve().parents[2] / "visualizer"
    users = []
    checked = 0
    for path in package.rglob("*.py"):
        if path.relative_to(package).parts[0] == "cli":
            continue
        checked += 1
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.split(".")[0] == "argparse" for name in names):
                users.append(str(path.relative_to(package)))
    assert checked > 50, f"found only {checked} modules under {package}"
    assert users == []


def help_text(capsys, *argv):
    assert main([*argv, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines: compare words


def test_generate_help_names_every_registered_format(capsys, monkeypatch):
    from visualizer.export.formats import FORMATS, PICTURE, Format

    def listed(names: list[str], last: str) -> str:
        return f"{', '.join(names[:-1])}{last}{names[-1]}"

    text = help_text(capsys, "generate")
    assert f"write it as {listed(list(FORMATS), ' or ')}." in text
    assert "text, json, png, gif, webp, svg" in text
    monkeypatch.setitem(FORMATS, "bmp", Format("bmp", (".bmp",), "picture", "dark", PICTURE, needs_file=True))
    text = help_text(capsys, "generate")
    assert f"write it as {listed(list(FORMATS), ' or ')}." in text and text.count(" or bmp.") == 1
    assert f"{listed([n for n, f in FORMATS.items() if f.needs_file], ' and ')} need a file" in text
    assert f"default for {', '.join(n for n, f in FORMATS.items() if f.theme == 'dark')})" in text
    assert "png, bmp only, repeatable" in text and "png, svg, pdf, bmp: draw the shortest path" in text


def test_generate_help_names_every_registered_solver(capsys, monkeypatch):
    from visualizer.solvers import SOLVERS

    text = help_text(capsys, "generate")
    assert f"after the generation ({', '.join(SOLVERS)})" in text
    monkeypatch.setitem(SOLVERS, "tremaux", SOLVERS["dfs"])
    assert f"after the generation ({', '.join(SOLVERS)})" in help_text(capsys, "generate")
    assert "tremaux" in help_text(capsys, "generate")


@pytest.mark.parametrize("argv", [[], ["generate"], ["worksheet"], ["play"]])
def test_the_algorithm_help_names_every_registered_algorithm_and_the_default(capsys, monkeypatch, argv):
    from visualizer.algorithms import ALGORITHMS, DEFAULT_ALGORITHM

    last = list(ALGORITHMS)[-1]
    monkeypatch.setitem(ALGORITHMS, "labyrinth", ALGORITHMS["prim"])
    assert f"{last}, labyrinth (default: {DEFAULT_ALGORITHM})" in help_text(capsys, *argv)


def test_the_measuring_commands_name_their_default_algorithms(capsys):
    from visualizer.algorithms import DEFAULT_ALGORITHM
    from visualizer.analysis.uniformity import DEFAULT_ALGORITHMS

    assert f"default: {DEFAULT_ALGORITHM})" in help_text(capsys, "stats")
    assert f"default: {', '.join(DEFAULT_ALGORITHMS)})" in help_text(capsys, "lab")


def test_every_command_module_is_in_the_help(capsys):
    from visualizer.cli import COMMANDS

    text = help_text(capsys)
    assert [c.name for c in COMMANDS] == ["generate", "worksheet", "play", "list", "stats", "lab", "compare",
                                          "lesson", "bench"]
    assert all(f" {c.name} " in text for c in COMMANDS)


# --- output paths --------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["generate", "-o", "{dir}"], ["worksheet", "-o", "{dir}"],
                                  ["stats", "-n", "1", "-s", "3x3", "--json", "{dir}"]])
def test_a_folder_given_as_the_output_file_is_refused_before_any_work(argv, tmp_path, capsys, monkeypatch):
    def never(*_):
        raise AssertionError("built before the path was checked")

    monkeypatch.setattr("visualizer.run.spec.MazeSpec.build", never)
    assert main([word.format(dir=tmp_path) for word in argv]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].endswith(f"{tmp_path}: is a folder, not a file")


@pytest.mark.parametrize("option", ["--csv", "--json", "--plot"])
def test_a_side_file_path_ending_in_a_slash_is_refused_like_the_main_output(option, capsys):
    assert main(["stats", "-n", "1", option, "nowhere/"]) == 2
    assert capsys.readouterr().err == f"maze-visualizer: error: {option} nowhere/: a file path must not end with '/'\n"


# --- the shared choice of algorithms -------------------------------------------------------------

NAMES = ["a", "b", "c", "d"]


@given(given_names=st.lists(st.sampled_from([*NAMES, "all"]), max_size=6),
       every=st.lists(st.sampled_from(NAMES), unique=True, max_size=4))
def test_chosen_algorithms_keep_the_first_order_once_each_with_all_standing_for_every_one(given_names, every):
    from visualizer.cli.options import chosen_algorithms

    chosen = chosen_algorithms(given_names, ["z"], every)
    if not given_names:
        assert chosen == ["z"]
        return
    expanded = [n for name in given_names for n in (every if name == "all" else [name])]
    assert len(chosen) == len(set(chosen)) and set(chosen) == set(expanded)
    assert chosen == sorted(chosen, key=expanded.index)  # in the order of first mention


@pytest.mark.parametrize("command", [[], ["play"], ["lesson", "x.lesson"]])
def test_every_command_opening_the_window_takes_the_same_layouts(command):
    from visualizer.app.layout import Arrangement
    from visualizer.cli import parse

    for arrangement in Arrangement:
        assert parse([*command, "--layout", arrangement.value]).layout == arrangement.value


def test_play_opens_the_game_in_the_layout_asked_for(monkeypatch, tmp_path):
    import visualizer.app.main as app_main

    opened = {}
    monkeypatch.setattr(app_main, "run_app", lambda spec, **kw: opened.update(kw) or 0)
    assert main(["play", "--layout", "presenting", "--data-dir", str(tmp_path)]) == 0
    assert opened["layout"] == "presenting" and opened["scene"] == "play"


def test_play_refuses_a_layout_it_does_not_know_in_one_line():
    result = run_cli("play", "--layout", "wide")
    assert result.returncode == 2 and "side" in result.stderr and "presenting" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
