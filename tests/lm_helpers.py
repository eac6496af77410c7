"""Leaf Marathon test helpers: a leg of plain leaf squares and a position built from a set-up."""
import racekit

FIN = {"finished": True, "place": 1}
"""A seat entry for a pony that has already finished (first place)."""


def leaf(n, **kw):
    """Terrain of a leg of ``n`` squares after the start, all leaf; ``s5="forest"`` sets square 5."""
    t = ["start"] + ["leaf"] * (n - 1) + ["finish"]
    for k, v in kw.items():
        t[int(k[1:])] = v
    return t


def make(seats, options=None, players=None, **setup):
    """A Leaf Marathon state from a set-up: ``seats`` entries, a 20-square leaf leg unless
    ``terrain`` is given, rule ``options`` (also accepted inside ``setup``)."""
    setup.setdefault("terrain", leaf(20))
    opts = {**setup.pop("options", {}), **(options or {})}
    g = racekit.load_game("leaf_marathon", players=players or len(seats), **opts)
    st = g.new_initial_state(setup={"seats": seats, **setup})
    st.current_player()   # let the state run its automatic steps up to the first question
    return st


def act(st, *names):
    """Apply actions by name."""
    for n in names:
        st.apply_action(st.string_to_action(n))


def events(st, kind):
    return [e for e in st.events if e.kind == kind]
