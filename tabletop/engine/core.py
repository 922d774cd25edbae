"""The shape every game has: its spec, its decisions and actions, its result.

Learned from OpenSpiel (one state API for every game), boardgame.io (moves as state transitions,
secret state through a per-seat view) and python-chess (moves with a stable text form). A game is
fully described by (game id, seats, options, seed, list of action ids): that is what a save holds,
what ``verify`` replays and what a scenario test writes down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar

from .faces import CardFace
from .msg import Text
from .state import BaseState, clone

S = TypeVar("S", bound=BaseState)
View = dict[str, Any]
"""What one seat may see of a state: plain JSON data, hidden cards already redacted."""


class IllegalAction(Exception):
    """An action that is not an answer to the current decision; the message says why."""


class GameDataError(Exception):
    """Card or game data that is missing, malformed or tampered with; the message says where."""


@dataclass(frozen=True, slots=True)
class Action:
    """One answer to the current decision, as structure and as a stable id.

    The fields say what the action is: ``verb`` (``"attack"``), the ``card`` it is mostly about
    (so a board can attach it to the card drawn on screen), a ``target`` card, a ``location``, a
    ``seat``, an ``amount`` and, for the rare rest, ``extra`` pairs. Screens and rules read these
    fields and never parse ``id``. The ``id`` is derived from the fields by the game, is unique
    among the legal actions, stays stable across versions and is what saves store
    (``"attack magucio"``). ``label`` is a message (:class:`~tabletop.engine.msg.Msg`) for
    people; ``group`` lets a screen bundle actions.
    """

    id: str
    label: Text
    card: str | None = None
    group: str = ""
    verb: str = ""
    target: str | None = None
    location: str | int | None = None
    seat: int | None = None
    amount: int | None = None
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """One of the ``extra`` fields."""
        for key, value in self.extra:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must act now and what kind of choice it is."""

    seat: int
    kind: str
    prompt: Text


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winning seats (several in co-op or a tie), scores, why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: Text


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a name and who plays it (``"human"`` or a bot kind)."""

    name: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


@dataclass(frozen=True, slots=True)
class Option:
    """A new-game option (variant). ``kind`` is ``bool``, ``int`` or ``choice``."""

    key: str
    label: str
    kind: str = "bool"
    default: Any = False
    choices: tuple[Any, ...] = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    seat: int | None = None
    """The seat (0-based) this option belongs to, if any (a player's deck): the new-game form
    shows it in that seat's row and only while the game has that many seats."""

    def parse(self, raw: Any) -> Any:
        """Validate a value (a typed value or the text typed on a command line)."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on", "y"):
                return True
            if text in ("0", "false", "no", "off", "n"):
                return False
            raise ValueError(f"option {self.key} takes yes or no, not {raw!r}")
        if self.kind == "int":
            # a bool is an int to Python and int(2.5) is 2: both are mistakes here, not numbers
            if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
                raise ValueError(f"option {self.key} takes a whole number, not {raw!r}")
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise ValueError(f"option {self.key} takes a whole number, not {raw!r}") from None
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                if low is not None and high is not None:
                    raise ValueError(f"option {self.key} must be between {low} and {high}")
                if low is not None:
                    raise ValueError(f"option {self.key} must be at least {low}")
                raise ValueError(f"option {self.key} must be at most {high}")
            return value
        for choice in self.choices:
            if str(choice) == str(raw):
                return choice
        allowed = ", ".join(str(c) for c in self.choices)
        raise ValueError(f"option {self.key} takes one of: {allowed}; not {raw!r}")


@dataclass(frozen=True)
class GameSpec:
    """What the menu, the CLI and the conformance kit need to know of a game.

    ``screen`` is a ``"module:Class"`` path loaded only by the UI, so the rules never import it.
    ``bots`` maps a bot kind to a factory; every game has at least ``random``.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[Option, ...] = ()
    hidden_info: bool = True
    bots: dict[str, Callable[[], Any]] = field(default_factory=dict)
    screen: str | None = None
    rules_file: str | None = None
    default_names: tuple[str, ...] = ("Ana", "Luis", "Marta", "Pablo", "Sofía", "Tomás")
    curtain_default: bool = True
    curtain_off_option: str | None = None
    """An option that, when set, shows every hand to every seat, so no curtain is needed
    (Mount Gram's ``open_hands``). Without it, a hidden-information game always curtains."""
    player_noun: str = "players"
    default_players: int | None = None
    """The player count the new-game form opens on (default: 2 where allowed, else the minimum);
    it must be a count the default options accept (MSX Cards: 1, since 2 needs Versus)."""
    conformance: tuple[tuple[int, dict[str, Any]], ...] = ()
    """(players, options) set-ups the conformance kit plays; empty: each player count, defaults."""
    max_steps: int = 20000
    """A game still running after this many actions is a bug (the kit fails it)."""

    def conformance_setups(self) -> list[tuple[int, dict[str, Any]]]:
        if self.conformance:
            return list(self.conformance)
        return [(n, {}) for n in range(self.min_players, self.max_players + 1)]

    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.options) or "none"
        raise ValueError(f"{self.id} has no option {key!r} (options: {known})")

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, every given value validated; ``ValueError`` on a bad one."""
        values = {o.key: o.default for o in self.options}
        for key, raw in (given or {}).items():
            values[key] = self.option(key).parse(raw)
        return values

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            span = (f"{self.min_players}" if self.min_players == self.max_players
                    else f"{self.min_players}–{self.max_players}")
            raise ValueError(f"{self.title} is for {span} {self.player_noun}, not {n}")


class Game(Generic[S]):
    """Base class of a game's rules. Subclasses implement the abstract methods and set ``spec`` and
    ``state_type``; everything is driven through these methods, by the UI, bots and tests alike."""

    spec: GameSpec
    state_type: type[S]
    view_type: Any = None
    """The typed tree ``view`` returns (a ``TypedDict``, nested as deep as the view): screens and
    bots read it with a type checker's help, and the conformance kit validates every view it
    builds against it (same keys, same types, nothing coerced)."""

    # -- the protocol -------------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> S:
        raise NotImplementedError

    def decision(self, state: S) -> Decision | None:
        """Who must act and on what; ``None`` once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: S, action_id: str) -> None:
        """Advance ``state`` by one action; ``IllegalAction`` (state unchanged) if not legal."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator, who sees public facts only)."""
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        raise NotImplementedError

    # -- with useful defaults -----------------------------------------------------------------
    def clone(self, state: S) -> S:
        return clone(state)

    def invariants(self, state: S) -> list[str]:
        """Broken invariants, described; the conformance kit asserts this stays empty."""
        return []

    def secrets(self, state: S, seat: int | None) -> set[str]:
        """Ids of the cards ``seat`` must not see now; no view for that seat may contain them."""
        return set()

    def turn_key(self, state: S) -> Any:
        """Identifies the current turn; undo never crosses a change of it."""
        return (state.step,)

    def summary(self, state: S) -> str:
        """A few words for the saves browser: ``"round 3 of 5"``."""
        return f"step {state.step}"

    def face(self, card_id: str) -> CardFace:
        """How the UI draws a card id (games override with their card data)."""
        return CardFace(id=card_id, title=card_id)

    def find_action(self, state: S, action_id: str) -> Action:
        """The legal action with this id, or ``IllegalAction`` listing a few that are legal."""
        actions = self.legal_actions(state)
        for action in actions:
            if action.id == action_id:
                return action
        if not actions:
            raise IllegalAction("the game is over: no action is legal")
        sample = ", ".join(a.id for a in actions[:6])
        more = "" if len(actions) <= 6 else f" (+{len(actions) - 6} more)"
        raise IllegalAction(f"{action_id!r} is not legal now; legal: {sample}{more}")
