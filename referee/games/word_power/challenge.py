"""Word Power: challenges — the claim, the betting between two players, the ruling and its results."""

import re

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import choice, integer
from referee.engine.turns import name

from .cards import RELATIONS, challengeable, discard, end_turn
from .table import HOUSE, cash, dollars, host_only, pay, tell

ANSWER = re.compile(r"[SA][1-4]")


def claim_of(card: dict) -> str:
    """What the play says: 'S2', or '?2' when a both-space play did not say synonym or antonym."""
    return (card["relation"] or "?") + card["window"]


def spoken(claim: str) -> str:
    relation = {"S": "synonym", "A": "antonym", "?": "match"}[claim[0]]
    return f"word {claim[1]} is the {relation}"


def open_challenge(state: dict, action: dict) -> None:
    """Another player challenges a card of this turn, states the correct play and bets."""
    seat = action.get("seat")
    name(state, seat)
    if state["challenge"]:
        raise RuleError("One challenge at a time: the open challenge is settled first.")
    if state["phase"] != "play" or seat == state["turn"]["seat"]:
        raise RuleError("Only another player may challenge, during the turn of the player who played the card.")
    card = find_card(state, integer(action, "card", low=1, high=10**6))
    claim = choice(action, "relation", tuple(RELATIONS)) + str(integer(action, "word", low=1, high=4))
    player = state["turn"]["seat"]
    if claim == claim_of(card) or (card["relation"] is None and claim[1] == card["window"]):
        raise RuleError(f"That is what {name(state, player)} played; a challenge must name a different word.")
    bet = state["options"]["challenge_bet"]
    if cash(state, seat) < bet:
        raise RuleError(f"{name(state, seat)} has only {dollars(cash(state, seat))}; a challenge needs a "
                        f"{dollars(bet)} bet.")
    card["status"], card["challenger"] = "challenged", seat
    stake = min(bet, cash(state, player))
    state["challenge"] = {"card": card["id"], "key": card["key"], "challenger": seat, "player": player,
                          "claim": claim, "played": claim_of(card), "stake": stake,
                          "cap": max(stake, cap_of(state, seat, player)), "to_act": player,
                          "status": "betting", "proposal": None}
    tell(state, f"{name(state, seat)} challenges '{card['key']}': says {spoken(claim)}, and bets {dollars(bet)}.")
    if stake < bet:
        tell(state, f"{name(state, player)} has only {dollars(stake)}: the stake is {dollars(stake)}.")
    check_cap(state)


def priority(state: dict, player) -> list:
    """Who may challenge the player's cards, in the order of the tie rule: closest on his left first."""
    order, seats, seat = state["order"], [], player
    for _ in range(len(order) - 1):
        seat = order[(order.index(seat) + 1) % len(order)]
        seats.append(seat)
    return seats


def find_card(state: dict, card_id: int) -> dict:
    for card in state["turn"]["cards"]:
        if card["id"] == card_id:
            if card["status"] == "challenged" or card["challenger"] is not None:
                raise RuleError(f"'{card['key']}' has already been challenged by {name(state, card['challenger'])}.")
            if card not in challengeable(state):
                raise RuleError(f"'{card['key']}' has left the windows; it can no longer be challenged.")
            return card
    raise RuleError("That card was not played in this turn.")


def cap_of(state: dict, a, b) -> int:
    """No stake may exceed half the cash of either player, rounded down to the bet step."""
    step = state["options"]["challenge_bet"]
    return min(cash(state, a), cash(state, b)) // 2 // step * step


def raise_bet(state: dict, action: dict) -> None:
    """Raise the stake by $1,000 (the bet; option: any number of such steps), up to the half-cash cap."""
    ch = betting(state, action)
    step = state["options"]["challenge_bet"]
    to = integer(action, "to", low=1, high=10**9, default=ch["stake"] + step)
    if to > ch["cap"]:
        poorer = min((ch["challenger"], ch["player"]), key=lambda s: cash(state, s))
        raise RuleError(f"The stake is capped at {dollars(ch['cap'])}: half of {name(state, poorer)}'s "
                        f"{dollars(cash(state, poorer))}, rounded down to {dollars(step)}.")
    if state["options"]["raise_steps"] == "one" and to != ch["stake"] + step:
        raise RuleError(f"A raise adds {dollars(step)}: from {dollars(ch['stake'])} to {dollars(ch['stake'] + step)}.")
    if to <= ch["stake"] or (to - ch["stake"]) % step:
        raise RuleError(f"A raise adds steps of {dollars(step)} to the {dollars(ch['stake'])} stake.")
    ch["stake"], ch["to_act"] = to, other(ch, action["seat"])
    tell(state, f"{name(state, action['seat'])} raises the stake to {dollars(to)}.")
    check_cap(state)


def call(state: dict, action: dict) -> None:
    ch = betting(state, action)
    tell(state, f"{name(state, action['seat'])} calls: the stake is {dollars(ch['stake'])} each.")
    complete(state)


def betting(state: dict, action: dict) -> dict:
    ch = state["challenge"]
    if not ch or ch["status"] != "betting":
        raise RuleError("No challenge bet is waiting.")
    if action.get("seat") != ch["to_act"]:
        raise RuleError(f"It is {name(state, ch['to_act'])}'s move in the challenge bet.")
    return ch


def other(ch: dict, seat):
    return ch["player"] if seat == ch["challenger"] else ch["challenger"]


def check_cap(state: dict) -> None:
    ch = state["challenge"]
    if ch["stake"] >= ch["cap"]:
        tell(state, f"The stake has reached the cap of {dollars(ch['cap'])}: that counts as called.")
        complete(state)


def complete(state: dict) -> None:
    state["challenge"]["status"], state["challenge"]["to_act"] = "ruling", None
    tell(state, "Betting is complete: the card's answer may now be looked up.")


# --- the ruling ------------------------------------------------------------

def settle(state: dict, action: dict) -> None:
    """Look the card up (deck, then thesaurus), or take the host's typed answer, and apply the result."""
    ch = state["challenge"]
    if not ch:
        raise RuleError("No challenge is waiting for a ruling.")
    if ch["status"] == "betting":
        raise RuleError("The card is looked up only when the challenge betting is complete.")
    if not action.get("host") and action.get("seat") not in (ch["challenger"], ch["player"]):
        raise RuleError(f"{name(state, ch['challenger'])} or {name(state, ch['player'])} looks the card up "
                        "(or the host).")
    words = typed_words(action)
    if action.get("answer") not in (None, ""):
        host_only(action, "type or overrule a card's answer")
        answer = parse_answer(action["answer"])
        words = words or ch.get("words") or []
        if words:
            state["typed_cards"].append(typed_card(state, ch, words, answer, action))
        source = "the host" + (" (overruling the thesaurus)" if ch["proposal"] else "")
        return result(state, answer, source, "", words)
    if ch["status"] == "thesaurus":
        host_only(action, "confirm the thesaurus ruling")
        if not ch["proposal"]["answer"]:
            raise RuleError("The thesaurus found no single match: the host types the card's answer.")
        state["typed_cards"].append(typed_card(state, ch, ch["words"], ch["proposal"]["answer"], action))
        return result(state, ch["proposal"]["answer"], "the thesaurus", ch["proposal"]["evidence"], ch["words"])
    card = action.get("card")
    if isinstance(card, dict) and card.get("answer"):
        words = card.get("words") if isinstance(card.get("words"), list) else []
        return result(state, parse_answer(card["answer"]), "the Word Power dictionary",
                      str(card.get("definition") or ""), [str(w) for w in words][:4])
    if words:
        host_only(action, "type a card")
        return propose(state, words, action)
    ch["status"] = "unknown_card"
    tell(state, f"'{ch['key']}' is not in the decks: the host types its four words (for the thesaurus) or its answer.")


def parse_answer(raw) -> str:
    answer = str(raw).strip().upper()
    if not ANSWER.fullmatch(answer):
        raise BadAction("An answer looks like S2 (synonym, word 2) or A4 (antonym, word 4).")
    return answer


def typed_words(action: dict) -> list:
    raw = action.get("words")
    if raw in (None, "", []):
        return []
    if not isinstance(raw, (str, list)):
        raise BadAction("Type the card's four words, separated by commas.")
    words = [w.strip().lower() for w in (raw.split(",") if isinstance(raw, str) else raw) if isinstance(w, str)]
    if len(words) != 4 or not all(words) or any(len(w) > 40 for w in words):
        raise BadAction("Type the card's four words, separated by commas.")
    return words


def typed_card(state, ch, words, answer, action) -> dict:
    colour = next((c["colour"] for w in state["windows"].values() for c in w if c["id"] == ch["card"]),
                  state["deck_of"][str(ch["player"])])
    definition = action.get("definition") if isinstance(action.get("definition"), str) else ""
    return {"key": ch["key"], "words": words, "answer": answer, "definition": definition.strip()[:200],
            "colour": colour}


def propose(state: dict, words: list, action: dict) -> None:
    """The thesaurus verdict on the four words, shown with its evidence for the host to confirm or overrule."""
    ch = state["challenge"]
    found, evidence = [], []
    for i, word in enumerate(words, start=1):
        verdict = action.get(f"relation_{i}") or {}
        relation = verdict.get("relation", "neither") if isinstance(verdict, dict) else "neither"
        if relation in ("synonym", "antonym"):
            found.append(relation[0].upper() + str(i))
        evidence.append(f"{i}. {word}: {relation}" + (f" ({verdict['evidence']})" if verdict.get("evidence") else ""))
    answer = found[0] if len(found) == 1 else None
    ch["status"], ch["words"] = "thesaurus", words
    ch["proposal"] = {"answer": answer, "evidence": "; ".join(evidence)}
    shown = f"says {spoken(answer)}" if answer else "finds no single match"
    tell(state, f"The thesaurus {shown} for '{ch['key']}'; the host confirms or overrules.")


def result(state: dict, answer: str, source: str, evidence: str, words=()) -> None:
    """Result A (challenger wrong), B (challenger right) or C (both wrong)."""
    ch = state["challenge"]
    challenger, player, stake = ch["challenger"], ch["player"], ch["stake"]
    player_right = ch["played"][1] == answer[1] and ch["played"][0] in ("?", answer[0])
    tell(state, f"By {source}, {spoken(answer)} for '{ch['key']}'.")
    if ch["claim"] == answer:
        letter = "B"
        pay(state, player, challenger, stake)
        tell(state, f"{name(state, challenger)} was right and wins {dollars(stake)} from {name(state, player)}; "
                    f"'{ch['key']}' is discarded and {name(state, player)}'s turn ends.")
    elif player_right:
        letter = "A"
        pay(state, challenger, player, stake)
        tell(state, f"{name(state, challenger)} was wrong and pays {dollars(stake)} to {name(state, player)}, "
                    "who plays on.")
    else:
        letter = "C"
        pay(state, challenger, HOUSE, stake)
        pay(state, player, HOUSE, stake)
        tell(state, f"Both were wrong: each pays {dollars(stake)} to the Publishing House; '{ch['key']}' is "
                    f"discarded and {name(state, player)}'s turn ends.")
    state["last_ruling"] = {"key": ch["key"], "answer": answer, "source": source, "evidence": evidence,
                            "result": letter, "stake": stake, "challenger": challenger, "player": player,
                            "claim": ch["claim"], "played": ch["played"], "words": list(words)}
    state["challenge"] = None
    if letter == "A":
        for card in state["turn"]["cards"]:
            if card["id"] == ch["card"]:
                card["status"] = "upheld"
    else:
        discard(state, ch["card"])
        end_turn(state)
