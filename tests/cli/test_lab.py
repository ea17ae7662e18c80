"""``maze-visualizer lab``: a bad --csv path is refused in one line, exit 2, before any sampling."""

from __future__ import annotations

import pytest

from visualizer.cli import lab as lab_command
from visualizer.cli import main


@pytest.fixture
def no_sampling(monkeypatch):
    """Fail the test if the command starts sampling: the refusal must come first."""
    def sampled(*_args):
        raise AssertionError("sampled before refusing the output path")

    monkeypatch.setattr(lab_command, "run_samplers", sampled)


@pytest.mark.parametrize("name, words", [
    ("missing/lab.csv", "does not exist"),
    ("", "empty file name"),
    ("folder/", "must not end with '/'"),
])
def test_a_csv_path_that_cannot_be_written_is_refused_before_sampling(tmp_path, monkeypatch, capsys, no_sampling,
                                                                     name, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    status = main(["lab", "-n", "50", "--csv", name])
    err = capsys.readouterr().err
    assert status == 2
    assert "--csv" in err and words in err and len(err.strip().splitlines()) == 1


def test_the_csv_is_written_whole_after_the_table(tmp_path, capsys):
    path = tmp_path / "lab.csv"
    assert main(["lab", "-n", "30", "-a", "wilson", "--csv", str(path)]) == 0
    assert "192 spanning trees" in capsys.readouterr().out
    assert path.read_text().startswith("algorithm,grid,size,tree,count,expected,passages\n")
