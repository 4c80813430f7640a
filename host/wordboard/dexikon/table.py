"""Dexikon on the board: cards laid in the card slots, identified by their tags, make the row;
the word is worked out, the phases refereed, the score sheets shown in the terminal.

The board has rows of card slots (:func:`wordboard.leds.scenes.card_rows`: five rows of seven
slots of 2 x 3 squares, 35 slots, read like a page: left to right, then the next row down; see
``hardware/controller.md``); a card's tag lies on one of its slot's squares, and its tile code
names the card (``card:AT-3``: the third AT card of the set, in the card set's order). A word may
start in any slot and run on from the end of one row to the start of the next, so words longer
than a row (the rulebook's last word COUNTERFEITING is 14 cards) are laid on the board.
At the end of the turn the cards in the slots, in reading order with no gap, are the row: they must
be the player's (hand, or on the table), and a dictionary word must fit them; when several do,
the board asks which is meant. Committing plays the cards from the hand, resolves their Action
effects (a "return N" returns Penalties first) and declares the word; then the other phases
(challenge, defend, respond, spend or bank, buy, keep, end-of-game returns) are questions to the
player who decides. After the turn the cards are taken out of the slots (the next player's row
starts on an empty board); at the end each player lays a last word from all their cards.

The journal codec (kind ``dexikon``) stores each engine action as a move: ``{"action":
"DeclareWord", "row": [3, 17], "word": "AT", "squares": ["A8", "C8"]}`` (``squares``: where the
cards lay, for the LEDs after a restart).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from wordboard.controller import questions as q
from wordboard.controller.adapters import Assessment, Committed, TableAdapter
from wordboard.controller.boardgames import DECISION, WORD, parse_square_name
from wordboard.controller.players import Intent, NotYet, TablePlayers
from wordboard.controller.tracking import square_names
from wordboard.rules import square_name

ROWS = COLS = 15
READER_INDEX = 2          # the square of its slot where the twin's card lies (its tag)
ACTION = "action"         # a question about the square of a card laid: resolve its Action effect?
MAX_RETURN_CHOICES = 12   # the "return N" choices offered on the screen (and "return nothing")


def card_tags(game) -> dict[int, str]:
    """card id -> the id written in its tag (``AT-3``), numbered per kind in the set's order."""
    counts: dict[str, int] = {}
    out = {}
    for card in game.cards:
        counts[card.kind.name] = counts.get(card.kind.name, 0) + 1
        tag = f"{card.kind.name}-{counts[card.kind.name]}"
        out[card.id] = tag if len(tag) <= 11 else f"C{card.id}"
    return out


# -- the journal -----------------------------------------------------------------------------------




# -- the adapter -----------------------------------------------------------------------------------


def spellings_named(words):
    """The words the cards spell as the table is told them (``named(n)``: the first ``n``, "and N
    more" for the rest): a word unsuitable for children is never named, only counted (the player
    who laid the cards may still answer it)."""
    from wordboard.extradiction.wordfilter import is_unsuitable

    shown = [w for w in words if not is_unsuitable(w)]

    def named(n: int) -> str:
        more = len(words) - min(n, len(shown))
        text = ", ".join(shown[:n])
        if not text:
            return f"{more} words"
        return text + (f" (and {more} more)" if more else "")
    return named

class DexikonAdapter(TableAdapter):
    kind = "dexikon"

    def __init__(self, jgame, *, camera_alone=False):
        from wordboard.leds.scenes import card_rows

        self.jgame = jgame
        #: the table is sensed by the camera alone: it sees which slots hold a card, not which
        #: card (the cards' look is not public); the player says each card's kind on the screen
        self.camera_alone = camera_alone
        self._camera_cards: dict[tuple, int] = {}     # (square, mark) -> the card the camera saw laid there
        self._camera_seen: dict[int, tuple] = {}      # card id -> ((square, mark, reading), ...) when taken
        self._seen_row: dict[int, tuple] = {}         # the same, for the row last assessed
        self.game = jgame.game
        self.rows, self.cols = ROWS, COLS
        self.slots = card_rows(ROWS, COLS)
        self.slot_of = {sq: i for i, squares in enumerate(self.slots) for sq in squares}
        self.tags = card_tags(self.game)
        self.card_of = {tag: cid for cid, tag in self.tags.items()}
        self.where: dict[int, tuple] = {}
        self.proposals_committed = 0
        self.last_committed_move = None
        for event in jgame.journal.events(jgame.id):
            if event.type == "move" and "squares" in event.data:
                self.where = dict(zip(event.data["row"], (parse_square_name(s) for s in event.data["squares"])))

    def reader_square(self, slot: int) -> tuple:
        return self.slots[slot][READER_INDEX]

    def name_of(self, card) -> str:
        return "card:" + self.tags[card.id]

    def phase_is(self, *names) -> bool:
        return self.game.phase.name in names

    # -- the board -----------------------------------------------------------------------------

    def committed_tiles(self) -> dict:
        if self.phase_is("PLAY", "LAST_WORD", "OVER"):
            return {}
        return {self.where[c.id]: self.name_of(c) for c in self.game.table if c.id in self.where}

    def base_scene(self, occupied, t: float = 0.0):
        from wordboard.leds import scenes

        committed = set(self.committed_tiles())
        states = []
        used = set()
        for i, squares in enumerate(self.slots):
            here = [s for s in squares if s in occupied]
            if any(s in committed for s in squares):
                states.append("challenged" if self.phase_is("DEFEND") else "word")
                used.add(i)
            elif here:
                states.append("card")
                used.add(i)
            else:
                states.append("empty")
        if self.phase_is("PLAY", "LAST_WORD"):
            nxt = max(used) + 1 if used else 0
            if nxt < len(states):
                states[nxt] = "next"
        return scenes.dexikon_scene(self.rows, self.cols, self.slots, states, t)

    def as_lit(self, frame):
        """Read by the camera alone, the card slots keep one steady light (each slot's faint
        outline): a card's state (laid, part of the word, refused) is shown on the screen
        instead. A slot lit anew while a card lies on it would be seen empty in a light the
        camera has never seen it empty in, and the card lifted could not be told from a card
        still there; the camera alone sees nothing but that a slot is covered."""
        if not self.camera_alone:
            return frame
        from wordboard.leds import scenes

        steady = scenes.dexikon_scene(self.rows, self.cols, self.slots, ())
        return frame.with_colours({square: steady[square] for slot in self.slots for square in slot})

    # -- a turn --------------------------------------------------------------------------------

    def usable_cards(self) -> list:
        game = self.game
        if self.phase_is("LAST_WORD"):
            return list(game.last_word_cards(game.current.index))
        return list(game.table) + list(game.current.hand)

    def assess(self, tiles, answers: Mapping, *, live: bool = False) -> Assessment:
        from wordboard.dexikon.cards import EffectType
        from wordboard.dexikon.words import row_spellings

        game = self.game
        squares = tuple(t.square for t in tiles)
        if not tiles:
            return Assessment("empty")
        if not self.phase_is("PLAY", "LAST_WORD"):
            return Assessment("invalid", squares, at_fault=squares,
                              message="the game is over" if self.phase_is("OVER") else
                              f"not now: the game waits for {game.players[game.pending.player].name} "
                              f"({game.phase.value})")
        found = self._cards_seen(tiles, answers, live) if self.camera_alone else self._cards_tagged(tiles)
        if isinstance(found, Assessment):
            return found
        by_slot = found
        order = sorted(by_slot)
        gaps = [i for i in range(order[0], order[-1]) if i not in by_slot]
        if gaps:
            at = tuple(s for i in gaps for s in self.slots[i])
            return Assessment("invalid", squares, at_fault=at, message="the cards must lie side by side, no gap")
        player = game.current
        usable = {c.id: c for c in self.usable_cards()}
        strangers = [by_slot[i][0].square for i in order if by_slot[i][1] not in usable]
        if strangers:
            return Assessment("invalid", squares, at_fault=tuple(strangers),
                              message=f"not {player.name}'s card{'s' if len(strangers) > 1 else ''}: "
                                      "take the cards of the last turn away")
        row = [usable[by_slot[i][1]] for i in order]
        row_squares = tuple(by_slot[i][0].square for i in order)
        slot_squares = tuple(s for i in order for s in self.slots[i])
        # Phase 1: the Action effects of the cards laid, resolved before the word is declared
        # (asked card by card); a card that draws leaves the row open for the drawn cards.
        resolutions: list[tuple[int, tuple[int, ...]]] = []
        draws = False
        if not live and self.phase_is("PLAY") and game.turn.attempt == 1:
            claimed: set[int] = set()
            row_ids = {c.id for c in row}
            for i, card in zip(order, row):
                if card.id in game.turn.resolved or not card.kind.effects_of(EffectType.ACTION):
                    continue
                tile = by_slot[i][0]
                options = self.action_options(card, row_ids, claimed)
                if options is None:                       # nothing to choose: "points N"
                    resolutions.append((card.id, ()))
                    continue
                chosen = answers.get((ACTION, tile.square, tile.seen.uid))
                if chosen not in options:
                    question = q.Question(ACTION, f"{player.name}: resolve the Action effect of {card.name} "
                                          f"({self.effects_text(card)}) now?", tuple(options),
                                          (tile.square,), {"uid": tile.seen.uid, "card": self.tags[card.id]})
                    return Assessment("ask", squares, question=question, message=question.prompt)
                returns = options[chosen]
                if returns is None:
                    continue
                claimed.update(returns)
                resolutions.append((card.id, returns))
                draws = draws or card.kind.has("draw")
        if draws:
            # the drawn cards may join the word: the board stops after the effects
            move: tuple = (tuple(c.id for c in row), None, row_squares, tuple(resolutions))
            return Assessment("valid", squares, move=move, word_squares=slot_squares,
                              message="resolve the Action effects, then lay the word")
        if len(row) < 2:
            return Assessment("invalid", squares, at_fault=squares, message="a word needs at least two cards")
        exclude = () if self.phase_is("LAST_WORD") else game.banked_words
        words = row_spellings(row, game.dictionary, exclude)
        first = by_slot[order[0]][0]
        chosen = answers.get((WORD, first.square, first.seen.uid))
        if chosen in words:
            words = [chosen]
        letters = " ".join(c.kind.letters or "?" for c in row)
        if not words:
            return Assessment("invalid", squares, at_fault=squares,
                              message=f"no word fits the cards {letters}" + (" (banked words excluded)" if exclude else ""))
        value = sum(c.kind.points for c in row)
        if len(words) > 1:
            named = spellings_named(words)
            if live:
                return Assessment("ask", squares, message=f"the cards spell {named(8)}")
            question = q.Question(WORD, f"The cards spell {named(12)}: which word is it?", tuple(words),
                                  (first.square,), {"uid": first.seen.uid})
            return Assessment("ask", squares, question=question, message=question.prompt)
        move = (tuple(c.id for c in row), words[0], row_squares, tuple(resolutions))
        return Assessment("valid", squares, move=move, score=value, word_squares=slot_squares,
                          message=f"{words[0]}: {value} points")

    def _cards_tagged(self, tiles) -> dict[int, tuple] | Assessment:
        """The sensor board: each card in a slot by its tag, ``{slot: (tile, card id)}``, or why
        the cards laid are refused."""
        squares = tuple(t.square for t in tiles)
        by_slot: dict[int, tuple] = {}
        for tile in tiles:
            name = tile.seen.tile
            if name is None or not name.startswith("card:") or name[5:] not in self.card_of:
                what = "could not be read" if name is None else f"is not a card of this set ({name})"
                return Assessment("invalid", squares, at_fault=(tile.square,),
                                  message=f"the card on {square_names([tile.square])} {what}: lay it again")
            slot = self.slot_of.get(tile.square)
            if slot is None:
                return Assessment("invalid", squares, at_fault=(tile.square,),
                                  message=f"lay the card on {square_names([tile.square])} in a card slot")
            if slot in by_slot:
                return Assessment("invalid", squares, at_fault=(tile.square, by_slot[slot][0].square),
                                  message=f"two cards in slot {slot + 1}")
            by_slot[slot] = (tile, self.card_of[name[5:]])
        return by_slot

    def _cards_seen(self, tiles, answers: Mapping, live: bool) -> dict[int, tuple] | Assessment:
        """The camera alone: the slots that hold a card, ``{slot: (tile, card id)}``; or a
        question, or why the cards laid are refused.

        The camera sees that a slot is covered, not which card covers it (a card covers its
        slot's squares; each card laid is a new mark, :meth:`camera_blocks`). A card that lay
        in the row when the board last took it (a card that drew and stays for the word) is the
        same card; one of an earlier turn, no longer the player's, is to be taken away; any other
        is of the kind the player says (a question per slot, in reading order), taken from the
        player's usable cards, the first of that kind not yet in the row."""
        squares = tuple(t.square for t in tiles)
        in_slot: dict[int, list] = {}
        for tile in sorted(tiles, key=lambda t: t.square):
            slot = self.slot_of.get(tile.square)
            if slot is None:
                return Assessment("invalid", squares, at_fault=(tile.square,),
                                  message=f"lay the card on {square_names([tile.square])} in a card slot")
            in_slot.setdefault(slot, []).append(tile)
        for index, here in in_slot.items():
            # the card is named by its slot's reader square (where the sensor board reads its tag)
            reader = self.reader_square(index)
            here.sort(key=lambda t: bool(t.square != reader))
        player = self.game.current
        usable = list(self.usable_cards())
        known = {c.id for c in usable}
        taken: set[int] = set()
        by_slot: dict[int, tuple] = {}
        stale: list = []
        for slot in sorted(in_slot):
            here = in_slot[slot]
            was = [self._camera_cards[(t.square, t.seen.uid)] for t in here if (t.square, t.seen.uid) in self._camera_cards]
            if was:
                if was[0] in known and was[0] not in taken:
                    taken.add(was[0])
                    by_slot[slot] = (here[0], was[0])
                else:
                    stale += [t.square for t in here]
        if stale:
            return Assessment("invalid", squares, at_fault=tuple(stale),
                              message=f"not {player.name}'s cards: take the cards of the last turn away")
        for slot in sorted(in_slot):
            if slot in by_slot:
                continue
            tile = in_slot[slot][0]
            left = [c for c in usable if c.id not in taken]
            said = answers.get((q.CARD, tile.square, tile.seen.uid))
            card = next((c for c in left if c.kind.name == said), None)
            if card is None:
                kinds = tuple(dict.fromkeys(c.kind.name for c in left))
                if not kinds:
                    return Assessment("invalid", squares, at_fault=tuple(t.square for t in in_slot[slot]),
                                      message=f"more cards than {player.name} has: take the cards of the last turn away")
                if live:
                    return Assessment("ask", squares, message=f"cards in {len(in_slot)} slots: which cards they are is "
                                                              "asked when the turn ends")
                question = q.Question(q.CARD, f"{player.name}: which card is in slot {slot + 1}?", kinds,
                                      (tile.square,), {"uid": tile.seen.uid})
                return Assessment("ask", squares, question=question, message=question.prompt)
            taken.add(card.id)
            by_slot[slot] = (tile, card.id)
        self._seen_row = {by_slot[slot][1]: tuple((t.square, t.seen.uid, t.seen.tile) for t in in_slot[slot])
                          for slot in by_slot}
        return by_slot

    def footprint(self, square) -> tuple:
        """The squares a card laid on ``square`` covers: its slot (the square alone off the slots)."""
        slot = self.slot_of.get(tuple(square))
        return tuple(self.slots[slot]) if slot is not None else (tuple(square),)

    def camera_blocks(self) -> tuple:
        """To the camera alone one card looks like another, and covers its slot whole: the slots."""
        return tuple(self.slots) if self.camera_alone else ()

    def committed_as_sensed(self) -> dict:
        """The committed cards as the sensing sees them: their tags' names for the sensor board;
        for the camera alone, every square each card covered with what the camera read there
        (any reading of a covered square counts: the camera cannot read a card). A card the
        camera has not seen laid (a game resumed after a power cut) covers its whole slot, seen
        as a tile with no letter."""
        if not self.camera_alone:
            return self.committed_tiles()
        if self.phase_is("PLAY", "LAST_WORD", "OVER"):
            return {}
        sensed: dict = {}
        for card in self.game.table:
            if card.id in self._camera_seen:
                sensed.update({square: name or "?" for square, _uid, name in self._camera_seen[card.id]})
            elif card.id in self.where:
                sensed.update({square: "?" for square in self.footprint(self.where[card.id])})
        return sensed

    @staticmethod
    def effects_text(card) -> str:
        from wordboard.dexikon.cards import EffectType

        return ", ".join(str(e) for e in card.kind.effects_of(EffectType.ACTION))

    def action_options(self, card, row_ids, claimed) -> dict[str, tuple[int, ...] | None] | None:
        """The player's choices for a card's Action effects, each with the cards (ids) it returns
        (None: the effect is not resolved); None when there is nothing to choose ("points N").

        "return N" returns up to N cards from the hand (not in the row; those first: an empty
        hand is worth a point) or the discard pile: the choices name kinds, Penalties first, then
        core cards, then pool cards by points, at most :data:`MAX_RETURN_CHOICES` of them."""
        from itertools import combinations_with_replacement

        from wordboard.dexikon.cards import EffectType

        effects = card.kind.effects_of(EffectType.ACTION)
        limit = sum(e.amount for e in effects if e.kind == "return")
        others = [str(e) for e in effects if e.kind != "return"]
        if not limit and not any(e.kind == "draw" for e in effects):
            return None
        options: dict[str, tuple[int, ...] | None] = {}
        if not limit:
            options["resolve (" + ", ".join(others) + ")"] = ()
            options["not now"] = None
            return options
        player = self.game.current
        loose = [c for c in player.hand if c.id not in row_ids and c.id not in claimed] \
            + [c for c in player.discard if c.id not in claimed]
        by_kind: dict[str, list[int]] = {}
        kinds = {}
        for c in loose:
            by_kind.setdefault(c.kind.name, []).append(c.id)
            kinds[c.kind.name] = c.kind
        ranked = sorted(kinds, key=lambda n: (not kinds[n].is_penalty, not kinds[n].is_core, kinds[n].points, n))
        also = (" and " + ", ".join(others)) if others else ""
        for size in range(min(limit, len(loose)), 0, -1):
            for combo in combinations_with_replacement(ranked, size):
                if any(combo.count(n) > len(by_kind[n]) for n in set(combo)):
                    continue
                if len(options) >= MAX_RETURN_CHOICES:
                    break
                taken: dict[str, int] = {}
                ids = []
                for n in combo:
                    ids.append(by_kind[n][taken.get(n, 0)])
                    taken[n] = taken.get(n, 0) + 1
                options["return " + " ".join(combo) + also] = tuple(ids)
        options[("return nothing" + also) if others else "return nothing"] = ()
        if others:
            options["not now"] = None
        return options

    def commit(self, assessment: Assessment) -> Committed:
        from wordboard.dexikon.engine import DeclareWord, PlayCards, ResolveAction

        game = self.game
        codec = self.jgame.codec
        row_ids, word, row_squares, resolutions = assessment.move
        before = len(game.log)
        if self.camera_alone:
            for cid in row_ids:
                seen = self._seen_row.get(cid, ())
                self._camera_seen[cid] = seen
                self._camera_cards.update({(square, uid): cid for square, uid, _name in seen})
        player = game.current
        if self.phase_is("PLAY"):
            in_hand = tuple(i for i in row_ids if any(c.id == i for c in player.hand))
            if in_hand:
                self.jgame.play(PlayCards(in_hand))
            for cid, returns in resolutions:
                self.jgame.play(ResolveAction(cid, returns))
        if word is None:
            # Action effects only (a card drew): the word is laid next, with the drawn cards if wanted
            hand = " ".join(self.tags[c.id] for c in player.hand) or "none"
            return Committed((), (self._news(before) or f"{player.name} plays cards")
                             + f". {player.name}'s hand: {hand}. Lay the word (the cards drawn may join it) "
                             "and end the turn")
        declare = DeclareWord(tuple(row_ids), word)
        self.jgame.record("move", {**codec.encode_move(declare), "squares": [square_name(s) for s in row_squares]})
        self.where = dict(zip(row_ids, row_squares))
        self.proposals_committed += 1
        self.last_committed_move = declare
        return Committed(tuple(row_squares), self._news(before) or f"{player.name} declares {word}")

    def _news(self, before: int) -> str:
        return "; ".join(self.game.log[before:])

    # -- the phases ----------------------------------------------------------------------------

    def turn_question(self) -> q.Question | None:
        from wordboard.dexikon import engine as e

        game = self.game
        d = game.pending
        name = game.players[d.player].name if not isinstance(d, e.GameOver) else ""
        ctx = {"phase": game.phase.name, "seq": self.jgame.seq}
        if isinstance(d, e.WordChoice):
            return q.Question(DECISION, f"{name}: which word do the cards spell?", tuple(d.words), (), ctx)
        if isinstance(d, e.ChallengeDecision):
            who = ", ".join(game.players[i].name for i in d.challengers)
            return q.Question(DECISION, f"{who}: does anyone challenge {name}'s word {d.word}?",
                              ("accept",) + tuple(self.challenge_choices(d.challengers)), (), ctx)
        if isinstance(d, e.DefendDecision):
            return q.Question(DECISION, f"{name}: {d.word} is challenged: concede, or insist (the dictionary "
                              "decides)?", ("concede", "insist"), (), ctx)
        if isinstance(d, e.ResponseDecision):
            return q.Question(DECISION, f"{name}: show your Response card against "
                              f"{', '.join(c.name for c in d.attacks)}?", ("show", "no"), (), ctx)
        if isinstance(d, e.PointsDecision):
            choices = ("spend",) + (("bank",) if d.can_bank else ()) + (("refresh pool",) if d.can_refresh else ())
            return q.Question(DECISION, f"{name}: {d.word} is worth {d.value} points: spend them, or bank the "
                              "word (half the points to spend)?", choices, (), ctx)
        if isinstance(d, e.BuyDecision):
            choices = tuple(d.buyable) + (() if d.must_buy else ("done",))
            return q.Question(DECISION, f"{name}: buy a card ({d.budget} points left): "
                              + ", ".join(f"{n} ({game.card_set.kind(n).cost})" for n in d.buyable),
                              choices or ("done",), (), ctx)
        if isinstance(d, e.KeepDecision):
            return q.Question(DECISION, f"{name}: which pool card do you keep?",
                              tuple(self.tags[c.id] for c in d.pool), (), ctx)
        if isinstance(d, e.EndReturnDecision):
            return q.Question(DECISION, f"{name}: return up to {d.limit} cards not used in your last word "
                              f"({' '.join(self.tags[c.id] for c in d.cards)}), or none", (), (), ctx)
        return None

    def challenge_choices(self, challengers) -> dict[str, tuple[int, ...]]:
        """The answers that challenge a word, each with who challenges: "challenge" when one
        player can; with more, one answer per group of them ("challenge: Blaise", "challenge:
        Blaise and Cleo"), so the challenge is recorded as made by whoever made it."""
        from itertools import combinations

        if len(challengers) == 1:
            return {"challenge": tuple(challengers)}
        names = self.game.players
        return {"challenge: " + " and ".join(names[i].name for i in group): group
                for size in range(1, len(challengers) + 1) for group in combinations(challengers, size)}

    def challenge(self, by: int | None = None) -> Committed | str | None:
        """The challenge button (``by``: the player whose button was pressed with it, or the
        player button alone, see :meth:`player_button`): the declared word is challenged by that
        player. Without ``by`` it is the opponent when there is one; with more, the board asks who
        challenges (the question's answers, or each challenger's own button)."""
        from wordboard.dexikon import engine as e

        game = self.game
        d = game.pending
        if not isinstance(d, e.ChallengeDecision):
            return "no word waits for a challenge now"
        if by is None:
            if len(d.challengers) > 1:
                return "who challenges? Answer the question, or press your own player button"
            by = d.challengers[0]
        if by not in d.challengers:
            return f"{game.players[by].name if 0 <= by < len(game.players) else 'that player'} cannot " \
                   f"challenge {game.players[d.player].name}'s word"
        before = len(game.log)
        self.jgame.play(e.Challenge((by,)))
        return Committed((), self._news(before))

    def player_button(self, player: int) -> Committed | str | None:
        """A player's own button while a word waits for a challenge: that player challenges it
        (one button per player, so the challenge is recorded as theirs); otherwise nothing of
        its own."""
        from wordboard.dexikon import engine as e

        if not isinstance(self.game.pending, e.ChallengeDecision):
            return None
        return self.challenge(player)

    def _action_for(self, value: str):
        from wordboard.dexikon import engine as e

        game = self.game
        d = game.pending
        if isinstance(d, e.WordChoice):
            return e.ChooseWord(value)
        if isinstance(d, e.ChallengeDecision):
            if value == "accept":
                return e.AcceptWord()
            return e.Challenge(self.challenge_choices(d.challengers)[value])
        if isinstance(d, e.DefendDecision):
            return e.Concede() if value == "concede" else e.Insist()
        if isinstance(d, e.ResponseDecision):
            return e.Respond(d.player, None if value == "show" else ())
        if isinstance(d, e.PointsDecision):
            return {"spend": e.Spend(), "bank": e.Bank(), "refresh pool": e.RefreshPool()}[value]
        if isinstance(d, e.BuyDecision):
            return e.EndTurn() if value == "done" else e.Buy(value)
        if isinstance(d, e.KeepDecision):
            return e.KeepPoolCard(self.card_of[value])
        if isinstance(d, e.EndReturnDecision):
            names = [] if value.strip().lower() == "none" else value.split()
            return e.EndReturn(tuple(self.card_of[n] for n in names))
        raise ValueError(value)

    def answer_turn(self, question: q.Question, value: str):
        from wordboard.dexikon.engine import GiveUp, IllegalAction

        game = self.game
        before = len(game.log)
        who = game.current.name
        if question.kind == DECISION:
            who = game.players[game.pending.player].name
            if question.context.get("phase") != game.phase.name:
                return None
            try:
                action = self._action_for(value)
                game.check(action)
            except (ValueError, KeyError, IllegalAction) as exc:
                again = self.turn_question()
                if again is None:
                    return None
                return q.Question(again.kind, f"{exc}. {again.prompt}", again.choices, again.squares, again.context)
            self.jgame.play(action)
            return Committed((), self._news(before) or f"{who}: {value}")
        if question.kind == q.TURN and value in ("give up", "no last word"):
            if not game.is_legal(GiveUp()):
                return None
            self.jgame.play(GiveUp())
            return Committed((), self._news(before) or f"{who} gives up")
        return None

    def nothing_placed(self) -> q.Question | None:
        game = self.game
        if self.phase_is("OVER"):
            return None
        who = game.current.name
        if self.phase_is("PLAY"):
            return q.Question(q.TURN, f"No card was laid. {who}: give up this turn (no word), or carry on?",
                              ("give up", "carry on"))
        if self.phase_is("LAST_WORD"):
            return q.Question(q.TURN, f"No card was laid. {who}: no last word, or carry on?",
                              ("no last word", "carry on"))
        return self.turn_question()

    def undo(self):
        return None

    def hint(self) -> tuple:
        from wordboard.dexikon.words import find_words, for_people

        if not self.phase_is("PLAY"):
            return ()
        options = for_people(find_words(self.usable_cards(), self.game.dictionary, limit=40,
                                        exclude=self.game.banked_words, empty_hand_bonus=True))
        return tuple(s for i in range(len(options[0].cards)) for s in self.slots[i]) if options else ()

    # -- telling the table ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.result is not None

    def player_to_move(self) -> str:
        game = self.game
        if self.phase_is("LAST_WORD"):
            return f"{game.current.name} (last word: lay it from all your cards)"
        if self.phase_is("PLAY"):
            hand = " ".join(self.tags[c.id] for c in game.current.hand)
            return f"{game.current.name} (hand: {hand})"
        return game.current.name

    def scores_text(self) -> str:
        game = self.game
        parts = []
        for p in game.players:
            banked = sum(b.value for b in p.sheet.banked)
            parts.append(f"{p.name}: {len(p.sheet.banked)} banked ({banked})")
        return "   ".join(parts) + f"   (to end: {game.variant.words_to_end} banked words)"

    def board_text(self, highlight=()) -> str:
        """The score sheets, the pool and the card row."""
        game = self.game
        lines = ["score sheets:"]
        for p in game.players:
            sheet = p.sheet
            words = ", ".join(f"{b.word} {b.value}" for b in sheet.banked) or "-"
            last = f"; last word {sheet.last_word} {sheet.last_word_value}" if sheet.last_word else ""
            lines.append(f"  {p.name}{' (first)' if sheet.first else ''}: banked {words}; challenges won "
                         f"{sheet.challenges_won}{last}; cards {len(p.cards())}")
        lines.append("pool: " + ", ".join(f"{c.kind.name} ({c.kind.cost})" for c in game.pool))
        table = game.table
        if table:
            lines.append("on the table: " + " ".join(self.tags[c.id] for c in table))
        return "\n".join(lines)

    def result_text(self) -> str:
        r = self.game.result
        if r is None:
            return ""
        scores = ", ".join(f"{s.name} {s.total}" for s in r.scores)
        winners = " and ".join(s.name for place, s in r.places if place == 1)
        return f"game over: {scores}; {winners} win{'s' if ' and ' not in winners else ''}"

    def winner_squares(self) -> tuple:
        return tuple(s for squares in self.slots for s in squares)


# -- the players -----------------------------------------------------------------------------------

class DexikonPlayers(TablePlayers):
    """Players who lay the best word their cards spell (one of the best few) in the slots and
    decide the phases as the automatic player does (now and then a challenge)."""

    def __init__(self, controller, table, **kw):
        super().__init__(controller, table, **kw)
        from wordboard.dexikon.autoplay import AutoPlayer

        self.auto = AutoPlayer(random.Random(self.seed), challenge_rate=0.15)

    def wants_move(self) -> bool:
        return self.adapter.phase_is("PLAY", "LAST_WORD")

    def _plan_tidy(self, actions: list, t: float) -> float:
        """Seen by the camera alone, the last turn's cards are taken away one by one (all at
        once looks like a hand over the board), and the new ones are laid once the board shows
        the slots empty (laid in their place before the camera saw them gone, they would look to
        it like the cards of the last turn)."""
        if not self.adapter.camera_alone:
            return super()._plan_tidy(actions, t)
        want = self.adapter.committed_tiles()
        for square in sorted(s for s, (_uid, name) in self.table.tiles.items() if want.get(s) != name):
            actions.append((t, lambda s=square: self.table.take(s), "take away"))
            t += 2.5
        actions.append((t, self._tidy, "tidy"))
        actions.append((t + 0.5, self._slots_seen_clear, "look at the board"))
        return t + 1.0

    def _slots_seen_clear(self) -> NotYet | None:
        """The players look at the board (the screen shows what it sees): not yet while it still
        sees a card in a slot that holds none."""
        seen = set(self.controller.board.observed)
        held = set(self.adapter.committed_as_sensed())
        left = any(square in seen and square not in held for slot in self.adapter.slots for square in slot)
        return NotYet(0.5) if left else None

    def give_up(self, intent: Intent) -> Intent:
        """No word this turn - or, in the last words, no last word (the board's question then
        offers "no last word", not "give up")."""
        return Intent(None, turn_answer="no last word" if self.adapter.phase_is("LAST_WORD") else "give up")

    def _free_near(self, square):
        return [s for s in self.table.empty_squares_near(square) if s in self.adapter.slot_of]

    def intend(self, rng):
        from wordboard.dexikon.engine import DeclareWord, GiveUp
        from wordboard.dexikon.words import best_last_word, find_words
        from wordboard.extradiction.wordfilter import is_unsuitable

        adapter = self.adapter
        game = self.game
        # the demo never lays a word unsuitable for children (the shared offensive-word list),
        # its last word included
        if adapter.phase_is("LAST_WORD"):
            option = best_last_word(adapter.usable_cards(), game.dictionary, unsuitable=is_unsuitable)
            options = [option] if option is not None else []
            if option is not None and len(option.cards) > len(adapter.slots):   # more cards than slots
                best = sorted(adapter.usable_cards(), key=lambda c: (-c.kind.points, c.kind.is_penalty, c.id))
                options = find_words(best[:len(adapter.slots)], game.dictionary, limit=1, unsuitable=is_unsuitable)
            answer = "no last word"
        else:
            options = find_words(adapter.usable_cards(), game.dictionary, limit=13, exclude=game.banked_words,
                                 empty_hand_bonus=True)
            options = [o for o in options if 2 <= len(o.cards) <= len(adapter.slots)
                       and not is_unsuitable(o.word)][:3]
            answer = "give up"
        if not options:
            return Intent(GiveUp(), turn_answer=answer)
        option = rng.choice(options)
        # The first cards of each kind in hand, whichever way the table is sensed: the camera
        # alone cannot tell two cards of a kind apart, and takes the first of the kind said (a
        # game played the same way with the sensor board is then the same game, card for card).
        left = list(adapter.usable_cards())
        cards = []
        for card in option.cards:
            same = next(c for c in left if c.kind.name == card.kind.name)
            left.remove(same)
            cards.append(same)
        ids = tuple(c.id for c in cards)
        tiles = {adapter.reader_square(i): adapter.name_of(c) for i, c in enumerate(cards)}
        return Intent(DeclareWord(ids, option.word), tiles, {(WORD, None): option.word})

    def decide(self, question):
        from wordboard.dexikon import engine as e

        if question.kind == ACTION:
            return self._resolve_or_not(question)
        if question.kind == q.CARD:
            return self._kind_laid(question)
        if question.kind != DECISION:
            return super().decide(question)
        game = self.game
        if question.context.get("phase") != game.phase.name:
            return None
        # its random numbers from the game's seed and the journal's position, as every choice of
        # the twin's players: a game resumed after a power cut chooses as the uninterrupted one
        self.auto.rng = self._rng(23)
        action = self.auto.choose(game)
        adapter = self.adapter
        if isinstance(action, e.ChooseWord):
            return action.word
        if isinstance(action, e.AcceptWord):
            return "accept"
        if isinstance(action, e.Challenge):
            choices = adapter.challenge_choices(game.pending.challengers)
            return next(label for label, who in choices.items() if set(who) == set(action.challengers))
        if isinstance(action, e.Concede):
            return "concede"
        if isinstance(action, e.Insist):
            return "insist"
        if isinstance(action, e.Respond):
            return "show" if action.ignored is None else "no"
        if isinstance(action, e.RefreshPool):
            return "refresh pool"
        if isinstance(action, e.Spend):
            return "spend"
        if isinstance(action, e.Bank):
            return "bank"
        if isinstance(action, e.Buy):
            return action.name
        if isinstance(action, e.EndTurn):
            return "done"
        if isinstance(action, e.KeepPoolCard):
            return adapter.tags[action.card]
        if isinstance(action, e.EndReturn):
            return " ".join(adapter.tags[i] for i in action.cards) or "none"
        return question.choices[0] if question.choices else "none"

    def _kind_laid(self, question) -> str | None:
        """The camera alone asks which card lies in a slot: the kind of the card laid there."""
        names = [self.table.tiles[s][1] for s in self.adapter.footprint(question.squares[0]) if s in self.table.tiles]
        if not names or not names[0].startswith("card:"):
            return None
        card_id = self.adapter.card_of.get(names[0][5:])
        kind = next((c.kind.name for c in self.game.cards if c.id == card_id), None)
        return kind if kind is not None and question.accepts(kind) else None

    def _resolve_or_not(self, question) -> str:
        """A card's Action effect: "return" gives back Penalties only (the most offered, else
        nothing); a card that draws is resolved unless the word meant uses every card in hand
        (drawing would cost the empty-hand point)."""
        choices = question.choices
        returns = [c for c in choices if c.startswith("return ") and not c.startswith("return nothing")]
        penalties = [c for c in returns if all(self.game.card_set.kind(n).is_penalty
                                               for n in c.split(" and ")[0].split()[1:])]
        if penalties:
            return penalties[0]
        if "not now" in choices:
            plan = self.plan
            move = plan.intent.move if plan is not None else None
            row = getattr(move, "row", None)
            if row is not None and len(row) == len(self.adapter.usable_cards()):
                return "not now"
        keep = [c for c in choices if c.startswith("return nothing") or c.startswith("resolve")]
        return keep[0] if keep else choices[0]

    def wrong_square(self, intent, rng):
        """A card of the word laid one slot too far on (a gap in the row): refused until it is
        put back."""
        if len(intent.tiles) < 2:
            return None
        adapter = self.adapter
        n = len(intent.tiles)
        if n + 1 >= len(adapter.slots):
            return None
        return adapter.reader_square(n - 1), adapter.reader_square(n)
