"""End to end in Voila: every notebook served as an app, driven in Debian Chromium through Playwright.

One Voila server on notebooks/ (tree mode: ``voila notebooks/``, as the README says) and one page
per notebook, all opened at once so their kernels run side by side; the tests of a notebook share
its page. The notebooks are notebooks/index.ipynb and one per shipped game
(racekit.games.SHIPPED: a new game joins these tests by registering; a missing notebook fails).

- Every game: Step changes the event log and the board picture (the PNG bytes, not just the
  image URL); Back restores the earlier picture and log; Reset with another seed gives another
  game (other pictures and log after the same number of Steps).
- The start page: a link to every shipped game's notebook, the gallery picture, the rules table.
- A class: six browser contexts open the Aeroplane Chess page at once; every page shows its explorer.
- Snow Tails: Reset, Step to the first card play; with the card toggles put one card on the left
  dog (a value that makes the sled drift), check the preview names that play, Step, check the log
  and the picture; then choose when to drift with the F/DL/DR toggles (not the preselected
  sequence), check the preview, Step, and check the log shows "steers: <that sequence>".
- Lessons (notebooks/lessons.ipynb, same server and browser): the self-study widget judges one
  Wingsuit lesson answered right and the next answered wrong; the reveal and the score follow.

On a failure the page is saved as a screenshot into tmp/artifacts/ (see browser_helpers). The
server is stopped by its process id whatever happens. Needs /usr/bin/chromium
(``bash tools/install-chromium.sh``); skipped without it. Never run ``playwright install``.
"""
from __future__ import annotations

import re
import string
import subprocess
import sys
import time
from dataclasses import dataclass, field
from math import comb

import pytest

from browser_helpers import (ROOT, artifacts_on_failure, free_port, launch, png_bytes, server_command,
                             require_browser, same_picture, server_env, stop, venv_tool,
                             wait_for_port)
from racekit.games import SHIPPED

pytestmark = pytest.mark.browser

NOTEBOOKS = {name: ROOT / "notebooks" / f"{name}.ipynb" for name in ("index", *SHIPPED)}
STEPS = 3
RESET_STEPS = 6   # past secret opening choices (Leaf Marathon's character draft looks the same for every seed)
PAGE_TIMEOUT_MS = 300_000    # kernel start + every cell (five kernels run side by side on 2 cores)
CHANGE_TIMEOUT_MS = 30_000   # one Step: kernel round trip + one PNG
MAX_WALK = 120               # Steps allowed to reach the first Snow Tails card play
STATUS = ".racekit-explorer .widget-html"   # the status line is the explorer's first HTML
LOG = ".racekit-explorer .racekit-log"
TEXT_CHANGED = ("([sel, old]) => { const el = document.querySelector(sel);"
                " return el && el.innerText !== old; }")
TEXT_IS = ("([sel, old]) => { const el = document.querySelector(sel);"
           " return el && el.innerText === old; }")
SRC_CHANGED = ("([sel, old]) => { const el = document.querySelector(sel);"
               " return el && el.getAttribute('src') && el.getAttribute('src') !== old; }")
BOARD = ".racekit-explorer img.racekit-board"


def _ply(status: str) -> int:
    """The ply shown in the explorer's status line ("... ply 3 of 7 ..." or "step 3 of 7")."""
    match = re.search(r"\b(?:ply|step) (\d+) of \d+", status)
    assert match, f"no ply in the status line: {status!r}"
    return int(match.group(1))


@dataclass
class Page:
    """One notebook's page on the Voila server."""
    name: str
    page: object
    log_path: object
    started: float
    explorer: object = None
    timings: dict = field(default_factory=dict)

    def mark(self, what: str) -> None:
        self.timings[what] = time.monotonic() - self.started


@pytest.fixture(scope="module")
def browser():
    """The module's one browser (Debian Chromium): a second sync Playwright in one thread is
    refused, so every fixture of this module opens its pages here."""
    sync_api = require_browser()
    pw, chromium = launch(sync_api)
    try:
        yield chromium
    finally:
        chromium.close()
        pw.stop()


@pytest.fixture(scope="module")
def voila_pages(tmp_path_factory, browser):
    """One Voila server on notebooks/, a page per notebook opened at once; stopped by pid."""
    voila = venv_tool("voila")
    missing = [str(p) for p in NOTEBOOKS.values() if not p.exists()]
    assert not missing, f"missing notebooks (build them: .venv/bin/python tools/build_notebooks.py): {missing}"
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    port = free_port()
    started = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([*server_command(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                 "--show_tracebacks=True",
                                 # five kernels start side by side on 2 cores: allow a slow start
                                 "--VoilaExecutor.startup_timeout=240", "notebooks"],
                                cwd=ROOT, env=server_env(), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    pages: dict[str, Page] = {}
    try:
        wait_for_port(port, proc, "voila")
        try:
            for name, path in NOTEBOOKS.items():  # "commit": do not wait for this kernel before the next
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"http://127.0.0.1:{port}/voila/render/{path.name}", wait_until="commit",
                          timeout=PAGE_TIMEOUT_MS)
                pages[name] = Page(name, page, log_path, started)
            yield pages
        finally:
            for p in pages.values():
                p.page.close()
    finally:
        stop(proc)
        for p in pages.values():
            print(f"voila timings for {p.name} (s from server start): "
                  + ", ".join(f"{k} {v:.1f}" for k, v in p.timings.items()), file=sys.stderr)


def _explorer(s: Page):
    """The explorer of the page once its Step button shows (fails fast on a cell's traceback)."""
    if s.explorer is not None:
        return s.explorer
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    page = s.page
    explorer = page.locator(".racekit-explorer").first
    step = explorer.get_by_role("button", name="Step", exact=True)
    # a failing cell shows its traceback (--show_tracebacks): fail fast with it
    stderr = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
    step.or_(stderr).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    if not step.is_visible():
        try:
            step.wait_for(state="visible", timeout=3000)
        except PlaywrightTimeout:
            pytest.fail("the notebook failed before the explorer showed:\n"
                        + "\n".join(stderr.all_inner_texts())[-3000:])
    explorer.locator("img.racekit-board").wait_for(state="visible", timeout=CHANGE_TIMEOUT_MS)
    s.mark("page")
    s.explorer = explorer
    return explorer


def _no_error(explorer) -> None:
    error_box = explorer.locator(".racekit-error")
    errors = error_box.inner_text() if error_box.is_visible() else ""
    assert not errors, f"the explorer shows an error: {errors}"


def _step(page, explorer) -> None:
    """Click Step and wait until the status line changed (the ply it shows advanced)."""
    old = explorer.locator(".widget-html").first.inner_text()
    explorer.get_by_role("button", name="Step", exact=True).click()
    page.wait_for_function(TEXT_CHANGED, arg=[STATUS, old], timeout=CHANGE_TIMEOUT_MS)


def _step_and_check_change(page, explorer) -> tuple[bytes, str]:
    """Click Step; wait for a new board picture and a new log; return (PNG bytes, log text)."""
    board = explorer.locator("img.racekit-board")
    event_log = explorer.locator(".racekit-log")
    src, text = board.get_attribute("src"), event_log.inner_text()
    before = png_bytes(board)
    explorer.get_by_role("button", name="Step", exact=True).click()
    page.wait_for_function(SRC_CHANGED, arg=[BOARD, src], timeout=CHANGE_TIMEOUT_MS)
    page.wait_for_function(TEXT_CHANGED, arg=[LOG, text], timeout=CHANGE_TIMEOUT_MS)
    # the log is sent before the picture, and on a loaded machine the picture can come a little
    # later: give it a few seconds to show a change (a Step that changes nothing still fails)
    picture = png_bytes(board)
    for _ in range(40):
        if not same_picture(before, picture, tolerance=0.0):
            break
        page.wait_for_timeout(250)
        picture = png_bytes(board)
    return picture, event_log.inner_text()


def _seed_box(explorer):
    """The explorer's seed input (the text box labelled Seed)."""
    return explorer.locator(".widget-inline-hbox").filter(
        has=explorer.page.locator("label", has_text=re.compile(r"^\s*seed\s*$", re.I))).locator("input")


@pytest.mark.parametrize("name", SHIPPED)
def test_voila_step_changes_log_and_picture_and_back_restores_it(voila_pages, name):
    s = voila_pages[name]
    with artifacts_on_failure(s.page, f"voila-{name}-step-back", s.log_path):
        page = s.page
        explorer = _explorer(s)
        for button in ("Back", "Forward", "Reset"):
            assert explorer.get_by_role("button", name=button, exact=True).count() == 1
        board = explorer.locator("img.racekit-board")
        event_log = explorer.locator(".racekit-log")
        status = explorer.locator(".widget-html").first
        pictures = [png_bytes(board)]
        logs = [event_log.inner_text()]
        plies = [_ply(status.inner_text())]
        for _ in range(STEPS):
            picture, text = _step_and_check_change(page, explorer)
            pictures.append(picture)
            logs.append(text)
            plies.append(_ply(status.inner_text()))
        s.mark("steps")
        _no_error(explorer)
        for i in range(STEPS):
            assert not same_picture(pictures[i], pictures[i + 1], tolerance=0.0), f"Step {i + 1} did not change the picture"
        assert len(set(logs)) == STEPS + 1, "the event log did not change on every Step"
        assert "[" in logs[-1] and "]" in logs[-1], \
            f"event sentences should end with clause IDs: {logs[-1]!r}"
        assert plies == sorted(set(plies)), f"every Step should advance the ply: {plies}"

        # time travel: Back (as often as needed, if a Step took several plies) returns to the
        # position before the last Step, with its log and picture
        for _ in range(plies[-1] - plies[-2]):
            old = status.inner_text()
            explorer.get_by_role("button", name="Back", exact=True).click()
            page.wait_for_function(TEXT_CHANGED, arg=[STATUS, old], timeout=CHANGE_TIMEOUT_MS)
            if _ply(status.inner_text()) <= plies[-2]:
                break
        assert _ply(status.inner_text()) == plies[-2], status.inner_text()
        page.wait_for_function(TEXT_IS, arg=[LOG, logs[-2]], timeout=CHANGE_TIMEOUT_MS)
        back = png_bytes(board)
        for _ in range(40):   # the picture may arrive just after the log: wait for the earlier
            # picture itself, not one merely close to it (a Step may change only a few pixels)
            if same_picture(back, pictures[-2]) and \
                    not same_picture(back, pictures[-1], tolerance=0.0):
                break
            page.wait_for_timeout(250)
            back = png_bytes(board)
        assert same_picture(back, pictures[-2]), "Back did not restore the earlier picture"
        assert not same_picture(back, pictures[-1], tolerance=0.0)
        _no_error(explorer)
        s.mark("back")


def _settled_picture(page, board, reads: int = 4, most: int = 40) -> bytes:
    """The board picture once ``reads`` reads 250 ms apart have given the same bytes (at most
    ``most`` reads)."""
    last, same = png_bytes(board), 1
    for _ in range(most):
        if same >= reads:
            break
        page.wait_for_timeout(250)
        now = png_bytes(board)
        same = same + 1 if now == last else 1
        last = now
    return last


@pytest.mark.parametrize("name", SHIPPED)
def test_voila_reset_with_another_seed_gives_another_game(voila_pages, name):
    s = voila_pages[name]
    with artifacts_on_failure(s.page, f"voila-{name}-reset-seed", s.log_path):
        from playwright.sync_api import expect
        page = s.page
        explorer = _explorer(s)
        status = explorer.locator(".widget-html").first
        board = explorer.locator("img.racekit-board")
        seed_box = _seed_box(explorer)
        expect(seed_box).to_have_count(1)
        games = {}
        for seed in (11, 12):
            seed_box.fill(str(seed))
            seed_box.press("Tab")
            explorer.get_by_role("button", name="Reset", exact=True).click()
            expect(status).to_contain_text(re.compile(rf"\bseed {seed}\b.*\b(?:ply|step) 0 of 0\b"),
                                           timeout=CHANGE_TIMEOUT_MS)
            seen = [png_bytes(board)]
            for _ in range(RESET_STEPS):
                _step(page, explorer)
                seen.append(png_bytes(board))
            # the picture may arrive just after the log: the last one once it has stopped changing
            seen[-1] = _settled_picture(page, board)
            games[seed] = (seen, explorer.locator(".racekit-log").inner_text())
        _no_error(explorer)
        (a, log_a), (b, log_b) = games.values()
        assert log_a != log_b, "another seed gave the same log"
        # early in Leaf Marathon (the opening exchange) two seeds differ in a few pixels only
        # (a hand's weight, its number of cards): any pixel counts, not the usual tolerance
        assert any(not same_picture(x, y, tolerance=0.0) for x, y in zip(a, b)), \
            "another seed gave the same pictures"
        s.mark("reset")


def test_voila_start_page_links_every_game(voila_pages):
    s = voila_pages["index"]
    with artifacts_on_failure(s.page, "voila-index", s.log_path):
        from playwright.sync_api import expect
        page = s.page
        body = page.locator("body")
        expect(page.get_by_role("heading", name=re.compile("racekit"))).to_be_visible(timeout=PAGE_TIMEOUT_MS)
        for game in SHIPPED:
            link = page.locator(f"a[href$='{game}.ipynb']")
            expect(link).to_have_count(1, timeout=PAGE_TIMEOUT_MS)
        expect(page.locator("table.racekit-rules-table")).to_be_visible(timeout=PAGE_TIMEOUT_MS)
        expect(page.locator("img").first).to_be_visible()
        assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0, \
            body.inner_text()[-3000:]
        # each link leads to the game's app on the same server (the page its tests use)
        for game in SHIPPED:
            url = page.locator(f"a[href$='{game}.ipynb']").evaluate("a => a.href")
            assert url == voila_pages[game].page.url, (url, voila_pages[game].page.url)
        s.mark("index")


def _drift_sequences(speed: int, drift: int, side: str) -> list[str]:
    """Every way to take ``drift`` of ``speed`` steps as drifts to ``side`` ("DL"/"DR"), late drifts first."""
    from itertools import combinations
    out = []
    for where in combinations(range(speed), drift):
        out.append(" ".join(side if i in where else "F" for i in range(speed)))
    return sorted(out, key=lambda seq: [-i for i, w in enumerate(seq.split()) if w != "F"])


def test_voila_snow_tails_cards_and_drift(voila_pages):
    """Snow Tails in Chromium: put a card on the left dog with the toggles, Step; choose when to drift, Step."""
    from playwright.sync_api import expect
    if "snow_tails" not in voila_pages:
        pytest.skip("notebooks/snow_tails.ipynb is missing")
    s = voila_pages["snow_tails"]
    with artifacts_on_failure(s.page, "voila-snow_tails-cards-drift", s.log_path):
        page = s.page
        explorer = _explorer(s)
        status = explorer.locator(".widget-html").first
        preview = explorer.locator(".racekit-controls .racekit-preview")

        # a fresh game (the page may come from the generic test), then Step to the first card play
        explorer.get_by_role("button", name="Reset", exact=True).click()
        expect(status).to_contain_text(re.compile(r"\b(?:ply|step) 0 of 0\b"), timeout=CHANGE_TIMEOUT_MS)
        for _ in range(MAX_WALK):
            text = status.inner_text()
            if "phase play" in text and "to act" in text:
                break
            _step(page, explorer)
        else:
            pytest.fail(f"no card play after {MAX_WALK} Steps: {status.inner_text()!r}")
        _no_error(explorer)
        s.mark("walk")
        ply = _ply(status.inner_text())

        # step 1: the card toggles. One card on the left dog, of a value other than the right
        # dog's, so the dogs differ and the sled drifts; the most ways to drift first.
        play = explorer.locator(".racekit-controls.racekit-play")
        play.wait_for(state="visible", timeout=CHANGE_TIMEOUT_MS)
        expect(preview).to_contain_text("Step will try:", timeout=CHANGE_TIMEOUT_MS)
        header = play.locator(".racekit-controls-header").inner_text()
        mat = re.search(r"now L(\d+) R(\d+) B(\d+)", header)
        assert mat, f"no mat in the controls header: {header!r}"
        _, right, brake = map(int, mat.groups())
        columns = play.locator(".racekit-input")
        expect(play.locator(".racekit-card")).to_have_count(columns.count())
        values = [int(re.fullmatch(r"card (\d)", columns.nth(i).locator(".widget-html").inner_text()
                                   .strip()).group(1)) for i in range(columns.count())]
        assert values, "no card toggles"

        def ways(v):  # ways to place the drift at the move after playing v to L
            speed = v + right - brake
            return comb(speed, min(abs(v - right), speed)) if speed > 0 else 0
        moving = {v for v in values if ways(v)}   # speed 1 or more: there is a move to steer
        candidates = sorted({v for v in moving if v != right} or moving, key=lambda v: (-ways(v), -v))
        assert candidates, f"no card gives a speed of 1 or more: {values}, {header!r}"
        for value in candidates:
            chosen = values.index(value)
            for i in range(len(values)):
                spot = "L" if i == chosen else "-"
                columns.nth(i).get_by_role("button", name=spot, exact=True).click()
            wanted = f"Step will try: play {value} to L"
            expect(preview).to_contain_text(wanted, timeout=CHANGE_TIMEOUT_MS)
            if "refused" not in preview.inner_text():
                break
        else:
            pytest.fail(f"no single card to L is legal: {values}, {header!r}, {preview.inner_text()!r}")
        expect(preview).to_have_text(re.compile(rf"^\s*{re.escape(wanted)}\s*$"))
        expect(columns.nth(chosen).get_by_role("button", name="L", exact=True)).to_have_class(
            re.compile(r"\bmod-active\b"))
        _, log_text = _step_and_check_change(page, explorer)
        _no_error(explorer)
        assert re.search(rf"plays 1 card(?:s|\(s\))? of value {value} to L:", log_text), log_text
        assert _ply(status.inner_text()) == ply + 1, status.inner_text()
        expect(status).to_contain_text("phase move")
        s.mark("cards")

        # step 2: the step toggles. Take the drift at other steps than the preselected sequence.
        move = explorer.locator(".racekit-controls.racekit-move")
        move.wait_for(state="visible", timeout=CHANGE_TIMEOUT_MS)
        header = move.locator(".racekit-controls-header").inner_text()
        turn = re.search(r"speed (\d+), (?:no drift|drift (\d+) to the (left|right))", header)
        assert turn, f"no speed in the controls header: {header!r}"
        speed, drift = int(turn.group(1)), int(turn.group(2) or 0)
        side = "DL" if turn.group(3) == "left" else "DR"
        assert drift == min(abs(value - right), speed), header
        steps = move.locator(".racekit-input")
        expect(steps).to_have_count(speed)
        expect(move.locator(".racekit-step")).to_have_count(speed)
        expect(preview).to_contain_text("Step will try:", timeout=CHANGE_TIMEOUT_MS)
        default = re.sub(r"^\s*Step will try:\s*", "", preview.inner_text()).strip()
        sequences = _drift_sequences(speed, drift, side)
        assert default in sequences, (default, sequences)
        sequence = next((q for q in sequences if q != default), default)
        for i, (new, old) in enumerate(zip(sequence.split(), default.split())):
            if new != old:
                steps.nth(i).get_by_role("button", name=new, exact=True).click()
        expect(preview).to_have_text(re.compile(rf"^\s*Step will try: {re.escape(sequence)}\s*$"),
                                     timeout=CHANGE_TIMEOUT_MS)
        _, log_text = _step_and_check_change(page, explorer)
        _no_error(explorer)
        assert f"steers: {sequence}." in log_text, log_text
        assert _ply(status.inner_text()) == ply + 2, status.inner_text()
        s.mark("drift")
        print(f"snow tails: played {value} to L, steered {sequence} (preselected {default})",
              file=sys.stderr)


# ----- a class at once ---------------------------------------------------------------------------
CLASS = 6


def test_voila_a_class_of_six_opens_one_page_at_once(voila_pages):
    """Six students, a browser context each, open the Aeroplane Chess page at the same moment on the
    module's Voila server (pre-heated as shipped in notebooks/voila.json): every page shows its
    explorer with no error, and the server never skipped a cell for want of its output."""
    from racekit.sim.pages_bench import READY
    s = voila_pages["aeroplane_chess"]
    browser = s.page.context.browser      # the module's browser: one sync Playwright per thread
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(CLASS)]
    try:
        pages = [c.new_page() for c in contexts]
        started = time.monotonic()
        for page in pages:                 # "commit": every request is under way before any is done
            page.goto(s.page.url, wait_until="commit", timeout=PAGE_TIMEOUT_MS)
        seconds = []
        for i, page in enumerate(pages):
            with artifacts_on_failure(page, f"voila-class-{i}", s.log_path):
                state = page.wait_for_function(READY, arg=True, timeout=PAGE_TIMEOUT_MS,
                                               polling=250).json_value()
                assert state == "ok", f"student {i + 1}: {state}"
                seconds.append(time.monotonic() - started)
        log = s.log_path.read_text(errors="replace")
        assert "Timeout waiting for IOPub output" not in log, "the server skipped a cell's output"
        print(f"a class of {CLASS}: every page usable, the last after {max(seconds):.1f} s",
              file=sys.stderr)
    finally:
        for c in contexts:
            c.close()


def test_voila_a_class_of_six_replayed_students_gets_the_explorer_from_the_server(voila_pages):
    """The class benchmark's server-only measure (racekit bench --class N --clients replay): one
    recorded browser visit of the Aeroplane Chess page, then six students at once ask the module's
    server for the same files and the widget state over the kernel's websocket (the v1 protocol,
    as JupyterLab). Every one gets a page with a kernel and the explorer's state, board included."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    from types import SimpleNamespace
    from urllib.parse import urlparse

    from racekit.sim import pages_bench
    from racekit.sim.pages_bench import READY
    s = voila_pages["aeroplane_chess"]
    port = urlparse(s.page.url).port
    base = f"http://127.0.0.1:{port}/"
    server = SimpleNamespace(port=port, url=lambda name: f"{base}voila/render/{name}.ipynb")
    context = s.page.context.browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        urls = []
        page.on("requestfinished", lambda r: urls.append(r.url))
        page.goto(server.url("aeroplane_chess"), wait_until="commit", timeout=PAGE_TIMEOUT_MS)
        assert page.wait_for_function(READY, arg=True, timeout=PAGE_TIMEOUT_MS).json_value() == "ok"
    finally:
        context.close()
    files = pages_bench.assets(urls, base, server.url("aeroplane_chess"))
    assert len(files) > 20 and any(f.endswith(".js") or ".js?" in f for f in files), files
    with ThreadPoolExecutor(1) as pool:     # an event loop of its own, beside sync Playwright's
        visits = pool.submit(asyncio.run, pages_bench._replayed_class(
            server, "aeroplane_chess", CLASS, files, PAGE_TIMEOUT_MS / 1000)).result()
    assert [v.problem for v in visits] == [""] * CLASS, [v.problem for v in visits]
    assert all(v.seconds is not None for v in visits)
    print(f"{CLASS} replayed students: the last had the explorer's state after "
          f"{max(v.seconds for v in visits):.1f} s", file=sys.stderr)


# ----- secrecy in "You play" mode, in the browser --------------------------------------------
SECRET_SEED = 2**100 + 4242
_WORLD_CELL = '''
import sys
sys.path.insert(0, {tests!r})
import racekit
from secrecy_helpers import twins
from racekit.games.leaf_marathon import cards

def weights(state):
    return [cards.hand_weight(state, seat) for seat in range(state.n)]

# two games that differ only in a card of another weight drawn into Blue's hand (LM-AMB-43)
t = twins("leaf_marathon", viewer=0, phases=("draw",), when=lambda s: min(s.char) >= 0,
          differs=lambda a, b: weights(a) != weights(b), players=3)
line = t.line_{world}
ex = racekit.explore("leaf_marathon", seed={seed}, players=3, agent="random", human=0)
for action in line[:t.same]:
    ex.session.step(action)
    state = ex.session.state
    if state.ply > t.ply and state.current_player() == 0:
        break      # Red's own decision, with Blue's card still secret from Red
ex.refresh()
ex
'''


@pytest.fixture(scope="module")
def secrecy_pages(tmp_path_factory, voila_pages):
    """A Voila server on two generated notebooks, world A and world B; a page for each, in the
    browser the module's other pages use (a second sync Playwright in one thread is refused)."""
    import nbformat
    require_browser()
    voila = venv_tool("voila")
    folder = tmp_path_factory.mktemp("secrecy")
    for world in ("a", "b"):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(_WORLD_CELL.format(tests=str(ROOT / "tests"), world=world,
                                                                 seed=SECRET_SEED))]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, folder / f"world_{world}.ipynb")
    log_path = folder / "voila.log"
    port = free_port()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([*server_command(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                 "--show_tracebacks=True", "--VoilaExecutor.startup_timeout=240",
                                 str(folder)],
                                cwd=folder, env=server_env(), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    pages = {}
    try:
        wait_for_port(port, proc, "voila")
        browser = next(iter(voila_pages.values())).page.context.browser
        try:
            for world in ("a", "b"):
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"http://127.0.0.1:{port}/voila/render/world_{world}.ipynb", wait_until="commit",
                          timeout=PAGE_TIMEOUT_MS)
                pages[world] = Page(f"secrecy-{world}", page, log_path, time.monotonic())
            yield pages
        finally:
            for s in pages.values():
                s.page.close()
    finally:
        stop(proc)


PAGE_CONTENT = """() => {
  const root = document.querySelector('.racekit-explorer');
  // a field's value where it shows; a field in a closed panel keeps only its options (the
  // browser settles a hidden list's selection at render time, one way or the other)
  const fields = [...root.querySelectorAll('input, select, textarea')].map(
      e => e.tagName + ':' + (e.checkVisibility() ? (e.value || '') : '(hidden)') + ':'
           + [...(e.options || [])].map(o => o.text).join('|'));
  const titles = [...root.querySelectorAll('[title]')].map(e => e.getAttribute('title'));
  return JSON.stringify([root.innerText, fields, titles]);
}"""


def _settled(page, reads: int = 4, pause_ms: int = 400, tries: int = 150) -> str:
    """The explorer's text, fields and tooltips once they stop changing (``reads`` equal reads in a
    row). The explorer's root shows before every child view has rendered, and on a loaded machine
    the last views (the log's entries, a control's options) arrive later: a page read too early
    differs from a finished one by what had not rendered yet, not by a secret."""
    last, same = None, 0
    for _ in range(tries):
        content = page.evaluate(PAGE_CONTENT)
        same = same + 1 if content == last else 1
        if same >= reads:
            return content
        last = content
        page.wait_for_timeout(pause_ms)
    raise AssertionError(f"the explorer's page kept changing for {tries * pause_ms / 1000:.0f} s")


def test_voila_you_play_page_is_the_same_in_two_games_differing_in_another_seats_secret(secrecy_pages):
    """Red's page (Leaf Marathon, Red against the random agent) in two games where Blue drew a card of
    another weight: the same text, fields, tooltips and picture; the seed appears nowhere."""
    seen = {}
    for world, s in secrecy_pages.items():
        with artifacts_on_failure(s.page, f"voila-secrecy-{world}", s.log_path):
            explorer = _explorer(s)
            _no_error(explorer)
            board = explorer.locator("img.racekit-board")
            content = _settled(s.page)
            assert "Red" in content and "to act" in content
            assert str(SECRET_SEED) not in s.page.content(), "the page shows the seed"
            seen[world] = (content, png_bytes(board))
    (text_a, picture_a), (text_b, picture_b) = seen["a"], seen["b"]
    assert text_a == text_b, "Red's page text tells the two games apart"
    assert picture_a == picture_b, "Red's board picture tells the two games apart"


# ----- finding one's way: contents links and the scenario picker (issue 19) ------------------
def _nav_notebook(folder):
    """notebooks/wingsuit.ipynb as the builder makes it now (tools/build_notebooks.py: contents list,
    sections), its text cells only plus the explorer's cell: the page Voila serves, without the
    pictures' work."""
    import nbformat
    sys.path.insert(0, str(ROOT / "tools"))
    import build_notebooks as builder
    cells = builder.cells_of("wingsuit")
    keep = [c for c in cells if c.cell_type == "markdown"
            or (c.cell_type == "code" and "racekit.explore(" in c.source)]
    keep.insert(0, nbformat.v4.new_code_cell("import racekit"))
    nb = nbformat.v4.new_notebook()
    nb.cells = keep
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "wingsuit_nav.ipynb")
    return cells[1]


@pytest.fixture(scope="module")
def nav_page(tmp_path_factory, browser):
    """A Voila server on one generated page (Wingsuit's text, contents list and explorer), opened
    in the module's browser; stopped by pid."""
    voila = venv_tool("voila")
    folder = tmp_path_factory.mktemp("nav")
    contents = _nav_notebook(folder)
    log_path = folder / "voila.log"
    port = free_port()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([*server_command(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                 "--show_tracebacks=True", "--VoilaExecutor.startup_timeout=240",
                                 str(folder)],
                                cwd=folder, env=server_env(), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    page = None
    try:
        wait_for_port(port, proc, "voila")
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"http://127.0.0.1:{port}/voila/render/wingsuit_nav.ipynb", wait_until="commit",
                  timeout=PAGE_TIMEOUT_MS)
        yield Page("nav", page, log_path, time.monotonic()), contents
    finally:
        if page is not None:
            page.close()
        stop(proc)


IN_VIEW = """(sel) => { const el = document.querySelector(sel); if (!el) return false;
  const r = el.getBoundingClientRect(); return r.top >= -2 && r.top < window.innerHeight / 2; }"""


def test_voila_contents_links_jump_to_their_sections(nav_page):
    """Each link of the contents list scrolls its section's heading to the top of the page, the
    explorer's link to the explorer; the URL names the section."""
    s, contents = nav_page
    page = s.page
    with artifacts_on_failure(page, "voila-contents", s.log_path):
        _explorer(s)
        hrefs = page.locator("a[href^='#']:not(.anchor-link)").evaluate_all(
            "els => els.map(e => e.getAttribute('href'))")
        wanted = ["#Explore", "#Q6.-Where-do-I-restart-after-crashing-on-the-line-between-two-cards,-and-who-goes-first?",
                  "#Setting-up", "#Q1.-Can-I-fly-outside-the-map?", "#What-the-text-says,-what-the-kit-chose"]
        for href in wanted:
            assert href in hrefs, f"the contents list has no link {href}: {hrefs}"
        top = "(sel) => document.querySelector(sel).getBoundingClientRect().top"
        for href in wanted:
            link = page.locator(f"a[href='{href}']:not(.anchor-link)").first
            link.scroll_into_view_if_needed()
            target = f"[id='{href[1:]}']"
            before = page.evaluate(top, target)
            if href in wanted[:2]:    # the explorer and Q6 lie screens below the contents list
                assert before > 720, f"{href} is already on screen ({before:.0f} px): nothing to test"
            link.click()
            page.wait_for_function(IN_VIEW, arg=target, timeout=10_000)
            assert page.evaluate("decodeURIComponent(location.hash)") == href
        explorer = page.locator(".racekit-explorer").first
        page.locator("a[href='#Explore']:not(.anchor-link)").first.click()
        page.wait_for_function(IN_VIEW, arg="[id='Explore']", timeout=10_000)
        box = explorer.bounding_box()
        assert box and box["y"] < 720, "the explorer is not on screen after its link"


def test_voila_scenario_picker_opens_a_scenario_and_refuses_a_bad_path(nav_page):
    """Open the Scenarios panel, pick WS-SCN-06, Open: the status names it at ply 0 with its moves
    ahead, Forward walks into them; a path to no file is refused in the error box and the game
    stays."""
    from playwright.sync_api import expect
    s, _ = nav_page
    page = s.page
    with artifacts_on_failure(page, "voila-scenario-picker", s.log_path):
        explorer = _explorer(s)
        status = explorer.locator(".widget-html").first
        explorer.get_by_text("Scenarios: open one at its position").click()
        select = explorer.locator(".racekit-scenario-list select")
        expect(select.locator("option", has_text="WS-SCN-06")).to_have_count(1, timeout=CHANGE_TIMEOUT_MS)
        label = select.locator("option", has_text="WS-SCN-06").inner_text()
        select.select_option(label=label)
        explorer.get_by_role("button", name="Open", exact=True).click()
        expect(status).to_contain_text(re.compile(r"scenario WS-SCN-06 .*\bply 0 of [1-9]"),
                                       timeout=CHANGE_TIMEOUT_MS)
        _no_error(explorer)
        old = status.inner_text()
        explorer.get_by_role("button", name="Forward", exact=True).click()
        page.wait_for_function(TEXT_CHANGED, arg=[STATUS, old], timeout=CHANGE_TIMEOUT_MS)
        assert _ply(status.inner_text()) > 0 and "WS-SCN-06" in status.inner_text()
        _no_error(explorer)

        before = status.inner_text()
        path_box = explorer.locator(".racekit-scenario-path input")
        path_box.fill("no/such/case.yaml")
        path_box.press("Tab")
        explorer.get_by_role("button", name="Open file", exact=True).click()
        error = explorer.locator(".racekit-error")
        expect(error).to_contain_text("no/such/case.yaml", timeout=CHANGE_TIMEOUT_MS)
        expect(error).to_contain_text("cannot read")
        assert status.inner_text() == before, "a refused file changed the game shown"


# ----- lessons (issue 19): one answered right, one wrong, in Voila ----------------------------
@pytest.fixture(scope="module")
def lessons_page(voila_pages):
    """notebooks/lessons.ipynb on the module's Voila server, in the module's browser (a second
    sync Playwright in one thread is refused)."""
    import nbformat   # noqa: F401  (the notebook must exist: built by tools/build_notebooks.py)
    path = ROOT / "notebooks" / "lessons.ipynb"
    assert path.exists(), "build it: .venv/bin/python tools/build_notebooks.py lessons"
    first = next(iter(voila_pages.values()))
    base = first.page.url.rsplit("/", 1)[0]
    page = first.page.context.browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(f"{base}/lessons.ipynb", wait_until="commit", timeout=PAGE_TIMEOUT_MS)
        yield Page("lessons", page, first.log_path, time.monotonic())
    finally:
        page.close()


def _lesson_labels(run) -> list[str]:
    return [f"{string.ascii_uppercase[i]}. {run.words(c)}" for i, c in enumerate(run.choices)]


def test_voila_lesson_answered_right_then_wrong_shows_the_reveal_and_the_score(lessons_page):
    """Self-study on the Wingsuit lessons: the engine's answer to lesson 1 (computed here the way
    the page computes it) is judged right, a wrong choice on lesson 2 wrong; each shows the
    engine's sentences, the answer and the deciding clause; the score follows."""
    from playwright.sync_api import expect

    from racekit.core.lessons import lesson_paths, run_lesson
    s = lessons_page
    runs = [run_lesson(p) for p in lesson_paths("wingsuit")[:2]]
    with artifacts_on_failure(s.page, "voila-lessons", s.log_path):
        page = s.page
        widget = page.locator(".racekit-lesson-self").first
        stderr = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
        widget.or_(stderr).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        assert stderr.count() == 0, "\n".join(stderr.all_inner_texts())[-3000:]
        s.mark("page")
        feedback = widget.locator(".racekit-lesson-feedback")
        score = widget.locator(".racekit-lesson-score")
        reveal = widget.locator(".racekit-lesson-reveal")
        question = widget.locator(".racekit-lesson-question")
        expect(widget.locator("img.racekit-lesson-picture")).to_be_visible()
        for k, (run, right) in enumerate(zip(runs, (True, False))):
            expect(question).to_contain_text(run.lesson.question[:40], timeout=CHANGE_TIMEOUT_MS)
            labels = _lesson_labels(run)
            pick = run.choices.index(run.answer) if right else next(
                i for i, c in enumerate(run.choices) if c != run.answer)
            widget.get_by_role("radio", name=labels[pick], exact=True).check()
            widget.get_by_role("button", name="Check", exact=True).click()
            expect(feedback).to_contain_text("Right!" if right else "Not quite",
                                             timeout=CHANGE_TIMEOUT_MS)
            expect(score).to_contain_text(f"Score: 1 of {k + 1}", timeout=CHANGE_TIMEOUT_MS)
            text = reveal.inner_text()
            assert f"The engine's answer: {run.words(run.answer)}" in text, text
            assert run.lesson.decides[0] in text, text
            for step in run.steps:                       # the engine's own sentences, in order
                for sentence in step.sentences:
                    assert sentence in text, (sentence, text)
            if k == 0:
                widget.get_by_role("button", name="Next lesson", exact=True).click()
        assert widget.locator(".racekit-lesson-error").inner_text().strip() == ""
        s.mark("lessons")


# ----- pictures and controls at projector size: a 1280 x 720 screen (issue 19) ---------------------
SMALL_SCREEN = {"width": 1280, "height": 720}
WIDE_SCREEN = {"width": 1400, "height": 1000}   # the other tests' viewport
TRUNCATED = """() => {
  const root = document.querySelector('.racekit-explorer');
  const out = [];
  for (const el of root.querySelectorAll('button, .widget-label, label')) {
    if (!el.offsetParent || !el.innerText.trim()) continue;   // not shown, or no text to fit
    if (el.scrollWidth > el.clientWidth + 1)
      out.push(el.innerText.trim() + ' (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
  }
  return out;
}"""
SHOWN = "img => [img.naturalWidth, img.naturalHeight, img.getBoundingClientRect().width, " \
        "img.getBoundingClientRect().height]"


def _picture_sizes(game_id: str, shown_width: float):
    """The explorer's picture of ``game_id`` (its default size, a mid-game position) measured at
    the width the browser shows it: racekit.plotting.measure, from the figure's own geometry."""
    import racekit
    from racekit.explorer.board import DPI, Board, board_figsize, resolve_painter, resolve_plot
    from racekit.figures import midgame
    from racekit.plotting import measure
    game = racekit.load_game(game_id)
    board = Board(resolve_plot(game), figsize=board_figsize(game), dpi=DPI, painter=resolve_painter(game))
    board.render(midgame(game))
    return board.figure, measure(board.figure, width=shown_width)


@pytest.mark.parametrize("name", SHIPPED)
def test_voila_board_is_readable_and_controls_fit_on_a_1280_screen(voila_pages, name):
    """At 1280 x 720: the board picture shown at least at its own size (pieces >= 28 px, piece
    labels >= 16 px, labels >= 14 px, measured at the width Chromium shows it); no button or
    label cut short; "Enlarge board" fills the window with the picture and comes back."""
    s = voila_pages[name]
    with artifacts_on_failure(s.page, f"voila-{name}-1280", s.log_path):
        page = s.page
        explorer = _explorer(s)
        page.set_viewport_size(SMALL_SCREEN)
        try:
            board = explorer.locator("img.racekit-board")
            page.wait_for_timeout(300)   # the new layout
            natural_w, natural_h, shown_w, shown_h = board.evaluate(SHOWN)
            fig, sizes = _picture_sizes(name, shown_w)
            own = fig.get_size_inches() * fig.dpi
            assert (natural_w, natural_h) == (round(own[0]), round(own[1])), \
                "the page's picture is not the explorer's default figure"
            print(f"{name} at 1280 px: picture shown {shown_w:.0f} x {shown_h:.0f} px, pieces "
                  f"{sizes.piece:.1f} px, piece labels {sizes.piece_label:.1f} px, labels "
                  f"{sizes.label:.1f} px", file=sys.stderr)
            assert sizes.problems() == [], sizes.problems()
            assert shown_h <= SMALL_SCREEN["height"], "the board does not fit the screen's height"
            truncated = page.evaluate(TRUNCATED)
            assert truncated == [], f"controls cut short at 1280 px: {truncated}"
            options = explorer.locator(".racekit-options")
            if options.count():   # the rule options too, opened
                title = options.get_by_text(re.compile(r"^\s*Rule options")).first
                title.click()
                options.locator(".racekit-option").first.wait_for(state="visible",
                                                                  timeout=CHANGE_TIMEOUT_MS)
                truncated = page.evaluate(TRUNCATED)
                title.click()
                assert truncated == [], f"rule options cut short at 1280 px: {truncated}"

            enlarge = explorer.get_by_role("button", name="Enlarge board")
            enlarge.click()
            page.wait_for_function("() => document.querySelector('img.racekit-board.racekit-full')",
                                   timeout=CHANGE_TIMEOUT_MS)
            _, _, full_w, full_h = board.evaluate(SHOWN)
            assert (round(full_w), round(full_h)) == (SMALL_SCREEN["width"], SMALL_SCREEN["height"])
            back = explorer.get_by_role("button", name="Back to the page")
            assert back.is_visible(), "the toggle is hidden under the enlarged picture"
            back.click()
            page.wait_for_function("() => !document.querySelector('img.racekit-board.racekit-full')",
                                   timeout=CHANGE_TIMEOUT_MS)
            _no_error(explorer)
        finally:
            page.set_viewport_size(WIDE_SCREEN)


def test_voila_wingsuit_plan_controls_show_the_die_faces_at_1280(voila_pages):
    """Wingsuit's plan at 1280 px: three rows of face buttons 1 to 6, each showing its number in
    full, a hand toggle, and the Try button uncut."""
    from playwright.sync_api import expect
    s = voila_pages["wingsuit"]
    with artifacts_on_failure(s.page, "voila-wingsuit-plan-1280", s.log_path):
        page = s.page
        explorer = _explorer(s)
        page.set_viewport_size(SMALL_SCREEN)
        try:
            status = explorer.locator(".widget-html").first
            for _ in range(MAX_WALK):
                if "phase plan" in status.inner_text() and "to act" in status.inner_text():
                    break
                if explorer.get_by_role("button", name="Step", exact=True).is_disabled():
                    explorer.get_by_role("button", name="Reset", exact=True).click()
                    expect(status).to_contain_text(re.compile(r"\bply 0 of 0\b"), timeout=CHANGE_TIMEOUT_MS)
                _step(page, explorer)
            else:
                pytest.fail(f"no plan decision after {MAX_WALK} Steps: {status.inner_text()!r}")
            plan = explorer.locator(".racekit-controls.racekit-plan")
            plan.wait_for(state="visible", timeout=CHANGE_TIMEOUT_MS)
            faces = plan.locator(".racekit-face")
            expect(faces).to_have_count(3)
            for i in range(3):
                buttons = faces.nth(i).locator("button")
                assert buttons.all_inner_texts() == ["1", "2", "3", "4", "5", "6"]
                widths = buttons.evaluate_all("bs => bs.map(b => [b.clientWidth, b.scrollWidth])")
                assert all(w >= 20 and sw <= w + 1 for w, sw in widths), widths
            faces.nth(0).get_by_role("button", name="2", exact=True).click()
            expect(faces.nth(0).get_by_role("button", name="2", exact=True)).to_have_class(
                re.compile(r"\bmod-active\b"))
            truncated = page.evaluate(TRUNCATED)
            assert truncated == [], f"controls cut short at 1280 px: {truncated}"
            try_button = explorer.get_by_role("button", name="Try", exact=True)
            assert try_button.inner_text().strip() == "Try"
            _no_error(explorer)
        finally:
            page.set_viewport_size(WIDE_SCREEN)


# ----- English / 中文 (issue 20): the toggle switches the page mid-game, keeping the position --
LANG_GAME = "aeroplane_chess"
LANG_STEPS = 4
CJK = re.compile(r"[\u4e00-\u9fff]")


def _lang_ply(status: str) -> int:
    """The ply of the status line in either language ("ply 3 of 7" / "第 3 步，共 7 步")."""
    match = re.search(r"\b(?:ply|step) (\d+) of \d+", status) or re.search(r"第 (\d+) 步，共 \d+ 步", status)
    assert match, f"no ply in the status line: {status!r}"
    return int(match.group(1))


@pytest.fixture(scope="module")
def lang_page(tmp_path_factory, browser):
    """A Voila server on one generated page (an English explorer of Aeroplane Chess), opened in
    the module's browser; stopped by pid."""
    import nbformat
    voila = venv_tool("voila")
    folder = tmp_path_factory.mktemp("lang")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import racekit"),
                nbformat.v4.new_code_cell(f"racekit.explore({LANG_GAME!r}, seed=7, lang='en')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "lang.ipynb")
    log_path = folder / "voila.log"
    port = free_port()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([*server_command(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                 "--show_tracebacks=True", "--VoilaExecutor.startup_timeout=240",
                                 str(folder)],
                                cwd=folder, env=server_env(RACEKIT_LANG="en"), stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    page = None
    try:
        wait_for_port(port, proc, "voila")
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(f"http://127.0.0.1:{port}/voila/render/lang.ipynb", wait_until="commit",
                  timeout=PAGE_TIMEOUT_MS)
        yield Page("lang", page, log_path, time.monotonic())
    finally:
        if page is not None:
            page.close()
        stop(proc)


def test_voila_language_toggle_switches_log_and_controls_keeping_the_position(lang_page):
    """Step a few plies in English; 中文: the log and the Step button speak Chinese, the status line
    shows the same ply; English again: the same English log and labels as before, same ply."""
    from playwright.sync_api import expect
    s = lang_page
    page = s.page
    with artifacts_on_failure(page, "voila-lang-toggle", s.log_path):
        explorer = _explorer(s)
        for _ in range(LANG_STEPS):
            _step(page, explorer)
        _no_error(explorer)
        status, event_log = explorer.locator(".widget-html").first, explorer.locator(".racekit-log")
        toggle = explorer.locator(".racekit-lang")
        ply, english_log, english_status = _lang_ply(status.inner_text()), event_log.inner_text(), status.inner_text()
        assert ply >= LANG_STEPS and not CJK.search(english_log), english_log

        toggle.get_by_role("button", name="中文", exact=True).click()
        step_zh = explorer.get_by_role("button", name="下一步", exact=True)
        expect(step_zh).to_be_visible(timeout=CHANGE_TIMEOUT_MS)
        expect(explorer.get_by_role("button", name="Step", exact=True)).to_have_count(0)
        page.wait_for_function(TEXT_CHANGED, arg=[LOG, english_log], timeout=CHANGE_TIMEOUT_MS)
        chinese_log = event_log.inner_text()
        assert CJK.search(chinese_log) and "第" in chinese_log, chinese_log
        # the same plies in the log, in the same order (the position kept)
        assert re.findall(r"^第 (\d+) 步：", chinese_log, re.M) == re.findall(r"^ply (\d+):", english_log, re.M), \
            (english_log, chinese_log)
        expect(status).to_contain_text(re.compile(r"第 \d+ 步，共 \d+ 步"), timeout=CHANGE_TIMEOUT_MS)
        assert _lang_ply(status.inner_text()) == ply, (ply, status.inner_text())
        _no_error(explorer)

        toggle.get_by_role("button", name="English", exact=True).click()
        expect(explorer.get_by_role("button", name="Step", exact=True)).to_be_visible(timeout=CHANGE_TIMEOUT_MS)
        expect(step_zh).to_have_count(0)
        page.wait_for_function(TEXT_IS, arg=[LOG, english_log], timeout=CHANGE_TIMEOUT_MS)
        expect(status).to_have_text(english_status, timeout=CHANGE_TIMEOUT_MS)
        assert _lang_ply(status.inner_text()) == ply
        _no_error(explorer)

        _step(page, explorer)    # the game goes on from the same position
        assert _lang_ply(status.inner_text()) > ply
