"""One rule for every command that writes a file: a path that cannot be written (a folder that is
not there) is refused in one line naming it, with status 2, before any maze is made."""

import pytest

from visualizer.cli import main
from visualizer.run.spec import MazeSpec

WRITERS = [
    ["generate", "-o", "{bad}/maze.txt"],
    ["generate", "-o", "{bad}/maze.png"],
    ["generate", "-f", "tiled", "-o", "{bad}/level.tmj"],
    ["generate", "--narration", "{bad}/steps.md"],
    ["worksheet", "-n", "2", "-o", "{bad}/sheet.pdf"],
    ["stats", "-n", "2", "--csv", "{bad}/stats.csv"],
    ["stats", "-n", "2", "--json", "{bad}/stats.json"],
    ["stats", "-n", "2", "--plot", "{bad}/stats.png"],
    ["lab", "-n", "10", "--csv", "{bad}/lab.csv"],
    ["lesson", "depth-first", "--handout", "{bad}/handout.pdf"],
]


@pytest.mark.parametrize("argv", WRITERS, ids=lambda argv: " ".join(argv[:2]) + " " + argv[-1].rsplit("/")[-1])
def test_a_file_in_a_missing_folder_is_refused_before_any_work(argv, tmp_path, capsys, monkeypatch):
    def no_work(self, *args, **kwargs):
        raise AssertionError("a maze was made before the refusal")

    monkeypatch.setattr(MazeSpec, "build", no_work)
    monkeypatch.setattr(MazeSpec, "events", no_work)
    bad = tmp_path / "not-there"
    args = [part.format(bad=bad) for part in argv]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not-there" in err, err
    assert not bad.exists()
