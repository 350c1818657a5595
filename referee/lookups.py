"""Fill an engine's dictionary requests (see docs/ENGINE.md) from referee.lexicon."""

from .engine.errors import BadAction


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
        filled[field] = lexicon.answer(request, options, table_words(table))
    return filled


def table_words(table) -> set:
    """Words the table uploaded as its own list (empty until it uploads one)."""
    from .store import word_list

    uploaded = word_list(table)
    return set(uploaded.words.split("\n")) if uploaded and uploaded.words else set()
