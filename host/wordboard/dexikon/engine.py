"""The Dexikon rules engine: setup, the six phases of a turn, challenges, the end and scoring.

Pure: no I/O, no clock; every shuffle uses the game's own ``random.Random`` made from its seed.
Modelled on python-chess: a :class:`Game` holds the state, typed actions are checked with
:meth:`Game.is_legal` and carried out with :meth:`Game.play`, an illegal action raises
:class:`IllegalAction` naming the rule it breaks, and :attr:`Game.pending` is the decision the
game waits for (who must decide what).

A turn, as the rulebook's six phases:

1. **Play cards** - :class:`PlayCards` (from hand to the table), :class:`ResolveAction` (each
   played card's Action effects, once, in any order).
2. **Declare your word** - :class:`DeclareWord` names the row (cards on the table, in order; cards
   still in the hand may be laid straight into it) and optionally the word; without it the engine finds the dictionary words that fit the row and,
   when several do, waits for :class:`ChooseWord`. Cards on the table but not in the row go back
   to the hand. Opponents then :class:`AcceptWord` or :class:`Challenge`; the player answers a
   challenge with :class:`Concede` (agreed invalid) or :class:`Insist` (the dictionary decides).
   :class:`GiveUp` means no valid word this turn.
3. **Resolve Attack cards** - automatic, left to right, opponents clockwise from the active
   player; opponents holding a Response card are first asked (:class:`Respond`).
4. **Refresh the pool** - :class:`RefreshPool`, optional, once, before the points are used.
5. **Use your points** - :class:`Spend` or :class:`Bank`, then :class:`Buy` cards and
   :class:`EndTurn`.
6. **Cleanup** - automatic (solo play first asks which pool card to keep: :class:`KeepPoolCard`).

At the end every player declares a last word (:class:`DeclareWord` again, from all their cards,
or :class:`GiveUp`), then players with "end-return" cards may return cards (:class:`EndReturn`),
and :attr:`Game.result` holds the final scores.

Decisions where the rulebook is silent or ambiguous (each has a test):

* Words have at least two letters (:data:`~wordboard.dexikon.words.MIN_WORD_LENGTH`).
* A word declared without a challenge stands, as at the table; the dictionary is consulted only
  when a challenge is insisted on - unless the game is ``strict`` (the default in solo play,
  where nobody can challenge), when a word the dictionary lacks cannot be declared at all.
* The +1 for an empty hand is part of the word's value, so it is banked too.
* "return N" (Action) returns up to N cards from the hand or the discard pile.
* "points N" (Action) adds N points to use this turn; they are not part of the word's value and
  are not halved by banking. With no valid word they are lost.
* Cleanup effects resolve for the cards on the table at cleanup: the word's cards. With no valid
  word (giving up, or a second attempt found invalid) the cards played go back to the hand,
  as phase 2 puts back "any cards in play that you can't use in the word" - so giving up earns
  no Cleanup extras that a player who spells a word without those cards would not get either
  (issue 21: the earlier reading, extras for every card played, favoured giving up). Attack
  effects need a valid word (rulebook).
* A Response shown ignores all of this turn's attacks unless the player names which
  (:class:`Respond` ``ignored``); it stays in the hand.
* With no valid word, the player buys one 0-cost card and nothing else, and may not refresh the
  pool ("before using your points": there are none). A Penalty counts as a 0-cost core card.
* If nothing can be bought (no affordable card and every core stack empty) the turn may end
  without a purchase.
* A failed challenge over a last word allows one retry, as during the game; after two failed
  attempts the last word is worth 0.
* Solo: the pool returns are never reshuffled into the pool stack (otherwise it would never run
  out and the "final turn" rule could not happen); Penalties gained from the pool go to the
  discard pile; the pool is not refilled again after they leave it (it is at the next cleanup);
  an Attack card sets a Penalty aside when it resolves, that is when part of a valid word.
* The 7-word check happens before each turn of the first player, never before the very first
  turn; in solo play both the 7-word check and the empty pool stack end the game.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordboard.dexikon.cards import Card, CardSet, EffectType, Role
from wordboard.dexikon.scoring import STANDARD, FinalScore, ScoreSheet, Variant, final_score, rank
from wordboard.dexikon.words import MIN_WORD_LENGTH, WordList, fits_row, row_spellings
from wordboard.dictionary import fold_word
from wordboard.engine import DECISION, MOVE, OVER, Verdict, Waiting, dry_run_of
from wordboard.rules import IllegalMove, Outcome, RuleId

__all__ = [
    "HAND_SIZE", "POOL_SIZE", "SOLO_POOL_PENALTIES", "Phase", "IllegalAction", "Game", "Player",
    "Action", "PlayCards", "ResolveAction", "DeclareWord", "ChooseWord", "GiveUp", "AcceptWord",
    "Challenge", "Concede", "Insist", "Respond", "RefreshPool", "Spend", "Bank", "Buy", "EndTurn",
    "KeepPoolCard", "EndReturn",
    "Decision", "PlayDecision", "WordChoice", "ChallengeDecision", "DefendDecision",
    "ResponseDecision", "PointsDecision", "BuyDecision", "KeepDecision", "LastWordDecision",
    "EndReturnDecision", "GameOver",
]

HAND_SIZE = 6              # "draw six new cards"
POOL_SIZE = 6              # "Deal six cards from the pool stack face up"
SOLO_POOL_PENALTIES = 10   # "shuffle ten Penalties into the pool deck"

class Rule(RuleId):
    """The rules an action can break, quoting the rulebook's headings."""

    PHASE = "Taking a turn: each turn is broken into six phases"
    PLAY = "1. Play cards"
    ACTION = "1. Play cards: each Action card has an effect that you can resolve once"
    RETRY = "Challenging a player's word: a second attempt does not resolve Action effects"
    DECLARE = "2. Declare your word"
    BANKED = "Important: once you BANK a word, nobody can spell that word again"
    LENGTH = "2. Declare your word (wordboard: a word has at least two letters)"
    STRICT = "Optional: the dictionary is the authority"
    CHALLENGE = "Challenging a player's word"
    RESPONSE = "Response (yellow): show it to ignore Attack cards"
    REFRESH = "4. Refresh the pool (optional): once per turn, before using your points"
    SOLO_REFRESH = "Solo play: you can no longer choose to refresh the pool"
    POINTS = "5. Use your points: SPEND or BANK"
    BUY = "5. Buy cards for their points cost"
    BUY_ONE = "5. You must buy at least one card"
    ONE_CORE = "5. You may not buy more than one core (0 cost) card"
    NO_WORD = "If you do not spell a valid word on your turn, you must still buy a 0-cost card"
    SOLO_KEEP = "Solo play: return all but one (your choice) of the pool cards"
    LAST_WORD = "Getting the last word"
    LAST_PENALTY = "A Penalty gained in a challenge over a last word may not be used in it"
    END_RETURN = "End of the game (black): return cards not used in your last word"
    SETUP = "Setup"


R_PHASE = Rule.PHASE
R_PLAY = Rule.PLAY
R_ACTION = Rule.ACTION
R_RETRY = Rule.RETRY
R_DECLARE = Rule.DECLARE
R_BANKED = Rule.BANKED
R_LENGTH = Rule.LENGTH
R_STRICT = Rule.STRICT
R_CHALLENGE = Rule.CHALLENGE
R_RESPONSE = Rule.RESPONSE
R_REFRESH = Rule.REFRESH
R_SOLO_REFRESH = Rule.SOLO_REFRESH
R_POINTS = Rule.POINTS
R_BUY = Rule.BUY
R_BUY_ONE = Rule.BUY_ONE
R_ONE_CORE = Rule.ONE_CORE
R_NO_WORD = Rule.NO_WORD
R_SOLO_KEEP = Rule.SOLO_KEEP
R_LAST_WORD = Rule.LAST_WORD
R_LAST_PENALTY = Rule.LAST_PENALTY
R_END_RETURN = Rule.END_RETURN
R_SETUP = Rule.SETUP


class Phase(enum.Enum):
    PLAY = "play cards"
    CHOOSE_WORD = "choose the word"
    CHALLENGE = "challenge"
    DEFEND = "defend the word"
    RESPOND = "respond to attacks"
    USE_POINTS = "use points"
    BUY = "buy cards"
    KEEP_POOL_CARD = "keep a pool card"
    LAST_WORD = "last word"
    END_RETURN = "end of the game effects"
    OVER = "game over"


class IllegalAction(IllegalMove):
    """An action the rules do not allow now; ``rule`` names the rule it breaks."""

    def __init__(self, rule: str, message: str):
        super().__init__(rule, message, text=f"{message} [{rule}]")


# ---------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Action:
    """Base class of everything a player can do."""


@dataclass(frozen=True)
class PlayCards(Action):
    """Play cards (ids) from the active player's hand onto the table."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class ResolveAction(Action):
    """Resolve the Action effects of a card on the table; ``returns``: cards (ids) from the hand
    or discard pile for its "return N" effects."""

    card: int
    returns: tuple[int, ...] = ()


@dataclass(frozen=True)
class DeclareWord(Action):
    """Declare the word laid by ``row`` (card ids in order); ``word`` None lets the engine find it.

    During the game the row is made of cards on the table or still in the hand (those are played
    with the declaration); for the last word, of any of the player's cards.
    """

    row: tuple[int, ...]
    word: str | None = None


@dataclass(frozen=True)
class ChooseWord(Action):
    """Pick one of several words that fit the declared row."""

    word: str


@dataclass(frozen=True)
class GiveUp(Action):
    """No (more) word this turn, or no last word."""


@dataclass(frozen=True)
class AcceptWord(Action):
    """Nobody challenges the declared word."""


@dataclass(frozen=True)
class Challenge(Action):
    """Players (indexes) challenge the declared word."""

    challengers: tuple[int, ...]


@dataclass(frozen=True)
class Concede(Action):
    """The player agrees the word is not valid: no penalty, one more try."""


@dataclass(frozen=True)
class Insist(Action):
    """The player insists the word is valid: the dictionary decides."""


@dataclass(frozen=True)
class Respond(Action):
    """``player`` shows a Response card (or not) against this turn's attacks.

    ``ignored``: the Attack cards (ids) to ignore; None ignores them all, () shows nothing.
    """

    player: int
    ignored: tuple[int, ...] | None = None


@dataclass(frozen=True)
class RefreshPool(Action):
    """Put the whole pool on the returns pile and deal a new one."""


@dataclass(frozen=True)
class Spend(Action):
    """Use the word's full value to buy cards."""


@dataclass(frozen=True)
class Bank(Action):
    """Write the word on the score sheet; half its value (rounded down) buys cards."""


@dataclass(frozen=True)
class Buy(Action):
    """Buy a card by kind name: from the pool, or the top card of a core stack."""

    name: str


@dataclass(frozen=True)
class EndTurn(Action):
    """Stop buying; cleanup follows."""


@dataclass(frozen=True)
class KeepPoolCard(Action):
    """Solo cleanup: the one pool card (id) to keep; the others are returned."""

    card: int


@dataclass(frozen=True)
class EndReturn(Action):
    """End of the game: return these cards (ids) not used in the last word (may be empty)."""

    cards: tuple[int, ...]


#: Every action, by its name (its text form starts with it).
_ACTIONS: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    PlayCards, ResolveAction, DeclareWord, ChooseWord, GiveUp, AcceptWord, Challenge, Concede, Insist,
    Respond, RefreshPool, Spend, Bank, Buy, EndTurn, KeepPoolCard, EndReturn)}

_ACTION_LABELS: dict[type, str] = {
    PlayCards: "playing cards", ResolveAction: "resolving an Action effect",
    DeclareWord: "declaring a word", ChooseWord: "choosing a word", GiveUp: "giving up",
    AcceptWord: "accepting the word", Challenge: "a challenge", Concede: "conceding",
    Insist: "insisting", Respond: "showing a Response card", RefreshPool: "refreshing the pool",
    Spend: "spending", Bank: "banking", Buy: "buying", EndTurn: "ending the turn",
    KeepPoolCard: "keeping a pool card", EndReturn: "returning cards",
}


# ---------------------------------------------------------------------------------------------
# Decisions the game waits for


@dataclass(frozen=True)
class Decision:
    """What the game waits for: ``player`` (index) must decide."""

    player: int


@dataclass(frozen=True)
class PlayDecision(Decision):
    """Play cards, resolve Action effects, then declare a word (or give up)."""

    attempt: int
    actions_left: tuple[Card, ...]     # cards on the table whose Action effects may still resolve


@dataclass(frozen=True)
class WordChoice(Decision):
    """Several words fit the row: which one is meant?"""

    row: tuple[Card, ...]
    words: tuple[str, ...]


@dataclass(frozen=True)
class ChallengeDecision(Decision):
    """``player`` declared ``word``: do the ``challengers`` accept it or challenge it?"""

    word: str
    row: tuple[Card, ...]
    challengers: tuple[int, ...]


@dataclass(frozen=True)
class DefendDecision(Decision):
    """``player``'s word is challenged: concede or insist (the dictionary decides)."""

    word: str
    challengers: tuple[int, ...]


@dataclass(frozen=True)
class ResponseDecision(Decision):
    """Opponents holding a Response card may show it against ``attacks``; ``player`` is next."""

    attacks: tuple[Card, ...]
    waiting: tuple[int, ...]


@dataclass(frozen=True)
class PointsDecision(Decision):
    """Spend or bank ``value`` points (optionally refresh the pool first)."""

    word: str
    value: int
    can_refresh: bool
    can_bank: bool


@dataclass(frozen=True)
class BuyDecision(Decision):
    """Buy cards with ``budget`` points left; ``buyable`` names what can be bought now."""

    budget: int
    bought: tuple[Card, ...]
    buyable: tuple[str, ...]
    must_buy: bool


@dataclass(frozen=True)
class KeepDecision(Decision):
    """Solo cleanup: which pool card to keep."""

    pool: tuple[Card, ...]


@dataclass(frozen=True)
class LastWordDecision(Decision):
    """Spell a last word from ``cards`` (all the player's usable cards)."""

    attempt: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class EndReturnDecision(Decision):
    """Return up to ``limit`` of ``cards`` (not used in the last word)."""

    limit: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class GameOver(Decision):
    """Nothing to decide: ``scores`` in player order, ``places`` best first."""

    scores: tuple[FinalScore, ...]
    places: tuple[tuple[int, FinalScore], ...]


# ---------------------------------------------------------------------------------------------
# State


@dataclass
class Player:
    """A player's cards and score sheet. The top of the deck is the end of ``deck``."""

    index: int
    name: str
    sheet: ScoreSheet
    deck: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)   # solo: Penalties set aside by attacks

    def cards(self) -> list[Card]:
        """Every card the player owns (deck, hand, discard)."""
        return self.deck + self.hand + self.discard


@dataclass
class _Claim:
    player: int
    row: tuple[Card, ...]
    word: str
    last_word: bool
    challengers: tuple[int, ...] = ()


@dataclass
class _Turn:
    player: int
    number: int
    final: bool = False                       # solo: the pool stack was empty at the start
    table: list[Card] = field(default_factory=list)
    attempt: int = 1
    resolved: set[int] = field(default_factory=set)
    extra_points: int = 0
    word: _Claim | None = None
    no_word: bool = False
    value: int = 0
    refreshed: bool = False
    banked: bool = False
    budget: int = 0
    bought: list[Card] = field(default_factory=list)
    responses: dict[int, frozenset[int]] = field(default_factory=dict)
    responders: tuple[int, ...] = ()
    extras: int = 0


class Game:
    """A game of Dexikon.

    ``players``: a count or the players' names. ``special_penalties[i]``: how many of player i's
    four starting Penalties are Special Penalties (the option for young players). ``strict``:
    words must be in the dictionary to be declared (default: only in solo play).
    """

    def __init__(self, card_set: CardSet, dictionary: WordList, players: int | Sequence[str],
                 *, seed: int | None = None, variant: Variant = STANDARD,
                 special_penalties: Sequence[int] = (), first_player: int | None = None,
                 strict: bool | None = None):
        names = ([f"Player {i + 1}" for i in range(players)] if isinstance(players, int)
                 else [str(n) for n in players])
        if not 1 <= len(names) <= card_set.max_players:
            raise IllegalAction(R_SETUP, f"this card set is for 1 to {card_set.max_players} "
                                         f"players, not {len(names)}")
        self.card_set = card_set
        self.dictionary = dictionary
        self.variant = variant
        self.seed = seed
        self.solo = len(names) == 1
        self.strict = self.solo if strict is None else strict
        self._rng = random.Random(seed)
        self.banked_words: set[str] = set()
        self.turns_taken = 0
        self.phase = Phase.PLAY
        self.log: list[str] = []

        # Every card of the box, each with its own id.
        self.cards: list[Card] = []
        for kind in card_set.kinds:
            for _ in range(kind.count):
                self.cards.append(Card(len(self.cards), kind))
        self._by_id = {c.id: c for c in self.cards}

        # "Put the core cards ... in three separate stacks. Put the purple ? cards to one side."
        self.stacks: dict[str, list[Card]] = {k.name: [] for k in card_set.core_kinds}
        self.box: list[Card] = []          # out of the game from the start (purple ?, solo extras)
        self.removed: list[Card] = []      # returned Special Penalties: "remove it from the game"
        pool_cards: list[Card] = []
        for card in self.cards:
            if card.kind.role is Role.POOL:
                pool_cards.append(card)
            elif card.kind.role is Role.SPECIAL_PENALTY:
                self.box.append(card)
            else:
                self.stacks[card.kind.name].append(card)
        # "Shuffle all of the pool cards together ... Deal six cards ... sorted in order of cost."
        self._rng.shuffle(pool_cards)
        self.pool_stack: list[Card] = pool_cards
        self.pool_returns: list[Card] = []
        self.pool: list[Card] = []
        self._refill_pool(reshuffle=False)

        # Starting decks, with the Special Penalty option.
        specials = list(special_penalties) + [0] * (len(names) - len(special_penalties))
        if len(specials) > len(names):
            raise IllegalAction(R_SETUP, "more special-penalty counts than players")
        penalties_in_deck = dict(card_set.starting_deck).get(card_set.penalty, 0)
        special_kind = card_set.special_penalty_kind
        if any(s < 0 or s > penalties_in_deck for s in specials):
            raise IllegalAction(R_SETUP, f"a player can have 0 to {penalties_in_deck} Special "
                                         "Penalties instead of Penalties")
        if sum(specials) and (special_kind is None or sum(specials) > special_kind.count):
            have = special_kind.count if special_kind else 0
            raise IllegalAction(R_SETUP, f"the card set has {have} Special Penalty cards, "
                                         f"{sum(specials)} asked for")
        for name, count in card_set.starting_deck:
            needed = count * len(names)
            if needed > len(self.stacks[name]):
                raise IllegalAction(R_SETUP, f"the card set has {len(self.stacks[name])} {name} "
                                             f"cards, {needed} needed for {len(names)} players")
        self.first_player = (self._rng.randrange(len(names)) if first_player is None
                             else first_player)
        if not 0 <= self.first_player < len(names):
            raise IllegalAction(R_SETUP, f"no player {self.first_player + 1}")
        self.players: list[Player] = []
        for index, name in enumerate(names):
            player = Player(index, name, ScoreSheet(name, first=index == self.first_player))
            for kind_name, count in card_set.starting_deck:
                if kind_name == card_set.penalty:
                    count -= specials[index]
                    for _ in range(specials[index]):
                        special = next(c for c in self.box if c.kind is special_kind)
                        self.box.remove(special)
                        player.deck.append(special)
                for _ in range(count):
                    player.deck.append(self.stacks[kind_name].pop())
            self._rng.shuffle(player.deck)
            self._draw(player, HAND_SIZE)
            self.players.append(player)

        if self.solo:
            # "shuffle ten Penalties into the pool deck after revealing the six cards in the
            # starting pool. Put the rest of the Penalty cards back in the box."
            stack = self.stacks[card_set.penalty]
            self.pool_stack.extend(stack[:SOLO_POOL_PENALTIES])
            self.box.extend(stack[SOLO_POOL_PENALTIES:])
            stack.clear()
            self._rng.shuffle(self.pool_stack)

        self.turn: _Turn = _Turn(self.first_player, 0)
        self._claim: _Claim | None = None
        self._word_options: tuple[Card, ...] | None = None
        self._choice_words: tuple[str, ...] = ()
        self._choice_last = False
        self._last_queue: list[int] = []
        self._last_attempt = 1
        self._unusable: dict[int, set[int]] = {}
        self._last_rows: dict[int, tuple[Card, ...]] = {}
        self._end_queue: list[int] = []
        self.result: GameOver | None = None
        self._start_turn(self.first_player)

    # -- reading the state ------------------------------------------------------------------

    @property
    def current(self) -> Player:
        """The player whose turn it is (during the last words: whose last word it is)."""
        if (self.phase is Phase.LAST_WORD or (self._claim is not None and self._claim.last_word)
                or (self.phase is Phase.CHOOSE_WORD and self._choice_last)):
            return self.players[self._last_queue[0]]
        if self.phase is Phase.END_RETURN:
            return self.players[self._end_queue[0]]
        return self.players[self.turn.player]

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards on the table this turn, in order (the row once a word is declared)."""
        return tuple(self.turn.table)

    @property
    def penalty_stack(self) -> list[Card]:
        return self.stacks[self.card_set.penalty]

    def card(self, card_id: int) -> Card:
        try:
            return self._by_id[card_id]
        except KeyError:
            raise IllegalAction(R_PHASE, f"there is no card #{card_id}") from None

    def opponents(self, player: int) -> list[int]:
        """The other players in clockwise order from ``player``."""
        n = len(self.players)
        return [(player + i) % n for i in range(1, n)]

    def zones(self) -> dict[str, list[Card]]:
        """Every place a card can be, named; each card is in exactly one (tests check this)."""
        zones: dict[str, list[Card]] = {
            "pool": self.pool, "pool stack": self.pool_stack, "pool returns": self.pool_returns,
            "box": self.box, "removed": self.removed, "table": self.turn.table,
        }
        for name, stack in self.stacks.items():
            zones[f"stack {name}"] = stack
        for p in self.players:
            for zone in ("deck", "hand", "discard", "set_aside"):
                zones[f"{p.name} {zone}"] = getattr(p, zone)
        return zones

    @property
    def pending(self) -> Decision:
        """The decision the game is waiting for."""
        t = self.turn
        if self.phase is Phase.OVER:
            assert self.result is not None
            return self.result
        if self.phase is Phase.PLAY:
            left = tuple(c for c in t.table if c.id not in t.resolved
                         and c.kind.effects_of(EffectType.ACTION)) if t.attempt == 1 else ()
            return PlayDecision(t.player, t.attempt, left)
        if self.phase is Phase.CHOOSE_WORD:
            assert self._word_options is not None
            return WordChoice(self.current.index, self._word_options, self._choice_words)
        if self.phase is Phase.CHALLENGE:
            c = self._claim
            assert c is not None
            return ChallengeDecision(c.player, c.word, c.row, tuple(self.opponents(c.player)))
        if self.phase is Phase.DEFEND:
            c = self._claim
            assert c is not None
            return DefendDecision(c.player, c.word, c.challengers)
        if self.phase is Phase.RESPOND:
            waiting = tuple(p for p in t.responders if p not in t.responses)
            assert t.word is not None
            return ResponseDecision(waiting[0], self._attacks(t.word.row), waiting)
        if self.phase is Phase.USE_POINTS:
            assert t.word is not None
            return PointsDecision(t.player, t.word.word, t.value, self._can_refresh(),
                                  t.word.word not in self.banked_words)
        if self.phase is Phase.BUY:
            buyable = self._buyable()
            return BuyDecision(t.player, t.budget, tuple(t.bought), buyable,
                               not t.bought and bool(buyable))
        if self.phase is Phase.KEEP_POOL_CARD:
            return KeepDecision(t.player, tuple(self.pool))
        if self.phase is Phase.LAST_WORD:
            p = self._last_queue[0]
            return LastWordDecision(p, self._last_attempt, self.last_word_cards(p))
        if self.phase is Phase.END_RETURN:
            p = self._end_queue[0]
            return EndReturnDecision(p, self._end_return_limit(p), self._end_return_cards(p))
        raise AssertionError(self.phase)  # pragma: no cover

    # -- playing ------------------------------------------------------------------------------

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be played now."""
        try:
            self._dispatch(action, apply=False)
        except IllegalAction:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) if ``action`` may not be played now."""
        self._dispatch(action, apply=False)

    # -- the engine protocol (wordboard.engine) ------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def waiting_for(self) -> Waiting:
        pending = self.pending
        if isinstance(pending, GameOver):
            return Waiting(OVER, None)
        if isinstance(pending, PlayDecision):
            return Waiting(MOVE, pending.player, pending)
        return Waiting(DECISION, pending.player, pending)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def dry_run(self, action: Action) -> Verdict:
        return dry_run_of(self.check, action)

    def push(self, action: Action) -> None:
        """Take an action (every move and every answer of Dexikon is one)."""
        self.play(action)

    def can_pop(self) -> bool:
        return False

    def pop(self) -> None:
        raise IllegalAction(Rule.PHASE, "an action taken is not taken back")

    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        best = r.places[0][0] if r.places else None
        return Outcome({s.name: s.total for s in r.scores},
                       tuple(s.name for place, s in r.places if place == best), "the game is over")

    def move_text(self, action: Action) -> str:
        """The action's name and its fields: ``PlayCards cards=3,5``, ``DeclareWord row=3,5,9
        word=CAT``, ``Buy name=AT``, ``Bank``."""
        parts = [type(action).__name__]
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if value is None:
                continue
            shown = ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
            parts.append(f"{f.name}={shown}")
        return " ".join(parts)

    def parse_move(self, text: str) -> Action:
        words = text.split()
        cls = _ACTIONS.get(words[0]) if words else None
        if cls is None:
            raise ValueError(f"not an action: {text.strip()!r} (one of {', '.join(_ACTIONS)})")
        kinds = {f.name: f.type for f in dataclasses.fields(cls)}
        values: dict[str, object] = {}
        for word in words[1:]:
            name, eq, value = word.partition("=")
            if not eq or name not in kinds:
                raise ValueError(f"{word!r}: {cls.__name__} takes {', '.join(kinds) or 'nothing'}")
            kind = str(kinds[name])
            if "tuple" in kind:
                values[name] = tuple(int(v) for v in value.split(",") if v)
            elif kind.startswith("int"):
                values[name] = int(value)
            else:
                values[name] = value
        return cls(**values)

    def play(self, action: Action) -> None:
        """Carry out ``action``; :class:`IllegalAction` (and no change) if it breaks a rule."""
        self._dispatch(action, apply=True)

    def _dispatch(self, action: Action, apply: bool) -> None:
        # Each handler takes the action of its own class (hence Any).
        handlers: dict[type[Action], tuple[Callable[[Any, bool], None], tuple[Phase, ...]]] = {
            PlayCards: (self._play_cards, (Phase.PLAY,)),
            ResolveAction: (self._resolve_action, (Phase.PLAY,)),
            DeclareWord: (self._declare, (Phase.PLAY, Phase.LAST_WORD)),
            ChooseWord: (self._choose_word, (Phase.CHOOSE_WORD,)),
            GiveUp: (self._give_up, (Phase.PLAY, Phase.LAST_WORD)),
            AcceptWord: (self._accept, (Phase.CHALLENGE,)),
            Challenge: (self._challenge, (Phase.CHALLENGE,)),
            Concede: (self._concede, (Phase.DEFEND,)),
            Insist: (self._insist, (Phase.DEFEND,)),
            Respond: (self._respond, (Phase.RESPOND,)),
            RefreshPool: (self._refresh, (Phase.USE_POINTS,)),
            Spend: (self._use_points, (Phase.USE_POINTS,)),
            Bank: (self._use_points, (Phase.USE_POINTS,)),
            Buy: (self._buy, (Phase.BUY,)),
            EndTurn: (self._end_turn, (Phase.BUY,)),
            KeepPoolCard: (self._keep, (Phase.KEEP_POOL_CARD,)),
            EndReturn: (self._end_return, (Phase.END_RETURN,)),
        }
        if type(action) not in handlers:
            raise IllegalAction(R_PHASE, f"{action!r} is not a Dexikon action")
        handler, phases = handlers[type(action)]
        if self.phase not in phases:
            rule = R_REFRESH if isinstance(action, RefreshPool) else R_PHASE
            who = self.players[self.pending.player].name
            raise IllegalAction(rule, f"{_ACTION_LABELS[type(action)]} is not possible now: the "
                                      f"game waits for {who} ({self.phase.value})")
        handler(action, apply)

    # phase 1 ----------------------------------------------------------------------------------

    def _ids(self, ids: Iterable[int], zone: Sequence[Card], where: str, rule: str) -> list[Card]:
        ids = list(ids)
        if len(set(ids)) != len(ids):
            raise IllegalAction(rule, "the same card is named twice")
        in_zone = {c.id: c for c in zone}
        cards = []
        for i in ids:
            if i not in in_zone:
                raise IllegalAction(rule, f"{self.card(i)!r} is not in {where}")
            cards.append(in_zone[i])
        return cards

    def _play_cards(self, action: PlayCards, apply: bool) -> None:
        player = self.current
        cards = self._ids(action.cards, player.hand, "the hand", R_PLAY)
        if not cards:
            raise IllegalAction(R_PLAY, "no cards named")
        if apply:
            for c in cards:
                player.hand.remove(c)
                self.turn.table.append(c)

    def _resolve_action(self, action: ResolveAction, apply: bool) -> None:
        t = self.turn
        player = self.current
        (card,) = self._ids([action.card], t.table, "play on the table", R_ACTION)
        effects = card.kind.effects_of(EffectType.ACTION)
        if not effects:
            raise IllegalAction(R_ACTION, f"{card.name} has no Action effect")
        if t.attempt > 1:
            raise IllegalAction(R_RETRY, "Action effects are not resolved on a second attempt")
        if card.id in t.resolved:
            raise IllegalAction(R_ACTION, f"{card.name}'s Action effect was already resolved")
        limit = sum(e.amount for e in effects if e.kind == "return")
        returns = self._ids(action.returns, player.hand + player.discard,
                            "the hand or the discard pile", R_ACTION)
        if len(returns) > limit:
            raise IllegalAction(R_ACTION, f"{card.name} returns at most {limit} card(s), "
                                          f"{len(returns)} named")
        if not apply:
            return
        t.resolved.add(card.id)
        for c in returns:
            (player.hand if c in player.hand else player.discard).remove(c)
            self._return(c)
        for effect in effects:
            if effect.kind == "draw":
                self._draw(player, effect.amount)
            elif effect.kind == "points":
                t.extra_points += effect.amount
        self.log.append(f"{player.name} resolves {card.name}"
                        + (f", returning {', '.join(c.name for c in returns)}" if returns else ""))

    # phase 2 ----------------------------------------------------------------------------------

    def _declare(self, action: DeclareWord, apply: bool) -> None:
        last = self.phase is Phase.LAST_WORD
        player = self.current
        if last:
            usable = self.last_word_cards(player.index)
            row = self._ids(action.row, usable, f"{player.name}'s usable cards", R_LAST_PENALTY)
            exclude: set[str] = set()
        else:
            row = self._ids(action.row, self.turn.table + player.hand,
                            "play on the table or in the hand", R_DECLARE)
            exclude = self.banked_words
        if len(row) < MIN_WORD_LENGTH:
            raise IllegalAction(R_LENGTH, f"a word needs at least {MIN_WORD_LENGTH} cards")
        if action.word is not None:
            word = _folded(action.word)
            self._check_word(word, row, exclude)
            words: tuple[str, ...] = (word,)
        else:
            words = tuple(row_spellings(row, self.dictionary, exclude))
            if not words:
                raise IllegalAction(R_DECLARE, "no word in the dictionary fits this row"
                                               + ("" if last else " (banked words excluded)")
                                               + "; name the word you mean")
        if not apply:
            return
        if not last:
            t = self.turn
            back = [c for c in t.table if c not in row]
            player.hand[:] = [c for c in player.hand if c not in row] + back
            t.table[:] = row
        if len(words) == 1:
            self._open_claim(_Claim(player.index, tuple(row), words[0], last))
        else:
            self._word_options = tuple(row)
            self._choice_words = words
            self._choice_last = last
            self.phase = Phase.CHOOSE_WORD

    def _check_word(self, word: str, row: Sequence[Card], exclude: set[str]) -> None:
        if not fits_row(word, row):
            laid = " ".join(c.kind.letters_label for c in row)
            raise IllegalAction(R_DECLARE, f"{word} cannot be laid with the row {laid}")
        if word in exclude:
            raise IllegalAction(R_BANKED, f"{word} has been banked: nobody can spell it again")
        if self.strict and not self.dictionary.is_word(word):
            raise IllegalAction(R_STRICT, f"{word} is not in the dictionary")

    def _choose_word(self, action: ChooseWord, apply: bool) -> None:
        word = _folded(action.word)
        if word not in self._choice_words:
            raise IllegalAction(R_DECLARE, f"{word} is not one of the words that fit: "
                                           + ", ".join(self._choice_words))
        if apply:
            assert self._word_options is not None
            claim = _Claim(self.current.index, self._word_options, word, self._choice_last)
            self._word_options, self._choice_words = None, ()
            self._open_claim(claim)

    def _open_claim(self, claim: _Claim) -> None:
        self._claim = claim
        laid = " ".join(c.name if c.kind.letters == letter else f"{c.name}={letter}"
                        for c, letter in zip(claim.row, claim.word))
        what = "last word" if claim.last_word else "word"
        self.log.append(f"{self.players[claim.player].name} declares the {what} {claim.word} "
                        f"({laid})")
        if len(self.players) > 1:
            self.phase = Phase.CHALLENGE
        else:
            self._claim_stands()

    def _give_up(self, action: GiveUp, apply: bool) -> None:
        if not apply:
            return
        if self.phase is Phase.LAST_WORD:
            self.log.append(f"{self.current.name} has no last word")
            self._next_last_word()
        else:
            self._no_word()

    def _accept(self, action: AcceptWord, apply: bool) -> None:
        if apply:
            claim = self._claim
            assert claim is not None
            self.log.append(f"nobody challenges {self.players[claim.player].name}'s {claim.word}")
            self._claim_stands()

    def _challenge(self, action: Challenge, apply: bool) -> None:
        claim = self._claim
        assert claim is not None
        challengers = tuple(dict.fromkeys(action.challengers))
        opponents = self.opponents(claim.player)
        if not challengers:
            raise IllegalAction(R_CHALLENGE, "no challenger named")
        for p in challengers:
            if p not in opponents:
                raise IllegalAction(R_CHALLENGE, f"player {p + 1} cannot challenge their own or "
                                                 "a missing player's word")
        if apply:
            claim.challengers = tuple(p for p in opponents if p in challengers)
            names = [self.players[p].name for p in claim.challengers]
            self.log.append(f"{' and '.join(names)} challenge{'s' if len(names) == 1 else ''} "
                            f"{self.players[claim.player].name}'s {claim.word}")
            self.phase = Phase.DEFEND

    def _concede(self, action: Concede, apply: bool) -> None:
        if apply:
            claim = self._claim
            assert claim is not None
            self.log.append(f"{self.players[claim.player].name} agrees {claim.word} is not valid")
            self._attempt_failed()

    def _insist(self, action: Insist, apply: bool) -> None:
        if not apply:
            return
        claim = self._claim
        assert claim is not None
        valid = self.dictionary.is_word(claim.word)
        claimant = self.players[claim.player]
        # "The player(s) who won the challenge should make a mark in the Bonus Points section
        # ... The losing player(s) each gain a Penalty card." Clockwise from the active player.
        if valid:
            claimant.sheet.challenges_won += 1
            losers = list(claim.challengers)
        else:
            for p in claim.challengers:
                self.players[p].sheet.challenges_won += 1
            losers = [claim.player]
        winners = [claim.player] if valid else list(claim.challengers)
        self.log.append(f"the dictionary says {claim.word} is {'' if valid else 'not '}a word: "
                        f"a bonus mark for {', '.join(self.players[p].name for p in winners)}")
        for p in self._clockwise_from(claim.player, losers):
            gained = self._gain_penalty(self.players[p])
            if gained is not None and claim.last_word:
                self._unusable.setdefault(p, set()).add(gained.id)
        if valid:
            self._claim_stands()
        else:
            self._attempt_failed()

    def _clockwise_from(self, start: int, players: Iterable[int]) -> list[int]:
        n = len(self.players)
        return sorted(set(players), key=lambda p: (p - start) % n)

    def _attempt_failed(self) -> None:
        claim = self._claim
        assert claim is not None
        self._claim = None
        if claim.last_word:
            if self._last_attempt == 1:
                self._last_attempt = 2
                self.phase = Phase.LAST_WORD
            else:
                self._next_last_word()
            return
        t = self.turn
        if t.attempt == 1:
            # "you can try one more time to spell a word ... (but do not resolve Action effects)"
            t.attempt = 2
            self.phase = Phase.PLAY
        else:
            # "This second attempt can also be challenged - if determined to be found invalid,
            # you do not get a third chance."
            self._no_word()

    def _claim_stands(self) -> None:
        claim = self._claim
        assert claim is not None
        self._claim = None
        if claim.last_word:
            sheet = self.players[claim.player].sheet
            sheet.last_word = claim.word
            sheet.last_word_value = sum(c.kind.points for c in claim.row)
            self._last_rows[claim.player] = claim.row
            self.log.append(f"{sheet.name}'s last word {claim.word} is worth "
                            f"{sheet.last_word_value}")
            self._next_last_word()
            return
        t = self.turn
        t.word = claim
        attacks = self._attacks(claim.row)
        if attacks and not self.solo:
            t.responders = tuple(p for p in self.opponents(t.player)
                                 if any(c.kind.has("response") for c in self.players[p].hand))
            if t.responders:
                self.phase = Phase.RESPOND
                return
        self._resolve_attacks()

    # phase 3 ----------------------------------------------------------------------------------

    @staticmethod
    def _attacks(row: Iterable[Card]) -> tuple[Card, ...]:
        return tuple(c for c in row if c.kind.effects_of(EffectType.ATTACK))

    def _respond(self, action: Respond, apply: bool) -> None:
        t = self.turn
        waiting = [p for p in t.responders if p not in t.responses]
        if action.player not in waiting:
            raise IllegalAction(R_RESPONSE, f"player {action.player + 1} has no Response card "
                                            "to show now")
        assert t.word is not None
        attacks = self._attacks(t.word.row)
        if action.ignored is None:
            ignored = frozenset(c.id for c in attacks)
        else:
            ignored = frozenset(c.id for c in self._ids(action.ignored, attacks,
                                                         "this turn's attacks", R_RESPONSE))
        if apply:
            t.responses[action.player] = ignored
            name = self.players[action.player].name
            self.log.append(f"{name} shows a Response card and ignores "
                            + (", ".join(c.name for c in attacks if c.id in ignored)
                               if ignored else "nothing"))
            if len(t.responses) == len(t.responders):
                self._resolve_attacks()

    def _resolve_attacks(self) -> None:
        t = self.turn
        assert t.word is not None
        player = self.players[t.player]
        stopped = False
        # "resolved in order from left to right"
        for card in self._attacks(t.word.row):
            for _ in card.kind.effects_of(EffectType.ATTACK):
                if self.solo:
                    # "Whenever you play an Attack card, take a Penalty from the Penalty stack
                    # and place it to one side."
                    if self.penalty_stack:
                        player.set_aside.append(self.penalty_stack.pop())
                        self.log.append(f"{card.name} attacks: {player.name} sets a Penalty "
                                        "aside (a bonus point at the end)")
                    else:
                        self.log.append(f"{card.name} attacks, but the Penalty stack is empty")
                    continue
                # "In clockwise order from the active player, each affected player gains a
                # Penalty ... If the Penalty stack runs out, players no longer gain Penalties."
                for p in self.opponents(t.player):
                    if card.id in t.responses.get(p, frozenset()):
                        continue
                    if self._gain_penalty(self.players[p]) is None:
                        self.log.append("the Penalty stack is empty: no more Penalties")
                        stopped = True
                        break
                if stopped:
                    break
            if stopped:
                break
        t.value = sum(c.kind.points for c in t.word.row) + (0 if player.hand else 1)
        self.phase = Phase.USE_POINTS

    # phases 4 and 5 ---------------------------------------------------------------------------

    def _can_refresh(self) -> bool:
        return not self.solo and not self.turn.refreshed

    def _refresh(self, action: RefreshPool, apply: bool) -> None:
        if self.solo:
            raise IllegalAction(R_SOLO_REFRESH, "the pool cannot be refreshed in solo play")
        if self.turn.refreshed:
            raise IllegalAction(R_REFRESH, "the pool was already refreshed this turn")
        if apply:
            self.turn.refreshed = True
            self.pool_returns.extend(self.pool)
            self.pool.clear()
            self._refill_pool(reshuffle=True)
            self.log.append(f"{self.current.name} refreshes the pool")

    def _use_points(self, action: Spend | Bank, apply: bool) -> None:
        t = self.turn
        assert t.word is not None
        bank = isinstance(action, Bank)
        if bank and t.word.word in self.banked_words:
            raise IllegalAction(R_BANKED, f"{t.word.word} has already been banked")
        if not apply:
            return
        player = self.current
        if bank:
            player.sheet.bank(t.word.word, t.value)
            self.banked_words.add(t.word.word)
            t.banked = True
            t.budget = t.value // 2 + t.extra_points
            self.log.append(f"{player.name} banks {t.word.word} for {t.value}")
        else:
            t.budget = t.value + t.extra_points
            self.log.append(f"{player.name} spends {t.word.word}: {t.value}")
        self.phase = Phase.BUY

    def _no_word(self) -> None:
        t = self.turn
        # no word uses the cards in play: back to the hand (no Cleanup effects for them)
        self.current.hand.extend(t.table)
        t.table.clear()
        t.no_word = True
        t.budget = 0
        self.log.append(f"{self.current.name} spells no valid word")
        self.phase = Phase.BUY

    def _buyable(self) -> tuple[str, ...]:
        t = self.turn
        names: list[str] = []
        if not t.no_word:
            for c in self.pool:
                if c.kind.cost <= t.budget and c.kind.name not in names:
                    names.append(c.kind.name)
        bought_core = any(c.kind.is_core for c in t.bought)
        if not bought_core and not (t.no_word and t.bought):
            names.extend(name for name, stack in self.stacks.items() if stack)
        return tuple(names)

    def _buy(self, action: Buy, apply: bool) -> None:
        t = self.turn
        name = action.name.strip().upper()
        if name not in self.card_set:
            raise IllegalAction(R_BUY, f"there is no card called {action.name!r}")
        kind = self.card_set.kind(name)
        if kind.role is Role.POOL:
            if t.no_word:
                raise IllegalAction(R_NO_WORD, f"{name} is not a 0-cost card")
            card = next((c for c in self.pool if c.kind is kind), None)
            if card is None:
                raise IllegalAction(R_BUY, f"there is no {name} in the pool")
            if kind.cost > t.budget:
                raise IllegalAction(R_BUY, f"{name} costs {kind.cost}, {t.budget} point(s) left")
        else:
            if name not in self.stacks:
                raise IllegalAction(R_BUY, f"{name} cards cannot be bought")
            if any(c.kind.is_core for c in t.bought):
                raise IllegalAction(R_ONE_CORE, "a core card was already bought this turn")
            if not self.stacks[name]:
                raise IllegalAction(R_BUY, f"the {name} stack is empty")
            card = self.stacks[name][-1]
        if not apply:
            return
        if kind.role is Role.POOL:
            self.pool.remove(card)
        else:
            self.stacks[name].pop()
        t.budget -= kind.cost
        t.bought.append(card)
        self.current.discard.append(card)
        self.log.append(f"{self.current.name} buys {name}")

    def _end_turn(self, action: EndTurn, apply: bool) -> None:
        t = self.turn
        if not t.bought and self._buyable():
            raise IllegalAction(R_NO_WORD if t.no_word else R_BUY_ONE,
                                "buy a card first (" + ", ".join(self._buyable()) + ")")
        if apply:
            self._cleanup()

    # phase 6 ----------------------------------------------------------------------------------

    def _cleanup(self) -> None:
        t = self.turn
        player = self.current
        # "Resolve any Cleanup (green) cards. If instructed to draw extra cards, take note."
        t.extras = sum(c.kind.amount("extra") for c in t.table)
        player.discard.extend(t.table)
        player.discard.extend(player.hand)
        t.table.clear()
        player.hand.clear()
        if self.solo and len(self.pool) > 1:
            self.phase = Phase.KEEP_POOL_CARD
            return
        self._finish_cleanup(keep=None)

    def _keep(self, action: KeepPoolCard, apply: bool) -> None:
        (card,) = self._ids([action.card], self.pool, "the pool", R_SOLO_KEEP)
        if apply:
            self._finish_cleanup(keep=card)

    def _finish_cleanup(self, keep: Card | None) -> None:
        t = self.turn
        player = self.current
        if self.solo:
            # "before drawing a new hand, return all but one of the pool cards, then refresh"
            if keep is None and self.pool:
                keep = self.pool[0]
            self.pool_returns.extend(c for c in self.pool if c is not keep)
            self.pool[:] = [keep] if keep is not None else []
            self._refill_pool(reshuffle=False)
        self._draw(player, HAND_SIZE + t.extras)
        if self.solo:
            # "check to see whether there are any Penalties in the pool. If there are, you
            # immediately gain them - unless you hold an L card"
            penalties = [c for c in self.pool if c.kind.role is Role.PENALTY]
            warded = any(c.kind.has("solo-ward") for c in player.hand)
            for c in penalties:
                self.pool.remove(c)
                (self.penalty_stack if warded else player.discard).append(c)
            if penalties:
                self.log.append(f"{len(penalties)} Penalty card(s) in the pool: "
                                + ("the card in your hand sends them to the Penalty stack"
                                   if warded else f"{player.name} gains them"))
        else:
            self._refill_pool(reshuffle=True)
        self.turns_taken += 1
        if t.final:
            self._begin_end()
            return
        self._start_turn((t.player + 1) % len(self.players))

    def _start_turn(self, index: int) -> None:
        # "Before the player who went first takes his or her turn, check the score sheets to
        # see whether any player has banked seven or more words."
        if (index == self.first_player and self.turns_taken > 0
                and any(len(p.sheet.banked) >= self.variant.words_to_end for p in self.players)):
            self._begin_end()
            return
        # Solo: "When the pool deck is empty at the start of a turn, that turn will be the
        # final turn."
        self.turn = _Turn(index, self.turns_taken + 1, final=self.solo and not self.pool_stack)
        self.phase = Phase.PLAY
        if self.turn.final:
            self.log.append("the pool deck is empty: this is the final turn")

    # the end ----------------------------------------------------------------------------------

    def _begin_end(self) -> None:
        n = len(self.players)
        self.turn = _Turn(self.first_player, self.turns_taken + 1)
        self._last_queue = [(self.first_player + i) % n for i in range(n)]
        self._last_attempt = 1
        self.phase = Phase.LAST_WORD
        self.log.append("the game ends: last words")

    def last_word_cards(self, index: int) -> tuple[Card, ...]:
        unusable = self._unusable.get(index, set())
        return tuple(c for c in self.players[index].cards() if c.id not in unusable)

    def _next_last_word(self) -> None:
        self._last_queue.pop(0)
        self._last_attempt = 1
        if self._last_queue:
            self.phase = Phase.LAST_WORD
            return
        self._end_queue = [p.index for p in self.players if self._end_return_limit(p.index)]
        self._next_end_return()

    def _end_return_limit(self, index: int) -> int:
        return sum(c.kind.amount("end-return") for c in self.players[index].cards())

    def _end_return_cards(self, index: int) -> tuple[Card, ...]:
        used = {c.id for c in self._last_rows.get(index, ())}
        return tuple(c for c in self.players[index].cards() if c.id not in used)

    def _end_return(self, action: EndReturn, apply: bool) -> None:
        index = self._end_queue[0]
        cards = self._ids(action.cards, self._end_return_cards(index),
                          "the cards not used in the last word", R_END_RETURN)
        limit = self._end_return_limit(index)
        if len(cards) > limit:
            raise IllegalAction(R_END_RETURN, f"at most {limit} card(s) can be returned")
        if not apply:
            return
        player = self.players[index]
        for c in cards:
            for zone in (player.deck, player.hand, player.discard):
                if c in zone:
                    zone.remove(c)
                    break
            self._return(c)
        self._end_queue.pop(0)
        self._next_end_return()

    def _next_end_return(self) -> None:
        if self._end_queue:
            self.phase = Phase.END_RETURN
            return
        scores = tuple(final_score(p.sheet, (c.kind for c in p.cards()), self.variant,
                                   set_aside=len(p.set_aside)) for p in self.players)
        self.result = GameOver(self.first_player, scores, tuple(rank(scores)))
        self.phase = Phase.OVER

    # card movements ---------------------------------------------------------------------------

    def _draw(self, player: Player, count: int) -> None:
        """Draw ``count`` cards, shuffling the discard pile into a new deck when needed."""
        for _ in range(count):
            if not player.deck:
                if not player.discard:
                    return
                player.deck = player.discard
                player.discard = []
                self._rng.shuffle(player.deck)
            player.hand.append(player.deck.pop())

    def _gain_penalty(self, player: Player) -> Card | None:
        """Give ``player`` a Penalty from the stack (into the discard pile), if any is left."""
        if not self.penalty_stack:
            return None
        card = self.penalty_stack.pop()
        player.discard.append(card)
        self.log.append(f"{player.name} gains a Penalty")
        return card

    def _return(self, card: Card) -> None:
        """"If you return a core card, place it face-up on the matching stack. If you return a
        pool card, place it face-up in the pool returns pile. If you return a Special Penalty,
        remove it from the game." """
        role = card.kind.role
        if role is Role.SPECIAL_PENALTY:
            self.removed.append(card)
        elif role is Role.POOL:
            self.pool_returns.append(card)
        else:
            self.stacks[card.kind.name].append(card)

    def _refill_pool(self, reshuffle: bool) -> None:
        """Deal from the pool stack up to six cards; reshuffle the returns when it runs out."""
        while len(self.pool) < POOL_SIZE:
            if not self.pool_stack:
                if not reshuffle or not self.pool_returns:
                    break
                self.pool_stack = self.pool_returns
                self.pool_returns = []
                self._rng.shuffle(self.pool_stack)
            self.pool.append(self.pool_stack.pop())
        self.pool.sort(key=lambda c: (c.kind.cost, c.kind.name, c.id))



def _folded(word: str) -> str:
    """A declared word as the dictionary spells it (``sauté`` -> ``SAUTE``); letters A-Z only."""
    folded = fold_word(word)
    if folded is None:
        raise IllegalAction(R_DECLARE, f"{word.strip()!r} is not a word: use the letters A-Z")
    return folded
