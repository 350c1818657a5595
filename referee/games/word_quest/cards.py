"""Cards Referee keeps: game space cards (dealt, shared out), award cards, challenge cards and debts."""

from referee.engine.errors import BadAction, RuleError

from .table import LEVEL_NAMES, active, award_total, cards_word, whole

# ---- game space cards ------------------------------------------------------------------------


def cards_to_deal(state: dict) -> list[int]:
    """The game space cards the next deal shares out: the whole deck, or an eliminated team's cards."""
    if state["phase"] == "deal":
        return list(state["deck"])
    if state["phase"] == "redistribute" and state["to_share"]:
        return list(state["to_share"][0]["cards"])
    return []


def deal_to(state: dict) -> list[str]:
    """Who receives cards in the next deal: every team at the start, the remaining teams later."""
    return list(state["team_order"]) if state["phase"] == "deal" else active(state)


def deal_equally(cards: list[int], shuffled: list, teams: list[str]) -> tuple[dict, list[int]]:
    """Deal the shuffled cards round the teams, an equal number each; the rest are leftovers."""
    shuffled = _ints(shuffled, "shuffle")
    if sorted(shuffled) != sorted(cards):
        raise BadAction("The shuffle must list each card being dealt exactly once.")
    each = len(cards) // len(teams)
    hands = {key: sorted(shuffled[i:each * len(teams):len(teams)]) for i, key in enumerate(teams)}
    return hands, sorted(shuffled[each * len(teams):])


def table_deal(state: dict, cards: list[int], given, teams: list[str]) -> tuple[dict, list[int]]:
    """The table's own deal: numbers each team took; cards nobody took are leftovers to roll for.

    The deal must be equal: every team took at least its share (the cards // the teams). A team may
    have taken more when the table already rolled for leftover cards; the cards nobody took are then
    fewer than the teams, and the teams roll for each."""
    if not isinstance(given, dict):
        raise BadAction("Give the cards each team took, e.g. {\"Red\": [1, 5, 9]}.")
    hands, owner = {key: [] for key in teams}, {}
    for key, numbers in given.items():
        if key not in hands:
            raise BadAction(f"{key} is not a team receiving cards in this deal.")
        for number in _ints(numbers, f"{key}'s cards"):
            if number not in cards:
                raise RuleError(f"Card {number} is not one of the cards being dealt.")
            if number in owner:
                twice = "twice for " + key if owner[number] == key else f"to two teams, {owner[number]} and {key}"
                raise RuleError(f"Card {number} was given {twice}.")
            owner[number] = key
            hands[key].append(number)
    each = len(cards) // len(teams)
    short = [key for key in teams if len(hands[key]) < each]
    if short:
        took = ", ".join(f"{key} took {len(hands[key])}" for key in short)
        raise RuleError(f"The cards are dealt equally: {len(cards)} cards for {len(teams)} teams is {each} each, "
                        f"but {took}. Cards nobody took are rolled for.")
    return {k: sorted(v) for k, v in hands.items()}, sorted(set(cards) - set(owner))


def given_hands(action: dict):
    """The table's own deal: `hands` as {team: [numbers]}, or a form's parallel lists `hand_team` and
    `hand_cards` (one line of card numbers per team); None when the action asks Referee to shuffle."""
    if action.get("hands") not in (None, "", {}):
        return action["hands"]
    teams, numbers = action.get("hand_team"), action.get("hand_cards")
    if teams is None and numbers is None:
        return None
    if isinstance(teams, str):
        teams = [teams]
    if isinstance(numbers, str):
        numbers = [numbers]
    if not isinstance(teams, list) or not isinstance(numbers, list) or len(teams) != len(numbers):
        raise BadAction("Give the cards each team took, one line per team.")
    if not any(str(n).strip() for n in numbers):
        raise BadAction("Type the numbers of the cards each team took, or let Referee deal.")
    return {str(t): n for t, n in zip(teams, numbers)}


def _ints(values, what: str) -> list[int]:
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, list):
        raise BadAction(f"The {what} must be a list of card numbers.")
    numbers = [whole(v) for v in values]
    if None in numbers:
        raise BadAction(f"The {what} must be card numbers.")
    return numbers


def take_hands(state: dict, hands: dict) -> None:
    for key, numbers in hands.items():
        team = state["teams"][key]
        team["spaces"] = sorted(team["spaces"] + numbers)


def holder_of(state: dict, space: int) -> str | None:
    """The team holding the game space card of that number, if any."""
    for key in state["team_order"]:
        if space in state["teams"][key]["spaces"]:
            return key
    return None


# ---- award cards -----------------------------------------------------------------------------


def award(state: dict, key: str, level: str, count: int) -> str:
    state["teams"][key]["awards"][level] += count
    return f"{key} receives {cards_word(count, level)}"


# ---- challenge cards and what replaces them -----------------------------------------------


def hand_over_challenge_cards(state: dict, loser: str, winner: str, count: int) -> str:
    """The loser of a challenge gives challenge cards; each one it lacks becomes a debt in award cards."""
    team = state["teams"][loser]
    given = min(count, team["challenge"])
    team["challenge"] -= given
    state["teams"][winner]["challenge"] += given
    note = f"{loser} gives {winner} {cards_word(given)}"
    missing = count - given
    if missing:
        state["debts"].append({"team": loser, "to": winner, "missing": missing})
        if given:
            note += f" and owes {missing} more, to be paid in award cards"
        else:
            note = f"{loser} has no challenge card to give {winner} and owes {missing}, to be paid in award cards"
    else:
        check_out(state, loser)
    return note


def ways_to_pay(state: dict, key: str) -> list[str]:
    """How the team may pay for one missing challenge card now, as it has the award cards."""
    awards = state["teams"][key]["awards"]
    ways = [w for w, need in (("novice", 2), ("intermediate", 1)) if awards[w] >= need]
    if not ways and state["options"]["advanced_pays"] and awards["advanced"]:
        ways = ["advanced"]
    if not ways and awards["novice"]:
        ways = ["novice"]  # its last novice card: all it has left
    return ways


PRICE = {"novice": 2, "intermediate": 1, "advanced": 1}


def pay_one(state: dict, debt: dict, way: str) -> str:
    """Give the creditor the award cards that replace one missing challenge card."""
    debtor = state["teams"][debt["team"]]
    count = min(PRICE[way], debtor["awards"][way])
    debtor["awards"][way] -= count
    state["teams"][debt["to"]]["awards"][way] += count
    debt["missing"] -= 1
    return f"{debt['team']} pays {debt['to']} {cards_word(count, way)} for a missing challenge card"


def settle_debts(state: dict) -> list[str]:
    """Pay every debt that leaves the team no choice; stop at the first that needs the team to choose."""
    notes = []
    while state["debts"]:
        debt = state["debts"][0]
        while debt["missing"]:
            ways = ways_to_pay(state, debt["team"])
            if len(ways) > 1:
                return notes
            if not ways:
                notes.append(f"{debt['team']} has no award cards left to pay the {debt['missing']} missing")
                debt["missing"] = 0
                break
            notes.append(pay_one(state, debt, ways[0]))
        state["debts"].pop(0)
        notes.extend(check_out(state, debt["team"]))
    return notes


def pay(state: dict, way: str) -> str:
    """The indebted team's choice for one missing challenge card."""
    debt = state["debts"][0]
    ways = ways_to_pay(state, debt["team"])
    if way not in ways:
        awards = state["teams"][debt["team"]]["awards"]
        raise RuleError(f"{debt['team']} cannot pay with {LEVEL_NAMES.get(way, way)} cards: it holds "
                        f"{awards['novice']} novice, {awards['intermediate']} intermediate and "
                        f"{awards['advanced']} third-level award cards.")
    return pay_one(state, debt, way)


# ---- elimination -----------------------------------------------------------------------------


def check_out(state: dict, key: str) -> list[str]:
    """A team that has given up all its challenge cards and then all its award cards is out."""
    team = state["teams"][key]
    if team["out"] or team["challenge"] or award_total(team):
        return []
    team["out"] = True
    state["eliminated"].append(key)
    notes = [f"{key} has no challenge or award cards left and is out of the game"]
    left = active(state)
    if team["spaces"] and len(team["spaces"]) < len(left):
        state["leftovers"].extend(team["spaces"])
        notes.append(f"its game space cards {', '.join(map(str, team['spaces']))} are too few to share equally: "
                     "the others roll for each")
    elif team["spaces"]:
        state["to_share"].append({"team": key, "cards": team["spaces"]})
        notes.append(f"its game space cards {', '.join(map(str, team['spaces']))} are shared among the others")
    team["spaces"] = []
    if len(left) == 1:
        state["over"] = True
        notes.append(f"{left[0]} is the last team in the game")
    elif len(left) == 2:
        state["suggest_finish"] = True
        if state["options"]["end_at_two"]:
            state["over"] = True
            notes.append("two teams remain, so the game ends")
        else:
            notes.append("two teams remain: the host may end the game")
    return notes
