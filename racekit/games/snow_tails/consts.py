"""Shared constants: seat statuses and phases (the phase table itself is :data:`.flow.PHASES`,
indexed by these numbers)."""
RACING, CROSSED, FINISHED, OUT = 0, 1, 2, 3
STATUS = ("racing", "crossed", "finished", "eliminated")

P_FIRST, P_SLOT, P_RSLOT, P_DEAL, P_PLAY, P_MOVE, P_BONUS, P_DISCARD, P_DRAW, P_OVER = range(10)
PHASES = ("first_player", "choose_slot", "random_slot", "deal", "play", "move", "bonus", "discard",
          "draw", "over")
