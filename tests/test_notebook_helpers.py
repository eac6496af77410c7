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
