"""Play says what happened: a maze from the maze view is "your maze", a level given up is not won,
and the end of the game counts the levels won."""

import json

import pygame
from helpers import key, walk_shortest_path

from visualizer.app.scenes.play import ALL_DONE, GAVE_UP, PLAYING, WON
from visualizer.app.shell import Shell as App
from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.play.levels import FINAL_LEVEL, level_size
from visualizer.run.spec import MazeSpec


def series_at(screen, level, skipped=()):
    """``play`` (no save yet) moved on to ``level``, with some earlier levels given up."""
    app = App(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new")
    game = Game.new_level(level, MazeSpec("backtracker", "square", 1, 1, 40 + level))
    game.skipped = list(skipped)
    app.scene.start(game)
    return app


def test_a_maze_played_from_the_maze_view_is_your_maze_not_the_last_level(screen, data):
    app = App(MazeSpec("backtracker", "square", *level_size(FINAL_LEVEL), 9), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    assert dict(app.scene.panel_lines())["Level"] == "your maze"
    walk_shortest_path(app)
    lines = app.scene.screen_lines()
    assert app.scene.stage == WON and lines[0] == "Your maze solved!"
    assert not any("every level" in line for line in lines)
    key(app, pygame.K_RETURN)  # not the end of a game: nothing to go on to
    assert app.scene.stage == WON


def test_giving_up_then_enter_says_so_and_counts_the_level_as_not_won(screen, data):
    app = series_at(screen, 3)
    key(app, pygame.K_x)
    assert app.scene.stage == GAVE_UP
    assert any("counts as given up" in line for line in app.scene.screen_lines())
    key(app, pygame.K_RETURN)
    assert app.scene.stage == PLAYING and app.scene.game.level == 4
    assert "Level 3 given up" in app.toast[0]
    assert app.scene.game.skipped == [3]
    key(app, pygame.K_ESCAPE)  # saved: the count survives a restart
    assert saves.load_game().skipped == [3]


def test_the_end_of_the_game_says_how_many_levels_were_won(screen, data):
    app = series_at(screen, FINAL_LEVEL, skipped=[2, 5])
    walk_shortest_path(app)
    lines = app.scene.screen_lines()
    assert app.scene.stage == ALL_DONE
    assert lines[0] == f"The end: {FINAL_LEVEL - 2} of {FINAL_LEVEL} levels won" and lines[1] == "Given up: levels 2, 5"


def test_winning_every_level_says_so(screen, data):
    app = series_at(screen, FINAL_LEVEL)
    walk_shortest_path(app)
    assert app.scene.stage == ALL_DONE and app.scene.screen_lines()[0] == "You won every level!"


def test_giving_up_the_last_level_is_never_the_end(screen, data):
    app = series_at(screen, FINAL_LEVEL, skipped=list(range(1, FINAL_LEVEL)))
    key(app, pygame.K_x)
    key(app, pygame.K_RETURN)
    assert app.scene.stage == PLAYING and app.scene.game.level == FINAL_LEVEL and app.scene.game.moves == 0


def test_levels_given_up_that_make_no_sense_set_the_save_aside(data):
    game = Game.new_level(4, MazeSpec("backtracker", "square", 1, 1, 7))
    game.skipped = [1, 3]
    path = saves.save_game(game)
    assert saves.load_game(path).skipped == [1, 3]
    for bad in ([4], [0], [1, 1], ["2"], {"2": 1}, [True], list(range(1, 10**5))):
        doc = json.loads(path.read_text())
        doc["skipped"] = bad
        path.write_text(json.dumps(doc))
        back, message = saves.continue_or_explain(path)
        assert back is None and "levels given up are damaged" in message, (bad, message)
        saves.save_game(game, path)
