"""Information-set Monte Carlo tree search on the raw rules, and the ``search`` bot built on it.

Why this shape (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012):

- The searching seat cannot see other hands or deck orders, so every iteration starts from a
  *determinization*: a fresh state the game builds (``determinize(game, state, seat, rng)``) in
  which everything hidden from that seat is resampled and the state's own RNG reseeded, so the
  cards to come and the dice inside ``apply`` differ from one iteration to the next. One tree is
  shared by all of them; its edges are action ids, and a child's *availability* counts the
  iterations in which its action was legal, which is what UCB's log term uses (an opponent action
  that only some determinizations allow is not penalised for the others).
- Several seats: every node keeps the summed value *vector* (one entry per seat) of the
  iterations through it, and a node chooses among its children by the entry of the seat acting
  there. Co-op games simply give every seat the same value.
- Playouts are random and depth-limited: after at most ``depth`` actions the game's
  ``evaluate(game, state)`` scores the position for every seat in [0, 1] (a whole random
  Villainous game is over a thousand actions; a cut-off at depth keeps iterations cheap).
- Only ``game.clone``/``legal_actions``/``apply``/``decision``/``result`` are used: no views, no
  ``Match``, no undo clones. Chance lives inside ``apply``, drawn from the state's RNG.
- Deterministic for a given seed *with an iteration budget*; a time budget makes the number of
  iterations (so the choice) depend on the machine's speed. ``cpu_ms`` is this thread's CPU time
  (``time.thread_time``: a loaded machine slows the search down but does not weaken it), ``wall_ms``
  real time (what a person at the table waits). The first limit reached ends the search.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from .core import Action, Decision, Game, Result, View
from .rng import Rng

if TYPE_CHECKING:
    from .state import BaseState

Determinizer = Callable[[Game[Any], Any, int, Rng], Any]
"""``(game, state, seat, rng) -> new state``: what ``seat`` cannot see resampled, RNG reseeded."""
Evaluator = Callable[[Game[Any], Any], list[float]]
"""``(game, state) -> value per seat`` in [0, 1], for a playout cut off before the end."""
Policy = Callable[[Game[Any], Any, Decision, list[Action], Rng], str]
"""``(game, state, decision, actions, rng) -> action id``: who plays the playouts (see ``bot_policy``)."""


def bot_policy(bot: Any) -> Policy:
    """A playout policy from a view-reading bot (a game's heuristic): it is shown the acting
    seat's view of the determinized state, which holds nothing that seat may not see."""

    def play(game: Game[Any], s: Any, decision: Decision, actions: list[Action], rng: Rng) -> str:
        view = game.view(s, decision.seat) if getattr(bot, "uses_view", True) else {}
        return str(bot.choose(game, view, decision, actions, rng))

    return play


@dataclass(frozen=True)
class Budget:
    """When a search stops: the first of these limits reached (``None``: no such limit).

    At least one iteration is always run, so a search always has an answer."""

    iterations: int | None = None
    cpu_ms: float | None = None
    wall_ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.cpu_ms is None and self.wall_ms is None:
            raise ValueError("a search budget needs iterations, cpu_ms or wall_ms")

    def spent(self, done: int, start_cpu: float, start_wall: float,
              stop: Callable[[], bool] | None = None) -> bool:
        """True once ``done`` playouts, this thread's CPU since ``start_cpu`` or the real time since
        ``start_wall`` reach a limit, or ``stop`` asks (the app's worker being cancelled)."""
        if self.iterations is not None and done >= self.iterations:
            return True
        if self.cpu_ms is not None and (time.thread_time() - start_cpu) * 1000 >= self.cpu_ms:
            return True
        if self.wall_ms is not None and (time.perf_counter() - start_wall) * 1000 >= self.wall_ms:
            return True
        return stop is not None and stop()


class Node:
    """Statistics of one action id reached from its parent (plain slots: millions get made)."""

    __slots__ = ("children", "visits", "avail", "value")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value: list[float] = []


@dataclass(frozen=True)
class SearchResult:
    """The chosen action id and what led to it (for tests, tuning and ``--json`` reports)."""

    action: str
    iterations: int
    visits: dict[str, int]
    means: dict[str, float]
    seconds: float


def terminal_values(result: Result, seats: int) -> list[float]:
    """1 for each winner, 0 for everyone else (a co-op win gives every seat 1, a loss 0)."""
    n = max(seats, len(result.scores))
    return [1.0 if i in result.winners else 0.0 for i in range(n)]


def _seats_of(game: Game[Any], state: Any) -> int:
    players = getattr(state, "players", None)
    if isinstance(players, list):
        return len(players)
    names = getattr(state, "names", None)
    return len(names) if isinstance(names, list) else 1


def ismcts(game: Game[Any], state: "BaseState", seat: int, *, determinize: Determinizer,
           evaluate: Evaluator, rng: Rng, budget: Budget, exploration: float = 0.7,
           depth: int = 30, actions: list[str] | None = None,
           stop: Callable[[], bool] | None = None, first_bias: float = 0.0,
           policy: Policy | None = None) -> SearchResult:
    """Search the decision ``seat`` faces in ``state`` (which is never changed, and only ever
    read through ``determinize``) and return the most visited root action among ``actions`` (the
    ids legal now; default: those of the first determinization, which are the seat's own).
    ``stop`` is asked after every iteration: True ends the search early (a closed screen).
    ``first_bias``: how often a playout takes the first legal action instead of a random one
    (the rules list the recommended answer first, so this is a cheap, game-free rollout policy).
    ``policy``: who chooses in the playouts instead (a game's heuristic bot, ``bot_policy``)."""
    start_wall, start_cpu = time.perf_counter(), time.thread_time()
    root = Node()
    seats = _seats_of(game, state)
    iterations = 0
    keep: Any = None
    while True:
        det = determinize(game, state, seat, rng)
        if actions is None:
            actions = [a.id for a in game.legal_actions(det)]
        _iterate(game, det, root, rng, evaluate, exploration, depth, seats, first_bias, policy)
        # Some rules memoise by id(state); holding the last playout's state until the next one
        # is built means a new state never reuses the address of the one whose answers are cached.
        keep = det
        iterations += 1
        if budget.spent(iterations, start_cpu, start_wall, stop):
            break
    del keep
    real = actions or []
    visits = {a: root.children[a].visits for a in real if a in root.children}
    means = {a: root.children[a].value[seat] / root.children[a].visits
             for a in visits if root.children[a].visits and root.children[a].value}
    # most visits, then the better mean, then the rules' order (the recommended answer first)
    best = max(real, key=lambda a: (visits.get(a, 0), means.get(a, 0.0), -real.index(a)))
    return SearchResult(best, iterations, visits, means, time.perf_counter() - start_wall)


def _iterate(game: Game[Any], s: Any, root: Node, rng: Rng, evaluate: Evaluator, exploration: float,
             depth: int, seats: int, first_bias: float = 0.0, policy: Policy | None = None) -> None:
    """One iteration on the determinized state ``s`` (changed in place): select, expand one
    node, play out at most ``depth`` random actions, back the value vector up the path."""
    node = root
    path = [root]
    while True:
        decision = game.decision(s)
        if decision is None:
            break
        ids = [a.id for a in game.legal_actions(s)]
        if not ids:
            break  # a determinization the rules cannot go on from (a bug elsewhere): evaluate here
        untried = []
        for a in ids:
            child = node.children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
            child = node.children[a] = Node()
            child.avail = 1
            game.apply(s, a)
            path.append(child)
            break
        a = _select(node, ids, decision.seat, exploration)
        game.apply(s, a)
        node = node.children[a]
        path.append(node)
    values = _playout(game, s, rng, evaluate, depth, seats, first_bias, policy)
    for n in path:
        n.visits += 1
        if not n.value:
            n.value = list(values)
        else:
            v = n.value
            for i, x in enumerate(values):
                v[i] += x


def _select(node: Node, ids: list[str], seat: int, c: float) -> str:
    """UCB1 over the children available now, from the acting seat's point of view."""
    best, best_score = ids[0], -math.inf
    for a in ids:
        child = node.children[a]
        mean = child.value[seat] / child.visits if child.visits and seat < len(child.value) else 0.5
        score = mean + c * math.sqrt(math.log(child.avail) / child.visits) if child.visits else math.inf
        if score > best_score:
            best, best_score = a, score
    return best


Horizon = Callable[[Any], Any]
"""``state -> key``: a playout stops as soon as the key differs from the one it started with (a
game's natural cut-off: the end of the battle or round under way), before ``depth`` if earlier."""


def _playout(game: Game[Any], s: Any, rng: Rng, evaluate: Evaluator, depth: int, seats: int,
             first_bias: float = 0.0, policy: Policy | None = None, horizon: Horizon | None = None) -> list[float]:
    bias = int(first_bias * 1024)
    start = horizon(s) if horizon is not None else None
    for _ in range(depth):
        if horizon is not None and horizon(s) != start:
            break
        decision = game.decision(s)
        if decision is None:
            break
        actions = game.legal_actions(s)
        if not actions:
            break
        if policy is not None and len(actions) > 1:
            game.apply(s, policy(game, s, decision, actions, rng))
        elif len(actions) == 1 or (bias and rng.below(1024) < bias):
            game.apply(s, actions[0].id)
        else:
            game.apply(s, actions[rng.below(len(actions))].id)
    result = game.result(s)
    if result is not None:
        return terminal_values(result, seats)
    return [min(1.0, max(0.0, float(x))) for x in evaluate(game, s)]


DEFAULT_CPU_MS = 400.0
"""The default think time per decision, in this thread's CPU milliseconds."""
DEFAULT_WALL_MS = 1000.0
"""And never more than a second of real time per decision on a loaded machine (the app's wait)."""


class SearchBot:
    """The ``search`` bot kind: ISMCTS with a game's ``determinize`` and ``evaluate``.

    It needs the real state, because it must build determinizations from it: it declares
    ``uses_state = True`` and ``Match.bot_step`` passes ``state=`` to ``choose``. The state is only
    ever read through ``determinize``, which keeps exactly what the seat can see. A decision with
    one legal action is answered at once. Randomness comes from the ``rng`` it is handed, so a
    bot game replays exactly under an iteration budget.

    ``think_ms`` (CPU ms, ``None``: no CPU limit), ``wall_ms`` (real ms) and ``iterations`` set the
    budget per decision; ``simulate --think-ms`` sets ``think_ms`` (and lifts the wall cap).
    ``per_option``: iterations per legal action (a decision between two answers needs fewer
    playouts than one among eight to give each answer the same number of visits), never more than
    ``iterations`` if that is set too. An iteration budget replays exactly; the time limits stay as
    a cap, so the app never waits longer than ``wall_ms`` on a slow machine.
    """

    uses_view = False
    uses_state = True

    def __init__(self, determinize: Determinizer, evaluate: Evaluator, *, think_ms: float | None = DEFAULT_CPU_MS,
                 wall_ms: float | None = DEFAULT_WALL_MS, iterations: int | None = None,
                 exploration: float = 0.7, depth: int = 30, first_bias: float = 0.0,
                 rollout: str | None = None, prior: str | None = None, margin: float = 0.03,
                 per_option: int | None = None, horizon: Horizon | None = None) -> None:
        self.determinize = determinize
        self.horizon = horizon
        """Where a playout may stop before ``depth`` (``Horizon``; used by the paired search)."""
        self.evaluate = evaluate
        self.think_ms = think_ms
        self.wall_ms = wall_ms
        self.iterations = iterations
        self.exploration = exploration
        self.depth = depth
        self.first_bias = first_bias
        self.rollout = rollout
        """A bot kind of the game (``"heuristic"``) that plays the playouts; ``None``: random."""
        self.prior = prior
        self.margin = margin
        """With a ``prior`` bot kind, its answer stands unless the search finds one better by more
        than ``margin`` (in mean value): a few hundred noisy playouts refine a sound policy
        rather than replace it."""
        self.per_option = per_option
        self.last: SearchResult | None = None

    def budget(self, options: int | None = None) -> Budget:
        """The limits for a decision among ``options`` legal actions (``None``: not known)."""
        iterations = self.iterations
        if self.per_option is not None and options is not None:
            scaled = self.per_option * options
            iterations = scaled if iterations is None else min(iterations, scaled)
        return Budget(iterations=iterations, cpu_ms=self.think_ms, wall_ms=self.wall_ms)

    def prior_choice(self, game: Game[Any], state: Any, decision: Decision, actions: list[Action], rng: Rng) -> str:
        """The prior bot's answer (two draws of ``rng``). It reads the seat's view of a
        determinization: the very view of the table, so it learns nothing the seat cannot see."""
        view = game.view(self.determinize(game, state, decision.seat, Rng(rng.below(1 << 62))), decision.seat)
        return str(game.spec.bots[self.prior]().choose(game, view, decision, actions, Rng(rng.below(1 << 62))))

    def rollout_policy(self, game: Game[Any]) -> Any:
        """The playouts' policy: the ``rollout`` bot's choices, or None for uniform random moves."""
        return bot_policy(game.spec.bots[self.rollout]()) if self.rollout else None

    def choose(self, game: Game[Any], view: View, decision: Decision, actions: list[Action], rng: Rng,
               state: Any = None, stop: Callable[[], bool] | None = None) -> str:
        if len(actions) == 1:
            return actions[0].id
        if state is None:
            raise TypeError("the search bot needs the game state: let Match.bot_step play it")
        favourite = self.prior_choice(game, state, decision, actions, rng) if self.prior else None
        self.last = ismcts(game, state, decision.seat, determinize=self.determinize, evaluate=self.evaluate,
                           rng=rng, budget=self.budget(len(actions)), exploration=self.exploration, depth=self.depth,
                           actions=[a.id for a in actions], stop=stop, first_bias=self.first_bias,
                           policy=self.rollout_policy(game))
        best = self.last.action
        if favourite is not None and favourite != best and favourite in self.last.means:
            if self.last.means.get(best, 0.0) - self.last.means[favourite] <= self.margin:
                return favourite
        return best


class RefiningSearchBot(SearchBot):
    """The search refines the heuristic instead of replacing it: the heuristic's answer (the
    prior) stands unless another root action beats its mean by ``margin`` *plus* the noise of
    the fewer-sampled of the two (``spread / sqrt(visits)``). With the few dozen playouts a
    second of thought affords, an unguarded margin lets sampling noise overrule a sound policy
    (that is what kept the plain search at or below the heuristic's strength)."""

    def __init__(self, *args: Any, spread: float = 0.3, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spread = spread

    def choose(self, game: Any, view: Any, decision: Any, actions: list[Any], rng: Rng,
               state: Any = None, stop: Any = None) -> str:
        if len(actions) == 1 or state is None or not self.prior:
            return super().choose(game, view, decision, actions, rng, state=state, stop=stop)
        favourite = self.prior_choice(game, state, decision, actions, rng)
        policy = self.rollout_policy(game)
        self.last = ismcts(game, state, decision.seat, determinize=self.determinize, evaluate=self.evaluate,
                           rng=rng, budget=self.budget(len(actions)), exploration=self.exploration, depth=self.depth,
                           actions=[a.id for a in actions], stop=stop, first_bias=self.first_bias, policy=policy)
        best, res = self.last.action, self.last
        if best == favourite or favourite not in res.means or best not in res.means:
            return favourite
        fewer = max(1, min(res.visits.get(best, 0), res.visits.get(favourite, 0)))
        if res.means[best] - res.means[favourite] > self.margin + self.spread / math.sqrt(fewer):
            return best
        return favourite


@dataclass(frozen=True)
class PairedResult:
    """What a paired root comparison found: per root action, the mean over the samples of its
    value minus the prior's on the same sample, and that difference's standard error."""

    action: str
    samples: int
    advantage: dict[str, float]
    error: dict[str, float]
    seconds: float


def paired_root(game: Game[Any], state: "BaseState", seat: int, actions: list[str], favourite: str, *,
                determinize: Determinizer, evaluate: Evaluator, rng: Rng, budget: Budget, depth: int,
                policy: Policy | None = None, first_bias: float = 0.0, z: float = 1.0, margin: float = 0.0,
                stop: Callable[[], bool] | None = None, horizon: Horizon | None = None,
                prune: float | None = None, min_samples: int = 3) -> PairedResult:
    """Compare every root action with ``favourite`` on *common random numbers*: each sample draws
    one seed; every action is then played from the determinization that seed builds, with the
    playout's chance (the state's reseeded RNG and the policy's) from the same seed, so the hidden
    cards, the dice and the rivals' tie-breaks are the same for all of them and only the action
    differs. The paired differences are far less noisy than independent playout means, so a few
    samples per action tell a real improvement from luck. ``budget.iterations`` counts playouts
    (samples × actions). An action replaces the favourite when its mean advantage beats
    ``margin + z × standard error`` (and is the largest such).

    ``prune`` (adaptive sampling): after ``min_samples`` samples, an answer whose mean advantage
    plus ``prune`` standard errors is not above 0 (clearly no better than the favourite, or the
    same on every sample) is played no more; the playouts it would have cost go to the answers
    still in contention, and the search ends as soon as none is left. A decision where the
    favourite is plainly right then costs a few samples, a close one gets the whole budget.
    ``horizon``: where each playout may stop before ``depth`` (see ``Horizon``)."""
    start_wall, start_cpu = time.perf_counter(), time.thread_time()
    seats = _seats_of(game, state)
    diffs: dict[str, list[float]] = {a: [] for a in actions if a != favourite}
    live = [a for a in actions if a in diffs]
    samples = playouts = 0
    keep: list[Any] = []
    while True:
        seed = rng.below(1 << 62)
        values: dict[str, float] = {}
        kept: list[Any] = []
        for a in actions:
            if a != favourite and a not in live:
                continue
            r = Rng(seed)
            s = determinize(game, state, seat, r)
            game.apply(s, a)
            values[a] = _playout(game, s, r, evaluate, depth, seats, first_bias, policy, horizon)[seat]
            kept.append(s)  # see ``ismcts``: no new state reuses the address of a memoised one
        keep = kept
        for a in live:
            diffs[a].append(values[a] - values[favourite])
        samples += 1
        playouts += len(values)
        if prune is not None and samples >= min_samples:
            live = [a for a in live if _mean_se(diffs[a])[0] + prune * _mean_se(diffs[a])[1] > 0]
            if not live:
                break
        if budget.spent(playouts, start_cpu, start_wall, stop):
            break
    del keep
    advantage, error = {}, {}
    for a, d in diffs.items():
        advantage[a], error[a] = _mean_se(d)
    best = favourite
    clear = 0.0
    for a in actions:  # the rules' order breaks ties
        if a in advantage and advantage[a] - (margin + z * error[a]) > clear:
            best, clear = a, advantage[a] - (margin + z * error[a])
    return PairedResult(best, samples, advantage, error, time.perf_counter() - start_wall)


def _mean_se(d: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (1 with a single sample)."""
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / (len(d) - 1) if len(d) > 1 else 1.0
    return mean, math.sqrt(var / len(d))


class PairedRefiningSearchBot(SearchBot):
    """The heuristic's answer refined by a *paired* comparison at the root (``paired_root``):
    every legal action is played from the same determinizations with the same chance, the
    heuristic playing the playouts, and an action replaces the heuristic's answer only when its
    mean advantage clears ``margin + z × standard error``. Where the tree search gave each of a
    few answers a handful of independent noisy playouts (so the guard almost never let it
    overrule the heuristic), the paired differences cancel the luck of the draw shared by all
    answers. ``per_option`` (samples per decision) sets the budget with the CPU/wall caps."""

    def __init__(self, *args: Any, z: float = 1.0, prune: float | None = None, min_samples: int = 3,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.z = z
        self.prune = prune
        """Adaptive sampling (``paired_root``'s ``prune``); ``None``: every answer every sample."""
        self.min_samples = min_samples
        self.paired: PairedResult | None = None

    def choose(self, game: Any, view: Any, decision: Any, actions: list[Any], rng: Rng,
               state: Any = None, stop: Any = None) -> str:
        if len(actions) == 1 or state is None or not self.prior:
            return super().choose(game, view, decision, actions, rng, state=state, stop=stop)
        favourite = self.prior_choice(game, state, decision, actions, rng)
        policy = self.rollout_policy(game)
        ids = [a.id for a in actions]
        self.paired = paired_root(game, state, decision.seat, ids, favourite, determinize=self.determinize,
                                  evaluate=self.evaluate, rng=rng, budget=self.budget(len(actions)),
                                  depth=self.depth, policy=policy, first_bias=self.first_bias, z=self.z,
                                  margin=self.margin, stop=stop, horizon=self.horizon, prune=self.prune,
                                  min_samples=self.min_samples)
        return self.paired.action
