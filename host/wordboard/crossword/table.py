"""Lexulous and Scrabble on the board: the tiles of a turn into a :class:`~wordboard.crossword.Play`.

Letters come from the tiles' tags (the registry or the tile code in the tag); the camera is a
second opinion: when it reads a confident, different letter on a new tile the board asks which
is right, and when a tag cannot be read the camera's letter is used (else the board asks). A
blank gets its letter by inference when exactly one letter makes the play legal (every word in
the dictionary, the rack, the placement rules); otherwise the board asks, offering only the
letters that work. Nothing is scored until the play is valid.
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Collection, Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from wordboard.controller import questions as q
from wordboard.controller.adapters import AnswerKey, Assessment, Committed, TableAdapter
from wordboard.controller.tracking import PendingTile, square_names
from wordboard.rules import Square

if TYPE_CHECKING:
    from wordboard.crossword import Game, Placement, Play, ScoredPlay
    from wordboard.crossword.dawg import Dawg
    from wordboard.journal import JournaledGame
    from wordboard.leds.frame import Frame
    from wordboard.rules import IllegalMove

LETTERS = tuple(string.ascii_uppercase)


def blanks_left(game: Game) -> int:
    """The blanks of the tile set not yet on the board: the most one placement can hold."""
    from wordboard.editions import BLANK

    on_board = sum(1 for _, tile in game.board.tiles() if tile.blank)
    return max(0, game.edition.tiles.counts.get(BLANK, 0) - on_board)


def infer_blank_letters(game: Game, known: Sequence[Placement], blanks: Sequence[Square],
                        letter_tiles: Sequence[Square] = ()) -> list[tuple[str, ScoredPlay]]:
    """Assignments of letters to ``blanks`` and then ``letter_tiles`` (squares, in order) that
    make the play legal for the player to move: ``[(letters, scored_play)]``. ``letter_tiles``
    hold letter tiles whose letter is not known (read unsurely): tried as the letter tiles they
    are, on the game's racks (a letter all played out cannot be there). Tries the 26 letters per
    square through the rules engine (``wordboard.crossword.hint.infer_blanks``, with the game's
    dictionary)."""
    from wordboard.crossword import IllegalMove, Placement, Play
    from wordboard.crossword.hint import infer_blanks

    if len(blanks) + sum(1 for p in known if p.blank) > blanks_left(game):
        return []          # more blanks than the set has left: no assignment (and no 26^n tries)
    unknown = list(blanks) + list(letter_tiles)

    def play_of(letters: Sequence[str]) -> Play:
        return Play(tuple(known) + tuple(Placement(sq[0], sq[1], ch, i < len(blanks))
                                         for i, (sq, ch) in enumerate(zip(unknown, letters))))

    if game.dictionary is not None:
        tiles = [(p.square, p.letter.lower() if p.blank else p.letter) for p in known]
        tiles += [(sq, "?") for sq in unknown]
        inference = infer_blanks(game.board, game.edition, tiles, game.dictionary)
        ordered = list(inference.blanks)
        candidates = [[dict(zip(ordered, letters))[sq] for sq in unknown] for letters, _ in inference.choices]
    else:
        candidates = [list(chosen) for chosen in itertools.product(LETTERS, repeat=len(unknown))]
    choices: list[tuple[str, ScoredPlay]] = []
    for letters in candidates:
        try:
            choices.append(("".join(letters), game.evaluate(play_of(letters))))
        except IllegalMove:
            continue
    return choices


class CrosswordAdapter(TableAdapter):
    """A :class:`~wordboard.journal.JournaledGame` of kind ``lexulous`` (either edition)."""

    kind = "lexulous"

    def __init__(self, jgame: JournaledGame, *, dictionary: Container[str] | None = None,
                 dawg: Dawg | None = None, camera_confidence: float = 0.8,
                 physical_racks: bool = False):
        self.jgame = jgame
        self.game: Game = jgame.game
        if dictionary is not None:
            self.game.dictionary = dictionary
        self.dawg = dawg
        self.camera_confidence = camera_confidence
        self.physical_racks = physical_racks
        layout = self.game.edition.board
        self.layout = layout
        self.rows, self.cols = layout.rows, layout.cols

    # -- the board -----------------------------------------------------------------------------

    def committed_tiles(self) -> dict[Square, str]:
        return {sq: ("?" if tile.blank else tile.letter) for sq, tile in self.game.board.tiles()}

    def base_scene(self, occupied: Collection[Square], t: float = 0.0) -> Frame:
        from wordboard.leds import scenes

        return scenes.crossword_scene(self.layout, occupied)

    # -- a turn --------------------------------------------------------------------------------

    def _tile(self, tile: PendingTile, answers: Mapping[AnswerKey, str],
              live: bool) -> tuple[str | None, q.Question | None]:
        """(letter or "?", question or None, decision or None) for one pending tile."""
        square, seen = Square(*tile.square), tile.seen
        camera = tile.camera
        if camera is not None and (camera.confidence < self.camera_confidence or camera.symbol == "."):
            camera = None
        name = square_names([square])
        if seen.tile is None:
            answered = answers.get((q.LETTER, square, seen.uid))
            if answered is not None:
                return answered, None
            if camera is not None and not live:
                return camera.symbol, None
            if live:
                return None, None
            return None, q.Question(q.LETTER, f"The tile on {name} could not be read: which letter is it "
                                    "('?' for a blank)?", LETTERS + ("?",), (square,),
                                    {"uid": seen.uid})
        letter = seen.tile
        if camera is not None and camera.symbol != letter and not live:
            answered = answers.get((q.CONFLICT, square, seen.uid))
            if answered is not None:
                return answered, None
            rfid = "a blank" if letter == "?" else letter
            seen_by_camera = "a blank" if camera.symbol == "?" else camera.symbol
            return None, q.Question(q.CONFLICT, f"{name}: the tile's tag says {rfid}, the camera sees "
                                    f"{seen_by_camera}. Which is it?", (letter, camera.symbol), (square,),
                                    {"uid": seen.uid})
        return letter, None

    def assess(self, tiles: Sequence[PendingTile], answers: Mapping[AnswerKey, str], *,
               live: bool = False) -> Assessment:
        from wordboard.crossword import Placement, Play

        game = self.game
        squares = tuple(Square(*t.square) for t in tiles)
        if not tiles:
            return Assessment("empty")
        if game.is_over:
            return Assessment("invalid", squares, at_fault=squares, message="the game is over")
        known: list[Placement] = []
        blanks: list[PendingTile] = []
        unknown: list[Square] = []
        for tile in tiles:
            letter, question = self._tile(tile, answers, live)
            if question is not None:
                return Assessment("ask", squares, question=question, message=question.prompt)
            square = Square(*tile.square)
            if letter is None:
                unknown.append(square)
                continue
            if letter == "?":
                chosen = answers.get((q.BLANK, square, tile.seen.uid))
                if chosen:
                    known.append(Placement(square.row, square.col, chosen.upper(), True))
                else:
                    blanks.append(tile)
                continue
            if len(letter) != 1 or letter not in LETTERS:
                return Assessment("invalid", squares, at_fault=(square,),
                                  message=f"{square_names([square])} holds {letter}, not a letter tile")
            known.append(Placement(square.row, square.col, letter, False))
        if unknown:
            return Assessment("invalid", squares, at_fault=tuple(unknown),
                              message=f"the tile on {square_names(unknown)} is not identified yet")
        if not blanks:
            return self._judge(Play(tuple(known)), squares)
        blank_squares = [Square(*t.square) for t in blanks]
        left = blanks_left(game) - sum(1 for p in known if p.blank)
        if len(blank_squares) > left:
            # (a featureless picture reads every covered square as a tile without a letter: never
            # 26 letters tried for each of them)
            return Assessment("invalid", squares, at_fault=tuple(blank_squares),
                              message=f"{len(blank_squares)} tiles without a letter on "
                                      f"{square_names(blank_squares)}: the set has "
                                      f"{'no blank' if not left else f'only {left} blank(s)'} left")
        choices = infer_blank_letters(game, known, blank_squares) if game.dictionary is not None else None
        if choices is not None and len(choices) == 1:
            letters, scored = choices[0]
            return self._valid(scored, squares)
        if choices == []:
            probe = Play(tuple(known) + tuple(Placement(sq[0], sq[1], "E", True) for sq in blank_squares))
            reason = game.illegal_reason(probe)
            if reason is not None and reason.rule not in ("words-in-dictionary",):
                return self._invalid(reason, squares)
            return Assessment("invalid", squares, at_fault=tuple(blank_squares),
                              message=f"no letter for the blank on {square_names(blank_squares)} makes "
                                      "every word valid")
        # several letters work (or no dictionary to tell): ask about the first blank
        first = blanks[0]
        if choices:
            options = tuple(sorted({letters[0] for letters, _ in choices}))
        else:
            probe = Play(tuple(known) + tuple(Placement(sq[0], sq[1], "E", True) for sq in blank_squares))
            reason = game.illegal_reason(probe)
            if reason is not None and reason.rule != "words-in-dictionary":
                return self._invalid(reason, squares)
            options = LETTERS
        if live:
            return Assessment("ask", squares, blanks_waiting=tuple(blank_squares),
                              message=f"the blank on {square_names(blank_squares)} waits for its letter")
        question = q.Question(q.BLANK, f"Which letter is the blank on {square_names([first.square])}?"
                              + (f" ({', '.join(options)} work)" if len(options) < 26 else ""),
                              options, (first.square,), {"uid": first.seen.uid})
        return Assessment("ask", squares, question=question, blanks_waiting=tuple(blank_squares),
                          message=question.prompt)

    def _judge(self, play: Play, squares: tuple[Square, ...]) -> Assessment:
        from wordboard.crossword import IllegalMove

        game = self.game
        try:
            scored = game.evaluate(play)
        except IllegalMove as exc:
            if exc.rule == "tiles-from-rack" and self.physical_racks and not self.game.physical:
                fixed = self._rack_from_table(play)
                if fixed is not None:
                    return fixed
            return self._invalid(exc, squares)
        return self._valid(scored, squares)

    def _rack_from_table(self, play: Play) -> Assessment | None:
        """Physical racks: the engine does not know what the player drew from the real bag. Say
        the player's rack holds the tiles played (a journalled decision), if the bag allows it."""
        from wordboard.crossword import IllegalMove
        from wordboard.crossword.scoring import evaluate_play

        game = self.game
        tiles = play.rack_tiles
        rack = game.rack(game.current)
        keep = list(rack)
        for t in tiles:
            if t in keep:
                keep.remove(t)
        wanted = (tiles + "".join(keep))[:game.edition.tiles.rack_size]
        try:
            scored = evaluate_play(game.board, game.edition, play, game.dictionary)
        except IllegalMove as exc:
            return self._invalid(exc, play.squares)
        decision = {"rack": {"player": game.current, "tiles": wanted}}
        assessment = self._valid(scored, play.squares)
        return Assessment(**{**assessment.__dict__, "decisions": (decision,)})

    def _valid(self, scored: ScoredPlay, squares: tuple[Square, ...]) -> Assessment:
        word_squares = tuple(sorted({sq for w in scored.words for sq in w.squares}))
        words = ", ".join(w.display for w in scored.words)
        return Assessment("valid", squares, move=scored.play, score=scored.score, word_squares=word_squares,
                          message=f"{words} for {scored.score}")

    @staticmethod
    def _invalid(exc: IllegalMove, squares: Iterable[Square]) -> Assessment:
        at_fault = exc.squares or tuple(squares)
        unlisted = tuple(getattr(exc, "words", ())) if exc.rule == "words-in-dictionary" else ()
        return Assessment("invalid", tuple(squares), at_fault=at_fault, message=str(exc), unlisted=unlisted)

    def accept_words(self, words: tuple[str, ...]) -> str:
        """A house ruling (see :meth:`TableAdapter.accept_words`). Never a word unsuitable for
        children: the board may be the kiosk's, and the word would be shown and spoken."""
        from wordboard.crossword import IllegalMove
        from wordboard.extradiction.wordfilter import is_unsuitable

        if not words:
            return "there is no refused word to accept"
        try:
            new = self.game.unaccepted(words)
        except IllegalMove as exc:
            return str(exc)
        if any(is_unsuitable(w) for w in words):
            return "that word cannot be accepted on this board"
        if not new:
            return f"{', '.join(words)}: already a word in this game"
        self.jgame.record("decision", {"house_words": list(new)})   # the journal applies it to the game
        return f"house ruling: {', '.join(new)} accepted for this game (the word list lacks it)"

    def commit(self, assessment: Assessment) -> Committed:
        game = self.game
        player = game.players[game.current]
        for decision in assessment.decisions:
            self.jgame.record("decision", decision)
        if assessment.decisions and any("rack" in d for d in assessment.decisions):
            scored = game.evaluate(assessment.move)
            assessment = self._valid(scored, assessment.squares)
        self.jgame.play(assessment.move)
        turn = game.history[-1]
        words = ", ".join(w.display for w in turn.words)
        return Committed(tuple(assessment.move.squares),
                         f"{player} plays {words} for {turn.score} (total {turn.total})")

    # -- other turns ---------------------------------------------------------------------------

    def nothing_placed(self) -> q.Question | None:
        if self.game.is_over:
            return None
        player = self.game.players[self.game.current]
        return q.Question(q.TURN, f"No tile was put down. {player}: pass, swap tiles, or carry on?",
                          ("pass", "swap", "carry on"))

    def answer_turn(self, question: q.Question, value: str) -> Committed | q.Question | None:
        from wordboard.crossword import Exchange, Pass

        game = self.game
        player = game.players[game.current]
        if question.kind == q.LEFTOVERS:
            return self._leftovers(value)
        if question.kind == q.TURN:
            if value == "pass":
                self.jgame.play(Pass())
                return Committed((), f"{player} passes")
            if value == "swap":
                return q.Question(q.SWAP, self._swap_prompt(player), (), ())
            return None
        if question.kind == q.SWAP:
            text = value.upper().replace(" ", "")
            try:
                move = Exchange(count=int(text)) if text.isdigit() and game.physical else Exchange(text)
            except ValueError as exc:
                return q.Question(q.SWAP, f"{exc}. {self._swap_prompt(player)}", (), ())
            verdict = game.dry_run(move)
            if not verdict.legal:
                return q.Question(q.SWAP, f"{verdict.error}. {self._swap_prompt(player)}", (), ())
            self.jgame.play(move)
            return Committed((), f"{player} swaps {move.count} tiles")
        return None

    def _swap_prompt(self, player: str) -> str:
        if self.game.physical:
            return f"{player}: how many tiles go back to the bag (or which)?"
        return f"{player}: which tiles go back to the bag?"

    def turn_question(self) -> q.Question | None:
        """Physical racks, at the end: which tiles are left on each rack (the game counts them
        against the players' scores); when they are known (a player went out of a two-player
        game) under a challenge rule, whether the play that went out is accepted or challenged."""
        wanted = self.game.leftovers_wanted()
        if wanted is None:
            return None
        game = self.game
        if game.known_leftovers() is not None and game.challengeable() is not None:
            last = game.history[-1]
            words = ", ".join(w.display for w in last.words)
            return q.Question(q.LEFTOVERS, f"{game.players[last.player]} went out with {words}. "
                              f"{game.players[game.current]}: accept the play (the game ends) or challenge it?",
                              ("accept", "challenge"), ())
        racks = ", ".join(f"{name} {len(rack)}" for name, rack in zip(game.players, wanted.racks))
        return q.Question(q.LEFTOVERS, f"The game is over. Which tiles are left on each rack ({racks} tiles)? "
                          f"Type them rack by rack, in this order, with / between racks.", (), ())

    def _leftovers_prompt(self) -> str:
        question = self.turn_question()
        assert question is not None, "the leftovers are answered only while the game asks for them"
        return question.prompt

    def _leftovers(self, value: str) -> Committed | q.Question:
        from wordboard.crossword import Leftovers

        game = self.game
        known = game.known_leftovers()
        if known is not None and value.strip().lower() in ("accept", "challenge"):
            if value.strip().lower() == "challenge":
                done = self.challenge()
                return done if isinstance(done, Committed) else q.Question(
                    q.LEFTOVERS, f"{done}. {self._leftovers_prompt()}", ("accept", "challenge"), ())
            value = " / ".join(known.racks)
        try:
            leftovers = game.parse_move("left " + value)
        except ValueError as exc:
            return q.Question(q.LEFTOVERS, f"{exc}. {self._leftovers_prompt()}", (), ())
        assert isinstance(leftovers, Leftovers), "the notation 'left ...' is the leftovers'"
        verdict = game.dry_run(leftovers)
        if not verdict.legal:
            return q.Question(q.LEFTOVERS, f"{verdict.error}. {self._leftovers_prompt()}", (), ())
        self.jgame.play(leftovers)
        return Committed((), "left on the racks: " + ", ".join(
            f"{name} {rack or 'none'}" for name, rack in zip(game.players, leftovers.racks)))

    def challenge(self, by: int | None = None) -> Committed | str | None:
        """The last play challenged (by the player to move, unless ``by`` says who): judged
        against the word list under the game's rule. A phony comes off (the LEDs show the squares
        to clear) and its player's turn is lost; a play that stands costs the challenger what the
        rule says."""
        from wordboard.crossword import Challenge, Play
        from wordboard.crossword.moves import ChallengeBonus, LostTurn, Withdrawn

        game = self.game
        if game.challenge_rule == "void":
            return None
        challenger = game.current if by is None else by
        verdict = game.dry_run(Challenge(challenger))
        if not verdict.legal:
            return str(verdict.error)
        played = game.history[-1]
        assert isinstance(played.move, Play), "a legal challenge judges the last play"
        self.jgame.play(game.judge(challenger))     # journalled with its judgement: never judged again
        turn = game.history[-1]
        who, challenged = game.players[challenger], game.players[played.player]
        if isinstance(turn.move, Withdrawn):
            return Committed(tuple(played.move.squares),
                             f"{who} challenges: {', '.join(turn.move.words)} is not in the word list; "
                             f"{challenged}'s play comes off (take the tiles back), {turn.score} points, turn lost")
        if isinstance(turn.move, LostTurn):
            return Committed((), f"{who} challenges; the play stands and {who} loses the next turn")
        bonus = f"; {challenged} gets {turn.score} points" if isinstance(turn.move, ChallengeBonus) and turn.score else ""
        return Committed((), f"{who} challenges; the play stands{bonus}")

    def undo(self) -> Committed | None:
        game = self.game
        if not game.history:
            return None
        turn = game.history[-1]
        self.jgame.record("decision", {"undo": "undo button"})
        squares = tuple(turn.move.squares) if hasattr(turn.move, "squares") else ()
        return Committed(squares, f"{game.players[turn.player]}'s turn is taken back")

    def hint(self) -> tuple[Square, ...]:
        if self.dawg is None or self.game.is_over or self.game.physical:
            return ()                   # physical racks: the board cannot see the rack to hint from
        from wordboard.crossword.hint import hint_for_game

        hints = hint_for_game(self.game, self.dawg, 1)
        return tuple(hints[0].squares) if hints else ()

    # -- telling the table ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.is_over

    def player_to_move(self) -> str:
        return self.game.players[self.game.current]

    def scores_text(self) -> str:
        game = self.game
        parts = [f"{name} {score}" for name, score in zip(game.players, game.scores)]
        return "   ".join(parts) + f"   (bag {game.bag_count})"

    def board_text(self, highlight: Iterable[Square] = ()) -> str:
        return self.game.board.render(frozenset(highlight))

    def result_text(self) -> str:
        r = self.game.result
        if r is None:
            return ""
        names = " and ".join(self.game.players[w] for w in r.winners)
        final = ", ".join(f"{n} {s}" for n, s in zip(self.game.players, r.final))
        over = ", ".join(f"{n} -{p}" for n, p in zip(self.game.players, r.time_penalties) if p)
        if over:
            final += f" (overtime on the clock: {over})"
        if len(r.winners) > 1:
            return f"game over ({r.reason}): {final}; {names} tie"
        if r.decided_by_tie_break:          # equal totals: the higher score before the racks were counted
            before = ", ".join(f"{n} {s}" for n, s in zip(self.game.players, r.scores_before))
            return f"game over ({r.reason}): {final}; a tie, {names} wins on the tie-break (before the racks: {before})"
        return f"game over ({r.reason}): {final}; {names} wins"

    def winner_squares(self) -> tuple[Square, ...]:
        return ()
