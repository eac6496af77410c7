"""Quality measures of a game's settings, after the game-design literature (Browne's measures
for evolved games, Ludii's metrics): duration and its spread, first-player advantage,
drawishness, completion, lead changes, decisiveness and comebacks.

The lead measures follow who is ahead through a game: a game's ``playorder.py`` may offer
``progress(state) -> list[float]`` (how far each seat has come; larger is further). Each
sampled game is replayed through the rules engine and the leader (the one seat strictly
furthest) is noted at the end of every round:

* ``lead_changes``: how many times the leader changed (a round with a tie has no leader);
* ``decided_at``: the share of the game's rounds played when the eventual winner (or winning
  side) took the lead for good (small: decided early; 1: only at the end);
* ``comeback``: the winner was not the leader halfway through.
"""
from __future__ import annotations

import json
import math

LEAD_COLUMNS = ("lead_changes", "decided_at", "comeback")


def _leader(values):
    """The one seat strictly furthest, or the tuple of the seats tied furthest."""
    best = max(values)
    at = [s for s, v in enumerate(values) if v == best]
    return at[0] if len(at) == 1 else tuple(at)


def leaders(game, history) -> list:
    """The leader at the end of every round of the game with ``history`` (a tuple: seats tied),
    or ``None`` when the game offers no ``progress`` hook."""
    from .playorder import hooks
    mod = hooks(game)
    progress = getattr(mod, "progress", None) if mod is not None else None
    if progress is None:
        return None
    state = game.new_initial_state(record_events=False)
    seats = game.num_players
    marks, turns, last_turn = [], 0, None
    last_round = getattr(state, "round", None)
    for action in history:
        state.apply_action(action)
        rnd = getattr(state, "round", None)
        if isinstance(rnd, int):
            if rnd != last_round:
                marks.append(_leader(progress(state)))
                last_round = rnd
            continue
        turn = getattr(state, "turn", None)          # no round counter: every seats turns
        if turn != last_turn:
            turns += 1
            last_turn = turn
            if turns % seats == 0:
                marks.append(_leader(progress(state)))
    if not state.is_terminal():
        raise ValueError("the history does not end the game")
    marks.append(_leader(progress(state)))
    return marks


def lead_measures(marks, winners_: list) -> dict:
    """``lead_changes``, ``decided_at`` and ``comeback`` of one game from its round leaders
    (a winning side's seats count as one: any of them leading is the side leading); NaN where
    the game has no winner (or no leaders)."""
    nan = float("nan")
    if not marks:
        return dict.fromkeys(LEAD_COLUMNS, nan)
    seen = [m for m in marks if isinstance(m, int)]     # a tie (a tuple, or None) has no leader
    changes = sum(1 for a, b in zip(seen, seen[1:]) if a != b)
    if not winners_:
        return {"lead_changes": float(changes), "decided_at": nan, "comeback": nan}
    won = set(winners_)

    def winning(m) -> bool:   # partners (or a shared first place) lead together
        return m in won if isinstance(m, int) else m is not None and set(m) <= won

    last_other = max((i for i, m in enumerate(marks) if not winning(m)), default=-1)
    decided = (last_other + 1) / len(marks)
    half = marks[(len(marks) - 1) // 2]
    return {"lead_changes": float(changes), "decided_at": decided, "comeback": float(not winning(half))}


def lead_sample(game, df, n: int = 200, agents=None) -> "object":
    """The lead measures of the first ``n`` games of ``df`` (a :func:`racekit.simulate` table of
    ``game``'s settings): a DataFrame with ``LEAD_COLUMNS`` on ``df``'s index (only the sampled
    rows), empty when the game offers no ``progress`` hook. Each game is played again from its
    seed (by the kernel where one plays it) and replayed through the rules engine."""
    import pandas as pd

    from .kernels import engine_playout, kernel_for
    if agents is None:   # custom agents (not names) are given, as the simulation played them
        agents = tuple(df.attrs.get("agents") or [df["agents"].iloc[0]] * game.num_players)
    kernel, _ = kernel_for(game, agents)
    rows, index = [], []
    for i, row in df.head(n).iterrows():
        seed = int(row["seed"])
        out = kernel.play(game, seed, agents) if kernel is not None else \
            engine_playout(game, seed, agents, events=False)
        marks = leaders(game, out.history)
        if marks is None:
            return pd.DataFrame(columns=list(LEAD_COLUMNS))
        ranking = json.loads(row["ranking"])
        won = sorted(ranking[0]) if len(ranking) > 1 else []
        rows.append(lead_measures(marks, won))
        index.append(i)
    return pd.DataFrame(rows, index=index, columns=list(LEAD_COLUMNS))


MEASURE_KEYS = {"duration (plies)": "duration", "duration spread": "spread", "rounds": "rounds",
                "first-player advantage": "first", "completion": "completion",
                "drawishness": "drawishness", "shared places": "shared_places",
                "lead changes": "lead_changes", "decisiveness": "decisiveness",
                "comeback rate": "comeback"}
"""The measures (the table's index, the same in every language) and their catalogue keys
(``review.measures.KEY.name`` and ``.meaning`` in ``racekit/locale/<lang>/review.yaml``)."""


def quality_table(df) -> "object":
    """The quality measures of one table of games (a :func:`racekit.simulate` table, with the
    lead columns where :func:`lead_sample` filled them): one row per measure with ``value``,
    ``low``/``high`` (95% intervals where they apply), ``games``, and ``meaning`` and ``name``
    in the language in force (the index stays the measure's English id)."""
    import numpy as np
    import pandas as pd

    from .simulate import FINISHED, position_table
    from .stats import paired, proportion_interval
    n = len(df)
    rows = []

    from ..core.i18n import text

    def add(name, value, low, high, games, meaning):
        key = f"review.measures.{MEASURE_KEYS[name]}"   # ``meaning``: the English, as catalogued
        rows.append({"measure": name, "value": value, "low": low, "high": high, "games": games,
                     "meaning": text(f"{key}.meaning"), "name": text(f"{key}.name")})

    plies = df["plies"].astype(float)
    ci = paired(plies.to_numpy(), 0.95)
    add("duration (plies)", ci["mean"], ci["low"], ci["high"], n, "mean plies per game")
    add("duration spread", float(plies.std(ddof=1) / plies.mean()) if n > 1 else math.nan,
        math.nan, math.nan, n, "standard deviation / mean of the plies (coefficient of variation)")
    rounds = df["rounds"].astype(float)
    add("rounds", float(rounds.mean()), float(rounds.quantile(0.05)), float(rounds.quantile(0.95)),
        n, "mean rounds per game (low, high: the 5th and 95th percentile)")
    first = position_table(df).loc[1]
    add("first-player advantage", 100 * (first.win_rate - first.fair_share),
        100 * (first.ci_low - first.fair_share), 100 * (first.ci_high - first.fair_share),
        int(first.finished), "first player's win rate minus the fair share, points, finished games")
    outcome = df["outcome"]
    k = int(outcome.isin(FINISHED).sum())
    lo, hi = proportion_interval(k, n)
    add("completion", k / n, lo, hi, n, "share of games with a winner")
    k = int((outcome == "shared").sum())
    lo, hi = proportion_interval(k, n)
    add("drawishness", k / n, lo, hi, n, "share of games whose first place is shared")
    ties = sum(1 for r in df["ranking"] if any(len(g) > 1 for g in json.loads(r)))
    lo, hi = proportion_interval(ties, n)
    add("shared places", ties / n, lo, hi, n, "share of games with any shared place in the ranking")
    if "lead_changes" in df and df["lead_changes"].notna().any():
        lc = df["lead_changes"].dropna().to_numpy(dtype=float)
        ci = paired(lc, 0.95)
        add("lead changes", ci["mean"], ci["low"], ci["high"], len(lc),
            "times the leader changed, per game (leader at each round's end)")
        dec = df["decided_at"].dropna().to_numpy(dtype=float)
        if len(dec):
            ci = paired(dec, 0.95)
            add("decisiveness", ci["mean"], ci["low"], ci["high"], len(dec),
                "share of the rounds played when the winner took the lead for good")
        cb = df["comeback"].dropna().to_numpy(dtype=float)
        if len(cb):
            lo, hi = proportion_interval(int(cb.sum()), len(cb))
            add("comeback rate", float(np.mean(cb)), lo, hi, len(cb),
                "share of won games whose winner was not leading halfway")
    return pd.DataFrame(rows).set_index("measure")
