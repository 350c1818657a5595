"""A turn's one choice: play a card, discard a card for a new one, or snipe (or pass when frozen)."""

from referee.engine.errors import BadAction, RuleError
from referee.engine.fields import choice, flag

from .common import (BOUNCES, FACE_MOVE, FACES, GIANTS, RANKS, SUITS, TRANSPORT_WORKS, die, drop_grail, freeze,
                     giants_named, next_turn, other_player, plural, send_to_start, seat_field, status, who)

CARD_WORDS = {"JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A", "1": "A"}


def card_of(action: dict) -> str:
    """The rank played: 2-10, J, Q, K or A (names and numbers from a form are accepted)."""
    raw = action.get("card")
    if raw in (None, ""):
        raise BadAction("Say which card was played (2 to 10, Jack, Queen, King or Ace).")
    rank = str(raw).strip().upper()
    rank = CARD_WORDS.get(rank, rank)
    if rank not in RANKS:
        raise BadAction(f"{str(raw)[:20]!r} is not a card: play 2 to 10, Jack, Queen, King or Ace.")
    return rank


def card_name(rank: str, suit=None) -> str:
    title = {**FACES, "A": "Ace"}.get(rank, rank)
    article = "an" if rank in ("A", "8") else "a"
    return f"{article} {title}" + (f" of {suit}" if suit else "")


def suit_of(action: dict, required: bool):
    value = action.get("suit")
    if value in (None, "") and not required:
        return None
    if value in (None, ""):
        raise BadAction("Say the card's suit: the transport goes to that suit's space.")
    word = str(value).strip().lower()
    word = {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"}.get(word, word)
    return choice({"suit": word if word.endswith("s") else word + "s"}, "suit", SUITS)


def not_frozen(state: dict, seat: int, doing: str) -> None:
    left = status(state, seat)["frozen"]
    if left:
        raise RuleError(f"{who(state, seat)} is frozen for {plural(left, 'more turn')} and cannot {doing}: "
                        "snipe or pass.")


def play(state: dict, seat: int, action: dict) -> dict:
    """Play one card: a number moves, a face card moves 4 or transports, an Ace freezes."""
    not_frozen(state, seat, "move or use cards")
    rank = card_of(action)
    if rank == "A":
        return cast_freeze(state, seat, action)
    if rank in FACES:
        use = choice({"use": str(action.get("use") or "").strip().lower()}, "use", ("move", "transport"))
        if use == "transport":
            return start_transport(state, seat, rank, suit_of(action, required=True))
        return move(state, seat, rank, FACE_MOVE, action)
    return move(state, seat, rank, int(rank), action)


def move(state: dict, seat: int, rank: str, spaces: int, action: dict) -> dict:
    """The table moves the piece; the app notes the card and what the piece landed beside."""
    blocks_alcove(state, seat, action)
    suit = suit_of(action, required=False)
    status(state, seat)["at_start"] = False
    state["this_turn"]["card"] = rank
    state["this_turn"]["must_battle"] = giants_named(action.get("touching"))
    state["phase"] = "moved"
    news = f"{who(state, seat)} plays {card_name(rank, suit)} and moves {plural(spaces, 'space')}"
    state["news"] = news + touching_words(state)
    return state


def blocks_alcove(state: dict, seat: int, action: dict) -> None:
    """No blocking of another player's alcove: a move reported as blocking one is refused."""
    if action.get("blocks") in (None, ""):
        return
    owner = seat_field(state, action, "blocks")
    if owner != seat:
        raise RuleError(f"No blocking: {who(state, seat)} may not block {who(state, owner)}'s alcove "
                        f"(alcove {status(state, owner)['alcove']}); stop somewhere else.")


def touching_words(state: dict) -> str:
    giants = [GIANTS[g] for g in state["this_turn"]["must_battle"]]
    return f"; landed touching {' and '.join(giants)} and must battle" if giants else ""


def cast_freeze(state: dict, seat: int, action: dict) -> dict:
    """An Ace freezes any other player for their next turns; then the turn is over."""
    target = other_player(state, action, "target", seat, "freeze")
    frozen = freeze(state, target)
    state["news"] = f"{who(state, seat)} plays an Ace: {frozen}" + next_turn(state)
    return state


def start_transport(state: dict, seat: int, rank: str, suit: str) -> dict:
    state["this_turn"]["card"] = rank
    state["pending"] = {"kind": "transport", "rank": rank, "suit": suit}
    state["phase"] = "transport"
    state["news"] = (f"{who(state, seat)} plays {card_name(rank, suit)} to transport to the {FACES[rank]} "
                     f"of {suit} space; a roll of 1-{TRANSPORT_WORKS} succeeds")
    return state


def transport_roll(state: dict, seat: int, action: dict) -> dict:
    """1-3: the piece is on the suit's face space. 4-6: back to the start, dropping the grail."""
    roll = die(action)
    pending = state["pending"]
    space = f"the {FACES[pending['rank']]} of {pending['suit']} space"
    if roll <= TRANSPORT_WORKS:
        status(state, seat)["at_start"] = False
        state["phase"] = "moved"
        state["pending"] = None
        news = f"{who(state, seat)} rolls {roll}: the transport works; {who(state, seat)} is on {space}"
        state["this_turn"]["must_battle"] = giants_named(action.get("touching"))
        news += touching_words(state)
    else:
        news = f"{who(state, seat)} rolls {roll}: the transport to {space} fails" + send_to_start(state, seat)
        news += next_turn(state)
    state["roll"] = {"kind": "transport", "seat": seat, "dice": [roll], "text": news}
    state["news"] = news
    return state


def discard(state: dict, seat: int, action: dict) -> dict:
    """Discard one card and draw a new one; that is the whole turn."""
    not_frozen(state, seat, "use cards")
    state["news"] = f"{who(state, seat)} discards a card and draws a new one" + next_turn(state)
    return state


def pass_turn(state: dict, seat: int, action: dict) -> dict:
    """A frozen player who does not snipe lets the turn go by."""
    left = status(state, seat)["frozen"]
    if not left:
        raise RuleError(f"{who(state, seat)} is not frozen: play a card, discard one for a new one, or snipe.")
    state["news"] = f"{who(state, seat)} is frozen and passes ({plural(left - 1, 'frozen turn')} left)"
    state["news"] += next_turn(state)
    return state


def snipe(state: dict, seat: int, action: dict) -> dict:
    """Instead of a card: one shot of the teleportation gun at another player (uses one ammo)."""
    record = status(state, seat)
    if record["ammo"] <= 0:
        used = state["options"]["ammo"]
        raise RuleError(f"{who(state, seat)} has no snipes left (all {used} used this game).")
    target = other_player(state, action, "target", seat, "snipe")
    record["ammo"] -= 1
    state["pending"] = {"kind": "snipe", "target": target, "attempt": 1}
    state["phase"] = "snipe"
    state["news"] = (f"{who(state, seat)} snipes at {who(state, target)} "
                     f"({plural(record['ammo'], 'snipe')} left); {BOUNCES} bounces to land it in the goblet")
    return state


def bounce(state: dict, seat: int, action: dict) -> dict:
    """One bounce of the ball: in the goblet is a hit; two misses and the shot is gone."""
    if action.get("hit") in (None, ""):
        raise BadAction("Say whether the ball landed in the goblet (hit: yes or no).")
    pending = state["pending"]
    target, attempt = pending["target"], pending["attempt"]
    if flag(action, "hit"):
        news = f"{who(state, seat)} lands bounce {attempt} in the goblet and snipes {who(state, target)}"
        news += snipe_effect(state, target)
    elif attempt < BOUNCES:
        pending["attempt"] = attempt + 1
        state["news"] = f"{who(state, seat)} misses bounce {attempt}; one more try"
        return state
    else:
        news = f"{who(state, seat)} misses bounce {attempt}; the snipe at {who(state, target)} misses"
    state["news"] = news + next_turn(state)
    return state


def snipe_effect(state: dict, target: int) -> str:
    """What a hit does, by the table's option (the rule text does not say)."""
    effect = state["options"]["snipe_effect"]
    if effect == "to_start":
        return send_to_start(state, target)
    if effect == "drop_grail":
        return drop_grail(state, target) or f"; {who(state, target)} has no grail to drop"
    return "; " + freeze(state, target, strict=False)
