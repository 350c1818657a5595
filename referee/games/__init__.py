"""The registry of games: slug -> rules-engine module. No `if game == ...` elsewhere."""

from importlib import import_module

# Listed in the order the home page shows them. A module that is not written yet shows as "coming".
_MODULES = {
    "word-power": "referee.games.word_power",
    "quiddler": "referee.games.quiddler",
    "rapid-list": "referee.games.rapid_list",
    "word-quest": "referee.games.word_quest",
    "cup-quest": "referee.games.cup_quest",
    "scorepad": "referee.games.scorepad",
}

TITLES = {
    "word-power": "Word Power",
    "quiddler": "Quiddler",
    "rapid-list": "Rapid List",
    "word-quest": "Word Quest",
    "cup-quest": "Cup Quest",
    "scorepad": "Score pad",
}

_loaded: dict = {}


def get(slug: str):
    """The engine module for a slug, or None when unknown or not ready."""
    if slug not in _MODULES:
        return None
    if slug not in _loaded:
        try:
            module = import_module(_MODULES[slug])
        except ModuleNotFoundError:
            module = None
        _loaded[slug] = module if module is not None and getattr(module, "READY", True) else None
    return _loaded[slug]


def module(slug: str):
    """The engine module even when its screens are not ready (for docs and tests)."""
    return import_module(_MODULES[slug])


def catalogue() -> list[dict]:
    """Every game with whether it can be played yet."""
    return [{"slug": s, "title": TITLES[s], "ready": get(s) is not None,
             "blurb": getattr(get(s), "BLURB", "")} for s in _MODULES]


def ready() -> list[str]:
    return [s for s in _MODULES if get(s) is not None]
