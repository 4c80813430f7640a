"""GCG game records: read and write the standard record format of Scrabble-like games.

This module is the pure format layer: text <-> typed events. It does not know the rules, the
board or the tile values; re-scoring a record is the rules engine's job (``wordboard replay``).

The format (John Chew's ".gcg File Format", version 1.2)
=========================================================

A record is plain text, one item per line, tokens separated by white space::

    #character-encoding UTF-8
    #player1 Peter Peter Smith
    #player2 Josh Josh Castellano
    #lexicon CSW21
    >Peter: DELOTUU H7 OUTDUEL +68 68
    #note Hood River 2022 Round 20.
    >Josh: CEIIJNT 11G J.ICE +28 28

Lines starting with ``#`` are *pragmas*: ``#player1 NICK FULL NAME`` (and ``#player2``),
``#title``, ``#description``, ``#id AUTHORITY ID``, ``#lexicon NAME``, ``#incomplete``,
``#rack1``/``#rack2 TILES`` (the racks left at the end), ``#note TEXT`` (a comment on the event
before it) and ``#character-encoding UTF-8`` (first line only). Lines starting with ``>`` are
*events*, ``>NICK: RACK ...`` then one of:

=====================================  ===================================================
``>n: RACK 8D WORD +score total``      a play: :class:`Play`. ``8D`` (row then column) is
                                       across, ``D8`` (column then row) is down
``>n: RACK - +0 total``                a pass: :class:`Pass`
``>n: RACK -TILES +0 total``           an exchange: :class:`Exchange` (``-4``: count only)
``>n: RACK -- -score total``           a phony taken back: :class:`Withdrawn`
``>n: RACK (challenge) +N total``      a bonus for a wrongly challenged play:
                                       :class:`ChallengeBonus`
``>n: RACK (time) -N total``           a penalty for overtime: :class:`TimePenalty`
``>n: (TILES) +N total``               going out, the opponent's tiles: :class:`EndRackBonus`
``>n: RACK (RACK) -N total``           the player's own tiles at the end: :class:`EndRackPenalty`
=====================================  ===================================================

In a word, a lower-case letter is a blank and ``.`` is a tile already on the board. Rows are
numbered from 1 and columns lettered from A; this module accepts boards of up to 26 columns and
up to 999 rows. In a :class:`Position` both are 0-based.

Dialects accepted on reading
============================

Real files (Quackle, Macondo, Woogles.io, hand-edited) differ from the letter of the standard.
The reader accepts:

- a UTF-8 byte-order mark, CRLF or CR line ends, trailing white space, blank lines;
- ``#character-encoding`` as the first non-blank line (:func:`load` decodes with it; without it
  a file is read as UTF-8, falling back to ISO-8859-1 as the standard prescribes);
- played-through tiles written as ``.`` or spelled out (``word`` keeps them as written);
- lower-case coordinates (``8d``, ``h2``);
- cross-word lists or any other text after the running total (kept in ``trailing``);
- count-only exchanges (``-4``), an exchanged blank (``-?``);
- an event without its rack (``>Josh:  (?ARR) +6 503``), and end-of-game rack lines with or
  without a rack before the parenthesis. A parenthesised rack with a negative score (or ``-0``)
  is an :class:`EndRackPenalty`, otherwise an :class:`EndRackBonus`;
- scores and totals with or without a ``+`` sign, negative totals;
- notes over several lines: a line that does not start with ``#`` or ``>`` continues the
  ``#note`` before it (its leading and trailing white space dropped; blank lines inside a note
  are kept, blank lines at its end are not);
- nicks with underscores or any other character except white space and ``:``;
- ``#player3``/``#player4`` and ``#rack3``/``#rack4``: an extension for 3-4 player games;
- pragmas this module does not know (``#tile-set``, ``#game-type`` ...): kept in order in
  :attr:`GameRecord.pragmas`, as is a ``#note`` before the first event.

A line that fits none of this raises :class:`wordboard.errors.DataFileError` naming the file, the
line and the problem. Every event's nick must be declared by a ``#player`` line before it.

Writing
=======

:func:`dumps` writes standard GCG 1.2: ``#character-encoding UTF-8`` first, the players, the
other pragmas, the events each followed by its notes, then the ``#rackN`` lines. Parsing its
output gives back the same players, pragmas, events and final racks.
"""

from __future__ import annotations

import codecs
import dataclasses
import re
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any

from wordboard.errors import DataFileError
from wordboard.userfiles import read_limited

__all__ = [
    "MAX_COLUMNS",
    "MAX_PLAYERS",
    "MAX_ROWS",
    "ChallengeBonus",
    "EndRackBonus",
    "EndRackPenalty",
    "Event",
    "Exchange",
    "GameRecord",
    "Pass",
    "Play",
    "Player",
    "Position",
    "TimePenalty",
    "Withdrawn",
    "EVENT_TYPES",
    "dumps",
    "format_position",
    "load",
    "parse",
    "parse_position",
]

MAX_COLUMNS = 26
"""Columns are lettered A..Z, so a board has at most 26."""

MAX_ROWS = 999
"""Rows are numbered 1..999 (far beyond any real board; keeps numbers sane)."""

MAX_PLAYERS = 4
"""GCG defines #player1 and #player2; #player3 and #player4 are this module's extension."""

_MAX_SCORE_DIGITS = 9

# Reserved pragma names: the reader turns these into structure, the writer writes them itself.
_ENCODING_PRAGMA = "character-encoding"
_PLAYER_PRAGMA = re.compile(r"player([0-9]+)\Z", re.ASCII)
_RACK_PRAGMA = re.compile(r"rack([0-9]+)\Z", re.ASCII)

_ACROSS_POSITION = re.compile(r"([0-9]{1,3})([A-Za-z])\Z", re.ASCII)
_DOWN_POSITION = re.compile(r"([A-Za-z])([0-9]{1,3})\Z", re.ASCII)
_SIGNED_NUMBER = re.compile(r"([+-]?)([0-9]+)\Z", re.ASCII)
_TOKEN = re.compile(r"\S+")
_PRAGMA_LINE = re.compile(r"#(\S*)(.*)\Z", re.DOTALL)


# --------------------------------------------------------------------------------------------
# Positions


@dataclass(frozen=True)
class Position:
    """Where a play starts: 0-based ``row`` and ``col``, and its direction.

    ``across=True`` is written row first (``8D``: row 8, column D), ``across=False`` column first
    (``D8``), as GCG and the printed boards do.
    """

    row: int
    col: int
    across: bool

    def __post_init__(self) -> None:
        if not isinstance(self.row, int) or not 0 <= self.row < MAX_ROWS:
            raise ValueError(f"row must be 0..{MAX_ROWS - 1}, got {self.row!r}")
        if not isinstance(self.col, int) or not 0 <= self.col < MAX_COLUMNS:
            raise ValueError(f"column must be 0..{MAX_COLUMNS - 1}, got {self.col!r}")
        if not isinstance(self.across, bool):
            raise ValueError(f"across must be True or False, got {self.across!r}")

    def __str__(self) -> str:
        return format_position(self)


def format_position(position: Position) -> str:
    """GCG coordinate of ``position``: ``"8D"`` across (row first), ``"D8"`` down."""
    row = str(position.row + 1)
    column = chr(ord("A") + position.col)
    return row + column if position.across else column + row


def parse_position(token: str) -> Position:
    """Read a GCG coordinate, any case: ``"8d"`` is across from row 8 column D, ``"h2"`` down.

    Raises ValueError when ``token`` is not a coordinate.
    """
    across = _ACROSS_POSITION.match(token)
    down = None if across else _DOWN_POSITION.match(token)
    if across:
        row_text, column_text = across.groups()
    elif down:
        column_text, row_text = down.groups()
    else:
        raise ValueError(f"{token!r} is not a board position like 8D (across) or D8 (down)")
    row = int(row_text)
    if row < 1:
        raise ValueError(f"{token!r}: rows are numbered from 1")
    return Position(row - 1, ord(column_text.upper()) - ord("A"), across is not None)


# --------------------------------------------------------------------------------------------
# Players and events


def _check_nick(nick: object) -> None:
    if not isinstance(nick, str) or not nick:
        raise ValueError("a nick must be a non-empty string")
    if ":" in nick or any(c.isspace() for c in nick) or nick.startswith(("#", ">")):
        raise ValueError(f"nick {nick!r} must not contain white space or ':' nor start with # or >")


def _is_tiles(text: str) -> bool:
    """Rack letters: letters (lower case only for blanks already named) and ``?`` for blanks."""
    return all(c.isalpha() or c == "?" for c in text)


def _is_word(text: str) -> bool:
    return bool(text) and all(c.isalpha() or c == "." for c in text)


def _check_one_line(what: str, text: object) -> None:
    if not isinstance(text, str):
        raise ValueError(f"{what} must be a string, got {text!r}")
    if text != text.strip() or "\n" in text or "\r" in text:
        raise ValueError(f"{what} must be one line without surrounding white space: {text!r}")


def _check_note(note: object) -> None:
    if not isinstance(note, str) or "\r" in note:
        raise ValueError(f"a note must be a string without carriage returns: {note!r}")
    lines = note.split("\n")
    if any(line != line.strip() for line in lines) or (len(lines) > 1 and not lines[-1]):
        raise ValueError(
            f"note lines must have no surrounding white space and no blank line at the end: {note!r}"
        )


@dataclass(frozen=True)
class Player:
    """A ``#playerN NICK FULL NAME`` line. ``nick`` is how events name the player."""

    nick: str
    name: str = ""

    def __post_init__(self) -> None:
        _check_nick(self.nick)
        _check_one_line("a player's name", self.name)


class _EventChecks:
    """Validation shared by every event class (each is a frozen dataclass)."""

    nick: str
    rack: str
    score: int
    cumulative: int
    notes: tuple[str, ...]
    trailing: str

    def __post_init__(self) -> None:
        _check_nick(self.nick)
        if not isinstance(self.rack, str) or not _is_tiles(self.rack):
            raise ValueError(f"rack {self.rack!r} must be letters and ? only")
        for name in ("score", "cumulative"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name} must be an int, got {value!r}")
            if abs(value) >= 10**_MAX_SCORE_DIGITS:
                raise ValueError(f"{name} {value} is out of range")
        if not isinstance(self.notes, tuple):
            raise ValueError("notes must be a tuple of strings")
        for note in self.notes:
            _check_note(note)
        _check_one_line("trailing text", self.trailing)


@dataclass(frozen=True)
class Play(_EventChecks):
    """Tiles placed on the board: ``>nick: RACK 8D WORD +score cumulative``.

    ``word`` is exactly as written: a lower-case letter is a blank, ``.`` a tile already on the
    board (some writers spell such tiles out instead; the engine tells them apart).
    """

    nick: str
    rack: str
    position: Position
    word: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.position, Position):
            raise ValueError(f"position must be a Position, got {self.position!r}")
        if not isinstance(self.word, str) or not _is_word(self.word):
            raise ValueError(f"word {self.word!r} must be letters and '.' only")


@dataclass(frozen=True)
class Pass(_EventChecks):
    """A pass: ``>nick: RACK - +0 cumulative``."""

    nick: str
    rack: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""


@dataclass(frozen=True)
class Exchange(_EventChecks):
    """Tiles swapped with the bag: ``-TILES`` (``tiles`` set) or ``-N`` (``tiles`` is None)."""

    nick: str
    rack: str
    tiles: str | None
    count: int
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.count, int) or isinstance(self.count, bool) or self.count < 1:
            raise ValueError(f"an exchange swaps at least one tile, got count {self.count!r}")
        if self.count >= 10**_MAX_SCORE_DIGITS:
            raise ValueError(f"exchange count {self.count} is out of range")
        if self.tiles is not None:
            if not isinstance(self.tiles, str) or not self.tiles or not _is_tiles(self.tiles):
                raise ValueError(f"exchanged tiles {self.tiles!r} must be letters and ? only")
            if len(self.tiles) != self.count:
                raise ValueError(f"exchanged tiles {self.tiles!r} are not {self.count} tiles")


@dataclass(frozen=True)
class Withdrawn(_EventChecks):
    """The previous play was a phony and comes off the board: ``-- -score``; ``score`` as
    written (normally minus the play's score)."""

    nick: str
    rack: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""


@dataclass(frozen=True)
class ChallengeBonus(_EventChecks):
    """Points for a valid play that was challenged: ``(challenge) +N``."""

    nick: str
    rack: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""


@dataclass(frozen=True)
class TimePenalty(_EventChecks):
    """Points lost for overtime: ``(time) -N``."""

    nick: str
    rack: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""


@dataclass(frozen=True)
class EndRackBonus(_EventChecks):
    """Points for the tiles an opponent holds at the end: ``(TILES) +N`` (``score`` >= 0)."""

    nick: str
    rack: str
    tiles: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.tiles, str) or not self.tiles or not _is_tiles(self.tiles):
            raise ValueError(f"end-of-game tiles {self.tiles!r} must be letters and ? only")
        if self.score < 0:
            raise ValueError(f"an end-of-game bonus is not negative, got {self.score}")


@dataclass(frozen=True)
class EndRackPenalty(_EventChecks):
    """Points lost for the player's own tiles at the end: ``RACK (RACK) -N`` (``score`` <= 0)."""

    nick: str
    rack: str
    tiles: str
    score: int
    cumulative: int
    line: int = field(default=0, compare=False)
    notes: tuple[str, ...] = ()
    trailing: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.tiles, str) or not self.tiles or not _is_tiles(self.tiles):
            raise ValueError(f"end-of-game tiles {self.tiles!r} must be letters and ? only")
        if self.score > 0:
            raise ValueError(f"an end-of-game penalty is not positive, got {self.score}")


Event = Play | Pass | Exchange | Withdrawn | ChallengeBonus | TimePenalty | EndRackBonus | EndRackPenalty
"""Any one event line of a record. Every event has ``nick``, ``rack`` (may be ``""``),
``score`` (signed, as written), ``cumulative``, ``line`` (1-based line in the file, 0 when not
read from one; not part of equality), ``notes`` and ``trailing`` (text after the total)."""

EVENT_TYPES: tuple[type, ...] = (
    Play, Pass, Exchange, Withdrawn, ChallengeBonus, TimePenalty, EndRackBonus, EndRackPenalty
)


@dataclass
class GameRecord:
    """One game: players in seat order, events in order, other pragmas, final racks."""

    players: list[Player] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    pragmas: list[tuple[str, str]] = field(default_factory=list)
    """Pragmas other than players, racks and the encoding, in order: ``("lexicon", "CSW21")``.
    A ``#note`` before the first event is kept here as ``("note", text)``."""
    final_racks: dict[str, str] = field(default_factory=dict)
    """``{nick: tiles}`` from the ``#rack1``/``#rack2`` lines, when present."""
    path: str | None = None
    """The file the record was read from, if any."""

    def pragma(self, name: str) -> str | None:
        """Value of the first pragma called ``name`` (e.g. ``"lexicon"``), or None."""
        for pragma_name, value in self.pragmas:
            if pragma_name == name:
                return value
        return None

    def player(self, nick: str) -> Player:
        """The player called ``nick``; KeyError if there is none."""
        for player in self.players:
            if player.nick == nick:
                return player
        raise KeyError(nick)


# --------------------------------------------------------------------------------------------
# Reading


# A game record is small (a long game with notes is a few KiB); more than this is not a record,
# and reading all of, say, /dev/zero would exhaust the memory.
MAX_RECORD_BYTES = 1 << 20


def load(path: str | PathLike[str]) -> GameRecord:
    """Read and parse a GCG file of at most ``MAX_RECORD_BYTES``.

    UserError if the file cannot be read or is larger; DataFileError if it is not valid GCG.
    """
    path = Path(path)
    data = read_limited(path, what="game record", limit=MAX_RECORD_BYTES, missing=f"{path}: no such game record")
    return parse(_decode(data, path), path=path)


def _decode(data: bytes, path: Path) -> str:
    """Bytes to text: a BOM or ``#character-encoding`` decides; else UTF-8, else ISO-8859-1."""
    if data.startswith(codecs.BOM_UTF8):
        return _decode_as(data[len(codecs.BOM_UTF8):], "utf-8", path)
    stripped = data.lstrip(b"\r\n\t ")
    first_line = stripped.split(b"\n", 1)[0].split()
    if first_line and first_line[0].lower() == b"#" + _ENCODING_PRAGMA.encode("ascii"):
        name = b" ".join(first_line[1:]).decode("ascii", "replace")
        line = data[: len(data) - len(stripped)].count(b"\n") + 1
        try:
            codec = codecs.lookup(name).name
            return _decode_as(data, codec, path)
        except LookupError:
            raise DataFileError(path, line, f"unknown character encoding {name!r}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def _decode_as(data: bytes, codec: str, path: Path) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataFileError(path, line, f"not valid {codec} text ({exc.reason})") from None


def parse(text: str, path: str | PathLike[str] = "<gcg>") -> GameRecord:
    """Parse GCG ``text``; ``path`` names the source in errors and in ``record.path``.

    Raises DataFileError naming the line for anything that is not GCG (see the module
    docstring for the dialects accepted).
    """
    return _Reader(str(path)).read(text)


class _Reader:
    """Line-by-line GCG reader; one instance per text."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.players: dict[int, tuple[Player, int]] = {}  # seat -> (player, line)
        self.pragmas: list[tuple[str, str]] = []
        self.racks: dict[int, tuple[str, int]] = {}  # seat -> (tiles, line)
        self.events: list[Event] = []
        self.event_notes: list[str] = []  # notes of the last event, finished
        self.note_lines: list[str] | None = None  # the note being read, if any
        self.note_goes_to_pragmas = False
        self.seen_content = False

    def fail(self, line: int | None, problem: str) -> DataFileError:
        return DataFileError(self.path, line, problem)

    def read(self, text: str) -> GameRecord:
        if not isinstance(text, str):
            raise TypeError(f"parse() takes text (str), got {type(text).__name__}")
        if text.startswith("\ufeff"):
            text = text[1:]
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        for number, raw in enumerate(lines, start=1):
            self.read_line(raw, number)
        self.finish_note()
        self.finish_event_notes()
        players = self.seated_players()
        if not players:
            raise self.fail(None, "no #player lines: not a GCG game record")
        final_racks = {}
        for seat, (tiles, line) in sorted(self.racks.items()):
            if seat > len(players):
                raise self.fail(line, f"#rack{seat} but there is no #player{seat}")
            final_racks[players[seat - 1].nick] = tiles
        return GameRecord(players, self.events, self.pragmas, final_racks, self.path)

    def seated_players(self) -> list[Player]:
        for seat in range(1, len(self.players) + 1):
            if seat not in self.players:
                line = min(line for _, line in self.players.values())
                raise self.fail(line, f"#player{seat} is missing: players are numbered from 1 up")
        return [self.players[seat][0] for seat in sorted(self.players)]

    # -- line dispatch -----------------------------------------------------------------------

    def read_line(self, raw: str, number: int) -> None:
        if self.note_lines is not None and not raw.startswith(("#", ">")):
            self.note_lines.append(raw.strip())
            return
        line = raw.strip()
        if not line:
            return
        if line.startswith("#"):
            self.finish_note()
            self.read_pragma(line, number)
        elif line.startswith(">"):
            self.finish_note()
            self.finish_event_notes()
            self.events.append(self.read_event(line, number))
        else:
            raise self.fail(
                number,
                f"{_shorten(line)!r} is not a pragma (#...), an event (>nick: ...) "
                "or the continuation of a #note",
            )
        self.seen_content = True

    def finish_note(self) -> None:
        if self.note_lines is None:
            return
        while len(self.note_lines) > 1 and not self.note_lines[-1]:
            self.note_lines.pop()
        note = "\n".join(self.note_lines)
        if self.note_goes_to_pragmas:
            self.pragmas.append(("note", note))
        else:
            self.event_notes.append(note)
        self.note_lines = None

    def finish_event_notes(self) -> None:
        if self.event_notes:
            self.events[-1] = dataclasses.replace(self.events[-1], notes=tuple(self.event_notes))
            self.event_notes = []

    # -- pragmas -----------------------------------------------------------------------------

    def read_pragma(self, line: str, number: int) -> None:
        match = _PRAGMA_LINE.match(line)
        assert match is not None  # any line starting with '#' matches
        name, value = match.group(1), match.group(2).strip()
        if not name:
            raise self.fail(number, "'#' must be followed by a pragma name, like #note or #player1")
        key = name.lower()
        if key == "note":
            self.note_lines = [value]  # later lines may continue it
            self.note_goes_to_pragmas = not self.events
        elif key == _ENCODING_PRAGMA:
            if self.seen_content:
                raise self.fail(number, "#character-encoding must be the first line")
        elif match := _PLAYER_PRAGMA.match(key):
            self.read_player(int(match.group(1)), value, number)
        elif match := _RACK_PRAGMA.match(key):
            self.read_final_rack(int(match.group(1)), value, number)
        else:
            self.pragmas.append((name, value))

    def read_player(self, seat: int, value: str, number: int) -> None:
        if not 1 <= seat <= MAX_PLAYERS:
            raise self.fail(number, f"#player{seat}: players are numbered 1 to {MAX_PLAYERS}")
        if seat in self.players:
            raise self.fail(
                number, f"#player{seat} given twice (first on line {self.players[seat][1]})"
            )
        nick, name = (value.split(maxsplit=1) + ["", ""])[:2]
        if not nick:
            raise self.fail(number, f"#player{seat} needs a nick: #player{seat} NICK FULL NAME")
        for other, line in self.players.values():
            if other.nick == nick:
                raise self.fail(number, f"nick {nick!r} already taken on line {line}")
        try:
            self.players[seat] = (Player(nick, name.strip()), number)
        except ValueError as exc:
            raise self.fail(number, str(exc)) from None

    def read_final_rack(self, seat: int, value: str, number: int) -> None:
        if not 1 <= seat <= MAX_PLAYERS:
            raise self.fail(number, f"#rack{seat}: players are numbered 1 to {MAX_PLAYERS}")
        if seat in self.racks:
            raise self.fail(number, f"#rack{seat} given twice (first on line {self.racks[seat][1]})")
        if not _is_tiles(value) or " " in value:
            raise self.fail(number, f"#rack{seat} {value!r}: a rack is letters and ? only")
        self.racks[seat] = (value, number)

    # -- events ------------------------------------------------------------------------------

    def read_event(self, line: str, number: int) -> Event:
        nick, colon, body = line[1:].partition(":")
        nick = nick.strip()
        if not colon or not nick:
            raise self.fail(number, "an event starts with >NICK: (the nick, then a colon)")
        known = {player.nick for player, _ in self.players.values()}
        if nick not in known:
            declared = ", ".join(sorted(known)) or "none"
            raise self.fail(
                number,
                f"player {nick!r} is not declared by a #player line before it "
                f"(declared: {declared})",
            )
        tokens = list(_TOKEN.finditer(body))
        texts = [token.group() for token in tokens]
        if not texts:
            raise self.fail(number, "the event is empty after the nick")

        def need(index: int, what: str) -> str:
            if index >= len(texts):
                raise self.fail(number, f"missing {what}")
            return texts[index]

        rack = ""
        first = texts[0]
        if _is_tiles(first) and not first.startswith(("(", "-")):
            rack = first
            index = 1
        else:
            index = 0
        move = need(index, "the move (a position, -, --, -TILES, (challenge), (time) or (TILES))")
        index += 1
        kind: type
        extra: dict[str, Any] = {}
        if move == "--":
            kind = Withdrawn
        elif move == "-":
            kind = Pass
        elif move.startswith("-") and move[1:].isascii() and move[1:].isdigit():
            count = move[1:]
            if len(count) > _MAX_SCORE_DIGITS or int(count) < 1:
                raise self.fail(number, f"exchange {move!r}: count must be at least 1")
            kind, extra = Exchange, {"tiles": None, "count": int(count)}
        elif move.startswith("-") and _is_tiles(move[1:]):
            kind, extra = Exchange, {"tiles": move[1:], "count": len(move) - 1}
        elif move == "(challenge)":
            kind = ChallengeBonus
        elif move == "(time)":
            kind = TimePenalty
        elif move.startswith("(") and move.endswith(")") and len(move) > 2 and _is_tiles(move[1:-1]):
            kind, extra = EndRackBonus, {"tiles": move[1:-1]}  # the sign below may change it
        else:
            try:
                position = parse_position(move)
            except ValueError as exc:
                raise self.fail(
                    number,
                    f"{_shorten(move)!r} is not a move: expected a position like 8D or D8, "
                    f"- (pass), -TILES or -N (exchange), -- (withdrawn), (challenge), (time) "
                    f"or (TILES) ({exc})",
                ) from None
            word = need(index, f"the word played at {move}")
            index += 1
            if not _is_word(word):
                raise self.fail(
                    number,
                    f"word {_shorten(word)!r} must be letters (lower case for blanks) "
                    "and '.' for tiles already on the board",
                )
            kind, extra = Play, {"position": position, "word": word}
        score_text = need(index, "the score (like +12)")
        score, negative = self.read_number(score_text, "score", number)
        total_text = need(index + 1, "the running total after the score")
        cumulative, _ = self.read_number(total_text, "running total", number)
        trailing = body[tokens[index + 1].end():].strip()
        if kind is EndRackBonus and negative:
            kind = EndRackPenalty
        try:
            return kind(
                nick=nick,
                rack=rack,
                score=score,
                cumulative=cumulative,
                line=number,
                trailing=trailing,
                **extra,
            )
        except ValueError as exc:
            raise self.fail(number, str(exc)) from None

    def read_number(self, text: str, what: str, number: int) -> tuple[int, bool]:
        """A signed integer token; returns (value, written with a minus sign)."""
        match = _SIGNED_NUMBER.match(text)
        if not match:
            raise self.fail(number, f"{what} {_shorten(text)!r} is not a number like +12 or -5")
        sign, digits = match.groups()
        if len(digits) > _MAX_SCORE_DIGITS:
            raise self.fail(number, f"{what} {_shorten(text)!r} is too large")
        value = int(digits)
        return (-value if sign == "-" else value), sign == "-"


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------------------------
# Writing


def dumps(record: GameRecord) -> str:
    """Write ``record`` as standard GCG 1.2 text (``\\n`` line ends, UTF-8 declared).

    Raises ValueError for a record GCG cannot express (more than four players, an event or
    final rack for a nick that is not a player, a reserved or malformed pragma).
    """
    players = list(record.players)
    if len(players) > MAX_PLAYERS:
        raise ValueError(f"GCG records hold at most {MAX_PLAYERS} players, got {len(players)}")
    nicks = [player.nick for player in players]
    if len(set(nicks)) != len(nicks):
        raise ValueError(f"two players share a nick: {nicks}")
    out = [f"#{_ENCODING_PRAGMA} UTF-8"]
    for seat, player in enumerate(players, start=1):
        out.append(f"#player{seat} {player.nick} {player.name}".rstrip())
    for name, value in record.pragmas:
        if (
            not isinstance(name, str)
            or not name
            or any(c.isspace() for c in name)
            or name.lower() == _ENCODING_PRAGMA
            or _PLAYER_PRAGMA.match(name.lower())
            or _RACK_PRAGMA.match(name.lower())
        ):
            raise ValueError(f"cannot write pragma named {name!r}")
        if name.lower() == "note":
            _check_note(value)
            out.extend(_note_lines(value))
        else:
            _check_one_line(f"#{name} value", value)
            out.append(f"#{name} {value}".rstrip())
    for event in record.events:
        if event.nick not in nicks:
            raise ValueError(f"event by {event.nick!r}, who is not a player ({nicks})")
        out.append(_event_line(event))
        for note in event.notes:
            out.extend(_note_lines(note))
    for nick in record.final_racks:
        if nick not in nicks:
            raise ValueError(f"final rack for {nick!r}, who is not a player ({nicks})")
    for seat, nick in enumerate(nicks, start=1):
        if nick in record.final_racks:
            tiles = record.final_racks[nick]
            if not isinstance(tiles, str) or not _is_tiles(tiles):
                raise ValueError(f"final rack {tiles!r} must be letters and ? only")
            out.append(f"#rack{seat} {tiles}".rstrip())
    return "\n".join(out) + "\n"


def _note_lines(note: str) -> list[str]:
    first, *rest = note.split("\n")
    lines = [f"#note {first}".rstrip()]
    # A continuation line must not start with # or > (it would read as a pragma or event);
    # an indent protects it, and the reader strips the indent again.
    lines.extend(f" {line}" if line.startswith(("#", ">")) else line for line in rest)
    return lines


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _event_line(event: Event) -> str:
    if isinstance(event, Play):
        move = f"{format_position(event.position)} {event.word}"
        score = _signed(event.score)
    elif isinstance(event, Pass):
        move, score = "-", _signed(event.score)
    elif isinstance(event, Exchange):
        move = "-" + (event.tiles if event.tiles is not None else str(event.count))
        score = _signed(event.score)
    elif isinstance(event, Withdrawn):
        move, score = "--", _signed(event.score)
    elif isinstance(event, ChallengeBonus):
        move, score = "(challenge)", _signed(event.score)
    elif isinstance(event, TimePenalty):
        move, score = "(time)", _signed(event.score)
    elif isinstance(event, EndRackBonus):
        move, score = f"({event.tiles})", _signed(event.score)
    elif isinstance(event, EndRackPenalty):
        move, score = f"({event.tiles})", f"-{abs(event.score)}"  # "-0" keeps it a penalty
    else:
        raise ValueError(f"not a GCG event: {event!r}")
    parts = [f">{event.nick}:"]
    if event.rack:
        parts.append(event.rack)
    parts += [move, score, str(event.cumulative)]
    if event.trailing:
        parts.append(event.trailing)
    return " ".join(parts)
