"""Scripted players of the digital twin: what the tile and written-letter games have in common.

:class:`TablePlayers` is what the three have in common: each turn the player to move makes the
table match the game (tiles a HEXX took away come off, played tiles knocked off go back), thinks,
then puts the turn's tiles (letters, HEXX tiles, cards; or writes letters) down the way people do:
now and then a tile slid into place, a tile put on the wrong square and moved (lifted again), a
tile put down, picked up and put down again, a played tile knocked off or pushed onto the next
square (the board holds the turn until it is back), a play the rules refuse (then corrected).
When the board refuses a tile that lies where they meant it, they pick it up and lay it again.
A moment after the last tile they press end turn (``Habits.reach``); they answer the board's
questions from what they meant to do, and plan afresh once the board committed a move or a
decision (not when it journals an answer about the tiles, mid-turn). Each game's
subclass says what the player means (:meth:`TablePlayers.intend`) and how the players decide the
engine's pending decisions (:meth:`TablePlayers.decide`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from wordboard.controller import questions as q
from wordboard.controller.adapters import answer_key_from_decision
from wordboard.controller.boardgames import READING, WORD
from wordboard.controller.loop import CORRECTION
from wordboard.controller.twin import Habits

#: What the players' notes (``TablePlayers.mistakes``) call the table telling the board what is
#: really on a square (from the twin's truth): a correction of the camera
CORRECTED = "corrected by a grown-up"

#: Answers about what the table's sensing saw, not about the game (see Player._position).
SENSING_ANSWERS = frozenset({q.LETTER, q.CONFLICT, q.CARD})


def _sensing_answer(event) -> bool:
    """Whether a journalled event is about what the sensing saw: an answer of
    :data:`SENSING_ANSWERS`, or the table's correction of the camera."""
    if event.type != "decision":
        return False
    if CORRECTION in event.data:
        return True
    key = answer_key_from_decision(event.data)
    return key is not None and key[0][0] in SENSING_ANSWERS


def answer_about_the_tile(controller, table, question: q.Question, corrected: set) -> str | None:
    """The players' answer to a question about the tile on a square (LETTER, CONFLICT), as they
    see it on the table: its name. No tile lies there (the camera took a lit empty square for a
    tile): they tap the square on the screen and say it is empty, a correction (once for the
    question), and the question goes with the tile the board believed in."""
    square = question.squares[0]
    found = table.tiles.get(square)
    if found is None:
        if (question.id, square) not in corrected:
            corrected.add((question.id, square))
            controller.correct(square, ".")
        return None
    name = found[1]
    return name if question.accepts(name) else (question.choices[0] if question.choices else name)


Square = tuple[int, int]


@dataclass
class Intent:
    """What the player means this turn."""

    move: object                                      # compared with the adapter's committed move
    tiles: dict = field(default_factory=dict)         # square -> tile name to put down
    answers: dict = field(default_factory=dict)       # (question kind, square or None) -> answer
    turn_answer: str | None = None                    # no tiles: the answer to "nothing placed"
    swap: str = ""                                    # ... and to "which tiles?"


@dataclass(frozen=True)
class NotYet:
    """What a plan's action returns when the players wait for something they look for (the board
    seeing the table as they left it): the action is tried again in ``seconds``, and the rest of
    the plan moves on by as much."""

    seconds: float


@dataclass
class Plan:
    intent: Intent
    actions: list = field(default_factory=list)       # (game time, callable, label)
    pressed: bool = False
    pressed_at: float = 0.0
    fixes: list = field(default_factory=list)
    refusals: int = 0
    acted_at: float = float("-inf")                   # when the players last touched the table


class TablePlayers:
    """Everyone at the table (see the module docs)."""

    can_slide = True          # tiles and cards slide; written letters do not

    def __init__(self, controller, table, *, habits: Habits | None = None, seed: int = 0,
                 press_timeout: float = 30.0, out=None):
        self.controller = controller
        self.table = table
        self.habits = habits or Habits()
        self.seed = seed
        self.press_timeout = press_timeout
        self.out = out or (lambda text: None)
        self.plan: Plan | None = None
        self._planned_for: int | None = None
        self._settled = 0                 # moves, decisions and undos the board has committed so far
        self.intended: list = []
        self.outcomes: list[str] = []
        self.as_meant = 0
        self.mismatches: list = []
        self.mistakes: dict[str, int] = {}
        self._seen = self.adapter.proposals_committed
        self._knocked: tuple | None = None
        # (the journal's seq, the position, the turn's position) at the last look (see _positions)
        self._positions_for = (-1, 0, 0)
        self._corrected: set = set()      # (question id, square) told empty (see answer_about_the_tile)
        controller.listeners.append(self._heard)
        self.answerer = q.CallbackAnswerer(self._answer)

    @property
    def adapter(self):
        return self.controller.adapter

    @property
    def game(self):
        return self.adapter.game

    def _rng(self, extra: int = 0, seq: int | None = None) -> random.Random:
        """Random numbers from the game's seed and the journal's position (``seq``, default
        :meth:`_position`), so a resumed game chooses as the uninterrupted one."""
        seq = self._position() if seq is None else seq
        return random.Random(self.seed * 1_000_003 + seq * 7919 + extra)

    def _position(self) -> int:
        """The journal's next sequence number, less the answers about what the sensing saw (which
        letter a tile is, which card lies in a slot, the camera or the sensor board right:
        :data:`SENSING_ANSWERS`). Those come with how the table is sensed (a camera unsure of a
        letter asks, the sensor board does not), and the players choose the same game however it
        is sensed."""
        return self._positions()[0]

    def _turn_seq(self) -> int:
        """The position (see :meth:`_position`) the turn is planned from: before the answers
        about the tiles journalled since (which word, a card's effect "not now"...). A board
        resumed in the middle of a turn plans it as it was first planned, so the tiles go where
        they went and the answers journalled still hold."""
        return self._positions()[1]

    def _positions(self) -> tuple[int, int]:
        """(:meth:`_position`, :meth:`_turn_seq`), from one read of the journal each time its
        sequence number moves."""
        jgame = self.adapter.jgame
        if self._positions_for[0] != jgame.seq:
            events = jgame.journal.events(jgame.id)
            position = jgame.seq - sum(1 for event in events if _sensing_answer(event))
            turn = position
            for event in reversed(events):
                if event.type != "decision" or answer_key_from_decision(event.data) is None:
                    break
                if not _sensing_answer(event):
                    turn -= 1
            self._positions_for = (jgame.seq, position, turn)
        return self._positions_for[1], self._positions_for[2]

    # -- what each game says -----------------------------------------------------------------------

    def wants_move(self) -> bool:
        """Whether the game waits for tiles on the table (not for a decision)."""
        raise NotImplementedError

    def intend(self, rng: random.Random) -> Intent | None:
        raise NotImplementedError

    def decide(self, question: q.Question) -> str | None:
        """The answer to a question of the game's own (a pending decision)."""
        return question.choices[0] if question.choices else None

    def give_up(self, intent: Intent) -> Intent:
        """What the player does when the board keeps refusing the tiles: no word this turn."""
        return Intent(None, turn_answer="give up")

    def wrong_square(self, intent: Intent, rng: random.Random) -> tuple[Square, Square] | None:
        """A tile of the intent and a square that makes the play illegal (a mistake), or None."""
        return None

    def tile(self, name: str) -> bytes:
        """A tile to put down: a fresh one from the bag, or the very card named (cards are unique:
        the table gives a card's one tag)."""
        return self.table.new_tile(name)

    # -- listening ---------------------------------------------------------------------------------

    def _heard(self, kind: str, data) -> None:
        self.outcomes.append(kind)
        if kind in ("commit", "undo"):
            self._settled += 1
        plan = self.plan
        if kind == "commit" and self.adapter.proposals_committed != self._seen:
            self._seen = self.adapter.proposals_committed
            made = self.adapter.last_committed_move
            if plan is not None and plan.intent.move == made:
                self.as_meant += 1
            else:
                self.mismatches.append((plan.intent.move if plan else None, made))
            self.plan = None
        elif kind in ("invalid", "blocked") and plan is not None and plan.pressed:
            plan.pressed = False
            now = self.controller.clock()
            plan.refusals += 1
            if plan.refusals > 4 and plan.intent.tiles:     # the board will not have it: give up the turn
                self._note("gave up")
                plan.intent = self.give_up(plan.intent)
                plan.actions = [(now + 1.0, lambda: self._make_table({}), "take back")]
                return
            if plan.fixes:
                plan.actions.extend((now + 1.0 + i * 0.3, action, label) for i, (_, action, label) in enumerate(plan.fixes))
                plan.fixes = []
            else:
                plan.actions.append((now + 1.0, lambda: self._repair(plan, data), "repair"))

    def _answer(self, question: q.Question) -> str | None:
        plan = self.plan
        intent = plan.intent if plan is not None else None
        kind = question.kind
        if kind == q.BLANK:
            wanted = intent.answers.get((q.BLANK, question.squares[0])) if intent else None
            return wanted if wanted and question.accepts(wanted) else (question.choices[0] if question.choices else "E")
        if kind in (q.LETTER, q.CONFLICT):
            told = len(self._corrected)
            answer = answer_about_the_tile(self.controller, self.table, question, self._corrected)
            if len(self._corrected) != told:
                self._note(CORRECTED)
            return answer
        if kind in (READING, WORD):
            wanted = intent.answers.get((kind, None)) if intent else None
            return wanted if wanted and question.accepts(wanted) else question.choices[0]
        if kind == q.TURN:
            return intent.turn_answer if intent is not None and intent.turn_answer else "carry on"
        if kind == q.SWAP:
            return intent.swap if intent is not None and intent.swap else None
        return self.decide(question)

    # -- acting ------------------------------------------------------------------------------------

    def step(self, now: float) -> None:
        adapter = self.adapter
        if adapter.over:
            return
        # A new plan once the board committed a move or a decision; the answers to its questions
        # about the tiles (a HEXX tile's letter, which word) are journalled too, but the turn goes on.
        key = self._settled
        if self._planned_for != key:
            self._planned_for = key
            self.plan = None
        if not self.wants_move():
            return
        if self.plan is None:
            self._plan(now)
        plan = self.plan
        if plan is None:
            return
        while plan.actions and plan.actions[0][0] <= now:
            at, action, label = plan.actions.pop(0)
            done = action()
            if self.plan is not plan:
                return
            if isinstance(done, NotYet):
                later = now + done.seconds - at
                plan.actions = [(at + later, action, label)] + [(t + later, a, what) for t, a, what in plan.actions]
                break
            plan.acted_at = now
        if not plan.actions and self.controller.question is None and now - plan.acted_at >= self.habits.reach \
                and self._ready_to_press(plan) and (not plan.pressed or now - plan.pressed_at > self.press_timeout):
            plan.pressed = True
            plan.pressed_at = now
            if plan.intent.tiles:
                self.controller.buttons.inject("end-turn")
            else:
                self.controller.buttons.inject("end-turn", "long")

    def _ready_to_press(self, plan: Plan) -> bool:
        """Whether the players, done with ``plan``'s actions, press the button now."""
        return True

    def _note(self, what: str) -> None:
        self.mistakes[what] = self.mistakes.get(what, 0) + 1

    def _plan(self, now: float) -> None:
        rng = self._rng(seq=self._turn_seq())
        habits = self.habits
        intent = self.intend(rng)
        if intent is None:
            return
        plan = Plan(intent)
        self.intended.append(intent.move)
        actions = plan.actions
        t = now + rng.uniform(*habits.think)
        t = self._plan_tidy(actions, t)
        if not intent.tiles:
            self.plan = plan
            return
        committed = self.adapter.committed_tiles()
        targets = set(intent.tiles)
        items = list(intent.tiles.items())
        rng.shuffle(items)
        for square, name in items:
            roll = rng.random()
            free = [s for s in self._free_near(square) if s not in targets and s not in committed]
            if roll < habits.slide and free and self.can_slide:
                start = rng.choice(free)

                def slide(square=square, start=start, name=name):
                    uid = self.tile(name)
                    self.table.put(start, uid)
                    self.table.slide(uid, [start, square], 60.0)
                    self._note("slide")
                actions.append((t, slide, "slide"))
                t += 0.6
            elif roll < habits.slide + habits.second_thoughts and free:
                wrong = rng.choice(free)
                actions.append((t, lambda w=wrong, n=name: self._put(w, n, "second thoughts"), "wrong square"))
                actions.append((t + 1.0, lambda w=wrong, s=square: self._move(w, s), "moved"))
                t += 1.4
            elif roll < habits.slide + 2 * habits.second_thoughts:
                actions.append((t, lambda s=square, n=name: self._put(s, n, "lifted again"), "put"))
                actions.append((t + 0.8, lambda s=square: self.table.take(s), "lifted"))
                actions.append((t + 1.6, lambda s=square, n=name: self._put(s, n), "put again"))
                t += 2.0
            else:
                actions.append((t, lambda s=square, n=name: self._put(s, n), "put"))
            t += rng.uniform(*habits.per_tile)
        if committed and rng.random() < habits.knock:
            victim = rng.choice(sorted(committed))
            spots = [s for s in self._free_near(victim) if s not in targets and s not in committed]
            if spots and rng.random() < 0.5 and self.can_slide:
                spot = rng.choice(spots)
                actions.append((t - 0.3, lambda v=victim, s=spot: self._displace(v, s), "pushed"))
            else:
                actions.append((t - 0.3, lambda v=victim: self._knock(v), "knocked"))
                if rng.random() >= habits.knock_left:
                    actions.append((t + 0.8, self._restore, "put back"))
                    t += 1.2
        if rng.random() < habits.bump and self.table.tiles:
            actions.append((t, lambda: self.table.bump(sorted(self.table.tiles)[:6]), "bump"))
            t += 0.5
        if rng.random() < habits.mistake:
            mistake = self.wrong_square(intent, rng)
            if mistake is not None:
                src, dst = mistake

                def refused(src: Square = src, dst: Square = dst) -> None:
                    self._move(src, dst)
                    self._note("refused play")
                actions.append((t, refused, "mistake"))
                t += 0.5
                plan.fixes = [(t, lambda: self._move(dst, src), "fix")]
        actions.sort(key=lambda a: a[0])
        self.plan = plan

    def _plan_tidy(self, actions: list, t: float) -> float:
        """Tidy the table (the game's tiles as it has them) at ``t``; when the first tile may go."""
        actions.append((t, self._tidy, "tidy"))
        return t + 0.5

    def _free_near(self, square: Square) -> list[Square]:
        return self.table.empty_squares_near(square)

    def _put(self, square: Square, name: str, note: str | None = None) -> None:
        if note:
            self._note(note)
        self.table.put(square, self.tile(name))

    def _move(self, src: Square, dst: Square) -> None:
        found = self.table.tiles.get(src)
        if found is None:
            return
        uid = self.table.take(src)
        self.table.put(dst, uid)

    def _knock(self, square: Square) -> None:
        if square in self.table.tiles:
            self._note("knocked off")
            self._knocked = (square, self.table.take(square))

    def _displace(self, square: Square, to: Square) -> None:
        if square in self.table.tiles and to not in self.table.tiles:
            self._note("pushed aside")
            self._move(square, to)

    def _restore(self) -> None:
        if self._knocked is not None:
            square, uid = self._knocked
            if square not in self.table.tiles:
                self.table.put(square, uid)
        self._knocked = None

    def _repair(self, plan: Plan, refusal) -> None:
        """After a refusal: the table as the player meant it. A tile the board refuses though it
        is the one the player meant there (the board still sees what lay there before: it was
        swapped too fast to notice) is picked up and laid again."""
        self._make_table(plan.intent.tiles)
        now = self.controller.clock()
        meant = plan.intent.tiles
        for square in sorted(getattr(refusal, "at_fault", ()) or ()):
            found = self.table.tiles.get(square)
            if found is None or meant.get(square) != found[1]:
                continue
            self._note("laid again")
            uid = self.table.take(square)
            plan.actions.append((now + 0.8, lambda s=square, u=uid: s in self.table.tiles or self.table.put(s, u),
                                 "laid again"))
        plan.actions.sort(key=lambda a: a[0])

    def _tidy(self) -> None:
        """The table as the game has it (tiles the game took away off, played tiles back)."""
        self._knocked = None
        self._make_table({})

    def _make_table(self, extra: dict) -> None:
        want = {**self.adapter.committed_tiles(), **extra}
        for square, (_uid, name) in list(self.table.tiles.items()):
            if want.get(square) != name:
                self.table.take(square)
        for square, name in want.items():
            if square not in self.table.tiles:
                self.table.put(square, self.tile(name))
