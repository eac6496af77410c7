"""Tiny Race: the facts the rules keep true at all times."""
from racekit.core.invariants import Invariant, Violation


def _on_track(st):
    fin = st.game.params.finish_square
    for s, p in enumerate(st.pos):
        if not 0 <= p <= fin:
            yield Violation(f"pos.{s}", p, f"a token stands on a square from 0 to {fin}", seat=s)


def _one_winner(st):
    fin = st.game.params.finish_square
    home = [s for s, p in enumerate(st.pos) if p == fin]
    if len(home) > 1:
        yield Violation("pos", list(st.pos), "the race ends when the first token reaches the finish")


INVARIANTS = (
    Invariant("on_track", "TR-GOAL-1", "Every token stands on the track, at most on the finish.",
              _on_track),
    Invariant("one_winner", "TR-GOAL-1", "At most one token stands on the finish.", _one_winner),
)
