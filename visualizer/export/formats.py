"""The one registry of export formats: what ``generate`` can write, which options each takes, and the
function that writes it. Adding a format: one module with a ``write(maze, spec, options)`` function,
one entry here.

Each writer returns the whole file (bytes or text), or names a function that yields it a piece at a
time (``Format.stream``: an SVG of a large maze), and a format may write more files beside it (a
Tiled map's tileset picture, ``Format.beside``): the command line writes each atomically, so a
file is written whole or not at all. Writers are imported only when used (Pillow, the animation
code), so ``--help`` stays fast.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.maze import Maze
    from ..run.spec import MazeSpec


@dataclass(frozen=True)
class ExportOptions:
    """Every export option, with its default; a format reads the ones it takes."""

    theme: str | None = None
    """"light" or "dark"; None: the format's own default (light for print, dark for pictures)."""
    solution: bool = False
    """Draw the shortest path from entrance to exit (a second page in a PDF)."""
    show: tuple[str, ...] = ()
    """Overlays drawn on a picture: "distance", "longest"."""
    cell: float | None = None
    """Pixels per grid unit (a square cell's side); None: sized to about 2000 pixels."""
    fps: float = 25.0
    seconds: float | None = None
    """Target length of an animation (events per frame follow from it); None: about 10 seconds."""
    max_frames: int | None = None
    hold: float = 2.0
    """Seconds the finished maze stays on screen at the end of an animation."""
    solve: str | None = None
    """A solver whose run follows the generation in an animation."""
    paper: str = "a4"
    name: str = "maze"
    """The output file's name without folder and extension (not an option: the command line sets it),
    for a format that names the files it writes beside the main one after it."""

    def resolved_theme(self, default: str) -> str:
        return self.theme or default


OPTION_FLAGS: dict[str, str] = {
    "theme": "--theme", "solution": "--solution", "show": "--show", "cell": "--cell", "fps": "--fps",
    "seconds": "--seconds", "max_frames": "--max-frames", "hold": "--hold", "solve": "--solve", "paper": "--paper",
}
"""How each option is spelled on the command line (for the message refusing it)."""


def beside_path(path: str, ending: str) -> str:
    """Where a file that goes beside ``path`` is written: ``maps/castle.tmj`` -> ``maps/castle-tiles.png``."""
    return os.path.splitext(path)[0] + ending


@dataclass(frozen=True)
class Format:
    """One export format."""

    name: str
    extensions: tuple[str, ...]
    module: str
    """Module whose ``write(maze, spec, options)`` makes the file: a name under ``visualizer.export``
    ("text"), or a whole dotted name for a module elsewhere."""
    theme: str | None
    """Default theme, or None for formats without colours (text, JSON)."""
    options: frozenset[str] = field(default_factory=frozenset)
    """The ExportOptions fields this format uses (others given on the command line are refused)."""
    needs_file: bool = False
    """True for binary formats that cannot go to a terminal."""
    refuses: str | None = None
    """The module's function ``(spec, options)`` that refuses, with a one-line ValueError, what this
    format cannot write (a grid that is no tile map, a maze too large for the page, a frame rate GIF
    cannot say): ``refuse_recipe`` calls it before the maze is built, so a mistake costs no work."""
    beside: tuple[tuple[str, str], ...] = ()
    """Files written beside the main one: (name ending, in place of the main file's extension; the
    module's function ``(maze, spec, options) -> bytes`` that makes it), as ``beside_files`` writes them."""
    fits: str | None = None
    """The module's function ``(spec, options) -> (options, note or None)`` that fits the options to
    the format's work budget (an animation's frames capped for a large maze): ``generate`` calls it
    before the maze is built and prints the note."""
    replays: bool = False
    """True when the writer replays the recipe itself (animations): ``generate`` then builds no maze
    first and passes None, which saves a whole generation of a large maze."""
    function: str = "write"
    """The module's function that writes this format (one module may write two: GIF and WebP)."""
    also_named: tuple[str, ...] = ()
    """Other formats' extensions this format may rightly be written under when asked for by name (a
    Tiled map is JSON: Tiled opens ``map.json`` as well as ``map.tmj``)."""
    stream: str | None = None
    """The module's function ``(maze, spec, options) -> Iterator[str]`` that makes the file a piece
    at a time, when it has one: the command line writes each piece as it comes, never holding the
    whole text (an SVG of a large maze is hundreds of megabytes)."""

    def writer(self) -> Callable[["Maze", "MazeSpec", ExportOptions], bytes | str]:
        return getattr(self._module(), self.function)

    def replayer(self) -> Callable[[None, "MazeSpec", ExportOptions], str | bytes]:
        """The writer of a format that replays the recipe itself (``replays``), given no maze."""
        if not self.replays:
            raise ValueError(f"{self.name} needs the built maze")
        return getattr(self._module(), self.function)

    def streamer(self) -> Callable[["Maze", "MazeSpec", ExportOptions], Iterator[str]] | None:
        """The function writing this format a piece at a time, or None (``writer`` makes it whole)."""
        return None if self.stream is None else getattr(self._module(), self.stream)

    def _module(self):
        return importlib.import_module(self.module if "." in self.module else f"{__package__}.{self.module}")


PICTURE = frozenset({"theme", "solution", "show", "cell"})
ANIMATION = frozenset({"theme", "cell", "fps", "seconds", "max_frames", "hold", "solve"})
PRINT = frozenset({"theme", "solution", "paper"})

FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("text", (".txt",), "text", None),
    Format("json", (".json",), "json_io", None),
    Format("png", (".png",), "picture", "dark", PICTURE, needs_file=True),
    Format("gif", (".gif",), "animation", "dark", ANIMATION, needs_file=True, function="write_gif",
           refuses="check_gif_options", fits="fit_gif_frames", replays=True),
    Format("webp", (".webp",), "animation", "dark", ANIMATION, needs_file=True, function="write_webp",
           refuses="check_webp_options", fits="fit_webp_frames", replays=True),
    Format("svg", (".svg",), "svg", "light", frozenset({"theme", "solution"}), stream="stream"),
    Format("pdf", (".pdf",), "pdf", "light", PRINT, needs_file=True, refuses="check"),
    Format("tiled", (".tmj",), "tiled", "dark", frozenset({"theme"}), needs_file=True, refuses="check",
           beside=(("-tiles.png", "tileset"),), also_named=(".json",)),
    Format("csv", (".csv",), "csv_tiles", None, refuses="check"),
)}


def format_for(name: str | None, path: str | None) -> Format:
    """The format asked for, else the one the output file's extension names, else text."""
    if name:
        return FORMATS[name]
    return named_by_extension(path) or FORMATS["text"]


def extension_of(path: str) -> str:
    """``path``'s extension in lower case (``maze.SVG``: ``.svg``), "" when its name has none."""
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    return base[base.rfind("."):].lower() if "." in base.lstrip(".") else ""


def named_by_extension(path: str | None) -> Format | None:
    """The format whose extension ``path`` ends in, if any (``maze.SVG`` is svg)."""
    if not path:
        return None
    suffix = extension_of(path)
    return next((fmt for fmt in FORMATS.values() if suffix and suffix in fmt.extensions), None)


def unknown_extension(path: str | None) -> str | None:
    """Why an output named ``maze.jpg`` (no format has .jpg) is refused when no --format is given,
    or None: writing the text maze into it would pass for a broken picture. A name without an
    extension is the text maze."""
    if not path or path == "-" or named_by_extension(path) is not None:
        return None
    suffix = extension_of(path)
    if not suffix:
        return None
    known = ", ".join(fmt.extensions[0] for fmt in FORMATS.values())
    return (f"{path}: no format is named {suffix} (the formats are {known}): name the file for one, "
            f"or choose one with --format")


def extension_mismatch(name: str | None, path: str | None) -> str | None:
    """Why ``--format name`` and an output file named for another format disagree, or None: a PNG
    written into ``maze.svg`` opens as a broken picture, so the mistake is refused, not guessed."""
    named = named_by_extension(path)
    if not name or named is None or named.name == name:
        return None
    if any(path is not None and path.lower().endswith(ending) for ending in FORMATS[name].also_named):
        return None
    return (f"{path} is named like {named.name} but --format is {name}: name the file "
            f"{FORMATS[name].extensions[0]} or leave out --format")


def refused_options(fmt: Format, given: set[str]) -> list[str]:
    """The options given that ``fmt`` does not take, spelled as on the command line."""
    return [OPTION_FLAGS[name] for name in sorted(given - fmt.options)]


def _function(fmt: Format, name: str) -> Callable[..., Any]:
    """Another function of the module that writes ``fmt`` (imported with its writer)."""
    return getattr(sys.modules[fmt.writer().__module__], name)


def refuse_recipe(fmt: Format, spec: MazeSpec, options: ExportOptions | None = None) -> None:
    """Raise ValueError (one line) if ``fmt`` cannot write ``spec``'s maze with ``options``: before
    any work (a grid it cannot draw, a maze too large for its page, a frame rate it cannot say)."""
    if fmt.refuses is not None:
        _function(fmt, fmt.refuses)(spec, options or ExportOptions())


def fit_recipe(fmt: Format, spec: MazeSpec, options: ExportOptions) -> tuple[ExportOptions, str | None]:
    """``options`` fitted to ``fmt``'s work budget for ``spec`` (``Format.fits``), and a note when
    they changed; before any work."""
    if fmt.fits is None:
        return options, None
    return _function(fmt, fmt.fits)(spec, options)


def beside_files(fmt: Format, maze: Maze, spec: MazeSpec, options: ExportOptions) -> dict[str, bytes]:
    """The files ``fmt`` writes beside its main one: name ending -> content."""
    return {ending: _function(fmt, function)(maze, spec, options) for ending, function in fmt.beside}
