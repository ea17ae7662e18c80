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


NOT_PDF = [
    (["worksheet", "-n", "2", "-o", "{dir}/ws2.png"], "ws2.png", "ws2.pdf"),
    (["worksheet", "-n", "2", "-o", "{dir}/ws3"], "ws3", "ws3.pdf"),
    (["worksheet", "-n", "2", "-o", "{dir}/sheet.pdf.txt"], "sheet.pdf.txt", "sheet.pdf"),
    (["lesson", "depth-first", "--handout", "{dir}/h.png"], "h.png", "h.pdf"),
    (["lesson", "depth-first", "--handout", "{dir}/handout"], "handout", "handout.pdf"),
]


@pytest.mark.parametrize(("argv", "name", "better"), NOT_PDF, ids=lambda v: v if isinstance(v, str) else v[0])
def test_a_pdf_written_under_another_name_is_refused_in_one_line_before_any_work(argv, name, better, tmp_path,
                                                                                 capsys, monkeypatch):
    """A worksheet or a handout is a PDF: ``-o ws2.png`` wrote one into a file that passes for a
    broken picture (``generate -o y.svg --format png`` is refused the same way)."""
    def no_work(*args, **kwargs):
        raise AssertionError("work was done before the refusal")

    monkeypatch.setattr(MazeSpec, "build", no_work)
    monkeypatch.setattr(MazeSpec, "events", no_work)
    monkeypatch.setattr("visualizer.export.worksheet.worksheet_bytes", no_work)
    monkeypatch.setattr("visualizer.export.handout.handout_bytes", no_work)
    assert main([part.format(dir=tmp_path) for part in argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"maze-visualizer: error: cannot write {tmp_path / name}: the file is a PDF, so its name must "
                   f"end in .pdf: name it {tmp_path / better}\n")
    assert list(tmp_path.iterdir()) == []


def test_a_pdf_name_is_taken_in_any_case(tmp_path):
    out = tmp_path / "Sheet.PDF"
    assert main(["worksheet", "-n", "1", "-s", "4x4", "--seed", "1", "--no-answers", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
