"""Errors that mean "the user asked for something that cannot be done".

The command line prints them as one line on stderr and exits with status 2, never a traceback.
"""

from __future__ import annotations

import os


class UserError(Exception):
    """A mistake in what the user gave: a missing file, a bad edition, an unknown word list."""


class DataFileError(UserError):
    """A data file (edition, card set, layout, word list) is malformed.

    The message names the file, the line and the problem: ``lexulous.edition:12: row has 14
    squares, expected 15``.
    """

    def __init__(self, path: str | os.PathLike[str], line: int | None, problem: str):
        self.path = str(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {problem}")
