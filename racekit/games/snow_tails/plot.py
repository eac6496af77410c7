"""Draw a Snow Tails state with matplotlib (reads the state only; never shows a window).

``draw(state, ax=None, action=None, seat=None, mat=True, title=True, squeeze=True)``:

* the whole track: tiles, lane squares, side walls with yellow (left) and red
  (right) flags pointing outward, speed-limit lines with their number at both
  ends (outside the walls), start slot numbers, the finish line with its flag
  and the word "finish" (outside the track);
* the sleds in seat colours (never smaller than about 12 points);
* with ``action`` (a move or bonus action id of the current state), the
  planned path: forward steps as solid arrows in the seat's colour, drift
  steps as dashed dark-grey arrows, a dashed outline where the sled ends, a
  red cross where a wall or sled would stop it and the damage it would cost;
  during the move step without ``action``, every reachable end square;
* a panel of fixed size in points (whatever the track's shape): the mat of
  the seat to move (L, R, Brake and the speed sum), a legend line for each
  kind of mark the preview shows, and at the end of the race the places.

Layout: the track is turned a quarter clockwise (the race then runs left to
right) when that draws it larger in the given Axes, and the panel goes to
the right of the track, above it, or into an empty corner, whichever leaves
the track largest; nothing written sits on the track except the preview's
own notes. On a track of straight tiles only (the ``straightN`` test grids),
runs of five or more rows with nothing on them are drawn as a short hatched
break naming the rows left out (``squeeze=False`` draws every row).
"""
from __future__ import annotations

import math

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.offsetbox import AnchoredOffsetbox, DrawingArea, VPacker
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Polygon
from matplotlib.text import Text
from matplotlib.transforms import TransformedPatchPath

from .consts import OUT
from racekit.core.i18n import Texts, seat_name

P = Texts("snow_tails")
"""The picture's words (the game's catalogue, ``plot.*``), in the language in force."""

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd")
TILE_FILLS = {"start": "#eef3f8", "straight": "#f7fbff", "corner": "#eaf2fb", "finish": "#f4f4f4"}
DRIFT_COLOUR = "#222222"      # drift steps: dark and dashed, unlike any seat colour
DRIFT_DASHES = (0, (3.5, 2.2))
STOP_COLOUR = "#b00000"
LIMIT_COLOUR = "#d62728"
PANEL_W = 140                 # panel width in points
MAT_H = 92                    # mat height in points
ROW_H = 16                    # legend row height in points
MARGIN = 8                    # points kept free around the track
GAP = 8                       # points between the track and the panel
BADGE = 7.5                   # radius of a limit badge in points


def draw(state, ax: Axes | None = None, action: int | None = None, seat: int | None = None,
         mat: bool = True, title: bool = True, squeeze: bool = True, **kw) -> Axes:
    """Draw ``state`` into ``ax`` (a new Figure's Axes when None) and return the Axes.

    ``squeeze``: on a track of straight tiles only, draw long stretches of empty rows
    as a short labelled break (``False``: every row).
    """
    if ax is None:
        fig = Figure(figsize=kw.pop("figsize", (8, 6.5)))
        ax = fig.add_subplot(111)
    opts = dict(action=action, seat=seat, mat=mat, title=title, squeeze=squeeze)
    Painter(ax, state, **opts).update(state, **opts)
    return ax


class Painter:
    """Draws the track once into ``ax``; :meth:`update` redraws only what moves.

    The explorer's fast path (docs/contracts.md, "Explorer drawing"). The static
    part is the track (tiles, walls, flags, limits, slots, finish) laid out for a
    panel of the size the first state needs; the sleds, the move preview, the
    panel (mat, legend, result) and the title are redrawn by :meth:`update`.
    :meth:`fits` is False when another track is shown, when the panel would need
    more room than was kept for it, or when a straight track would be squeezed
    differently (the explorer then builds a new Painter).

    Keyword arguments are those of :func:`draw` (``action``, ``seat``, ``mat``,
    ``title``, ``squeeze``), and ``live=True`` (the explorer: many states will follow,
    so room is kept for a mat and two legend rows even when this state needs less).
    """

    LIVE_ROWS = 2

    def __init__(self, ax, state, action=None, seat=None, mat=True, squeeze=True, live=False, **_):
        self.ax = ax
        self.track = state.track
        self.mat = mat
        self.squeeze = squeeze
        self._moving: list = []
        self._clip = TransformedPatchPath(ax.patch)
        self._cache = None
        plan, mat_seat, rows = self._parts(state, action, seat)
        self.panel_size = _panel_size(mat_seat, rows)
        if live and mat:
            room = _panel_size(0, [None] * self.LIVE_ROWS)
            if self.panel_size is None or self.panel_size[1] < room[1]:
                self.panel_size = room
        self.runs = self._runs(state, plan)
        view = _layout(ax, self.track, self.panel_size, _Squeeze(self.runs) if self.runs else None)
        self.view = view
        _track(ax, self.track, view)
        ax.set_xlim(*view.xlim)
        ax.set_ylim(*view.ylim)
        ax.set_aspect("equal", adjustable="box")
        ax.axis("off")

    def _parts(self, state, action=None, seat=None):
        """The preview plan, the mat's seat and the panel rows (computed once per state)."""
        key = (state.ply, action, seat)
        if self._cache is not None and self._cache[0] is state and self._cache[1] == key:
            return self._cache[2]
        plan = _plan(state, action)
        mat_seat = _mat_seat(state, seat) if self.mat else None
        rows = _legend_rows(state, plan)
        if self.mat and state.is_terminal():
            rows = _result_rows(state) + rows
        self._cache = (state, key, (plan, mat_seat, rows))   # the state is kept: its id stays its own
        return plan, mat_seat, rows

    def _runs(self, state, plan):
        if not self.squeeze:
            return None
        sq = _squeeze(state, plan)
        return sq.runs if sq is not None else None

    def fits(self, state) -> bool:
        """Same track, a panel no larger than the room kept, the same squeezed rows."""
        if state.track is not self.track:
            return False
        plan, mat_seat, rows = self._parts(state)
        need = _panel_size(mat_seat, rows)
        if need is not None and (self.panel_size is None or need[1] > self.panel_size[1]):
            return False
        return self._runs(state, plan) == self.runs

    def update(self, state, action=None, seat=None, title=True, **_) -> None:
        """Remove the previous sleds, preview, panel and title; draw those of ``state``."""
        for artist in self._moving:
            artist.remove()
        self._moving = []
        ax, view = self.ax, self.view
        plan, mat_seat, rows = self._parts(state, action, seat)
        add = self._add
        _sleds(add, state, view)
        _draw_plan(add, state, plan, view)
        if title:
            phase = _phase_words(state.phase)
            ax.set_title(P("plot.title", track=self.track.name, round=state.round, phase=phase),
                         fontsize=10)
        else:
            ax.set_title("")
        if mat_seat is not None or rows:
            add(_panel(state, mat_seat, rows, view.loc))

    def _add(self, artist):
        artist.set_clip_path(self._clip)   # shared: add_artist would build a clip path each
        self.ax.add_artist(artist)
        self._moving.append(artist)
        return artist


def _panel_size(mat_seat, rows):
    if mat_seat is None and not rows:
        return None
    height = (MAT_H if mat_seat is not None else 0) + ROW_H * len(rows) + 10
    return (PANEL_W + 10, height)


def _phase_words(phase: str) -> str:
    from .text import PHASES
    return PHASES.get(phase, phase.replace("_", " "))


# ------------------------------------------------------------------ layout
class _Squeeze:
    """On an all-straight track, long empty stretches of rows drawn as a short break.

    ``runs``: ``(a, b)`` row intervals left out (rows a .. b-1), each drawn
    ``GAP_ROWS`` long; only the along-track coordinate ``y`` changes.
    """

    GAP_ROWS = 1.3

    def __init__(self, runs):
        self.runs = runs

    def y(self, y):
        shift = 0.0
        for a, b in self.runs:
            if y >= b:
                shift += (b - a) - self.GAP_ROWS
            elif y > a:
                return a - shift + (y - a) / (b - a) * self.GAP_ROWS
            else:
                break
        return y - shift

    def hidden(self, y) -> bool:
        return any(a < y < b for a, b in self.runs)


class _View:
    """Track coordinates to picture coordinates: long empty stretches of a straight track
    squeezed (optional), then optionally a quarter turn clockwise."""

    def __init__(self, rot: bool, scale: float, squeeze: _Squeeze | None = None):
        self.rot = rot
        self.s = scale          # points per track unit (one square)
        self.squeeze = squeeze
        self.xlim = self.ylim = (0.0, 1.0)
        self.loc = "upper right"

    def p(self, x, y):
        if self.squeeze is not None:
            y = self.squeeze.y(y)
        return (y, -x) if self.rot else (x, y)

    def hidden(self, y) -> bool:
        return self.squeeze is not None and self.squeeze.hidden(y)

    def v(self, dx, dy):
        return (dy, -dx) if self.rot else (dx, dy)

    def u(self, points: float) -> float:
        """A length in points as track units."""
        return points / self.s

    def font(self, frac: float, lo: float, hi: float) -> float:
        """A font size ``frac`` of a square, kept between ``lo`` and ``hi`` points."""
        return max(lo, min(hi, frac * self.s))


def _axes_points(ax) -> tuple[float, float]:
    """Estimated size of ``ax`` in points once the figure is laid out."""
    fig = ax.figure
    W, H = fig.get_size_inches()
    ss = ax.get_subplotspec()
    if ss is not None and fig.get_layout_engine() is not None:
        nrows, ncols = ss.get_gridspec().get_geometry()
        w = W * len(ss.colspan) / ncols - 0.3
        h = H * len(ss.rowspan) / nrows - 0.6     # the title and the pads
    else:
        pos = ax.get_position()
        w, h = pos.width * W, pos.height * H - 0.1
    return max(w, 1.0) * 72, max(h, 1.0) * 72


def _outside(tr, squeeze):
    """What must fit: track points ``(x, y, ox, oy)`` (a point plus an offset in points, in
    track directions), and the flag end of the finish line with its outward direction."""
    g = squeeze.y if squeeze is not None else (lambda y: y)
    pts = [(x, g(y), 0.0, 0.0) for poly in tr.polygons for (x, y) in poly]
    flag = None
    for line in tr.lines:
        if not line.ends:
            continue
        (ax_, ay), (bx, by) = line.ends
        ay, by = g(ay), g(by)
        for k, ((x, y), (ox, oy)) in enumerate((((ax_, ay), (bx, by)), ((bx, by), (ax_, ay)))):
            dx, dy = _unit(x - ox, y - oy)
            if line.kind == "limit":
                reach = 2 * BADGE + 4
                pts.append((x, y, dx * reach, dy * reach))
            elif (k == 0) == (tr.finish_flag == "left"):   # ends run from lane 1 (left)
                flag = (x, y, dx, dy)
    return pts, flag


def _fit(pts, flag, W, H, rot):
    """Scale (points per unit) and bounding box that fit ``pts`` and the finish flag into
    W x H points; also every point as it lies at that scale."""
    P = [((y, -x, oy, -ox) if rot else (x, y, ox, oy)) for x, y, ox, oy in pts]
    if flag is not None:
        x, y, dx, dy = flag
        flag = (y, -x, dy, -dx) if rot else flag
    s = 10.0
    for _ in range(4):
        xs = [x + ox / s for x, y, ox, oy in P]
        ys = [y + oy / s for x, y, ox, oy in P]
        if flag is not None:
            shape = _flag_shape(flag[:2], flag[2:], 1.0 / s)
            xs += [x for x, _ in shape["outline"]]
            ys += [y for _, y in shape["outline"]]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        s = max(1.0, min((W - 2 * MARGIN) / max(x1 - x0, 1e-6),
                         (H - 2 * MARGIN) / max(y1 - y0, 1e-6)))
    every = [(x + ox / s, y + oy / s, 0.0, 0.0) for x, y, ox, oy in P]
    if flag is not None:
        every += [(x, y, 0.0, 0.0) for x, y in _flag_shape(flag[:2], flag[2:], 1.0 / s)["outline"]]
    return s, (x0, x1, y0, y1), every


def _layout(ax, tr, panel, squeeze=None) -> _View:
    """Pick the turn and the panel place that draw the track largest; set the limits."""
    W, H = _axes_points(ax)
    pts, flag = _outside(tr, squeeze)
    best = None
    for rot in (False, True):
        if panel is None:
            options = [("none", W, H)]
        else:
            pw, ph = panel
            options = [("right", W - pw - GAP, H), ("top", W, H - ph - GAP),
                       ("upper right", W, H), ("upper left", W, H),
                       ("lower right", W, H), ("lower left", W, H)]
        for place, w, h in options:
            if w < 40 or h < 40:
                continue
            s, box, P = _fit(pts, flag, w, h, rot)
            if place in ("upper right", "upper left", "lower right", "lower left") \
                    and not _corner_free(P, s, box, panel, place):
                continue
            score = s * (1.0 if not rot else 0.97)     # keep the track's own turn on a near tie
            if best is None or score > best[0] * 1.0001:
                best = (score, rot, s, box, place)
    if best is None:  # a tiny Axes: draw it plainly
        s, box, _ = _fit(pts, flag, W, H, False)
        best = (s, False, s, box, "none")
    _, rot, s, (x0, x1, y0, y1), place = best
    view = _View(rot, s, squeeze)
    m = MARGIN / s
    x0, x1, y0, y1 = x0 - m, x1 + m, y0 - m, y1 + m
    if place == "right":
        x1 += (panel[0] + GAP) / s
        view.loc = "upper right"
    elif place == "top":
        y1 += (panel[1] + GAP) / s
        view.loc = "upper right"
    elif place != "none":
        view.loc = place
    view.xlim, view.ylim = (x0, x1), (y0, y1)
    return view


def _corner_free(P, s, box, panel, place) -> bool:
    """True when the panel, in that corner of the drawn area (the Axes box shrinks to the
    track's box), fits and covers no part of the track."""
    m = MARGIN / s
    x0, x1, y0, y1 = box[0] - m, box[1] + m, box[2] - m, box[3] + m
    pw, ph = (panel[0] + MARGIN) / s, (panel[1] + MARGIN) / s
    if pw > (x1 - x0) or ph > (y1 - y0):
        return False
    left = x0 if "left" in place else x1 - pw
    bottom = y0 if "lower" in place else y1 - ph
    for x, y, _, _ in P:
        if left <= x <= left + pw and bottom <= y <= bottom + ph:
            return False
    return True


# ------------------------------------------------------------------ track
def _unit(dx, dy):
    n = math.hypot(dx, dy) or 1e-9
    return dx / n, dy / n


def _track(ax, tr, V: _View):
    for sq, poly in enumerate(tr.polygons):
        if V.hidden(tr.center(sq)[1]):
            continue
        kind = tr.tile_info[tr.tile[sq]]["kind"]
        ax.add_artist(Polygon([V.p(*q) for q in poly], closed=True, facecolor=TILE_FILLS[kind],
                             edgecolor="#9fb3c8", linewidth=0.5, zorder=1))
    # tile borders (blue lines between tiles)
    for info in tr.tile_info[1:]:
        x, y, th = info["start"]
        if V.hidden(y):
            continue
        rx, ry = math.sin(th), -math.cos(th)
        (ax_, ay), (bx, by) = V.p(x, y), V.p(x + rx * tr.lanes, y + ry * tr.lanes)
        ax.plot([ax_, bx], [ay, by], color="#4a90d9", linewidth=1.2, zorder=2)
    # walls with flags pointing outward: yellow on the left, red on the right (ST-SETUP-1)
    flag_size = V.font(0.32, 3.0, 6.5)
    for side, colour in ((0, "#e6c200"), (1, "#d62728")):
        pts = [V.p(*q) for q in tr.walls[side]]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="#444444", linewidth=2.5,
                zorder=3, solid_capstyle="round")
        for x, y, tx, ty in _every(tr.walls[side], 2.5):
            if V.hidden(y):
                continue
            nx, ny = (-ty, tx) if side == 0 else (ty, -tx)
            nx, ny = V.v(nx, ny)
            px, py = V.p(x, y)
            angle = math.degrees(math.atan2(ny, nx)) - 90
            ax.plot(px, py, marker=(3, 0, angle), color=colour, markersize=flag_size,
                    markeredgecolor="#555555", markeredgewidth=0.4, zorder=4)
    for line in tr.lines:
        if not line.ends:
            continue
        (ax_, ay), (bx, by) = line.ends
        A, B = V.p(ax_, ay), V.p(bx, by)
        if line.kind == "limit":
            ax.plot([A[0], B[0]], [A[1], B[1]], color=LIMIT_COLOUR, linewidth=2.2, zorder=5,
                    solid_capstyle="butt")
            for (x, y), (ox, oy) in ((A, B), (B, A)):
                dx, dy = _unit(x - ox, y - oy)
                off = V.u(BADGE + 3)
                ax.text(x + dx * off, y + dy * off, str(line.value), color="white",
                        fontsize=8, fontweight="bold", ha="center", va="center", zorder=6,
                        bbox=dict(boxstyle="circle,pad=0.22", facecolor=LIMIT_COLOUR,
                                  edgecolor="none"))
        else:
            ax.plot([A[0], B[0]], [A[1], B[1]], color="black", linewidth=3, zorder=5,
                    solid_capstyle="butt")
            ax.plot([A[0], B[0]], [A[1], B[1]], color="white", linewidth=3, dashes=(2, 2), zorder=5)
            _finish_flag(ax, tr, V, A, B)
    if V.squeeze is not None:
        _breaks(ax, tr, V)
    slot_font = V.font(0.3, 4.5, 7.5)
    for k, sq in enumerate(tr.slots):
        cx, cy = V.p(*tr.center(sq))
        ax.text(cx, cy - 0.28, str(k + 1), fontsize=slot_font, color="#7a8fa6", ha="center",
                va="center", zorder=2)


def _squeeze(state, plan) -> _Squeeze | None:
    """Rows to leave out on an all-straight track: runs of 5+ rows with nothing on them."""
    tr = state.track
    if any(info["kind"] == "corner" for info in tr.tile_info):
        return None
    last = max(tr.row) if tr.row else 0
    keep = {0, last}
    squares = [p for p in state.pos if p >= 0] + list(tr.slots) + list(plan["ends"])
    squares += [sq for a, b, _ in plan["steps"] for sq in (a, b)]
    squares += [sq for sq, _ in plan["stops"]]
    rows = [tr.row[sq] for sq in squares]
    # where this game's moves began and ended, so that a before/after pair squeezes alike
    rows += [e.data["path"][k][0] for e in state.events if e.kind == "move" for k in (0, -1)]
    for row in rows:
        keep.update(range(row - 1, row + 2))
    for line in tr.lines:
        at = int(line.progress)
        if line.kind == "finish":
            keep.update(range(at - 2, last + 1))
        else:
            keep.update((at - 1, at))
    runs, row = [], 0
    while row <= last:
        if row in keep:
            row += 1
            continue
        end = row
        while end <= last and end not in keep:
            end += 1
        if end - row >= 5:
            runs.append((row, end))
        row = end
    return _Squeeze(runs) if runs else None


def _breaks(ax, tr, V):
    """Mark each left-out stretch: a shaded gap between the walls naming the rows."""
    for a, b in V.squeeze.runs:
        corners = [(0, a), (tr.lanes, a), (tr.lanes, b), (0, b)]
        ax.add_artist(Polygon([V.p(x, y) for x, y in corners], closed=True, facecolor="#eef1f5",
                             edgecolor="#b9c4d2", linewidth=0, hatch="///", zorder=1.5))
        cx, cy = V.p(tr.lanes / 2, a + (b - a) / 2)
        ax.text(cx, cy, f"rows {a}-{b - 1}", fontsize=V.font(0.3, 6, 8), color="#445566",
                ha="center", va="center", rotation=90 if V.rot else 0, zorder=2,
                bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none",
                          alpha=0.9))


def _flag_shape(F, d, u):
    """The finish flag beside the line end ``F`` (picture coordinates), ``d`` pointing away
    from the track, ``u`` track units per point: the pole stands up, the pennant flies
    outward (or right), 'finish' is written beyond; all of it off the track."""
    dx, dy = d
    pole, wide, text_w, text_h = 16, 11, 28, 11      # points
    if dy < -0.5:      # the flag side faces down: hang the whole flag below the line
        base = (F[0] + dx * u * (6 + pole), F[1] + dy * u * (6 + pole))
        side = 1.0
        label, ha, va = (base[0], base[1] - u * 2), "center", "top"
    elif dy > 0.5:     # faces up: the pole stands beside the line's end
        base = (F[0] + dx * u * 4, F[1] + dy * u * 4)
        side = 1.0
        label, ha, va = (base[0], base[1] + u * (pole + 3)), "center", "bottom"
    else:              # faces sideways: the pennant flies outward
        base = (F[0] + dx * u * 5, F[1] + dy * u * 5)
        side = 1.0 if dx > 0 else -1.0
        label = (base[0] + side * u * (wide + 3), base[1] + u * pole / 2)
        ha, va = ("left" if side > 0 else "right"), "center"
    top = (base[0], base[1] + u * pole)
    pennant = [top, (top[0] + side * u * wide, top[1] - u * 3.5), (top[0], top[1] - u * 7)]
    lx0 = {"left": label[0], "right": label[0] - u * text_w, "center": label[0] - u * text_w / 2}[ha]
    ly0 = {"bottom": label[1], "top": label[1] - u * text_h, "center": label[1] - u * text_h / 2}[va]
    outline = [base, top, pennant[1], (lx0, ly0), (lx0 + u * text_w, ly0 + u * text_h),
               (lx0, ly0 + u * text_h), (lx0 + u * text_w, ly0)]
    return {"base": base, "top": top, "pennant": pennant, "label": label, "ha": ha, "va": va,
            "outline": outline}


def _finish_flag(ax, tr, V, A, B):
    """A flag just outside the flag-side wall, and the word 'finish' beyond it."""
    F, O = (A, B) if tr.finish_flag == "left" else (B, A)
    shape = _flag_shape(F, _unit(F[0] - O[0], F[1] - O[1]), V.u(1))
    (bx, by), (tx, ty) = shape["base"], shape["top"]
    ax.plot([bx, tx], [by, ty], color="#333333", linewidth=1.5, zorder=6, solid_capstyle="butt")
    ax.add_artist(Polygon(shape["pennant"], closed=True, facecolor="black", edgecolor="black",
                         zorder=6))
    ax.text(*shape["label"], P("plot.finish"), fontsize=8, ha=shape["ha"], va=shape["va"], zorder=6,
            color="#222222")


def _every(pts, gap):
    """Points spaced ``gap`` apart along a polyline, with the unit tangent there."""
    out, left = [], gap
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg < 1e-9:
            continue
        tx, ty = (x1 - x0) / seg, (y1 - y0) / seg
        if not out:
            out.append((x0, y0, tx, ty))
        pos = 0.0
        while seg - pos >= left:
            pos += left
            out.append((x0 + tx * pos, y0 + ty * pos, tx, ty))
            left = gap
        left -= seg - pos
    return out


def _sled_size(V: _View):
    """Width and height of a sled: most of a square, and never under 12 x 11 points."""
    return max(0.72, V.u(12)), max(0.68, V.u(11))


def _sleds(add, state, V: _View):
    tr = state.track
    names = state.game.seat_names
    w, h = _sled_size(V)
    size = max(6.0, min(10.0, 0.7 * h * V.s))
    for s in range(state.n):
        p = state.pos[s]
        if p < 0:
            continue
        cx, cy = V.p(*tr.center(p))
        add(FancyBboxPatch((cx - w / 2, cy - h / 2), w, h,
                           boxstyle="round,pad=0.02,rounding_size=0.15",
                           facecolor=SEAT_COLOURS[s % 5], edgecolor="black", linewidth=0.8,
                           zorder=8))
        add(Text(cx, cy, names[s][0], color="white", fontsize=size, fontweight="bold", ha="center",
                 va="center", zorder=9, clip_on=False))


# ------------------------------------------------------------------ preview
def _plan(state, action):
    """What the preview shows, in track terms (computed on a clone; the state is not touched)."""
    plan = {"steps": [], "stops": [], "damage": 0, "end": None, "ends": [], "over": [],
            "mover": None}
    tr = state.track
    mover = state.current_player()
    if mover < 0:
        return plan
    plan["mover"] = mover
    if action is None:
        if state.phase != "move":
            return plan
        ends = set()
        for a in state.legal_actions():
            c = state.clone()
            c._record = False
            c.apply_action(a)
            if c.pos[mover] >= 0:
                ends.add(c.pos[mover])
        plan["ends"] = sorted(ends)
        return plan
    if action not in state.legal_actions():
        return plan
    c = state.clone()
    c._record = True
    start = len(c.events)
    c.apply_action(action)
    for e in c.events[start:]:
        if not e.seats or e.seats[0] != mover:
            continue
        if e.kind == "move":
            path = [tr.square_at(*p) for p in e.data["path"]]
            for a, b in zip(path, path[1:]):
                plan["steps"].append((a, b, tr.lane[a] != tr.lane[b]))
        elif e.kind in ("wall", "blocked", "end_of_track"):
            plan["stops"].append((tr.square_at(*e.data["position"]), e.kind))
        elif e.kind == "damage":
            plan["damage"] += e.data["cards"]
        elif e.kind == "over_limit":
            plan["over"].append((e.data["limit"], e.data["over"]))
    plan["end"] = c.pos[mover] if c.pos[mover] >= 0 else state.pos[mover]
    return plan


def _draw_plan(add, state, plan, V: _View):
    tr = state.track
    mover = plan["mover"]
    if mover is None:
        return
    colour = SEAT_COLOURS[mover % 5]
    for sq in plan["ends"]:
        cx, cy = V.p(*tr.center(sq))
        add(Line2D([cx], [cy], marker="o", markersize=V.font(0.3, 3.5, 7), color=colour,
                   alpha=0.5, linestyle="none", zorder=7))
    for a, b, drift in plan["steps"]:
        start, end = V.p(*tr.center(a)), V.p(*tr.center(b))
        if drift:
            arrow = FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=12,
                                    color=DRIFT_COLOUR, linewidth=1.8, linestyle=DRIFT_DASHES,
                                    shrinkA=2, shrinkB=2, zorder=10)
        else:
            arrow = FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=12,
                                    color=colour, linewidth=2.2, shrinkA=2, shrinkB=2, zorder=10)
        add(arrow)
    end = plan["end"]
    if plan["steps"] and end is not None and end != state.pos[mover]:
        w, h = _sled_size(V)
        cx, cy = V.p(*tr.center(end))
        add(FancyBboxPatch((cx - w / 2, cy - h / 2), w, h,
                           boxstyle="round,pad=0.02,rounding_size=0.15", facecolor="none",
                           edgecolor=colour, linewidth=1.6, linestyle=(0, (2, 1.5)), zorder=9))
    label = {"wall": "wall", "blocked": "sled", "end_of_track": "end"}
    box = dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none", alpha=0.85)
    for sq, kind in plan["stops"]:
        cx, cy = V.p(*tr.center(sq))
        add(Line2D([cx], [cy], marker="x", markersize=V.font(0.6, 7, 12), color=STOP_COLOUR,
                   markeredgewidth=2.5, linestyle="none", zorder=11))
        add(Text(cx + 0.42, cy - 0.42, label[kind], fontsize=8, color=STOP_COLOUR, ha="left",
                 va="top", zorder=12, bbox=box, clip_on=False))
    if plan["damage"]:
        cx, cy = V.p(*tr.center(plan["end"]))
        add(Text(cx, cy + 0.5, f"+{plan['damage']} damage", fontsize=8, color=STOP_COLOUR,
                 ha="center", va="bottom", fontweight="bold", zorder=12, bbox=box, clip_on=False))


# ------------------------------------------------------------------ panel
def _mat_seat(state, seat):
    if seat is None and state.is_terminal():
        return None
    s = seat
    if s is None:
        s = state.current_player()
        if s < 0:
            s = state.mover() if state.order and state.tidx < len(state.order) else -1
    return None if s is None or s < 0 else s


def _legend_rows(state, plan):
    rows = []
    mover = plan["mover"]
    if mover is None:
        return rows
    colour = SEAT_COLOURS[mover % 5]
    if plan["ends"]:
        rows.append(("dot", colour, P("plot.ends")))
    if plan["steps"]:
        rows.append(("forward", colour, P("plot.forward")))
        if any(d for _, _, d in plan["steps"]):
            rows.append(("drift", DRIFT_COLOUR, P("plot.drift")))
        if plan["end"] is not None and plan["end"] != state.pos[mover]:
            rows.append(("ghost", colour, P("plot.ghost")))
    for _, kind in plan["stops"]:
        rows.append(("stop", STOP_COLOUR, P(f"plot.stops.{kind}")))
    for limit, over in plan["over"]:
        rows.append(("text", STOP_COLOUR, P("plot.over", over=over, limit=limit)))
    if plan["damage"]:
        rows.append(("text", STOP_COLOUR, P("plot.damage", n=plan["damage"])))
    return rows


def _result_rows(state):
    """At the end: the places, and who dropped out (they share the last place, ST-ELIM-1)."""
    names = [seat_name(n) for n in state.game.seat_names]
    out = {k for k in range(state.n) if state.status[k] == OUT}
    rows = [("title", "#222222", P("plot.race_over"))]
    for place, group in enumerate(state.ranking(), start=1):
        if group and all(k in out for k in group):
            rows.append(("text", STOP_COLOUR, P("plot.dropped", names=P("plot.sep").join(
                names[k] for k in group))))
        else:
            rows.append(("text", "#222222", f"{place}. " + " & ".join(names[k] for k in group)))
    return rows


def _panel(state, s, rows, loc):
    boxes = []
    if s is not None:
        boxes.append(_mat_box(state, s))
    for kind, colour, text in rows:
        boxes.append(_legend_box(kind, colour, text))
    edge = SEAT_COLOURS[s % 5] if s is not None else "#888888"
    pack = VPacker(children=boxes, pad=0, sep=0, align="left")
    box = AnchoredOffsetbox(loc=loc, child=pack, pad=0.3, borderpad=0.2, frameon=True)
    box.patch.set_edgecolor(edge)
    box.patch.set_linewidth(2)
    box.patch.set_facecolor("white")
    box.set_zorder(20)
    return box


def _mat_box(state, s):
    """The mat in points: name, the three card values, their labels and the speed."""
    da = DrawingArea(PANEL_W, MAT_H, 0, 0)
    L, R, B = state.left[s], state.right[s], state.brake[s]
    name = seat_name(state.game.seat_names[s])
    da.add_artist(_text(PANEL_W / 2, MAT_H - 9, P("plot.mat", name=name), 10, SEAT_COLOURS[s % 5], "bold"))
    card, sep = 34, 10
    x = (PANEL_W - 3 * card - 2 * sep) / 2
    for label, value, fill in (("L", L, "#ffffff"), ("R", R, "#ffffff"), (P("plot.brake"), B, "#fde0e0")):
        da.add_artist(FancyBboxPatch((x, 36), card, card, boxstyle="round,pad=0,rounding_size=4",
                                     facecolor=fill, edgecolor="#555555", linewidth=1))
        da.add_artist(_text(x + card / 2, 53, str(value), 15, "#111111", "bold"))
        da.add_artist(_text(x + card / 2, 27, label, 9, "#444444"))
        x += card + sep
    da.add_artist(_text(PANEL_W / 2, 10, P("plot.speed", L=L, R=R, B=B, v=L + R - B), 9.5,
                        "#111111"))
    return da


def _legend_box(kind, colour, text):
    da = DrawingArea(PANEL_W, ROW_H, 0, 0)
    y = ROW_H / 2
    if kind in ("forward", "drift"):
        style = dict(color=colour, linewidth=1.8 if kind == "drift" else 2.2)
        if kind == "drift":
            style["linestyle"] = DRIFT_DASHES
        da.add_artist(FancyArrowPatch((4, y), (30, y), arrowstyle="-|>", mutation_scale=10,
                                      shrinkA=0, shrinkB=0, **style))
    elif kind == "ghost":
        da.add_artist(FancyBboxPatch((11, y - 5), 12, 10, boxstyle="round,pad=0,rounding_size=2",
                                     facecolor="none", edgecolor=colour, linewidth=1.4,
                                     linestyle=(0, (2, 1.5))))
    elif kind == "dot":
        da.add_artist(Line2D([17], [y], marker="o", markersize=6, color=colour, alpha=0.5))
    elif kind == "stop":
        da.add_artist(Line2D([17], [y], marker="x", markersize=8, color=colour,
                             markeredgewidth=2.2))
    if kind == "title":
        da.add_artist(_text(PANEL_W / 2, y, text, 10, colour, "bold"))
        return da
    x = 4 if kind == "text" else 38
    da.add_artist(_text(x, y, text, 8.5, colour if kind in ("text", "stop") else "#222222",
                        ha="left"))
    return da


def _text(x, y, s, size, colour, weight="normal", ha="center"):
    return Text(x, y, s, fontsize=size, color=colour, fontweight=weight, ha=ha, va="center")
