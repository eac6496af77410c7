"""Benchmark of the Voila pages: how long each notebook's page takes to become usable, alone and
when a whole class opens it at once.

``racekit bench --pages`` opens every page of ``notebooks/`` (the start page, each game, the
designer review) in Debian Chromium through Playwright, one fresh browser context at a time, on two
Voila servers side by side:

- **as shipped**: ``voila notebooks/`` with the project's settings (``notebooks/voila.json``:
  pre-heated kernels, a pool per notebook, the executor's timeouts), after the pools have run
  their notebooks (the server is idle);
- **plain**: the same Voila with no configuration file (every request starts a kernel and runs
  the notebook, as Voila does by default).

``racekit bench --class N [--page NAME] [--clients replay|browser|both]`` opens one page for N
students at the same moment on one server as shipped, with that page's pool sized for the class
(``--VoilaKernelManager.kernel_pools_config``, see docs/classroom.md), and reports the first,
median and last time to usable and the pages that failed (an error on the page, a missing explorer,
or nothing within the time allowed). ``browser``: a Chromium context per student on this machine;
``replay``: each student asks the server for what one recorded Chromium visit asked for (the
page, its files, the widget state over the kernel's websocket) and draws nothing, the server's
time alone, as when the students' browsers run on their own devices.

*Usable* means: Voila has rendered the page (its cells are shown, the loading spinner gone), no
output is an error, and on a game page the explorer shows its Step button and its board picture.
Times are from the request (``page.goto``) to usable, wall clock, as a person waits; the CPU time
of the server and its kernels is reported beside them because the machine may be shared.

Targets (benchmarks, not timed tests; quiet 2-core machine): game pages <= 3 s, the start page
<= 2 s, the designer review <= 5 s; a class of 30 on one page: every page usable, the last
within 60 s (both ways of measuring are printed; docs/classroom.md says what each means).

Needs /usr/bin/chromium (``bash tools/install-chromium.sh``) and Playwright (the ``test`` extra).
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

TARGETS = {"index": 2.0, "designer_review": 5.0}      # seconds; every game page: GAME_TARGET
GAME_TARGET = 3.0
CLASS_TARGET = 60.0
CLASS_FILL_DELAY = 300     # seconds: the pool refills after the class has its pages (docs/classroom.md)

# usable: 'ok'; an error on the page: 'error: ...'; not yet: false. It reads only what needs no
# layout (inline styles, textContent, an image's natural width): a check that forces layout
# (getComputedStyle, offsetParent, innerText) re-lays out a page that is still changing every time
# it polls, and with a class of pages polling on one machine that work was as large as the pages'.
READY = """(explorer) => {
  const cells = document.getElementById('rendered_cells');
  if (!cells || cells.style.display === 'none') return false;
  const loading = document.getElementById('loading');
  if (loading && loading.style.display !== 'none') return false;
  const err = document.querySelector("[data-mime-type='application/vnd.jupyter.stderr']");
  if (err) return 'error: ' + err.textContent.slice(0, 400);
  if (!explorer) return 'ok';
  const ex = document.querySelector('.racekit-explorer');
  if (!ex) return false;
  const step = [...ex.querySelectorAll('button')].some(b => b.textContent.trim() === 'Step');
  const img = ex.querySelector('img.racekit-board');
  return step && img && img.getAttribute('src') && img.naturalWidth > 0 ? 'ok' : false;
}"""


def notebooks_folder() -> Path:
    from ..paths import checkout_folder
    return checkout_folder("notebooks")


def page_names(folder: Path) -> list[str]:
    """The start page first, then the games (racekit.games.SHIPPED), then the other notebooks."""
    from ..games import SHIPPED
    present = {p.stem for p in folder.glob("*.ipynb")}
    order = ["index", *SHIPPED]
    return [n for n in order if n in present] + sorted(present - set(order))


def has_explorer(name: str) -> bool:
    from ..games import SHIPPED
    return name in SHIPPED


def target(name: str) -> float:
    return GAME_TARGET if has_explorer(name) else TARGETS.get(name, GAME_TARGET)


# ----- the Voila server ----------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process and its live children, and of children it waited for."""
    import psutil
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            pass
    return total


@dataclass
class Server:
    """A Voila server on a notebooks folder, started and stopped by its process id."""
    folder: Path
    plain: bool = False
    extra: list = field(default_factory=list)
    proc: subprocess.Popen = None
    port: int = 0
    log_path: Path = None
    _empty: tempfile.TemporaryDirectory = None

    def start(self, timeout: float = 60.0) -> "Server":
        voila = Path(sys.executable).parent / "voila"
        if not voila.exists():
            raise RuntimeError(f"voila is not installed next to {sys.executable} (bash tools/setup.sh lab)")
        self.port = _free_port()
        args = [str(voila), "--no-browser", f"--port={self.port}", "--Voila.ip=127.0.0.1"]
        if self.plain:   # no configuration file at all: Voila's defaults
            self._empty = tempfile.TemporaryDirectory(prefix="racekit-plain-voila-")
            args.append(f"--Voila.config_file_paths={json.dumps([self._empty.name])}")
        args += [*self.extra, str(self.folder)]
        self.log_path = Path(tempfile.mkstemp(prefix="racekit-voila-", suffix=".log")[1])
        env = dict(os.environ)
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(args, cwd=self.folder.parent, env=env, stdout=log,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {self.proc.returncode}: "
                                   + self.log_path.read_text(errors="replace")[-2000:])
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.2)
        raise TimeoutError(f"voila did not listen within {timeout:.0f} s")

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/voila/render/{name}.ipynb"

    def cpu(self) -> float:
        return _tree_cpu(self.proc.pid)

    def kernels(self) -> int:
        import psutil
        try:
            return sum("ipykernel" in " ".join(p.cmdline()) for p in
                       psutil.Process(self.proc.pid).children(recursive=True))
        except psutil.Error:
            return 0

    def wait_idle(self, kernels: int, timeout: float = 900.0, quiet: float = 0.15,
                  every: float = 2.0) -> float:
        """Wait until ``kernels`` kernels run and the server and its kernels use less than
        ``quiet`` CPU seconds per ``every`` seconds (the pools have run their notebooks).
        Returns the seconds waited."""
        start = time.monotonic()
        last = self.cpu()
        while time.monotonic() - start < timeout:
            time.sleep(every)
            now = self.cpu()
            if self.kernels() >= kernels and now - last < quiet:
                return time.monotonic() - start
            last = now
        raise TimeoutError(f"the Voila server was not idle within {timeout:.0f} s")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        if self._empty is not None:
            self._empty.cleanup()


def fill_delay(folder: Path) -> float:
    """Seconds Voila waits before refilling a pool (``VoilaKernelManager.fill_delay``)."""
    path = folder / "voila.json"
    config = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return float(config.get("VoilaKernelManager", {}).get("fill_delay", 1))


def pool_sizes(folder: Path) -> dict:
    """The pool size of each notebook in ``folder/voila.json`` ({} when it has none)."""
    path = folder / "voila.json"
    if not path.exists():
        return {}
    config = json.loads(path.read_text(encoding="utf-8"))
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    default = pools.get("default", {}).get("pool_size", 0)
    return {p.stem: pools.get(p.name, {}).get("pool_size", default) for p in folder.glob("*.ipynb")}


# ----- the browser ----------------------------------------------------------------------------

@dataclass
class Visit:
    page: str
    seconds: float | None      # None: not usable
    problem: str = ""


async def _visit(browser, url: str, name: str, timeout: float, polling: int = 100) -> Visit:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = await context.new_page()
        start = time.monotonic()
        try:
            await page.goto(url, wait_until="commit", timeout=timeout * 1000)
            handle = await page.wait_for_function(READY, arg=has_explorer(name),
                                                  timeout=max(1.0, timeout - (time.monotonic() - start)) * 1000,
                                                  polling=polling)
            state = await handle.json_value()
        except Exception as exc:     # a Playwright timeout, a closed page
            explorer = has_explorer(name)
            return Visit(name, None, f"not usable within {timeout:.0f} s"
                         + (" (no explorer)" if explorer else "") + f": {type(exc).__name__}")
        seconds = time.monotonic() - start
        if state != "ok":
            return Visit(name, None, str(state))
        return Visit(name, seconds)
    finally:
        await context.close()


async def _browser(playwright):
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"{CHROMIUM} is missing: bash tools/install-chromium.sh")
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


async def _pages(servers: dict, names: list[str], timeout: float, repeat: int) -> dict:
    from playwright.async_api import async_playwright
    out: dict = {}
    async with async_playwright() as pw:
        browser = await _browser(pw)
        try:
            # warm the browser's cache of Voila's scripts once, as a second visit would
            warm = servers.get("plain", servers["as shipped"])
            await _visit(browser, warm.url("index"), "index", timeout)
            for label, server in servers.items():
                for name in names:
                    for _ in range(repeat):
                        cpu = server.cpu()
                        visit = await _visit(browser, server.url(name), name, timeout)
                        out.setdefault((label, name), []).append((visit, server.cpu() - cpu))
                        if label != "plain":   # let the pool refill (after fill_delay) first
                            await asyncio.sleep(fill_delay(server.folder) + 1)
                            server.wait_idle(0, timeout=timeout * 4)
        finally:
            await browser.close()
    return out


def bench_pages(names: list[str] | None = None, plain: bool = True, repeat: int = 1,
                timeout: float = 300.0, out=print) -> dict:
    """Time to usable of each page, as shipped (pre-heated) and plain; prints a table.

    Returns ``{(label, page): [(Visit, server CPU seconds), ...]}`` with label "as shipped" or
    "plain".
    """
    folder = notebooks_folder()
    names = names or page_names(folder)
    pools = pool_sizes(folder)
    servers = {"as shipped": Server(folder)}
    if plain:
        servers["plain"] = Server(folder, plain=True)
    try:
        for label, server in servers.items():
            server.start()
        cpu0 = servers["as shipped"].cpu()
        waited = servers["as shipped"].wait_idle(sum(pools.values()))
        out(f"as shipped: {sum(pools.values())} pre-heated kernels ran their notebooks in "
            f"{waited:.0f} s ({servers['as shipped'].cpu() - cpu0:.0f} CPU s)")
        results = asyncio.run(_pages(servers, names, timeout, repeat))
    finally:
        for server in servers.values():
            server.stop()
    out(f"{'page':<18}{'target':>8}{'as shipped':>13}{'server CPU':>12}"
        + (f"{'plain':>10}{'server CPU':>12}" if plain else ""))
    for name in names:
        row = f"{name:<18}{target(name):>7.0f}s"
        for label in servers:
            visits = results.get((label, name), [])
            times = [v.seconds for v, _ in visits if v.seconds is not None]
            cpu = statistics.median(c for _, c in visits) if visits else float("nan")
            shown = f"{statistics.median(times):.1f}s" if times else "FAILED"
            width = 13 if label == "as shipped" else 10
            row += f"{shown:>{width}}{cpu:>11.1f}s"
        out(row)
        for label in servers:
            for v, _ in results.get((label, name), []):
                if v.problem:
                    out(f"  {label}: {v.problem}")
    out(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
        f"({os.cpu_count()} CPUs)")
    return results


def _browser_cpu(server: Server) -> float:
    """CPU seconds of this process's other children (Playwright's driver and Chromium), the
    processes they waited for included (a closed context's renderers, reaped by Chromium's
    zygote, count there)."""
    import psutil
    total = 0.0
    for p in psutil.Process().children(recursive=True):
        try:
            if p.pid == server.proc.pid or server.proc.pid in [a.pid for a in p.parents()]:
                continue
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            pass
    return total


async def _class(server: Server, name: str, students: int, timeout: float) -> tuple[list, float]:
    from playwright.async_api import async_playwright
    async with async_playwright() as pw:
        browser = await _browser(pw)
        try:
            before = _browser_cpu(server)
            visits = list(await asyncio.gather(*(_visit(browser, server.url(name), name, timeout,
                                                        polling=500) for _ in range(students))))
            return visits, _browser_cpu(server) - before
        finally:
            await browser.close()


def class_pools(folder: Path, name: str, students: int) -> dict:
    """The pools of a lesson (docs/classroom.md): the start page's as shipped, the class's page
    sized for the class (one spare kernel), no other."""
    config = json.loads((folder / "voila.json").read_text(encoding="utf-8"))
    shipped = config["VoilaKernelManager"]["kernel_pools_config"]
    pools = {"index.ipynb": shipped.get("index.ipynb", {"pool_size": 1}), "default": {"pool_size": 0}}
    pools[f"{name}.ipynb"] = {"pool_size": students + 1}
    return pools


def bench_class(students: int = 30, name: str = "aeroplane_chess", timeout: float = 300.0,
                pool: bool = True, fill_delay: float | None = None, clients: str = "browser",
                out=print) -> list[Visit]:
    """``students`` open one page at the same moment on one Voila server (as shipped; with
    ``pool`` the page's pool sized for the class). Prints first/median/last and the failures;
    returns the visits.

    ``clients``: ``"browser"``, a Chromium context per student on this machine; ``"replay"``,
    each student replays what one recorded browser visit asked of the server (the page, its
    scripts, styles and pictures, the kernel's websocket and the widget state) without drawing
    it, so the time is the server's, as when the students' browsers run on their own devices.

    Raises:
        ValueError: ``clients`` is neither.
    """
    if clients not in ("browser", "replay"):
        raise ValueError(f"clients must be 'browser' or 'replay', not {clients!r}")
    folder = notebooks_folder()
    extra = []
    pools = pool_sizes(folder)
    if pool:
        sized = class_pools(folder, name, students)
        extra = [f"--VoilaKernelManager.kernel_pools_config={json.dumps(sized)}",
                 f"--VoilaKernelManager.fill_delay={fill_delay or CLASS_FILL_DELAY}"]
        pools = {Path(k).stem: v["pool_size"] for k, v in sized.items()
                 if k != "default" and (folder / k).exists()}
        if clients == "replay":    # the recorded visit takes one kernel of the class's pool
            sized[f"{name}.ipynb"]["pool_size"] += 1
            pools[name] += 1
            extra[0] = f"--VoilaKernelManager.kernel_pools_config={json.dumps(sized)}"
    server = Server(folder, extra=extra)
    try:
        server.start()
        cpu0 = server.cpu()
        waited = server.wait_idle(sum(pools.values()))
        out(f"{sum(pools.values())} pre-heated kernels ({pools.get(name, 0)} for {name}) ran their "
            f"notebooks in {waited:.0f} s ({server.cpu() - cpu0:.0f} CPU s)")
        if clients == "replay":
            assets = asyncio.run(_record(server, name, timeout))
            out(f"recorded one browser visit: the page and {len(assets)} files; each student asks "
                f"for them, then the widget state over the kernel's websocket, drawing nothing")
            time.sleep(2.0)
        cpu0 = server.cpu()
        client0 = time.process_time()
        start = time.monotonic()
        if clients == "replay":
            before = _browser_cpu(server)
            visits = asyncio.run(_replayed_class(server, name, students, assets, timeout))
            browser_cpu = _browser_cpu(server) - before
        else:
            visits, browser_cpu = asyncio.run(_class(server, name, students, timeout))
        wall = time.monotonic() - start
        cpu = server.cpu() - cpu0
        log = server.log()
    finally:
        server.stop()
    times = sorted(v.seconds for v in visits if v.seconds is not None)
    failed = [v for v in visits if v.seconds is None]
    who = "students" if clients == "browser" else "replayed students"
    if times:
        out(f"{name}: {students} {who} at once: {len(times)} usable; first {times[0]:.1f} s, "
            f"median {statistics.median(times):.1f} s, last {times[-1]:.1f} s "
            f"(target: every page within {CLASS_TARGET:.0f} s); {len(failed)} failed")
    else:
        out(f"{name}: {students} {who} at once: none usable; {len(failed)} failed")
    for v in failed:
        out(f"  failed: {v.problem}")
    skipped = log.count("Timeout waiting for IOPub output")
    if skipped:
        out(f"  the server log says 'Timeout waiting for IOPub output' {skipped} times")
    client_cpu = (f"the browser (Chromium, Playwright): {browser_cpu:.0f} CPU s" if clients == "browser"
                  else f"the replaying students (this process): {time.process_time() - client0:.0f} CPU s")
    out(f"server and kernels: {cpu:.0f} CPU s, {client_cpu} "
        f"during the {wall:.0f} s; load average at the end: "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    return visits


# ----- a class of replayed students: the server's side alone ----------------------------------
#
# On one 2-core machine, thirty Chromium contexts need far more CPU than the Voila server and its
# kernels (docs/classroom.md): the browser test measures the machine, not the server. In a class
# each student's browser runs on the student's own device. A *replayed* student asks the server
# for exactly what a browser asked for on one recorded visit of the page: the page, every script,
# style and picture it loaded, then the kernel's websocket, where it does what Voila's widget
# manager does (kernel_info, then the ``jupyter.widget.control`` comm's ``request_states``, then it
# closes that comm and reads the kernel's model: what a recorded Chromium visit sent, no more), and
# counts as usable when the widget state holds the explorer's Step button and a non-empty board
# picture. No page is drawn, so the server's and kernels' CPU is the machine's.

def _explorer_state_ok(states: dict, buffer_paths: list, buffers: list) -> bool:
    """The ``update_states`` reply holds the explorer (its dom class), a Step button and a board
    picture with bytes."""
    has_explorer = any("racekit-explorer" in s.get("state", {}).get("_dom_classes", ())
                       for s in states.values())
    has_step = any(s.get("model_name") == "ButtonModel" and s["state"].get("description") == "Step"
                   for s in states.values())
    board_ids = {k for k, s in states.items() if "racekit-board" in s.get("state", {}).get("_dom_classes", ())}
    board = any(path[0] in board_ids and len(buf) > 0 for path, buf in zip(buffer_paths, buffers)) \
        or any(states[k]["state"].get("value") for k in board_ids)
    return has_explorer and has_step and board


async def _record(server: Server, name: str, timeout: float) -> list[str]:
    """The URLs (on the server) that one browser visit of ``name`` loaded, in order, except the
    page itself and the kernel's API."""
    from playwright.async_api import async_playwright
    urls: list[str] = []
    base = f"http://127.0.0.1:{server.port}/"
    async with async_playwright() as pw:
        browser = await _browser(pw)
        try:
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            page = await context.new_page()
            page.on("requestfinished", lambda r: urls.append(r.url))
            await page.goto(server.url(name), wait_until="commit", timeout=timeout * 1000)
            await page.wait_for_function(READY, arg=has_explorer(name), timeout=timeout * 1000)
            await context.close()
        finally:
            await browser.close()
    return assets(urls, base, server.url(name))


def assets(urls: list[str], base: str, page_url: str) -> list[str]:
    """The files among a visit's ``urls`` a replayed student asks for again: those on the server
    (``base``), once each, in order, except the page itself and the API (kernels, sessions)."""
    return [u for u in dict.fromkeys(urls)
            if u.startswith(base) and u != page_url and "/api/" not in u]


async def _replayed_student(server: Server, name: str, assets: list[str], timeout: float) -> Visit:
    """One replayed student (see above). The kernel's websocket speaks the v1 protocol, as
    JupyterLab's does: Voila 0.5 reads every binary frame it sends as v1, and a legacy-protocol
    client that receives a widget state with buffers makes its server loop."""
    import re
    import uuid
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect
    from jupyter_client.jsonutil import json_default
    from jupyter_client.session import Session
    from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                                  serialize_msg_to_ws_v1)

    def pack(part) -> bytes:
        return json.dumps(part, default=json_default).encode("utf-8")

    client = AsyncHTTPClient(force_instance=True, max_clients=6)   # a browser's 6 per host
    start = time.monotonic()
    try:
        page = await client.fetch(server.url(name), request_timeout=timeout)
        html = page.body.decode("utf-8", errors="replace")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
        if not found:
            return Visit(name, None, "no kernel in the page")
        await asyncio.gather(*(client.fetch(u, request_timeout=timeout) for u in assets))
        session = Session(username="student")
        ws = await websocket_connect(
            f"ws://127.0.0.1:{server.port}/api/kernels/{found.group(1)}/channels?session_id={session.session}",
            subprotocols=["v1.kernel.websocket.jupyter.org"], max_message_size=256 * 1024 * 1024)

        async def send(msg_type: str, content: dict, metadata: dict | None = None) -> None:
            msg = session.msg(msg_type, content, metadata=metadata)
            await ws.write_message(serialize_msg_to_ws_v1(msg, "shell", pack), binary=True)

        try:
            await send("kernel_info_request", {})
            comm = uuid.uuid4().hex
            opened = False
            while True:
                left = timeout - (time.monotonic() - start)
                if left <= 0:
                    return Visit(name, None, f"not usable within {timeout:.0f} s")
                raw = await asyncio.wait_for(ws.read_message(), left)
                if raw is None:
                    return Visit(name, None, "the kernel's websocket closed")
                if isinstance(raw, str):
                    raw = raw.encode("utf-8")
                _, parts = deserialize_msg_from_ws_v1(raw)
                kind = json.loads(parts[0])["msg_type"]
                if kind == "kernel_info_reply" and not opened:
                    opened = True     # what the widget manager does (ipywidgets' control comm)
                    await send("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                             "data": {}}, {"version": "1.0.0"})
                    await send("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
                elif kind == "comm_msg":
                    content = json.loads(parts[3])
                    data = content.get("data", {})
                    if content.get("comm_id") != comm or data.get("method") != "update_states":
                        continue
                    await send("comm_close", {"comm_id": comm, "data": {}})
                    await client.fetch(f"http://127.0.0.1:{server.port}/api/kernels/{found.group(1)}",
                                       request_timeout=timeout)
                    if not has_explorer(name) or _explorer_state_ok(
                            data["states"], data.get("buffer_paths", []), parts[4:]):
                        return Visit(name, time.monotonic() - start)
                    return Visit(name, None, "no explorer in the widget state")
        finally:
            ws.close()
    except Exception as exc:     # an HTTP error, a refused connection, a timeout
        return Visit(name, None, f"{type(exc).__name__}: {str(exc)[:200]}")
    finally:
        client.close()


async def _replayed_class(server: Server, name: str, students: int, assets: list[str],
                          timeout: float) -> list[Visit]:
    return list(await asyncio.gather(*(_replayed_student(server, name, assets, timeout)
                                       for _ in range(students))))
