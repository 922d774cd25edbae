"""Every MSX test starts with the rules' kept tables empty (``combat.TABLES``): some tests edit a
card of the catalogue in place (``monkeypatch.setitem``), which ``same_catalogue`` cannot see."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop.games.msx_cards.combat import forget_tables


@pytest.fixture(autouse=True)
def _fresh_tables() -> Iterator[None]:
    forget_tables()
    yield
    forget_tables()
