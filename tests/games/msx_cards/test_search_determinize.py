"""MSX Cards search bot: nothing on the table is hidden, the future is. Two states that differ only
in the generator (the enemies, drafts and dice to come) give the same search choice."""

from __future__ import annotations

from typing import Any

import pytest
from search_leak import check_no_leak


def other_future(game: Any, s: Any, seat: int) -> bool:
    s.rng ^= 0x5DEECE66D
    return True


@pytest.mark.parametrize(("players", "options"), [(1, {}), (2, {"versus": True, "mission": "quick"})])
def test_search_choice_ignores_the_generator(players: int, options: dict[str, Any]) -> None:
    check_no_leak("msx_cards", players, options, other_future)
