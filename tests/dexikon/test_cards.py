"""The card set: wordboard's stand-in and owners' files, checked on load."""

from __future__ import annotations

import pytest

from wordboard.dexikon.cards import EffectType, Role, load_card_set, parse_card_set
from wordboard.errors import DataFileError, UserError

MINIMAL = """\
name: test set
[core]
penalty: PENALTY
cards:
AT       AT  1  0  4
ES       ES  1  0  4
IOU      IOU 1  0  4
PENALTY  ?   0  0  8
[pool]
cards:
C        C   2  3  2  return 1
[start]
deck: AT 2, ES 2, IOU 2, PENALTY 4
"""


def test_box_contents_71_core_and_53_pool_cards(card_set):
    """Components: "71 Core Cards, 53 Pool Cards"."""
    assert card_set.count() - card_set.count(Role.POOL) == 71
    assert card_set.count(Role.POOL) == 53


def test_standin_is_labelled_as_wordboards_own(card_set):
    assert "stand-in" in card_set.name and "not the published" in card_set.name
    assert "stand-in" in card_set.notice


def test_starting_deck_is_2_at_2_es_2_iou_4_penalties(card_set):
    """Setup: "a 10 card starting deck: 2 of each of the AT, ES and IOU cards, and 4 ? (Penalty)
    cards"."""
    assert dict(card_set.starting_deck) == {"AT": 2, "ES": 2, "IOU": 2, "PENALTY": 4}


def test_core_cards_are_choices_worth_one_penalties_wild_worth_zero(card_set):
    for name, letters in (("AT", "AT"), ("ES", "ES"), ("IOU", "IOU")):
        kind = card_set.kind(name)
        assert (kind.letters, kind.points, kind.cost, kind.effects) == (letters, 1, 0, ())
    penalty = card_set.penalty_kind
    assert penalty.is_wild and penalty.points == 0 and penalty.is_penalty
    special = card_set.special_penalty_kind
    assert special.is_wild and special.is_penalty and special.points > penalty.points


@pytest.mark.parametrize("letter", "BCRFXY")
def test_known_return_cards(card_set, letter):
    """"Six cards (B, C, R, F, X and Y) allow you to 'return' cards when resolved"."""
    assert card_set.kind(letter).has("return")


@pytest.mark.parametrize("letter", "MVZ")
def test_known_attack_cards(card_set, letter):
    """"The Attack cards (M, V and Z)"."""
    assert card_set.kind(letter).effects_of(EffectType.ATTACK)


def test_known_end_of_game_cards(card_set):
    """"1 or 2 for each N or P card"; B: "return two cards ... not used in your last word";
    L matters in solo play."""
    assert card_set.kind("N").amount("bonus") == 1
    assert card_set.kind("P").amount("bonus") == 2
    assert card_set.kind("B").amount("end-return") == 2
    assert card_set.kind("L").has("solo-ward")


def test_every_pool_card_has_an_effect(card_set):
    """"Except for the core cards ... every card in Dexikon has an effect"."""
    assert all(k.effects for k in card_set.pool_kinds)
    assert all(k.cost > 0 for k in card_set.pool_kinds)


def test_owner_file_loads(tmp_path):
    path = tmp_path / "mybox.cards"
    path.write_text(MINIMAL, encoding="utf-8")
    cards = load_card_set(path)
    assert cards.kind("c").describe() == "C [C] 2 pt, cost 3: return 1"
    assert cards.special_penalty is None


@pytest.mark.parametrize("change, line, message", [
    (("C        C   2  3  2  return 1", "C        C   2  0  2"), 11, "only core cards cost 0"),
    (("C        C   2  3  2  return 1", "C        C   2  3  2  fly 2"), 11, "unknown effect 'fly'"),
    (("C        C   2  3  2  return 1", "C        C   2  3  2  return"), 11, "return N"),
    (("C        C   2  3  2  return 1", "C        C   2  3  2  attack 2"), 11, "takes no number"),
    (("C        C   2  3  2  return 1", "C        C   two  3  2"), 11, "points 'TWO'"),
    (("C        C   2  3  2  return 1", "C        C1  2  3  2"), 11, "letters"),
    (("C        C   2  3  2  return 1", "C  C"), 11, "expected 'name letters"),
    (("ES       ES  1  0  4", "AT       ES  1  0  4"), 6, "listed twice (first on line 5)"),
    (("IOU      IOU 1  0  4", "IOU      IOU 1  2  4"), 7, "core cards cost 0"),
    (("deck: AT 2, ES 2, IOU 2, PENALTY 4", "deck: AT 2, C 1"), 13, "not a core card"),
    (("deck: AT 2, ES 2, IOU 2, PENALTY 4", "deck: AT 9"), 13, "only 4"),
    (("penalty: PENALTY", "penalty: AT"), 3, "must be a '?' card"),
    (("name: test set", "name: test set\ncolour: red"), 2, "unknown key 'colour'"),
])
def test_card_set_errors_name_the_line(change, line, message):
    old, new = change
    assert old in MINIMAL
    with pytest.raises(DataFileError) as err:
        parse_card_set(MINIMAL.replace(old, new), "box.cards")
    assert err.value.line == line
    assert message in err.value.problem
    assert str(err.value).startswith(f"box.cards:{line}: ")


def test_totals_are_checked():
    with pytest.raises(DataFileError, match="has 2 cards but total-pool says 53"):
        parse_card_set("total-pool: 53\n" + MINIMAL)


def test_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="Dexikon card set not found"):
        load_card_set(tmp_path / "none.cards")
