"""Saves carry the doors, keys held and the minotaur, and a damaged one of those is set aside in
one line like any other damage."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest

from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


def a_game_with_everything() -> Game:
    game = Game.new_level(9, MazeSpec("backtracker", "square", 1, 1, 21))
    colour, key = game.layout.keys[0]
    for a, b in zip(*(lambda p: (p, p[1:]))(shortest_path(game.maze, game.position, key))):
        game.move(game.maze.grid.direction_between(a, b))
    assert game.keys_held == [colour]
    game.minotaur.advance(3.0, game.maze, game.position, 5.0, game.door_closed)
    return game


def test_doors_keys_held_and_the_minotaur_come_back_as_they_were(data):
    game = a_game_with_everything()
    saves.save_game(game)
    back, _ = saves.continue_or_explain()
    assert back is not None
    assert back.layout == game.layout and len(back.layout.doors) == 3
    assert back.keys_held == game.keys_held
    assert replace(back.minotaur, clock=game.minotaur.clock) == game.minotaur  # a part-step is not kept


def spoil(doc, field):
    if field == "door off a passage":
        doc["doors"][0]["cells"][1] = doc["doors"][0]["cells"][0]
    elif field == "unknown colour":
        doc["keys"][0]["colour"] = "purple"
    elif field == "key held of no door":
        doc["keys_held"] = ["red", "red"]
    elif field == "minotaur in a wall":
        doc["minotaur"]["at"] = [10**6, 0]
    elif field == "minotaur steps":
        doc["minotaur"]["steps"] = "many"
    elif field == "doors not a list":
        doc["doors"] = {"red": 1}
    elif field == "key behind its door":
        door = doc["doors"][0]["cells"]
        doc["keys"][0]["cell"] = doc["maze"]["exit"] if "exit" in doc["maze"] else door[1]


@pytest.mark.parametrize("field", ["door off a passage", "unknown colour", "key held of no door",
                                   "minotaur in a wall", "minotaur steps", "doors not a list"])
def test_a_damaged_new_field_is_set_aside_in_one_line(data, field):
    saves.save_game(a_game_with_everything())
    doc = json.loads((data / "save.json").read_text())
    spoil(doc, field)
    (data / "save.json").write_text(json.dumps(doc))
    game, message = saves.continue_or_explain()
    assert game is None
    assert "\n" not in message and len(message) <= 200 and "kept as save.json.bad-" in message, message
    assert not os.path.lexists(data / "save.json") and len(list(data.glob("save.json.bad-*"))) == 1


def test_an_older_save_without_the_new_fields_still_loads(data):
    saves.save_game(a_game_with_everything())
    doc = json.loads((data / "save.json").read_text())
    for field in ("doors", "keys", "keys_held", "minotaur"):
        del doc[field]
    (data / "save.json").write_text(json.dumps(doc))
    game, _ = saves.continue_or_explain()
    assert game is not None and not game.layout.doors and game.minotaur is None
