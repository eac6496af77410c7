"""Where things happen: event positions from simulated games, drawn on each game's own board.

A game's ``playorder.py`` may name ``HEAT_KIND`` (the event kind to map: captures, crashes,
faints, damage), ``event_place(state, event)`` (where one happened, as the board counts
places: a square, a hex label) and ``heat_board(state, ax)`` (draws the board, returns
``place -> (x, y)`` in the picture's coordinates). :func:`event_places` replays games with
events recorded and counts the places; :func:`plot_heatmap` draws the counts as discs whose
area and colour grow with the count.
"""
from __future__ import annotations

from collections import Counter


def heat_kind(game) -> str | None:
    """The event kind mapped for ``game``, or ``None`` when it offers no heatmap hooks."""
    from .playorder import hooks
    mod = hooks(game)
    return getattr(mod, "HEAT_KIND", None) if mod is not None else None


def event_places(game, df, n: int = 100, agents=None) -> dict:
    """Count where the mapped event happened in the first ``n`` games of ``df`` (a
    :func:`racekit.simulate` table of ``game``'s settings): ``{"kind", "games", "events",
    "places": {place: count}}`` (places as strings), or ``{}`` without heatmap hooks. Each game
    is played again from its seed (by the kernel where one plays it) and replayed through the
    rules engine with events recorded."""
    from .kernels import engine_playout, kernel_for
    from .playorder import hooks
    mod = hooks(game)
    kind = getattr(mod, "HEAT_KIND", None) if mod is not None else None
    if kind is None:
        return {}
    if agents is None:   # custom agents (not names) are given, as the simulation played them
        agents = tuple(df.attrs.get("agents") or [df["agents"].iloc[0]] * game.num_players)
    kernel, _ = kernel_for(game, agents)
    places: Counter = Counter()
    games = events = 0
    for seed in df["seed"].head(n):
        out = kernel.play(game, int(seed), agents) if kernel is not None else \
            engine_playout(game, int(seed), agents, events=False)
        state = game.new_initial_state(record_events=True)
        seen = 0
        for action in out.history:
            state.apply_action(action)
            for event in state.events[seen:]:
                if event.kind == kind:
                    events += 1
                    place = mod.event_place(state, event)
                    if place is not None:
                        places[str(place)] += 1
            seen = len(state.events)
        games += 1
    return {"kind": kind, "games": games, "events": events, "places": dict(places)}


def board_state(game, seed: int):
    """A position of the game with ``seed`` to draw the heatmap on: the first decision after the
    set-up (the board dealt, the pieces placed where the game places them)."""
    from ..core.chance import Sampler
    from ..core.state import CHANCE
    from .playorder import hooks
    mod = hooks(game)
    state = game.new_initial_state(record_events=False)
    sampler = Sampler(seed)
    for ply in range(10_000):
        player = state.current_player()
        if player >= 0 and mod.play_order(state) is not None:
            return state
        if player == CHANCE:
            state.apply_action(sampler.sample(state.chance_outcomes(), ply))
        elif player < 0:
            return state
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def plot_heatmap(game, heat: dict, seed: int = 0, ax=None, title: str | None = None):
    """Draw ``heat`` (from :func:`event_places`) on the board of ``game`` (a configured Game):
    discs at each place, area and colour growing with the count. Returns the Axes (``None``
    when the game has no heatmap hooks or ``heat`` is empty)."""
    import matplotlib.pyplot as plt
    from .playorder import hooks
    mod = hooks(game)
    if not heat or mod is None or not hasattr(mod, "heat_board"):
        return None
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 6))
    state = board_state(game, seed)
    where = mod.heat_board(state, ax)
    places = heat["places"]
    if places:
        top = max(places.values())
        pts = [(where(p), c) for p, c in places.items()]
        xs, ys = [p[0] for p, _ in pts], [p[1] for p, _ in pts]
        counts = [c for _, c in pts]
        dots = ax.scatter(xs, ys, s=[20 + 380 * c / top for c in counts], c=counts, cmap="inferno_r",
                          alpha=0.75, edgecolors="black", linewidths=0.4, zorder=20, vmin=0, vmax=top)
        ax.figure.colorbar(dots, ax=ax, shrink=0.6, label=f"{heat['kind']} events")
    ax.set_title(title or f"{game.game_type.id}: {heat['kind']} by place, {heat['events']} events "
                 f"in {heat['games']} games", fontsize=10)
    return ax
