"""Fill an engine's dictionary requests (see docs/ENGINE.md) from referee.lexicon and the
Word Power decks, and keep the cards a host types during play for later games."""

import os

from .engine.errors import BadAction

_typed_cards_file: str | None = None


def configure(instance_path: str):
    """Cards typed by hosts are kept in the instance folder, beside the database."""
    global _typed_cards_file
    _typed_cards_file = os.path.join(instance_path, "word_power_typed_cards.txt")


def fill(needs: dict, options: dict, table) -> dict:
    """Field -> verdict for each request; the client can never supply these itself."""
    if not needs:
        return {}
    try:
        from . import lexicon
    except ImportError:
        raise BadAction("The dictionaries are not installed on this server.") from None
    filled = {}
    for field, request in needs.items():
        if isinstance(request, dict) and "card" in request:
            filled[field] = deck_card(request["card"])
        else:
            filled[field] = lexicon.answer(request, options, table_words(table))
    return filled


def deck_card(key: str):
    """The Word Power card for a key word: typed cards first, then the shipped decks."""
    from .games.word_power import deck

    return deck.lookup(key, table_file=_typed_cards_file)


def keep_typed_cards(before: dict, after: dict):
    """Save the cards a host typed in this action so that later games know them."""
    typed = after.get("typed_cards") if isinstance(after, dict) else None
    if not typed or _typed_cards_file is None:
        return
    from .games.word_power import deck

    for card in typed[len(before.get("typed_cards") or []):]:
        deck.save_card(card, _typed_cards_file)


def table_words(table) -> set:
    """Words the table uploaded as its own list (empty until it uploads one)."""
    from .roster import word_list

    uploaded = word_list(table)
    return set(uploaded.words.split("\n")) if uploaded and uploaded.words else set()
