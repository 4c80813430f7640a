"""The rules of eXtraDICTION: Levels 1, 2 and 3 and Speed eXtraDICTION, as a pure engine.

No I/O, no clock, no global random: the clue deck and the Chance deck are shuffled by a
``random.Random`` made from the seed given to :class:`Game` (or passed in).

A game is a :class:`Game`. What it waits for is :attr:`Game.pending`: a :class:`GuessWanted`
(Levels 2 and 3: a player guesses the word from the clue) or a :class:`WordWanted` (a player
writes a word on the board), or ``None`` once the game is over. Moves are :class:`Guess`,
:class:`Write` and :class:`Pass`; :meth:`Game.is_legal` checks one, :meth:`Game.play` plays it
and raises :class:`IllegalMove` naming the rule it breaks.

Rules (quoting the rulebook where it speaks):

- Levels 1 and 2: "The word should be written horizontally anywhere on the board. Each letter
  must occupy one square." The player gets the stars on the squares the letters occupy, and "for
  each letter that occupies a Chance square" one Chance card. Level 1 copies the word on the clue
  card; Level 2 first guesses it from the picture, first letter, length and meaning: right, the
  player writes it and scores; wrong, "the Clue Card just used is put to one side" and the next
  player (or the same one, alone) gets a new card.
- Level 3: one player reads the card and the other guesses (with one player, the adult reads).
  "Words may be written horizontally from left to right or vertically from top to bottom. The
  first word written on the board must make use of the central square. Subsequent words written
  may cross existing words where they share the same letter; touch existing words such that the
  existing word (or part of the existing word) forms a new word that can be found in a
  dictionary; or float." Score: the stars on the word's squares times the number of zones it
  occupies, for the new word and for each word it modifies; a floating word is not multiplied.
  Chance cards: one per NEW letter on a Chance square, none for a floating word, none for the
  Chance squares of the word it modifies.
- Speed eXtraDICTION: no clue cards; players write their own words with the Level 3 rules;
  "The same word cannot be used more than once in a game."
- Chance cards: stars are kept; rats mean returning that many stars, and the rat card leaves the
  game. The game ends after 10 clue cards (or when the board is full); most stars wins.

Decisions where the rulebook is silent (each has a test):

- A rat when the player has fewer stars than rats: the player returns all the stars they have
  and no more: stars never go below zero, and nothing is owed later.
- The word's stars are given first, then the Chance cards are drawn (the rulebook's order), so
  a rat can take back stars won with the same word.
- Chance cards are drawn for the Chance squares in the order the word is written. Star cards
  are kept by the players and rat cards leave the game, so the deck only shrinks; once it is
  empty, a Chance square gives nothing.
- Levels 1 and 2 write on empty squares only (no crossing: that is Level 3's rule); a word may
  sit next to other words there, since those levels do not read words across the board.
- Level 3 and Speed: the letters just before and after the new word (in its direction) must be
  empty, otherwise the board would read a longer word than the one written; every word that
  a new letter forms across the new word must be in the dictionary and scores as a modified
  word. "The existing word (or part of the existing word) forms a new word" is read as: the
  whole line of letters the new letter joins must be a word (the board never shows a line of
  letters that is not a word). The stars of a word include its crossing squares. The first word
  is never "floating".
- Level 3 and Speed: a word may take in a word already on the board in its own line, as long as
  it adds a letter (CAT there, CATS written over it: only the S is new). It scores as the new
  word; the letters it shares are crossings, so their Chance squares give nothing.
- A guess is letters only (spaces are ignored, case does not matter); anything else is refused
  with :attr:`Rule.NOT_LETTERS` and the player guesses again.
- Every clue card drawn counts towards the 10, whether the word was written, guessed wrong or
  given up (:class:`Pass`: e.g. when it fits nowhere). The game also ends when the clue deck
  runs out. In Speed eXtraDICTION the limit counts turns (words written or passes), and the
  game also ends when every player passes in a row.
- Speed: the no-repeat rule covers every word that scores: the word written and the words it
  modifies. A word has at least two letters (word lists also list single letters: S is not a
  word to write, though the S of "star" may turn APPLE into APPLES).
- Ties: all players with the most stars win together.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from wordboard import rules
from wordboard.engine import DECISION, MOVE, OVER, Answer, Verdict, Waiting, dry_run_of
from wordboard.extradiction.cards import ClueCard
from wordboard.extradiction.edition import ChanceCard, Edition
from wordboard.extradiction.wordfilter import is_unsuitable
from wordboard.rules import Outcome, RuleId, Square, square_name

DEFAULT_TURN_LIMIT = 10


class Level(enum.Enum):
    """The three levels and the Speed variant."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    SPEED = "speed"

    @property
    def uses_clue_cards(self) -> bool:
        return self is not Level.SPEED

    @property
    def guesses(self) -> bool:
        """Levels 2 and 3: the player guesses the word from the clue first."""
        return self in (Level.TWO, Level.THREE)

    @property
    def crossword_rules(self) -> bool:
        """Level 3 and Speed: across or down, crossing, touching, zones."""
        return self in (Level.THREE, Level.SPEED)

    def __str__(self) -> str:
        return "Speed eXtraDICTION" if self is Level.SPEED else f"Level {self.value}"


class Direction(enum.Enum):
    ACROSS = "across"
    DOWN = "down"

    @property
    def step(self) -> tuple[int, int]:
        return (0, 1) if self is Direction.ACROSS else (1, 0)

    @property
    def other(self) -> Direction:
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS


class Rule(RuleId):
    """The rule a move breaks, with the rulebook's words where it has them."""

    NOT_NOW = "that is not what the game is waiting for"
    NOT_LETTERS = "a word is written with the letters A to Z, one letter in each square"
    TOO_SHORT = "a word has at least two letters"
    NOT_THE_CLUE_WORD = "the word to write is the word on the Clue Card"
    HORIZONTAL_ONLY = "Levels 1 and 2: the word should be written horizontally"
    OFF_BOARD = "each letter must occupy one square of the board"
    SQUARE_TAKEN = "Levels 1 and 2: each letter must occupy an empty square"
    FIRST_WORD_CENTRE = "the first word written on the board must make use of the central square"
    LETTER_CLASH = "a word may cross an existing word only where they share the same letter"
    NO_NEW_LETTER = "the word must add at least one letter to the board"
    RUNS_INTO_WORD = "the word must not run into a letter just before or after it"
    NOT_A_WORD = ("a word may touch an existing word only where the existing word forms a new "
                  "word that can be found in a dictionary")
    NOT_IN_DICTIONARY = "Speed eXtraDICTION: the word must be in the dictionary"
    WORD_USED = "Speed eXtraDICTION: the same word cannot be used more than once in a game"
    NO_UNDO = "a word written and its stars counted stay (the rules take nothing back)"
    UNSUITABLE = "that word is not for this game: let's pick another word"


class IllegalMove(rules.IllegalMove):
    """A move that breaks a rule; :attr:`rule` says which."""

    def __init__(self, rule: Rule, detail: str = "", squares: Iterable[tuple[int, int]] = ()):
        self.detail = detail
        text = f"{detail}: {rule.value}" if detail else rule.value
        super().__init__(rule, detail or rule.value, squares, text=text)


# --- moves ------------------------------------------------------------------------------------

#: The word of a :class:`Guess` said aloud that the grown-up (or the reader) heard was not the
#: card's word: its spelling is not known, only that it was another word.
ANOTHER_WORD = "?"


@dataclass(frozen=True)
class Guess:
    """Levels 2 and 3: the word the player guesses from the clue (:data:`ANOTHER_WORD`: a word
    said aloud that was not the card's)."""

    word: str


@dataclass(frozen=True)
class Write:
    """Write ``word`` starting at ``square`` (row, column from 0), across or down."""

    word: str
    square: Square
    direction: Direction = Direction.ACROSS

    def squares(self) -> list[Square]:
        dr, dc = self.direction.step
        r, c = self.square
        return [Square(r + i * dr, c + i * dc) for i in range(len(self.word))]

    def __str__(self) -> str:
        return f"{self.word.upper()} at {square_name(self.square)} {self.direction.value}"


@dataclass(frozen=True)
class Pass:
    """Give up the turn: the clue card (if any) is put to one side, unused."""


Move = Guess | Write | Pass


# --- what the game waits for ------------------------------------------------------------------

@dataclass(frozen=True)
class GuessWanted:
    """``player`` guesses the word on ``card``; ``reader`` reads it out (None: the adult)."""

    player: int
    card: ClueCard
    reader: int | None = None


@dataclass(frozen=True)
class WordWanted:
    """``player`` writes a word: the word on ``card``, or (Speed) a word of their own."""

    player: int
    card: ClueCard | None


Pending = GuessWanted | WordWanted


# --- what happened ----------------------------------------------------------------------------

@dataclass(frozen=True)
class WordScore:
    """Stars for one word of a turn: the word written (``modified=False``) or a word it made."""

    word: str
    squares: tuple[Square, ...]
    stars: int
    zones: int
    multiplied: bool
    modified: bool = False
    #: the stars of each square that has some, in the word's order (to help count them)
    square_stars: tuple[int, ...] = ()

    @property
    def points(self) -> int:
        return self.stars * self.zones if self.multiplied else self.stars

    def explain(self) -> str:
        """``APPLE: 1 + 2 + 1 = 4 stars x 3 zones = 12``, as the rulebook counts."""
        counted = f"{' + '.join(map(str, self.square_stars))} = " if len(self.square_stars) > 1 else ""
        text = f"{self.word}: {counted}{self.stars} star{_s(self.stars)}"
        if self.multiplied:
            text += f" x {self.zones} zone{_s(self.zones)} = {self.points}"
        return text


@dataclass(frozen=True)
class ChanceDraw:
    """A Chance card drawn for a letter on ``square``; ``change`` is what it did to the stars."""

    square: Square
    card: ChanceCard
    change: int


@dataclass(frozen=True)
class Placement:
    """What writing a word would do: its words and their stars, and its Chance squares."""

    move: Write
    new_squares: tuple[Square, ...]
    words: tuple[WordScore, ...]
    floating: bool
    chance_squares: tuple[Square, ...]

    @property
    def points(self) -> int:
        return sum(w.points for w in self.words)


@dataclass(frozen=True)
class GuessResult:
    """The answer to a :class:`Guess`."""

    player: int
    card: ClueCard
    guess: str
    correct: bool


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn."""

    number: int
    player: int
    card: ClueCard | None
    guess: str | None = None
    placement: Placement | None = None
    chance: tuple[ChanceDraw, ...] = ()
    passed: bool = False

    @property
    def word_points(self) -> int:
        return self.placement.points if self.placement else 0

    @property
    def stars_change(self) -> int:
        return self.word_points + sum(d.change for d in self.chance)

    @property
    def guessed_wrong(self) -> bool:
        return self.guess is not None and self.placement is None and not self.passed


# --- the game ---------------------------------------------------------------------------------

@dataclass
class _Player:
    name: str
    stars: int = 0


class Game:
    """One game of eXtraDICTION.

    ``players``: their names (1 or 2, as the rulebook recommends; more are allowed).
    ``clue_cards``: the clue deck (Levels 1-3), shuffled here. ``dictionary``: anything with
    ``__contains__`` on upper-case words (Level 3 and Speed). ``chance_cards``: default the
    edition's Chance deck, shuffled here. ``seed`` or ``rng``: the shuffles' randomness.
    """

    def __init__(self, edition: Edition, level: Level | str, players: Sequence[str] = ("Player 1",),
                 *, clue_cards: Iterable[ClueCard] = (), dictionary: Collection[str] | None = None,
                 chance_cards: Iterable[ChanceCard] | None = None, seed: int | None = None,
                 rng: random.Random | None = None, turn_limit: int = DEFAULT_TURN_LIMIT,
                 shuffle: bool = True):
        self.edition = edition
        self.level = Level(level) if isinstance(level, str) else level
        if not players:
            raise ValueError("a game needs at least one player")
        self._players = [_Player(name) for name in players]
        self._rng = rng if rng is not None else random.Random(seed)
        if self.level.crossword_rules and dictionary is None:
            raise ValueError(f"{self.level} needs a dictionary")
        self.dictionary = dictionary
        self._clue_deck = list(clue_cards) if self.level.uses_clue_cards else []
        if self.level.uses_clue_cards and not self._clue_deck:
            raise ValueError(f"{self.level} needs clue cards")
        #: The words of every clue card the game was given (drawn or not).
        self.clue_words: frozenset[str] = frozenset(card.word for card in self._clue_deck)
        self._chance_deck = list(edition.chance_cards if chance_cards is None else chance_cards)
        if shuffle:
            self._rng.shuffle(self._clue_deck)
            self._rng.shuffle(self._chance_deck)
        if turn_limit < 1:
            raise ValueError("the turn limit must be at least 1")
        self.turn_limit = turn_limit
        self._board: dict[Square, str] = {}
        self._history: list[TurnRecord] = []
        self._used_words: set[str] = set()
        self._rats_out: list[ChanceCard] = []
        self._set_aside: list[ClueCard] = []
        self._player = 0
        self._card: ClueCard | None = None
        self._guessed = False
        self._passes_in_a_row = 0
        self._over = False
        self._start_turn()

    # -- state ----------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._players]

    @property
    def stars(self) -> list[int]:
        """Each player's stars, in player order."""
        return [p.stars for p in self._players]

    @property
    def board(self) -> dict[Square, str]:
        """The letters on the board, by square (a copy)."""
        return dict(self._board)

    def letter_at(self, square: Square) -> str | None:
        return self._board.get(square)

    @property
    def history(self) -> list[TurnRecord]:
        return list(self._history)

    @property
    def cards_used(self) -> int:
        """Clue cards used up so far, one per finished turn (Speed: turns taken)."""
        return len(self._history)

    @property
    def chance_cards_left(self) -> int:
        return len(self._chance_deck)

    @property
    def clue_cards_left(self) -> int:
        return len(self._clue_deck)

    @property
    def rat_cards_out(self) -> list[ChanceCard]:
        """The rat cards drawn so far: out of play for the rest of the game."""
        return list(self._rats_out)

    @property
    def cards_set_aside(self) -> list[ClueCard]:
        """The clue cards used so far (written, guessed wrong or given up), in order."""
        return list(self._set_aside)

    @property
    def used_words(self) -> frozenset[str]:
        """Speed: the words that cannot be used again."""
        return frozenset(self._used_words)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def pending(self) -> Pending | None:
        """What the game waits for next; ``None`` once it is over."""
        if self._over:
            return None
        if self.level.guesses and not self._guessed:
            assert self._card is not None
            reader = None
            if self.level is Level.THREE and len(self._players) > 1:
                reader = (self._player - 1) % len(self._players)
            return GuessWanted(self._player, self._card, reader)
        return WordWanted(self._player, self._card)

    def winners(self) -> list[int]:
        """The players with the most stars (more than one on a tie)."""
        best = max(self.stars)
        return [i for i, s in enumerate(self.stars) if s == best]

    def board_full(self) -> bool:
        return len(self._board) == self.edition.rows * self.edition.columns

    # -- moves ----------------------------------------------------------------------------

    def is_legal(self, move: Move) -> bool:
        try:
            self.check(move)
        except IllegalMove:
            return False
        return True

    def evaluate(self, move: Write) -> Placement:
        """What writing ``move`` would score; :class:`IllegalMove` if it breaks a rule."""
        self.check(move)
        return self._place(move)

    def placements(self, word: str | None = None) -> list[Write]:
        """Every legal way to write ``word`` (default: the clue card's word) now."""
        if word is None:
            if self._card is None:
                raise ValueError("no clue card: name the word")
            word = self._card.word
        word = word.upper()
        directions = list(Direction) if self.level.crossword_rules else [Direction.ACROSS]
        out = []
        every_square = (Square(r, c) for r in range(self.edition.rows) for c in range(self.edition.columns))
        for square in every_square:  # row by row
            for direction in directions:
                move = Write(word, square, direction)
                if self.is_legal(move):
                    out.append(move)
        return out

    # -- the engine protocol (wordboard.engine) ------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(self.players)

    def waiting_for(self) -> Waiting:
        pending = self.pending
        if pending is None:
            return Waiting(OVER, None)
        if isinstance(pending, GuessWanted):
            return Waiting(DECISION, pending.player, pending)
        return Waiting(MOVE, pending.player, pending)

    def dry_run(self, move: Move | Answer) -> Verdict:
        move = self._as_move(move)

        def check(m: Move) -> int | None:
            if isinstance(m, Write):
                return self.evaluate(m).points
            self.check(m)
            return None
        return dry_run_of(check, move)

    def push(self, move: Move | Answer) -> GuessResult | TurnRecord:
        """Play a move; the answer to a guess wanted is the word guessed."""
        return self.play(self._as_move(move))

    def can_pop(self) -> bool:
        return False

    def pop(self) -> None:
        raise IllegalMove(Rule.NO_UNDO)

    def outcome(self) -> Outcome | None:
        if not self._over:
            return None
        reason = "the board is full" if self.board_full() else "the clue cards are played"
        return Outcome(dict(zip(self.players, self.stars)), tuple(self.players[i] for i in self.winners()), reason)

    def move_text(self, move: Move | Answer) -> str:
        """``guess APPLE``, ``write APPLE F6 across``, ``pass``."""
        move = self._as_move(move)
        if isinstance(move, Guess):
            return f"guess {move.word.upper()}"
        if isinstance(move, Write):
            return f"write {move.word.upper()} {square_name(move.square)} {move.direction.value}"
        return "pass"

    def parse_move(self, text: str) -> Move:
        words = text.split()
        head = words[0].lower() if words else ""
        if head == "pass" and len(words) == 1:
            return Pass()
        if head == "guess" and len(words) == 2:
            return Guess(words[1].upper())
        if head == "write" and len(words) in (3, 4):
            direction = Direction(words[3].lower()) if len(words) == 4 and words[3].lower() in ("across", "down") \
                else Direction.ACROSS
            if len(words) == 4 and words[3].lower() not in ("across", "down"):
                raise ValueError(f"{words[3]!r}: a word is written across or down")
            return Write(words[1].upper(), self.edition.parse_square(words[2]), direction)
        raise ValueError(f"not a move: {text.strip()!r} (guess WORD, write WORD SQUARE across|down, or pass)")

    @staticmethod
    def _as_move(move: Move | Answer) -> Move:
        return Guess(str(move.value)) if isinstance(move, Answer) else move

    def play(self, move: Move) -> GuessResult | TurnRecord:
        """Play ``move``. A guess gives a :class:`GuessResult`; a finished turn its record."""
        self.check(move)
        player = self._player
        if isinstance(move, Guess):
            assert self._card is not None
            correct = _normalise(move.word) == self._card.word
            result = GuessResult(player, self._card, move.word, correct)
            if correct:
                self._guessed = True
            else:
                self._finish(TurnRecord(self._turn_number(), player, self._card, guess=move.word))
            return result
        guess = self._card.word if (self.level.guesses and self._card) else None
        if isinstance(move, Pass):
            record = TurnRecord(self._turn_number(), player, self._card, guess=guess, passed=True)
            self._finish(record)
            return record
        placement = self._place(move)
        for square, letter in zip(move.squares(), move.word.upper()):
            self._board[square] = letter
        self._players[player].stars += placement.points
        draws = tuple(self._draw_chance(player, square) for square in placement.chance_squares)
        if self.level is Level.SPEED:
            self._used_words.update(w.word for w in placement.words)
        record = TurnRecord(self._turn_number(), player, self._card, guess=guess,
                            placement=placement, chance=tuple(d for d in draws if d is not None))
        self._finish(record)
        return record

    # -- rules ----------------------------------------------------------------------------

    def check(self, move: Move) -> None:
        if self._over:
            raise IllegalMove(Rule.NOT_NOW, "the game is over")
        pending = self.pending
        if isinstance(move, Pass):
            return
        if isinstance(move, Guess):
            if not isinstance(pending, GuessWanted):
                raise IllegalMove(Rule.NOT_NOW, "no guess is wanted now: write the word")
            guess = _normalise(move.word)
            if guess == ANOTHER_WORD:
                return
            if not guess or not guess.isascii() or not guess.isalpha():
                raise IllegalMove(Rule.NOT_LETTERS, f"the guess {move.word.strip()!r}")
            return
        if not isinstance(move, Write):
            raise TypeError(f"not a move: {move!r}")
        if not isinstance(pending, WordWanted):
            raise IllegalMove(Rule.NOT_NOW, "guess the word before writing it")
        word = move.word.upper()
        if not word or not word.isascii() or not word.isalpha():
            raise IllegalMove(Rule.NOT_LETTERS, f"{move.word!r}")
        if len(word) < 2:
            raise IllegalMove(Rule.TOO_SHORT, f"{word} is one letter")
        if self._card is not None and word != self._card.word:
            raise IllegalMove(Rule.NOT_THE_CLUE_WORD, f"{word} is not the word on the card")
        if not self.level.crossword_rules and move.direction is not Direction.ACROSS:
            raise IllegalMove(Rule.HORIZONTAL_ONLY, f"{word} written {move.direction.value}")
        squares = move.squares()
        if not all(self.edition.on_board(s) for s in squares):
            raise IllegalMove(Rule.OFF_BOARD, f"{word} from {square_name(move.square)} "
                                              f"{move.direction.value} does not fit")
        if not self.level.crossword_rules:
            taken = [s for s in squares if s in self._board]
            if taken:
                raise IllegalMove(Rule.SQUARE_TAKEN, f"{square_name(taken[0])} already has "
                                                     f"{self._board[taken[0]]}")
            return
        self._check_crossword(move, word, squares)

    def _check_crossword(self, move: Write, word: str, squares: list[Square]) -> None:
        for square, letter in zip(squares, word):
            there = self._board.get(square)
            if there is not None and there != letter:
                raise IllegalMove(Rule.LETTER_CLASH, f"{square_name(square)} has {there}, "
                                                     f"not {letter}")
        if all(s in self._board for s in squares):
            raise IllegalMove(Rule.NO_NEW_LETTER, f"{word} is already there")
        dr, dc = move.direction.step
        before = (squares[0][0] - dr, squares[0][1] - dc)
        after = (squares[-1][0] + dr, squares[-1][1] + dc)
        for end in (before, after):
            if end in self._board:
                raise IllegalMove(Rule.RUNS_INTO_WORD, f"{square_name(end)} has "
                                                       f"{self._board[end]} next to {word}")
        if not self._board and self.edition.centre not in squares:
            raise IllegalMove(Rule.FIRST_WORD_CENTRE,
                              f"{word} does not cover {square_name(self.edition.centre)}")
        assert self.dictionary is not None
        if is_unsuitable(word):
            raise IllegalMove(Rule.UNSUITABLE)
        for formed, _ in self._formed_words(move):
            if is_unsuitable(formed):
                raise IllegalMove(Rule.UNSUITABLE)
        if self.level is Level.SPEED:
            if word not in self.dictionary:
                raise IllegalMove(Rule.NOT_IN_DICTIONARY, f"{word} is not in the dictionary")
            if word in self._used_words:
                raise IllegalMove(Rule.WORD_USED, f"{word} was used before")
        for formed, _ in self._formed_words(move):
            if formed not in self.dictionary:
                raise IllegalMove(Rule.NOT_A_WORD, f"{word} would make {formed}, which is not "
                                                   f"in the dictionary")
            if self.level is Level.SPEED and (formed in self._used_words or formed == word):
                raise IllegalMove(Rule.WORD_USED, f"{word} would make {formed}, used before")

    def _formed_words(self, move: Write) -> list[tuple[str, tuple[Square, ...]]]:
        """The words (2+ letters) that the new letters form across the new word."""
        out = []
        dr, dc = move.direction.other.step
        for square, letter in zip(move.squares(), move.word.upper()):
            if square in self._board:
                continue
            start = square
            while (start[0] - dr, start[1] - dc) in self._board:
                start = Square(start[0] - dr, start[1] - dc)
            run, cur = [], start
            while cur == square or cur in self._board:
                run.append(cur)
                cur = Square(cur[0] + dr, cur[1] + dc)
            if len(run) > 1:
                text = "".join(letter if s == square else self._board[s] for s in run)
                out.append((text, tuple(run)))
        return out

    def _place(self, move: Write) -> Placement:
        """Score a move already checked."""
        edition = self.edition
        word = move.word.upper()
        squares = tuple(move.squares())
        new = tuple(s for s in squares if s not in self._board)
        if not self.level.crossword_rules:
            score = self._word_score(word, squares, multiplied=False)
            chance = tuple(s for s in new if edition.is_chance(s))
            return Placement(move, new, (score,), False, chance)
        formed = self._formed_words(move)
        floating = bool(self._board) and len(new) == len(squares) and not formed
        words = [self._word_score(word, squares, multiplied=not floating)]
        for text, run in formed:
            words.append(self._word_score(text, run, multiplied=True, modified=True))
        chance = () if floating else tuple(s for s in new if edition.is_chance(s))
        return Placement(move, new, tuple(words), floating, chance)

    def _word_score(self, word: str, squares: tuple[Square, ...], *, multiplied: bool,
                    modified: bool = False) -> WordScore:
        """The stars on ``squares``; zones count only when the rules multiply (Level 3, Speed)."""
        each = tuple(self.edition.stars_on(s) for s in squares)
        zones = len(self.edition.zones_of(squares)) if self.level.crossword_rules else 1
        return WordScore(word, squares, sum(each), zones, multiplied, modified,
                         tuple(n for n in each if n))

    def _draw_chance(self, player: int, square: Square) -> ChanceDraw | None:
        if not self._chance_deck:
            return None
        card = self._chance_deck.pop(0)
        who = self._players[player]
        if card.is_rat:
            change = -min(card.rats, who.stars)
            self._rats_out.append(card)
        else:
            change = card.stars
        who.stars += change
        return ChanceDraw(square, card, change)

    # -- turns ----------------------------------------------------------------------------

    def _turn_number(self) -> int:
        return len(self._history) + 1

    def _finish(self, record: TurnRecord) -> None:
        self._history.append(record)
        if record.card is not None:
            self._set_aside.append(record.card)
        self._passes_in_a_row = self._passes_in_a_row + 1 if record.passed else 0
        self._player = (self._player + 1) % len(self._players)
        self._start_turn()

    def _start_turn(self) -> None:
        self._card = None
        self._guessed = False
        if (len(self._history) >= self.turn_limit or self.board_full()
                or (self.level is Level.SPEED and self._passes_in_a_row >= len(self._players))
                or (self.level.uses_clue_cards and not self._clue_deck)):
            self._over = True
            return
        if self.level.uses_clue_cards:
            self._card = self._clue_deck.pop(0)


def _normalise(text: str) -> str:
    return "".join(text.split()).upper()


def _s(n: int) -> str:
    return "" if n == 1 else "s"
