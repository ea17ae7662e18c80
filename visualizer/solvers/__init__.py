"""The one registry of maze solvers: generators that yield SEARCH (or DEAD_END) events, then PATH."""

from __future__ import annotations

from ..core.names import unknown
from . import (
    astar,
    bidirectional,
    cul_de_sac,
    dead_end_filling,
    dfs,
    dijkstra,
    pledge,
    random_mouse,
    tremaux,
    wall_follower,
)
from . import bfs as bfs_module
from .base import Solver, run_to_end
from .bfs import bfs, shortest_path

SOLVERS: dict[str, Solver] = {
    solver.name: solver
    for solver in (bfs_module.SOLVER, astar.SOLVER, dfs.SOLVER, wall_follower.RIGHT, wall_follower.LEFT,
                   dead_end_filling.SOLVER,
                   tremaux.SOLVER,
                   pledge.SOLVER,
                   random_mouse.SOLVER,
                   bidirectional.SOLVER,
                   cul_de_sac.SOLVER,
                   dijkstra.SOLVER,
                   )
}


def get_solver(name: str) -> Solver:
    try:
        return SOLVERS[name]
    except KeyError:
        raise ValueError(unknown("solver", name, SOLVERS)) from None


__all__ = ["SOLVERS", "Solver", "bfs", "get_solver", "run_to_end", "shortest_path"]
