"""The games wordboard plays: one registry, one description per game family.

Everything outside a game's own folder finds games here and only here: the command line (which
names ``--game`` takes), ``wordboard run`` (how to start a game, its table adapter, its scripted
players for the twin), the journal (how a game's events are written and replayed), the screen (the
game's own view) and ``wordboard play`` (its terminal game). A family is a :class:`GameFamily`
subclass, registered with :func:`register`; the four built in are described in their folders
(``wordboard/crossword/family.py``...) and imported the first time the registry is asked, so
asking costs nothing until a game is used.

A family has one or more editions, each a name ``--game`` accepts: the crossword family plays
``lexulous`` and ``scrabble``; the others are one edition of their own name.

Adding a game: a folder with its engine (see :mod:`wordboard.engine`), its table adapter, codec,
view and players, and a ``family.py`` whose :class:`GameFamily` is registered (ARCHITECTURE.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from wordboard.errors import UserError

if TYPE_CHECKING:
    from wordboard.journal import GameCodec, Journal, JournaledGame

__all__ = ["GameFamily", "families", "family", "family_for_kind", "game_names", "register", "resolve"]

#: The families built in, by the module that describes each (imported on first use).
BUILTIN = ("wordboard.crossword.family", "wordboard.hexx.family", "wordboard.extradiction.family",
           "wordboard.dexikon.family")

#: Tile games are sensed by what lies on the squares (RFID tags, the camera reading tiles or
#: cards); written games by the camera reading what was written on the board.
TILES = "tiles"
WRITTEN = "written"


class GameFamily:
    """One game family: its names, and how the board, the journal and the screen play it.

    Subclasses set the class attributes and implement the methods; the methods import what they
    need when called, so that describing a game costs nothing at start-up.
    """

    #: The family's name, e.g. ``crossword``.
    name: ClassVar[str]
    #: As players write it, e.g. ``HEXX``.
    title: ClassVar[str]
    #: The journal's name for the family's games (kept as journals have always written it).
    kind: ClassVar[str]
    #: The names ``--game`` takes for this family and the edition each one plays.
    editions: ClassVar[Mapping[str, str]]
    #: How the table senses a move: :data:`TILES` or :data:`WRITTEN`.
    sensing: ClassVar[str] = TILES
    #: What a tile with no letter on it is when the camera alone reads the tiles: a blank (``?``),
    #: or the game's own letterless tile (HEXX's wild tile, ``*``).
    letterless_tile: ClassVar[str] = "?"
    #: Whether the twin's virtual camera looks at the table as well as the sensor board.
    twin_camera: ClassVar[bool] = False
    #: Whether the game is for children: everything the screen shows and says of it goes through
    #: the children's gate (:func:`wordboard.extradiction.childtext.for_child`).
    for_children: ClassVar[bool] = False
    #: Seconds a placement must stay put before it counts (written letters take longer).
    min_settle: ClassVar[float] = 0.0
    #: ``wordboard games export``'s default format for the family's games.
    record_format: ClassVar[str] = "json"
    #: The word list a new game uses unless told otherwise.
    default_lexicon: ClassVar[str] = "scowl:70"
    #: Game options under which every word is checked in a word list, so that the game cannot be
    #: played with none (option -> its values, e.g. ``{"level": ("3", "speed")}``): the screen's
    #: setup does not offer "none" then, and :meth:`needs_word_list` refuses it.
    word_list_options: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: ``wordboard run --game all``'s options for a short game of the family.
    quick_options: ClassVar[Mapping[str, Any]] = {}
    #: The fewest and the most players a game takes.
    player_counts: ClassVar[tuple[int, int]] = (2, 4)
    #: Whether one person may play a game of the family alone (``wordboard play``'s solo game),
    #: fewer than :attr:`player_counts` says a board's game takes: a journal may hold such games.
    solo: ClassVar[bool] = False

    @property
    def fewest_players(self) -> int:
        """The fewest players a journalled game of the family has."""
        return 1 if self.solo else self.player_counts[0]
    #: The module with ``run(args)`` and ``add_arguments(parser)`` for ``wordboard play``, if any.
    terminal: ClassVar[str | None] = None
    #: Whether a game may be played on a game clock (``wordboard run --clock``): its ``start``
    #: keeps the ``clock`` option and its engine takes the overtime penalty at the end.
    clock: ClassVar[bool] = False

    @property
    def default_edition(self) -> str:
        return next(iter(self.editions.values()))

    def game_title(self, game: Any) -> str:
        """The title of a game in play (its edition's, for families of several editions)."""
        return self.title

    def edition_name(self, edition: str) -> str:
        """The name ``--game`` takes for a journalled game of ``edition`` (its own, unless the
        edition is an owner's file: then the family's default name)."""
        for name, ed in self.editions.items():
            if ed == edition:
                return name
        return next(iter(self.editions))

    def check_edition_file(self, path: str) -> None:
        """Whether an owner's edition file is one of this family's: :class:`UserError` (one line
        naming the file and what is wrong) unless it loads."""
        raise UserError(f"{path}: {self.title} takes no edition files")

    def needs_word_list(self, options: Mapping[str, Any]) -> bool:
        """Whether a new game with ``options`` checks its words in a word list (see
        :attr:`word_list_options`; an option not given counts as :meth:`option_default`)."""
        return any(str(options.get(name) or self.option_default(name)) in values
                   for name, values in self.word_list_options.items())

    def option_default(self, name: str) -> str | None:
        """The value a new game takes for a game option not given."""
        return None

    def check_cards_file(self, path: str) -> None:
        """Whether an owner's clue card file is one this family plays: :class:`UserError` (its
        loader's one line naming the file, the line and what is wrong) unless it loads."""
        raise UserError(f"{path}: {self.title} is played without clue cards")

    # -- the journal -----------------------------------------------------------------------------

    def codec(self) -> GameCodec:
        """How the family's games go into and come out of the journal."""
        raise NotImplementedError

    def start(self, journal: Journal, edition: str, players: tuple[str, ...], *, seed: int,
              lexicon: str | None, options: Mapping[str, Any]) -> JournaledGame:
        """A new journalled game of ``edition`` (``options``: ``wordboard run``'s game options)."""
        raise NotImplementedError

    # -- the table -------------------------------------------------------------------------------

    def adapter(self, jgame: JournaledGame, session: Any) -> Any:
        """The controller's adapter for a journalled game (see
        :class:`wordboard.controller.adapters.GameAdapter`); ``session`` is the board being
        opened (its configuration, whether it is the twin)."""
        raise NotImplementedError

    def players(self, session: Any, habits: Any) -> Any:
        """The twin's scripted players for the session's game: ``step(now)`` and ``answerer``."""
        raise NotImplementedError

    def view(self, game: Any, adapter: Any = None) -> dict[str, Any]:
        """The screen's view of the game's engine (its own part of the snapshot)."""
        return {"type": "generic"}

    def describe(self, game: Any) -> list[str]:
        """Lines that show a game's position in the terminal (``wordboard games show``): the
        board, the running scores. Whose turn it is and the outcome come from the engine."""
        return []

    def empty_scene(self, edition: str) -> tuple[int, int, Any]:
        """``(rows, cols, frame)``: the LEDs' base scene of an empty board of ``edition``
        (``wordboard leds show``)."""
        raise NotImplementedError

    def clue_card(self, adapter: Any) -> tuple[Any, bool]:
        """A game played with clue cards: the card in play and whether its word may be shown."""
        return None, False

    def end_analysis(self, adapter: Any) -> Callable[[], dict[str, Any]] | None:
        """For the summary of a finished game: a function (run on a worker thread) that returns
        the analysis the screen shows, or None when the family has none."""
        return None


_FAMILIES: dict[str, GameFamily] = {}
_BY_KIND: dict[str, GameFamily] = {}
_BY_GAME: dict[str, GameFamily] = {}
_loaded = False


def register(family: GameFamily | type[GameFamily]) -> GameFamily:
    """Register a game family (a :class:`GameFamily` subclass or instance); returns the instance.

    Its name, its journal kind and each of its edition names must be new (a test can register a
    family of its own, then :func:`unregister` it)."""
    instance = family() if isinstance(family, type) else family
    _load_builtins()
    clashes = ([instance.name] if instance.name in _FAMILIES else []) + \
        ([instance.kind] if instance.kind in _BY_KIND else []) + \
        [name for name in instance.editions if name in _BY_GAME]
    if clashes:
        raise ValueError(f"a game family named {', '.join(clashes)} is registered already")
    _add(instance)
    return instance


def unregister(name: str) -> None:
    """Remove a family registered with :func:`register` (tests)."""
    family = _FAMILIES.pop(name)
    _BY_KIND.pop(family.kind, None)
    for game in family.editions:
        _BY_GAME.pop(game, None)


def _add(instance: GameFamily) -> None:
    _FAMILIES[instance.name] = instance
    _BY_KIND[instance.kind] = instance
    for game in instance.editions:
        _BY_GAME[game] = instance


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN:
        _add(importlib.import_module(module).FAMILY)


def families() -> Iterator[GameFamily]:
    """Every registered family, the built-in ones first."""
    _load_builtins()
    return iter(list(_FAMILIES.values()))


def game_names() -> tuple[str, ...]:
    """Every name ``--game`` takes (``lexulous``, ``scrabble``, ``hexx``...)."""
    _load_builtins()
    return tuple(_BY_GAME)


def family(name: str) -> GameFamily:
    """The family by its own name or by one of its game names (``scrabble`` -> crossword)."""
    _load_builtins()
    found = _FAMILIES.get(name) or _BY_GAME.get(name)
    if found is None:
        raise UserError(f"no game called {name!r} (games: {', '.join(game_names())})")
    return found


def resolve(game: str) -> tuple[GameFamily, str]:
    """A name ``--game`` takes -> its family and the edition it plays."""
    found = family(game)
    return found, found.editions.get(game, found.default_edition)


def family_for_kind(kind: str) -> GameFamily:
    """The family of the journal's ``kind`` of game."""
    _load_builtins()
    found = _BY_KIND.get(kind)
    if found is None:
        raise UserError(f"games of kind {kind!r} cannot be replayed (known: {', '.join(sorted(_BY_KIND))})")
    return found
