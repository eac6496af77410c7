"""A session: one game being played or explored, with time travel.

Used by the CLI (``racekit play``) and by the notebook explorer. It holds the
seed, draws chance outcomes from it, asks agents for decisions, and keeps the
whole line of play so Back / Forward / jump-to-ply work by replay.
"""
from __future__ import annotations

from .agents import RandomAgent
from .chance import Sampler, new_seed
from .replay import replay
from .state import CHANCE, TERMINAL


class Session:
    """Play or explore one game.

    Args:
        game: a configured Game (``racekit.load_game(...)``).
        seed: the user's seed; chance outcome at ply k depends only on (seed, k).
            ``None`` (the default) draws a fresh 128-bit secret seed
            (:func:`~racekit.core.chance.new_seed`): a game nobody can guess. A
            small seed is public: anyone may try every small number.
        agents: per-seat agents (callables ``agent(state, ply) -> action``);
            ``None`` means a seeded random agent for every seat.
        setup: optional game-specific start position.

    Attributes:
        state: the current state (at ``cursor``).
        line: the full recorded line of play (may extend past the cursor after Back).
    """

    def __init__(self, game, seed: int | None = None, agents=None, setup: dict | None = None):
        self.game = game
        self.seed = new_seed() if seed is None else seed
        self.setup = setup
        self.sampler = Sampler(self.seed)
        self.agents = agents or [RandomAgent(self.seed) for _ in range(game.num_players)]
        self.state = game.new_initial_state(setup=setup)
        self.line: list[int] = []

    @property
    def cursor(self) -> int:
        return self.state.ply

    def next_action(self) -> int:
        """The action the session would take now: the sampled chance outcome or the agent's choice."""
        player = self.state.current_player()
        if player == TERMINAL:
            raise ValueError("the game is over")
        if player == CHANCE:
            return self.sampler.sample(self.state.chance_outcomes(), self.state.ply)
        return self.agents[player](self.state, self.state.ply)

    def step(self, action: int | None = None) -> int:
        """Apply ``action`` (or the next chance outcome / agent choice) and return it.

        Stepping from a point reached by :meth:`back` with a different action
        discards the recorded future; with the same one, it is kept.

        Raises:
            IllegalActionError: ``action`` is not legal (nothing changes).
        """
        if action is None:
            ply = self.state.ply
            action = self.line[ply] if ply < len(self.line) else self.next_action()
        self.state.apply_action(action)
        ply = self.state.ply - 1
        if ply < len(self.line) and self.line[ply] == action:
            return action
        del self.line[ply:]
        self.line.append(action)
        return action

    def back(self, plies: int = 1) -> None:
        """Undo ``plies`` plies (by replay from the start)."""
        self.goto(max(0, self.cursor - plies))

    def forward(self, plies: int = 1) -> None:
        """Redo recorded plies after :meth:`back`."""
        self.goto(min(len(self.line), self.cursor + plies))

    def goto(self, ply: int) -> None:
        """Jump to ``ply`` (0 .. len(line)) of the recorded line."""
        if not 0 <= ply <= len(self.line):
            raise ValueError(f"ply must be between 0 and {len(self.line)}, got {ply}")
        self.state = replay(self.game, self.line[:ply], setup=self.setup)

    def run(self, max_plies: int = 100_000) -> None:
        """Play to the end (or ``max_plies``)."""
        for _ in range(max_plies):
            if self.state.is_terminal():
                return
            self.step()
