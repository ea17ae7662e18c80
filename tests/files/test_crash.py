"""Crash reports: the traceback in a file, the message one line that names it."""

from visualizer.files.crash import internal_error, save_report


def test_the_report_holds_the_traceback_and_the_message_names_it(tmp_path):
    try:
        {}["missing"]
    except KeyError as err:
        path = save_report(err, tmp_path)
        bug = internal_error(err)
    assert path is not None and "Traceback" in path.read_text() and "KeyError" in path.read_text()
    assert bug.report is not None and str(bug.report) in str(bug) and "a bug" in str(bug)


def test_an_unwritable_folder_gives_no_report_but_still_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    try:
        raise RuntimeError("boom")
    except RuntimeError as err:
        assert save_report(err, blocker / "inside") is None
