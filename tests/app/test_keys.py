"""Key tables as a person presses keys: with the left or the right Shift, Ctrl or Alt, with Caps Lock
or Num Lock on, and on keyboard layouts where "+" sits on another key."""

from itertools import product

import pygame
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.keys import (
    ALT,
    ANY,
    CTRL,
    NONE,
    PLAY_KEYS,
    SHELL_KEYS,
    SHIFT,
    WATCH_KEYS,
    KeyPress,
    digit_of,
)
from visualizer.app.scenes import SCENES


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
