"""The rules of walking a maze: where the player is, which moves are legal, when a level is won.

Pure Python: the window turns keys into ``move_named`` calls (the grid's ``PLAY_KEYS`` name the
moves) and draws the state; the grid says which direction a named move walks.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import partial

from ..core.distance import distances_from
from ..core.maze import Maze
from ..grids import GRIDS, move_axis
from ..run.spec import MazeSpec
from ..solvers import shortest_path
from .doors import Layout, place, route, solve
from .levels import FINAL_LEVEL, level_size
from .minotaur import MINOTAUR_FROM, Minotaur, way_to

SIGHT = 3
"""How many steps along open passages the player can see with fog of war on."""
CAUGHT = "The minotaur caught you: the level starts again"
MAX_CRUMBS = 5_000
"""Breadcrumbs a level holds at most (a save lists each one)."""


@dataclass
class Game:
    """One level being played."""

    spec: MazeSpec
    maze: Maze
    level: int = 1
    position: int = -1
    trail: list[int] = field(default_factory=list)
    moves: int = 0
    elapsed: float = 0.0
    played: float = 0.0
    """Seconds spent on this game before this try of this level (earlier levels, earlier tries)."""
    fog: bool = False
    seen: set[int] = field(default_factory=set)
    gave_up: bool = False
    skipped: list[int] = field(default_factory=list)
    """Levels of this game given up and passed by (the final screen counts them: not won)."""
    last_moves: dict[str, str] = field(default_factory=dict)
    """The last move pressed along each axis ("vertical": up or down, "across": left or right),
    walls bumped into included: breaks ties for moves with two ways to go (Left / Right on hex,
    Up on a disc where the ring splits)."""
    started: bool = False
    """True from the player's first move key (a bump too): the level's clock and the ghost wait for it,
    so nobody is behind before they have looked at the maze."""
    layout: Layout = field(default_factory=Layout)
    """Doors and keys (from level DOORS_FROM)."""
    keys_held: list[str] = field(default_factory=list)
    """Colours of the keys picked up this try: their doors are open."""
    minotaur: Minotaur | None = None
    crumbs: list[int] = field(default_factory=list)
    """Cells marked with a breadcrumb, in the order dropped: the player's own notes about the maze,
    so a restart (R, being caught) keeps them; a new level starts without."""
    first_level: int = 1
    """The level this game started at (level select starts one further on): the end counts from it."""
    daily: str = ""
    """The date (YYYY-MM-DD) of a daily maze, empty for any other: its records are its own."""
    own: bool = False
    """A maze of one's own (P in the maze view): "your maze", sized like a level but not one of
    the series, so it reaches no level and a save of it continues as "your maze"."""
    notice: str = ""
    """The latest thing the rules have to say (a locked door, a key, being caught); the window shows it."""

    def __post_init__(self) -> None:
        if self.position < 0:
            self.position = self.maze.entrance[0]
        if not self.trail:
            self.trail = [self.position]
        self.shortest = int(distances_from(self.maze, self.maze.entrance[0])[self.goal])
        if self.layout.doors:  # the par fetches the keys on the way
            self.shortest = solve(self.maze, self.layout, self.maze.entrance[0], self.goal)[0] or self.shortest
        """Steps of the shortest way from the entrance to the exit (the level's par)."""
        self.look_around()

    @classmethod
    def new_level(cls, level: int, base: MazeSpec, fog: bool = False) -> "Game":
        """Level ``level`` of a game: a fresh maze of the base's algorithm and grid, sized for the level."""
        width, height = level_size(level, base.mask, GRIDS[base.grid])
        spec = base.with_(width=width, height=height)
        maze = spec.build()
        layout = place(maze, level, spec.seed)
        way = route(maze, layout, maze.entrance[0], maze.exit[0])
        minotaur = Minotaur.placed(maze, spec.seed, way) if level >= MINOTAUR_FROM else None
        return cls(spec=spec, maze=maze, level=level, fog=fog, layout=layout, minotaur=minotaur)

    # --- state --------------------------------------------------------------------

    @property
    def goal(self) -> int:
        return self.maze.exit[0]

    @property
    def won(self) -> bool:
        return self.position == self.goal and not self.gave_up

    @property
    def finished(self) -> bool:
        """Won or given up: the level is over."""
        return self.won or self.gave_up

    @property
    def is_final_level(self) -> bool:
        return self.level >= FINAL_LEVEL

    @property
    def level_words(self) -> str:
        """The level as messages name it ("level 3"); a maze of one's own is "your maze", as the panel
        says, never the level it is only sized like."""
        return "your maze" if self.own else f"level {self.level}"

    @property
    def clock_running(self) -> bool:
        """The clock runs from the first move key (a continued level that had time on it runs at once)."""
        return self.started or self.moves > 0 or self.elapsed > 0

    def tick(self, seconds: float) -> None:
        """Time passes on the level's clock once it runs and until the level is over."""
        if self.clock_running and not self.finished:
            self.elapsed += seconds

    @property
    def efficiency(self) -> float:
        """Shortest path length over the moves made (1.0 = perfect)."""
        return self.shortest / self.moves if self.moves else 1.0

    @property
    def minotaur_in_sight(self) -> bool:
        """The minotaur is there to see: anywhere without fog, within SIGHT steps in fog (the board
        draws it and the legend names it only then)."""
        minotaur = self.minotaur
        return minotaur is not None and (not self.fog or way_to(self.maze, self.position, minotaur.position, SIGHT)
                                         is not None)

    def look_around(self) -> None:
        """Remember every cell within SIGHT steps of the player (fog of war)."""
        seen = {self.position}
        frontier = deque([(self.position, 0)])
        while frontier:
            cell, depth = frontier.popleft()
            if depth == SIGHT:
                continue
            for nb in self.maze.open_neighbours(cell):
                if nb not in seen:
                    seen.add(nb)
                    frontier.append((nb, depth + 1))
        self.seen |= seen

    # --- moving -------------------------------------------------------------------

    def move(self, direction: int) -> bool:
        """Step through the passage in ``direction``; False (and nothing changes) if a wall is there."""
        if not self.finished:
            self.started = True
        if self.finished or not self.maze.is_open(self.position, direction):
            return False
        target = self.maze.grid.neighbour(self.position, direction)
        if target < 0 or self.locked(self.position, target):
            return False
        self.position = target
        self.moves += 1
        self.trail.append(target)
        self.look_around()
        self.pick_up(target)
        self.check_caught()
        return True

    def locked(self, a: int, b: int) -> bool:
        """True (and a notice says why) when a door without its key closes the passage a - b."""
        door = self.layout.door_on(a, b)
        if door is None or door.colour in self.keys_held:
            return False
        self.notice = f"The {door.colour} door is locked: find the {door.colour} key"
        return True

    def pick_up(self, cell: int) -> None:
        colour = self.layout.key_at(cell)
        if colour is not None and colour not in self.keys_held:
            self.keys_held.append(colour)
            self.notice = f"You picked up the {colour} key: the {colour} door opens"

    def advance(self, seconds: float) -> bool:
        """Let the minotaur walk (from the player's first move, while the level is on); True when it
        caught the player (the level has restarted)."""
        if self.minotaur is None or self.finished or not self.moves:
            return False
        pace = self.moves / self.elapsed if self.elapsed > 1.0 else 4.0
        self.minotaur.advance(seconds, self.maze, self.position, pace, self.door_closed)
        return self.check_caught()

    def door_closed(self, a: int, b: int) -> bool:
        door = self.layout.door_on(a, b)
        return door is not None and door.colour not in self.keys_held

    def check_caught(self) -> bool:
        """On the minotaur's cell: the level restarts (True)."""
        if self.minotaur is None or self.minotaur.position != self.position or self.finished:
            return False
        self.restart_level()
        self.notice = CAUGHT
        return True

    def toggle_crumb(self) -> bool:
        """Drop a breadcrumb on the player's cell, or pick up the one there; True when one was dropped."""
        if self.position in self.crumbs:
            self.crumbs.remove(self.position)
            self.notice = "Breadcrumb picked up"
            return False
        if len(self.crumbs) >= MAX_CRUMBS:
            self.notice = f"No more breadcrumbs: {MAX_CRUMBS:,} is the most a level holds"
            return False
        self.crumbs.append(self.position)
        self.notice = f"Breadcrumb dropped ({len(self.crumbs)} on this level)"
        return True

    def move_named(self, name: str) -> bool:
        """Move by name ("up", "down-left"...): the grid turns the name into a direction here."""
        self.started = True
        is_open = partial(self.maze.is_open, self.position)
        direction = self.maze.grid.move_direction(name, is_open, self.last_moves)
        axis = move_axis(name)
        if axis is not None:
            self.last_moves[axis] = name
        return direction >= 0 and self.move(direction)

    def give_up(self) -> list[int]:
        """End the level and return the shortest path from where the player stands to the goal."""
        self.gave_up = True
        return self.route()

    def route(self) -> list[int]:
        """The shortest way from where the player stands to the goal, fetching the keys it needs."""
        if not self.layout.doors:
            return shortest_path(self.maze, self.position, self.goal)
        return route(self.maze, self.layout, self.position, self.goal, frozenset(self.keys_held))

    def restart_level(self) -> None:
        """Back to the entrance of the same maze, counters cleared (the time still counts as played)."""
        self.played += self.elapsed
        self.position = self.maze.entrance[0]
        self.trail = [self.position]
        self.moves = 0
        self.elapsed = 0.0
        self.gave_up = False
        self.started = False
        self.seen = set()
        self.last_moves = {}
        self.keys_held = []
        if self.minotaur is not None:
            self.minotaur.reset()
        self.look_around()

    @property
    def time_played(self) -> float:
        """Seconds spent on the whole game so far."""
        return self.played + self.elapsed

    def next_level(self) -> "Game":
        """The next level; a level given up and passed by is counted as skipped, not won."""
        game = Game.new_level(self.level + 1, self.spec.with_(seed=self.spec.seed + 1), fog=self.fog)
        game.played = self.time_played
        game.first_level = self.first_level
        game.skipped = [*self.skipped, *([self.level] if self.gave_up else [])]
        return game
