"""Widgets shared by every game screen."""

from .card_view import CardRow, CardView
from .curtain import Curtain
from .decision_panel import DecisionPanel
from .dice_panel import DicePanel
from .log_view import LogView

__all__ = ["CardRow", "CardView", "Curtain", "DecisionPanel", "DicePanel", "LogView"]
