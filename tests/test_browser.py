"""End to end: a notebook served by Voila, driven in Debian Chromium through Playwright.

For each shipped notebook (notebooks/aeroplane_chess.ipynb, notebooks/snow_tails.ipynb)
that exists, and otherwise for a small notebook generated here (``racekit.explore`` of a
real game when one loads, else of the fake race in tests/fake_game.py): start Voila on
a free port, open the page, click Step a few times and check that the event log text
and the board picture change and that no error box is shown; then click Back and check
that the previous log comes back. The server is stopped by
its process id whatever happens.

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
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHIPPED = [ROOT / "notebooks" / "aeroplane_chess.ipynb", ROOT / "notebooks" / "snow_tails.ipynb"]
GENERATED = "generated"
STEPS = 3
PAGE_TIMEOUT_MS = 60_000     # kernel start + first cell outputs (first run on a cold cache)
CHANGE_TIMEOUT_MS = 15_000   # one Step: kernel round trip + one PNG


def _notebooks():
    existing = [p for p in SHIPPED if p.exists()]
    if existing:
        return [pytest.param(p, id=p.stem) for p in existing]
    return [pytest.param(GENERATED, id="generated-notebook")]


def _real_game() -> str | None:
    """A real game that loads, starts and has a plot that imports, if any has landed."""
    import racekit
    from racekit.explorer.board import resolve_plot
    for name in racekit.game_names():
        if name.startswith("fake_race"):
            continue
        try:
            game = racekit.load_game(name)
            game.new_initial_state()
            if resolve_plot(game) is not None:
                return name
        except Exception:  # not (completely) landed yet
            continue
    return None


def _generate(folder: Path) -> Path:
    import nbformat
    game = _real_game()
    if game is None:
        setup = (f"import sys\nsys.path.insert(0, {str(TESTS)!r})\n"
                 "import fake_game\nfake_game.register()\n")
        game = "fake_race"
    else:
        setup = ""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell(f"# Explorer: {game}"),
                nbformat.v4.new_code_cell(f"{setup}import racekit\n"
                                          f"racekit.explore({game!r}, seed=1, agent='random')")]
    path = folder / "explorer.ipynb"
    nbformat.write(nb, path)
    return path


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


@pytest.mark.parametrize("notebook", _notebooks())
def test_voila_explorer_steps_in_chromium(notebook, tmp_path):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: run `bash tools/install-chromium.sh` (Debian chromium); "
                    "the browser test never downloads a browser")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    bindir = Path(sys.executable).parent
    voila = bindir / "voila"
    if not voila.exists():
        pytest.skip(f"voila is not installed next to {sys.executable}")
    path = _generate(tmp_path) if notebook == GENERATED else Path(notebook)

    port = _free_port()
    log_path = tmp_path / "voila.log"
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
               MPLBACKEND="Agg", PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                                           os.environ.get("PYTHONPATH")])))
    timings = {}
    start = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             "--show_tracebacks=True", path.name],
            cwd=path.parent, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        _wait_for_port(port, proc)
        timings["server"] = time.monotonic() - start
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"http://127.0.0.1:{port}/", timeout=PAGE_TIMEOUT_MS)
                explorer = page.locator(".racekit-explorer").first
                step = explorer.get_by_role("button", name="Step", exact=True)
                # a failing cell shows its traceback (--show_tracebacks): fail fast with it
                stderr = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
                step.or_(stderr).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
                if not step.is_visible():
                    try:
                        step.wait_for(state="visible", timeout=3000)
                    except sync_api.TimeoutError:
                        pytest.fail("the notebook failed before the explorer showed:\n"
                                    + "\n".join(stderr.all_inner_texts())[-3000:])
                for name in ("Back", "Forward", "Reset"):
                    assert explorer.get_by_role("button", name=name, exact=True).count() == 1
                timings["page"] = time.monotonic() - start

                board = explorer.locator("img.racekit-board")
                event_log = explorer.locator(".racekit-log")
                error_box = explorer.locator(".racekit-error")
                board.wait_for(state="visible", timeout=CHANGE_TIMEOUT_MS)
                status = explorer.locator(".widget-html").first
                srcs = [board.get_attribute("src")]
                logs = [event_log.inner_text()]
                ply0 = _ply(status.inner_text())
                assert srcs[0], "the board picture has no src"
                for _ in range(STEPS):
                    step.click()
                    page.wait_for_function(
                        "([sel, old]) => { const el = document.querySelector(sel);"
                        " return el && el.getAttribute('src') && el.getAttribute('src') !== old; }",
                        arg=[".racekit-explorer img.racekit-board", srcs[-1]],
                        timeout=CHANGE_TIMEOUT_MS)
                    page.wait_for_function(
                        "([sel, old]) => { const el = document.querySelector(sel);"
                        " return el && el.innerText !== old; }",
                        arg=[".racekit-explorer .racekit-log", logs[-1]], timeout=CHANGE_TIMEOUT_MS)
                    srcs.append(board.get_attribute("src"))
                    logs.append(event_log.inner_text())
                timings["steps"] = time.monotonic() - start
                errors = error_box.inner_text() if error_box.is_visible() else ""
                assert not errors, f"the explorer shows an error: {errors}"
                assert len(set(srcs)) == STEPS + 1, "the board picture did not change on every Step"
                assert len(set(logs)) == STEPS + 1, "the event log did not change on every Step"
                assert "[" in logs[-1] and "]" in logs[-1], \
                    f"event sentences should end with clause IDs: {logs[-1]!r}"
                assert _ply(status.inner_text()) == ply0 + STEPS, status.inner_text()

                # time travel: Back shows the previous position's log again
                explorer.get_by_role("button", name="Back", exact=True).click()
                page.wait_for_function(
                    "([sel, old]) => { const el = document.querySelector(sel);"
                    " return el && el.innerText === old; }",
                    arg=[".racekit-explorer .racekit-log", logs[-2]], timeout=CHANGE_TIMEOUT_MS)
                assert _ply(status.inner_text()) == ply0 + STEPS - 1, status.inner_text()
                timings["back"] = time.monotonic() - start
            finally:
                browser.close()
    except Exception:
        _stop(proc)
        tail = log_path.read_text(errors="replace")[-3000:]
        print(f"--- voila log (tail) ---\n{tail}", file=sys.stderr)
        raise
    finally:
        _stop(proc)
        timings["total"] = time.monotonic() - start
        print("browser test timings (s from server start): "
              + ", ".join(f"{k} {v:.1f}" for k, v in timings.items()), file=sys.stderr)
