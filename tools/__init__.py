"""Maintainers' scripts (not shipped in the wheel)."""
