"""Where each part of the window goes (board view, scrub bar, panel), and which of them a frame
must send to the screen.

Everything here is a function of the window's size, the text scale, the arrangement (side panel,
presenting, board only) and whether the scene has a timeline, so the shell asks again whenever it
needs a rectangle and never holds a stale one.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

import pygame

from . import text

MARGIN = 16

Size = tuple[int, int]


class Arrangement(Enum):
    """Where the words go beside the board (F10 cycles them; the settings file remembers the choice)."""

    SIDE = "side"
    """The panel at the right: figures, pseudocode, sentences, legend (at a desk)."""
    PRESENTING = "presenting"
    """The board large, the pseudocode and the newest sentence in a full-width strip under it in
    large type (on a projector)."""
    BOARD = "board"
    """The board alone; the newest sentence as a caption under it."""

    @property
    def words(self) -> str:
        return {"side": "side panel", "presenting": "presenting", "board": "board only"}[self.value]

    def following(self) -> Arrangement:
        members = list(Arrangement)
        return members[(members.index(self) + 1) % len(members)]


SIDE = Arrangement.SIDE
STRIP_SHARE = 0.22
"""The presenting strip's share of the window height at 100 % text: about seven lines of body
text (the title, the status, the lit pseudocode with a line either side; the sentence beside them
in large type), so the board keeps three quarters of the height it has beside the side panel (at
0.36 a 4:3 maze at 1920 x 1080 drew at 0.6 of that, smaller than in any other arrangement)."""
ROOMY_STRIP_SHARE = 0.36
"""The strip's share while a quiz asks (the question and the last answer's verdict) or a lesson
slide's caption stands beside the step's sentence: both whole in large type come before the
board's size (the board is paused on the question, or stands at the slide's stop)."""
CODE_STRIP_SHARE = 0.4
"""The most of the window's height the strip grows to so the pseudocode shows whole (at 100 % text
about ten rows at 1024 x 768, nine at 1920 x 1080, where the type is larger; beyond it the code box
scrolls to the lit line, as before)."""
STRIP_LINES = 7
"""Body lines the strip holds at least, whatever the window's height."""
CAPTION_LINES = 3
"""Lines of large type the board-only caption holds."""


def caption_size(window: Size) -> int:
    """Large type for the strip's sentence and the caption: a third larger than body text."""
    return round(text_size(window) * 4 / 3)


def text_size(window: Size) -> int:
    """Body text size; never so large that the panel cannot hold its lines."""
    width, height = window
    return min(text.base_size(height), max(11, min(height // 24, width // 40)))


def panel_width(window: Size) -> int:
    """The side panel's width (the side arrangement)."""
    width = window[0]
    wanted = text_size(window) * 23  # room for pseudocode lines in the teaching panel
    return max(200, min(wanted, int(width * 0.45))) if width >= 640 else width // 2


def scrub_height(window: Size, timeline: bool) -> int:
    return int(text_size(window) * 1.9) if timeline else 0


def words_height(window: Size, arrangement: Arrangement, roomy: bool = False, want: int = 0) -> int:
    """Height of the strip or caption under the board (0 beside it: the side panel); ``roomy``:
    the scene has more words than usual to show whole (a quiz); ``want``: the pixels the strip's
    pseudocode takes whole, which it grows to, up to CODE_STRIP_SHARE (on a projector the class
    reads the whole algorithm; it showed two of nine lines at 1024 x 768)."""
    height = window[1]
    if arrangement is Arrangement.PRESENTING:  # larger text takes more of the height, up to half
        grow = max(1.0, text.scale()) ** 0.5
        share = min(0.5, (ROOMY_STRIP_SHARE if roomy else STRIP_SHARE) * grow)
        least = max(int(height * share), STRIP_LINES * int(text_size(window) * 1.4))
        return max(least, min(want, int(height * min(0.5, CODE_STRIP_SHARE * grow))))
    if arrangement is Arrangement.BOARD:
        return int(caption_size(window) * 1.3) * CAPTION_LINES + MARGIN
    return 0


def view_rect(window: Size, timeline: bool, arrangement: Arrangement = SIDE, roomy: bool = False,
              want: int = 0) -> pygame.Rect:
    """The board view: left of the panel (or above the strip), above the scrub bar when the
    scene has a timeline."""
    width, height = window
    scrub = scrub_height(window, timeline)
    beside = panel_width(window) if arrangement is SIDE else 0
    under = words_height(window, arrangement, roomy, want)
    return pygame.Rect(MARGIN, MARGIN, max(1, width - beside - 2 * MARGIN),
                       max(1, height - under - 2 * MARGIN - (scrub + MARGIN // 2 if scrub else 0)))


def scrub_rect(window: Size, timeline: bool, arrangement: Arrangement = SIDE, roomy: bool = False,
               want: int = 0) -> pygame.Rect:
    view = view_rect(window, timeline, arrangement, roomy, want)
    return pygame.Rect(view.left, view.bottom + MARGIN // 2, view.width, scrub_height(window, timeline))


def panel_rect(window: Size, arrangement: Arrangement = SIDE, roomy: bool = False, want: int = 0) -> pygame.Rect:
    """Where the words go: the side panel, the presenting strip or the caption band."""
    width, height = window
    if arrangement is SIDE:
        return pygame.Rect(width - panel_width(window), 0, panel_width(window), height)
    under = words_height(window, arrangement, roomy, want)
    return pygame.Rect(0, height - under, width, under)


@dataclass(frozen=True)
class FrameKey:
    """What a frame shows besides the board's cells, in parts: a part whose key is unchanged is
    not sent to the screen; when no part changed and no cell is dirty, the frame draws nothing."""

    window: Hashable
    """The scene, the window size, the text scale, the help overlay, the board's layout."""
    board: Hashable
    """What the scene draws over the board, and the camera."""
    timeline: Hashable
    """The scrub bar."""
    panel: Hashable
    """The side panel."""


def changed_rects(last: FrameKey | None, key: FrameKey, painted: bool, help_open: bool, window: Size,
                  timeline: bool, arrangement: Arrangement = SIDE, roomy: bool = False,
                  want: int = 0) -> list[pygame.Rect]:
    """The screen areas whose content changed since the frame drawn with ``last`` (the whole window
    after a change of the window part, or while the help overlay covers everything); ``roomy`` and
    ``want`` as for ``words_height``."""
    if last is None or key.window != last.window or help_open:
        return [pygame.Rect((0, 0), window)]
    rects = []
    if painted or key.board != last.board:
        rects.append(view_rect(window, timeline, arrangement, roomy, want))
    if key.timeline != last.timeline:
        rects.append(scrub_rect(window, timeline, arrangement, roomy, want).inflate(8, 8))
    if key.panel != last.panel:
        rects.append(panel_rect(window, arrangement, roomy, want))
    return rects
