"""Every quiz question's expected answer is what the algorithm then does, on every grid it runs on,
and answering (right, wrong or skipping) never changes the maze the run makes."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.maze import CellState
from visualizer.files.masks import load_mask
from visualizer.grids import GRIDS
from visualizer.run.quiz.makers import MAKERS
from visualizer.run.quiz.question import CELLS, CHOICE, MOST_TO_CLICK
from visualizer.run.quiz.session import Quiz
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher
from visualizer.solvers import SOLVERS

GENERATORS = [(name, grid) for name in MAKERS if name in ALGORITHMS for grid in ALGORITHMS[name].grid_names]
ROOMY = {"dungeon": (11, 9), "bsp": (30, 20), "rooms_corridors": (20, 14),
         "cellular_automaton": (12, 10)}
"""Sizes for algorithms that need room before they ask (a small dungeon is rooms alone)."""
WEIGHED = {"dijkstra", "astar"}
"""Solvers that pay for weighted cells: their questions are checked on a weighted maze too."""
FILLERS = {"dead_end_filling", "cul_de_sac"}
NOW_AND_THEN = {"wfc"}
"""Generators that ask only at moments a run may never meet (wave function collapse: a contradiction)."""
SOLVING = [(name, grid) for name in MAKERS if name in SOLVERS for grid in GRIDS]


def step_events(run: Run, solving: bool, before: int) -> list:
    if solving:
        return run.solver_log[before:run.solver_events]
    return run.logged_events(before, run.position)


def quiz_through(run: Run, pick, solving: bool) -> int:
    """Answer every question (``pick`` chooses the answer), checking each against the step shown;
    returns the questions asked."""
    teacher, quiz = Teacher(run), Quiz(every=1)
    maker = MAKERS[run.solver if solving else run.spec.algorithm]
    asked = 0
    while (question := quiz.next_question(teacher)) is not None:
        before = run.solver_events if solving else run.position
        choice = pick(question)
        if choice is None:
            quiz.skip(teacher)
        else:
            quiz.answer(teacher, choice)
        events = step_events(run, solving, before)
        assert events, question.prompt
        following = run.solver_event(run.solver_events) if solving else run.generation_peek()
        assert maker.happened(question, events, following), (question.prompt, question.expected, events[:3])
        if question.form == CHOICE:
            assert len(question.expected) == 1 and max(question.expected) < len(question.choices)
        elif question.form != CELLS:
            assert question.expected, question.prompt
        else:
            assert len(question.expected) <= MOST_TO_CLICK, "nobody should have to click this many"
        asked += 1
    return asked


def corridor(maze) -> bool:
    """No dead end but the entrance and the exit: one way through every cell (seed 2421 at 5 x 4)."""
    ends = {maze.entrance[0], maze.exit[0]}
    return all(cell in ends for cell in range(maze.grid.size) if len(list(maze.open_neighbours(cell))) <= 1)


def test_a_maze_that_is_one_corridor_has_no_dead_end_to_fill():
    run = Run(MazeSpec("backtracker", "square", 5, 4, 2421))
    run.finish_generation()
    assert corridor(run.maze) and not corridor(MazeSpec("backtracker", "square", 5, 4, 1).build())
    run.solve("dead_end_filling")
    assert quiz_through(run, lambda question: question.expected, solving=True) == 0


def picker(data):
    def pick(question):
        return data.draw(st.sampled_from([None, question.expected, frozenset(), frozenset({0})]))
    return pick


@pytest.mark.parametrize(("algorithm", "grid"), GENERATORS)
@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_every_generator_question_is_answered_by_the_next_step(algorithm, grid, seed, data):
    spec = MazeSpec(algorithm, grid, *ROOMY.get(algorithm, (5, 4)), seed)
    run = Run(spec)
    assert quiz_through(run, picker(data), solving=False) > 0 or algorithm in NOW_AND_THEN
    assert run.maze.same_as(spec.build()), "answering changed the maze"


@pytest.mark.parametrize(("solver", "grid"), SOLVING)
@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), braid=st.sampled_from([0, 50]), weights=st.sampled_from([0, 5]),
       data=st.data())
def test_every_solver_question_is_answered_by_the_next_step(solver, grid, seed, braid, weights, data):
    params = {"braid": braid} if braid else {}
    if weights and solver in WEIGHED:
        params["weights"] = weights
    spec = MazeSpec("backtracker", grid, 5, 4, seed, params)
    run = Run(spec)
    run.finish_generation()
    run.solve(solver)
    asked = quiz_through(run, picker(data), solving=True)
    assert asked > 0 or solver in FILLERS and (braid or corridor(run.maze))  # nothing to fill
    assert run.maze.same_as(spec.build())


def test_steps_without_an_answerable_question_are_stepped_through_asking_nothing():
    """A braided maze's braiding asks nothing: the quiz steps through it to the end."""
    run = Run(MazeSpec("backtracker", "square", 5, 4, 1, {"braid": 100}))
    teacher, quiz = Teacher(run), Quiz()
    while quiz.next_question(teacher) is not None:
        quiz.skip(teacher)
    assert run.finished and run.maze.same_as(run.spec.build())


def test_hunt_and_kill_asks_which_cell_the_hunt_picks_up():
    run = Run(MazeSpec("hunt_and_kill", "square", 6, 5, 2))
    teacher, quiz = Teacher(run), Quiz()
    kinds = set()
    while (question := quiz.next_question(teacher)) is not None:
        kinds.add(question.kind)
        quiz.answer(teacher, question.expected)
    assert kinds == {"carve into", "hunt finds"} and quiz.right == quiz.asked


def test_every_question_maker_is_registered_under_a_real_algorithm_or_solver():
    assert set(MAKERS) <= set(ALGORITHMS) | set(SOLVERS)


MASKED = [name for name in MAKERS if name in ALGORITHMS and ALGORITHMS[name].on_masks]


@pytest.mark.parametrize("algorithm", MASKED)
@settings(max_examples=4)
@given(seed=st.integers(0, 10_000), grid=st.sampled_from(["square", "hex"]), data=st.data())
def test_questions_hold_on_a_masked_grid_too(algorithm, seed, grid, data):
    """A maze in a shape: the cells a mask leaves are numbered afresh, and the questions still hold."""
    spec = MazeSpec(algorithm, grid, 12, 10, seed, mask=load_mask("heart"))
    run = Run(spec)
    quiz_through(run, picker(data), solving=False)
    assert run.maze.same_as(spec.build())


def test_growing_binary_tree_asks_which_left_out_cell_is_rescued():
    run = Run(MazeSpec("growing_binary_tree", "hex", 5, 4, 9))
    teacher, quiz = Teacher(run), Quiz()
    kinds = set()
    while (question := quiz.next_question(teacher)) is not None:
        kinds.add(question.kind)
        quiz.answer(teacher, question.expected)
    assert kinds == {"how many children", "rescued"} and quiz.right == quiz.asked


@settings(max_examples=6)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_the_fractal_walk_carves_only_inside_its_tile(seed, data):
    """The tile's walk is fenced in: a neighbour outside the tile, unvisited as it is, is no candidate."""
    spec = MazeSpec("fractal", "square", 16, 12, seed, {"tile": 4})
    run = Run(spec)
    assert quiz_through(run, picker(data), solving=False) > 0
    assert run.maze.same_as(spec.build())


@settings(max_examples=4)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_unicursal_run_is_stepped_through_asking_nothing(seed, data):
    """Its maze is made unseen at half size; the lanes drawn then follow from it, nothing chosen."""
    spec = MazeSpec("backtracker", "square", 8, 6, seed, {"unicursal": 1})
    run = Run(spec)
    assert quiz_through(run, picker(data), solving=False) == 0
    assert run.finished and run.maze.same_as(spec.build())


def test_wave_function_collapse_asks_which_choice_a_contradiction_undoes():
    asked = 0
    for seed in range(12):
        run = Run(MazeSpec("wfc", "square", 5, 4, seed))
        asked += quiz_through(run, lambda question: question.expected, solving=False)
    assert asked > 0


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_tremaux_asks_to_turn_back_where_a_new_passage_led_to_a_known_cell(seed):
    """A braided maze's loops lead Trémaux into cells it has seen: its marks say to turn back."""
    spec = MazeSpec("backtracker", "square", 8, 6, seed, {"braid": 100})
    run = Run(spec)
    run.finish_generation()
    run.solve("tremaux")
    turned = []
    quiz_through(run, lambda question: turned.append("turns straight back" in question.why) or question.expected,
                 solving=True)
    assert any(turned)


@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), braid=st.sampled_from([0, 50]))
def test_the_mouse_is_never_offered_the_way_back_unless_in_a_dead_end(seed, braid):
    """After its first step the mouse has come from somewhere: that way is not one it could take,
    unless it is the only way."""
    run = Run(MazeSpec("backtracker", "square", 6, 5, seed, {"braid": braid}))
    run.finish_generation()
    run.solve("random_mouse")
    teacher, quiz = Teacher(run), Quiz()
    first = True
    while (question := quiz.next_question(teacher)) is not None:
        ways = len(run.maze.open_neighbours(question.focus[0]))
        assert first or len(question.expected) == max(1, ways - 1), question.why
        first = False
        quiz.skip(teacher)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_kruskals_why_calls_a_cell_with_no_passage_alone_not_another_colour(seed):
    """A cell with no passage yet is grey like every other such cell: two of them are two sets, and
    the answer must not tell the student to look for two colours."""
    run = Run(MazeSpec("kruskal", "square", 7, 5, seed))
    checked = []

    def pick(question):
        a, b = question.focus
        lonely = [not run.maze.open_neighbours(cell) for cell in (a, b)]
        if any(lonely) and question.expected == frozenset({0}):
            assert "alone" in question.why and "two colours" not in question.why, question.why
            checked.append(all(lonely))
        return question.expected

    quiz_through(run, pick, solving=False)
    assert True in checked and False in checked


@pytest.mark.parametrize("seed", [1, 5])
def test_the_dungeons_pruning_asks_which_dead_end_is_filled_next(seed):
    """The prune phase asks too: the quiz stops in it rather than racing on to the finished dungeon."""
    run = Run(MazeSpec("dungeon", "square", 15, 11, seed))
    teacher, quiz = Teacher(run), Quiz()
    offered = set()
    while (question := quiz.next_question(teacher)) is not None:
        if question.kind == "prune":
            offered |= question.expected
        quiz.answer(teacher, frozenset({min(question.expected)}) if question.form != "cells" else question.expected)
    assert offered and quiz.right == quiz.asked
    pruned = {cell for cell in range(run.grid.size) if int(run.maze.state[cell]) == int(CellState.PRUNED)}
    assert offered <= pruned, "every cell taken as an answer is one the pruning fills"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), algorithm=st.sampled_from(["wilson", "houston"]))
def test_a_wilson_walk_holds_its_start_before_the_question_about_its_first_step(algorithm, seed):
    """Every walk step is asked from a walk on screen: the cell stepped into is next to the walk's
    head, and the panel counts the walk's cells (never "Walk 0 cells" while it steps)."""
    run = Run(MazeSpec(algorithm, "square", 6, 5, seed))
    teacher, quiz = Teacher(run), Quiz()
    asked = 0
    while (question := quiz.next_question(teacher)) is not None:
        narrator = teacher.narration.narrator
        walks = getattr(narrator, "walks", narrator)
        if question.kind == "walk step":
            head = walks.walk[-1] if walks.walk else None
            assert head is not None, question.prompt
            assert question.focus[0] in [nb for _, nb in run.grid.neighbours(head)], question.prompt
            rows = dict(teacher.view("").data)
            assert not rows["Walk"].startswith("0 cells"), rows["Walk"]
            asked += 1
        quiz.skip(teacher)
    assert asked or algorithm == "houston"


def test_the_dungeons_connectors_are_asked_opened_or_skipped_where_the_colours_and_doors_say():
    """Two colours: opened; one colour with a door beside it: skipped; the loop chance is not asked."""
    answers = set()
    for seed in range(4):
        run = Run(MazeSpec("dungeon", "square", 15, 11, seed))
        teacher, quiz = Teacher(run), Quiz()
        while (question := quiz.next_question(teacher)) is not None:
            if question.kind == "opened or skipped":
                answers |= question.expected
            quiz.skip(teacher)
    assert answers == {0, 1}


def test_the_why_of_a_cell_question_names_one_cell_or_counts_many():
    """"it is (1, 2)" for one answer; "there are 3: ..." for several; past six, "any of them"."""
    from types import SimpleNamespace

    from visualizer.run.quiz.question import Seen

    fake = SimpleNamespace(names=lambda cells: " and ".join(f"c{c}" for c in sorted(cells)))
    assert Seen.which(fake, frozenset({4})) == "it is c4"
    assert Seen.which(fake, frozenset({1, 2, 3})) == "there are 3: c1 and c2 and c3"
    assert Seen.which(fake, frozenset(range(7))) == "there are 7: any of them"


def rooms_asked(grid: str, seeds=range(4)) -> list:
    """Every dungeon rooms-phase question over a few runs, with the cells kept as rooms when it was asked."""
    asked = []
    for seed in seeds:
        run = Run(MazeSpec("dungeon", grid, 15, 11, seed))
        teacher, quiz = Teacher(run), Quiz()
        while (question := quiz.next_question(teacher)) is not None:
            if teacher.narration.narrator.phase == "rooms":
                kept = {c for cells in run.maze.rooms.values() for c in cells}
                asked.append((run.grid, question, kept))
            quiz.skip(teacher)
    return asked


def test_the_dungeons_rooms_are_asked_kept_or_refused_by_overlap_alone():
    """Square rooms are spanned by their two ringed corners: a room overlapping a kept room's floor
    is refused, one that only touches a kept room is kept (the dungeon's rule, not rooms and
    corridors'), and both answers come up. The next step bears each out (the test above)."""
    asked = rooms_asked("square")
    assert {min(q.expected) for _, q, _ in asked} == {0, 1} and all(q.kind == "kept or refused" for _, q, _ in asked)
    touching_kept = 0
    for grid, question, kept in asked:
        (x0, y0), (x1, y1) = (grid.coords(c) for c in question.focus)
        span = {grid.cell(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)}
        assert (min(question.expected) == 1) == bool(span & kept), question.why
        touching_kept += not span & kept and any(nb in kept for c in span for _, nb in grid.neighbours(c))
    assert touching_kept, "no kept room touched another: the overlap rule was not put to the test"


@pytest.mark.parametrize("grid", ["hex", "polar"])
def test_the_dungeons_rooms_ask_nothing_where_two_corners_do_not_show_a_room(grid):
    """A hexagon or a sector tried is not drawn before it is kept or refused: nothing to answer from."""
    assert rooms_asked(grid) == []
