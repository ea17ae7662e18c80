"""``generate --narration``: the run's transcript beside the maze, refused in one line before work."""

import pytest

from visualizer.cli import main


def test_the_narration_is_written_beside_the_maze(tmp_path, capsys):
    maze, told = tmp_path / "maze.png", tmp_path / "told.md"
    assert main(["generate", "-a", "wilson", "-s", "6x5", "--seed", "2", "-o", str(maze),
                 "--solve", "bfs", "--narration", str(told)]) == 0
    text = told.read_text()
    assert maze.read_bytes().startswith(b"\x89PNG")
    assert text.startswith("# Wilson's, 6 x 5 square, seed 2\n")
    assert "# Breadth-first search, from (0, 0) to (5, 4)" in text
    assert "`maze-visualizer generate -a wilson -g square -s 6x5 --seed 2 --solve bfs`" in text


def test_a_txt_narration_is_plain_text(tmp_path):
    told = tmp_path / "told.txt"
    assert main(["generate", "-s", "4x4", "--seed", "1", "-o", str(tmp_path / "m.txt"), "--narration", str(told)]) == 0
    first = told.read_text().splitlines()
    assert first[0] == "Recursive backtracker, 4 x 4 square, seed 1" and set(first[1]) == {"="}
    assert any(line.startswith("Step 1 [line") for line in first)


@pytest.mark.parametrize("argv, words", [
    (["-s", "300x300", "--narration", "{dir}/n.md"], "at most 62,500 cells"),
    (["-s", "5x5", "--narration", "{dir}/missing/n.md"], "does not exist"),
    (["-s", "5x5", "--narration", "{dir}"], "is a folder, not a file"),
])
def test_a_narration_that_cannot_be_written_is_refused_before_any_work(argv, words, tmp_path, capsys, monkeypatch):
    def never(*_):
        raise AssertionError("built before the narration was checked")

    monkeypatch.setattr("visualizer.run.spec.MazeSpec.build", never)
    code = main(["generate", "-o", str(tmp_path / "m.txt"), *[word.format(dir=tmp_path) for word in argv]])
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and len(err) == 1 and words in err[0]
    assert not (tmp_path / "m.txt").exists()


# --- generate --from: a saved (edited) maze written again -----------------------------------------

def saved_and_edited(tmp_path):
    """A JSON maze with one wall opened by hand (as the window's editing does): the recipe no
    longer makes it."""
    from visualizer.export import json_io
    from visualizer.run.spec import MazeSpec

    spec = MazeSpec("backtracker", "square", 6, 4, 9)
    maze = spec.build()
    grid = maze.grid
    cell, d = next((c, d) for c in range(grid.size) for d, nb in grid.neighbours(c) if not maze.is_open(c, d))
    other = dict(grid.neighbours(cell))[d]
    maze.passages[cell] |= 1 << d
    maze.passages[other] |= 1 << grid.opposite(d)
    path = tmp_path / "edited.json"
    path.write_text(json_io.dumps(maze, spec))
    return path, maze, spec


def test_from_writes_the_saved_maze_not_the_recipes(tmp_path, capsys):
    from visualizer.export.formats import ExportOptions
    from visualizer.export.text import write as text_write

    path, maze, spec = saved_and_edited(tmp_path)
    assert main(["generate", "--from", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n") == text_write(maze, spec, ExportOptions()).rstrip("\n")
    assert out != text_write(spec.build(), spec, ExportOptions())  # the edit is kept
    assert main(["generate", "--from", str(path), "-o", str(tmp_path / "again.json")]) == 0
    assert (tmp_path / "again.json").read_text() == path.read_text()
    for picture in ("edited.png", "edited.svg", "edited.pdf"):
        assert main(["generate", "--from", str(path), "-o", str(tmp_path / picture)]) == 0
        assert (tmp_path / picture).stat().st_size > 100


@pytest.mark.parametrize("extra, words", [(["-s", "4x4"], "leave out -s"), (["-a", "prim"], "leave out -a"),
                                          (["-o", "x.gif"], "cannot make gif"), (["--seed", "3"], "--seed")])
def test_from_refuses_what_it_cannot_honour_in_one_line(extra, words, tmp_path, capsys, monkeypatch):
    path, _, _ = saved_and_edited(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--from", str(path), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
    assert not (tmp_path / "x.gif").exists()


@pytest.mark.parametrize("content, words", [("{", "not valid JSON"), ('{"format": "other"}', "not a maze-visualizer"),
                                            (None, "No such file")])
def test_a_file_that_is_no_maze_is_named_in_one_line(content, words, tmp_path, capsys):
    path = tmp_path / "m.json"
    if content is not None:
        path.write_text(content)
    assert main(["generate", "--from", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "m.json" in err
