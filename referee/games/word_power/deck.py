"""Word Power deck files: read the sample decks, look a card up by key word, save a host-typed card.

This module reads and writes files, so the engine never imports it; the web layer uses it to fill
the engine's `{"card": key}` look-up request and to save the cards a host types during play
(the engine lists them in `state["typed_cards"]`). Format: dictionaries/word_power/README.md.
"""

import re
from pathlib import Path

from referee.paths import resource

DECK_DIR = Path(resource("dictionaries")) / "word_power"
COLOURS = ("blue", "black", "red")
ANSWER = re.compile(r"[SA][1-4]")
FIELDS = 8


class DeckError(ValueError):
    """A deck line or a typed card that does not follow the format."""


def parse_line(line: str, where: str = "") -> dict | None:
    """One card from a line, or None for a blank line or a # comment."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    parts = [p.strip() for p in line.split("|")]
    if len(parts) != FIELDS:
        raise DeckError(f"{where}: expected {FIELDS} fields separated by '|', found {len(parts)}.")
    colour, key, *words, answer, definition = parts
    return check_card({"key": key, "words": words, "answer": answer, "definition": definition,
                       "colour": colour}, where)


def check_card(card: dict, where: str = "typed card") -> dict:
    """The card, normalised (lower-case words, upper-case answer); DeckError when malformed."""
    key = str(card.get("key", "")).strip().lower()
    words = [str(w).strip().lower() for w in card.get("words") or []]
    answer = str(card.get("answer", "")).strip().upper()
    colour = str(card.get("colour") or "blue").strip().lower()
    definition = " ".join(str(card.get("definition") or "").split())
    if not key or "|" in key + "".join(words) + definition:
        raise DeckError(f"{where}: a key word is needed, and no field may contain '|'.")
    if len(words) != 4 or not all(words) or len(set(words)) != 4:
        raise DeckError(f"{where}: a card has four different words.")
    if not ANSWER.fullmatch(answer):
        raise DeckError(f"{where}: the answer looks like S2 or A4, not {answer!r}.")
    if colour not in COLOURS:
        raise DeckError(f"{where}: the deck colour is blue, black or red, not {colour!r}.")
    return {"key": key, "words": words, "answer": answer, "definition": definition, "colour": colour}


def format_card(card: dict) -> str:
    card = check_card(card)
    return " | ".join([card["colour"], card["key"], *card["words"], card["answer"], card["definition"]])


def read_file(path) -> list[dict]:
    path = Path(path)
    if not path.exists():
        return []
    cards = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        card = parse_line(line, f"{path.name} line {number}")
        if card:
            cards.append(card)
    return cards


def sample_decks(colours=COLOURS) -> list[dict]:
    """Every card of the shipped decks (blue, black, red)."""
    return [card for colour in colours for card in read_file(DECK_DIR / f"{colour}.txt")]


def lookup(key: str, table_file=None, colours=COLOURS) -> dict | None:
    """The card for a key word: the table's own typed cards first, then the shipped decks."""
    wanted = str(key).strip().lower()
    for card in (read_file(table_file) if table_file else []) + sample_decks(colours):
        if card["key"] == wanted:
            return card
    return None


def save_card(card: dict, table_file) -> dict:
    """Save a host-typed card in the table's own file (replacing an earlier card with that key)."""
    card = check_card(card)
    path = Path(table_file)
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = [c for c in read_file(path) if c["key"] != card["key"]]
    lines = ["# Word Power cards typed at this table (format: dictionaries/word_power/README.md)"]
    lines += [format_card(c) for c in kept + [card]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return card
