"""The dictionary: word lists of the owner's choice, the rulebooks' word rules, fast queries.

>>> from wordboard.dictionary import load_dictionary
>>> d = load_dictionary("wamerican")         # or "wbritish", "scowl:70", "scowl:80:british", a path
>>> "sauté" in d, d.is_word("Aaron")         # doctest: +SKIP
(True, False)
>>> d.matching("[AE]?[IOU]S")                # doctest: +SKIP
>>> d.anagrams("AEINRST", wilds=1)           # doctest: +SKIP

Word rules: ``wordboard.dictionary.rules``. List names: ``wordboard.dictionary.sources``.
Cache: ``wordboard.dictionary.cachefile``.
"""

from wordboard.dictionary.compile import DictionaryStats, ProgressCallback
from wordboard.dictionary.lexicon import Dictionary
from wordboard.dictionary.loading import load_dictionary
from wordboard.dictionary.patterns import PatternError
from wordboard.dictionary.rules import (
    EntryVerdict,
    RejectReason,
    WordRules,
    fold_word,
    judge_entry,
)
from wordboard.dictionary.sources import SYSTEM_LISTS, available_system_lists, resolve_source

__all__ = [
    "Dictionary",
    "DictionaryStats",
    "EntryVerdict",
    "PatternError",
    "ProgressCallback",
    "RejectReason",
    "SYSTEM_LISTS",
    "WordRules",
    "available_system_lists",
    "fold_word",
    "judge_entry",
    "load_dictionary",
    "resolve_source",
]
