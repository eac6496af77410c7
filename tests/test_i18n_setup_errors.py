"""The games' own set-up, set-up file and content file errors in Chinese (issue 20).

Each game's set-up checks (``racekit/games/*/setup.py``), its content and card-set files
(``content.py``, ``cards.py``) and boards (``board.py``) raise in English (scenario files and
saves keep those words); ``message_text(message, "zh")`` says each of them in Chinese through
``messages.patterns``, keeping seats, numbers, clause IDs, field names and the values as typed.
``racekit simulate --lang zh`` names the event kinds it counts in Chinese."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from racekit.core import i18n
from racekit.core.i18n import message_text
from test_i18n import CJK, english_words
from test_i18n_errors import chinese_only, run

ROOT = Path(__file__).resolve().parents[1] / "racekit" / "games"
FILES = sorted([*ROOT.glob("*/setup.py"), *ROOT.glob("*/content.py"), *ROOT.glob("*/cards.py"),
                *ROOT.glob("*/board.py"), *ROOT.glob("*/tracks/__init__.py")])
RAISED = ("SetupError", "ValueError", "FileFormatError", "InvariantError")

# (an English message as its raise site writes it, with sample values; the words a person types
# that stay as typed in Chinese: field names, keywords and values of the file)
SAMPLES = [
    ("a plane's place is a path step (0 take-off point to 56 finish), base, takeoff, finish, start, {square: N} or {home: N}, not the text '57' (a number is written without quotes)",
     'base takeoff finish start square home'),
    ('a seat is a number from 0 or a colour (red, yellow, blue, green), not nothing (null)',
     'red yellow blue green null'),
    ("turn must be a seat 0-3 or a colour of this game, not 'purple'",
     'turn purple'),
    ('to_move must be a seat 0-1, not 5',
     ''),
    ('give either square (a loop index) or home (1-5)',
     'square home'),
    ("no plane called 'X9'; planes are R1-R4, Y1-Y4, B1-B4, G1-G4",
     ''),
    ('G2 is not in a 2-player game',
     ''),
    ('Red has all planes home and takes no turns (AC-AMB-14)',
     ''),
    ("to_move may differ from turn only when the turn's player gave the extra roll to the teammate (AC-TOUR-SIX-2)",
     'turn'),
    ('sixes must be a whole number from 0 to 2, not 3: 3 in a row (penalty_sixes, AC-AMB-23) already ended the turn',
     'sixes'),
    ('die must be a face of the die, 1 to 6 (die_faces, AC-FAM-TURN-1)',
     'die'),
    ('moved_on_sixes lists the planes moved by the sixes rolled in a row, and sixes is 0',
     'sixes'),
    ('phase move needs the die',
     'phase move die'),
    ('Blue has no legal move with a 3; it would pass (AC-BOTH-MOVE-2): use phase roll',
     'phase roll'),
    ('phase bonus needs die 6, the chained_giftable extra roll, and both teammates with planes still out',
     'phase bonus die'),
    ('die is only given with phase move or bonus',
     'die phase move bonus'),
    ('a board is a name or a .yaml file path, not 3',
     'yaml'),
    ("no board called 'x1'; shipped boards: standard, or a .yaml file",
     'x standard yaml'),
    ('give the square once, as pos or as position (they are one field)',
     'pos position'),
    ("card 2: unknown card 'Z9'; cards are named like 'action', 'weapon (received)', 'Bear', 'Free Forced Rest'",
     'action weapon received Bear Free Forced Rest'),
    ("unknown card type 'Z9'; types: action, weapon, armor",
     'action weapon armor'),
    ('weapon: a count cannot be negative',
     'weapon'),
    ('the set-up lists 1 seat but the game has 3 players: give one entry per player (a scenario file sets the number with players:)',
     'players'),
    ('the map has 3 legs, not 2',
     ''),
    ('the map has 3 legs',
     ''),
    ('a leg is start, squares, finish',
     'start finish'),
    ("unknown character 'Q7'",
     ''),
    ('order lists distinct seats',
     'order'),
    ('turn is an index into order',
     'turn order'),
    ('leg 2 needs a start, at least one square and a finish (LM-DATA-3)',
     ''),
    ("leg 1: exactly one 'start', at index 0 (LM-DATA-3)",
     'start'),
    ("leg 1: exactly one 'finish', at the last index (LM-DATA-3)",
     'finish'),
    ('character ids must be unique: entries 2, 5 (characters, then fixtures, counted from 1) share an id',
     'characters fixtures id'),
    ('cards must list each type once (LM-DATA-2): action, weapon, armor',
     'cards action weapon armor'),
    ('buffs must list A, B and C once each',
     'buffs'),
    ('specials must list each of Bear, Rainboom once',
     'specials Bear Rainboom'),
    ('a deck needs at least 12 cards',
     ''),
    ('a name or a file path',
     ''),
    ("'xx' is not a shipped name; shipped: standard, or a .yaml file path (LM-AMB-01: this comes from a data file)",
     'xx standard yaml'),
    ("'xx' is not a shipped name; shipped: standard, or a .yaml file path",
     'xx standard yaml'),
    ("'xx' is not a shipped name",
     'xx'),
    ("'a.yaml': no such file (looked in /tmp/s)",
     'a yaml tmp s'),
    ("'a.txt': not a .yaml file",
     'a txt yaml'),
    ('a position is written [row, lane], not 7',
     'row lane'),
    ('dog cards have values 1 to 5, not 6',
     ''),
    ('a dog shows a value 1 to 5, not 0',
     ''),
    ('the track has 4 start slots',
     ''),
    ('slot 2 is taken twice (ST-AMB-02)',
     ''),
    ('a racing sled needs a position or a slot',
     'position slot'),
    ('dents_left needs the option dent_supply=limited_20 (the default supply is unlimited, ST-AMB-14)',
     ''),
    ('at the deal stage the hands are empty',
     ''),
    ('at the deal stage every seat has a slot',
     ''),
    ('the turn order must list each racing seat once: [0, 2]',
     ''),
    ('no sled is racing, so nobody takes a turn',
     ''),
    ('turn 3 is past the end of the order [0, 1]',
     'turn'),
    ('a track is a name or a .yaml file path',
     'yaml'),
    ('card C3 flags 2 start cells, fewer than 3 players (WS-AMB-25)',
     ''),
    ('a hex is written "c,y" (column, half-row), not 5',
     'c y'),
    ('a height is 1 to 4, white or void, not 7',
     'white void'),
    ('give the altitude once, as alt or as altitude (they are one field)',
     'alt altitude'),
    ('a seat has one die in a cell at most (its dice show different values)',
     ''),
    ("a hex is written 'c,y', not '4'",
     'c y'),
    ("no card 'Z9' in the card set",
     ''),
    ("a placement is written card@b with b from 1 to 5, not 'C3@9'",
     'card b'),
    ('(4,9) is not a hex of the track',
     ''),
    ('in the plan phase no die stands in the queue yet',
     ''),
    ('next is an index into order, 0 to 2, not 5',
     'next order'),
    ('order must list each of the 3 seats once',
     'order'),
    ("use 'illustrative' (the kit's own set) or the path of a card-set file",
     'illustrative'),
    ("no card set called 'x1': use 'illustrative' (the kit's own set) or the relative path of a .yaml card-set file",
     'x illustrative yaml'),
    ('nothing (null)',
     'null'),
    ('true (a yes/no value)',
     'true'),
    ("the text '57' (a number is written without quotes)",
     ''),
    ("the text 'Q1'",
     ''),
    ('a list',
     ''),
    ('a mapping',
     ''),
    ('field loop_steps: must not exceed the loop length',
     'loop_steps'),
    ('field entries: entries has 3 values for 4 colours',
     'entries'),
    ('field entries: must be 4 distinct loop indices in 0..51',
     'entries'),
    ('field colour_hex: lacks red, blue',
     'colour_hex red blue'),
    ('field loop_steps: must not exceed the loop length',
     'loop_steps'),
    ('field own_colour: loop square 12 would be own colour of two colours',
     'own_colour'),
    ('field shortcut: the shortcut must join two own-colour loop steps, forward',
     'shortcut'),
    ("field jump: a jump must land on the next own-colour square (a multiple of 'every')",
     'jump every'),
    # snow_tails/tracks: said by the patterns of the command line's track option
    ("no track called 'x1'; shipped tracks: long, medium, teaching, straightW or straightW_N (a plain "
     "grid of W lanes), or a .yaml file", "x long medium teaching straightW straightW_N yaml"),
    ("no track called 'x1'; shipped tracks: long, medium, teaching", "x long medium teaching"),
    # racekit.core.setups.seat_count_message, raised by every game's set-up
    ("the set-up lists 2 seats but the game has 3 players: give one entry per player (a scenario "
     "file sets the number with players:)", "players"),
]


def left_english(line: str, typed: str) -> list[str]:
    """English words left in ``line`` once the words a person types (whole words only, not
    inside ``penalty_sixes``), quoted values and paths are taken out."""
    for word in sorted(typed.split(), key=len, reverse=True):
        line = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", line)
    return chinese_only(line)


def _shape(node) -> str | None:
    """The regex of a raised message: its literal text, each formatted value as ``.+``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values)
    return None


def raise_sites():
    """(file:line, regex) of every ``raise SetupError/ValueError/FileFormatError("...")`` with a
    written message in the games' set-up, content, card-set, board and track modules."""
    for path in FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                    and getattr(node.exc.func, "id", None) in RAISED and node.exc.args:
                shape = _shape(node.exc.args[0])
                if shape is not None and ": field " not in ast.unparse(node.exc.args[0]):   # a frame
                    yield f"{path.relative_to(ROOT)}:{node.lineno}", shape


def test_every_raise_site_has_a_sample():
    sites = list(raise_sites())
    assert len(sites) >= 60, len(sites)
    samples = [s for s, _ in SAMPLES]
    missing = [site for site, shape in sites
               if not any(re.fullmatch(shape, s, re.S) for s in samples)]
    assert not missing, missing


@pytest.mark.parametrize("message,typed", SAMPLES, ids=[s[:40] for s, _ in SAMPLES])
def test_a_setup_error_reads_in_chinese(message, typed):
    zh = message_text(message, "zh")
    assert zh != message and CJK.search(zh), zh
    assert not left_english(zh, typed), (zh, left_english(zh, typed))
    for number in re.findall(r"\d+", message):      # numbers kept
        assert number in zh, (number, zh)
    for clause in re.findall(r"[A-Z]{2}-[A-Z0-9-]+\d", message):
        assert clause in zh, (clause, zh)
    assert message_text(message, "en") == message


def test_the_english_patterns_say_the_english_message_again():
    pairs = i18n.catalogue("en", "core")["messages.patterns"]
    for message, _ in SAMPLES:
        for pattern, template in pairs:
            m = re.fullmatch(pattern, message, re.S)
            if m:
                groups = {k: v or "" for k, v in m.groupdict().items()}
                assert template.format(**groups) == message, (pattern, message)
                break
        else:
            raise AssertionError(f"no pattern takes {message!r}")


def test_a_bad_setup_in_a_scenario_file_is_said_in_chinese(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: ST-X-9\ngame: snow_tails\ntitle: a bad turn\nclauses: [ST-SETUP-5]\nplayers: 2\noutcome: refused\n"
                   "setup:\n  track: straight4\n  turn_order: [0, 1]\n  turn: 5\n  seats:\n"
                   "  - position: [0, 2]\n  - position: [20, 1]\n"
                   "steps:\n- {action: play 2 to R}\n", encoding="utf-8")
    code, output = run(capsys, "scenarios", str(bad))
    assert code == 1 and "Traceback" not in output, output
    failure = [ln for ln in output.splitlines() if "past the end" in ln or "行动顺序" in ln]
    assert failure and "超出了行动顺序 [0, 1] 的末尾" in failure[0], output
    assert "bad.yaml:10：字段 setup.turn：" in failure[0], failure[0]
    assert not chinese_only(failure[0], "setup.turn", "turn"), failure[0]


def test_simulate_names_the_event_kinds_in_chinese(capsys):
    code, output = run(capsys, "simulate", "aeroplane_chess", "-n", "3", "--seed", "1")
    line = [ln for ln in output.splitlines() if ln.startswith("每局事件数")]
    assert line, output
    assert not english_words(line[0]), line[0]
    assert "弹回" in line[0] or "撞子" in line[0] or "起飞" in line[0], line[0]


def test_every_counted_kind_has_a_chinese_name_and_english_is_as_before():
    from racekit.games.aeroplane_chess.text import COUNTED as ac
    from racekit.games.leaf_marathon.text import COUNTED as lm
    from racekit.games.snow_tails.kernel import EVENTS as st
    from racekit.games.wingsuit.text import COUNTED as ws
    for kind in {*ac, *lm, *st, *ws}:
        zh = i18n.text(f"sim.words.kinds.{kind}", lang="zh")
        assert CJK.search(zh) and not english_words(zh), (kind, zh)
        assert i18n.text(f"sim.words.kinds.{kind}", lang="en") == kind.replace("_", " ")
