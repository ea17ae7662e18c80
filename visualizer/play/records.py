"""Best times and fewest moves, per level and maze recipe, kept beside the save.

A record belongs to a recipe (algorithm, grid, size, seed, parameters) and a level: the same recipe
is the same maze, so a friend given the seed races exactly the mazes you did. Records live in their
own file (``records.json``), so a damaged save never costs them, and a damaged records file is set
aside like a save (one line, never a crash) and a fresh one started. The player's settings (sound,
ghost) ride along in the same file.
"""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files.atomic import write_atomic
from ..files.safe_read import MAX_DEPTH, json_depth, one_line, read_regular
from ..run.spec import MazeSpec
from .levels import FINAL_LEVEL
from .save import data_dir, set_aside

RECORDS_NAME = "records.json"
FORMAT = "maze-visualizer-records"
VERSION = 1
MAX_RECORDS_BYTES = 1024 * 1024
MAX_RECORDS = 5000
"""Kept at most (the oldest go first): a year of daily play is well under it."""
DAILY_MARK = " daily "
"""Between a daily maze's seed and its date in a record's key."""
MAX_KEY = 2000
"""Longest key the loader takes (characters); a longer one is never written (it would make the file unreadable)."""
MAX_MASK_NAME = 200
"""Characters of a mask's name kept in a key (its fingerprint still tells two masks apart)."""


def records_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / RECORDS_NAME


LATER_PARAMS = ("unicursal", "weights")
"""Parameters every algorithm gained after records were first kept: at their default they stay out
of the key, so the best times kept before still match the same maze."""


def recipe_key(spec: MazeSpec, level: int, daily: str = "") -> str:
    """What makes two plays the same maze: the recipe (parameters with their defaults) and the level;
    a daily maze's date rides with its seed, so its records are its own."""
    values = spec.info.resolve(spec.params)
    defaults = spec.info.defaults()
    kept = {name: value for name, value in values.items()
            if not (name in LATER_PARAMS and value == defaults[name])}
    params = json.dumps(kept, sort_keys=True, separators=(",", ":"))
    seed = f"{spec.seed}{DAILY_MARK}{daily}" if daily else str(spec.seed)
    return f"{spec.algorithm}|{grid_part(spec)}|{spec.width}x{spec.height}|{seed}|{params}|{level}"


def grid_part(spec: MazeSpec) -> str:
    """The grid kind, and for a masked maze the mask's name and a fingerprint of its cells (two
    masks of one name are different mazes)."""
    if spec.mask is None:
        return spec.grid
    mask = spec.mask
    shape = zlib.crc32("\n".join(mask.rows).encode("ascii") + (b"p" if mask.by_plane else b"c"))
    name = mask.name.replace("|", "/")[:MAX_MASK_NAME]
    return f"{spec.grid} ({name} {shape:08x})"


def game_key(spec: MazeSpec) -> str:
    """What level select goes by: the algorithm and the grid (with its mask); every seed and size."""
    return f"{spec.algorithm}|{grid_part(spec)}"


@dataclass(frozen=True)
class Record:
    best_time: float
    fewest_moves: int
    wins: int = 1


@dataclass(frozen=True)
class Outcome:
    """What a win did to the records: the ones before it, and which it beat."""

    previous: Record | None
    record: Record

    @property
    def first_win(self) -> bool:
        return self.previous is None

    @property
    def new_best_time(self) -> bool:
        return self.previous is not None and self.record.best_time < self.previous.best_time

    @property
    def new_fewest_moves(self) -> bool:
        return self.previous is not None and self.record.fewest_moves < self.previous.fewest_moves


@dataclass
class Records:
    """Every record, the settings, and a note when the file had to be set aside."""

    path: Path
    entries: dict[str, Record] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    reached: dict[str, int] = field(default_factory=dict)
    """The furthest level reached, per game recipe (``game_key``): level select offers up to it."""
    problem: str = ""
    """One line for the player when the file on disk could not be used (empty when fine)."""
    frozen: bool = False
    """True when the file could not be read or a damaged one could not be moved aside: it is never
    overwritten unasked."""

    @classmethod
    def load(cls, path: Path | None = None) -> "Records":
        path = path or records_path()
        records = cls(path)
        try:
            raw = read_regular(path, MAX_RECORDS_BYTES)
        except FileNotFoundError:
            return records
        except OSError as err:  # unreadable, or not a regular file: never written over unasked
            records.problem = one_line(f"Records not read ({err.strerror or err}), so new records are not saved")
            records.frozen = True
            return records
        try:
            records.entries, records.settings, records.reached = parse_all(raw)
        except ValueError as err:
            records.problem, moved = set_aside_note(path, str(err))
            records.frozen = not moved
        return records

    def get(self, spec: MazeSpec, level: int, daily: str = "") -> Record | None:
        return self.entries.get(recipe_key(spec, level, daily))

    def add_win(self, spec: MazeSpec, level: int, seconds: float, moves: int, daily: str = "") -> Outcome:
        """Count a win and keep the best figures; returns what changed (for the win screen)."""
        key = recipe_key(spec, level, daily)
        previous = self.entries.get(key)
        if previous is None:
            record = Record(round(seconds, 2), moves)
        else:
            record = Record(min(previous.best_time, round(seconds, 2)), min(previous.fewest_moves, moves),
                            previous.wins + 1)
        if len(key) > MAX_KEY:  # not loadable: the file would be set aside with every other record
            return Outcome(previous, record)
        self.entries.pop(key, None)
        self.entries[key] = record  # newest last: the oldest go first when there are too many
        while len(self.entries) > MAX_RECORDS:
            del self.entries[next(iter(self.entries))]
        return Outcome(previous, record)

    def save(self) -> str:
        """Write atomically (OSError is the caller's to report); never over a file that could not be
        moved aside. The file stays under the size the loader reads (``MAX_RECORDS_BYTES``): when it
        would not, the oldest records go first, then the oldest levels reached, and the note returned
        says how many ("" when none went)."""
        if self.frozen:
            return ""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        rows = [{"key": key, "time": r.best_time, "moves": r.fewest_moves, "wins": r.wins}
                for key, r in self.entries.items()]
        doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "settings": self.settings, "reached": {},
                               "records": []}
        frame = len(compact(doc))
        row_sizes = [len(compact(row)) + 1 for row in rows]  # each with its comma (ASCII: chars are bytes)
        reached_sizes = [len(compact({key: level})) - 1 for key, level in self.reached.items()]
        note = self.drop_oldest(*fit(frame, row_sizes, reached_sizes, MAX_RECORDS_BYTES))
        doc["reached"], doc["records"] = self.reached, rows[len(rows) - len(self.entries):]
        text = compact(doc)
        write_atomic(self.path, text, regular_only=True)
        return note

    def save_saying(self, what: str) -> str:
        """Save; the sentence to show: why it failed ("Could not save the <what>: ..."), the records
        dropped to keep the file under its size, or "" when all went well."""
        try:
            return self.save()
        except OSError as err:
            return f"Could not save the {what}: {err.strerror or err}"

    def drop_oldest(self, records: int, reached: int) -> str:
        """Forget the ``records`` oldest records and the ``reached`` oldest levels reached; the note."""
        for key in list(self.entries)[:records]:
            del self.entries[key]
        for key in list(self.reached)[:reached]:
            del self.reached[key]
        dropped = [f"{records:,} oldest record{'s' if records != 1 else ''}" if records else "",
                   f"{reached:,} oldest level{'s' if reached != 1 else ''} reached" if reached else ""]
        words = " and ".join(part for part in dropped if part)
        return f"The records file was full: the {words} were dropped" if words else ""

    def reached_level(self, spec: MazeSpec) -> int:
        """The furthest level of this game recipe reached so far (1 when none)."""
        return self.reached.get(game_key(spec), 1)

    def reach(self, spec: MazeSpec, level: int) -> bool:
        """A level of this recipe's series was started: True when it is further than before."""
        key = game_key(spec)
        if level <= self.reached.get(key, 1) or len(key) > MAX_KEY:
            return False
        self.reached.pop(key, None)
        self.reached[key] = min(level, FINAL_LEVEL)
        while len(self.reached) > MAX_RECORDS:
            del self.reached[next(iter(self.reached))]
        return True

    def table(self) -> list[tuple[str, ...]]:
        """Rows for ``play --records``: level, maze, seed, best time, fewest moves, wins."""
        rows: list[tuple[str, ...]] = []
        for key, record in sorted(self.entries.items(), key=lambda kv: _sort_key(kv[0])):
            algorithm, grid, size, seed, _params, level = key_fields(key)
            if DAILY_MARK in seed:  # "daily 2026-12-02", and the seed alone
                seed, day = seed.split(DAILY_MARK, 1)
                level = f"daily {day}"
            rows.append((level, f"{algorithm} {grid} {size}", seed, format_seconds(record.best_time),
                         f"{record.fewest_moves:,}", f"{record.wins:,}"))
        return rows


def compact(value: Any) -> str:
    """JSON without spaces, every character ASCII (so its length is its size in bytes)."""
    return json.dumps(value, separators=(",", ":"))


def fit(frame: int, row_sizes: list[int], reached_sizes: list[int], limit: int = MAX_RECORDS_BYTES) -> tuple[int, int]:
    """How many of the oldest records, then of the oldest levels reached, to leave out so that the file
    (``frame`` bytes around them, each entry's size counted with its comma) is at most ``limit`` bytes."""
    total = frame + sum(row_sizes) + sum(reached_sizes)
    drop = [0, 0]
    for which, sizes in enumerate((row_sizes, reached_sizes)):
        while total > limit and drop[which] < len(sizes):
            total -= sizes[drop[which]]
            drop[which] += 1
    return drop[0], drop[1]


def key_fields(key: object) -> tuple[str, str, str, str, str, str]:
    """A record's key as (algorithm, grid, size, seed, parameters, level): the loader's check and the
    table's reading are this one function, so a key the loader takes is one the table can show.
    ValueError when it is not a key this program writes."""
    if not isinstance(key, str) or len(key) > MAX_KEY or key.count("|") < 5:
        raise ValueError("a record has a bad key")
    algorithm, grid, size, seed, rest = key.split("|", 4)
    params, level = rest.rsplit("|", 1)
    if not (level.isascii() and level.isdecimal()):  # not isdigit(): "2²" passes that, and int() fails
        raise ValueError("a record has a bad key")
    return algorithm, grid, size, seed, params, level


def _sort_key(key: str) -> tuple[str, str, int]:
    algorithm, grid, _size, _seed, _params, level = key_fields(key)
    return algorithm, grid, int(level)


def parse(raw: bytes) -> tuple[dict[str, Record], dict[str, Any]]:
    """The records and settings of a file's bytes; ValueError (one line) when anything is off."""
    entries, settings, _ = parse_all(raw)
    return entries, settings


def parse_all(raw: bytes) -> tuple[dict[str, Record], dict[str, Any], dict[str, int]]:
    """The records, settings and levels reached of a file's bytes; ValueError (one line) when
    anything is off."""
    if json_depth(raw) > MAX_DEPTH:
        raise ValueError("the records file nests too deeply")
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise ValueError(f"the records file is not JSON ({one_line(str(err), 80)})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError("this is not a records file")
    if type(doc.get("version")) is not int or doc["version"] != VERSION:
        raise ValueError("the records file has an unknown version")
    rows, settings = doc.get("records"), doc.get("settings", {})
    if not isinstance(rows, list) or len(rows) > MAX_RECORDS or not isinstance(settings, dict):
        raise ValueError("the records file's lists are not what they should be")
    return dict(_record(row) for row in rows), _settings(settings), _reached(doc.get("reached", {}))


def _reached(raw: Any) -> dict[str, int]:
    """The furthest level reached per game recipe: short text keys, whole levels 1 - FINAL_LEVEL."""
    fine = (isinstance(raw, dict) and len(raw) <= MAX_RECORDS
            and all(isinstance(k, str) and len(k) <= MAX_KEY for k in raw)
            and all(type(v) is int and 1 <= v <= FINAL_LEVEL for v in raw.values()))
    if not fine:
        raise ValueError("the levels reached are damaged")
    return dict(raw)


def _record(row: Any) -> tuple[str, Record]:
    if not isinstance(row, dict):
        raise ValueError("a record is not an object")
    key, seconds, moves, wins = row.get("key"), row.get("time"), row.get("moves"), row.get("wins", 1)
    key_fields(key)
    assert isinstance(key, str)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
            or not 0 <= seconds < 10**7:
        raise ValueError("a record has a bad time")
    for value in (moves, wins):
        if type(value) is not int or not 0 <= value < 10**9:
            raise ValueError("a record has a bad count")
    assert isinstance(moves, int) and isinstance(wins, int)
    return key, Record(float(seconds), moves, wins)


SETTINGS: dict[str, tuple[type, tuple[Any, ...] | None]] = {"sound": (bool, None),
                                                             "ghost": (str, ("off", "easy", "medium", "hard"))}
"""Setting name -> (type, allowed values or None)."""


def _settings(raw: dict[str, Any]) -> dict[str, Any]:
    """The settings we know, with valid values; anything else is dropped (an older or newer program's)."""
    out = {}
    for name, (kind, allowed) in SETTINGS.items():
        value = raw.get(name)
        if type(value) is kind and (allowed is None or value in allowed):
            out[name] = value
    return out


def set_aside_note(path: Path, reason: str) -> tuple[str, bool]:
    """Move a damaged records file aside; (one line for the player, whether it moved)."""
    try:
        kept = set_aside(path)
    except OSError as err:
        return one_line(f"Records not used ({reason}); the file could not be moved aside "
                        f"({err.strerror or err}), so new records are not saved"), False
    return one_line(f"Records not used ({reason}); kept as {kept.name if kept else path.name}, starting afresh"), True


def format_seconds(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:05.2f}"
