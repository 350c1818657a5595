"""Finishing places from scores, with shared places for ties."""


def places(scores: dict, *, lowest_wins: bool = False) -> dict:
    """Map seat -> place (1 = first); equal scores share a place (1, 1, 3)."""
    ordered = sorted(scores.items(), key=lambda kv: kv[1], reverse=not lowest_wins)
    result, last_score, last_place = {}, object(), 0
    for i, (seat, score) in enumerate(ordered, start=1):
        if score != last_score:
            last_place, last_score = i, score
        result[seat] = last_place
    return result


def outcome_from_places(place_of: dict, summary: str = "") -> dict:
    """The outcome value every game returns when it has ended."""
    winners = sorted(seat for seat, place in place_of.items() if place == 1)
    return {"winners": winners, "places": {str(s): p for s, p in place_of.items()}, "summary": summary}
