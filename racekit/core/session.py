"""A session: one game being played or explored, with time travel.

Used by the CLI (``racekit play``) and by the notebook explorer. It holds the
seed, draws chance outcomes from it, asks agents for decisions, and keeps the
whole line of play so Back / Forward / jump-to-ply work by replay from the
nearest checkpoint (a clone of the state kept every ``CHECKPOINT_EVERY``
plies), so a jump costs at most that many plies of replay, however long the
game (past ply ``LONG_LINE``, which no finished game reaches, the clones
thin out to one every ``LONG_CHECKPOINT_EVERY`` plies to bound the memory).
"""
from __future__ import annotations

from .agents import RandomAgent
from .chance import Sampler, check_seed, new_seed
from .errors import MAX_PLIES, no_end
from .state import CHANCE, TERMINAL

CHECKPOINT_EVERY = 50
"""Plies between the kept clones of the line (a jump replays fewer than this many)."""
LONG_LINE = 5_000
"""Past this ply (far longer than any game the kit's agents finish) a clone is kept only every
:data:`LONG_CHECKPOINT_EVERY` plies: each clone holds the whole history and story so far, so
clones every 50 plies of a game that never ends (up to the guard) would fill gigabytes."""
LONG_CHECKPOINT_EVERY = 5_000


def is_checkpoint(ply: int) -> bool:
    """Does the session keep a clone of the line at ``ply``?"""
    return ply % (CHECKPOINT_EVERY if ply <= LONG_LINE else LONG_CHECKPOINT_EVERY) == 0


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

    A game that has not ended after :attr:`max_plies` plies (the engine's guard,
    :data:`~racekit.core.errors.MAX_PLIES`) never will with these agents: the next
    :meth:`next_action` or :meth:`step` raises :class:`~racekit.core.errors.NoEndError`
    (its message leaves the seed out), so whatever plays a session ends.

    Attributes:
        state: the current state (at ``cursor``).
        line: the full recorded line of play (may extend past the cursor after Back).
        actors: who acted at each ply of ``line`` (a seat, or ``CHANCE``).
        max_plies: the guard (plies played before :class:`~racekit.core.errors.NoEndError`).
    """

    max_plies: int = MAX_PLIES

    def __init__(self, game, seed: int | None = None, agents=None, setup: dict | None = None):
        self.game = game
        self.seed = new_seed() if seed is None else check_seed(seed)
        self.setup = setup
        self.sampler = Sampler(self.seed)
        self.agents = agents or [RandomAgent(self.seed) for _ in range(game.num_players)]
        self.state = game.new_initial_state(setup=setup)
        self.line: list[int] = []
        self.actors: list[int] = []
        self._checkpoints: dict[int, object] = {0: self.state.clone()}

    @property
    def cursor(self) -> int:
        return self.state.ply

    def next_action(self) -> int:
        """The action the session would take now: the sampled chance outcome or the agent's choice."""
        player = self.state.current_player()
        if player == TERMINAL:
            raise ValueError("the game is over")
        self._guard()
        if player == CHANCE:
            return self.sampler.sample(self.state.chance_outcomes(), self.state.ply)
        return self.agents[player](self.state, self.state.ply)

    def step(self, action: int | None = None) -> int:
        """Apply ``action`` (or the next chance outcome / agent choice) and return it.

        Stepping from a point reached by :meth:`back` with a different action
        discards the recorded future; with the same one, it is kept.

        Raises:
            IllegalActionError: ``action`` is not legal (nothing changes).
            NoEndError: the game has reached the guard, :attr:`max_plies` plies, without
                ending (nothing changes).
        """
        self._guard()
        if action is None:
            ply = self.state.ply
            action = self.line[ply] if ply < len(self.line) else self.next_action()
        actor = self.state.current_player()
        self.state.apply_action(action)
        ply = self.state.ply - 1
        if not (ply < len(self.line) and self.line[ply] == action):
            if ply < len(self.line):   # a new branch: the old future and its clones go
                del self.line[ply:]
                del self.actors[ply:]
                for key in [k for k in self._checkpoints if k > ply]:
                    del self._checkpoints[key]
            self.line.append(action)
            self.actors.append(actor)
        self._keep(self.state)
        return action

    def _guard(self) -> None:
        """Raise :class:`~racekit.core.errors.NoEndError` at the guard (a game not over after
        :attr:`max_plies` plies)."""
        if self.state.ply >= self.max_plies and not self.state.is_terminal():
            raise no_end(self.game, None, self.max_plies)

    def _keep(self, state) -> None:
        """Keep a clone of ``state`` when it sits on a checkpoint ply of the line."""
        ply = state.ply
        if is_checkpoint(ply) and ply not in self._checkpoints:
            self._checkpoints[ply] = state.clone()

    def back(self, plies: int = 1) -> None:
        """Undo ``plies`` plies (replay from the nearest checkpoint)."""
        self.goto(max(0, self.cursor - plies))

    def forward(self, plies: int = 1) -> None:
        """Redo recorded plies after :meth:`back`."""
        self.goto(min(len(self.line), self.cursor + plies))

    def goto(self, ply: int) -> None:
        """Jump to ``ply`` (0 .. len(line)) of the recorded line.

        Replays from the nearest checkpoint at or before ``ply`` (fewer than
        ``CHECKPOINT_EVERY`` plies; past ply ``LONG_LINE`` of a game that would not
        end, fewer than ``LONG_CHECKPOINT_EVERY``), or from the state itself when it
        lies on the way; the result equals ``replay(game, line[:ply])``.

        Raises:
            ValueError: ``ply`` is outside the line.
        """
        if not 0 <= ply <= len(self.line):
            raise ValueError(f"ply must be between 0 and {len(self.line)}, got {ply}")
        here = self.state.ply
        base = max(k for k in self._checkpoints if k <= ply)
        if base <= here <= ply or (here <= ply and ply - here < CHECKPOINT_EVERY):
            state = self.state
        else:
            state = self._checkpoints[base].clone()
        for k in range(state.ply, ply):
            state.apply_action(self.line[k])
            self._keep(state)
        self.state = state

    def decision_before(self, ply: int) -> int:
        """The latest ply before ``ply`` at which a seat decides (not a chance draw), else 0.

        Used to step back over runs of chance draws (``0 < ply <= len(line)``).
        """
        k = min(ply, len(self.actors)) - 1
        while k > 0 and self.actors[k] == CHANCE:
            k -= 1
        return max(k, 0)

    def run(self, max_plies: int | None = None) -> None:
        """Play to the end, or ``max_plies`` more plies when given.

        Raises:
            NoEndError: the game reached the guard (:attr:`max_plies`) without ending.
        """
        count = 0
        while not self.state.is_terminal() and (max_plies is None or count < max_plies):
            self.step()
            count += 1
