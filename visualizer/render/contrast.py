"""WCAG 2.1 contrast: relative luminance and the contrast ratio, for the themes' checks.

One small module so the themes, their tests and anyone tuning a colour measure the same way
(https://www.w3.org/TR/WCAG21/#dfn-relative-luminance): sRGB channels are linearised, weighted
0.2126 / 0.7152 / 0.0722, and two luminances compare as (L1 + 0.05) / (L2 + 0.05).
"""

from __future__ import annotations

from collections.abc import Sequence

NON_TEXT = 3.0
"""WCAG 2.1 1.4.11: parts of a picture that carry meaning, against what they touch."""
AAA = 7.0
"""WCAG 2.1 1.4.6 (enhanced): body text, and the high-contrast theme's walls."""


def channel(value: int) -> float:
    """One 0..255 sRGB channel, linearised."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Sequence[int]) -> float:
    """Relative luminance of an sRGB colour: 0 for black, 1 for white."""
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(a: Sequence[int], b: Sequence[int]) -> float:
    """Contrast ratio of two colours, 1 (same) to 21 (black on white); order does not matter."""
    la, lb = luminance(a), luminance(b)
    high, low = max(la, lb), min(la, lb)
    return (high + 0.05) / (low + 0.05)
