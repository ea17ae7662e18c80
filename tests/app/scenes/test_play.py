"""Play mode: walking, hex directions, walls, levels, and saves that survive crashes and tampering."""

import json
import os

import pygame
import pytest
from helpers import SQUARE_KEY, key, walk_shortest_path

from visualizer.app.scenes.play import ALL_DONE, GAVE_UP, PLAYING, START, WON
from visualizer.app.shell import Shell as App
from visualizer.core.maze import Maze
from visualizer.grids import GRIDS, HexGrid, make_grid
from visualizer.play import save as saves
from visualizer.play.game import Game
from visualizer.play.levels import FINAL_LEVEL
from visualizer.run.overlay import Mark
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

HEX = HexGrid.MOVES


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_following_the_bfs_path_wins_and_grows_the_next_level(screen, data, grid):
    app = App(MazeSpec("backtracker", grid, 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    assert app.scene is not app.base and app.scene.stage == PLAYING
    game = app.scene.game
    path = walk_shortest_path(app)
    assert app.scene.stage == WON and game.moves == len(path) - 1
    assert game.efficiency == 1.0
    assert (data / "save.json").exists()  # saved on completion
    key(app, pygame.K_RETURN)
    nxt = app.scene.game
    assert nxt.level == game.level + 1
    assert nxt.maze.grid.size > game.maze.grid.size and nxt.maze.grid.kind == grid
    assert app.scene.stage == PLAYING


def test_p_finishes_a_running_generation_first(screen, data):
    app = App(MazeSpec("prim", "square", 12, 8, 2), speed=5, screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    game = app.scene.game
    assert app.base.run.finished
    assert Maze(game.maze.grid).fold(app.base.run.spec.events()).same_as(game.maze)


def hex_game():
    spec = MazeSpec("prim", "hex", 7, 7, 1)
    grid = make_grid("hex", 7, 7)
    maze = Maze(grid).fold([(4, -1, -1, -1)])  # an open field: every passage open
    centre = grid.cell(3, 3)
    return Game(spec=spec, maze=maze, position=centre), grid, centre


@pytest.mark.parametrize("name", list(HEX))
def test_each_hex_direction_moves_where_expected(name):
    game, grid, centre = hex_game()
    assert game.move_named(name)
    assert game.position == grid.neighbour(centre, HEX[name])


@pytest.mark.parametrize("side,vertical,expected", [
    ("left", "up", "up-left"), ("left", "down", "down-left"),
    ("right", "up", "up-right"), ("right", "down", "down-right")])
def test_hex_left_right_follow_the_last_vertical_key(side, vertical, expected):
    game, grid, centre = hex_game()
    game.last_moves["vertical"] = vertical
    assert game.move_named(side)
    assert game.position == grid.neighbour(centre, HEX[expected])


def test_hex_left_takes_the_only_open_side():
    spec = MazeSpec("prim", "hex", 5, 5, 1)
    grid = make_grid("hex", 5, 5)
    centre = grid.cell(2, 2)
    sw = grid.neighbour(centre, HEX["down-left"])
    maze = Maze(grid).fold([(0, centre, sw, HEX["down-left"])])
    game = Game(spec=spec, maze=maze, position=centre)
    game.last_moves["vertical"] = "up"
    assert game.move_named("left") and game.position == sw


def test_walls_block_with_feedback_not_errors(screen, data):
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    game = app.scene.game
    blocked = [d for d in range(4) if not game.maze.is_open(game.position, d)]
    start = game.position
    key(app, SQUARE_KEY[blocked[0]])
    assert game.position == start and game.moves == 0
    assert app.scene.jolt.active(app.clock_time)  # the marker jolts


def test_give_up_shows_the_shortest_path(screen, data):
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    key(app, pygame.K_x)
    assert app.scene.stage == GAVE_UP
    path = shortest_path(app.scene.game.maze)
    assert all(app.scene.overlay.mark[c] == Mark.PATH for c in path)


def test_final_level_ends_the_game(screen, data):
    app = App(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new")
    app.scene.start(Game.new_level(FINAL_LEVEL, MazeSpec("backtracker", "square", 1, 1, 9)))
    walk_shortest_path(app)
    assert app.scene.stage == ALL_DONE
    key(app, pygame.K_ESCAPE)
    assert app.scene is app.base and app.running


def test_fog_hides_unseen_cells(screen, data):
    app = App(MazeSpec("dungeon", "square", 30, 20, 2), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    key(app, pygame.K_f)
    hidden = app.scene.overlay.hidden
    assert hidden is not None and hidden.sum() > app.scene.game.maze.grid.size // 2
    assert not hidden[app.scene.game.position]
    before = int(hidden.sum())
    walk_shortest_path(app)
    assert int(hidden.sum()) < before  # walking reveals cells that were fog at the start


# --- saves ------------------------------------------------------------------------


def a_game(level=3, grid="hex", algorithm="dungeon"):
    game = Game.new_level(level, MazeSpec(algorithm, grid, 1, 1, 77))
    path = shortest_path(game.maze)
    for a, b in zip(path[:5], path[1:5]):
        game.move(game.maze.grid.direction_between(a, b))
    game.elapsed = 12.5
    game.fog = True
    return game


@pytest.mark.parametrize("grid", list(GRIDS))
def test_every_grid_shape_saves_and_continues(data, grid):
    game = a_game(grid=grid, algorithm="backtracker")
    saves.save_game(game)
    back = saves.load_game()
    assert back.spec.grid == grid and (back.position, back.trail) == (game.position, game.trail)


def test_save_and_continue_round_trip(data):
    game = a_game()
    saves.save_game(game)
    back = saves.load_game()
    assert (back.level, back.position, back.trail, back.moves, back.elapsed, back.fog) == \
        (game.level, game.position, game.trail, game.moves, game.elapsed, game.fog)
    assert set(back.maze.passage_list()) == set(game.maze.passage_list())
    assert back.maze.rooms == game.maze.rooms
    assert back.spec.with_(params={}) == game.spec.with_(params={})
    assert back.spec.params == game.spec.info.resolve(game.spec.params)  # defaults written out
    assert back.seen == game.seen


def test_continue_from_the_start_screen_and_the_command(screen, data):
    game = a_game()
    saves.save_game(game)
    app = App(MazeSpec(), screen=screen)
    app.open_scene("play", spec=MazeSpec(), mode="new")  # a save exists: the start screen asks first
    assert app.scene.stage == START
    key(app, pygame.K_c)
    assert app.scene.game.position == game.position and app.scene.game.level == game.level
    key(app, pygame.K_ESCAPE)  # leaving saves
    app2 = App(MazeSpec(), screen=screen)
    app2.open_scene("play", spec=MazeSpec(), mode="continue")
    assert app2.scene.game.trail == game.trail


def test_quitting_the_window_saves(screen, data):
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    moved = [d for d in range(4) if app.scene.game.maze.is_open(app.scene.game.position, d)]
    key(app, SQUARE_KEY[moved[0]])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(pygame.event.get(), 1 / 60)
    assert not app.running
    assert saves.load_game().moves == 1


def test_an_interrupted_save_keeps_the_old_one(data, monkeypatch):
    old = a_game(level=2)
    saves.save_game(old)
    before = (data / "save.json").read_bytes()

    def crash(src, dst):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        saves.save_game(a_game(level=5))
    assert (data / "save.json").read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["save.json"]  # no temp file left behind


def tamper(data, change):
    saves.save_game(a_game())
    path = data / "save.json"
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    return path


CORRUPTIONS = {
    "wrong type": lambda d: d.update(moves="many"),
    "unknown version": lambda d: d.update(version=99),
    "size out of range": lambda d: d["spec"].update(width=99999),
    "level out of range": lambda d: d.update(level=0),
    "player outside the grid": lambda d: d.update(player=[500, 2]),
    "player on a wall": lambda d: d.update(player=d["maze"]["solid"][0]),
    "maze not connected": lambda d: d["maze"].update(passages=d["maze"]["passages"][: len(d["maze"]["passages"]) // 2]),
    "not an object": lambda d: d.clear(),
}


@pytest.mark.parametrize("case", list(CORRUPTIONS))
def test_a_tampered_save_is_explained_kept_and_replaced_by_a_fresh_game(data, case):
    path = tamper(data, CORRUPTIONS[case])
    game, message = saves.continue_or_explain(path)
    assert game is None and "could not be used" in message and "\n" not in message
    assert not path.exists()
    kept = list(data.glob("save.json.bad-*"))
    assert len(kept) == 1  # nothing silently destroyed


def test_a_truncated_save(data):
    saves.save_game(a_game())
    path = data / "save.json"
    path.write_bytes(path.read_bytes()[:200])
    game, message = saves.continue_or_explain(path)
    assert game is None and "not valid JSON" in message
    assert list(data.glob("save.json.bad-*"))


def test_a_save_is_never_evaluated(data):
    (data / "save.json").write_text('__import__("os").system("touch pwned")')
    game, _ = saves.continue_or_explain(data / "save.json")
    assert game is None and not (data / "pwned").exists()


def test_data_dir_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("MAZE_VISUALIZER_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves.data_dir() == tmp_path / "maze-visualizer"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert saves.data_dir() == tmp_path / ".local" / "share" / "maze-visualizer"


def test_leaving_after_a_win_continues_at_the_next_level(screen, data):
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    level = app.scene.game.level
    walk_shortest_path(app)
    key(app, pygame.K_ESCAPE)  # leave on the win screen
    resumed = saves.load_game()
    assert resumed.level == level + 1 and resumed.moves == 0
    assert resumed.position == resumed.maze.entrance[0]


def test_leaving_after_giving_up_saves_a_fresh_try(screen, data):
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    game = app.scene.game
    key(app, pygame.K_x)
    key(app, pygame.K_ESCAPE)
    resumed = saves.load_game()
    assert resumed.level == game.level and resumed.moves == 0 and not resumed.gave_up


def test_a_held_esc_leaves_play_but_does_not_go_on_to_quit(screen, data):
    """Play repeats held keys; the Esc that leaves play keeps repeating until it is let go, and those
    repeats must not reach the maze view, where Esc quits."""
    app = App(MazeSpec("backtracker", "square", 12, 8, 3), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    assert app.scene.name == "play"
    for _ in range(4):  # the press, then the keyboard's repeats, a frame apart
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 1 / 60)
        assert app.scene is app.base and app.running
    app.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="")], 1 / 60)
    key(app, pygame.K_ESCAPE)  # let go, a new press quits as always
    assert not app.running


def cells_the_keys_reach(game: Game) -> set[int]:
    """Every cell a player can walk to with the grid's play keys from the entrance, trying every
    key in every state (the state is the cell and the last move along each axis, which breaks
    ties between two open ways); the level's win is set aside so cells past the exit count too."""
    names = sorted(set(game.maze.grid.PLAY_KEYS.values()))
    start = (game.position, ())
    seen, todo = {start}, [start]
    while todo:
        position, last = todo.pop()
        for name in names:
            game.position, game.last_moves = position, dict(last)
            game.move_named(name)
            state = (game.position, tuple(sorted(game.last_moves.items())))
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return {position for position, _ in seen}


@pytest.mark.parametrize("grid,algorithm,size", [
    ("polar", "backtracker", (6, 10)), ("polar", "wilson", (5, 8)), ("polar", "dungeon", (6, 12)),
    ("polar", "prim", (3, 9)), ("hex", "backtracker", (9, 7)), ("triangle", "kruskal", (10, 6)),
    ("square", "backtracker", (8, 6))])
@pytest.mark.parametrize("seed", [1, 3, 5, 14])
def test_the_play_keys_reach_every_open_cell(grid, algorithm, size, seed, monkeypatch):
    """On a disc Up must reach either outward cell where a ring splits: after Right (or at first)
    the clockwise one, after Left the counter-clockwise one. It always took the clockwise one, so
    the exit was out of reach in about one polar level in five."""
    monkeypatch.setattr(Game, "finished", property(lambda self: False))
    spec = MazeSpec(algorithm, grid, *size, seed)
    maze = spec.build()
    game = Game(spec=spec, maze=maze)
    reached = cells_the_keys_reach(game)
    assert reached == set(maze.open_cells().tolist())


def test_up_on_a_disc_takes_the_outward_cell_on_the_side_of_the_last_left_or_right():
    grid = make_grid("polar", 4, 4)
    both = lambda d: d in (grid.OUT, grid.OUT2)  # noqa: E731
    assert grid.move_direction("up", both) == grid.OUT
    assert grid.move_direction("up", both, {"across": "right", "vertical": "down"}) == grid.OUT
    assert grid.move_direction("up", both, {"across": "left"}) == grid.OUT2
    assert grid.move_direction("up", lambda d: d == grid.OUT2, {"across": "right"}) == grid.OUT2
    spec = MazeSpec("backtracker", "polar", 4, 4, 1)
    game = Game(spec=spec, maze=spec.build())
    game.move_named("left")  # into a wall or not, it counts
    assert game.last_moves == {"across": "left"}
    game.move_named("up")
    assert game.last_moves == {"across": "left", "vertical": "up"}


@pytest.mark.parametrize("algorithm", ["bsp", "caves", "drunkard", "rooms_corridors", "wfc"])
def test_each_dungeon_plays_from_the_maze_view_with_fog_and_in_first_person_and_is_won(screen, data, algorithm):
    """P on a finished dungeon: F fog, V first person and back (each drawn), then the arrow keys
    along the shortest way win it."""
    app = App(MazeSpec(algorithm, "square", 16, 10, 3), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    assert app.scene.stage == PLAYING
    key(app, pygame.K_f)
    key(app, pygame.K_v)
    assert app.scene.first_person
    app.frame([], 1 / 60)
    key(app, pygame.K_v)
    assert not app.scene.first_person
    walk_shortest_path(app)
    assert app.scene.stage == WON and app.scene.game.won


@pytest.mark.parametrize("grid", ["hex", "triangle", "polar"])
@pytest.mark.parametrize("algorithm", ["caves", "drunkard"])
def test_the_play_keys_reach_every_floor_cell_of_a_dungeon_on_any_grid(grid, algorithm, monkeypatch):
    monkeypatch.setattr(Game, "finished", property(lambda self: False))
    spec = MazeSpec(algorithm, grid, *((6, 12) if grid == "polar" else (12, 8)), 4)
    maze = spec.build()
    assert cells_the_keys_reach(Game(spec=spec, maze=maze)) == set(maze.open_cells().tolist())


def test_a_maze_of_ones_own_continues_as_your_maze_and_reaches_no_level(screen, data):
    """P, one move, Esc: the save is "your own maze"; ``play`` offers it as such, C continues it as
    "your maze", and level select is offered no level it never played."""
    app = App(MazeSpec("wilson", "square", 30, 20, 11), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    game = app.scene.game
    moved = next(k for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP)
                 if (key(app, k), app.scene.game.moves)[1] == 1)
    assert moved and game.own
    key(app, pygame.K_ESCAPE)
    assert saves.load_game().own
    app.open_scene("play", spec=MazeSpec("backtracker", "square", 8, 5, 1), mode="new")
    assert app.scene.stage == START and any("your own maze" in line for line in app.scene.screen_lines())
    key(app, pygame.K_c)
    assert app.scene.stage == PLAYING and app.scene.game.moves == 1
    assert dict(app.scene.panel_lines())["Level"] == "your maze"
    assert app.scene.records.reached_level(MazeSpec("wilson", "square", 30, 20, 11)) == 1


def played_seconds(app, seconds: float, events=()) -> None:
    """``seconds`` of frames, the first carrying ``events``."""
    app.frame(list(events), 1 / 60)
    for _ in range(round(seconds * 60) - 1):
        app.frame([], 1 / 60)


@pytest.mark.parametrize("hide,show", [
    ([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")],
     [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")]),
    ([pygame.event.Event(pygame.WINDOWMINIMIZED)], [pygame.event.Event(pygame.WINDOWRESTORED)]),
])
def test_the_game_clock_stands_still_while_the_board_is_hidden(screen, data, hide, show):
    """Help over the board, or the window minimised: the player cannot play, so the time does not count."""
    app = App(MazeSpec("backtracker", "square", 8, 5, 4), screen=screen)
    app.frame([], 0)
    key(app, pygame.K_p)
    game = app.scene.game
    game.started = True  # the clock runs (as after the first move)
    played_seconds(app, 2)
    before = game.elapsed
    played_seconds(app, 10, hide)
    assert game.elapsed == pytest.approx(before, abs=0.05)
    played_seconds(app, 3, show)
    assert game.elapsed == pytest.approx(before + 3, abs=0.05) and not app.show_help
