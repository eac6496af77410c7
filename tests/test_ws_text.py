"""Wingsuit Flight: every event has a sentence, every phase a plain name."""
import racekit
from racekit.core.agents import RandomAgent
from racekit.core.chance import Sampler
from racekit.core.scenarios import run_all
from racekit.games.wingsuit.text import PHASES, TEMPLATES


def test_every_event_and_phase_has_words():
    kinds, phases = set(), set()
    states = [r.after for r in run_all("wingsuit")]
    for players, options in ((2, {}), (3, {"cleanup_updraft": "optional"}), (5, {"queue_order": "chooser"})):
        g = racekit.load_game("wingsuit", players=players, max_rounds=25, **options)
        for seed in range(3):
            st = g.new_initial_state()
            smp, agent = Sampler(seed), RandomAgent(seed)
            while not st.is_terminal():
                phases.add(st.phase)
                st.apply_action(smp.sample(st.chance_outcomes(), st.ply) if st.is_chance_node()
                                else agent(st, st.ply))
            states.append(st)
    for st in states:
        for e in st.events:
            kinds.add(e.kind)
            text = st.game.render(e)
            assert text and "{" not in text and e.kind in TEMPLATES, (e, text)
            assert text.endswith("]") or not e.clauses
    assert phases <= set(PHASES), phases - set(PHASES)
    assert {"reveal", "crash", "exit", "game_over", "lay", "interference"} <= kinds


def test_option_groups_list_every_option_once():
    from racekit.games.wingsuit.text import OPTION_GROUPS
    names = [n for group in OPTION_GROUPS.values() for n in group]
    options = [o.name for o in racekit.load_game("wingsuit").game_type.options]
    assert sorted(names) == sorted(options)
