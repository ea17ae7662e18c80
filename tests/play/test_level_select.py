"""Level select's rules: the furthest level reached is kept per algorithm and grid in the records
file (damage there is set aside like any), a game started further on keeps its first level in the
save, and its end counts the levels from there."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.play.levels import FINAL_LEVEL
from visualizer.play.records import Records
from visualizer.play.screens import final_lines
from visualizer.run.spec import MazeSpec


@given(levels=st.lists(st.integers(1, FINAL_LEVEL), max_size=12))
def test_the_level_reached_is_the_furthest_started(levels):
    records = Records(path=None)  # type: ignore[arg-type]
    for level in levels:
        records.reach(MazeSpec(), level)
    assert records.reached_level(MazeSpec()) == max([1, *levels])
    assert records.reached_level(MazeSpec(grid="hex")) == 1
    assert records.reached_level(MazeSpec(seed=99, width=30)) == max([1, *levels])  # any seed, any size


def test_levels_reached_are_kept_in_the_records_file(data):
    records = Records.load()
    records.reach(MazeSpec("prim", "hex"), 7)
    records.save()
    assert Records.load().reached_level(MazeSpec("prim", "hex")) == 7


@pytest.mark.parametrize("reached", [{"prim|hex": 11}, {"prim|hex": "7"}, ["prim|hex"], {"prim|hex": True}])
def test_damaged_levels_reached_set_the_records_aside_in_one_line(data, reached):
    Records.load().save()
    doc = json.loads((data / "records.json").read_text())
    doc["reached"] = reached
    (data / "records.json").write_text(json.dumps(doc))
    records = Records.load()
    assert "the levels reached are damaged" in records.problem and "\n" not in records.problem
    assert records.reached == {} and list(data.glob("records.json.bad-*"))


def test_a_game_started_at_level_4_keeps_it_through_levels_and_the_save(data):
    game = Game.new_level(4, MazeSpec(seed=13))
    game.first_level = 4
    later = game.next_level()
    assert later.first_level == 4
    saves.save_game(later)
    back, _ = saves.continue_or_explain()
    assert back is not None and back.first_level == 4 and back.level == 5


def test_a_first_level_beyond_the_save_s_level_is_damage(data):
    saves.save_game(Game.new_level(2, MazeSpec(seed=13)))
    doc = json.loads((data / "save.json").read_text())
    doc["first_level"] = 3
    (data / "save.json").write_text(json.dumps(doc))
    back, message = saves.continue_or_explain()
    assert back is None and "first level must be between 1 and 2" in message


def test_the_end_of_a_game_started_at_level_4_counts_from_there():
    game = Game.new_level(FINAL_LEVEL, MazeSpec(seed=13))
    game.first_level = 4
    assert final_lines(game, [], True)[0] == "You won every level from level 4!"
    game.skipped = [5, 6]
    played = FINAL_LEVEL - 3
    assert final_lines(game, [], True)[0] == f"The end: {played - 2} of {played} levels won from level 4"
