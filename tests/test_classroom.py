"""Serving the notebooks to a class (docs/classroom.md): Voilà's settings shipped in
notebooks/voila.json, the template that opens the folder on its start page, the JupyterHub
configurations of the documentation. What needs a browser is in test_browser.py (a class of six)."""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DOC = ROOT / "docs" / "classroom.md"
VOILA = Path(sys.executable).parent / "voila"


def _config() -> dict:
    return json.loads((NOTEBOOKS / "voila.json").read_text(encoding="utf-8"))


def test_every_notebook_has_a_preheated_pool_and_nothing_else_does():
    config = _config()
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"]["pool_size"] == 0, "other folders' notebooks are not pre-heated"
    # keys are paths below notebooks/ (the Chinese notebooks are in notebooks/zh/)
    shipped = [p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts]
    missing = [name for name in shipped if name not in pools]
    assert not missing, f"notebooks without a pool in notebooks/voila.json: {missing}"
    assert all(pools[name]["pool_size"] >= 1 for name in shipped)
    executor = config["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 60 and executor["raise_on_iopub_timeout"] is True
    template = ROOT / "share" / "voila" / "templates" / config["VoilaConfiguration"]["template"]
    assert (template / "conf.json").exists() and (template / "tree-lab.html").exists()


def _voila_settings(cwd: Path, folder: str) -> dict:
    """What Voilà makes of its configuration files, started in ``cwd`` on ``folder``."""
    if not VOILA.exists():
        pytest.skip("voila is not installed (bash tools/setup.sh lab)")
    code = (
        "import json, sys\n"
        "from voila.app import Voila\n"
        "app = Voila()\n"
        f"app.initialize([{folder!r}])\n"
        "vc = app.voila_configuration\n"
        "ex = app.config.get('VoilaExecutor', {})\n"
        "km = app.config.get('VoilaKernelManager', {})\n"
        "print(json.dumps({'preheat': vc.preheat_kernel, 'template': vc.template,\n"
        "  'iopub': ex.get('iopub_timeout'), 'pools': km.get('kernel_pools_config'),\n"
        "  'root': app.root_dir}))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("cwd, folder", [(ROOT, "notebooks"), (NOTEBOOKS, "."), (Path("/"), str(NOTEBOOKS))])
def test_voila_started_anywhere_on_the_notebooks_reads_the_shipped_settings(cwd, folder):
    """From the checkout (the README's `voila notebooks/`), inside notebooks/, and from elsewhere:
    through the link tools/setup.sh makes in .venv/etc/jupyter."""
    got = _voila_settings(cwd, folder)
    assert Path(got["root"]).resolve() == NOTEBOOKS.resolve()
    assert got["preheat"] is True and got["template"] == "racekit", \
        f"{got}: is .venv/etc/jupyter/voila.json linked? (bash tools/setup.sh)"
    assert got["iopub"] == _config()["VoilaExecutor"]["iopub_timeout"]
    assert got["pools"] == _config()["VoilaKernelManager"]["kernel_pools_config"]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8", "replace")


def test_the_notebooks_folder_opens_on_its_start_page(tmp_path):
    """The top of a folder holding index.ipynb sends the browser to its page (racekit's template);
    ?files and a folder without index.ipynb list the files."""
    import nbformat
    sys.path.insert(0, str(ROOT / "tests"))
    from browser_helpers import free_port, server_command, stop, wait_for_port
    if not VOILA.exists():
        pytest.skip("voila is not installed (bash tools/setup.sh lab)")
    for name in ("index", "other"):
        nbformat.write(nbformat.v4.new_notebook(), tmp_path / f"{name}.ipynb")
    (tmp_path / "sub").mkdir()
    nbformat.write(nbformat.v4.new_notebook(), tmp_path / "sub" / "x.ipynb")
    port = free_port()
    proc = subprocess.Popen([*server_command(VOILA), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                             "--VoilaConfiguration.preheat_kernel=False", str(tmp_path)],
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc, "voila")
        base = f"http://127.0.0.1:{port}/"
        redirect = re.compile(r'http-equiv="refresh" content="0; url=/voila/render/index\.ipynb"')
        assert redirect.search(_get(base))
        assert not redirect.search(_get(base + "?files"))
        assert not redirect.search(_get(base + "voila/tree/sub"))
    finally:
        stop(proc)


def _blocks(language: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def test_the_documented_jupyterhub_and_server_configs_run():
    from traitlets.config import Config
    blocks = _blocks("python")
    assert len(blocks) >= 3
    seen = {}
    for block in blocks:
        ast.parse(block)
        c = Config()
        exec(compile(block, str(DOC), "exec"), {"c": c, "get_config": lambda: c})
        seen.update({section: dict(values) for section, values in c.items()})
    assert seen["Spawner"]["default_url"] in ("/voila/render/index.ipynb", "/")
    assert seen["VoilaExecutor"]["iopub_timeout"] == _config()["VoilaExecutor"]["iopub_timeout"]
    cmd = next(b for b in blocks if "jhsingle-native-proxy" in b)
    c = Config()
    exec(cmd, {"c": c})
    pools = next(a for a in c.Spawner.cmd if "kernel_pools_config=" in a)
    assert json.loads(pools.split("=", 1)[1])["default"]["pool_size"] == 0


def test_the_documented_class_command_sizes_a_pool_voila_accepts():
    """The command of "A class on one machine": its JSON mapping parses and names shipped notebooks."""
    text = DOC.read_text(encoding="utf-8")
    mapping = re.search(r"kernel_pools_config='(\{.*?\})'", text).group(1)
    pools = json.loads(mapping)
    assert all(k == "default" or (NOTEBOOKS / k).exists() for k in pools)
    assert pools["aeroplane_chess.ipynb"]["pool_size"] > 30
    from racekit.sim.pages_bench import CLASS_FILL_DELAY
    assert f"--VoilaKernelManager.fill_delay={CLASS_FILL_DELAY} " in text


def test_wait_for_idle_counts_cpu_of_a_process_tree():
    """The benchmark's idle test (racekit.sim.pages_bench) sees a busy child's CPU time."""
    psutil = pytest.importorskip("psutil")
    from racekit.sim.pages_bench import _tree_cpu
    proc = subprocess.Popen([sys.executable, "-c", "import time\nt=time.process_time()\n"
                             "while time.process_time()-t < 0.6: pass\ntime.sleep(5)"])
    try:
        deadline = time.monotonic() + 30
        while _tree_cpu(proc.pid) < 0.5 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _tree_cpu(proc.pid) >= 0.5
    finally:
        proc.kill()
        proc.wait()
    assert psutil is not None


def test_a_cell_whose_output_is_late_says_so_on_the_page(tmp_path):
    """The shipped executor settings: when a cell's output does not arrive in time (here the wait is
    cut to 0 s and the cell prints 20,000 lines), the page shows the cell as an error in our words
    and the server log names the timeout; the page does not silently lose the cell."""
    import nbformat
    sys.path.insert(0, str(ROOT / "tests"))
    from browser_helpers import free_port, server_command, stop, wait_for_port
    if not VOILA.exists():
        pytest.skip("voila is not installed (bash tools/setup.sh lab)")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("for i in range(20000):\n    print(i, flush=True)"),
                nbformat.v4.new_code_cell("print('after')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "late.ipynb")
    port = free_port()
    log = tmp_path / "voila.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([*server_command(VOILA), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                 "--VoilaExecutor.iopub_timeout=0", str(tmp_path)],
                                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc, "voila")
        html = _get(f"http://127.0.0.1:{port}/voila/render/late.ipynb")
    finally:
        stop(proc)
    message = _config()["VoilaExecutor"]["cell_timeout_instruction"]
    assert message in html, html[-3000:]
    assert "Timeout waiting for IOPub output" in log.read_text(errors="replace")


def test_bench_pages_names_the_pages_when_given_an_unknown_one():
    from typer.testing import CliRunner

    from racekit.cli import app
    result = CliRunner().invoke(app, ["bench", "--class", "3", "--page", "nope"])
    assert result.exit_code != 0
    assert "no notebook nope.ipynb" in result.output and "aeroplane_chess" in result.output
    from racekit.sim import pages_bench
    names = pages_bench.page_names(NOTEBOOKS)
    assert names[0] == "index" and "designer_review" in names
    assert pages_bench.target("index") == 2 and pages_bench.target("wingsuit") == 3
    assert pages_bench.target("designer_review") == 5
    pools = pages_bench.class_pools(NOTEBOOKS, "wingsuit", 30)
    assert pools["wingsuit.ipynb"]["pool_size"] == 31 and pools["default"]["pool_size"] == 0


def test_no_notebook_reads_the_request_a_preheated_page_is_rendered_before():
    """Pre-heating runs a notebook before anyone asks for it: a notebook that read the request (the
    query string, the URL, headers: Voila's request variables) would show every student the same
    stale values. None of the shipped notebooks' sources does."""
    words = re.compile(r"QUERY_STRING|SCRIPT_NAME|PATH_INFO|SERVER_NAME|VOILA_REQUEST_URL|HTTP_[A-Z]|"
                       r"wait_for_request")
    for path in sorted((ROOT / "tools" / "notebooks").glob("*.py")):
        assert not words.search(path.read_text(encoding="utf-8")), path.name


def test_a_replayed_student_counts_a_page_usable_only_with_the_explorer_step_and_board():
    """The class benchmark's replayed student (racekit bench --class N --clients replay) reads the
    widget state the kernel sends (ipywidgets' update_states): usable only when it holds the
    explorer, its Step button and a board picture with bytes."""
    from racekit.sim.pages_bench import _explorer_state_ok, assets
    states = {
        "ex": {"model_name": "VBoxModel", "state": {"_dom_classes": ["racekit-explorer"]}},
        "step": {"model_name": "ButtonModel", "state": {"description": "Step"}},
        "board": {"model_name": "ImageModel", "state": {"_dom_classes": ["racekit-board"]}},
    }
    assert _explorer_state_ok(states, [["board", "value"]], [b"\x89PNG"])
    assert not _explorer_state_ok(states, [["board", "value"]], [b""])          # an empty picture
    assert not _explorer_state_ok(states, [], [])                               # no picture at all
    no_step = {k: v for k, v in states.items() if k != "step"}
    assert not _explorer_state_ok(no_step, [["board", "value"]], [b"\x89PNG"])
    no_explorer = {k: v for k, v in states.items() if k != "ex"}
    assert not _explorer_state_ok(no_explorer, [["board", "value"]], [b"\x89PNG"])
    base, page = "http://127.0.0.1:1/", "http://127.0.0.1:1/voila/render/a.ipynb"
    urls = [page, base + "voila/static/a.js", "https://cdn.example/x.css", base + "voila/static/a.js",
            base + "api/kernels/k?1", base + "voila/static/b.js"]
    assert assets(urls, base, page) == [base + "voila/static/a.js", base + "voila/static/b.js"]
