"""The narration as a document: the same sentences the teaching panel shows, step for step."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.narration import Narration
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher
from visualizer.run.transcript import (
    MOST_CELLS,
    as_markdown,
    as_text,
    check_size,
    generation_part,
    recipe_command,
    solve_part,
)
from visualizer.solvers import SOLVERS


def panel_sentences(spec):
    """Every step's sentence as the teaching panel shows it, stepping the run one step at a time."""
    run = Run(spec)
    teacher = Teacher(run)
    said = []
    while not run.finished:
        if not teacher.step_forward():
            break
        teacher.catch_up(float("inf"))
        said.append(teacher.generation.sentences[-1])
    return said


@settings(max_examples=12, deadline=None)
@given(algorithm=st.sampled_from(sorted(ALGORITHMS)), seed=st.integers(0, 10_000))
def test_every_step_reads_as_the_panel_told_it(algorithm, seed):
    spec = MazeSpec(algorithm, "square", 6, 5, seed)
    part = generation_part(spec)
    assert [step.sentence for step in part.steps] == panel_sentences(spec)
    assert [step.number for step in part.steps] == list(range(1, len(part.steps) + 1))
    for step in part.steps:  # a phased algorithm's lines index its phase's listing, not the first
        if step.line != -1:
            assert step.code if spec.info.phases else part.code[step.line].strip() == step.code


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_a_solve_is_told_to_its_end(solver):
    spec = MazeSpec("backtracker", "square", 7, 5, 4)
    maze = spec.build()
    part = solve_part(maze, solver)
    narration = Narration(SOLVERS[solver].narrator(maze.grid, {"start": maze.entrance[0], "goal": maze.exit[0]}))
    narration.fold(SOLVERS[solver].run(maze))
    assert len(part.steps) == narration.steps and part.steps[-1].sentence == narration.sentences[-1]


def test_the_document_holds_the_recipe_the_code_and_each_step():
    spec = MazeSpec("kruskal", "hex", 5, 4, 9)
    part = generation_part(spec)
    command = recipe_command(spec)
    markdown, text = as_markdown([part], command), as_text([part], command)
    assert command == "maze-visualizer generate -a kruskal -g hex -s 5x4 --seed 9"
    assert markdown.startswith("# Kruskal's, 5 x 4 hex, seed 9\n") and f"`{command}`" in markdown
    for line in part.code:
        assert line in markdown and line in text
    for step in part.steps:
        assert step.sentence in markdown and f"Step {step.number}" in text
    assert "```" not in text and "#" not in text.splitlines()[0]


def test_phases_head_their_steps():
    part = generation_part(MazeSpec("dungeon", "square", 15, 11, 2))
    text = as_text([part])
    names = [line for line in text.splitlines() if line.startswith("Phase: ")]
    assert names == ["Phase: rooms", "Phase: maze", "Phase: connect", "Phase: prune"]


def test_a_maze_too_large_is_refused_in_one_line():
    check_size(MazeSpec("backtracker", "square", 250, 250, 1))
    with pytest.raises(ValueError, match="at most"):
        check_size(MazeSpec("backtracker", "square", 251, 250, 1))
    assert MOST_CELLS == 250 * 250
