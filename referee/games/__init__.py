"""The registry of games: slug -> rules-engine module. No `if game == ...` elsewhere."""

from importlib import import_module

# In the order the home page shows them. A module with READY = False shows as "coming".
_MODULES = {
    "word-power": "referee.games.word_power",
    "quiddler": "referee.games.quiddler",
    "rapid-list": "referee.games.rapid_list",
    "word-quest": "referee.games.word_quest",
    "cup-quest": "referee.games.cup_quest",
    "scorepad": "referee.games.scorepad",
}
SLUGS = tuple(_MODULES)


def module(slug: str):
    """The engine module, even when its screens are not ready (for docs and tests)."""
    return import_module(_MODULES[slug])


def get(slug: str):
    """The engine module for a slug, or None when unknown or not ready to play."""
    if slug not in _MODULES:
        return None
    engine = module(slug)
    return engine if getattr(engine, "READY", True) else None


def catalogue() -> list[dict]:
    """Every game with whether it can be played yet."""
    return [{"slug": s, "title": module(s).TITLE, "ready": get(s) is not None,
             "blurb": getattr(module(s), "BLURB", "")} for s in SLUGS]


def ready() -> list[str]:
    return [s for s in SLUGS if get(s) is not None]
