"""Regenerate dictionaries/ from the installed Debian packages scowl, wamerican, wbritish, wordnet-base."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.lexicon.build import build  # noqa: E402

if __name__ == "__main__":
    build()
