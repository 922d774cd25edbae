"""Widgets shared by every game screen.

Each is imported on first use (PEP 562): the main menu, which needs none of them, does not pay
for the log's or the cards' imports before its first frame."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .card_view import CardRow, CardView
    from .curtain import Curtain
    from .decision_panel import DecisionPanel
    from .dice_panel import DicePanel
    from .log_view import LogView

_HOMES = {"CardRow": "card_view", "CardView": "card_view", "Curtain": "curtain",
          "DecisionPanel": "decision_panel", "DicePanel": "dice_panel", "LogView": "log_view"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


__all__ = ["CardRow", "CardView", "Curtain", "DecisionPanel", "DicePanel", "LogView"]
