"""PNG export: the finished maze drawn exactly as the window draws it, without a window."""

from __future__ import annotations

from ..core.maze import Maze
from ..render.image import png_bytes
from ..render.themes import get_theme
from ..run.spec import MazeSpec
from .formats import ExportOptions


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> bytes:
    return png_bytes(maze, distance="distance" in options.show, longest="longest" in options.show,
                     solution=options.solution, theme=get_theme(options.resolved_theme("dark")), unit=options.cell)
