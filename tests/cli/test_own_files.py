"""A file of the user's own on the command line: ``-a my_maze.py`` wherever an algorithm goes,
the checker's findings one line each, ``--check`` reporting perfectness; bad files refused with 2."""

import pytest
from helpers import EXAMPLES, own_file

from visualizer.cli import main, parse

FIRST, SOLVER, BROKEN = (str(EXAMPLES / name) for name in ("first_maze.py", "first_solver.py", "broken_maze.py"))


def test_generate_with_a_file_writes_its_maze(own_files, capsys):
    assert main(["generate", "-a", FIRST, "-s", "5x4", "--seed", "2"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 9 and len(rows[0]) == 11


def test_an_illegal_event_is_one_line_and_a_non_zero_exit_with_nothing_written(own_files, capsys):
    assert main(["generate", "-a", BROKEN, "-s", "8x5", "--seed", "2"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("maze-visualizer: broken_maze: stopped at event 3, carve(3, 5): (3, 0) and (5, 0) "
                            "are not neighbours, so no wall joins them\n")


def test_check_reports_perfectness_and_the_solvers_path(own_files, capsys):
    assert main(["generate", "-a", FIRST, "-g", "hex", "-s", "6x5", "--check", "--solve", SOLVER]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("perfect: every cell is reached")
    assert out[1].startswith("first_solver: a path of ") and out[1].endswith("cells from the entrance to the exit")


def test_check_says_what_is_not_perfect_and_exits_1(capsys):
    assert main(["generate", "-a", "kruskal", "-p", "braid=100", "-s", "6x5", "--seed", "1", "--check"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("not perfect: ") and " loops" in out and out.count("\n") == 1


def test_an_exception_in_the_file_names_its_line(own_files, tmp_path, capsys):
    path = own_file(tmp_path, "oops.py", """\
        from visualizer.api import start

        def generate(grid, rng):
            yield start(0)
            yield start(1 // 0)
        """)
    assert main(["generate", "-a", str(path)]) == 1
    assert capsys.readouterr().err == ("maze-visualizer: oops: stopped at ZeroDivisionError: integer division or "
                                       "modulo by zero (oops.py, line 5: yield start(1 // 0))\n")


@pytest.mark.parametrize("value,words", [("nowhere/none.py", "nowhere/none.py: no such file"),
                                         ("notes.txt", "notes.txt: an algorithm file must be a .py file")])
def test_a_file_that_cannot_be_loaded_is_one_line_and_exit_2(own_files, tmp_path, capsys, value, words, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("")
    assert main(["generate", "-a", value]) == 2
    assert capsys.readouterr().err == f"maze-visualizer: error: {words}\n"


@pytest.mark.parametrize("args", [["generate", "-a"], ["play", "-a"], ["stats", "-a"], ["lab", "-a"],
                                  ["compare", "-a", "prim", "-a"], ["bench", "-a"], ["-a"]])
@pytest.mark.parametrize("value", ["first_maze.txt", "mazes/first_maze", "./first_maze"])
def test_a_name_that_looks_like_a_file_but_is_no_py_says_so_not_the_whole_list(own_files, tmp_path, capsys,
                                                                                  monkeypatch, args, value):
    """No algorithm's name has a dot or a slash in it: such a value was meant as a file."""
    monkeypatch.chdir(tmp_path)
    assert main([*args, value]) == 2
    assert capsys.readouterr().err == f"maze-visualizer: error: {value}: an algorithm file must be a .py file\n"


@pytest.mark.parametrize("args", [["generate", "--solve"], ["--solve"]])
def test_a_solver_that_looks_like_a_file_but_is_no_py_says_so(own_files, tmp_path, capsys, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    assert main([*args, "first_solver.txt"]) == 2
    assert capsys.readouterr().err == "maze-visualizer: error: first_solver.txt: a solver file must be a .py file\n"


@pytest.mark.parametrize("args", [["generate", "-a"], ["stats", "-a"], ["compare", "-a", "prim", "-a"],
                                  ["generate", "--solve"]])
def test_a_missing_py_file_is_no_such_file(own_files, tmp_path, capsys, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    assert main([*args, "my.py"]) == 2
    assert capsys.readouterr().err == "maze-visualizer: error: my.py: no such file\n"


def test_a_syntax_error_is_refused_before_any_work(own_files, tmp_path, capsys):
    path = own_file(tmp_path, "typo.py", "def generate(grid, rng)\n    yield 1\n")
    assert main(["stats", "-a", str(path), "-n", "2"]) == 2
    assert capsys.readouterr().err == "maze-visualizer: error: typo.py, line 1: expected ':'\n"


def test_every_command_that_takes_an_algorithm_takes_a_file(own_files):
    assert parse(["-a", FIRST, "--solve", SOLVER]).algorithm == "first_maze"
    assert parse(["-a", FIRST, "--solve", SOLVER]).solve == "first_solver"
    assert parse(["play", "-a", FIRST]).algorithm == "first_maze"
    assert parse(["stats", "-a", FIRST, "-a", "prim"]).algorithm == ["first_maze", "prim"]
    assert parse(["lab", "-a", FIRST]).algorithm == ["first_maze"]
    assert [name for name, _ in parse(["compare", "-a", FIRST, "-a", "prim"]).panes] == ["first_maze", "prim"]


def test_stats_and_lab_measure_a_file(own_files, capsys):
    assert main(["stats", "-a", FIRST, "-n", "3", "-s", "6x6", "--jobs", "1"]) == 0
    assert "first_maze" in capsys.readouterr().out
    assert main(["lab", "-a", FIRST, "-n", "200", "-s", "2x2"]) == 0
    assert "4 / 4" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["stats", "-n", "3", "-s", "6x6", "--jobs", "1"],
                                  ["stats", "-n", "40", "-s", "6x6", "--jobs", "2"],
                                  ["lab", "-n", "200", "-s", "2x2"]])
def test_stats_and_the_lab_stop_at_the_checkers_finding_with_no_figures(own_files, capsys, args):
    """Figures of half-made mazes would mislead: the command ends with the finding, exit 1."""
    assert main([args[0], "-a", BROKEN, *args[1:]]) == 1
    captured = capsys.readouterr()
    assert "stopped at event 3" in captured.err and "are not neighbours" in captured.err
    assert "broken_maze" not in captured.out and len(captured.err.strip().splitlines()) == 1


def test_the_windows_solve_takes_only_a_file(capsys):
    assert main(["--solve", "bfs"]) == 2
    assert "--solve takes a solver file of your own" in capsys.readouterr().err


def test_play_with_a_file_the_checker_stops_says_why_instead_of_opening_a_game(own_files, capsys):
    assert main(["play", "-a", BROKEN, "--seed", "2"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("maze-visualizer: broken_maze: stopped at event ") and "are not neighbours" in err
