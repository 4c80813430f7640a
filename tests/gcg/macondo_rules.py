"""A small, faithful Python re-statement of Macondo's GCG importer (Woogles loads game records
with it): the line rules of ``gcgio/gcg.go`` and the rack checks ``game/game.go`` and
``game/turn.go`` make as they replay each event (``SetRackFor``, ``Leave``, ``bag.Exchange``).
Re-stated from the source as read, not run; what it does not model is said below.

Line rules (``parseLine``): each line, stripped, is matched by the first of the regular
expressions below that finds a match anywhere in it (Go's ``FindStringSubmatch``; only the
pragmas are anchored); a line none matches is a note's continuation after a ``#note``, ignored if
empty, else the file is refused ("no match found for line"). So an event needs a rack token
where the expression has ``\\S+`` (a play, a pass, an exchange, a phony taken back, one's own
tiles at the end), and ``>Ann: (challenge) +5 30`` with one space is read as the end of the game
with the rack "challenge" (the comment in ``init`` warns of it).

Event rules (``addEventOrPragma`` and ``playTurn``):

- ``#player1``/``#player2`` only (a third player is "no match"); player 2's nick is not player
  1's; the player, title, description, id and lexicon pragmas come before the first event; the
  game starts at the first play, pass, exchange or ``#rackN``, which needs both players; an event
  names a declared nick ("player does not exist").
- a play: its rack is set (``SetRackFor``: the rack must be drawable from the tiles not on the
  board); every tile it places (a lower-case letter is the blank, ``?``) must be on that rack
  (``Leave``: "Tile in play but not in rack"); a letter spelled out on an occupied square must be
  the one there; at most 7 tiles; no play once the game is over.
- a phony taken back (``--``) follows a play and takes its tiles off.
- an exchange ``-N`` (a number) takes the first N tiles of the rack, refused if the rack holds
  fewer ("exchanged more tiles than are on rack"); ``-TILES`` names them. The rack is set as for a
  play, the tiles swapped must be on it, and the bag (the tiles not on the board, less this rack
  and the other player's, 7 tiles or what is left) must hold as many to draw.
- a pass: its rack token is read as tiles (``MoveFromEvent``), so it must be letters and ``?``.
- ``(TILES) +N`` (the end: the other rack's tiles) and ``(time) -N`` end the game; ``RACK (RACK)
  -N`` needs the same rack twice ("last rack penalty event malformed").

Not modelled: the board's placement rules beyond squares being free and on a 15x15 board (a
connected, centre-covering play is the rules engine's, checked elsewhere), scores (Macondo takes
them as written), and the challenge rule (it reads every record under ``SINGLE``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

_GRAPH = "[!-~]"
#: (token, expression) in the order gcg.go's ``init`` lists them.
LINE_RULES = [(token, re.compile(expression, re.ASCII)) for token, expression in (
    ("player", r"^#player([1-2])\s+(\S+)\s+(.+)"),
    ("title", r"^#title\s+(.*)"),
    ("description", r"^#description\s+(.*)"),
    ("id", r"^#id\s+(\S+)\s+(\S+)"),
    ("rack1", r"^#rack1\s+(\S+)"),
    ("rack2", r"^#rack2\s+(\S+)"),
    ("encoding", rf"^#character-encoding\s+({_GRAPH}+)"),
    ("move", r">(\S+):\s+(\S+)\s+(\w+)\s+(\S+)\s+\+(\d+)\s+(\d+)"),
    ("note", r"^#note\s+(.*)"),
    ("lexicon", r"^#lexicon\s+(.+)"),
    ("phony", r">(\S+):\s+(\S+)\s+--\s+-(\d+)\s+(\d+)"),
    ("pass", r">(\S+):\s+(\S+)\s+-\s+\+0\s+(\d+)"),
    ("challenge", r">(\S+):\s+(\S*)\s+\(challenge\)\s+\+(\d+)\s+(\d+)"),
    ("exchange", r">(\S+):\s+(\S+)\s+-(\S+)\s+\+0\s+(\d+)"),
    ("end_points", r">(\S+):\s+\((\S+)\)\s+\+(\d+)\s+(-?\d+)"),
    ("time", r">(\S+):(?:\s+(\S*))?\s+\(time\)\s+\+?\-(\d+)\s+(-?\d+)"),
    ("last_rack", r">(\S+):\s+(\S+)\s+\((\S+)\)\s+\-(\d+)\s+(-?\d+)"),
    ("game_type", r"^#game-type\s+(.*)"),
    ("tile_set", r"^#tile-set\s+(.*)"),
    ("game_board", r"^#game-board\s+(.*)"),
    ("continuation", r"^#- (.*)"),
    ("board_layout", r"^#board-layout\s+(.*)"),
    ("tile_distribution", r"^#tile-distribution\s+(.*)"),
    ("incomplete", r"^#incomplete.*"),
    ("tile", r"^#tile (\S+)\s+(\S+)"),
)]
_STARTS_GAME = {"move", "pass", "exchange", "rack1", "rack2"}
_BEFORE_EVENTS = {"player", "title", "description", "id", "lexicon", "board_layout", "tile_distribution",
                  "game_type"}
RACK_TILES = 7
BOARD = 15


class Refused(Exception):
    """What Macondo would say refusing the file."""


def _tiles(text: str) -> list[str]:
    """A rack or played tiles as machine letters: A-Z, ``?`` the blank, a lower-case letter a
    blank played as it (``ToMachineWord``: anything else is refused)."""
    for ch in text:
        if not (ch == "?" or ch == "." or ("A" <= ch <= "Z") or ("a" <= ch <= "z")):
            raise Refused(f"{ch!r} is no tile")
    return list(text)


def _rack_tile(ch: str) -> str:
    return "?" if ch == "?" or ch.islower() else ch


def _position(token: str) -> tuple[int, int, bool]:
    """``FromBoardGameCoords``: ``8D`` across (row first), ``D8`` down."""
    across = re.fullmatch(r"(\d+)([A-Za-z])", token)
    down = re.fullmatch(r"([A-Za-z])(\d+)", token)
    if across:
        return int(across[1]) - 1, ord(across[2].upper()) - 65, False
    if down:
        return int(down[2]) - 1, ord(down[1].upper()) - 65, True
    raise Refused(f"{token!r} is no position")


class Importer:
    """One file read as Macondo reads it; :meth:`read` raises :class:`Refused`."""

    def __init__(self, distribution: Mapping[str, int]):
        self.distribution = Counter(distribution)
        self.players: list[str] = []
        self.started = False
        self.over = False
        self.board: dict[tuple[int, int], str] = {}
        self.last_play: list[tuple[int, int]] | None = None
        self.events = 0
        self.last_token = ""

    def read(self, text: str) -> None:
        lines = text.split("\n")
        if lines and re.match(rf"#character-encoding\s+({_GRAPH}+)", lines[0]):
            if lines[0].split()[1].lower() not in ("utf-8", "utf8"):
                raise Refused("unhandled character encoding")
            lines = lines[1:]            # read by encodingOrFirstLine, never parsed as a line
        for number, raw in enumerate(lines, start=1 if not text.startswith("#character") else 2):
            line = raw.strip()
            for token, rule in LINE_RULES:
                match = rule.search(line)
                if match:
                    try:
                        self.event(token, match)
                    except Refused as exc:
                        raise Refused(f"line {number} {line!r}: {exc}") from None
                    self.last_token = token
                    break
            else:
                if self.last_token == "note" or not line:
                    continue
                raise Refused(f"line {number}: no match found for line {line!r}")
        if not self.started:
            raise Refused("no event: the game is never made (ParseGCG reads parser.game)")

    # -- the tiles -------------------------------------------------------------------------------

    def unseen(self) -> Counter[str]:
        """The tiles not on the board (Macondo's bag after ``ThrowRacksIn``)."""
        return self.distribution - Counter(_rack_tile(ch) for ch in self.board.values())

    def set_rack(self, rack: str) -> list[str]:
        """``SetRackFor``: the rack must be drawable from the tiles not on the board."""
        tiles = [_rack_tile(ch) for ch in _tiles(rack)]
        short = Counter(tiles) - self.unseen()
        if short:
            raise Refused(f"unable to set rack {rack}: no {''.join(sorted(short.elements()))} left")
        return tiles

    @staticmethod
    def leave(rack: list[str], played: list[str]) -> list[str]:
        """``Leave``: every tile played is on the rack."""
        left = Counter(rack)
        for ch in played:
            tile = _rack_tile(ch)
            if not left[tile]:
                raise Refused(f"tile in play but not in rack: {ch}")
            left[tile] -= 1
        return list(left.elements())

    # -- the events ------------------------------------------------------------------------------

    def event(self, token: str, m: re.Match[str]) -> None:
        if token in _STARTS_GAME and not self.started:
            if len(self.players) != 2:
                raise Refused("wrong number of players defined")
            self.started = True
        if token in _BEFORE_EVENTS and self.started:
            raise Refused("non-note pragmata should appear before event lines")
        if token == "encoding":
            raise Refused("encoding line must be first line in file if present")
        if token == "player":
            if m[1] == "2" and self.players and m[2] == self.players[0]:
                raise Refused("two players with same nickname not supported")
            self.players.append(m[2])
            return
        if token in ("rack1", "rack2"):
            self.set_rack(m[1])
            return
        if not token.startswith(("move", "phony", "pass", "challenge", "exchange", "end_points", "time",
                                 "last_rack")):
            return
        if m[1] not in self.players:
            raise Refused("player does not exist")
        if not self.started:
            raise Refused("an event before the game is made (a nil game)")
        self.events += 1
        getattr(self, f"on_{token}")(m)

    def on_move(self, m: re.Match[str]) -> None:
        if self.over:
            raise Refused("cannot play a move on a game that is over")
        rack = self.set_rack(m[2])
        row, col, down = _position(m[3])
        placed: list[tuple[int, int]] = []
        letters: list[str] = []
        for i, ch in enumerate(_tiles(m[4])):
            square = (row + i, col) if down else (row, col + i)
            if not (0 <= square[0] < BOARD and 0 <= square[1] < BOARD):
                raise Refused("play out of bounds of board")
            if ch == ".":
                if square not in self.board:
                    raise Refused("a played-through marker on an empty square")
                continue
            if square in self.board:
                if self.board[square].upper() != ch.upper():
                    raise Refused("the play-through tile is incorrect")
                continue
            placed.append(square)
            letters.append(ch)
        if not placed or len(placed) > RACK_TILES:
            raise Refused("your play contained too many tiles" if placed else "no tile placed")
        self.leave(rack, letters)
        for square, ch in zip(placed, letters):
            self.board[square] = ch
        self.last_play = placed

    def on_phony(self, m: re.Match[str]) -> None:
        if self.last_play is None:
            raise Refused("malformed gcg; phony tiles returned without play")
        _tiles(m[2])
        for square in self.last_play:
            del self.board[square]
        self.last_play = None

    def on_pass(self, m: re.Match[str]) -> None:
        _tiles(m[2])

    def on_challenge(self, m: re.Match[str]) -> None:
        _tiles(m[2])

    def on_exchange(self, m: re.Match[str]) -> None:
        rack_text, what = m[2], m[3]
        if what.isdigit():
            count = int(what)
            if count > len(rack_text):
                raise Refused("exchanged more tiles than are on rack")
            what = rack_text[:count]
        rack = self.set_rack(rack_text)
        self.leave(rack, _tiles(what))
        bag = sum(self.unseen().values()) - len(rack) - min(RACK_TILES, sum(self.unseen().values()) - len(rack))
        if bag < len(what):
            raise Refused(f"the bag holds {bag} tiles: no exchange of {len(what)}")

    def on_end_points(self, m: re.Match[str]) -> None:
        _tiles(m[2])
        self.over = True

    def on_time(self, m: re.Match[str]) -> None:
        _tiles(m[2] or "")
        self.over = True

    def on_last_rack(self, m: re.Match[str]) -> None:
        if m[2] != m[3]:
            raise Refused("last rack penalty event malformed")
        _tiles(m[2])
        self.over = True


def macondo_refuses(text: str, distribution: Mapping[str, int]) -> str | None:
    """Why Macondo's importer would refuse ``text`` (None: it loads it)."""
    try:
        Importer(distribution).read(text)
    except Refused as exc:
        return str(exc)
    return None
