"""Key tables that dispatch: each binding names its keys, the help text and the command it runs.

A scene (and the shell) owns one :class:`KeyTable`; ``handle`` is a dictionary lookup, the help
overlay lists the table's rows, and a test checks that the README shows the same rows. Adding a key
is one ``Binding`` line in one table.

A command is the name of a method on the object that owns the table, called with ``args`` (and the
:class:`KeyPress` itself when ``pass_press`` is set: number keys need to know which digit it was).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..algorithms import ALGORITHMS
from ..solvers import SOLVERS

ANY = -1
"""Modifier wildcard: the binding fires whatever modifiers are held."""
NONE, SHIFT, CTRL, ALT = 0, 1, 2, 4
"""Modifier sets, normalised from pygame's left/right, caps- and num-lock flags."""


def normalise_mods(mod: int) -> int:
    """pygame's modifier bits -> NONE/SHIFT/CTRL/ALT combined (lock keys ignored)."""
    return ((SHIFT if mod & pygame.KMOD_SHIFT else 0) | (CTRL if mod & pygame.KMOD_CTRL else 0)
            | (ALT if mod & pygame.KMOD_ALT else 0))


@dataclass(frozen=True)
class KeyPress:
    """One key press as the tables see it."""

    key: int
    mods: int = NONE
    char: str = ""

    @classmethod
    def from_event(cls, key: int, mod: int, char: str = "") -> "KeyPress":
        return cls(key, normalise_mods(mod), char or "")

    @property
    def shift(self) -> bool:
        return bool(self.mods & SHIFT)


Chord = tuple[int, int]
"""``(pygame key code, modifiers)``; modifiers ANY matches whatever is held."""


def keys(*codes: int, mods: int = NONE) -> tuple[Chord, ...]:
    """Chords for several key codes with the same modifiers."""
    return tuple((code, mods) for code in codes)


@dataclass(frozen=True)
class Binding:
    """One row of a key table: what to press, what the help says, what runs."""

    label: str
    """How the help overlay and the README name the keys, e.g. ``"Tab  /  Shift+Tab"``."""
    action: str
    """What the key does, in words."""
    command: str
    """Method name on the table's owner."""
    chords: tuple[Chord, ...]
    args: tuple[Any, ...] = ()
    chars: tuple[str, ...] = ()
    """Typed characters that also fire it when no chord matched (``+`` sits on different keys
    on different keyboard layouts)."""
    pass_press: bool = False
    repeats: bool = False
    """True when holding the key repeats the command at a steady, readable pace (stepping)."""
    help: bool = True
    """False for rows folded into another row's help line."""


@dataclass
class KeyTable:
    """Bindings by chord; building it rejects two bindings on one key."""

    bindings: tuple[Binding, ...]
    _by_chord: dict[Chord, Binding] = field(init=False, repr=False)
    _by_char: dict[str, Binding] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_chord, self._by_char = {}, {}
        for binding in self.bindings:
            for chord in binding.chords:
                if chord in self._by_chord:
                    raise ValueError(f"{binding.label!r} and {self._by_chord[chord].label!r} share key {chord}")
                self._by_chord[chord] = binding
            for char in binding.chars:
                self._by_char.setdefault(char, binding)

    def __add__(self, other: "KeyTable") -> "KeyTable":
        return KeyTable(self.bindings + other.bindings)

    def find(self, press: KeyPress) -> Binding | None:
        """The binding for a press: exact modifiers first, then wildcard, then the typed character."""
        binding = self._by_chord.get((press.key, press.mods)) or self._by_chord.get((press.key, ANY))
        if binding is None and press.char and not press.mods & (CTRL | ALT):
            binding = self._by_char.get(press.char)
        return binding

    def handle(self, owner: object, press: KeyPress) -> bool:
        """Run the command bound to ``press`` on ``owner``; False when nothing is bound to it. A
        command the owner lacks is a mistake in the table: it fails at once, naming the key."""
        binding = self.find(press)
        if binding is None:
            return False
        command = getattr(owner, binding.command, None)
        if not callable(command):
            raise TypeError(f"key {binding.label!r}: {type(owner).__name__} has no command {binding.command!r}")
        if binding.pass_press:
            command(press, *binding.args)
        else:
            command(*binding.args)
        return True

    def help_rows(self) -> list[Binding]:
        return [b for b in self.bindings if b.help]

    def missing_commands(self, owner: type) -> list[str]:
        """The commands of bindings with keys that ``owner`` (a class) has no method for."""
        return [b.command for b in self.bindings if b.chords and not callable(getattr(owner, b.command, None))]

    def chords(self) -> Iterable[Chord]:
        return self._by_chord.keys()


K = pygame
ROW_DIGITS = (K.K_0, K.K_1, K.K_2, K.K_3, K.K_4, K.K_5, K.K_6, K.K_7, K.K_8, K.K_9)
KEYPAD_DIGITS = (K.K_KP0, K.K_KP1, K.K_KP2, K.K_KP3, K.K_KP4, K.K_KP5, K.K_KP6, K.K_KP7, K.K_KP8, K.K_KP9)
DIGIT_KEYS = ROW_DIGITS + KEYPAD_DIGITS


NUMBER_LAYERS = (("", NONE), ("Shift+", SHIFT), ("Ctrl+", CTRL))
"""The number keys' layers: 1 ... 9, 0 plain, then with Shift, then with Ctrl."""
NUMBER_CHOICES = len(NUMBER_LAYERS) * len(ROW_DIGITS)
"""Choices the number keys make (Tab steps through any beyond them)."""


def digit_of(key: int) -> int | None:
    """The digit a number key (main row or keypad) types, or None."""
    for row in (ROW_DIGITS, KEYPAD_DIGITS):
        if key in row:
            return row.index(key)
    return None


def number_choice(press: KeyPress) -> int | None:
    """Which choice (from 0) a number key makes: 1 ... 9, 0 the first ten, with Shift the next ten,
    with Ctrl the ten after; None for a key that types no digit."""
    digit = digit_of(press.key)
    if digit is None:
        return None
    layer = 2 if press.mods & CTRL else 1 if press.shift else 0
    return (digit - 1) % len(ROW_DIGITS) + layer * len(ROW_DIGITS)


def number_keys_help(count: int) -> str:
    """What the number keys do with ``count`` algorithms: the numbers they reach, and past the
    number keys, that Tab (which steps through every algorithm) reaches the rest."""
    def numbers(first: int, last: int) -> str:
        return f"{first}" if first == last else f"{first} to {last}"

    plain = len(ROW_DIGITS)
    words = "choose algorithm " + numbers(1, min(count, plain))
    layers = [f"with {prefix.rstrip('+')}: {numbers(k * plain + 1, min(count, (k + 1) * plain))}"
              for k, (prefix, _) in enumerate(NUMBER_LAYERS) if k and count > k * plain]
    if count > NUMBER_CHOICES:
        layers.append(f"Tab reaches {numbers(NUMBER_CHOICES + 1, count)}")
    return words + (f" ({'; '.join(layers)})" if layers else "")


def solvers_help() -> str:
    """The V key's help: every registered solver, in the order V steps through them."""
    return "next / previous solver: " + ", ".join(solver.title for solver in SOLVERS.values())


SHELL_KEYS = KeyTable((
    Binding("H  or  F1", "show / hide this help", "toggle_help", keys(K.K_h, K.K_F1)),
    Binding("Ctrl+S  or  F12", "save a PNG screenshot", "save_screenshot",
            keys(K.K_s, mods=CTRL) + keys(K.K_F12, mods=ANY)),
    Binding("F9", "record the board to a GIF / stop and save it", "toggle_recording", keys(K.K_F9, mods=ANY)),
    Binding("F11", "full screen on / off", "toggle_fullscreen", keys(K.K_F11, mods=ANY)),
    Binding("Ctrl+=  /  Ctrl+-", "larger / smaller panel text (projector)", "scale_text",
            keys(K.K_EQUALS, K.K_PLUS, K.K_KP_PLUS, mods=CTRL) + keys(K.K_EQUALS, mods=CTRL | SHIFT), args=(+1,)),
    Binding("Ctrl+-", "", "scale_text", keys(K.K_MINUS, K.K_KP_MINUS, mods=CTRL), args=(-1,), help=False),
    Binding("Z", "the whole maze; in play, Z again follows you (wheel zooms, drag pans)", "fit_view",
            keys(K.K_z) + keys(K.K_z, mods=SHIFT)),  # not with Ctrl: Ctrl+Z undoes an edit
    Binding("F7", "next colour theme: dark / light / high-contrast (remembered)", "cycle_theme",
            keys(K.K_F7, mods=ANY)),
    Binding("F8", "walls thin / normal / thick (remembered)", "cycle_walls", keys(K.K_F8, mods=ANY)),
    Binding("F10", "layout: side panel / presenting (words under the board) / board only (remembered)",
            "cycle_layout", keys(K.K_F10, mods=ANY)),
))
"""Keys that work in every scene; the shell looks here before asking the scene."""

WATCH_KEYS = KeyTable((
    Binding("Space", "pause / resume", "toggle_pause", keys(K.K_SPACE)),
    Binding("Right  or  .", "one algorithm step forward (pauses; hold to repeat)", "step_forward",
            keys(K.K_RIGHT, K.K_PERIOD, K.K_KP_PERIOD), repeats=True),
    Binding("Left  or  ,", "one algorithm step back (hold to repeat)", "step_back", keys(K.K_LEFT, K.K_COMMA),
            repeats=True),
    Binding("Shift+Right  /  Shift+Left", "one event forward / back", "step_event",
            keys(K.K_RIGHT, K.K_PERIOD, mods=SHIFT), args=(+1,), repeats=True),
    Binding("Shift+Left", "", "step_event", keys(K.K_LEFT, K.K_COMMA, mods=SHIFT), args=(-1,), repeats=True,
            help=False),
    Binding("E", "explain each step: pseudocode, sentences, data (on / off)", "toggle_explain",
            keys(K.K_e)),
    Binding("Ctrl+E", "save the narration so far (every step's sentence) as Markdown beside the screenshots",
            "save_narration", keys(K.K_e, mods=CTRL)),
    Binding("F6  /  Shift+F6", "bookmark this moment / save the bookmarks as a lesson beside the screenshots",
            "bookmark", ()),  # the window's bookmarks answer these keys before the scene (app/bookmarks.py)
    Binding("L", "run until the lit pseudocode line runs again (a breakpoint)", "run_to_line", keys(K.K_l)),
    Binding("PgDn", "run to the start of the next phase", "run_to_phase", keys(K.K_PAGEDOWN)),
    Binding("Home  /  End", "jump to the start / the finished maze (or solve)", "jump", keys(K.K_HOME), args=(-1,)),
    Binding("End", "", "jump", keys(K.K_END), args=(+1,), help=False),
    Binding("+  /  -", "faster / slower (1 event/s ... instant)", "change_speed",
            keys(K.K_PLUS, K.K_KP_PLUS, K.K_EQUALS) + keys(K.K_EQUALS, K.K_KP_PLUS, mods=SHIFT),
            args=(+1,), chars=("+",)),
    Binding("-", "", "change_speed", keys(K.K_MINUS, K.K_KP_MINUS), args=(-1,), chars=("-",), help=False),
    Binding("Tab  /  Shift+Tab", "next / previous algorithm", "cycle_algorithm", keys(K.K_TAB), args=(+1,)),
    Binding("Shift+Tab", "", "cycle_algorithm", keys(K.K_TAB, mods=SHIFT), args=(-1,), help=False),
    Binding("1 ... 9, 0", number_keys_help(len(ALGORITHMS)), "choose_algorithm_number",
            tuple(chord for _, mods in NUMBER_LAYERS for chord in keys(*DIGIT_KEYS, mods=mods)), pass_press=True),
    Binding("G", "next grid shape", "cycle_grid", keys(K.K_g, mods=ANY)),
    Binding("[  /  ]", "smaller / larger maze", "resize_maze", keys(K.K_LEFTBRACKET), args=(-1,)),
    Binding("]", "", "resize_maze", keys(K.K_RIGHTBRACKET), args=(+1,), help=False),
    Binding("R", "restart: same seed, same maze, step for step", "restart", keys(K.K_r)),
    Binding("N", "new random seed", "new_seed", keys(K.K_n)),
    Binding("S", "solve with the chosen solver (again: clear)", "toggle_solve", keys(K.K_s)),
    Binding("V  /  Shift+V", solvers_help(), "cycle_solver",
            keys(K.K_v), args=(+1,)),
    Binding("Shift+V", "", "cycle_solver", keys(K.K_v, mods=SHIFT), args=(-1,), help=False),
    Binding("Click  /  Shift+click", "set the solver's start / goal (S then solves between them)", "",
            (), help=True),
    Binding("Click a wall", "finished maze: open / close it; drag a marker: move the entrance, exit, start or "
            "goal; Ctrl+drag: remove / restore cells; Shift+drag: paint cell costs (the solver runs again)", "", ()),
    Binding("Ctrl+Z  /  Ctrl+Y", "undo / redo the last edit", "undo_edit", keys(K.K_z, mods=CTRL)),
    Binding("Ctrl+Y", "", "redo_edit", keys(K.K_y, mods=CTRL) + keys(K.K_z, mods=CTRL | SHIFT), help=False),
    Binding("Ctrl+J  /  Ctrl+A", "save the maze, edits too, as JSON / re-solve after an edit at once or animated",
            "save_json", keys(K.K_j, mods=CTRL)),
    Binding("Ctrl+A", "", "toggle_animated_resolve", keys(K.K_a, mods=CTRL), help=False),
    Binding("B", "braid: open 0 / 25 / 50 / 100 % of dead ends (loops)", "cycle_braid", keys(K.K_b)),
    Binding("M", "metrics panel: dead ends, longest path, bias", "toggle_metrics", keys(K.K_m)),
    Binding("D", "distance map: colour cells by steps from the entrance (or the clicked cell)",
            "toggle_distance_map", keys(K.K_d)),
    Binding("F", "show the longest path in the maze, its two ends and length", "toggle_longest", keys(K.K_f)),
    Binding("P", "play this maze with the arrow keys", "play", keys(K.K_p)),
    Binding("C", "compare: this maze's grid, size and seed built by 4 algorithms side by side", "compare",
            keys(K.K_c)),
    Binding("U", "uniformity lab: how often each algorithm makes each maze of a tiny grid", "open_lab",
            keys(K.K_u)),
    Binding("K  /  Shift+K  /  Ctrl+K", "quiz on / off / how often it asks / save its score as CSV",
            "toggle_quiz", keys(K.K_k)),
    Binding("Shift+K", "", "cycle_quiz_cadence", keys(K.K_k, mods=SHIFT), help=False),
    Binding("Ctrl+K", "", "save_quiz", keys(K.K_k, mods=CTRL), help=False),
    Binding("Esc  or  Q", "close help, or quit", "quit", keys(K.K_ESCAPE, K.K_q)),
))

COMPARE_KEYS = KeyTable((
    Binding("Space", "pause / resume every pane", "toggle_pause", keys(K.K_SPACE)),
    Binding("T", "pacing: lockstep (same events each) / race (same time each)", "toggle_pacing", keys(K.K_t)),
    Binding("Right  /  Left", "one event forward / back in every pane (pauses; hold to repeat)", "step_forward",
            keys(K.K_RIGHT, K.K_PERIOD), repeats=True),
    Binding("Left", "", "step_back", keys(K.K_LEFT, K.K_COMMA), repeats=True, help=False),
    Binding("+  /  -", "faster / slower", "change_speed",
            keys(K.K_PLUS, K.K_KP_PLUS, K.K_EQUALS) + keys(K.K_EQUALS, K.K_KP_PLUS, mods=SHIFT),
            args=(+1,), chars=("+",)),
    Binding("-", "", "change_speed", keys(K.K_MINUS, K.K_KP_MINUS), args=(-1,), chars=("-",), help=False),
    Binding("1 ... 4", "choose a pane", "choose_pane", keys(*DIGIT_KEYS), pass_press=True),
    Binding("Tab  /  Shift+Tab", "next / previous algorithm in the chosen pane", "cycle_algorithm", keys(K.K_TAB),
            args=(+1,)),
    Binding("Shift+Tab", "", "cycle_algorithm", keys(K.K_TAB, mods=SHIFT), args=(-1,), help=False),
    Binding("G", "next grid shape (one every pane runs on)", "cycle_grid", keys(K.K_g, mods=ANY)),
    Binding("[  /  ]", "smaller / larger mazes", "resize_maze", keys(K.K_LEFTBRACKET), args=(-1,)),
    Binding("]", "", "resize_maze", keys(K.K_RIGHTBRACKET), args=(+1,), help=False),
    Binding("R", "restart every pane: same seed, same mazes", "restart", keys(K.K_r)),
    Binding("N", "new random seed for every pane", "new_seed", keys(K.K_n)),
    Binding("S", "every pane solves its own maze (again: clear)", "toggle_solve", keys(K.K_s)),
    Binding("V  /  Shift+V", "next / previous solver", "cycle_solver", keys(K.K_v), args=(+1,)),
    Binding("Shift+V", "", "cycle_solver", keys(K.K_v, mods=SHIFT), args=(-1,), help=False),
    Binding("Esc", "back to the single maze", "leave_key", keys(K.K_ESCAPE, K.K_q)),
))

PLAY_KEYS = KeyTable((
    Binding("X", "give up: show the shortest path", "give_up", keys(K.K_x)),
    Binding("R", "restart this level", "restart_level", keys(K.K_r)),
    Binding("F", "fog of war on / off", "toggle_fog", keys(K.K_f)),
    Binding("G", "race a ghost: off / easy / medium / hard (2, 4, 7 cells a second)", "cycle_ghost", keys(K.K_g)),
    Binding("M", "sound on / off", "toggle_sound", keys(K.K_m)),
    Binding("V", "first-person view on / off (Up walks on, Left / Right turn)", "toggle_view", keys(K.K_v)),
    Binding("B", "first person: the minimap on / off; start screen: back to the game you replaced", "b_key",
            keys(K.K_b)),
    Binding("Enter  or  Space", "next level (after a win); start screen: continue", "confirm",
            keys(K.K_RETURN, K.K_KP_ENTER, K.K_SPACE)),
    Binding("L", "after a win: hide the box to see your route beside the shortest one; start screen: choose a "
            "level you have reached", "l_key", keys(K.K_l)),
    Binding("C", "start screen: continue the saved game", "continue_game", keys(K.K_c)),
    Binding("N", "start screen: new game (asks first when a game is saved)", "new_game_key", keys(K.K_n)),
    Binding("Y", "start screen: yes, replace the saved game with a new one", "confirm_new_game", keys(K.K_y)),
    Binding("2", "start screen: race a friend, two players on one keyboard (arrows and W A S D)", "race_key",
            keys(K.K_2, K.K_KP2)),
    Binding("K", "drop a breadcrumb on your cell (again: pick it up)", "toggle_crumb", keys(K.K_k)),
    Binding("Esc", "save and leave play", "leave_key", keys(K.K_ESCAPE)),
))
"""Play keys besides movement; moves come from the grid's own key map (``Grid.PLAY_KEYS``)."""


def markdown_table(rows: Iterable[Binding]) -> str:
    """The README's key table for some help rows (a test checks the README holds exactly this)."""
    lines = ["| key | action |", "|---|---|"]
    lines += [f"| {b.label} | {b.action} |" for b in rows]
    return "\n".join(lines)
