"""Builds eXtraDICTION's shipped clue deck (``data/clue-cards.txt``) offline, from Debian data.

Run ``python -m wordboard.extradiction.deckbuilder`` to regenerate the deck (``--output PATH``
to write elsewhere, ``--check`` to compare with the shipped file). It prints its progress on
stderr. Sources, all local (the header of the deck repeats them with their licences):

- Words and pictures: the emoji in the Noto Color Emoji font (Debian ``fonts-noto-color-emoji``,
  SIL Open Font License 1.1): the font's character map says which emoji it can draw, and their
  Unicode names (``unicodedata.name``: "DOG FACE", "RED APPLE") give the word they show. Simple
  geometric words (circle, triangle, ...) get a shape wordboard draws itself instead.
- Meanings: WordNet 3.0 (Debian ``wordnet-base``, the WordNet 3.0 licence), read straight from
  its data files. Of a word's first few senses the builder selects one about a thing a child
  can see or touch, with a short gloss in common words, and rewrites it for children: it drops
  parentheses, Latin names and examples, turns "any of various" into "a kind of", adds "A"/"An",
  and refuses a gloss that gives the word away (the word, a form of it or a part of a compound:
  :func:`~wordboard.extradiction.cards.gives_away`). WordNet's glosses are written for adults,
  so almost every shipped card has wordboard's own meaning instead (``MEANING_OVERRIDES``,
  written after reading the gloss); to fix a card, change it there and regenerate. An emoji
  that pictures a word badly is replaced in ``PICTURE_OVERRIDES``.
- Colour levels: word frequency from ``wordfreq`` (its data ships with the package; code
  Apache 2.0, data CC BY-SA 4.0) and word length. The words are ranked from easiest to hardest
  and split into three packs, as in the published game: green, blue, red.

Words are kept only if they are in the dictionary (``wamerican``), common enough for a child
(wordfreq Zipf frequency >= :data:`MIN_ZIPF`), 3 to :data:`MAX_LENGTH` letters long and not on
the children's filter (:mod:`wordboard.extradiction.wordfilter`); meanings with an unsuitable
word are refused too.
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from wordboard.extradiction.cards import ClueCard, Colour, gives_away, parse_card_line
from wordboard.extradiction.pictures import SHAPE_PREFIX, SHAPES
from wordboard.extradiction.wordfilter import is_unsuitable, unsuitable_words_in

EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
WORDNET_DIR = Path("/usr/share/wordnet")
WORD_LIST = Path("/usr/share/dict/american-english")
DEFAULT_OUTPUT = Path(__file__).with_name("data") / "clue-cards.txt"

MIN_ZIPF = 3.2          # wordfreq Zipf frequency: 3 is about once per million words
MAX_LENGTH = 9
MAX_MEANING_WORDS = 16
SENSES_TRIED = 4
MAX_CARDS = 300         # the published game has 300 words (3 packs of 50 cards, two sides)

#: WordNet lexicographer files of things a child can see or touch (noun.animal, noun.artifact,
#: noun.body, noun.food, noun.location, noun.object, noun.person, noun.phenomenon, noun.plant,
#: noun.shape).
CONCRETE_LEXFILES = {5, 6, 8, 13, 15, 17, 18, 19, 20, 25}
PERSON_LEXFILE = 18
MAX_HARDNESS = 2.5

#: Words in emoji names that never name the picture's thing.
NAME_STOPWORDS = {
    "SIGN", "SYMBOL", "BLACK", "WHITE", "LATIN", "LETTER", "SQUARED", "CIRCLED", "REGIONAL",
    "INDICATOR", "KEYCAP", "BUTTON", "MARK", "ARROW", "ARROWS", "WITH", "AND", "OF", "FOR",
    "MEDIUM", "SMALL", "LARGE", "SELECTOR", "MODIFIER", "TYPE", "FITZPATRICK", "COMBINING",
    "ENCLOSING", "JOINER", "WIDTH", "ZERO", "DIGIT", "NUMBER", "TAG", "CANCEL", "ONE", "TWO",
    "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "ELEVEN", "TWELVE",
    "THIRTY", "OCLOCK", "FACE", "HEAVY", "LEFT", "RIGHT", "UP", "DOWN", "NORTH", "SOUTH",
    "EAST", "WEST", "SQUARE", "CIRCLE", "TRIANGLE", "DIAMOND",
}

#: Two-word emoji names whose second word is not what the picture shows.
BAD_COMPOUNDS = {"MILKY WAY", "WAVY DASH", "HIGH VOLTAGE", "SPEAKING HEAD", "SHOOTING STAR"}

#: Colour and size words: "RED APPLE" pictures an apple (adjectives that are not also nouns
#: are accepted too, from WordNet's index).
COLOUR_WORDS = {"red", "green", "blue", "yellow", "orange", "brown", "purple", "pink", "hot",
                "baby", "little", "big", "ear"}

#: Words the builder leaves out although they pass every other check: abstract, grown-up or
#: pictured badly by their emoji.
# "axe" is left out because the games' default word list (scowl:70, American spelling) has only
# "ax", and every card must be a word there.
LEFT_OUT = {"axe", "cancer", "nerd", "urn", "imp", "razor", "pill", "lying", "claim", "mode", "index",
            "source", "entry", "control", "arts", "hit", "stop", "score", "present", "polish",
            "chains", "racing", "machine", "closet", "wedding", "church", "temple", "memo",
            "chart", "dash", "disc", "track", "gear", "way", "note", "board", "green", "mug",
            "glass", "engine", "tube", "tray", "wedge", "drum", "cube", "bank", "bar", "pole",
            "shoes", "eyes", "hands", "cooking", "crying", "thinking", "lotus", "cane", "troll",
            "boar", "coral", "kiss", "fist", "lip", "plug", "pump", "rail", "railway", "slide",
            "trap", "herb", "seat", "glasses", "restroom", "ledger", "neutral", "bikini",
            "briefs", "lipstick", "zombie", "haircut", "pick", "angel"}

#: Emoji that picture a word better than the one its Unicode name gives (MECHANICAL ARM for
#: arm, TROPICAL DRINK for drink, WILTED FLOWER for flower, ...). Each must be in the font.
PICTURE_OVERRIDES: dict[str, str] = {
    "arm": "\U0001F4AA",      # FLEXED BICEPS, not MECHANICAL ARM
    "bowl": "\U0001F963",     # BOWL WITH SPOON, not STEAMING BOWL (noodles)
    "drink": "\U0001F964",    # CUP WITH STRAW, not TROPICAL DRINK (a cocktail)
    "flower": "\U0001F337",   # TULIP, not WILTED FLOWER
    "ice": "\U0001F9CA",      # ICE CUBE, not SHAVED ICE
    "leaf": "\U0001F343",     # LEAF FLUTTERING IN WIND (green), not FALLEN LEAF (brown)
    "pepper": "\U0001FAD1",   # BELL PEPPER, not HOT PEPPER
    "person": "\U0001F9CD",   # STANDING PERSON, not PERSON WITH BEARD
    "ruler": "\U0001F4CF",    # STRAIGHT RULER, not TRIANGULAR RULER
}

#: Words drawn as shapes rather than emoji.
SHAPE_WORDS = {name: f"{SHAPE_PREFIX}{name}" for name in SHAPES}

#: wordboard's own meanings, where WordNet's best gloss is too hard or too grown-up for a child.
MEANING_OVERRIDES: dict[str, str] = {
    "circle": "A round shape with no corners, like a ring.",
    "square": "A shape with four straight sides that are all the same length.",
    "triangle": "A shape with three straight sides and three corners.",
    "rectangle": "A shape with four straight sides and four square corners, like a door.",
    "oval": "A shape like a stretched circle, or like an egg.",
    "diamond": "A shape with four equal sides that stands on one corner, like a kite.",
    "line": "A long thin mark drawn from one point to another.",
    "cross": "A shape made of two lines that go over each other.",
    "arrow": "A sign with a pointed end that shows which way to go.",
    "star": "A shape with five points, like the bright dots in the night sky.",
    "heart": "A shape that means love, with two round bumps on top and a point below.",
    "ant": "A tiny insect that lives in a big group in a nest under the ground.",
    "anchor": "A heavy metal hook on a chain that stops a ship from drifting away.",
    "banjo": "A musical instrument with strings, a long neck and a round body.",
    "bathtub": "A long, deep bowl that you fill with warm water and sit in to get clean.",
    "bell": "A metal cup that rings when it is struck.",
    "book": "Pages with words or pictures, fixed together between two covers.",
    "candy": "A sweet made of sugar, sometimes with fruit or nuts.",
    "cloud": "A white or grey shape floating in the sky, made of tiny drops of water.",
    "cyclone": "A very strong wind that spins round and round.",
    "desert": "A very dry place with lots of sand and very little rain.",
    "foot": "The part at the end of your leg that you stand on.",
    "fountain": "A place where water jumps up into the air and splashes down.",
    "garlic": "A small white bulb with a strong smell, used to give food flavour.",
    "horn": "A musical instrument that makes a loud sound when you blow into it.",
    "hotel": "A building where travellers pay to sleep and eat.",
    "lemon": "A yellow fruit with a very sour juice.",
    "magnet": "A piece of metal that pulls iron things towards it.",
    "motorway": "A wide road where cars and lorries drive fast.",
    "mountain": "A very high hill, sometimes with snow on top.",
    "oyster": "A sea animal with a rough shell; some have a pearl inside.",
    "pencil": "A thin stick of wood with grey or coloured lead inside, for writing and drawing.",
    "rat": "An animal like a big mouse, with a long tail.",
    "salad": "A cold dish of mixed vegetables, such as lettuce and tomatoes.",
    "satellite": "A machine that flies around the Earth in space and sends back pictures and messages.",
    "shield": "A big plate that knights held up to protect themselves.",
    "shower": "A place where water sprays down on you so you can wash.",
    "surfer": "Someone who rides the waves on a board.",
    "taco": "A folded flat bread with a tasty filling inside.",
    "telescope": "A long tube that makes faraway things like the moon look bigger.",
    "tent": "A shelter made of cloth and poles that you sleep in when camping.",
    "trumpet": "A shiny brass instrument that you blow into to make music.",
    "umbrella": "A cover on a stick that you hold over your head to keep off the rain.",
    "adult": "A grown-up person, like a mum, a dad or a teacher.",
    "apple": "A round fruit with red, yellow or green skin that grows on trees.",
    "arm": "The part of your body between your shoulder and your hand.",
    "axe": "A tool with a heavy sharp blade on a long handle, for chopping wood.",
    "bacon": "Thin slices of salted meat from a pig, often fried for breakfast.",
    "balloon": "A bag of thin rubber filled with air or gas.",
    "bat": "A small furry animal that flies at night and sleeps upside down.",
    "bath": "A wash in a tub full of warm water.",
    "bear": "A big, strong, furry wild animal.",
    "beaver": "An animal with a flat tail and big teeth that builds dams across rivers.",
    "beetle": "An insect with hard, shiny covers over its wings.",
    "bone": "One of the hard white parts inside your body that make your skeleton.",
    "bowl": "A round dish for eating soup or cereal.",
    "boy": "A child who will grow up to be a man.",
    "brain": "The part inside your head that you think with.",
    "bug": "A small creeping or crawling creature, like a beetle or an ant.",
    "butter": "A soft yellow food made from milk that we spread on bread.",
    "camera": "A machine for taking photos.",
    "cap": "A soft hat with a peak at the front.",
    "carrot": "A long orange vegetable that grows under the ground.",
    "cat": "A small furry pet that purrs and says miaow.",
    "chestnut": ("A shiny brown seed that grows inside a prickly case and "
                 "falls from a tree in autumn."),
    "chick": "A baby bird, just out of its egg.",
    "chicken": "A farm bird that lays eggs.",
    "child": "A young boy or girl.",
    "clown": "A circus performer with a painted face, big shoes and a red nose.",
    "cookie": "A small, flat, sweet cake.",
    "cow": "A big farm animal that gives us milk.",
    "crab": "A sea animal with a hard shell, eight legs and two big claws.",
    "crown": "A ring of gold and jewels that a king or a queen wears on the head.",
    "cucumber": "A long green vegetable that is cool and crunchy.",
    "dog": "A furry pet that barks, wags its tail and likes to go for walks.",
    "dolphin": "A clever sea animal that swims fast and likes to jump and play.",
    "dragon": "A big creature in stories that has wings and breathes fire.",
    "dress": "Clothes in one piece, with a top and a skirt.",
    "drink": "Something you swallow when you are thirsty, like water or juice.",
    "duck": "A bird that swims on ponds and says quack.",
    "ear": "The part of your body that you hear with.",
    "egg": "The oval thing that a hen lays; we can cook it and eat it.",
    "elf": "A tiny magic person in stories, with pointed ears.",
    "eye": "The part of your body that you see with.",
    "factory": "A building where things are made by machines.",
    "feather": "One of the soft, light things that cover a bird's body.",
    "fish": "An animal that lives and swims in water and breathes with gills.",
    "flag": "A piece of cloth with colours and a pattern, flown from a pole.",
    "flower": "The brightly coloured part of a plant that grows into seeds or fruit.",
    "fog": "A cloud near the ground that makes it hard to see far.",
    "fox": "A wild animal like a small dog, with red fur and a bushy tail.",
    "frog": "A small green animal that jumps and says ribbit.",
    "ghost": "A spooky shape in stories that floats about and says boo.",
    "giraffe": "The tallest animal, with a very long neck and a spotted coat.",
    "girl": "A child who will grow up to be a woman.",
    "goat": "A farm animal with horns and a little beard.",
    "gorilla": "The biggest ape: strong, gentle, and living in the forests of Africa.",
    "hamburger": "A round, flat piece of cooked meat served in a bun.",
    "hammer": "A tool with a heavy head, used to knock in nails.",
    "hand": "The part at the end of your arm, with four fingers and a thumb.",
    "headphone": "Something you wear over your ears to listen to music.",
    "hole": "An opening or a hollow place in something.",
    "hook": "A bent piece of metal for hanging things on or for catching fish.",
    "horse": "A big animal with hooves and a long mane that people can ride.",
    "hut": "A small, simple house or shelter.",
    "ice": "Water that has frozen hard and cold.",
    "keyboard": "The buttons with letters on them that you press to type on a computer.",
    "kite": "A toy of paper or cloth that flies in the wind on a long string.",
    "ladder": "Steps fixed between two long poles, for climbing up and down.",
    "leaf": "One of the flat green parts that grow on a tree or a plant.",
    "leg": "The part of your body that you stand and walk on.",
    "lion": "A big wild cat; the male has a shaggy mane and a loud roar.",
    "lorry": "A big truck for carrying heavy loads.",
    "mango": "A sweet, juicy fruit with orange flesh and a big stone inside.",
    "metro": "A train that runs in tunnels under a city.",
    "monkey": "A clever animal with a long tail that climbs trees.",
    "mouse": "A very small animal with a long tail and big ears that squeaks.",
    "mouth": "The part of your face that you eat and talk with.",
    "mushroom": "A small growing thing shaped like an umbrella, found in damp places.",
    "nose": "The part of your face that you smell and breathe with.",
    "notebook": "A little pad of empty pages for writing or drawing in.",
    "onion": "A round vegetable with a strong smell that can make your eyes water.",
    "package": "A box or a parcel wrapped up to be sent or given.",
    "peach": "A round, juicy fruit with soft fuzzy skin and a stone in the middle.",
    "peacock": "A big bird; the male has a tail of bright blue and green feathers.",
    "pepper": "A crunchy vegetable that can be red, green or yellow.",
    "person": "A man, a woman or a child.",
    "pig": "A pink farm animal with a curly tail that says oink.",
    "planet": "A huge round world that travels around the sun, like the Earth.",
    "plant": "A living thing that grows in the ground, like a flower or a tree.",
    "popcorn": "A crunchy snack of little white puffs that burst open when they are heated.",
    "prince": "The son of a king or a queen.",
    "printer": "A machine that puts words and pictures from a computer onto paper.",
    "rabbit": "A small furry animal with long ears that hops.",
    "radio": "A machine that plays music and news sent through the air.",
    "ram": "A male sheep with curly horns.",
    "ribbon": "A long, narrow strip of cloth for tying things or for decoration.",
    "rice": "Small white grains that are cooked and eaten.",
    "ring": "A round band of metal that you wear on a finger.",
    "robot": "A machine that can move and do jobs by itself.",
    "rock": "A big, hard piece of stone.",
    "rocket": "A tall machine that flies up into space on a big flame.",
    "rose": "A flower with a sweet smell and thorns on its stem.",
    "ruler": "A straight strip of wood or plastic for measuring and drawing lines.",
    "runner": "Someone taking part in a race on foot.",
    "sandwich": "Two slices of bread with a filling between them.",
    "scorpion": "A small desert animal with claws and a curved tail with a sting.",
    "scroll": "A long roll of paper with writing on it.",
    "seal": "An animal with flippers that swims in the sea and rests on the ice.",
    "shark": "A big fish with sharp teeth that swims in the sea.",
    "sheep": "A farm animal with a thick woolly coat.",
    "shoe": "Something you wear on your foot to walk outside.",
    "shorts": "Trousers that stop at or above the knee.",
    "snake": "A long animal with no legs that slides along the ground.",
    "speaker": "A box that the sound of music or voices comes out of.",
    "spider": "A small creature with eight legs that spins a web.",
    "sponge": "A soft thing full of holes that soaks up water, used for washing.",
    "station": "A place where trains or buses stop for people to get on and off.",
    "sunrise": ("The time early in the morning when it gets light and the "
                "sky turns pink and orange."),
    "sushi": "Small rolls of rice, often with fish or vegetables, from Japan.",
    "swimmer": "Someone who moves through water using their arms and legs.",
    "tiger": "A big wild cat with orange fur and black stripes.",
    "tractor": "A strong farm machine with big wheels, for pulling heavy things.",
    "train": "A line of carriages pulled along a railway track.",
    "tram": "A long car like a bus that runs on rails in the street.",
    "tree": "A tall plant with a trunk, branches and leaves.",
    "turkey": "A big bird with a fan-shaped tail, kept on farms.",
    "turtle": "An animal with a hard shell that it can hide inside.",
    "vehicle": "A thing that carries people or goods, like a car, a bus or a truck.",
    "volcano": "A mountain that can send out hot melted rock, ash and smoke.",
    "whale": "The biggest animal in the sea; it breathes through a hole on its head.",
    "wheel": "A round thing that turns, so that a car or a bike can roll along.",
    "window": "An opening in a wall, with glass in it, that lets in the light.",
    "wolf": "A wild animal like a big dog that lives and hunts in a pack.",
    "wood": "The hard stuff that trees are made of.",
    "worm": "A long, thin, soft animal with no legs that lives in the soil.",
    "airplane": "A machine with wings that carries people through the sky.",
    "ambulance": "A van with flashing lights that rushes people who are ill or hurt to hospital.",
    "basket": "A container with a handle, woven from thin sticks or straw, for carrying things.",
    "battery": "A small thing that stores electricity to make toys and torches work.",
    "bed": "A piece of furniture that you sleep on at night.",
    "bicycle": "Something with two wheels and pedals that you ride.",
    "bottle": "A glass or plastic container with a narrow neck, for drinks like milk or water.",
    "bouquet": "A bunch of flowers tied together, often given as a present.",
    "brick": "A hard block of baked clay used to build walls and houses.",
    "broccoli": "A green vegetable that looks like a bunch of little trees.",
    "broom": "A brush on a long handle, for sweeping the floor.",
    "bucket": "A round container with a handle, for carrying water or sand.",
    "burrito": "A soft flat bread rolled around a filling of beans, rice or meat.",
    "bus": "A big car with lots of seats that takes many people from place to place.",
    "candle": "A stick of wax with a string in the middle that burns with a small flame.",
    "canoe": "A long, narrow boat that you move along with a paddle.",
    "cinema": "A place where you watch films on a big screen.",
    "coat": "Something warm with sleeves that you wear over your clothes to go outside.",
    "compass": "A tool with a needle that always points north, to help you find your way.",
    "cupcake": "A little sweet treat baked in a paper case, often with icing on top.",
    "dancer": "Someone who moves to music, often on a stage.",
    "door": "The thing you open to go into or out of a room or a house.",
    "envelope": "A flat paper cover that you put a letter in before you post it.",
    "fairy": "A tiny magic person in stories, with wings like a butterfly.",
    "golfer": "Someone who hits a small ball into a hole with a club, on a big grassy course.",
    "guitar": "A musical instrument with six strings that you play with your fingers.",
    "handbag": "Something you carry on your arm or shoulder, with your purse and keys inside.",
    "hospital": "A place where doctors and nurses look after people who are ill or hurt.",
    "jar": "A glass pot with a lid, for keeping jam or sweets in.",
    "lock": "Something on a door or a box that keeps it shut until you open it with a key.",
    "luggage": "The bags and cases you take with you when you travel.",
    "man": "A grown-up male person, like a dad, a grandad or an uncle.",
    "pear": "A sweet, juicy fruit that is round at the bottom and narrow at the top.",
    "pie": "Food baked in pastry, with fruit or meat inside.",
    "pouch": "A small soft bag, often closed with a string or a zip.",
    "princess": "The daughter of a king or a queen.",
    "purse": "A small bag for carrying money.",
    "rooster": "A male chicken that crows loudly in the morning.",
    "scarf": "A long piece of warm cloth that you wear around your neck.",
    "school": "A place where children go to learn with a teacher.",
    "scooter": ("A toy with two small wheels and a long handle: you stand on "
                "it and push with one foot."),
    "ship": "A big boat that carries people or things across the sea.",
    "skier": "Someone who slides down snowy mountains on two long, thin boards.",
    "sled": "Something you sit on to slide down a snowy hill.",
    "snowflake": "A tiny, pretty piece of ice that falls from the sky on a cold day.",
    "spaghetti": "Long, thin strings of pasta, often eaten with tomato sauce.",
    "spoon": "A small bowl on a handle that you eat soup or cereal with.",
    "stadium": "A big place with rows of seats all around a field, where people watch sport.",
    "unicorn": "A magic white horse in stories, with one long horn on its head.",
    "watch": "A small clock that you wear on your wrist.",
    "woman": "A grown-up female person, like a mum, a grandma or an aunt.",
    "wrench": "A tool for holding and turning nuts and bolts.",
}


@dataclass(frozen=True)
class Candidate:
    """A word with a picture: an emoji (and its Unicode name) or a drawn shape."""

    word: str
    picture: str
    source: str
    priority: int  # 0 exact emoji name, 1 "X FACE", 2 "ADJECTIVE X", -1 a drawn shape


# --- the emoji font -----------------------------------------------------------------------------

def font_code_points(path: Path) -> set[int]:
    """The code points an OpenType/TrueType font maps to glyphs (its ``cmap`` formats 4 and 12)."""
    data = path.read_bytes()
    (num_tables,) = struct.unpack(">H", data[4:6])
    tables = {}
    for i in range(num_tables):
        tag, _checksum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        tables[tag] = (offset, length)
    if b"cmap" not in tables:
        raise ValueError(f"{path} has no character map")
    base = tables[b"cmap"][0]
    _version, count = struct.unpack(">HH", data[base: base + 4])
    points: set[int] = set()
    for i in range(count):
        _platform, _encoding, sub = struct.unpack(">HHI", data[base + 4 + 8 * i: base + 12 + 8 * i])
        at = base + sub
        (fmt,) = struct.unpack(">H", data[at: at + 2])
        if fmt == 12:
            (groups,) = struct.unpack(">I", data[at + 12: at + 16])
            for g in range(groups):
                first, last, _glyph = struct.unpack(">III", data[at + 16 + 12 * g: at + 28 + 12 * g])
                points.update(range(first, last + 1))
        elif fmt == 4:
            (seg_x2,) = struct.unpack(">H", data[at + 6: at + 8])
            segs = seg_x2 // 2
            ends = struct.unpack(f">{segs}H", data[at + 14: at + 14 + seg_x2])
            starts = struct.unpack(f">{segs}H", data[at + 16 + seg_x2: at + 16 + 2 * seg_x2])
            for first, last in zip(starts, ends):
                if first != 0xFFFF:
                    points.update(range(first, last + 1))
    return points


def emoji_candidates(code_points: Iterable[int],
                     modifiers: set[str] | None = None) -> dict[str, Candidate]:
    """The best emoji for each word that an emoji's Unicode name names.

    "ANT" names ANT; "DOG FACE" names DOG; "RED APPLE" names APPLE (a weaker match, used only
    when no emoji is named by the word alone, and only when the first word of the name is in
    ``modifiers``: words that describe a thing rather than name another one, so that "BAGGAGE
    CLAIM" does not picture CLAIM). Emoji whose name has an unsuitable word are skipped.
    """
    best: dict[str, Candidate] = {}
    for point in sorted(code_points):
        if point < 0x2000:
            continue
        name = unicodedata.name(chr(point), "")
        parts = name.split()
        if not parts or any(not p.isalpha() for p in parts):
            continue
        if len(parts) == 1:
            word, priority = parts[0], 0
        elif len(parts) == 2 and parts[1] == "FACE":
            word, priority = parts[0], 1
        elif (len(parts) == 2 and parts[0] not in NAME_STOPWORDS
              and (modifiers is None or parts[0].lower() in modifiers)
              and name not in BAD_COMPOUNDS):
            word, priority = parts[1], 2
        else:
            continue
        if word in NAME_STOPWORDS or unsuitable_words_in(name):
            continue
        found = Candidate(word.lower(), chr(point), name, priority)
        if word.lower() not in best or priority < best[word.lower()].priority:
            best[word.lower()] = found
    return best


# --- WordNet ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sense:
    """One WordNet noun sense: its lexicographer file and its gloss."""

    lexfile: int
    words: tuple[str, ...]
    gloss: str


class WordNet:
    """Reads noun senses from WordNet's ``index.noun`` and ``data.noun``."""

    def __init__(self, folder: Path = WORDNET_DIR):
        self.folder = Path(folder)
        index = self.folder / "index.noun"
        data = self.folder / "data.noun"
        if not index.exists() or not data.exists():
            raise FileNotFoundError(f"WordNet's index.noun and data.noun are not in {self.folder}: "
                                    f"install Debian's wordnet-base")
        self._offsets: dict[str, list[int]] = {}
        with index.open(encoding="latin-1") as handle:
            for line in handle:
                if line.startswith(" "):
                    continue
                fields = line.split()
                lemma, synsets, pointers = fields[0], int(fields[2]), int(fields[3])
                offsets = fields[4 + pointers + 2:]
                self._offsets[lemma] = [int(o) for o in offsets[:synsets]]
        self._data = data.open("rb")
        adjectives = self.folder / "index.adj"
        self.adjectives: set[str] = set()
        if adjectives.exists():
            with adjectives.open(encoding="latin-1") as handle:
                self.adjectives = {line.split()[0] for line in handle if not line.startswith(" ")}

    def is_noun(self, word: str) -> bool:
        return word.lower() in self._offsets

    def singular(self, word: str) -> str | None:
        """The singular of a plural noun ("rodents" -> "rodent"), or None."""
        w = word.lower()
        if len(w) < 4 or not w.endswith("s") or w.endswith(("ss", "us", "is")):
            return None
        for cut, add in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"),
                         ("sses", "ss"), ("s", "")):
            if w.endswith(cut) and self.is_noun(w[: -len(cut)] + add):
                one = w[: -len(cut)] + add
                return one if word.islower() else one.capitalize()
        return None

    def modifiers(self) -> set[str]:
        """Adjectives that are not also nouns, and colour words: "RED APPLE" shows an apple."""
        return {a for a in self.adjectives if a not in self._offsets} | COLOUR_WORDS

    def close(self) -> None:
        self._data.close()

    def senses(self, word: str) -> list[Sense]:
        """The word's noun senses, most frequent first."""
        out = []
        for offset in self._offsets.get(word.lower(), []):
            self._data.seek(offset)
            line = self._data.readline().decode("latin-1")
            head, _, gloss = line.partition("|")
            fields = head.split()
            count = int(fields[3], 16)
            words = tuple(fields[4 + 2 * i].lower() for i in range(count))
            out.append(Sense(int(fields[1]), words, gloss.strip()))
        return out


_PARENS = re.compile(r"\s*\([^)]*\)")
_QUOTED = re.compile(r'"[^"]*"')
_KIND_OF = re.compile(r"^(any of (several|various|numerous|many|a number of|a group of)|"
                      r"any of the|one of (several|various|many|the))\b", re.I)
_TOKENS = re.compile(r"[A-Za-z]+")
_BAD_STARTS = {"that", "how", "what", "where", "when", "which", "who", "why", "informal",
               "slang", "obsolete", "used", "having", "to", "in", "of", "any"}
_GROWN_UP_GLOSS = re.compile(r"\b(informal|slang|offensive|disparaging|derogatory|obscene)\b", re.I)
_NO_ARTICLE = ("a ", "an ", "the ", "any ", "one ", "some ", "something", "someone", "anything",
               "two ", "three ", "four ", "five ", "ten ", "used ", "having ", "in ", "to ")


def child_meaning(gloss: str, word: str, common: Callable[[str], float],
                  singular: Callable[[str], str | None] = lambda _w: None) -> tuple[str, float] | None:
    """A WordNet gloss rewritten for a child, and how hard it reads (lower is easier).

    ``None`` when the gloss is unusable: it gives the word away, is too long, does not start
    like a noun phrase, or uses a word unsuitable for children. ``common(w)`` is a word's Zipf
    frequency; ``singular(w)`` the singular of a plural noun (None if ``w`` is not one).
    """
    text = _QUOTED.sub("", gloss)
    text = text.split(";")[0].strip()
    text = _PARENS.sub("", text).strip().rstrip(",:")
    text = " ".join(text.split())
    if not text:
        return None
    text = _KIND_OF.sub("a kind of", text)
    if re.search(r"\b(genus|family|order|class|subfamily|species|phylum)\s+[A-Z]", text):
        text = re.split(r",?\s*(of|in)\s+(the\s+)?(genus|family|order|class|subfamily|species)\b",
                        text)[0].strip()
    # "a kind of long-tailed rodents" -> "a kind of long-tailed rodent"; "fairies that ..." ->
    # "fairy that ..." (WordNet glosses some senses as a group)
    prefix = "a kind of " if text.startswith("a kind of ") else ""
    head_tokens = []
    for token in _TOKENS.findall(text[len(prefix):])[:3 if prefix else 2]:
        if token.lower() in ("who", "that", "which", "with", "of", "for"):
            break
        head_tokens.append(token)
    for token in head_tokens:
        one = singular(token)
        if one:
            text = prefix + text[len(prefix):].replace(token, one, 1)
            break
    first = text.split()[0].lower()
    if first in _BAD_STARTS or first.endswith(("ed", "ing", "ly")):
        return None
    tokens = _TOKENS.findall(text)
    if len(tokens) < 3 or len(tokens) > MAX_MEANING_WORDS:
        return None
    if gives_away(word, text, strict=True):
        return None
    if unsuitable_words_in(text) or _GROWN_UP_GLOSS.search(text):
        return None
    if any(t[0].isupper() for t in tokens[1:]):  # Latin names and proper nouns: too hard
        return None
    if not text.lower().startswith(_NO_ARTICLE):
        text = ("an " if text[0].lower() in "aeiou" else "a ") + text
    text = text[0].upper() + text[1:]
    if not text.endswith("."):
        text += "."
    hard = sum(1 for t in tokens if common(t.lower()) < 3.0 and len(t) > 3)
    return text, hard + 0.1 * len(tokens)


def best_meaning(wordnet: WordNet, word: str, common: Callable[[str], float],
                 plural: Callable[[str], str | None] = lambda _w: None) -> str | None:
    """A child meaning from the word's most frequent sense about a thing one can see or touch.

    The first usable sense among the first :data:`SENSES_TRIED` wins, trying things before
    people ("an informal term for a youth" is not what a cat is); ``None`` when none is usable.
    """
    senses = wordnet.senses(word)[:SENSES_TRIED]
    for wanted in (CONCRETE_LEXFILES - {PERSON_LEXFILE}, {PERSON_LEXFILE}):
        for sense in senses:
            if sense.lexfile not in wanted:
                continue
            made = child_meaning(sense.gloss, word, common, plural)
            if made is not None and made[1] <= MAX_HARDNESS:
                return made[0]
    return None


# --- levels --------------------------------------------------------------------------------------

def difficulty(word: str, zipf: float) -> float:
    """Harder for rarer and longer words."""
    return (7.0 - zipf) + 0.45 * max(0, len(word) - 3)


def assign_colours(words: list[tuple[str, float]]) -> dict[str, Colour]:
    """Rank ``(word, difficulty)`` from easiest and split into thirds: green, blue, red."""
    ranked = sorted(words, key=lambda pair: (pair[1], pair[0]))
    n = len(ranked)
    colours = {}
    for i, (word, _d) in enumerate(ranked):
        colours[word] = Colour.GREEN if i < n / 3 else Colour.BLUE if i < 2 * n / 3 else Colour.RED
    return colours


# --- the build -----------------------------------------------------------------------------------

def dictionary_words(path: Path = WORD_LIST) -> set[str]:
    """The lower-case, all-letter words of a word list (proper nouns and possessives left out)."""
    words = set()
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            w = line.strip()
            if w.isascii() and w.isalpha() and w.islower():
                words.add(w)
    return words


def build_cards(candidates: dict[str, Candidate], wordnet: WordNet, dictionary: set[str],
                zipf: Callable[[str], float], progress: Callable[[str], None] = lambda _m: None,
                limit: int = MAX_CARDS) -> list[ClueCard]:
    """Clue cards for the candidates that pass every check, coloured by difficulty."""
    kept: list[tuple[Candidate, str, float]] = []
    names = sorted(candidates)
    for i, word in enumerate(names, start=1):
        cand = candidates[word]
        reason = None
        if not 3 <= len(word) <= MAX_LENGTH:
            reason = "length"
        elif word in LEFT_OUT:
            reason = "left out by hand (abstract, grown-up or badly pictured)"
        elif word not in dictionary:
            reason = "not in the dictionary"
        elif is_unsuitable(word):
            reason = "unsuitable for children"
        elif zipf(word) < MIN_ZIPF:
            reason = "too rare"
        meaning = None
        if reason is None:
            meaning = MEANING_OVERRIDES.get(word) or best_meaning(wordnet, word, zipf, wordnet.singular)
            if meaning is None:
                reason = "no meaning a child can understand"
            elif gives_away(word, meaning, strict=True):
                raise ValueError(f"the meaning of {word} gives it away: {meaning!r}")
        if reason is None:
            assert meaning is not None
            kept.append((cand, meaning, difficulty(word, zipf(word))))
        if i % 50 == 0 or i == len(names):
            progress(f"  checked {i}/{len(names)} words, {len(kept)} kept")
        if reason is not None and cand.priority <= 1:
            progress(f"  left out {word}: {reason}")
    kept.sort(key=lambda k: (k[2], k[0].word))
    if len(kept) > limit:  # keep the easiest
        kept = kept[:limit]
    colours = assign_colours([(c.word, d) for c, _m, d in kept])
    cards = []
    for cand, meaning, _d in sorted(kept, key=lambda k: (k[0].word)):
        line = f"{cand.word} | {colours[cand.word].value} | {cand.picture} | {meaning}"
        cards.append(parse_card_line(line))  # the loader's own checks
    return cards


HEADER = """\
# eXtraDICTION clue cards: wordboard's own deck, made by wordboard.extradiction.deckbuilder.
# Regenerate with: python -m wordboard.extradiction.deckbuilder
# One card per line: word | colour (green, blue, red) | picture | meaning for a child.
# A picture is an emoji character or shape:NAME (a shape wordboard draws).
#
# Sources and licences:
# - Words and pictures: emoji code points whose Unicode character names name the word, chosen
#   among those the Noto Color Emoji font draws (Debian fonts-noto-color-emoji; the font is
#   Copyright 2013-2017 Google Inc., SIL Open Font License 1.1; only code points are used here,
#   no glyphs). Character names: the Unicode Character Database (Unicode License v3).
#   Shapes (shape:NAME): wordboard's own drawings (MIT, like wordboard).
# - Meanings: WordNet 3.0 glosses (shortened by the builder) and, for almost every card,
#   wordboard's own meanings written for children after them (MIT). Pictures: a few emoji
#   chosen by hand where the one the name gives pictures the word badly. WordNet licence:
#     WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
#     Permission to use, copy, modify and distribute this software and database and its
#     documentation for any purpose and without fee or royalty is hereby granted, provided that
#     you agree to comply with the following copyright notice and statements, including the
#     disclaimer, and that the same appear on ALL copies of the software, database and
#     documentation, including modifications that you make for internal use or for
#     distribution.
#     THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
#     REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION,
#     PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS
#     FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR
#     DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER
#     RIGHTS. The name of Princeton University or Princeton may not be used in advertising or
#     publicity pertaining to distribution of the software and/or database. Title to copyright
#     in this software, database and any associated documentation shall at all times remain
#     with Princeton University and LICENSEE agrees to preserve same.
# - Colour levels: word frequencies from wordfreq (code Apache License 2.0, data CC BY-SA 4.0,
#   by Robyn Speer) and word length; words ranked easiest first and split in thirds.
# - Dictionary check: Debian wamerican (SCOWL word lists, permissive licence).
# - Children's filter: the LDNOOBW English list (npm naughty-words, CC BY 4.0) and wordboard's
#   reviewed addendum (data/ldnoobw-en.txt, data/unsuitable-addendum.txt).
#
# {count} cards: {green} green, {blue} blue, {red} red.
"""


def render_deck(cards: list[ClueCard]) -> str:
    counts = {c: sum(1 for card in cards if card.colour is c) for c in Colour}
    lines = [HEADER.format(count=len(cards), green=counts[Colour.GREEN], blue=counts[Colour.BLUE],
                           red=counts[Colour.RED])]
    for colour in Colour:
        lines.append(f"\n# --- {colour.value} ---")
        for card in cards:
            if card.colour is colour:
                lines.append(f"{card.word.lower()} | {colour.value} | {card.picture} | {card.meaning}")
    return "\n".join(lines) + "\n"


def build_deck_text(progress: Callable[[str], None] = lambda _m: None, *,
                    font: Path = EMOJI_FONT, wordnet_dir: Path = WORDNET_DIR,
                    word_list: Path = WORD_LIST) -> str:
    """The whole build: the text of the deck file."""
    from wordfreq import zipf_frequency

    def zipf(word: str) -> float:
        return zipf_frequency(word, "en")

    progress("reading WordNet")
    wordnet = WordNet(wordnet_dir)
    progress(f"reading the emoji font {font.name}")
    code_points = font_code_points(font)
    candidates = emoji_candidates(code_points, wordnet.modifiers())
    progress(f"  {len(candidates)} words named by emoji")
    for word, picture in PICTURE_OVERRIDES.items():
        if ord(picture) not in code_points:
            raise ValueError(f"the emoji for {word} (U+{ord(picture):04X}) is not in {font.name}")
        if word in candidates:
            candidates[word] = Candidate(word, picture, unicodedata.name(picture), candidates[word].priority)
    for word, picture in SHAPE_WORDS.items():
        candidates[word] = Candidate(word, picture, "drawn shape", -1)
    progress(f"reading the word list {word_list.name}")
    dictionary = dictionary_words(word_list)
    progress(f"  {len(dictionary)} words")
    try:
        cards = build_cards(candidates, wordnet, dictionary, zipf, progress)
    finally:
        wordnet.close()
    progress(f"{len(cards)} cards")
    return render_deck(cards)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wordboard.extradiction.deckbuilder",
                                     description="Regenerate eXtraDICTION's clue deck offline.")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                        help="where to write the deck (default: the shipped deck)")
    parser.add_argument("--check", action="store_true",
                        help="only compare a fresh build with the file at --output")
    args = parser.parse_args(argv)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    try:
        text = build_deck_text(progress)
    except (FileNotFoundError, ValueError) as exc:
        print(f"deckbuilder: {exc}", file=sys.stderr)
        return 2
    if args.check:
        same = args.output.exists() and args.output.read_text(encoding="utf-8") == text
        print("the deck is up to date" if same else f"{args.output} differs from a fresh build",
              file=sys.stderr)
        return 0 if same else 1
    args.output.write_text(text, encoding="utf-8")
    progress(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
