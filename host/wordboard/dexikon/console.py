"""Dexikon in a terminal: typed card names stand in for the board's sensors, wordboard referees.

Each line of input is one command; the prompt says whose decision it is and what is expected.
Cards are named by their kind (``AT``, ``ES``, ``IOU``, ``C``; ``?`` is a Penalty, or any wild
card). The same commands work from a script on standard input, so a whole game can be replayed.

Commands (``help`` lists them; the prompt shows those that fit the moment)::

    play CARD... | play all        lay cards from your hand on the table
    action CARD [return CARD...]   resolve a played card's Action effect (d:CARD = from discard)
    word CARD... [= WORD]          declare the word laid by these cards, in this order
                                   (on the table or still in your hand)
    choose WORD|N                  pick one of several words that fit the row
    giveup                         no (more) word this turn / no last word (also: pass)
    ok | challenge PLAYER...       accept the word, or challenge it (player numbers or names)
    concede | insist               answer a challenge (insist: the dictionary decides)
    respond [none | CARD...]       show a Response card against the attacks (all by default)
    refresh | spend | bank         phase 4 and 5
    buy NAME | done                buy a card from the pool or a core stack (? = Penalty);
                                   end the turn
    keep NAME                      solo cleanup: the pool card to keep
    best                           last word: declare the best word found in all your cards
    return [CARD...]               end of the game: cards to return (none: just 'return')
    hint | show | help | quit
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from wordboard.dexikon.cards import Card
from wordboard.dexikon.engine import (
    AcceptWord,
    Action,
    Bank,
    Buy,
    BuyDecision,
    Challenge,
    ChallengeDecision,
    ChooseWord,
    Concede,
    Decision,
    DeclareWord,
    DefendDecision,
    EndReturn,
    EndReturnDecision,
    EndTurn,
    Game,
    GameOver,
    GiveUp,
    IllegalAction,
    Insist,
    KeepDecision,
    KeepPoolCard,
    LastWordDecision,
    PlayCards,
    PlayDecision,
    PointsDecision,
    RefreshPool,
    ResolveAction,
    Respond,
    ResponseDecision,
    Spend,
    WordChoice,
)
from wordboard.dexikon.sheet_svg import score_sheet_svg
from wordboard.dexikon.words import best_last_word, find_words, for_people
from wordboard.errors import UserError
from wordboard.extradiction.wordfilter import is_unsuitable

__all__ = ["Console", "command_for"]


class InputProblem(Exception):
    """A command that cannot be understood; the message says why."""


# Commands that only make sense while the game waits for one kind of decision.
_VERB_DECISIONS: dict[str, type | tuple[type, ...]] = {
    "play": PlayDecision, "action": PlayDecision, "choose": WordChoice,
    "respond": ResponseDecision, "keep": KeepDecision, "best": LastWordDecision,
    "return": EndReturnDecision, "word": (PlayDecision, LastWordDecision),
}


def _names(cards: Iterable[Card]) -> str:
    return " ".join(c.name for c in cards) or "-"


def command_for(game: Game, action: Action) -> str:
    """The console command that carries out ``action`` now (for hints and replays)."""
    if isinstance(action, PlayCards):
        return "play " + _names(game.card(i) for i in action.cards)
    if isinstance(action, ResolveAction):
        player = game.current
        text = f"action {game.card(action.card).name}"
        if action.returns:
            parts = []
            for i in action.returns:
                card = game.card(i)
                parts.append(card.name if card in player.hand else f"d:{card.name}")
            text += " return " + " ".join(parts)
        return text
    if isinstance(action, DeclareWord):
        text = "word " + _names(game.card(i) for i in action.row)
        return text + (f" = {action.word}" if action.word else "")
    if isinstance(action, ChooseWord):
        return f"choose {action.word}"
    if isinstance(action, GiveUp):
        return "giveup"
    if isinstance(action, AcceptWord):
        return "ok"
    if isinstance(action, Challenge):
        return "challenge " + " ".join(str(p + 1) for p in action.challengers)
    if isinstance(action, Concede):
        return "concede"
    if isinstance(action, Insist):
        return "insist"
    if isinstance(action, Respond):
        if action.ignored is None:
            return "respond"
        return "respond " + (_names(game.card(i) for i in action.ignored) if action.ignored
                             else "none")
    if isinstance(action, RefreshPool):
        return "refresh"
    if isinstance(action, Spend):
        return "spend"
    if isinstance(action, Bank):
        return "bank"
    if isinstance(action, Buy):
        return f"buy {action.name}"
    if isinstance(action, EndTurn):
        return "done"
    if isinstance(action, KeepPoolCard):
        return f"keep {game.card(action.card).name}"
    if isinstance(action, EndReturn):
        return ("return " + _names(game.card(i) for i in action.cards)).rstrip(" -")
    raise ValueError(f"no command for {action!r}")


class Console:
    """Referees a :class:`Game` from typed commands, writing to ``out``."""

    def __init__(self, game: Game, out: TextIO, *, sheets_dir: Path | None = None,
                 echo: bool = False):
        self.game = game
        self.out = out
        self.sheets_dir = sheets_dir
        self.echo = echo
        self._shown: tuple[object, ...] | None = None   # what the last prompt showed
        self._log_seen = len(game.log)
        self._turn_shown = -1

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    # -- the loop -----------------------------------------------------------------------------

    def run(self, lines: Iterable[str]) -> int:
        """Play until the game is over; 0 at the end, 1 on ``quit``. Running out of input is a
        :class:`UserError`."""
        g = self.game
        if g.card_set.notice:
            self.say(f"Card set: {g.card_set.notice}.")
        if g.solo:
            self.say(f"Dexikon solo game, {g.variant.description}; the turn that begins with "
                     "an empty pool deck is the final turn. Type 'help' for the commands.")
        else:
            self.say(f"Dexikon, {len(g.players)} players, {g.variant.description}. "
                     f"{g.players[g.first_player].name} goes first. Type 'help' for the "
                     "commands.")
        source: Iterator[str] = iter(lines)
        while g.result is None:
            self._prompt()
            try:
                line = next(source)
            except StopIteration:
                raise UserError("the input ended before the game was over") from None
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if self.echo:
                self.say(f"> {line}")
            if line.lower() in ("quit", "exit"):
                self.say("Game abandoned.")
                return 1
            try:
                action = self.parse(line)
                if action is None:
                    continue
                g.play(action)
            except InputProblem as problem:
                self.say(f"? {problem}")
            except IllegalAction as illegal:
                self.say(f"Not allowed: {illegal.message}. Rule: {illegal.rule}.")
            else:
                self._report(action)
        self._finish()
        return 0

    def _report(self, action: Action) -> None:
        """Print what the action caused (the game's log since the last report)."""
        g = self.game
        for entry in g.log[self._log_seen:]:
            self.say(f"  {entry}")
        self._log_seen = len(g.log)
        if isinstance(action, RefreshPool):
            self._show_pool()

    def _show_pool(self) -> None:
        g = self.game
        self.say("Pool: " + (", ".join(f"{c.name}({c.kind.cost})" for c in g.pool) or "-")
                 + f" | pool stack {len(g.pool_stack)}, returns {len(g.pool_returns)}")

    def _show_sheets(self) -> None:
        """Every player's score sheet: banked words, challenges won (opponents' too)."""
        for p in self.game.players:
            words = ", ".join(f"{b.word} {b.value}" for b in p.sheet.banked) or "-"
            self.say(f"Sheet {p.name}{' (first)' if p.sheet.first else ''}: banked {words}; "
                     f"challenges won {p.sheet.challenges_won}; cards {len(p.cards())}")

    # -- showing the state --------------------------------------------------------------------

    def _prompt(self) -> None:
        g = self.game
        d = g.pending
        key = (type(d), d.player, g.turns_taken, g.phase, getattr(d, "attempt", 0),
               len(g.table), len(g.players[d.player].hand))
        if key != self._shown:
            self._shown = key
            self._show_state(d)
        if isinstance(d, ChallengeDecision):      # the opponents decide, not the player
            name = ", ".join(g.players[p].name for p in d.challengers)
        else:
            name = g.players[d.player].name
        self.say(f"[{name}] {self._expected(d)}")

    def _show_state(self, d: Decision) -> None:
        g = self.game
        if isinstance(d, PlayDecision) and self._turn_shown != g.turn.number:
            self._turn_shown = g.turn.number
            p = g.players[d.player]
            self.say("")
            self.say(f"== Turn {g.turn.number}: {p.name} "
                     f"(banked {len(p.sheet.banked)}, deck {len(p.deck)}, "
                     f"discard {len(p.discard)}) ==")
            self._show_sheets()
            self._show_pool()
            self.say("Stacks: " + ", ".join(f"{n} {len(s)}" for n, s in g.stacks.items()))
        if isinstance(d, (PlayDecision,)):
            p = g.players[d.player]
            self.say(f"Hand: {_names(p.hand)} | Table: {_names(g.table)} | Discard: {_names(p.discard) or '-'}")
        elif isinstance(d, LastWordDecision):
            self.say("")
            self.say(f"== Last word: {g.players[d.player].name}, cards: {_names(d.cards)} ==")

    def _expected(self, d: Decision) -> str:
        g = self.game
        if isinstance(d, PlayDecision):
            extra = (" (second attempt: no Action effects)" if d.attempt == 2 else
                     (f"; Action effects to resolve: {_names(d.actions_left)}"
                      if d.actions_left else ""))
            return f"play CARD... | action CARD | word CARD... [= WORD] | giveup{extra}"
        if isinstance(d, WordChoice):
            # a word unsuitable for children is never listed, only counted (as the table's
            # spellings_named): its number still chooses it
            listed = [(i, w) for i, w in enumerate(d.words) if not is_unsuitable(w)]
            words = ", ".join(f"{i + 1}:{w}" for i, w in listed[:30])
            unlisted = len(d.words) - min(30, len(listed))
            more = f" (+{unlisted} more)" if unlisted else ""
            return f"several words fit: {words or '-'}{more}. choose WORD|N"
        if isinstance(d, ChallengeDecision):
            who = ", ".join(f"{p + 1}:{g.players[p].name}" for p in d.challengers)
            return (f"{g.players[d.player].name}'s word {d.word}: ok | challenge PLAYER... "
                    f"({who})")
        if isinstance(d, DefendDecision):
            who = ", ".join(g.players[p].name for p in d.challengers)
            return f"{d.word} is challenged by {who}. concede | insist"
        if isinstance(d, ResponseDecision):
            return (f"attacks {_names(d.attacks)}: show a Response? respond [none | CARD...]")
        if isinstance(d, PointsDecision):
            refresh = "refresh | " if d.can_refresh else ""
            bank = " | bank" if d.can_bank else ""
            empty = " (with +1: no cards left in hand)" if not g.players[d.player].hand else ""
            return f"{d.word} is worth {d.value}{empty}. {refresh}spend{bank}"
        if isinstance(d, BuyDecision):
            buyable = ", ".join(
                f"{n}({g.card_set.kind(n).cost})" for n in d.buyable) or "nothing"
            need = " (must buy one)" if d.must_buy else ""
            return f"{d.budget} point(s) to spend; can buy: {buyable}{need}. buy NAME | done"
        if isinstance(d, KeepDecision):
            return f"pool {_names(d.pool)}: keep NAME (the others are returned)"
        if isinstance(d, LastWordDecision):
            again = " (second attempt)" if d.attempt == 2 else ""
            return f"last word{again}: word CARD... [= WORD] | best | pass"
        if isinstance(d, EndReturnDecision):
            return (f"end of the game: return up to {d.limit} card(s) not used in the last "
                    "word: return [CARD...]")
        return ""

    # -- parsing --------------------------------------------------------------------------------

    def parse(self, line: str) -> Action | None:
        """The action a command line asks for (None for information commands)."""
        g = self.game
        d = g.pending
        words = line.split()
        verb, rest = words[0].lower(), words[1:]
        if verb == "help":
            self.say(__doc__.split("::", 1)[1].rstrip())
            return None
        if verb == "show":
            self._turn_shown = -1
            self._show_state(d)
            return None
        if verb == "hint":
            self._hint(d)
            return None
        player = g.players[d.player]
        needs = _VERB_DECISIONS.get(verb)
        if needs is not None and not isinstance(d, needs):
            raise InputProblem(f"'{verb}' is not possible now; {self._expected(d)}")
        if verb == "play":
            if rest and rest[0].lower() == "all":
                return PlayCards(tuple(c.id for c in player.hand))
            return PlayCards(self._pick(rest, player.hand, "in your hand"))
        if verb == "action":
            if not rest:
                raise InputProblem("action CARD [return CARD...]")
            unresolved = list(d.actions_left) if isinstance(d, PlayDecision) else []
            zone = unresolved + [c for c in g.table if c not in unresolved]
            (card,) = self._pick(rest[:1], zone, "on the table")
            returns: list[int] = []
            if len(rest) > 1:
                if rest[1].lower() != "return":
                    raise InputProblem("action CARD return CARD...")
                hand, discard = list(player.hand), list(player.discard)
                for name in rest[2:]:
                    from_discard = name.lower().startswith("d:")
                    zone = discard if from_discard else hand
                    (picked,) = self._pick([name[2:] if from_discard else name], zone,
                                           "in your discard pile" if from_discard
                                           else "in your hand")
                    zone[:] = [c for c in zone if c.id != picked]
                    returns.append(picked)
            return ResolveAction(card, tuple(returns))
        if verb == "word":
            word = None
            text = line.split(None, 1)[1] if rest else ""
            if "=" in text:
                text, word = text.split("=", 1)
                word = word.strip() or None
                rest = text.split()
            if not rest:
                raise InputProblem("word CARD... [= WORD]: name the cards of the word in order")
            if isinstance(d, LastWordDecision):
                return DeclareWord(self._pick(rest, list(d.cards), "among your usable cards"), word)
            # Cards still in the hand may be laid straight into the word (the engine plays them).
            return DeclareWord(self._pick(rest, list(g.table) + list(player.hand),
                                          "on the table or in your hand"), word)
        if verb == "best":
            if not isinstance(d, LastWordDecision):
                raise InputProblem("'best' is for the last word")
            option = best_last_word(d.cards, g.dictionary, unsuitable=is_unsuitable)
            if option is None:
                raise InputProblem("no word can be made from your cards: pass")
            self.say(f"  best: {option.describe()}")
            return DeclareWord(tuple(c.id for c in option.cards), option.word)
        if verb == "choose":
            if not isinstance(d, WordChoice) or len(rest) != 1:
                raise InputProblem("choose WORD or choose N, when several words fit")
            pick = rest[0]
            if pick.isdigit():
                if not 1 <= int(pick) <= len(d.words):
                    raise InputProblem(f"choose a number from 1 to {len(d.words)}, or the word")
                return ChooseWord(d.words[int(pick) - 1])
            return ChooseWord(pick)
        if verb in ("giveup", "pass"):
            return GiveUp()
        if verb in ("ok", "accept"):
            return AcceptWord()
        if verb == "challenge":
            return Challenge(tuple(self._player(r) for r in rest))
        if verb == "concede":
            return Concede()
        if verb == "insist":
            return Insist()
        if verb == "respond":
            if not rest:
                return Respond(d.player)
            if rest == ["none"]:
                return Respond(d.player, ())
            attacks = list(d.attacks) if isinstance(d, ResponseDecision) else []
            return Respond(d.player, self._pick(rest, attacks, "among this turn's attacks"))
        if verb == "refresh":
            return RefreshPool()
        if verb == "spend":
            return Spend()
        if verb == "bank":
            return Bank()
        if verb == "buy":
            if len(rest) != 1:
                raise InputProblem("buy NAME")
            return Buy(g.card_set.penalty if rest[0] == "?" else rest[0])
        if verb in ("done", "end"):
            return EndTurn()
        if verb == "keep":
            pool = list(g.pool)
            if not rest:
                raise InputProblem("keep NAME")
            (card,) = self._pick(rest[:1], pool, "in the pool")
            return KeepPoolCard(card)
        if verb == "return":
            cards = list(d.cards) if isinstance(d, EndReturnDecision) else []
            return EndReturn(self._pick(rest, cards, "among the cards not used in your last word"))
        raise InputProblem(f"unknown command {words[0]!r}; type 'help'")

    def _pick(self, names: Sequence[str], zone: list[Card], where: str) -> tuple[int, ...]:
        available = list(zone)
        ids: list[int] = []
        for name in names:
            wanted = name.upper()
            if wanted == "?":
                found = sorted((c for c in available if c.kind.is_wild),
                               key=lambda c: (c.kind.name != self.game.card_set.penalty, c.id))
            else:
                found = [c for c in available if c.kind.name == wanted]
            if not found:
                if wanted != "?" and wanted not in self.game.card_set:
                    known = ", ".join(k.name for k in self.game.card_set.kinds)
                    raise InputProblem(f"{name} is not a card name (the cards: {known}; ? is a "
                                       "Penalty)")
                raise InputProblem(f"no {'more ' if name in names[:len(ids)] else ''}{name} "
                                   f"{where}")
            available.remove(found[0])
            ids.append(found[0].id)
        return tuple(ids)

    def _player(self, text: str) -> int:
        players = self.game.players
        if text.isdigit() and 1 <= int(text) <= len(players):
            return int(text) - 1
        for p in players:
            if p.name.lower() == text.lower():
                return p.index
        raise InputProblem(f"no player {text!r}")

    def _hint(self, d: Decision) -> None:
        g = self.game
        if isinstance(d, PlayDecision):
            p = g.players[d.player]
            cards = list(g.table) + list(p.hand)
            options = for_people(find_words(cards, g.dictionary, limit=40, exclude=g.banked_words,
                                            empty_hand_bonus=True))[:5]
            if not options:
                self.say("  no word found: giveup")
            for option in options:
                self.say(f"  {option.describe()}  ->  word {_names(option.cards)} = "
                         f"{option.word}")
        elif isinstance(d, LastWordDecision):
            last = best_last_word(d.cards, g.dictionary, unsuitable=is_unsuitable)
            self.say(f"  {last.describe()}" if last else "  no word found")
        else:
            self.say("  " + self._expected(d))

    # -- the end --------------------------------------------------------------------------------

    def _finish(self) -> None:
        g = self.game
        result = g.result
        assert isinstance(result, GameOver)
        self.say("")
        self.say("== Final scores ==")
        for place, s in result.places:
            best = " + ".join(str(b.value) for b in s.best) or "0"
            self.say(f"{place}. {s.name}: {s.total}  (best words {best} = {s.subtotal}; last "
                     f"word {s.last_word or '-'} {s.last_word_value}; bonus {s.bonus}; "
                     f"penalties {s.penalties} x -2)")
        winners = [s.name for place, s in result.places if place == 1]
        self.say(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners))
        if self.sheets_dir is not None:
            self.sheets_dir.mkdir(parents=True, exist_ok=True)
            for i, score in enumerate(result.scores, start=1):
                path = self.sheets_dir / f"dexikon-sheet-{i}-{_slug(score.name)}.svg"
                path.write_text(score_sheet_svg(score, g.variant, card_set_name=g.card_set.name,
                                                solo=g.solo), encoding="utf-8")
                self.say(f"Score sheet: {path}")


def _slug(name: str) -> str:
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")
    return slug or "player"

