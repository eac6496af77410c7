"""Event sentences for Snow Tails (our own words). Fields: event data plus seat/seats."""



def _n(count, word: str) -> str:
    """'1 card', '2 cards'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


TEMPLATES = {
    "first_player": "{seat} is picked at random to place a sled first.",
    "slot": "{seat} puts the sled on start slot {slot} at {position}.",
    "deal": "{seat} (slot {slot}) draws an opening hand of {cards} cards.",
    "draw": "{seat} draws a card (hand {hand_size}, deck {deck_size}).",
    "reshuffle": "{seat}'s deck is empty: {cards} discarded cards are shuffled into a new deck.",
    "deck_empty": "{seat} has no card left to draw.",
    "round_start": "Round {round} begins; turn order: {seats}.",
    "turn_start": "{seat} starts a turn, number {position_in_order} in this round.",
    "no_dog_card": "{seat} holds no dog card to play.",
    "restart": "{seat} starts the turn again with {hand_size} cards.",
    "damage": lambda seat, cards, cause, damage, **_:
        f"{seat} takes {_n(cards, 'damage card')} ({cause}); now {damage} in hand.",
    "dents_out": "The damage supply is short: {seat} would take {wanted} but only {left} are left.",
    "eliminated": "{seat} holds only damage cards and drops out; the sled leaves the track.",
    "play": lambda seat, cards, value, spots, left, right, brake, **_:
        f"{seat} plays {_n(cards, 'card')} of value {value} to {spots}: "
        f"left {left}, right {right}, brake {brake}.",
    "speed": "{seat} has speed {speed} with {drift} drift ({side}).",
    "no_move": "{seat}'s speed is {speed}, below 1: the sled stays put.",
    "move_plan": "{seat} steers: {steps}.",
    "move": lambda seat, moved, path, **_: f"{seat}'s sled moves {_n(moved, 'square')}: {path}.",
    "wall": "{seat} runs into the side wall from {position} ({step}) and stops.",
    "blocked": "{seat} runs into another sled from {position} and stops.",
    "end_of_track": "{seat} reaches the end of the finish tile at {position} and stops.",
    "limit_line": "{seat} crosses a speed-limit line of {limit} at speed {speed}.",
    "over_limit": "{seat} is {over} over the limit of {limit} (speed {speed}).",
    "cross_finish": "{seat} crosses the finish line in round {round}!",
    "bonus_offered": lambda seat, bonus, **_:
        f"{seat}'s dogs pull equally: a bonus of {_n(bonus, 'square')} is on offer.",
    "bonus_taken": "{seat} takes the bonus of {bonus}; the turn's speed is now {speed}.",
    "bonus_declined": "{seat} declines the bonus of {bonus}.",
    "discard": "{seat} discards a dog card (hand {hand_size}).",
    "no_refill": "{seat} was stopped by a sled and does not draw (hand {hand_size}).",
    "refilled": "{seat} ends the turn with {hand_size} cards.",
    "placed": "{seats} finish in place {place} (round {round}).",
    "removed": "{seat}'s sled leaves the track after crossing the line.",
    "game_over": "The race is over.",
}
