"""Seats and host powers: claiming a seat, releasing, removing, handing over host, locking,
the table's own word list, and the evening's leaderboard across games."""

from .db import writing
from .engine.errors import BadAction, RuleError
from .models import Game, Seat, Table, WordList
from .store import (Forbidden, Receipt, Viewer, active_seats, all_seats, bump, digest, locked_table, new_token,
                    now_ms)


def claim_seat(code: str, number: int) -> tuple[Receipt, str]:
    """A phone takes a free seat; returns the new seat token (only its hash is kept)."""
    token = new_token()
    with writing():
        table = locked_table(code)
        if table.locked:
            raise Forbidden("The host has locked this table: ask them to unlock it or to seat you.")
        seat = Seat.get_or_none(Seat.table == table, Seat.number == number, Seat.removed == False)  # noqa: E712
        if seat is None:
            raise BadAction("That seat does not exist.")
        if seat.token_hash:
            raise Forbidden(f"{seat.name}'s seat is already taken by another phone. The host can release it.")
        seat.token_hash = digest(token)
        seat.save()
        return Receipt(version=bump(table)), token


def host_change(code: str, viewer: Viewer, change: str, number=None) -> Receipt:
    """Release a seat, lock or unlock joining, remove a player, or hand the host role over."""
    if not viewer.host:
        raise Forbidden("Only the host can do that.")
    with writing():
        table = locked_table(code)
        if change in ("lock", "unlock"):
            table.locked = change == "lock"
            Table.update(locked=table.locked).where(Table.id == table.id).execute()
            return Receipt(version=bump(table))
        seat = _seat(table, number)
        if change == "release":
            seat.token_hash = None
        elif change == "remove":
            if len(active_seats(table)) <= 1:
                raise RuleError("The last player cannot be removed.")
            seat.removed, seat.token_hash = True, None
            if table.host_seat == seat.number:
                Table.update(host_seat=None).where(Table.id == table.id).execute()
        elif change == "make_host":
            # The old host token stops working: only the chosen seat's phone is host now.
            Table.update(host_seat=seat.number, host_hash=digest(new_token())).where(Table.id == table.id).execute()
        else:
            raise BadAction(f"Unknown host action {change!r}.")
        seat.save()
        return Receipt(version=bump(table))


def _seat(table: Table, number) -> Seat:
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise BadAction("Say which seat.") from None
    seat = Seat.get_or_none(Seat.table == table, Seat.number == number, Seat.removed == False)  # noqa: E712
    if seat is None:
        raise BadAction("That seat is not at this table.")
    return seat


def save_word_list(code: str, viewer: Viewer, name: str, words: set) -> Receipt:
    """The host gives the table its own word list (replacing any earlier one); logged."""
    if not viewer.host:
        raise Forbidden("Only the host can add the table's own word list.")
    with writing():
        table = locked_table(code)
        WordList.delete().where(WordList.table == table).execute()
        WordList.create(table=table, name=name[:120] or "word list", words="\n".join(sorted(words)),
                        count=len(words), uploaded_at=now_ms())
        return Receipt(version=bump(table))


def word_list(table: Table):
    """The table's own list, or None."""
    return WordList.get_or_none(WordList.table == table)


def evening(table: Table) -> list[dict]:
    """Each player's wins and finishing places across the games played at this table."""
    rows = {s.number: {"seat": s.number, "name": s.name, "wins": 0, "places": [], "removed": s.removed}
            for s in all_seats(table)}
    for game_row in Game.select().where(Game.table == table).order_by(Game.number):
        if not game_row.outcome:
            continue
        for seat, place in game_row.outcome["places"].items():
            if int(seat) in rows:
                rows[int(seat)]["places"].append(place)
                rows[int(seat)]["wins"] += place == 1
    ranked = sorted(rows.values(), key=lambda r: (-r["wins"], sum(r["places"]) / len(r["places"]) if r["places"] else 99, r["name"]))
    return ranked
