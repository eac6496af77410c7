#!/usr/bin/env bash
# The main job: set up, play a whole game of each shipped game headless (a short summary each), then
# open the notebooks in JupyterLab.
#   bash tools/run.sh             # set-up + headless summaries + JupyterLab on http://127.0.0.1:8888/lab
#   bash tools/run.sh --headless  # set-up + headless summaries only
# Everything is installed into .venv (tools/setup.sh); the system Python is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh lab,sim   # sim: pandas, scipy, statsmodels and dask, for racekit simulate, racekit review and notebooks/designer_review.ipynb
echo
.venv/bin/racekit play aeroplane_chess --seed 1 --summary
echo
.venv/bin/racekit play snow_tails --seed 1 --agent careful --summary
echo
.venv/bin/racekit play wingsuit --seed 1 --agent careful --summary
echo
.venv/bin/racekit play leaf_marathon --seed 1 --agent careful --summary
echo
echo "Turn by turn: .venv/bin/racekit play aeroplane_chess --seed 1   (more in README.md)"
if [ "${1:-}" = "--headless" ]; then exit 0; fi
root=(); [ "$(id -u)" = 0 ] && root=(--allow-root)
echo "Starting JupyterLab: open the http://127.0.0.1:8888/lab?token=... address below, then index.ipynb"
exec .venv/bin/jupyter lab notebooks/ --ServerApp.ip=127.0.0.1 --no-browser "${root[@]}"
