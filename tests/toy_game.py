"""A tiny dice race used to test the core without any real game.

Two or three seats; each turn a die is rolled (chance), then the seat moves
its token the full roll ("run") or one square ("walk"). First to square 10 wins.
"""
from racekit.core.game import Game, GameType, Option, Preset
from racekit.core.state import CHANCE, TERMINAL, State

TOY = GameType(id="toy_race", long_name="Toy race", min_players=2, max_players=3,
               default_players=2, prefix="TOY",
               presets=(Preset("short", {"goal": 10}, source="test"), Preset("long", {"goal": 20})),
               options=(Option("goal", 10, (10, 20), "squares to the goal", ("TOY-AMB-01",)),
                        Option("walk_allowed", True, (True, False), "walk one square")),
               seat_names=("Ann", "Bob", "Cy"), package="tests")
RUN, WALK = 100, 101


class ToyState(State):
    def __init__(self, game, record_events=True, setup=None):
        super().__init__(game, record_events)
        self.pos = [0] * game.num_players
        self.turn = 0
        self.die = None
        if setup:
            self.pos = list(setup.get("pos", self.pos))

    @property
    def phase(self):
        return "roll" if self.die is None else "move"

    def _current_player(self):
        if max(self.pos) >= self.game.options["goal"]:
            return TERMINAL
        return CHANCE if self.die is None else self.turn

    def _chance_outcomes(self):
        return [(f, 1 / 6) for f in range(1, 7)]

    def _legal_actions(self):
        return [RUN, WALK] if self.game.options["walk_allowed"] else [RUN]

    def _apply(self, action):
        if self.die is None:
            self.die = action
            self.emit("roll", [self.turn], ["TOY-ROLL-1"], value=action)
            return
        step = self.die if action == RUN else 1
        self.pos[self.turn] += step
        self.emit("move", [self.turn], ["TOY-MOVE-1"], steps=step, to=self.pos[self.turn])
        self.die = None
        self.turn = (self.turn + 1) % self.game.num_players

    def _action_to_string(self, action):
        if self.die is None:
            return f"roll {action}"
        return {RUN: "run", WALK: "walk"}.get(action, f"action {action}")

    def _why_illegal(self, action):
        if action == WALK:
            return "TOY-AMB-02", "walking is switched off"
        return "TOY-ACTION", "no such action"

    def _parse_action(self, text):
        return {"run": RUN, "walk": WALK}.get(text)

    def _ranking(self):
        order = sorted(range(self.game.num_players), key=lambda s: -self.pos[s])
        return [[s] for s in order]

    def snapshot(self, seat=None):
        return {"pos": list(self.pos), "turn": self.turn, "die": self.die}


class ToyRace(Game):
    game_type = TOY

    def new_initial_state(self, setup=None, record_events=True):
        return ToyState(self, record_events, setup)



