"""Where a quiz's numbered choices ("1: removed (carved)") were drawn, so that a click on their
words answers and the pointer over them lights them: the words' drawers (the panel, the strip, the
caption) note each line they draw, and this finds the choices in it.

The words' layout does not change for it: a choice that wraps onto the next line is found in
both, and either part answers.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..render.themes import ui
from . import text


def choice_phrase(number: int, words: str) -> str:
    """A choice as the words write it ("1: removed (carved)")."""
    return f"{number}: {words}"


class ChoiceSpots:
    """The choices to look for in the lines drawn, and where each was drawn last."""

    def __init__(self) -> None:
        self.phrases: tuple[str, ...] = ()
        self.spots: list[tuple[int, pygame.Rect]] = []
        self._carry: tuple[int, str] | None = None
        """A choice the last line drawn ended in the middle of, and the rest of its words."""

    def expect(self, phrases: Sequence[str]) -> None:
        """The words are about to be drawn again: these choices (none: no question) are looked for."""
        self.phrases, self.spots, self._carry = tuple(phrases), [], None

    def note(self, line: str, size: int, x: int, y: int, height: int) -> None:
        """A line was drawn at ``(x, y)`` in type ``size``: where any choice in it is (a choice
        wrapped at a space is found as its end on one line and its rest on the next)."""
        carry, self._carry = self._carry, None
        for index, phrase in enumerate(self.phrases):
            if carry is not None and carry[0] == index:
                phrase = carry[1]  # the rest of a choice the line before began
                if not line.startswith(phrase):
                    head = self._head_of(line, phrase, 0)
                    if head:
                        self._spot(index, line, 0, len(head), size, x, y, height)
                        self._carry = (index, phrase[len(head) + 1:])
                    continue
            at = line.find(phrase)
            if at >= 0:
                self._spot(index, line, at, len(phrase), size, x, y, height)
                continue
            start = line.find(phrase[:1])
            while start >= 0:  # "... (1:" then "removed (carved) ..." on the next line
                head = self._head_of(line, phrase, start)
                if head:
                    self._spot(index, line, start, len(head), size, x, y, height)
                    self._carry = (index, phrase[len(head) + 1:])
                    break
                start = line.find(phrase[:1], start + 1)

    @staticmethod
    def _head_of(line: str, phrase: str, start: int) -> str:
        """The part of ``phrase`` up to a space that ``line`` holds from ``start`` to its end ("" if none)."""
        rest = line[start:]
        return rest if rest and phrase.startswith(rest + " ") else ""

    def _spot(self, index: int, line: str, at: int, length: int, size: int, x: int, y: int, height: int) -> None:
        measure = text.font(size).size
        left = x + measure(line[:at])[0]
        self.spots.append((index, pygame.Rect(left, y, measure(line[at:at + length])[0], height)))

    def at(self, pos: tuple[int, int]) -> int | None:
        """The choice (from 0) drawn under ``pos``, or None."""
        return next((index for index, rect in self.spots if rect.inflate(8, 4).collidepoint(pos)), None)

    def light(self, surface: pygame.Surface, index: int | None) -> None:
        """A box round the choice under the pointer: it says the words can be clicked."""
        for spot, rect in self.spots:
            if spot == index:
                pygame.draw.rect(surface, ui().accent, rect.inflate(8, 2), 2, border_radius=4)


SPOTS = ChoiceSpots()
"""The window's choices (one window draws its words at a time)."""
