"""Challenges on Dexikon's table path with three players (issue 21): the challenge is recorded as
made by whoever challenged (the question names each group of challengers; or the challenger's
own player button, alone or with the challenge button), the Penalty and the bonus mark go to the right players,
and the messages name them."""

from __future__ import annotations

from tests.dexikon.helpers import set_hand
from tests.dexikon.table_helpers import Table, answers, table_session
from wordboard.dexikon.engine import Phase

PLAYERS = ("Ada", "Blaise", "Cleo")


def lay_hat(table):
    game = table.game
    me = game.current.index
    cards = set_hand(game, me, "H", "AT", "AT")
    table.lay(cards)
    return me


def penalties(player):
    return sum(c.kind.is_penalty for c in player.cards())


def test_the_player_who_challenges_is_the_one_recorded(tmp_path):
    with table_session(tmp_path, players=PLAYERS) as s:
        table = Table(s)
        game = table.game
        me = lay_hat(table)
        second = game.players[(me + 2) % 3]           # not the next player clockwise
        table.answer = answers({"which word": "HAT", "does anyone challenge": f"challenge: {second.name}",
                                "is challenged": "insist"})
        before = [penalties(p) for p in game.players]
        table.end_turn(4)
        question = next(question for question in table.asked if "does anyone challenge" in question.prompt)
        nxt = game.players[(me + 1) % 3].name
        assert question.choices == ("accept", f"challenge: {nxt}", f"challenge: {second.name}",
                                    f"challenge: {nxt} and {second.name}")
        assert game.phase is Phase.USE_POINTS                    # CAT stands
        after = [penalties(p) for p in game.players]
        assert after[second.index] == before[second.index] + 1   # the challenger lost: a Penalty
        assert after[(me + 1) % 3] == before[(me + 1) % 3]       # ... not the next player
        assert game.players[me].sheet.challenges_won == 1
        text = "\n".join(table.said)
        assert f"{second.name} challenges {game.players[me].name}'s HAT" in text
        assert f"{second.name} gains a Penalty" in text and f"{nxt} gains" not in text


def test_two_challengers_of_a_word_each_gain_a_penalty_in_clockwise_order(tmp_path):
    with table_session(tmp_path, players=PLAYERS) as s:
        table = Table(s)
        game = table.game
        me = lay_hat(table)
        others = [game.players[(me + i) % 3] for i in (1, 2)]
        table.answer = answers({"which word": "HAT", "does anyone challenge":
                                f"challenge: {others[0].name} and {others[1].name}", "is challenged": "insist"})
        before = [penalties(p) for p in game.players]
        table.end_turn(4)
        assert game.phase is Phase.USE_POINTS
        assert [penalties(p) - b for p, b in zip(game.players, before)] == [0 if p.index == me else 1
                                                                             for p in game.players]
        assert game.players[me].sheet.challenges_won == 1
        text = "\n".join(table.said)
        assert f"{others[0].name} and {others[1].name} challenge {game.players[me].name}'s HAT" in text
        assert text.index(f"{others[0].name} gains a Penalty") < text.index(f"{others[1].name} gains a Penalty")


def test_the_challengers_button_says_who_challenges(tmp_path):
    with table_session(tmp_path, players=PLAYERS) as s:
        table = Table(s, answers({"which word": "HAT", "is challenged": "insist"}))
        game = table.game
        me = lay_hat(table)
        second = game.players[(me + 2) % 3]
        table.end_turn(3)
        assert game.phase is Phase.CHALLENGE
        table.press("challenge")                              # two could: the board asks who
        assert game.phase is Phase.CHALLENGE and any("who challenges" in line for line in table.said)
        table.press(f"player-{second.index + 1}", 0.2)
        table.press("challenge", 3)
        assert game.phase is Phase.USE_POINTS
        assert any(f"{second.name} challenges" in line for line in table.said)
        assert any(f"{second.name} gains a Penalty" in line for line in table.said)


def test_a_players_own_button_challenges_as_that_player(tmp_path):
    with table_session(tmp_path, players=PLAYERS) as s:
        table = Table(s, answers({"which word": "HAT", "is challenged": "insist"}))
        game = table.game
        me = lay_hat(table)
        nxt, second = game.players[(me + 1) % 3], game.players[(me + 2) % 3]   # not the next player clockwise
        table.end_turn(3)
        assert game.phase is Phase.CHALLENGE
        table.press(f"player-{me + 1}")                       # the word's own player: no challenge
        assert game.phase is Phase.CHALLENGE
        assert any(f"{game.players[me].name} cannot challenge" in line for line in table.said)
        before = [penalties(p) for p in game.players]
        table.press(f"player-{second.index + 1}", 3)          # their button alone: they challenge
        assert game.phase is Phase.USE_POINTS                  # HAT stands
        after = [penalties(p) for p in game.players]
        assert after[second.index] == before[second.index] + 1   # the challenger lost: a Penalty
        assert after[nxt.index] == before[nxt.index]             # ... not the next player
        assert game.players[me].sheet.challenges_won == 1        # the bonus mark to the word's player
        text = "\n".join(table.said)
        assert f"{second.name} challenges {game.players[me].name}'s HAT" in text
        assert f"{second.name} gains a Penalty" in text and f"{nxt.name} gains" not in text
        challenges = [e.data for e in s.journal.events(s.jgame.id) if e.data.get("action") == "Challenge"]
        assert challenges == [{"action": "Challenge", "challengers": [second.index]}]   # journalled as theirs
