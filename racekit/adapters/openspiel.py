"""racekit games as OpenSpiel Python games (the optional ``rl`` extra: ``pip install racekit[rl]``).

``register()`` adds one OpenSpiel game per shipped racekit game, named ``racekit_<id>``
(``pyspiel.load_game("racekit_wingsuit(players=4,turn_limit=30)")``). Everything comes from
the game's own declarations (docs/contracts.md, docs/adapters.md):

- parameters: ``players`` (int), ``preset`` (str), every rule option with its one value type
  and every rule parameter (int or float), defaults as in racekit; an option is passed on to
  racekit only when it differs from its declared default, so a preset's own values stand;
- actions: OpenSpiel's action ``i`` is the game's dense decision index
  (``GameType.action_index`` / ``action_id``), a chance outcome is its dense chance index
  (``chance_index`` / ``chance_id``), so ``num_distinct_actions`` is the number of decision ids
  the codec can produce and ``max_chance_outcomes`` the number of chance ids;
- utility: racekit's ``returns()`` (from the ranking): min -1, max 1, sum 0; ``team``
  (Aeroplane Chess tournament) is reported to OpenSpiel as ZERO_SUM (OpenSpiel has no team model);
- max_game_length: the declared ``GameType.max_game_length``;
- observer: the core's ``observation_tensor`` / ``observation_string`` (what the seat sees now)
  and, for ``perfect_recall`` observation types, the ``information_state_string`` (what it has
  seen); no information-state tensor;
- ``resample_from_infostate`` (IS-MCTS): the core's ``State.resample``; OpenSpiel's
  ``ISMCTSBot`` calls it with a sampler seeded from the machine's entropy, so its play differs
  from run to run whatever seeds it is given: ``bot.set_resampler(resampler(random_state))``
  makes the worlds it searches come from a seeded random state instead;
- ``ISMCTSBot``: OpenSpiel's IS-MCTS that plays every game to its end: where the resampler
  finds no world (``ResampleError``, late in some 4-player Leaf Marathon races) it decides
  from the simulations it has run, or a uniformly random legal move, and records it.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as _ismcts

from racekit.core.game import game_class, load_game, option_text, shipped_names
from racekit.core.state import CHANCE, TERMINAL
from racekit.core.views import ResampleError

PREFIX = "racekit_"
_REGISTERED: dict[str, type] = {}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of racekit game ``game_id``: ``racekit_<id>``."""
    return PREFIX + game_id


def parameter_specification(game_id: str) -> dict:
    """OpenSpiel's typed defaults: players, preset, every option and every parameter."""
    gt = game_class(game_id).game_type
    spec: dict = {"players": gt.default_players, "preset": gt.preset(None).name}
    for opt in gt.options:   # text without commas ("R+G+B+Y"): OpenSpiel's game strings split on them
        spec[opt.name] = option_text(opt.default) if isinstance(opt.default, str) else opt.default
    for par in gt.params:
        spec[par.name] = par.default
    return spec


def racekit_game(game_id: str, params: dict | None = None):
    """The configured racekit game for OpenSpiel parameters ``params`` (only the options away
    from their declared defaults are passed on, so the preset's own values stand)."""
    gt = game_class(game_id).game_type
    params = dict(params or {})
    options = {o.name: params[o.name] for o in gt.options
               if o.name in params and params[o.name] != o.default
               and params[o.name] != option_text(o.default)}
    numbers = {p.name: params[p.name] for p in gt.params
               if p.name in params and params[p.name] != p.default}
    return load_game(game_id, players=params.get("players"), preset=params.get("preset"),
                     params=numbers or None, **options)


def _game_type(game_id: str) -> "pyspiel.GameType":
    gt = game_class(game_id).game_type
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"racekit {gt.long_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if gt.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=gt.max_players,
        min_num_players=gt.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_id))


def _make_classes(game_id: str):
    gtype = _game_type(game_id)
    rgt = game_class(game_id).game_type

    class RacekitGame(pyspiel.Game):
        __doc__ = f"racekit's {game_id} as an OpenSpiel game."
        racekit_id = game_id

        def __init__(self, params=None):
            full = parameter_specification(game_id)
            full.update(params or {})
            self.rk = racekit_game(game_id, full)
            u = self.rk.utility()
            info = pyspiel.GameInfo(
                num_distinct_actions=rgt.num_decision_indices,
                max_chance_outcomes=rgt.num_chance_indices,
                num_players=self.rk.num_players,
                min_utility=u["min"], max_utility=u["max"],
                utility_sum=u["sum"] if u["sum"] is not None else None,
                max_game_length=rgt.max_game_length)
            super().__init__(gtype, info, full)

        def new_initial_state(self):
            return RacekitState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return RacekitObserver(self, iig_obs_type, params)

    class RacekitState(pyspiel.State):
        __doc__ = f"A racekit {game_id} state seen through OpenSpiel's API."

        def __init__(self, game, rk_state=None):
            super().__init__(game)
            self.rk = rk_state if rk_state is not None else \
                game.rk.new_initial_state(record_events=False)

        def current_player(self):
            cp = self.rk.current_player()
            if cp == TERMINAL:
                return pyspiel.PlayerId.TERMINAL
            if cp == CHANCE:
                return pyspiel.PlayerId.CHANCE
            return cp

        def _legal_actions(self, player):
            return [rgt.action_index(a) for a in self.rk.legal_actions()]

        def chance_outcomes(self):
            return sorted((rgt.chance_index(a), p) for a, p in self.rk.chance_outcomes())

        def _apply_action(self, action):
            if self.rk.is_chance_node():
                self.rk.apply_action(rgt.chance_id(action))
            else:
                self.rk.apply_action(rgt.action_id(action))

        def _action_to_string(self, player, action):
            rid = rgt.chance_id(action) if player == pyspiel.PlayerId.CHANCE else rgt.action_id(action)
            return self.rk.action_to_string(rid)

        def is_terminal(self):
            return self.rk.is_terminal()

        def returns(self):
            return self.rk.returns()

        def resample_from_infostate(self, player_id, probability_sampler):
            world = self.rk.resample(player_id, _Sampler(probability_sampler))
            return replay_state(self.get_game(), world.history())

        def __str__(self):
            return self.rk.to_text()

    class RacekitObserver:
        """OpenSpiel's observer from the core's views (docs/adapters.md)."""

        def __init__(self, game, iig_obs_type, params):
            if params:
                raise ValueError(f"observation parameters not supported; passed {params}")
            self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            size = rgt.observation_size
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state, player):
            self.tensor[:] = state.rk.observation_tensor(player)

        def string_from(self, state, player):
            if self.recall:
                return state.rk.information_state_string(player)
            return state.rk.observation_string(player)

    RacekitGame.__name__ = RacekitGame.__qualname__ = f"RacekitGame_{game_id}"
    RacekitState.__name__ = RacekitState.__qualname__ = f"RacekitState_{game_id}"
    RacekitObserver.__name__ = RacekitObserver.__qualname__ = f"RacekitObserver_{game_id}"
    RacekitGame.state_class = RacekitState
    return gtype, RacekitGame


class _Sampler:
    """``random()`` from OpenSpiel's probability sampler (a callable giving floats in [0, 1))."""

    def __init__(self, sampler):
        self._sampler = sampler

    def random(self) -> float:
        return float(self._sampler())


def resampler(random_state):
    """A world sampler for OpenSpiel's ``ISMCTSBot`` that draws from ``random_state``:
    ``bot.set_resampler(resampler(np.random.RandomState(3)))``.

    The bot's own sampler (``pyspiel.UniformProbabilitySampler(0, 1)``) is seeded from the
    machine's entropy, so the worlds it resamples, and so its choices, differ from one run to
    the next even with every seed given; with this one, the same seeds give the same race in
    any process. Each call draws ``state.resample_from_infostate(player, sampler)`` with the
    sampler's numbers taken from ``random_state`` in turn.

    Args:
        random_state: a ``numpy.random.RandomState`` (or ``Generator``) or a ``random.Random``:
            anything with ``random_sample()`` or ``random()`` giving floats in [0, 1).

    Returns:
        ``callback(state, player) -> state``, the form ``ISMCTSBot.set_resampler`` takes.

    Raises:
        TypeError: ``random_state`` has none of those methods.
    """
    draw = next((getattr(random_state, name) for name in ("random_sample", "random")
                 if callable(getattr(random_state, name, None))), None)
    if draw is None:
        raise TypeError("resampler: random_state needs random_sample() or random() "
                        f"(got {type(random_state).__name__})")

    def callback(state, player):
        return state.resample_from_infostate(player, lambda: float(draw()))
    return callback


class GaveUp(NamedTuple):
    """One decision at which :class:`ISMCTSBot`'s resampler found no world."""

    ply: int
    """The decision's ply: the length of the game's history then."""
    simulations: int
    """Simulations run before the resampler gave up (0 or 1: the move was a uniformly random
    legal action)."""


class _NoWorld(Exception):
    """The resampler gave up at the start of a simulation (:class:`ISMCTSBot`)."""


class ISMCTSBot(_ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot`` (same arguments, same play) that plays every game to its end.

    Each simulation starts from a world resampled from the acting seat's view. Late in a
    4-player Leaf Marathon race the resampler can find none
    (:class:`racekit.core.views.ResampleError`; how often: docs/adapters.md), and OpenSpiel's
    own bot then stops the game with that error. This one stops searching at that decision
    instead and decides from what it has, without the real cards:

    - after ``k >= 2`` simulations: the final policy of the tree those ``k`` built (from
      worlds consistent with the seat's view), as after a search of ``k`` simulations;
    - with fewer (OpenSpiel's first simulation only expands the root and visits no move), or
      where ``allow_inconsistent_action_sets`` leaves no visited legal move: every legal action
      with equal probability.

    Either way ``step`` then draws the action with the bot's ``random_state``, as it does after
    a full search, so with a seeded resampler (``set_resampler(resampler(...))``) the same
    seeds give the same game. Each such decision is appended to ``gave_up`` (:class:`GaveUp`:
    ply, simulations run; kept over the bot's life: clear it between games if you count per
    game); a decision that finds its worlds plays exactly as OpenSpiel's bot with the same
    arguments. Only the resampler's ``ResampleError`` is caught: any other error, and a
    ``ResampleError`` raised elsewhere, propagates. A failure at one simulation ends the search
    at that decision: a call that gives up has already run the resampler's whole schedule
    (three times with Leaf Marathon; minutes late in a race). With the core's resampler on the
    searched state (OpenSpiel's default or :func:`resampler`), a later call at the same view
    that finds none returns a world found before, so a Leaf Marathon search gives up, if at
    all, at its first simulation.

    Attributes:
        gave_up: list of :class:`GaveUp`, one per decision whose search was cut short.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gave_up: list[GaveUp] = []
        self._simulations = 0   # simulations started in the current search

    def run_search(self, state):
        """OpenSpiel's search; where the resampler gives up, the policy described above.

        Returns:
            list of ``(action, probability)`` over ``state``'s legal actions (OpenSpiel's).
        """
        self._simulations = 0
        self._root_node = None
        try:
            return super().run_search(state)
        except _NoWorld:
            pass
        legal = state.legal_actions()
        self.gave_up.append(GaveUp(len(state.history()), self._simulations))
        node = self._root_node
        if node is not None and node.total_visits > 0 and self._allow_inconsistent_action_sets:
            node = self.filter_illegals(node, legal)
        if node is not None and node.total_visits > 0:
            return self.get_final_policy(state, node)
        return [(a, 1.0 / len(legal)) for a in legal]

    def sample_root_state(self, state):
        """OpenSpiel's; counts the simulations started in the current search.

        Raises:
            _NoWorld: the resampler raised ``ResampleError`` (caught by :meth:`run_search`).
        """
        try:
            world = super().sample_root_state(state)
        except ResampleError as e:
            raise _NoWorld() from e
        self._simulations += 1
        return world


def replay_state(game, racekit_history):
    """An OpenSpiel state of ``game`` with racekit action ids ``racekit_history`` applied."""
    rgt = game_class(game.racekit_id).game_type
    state = game.new_initial_state()
    for a in racekit_history:
        state.apply_action(rgt.chance_index(a) if state.is_chance_node() else rgt.action_index(a))
    return state


def register(games=None) -> list[str]:
    """Register ``racekit_<id>`` for each shipped game (or each of ``games``); idempotent.
    Returns the OpenSpiel names."""
    names = []
    for gid in games or shipped_names():
        if gid not in _REGISTERED:
            gtype, cls = _make_classes(gid)
            pyspiel.register_game(gtype, cls)
            _REGISTERED[gid] = cls
            state_cls = cls.state_class
            globals()[cls.__name__] = cls          # module-level names: states pickle
            globals()[state_cls.__name__] = state_cls
        names.append(short_name(gid))
    return names


def load(game_id: str, **params):
    """``pyspiel.load_game`` of ``racekit_<game_id>`` with ``params`` (registers first)."""
    register([game_id])
    return pyspiel.load_game(short_name(game_id), params)
