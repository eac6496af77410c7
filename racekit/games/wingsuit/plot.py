"""Drawing Wingsuit Flight: the five-card hex track and the 2 x 6 action queue.

Reads state only. :class:`Painter` draws the static board once (hexes as one
PolyCollection, card boundaries, heights, marks, start and reset half-hexes,
the queue's cells and icons) and :meth:`Painter.update` redraws only what moves:
characters (dice in seat colours showing their altitude, stacked side by side
in one hex), the current die's arrow path, the dice in the queue, and the title.
:func:`draw` is ``Painter(ax, state).update(state)``. With ``raster=True`` the
static board is rendered once into a cached image (for callers that redraw the
whole figure at every step; :func:`draw` switches to it when it is called again
on the same figure with the same board).
"""
from __future__ import annotations

import math
import weakref

from matplotlib.collections import PolyCollection
from matplotlib.patches import FancyArrowPatch, Rectangle
from matplotlib.text import Text

from racekit.plotting import PIECE, PIECE_LABEL, mark, px_font
from racekit.boards.hex import DIRECTIONS, corners, xy

from . import actions as A
from .cards import VOID, WHITE, token_text
from racekit.core.i18n import Texts, seat_name

P = Texts("wingsuit")
"""The picture's words (the game's catalogue, ``plot.*``), in the language in force."""

_CACHE: dict = {}


def _board_sig(board):
    sig = getattr(board, "_sig", None)
    if sig is None:
        sig = hash((tuple(board.track), tuple(board.height), tuple(board.updraft), tuple(board.item)))
        board._sig = sig
    return sig


SEAT_COLOURS = ("#d62728", "#2ca02c", "#1f77b4", "#e6b800", "#9467bd")
COST_COLOURS = {0: "#e8615a", 1: "#f2cc4d", 2: "#5b9bd5"}
SHADES = {1: "#eef4e6", 2: "#cfdcb5", 3: "#a9bd86", 4: "#7f955c"}
S3 = math.sqrt(3) / 2
ARROWS = {"N": "↑", "NE": "↗", "SE": "↘", "S": "↓", "SW": "↙", "NW": "↖"}


def _tok_label(t) -> str:
    if isinstance(t, int):
        return ARROWS[DIRECTIONS[t]]
    cond, n, arrows = t
    name = token_text(t).split(",")[0].replace("IF(", "")
    short = {"alt_at_least(": "alt≥", "alt_at_most(": "alt≤", "holds_cube": "cube",
             "on_updraft": "upd", ")": ""}
    for k, v in short.items():
        name = name.replace(k, v)
    return "[" + name + ":" + "".join(ARROWS[DIRECTIONS[a]] for a in arrows) + "]"


# the picture lies on its side: the finish is to the right, so the long track fills a wide
# screen. Track coordinates (xy of a hex) turn a quarter clockwise: (x, y) -> (y, -x).
TURNED = {"N": "→", "NE": "↘", "SE": "↙", "S": "←", "SW": "↖", "NW": "↗"}
"""The arrow of each direction as the picture shows it (the track turned, the finish to the right)."""

FIGSIZE = (11.8, 6.6)
"""Inches at 100 dpi (1180 x 660 pixels): the explorer's board and the notebooks' pictures; the
track and the queue drawn at that size meet racekit.plotting's minimum sizes."""
PAIR_LAYOUT = "rows"
"""A before/after pair one above the other (racekit.notebook.before_after): the board is long."""
PIECE_SIDE = 1.1      # a character's side, in hex radii
DIE_SIDE = 1.0        # a die in the queue
LABEL_PX = 14.5       # text sizes in pixels at the picture's own size (see racekit.plotting.px_font)
PIECE_LABEL_PX = 17
ICON_PX = 19           # the arrows and conditions in the queue


def _turn(x, y):
    return y, -x


def _pt(ax, px: float) -> float:
    """Points for a font ``px`` pixels tall in ``ax``'s figure at its own size (racekit.plotting)."""
    return px_font(ax, px)


STACK_GAP = 0.8   # hex radii between the centres of characters sharing a hex


def _stack_offset(k: int, n: int) -> tuple[float, float]:
    """Where the ``k``-th of ``n`` characters in one hex sits, from the hex centre: one alone in
    the middle, two one above the other, more in two columns (their altitudes never overlap)."""
    if n <= 1:
        return 0.0, 0.0
    cols = 1 if n == 2 else 2
    rows = -(-n // cols)
    col, row = k % cols, k // cols
    return (col - (cols - 1) / 2) * STACK_GAP, -(row - (rows - 1) / 2) * STACK_GAP


def _pic_label(t) -> str:
    """A queue icon as the picture shows it (arrows turned with the track)."""
    if isinstance(t, int):
        return TURNED[DIRECTIONS[t]]
    label = _tok_label(t)
    for d, a in ARROWS.items():
        label = label.replace(a, TURNED[d])
    return label


class Painter:
    """Static track and queue drawn once; :meth:`update` redraws the moving parts (contract §4).

    Layout (hex radii): the track turned a quarter clockwise (the finish to the right) with the
    card names above it; the action queue below it as two rows (Cautious, Brave) of six cells
    (faces 1 to 6), the queue cards' names under their cells; the title on top.
    """

    def __init__(self, ax, state, raster: bool = False, **kw):
        self.ax = ax
        self.raster = raster  # static board as one cached image, or as vector artists (default)
        self.moving: list = []
        self._key = self._static_key(state)
        b = state.board
        if b is None:  # still dealing: nothing to draw yet
            ax.set_xlim(0, 10)
            ax.set_ylim(0, 10)
            ax.set_axis_off()
            return
        self.W, self.top = b.W, b.top
        self.xmax = xy(b.W - 1, 0)[0]     # track width (hex centres), becomes the picture's height
        self.ymax = xy(0, b.top)[1]       # track length, becomes the picture's width
        self.qx = 0.0                     # queue left edge (under the track)
        self.cw = self.ymax / 6           # queue cell width
        self.rh = 2.6                     # queue row height
        self.qtop = -self.xmax - 1.6      # queue top edge
        self.xlim = (-3.3, self.ymax + 1.9)
        self.ylim = (self.qtop - 2 * self.rh - 1.5, 3.4)
        ax.set_xlim(*self.xlim)
        ax.set_ylim(*self.ylim)
        ax.set_aspect("equal")
        ax.set_axis_off()
        if raster:
            self._render_static(state)
        else:
            self.target = ax
            self._draw_track(state)
            self._draw_queue(state)

    def _render_static(self, state):
        """Draw the static board once, offscreen, and show it as one image (fast steps).

        The image is cached by content (board, bottom card, queue, figure size), so that
        a caller redrawing with :func:`draw` at every step pays for it once too.
        """
        fig = self.ax.figure
        w, h = fig.get_size_inches()
        key = (_board_sig(state.board), self._key[1:], round(w, 3), round(h, 3), fig.dpi,
               tuple(round(v, 4) for v in self.ax.get_position().bounds))
        img = _CACHE.get(key)
        if img is None:
            img = self._offscreen(state, w, h, fig.dpi)
            if len(_CACHE) > 8:
                _CACHE.pop(next(iter(_CACHE)))
            _CACHE[key] = img
        self.target = self.ax
        self.ax.imshow(img, extent=(*self.xlim, *self.ylim), origin="upper", zorder=0,
                       interpolation="nearest", aspect="equal")
        self.ax.set_xlim(*self.xlim)
        self.ax.set_ylim(*self.ylim)

    def _offscreen(self, state, w, h, fig_dpi):
        import numpy as np
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        dpi = fig_dpi
        off = Figure(figsize=(w, h), dpi=dpi)
        canvas = FigureCanvasAgg(off)
        oax = off.add_axes(self.ax.get_position().bounds)
        oax.set_xlim(*self.xlim)
        oax.set_ylim(*self.ylim)
        oax.set_aspect("equal")
        oax.set_axis_off()
        self.target = oax
        self._draw_track(state)
        self._draw_queue(state)
        canvas.draw()
        bb = oax.get_window_extent()
        buf = np.asarray(canvas.buffer_rgba())
        H = buf.shape[0]
        return buf[int(round(H - bb.y1)):int(round(H - bb.y0)), int(round(bb.x0)):int(round(bb.x1))].copy()

    @staticmethod
    def _static_key(state):
        if state.board is None:
            return None
        # by content (a freed board's id may be reused; a set-up's icons are part of the picture)
        return (_board_sig(state.board), state.k_min, tuple(state.queue), tuple(sorted(state.cell_tok.items())))

    def fits(self, state) -> bool:
        return self._static_key(state) == self._key

    # ----- static parts ----------------------------------------------------------
    def _cell_box(self, cell):
        """Left, bottom of queue cell ``cell`` (style * 6 + face - 1)."""
        return self.qx + (cell % 6) * self.cw, self.qtop - (cell // 6 + 1) * self.rh

    def _draw_track(self, state):
        ax, b = self.target, state.board
        small = _pt(ax, LABEL_PX)
        clip = Rectangle((0, -self.xmax), self.ymax, self.xmax, transform=ax.transData, visible=False)
        ax.add_artist(clip)
        polys, faces = [], []
        labels = []
        for c, y in b.geo.hexes():
            h = b.hid(c, y)
            ht = b.height[h]
            if ht == VOID:
                continue
            polys.append([_turn(*p) for p in corners(c, y, 0.98)])
            gone = b.geo.card_of(y) < state.k_min and y < b.H * (state.k_min - 1)
            faces.append("#dddddd" if gone else "white" if ht == WHITE else SHADES.get(ht, "#eeeeee"))
            x0, y0 = _turn(*xy(c, y))
            if ht == WHITE:
                labels.append((x0, y0, "▲", "#9aa7b0"))
            elif ht > 1:
                labels.append((x0, y0, str(ht), "#222222"))
            if b.updraft[h]:
                labels.append((x0 - 0.45, y0 + 0.5, "⇑", "#1565c0"))
            if b.item[h]:
                labels.append((x0 + 0.45, y0 + 0.5, "◆", "#6a1b9a"))
        coll = PolyCollection(polys, facecolors=faces, edgecolors="#8d8d8d", linewidths=0.5)
        ax.add_collection(coll, autolim=False)
        coll.set_clip_path(clip)
        for x0, y0, text, colour in labels:
            t = Text(x0, y0, text, ha="center", va="center", fontsize=small, color=colour)
            ax.add_artist(t)
            t.set_clip_path(clip)
        # card boundaries, numbers and ids (above the track); start and reset half-hexes
        cs = state.cs
        for k in range(1, len(b.track) + 1):
            ylo = xy(0, b.H * (k - 1))[1]
            yhi = xy(0, b.H * k)[1]
            ax.add_artist(Rectangle((ylo, -self.xmax), yhi - ylo, self.xmax, fill=False, lw=1.4,
                                    ec="#555555" if k >= state.k_min else "#bbbbbb"))
            ax.add_artist(Text((ylo + yhi) / 2, 1.15, P("plot.card", k=k, id=cs.cards[b.track[k - 1]].id),
                               ha="center", va="bottom", fontsize=small, color="#444444"))
            for c, yy in b.geo.reset_hexes(k):
                x0, y0 = _turn(*xy(c, yy))
                ax.add_artist(Rectangle((x0 - 0.08, y0 - 0.5), 0.16, 1.0, color="#f2c14e", lw=0))
        for h, kind in (b.starts(1) if state.k_min == 1 else ()):
            c, y = b.cy(h)
            ax.add_artist(PolyPatch([_turn(*p) for p in corners(c, y, 0.8)],
                                    "#d62728" if kind == "front" else "#f08080"))
        ax.add_artist(Text(self.ymax + 0.7, -self.xmax / 2, P("plot.finish"), rotation=90,
                           ha="left", va="center", fontsize=small, color="#555555"))
        ax.add_artist(Text(-0.5, -self.xmax / 2, P("plot.start"), rotation=90,
                           ha="right", va="center", fontsize=small, color="#555555"))
        if cs.illustrative:
            ax.add_artist(Text(self.xlim[1] - 0.1, self.ylim[1] - 0.1,
                               P("plot.illustrative"),
                               ha="right", va="top", fontsize=small, style="italic", color="#777777"))

    def _draw_queue(self, state):
        ax, cs = self.target, state.cs
        small = _pt(ax, LABEL_PX)
        rows = state.rows()
        ax.add_artist(Text(-0.3, self.qtop + 0.15, P("plot.queue"), ha="left", va="bottom",
                           fontsize=small, weight="bold"))
        for style, key in ((0, "controls.cautious"), (1, "controls.brave")):
            ax.add_artist(Text(-0.3, self.qtop - (style + 0.5) * self.rh, P(key), rotation=90,
                               ha="right", va="center", fontsize=small))
        for r in range(6):
            for style in (0, 1):
                cell = style * 6 + r
                x0, y0 = self._cell_box(cell)
                bg = "#dce9f7" if style == 0 else "#f7dcdc"
                ax.add_artist(Rectangle((x0, y0), self.cw, self.rh, fc=bg, ec="#777777", lw=0.8))
                ax.add_artist(Text(x0 + 0.15, y0 + self.rh - 0.12, A.cell_name(cell), ha="left",
                                   va="top", fontsize=small, color="#555555"))
                icons = " ".join(_pic_label(t) for t in state.cell_tokens(cell))
                if len(icons) > 12:   # two lines rather than smaller letters
                    words = icons.split(" ")
                    half = (len(words) + 1) // 2
                    icons = " ".join(words[:half]) + "\n" + " ".join(words[half:])
                ax.add_artist(Text(x0 + self.cw / 2 + 0.5, y0 + self.rh - 0.12, icons, ha="center",
                                   va="top", fontsize=_pt(ax, ICON_PX), linespacing=1.0))
        bottom = self.qtop - 2 * self.rh
        for r in range(6):
            p = rows[r]
            if p is None:
                continue
            card = cs.cards[p[0]]
            x0 = self.qx + r * self.cw
            ax.add_artist(Rectangle((x0 + 0.1, bottom - 0.35), self.cw - 0.2, 0.25,
                                    color=COST_COLOURS[card.cost], lw=0))
            if p[1] == r + 1:
                eff = card.effect.replace("_", " ") + (" (kit)" if card.effect == "free_sprint" else "")
                ax.add_artist(Text(x0 + self.cw, bottom - 0.5, f"{card.id}: {eff}", ha="center",
                                   va="top", fontsize=small, color="#444444"))

    # ----- moving parts ----------------------------------------------------------------
    def update(self, state, **kw) -> None:
        for artist in self.moving:
            artist.remove()
        self.moving = []
        if state.board is None:
            self._deal_text(state)
            return
        add = self._add
        ax = self.ax
        b = state.board
        names = [seat_name(n) for n in state.game.seat_names]
        small, big = _pt(ax, LABEL_PX), _pt(ax, PIECE_LABEL_PX)
        # characters: dice in seat colours, altitude on top; a stack spread across its hex
        seen: dict = {}
        side = PIECE_SIDE
        for s in range(state.n):
            h = state.pos[s]
            if h < 0:
                continue
            k = seen.get(h, 0)
            seen[h] = k + 1
            c, y = b.cy(h)
            x0, y0 = _turn(*xy(c, y))
            dx, dy = _stack_offset(k, len(state.here[h]))
            x0, y0 = x0 + dx, y0 + dy
            add(mark(Rectangle((x0 - side / 2, y0 - side / 2), side, side, fc=SEAT_COLOURS[s % 5],
                               ec="black", lw=2.2 if s == state.current_player() else 0.8,
                               zorder=5 + 0.01 * k), PIECE))
            # every altitude above every square of a stack: none is hidden by its neighbour
            add(mark(Text(x0, y0, str(state.alt[s]), ha="center", va="center", fontsize=big,
                          color="white", weight="bold", zorder=5.5 + 0.01 * k), PIECE_LABEL))
        # the path of the icons still to carry out (current die)
        if state.pend and state.pend_owner >= 0 and state.pos[state.pend_owner] >= 0:
            pts = [_turn(*p) for p in _path(state, state.pend_owner, state.pend)]
            for p0, p1 in zip(pts, pts[1:]):
                add(FancyArrowPatch(p0, p1, arrowstyle="-|>", mutation_scale=16, lw=2.4,
                                    color=SEAT_COLOURS[state.pend_owner % 5], zorder=4))
        # where characters crashed in the last few plies (a red cross; the FAQ pictures need it)
        recent = state.ply - 3
        for e in reversed(state.events):
            if e.ply < recent:
                break
            if e.kind == "crash":
                c, y = (int(v) for v in e.data["at"].split(","))
                x0, y0 = _turn(*xy(c, y))
                add(Text(x0, y0, "✕", ha="center", va="center", fontsize=_pt(ax, 34),
                         color="#c62828", alpha=0.8, zorder=4))
        # dice in the queue, along the bottom of their cell
        for cell in range(12):
            dice = state.cells[cell]
            x0, y0 = self._cell_box(cell)
            step = min(DIE_SIDE + 0.12, (self.cw - 0.3 - DIE_SIDE) / max(len(dice) - 1, 1))
            for i, d in enumerate(dice):
                colour = "#ffffff" if d[0] < 0 else SEAT_COLOURS[d[0] % 5]
                add(mark(Rectangle((x0 + 0.15 + i * step, y0 + 0.15), DIE_SIDE, DIE_SIDE, fc=colour,
                                   ec="black", lw=0.8, zorder=5), PIECE))
        # title
        cp = state.current_player()
        who = names[cp] if 0 <= cp < len(names) else (P("plot.chance") if cp == -1 else P("plot.over"))
        held = "  ".join(f"{names[s]} {'R' * state.cubes[s][0]}{'Y' * state.cubes[s][1]}"
                         f"{'B' * state.cubes[s][2]}" for s in range(state.n) if sum(state.cubes[s]))
        # the phase in words (its catalogue sentence), not its id ("crash_place" puzzled a class)
        title = P("plot.title", round=state.round, phase=P(f"phases.{state.phase}"), who=who)
        if held:
            title += "   ·   " + P("plot.cubes", held=held)
        add(Text(self.xlim[0] + 0.1, self.ylim[1] - 0.1, title, fontsize=_pt(ax, 16), va="top"))

    def _deal_text(self, state):
        cs = state.cs
        lines = [P("plot.dealing"), ""]
        for k, i in enumerate(state.qcards):
            colour = ("red", "yellow", "blue")[k]
            lines.append(P("plot.pile", colour=colour, card=cs.cards[i].id if i is not None else "..."))
        if state.queue:
            lines.append(P("plot.deal_queue", cards=" ".join(f"{cs.cards[c].id}@{b}" for c, b in state.queue)))
        lines.append(P("plot.deal_track", cards=" ".join(cs.cards[i].id for i in state.dealt) or "..."))
        if cs.illustrative:
            lines += ["", P("plot.own_cards")]
        from racekit.plotting import font_family   # monospace, then the CJK font for Chinese words
        self._add(Text(0.5, 9.5, "\n".join(lines), va="top", fontsize=_pt(self.ax, 16),
                       family=["DejaVu Sans Mono", *font_family()[1:]]))

    def _add(self, artist):
        self.ax.add_artist(artist)
        self.moving.append(artist)


def PolyPatch(points, colour):
    from matplotlib.patches import Polygon
    return Polygon(points, closed=True, fill=False, ec=colour, lw=1.4)


def _path(state, s, tokens):
    """Centres visited by ``tokens`` from seat ``s``'s hex (conditions tested on its altitude)."""
    b = state.board
    h = state.pos[s]
    c, y = b.cy(h)
    pts = [xy(c, y)]
    alt = state.alt[s]
    todo = list(tokens)
    while todo and len(pts) < 12:
        t = todo.pop(0)
        if not isinstance(t, int):
            cond, n, arrows = t
            ok = alt >= n if cond == 0 else alt <= n if cond == 1 else b.updraft[h] if cond == 2 \
                else sum(state.cubes[s]) > 0 if cond == 3 else False
            if ok:
                todo[0:0] = list(arrows)
            continue
        dc, dy = b.step_dc[t]
        c, y = c + dc, y + dy
        pts.append(xy(c, y))
        if not (0 <= c < b.W and 0 <= y <= b.top):
            break
    return pts


def draw(state, ax=None, **kw):
    """Draw ``state`` into ``ax`` (a new figure if None); returns the Axes."""
    if ax is None:
        from matplotlib.figure import Figure
        ax = Figure(figsize=FIGSIZE, dpi=100).add_axes((0.01, 0.01, 0.98, 0.98))
    # a caller that clears and redraws the same figure at every step (an explorer without the
    # Painter fast path) gets the cached board image from the second call on
    key = (Painter._static_key(state), tuple(round(v, 4) for v in ax.get_position().bounds))
    fig = ax.figure
    raster = _LAST_DRAW.get(fig) == key
    _LAST_DRAW[fig] = key
    Painter(ax, state, raster=raster, **kw).update(state, **kw)
    return ax


_LAST_DRAW = weakref.WeakKeyDictionary()
