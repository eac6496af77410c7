"""End to end in JupyterLab: open every notebook, run all cells, no cell shows an error.

One JupyterLab server on a temporary copy of notebooks/ (Lab saves and marks notebooks; the copy
has its outputs cleared so the test can tell when Run All has finished: every code cell numbered).
For each notebook (notebooks/index.ipynb, one per shipped game, racekit.games.SHIPPED, and
notebooks/lessons.ipynb): open
it, Run > Run All Cells, wait until the kernel is idle and every code cell has run, then check that
no output is an error or stderr, no widget failed to display, and a game notebook's explorer shows
its board picture. Settings, workspaces and the news pop-up are kept out of the user's own Jupyter
folders (temporary JUPYTER_CONFIG_DIR, JUPYTERLAB_SETTINGS_DIR, JUPYTERLAB_WORKSPACES_DIR).

On a failure the page is saved as a screenshot into tmp/artifacts/. The server is stopped by its
process id whatever happens. Needs /usr/bin/chromium; skipped without it.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import time

import nbformat
import pytest

from browser_helpers import (ROOT, artifacts_on_failure, free_port, launch, require_browser, server_command,
                             server_env, stop, venv_tool, wait_for_port)
from racekit.games import SHIPPED

pytestmark = pytest.mark.browser

NAMES = ("index", *SHIPPED, "lessons")
OPEN_TIMEOUT_MS = 90_000     # Lab's page + the kernel's start
RUN_TIMEOUT_MS = 180_000     # every cell of one notebook (each is kept under ~20 s on its own)
ALL_RAN = """() => {
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.innerText));
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """(base URL, browser, folder) of a JupyterLab on a cleared copy of notebooks/; stopped by pid."""
    sync_api = require_browser()
    jupyter_lab = venv_tool("jupyter-lab")
    base = tmp_path_factory.mktemp("lab")
    folder = base / "notebooks"
    folder.mkdir()
    for name in NAMES:
        src = ROOT / "notebooks" / f"{name}.ipynb"
        assert src.exists(), f"missing {src} (build it: .venv/bin/python tools/build_notebooks.py)"
        nb = nbformat.read(src, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nb.metadata.pop("widgets", None)
        nbformat.write(nb, folder / src.name)
    config = base / "config"
    (config / "labconfig").mkdir(parents=True)
    (config / "labconfig" / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    settings = base / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # every cell in the page (Lab 4 otherwise leaves cells out of view out of the page)
    # and open a notebook with its own kernel, without asking
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps(
        {"windowingMode": "none", "autoStartDefaultKernel": True}))
    env = server_env(JUPYTER_CONFIG_DIR=str(config), JUPYTERLAB_SETTINGS_DIR=str(base / "settings"),
                     JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"))
    port = free_port()
    args = [*server_command(jupyter_lab), "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={folder}"]
    if os.geteuid() == 0:
        args.append("--allow-root")
    log_path = base / "lab.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(args, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc, "jupyter lab")
        pw, browser = launch(sync_api)
        try:
            yield f"http://127.0.0.1:{port}", browser, log_path
        finally:
            browser.close()
            pw.stop()
    finally:
        stop(proc)


@pytest.mark.parametrize("name", NAMES)
def test_lab_runs_every_cell_without_an_error(lab, name):
    from playwright.sync_api import expect
    url, browser, log_path = lab
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    started = time.monotonic()
    try:
        with artifacts_on_failure(page, f"lab-{name}", log_path):
            page.goto(f"{url}/lab/tree/{name}.ipynb?reset", timeout=OPEN_TIMEOUT_MS)
            indicator = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator")
            kernel = page.locator(".jp-StatusBar-Widget", has_text=re.compile(r"Python 3 \(ipykernel\) \| Idle"))
            select = page.locator(".jp-Dialog").get_by_role("button", name="Select", exact=True)
            kernel.or_(select).first.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
            if select.is_visible():   # Lab asked for a kernel: take the notebook's own
                select.click()
            expect(kernel.first).to_be_visible(timeout=OPEN_TIMEOUT_MS)
            expect(indicator).to_have_attribute("data-status", "idle", timeout=OPEN_TIMEOUT_MS)
            opened = time.monotonic() - started
            page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
            page.locator('li.lm-Menu-item[data-command="runmenu:run-all"]').click()
            page.wait_for_function(ALL_RAN, timeout=RUN_TIMEOUT_MS)
            expect(indicator).to_have_attribute("data-status", "idle", timeout=RUN_TIMEOUT_MS)
            ran = time.monotonic() - started

            cells = page.locator(".jp-Notebook .jp-CodeCell")
            assert cells.count() == sum(c.cell_type == "code" for c in
                                        nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", 4).cells)
            errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
            assert errors.count() == 0, "a cell shows an error:\n" + "\n---\n".join(errors.all_inner_texts())[-4000:]
            text = page.locator(".jp-Notebook").inner_text()
            for bad in ("Error displaying widget", "Traceback (most recent call last)", "Kernel died"):
                assert bad not in text, bad
            if name in SHIPPED:
                board = page.locator(".racekit-explorer img.racekit-board").first
                expect(board).to_be_visible(timeout=30_000)
            elif name == "lessons":   # a lesson widget per game, and the self-study one
                expect(page.locator(".racekit-lesson img.racekit-lesson-picture")).to_have_count(
                    len(SHIPPED) + 1, timeout=30_000)
            else:   # the start page: a link to every game's notebook; a click opens it in Lab
                for game in SHIPPED:
                    expect(page.locator(f".jp-Notebook a[href*='/{game}.ipynb']")).to_have_count(1)
                page.locator(f".jp-Notebook a[href*='/{SHIPPED[0]}.ipynb']").click()
                expect(page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab",
                                    has_text=f"{SHIPPED[0]}.ipynb")).to_be_visible(timeout=30_000)
            print(f"lab {name}: opened {opened:.1f} s, ran all {ran:.1f} s", flush=True)
    finally:
        page.close()
