"""Draw a Snow Tails state with matplotlib (reads the state only; never shows a window).

``draw(state, ax=None, action=None, seat=None, mat=True, title=True)``:

* the whole track: tiles, lane squares, side walls with yellow (left) and red
  (right) flags, speed-limit lines with their number at both ends, start slot
  numbers, the finish line and its flag;
* the sleds in seat colours;
* with ``action`` (a move or bonus action id of the current state), the
  planned path: forward steps as solid arrows, drift steps as dashed arrows,
  a red cross where a wall or sled would stop the sled and the damage it
  would cost; during the move step without ``action``, every reachable end
  square is marked;
* beside the track, the mat of the seat to move (left, right, brake, speed).
"""
from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Polygon

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd")
TILE_FILLS = {"start": "#eef3f8", "straight": "#f7fbff", "corner": "#eaf2fb", "finish": "#f4f4f4"}


def draw(state, ax: Axes | None = None, action: int | None = None, seat: int | None = None,
         mat: bool = True, title: bool = True, **kw) -> Axes:
    """Draw ``state`` into ``ax`` (a new Figure's Axes when None) and return the Axes."""
    if ax is None:
        fig = Figure(figsize=kw.pop("figsize", (8.5, 7)))
        ax = fig.add_subplot(111)
    tr = state.track
    _track(ax, tr)
    _sleds(ax, state)
    preview = action
    if preview is not None or state.phase in ("move", "bonus"):
        _preview(ax, state, preview)
    ax.set_aspect("equal")
    ax.autoscale_view()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    pad = 1.5
    ax.set_xlim(x0 - pad, x1 + pad)
    ax.set_ylim(y0 - pad, y1 + pad)
    ax.axis("off")
    if title:
        ax.set_title(f"Snow Tails - {tr.name} - round {state.round} - {state.phase}", fontsize=10)
    if mat:
        _mat(ax, state, seat)
    return ax


def _track(ax, tr):
    for sq, poly in enumerate(tr.polygons):
        kind = tr.tile_info[tr.tile[sq]]["kind"]
        ax.add_patch(Polygon(poly, closed=True, facecolor=TILE_FILLS[kind], edgecolor="#9fb3c8",
                             linewidth=0.5, zorder=1))
    # tile borders (blue lines between tiles)
    for info in tr.tile_info[1:]:
        x, y, th = info["start"]
        import math
        rx, ry = math.sin(th), -math.cos(th)
        ax.plot([x, x + rx * tr.lanes], [y, y + ry * tr.lanes], color="#4a90d9", linewidth=1.2,
                zorder=2)
    # walls with flags: yellow on the left, red on the right (ST-SETUP-1)
    for side, colour in ((0, "#e6c200"), (1, "#d62728")):
        pts = tr.walls[side]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="#444444", linewidth=2.5, zorder=3)
        for p in _every(pts, 2.5):
            ax.plot(p[0], p[1], marker=">" if side else "<", color=colour, markersize=6,
                    markeredgecolor="#555555", markeredgewidth=0.4, zorder=4)
    for line in tr.lines:
        if not line.ends:
            continue
        (ax_, ay), (bx, by) = line.ends
        if line.kind == "limit":
            ax.plot([ax_, bx], [ay, by], color="#d62728", linewidth=2.2, zorder=5)
            for (x, y), (ox, oy) in (((ax_, ay), (bx, by)), ((bx, by), (ax_, ay))):
                dx, dy = x - ox, y - oy
                n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
                ax.text(x + dx / n * 0.55, y + dy / n * 0.55, str(line.value), color="white",
                        fontsize=8, fontweight="bold", ha="center", va="center", zorder=6,
                        bbox=dict(boxstyle="circle,pad=0.2", facecolor="#d62728", edgecolor="none"))
        else:
            ax.plot([ax_, bx], [ay, by], color="black", linewidth=3, zorder=5)
            ax.plot([ax_, bx], [ay, by], color="white", linewidth=3, dashes=(2, 2), zorder=5)
            fx, fy = (ax_, ay) if tr.finish_flag == "left" else (bx, by)
            ox, oy = (bx, by) if tr.finish_flag == "left" else (ax_, ay)
            dx, dy = fx - ox, fy - oy
            n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
            px, py = fx + dx / n * 0.6, fy + dy / n * 0.6
            ax.plot([px, px], [py, py + 1.2], color="#333333", linewidth=1.5, zorder=6)
            ax.add_patch(Polygon([(px, py + 1.2), (px + 0.8, py + 1.0), (px, py + 0.8)],
                                 closed=True, facecolor="black", edgecolor="black", zorder=6))
            ax.text(px, py - 0.35, "finish", fontsize=7, ha="center", va="top", zorder=6)
    for k, sq in enumerate(tr.slots):
        cx, cy = tr.center(sq)
        ax.text(cx, cy - 0.3, str(k + 1), fontsize=6, color="#7a8fa6", ha="center", va="center",
                zorder=2)


def _every(pts, gap):
    """Points spaced ``gap`` apart along a polyline (for the wall flags)."""
    out, left = [pts[0]], gap
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        pos = 0.0
        while seg - pos >= left:
            pos += left
            t = pos / seg
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            left = gap
        left -= seg - pos
    return out


def _sleds(ax, state):
    tr = state.track
    names = state.game.seat_names
    for s in range(state.n):
        p = state.pos[s]
        if p < 0:
            continue
        cx, cy = tr.center(p)
        ax.add_patch(FancyBboxPatch((cx - 0.33, cy - 0.3), 0.66, 0.6,
                                    boxstyle="round,pad=0.02,rounding_size=0.15",
                                    facecolor=SEAT_COLOURS[s % 5], edgecolor="black", linewidth=0.8,
                                    zorder=8))
        ax.text(cx, cy, names[s][0], color="white", fontsize=8, fontweight="bold", ha="center",
                va="center", zorder=9)


def _preview(ax, state, action):
    """Planned path of ``action`` (a move/bonus id), or the reachable ends of every move."""
    tr = state.track
    if state.current_player() < 0:
        return
    if action is None:
        if state.phase != "move":
            return
        ends = set()
        for a in state.legal_actions():
            c = state.clone()
            c._record = False
            c.apply_action(a)
            s = state.current_player()
            if c.pos[s] >= 0:
                ends.add(c.pos[s])
        for sq in ends:
            cx, cy = tr.center(sq)
            ax.plot(cx, cy, marker="o", markersize=5, color=SEAT_COLOURS[state.current_player() % 5],
                    alpha=0.45, zorder=7)
        return
    if action not in state.legal_actions():
        return
    c = state.clone()
    c._record = True
    start = len(c.events)
    mover = state.current_player()
    c.apply_action(action)
    colour = SEAT_COLOURS[mover % 5]
    damage = 0
    for e in c.events[start:]:
        if e.kind == "move" and e.seats[0] == mover:
            path = [tr.square_at(*p) for p in e.data["path"]]
            for a, b in zip(path, path[1:]):
                (x0, y0), (x1, y1) = tr.center(a), tr.center(b)
                drift = tr.lane[a] != tr.lane[b]
                ax.annotate("", xy=(x1, y1), xytext=(x0, y0), zorder=7,
                            arrowprops=dict(arrowstyle="->", color=colour, linewidth=1.8,
                                            linestyle="--" if drift else "-"))
        elif e.kind in ("wall", "blocked", "end_of_track") and e.seats[0] == mover:
            sq = tr.square_at(*e.data["position"])
            cx, cy = tr.center(sq)
            ax.plot(cx, cy, marker="x", markersize=12, color="#b00000", markeredgewidth=2.5,
                    zorder=10)
            label = {"wall": "wall", "blocked": "sled", "end_of_track": "end"}[e.kind]
            ax.text(cx + 0.45, cy - 0.45, label, fontsize=7, color="#b00000", zorder=10)
        elif e.kind == "damage" and e.seats[0] == mover:
            damage += e.data["cards"]
        elif e.kind == "over_limit" and e.seats[0] == mover:
            ax.text(0.02, 0.02, f"over limit {e.data['limit']} by {e.data['over']}",
                    transform=ax.transAxes, fontsize=8, color="#b00000")
    if damage:
        p = c.pos[mover] if c.pos[mover] >= 0 else state.pos[mover]
        cx, cy = tr.center(p)
        ax.text(cx, cy + 0.55, f"+{damage} damage", fontsize=8, color="#b00000", ha="center",
                fontweight="bold", zorder=10)


def _mat(ax, state, seat):
    s = seat
    if s is None:
        s = state.current_player()
        if s < 0:
            s = state.mover() if state.order and state.tidx < len(state.order) else -1
    if s is None or s < 0:
        return
    inset = ax.inset_axes([1.0, 0.8, 0.26, 0.18])
    inset.set_xlim(0, 3)
    inset.set_ylim(0, 2.2)
    inset.set_xticks([])
    inset.set_yticks([])
    for spine in inset.spines.values():
        spine.set_edgecolor(SEAT_COLOURS[s % 5])
        spine.set_linewidth(2)
    L, R, B = state.left[s], state.right[s], state.brake[s]
    for i, (label, v) in enumerate((("L", L), ("R", R), ("B", B))):
        inset.add_patch(FancyBboxPatch((0.15 + i, 0.75), 0.7, 1.0, boxstyle="round,pad=0.03",
                                       facecolor="#ffffff" if label != "B" else "#fde0e0",
                                       edgecolor="#555555"))
        inset.text(0.5 + i, 1.3, str(v), ha="center", va="center", fontsize=10, fontweight="bold")
        inset.text(0.5 + i, 0.95, label, ha="center", va="center", fontsize=6, color="#555555")
    inset.text(1.5, 0.35, f"{state.game.seat_names[s]}: speed {L + R - B}", ha="center",
               va="center", fontsize=6)
