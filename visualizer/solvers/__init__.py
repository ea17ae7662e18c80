"""Maze solvers: generators that yield SEARCH events as they explore and PATH events for the answer."""

from .bfs import bfs, shortest_path

__all__ = ["bfs", "shortest_path"]
