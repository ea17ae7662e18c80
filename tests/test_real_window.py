"""The app in a real X window (Xvfb): keys and mouse sent with xdotool, screenshot by the app's F12.

The app reports what it shows through ``MAZE_VISUALIZER_STATE_FILE`` (rewritten after each frame
with input), so the test can aim the mouse at a cell and check what happened.
"""

import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pygame
import pytest

from visualizer.render.palette import CODE_LIT
from visualizer.render.themes import DARK

NEEDED = ("Xvfb", "xdotool")
missing = [tool for tool in NEEDED if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(bool(missing), reason=f"needs {' and '.join(missing)} (apt-get install xvfb xdotool)")
SCREEN = (1400, 900)


def wait_for(predicate, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def display():
    yield from xvfb(SCREEN)


@pytest.fixture
def small_display():
    """A 1024 x 768 screen: a classroom projector's."""
    yield from xvfb((1024, 768))


def xvfb(size):
    """A server of this test's own: a number from the pid, the next one when Xvfb exits at once
    because another server holds it (with -displayfd the app's window never appeared here)."""
    for attempt in range(5):
        number = 90 + (os.getpid() + attempt * 101) % 500
        server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{size[0]}x{size[1]}x24",
                                   "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = f"/tmp/.X11-unix/X{number}"
        if wait_for(lambda server=server, socket=socket: server.poll() is not None or os.path.exists(socket), 10):
            time.sleep(0.3)
            if server.poll() is None:
                break
        server.kill()
        server.wait(10)
    else:
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(10)


class Window:
    """The running app: send it input with xdotool, read what it reports."""

    def __init__(self, display, tmp_path, *args):
        self.env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
        self.state_file = tmp_path / "state.json"
        self.folder = tmp_path
        self.env.update(DISPLAY=display, MAZE_VISUALIZER_SCREENSHOTS=str(tmp_path), SDL_AUDIODRIVER="dummy",
                        MAZE_VISUALIZER_STATE_FILE=str(self.state_file), MAZE_VISUALIZER_DATA=str(tmp_path))
        self.app = subprocess.Popen([sys.executable, "-m", "visualizer", *args], env=self.env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # A loaded machine (CI runs two workers) can take its time starting Python, numpy and SDL:
        # waiting longer costs a passing run nothing.
        appeared = wait_for(lambda: self.find_window() is not None, timeout=60.0)
        assert appeared, "the window never appeared: " + (self.app.kill() or self.app.communicate()[1].decode()[-800:])

    def find_window(self):
        found = subprocess.run(["xdotool", "search", "--pid", str(self.app.pid)], env=self.env,
                               capture_output=True, text=True)
        return found.stdout.split()[0] if found.stdout.split() else None

    def window_id(self):
        """The app's window; on a loaded machine a search can miss it for a moment (while the
        window is mapped again after a mode change), so it is searched for up to 10 s."""
        end = time.monotonic() + 10.0
        while (found := self.find_window()) is None and time.monotonic() < end:
            time.sleep(0.2)
        assert found is not None, "the window is gone"
        return found

    def xdo(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True)

    def key(self, name):
        self.xdo("windowfocus", "--sync", self.window_id(), "key", name)

    def state(self):
        try:
            return json.loads(self.state_file.read_text())
        except (OSError, ValueError):
            return {}

    def after(self, action, check, timeout=10.0):
        """Do ``action`` and wait until the reported state satisfies ``check``."""
        self.state_file.unlink(missing_ok=True)
        action()
        assert wait_for(lambda: bool(self.state()) and check(self.state()), timeout), self.state()
        return self.state()

    def click_at(self, x, y, button=1):
        origin = self.origin()
        self.xdo("mousemove", "--sync", str(origin[0] + x), str(origin[1] + y), "click", str(button))

    def origin(self):
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window_id()], env=self.env,
                             capture_output=True, text=True).stdout
        fields = dict(line.split("=", 1) for line in out.split())
        return int(fields["X"]), int(fields["Y"])

    def screenshot(self):
        """F12, and the picture lands in the screenshot folder."""
        self.key("F12")
        assert wait_for(lambda: any(self.folder.glob("*.png"))), "no screenshot was saved"

    def shot(self):
        return pygame.image.load(str(next(self.folder.glob("*.png"))))

    def quit(self):
        """Q, and the app ends cleanly."""
        self.key("q")
        assert self.app.wait(20) == 0

    def close(self):
        if self.app.poll() is None:
            self.app.kill()


def test_real_window_runs_and_saves_a_screenshot(display, tmp_path):
    window = Window(display, tmp_path, "--size", "24x16", "--seed", "5", "--speed", "400")
    try:
        time.sleep(2.0)  # let it generate for a while
        window.screenshot()
        window.quit()
    finally:
        window.close()
    shot = window.shot()
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, shot.get_width(), 7)
               for y in range(0, shot.get_height(), 7)}
    assert shot.get_width() >= 640 and len(colours) > 5, "the screenshot looks blank"


def test_fullscreen_click_zoom_and_scrub_in_a_real_window(display, tmp_path):
    window = Window(display, tmp_path, "--size", "20x12", "--seed", "3", "--speed", "instant")
    try:
        time.sleep(1.5)
        state = window.after(lambda: window.key("End"), lambda s: s["total"] and s["position"] == s["total"])
        assert state["window"][0] <= SCREEN[0] and state["window"][1] <= SCREEN[1]
        state = window.after(lambda: window.key("F11"), lambda s: s["fullscreen"])
        assert state["window"] == list(SCREEN)
        state = window.after(lambda: window.key("F11"), lambda s: not s["fullscreen"])
        assert state["window"][0] < SCREEN[0]
        cell = 37
        x, y = state["cells"][cell]
        state = window.after(lambda: window.click_at(x, y), lambda s: s["endpoints"][0] == cell)
        before = state["cell_pixels"]
        state = window.after(lambda: window.click_at(x, y, 4), lambda s: s["cell_pixels"] > before)
        assert state["cells"][cell] == pytest.approx([x, y], abs=state["cell_pixels"] / 2)
        left, top, width, height = state["scrub"]
        total = state["total"]
        state = window.after(lambda: window.click_at(left + width // 2, top + height // 2),
                             lambda s: s["position"] < total)
        assert abs(state["position"] - total / 2) <= total / width + 1
        window.quit()
    finally:
        window.close()


@pytest.mark.parametrize("algorithm", ["kruskal", "wilson", "dungeon"])
def test_a_paused_run_explains_its_step_on_a_projector_screen(small_display, tmp_path, algorithm):
    """Paused at 1024 x 768, the teaching panel shows the newest sentence whole and the running
    pseudocode line on its bright bar (checked in the app's own screenshot)."""
    window = Window(small_display, tmp_path, "-a", algorithm, "--size", "18x12", "--seed", "4", "--speed", "500")
    try:
        time.sleep(1.0)
        window.key("space")
        for _ in range(4):
            state = window.after(lambda: window.key("Right"), lambda s: s["teaching"] and s["teaching"]["lit"] >= 0)
        teaching = state["teaching"]
        assert teaching["sentence"] and teaching["sentence_whole"] and teaching["line"].strip()
        window.screenshot()
        window.quit()
    finally:
        window.close()
    shot = window.shot()
    left, top, width, height = state["panel"]
    lit = sum(1 for x in range(left, left + width, 2) for y in range(top, top + height, 2)
              if tuple(shot.get_at((x, y)))[:3] == CODE_LIT)
    assert lit > width * 3, f"no highlighted pseudocode line in the panel ({lit} samples)"


def test_four_compare_panes_fit_a_projector_screen(small_display, tmp_path):
    """``compare`` with four algorithms at 1024 x 768: four boards and four figure panels, all inside
    the window and beside (never under) the side panel; each board shows a finished maze."""
    window = Window(small_display, tmp_path, "compare", "-a", "backtracker", "-a", "prim", "-a", "kruskal", "-a",
                    "wilson", "--size", "16x12", "--seed", "3", "--speed", "instant")
    try:
        time.sleep(1.5)
        state = window.after(lambda: window.key("shift"),
                             lambda s: s.get("panes") and all(p["done"] for p in s["panes"]))
        window.screenshot()
        window.key("Escape")
        window.quit()
    finally:
        window.close()
    shot = window.shot()
    width, height = state["window"]
    assert width <= 1024 and height <= 768
    whole = pygame.Rect(0, 0, width, height)
    panel = pygame.Rect(state["panel"])
    panes = state["panes"]
    assert [p["algorithm"] for p in panes] == ["backtracker", "prim", "kruskal", "wilson"]
    for pane in panes:
        for part in ("title", "board", "figures"):
            rect = pygame.Rect(pane[part])
            assert whole.contains(rect) and not rect.colliderect(panel), (part, rect)
        board = pygame.Rect(pane["board"])
        colours = {tuple(shot.get_at((x, y)))[:3] for x in range(board.left, board.right, 3)
                   for y in range(board.top, board.bottom, 3)}
        assert DARK.floor in colours and DARK.wall in colours, "a board without a maze"
        figures = pygame.Rect(pane["figures"])
        inked = sum(1 for x in range(figures.left, figures.right, 2) for y in range(figures.top, figures.bottom, 2)
                    if sum(tuple(shot.get_at((x, y)))[:3]) > 400)
        assert inked > 20, "a pane without its figures"


def deep_nesting(path):
    path.write_text('{"format": "maze-visualizer-save", "level": ' + "[" * 1000 + "]" * 1000 + "}")


def huge_integer(path):
    path.write_text('{"format": "maze-visualizer-save", "version": 1, "level": ' + "9" * 5000 + "}")


def fifo(path):
    os.mkfifo(path)


def device_link(path):
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize("damage", [deep_nesting, huge_integer, fifo, device_link])
def test_play_continue_on_a_damaged_save_starts_afresh_in_a_real_window(small_display, tmp_path, damage):
    """``play --continue`` with a save that is nested 1,000 deep, holds a 5,000-digit number, is a
    FIFO or a link to /dev/zero: the window opens at once, says in one line what was wrong, sets
    the file aside, and a fresh game starts and plays; quitting exits 0 with nothing on stderr but
    the audio driver's own lines."""
    save = tmp_path / "save.json"
    damage(save)
    window = Window(small_display, tmp_path, "play", "--continue", "--seed", "3")
    try:
        state = window.after(lambda: window.key("Right"), lambda s: s.get("scene") == "play", timeout=15)
        assert state["message"] and "\n" not in state["message"] and len(state["message"]) <= 200
        assert "could not be used" in state["message"] and "save.json.bad-" in state["message"], state["message"]
        assert state["stage"] == "start"  # the start screen: N begins a new game
        state = window.after(lambda: window.key("n"), lambda s: s.get("stage") == "playing")
        assert state["level"] == 1
        window.after(lambda: window.key("Escape"), lambda s: s.get("scene") == "watch")  # save and leave play
        window.quit()
    finally:
        window.close()
    err = window.app.stderr.read().decode()
    assert "Traceback" not in err and "Error" not in err, err[-800:]
    assert list(tmp_path.glob("save.json.bad-*")), "the damaged save was not set aside"
    assert json.loads(save.read_text())["level"] == 1  # the fresh game was saved in its place



def test_a_two_player_race_starts_in_a_real_window(small_display, tmp_path):
    """``play --players 2``: the window opens on the race at once (two players, nobody has won),
    leaving it saves nothing, and quitting exits 0 without a traceback."""
    window = Window(small_display, tmp_path, "play", "--players", "2", "--seed", "3")
    try:
        state = window.after(lambda: window.key("Right"), lambda s: s.get("scene") == "play", timeout=15)
        assert state["players"] == 2 and state["stage"] == "playing" and state["winner"] == -1, state
        window.after(lambda: window.key("d"), lambda s: s.get("players") == 2)  # player 2's key, the same window
        window.after(lambda: window.key("Escape"), lambda s: s.get("scene") == "watch")
        window.quit()
    finally:
        window.close()
    err = window.app.stderr.read().decode()
    assert "Traceback" not in err, err[-800:]
    assert not (tmp_path / "save.json").exists()  # a race is never saved


def test_a_quiz_question_is_answered_with_the_mouse_in_a_real_window(small_display, tmp_path):
    """``--quiz``: the run waits on a question; clicking the cells it marks chooses them (each click
    is seen), Enter answers, and the window says right or not quite and counts the answer."""
    window = Window(small_display, tmp_path, "-a", "backtracker", "--size", "10x8", "--seed", "2", "--quiz", "step")
    try:
        state = window.after(lambda: window.key("shift"), lambda s: s.get("quiz") and s["quiz"]["form"] == "cells")
        focus = state["quiz"]["focus"]
        assert focus, state["quiz"]
        for number, cell in enumerate(focus, 1):
            x, y = state["cells"][cell]
            state = window.after(lambda x=x, y=y: window.click_at(x, y),
                                 lambda s, number=number: len(s["quiz"]["selected"]) == number)
        state = window.after(lambda: window.key("Return"), lambda s: s["quiz"]["asked"] == 1)
        assert state["message"].startswith(("Right", "Not quite")), state["message"]
        state = window.after(lambda: window.key("q"), lambda s: s["message"].startswith("Not saved"))
        assert "1 quiz answer (Ctrl+K saves them)" in state["message"], "Q would have lost the answer"
        window.quit()  # the second Q quits
    finally:
        window.close()


def test_clicking_a_wall_of_a_finished_maze_solves_it_again_in_a_real_window(small_display, tmp_path):
    """A solved maze: a click on the wall between two cells opens or closes it, the panel's check
    says the maze is no longer perfect, and the solution is found again at once."""
    window = Window(small_display, tmp_path, "--size", "12x9", "--seed", "5", "--speed", "instant")
    try:
        state = window.after(lambda: window.key("End"), lambda s: s["total"] and s["position"] == s["total"])
        window.after(lambda: window.key("s"), lambda s: s["solution"])
        (ax, ay), (bx, by) = state["cells"][40], state["cells"][41]  # side by side in one row
        state = window.after(lambda: window.click_at((ax + bx) // 2, (ay + by) // 2),
                             lambda s: s["edits"] == 1 and s["solution"] is not None)
        assert state["perfect"] is False, state  # a loop opened, or cells cut off
        assert "path of" in state["message"] or "no way through" in state["message"], state["message"]
        window.after(lambda: window.key("ctrl+z"), lambda s: s["edits"] == 0)
        window.quit()
    finally:
        window.close()
    err = window.app.stderr.read().decode()
    assert "Traceback" not in err, err[-800:]


def test_the_exit_arrow_points_at_an_exit_off_screen_in_a_real_window(small_display, tmp_path):
    """The daily maze (level 6's size) followed at 1024 x 768: the exit is off screen, and an arrow
    at the board's edge points from the player towards it, moving as the player moves."""
    window = Window(small_display, tmp_path, "play", "--daily", "2026-12-02")
    try:
        state = window.after(lambda: window.key("Right"), lambda s: s.get("stage") == "playing", timeout=15)
        for _ in range(3):
            arrow = state["exit_arrow"]
            assert arrow is not None, "no arrow towards an exit off screen"
            (px, py), (ex, ey) = state["cells"][state["player"]], state["cells"][state["exit"]]
            turn = (arrow["angle"] - math.atan2(ey - py, ex - px) + math.pi) % (2 * math.pi) - math.pi
            assert abs(turn) < 0.05, (arrow, (px, py), (ex, ey))
            view = pygame.Rect(state["view"])
            assert view.inflate(2, 2).collidepoint(arrow["tip"]) and not view.collidepoint(ex, ey)
            state = window.after(lambda: window.key("Down"), lambda s: bool(s.get("exit_arrow")))
        window.key("Escape")
        window.quit()
    finally:
        window.close()


def test_a_lesson_keeps_theme_and_layout_keys_between_slides_in_a_real_window(small_display, tmp_path):
    """``lesson depth-first`` at 1024 x 768: F7 changes the theme and F10 the layout at once, F5
    goes to the next slide, which opens in the theme and layout chosen; all remembered."""
    window = Window(small_display, tmp_path, "lesson", "depth-first")
    try:
        state = window.after(lambda: window.key("shift"), lambda s: "Slide 1 of 3" in (s.get("message") or ""),
                             timeout=15)
        theme = state["theme"]
        state = window.after(lambda: window.key("F7"), lambda s: s["theme"] != theme)
        theme = state["theme"]
        state = window.after(lambda: window.key("F10"), lambda s: s["layout"] == "presenting")
        assert state["panel"][2] == state["window"][0]  # a full-width strip under the board
        state = window.after(lambda: window.key("F5"), lambda s: "Slide 2 of 3" in (s.get("message") or ""))
        assert (state["theme"], state["layout"]) == (theme, "presenting")
        window.quit()
    finally:
        window.close()
    settings = json.loads(next(pathlib.Path(os.environ["MAZE_VISUALIZER_CONFIG"]).glob("settings.json")).read_text())
    assert (settings["theme"], settings["layout"]) == (theme, "presenting")
