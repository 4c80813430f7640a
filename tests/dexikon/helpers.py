"""Helpers for the Dexikon tests: build games and lay out chosen cards."""

from __future__ import annotations

from wordboard.dexikon.cards import Card
from wordboard.dexikon.engine import Game


def take(game: Game, name: str) -> Card:
    """Take a card of kind ``name`` out of the middle of the table (stacks, pool stack, returns,
    box), as a test's way of arranging a situation."""
    name = name.upper()
    places = [game.stacks.get(name, []), game.box, game.pool_stack, game.pool_returns]
    for place in places:
        for card in reversed(place):
            if card.kind.name == name:
                place.remove(card)
                return card
    raise LookupError(f"no spare {name} card")


def put_back(game: Game, card: Card) -> None:
    """Return a card to where it came from at setup (the opposite of :func:`take`)."""
    if game.solo and card.kind.is_penalty:
        game.box.append(card)                 # solo: the Penalty stack starts empty
    elif card.kind.name in game.stacks:
        game.stacks[card.kind.name].append(card)
    elif card.kind.is_core:
        game.box.append(card)
    else:
        game.pool_stack.insert(0, card)


def set_hand(game: Game, player: int, *names: str) -> list[Card]:
    """Replace ``player``'s hand by cards of the given kinds."""
    p = game.players[player]
    for card in p.hand:
        put_back(game, card)
    p.hand[:] = [take(game, n) for n in names]
    return list(p.hand)


def set_zone(game: Game, player: int, zone: str, *names: str) -> list[Card]:
    """Replace ``player``'s deck, discard pile or hand by cards of the given kinds.

    For the deck, the last name is the top card."""
    p = game.players[player]
    cards = getattr(p, zone)
    for card in cards:
        put_back(game, card)
    cards[:] = [take(game, n) for n in names]
    return list(cards)


def set_pool(game: Game, *names: str) -> list[Card]:
    for card in game.pool:
        put_back(game, card)
    game.pool[:] = [take(game, n) for n in names]
    return list(game.pool)


def ids(cards) -> tuple[int, ...]:
    return tuple(c.id for c in cards)


def check_conservation(game: Game) -> None:
    """Every card of the box is in exactly one place."""
    seen: dict[int, str] = {}
    for zone, cards in game.zones().items():
        for card in cards:
            assert card.id not in seen, f"{card!r} is in {zone} and in {seen[card.id]}"
            seen[card.id] = zone
    assert len(seen) == len(game.cards) == game.card_set.count()


def pool_stack_top(game: Game, *names: str) -> None:
    """Put cards of these kinds on top of the pool stack (the last name is dealt first)."""
    for name in names:
        card = next((c for c in game.pool_stack if c.kind.name == name.upper()), None)
        if card is None:
            card = take(game, name)
        else:
            game.pool_stack.remove(card)
        game.pool_stack.append(card)
