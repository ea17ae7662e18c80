"""Damaged saves: the promise is a one-line explanation, the file kept aside, and a fresh game.

Each case builds a save that is hostile in one way (a FIFO, a link to /dev/zero, deep nesting, a
huge number, a huge parameter, a broken recipe, a trail that jumps...) and checks what the player
sees through ``play --continue``: the message, the kept file, and Enter starting level 1.
"""

import json
import os
import time
import tracemalloc

import pygame
import pytest

from visualizer.app.scenes.play import PLAYING, START
from visualizer.app.shell import Shell as App
from visualizer.files.safe_read import MAX_DEPTH, json_depth, one_line
from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.frame(pygame.event.get(), 1 / 60)


def a_game(algorithm="dungeon", grid="hex"):
    game = Game.new_level(3, MazeSpec(algorithm, grid, 1, 1, 77))
    path = shortest_path(game.maze)
    for a, b in zip(path[:5], path[1:5]):
        game.move(game.maze.grid.direction_between(a, b))
    return game


def saved_doc(data, algorithm="dungeon", grid="hex"):
    saves.save_game(a_game(algorithm, grid))
    return json.loads((data / "save.json").read_text())


def write(data, doc):
    path = data / "save.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return path


def continue_and_see(screen):
    """``play --continue`` in a window: returns the app and the message shown."""
    app = App(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="continue")
    assert app.toast is not None
    return app, app.toast[0]


def assert_refused(app, message, data, *words, kept=True):
    assert "\n" not in message and len(message) <= 200, message
    for word in words:
        assert word in message, message
    assert app.scene.stage == START and app.scene.game is None
    if kept:
        assert "kept as save.json.bad-" in message
        assert not os.path.lexists(data / "save.json")
        assert len(list(data.glob("save.json.bad-*"))) == 1  # nothing silently destroyed
    key(app, pygame.K_RETURN)  # a fresh game
    assert app.scene.stage == PLAYING and app.scene.game.level == 1 and app.scene.game.moves == 0


def test_a_fifo_in_the_save_place_does_not_hang(screen, data):
    os.mkfifo(data / "save.json")
    start = time.monotonic()
    app, message = continue_and_see(screen)
    assert time.monotonic() - start < 3
    assert_refused(app, message, data, "not a regular file")


def test_a_link_to_dev_zero_is_refused_not_read(screen, data):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    os.symlink("/dev/zero", data / "save.json")
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "not a regular file")
    assert os.readlink(next(data.glob("save.json.bad-*"))) == "/dev/zero"  # the link moved, not followed


def test_a_million_seen_cells_are_over_the_size_limit(data):
    doc = saved_doc(data)
    doc["seen"] = [[0, 0]] * 1_000_000
    write(data, doc)
    with pytest.raises(saves.SaveError, match="too large"):
        saves.load_game()


def test_a_file_over_the_limit_is_refused_without_trusting_its_size(data, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 100)
    write(data, "x" * 101)
    with pytest.raises(saves.SaveError, match="too large"):
        saves.load_game()


def test_deep_nesting_is_one_line_not_a_recursion_error(screen, data):
    write(data, '{"format": "maze-visualizer-save", "version": 1, "level": ' + "[" * 100_000 + "]" * 100_000 + "}")
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, f"deeper than {MAX_DEPTH}")


def test_the_depth_scan_ignores_brackets_in_strings():
    assert json_depth(b'{"a": "[[[[[[[[[[\\"[[[[", "b": [[1]]}') == 3
    assert json_depth(b"[" * 1000) == 1000 or json_depth(b"[" * 1000) > MAX_DEPTH


def test_a_huge_integer_is_one_line(screen, data):
    doc = saved_doc(data)
    text = json.dumps(doc).replace('"moves": 4', '"moves": 1' + "0" * 5000)
    assert "0" * 5000 in text
    write(data, text)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "cannot be read")


def test_a_long_number_within_the_limit_gives_a_short_message(screen, data):
    doc = saved_doc(data)
    doc["moves"] = int("9" * 4000)
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "moves")


def test_a_huge_list_parameter_gives_a_short_message(screen, data):
    doc = saved_doc(data)
    doc["spec"]["params"]["attempts"] = list(range(200_000))
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "attempts")


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_version_that_only_looks_like_1_is_refused(screen, data, version):
    doc = saved_doc(data)
    doc["version"] = version
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "unknown version")


def test_a_maze_version_true_is_refused(screen, data):
    doc = saved_doc(data)
    doc["maze"]["version"] = True
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "unknown version")


def test_room_min_above_room_max_is_refused_at_load(screen, data):
    doc = saved_doc(data)
    doc["spec"]["params"].update(room_min=50, room_max=1)
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "room_max")


def test_an_entrance_equal_to_the_exit_is_refused(screen, data):
    doc = saved_doc(data)
    doc["maze"]["exit"] = dict(doc["maze"]["entrance"])
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "entrance is its exit")


def test_a_trail_of_cells_that_are_not_neighbours_is_refused(screen, data):
    doc = saved_doc(data, "backtracker", "square")
    trail = doc["trail"]
    far = [doc["maze"]["width"] - 1, doc["maze"]["height"] - 1]
    doc["trail"] = [trail[0], far, *trail[2:]]
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "trail step 1 jumps", "not neighbours")  # the step the player can find


def test_a_trail_through_a_wall_is_refused(screen, data):
    game = a_game("backtracker", "square")
    saves.save_game(game)
    doc = json.loads((data / "save.json").read_text())
    maze, start = game.maze, game.maze.entrance[0]
    walled = next(nb for d, nb in maze.grid.neighbours(start) if not maze.is_open(start, d))
    doc["trail"] = [doc["trail"][0], list(maze.grid.coords(walled)), doc["trail"][0]]
    doc["player"], doc["moves"] = doc["trail"][0], 2
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "trail step 1 goes through a wall")


def test_a_trail_that_does_not_match_the_moves_is_refused(screen, data):
    doc = saved_doc(data)
    doc["moves"] += 1
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "move count")


def test_rooms_in_an_algorithm_without_rooms_are_refused(screen, data):
    doc = saved_doc(data, "backtracker", "square")
    doc["maze"]["rooms"] = [{"id": 0, "shape": "rectangle", "cells": [[0, 0]]}]
    write(data, doc)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "rooms")


def test_a_million_seen_cells_are_refused_by_the_count_rule_quickly(screen, data, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 64 * 2**20)  # past the size limit: the count rule
    doc = saved_doc(data)
    doc["seen"] = [[0, 0]] * 1_000_000
    write(data, doc)
    checked = saves._cells

    def per_item(values, *args):  # the count rule must refuse before any per-item work
        assert len(values) < 1_000_000, "the seen cells were walked one by one"
        return checked(values, *args)

    monkeypatch.setattr(saves, "_cells", per_item)
    app, message = continue_and_see(screen)
    assert_refused(app, message, data, "more cells are marked seen")


@pytest.mark.parametrize("bad", [[[0, True]], [[0, 1.0]], [[0, "1"]], [[0]], [[0, 2**70]], [[0, -1]], [5]])
def test_seen_cells_must_be_pairs_of_whole_numbers_on_the_grid(data, bad):
    doc = saved_doc(data)
    doc["seen"] = bad
    write(data, doc)
    with pytest.raises(saves.SaveError):
        saves.load_game()


def test_a_seen_cell_listed_twice_is_refused(data):
    doc = saved_doc(data)
    doc["seen"] = doc["seen"] + doc["seen"][:1]
    write(data, doc)
    with pytest.raises(saves.SaveError, match="twice"):
        saves.load_game()


def test_a_good_save_still_loads(data):
    game = a_game()
    saves.save_game(game)
    back, message = saves.continue_or_explain()
    assert back is not None and back.trail == game.trail and back.seen == game.seen
    assert message.startswith("Welcome back")


def test_a_read_only_folder_leaves_the_save_untouched_and_never_overwrites_it(screen, data):
    doc = saved_doc(data)
    doc["version"] = True
    path = write(data, doc)
    before = path.read_bytes()
    os.chmod(data, 0o555)
    try:
        if os.access(data, os.W_OK):
            pytest.skip("chmod does not restrict this user (root)")
        app, message = continue_and_see(screen)
        assert "\n" not in message and len(message) <= 200
        assert "could not be moved aside" in message and "not overwritten" in message
        assert path.read_bytes() == before and not list(data.glob("save.json.bad-*"))
        key(app, pygame.K_RETURN)  # a fresh game
        assert app.scene.stage == PLAYING and app.scene.game.level == 1
        os.chmod(data, 0o755)  # even once the folder is writable again, leaving does not overwrite it
        key(app, pygame.K_ESCAPE)
        assert path.read_bytes() == before
    finally:
        os.chmod(data, 0o755)
        saves._unmovable.clear()


def test_one_line_cuts_long_text_and_newlines():
    text = one_line("a\nb " + "x" * 1000)
    assert "\n" not in text and len(text) <= 200 and text.startswith("a b")


def test_a_save_that_cannot_be_moved_is_left_and_not_overwritten(screen, data, monkeypatch):
    """The read-only case without chmod (which root ignores): the rename itself is refused."""
    doc = saved_doc(data)
    doc["version"] = 1.0
    path = write(data, doc)
    before = path.read_bytes()

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves.os, "replace", refuse)
    try:
        app, message = continue_and_see(screen)
        monkeypatch.undo()
        assert "\n" not in message and len(message) <= 200
        assert "could not be moved aside (Permission denied)" in message and "not overwritten" in message
        assert path.read_bytes() == before and not list(data.glob("save.json.bad-*"))
        key(app, pygame.K_RETURN)  # a fresh game
        assert app.scene.stage == PLAYING and app.scene.game.level == 1
        key(app, pygame.K_ESCAPE)  # leaving would save: not over the kept file
        assert path.read_bytes() == before
    finally:
        saves._unmovable.clear()


def test_three_damaged_saves_in_one_second_are_each_kept_under_their_own_name(data):
    """Set aside within the same second, they get .bad-TIME, .bad-TIME-2 and .bad-TIME-3: none is
    written over, and the search for a free name ends."""
    kept = []
    for k in range(3):
        path = write(data, f"damaged {k}")
        kept.append(saves.set_aside(path))
    names = [p.name for p in kept]
    assert len(set(names)) == 3 and all(name.startswith("save.json.bad-") for name in names)
    if names[0][len("save.json.bad-"):] == names[2][len("save.json.bad-"):-2]:  # all in one second
        assert names[1].endswith("-2") and names[2].endswith("-3")
    assert sorted(p.read_text() for p in kept) == ["damaged 0", "damaged 1", "damaged 2"]
    assert saves.set_aside(data / "save.json") is None  # nothing left to move


def test_a_trail_step_later_in_the_trail_is_named_by_its_number(data):
    game = a_game("backtracker", "square")
    saves.save_game(game)
    doc = json.loads((data / "save.json").read_text())
    far = [doc["maze"]["width"] - 1, doc["maze"]["height"] - 1]
    doc["trail"] = [*doc["trail"][:3], far, *doc["trail"][4:]]
    with pytest.raises(saves.SaveError, match="trail step 3 jumps"):
        saves.game_from_dict(doc)


def test_a_large_maze_is_saved_packed_and_comes_back_the_same(data):
    spec = MazeSpec("dungeon", "hex", 120, 100, 5, {"braid": 20})
    game = Game(spec=spec, maze=spec.build(), level=10, fog=True)
    for _ in range(3):
        game.move_named("down")
    path = saves.save_game(game)
    assert path.stat().st_size < 40_000  # a 12,000-cell maze written cell by cell is about 300 KB
    doc = json.loads(path.read_text())
    assert doc["maze"]["packed"] is True and isinstance(doc["seen"], dict)
    again = saves.load_game(path)
    assert again.maze.same_as(game.maze) and again.spec.params == spec.info.resolve(spec.params)
    assert again.seen == game.seen and again.trail == game.trail and again.position == game.position


def test_a_big_explored_game_stays_under_the_load_limit_and_loads_quickly(data):
    """A 540 x 550 maze walked everywhere (every cell seen, a long trail) was a 3 MB save, over the
    2 MiB a load reads: refused on Continue, the game lost. Packed it is a few hundred KB."""
    spec = MazeSpec("backtracker", "square", 540, 550, 2)
    maze = spec.build()
    path_cells = saves.np.asarray(shortest_path(maze), dtype=int).tolist()
    trail = path_cells + path_cells[-2::-1] + path_cells[1:]  # out to the exit, back, and out again
    game = Game(spec=spec, maze=maze, level=10, position=trail[-1], trail=trail, moves=len(trail) - 1, fog=True,
                seen=set(range(maze.grid.size)))
    path = saves.save_game(game)
    assert path.stat().st_size < saves.MAX_SAVE_BYTES // 2
    again = saves.load_game(path)  # how long it takes: the bench's save row
    assert again.trail == trail and len(again.seen) == maze.grid.size and again.maze.same_as(maze)


def test_a_packed_save_damaged_anywhere_is_refused_in_one_line(data):
    spec = MazeSpec("backtracker", "square", 100, 100, 5)
    saves.save_game(Game(spec=spec, maze=spec.build(), level=10))
    good = json.loads((data / "save.json").read_text())
    assert good["maze"]["packed"] is True

    def refused(change, match):
        doc = json.loads(json.dumps(good))
        change(doc)
        with pytest.raises(saves.SaveError, match=match) as err:
            saves.game_from_dict(doc)
        assert "\n" not in str(err.value) and len(str(err.value)) <= 200

    passages = saves.np.frombuffer(saves.zlib.decompress(saves.base64.b64decode(good["maze"]["passages"])),
                                   dtype=saves.np.uint8).copy()
    one_sided = passages.copy()
    one_sided[0] ^= 2  # the first cell's east side, without its neighbour's west
    loop = passages.copy()
    loop[5] |= 4
    loop[105] |= 1  # one more passage, between cells 5 and 105: a loop in a perfect maze
    off_grid = passages.copy()
    off_grid[0] |= 1  # north of the top row
    refused(lambda d: d["maze"].update(passages=saves.pack(one_sided)), "open on one side only")
    refused(lambda d: d["maze"].update(passages=saves.pack(off_grid)), "leads off the grid")
    if not passages[5] & 4:
        refused(lambda d: d["maze"].update(passages=saves.pack(loop)), "has loops, which backtracker never makes")
    refused(lambda d: d["maze"].update(passages=saves.pack(passages[:-1])), "passages are damaged")
    refused(lambda d: d["maze"].update(passages="not base64!"), "passages are damaged")
    refused(lambda d: d["maze"].update(passages=saves.base64.b64encode(b"not zlib").decode()), "passages are damaged")
    bomb = saves.base64.b64encode(saves.zlib.compress(bytes(50_000_000))).decode()  # 50 MB of zeros, 50 KB packed
    refused(lambda d: d["maze"].update(state=bomb), "cell states are damaged")
    tracemalloc.start()  # refused without unfolding it: a small file never costs its 50 MB
    refused(lambda d: d["maze"].update(state=bomb), "cell states are damaged")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 10_000_000, peak
    refused(lambda d: d["maze"].update(regions=saves.pack(saves.np.full(10_000, -5, dtype=saves.np.int32))),
            "a saved region has a bad number")
    refused(lambda d: d["maze"].update(rooms=saves.pack(saves.np.zeros(10_000, dtype=saves.np.int32))),
            "rooms are not the room cells")
    state = saves.np.frombuffer(saves.zlib.decompress(saves.base64.b64decode(good["maze"]["state"])),
                                dtype=saves.np.uint8).copy()
    state[7] = 2  # a room cell
    refused(lambda d: d["maze"].update(state=saves.pack(state)), "has rooms, which backtracker never makes")
    refused(lambda d: d["maze"].update(version=2), "unknown version")
    refused(lambda d: d["spec"].update(width=2000, height=2000), "more than 300,000 cells")


def test_a_masked_recipe_asking_for_millions_of_cells_is_refused_before_the_mask_is_laid(data):
    """A 1.4 KB save with a two-by-two mask stretched over 2000 x 2000 took 14 s and 1.3 GB to
    refuse: the mask was laid over four million cells before any count was checked."""
    spec = MazeSpec("backtracker", "square", 8, 5, 5)
    saves.save_game(Game(spec=spec, maze=spec.build()))
    doc = json.loads((data / "save.json").read_text())
    doc["spec"].update(width=2000, height=2000, mask={"name": "m", "rows": ["..", ".."]})
    calls = []
    real = saves.MazeSpec.make_grid
    saves.MazeSpec.make_grid = lambda self, *a, **k: calls.append(1) or real(self, *a, **k)
    try:
        with pytest.raises(saves.SaveError, match="more than 300,000 cells"):
            saves.game_from_dict(doc)
    finally:
        saves.MazeSpec.make_grid = real
    assert not calls


def test_a_maze_too_large_to_save_says_so_and_writes_nothing(data):
    spec = MazeSpec("backtracker", "square", 600, 600, 5)
    game = Game(spec=spec, maze=spec.build(), level=10)
    with pytest.raises(OSError, match="too large to save"):
        saves.save_game(game)
    assert not (data / "save.json").exists()


def test_a_long_reason_is_cut_so_what_happened_to_the_file_stays_whole():
    """At 200 characters the message used to end "...not ove…": the words that matter were lost."""
    tail = ": it could not be moved aside (Permission denied), so it stays as it is, not overwritten."
    message = saves.fitted("Save not used ({})" + tail, "the saved maze's passages are damaged " * 10)
    assert len(message) <= 200 and message.endswith(tail) and "\n" not in message
    assert message.startswith("Save not used (the saved maze's passages are damaged")
    assert saves.fitted("Kept ({}).", "short") == "Kept (short)."


def test_a_small_dungeons_pruned_cells_come_back_pruned(data):
    """The JSON export calls pruned and never-carved cells alike solid; a save keeps them apart, so
    a continued dungeon draws its filled dead ends as it did."""
    from visualizer.core.maze import CellState

    spec = MazeSpec("dungeon", "square", 30, 20, 4)
    maze = spec.build()
    assert (maze.state == CellState.PRUNED).any()
    path = saves.save_game(Game(spec=spec, maze=maze, level=3))
    again = saves.load_game(path)
    assert (again.maze.state == maze.state).all() and (again.maze.passages == maze.passages).all()
    doc = json.loads(path.read_text())
    doc["pruned"] = doc["maze"]["pruned"]
    doc["maze"]["pruned"] = [doc["player"]]  # the player's cell is open, not solid
    with pytest.raises(saves.SaveError, match="a pruned cell stands on a wall"):
        saves.game_from_dict(doc)
    doc["maze"]["pruned"] = "x"
    with pytest.raises(saves.SaveError, match="pruned cells are damaged"):
        saves.game_from_dict(doc)


@pytest.mark.parametrize("size,moves", [((8, 5), 4_500), ((8, 5), 6_000), ((100, 80), 810_000)])
def test_a_player_who_wanders_long_on_a_small_maze_can_still_continue(data, size, moves):
    """The trail a save keeps is what a load accepts (100 steps a cell, a million at most): 4,500
    moves on the first level were saved whole and then refused, the game lost."""
    spec = MazeSpec("backtracker", "square", *size, 3)
    maze = spec.build()
    a = maze.entrance[0]
    b = maze.open_neighbours(a)[0]
    trail = [a, b] * (moves // 2) + [a]
    game = Game(spec=spec, maze=maze, position=a, trail=trail, moves=len(trail) - 1)
    again = saves.load_game(saves.save_game(game))
    kept = saves.trail_most(maze.grid.size)
    assert again.moves == len(trail) - 1 and again.position == a
    assert again.trail == trail[-kept:] and len(again.trail) == min(len(trail), kept)


def test_a_packed_save_with_a_passage_on_a_side_the_grid_lacks_is_refused(data):
    spec = MazeSpec("dungeon", "square", 100, 80, 5)
    saves.save_game(Game(spec=spec, maze=spec.build(), level=10))
    doc = json.loads((data / "save.json").read_text())
    passages = saves.unpack(doc["maze"]["passages"], saves.np.uint8, 8000, "passages")
    passages[saves.np.flatnonzero(passages)[:50]] |= 1 << 6  # a square has sides 0 to 3
    doc["maze"]["passages"] = saves.pack(passages)
    with pytest.raises(saves.SaveError, match="names a side the grid's cells do not have"):
        saves.game_from_dict(doc)
