"""What the play screen adds to walking: breadcrumbs on the board (in fog too) and in first person,
the daily maze, level select on the start screen, and a race between two players."""

from __future__ import annotations

import json
import tempfile
from datetime import date
from pathlib import Path

import numpy as np
import pygame
import pytest
from helpers import key
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from visualizer.app.main import open_window
from visualizer.app.play_extras import CRUMB
from visualizer.app.shell import Shell
from visualizer.play.backup import KEPT_SUFFIX
from visualizer.render.first_person import CRUMB as FP_CRUMB
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

SQUARE_KEY = {0: pygame.K_UP, 1: pygame.K_RIGHT, 2: pygame.K_DOWN, 3: pygame.K_LEFT}


@pytest.fixture
def small_screen():
    surface = open_window((480, 300))
    yield surface
    pygame.quit()


def board_pixels(app) -> np.ndarray:
    return pygame.surfarray.array3d(app.screen.subsurface(app.view_rect()))


def count(pixels: np.ndarray, colour) -> int:
    return int((pixels == np.array(colour)).all(axis=2).sum())


def playing_maze(screen, size=(12, 9), seed=5):
    spec = MazeSpec("backtracker", "square", *size, seed)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="maze", maze=spec.build())
    app.frame([], 0)
    return app


def step_to(app, cell: int) -> None:
    game = app.scene.game
    key(app, SQUARE_KEY[game.maze.grid.direction_between(game.position, cell)])
    assert game.position == cell


def test_k_drops_a_breadcrumb_drawn_on_the_board_in_fog_too_and_k_again_picks_it_up(screen, data):
    app = playing_maze(screen)
    key(app, pygame.K_f)  # fog on
    game = app.scene.game
    path = shortest_path(game.maze)
    step_to(app, path[1])
    assert count(board_pixels(app), CRUMB) == 0
    key(app, pygame.K_k)
    assert game.crumbs == [path[1]]
    step_to(app, path[2])  # off the crumb, so the player does not cover it
    assert count(board_pixels(app), CRUMB) > 10
    step_to(app, path[1])
    key(app, pygame.K_k)
    assert game.crumbs == []
    step_to(app, path[2])
    assert count(board_pixels(app), CRUMB) == 0


def test_a_breadcrumb_shows_on_the_floor_in_first_person(screen, data):
    app = playing_maze(screen)
    key(app, pygame.K_k)  # at the entrance, then look back at it from a step on
    key(app, pygame.K_v)
    game = app.scene.game
    eye = app.scene.eye
    for _ in range(3):  # walk on, then turn round twice to face the crumb
        key(app, pygame.K_UP)
        app.frame([], 1.0)
        if game.position != game.trail[0]:
            break
    turns = 2 if game.maze.grid.directions == 4 else 3
    for _ in range(turns):
        key(app, pygame.K_RIGHT)
        app.frame([], 1.0)
    app.frame([], 1.0)
    assert eye is app.scene.eye
    shown = pygame.surfarray.array3d(app.screen)
    near = (np.abs(shown.astype(int) - np.array(FP_CRUMB)).sum(axis=2) < 40).sum()
    assert near > 20


def test_the_daily_maze_shows_its_date_and_seed_keeps_the_save_and_records_as_its_own(screen, data):
    from helpers import walk_shortest_path

    from visualizer.app.scenes.play import WON
    from visualizer.play.daily import daily_seed
    from visualizer.play.records import Records

    a_save = Shell(MazeSpec(), screen=screen)
    a_save.open_scene("play", spec=MazeSpec(), mode="new")
    key(a_save, pygame.K_ESCAPE)  # a game is saved
    before = (data / "save.json").read_bytes()
    app = Shell(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="daily", day="2026-12-02")
    scene = app.scene
    panel = dict(scene.panel_lines())
    seed = daily_seed(date(2026, 12, 2))
    assert panel["Level"] == "daily maze of 2026-12-02" and panel["Seed"] == f"{seed} (daily, 2026-12-02)"
    scene.game.minotaur = None  # walking straight to the exit, not racing it
    walk_shortest_path(app)
    assert scene.stage == WON
    lines = "\n".join(scene.screen_lines())
    assert "The daily maze of 2026-12-02 solved!" in lines
    assert f"Daily seed {seed}: play --daily 2026-12-02 plays this same maze" in lines
    key(app, pygame.K_RETURN)  # no next level after the daily
    assert scene.stage == WON
    key(app, pygame.K_ESCAPE)
    assert (data / "save.json").read_bytes() == before
    record = Records.load().get(scene.game.spec, scene.game.level, "2026-12-02")
    assert record is not None and record.fewest_moves == scene.game.moves


def reached(data, level: int) -> None:
    from visualizer.play.records import Records

    records = Records.load()
    records.reach(MazeSpec(), level)
    records.save()


def start_screen(screen):
    spec = MazeSpec()
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="new")
    app.frame([], 0)
    return app


def test_l_on_the_start_screen_chooses_a_level_reached_and_enter_starts_it(screen, data):
    from visualizer.app.scenes.play import CHOOSE_LEVEL, PLAYING, START

    reached(data, 5)
    spec = MazeSpec(seed=100)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="new")  # nothing saved: level 1 at once
    app.scene.stage, app.scene.game = START, None
    assert "L: choose a level (1 - 5 reached)" in "\n".join(app.scene.screen_lines())
    key(app, pygame.K_l)
    assert app.scene.stage == CHOOSE_LEVEL and app.scene.chosen_level == 5
    for press in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP, pygame.K_RIGHT, pygame.K_RIGHT,
                  pygame.K_RIGHT):
        key(app, press)
    assert app.scene.chosen_level == 5  # never beyond the level reached
    key(app, pygame.K_LEFT)
    assert "Level 4   (1 - 5 reached)" in "\n".join(app.scene.screen_lines())
    key(app, pygame.K_RETURN)
    game = app.scene.game
    assert app.scene.stage == PLAYING and game.level == 4 and game.first_level == 4
    assert game.spec.seed == 103  # level 4 of the series that starts at seed 100


def test_a_level_chosen_over_a_save_asks_first_and_keeps_the_save_as_the_backup(screen, data):
    from visualizer.app.scenes.play import CONFIRM_NEW, PLAYING, START
    from visualizer.play import save as saves
    from visualizer.play.backup import backup_path

    first = start_screen(screen)
    key(first, pygame.K_ESCAPE)  # a level-1 game saved
    reached(data, 3)
    app = start_screen(screen)
    assert app.scene.stage == START
    key(app, pygame.K_l)
    key(app, pygame.K_RETURN)
    assert app.scene.stage == CONFIRM_NEW
    assert app.scene.screen_lines()[0] == "Start a new game at level 3?"
    key(app, pygame.K_ESCAPE)
    assert app.scene.stage == START and app.scene.chosen_level == 1
    key(app, pygame.K_l)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)
    assert app.scene.stage == PLAYING and app.scene.game.level == 3
    assert saves.load_game(backup_path(data / "save.json")).level == 1


def test_winning_a_level_reaches_the_next_for_level_select(screen, data):
    from helpers import walk_shortest_path

    from visualizer.play.records import Records

    app = start_screen(screen)
    assert Records.load().reached_level(MazeSpec()) == 1
    walk_shortest_path(app)
    assert Records.load().reached_level(MazeSpec()) == 2
    assert Records.load().reached_level(MazeSpec(grid="hex")) == 1  # another grid, its own levels


def a_save(folder: Path, level: int, name: str) -> bytes:
    from visualizer.play import save as saves
    from visualizer.play.game import Game

    game = Game.new_level(level, MazeSpec("backtracker", "square", 1, 1, 1000 * level + level - 1))
    game.move(next(d for d in range(4) if game.maze.is_open(game.position, d)))
    saves.save_game(game, folder / name)
    return (folder / name).read_bytes()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The bytes of a save (level 3) and of a backup (level 5)."""
    folder = tmp_path_factory.mktemp("made")
    return a_save(folder, 3, "save.json"), a_save(folder, 5, "backup")


def lay_out(folder: Path, files, backup: bool) -> None:
    from visualizer.play.backup import mark_kept

    (folder / "save.json").write_bytes(files[0])
    if backup:
        (folder / "save.json.replaced").write_bytes(files[1])
        mark_kept(folder / "save.json.replaced")


def games_on_disk(folder: Path) -> dict[int, int]:
    """Each game in the folder by the seed of its level 1, with the level it has reached."""
    found: dict[int, int] = {}
    for path in folder.glob("save.json*"):
        if ".bad-" not in path.name and not path.name.endswith((".tmp", KEPT_SUFFIX)):
            doc = json.loads(path.read_text())
            first = doc["spec"]["seed"] - (doc["level"] - 1)
            found[first] = max(found.get(first, 0), doc["level"])
    return found


def still_there(before: dict[int, int], after: dict[int, int]) -> bool:
    return all(after.get(first, 0) >= level for first, level in before.items())


def leave_play(app) -> None:
    for _ in range(3):
        if app.scene.name == "play":
            key(app, pygame.K_ESCAPE)


LEVEL_KEYS = [pygame.K_l, pygame.K_2, pygame.K_d, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_y,
              pygame.K_n, pygame.K_c, pygame.K_b, pygame.K_ESCAPE]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(backup=st.booleans(), presses=st.lists(st.sampled_from(LEVEL_KEYS), min_size=2, max_size=5))
@example(backup=False, presses=[pygame.K_l, pygame.K_RETURN])
@example(backup=False, presses=[pygame.K_n, pygame.K_y, pygame.K_ESCAPE])  # the new game saved once: kept
def test_no_key_sequence_through_level_select_loses_a_save(small_screen, files, monkeypatch, backup, presses):
    """With levels reached, level select's keys among the start screen's: every game on disk stays,
    until a new game confirmed over it has been saved twice (then the replaced game's backup may go,
    as docs/playing.md says; whether it does hung on the clock's tick, so only before that is the
    game required)."""
    from visualizer.app.scenes.play import CONFIRM_NEW, PLAYING

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        monkeypatch.setenv("MAZE_VISUALIZER_DATA", folder)
        lay_out(data, files, backup)
        reached(data, 6)
        before = games_on_disk(data)
        app = start_screen(small_screen)
        replaced, new_saves = False, 0
        for code in presses:
            if app.scene.name != "play":
                app = start_screen(small_screen)
            asked = app.scene.stage == CONFIRM_NEW
            playing = app.scene.stage == PLAYING
            key(app, code)
            replaced |= asked and app.scene.name == "play" and app.scene.stage == PLAYING
            new_saves += replaced and playing and app.scene.name != "play"  # left: the new game saved
            if new_saves < 2:
                assert still_there(before, games_on_disk(data)), [pygame.key.name(c) for c in presses]
        new_saves += replaced and app.scene.name == "play" and app.scene.stage == PLAYING
        leave_play(app)
        if new_saves < 2:
            assert still_there(before, games_on_disk(data)), [pygame.key.name(c) for c in presses]


WASD = {0: pygame.K_w, 1: pygame.K_d, 2: pygame.K_s, 3: pygame.K_a}


def test_two_on_the_start_screen_races_a_friend_and_the_win_names_who_got_there_first(screen, data):
    from visualizer.app.scenes.play import PLAYING, WON

    first = start_screen(screen)
    key(first, pygame.K_ESCAPE)  # a game is saved
    before = (data / "save.json").read_bytes()
    app = start_screen(screen)
    assert "2: race a friend on this keyboard (arrows and W A S D)" in "\n".join(app.scene.screen_lines())
    key(app, pygame.K_2)
    scene, race = app.scene, app.scene.race
    assert scene.stage == PLAYING and race is not None and scene.game is race.players[0]
    state = scene.automation_state(app.view_rect())
    assert {key: state[key] for key in ("stage", "level", "players", "winner")} == \
        {"stage": PLAYING, "level": 1, "players": 2, "winner": -1}
    path = shortest_path(race.maze)
    grid = race.maze.grid
    key(app, SQUARE_KEY[grid.direction_between(path[0], path[1])])  # player 1 one step
    assert race.players[0].position == path[1] and race.players[1].position == path[0]
    for a, b in zip(path, path[1:]):  # player 2 all the way
        key(app, WASD[grid.direction_between(a, b)])
    assert race.winner == 1 and scene.stage == WON
    assert scene.screen_lines()[0].startswith("Player 2 (W A S D) wins! Player 1 (arrows) was ")
    key(app, SQUARE_KEY[grid.direction_between(path[1], path[2])])
    assert race.players[0].position == path[1]  # the race is over: nobody moves
    key(app, pygame.K_r)  # the same maze again
    assert scene.stage == PLAYING and race.winner == -1 and race.players[1].position == path[0]
    key(app, pygame.K_ESCAPE)
    assert (data / "save.json").read_bytes() == before  # a race never touches the save


def test_player_two_is_drawn_in_blue_with_a_trail(screen, data):
    from visualizer.app.play_extras import SECOND_PLAYER, SECOND_TRAIL

    app = Shell(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new", players=2)
    race = app.scene.race
    path = shortest_path(race.maze)
    for a, b in zip(path[:4], path[1:4]):
        key(app, WASD[race.maze.grid.direction_between(a, b)])
    pixels = board_pixels(app)
    assert count(pixels, SECOND_PLAYER) > 10 and count(pixels, SECOND_TRAIL) > 10


@pytest.mark.parametrize("args, message", [
    (["--players", "2", "--continue"], "--players 2 cannot be used with --continue"),
    (["--players", "2", "--daily"], "--players 2 cannot be used with --daily"),
    (["--players", "3"], "invalid choice"),
])
def test_play_players_2_refuses_what_a_race_does_not_do_in_one_line(capsys, data, args, message):
    from visualizer.cli import main

    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_v_in_a_race_splits_the_screen_and_each_player_walks_their_own_half(screen, data):
    app = Shell(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new", players=2)
    scene, race = app.scene, app.scene.race
    key(app, pygame.K_v)
    assert scene.split is not None and scene.board_content() is None
    app.frame([], 1.0)
    view = app.view_rect()
    halves = lambda: (pygame.surfarray.array3d(app.screen.subsurface(  # noqa: E731
        pygame.Rect(view.left, view.top, view.width // 2 - 4, view.height))),
        pygame.surfarray.array3d(app.screen.subsurface(
            pygame.Rect(view.centerx + 4, view.top, view.width // 2 - 4, view.height))))
    left, right = halves()
    assert left.std() > 10 and right.std() > 10  # both players' pictures drawn
    entrance = race.maze.entrance[0]
    key(app, pygame.K_w)  # player 2 walks on: the way they face at the entrance is open
    app.frame([], 1.0)
    assert race.players[1].position != entrance and race.players[0].position == entrance
    left_after, right_after = halves()
    assert (left_after == left).all() and not (right_after == right).all()
    key(app, pygame.K_UP)
    app.frame([], 1.0)
    assert race.players[0].position != entrance
    key(app, pygame.K_v)  # back to one board for both
    assert scene.split is None and scene.board_content() is not None


def box_pixels(app) -> np.ndarray:
    """The middle of the board, where the start screen's box is drawn."""
    view = app.view_rect()
    return pygame.surfarray.array3d(app.screen.subsurface(view.inflate(-view.width // 4, -view.height // 3)))


def test_the_level_shown_follows_the_arrows_and_the_question_and_the_game_use_it(screen, data):
    from visualizer.app.scenes.play import CONFIRM_NEW, PLAYING

    first = start_screen(screen)
    key(first, pygame.K_ESCAPE)  # a level-1 game saved
    reached(data, 3)
    app = start_screen(screen)
    key(app, pygame.K_l)
    at_three = box_pixels(app)
    key(app, pygame.K_LEFT)
    at_two = box_pixels(app)
    assert (at_two != at_three).any()  # the box on screen shows the new level, not the first one
    key(app, pygame.K_DOWN)
    assert (box_pixels(app) != at_two).any()
    key(app, pygame.K_UP)
    assert (box_pixels(app) == at_two).all()  # back to level 2, drawn as level 2 was
    key(app, pygame.K_RETURN)
    assert app.scene.stage == CONFIRM_NEW
    assert app.scene.screen_lines()[0] == "Start a new game at level 2?"
    key(app, pygame.K_y)
    assert app.scene.stage == PLAYING and app.scene.game.level == 2


def test_level_one_chosen_is_named_in_the_question_and_n_asks_plainly(screen, data):
    first = start_screen(screen)
    key(first, pygame.K_ESCAPE)
    reached(data, 2)
    app = start_screen(screen)
    key(app, pygame.K_l)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert app.scene.screen_lines()[0] == "Start a new game at level 1?"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_n)
    assert app.scene.screen_lines()[0] == "Start a new game?"


@pytest.mark.parametrize("mode, players", [("new", 2), ("daily", 1)])
def test_a_race_or_the_daily_says_a_save_is_kept_only_when_there_is_one(screen, data, mode, players):
    def opening_message() -> str:
        app = Shell(MazeSpec(), screen=screen)
        app.open_scene("play", spec=MazeSpec(), mode=mode, day="2026-12-02", players=players)
        message = app.shown_message() or ""
        key(app, pygame.K_ESCAPE)
        return message

    nothing_saved = opening_message()
    assert "not saved" in nothing_saved and "saved game is kept" not in nothing_saved
    assert not (data / "save.json").exists()
    a_save = start_screen(screen)
    key(a_save, pygame.K_ESCAPE)  # a game is saved
    assert "your saved game is kept" in opening_message()


def legend_words(app) -> list[str]:
    from visualizer.app.legend import meaning

    return [meaning(entry, label) for entry, label in app.panel_content().legend]


def panel_has(app, colour) -> bool:
    return count(pygame.surfarray.array3d(app.screen.subsurface(app.panel_rect())), colour) > 20


def test_a_race_legend_names_player_1_and_player_2_and_shows_player_2s_colour(screen, data):
    from visualizer.app.play_extras import SECOND_PLAYER

    app = Shell(MazeSpec(seed=11), screen=screen)
    app.open_scene("play", spec=MazeSpec(seed=11), mode="new", players=2)
    app.frame([], 0)
    words = legend_words(app)
    assert "player 1 (arrows)" in words and "player 2 (W A S D)" in words
    assert "you" not in words and "your trail" not in words
    assert panel_has(app, SECOND_PLAYER)


def test_doors_keys_breadcrumbs_and_the_minotaur_are_in_the_legend_while_on_the_board(screen, data):
    from visualizer.app.play_extras import CRUMB, MINOTAUR
    from visualizer.play.game import Game

    app = Shell(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new")
    app.frame([], 0)
    plain = " | ".join(legend_words(app))
    assert "door" not in plain and "minotaur" not in plain and "breadcrumb" not in plain
    assert "you" in legend_words(app)
    app.scene.start(Game.new_level(9, MazeSpec("backtracker", "square", 1, 1, 7)))  # doors and the minotaur
    key(app, pygame.K_k)  # a breadcrumb dropped
    words = " | ".join(legend_words(app))
    for thing in ("door", "key", "breadcrumb", "minotaur"):
        assert thing in words, (thing, words)
    assert panel_has(app, CRUMB) and panel_has(app, MINOTAUR)


def test_both_racers_discs_show_whole_while_they_share_the_entrance(screen, data):
    from visualizer.app.play_extras import SECOND_PLAYER
    from visualizer.render.palette import PLAYER

    app = Shell(MazeSpec(seed=11), screen=screen)
    app.open_scene("play", spec=MazeSpec(seed=11), mode="new", players=2)
    app.frame([], 0)
    race = app.scene.race
    assert race.players[0].position == race.players[1].position
    pixels = board_pixels(app)
    first, second = count(pixels, PLAYER), count(pixels, SECOND_PLAYER)
    assert first > 20 and second >= 0.9 * first, (first, second)  # player 2's disc is not hidden


def test_esc_from_the_play_command_shows_how_the_maze_just_played_was_made(screen, data):
    """`maze-visualizer play` puts a stand-in below the game; Esc on level 2 lands on level 2's
    maze being made, not on level 1's recipe from the command line."""
    from helpers import walk_shortest_path

    command = MazeSpec("backtracker", "square", 8, 6, 40)
    app = Shell(command, screen=screen)
    app.open_from_command("play", spec=command, mode="new")
    scene = app.scene
    scene.game.minotaur = None
    walk_shortest_path(app)
    key(app, pygame.K_RETURN)  # on to level 2
    played = scene.game.spec
    assert scene.game.level == 2 and played != command
    key(app, pygame.K_ESCAPE)
    watch = app.scene
    assert watch is app.base and watch.spec == played
    watch.run.finish_generation()
    assert watch.run.maze.same_as(scene.game.maze)
    assert app.shown_message().startswith("The maze you played, made again step by step: P goes back")
    key(app, pygame.K_p)  # back to the game: the save, level 2 as it was saved at the win
    back = app.scene
    assert back is not watch and back.game is not None and not back.game.own
    assert back.game.level == 2 and back.game.maze.same_as(scene.game.maze)


def test_p_on_a_maze_changed_after_esc_plays_that_maze_not_the_game(screen, data):
    command = MazeSpec("backtracker", "square", 8, 6, 42)
    app = Shell(command, screen=screen)
    app.open_from_command("play", spec=command, mode="new")
    key(app, pygame.K_ESCAPE)
    watch = app.scene
    watch.new_seed()  # another maze than the game's
    key(app, pygame.K_p)
    assert app.scene.game.own and app.scene.game.spec == watch.spec


def test_esc_from_a_game_opened_with_p_keeps_the_watched_maze(screen, data):
    """P from the watch scene: its own maze (perhaps edited) is still there after Esc."""
    spec = MazeSpec("prim", "square", 8, 6, 41)
    app = Shell(spec, screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    app.scene.start_from(app.scene.game.next_level(), "")
    key(app, pygame.K_ESCAPE)
    assert app.scene is app.base and app.base.spec == spec
