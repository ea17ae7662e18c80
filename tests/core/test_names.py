"""A name no registry holds: the message suggests the nearest names (a typo is the usual cause)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS, get_algorithm
from visualizer.core.names import looks_like_file, unknown
from visualizer.solvers import SOLVERS, get_solver


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_an_algorithm_name_cut_short_or_with_a_letter_dropped_suggests_it(name):
    for typo in {name[:-1], name[:3] + name[4:]} - set(ALGORITHMS):
        with pytest.raises(ValueError) as refused:
            get_algorithm(typo)
        hint = str(refused.value).split("; choose one of")[0]
        assert "did you mean" in hint and name in hint, typo


@pytest.mark.parametrize("name", list(SOLVERS))
def test_a_solver_name_in_capitals_with_its_last_letter_lost_suggests_it(name):
    with pytest.raises(ValueError) as refused:
        get_solver(name.upper()[:-1] if len(name) > 3 else name.upper() + "x")
    assert name in str(refused.value).split("; choose one of")[0]


@given(st.text(max_size=12).filter(lambda name: not looks_like_file(name)))
def test_the_message_is_one_line_that_lists_every_name_and_suggests_only_known_ones(name):
    names = ["kruskal", "prim", "wilson", "prim_true"]
    words = unknown("algorithm", name, names)
    assert "\n" not in words.replace(repr(name), "") and words.endswith("choose one of: " + ", ".join(names))
    if "did you mean " in words:
        suggested = words.split("did you mean ")[1].split("?)")[0].split(" or ")
        assert set(suggested) <= set(names)


def suggested(words: str) -> list[str]:
    """The names a message suggests, in its order."""
    hint = words.split("; choose one of")[0]
    return hint.split("did you mean ")[1].split("?)")[0].split(" or ") if "did you mean " in hint else []


@pytest.mark.parametrize("name", ["zzz", "", "   "])
def test_a_name_far_from_every_one_gets_no_guess(name):
    """An empty ``-a ''`` is no typo of every name that starts with nothing."""
    assert "did you mean" not in unknown("algorithm", name, ALGORITHMS)


@given(name=st.sampled_from([*ALGORITHMS, *SOLVERS]), cut=st.integers(1, 20), capitals=st.booleans())
def test_a_name_cut_short_gets_at_most_three_different_known_guesses(name, cut, capitals):
    typo = name[:cut].upper() if capitals else name[:cut]
    for names in (list(ALGORITHMS), list(SOLVERS)):
        guesses = suggested(unknown("algorithm", typo, names))
        assert len(guesses) <= 3 and len(set(guesses)) == len(guesses) and set(guesses) <= set(names)
        if name in names and len([known for known in names if known.startswith(name[:cut])]) <= 3:
            assert name in guesses or name == typo


@pytest.mark.parametrize(("typo", "names", "meant"), [
    ("pirm", ALGORITHMS, ["prim"]),  # two letters swapped
    ("wall_lft", SOLVERS, ["wall_left", "wall_right"]),  # both wall followers are near
    ("growing_tre", ALGORITHMS, ["growing_tree", "growing_binary_tree"]),
])
def test_a_typo_suggests_every_near_name(typo, names, meant):
    assert set(meant) <= set(suggested(unknown("algorithm", typo, names)))


@given(st.text(st.characters(codec="utf-8", exclude_characters="\n\r"), min_size=1, max_size=8),
       st.sampled_from([".txt", ".toml", "/", ".py.bak", ".PY"]))
def test_a_name_with_a_dot_or_a_slash_that_is_no_py_is_told_it_must_be_one_not_the_list(stem, tail):
    name = stem + tail
    assert unknown("algorithm", name, ALGORITHMS) == f"{name}: an algorithm file must be a .py file"
    assert unknown("solver", name, SOLVERS) == f"{name}: a solver file must be a .py file"


def test_other_registries_keep_their_list_for_a_dotted_name():
    assert unknown("theme", "dark.toml", ["dark", "light"]).startswith("unknown theme 'dark.toml'")
