"""The fast move generator against the plain one (finder.legal_plays, which asks the rules engine
about every candidate): the same plays with the same scores, on random positions of small boards
of several editions, with 0, 1 and 2 blanks (hypothesis)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.crossword import Board, Tile, evaluate_play
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.finder import legal_plays
from wordboard.crossword.movegen import MoveGenerator
from wordboard.datafile import DataFile
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition, parse_edition

WORDS = Dictionary.from_words("""
    aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el em en er
    es ex fa fe go ha he hi hm ho id if in is it jo ka la li lo ma me mi mo mu my na ne no nu od
    oe of oh oi om on op or os ow ox oy pa pe pi qi re sh si so ta ti to uh um un up us ut we wo
    xi xu ya ye yo za
    act add age ago aid aim air and ant ape arc are arm art ash ate axe bad bag bar bat bed bee
    bet bid big bin bit boa bog box boy bud bus but cab cat cot cow cry cub cue cut dab dam day
    den dew did die dig dim dip doe dog dot dry due dug dye ear eat ebb eel egg ego elf elm emu end
    era ere eta eve ewe eye fan far fat fax fed fee few fig fin fir fit fix flu fly foe fog for fox
    fun fur gag gap gas gel gem get gin god got gum gun gut guy gym had ham has hat hen her hex hid
    him hip his hit hob hoe hog hop hot how hub hue hug hum hut ice icy ink inn ion its jab jam jar
    jaw jet jig job jog jot joy jug keg key kid kin kit lab lad lag lap law lax lay led leg let lid
    lie lip lit log lot low mad man map mat max may men met mix mob mod mop mud mug nab nag nap net
    new nib nil nip nit nod nor not now nut oak oar oat odd ode off oft oil old one opt orb ore our
    out owe owl own pad pal pan par pat paw pay pea peg pen pet pie pig pin pit pod pop pot pub pun
    pup put qat rag ram ran rap rat raw ray red rib rid rig rim rip rob rod roe rot row rub rug rum
    run rut rye sad sag sap sat saw sax say sea see set sew she shy sin sip sir sit six ski sky sly
    sob sod son sow soy spa spy sty sub sum sun tab tad tag tan tap tar tax tea tee ten the tie tin
    tip toe ton too top tot tow toy try tub tug two urn use van vat vet vex via vie vow wad wag war
    was wax way web wed wet who why wig win wit woe wok won woo wow yak yam yes yet yew zap zed zen
    zip zoo
    able aced aged ages aide aids ante ants apes arts bade bane bare bead bean bear beat bide bird
    bite bore cafe cage care cart case cast cats coat code cord core cost dare date dear deer dine
    dire dirt dose dote east eats edit fade fare fast fate fear feat fire gate gear hare hate head
    hear heat herd hide hire idea ides iron late lead lean liar lied lies line lion lore lose mare
    mate meat mint mist mode more most nest note oats ones pare part past pate pear peat pier pine
    rage rain rate read real rest ride rind riot road rose sane sate seat side site star tear tide
    tied ties tile time tire toad tone tore wade ware
    adore aisle alert alter arise aside baton bread cater crate dater deist diets edits irate
    later notes onset opera orate raise ratio react siren snore stare stone store tenor toned trade
    tread
    admire anoint detain rating senior strain tirade ration
""".split())
DAWG = Dawg.from_words(WORDS)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

EDITION_TEMPLATE = """\
name: {name}
[board]
size: {rows} x {cols}
{centre}squares:
{squares}

first-move-tiles: {first}
[tiles]
rack: {rack}
bingo: {bingo}
scoreless-end: 3 rounds
letters:
? 2 {blank}
{letters}
"""


def edition(name, squares, rack, first, bingo, blank=0, centre=""):
    rows = squares.split()
    points = {ch: 1 + (i * 7) % 10 for i, ch in enumerate(LETTERS)}
    letters = "\n".join(f"{ch} 9 {points[ch]}" for ch in LETTERS)
    text = EDITION_TEMPLATE.format(name=name, rows=len(rows), cols=len(rows[0]), centre=centre,
                                   squares="\n".join(rows), first=first, rack=rack, bingo=bingo,
                                   blank=blank, letters=letters)
    return parse_edition(DataFile(text, f"{name}.edition"))


EDITIONS = [
    edition("seven", """
        T..d..T
        .D...D.
        ..t.t..
        d..*..d
        ..t.t..
        .D...D.
        T..d..T""", rack=4, first=2, bingo="4=10 3=3"),
    edition("nine", """
        Q...d...T
        .D..q..D.
        ..t...t..
        .d..D..d.
        q...*...q
        .d..D..d.
        ..t...t..
        .D..q..D.
        T...d...Q""", rack=7, first=1, bingo="7=50 6=20"),
    edition("oblong", """
        T..d...T
        .D...t..
        ..d.d..D
        d...D..d
        ..t...t.
        .D..d..T""", rack=5, first=3, bingo="5=25", blank=1, centre="centre: D3\n"),
    load_edition("lexulous"),  # 15 x 15, 8-tile racks, bingos for 7 and 8 tiles
]


def random_position(rng, ed, turns):
    """A board reached by ``turns`` random legal plays (chosen from the generator's own list,
    each confirmed by the rules engine before it is placed)."""
    board = Board(ed.board)
    gen = MoveGenerator(DAWG, ed)
    for _ in range(turns):
        rack = "".join(rng.choice("AEIOUAEIOURSTLNDTSRBCGHMPWY") for _ in range(ed.tiles.rack_size))
        found = gen.generate(board, rack)
        if not found:
            continue
        play = rng.choice(found).play(board)
        evaluate_play(board, ed, play, WORDS)
        for p in play.placements:
            board.place(p.square, p.tile)
    return board


def compare(board, ed, rack):
    mine = MoveGenerator(DAWG, ed).generate(board, rack)
    ref = legal_plays(board, ed, rack, WORDS)
    got = {}
    for c in mine:
        key = frozenset(c.placements(board))
        assert key not in got, f"listed twice: {c}"
        got[key] = c.score
    expected = {frozenset(p.play.placements): p.score for p in ref}
    assert set(got) - set(expected) == set(), "illegal plays listed"
    assert set(expected) - set(got) == set(), "legal plays missing"
    assert got == expected
    assert [c.score for c in mine] == sorted((c.score for c in mine), reverse=True)
    return mine


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(EDITIONS) - 1), turns=st.integers(0, 7),
       blanks=st.integers(0, 2))
def test_same_plays_and_scores_as_the_plain_finder(seed, which, turns, blanks):
    rng = random.Random(seed)
    ed = EDITIONS[which]
    board = random_position(rng, ed, turns)
    size = ed.tiles.rack_size
    rack = "".join(rng.choice("AEIOUAEIOURSTLNDTSRBCGHMPWYZXQ") for _ in range(size - blanks)) + "?" * blanks
    compare(board, ed, rack)


def test_every_play_converts_to_a_play_the_rules_engine_scores_the_same():
    ed = EDITIONS[1]
    board = random_position(random.Random(5), ed, 6)
    for c in MoveGenerator(DAWG, ed).generate(board, "RATES?E"):
        scored = evaluate_play(board, ed, c.play(board), WORDS)
        assert scored.score == c.score
        assert scored.main.display == c.word or len(c.placements(board)) == 1


def test_first_move_rules_and_a_rack_too_short_for_them():
    ed = EDITIONS[2]  # first move: 3 tiles, covering D3
    board = Board(ed.board)
    plays = compare(board, ed, "RATE?")
    assert plays and all(c.tiles >= 3 for c in plays)
    assert all((2, 3) in [p.square for p in c.placements(board)] for c in plays)
    assert MoveGenerator(DAWG, ed).generate(board, "AT") == []
    assert MoveGenerator(DAWG, ed).generate(board, "") == []


def test_a_single_tile_forming_two_words_is_listed_once_as_across():
    ed = EDITIONS[1]
    board = Board(ed.board)
    for square, letter in (((4, 4), "A"), ((4, 5), "T"), ((3, 5), "I")):
        board.place(square, Tile(letter))
    # A T on (3, 4) makes TI across and TA down: one play, scored with both words.
    plays = [c for c in compare(board, ed, "T") if c.tiles == 1 and (c.row, c.col) in ((3, 4),)]
    assert len(plays) == 1 and plays[0].across


def test_dawg_holds_exactly_the_words():
    assert sorted(DAWG) == sorted(w for w in WORDS if len(w) >= 2)
    assert "TIRADE" in DAWG and "TIRAD" not in DAWG and "ZZ" not in DAWG and "tirade" not in DAWG
