"""The question makers, one registry line per algorithm or solver.

An algorithm or solver not listed asks nothing (the quiz then just steps it); a question maker
returns None at a step it has no answerable question for.
"""

from __future__ import annotations

from . import (
    arrows,
    automata,
    carving,
    children,
    cuts,
    dead_ends,
    division,
    dungeon,
    kruskal,
    prim,
    queue,
    random_walks,
    rooms,
    rows,
    undo,
    walkers,
    wall_follower,
)
from .question import QuestionMaker

MAKERS: dict[str, QuestionMaker] = {
    "backtracker": carving.MAKER,
    "hunt_and_kill": carving.MAKER,
    "growing_tree": carving.MAKER,
    "prim_simplified": carving.MAKER,
    "dungeon": dungeon.DUNGEON,
    "aldous_broder": random_walks.ALDOUS_BRODER,
    "wilson": random_walks.WILSON,
    "binary_tree": rows.BINARY_TREE,
    "sidewinder": rows.SIDEWINDER,
    "recursive_division": division.MAKER,
    "blobby_division": division.BLOBBY,
    "kruskal": kruskal.MAKER,
    "eller": kruskal.ELLER,
    "prim": prim.MAKER,
    "prim_true": prim.TRUE,
    "bfs": queue.BFS,
    "astar": queue.ASTAR,
    "dfs": queue.DFS,
    "wall_right": wall_follower.MAKER,
    "wall_left": wall_follower.MAKER,
    "dead_end_filling": dead_ends.MAKER,
    "houston": random_walks.HOUSTON,
    "parallel_backtracker": carving.PARALLEL,
    "growing_binary_tree": children.MAKER,
    "tremaux": walkers.TREMAUX,
    "pledge": wall_follower.PLEDGE,
    "random_mouse": walkers.MOUSE,
    "bidirectional": queue.BIDIRECTIONAL,
    "cul_de_sac": dead_ends.CUL_DE_SAC,
    "dijkstra": queue.DIJKSTRA,
    "caves": automata.CAVES,
    "cellular_automaton": automata.AUTOMATON,
    "bsp": cuts.MAKER,
    "drunkard": random_walks.DRUNKARD,
    "rooms_corridors": rooms.MAKER,
    "origin_shift": arrows.MAKER,
    "fractal": carving.FRACTAL,
    "wfc": undo.MAKER,
}
"""Question makers by algorithm or solver name."""
