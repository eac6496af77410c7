"""A game's rule clauses as a table: HTML in a notebook, text in a terminal.

>>> import racekit
>>> racekit.rules("snow_tails")                     # every clause and ambiguity, with coverage
>>> racekit.rules("snow_tails").find("drift")       # the clauses that mention drift
>>> racekit.rules("snow_tails")["ST-DRIFT-3"].summary

The rows come from the game's ``clauses.yaml`` (our own words for each clause of the spec, the
presets it belongs to, and for an ambiguity the decision racekit takes and the option that changes
it). Coverage comes from :mod:`racekit.core.clauses` through :func:`coverage_label`, the one place
that reads its counting.
"""
from __future__ import annotations

import html
import textwrap
from collections import Counter
from dataclasses import dataclass, field

# The coverage labels, best first (racekit.core.clauses counts them): asserted (a test or
# scenario asserts the clause), cited only (cited, never asserted), gap (not even cited).
ASSERTED, CITED_ONLY, GAP = "asserted", "cited only", "gap"
_ORDER = (ASSERTED, CITED_ONLY, GAP)
_STATUS = {"asserted": ASSERTED, "cited": CITED_ONLY, "gap": GAP}


def coverage_label(row) -> str:
    """The coverage of one :class:`racekit.core.clauses.Coverage` row, as a short label.

    ``asserted`` (a test or scenario asserts the clause), ``cited only`` (its ID appears only in
    docstrings, comments, option help or scenario ``clauses:`` lists) or ``gap`` (nowhere): the
    counting of :mod:`racekit.core.clauses` (contract 1 in docs/contracts.md).
    """
    return _STATUS[row.status]


@dataclass(frozen=True)
class RuleRow:
    """One clause (or ambiguity) of a game: ID, summary in our words, presets, coverage label.

    ``decision`` and ``option`` are set for ambiguities: what racekit does by default, and the
    rule option that switches to another reading.
    """
    id: str
    summary: str
    presets: tuple[str, ...] = ()
    coverage: str = ""
    decision: str = ""
    option: str | None = None

    @property
    def is_ambiguity(self) -> bool:
        return bool(self.decision)

    def text(self) -> str:
        """The summary, and for an ambiguity its decision and option, as one paragraph."""
        out = self.summary
        if self.decision:
            out += f" Decision: {self.decision}"
            if self.option:
                out += f" (option {self.option})"
        return out


@dataclass
class Rules:
    """The clauses of one game (or a selection of them), shown as a table.

    Iterating gives :class:`RuleRow` objects; ``rules[ID]`` one row (``KeyError`` naming the ID when
    it is not a clause of the game). In a notebook the object displays as an HTML table, in a
    terminal as text.
    """
    game: str
    title: str
    rows: list[RuleRow] = field(default_factory=list)
    show_coverage: bool = True
    selection: str = ""

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, clause_id: str) -> RuleRow:
        for row in self.rows:
            if row.id == clause_id:
                return row
        raise KeyError(f"{clause_id} is not a clause of {self.game} (see racekit.rules({self.game!r}))")

    @property
    def ids(self) -> list[str]:
        return [row.id for row in self.rows]

    def _subset(self, rows: list[RuleRow], selection: str) -> "Rules":
        return Rules(self.game, self.title, rows, self.show_coverage, selection)

    def find(self, *words: str) -> "Rules":
        """The rows whose ID, summary or decision contain every one of ``words`` (any case)."""
        wanted = [w.lower() for w in words]
        rows = [r for r in self.rows
                if all(w in f"{r.id} {r.text()}".lower() for w in wanted)]
        return self._subset(rows, "matching " + ", ".join(repr(w) for w in words))

    def only(self, ids) -> "Rules":
        """The rows of ``ids`` in the order given, each once (e.g. the clauses an event carries).

        Raises:
            KeyError: an ID is not a clause of the game.
        """
        seen, rows = set(), []
        for cid in ids:
            if cid not in seen:
                seen.add(cid)
                rows.append(self[cid])
        return self._subset(rows, "selected")

    def counts(self) -> Counter:
        """How many rows carry each coverage label."""
        return Counter(row.coverage for row in self.rows)

    def headline(self) -> str:
        """``Snow Tails (雪橇竞速): 56 clauses, 15 ambiguities; coverage: 40 asserted, …``."""
        clauses = sum(not r.is_ambiguity for r in self.rows)
        ambiguities = len(self.rows) - clauses
        head = (f"{self.title}: {clauses} clause{'s' * (clauses != 1)}, "
                f"{ambiguities} ambiguit{'ies' if ambiguities != 1 else 'y'}")
        if self.selection:
            head += f" ({self.selection})"
        if self.show_coverage and self.rows:
            counts = self.counts()
            labels = [k for k in _ORDER if k in counts] + sorted(set(counts) - set(_ORDER))
            head += "; coverage: " + ", ".join(f"{counts[k]} {k}" for k in labels)
        return head

    def __str__(self) -> str:
        cols = [("clause", [r.id for r in self.rows]),
                ("presets", [", ".join(r.presets) or "all" for r in self.rows])]
        if self.show_coverage:
            cols.append(("coverage", [r.coverage for r in self.rows]))
        widths = [max(len(head), *(len(v) for v in values)) if values else len(head)
                  for head, values in cols]
        indent = sum(widths) + 2 * len(widths)
        lines = [self.headline(), "  ".join(h.ljust(w) for (h, _), w in zip(cols, widths)) + "  rule"]
        for i, row in enumerate(self.rows):
            lead = "  ".join(values[i].ljust(w) for (_, values), w in zip(cols, widths)) + "  "
            body = textwrap.wrap(row.text(), width=max(40, 110 - indent)) or [""]
            lines.append(lead + body[0])
            lines.extend(" " * indent + more for more in body[1:])
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        esc = html.escape
        head = ["clause", "rule (in our words)", "presets"] + (["coverage"] if self.show_coverage else [])
        out = [f'<div class="racekit-rules"><p><b>{esc(self.headline())}</b></p>',
               '<table class="racekit-rules-table">',
               "<thead><tr>" + "".join(f'<th style="text-align:left">{h}</th>' for h in head)
               + "</tr></thead><tbody>"]
        for row in self.rows:
            text = esc(row.summary)
            if row.decision:
                text += f"<br><i>Decision:</i> {esc(row.decision)}"
                if row.option:
                    text += f" (option <code>{esc(row.option)}</code>)"
            cells = [f"<code>{esc(row.id)}</code>", text, esc(", ".join(row.presets) or "all")]
            if self.show_coverage:
                cells.append(esc(row.coverage))
            out.append(f'<tr data-clause="{esc(row.id)}">'
                       + "".join(f'<td style="text-align:left">{c}</td>' for c in cells) + "</tr>")
        out.append("</tbody></table></div>")
        return "\n".join(out)


def rules(game: str, coverage: bool = True) -> Rules:
    """Every clause and ambiguity of ``game`` with its summary, presets and coverage.

    ``coverage=False`` leaves the coverage column out (it changes whenever tests change; notebooks
    whose stored outputs are compared use that). Coverage is found from the source checkout's
    ``tests/`` folder and the shipped scenarios; installed without a checkout, clauses covered only
    by tests show as gaps.

    Raises:
        racekit.UnknownGameError: ``game`` is not a registered game.
    """
    from .core.clauses import coverage as find_coverage
    from .core.clauses import load_clauses
    from .core.game import game_class
    gt = game_class(game).game_type
    spec = load_clauses(game)
    presets = {entry.id: tuple(entry.presets) for entry in spec.clauses}
    rows = []
    if coverage:
        for cov in find_coverage(game):
            rows.append(RuleRow(cov.id, cov.summary, presets.get(cov.id, ()), coverage_label(cov),
                                cov.decision, cov.option))
    else:
        rows = [RuleRow(e.id, e.summary, tuple(e.presets)) for e in spec.clauses]
        rows += [RuleRow(a.id, a.summary, (), "", a.decision, a.option) for a in spec.ambiguities]
    return Rules(game, gt.long_name, rows, show_coverage=coverage)
