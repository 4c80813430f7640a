"""Every legal play for a rack, fast: Appel and Jacobson's algorithm on a DAWG.

For each direction the board is read as lines (rows for across plays, columns for down plays).
Each empty square gets a cross-check (a bitmask of the letters that make a word with the tiles
above and below it, for an across play) and the points of those tiles. Anchors are the empty
squares next to a tile (the centre on the first move). From each anchor, a word grows rightwards
through the DAWG; what lies left of it is either the tiles already there or a "left part" of
rack tiles on the free squares before the anchor (the same left parts serve every anchor, so
they are found once per rack). Scores are added up as tiles are placed: letter premiums before
word premiums, premiums only under new tiles, a blank worth the edition's blank points (0),
cross-words scored with their own premium, the bingo bonus by the number of tiles played.

The results are :class:`Candidate` tuples; :meth:`Candidate.play` turns one into a
:class:`~wordboard.lexulous.moves.Play`, whose score :func:`~wordboard.lexulous.scoring.evaluate_play`
confirms. Pure: no I/O (the DAWG comes from :mod:`wordboard.lexulous.dawgcache` or
:meth:`Dawg.from_words`).

A single tile that forms words both ways is listed once, as an across play.
"""

from __future__ import annotations

import gc
import itertools
import operator
from operator import mul
from typing import NamedTuple

from wordboard.editions import BLANK, Edition
from wordboard.lexulous.board import Board
from wordboard.lexulous.dawg import ALL_LETTERS, ALPHABET, Dawg
from wordboard.lexulous.moves import Placement, Play, format_position

_UPPER = tuple(ALPHABET)
_LOWER = tuple(ALPHABET.lower())
_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}
_CROSS_CACHE_LIMIT = 200_000


class Candidate(NamedTuple):
    """A legal play as the generator finds it.

    ``word`` is the whole main word, tiles already on the board included, blanks (old and new)
    in lower case; it starts at ``(row, col)`` and runs across or down. ``tiles`` is the number
    of tiles it takes from the rack.
    """

    score: int
    row: int
    col: int
    across: bool
    word: str
    tiles: int

    @property
    def position(self) -> str:
        """The record's notation: ``8D`` (across from D8) or ``D8`` (down)."""
        return format_position((self.row, self.col), self.across)

    def placements(self, board: Board) -> tuple[Placement, ...]:
        """The tiles put down: the squares of the word that are empty on ``board``."""
        dr, dc = (0, 1) if self.across else (1, 0)
        out = []
        for i, ch in enumerate(self.word):
            r, c = self.row + dr * i, self.col + dc * i
            if board[(r, c)] is None:
                out.append(Placement(r, c, ch.upper(), ch.islower()))
        return tuple(out)

    def play(self, board: Board) -> Play:
        """This candidate as a :class:`Play` on ``board`` (the board it was generated for)."""
        return Play(self.placements(board), self.across)

    def notation(self, board: Board) -> str:
        """Position and word as records write them, ``.`` for tiles already on the board."""
        dr, dc = (0, 1) if self.across else (1, 0)
        text = "".join(ch if board[(self.row + dr * i, self.col + dc * i)] is None else "."
                       for i, ch in enumerate(self.word))
        return f"{self.position} {text}"

    def __str__(self) -> str:
        return f"{self.position} {self.word} {self.score}"


def rack_counts(rack: str) -> tuple[list[int], int]:
    """``"AAB?"`` -> (26 letter counts, number of blanks). ``ValueError`` for anything else."""
    counts = [0] * 26
    blanks = 0
    for ch in rack.upper():
        if ch == BLANK:
            blanks += 1
        elif ch in _INDEX:
            counts[_INDEX[ch]] += 1
        else:
            raise ValueError(f"not a tile: {ch!r} (letters A-Z and ? for a blank)")
    return counts, blanks


class MoveGenerator:
    """Finds every legal play on boards of one edition with one word list (a :class:`Dawg`)."""

    def __init__(self, dawg: Dawg, edition: Edition):
        self.dawg = dawg
        self.edition = edition
        layout = edition.board
        self.rows, self.cols = layout.rows, layout.cols
        tiles = edition.tiles
        self.points = [tiles.points.get(ch, 0) for ch in ALPHABET]
        self.blank_points = tiles.points.get(BLANK, 0)
        self.bingo = dict(tiles.bingo)
        lm = [[layout.letter_multiplier(r, c) for c in range(layout.cols)] for r in range(layout.rows)]
        wm = [[layout.word_multiplier(r, c) for c in range(layout.cols)] for r in range(layout.rows)]
        self._lm = (lm, [list(col) for col in zip(*lm)])
        self._wm = (wm, [list(col) for col in zip(*wm)])
        self._cross_cache: dict[tuple[str, str], int] = {}

    # -- public ----------------------------------------------------------------------------------

    def generate(self, board: Board, rack: str, *, sort: bool = True) -> list[Candidate]:
        """Every legal play of tiles from ``rack`` (``?`` for blanks) on ``board``, best first
        (equal scores in a fixed order). Plays with the same tiles on the same squares are
        listed once."""
        gc_was_enabled = gc.isenabled()
        gc.disable()  # the results are many small tuples and no cycles: skip the collector's passes
        try:
            raw = self.generate_raw(board, rack)
            if sort:
                raw.sort(key=_score, reverse=True)
            return list(map(Candidate._make, raw))
        finally:
            if gc_was_enabled:
                gc.enable()

    def generate_raw(self, board: Board, rack: str) -> list[tuple]:
        """As :meth:`generate`, unsorted, as plain tuples in :class:`Candidate`'s field order."""
        counts, blanks = rack_counts(rack)
        if not any(counts) and not blanks:
            return []
        text = board.rows_text()
        grid = [list(row) for row in text]
        empty = board.is_empty()
        out: list[tuple] = []
        ntiles = sum(counts) + blanks
        bingo = [self.bingo.get(n, 0) for n in range(ntiles + 1)]
        min_tiles = self.edition.board.first_move_tiles if empty else 1
        if empty and ntiles < min_tiles:
            return []
        lefts = _left_parts(self.dawg, counts, blanks, ntiles - 1, self.points)
        centre = self.edition.board.centre
        for across in (True, False):
            g = grid if across else [list(col) for col in zip(*grid)]
            k = 0 if across else 1
            if empty:
                anchors = {(centre if across else (centre[1], centre[0]))}
            else:
                anchors = None
            self._pass(g, across, self._lm[k], self._wm[k], anchors, counts, blanks, bingo,
                       min_tiles, lefts, out)
        return out

    # -- one direction ---------------------------------------------------------------------------

    def _cross(self, g: list[list[str]], r: int, c: int) -> tuple[int, int]:
        """(letters allowed, points of the cross tiles) for empty square (r, c) of pass grid ``g``,
        the cross-word running along the column; (ALL_LETTERS, -1) when it has no cross tiles."""
        rows = len(g)
        top = r
        while top > 0 and g[top - 1][c] != ".":
            top -= 1
        bottom = r
        while bottom + 1 < rows and g[bottom + 1][c] != ".":
            bottom += 1
        if top == r and bottom == r:
            return ALL_LETTERS, -1
        prefix = "".join(g[x][c] for x in range(top, r))
        suffix = "".join(g[x][c] for x in range(r + 1, bottom + 1))
        pts, bp = self.points, self.blank_points
        total = sum(bp if ch.islower() else pts[_INDEX[ch]] for ch in prefix + suffix)
        key = (prefix.upper(), suffix.upper())
        allowed = self._cross_cache.get(key)
        if allowed is None:
            allowed = self._cross_mask(*key)
            if len(self._cross_cache) >= _CROSS_CACHE_LIMIT:
                self._cross_cache.clear()
            self._cross_cache[key] = allowed
        return allowed, total

    def _cross_mask(self, prefix: str, suffix: str) -> int:
        dawg = self.dawg
        node = dawg.walk(prefix)
        if node < 0:
            return 0
        m = dawg.mask[node]
        if not suffix:
            return dawg.term[node]
        allowed = 0
        head, last = suffix[:-1], ord(suffix[-1]) - 65
        for letter in range(26):
            if m >> letter & 1:
                n = dawg.walk(head, dawg.step(node, letter))
                if n >= 0 and dawg.term[n] >> last & 1:
                    allowed |= 1 << letter
        return allowed

    def _pass(self, g, across, lmg, wmg, anchors, counts, blanks, bingo, min_tiles, lefts, out):
        rows, cols = len(g), len(g[0])
        dawg = self.dawg
        mask, term, first, child = dawg.mask, dawg.term, dawg.first, dawg.child
        pts, bpts = self.points, self.blank_points
        rack_size = sum(counts) + blanks
        occupied = [[ch != "." for ch in row] for row in g]

        for r in range(rows):
            row = g[r]
            occ = occupied[r]
            if anchors is not None:
                line_anchors = [c for (ar, c) in anchors if ar == r]
            else:
                above = occupied[r - 1] if r > 0 else None
                below = occupied[r + 1] if r + 1 < rows else None
                line_anchors = [c for c in range(cols) if not occ[c] and (
                    (c > 0 and occ[c - 1]) or (c + 1 < cols and occ[c + 1])
                    or (above is not None and above[c]) or (below is not None and below[c]))]
            if not line_anchors:
                continue
            # The line: cross-checks, cross points, premiums, tiles.
            xmask = [0] * cols
            xsum = [-1] * cols
            cell = [-1] * cols  # letter bit of the tile on a square, -1 when empty
            tpts = [0] * cols
            buf = [""] * cols  # the word being built, by square
            for c in range(cols):
                ch = row[c]
                if ch == ".":
                    xmask[c], xsum[c] = self._cross(g, r, c)
                else:
                    cell[c] = 1 << _INDEX[ch.upper()]
                    tpts[c] = bpts if ch.islower() else pts[_INDEX[ch]]
                    buf[c] = ch
            # runend[c] for an empty square: the first empty square after c and the tiles
            # that follow it (c + 1 when none follow).
            runend = [0] * (cols + 1)
            nxt_empty = cols
            for c in range(cols - 1, -1, -1):
                runend[c] = nxt_empty if c + 1 < cols and occ[c + 1] else c + 1
                if not occ[c]:
                    nxt_empty = c
            lm, wm = lmg[r], wmg[r]
            _line(r, across, cols, xmask, xsum, cell, tpts, buf, runend, lm, wm, line_anchors,
                  occ, mask, term, first, child, pts, bpts, counts, blanks, bingo, min_tiles,
                  lefts, rack_size, out)


_score = operator.itemgetter(0)


def _left_parts(dawg: Dawg, counts: list[int], blanks: int, limit: int,
                pts: list[int]) -> list[list[tuple]]:
    """Every prefix of a word that the rack can make with up to ``limit`` tiles, by length:
    ``(node, letters, their characters, values, counts left, blanks left, letter bits left)``. Letters are taken
    from the rack's tiles first and from its blanks when the tiles run out; which of the tiles
    are really blanks is chosen when a play is listed (see ``_line``)."""
    mask, first, child = dawg.mask, dawg.first, dawg.child
    by_length: list[list[tuple]] = [[] for _ in range(max(limit, 0) + 1)]
    counts = list(counts)
    letters: list[int] = []
    values: list[int] = []
    by_length[0].append((0, (), (), (), tuple(counts), blanks, _bits(counts)))

    def grow(node: int, depth: int, blanks_left: int, bits: int) -> None:
        m = mask[node]
        cand = m if blanks_left else m & bits
        base = first[node]
        while cand:
            b = cand & -cand
            cand ^= b
            nxt = child[base + (m & (b - 1)).bit_count()]
            letter = b.bit_length() - 1
            c = counts[letter]
            if c:
                counts[letter] = c - 1
                left_bits = bits ^ b if c == 1 else bits
                left_blanks = blanks_left
            else:
                left_bits = bits
                left_blanks = blanks_left - 1
            letters.append(letter)
            values.append(pts[letter])
            by_length[depth].append((nxt, tuple(letters), tuple(_UPPER[x] for x in letters), tuple(values),
                                     tuple(counts), left_blanks, left_bits))
            if depth < limit and (left_bits or left_blanks):
                grow(nxt, depth + 1, left_blanks, left_bits)
            letters.pop()
            values.pop()
            counts[letter] = c

    if limit >= 1:
        grow(0, 1, blanks, _bits(counts))
    return by_length


_COMBINATIONS: dict[tuple[int, int], list[tuple[tuple[int, ...], int]]] = {}


def _combinations(n: int, k: int) -> list[tuple[tuple[int, ...], int]]:
    """The ways to choose ``k`` of ``n`` positions, each with its bitmask."""
    found = _COMBINATIONS.get((n, k))
    if found is None:
        found = _COMBINATIONS[(n, k)] = [(c, sum(1 << x for x in c))
                                         for c in itertools.combinations(range(n), k)]
    return found


def _line(r, across, cols, xmask, xsum, cell, tpts, buf, runend, lm, wm, line_anchors, occ,
          mask, term, first, child, pts, bpts, counts0, blanks0, bingo, min_tiles, lefts,
          rack_size, out):
    """Generate the plays of one line, from each of its anchors.

    The search places letters, each taken from a tile of that letter while there is one and
    from a blank after that; so a path of letters is searched once however the blanks could be
    spread over it. When a word is complete, every way of choosing which of its new letters are
    blanks (all the tiles of a letter the rack lacks, any others) is listed with its own score:
    the score with real tiles less, for each blank, what its letter would have scored.
    """
    counts = list(counts0)
    blanks = blanks0
    rackbits = 0
    anchor = start = 0
    r0 = c0 = 0
    skip_solo = False
    append = out.append
    join = "".join
    placed: list[int] = []  # squares of the new tiles (with a blank rack only)
    letter_at = [0] * cols

    def emit_blanks(ms, w2, xt, nt, end):
        # Every way of making some new letters blanks; the search took real tiles first.
        score = ms * w2 + xt + bingo[nt]
        word = buf[start:end]
        by_letter: dict[int, int] = {}  # letter -> bitmask of its positions in ``placed``
        deltas = []
        x = 1
        for sq in placed:
            letter = letter_at[sq]
            by_letter[letter] = by_letter.get(letter, 0) | x
            x <<= 1
            lost = (pts[letter] - bpts) * lm[sq]
            deltas.append(lost * w2 + lost * wm[sq] if xsum[sq] >= 0 else lost * w2)
        # (positions of a letter the rack is short of, how many of them must be blanks)
        need = [(positions, positions.bit_count() - counts0[letter])
                for letter, positions in by_letter.items() if positions.bit_count() > counts0[letter]]
        fewest = sum(n for _, n in need)
        if fewest == 0:
            append((score, r0, c0, across, join(word), nt))
            fewest = 1
        for size in range(fewest, min(blanks0, nt) + 1):
            for chosen, bits in _combinations(nt, size):
                if need:
                    for positions, n in need:
                        if (bits & positions).bit_count() < n:
                            break
                    else:
                        n = 0
                    if n:
                        continue
                s = score
                chars = word[:]
                for x in chosen:
                    sq = placed[x]
                    s -= deltas[x]
                    chars[sq - start] = _LOWER[letter_at[sq]]
                append((s, r0, c0, across, join(chars), nt))

    def extend(i, node, msum, wmul, xtot, ntiles):
        # Square i is empty: try each letter the DAWG, the cross-check and the rack allow.
        nonlocal rackbits, blanks
        m = mask[node]
        cand = m & xmask[i]
        if not blanks:
            cand &= rackbits
        if not cand:
            return
        base = first[node]
        t = term[node]
        lmi = lm[i]
        wmi = wm[i]
        xs = xsum[i]
        nt = ntiles + 1
        w2 = wmul * wmi
        j = runend[i]
        can_end = nt >= min_tiles and (nt > 1 or not skip_solo)
        if blanks0:
            placed.append(i)
        while cand:
            b = cand & -cand
            cand ^= b
            letter = b.bit_length() - 1
            c = counts[letter]
            if c:
                counts[letter] = c - 1
                if c == 1:
                    rackbits ^= b
            else:
                blanks -= 1
            buf[i] = _UPPER[letter]
            letter_at[i] = letter
            vl = pts[letter] * lmi
            ms = msum + vl
            xt = xtot + (xs + vl) * wmi if xs >= 0 else xtot
            n = child[base + (m & (b - 1)).bit_count()]
            if j == i + 1:
                if t & b and can_end and i > start:
                    if blanks0:
                        emit_blanks(ms, w2, xt, nt, j)
                    else:
                        append((ms * w2 + xt + bingo[nt], r0, c0, across, join(buf[start:j]), nt))
                if j < cols and mask[n] & xmask[j] and (blanks or mask[n] & xmask[j] & rackbits):
                    extend(j, n, ms, w2, xt, nt)
            else:
                # Walk through the tiles after square i.
                k = i + 1
                ended = 0
                while k < j:
                    bk = cell[k]
                    mk = mask[n]
                    if not mk & bk:
                        n = -1
                        break
                    ended = term[n] & bk
                    n = child[first[n] + (mk & (bk - 1)).bit_count()]
                    ms += tpts[k]
                    k += 1
                if n >= 0:
                    if ended and can_end:
                        if blanks0:
                            emit_blanks(ms, w2, xt, nt, j)
                        else:
                            append((ms * w2 + xt + bingo[nt], r0, c0, across, join(buf[start:j]), nt))
                    if j < cols and mask[n] & xmask[j] and (blanks or mask[n] & xmask[j] & rackbits):
                        extend(j, n, ms, w2, xt, nt)
            if c:
                counts[letter] = c
                if c == 1:
                    rackbits |= b
            else:
                blanks += 1
        if blanks0:
            placed.pop()

    previous_anchor = -1
    for a in line_anchors:
        anchor = a
        amask = xmask[a]
        if not amask:
            previous_anchor = a
            continue
        if a > 0 and occ[a - 1]:
            # The tiles just before the anchor are the left part.
            s = a - 1
            while s > 0 and occ[s - 1]:
                s -= 1
            node = 0
            msum = 0
            for k in range(s, a):
                bk = cell[k]
                mk = mask[node]
                if not mk & bk:
                    node = -1
                    break
                node = child[first[node] + (mk & (bk - 1)).bit_count()]
                msum += tpts[k]
            previous_anchor = a
            if node < 0:
                continue
            counts[:] = counts0
            blanks = blanks0
            rackbits = _bits(counts)
            start = s
            r0, c0 = (r, s) if across else (s, r)
            skip_solo = not across and xsum[a] >= 0
            placed.clear()
            extend(a, node, msum, 1, 0, 0)
            continue
        # Free squares before the anchor: up to the previous anchor or tile.
        limit = 0
        s = a - 1
        while s >= 0 and not occ[s] and s != previous_anchor and limit < rack_size - 1:
            limit += 1
            s -= 1
        previous_anchor = a
        for length in range(min(limit, len(lefts) - 1) + 1):
            start = a - length
            r0, c0 = (r, start) if across else (start, r)
            skip_solo = length == 0 and not across and xsum[a] >= 0
            lms = lm[start:a]
            wmul = 1
            for k in range(start, a):
                wmul *= wm[k]
            squares = range(start, a)
            for node, letters, chars, values, left_counts, left_blanks, left_bits in lefts[length]:
                m = mask[node] & amask
                if not left_blanks:
                    m &= left_bits
                if not m:
                    continue
                buf[start:a] = chars
                if blanks0:
                    letter_at[start:a] = letters
                    placed[:] = squares
                counts[:] = left_counts
                blanks = left_blanks
                rackbits = left_bits
                extend(a, node, sum(map(mul, values, lms)), wmul, 0, length)


def _bits(counts: list[int]) -> int:
    b = 0
    for i in range(26):
        if counts[i]:
            b |= 1 << i
    return b


def generate(board: Board, edition: Edition, rack: str, dawg: Dawg) -> list[Candidate]:
    """Every legal play of ``rack`` on ``board``, best first (see :class:`MoveGenerator`)."""
    return MoveGenerator(dawg, edition).generate(board, rack)
