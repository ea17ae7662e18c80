"""The side panel while the quiz asks (dummy video driver), as a class reads it on a projector: the
pseudocode uses the room the panel has (no empty band kept for a description that never shows),
the legend keeps explaining the colours the question is about (Kruskal's sets), and the key hint
offers only keys that work while a question waits, the answering ones first."""

from dataclasses import dataclass, field

import pygame
import pytest

from visualizer.app import panel, text
from visualizer.app.layout import Arrangement
from visualizer.app.legend import legend_fit
from visualizer.app.main import open_window
from visualizer.app.panel import code_line_height, code_rows, code_window, draw_panel
from visualizer.app.quiz_view import quiz_hint
from visualizer.app.shell import Shell
from visualizer.app.words import MORE
from visualizer.render.themes import ui
from visualizer.run.quiz.question import CELLS, CHOICE, Question
from visualizer.run.spec import MazeSpec

SIZES = [(1024, 768), (1728, 972), (1920, 1080)]


@dataclass
class Drawn:
    """What one drawing of the panel showed."""

    surface: pygame.Surface
    rect: pygame.Rect
    line: int
    """A pseudocode row's height in pixels."""
    code: list[str] = field(default_factory=list)
    """The pseudocode box's rows, markers included."""
    code_total: int = 0
    code_top: int = 0
    legend: list[str] = field(default_factory=list)
    """The legend's entries listed (keys)."""
    legend_top: int | None = None
    words: list[str] = field(default_factory=list)

    def hidden_rows(self) -> bool:
        return any(row.startswith(MORE) for row in self.code)

    def empty_band(self, top: int, bottom: int) -> int:
        """The tallest run of pixel rows between ``top`` and ``bottom`` with nothing drawn on them."""
        colour = tuple(ui().panel)
        xs = range(self.rect.left + 4, self.rect.right - 4, 2)
        best = run = 0
        for y in range(top, bottom):
            run = run + 1 if all(tuple(self.surface.get_at((x, y)))[:3] == colour for x in xs) else 0
            best = max(best, run)
        return best


@pytest.fixture
def window(request):
    yield open_window(request.param)
    pygame.quit()


def quiz_shell(screen, algorithm="kruskal", answers=0):
    """The window as ``--quiz`` opens it on an 8 x 6 maze, after ``answers`` questions answered 1."""
    shell = Shell(MazeSpec(algorithm, "square", 8, 6, 5), screen=screen, quiz=1)
    shell.arrangement, shell.layout_dirty = Arrangement.SIDE, True
    for _ in range(3):
        shell.frame([], 1 / 60)
    for _ in range(answers):
        press(shell, pygame.K_1, "1")
    return shell


def press(shell, key, char=""):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char)], 1 / 60)
    shell.frame([], 1 / 60)


def panel_drawn(shell, monkeypatch) -> Drawn:
    """The side panel drawn afresh, with the pseudocode rows, legend entries and words it showed."""
    rect, size = shell.panel_rect(), shell.text_size()
    drawn = Drawn(pygame.Surface(shell.screen.get_size()), rect, code_line_height(size))
    real_code, real_legend, real_rendered = panel.draw_code, panel.draw_legend, text.rendered

    def code_spy(surface, code, lit, x, y, width, size_, bottom):
        rows, pad = code_rows(code, width, size_, lit), max(11, size_ - 2) // 3
        height = min(len(rows) * drawn.line + 2 * pad, max(0, bottom - y))
        drawn.code = [row[1] for row in code_window(rows, max(1, (height - 2 * pad) // drawn.line))]
        drawn.code_total, drawn.code_top = len(rows), y
        return real_code(surface, code, lit, x, y, width, size_, bottom)

    def legend_spy(surface, legend, x, y, width, size_, bottom):
        shown, _ = legend_fit(legend, width, size_, bottom - size_ // 2 - y - int(size_ * 1.5))
        drawn.legend, drawn.legend_top = [key for key, _ in shown], y if shown else None
        return real_legend(surface, legend, x, y, width, size_, bottom)

    def rendered(words, size_, colour, bold=False):
        drawn.words.append(words)
        return real_rendered(words, size_, colour, bold)

    monkeypatch.setattr(panel, "draw_code", code_spy)
    monkeypatch.setattr(panel, "draw_legend", legend_spy)
    monkeypatch.setattr(text, "rendered", rendered)
    draw_panel(drawn.surface, rect, size, shell.panel_content())
    return drawn


@pytest.mark.parametrize("window", SIZES, indirect=True)
@pytest.mark.parametrize("answers", [0, 1])
def test_the_quizs_pseudocode_uses_the_room_no_empty_band_while_rows_are_hidden(window, answers, monkeypatch):
    """At the first question the room kept for the algorithm's description stood empty when the
    description was too long to show: one pseudocode row and '... 11 more rows below' over a band
    of about 150 px. While rows are hidden, no band of two rows' height may be left empty."""
    drawn = panel_drawn(quiz_shell(window, answers=answers), monkeypatch)
    assert drawn.code and drawn.legend_top is not None
    if drawn.hidden_rows():
        band = drawn.empty_band(drawn.code_top, drawn.legend_top)
        assert band < 2 * drawn.line, f"{band} px empty while the code shows {drawn.code}"


@pytest.mark.parametrize("window", [(1728, 972), (1920, 1080)], indirect=True)
def test_the_first_question_shows_the_whole_pseudocode_when_the_description_cannot_fit(window, monkeypatch):
    drawn = panel_drawn(quiz_shell(window), monkeypatch)
    assert not drawn.hidden_rows() and len(drawn.code) == drawn.code_total == 12, drawn.code


@pytest.mark.parametrize("window", SIZES + [(800, 600)], indirect=True)
def test_after_an_answer_the_legend_still_explains_kruskals_sets(window, monkeypatch):
    """After one answer the board shows a joined set and sets of one cell; the legend had shrunk
    to 'current cell ... 5 more colours not listed' (or left out the grey sets of one cell) to keep
    the whole pseudocode. The colours the question is about stay listed; anything left out is counted."""
    shell = quiz_shell(window, answers=1)
    assert shell.base.quiz.pending is not None and shell.base.quiz.pending.form == CHOICE
    drawn = panel_drawn(shell, monkeypatch)
    assert {"current", "set", "unvisited"} <= set(drawn.legend), drawn.legend
    assert "a set of one cell: no passage yet" in drawn.words
    left_out = len(shell.panel_content().legend) - len(drawn.legend)
    assert left_out == 0 or any(w.startswith(MORE) and "not listed" in w for w in drawn.words)
    assert any(w.startswith("Question: ") for w in drawn.words), "the question still reads"


def test_a_colour_in_the_algorithms_own_words_outlasts_the_plain_ones():
    """Short of room, the plain entries go first (wall, the markers whose shapes say them), not the
    grey cells Kruskal's calls 'a set of one cell'."""
    pygame.font.init()
    legend = (("entrance", None), ("exit", None), ("current", None), ("set", "a set: cells already joined"),
              ("unvisited", "a set of one cell: no passage yet"), ("wall", None))
    shown, missing = legend_fit(legend, 400, 16, int(16 * 1.4) * 4)
    assert [key for key, _ in shown] == ["current", "set", "unvisited"] and missing == 3


@pytest.mark.parametrize("window", [(1024, 768)], indirect=True)
def test_the_key_hint_offers_the_answer_keys_not_space_while_a_question_waits(window, monkeypatch):
    """Space does nothing in the quiz (it moves the run itself) and E cannot hide the panel the
    question is asked in: the hint says how to answer instead; with the quiz off it is as before."""
    shell = quiz_shell(window)
    words = " ".join(panel_drawn(shell, monkeypatch).words)
    assert "1 and 2 answer" in words and "Right skip" in words and "K end quiz" in words
    assert "Space" not in words and "E explain" not in words
    position = shell.base.run.position
    press(shell, pygame.K_SPACE, " ")
    assert shell.base.run.position == position and shell.base.quiz.pending is not None, "Space does nothing"
    press(shell, pygame.K_k, "k")
    hint = shell.panel_content().hint  # the quiz left the run paused: Space resumes it
    assert shell.base.quiz is None and ("Space resume" in hint) == shell.base.paused and "Space " in hint


@pytest.mark.parametrize("window", [(1024, 768)], indirect=True)
def test_a_question_answered_by_clicks_says_so_in_the_hint(window):
    shell = quiz_shell(window, algorithm="backtracker")
    assert shell.base.quiz.pending.form == CELLS
    hint = shell.panel_content().hint
    assert hint.startswith("Click cells   Enter answers   Right skip") and "Space" not in hint


def test_the_quiz_hint_names_the_choices_keys():
    def choice(count):
        return Question("next", "?", CHOICE, frozenset({0}), "", tuple(f"c{i}" for i in range(count)))

    assert quiz_hint(choice(2)).startswith("1 and 2 answer   Right skip")
    assert quiz_hint(choice(3)).startswith("1 to 3 answer   Right skip")
    assert quiz_hint(None).startswith("Right step") and "Space" not in quiz_hint(None)


@pytest.mark.parametrize("window", [(1024, 768)], indirect=True)
def test_e_in_the_quiz_says_the_explanations_stay_and_leaves_them_on_after(window):
    """E said 'Explanations off' while the quiz kept them on, and then hid them once K ended it."""
    shell = quiz_shell(window)
    press(shell, pygame.K_e, "e")
    assert "off" not in shell.toast[0] and shell.panel_content().teaching is not None
    press(shell, pygame.K_k, "k")
    assert shell.base.quiz is None and shell.panel_content().teaching is not None
