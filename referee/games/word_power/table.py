"""Word Power: the table — options, setup, order of play, money, books, status, winning."""

import re

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import integer
from referee.engine.options import Option
from referee.engine.outcome import places
from referee.engine.turns import name, next_in, order_by_rolls, position

HOUSE = "house"
WINDOWS = ("1", "2", "3", "4")
DECKS = ("blue", "black", "red")
PLACEHOLDER_ROYALTY_CHART = "0:1000, 1:2000, 4:4000, 7:6000"
PLACEHOLDER_STATUSES = "1:Writer, 4:Journalist, 7:Novelist"

OPTIONS = {
    "starting_cash": Option(20_000, "Starting cash", "What the Publishing House gives each player at the start.",
                            low=0, high=10**7),
    "house_cash": Option(500_000, "Publishing House balance",
                         "What the Publishing House keeps after paying the starting cash (the paper money left in the box).",
                         low=0, high=10**9),
    "decks": Option("blue", "Decks in use", "Which Word Card deck(s) the table plays with.",
                    choices=(("blue", "Blue (everyday words)"), ("black", "Black (frequent to infrequent)"),
                             ("red", "Red (rare words)"), ("family", "Family play: black for adults, blue for youngsters"))),
    "win_books": Option(10, "Books to win", "Publishing this many books wins.", low=1, high=100),
    "win_cash": Option(100_000, "Cash to win", "Accumulating this much cash wins.", low=1, high=10**8),
    "win_needs_both": Option(False, "Need both to win",
                             "The longer game: a player needs both the books and the cash to win."),
    "challenge_seconds": Option(30, "Wait for challenges (seconds)",
                                "The 'reasonable wait' after a card is played before a book is granted or the turn ends (0: no wait).",
                                low=0, high=600),
    "challenge_bet": Option(1000, "Challenge bet",
                            "The challenger's opening bet; raises go up in steps of this amount.", low=100, high=100_000),
    "raise_steps": Option("one", "Size of a raise",
                          "How much a raise adds to the challenge stake.",
                          choices=(("one", "One step each time: the first raise doubles the bet, each re-raise adds $1,000"),
                                   ("any", "Any number of $1,000 steps at once"))),
    "royalty_chart": Option("", "Royalty chart",
                            "Books published : royalty, from the chart on the board, e.g. "
                            f"'{PLACEHOLDER_ROYALTY_CHART}' (placeholder figures). Empty: type each royalty when it is collected.",
                            kind="text"),
    "statuses": Option(PLACEHOLDER_STATUSES, "Status by books",
                       "Books published : status, from the bold numbers on the board (placeholder figures).", kind="text"),
}


def parse_chart(text: str, what: str, value=int) -> list:
    """'0:1000, 4:3,000' -> [[0, 1000], [4, 3000]] sorted by books; BadAction when malformed.

    Entries are separated by ';', a new line, or a comma that starts a new 'books:' entry, so an
    amount may carry thousands separators ('1:2,000')."""
    rows = []
    for part in [p.strip() for p in re.split(r"[;\n]|,(?=\s*\d+\s*[:=])", text or "") if p.strip()]:
        match = re.fullmatch(r"(\d+)\s*[:=]\s*\$?([\w ,]+)", part)
        if not match:
            raise BadAction(f"The {what} entry {part!r} should look like 'books:{'amount' if value is int else 'name'}'.")
        raw = match.group(2).replace(",", "").strip()
        if value is int and not raw.isdigit():
            raise BadAction(f"The {what} entry {part!r} needs a whole-dollar amount.")
        if value is int and len(raw) > 12:
            raise BadAction(f"The {what} entry {part!r} is too large.")
        books = int(match.group(1))
        if books > 1000:
            raise BadAction(f"The {what} entry {part!r} counts more than 1,000 books.")
        if any(books == row[0] for row in rows):
            raise BadAction(f"The {what} gives {books} books twice; give each number of books once.")
        rows.append([books, int(raw) if value is int else raw])
    return sorted(rows)


def setup(players: list[dict], options: dict) -> dict:
    """Everyone gets the starting cash; the order of play is decided by the die."""
    parse_chart(options["royalty_chart"], "royalty chart")
    parse_chart(options["statuses"], "status", value=str)
    if options["starting_cash"] >= options["win_cash"] and not options["win_needs_both"]:
        raise BadAction(f"The starting cash ({dollars(options['starting_cash'])}) already reaches the cash to win "
                        f"({dollars(options['win_cash'])}): everyone would win at once.")
    seats = [p["seat"] for p in players]
    deck = "black" if options["decks"] == "family" else options["decks"]
    return {
        "players": players, "options": options, "phase": "order",
        "cash": {str(s): options["starting_cash"] for s in seats}, "house": options["house_cash"],
        "books": {str(s): 0 for s in seats}, "deck_of": {str(s): deck for s in seats},
        "royalty_chart": options["royalty_chart"],
        "rolling": seats, "rolls": {}, "order": [], "turn": None, "turn_number": 0,
        "windows": {w: [] for w in WINDOWS}, "skip": [], "challenge": None, "last_ruling": None,
        "next_card": 1, "typed_cards": [], "winners": [], "news": [], "reminder": "",
    }


# --- money -----------------------------------------------------------------

def cash(state: dict, seat) -> int:
    return state["house"] if seat == HOUSE else state["cash"][str(seat)]


def who(state: dict, seat) -> str:
    return "the Publishing House" if seat == HOUSE else name(state, seat)


def pay(state: dict, payer, payee, amount: int) -> int:
    """Move whole dollars from payer to payee (seats or HOUSE); the only place money moves."""
    if amount < 0 or amount > cash(state, payer):
        raise RuleError(f"{who(state, payer)} has only {dollars(cash(state, payer))}; cannot pay {dollars(amount)}.")
    _add(state, payer, -amount)
    _add(state, payee, amount)
    return amount


def _add(state, seat, amount):
    if seat == HOUSE:
        state["house"] += amount
    else:
        state["cash"][str(seat)] += amount


def dollars(amount: int) -> str:
    return f"${amount:,}"


def tell(state: dict, line: str) -> None:
    """Add a sentence to the log line of the action being applied."""
    state["news"].append(line)


# --- books, status, royalties ---------------------------------------------

def publish_book(state: dict, seat, method: str) -> None:
    state["books"][str(seat)] += 1
    tell(state, f"{name(state, seat)} publishes a book (Method {method}): "
                f"{plural(state['books'][str(seat)], 'book')} now.")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def status(state: dict, seat) -> str:
    """Writer / Journalist / Novelist from the books published ('' before the first)."""
    books, title = state["books"][str(seat)], ""
    for threshold, label in parse_chart(state["options"]["statuses"], "status", value=str):
        if books >= threshold:
            title = label
    return title


def royalty_due(state: dict, seat, action: dict) -> int:
    """The chart's royalty for the player's books, or the amount typed when no chart was entered."""
    chart = parse_chart(state["royalty_chart"], "royalty chart")
    if not chart:
        if action.get("amount") in (None, ""):
            raise BadAction("No royalty chart was entered: type the royalty shown on the board.")
        return integer(action, "amount", low=0, high=10**7)
    books, due = state["books"][str(seat)], 0
    for threshold, amount in chart:
        if books >= threshold:
            due = amount
    return due


def collect_royalty(state: dict, seat, action: dict) -> None:
    due = royalty_due(state, seat, action)
    paid = pay(state, HOUSE, seat, min(due, state["house"]))
    short = "" if paid == due else f" (the Publishing House had only {dollars(paid)})"
    tell(state, f"{name(state, seat)} collects a royalty of {dollars(paid)}{short}.")


def set_royalty_chart(state: dict, action: dict) -> None:
    host_only(action, "enter the royalty chart")
    chart = action.get("chart", "")
    if not isinstance(chart, str):
        raise BadAction("The royalty chart must be text like '0:1000, 1:2000'.")
    parse_chart(chart, "royalty chart")
    state["royalty_chart"] = chart.strip()
    tell(state, "The royalty chart was " + ("entered: " + chart.strip() if chart.strip() else "cleared") + ".")


def host_only(action: dict, what: str) -> None:
    if not action.get("host"):
        raise RuleError(f"Only the host can {what}.")


def require_turn(state: dict, action: dict) -> int:
    """The acting seat must be the player whose turn it is, and no challenge may be open."""
    if state["turn"] is None:
        raise RuleError("The order of play is not decided yet.")
    seat = state["turn"]["seat"]
    if action.get("seat") != seat:
        raise RuleError(f"It is {name(state, seat)}'s turn.")
    if state["challenge"]:
        raise RuleError("A challenge is being settled; it is resolved before play goes on.")
    return seat


# --- order of play ---------------------------------------------------------

def order_roll(state: dict, action: dict) -> None:
    """Each player rolls; the highest plays first, then play goes clockwise (to the left)."""
    need_phase(state, "order", "The order of play is already decided.")
    seat = action.get("seat")
    position(state, seat)
    if seat not in state["rolling"]:
        raise RuleError(f"{name(state, seat)} does not roll now; waiting for {names(state, state['rolling'])}.")
    if str(seat) in state["rolls"]:
        raise RuleError(f"{name(state, seat)} has already rolled a {state['rolls'][str(seat)]}.")
    state["rolls"][str(seat)] = integer(action, "roll", low=1, high=6)
    tell(state, f"{name(state, seat)} rolls {state['rolls'][str(seat)]} for the order of play.")
    if len(state["rolls"]) == len(state["rolling"]):
        rolls = {int(s): v for s, v in state["rolls"].items()}
        order, tied = order_by_rolls(rolls)
        top = [g for g in tied if order[0] in g]
        if top:
            state["rolling"], state["rolls"] = sorted(top[0]), {}
            tell(state, f"Tie for first: {names(state, top[0])} roll again.")
        else:
            begin(state, order[0])


def set_first(state: dict, action: dict) -> None:
    host_only(action, "choose who plays first")
    need_phase(state, "order", "The order of play is already decided.")
    first = integer(action, "first", low=0, high=10**6)
    position(state, first)
    begin(state, first)


def assign_deck(state: dict, action: dict) -> None:
    """Family play: each player draws from his own deck (black for adults, blue for youngsters)."""
    host_only(action, "assign decks")
    need_phase(state, "order", "Decks are assigned before the first turn.")
    if state["options"]["decks"] != "family":
        raise RuleError("Only family play uses a deck per player.")
    seat = action.get("seat")
    position(state, seat)
    colour = action.get("colour")
    if colour not in ("blue", "black"):
        raise BadAction("Family play uses the blue or the black deck.")
    state["deck_of"][str(seat)] = colour
    tell(state, f"{name(state, seat)} plays the {colour} deck.")


def begin(state: dict, first) -> None:
    seats = [p["seat"] for p in state["players"]]
    i = seats.index(first)
    state["order"] = seats[i:] + seats[:i]
    state["phase"], state["rolling"], state["rolls"] = "move", [], {}
    tell(state, f"{name(state, first)} plays first; play goes to the left.")
    start_turn(state, first)


def start_turn(state: dict, seat) -> None:
    state["turn_number"] += 1
    state["phase"] = "move"
    state["turn"] = {"seat": seat, "number": state["turn_number"], "space": None, "passed_start": False,
                     "cards": [], "pending": [], "quiet_until": 0, "waived": [], "books": 0,
                     "pass_count": None}


def next_player(state: dict) -> None:
    """Play passes to the left; a player who loses his turn is skipped once."""
    seat = state["turn"]["seat"]
    for _ in range(len(state["order"]) * 2):
        seat = next_in(state["order"], seat)
        if seat in state["skip"]:
            state["skip"].remove(seat)
            tell(state, f"{name(state, seat)} loses this turn.")
            continue
        break
    start_turn(state, seat)


def lose_next_turn(state: dict, seat) -> None:
    if seat not in state["skip"]:
        state["skip"].append(seat)
        state["skip"].sort()


def need_phase(state: dict, phase: str, message: str) -> None:
    if state["phase"] != phase:
        raise RuleError(message)


def names(state: dict, seats) -> str:
    listed = [name(state, s) for s in seats]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


# --- winning ---------------------------------------------------------------

def reached(state: dict, seat) -> bool:
    opts = state["options"]
    books = state["books"][str(seat)] >= opts["win_books"]
    rich = state["cash"][str(seat)] >= opts["win_cash"]
    return (books and rich) if opts["win_needs_both"] else (books or rich)


def check_win(state: dict) -> None:
    """The game ends at once when someone reaches the goal."""
    if state["phase"] in ("order", "over"):
        return
    winners = [p["seat"] for p in state["players"] if reached(state, p["seat"])]
    if winners:
        state["winners"], state["phase"], state["challenge"] = winners, "over", None
        tell(state, f"{names(state, winners)} {'wins' if len(winners) == 1 else 'win'} the game!")


def place_of(state: dict) -> dict:
    key = {p["seat"]: (int(p["seat"] in state["winners"]), state["books"][str(p["seat"])],
                       state["cash"][str(p["seat"])]) for p in state["players"]}
    return places(key)
