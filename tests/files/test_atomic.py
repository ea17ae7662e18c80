"""A save killed mid-way (kill -9) leaves its temp file; the next save into the same folder, of any file,
clears such leftovers of this program once they are a minute old, and never anyone else's."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.files import atomic

ROOT = Path(__file__).resolve().parents[2]

HANGING_WRITER = """
import os, sys, time
from visualizer.files import atomic
os.fsync = lambda fd: time.sleep(600)  # the data is in the temp file; the rename never comes
atomic.write_atomic(sys.argv[1], b"x" * 100_000)
"""


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def killed_save(folder: Path) -> Path:
    """The temp file a save killed with -9 leaves behind."""
    writer = subprocess.Popen([sys.executable, "-c", HANGING_WRITER, str(folder / "big.svg")], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 30
    while not (left := list(folder.iterdir())):
        assert time.monotonic() < deadline and writer.poll() is None
        time.sleep(0.05)
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=10)
    [leftover] = left
    assert leftover.name.startswith(".big.svg.") and leftover.name.endswith(atomic.TEMP_MARK)
    return leftover


def test_a_later_save_of_another_file_clears_what_a_killed_save_left(tmp_path):
    leftover = killed_save(tmp_path)
    assert main(["generate", "-s", "3x2", "-o", str(tmp_path / "small.txt")]) == 0
    assert leftover.exists()  # under a minute old: perhaps a save still running elsewhere
    age(leftover, atomic.STALE_AFTER + 5)
    assert main(["generate", "-s", "3x2", "-o", str(tmp_path / "other.txt")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.txt", "small.txt"]


def test_only_our_leftovers_whose_writer_is_gone_are_cleared(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    gone_pid = int(dead.stdout)
    names = {
        f".a.png.{gone_pid}.abcd_123{atomic.TEMP_MARK}": False,  # ours, writer gone: cleared
        f".b.png.{os.getpid()}.abcd_123{atomic.TEMP_MARK}": True,  # a save of this process: kept
        f".c.png.{os.getppid()}.abcd_123{atomic.TEMP_MARK}": True,  # a live writer (a long export): kept
        ".d.png.abcd1234.tmp": True,  # the old naming, another target: maybe not ours, kept
        f".e.png.{gone_pid}.abcd_123.other-program.tmp": True,
        "notes.tmp": True,
    }
    for name in names:
        (tmp_path / name).write_text("partial")
        age(tmp_path / name, 3600)
    (tmp_path / f".dir.{gone_pid}.abcd_123{atomic.TEMP_MARK}").mkdir()  # not a regular file: kept
    assert main(["generate", "-s", "3x2", "-o", str(tmp_path / "maze.txt")]) == 0
    kept = {p.name for p in tmp_path.iterdir()}
    assert kept == {name for name, stays in names.items() if stays} | {"maze.txt", f".dir.{gone_pid}.abcd_123"
                                                                       f"{atomic.TEMP_MARK}"}


def test_a_name_near_the_length_limit_is_still_written(tmp_path):
    name = "m" * 250 + ".txt"  # its temp file's name would be over 255 bytes uncut
    assert main(["generate", "-s", "3x2", "-o", str(tmp_path / name)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == [name]


target_names = st.text(st.characters(blacklist_characters="/\0", blacklist_categories=("Cs",)), min_size=1) \
    .filter(lambda name: len(name.encode()) <= 255 and name not in (".", ".."))


@given(target_names, st.text("abcdefghijklmnopqrstuvwxyz0123456789_", min_size=8, max_size=8))
def test_every_temp_name_is_ours_and_fits_a_file_name(name, random_part):
    temp = atomic.temp_prefix(name) + random_part + atomic.TEMP_MARK
    assert len(temp.encode()) <= 255
    assert atomic.OUR_TEMP.fullmatch(temp)
    assert not atomic.is_stale(temp, name)  # this process wrote it: never stale while it runs


@given(target_names)
def test_no_name_without_our_mark_is_taken_for_ours(name):
    if not name.endswith(atomic.TEMP_MARK):
        assert not atomic.OUR_TEMP.fullmatch(name)


def test_a_file_written_in_pieces_is_whole_and_a_failed_piece_leaves_the_old_file(tmp_path):
    """A streamed export (an SVG written as it is made) is all its pieces in order; if making a
    piece fails half way, the file that was there is untouched and no temp file stays."""
    target = tmp_path / "maze.svg"
    atomic.write_atomic(target, iter(["<svg>", b"<g/>", "</svg>\n"]))
    assert target.read_text() == "<svg><g/></svg>\n"

    def broken():
        yield "<svg>"
        raise MemoryError("out of memory half way")

    try:
        atomic.write_atomic(target, broken())
    except MemoryError:
        pass
    assert target.read_text() == "<svg><g/></svg>\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["maze.svg"]
