"""The virtual camera: photographs of a board in a known state, so every test knows the truth.

:func:`render_scene` draws the board top-down (squares, premium squares with their small print,
wooden tiles with letters and point values in one of several fonts, or handwritten letters on
write-and-wipe squares), optionally the four ArUco corner markers, then places it in a picture
the way a camera over a table sees it: perspective, a table around it, uneven light, a shadow,
lens blur, sensor noise and JPEG artefacts, and optionally a hand and arm reaching over.

:class:`VirtualCamera` is a capture source (see :mod:`wordboard.camera.capture`) over a fixed
scene: its frames differ only by noise until the state changes, the camera is bumped or a hand
passes.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from wordboard.camera.fonts import GlyphFont, available_fonts, draw_text, font_by_name, text_width
from wordboard.camera.geometry import GridCorners
from wordboard.camera.handwriting import draw_skeleton_letter
from wordboard.camera.letters import HANDWRITING_SIZE
from wordboard.camera.markers import CORNER_MARKER_IDS, marker_image
from wordboard.camera.pinhole import CameraView, Pinhole, ViewTruth, place_camera
from wordboard.camera.state import BLANK, BoardState

HEXX_WILD = "*"   # HEXX's wild tile, as the twin's table names it

_RENDER_CELL = 48  # pixels per square in the top-down drawing
_BORDER_CELLS = 1.8  # board border around the grid, in squares (room for the markers)
#: Tile woods (BGR) by name, for ``SceneStyle.tile_wood``.
TILE_WOODS = {"light": (140, 195, 228), "honey": (90, 160, 210), "dark": (70, 100, 150), "ivory": (215, 232, 240)}

# Standard 15x15 premium-square pattern (one quadrant, mirrored): T triple word, D double word,
# t triple letter, d double letter. Only decoration here: the camera never relies on it.
_QUADRANT = [
    "T..d...T",
    ".D...t..",
    "..D...d.",
    "d..D...d",
    "....D...",
    ".t...t..",
    "..d...d.",
    "T..d...D",
]
_PREMIUM_COLOURS = {"T": (60, 50, 200), "D": (160, 150, 240), "t": (200, 120, 40), "d": (235, 200, 150)}
_PREMIUM_TEXT = {"T": ("TRIPLE", "WORD", "SCORE"), "D": ("DOUBLE", "WORD", "SCORE"),
                 "t": ("TRIPLE", "LETTER", "SCORE"), "d": ("DOUBLE", "LETTER", "SCORE")}
_POINTS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10]))
_MARKER_COLOURS = ((30, 30, 30), (160, 60, 20), (40, 40, 190), (40, 130, 40))  # black, blue, red, green
_SKIN_TONES = ((150, 180, 225), (120, 150, 200), (90, 120, 170), (60, 85, 125), (170, 195, 235))


def premium_pattern(rows: int, cols: int) -> list[str]:
    """Decorative premium squares: the standard pattern for 15x15, none for other sizes."""
    if (rows, cols) != (15, 15):
        return ["." * cols for _ in range(rows)]
    full = []
    for r in range(15):
        qr = r if r < 8 else 14 - r
        full.append("".join(_QUADRANT[qr][c if c < 8 else 14 - c] for c in range(15)))
    return full


@dataclass(frozen=True)
class SceneStyle:
    """How the virtual camera photographs the board. The defaults are a fair, untidy living room."""

    image_size: tuple[int, int] = (1280, 960)  # width, height
    grid_fraction: float = 0.72  # grid side / shorter image side
    tilt: float = 0.06  # random corner displacement (perspective), fraction of the grid side
    rotation_deg: float = 4.0  # random in-plane rotation, either way
    blur_sigma: float = 0.9  # Gaussian lens blur, pixels
    light_gradient: float = 0.35  # uneven light: 0 even, 0.5 one side half as bright
    shadow: bool = True  # a soft shadow across part of the board
    noise_sigma: float = 4.0  # sensor noise, grey levels
    jpeg_quality: int = 80  # 0 for no JPEG round trip
    fonts: tuple[str, ...] | None = None  # tile fonts to choose from (None: all available)
    mixed_fonts: bool = False  # a different font for each tile rather than one per board
    markers: bool = True  # the ArUco corner markers
    missing_markers: tuple[int, ...] = ()  # ids of corner markers not there (peeled off, covered)
    premium_squares: bool = True  # coloured premium squares with small print
    handwritten: bool = False  # letters written on write-and-wipe squares instead of tiles
    hand: bool = False  # a hand and arm reaching over the board
    # The premium squares' print: "small" (short lines, below a letter's height), "large" (as
    # real boards print it: three lines filling the square), "turned" (large, each square's print
    # turned a random quarter turn, as on boards printed to be read from every side).
    premium_labels: str = "small"
    centre_star: bool = False  # a printed star on the centre square
    # Things on the table around the board: "tape" (a long straight strip across the picture),
    # "panel" (a lined panel beside the board), "table_edge" (the table ends: a straight edge
    # across the picture), "second_board" (part of another gridded board beside this one).
    clutter: tuple[str, ...] = ()
    # The board's border: "frame" (a dark red frame around the playing area) or "table" (about
    # the table's own colour: the board's outline is hard to see).
    border: str = "frame"
    # A folding board, as most are: a dark seam across the middle of the whole board (border
    # included), the two halves lit a little differently. Its outline then holds two smaller
    # four-sided outlines, one per half.
    fold: bool = False
    # A wide panel on the board's left with a column of printed boxes (real boards print the
    # game's name or the letter values there): the grid is not centred on the board.
    side_panel: bool = False
    # As many classic boards print it: darker squares parted by light lines (default: light
    # squares parted by dark lines).
    light_lines: bool = False
    # The tiles' wood, the letters always dark: "light" (pale maple, as most sets), "honey",
    # "dark" (reddish-brown old wood), "ivory" (plastic), or "varied" (each board one of those).
    tile_wood: str = "light"
    # Tiles pushed off their squares: ``(row, col, dx, dy)``, the tile on square (row, col) moved
    # dx squares right and dy squares down (0.5: half off its square).
    pushed: tuple[tuple[int, int, float, float], ...] = ()
    # Where the camera stands (see CameraView): None draws the board flat and warps the picture
    # with one homography (``tilt``, ``rotation_deg``); a view photographs the table in 3D from
    # there (``rotation_deg`` then turns the camera about its axis): the tiles boxes with sides,
    # a folding board's halves at an angle, the lens's distortion.
    view: CameraView | None = None
    # A tile's thickness in squares, in a 3D view (a real tile: about 4.5 mm on a 19 mm square).
    tile_height: float = 0.24

    def with_(self, **changes) -> SceneStyle:
        return replace(self, **changes)


#: A clean, well-lit, straight-on shot (for tests that want no nuisance at all).
CLEAN_STYLE = SceneStyle(tilt=0.0, rotation_deg=0.0, blur_sigma=0.0, light_gradient=0.0, shadow=False,
                         noise_sigma=0.0, jpeg_quality=0)


@dataclass(frozen=True)
class RenderedScene:
    """One virtual photograph and the truth about it."""

    image: np.ndarray  # BGR uint8
    corners: GridCorners  # the grid's outer corners in ``image``
    state: BoardState
    font: str  # the tile font (the first one, if mixed)
    hand_visible: bool = False
    view: ViewTruth | None = None  # a 3D view's camera and grid in the picture (None: drawn flat)


@dataclass
class _Camera:
    """The random but fixed parts of a scene: where the board lies, the light, the font."""

    corners: np.ndarray
    light: np.ndarray
    shadow_mask: np.ndarray | None
    table: np.ndarray
    font: GlyphFont
    seed: int
    board_tint: tuple[int, int, int] = (200, 225, 235)
    wood: tuple[int, int, int] = TILE_WOODS["light"]
    pinhole: Pinhole | None = None  # a 3D view's camera (``corners`` then where it sees the grid)


def _scene_rng(seed: int, *keys) -> np.random.Generator:
    """A generator fixed by ``seed`` and ``keys`` (so a tile looks the same in every frame)."""
    text = ":".join(str(k) for k in (seed,) + keys)
    return np.random.default_rng(zlib.crc32(text.encode()))


def _choose_fonts(style: SceneStyle) -> tuple[GlyphFont, ...]:
    if style.fonts is None:
        return available_fonts()
    return tuple(font_by_name(n) for n in style.fonts)


def _make_camera(rows: int, cols: int, style: SceneStyle, seed: int) -> _Camera:
    rng = _scene_rng(seed, "camera")
    width, height = style.image_size
    side = style.grid_fraction * min(width, height)
    gw, gh = side * cols / max(rows, cols), side * rows / max(rows, cols)
    base = np.array([[-gw / 2, -gh / 2], [gw / 2, -gh / 2], [gw / 2, gh / 2], [-gw / 2, gh / 2]])
    angle = np.radians(rng.uniform(-style.rotation_deg, style.rotation_deg))
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    pts = base @ rot.T + rng.uniform(-style.tilt, style.tilt, (4, 2)) * side
    centre = np.array([width / 2, height / 2]) + rng.uniform(-0.04, 0.04, 2) * min(width, height)
    corners = pts + centre
    pinhole = None
    if style.view is not None:
        pinhole = _place_view(rows, cols, style, seed)
        corners = pinhole.corners_in_image()

    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    # The ramp in float64 spelt out: np.cos gives a numpy float64, which numpy 1.x made float32
    # against a float32 array and numpy 2 (NEP 50) makes the array float64; the light, and so the
    # picture, differed between the two. (The spot's Python floats keep float32 in both.)
    across = (xx / width - 0.5).astype(np.float64)
    down = (yy / height - 0.5).astype(np.float64)
    ramp = float(np.cos(direction)) * across + float(np.sin(direction)) * down
    spot = np.exp(-(((xx - rng.uniform(0.2, 0.8) * width) ** 2 + (yy - rng.uniform(0.2, 0.8) * height) ** 2)
                    / (2 * (0.6 * width) ** 2)))
    light = 1.0 - style.light_gradient * (ramp + 0.5) * 0.9 + 0.12 * style.light_gradient * spot
    light = np.clip(light, 0.3, 1.3).astype(np.float32)

    shadow_mask = None
    if style.shadow:
        # A soft-edged polygon (a lamp, a player's head) darkening part of the board.
        c = corners.mean(axis=0) + rng.uniform(-0.5, 0.5, 2) * side
        r = side * rng.uniform(0.2, 0.45)
        n = 7
        poly = np.array([c + r * rng.uniform(0.6, 1.3) * np.array([np.cos(a), np.sin(a)])
                         for a in np.linspace(0, 2 * np.pi, n, endpoint=False)], np.int32)
        mask = np.zeros((height, width), np.float32)
        cv2.fillPoly(mask, [poly], 1.0)
        shadow_mask = cv2.GaussianBlur(mask, (0, 0), side * 0.03) * rng.uniform(0.25, 0.45)

    tone = rng.uniform(0.5, 1.0)
    table_colour = np.array([60, 100, 150]) * tone + rng.uniform(-25, 25, 3)
    grain = cv2.resize(rng.normal(0, 1, (height // 8, 4)).astype(np.float32), (width, height),
                       interpolation=cv2.INTER_LINEAR)
    table = np.clip(table_colour[None, None, :] + grain[..., None] * 12, 0, 255).astype(np.uint8)
    fonts = _choose_fonts(style)
    font = fonts[int(rng.integers(len(fonts)))]
    blue, green, red = (int(v) for v in np.array([200, 225, 235]) + rng.uniform(-20, 15, 3))
    tint = (blue, green, red)
    if style.clutter:
        _draw_clutter(table, corners, style.clutter, _scene_rng(seed, "clutter"))
    if style.tile_wood == "varied":
        wood = list(TILE_WOODS.values())[int(_scene_rng(seed, "wood").integers(len(TILE_WOODS)))]
    elif style.tile_wood in TILE_WOODS:
        wood = TILE_WOODS[style.tile_wood]
    else:
        raise ValueError(f"unknown tile wood {style.tile_wood!r}: one of {', '.join(TILE_WOODS)} or varied")
    return _Camera(corners, light, shadow_mask, table, font, seed, tint, wood, pinhole)


def _board_layout(rows: int, cols: int, style: SceneStyle) -> tuple[int, int, int, int, int]:
    """The board's drawing: (cell, border, left border, width, height) in pixels; the grid
    lies from (left border, border) to (width - border, height - border)."""
    cell = _RENDER_CELL
    border = int(_BORDER_CELLS * cell)
    panel = int(2.5 * cell) if style.side_panel else 0  # extra border on the left
    return cell, border, border + panel, cols * cell + 2 * border + panel, rows * cell + 2 * border


def _place_view(rows: int, cols: int, style: SceneStyle, seed: int) -> Pinhole:
    """The 3D view's camera for a scene (its own random parts fixed by ``seed``)."""
    assert style.view is not None
    cell, border, left, w, h = _board_layout(rows, cols, style)
    rng = _scene_rng(seed, "view")
    roll = rng.uniform(-style.rotation_deg, style.rotation_deg)
    box = (-left / cell, -border / cell, (w - left) / cell, (h - border) / cell)
    return place_camera(style.view, rows, cols, style.image_size, style.grid_fraction, rng, box, fold=style.fold,
                        fold_at=(w // 2 - left) / cell, roll_deg=roll)


def _draw_clutter(table: np.ndarray, corners: np.ndarray, kinds: tuple[str, ...], rng: np.random.Generator) -> None:
    """Draw things lying on the table around the board (the board is pasted over them)."""
    h, w = table.shape[:2]
    centre = corners.mean(axis=0)
    side = float(np.linalg.norm(corners[1] - corners[0]))
    cell = side / 15
    along = (corners[1] - corners[0]) / side  # the board's own directions
    down = (corners[3] - corners[0]) / float(np.linalg.norm(corners[3] - corners[0]))
    for kind in kinds:
        flip = 1 if rng.random() < 0.5 else -1
        if kind == "tape":  # a strip of tape or a ruler right across, parallel to the board's side
            direction, normal = (down, along) if rng.random() < 0.5 else (along, down)
            offset = flip * side * rng.uniform(0.62, 0.75)
            a = centre + normal * offset - direction * 3 * max(h, w)
            b = centre + normal * offset + direction * 3 * max(h, w)
            colour = (235, 235, 230) if rng.random() < 0.5 else (40, 40, 45)
            cv2.line(table, tuple(int(v) for v in a), tuple(int(v) for v in b), colour, max(3, int(cell * 0.35)))
        elif kind == "table_edge":  # beyond it the floor: darker, its own colour
            normal = along if rng.random() < 0.5 else down
            offset = flip * side * rng.uniform(0.62, 0.72)
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            beyond = ((xx - centre[0]) * normal[0] + (yy - centre[1]) * normal[1]) * flip > abs(offset)
            table[beyond] = (table[beyond] * 0.35 + np.array([30, 30, 25]) * 0.65).astype(np.uint8)
        elif kind in ("panel", "second_board"):  # a lined rectangle beside the board
            n = 15 if kind == "second_board" else int(rng.integers(8, 14))
            pitch = cell * (rng.uniform(0.85, 1.15) if kind == "second_board" else rng.uniform(0.6, 1.0))
            width = pitch * (n if kind == "second_board" else rng.uniform(2.0, 3.5))
            length = pitch * n
            gap = side * 0.5 + cell * rng.uniform(1.8, 2.6)  # from touching the board to a square away
            origin = centre + flip * along * gap - down * length / 2
            if flip < 0:
                origin = origin - along * width
            quad = np.array([origin, origin + along * width, origin + along * width + down * length,
                             origin + down * length])
            paper = (225, 225, 220) if kind == "panel" else tuple(int(v) for v in rng.uniform(170, 235, 3))
            cv2.fillConvexPoly(table, quad.astype(np.int32), paper)
            ink = (70, 70, 70)
            for k in range(n + 1):  # lines across it
                a, b = origin + down * pitch * k, origin + along * width + down * pitch * k
                cv2.line(table, tuple(int(v) for v in a), tuple(int(v) for v in b), ink, 2)
            if kind == "second_board":
                for k in range(int(width / pitch) + 1):
                    a, b = origin + along * pitch * k, origin + along * pitch * k + down * length
                    cv2.line(table, tuple(int(v) for v in a), tuple(int(v) for v in b), ink, 2)
        else:
            raise ValueError(f"unknown clutter {kind!r}")


@dataclass
class _TileFace:
    """A tile's top face as drawn: ``image`` and ``mask`` (2 x 2 squares, the tile turned a
    little inside), pasted at ``(x, y)`` of the board's drawing; ``corners`` its four corners
    in ``image``; ``wood`` its wood's colour (BGR)."""

    image: np.ndarray
    mask: np.ndarray
    x: int
    y: int
    corners: np.ndarray
    wood: np.ndarray


def _tile_face(x0: int, y0: int, cell: int, symbol: str, font: GlyphFont, rng: np.random.Generator,
               wood_colour=TILE_WOODS["light"]) -> _TileFace:
    """A wooden tile's face (with its letter and point value, unless blank) on square (x0, y0).
    A HEXX wild tile (``*``) is drawn with no letter either: its printed mark is not public, and
    the camera takes a tile with no letter for the game's own such tile (a blank, or HEXX's wild)."""
    size = cell * rng.uniform(0.86, 0.94)
    cx = x0 + cell / 2 + rng.uniform(-0.04, 0.04) * cell
    cy = y0 + cell / 2 + rng.uniform(-0.04, 0.04) * cell
    angle = rng.uniform(-4, 4)
    tile: np.ndarray = np.zeros((cell * 2, cell * 2, 3), np.uint8)
    wood = np.array(wood_colour, float) + rng.uniform(-10, 10, 3)
    s0, s1 = int(cell - size / 2), int(cell + size / 2)
    tile[s0:s1, s0:s1] = wood
    grain = rng.normal(0, 6, (1, s1 - s0)).astype(np.float32)
    tile[s0:s1, s0:s1] = np.clip(tile[s0:s1, s0:s1].astype(np.float32) + grain[..., None], 0, 255).astype(np.uint8)
    cv2.rectangle(tile, (s0, s0), (s1 - 1, s1 - 1), tuple(int(v) for v in wood * 0.75), 1)
    if symbol not in (BLANK, HEXX_WILD):
        ink = np.array([25, 25, 30]) + rng.uniform(0, 25)
        letter = font.draw(symbol, int(size * rng.uniform(0.5, 0.58)))
        weight = rng.uniform(-0.5, 0.8)
        if weight > 0.4:
            letter = cv2.dilate(letter, np.ones((2, 2), np.uint8))
        lh, lw = letter.shape
        lx = int(cell - lw / 2 - size * 0.05)
        ly = int(cell - lh / 2 - size * 0.03)
        _blend(tile, letter, lx, ly, ink)
        digit_h = max(5, int(size * 0.18))
        text = str(_POINTS[symbol])
        tw = text_width(text, digit_h)
        draw_text(tile, text, (s1 - tw - max(2, int(size * 0.06)), s1 - max(2, int(size * 0.07))), digit_h,
                  tuple(int(v) for v in ink))
    rot = cv2.getRotationMatrix2D((cell, cell), angle, 1.0)
    tile = cv2.warpAffine(tile, rot, (cell * 2, cell * 2), flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(_square_mask(cell, s0, s1), rot, (cell * 2, cell * 2), flags=cv2.INTER_LINEAR)
    corners = np.array([[s0, s0, 1], [s1, s0, 1], [s1, s1, 1], [s0, s1, 1]], np.float64) @ rot.T
    return _TileFace(tile, mask, int(round(cx - cell)), int(round(cy - cell)), corners, wood)


def _draw_tile(board: np.ndarray, x0: int, y0: int, cell: int, symbol: str, font: GlyphFont,
               rng: np.random.Generator, wood_colour=TILE_WOODS["light"]) -> None:
    """Draw a wooden tile seen from straight above (see :func:`_tile_face`) into square (x0, y0)."""
    face = _tile_face(x0, y0, cell, symbol, font, rng, wood_colour)
    # Drop shadow to the lower right, then the tile.
    _paste(board, np.zeros_like(face.image), cv2.GaussianBlur(face.mask, (0, 0), 1.5) * 0.35, face.x + 2, face.y + 2)
    _paste(board, face.image, face.mask, face.x, face.y)


def _square_mask(cell: int, s0: int, s1: int) -> np.ndarray:
    m = np.zeros((cell * 2, cell * 2), np.float32)
    m[s0:s1, s0:s1] = 1.0
    return m


def _paste(dst: np.ndarray, src: np.ndarray, alpha: np.ndarray, x: int, y: int) -> None:
    h, w = alpha.shape
    H, W = dst.shape[:2]
    xa, ya, xb, yb = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if xa >= xb or ya >= yb:
        return
    a = alpha[ya - y : yb - y, xa - x : xb - x, None]
    region = dst[ya:yb, xa:xb].astype(np.float32)
    dst[ya:yb, xa:xb] = (region * (1 - a) + src[ya - y : yb - y, xa - x : xb - x] * a).astype(np.uint8)


def _blend(dst: np.ndarray, mask: np.ndarray, x: int, y: int, colour) -> None:
    colour_img = np.empty(mask.shape + (3,), np.uint8)
    colour_img[:] = np.asarray(colour, np.uint8)
    _paste(dst, colour_img, mask.astype(np.float32) / 255.0, x, y)


def _draw_premium_square(board: np.ndarray, x0: int, y0: int, cell: int, kind: str, labels: str = "small",
                         turns: int = 0) -> None:
    cv2.rectangle(board, (x0 + 1, y0 + 1), (x0 + cell - 2, y0 + cell - 2), _PREMIUM_COLOURS[kind], -1)
    if labels == "small":
        cap = cell * 0.115
        for i, word in enumerate(_PREMIUM_TEXT[kind]):
            draw_text(board, word, (x0 + (cell - text_width(word, cap)) / 2, y0 + int(cell * (0.32 + 0.22 * i))),
                      cap, (50, 50, 50))
        return
    # As real boards print it: three lines, each as wide as the square allows, drawn large and
    # shrunk (so the letters are the height real print is, about a sixth of the square).
    big = 4
    square = board[y0 + 2 : y0 + cell - 2, x0 + 2 : x0 + cell - 2]
    text = np.zeros((square.shape[0] * big, square.shape[1] * big), np.uint8)
    line_h = text.shape[0] / 3.4
    for i, word in enumerate(_PREMIUM_TEXT[kind]):
        cap = min(0.8 * text.shape[1] / text_width(word, 1.0, "bold"), 0.46 * line_h)
        y = line_h * (i + 0.2) + (line_h + cap) / 2
        draw_text(text, word, ((text.shape[1] - text_width(word, cap, "bold")) / 2, y), cap, 255, "bold")
    # heavier than DejaVu Bold, as board print is
    grow = max(1, int(round(line_h * 0.05)))
    text = cv2.dilate(text, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow)))
    text = np.ascontiguousarray(np.rot90(text, turns))
    mask = cv2.resize(text, (square.shape[1], square.shape[0]), interpolation=cv2.INTER_AREA)
    ink = np.array((255, 255, 255) if kind == "T" else (45, 45, 45), np.float32)
    alpha = mask.astype(np.float32)[..., None] / 255.0
    square[:] = (square * (1 - alpha) + ink * alpha).astype(np.uint8)


def _draw_star(board: np.ndarray, x0: int, y0: int, cell: int) -> None:
    """The centre square's printed star."""
    c = np.array([x0 + cell / 2, y0 + cell / 2])
    points = [c + (0.38 if k % 2 == 0 else 0.16) * cell * np.array([np.sin(k * np.pi / 5), -np.cos(k * np.pi / 5)])
              for k in range(10)]
    cv2.fillPoly(board, [np.array(points, np.int32)], (40, 40, 40), cv2.LINE_AA)


def _draw_write_and_wipe_square(board: np.ndarray, x0: int, y0: int, cell: int, rng: np.random.Generator) -> None:
    """An eXtraDICTION square: white, sometimes with printed stars or a '!' in a corner."""
    kind = rng.integers(8)
    colours = [(255, 255, 255), (210, 240, 255), (230, 255, 220), (255, 230, 220), (235, 220, 255)]
    cv2.rectangle(board, (x0 + 1, y0 + 1), (x0 + cell - 2, y0 + cell - 2), colours[kind % len(colours)], -1)
    if kind < 5:
        for s in range(int(kind) + 1):  # small stars along the top edge
            cx, cy = x0 + int(cell * (0.15 + 0.15 * s)), y0 + int(cell * 0.12)
            cv2.drawMarker(board, (cx, cy), (0, 160, 230), cv2.MARKER_STAR, max(3, cell // 10), 1)
    elif kind == 5:
        draw_text(board, "!", (x0 + cell * 0.78, y0 + cell * 0.3), cell * 0.23, (0, 0, 200))


def _draw_board(state: BoardState, style: SceneStyle, camera: _Camera,
                faces: list[_TileFace] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The board top-down; returns the image and the grid's corners in it. With ``faces`` the
    tiles are not drawn but their faces appended to it (for a 3D view)."""
    cell, border, border_left, w, h = _board_layout(state.rows, state.cols, style)
    panel = border_left - border
    board = np.empty((h, w, 3), np.uint8)
    board[:] = (40, 40, 150) if not style.handwritten else (120, 60, 30)  # outer border colour
    if style.border == "table":
        board[:] = np.median(camera.table.reshape(-1, 3), axis=0).astype(np.uint8)
    inner = int(0.35 * cell)
    paper = camera.board_tint if not style.light_lines else (95, 130, 165)
    board[border - inner : h - border + inner, border - inner : w - border + inner] = paper
    if panel:
        # The grid moves right by the panel's width; the panel holds a column of boxes.
        board[border - inner : h - border + inner, border - inner : border + panel - inner] = camera.board_tint
        for k in range(8):
            y = border + int((1.5 + 1.3 * k) * cell)
            cv2.rectangle(board, (border + int(0.6 * cell), y), (border + int(1.6 * cell), y + cell),
                          (60, 60, 60), 2)
    premium = premium_pattern(state.rows, state.cols) if style.premium_squares else None
    for r in range(state.rows):
        for c in range(state.cols):
            x0, y0 = border_left + c * cell, border + r * cell
            if style.handwritten:
                _draw_write_and_wipe_square(board, x0, y0, cell, _scene_rng(camera.seed, "square", r, c))
            elif premium and premium[r][c] != ".":
                turns = int(_scene_rng(camera.seed, "print", r, c).integers(4)) if style.premium_labels == "turned" else 0
                _draw_premium_square(board, x0, y0, cell, premium[r][c], style.premium_labels, turns)
            if style.centre_star and (r, c) == (state.rows // 2, state.cols // 2) and not style.handwritten:
                _draw_star(board, x0, y0, cell)
    line = (90, 100, 105) if not style.handwritten else (60, 60, 60)
    thickness = 2
    if style.light_lines:
        line, thickness = (205, 228, 238), 4
    for r in range(state.rows + 1):
        cv2.line(board, (border_left, border + r * cell), (w - border, border + r * cell), line, thickness)
    for c in range(state.cols + 1):
        cv2.line(board, (border_left + c * cell, border), (border_left + c * cell, h - border), line, thickness)
    if style.fold:
        # The seam runs across the whole board at its middle; one half tilts toward the light.
        seam = w // 2
        board[:, seam:] = (board[:, seam:].astype(np.float32) * 0.92).astype(np.uint8)
        cv2.line(board, (seam, 0), (seam, h - 1), (35, 35, 40), 3)
    if style.markers:
        side = int(cell * 1.1)
        quiet = int(cell * 0.2)
        gx0, gy0, gx1, gy1 = border_left, border, w - border, h - border
        origins = {0: (gx0 - side, gy0 - side), 1: (gx1, gy0 - side), 2: (gx1, gy1), 3: (gx0 - side, gy1)}
        for marker_id in CORNER_MARKER_IDS:
            if marker_id in style.missing_markers:
                continue
            mx, my = origins[marker_id]
            sticker = board[max(0, my - quiet) : my + side + quiet, max(0, mx - quiet) : mx + side + quiet]
            sticker[:] = (250, 250, 250)
            board[my : my + side, mx : mx + side] = cv2.cvtColor(marker_image(marker_id, side), cv2.COLOR_GRAY2BGR)
        # The stickers lie on top of the board: each one's white border hides the grid lines for
        # a fifth of a square from the grid's corner, as a real sticker does.
    fonts = _choose_fonts(style)
    pushed = {(r, c): (dx, dy) for r, c, dx, dy in style.pushed}
    for r, c, symbol in state.occupied():
        dx, dy = pushed.get((r, c), (0.0, 0.0))
        x0, y0 = border_left + int(round((c + dx) * cell)), border + int(round((r + dy) * cell))
        rng = _scene_rng(camera.seed, "tile", r, c, symbol)
        if style.handwritten:
            if symbol == BLANK:
                continue
            colour = _MARKER_COLOURS[int(rng.integers(len(_MARKER_COLOURS)))]
            letter = draw_skeleton_letter(symbol, int(cell * rng.uniform(*HANDWRITING_SIZE)), rng)
            if letter.shape[1] > cell * 0.9:
                k = cell * 0.9 / letter.shape[1]
                letter = cv2.resize(letter, (int(letter.shape[1] * k), max(1, int(letter.shape[0] * k))))
            lx = x0 + (cell - letter.shape[1]) // 2 + int(rng.uniform(-0.06, 0.06) * cell)
            ly = y0 + (cell - letter.shape[0]) // 2 + int(rng.uniform(-0.06, 0.06) * cell)
            _blend(board, letter, lx, ly, colour)
        else:
            font = camera.font if not style.mixed_fonts else fonts[int(rng.integers(len(fonts)))]
            if faces is None:
                _draw_tile(board, x0, y0, cell, symbol, font, rng, camera.wood)
            else:
                faces.append(_tile_face(x0, y0, cell, symbol, font, rng, camera.wood))
    grid = np.array([[border_left, border], [w - border, border], [w - border, h - border], [border_left, h - border]],
                    np.float32)
    return board, grid


def _knock_view(camera: _Camera, rng: np.random.Generator, amount: float) -> None:
    """A 3D view's camera knocked: turned and moved about as far as ``amount`` of the board's
    side moves the flat drawing's corners."""
    assert camera.pinhole is not None
    camera.pinhole = camera.pinhole.knocked(rng, amount / 3)
    camera.corners = camera.pinhole.corners_in_image()


def board_layer_in_view(layer: np.ndarray, camera: Pinhole, cell: float) -> np.ndarray:
    """A picture drawn over the grid (``cell`` pixels a square, the grid's top-left corner at
    its origin: light the board sends up, say) as the 3D view's camera sees it lying on the
    board; black elsewhere."""
    to_board = np.array([[1 / cell, 0, 0], [0, 1 / cell, 0], [0, 0, 1]])
    ideal = cv2.warpPerspective(layer, camera.plane_homography() @ to_board, camera.image_size,
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return camera.through_lens(ideal, cv2.BORDER_CONSTANT)


def _texture_to_board(grid: np.ndarray, cell: int) -> np.ndarray:
    """The 3x3 map from the board's drawing (pixels) to board coordinates (squares)."""
    return np.array([[1 / cell, 0, -grid[0][0] / cell], [0, 1 / cell, -grid[0][1] / cell], [0, 0, 1]])


def _lay_board(board: np.ndarray, grid: np.ndarray, canvas: np.ndarray, camera: Pinhole) -> None:
    """Draw the board's drawing (grid at ``grid``) flat on the table into ``canvas``, the ideal
    picture (no lens distortion, the board flat)."""
    homography = camera.plane_homography() @ _texture_to_board(grid, _RENDER_CELL)
    cv2.warpPerspective(board, homography, canvas.shape[1::-1], dst=canvas, flags=cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_TRANSPARENT)


def _photograph_3d(board: np.ndarray, grid: np.ndarray, faces: list[_TileFace], table: np.ndarray,
                   camera: Pinhole, tile_height: float, seed: int) -> np.ndarray:
    """The table photographed by ``camera``: the board's drawing (without tiles) laid on the
    table, each tile a box ``tile_height`` squares thick with ``faces`` on top, the farthest
    first so a nearer one hides what lies behind it; then the board's bend and the lens's
    distortion. ``seed`` fixes where the light comes from (the tiles' sides are shaded by it)."""
    cell = _RENDER_CELL
    board = board.copy()
    for face in faces:  # each tile's soft contact shadow on the board
        _paste(board, np.zeros_like(face.image), cv2.GaussianBlur(face.mask, (0, 0), cell * 0.06) * 0.55,
               face.x, face.y)
    canvas = table.copy()
    _lay_board(board, grid, canvas, camera)
    to_board = _texture_to_board(grid, cell)
    eye = camera.centre
    sun = _scene_rng(seed, "sun").uniform(0, 2 * np.pi)
    light = np.array([np.cos(sun), np.sin(sun)])
    top = camera.plane_homography(tile_height)
    placed = []
    for face in faces:
        foot = (np.column_stack([face.corners + (face.x, face.y), np.ones(4)]) @ to_board.T)[:, :2]
        placed.append((float(np.linalg.norm(foot.mean(axis=0) - eye[:2]) ** 2 + eye[2] ** 2), face, foot))
    placed.sort(key=lambda p: -p[0])
    height, width = canvas.shape[:2]
    for _, face, foot in placed:
        box = np.concatenate([np.column_stack([foot, np.zeros(4)]), np.column_stack([foot, np.full(4, -tile_height)])])
        pix = camera.ideal(box)
        x0, y0 = np.floor(pix.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(pix.max(axis=0)).astype(int) + 2
        xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
        if xa >= xb or ya >= yb:
            continue
        roi = canvas[ya:yb, xa:xb]
        middle = foot.mean(axis=0)
        for i in range(4):  # the sides that face the camera, darker than the top
            j = (i + 1) % 4
            out = (foot[i] + foot[j]) / 2 - middle
            out /= np.linalg.norm(out)
            if out @ (eye[:2] - (foot[i] + foot[j]) / 2) <= 0:
                continue
            shade = 0.62 + 0.16 * float(out @ light)
            quad = np.round((pix[[i, j, j + 4, i + 4]] - (xa, ya)) * 16).astype(np.int32)
            cv2.fillConvexPoly(roi, quad, tuple(float(v) * shade for v in face.wood), cv2.LINE_AA, 4)
        shift = np.array([[1, 0, -xa], [0, 1, -ya], [0, 0, 1]], np.float64)
        homography = shift @ top @ to_board @ np.array([[1, 0, face.x], [0, 1, face.y], [0, 0, 1]], np.float64)
        size = (xb - xa, yb - ya)
        image = cv2.warpPerspective(face.image, homography, size, flags=cv2.INTER_LINEAR)
        alpha = cv2.warpPerspective(face.mask, homography, size, flags=cv2.INTER_LINEAR)[..., None]
        roi[:] = (roi * (1 - alpha) + image * alpha).astype(np.uint8)
    return camera.through_lens(canvas)


def _draw_hand(image: np.ndarray, corners: np.ndarray, rng: np.random.Generator, reach: float) -> None:
    """A skin-coloured arm from the picture's edge with a hand ``reach`` of the way across the grid."""
    h, w = image.shape[:2]
    side = float(np.linalg.norm(corners[1] - corners[0]))
    edge = rng.integers(4)
    t = rng.uniform(0.2, 0.8)
    start = np.array([(t * w, h + 50), (t * w, -50), (-50, t * h), (w + 50, t * h)][edge])
    far_side = [corners[0] * 0.5 + corners[1] * 0.5, corners[2] * 0.5 + corners[3] * 0.5,
                corners[1] * 0.5 + corners[2] * 0.5, corners[0] * 0.5 + corners[3] * 0.5][edge]
    near = start + (far_side - start) * 0.1
    tip = near + (far_side - near) * reach + rng.uniform(-0.1, 0.1, 2) * side
    direction = (tip - start) / (np.linalg.norm(tip - start) + 1e-6)
    normal = np.array([-direction[1], direction[0]])
    arm_w = side * rng.uniform(0.22, 0.3)
    palm_w = arm_w * 1.15
    wrist = tip - direction * side * 0.18
    arm = np.array([start + normal * arm_w / 2, wrist + normal * palm_w / 2, tip + normal * palm_w * 0.4,
                    tip + direction * side * 0.06, tip - normal * palm_w * 0.4, wrist - normal * palm_w / 2,
                    start - normal * arm_w / 2], np.int32)
    skin = np.array(_SKIN_TONES[int(rng.integers(len(_SKIN_TONES)))], float)
    mask: np.ndarray = np.zeros((h, w), np.float32)
    cv2.fillPoly(mask, [arm], 1.0)
    for f in range(4):  # fingers
        base = tip + normal * palm_w * (0.3 - 0.2 * f)
        end = base + direction * side * rng.uniform(0.08, 0.13) + normal * rng.uniform(-0.02, 0.02) * side
        cv2.line(mask, tuple(int(v) for v in base), tuple(int(v) for v in end), 1.0, max(2, int(side * 0.03)))
    mask = cv2.GaussianBlur(mask, (0, 0), 1.5)
    shadow = cv2.GaussianBlur(np.roll(mask, (int(side * 0.04), int(side * 0.03)), (0, 1)), (0, 0), side * 0.02)
    img = image.astype(np.float32) * (1 - 0.45 * shadow[..., None])
    shade: np.ndarray = 0.8 + 0.3 * cv2.GaussianBlur(rng.uniform(0, 1, (h // 16 + 1, w // 16 + 1)).astype(np.float32),
                                                     (0, 0), 2)
    shade = cv2.resize(shade, (w, h))
    arm_img = skin[None, None, :] * shade[..., None]
    image[:] = np.clip(img * (1 - mask[..., None]) + arm_img * mask[..., None], 0, 255).astype(np.uint8)


def render_scene(state: BoardState, style: SceneStyle = SceneStyle(), seed: int = 0, frame: int = 0,
                 hand_reach: float | None = None, _camera: _Camera | None = None) -> RenderedScene:
    """Photograph ``state`` with the virtual camera.

    ``seed`` fixes the scene (where the board lies, the light, the font, each tile's look);
    ``frame`` varies only the noise, so successive frames of an unchanged board differ as real
    video frames do. ``hand_reach`` (0-1) puts a hand that far across the grid (``style.hand``
    puts one at a random reach).
    """
    camera = _camera or _make_camera(state.rows, state.cols, style, seed)
    truth = None
    if camera.pinhole is not None:
        faces: list[_TileFace] = []
        board, grid = _draw_board(state, style, camera, faces)
        image = _photograph_3d(board, grid, faces, camera.table, camera.pinhole, style.tile_height, seed)
        assert style.view is not None
        truth = ViewTruth.of(camera.pinhole, style.view, style.tile_height)
    else:
        board, grid = _draw_board(state, style, camera)
        width, height = style.image_size
        homography = cv2.getPerspectiveTransform(grid, camera.corners.astype(np.float32))
        warped = cv2.warpPerspective(board, homography, (width, height), flags=cv2.INTER_AREA)
        coverage = cv2.warpPerspective(np.full(board.shape[:2], 255, np.uint8), homography, (width, height))
        alpha = (coverage.astype(np.float32) / 255.0)[..., None]
        image = (warped * alpha + camera.table * (1 - alpha)).astype(np.uint8)

    rng = _scene_rng(seed, "frame", frame)
    hand_visible = False
    if hand_reach is None and style.hand:
        hand_reach = rng.uniform(0.3, 0.9)
    if hand_reach is not None and hand_reach > 0:
        _draw_hand(image, camera.corners, _scene_rng(seed, "hand", frame), hand_reach)
        hand_visible = True

    img = image.astype(np.float32) * camera.light[..., None]
    if camera.shadow_mask is not None:
        img *= (1 - camera.shadow_mask)[..., None]
    if style.blur_sigma > 0:
        img = cv2.GaussianBlur(img, (0, 0), style.blur_sigma)
    if style.noise_sigma > 0:
        img += rng.normal(0, style.noise_sigma, img.shape).astype(np.float32)
    image = np.clip(img, 0, 255).astype(np.uint8)
    if style.jpeg_quality:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(style.jpeg_quality)])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR)
        assert decoded is not None
        image = decoded
    return RenderedScene(image, GridCorners.from_array(camera.corners), state, camera.font.name, hand_visible, truth)


@dataclass
class VirtualCamera:
    """A capture source that photographs a board whose state the caller changes.

    >>> cam = VirtualCamera(BoardState.empty(15, 15))
    >>> cam.state = cam.state.with_square(7, 7, "A")
    >>> frame = cam.read()
    """

    state: BoardState
    style: SceneStyle = field(default_factory=SceneStyle)
    seed: int = 0
    hand_reach: float | None = None  # set to put a hand over the board in the next frames
    _frame: int = 0
    _camera: _Camera | None = None
    last_scene: RenderedScene | None = None

    def bump(self, amount: float = 0.03) -> None:
        """Move the camera a little, as when someone knocks the table."""
        if self._camera is None:
            self._camera = _make_camera(self.state.rows, self.state.cols, self.style, self.seed)
        rng = _scene_rng(self.seed, "bump", self._frame)
        if self._camera.pinhole is not None:
            _knock_view(self._camera, rng, amount)
            return
        side = float(np.linalg.norm(self._camera.corners[1] - self._camera.corners[0]))
        self._camera.corners = self._camera.corners + rng.uniform(-amount, amount, (4, 2)) * side + \
            rng.uniform(-amount, amount, 2) * side

    def read(self) -> np.ndarray:
        """The next frame (BGR)."""
        if self._camera is None:
            self._camera = _make_camera(self.state.rows, self.state.cols, self.style, self.seed)
        scene = render_scene(self.state, self.style, self.seed, self._frame, self.hand_reach, self._camera)
        self._frame += 1
        self.last_scene = scene
        return scene.image

    def close(self) -> None:
        """Nothing to release; here for the capture-source interface."""
