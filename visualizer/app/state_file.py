"""The automation state file: what the window shows, as one JSON object, for scripts that drive
the window (``MAZE_VISUALIZER_STATE_FILE`` names it; without it nothing is written)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pygame

from ..files.atomic import write_atomic
from ..render.board import Board
from ..run.teaching import TeachingView

VARIABLE = "MAZE_VISUALIZER_STATE_FILE"
MAX_LISTED_CELLS = 4096
"""Boards up to this many cells list every cell's centre (a script clicks on them)."""


class StateFile:
    """Where the state goes; after a failed write it stops trying (the window goes on)."""

    def __init__(self, path: str | None = None) -> None:
        self.path = os.environ.get(VARIABLE, "") if path is None else path

    def __bool__(self) -> bool:
        return bool(self.path)

    def write(self, state: dict[str, Any]) -> None:
        try:
            write_atomic(Path(self.path), json.dumps(state).encode())
        except OSError:
            self.path = ""


def cell_positions(board: Board | None, view: pygame.Rect) -> list[list[int]] | None:
    """Every cell's centre in window pixels, or None without a board or on a large one."""
    if board is None or board.grid.size > MAX_LISTED_CELLS:
        return None
    return [[round(view.left + x), round(view.top + y)] for x, y in board.cell_centres().tolist()]


def teaching_state(view: TeachingView | None, sentence_whole: bool) -> dict[str, Any] | None:
    """The teaching panel in brief: the lit line, the newest sentence and whether it fitted whole."""
    if view is None:
        return None
    return {"lit": view.lit, "line": view.code[view.lit] if 0 <= view.lit < len(view.code) else "",
            "sentence": view.sentences[-1] if view.sentences else "", "sentence_whole": sentence_whole}
