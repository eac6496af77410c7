"""AC-TOUR-STACK-1: a stack is announced only where pieces END a move on one square.

200 random tournament games; after every move, each stack event is checked against the position
at the end of that move (the pieces it names are exactly the pieces on that square, two or more,
of one side), and a move that ends on a square with other pieces of its side is announced.
"""
import random

from racekit.core.game import load_game
from racekit.games.aeroplane_chess.actions import MOVE, piece_name
from racekit.games.aeroplane_chess.move import square_key
from racekit.games.aeroplane_chess.state import AeroplaneState

from test_ac_helpers import mk, play


def _on_square(s, key):
    return [q for q in range(len(s.pos)) if square_key(s, q) == key]


def test_stack_events_are_true_in_200_random_tournament_games():
    game = load_game("aeroplane_chess", preset="tournament")
    announced = 0
    for seed in range(200):
        rng = random.Random(seed)
        s = AeroplaneState(game)
        while not s.is_terminal():
            if s.is_chance_node():
                a = rng.choice(s.chance_outcomes())[0]
            else:
                a = rng.choice(s.legal_actions())
            moving = not s.is_chance_node() and s.phase == "move" and a >= MOVE
            n = len(s.events)
            s.apply_action(a)
            new = [e for e in s.events[n:] if e.kind == "stack"]
            if not moving:
                assert not new
                continue
            assert len(new) <= 1
            last = s.last
            ref = "RYBG".index(last["pieces"][0][0]) * 4 + int(last["pieces"][0][1]) - 1
            key = square_key(s, ref)
            there = _on_square(s, key) if key is not None else []
            joined = [q for q in there if piece_name(q) not in last["pieces"]]
            if new:
                e = new[0]
                announced += 1
                names = e.data["pieces"].split("+")
                assert sorted(names) == sorted(piece_name(q) for q in there), (seed, e, s.to_text())
                assert len(names) >= 2 and len({s.r.side[q >> 2] for q in there}) == 1
                assert e.clauses == ("AC-TOUR-STACK-1",)
            else:
                assert not joined, (seed, s.to_text())
    assert announced > 50


def test_touching_down_on_a_teammate_before_a_jump_is_no_stack():
    """The issue's example: R1 on red step 7, B1 on red step 10; red rolls 3, lands on 10, jumps to 14."""
    s = mk("tournament", setup={"planes": {"R1": 7, "B1": {"square": 9}}, "phase": "move", "die": 3})
    play(s, "move R1")
    assert s.snapshot()["planes"]["R1"]["step"] == 14
    assert not [e for e in s.events if e.kind == "stack"]
    assert s.snapshot()["stacks"] == []
