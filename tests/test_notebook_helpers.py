"""The notebook helpers return scenarios in the order asked and picture them."""
import pytest

from racekit import notebook as nb


def test_run_keeps_the_order_asked_for():
    ids = ["AC-SCN-13", "AC-SCN-05", "AC-SCN-11"]
    assert [r.id for r in nb.run("aeroplane_chess", ids)] == ids


def test_run_names_a_missing_scenario():
    with pytest.raises(KeyError, match="AC-SCN-99"):
        nb.run("aeroplane_chess", ["AC-SCN-01", "AC-SCN-99"])


def test_explain_and_pictures():
    result, = nb.run("aeroplane_chess", ["AC-SCN-12"])
    text = nb.explain(result)
    assert text.startswith("AC-SCN-12: ") and "check: PASS" in text
    assert "flies along the dashed line from step 18 to step 30" in text
    assert nb.before_after(result).data[:4] == b"\x89PNG"
    assert nb.picture(result.after).data[:4] == b"\x89PNG"


def test_panel_shows_escaped_words_and_the_picture_in_place():
    """nb.Panel (used instead of an Output widget): the text kept as written and HTML-escaped, the
    picture's PNG bytes; a second show replaces both."""
    import racekit
    from racekit import notebook as nb
    panel = nb.Panel()
    state = racekit.load_game("snow_tails").new_initial_state()
    picture = nb.picture(state, "start")
    panel.show("a < b\n  c & d", picture)
    assert "a &lt; b\n  c &amp; d" in panel.text.value and panel.text.value.startswith("<pre")
    assert panel.image.value == picture.data and picture.data[:8] == b"\x89PNG\r\n\x1a\n"
    panel.show("next", picture.data[:0] + picture.data)
    assert "next" in panel.text.value and "a &lt; b" not in panel.text.value
