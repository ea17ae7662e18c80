"""The start screen never loses a save: Enter continues, a new game asks first and names what it
replaces, and the replaced game is kept as a backup (B takes it back) until the new one has been
saved twice."""

import json
import os
import tempfile
import time
from pathlib import Path

import pygame
import pytest
from helpers import key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.app.main import open_window
from visualizer.app.scenes.play import CONFIRM_NEW, PLAYING, START
from visualizer.app.shell import Shell as App
from visualizer.play import save as saves
from visualizer.play.backup import KEPT_SUFFIX, backup_path, mark_kept, save_keeping_backup
from visualizer.play.game import Game
from visualizer.run.spec import MazeSpec


def a_save(folder: Path, level: int = 3, played: float = 240.0, name: str = "save.json") -> Path:
    game = Game.new_level(level, MazeSpec("backtracker", "square", 1, 1, 1000 * level + level - 1))
    game.move(next(d for d in range(4) if game.maze.is_open(game.position, d)))
    game.played = played
    path = folder / name
    saves.save_game(game, path)
    return path


def games_on_disk(folder: Path) -> dict[int, int]:
    """Each game in the folder (the save, the backup, dated older backups) by the seed of its level
    1, with the level it has reached."""
    found: dict[int, int] = {}
    for path in folder.glob("save.json*"):
        if ".bad-" in path.name or path.name.endswith((".tmp", KEPT_SUFFIX)):
            continue
        doc = json.loads(path.read_text())
        first = doc["spec"]["seed"] - (doc["level"] - 1)
        found[first] = max(found.get(first, 0), doc["level"])
    return found


def still_there(before: dict[int, int], after: dict[int, int]) -> bool:
    """Every game is still on disk, at its level or further on (playing on is not losing it)."""
    return all(after.get(first, 0) >= level for first, level in before.items())


@pytest.fixture
def small_screen():
    """A small window: these tests press hundreds of keys, and each new scene lays its board out."""
    surface = open_window((480, 300))
    yield surface
    pygame.quit()


def start_screen(screen, mode="new"):
    app = App(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode=mode)
    return app


def shown(app) -> str:
    return "\n".join(app.scene.screen_lines())


def test_enter_continues_the_save_and_the_screen_says_what_it_is(screen, data):
    a_save(data)
    app = start_screen(screen)
    assert app.scene.stage == START
    assert "Saved game: level 3 of 10, 4 min played" in shown(app)
    assert "Enter  or  Space  or  C: continue it" in shown(app)
    key(app, pygame.K_RETURN)
    assert app.scene.stage == PLAYING and app.scene.game.level == 3
    key(app, pygame.K_ESCAPE)
    assert saves.load_game().level == 3


def test_n_asks_first_naming_what_would_be_lost_and_enter_or_esc_keep_the_save(screen, data):
    a_save(data)
    before = (data / "save.json").read_bytes()
    app = start_screen(screen)
    key(app, pygame.K_n)
    assert app.scene.stage == CONFIRM_NEW
    assert "It replaces your saved game: level 3 of 10, 4 min played" in shown(app)
    key(app, pygame.K_ESCAPE)  # back to the start screen, still in play
    assert app.scene.stage == START and (data / "save.json").read_bytes() == before
    key(app, pygame.K_n)
    key(app, pygame.K_RETURN)  # the default: continue the saved game
    assert app.scene.stage == PLAYING and app.scene.game.level == 3


def test_a_new_game_keeps_the_old_one_as_a_backup_that_b_takes_back(screen, data):
    a_save(data)
    app = start_screen(screen)
    key(app, pygame.K_n)
    key(app, pygame.K_y)
    assert app.scene.stage == PLAYING and app.scene.game.level == 1
    assert backup_path(data / "save.json").exists()
    key(app, pygame.K_ESCAPE)  # the new game's first save
    assert saves.load_game().level == 1
    again = start_screen(screen)
    assert "B: back to the game you replaced (level 3 of 10, 4 min played)" in shown(again)
    key(again, pygame.K_b)
    assert again.scene.stage == PLAYING and again.scene.game.level == 3
    assert saves.load_game().level == 3  # the two changed places on disk
    assert saves.load_game(backup_path(data / "save.json")).level == 1


def test_the_backup_goes_once_the_new_game_has_been_saved_twice(data):
    save = a_save(data)
    app_game = Game.new_level(1, MazeSpec())
    os.replace(save, backup_path(save))
    os.utime(backup_path(save))
    save_keeping_backup(app_game, save)
    assert backup_path(save).exists()  # the first save of the new game
    time.sleep(0.05)  # file times tick in steps of a few milliseconds
    save_keeping_backup(app_game, save)
    assert not backup_path(save).exists()


def test_play_continue_with_no_save_takes_the_backup_back(screen, data):
    save = a_save(data)
    os.replace(save, backup_path(save))
    app = start_screen(screen, mode="continue")
    assert app.scene.stage == PLAYING and app.scene.game.level == 3
    assert save.exists() and not backup_path(save).exists()


def test_with_only_a_backup_play_shows_the_start_screen_and_enter_takes_it_back(screen, data):
    save = a_save(data)
    os.replace(save, backup_path(save))
    app = start_screen(screen)
    assert app.scene.stage == START and "The game you replaced: level 3 of 10" in shown(app)
    assert app.scene.legend_keys() == [], "no maze on the board yet: nothing for a legend to explain"
    key(app, pygame.K_RETURN)
    assert app.scene.game.level == 3 and "player" in app.scene.legend_keys()


def test_a_maze_played_with_p_never_replaces_a_backup(screen, data):
    save = a_save(data)
    os.replace(save, backup_path(save))
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    assert app.scene.name == "play" and not app.scene.slot.keeps
    key(app, pygame.K_ESCAPE)
    assert not save.exists() and backup_path(save).exists()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The bytes of a save (level 3) and of a backup (level 5), made once: tests lay them out again."""
    folder = tmp_path_factory.mktemp("made")
    return a_save(folder).read_bytes(), a_save(folder, level=5, name="backup").read_bytes()


def lay_out(folder: Path, files, save: bool, backup: bool) -> None:
    """A fresh folder holding the save, the backup or both (the backup written after the save, as
    when a game was just taken back: the save has not been written since)."""
    for path in folder.glob("save.json*"):
        path.unlink()
    if save:
        (folder / "save.json").write_bytes(files[0])
    if backup:
        (folder / "save.json.replaced").write_bytes(files[1])
    if save and backup:  # dated as take_back dates the game it leaves: kept however often the save is
        mark_kept(folder / "save.json.replaced")


def leave_play(app) -> None:
    """Esc until play is left (the first may only close N's question), and stop a recording (F9)."""
    for _ in range(3):
        if app.scene.name == "play":
            key(app, pygame.K_ESCAPE)
    if app.recorder.recording:  # its writer thread ends with the recording
        app.stop_recording("Recording stopped")


EVERY_KEY = sorted({getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")})


@pytest.mark.parametrize("with_backup", [False, True])
def test_no_single_key_on_the_start_screen_loses_a_save(small_screen, data, files, monkeypatch, with_backup):
    """Every key there is, pressed on the start screen and then Esc until play is left."""
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(data / "shots"))
    for code in EVERY_KEY:
        lay_out(data, files, save=True, backup=with_backup)
        before = games_on_disk(data)
        app = start_screen(small_screen)
        key(app, code)
        leave_play(app)
        assert still_there(before, games_on_disk(data)), pygame.key.name(code)


RELEVANT = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_n, pygame.K_y, pygame.K_c, pygame.K_b,
            pygame.K_ESCAPE, pygame.K_x, pygame.K_r, pygame.K_RIGHT, pygame.K_DOWN]
STARTS = ["save", "save and backup", "backup"]


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.sampled_from(STARTS), presses=st.lists(st.sampled_from(RELEVANT), min_size=2, max_size=3))
def test_no_key_sequence_on_the_start_screen_loses_a_save(small_screen, files, monkeypatch, start, presses):
    """Two or three keys, running ``play`` again whenever one of them left it: every game that was
    on disk is still there (as the save, the backup or a dated older backup)."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        monkeypatch.setenv("MAZE_VISUALIZER_DATA", folder)
        lay_out(data, files, save="save" in start.split(), backup="backup" in start)
        before = games_on_disk(data)
        app = start_screen(small_screen)
        for code in presses:
            if app.scene.name != "play":
                app = start_screen(small_screen)
            key(app, code)
            assert still_there(before, games_on_disk(data)), (start, [pygame.key.name(c) for c in presses])
        leave_play(app)  # what a session ends with: leaving saves the game in hand
        assert still_there(before, games_on_disk(data)), (start, [pygame.key.name(c) for c in presses])


def test_a_new_game_beside_a_lone_backup_never_retires_it(small_screen, data, files):
    """Only the backup on disk (its save gone): N starts a game that replaced nothing, so however
    often that game is saved, the backup stays (hypothesis found N, Esc, Enter, Esc losing it)."""
    lay_out(data, files, save=False, backup=True)
    before = games_on_disk(data)
    app = start_screen(small_screen)
    key(app, pygame.K_n)
    for _ in range(3):
        leave_play(app)
        app = start_screen(small_screen)
        key(app, pygame.K_RETURN)
        assert still_there(before, games_on_disk(data))
    leave_play(app)
    assert still_there(before, games_on_disk(data))


def test_the_game_left_by_taking_another_back_survives_any_number_of_saves(screen, data):
    """B swaps the two games: the one left behind is kept, however often the other is saved."""
    save = a_save(data)
    os.replace(save, backup_path(save))
    a_save(data, level=5)
    app = start_screen(screen)
    key(app, pygame.K_b)
    assert app.scene.game.level == 3
    for _ in range(3):
        time.sleep(0.02)
        save_keeping_backup(app.scene.game, save)
    assert saves.load_game(backup_path(save)).level == 5
    assert os.stat(backup_path(save)).st_mtime < time.time() + 60, "a file dated in the future reads as a bug"


def test_a_kept_backup_from_an_older_version_dated_2100_is_still_kept(data):
    """Backups kept before the mark was a file were dated 2100-01-01: saves still never retire them."""
    save = a_save(data)
    os.replace(save, backup_path(save))
    far = 4_102_444_800 * 10**9
    os.utime(backup_path(save), ns=(far, far))
    again = a_save(data, level=5)
    for _ in range(3):
        save_keeping_backup(saves.load_game(again), again)
    assert saves.load_game(backup_path(save)).level == 3


def test_a_new_game_after_a_kept_backup_dates_it_and_its_mark_goes(data):
    """The next new game moves the kept backup to a dated name; the new backup is not kept, so its
    mark must not linger and keep it for ever."""
    from visualizer.play.backup import kept_path, set_save_aside

    save = a_save(data)
    os.replace(save, backup_path(save))
    mark_kept(backup_path(save))
    a_save(data, level=5)
    set_save_aside(save)
    assert not kept_path(backup_path(save)).exists()
    assert saves.load_game(backup_path(save)).level == 5
    assert any(p.name.startswith("save.json.replaced-") for p in data.iterdir())


def test_a_mark_left_by_a_backup_taken_back_does_not_keep_the_next_backup(data):
    """A kept backup taken back with no save beside it becomes the save, its mark left behind; the
    next new game's backup is an ordinary one, retired by the new game's second save."""
    from visualizer.play.backup import kept_path, set_save_aside, take_back

    save = a_save(data)
    os.replace(save, backup_path(save))
    mark_kept(backup_path(save))
    game, _ = take_back(save)
    assert game is not None and game.level == 3
    set_save_aside(save)
    assert not kept_path(backup_path(save)).exists()
    fresh = Game.new_level(1, MazeSpec("backtracker", "square", 1, 1, 7))
    for _ in range(2):
        time.sleep(0.02)
        save_keeping_backup(fresh, save)
    assert not backup_path(save).exists()
