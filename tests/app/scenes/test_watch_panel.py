"""The watch scene's figures panel (explanations off): its "Last" line says the newest event in
words, whatever the kind, with the cells by their names."""

import pytest

from visualizer.app.shell import Shell
from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec


def test_paused_without_explanations_the_last_event_is_said_in_words(screen):
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.toggle_explain()  # explanations off: the figures panel, with its "Last" line
    for _ in range(5):
        scene.step_event(+1)
    kind, cell, other, _ = scene.run.overlay.last
    lines = dict(scene.panel_lines())
    grid = scene.run.grid
    assert lines["Last"] == f"carve {grid.cell_name(cell)} -> {grid.cell_name(other)}"


@pytest.mark.parametrize("algorithm,grid", [("wilson", "hex"), ("aldous_broder", "square"), ("dungeon", "square"),
                                            ("recursive_division", "square"), ("prim", "polar")])
def test_the_last_line_names_every_kind_of_event_in_words(screen, algorithm, grid):
    """Not only carves: a walker's step (one cell), a phase, a room, a wall, a frontier cell. Each
    Last line is the kind in words and the cells by their names, whatever the kind."""
    shell = Shell(MazeSpec(algorithm, grid, 9, 7, 4), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.toggle_explain()
    grid_ = scene.run.grid
    seen_kinds = set()
    for _ in range(150):
        scene.step_event(+1)
        last = scene.run.overlay.last
        if last is None:
            continue
        kind, cell, other, value = last
        words = Kind(kind).name.lower().replace("_", " ")
        if kind == Kind.PHASE:
            expected = f"phase: {value}"
        elif cell >= 0 and other >= 0:
            expected = f"{words} {grid_.cell_name(cell)} -> {grid_.cell_name(other)}"
        elif cell >= 0:
            expected = f"{words} {grid_.cell_name(cell)}"
        else:
            expected = None
        if expected is not None:
            assert dict(scene.panel_lines())["Last"] == expected
            seen_kinds.add((kind, cell >= 0 and other >= 0))
    assert any(not both for _, both in seen_kinds)  # events naming one cell were checked too


def test_e_over_the_figures_panel_shows_the_explanations(screen):
    """With M's figures on, E said "Explanations on" and nothing changed: now the figures make way
    for the teaching panel, and M brings them back."""
    shell = Shell(MazeSpec("kruskal", "square", 8, 6, 3), speed=120.0, screen=screen)
    shell.frame([], 0.0)
    scene = shell.base
    scene.toggle_pause()
    scene.toggle_metrics()
    assert scene.teaching() is None and scene.extra_panel() is not None
    scene.toggle_explain()
    assert scene.teaching() is not None and scene.extra_panel() is None
    assert "Explanations on" in shell.toast[0]
    scene.toggle_metrics()
    assert scene.teaching() is None and scene.extra_panel() is not None
