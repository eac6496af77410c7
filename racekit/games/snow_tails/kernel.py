"""Fast playout kernel for Snow Tails (random, first-legal and careful agents).

Unlike the Aeroplane Chess kernel this one does not restate the rules: Snow Tails'
rule modules (``setup``, ``play``, ``move``, ``refill``, ``order``) already keep
their state in flat per-seat lists, so a second copy of the rules would have to
stay equal to the engine in every corner (drift placement, bonus, speed-limit
readings, deck exhaustion, elimination timing) for little gain. (The careful
agent's time goes into its look-ahead, which replays its own turn on numbers and
is checked against copies of the state: see :mod:`.agents`.) The kernel drives one
:class:`~racekit.games.snow_tails.state.SnowTailsState` through the engine's turn
flow (:mod:`.flow`) directly and leaves out what a whole-game simulation throws away:

* no :class:`~racekit.core.state.Event` records: events are only counted, per
  kind, by a counter put in place of ``state.emit``;
* no legality re-check and no refusal machinery per ply (the action comes from
  the legal list or the chance outcomes of this very state);
* the random and first-legal agents choose with their ``pick`` on the state's
  cached legal list, without the public API's defensive copies.

Chance outcomes come from :class:`racekit.core.chance.Sampler` with the engine's
own outcome lists; decisions from the agents themselves (``pick`` of the generic
agents, ``__call__`` of the careful agent on the kernel's state, exactly as the
engine's playout calls it). ``tests/test_sim_kernels.py`` replays the histories
through the engine for many seeds and every option value and checks the same
history, ranking, rounds and event counts. Covered: every preset and option
(clauses as in the engine modules: ST-TURN-1, ST-PLAY-1..5, ST-SPEED-1/2,
ST-DRIFT-1..5, ST-BONUS-1/2, ST-LIMIT-1/2, ST-WALL-1, ST-BLOCK-1/2, ST-REFILL-1/2,
ST-DAMAGE-1/2, ST-ELIM-1, ST-ORDER-1..6, ST-END-1..5 and the ST-AMB options).
"""
from __future__ import annotations

from ...core.errors import no_end

from ...core.agents import make_agent
from ...core.chance import Sampler
from ...core.state import CHANCE, TERMINAL
from ...sim.kernels import MAX_PLIES, Playout, counting_state

AGENTS = ("random", "first", "careful")
EVENTS = ("damage", "wall", "blocked", "over_limit", "no_dog_card", "eliminated",
          "cross_finish", "reshuffle", "bonus_taken")


def supports(game) -> str | None:
    """``None``: this kernel plays every Snow Tails configuration."""
    return None


def implementation() -> str:
    """``"python"``: this kernel has no compiled loop (the bench and ``racekit simulate`` say
    so beside the other games' ``numba``)."""
    return "python"


def play(game, seed: int, agents) -> Playout:
    """One whole race with ``agents`` (one name per seat, each seeded with ``seed``)."""
    # Count events without building them: the rule modules emit only while ``_record`` is set
    st, counts = counting_state(game, EVENTS)
    st._record = True
    sample = Sampler(seed).sample
    players = [make_agent(name, seed, game) for name in agents]
    picks = [p.pick if hasattr(p, "pick") else None for p in players]
    history = st._history
    private = st._private
    apply = st._apply
    for ply in range(MAX_PLIES):
        cp = st._cp
        if cp == TERMINAL:
            break
        if cp == CHANCE:
            action = sample(st._chance_outcomes(), ply)
            private.append(st._private_to(action))
        else:
            pick = picks[cp]
            if pick is not None:
                legal = st._lc
                if legal is None:
                    legal = st._legal_actions()
                # a single legal action is every agent's choice (no draw needed)
                action = legal[0] if len(legal) == 1 else pick(legal, ply)
            else:
                action = players[cp](st, ply)
            private.append(st._private_to(action))
        history.append(action)
        apply(action)
    else:
        raise no_end(game, seed, MAX_PLIES)
    return Playout(list(history), st.ranking(), st.round, counts)
