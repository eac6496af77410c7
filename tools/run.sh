#!/usr/bin/env bash
# The main job: set up, play a whole game headless, then open the notebooks in JupyterLab.
#   bash tools/run.sh             # set-up + headless playthrough + JupyterLab on http://127.0.0.1:8888/lab
#   bash tools/run.sh --headless  # set-up + headless playthroughs only
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh lab
.venv/bin/racekit play aeroplane_chess --seed 1
.venv/bin/racekit play snow_tails --seed 1 --agent careful --quiet
if [ "${1:-}" = "--headless" ]; then exit 0; fi
root=(); [ "$(id -u)" = 0 ] && root=(--allow-root)
exec .venv/bin/jupyter lab notebooks/ --ServerApp.ip=127.0.0.1 --no-browser "${root[@]}"
