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
