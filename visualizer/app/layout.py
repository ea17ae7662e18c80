"""Where each part of the window goes (board view, scrub bar, panel), and which of them a frame
must send to the screen.

Everything here is a function of the window's size, the text scale and whether the scene has a
timeline, so the shell asks again whenever it needs a rectangle and never holds a stale one.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from . import text

MARGIN = 16

Size = tuple[int, int]


def text_size(window: Size) -> int:
    """Body text size; never so large that the panel cannot hold its lines."""
    width, height = window
    return min(text.base_size(height), max(11, min(height // 24, width // 40)))


def panel_width(window: Size) -> int:
    width = window[0]
    wanted = text_size(window) * 23  # room for pseudocode lines in the teaching panel
    return max(200, min(wanted, int(width * 0.45))) if width >= 640 else width // 2


def scrub_height(window: Size, timeline: bool) -> int:
    return int(text_size(window) * 1.9) if timeline else 0


def view_rect(window: Size, timeline: bool) -> pygame.Rect:
    """The board view: left of the panel, above the scrub bar (when the scene has a timeline)."""
    width, height = window
    scrub = scrub_height(window, timeline)
    return pygame.Rect(MARGIN, MARGIN, max(1, width - panel_width(window) - 2 * MARGIN),
                       max(1, height - 2 * MARGIN - (scrub + MARGIN // 2 if scrub else 0)))


def scrub_rect(window: Size, timeline: bool) -> pygame.Rect:
    view = view_rect(window, timeline)
    return pygame.Rect(view.left, view.bottom + MARGIN // 2, view.width, scrub_height(window, timeline))


def panel_rect(window: Size) -> pygame.Rect:
    width, height = window
    return pygame.Rect(width - panel_width(window), 0, panel_width(window), height)


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
                  timeline: bool) -> list[pygame.Rect]:
    """The screen areas whose content changed since the frame drawn with ``last`` (the whole window
    after a change of the window part, or while the help overlay covers everything)."""
    if last is None or key.window != last.window or help_open:
        return [pygame.Rect((0, 0), window)]
    rects = []
    if painted or key.board != last.board:
        rects.append(view_rect(window, timeline))
    if key.timeline != last.timeline:
        rects.append(scrub_rect(window, timeline).inflate(8, 8))
    if key.panel != last.panel:
        rects.append(panel_rect(window))
    return rects
