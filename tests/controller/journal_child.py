"""The child process of the crash test: plays Lexulous games into a journal, resuming whatever
game is unfinished, and prints ``GAME SEQ`` after each committed move. Run as a script."""

from __future__ import annotations

import sys

from wordboard.crossword import Pass, Placement, Play
from wordboard.journal import Journal, JournaledGame


def next_move(game):
    """Deterministic: the first legal single tile next to the board's tiles (two on the centre
    for the first move)."""
    rack = game.rack(game.current)
    letters = [("E", True) if t == "?" else (t, False) for t in rack]
    board = game.board
    if board.is_empty():
        r, c = game.edition.board.centre
        (a, ab), (b, bb) = letters[0], letters[1]
        return Play((Placement(r, c, a, ab), Placement(r, c + 1, b, bb)))
    for r in range(board.rows):
        for c in range(board.cols):
            if board.occupied((r, c)):
                continue
            if not any(board.occupied(n) for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
                continue
            for letter, blank in sorted(set(letters)):
                play = Play((Placement(r, c, letter, blank),))
                if game.is_legal(play):
                    return play
    return Pass()


def start(journal: Journal, number: int) -> JournaledGame:
    return JournaledGame.start(journal, "lexulous", "lexulous", ["Ann", "Ben"], seed=number)


def main(path: str, target: int) -> None:
    journal = Journal(path)
    while True:
        total = sum(g.events for g in journal.games())
        if total >= target:
            print("done", flush=True)
            return
        info = journal.latest_unfinished()
        jg = JournaledGame(journal, info.id) if info else start(journal, len(journal.games()))
        while not jg.game.is_over and total < target:
            jg.play(next_move(jg.game))
            total += 1
            print(jg.id, jg.seq - 1, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
