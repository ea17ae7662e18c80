"""Best times and fewest moves, kept per recipe and level: a win is a record until a better one
beats it, only the newest are kept, and the records file read back: each kind of damage refused
with its own one-line reason (and the file set aside, or left alone), and the edges of what is
accepted (a time of 0, the longest key, the most records, the deepest nesting, the largest file)."""

from __future__ import annotations

import json
import os

import pytest
from helpers import STAMP, refuse_moves

from visualizer.files.safe_read import MAX_DEPTH
from visualizer.grids import Mask
from visualizer.play import records as records_module
from visualizer.play.records import (
    FORMAT,
    MAX_RECORDS,
    VERSION,
    Record,
    Records,
    format_seconds,
    parse,
    recipe_key,
)
from visualizer.play.records import FORMAT as RECORDS_FORMAT
from visualizer.run.spec import MazeSpec

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


def records_bytes(rows, **changes) -> bytes:
    doc = {"format": RECORDS_FORMAT, "version": 1, "records": rows}
    doc.update(changes)
    return json.dumps(doc).encode()


def good_row(**changes):
    return {"key": KEY, "time": 12.5, "moves": 30, "wins": 2, **changes}


@pytest.mark.parametrize("raw, why", [
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "the records file nests too deeply"),
    (b"[1, 2]", "this is not a records file"),
    (records_bytes([], version=2), "the records file has an unknown version"),
    (records_bytes({}), "the records file's lists are not what they should be"),
    (records_bytes([7]), "a record is not an object"),
    (records_bytes([good_row(key="a|b|c")]), "a record has a bad key"),
    (records_bytes([good_row(key=KEY[:-1] + "0" * (2001 - len(KEY)) + "1")]), "a record has a bad key"),  # 2,001
    (records_bytes([good_row(time="12")]), "a record has a bad time"),
    (records_bytes([good_row(moves=10**9)]), "a record has a bad count"),
])
def test_a_damaged_records_file_is_kept_aside_with_its_reason(tmp_path, clock, raw, why):
    path = tmp_path / "records.json"
    path.write_bytes(raw)
    records = Records.load(path)
    assert records.problem == f"Records not used ({why}); kept as records.json.bad-{STAMP}, starting afresh"
    assert not records.frozen and records.entries == {}
    assert (tmp_path / f"records.json.bad-{STAMP}").read_bytes() == raw


def test_a_records_file_with_a_huge_number_gives_the_reason_cut_short(tmp_path, clock):
    raw = records_bytes([good_row()]).replace(b'"moves": 30', b'"moves": 1' + b"0" * 5000)
    with pytest.raises(ValueError) as caught:
        json.loads(raw)
    text = str(caught.value)
    assert len(text) > 80
    path = tmp_path / "records.json"
    path.write_bytes(raw)
    assert Records.load(path).problem == (f"Records not used (the records file is not JSON ({text[:79]}…)); "
                                          f"kept as records.json.bad-{STAMP}, starting afresh")


def test_records_that_cannot_be_moved_aside_are_left_and_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "records.json"
    path.write_text("my records, damaged")
    refuse_moves(monkeypatch, PermissionError(13, "Permission denied"))
    records = Records.load(path)
    assert records.problem == ("Records not used (the records file is not JSON (Expecting value: line 1 column 1 "
                               "(char 0))); the file could not be moved aside (Permission denied), so new records "
                               "are not saved")
    monkeypatch.undo()  # even once the folder allows it again, the file is not written over
    records.add_win(MazeSpec("backtracker", "square", 8, 5, 1), 1, 12.5, 30)
    records.save()
    assert path.read_text() == "my records, damaged" and not list(tmp_path.glob("*.bad-*"))


def test_the_records_edges_that_are_accepted():
    longest = KEY[:-1] + "0" * (2000 - len(KEY)) + "1"
    entries, _ = records_module.parse(records_bytes([good_row(key=longest, moves=10**9 - 1, wins=10**9 - 1)]))
    assert entries == {longest: Record(12.5, 10**9 - 1, 10**9 - 1)}


def test_the_records_table_is_sorted_by_algorithm_grid_then_level_as_a_number(tmp_path):
    records = Records(tmp_path / "records.json")
    wins = [  # added in an order that is none of the sorts
        (MazeSpec("prim", "hex", 9, 9, 1), 2, 30.0, 40),
        (MazeSpec("backtracker", "square", 10, 10, 1), 10, 75.5, 1234),
        (MazeSpec("backtracker", "square", 10, 10, 2), 2, 59.99, 12),
        (MazeSpec("backtracker", "hex", 9, 9, 3), 1, 61.0, 7),
    ]
    for spec, level, seconds, moves in wins:
        records.add_win(spec, level, seconds, moves)
    assert records.table() == [
        ("1", "backtracker hex 9x9", "3", "1:01.00", "7", "1"),
        ("2", "backtracker square 10x10", "2", "0:59.99", "12", "1"),
        ("10", "backtracker square 10x10", "1", "1:15.50", "1,234", "1"),
        ("2", "prim hex 9x9", "1", "0:30.00", "40", "1"),
    ]


def test_format_seconds_reads_as_minutes_and_seconds():
    assert [format_seconds(s) for s in (0, 59.99, 60, 61.5, 3725.25)] == ["0:00.00", "0:59.99", "1:00.00", "1:01.50",
                                                                           "62:05.25"]


def test_a_win_keeps_the_time_to_the_hundredth_and_the_best_of_each(tmp_path):
    records = Records(tmp_path / "records.json")
    spec = MazeSpec("backtracker", "square", 8, 5, 1)
    first = records.add_win(spec, 1, 12.3456, 40)
    assert first.first_win and first.record == Record(12.35, 40, 1)
    second = records.add_win(spec, 1, 11.1111, 50)
    assert second.previous == Record(12.35, 40, 1) and second.record == Record(11.11, 40, 2)
    assert second.new_best_time and not second.new_fewest_moves
    third = records.add_win(spec, 1, 20.0, 38)
    assert third.record == Record(11.11, 38, 3) and third.new_fewest_moves and not third.new_best_time


def test_a_record_won_again_is_the_newest_and_kept_when_the_oldest_go(tmp_path):
    records = Records(tmp_path / "records.json")
    mine = MazeSpec("backtracker", "square", 8, 5, 1)
    records.add_win(mine, 1, 30.0, 40)  # the oldest record...
    for k in range(records_module.MAX_RECORDS - 2):
        records.entries[f"prim|square|8x5|{k}|{{}}|1"] = Record(10.0, 10)
    records.add_win(MazeSpec("backtracker", "square", 8, 5, 2), 1, 30.0, 40)
    assert len(records.entries) == records_module.MAX_RECORDS
    records.add_win(mine, 1, 25.0, 40)  # ...won again: now the newest
    records.add_win(MazeSpec("backtracker", "square", 8, 5, 3), 1, 30.0, 40)  # one too many: the oldest goes
    assert len(records.entries) == records_module.MAX_RECORDS
    assert records.get(mine, 1) == Record(25.0, 40, 2)
    assert "prim|square|8x5|0|{}|1" not in records.entries
    records.save()
    saved = json.loads(records.path.read_text())["records"]
    assert saved[-2]["key"] == recipe_key(mine, 1) and saved[-2]["wins"] == 2


def test_records_are_saved_into_a_folder_made_for_them_and_read_back(tmp_path):
    path = tmp_path / "new" / "folder" / "records.json"
    records = Records(path, settings={"sound": False, "ghost": "hard"})
    spec = MazeSpec("backtracker", "square", 8, 5, 1)
    records.add_win(spec, 1, 12.5, 30)
    records.save()
    again = Records.load(path)
    assert again.problem == "" and again.get(spec, 1) == Record(12.5, 30, 1)
    assert again.settings == {"sound": False, "ghost": "hard"}


def test_records_are_never_written_into_a_device_put_in_their_place(tmp_path):
    """A link to /dev/null appearing in the records' place: the save fails (the caller reports it)
    rather than the records vanishing into the device."""
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null here")
    path = tmp_path / "records.json"
    records = Records.load(path)
    records.add_win(MazeSpec("backtracker", "square", 8, 5, 1), 1, 12.5, 30)
    os.symlink("/dev/null", path)
    with pytest.raises(OSError):
        records.save()
    assert os.readlink(path) == "/dev/null"


def test_the_records_key_of_a_recipe_does_not_change_between_versions():
    """The key ties the records on disk to a maze: a different key would lose a player's best times."""
    notch = ("..X..", ".....", ".....")
    assert recipe_key(MazeSpec("growing_tree", "hex", 9, 7, 11, {"selection": "oldest"}), 4) == \
        'growing_tree|hex|9x7|11|{"braid":0,"selection":"oldest"}|4'
    assert recipe_key(MazeSpec("backtracker", "square", 8, 5, 3, mask=Mask(notch, "no|tch")), 2) == \
        'backtracker|square (no/tch 36bf0363)|8x5|3|{"braid":0,"winding":100}|2'
    assert recipe_key(MazeSpec("backtracker", "square", 8, 5, 3, mask=Mask(notch, "no|tch", True)), 2) == \
        'backtracker|square (no/tch b20142bd)|8x5|3|{"braid":0,"winding":100}|2'
    assert recipe_key(MazeSpec("backtracker", "square", 8, 6, 3, {"unicursal": 1}), 2) == \
        'backtracker|square|8x6|3|{"braid":0,"unicursal":1,"winding":100}|2'


def test_a_records_file_of_exactly_the_size_limit_is_read_and_one_byte_more_is_not(tmp_path):
    path = tmp_path / "records.json"
    raw = records_bytes([good_row()])
    path.write_bytes(raw + b" " * (records_module.MAX_RECORDS_BYTES - len(raw)))
    records = Records.load(path)
    assert records.problem == "" and records.entries == {KEY: Record(12.5, 30, 2)}
    path.write_bytes(raw + b" " * (records_module.MAX_RECORDS_BYTES + 1 - len(raw)))
    records = Records.load(path)
    assert records.problem == "Records not read (the file is too large), so new records are not saved"
    assert records.frozen


def test_a_fifo_in_place_of_the_records_is_named_as_such(tmp_path):
    path = tmp_path / "records.json"
    os.mkfifo(path)
    assert Records.load(path).problem == "Records not read (not a regular file), so new records are not saved"


SPEC = MazeSpec("backtracker", "square", 8, 5, 41)


def test_a_win_is_a_record_until_a_better_one_beats_it(tmp_path):
    records = Records.load(tmp_path / "records.json")
    first = records.add_win(SPEC, 2, 30.0, 40)
    assert first.first_win and not first.new_best_time
    slower = records.add_win(SPEC, 2, 35.0, 38)
    assert not slower.new_best_time and slower.new_fewest_moves
    assert slower.previous.best_time == 30.0 and slower.record.fewest_moves == 38
    faster = records.add_win(SPEC, 2, 20.5, 50)
    assert faster.new_best_time and not faster.new_fewest_moves and faster.record.wins == 3
    records.save()
    again = Records.load(tmp_path / "records.json")
    assert again.get(SPEC, 2) == faster.record and again.get(SPEC, 3) is None


def test_a_record_belongs_to_the_recipe_and_the_level():
    keys = {recipe_key(SPEC, 1), recipe_key(SPEC, 2), recipe_key(SPEC.with_(seed=42), 1),
            recipe_key(SPEC.with_(params={"braid": 50}), 1), recipe_key(SPEC.with_(grid="hex"), 1)}
    assert len(keys) == 5
    assert recipe_key(SPEC, 1) == recipe_key(SPEC.with_(params={"braid": 0}), 1)  # defaults spelled out


def test_only_the_newest_records_are_kept_when_there_are_too_many(tmp_path):
    records = Records.load(tmp_path / "records.json")
    for seed in range(MAX_RECORDS + 3):
        records.add_win(SPEC.with_(seed=seed), 1, 10.0, 10)
    assert len(records.entries) == MAX_RECORDS
    assert records.get(SPEC.with_(seed=0), 1) is None and records.get(SPEC.with_(seed=MAX_RECORDS + 2), 1)


@pytest.mark.parametrize("content", [
    b"{", b"[]", b'{"format": "maze-visualizer-records", "version": 2, "records": []}',
    b'{"format": "maze-visualizer-records", "version": 1, "records": [{"key": "x", "time": 1, "moves": 1}]}',
    b'{"format": "maze-visualizer-records", "version": 1, "records": [{"key": "a|b|c|d|e|1", "time": -1, "moves": 1}]}',
    b'{"format": "maze-visualizer-records", "version": 1, "records": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"format": "maze-visualizer-records", "version": true, "records": []}',
])
def test_a_damaged_records_file_is_set_aside_in_one_line_and_play_goes_on(tmp_path, content):
    path = tmp_path / "records.json"
    path.write_bytes(content)
    records = Records.load(path)
    assert records.entries == {} and records.problem and "\n" not in records.problem
    assert len(records.problem) <= 200
    assert not path.exists() and any(p.name.startswith("records.json.bad-") for p in tmp_path.iterdir())
    records.add_win(SPEC, 1, 5.0, 5)
    records.save()
    assert Records.load(path).get(SPEC, 1) is not None


def test_unknown_settings_are_dropped_and_known_ones_kept(tmp_path):
    path = tmp_path / "records.json"
    path.write_text(json.dumps({"format": "maze-visualizer-records", "version": 1, "records": [],
                                "settings": {"sound": False, "ghost": "hard", "volume": 11}}))
    assert Records.load(path).settings == {"sound": False, "ghost": "hard"}
    path.write_text(json.dumps({"format": "maze-visualizer-records", "version": 1, "records": [],
                                "settings": {"sound": "loud", "ghost": "scary"}}))
    assert Records.load(path).settings == {}


# --- keys the table can always show, and a file that never outgrows its read limit ----------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

key_pieces = st.text(st.sampled_from("ab|09²١\x1b[m \u202e"), max_size=12)


@given(st.lists(key_pieces, min_size=1, max_size=8).map("|".join))
def test_every_key_the_loader_takes_the_table_shows(key):
    """One bad key (a level "2²" passes isdigit, then int() fails) must be refused as the file is
    read, never fail the table later."""
    try:
        entries, _ = parse(document(records=[row(key=key)]))
    except ValueError as err:
        assert str(err) == "a record has a bad key"
        return
    assert len(Records(records_module.records_path(), entries).table()) == 1


@pytest.mark.parametrize("level", ["2²", "١", "x", ""])
def test_a_level_that_is_not_ascii_digits_sets_the_file_aside(tmp_path, level):
    path = tmp_path / "records.json"
    path.write_bytes(document(records=[row(key=KEY[:-1] + level)]))
    records = Records.load(path)
    assert "bad key" in records.problem and records.table() == []


def test_play_records_prints_escape_codes_escaped(tmp_path, monkeypatch, capsys):
    from visualizer.cli import main

    monkeypatch.setenv("MAZE_VISUALIZER_DATA", str(tmp_path))
    nasty = "backtracker|square (\x1b]0;owned\x07\x1b[2J \u202emask 00000000)|8x5|3\x1b[31m|{}|1"
    (tmp_path / "records.json").write_bytes(document(records=[row(key=nasty)]))
    assert main(["play", "--records"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[31m" in out and "\\u202emask" in out


def long_keys(count: int, length: int) -> list[str]:
    return [f"backtracker|square ({'m' * length} {n:08x})|8x5|{n}|{{}}|1" for n in range(count)]


def test_records_of_long_mask_names_never_outgrow_the_read_limit(tmp_path):
    """With long mask names the file used to pass 1 MB at about 3,950 records, after which none was
    shown or saved: now the oldest go, with a note, and the file always reads back."""
    path = tmp_path / "records.json"
    records = Records(path)
    for key in long_keys(MAX_RECORDS, 240):
        records.entries[key] = Record(1.5, 10, 1)
    records.reached = {f"backtracker|square ({'r' * 1900} {n:08x})": 3 for n in range(300)}
    note = records.save()
    assert path.stat().st_size <= records_module.MAX_RECORDS_BYTES
    assert note.startswith("The records file was full: the ") and "oldest record" in note
    back = Records.load(path)
    assert not back.problem and back.entries == records.entries and back.reached == records.reached
    assert list(back.entries)[-1] == long_keys(MAX_RECORDS, 240)[-1]  # the newest stay
    assert records.save() == ""  # once it fits, nothing more goes


@settings(max_examples=40, deadline=None)
@given(counts=st.lists(st.integers(0, 300), min_size=1, max_size=30), reached=st.integers(0, 20),
       limit=st.integers(300, 4000))
def test_a_saved_records_file_always_fits_and_keeps_the_newest(tmp_path_factory, counts, reached, limit):
    path = tmp_path_factory.mktemp("records") / "records.json"
    records = Records(path, settings={"sound": True})
    keys = [f"a|square ({'n' * length})|8x5|{n}|{{}}|1" for n, length in enumerate(counts)]
    for key in keys:
        records.entries[key] = Record(2.0, 3, 1)
    records.reached = {f"a|g{n}{'x' * 50}": 2 for n in range(reached)}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(records_module, "MAX_RECORDS_BYTES", limit)
        records.save()
        assert path.stat().st_size <= limit
        back = Records.load(path)
    assert not back.problem
    assert list(back.entries) == keys[len(keys) - len(back.entries):]  # the newest, in order
    assert back.settings == {"sound": True}


def test_a_key_too_long_to_read_back_is_never_written(tmp_path):
    records = Records(tmp_path / "records.json")
    long_name = Mask(("...", "..."), "m" * 5000)
    spec = MazeSpec("backtracker", "square", 3, 2, 1, mask=long_name)
    assert len(recipe_key(spec, 1)) < records_module.MAX_KEY  # the mask's name is cut in the key
    records.add_win(spec, 1, 3.0, 4)
    records.add_win(SPEC.with_(params={}), 1, 3.0, 4)
    records.save()
    assert len(Records.load(tmp_path / "records.json").entries) == 2
