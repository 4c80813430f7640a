"""eXtraDICTION: the children's spelling game (Levels 1-3 and Speed eXtraDICTION).

- :mod:`.edition`: the board's stars, Chance squares and zones and the Chance deck (data files;
  ``standin`` is wordboard's own stand-in layout, ``worked-example`` reproduces the rulebook's
  scoring example).
- :mod:`.engine`: the pure rules engine (:class:`~.engine.Game`, moves, pending decisions).
- :mod:`.cards`: clue cards and their file format; :mod:`.pictures`: card pictures;
  :mod:`.wordfilter`: keeps words unsuitable for children off the cards.
- :mod:`.deckbuilder`: regenerates the shipped clue deck offline.
- :mod:`.terminal`: ``wordboard play extradiction``.
"""
