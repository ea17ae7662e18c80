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


def test_a_sweep_prints_a_row_per_value_biased_at_none_uniform_at_many(capsys):
    assert main(["lab", "-a", "origin_shift", "--sweep", "iterations=0,20", "-n", "2000"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.strip()[:2] in ("0 ", "20")]
    assert [row[0] for row in rows] == ["0", "20"]
    assert "biased" in rows[0] and "uniform" in rows[1]
    assert float(rows[0][rows[0].index("biased") - 1]) > 0.5  # total variation: far from uniform


@pytest.mark.parametrize("args, words", [
    (["--sweep", "iterations=1"], "-a NAME"),
    (["-a", "origin_shift", "--sweep", "iterations"], "PARAM=V1,V2"),
    (["-a", "origin_shift", "--sweep", "start=bfs"], "no number parameter 'start'"),
    (["-a", "origin_shift", "--sweep", "iterations=1,-2"], "at least 0"),
    (["-a", "origin_shift", "-a", "houston", "--sweep", "share=1"], "one algorithm"),
    (["-a", "origin_shift", "--sweep", "iterations=1", "--window", "--csv", "x.csv"], "leave it out with --window"),
])
def test_a_bad_sweep_is_refused_in_one_line_before_sampling(args, words, capsys, monkeypatch):
    from visualizer.analysis import uniformity

    monkeypatch.setattr(uniformity.Sampler, "run", lambda *a: pytest.fail("sampled before refusing"))
    assert main(["lab", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err


def test_a_sweep_writes_its_csv(tmp_path, capsys):
    path = tmp_path / "sweep.csv"
    assert main(["lab", "-a", "houston", "--sweep", "share=0,100", "-n", "40", "--csv", str(path)]) == 0
    lines = path.read_text().splitlines()
    assert lines[0] == "algorithm,param,value,samples,p-value,total variation"
    assert [line.split(",")[2] for line in lines[1:]] == ["0", "100"]
