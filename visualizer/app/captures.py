"""Where screenshots and recordings go and what they are called."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pygame

from ..files.atomic import write_atomic
from ..render.image import surface_png
from ..run.spec import MazeSpec


def screenshot_dir() -> Path:
    """Where screenshots go: $MAZE_VISUALIZER_SCREENSHOTS, else ~/Pictures/maze-visualizer."""
    override = os.environ.get("MAZE_VISUALIZER_SCREENSHOTS")
    if override:
        return Path(override).expanduser()
    return Path.home() / "Pictures" / "maze-visualizer"


def capture_name(spec: MazeSpec | None) -> str:
    """``maze-<recipe>-<date>-<time>``: what screenshots and recordings of ``spec`` are called."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    recipe = f"{spec.algorithm}-{spec.grid}-{spec.size_text}-seed{spec.seed}-" if spec else ""
    return f"maze-{recipe}{stamp}"


def save_png(surface: pygame.Surface, folder: Path, name: str) -> Path:
    """``surface`` as ``folder/name.png`` (``name-2.png``... when that is taken); OSError or
    pygame.error when it cannot be written."""
    return save_file(surface_png(surface), folder, name, ".png")


def save_file(data: bytes | str, folder: Path, name: str, suffix: str) -> Path:
    """``data`` as ``folder/name<suffix>``, never over an earlier file (``name-2``... instead)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}{suffix}"
    counter = 2
    while path.exists():
        path = folder / f"{name}-{counter}{suffix}"
        counter += 1
    write_atomic(path, data)
    return path
