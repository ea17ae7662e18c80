"""Two windows on one save: the second is told the save is in use and never writes it; a lock a
crashed window left is taken over."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from helpers import key
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.shell import Shell
from visualizer.play import save_lock
from visualizer.play.game import Game
from visualizer.play.save import save_game
from visualizer.run.spec import MazeSpec

ROOT = Path(__file__).resolve().parents[2]

OTHER_WINDOW = """
import sys, time
from pathlib import Path
from visualizer.play.save_lock import claim
assert claim(Path(sys.argv[1])).ours
print("holding", flush=True)
time.sleep(120)
"""


@pytest.fixture
def other_window(tmp_path):
    """Another process holding the save in ``tmp_path`` (as a second window would)."""
    holder = subprocess.Popen([sys.executable, "-c", OTHER_WINDOW, str(tmp_path / "save.json")], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "holding\n"
    yield holder
    holder.kill()
    holder.wait()


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_a_save_is_held_by_one_holder_at_a_time(tmp_path):
    save = tmp_path / "save.json"
    assert save_lock.claim(save).ours
    second = save_lock.claim(save)
    assert not second.ours and "in use" in second.why
    save_lock.release(save)
    assert not save_lock.lock_path(save).exists()
    assert save_lock.claim(save).ours
    save_lock.release(save)


def test_a_live_window_of_another_process_keeps_its_lock(tmp_path, other_window):
    save = tmp_path / "save.json"
    before = save_lock.lock_path(save).read_bytes()
    refused = save_lock.claim(save)
    assert not refused.ours
    assert f"process {other_window.pid}" in refused.why and str(save_lock.lock_path(save)) in refused.why
    assert save_lock.lock_path(save).read_bytes() == before


def test_a_lock_whose_window_crashed_is_taken_over(tmp_path, other_window):
    save = tmp_path / "save.json"
    other_window.kill()  # kill -9: the lock stays behind
    other_window.wait()
    assert save_lock.lock_path(save).exists()
    assert save_lock.claim(save).ours
    assert save_lock.read_holder(save_lock.lock_path(save))[0] == save_lock.me()
    save_lock.release(save)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="start times come from /proc (Linux)")
def test_a_pid_reused_by_another_program_does_not_keep_the_lock(tmp_path):
    save = tmp_path / "save.json"
    reused = save_lock.Holder(os.getppid(), "1", save_lock.this_host())  # alive, but started at another time
    save_lock.lock_path(save).write_text(reused.line())
    assert save_lock.claim(save).ours
    save_lock.release(save)


@pytest.mark.parametrize("text, taken", [("", True), (f"{10**9} - {{host}}\n", True),
                                          ("1 - some-other-host\n", False), ("not a lock at all", False)])
def test_odd_locks(tmp_path, text, taken):
    save = tmp_path / "save.json"
    save_lock.lock_path(save).write_text(text.replace("{host}", save_lock.this_host()))
    assert save_lock.claim(save).ours is taken
    save_lock.release(save)


holders = st.builds(save_lock.Holder, st.integers(1, 2**31), st.from_regex(r"[0-9]{1,20}|-", fullmatch=True),
                    st.from_regex(r"[A-Za-z0-9.\-]{1,60}", fullmatch=True))


@given(holders)
def test_a_lock_line_reads_back_as_its_holder(holder):
    assert save_lock.Holder.parse(holder.line()) == holder


# --- the play scene ------------------------------------------------------------------------------


def a_save(folder: Path) -> Path:
    game = Game.new_level(3, MazeSpec("backtracker", "square", 1, 1, 3002))
    game.move(next(d for d in range(4) if game.maze.is_open(game.position, d)))
    return save_game(game, folder / "save.json")


def play_window(screen, mode="new"):
    spec = MazeSpec("backtracker", "square", 12, 8, 1000)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode=mode)
    app.frame([], 0)
    return app


@pytest.mark.parametrize("mode", ["new", "continue"])
def test_a_second_window_is_told_the_save_is_in_use_and_never_writes_it(screen, data, other_window, mode):
    save = a_save(data)
    before = sorted((p.name, p.read_bytes()) for p in data.iterdir())
    app = play_window(screen, mode)
    assert "in use" in app.shown_message() and f"process {other_window.pid}" in app.shown_message()
    assert app.scene.game is None  # the other window's game is not continued here
    box = "\n".join(app.scene.screen_lines())
    assert "Saving is off in this window" in box and "continue" not in box and "back to" not in box
    for code in (pygame.K_c, pygame.K_RETURN, pygame.K_b):
        key(app, code)
        assert app.scene.game is None and "in use" in app.shown_message()
    key(app, pygame.K_n)  # a new game is played, not saved
    assert app.scene.game is not None
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    app.quit()
    assert sorted((p.name, p.read_bytes()) for p in data.iterdir()) == before
    assert save.exists()


def test_the_window_that_holds_the_save_saves_and_gives_the_lock_back(screen, data):
    a_save(data)
    app = play_window(screen, "continue")
    assert app.scene.game is not None and save_lock.lock_path(data / "save.json").exists()
    before = (data / "save.json").read_bytes()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    time.sleep(0.01)
    app.quit()
    assert not save_lock.lock_path(data / "save.json").exists()
    assert (data / "save.json").read_bytes() != before  # its progress was saved
