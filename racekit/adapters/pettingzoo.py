"""racekit games as PettingZoo AEC environments (the optional ``rl`` extra).

``env("wingsuit", players=3, turn_limit=30)`` returns an AEC environment:

- agents ``seat_0`` .. ``seat_{n-1}``; only the seat to act steps (chance is not an agent);
- actions: ``Discrete(num_decision_indices)``, the game's dense decision index
  (``GameType.action_index``); the observation is a dict ``{"observation": the core's
  observation_tensor(seat) (float32, GameType.observation_size), "action_mask": int8 mask of the
  legal indices}`` (all zeros for a seat not to act);
- chance: every chance node is drawn at once with the same seeded sampler as the CLI
  (``racekit.core.chance.Sampler(seed).sample(outcomes, ply)``), so ``reset(seed=7)`` plays the
  chance outcomes ``racekit play GAME --seed 7`` plays given the same decisions;
  ``reset()`` without a seed draws a fresh secret seed (:func:`racekit.core.chance.new_seed`);
- rewards: ``returns()`` at the end (0 before; rewards are terminal, summed over the episode);
- ``state()``: the referee's full view as a tensor (secrets included: for a centralised critic);
- terminations when the rules end the game; truncations instead when a round cap ended it
  (the ``turn_limit`` option, an engine guard: ``state.capped``).
"""
from __future__ import annotations

import json

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from racekit.core.chance import Sampler, new_seed
from racekit.core.game import load_game


def env(game: str, render_mode: str | None = None, **settings) -> "RacekitEnv":
    """A PettingZoo AEC environment of racekit game ``game`` (``settings``: ``players``,
    ``preset``, ``params`` and rule options, as :func:`racekit.load_game` takes them)."""
    return RacekitEnv(game, render_mode=render_mode, **settings)


class RacekitEnv(AECEnv):
    """One racekit game as an AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **settings):
        super().__init__()
        self.game = load_game(game, **settings)
        gt = self.game.game_type
        self.metadata = {**RacekitEnv.metadata, "name": f"racekit_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(self.game.num_players)]
        self._n_actions = gt.num_decision_indices
        obs = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (gt.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self._n_actions,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(-np.inf, np.inf, (gt.observation_size,), np.float32)
        self.state_ = None
        self.seed_ = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ----- the episode ------------------------------------------------------------
    def reset(self, seed=None, options=None):
        self.seed_ = seed if seed is not None else new_seed()
        self._sampler = Sampler(self.seed_)
        self.state_ = self.game.new_initial_state(record_events=False)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def _advance(self):
        """Play chance nodes with the seeded sampler, then point at the seat to act (or end)."""
        st = self.state_
        while st.is_chance_node():
            st.apply_action(self._sampler.sample(st.chance_outcomes(), st.ply))
        if st.is_terminal():
            returns = st.returns()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[i])
                if st.capped:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.possible_agents[st.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        st = self.state_
        st.apply_action(self.game.game_type.action_id(int(action)))
        self._advance()
        if self.render_mode == "ansi":
            self.render()

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        st = self.state_
        mask = np.zeros(self._n_actions, np.int8)
        if not st.is_terminal() and st.current_player() == seat:
            gt = self.game.game_type
            mask[[gt.action_index(a) for a in st.legal_actions()]] = 1
        return {"observation": np.asarray(st.observation_tensor(seat), np.float32),
                "action_mask": mask}

    def state(self):
        """The global state for a centralised critic: the tensor of the referee's full view,
        every secret included (asked for by name; never given to a seat's policy)."""
        from racekit.core.views import observation_tensor
        return np.asarray(observation_tensor(self.state_, None, full=True), np.float32)

    def render(self):
        if self.render_mode is None:
            return None
        if self.state_ is None:
            return ""
        return json.dumps(self.state_.snapshot(), sort_keys=True)   # the public view only

    def close(self):
        pass
