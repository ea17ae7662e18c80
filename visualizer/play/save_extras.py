"""The save's doors, keys and minotaur: written beside the rest of a game and read as warily.

    "doors": [{"colour": "red", "cells": [[x, y], [x, y]]}], "keys": [{"colour": "red", "cell": [x, y]}],
    "keys_held": ["red"],
    "minotaur": {"start": [x, y], "at": [x, y], "previous": [x, y] or null, "chasing": false,
                 "steps": 12, "seed": 7}

A save without these fields (older, or a level before DOORS_FROM) has none. Every field is checked
(colours known and not repeated, each door on an open passage, a key for each door, keys held only
of those keys, the level still winnable, the minotaur on open cells) and the first failure raises
``error`` with one line, so the caller sets the file aside as for any damage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.maze import Maze
from ..export.json_io import need, whole
from .doors import COLOURS, Door, Layout, edge, solve
from .minotaur import Minotaur

Cell = Callable[[Any, str], int]
"""Reads an untrusted [x, y] as an open cell (or raises)."""


def extras_dict(layout: Layout, keys_held: list[str], minotaur: Minotaur | None,
                xy: Callable[[int], list[int]]) -> dict[str, Any]:
    """The JSON fields for the doors, keys and minotaur (none when the level has none of them)."""
    out: dict[str, Any] = {}
    if layout.doors:
        out["doors"] = [{"colour": d.colour, "cells": [xy(c) for c in d.cells]} for d in layout.doors]
        out["keys"] = [{"colour": colour, "cell": xy(cell)} for colour, cell in layout.keys]
        out["keys_held"] = list(keys_held)
    if minotaur is not None:
        out["minotaur"] = {"start": xy(minotaur.start), "at": xy(minotaur.position),
                           "previous": xy(minotaur.previous) if minotaur.previous >= 0 else None,
                           "chasing": minotaur.chasing, "steps": minotaur.steps, "seed": minotaur.seed}
    return out


def extras_from(data: dict[str, Any], maze: Maze, cell: Cell, error: type[ValueError]) -> dict[str, Any]:
    """Game keyword arguments (layout, keys_held, minotaur) from the save's fields, checked."""
    layout = _layout(data, maze, cell, error)
    held = data.get("keys_held", [])
    colours = {colour for colour, _ in layout.keys}
    need(isinstance(held, list) and len(held) <= len(COLOURS) and all(isinstance(c, str) for c in held)
         and set(held) <= colours and len(set(held)) == len(held), "the keys held are damaged", error)
    return {"layout": layout, "keys_held": list(held), "minotaur": _minotaur(data.get("minotaur"), maze, cell, error)}


def _layout(data: dict[str, Any], maze: Maze, cell: Cell, error: type[ValueError]) -> Layout:
    doors_raw, keys_raw = data.get("doors", []), data.get("keys", [])
    fine = (isinstance(doors_raw, list) and isinstance(keys_raw, list)
            and len(doors_raw) <= len(COLOURS) and len(keys_raw) == len(doors_raw)
            and all(isinstance(item, dict) for item in (*doors_raw, *keys_raw)))
    need(fine, "the doors and keys are damaged", error)
    doors: list[Door] = []
    for item in doors_raw:
        colour, cells = item.get("colour"), item.get("cells")
        need(colour in COLOURS and isinstance(cells, list) and len(cells) == 2, "a door is damaged", error)
        a, b = (cell(value, "a door") for value in cells)
        need(b in maze.open_neighbours(a), "a door is not on a passage of the maze", error)
        doors.append(Door(colour, edge(a, b)))
    need(all(item.get("colour") in COLOURS for item in keys_raw), "a key is damaged", error)
    keys = [(item.get("colour"), cell(item.get("cell"), "a key")) for item in keys_raw]
    door_colours = [d.colour for d in doors]
    need(len(set(door_colours)) == len(doors) and sorted(c for c, _ in keys) == sorted(door_colours),
         "the doors and keys do not match", error)
    layout = Layout(tuple(doors), tuple(keys))  # colours checked above
    if doors:
        steps, reached = solve(maze, layout, maze.entrance[0], maze.exit[0])
        need(steps is not None and len(reached) == len(doors), "the saved doors make the level unwinnable", error)
    return layout


def _minotaur(raw: Any, maze: Maze, cell: Cell, error: type[ValueError]) -> Minotaur | None:
    if raw is None:
        return None
    need(isinstance(raw, dict), "the minotaur is damaged", error)
    start, at = cell(raw.get("start"), "the minotaur's lair"), cell(raw.get("at"), "the minotaur")
    previous = -1 if raw.get("previous") is None else cell(raw.get("previous"), "the minotaur's last cell")
    need(previous < 0 or previous in maze.open_neighbours(at), "the minotaur's last step is through a wall", error)
    chasing = raw.get("chasing", False)
    need(isinstance(chasing, bool), "the minotaur is damaged", error)
    steps = whole(raw.get("steps"), "the minotaur's steps", 0, 10**9, error)
    seed = whole(raw.get("seed"), "the minotaur's seed", 0, 2**63 - 1, error)
    return Minotaur(start=start, position=at, previous=previous, chasing=chasing, steps=steps, seed=seed)
