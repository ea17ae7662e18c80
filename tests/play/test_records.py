"""The records file read back: each kind of damage refused with its own one-line reason, and the
edges of what is accepted (a time of 0, the longest key, the most records, the deepest nesting)."""

from __future__ import annotations

import json

import pytest

from visualizer.files.safe_read import MAX_DEPTH
from visualizer.play.records import FORMAT, MAX_RECORDS, VERSION, Record, parse

KEY = "backtracker|square|8x5|3|{}|1"


def document(records=None, **changes) -> bytes:
    doc = {"format": FORMAT, "version": VERSION,
           "records": [{"key": KEY, "time": 12.5, "moves": 30, "wins": 2}] if records is None else records}
    doc.update(changes)
    return json.dumps(doc).encode()


def row(**changes):
    base = {"key": KEY, "time": 12.5, "moves": 30, "wins": 2}
    base.update(changes)
    return base


def test_a_good_file_reads_back():
    entries, settings = parse(document(settings={"sound": False, "ghost": "hard"}))
    assert entries == {KEY: Record(12.5, 30, 2)} and settings == {"sound": False, "ghost": "hard"}


@pytest.mark.parametrize("raw, reason", [
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "nests too deeply"),
    (b"{not json", "is not JSON"),
    (json.dumps({"format": "other", "version": VERSION, "records": []}).encode(), "not a records file"),
    (json.dumps([1, 2]).encode(), "not a records file"),
    (document(version=2), "unknown version"),
    (document(version=True), "unknown version"),
    (document(records={"a": 1}), "lists are not what they should be"),
    (document(settings=[1]), "lists are not what they should be"),
    (document(records=[0] * (MAX_RECORDS + 1)), "lists are not what they should be"),
    (document(records=[7]), "a record is not an object"),
    (document(records=[row(key="a|b|c")]), "a record has a bad key"),
    (document(records=[row(key="a|b|c|d|e|x")]), "a record has a bad key"),
    (document(records=[row(key=KEY + "9" * 2000)]), "a record has a bad key"),
    (document(records=[row(key=3)]), "a record has a bad key"),
    (document(records=[row(time=-0.5)]), "a record has a bad time"),
    (document(records=[row(time=10**7)]), "a record has a bad time"),
    (document(records=[row(time=True)]), "a record has a bad time"),
    (document(records=[row(time="12")]), "a record has a bad time"),
    (b'{"format": "maze-visualizer-records", "version": 1, "records": [{"key": "' + KEY.encode()
     + b'", "time": NaN, "moves": 3}]}', "a record has a bad time"),
    (document(records=[row(moves=-1)]), "a record has a bad count"),
    (document(records=[row(wins=1.0)]), "a record has a bad count"),
    (document(records=[row(moves=10**9)]), "a record has a bad count"),
])
def test_each_damage_is_refused_with_its_own_reason(raw, reason):
    with pytest.raises(ValueError) as caught:
        parse(raw)
    assert reason in str(caught.value) and "\n" not in str(caught.value)


def test_the_edges_of_what_is_accepted():
    longest = KEY[:-1] + "0" * (2000 - len(KEY)) + "1"
    assert len(longest) == 2000
    entries, settings = parse(document(records=[row(key=longest, time=0, moves=0), {"key": KEY, "time": 1,
                                                                                     "moves": 5}]))
    assert entries[longest] == Record(0.0, 0, 2) and entries[KEY] == Record(1.0, 5, 1)  # wins default to 1
    assert settings == {}  # no settings object: none
    assert len(parse(document(records=[row(key=KEY[:-1] + str(k)) for k in range(MAX_RECORDS)]))[0]) == MAX_RECORDS
    nested = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    with pytest.raises(ValueError, match="not a records file"):  # as deep as allowed: read, then refused as a list
        parse(nested)
    assert parse(document(records=[row(time=10**7 - 1)]))[0][KEY].best_time == 10**7 - 1


def test_a_fifo_in_place_of_the_records_is_never_written(tmp_path):
    """Saving records into a FIFO waited for a reader for ever (the game hung, SIGTERM ignored)."""
    import os
    import stat

    from visualizer.play.records import Records
    from visualizer.run.spec import MazeSpec

    path = tmp_path / "records.json"
    os.mkfifo(path)
    records = Records.load(path)
    assert records.frozen and "not saved" in records.problem and "\n" not in records.problem
    records.add_win(MazeSpec("backtracker", "square", 8, 5, 1), 1, 12.5, 30)
    records.save()  # returns at once, writes nothing
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


def test_an_unreadable_records_file_is_left_alone_not_replaced(tmp_path, monkeypatch):
    """Unreadable (mode 000 for another user): the next save replaced it and every record was lost."""
    from visualizer.play import records as records_module
    from visualizer.run.spec import MazeSpec

    path = tmp_path / "records.json"
    path.write_text("my records")

    def denied(p, limit):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(records_module, "read_regular", denied)
    records = records_module.Records.load(path)
    assert records.frozen and records.problem.startswith("Records not read (Permission denied)")
    records.add_win(MazeSpec("backtracker", "square", 8, 5, 1), 1, 12.5, 30)
    records.save()
    assert path.read_text() == "my records"
