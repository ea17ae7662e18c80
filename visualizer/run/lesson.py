"""Lesson files: a teacher's list of slides, each a recipe to run, where to stop and what to say.

A lesson is TOML (``tomllib``; ``tomli`` before Python 3.11)::

    title = "Depth-first mazes"

    [[slide]]
    scene = "watch"                # watch, compare or lab
    algorithm = "backtracker"      # compare and lab: algorithms = ["wilson", "aldous_broder"]
    size = "20x15"                 # and grid: a shape as --grid takes it (the square grid by default)
    seed = 7
    params = {}                    # the algorithm's parameters
    solver = "bfs"                 # optional
    speed = 200                    # optional: events per second
    stop = "end"                   # or { event = 120 } or { phase = "connect" } (that phase complete)
    show = ["distances", "longest", "solution"]
    caption = "What the class reads."
    note = "What the teacher remembers."

Parsing checks every name against the registries and every recipe with ``MazeSpec.check``; anything
wrong is one :class:`LessonError` line naming the file, the slide and the fault. Pure: no pygame.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..algorithms import ALGORITHMS
from ..core.names import unknown
from ..files.assets import assets_dir
from ..files.safe_read import NotRegular, TooLarge, read_regular, short
from ..grids import DEFAULT_GRID
from ..solvers import SOLVERS
from .spec import MazeSpec

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the 3.10 fallback
    import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]

SCENES = ("watch", "compare", "lab")
"""The scenes a slide can name (the window's scene registry has the same names)."""
SHOWS = ("distances", "longest", "solution")
"""What a slide can turn on: the distance map, the longest path, the solver's solution."""
SCENE_SHOWS = {"watch": frozenset(SHOWS), "compare": frozenset({"solution"}), "lab": frozenset()}
"""What each scene draws of ``show``: compare panes draw each maze's solution (after the race), the
lab draws no maze."""
STOP_KINDS = ("event", "step", "phase")
"""A stop is "end" or a table with one of these keys."""
SLIDE_KEYS = frozenset({"scene", "algorithm", "algorithms", "grid", "size", "seed", "params", "solver",
                        "speed", "stop", "show", "caption", "note"})
LESSON_KEYS = frozenset({"title", "slide"})
MAX_SIDE = 200
"""Largest side a slide may ask for (a lesson is for a class to read, not a benchmark)."""
MAX_NAME = 80
"""Longer than any registry name by far: such a value is shown cut, with no nearest name sought."""
LESSON_SUFFIX = ".toml"
MAX_LESSON_BYTES = 1 << 20
"""The largest lesson file read (the shipped ones are about 1 KB)."""


class LessonError(ValueError):
    """One line: the file, the slide and what is wrong."""


@dataclass(frozen=True)
class Stop:
    """Where a slide's run stops: after ``event`` generation events, after algorithm step ``step``
    (the teaching panel's count), when ``phase`` is complete, or at the end."""

    event: int | None = None
    phase: str | None = None
    step: int | None = None

    @property
    def at_end(self) -> bool:
        return self.event is None and self.phase is None and self.step is None

    def words(self) -> str:
        if self.event is not None:
            return f"event {self.event:,}"
        if self.step is not None:
            return f"step {self.step:,}"
        return f"the end of phase {self.phase}" if self.phase is not None else "the end"


@dataclass(frozen=True)
class Slide:
    spec: MazeSpec
    scene: str = "watch"
    algorithms: tuple[str, ...] = ()
    """Compare and lab: the algorithms side by side (``spec.algorithm`` is the first)."""
    solver: str | None = None
    speed: float | None = None
    stop: Stop = field(default_factory=Stop)
    show: frozenset[str] = frozenset()
    caption: str = ""
    note: str = ""


@dataclass(frozen=True)
class Lesson:
    title: str
    slides: tuple[Slide, ...]
    source: str = "<lesson>"
    """The file it came from (named in errors and in the window's title)."""


# --- reading ----------------------------------------------------------------------------------

def load_lesson(path: str | Path) -> Lesson:
    """Read and check a lesson file; a missing or unreadable file is a LessonError too."""
    name = str(path)
    try:
        text = read_regular(Path(path), MAX_LESSON_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise LessonError(f"{name}: no such lesson file") from None
    except NotRegular:  # a FIFO or a device (/dev/zero) would block or never end
        raise LessonError(f"{name}: not a regular file") from None
    except TooLarge:
        raise LessonError(f"{name}: larger than {MAX_LESSON_BYTES >> 10} KB, too large for a lesson") from None
    except (OSError, UnicodeDecodeError) as err:
        raise LessonError(f"{name}: cannot read it ({getattr(err, 'strerror', None) or err})") from None
    return parse_lesson(text, name)


def parse_lesson(text: str, source: str = "<lesson>") -> Lesson:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"{source}: not valid TOML ({err})") from None
    except RecursionError:  # tomllib recurses into nested arrays and tables
        raise LessonError(f"{source}: nested too deeply to be a lesson") from None
    extra = sorted(set(data) - LESSON_KEYS)
    if extra:
        raise LessonError(f"{source}: unknown key {short(extra[0])} (a lesson has a title and [[slide]] tables)")
    title = data.get("title", Path(source).stem)
    if not isinstance(title, str) or not title.strip():
        raise LessonError(f"{source}: title must be a non-empty string")
    raw = data.get("slide")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{source}: no slides (add [[slide]] tables)")
    slides = []
    for number, table in enumerate(raw, 1):
        if not isinstance(table, dict):
            raise LessonError(f"{source}: slide {number} must be a table ([[slide]] with key = value lines)")
        try:
            slides.append(parse_slide(table))
        except (ValueError, TypeError) as err:
            raise LessonError(f"{source}: slide {number}: {err}") from None
    return Lesson(title, tuple(slides), source)


def parse_slide(table: Mapping[str, Any]) -> Slide:
    """One slide from its TOML table; ValueError says what is wrong (the caller adds where)."""
    extra = sorted(set(table) - SLIDE_KEYS)
    if extra:
        raise ValueError(f"unknown key {short(extra[0])} (known: {', '.join(sorted(SLIDE_KEYS))})")
    scene = _choice(table.get("scene", "watch"), SCENES, "scene")
    algorithms = _algorithms(table, scene)
    width, height = _size(table.get("size", "20x15"))
    spec = MazeSpec(algorithm=algorithms[0], grid=_text(table.get("grid", DEFAULT_GRID), "grid"),
                    width=width, height=height, seed=_integer(table.get("seed", 1), "seed", 0),
                    params=_params(table.get("params", {})))
    for name in algorithms:
        _check_spec(spec.with_(algorithm=name))
    solver = table.get("solver")
    if solver is not None:
        solver = _choice(solver, tuple(SOLVERS), "solver")
    speed = table.get("speed")
    if speed is not None:
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not speed > 0:
            raise ValueError(f"speed must be a positive number of events per second, got {short(speed)}")
        speed = float(speed)
    show = table.get("show", [])
    if not isinstance(show, list):
        raise ValueError(f"show must be a list of {', '.join(SHOWS)}")
    shown = frozenset(_choice(item, SHOWS, "show") for item in show)
    if "solution" in shown and solver is None:
        raise ValueError("show has solution but the slide names no solver")
    refused = sorted(shown - SCENE_SHOWS[scene])
    if refused:
        can = " or ".join(sorted(SCENE_SHOWS[scene])) or "nothing"
        raise ValueError(f"show: a {scene} slide can show {can}, not {', '.join(refused)}")
    return Slide(spec=spec, scene=scene, algorithms=tuple(algorithms) if scene != "watch" else (),
                 solver=solver, speed=speed, stop=_stop(table.get("stop", "end"), spec),
                 show=shown, caption=_text(table.get("caption", ""), "caption", empty=True),
                 note=_text(table.get("note", ""), "note", empty=True))


def _check_spec(spec: MazeSpec) -> None:
    try:
        spec.check()
    except KeyError as err:
        raise ValueError(str(err.args[0]) if err.args else str(err)) from None


def _algorithms(table: Mapping[str, Any], scene: str) -> list[str]:
    if "algorithm" in table and "algorithms" in table:
        raise ValueError("give algorithm or algorithms, not both")
    if "algorithms" in table:
        names = table["algorithms"]
        if not isinstance(names, list) or not names:
            raise ValueError("algorithms must be a non-empty list of names")
        if scene == "watch" and len(names) > 1:
            raise ValueError("a watch slide shows one algorithm (use scene = \"compare\" or \"lab\" for more)")
    else:
        names = [table.get("algorithm", "backtracker")]
    if scene == "compare" and len(names) < 2:
        raise ValueError("a compare slide needs at least two algorithms")
    return [_choice(name, tuple(ALGORITHMS), "algorithm") for name in names]


def _choice(value: object, known: tuple[str, ...], what: str) -> str:
    """``value`` if it is one of ``known``; else the CLI's refusal, with the nearest names (a slide
    takes registry names only, never a file)."""
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise ValueError(f"unknown {what} {short(value)}; choose one of: {', '.join(known)}")
    if value not in known:
        raise ValueError(unknown(what, value, known, files=False))
    return value


def _text(value: object, what: str, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise ValueError(f"{what} must be {'a' if empty else 'a non-empty'} string, got {short(value)}")
    return value


def _integer(value: object, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{what} must be a whole number {bound}, got {short(value)}")
    return value


def _size(value: object) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"size must look like \"20x15\", got {short(value)}")
    width, height = int(match[1]), int(match[2])
    for side in (width, height):
        _integer(side, "each side of size", 2, MAX_SIDE)
    return width, height


def _params(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"params must be a table, got {short(value)}")
    return dict(value)


def _stop(value: object, spec: MazeSpec) -> Stop:
    if value == "end":
        return Stop()
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in STOP_KINDS:
        raise ValueError(f"stop must be \"end\", {{ event = N }}, {{ step = N }} or {{ phase = NAME }}, "
                         f"got {short(value)}")
    if "event" in value:
        return Stop(event=_integer(value["event"], "stop event", 0))
    if "step" in value:
        return Stop(step=_integer(value["step"], "stop step", 0))
    phases = spec.info.phases
    if not phases:
        raise ValueError(f"stop phase: {spec.algorithm} has no phases")
    return Stop(phase=_choice(value["phase"], phases, "phase"))


# --- writing ----------------------------------------------------------------------------------

def dump_lesson(lesson: Lesson) -> str:
    """The lesson as TOML that :func:`parse_lesson` reads back to an equal lesson."""
    lines = [f"title = {_quote(lesson.title)}"]
    for slide in lesson.slides:
        lines += ["", "[[slide]]", *_slide_lines(slide)]
    return "\n".join(lines) + "\n"


def _slide_lines(slide: Slide) -> list[str]:
    spec = slide.spec
    names = list(slide.algorithms) if slide.scene != "watch" else [spec.algorithm]
    lines = [f"scene = {_quote(slide.scene)}",
             f"algorithms = [{', '.join(_quote(n) for n in names)}]" if slide.scene != "watch"
             else f"algorithm = {_quote(spec.algorithm)}",
             f"grid = {_quote(spec.grid)}", f"size = \"{spec.width}x{spec.height}\"", f"seed = {spec.seed}"]
    if spec.params:
        lines.append("params = { " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in spec.params.items()) + " }")
    if slide.solver is not None:
        lines.append(f"solver = {_quote(slide.solver)}")
    if slide.speed is not None:
        lines.append(f"speed = {slide.speed!r}")
    stop = slide.stop
    lines.append("stop = \"end\"" if stop.at_end else
                 f"stop = {{ event = {stop.event} }}" if stop.event is not None else
                 f"stop = {{ step = {stop.step} }}" if stop.step is not None else
                 f"stop = {{ phase = {_quote(stop.phase or '')} }}")
    if slide.show:
        lines.append(f"show = [{', '.join(_quote(s) for s in SHOWS if s in slide.show)}]")
    lines += [f"caption = {_quote(slide.caption)}", f"note = {_quote(slide.note)}"]
    return lines


def _quote(text: str) -> str:
    """A TOML basic string (every control character escaped)."""
    out = []
    for char in text:
        if char in "\"\\":
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "\"" + "".join(out) + "\""


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _quote(name)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _quote(value)
    raise ValueError(f"cannot write parameter value {value!r}")


# --- the shipped lessons ------------------------------------------------------------------------

def lessons_dir() -> Path:
    """``assets/lessons``: beside this checkout's package when there is one, else the installed assets."""
    checkout = Path(__file__).resolve().parents[2] / "assets" / "lessons"
    return checkout if checkout.is_dir() else assets_dir() / "lessons"


def shipped_lessons() -> dict[str, Path]:
    """Name -> file of each lesson in ``assets/lessons``, sorted by name."""
    folder = lessons_dir()
    return {path.stem: path for path in sorted(folder.glob("*" + LESSON_SUFFIX))} if folder.is_dir() else {}


def find_lesson(name_or_file: str) -> Lesson:
    """A shipped lesson by name, else a file; LessonError when neither."""
    shipped = shipped_lessons()
    if name_or_file in shipped:
        return load_lesson(shipped[name_or_file])
    if not Path(name_or_file).exists() and not name_or_file.endswith(LESSON_SUFFIX):
        known = ", ".join(shipped) or "none shipped"
        raise LessonError(f"{name_or_file}: no such lesson or file (shipped lessons: {known})")
    return load_lesson(name_or_file)


def lesson_from_bookmarks(title: str, spec: MazeSpec, positions: list[int], speed: float | None = None,
                          solver: str | None = None) -> Lesson:
    """A lesson with one watch slide per bookmarked position of one run (sorted, each once), so a
    teacher can build a lesson by playing; captions are left for the teacher to write."""
    slides = tuple(Slide(spec=spec, solver=solver, speed=speed, stop=Stop(event=position),
                         caption=f"Event {position:,}") for position in sorted(set(positions)))
    if not slides:
        raise ValueError("no bookmarks to save")
    return Lesson(title, slides)


def save_lesson(lesson: Lesson, folder: Path, stem: str = "bookmarks") -> Path:
    """Write ``lesson`` to a new file in ``folder`` (``stem.toml``, else ``stem-2.toml``...): an
    existing file is never overwritten."""
    folder.mkdir(parents=True, exist_ok=True)
    text = dump_lesson(lesson)
    for number in range(1, 10_000):
        path = folder / (f"{stem}{LESSON_SUFFIX}" if number == 1 else f"{stem}-{number}{LESSON_SUFFIX}")
        try:
            out = path.open("x", encoding="utf-8")
        except FileExistsError:
            continue
        try:
            with out:
                out.write(text)
        except BaseException:  # a full disk, Ctrl+C: no half-written lesson is left under the name
            path.unlink(missing_ok=True)
            raise
        return path
    raise OSError(f"no free file name for {stem}{LESSON_SUFFIX} in {folder}")
