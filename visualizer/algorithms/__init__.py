"""The one registry of maze generators. Adding an algorithm: one module, one line here."""

from __future__ import annotations

from ..core.names import unknown
from . import (
    aldous_broder,
    backtracker,
    binary_tree,
    blobby_division,
    bsp,
    caves,
    cellular_automaton,
    drunkard,
    dungeon,
    eller,
    fractal,
    growing_binary_tree,
    growing_tree,
    houston,
    hunt_and_kill,
    kruskal,
    origin_shift,
    parallel_backtracker,
    prim,
    prim_simplified,
    prim_true,
    recursive_division,
    rooms_corridors,
    sidewinder,
    wfc,
    wilson,
)
from .base import Algorithm, Param

ALGORITHMS: dict[str, Algorithm] = {
    module.ALGORITHM.name: module.ALGORITHM
    for module in (backtracker, prim, dungeon, binary_tree, sidewinder, aldous_broder, wilson, hunt_and_kill,
                   kruskal, prim_true, prim_simplified, growing_tree, eller, recursive_division, blobby_division,
                   cellular_automaton, fractal, origin_shift, houston, growing_binary_tree,
                   parallel_backtracker, bsp, caves, drunkard, rooms_corridors, wfc)
}
DEFAULT_ALGORITHM = "backtracker"


def get_algorithm(name: str) -> Algorithm:
    """Look an algorithm up by name; ValueError lists the names when it is unknown."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise ValueError(unknown("algorithm", name, ALGORITHMS)) from None


__all__ = ["ALGORITHMS", "Algorithm", "Param", "get_algorithm"]
