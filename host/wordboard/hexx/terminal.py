"""``wordboard play hexx``: HEXX in the terminal, for two people or a person and the computer.

Everything is typed on standard input, one line at a time, so a script can play a whole game::

    e5 E WORD        play a word: start square, direction (N NE E SE S SW W NW), the word with
                     the tiles already on the board; a small letter is a HEXX tile (ATOp)
    discard QXZ      put 1-6 tiles back in the bag and draw again (? for a HEXX tile)
    pass             once the bag is empty
    board, hand, effects, hint, undo, save FILE, help, quit

Decisions (a HEXX roll, a vowel, two tiles...) are asked with their own prompt. An empty line
at a roll rolls the game's seeded die; a number is a roll of a physical d20.
"""

from __future__ import annotations

import sys
from typing import TextIO

from wordboard import registry

HELP = """\
Commands:
  SQUARE DIR WORD   play WORD from SQUARE in direction DIR (N NE E SE S SW W NW, or up,
                    down-right...). Spell the whole word, tiles already on the board too.
                    Capitals are letter tiles; a small letter is a HEXX tile played as that
                    letter: e7 N ATOp
  discard LETTERS   can't play: put 1-6 tiles back (? = HEXX tile), shuffle, draw to 6
  pass              can't play and the bag is empty
  board | hand | effects | hint | undo | save FILE | help | quit"""


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "hexx", help="HEXX: words in 8 directions, tiles flip red and black",
        description="Play HEXX in the terminal between two people, or a person and the "
                    "computer. Type moves on standard input (help lists them); a script can "
                    "play a whole game by piping lines in.")
    parser.add_argument("--edition", default="standin", metavar="NAME|PATH",
                        help="the HEXX set: board and tiles (default: standin, wordboard's own "
                             "stand-in, not the real box)")
    parser.add_argument("--lexicon", default=registry.family("hexx").default_lexicon, metavar="NAME|PATH",
                        help="word list (default: %(default)s)")
    parser.add_argument("--red", choices=("human", "computer"), default="human",
                        help="who plays red (default: human)")
    parser.add_argument("--black", choices=("human", "computer"), default="human",
                        help="who plays black (default: human)")
    parser.add_argument("--first", choices=("red", "black"),
                        help="who starts (default: a seeded tile flip)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for the bag, the tile flip and the d20 (default: random)")
    parser.add_argument("--s-makes-new-word", action="store_true",
                        help="rule choice: adding an S to a word makes a new word")
    parser.add_argument("--save", metavar="FILE",
                        help="write the board to FILE after every play (wordboard show FILE)")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the tiles (default: auto: on a terminal, unless NO_COLOR)")
    parser.set_defaults(handler=run)


def run(args, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    import random

    from wordboard.dictionary import load_dictionary
    from wordboard.hexx.edition import load_edition
    from wordboard.hexx.game import HexxGame
    from wordboard.hexx.model import Colour, HexxOptions

    edition = load_edition(args.edition)
    dictionary = load_dictionary(args.lexicon)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    game = HexxGame(edition, dictionary, seed=seed,
                    options=HexxOptions(s_makes_new_word=args.s_makes_new_word),
                    first_player=Colour(args.first) if args.first else None)
    players = {Colour.RED: args.red, Colour.BLACK: args.black}
    session = Session(game, players, stdin or sys.stdin, stdout or sys.stdout, args.color,
                      args.save, seed)
    return session.run()


class _Quit(Exception):
    """A player typed quit."""


class Session:
    """The conversation with the players: prompts, parsing, showing the board."""

    def __init__(self, game, players, stdin: TextIO, stdout: TextIO, colour_mode: str,
                 save_path: str | None, seed: int | None = None):
        from wordboard.hexx.computer import ComputerPlayer
        from wordboard.hexx.render import use_colour

        self.game = game
        self.players = players
        self.stdin = stdin
        self.out = stdout
        self.colour = use_colour(colour_mode, stdout)
        self.save_path = save_path
        self.seed = seed
        self.computer = ComputerPlayer(game.dictionary)
        self._shown: tuple[int, int] | None = None   # (turns, events) when the board was drawn
        self._told = (0, 0, False)   # (turn record, its events told, its words told)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        if not self.stdin.isatty():
            self.out.write(line if line.endswith("\n") else line + "\n")
        if line.strip().lower() in ("quit", "exit"):
            raise _Quit
        return line.strip()

    def run(self) -> int:
        from wordboard.errors import UserError

        game = self.game
        intro = f"HEXX on {game.edition.name}"
        if self.seed is not None:
            intro += f" (seed {self.seed})"
        self.say(intro)
        self.say(f"The tile flip says {game.to_move} starts. Type help for the commands.")
        try:
            while not game.is_over:
                self.show_if_changed()
                decision = game.pending
                who = decision.chooser if decision else game.to_move
                if self.players[who] == "computer":
                    self.say(self.computer.act(game))
                    self.after_action()
                    continue
                try:
                    if decision:
                        done = self.human_decision(decision)
                    else:
                        done = self.human_move()
                except UserError as exc:   # an illegal move or answer, a file not written
                    prefix = "not allowed: " if hasattr(exc, "rule") else ""
                    self.say(f"  {prefix}{exc}")
                    continue
                except ValueError as exc:
                    self.say(f"  {exc}")
                    continue
                if done:
                    self.after_action()
        except _Quit:
            self.say("Game abandoned.")
            return 0
        except EOFError:
            self.say("")
            self.say("Input ended before the game did.")
            return 1
        self.show_if_changed(force=True)
        self.say(game.result.describe())
        return 0

    # ------------------------------------------------------------ showing

    def show_if_changed(self, force: bool = False) -> None:
        from wordboard.hexx.render import picture_of, render

        game = self.game
        version = (len(game.history), len(game.current_events))
        if not force and self._shown is not None:
            if version == self._shown:
                return
            if version[0] == self._shown[0] and not self.person_acts():
                return       # a HEXX in progress is drawn for a person who must answer
        self._shown = version
        self.say("")
        self.say(render(picture_of(game), self.colour))
        for effect in game.lasting_effects:
            self.say(f"lasting HEXX: {effect.describe()}")
        if game.pending is not None:
            self.say(f"turn {game.turn_number}: {game.pending.chooser} must "
                     f"{game.pending.kind.value}; bag {game.bag_size} tiles")
        elif not game.is_over:
            state = f"turn {game.turn_number}: {game.to_move} to play"
            if game.plays_left > 1:
                state += f" ({game.plays_left} plays left this turn)"
            if game.last_turn_for is game.to_move:
                state += " (last turn)"
            self.say(f"{state}; bag {game.bag_size} tiles")

    def person_acts(self) -> bool:
        """Whether a person plays or answers next."""
        game = self.game
        if game.is_over:
            return False
        who = game.pending.chooser if game.pending else game.to_move
        return self.players[who] != "computer"

    def tell_news(self) -> None:
        """Say what the turn in progress (or the last one) did that has not been said yet:
        its words once, then each roll, HEXX and note as it happens."""
        number, words, events = self._news()
        told_number, told_events, told_words = self._told
        if told_number != number:
            told_events, told_words = 0, False
        if words and not told_words:
            self.say(f"  words: {', '.join(w.text for w in words)}")
            told_words = True
        for index, event in enumerate(events[told_events:], start=told_events):
            if event.kind == "rolled":
                self.say(f"  rolled {event.value}: {event.text}")
            elif event.kind in ("note", "effect", "swapped"):
                self.say(f"  {event.text}")
            elif event.kind == "flip-blocked":
                self.say(f"  {event.square} stays {event.before} (Frozen in Place)")
            elif event.kind == "removed":
                self.say(f"  {event.square} is taken off the board (to {event.text})")
            elif event.kind == "placed" and any(e.kind == "rolled" for e in events[:index]):
                self.say(f"  {event.text} is put on {event.square}")
        self._told = (number, len(events), told_words)

    def _news(self):
        """(turn record number, words, events) of the turn in progress or the last one."""
        game = self.game
        if game.current_events or game.current_words:
            return len(game.history) + 1, game.current_words, game.current_events
        if game.last_turn is not None:
            return game.last_turn.number, game.last_turn.words, game.last_turn.events
        return 0, (), ()

    def after_action(self) -> None:
        from wordboard.hexx.savefile import save_game

        self.tell_news()
        if self.save_path:
            save_game(self.game, self.save_path)

    def hand_text(self, colour) -> str:
        return " ".join(t.symbol for t in self.game.hand(colour)) or "(empty)"

    # ------------------------------------------------------------ a person's turn

    def human_move(self):
        from wordboard.hexx.model import Discard, Pass, Play
        from wordboard.hexx.savefile import save_game

        game = self.game
        player = game.to_move
        line = self.ask(f"{player} [{self.hand_text(player)}] > ")
        if not line:
            return False
        word, _, rest = line.partition(" ")
        command = word.lower()
        if command in ("help", "?"):
            self.say(HELP)
            return False
        if command == "board":
            self.show_if_changed(force=True)
            return False
        if command == "hand":
            self.say(f"  {player}'s hand: {self.hand_text(player)}")
            return False
        if command == "effects":
            effects = game.lasting_effects
            self.say("\n".join(f"  {e.describe()}" for e in effects) or "  no lasting HEXX")
            return False
        if command == "hint":
            best = self.computer.best_play(game)
            if best is None:
                self.say("  no word found: " + ("discard" if game.bag_size else "pass"))
            else:
                self.say(f"  try {best.play.notation} ({', '.join(w.text for w in best.words)})")
            return False
        if command == "undo":
            self.undo()
            return False
        if command == "save":
            if not rest.strip():
                raise ValueError("save FILE: name the file")
            save_game(game, rest.strip())
            self.say(f"  saved to {rest.strip()}")
            return False
        if command == "pass":
            game.play(Pass())
            self.say(f"{player} passes")
            return True
        if command == "discard":
            game.play(Discard(rest.replace(" ", "")))
            self.say(f"{player} discards {len(rest.replace(' ', ''))} tiles and draws")
            return True
        play = Play.parse(line)
        game.play(play)
        self.say(f"{player} plays {play.notation}")
        return True

    def undo(self) -> None:
        """Take back the last move or answer; against the computer, back to the last time a
        person was to play or answer (else the computer would just do the same again)."""
        game = self.game
        try:
            game.pop()
        except IndexError:
            raise ValueError("nothing to undo") from None
        steps = 1
        while not self.person_acts():
            try:
                game.pop()
            except IndexError:
                break
            steps += 1
        self._shown = None
        number, _, events = self._news()
        self._told = (number, len(events), True)
        what = ("the last move or answer is" if steps == 1
                else f"the last {steps} moves and answers are")
        self.say(f"  undone: {what} taken back")

    # ------------------------------------------------------------ a person's decision

    def human_decision(self, decision) -> bool:
        from wordboard.hexx.board import Square
        from wordboard.hexx.model import DecisionKind, Metamorphosis, Play

        game = self.game
        kind = decision.kind
        me = decision.chooser
        if kind is DecisionKind.ROLL:
            line = self.ask(f"{decision.prompt}: Enter rolls, or type your d20 roll (1-20) > ")
            if not line:
                game.roll()
            else:
                if not line.isdigit():
                    raise ValueError("type a number from 1 to 20, or just press Enter")
                game.decide(int(line))
            return True
        if kind is DecisionKind.FLIP_TILES:
            names = " ".join(q.name for q in decision.options)
            line = self.ask(f"{decision.prompt} ({names}) > ")
            squares = tuple(Square.parse(t) for t in line.replace(",", " ").split())
            game.decide(squares)
            return True
        if kind in (DecisionKind.VOWEL, DecisionKind.CONSONANT):
            line = self.ask(f"{decision.prompt} > ")
            game.decide(line.upper())
            return True
        if kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
            names = " ".join(q.name for q in decision.options)
            line = self.ask(f"{decision.prompt} ({names}) > ")
            game.decide(Square.parse(line))
            return True
        if kind is DecisionKind.STEAL_TILE:
            line = self.ask(f"{decision.prompt}: 1-{len(decision.options)} > ")
            if not line.isdigit() or not 1 <= int(line) <= len(decision.options):
                raise ValueError(f"type a number from 1 to {len(decision.options)}")
            game.decide(int(line) - 1)
            return True
        if kind in (DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
            hand = game.hand(me)
            line = self.ask(f"{decision.prompt} [{self.hand_text(me)}] > ").upper()
            matches = [i for i, t in enumerate(hand) if t.symbol == line]
            if not matches:
                raise ValueError(f"you have no {line or 'such'} tile (type a letter of your "
                                 f"hand, ? for a HEXX tile)")
            game.decide(matches[0])
            return True
        if kind is DecisionKind.METAMORPHOSIS:
            if not decision.options:
                self.say(f"  {me} has no swap that makes a word: the turn is forfeited")
                game.decide(None)
                return True
            line = self.ask(f"{decision.prompt}. Type SQUARE DIR WORD (the new word) or "
                            f"forfeit [{self.hand_text(me)}] > ")
            if line.lower() in ("forfeit", "pass"):
                game.decide(None)
                return True
            play = Play.parse(line)
            changed = [(q, ch) for q, ch in zip(play.squares, play.word)
                       if q not in game.board or game.board[q].letter != ch.upper()]
            if len(changed) != 1 or changed[0][0] not in game.board:
                raise ValueError("change exactly one letter of a word already on the board")
            square, char = changed[0]
            choice = Metamorphosis(square, char.upper(), char.islower(), play.direction)
            if play.word.upper() not in game.dictionary:
                raise ValueError(f"{play.word.upper()} is not in the dictionary")
            if game.metamorphosis_word(choice) != play.word.upper():
                raise ValueError(f"the line through {square} would read "
                                 f"{game.metamorphosis_word(choice)}: spell all of it")
            if choice not in decision.options:
                tile = "a HEXX tile" if choice.hexx else f"a {choice.letter} tile"
                raise ValueError(f"that swap needs {tile} in your hand (a small letter means a "
                                 f"HEXX tile)")
            game.decide(choice)
            return True
        raise ValueError(f"unknown decision {kind}")


__all__ = ["register", "run", "Session", "HELP"]
