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
            out += _r("decision", decision=self.decision)
            if self.option:
                out += _r("option", option=self.option)
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
    lang: str | None = None
    """The language the table speaks (``None``: the one in force when it is shown)."""

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
        return Rules(self.game, self.title, rows, self.show_coverage, selection, self.lang)

    def find(self, *words: str) -> "Rules":
        """The rows whose ID, summary or decision contain every one of ``words`` (any case)."""
        wanted = [w.lower() for w in words]
        rows = [r for r in self.rows
                if all(w in f"{r.id} {r.text()}".lower() for w in wanted)]
        from .core.i18n import use_lang
        with use_lang(self.lang):
            return self._subset(rows, _r("matching", words=", ".join(repr(w) for w in words)))

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
        from .core.i18n import use_lang
        with use_lang(self.lang):
            return self._subset(rows, _r("selected"))

    def counts(self) -> Counter:
        """How many rows carry each coverage label."""
        return Counter(row.coverage for row in self.rows)

    def headline(self) -> str:
        """``Snow Tails (雪橇竞速): 56 clauses, 15 ambiguities; coverage: 40 asserted, …``."""
        from .core.i18n import use_lang
        with use_lang(self.lang):
            return self._headline()

    def _headline(self) -> str:
        clauses = sum(not r.is_ambiguity for r in self.rows)
        ambiguities = len(self.rows) - clauses
        head = _r("headline", title=self.title, clauses=_r("clauses", n=clauses),
                  ambiguities=_r("ambiguities", n=ambiguities))
        if self.selection:
            head += _r("selection", selection=self.selection)
        if self.show_coverage and self.rows:
            counts = self.counts()
            labels = [k for k in _ORDER if k in counts] + sorted(set(counts) - set(_ORDER))
            head += _r("coverage", counts=", ".join(_r("count", n=counts[k], label=_status(k))
                                                    for k in labels))
        return head

    def __str__(self) -> str:
        from .core.i18n import use_lang
        with use_lang(self.lang):
            return self._text()

    def _text(self) -> str:
        cols = [(_r("col_clause"), [r.id for r in self.rows]),
                (_r("col_presets"), [", ".join(r.presets) or _r("all") for r in self.rows])]
        if self.show_coverage:
            cols.append((_r("col_coverage"), [_status(r.coverage) for r in self.rows]))
        widths = [max(len(head), *(len(v) for v in values)) if values else len(head)
                  for head, values in cols]
        indent = sum(widths) + 2 * len(widths)
        lines = [self.headline(), "  ".join(h.ljust(w) for (h, _), w in zip(cols, widths))
                 + "  " + _r("col_rule")]
        for i, row in enumerate(self.rows):
            lead = "  ".join(values[i].ljust(w) for (_, values), w in zip(cols, widths)) + "  "
            body = textwrap.wrap(row.text(), width=max(40, 110 - indent)) or [""]
            lines.append(lead + body[0])
            lines.extend(" " * indent + more for more in body[1:])
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from .core.i18n import use_lang
        with use_lang(self.lang):
            return self._html()

    def _html(self) -> str:
        esc = html.escape
        head = [_r("col_clause"), _r("col_rule_html"), _r("col_presets")] + \
            ([_r("col_coverage")] if self.show_coverage else [])
        out = [f'<div class="racekit-rules"><p><b>{esc(self.headline())}</b></p>',
               '<table class="racekit-rules-table">',
               "<thead><tr>" + "".join(f'<th style="text-align:left">{h}</th>' for h in head)
               + "</tr></thead><tbody>"]
        for row in self.rows:
            text = esc(row.summary)
            if row.decision:
                text += f"<br><i>{esc(_r('decision_html'))}</i> {esc(row.decision)}"
                if row.option:
                    text += esc(_r("option", option="\0")).replace("\0", f"<code>{esc(row.option)}</code>")
            cells = [f"<code>{esc(row.id)}</code>", text, esc(", ".join(row.presets) or _r("all"))]
            if self.show_coverage:
                cells.append(esc(_status(row.coverage)))
            out.append(f'<tr data-clause="{esc(row.id)}">'
                       + "".join(f'<td style="text-align:left">{c}</td>' for c in cells) + "</tr>")
        out.append("</tbody></table></div>")
        return "\n".join(out)


def _r(key: str, **fields) -> str:
    """The table's words in the language in force (``racekit/locale/<lang>/rules.yaml``)."""
    from .core.i18n import text
    return text(f"rules.{key}", **fields)


def _status(label: str) -> str:
    from .core.i18n import has
    return _r(f"status.{label}") if has(f"rules.status.{label}") else label


def rules(game: str, coverage: bool = True, lang: str | None = None) -> Rules:
    """Every clause and ambiguity of ``game`` with its summary, presets and coverage.

    ``coverage=False`` leaves the coverage column out (it changes whenever tests change; notebooks
    whose stored outputs are compared use that). Coverage is found from the source checkout's
    ``tests/`` folder and the shipped scenarios; installed without a checkout, clauses covered only
    by tests show as gaps.

    Raises:
        racekit.UnknownGameError: ``game`` is not a registered game.
    """
    from .core.i18n import check_lang, get_lang
    lang = check_lang(lang) if lang else get_lang()
    table = _rules(game, coverage, lang)
    table.lang = lang
    return table


def _rules(game: str, coverage: bool, lang: str) -> Rules:
    from .core.clauses import coverage as find_coverage
    from .core.clauses import load_clauses
    from .core.game import game_class
    from .core.i18n import clause_text
    gt = game_class(game).game_type

    def words(cid, summary, decision=""):
        return (clause_text(game, cid, summary, lang),
                clause_text(game, cid, decision, lang, field="decision"))
    spec = load_clauses(game)
    presets = {entry.id: tuple(entry.presets) for entry in spec.clauses}
    rows = []
    if coverage:
        for cov in find_coverage(game):
            summary, decision = words(cov.id, cov.summary, cov.decision)
            rows.append(RuleRow(cov.id, summary, presets.get(cov.id, ()), coverage_label(cov),
                                decision, cov.option))
    else:
        rows = [RuleRow(e.id, words(e.id, e.summary)[0], tuple(e.presets)) for e in spec.clauses]
        rows += [RuleRow(a.id, *words(a.id, a.summary, a.decision)[:1], (), "",
                         words(a.id, a.summary, a.decision)[1], a.option) for a in spec.ambiguities]
    from .core.i18n import has, text
    title = text(f"cli.game_names.{game}", lang=lang) if has(f"cli.game_names.{game}", lang) \
        else gt.long_name
    return Rules(game, title, rows, show_coverage=coverage)
