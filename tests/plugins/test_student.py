"""Loading a user's file: a good one becomes a registry entry named after the file; a bad one is
refused in one line before anything runs."""

import pytest
from helpers import EXAMPLES, own_file

from visualizer.algorithms import ALGORITHMS
from visualizer.plugins.student import LOADED, StudentFileError, load, names_file, reload
from visualizer.solvers import SOLVERS


def test_a_generator_file_is_an_algorithm_named_after_it_with_its_pseudocode(own_files):
    name = load(str(EXAMPLES / "first_maze.py"))
    info = ALGORITHMS[name]
    assert name == "first_maze" and info.title == "first_maze (first_maze.py)"
    assert info.narrator is not None and info.narrator.code.texts[0].startswith("pick a random cell")
    assert LOADED[name].path == (EXAMPLES / "first_maze.py").resolve()


def test_a_solver_file_is_a_solver(own_files):
    name = load(str(EXAMPLES / "first_solver.py"), solver=True)
    assert SOLVERS[name].shortest and SOLVERS[name].narrator.code.names[-1] == "path"


@pytest.mark.parametrize("source,words", [
    ("def generate(grid, rng)\n    yield 1\n", "broken.py, line 1: expected ':'"),
    ("def make(grid, rng):\n    yield 1\n", "no function generate(grid, rng) in the file"),
    ("def generate(grid):\n    yield 1\n", "generate must take 2 arguments: generate(grid, rng)"),
    ("def generate(grid, rng):\n    return []\n", "generate must yield its events"),
    ("import no_such_module_here\n", "ModuleNotFoundError: No module named 'no_such_module_here' (broken.py, line 1"),
    ("CODE = 'one line'\ndef generate(grid, rng):\n    yield 1\n", "CODE must be a list of lines of text"),
])
def test_a_file_that_cannot_be_used_is_refused_in_one_line(own_files, tmp_path, source, words):
    path = own_file(tmp_path, "broken.py", source)
    with pytest.raises(StudentFileError) as refused:
        load(str(path))
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert "broken" not in ALGORITHMS


def test_a_missing_file_a_non_python_file_and_a_taken_name_are_refused(own_files, tmp_path):
    with pytest.raises(StudentFileError, match="nothing.py: no such file"):
        load(str(tmp_path / "nothing.py"))
    with pytest.raises(StudentFileError, match="maze.txt: an algorithm file must be a .py file"):
        load(str(own_file(tmp_path, "maze.txt", "")))
    taken = own_file(tmp_path, "backtracker.py", "def generate(grid, rng):\n    yield 1\n")
    with pytest.raises(StudentFileError, match="taken by a built-in algorithm; rename the file"):
        load(str(taken))
    assert ALGORITHMS["backtracker"].func.__module__ == "visualizer.algorithms.backtracker"


def test_names_ending_in_py_or_holding_a_folder_are_files():
    assert names_file("my_maze.py") and names_file("work/maze") and not names_file("backtracker")


def test_reloading_takes_the_new_code_and_a_broken_save_keeps_the_old(own_files, tmp_path):
    path = own_file(tmp_path, "mine.py", "'''First.'''\ndef generate(grid, rng):\n    yield 1\n")
    name = load(str(path))
    path.write_text("'''Second.'''\ndef generate(grid, rng):\n    yield 1\n")
    assert reload(name) is None and ALGORITHMS[name].description.endswith("Second.")
    path.write_text("def generate(grid, rng)\n")
    assert "line 1" in reload(name)
    assert ALGORITHMS[name].description.endswith("Second.") and not LOADED[name].changed()
