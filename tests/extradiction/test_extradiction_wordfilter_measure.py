"""The children's word filter measured on lists it was not built from (issue 37).

``wordfilter_data/offensive-heldout.txt``: 1013 words from three public lists (sources and
licences in its header) that the shipped filter never saw; ``offensive-heldout-2.txt``: 248 more
from a fourth public list; ``innocent-lookalikes.txt``: 400 words of the word list holding an
offensive-looking run of letters. The bars are the figures measured on the filter as it stands:
a change may raise them, never lower them.

The held-out lists hold words of other languages (amcik, kurwa), words only sometimes offensive
(god, fat, pot, organ, seaman) and misspellings: the filter blocks a listed word, a form of one
(lemminflect, Snowball), a compound with one, or a close misspelling of one (Metaphone), and the
first two kinds are its misses. Before the rebuild it blocked 241 (23.8%) of the first list and
said back 302 of the 400 innocent words.

Since the shipped filter also holds LDNOOBW's lists of other languages (``ldnoobw-other.txt``),
the held-out lists are checked against them: 26 words of the first list are on them (kurwa,
cazzo, arschloch...), none of the second's; the first list is measured with and without them.
"""

from __future__ import annotations

from pathlib import Path

from wordboard.extradiction.wordfilter import hides_unsuitable, is_unsuitable

DATA = Path(__file__).parent / "wordfilter_data"


def _words(name: str) -> list[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [w.strip() for w in lines if w.strip() and not w.startswith("#")]


def _blocked_and_hidden(name: str, size: int) -> tuple[float, float]:
    """The share of a list's words that ``is_unsuitable`` blocks and ``hides_unsuitable`` hides."""
    words = _words(name)
    assert len(words) == size
    return (sum(map(is_unsuitable, words)) / size, sum(map(hides_unsuitable, words)) / size)


def test_held_out_offensive_words_blocked_at_least_as_often_as_measured() -> None:
    blocked, hidden = _blocked_and_hidden("offensive-heldout.txt", 1013)
    assert blocked >= 0.685               # measured: 694 (68.5%; 669 before swearjar, 646 before ldnoobw-other)
    assert hidden >= 0.697                # measured: 707 (69.8%; 687 before swearjar, 664 before ldnoobw-other)


def test_the_held_out_lists_mostly_do_not_copy_the_other_languages_list() -> None:
    """The overlap with a source added after the held-out lists were made, and the figures
    without it: the other languages' list adds nothing outside the words it shares."""
    from wordboard.extradiction.wordfilter import _shipped

    foreign = _shipped().foreign
    first = _words("offensive-heldout.txt")
    shared = [w for w in first if w in foreign]
    rest = [w for w in first if w not in foreign]
    assert len(shared) == 26 and all(map(is_unsuitable, shared))
    assert not [w for w in _words("offensive-heldout-2.txt") if w in foreign]
    print(f"\nheld-out list less the {len(shared)} words on ldnoobw-other: {len(rest)}, "
          f"blocked {sum(map(is_unsuitable, rest))}, hidden {sum(map(hides_unsuitable, rest))}")
    assert sum(map(is_unsuitable, rest)) >= 668                   # measured: 668 of 987 (67.7%; 643 before swearjar)
    assert sum(map(hides_unsuitable, rest)) >= 681                # measured: 681 (69.0%; 661 before swearjar)


def test_the_held_out_lists_measured_without_the_words_swearjar_shares_with_them() -> None:
    """swearjar's list (npm, MIT), added after the held-out lists were made, shares 230 words with
    the first and 105 with the second (such lists copy each other): without those, what the
    filter blocks, before swearjar and with it (its new roots' forms and compounds)."""
    from wordboard.extradiction.wordfilter import _swearjar

    shared = set(_swearjar())
    first = [w for w in _words("offensive-heldout.txt") if w not in shared]
    second = [w for w in _words("offensive-heldout-2.txt") if w not in shared]
    assert (len(first), len(second)) == (783, 143)
    print(f"\nheld-out lists less swearjar's words: {len(first)}, blocked {sum(map(is_unsuitable, first))}, "
          f"hidden {sum(map(hides_unsuitable, first))}; {len(second)}, blocked {sum(map(is_unsuitable, second))}")
    assert sum(map(is_unsuitable, first)) >= 466        # measured: 466 (59.5%; 459 before swearjar)
    assert sum(map(hides_unsuitable, first)) >= 479     # measured: 479 (61.2%; 473 before)
    assert sum(map(is_unsuitable, second)) >= 129       # measured: 129 (90.2%; 128 before)


def test_second_held_out_list_blocked_at_least_as_often_as_measured() -> None:
    blocked, hidden = _blocked_and_hidden("offensive-heldout-2.txt", 248)
    assert blocked >= 0.927                                       # measured: 230 (92.7%; 215 before swearjar)
    assert hidden >= 0.939                                        # measured: 233 (94.0%; 219 before)


def test_innocent_look_alikes_allowed_at_least_as_often_as_measured() -> None:
    innocent = _words("innocent-lookalikes.txt")
    assert len(innocent) == 400
    allowed = sum(not is_unsuitable(w) for w in innocent)
    said_back = sum(not hides_unsuitable(w) for w in innocent)
    # measured: allowed 391 (97.8%; refused BUTTOCKS and PISTOL, listed on purpose, COCKIEST,
    # SCUMMIER, SPICKS, forms of listed words, HOMOLOG, PREASSED, TITULUS, read as compounds, and
    # CASSINOS, read as a misspelling of CASINOS); said back 386 (96.5%: runs that no dictionary
    # knows with a listed word inside stay hidden, unless they split into innocent words around it)
    assert allowed / len(innocent) >= 0.975
    assert said_back / len(innocent) >= 0.965


def split(name: str) -> dict[str, tuple[int, int, int]]:
    """A held-out list in three parts, each as (size, blocked, hidden): entries that are no one
    word (spaces, digits, symbols: never a word on the board nor a word of a list), words that no
    list a children's game may play has (never scored, never shown by the gate: only a child's
    own typing is judged, by ``hides_unsuitable``), and words one of those lists has."""
    from wordboard.dictionary import load_dictionary

    lists = [load_dictionary(lexicon) for lexicon in CHILDRENS_LISTS]
    parts: dict[str, list[str]] = {"not one word": [], "in no children's list": [], "playable": []}
    for word in _words(name):
        part = ("not one word" if not word.isalpha() else
                "playable" if any(word.upper() in d for d in lists) else "in no children's list")
        parts[part].append(word)
    return {part: (len(words), sum(map(is_unsuitable, words)), sum(map(hides_unsuitable, words)))
            for part, words in parts.items()}


def test_the_held_out_list_measured_apart_where_a_word_could_be_played():
    """Issue 37's 95% asks for the words that could reach a child as words. The first held-out
    list keeps only entries of letters (none is a phrase or has digits); 486 of its 1013 are in a
    list a children's game may play. Its misses there are mostly everyday words (god, fat, pot,
    organ, strip, stroke, slope, seaman, sandbar) and body words (womb, ovary, labia): blocking
    them would take words from the children; the rest (douche, schmuck, wench, smegma, lezzie)
    are roots on none of the shipped lists, which no morphology finds. Printed with -s."""
    figures = split("offensive-heldout.txt")
    for part, (size, blocked, hidden) in figures.items():
        print(f"\n{part}: {size}, blocked {blocked} ({blocked / max(size, 1):.1%}), hidden {hidden}")
    assert figures["not one word"] == (0, 0, 0)
    size, blocked, hidden = figures["playable"]
    assert size == 486 and blocked >= 301                # measured: 301 (61.9%; 293 before swearjar)
    size, blocked, hidden = figures["in no children's list"]
    assert size == 527 and blocked >= 393 and hidden >= 406        # measured: 393 (74.6%), hidden 406 (77.0%)
    # (before swearjar: 376, 71.3%, hidden 394)


# -- what a child can get scored, and what the kiosk shows or says (issue 37) ----------------------

#: the word lists the screen's setup offers eXtraDICTION's Speed and Level 3 ("default" is scowl:50;
#: "none" is not offered there, and Levels 1 and 2 score only the clue cards' words)
CHILDRENS_LISTS = ("scowl:50", "scowl:60", "scowl:70", "scowl:80", "wordgame", "wamerican", "wbritish")
HELD_OUT = (("offensive-heldout.txt", 1013), ("offensive-heldout-2.txt", 248))


def reach(name: str) -> dict[str, tuple[int, int]]:
    """For each children's list: how many of a held-out list's words are (a) playable there and
    not blocked (Speed scores them), (b) shown by the gate in "That says WORD." or spoken as its
    letters, for a game on that list (its words known: :func:`childtext.known_to`)."""
    from wordboard.dictionary import load_dictionary
    from wordboard.extradiction.childtext import for_child, spoken_for_child

    words = [w.upper() for w in _words(name)]
    out = {}
    for lexicon in CHILDRENS_LISTS:
        dictionary = load_dictionary(lexicon)
        known = dictionary.__contains__
        playable = sum(1 for w in words if w in dictionary and not is_unsuitable(w))
        said = sum(1 for w in words if for_child(f"That says {w}.", known) != "Let's pick another word."
                   or spoken_for_child("Your turn.", w, known)[1] is not None)
        out[lexicon] = (playable, said)
    return out


def table() -> str:
    """The figures as the README shows them (``python -m tests.extradiction.test_extradiction_wordfilter_measure``)."""
    lines = []
    for name, size in HELD_OUT:
        lines.append(f"{name} ({size}): shown on another game's children's page: {on_grown_ups_kids_page(name)}")
        for lexicon, (playable, said) in reach(name).items():
            lines.append(f"  {lexicon}: playable and not blocked {playable}, shown or spoken {said}")
    return "\n".join(lines)


def on_grown_ups_kids_page(name: str) -> int:
    """How many of a held-out list's words a ``?mode=kids`` page of a game for grown-ups
    (Lexulous...) shows in "That says WORD." (the children's own list and the filter)."""
    from wordboard.extradiction.childtext import PICK_ANOTHER, for_kids_page

    return sum(1 for w in _words(name) if for_kids_page(
        {"type": "state", "state": {"message": f"That says {w.upper()}."}})["state"]["message"] != PICK_ANOTHER)


def test_a_grown_ups_games_childrens_page_shows_what_a_scowl_50_game_does() -> None:
    """Before the list gate there (issue 37), the filter alone judged it: 326 and 29 were shown."""
    for name, _ in HELD_OUT:
        assert on_grown_ups_kids_page(name) == reach(name)["scowl:50"][1]     # measured: 126 and 10


def test_what_a_child_can_get_scored_or_hear_is_at_most_as_measured() -> None:
    """(a) playable in a children's list and not blocked, (b) shown or spoken by the gate in a game
    on that list: the gate says a word only when the list has it and the filter passes it, so (b)
    is (a), a word the list lacks (kurwa, a misspelt slur) is never repeated. Printed with -s."""
    print("\n" + table())
    first, second = reach("offensive-heldout.txt"), reach("offensive-heldout-2.txt")
    for figures in (first, second):
        assert all(said <= playable for playable, said in figures.values())
    # measured (the bars: a change may lower them, never raise them)
    assert all(first[k][0] <= MEASURED_FIRST[k] for k in CHILDRENS_LISTS), first
    assert all(second[k][0] <= MEASURED_SECOND[k] for k in CHILDRENS_LISTS), second


MEASURED_FIRST = {"scowl:50": 126, "scowl:60": 143, "scowl:70": 155, "scowl:80": 179, "wordgame": 166,
                  "wamerican": 132, "wbritish": 132}      # before swearjar: 129, 146, 158, 184, 173, 135, 135
MEASURED_SECOND = {"scowl:50": 10, "scowl:60": 11, "scowl:70": 12, "scowl:80": 12, "wordgame": 10,
                   "wamerican": 11, "wbritish": 11}       # before swearjar: 10, 11, 12, 14, 12, 11, 11

if __name__ == "__main__":
    print(table())
