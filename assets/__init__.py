"""Fonts and the window icon, installed as ``visualizer.assets`` (see pyproject.toml)."""
