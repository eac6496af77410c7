"""Designer review helpers: the readings of each ambiguity option, the decisions in force, the
game-length picture and the scenario sweep.

The verdicts a designer acts on come from :func:`racekit.sim.designer.review_game` (paired games
in rounds until each verdict is decided, confirmed on fresh games, Holm's correction across the
review); the win-rate pictures by play order and by colour are
:func:`racekit.sim.designer.plot_positions`.

Used by ``notebooks/designer_review.ipynb``; every number comes from
:func:`racekit.simulate` (so a row replays exactly) or from the shipped scenarios.

* :func:`ambiguity_options`, :func:`readings`, :func:`decisions`: the XX-AMB-nn options, the
  values a review tries, and the value in force per preset.
* :func:`plot_lengths`: the distribution of game length (plies).
* :func:`scenario_sweep`: every shipped scenario run under every value of every
  ambiguity option (XX-AMB-nn); which ones change outcome (pass <-> fail).
"""
from __future__ import annotations

import re

from ..core.game import game_class, load_game
from ..core.i18n import Texts

T = Texts("review")

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
    from ..core.i18n import clause_text
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
                setting = T("sep").join(T("decision_preset", setting=f"{amb.option}={v}",
                                          preset=g.preset) for v, g in zip(values, games))
            lines.append(T("decision", id=amb.id, setting=setting,
                           decision=clause_text(game_id, amb.id, amb.decision, field="decision")))
        else:
            lines.append(T("decision_no_option", id=amb.id,
                           decision=clause_text(game_id, amb.id, amb.decision, field="decision")))
    return lines


def amb_ids(option) -> str:
    return ", ".join(c for c in option.clauses if _AMB.match(c))


def topic(option) -> str:
    """What the option is about, in a few words: its description up to the first stop."""
    return re.split(r"[.(:;]", option.doc)[0].strip().rstrip("?")


def _label(option, value) -> str:
    return f"{option.name}={value} ({amb_ids(option)}: {topic(option)})"


# ----- pictures ------------------------------------------------------------------------



def plot_lengths(df, ax=None, title: str | None = None):
    """Histogram of game length in plies, with the median marked."""
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    plies = df["plies"]
    ax.hist(plies, bins=30, color="#a1d99b", edgecolor="#31a354")
    ax.axvline(plies.median(), color="black", linestyle=":", label=T("plot.median", median=plies.median()))
    ax.set_xlabel(T("plot.plies_per_game"))
    ax.set_ylabel(T("plot.games"))
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(title or T("plot.game_length", game=df['game'].iloc[0], preset=df['preset'].iloc[0]),
                 fontsize=10)
    return ax




# ----- scenarios under every reading ----------------------------------------------------

def _portable(exc) -> str:
    """An error's text with the checkout's own path cut off (``racekit/games/...``), so stored
    sweeps read the same on every machine."""
    from ..paths import source_root
    text, root = str(exc), source_root()
    return text.replace(f"{root}/", "") if root is not None else text


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
            row.update(passes=None, changed=False, detail=f"not applicable: {_portable(exc)}")
        except RacekitError as exc:
            row.update(passes=False, changed=base.passed, detail=_portable(exc))
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


def printed(table, digits: int = 3) -> str:
    """A review table as the designer review notebook prints it (rounded to ``digits``), its
    column and index headers, seat names, outcomes and measures in the language in force;
    English: ``table.round(digits).to_string()`` unchanged."""
    from ..core.i18n import get_lang, seat_name
    out = table.round(digits)
    if get_lang() == "en":
        return out.to_string()
    from .quality import MEASURE_KEYS
    out = out.copy()
    if "name" in out:
        out["name"] = [seat_name(n) for n in out["name"]]
    if out.index.name == "measure":
        out.index = [T(f"measures.{MEASURE_KEYS[m]}.name") if m in MEASURE_KEYS else m
                     for m in out.index]
    elif out.index.name == "outcome":
        out.index = [T(f"words.completion.{k}") for k in out.index]
    index_name = table.index.name
    out.index.name = T(f"columns.{index_name}") if index_name and T.has(f"columns.{index_name}") \
        else index_name
    out.columns = [T(f"columns.{c}") if T.has(f"columns.{c}") else c for c in out.columns]
    return out.to_string(na_rep="—")
