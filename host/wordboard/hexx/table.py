"""HEXX on the board: the tiles of a turn into a :class:`~wordboard.hexx.Play`, the HEXX effects'
decisions as questions, red and black ownership on the LEDs with the flips animated.

A turn's tiles must lie on one of the four lines through a square (across, down, the two
diagonals); with the tiles already on the board next to them they make one run, read in either
direction (8 directions in all). When only one reading is legal it is the word; when both are
(``NO``/``ON``) the board asks which. A HEXX wild tile (tag ``hexx-wild``) gets its letter by
inference when exactly one letter makes the play legal, otherwise by asking (like a blank). A
play that casts a HEXX leaves the engine waiting for decisions (the d20 roll first): each is a
question (:data:`~wordboard.controller.boardgames.DECISION`) to the player who must decide,
journalled as a decision before it is applied. Tiles a HEXX takes off the board or swaps show as
out of place until the players have done it on the table.

The journal codec (kind ``hexx``) is here: moves ``{"play": "g7 E WORD"}`` (small letters for
HEXX tiles), ``{"discard": "QX?"}``, ``{"pass": true}``; decisions ``{"hexx": "ROLL", "answer":
7}`` (the answer in the decision's own terms) and ``{"undo": ..., "steps": n}``.
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Mapping
from typing import TYPE_CHECKING

from wordboard.controller import questions as q
from wordboard.controller.adapters import Assessment, Committed, TableAdapter
from wordboard.controller.boardgames import DECISION, READING
from wordboard.controller.tracking import PendingTile, square_names
from wordboard.engine import Answer
from wordboard.hexx.codec import encode_answer
from wordboard.hexx.game import ROLL
from wordboard.rules import Square

if TYPE_CHECKING:
    from wordboard.hexx.computer import ComputerPlayer

LETTERS = tuple(string.ascii_uppercase)


# -- the journal -----------------------------------------------------------------------------------




# -- the LEDs ------------------------------------------------------------------------------------

class _LedView:
    """:class:`wordboard.leds.scenes.HexxView` of the game, with the turn being resolved (a
    HEXX waiting for decisions) shown as the last turn."""

    def __init__(self, game):
        from wordboard.hexx.render import picture_of

        layout = game.layout
        picture = picture_of(game)
        self.rows, self.cols = layout.height, layout.width
        self.squares = frozenset((s[0], s[1]) for s in layout)
        self.owners = {(sq[0], sq[1]): str(tile.owner) for sq, tile in game.board.items()}
        self.placed = tuple((s[0], s[1]) for s in picture.placed)
        self.flipped = tuple((s[0], s[1]) for s in picture.flipped)


# -- the adapter ---------------------------------------------------------------------------------

def _collinear(squares, axis) -> bool:
    dr, dc = axis.drow, axis.dcol
    keys = {(r * dc - c * dr) for r, c in squares}    # constant along the line
    return len(keys) == 1


class HexxAdapter(TableAdapter):
    """A :class:`~wordboard.journal.JournaledGame` of kind ``hexx`` on the board."""

    kind = "hexx"

    def __init__(self, jgame, *, camera_confidence: float = 0.8, max_wild: int = 2):
        from wordboard.hexx import Colour

        self.jgame = jgame
        self.game = jgame.game
        layout = self.game.layout
        self.rows, self.cols = layout.height, layout.width
        names = list(jgame.info.players) + ["red", "black"]
        self.names = {Colour.RED: names[0], Colour.BLACK: names[1]}
        self.camera_confidence = camera_confidence
        self.max_wild = max_wild
        self.proposals_committed = 0
        self.last_committed_move = None
        self._anim_start: float | None = float("-inf")
        self._anim_until = float("-inf")          # when the flips of the last move are over
        self._steps = self._journal_steps()
        self._computer: ComputerPlayer | None = None

    def _journal_steps(self) -> list[str]:
        steps: list[str] = []
        for event in self.jgame.journal.events(self.jgame.id):
            if event.type == "move":
                steps.append("move")
            elif "hexx" in event.data:
                steps.append("answer")
            elif "undo" in event.data:
                del steps[len(steps) - int(event.data.get("steps", 1)):]
        return steps

    def _who(self, colour) -> str:
        return f"{self.names[colour]} ({colour})"

    # -- the board -----------------------------------------------------------------------------

    def committed_tiles(self) -> dict:
        return {(sq[0], sq[1]): ("*" if tile.is_hexx else tile.letter) for sq, tile in self.game.board.items()}

    def base_scene(self, occupied, t: float = 0.0):
        from wordboard.leds import scenes

        view = _LedView(self.game)
        if self._anim_start is None:
            self._anim_start = t          # the flips start with the first frame after the move
            self._anim_until = t + scenes.hexx_flip_duration(view) + 1.0
        return scenes.hexx_scene(view, t - self._anim_start)

    def animating(self, now: float) -> bool:
        return self._anim_start is None or now < self._anim_until

    # -- a turn --------------------------------------------------------------------------------

    def _name(self, tile: PendingTile, answers, live: bool):
        """(letter or "*", question) for one pending tile."""
        square, seen = tile.square, tile.seen
        if seen.tile is not None:
            return seen.tile, None
        answered = answers.get((q.LETTER, square, seen.uid))
        if answered is not None:
            return answered, None
        camera = tile.camera
        if camera is not None and camera.confidence >= self.camera_confidence and camera.symbol in LETTERS and not live:
            return camera.symbol, None
        if live:
            return None, None
        return None, q.Question(q.LETTER, f"The tile on {square_names([square])} could not be read: which letter "
                                "is it ('*' for a HEXX tile)?", LETTERS + ("*",), (square,), {"uid": seen.uid})

    def runs(self, squares, pending: dict):
        """(direction, run squares in reading order) for the lines the tiles may make."""
        from wordboard.hexx import AXES, Square

        board = self.game.board
        covered = lambda s: s in board or (s[0], s[1]) in pending   # noqa: E731
        runs = []
        for axis in AXES:
            if not _collinear(squares, axis):
                continue
            first = Square(*squares[0])
            start = first
            while covered(start.step(axis.opposite)):
                start = start.step(axis.opposite)
            run = []
            current = start
            while covered(current):
                run.append(current)
                current = current.step(axis)
            if len(run) < 2 or not all(Square(*s) in run for s in squares):
                continue
            runs.append((axis, tuple(run)))
            runs.append((axis.opposite, tuple(reversed(run))))
        return runs

    def assess(self, tiles, answers: Mapping, *, live: bool = False) -> Assessment:
        from wordboard.hexx import IllegalMoveError, Play, Square

        game = self.game
        squares = tuple(t.square for t in tiles)
        if not tiles:
            return Assessment("empty")
        if game.is_over:
            return Assessment("invalid", squares, at_fault=squares, message="the game is over")
        if game.pending is not None:
            return Assessment("invalid", squares, at_fault=squares,
                              message=f"first the HEXX: {game.pending.prompt}")
        pending: dict = {}
        wild: list[PendingTile] = []
        for tile in tiles:
            name, question = self._name(tile, answers, live)
            if question is not None:
                return Assessment("ask", squares, question=question, message=question.prompt)
            if name is None:
                return Assessment("invalid", squares, at_fault=(tile.square,),
                                  message=f"the tile on {square_names([tile.square])} is not identified yet")
            if name == "*":
                chosen = answers.get((q.BLANK, tile.square, tile.seen.uid))
                if chosen:
                    pending[tile.square] = chosen.lower()
                else:
                    pending[tile.square] = None
                    wild.append(tile)
            elif name in LETTERS:
                pending[tile.square] = name
            else:
                return Assessment("invalid", squares, at_fault=(tile.square,),
                                  message=f"{square_names([tile.square])} holds {name}, not a HEXX tile")
        runs = self.runs(squares, pending)
        if not runs:
            one = len(squares) == 1
            return Assessment("invalid", squares, at_fault=squares,
                              message="a word needs two letters in a line" if one else
                              "the tiles are not on one line (across, down or diagonal) with no gap")
        if len(wild) > self.max_wild:
            if live:
                return Assessment("ask", squares, blanks_waiting=tuple(Square(*t.square) for t in wild),
                                  message="the HEXX tiles wait for their letters")
            first = wild[0]
            question = q.Question(q.BLANK, f"Which letter is the HEXX tile on {square_names([first.square])}?",
                                  LETTERS, (first.square,), {"uid": first.seen.uid})
            return Assessment("ask", squares, question=question, message=question.prompt)
        wild_squares = [t.square for t in wild]
        legal = []
        first_error = None
        board = game.board
        for direction, run in runs:
            for letters in itertools.product(LETTERS, repeat=len(wild_squares)):
                fill = dict(zip(wild_squares, (ch.lower() for ch in letters)))
                word = "".join(board[s].letter if s in board else (fill.get((s[0], s[1])) or pending[(s[0], s[1])])
                               for s in run)
                if word.upper() not in game.dictionary and first_error is not None:
                    continue
                play = Play(Square(*run[0]), direction, word)
                try:
                    preview = game.check(play)
                except IllegalMoveError as exc:
                    if first_error is None:
                        first_error = exc
                    continue
                legal.append((play, preview, fill))
        reading = answers.get((READING, squares[0], tiles[0].seen.uid))
        if reading is not None:
            legal = [x for x in legal if x[0].notation == reading] or legal
        if not legal:
            message = str(first_error) if first_error is not None else "no word"
            return Assessment("invalid", squares, at_fault=squares, message=message)
        if len(legal) == 1:
            return self._valid(legal[0][1], squares)
        for square in wild_squares:
            options = sorted({fill[square].upper() for _, _, fill in legal})
            if len(options) > 1:
                if live:
                    return Assessment("ask", squares, blanks_waiting=tuple(Square(*s) for s in wild_squares),
                                      message=f"the HEXX tile on {square_names([square])} could be "
                                              f"{', '.join(options)}")
                uid = next(t.seen.uid for t in wild if t.square == square)
                question = q.Question(q.BLANK, f"Which letter is the HEXX tile on {square_names([square])}? "
                                      f"({', '.join(options)} work)", tuple(options), (square,), {"uid": uid})
                return Assessment("ask", squares, question=question, blanks_waiting=tuple(Square(*s) for s in wild_squares),
                                  message=question.prompt)
        notations = tuple(sorted({play.notation for play, _, _ in legal}))
        if len(notations) == 1:
            return self._valid(legal[0][1], squares)
        words = " or ".join(f"{play.word.upper()} ({play.direction.words})" for play, _, _ in legal)
        if live:
            return Assessment("ask", squares, message=f"the tiles read {words}")
        question = q.Question(READING, f"The tiles read {words}: which word is it?", notations, (squares[0],),
                              {"uid": tiles[0].seen.uid, "readings": {p.notation: p.word.upper() for p, _, _ in legal}})
        return Assessment("ask", squares, question=question, message=question.prompt)

    def _valid(self, preview, squares) -> Assessment:
        word_squares = tuple(sorted({Square(s[0], s[1]) for w in preview.words for s in w.squares}))
        words = ", ".join(w.text for w in preview.words)
        gain = len(preview.placed) + len(preview.flips)
        hexx = " and casts a HEXX" if preview.hexx_tiles and any(
            t.is_hexx and not self.game.is_activated(t) for t in self.game.hand(self.game.to_move)) else ""
        return Assessment("valid", squares, move=preview.play, score=gain, word_squares=word_squares,
                          message=f"{words}: {len(preview.placed)} placed, {len(preview.flips)} flipped{hexx}")

    def commit(self, assessment: Assessment) -> Committed:
        game = self.game
        player = game.to_move
        for decision in assessment.decisions:
            self.jgame.record("decision", decision)
        self.jgame.play(assessment.move)
        self._steps.append("move")
        self._anim_start = None
        self.proposals_committed += 1
        self.last_committed_move = assessment.move
        from wordboard.hexx.render import picture_of

        picture = picture_of(game)
        move = assessment.move
        text = (f"{self._who(player)} plays {move.word.upper()} ({move.direction.words} from {move.start.name}): "
                f"{len(picture.placed)} placed, {len(picture.flipped)} flipped")
        if game.pending is not None:
            text += f"; HEXX! {self.names[game.pending.chooser]}: {game.pending.kind.value}"
        return Committed(tuple(Square(s[0], s[1]) for s in picture.placed + picture.flipped), text)

    # -- decisions and other turns -------------------------------------------------------------

    def turn_question(self) -> q.Question | None:
        from wordboard.hexx import DecisionKind

        game = self.game
        d = game.pending
        if d is None or game.is_over:
            return None
        kind = d.kind
        squares: tuple = ()
        if kind is DecisionKind.ROLL:
            choices = tuple(str(i) for i in range(1, 21)) + ("roll",)
            how = " (the number rolled, or 'roll' for the board's die)"
        elif kind is DecisionKind.FLIP_TILES:
            choices = ()
            squares = tuple((s[0], s[1]) for s in d.options)
            how = f" ({d.count} of {' '.join(s.name for s in d.options)}, separated by spaces)"
        elif kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
            choices = tuple(s.name for s in d.options)
            squares = tuple((s[0], s[1]) for s in d.options)
            how = ""
        elif kind in (DecisionKind.STEAL_TILE, DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
            choices = tuple(str(i + 1) for i in d.options)
            how = " (a tile's position in the hand)"
        elif kind is DecisionKind.METAMORPHOSIS:
            choices = tuple(metamorphosis_text(m) for m in d.options) + (("forfeit",) if d.can_decline else ())
            how = " (SQUARE=LETTER DIRECTION, a small letter for a HEXX tile)"
        else:
            choices = tuple(str(o) for o in d.options)
            how = ""
        return q.Question(DECISION, f"{self._who(d.chooser)}: {d.prompt}{how}", choices, squares,
                          {"decision": kind.name, "chooser": d.chooser.value, "seq": self.jgame.seq})

    def _roll_text(self, decision) -> str:
        """``Blaise casts a HEXX (the x on E5) and rolls 8: 08 ...``: which HEXX was cast, and
        what the roll did."""
        game = self.game
        events = list(game.current_events)
        if not any(e.kind == "rolled" for e in events) and game.last_turn is not None:
            events = list(game.last_turn.events)
        rolled = [e for e in events if e.kind == "rolled"]
        number = rolled[-1].value if rolled else "?"
        cast = [f"the {game.board[e.square].letter.lower()} on {Square(*e.square).name}" for e in events
                if e.kind == "placed" and e.square in game.board and game.board[e.square].is_hexx]
        what = f" casts a HEXX ({', '.join(cast)}) and" if cast else ""
        return f"{self.names[decision.chooser]}{what} rolls {number}" + (f": {rolled[-1].text}" if rolled else "")

    def _parse_answer(self, decision, value: str):
        from wordboard.hexx import DecisionKind, Square

        kind = decision.kind
        value = value.strip()
        if kind is DecisionKind.ROLL:
            # "roll": the game's own d20, seeded with the game: a new roll each time, journalled
            # as "roll" so that replaying the journal rolls the same numbers
            return ROLL if value == ROLL else int(value)
        if kind is DecisionKind.FLIP_TILES:
            return tuple(Square.parse(s) for s in value.replace(",", " ").split())
        if kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
            return Square.parse(value)
        if kind in (DecisionKind.STEAL_TILE, DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
            return int(value) - 1
        if kind is DecisionKind.METAMORPHOSIS:
            if value == "forfeit":
                return None
            for option in decision.options:
                if metamorphosis_text(option) == value:
                    return option
            raise ValueError(value)
        return value.upper()

    def answer_turn(self, question: q.Question, value: str):
        from wordboard.hexx import Discard, IllegalMoveError, Pass
        from wordboard.hexx.computer import describe_answer
        from wordboard.hexx.render import picture_of

        game = self.game
        if question.kind == DECISION:
            decision = game.pending
            if decision is None or decision.kind.name != question.context.get("decision"):
                return None
            try:
                answer = self._parse_answer(decision, value)
            except (ValueError, IndexError, KeyError):
                answer = ValueError
            if answer is ValueError or not game.dry_run(Answer(answer)).legal:
                again = self.turn_question()
                assert again is not None  # a decision is pending
                return q.Question(again.kind, f"{value!r} is not an answer. {again.prompt}", again.choices,
                                  again.squares, again.context)
            shown = "the board's die" if answer == ROLL else describe_answer(decision, answer, game)
            self.jgame.record("decision", {"hexx": decision.kind.name, "answer": encode_answer(decision, answer)})
            self._steps.append("answer")
            self._anim_start = None
            text = f"{self.names[decision.chooser]} chooses {shown}"
            if decision.kind.name == "ROLL":
                text = self._roll_text(decision)
            picture = picture_of(game)
            return Committed(tuple(Square(s[0], s[1]) for s in picture.flipped), text)
        who = self._who(game.to_move)
        if question.kind == q.TURN:
            if value == "pass":
                if game.is_legal(Pass()):
                    self.jgame.play(Pass())
                    self._steps.append("move")
                    return Committed((), f"{who} passes")
                return q.Question(q.SWAP, f"The bag still has tiles. {who}: which tiles go back to the bag? "
                                  "(letters, * for a HEXX tile)", (), ())
            if value == "discard":
                return q.Question(q.SWAP, f"{who}: which tiles go back to the bag? (letters, * for a HEXX tile)", (), ())
            return None
        if question.kind == q.SWAP:
            move = Discard(value.upper().replace(" ", "").replace("*", "?"))
            try:
                game.check(move)
            except IllegalMoveError as exc:
                return q.Question(q.SWAP, f"{exc}. {who}: which tiles go back to the bag?", (), ())
            self.jgame.play(move)
            self._steps.append("move")
            return Committed((), f"{who} puts {len(move.tiles)} tiles back in the bag")
        return None

    def nothing_placed(self) -> q.Question | None:
        game = self.game
        if game.is_over:
            return None
        if game.pending is not None:
            return self.turn_question()
        who = self._who(game.to_move)
        if game.bag_size:
            return q.Question(q.TURN, f"No tile was put down. {who}: discard tiles, or carry on?",
                              ("discard", "carry on"))
        return q.Question(q.TURN, f"No tile was put down. {who}: pass, or carry on?", ("pass", "carry on"))

    def undo(self) -> Committed | None:
        if "move" not in self._steps:
            return None
        steps = len(self._steps) - max(i for i, s in enumerate(self._steps) if s == "move")
        self.jgame.record("decision", {"undo": "undo button", "steps": steps})
        del self._steps[-steps:]
        self._anim_start = self._anim_until = float("-inf")
        return Committed((), f"the last play is taken back ({self._who(self.game.to_move)} to play again)")

    def hint(self) -> tuple:
        if self.game.is_over or self.game.pending is not None:
            return ()
        if self._computer is None:
            from wordboard.hexx.computer import ComputerPlayer

            self._computer = ComputerPlayer(self.game.dictionary)
        best = self._computer.best_play(self.game)
        return tuple((s[0], s[1]) for s in best.play.squares) if best else ()

    # -- telling the table ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.is_over

    def player_to_move(self) -> str:
        return self._who(self.game.to_move)

    def scores_text(self) -> str:
        from wordboard.hexx import Colour

        game = self.game
        text = "   ".join(f"{self._who(c)} {game.count(c)}" for c in (Colour.RED, Colour.BLACK))
        text += f"   (bag {game.bag_size})"
        for effect in game.lasting_effects:
            text += f"; {effect.describe()}"
        return text

    def board_text(self, highlight=()) -> str:
        from wordboard.hexx.render import picture_of, render

        return render(picture_of(self.game), colour=False)

    def result_text(self) -> str:
        r = self.game.result
        return f"game over: {r.describe()}" if r is not None else ""

    def winner_squares(self) -> tuple:
        r = self.game.result
        if r is None or r.winner is None:
            return ()
        return tuple((s[0], s[1]) for s, t in self.game.board.items() if t.owner is r.winner)


def metamorphosis_text(m) -> str:
    """``e5=X E``: the letter put on the square (small for a HEXX tile) and the reading direction."""
    letter = m.letter.lower() if m.hexx else m.letter.upper()
    return f"{m.square.name}={letter} {m.direction.name}"
