"""Every reader of a file a user can hand the program, fuzzed: JSON maze exports, saves, records,
settings, lessons, text and picture masks. Each starts from a good file and breaks it one way
(a value replaced by any JSON or TOML value, a key or item dropped, bytes flipped, the file cut
short, nested deep); the reader must then either read it or refuse it with its own error in one
line. Any other exception (a TypeError, KeyError, RecursionError, OverflowError...) is a traceback a
user would see, and fails here."""

from __future__ import annotations

import copy
import io
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from visualizer.export.json_io import FormatError, dumps, loads
from visualizer.files import settings
from visualizer.files.assets import assets_dir
from visualizer.files.masks import picture_mask, text_mask
from visualizer.grids import Mask
from visualizer.play.game import Game
from visualizer.play.records import FORMAT as RECORDS_FORMAT
from visualizer.play.records import VERSION as RECORDS_VERSION
from visualizer.play.records import Records, parse, recipe_key
from visualizer.play.save import SaveError, game_from_dict, game_to_dict
from visualizer.run.lesson import LessonError, parse_lesson, tomllib  # tomllib, or tomli before 3.11
from visualizer.run.spec import MazeSpec

Path_ = tuple[Any, ...]
LONGEST_MESSAGE = 1000
"""A message may list the registries' names, never quote a file's value at length (3000 characters here)."""

ODD_TEXT = st.sampled_from(["", " ", "²", "٣", "1e999", "-1", "NaN", "\x1b[31mred", "a|b|c|d|e|1", "a|b|c|d|e|²",
                            "a|b|c|d|e|٣", "|||||",
                            "x" * 3000, "\n", "square", "hex", "dungeon", "backtracker", "10x10", "0x0"])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([0, -1, 1, 2**31, 2**63, 10**400, -(10**30)]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), ODD_TEXT)
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.one_of(st.text(max_size=8), ODD_TEXT), inner, max_size=4),
                           max_leaves=12)
TOML_SCALARS = st.one_of(st.booleans(), st.integers(-(2**63), 2**63 - 1), st.floats(), st.text(max_size=20),
                         ODD_TEXT.filter(lambda s: len(s) < 100))
TOML_VALUES = st.recursive(TOML_SCALARS, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)


# --- breaking a good document ------------------------------------------------------------------

def paths(value: Any, prefix: Path_ = (), items: int = 3) -> Iterator[Path_]:
    """Every place in a nested document (the first few items of each list)."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*prefix, key), items)
    elif isinstance(value, list):
        for index, inner in enumerate(value[:items]):
            yield from paths(inner, (*prefix, index), items)


def broken(doc: Any, where: Path_, new: Any, drop: bool) -> Any:
    """``doc`` with the value at ``where`` replaced by ``new`` (or dropped, when ``drop``)."""
    if not where:
        return new
    doc = copy.deepcopy(doc)
    parent = doc
    for step in where[:-1]:
        parent = parent[step]
    if drop:
        del parent[where[-1]]
    else:
        parent[where[-1]] = new
    return doc


def break_document(data: st.DataObject, doc: Any, values: st.SearchStrategy[Any]) -> Any:
    where = data.draw(st.sampled_from(list(paths(doc))), label="where")
    drop = bool(where) and data.draw(st.booleans(), label="drop")
    return broken(doc, where, None if drop else data.draw(values, label="new value"), drop)


def break_bytes(data: st.DataObject, raw: bytes) -> bytes:
    """Bytes flipped, cut short, or a run inserted."""
    how = data.draw(st.sampled_from(["flip", "cut", "insert"]), label="how")
    at = data.draw(st.integers(0, len(raw)), label="at")
    if how == "cut":
        return raw[:at]
    if how == "insert":
        return raw[:at] + data.draw(st.binary(max_size=64), label="inserted") + raw[at:]
    flips = data.draw(st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(1, 255)), min_size=1,
                               max_size=8), label="flips")
    out = bytearray(raw)
    for index, mask in flips:
        out[index] ^= mask
    return bytes(out)


def read_or_refuse(read: Callable[[], Any], error: type[Exception]) -> Any:
    """What ``read`` gives, or None when it refuses with ``error`` in one short line."""
    try:
        return read()
    except error as err:
        message = str(err)
        assert message and "\n" not in message and len(message) <= LONGEST_MESSAGE, message
        return None


def json_text(doc: Any) -> str:
    return json.dumps(doc, allow_nan=True)


# --- the good documents -----------------------------------------------------------------------

SPECS = [MazeSpec("dungeon", "square", 7, 6, 3), MazeSpec("prim", "hex", 5, 4, 2),
         MazeSpec("backtracker", "square", 6, 4, 5, mask=Mask(("..XX..", "......", ".X..X.", "......"), "m"))]
EXPORTS = [json.loads(dumps(spec.build(), spec)) for spec in SPECS]
SAVES = [json.loads(json.dumps(game_to_dict(Game.new_level(level, spec))))
         for level, spec in ((2, MazeSpec("dungeon", "square", 1, 1, 7)), (1, MazeSpec("prim", "hex", 1, 1, 4)))]
RECORDS = {"format": RECORDS_FORMAT, "version": RECORDS_VERSION, "settings": {"sound": True, "ghost": "easy"},
           "records": [{"key": recipe_key(SPECS[0], 3), "time": 12.5, "moves": 40, "wins": 2},
                       {"key": recipe_key(SPECS[1], 1), "time": 3, "moves": 9, "wins": 1}]}
SETTINGS = dict(settings.DEFAULTS)
LESSONS = [tomllib.loads(path.read_text()) for path in sorted((assets_dir() / "lessons").glob("*.toml"))]


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- the readers --------------------------------------------------------------------------------

@given(data=st.data(), doc=st.sampled_from(EXPORTS))
def test_a_broken_json_export_is_read_or_refused_in_one_line(data, doc):
    read_or_refuse(lambda: loads(json_text(break_document(data, doc, JSON_VALUES))), FormatError)


@given(data=st.data(), doc=st.sampled_from(EXPORTS))
def test_a_json_export_with_broken_bytes_is_read_or_refused_in_one_line(data, doc):
    raw = break_bytes(data, json_text(doc).encode())
    read_or_refuse(lambda: loads(raw.decode("utf-8", errors="replace")), FormatError)


@given(data=st.data(), doc=st.sampled_from(SAVES))
def test_a_broken_save_is_read_or_refused_in_one_line(data, doc):
    read_or_refuse(lambda: game_from_dict(json.loads(json_text(break_document(data, doc, JSON_VALUES)))), SaveError)


@given(data=st.data())
def test_a_broken_records_file_is_read_or_refused_and_what_it_reads_can_be_listed(data):
    raw = json_text(break_document(data, RECORDS, JSON_VALUES)).encode()
    if data.draw(st.booleans(), label="bytes too"):
        raw = break_bytes(data, raw)
    read = read_or_refuse(lambda: parse(raw), ValueError)
    if read is not None:
        entries, _ = read
        Records(Path("unused.json"), entries).table()  # what `play --records` prints


@pytest.mark.parametrize("level", ["²", "¹²", "٣", "1", "x"])
def test_a_record_key_whose_level_only_looks_like_a_number_is_refused_or_listed(level):
    """``"²".isdigit()`` is true, and ``int("²")`` fails: such a key was accepted, then listing failed."""
    doc = copy.deepcopy(RECORDS)
    doc["records"][0]["key"] = f"backtracker|square|8x5|3|{{}}|{level}"
    read = read_or_refuse(lambda: parse(json_text(doc).encode()), ValueError)
    if read is not None:
        Records(Path("unused.json"), read[0]).table()


@given(data=st.data())
def test_a_broken_settings_file_falls_back_to_the_defaults(data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("settings")
    raw = json_text(break_document(data, SETTINGS, JSON_VALUES)).encode()
    if data.draw(st.booleans(), label="bytes too"):
        raw = break_bytes(data, raw)
    (folder / "settings.json").write_bytes(raw)
    loaded = settings.load(folder / "settings.json")
    assert set(loaded) == set(settings.DEFAULTS)
    assert all(loaded[key] in allowed for key, allowed in settings.CHOICES.items())


def toml_value(value: Any) -> str:
    """The TOML text of a value (inline tables and arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items()) + " }"


def toml_document(doc: dict[str, Any]) -> str:
    """A lesson's TOML: top-level keys, then its ``[[slide]]`` tables (when slide is a list of tables)."""
    slides = doc.get("slide")
    tables = isinstance(slides, list) and slides and all(isinstance(s, dict) for s in slides)
    lines = [f"{json.dumps(key)} = {toml_value(value)}" for key, value in doc.items()
             if not (key == "slide" and tables)]
    for slide in slides if tables else []:
        lines += ["", "[[slide]]", *(f"{json.dumps(key)} = {toml_value(value)}" for key, value in slide.items())]
    return "\n".join(lines) + "\n"


@given(data=st.data(), doc=st.sampled_from(LESSONS))
def test_a_broken_lesson_is_read_or_refused_in_one_line(data, doc):
    broken_doc = break_document(data, doc, TOML_VALUES)
    text = toml_document(broken_doc) if isinstance(broken_doc, dict) else toml_value(broken_doc)
    read_or_refuse(lambda: parse_lesson(text, "lesson.toml"), LessonError)


@given(data=st.data())
def test_a_lesson_with_broken_text_is_read_or_refused_in_one_line(data):
    raw = break_bytes(data, toml_document(data.draw(st.sampled_from(LESSONS))).encode())
    read_or_refuse(lambda: parse_lesson(raw.decode("utf-8", errors="replace"), "lesson.toml"), LessonError)


@given(raw=st.one_of(st.binary(max_size=200), st.text(alphabet=".X# \n\r\t²é|", max_size=200).map(str.encode)))
def test_a_text_mask_of_any_bytes_is_read_or_refused_in_one_line(raw):
    read_or_refuse(lambda: text_mask(raw, "fuzz"), ValueError)


def picture_bytes(fmt: str) -> bytes:
    image = Image.new("RGBA", (12, 9), (255, 255, 255, 255))
    for x in range(3, 9):
        image.putpixel((x, 4), (0, 0, 0, 255))
    out = io.BytesIO()
    image.convert("RGB" if fmt == "JPEG" else "RGBA").save(out, format=fmt)
    return out.getvalue()


PICTURES = [picture_bytes(fmt) for fmt in ("PNG", "GIF", "BMP", "JPEG", "WEBP", "TIFF")]


@given(data=st.data(), raw=st.sampled_from(PICTURES))
def test_a_picture_mask_with_broken_bytes_is_read_or_refused_in_one_line(data, raw):
    read_or_refuse(lambda: picture_mask(break_bytes(data, raw), "fuzz"), ValueError)


@pytest.mark.parametrize("depth", [100, 5_000, 60_000])
def test_deep_nesting_is_refused_everywhere_without_a_recursion_error(depth, tmp_path):
    text = deep(depth)
    read_or_refuse(lambda: loads(text), FormatError)
    read_or_refuse(lambda: parse(text.encode()), ValueError)
    read_or_refuse(lambda: parse_lesson(f"title = {text}\n", "lesson.toml"), LessonError)
    (tmp_path / "settings.json").write_text(text)
    assert settings.load(tmp_path / "settings.json") == settings.DEFAULTS
