"""Golden playthroughs: a seeded game written out ply by ply, compared by the tests.

One file per game and preset in ``tests/golden/``; ``racekit golden``
regenerates them all (into the source checkout's ``tests/golden/`` whatever the
working directory, or ``--out DIR``).
"""
from __future__ import annotations

from pathlib import Path

from ..core.game import game_class, load_game, shipped_names
from ..core.session import Session

GOLDEN_SEED = 7


def presets(game_id: str) -> list[str]:
    gt = game_class(game_id).game_type
    return [p.name for p in gt.presets] or ["default"]


def playthrough_text(game, seed: int = GOLDEN_SEED) -> str:
    """Seed, every action and the state after it, as text."""
    session = Session(game, seed=seed)
    lines = [f"# golden playthrough: {game.settings()} seed={seed}"]
    lines += [f"# {line}" for line in game.house_rules()]   # none at the rulebook's numbers
    while not session.state.is_terminal():
        state = session.state
        actor = state.current_player()
        who = "chance" if actor < 0 else game.seat_names[actor]
        ply = state.ply
        action = session.next_action()
        name = state.action_to_string(action)
        session.step(action)
        lines.append(f"ply {ply} {who}: {name} [{action}]")
        lines.append("  " + session.state.to_text().replace("\n", "\n  "))
    lines.append(f"ranking: {session.state.ranking()} returns: {session.state.returns()}")
    return "\n".join(lines) + "\n"


def golden_path(folder: Path, game_id: str, preset: str) -> Path:
    return folder / f"{game_id}-{preset}.txt"


def write_all(folder: Path | None = None, games: list[str] | None = None,
              progress: bool = False) -> list[Path]:
    """Write the golden file of every shipped game (or of ``games``) and preset into ``folder``;
    return their paths.

    ``folder`` defaults to the source checkout's ``tests/golden/``; ``progress`` shows a tqdm bar.

    Raises:
        RacekitError: no ``folder`` and racekit is not running from a source checkout.
    """
    from tqdm import tqdm

    from ..paths import checkout_folder
    folder = Path(folder) if folder is not None else checkout_folder("tests/golden")
    folder.mkdir(parents=True, exist_ok=True)
    jobs = [(game_id, preset) for game_id in games or shipped_names() for preset in presets(game_id)]
    written = []
    for game_id, preset in tqdm(jobs, desc="golden", unit="file", disable=not progress):
        game = load_game(game_id, preset=None if preset == "default" else preset)
        path = golden_path(folder, game_id, preset)
        path.write_text(playthrough_text(game), encoding="utf-8")
        written.append(path)
    return written
