"""Headless exports of a finished maze: text, JSON (and PNG, drawn by the renderer)."""
