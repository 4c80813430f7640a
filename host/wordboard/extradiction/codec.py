"""eXtraDICTION games in the journal: how they start, how their moves are written, replayed and
exported.
"""

from __future__ import annotations

from wordboard.controller.boardgames import dictionary
from wordboard.errors import UserError
from wordboard.journal import GameInfo

DEFAULT_COLOURS = "green,blue,red"


class ExtradictionCodec:
    kind = "extradiction"

    def new_game(self, info: GameInfo):
        from wordboard.extradiction import cards as cardmod
        from wordboard.extradiction.edition import load_edition
        from wordboard.extradiction.engine import Game, Level

        options = info.options
        level = Level(str(options.get("level", "3")))
        edition = load_edition(info.edition or "standin")
        deck = []
        if level.uses_clue_cards:
            colours = {cardmod.Colour.parse(c) for c in options.get("colours", DEFAULT_COLOURS).split(",") if c.strip()}
            longest = max(edition.rows, edition.columns) if level.crossword_rules else edition.columns
            # an owner's pack is kept in the game's record (card lines): the game replays the same
            # deck whatever becomes of the file
            own = cardmod.parse_cards("\n".join(options.get("own_cards", ())), "the game's own cards")
            deck = [c for c in cardmod.merge_decks(cardmod.shipped_cards(), own)
                    if c.colour in colours and c.length <= longest]
        words = dictionary(options.get("lexicon", "scowl:70")) if level.crossword_rules else None
        return Game(edition, level, list(info.players), clue_cards=deck, dictionary=words, seed=info.seed,
                    turn_limit=int(options.get("turns", 10)))

    def encode_move(self, move) -> dict:
        from wordboard.extradiction.edition import square_name
        from wordboard.extradiction.engine import Guess, Pass, Write

        if isinstance(move, Guess):
            return {"guess": move.word}
        if isinstance(move, Write):
            return {"write": move.word.upper(), "square": square_name(move.square), "direction": move.direction.value}
        if isinstance(move, Pass):
            return {"pass": True}
        raise TypeError(f"not an eXtraDICTION move: {move!r}")

    def decode_move(self, data: dict):
        from wordboard.extradiction.edition import parse_square
        from wordboard.extradiction.engine import Direction, Guess, Pass, Write

        if "guess" in data:
            return Guess(data["guess"])
        if "write" in data:
            return Write(data["write"], parse_square(data["square"]), Direction(data["direction"]))
        if data.get("pass"):
            return Pass()
        raise ValueError(f"not an eXtraDICTION move: {data}")

    def check(self, game, event_type: str, data: dict) -> None:
        from wordboard.extradiction.engine import Write

        if event_type != "move":
            return
        move = self.decode_move(data)
        if isinstance(move, Write):
            game.evaluate(move)
        elif not game.is_legal(move):
            raise UserError(f"{data} cannot be played now")

    def apply(self, game, event_type: str, data: dict) -> None:
        if event_type == "move":
            game.play(self.decode_move(data))

    def result(self, game):
        if not game.is_over:
            return None
        return {"stars": game.stars, "winners": game.winners()}

    def export(self, game, fmt: str, info=None) -> str:
        raise UserError(f"eXtraDICTION games export as json, not {fmt}")


#: The children's word list, for Level 3 and Speed: everyday words (SCOWL's medium size, 61,609
#: words: every shipped clue card's word, none of the club lists' odd ones such as QI or XI),
#: and the unsuitable-word filter on top. A game records its list; the owner may choose another.
DEFAULT_LEXICON = "scowl:50"


def start_game(journal, players, *, seed: int, lexicon: str = DEFAULT_LEXICON, level: str = "3", turns: int = 10,
               edition: str = "standin", colours: str = DEFAULT_COLOURS, cards: str | None = None):
    """A new journalled game; ``cards``: an owner's card file, added to the shipped deck (its
    loader's one-line error if it is bad), kept in the game's record."""
    from pathlib import Path

    from wordboard.extradiction.cards import card_line, load_cards
    from wordboard.journal import JournaledGame

    options = {"lexicon": lexicon, "level": level, "turns": turns, "colours": colours}
    if cards:
        options["card_pack"] = Path(cards).stem
        options["own_cards"] = [card_line(c) for c in load_cards(cards)]
    return JournaledGame.start(journal, "extradiction", edition, tuple(players), seed=seed, options=options)
