"""Set-up on a stock machine: tools/setup.sh in a temporary clone, with only /usr/bin and /bin on PATH.

The system's python3 there is Debian's externally managed (PEP 668) interpreter and there is no uv:
the script must make .venv with ``python3 -m venv``, bring uv into it with the venv's pip (which
reads the machine's pip configuration), install racekit into .venv only, with compiled bytecode.
Checks: ``.venv/bin/racekit games`` works, the system interpreter cannot import racekit (nor uv,
when it could not before), and bytecode exists for the installed stack and for racekit itself.

Slow-ish (a full install, ~20 s with warm package caches) and bounded (10 minutes). Run it alone:
    .venv/bin/python -m pytest -m setup
The clone carries the working tree's uncommitted changes too, so the script under test is the one
in this checkout.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.setup

ROOT = Path(__file__).resolve().parents[1]
SYSTEM_PYTHON = "/usr/bin/python3"
STOCK_PATH = "/usr/bin:/bin"
TIMEOUT = 600
FIND = ("import importlib.util as u, sys; "
        "print(' '.join(n for n in sys.argv[1:] if u.find_spec(n) is not None))")


def _stock_env() -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CONDA_PREFIX", "PYTHONSTARTUP"}
           and not k.startswith("UV_")}
    env["PATH"] = STOCK_PATH
    return env


def _system_has(*modules: str, cwd: Path) -> set[str]:
    """Which of ``modules`` the system interpreter can import (-P: the folder is not on sys.path)."""
    out = subprocess.run([SYSTEM_PYTHON, "-P", "-c", FIND, *modules], cwd=cwd, env=_stock_env(),
                         capture_output=True, text=True, timeout=60, check=True)
    return set(out.stdout.split())


def _clone_with_changes(dest: Path) -> None:
    """``git clone`` of this checkout, plus its uncommitted and untracked (not ignored) files."""
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(dest)], check=True, timeout=120)
    changed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--modified", "--others",
                              "--exclude-standard"], capture_output=True, text=True, check=True).stdout
    for name in filter(None, set(changed.split("\0"))):
        src, dst = ROOT / name, dest / name
        if src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
        elif dst.exists():     # deleted in the working tree
            dst.unlink()


@pytest.fixture(scope="module")
def stock_setup(tmp_path_factory):
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        pytest.skip(f"{SYSTEM_PYTHON} is missing: this test checks set-up with the system's Python")
    version = subprocess.run([SYSTEM_PYTHON, "-c", "import sys; print(sys.version_info >= (3, 11))"],
                             capture_output=True, text=True).stdout.strip()
    if version != "True":
        pytest.skip(f"{SYSTEM_PYTHON} is older than 3.11, which racekit needs")
    if shutil.which("git") is None:
        pytest.skip("git is missing")
    base = tmp_path_factory.mktemp("stock")
    before = _system_has("racekit", "uv", cwd=base)
    if "racekit" in before:
        pytest.skip(f"{SYSTEM_PYTHON} can already import racekit (installed outside a venv before "
                    "this test): cannot tell whether set-up put it there")
    clone = base / "racekit"
    _clone_with_changes(clone)
    run = subprocess.run(["bash", "tools/setup.sh", "lab"], cwd=clone, env=_stock_env(),
                         capture_output=True, text=True, timeout=TIMEOUT)
    return clone, base, before, run


def test_setup_succeeds_with_only_the_system_python(stock_setup):
    clone, _, _, run = stock_setup
    assert run.returncode == 0, f"setup.sh failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    cfg = (clone / ".venv" / "pyvenv.cfg").read_text()
    assert "home = /usr/bin" in cfg, f".venv was not made from {SYSTEM_PYTHON}:\n{cfg}"
    if not any(Path(d, "uv").exists() for d in STOCK_PATH.split(":")):
        assert (clone / ".venv" / "bin" / "uv").exists(), "uv was not brought into .venv"


def test_racekit_games_runs_from_the_venv(stock_setup):
    clone, _, _, run = stock_setup
    assert run.returncode == 0, run.stderr[-3000:]
    out = subprocess.run([str(clone / ".venv" / "bin" / "racekit"), "games"], cwd=clone,
                         env=_stock_env(), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "aeroplane_chess:" in out.stdout and "snow_tails:" in out.stdout, out.stdout


def test_the_system_interpreter_is_untouched(stock_setup):
    _, base, before, run = stock_setup
    assert run.returncode == 0, run.stderr[-3000:]
    after = _system_has("racekit", "uv", "matplotlib", "ipywidgets", "typer", cwd=base)
    assert "racekit" not in after, f"{SYSTEM_PYTHON} can import racekit after set-up"
    added = after - before - {"matplotlib", "ipywidgets", "typer"}
    assert not added, f"set-up installed {added} for {SYSTEM_PYTHON}"


def test_bytecode_is_compiled_at_install(stock_setup):
    clone, _, _, run = stock_setup
    assert run.returncode == 0, run.stderr[-3000:]
    site = next((clone / ".venv" / "lib").glob("python3*/site-packages"))
    for package in ("matplotlib", "ipywidgets", "pydantic", "jupyterlab"):
        assert list((site / package / "__pycache__").glob("*.pyc")), f"no bytecode for {package}"
    assert list((clone / "racekit" / "core" / "__pycache__").glob("*.pyc")), "no bytecode for racekit"


def test_setup_runs_again_quickly_and_changes_nothing(stock_setup):
    """A second run (as tools/run.sh and tools/test.sh do every time) reuses .venv."""
    clone, _, _, run = stock_setup
    assert run.returncode == 0, run.stderr[-3000:]
    again = subprocess.run(["bash", "tools/setup.sh", "lab"], cwd=clone, env=_stock_env(),
                           capture_output=True, text=True, timeout=TIMEOUT)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "creating .venv" not in again.stderr and "installing uv" not in again.stderr, again.stderr


def test_setup_refuses_an_unknown_extra_and_says_when_python_is_not_used(stock_setup):
    """A misspelt extra is an error naming the extras there are (uv's --quiet would skip it
    silently); PYTHON=... with .venv already made says it is not used (new-user trial, stop 40)."""
    clone, _, _, run = stock_setup
    assert run.returncode == 0, run.stderr[-3000:]
    bad = subprocess.run(["bash", "tools/setup.sh", "lab,labb"], cwd=clone, env=_stock_env(),
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert bad.returncode == 2
    assert "unknown extra 'labb'" in bad.stderr and "lab sim bench rl test" in bad.stderr, bad.stderr
    other = subprocess.run(["bash", "tools/setup.sh", "lab"], cwd=clone,
                           env={**_stock_env(), "PYTHON": "python3.99"},
                           capture_output=True, text=True, timeout=TIMEOUT)
    assert other.returncode == 0, other.stderr[-3000:]
    assert "PYTHON=python3.99 is not used: .venv exists" in other.stderr, other.stderr


def test_run_sh_headless_prints_short_summaries(stock_setup):
    """`bash tools/run.sh --headless`: a few lines per game (seed, winner, ranking, plies), no log."""
    clone, _, _, run = stock_setup
    assert run.returncode == 0, run.stderr[-3000:]
    out = subprocess.run(["bash", "tools/run.sh", "--headless"], cwd=clone, env=_stock_env(),
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) <= 20, out.stdout[:3000]
    games = ("Aeroplane Chess", "Snow Tails", "Wingsuit Flight", "Leaf Marathon")   # every shipped game
    for name in games:
        assert any(line.startswith(name) and "seed 1" in line for line in lines), out.stdout
    assert sum(line.startswith("Winner: ") for line in lines) == len(games), out.stdout
    assert sum(line.startswith("Ranking: 1. ") for line in lines) == len(games), out.stdout
    assert sum(line.endswith(" plies") for line in lines) == len(games), out.stdout
    # JupyterLab opens notebooks/, designer_review.ipynb included: it needs the sim extra
    sim = subprocess.run([str(clone / ".venv/bin/python"), "-c", "import pandas, dask, racekit.sim.review"],
                         cwd=clone, env=_stock_env(), capture_output=True, text=True, timeout=120)
    assert sim.returncode == 0, sim.stderr[-2000:]
