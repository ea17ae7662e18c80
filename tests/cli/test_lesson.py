"""``maze-visualizer lesson``: the list, the check, and one line with exit 2 before any window."""

from __future__ import annotations

import pytest

from visualizer.cli import main


def test_list_names_the_three_shipped_lessons(capsys) -> None:
    assert main(["lesson", "--list"]) == 0
    out = capsys.readouterr().out
    for name in ("depth-first", "uniform-vs-biased", "dungeon-phases"):
        assert name in out


@pytest.mark.parametrize("name", ["depth-first", "uniform-vs-biased", "dungeon-phases"])
def test_a_shipped_lesson_checks_fine(capsys, name: str) -> None:
    assert main(["lesson", name, "--check"]) == 0
    assert "all fine" in capsys.readouterr().out


def test_a_lesson_files_name_is_said_as_typed(tmp_path, capsys, monkeypatch) -> None:
    """Lower case and all: a capital in the first letter would read as another file; one slide is
    "1 slide"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-lesson.toml").write_text('title = "x"\n[[slide]]\nalgorithm = "kruskal"\ncaption = "c"\n')
    assert main(["lesson", "my-lesson.toml", "--check"]) == 0
    assert capsys.readouterr().out == "my-lesson.toml: 1 slide, all fine\n"


@pytest.mark.parametrize(("body", "words"), [
    ('title = "x"\n[[slide]]\nsolver = "q"\n', "slide 1: unknown solver 'q'"),
    ('title = "x"\n', "no slides"),
    ("[[slide]\n", "not valid TOML"),
])
def test_a_bad_lesson_is_one_line_and_exit_2_without_a_window(tmp_path, capsys, body: str, words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(body)
    assert main(["lesson", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and words in err and err.count("\n") == 1, err


def test_an_unknown_name_lists_the_shipped_ones(capsys) -> None:
    assert main(["lesson", "rivers"]) == 2
    assert "shipped lessons: depth-first" in capsys.readouterr().err
