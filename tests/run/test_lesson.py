"""Lesson files: every mistake is one line naming the file and slide; what is written reads back."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import main
from visualizer.core.names import unknown
from visualizer.grids import GRIDS
from visualizer.run.lesson import (
    SCENES,
    SHOWS,
    Lesson,
    LessonError,
    Slide,
    Stop,
    dump_lesson,
    find_lesson,
    load_lesson,
    parse_lesson,
    shipped_lessons,
)
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS

GOOD_SLIDE = 'scene = "watch"\nalgorithm = "backtracker"\nsize = "8x6"\nseed = 2\ncaption = "hello"\n'


def lesson_text(*slides: str, head: str = 'title = "T"\n') -> str:
    return head + "".join(f"\n[[slide]]\n{body}" for body in slides)


def test_a_good_lesson_reads_with_its_recipe() -> None:
    lesson = parse_lesson(lesson_text(GOOD_SLIDE + 'stop = { event = 40 }\nshow = ["longest"]\nnote = "n"\n'))
    slide = lesson.slides[0]
    assert slide.spec == MazeSpec(algorithm="backtracker", width=8, height=6, seed=2)
    assert slide.stop == Stop(event=40) and slide.show == {"longest"}
    assert (slide.caption, slide.note) == ("hello", "n")


BAD = [
    ("title = 3\n[[slide]]\n", "title"),
    ('title = "T"\n', "no slides"),
    ('title = "T"\nfoo = 1\n[[slide]]\n', "'foo'"),
    ("title = \"T\n", "not valid TOML"),
    (lesson_text('scene = "film"\n'), "scene 'film'"),
    (lesson_text('algorithm = "quicksort"\n'), "algorithm 'quicksort'"),
    (lesson_text('grid = "sphere"\n'), "sphere"),
    (lesson_text('size = "big"\n'), "size"),
    (lesson_text('size = "1x5"\n'), "size"),
    (lesson_text('size = "900x5"\n'), "size"),
    (lesson_text("seed = -1\n"), "seed"),
    (lesson_text('seed = "x"\n'), "seed"),
    (lesson_text("params = { zz = 1 }\n"), "zz"),
    (lesson_text('params = { winding = "x" }\n'), "winding"),
    (lesson_text('solver = "guess"\n'), "solver 'guess'"),
    (lesson_text("speed = 0\n"), "speed"),
    (lesson_text("speed = true\n"), "speed"),
    (lesson_text('stop = "middle"\n'), "stop"),
    (lesson_text("stop = { event = -3 }\n"), "stop event"),
    (lesson_text('stop = { phase = "rooms" }\n'), "no phases"),
    (lesson_text('algorithm = "dungeon"\nstop = { phase = "party" }\n'), "phase 'party'"),
    (lesson_text('show = ["fireworks"]\n'), "show 'fireworks'"),
    (lesson_text('show = "longest"\n'), "show must be a list"),
    (lesson_text('show = ["solution"]\n'), "no solver"),
    (lesson_text("caption = 4\n"), "caption"),
    (lesson_text('colour = "red"\n'), "'colour'"),
    (lesson_text('algorithm = "wilson"\nalgorithms = ["wilson"]\n'), "not both"),
    (lesson_text('scene = "compare"\nalgorithms = ["wilson"]\n'), "at least two"),
    (lesson_text('algorithms = ["wilson", "prim"]\n'), "one algorithm"),
    (lesson_text('algorithm = "binary_tree"\ngrid = "triangle"\n'), "triangle"),
    (lesson_text('scene = "compare"\nalgorithms = ["wilson", "prim"]\nshow = ["distances"]\n'),
     "a compare slide can show solution, not distances"),
    (lesson_text('scene = "lab"\nalgorithms = ["wilson", "prim"]\nsolver = "bfs"\nshow = ["solution"]\n'),
     "a lab slide can show nothing, not solution"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_a_bad_lesson_is_one_line_naming_file_and_fault(text: str, words: str) -> None:
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "bad.toml")
    message = str(caught.value)
    assert message.startswith("bad.toml: ") and "\n" not in message and words in message, message


def test_the_faulty_slide_is_named() -> None:
    with pytest.raises(LessonError, match=r"^x.toml: slide 3: unknown solver"):
        parse_lesson(lesson_text(GOOD_SLIDE, GOOD_SLIDE, 'solver = "nope"\n'), "x.toml")


def test_missing_and_unreadable_files_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match="no such lesson file"):
        load_lesson(tmp_path / "gone.toml")
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LessonError, match="bin.toml: cannot read"):
        load_lesson(binary)
    with pytest.raises(LessonError, match="no such lesson or file .*depth-first"):
        find_lesson("no-such-lesson")


def test_three_lessons_ship_and_read() -> None:
    shipped = shipped_lessons()
    assert set(shipped) == {"depth-first", "uniform-vs-biased", "dungeon-phases"}
    for name in shipped:
        lesson = find_lesson(name)
        assert lesson.slides and all(slide.caption for slide in lesson.slides)
    lab = find_lesson("uniform-vs-biased").slides[-1]
    assert lab.scene == "lab" and set(lab.algorithms) == {"wilson", "aldous_broder", "binary_tree"}
    phases = [slide.stop.phase for slide in find_lesson("dungeon-phases").slides]
    assert phases == ["rooms", "maze", "connect", "prune"]


texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
stops = st.one_of(st.just(Stop()), st.builds(Stop, event=st.integers(0, 10**6)),
                  st.builds(Stop, step=st.integers(0, 10**6)))
slides = st.builds(
    lambda algorithm, w, h, seed, solver, speed, stop, show, caption, note: Slide(
        spec=MazeSpec(algorithm=algorithm, width=w, height=h, seed=seed), solver=solver, speed=speed, stop=stop,
        show=frozenset(s for s in show if s != "solution" or solver), caption=caption, note=note),
    st.sampled_from([name for name in ALGORITHMS if name != "dungeon"]), st.integers(4, 40), st.integers(4, 40),
    st.integers(0, 10**9), st.one_of(st.none(), st.sampled_from(list(SOLVERS))),
    st.one_of(st.none(), st.floats(0.5, 1e6)), stops, st.sets(st.sampled_from(SHOWS)), texts, texts)


@settings(max_examples=60, deadline=None)
@given(title=texts.filter(str.strip), body=st.lists(slides, min_size=1, max_size=4))
def test_a_written_lesson_reads_back_equal(title: str, body: list[Slide]) -> None:
    lesson = Lesson(title, tuple(body), "t.toml")
    assert parse_lesson(dump_lesson(lesson), "t.toml") == lesson


@settings(max_examples=40, deadline=None)
@given(positions=st.lists(st.integers(0, 10**5), min_size=1, max_size=8), seed=st.integers(0, 10**6))
def test_bookmarks_saved_as_a_lesson_read_back_to_the_same_stops(positions: list[int], seed: int) -> None:
    from visualizer.run.lesson import lesson_from_bookmarks

    spec = MazeSpec(algorithm="prim", width=12, height=9, seed=seed)
    lesson = lesson_from_bookmarks("Marked", spec, positions, speed=50.0)
    back = parse_lesson(dump_lesson(lesson), "marked.toml")
    assert [slide.stop.event for slide in back.slides] == sorted(set(positions))
    assert all(slide.spec == spec and slide.speed == 50.0 for slide in back.slides)


def test_no_bookmarks_is_an_error_not_an_empty_lesson() -> None:
    from visualizer.run.lesson import lesson_from_bookmarks

    with pytest.raises(ValueError, match="no bookmarks"):
        lesson_from_bookmarks("Marked", MazeSpec(), [])


def test_saving_never_overwrites_a_lesson(tmp_path: Path) -> None:
    from visualizer.run.lesson import lesson_from_bookmarks, save_lesson

    first = save_lesson(lesson_from_bookmarks("A", MazeSpec(), [3]), tmp_path)
    second = save_lesson(lesson_from_bookmarks("B", MazeSpec(), [5]), tmp_path)
    assert first != second
    assert load_lesson(first).title == "A" and load_lesson(second).title == "B"


@pytest.mark.parametrize("kind", ["fifo", "device", "huge", "binary"])
def test_a_lesson_that_is_no_regular_small_text_file_is_refused_in_one_line_without_hanging(kind, tmp_path, capsys):
    """A FIFO in a lesson's place would block the reader and /dev/zero never ends: both used to hang."""
    import os

    path = tmp_path / "lesson.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge":
        path.write_text("# " + "x" * (1 << 20) + "\n")
    elif kind == "binary":
        path.write_bytes(b"title = \"\xff\xfe\"\n")
    target = "/dev/zero" if kind == "device" else str(path)
    assert main(["lesson", target]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and target in err


def test_every_scene_says_what_it_shows() -> None:
    from visualizer.run.lesson import SCENE_SHOWS, SCENES

    assert set(SCENE_SHOWS) == set(SCENES) and all(shows <= set(SHOWS) for shows in SCENE_SHOWS.values())


NAMED = [("algorithm", ALGORITHMS), ("solver", SOLVERS), ("grid", GRIDS), ("scene", SCENES)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMED).flatmap(lambda pair: st.tuples(st.just(pair[0]), st.sampled_from(sorted(pair[1])))))
def test_a_misspelt_name_in_a_slide_is_refused_with_the_name_meant(key_and_name) -> None:
    """A slide's name with its last letter lost is refused in one line that suggests the name the
    teacher meant, as ``-a`` on the command line does (the same helper words both)."""
    key, name = key_and_name
    with pytest.raises(LessonError) as caught:
        parse_lesson(f'[[slide]]\n{key} = "{name[:-1]}"\n', "typo.toml")
    message = str(caught.value)
    meant = message.partition("(did you mean ")[2].partition("?)")[0].split(" or ")
    assert name in meant and "\n" not in message, message
    assert message.endswith(unknown(key, name[:-1], NAMED[[k for k, _ in NAMED].index(key)][1]))


def test_a_file_like_name_in_a_slide_is_an_unknown_name_not_a_file() -> None:
    """A slide cannot name a file of one's own: ``my.txt`` is an unknown algorithm, listed names and all."""
    with pytest.raises(LessonError, match=r"unknown algorithm 'my.txt'; choose one of: backtracker"):
        parse_lesson('[[slide]]\nalgorithm = "my.txt"\n', "x.toml")
