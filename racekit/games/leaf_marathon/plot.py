"""Draw a Leaf Marathon state with matplotlib (reads the state only; never shows a window).

``draw(state, ax=None, seat=None, title=True)``: the current leg as a lane of squares left to
right, coloured by terrain (converted squares show as leaf), the roadblocks as red crosses,
the ponies as discs in seat colours stacked on shared squares, this round's movement as
arrows, and under the lane one row per pony: a stamina bar (stamina / max), the weight
against the limit (hidden for other seats when ``seat`` is given, LM-AMB-43), armor,
buffs and the state (fainted, finished with place and points).

``Painter(ax, state)`` draws the static parts once (square outlines, labels, row frames)
and ``update(state)`` replaces only what moves (contract 4 of the coordination notes):
square colours, tokens, arrows, bars and texts.
"""
from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Rectangle
from matplotlib.text import Text

from racekit.core.i18n import Texts, seat_name

P = Texts("leaf_marathon")
"""The picture's words (the game's catalogue, ``plot.*``), in the language in force."""

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#ff7f0e")
TERRAIN_COLOURS = {"start": "#d9d9d9", "leaf": "#f0b36a", "forest": "#3f8f3f", "vine": "#6a4c93",
                   "sand": "#f3e29a", "finish": "#ffffff"}
TERRAIN_LABEL = {"start": "S", "leaf": "", "forest": "F", "vine": "V", "sand": "~", "finish": "E"}
ROW_H = 0.9
LANE_Y = 0.0


class Painter:
    """Static lane drawn once; ``update`` swaps the moving artists (contract 4)."""

    def __init__(self, ax: Axes, state, **kw):
        self.ax = ax
        self.leg = state.leg
        self.map = state.game.options["map"]
        self.n_sq = len(state.terrain)
        self.terrain = tuple(state.terrain)   # the squares' colours are part of the static board
        self.n = state.n
        n = self.n_sq
        self.rects = []
        ax.set_xlim(-1.2, max(n + 0.2, 14))
        top = 1.3 + 0.45 * max(1, state.n)
        ax.set_ylim(-1.2 - ROW_H * state.n, top + 0.5)
        ax.set_aspect("auto")
        ax.axis("off")
        for i in range(n):
            r = Rectangle((i, LANE_Y), 0.94, 1.0, edgecolor="#555555", linewidth=0.8,
                          facecolor=TERRAIN_COLOURS.get(state.terrain[i], "white"))
            ax.add_artist(r)
            self.rects.append(r)
            if i % 5 == 0 or i == n - 1:  # few labels: text is the slow part of a redraw
                ax.add_artist(Text(i + 0.47, LANE_Y - 0.22, str(i), ha="center", va="center", fontsize=6,
                                   color="#666666"))
        ax.add_artist(Text(n - 0.06, top + 0.35, P("plot.key"),
                           fontsize=6, ha="right", va="top", color="#555555"))
        names = [seat_name(n) for n in state.game.seat_names]
        for s in range(state.n):
            y = -0.8 - ROW_H * s
            ax.add_artist(Text(-1.1, y, names[s], ha="left", va="center", fontsize=8, color=SEAT_COLOURS[s],
                               fontweight="bold"))
            ax.add_artist(Rectangle((0.6, y - 0.18), 5.0, 0.36, facecolor="none", edgecolor="#888888",
                                    linewidth=0.6))
        self.moving: list = []
        self.update(state, **kw)

    def fits(self, state) -> bool:
        return (state.leg == self.leg and len(state.terrain) == self.n_sq and state.n == self.n
                and state.game.options["map"] == self.map and tuple(state.terrain) == self.terrain)

    def _add(self, artist):
        self.ax.add_artist(artist)
        self.moving.append(artist)

    def update(self, state, seat: int | None = None, title: bool = True, viewer: int | None = None,
               **kw) -> None:
        """Redraw the moving parts; ``seat`` (or the explorer's ``viewer``) draws that seat's
        view: other seats' hand weights hidden (LM-AMB-43)."""
        from racekit.games.leaf_marathon import cards as C
        if viewer is not None:
            seat = viewer
        from racekit.games.leaf_marathon import stats as S
        for a in self.moving:
            a.remove()
        self.moving = []
        ax = self.ax
        for i, r in enumerate(self.rects):
            t = state.terrain[i]
            r.set_facecolor(TERRAIN_COLOURS.get(t, "white"))
            r.set_hatch("xx" if t == "finish" else None)
            lab = TERRAIN_LABEL.get(t, "")
            if lab and t not in ("start", "finish"):
                self._add(Text(i + 0.47, LANE_Y + 0.5, lab, ha="center", va="center", fontsize=7,
                               color="white" if t in ("forest", "vine") else "#7a5a00"))
        for sq in state.roadblocks:
            self._add(Text(sq + 0.47, LANE_Y + 0.5, "X", ha="center", va="center", fontsize=14,
                           color="#b00000", fontweight="bold"))
        stack: dict = {}
        for s in range(state.n):
            k = stack.get(state.pos[s], 0)
            stack[state.pos[s]] = k + 1
            y = LANE_Y + 1.3 + 0.45 * k
            ring = "black" if not state.faint[s] else "#999999"
            # a marker stays round whatever the Axes' aspect
            self._add(Line2D([state.pos[s] + 0.47], [y], marker="o", markersize=11, linestyle="none",
                             markerfacecolor=SEAT_COLOURS[s], markeredgecolor=ring,
                             markeredgewidth=1.8 if state.finished[s] else 0.8,
                             alpha=0.45 if state.faint[s] else 1.0))
        for s, (a, b) in getattr(state, "last_moves", {}).items():
            if b != a:
                self._add(FancyArrowPatch((a + 0.47, LANE_Y + 1.05 + 0.07 * s), (b + 0.47, LANE_Y + 1.05 + 0.07 * s),
                                          arrowstyle="-|>", mutation_scale=9, color=SEAT_COLOURS[s], linewidth=1.2,
                                          connectionstyle="arc3,rad=-0.25"))
        for s in range(state.n):
            y = -0.8 - ROW_H * s
            if state.char[s] < 0:
                self._add(Text(0.7, y, P("plot.no_character"), va="center", fontsize=7, color="#666666"))
                continue
            m = S.max_stamina(state, s)
            frac = state.stamina[s] / m if m else 0
            colour = "#2ca02c" if frac > 0.5 else ("#ff9f1c" if frac > 0.25 else "#d62728")
            self._add(Rectangle((0.6, y - 0.18), 5.0 * frac, 0.36, facecolor=colour, edgecolor="none"))
            self._add(Text(3.1, y, f"{state.stamina[s]}/{m}", ha="center", va="center", fontsize=7))
            limit = S.weight_limit(state, s)
            if seat is None or seat == s:
                w = C.hand_weight(state, s)
                wt = P("plot.weight", w=w, limit=limit) + (f" (-{w - limit})" if w > limit else "")
                wc = "#b00000" if w > limit else "black"
            else:
                wt, wc = P("plot.weight", w="?", limit=limit), "#666666"
            k = len(state.hand[s])
            bits = [P("plot.cards", n=k)]
            if state.armor[s] >= 0:
                bits.append(P("plot.armor"))
            buffs = S.buffs(state, s)
            if buffs:
                bits.append(P("plot.buffs", buffs="".join(buffs)))
            if state.bound[s]:
                bits.append(P("plot.bound"))
            if state.faint[s]:
                bits.append(P("plot.fainted"))
            if state.finished[s]:
                bits.append(P("plot.finished", place=state.fin_place[s]))
            from .finish import _total
            from .text import _num
            bits.append(P("plot.points", points=_num(_total(state.leg_points[s]))))
            self._add(Text(6.0, y, wt + "   " + "  ".join(bits), va="center", fontsize=7,
                           color=wc))
        if title:
            # read the prompt without running a set-up position's pending flow
            who = (-4 if state.pk == "over" else state._cp) if state.pk else None
            names = [seat_name(n) for n in state.game.seat_names]
            from racekit.games.leaf_marathon.text import PHASES
            head = (P("plot.head", leg=state.leg + 1, legs=len(state.legs), round=state.round, ply=state.ply)
                    + (P("plot.setup") if who is None else P("plot.over") if who < -1 else
                       (P("plot.to", name=names[who], phase=PHASES.get(state.pk, state.pk)) if who >= 0 else
                        PHASES.get(state.pk, state.pk))))
            self._add(Text(-1.1, ax.get_ylim()[1] - 0.15, head, va="top", fontsize=9))


def draw(state, ax: Axes | None = None, seat: int | None = None, title: bool = True, **kw) -> Axes:
    """Draw ``state`` into ``ax`` (a new Figure's Axes when None) and return the Axes.

    ``seat`` (or ``viewer``, the explorer's name for it): draw only what that seat may see."""
    if ax is None:
        from matplotlib.figure import Figure
        fig = Figure(figsize=(9, 2.2 + 0.35 * state.n))
        ax = fig.add_subplot(111)
    Painter(ax, state, seat=seat, title=title)
    return ax
