"""Move tracking: from sensor events and camera readings to "these tiles were put down this turn".

Pure: no I/O, no threads; time comes in as numbers (``at``) from an injected clock, so tests
replay any stream of events, in any order, without sleeping.

:class:`BoardTracker` keeps what the table holds now (``observed``: square -> :class:`Seen`,
from the sensor board's settled events), what the camera last said about each square, and the
committed board (the tiles the game engine has on its board). Its :meth:`~BoardTracker.view`
compares the two:

* ``pending``: tiles on squares the engine has empty: this turn's tiles, while they settle;
* ``disturbed``: committed squares that lost their tile or hold another one, and squares where
  a committed tile (known by its tag) now lies: never a move, the players must put it back;
* ``settled``: nothing changed for ``settle`` seconds (a slide, a bump, a tile put down and
  picked up again all end before the board counts as settled).

:class:`TurnTracker` adds the end of the turn: the end-turn button (or, when configured, a quiet
time with a placement that the game accepted) asks for the move; it is delivered only once the
board is settled, with no committed tile disturbed, as a :class:`Proposal`. What a proposal means
(letters, blanks, validity, score) is the game adapter's business
(:mod:`wordboard.crossword.table`).

Out-of-order events: each event may carry the time it happened (``at``); an event older than the
last one applied to its square is stale and ignored, and a snapshot replaces every square it is
newer than. Duplicates are harmless (the state is a set, not a count).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from wordboard.rules import square_name

Square = tuple[int, int]

#: Identity of a tile as the tracker speaks of it: ``"A"``...``"Z"`` (or a digraph such as
#: ``"QU"``), ``"?"`` a blank, ``"*"`` a HEXX wild tile, ``"card:ID"`` a Dexikon card, None unknown.
TileName = str


@dataclass(frozen=True)
class Seen:
    """What is on a square: the tag's UID (hex; None when the square is occupied but the tag was
    not read) and the tile it is (None when unknown: unread or unregistered tag)."""

    uid: str | None = None
    tile: TileName | None = None


@dataclass(frozen=True)
class CameraSquare:
    symbol: str          # "." empty, "?" blank tile, "A"-"Z"
    confidence: float
    at: float


@dataclass(frozen=True)
class PendingTile:
    """One tile of this turn: the square, the sensor's view and the camera's second opinion."""

    square: Square
    seen: Seen
    camera: CameraSquare | None = None


@dataclass(frozen=True)
class TableView:
    pending: tuple[PendingTile, ...]
    disturbed: tuple[Square, ...]
    settled: bool
    changed_at: float

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(p.square for p in self.pending)


def _square(value) -> Square:
    if hasattr(value, "row"):
        return (int(value.row), int(value.col))
    return (int(value[0]), int(value[1]))


class BoardTracker:
    """The table as the sensors see it, against the committed board (see the module docs).

    ``identify(tag) -> TileName | None`` says which tile a sensor tag is (the tile registry).
    """

    def __init__(self, *, settle: float = 0.3, identify: Callable[[object], TileName | None] = lambda t: None,
                 camera_confidence: float = 0.8, now: float = 0.0, ink: bool = False, by_sight: bool = False):
        """``ink``: letters written on the board (the camera reads them): a played letter cannot
        move or become another, so a played square the camera reads as another letter, or
        unsurely, still holds its letter; only a played square where nothing is seen any more
        (rubbed out) is disturbed. ``by_sight``: tiles known only by the letter the camera reads
        on them (a table with the camera alone): a played tile becomes another only by being
        lifted, which the camera sees, so the same holds (Scrabble seed 110 on the twin: a
        played E read as B again and again held every end of turn as "out of place")."""
        self.ink = ink
        self.by_sight = by_sight
        self.settle = settle
        self.identify = identify
        self.camera_confidence = camera_confidence
        self.observed: dict[Square, Seen] = {}
        self.camera: dict[Square, CameraSquare] = {}
        self.committed: dict[Square, TileName] = {}      # square -> tile identity ("?" for a blank)
        self.committed_uid: dict[Square, str] = {}       # square -> tag UID, once known
        self._stamp: dict[Square, float] = {}            # square -> time of the last applied change
        self._snapshot_at = float("-inf")
        self.changed_at = now
        self.faulty: set[Square] = set()                  # squares whose reader reports a fault
        self.stale = 0                                    # events ignored as older than the state
        self._version = 0                                 # bumped by every change of the state
        self._viewed: tuple | None = None                 # (version, now, view) of the last view

    # -- input -------------------------------------------------------------------------------

    def sensor(self, event, at: float) -> bool:
        """Apply one sensor event (Placed, Lifted, Snapshot, ReaderFault; anything else is
        ignored) that happened at ``at``. True when the table changed."""
        kind = type(event).__name__
        if kind == "Placed":
            tag = event.tag
            seen = Seen(tag.uid_hex if tag is not None else None,
                        self.identify(tag) if tag is not None else None)
            return self._set(_square(event.square), seen, at)
        if kind == "Lifted":
            return self._set(_square(event.square), None, at)
        if kind == "Snapshot":
            return self._snapshot(event.board, at)
        if kind == "ReaderFault":
            squares = {_square(s) for s in event.squares}
            if int(event.kind) == 0:
                self.faulty -= squares
            else:
                self.faulty |= squares
            return False
        return False

    def place(self, square, seen: Seen, at: float) -> bool:
        """A tile settled on ``square`` (for backends that already know identities)."""
        return self._set(_square(square), seen, at)

    def lift(self, square, at: float) -> bool:
        return self._set(_square(square), None, at)

    def _set(self, square: Square, seen: Seen | None, at: float) -> bool:
        if at < self._stamp.get(square, self._snapshot_at):
            self.stale += 1
            return False
        self._version += 1
        self._stamp[square] = at
        before = self.observed.get(square)
        if seen is not None and seen.uid is None and before is not None and before.uid is not None:
            return False  # "occupied, tag not read yet" after a read: keep what was read
        if seen is not None and seen.uid is not None:
            for other, there in list(self.observed.items()):  # one tag lies on one square
                if other != square and there.uid == seen.uid and self._stamp.get(other, -1e18) <= at:
                    del self.observed[other]
        if seen is None:
            self.observed.pop(square, None)
        else:
            self.observed[square] = seen
            self._bind(square, seen)
        if self.observed.get(square) != before:
            self.changed_at = max(self.changed_at, at)
            return True
        return False

    def _snapshot(self, board: Mapping, at: float) -> bool:
        if at < self._snapshot_at:
            self.stale += 1
            return False
        self._version += 1
        self._snapshot_at = at
        new = {}
        for square, tag in board.items():
            new[_square(square)] = Seen(tag.uid_hex if tag is not None else None,
                                        self.identify(tag) if tag is not None else None)
        changed = False
        for square in set(self.observed) | set(new):
            if self._stamp.get(square, float("-inf")) > at:
                continue  # a newer event already told us about this square
            self._stamp[square] = at
            old = self.observed.get(square)
            seen = new.get(square)
            if seen is not None and seen.uid is None and old is not None and old.uid is not None:
                seen = old
            if seen is None:
                self.observed.pop(square, None)
            else:
                self.observed[square] = seen
                self._bind(square, seen)
            changed |= old != seen
        if changed:
            self.changed_at = max(self.changed_at, at)
        return changed

    def camera_reading(self, symbols: Mapping, at: float) -> None:
        """The camera's (voted) reading: square -> (symbol, confidence). Only a second opinion:
        occupancy comes from the sensor board."""
        self._version += 1
        for square, (symbol, confidence) in symbols.items():
            self.camera[_square(square)] = CameraSquare(symbol, float(confidence), at)

    def _bind(self, square: Square, seen: Seen) -> None:
        """A committed square learns its tag from a tile of the right kind put there when its
        tag is not known yet (a resumed game) or its old tile is nowhere on the board (the
        players put back another tile of the same letter: the game cannot tell them apart)."""
        if square not in self.committed or seen.uid is None or seen.tile != self.committed[square]:
            return
        old = self.committed_uid.get(square)
        if old == seen.uid:
            return
        if old is not None and any(s.uid == old for s in self.observed.values()):
            return
        if seen.uid in self.committed_uid.values():
            return
        self.committed_uid[square] = seen.uid

    # -- the committed board -----------------------------------------------------------------

    def set_committed(self, tiles: Mapping) -> None:
        """The engine's board: square -> tile identity (``"?"`` for a blank). Tags already seen
        on those squares with the right identity are bound to them, so a committed tile that
        slides elsewhere is recognised by its tag."""
        self._version += 1
        tiles = {_square(sq): name for sq, name in tiles.items()}
        self.committed = tiles
        bound = {}
        for square, name in tiles.items():
            seen = self.observed.get(square)
            old = self.committed_uid.get(square)
            if old is not None and (seen is None or seen.uid == old):
                bound[square] = old
            elif seen is not None and seen.uid is not None and (seen.tile is None or seen.tile == name):
                bound[square] = seen.uid
        self.committed_uid = bound

    # -- output ------------------------------------------------------------------------------

    def view(self, now: float) -> TableView:
        """The table at ``now`` (asked again with nothing changed, the same view)."""
        viewed = self._viewed
        if viewed is not None and viewed[0] == self._version and viewed[1] == now:
            return viewed[2]
        view = self._view(now)
        self._viewed = (self._version, now, view)
        return view

    def _view(self, now: float) -> TableView:
        uid_home = {uid: sq for sq, uid in self.committed_uid.items()}
        disturbed: set[Square] = set()
        pending: list[PendingTile] = []
        for square, name in self.committed.items():
            seen = self.observed.get(square)
            if seen is None:
                disturbed.add(square)
                continue
            if self.ink or self.by_sight:
                continue                              # still there: the camera's misreading of it
            bound = self.committed_uid.get(square)
            if bound is not None and seen.uid is not None and seen.uid != bound:
                disturbed.add(square)
            elif bound is None and seen.tile is not None and seen.tile != name:
                disturbed.add(square)
        for square, seen in sorted(self.observed.items()):
            if square in self.committed:
                continue
            if seen.uid is not None and seen.uid in uid_home:
                disturbed.add(square)                 # a committed tile, moved here
                disturbed.add(uid_home[seen.uid])
                continue
            pending.append(PendingTile(square, seen, self.camera.get(square)))
        settled = now - self.changed_at >= self.settle
        return TableView(tuple(pending), tuple(sorted(disturbed)), settled, self.changed_at)

    def note_bound(self, square: Square, uid: str) -> None:
        """After the tag of a committed tile was read (e.g. on resume), remember it."""
        self._version += 1
        self.committed_uid[_square(square)] = uid


# -- the turn --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Proposal:
    """The tiles put down this turn, asked for by the end of the turn."""

    tiles: tuple[PendingTile, ...]
    reason: str  # "button" or "quiet"

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(t.square for t in self.tiles)


@dataclass(frozen=True)
class Blocked:
    """The turn cannot end: committed tiles are out of place (``squares``), or the sensors cannot
    see the table (no squares: the press is held until they do)."""

    squares: tuple[Square, ...]
    message: str


@dataclass(frozen=True)
class NothingPlaced:
    """End of turn with no new tile (the adapter may ask whether it is a pass)."""

    reason: str


@dataclass
class TurnTracker:
    """The end of a turn. ``quiet``: seconds a settled placement the game accepts may stay
    untouched before the turn ends by itself (None: only the button ends it)."""

    board: BoardTracker
    quiet: float | None = None
    end_wait: float = 5.0        # how long an end-turn press waits for the board to settle
    # Whether the sensors have reported the table as it was at a time (a camera reads every so
    # often: a press waits for a reading taken after it); default: they report at once.
    caught_up: Callable[[float], bool] = field(default=lambda since: True, repr=False)
    # What keeps the sensors from seeing the table now (a hand over the board, a camera gone), in
    # one line, or None. A press the sensors could not catch up with is held while it says.
    blocked_view: Callable[[], str | None] = field(default=lambda: None, repr=False)
    _end_requested_at: float | None = None
    _said_blocked: str | None = field(default=None, repr=False)
    _caught_up_at: float | None = field(default=None, repr=False)   # the sensors' first look after a press
    _accepted_at: float | None = field(default=None, repr=False)   # changed_at of an accepted view

    def request_end(self, now: float) -> None:
        self._end_requested_at = now
        self._said_blocked = None
        self._caught_up_at = None

    @property
    def end_requested(self) -> bool:
        return self._end_requested_at is not None

    def cancel_end(self) -> None:
        self._end_requested_at = None
        self._said_blocked = None
        self._caught_up_at = None

    def accepted(self, view: TableView) -> None:
        """The game found this settled view's placement valid: the quiet time may run."""
        self._accepted_at = view.changed_at

    def poll(self, now: float):
        """A :class:`Proposal`, :class:`Blocked`, :class:`NothingPlaced`, or None (not yet)."""
        view = self.board.view(now)
        reason = None
        if self._end_requested_at is not None:
            waited = now - self._end_requested_at
            caught_up = self.caught_up(self._end_requested_at)
            if not caught_up:
                # Never a move from a reading taken before the press: the press holds until the
                # sensors have looked at the table since (the camera: a hand over the board, a slow
                # camera, a camera gone), and the players are told what is in the way (once).
                why = self.blocked_view()
                if why is not None and why != self._said_blocked and waited >= self.end_wait:
                    self._said_blocked = why
                    return Blocked((), f"the turn ends when the camera sees the board: {why}")
                return None
            if self._caught_up_at is None:
                self._caught_up_at = now
            if not view.settled and min(waited, now - self._caught_up_at) < self.end_wait:
                return None          # a tile is still moving: wait (counted from the fresh readings)
            reason = "button"
        elif (self.quiet is not None and view.settled and view.pending and not view.disturbed
              and self._accepted_at == view.changed_at and now - view.changed_at >= self.quiet):
            reason = "quiet"
        if reason is None:
            return None
        self._end_requested_at = None
        self._accepted_at = None
        self._said_blocked = None
        self._caught_up_at = None
        if view.disturbed:
            names = ", ".join(square_name(s) for s in view.disturbed)
            if self.board.ink:
                return Blocked(view.disturbed, f"a letter already played was rubbed out ({names}): write it again")
            return Blocked(view.disturbed, f"a tile that was already played is out of place ({names}): "
                                           "put it back")
        if not view.settled:
            return Blocked(view.squares, "the tiles are still moving")
        if not view.pending:
            return NothingPlaced(reason)
        return Proposal(view.pending, reason)



def square_names(squares: Iterable[Square]) -> str:
    return ", ".join(square_name(s) for s in squares)
