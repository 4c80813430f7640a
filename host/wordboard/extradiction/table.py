"""eXtraDICTION on the board: the clue card in the terminal, the word guessed (a question), the
letters the child writes read by the camera (:mod:`wordboard.controller.written`), the stars
counted.

The letters written this turn must make one line (across; at Level 3 and Speed also down) with
the letters already on the board next to them; that line is the word written. A letter the
camera could not read surely gets its letter from the clue card's word when the line can only be
that word, otherwise the board asks. A word that is not the clue card's word, or breaks a rule,
is shown as refused (the squares at fault) and waits for the child to correct it.

The journal codec (kind ``extradiction``) is here: moves ``{"guess": "CAT"}``, ``{"write":
"CAT", "square": "F6", "direction": "across"}`` and ``{"pass": true}``; the options hold the
level, the number of clue cards, the colours of the clue deck and the word list.
"""

from __future__ import annotations

import functools
import random
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from wordboard.controller import questions as q
from wordboard.controller.adapters import Assessment, Committed, TableAdapter
from wordboard.controller.boardgames import GUESS, GUESS_HEARD, HEARD_RIGHT, HEARD_WRONG
from wordboard.controller.players import CORRECTED, Intent, Plan, TablePlayers
from wordboard.controller.tracking import square_names
from wordboard.extradiction.childtext import CHILD_WORDS, child_words, known_to, said_back, sayable

LETTERS = tuple(string.ascii_uppercase)


class ExtradictionAdapter(TableAdapter):
    """A :class:`~wordboard.journal.JournaledGame` of kind ``extradiction`` on the board."""

    kind = "extradiction"

    def __init__(self, jgame):
        self.jgame = jgame
        self.game = jgame.game
        self.edition = self.game.edition
        self.rows, self.cols = self.edition.rows, self.edition.columns
        self.proposals_committed = 0
        self.last_committed_move = None
        self._shown_card = None

    # -- the board -----------------------------------------------------------------------------

    def committed_tiles(self) -> dict:
        return dict(self.game.board)

    def base_scene(self, occupied, t: float = 0.0):
        from wordboard.leds import scenes

        return scenes.extradiction_scene(self.edition, occupied)

    def _pending(self):
        return self.game.pending

    def card_text(self, card, reveal: bool) -> str:
        from wordboard.extradiction.pictures import picture_lines

        lines = [f"--- clue card ({card.colour.value}) ---"]
        if self.game.level.value in ("1", "2"):       # Level 3: the first letter, length and meaning
            lines += [f"    {line}" for line in picture_lines(card.picture)]
        lines.append(f"    {card.first_letter}{' _' * (card.length - 1)}   ({card.hint()})")
        lines.append(f"    Meaning: {card.meaning}")
        if reveal:
            lines.append(f"    Word: {card.word}   ({' - '.join(card.word)})")
        return "\n".join(lines)

    # -- a turn --------------------------------------------------------------------------------

    def _directions(self):
        from wordboard.extradiction.engine import Direction

        return list(Direction) if self.game.level.crossword_rules else [Direction.ACROSS]

    def _lines(self, squares, letters: dict):
        """(direction, run) for the lines the new letters may make with the letters there."""
        board = self.game.board
        covered = lambda s: s in board or s in letters   # noqa: E731
        out = []
        for direction in self._directions():
            dr, dc = direction.step
            if len({(r * dc - c * dr) for r, c in squares}) != 1:
                continue
            start = squares[0]
            while covered((start[0] - dr, start[1] - dc)):
                start = (start[0] - dr, start[1] - dc)
            run, cur = [], start
            while covered(cur):
                run.append(cur)
                cur = (cur[0] + dr, cur[1] + dc)
            if len(run) >= 2 and all(s in run for s in squares):
                out.append((direction, tuple(run)))
        return out

    def assess(self, tiles, answers: Mapping, *, live: bool = False) -> Assessment:
        from wordboard.extradiction.engine import IllegalMove, WordWanted, Write

        game = self.game
        squares = tuple(t.square for t in tiles)
        if not tiles:
            return Assessment("empty")
        pending = game.pending
        if not isinstance(pending, WordWanted):
            return Assessment("invalid", squares, at_fault=squares,
                              message="The game is over." if pending is None else
                              "First say what the word on the card is, then write it.")
        letters: dict = {}
        unsure = []
        for tile in tiles:
            letter = tile.seen.tile or answers.get((q.LETTER, tile.square, tile.seen.uid))
            if letter is None:
                unsure.append(tile)
            letters[tile.square] = letter
        lines = self._lines(squares, letters)
        if not lines:
            how = "in one row, from left to right" if len(self._directions()) == 1 \
                else "in one row (left to right) or one column (top to bottom)"
            return Assessment("invalid", squares, at_fault=squares,
                              message=f"Write the letters {how}, next to each other, one letter in each square.")
        card = pending.card
        board = game.board
        candidates = []
        for direction, run in lines:
            pattern = [board.get(s) or letters[s] for s in run]
            if card is not None:
                word = card.word
                if len(word) != len(run) or any(p is not None and p != w for p, w in zip(pattern, word)):
                    continue
            elif any(p is None for p in pattern):
                continue
            else:
                word = "".join(pattern)
            candidates.append(Write(word, run[0], direction))
        if not candidates and unsure and card is None:
            if live:
                return Assessment("ask", squares, blanks_waiting=tuple(t.square for t in unsure),
                                  message="a letter could not be read")
            first = unsure[0]
            question = q.Question(q.LETTER, f"The letter on {square_names([first.square])} could not be read: "
                                  "which letter is it?", LETTERS, (first.square,), {"uid": first.seen.uid})
            return Assessment("ask", squares, question=question, message=question.prompt)
        if not candidates:
            direction, run = lines[0]
            wrong = squares
            if card is not None and len(run) == len(card.word):
                wrong = tuple(s for s, w in zip(run, card.word) if letters.get(s) not in (None, w)) or squares
            written = "".join(board.get(s) or letters.get(s) or "?" for s in run)
            what = f"The card's word is {card.word}, {card.length} letters." if card else ""
            says = f"That says {written}." if sayable(written, self.known_word) else "That is not the card's word."
            return Assessment("invalid", squares, at_fault=wrong, message=f"{says} {what} Look at the red squares.")
        errors = []
        for move in candidates:
            try:
                placement = game.evaluate(move)
            except IllegalMove as exc:
                errors.append(exc)
                continue
            explain = "; ".join(w.explain() for w in placement.words)
            chance = f", {len(placement.chance_squares)} Chance card(s)" if placement.chance_squares else ""
            word_squares = tuple(sorted({s for w in placement.words for s in w.squares}))
            return Assessment("valid", squares, move=move, score=placement.points, word_squares=word_squares,
                              message=f"{explain}{chance}")
        return Assessment("invalid", squares, at_fault=tuple(getattr(errors[0], "squares", ()) or ()) or squares,
                          message=child_words(errors[0], self.known_word))

    def commit(self, assessment: Assessment) -> Committed:
        game = self.game
        player = game.players[game.pending.player]
        self.jgame.play(assessment.move)
        self.proposals_committed += 1
        self.last_committed_move = assessment.move
        record = game.history[-1]
        placement = record.placement
        text = (f"{player} writes {assessment.move.word} ({assessment.move.direction.value}): "
                f"{placement.points} stars ({'; '.join(w.explain() for w in placement.words)})")
        for draw in record.chance:
            text += f"; Chance card: {draw.card} ({draw.change:+d})"
        return Committed(tuple(placement.new_squares), text)

    # -- the guess and other turns -------------------------------------------------------------

    def known_word(self, word: str) -> bool:
        """Whether ``word`` is one of the game's own words: in its word list, or on a clue card."""
        return known_to(self.game)(word)

    def _checker(self, pending) -> str:
        """Who knows the card's word and hears the guess: the reader (Level 3), else the grown-up."""
        return self.game.players[pending.reader] if pending.reader is not None else "grown-up"

    def turn_question(self) -> q.Question | None:
        """The guess. In the rulebook it is said aloud; here it may be spelt on the screen's letter
        buttons (or typed), or said, and the grown-up (the reader, at Level 3) answers
        :data:`HEARD_RIGHT` or :data:`HEARD_WRONG`."""
        from wordboard.extradiction.engine import GuessWanted

        pending = self.game.pending
        if not isinstance(pending, GuessWanted):
            return None
        card = pending.card
        player = self.game.players[pending.player]
        reader = self.game.players[pending.reader] if pending.reader is not None else "the grown-up"
        return q.Question(GUESS, f"{reader} reads the clue card to {player}:\n{self.card_text(card, False)}\n"
                          f"{player}: what is the word?", (), (),
                          {"player": pending.player, "checker": self._checker(pending)})

    def answer_turn(self, question: q.Question, value: str):
        """The guess: the card's word is right; a guess said aloud is judged by the grown-up (or
        the reader); a guess spelt otherwise is not wrong yet: only the writing on the board tests
        the spelling, so the grown-up is asked whether the word meant is the card's (a misspelt
        guess keeps the card, another word loses it, as the rulebook says)."""
        from wordboard.extradiction.engine import ANOTHER_WORD, Guess, GuessWanted, IllegalMove, Pass

        game = self.game
        pending = game.pending
        if question.kind in (GUESS, GUESS_HEARD):
            if not isinstance(pending, GuessWanted):
                return None
            card = pending.card
            player = game.players[pending.player]
            checker = self._checker(pending)
            right = f"{player} guesses {card.word}: right! Now write it on the board"
            if question.kind == GUESS_HEARD:
                if value == "yes":
                    self.jgame.play(Guess(card.word))
                    return Committed((), right)
                typed = str(question.context.get("guess", ""))
                self.jgame.play(Guess(typed))
                guessed = f"guessed {typed}" if sayable(typed, self.known_word) else "guessed another word"
                return Committed((), f"{player} {guessed}: the word was {card.word}; "
                                     "the card is put to one side")
            if value == HEARD_RIGHT:
                self.jgame.play(Guess(card.word))
                return Committed((), f"{player} said the word and the {checker} heard it: right! "
                                     "Now write it on the board")
            if value == HEARD_WRONG:              # a wrong guess (its spelling unknown), not a pass
                self.jgame.play(Guess(ANOTHER_WORD))
                return Committed((), f"{player} said another word: the word was {card.word}; "
                                     "the card is put to one side")
            guess = Guess(value)
            # asked again with why, once: the question as first asked is kept in its context
            asked = str(question.context.get("asked", question.prompt))
            context = {**question.context, "asked": asked}
            try:
                game.check(guess)
            except IllegalMove:            # never the guess itself: it may be what a child must not see
                return q.Question(GUESS, f"Spell the word with letters only. {asked}", (), (), context)
            spelt = "".join(value.split()).upper()
            if spelt == card.word:
                self.jgame.play(guess)
                return Committed((), right)
            if not said_back(spelt, self.known_word):      # never shown, said or kept: spell another
                return q.Question(GUESS, f"{CHILD_WORDS['UNSUITABLE']} {asked}", (), (), context)
            heard = {"player": pending.player, "guess": spelt, "checker": checker}
            if not sayable(spelt, self.known_word):        # not in the game's list: never named
                return q.Question(GUESS_HEARD, f"{player} spelt a word that is not in our list. "
                                  f"{checker.capitalize()}: did {player} mean the word on the card? "
                                  "(Only the writing on the board tests the spelling.)", ("yes", "no"), (), heard)
            return q.Question(GUESS_HEARD, f"{player} spelt {spelt}. {checker.capitalize()}: is that the word on "
                              f"the card? (Only the writing on the board tests the spelling.)",
                              ("yes", "no"), (), heard)
        if question.kind == q.TURN and value == "give up":
            player = game.players[pending.player]
            self.jgame.play(Pass())
            return Committed((), f"{player} gives up this card")
        return None

    def nothing_placed(self) -> q.Question | None:
        from wordboard.extradiction.engine import WordWanted

        pending = self.game.pending
        if pending is None:
            return None
        if not isinstance(pending, WordWanted):
            return self.turn_question()
        player = self.game.players[pending.player]
        return q.Question(q.TURN, f"Nothing was written. {player}: give up this card, or carry on?",
                          ("give up", "carry on"))

    def undo(self):
        return None

    def hint(self) -> tuple:
        from wordboard.extradiction.engine import WordWanted

        pending = self.game.pending
        if not isinstance(pending, WordWanted) or pending.card is None:
            return ()
        places = self.game.placements(pending.card.word)
        return tuple(places[0].squares()) if places else ()

    # -- telling the table ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.is_over

    def player_to_move(self) -> str:
        from wordboard.extradiction.engine import WordWanted

        pending = self.game.pending
        if pending is None:
            return ""
        player = self.game.players[pending.player]
        if isinstance(pending, WordWanted) and pending.card is not None:
            return f"{player} (write {pending.card.word}: {pending.card.meaning})"
        return player

    def scores_text(self) -> str:
        game = self.game
        stars = "   ".join(f"{name} {n} star{'s' if n != 1 else ''}" for name, n in zip(game.players, game.stars))
        return f"{stars}   (card {min(game.cards_used + 1, game.turn_limit)} of {game.turn_limit}, " \
               f"{game.chance_cards_left} Chance cards left)"

    def board_text(self, highlight=()) -> str:
        edition = self.edition
        board = self.game.board
        highlight = set(highlight)
        lines = ["    " + " ".join(f"{chr(ord('A') + c):^3}" for c in range(self.cols))]
        for r in range(self.rows):
            cells = []
            for c in range(self.cols):
                square = (r, c)
                letter = board.get(square)
                if letter:
                    cells.append(f"[{letter}]" if square in highlight else f" {letter} ")
                elif edition.is_chance(square):
                    cells.append(" ! ")
                else:
                    stars = edition.stars_on(square)
                    cells.append(f" {stars} " if stars else " . ")
            lines.append(f"{r + 1:>3} " + " ".join(cells))
        lines.append("(digits: stars on the square, !: a Chance square)")
        return "\n".join(lines)

    def result_text(self) -> str:
        game = self.game
        if not game.is_over:
            return ""
        names = " and ".join(game.players[i] for i in game.winners())
        stars = ", ".join(f"{n} {s}" for n, s in zip(game.players, game.stars))
        return f"game over: {stars} stars; {names} win{'s' if len(game.winners()) == 1 else ''}"

    def winner_squares(self) -> tuple:
        return tuple(self.game.board)


# -- the children at the table ---------------------------------------------------------------------

#: Speed: of the words a child thinks of, the share that are off the clue cards (any word of the
#: game's dictionary, 3 to 7 letters), and the share of words written misspelt (two letters the
#: wrong way round, a vowel for another, a letter for one that sounds alike: not a word)
OFF_THE_CARDS = 0.5
MISSPELT = 0.15
_SOUNDS_ALIKE = {"C": "K", "K": "C", "S": "C", "Z": "S", "F": "V", "V": "F", "G": "J", "J": "G",
                 "Y": "I", "W": "U", "Q": "K", "X": "S", "D": "T", "T": "D", "B": "P", "P": "B"}


def misspell(word: str, positions: list[int], rng: random.Random, known: Callable[[str], bool]) -> str | None:
    """``word`` as a child may misspell it, changing only the letters at ``positions`` (the new
    squares): a word that is not ``known``, or None when none is found."""
    for _ in range(12):
        i = rng.choice(positions)
        letters = list(word)
        if rng.random() < 0.4 and i + 1 in positions and letters[i] != letters[i + 1]:
            letters[i], letters[i + 1] = letters[i + 1], letters[i]
        elif letters[i] in "AEIOU":
            letters[i] = rng.choice([v for v in "AEIOU" if v != letters[i]])
        elif letters[i] in _SOUNDS_ALIKE:
            letters[i] = _SOUNDS_ALIKE[letters[i]]
        else:
            continue
        wrong = "".join(letters)
        if wrong != word and not known(wrong):
            return wrong
    return None


@dataclass
class WrittenIntent(Intent):
    """What the child means to write, and (Speed) the letters written wrong at first, square ->
    letter: the board should refuse the word; the child then writes those letters right."""

    misspelt: dict = field(default_factory=dict)
    off_the_cards: bool = False


class ExtradictionPlayers(TablePlayers):
    """Children who guess the word (not always right) and write it where it scores well; the
    camera reads what they write. At Speed they write words of their own, on the clue cards or
    not, some misspelt; :attr:`spelling` counts how the board judged those."""

    can_slide = False

    def __init__(self, controller, table, **kw):
        super().__init__(controller, table, **kw)
        self._waiting_since = None
        self._rewrites = 0
        self._written_at = float("-inf")
        self._guess_tries = (-1, 0)      # (the journal's seq, guesses asked again since)
        self._off_card_words: list[str] | None = None
        self.spelling = {"off the cards written": 0, "off the cards accepted": 0, "misspelt written": 0,
                         "misspelt refused as not in the dictionary": 0, "misspelt refused otherwise": 0,
                         "misspelt accepted": 0}

    def wants_move(self) -> bool:
        from wordboard.extradiction.engine import WordWanted

        return isinstance(self.game.pending, WordWanted)

    def intend(self, rng: random.Random):
        from wordboard.extradiction.engine import Pass

        game = self.game
        card = game.pending.card
        words = [card.word] if card is not None else self._own_words(rng)
        for word in words:
            places = game.placements(word)
            if places:
                ranked = sorted(places, key=lambda m: (-game.evaluate(m).points, m.square, m.direction.value))
                move = rng.choice(ranked[:3])
                squares = move.squares()
                tiles = {s: ch for s, ch in zip(squares, move.word.upper()) if s not in game.board}
                intent = WrittenIntent(move, tiles)
                if card is None:
                    intent.off_the_cards = word not in self._card_words()
                    if rng.random() < MISSPELT:
                        new = [i for i, s in enumerate(squares) if s in tiles]
                        wrong = misspell(move.word.upper(), new, rng, self.adapter.known_word)
                        if wrong is not None:
                            intent.misspelt = {s: w for s, w, r in zip(squares, wrong, move.word.upper()) if w != r}
                return intent
        return Intent(Pass(), turn_answer="give up")

    @staticmethod
    @functools.cache
    def _card_words() -> frozenset[str]:
        from wordboard.extradiction.cards import shipped_cards

        return frozenset(c.word for c in shipped_cards())

    def _own_words(self, rng: random.Random) -> list[str]:
        """Speed: the words a child thinks of, in turn: clue cards' words, and (``OFF_THE_CARDS``)
        other words of the game's dictionary."""
        used = set(self.game.used_words)
        cards = sorted(self._card_words() - used)
        if self._off_card_words is None:
            dictionary = self.game.dictionary or ()
            on_cards = self._card_words()
            self._off_card_words = sorted(w for w in dictionary if 3 <= len(w) <= 7 and w.isalpha()
                                          and w.isupper() and w not in on_cards)
        others = [w for w in self._off_card_words if w not in used]
        rng.shuffle(cards)
        picked = rng.sample(others, min(len(others), 40))
        words = []
        for _ in range(40):
            source = picked if picked and (not cards or rng.random() < OFF_THE_CARDS) else cards
            if not source:
                break
            words.append(source.pop())
        return words

    def _plan(self, now: float) -> None:
        super()._plan(now)
        plan = self.plan
        if plan is None or not isinstance(plan.intent, WrittenIntent):
            return
        intent = plan.intent
        if intent.off_the_cards:
            self.spelling["off the cards written"] += 1
        if intent.misspelt:
            self.spelling["misspelt written"] += 1
            # refused, the child writes the letters right (before any other fix)
            plan.fixes.insert(0, (now, lambda p=plan: self._spell_right(p), "spelt right"))

    def _put(self, square, name: str, note: str | None = None) -> None:
        plan = self.plan
        wrong = getattr(plan.intent, "misspelt", None) if plan is not None else None
        super()._put(square, wrong[square] if wrong and square in wrong else name, note)

    def _spell_right(self, plan: Plan) -> None:
        """The board refused the misspelt word: the child rubs the wrong letters out and writes
        the right ones."""
        intent = plan.intent
        assert isinstance(intent, WrittenIntent)
        wrong, intent.misspelt = intent.misspelt, {}
        for square in sorted(wrong):
            if square in self.table.tiles:
                self.table.take(square)

            def right(s: tuple[int, int] = square, n: str = intent.tiles[square]) -> None:
                if s not in self.table.tiles:
                    self._write(s, n)
            plan.actions.append((self.controller.clock() + 2.0, right, "spelt right"))
        plan.actions.sort(key=lambda a: a[0])

    def decide(self, question):
        from wordboard.extradiction.engine import GuessWanted

        if question.kind == GUESS_HEARD:
            # the grown-up heard the child: these children's wrong guesses are other words
            return "no"
        if question.kind != GUESS:
            return super().decide(question)
        pending = self.game.pending
        if not isinstance(pending, GuessWanted):
            return None
        # asked again (a guess the game would not take): the child says something else
        seq = self.adapter.jgame.seq
        tries = self._guess_tries[1] + 1 if self._guess_tries[0] == seq else 0
        self._guess_tries = (seq, tries)
        rng = self._rng(5 + 1009 * tries)
        word = pending.card.word
        if rng.random() < 0.8:
            return word.lower() if rng.random() < 0.5 else word
        wrong = list(word)
        rng.shuffle(wrong)
        guess = "".join(wrong)
        return guess if guess != word else word + "S"

    def wrong_square(self, intent, rng):
        if not intent.tiles:
            return None
        src = rng.choice(sorted(intent.tiles))
        occupied = set(self.adapter.committed_tiles()) | set(intent.tiles)
        for _ in range(20):
            dst = (src[0] + rng.choice((-2, -1, 1, 2)), src[1] + rng.choice((-1, 1)))
            if dst in occupied or not (0 <= dst[0] < self.table.rows and 0 <= dst[1] < self.table.cols):
                continue
            return src, dst          # off the word's line: never the card's word there
        return None

    def _rewrite(self, squares) -> None:
        """Rub these letters out, then (a second later) write them again more carefully: a new
        mark on the board."""
        plan = self.plan
        for square in sorted(squares):
            found = self.table.tiles.get(square)
            if found is None or plan is None:
                continue
            self.table.take(square)
            self._note("written again")

            def rewrite(s: tuple[int, int] = square, n: str = found[1]) -> None:
                if s not in self.table.tiles:
                    self._write(s, n)
            plan.actions.append((self.controller.clock() + 4.0, rewrite, "rewrite"))
        if plan is not None:
            plan.actions.sort(key=lambda a: a[0])

    def _write(self, square, letter: str) -> None:
        self._put(square, letter)
        self._written_at = self.controller.clock()

    def _heard(self, kind: str, data) -> None:
        plan = self.plan
        intent = plan.intent if plan is not None else None
        if isinstance(intent, WrittenIntent):
            if kind == "invalid" and intent.misspelt and plan is not None and plan.pressed:
                refused = str(getattr(data, "message", "")) == CHILD_WORDS["NOT_IN_DICTIONARY"]
                self.spelling["misspelt refused as not in the dictionary" if refused else "misspelt refused otherwise"] += 1
            elif kind == "commit" and self.adapter.proposals_committed != self._seen:
                if intent.misspelt:
                    self.spelling["misspelt accepted"] += 1
                elif intent.off_the_cards and intent.move == self.adapter.last_committed_move:
                    self.spelling["off the cards accepted"] += 1
        super()._heard(kind, data)
        if kind == "disturbed" and self.plan is not None:
            # the board says a letter played before has gone or changed, but it is there: the
            # camera misread it (a smudge); the child writes it again over the top
            self._rewrite(self._misread_played(data))

    def _misread_played(self, squares) -> list:
        committed = self.adapter.committed_tiles()
        seen = self.controller.board.observed
        return [s for s in squares if s in committed and self.table.tiles.get(s, (None, None))[1] == committed[s]
                and getattr(seen.get(s), "tile", None) != committed[s]]

    def _repair(self, plan, refusal) -> None:
        """The squares the board shows in red were misread, and a letter it does not light was not
        seen: the child writes those letters again (and a played letter the board says is gone)."""
        meant = plan.intent.tiles
        self._make_table(meant)
        at_fault = set(getattr(refusal, "at_fault", ()) or ())
        seen = self.controller.board.observed
        if plan.refusals >= 2:
            # written again and still misread: the grown-up tells the board what is there (a
            # letter it misreads or cannot read, shown as "?", a mark on an empty square it
            # takes for a letter)
            for square in sorted(seen):
                there = self.table.tiles.get(square)
                read = getattr(seen[square], "tile", None)
                if there is None and square not in self.adapter.committed_tiles():
                    self._note(CORRECTED)
                    self.controller.correct(square, ".")
                elif there is not None and square in meant and there[1] == meant[square] \
                        and read != meant[square]:
                    self._note(CORRECTED)
                    self.controller.correct(square, meant[square])
                    at_fault.discard(square)
        # the screen shows what the board read: a letter it read right is left alone (written
        # again, it could only be misread anew); one it read wrong, is unsure of, or did not see
        # is written again
        self._rewrite([s for s in meant if self.table.tiles.get(s, (None, None))[1] == meant[s]
                       and (s not in seen or (s in at_fault and getattr(seen[s], "tile", None) != meant[s]))]
                      + self._misread_played(self.adapter.committed_tiles()))
        self._waiting_since = None
        self._rewrites = 0

    def _ready_to_press(self, plan: Plan) -> bool:
        """The child waits until the LEDs show that the camera has seen every letter written; a
        letter that stays dark is written again (twice at most), then the child presses anyway."""
        now = self.controller.clock()
        if now - self._written_at < 4.0:
            return False             # a letter just written again: let the board look at it
        seen = self.controller.board.observed
        unseen = [s for s in plan.intent.tiles if s not in seen]
        if not unseen:
            self._waiting_since = None
            self._rewrites = 0
            return True
        if self._waiting_since is None:
            self._waiting_since = now
        waited = now - self._waiting_since
        if waited > 5.0 * (self._rewrites + 1) and self._rewrites < 2:
            self._rewrites = self._rewrites + 1
            self._rewrite(s for s in unseen if s in self.table.tiles)
        return waited > 20.0
