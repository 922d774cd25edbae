"""The game-agnostic rules kernel. Imports nothing of Textual or Rich (a test checks it)."""

from .core import Action, Decision, Game, GameDataError, GameSpec, IllegalAction, Option, Result, Seat, View
from .faces import CardFace, Stat
from .match import Match
from .msg import Msg, msg
from .state import BaseState, Event, EventLog, clone, emit, visible_log

__all__ = [
    "Action", "BaseState", "CardFace", "Decision", "Event", "EventLog", "Game", "GameDataError", "GameSpec",
    "IllegalAction", "Match", "Msg", "Option", "Result", "Seat", "Stat", "View", "clone", "emit",
    "msg", "visible_log",
]
