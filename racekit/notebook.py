"""Small helpers for the teaching notebooks: pictures of states and scenarios.

Pictures are returned as PNG ``IPython.display.Image`` objects drawn on a
private matplotlib Figure, so notebook cells never leak pyplot figures and the
stored text output (``<IPython.core.display.Image object>``) is stable for nbval.
They are drawn in racekit's style (:mod:`racekit.plotting`), so Chinese names
render when a CJK font is installed.

Everything here speaks the language in force (:func:`racekit.set_lang`; the Chinese notebooks
set ``"zh"`` in their first cell). The words a notebook's code cells print themselves come from
the catalogue ``racekit/locale/<lang>/notebooks.yaml`` through :data:`words`:
``print(nb.words("st.first_to_move"), ...)`` prints "first to move:" or "先走的是：", so one
code cell serves both languages.
"""
from __future__ import annotations

import io

from .core.i18n import Texts, get_lang, option_text, scenario_text, seat_name, text
from .core.scenarios import ScenarioResult, run_scenario, scenario_paths
from .figures import board_size, plotter
from .plotting import TITLE_PX, game_name, game_title, px_font, style


words = Texts("notebooks")
"""The notebooks' own words in the language in force: ``words("key", **fields)`` is the entry
``key`` of ``racekit/locale/<lang>/notebooks.yaml`` (a ``str.format`` template);
``words.mapping("about")`` the entries under ``about`` as a mapping.

Raises:
    racekit.core.i18n.MissingText: the catalogue has no such key.
"""


__all__ = ["words", "seat_name", "game_name", "option_help", "content_name", "keep_lang", "columns",
           "ljust", "wrap", "shorten", "picture", "before_after", "explain", "scenario_title", "run",
           "game_table", "gallery"]


def keep_lang(function):
    """``function`` run in the language in force now, wherever it is called later: for a widget's
    callback, which the kernel may run outside the context of the cell that set the page's
    language (:func:`racekit.set_lang` sets a context variable: another thread, as ipykernel 7 may
    use for comm messages, starts from ``RACEKIT_LANG`` or English)."""
    import functools

    from .core.i18n import use_lang
    lang = get_lang()

    @functools.wraps(function)
    def run(*args, **kwargs):
        with use_lang(lang):
            return function(*args, **kwargs)
    return run


def content_name(game_id: str, name: str) -> str:
    """A content name of ``game_id`` (a card, a character, an event) in the language in force:
    the game's registered translation (``racekit.core.i18n.register_names``), else ``name``."""
    from .core import i18n
    function = i18n._NAMES.get(game_id)
    return function(name) if function is not None and name is not None and get_lang() != "en" else name


def option_help(game, option) -> str:
    """The help of one of ``game``'s options (a :class:`racekit.core.game.Option`) in the
    language in force (Chinese: ``locale/zh/options.yaml``)."""
    return option_text(game.game_type.id, option.name, option.doc)


def columns(text_: str) -> int:
    """How many columns ``text_`` takes in a monospace output (a Chinese character takes two)."""
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text_)


def ljust(text_: str, width: int) -> str:
    """``text_`` padded with spaces to ``width`` columns (``str.ljust`` counting a Chinese
    character as two columns), so that Chinese names line up in a printed table."""
    return text_ + " " * max(0, width - columns(text_))


def wrap(text_: str, width: int) -> list[str]:
    """``text_`` cut into lines of at most ``width`` columns: at spaces in English
    (``textwrap.wrap``), anywhere but before a closing punctuation mark in Chinese."""
    import textwrap
    if text_.isascii():
        return textwrap.wrap(text_, width)
    lines, line = [], ""
    for ch in text_:
        if columns(line + ch) > width and line and ch not in "，。；：、）》”！？":
            lines.append(line.rstrip())
            line = ch.lstrip()
        else:
            line += ch
    return lines + ([line] if line else [])


def shorten(text_: str, width: int) -> str:
    """``text_`` cut to ``width`` columns with a mark where it was cut: at a word in English
    (``textwrap.shorten``), at a character in Chinese (a Chinese character takes two columns)."""
    import textwrap
    if text_.isascii():
        return textwrap.shorten(text_, width)
    out, used = "", 0
    for ch in " ".join(text_.split()):
        w = columns(ch)
        if used + w > width - 1:
            return out + "…"
        out, used = out + ch, used + w
    return out


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


PICTURE_DPI = 100


def pair_layout(game_id: str) -> str:
    """How :func:`before_after` places the game's two pictures: ``"rows"`` (one above the other,
    for a long board drawn across the width: its plot module says ``PAIR_LAYOUT = "rows"``) or
    ``"columns"`` (side by side)."""
    import importlib

    from .core.game import game_class
    module = importlib.import_module(game_class(game_id).game_type.plot.partition(":")[0])
    return getattr(module, "PAIR_LAYOUT", "columns")


def picture_figure(state, title: str | None = None, size=None, **kw):
    """The matplotlib Figure :func:`picture` shows (for measuring it: racekit.plotting.measure)."""
    from matplotlib.figure import Figure
    game_id = state.game.game_type.id
    with style():
        fig = Figure(figsize=size or board_size(game_id), dpi=PICTURE_DPI, layout="constrained")
        ax = fig.add_subplot()
        plotter(game_id)(state, ax, **kw)
        if title:
            ax.set_title(title, fontsize=px_font(fig, TITLE_PX))
    return fig


def picture(state, title: str | None = None, size=None, **kw):
    """A PNG picture of ``state`` (keyword arguments go to the game's ``draw``); ``size`` in
    inches at 100 dpi, default the game's picture size (:func:`board_size`)."""
    from IPython.display import Image
    return Image(_png(picture_figure(state, title, size, **kw)))


class Panel:
    """Words and a picture that a control's callback replaces in place: ``.widget`` (an
    ``ipywidgets.VBox`` of an HTML and an Image, the picture at most the page's width) and
    :meth:`show`. Used instead of an ``ipywidgets.Output``: nothing is captured from the cell's
    output stream, so Voilà's executor has no output widget to follow while it renders the page
    (the Leaf Marathon page, the only one with Output widgets, twice failed to show its
    explorer in Voilà)."""

    def __init__(self):
        import ipywidgets as widgets
        self.text = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", height="auto"))
        self.widget = widgets.VBox([self.text, self.image])

    def show(self, text: str, picture) -> None:
        """Show ``text`` (plain, kept as written, line by line) and ``picture`` (PNG bytes, or an
        ``IPython.display.Image`` as :func:`picture` and :func:`before_after` return)."""
        import html
        self.text.value = f"<pre style='white-space:pre-wrap'>{html.escape(text)}</pre>"
        self.image.value = picture.data if hasattr(picture, "data") else bytes(picture)


def before_after_figure(result: ScenarioResult, size=None):
    """The matplotlib Figure :func:`before_after` shows."""
    from matplotlib.figure import Figure
    game_id = result.scenario.game
    rows = pair_layout(game_id) == "rows"
    if size is None:
        w, h = board_size(game_id)
        size = (w, 2 * h) if rows else (w, h + 0.8)   # side by side: room for the titles
    with style():
        fig = Figure(figsize=size, dpi=PICTURE_DPI, layout="constrained")
        draw = plotter(game_id)
        for i, (state, label) in enumerate([(result.before, words("before")),
                                            (result.after, words("after"))]):
            ax = fig.add_subplot(2, 1, i + 1) if rows else fig.add_subplot(1, 2, i + 1)
            draw(state, ax)
            ax.set_title(f"{result.id} {label}", fontsize=px_font(fig, TITLE_PX))
    return fig


def before_after(result: ScenarioResult, size=None):
    """The scenario's start and end positions, side by side (or one above the other for a long
    board, :func:`pair_layout`), as a PNG picture; ``size`` in inches at 100 dpi (default: each
    picture at the game's picture size)."""
    from IPython.display import Image
    return Image(_png(before_after_figure(result, size)))


def scenario_title(result: ScenarioResult) -> str:
    """A scenario's title in the language in force (a shipped scenario's Chinese title from its
    game's ``locale/zh/scenarios.yaml``; a user's own scenario keeps its own words)."""
    sc = result.scenario
    return scenario_text(getattr(sc, "game", "") or "", sc.id, "title", sc.title)


def explain(result: ScenarioResult, events: bool = True) -> str:
    """The scenario in words: title, clauses, the rule's outcome, what happened, pass or fail."""
    sc = result.scenario
    game = getattr(sc, "game", "") or ""
    lines = [words("explain.title", id=sc.id, title=scenario_text(game, sc.id, "title", sc.title)),
             words("explain.rules", clauses=", ".join(sc.clauses)),
             words("explain.outcome", outcome=scenario_text(game, sc.id, "outcome", sc.outcome))]
    if events and result.after is not None:
        # every event, the set-up's own automatic steps (ply -1) first: they are part of the story
        for event in result.after.events:
            lines.append("  - " + result.after.game.render(event))
    lines.append(words("explain.check", verdict=words("explain.pass") if result.passed
                       else words("explain.fail", failures="; ".join(result.failures))))
    return "\n".join(lines)


def run(game: str, ids: list[str] | None = None) -> list[ScenarioResult]:
    """Run the shipped scenarios of ``game``: all in file order, or ``ids`` in the order given.

    Raises:
        KeyError: an id is not a shipped scenario of ``game``.
    """
    results = {}
    for path in scenario_paths(game):
        result = run_scenario(path)
        results[result.id] = result
    if ids is None:
        return list(results.values())
    missing = [i for i in ids if i not in results]
    if missing:
        raise KeyError(f"{game} has no scenario {', '.join(missing)}")
    return [results[i] for i in ids]


def game_table(games=None, about: dict | None = None):
    """The start page's list of games (default: every shipped game) as Markdown: name, seats,
    presets, and a link to the game's notebook (``<id>.ipynb`` next to the start page); with
    ``about`` (``{game_id: sentence}``), a last column says what each notebook is for."""
    from IPython.display import Markdown

    from .core.game import game_class
    from .games import SHIPPED
    head = [words("table.game"), words("table.players"), words("table.presets"), words("table.notebook")]
    if about is not None:
        head.append(words("table.about"))
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game_id in games or SHIPPED:
        gt = game_class(game_id).game_type
        presets = ", ".join(p.name for p in gt.presets) or words("table.default")
        row = (f"| **{game_name(game_id)}** | {words('table.seats', low=gt.min_players, high=gt.max_players)}"
               f" | {presets} | [{words('table.open', file=f'{game_id}.ipynb')}]({game_id}.ipynb) |")
        if about is not None:
            row += f" {about.get(game_id, '')} |"
        rows.append(row)
    return Markdown("\n".join(rows))


def gallery(games=None, columns: int = 2, width: float | None = None):
    """The start position of every game (default: every shipped game), each drawn at its own
    picture size (:func:`board_size`, so nothing crowds) in ``columns`` columns, titled with the
    games' names, as one PNG picture (a page shows it scaled to its width). ``width``: inches
    at 100 dpi (default: the columns' pictures side by side)."""
    from IPython.display import Image
    from matplotlib.figure import Figure

    from .core.game import load_game
    from .games import SHIPPED
    games = list(games or SHIPPED)
    columns = max(1, min(columns, len(games)))
    rows = -(-len(games) // columns)
    w, h = max(board_size(g)[0] for g in games), max(board_size(g)[1] for g in games)
    width = width or w * columns
    with style():
        fig = Figure(figsize=(width, width / columns * h / w * rows), dpi=PICTURE_DPI,
                     layout="constrained")
        for i, game_id in enumerate(games):
            ax = fig.add_subplot(rows, columns, i + 1)
            plotter(game_id)(load_game(game_id).new_initial_state(), ax)
            ax.set_title(game_title(game_id) if get_lang() == "en" else game_name(game_id),
                         fontsize=px_font(fig, TITLE_PX + 4))
        return Image(_png(fig))
