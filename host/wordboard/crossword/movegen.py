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
:class:`~wordboard.crossword.moves.Play`, whose score :func:`~wordboard.crossword.scoring.evaluate_play`
confirms. Pure: no I/O (the DAWG comes from :mod:`wordboard.crossword.dawgcache` or
:meth:`Dawg.from_words`).

A single tile that forms words both ways is listed once, as an across play.
"""

from __future__ import annotations

import gc
import itertools
import operator
from operator import mul
from typing import NamedTuple

from wordboard.crossword.board import Board, Square
from wordboard.crossword.dawg import ALL_LETTERS, ALPHABET, Dawg
from wordboard.crossword.moves import Placement, Play, format_position
from wordboard.editions import BLANK, Edition

_UPPER = tuple(ALPHABET)
_LOWER = tuple(ALPHABET.lower())
_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}
_CROSS_CACHE_LIMIT = 200_000
_FOLLOW_CACHE_LIMIT = 1_000_000


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
        return format_position(Square(self.row, self.col), self.across)

    def placements(self, board: Board) -> tuple[Placement, ...]:
        """The tiles put down: the squares of the word that are empty on ``board``."""
        dr, dc = (0, 1) if self.across else (1, 0)
        out = []
        for i, ch in enumerate(self.word):
            r, c = self.row + dr * i, self.col + dc * i
            if board[Square(r, c)] is None:
                out.append(Placement(r, c, ch.upper(), ch.islower()))
        return tuple(out)

    def play(self, board: Board) -> Play:
        """This candidate as a :class:`Play` on ``board`` (the board it was generated for)."""
        return Play(self.placements(board), self.across)

    def notation(self, board: Board) -> str:
        """Position and word as records write them, ``.`` for tiles already on the board."""
        dr, dc = (0, 1) if self.across else (1, 0)
        text = "".join(ch if board[Square(self.row + dr * i, self.col + dc * i)] is None else "."
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
        self._follow: dict[int, int] = {}  # node << 5 | letter -> letters after which it may follow

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
        if len(self._follow) >= _FOLLOW_CACHE_LIMIT:
            self._follow.clear()
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
                  lefts, rack_size, out, self._follow)


_score = operator.itemgetter(0)


def _left_parts(dawg: Dawg, counts: list[int], blanks: int, limit: int,
                pts: list[int]) -> list[list[tuple[int, list[tuple]]]]:
    """Every prefix of a word that the rack can make with up to ``limit`` tiles, by length, in
    groups: ``(reach, parts)`` where ``reach`` is the set of letters that could follow (what the
    DAWG allows and the rack can still supply) and each part is ``(node, letters, their
    characters, sum of their values, values, counts left, blanks left, letter bits left, letters
    taken from blanks)``; prefixes that nothing can follow are left out. Letters are taken from
    the rack's tiles first and from its blanks when the tiles run out; which tiles are really
    blanks is chosen when a play is listed (see ``_line``)."""
    mask, first, child = dawg.mask, dawg.first, dawg.child
    limit = max(limit, 0)
    groups: list[dict[int, list[tuple]]] = [{} for _ in range(limit + 1)]
    counts = list(counts)
    m0 = mask[0] if blanks else mask[0] & _bits(counts)
    if m0:
        groups[0][m0] = [(0, (), (), 0, (), tuple(counts), blanks, _bits(counts), ())]

    def grow(node: int, depth: int, blanks_left: int, bits: int, letters: tuple, chars: tuple,
             values: tuple, vsum: int, blank_at: tuple) -> None:
        m = mask[node]
        cand = m if blanks_left else m & bits
        base = first[node]
        by_reach = groups[depth]
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
                at = blank_at
            else:
                left_bits = bits
                left_blanks = blanks_left - 1
                at = blank_at + (letter,)
            v = pts[letter]
            ls, cs, vs = letters + (letter,), chars + (_UPPER[letter],), values + (v,)
            if left_bits or left_blanks:
                reach = mask[nxt] if left_blanks else mask[nxt] & left_bits
                if reach:
                    part = (nxt, ls, cs, vsum + v, vs, tuple(counts), left_blanks, left_bits, at)
                    group = by_reach.get(reach)
                    if group is None:
                        by_reach[reach] = [part]
                    else:
                        group.append(part)
                if depth < limit:
                    grow(nxt, depth + 1, left_blanks, left_bits, ls, cs, vs, vsum + v, at)
            counts[letter] = c

    if limit >= 1:
        grow(0, 1, blanks, _bits(counts), (), (), (), 0, ())
    return [list(g.items()) for g in groups]


_COMBINATIONS: dict[tuple[int, int], list[tuple[tuple[int, ...], int]]] = {}


def _combinations(n: int, k: int) -> list[tuple[tuple[int, ...], int]]:
    """The ways to choose ``k`` of ``n`` positions, each with its bitmask."""
    found = _COMBINATIONS.get((n, k))
    if found is None:
        found = _COMBINATIONS[(n, k)] = [(c, sum(1 << x for x in c))
                                         for c in itertools.combinations(range(n), k)]
    return found


_PAIRS = [[(x, y) for x in range(n) for y in range(x + 1, n)] for n in range(16)]


def _line(r, across, cols, xmask, xsum, cell, tpts, buf, runend, lm, wm, line_anchors, occ,
          mask, term, first, child, pts, bpts, counts0, blanks0, bingo, min_tiles, lefts,
          rack_size, out, follow):
    """Generate the plays of one line, from each of its anchors.

    The search places letters, each taken from a tile of that letter while there is one and
    from a blank after that; so a path of letters is searched once however the blanks could be
    spread over it. When a word is complete, every way of choosing which of its new letters are
    blanks (the letters taken from blanks, or others of the same letter, and then any others) is
    listed with its own score: the score with real tiles less, for each blank, what its letter
    would have scored (on its square, times the main word's and its cross-word's multipliers).
    A square followed by tiles only takes letters that the DAWG lets the next tile follow
    (``follow``: a cache by node and letter shared by calls).
    """
    counts = list(counts0)
    start = 0
    r0 = c0 = 0
    skip_solo = False
    append = out.append
    join = "".join
    from_blank: list[int] = []  # the letters the search took from blanks
    empty_sq = [c for c in range(cols) if not occ[c]]
    before = [0] * (cols + 1)  # before[c]: the number of empty squares before square c
    for c in range(cols):
        before[c + 1] = before[c] + (not occ[c])
    # A blank's loss on square sq is (points - blank points) * lm[sq] * (main + cross multiplier).
    xw = [wm[c] if xsum[c] >= 0 else 0 for c in range(cols)]
    nxt_tile = [cell[c + 1].bit_length() - 1 if c + 1 < cols and cell[c + 1] > 0 else -1
                for c in range(cols)]

    def emit_blanks(ms, w2, xt, nt, end):
        # Every way of making some new letters blanks; the search took real tiles first, so the
        # letters it took from blanks (``from_blank``) are those the rack is short of.
        score = ms * w2 + xt + bingo[nt]
        word = join(buf[start:end])
        placed = empty_sq[before[start]:before[end]]  # the squares of the new tiles
        used = len(from_blank)
        if blanks0 > 2:
            _emit_general(word, score, w2, nt, used, placed)
            return
        if used == 0:
            append((score, r0, c0, across, word, nt))
            lowered = []
            for sq in placed:
                letter = _INDEX[buf[sq]]
                p = sq - start
                d = (pts[letter] - bpts) * lm[sq] * (w2 + xw[sq])
                lowered.append((p, _LOWER[letter], d))
                append((score - d, r0, c0, across, word[:p] + _LOWER[letter] + word[p + 1:], nt))
            if blanks0 == 2:
                for x, y in _PAIRS[nt]:
                    p, lx, dx = lowered[x]
                    q, ly, dy = lowered[y]
                    append((score - dx - dy, r0, c0, across,
                            word[:p] + lx + word[p + 1:q] + ly + word[q + 1:], nt))
            return
        first_letter = from_blank[0]
        second_letter = from_blank[1] if used == 2 else first_letter
        if not counts0[first_letter] and not counts0[second_letter]:
            # The rack has none of those letters: each square of theirs is a blank.
            forced = []
            rest = []
            fx = _UPPER[first_letter]
            sx = _UPPER[second_letter]
            for sq in placed:
                ch = buf[sq]
                if ch == fx or ch == sx:
                    letter = _INDEX[ch]
                    forced.append((sq - start, _LOWER[letter],
                                   (pts[letter] - bpts) * lm[sq] * (w2 + xw[sq])))
                elif used < blanks0:
                    letter = _INDEX[ch]
                    rest.append((sq - start, _LOWER[letter],
                                 (pts[letter] - bpts) * lm[sq] * (w2 + xw[sq])))
            if used == 1:
                f = forced[0]
                fp, fl, fd = f
                append((score - fd, r0, c0, across, word[:fp] + fl + word[fp + 1:], nt))
                for y in rest:
                    (p, lx, dx), (q, ly, dy) = (f, y) if y[0] > fp else (y, f)
                    append((score - dx - dy, r0, c0, across,
                            word[:p] + lx + word[p + 1:q] + ly + word[q + 1:], nt))
            else:
                (p, lx, dx), (q, ly, dy) = forced
                append((score - dx - dy, r0, c0, across,
                        word[:p] + lx + word[p + 1:q] + ly + word[q + 1:], nt))
            return
        if used == 1:
            # One letter short (the rack has some): a blank is on one of that letter's squares
            # (and, with a second blank, another anywhere).
            lowered = []
            for sq in placed:
                letter = _INDEX[buf[sq]]
                d = (pts[letter] - bpts) * lm[sq] * (w2 + xw[sq])
                lowered.append((sq - start, _LOWER[letter], d, letter == first_letter))
            for p, lx, dx, must in lowered:
                if must:
                    append((score - dx, r0, c0, across, word[:p] + lx + word[p + 1:], nt))
            if blanks0 == 2:
                for x, y in _PAIRS[nt]:
                    p, lx, dx, mx = lowered[x]
                    q, ly, dy, my = lowered[y]
                    if mx or my:
                        append((score - dx - dy, r0, c0, across,
                                word[:p] + lx + word[p + 1:q] + ly + word[q + 1:], nt))
            return
        # Both blanks used: on two squares of the one letter short by two, or one on each of
        # the two letters short by one.
        one = []
        two = []
        for sq in placed:
            letter = _INDEX[buf[sq]]
            if letter == first_letter:
                one.append((sq - start, _LOWER[letter], (pts[letter] - bpts) * lm[sq] * (w2 + xw[sq])))
            elif letter == second_letter:
                two.append((sq - start, _LOWER[letter], (pts[letter] - bpts) * lm[sq] * (w2 + xw[sq])))
        if first_letter == second_letter:
            pairs = [(one[x], one[y]) for x, y in _PAIRS[len(one)]]
        else:
            pairs = [(a, b) if a[0] < b[0] else (b, a) for a in one for b in two]
        for (p, lx, dx), (q, ly, dy) in pairs:
            append((score - dx - dy, r0, c0, across,
                    word[:p] + lx + word[p + 1:q] + ly + word[q + 1:], nt))

    def _emit_general(word, score, w2, nt, used, placed):
        # Any number of blanks (no edition has more than two): every choice that covers the
        # letters the rack is short of.
        by_letter: dict[int, int] = {}  # letter -> bitmask of its positions in ``placed``
        deltas = []
        x = 1
        for sq in placed:
            letter = _INDEX[buf[sq]]
            by_letter[letter] = by_letter.get(letter, 0) | x
            x <<= 1
            deltas.append((pts[letter] - bpts) * lm[sq] * (w2 + xw[sq]))
        need = [(positions, positions.bit_count() - counts0[letter])
                for letter, positions in by_letter.items() if positions.bit_count() > counts0[letter]]
        fewest = used
        if fewest == 0:
            append((score, r0, c0, across, word, nt))
            fewest = 1
        chars0 = list(word)
        for size in range(fewest, min(blanks0, nt) + 1):
            for chosen, bits in _combinations(nt, size):
                if any((bits & positions).bit_count() < n for positions, n in need):
                    continue
                s = score
                chars = chars0[:]
                for x in chosen:
                    sq = placed[x]
                    s -= deltas[x]
                    chars[sq - start] = _LOWER[_INDEX[buf[sq]]]
                append((s, r0, c0, across, join(chars), nt))

    def followers(node, letter):
        # The letters from ``node`` after which the DAWG allows ``letter``.
        key = node << 5 | letter
        f = follow.get(key)
        if f is None:
            f = 0
            m = mask[node]
            e = first[node]
            bit = 1 << letter
            while m:
                b = m & -m
                m ^= b
                if mask[child[e]] & bit:
                    f |= b
                e += 1
            follow[key] = f
        return f

    def extend(i, node, msum, wmul, xtot, ntiles, rackbits, blanks):
        # Square i is empty: try each letter the DAWG, the cross-check and the rack allow
        # (``rackbits``: the letters of the tiles left; ``blanks``: the blanks left).
        m = mask[node]
        cand = m & xmask[i] if blanks else m & xmask[i] & rackbits
        j = runend[i]
        if j != i + 1 and cand:
            f = follow.get(node << 5 | nxt_tile[i])
            if f is None:
                f = followers(node, nxt_tile[i])
            cand &= f
        if not cand:
            return
        base = first[node]
        t = term[node]
        lmi = lm[i]
        wmi = wm[i]
        xs = xsum[i]
        nt = ntiles + 1
        w2 = wmul * wmi
        can_end_after = nt >= min_tiles and (nt > 1 or not skip_solo)  # tiles after square i
        can_end = can_end_after and i > start
        xj = xmask[j] if j < cols else 0
        while cand:
            b = cand & -cand
            cand ^= b
            letter = b.bit_length() - 1
            c = counts[letter]
            if c:
                counts[letter] = c - 1
                rb = rackbits ^ b if c == 1 else rackbits
                bl = blanks
            else:
                rb = rackbits
                bl = blanks - 1
                from_blank.append(letter)
            buf[i] = _UPPER[letter]
            vl = pts[letter] * lmi
            ms = msum + vl
            xt = xtot + (xs + vl) * wmi if xs >= 0 else xtot
            n = child[base + (m & (b - 1)).bit_count()]
            if j == i + 1:
                if t & b and can_end:
                    if blanks0:
                        emit_blanks(ms, w2, xt, nt, j)
                    else:
                        append((ms * w2 + xt + bingo[nt], r0, c0, across, join(buf[start:j]), nt))
                if mask[n] & xj and (bl or rb & mask[n] & xj):
                    extend(j, n, ms, w2, xt, nt, rb, bl)
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
                    if ended and can_end_after:
                        if blanks0:
                            emit_blanks(ms, w2, xt, nt, j)
                        else:
                            append((ms * w2 + xt + bingo[nt], r0, c0, across, join(buf[start:j]), nt))
                    if mask[n] & xj and (bl or rb & mask[n] & xj):
                        extend(j, n, ms, w2, xt, nt, rb, bl)
            if c:
                counts[letter] = c
            else:
                from_blank.pop()

    previous_anchor = -1
    for a in line_anchors:
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
            start = s
            r0, c0 = (r, s) if across else (s, r)
            skip_solo = not across and xsum[a] >= 0
            from_blank.clear()
            extend(a, node, msum, 1, 0, 0, _bits(counts0), blanks0)
            continue
        # Free squares before the anchor: up to the previous anchor or tile.
        limit = 0
        s = a - 1
        while s >= 0 and not occ[s] and s != previous_anchor and limit < rack_size - 1:
            limit += 1
            s -= 1
        previous_anchor = a
        tile_next = a + 1 < cols and occ[a + 1]
        next_letter = nxt_tile[a]
        for length in range(min(limit, len(lefts) - 1) + 1):
            start = a - length
            r0, c0 = (r, start) if across else (start, r)
            skip_solo = length == 0 and not across and xsum[a] >= 0
            lms = lm[start:a]
            plain = not any(x != 1 for x in lms)
            wmul = 1
            for k in range(start, a):
                wmul *= wm[k]
            for reach, parts in lefts[length]:
                if not reach & amask:
                    continue
                for node, _letters, chars, vsum, values, left_counts, left_blanks, left_bits, at in parts:
                    if tile_next:
                        f = follow.get(node << 5 | next_letter)
                        if f is None:
                            f = followers(node, next_letter)
                        if not mask[node] & amask & f:
                            continue
                    buf[start:a] = chars
                    if blanks0:
                        from_blank[:] = at
                    counts[:] = left_counts
                    extend(a, node, vsum if plain else sum(map(mul, values, lms)), wmul, 0, length,
                           left_bits, left_blanks)


def _bits(counts: list[int]) -> int:
    b = 0
    for i in range(26):
        if counts[i]:
            b |= 1 << i
    return b


def generate(board: Board, edition: Edition, rack: str, dawg: Dawg) -> list[Candidate]:
    """Every legal play of ``rack`` on ``board``, best first (see :class:`MoveGenerator`)."""
    return MoveGenerator(dawg, edition).generate(board, rack)
