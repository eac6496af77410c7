"""Write the hostile-file corpus of tests/hostile/ (run once: .venv/bin/python tests/hostile/_make.py).

Each file is a save, scenario, track or board file that a careless or hostile
user might hand to racekit; ``cases.yaml`` says how each is loaded and the error
it must give (``test_hostile_files.py`` checks them). The files are committed;
this script documents how they were made and rebuilds them.
"""
from __future__ import annotations

import json
from pathlib import Path

import racekit
from racekit.core.savefile import save_game
from racekit.core.session import Session

HERE = Path(__file__).parent
LEAK = "CONTENT-MUST-NOT-LEAK"   # no error message may quote a file's content
CASES: list[dict] = []


def put(name: str, content, via: str, error: str | None, **extra) -> None:
    path = HERE / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    CASES.append({"file": name, "via": via, "error": error, **extra})


def ac_save() -> dict:
    session = Session(racekit.load_game("aeroplane_chess", players=2, preset="family"), seed=5)
    for _ in range(40):
        session.step()
    return json.loads(save_game(session.state, seed=5))


def st_save() -> dict:
    session = Session(racekit.load_game("snow_tails", players=2, track="straight4"), seed=5)
    for _ in range(40):
        session.step()
    return json.loads(save_game(session.state, seed=5))


def dumps(data) -> str:
    return json.dumps(data, indent=1)


SCENARIO = """\
id: AC-HOSTILE-01
title: {title}
clauses: [AC-AMB-09]
game: aeroplane_chess
preset: family
players: 3
outcome: Yellow is drawn to start.
steps:
  - chance: Yellow starts
expect:
  events:
    - {{kind: first_player, seats: [1], clauses: [AC-AMB-09]}}
"""

TRACK = """\
name: mine
lanes: 3
start_slots: [[2, 1], [1, 2], [0, 3]]
tiles:
  - {kind: start, rows: 3}
  - {kind: straight, rows: 4}
  - {kind: finish, rows: 2}
"""


def laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for k in range(1, levels):
        lines.append(f"a{k}: &a{k} [{', '.join(['*a%d' % (k - 1)] * 9)}]")
    return "\n".join(lines) + "\n"


def main() -> None:
    for old in HERE.iterdir():
        if old.name not in ("_make.py", "__init__.py") and old.is_file():
            old.unlink()

    # ---------------------------------------------------------------- save files
    good = ac_save()
    put("save-good.json", dumps(good), "save", None)
    put("save-not-utf8.json", b'{"format": "racekit-save", "game": "\xff\xfe\xfa"}', "save",
        r"save-not-utf8.json:1: not UTF-8 text")
    put("save-not-json.json", "{format: racekit-save, " + LEAK, "save", r"not JSON \(line 1\)")
    put("save-deep-nesting.json", '{"options": ' + "[" * 5000 + "]" * 5000 + "}", "save",
        r"nested more than 64 levels deep")
    put("save-number-5000-digits.json", dumps({**good, "players": 0}).replace('"players": 0', '"players": ' + "9" * 5000),
        "save", r"not usable JSON: a number is too long")
    put("save-top-level-list.json", "[1, 2, 3]", "save", r"field \(top level\)")
    put("save-unknown-game.json", dumps({**good, "game": "ludo"}), "save", r"field game: unknown game 'ludo'")
    put("save-players-out-of-range.json", dumps({**good, "players": 9}), "save",
        r"field players: aeroplane_chess \(family\) seats 2 to 4 players; got 9")
    put("save-bad-option.json", dumps({**good, "options": {**good["options"], "launch_rolls": "7"}}), "save",
        r"field options.launch_rolls: option 'launch_rolls' cannot be '7'")
    put("save-yaml11-boolean-option.json", dumps({**good, "options": {**good["options"], "optional_effects": "yes"}}),
        "save", None)
    bad = dict(good, history=list(good["history"]))
    bad["history"][3] = 999
    bad.pop("actions")
    put("save-illegal-entry.json", dumps(bad), "save",
        r"field history.3: history entry 3 \(999\) cannot be replayed: \[AC-")
    names = dict(good, actions=list(good["actions"]))
    names["actions"][2] = "move R9"
    put("save-edited-names.json", dumps(names), "save", r"field actions.2: says 'move R9' but history entry 2 is")
    put("save-seat-view.json", dumps({**good, "seat": 0, "history": [None] + good["history"][1:],
                                       "actions": []}), "save", r"field seat: this is seat 0's view")
    put("save-hidden-entry.json", dumps({**good, "history": good["history"][:2] + [None] + good["history"][3:],
                                          "actions": []}), "save",
        r"field history.2: a hidden entry \(null\)")
    put("save-huge-seed.json", dumps({**good, "seed": 1 << 600}), "save", r"field seed: a seed has at most 511 bits")
    st = st_save()
    put("save-st-good.json", dumps(st), "save", None)
    for name, track, error in [
        ("save-track-absolute.json", "/etc/passwd.yaml", r"no absolute paths"),
        ("save-track-dotdot.json", "../../etc/secret.yaml", r"may not contain '\.\.'"),
        ("save-track-device.json", "/dev/zero", r"no absolute paths"),
        ("save-track-name-climbs.json", "..\\..\\etc\\passwd", r"may not contain '\.\.'"),
        ("save-track-unknown-name.json", "passwd", r"no track called 'passwd'"),
        ("save-track-secret-file.json", "secret.yaml", r"secret.yaml:1: field \(top level\): the file must hold a mapping"),
        ("save-track-missing-file.json", "nowhere.yaml", r"nowhere.yaml: cannot read"),
        ("save-track-not-yaml-suffix.json", "secret.txt", r"a track file name ends in .yaml"),
    ]:
        put(name, dumps({**st, "options": {**st["options"], "track": track}}), "save",
            r"field options.track: option 'track': .*" + error)
    put("secret.yaml", f"{LEAK} this plain text is not a track\n", "data", None)
    put("secret.txt", f"{LEAK}\n", "data", None)
    put("save-setup-track-dotdot.json", dumps({**st, "setup": {"track": "../x.yaml", "seats": [{}, {}]},
                                                "history": [], "actions": []}),
        "save", r"field setup.track: .*may not contain '\.\.'")

    # ------------------------------------------------------------ scenario files
    put("scn-good.yaml", SCENARIO.format(title="A good scenario"), "scenario", None)
    put("scn-billion-laughs.yaml", SCENARIO.format(title="Laughs") + "notes:\n" +
        "".join("  " + line + "\n" for line in laughs().splitlines()), "scenario",
        r"scn-billion-laughs.yaml:\d+: not valid YAML: aliases \(\*a0\) are not allowed")
    put("scn-laughs-in-expected-values.yaml", laughs() + SCENARIO.format(title="Laughs").replace(
        "expect:\n", "expect:\n  state: {planes: *a8}\n"), "scenario", r"aliases \(\*a0\) are not allowed")
    put("scn-self-alias.yaml", SCENARIO.format(title="Self") + "extra: &me [*me]\n", "scenario",
        r"scn-self-alias.yaml:13: not valid YAML: aliases \(\*me\) are not allowed")
    put("scn-duplicate-expect.yaml", SCENARIO.format(title="Twice") + "expect:\n  terminal: true\n", "scenario",
        r"scn-duplicate-expect.yaml:13: not valid YAML: key 'expect' appears twice in this mapping \(first on line 10\)")
    put("scn-python-tag.yaml", SCENARIO.format(title="Tag") + "x: !!python/object/apply:os.system ['echo hi']\n",
        "scenario", r"scn-python-tag.yaml:13: not valid YAML: the tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed")
    put("scn-malformed.yaml", "id: AC-X-1\ntitle: [unclosed\n  " + LEAK + ": {\n", "scenario",
        r"scn-malformed.yaml:\d+: not valid YAML")
    put("scn-not-utf8.yaml", b"id: AC-X-1\ntitle: caf\xe9\n", "scenario", r"scn-not-utf8.yaml:2: not UTF-8 text")
    put("scn-deep-nesting.yaml", "id: " + "[" * 200 + "]" * 200 + "\n", "scenario",
        r"nested more than 64 levels deep")
    put("scn-number-5000-digits.yaml", SCENARIO.format(title="Digits").replace("players: 3", "players: " + "7" * 5000),
        "scenario", r"scn-number-5000-digits.yaml:6: not valid YAML: a number of 5000 characters; at most 30 digits")
    put("scn-long-title.yaml", SCENARIO.format(title="x" * 5000), "scenario",
        r"scn-long-title.yaml:2: field title: String should have at most 300 characters")
    put("scn-unknown-clause.yaml", SCENARIO.format(title="Typo").replace("clauses: [AC-AMB-09]}", "clauses: [AC-AMB-99]}"),
        "scenario", r"scn-unknown-clause.yaml:12: field expect.events.0.clauses.0: 'AC-AMB-99' is not a clause of aeroplane_chess")
    put("scn-unknown-top-clause.yaml", SCENARIO.format(title="Typo").replace("clauses: [AC-AMB-09]\n", "clauses: [AC-NOPE-1]\n", 1),
        "scenario", r"scn-unknown-top-clause.yaml:3: field clauses.0: 'AC-NOPE-1' is not a clause")
    put("scn-yaml11-on-off.yaml", SCENARIO.format(title="On and yes").replace(
        "players: 3\n", "players: 3\noptions: {jump_fly: on, optional_effects: yes, three_sixes_penalty: off}\n"),
        "scenario", None)
    put("scn-option-error-not-preset.yaml", SCENARIO.format(title="Option").replace(
        "players: 3\n", "players: 3\noptions: {launch_rolls: '7'}\n"), "scenario",
        r"scn-option-error-not-preset.yaml:7: field options.launch_rolls: option 'launch_rolls' cannot be '7'")
    put("scn-players-out-of-range.yaml", SCENARIO.format(title="Seven").replace("players: 3", "players: 7"),
        "scenario", r"scn-players-out-of-range.yaml:6: field players: aeroplane_chess \(family\) seats 2 to 4 players; got 7")
    put("scn-roll-superscript.yaml", SCENARIO.format(title="Superscript").replace(
        "  - chance: Yellow starts\n", "  - chance: Yellow starts\n  - chance: roll ²\n"), "scenario-run",
        r"step 2 \(line 10\): \[AC-ACTION\] No action is called 'roll ²' here")
    put("scn-illegal-typed-name.yaml", SCENARIO.format(title="Typed").replace(
        "  - chance: Yellow starts\n", "  - chance: Yellow starts\n  - chance: roll 5\n  - action: move G1\n"),
        "scenario-run", r"step 3 \(line 11\): \[AC-FAM-COMP-1\] 'move G1' is not allowed")
    put("scn-setup-bad-plane.yaml", SCENARIO.format(title="Plane").replace(
        "steps:\n", "setup: {planes: {R9: 3}}\nsteps:\n"), "scenario",
        r"scn-setup-bad-plane.yaml:8: field setup.planes.R9: no plane called 'R9'")
    st_scn = """\
id: ST-HOSTILE-01
title: {title}
clauses: [ST-SETUP-5]
game: snow_tails
players: 2
setup:
  track: {track}
  seats: [{{slot: 1}}, {{slot: 2}}]
outcome: Nothing happens.
"""
    put("scn-track-absolute.yaml", st_scn.format(title="Absolute", track="/etc/passwd"), "scenario",
        r"scn-track-absolute.yaml:7: field setup.track: '/etc/passwd': a track file must be given relative")
    put("scn-track-device.yaml", st_scn.format(title="Device", track="/dev/zero"), "scenario",
        r"scn-track-device.yaml:7: field setup.track: .*no absolute paths")
    put("scn-track-secret.yaml", st_scn.format(title="Secret", track="secret.yaml"), "scenario",
        r"scn-track-secret.yaml:7: field setup.track: secret.yaml:1: field \(top level\): the file must hold a mapping")
    put("scn-track-beside.yaml", st_scn.format(title="Beside", track="track-good.yaml"), "scenario", None)
    put("scn-track-inline-bad.yaml", st_scn.format(title="Inline", track="{name: x, lanes: 3, tiles: [{kind: straight, rows: 0}, {kind: finish, rows: 2}]}"),
        "scenario", r"scn-track-inline-bad.yaml:7: field setup.track.tiles.0.rows: Input should be greater than or equal to 1")

    # --------------------------------------------------------------- track files
    put("track-good.yaml", TRACK, "track", None)
    put("track-billion-laughs.yaml", TRACK + "notes:\n" + "".join("  " + line + "\n" for line in laughs().splitlines()),
        "track", r"track-billion-laughs.yaml:10: not valid YAML: aliases \(\*a0\) are not allowed")
    put("track-python-tag.yaml", TRACK + "title: !!python/name:os.system\n", "track",
        r"track-python-tag.yaml:8: not valid YAML: the tag 'tag:yaml.org,2002:python/name:os.system' is not allowed")
    put("track-malformed.yaml", TRACK.replace("lanes: 3", "lanes: [3"), "track", r"track-malformed.yaml:\d+: not valid YAML")
    put("track-self-alias.yaml", TRACK + "x: &x {y: *x}\n", "track", r"aliases \(\*x\) are not allowed")
    put("track-bad-rows.yaml", TRACK.replace("{kind: straight, rows: 4}", "{kind: straight, rows: 0}"), "track",
        r"track-bad-rows.yaml:6: field tiles.1.rows: Input should be greater than or equal to 1")
    put("track-flags.yaml", TRACK.replace("{kind: straight, rows: 4}", "{kind: straight, rows: 4, flags: [red, yellow]}"),
        "track", r"track-flags.yaml:6: field tiles.1.flags: flags \['red', 'yellow'\] on \(left, right\)")
    put("track-duplicate-key.yaml", TRACK + "lanes: 4\n", "track", r"track-duplicate-key.yaml:8: not valid YAML: key 'lanes' appears twice")
    put("track-not-utf8.yaml", TRACK.encode() + b"title: \xc3\x28\n", "track", r"track-not-utf8.yaml:8: not UTF-8 text")
    put("track-too-many-tiles.yaml", TRACK.replace("  - {kind: finish", "".join("  - {kind: straight, rows: 1}\n"
                                                                               for _ in range(100)) + "  - {kind: finish"),
        "track", r"field tiles: List should have at most 100 items")
    put("track-too-many-squares.yaml", TRACK.replace("lanes: 3", "lanes: 9").replace(
        "  - {kind: finish", "".join("  - {kind: straight, rows: 200}\n" for _ in range(20)) + "  - {kind: finish"),
        "track", r"field tiles: the track would have \d+ squares; at most 20000")
    put("track-large-valid.yaml", TRACK.replace("lanes: 3", "lanes: 9").replace(
        "  - {kind: finish", "".join("  - {kind: straight, rows: 200}\n" for _ in range(10)) + "  - {kind: finish"),
        "track", None)
    put("track-bad-slot.yaml", TRACK.replace("[0, 3]]", "[0, 7]]"), "track",
        r"field start_slots: start slot 3 at \[0, 7\] is not a square of the track")

    # --------------------------------------------------------------- board files
    from racekit.games.aeroplane_chess.board import BOARDS_DIR
    board = (BOARDS_DIR / "standard52.yaml").read_text()
    put("board-good.yaml", board.replace("id: standard52", "id: mine"), "board", None)
    put("board-huge-loop.yaml", board.replace("loop_len: 52", "loop_len: 100000"), "board",
        r"board-huge-loop.yaml:\d+: field loop_len: Input should be less than or equal to 400")
    put("board-alias.yaml", board + "x: &b [1]\ny: *b\n", "board", r"aliases \(\*b\) are not allowed")
    put("board-shortcut.yaml", board.replace("shortcut: {from: 18, to: 30}", "shortcut: {from: 19, to: 30}"), "board",
        r"board-shortcut.yaml:\d+: field shortcut: the shortcut must join two own-colour loop steps")

    # ------------------------------------------------------ option values (no file)
    header = ("# How each file of tests/hostile/ is loaded and the error it must give (a regular\n"
              "# expression; null: it must load). Written by _make.py; checked by test_hostile_files.py.\n")
    options = [
        {"option": "board", "value": "../../../../etc/passwd", "error": r"may not contain '\.\.'"},
        {"option": "board", "value": "standard52/../../x", "error": r"may not contain '\.\.'"},
        {"option": "board", "value": "/dev/zero", "error": r"no absolute paths"},
        {"option": "board", "value": "C:\\boards\\x.yaml", "error": r"no absolute paths"},
        {"option": "board", "value": "nowhere", "error": r"no board called 'nowhere'; shipped boards: standard52"},
        {"option": "track", "value": "../teaching", "error": r"may not contain '\.\.'"},
        {"option": "track", "value": "~/x.yaml", "error": r"no absolute paths"},
        {"option": "track", "value": "teaching.yaml", "error": r"teaching.yaml: cannot read"},
    ]
    import yaml
    text = header + yaml.safe_dump({"files": CASES, "options": options}, sort_keys=False, allow_unicode=True,
                                   width=200)
    (HERE / "cases.yaml").write_text(text, encoding="utf-8")
    print(f"wrote {len(CASES)} files and {len(options)} option cases to {HERE}")


if __name__ == "__main__":
    main()
