"""Key tables as a person presses keys: with the left or the right Shift, Ctrl or Alt, with Caps Lock
or Num Lock on, and on keyboard layouts where "+" sits on another key."""

import re
from itertools import product

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.app.keys import (
    ALT,
    ANY,
    CTRL,
    DIGIT_KEYS,
    NONE,
    NUMBER_CHOICES,
    PLAY_KEYS,
    ROW_DIGITS,
    SHELL_KEYS,
    SHIFT,
    WATCH_KEYS,
    KeyPress,
    digit_of,
    number_choice,
    number_keys_help,
)
from visualizer.app.pacing import next_algorithm
from visualizer.app.scenes import SCENES
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS


def tables():
    """What each scene answers to: the shell's keys and its own (joined here, as the shell does)."""
    scenes = {name: getattr(factory, "__self__", factory) for name, factory in SCENES.items()}
    assert scenes["watch"].keys is WATCH_KEYS and scenes["play"].keys is PLAY_KEYS
    return {"shell": SHELL_KEYS, **{name: SHELL_KEYS + scene.keys for name, scene in scenes.items()}}


HANDS = {SHIFT: (pygame.KMOD_LSHIFT, pygame.KMOD_RSHIFT), CTRL: (pygame.KMOD_LCTRL, pygame.KMOD_RCTRL),
         ALT: (pygame.KMOD_LALT, pygame.KMOD_RALT)}
LOCKS = (0, pygame.KMOD_CAPS, pygame.KMOD_NUM, pygame.KMOD_CAPS | pygame.KMOD_NUM)


def ways_to_hold(mods: int) -> list[int]:
    """Every pygame modifier state a person can produce for ``mods``: left, right or both keys of
    each modifier, with any lock key on."""
    choices = [(left, right, left | right) for flag, (left, right) in HANDS.items() if mods & flag]
    return [sum(held) | lock for held in product(*choices) for lock in LOCKS]


def test_every_key_works_with_either_hand_and_with_caps_or_num_lock_on():
    """Right Ctrl+S saves a screenshot like left Ctrl+S; Tab with Caps Lock on is still Tab (next
    algorithm), not Shift+Tab."""
    for name, table in tables().items():
        for binding in table.bindings:
            for code, mods in binding.chords:
                for held in ways_to_hold(NONE if mods == ANY else mods):
                    found = table.find(KeyPress.from_event(code, held))
                    assert found is binding, (name, binding.label, pygame.key.name(code), hex(held))


def test_lock_keys_alone_never_count_as_a_modifier():
    for lock in LOCKS:
        assert KeyPress.from_event(pygame.K_TAB, lock).mods == NONE


BOUND = {code for table in (SHELL_KEYS, WATCH_KEYS, PLAY_KEYS) for code, _ in table.chords()}
UNBOUND_CODES = sorted({getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")} - BOUND)


@given(code=st.sampled_from(UNBOUND_CODES), char=st.sampled_from("+-"),
       shift=st.booleans(), lock=st.sampled_from(LOCKS))
def test_a_typed_plus_or_minus_changes_the_speed_whichever_key_it_is_on(code, char, shift, lock):
    """On layouts where "+" is not on the = key, the typed character still changes the speed."""
    mod = (pygame.KMOD_RSHIFT if shift else 0) | lock
    found = tables()["watch"].find(KeyPress.from_event(code, mod, char))
    assert found is not None and found.command == "change_speed"
    assert found.args == ((+1,) if char == "+" else (-1,))


@given(code=st.sampled_from(UNBOUND_CODES), char=st.sampled_from("+-"),
       held=st.sampled_from([pygame.KMOD_LCTRL, pygame.KMOD_RCTRL, pygame.KMOD_LALT, pygame.KMOD_RALT]))
def test_a_typed_character_with_ctrl_or_alt_held_is_not_a_speed_key(code, char, held):
    """Ctrl and Alt make a shortcut (Ctrl+- is text size), never the plain typed character."""
    found = tables()["watch"].find(KeyPress.from_event(code, held, char))
    assert found is None or found.command != "change_speed"


def test_number_keys_on_the_row_and_the_keypad_type_the_same_digit():
    for digit in range(10):
        row = getattr(pygame, f"K_{digit}")
        pad = getattr(pygame, f"K_KP{digit}")
        assert digit_of(row) == digit_of(pad) == digit
    assert digit_of(pygame.K_a) is None and digit_of(pygame.K_KP_PLUS) is None


def test_a_number_key_tells_its_command_which_digit_and_whether_shift_was_held():
    """1 ... 9, 0 choose algorithms 1 to 10, with Shift 11 to 20: the command needs the press."""
    chosen = []

    class Watch:
        def choose_algorithm_number(self, press):
            chosen.append((digit_of(press.key), press.shift))

    table = tables()["watch"]
    presses = ((pygame.K_3, 0), (pygame.K_KP7, 0), (pygame.K_0, pygame.KMOD_RSHIFT), (pygame.K_5, pygame.KMOD_LSHIFT))
    for code, mod in presses:
        assert table.handle(Watch(), KeyPress.from_event(code, mod))
    assert chosen == [(3, False), (7, False), (0, True), (5, True)]


def owners():
    """Each key table with the class whose methods its commands name: the shell and every scene."""
    from visualizer.app.shell import Shell

    scenes = {name: getattr(factory, "__self__", factory) for name, factory in SCENES.items()}
    return {"shell": (SHELL_KEYS, Shell), **{name: (cls.keys, cls) for name, cls in scenes.items()}}


def test_every_key_runs_a_command_its_owner_has():
    """A key whose command was renamed or mistyped would do nothing but fail when pressed: every
    binding that has keys names a method of the shell or of its scene."""
    for name, (table, owner) in owners().items():
        for binding in table.bindings:
            if binding.chords:
                assert callable(getattr(owner, binding.command, None)), (name, binding.label, binding.command)
        assert table.missing_commands(owner) == []


def test_a_key_bound_to_a_missing_command_fails_at_once_and_names_the_key():
    from visualizer.app.keys import Binding, KeyTable, keys
    from visualizer.app.scene import Scene

    table = KeyTable((Binding("Q", "quit", "quitt", keys(pygame.K_q)),))
    with pytest.raises(TypeError, match="'Q'.*quitt"):
        table.handle(object(), KeyPress(pygame.K_q))
    with pytest.raises(TypeError, match="quitt"):
        type("Typo", (Scene,), {"keys": table})  # a scene with that table is refused when it is defined


def help_action(command):
    (row,) = [b for b in WATCH_KEYS.help_rows() if b.command == command]
    return row.action


def reachable_by_number_keys(count):
    """The algorithm numbers (from 0) that some number key chooses with ``count`` algorithms."""
    presses = [KeyPress(code, mods) for code in DIGIT_KEYS for mods in (NONE, SHIFT, CTRL)]
    return {i for i in map(number_choice, presses) if i is not None and i < count}


@given(count=st.integers(1, 60))
def test_the_number_key_help_names_what_the_keys_reach_and_how_to_reach_the_rest(count):
    """The help's numbers are the ones the keys choose (with Shift: 11 to 20, Ctrl: 21 to 30); an algorithm
    past the number keys is named as reached with Tab, which steps through all of them."""
    words = number_keys_help(count)
    reached = reachable_by_number_keys(count)
    assert reached == set(range(min(count, NUMBER_CHOICES)))
    numbers = [int(n) for n in re.findall(r"\d+", words)]
    assert numbers[0] == 1 and max(numbers) == count
    assert ("Shift" in words) == (count > len(ROW_DIGITS))
    assert ("Ctrl" in words) == (count > 2 * len(ROW_DIGITS))
    assert ("Tab reaches" in words) == (count > NUMBER_CHOICES)
    if count > NUMBER_CHOICES:
        assert f"Tab reaches {NUMBER_CHOICES + 1}" in words


def test_the_watch_help_follows_the_algorithm_and_solver_registries():
    """Registering an algorithm or a solver changes the help with it: the number keys' range is the
    algorithm count, the V row names every solver in the order V steps through them."""
    assert help_action("choose_algorithm_number") == number_keys_help(len(ALGORITHMS))
    assert max(int(n) for n in re.findall(r"\d+", help_action("choose_algorithm_number"))) == len(ALGORITHMS)
    solvers = help_action("cycle_solver")
    positions = [solvers.index(solver.title) for solver in SOLVERS.values()]
    assert positions == sorted(positions)


def test_tab_reaches_every_algorithm_that_runs_on_the_grid():
    """However many algorithms there are, Tab from any of them steps through all that run there."""
    grid = MazeSpec("backtracker", "square", 8, 6, 1).make_grid()
    runs_here = {name for name, info in ALGORITHMS.items() if info.supports(grid)}
    for start in runs_here:
        seen, name = {start}, start
        for _ in range(len(ALGORITHMS)):
            name = next_algorithm(name, grid, +1)
            seen.add(name)
        assert seen == runs_here


def test_no_shell_key_hides_a_scenes_key():
    """The shell looks at a press first, so a scene's key that a shell binding also matches (a
    wildcard like Z with any modifier once did, eating Ctrl+Z) would never reach the scene."""
    for name, scene in SCENES.items():
        table = getattr(scene, "__self__", scene).keys
        for code, mods in table.chords():
            if mods == ANY:
                continue
            hidden = SHELL_KEYS.find(KeyPress(code, mods))
            assert hidden is None, f"{name}: {pygame.key.name(code)} with mods {mods} runs the shell's {hidden.label}"


def test_ctrl_z_reaches_the_watch_scene_and_plain_z_the_shell():
    assert SHELL_KEYS.find(KeyPress(pygame.K_z, CTRL)) is None
    assert WATCH_KEYS.find(KeyPress(pygame.K_z, CTRL)).command == "undo_edit"
    assert SHELL_KEYS.find(KeyPress(pygame.K_z)).command == "fit_view"
    assert SHELL_KEYS.find(KeyPress(pygame.K_z, SHIFT)).command == "fit_view"
