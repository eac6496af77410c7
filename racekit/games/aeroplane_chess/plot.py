"""Draw an Aeroplane Chess position with matplotlib (reads the state only).

The 52-square loop is a ring (travel clockwise); own-colour squares carry their
colour, entry squares a white triangle, the dashed shortcuts are dashed
arrows, home columns run to the finish in the middle, and bases and take-off
points sit outside the ring. Planes are discs labelled with their name; a
square holding several pieces shows one disc with the count. The last move's
path is drawn as a dotted line, and the planes that can move now get a gold
ring, with a small marker where each legal move would end.
"""
from __future__ import annotations

import math

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Polygon, RegularPolygon, Wedge
from matplotlib.text import Text
from matplotlib.transforms import TransformedPatchPath

from .actions import MOVE_GROUP, bits, decode, piece_name
from racekit.core.i18n import Texts, seat_name

P = Texts("aeroplane_chess")
"""The picture's words (the game's catalogue, ``plot.*``), in the language in force."""

LIGHT = 0.4   # how much the board squares are blended toward white


def _blend(hex_colour: str, amount: float) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def _angle(xy) -> float:
    return math.degrees(math.atan2(xy[1], xy[0]))


def _where(state, p: int):
    """A drawing key and centre for plane ``p``."""
    b = state.b
    s = state.pos[p]
    seat = p >> 2
    if s == -1:
        return ("base", p), b.base_xy[seat][p & 3]
    if s == 0:
        return ("takeoff", seat), b.takeoff_xy[seat]
    if b.on_loop(s):
        sq = b.sq[seat][s]
        return ("loop", sq), b.loop_xy[sq]
    if s < b.finish:
        return ("home", seat, s), b.xy(seat, s)
    return ("finish", seat), b.home_xy[seat][b.home_len]


def _path_xy(state, seat: int, steps):
    b = state.b
    return [b.xy(seat, s, 0) for s in steps if s is not None]


def _outcome(state, action):
    """Where a legal move would end (applied to a clone; the state is untouched)."""
    c = state.clone()
    c._record = False
    try:
        c.apply_action(action)
    except Exception:  # pragma: no cover - legal actions apply
        return None
    return c.last


def draw(state, ax=None, *, highlight=None, show_legal: bool = True, title: str | None = None):
    """Draw ``state`` into ``ax`` (a new Figure's Axes when ``None``) and return the Axes.

    Args:
        highlight: an action id or name (its path is drawn boldly), or plane
            names (``"R1"`` or a list) to ring in black.
        show_legal: ring the planes that can move now and mark where each move ends.
        title: replaces the default title line.
    """
    if ax is None:
        fig = Figure(figsize=(7.2, 7.2))
        ax = fig.add_subplot(1, 1, 1)
    Painter(ax, state).update(state, highlight=highlight, show_legal=show_legal, title=title)
    return ax


class Painter:
    """Draws the static board once into ``ax``; :meth:`update` redraws only what moves.

    The explorer's fast path (docs/contracts.md, "Explorer drawing"): the loop,
    home columns, bases, shortcuts and the legend line are drawn in ``__init__``;
    planes, the last move's path, the legal-move marks and the title in
    :meth:`update`, which first removes the previous ones.
    """

    def __init__(self, ax, state, **kw):
        self.ax = ax
        self.key = self._key(state)
        self.board = state.b
        self._moving: list = []
        self._clip = TransformedPatchPath(ax.patch)
        b = state.b
        lay = b.data.layout
        self.cell = cell = lay.cell
        n = state.game.num_players
        colours = b.colour_hex
        ax.set_aspect("equal")
        ax.axis("off")
        corners = [abs(v) for xy in b.base_xy[0] + [b.takeoff_xy[0]] for v in xy]
        lim = max(max(corners) + cell * 1.9, lay.radius + cell * 2)
        ax.set_xlim(-lim, lim)
        ax.set_ylim(-lim - cell * 1.2, lim)
        add = ax.add_artist
        for i, xy in enumerate(b.loop_xy):
            owner = b.square_owner[i]
            face = _blend(colours[owner], LIGHT) if owner is not None else (0.93, 0.93, 0.93)
            add(RegularPolygon(xy, 4, radius=cell * 0.68, orientation=math.radians(_angle(xy) + 45),
                               facecolor=face, edgecolor="0.35", linewidth=0.6, zorder=1))
        for seat in range(len(b.colours)):
            col = colours[seat]
            entry = b.loop_xy[b.entries[seat]]
            a = math.radians(_angle(entry))
            # entry square: a small white triangle pointing along the travel direction
            add(RegularPolygon(entry, 3, radius=cell * 0.22, orientation=a, facecolor="white",
                               edgecolor=col, linewidth=0.8, zorder=2))
            # dashed shortcut
            p0, p1 = b.loop_xy[b.sq[seat][b.fly_from]], b.loop_xy[b.sq[seat][b.fly_to]]
            add(FancyArrowPatch(p0, p1, arrowstyle="-|>", mutation_scale=12, linestyle=(0, (4, 3)),
                                color=col, linewidth=1.6, zorder=3, shrinkA=6, shrinkB=6,
                                alpha=1.0 if state.r.jump_fly else 0.3))
            # home column and finish
            for xy in b.home_xy[seat][: b.home_len]:
                add(RegularPolygon(xy, 4, radius=cell * 0.55, orientation=math.radians(_angle(xy) + 45),
                                   facecolor=_blend(col, 0.35), edgecolor="0.35", linewidth=0.6,
                                   zorder=1))
            fin = b.home_xy[seat][b.home_len]
            fa = _angle(fin)
            add(Wedge((0, 0), math.hypot(*fin) + cell * 0.45, fa - 45, fa + 45,
                      facecolor=_blend(col, 0.3), edgecolor="white", linewidth=1.5, zorder=1))
            # take-off point and base
            add(Circle(b.takeoff_xy[seat], cell * 0.5, facecolor="white", edgecolor=col,
                       linewidth=2, zorder=1))
            bx = sum(x for x, _ in b.base_xy[seat]) / 4
            by = sum(y for _, y in b.base_xy[seat]) / 4
            half = cell * 1.3
            present = seat < n
            add(Polygon([(bx - half, by - half), (bx + half, by - half), (bx + half, by + half),
                         (bx - half, by + half)], closed=True,
                        facecolor=_blend(col, 0.7 if present else 0.9),
                        edgecolor=col if present else "0.7", linewidth=1.5, zorder=1))
            for xy in b.base_xy[seat]:
                add(Circle(xy, cell * 0.3, facecolor="white", edgecolor=_blend(col, 0.3),
                           linewidth=0.8, zorder=1))
            lx, ly = bx, by + (half + cell * 0.45) * (1 if by > 0 else -1)
            ax.text(lx, ly, seat_name(b.colours[seat].title()) + ("" if present else P("plot.empty")),
                    ha="center",
                    va="center", fontsize=8, color=col if present else "0.6")
        ax.text(0, -lim - cell * 0.6, P("plot.key"), ha="center", va="center", fontsize=6, color="0.3")

    @staticmethod
    def _key(state):
        return (state.game.num_players, bool(state.r.jump_fly))

    def fits(self, state) -> bool:
        """Same board (the very object: it is kept), seats and shortcut rule as the static picture."""
        return state.b is self.board and self._key(state) == self.key

    def _add(self, artist):
        artist.set_clip_path(self._clip)   # shared: add_artist would build a clip path each
        self.ax.add_artist(artist)
        self._moving.append(artist)
        return artist

    def _line(self, xs, ys, **kw):
        return self._add(Line2D(xs, ys, **kw))

    def _text(self, x, y, s, **kw):
        return self._add(Text(x, y, s, clip_on=False, **kw))

    def update(self, state, *, highlight=None, show_legal: bool = True, title: str | None = None,
               **_) -> None:
        """Remove the previous planes, paths and marks; draw those of ``state``.

        Args: as :func:`draw`.
        """
        for artist in self._moving:
            artist.remove()
        self._moving = []
        b = state.b
        cell = self.cell
        n = state.game.num_players
        colours = b.colour_hex
        circle = lambda xy, r, **kw: self._add(Circle(xy, r, **kw))  # noqa: E731

        # ----- last move and highlighted move --------------------------------------------
        last = state.last
        if last:
            pts = _path_xy(state, last["seat"], last["steps"])
            if len(pts) > 1:
                self._line([x for x, _ in pts], [y for _, y in pts], linestyle=":", color="black",
                           linewidth=1.6, zorder=5)
                circle(pts[-1], cell * 0.62, fill=False, edgecolor="black", linewidth=1.2,
                       linestyle=":", zorder=5)
        ring = set()
        bold = None
        if highlight is not None:
            if isinstance(highlight, str) and highlight.startswith(("move", "launch")):
                highlight = state.string_to_action(highlight)
            if isinstance(highlight, int):
                bold = highlight
            else:
                ring = {highlight} if isinstance(highlight, str) else set(highlight)

        legal_moves = {}                 # move action -> the planes it moves
        if state.phase == "move":
            for a in state.legal_actions():
                kind, mask = decode(a)
                if kind == MOVE_GROUP:
                    legal_moves[a] = mask
        movable = set()
        for a, mask in legal_moves.items() if show_legal or bold is not None else ():
            if not show_legal and a != bold:
                continue
            end = _outcome(state, a)
            for p in bits(mask):
                movable.add(p)
            if end is None:
                continue
            pts = _path_xy(state, end["seat"], end["steps"])
            if a == bold and len(pts) > 1:
                self._line([x for x, _ in pts], [y for _, y in pts], color="black", linewidth=2.4,
                           zorder=6)
            if pts:
                self._line([pts[-1][0]], [pts[-1][1]], marker="x", color="#b8860b", markersize=9,
                           mew=2.2, zorder=6, linestyle="none")

        # ----- planes ------------------------------------------------------------------------
        groups: dict = {}
        for p in range(4 * n):
            key, xy = _where(state, p)
            groups.setdefault(key, (xy, []))[1].append(p)
        for key, (xy, ps) in groups.items():
            if key[0] == "finish":
                col = colours[key[1]]
                circle(xy, cell * 0.5, facecolor=col, edgecolor="black", linewidth=1.0, zorder=7)
                self._text(xy[0], xy[1], f"{len(ps)}", ha="center", va="center", fontsize=9,
                           color="white", fontweight="bold", zorder=8)
                self._text(xy[0], xy[1] - cell * 0.75, "home", ha="center", va="top", fontsize=6,
                           zorder=8)
                continue
            seats = sorted({p >> 2 for p in ps})
            main = colours[ps[0] >> 2]
            r = cell * 0.42
            if len(seats) == 1:
                circle(xy, r, facecolor=main, edgecolor="black", linewidth=0.8, zorder=7)
            else:
                step = 360 / len(seats)
                for i, s in enumerate(seats):
                    self._add(Wedge(xy, r, 90 + i * step, 90 + (i + 1) * step, facecolor=colours[s],
                                    edgecolor="black", linewidth=0.8, zorder=7))
            label = piece_name(ps[0]) if len(ps) == 1 else str(len(ps))
            self._text(xy[0], xy[1], label, ha="center", va="center",
                       fontsize=7 if len(ps) == 1 else 10, color="white", fontweight="bold", zorder=8)
            if any(p in movable for p in ps):
                circle(xy, r * 1.45, fill=False, edgecolor="#daa520", linewidth=2.6, zorder=6)
            if ring & {piece_name(p) for p in ps}:
                circle(xy, r * 1.7, fill=False, edgecolor="black", linewidth=2.0, zorder=6)
            if len(ps) > 1 and key[0] != "base":
                self._text(xy[0], xy[1] - r * 1.9, "+".join(piece_name(p) for p in ps),
                           ha="center", va="top", fontsize=6, zorder=8)

        # ----- title ------------------------------------------------------------------------------
        if title is None:
            names = [seat_name(n) for n in state.game.seat_names]
            cp = state.current_player()
            if state.is_terminal():
                who = P("plot.over", names=" + ".join(names[s] for s in (state.winner or [])))
            elif cp < 0:
                who = P("plot.to_roll", name=names[state.roller])
            else:
                who = P("plot.to_decide", name=names[cp]) + (P("plot.rolled", die=state.die) if state.die else "")
            title = P("plot.title", preset=state.game.preset, who=who)
        self.ax.set_title(title, fontsize=10)
