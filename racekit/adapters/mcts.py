"""An MCTS agent for every game, built on the OpenSpiel adapter (the optional ``rl`` extra).

``racekit simulate GAME --agents mcts,careful,careful`` (or ``make_agent("mcts", seed, game)``)
plays OpenSpiel's Python MCTS (UCT, random rollouts) on :mod:`racekit.adapters.openspiel`:

- it reads only what the acting seat may see: in a hidden-information game it searches one world
  drawn with ``state.resample(seat, rng)`` (determinised MCTS), never the real hidden cards;
- rollouts stop at a horizon of :data:`HORIZON` rounds past the current one (the ``turn_limit``
  option of a copy of the game), and score the ranking reached there (``returns()``), so a
  rollout costs a few rounds, not a whole race;
- deterministic from its seed: the world, the rollouts and the tie-breaks draw from
  :func:`racekit.core.chance.uniform` of (seed, ply);
- the budget is small by default (:data:`SIMULATIONS` per decision); ``MCTSAgent(seed,
  simulations=..., horizon=...)`` for more.

Rollouts: where the game's compiled kernel can finish a game from a position (Aeroplane
Chess, from any roll of the die: :class:`KernelRollouts`) the rollouts run there, with the same
odds as OpenSpiel's random rollouts (uniform legal actions, chance by its odds); the first
:data:`CHECKS` of every agent are played again by the rules engine on the same numbers and
must end the same (:class:`racekit.sim.kernels.KernelMismatchError` otherwise). Elsewhere the
rules engine plays them (the other kernels start only from a seed).
"""
from __future__ import annotations

import random
from types import SimpleNamespace

from racekit.core.chance import uniform
from racekit.core.views import ResampleError, resample

SIMULATIONS = 8
"""MCTS simulations per decision (kept small: every simulation is a Python rollout)."""
HORIZON = 2
"""Rounds a rollout plays past the current round before the ranking is scored."""
CHECKS = 16
"""Kernel rollouts per agent replayed by the rules engine on the same numbers (the first ones)."""
RESAMPLE_TRIES = 300
"""Worlds tried per decision; when none fits the seat's view (Leaf Marathon's hands late in a
race, docs/adapters.md) the agent plays a random legal move (counted in ``fallbacks``)."""


def rounds_so_far(state) -> int:
    """The round the state is in (1 on): ``state.round``, or for a game that counts turns
    (Aeroplane Chess) its turns per seat."""
    if hasattr(state, "round"):
        return int(state.round)
    return int(getattr(state, "turns", 0)) // state.game.num_players + 1


def kernel_rollout_module(game):
    """The compiled kernel module that finishes ``game`` from a position (its ``rollout``),
    or ``None`` (no such kernel, numba missing, or the kernel does not cover the settings).
    Imported by name, as racekit.sim.kernels imports kernels (this module must not import
    the simulation layer, which imports the agents)."""
    import importlib
    pkg = getattr(game.game_type, "package", None)
    if not pkg:
        return None
    try:
        jit = importlib.import_module(".kernel_jit", pkg)
    except (ImportError, RuntimeError):   # no compiled loop, or numba missing or unusable
        return None
    if not hasattr(jit, "rollout") or jit.supports(game):
        return None
    return jit


class KernelRollouts:
    """An OpenSpiel MCTS evaluator: random rollouts, finished by the compiled kernel.

    From the position evaluated, the rules engine plays uniformly random legal actions (chance
    by its odds) up to the next position the kernel starts from (``jit.at_roll``), and the
    kernel plays the rest with random agents, reading one uniform number per ply from
    ``random_state`` for the die and one for the decision: the same odds as OpenSpiel's
    ``RandomRolloutEvaluator``. ``evaluate`` returns the mean returns of ``n_rollouts``.
    The first ``checks`` kernel rollouts are played again by the engine on the same numbers
    (:func:`jit.engine_rollout`); a difference raises
    :class:`racekit.sim.kernels.KernelMismatchError`."""

    def __init__(self, jit, n_rollouts=1, random_state=None, checks=CHECKS, tally=None):
        import numpy as np
        self.jit = jit
        self.n_rollouts = n_rollouts
        self.random_state = random_state or np.random.RandomState()
        self.checks = checks
        self.tally = tally if tally is not None else SimpleNamespace(rollouts=0, checked=0)
        """Kernel rollouts played and replayed by the engine (shared by an agent's evaluators)."""

    def _numbers(self, du, au):
        import numpy as np
        more = max(256, len(du) // 2)
        return (np.concatenate((du, self.random_state.uniform(size=more))),
                np.concatenate((au, self.random_state.uniform(size=more))))

    def evaluate(self, state):
        import numpy as np
        from racekit.core.state import returns_of
        rk = state.rk
        n = rk.game.num_players
        total = np.zeros(n)
        for _ in range(self.n_rollouts):
            s = rk.clone()
            while not s.is_terminal() and not self.jit.at_roll(s):
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes())
                    s.apply_action(int(self.random_state.choice(outcomes, p=probs)))
                else:
                    s.apply_action(int(self.random_state.choice(s.legal_actions())))
            if s.is_terminal():
                total += s.returns()
                continue
            size = s.ply + 256
            du = self.random_state.uniform(size=size)
            au = self.random_state.uniform(size=size)
            tail, view, du, au = self.jit.rollout(s.game, s, du, au, more=self._numbers)
            self.tally.rollouts += 1
            if self.tally.checked < self.checks:
                self._check(s, tail, du, au)
            total += returns_of(self.jit.finish.ranking(view), n)
        return total / self.n_rollouts

    def _check(self, s, tail, du, au):
        from racekit.core.errors import KernelMismatchError
        self.tally.checked += 1
        ref = self.jit.engine_rollout(s, du, au)
        if ref != tail:
            ply = next((i for i, (a, b) in enumerate(zip(tail, ref)) if a != b),
                       min(len(tail), len(ref)))
            raise KernelMismatchError(
                f"{s.game!r}: a kernel rollout from ply {s.ply} parts from the engine's "
                f"{ply} plies on", s.game.game_type.id, -1, s.ply + ply)

    def prior(self, state):
        """OpenSpiel's random-rollout prior: every legal action alike, chance by its odds."""
        from open_spiel.python.algorithms import mcts
        return mcts.RandomRolloutEvaluator.prior(self, state)


class MCTSAgent:
    """OpenSpiel's MCTS with random rollouts on the adapter (see the module docstring)."""

    name = "mcts"

    def __init__(self, seed: int = 0, simulations: int = SIMULATIONS, horizon: int = HORIZON):
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            raise ValueError("the mcts agent needs OpenSpiel: install the rl extra "
                             "(bash tools/setup.sh lab,sim,rl or pip install racekit[rl])") from None
        self.seed = seed
        self.simulations = simulations
        self.horizon = horizon
        self._games: dict = {}
        self.fallbacks = 0
        self.tally = SimpleNamespace(rollouts=0, checked=0)
        """Kernel rollouts played, and replayed by the engine (the first :data:`CHECKS`)."""

    def _evaluator(self, os_game, random_state):
        """Kernel rollouts where the game's kernel finishes games from a position, else
        OpenSpiel's random rollouts on the rules engine."""
        from open_spiel.python.algorithms import mcts
        jit = kernel_rollout_module(os_game.rk)
        if jit is None:
            return mcts.RandomRolloutEvaluator(1, random_state)
        return KernelRollouts(jit, 1, random_state, tally=self.tally)

    def _os_game(self, game, limit: int):
        from . import openspiel as ro
        key = (game.settings_text(), limit)
        if key not in self._games:
            params = dict(ro.parameter_specification(game.game_type.id))
            params.update(players=game.num_players, preset=game.preset)
            for name, value in game.options.items():
                params[name] = ro.option_text(value) if isinstance(value, str) else value
            for name, value in game.params.items():
                params[name] = value
            params["turn_limit"] = limit
            self._games[key] = ro.load(game.game_type.id, **params)
        return self._games[key]

    def __call__(self, state, ply: int) -> int:
        import numpy as np
        from open_spiel.python.algorithms import mcts
        from . import openspiel as ro
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.initial_setup is not None:
            raise ValueError("the mcts agent plays from the normal start only, not a set-up position")
        seat = state.current_player()
        game = state.game
        world = state
        if game.game_type.hidden_information:
            rng = random.Random(int(uniform(self.seed, ply, 0x3C75) * 2 ** 53))
            try:
                world = resample(state, seat, rng, max_tries=RESAMPLE_TRIES)
            except ResampleError:   # no world found: a random legal move, never the real cards
                self.fallbacks += 1
                return legal[int(uniform(self.seed, ply, 0x3C77) * len(legal))]
        limit = rounds_so_far(state) + self.horizon
        own = game.turn_limit()
        if own:
            limit = min(limit, own)
        os_game = self._os_game(game, limit)
        os_state = ro.replay_state(os_game, world.history())
        r = int(uniform(self.seed, ply, 0x3C76) * 2 ** 31)
        bot = mcts.MCTSBot(os_game, uct_c=2.0, max_simulations=self.simulations,
                           evaluator=self._evaluator(os_game, np.random.RandomState(r)),
                           random_state=np.random.RandomState(r + 1))
        action = game.game_type.action_id(bot.step(os_state))
        assert action in legal
        return action
