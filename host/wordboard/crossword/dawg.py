"""A minimal DAWG (directed acyclic word graph) of a word list, in flat integer arrays.

The move generator (:mod:`wordboard.crossword.movegen`) walks it letter by letter. Letters are
numbered 0-25 (A-Z) and sets of letters are 26-bit masks (bit ``L`` for letter ``L``). Node ``n``
has, in four flat lists:

* ``mask[n]``: the letters on its outgoing edges;
* ``term[n]``: the letters whose edge completes a word;
* ``first[n]``: where its edges start in ``child``; the edge for letter bit ``b`` is
  ``first[n] + popcount(mask[n] & (b - 1))`` (edges are stored in letter order);
* ``child[e]``: the node an edge leads to.

Node 0 is the root. Built once per word list (Daciuk's incremental algorithm on the sorted
words, so equivalent suffixes share nodes) and cached on disk by
:mod:`wordboard.crossword.dawgcache`. Pure: no I/O here.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_LETTERS = (1 << 26) - 1
#: how often (in words) a build reports its progress
PROGRESS_STEP = 10_000


class Dawg:
    """The word graph. Make one with :meth:`from_words` or :meth:`from_arrays` (the cache)."""

    __slots__ = ("mask", "term", "first", "child", "word_count")

    def __init__(self, mask: list[int], term: list[int], first: list[int], child: list[int],
                 word_count: int):
        self.mask = mask
        self.term = term
        self.first = first
        self.child = child
        self.word_count = word_count

    # -- building --------------------------------------------------------------------------------

    @classmethod
    def from_words(cls, words: Iterable[str], progress: Callable[[int, int], None] | None = None) -> Dawg:
        """The DAWG of ``words`` (upper-case A-Z; words of fewer than 2 letters are left out).
        ``progress(done, total)`` is called every :data:`PROGRESS_STEP` words and once at the end
        (a whole word list takes seconds here, longer on a Raspberry Pi)."""
        unique = sorted({w for w in words if len(w) >= 2 and w.isascii() and w.isalpha() and w.isupper()})
        return cls._build(unique, progress)

    @classmethod
    def _build(cls, words: list[str], progress: Callable[[int, int], None] | None = None) -> Dawg:
        # Daciuk et al. (2000): add sorted words one by one; when the path of the previous word
        # is no longer shared, replace its nodes by equivalent registered ones.
        # A node is a list: [final, {letter: node}]; the register maps a node's signature to it.
        root: list = [False, {}]
        register: dict[tuple, list] = {}
        ids: dict[int, int] = {}  # id(node) -> signature number

        def signature(node: list) -> tuple:
            return (node[0],) + tuple((letter, ids[id(child)]) for letter, child in sorted(node[1].items()))

        def minimise(path: list[tuple[list, str, list]], down_to: int) -> None:
            while len(path) > down_to:
                parent, letter, node = path.pop()
                sig = signature(node)
                known = register.get(sig)
                if known is None:
                    register[sig] = node
                    ids[id(node)] = len(ids) + 1
                else:
                    parent[1][letter] = known

        path: list[tuple[list, str, list]] = []  # the unminimised nodes of the previous word
        previous = ""
        total = len(words)
        if progress is not None:
            progress(0, total)
        for done, word in enumerate(words):
            if progress is not None and done and done % PROGRESS_STEP == 0:
                progress(done, total)
            common = 0
            limit = min(len(word), len(previous))
            while common < limit and word[common] == previous[common]:
                common += 1
            minimise(path, common)
            node = path[-1][2] if path else root
            for letter in word[common:]:
                new: list = [False, {}]
                node[1][letter] = new
                path.append((node, letter, new))
                node = new
            node[0] = True
            previous = word
        minimise(path, 0)

        # Flatten: number the nodes breadth first from the root.
        numbering: dict[int, int] = {id(root): 0}
        order = [root]
        mask: list[int] = []
        term: list[int] = []
        first: list[int] = []
        child: list[int] = []
        i = 0
        while i < len(order):
            node = order[i]
            i += 1
            m = t = 0
            first.append(len(child))
            for letter, nxt in sorted(node[1].items()):
                bit = 1 << (ord(letter) - 65)
                m |= bit
                if nxt[0]:
                    t |= bit
                key = id(nxt)
                if key not in numbering:
                    numbering[key] = len(order)
                    order.append(nxt)
                child.append(numbering[key])
            mask.append(m)
            term.append(t)
        if progress is not None:
            progress(total, total)
        return cls(mask, term, first, child, len(words))

    # -- the flat form (for the cache) -----------------------------------------------------------

    def to_arrays(self) -> tuple[array, array, array, array]:
        return (array("I", self.mask), array("I", self.term), array("I", self.first),
                array("I", self.child))

    @classmethod
    def from_arrays(cls, mask: array, term: array, first: array, child: array, word_count: int) -> Dawg:
        """Rebuild from :meth:`to_arrays`; raises ``ValueError`` if the arrays do not fit together."""
        nodes, edges = len(mask), len(child)
        if not (len(term) == len(first) == nodes) or nodes == 0:
            raise ValueError("DAWG arrays of different lengths")
        dawg = cls(mask.tolist(), term.tolist(), first.tolist(), child.tolist(), word_count)
        # Cheap structural checks so that a damaged file cannot send the generator astray.
        if max(dawg.child, default=0) >= nodes or (edges and max(dawg.first) > edges):
            raise ValueError("DAWG edge points outside the graph")
        if sum(m.bit_count() for m in dawg.mask) != edges:
            raise ValueError("DAWG edge count does not match the node masks")
        return dawg

    # -- queries ---------------------------------------------------------------------------------

    @property
    def node_count(self) -> int:
        return len(self.mask)

    @property
    def edge_count(self) -> int:
        return len(self.child)

    def step(self, node: int, letter: int) -> int:
        """The node after ``letter`` (0-25) from ``node``, or -1 if no word continues that way."""
        bit = 1 << letter
        m = self.mask[node]
        if not m & bit:
            return -1
        return self.child[self.first[node] + (m & (bit - 1)).bit_count()]

    def walk(self, word: str, node: int = 0) -> int:
        """The node after the letters of ``word`` (upper case), or -1."""
        for ch in word:
            if node < 0:
                return -1
            node = self.step(node, ord(ch) - 65)
        return node

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or len(word) < 2 or not word.isascii() or not word.isupper():
            return False
        node = self.walk(word[:-1])
        if node < 0:
            return False
        letter = ord(word[-1]) - 65
        return 0 <= letter < 26 and bool(self.term[node] >> letter & 1)

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabetical order."""
        stack: list[tuple[int, str]] = [(0, "")]
        mask, term, first, child = self.mask, self.term, self.first, self.child
        out: list[str] = []
        while stack:
            node, prefix = stack.pop()
            m = mask[node]
            e = first[node]
            for letter in range(26):
                if m >> letter & 1:
                    word = prefix + ALPHABET[letter]
                    if term[node] >> letter & 1:
                        out.append(word)
                    stack.append((child[e], word))
                    e += 1
        out.sort()
        return iter(out)

    def __len__(self) -> int:
        return self.word_count

    def __repr__(self) -> str:
        return f"<Dawg of {self.word_count:,} words: {self.node_count:,} nodes, {self.edge_count:,} edges>"
