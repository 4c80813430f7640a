"""The Dexikon card set: card kinds, their letters, points, cost and effects, loaded from a file.

The published card list is not public, so the card set is data an owner can transcribe from the
box. wordboard ships its own stand-in (``data/standin.cards``), labelled as such: it has the
rulebook's card counts (71 core, 53 pool) and the effect kinds the rulebook names for the known
letters (returns on B C R F X Y, attacks on M V Z, end-of-game bonus on N and P, B's end-of-game
return, L in solo play), but its points, costs and the other letters' effects are wordboard's.

File format (see :mod:`wordboard.datafile`)::

    name: wordboard stand-in
    max-players: 5
    [core]
    penalty: PENALTY              # the dark pink ? card
    special-penalty: SPECIAL      # the purple ? card (optional)
    cards:
    # name     letters  points  cost  count  effects
    AT         AT       1       0     14
    PENALTY    ?        0       0     24
    [pool]
    cards:
    B          B        3       4     2      return 1; end-return 2
    [start]
    deck: AT 2, ES 2, IOU 2, PENALTY 4

``letters`` is the letters the card can stand for (``AT`` is A or T) or ``?`` for any letter.
Core cards cost 0 and every pool card costs at least 1 (the rulebook's "0-cost card" is a core
card). ``effects`` is a ``;``-separated list from the vocabulary in :data:`EFFECT_KINDS`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from wordboard.datafile import DataFile, Line

__all__ = [
    "EffectType",
    "Effect",
    "EFFECT_KINDS",
    "CardKind",
    "CardSet",
    "load_card_set",
    "parse_card_set",
    "STANDIN_PATH",
]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
WILD = "?"


class EffectType(enum.Enum):
    """The coloured effect types of the rulebook."""

    ACTION = "action"        # blue: resolved once during your turn, in any order
    ATTACK = "attack"        # orange: at the end of your turn, if part of a valid word
    RESPONSE = "response"    # yellow: shown from the hand during another player's turn
    CLEANUP = "cleanup"      # green: at cleanup
    END = "end"              # black: at the end of the game


@dataclass(frozen=True)
class EffectKind:
    """One word of the effect vocabulary: its type, whether it takes a number, what it does."""

    name: str
    type: EffectType
    takes_amount: bool
    meaning: str


#: The effect vocabulary. Every card's effects are written with these words, so no card needs
#: code of its own.
EFFECT_KINDS: dict[str, EffectKind] = {k.name: k for k in [
    EffectKind("return", EffectType.ACTION, True,
               "return up to N cards from your hand or discard pile"),
    EffectKind("draw", EffectType.ACTION, True, "draw N cards now"),
    EffectKind("points", EffectType.ACTION, True,
               "N more points to use this turn (not part of the word's value)"),
    EffectKind("attack", EffectType.ATTACK, False, "each opponent gains a Penalty"),
    EffectKind("response", EffectType.RESPONSE, False,
               "show it from your hand to ignore another player's attacks"),
    EffectKind("solo-ward", EffectType.RESPONSE, False,
               "solo play: while you hold it, Penalties in the pool go to the Penalty stack"),
    EffectKind("extra", EffectType.CLEANUP, True, "draw N extra cards at cleanup"),
    EffectKind("bonus", EffectType.END, True, "N bonus points at the end of the game"),
    EffectKind("end-return", EffectType.END, True,
               "at the end of the game, return up to N cards not used in your last word"),
]}


@dataclass(frozen=True)
class Effect:
    """One effect printed on a card: ``return 2``, ``attack``."""

    kind: str
    amount: int = 0

    @property
    def type(self) -> EffectType:
        return EFFECT_KINDS[self.kind].type

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if EFFECT_KINDS[self.kind].takes_amount else self.kind


class Role(enum.Enum):
    """Where a kind of card lives in the box."""

    CORE = "core"                      # AT, ES, IOU: 0-cost stacks in the middle
    PENALTY = "penalty"                # dark pink ?: a core stack; -2 each at the end
    SPECIAL_PENALTY = "special"        # purple ?: set aside; replaces Penalties for young players
    POOL = "pool"                      # the pool cards


@dataclass(frozen=True)
class CardKind:
    """A kind of card (all ``AT`` cards are one kind). Cards themselves are :class:`Card`."""

    name: str
    letters: str                       # the letters it can stand for; "" means any letter
    points: int
    cost: int
    count: int
    role: Role
    effects: tuple[Effect, ...] = ()

    @property
    def is_wild(self) -> bool:
        return self.letters == ""

    @property
    def is_core(self) -> bool:
        """Core cards: AT, ES, IOU and both ? cards (0 cost)."""
        return self.role is not Role.POOL

    @property
    def is_penalty(self) -> bool:
        """A Penalty or a Special Penalty: -2 each at the end of the game."""
        return self.role in (Role.PENALTY, Role.SPECIAL_PENALTY)

    def can_be(self, letter: str) -> bool:
        return self.is_wild or letter in self.letters

    def effects_of(self, type_: EffectType) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.type is type_)

    def amount(self, kind: str) -> int:
        """The total amount of the effects of ``kind`` (``extra``, ``bonus`` ...) on this card."""
        return sum(e.amount or 1 for e in self.effects if e.kind == kind)

    def has(self, kind: str) -> bool:
        return any(e.kind == kind for e in self.effects)

    @property
    def letters_label(self) -> str:
        return self.letters or WILD

    def describe(self) -> str:
        effects = "; ".join(str(e) for e in self.effects) or "no effect"
        return f"{self.name} [{self.letters_label}] {self.points} pt, cost {self.cost}: {effects}"


@dataclass(frozen=True)
class Card:
    """One physical card: an id unique in the game and its kind."""

    id: int
    kind: CardKind

    @property
    def name(self) -> str:
        return self.kind.name

    def __repr__(self) -> str:
        return f"{self.kind.name}#{self.id}"


@dataclass(frozen=True)
class CardSet:
    """A whole Dexikon box: core and pool kinds and the starting deck."""

    name: str
    kinds: tuple[CardKind, ...]
    starting_deck: tuple[tuple[str, int], ...]
    penalty: str
    special_penalty: str | None
    max_players: int
    notice: str = ""
    source: str = "<text>"
    _by_name: dict[str, CardKind] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_name.update({k.name: k for k in self.kinds})

    def kind(self, name: str) -> CardKind:
        """The kind called ``name`` (case-insensitive); KeyError if there is none."""
        return self._by_name[name.upper()]

    def __contains__(self, name: str) -> bool:
        return name.upper() in self._by_name

    @property
    def core_kinds(self) -> tuple[CardKind, ...]:
        return tuple(k for k in self.kinds if k.role in (Role.CORE, Role.PENALTY))

    @property
    def pool_kinds(self) -> tuple[CardKind, ...]:
        return tuple(k for k in self.kinds if k.role is Role.POOL)

    @property
    def penalty_kind(self) -> CardKind:
        return self._by_name[self.penalty]

    @property
    def special_penalty_kind(self) -> CardKind | None:
        return self._by_name[self.special_penalty] if self.special_penalty else None

    def count(self, role: Role | None = None) -> int:
        return sum(k.count for k in self.kinds if role is None or k.role is role)


_NAME = re.compile(r"^[A-Z0-9][A-Z0-9_\-]*$|^\?$")


def _parse_effects(text: str, df: DataFile, line: int) -> tuple[Effect, ...]:
    effects = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            raise df.error(line, "empty effect between ';'")
        words = part.split()
        name = words[0].lower()
        if name not in EFFECT_KINDS:
            known = ", ".join(EFFECT_KINDS)
            raise df.error(line, f"unknown effect '{words[0]}' (known: {known})")
        kind = EFFECT_KINDS[name]
        if kind.takes_amount:
            if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= 20:
                raise df.error(line, f"effect '{part}': expected '{name} N' with N from 1 to 20")
            effects.append(Effect(name, int(words[1])))
        else:
            if len(words) != 1:
                raise df.error(line, f"effect '{part}': '{name}' takes no number")
            effects.append(Effect(name))
    return tuple(effects)


def _parse_card_line(line: Line, df: DataFile, role: Role) -> CardKind:
    parts = line.text.split(None, 5)
    if len(parts) < 5:
        raise df.error(line.number, "expected 'name letters points cost count [effects]', got "
                                    f"{line.text!r}")
    name, letters, points, cost, count = (p.upper() for p in parts[:5])
    if not _NAME.match(name):
        raise df.error(line.number, f"card name {parts[0]!r}: use letters, digits, '-' or '_'")
    if letters == WILD:
        letters = ""
    elif not letters.isalpha() or not letters.isascii():
        raise df.error(line.number, f"letters {parts[1]!r}: expected letters A-Z or '?'")
    elif len(set(letters)) != len(letters):
        raise df.error(line.number, f"letters {parts[1]!r}: a letter is given twice")
    numbers = {}
    for label, text, low, high in (("points", points, 0, 20), ("cost", cost, 0, 30),
                                   ("count", count, 1, 100)):
        if not text.isdigit() or not low <= int(text) <= high:
            raise df.error(line.number, f"{label} {text!r}: expected a whole number from {low} "
                                        f"to {high}")
        numbers[label] = int(text)
    if role is Role.POOL and numbers["cost"] == 0:
        raise df.error(line.number, f"pool card {name} costs 0: only core cards cost 0")
    if role is not Role.POOL and numbers["cost"] != 0:
        raise df.error(line.number, f"core card {name} costs {numbers['cost']}: core cards cost 0")
    effects = _parse_effects(parts[5], df, line.number) if len(parts) == 6 else ()
    return CardKind(name, letters, numbers["points"], numbers["cost"], numbers["count"], role,
                    effects)


def parse_card_set(text: str, path: str | Path = "<text>") -> CardSet:
    """Parse and check a card set; every problem is a :class:`DataFileError` naming its line."""
    return _build(DataFile(text, path))


def _build(df: DataFile) -> CardSet:
    path = df.path
    df.check_sections({"core", "pool", "start"})
    top = df.section("")
    name = top.get("name", default="unnamed card set")
    notice = top.get("notice", default="")
    max_players = top.get("max-players", _int_between(1, 12), default=5)
    total_core = top.get("total-core", _int_between(1, 1000))
    total_pool = top.get("total-pool", _int_between(1, 1000))
    top.check_unknown({"name", "notice", "max-players", "total-core", "total-pool"})

    core = df.section("core")
    pool = df.section("pool")
    start = df.section("start")
    kinds: dict[str, CardKind] = {}
    lines: dict[str, int] = {}
    for section, role in ((core, Role.CORE), (pool, Role.POOL)):
        for line in section.block("cards"):
            kind = _parse_card_line(line, df, role)
            if kind.name in kinds:
                raise df.error(line.number, f"card {kind.name} is listed twice (first on line "
                                            f"{lines[kind.name]})")
            kinds[kind.name] = kind
            lines[kind.name] = line.number

    def core_name(key: str) -> str:
        entry = core.entry(key)
        value = entry.value.upper()
        if value not in kinds or kinds[value].role is Role.POOL:
            raise df.error(entry.line, f"{key}: {entry.value!r} is not a card in [core]")
        if not kinds[value].is_wild:
            raise df.error(entry.line, f"{key}: {value} must be a '?' card")
        return value

    penalty = core_name("penalty")
    special = core_name("special-penalty") if "special-penalty" in core else None
    if special == penalty:
        raise df.error(core.entry("special-penalty").line,
                       "special-penalty must be another card than penalty")
    core.check_unknown({"penalty", "special-penalty", "cards"})
    kinds[penalty] = _with_role(kinds[penalty], Role.PENALTY)
    if special:
        kinds[special] = _with_role(kinds[special], Role.SPECIAL_PENALTY)
    pool.check_unknown({"cards"})

    deck_entry = start.entry("deck")
    deck: list[tuple[str, int]] = []
    for part in (p.strip() for p in deck_entry.value.split(",")):
        words = part.split()
        if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
            raise df.error(deck_entry.line, f"deck: expected 'NAME COUNT, ...', got {part!r}")
        card = words[0].upper()
        if card not in kinds or kinds[card].role not in (Role.CORE, Role.PENALTY):
            raise df.error(deck_entry.line, f"deck: {words[0]!r} is not a core card "
                                            "(starting decks are made of core cards)")
        if any(card == n for n, _ in deck):
            raise df.error(deck_entry.line, f"deck: {card} is given twice")
        deck.append((card, int(words[1])))
    start.check_unknown({"deck"})

    card_set = CardSet(name, tuple(kinds.values()), tuple(deck), penalty, special, max_players,
                       notice, str(path))
    for label, expected, got, section in (
            ("core", total_core, card_set.count() - card_set.count(Role.POOL), core),
            ("pool", total_pool, card_set.count(Role.POOL), pool)):
        if expected is not None and got != expected:
            raise df.error(section.entry("cards").line,
                           f"[{label}] has {got} cards but total-{label} says {expected}")
    if not card_set.pool_kinds:
        raise df.error(pool.line, "[pool] lists no cards")
    for card, count in deck:
        if count > kinds[card].count:
            raise df.error(deck_entry.line, f"deck: {count} {card} but the set has only "
                                            f"{kinds[card].count}")
    return card_set


def _with_role(kind: CardKind, role: Role) -> CardKind:
    return CardKind(kind.name, kind.letters, kind.points, kind.cost, kind.count, role, kind.effects)


def _int_between(low: int, high: int) -> Callable[[str], int]:
    def convert(text: str) -> int:
        if not text.isdigit() or not low <= int(text) <= high:
            raise ValueError(f"expected a whole number from {low} to {high}, got {text!r}")
        return int(text)
    return convert


STANDIN_PATH = "standin.cards"


def load_card_set(path: str | Path | None = None) -> CardSet:
    """Load a card set file; ``None`` loads wordboard's stand-in set shipped with the package."""
    if path is None:
        text = resources.files("wordboard.dexikon").joinpath("data", STANDIN_PATH).read_text(
            encoding="utf-8")
        return parse_card_set(text, f"wordboard/dexikon/data/{STANDIN_PATH}")
    return _build(DataFile.read(path, what="Dexikon card set"))
