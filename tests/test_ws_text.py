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


def test_conditional_icons_read_as_words_not_as_card_file_code():
    """'Red checks IF(alt_at_least(3), [N, N]): yes.' was the card file's notation; a class reads
    the condition in words, with the altitude it was checked against (WS-ACT-5)."""
    from racekit.games.wingsuit.text import TEMPLATES
    take, check = TEMPLATES["take"], TEMPLATES["condition"]
    assert (take(seat="Red", cell="B2", icons=["IF(alt_at_least(3), [N, N])", "N"], left=3)
            == "Red takes back the die in B2: (if altitude 3 or more: N, N), N.")
    assert (check(seat="Green", test="IF(alt_at_most(2), [N])", holds=False, altitude=3)
            == "Green checks its condition (altitude 2 or less; Green is at 3): no, its arrows are skipped.")
    assert (check(seat="Blue", test="IF(on_updraft, [NE])", holds=True, altitude=2)
            == "Blue checks its condition (on an updraft): yes.")
    assert "holding a cube" in take(seat="Red", cell="C1", icons=["IF(holds_cube, [N])"], left=0)
    assert "IF(" not in check(seat="Red", test="IF(unknown, [N])", holds=False, altitude=1)
