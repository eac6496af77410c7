"""The wingsuit ``cardset`` file reference obeys the content-file rules (issue 7).

A card-set file is a relative ``.yaml`` path below the referring folder (the
current one when typed): no absolute path, no ``..``, no link out, regular files
only, size-capped, aliases refused, and no error quotes the file's content.
"""
from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

import racekit
from racekit.cli import app
from racekit.core.content import content_base
from racekit.core.errors import FileFormatError, OptionError, RacekitError
from racekit.games.wingsuit.cards import kit_path, load_cardset

LEAK = "CONTENT-MUST-NOT-LEAK"
runner = CliRunner()


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.yaml").write_text(kit_path().read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "secret.yaml").write_text(f"{LEAK} plain text, not a card set\n", encoding="utf-8")
    return tmp_path


def _refused(ref, needle):
    with pytest.raises(OptionError) as err:
        racekit.load_game("wingsuit", cardset=ref)
    msg = str(err.value)
    assert "cardset" in msg and needle in msg
    assert LEAK not in msg
    return msg


def test_a_card_file_beside_loads(here):
    g = racekit.load_game("wingsuit", cardset="cards.yaml")
    assert len(g.cardset.cards) == 9


def test_absolute_paths_are_refused(here):
    _refused(str(here / "cards.yaml"), "no absolute paths")
    _refused("/etc/passwd", "no absolute paths")


def test_dotdot_is_refused(here):
    os.chdir(here / "sub")
    _refused("../cards.yaml", "may not contain '..'")
    _refused("../../../../etc/passwd", "may not contain '..'")


def test_links_leading_out_devices_and_fifos_are_refused(here):
    os.chdir(here / "sub")
    os.symlink(here / "cards.yaml", "out.yaml")
    _refused("out.yaml", "leads out of the folder")
    os.symlink("/dev/zero", "zero.yaml")
    _refused("zero.yaml", "leads out of the folder")
    os.mkfifo("pipe.yaml")
    _refused("pipe.yaml", "not a regular file")
    _refused("cards", "no card set called")
    _refused("notes.txt", "ends in .yaml")


def test_size_cap_aliases_and_no_content_echo(here):
    (here / "big.yaml").write_text("# " + "x" * (1 << 20) + "\n", encoding="utf-8")
    _refused("big.yaml", "at most")
    laughs = "a: &a [" + ",".join([f"'{LEAK}'"] * 9) + "]\n"
    for k in "bcdefgh":
        prev = chr(ord(k) - 1)
        laughs += f"{k}: &{k} [" + ",".join([f"*{prev}"] * 9) + "]\n"
    (here / "laughs.yaml").write_text(laughs, encoding="utf-8")
    _refused("laughs.yaml", "aliases (*name) are not allowed")
    _refused("secret.yaml", "secret.yaml")


def test_a_referring_file_resolves_beside_itself(here):
    with content_base(here / "sub"):
        with pytest.raises(RacekitError) as err:
            load_cardset("cards.yaml")
    assert "cannot read" in str(err.value)
    with content_base(here):
        assert len(load_cardset("cards.yaml").cards) == 9
    with pytest.raises(FileFormatError, match="no absolute paths"):
        load_cardset(str(here / "cards.yaml"))


@pytest.mark.parametrize("ref", ["/etc/passwd", "../x.yaml", "secret.yaml", "pipe.yaml"])
def test_cli_gives_error_not_traceback(here, ref):
    if ref == "pipe.yaml":
        os.mkfifo("pipe.yaml")
    res = runner.invoke(app, ["play", "wingsuit", "--seed", "1", "--quiet", "-o", f"cardset={ref}"])
    assert res.exit_code != 0 and res.exception is None or isinstance(res.exception, SystemExit)
    assert "error:" in res.output and "Traceback" not in res.output and LEAK not in res.output
