"""Lexulous and Scrabble players of the digital twin: the people at the table.

They choose their moves with the computer opponent and put the tiles down the way people do:
thinking, sliding a tile into place, putting one on the wrong square and taking it back, knocking
a played tile off and putting it back, bumping the table, now and then a play the rules refuse
(then corrected). A moment after the last tile they press the end-turn button, and they answer
the board's questions (a blank's letter, which of tag and camera is right) from what they meant
to do. A chooser that gives a :class:`~wordboard.crossword.moves.Challenge` has the player to move
press the challenge button.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from wordboard.controller import questions as q
from wordboard.controller.players import answer_about_the_tile
from wordboard.controller.twin import Habits, Table
from wordboard.rules import Square


def same_move(a, b) -> bool:
    """Two engine moves are the same (a play's tiles in any order)."""
    if type(a) is not type(b):
        return False
    if hasattr(a, "placements"):
        return sorted(a.placements) == sorted(b.placements)
    return a == b


@dataclass
class PlannedTurn:
    move: object
    actions: list = field(default_factory=list)    # (game time, callable, label)
    pressed: bool = False
    blanks: dict = field(default_factory=dict)     # square -> letter meant
    answer_turn: str = "pass"
    swap_tiles: str = ""
    fixes: list = field(default_factory=list)      # actions queued for after an outcome
    pressed_at: float = 0.0
    acted_at: float = float("-inf")                # when the players last touched the table


class ScriptedPlayers:
    """Everyone at the table (see the module docs). ``choose(game) -> move`` picks each move."""

    def __init__(self, controller, table: Table, choose: Callable, *, habits: Habits | None = None,
                 seed: int = 0, out: Callable[[str], None] | None = None, press_timeout: float = 30.0):
        self.controller = controller
        self.table = table
        self.choose = choose
        self.habits = habits or Habits()
        self.seed = seed
        self.out = out or (lambda text: None)
        self.press_timeout = press_timeout
        self.plan: PlannedTurn | None = None
        self._planned_for: tuple[int, int] | None = None
        self._knocked: tuple[Square, bytes] | None = None   # a tile knocked off, to put back
        self._settled = 0                  # moves (and undos) the board has committed so far
        self.intended: list = []           # the moves the players meant, in order (for tests)
        self.outcomes: list[str] = []
        self.as_meant = 0                  # moves committed exactly as the player meant them
        self.mismatches: list = []         # moves committed that the player did not mean
        self._corrected: set = set()       # (question id, square) told empty (see answer_about_the_tile)
        controller.listeners.append(self._heard)
        self.answerer = q.CallbackAnswerer(self._answer)

    @property
    def game(self):
        return self.controller.adapter.game

    def _rng(self, extra: int = 0) -> random.Random:
        return random.Random(self.seed * 1_000_003 + self.controller.adapter.jgame.seq * 7919 + extra)

    # -- listening to the board -------------------------------------------------------------------

    def _heard(self, kind: str, data) -> None:
        self.outcomes.append(kind)
        if kind in ("commit", "undo"):
            self._settled += 1
        plan = self.plan
        if plan is None:
            return
        now = self.controller.clock()
        if kind == "commit":
            from wordboard.crossword.moves import ChallengeBonus, LostTurn, Withdrawn

            history = self.game.history
            made = history[-1].move if history else None
            if isinstance(made, (Withdrawn, ChallengeBonus, LostTurn)):   # a challenge, not a move
                self.plan = None
                return
            if same_move(made, plan.move):
                self.as_meant += 1
            else:
                self.mismatches.append((plan.move, made))
            self.plan = None
        elif kind == "undo":
            self.plan = None
        elif kind in ("invalid", "blocked") and plan.pressed:
            # put the tiles where they were meant to go (then press again: see step)
            plan.pressed = False
            if plan.fixes:
                plan.actions.extend((now + 1.0 + i * 0.3, action, label)
                                    for i, (_, action, label) in enumerate(plan.fixes))
                plan.fixes = []
            else:
                plan.actions.extend(self._repair_actions(plan, now))

    def _answer(self, question: q.Question) -> str | None:
        plan = self.plan
        if question.kind == q.BLANK:
            square = question.squares[0]
            if plan is not None and square in plan.blanks:
                return plan.blanks[square]
            return question.choices[0] if question.choices else "E"
        if question.kind in (q.LETTER, q.CONFLICT):
            return answer_about_the_tile(self.controller, self.table, question, self._corrected)
        if question.kind == q.TURN:
            return plan.answer_turn if plan is not None else "carry on"
        if question.kind == q.SWAP:
            return plan.swap_tiles if plan is not None and plan.swap_tiles else None
        if question.kind == q.LEFTOVERS and "accept" in question.choices:
            return "accept"                         # the play that went out: the twin's words are real
        if question.kind == q.LEFTOVERS:            # the tiles left on the players' own racks
            bag = RealBag.replayed(self.game, self.seed)
            return " / ".join(bag.rack(i) for i in range(len(self.game.players)))
        return None

    # -- acting -------------------------------------------------------------------------------------

    def step(self, now: float) -> None:
        adapter = self.controller.adapter
        if adapter.over or adapter.game.waiting_for_leftovers:   # the end: only the leftovers are asked
            return
        # A new plan once the board committed (or undid) a move; the answers to its questions
        # (a blank's letter) are journalled too, but the turn goes on.
        key = (self._settled, self.game.current)
        if self.plan is None or self._planned_for != key:
            if self.plan is not None and self._planned_for != key:
                self.plan = None
            self._plan(now)
            self._planned_for = key
        plan = self.plan
        if plan is None:
            return
        while plan.actions and plan.actions[0][0] <= now:
            _, action, label = plan.actions.pop(0)
            action()
            plan.acted_at = now
        if not plan.actions and self.controller.question is None and now - plan.acted_at >= self.habits.reach and (
                not plan.pressed or now - plan.pressed_at > self.press_timeout):
            self._press(now)           # done placing (or nothing happened): press end turn

    def _press(self, now: float, button: str = "end-turn", kind: str = "press") -> None:
        """A button pressed for the plan (the end-turn button, held long, or the challenge button)."""
        plan = self.plan
        if plan is not None:
            plan.pressed = True
            plan.pressed_at = now
        self.controller.buttons.inject(button, kind)

    def _press_long(self) -> None:
        self._press(self.controller.clock(), "end-turn", "long")

    def _press_challenge(self) -> None:
        self._press(self.controller.clock(), "challenge")

    def _plan(self, now: float) -> None:
        from wordboard.crossword import Exchange, Play
        from wordboard.crossword.moves import Challenge

        game = self.game
        rng = self._rng()
        habits = self.habits
        move = self.choose(game)
        plan = PlannedTurn(move)
        self.intended.append((game.players[game.current], move))
        t = now + rng.uniform(*habits.think)
        actions = plan.actions
        # the table's physical state may lag the engine after an undo or a restart
        committed = self.controller.adapter.committed_tiles()
        for square in list(self.table.tiles):
            if square not in committed:
                actions.append((t, lambda s=square: self.table.take(s), "clear"))
        for square, name in committed.items():
            if square not in self.table.tiles:
                actions.append((t, lambda s=square, n=name: self.table.put(s, self.table.new_tile(n)), "restore"))
        if isinstance(move, Challenge):           # the last play challenged: its challenger's button
            actions.append((t, self._press_challenge, "challenge"))
            self.plan = plan
            return
        if not isinstance(move, Play):
            plan.answer_turn = "swap" if isinstance(move, Exchange) else "pass"
            plan.swap_tiles = move.tiles if isinstance(move, Exchange) else ""
            actions.append((t + 0.5, self._press_long, "long press"))
            self.plan = plan
            return
        placements = list(move.placements)
        rng.shuffle(placements)
        targets = {p.square for p in placements}
        knocked = None
        if committed and rng.random() < habits.knock:
            knocked = rng.choice(sorted(committed))
        for p in placements:
            name = "?" if p.blank else p.letter
            if p.blank:
                plan.blanks[p.square] = p.letter
            roll = rng.random()
            free = [s for s in self.table.empty_squares_near(p.square) if s not in targets and s not in committed]
            if roll < habits.slide and free:
                start = rng.choice(free)

                def slide(square=p.square, start=start, name=name):
                    uid = self.table.new_tile(name)
                    self.table.put(start, uid)
                    self.table.slide(uid, [start, square], 60.0)
                actions.append((t, slide, "slide"))
                t += 0.6
            elif roll < habits.slide + habits.second_thoughts and free:
                wrong = rng.choice(free)

                def wrong_then_right(wrong=wrong, square=p.square, name=name, when=t):
                    uid = self.table.new_tile(name)
                    self.table.put(wrong, uid)
                    self.plan and self.plan.actions.insert(0, (self.controller.clock() + 1.0,
                                                               lambda: self._move(wrong, square), "rethink"))
                actions.append((t, wrong_then_right, "second thoughts"))
                t += 1.2
            else:
                actions.append((t, lambda s=p.square, n=name: self.table.put(s, self.table.new_tile(n)), "put"))
            t += rng.uniform(*habits.per_tile)
        if knocked is not None:
            actions.append((t - 0.5, lambda s=knocked: self._knock(s), "knock"))
            if rng.random() >= habits.knock_left:
                actions.append((t + 1.0, lambda s=knocked: self._restore(s), "put back"))
                t += 1.5
        if rng.random() < habits.bump and self.table.tiles:
            actions.append((t, lambda: self.table.bump(sorted(self.table.tiles)[:6]), "bump"))
            t += 0.5
        mistake = self._mistake(move, rng) if rng.random() < habits.mistake else None
        if mistake is not None:
            src, dst = mistake
            actions.append((t, lambda: self._move(src, dst), "mistake"))
            t += 0.5
            plan.fixes = [(t, lambda: self._move(dst, src), "fix")]
        actions.sort(key=lambda a: a[0])
        self.plan = plan

    def _mistake(self, move, rng):
        """Move one tile of the play to a square where the play is illegal (never a legal play)."""
        from wordboard.crossword import Placement, Play

        game = self.game
        placements = list(move.placements)
        p = rng.choice(placements)
        occupied = set(self.controller.adapter.committed_tiles()) | {x.square for x in placements}
        for _ in range(20):
            dst = (p.row + rng.randint(-2, 2), p.col + rng.randint(-2, 2))
            if dst in occupied or not (0 <= dst[0] < self.table.rows and 0 <= dst[1] < self.table.cols):
                continue
            wrong = Play(tuple(x if x is not p else Placement(dst[0], dst[1], p.letter, p.blank) for x in placements))
            if any(x.blank for x in placements):
                return None          # a blank could make it legal under another letter
            if game.illegal_reason(wrong) is not None:
                return p.square, dst
        return None

    def _move(self, src: Square, dst: Square) -> None:
        found = self.table.tiles.get(src)
        if found is None:
            return
        uid = self.table.take(src)
        if uid is not None:
            self.table.put(dst, uid)

    def _knock(self, square: Square) -> None:
        found = self.table.tiles.get(square)
        if found is None:
            return
        uid = self.table.take(square)
        self._knocked = None if uid is None else (square, uid)

    def _restore(self, square: Square) -> None:
        knocked = self._knocked
        if knocked is not None and knocked[0] == square and square not in self.table.tiles:
            self.table.put(square, knocked[1])
        self._knocked = None

    def _repair_actions(self, plan: PlannedTurn, now: float) -> list:
        """Make the table what the player meant: played tiles back, this turn's tiles where planned."""
        from wordboard.crossword import Play

        def repair():
            committed = self.controller.adapter.committed_tiles()
            knocked = self._knocked
            if knocked is not None:
                self._restore(knocked[0])
            meant = {}
            if isinstance(plan.move, Play):
                meant = {p.square: ("?" if p.blank else p.letter) for p in plan.move.placements}
            want = {**committed, **meant}
            for square, (_uid, name) in list(self.table.tiles.items()):
                if want.get(square) != name:
                    self.table.take(square)
            for square, name in want.items():
                if square not in self.table.tiles:
                    self.table.put(square, self.table.new_tile(name))
        return [(now + 1.0, repair, "repair")]


class RealBag:
    """The twin's real bag and racks, which an engine with physical racks never sees.

    The bag is the edition's tiles shuffled with the players' own seed; the racks are dealt in
    turn from the first player and refilled after each turn, as at a real table. It is rebuilt
    from the game's history (:meth:`replayed`), so a resumed game draws what the uninterrupted
    one drew.
    """

    def __init__(self, edition, players: int, first: int, seed: int):
        self.edition = edition
        self.rng = random.Random(seed * 7919 + 17)
        self.bag = list(edition.tiles.letters)
        self.rng.shuffle(self.bag)
        self.racks: list[list[str]] = [[] for _ in range(players)]
        for i in range(players):
            self._draw((first + i) % players, edition.tiles.rack_size)

    @classmethod
    def replayed(cls, game, seed: int) -> RealBag:
        """The bag and racks after every turn of ``game`` so far."""
        from wordboard.crossword import Exchange, Play
        from wordboard.crossword.moves import Withdrawn

        bag = cls(game.edition, len(game.players), game.first_player, seed)
        drawn: list[list[str]] = []                  # what each play drew, for a play taken back
        for turn in game.history:
            rack = bag.racks[turn.player]
            if isinstance(turn.move, Play):
                for p in turn.move.placements:
                    # a tile the board took for another (a misread it was not told of) still
                    # left the player's rack: the first tile that is not otherwise played
                    rack.remove(p.rack_tile if p.rack_tile in rack else _spare(rack, turn.move))
                before = len(bag.bag)
                bag._draw(turn.player, len(turn.move.placements))
                drawn.append(rack[len(rack) - (before - len(bag.bag)):])
            elif isinstance(turn.move, Withdrawn) and drawn:
                # the phony's tiles back on the rack, the tiles drawn after it back in the bag
                for t in reversed(drawn.pop()):
                    rack.remove(t)
                    bag.bag.append(t)
                rack.extend(p.rack_tile for p in turn.move.play.placements)
            elif isinstance(turn.move, Exchange) and turn.move.tiles:
                bag._draw(turn.player, turn.move.count)
                for t in turn.move.tiles:
                    rack.remove(t)
                bag.bag.extend(turn.move.tiles)
                bag.rng.shuffle(bag.bag)
        return bag

    def _draw(self, player: int, n: int) -> None:
        for _ in range(min(n, len(self.bag))):
            self.racks[player].append(self.bag.pop())

    def rack(self, player: int) -> str:
        return "".join(sorted(self.racks[player]))


def _spare(rack: list[str], play) -> str:
    wanted = [p.rack_tile for p in play.placements]
    for tile in rack:
        if tile not in wanted:
            return tile
    return rack[0]


def computer_chooser(adapter, seed: int, strength: str = "casual") -> Callable:
    """How the twin's players choose a move: the computer opponent at ``strength`` on the game's
    word list (one per player, its random numbers from the game's seed and the turn, so a resumed
    game chooses as the uninterrupted one would; with no word list on the board, from the default
    list all the same). With
    physical racks each player plays from their own rack of the twin's :class:`RealBag`."""
    from wordboard.crossword.opponent import Opponent

    edition = adapter.game.edition

    def rack_of(game) -> str | None:
        return RealBag.replayed(game, seed).rack(game.current) if game.physical else None

    dawg = adapter.dawg
    if dawg is None:
        # The board checks no words (``--lexicon none``), but the people at the table still know
        # some: they choose their words from the default list.
        from wordboard.commands.common import DEFAULT_LEXICON, open_lexicon
        from wordboard.crossword.dawgcache import dawg_for

        words = open_lexicon(DEFAULT_LEXICON)
        assert words is not None, "the default lexicon is a word list, not 'none'"
        dawg = dawg_for(words)
    opponents: dict = {}

    def choose(game):
        key = len(game.history)
        opponent = opponents.get(game.current)
        if opponent is None:
            opponent = opponents[game.current] = Opponent(dawg, edition, strength)
        opponent.rng.seed(seed * 131 + key)
        return opponent.move(game, rack_of(game))
    return choose
