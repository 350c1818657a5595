"""The OpenAPI 3.1 document of the JSON API, with every game's action types."""

from .. import games
from ..engine.play import TIMER_ACTIONS

ERROR = {"$ref": "#/components/schemas/Error"}
TABLE = {"$ref": "#/components/schemas/Table"}


# A word no URL path segment can carry (a line break, a slash) finds no route: 404, as JSON.
UNROUTABLE = {"404": {"description": "The word cannot be carried in a URL path (e.g. a line break)",
                      "content": {"application/json": {"schema": ERROR}}}}


def _errors(*codes) -> dict:
    words = {400: "Malformed request", 401: "No token", 403: "Not allowed for this token",
             404: "No such table", 409: "Against the rules, or a stale expected_version"}
    return {str(c): {"description": words[c], "content": {"application/json": {"schema": ERROR}}} for c in codes}


def _ok(description, schema=TABLE, status="200") -> dict:
    return {status: {"description": description, "content": {"application/json": {"schema": schema}}}}


def _code_param():
    return [{"name": "code", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 12}}]


def action_types() -> dict:
    """Action type -> description, for every playable game plus the platform's own."""
    kinds = {t: "Shared timer (any game). timer_start/timer_set take `seconds`; timer_add takes `seconds` (may be negative)."
             for t in sorted(TIMER_ACTIONS)}
    kinds["end_game"] = "The host ends the current game now."
    for slug in games.ready():
        for kind, text in getattr(games.get(slug), "ACTIONS", {}).items():
            kinds[kind] = f"[{slug}] {text}" if kind not in kinds else kinds[kind] + f" | [{slug}] {text}"
    return kinds


def document() -> dict:
    kinds = action_types()
    secured = [{"bearer": []}]
    return {
        "openapi": "3.1.0",
        "info": {"title": "Referee API", "version": "1.0",
                 "description": "Tables, seats and game actions. See docs/API.md for examples."},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {"type": "object", "required": ["error", "message"],
                          "properties": {"error": {"type": "string"}, "message": {"type": "string"}}},
                "Table": {"type": "object", "required": ["code", "version", "game", "state", "seats"],
                          "properties": {"code": {"type": "string"}, "version": {"type": "integer"},
                                         "game": {"type": "string"}, "state": {"type": "object"},
                                         "seats": {"type": "array"}, "log": {"type": "array"},
                                         "outcome": {"type": ["object", "null"]}}},
                "NewTable": {"type": "object", "required": ["game", "players"], "properties": {
                    "game": {"type": "string", "enum": games.ready()},
                    "players": {"type": "array", "minItems": 1, "maxItems": 12, "items": {
                        "type": "object", "required": ["name"], "properties": {
                            "name": {"type": "string", "maxLength": 40}, "colour": {"type": "string"},
                            "team": {"type": "string", "maxLength": 40}}}},
                    "options": {"type": "object"}}},
                "Action": {"type": "object", "required": ["type"], "properties": {
                    "type": {"type": "string", "enum": sorted(kinds), "description": "; ".join(f"{k}: {v}" for k, v in kinds.items())},
                    "seat": {"type": "integer", "description": "The seat acted for (the host may name any)."},
                    "idempotency_key": {"type": "string", "maxLength": 80},
                    "expected_version": {"type": "integer"}}, "additionalProperties": True},
                "NextGame": {"type": "object", "required": ["game"], "properties": {
                    "game": {"type": "string", "enum": games.ready()}, "options": {"type": "object"}}},
            },
        },
        "paths": {
            "/api/tables": {"post": {
                "summary": "Open a table with its first game",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewTable"}}}},
                "responses": {**_ok("The table, with host_token, join_url and each seat's token", status="201"), **_errors(400)}}},
            "/api/tables/{code}": {"get": {
                "summary": "The table as the token's owner may see it (no token: as a spectator)",
                "parameters": _code_param(), "security": [{}, {"bearer": []}],
                "responses": {**_ok("The table"), **_errors(403, 404)}}},
            "/api/tables/{code}/poll": {"get": {
                "summary": "204 while `v` is the current version, else the table",
                "parameters": _code_param() + [{"name": "v", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"204": {"description": "Unchanged"}, **_ok("The table"), **_errors(403, 404)}}},
            "/api/tables/{code}/actions": {"post": {
                "summary": "Apply one game action", "parameters": _code_param(), "security": secured,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Action"}}}},
                "responses": {**_ok("The new state"), **_errors(400, 403, 404, 409)}}},
            "/api/tables/{code}/undo": {"post": {
                "summary": "Undo the last action (host)", "parameters": _code_param(), "security": secured,
                "responses": {**_ok("The state before that action"), **_errors(403, 404, 409)}}},
            "/api/tables/{code}/games": {"post": {
                "summary": "Start another game with the same roster (host)", "parameters": _code_param(),
                "security": secured,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NextGame"}}}},
                "responses": {**_ok("The table with its new game"), **_errors(400, 403, 404)}}},
            "/api/games": {"get": {"summary": "The games and their options",
                                   "responses": {"200": {"description": "List of games"}}}},
            "/api/time": {"get": {"summary": "The server clock (ms since the epoch)",
                                  "responses": {"200": {"description": "{now: ms}"}}}},
            "/api/lexicons": {"get": {
                "summary": "The word lists a table can choose, with word counts",
                "responses": {"200": {"description": "{lexicons: [{id, name, description, word_count, "
                                                     "proper_noun_count, upload}], default: 'standard'}"}}}},
            "/api/words/{word}": {"get": {
                "summary": "Verdict on one word in a word list, with its definitions unless definitions=0",
                "parameters": [
                    {"name": "word", "in": "path", "required": True, "schema": {"type": "string"},
                     "description": "The word as typed; case, accents and curly apostrophes are tidied."},
                    {"name": "lexicon", "in": "query", "schema": {"type": "string", "default": "standard",
                     "enum": ["standard", "large", "junior", "american", "british", "own"]},
                     "description": "The word list (see /api/lexicons)."},
                    {"name": "proper_nouns", "in": "query", "schema": {"type": "string", "default": "0"},
                     "description": "1/true/yes: proper nouns count as valid."},
                    {"name": "definitions", "in": "query", "schema": {"type": "string", "default": "1"},
                     "description": "0 leaves the definitions out (challenge mode: verdict first)."}],
                "responses": {"200": {"description": "{word, valid, proper_noun, reason, lexicon, kind, also_in, "
                                                     "definitions: [{synset, pos, gloss, examples, synonyms, lemma}]}; "
                                                     "kind is word, proper noun, abbreviation, contraction, possessive, "
                                                     "hyphenated, phrase, unknown or bad input (empty, too long, digits, "
                                                     "symbols) with the reason"},
                              **_errors(400), **UNROUTABLE}}},
            "/api/thesaurus/{word}": {"get": {
                "summary": "Synonyms, antonyms, similar words and indirect antonyms, sense by sense (WordNet 3.0)",
                "parameters": [{"name": "word", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "{word, found, senses: [{synset, pos, gloss, examples, synonyms, "
                                                     "lemma, antonyms, similar, indirect_antonyms}]}"},
                              **UNROUTABLE}}},
            "/api/relation": {"get": {
                "summary": "Synonym, antonym or neither, with the WordNet sense and gloss behind the ruling",
                "parameters": [
                    {"name": "key", "in": "query", "required": True, "schema": {"type": "string"},
                     "description": "The key word (e.g. the word on the card)."},
                    {"name": "candidate", "in": "query", "required": True, "schema": {"type": "string"},
                     "description": "The word offered as its synonym or antonym."}],
                "responses": {"200": {"description": "{key, candidate, relation: synonym|antonym|neither, indirect, "
                                                     "sense: {synset, pos, gloss, words} or null, evidence}"},
                              **_errors(400)}}},
        },
    }
