"""The designer review: play order, completion, and a verdict for every reading that holds.

:func:`review_game` plays the rules as set (the *baseline*) and every reading of every
ambiguity option (or readings you name) on the same game seeds (paired games), in rounds
of doubling size, until each reading's interval decides against a threshold the designer
sets, or a game budget runs out:

* **changes … by X [lo, hi]**: the interval excluded no change, and a fresh seed set of twice
  as many games confirmed it (the printed numbers are the fresh games');
* **no change beyond ±T**: the interval lies inside ±T;
* **not enough games to tell (±w after N games)**: neither, when the budget ran out.

Two measures are judged per reading: the edge of the first player to act (the game's own
notion: :mod:`racekit.sim.playorder`): its win rate minus the fair share over all games
(:func:`first_edge`), in percentage points; and the mean game length (plies) in % of the
baseline's. The baseline plays :data:`AHEAD` times each round's games; a reading's mean is
compared with its paired baseline games and the rest of the baseline together
(:func:`racekit.sim.stats.controlled`, a control-variate estimate): a reading that changes few
games keeps the paired difference's narrow interval, one that changes every game (no longer
paired in effect) gets about ``sqrt(1.25 / 2)`` of it, so about 40% fewer games decide it.

How sure: each verdict may be judged once per round; the error ``alpha / V`` of one verdict
(``V`` verdicts in the review) is spent over its rounds in proportion to their games
(:func:`spending`: round ``k`` of ``n_k`` games gets the weight ``w_k = n_k / sum(n)``, a
Bonferroni split with unequal weights, fixed before any game is played), so stopping as soon
as an interval decides does not inflate the error, and the last, largest round, where most
readings decide, keeps about half of it. Round ``k``'s interval is taken at confidence
``1 - 2 alpha w_k / V`` (each side ``alpha w_k / V``: the interval lies inside ±T exactly when
the two one-sided t-tests of equivalence reject at that level). The claims' p-values
(equivalence: the two one-sided tests' divided by ``w_k``; changes: the fresh games' paired
t-test) then go through Holm's correction at ``alpha`` across all ``V`` verdicts; a claim
that does not survive it reads "not enough games to tell". So the chance that any printed
claim of one review is wrong is at most ``alpha`` (5% by default).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from ..core.game import load_game
from ..core.i18n import Texts, message_text

T = Texts("review")

THRESHOLD = 3.0
"""Default threshold of a win-rate verdict, in percentage points."""
LENGTH_THRESHOLD = 3.0
"""Default threshold of a game-length verdict, in % of the baseline's mean length."""
FIRST_ROUND = 200
"""Paired games per reading in the first round (each later round doubles them)."""
BUDGET = 6400
"""Default most paired games per reading (before the confirmation on fresh seeds)."""
BASELINE = 2000
"""Default least games of the baseline (the first-player line and the tables)."""
ALPHA = 0.05
QUALITY = 200
"""Default baseline games replayed for the lead measures (lead changes, decisiveness, comebacks)."""
FRESH = 2
"""A candidate change is confirmed on this many times the games that showed it (fresh seeds)."""
AHEAD = 4
"""The baseline plays this many times each round's games: a reading's games are compared with
their paired baseline games and with the rest of the baseline (:func:`racekit.sim.stats.controlled`),
which about halves the variance of a reading that changes most games."""
METHOD = "Holm"
MEASURES = ("win", "length")


def looks(first_round: int, budget: int) -> list[int]:
    """The sizes at which a reading is judged: ``first_round`` doubling, ending at ``budget``."""
    if first_round < 2 or budget < first_round:
        raise ValueError(f"need 2 <= first round ({first_round}) <= budget ({budget})")
    sizes, n = [], first_round
    while n < budget:
        sizes.append(n)
        n *= 2
    return sizes + [budget]


def spending(sizes) -> list[float]:
    """The share of a verdict's error spent at each of its rounds: ``n_k / sum(n)`` for rounds
    of ``sizes`` paired games (fixed before the games: a Bonferroni split over the rounds)."""
    total = float(sum(sizes))
    return [n / total for n in sizes]


def round_levels(sizes, n_verdicts: int, alpha: float = ALPHA) -> list[float]:
    """The confidence of each round's intervals: ``1 - 2 alpha w_k / V`` (:func:`spending`)."""
    return [1 - 2 * alpha * w / max(n_verdicts, 1) for w in spending(sizes)]


def first_wins(df):
    """Per game, 1.0 when the first player to act won (its side, in a team game), else 0.0;
    the first seat when the table has no play order."""
    from .simulate import position_wins
    pos = position_wins(df)
    col = pos["pos_1"] if pos is not None else df["win_0"]
    return col.astype(float).to_numpy()


def first_edge(df):
    """Per game, the first player's edge: 1 when it won, minus the game's fair share (its
    winners / seats; 0 in a game nobody won). Its mean is the first player's win rate minus the
    fair share over all games, so a reading that only changes how many share a win (a tie-break)
    or how many games have a winner does not move it, while one that favours the first player
    does."""
    seats = int(df["players"].iloc[0])
    winners = df[[f"win_{s}" for s in range(seats)]].to_numpy(dtype=float).sum(axis=1)
    return first_wins(df) - winners / seats


MIN_CHANGED = 30
"""Fewest games a reading must change before a t-interval judges it (a few changed games make
the differences too lopsided for Student's t)."""


def judge(d, bound: float, level: float, span: float, ci: dict | None = None
          ) -> tuple[str | None, dict]:
    """One round's decision on paired differences ``d`` (in the verdict's units).

    ``"same"`` when the reading cannot move the mean beyond ±``bound``: either exactly (the
    share of games it changes, by its Clopper-Pearson bound at ``level``, times ``span``, the
    largest difference one game can make, stays below ``bound``) or, once it has changed at
    least :data:`MIN_CHANGED` games, when the Student-t interval at ``level`` lies inside
    ±``bound``; ``"candidate"`` when that interval excludes 0 (a change, to be confirmed on
    fresh games); else ``None`` (play more). ``ci``: the interval at ``level`` to judge by
    (:func:`racekit.sim.stats.controlled`, the paired games and more games of the baseline);
    default the paired differences' (:func:`racekit.sim.stats.paired`). Returns the decision
    and the interval, with ``changed`` (games with a difference) and ``p_same`` (the p-value of
    the "same" claim).
    """
    import numpy as np
    from .stats import changed_share_pvalue, equivalence_p, paired, proportion_interval
    d = np.asarray(d, dtype=float)
    ci = dict(paired(d, level) if ci is None else ci)
    k = int(np.count_nonzero(d))
    ci["changed"] = k
    if proportion_interval(k, len(d), level, method="beta")[1] * span < bound:
        ci["p_same"] = changed_share_pvalue(k, len(d), bound / span)
        return "same", ci
    if k < MIN_CHANGED:
        return None, ci
    if -bound < ci["low"] and ci["high"] < bound:
        ci["p_same"] = equivalence_p(ci["mean"], ci["se"], ci["df"], bound)
        return "same", ci
    if ci["low"] > 0 or ci["high"] < 0:
        return "candidate", ci
    return None, ci


def confirm(d, seen: float) -> tuple[dict, float]:
    """A candidate change checked on fresh games' differences ``d``: their 95% interval and the
    p-value of the claim (the paired t-test's; 1 when the fresh games move the other way)."""
    from .stats import paired
    ci = paired(d, 0.95)
    same_sign = ci["mean"] != 0 and (ci["mean"] > 0) == (seen > 0)
    return ci, ci["p"] if same_sign else 1.0


@dataclass
class Reading:
    """One reading to compare with the baseline: ``name`` (``six_bonus=none``), ``options`` it
    sets, the configured ``game`` (``None`` with ``error`` when these settings refuse it) and
    ``label`` (the name with its clause IDs and topic)."""

    name: str
    options: dict
    params: dict = field(default_factory=dict)
    game: object = None
    error: str | None = None
    label: str = ""
    frames: list = field(default_factory=list)
    n: int = 0
    engine: bool = False
    budget: int = 0
    open: bool = True
    state: dict = field(default_factory=dict)
    spend: dict = field(default_factory=dict)
    """``{games: (weight, level)}``: the share of each verdict's error spent at a round of that
    many games and the round's confidence (:func:`round_levels`)."""


def param_steps(game, only=None) -> dict:
    """``{"NAME=v": {NAME: v}}``: each parameter of ``game`` (a configured Game) one step
    (1) either side of its value in force, within the parameter's bounds (``only``: names)."""
    out = {}
    for par in game.game_type.params:
        if only is not None and par.name not in only:
            continue
        now = game.params[par.name]
        for v in (now - 1, now + 1):
            v = par.type(v)
            if par.low <= v <= par.high:
                out[f"{par.name}={v}"] = {par.name: v}
    return out


def reading_list(game, readings=None, only=None, params: bool = False) -> list[Reading]:
    """The readings of ``game`` (a configured Game): ``readings`` as ``{name: {option: value}}``
    (an empty dict: the rules as set, compared with themselves), else every value of every
    ambiguity option (``only``: option and parameter names) other than the one in force, and
    with ``params`` each parameter one step either side of its value (:func:`param_steps`).
    A key of ``readings`` may be ``{"params": {NAME: v}}`` to set parameters."""
    from .review import _label, ambiguity_options
    from .review import readings as values_of
    settings = game.settings()
    gid = game.game_type.id
    labels = {}
    if readings is None:
        readings = {}
        for option in ambiguity_options(gid):
            if only is not None and option.name not in only:
                continue
            for value in values_of(option, game):
                readings[f"{option.name}={value}"] = {option.name: value}
                labels[f"{option.name}={value}"] = _label(option, value)
        if params or (only is not None and any(p.name in only for p in game.game_type.params)):
            for name, pv in param_steps(game, only).items():
                par = game.game_type.param(next(iter(pv)))
                readings[name] = {"params": pv}
                labels[name] = f"{name} [{par.clause}] {par.doc} (rulebook: {par.default})"
    out = []
    for name, opts in readings.items():
        opts = dict(opts)
        pv = dict(opts.pop("params", None) or {})
        r = Reading(name=name, options=opts, params=pv, label=labels.get(name, name))
        try:
            r.game = load_game(gid, players=settings["players"], preset=settings["preset"],
                               params={**settings.get("params", {}), **pv},
                               **{**settings["options"], **opts})
        except Exception as exc:   # a reading these settings refuse (an OptionError)
            r.error, r.open = str(exc), False
        out.append(r)
    return out


def _concat(frames):
    import pandas as pd
    df = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0].reset_index(drop=True)
    df.attrs = dict(frames[0].attrs)
    return df


def _values(df, measure: str):
    """Per game, the measure judged: the first player's edge, or the game length (plies)."""
    if measure == "win":
        return first_edge(df)
    return df["plies"].to_numpy(dtype=float)


def _diffs(df, base, measure: str):
    return _values(df, measure) - _values(base, measure)


def _scale(base, measure: str) -> float:
    """Units of a measure's verdict: points (x100) or % of the baseline's mean length."""
    return 100.0 if measure == "win" else 100.0 / float(base["plies"].mean())


def _span(base, measure: str) -> float:
    """The largest difference one game can make, in the verdict's units: a win is 100 points;
    a length difference is taken to be at most the longest baseline game (in % of the mean)."""
    if measure == "win":
        return 100.0
    return 100.0 * float(base["plies"].max()) / float(base["plies"].mean())


@dataclass
class Review:
    """The result of :func:`review_game`: ``settings`` (what was asked), ``baseline`` (the rules
    as set, every game played), ``games`` (every game of the review, one row each, with
    ``reading`` ("" for the baseline) and ``seed_set`` ("discovery" or "fresh")), ``verdicts``
    (one row per reading), ``header`` (the play-order and completion lines)."""

    settings: dict
    games: object
    verdicts: object
    header: list

    @property
    def baseline(self):
        g = self.games
        return g[(g["reading"] == "") & (g["seed_set"] == "discovery")].reset_index(drop=True)

    def lines(self) -> list[str]:
        """The printed review: the header, then one line per reading."""
        return self.header + [row for row in self.verdicts["line"]]

    def text(self) -> str:
        return "\n".join(self.lines())

    def to_parquet(self, path, keep: str = "all") -> None:
        """The games (``keep="all"``: every game; ``"baseline"``: the rules as set only, a
        smaller file) and the review's settings and verdicts (parquet metadata)."""
        import pyarrow as pa
        import pyarrow.parquet as pq
        if keep not in ("all", "baseline"):
            raise ValueError(f"keep must be all or baseline, got {keep!r}")
        games = self.games if keep == "all" else self.baseline.assign(reading="",
                                                                      seed_set="discovery")
        table = pa.Table.from_pandas(games.drop(columns=["seed"]).assign(
            seed=games["seed"].astype("int64")), preserve_index=False)
        meta = dict(table.schema.metadata or {})
        meta[b"racekit.review"] = json.dumps({
            "settings": self.settings, "header": self.header,
            "verdicts": json.loads(self.verdicts.to_json(orient="records"))}).encode()
        pq.write_table(table.replace_schema_metadata(meta), path)

    @classmethod
    def from_parquet(cls, path) -> "Review":
        """A review written by :meth:`to_parquet` (or ``racekit review --out``), without
        re-running it.

        Raises:
            ValueError: the file is not a racekit review.
        """
        import pandas as pd
        import pyarrow.parquet as pq
        table = pq.read_table(path)
        raw = (table.schema.metadata or {}).get(b"racekit.review")
        if raw is None:
            raise ValueError(f"{path}: not a racekit review (no racekit.review metadata)")
        meta = json.loads(raw)
        games = table.to_pandas()
        games["seed"] = pd.Series([int(s) for s in games["seed"]], dtype=object)
        games.attrs.update({"review": meta["settings"]})
        verdicts = pd.DataFrame(meta["verdicts"])
        review = cls(meta["settings"], games, verdicts, meta["header"])
        review._render()
        return review

    def _unavailable(self, row) -> str:
        """A reading these settings refuse, said again from its English error (the ``error``
        column; a review written before it had one: read from its stored English line)."""
        error = row.get("error")
        if not isinstance(error, str):
            head = f"{row['reading']} not available in these settings: "
            if not str(row["line"]).startswith(head):
                return row["line"]
            error = str(row["line"])[len(head):]
        return T("unavailable", name=row["reading"],
                 error=message_text(error, game_id=self.settings["game"]))

    def _render(self) -> None:
        """The printed lines again from the stored numbers (today's wording, the same numbers)."""
        st = self.settings
        bounds = {"win": st["threshold"], "length": st["length_threshold"]}
        if "win_state" in self.verdicts:
            self.verdicts["line"] = [
                _line(row["reading"], json.loads(row["win_state"]), json.loads(row["length_state"]),
                      bounds) if isinstance(row.get("win_state"), str) else self._unavailable(row)
                for _, row in self.verdicts.iterrows()]
        game = load_game(st["game"], preset=st["preset"], players=st["players"],
                         params=st.get("params") or None, **st["options"])
        base = self.baseline
        base.attrs.update({"agents": st["agents"]})
        self.header = _header(game, base, st["seed"], st["agents"], st["threshold"],
                              st["length_threshold"], st["budget"], st["alpha"], st["verdicts"],
                              st["rounds"], st["level"], st.get("ahead", 1))


def review_game(game_id: str, preset: str | None = None, players: int | None = None,
                options: dict | None = None, readings: dict | None = None, only=None,
                agents="random", seed: int = 0, threshold: float = THRESHOLD,
                length_threshold: float = LENGTH_THRESHOLD, budget: int = BUDGET,
                first_round: int = FIRST_ROUND, baseline: int = BASELINE, alpha: float = ALPHA,
                executor=None, workers: int | None = None, progress: bool = True,
                chunk: int = 32, engine: str = "auto", quality: int = QUALITY,
                engine_budget: int | None = None, timings: dict | None = None,
                params: dict | None = None, param_readings: bool = False) -> Review:
    """Review one game's settings: play order, completion, and a verdict per reading.

    Args:
        game_id, preset, players, options: the settings reviewed (the baseline).
        params: rule numbers away from the rulebook for the whole review (house rules,
            ``{NAME: value}``; as :func:`racekit.load_game`).
        readings: ``{name: {option: value}}`` to compare with the baseline (default: every
            reading of every ambiguity option; ``only``: option or parameter names); a
            reading's ``"params"`` key sets parameters (``{"params": {"lead": 2}}``).
        param_readings: add each parameter one step either side of its value as readings
            (``NAME=v``; :func:`param_steps`); a parameter named in ``only`` is always read.
        agents: one agent for every seat, or one per seat: names or custom agents (as
            :func:`racekit.simulate`: played by the rules engine, a lambda in this process).
        seed: the simulation seed (game ``i`` of every reading uses ``game_seed(seed, i)``;
            the fresh confirmation games use the seed ``game_seed(seed, -1)``).
        threshold: win-rate threshold in percentage points; ``length_threshold`` in %.
        budget: most paired games per reading; ``first_round``: the first round's games.
        baseline: least games of the baseline, for the first-player line (it plays
            :data:`AHEAD` times the games of the last round played, when that is more).
        alpha: the chance of any wrong claim in the review (Holm's correction).
        executor, workers, chunk, engine: where and how to play (as :func:`racekit.simulate`).
            Without an executor and with more than one worker (named agents), the review keeps
            one pool of worker processes for all its rounds, and replays the quality sample
            there while the rounds play.
        progress: a progress bar per round.
        quality: baseline games whose lead changes, decisiveness and comebacks are measured
            (:mod:`racekit.sim.quality`) and whose event places are counted for the heatmap
            (:mod:`racekit.sim.heatmap`; 0: none).
        engine_budget: most paired games of a reading no fast kernel plays (the rules engine
            is many times slower); default ``budget``.
        timings: a dict to which this process's wall and CPU seconds per phase are added,
            ``{phase: [wall, cpu]}``: ``play`` (handing games out and waiting for them,
            the kernel check included), ``stats`` (intervals, confirmation, Holm),
            ``quality`` (lead measures and heatmap places, replayed on the engine) and
            ``tables`` (the header and the games' table); ``racekit bench --review``.

    Returns:
        :class:`Review`.

    Raises:
        ValueError: a budget below the first round, a threshold not above 0, bad agents.
        racekit.OptionError, racekit.UnknownGameError: bad settings.
    """
    args = dict(locals())
    from .simulate import game_seed, simulate_many
    from .stats import holm
    seats0 = agents if isinstance(agents, (list, tuple)) else [agents]
    if executor is None and workers != 1 and all(isinstance(a, str) for a in seats0):
        import concurrent.futures as cf
        import os
        n = workers or os.cpu_count() or 1
        if n > 1:   # one pool for every round (starting workers costs seconds each time)
            with cf.ProcessPoolExecutor(max_workers=n) as pool:
                return review_game(**{**args, "executor": pool})
    if not threshold > 0 or not length_threshold > 0:
        raise ValueError("thresholds must be above 0")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie between 0 and 1, got {alpha}")
    budget, first_round, baseline = int(budget), int(first_round), int(baseline)
    sizes = looks(first_round, budget)
    game = load_game(game_id, preset=preset, players=players, params=params, **(options or {}))
    specs = reading_list(game, readings, only, params=param_readings)
    live = [r for r in specs if r.error is None]
    from .kernels import kernel_for
    from .simulate import _agents_tuple
    n_verdicts = len(MEASURES) * len(live)
    for r in live:
        r.engine = kernel_for(r.game, _agents_tuple(r.game, agents))[0] is None
        r.budget = min(budget, int(engine_budget)) if r.engine and engine_budget else budget
        # the reading's own rounds (a smaller budget: fewer), its error spent over them
        mine = sorted({min(size, r.budget) for size in sizes})
        r.spend = dict(zip(mine, zip(spending(mine), round_levels(mine, n_verdicts, alpha))))
    level = round_levels(sizes, n_verdicts, alpha)[-1]   # the last round's, for the header
    bounds = {"win": threshold, "length": length_threshold}
    common = dict(seed=seed, agents=agents)
    kw = dict(workers=workers, chunk=chunk, events=False, engine=engine)
    base_frames: list = []
    base_n = 0
    pending = None   # the quality sample, replayed in a worker

    clock = _Clock(timings)

    def play(jobs, desc):
        if not jobs:
            return []
        with clock("play"):
            return simulate_many(jobs, executor, progress=progress, **kw)

    for k, size in enumerate(sizes):
        for r in live:
            if r.open and r.n >= r.budget:
                r.open = False
        active = [r for r in live if r.open]
        want_base = AHEAD * size if active else 0
        if k == 0 and not active:
            want_base = baseline
        jobs, who = [], []
        if want_base > base_n:
            jobs.append(dict(game=game, n_games=want_base - base_n, first=base_n, **common))
            who.append(None)
        for r in active:
            jobs.append(dict(game=r.game, n_games=min(size, r.budget) - r.n, first=r.n, **common))
            who.append(r)
        for r, df in zip(who, play(jobs, f"round {k + 1}")):
            if r is None:
                base_frames.append(df)
                base_n = want_base
            else:
                r.frames.append(df)
                r.n = min(size, r.budget)
        if pending is None and quality and executor is not None and base_n >= quality and \
                all(isinstance(a, str) for a in seats0):   # replayed in a worker meanwhile
            head = _concat(base_frames).head(quality)
            pending = executor.submit(_quality_job, game_id, game.settings(), head, quality,
                                      _agents_tuple(game, agents))
        if not active:
            break
        with clock("stats"):
            base = _concat(base_frames)
            from .stats import controlled
            scales = {m: _scale(base, m) for m in MEASURES}   # the baseline's, once a round
            spans = {m: _span(base, m) for m in MEASURES}
            xs = {m: _values(base, m) * scales[m] for m in MEASURES}
            for r in active:
                df = _concat(r.frames)
                weight, lvl = r.spend[r.n]
                for m in MEASURES:
                    st = r.state.setdefault(m, {"kind": None})
                    if st["kind"] is not None:
                        continue
                    y, x = _values(df, m) * scales[m], xs[m]
                    ci = controlled(y, x[:r.n], x[r.n:], lvl)
                    kind, ci = judge(y - x[:r.n], bounds[m], lvl, spans[m], ci=ci)
                    st.update(n=r.n, mean=ci["mean"], low=ci["low"], high=ci["high"], half=ci["half"],
                              changed=ci["changed"])
                    if kind is not None:
                        st["kind"] = kind
                        st["p"] = min(1.0, ci["p_same"] / weight) if kind == "same" else None
                if all(r.state[m]["kind"] is not None for m in MEASURES) or r.n >= r.budget:
                    r.open = False
    if base_n < baseline:   # the first-player line's games
        df, = play([dict(game=game, n_games=baseline - base_n, first=base_n, **common)],
                   "baseline")
        base_frames.append(df)
        base_n = baseline

    # confirmation of every candidate change on a fresh seed set, as many games as it took
    fresh_seed = game_seed(seed, -1)
    candidates = [(r, m) for r in live for m in MEASURES
                  if r.state.get(m, {}).get("kind") == "candidate"]
    fresh: dict = {}
    if candidates:
        need = {}
        for r, m in candidates:   # twice the games that showed it: the first sight of a change
            need[r.name] = max(need.get(r.name, 0), FRESH * r.state[m]["n"])   # overstates it
        base_need = max(need.values())
        jobs = [dict(game=game, n_games=base_need, seed=fresh_seed, agents=agents)]
        named = [r for r in live if r.name in need]
        jobs += [dict(game=r.game, n_games=need[r.name], seed=fresh_seed, agents=agents)
                 for r in named]
        out = play(jobs, "fresh games")
        fresh[""] = out[0]
        for r, df in zip(named, out[1:]):
            fresh[r.name] = df
        with clock("stats"):
            for r, m in candidates:
                st = r.state[m]
                df = fresh[r.name]
                b = fresh[""].iloc[:len(df)]
                ci, p = confirm(_diffs(df, b, m) * _scale(b, m), st["mean"])
                st.update(fresh_n=len(df), fresh_mean=ci["mean"], fresh_low=ci["low"],
                          fresh_high=ci["high"], p=p)

    # Holm across every verdict of the review
    with clock("stats"):
        keys = [(r, m) for r in live for m in MEASURES]
        pvals = [r.state.get(m, {}).get("p") for r, m in keys]
        reject, adjusted = holm([1.0 if p is None else p for p in pvals], alpha)
        for (r, m), ok, padj in zip(keys, reject, adjusted):
            st = r.state.setdefault(m, {"kind": None})
            st["claim"] = st.get("kind") if ok else None
            st["p_holm"] = padj

    base = _concat(base_frames)
    heat = {}
    if quality:
        with clock("quality"):
            attrs = dict(base.attrs)
            if pending is not None:
                lead, heat = pending.result()
            else:
                seats = _agents_tuple(game, agents)   # custom agents themselves, not their labels
                lead, heat = _quality_sample(game, base, quality, seats)
            base = base.join(lead)
            base.attrs = attrs
    tables = clock("tables")
    tables.__enter__()
    header = _header(game, base, seed, agents, threshold, length_threshold, budget, alpha,
                     n_verdicts, len(sizes), level, AHEAD)
    import pandas as pd
    rows = [_verdict_row(r, bounds) for r in specs]
    verdicts = pd.DataFrame(rows)
    frames = [base.assign(reading="", seed_set="discovery")]
    frames += [_concat(r.frames).assign(reading=r.name, seed_set="discovery")
               for r in live if r.frames]
    frames += [df.assign(reading=name, seed_set="fresh") for name, df in fresh.items()]
    games = pd.concat(frames, ignore_index=True)
    games["seed"] = pd.Series([int(s) for s in games["seed"]], dtype=object)
    settings = {"game": game_id, "preset": game.preset, "players": game.num_players,
                "options": game.settings()["options"], "params": game.settings().get("params", {}),
                "agents": list(base.attrs.get("agents", [])),
                "seed": seed, "threshold": threshold, "length_threshold": length_threshold,
                "budget": budget, "first_round": first_round, "alpha": alpha, "method": METHOD,
                "verdicts": n_verdicts, "rounds": len(sizes), "level": level,
                "readings": {r.name: {**r.options, **({"params": r.params} if r.params else {})}
                             for r in specs}, "heat": heat, "param_readings": bool(param_readings),
                "engine_budget": engine_budget,
                "engine_readings": [r.name for r in live if r.engine], "ahead": AHEAD}
    games.attrs.update({"review": settings})
    tables.__exit__(None, None, None)
    return Review(settings, games, verdicts, header)


def _quality_sample(game, base, quality: int, seats):
    """The lead measures (:func:`racekit.sim.quality.lead_sample`) and heatmap places
    (:func:`racekit.sim.heatmap.event_places`) of the first ``quality`` games of ``base``."""
    from .heatmap import event_places
    from .quality import lead_sample
    return (lead_sample(game, base, quality, agents=seats),
            event_places(game, base, quality, agents=seats))


def _quality_job(game_id: str, settings: dict, head, quality: int, seats):
    """:func:`_quality_sample` in a worker process: the game rebuilt from its settings."""
    game = load_game(game_id, players=settings["players"], preset=settings["preset"],
                     params=settings.get("params") or None, **settings["options"])
    return _quality_sample(game, head, quality, seats)


class _Clock:
    """``clock(phase)``: a context that adds its wall and CPU seconds (this process's) to
    ``timings[phase]`` as ``[wall, cpu]``; does nothing when ``timings`` is ``None``."""

    def __init__(self, timings: dict | None):
        self.timings = timings

    def __call__(self, phase: str):
        return _Tick(self.timings, phase)


class _Tick:
    def __init__(self, timings, phase):
        self.timings, self.phase = timings, phase

    def __enter__(self):
        import time
        if self.timings is not None:
            self.t = (time.perf_counter(), time.process_time())
        return self

    def __exit__(self, *exc):
        import time
        if self.timings is not None:
            wall, cpu = self.timings.setdefault(self.phase, [0.0, 0.0])
            self.timings[self.phase] = [wall + time.perf_counter() - self.t[0],
                                        cpu + time.process_time() - self.t[1]]
        return False


def _level(level: float) -> str:
    """``0.99996`` -> ``"99.996"``: enough decimals to tell the level from 100%."""
    digits = max(1, math.ceil(-math.log10(1 - level)) - 2) if level < 1 else 3
    return f"{100 * level:.{digits}f}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _header(game, base, seed, agents, threshold, length_threshold, budget, alpha, n_verdicts,
            rounds, level, ahead: int = AHEAD) -> list[str]:
    from ..core.i18n import seat_name
    from . import playorder
    from .playouts import settings_label
    from .simulate import completion_table, position_table
    lines = [T("head", label=settings_label(game),
               agents="+".join(base.attrs.get("agents", [agents])), seed=seed, games=len(base))]
    fixed = playorder.fixed_start(game)
    has_order = playorder.hooks(game) is not None
    pos = position_table(base)
    first = pos.loc[1]
    what = T("first_player") if has_order else T("first_seat", seat=seat_name(game.seat_names[0]))
    lines.append(T("first", what=what, rate=_pct(first.win_rate), lo=_pct(first.ci_low),
                   hi=_pct(first.ci_high), fair=_pct(first.fair_share),
                   all=_pct(first.win_rate_all)))
    if fixed:
        lines.append(T("fixed", fixed=fixed))
    elif not has_order:
        lines.append(T("no_order"))
    sep = T("sep")
    lines.append(T("by_order", parts=sep.join(
        T("by_order_part", p=p, rate=_pct(r.win_rate), lo=_pct(r.ci_low), hi=_pct(r.ci_high))
        for p, r in pos.iterrows())))
    comp = completion_table(base)
    lines.append(T("completion", parts=sep.join(
        T("completion_part", share=_pct(r.share), kind=kind) for kind, r in comp.iterrows())))
    from .quality import quality_table
    q = quality_table(base)
    parts = [T("q_length", plies=q.loc['duration (plies)', 'value'],
               spread=q.loc['duration spread', 'value']),
             T("q_shared", share=_pct(q.loc['drawishness', 'value']))]
    if "lead changes" in q.index:
        parts.append(T("q_lead", lead=q.loc['lead changes', 'value']))
    if "decisiveness" in q.index:
        parts += [T("q_decisive", share=_pct(q.loc['decisiveness', 'value'])),
                  T("q_comeback", share=_pct(q.loc['comeback rate', 'value']))]
    lines.append(T("quality", parts=sep.join(parts),
                   replayed=T("q_replayed", games=int(q.loc['lead changes', 'games']))
                   if "lead changes" in q.index else ""))
    lines.append(T("holm", method=METHOD, alpha=100 * alpha,
                   verdicts=n_verdicts, threshold=threshold, length=length_threshold,
                   rounds=rounds, budget=budget, level=_level(level),
                   ahead=T("holm_ahead", ahead=ahead) if ahead > 1 else ""))
    return lines


def _words(st: dict, measure: str, bound: float) -> str:
    """A verdict in words; the win rate's names its measure, the length's follows "game length:".
    A confirmed change also says where its fresh interval lies against ±``bound``: beyond it,
    within it (a real change the designer counts as none), or across it."""
    unit = T("unit_points") if measure == "win" else T("unit_pct")
    claim = st.get("claim")
    if claim == "candidate":
        lo, hi = st['fresh_low'], st['fresh_high']
        # where the confirmed change lies against the designer's ±bound (the "no change" line)
        size = "beyond" if lo > bound or hi < -bound else \
            "within" if -bound < lo and hi < bound else "maybe"
        return T(f"changes_{measure}", mean=st['fresh_mean'], unit=unit, lo=lo, hi=hi,
                 n=st['fresh_n'], size=T(f"size_{size}", bound=bound, unit=unit))
    if claim == "same":
        return T(f"same_{measure}", bound=bound, unit=unit, mean=st['mean'], lo=st['low'],
                 hi=st['high'], n=st['n'])
    few = st.get("changed")
    few = T("few", changed=few) if few is not None and few < MIN_CHANGED else ""
    text = T(f"unsure_{measure}", half=st.get('half', math.inf), unit=unit, n=st.get("n", 0),
             few=few)
    if st.get("kind") == "candidate":
        text += T("unconfirmed", mean=st['mean'], unit=unit, fresh=st.get('fresh_mean', 0))
    return text


def _verdict_row(r: Reading, bounds: dict) -> dict:
    gid = r.game.game_type.id if r.game is not None else None
    row = {"reading": r.name, "label": r.label, "options": json.dumps(r.options, sort_keys=True),
           "params": json.dumps(r.params, sort_keys=True)}
    if r.error is not None:
        row.update(line=T("unavailable", name=r.name, error=message_text(r.error, game_id=gid)),
                   games=0, error=r.error)
        return row
    win, length = r.state.get("win", {}), r.state.get("length", {})
    row.update(games=r.n)
    for m, st in (("win", win), ("length", length)):
        claim = st.get("claim")
        row[f"{m}_verdict"] = {"candidate": "changes", "same": "no change beyond"}.get(
            claim, "not enough games")
        for key in ("mean", "low", "high", "half", "fresh_n", "fresh_mean", "fresh_low",
                    "fresh_high", "p_holm"):
            row[f"{m}_{key}"] = st.get(key)
        row[f"{m}_state"] = json.dumps(st, sort_keys=True)
    row["line"] = _line(r.name, win, length, bounds)
    return row


def _line(name: str, win: dict, length: dict, bounds: dict) -> str:
    """A reading's printed line: its name, then the win-rate verdict, then the length's."""
    return T("line", name=name, win=_words(win, 'win', bounds['win']),
             length=_words(length, 'length', bounds['length']))


def sweep(game_id: str, grid: dict, n_games: int = 1000, preset: str | None = None,
          players: int | None = None, options: dict | None = None, agents="random",
          seed: int = 0, executor=None, workers: int | None = None, progress: bool = True,
          chunk: int = 32, events: bool = False, params: dict | None = None,
          param_grid: dict | None = None):
    """Play every combination of the option values in ``grid`` (``{option: [values]}``) and
    the parameter values in ``param_grid`` (``{NAME: [values]}``) on the same seeds; one
    table, a row per game, with a ``combo`` column (``a=1,b=x,NAME=3``), the option values in
    the ``options`` column and each swept parameter's value in a column of its own name
    (``params``: house rules for every combination). ``df.attrs["sweep"]`` keeps the settings.

    Raises:
        racekit.OptionError: an unknown option or parameter, a value out of bounds.
        ValueError: an empty grid, a name swept both as option and parameter."""
    import itertools

    import pandas as pd

    from .simulate import simulate_many
    grid, param_grid = dict(grid or {}), dict(param_grid or {})
    if not grid and not param_grid:
        raise ValueError("sweep wants at least one option or parameter with values")
    both = set(grid) & set(param_grid)
    if both:
        raise ValueError(f"{sorted(both)[0]} is swept both as an option and as a parameter")
    game0 = load_game(game_id, preset=preset, players=players, params=params, **(options or {}))
    for name, values in param_grid.items():   # checked, typed values (ints stay ints)
        par = game0.game_type.param(name)
        param_grid[name] = [par.validate(v) for v in values]
    names = list(grid) + list(param_grid)
    allv = {**grid, **param_grid}
    combos = [dict(zip(names, values)) for values in itertools.product(*(allv[n] for n in names))]
    house = dict(params or {})
    jobs = []
    for c in combos:
        job = dict(game=game_id, n_games=n_games, preset=preset, players=players,
                   options={**(options or {}), **{k: v for k, v in c.items() if k in grid}},
                   agents=agents, seed=seed)
        pv = {**house, **{k: v for k, v in c.items() if k in param_grid}}
        if pv:
            job["params"] = pv
        jobs.append(job)
    frames = simulate_many(jobs, executor, workers=workers, progress=progress, chunk=chunk,
                           events=events)
    out = pd.concat([df.assign(combo=",".join(f"{k}={v}" for k, v in c.items()),
                               **{k: c[k] for k in param_grid})
                     for df, c in zip(frames, combos)], ignore_index=True)
    out["seed"] = pd.Series([int(s) for s in out["seed"]], dtype=object)
    out.attrs.update({"sweep": {"game": game_id, "grid": {k: [str(v) for v in vs] for k, vs in grid.items()},
                                "param_grid": {k: list(vs) for k, vs in param_grid.items()},
                                "params": game0.settings().get("params", {}),
                                "n_games": n_games, "preset": frames[0]["preset"].iloc[0],
                                "agents": frames[0].attrs.get("agents"), "seed": seed}})
    return out


# ----- pictures ------------------------------------------------------------------------

def plot_positions(df, ax=None, title: str | None = None, by: str = "order"):
    """Win rate by play-order position among finished games (``by="order"``), or by seat colour
    over all games (``by="colour"``): bars, 95% Wilson intervals, and the fair share (dashed
    line).

    Raises:
        ValueError: ``by`` is neither ``"order"`` nor ``"colour"``.
    """
    import matplotlib.pyplot as plt

    from .simulate import position_table, seat_table
    if by not in ("order", "colour"):
        raise ValueError(f"by must be order or colour, got {by!r}")
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    if by == "order":
        table = position_table(df)
        names = [f"{p}." for p in table.index]
        colour, edge = "#fdd0a2", "#e6550d"
        ax.set_xlabel(T("plot.order_x"))
        ax.set_ylabel(T("plot.order_y"))
    else:
        table = seat_table(df)
        from ..core.i18n import seat_names
        names = seat_names(table["name"].tolist())
        colour, edge = "#9ecae1", "#3182bd"
        ax.set_ylabel(T("plot.colour_y"))
    x = list(range(len(table)))
    rates = table["win_rate"].tolist()
    err = [[r - lo for r, lo in zip(rates, table["ci_low"])],
           [hi - r for r, hi in zip(rates, table["ci_high"])]]
    ax.bar(x, rates, color=colour, edgecolor=edge)
    ax.errorbar(x, rates, yerr=err, fmt="none", ecolor="black", capsize=4)
    ax.axhline(table["fair_share"].iloc[0], color="#d62728", linestyle="--", label=T("plot.fair_share"))
    ax.set_xticks(x, names)
    ax.set_ylim(0, min(1.0, max(table["ci_high"]) * 1.25 + 0.02))
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(title or T("plot.positions_title", game=df['game'].iloc[0],
                                    preset=df['preset'].iloc[0], games=len(df)),
                 fontsize=10)
    return ax


_COLOURS = {"changes": "#d62728", "no change beyond": "#2ca02c", "not enough games": "#7f7f7f"}


def plot_verdicts(verdicts, threshold: float = THRESHOLD, length_threshold: float = LENGTH_THRESHOLD,
                  title: str = ""):
    """Every reading's verdicts: the first player's win-rate change (left, points) and the
    game-length change (right, %), with the interval each verdict rests on (the fresh games'
    for a confirmed change), coloured by verdict; the thresholds shaded. Returns the Figure
    (``None`` when no reading was judged)."""
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    rows = verdicts[verdicts["games"] > 0].reset_index(drop=True) if "games" in verdicts else verdicts
    if not len(rows):
        return None
    fig, axes = plt.subplots(1, 2, figsize=(11, 0.28 * len(rows) + 1.4), sharey=True)
    y = list(range(len(rows)))
    for ax, m, bound, unit in ((axes[0], "win", threshold, T("plot.points")),
                               (axes[1], "length", length_threshold, "%")):
        ax.axvspan(-bound, bound, color="#e5f5e0", zorder=0)
        ax.axvline(0, color="grey", lw=0.8)
        for i, row in rows.iterrows():
            kind = row[f"{m}_verdict"]
            fresh = kind == "changes"
            mean = row[f"{m}_fresh_mean"] if fresh else row[f"{m}_mean"]
            lo = row[f"{m}_fresh_low"] if fresh else row[f"{m}_low"]
            hi = row[f"{m}_fresh_high"] if fresh else row[f"{m}_high"]
            if mean is None or mean != mean:
                continue
            # max(0, ..): the stored verdicts keep 10 digits, so a no-change interval of
            # rounding noise (1e-16 wide) may end on the wrong side of its mean
            ax.errorbar([mean], [i], xerr=[[max(0.0, mean - lo)], [max(0.0, hi - mean)]], fmt="o",
                        capsize=3,
                        color=_COLOURS[kind])
        ax.set_xlabel(T("plot.edge_change" if m == "win" else "plot.length_change", unit=unit))
    axes[0].set_yticks(y, rows["reading"].tolist(), fontsize=7)
    axes[0].invert_yaxis()
    handles = [Line2D([], [], color=c, marker="o", ls="", label=T(f"words.verdict.{k}"))
               for k, c in _COLOURS.items()]
    axes[1].legend(handles=handles, loc="lower right", fontsize=7)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


def stored_reviews(folder=None) -> dict:
    """The reviews written by ``racekit review --all`` (default folder: the checkout's
    ``notebooks/review/``), ``{"game (preset)": Review}`` in file-name order."""
    from pathlib import Path
    if folder is None:
        from ..paths import checkout_folder
        folder = checkout_folder("notebooks/review")
    out = {}
    for path in sorted(Path(folder).glob("*.parquet")):
        review = Review.from_parquet(path)
        out[f"{review.settings['game']} ({review.settings['preset']})"] = review
    return out
