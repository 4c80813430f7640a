"""Dexikon, the deck-building word card game: card set, rules engine, word finder, score sheet.

* :mod:`~wordboard.dexikon.cards` - the card set as data (``data/standin.cards`` is wordboard's
  own stand-in, not the published cards) and its effect vocabulary.
* :mod:`~wordboard.dexikon.engine` - the pure rules engine (:class:`Game`, typed actions,
  pending decisions, :class:`IllegalAction` naming the broken rule); its docstring lists the
  decisions taken where the rulebook is silent.
* :mod:`~wordboard.dexikon.scoring` - variants, score sheets, final scores and tie-breaks.
* :mod:`~wordboard.dexikon.words` - which words a row of cards or a whole deck can spell.
* :mod:`~wordboard.dexikon.sheet_svg` - the printable score sheet.
* :mod:`~wordboard.dexikon.autoplay` - a simple automatic player (tests, hints, demos).
* :mod:`~wordboard.dexikon.console` / :mod:`~wordboard.dexikon.terminal` - ``wordboard play
  dexikon``.
"""
