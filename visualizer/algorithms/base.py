"""What every algorithm declares: its generator function, a description and typed parameters."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.events import EventStream
from ..grids import GRIDS, Grid

if TYPE_CHECKING:
    from ..core.narration import Narrator

ParamValue = int | float | str
Generator = Callable[..., EventStream]
GridTest = Callable[[type[Grid]], bool]
"""A question about a grid class: does it have what an algorithm reads of it?"""


@dataclass(frozen=True)
class Param:
    """One keyword parameter of an algorithm, with the checks that keep bad input out."""

    name: str
    default: ParamValue
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    check_text: Callable[[str], object] | None = None
    """Extra validation for text parameters (raises ValueError with the reason)."""

    @property
    def type(self) -> type:
        return type(self.default)

    def parse(self, text: str) -> ParamValue:
        """Turn command-line text into a checked value (ValueError with a readable reason)."""
        kind = self.type
        try:
            value = kind(text) if kind is not int else int(text, 10)
        except ValueError:
            raise ValueError(f"parameter {self.name} takes {self.type_name}, got {text!r}") from None
        return self.check(value)

    def check(self, value: Any) -> ParamValue:
        """Validate an already-typed value (from JSON, a save file or code)."""
        kind: type[Any] = self.type
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"parameter {self.name} takes {self.type_name}, got {value!r}")
        if self.choices and value not in self.choices:
            raise ValueError(f"parameter {self.name} must be one of {', '.join(self.choices)}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"parameter {self.name} must be at least {self.minimum:g}, got {value}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"parameter {self.name} must be at most {self.maximum:g}, got {value}")
        if self.check_text is not None:
            try:
                self.check_text(value)
            except ValueError as err:
                raise ValueError(f"parameter {self.name}: {err}") from None
        return value

    @property
    def type_name(self) -> str:
        if self.choices:
            return "one of " + "|".join(self.choices)
        return {int: "a whole number", float: "a number", str: "text"}[self.type]

    def summary(self) -> str:
        """``name=default`` plus range and help, for ``list`` and ``--help``."""
        bounds = ""
        if self.choices:
            bounds = f" ({'|'.join(self.choices)})"
        elif self.minimum is not None or self.maximum is not None:
            lo = "" if self.minimum is None else f"{self.minimum:g}"
            hi = "" if self.maximum is None else f"{self.maximum:g}"
            bounds = f" ({lo}..{hi})"
        return f"{self.name}={self.default}{bounds}: {self.help}"


BRAID = Param("braid", 0, "percent of dead ends opened into a neighbour afterwards (loops)", minimum=0, maximum=100)
UNICURSAL = Param("unicursal", 0, "1: double every corridor into an out-and-back lane, one path through every "
                  "cell (perfect mazes, even width and height)", minimum=0, maximum=1)
WEIGHTS = Param("weights", 0, "weighted cells: a seeded terrain of costs 1..N to enter each cell, for dijkstra "
                "(0: every cell costs 1)", minimum=0, maximum=9)
POST_PARAMS = (BRAID, UNICURSAL, WEIGHTS)
"""What every algorithm takes besides its own parameters (``list`` prints them)."""


@dataclass(frozen=True)
class Algorithm:
    """A registered maze generator."""

    name: str
    func: Generator
    description: str
    params: tuple[Param, ...] = ()
    grids: tuple[str, ...] | None = None
    """The grid kinds it runs on; None for every registered grid (it only walks the neighbour graph)."""
    needs: GridTest | None = None
    """What the algorithm reads of a grid class, asked of it (binary tree: a pair of directions per
    bias corner): grids where the answer is False are not supported."""
    on_masks: bool = True
    """False when it needs every cell of its grid (rows, fixed directions): masked grids are refused."""
    perfect: bool = True
    """True when the result is a spanning tree (every cell, no loops)."""
    shows_stack: bool = False
    """True when a carved cell stays 'on the stack' until its BACKTRACK event (for the display)."""
    phases: tuple[str, ...] = field(default=())
    slow: bool = False
    """True for random-walk algorithms whose time grows much faster than the cell count."""
    narrator: type[Narrator] | None = None
    """Follows its events and explains them (pseudocode, sentences, working data)."""

    @property
    def title(self) -> str:
        """The name in words ("Recursive backtracker"): the description up to its colon."""
        return self.description.split(":")[0]

    @property
    def all_params(self) -> tuple[Param, ...]:
        """The algorithm's own parameters plus the post-processes (braid, unicursal) and the
        ``weights`` every algorithm accepts."""
        return self.params + POST_PARAMS

    def defaults(self) -> dict[str, ParamValue]:
        """Every parameter's default, but ``weights``: a maze without weights names none, so its
        recipe (the records' key, the JSON's params) reads as it did before cells had weights."""
        return {p.name: p.default for p in self.all_params if p is not WEIGHTS}

    def resolve(self, given: Mapping[str, Any]) -> dict[str, ParamValue]:
        """Defaults overlaid with ``given``, every value checked; ValueError names the culprit."""
        known = {p.name: p for p in self.all_params}
        values = self.defaults()
        for name, value in given.items():
            if name not in known:
                options = ", ".join(known) or "none"
                raise ValueError(f"algorithm {self.name} has no parameter {name!r} (parameters: {options})")
            param = known[name]
            parse = isinstance(value, str) and param.type is not str
            values[name] = param.parse(value) if parse else param.check(value)
        if values.get(WEIGHTS.name) == WEIGHTS.default:
            del values[WEIGHTS.name]
        return values

    def parse_params(self, pairs: list[str]) -> dict[str, ParamValue]:
        """Parse ``["k=v", ...]`` from the command line into checked values."""
        given: dict[str, str] = {}
        for pair in pairs:
            name, sep, text = pair.partition("=")
            if not sep or not name:
                raise ValueError(f"parameter {pair!r} must look like name=value")
            given[name.strip()] = text.strip()
        return self.resolve(given)

    @property
    def grid_names(self) -> tuple[str, ...]:
        """The registered grid kinds it runs on, in registry order."""
        return tuple(kind for kind in GRIDS if self.supports(kind))

    def supports(self, grid: Grid | str) -> bool:
        """True when it runs on this grid (a kind by name: on the whole grid of that kind)."""
        kind = grid if isinstance(grid, str) else grid.kind
        cls = GRIDS.get(kind)
        if cls is None or (self.grids is not None and kind not in self.grids):
            return False
        if not isinstance(grid, str) and grid.mask is not None and not self.on_masks:
            return False
        return self.needs is None or self.needs(cls)

    def unsupported_message(self, grid: Grid | str) -> str:
        """Why ``grid`` will not do, naming the grids that would."""
        kind = grid if isinstance(grid, str) else grid.kind
        if not isinstance(grid, str) and grid.mask is not None and self.supports(kind):
            return f"algorithm {self.name} needs every cell of its grid: it does not run on masked grids"
        return f"algorithm {self.name} works on {' and '.join(self.grid_names)} grids, not {kind}"

    def check(self, grid: Grid, given: Mapping[str, Any]) -> dict[str, ParamValue]:
        """The checked parameters for a run on ``grid`` (ValueError in one line when the grid, a
        parameter or a post-process cannot be), before any work starts."""
        if not self.supports(grid):
            raise ValueError(self.unsupported_message(grid))
        values = self.resolve(given)
        if values["unicursal"]:
            from .unicursal import refusal

            reason = refusal(grid, self.perfect, int(values["braid"]))
            if reason:
                raise ValueError(reason)
        return values

    def run(self, grid: Grid, seed: int, *, show: bool = True, **params: Any) -> EventStream:
        """Start the generator on ``grid`` with a ``random.Random(seed)``; parameters are checked.
        ``show=False`` (nothing is drawn) leaves out the display events that only explain a
        decision; the maze-changing events, and so the maze, are the same."""
        values = self.check(grid, params)
        braid = int(values.pop("braid"))
        values.pop(WEIGHTS.name, None)  # the terrain is the recipe's (MazeSpec.new_maze), not the generator's
        rng = random.Random(seed)
        if values.pop("unicursal"):
            from .unicursal import unicursal

            return unicursal(self.func, grid, rng, values)
        events = self.func(grid, rng, show=show, **values)
        if braid:
            from .braid import braided

            return braided(events, grid, rng, braid)
        return events
