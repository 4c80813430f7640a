"""Driving Dexikon on the board's table path (the twin, fast): a test lays cards in the slots,
presses the buttons and answers the board's questions itself, as players at the table do."""

from __future__ import annotations

from collections.abc import Callable

from wordboard.controller import questions as q
from wordboard.controller.session import SessionConfig, open_session


def table_session(tmp_path, *, players=("Ada", "Blaise"), seed=3, out=None, sensing="auto", **options):
    """``sensing="camera"``: the camera alone, reading the table exactly (the fast twin)."""
    config = SessionConfig(game="dexikon", hardware="direct", camera="none", sensing=sensing,
                           journal=tmp_path / "j.sqlite3",
                           seed=seed, show_leds=False, habits="tidy", players=tuple(players),
                           out=out or (lambda s: None), game_options=options)
    return open_session(config)


class Table:
    """A session whose table is played by the test: ``answer`` gives each question's answer
    (None: not yet); every question asked is kept in ``asked``, every line said in ``said``."""

    def __init__(self, session, answer: Callable[[q.Question], str | None] | None = None):
        self.s = session
        self.asked: list[q.Question] = []
        self.said: list[str] = []
        self.answer = answer or (lambda question: None)
        session.controller.out = self.said.append
        session.controller.answerer = q.CallbackAnswerer(self._respond)
        session.controller.start()
        self.run(0.5)

    @property
    def game(self):
        return self.s.adapter.game

    @property
    def adapter(self):
        return self.s.adapter

    def _respond(self, question):
        if not self.asked or self.asked[-1].id != question.id:
            self.asked.append(question)
        return self.answer(question)

    def run(self, seconds: float = 1.0) -> None:
        for _ in range(int(seconds / 0.05)):
            self.s.controller.step(0)
            self.s.clock.advance(0.05)

    def clear(self) -> None:
        for square in list(self.s.table.tiles):
            self.s.table.take(square)

    def lay(self, cards, start: int = 0) -> None:
        """Lay ``cards`` in the slots from ``start`` on (what lies in the slots first comes off)."""
        self.clear()
        self.run(0.5)
        for i, card in enumerate(cards):
            self.s.table.put(self.adapter.reader_square(start + i), self.s.players.tile(self.adapter.name_of(card)))
        self.run(0.5)

    def end_turn(self, seconds: float = 2.0) -> None:
        self.s.controller.buttons.inject("end-turn")
        self.run(seconds)

    def press(self, button: str, seconds: float = 1.0) -> None:
        self.s.controller.buttons.inject(button)
        self.run(seconds)

    def prompts(self) -> list[str]:
        return [question.prompt for question in self.asked]


def answers(table: dict[str, str]) -> Callable[[q.Question], str | None]:
    """Answer a question with the value of the first key found in its prompt."""
    def respond(question):
        for key, value in table.items():
            if key in question.prompt:
                return value
        return None
    return respond
