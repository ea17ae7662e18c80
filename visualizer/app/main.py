"""Open the window and run the frame loop."""

from __future__ import annotations

import pygame

from ..resources import asset
from ..spec import MazeSpec
from . import text
from .watch import INSTANT, App

WINDOW_SIZE = (1280, 800)
FPS = 60


def open_window(size: tuple[int, int] = WINDOW_SIZE) -> pygame.Surface:
    """Initialise only what we use (no audio: classroom machines often have no sound device)."""
    pygame.display.init()
    pygame.font.init()
    text.reset_cache()
    pygame.display.set_caption("Maze Visualizer")
    try:
        pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
    except (FileNotFoundError, pygame.error):
        pass
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def start_play(app: App, mode: str) -> None:
    """``play``: level 1 at once (or the start screen when a save exists); ``continue``: the save."""
    from ..play.save import save_path
    from .play import PlayMode

    play = PlayMode.start_screen(app, app.spec)
    if mode == "continue":
        play.continue_game()
    elif not save_path().exists():
        play.new_game()
    app.enter_play(play)


def run_app(spec: MazeSpec, speed: float | None = None, play: str | None = None) -> int:
    screen = open_window()
    app = App(spec, speed=speed, screen=screen)
    if play:
        start_play(app, play)
    clock = pygame.time.Clock()
    try:
        while app.running:
            busy = app.speed == INSTANT and not app.paused and not app.run.idle
            dt = clock.tick(0 if busy else FPS) / 1000
            app.fps = clock.get_fps()
            app.frame(pygame.event.get(), dt)
            app.screen = pygame.display.get_surface()
            pygame.display.flip()
    finally:
        pygame.quit()
    return 0
