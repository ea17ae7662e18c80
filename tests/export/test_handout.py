"""Lesson handouts: a page per slide with the board at its stop, its caption, and the pseudocode and
sentence the window shows there."""

import math

import pytest

from visualizer.cli import main
from visualizer.export import handout
from visualizer.run.lesson import find_lesson, parse_lesson, shipped_lessons
from visualizer.run.lesson_run import slide_run
from visualizer.run.teaching import Teacher

LESSON = """
title = "Two slides"

[[slide]]
algorithm = "kruskal"
size = "6x5"
seed = 4
stop = { event = 20 }
caption = "Kruskal halfway: sets merge."
note = "Ask which wall goes next."

[[slide]]
scene = "compare"
algorithms = ["prim", "wilson"]
size = "6x5"
seed = 4
stop = "end"
caption = "Two finished mazes."
"""


@pytest.fixture
def written(monkeypatch):
    """Every line of text the handout writes, with whether it is bold."""
    lines = []
    plain = handout.text

    def recording(page, xy, words, size, colour, bold=False, anchor="la"):
        lines.append((words, bold))
        plain(page, xy, words, size, colour, bold, anchor)

    monkeypatch.setattr(handout, "text", recording)
    return lines


def pages(data: bytes) -> int:
    return data.count(b"/Type /Page\n") + data.count(b"/Type /Page/") + data.count(b"/Type /Page ")


def test_a_page_per_slide_with_its_caption_code_and_sentence(written):
    lesson = parse_lesson(LESSON)
    data = handout.handout_bytes(lesson)
    assert data.startswith(b"%PDF") and pages(data) == 2
    words = [w for w, _ in written]
    joined = " ".join(words)
    assert "Kruskal halfway: sets merge." in joined and "Two finished mazes." in joined
    assert "Slide 1 of 2" in words and "Slide 2 of 2" in words
    run = slide_run(lesson.slides[0])
    teacher = Teacher(run)
    teacher.catch_up(math.inf)
    lit = teacher.narration.code[teacher.narration.lit].strip()
    assert (lit, True) in written, "the lit line is written in bold"
    assert teacher.narration.sentences[-1].split()[-1] in joined
    assert "Note:" not in joined, "the class's copy has no teacher's notes"
    assert "Prim's" in words and "Wilson's" in words


def test_the_teachers_copy_has_the_notes(written):
    handout.handout_bytes(parse_lesson(LESSON), notes=True)
    assert any("Ask which wall goes next." in w for w, _ in written)


def test_the_board_is_drawn_at_the_slides_stop(monkeypatch):
    drawn = []
    plain = handout.board_png

    def recording(run, slide, size, theme):
        drawn.append(run.position)
        return plain(run, slide, size, theme)

    monkeypatch.setattr(handout, "board_png", recording)
    lesson = parse_lesson(LESSON)
    handout.handout_bytes(lesson)
    finished = [slide_run(lesson.slides[1].__class__(spec=lesson.slides[1].spec.with_(algorithm=a, params={})))
                .position for a in ("prim", "wilson")]
    assert drawn == [20, *finished]


def test_the_same_lesson_gives_the_same_bytes():
    lesson = parse_lesson(LESSON)
    assert handout.handout_bytes(lesson) == handout.handout_bytes(lesson)


@pytest.mark.parametrize("name", sorted(shipped_lessons()))
def test_every_shipped_lesson_makes_a_handout(name, tmp_path, capsys):
    out = tmp_path / "handout.pdf"
    assert main(["lesson", name, "--handout", str(out), "--paper", "letter"]) == 0
    assert pages(out.read_bytes()) == len(find_lesson(name).slides)
    assert capsys.readouterr().out.strip().endswith("pages")


@pytest.mark.parametrize("argv, words", [
    (["lesson", "depth-first", "--handout", "{dir}/missing/h.pdf"], "does not exist"),
    (["lesson", "depth-first", "--notes"], "go with --handout"),
])
def test_handout_mistakes_are_one_line_before_any_work(argv, words, tmp_path, capsys, monkeypatch):
    def never(*_):
        raise AssertionError("work began before the options were checked")

    monkeypatch.setattr(handout, "handout_bytes", never)
    assert main([w.format(dir=tmp_path) for w in argv]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and words in err[0]
