"""Headless exports of a maze; ``formats.FORMATS`` is the registry of what can be written."""
