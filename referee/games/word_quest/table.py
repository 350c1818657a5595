"""The table of a Word Quest game: teams, the coloured board, options, and setup."""

from referee.engine.errors import BadAction
from referee.engine.options import Option

LEVELS = ("novice", "intermediate", "advanced")
SUPER = "super"
KINDS = LEVELS + (SUPER,)
WEIGHTS = {"novice": 1, "intermediate": 2, "advanced": 3}
LEVEL_NAMES = {"novice": "novice", "intermediate": "intermediate", "advanced": "third-level", SUPER: "super word"}

OPTIONS = {
    "spaces": Option(40, "Spaces on the board", "How many numbered spaces the board has.", low=4, high=200),
    "board": Option(
        "novice intermediate advanced novice intermediate advanced super", "Colours of the spaces",
        "The level of space 1, 2, 3… as words (novice, intermediate, advanced, super), their first letters "
        "or the colour names below; the list repeats until every space has a colour."),
    "novice_colour": Option("blue", "Colour of novice spaces and cards"),
    "intermediate_colour": Option("green", "Colour of intermediate spaces and cards", "Green in the rule text."),
    "advanced_colour": Option("red", "Colour of third-level spaces and cards"),
    "super_colour": Option("purple", "Colour of super word spaces", "Purple in the rule text: the team chooses the level."),
    "super_space_cards": Option(True, "Purple spaces have game space cards",
                                "Off: only novice, intermediate and third-level spaces have a numbered card."),
    "challenge_cards": Option(10, "Challenge cards per team", "The rule text gives 10.", low=1, high=50),
    "bonus_roll": Option("another_space", "Doubles bonus roll", choices=(
        ("another_space", "Play the space, then roll again and play a second space"),
        ("move_on", "Roll again at once and move on; only the second space is played"))),
    "points": Option("cards", "Points", choices=(
        ("cards", "One point per award card (the rule text)"),
        ("weighted", "Weighted by level: novice 1, intermediate 2, third level 3"))),
    "challenger_award": Option(False, "A successful challenger also wins an award card",
                               "One award card of the word's level, besides the two challenge cards."),
    "advanced_pays": Option(True, "A third-level award card may pay for a missing challenge card",
                            "Only when the team has neither two novice cards nor an intermediate card."),
    "end_at_two": Option(False, "End the game when two teams remain", "Off: Referee suggests it and the host ends it."),
}


def gather_teams(players: list[dict], challenge_cards: int) -> dict:
    """Teams in table order: players with the same team name (whatever its case or spacing) share one, named as
    first typed; a player without one is a team alone."""
    teams: dict = {}
    spelled: dict = {}  # "red" -> "Red": team names typed in another case or spacing are the same team
    for player in players:
        typed = " ".join(str(player.get("team") or player["name"]).split())
        if not typed:
            raise BadAction("Every team needs a name.")
        key = spelled.setdefault(typed.casefold(), typed)
        team = teams.setdefault(key, {
            "name": key, "seats": [], "challenge": challenge_cards,
            "awards": {level: 0 for level in LEVELS}, "spaces": [], "position": 0, "out": False})
        team["seats"].append(player["seat"])
    return teams


def colours_of(options: dict) -> dict:
    return {kind: " ".join(str(options[f"{kind}_colour"]).split()) or kind for kind in KINDS}


def parse_board(options: dict, colours: dict) -> list[str]:
    """The level of every space, space 1 first, repeating the pattern the host typed."""
    if len(set(c.lower() for c in colours.values())) < len(KINDS):
        raise BadAction("Each level needs its own colour name: " + ", ".join(colours.values()) + ".")
    words = {}
    for kind in KINDS:
        words[kind] = words[kind[0]] = kind
        words[colours[kind].lower()] = kind
    words["third"] = words["3"] = "advanced"
    words["purple"] = words.get("purple", SUPER)
    tokens = options["board"].replace(",", " ").replace(";", " ").lower().split()
    if not tokens:
        raise BadAction("Give the colours of the board's spaces.")
    unknown = [t for t in tokens if t not in words]
    if unknown:
        raise BadAction(f"Unknown space colour {unknown[0]!r}: use novice, intermediate, advanced, super "
                        f"or {', '.join(colours.values())}.")
    pattern = [words[t] for t in tokens]
    return [pattern[i % len(pattern)] for i in range(options["spaces"])]


def setup(players: list[dict], options: dict) -> dict:
    """Teams with their challenge cards, the board, and the game space cards waiting to be dealt."""
    teams = gather_teams(players, options["challenge_cards"])
    if len(teams) < 2:
        raise BadAction("Word Quest needs at least two teams: give the players different team names.")
    colours = colours_of(options)
    board = parse_board(options, colours)
    deck = [n for n, kind in enumerate(board, start=1) if kind != SUPER or options["super_space_cards"]]
    state = {
        "players": players, "options": options, "board": board, "colours": colours,
        "teams": teams, "team_order": list(teams), "order": list(teams), "ordered": False,
        "deck": deck, "dealt": not deck, "leftovers": [], "roll_off": None, "order_groups": [list(teams)],
        "to_share": [], "debts": [], "turn": None, "turns": 0, "eliminated": [],
        "over": False, "suggest_finish": False, "phase": "deal", "prompt": "", "pay_with": [], "last": "The game was set up.",
    }
    from .play import advance
    return advance(state)


# ---- small look-ups used everywhere -------------------------------------------------------

def team_of(state: dict, seat) -> str:
    """The team a seat plays for."""
    if seat is None or isinstance(seat, bool):
        raise BadAction("Say which team this is for.")
    seat = whole(seat)
    for key in state["team_order"]:
        if seat in state["teams"][key]["seats"]:
            return key
    raise BadAction("That seat is not playing in this game.")


def whole(value) -> int | None:
    """A whole number typed or sent as an int or a string of digits; None for anything else (3.5, True, [])."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdecimal():
        return int(value.strip())
    return None


def level_of(state: dict, space: int) -> str:
    return state["board"][space - 1]


def level_label(state: dict, level: str) -> str:
    """'green (intermediate)'."""
    return f"{state['colours'][level]} ({LEVEL_NAMES[level]})"


def cards_word(count: int, level: str | None = None) -> str:
    noun = "card" if count == 1 else "cards"
    return f"{count} {LEVEL_NAMES[level]} award {noun}" if level else f"{count} challenge {noun}"


def active(state: dict) -> list[str]:
    """Teams still in the game, in order of play."""
    return [key for key in state["order"] if not state["teams"][key]["out"]]


def award_total(team: dict) -> int:
    return sum(team["awards"].values())


def points(state: dict, key: str) -> int:
    """Points from award cards: a count, or weighted by level when the option says so."""
    awards = state["teams"][key]["awards"]
    if state["options"]["points"] == "weighted":
        return sum(WEIGHTS[level] * n for level, n in awards.items())
    return sum(awards.values())
