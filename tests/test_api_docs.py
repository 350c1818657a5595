"""docs/API.md documents every endpoint and every game's action types, and is current."""

import pathlib
import runpy

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_api_docs_are_current_with_every_games_actions():
    script = runpy.run_path(str(ROOT / "scripts" / "write_api_docs.py"))
    written = (ROOT / "docs" / "API.md").read_text()
    assert written == script["document"](), "run: python scripts/write_api_docs.py"
    for slug in script["games"].SLUGS:
        for kind in script["games"].module(slug).ACTIONS:
            assert f"`{kind}`" in written
