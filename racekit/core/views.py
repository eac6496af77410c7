"""Views of a state for learning and search: a seat's observation tensor, its information-state
string, and worlds resampled from what it has seen.

Every view here is built from what the seat may see (``state.snapshot(seat)``,
``state.history_for(seat)``), so the game's hiding carries over: two states that differ only in
another seat's secret give the seat equal tensors and strings (tests/test_views.py). The full
view is only ever ``snapshot(full=True)``, asked for by name.

Observation tensor layout (``GameType.observation_size`` floats, float32, shape ``(size,)``):
    [0, 8)      one-hot of the observing seat (seats 0..7)
    [8, 16)     one-hot of the seat to act (zeros at chance and terminal nodes)
    16          1.0 at a chance node, 17: 1.0 when the game is over
    [32, size)  feature-hashed leaves of ``snapshot(seat)``: every leaf is named by its dotted
                path (``seats.1.pos``); a number adds its value at bucket ``h(path)``, ``True``
                adds 1.0 at ``h(path)``, a text value adds 1.0 at ``h(path + "=" + text)``, a
                null (a hidden value) adds nothing. ``h`` is CRC-32 modulo ``size - 32``,
                plus 32, so it is the same in every process and on every machine.
The hashed part is lossy (two leaves can share a bucket) and depends on the game's snapshot
keys: it is a generic encoding for learning baselines, not a hand-made feature set.
"""
from __future__ import annotations

import json
import zlib

HEADER = 32
SEAT_SLOTS = 8


def observation_tensor(state, seat: int | None, full: bool = False) -> list[float]:
    """The observation tensor of ``seat`` (layout in this module's docstring), a list of floats.
    ``full=True`` (asked for by name: a centralised critic's global state, PettingZoo's
    ``state()``) encodes ``snapshot(full=True)``, every secret included, with no seat slot."""
    size = state.game.game_type.observation_size
    out = [0.0] * size
    if seat is not None and 0 <= seat < SEAT_SLOTS and not full:
        out[seat] = 1.0
    cp = state.current_player()
    if 0 <= cp < SEAT_SLOTS:
        out[SEAT_SLOTS + cp] = 1.0
    elif state.is_chance_node():
        out[16] = 1.0
    elif state.is_terminal():
        out[17] = 1.0
    span = size - HEADER

    def walk(node, path):
        if isinstance(node, dict):
            for k in sorted(node, key=str):
                walk(node[k], f"{path}.{k}" if path else str(k))
        elif isinstance(node, (list, tuple)):
            for i, v in enumerate(node):
                walk(v, f"{path}.{i}")
        elif node is None:
            return
        elif isinstance(node, bool):
            if node:
                out[HEADER + zlib.crc32(path.encode()) % span] += 1.0
        elif isinstance(node, (int, float)):
            v = float(node)
            if v == v and abs(v) != float("inf"):
                out[HEADER + zlib.crc32(path.encode()) % span] += v
        else:
            out[HEADER + zlib.crc32(f"{path}={node}".encode()) % span] += 1.0

    walk(state.snapshot(full=True) if full else state.snapshot(seat), "")
    return out


def information_state_string(state, seat: int) -> str:
    """What ``seat`` has seen: its seat, and the history as it saw it (``?`` for an entry private
    to another seat; a secret the rules revealed to all shows its id from then on)."""
    seen = " ".join("?" if a is None else str(a) for a in state.history_for(seat))
    return f"seat {seat} | {seen}"


def observation_string(state, seat: int) -> str:
    """``snapshot(seat)`` as compact JSON with sorted keys (what the seat sees now)."""
    return json.dumps(state.snapshot(seat), sort_keys=True, separators=(",", ":"), default=str)


class ResampleError(RuntimeError):
    """No world consistent with the seat's view was found within the tries allowed."""


def resample(state, seat: int, rng, max_tries: int = 2000):
    """A state drawn from the worlds consistent with everything ``seat`` has seen.

    The seat's view is its history (:meth:`~racekit.core.state.State.history_for`), who acted
    at each ply and whose secret each hidden entry is: the entries it saw are kept, every entry
    private to another seat is drawn again, in order, replaying the game:

    - a hidden chance outcome is drawn with the node's probabilities (a deal, a draw), or from
      the game's proposal where the state declares ``resample_proposal`` (below);
    - another seat's hidden decision is drawn uniformly among its legal actions whose immediate
      consequence is what the seat saw (the same privacy, the same seat or chance acting next):
      the model of a player whose choices are unknown;
    - a seen decision must be legal in the new world, a seen chance outcome possible; a world
      whose history as the seat sees it, or whose view (``snapshot(seat)``) after any ply
      differs from the view the seat was shown then, is dropped and drawn again.

    The state's ``resample_restart`` (default 0: none) starts the search afresh after that
    many steps back times Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...): a search that went
    wrong early is dropped rather than repaired.

    Odds. A world's weight is the product, over its hidden chance outcomes, of the outcome's
    probability over the probability the proposal gave it, times the product of the seen
    chance outcomes' probabilities in that world. The state's ``resample_worlds`` (default 1)
    says how many consistent worlds are drawn; one of them is kept with probability
    proportional to its weight (sampling-importance-resampling). With one world the weights
    are not used: right where no proposal is declared and the seen outcomes' odds do not
    depend on the hidden ones (a seat's own deck, a public die), where the hidden outcomes
    come with exactly their posterior odds (tests/test_views.py: chi-square against
    enumeration). Leaf Marathon (a shared deck, cards played in public) declares a proposal
    and several worlds. The real history is read only through what the seat saw (its
    ``history_for``, who acted at each ply, and its ``snapshot(seat)`` after each ply), so two
    worlds that differ only in another seat's secret give the same draws from the same
    ``rng``. A hidden decision drawn from a proposal that kept only some of the legal actions
    weighs the share it kept (the model is uniform among the legal actions).

    Along one game (a state's ``resample_follow`` = True, with ``resample_backtrack``: Leaf
    Marathon). A search over hundreds of hidden entries late in a race can fail where the
    seat's previous decision found worlds. So the worlds found for ``seat`` are kept on this
    state object (their histories, never shown on any surface: a seat's own beliefs, built
    from its view alone). Once the seat's view has grown, the search from nothing runs first
    with an eighth of ``max_tries``; while it finds all its worlds there, nothing else
    changes. The first time it does not, the seat's searches are marked hard on this object,
    and from then on each search starts from one of the worlds found at the seat's previous
    view: at every hidden entry that world's outcome is tried first where it still fits, the
    rest as above (a particle filter: each kept world is carried forward and repaired by the
    search). Each gets ``max_tries // (4 * resample_worlds)`` steps (a quarter of
    ``max_tries`` in all); where none of them finds a world, the search starts from nothing
    as before, with its half of ``max_tries``, and the fallback below gets the last quarter.
    Several calls at the same view all start from the worlds of the view before, so their
    hidden entries since then are drawn afresh each time; where one of them finds none, it
    returns one of the worlds the calls before it found at this view (drawn uniformly: each is
    consistent with the view), and raises only where none has been found at this view yet,
    after the state's ``resample_anchors`` (default 0) repairs from a kept world's beginning
    (the kept worlds in turn, each cut at the next share of its plies in ``ANCHOR_CUTS``,
    half of ``max_tries`` each: any beginning of a kept world fits the view up to its end;
    its outcomes are tried first, the entries after it are drawn afresh, where the whole kept
    world's late entries may be what dooms its repairs), the state's ``resample_retries``
    (default 0) more searches from nothing with half of ``max_tries`` each (a search's luck
    differs from one to the next; the second, fourth, ... let the game redirect at dead ends
    they meet again and again, ``memo["redirect"]`` below; where there are anchored repairs
    and kept worlds, one more such repair after each pair of them, the kept worlds in turn,
    each one cut at the next of ``ANCHOR_CUTS`` every round: at a view where no search from
    nothing finds a world, as at race 171's end, only repairs can) and, where the state declares
    retries, a last resort: up to two kept worlds (where the searches are hard) repaired
    again in turn with half of ``max_tries`` each, then two searches from nothing with twice
    ``max_tries``, the second with the game's redirects (a short search often gives up just
    before the world it would find). Where the state declares ``resample_repeats`` (default 0)
    and retries, that schedule (the anchored repairs, the retries with the repairs among them,
    the last resort) runs that many times more before the call raises, each time with a ``memo``
    as a new call would start it (only the memo starts afresh; the anchored repairs go on
    through the pairs of kept world and cut; the random numbers go on). The anchored repairs,
    the retries, the last resort and the repeats run only where the call would otherwise raise,
    so a call that found a world without them finds the same one; once a call that would have
    raised finds a world, or uses more random numbers before it raises, later calls on the same
    object (or the same ``rng``) may differ. What this costs once the searches are hard: the
    worlds a seat keeps believing descend from the few found earlier (at most
    ``resample_worlds``, fewer where some searches failed), and nothing draws the older entries
    afresh again (only the anchored repairs, where a call would otherwise raise, draw a kept
    world's later part afresh), so the odds are those of a particle approximation without
    rejuvenation (the hidden entries before the seat's previous view take at most that many
    values). A call's answer depends on the calls made on this state object before (the same
    calls in the same order give the same answers). A copy (``clone``) starts afresh.

    Game hook: ``state.resample_proposal(k, view, actors, owners, memo)``, called on the world
    being built at a hidden entry (ply ``k``), gets the seat's view (``view``: the history as
    the seat saw it, ``None`` where hidden; ``actors``: who acted at each ply; ``owners``:
    whose secret each entry is; ``memo["snapshot"]``: ``snapshot(seat)`` now;
    ``memo["redirect"]``: whether the search may follow the game's redirects at dead ends
    it meets again and again: a repair of a kept world or of its beginning, every other retry
    from the second on, and the last resort's final search; ``memo["fresh"]``: whether the
    search starts from nothing rather than from a kept world; ``memo["search"]``: which
    search of the call this is, 0 on, so that a count kept for one search can start afresh
    in the next) in a dict kept for one ``resample`` call (a fresh one, with the snapshot,
    the views and the search count, each time the give-up schedule runs again:
    ``resample_repeats``). At a chance node it returns
    ``(outcome, probability)`` pairs to draw from (each outcome possible at the node), at a
    decision the actions to draw among (uniformly), or ``None`` for the node's own odds or
    every legal action.

    Args:
        rng: anything with ``random() -> float`` in [0, 1) (``random.Random``).

    Raises:
        ResampleError: no consistent world within ``max_tries`` draws (and the retries, the
            last resort and the repeats, where the state declares retries).
    """
    hist = state.history()
    private = list(state._private)
    seen = [state.visible_to(k, seat) for k in range(len(hist))]
    if all(seen):
        return state.clone()
    view = state.history_for(seat)
    actors = _actors(state, hist)
    target = (state.current_player(), view, _view_text(state, seat))
    want = max(1, int(getattr(state, "resample_worlds", 1)))
    start = {"snapshot": state.snapshot(seat), "views": _seen_views(state, seat)}
    memo: dict = dict(start)   # the call's memo (a repeat of the give-up schedule: afresh)
    worlds: list = []
    backtrack = bool(getattr(state, "resample_backtrack", False))
    restart = int(getattr(state, "resample_restart", 0) or 0)
    tries, run, half = 0, 0, max_tries // 2
    follow = _follow(state, seat, view) \
        if backtrack and getattr(state, "resample_follow", False) else None
    if follow is not None and follow["base"] and not follow.get("hard"):
        # from nothing while that is easy (the odds above): an eighth of max_tries
        probe = max(1, max_tries // 8)
        while tries < probe and len(worlds) < want:
            got, used = _search(state, seat, view, private, actors, target, memo, rng,
                                probe - tries)
            tries += used
            if got is not None:
                worlds.append(got)
        if len(worlds) < want:   # no longer easy: from the kept worlds from now on
            follow["hard"] = True
    if follow is not None and follow["base"] and follow.get("hard") and len(worlds) < want:
        bases, step = follow["base"], max(1, max_tries // (4 * want))
        for i in range(want - len(worlds)):   # each world from one found at an earlier view
            got, used = _search(state, seat, view, private, actors, target, memo, rng,
                                min(step, max_tries - tries), bases[i % len(bases)])
            tries += used
            if got is not None:
                worlds.append(got)
            if tries >= max_tries:
                break
        if worlds:
            tries = max_tries   # enough: the kept worlds carried forward
        else:   # the search from nothing keeps its own half; the fallback gets the rest
            half = min(max_tries, tries + max_tries // 2)
    while tries < max_tries and len(worlds) < want:
        search = _search if backtrack else _draw
        run += 1
        budget = max_tries - tries
        if restart > 0:   # a fresh search after a while (Luby's sequence of budgets)
            budget = min(budget, restart * _luby(run))
        elif backtrack and tries < half:
            budget = half - tries
        if backtrack and tries >= half:   # the search did not find one: redraw
            search = _redraw                           # from earlier entries instead
        got, used = search(state, seat, view, private, actors, target, memo, rng, budget)
        tries += used
        if got is not None:
            worlds.append(got)
    if not worlds and follow is not None and follow["found"]:
        # a world found by an earlier call at this same view is consistent with it still
        hist = follow["found"][int(rng.random() * len(follow["found"]))]
        s = _new(state)
        for a in hist:
            s.apply_action(a)
        return s
    retries = max(0, int(getattr(state, "resample_retries", 0) or 0)) if backtrack else 0
    anchors = max(0, int(getattr(state, "resample_anchors", 0) or 0)) if backtrack else 0
    bases = follow["base"] if follow is not None and follow["base"] else []
    part = max(1, max_tries // 2)
    # none found, none to reuse: each search below in turn until one finds a world (the rng
    # goes on). First a kept world's beginning, the rest drawn afresh (the kept worlds in
    # turn, each cut at the next share); then the search from nothing again, every other one
    # following the game's redirects (memo["redirect"]), with another kept world's beginning
    # after each pair; then the last resort: longer repairs of two kept worlds and two long
    # searches, the second following the redirects (a short search often gives up just
    # before the world it would find)
    def anchored(j):   # the j-th: the kept worlds in turn, each at its next cut every round
        b, r = j % len(bases), j // len(bases)
        cut = ANCHOR_CUTS[(b + r) % len(ANCHOR_CUTS)]
        return (bases[b][:int(len(bases[b]) * cut)], part, None)
    repeats = max(0, int(getattr(state, "resample_repeats", 0) or 0)) if retries else 0
    searches = []   # (hint, budget, redirect, which time the schedule runs)
    per = (anchors + retries // 2) if anchors and bases else 0   # anchored repairs each time
    for t in range(1 + repeats):   # the anchored repairs go on through the pairs each time
        searches += [anchored(t * per + j) + (t,) for j in range(anchors if bases else 0)]
        for i in range(retries):   # after each pair of retries, one more anchored repair
            searches.append((None, part, i % 2 == 1, t))
            if anchors and bases and i % 2 == 1:
                searches.append(anchored(t * per + anchors + i // 2) + (t,))
        if retries > 0:
            kept = bases[:2] if follow is not None and follow.get("hard") else []
            longer = max(1, 2 * max_tries)
            searches += [(b, part, None, t) for b in kept] + \
                [(None, longer, False, t), (None, longer, True, t)]
    last = 0
    for hint, budget, redirect, t in searches if not worlds else []:
        if t != last:   # the schedule again, as a call would start it: a memo of its own
            last, memo = t, dict(start, search=memo.get("search", -1))
        got, _used = _search(state, seat, view, private, actors, target, memo, rng,
                             budget, hint, redirect)
        if got is not None:
            worlds.append(got)
            break
    if not worlds:
        more = f", then {retries} retries and a last resort" if retries else ""
        more += f", {1 + repeats} times" if repeats else ""
        raise ResampleError(f"no world consistent with seat {seat}'s view found in "
                            f"{max_tries} steps{more}")
    if follow is not None:
        follow["found"] = (follow["found"] + [w.history() for w, _ in worlds])[-want:]
    if len(worlds) == 1:
        return worlds[0][0]
    total = sum(w for _, w in worlds)
    if total <= 0.0:
        return worlds[0][0]
    u, acc = rng.random() * total, 0.0
    for world, w in worlds:
        acc += w
        if u < acc:
            return world
    return worlds[-1][0]


def _follow(state, seat, view):
    """The worlds kept for ``seat`` on this state object (see :func:`resample`, along one game):
    ``{"view": the view of the latest call, "found": histories of worlds found at it, "base":
    those found at an earlier view, each search's start, "hard": whether a search from nothing
    has fallen short (then the searches start from "base")}``; the store is reset where the
    view is not the latest one or a continuation of it (another game replayed on the object)."""
    store = state.__dict__.setdefault("_resample_kept", {})
    got = store.get(seat)
    if got is not None and got["view"] == view:
        return got
    if got is not None and len(got["view"]) < len(view) and view[:len(got["view"])] == got["view"]:
        got.update(view=list(view), base=got["found"] or got["base"], found=[])
        return got
    got = store[seat] = {"view": list(view), "found": [], "base": [], "hard": False}
    return got


def _seen_views(state, seat):
    """``snapshot(seat)`` after each ply of the real game (what the seat saw at every step),
    or ``None`` where the state says its views follow from the history the seat saw
    (``resample_views = False``). Kept on the state for its ply, so a search that resamples
    one state many times (IS-MCTS) replays the game once."""
    if not getattr(state, "resample_views", True):
        return None
    hist = state.history()
    key = (seat, len(hist), hash(tuple(hist)))
    cache = state.__dict__.get("_seen_views_cache")
    if cache is not None and cache[0] == key:
        return cache[1]
    s = _new(state)
    views = []
    for a in hist:
        s.apply_action(a)
        views.append(s.snapshot(seat))
    state.__dict__["_seen_views_cache"] = (key, views)
    return views


def _seen_differs(s, seat, memo, k):
    """Seats to blame where world ``s``, after ply ``k``, shows ``seat`` another view than the
    real game showed it then (:func:`_view_culprits`: a set of seats, or ``ALL``); ``False``
    where it shows the same."""
    views = memo.get("views")
    if views is None:
        return False
    got = s.snapshot(seat)
    return False if got == views[k] else _view_culprits(got, views[k])


def _luby(i: int) -> int:
    """Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (``i`` from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _new(state):
    game = state.game
    return game.new_initial_state(setup=state.initial_setup, record_events=False) \
        if state.initial_setup is not None else game.new_initial_state(record_events=False)


def _view_text(state, seat):
    import json
    return json.dumps(state.snapshot(seat), sort_keys=True, default=str)


def _actors(state, hist):
    """Who acted at each ply of the real game (a seat, or chance): what every seat saw."""
    s = _new(state)
    actors = []
    for a in hist:
        actors.append(s.current_player())
        s.apply_action(a)
    return actors


def _pick(pairs, u):
    acc = 0.0
    for a, p in pairs:
        acc += p
        if u < acc:
            return a
    return pairs[-1][0]


def _step(s, k, view, private, actors, memo, rng, propose):
    """The entry at ply ``k`` of a world being built at node ``s``: ``(action, weight factor)``,
    or ``None`` when no entry fits the seat's view there. A seen entry is taken as seen (its odds
    at a chance node); a hidden chance entry is drawn from the game's proposal (``propose``,
    reweighted to the node's odds) or the node's odds; a hidden decision by :func:`_decision`."""
    if s.current_player() != actors[k]:   # the seat saw who acted (or that chance did)
        return None
    a = view[k]
    if a is not None:
        if s.is_chance_node():
            p = dict(s.chance_outcomes()).get(a, 0.0)
            return (a, p) if p > 0.0 else None
        return (a, 1.0) if a in s.legal_actions() else None
    if s.is_chance_node():
        pairs = sorted(s.chance_outcomes())
        q = propose(s, k, view, actors, private, memo) if propose is not None else None
        if q is not None and len(q) == 0:
            return None   # the game sees that no outcome here fits the view
        if q:
            b = _pick(sorted(q), rng.random())
            factor = dict(pairs).get(b, 0.0) / dict(q)[b]
        else:
            b, factor = _pick(pairs, rng.random()), 1.0
        return (b, factor) if s._private_to(b) == private[k] else None
    only = propose(s, k, view, actors, private, memo) if propose is not None else None
    b = _decision(s, k, view, private, actors, rng, only)
    return None if b is None else (b, _narrowed(s, only))


def _narrowed(s, only) -> float:
    """The weight factor of a hidden decision drawn uniformly among the game's proposal
    ``only`` rather than among all legal actions (the model: uniform among the legal ones):
    the share of the legal actions the proposal kept (1.0 where it kept them all)."""
    if only is None:
        return 1.0
    legal = s.legal_actions()
    return sum(1 for b in only if b in legal) / len(legal) if legal else 1.0


def _draw(state, seat, view, private, actors, target, memo, rng, budget):
    """One world and its weight (see :func:`resample`), or ``None``, and the draws used: an
    inconsistent world is dropped (one draw)."""
    s = _new(state)
    weight = 1.0
    propose = getattr(type(s), "resample_proposal", None)
    for k in range(len(view)):
        step = _step(s, k, view, private, actors, memo, rng, propose)
        if step is None:
            return None, 1
        weight *= step[1]
        s.apply_action(step[0])
        if _seen_differs(s, seat, memo, k) is not False:
            return None, 1
    if s.current_player() == target[0] and s.history_for(seat) == target[1] \
            and _view_text(s, seat) == target[2]:
        return (s, weight), 1
    return None, 1


ALL = None
"""A conflict no seat in particular explains (a seen draw from the shared pile, the view at the
end): the search goes back to the latest hidden entry of any seat."""


def _seats(x) -> set:
    """The seats named by a privacy value (a seat, a tuple of seats, or ``None``)."""
    if x is None:
        return set()
    if type(x) is tuple:
        return {v for v in x if v >= 0}
    return {x} if x >= 0 else set()


def _culprits(s, k, view, private, actors, seen_chance=False):
    """Seats whose hidden entries may explain a conflict of world ``s`` with the view at ply
    ``k``: the seat acting (or whose secret is drawn) in the world and in the view; ``ALL`` where
    none is named or the conflict is a seen chance outcome (``seen_chance``: a shared pile)."""
    if seen_chance:
        return ALL
    out = _seats(private[k]) | _seats(actors[k])
    cp = s.current_player()
    if cp >= 0:
        out.add(cp)
    elif s.is_chance_node():
        pairs = s.chance_outcomes()
        if pairs:
            out |= _seats(s._private_to(pairs[0][0]))
    return out or ALL


def _end_culprits(s, seat, want):
    """Seats whose hidden entries may explain a world whose view at the end differs from
    ``want`` (``snapshot(seat)``): :func:`_view_culprits`."""
    return _view_culprits(s.snapshot(seat), want)


def _view_culprits(got, want):
    """Seats whose hidden entries may explain a view ``got`` that differs from ``want`` (two
    snapshots): where the snapshot lists ``seats``, the seats whose entries differ (what else
    differs, such as a shared pile's size, is most often their consequence: a card a seat
    used because its hidden hand changed its move); else ``ALL``."""
    if not isinstance(got, dict) or not isinstance(want, dict) or \
            not isinstance(got.get("seats"), list) or not isinstance(want.get("seats"), list) \
            or len(got["seats"]) != len(want["seats"]):
        return ALL
    out = {i for i, (a, b) in enumerate(zip(got["seats"], want["seats"])) if a != b}
    return out or ALL


def _order(pairs, rng):
    """``(item, weight)`` pairs in a random order drawn by weight (weighted sampling without
    replacement: key ``u ** (1 / w)``, largest first)."""
    keyed = []
    for item, w in pairs:
        u = rng.random()
        keyed.append((u ** (1.0 / w) if w > 0 else -1.0 + u, item))
    keyed.sort(key=lambda x: -x[0])
    return [item for _, item in keyed]


def _candidates(s, k, view, private, actors, memo, rng, propose):
    """Every outcome or action to try at a hidden entry, in the order to try them, each with
    the factor it multiplies the world's weight by: the game's proposal where it declares one
    (the outcomes it leaves out are ones that cannot fit the view), in a random order drawn by
    its probabilities, else the node's outcomes by their odds or the actions whose immediate
    consequence fits the view (uniformly)."""
    if s.is_chance_node():
        pairs = sorted(s.chance_outcomes())
        odds = dict(pairs)
        q = propose(s, k, view, actors, private, memo) if propose is not None else None
        if q is not None and len(q) == 0:
            return []   # the game sees that no outcome here fits the view: a dead end
        if q:
            qd = dict(q)
            out = [(b, odds.get(b, 0.0) / qd[b]) for b in _order(sorted(q), rng)
                   if odds.get(b, 0.0) > 0.0]
        else:
            out = [(b, 1.0) for b in _order(pairs, rng)]
        return [(b, f) for b, f in out if s._private_to(b) == private[k]]
    only = propose(s, k, view, actors, private, memo) if propose is not None else None
    if only is not None and len(only) == 0:
        return []   # no action here fits the view (a decision's dead end, as a chance node's)
    legal = s.legal_actions()
    pool = [b for b in only if b in legal] if only else legal
    f = _narrowed(s, only) if only else 1.0
    return [(b, f) for b in _order([(b, 1.0) for b in pool], rng)
            if _fits(s, k, view, private, actors, b)]


def _search(state, seat, view, private, actors, target, memo, rng, budget, hint=None,
            redirect=None):
    """One world and its weight (see :func:`resample`), or ``None``, and the draws used, by a
    backtracking search over the hidden entries (a state's ``resample_backtrack``).

    The world is built forward; at each hidden entry the candidates (:func:`_candidates`) are
    kept. When the world conflicts with the view at ply ``j`` (a seen entry impossible, another
    seat or chance acting, no candidate, the view at the end), the search goes back to the
    latest hidden entry that may explain it and tries its next candidate: an entry of a seat
    that the conflict names (conflict-directed backjumping: the seats an entry's own
    alternatives conflicted on are added when they run out), or of any seat for a conflict
    that names none. An entry concerns the seats it is private to, and those the state's
    ``resample_affects()`` names there (a card given to another seat). Where conflicts keep
    arising at one ply, the step back goes further each time (:func:`_escalated`). Each step
    back is one draw of ``budget``. The game may name more at a dead end (its proposal's
    ``memo``): ``"wanted"``, outcomes of which the latest entry that drew one is retried
    first; ``"missing"``, outcomes to try first at the latest entry of the conflict's seats
    that may still draw one; ``"unwanted"``, ``(seats, outcomes)``: a card those seats hold
    and must not, so the latest entry of theirs that drew one is retried first, its other
    candidates before those outcomes. Every world it returns fits the view; the seats a
    conflict names are a heuristic (a card may reach a seat in ways the game does not name),
    so the search is not guaranteed to find a world within any budget, only never to return
    a wrong one. It reads only the view and the world it builds."""
    s = _new(state)
    weight = 1.0
    propose = getattr(type(s), "resample_proposal", None)
    affects = getattr(type(s), "resample_affects", None)
    # the game's proposal may read it: redirects at dead ends met again and again (by default
    # in repairs of a kept world only)
    memo["redirect"] = hint is not None if redirect is None else bool(redirect)
    memo["fresh"] = hint is None   # and whether it starts from nothing (no world to repair)
    memo["search"] = memo.get("search", -1) + 1   # and which search of the call this is
    marks: list = []   # [ply, world before it, weight, candidates left, seats, conflict, chosen]
    used, k, n = 1, 0, len(view)
    hits: dict = {}   # conflicts at each ply (thrashing: _escalated)
    redrawn = False   # an entry was just drawn again: check the view after it
    while True:
        conflict, seen_out, missing, unwanted = ALL, None, None, None
        while k < n:
            if redrawn:
                redrawn = False
                differs = _seen_differs(s, seat, memo, k - 1)
                if differs is not False:
                    conflict = differs
                    break
            a = view[k]
            if s.current_player() != actors[k]:   # the seat saw who acted (or that chance did)
                conflict = _culprits(s, k, view, private, actors)
                break
            if a is not None:
                if s.is_chance_node():
                    p = dict(s.chance_outcomes()).get(a, 0.0)
                    if p <= 0.0:
                        conflict = _culprits(s, k, view, private, actors, True)
                        seen_out = {a}
                        break
                    weight *= p
                elif a not in s.legal_actions():
                    conflict = _culprits(s, k, view, private, actors)
                    break
                s.apply_action(a)
                k += 1
                differs = _seen_differs(s, seat, memo, k - 1)
                if differs is not False:   # the seat saw another view after this entry
                    conflict = differs
                    break
                continue
            memo.pop("culprits", 0)
            memo.pop("wanted", 0)
            memo.pop("missing", 0)
            memo.pop("unwanted", 0)
            cands = _candidates(s, k, view, private, actors, memo, rng, propose)
            if hint is not None and k < len(hint):   # a kept world's outcome first
                cands.sort(key=lambda c: c[0] != hint[k])
            if not cands:   # nothing fits: the seats the game names, or the usual culprits
                conflict = memo["culprits"] if "culprits" in memo else \
                    _culprits(s, k, view, private, actors)
                seen_out = memo.get("wanted")
                missing = memo.get("missing")
                unwanted = memo.get("unwanted")
                break
            b, f = cands.pop(0)
            seats = _seats(private[k])
            if affects is not None:
                seats |= set(affects(s) or ())
            mark = [k, s.clone(), weight, cands, seats, set(), b]
            marks.append(mark)
            weight *= f
            s.apply_action(b)
            k += 1
            differs = _seen_differs(s, seat, memo, k - 1)
            if differs is not False:
                conflict = differs
                break
        else:
            if s.current_player() == target[0] and s.history_for(seat) == target[1] \
                    and _view_text(s, seat) == target[2]:
                return (s, weight), used
            conflict = _end_culprits(s, seat, memo["snapshot"])
        if used >= budget:
            return None, used
        used += 1
        # back to the latest entry that may explain the conflict and has a candidate left; a
        # seen chance outcome no longer possible (or outcomes the game says were wanted, in
        # memo["wanted"]): first the latest hidden entry that drew one of them (a card of that
        # type taken from a shared pile)
        i = len(marks) - 1
        if unwanted is not None:   # (seats, outcomes) the game names (memo["unwanted"]): a
            # card the seats hold and must not (no later outcome removes it): first the latest
            # entry of theirs that drew one, if it has a candidate left
            j = i
            while j >= 0 and not (marks[j][6] in unwanted[1] and marks[j][3]
                                  and bool(marks[j][4] & unwanted[0])):
                j -= 1
            if j >= 0:
                i, missing, seen_out = j, None, None
                marks[i][3].sort(key=lambda c: c[0] in unwanted[1])
        if missing is not None:   # outcomes the game says too few entries drew (memo["missing"]):
            # first the latest hidden entry that may still draw one, trying those first
            while i >= 0 and not (any(b in missing for b, _ in marks[i][3])
                                  and (conflict is ALL or bool(marks[i][4] & conflict))):
                i -= 1
            if i >= 0:
                marks[i][3].sort(key=lambda c: c[0] not in missing)
            else:
                i = len(marks) - 1
        elif seen_out is not None:
            while i >= 0 and not (marks[i][6] in seen_out and marks[i][3]):
                i -= 1
            if i < 0:
                i = len(marks) - 1
        while i >= 0:
            m = marks[i]
            relevant = conflict is ALL or bool(m[4] & conflict)
            if relevant and m[3]:
                break
            if relevant:   # its alternatives ran out: what they conflicted on, and the seats
                # whose earlier entries made them what they were, join the conflict
                conflict = ALL if (conflict is ALL or m[5] is ALL) else (conflict | m[5] | m[4])
            i -= 1
        if i < 0:
            if conflict is ALL or not any(m[3] for m in marks):
                return None, used   # no candidate left anywhere
            i = max(j for j, m in enumerate(marks) if m[3])
        i = _escalated(marks, i, conflict, hits, k)
        del marks[i + 1:]
        m = marks[i]
        m[5] = ALL if (conflict is ALL or m[5] is ALL) else (m[5] | conflict) - m[4]
        k, weight = m[0], m[2]
        s = m[1].clone()
        b, f = m[3].pop(0)
        m[6] = b
        weight *= f
        s.apply_action(b)
        k += 1
        redrawn = True


ANCHOR_CUTS = (7 / 8, 1 / 2, 1, 3 / 8, 5 / 8, 1 / 4)
"""Where a kept world is cut for the anchored repairs of :func:`resample` (a share of its
plies, in turn; 1: the whole kept world, repaired with half of ``max_tries``, where the
repairs that start a call share a quarter among all the kept worlds). Which cut finds a world
depends on the position and the worlds kept, so the cuts are spread; repairs of 1,000 steps
(docs/adapters.md):

- race 171's ply 751 (4 players, seat 0, eight worlds kept in a replay): stop 45, 16 repairs
  a cut, a half 6, three eighths 4, a quarter 1, five eighths 1, the whole world 0 in 8, and
  cuts at ply 450 and later (seven eighths is 648 of 741) at most 1 in 8; stop 53, other
  kept worlds, a half 3, three eighths 5, a quarter 2, five eighths 5, three quarters 0,
  seven eighths 6 in 16, and (stop 54, the same replay's kept worlds) the whole world 5 in 16;
- race 223's end (stop 53): a half 1 in 14, every other cut (three quarters and seven
  eighths too) 0 in 13 or 14; there retries from nothing find worlds;
- race 243's ply 977 (the worlds the race itself kept, eight of 964 plies; stop 54): seven
  eighths 5 and the whole world 4 in 16, three quarters 0 in 8, a half, three eighths, a
  quarter and five eighths 0 in 32 together.

Seven eighths comes first and the whole world third: where stop 53's four cuts all missed
(race 243's stop) these two found worlds, and they did at race 171's end with stop 53's kept
worlds, though not with stop 45's. Three quarters found none wherever measured and is left
out. With stop 45's kept worlds at race 171's end the 8 repairs before the retries find
fewer worlds in this order than in stop 53's (about 14 in 100 each on average, against 19);
with stop 53's more (27 against 23)."""

THRASH = 16
"""Conflicts at one ply before the search's step back skips further (:func:`_escalated`)."""


def _escalated(marks, i, conflict, hits, k) -> int:
    """The mark to step back to after a conflict at ply ``k``, where the usual step back is
    to ``marks[i]``. Thrashing: a search whose conflicts keep arising at the same ply spends
    its budget on every combination of the entries between the cause and that ply (often
    another seat's draws from the shared pile). So the ``THRASH``-th conflict at a ply, and
    the conflicts at twice, four times, ... that count there, skip back over 1, 2, 4, ...
    more marks that the conflict concerns and that have candidates left (as far as there are
    such marks), dropping what is left to try after them. Every world is still checked, so
    none that does not fit the view is returned; the search only tries some earlier
    alternatives sooner and gives up some later ones."""
    got = hits[k] = hits.get(k, 0) + 1
    if got % THRASH or (got // THRASH) & (got // THRASH - 1):   # not 16, 32, 64, ...
        return i
    skip = got // THRASH
    j = i - 1
    while skip > 0 and j >= 0:
        m = marks[j]
        if m[3] and (conflict is ALL or bool(m[4] & conflict)):
            i, skip = j, skip - 1
        j -= 1
    return i


def _redraw(state, seat, view, private, actors, target, memo, rng, budget, backtrack=True):
    """The search's fallback (see :func:`resample`): one world and its weight, or ``None``, and
    the draws used. An inconsistent world is
    taken back to an earlier hidden entry and drawn again from there (each a draw, up to
    ``budget``): to the last hidden entry first, further back (doubling) after repeated
    failures at the same point."""
    s = _new(state)
    weight = 1.0
    propose = getattr(type(s), "resample_proposal", None)
    marks: list = []   # (ply, copy of the world before it, weight) at each hidden entry
    used, best, streak, k = 1, -1, 0, 0
    n = len(view)
    while True:
        while k < n:
            if backtrack and view[k] is None and s.current_player() == actors[k]:
                marks.append((k, s.clone(), weight))
            step = _step(s, k, view, private, actors, memo, rng, propose)
            if step is None:
                break
            weight *= step[1]
            s.apply_action(step[0])
            k += 1
            if _seen_differs(s, seat, memo, k - 1) is not False:
                break
        if k == n and s.current_player() == target[0] and s.history_for(seat) == target[1] \
                and _view_text(s, seat) == target[2]:
            return (s, weight), used
        if not marks or used >= budget:
            return None, used
        used += 1
        if k > best:
            best, streak = k, 0
        else:
            streak += 1
        back = min(len(marks), 1 << min(streak // 4, 30))
        del marks[len(marks) - back + 1:]
        k, snap, weight = marks.pop()
        s = snap.clone()


def _fits(s, k, view, private, actors, b) -> bool:
    """Whether hidden decision ``b`` at ply ``k`` has the immediate consequence the seat saw:
    the same privacy, the same seat or chance acting next, and the next entry, where the seat
    saw it, possible (or, where hidden, private to the same seats)."""
    if s._private_to(b) != private[k]:
        return False
    if k + 1 < len(actors):
        t = s.clone()
        t.apply_action(b)
        if t.current_player() != actors[k + 1]:
            return False
        nxt = [o for o, _ in t.chance_outcomes()] if t.is_chance_node() else t.legal_actions()
        if view[k + 1] is not None:
            if view[k + 1] not in nxt:
                return False
        elif nxt and t._private_to(nxt[0]) != private[k + 1]:
            return False
    return True


def _decision(s, k, view, private, actors, rng, only=None):
    """Another seat's hidden decision: uniform among its legal actions (or the game's
    proposal ``only``) whose immediate consequence is what the seat saw (:func:`_fits`)."""
    legal = s.legal_actions() if only is None else [b for b in only if b in s.legal_actions()]
    keys = [rng.random() for _ in legal]
    for _, b in sorted(zip(keys, legal)):
        if _fits(s, k, view, private, actors, b):
            return b
    return None
