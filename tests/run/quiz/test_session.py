"""The quiz over a run: when it asks (every step, every k steps, decision points), the score and
streak, the verdict's words, and the CSV summary."""

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.run.quiz.cadence import cadence_words, parse_cadence
from visualizer.run.quiz.session import Quiz
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.teaching import Teacher


def quiz_on(algorithm="backtracker", every=1, seed=3):
    run = Run(MazeSpec(algorithm, "square", 6, 5, seed))
    return run, Teacher(run), Quiz(every=every)


@pytest.mark.parametrize(("text", "every"), [("step", 1), ("decisions", 0), ("3", 3), (" Decisions ", 0)])
def test_the_cadence_is_read(text, every):
    assert parse_cadence(text) == every


@pytest.mark.parametrize("text", ["0", "-2", "often", "", "\u00b2", "3\u00b2"])
def test_a_bad_cadence_is_one_line(text):
    with pytest.raises(ValueError, match="'step', 'decisions' or a number of steps"):
        parse_cadence(text)


def test_cadence_words():
    assert [cadence_words(k) for k in (1, 3, 0)] == ["every step", "every 3 steps", "at decision points"]


@settings(max_examples=10)
@given(every=st.integers(1, 5), seed=st.integers(0, 1000))
def test_every_k_steps_asks_k_steps_apart(every, seed):
    """The backtracker has a question at every step, so the quiz asks exactly every k steps."""
    run, teacher, quiz = quiz_on(every=every, seed=seed)
    asked_at = []
    while quiz.next_question(teacher) is not None:
        asked_at.append(run.position)
        quiz.answer(teacher, frozenset())
    assert asked_at and all(b - a == every for a, b in zip(asked_at, asked_at[1:]))


def asked_around_a_seek(every, seed, back):
    """Three questions answered, a seek ``back`` events, then on to the end as the window goes
    (Right past a step held with no question): where each question was asked, before and after,
    and where the seek stopped."""
    run, teacher, quiz = quiz_on(every=every, seed=seed)
    before = []
    for _ in range(3):
        assert quiz.next_question(teacher) is not None
        before.append(run.position)
        quiz.answer(teacher, frozenset())
    to = max(0, run.position - back)
    run.seek(to)
    after = []
    while not run.idle:
        if quiz.next_question(teacher) is None:
            teacher.step_forward()
            quiz.go_on(run)
        else:
            after.append(run.position)
            quiz.answer(teacher, frozenset())
    return before, to, after


@settings(max_examples=15, deadline=None)
@given(every=st.integers(1, 5), seed=st.integers(0, 1000), back=st.integers(0, 12))
def test_after_a_seek_every_k_steps_keeps_asking_at_the_same_steps(every, seed, back):
    """The backtracker asks every k-th step (each step one event, every one but the first has a
    question): after Left or the scrub bar the quiz asks at the next of those same steps, not at
    whatever step the seek stopped on."""
    before, to, after = asked_around_a_seek(every, seed, back)
    phase = before[0] % every
    assert after and all(at % every == phase for at in after), (before, to, after)
    assert after[0] == min(at for at in range(max(to, 1), to + every + 1) if at % every == phase)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 1000), back=st.integers(0, 12))
def test_after_a_seek_decision_points_only_asks_at_decision_points(seed, back):
    run, teacher, quiz = quiz_on(every=0, seed=seed)
    assert quiz.next_question(teacher) is not None
    quiz.answer(teacher, frozenset())
    run.seek(max(0, run.position + 20 - back))
    while not run.idle:
        question = quiz.next_question(teacher)
        if question is None:
            teacher.step_forward()
            quiz.go_on(run)
        else:
            assert question.decision and len(question.expected) > 1
            quiz.skip(teacher)


@settings(max_examples=10)
@given(seed=st.integers(0, 1000))
def test_decision_points_ask_only_where_more_than_one_thing_could_happen(seed):
    run, teacher, quiz = quiz_on(every=0, seed=seed)
    while (question := quiz.next_question(teacher)) is not None:
        assert question.decision and len(question.expected) > 1
        quiz.skip(teacher)
    assert run.finished


def test_score_streak_and_the_verdicts_words():
    run, teacher, quiz = quiz_on()
    first = quiz.next_question(teacher)
    verdict = quiz.answer(teacher, first.expected)
    assert verdict.right and verdict.sentence == f"Right: {first.why}."
    second = quiz.next_question(teacher)
    assert quiz.answer(teacher, second.expected).right
    third = quiz.next_question(teacher)
    wrong = quiz.answer(teacher, frozenset({-5}))
    assert not wrong.right and wrong.sentence.startswith("Not quite (you said ") and third.why in wrong.sentence
    assert (quiz.asked, quiz.right, quiz.streak, quiz.best_streak) == (3, 2, 0, 2)
    assert quiz.score_text() == "2 of 3 right · streak 0 (best 2)"


def test_skipping_shows_the_step_unscored():
    run, teacher, quiz = quiz_on()
    quiz.next_question(teacher)
    position = run.position
    quiz.skip(teacher)
    assert run.position == position + 1 and quiz.asked == 0 and quiz.pending is None


def test_cells_clicked_are_the_answer_and_a_second_click_takes_one_back():
    run, teacher, quiz = quiz_on()
    question = quiz.next_question(teacher)
    for cell in question.expected:
        quiz.toggle(cell)
    quiz.toggle(0)
    quiz.toggle(0)
    assert quiz.answer(teacher).right


def test_the_csv_summary_counts_by_algorithm_and_kind_then_the_whole_quiz():
    run, teacher, quiz = quiz_on()
    for answer_right in (True, True, False, True):
        question = quiz.next_question(teacher)
        quiz.answer(teacher, question.expected if answer_right else frozenset({-1}))
    run.finish_generation()
    run.solve("bfs")
    teacher.catch_up(float("inf"))
    while (question := quiz.next_question(teacher)) is not None and quiz.asked < 6:
        quiz.answer(teacher, frozenset({next(iter(question.expected))}))
    rows = list(csv.reader(io.StringIO(quiz.summary_csv())))
    assert rows == [
        ["algorithm", "kind", "questions", "right", "percent", "id"],
        ["Recursive backtracker", "carve into", "4", "3", "75", "backtracker"],
        ["Breadth-first search", "next off the list", "2", "2", "100", "bfs"],
        ["all", "all", "6", "5", "83", ""],
        ["best streak", "", "3", "", "", ""],
    ]


def test_looking_for_the_next_question_stops_at_the_deadline_and_goes_on_next_time():
    run, teacher, quiz = quiz_on(algorithm="eller")  # (few questions: most steps are a coin)
    assert quiz.next_question(teacher, deadline=0.0) is None and run.position == 0
    while quiz.next_question(teacher) is not None:
        quiz.skip(teacher)
    assert run.finished


@given(st.sets(st.integers(0, 11)), st.sets(st.integers(0, 11)))
def test_a_wrong_set_of_cells_names_each_cell_missed_and_each_one_too_many(expected, given_cells):
    from visualizer.run.quiz.question import CELLS, Question

    question = Question("carve into", "which?", CELLS, frozenset(expected), "because")
    words = question.mistakes(frozenset(given_cells), lambda c: f"<{c}>")
    named = {int(part) for part in words.replace(">", "<").split("<")[1::2]}
    assert named == set(expected) ^ set(given_cells)
    assert ("missed" in words) == bool(set(expected) - set(given_cells))
    assert ("not one" in words) == bool(set(given_cells) - set(expected))


def test_the_verdict_of_a_wrong_click_says_which_cell_was_missed():
    run, teacher, quiz = quiz_on()
    question = quiz.next_question(teacher)
    while question is not None and (question.form != "cells" or len(question.expected) < 2):
        quiz.skip(teacher)
        question = quiz.next_question(teacher)
    assert question is not None
    left_out = min(question.expected)
    verdict = quiz.answer(teacher, question.expected - {left_out})
    assert f"missed {run.grid.cell_name(left_out)}" in verdict.sentence


@pytest.mark.parametrize(("expected", "given_cells", "words"), [
    ({1, 2}, {2, 3, 4}, "missed <1>; <3>, <4> are not one"),  # the two lists told apart
    ({1}, {1, 5}, "<5> is not one"),
    ({1, 2, 3}, set(), "missed <1>, <2>, <3>"),
])
def test_a_wrong_set_of_cells_is_said_in_plain_words(expected, given_cells, words):
    from visualizer.run.quiz.question import CELLS, Question

    question = Question("carve into", "which?", CELLS, frozenset(expected), "because")
    assert question.mistakes(frozenset(given_cells), lambda c: f"<{c}>") == words


@pytest.mark.parametrize("form", ["cell", "choice"])
def test_a_question_with_one_answer_lists_no_cells_missed(form):
    """Any one of the cells would do: a wrong click missed none of them in particular."""
    from visualizer.run.quiz.question import Question

    question = Question("frontier", "which?", form, frozenset({1, 2, 3}), "because")
    assert question.mistakes(frozenset({7}), lambda c: f"<{c}>") == ""
