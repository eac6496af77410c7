"""`racekit play GAME --summary`: a few lines (game and seed, winner, ranking, plies), not the game."""
import pytest
from typer.testing import CliRunner

from racekit.cli import app

runner = CliRunner()


@pytest.mark.parametrize("game", ["aeroplane_chess", "snow_tails"])
def test_summary_is_a_few_lines(game):
    out = runner.invoke(app, ["play", game, "--seed", "3", "--summary"])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    # four lines, and a fifth naming who dropped out when any did (Snow Tails)
    lines = [line for line in lines if not line.startswith("Dropped out: ")]
    assert len(lines) == 4, out.output[:2000]
    head, winner, ranking, plies = lines
    assert "seed 3" in head and "players" in head
    assert winner.startswith("Winner: ")
    assert ranking.startswith("Ranking: 1. ")
    assert winner.removeprefix("Winner: ") in ranking.split("2.")[0]
    assert plies.endswith(" plies") and int(plies.split()[0]) > 10
    full = runner.invoke(app, ["play", game, "--seed", "3"])
    tail = [line for line in full.output.strip().splitlines() if not line.startswith("Dropped out: ")]
    assert tail[-2:] == lines[-2:]   # same game as the full log
