"""An X11 window draws through X's own framebuffer, not an OpenGL texture: under Xvfb or on a
machine without a GPU driver SDL's texture path loads a software GL (about 105 MB) and makes each
full update 15x dearer. Other drivers keep SDL's choice, and a value the user set wins."""

from __future__ import annotations

import pygame
import pytest

from visualizer.app import main
from visualizer.app.main import FRAMEBUFFER_HINT, open_window


@pytest.fixture
def driver(monkeypatch):
    monkeypatch.setenv(FRAMEBUFFER_HINT, "")  # recorded, so what open_window sets goes at teardown
    monkeypatch.delenv(FRAMEBUFFER_HINT)

    def use(name: str) -> None:
        monkeypatch.setattr(main.pygame.display, "get_driver", lambda: name)
    yield use
    pygame.quit()


def test_an_x11_window_asks_for_the_direct_framebuffer(driver):
    driver("x11")
    open_window((320, 240))
    assert main.os.environ[FRAMEBUFFER_HINT] == "0"


def test_a_wayland_window_keeps_sdl_s_choice(driver):
    driver("wayland")  # no framebuffer of its own: refusing the texture would leave no way to draw
    open_window((320, 240))
    assert FRAMEBUFFER_HINT not in main.os.environ


def test_the_user_s_own_setting_wins(driver, monkeypatch):
    monkeypatch.setenv(FRAMEBUFFER_HINT, "1")
    driver("x11")
    open_window((320, 240))
    assert main.os.environ[FRAMEBUFFER_HINT] == "1"
