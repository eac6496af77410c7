"""The project's own files: dependencies in step, README commands, CI entry point."""
import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _req(spec: str) -> tuple[str, str]:
    name, version = re.match(r"([A-Za-z0-9_.-]+)\s*(.*)", spec).groups()
    # one name however it is spelt (PEP 503: conda-forge's jupyterlab_rise is jupyterlab-rise)
    return re.sub(r"[-_.]+", "-", name).lower(), version.replace(" ", "")


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_req(s) for s in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {_req(s) for s in extra}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_req(d) for d in env["dependencies"] if isinstance(d, str) and not d.startswith(("python", "pip"))}
    # packages conda-forge lacks are listed under pip: (the editable install itself excluded)
    for d in env["dependencies"]:
        if isinstance(d, dict):
            conda |= {_req(s) for s in d.get("pip", []) if not s.startswith("-")}
    assert conda == wanted


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "bash tools/test.sh" in readme and "bash tools/test.sh" in ci
    assert "bash tools/run.sh" in readme


def test_import_racekit_stays_lean():
    import subprocess
    import sys
    code = ("import sys, racekit; racekit.load_game('aeroplane_chess');"
            "heavy = [m for m in ('matplotlib', 'ipywidgets', 'jupyterlab', 'notebook', 'voila') if m in sys.modules];"
            "print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
