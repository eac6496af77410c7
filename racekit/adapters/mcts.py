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

It plays through the rules engine (the compiled kernels know only their own agents).
"""
from __future__ import annotations

import random

from racekit.core.chance import uniform
from racekit.core.views import ResampleError, resample

SIMULATIONS = 8
"""MCTS simulations per decision (kept small: every simulation is a Python rollout)."""
HORIZON = 2
"""Rounds a rollout plays past the current round before the ranking is scored."""
RESAMPLE_TRIES = 300
"""Worlds tried per decision; when none fits the seat's view (Leaf Marathon's hands late in a
race, docs/adapters.md) the agent plays a random legal move (counted in ``fallbacks``)."""


def rounds_so_far(state) -> int:
    """The round the state is in (1 on): ``state.round``, or for a game that counts turns
    (Aeroplane Chess) its turns per seat."""
    if hasattr(state, "round"):
        return int(state.round)
    return int(getattr(state, "turns", 0)) // state.game.num_players + 1


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
                           evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(r)),
                           random_state=np.random.RandomState(r + 1))
        action = game.game_type.action_id(bot.step(os_state))
        assert action in legal
        return action
