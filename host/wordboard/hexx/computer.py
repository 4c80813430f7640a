"""A simple computer player for HEXX: finds the words it can play (using at most one HEXX
tile in a word) and takes the one that gains the most tiles; answers HEXX decisions greedily.
When it has no word it puts back all but one vowel and its HEXX tiles, or passes.

It reads the word list once into an index (per word length: a bit mask of the words with each
letter at each position), so a move on the stand-in board takes well under a second with a
full dictionary.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Iterator

from wordboard.hexx.board import Direction, Square
from wordboard.hexx.edition import HAND_SIZE
from wordboard.hexx.effects import VOWELS
from wordboard.hexx.game import HexxGame, PlayPreview
from wordboard.hexx.model import (
    Colour,
    Decision,
    DecisionKind,
    Discard,
    IllegalMoveError,
    Move,
    Pass,
    Play,
)

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Letters a player would rather give away or put back (hard to place).
_AWKWARD = "QZXJKVWYFBHMPCGDULNTRSOIAE"


class WordIndex:
    """The words of a dictionary by length, with bit masks for pattern look-ups."""

    def __init__(self, words: Iterable[str], max_length: int):
        self.words: dict[int, list[str]] = {}
        for word in words:
            word = word.upper()
            if 2 <= len(word) <= max_length and word.isascii() and word.isalpha():
                self.words.setdefault(len(word), []).append(word)
        self.at: dict[int, dict[tuple[int, str], int]] = {}
        self.has: dict[int, dict[str, int]] = {}
        for length, words in self.words.items():
            words.sort()
            at: dict[tuple[int, str], int] = {}
            has: dict[str, int] = {}
            for i, word in enumerate(words):
                bit = 1 << i
                for pos, letter in enumerate(word):
                    at[(pos, letter)] = at.get((pos, letter), 0) | bit
                for letter in set(word):
                    has[letter] = has.get(letter, 0) | bit
            self.at[length] = at
            self.has[length] = has

    @classmethod
    def from_dictionary(cls, dictionary, max_length: int) -> WordIndex:
        if hasattr(dictionary, "words_of_length"):
            words: list[str] = []
            for n in range(2, max_length + 1):
                words.extend(dictionary.words_of_length(n))
            return cls(words, max_length)
        return cls(dictionary, max_length)

    def matching(self, pattern: list[str | None], allowed: set[str] | None,
                 others: int = 0) -> Iterator[str]:
        """Words fitting ``pattern`` (None = any letter) whose letters are ``allowed`` or on the
        pattern, but for at most ``others`` (0 or 1) other letters (``allowed`` None: any)."""
        length = len(pattern)
        words = self.words.get(length)
        if not words:
            return
        mask = (1 << len(words)) - 1
        at = self.at[length]
        for pos, letter in enumerate(pattern):
            if letter is not None:
                mask &= at.get((pos, letter), 0)
                if not mask:
                    return
        if allowed is not None:
            fixed = {letter for letter in pattern if letter}
            has = self.has[length]
            outside = [has.get(letter, 0) for letter in _ALPHABET
                       if letter not in allowed and letter not in fixed]
            if others == 0:
                for bits in outside:
                    mask &= ~bits
            else:  # at most one letter from outside: none of them, or exactly one
                count = len(outside)
                before = [0] * (count + 1)
                for k, bits in enumerate(outside):
                    before[k + 1] = before[k] | bits
                after = 0
                keep = 0
                for k in range(count - 1, -1, -1):
                    keep |= outside[k] & ~(before[k] | after)
                    after |= outside[k]
                mask &= keep | ~before[count]
        while mask:
            low = mask & -mask
            yield words[low.bit_length() - 1]
            mask ^= low


class ComputerPlayer:
    """Plays for whichever colour is to move (or must decide) in the game it is given."""

    def __init__(self, dictionary, max_length: int = 15):
        self.dictionary = dictionary
        self.max_length = max_length
        self._index: WordIndex | None = None

    @property
    def index(self) -> WordIndex:
        if self._index is None:
            self._index = WordIndex.from_dictionary(self.dictionary, self.max_length)
        return self._index

    # -------------------------------------------------------------- moves

    def find_plays(self, game: HexxGame, player: Colour | None = None) -> list[PlayPreview]:
        """Every legal word ``player`` (default: to move) can play now."""
        return self._previews(game, player,
                              (Play(start, direction, word)
                               for _, start, direction, word in self._candidates(game, player)))

    def best_plays(self, game: HexxGame, player: Colour | None = None,
                   shortlist: int = 40) -> list[PlayPreview]:
        """The legal plays that look best on their primary word, checked in full."""
        order = {direction: i for i, direction in enumerate(Direction)}
        ranked = heapq.nsmallest(shortlist, self._candidates(game, player),
                                 key=lambda c: (-c[0], c[1], order[c[2]], c[3]))
        return self._previews(game, player, (Play(start, direction, word)
                                             for _, start, direction, word in ranked))

    @staticmethod
    def _previews(game: HexxGame, player, plays) -> list[PlayPreview]:
        previews = []
        for play in plays:
            try:
                previews.append(game.preview(play, player))
            except IllegalMoveError:
                pass
        return previews

    def _candidates(self, game: HexxGame, player: Colour | None
                    ) -> Iterator[tuple[int, Square, Direction, str]]:
        """(estimated gain, start, direction, word) for every word that fits a line and the
        hand (the word spelt as in :class:`Play`: a small letter for a HEXX tile)."""
        player = player or game.to_move
        hand = Counter(t.symbol for t in game.hand(player))
        wilds = min(hand.pop("?", 0), 1)  # the simple player uses at most one HEXX tile a word
        if not hand and not wilds:
            return
        hand_counts = dict(hand)
        allowed = set(hand)
        board = game.board
        layout = game.layout
        if board:   # empty squares touching a tile: a new word must cover one
            anchors = {n for q in board for n in layout.neighbours(q) if n not in board}
        else:       # the first word covers the centre
            anchors = {layout.centre}
        for axis, line in layout.lines():
            n = len(line)
            covered = [q in board for q in line]
            for i in range(n):
                if i > 0 and covered[i - 1]:
                    continue
                empties = 0
                for j in range(i, min(n, i + self.max_length)):
                    if not covered[j]:
                        empties += 1
                    if empties > HAND_SIZE:
                        break
                    if j == i or empties == 0 or (j + 1 < n and covered[j + 1]):
                        continue
                    segment = line[i:j + 1]
                    if anchors.isdisjoint(segment):
                        continue
                    taken = sum(1 for q in segment if q in board and board[q].owner is not player)
                    pattern = [board[q].letter if q in board else None for q in segment]
                    for word, hexx, backwards in self._fill(pattern, hand_counts, allowed,
                                                            wilds):
                        gain = empties + 2 * taken - 2 * hexx
                        if backwards:
                            yield gain, segment[-1], axis.opposite, word[::-1]
                        else:
                            yield gain, segment[0], axis, word

    def _fill(self, pattern: list[str | None], hand: dict[str, int], allowed: set[str],
              wilds: int) -> Iterator[tuple[str, int, bool]]:
        """Words that fit ``pattern`` read forwards or (``backwards``) from its end: each spelt
        along the pattern (a small letter for a HEXX tile), with the HEXX tiles it uses.
        Letters that read a word both ways are tried once."""
        seen: set[str] = set()
        for reverse in (False, True):
            shape = pattern[::-1] if reverse else pattern
            for word in self.index.matching(shape, allowed, others=wilds):
                if reverse:
                    word = word[::-1]
                if word in seen:     # a palindrome reads the same both ways
                    continue
                seen.add(word)
                left = dict(hand)
                spelt = []
                short = 0
                for ch, fixed in zip(word, pattern):
                    if fixed is not None:
                        spelt.append(ch)
                    elif left.get(ch, 0) > 0:
                        left[ch] -= 1
                        spelt.append(ch)
                    else:
                        short += 1
                        if short > wilds:
                            break
                        spelt.append(ch.lower())
                else:
                    yield "".join(spelt), short, reverse

    @staticmethod
    def _gain(preview: PlayPreview) -> int:
        return len(preview.placed) + 2 * len(preview.flips)

    def best_play(self, game: HexxGame) -> PlayPreview | None:
        """The word that gains the most tiles (fewest HEXX tiles used on a tie), if any."""
        plays = self.best_plays(game)
        if not plays:
            return None
        return max(plays, key=lambda p: (self._gain(p), -p.hexx_tiles, p.play.notation))

    def choose_move(self, game: HexxGame) -> Move:
        best = self.best_play(game)
        if best is not None:
            return best.play
        if game.bag_size:
            hand = "".join(t.symbol for t in game.hand(game.to_move))
            keep = ""  # put every tile back except one vowel and the HEXX tiles
            for symbol in hand:
                if symbol == "?" or (symbol in VOWELS and not any(k in VOWELS for k in keep)):
                    keep += symbol
            give = Counter(hand) - Counter(keep)
            if give:
                return Discard("".join(sorted(give.elements())))
            return Discard(hand[0])
        return Pass()

    # -------------------------------------------------------------- decisions

    def choose_answer(self, game: HexxGame, decision: Decision):
        """An answer to ``decision`` for its chooser (a ROLL is rolled with the game's die:
        return None and call ``game.roll()``)."""
        me = decision.chooser
        board = game.board
        kind = decision.kind
        if kind is DecisionKind.ROLL:
            return None
        if kind is DecisionKind.FLIP_TILES:
            ranked = sorted(decision.options, key=lambda q: (board[q].owner is not me.other, q))
            return tuple(ranked[: decision.count])
        if kind in (DecisionKind.VOWEL, DecisionKind.CONSONANT):
            counts = Counter(t.letter for t in board.values() if t.owner is not me)
            return max(decision.options, key=lambda letter: (counts.get(letter, 0),
                                                               -ord(letter)))
        if kind is DecisionKind.REMOVE_TILE:
            return min(decision.options, key=lambda q: (board[q].owner is me, q))
        if kind is DecisionKind.STEAL_TILE:
            return decision.options[0]
        if kind in (DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
            hand = game.hand(me)
            return max(decision.options, key=lambda i: self._worth_giving(hand[i].symbol))
        if kind is DecisionKind.TAKE_HEXX:
            return decision.options[0]
        if kind is DecisionKind.METAMORPHOSIS:
            if not decision.options:
                return None
            return max(decision.options, key=lambda m: (self._metamorphosis_gain(game, m, me),
                                                        not m.hexx))
        raise ValueError(f"unknown decision {kind}")

    @staticmethod
    def _worth_giving(symbol: str) -> int:
        if symbol == "?":
            return -1
        return len(_AWKWARD) - _AWKWARD.index(symbol)

    @staticmethod
    def _metamorphosis_gain(game: HexxGame, choice, me: Colour) -> int:
        square = choice.square
        direction = choice.direction
        gain = 0
        for step in (direction, direction.opposite):
            current = square
            while current in game.board:
                if game.board[current].owner is not me:
                    gain += 1
                current = current.step(step)
        return gain

    def act(self, game: HexxGame) -> str:
        """Make the computer's move or answer in ``game``; a line saying what it did."""
        decision = game.pending
        if decision is not None:
            answer = self.choose_answer(game, decision)
            if decision.kind is DecisionKind.ROLL:
                game.roll()
                return f"{decision.chooser} rolls the d20"
            game.decide(answer)
            return f"{decision.chooser} chooses {describe_answer(decision, answer, game)}"
        player = game.to_move
        move = self.choose_move(game)
        game.play(move)
        return f"{player} plays {move.notation}"


def describe_answer(decision: Decision, answer, game: HexxGame) -> str:
    if answer is None:
        return "to forfeit the turn"
    if decision.kind is DecisionKind.FLIP_TILES:
        return " ".join(q.name for q in answer)
    if isinstance(answer, Square):
        return answer.name
    if decision.kind is DecisionKind.STEAL_TILE:
        return f"tile {answer + 1} of {decision.chooser.other}'s hand"
    if decision.kind in (DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
        return "a tile from their hand"
    return str(answer)
