"""The three arrangements at a projector's sizes and every text scale: the lit pseudocode line and
the newest sentence are always whole, and no line of words is drawn cut or over another."""

import itertools

import pygame
import pytest

from visualizer.app import text
from visualizer.app.layout import Arrangement, view_rect
from visualizer.app.shell import Shell
from visualizer.app.strip import fitted_sentence
from visualizer.render.themes import ui
from visualizer.run.spec import MazeSpec

SIZES = [(1024, 768), (1920, 1080)]
SCALES = [1.0, 1.5, 2.0]


class Ledger(pygame.Surface):
    """A window surface that remembers every blit: what was drawn, and where it was meant to go."""

    def __init__(self, size):
        super().__init__(size)
        self.blits = []

    def blit(self, source, dest, area=None, special_flags=0):
        self.blits.append((source, pygame.Rect(dest if len(dest) == 2 else dest[:2], source.get_size())))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def scale():
    before = text.scale()
    yield lambda value: text._scale.__setitem__(0, value)
    text._scale[0] = before


@pytest.fixture
def words_of(monkeypatch):
    """What each rendered line says, by the id of its surface (the panel's words go through
    ``text.rendered``)."""
    said = {}
    plain = text.rendered
    plain.cache_clear()  # lines rendered before another test quit pygame hold dead fonts

    def rendered(words, size, colour, bold=False):
        image = plain(words, size, colour, bold)
        said[id(image)] = (words, colour, bold)
        return image

    monkeypatch.setattr(text, "rendered", rendered)
    return said


def paused_mid_run(size, arrangement, algorithm="kruskal", steps=40):
    """A run paused a few dozen steps in, drawn once afresh in ``arrangement`` on a ``size`` window."""
    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()  # fonts made before another test quit pygame are dead
    surface = Ledger(size)
    shell = Shell(MazeSpec(algorithm, "square", 20, 14, 3), speed=60.0, screen=surface)
    shell.arrangement = arrangement
    shell.frame([], 0.0)
    run = shell.base
    run.paused = True
    for _ in range(steps):
        run.step_forward()
    shell.toast = None
    shell.layout_dirty = True
    shell.frame([], 1 / 60)
    surface.blits.clear()
    shell._last_key = None
    shell.frame([], 1 / 60)
    return shell, surface


@pytest.mark.parametrize("arrangement", list(Arrangement))
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("value", SCALES)
@pytest.mark.parametrize("algorithm", ["kruskal", "prim", "dungeon"])
def test_the_words_are_whole_and_apart(arrangement, size, value, algorithm, scale, words_of):
    scale(value)
    shell, surface = paused_mid_run(size, arrangement, algorithm)
    words = shell.panel_rect()
    drawn = [rect for _, rect in surface.blits if rect.colliderect(words)]
    assert drawn, "nothing was written"
    for rect in drawn:
        assert words.contains(rect), f"a line is cut at the edge of the words: {rect} outside {words}"
    for a, b in itertools.combinations(drawn, 2):
        assert not a.colliderect(b), f"two lines drawn over each other: {a} and {b}"
    assert shell._sentence_whole, "the newest sentence was cut"
    view = shell.scene.teaching()
    if arrangement is not Arrangement.BOARD and view.code and view.lit >= 0:
        lit = [words_of[id(source)][0] for source, _ in surface.blits
               if words_of.get(id(source), ("", None, False))[1:] == (ui().code_lit_text, True)]
        assert " ".join(lit).split() == view.code[view.lit].split(), "the lit pseudocode line is not whole"


def test_the_board_takes_the_room_the_panel_gives_up():
    """Presenting and board only give the board the window's width, so a wide maze is larger."""
    side, presenting, board = (view_rect((1024, 768), True, a) for a in Arrangement)
    assert presenting.width > side.width * 1.3 and board.width == presenting.width
    assert board.height > presenting.height


@pytest.mark.parametrize("sentence", ["Short.", "word " * 80, "x" * 300])
def test_a_long_sentence_steps_its_type_down_until_it_fits(sentence):
    pygame.font.init()
    size, lines = fitted_sentence(sentence, 40, 400, 200)
    assert size <= 40
    assert len(lines) * int(size * 1.3) <= 200 or size == 11
    if sentence == "Short.":
        assert size == 40 and lines == ["Short."]


@pytest.mark.parametrize("arrangement", list(Arrangement))
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("value", [1.0, 1.5])
@pytest.mark.parametrize("quiz", [None, 1])
def test_the_algorithms_description_is_whole_or_not_shown(arrangement, size, value, quiz, scale, monkeypatch):
    """Kruskal's description ended at "(16 x 16" under the pseudocode: before the first step it is
    drawn whole, wrapped, or not at all; at 100 % it is shown in every arrangement (with the quiz's
    first question too, beside the pseudocode)."""
    scale(value)
    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()
    said = []
    plain = text.rendered
    plain.cache_clear()
    monkeypatch.setattr(text, "rendered", lambda words, size, colour, bold=False:
                        said.append(words) or plain(words, size, colour, bold))
    shell = Shell(MazeSpec("kruskal", "square", 8, 6, 3), speed=60.0, screen=Ledger(size), quiz=quiz)
    shell.arrangement = arrangement
    shell.frame([], 0.0)
    shell.base.paused, shell.toast = True, None
    said.clear()
    shell._last_key = None
    shell.frame([], 1 / 60)
    about = shell.scene.teaching().about.split()
    starts = [i for i, words in enumerate(said) if words and about[:len(words.split())] == words.split()]
    for i in starts:
        joined: list[str] = []
        for words in said[i:]:
            joined += words.split()
            if len(joined) >= len(about) or joined != about[:len(joined)]:
                break
        assert joined == about, f"the description is cut: {' '.join(joined)!r}"
    if value == 1.0 and (quiz is None or arrangement is Arrangement.SIDE):
        assert starts, "the description is not shown"


@pytest.mark.parametrize("value", SCALES)
def test_the_colour_scale_stays_inside_the_strip(value, scale, words_of):
    """At 150 % text the presenting strip has no room for the distance map's scale beside a
    message: it is left out rather than drawn over the scrub bar (or twice, as the message grew)."""
    from visualizer.app.panel import PanelContent
    from visualizer.app.scene import ColourScale
    from visualizer.app.strip import draw_strip

    scale(value)
    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()
    surface = Ledger((1920, 1080))
    strip = pygame.Rect(0, 1080 - 320, 1920, 320)
    size = round(24 * value)
    colours = ((255, 240, 160), (170, 60, 150))
    content = PanelContent(None, [("Algorithm", "Recursive backtracker")] * 7, None, None, None,
                           ColourScale("Steps from the entrance", "0", "95", colours),
                           (("distance", None), ("path", None), ("wall", None)), "H help   Space pause   S solve",
                           "Breadth-first search: path of 65 cells, 135 cells visited")
    draw_strip(surface, strip, size, round(size * 4 / 3), content)
    for _, rect in surface.blits:
        assert strip.contains(rect), f"words drawn outside the strip: {rect}"


@pytest.mark.parametrize("window", SIZES)
def test_presenting_keeps_the_board_large(window):
    """Presenting is for a projector: a 16 x 12 maze must not draw much smaller under the strip
    than beside the side panel (at 1920 x 1080 it was 0.6 of it, 690 x 525 px)."""
    def cell(arrangement):
        view = view_rect(window, True, arrangement)
        return min(view.width / 16, view.height / 12)

    assert cell(Arrangement.PRESENTING) >= 0.75 * cell(Arrangement.SIDE)


def test_figures_that_do_not_fit_the_strip_are_counted_not_cut(words_of):
    """Under a shorter strip the play figures lost their last rows silently (Shortest, Ghost):
    the least needed go first, and a last row says how many."""
    from visualizer.app.panel import PanelContent
    from visualizer.app.strip import draw_strip

    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()
    surface = Ledger((1024, 768))
    strip = pygame.Rect(0, 768 - 200, 1024, 200)
    rows = [("Mode", "play"), ("Level", "4 of 10"), ("Maze", "backtracker, square 14 x 9"), ("Seed", "801900"),
            ("Moves", "0"), ("Time", "starts on your first move"), ("Shortest", "26 moves"), ("Ghost", "easy")]
    content = PanelContent(None, rows, None, None, None, None, (), "H help   Esc leave play", None)
    draw_strip(surface, strip, 17, 23, content)
    said = [words_of[id(source)][0] for source, _ in surface.blits if id(source) in words_of]
    assert "Ghost" in said and "Seed" not in said
    assert any("left out" in words for words in said)


CAPTION = "Slide 2 of 3: Kruskal joins sets: watch the colours merge, and ask why that wall was kept."


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("value", SCALES)
def test_a_slide_caption_leaves_the_sentence_at_body_size_or_larger(size, value, scale, words_of):
    """A lesson's caption in presenting: the step's sentence stays whole at body size or larger and
    the caption is whole too; the teacher's key hint gives way first (a class cannot read a step
    shrunk to 13 px under a caption, which is what it was at 1920 x 1080 and 175 %)."""
    scale(value)
    shell, surface = paused_mid_run(size, Arrangement.PRESENTING)
    shell.message(CAPTION, 3600.0)
    surface.blits.clear()
    shell._last_key = None
    shell.frame([], 1 / 60)
    newest = shell.scene.teaching().sentences[-1]
    body = text.font(shell.text_size()).size("Ag")[1]
    said = [(words_of[id(source)][0], rect) for source, rect in surface.blits if id(source) in words_of]
    sentence = [rect for words, rect in said if words and words in newest and rect.left > surface.get_width() // 2]
    assert sentence and all(rect.height >= body for rect in sentence), "the step's sentence shrank below body size"
    assert shell._sentence_whole
    caption = " ".join(words for words, rect in said if words and words in CAPTION)
    assert caption.split() == CAPTION.split(), "the caption is not whole"


@pytest.mark.parametrize("size", SIZES)
def test_board_only_keeps_the_quiz_question_in_view_beside_a_message(size, words_of):
    """Board only shows no words but its caption: the 8 s "Quiz on" message (or a verdict) must not
    hide the question the run waits on, nor its choices."""
    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()
    surface = Ledger(size)
    shell = Shell(MazeSpec("kruskal", "square", 20, 14, 3), speed=60.0, screen=surface, quiz=1)
    shell.arrangement = Arrangement.BOARD
    shell.frame([], 0.0)
    question = shell.scene.quiz.pending
    assert question is not None
    shell.message("Quiz on, asking every step: answer in the panel (Right shows the step unanswered)", 8.0)
    surface.blits.clear()
    shell._last_key = None
    shell.frame([], 1 / 60)
    said = " ".join(words_of[id(source)][0] for source, rect in surface.blits
                    if id(source) in words_of and shell.panel_rect().contains(rect))
    assert "Quiz on" in said and question.prompt.split()[0] in said.split()
    for number, _ in enumerate(question.choices, 1):
        assert f"{number}:" in said, "a choice of the question is not in the caption"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("algorithm", ["backtracker", "kruskal", "prim", "hunt_and_kill", "recursive_division",
                                       "dungeon", "houston"])
def test_presenting_shows_the_whole_pseudocode_to_the_class(size, algorithm, words_of):
    """The strip grows (up to CODE_STRIP_SHARE of the height) until the algorithm's pseudocode of
    up to ten lines shows whole at 100 % text: it showed two of nine lines at 1024 x 768, with
    "... 5 more rows above", while the side panel showed them all. The board keeps most of the room."""
    from visualizer.app.layout import CODE_STRIP_SHARE
    from visualizer.app.words import MORE

    shell, surface = paused_mid_run(size, Arrangement.PRESENTING, algorithm)
    code = shell.scene.teaching().code
    said = [words_of[id(source)][0] for source, _ in surface.blits if id(source) in words_of]
    assert not [words for words in said if words.startswith(MORE) and "rows" in words], "a row of the code hidden"
    assert all(any(line.strip() in words for words in said) for line in code)
    assert shell.panel_rect().height <= size[1] * CODE_STRIP_SHARE
    assert shell.view_rect().height >= size[1] * 0.5
