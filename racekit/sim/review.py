"""Designer review: seat advantage, game length, and what each rule ambiguity changes.

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

from ..core.game import game_class, load_game
from .simulate import seat_table, simulate  # noqa: F401  (seat_table re-exported)

Z95 = 1.959963984540054
_AMB = re.compile(r"^[A-Z]+-AMB-\d+$")


def ambiguity_options(game_id: str) -> list:
    """The options that settle a rule ambiguity (an ``XX-AMB-nn`` clause) with a fixed list of
    readings. Open-ended options (a board or track file) are left out: they change the course,
    not a reading of the rules."""
    gt = game_class(game_id).game_type
    return [o for o in gt.options
            if o.choices and o.check is None and any(_AMB.match(c) for c in o.clauses)]


def readings(option) -> list:
    """The values of ``option`` other than its default (``"preset"`` is the default's alias)."""
    return [v for v in option.choices if v != option.default and v != "preset"]


def amb_ids(option) -> str:
    return ", ".join(c for c in option.clauses if _AMB.match(c))


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


# ----- scenarios under every reading ----------------------------------------------------

def _sweep_one(path: str, tried: list) -> list[dict]:
    """Run one scenario under its own options, then under each (option, value) of ``tried``."""
    from ..core.errors import FileFormatError, OptionError, RacekitError
    from ..core.scenarios import load_scenario, run_scenario
    loaded = load_scenario(path)
    scenario = loaded[0]
    base = run_scenario(path, loaded=loaded)
    rows = []
    for name, value in tried:
        if name in scenario.options and scenario.options[name] == value:
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
    """Every shipped scenario of ``game_id`` under every reading of every ambiguity option.

    Returns a DataFrame, one row per (scenario, option, value): ``passes_as_shipped``,
    ``passes`` (None: the reading does not apply, e.g. a tournament-only seat count),
    ``changed`` (the verdict flips) and ``detail`` (the first failed check).
    ``only``: option names to try (default: every ambiguity option).
    """
    import pandas as pd

    from ..core.scenarios import scenario_paths
    tried = [(o.name, v) for o in ambiguity_options(game_id) for v in readings(o)
             if only is None or o.name in only]
    paths = [str(p) for p in scenario_paths(game_id)]
    if executor is None:
        parts = [_sweep_one(p, tried) for p in paths]
    else:
        parts = list(executor.map(_sweep_one, paths, [tried] * len(paths)))
    return pd.DataFrame([row for part in parts for row in part])


def flips_by_reading(sweep):
    """For each (option, value): the scenarios whose outcome changes, as one text line."""
    out = {}
    for (name, value), grp in sweep.groupby(["option", "value"], sort=False):
        flipped = grp[grp["changed"]]
        out[(name, value)] = ", ".join(flipped["scenario"]) if len(flipped) else ""
    return out


# ----- simulations under every reading ----------------------------------------------------

def _diff_interval(k1: int, n1: int, k0: int, n0: int) -> tuple[float, float, float]:
    """Difference of two proportions (k1/n1 - k0/n0) with a 95% (Wald) interval."""
    p1, p0 = k1 / n1, k0 / n0
    half = Z95 * math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
    return p1 - p0, p1 - p0 - half, p1 - p0 + half


def _mean_diff(a, b) -> tuple[float, float, float]:
    d = a.mean() - b.mean()
    half = Z95 * math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return d, d - half, d + half


def _same_games(a, b) -> bool:
    """Same lengths and rankings game by game (the same seeds): the reading never came up."""
    cols = ["plies", "ranking"]
    return a[cols].reset_index(drop=True).equals(b[cols].reset_index(drop=True))


def impact_table(game_id: str, n_games: int = 200, seed: int = 0, agents="random",
                 preset: str | None = None, players: int | None = None, probe: int = 6,
                 baseline=None, workers: int | None = None, chunk: int = 16, only=None,
                 executor=None, measure: bool = True):
    """Simulate every reading of every ambiguity option and compare it with the default.

    A reading is first played on ``probe`` games (the same game seeds as the
    default); when all of them come out the same, the reading does not matter in
    this preset and no more games are played. Otherwise ``n_games`` games are
    played and compared with the default's. ``executor``: where to play them (as for
    :func:`racekit.simulate`; one pool for every reading saves starting one each time).

    Returns a DataFrame, one row per (option, value): ``effect`` (False: no
    difference in the probe games), the seat whose win rate moves most
    (``seat``, ``edge_change`` and its 95% interval, in percentage points), the
    first seat's change (``first_change``, ``first_low``, ``first_high``), the
    change of the mean game length (``plies_change`` and its interval, and
    ``plies_change_pct``), and ``verdict`` in plain words. ``only``: option names to try.
    ``measure=False`` stops after the probe (for a game whose playouts are slow): a
    reading that changes the probe games gets ``effect`` True, no numbers, and a
    verdict that says so.
    """
    import pandas as pd
    kw = dict(agents=agents, seed=seed, preset=preset, players=players, progress=False,
              workers=workers, chunk=chunk, events=False)
    base = baseline if baseline is not None else simulate(game_id, n_games, executor=executor, **kw)
    game = load_game(game_id, preset=preset, players=players)
    names = game.seat_names
    seats = game.num_players
    rows = []
    for option in ambiguity_options(game_id):
        if only is not None and option.name not in only:
            continue
        for value in readings(option):
            row = {"option": option.name, "value": value, "clauses": amb_ids(option)}
            try:
                probe_df = simulate(game_id, probe, options={option.name: value},
                                    **{**kw, "workers": 1})   # a few games: in this process
            except Exception as exc:     # a reading this preset refuses (an OptionError)
                row.update(effect=None, verdict=f"not available here: {exc}")
                rows.append(row)
                continue
            if _same_games(probe_df, base.iloc[:probe].reset_index(drop=True)):
                row.update(effect=False, verdict=f"{option.name}={value}: no difference in "
                           f"{probe} sample games of this preset (the reading does not come up)")
                rows.append(row)
                continue
            if not measure:
                row.update(effect=True, verdict=f"{option.name}={value} ({amb_ids(option)}) changes "
                           f"the {probe} sample games; not measured here (simulate more games with "
                           f"review.impact_table to size the change)")
                rows.append(row)
                continue
            df = simulate(game_id, len(base), options={option.name: value}, executor=executor, **kw)
            n1, n0 = len(df), len(base)
            changes = []
            for s in range(seats):
                k1, k0 = int(df[f"win_{s}"].sum()), int(base[f"win_{s}"].sum())
                changes.append(_diff_interval(k1, n1, k0, n0))
            worst = max(range(seats), key=lambda s: abs(changes[s][0]))
            d_len = _mean_diff(df["plies"], base["plies"])
            row.update(effect=True, seat=names[worst],
                       edge_change=100 * changes[worst][0], edge_low=100 * changes[worst][1],
                       edge_high=100 * changes[worst][2],
                       first_change=100 * changes[0][0], first_low=100 * changes[0][1],
                       first_high=100 * changes[0][2],
                       plies_change=d_len[0], plies_low=d_len[1], plies_high=d_len[2],
                       plies_change_pct=100 * d_len[0] / base["plies"].mean())
            row["verdict"] = verdict(option, value, row, names[0])
            rows.append(row)
    return pd.DataFrame(rows)


def _beyond(lo: float, hi: float) -> bool:
    return lo > 0 or hi < 0


def verdict(option, value, row: dict, first_name: str) -> str:
    """One plain sentence from the numbers of an :func:`impact_table` row."""
    parts = []
    lo, hi = row["first_low"], row["first_high"]
    sure = "outside" if _beyond(lo, hi) else "inside"
    parts.append(f"changes the first seat's ({first_name}) win rate by {row['first_change']:+.1f} "
                 f"points, {sure} the 95% interval ({lo:+.1f} to {hi:+.1f})")
    if row["seat"] != first_name and _beyond(row["edge_low"], row["edge_high"]):
        parts.append(f"{row['seat']}'s by {row['edge_change']:+.1f} points (beyond chance)")
    lo, hi = row["plies_low"], row["plies_high"]
    if _beyond(lo, hi):
        longer = "longer" if row["plies_change"] > 0 else "shorter"
        parts.append(f"makes games {abs(row['plies_change_pct']):.0f}% {longer} "
                     f"({row['plies_change']:+.0f} plies, outside the 95% interval)")
    else:
        parts.append(f"leaves game length within chance ({row['plies_change']:+.0f} plies, "
                     f"95% interval {lo:+.0f} to {hi:+.0f})")
    return f"{option.name}={value} ({amb_ids(option)}) " + "; ".join(parts) + "."
