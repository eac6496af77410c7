"""End to end: a notebook served by Voila, driven in Debian Chromium through Playwright.

For the notebook of every shipped game (notebooks/<game>.ipynb; a missing one fails),
one Voila server on a free port and one page: all servers start and all pages are opened at once, so the
kernels run their notebooks side by side, and the tests of a notebook share its page.

- Every notebook: click Step a few times and check that the event log text and the board
  picture change and that no error box is shown; then click Back and check that the
  previous log comes back.
- Snow Tails: Reset, Step through the draws and the start-slot choices to the first card
  play; with the card toggles put one card on the left dog (a value that makes the sled
  drift), check the preview names that play, Step, check the log and the picture; then at
  the move choose when to drift with the F/DL/DR toggles (not the preselected sequence),
  check the preview, Step, and check the log shows "steers: <that sequence>" and the
  picture changed.

The servers are stopped by their process ids whatever happens.

Needs /usr/bin/chromium (``bash tools/install-chromium.sh``); skipped without it.
Never run ``playwright install``: Playwright drives the Debian browser.
"""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from math import comb
from pathlib import Path

import pytest

from racekit.games import SHIPPED

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NOTEBOOKS = {game: ROOT / "notebooks" / f"{game}.ipynb" for game in SHIPPED}  # one per shipped game
STEPS = 3
PAGE_TIMEOUT_MS = 120_000    # kernel start + first cell outputs (first run on a cold cache;
                             # the notebooks' kernels run side by side)
CHANGE_TIMEOUT_MS = 30_000   # one Step: kernel round trip + one PNG
MAX_WALK = 120               # Steps allowed to reach the first Snow Tails card play
STATUS = ".racekit-explorer .widget-html"   # the status line is the explorer's first HTML
BOARD = ".racekit-explorer img.racekit-board"
LOG = ".racekit-explorer .racekit-log"
SRC_CHANGED = ("([sel, old]) => { const el = document.querySelector(sel);"
               " return el && el.getAttribute('src') && el.getAttribute('src') !== old; }")
TEXT_CHANGED = ("([sel, old]) => { const el = document.querySelector(sel);"
                " return el && el.innerText !== old; }")
TEXT_IS = ("([sel, old]) => { const el = document.querySelector(sel);"
           " return el && el.innerText === old; }")


def _ply(status: str) -> int:
    """The ply shown in the explorer's status line ("... ply 3 of 7 ...")."""
    match = re.search(r"\bply (\d+) of \d+", status)
    assert match, f"no ply in the status line: {status!r}"
    return int(match.group(1))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    """Wait until the server accepts connections (a TCP connect: an HTTP GET would start a kernel)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited early with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"voila did not listen on port {port} within {timeout:.0f} s")


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server by its process id: SIGTERM (it shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    os.kill(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


@dataclass
class Served:
    """One Voila server and the Chromium page open on it."""
    name: str
    proc: subprocess.Popen
    port: int
    log_path: Path
    started: float
    page: object = None
    explorer: object = None
    timings: dict = field(default_factory=dict)

    def mark(self, what: str) -> None:
        self.timings[what] = time.monotonic() - self.started

    def log_tail(self) -> str:
        return self.log_path.read_text(errors="replace")[-3000:]


@pytest.fixture(scope="module")
def voila_pages(tmp_path_factory):
    """Start one Voila per notebook and open a page on each, all at once; stop them by pid."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: run `bash tools/install-chromium.sh` (Debian chromium); "
                    "the browser test never downloads a browser")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    bindir = Path(sys.executable).parent
    voila = bindir / "voila"
    if not voila.exists():
        pytest.skip(f"voila is not installed next to {sys.executable}")
    folder = tmp_path_factory.mktemp("voila")
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
               MPLBACKEND="Agg", PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                                           os.environ.get("PYTHONPATH")])))
    served: dict[str, Served] = {}
    try:
        for name, path in NOTEBOOKS.items():
            port = _free_port()
            log_path = folder / f"voila-{name}.log"
            with open(log_path, "wb") as log:
                proc = subprocess.Popen(
                    [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                     "--show_tracebacks=True", path.name],
                    cwd=path.parent, env=env, stdout=log, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL)
            served[name] = Served(name, proc, port, log_path, time.monotonic())
        for s in served.values():
            try:
                _wait_for_port(s.port, s.proc)
            except Exception:
                print(f"--- voila log of {s.name} (tail) ---\n{s.log_tail()}", file=sys.stderr)
                raise
            s.mark("server")
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for s in served.values():  # "commit": do not wait for this kernel before the next
                    s.page = browser.new_page(viewport={"width": 1400, "height": 1000})
                    s.page.goto(f"http://127.0.0.1:{s.port}/", wait_until="commit",
                                timeout=PAGE_TIMEOUT_MS)
                yield served
            finally:
                browser.close()
    finally:
        for s in served.values():
            _stop(s.proc)
            s.mark("total")
            print(f"browser test timings for {s.name} (s from server start): "
                  + ", ".join(f"{k} {v:.1f}" for k, v in s.timings.items()), file=sys.stderr)


@contextmanager
def _voila_log_on_failure(s: Served):
    try:
        yield
    except BaseException:
        print(f"--- voila log of {s.name} (tail) ---\n{s.log_tail()}", file=sys.stderr)
        raise


def _explorer(s: Served):
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


def _step_and_check_change(page, explorer) -> tuple[str, str]:
    """Click Step; wait for a new board picture and a new log; return (src, log text)."""
    board = explorer.locator("img.racekit-board")
    event_log = explorer.locator(".racekit-log")
    src, text = board.get_attribute("src"), event_log.inner_text()
    explorer.get_by_role("button", name="Step", exact=True).click()
    page.wait_for_function(SRC_CHANGED, arg=[BOARD, src], timeout=CHANGE_TIMEOUT_MS)
    page.wait_for_function(TEXT_CHANGED, arg=[LOG, text], timeout=CHANGE_TIMEOUT_MS)
    return board.get_attribute("src"), event_log.inner_text()


@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_voila_explorer_steps_in_chromium(voila_pages, name):
    s = voila_pages[name]
    with _voila_log_on_failure(s):
        page = s.page
        explorer = _explorer(s)
        for button in ("Back", "Forward", "Reset"):
            assert explorer.get_by_role("button", name=button, exact=True).count() == 1
        board = explorer.locator("img.racekit-board")
        event_log = explorer.locator(".racekit-log")
        status = explorer.locator(".widget-html").first
        srcs = [board.get_attribute("src")]
        logs = [event_log.inner_text()]
        plies = [_ply(status.inner_text())]
        assert srcs[0], "the board picture has no src"
        for _ in range(STEPS):
            src, text = _step_and_check_change(page, explorer)
            srcs.append(src)
            logs.append(text)
            plies.append(_ply(status.inner_text()))
        s.mark("steps")
        _no_error(explorer)
        assert len(set(srcs)) == STEPS + 1, "the board picture did not change on every Step"
        assert len(set(logs)) == STEPS + 1, "the event log did not change on every Step"
        assert "[" in logs[-1] and "]" in logs[-1], \
            f"event sentences should end with clause IDs: {logs[-1]!r}"
        # a Step is a decision plus the chance draws up to the next one: the ply only grows
        assert plies == sorted(set(plies)), (plies, status.inner_text())

        # time travel: Back shows the previous position's log again
        explorer.get_by_role("button", name="Back", exact=True).click()
        page.wait_for_function(TEXT_IS, arg=[LOG, logs[-2]], timeout=CHANGE_TIMEOUT_MS)
        assert _ply(status.inner_text()) == plies[-2], status.inner_text()   # the previous Step's
        s.mark("back")


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
    with _voila_log_on_failure(s):
        page = s.page
        explorer = _explorer(s)
        status = explorer.locator(".widget-html").first
        preview = explorer.locator(".racekit-controls .racekit-preview")

        # a fresh game (the page may come from the generic test), then Step to the first card play
        explorer.get_by_role("button", name="Reset", exact=True).click()
        expect(status).to_contain_text(re.compile(r"\bply 0 of 0\b"), timeout=CHANGE_TIMEOUT_MS)
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
