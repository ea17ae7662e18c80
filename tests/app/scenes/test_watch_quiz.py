"""The quiz in the window (dummy video driver): K starts and ends it, the question is the panel's
newest sentence, clicks and Enter or a number key answer it, the verdict says why and the step
follows, the score and streak show, and Ctrl+K saves the summary as CSV."""

import csv

import pygame
import pytest

from visualizer.app.main import open_window
from visualizer.app.shell import Shell
from visualizer.cli import main, parse
from visualizer.run.spec import MazeSpec


@pytest.fixture
def screen():
    surface = open_window((960, 600))
    yield surface
    pygame.quit()


def make_shell(screen, algorithm="backtracker", quiz=None):
    shell = Shell(MazeSpec(algorithm, "square", 8, 6, 3), speed=60.0, screen=screen, quiz=quiz)
    shell.frame([], 0.0)
    return shell


def press(shell, code, mod=0, char=""):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char)], 1 / 60)
    shell.frame([], 1 / 60)


def click(shell, cell):
    view = shell.view_rect()
    x, y = shell.board.cell_centre(cell)
    pos = (int(view.left + x), int(view.top + y))
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0)


def newest_sentence(shell):
    return shell.panel_content().teaching.sentences[-1]


def test_k_starts_the_quiz_which_asks_in_the_panel_and_k_again_ends_it(screen):
    shell = make_shell(screen)
    press(shell, pygame.K_k, char="k")
    watch = shell.base
    assert watch.quiz is not None and watch.quiz.pending is not None
    assert newest_sentence(shell).startswith("Question: The walk stands at")
    position = watch.run.position
    for _ in range(5):
        shell.frame([], 1 / 60)
    assert watch.run.position == position, "the run waits for the answer"
    press(shell, pygame.K_k, char="k")
    assert watch.quiz is None and "Quiz off" in shell.toast[0]


def test_clicking_the_cells_and_enter_answers_then_the_step_is_shown(screen):
    shell = make_shell(screen, quiz=1)
    watch = shell.base
    question = watch.quiz.pending
    position = watch.run.position
    for cell in question.expected:
        click(shell, cell)
    assert watch.quiz.selection == set(question.expected)
    press(shell, pygame.K_RETURN)
    assert shell.toast[0].startswith("Right: ") and "unvisited neighbour" in shell.toast[0]
    assert watch.run.position > position
    assert watch.quiz.right == 1 and watch.quiz.streak == 1
    assert "1 of 1 right · streak 1" in shell.panel_content().teaching.status
    assert newest_sentence(shell).startswith("Question: ")


def test_a_wrong_number_key_answer_says_why_and_breaks_the_streak(screen):
    shell = make_shell(screen, algorithm="kruskal", quiz=1)
    watch = shell.base
    question = watch.quiz.pending
    assert question.choices == ("removed (carved)", "kept (stays)")
    wrong = 2 if question.expected == frozenset({0}) else 1
    press(shell, pygame.K_0 + wrong, char=str(wrong))
    assert shell.toast[0].startswith("Not quite (you said ") and "sets" in shell.toast[0]
    assert watch.quiz.asked == 1 and watch.quiz.right == 0 and watch.quiz.streak == 0
    assert watch.spec.algorithm == "kruskal", "the number key answered, it did not choose an algorithm"


def test_right_shows_the_step_unanswered_and_space_does_not_run_away(screen):
    shell = make_shell(screen, quiz=1)
    watch = shell.base
    position = watch.run.position
    press(shell, pygame.K_SPACE, char=" ")
    assert watch.paused and "quiz moves the run" in shell.toast[0]
    press(shell, pygame.K_RIGHT)
    assert watch.run.position == position + 1 and watch.quiz.asked == 0
    assert shell.toast[0].startswith("Not answered: ")


def test_the_summary_is_saved_as_csv_and_the_path_shown(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    shell = make_shell(screen, quiz=1)
    press(shell, pygame.K_k, mod=pygame.KMOD_CTRL)
    assert "No quiz answers" in shell.toast[0]
    for _ in range(3):
        question = shell.base.quiz.pending
        for cell in question.expected:
            click(shell, cell)
        press(shell, pygame.K_RETURN)
    press(shell, pygame.K_k, mod=pygame.KMOD_CTRL)
    saved = shell.toast[0].removeprefix("Quiz summary saved: ")
    assert saved.startswith(str(tmp_path / "quiz-")) and saved.endswith(".csv"), "named for the quiz, not a maze"
    rows = list(csv.reader(open(saved, encoding="utf-8")))
    assert rows[0] == ["algorithm", "kind", "questions", "right", "percent", "id"]
    assert ["Recursive backtracker", "carve into", "3", "3", "100", "backtracker"] in rows
    assert ["all", "all", "3", "3", "100", ""] in rows


def test_shift_k_changes_when_the_quiz_asks(screen):
    shell = make_shell(screen)
    press(shell, pygame.K_k, mod=pygame.KMOD_SHIFT)
    assert shell.base.quiz_every == 3 and "every 3 steps" in shell.toast[0]
    press(shell, pygame.K_k, mod=pygame.KMOD_SHIFT)
    assert shell.base.quiz_every == 0 and "decision points" in shell.toast[0]


def test_the_quiz_option_is_read_and_a_bad_value_refused_in_one_line(capsys):
    assert parse(["--quiz"]).quiz == 1
    assert parse(["--quiz", "decisions"]).quiz == 0
    assert parse(["--quiz", "4"]).quiz == 4
    assert parse([]).quiz is None
    assert main(["--quiz", "often"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'step', 'decisions' or a number of steps" in err[0]


def test_when_the_maze_is_done_the_score_is_said_and_s_goes_on_with_the_solver(screen):
    shell = make_shell(screen, quiz=1)
    watch = shell.base
    watch.run.finish_generation()  # (the question asked before is dropped: the run moved)
    shell.frame([], 1 / 60)
    assert watch.quiz.pending is None and "S solves it, with questions too" in shell.toast[0]
    press(shell, pygame.K_s, char="s")
    question = watch.quiz.pending
    assert question is not None and watch.run.solver is not None
    assert newest_sentence(shell).startswith("Question: ")
    solved = watch.run.solver_events
    click(shell, next(iter(question.expected)))
    assert shell.toast[0].startswith("Right: ") and watch.run.solver_events > solved


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("layout", ["side", "presenting"])
@pytest.mark.parametrize("steps", [0, 2])
def test_after_a_verdict_the_next_question_keeps_the_sentence_size_and_both_are_whole(size, layout, steps,
                                                                                      monkeypatch):
    """On a projector with larger text (Ctrl+= twice) a wrong answer's verdict and the next question
    are both whole, and the question is not shrunk below body text to make room for the verdict."""
    from visualizer.app import text
    from visualizer.app.layout import Arrangement
    screen = open_window(size)
    try:
        for _ in range(steps):
            text.step_scale(1)
        said = []
        plain = text.rendered
        monkeypatch.setattr(text, "rendered", lambda words, size, colour, bold=False:
                            said.append((words, size)) or plain(words, size, colour, bold))
        shell = Shell(MazeSpec("kruskal", "square", 12, 8, 3), speed=60.0, screen=screen, quiz=1)
        shell.arrangement = Arrangement(layout)
        shell.layout_dirty = True
        shell.frame([], 0.0)
        press(shell, pygame.K_2, char="2")
        verdict = shell.toast[0]
        said.clear()
        shell._last_key, shell.layout_dirty = None, True
        shell.frame([], 1 / 60)
        question = newest_sentence(shell)
        assert question.startswith("Question: ")
        question_lines = drawn_lines(said, question)
        assert question_lines, "the question is not whole"
        assert min(px for _, px in question_lines) >= shell.text_size(), "the question shrank below body text"
        assert drawn_lines(said, verdict), "the verdict is not whole"
        assert shell._sentence_whole
    finally:
        text._scale[0] = 1.0
        text.font.cache_clear()
        pygame.quit()


def drawn_lines(said, sentence):
    """The lines, one after another, that together say ``sentence`` (empty when it is not drawn whole)."""
    for start, (words, _) in enumerate(said):
        if not words or not sentence.startswith(words):
            continue
        lines = []
        for line in said[start:]:
            lines.append(line)
            joined = " ".join(w for w, _ in lines).split()
            if joined == sentence.split():
                return lines
            if joined != sentence.split()[:len(joined)]:
                break
    return []


def test_end_during_the_quiz_finishes_the_maze_and_the_solver_quiz_follows(screen):
    """End skips the rest of the generation's questions: the maze finishes in a few frames, the
    toast says so (not "Finishing the maze..." left standing), and S quizzes the solver."""
    shell = make_shell(screen, quiz=1)
    watch = shell.base
    assert watch.quiz.pending is not None
    press(shell, pygame.K_END)
    for _ in range(30):
        shell.frame([], 1 / 60)
        if watch.run.finished:
            break
    shell.frame([], 1 / 60)
    assert watch.run.finished and not watch.racing
    assert "Finishing" not in shell.toast[0] and "S solves it" in shell.toast[0]
    press(shell, pygame.K_s, char="s")
    assert watch.quiz.pending is not None and watch.run.solver is not None
    assert "Finishing" not in shell.toast[0]


def ring_runs(shell, cell, colour):
    """Widths of the runs of ``colour`` on the row of pixels through ``cell``'s centre, one cell wide."""
    view = shell.view_rect()
    x, y = shell.board.cell_centre(cell)
    half = int(shell.board.cell_pixels * 0.7)  # the ring reaches a little past the cell
    row = [tuple(shell.screen.get_at((int(view.left + x) + dx, int(view.top + y))))[:3] for dx in range(-half, half)]
    runs, length = [], 0
    for pixel in row + [None]:
        if pixel == colour:
            length += 1
        elif length:
            runs, length = runs + [length], 0
    return runs


@pytest.mark.parametrize("name", ["dark", "light", "high-contrast"])
def test_the_quiz_rings_are_thick_on_a_projector_in_every_theme(name):
    """A 30 x 20 Kruskal quiz at 1920 x 1080: each cell asked about is ringed in the theme's ring
    colour, each side of the ring at least a fifth of a cell wide (they were 2 pixels of white,
    lost on the light themes' white mat)."""
    from visualizer.render import themes

    themes.use(name)
    screen = open_window((1920, 1080))
    try:
        shell = Shell(MazeSpec("kruskal", "square", 30, 20, 3), speed=60.0, screen=screen, quiz=1)
        shell.frame([], 0.0)
        shell.frame([], 1 / 60)
        focus = shell.base.quiz.pending.focus
        assert focus
        for cell in focus:
            runs = ring_runs(shell, cell, themes.current().ring)
            assert len(runs) == 2 and min(runs) >= shell.board.cell_pixels / 5, (cell, runs, shell.board.cell_pixels)
    finally:
        pygame.quit()


def choice_spots_after(shell, seconds):
    from visualizer.app.choice_spots import SPOTS

    for _ in range(int(seconds * 2)):
        shell.frame([], 0.5)
    return dict((index, rect) for index, rect in SPOTS.spots)


@pytest.mark.parametrize("layout", ["side", "presenting", "board"])
def test_a_click_on_a_choices_words_answers_it_and_the_pointer_lights_it(layout):
    """Kruskal's "1: removed  2: kept" in the words: the pointer over a choice boxes it, a click
    answers with it (as its number key does), and the number keys still work."""
    from visualizer.app import look
    from visualizer.app.layout import Arrangement
    from visualizer.render.themes import ui

    look.start(None, None, layout)
    screen = open_window((1280, 800))
    try:
        shell = Shell(MazeSpec("kruskal", "square", 12, 8, 3), speed=60.0, screen=screen, quiz=1)
        assert shell.arrangement is Arrangement(layout)
        watch = shell.base
        spots = choice_spots_after(shell, 9)  # the caption shows "Quiz on" for its seconds first
        assert sorted(spots) == [0, 1], "both choices are drawn where they can be clicked"
        expected = next(iter(watch.quiz.pending.expected))
        rect = spots[expected]
        shell.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 0), buttons=(0, 0, 0))], 0.0)
        edge = (rect.left - 3, rect.centery)
        assert tuple(screen.get_at(edge))[:3] == ui().accent, "the choice under the pointer is boxed"
        shell.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 0), buttons=(0, 0, 0))], 0.0)
        assert tuple(screen.get_at(edge))[:3] != ui().accent
        shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)], 0.0)
        assert watch.quiz.asked == 1 and watch.quiz.right == 1, "the click answered with that choice"
        assert shell.toast[0].startswith("Right")
        spots = choice_spots_after(shell, 11)
        assert watch.quiz.pending is not None and watch.quiz.pending.form == "choice"
        press(shell, pygame.K_1, char="1")
        assert watch.quiz.asked == 2, "the number keys still answer"
    finally:
        pygame.quit()


def test_while_a_choice_is_asked_only_its_numbers_answer_and_other_digits_do_their_own_job(screen):
    """Kruskal's question has two choices: 1 and 2 answer it, 7 chooses the seventh algorithm as
    it always does, and the question says so in its own words."""
    from visualizer.algorithms import ALGORITHMS
    shell = make_shell(screen, algorithm="kruskal", quiz=1)
    watch = shell.base
    rows = dict(shell.panel_content().teaching.data)
    assert rows["Keys"] == "1 and 2 answer; other number keys work as always"
    press(shell, pygame.K_7, char="7")
    assert watch.quiz.asked == 0 and watch.spec.algorithm == list(ALGORITHMS)[6]


def dungeon_quiz(screen):
    """A dungeon quiz on its first question, the dungeon's events all recorded (the scrub bar's
    scale is the true length)."""
    shell = Shell(MazeSpec("dungeon", "square", 15, 11, 5), speed=60.0, screen=screen)
    watch = shell.base
    watch.run.finish_generation()
    watch.run.seek(0)
    watch.start_quiz()
    shell.frame([], 1 / 60)
    assert watch.quiz.pending is not None
    return shell, watch


def phase_at(run, position):
    """The phase the event at ``position`` belongs to."""
    return [name for at, name in run.phase_marks if at < position][-1]


def click_bar(shell, position):
    """A click on the scrub bar where it stands for ``position``."""
    bar, total = shell.scrub_rect(), shell.base.run.total
    pos = (bar.left + round(bar.width * position / total), bar.centery)
    shell.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)
    shell.frame([], 1 / 60)


def test_pgdn_in_a_quiz_runs_to_the_next_phase_and_the_quiz_asks_from_there(screen):
    shell, watch = dungeon_quiz(screen)
    assert phase_at(watch.run, watch.run.position + 1) == "rooms" and watch.quiz.pending.kind == "kept or refused"
    press(shell, pygame.K_PAGEDOWN)
    for _ in range(200):  # the run goes on in frames' time budgets: more frames on a loaded machine
        shell.frame([], 1 / 60)
        if phase_at(watch.run, watch.run.position) == "maze":
            break
    assert phase_at(watch.run, watch.run.position) == "maze" and not watch.run.finished
    assert watch.quiz.asked == 0, "the question withdrawn is not scored"
    assert watch.quiz.pending is not None or "Right goes on" in shell.toast[0]


def test_a_click_on_the_scrub_bar_in_a_quiz_stays_where_it_was_put(screen):
    """Mid-room (its floor being laid, nothing to ask) the run waits where the click put it, and
    Right goes on to the next room tried."""
    shell, watch = dungeon_quiz(screen)
    click_bar(shell, 20)
    for _ in range(5):
        shell.frame([], 1 / 60)
    assert abs(watch.run.position - 20) <= 2 and phase_at(watch.run, watch.run.position + 1) == "rooms"
    assert watch.quiz.pending is None and watch.quiz.asked == 0 and "Right goes on" in shell.toast[0]
    press(shell, pygame.K_RIGHT)
    assert watch.quiz.pending is not None and watch.quiz.pending.kind == "kept or refused"
    assert phase_at(watch.run, watch.run.position + 1) == "rooms"


def test_at_the_end_of_a_quiz_left_steps_back_and_the_bar_goes_back_into_the_connect_phase(screen):
    shell, watch = dungeon_quiz(screen)
    press(shell, pygame.K_END)
    for _ in range(10):
        shell.frame([], 1 / 60)
    end = watch.run.position
    assert watch.run.finished
    press(shell, pygame.K_LEFT)
    assert watch.run.position < end, "Left stepped back and stays back"
    assert watch.quiz.pending is not None and watch.quiz.pending.kind == "prune"
    connect = dict((name, at) for at, name in watch.run.phase_marks)["connect"]
    click_bar(shell, connect + 3)
    assert phase_at(watch.run, watch.run.position) == "connect" and watch.quiz.asked == 0


def test_a_seek_or_a_new_run_clears_the_last_verdict_from_the_panel(screen):
    shell = make_shell(screen, algorithm="kruskal", quiz=1)
    watch = shell.base
    press(shell, pygame.K_1, char="1")
    verdict = watch.quiz.last.sentence
    assert verdict in shell.panel_content().teaching.sentences
    press(shell, pygame.K_3, char="3")
    assert watch.spec.algorithm != "kruskal"
    assert verdict not in shell.panel_content().teaching.sentences, "the old run's verdict stayed"


def test_starting_the_solver_quiz_clears_the_generations_last_verdict(screen):
    shell = make_shell(screen, algorithm="kruskal", quiz=1)
    watch = shell.base
    press(shell, pygame.K_1, char="1")
    verdict = watch.quiz.last.sentence
    press(shell, pygame.K_s, char="s")
    assert watch.run.solver is not None and watch.quiz.pending is not None
    assert verdict not in shell.panel_content().teaching.sentences, "Kruskal's verdict stayed over the solve"


def test_left_in_a_quiz_every_three_steps_asks_only_at_a_step_the_cadence_asks_at(screen):
    """Every 3 steps, answered at one step: Left goes back onto a step between two asked ones,
    where the quiz asks nothing (it used to ask there); Right goes on, and the quiz asks again
    at the step it asked at before."""
    shell = make_shell(screen, quiz=3)
    watch = shell.base
    asked = watch.run.position
    assert watch.quiz.pending is not None
    press(shell, pygame.K_RETURN)
    assert watch.quiz.asked == 1 and watch.quiz.pending is not None and watch.run.position == asked + 3
    press(shell, pygame.K_LEFT)
    assert watch.run.position == asked + 2 and watch.quiz.pending is None and "Right goes on" in shell.toast[0]
    press(shell, pygame.K_LEFT)
    press(shell, pygame.K_LEFT)
    assert watch.run.position == asked and watch.quiz.pending is not None, "the step asked before asks again"
    press(shell, pygame.K_RIGHT)  # unanswered: the step shows, the quiz steps on to the next one due
    assert watch.run.position == asked + 3 and watch.quiz.pending is not None
