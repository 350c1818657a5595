"""Write docs/API.md: the platform's endpoints, then every game's actions and options.

    python scripts/write_api_docs.py        (tests/test_api_docs.py checks it is current)
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import games  # noqa: E402
from referee.engine.play import TIMER_ACTIONS  # noqa: E402
from referee.store import PLATFORM_OPTIONS  # noqa: E402

PLATFORM = """# Referee JSON API

The same actions as the screens, for scripts, tests and other clients. The machine-readable
OpenAPI document is served at `GET /api/openapi.json`. All bodies are JSON; all errors are
`{"error": "<code>", "message": "<for a person>"}` with `400` malformed, `403` token not allowed,
`404` no such table, `409` against the rules or a stale `expected_version`, `413` too large,
`429` too many tries. A rejected action changes nothing.

Tokens: creating a table returns a `host_token` and one `token` per seat. Send one as
`Authorization: Bearer <token>`. A seat's token acts for that seat only; the host's for any
seat (add `"seat": n`). Without a token, `GET` shows the table as a spectator sees it.

## Tables

### `POST /api/tables` → `201`

```json
{"game": "scorepad", "players": [{"name": "Ann", "colour": "#d62728"}, {"name": "Ben", "team": "Blue"}],
 "options": {"lowest_wins": true}}
```

Answer: `code`, `join_url` (what the QR code encodes), `host_token`, `seats` (`seat`, `name`,
`token`), `version`, `game`, `options`, `state`, `standings`, `outcome`, `log`, `evening`.

### `GET /api/tables/<code>`

The table as the token's owner may see it: `code`, `version`, `locked`, `game`, `game_number`,
`options`, `seats` (`seat`, `name`, `colour`, `team`, `taken`, `removed`), `you` (`seat`, `host`),
`state` (private parts only for their owner or the host), `standings`, `outcome`, `log` (`seq`,
`type`, `text`, `actor`, `seat`, `at`, `undone`), `evening` (wins and places across the games).

### `GET /api/tables/<code>/poll?v=<version>`

`204` with no body while `v` is the current version; otherwise the table as above.

### `POST /api/tables/<code>/actions`

```json
{"type": "score", "points": -5, "idempotency_key": "tap-8f3a", "expected_version": 7}
```

`type` and the action's fields (below, per game). Optional: `seat` (the host acting for a
player), `idempotency_key` (the same key twice applies once; the answer then has
`"repeated": true`), `expected_version` (refused with `409 stale` if the table moved on).
Answer: the table as above. Dice fields left out (or `"app"`) are rolled by the server.

### `POST /api/tables/<code>/undo` (host)

Takes back the last action still standing, as a logged reversal. `{"idempotency_key": "…"}` optional.

### `POST /api/tables/<code>/games` (host)

`{"game": "quiddler", "options": {...}}`: another game with the same roster; an unfinished
game ends where it stands.

### `GET /api/games`

Every game, whether it is ready, and its options with defaults.

### `GET /api/time`

`{"now": <ms since the epoch>}`: the server clock phones count the timer from.
"""


def actions_section() -> str:
    lines = ["## Actions every game has\n", "| type | fields |", "| --- | --- |"]
    for kind in sorted(TIMER_ACTIONS):
        fields = {"timer_start": "`seconds` (optional new length)", "timer_set": "`seconds`",
                  "timer_add": "`seconds` (may be negative)"}.get(kind, "—")
        lines.append(f"| `{kind}` | {fields} |")
    lines.append("| `end_game` | — (host): the game ends now with the standings as they are |")
    lines.append("")
    lines.append("Platform option for every game: " + ", ".join(
        f"`{name}` ({opt.label}, default {opt.default!r})" for name, opt in PLATFORM_OPTIONS.items()) + ".\n")
    return "\n".join(lines)


def game_section(slug: str) -> str:
    game = games.get(slug) or games.module(slug)
    lines = [f"## {game.TITLE} (`{slug}`)\n"]
    if not getattr(game, "READY", True):
        lines.append("_Not playable yet: its screens are still being built._\n")
    lines += ["| action | what it does, with an example |", "| --- | --- |"]
    for kind, text in game.ACTIONS.items():
        lines.append(f"| `{kind}` | {text.replace('|', '/')} |")
    lines += ["", "| option | default | meaning |", "| --- | --- | --- |"]
    for name, opt in game.OPTIONS.items():
        lines.append(f"| `{name}` | `{opt.default!r}` | {opt.label}{': ' + opt.help if opt.help else ''} |")
    return "\n".join(lines) + "\n"


def document() -> str:
    parts = [PLATFORM, actions_section()]
    parts += [game_section(slug) for slug in games.SLUGS]
    extra = ROOT / "docs" / "API-dictionary.md"
    if extra.exists():
        parts.append(extra.read_text())
    return "\n".join(part.rstrip() + "\n" for part in parts)


if __name__ == "__main__":
    (ROOT / "docs" / "API.md").write_text(document())
    print("wrote docs/API.md")
