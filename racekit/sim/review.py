"""Designer review helpers: seat pictures, the scenario sweep, and the first-look impact tables.

The verdicts a designer acts on come from :func:`racekit.sim.designer.review_game` (paired games
in rounds until each verdict is decided, confirmed on fresh games, Holm's correction across the
review); :func:`impact_table` here is a fixed-size first look whose intervals are not corrected
for picking among many readings.

Used by ``notebooks/designer_review.ipynb``; every number comes from
:func:`racekit.simulate` (so a row replays exactly) or from the shipped scenarios.

* :func:`seat_table` / :func:`plot_seats`: win rate per seat with its 95% Wilson
  interval against the fair share.
* :func:`plot_lengths`: the distribution of game length (plies).
* :func:`scenario_sweep`: every shipped scenario run under every value of every
  ambiguity option (XX-AMB-nn); which ones change outcome (pass <-> fail).
* :func:`impact_table`: a simulation per option value, the change of each seat's
  win rate and of the mean game length against the default, with 95% intervals,
  and a verdict in plain words computed from them.
"""
from __future__ import annotations

import math
import re
from statistics import NormalDist

from ..core.game import game_class, load_game
from .kernels import kernel_for
from .simulate import _agents_tuple as _agents
from .simulate import seat_table, simulate  # noqa: F401  (seat_table re-exported)

Z95 = 1.959963984540054
JUDGE_SEATS = 20
"""Fewer paired games than this: a verdict does not judge the seats' win rates."""


def _t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t for ``df`` degrees of freedom (scipy)."""
    if df < 1:
        return math.inf
    from scipy.stats import t
    return float(t.ppf(0.975, df))


_AMB = re.compile(r"^[A-Z]+-AMB-\d+$")


def ambiguity_options(game_id: str) -> list:
    """The options that settle a rule ambiguity (an ``XX-AMB-nn`` clause) with a fixed list of
    readings. Open-ended options (a board or track file) are left out: they change the course,
    not a reading of the rules."""
    gt = game_class(game_id).game_type
    return [o for o in gt.options
            if o.choices and o.check is None and any(_AMB.match(c) for c in o.clauses)]


def open_options(game_id: str) -> list:
    """The ambiguity options :func:`ambiguity_options` leaves out: a content file (board,
    track, card set, deck…) or an open value (a number), which have no list of readings."""
    chosen = {o.name for o in ambiguity_options(game_id)}
    return [o for o in game_class(game_id).game_type.options
            if o.name not in chosen and any(_AMB.match(c) for c in o.clauses)]


def readings(option, game=None) -> list:
    """The values of ``option`` other than the one in force.

    ``game``: a configured Game; its own value of the option (the preset's, say) is
    left out. Without it, the option's default is left out (``"preset"``, the alias
    of a preset's value, always is).
    """
    if game is None:
        return [v for v in option.choices if v != option.default and v != "preset"]
    current = game.options.get(option.name, option.default)
    return [v for v in option.choices if v != current and v != "preset"]


def decisions(game_id: str, presets=None) -> list[str]:
    """The decision in force for every rule ambiguity of ``game_id``, one line each.

    Each line names the ambiguity, the option value in force under each preset
    (``presets``: names, default every preset of the game) and the decision in our
    own words (the ``decision`` of the game's clause file, as ``racekit rules`` shows
    it): what every reading in the impact tables is compared with.
    """
    from ..core.clauses import load_clauses
    gt = game_class(game_id).game_type
    presets = list(presets or [p.name for p in gt.presets] or [None])
    games = [load_game(game_id, preset=p) for p in presets]
    lines = []
    for amb in load_clauses(game_id).ambiguities:
        if amb.option and amb.option in games[0].options:
            values = [g.options.get(amb.option) for g in games]
            if len({repr(v) for v in values}) == 1:
                setting = f"{amb.option}={values[0]}"
            else:
                setting = ", ".join(f"{amb.option}={v} ({g.preset})" for v, g in zip(values, games))
            lines.append(f"{amb.id} {setting}: {amb.decision}")
        else:
            lines.append(f"{amb.id} (no option): {amb.decision}")
    return lines


def amb_ids(option) -> str:
    return ", ".join(c for c in option.clauses if _AMB.match(c))


def topic(option) -> str:
    """What the option is about, in a few words: its description up to the first stop."""
    return re.split(r"[.(:;]", option.doc)[0].strip().rstrip("?")


def _label(option, value) -> str:
    return f"{option.name}={value} ({amb_ids(option)}: {topic(option)})"


# ----- pictures ------------------------------------------------------------------------

def plot_seats(df, ax=None, title: str | None = None):
    """Win rate per seat (bars) with 95% Wilson intervals and the fair share (dashed line)."""
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    table = seat_table(df)
    x = list(range(len(table)))
    rates = table["win_rate"].tolist()
    err = [[r - lo for r, lo in zip(rates, table["ci_low"])],
           [hi - r for r, hi in zip(rates, table["ci_high"])]]
    ax.bar(x, rates, color="#9ecae1", edgecolor="#3182bd")
    ax.errorbar(x, rates, yerr=err, fmt="none", ecolor="black", capsize=4)
    ax.axhline(table["fair_share"].iloc[0], color="#d62728", linestyle="--", label="fair share")
    ax.set_xticks(x, table["name"].tolist())
    ax.set_ylabel("win rate")
    ax.set_ylim(0, min(1.0, max(table["ci_high"]) * 1.25 + 0.02))
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(title or f"{df['game'].iloc[0]} ({df['preset'].iloc[0]}): {len(df)} games",
                 fontsize=10)
    return ax


def plot_lengths(df, ax=None, title: str | None = None):
    """Histogram of game length in plies, with the median marked."""
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    plies = df["plies"]
    ax.hist(plies, bins=30, color="#a1d99b", edgecolor="#31a354")
    ax.axvline(plies.median(), color="black", linestyle=":", label=f"median {plies.median():.0f}")
    ax.set_xlabel("plies per game")
    ax.set_ylabel("games")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(title or f"{df['game'].iloc[0]} ({df['preset'].iloc[0]}): game length",
                 fontsize=10)
    return ax


def plot_readings(table, title: str = ""):
    """Each reading that changes the games: the first seat's win-rate change (left) and the
    game-length change in % (right), with 95% intervals, in the table's order from the top.

    A reading measured on fewer than :data:`JUDGE_SEATS` games gets no win-rate point
    (too few games to judge), only its length change. Returns the Figure (None when no
    reading changes the games).
    """
    import matplotlib.pyplot as plt
    moved = table[table["effect"] == True].reset_index(drop=True)  # noqa: E712
    if not len(moved):
        return None
    labels = [f"{o}={v}" for o, v in zip(moved["option"], moved["value"])]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.3 * len(moved) + 1.3), sharey=True)
    y = list(range(len(moved)))
    judged = moved["games"] >= JUDGE_SEATS
    rows = moved[judged]
    left.errorbar(rows["first_change"], [y[i] for i in rows.index],
                  xerr=[rows["first_change"] - rows["first_low"],
                        rows["first_high"] - rows["first_change"]], fmt="o", capsize=3)
    for i in moved.index[~judged]:
        left.text(0, y[i], f"{moved['games'][i]} games: not judged", ha="center", va="center",
                  fontsize=7, color="grey")
    left.axvline(0, color="grey", lw=0.8)
    left.set_xlim(-100, 100)
    left.set_yticks(y, labels, fontsize=8)
    left.set_xlabel("first seat's win rate change (points)")
    scale = 100 / moved["base_plies"]
    right.errorbar(moved["plies_change_pct"], y,
                   xerr=[(moved["plies_change"] - moved["plies_low"]) * scale,
                         (moved["plies_high"] - moved["plies_change"]) * scale],
                   fmt="o", color="#31a354", capsize=3)
    right.axvline(0, color="grey", lw=0.8)
    right.set_xlabel("game length change (%)")
    left.invert_yaxis()
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


# ----- scenarios under every reading ----------------------------------------------------

def _sweep_one(path: str, tried: list) -> list[dict]:
    """Run one scenario under its own options, then under each (option, value) of ``tried``."""
    from ..core.errors import FileFormatError, OptionError, RacekitError
    from ..core.scenarios import load_scenario, run_scenario
    loaded = load_scenario(path)
    scenario = loaded[0]
    base = run_scenario(path, loaded=loaded)
    in_force = base.before.game.options if base.before is not None else scenario.options
    rows = []
    for name, value in tried:
        if in_force.get(name) == value:
            continue                                   # the scenario already uses this reading
        row = {"scenario": scenario.id, "option": name, "value": value, "passes_as_shipped": base.passed}
        try:
            result = run_scenario(path, options={name: value}, loaded=loaded)
        except (OptionError, FileFormatError) as exc:
            row.update(passes=None, changed=False, detail=f"not applicable: {exc}")
        except RacekitError as exc:
            row.update(passes=False, changed=base.passed, detail=str(exc))
        else:
            row.update(passes=result.passed, changed=result.passed != base.passed,
                       detail=result.failures[0] if result.failures else "")
        rows.append(row)
    return rows


def scenario_sweep(game_id: str, executor=None, only=None):
    """Every shipped scenario of ``game_id`` under every reading of every ambiguity option
    (every value other than the one the scenario plays under).

    Returns a DataFrame, one row per (scenario, option, value): ``passes_as_shipped``,
    ``passes`` (None: the reading does not apply, e.g. a tournament-only seat count),
    ``changed`` (the verdict flips) and ``detail`` (the first failed check).
    ``only``: option names to try (default: every ambiguity option).
    """
    return scenario_sweeps([game_id], executor, only)[game_id]


class _Pending:
    """Sweeps handed to an executor; :meth:`result` waits for them and builds the tables."""

    def __init__(self, game_ids, tasks, parts):
        self._game_ids, self._tasks, self._parts = list(game_ids), tasks, parts

    def result(self) -> dict:
        import pandas as pd
        out = {gid: [] for gid in self._game_ids}
        for (gid, _, _), part in zip(self._tasks, self._parts):
            out[gid] += part.result() if hasattr(part, "result") else part
        return {gid: pd.DataFrame(rows) for gid, rows in out.items()}


def scenario_sweeps(game_ids, executor=None, only=None, wait: bool = True):
    """:func:`scenario_sweep` for several games in one executor call (one task a scenario
    file, so the workers stay busy across games); ``{game_id: DataFrame}``.

    ``wait=False`` (with an executor) returns at once, with an object whose
    ``result()`` gives the tables: the workers sweep while this process does other
    work (draws plots, say).
    """
    from ..core.scenarios import scenario_paths
    tasks = []
    for gid in game_ids:
        tried = [(o.name, v) for o in ambiguity_options(gid) for v in o.choices
                 if v != "preset" and (only is None or o.name in only)]
        tasks += [(gid, str(p), tried) for p in scenario_paths(gid)]
    if executor is None:
        parts = [_sweep_one(path, tried) for _, path, tried in tasks]
    else:
        parts = [executor.submit(_sweep_one, path, tried) for _, path, tried in tasks]
    pending = _Pending(game_ids, tasks, parts)
    return pending if not wait and executor is not None else pending.result()


def flips_by_reading(sweep):
    """For each (option, value): the scenarios whose outcome changes, as one text line.

    Plain dicts, not a pandas group-by: one game's options mix values such as ``0``
    and ``False``, which a group-by on the value column would merge into one group.
    """
    out: dict = {}
    for name, value, changed, sid in zip(sweep["option"], sweep["value"], sweep["changed"],
                                         sweep["scenario"]):
        ids = out.setdefault((name, value), [])
        if changed:
            ids.append(sid)
    return {key: ", ".join(ids) for key, ids in out.items()}


def refused_by_reading(sweep) -> dict:
    """For each (option, value) some scenarios' settings refuse: how many scenarios."""
    out: dict = {}
    for name, value, passes in zip(sweep["option"], sweep["value"], sweep["passes"]):
        if passes is None or passes != passes:      # None, or NaN after a pandas round trip
            out[(name, value)] = out.get((name, value), 0) + 1
    return out


# ----- simulations under every reading ----------------------------------------------------

def _paired(a, b) -> tuple[float, float, float]:
    """Mean of the game-by-game differences ``a - b`` (same seeds) with a 95% interval.

    Games the reading leaves unchanged contribute a difference of zero, so a reading
    that comes up rarely gets a narrow interval; one that changes every game gets
    about the interval of two independent samples.
    """
    from .stats import paired
    ci = paired([float(x) - float(y) for x, y in zip(a, b)], 0.95)
    return ci["mean"], ci["low"], ci["high"]


def _outcomes(df) -> list:
    return list(zip(df["plies"].tolist(), df["ranking"].tolist()))


def impact_tables(studies: list, executor=None, workers: int | None = None, probe: int = 8,
                  chunk: int = 8, progress: bool = False, wait: bool = True):
    """:func:`impact_table` for several games or presets at once, in two executor calls.

    ``studies``: dicts with ``game`` (id) and optionally ``n_games`` (default 200),
    ``n_engine`` (games for a reading no fast kernel plays: the rules engine is
    slower, so fewer; default ``n_games``), ``seed``, ``agents``, ``preset``,
    ``players``, ``baseline`` (a DataFrame of
    :func:`racekit.simulate` with these settings and at least ``n_games`` rows, to
    reuse) and ``only`` (option names). The first call plays the missing baselines
    and the first ``probe`` games of every reading; the second plays the rest of the
    games of the readings whose probe games differ from the default's. Returns one
    table per study, in order. ``wait=False`` (with an executor) returns once the
    first call is handed over, with an object whose ``result()`` gives the tables.
    """
    from .simulate import simulate_many
    jobs, plan = [], []
    for st in studies:
        gid = st["game"]
        n = int(st.get("n_games", 200))
        n_engine = int(st.get("n_engine", n))
        common = dict(seed=st.get("seed", 0), agents=st.get("agents", "random"))
        game = load_game(gid, preset=st.get("preset"), players=st.get("players"))
        base = st.get("baseline")
        entry = {"game": game, "n": n, "base": base, "readings": [],
                 "common": common}
        if base is None:
            entry["base_job"] = len(jobs)
            jobs.append(dict(game=game, n_games=n, **common))
        elif len(base) < n:
            raise ValueError(f"the baseline of {gid} has {len(base)} games, fewer than {n}")
        for option in ambiguity_options(gid):
            if st.get("only") is not None and option.name not in st["only"]:
                continue
            for value in readings(option, game):
                r = {"option": option, "value": value, "game": None, "error": None}
                try:
                    settings = game.settings()
                    r["game"] = load_game(gid, players=settings["players"], preset=settings["preset"],
                                          **{**settings["options"], option.name: value})
                except Exception as exc:   # a reading these settings refuse (an OptionError)
                    r["error"] = exc
                else:
                    fast, _ = kernel_for(r["game"], _agents(r["game"], common["agents"]))
                    r["n"] = n if fast is not None else min(n, n_engine)
                    r["probe"] = min(probe, r["n"])
                    r["probe_job"] = len(jobs)
                    jobs.append(dict(game=r["game"], n_games=r["probe"], **common))
                entry["readings"].append(r)
        plan.append(entry)
    kw = dict(workers=workers, progress=progress, chunk=chunk, events=False)
    if not wait and executor is not None:
        pending = simulate_many(jobs, executor, wait=False, **kw) if jobs else None
        return _PendingImpact(lambda: _finish(plan, pending.result() if pending else [],
                                              executor, kw))
    return _finish(plan, simulate_many(jobs, executor, **kw) if jobs else [], executor, kw)


class _PendingImpact:
    def __init__(self, finish):
        self._finish = finish

    def result(self) -> list:
        """Wait for the first games, play the rest, and give the tables."""
        return self._finish()


def _finish(plan: list, first: list, executor, kw: dict) -> list:
    """The second call of :func:`impact_tables` and the tables."""
    from .simulate import simulate_many
    more = []
    for entry in plan:
        if entry["base"] is None:
            entry["base"] = first[entry["base_job"]]
        entry["base"] = entry["base"].iloc[:entry["n"]].reset_index(drop=True)
        for r in entry["readings"]:
            if r["error"] is not None:
                continue
            r["df"] = first[r["probe_job"]]
            r["differs"] = _outcomes(r["df"]) != _outcomes(entry["base"].iloc[:r["probe"]])
            if r["differs"] and r["probe"] < r["n"]:
                r["more_job"] = len(more)
                more.append(dict(game=r["game"], n_games=r["n"] - r["probe"],
                                 first=r["probe"], **entry["common"]))
    rest = simulate_many(more, executor, **kw) if more else []
    import pandas as pd
    tables = []
    for entry in plan:
        rows = []
        for r in entry["readings"]:
            df = r.get("df")
            if "more_job" in r:
                df = pd.concat([df, rest[r["more_job"]]], ignore_index=True)
                df.attrs = r["df"].attrs
            rows.append(_impact_row(entry, r, df))
        table = pd.DataFrame(rows)
        # counts stay whole numbers (a reading not available here has none: <NA>, not 40.0)
        for col in ("games", "changed"):
            if col in table:
                table[col] = table[col].astype("Int64")
        tables.append(table)
    return tables


def _impact_row(entry: dict, r: dict, df) -> dict:
    option, value, game = r["option"], r["value"], entry["game"]
    row = {"option": option.name, "value": value, "clauses": amb_ids(option)}
    if r["error"] is not None:
        row.update(effect=None, verdict=f"{option.name}={value}: not available here: {r['error']}")
        return row
    if not r["differs"]:
        row.update(effect=False, games=len(df), changed=0,
                   verdict=f"{option.name}={value}: no difference in {len(df)} sample games "
                           "(the reading does not come up in them)")
        return row
    base = entry["base"].iloc[:len(df)]
    names, seats = game.seat_names, game.num_players
    changes = [_paired(df[f"win_{s}"], base[f"win_{s}"]) for s in range(seats)]
    worst = max(range(seats), key=lambda s: abs(changes[s][0]))
    # The seat that moved most is picked after looking at every seat: its interval is
    # widened (Bonferroni over the seats), or some seat would look "outside" by chance
    # in about one reading in six with four seats.
    mean, low, high = changes[worst]
    widen = NormalDist().inv_cdf(1 - 0.025 / seats) / Z95
    edge = (mean, mean - widen * (mean - low), mean + widen * (high - mean))
    d_len = _paired(df["plies"], base["plies"])
    changed = sum(a != b for a, b in zip(_outcomes(df), _outcomes(base)))
    wins = [f"win_{s}" for s in range(seats)]
    same_winners = df[wins].reset_index(drop=True).equals(base[wins].reset_index(drop=True))
    row.update(effect=True, games=len(df), changed=changed, same_winners=same_winners,
               seat=names[worst],
               edge_change=100 * edge[0], edge_low=100 * edge[1], edge_high=100 * edge[2],
               first_change=100 * changes[0][0], first_low=100 * changes[0][1],
               first_high=100 * changes[0][2],
               plies_change=d_len[0], plies_low=d_len[1], plies_high=d_len[2],
               base_plies=base["plies"].mean(),
               plies_change_pct=100 * d_len[0] / base["plies"].mean())
    row["verdict"] = verdict(option, value, row, names[0])
    return row


def impact_table(game_id: str, n_games: int = 200, seed: int = 0, agents="random",
                 preset: str | None = None, players: int | None = None, probe: int = 8,
                 baseline=None, workers: int | None = None, chunk: int = 8, only=None,
                 executor=None, measure: bool = True, progress: bool = False):
    """Simulate every reading of every ambiguity option and compare it with the default.

    Every reading plays the same game seeds as the default, so the comparison is
    game by game (paired): a game the reading does not touch differs by nothing.
    A reading is first played on ``probe`` games; when all of them come out the
    same as the default's, the reading does not come up in these settings and no
    more games are played. Otherwise ``n_games`` games are played. ``executor``,
    ``workers``: where to play them (as for :func:`racekit.simulate`).

    Returns a DataFrame, one row per (option, value): ``effect`` (False: no
    difference in the probe games; None: these settings refuse the reading),
    ``games`` and ``changed`` (games whose length or ranking differs),
    ``same_winners`` (every game has the same winners as under the default), the seat whose
    win rate moves most (``seat``, ``edge_change`` and its 95% interval widened for
    picking the most-moved of the seats (Bonferroni), in percentage points), the first seat's change (``first_change``, ``first_low``,
    ``first_high``), the change of the mean game length (``plies_change`` and its
    interval, ``base_plies`` the default's mean over the same games, and
    ``plies_change_pct``), and ``verdict`` in plain words. ``only``:
    option names to try. ``measure=False`` stops after the probe (for a game whose
    playouts are slow): a reading that changes the probe games gets ``effect`` True,
    no numbers, and a verdict that says so.
    """
    study = dict(game=game_id, n_games=n_games if measure else min(probe, n_games), seed=seed,
                 agents=agents, preset=preset, players=players, baseline=baseline, only=only)
    table = impact_tables([study], executor, workers=workers, probe=probe, chunk=chunk,
                          progress=progress)[0]
    if not measure:
        table = table.drop(columns=[c for c in table.columns if c.startswith(("first_", "edge_",
                                                                              "plies_"))])
        moved = table["effect"] == True  # noqa: E712
        table.loc[moved, "verdict"] = [
            f"{o}={v} ({c}) changes {k} of the {g} sample games; not measured here (simulate "
            "more games with review.impact_table to size the change)"
            for o, v, c, k, g in zip(table.loc[moved, "option"], table.loc[moved, "value"],
                                     table.loc[moved, "clauses"], table.loc[moved, "changed"],
                                     table.loc[moved, "games"])]
    return table


def _beyond(lo: float, hi: float) -> bool:
    return lo > 0 or hi < 0


def _num(x: float, sign: str = "") -> str:
    """A whole number, or one decimal below 10 (so a small real change does not read as 0)."""
    return f"{x:{sign}.1f}" if abs(x) < 9.95 else f"{x:{sign}.0f}"


def verdict(option, value, row: dict, first_name: str) -> str:
    """One plain sentence from the numbers of an :func:`impact_table` row."""
    parts = []
    lo, hi = row["first_low"], row["first_high"]
    if row.get("same_winners"):
        parts.append("leaves the winners of every game as they were")
    elif row.get("games", JUDGE_SEATS) < JUDGE_SEATS:
        parts.append(f"{row['games']} games are too few to judge the seats' win rates")
    elif lo == hi == 0:   # the same wins for the first seat in every game: nothing to estimate
        parts.append(f"leaves the first seat's ({first_name}) wins as they were")
    elif _beyond(lo, hi):
        parts.append(f"changes the first seat's ({first_name}) win rate by "
                     f"{row['first_change']:+.1f} points, outside the 95% interval "
                     f"({lo:+.1f} to {hi:+.1f})")
    else:
        parts.append(f"moves the first seat's ({first_name}) win rate by {row['first_change']:+.1f} "
                     f"points, inside the 95% interval ({lo:+.1f} to {hi:+.1f}): no change to the "
                     f"first seat shown at this sample size")
    if row.get("games", JUDGE_SEATS) >= JUDGE_SEATS and not row.get("same_winners") \
            and row["seat"] != first_name and _beyond(row["edge_low"], row["edge_high"]):
        parts.append(f"moves {row['seat']}'s win rate by {row['edge_change']:+.1f} points (the "
                     f"seat that moved most, outside its 95% interval widened for picking it: "
                     f"{row['edge_low']:+.1f} to {row['edge_high']:+.1f})")
    lo, hi = row["plies_low"], row["plies_high"]
    if lo == hi == 0:
        parts.append("leaves every game's length as it was")
    elif _beyond(lo, hi):
        longer = "longer" if row["plies_change"] > 0 else "shorter"
        parts.append(f"makes games {_num(abs(row['plies_change_pct']))}% {longer} "
                     f"({_num(row['plies_change'], '+')} plies, outside the 95% interval)")
    else:
        parts.append(f"leaves game length within chance ({_num(row['plies_change'], '+')} plies, "
                     f"95% interval {_num(lo, '+')} to {_num(hi, '+')})")
    games = ""
    if "games" in row and "changed" in row:
        games = f" changed {row['changed']} of {row['games']} games:"
    return f"{_label(option, value)}{games} " + "; ".join(parts) + "."


# ----- stored sweeps (the designer review notebook reads them instead of sweeping at page load) ---

SWEEPS_FILE = "scenario-sweeps.json"


def write_sweeps(folder, game_ids=None, executor=None):
    """Sweep every shipped game's scenarios (:func:`scenario_sweeps`) and write the tables to
    ``folder/scenario-sweeps.json`` (``racekit review --all`` and ``racekit review --sweeps``).

    JSON, not parquet: an option's values mix ``0``, ``False`` and text, which a parquet column
    would merge. Returns the path written.
    """
    import json
    from pathlib import Path
    from ..games import SHIPPED
    sweeps = scenario_sweeps(list(game_ids or SHIPPED), executor=executor)
    data = {"written_by": "racekit review --sweeps (or --all)",
            "games": {gid: {"columns": list(df.columns), "rows": df.values.tolist()}
                      for gid, df in sweeps.items()}}
    path = Path(folder) / SWEEPS_FILE
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


def stored_sweeps(folder=None) -> dict:
    """The sweeps written by :func:`write_sweeps` (default folder: the checkout's
    ``notebooks/review/``), ``{game_id: DataFrame}`` as :func:`scenario_sweeps` gives them.

    Raises:
        FileNotFoundError: no stored sweeps (run ``racekit review --sweeps``).
    """
    import json
    from pathlib import Path

    import pandas as pd
    if folder is None:
        from ..paths import checkout_folder
        folder = checkout_folder("notebooks/review")
    path = Path(folder) / SWEEPS_FILE
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: write it with `racekit review --sweeps`")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {gid: pd.DataFrame([dict(zip(t["columns"], row)) for row in t["rows"]])
            for gid, t in data["games"].items()}
