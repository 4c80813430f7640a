"""``wordboard play extradiction``: eXtraDICTION in a terminal, typed words standing in for the board.

Each turn shows the board (stars on empty squares, ``!`` for Chance squares, letters written),
everyone's stars and the clue card, and reads one line:

- a guess (Levels 2 and 3): the word;
- a word to write: ``SQUARE [across|down]`` (the clue word) or ``WORD SQUARE [across|down]``,
  squares named column letter + row number (``F6`` is the centre);
- ``pass`` (give up the card or the turn), ``board``, ``zones``, ``help``, ``quit``.

Lines come from standard input, so a game can be scripted (``printf 'F6\\n...' | wordboard play
extradiction``); at the end of input the game stops and the stars so far are shown.
``--speak`` says the prompts through espeak-ng (:mod:`wordboard.speech`).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from wordboard import registry

LEVEL_CHOICES = ("1", "2", "3", "speed")
HANDLED, QUIT, TURN_OVER = "handled", "quit", "turn over"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "extradiction",
        help="eXtraDICTION, the children's spelling game (Levels 1-3, Speed)",
        description="Play eXtraDICTION for one or two players. Levels 1 and 2: copy or guess the "
                    "word on a clue card and write it across the board; Level 3: guess it and "
                    "write it across or down, crossing or touching other words, stars times "
                    "zones; Speed: your own words, no clue cards. Type the square a word starts "
                    "on (F6) and its direction; 'help' lists the commands.",
    )
    parser.add_argument("--level", choices=LEVEL_CHOICES, default="1",
                        help="1, 2, 3 or speed (default 1)")
    parser.add_argument("--players", type=int, choices=(1, 2), default=None,
                        help="number of players (default 1, or the number of --player names)")
    parser.add_argument("--player", action="append", metavar="NAME", default=None,
                        help="a player's name (give it once per player)")
    parser.add_argument("--edition", default="standin", metavar="NAME|PATH",
                        help="board layout and Chance deck: 'standin' (wordboard's own, the "
                             "default), 'worked-example', or an edition file")
    parser.add_argument("--cards-file", action="append", metavar="PATH", default=[],
                        help="your own clue cards (one per line: word | colour | picture | "
                             "meaning); added to the shipped deck")
    parser.add_argument("--only-my-cards", action="store_true",
                        help="play with the --cards-file cards only")
    parser.add_argument("--colours", default="green,blue,red", metavar="LIST",
                        help="clue card colours to play with (default green,blue,red)")
    parser.add_argument("--turns", type=int, default=10, metavar="N",
                        help="clue cards (Speed: turns) before the game ends (default 10)")
    parser.add_argument("--seed", type=int, default=None, help="shuffle seed, to replay a game")
    parser.add_argument("--lexicon", default=registry.family("extradiction").default_lexicon, metavar="NAME|PATH",
                        help="dictionary for Level 3 and Speed (default: %(default)s)")
    parser.add_argument("--speak", action="store_true", help="say the prompts aloud (espeak-ng)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from wordboard.errors import UserError
    from wordboard.extradiction import cards as cardmod
    from wordboard.extradiction.edition import load_edition
    from wordboard.extradiction.engine import Game, Level
    from wordboard.speech import make_speaker

    level = Level(args.level)
    names = list(args.player or [])
    count = args.players or max(1, len(names))
    if names and len(names) != count:
        raise UserError(f"--players {count} but {len(names)} --player names")
    names = names or [f"Player {i + 1}" for i in range(count)]
    if len({n.strip().lower() for n in names}) != len(names) or not all(n.strip() for n in names):
        raise UserError("give each player a different name (--player NAME, once per player)")
    if args.turns < 1:
        raise UserError("--turns must be at least 1")
    edition = load_edition(args.edition)

    deck: list = []
    if level.uses_clue_cards:
        try:
            colours = {cardmod.Colour.parse(c) for c in args.colours.split(",") if c.strip()}
        except ValueError as exc:
            raise UserError(f"--colours: {exc}") from None
        own = [cardmod.load_cards(p) for p in args.cards_file]
        if args.only_my_cards and not own:
            raise UserError("--only-my-cards needs --cards-file")
        deck = cardmod.merge_decks(*([] if args.only_my_cards else [cardmod.shipped_cards()]), *own)
        longest = max(edition.rows, edition.columns) if level.crossword_rules else edition.columns
        deck = [c for c in deck if c.colour in colours and c.length <= longest]
        if not deck:
            raise UserError(f"no clue cards of the colours {args.colours!r} that fit on the board")
    dictionary = load_lexicon(args.lexicon) if level.crossword_rules else None
    game = Game(edition, level, names, clue_cards=deck, dictionary=dictionary, seed=args.seed,
                turn_limit=args.turns)
    speaker = make_speaker(args.speak)
    echo = not sys.stdin.isatty()
    return TerminalGame(game, sys.stdin, sys.stdout, speaker, echo=echo).play()


def load_lexicon(name: str):
    """The dictionary for Level 3 and Speed: a word list by name or path (``wordboard.dictionary``)."""
    from wordboard.dictionary import load_dictionary

    return load_dictionary(name)


class TerminalGame:
    """Plays a :class:`~wordboard.extradiction.engine.Game` over text streams."""

    def __init__(self, game, stdin: TextIO, stdout: TextIO, speaker=None, *, echo: bool = False):
        from wordboard.extradiction.childtext import ChildSpeaker, known_to
        from wordboard.speech import SilentSpeaker
        self.game = game
        self.stdin = stdin
        self.stdout = stdout
        self.known = known_to(game)
        # every word said goes through the children's gate on its way to espeak-ng
        self.speaker = ChildSpeaker(speaker or SilentSpeaker(), self.known)
        self.echo = echo

    # -- output ----------------------------------------------------------------------------

    def say(self, text: str = "", *, typed: bool = False) -> None:
        """Print ``text`` for the players (children): through the children's gate, so a word
        unsuitable for them is never repeated. ``typed``: it is what a player typed."""
        from wordboard.extradiction.childtext import for_child
        print(for_child(text, self.known, letters=typed), file=self.stdout, flush=True)

    def show_board(self, zones: bool = False) -> None:
        """The board, its rows through the children's gate; the column letters' line (A B C...,
        the edition's, no word) as it is."""
        header, *rows = self.board_text(zones).split("\n")
        print(header, file=self.stdout, flush=True)
        for row in rows:
            self.say(row)

    def board_text(self, zones: bool = False) -> str:
        from wordboard.extradiction.edition import COLUMN_LETTERS
        e = self.game.edition
        lines = ["    " + " ".join(f"{COLUMN_LETTERS[c]:>2}" for c in range(e.columns))]
        for r in range(e.rows):
            cells = []
            for c in range(e.columns):
                sq = (r, c)
                letter = self.game.letter_at(sq)
                if zones:
                    cells.append(f"{e.zone_of(sq):>2}")
                elif letter:
                    cells.append(f"{letter:>2}")
                elif e.is_chance(sq):
                    cells.append(" !")
                elif e.stars_on(sq):
                    cells.append(f"{e.stars_on(sq):>2}")
                else:
                    cells.append(" .")
            lines.append(f"{r + 1:>3} " + " ".join(cells))
        legend = ("zones: each square shows its zone" if zones else
                  "numbers: stars on an empty square, !: Chance square, letters: words written")
        return "\n".join(lines + [f"    ({legend})"])

    def stars_text(self) -> str:
        g = self.game
        return "Stars: " + ", ".join(f"{n} {s}" for n, s in zip(g.players, g.stars))

    def show_card(self, card, reveal: bool) -> None:
        """The clue card as the level shows it: Levels 1 and 2 the picture; Level 3 (the rulebook:
        the reader "says how many letters are in the word and what letter the word begins with
        and then reads out the meaning") no picture."""
        from wordboard.extradiction.engine import Level
        from wordboard.extradiction.pictures import picture_lines
        self.say(f"--- clue card ({card.colour.value}) ---")
        if self.game.level is not Level.THREE:
            for line in picture_lines(card.picture):
                self.say(f"    {line}")
        self.say(f"    {card.first_letter}{' _' * (card.length - 1)}   "
                 f"({card.hint()})")
        self.say(f"    Meaning: {card.meaning}")
        if reveal:
            self.say(f"    Word: {card.word}   ({' - '.join(card.word)})")
        self.say("-" * 30)

    # -- input -----------------------------------------------------------------------------

    def ask(self, prompt: str) -> str | None:
        from wordboard.extradiction.childtext import for_child
        self.stdout.write(for_child(prompt, self.known))
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        line = line.strip()
        if self.echo:
            self.say(line, typed=True)
        return line

    # -- the game --------------------------------------------------------------------------

    def play(self) -> int:
        from wordboard.extradiction.engine import GuessWanted, Level
        g = self.game
        self.say(f"eXtraDICTION, {g.level}, on {g.edition.name}. "
                 f"{len(g.players)} player{'s' if len(g.players) > 1 else ''}: {', '.join(g.players)}.")
        if g.edition.stand_in:
            self.say("(This board layout is wordboard's own stand-in, not the published board.)")
        self.say("Type 'help' for the commands.")
        last_turn = None
        while not g.is_over:
            pending = g.pending
            if (g.cards_used, pending.player) != last_turn:
                last_turn = (g.cards_used, pending.player)
                self.say()
                self.show_board()
                self.say(self.stars_text())
                limit = "turn" if g.level is Level.SPEED else "clue card"
                self.say(f"{limit.capitalize()} {g.cards_used + 1} of {g.turn_limit}.")
            if isinstance(pending, GuessWanted):
                if not self.guess_turn(pending):
                    break
            elif not self.write_turn(pending):
                break
        self.finish()
        return 0

    def guess_turn(self, pending) -> bool:
        from wordboard.extradiction.engine import Guess, IllegalMove
        g = self.game
        name = g.players[pending.player]
        reader = "The adult" if pending.reader is None else g.players[pending.reader]
        self.say(f"{reader} reads the clue to {name}:")
        self.show_card(pending.card, reveal=False)
        self.speaker.speak(f"{name}, guess the word. It starts with {pending.card.first_letter} "
                           f"and has {pending.card.length} letters. {pending.card.meaning}")
        while True:
            line = self.next_answer(f"{name}, what is the word? ")
            if line is None:
                continue
            if isinstance(line, bool):
                return line
            from wordboard.extradiction.childtext import CHILD_WORDS, said_back
            if not said_back("".join(line.split()), self.known):
                # never kept in the game's record nor said back, as on the board's screen
                self.say(CHILD_WORDS["UNSUITABLE"])
                continue
            try:
                g.check(Guess(line))
            except IllegalMove:
                self.say("Type the word with letters only (or 'pass').")
                continue
            spelt = "".join(line.split()).upper()
            if spelt != pending.card.word:
                meant = self.meant_the_card(pending, spelt)
                if meant is None:
                    return False
                if meant == "again":
                    continue
                if meant == "yes":
                    line = pending.card.word
            result = g.play(Guess(line))
            if result.correct:
                self.say(f"Yes! The word is {result.card.word}: {' - '.join(result.card.word)}.")
                self.speaker.speak(f"Yes! {result.card.word.lower()}.")
                self.speaker.spell(result.card.word)
            else:
                self.say(f"Not this time: the word was {result.card.word}. "
                         f"The card is put to one side.")
                self.speaker.speak(f"Not this time. The word was {result.card.word.lower()}.")
            return True

    def meant_the_card(self, pending, spelt: str) -> str | None:
        """A guess spelt otherwise than the card: in the rulebook the guess is said aloud and only
        the writing tests the spelling, so the one who reads the card (the adult; at Level 3 the
        reader) says whether the word meant is the card's: ``yes`` (right, the card is kept),
        ``no`` (another word: the card is put to one side), ``again`` (the child types it again).
        None at the end of input or on quit."""
        from wordboard.extradiction.childtext import CHILD_WORDS, said_back, sayable
        g = self.game
        reader = "Adult" if pending.reader is None else g.players[pending.reader]
        if not said_back(spelt, self.known):           # never said back: spell another word
            self.say(CHILD_WORDS["UNSUITABLE"])
            return "again"
        # a word the game's list lacks is not named (it may be a misspelt slur): the typing shows it
        what = spelt if sayable(spelt, self.known) else "the word typed"
        while True:
            answer = self.ask(f"{reader}: is {what} the word on the card, spelt another way? "
                              "yes (right: keep the card), no (another word), again (type it again): ")
            if answer is None or answer.lower() in ("quit", "exit"):
                return None
            answer = answer.lower()
            if answer in ("y", "yes", "n", "no", "a", "again"):
                return {"y": "yes", "n": "no", "a": "again"}.get(answer, answer)
            self.say("Answer yes, no or again.")

    def write_turn(self, pending) -> bool:
        from wordboard.extradiction.engine import Level
        g = self.game
        name = g.players[pending.player]
        card = pending.card
        if card is not None:
            if g.level is Level.ONE:
                self.say(f"{name}'s clue card. Point to the picture and say what it is: "
                         f"{card.word.lower()}. Then spell it together.")
                self.show_card(card, reveal=True)
                self.speaker.speak(f"{card.word.lower()}. Say it with me: {card.word.lower()}.")
                self.speaker.spell(card.word)
            if not g.placements():
                self.say(f"{card.word} fits nowhere on the board now: type 'pass'.")
            if g.level.crossword_rules:
                prompt = (f"{name}, write {card.word} across or down: the square of its first "
                          f"letter and the direction (like F6 down), or 'pass': ")
            else:
                prompt = (f"{name}, write {card.word} across, anywhere: the square of its first "
                          f"letter (like F6), or 'pass': ")
        else:
            prompt = f"{name}, your word, its first square and across or down (like CAT F6 down), or 'pass': "
        while True:
            line = self.next_answer(prompt)
            if line is None:
                continue
            if isinstance(line, bool):
                return line
            if self.try_write(line, card):
                return True

    def next_answer(self, prompt: str) -> str | bool | None:
        """The player's next answer: a line to act on, ``True`` when a command ended the turn,
        ``False`` on quit or the end of input, ``None`` when a command (help, board) was handled."""
        line = self.ask(prompt)
        if line is None:
            return False
        handled = self.command(line)
        if handled == QUIT:
            return False
        if handled == TURN_OVER:
            return True
        if handled == HANDLED:
            return None
        return line

    def command(self, line: str) -> str | None:
        """A command's effect: HANDLED (ask again), QUIT, TURN_OVER (a pass); None: not a command."""
        from wordboard.extradiction.engine import Pass
        word = line.strip().lower()
        if word in ("quit", "exit"):
            return QUIT
        if word == "help":
            self.say("Commands: a guess, or a square [across|down] / a word and a square [across|down] "
                     "to write (squares: column letter + row number, e.g. F6); 'pass' gives up the "
                     "card or turn; 'board' and 'zones' show the board; 'quit' stops.")
            return HANDLED
        if word == "board":
            self.show_board()
            return HANDLED
        if word == "zones":
            self.show_board(zones=True)
            return HANDLED
        if word == "pass":
            record = self.game.play(Pass())
            who = self.game.players[record.player]
            self.say(f"{who} passes." + (" The card is put to one side." if record.card else ""))
            return TURN_OVER
        if not word:
            return HANDLED
        return None

    def try_write(self, line: str, card) -> bool:
        from wordboard.extradiction.engine import Direction, IllegalMove, Write
        g = self.game
        parts = line.split()
        direction = Direction.ACROSS
        if parts and parts[-1].lower() in ("across", "a", "down", "d", "right", "r"):
            direction = Direction.DOWN if parts[-1].lower() in ("down", "d") else Direction.ACROSS
            parts = parts[:-1]
        if len(parts) == 1 and card is not None:
            word, square_text = card.word, parts[0]
            if square_text.upper() == card.word:
                self.say(f"Yes, {card.word}! Now type the square where its first letter goes, "
                         f"like F6" + (" down." if g.level.crossword_rules else "."))
                return False
        elif len(parts) == 2:
            word, square_text = parts
        else:
            self.say("Type the square where the word's first letter goes, like F6 across"
                     if card else "Type your word, the square where its first letter goes and "
                                  "across or down, like CAT F6 down.")
            return False
        try:
            square = g.edition.parse_square(square_text)
        except ValueError as exc:
            self.say(f"{exc}.")
            return False
        try:
            record = g.play(Write(word, square, direction))
        except IllegalMove as exc:
            from wordboard.extradiction.childtext import child_words, fit_for_child
            said = f"Not allowed: {exc}."
            self.say(said if fit_for_child(said, self.known) else child_words(exc, self.known))
            return False
        self.report(record)
        if card is not None and not g.level.crossword_rules:
            # "show it to the players and get them to say the word and its spelling aloud"
            self.say(f"Now say the word and spell it together: {card.word}, {' - '.join(card.word)}.")
            self.speaker.speak(f"{card.word.lower()}.")
            self.speaker.spell(card.word)
        return True

    def report(self, record) -> None:
        g = self.game
        name = g.players[record.player]
        placement = record.placement
        for word in placement.words:
            if not g.level.crossword_rules:
                kind = ""
            elif word.modified:
                kind = "modified word "
            else:
                kind = "floating word, not multiplied: " if placement.floating else "word "
            self.say(f"  {kind}{word.explain()}")
        from wordboard.extradiction.edition import square_name
        for draw in record.chance:
            where = f"  Chance card for {square_name(draw.square)}: {draw.card}"
            if not draw.card.is_rat:
                self.say(f"{where}, {name} keeps {_stars(draw.change)}.")
            elif draw.change == 0:
                self.say(f"{where}! {name} has no stars to give back, so the rats get nothing.")
            elif -draw.change < draw.card.rats:
                self.say(f"{where}! {name} gives back {_stars(-draw.change)}: all {name} had.")
            else:
                self.say(f"{where}! {name} gives back {_stars(-draw.change)}.")
        if placement.chance_squares and len(record.chance) < len(placement.chance_squares):
            self.say("  (no Chance cards left)")
        change = record.stars_change
        if change >= 0:
            message = f"{name} gets {_stars(change)} this turn."
        else:
            message = f"{name} loses {_stars(-change)} this turn."
        self.say(message)
        self.speaker.speak(message)

    def finish(self) -> None:
        g = self.game
        self.say()
        self.show_board()
        if not g.is_over:
            self.say("Game stopped. " + self.stars_text())
            return
        self.say("Game over. " + self.stars_text())
        winners = g.winners()
        best = _stars(g.stars[winners[0]])
        if len(g.players) == 1:
            message = f"{g.players[0]} has {best}. Well done!"
        elif len(winners) > 1:
            message = f"It is a tie: {' and '.join(g.players[i] for i in winners)} have {best} each. Well done!"
        else:
            message = f"{g.players[winners[0]]} wins with {best}!"
        self.say(message)
        self.speaker.speak(message)


def _stars(n: int) -> str:
    return f"{n} star" if n == 1 else f"{n} stars"
