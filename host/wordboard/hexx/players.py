"""HEXX's scripted players for the digital twin (see :class:`~wordboard.controller.players.TablePlayers`)."""

from __future__ import annotations

from wordboard.controller import questions as q
from wordboard.controller.boardgames import READING
from wordboard.controller.players import Intent, TablePlayers


class HexxPlayers(TablePlayers):
    """Red and black: each picks one of the best few words (the computer player's list) and
    answers the HEXX decisions as the computer player would, rolling a die of their own."""

    def __init__(self, controller, table, **kw):
        super().__init__(controller, table, **kw)
        from wordboard.hexx.computer import ComputerPlayer

        self.computer = ComputerPlayer(self.game.dictionary)

    def wants_move(self) -> bool:
        return self.game.pending is None and not self.game.is_over

    def intend(self, rng):
        from wordboard.hexx import Discard, Pass

        game = self.game
        previews = self.computer.best_plays(game)
        if previews:
            ranked = sorted(previews, key=lambda p: (-(len(p.placed) + 2 * len(p.flips)), p.hexx_tiles,
                                                     p.play.notation))
            preview = rng.choice(ranked[:3])
            play = preview.play
            tiles, answers = {}, {(READING, None): play.notation}
            for square, ch in zip(play.squares, play.word):
                if square in game.board:
                    continue
                sq = (square[0], square[1])
                tiles[sq] = "*" if ch.islower() else ch.upper()
                if ch.islower():
                    answers[(q.BLANK, sq)] = ch.upper()
            return Intent(play, tiles, answers)
        move = self.computer.choose_move(game)
        if isinstance(move, Discard):
            return Intent(move, turn_answer="discard", swap=move.tiles.replace("?", "*"))
        return Intent(Pass(), turn_answer="pass")

    def decide(self, question):
        from wordboard.controller.boardgames import DECISION
        from wordboard.hexx import DecisionKind
        from wordboard.hexx.table import metamorphosis_text

        if question.kind != DECISION:
            return super().decide(question)
        game = self.game
        d = game.pending
        if d is None or d.kind.name != question.context.get("decision"):
            return None
        rng = self._rng(17)
        if d.kind is DecisionKind.ROLL:
            return "roll" if rng.random() < 0.2 else str(rng.randint(1, 20))
        answer = self.computer.choose_answer(game, d)
        if d.kind is DecisionKind.FLIP_TILES:
            return " ".join(s.name for s in answer)
        if d.kind in (DecisionKind.REMOVE_TILE, DecisionKind.TAKE_HEXX):
            return answer.name
        if d.kind in (DecisionKind.STEAL_TILE, DecisionKind.GIVE_TILE, DecisionKind.REPLACE_HEXX):
            return str(answer + 1)
        if d.kind is DecisionKind.METAMORPHOSIS:
            return "forfeit" if answer is None else metamorphosis_text(answer)
        return str(answer)

    def give_up(self, intent):
        from wordboard.hexx import Discard, Pass

        game = self.game
        if game.bag_size:
            tile = game.hand(game.to_move)[0].symbol
            return Intent(Discard(tile), turn_answer="discard", swap=tile.replace("?", "*"))
        return Intent(Pass(), turn_answer="pass")

    def wrong_square(self, intent, rng):
        from wordboard.hexx import Play

        play = intent.move
        if not isinstance(play, Play) or not intent.tiles:
            return None
        src = rng.choice(sorted(intent.tiles))
        occupied = set(self.adapter.committed_tiles()) | set(intent.tiles)
        for _ in range(20):
            dst = (src[0] + rng.randint(-2, 2), src[1] + rng.randint(-2, 2))
            if dst in occupied or not (0 <= dst[0] < self.table.rows and 0 <= dst[1] < self.table.cols):
                continue
            if any(ch.islower() for ch in play.word):
                return None          # a HEXX tile could make another word legal
            if _still_a_line((set(intent.tiles) - {src}) | {dst}, self.adapter):
                continue
            return src, dst          # the tiles no longer make one line: refused whatever the letters
        return None


def _still_a_line(squares, adapter) -> bool:
    pending = {s: "A" for s in squares}
    return bool(adapter.runs(tuple(sorted(squares)), pending))
