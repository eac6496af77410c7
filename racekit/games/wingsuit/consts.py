"""Phase ids and small constants shared by the rule modules (no rules here)."""

from .params import DEFAULTS

P_DEAL = "deal"            # chance: the three colour piles, the queue order, the track (WS-SETUP-1..4)
P_QORDER = "queue_order"   # the youngest player orders the queue (queue_order = chooser)
P_START = "start"          # each player puts their character on a start cell (WS-SETUP-6)
P_PLAN = "plan"            # secret plans, one seat after another (WS-PLAN-1..5)
P_NEUTRAL = "neutral"      # chance: the 2-player neutral rolls (WS-VAR-2P-1)
P_TIE = "tie"              # chance: white-die tie-breaks of the action order (WS-ACT-ORDER-3)
P_ACTION = "action"        # characters act in order (WS-ACT-*)
P_CLEANUP = "cleanup"      # WS-CLEANUP-*
P_END = "end"              # the game is over (WS-END-*)

NEUTRAL = -9               # owner id of the 2-player neutral dice (WS-AMB-26)
LIMBO = -1                 # a crashed character waiting to be placed
GONE = -2                  # an exited character (left the track over the top edge)
ALT_MAX = DEFAULTS["alt_max"]   # the rulebook cap, for the pure-Python kernel only (the engine reads st.p)
