"""Escape from Mount Gram (work in progress: registered once whole games play)."""
