"""Breadth-first search on the board: the queue the panel lists is the cells drawn as waiting, and
the cells already looked at are drawn apart from them, in a colour that reads against floor and
walls (WCAG 2.1 non-text contrast, at least 3:1) in every theme."""

from __future__ import annotations

import numpy as np
import pytest

from visualizer.core.events import Kind
from visualizer.render.palette import LEGEND, Style
from visualizer.render.styles import cell_styles, visible_legend
from visualizer.render.themes import THEMES
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS


def luminance(colour) -> float:
    channels = np.asarray(colour, dtype=float) / 255
    linear = np.where(channels <= 0.03928, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    return float(linear @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("spec", [MazeSpec("backtracker", "square", 12, 9, 3), MazeSpec("prim", "hex", 10, 8, 4),
                                  MazeSpec("kruskal", "square", 10, 10, 5, {"braid": 100})],
                         ids=lambda spec: spec.algorithm)
def test_mid_search_the_queue_on_the_board_is_the_queue_in_the_panel(spec):
    maze = spec.build()
    info = SOLVERS["bfs"]
    narrator = info.narrator(maze.grid, {"goal": maze.exit[0]})
    overlay = Overlay(maze.grid)
    events = list(info.run(maze))
    takes = [i for i, event in enumerate(events) if event[0] == Kind.TAKE]
    every = np.arange(maze.grid.size)
    for position in range(len(events[:takes[len(takes) // 2]])):
        narrator.tell(events[position])
        overlay.apply(events[position])
        if events[position][0] != Kind.TAKE:
            continue
        styles = cell_styles(maze, overlay, every)
        waiting = set(np.flatnonzero(styles == Style.SEARCH).tolist())
        looked = set(np.flatnonzero(styles == Style.LOOKED).tolist())
        assert waiting == set(narrator.queue), position
        assert looked and not looked & waiting
    keys = visible_legend(maze, overlay)
    assert "search" in keys and "looked" in keys
    assert narrator.legend["search"] != narrator.legend["looked"]


@pytest.mark.parametrize("theme", list(THEMES))
def test_looked_at_cells_contrast_with_floor_walls_and_the_waiting_cells(theme):
    colours = THEMES[theme]
    looked = colours.colours[Style.LOOKED]
    assert contrast(looked, colours.floor) >= 3 and contrast(looked, colours.wall) >= 3
    assert contrast(looked, colours.colours[Style.SEARCH]) >= 2, "waiting and looked-at must not look alike"
    assert tuple(LEGEND["looked"][0]) == tuple(THEMES["dark"].colours[Style.LOOKED])
