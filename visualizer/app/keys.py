"""Every key the app knows, in one table: the help overlay and the README are written from it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Binding:
    keys: str
    action: str


WATCH_KEYS: tuple[Binding, ...] = (
    Binding("Space", "pause / resume"),
    Binding("Right  or  .", "one event forward (pauses first)"),
    Binding("Left  or  ,", "one event back (replays the same seed)"),
    Binding("+  /  -", "faster / slower (1 event/s ... instant)"),
    Binding("Tab  /  Shift+Tab", "next / previous algorithm"),
    Binding("1 ... 9, 0", "choose algorithm 1 to 10 (with Shift: 11 to 15)"),
    Binding("G", "switch square / hex grid"),
    Binding("[  /  ]", "smaller / larger maze"),
    Binding("R", "restart: same seed, same maze, step for step"),
    Binding("N", "new random seed"),
    Binding("S", "solve with the chosen solver (again: clear)"),
    Binding("V  /  Shift+V", "next / previous solver: BFS, A*, DFS, wall followers, dead ends"),
    Binding("B", "braid: open 0 / 25 / 50 / 100 % of dead ends (loops)"),
    Binding("M", "metrics panel: dead ends, longest path, bias"),
    Binding("P", "play this maze with the arrow keys"),
    Binding("Ctrl+S  or  F12", "save a PNG screenshot"),
    Binding("H  or  F1", "show / hide this help"),
    Binding("Esc  or  Q", "close help, or quit"),
)

PLAY_KEYS: tuple[Binding, ...] = (
    Binding("Arrows  or  W A S D", "move (square grids)"),
    Binding("Up / Down  or  W / S", "hex: north / south"),
    Binding("Left / Right", "hex: the open west / east side, toward your last up/down"),
    Binding("Q  E  /  A  D", "hex: north-west, north-east / south-west, south-east"),
    Binding("X", "give up: show the shortest path"),
    Binding("R", "restart this level"),
    Binding("F", "fog of war on / off"),
    Binding("Enter  or  Space", "next level (after a win)"),
    Binding("C  /  N", "start screen: continue / new game"),
    Binding("Ctrl+S  or  F12", "save a PNG screenshot"),
    Binding("H  or  F1", "show / hide this help"),
    Binding("Esc", "save and leave play"),
)
