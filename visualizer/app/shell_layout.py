"""Where the shell's parts go on screen: the board view, the scrub bar and the words, asked of
``layout`` with the window's size, the arrangement (F10) and whether the words need their larger
share (a quiz, a lesson's caption)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import layout, strip

if TYPE_CHECKING:
    from .layout import Arrangement
    from .scene import Scene


class LayoutRects:
    """The shell's rectangles, mixed into the shell (which owns the screen, the scene and the caption)."""

    screen: pygame.Surface
    arrangement: Arrangement
    caption: str | None

    if TYPE_CHECKING:
        @property
        def scene(self) -> Scene: ...

    def text_size(self) -> int:
        """Body text size; never so large that the panel cannot hold its lines."""
        return layout.text_size(self.screen.get_size())

    def words_room(self) -> bool:
        """The strip's larger share: a quiz's question and verdict, or a lesson slide's caption
        beside the step's sentence, must both read whole in large type."""
        return self.scene.words_room() or self.caption is not None

    def words_want(self) -> int:
        """Pixels the presenting strip's pseudocode takes whole (0 in the other arrangements): the
        strip grows to it, within its roomy share. From the run's own pseudocode, shown or not, so
        E does not lay the board out again."""
        if self.arrangement is not layout.Arrangement.PRESENTING:
            return 0
        window = self.screen.get_size()
        return strip.code_column_height(self.scene.pseudocode(), window[0], layout.text_size(window))

    def view_rect(self) -> pygame.Rect:
        return layout.view_rect(self.screen.get_size(), self.scene.timeline() is not None, self.arrangement,
                                self.words_room(), self.words_want())

    def scrub_rect(self) -> pygame.Rect:
        return layout.scrub_rect(self.screen.get_size(), self.scene.timeline() is not None, self.arrangement,
                                 self.words_room(), self.words_want())

    def panel_rect(self) -> pygame.Rect:
        """Where the words go: the side panel, or the strip or caption under the board."""
        return layout.panel_rect(self.screen.get_size(), self.arrangement, self.words_room(), self.words_want())
