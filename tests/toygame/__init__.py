"""Noughts: a toy fifth game that lives wholly in this folder, the proof that a game is one folder.

A 3 x 3 board; players take turns to lay one letter tile on an empty square, and score a point
for every tile in the row and the column it joins (itself included). The game ends when the
board is full. Nothing outside this folder knows it: the test registers its family
(:mod:`tests.toygame.family`) and plays it through the controller, the journal and the screen.
"""
