"""Shared test set-up: headless SDL, and hypothesis settings that suit a 2-core CI machine."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import HealthCheck, settings  # noqa: E402

# Locally every run tries new examples (that is how bugs get found); under CI the examples are
# derived from the test names, so a submission's result does not depend on the draw.
settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
settings.register_profile("thorough", parent=settings.get_profile("dev"), max_examples=500)
