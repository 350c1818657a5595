"""What each rule set says: deals, bonuses, allowable words, the score floor."""

DEALS = {"junior": [2, 3, 4, 5, 6, 7], "classic": [3, 4, 5, 6, 7, 8, 9, 10]}
LONGEST_BONUS = {"junior": 5, "classic": 10}
MOST_WORDS_BONUS = {"junior": 0, "classic": 10}
SOLITAIRE_STACKS, SOLITAIRE_DOWN = 8, 5
SOLITAIRE_CARDS = SOLITAIRE_STACKS * (SOLITAIRE_DOWN + 1)

# Rule-set defaults for the options that say "as the rule set says".
DEFAULTS = {
    "junior": {"one_card_words": True, "proper_nouns": True, "floor_at_zero": True, "unused_subtracted": False},
    "classic": {"one_card_words": False, "proper_nouns": False, "floor_at_zero": False, "unused_subtracted": True},
}
DEFAULTS["solitaire"] = DEFAULTS["junior"]


def rule_set(state: dict) -> str:
    return state["options"]["rules"]


def setting(state: dict, name: str) -> bool:
    """An option that is 'rules' (the rule set's default), 'yes' or 'no'."""
    chosen = state["options"].get(name, "rules")
    if chosen == "rules":
        return DEFAULTS[rule_set(state)][name]
    return chosen == "yes"


def one_card_words(state: dict) -> bool:
    return setting(state, "one_card_words")


def proper_nouns(state: dict) -> bool:
    return setting(state, "proper_nouns")


def floor_at_zero(state: dict) -> bool:
    return setting(state, "floor_at_zero")


def unused_subtracted(state: dict) -> bool:
    return setting(state, "unused_subtracted")


def deals(state: dict) -> list[int]:
    return DEALS[rule_set(state)]


def longest_bonus(state: dict) -> int:
    return LONGEST_BONUS[rule_set(state)]


def most_words_bonus(state: dict) -> int:
    return MOST_WORDS_BONUS[rule_set(state)]
