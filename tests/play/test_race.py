"""A race: two players on one maze, each with their own position and trail; the win goes to whoever
reaches the exit first, and nothing moves after it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.grids import GRIDS
from visualizer.play.game import Game
from visualizer.play.race import NAMES, Race
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

GRID_KINDS = ["square", "hex", "triangle", "polar"]


def a_race(grid: str, seed: int = 3) -> Race:
    return Race.new_level(1, MazeSpec("backtracker", grid, 1, 1, seed))


def route_moves(race: Race) -> list[str]:
    """Move names that walk the shortest path from the entrance (found by trying each name)."""
    probe = Game(spec=race.players[0].spec, maze=race.maze)
    names = sorted(set(race.maze.grid.PLAY_KEYS.values()))
    out = []
    for cell in shortest_path(race.maze)[1:]:
        for name in names:
            trial = Game(spec=probe.spec, maze=probe.maze, position=probe.position, trail=list(probe.trail),
                         last_moves=dict(probe.last_moves))
            if trial.move_named(name) and trial.position == cell:
                probe.move_named(name)
                out.append(name)
                break
        else:
            return []  # no single name reaches it (a move the grid only makes after another)
    return out


@pytest.mark.parametrize("grid", GRID_KINDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_win_goes_to_whoever_reaches_the_exit_first(grid, data):
    race = a_race(grid, data.draw(st.integers(0, 50)))
    names = sorted(set(race.maze.grid.PLAY_KEYS.values()))
    route = route_moves(race)
    presses = data.draw(st.lists(st.tuples(st.integers(0, 1), st.sampled_from(names)), max_size=60))
    if route and data.draw(st.booleans()):  # one player walks the route (so someone wins), the other anything
        hero = data.draw(st.integers(0, 1))
        others = [(1 - hero, name) for _, name in presses]
        walk = [(hero, name) for name in route]
        cut = sorted(data.draw(st.lists(st.integers(0, len(walk)), min_size=len(others), max_size=len(others))))
        presses = []
        for i, step in enumerate(walk + [None]):
            presses += [others[k] for k, c in enumerate(cut) if c == i]
            if step is not None:
                presses.append(step)
    else:
        route = []
    alone = [Game(spec=race.players[0].spec, maze=race.maze) for _ in range(2)]  # the oracle: each on their own
    first = -1
    for player, name in presses:
        before = [g.position for g in race.players]
        moved = race.move_named(player, name)
        if first >= 0:
            assert not moved and [g.position for g in race.players] == before  # nothing moves after the win
            continue
        alone[player].move_named(name)
        assert race.players[player].position == alone[player].position
        if alone[player].position == alone[player].goal:
            first = player
    assert race.winner == first
    if route:
        assert race.finished
    if first >= 0:
        assert race.result_line().startswith(f"{NAMES[first]} wins!")


def test_the_players_keep_their_own_trails_and_the_clock_waits_for_a_move():
    race = a_race("square")
    race.tick(2.0)
    assert race.elapsed == 0.0 and not race.started
    route = route_moves(race)
    race.move_named(1, route[0])
    race.tick(1.5)
    assert race.elapsed == 1.5
    assert len(race.players[1].trail) == 2 and race.players[0].trail == [race.maze.entrance[0]]


def test_a_race_restarts_on_the_same_maze_and_the_next_level_is_larger():
    race = a_race("square")
    for name in route_moves(race):
        race.move_named(0, name)
    assert race.winner == 0 and race.order == [0]
    race.tick(1.0)
    maze = race.maze
    race.restart()
    assert race.winner == -1 and race.maze is maze and all(p.moves == 0 for p in race.players)
    nxt = race.next_level()
    assert nxt.level == 2 and nxt.maze.grid.size > maze.grid.size


def test_a_race_has_no_doors_and_no_minotaur():
    race = Race.new_level(9, MazeSpec("backtracker", "square", 1, 1, 4))
    assert all(not p.layout.doors and p.minotaur is None for p in race.players)


@pytest.mark.parametrize("grid", GRID_KINDS)
def test_every_grid_has_moves_for_both_players(grid):
    """Arrows for player 1, the letters for player 2: both can reach every direction's name."""
    keys = GRIDS[grid].PLAY_KEYS
    arrows = {name for key, name in keys.items() if key in {"up", "down", "left", "right"}}
    letters = {name for key, name in keys.items() if key not in {"up", "down", "left", "right"}}
    assert arrows and letters and arrows <= letters | arrows


def test_the_race_result_counts_one_move_in_the_singular():
    from visualizer.play.screens import race_lines

    race = a_race("square")
    race.move_named(1, route_moves(race)[0])
    moves = race_lines(race, {"confirm": "Enter", "restart_level": "R", "leave_key": "Esc"})[1]
    assert "Player 2: 1 move " in moves + " " and "Player 1: 0 moves" in moves
