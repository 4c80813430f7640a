"""The board controller: move tracking, the main loop, game adapters and the digital twin.

* :mod:`~wordboard.controller.tracking`: sensor events and camera readings -> the tiles of a turn (pure).
* :mod:`~wordboard.crossword.table`: Lexulous / Scrabble adapter (letters, blanks, validity).
* :mod:`~wordboard.controller.loop`: :class:`Controller`, the loop ``wordboard run`` runs.
* :mod:`~wordboard.controller.twin`: the table, scripted players and camera worker of the twin.
* :mod:`~wordboard.controller.session`: everything put together.
"""
