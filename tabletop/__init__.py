"""Tabletop: card games for people sharing one keyboard."""

__version__ = "0.1.0"
