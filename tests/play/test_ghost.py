"""The ghost to race: where it is at each moment, and what the win screen says about the race."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from visualizer.play.ghost import Ghost, next_level, race_result


def test_the_ghost_stands_on_the_exit_the_moment_it_arrives():
    ghost = Ghost((5, 6, 7, 8, 9), 4.0)
    assert ghost.where(ghost.arrival) == (9, 9, 0.0)
    assert ghost.where(ghost.arrival + 0.3) == (9, 9, 0.0)
    assert ghost.where(0.875) == (8, 9, 0.5)  # half way along the last step


@given(steps=st.integers(1, 30), pace=st.sampled_from([2.0, 4.0, 7.0, 8.0, 10.0, 20.0]),
       seconds=st.floats(0, 10, allow_nan=False))
@example(steps=1, pace=20.0, seconds=0.0)  # the ghost arrives 0.05 s after you: it reads "by 0.1 s"
@example(steps=1, pace=10.0, seconds=0.15)  # 0.05 s behind the ghost
@example(steps=4, pace=4.0, seconds=1.0)  # together
def test_the_race_line_never_calls_a_visible_gap_a_dead_heat(steps, pace, seconds):
    """The gap is shown to a tenth of a second: a dead heat exactly when it would read 0.0 s."""
    ghost = Ghost(tuple(range(steps + 1)), pace)
    gap = ghost.arrival - seconds
    shown = f"{abs(gap):.1f}"
    line = race_result(ghost, seconds)
    if shown == "0.0":
        assert line == "A dead heat with the ghost!"
    elif gap > 0:
        assert line == f"You beat the ghost by {shown} s"
    else:
        assert line == f"The ghost arrived {shown} s before you"


def test_the_ghost_walks_its_path_at_its_pace_and_stops_at_the_exit():
    ghost = Ghost((5, 6, 7, 8, 9), 4.0)
    assert ghost.arrival == 1.0
    assert ghost.where(0) == (5, 6, 0.0)
    assert ghost.where(0.375) == (6, 7, 0.5)
    assert ghost.where(5.0) == (9, 9, 0.0) and ghost.arrived(1.0) and not ghost.arrived(0.99)
    assert race_result(ghost, 0.5) == "You beat the ghost by 0.5 s"
    assert race_result(ghost, 3.25) == "The ghost arrived 2.2 s before you"
    assert next_level("off") == "easy" and next_level("hard") == "off" and next_level("bogus") == "off"
