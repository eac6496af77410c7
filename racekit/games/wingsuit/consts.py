"""Small constants shared by the rule modules (no rules here; the phases are declared in
:mod:`.flow`)."""

NEUTRAL = -9               # owner id of the 2-player neutral dice (WS-AMB-26)
LIMBO = -1                 # a crashed character waiting to be placed
GONE = -2                  # an exited character (left the track over the top edge)
