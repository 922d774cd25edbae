"""The Textual app and the widgets every game screen shares. Only this package and each game's
``screen.py`` import Textual or Rich."""
