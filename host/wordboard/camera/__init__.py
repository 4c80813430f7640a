"""The camera: reading a real board from pictures (printed tiles or handwritten letters).

Modules, one job each:

* :mod:`~wordboard.camera.virtual` - the virtual camera that draws a board in a known state;
* :mod:`~wordboard.camera.locate`, :mod:`~wordboard.camera.markers` - finding the grid;
* :mod:`~wordboard.camera.geometry` - grid corners and straightening;
* :mod:`~wordboard.camera.squares` - what one square shows (a letter's shape, colours);
* :mod:`~wordboard.camera.letters` - the fast letter classifier; :mod:`~wordboard.camera.tesseract`
  the second opinion;
* :mod:`~wordboard.camera.reader` - whole-board reading, incremental, voting, occlusion;
* :mod:`~wordboard.camera.capture` - frame sources; :mod:`~wordboard.camera.calibration` the saved
  calibration.

Importing this package imports OpenCV and numpy; command-line code imports it inside handlers.
"""

from wordboard.camera.geometry import GridCorners, GridWarp, parse_corners
from wordboard.camera.locate import BoardLocation, BoardNotFound, locate_board
from wordboard.camera.reader import BoardReader, BoardReading, SquareReading
from wordboard.camera.state import BLANK, EMPTY, BoardState

__all__ = [
    "BLANK", "EMPTY", "BoardLocation", "BoardNotFound", "BoardReader", "BoardReading", "BoardState",
    "GridCorners", "GridWarp", "SquareReading", "locate_board", "parse_corners",
]
