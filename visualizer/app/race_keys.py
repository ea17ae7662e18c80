"""A race's keys in the play scene: two players on one keyboard, each key moving its own racer.

The arrow keys are player 1's and every other movement key of the grid player 2's (W A S D on a
square grid); in first person each player's keys turn and walk that player's own half of the split
view. The race (``visualizer.play.race``) keeps the rules; this turns keys into its moves and says
what happened (a step, a bump, the winner) on the board and with sounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..play.screens import WON
from ..run.overlay import Mark

if TYPE_CHECKING:
    from .scenes.play import PlayScene

ARROWS = frozenset({"up", "down", "left", "right"})
"""In a race the arrow keys are player 1's; every other movement key of the grid is player 2's."""


def press(scene: PlayScene, key_name: str) -> bool:
    """A racer's key: arrows are player 1's, the other movement keys player 2's; in first person
    each turns or walks that player's own eye. False: the key moves nobody."""
    game, race = scene.game, scene.race
    assert game is not None and race is not None
    player = 0 if key_name in ARROWS else 1
    if scene.split is None:
        move = game.maze.grid.PLAY_KEYS.get(key_name)
        if move is not None:
            racer_moves(scene, player, move, lambda: race.move_named(player, move))
        return move is not None
    intent = scene.split.eyes[player].intent_for(key_name)
    if intent is None:
        return False
    now = scene.host.clock_time
    step = scene.split.act(player, intent, now)
    if step.moved >= 0 and not race.finished:
        racer_moves(scene, player, "", lambda: race.move(player, step.moved))
    elif step.bumped:
        scene.sounds.play("bump")
    scene.split.follow(player, now)
    return True


def racer_moves(scene: PlayScene, player: int, name: str, how: Callable[[], bool]) -> None:
    """A move of one racer (``how`` makes it; ``name`` the move's name, for the bump's direction);
    player 1's trail is marked on the board, and the first to the exit ends the race."""
    race, overlay = scene.race, scene.overlay
    assert race is not None and overlay is not None
    game = race.players[player]
    before = game.position
    if not how():
        scene.sounds.play("bump")
        if player == 0 and name:
            scene.bump(name)
        return
    scene.sounds.play("step")
    if player == 0:
        overlay.mark[game.position] = Mark.TRAIL
        overlay.dirty.extend((before, game.position))
    if race.finished:
        scene.stage = WON
        scene.sounds.play("exit")
