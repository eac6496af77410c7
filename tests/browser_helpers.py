"""Shared pieces of the browser tests (Voila and JupyterLab in Debian Chromium through Playwright).

Never `playwright install`: Playwright drives /usr/bin/chromium (``bash tools/install-chromium.sh``).
Servers are started by the tests and stopped by their process ids whatever happens. On a failure
the page is saved as a screenshot (and its HTML) into ``tmp/artifacts/`` of the checkout, or into
``$RACEKIT_ARTIFACTS``.
"""
from __future__ import annotations

import base64
import io
import os
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(os.environ.get("RACEKIT_ARTIFACTS", ROOT / "tmp" / "artifacts"))

# the PNG bytes behind an <img> (ipywidgets' Image shows a new blob: URL on every update, so URLs
# cannot tell pictures apart)
IMG_BYTES = """async (el) => {
  const r = await fetch(el.getAttribute('src'));
  const b = new Uint8Array(await r.arrayBuffer());
  let s = ''; for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}"""


def require_browser():
    """Skip (saying why) without Chromium or Playwright; return playwright.sync_api."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: run `bash tools/install-chromium.sh` (Debian chromium); "
                    "the browser test never downloads a browser")
    return pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def venv_tool(name: str) -> Path:
    tool = Path(sys.executable).parent / name
    if not tool.exists():
        pytest.skip(f"{name} is not installed next to {sys.executable} (bash tools/setup.sh test)")
    return tool


def server_command(tool: Path) -> list[str]:
    """The command that starts the venv's ``voila`` or ``jupyter-lab`` (``tool``, from
    :func:`venv_tool`) with its kernels' ports taken outside the ephemeral range, where no
    browser connection can take them first (tests/server_launcher.py)."""
    return [sys.executable, str(Path(__file__).with_name("server_launcher.py")), Path(tool).name]


def server_env(**extra) -> dict:
    bindir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}", MPLBACKEND="Agg",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.update(extra)
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 60.0) -> None:
    """Wait until the server accepts connections (a TCP connect: an HTTP GET to Voila starts a kernel)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited early with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{what} did not listen on port {port} within {timeout:.0f} s")


def stop(proc: subprocess.Popen) -> None:
    """Stop a server by its process id: SIGTERM (it shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    os.kill(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


def launch(sync_api):
    """(playwright, browser): Debian Chromium, headless."""
    pw = sync_api.sync_playwright().start()
    try:
        return pw, pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception:
        pw.stop()
        raise


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")[:120]


@contextmanager
def artifacts_on_failure(page, label: str, log_path: Path | None = None):
    """On any failure inside the block: save a screenshot and the HTML of ``page`` (and print the
    server log's tail), then re-raise."""
    try:
        yield
    except BaseException:
        try:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shot = ARTIFACTS / f"{_slug(label)}.png"
            page.screenshot(path=str(shot), full_page=True, timeout=15_000)
            (ARTIFACTS / f"{_slug(label)}.html").write_text(page.content(), encoding="utf-8")
            print(f"screenshot of the failing page: {shot}", file=sys.stderr)
        except Exception as exc:  # the page may be gone; the original failure matters
            print(f"could not save a screenshot for {label}: {exc}", file=sys.stderr)
        if log_path is not None and log_path.exists():
            print(f"--- server log (tail) ---\n{log_path.read_text(errors='replace')[-3000:]}",
                  file=sys.stderr)
        raise


def png_bytes(img_locator) -> bytes:
    """The PNG bytes an <img> element shows."""
    return base64.b64decode(img_locator.evaluate(IMG_BYTES))


def same_picture(a: bytes, b: bytes, tolerance: float = 0.002) -> bool:
    """Whether two PNGs show the same picture: identical bytes, or the same size with at most
    ``tolerance`` of the pixels different."""
    if a == b:
        return True
    from PIL import Image, ImageChops
    ia, ib = (Image.open(io.BytesIO(x)).convert("RGB") for x in (a, b))
    if ia.size != ib.size:
        return False
    diff = ImageChops.difference(ia, ib).convert("L").point(lambda v: 255 if v > 16 else 0)
    changed = sum(diff.histogram()[255:])
    return changed <= tolerance * ia.size[0] * ia.size[1]
