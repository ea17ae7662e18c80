"""The quiz's choices are found in the lines the words are drawn in, however they wrap: each
choice is somewhere to click, and its parts cover exactly its words."""

import pygame
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app import text
from visualizer.app.choice_spots import ChoiceSpots, choice_phrase

CHOICES = ("removed (carved)", "kept (stays)")
SENTENCE = "Question: The next wall Kruskal's looks at joins (6, 4) and (7, 4): kept or removed? ({})"


@given(width=st.integers(40, 900), size=st.integers(11, 40), words=st.lists(
    st.text(st.characters(whitelist_categories=("Ll",)), min_size=1, max_size=8), min_size=1, max_size=3))
def test_every_choice_is_found_whole_however_the_sentence_wraps(width, size, words):
    pygame.font.init()
    choices = CHOICES + (" ".join(words),)
    phrases = [choice_phrase(n, c) for n, c in enumerate(choices, 1)]
    sentence = SENTENCE.format("   ".join(phrases))
    lines = text.wrap(sentence, size, width)
    if text.breaks_words(sentence, lines):
        return  # a word split mid-letters: the column is too narrow to read, let alone click
    spots = ChoiceSpots()
    spots.expect(phrases)
    for row, line in enumerate(lines):
        spots.note(line, size, 10, row * 30, 30)
    measure = text.font(size).size
    for index, phrase in enumerate(phrases):
        parts = [rect for i, rect in spots.spots if i == index]
        assert parts, (phrase, lines)
        widths = sum(rect.width for rect in parts)
        spaces = (len(parts) - 1) * measure(" ")[0]
        assert abs(widths + spaces - measure(phrase)[0]) <= 2 * len(parts), (phrase, lines)
        assert spots.at(parts[0].center) == index


def test_no_question_no_spots():
    pygame.font.init()
    spots = ChoiceSpots()
    spots.expect(())
    spots.note("1: removed (carved)", 18, 0, 0, 20)
    assert spots.spots == [] and spots.at((5, 5)) is None
