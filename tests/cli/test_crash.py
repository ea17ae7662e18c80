"""An internal error is reported as a bug (one line naming the file its traceback went to, status 70),
never dressed as a usage mistake (status 2)."""

import os
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.cli import crash, listing, main
from visualizer.play.daily import parse_day


@pytest.fixture
def reports(tmp_path, monkeypatch):
    folder = tmp_path / "crashes"
    monkeypatch.setenv("MAZE_VISUALIZER_CRASHES", str(folder))
    return folder


def failing(err: Exception):
    def run(*_args, **_kwargs):
        raise err
    return run


def numpy_shape_mismatch(*_args, **_kwargs):
    np.zeros(3).take([0, 1], out=np.zeros(3))  # numpy's own ValueError, as the compare scene met it


def bug_line(capsys) -> tuple[str, Path]:
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "internal error (a bug" in err and "maze-visualizer: error:" not in err
    found = re.search(r"the traceback is in (\S+?);", err)
    assert found, err
    return err, Path(found.group(1))


@pytest.mark.parametrize("error", [RuntimeError("boom"), KeyError("boom"), IndexError("boom")])
def test_an_unexpected_exception_is_a_bug_with_its_traceback_in_a_file(reports, capsys, monkeypatch, error):
    monkeypatch.setattr(listing, "write_stdout", failing(error))
    assert main(["list"]) == crash.BUG_EXIT
    line, saved = bug_line(capsys)
    assert type(error).__name__ in line and saved.parent == reports
    text = saved.read_text()
    assert "Traceback" in text and "boom" in text and "listing.py" in text


def test_a_value_error_from_a_library_is_a_bug_not_a_usage_mistake(reports, capsys, monkeypatch):
    monkeypatch.setattr(listing, "write_stdout", numpy_shape_mismatch)
    assert main(["list"]) == crash.BUG_EXIT
    _, saved = bug_line(capsys)
    assert "ValueError" in saved.read_text()


def test_a_refusal_the_program_raises_on_purpose_stays_a_usage_mistake(reports, capsys):
    assert main(["play", "--daily", "2026-13-45"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("maze-visualizer: error:") and "bug" not in err
    assert not reports.exists()


def test_which_value_errors_are_refusals():
    with pytest.raises(ValueError) as ours:
        parse_day("not a date")
    assert crash.is_refusal(ours.value)
    with pytest.raises(ValueError) as bare:
        int("1²")
    assert not crash.is_refusal(bare.value)
    assert not crash.is_refusal(ValueError("never raised"))


def test_a_report_that_cannot_be_saved_still_says_it_is_a_bug(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MAZE_VISUALIZER_CRASHES", str(blocker / "crashes"))
    monkeypatch.setattr(listing, "write_stdout", failing(RuntimeError("boom")))
    assert main(["list"]) == crash.BUG_EXIT
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "internal error" in err and "could not be saved" in err


def test_only_the_newest_reports_are_kept(reports, capsys, monkeypatch):
    monkeypatch.setattr(listing, "write_stdout", failing(RuntimeError("boom")))
    reports.mkdir()
    for number in range(crash.KEEP_REPORTS + 3):
        old = reports / f"crash-old-{number}.txt"
        old.write_text("old")
        os.utime(old, (number, number))
    assert main(["list"]) == crash.BUG_EXIT
    left = sorted(p.name for p in reports.iterdir())
    assert len(left) == crash.KEEP_REPORTS
    assert "crash-old-0.txt" not in left and "crash-old-3.txt" not in left  # the oldest went


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=2000))
def test_the_bug_line_is_one_line_whatever_the_message(reports, capsys, monkeypatch, message):
    monkeypatch.setattr(listing, "write_stdout", failing(RuntimeError(message)))
    assert main(["list"]) == crash.BUG_EXIT
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < crash.MAX_SAID * 10 + 500


def test_running_out_of_memory_is_one_line_not_a_bug_report(reports, capsys, monkeypatch):
    monkeypatch.setattr(listing, "write_stdout", failing(MemoryError()))
    assert main(["list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("maze-visualizer: error: out of memory") and len(err.splitlines()) == 1
    assert not reports.exists()
