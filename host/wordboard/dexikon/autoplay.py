"""An automatic Dexikon player: a simple seeded strategy that answers every decision.

Used to play whole games in tests and benchmarks, and by the terminal for hints. It is not
meant to be strong: it plays its whole hand, declares the best word the finder sees (or, when
asked to, a bluff), banks words worth at least ``bank_from`` and buys the dearest card it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from wordboard.dexikon.cards import ALPHABET
from wordboard.dexikon.engine import (
    AcceptWord,
    Action,
    Bank,
    Buy,
    BuyDecision,
    Challenge,
    ChallengeDecision,
    ChooseWord,
    Concede,
    DeclareWord,
    DefendDecision,
    EndReturn,
    EndReturnDecision,
    EndTurn,
    Game,
    GiveUp,
    Insist,
    KeepDecision,
    KeepPoolCard,
    LastWordDecision,
    PlayCards,
    PlayDecision,
    PointsDecision,
    RefreshPool,
    ResolveAction,
    Respond,
    ResponseDecision,
    Spend,
    WordChoice,
)
from wordboard.dexikon.words import best_last_word, find_words
from wordboard.extradiction.wordfilter import is_unsuitable

__all__ = ["AutoPlayer", "play_out"]


@dataclass
class AutoPlayer:
    """Chooses an action for whatever ``game.pending`` asks. Every random choice uses ``rng``."""

    rng: random.Random
    bank_from: int = 7            # bank words worth at least this much
    challenge_rate: float = 0.0   # how often opponents challenge a word
    bluff_rate: float = 0.0       # how often a player declares a made-up word
    concede_rate: float = 0.5     # how often a bluffing player concedes when challenged
    refresh_rate: float = 0.0     # how often the pool is refreshed before using points
    word_choice: int = 1          # pick among the best N words found

    def __post_init__(self) -> None:
        self._failed: set[tuple[int, str]] = set()

    def choose(self, game: Game) -> Action:
        d = game.pending
        if isinstance(d, PlayDecision):
            return self._play(game, d)
        if isinstance(d, WordChoice):
            # the cards spell several words: never one unsuitable for children when another fits
            return ChooseWord(self.rng.choice([w for w in d.words if not is_unsuitable(w)] or list(d.words)))
        if isinstance(d, ChallengeDecision):
            if self.rng.random() < self.challenge_rate:
                who = [p for p in d.challengers if self.rng.random() < 0.7] or [d.challengers[0]]
                return Challenge(tuple(who))
            return AcceptWord()
        if isinstance(d, DefendDecision):
            if game.dictionary.is_word(d.word) or self.rng.random() >= self.concede_rate:
                return Insist()
            return Concede()
        if isinstance(d, ResponseDecision):
            return Respond(d.player, None if self.rng.random() < 0.8 else ())
        if isinstance(d, PointsDecision):
            if d.can_refresh and self.rng.random() < self.refresh_rate:
                return RefreshPool()
            return Bank() if d.can_bank and d.value >= self.bank_from else Spend()
        if isinstance(d, BuyDecision):
            return self._buy(game, d)
        if isinstance(d, KeepDecision):
            best = max(d.pool, key=lambda c: (not c.kind.is_penalty, c.kind.cost, -c.id))
            return KeepPoolCard(best.id)
        if isinstance(d, LastWordDecision):
            if d.attempt == 1:
                # nor a last word unsuitable for children
                option = best_last_word(d.cards, game.dictionary, unsuitable=is_unsuitable)
                if option is not None:
                    return DeclareWord(tuple(c.id for c in option.cards), option.word)
            return GiveUp()
        if isinstance(d, EndReturnDecision):
            penalties = [c for c in d.cards if c.kind.is_penalty][: d.limit]
            return EndReturn(tuple(c.id for c in penalties))
        raise ValueError(f"nothing to choose: {d!r}")

    def _play(self, game: Game, d: PlayDecision) -> Action:
        player = game.players[d.player]
        if player.hand:
            return PlayCards(tuple(c.id for c in player.hand))
        if d.actions_left:
            card = d.actions_left[0]
            limit = sum(e.amount for e in card.kind.effects if e.kind == "return")
            junk = [c for c in player.hand + player.discard if c.kind.is_penalty][:limit]
            return ResolveAction(card.id, tuple(c.id for c in junk))
        table = list(game.table)
        if len(table) >= 2 and not game.strict and self.rng.random() < self.bluff_rate:
            row = table[: self.rng.randint(2, min(5, len(table)))]
            word = "".join(c.kind.letters[0] if c.kind.letters else self.rng.choice(ALPHABET)
                           for c in row)
            if word not in game.banked_words and (d.player, word) not in self._failed and not is_unsuitable(word):
                self._failed.add((d.player, word))
                return DeclareWord(tuple(c.id for c in row), word)
        exclude = set(game.banked_words) | {w for p, w in self._failed if p == d.player}
        # the demo player never declares a word unsuitable for children (issue 19): a few more
        # options are asked for, so a blocked best word leaves the next best
        options = find_words(table, game.dictionary, limit=self.word_choice + 10, exclude=exclude,
                             empty_hand_bonus=True)
        options = [o for o in options if not is_unsuitable(o.word)][: self.word_choice]
        if not options:
            return GiveUp()
        option = self.rng.choice(options)
        self._failed.add((d.player, option.word))   # not to be tried twice in a turn
        return DeclareWord(tuple(c.id for c in option.cards), option.word)

    def _buy(self, game: Game, d: BuyDecision) -> Action:
        if d.bought and not any(game.card_set.kind(n).cost for n in d.buyable):
            return EndTurn()
        pool = [n for n in d.buyable if game.card_set.kind(n).cost > 0]
        if pool:
            return Buy(max(pool, key=lambda n: (game.card_set.kind(n).cost, n)))
        if d.must_buy:
            cores = [n for n in d.buyable if not game.card_set.kind(n).is_penalty]
            return Buy(self.rng.choice(cores or list(d.buyable)))
        return EndTurn()


def play_out(game: Game, players: list[AutoPlayer] | AutoPlayer, max_actions: int = 100_000,
             on_action: Callable[[Game, Action], None] | None = None) -> int:
    """Let automatic players play ``game`` to the end; the number of actions played.

    ``on_action(game, action)`` is called after each action (tests check invariants there).
    """
    count = 0
    while game.result is None:
        if count >= max_actions:
            raise RuntimeError(f"game not over after {max_actions} actions")
        who = game.pending.player
        auto = players[who] if isinstance(players, list) else players
        action = auto.choose(game)
        game.play(action)
        count += 1
        if on_action:
            on_action(game, action)
    return count
