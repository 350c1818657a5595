"""The shared countdown as data: server-clock times only, phones count down locally.

A timer is {"duration": ms, "started": ms|None, "paused": ms|None, "elapsed": ms}:
`elapsed` is time run before the current start. Running = started and not paused.
"""

from .errors import RuleError
from .fields import integer

DEFAULT_MS = 30_000
MAX_MS = 24 * 3600 * 1000


def new(duration: int = DEFAULT_MS) -> dict:
    """A stopped timer of the given length."""
    return {"duration": duration, "started": None, "paused": None, "elapsed": 0}


def running(timer: dict) -> bool:
    return timer["started"] is not None and timer["paused"] is None


def used(timer: dict, now: int) -> int:
    """Milliseconds run so far."""
    if timer["started"] is None:
        return timer["elapsed"]
    end = timer["paused"] if timer["paused"] is not None else now
    return timer["elapsed"] + max(0, end - timer["started"])


def remaining(timer: dict, now: int) -> int:
    """Milliseconds left (never negative)."""
    return max(0, timer["duration"] - used(timer, now))


def is_up(timer: dict, now: int) -> bool:
    """True once a started timer has run out: the server, not the phone, decides this."""
    return (timer["started"] is not None or timer["elapsed"] > 0) and remaining(timer, now) == 0


def deadline(timer: dict) -> int | None:
    """Server time at which a running timer reaches zero."""
    if not running(timer):
        return None
    return timer["started"] + timer["duration"] - timer["elapsed"]


def apply(timer: dict, action: dict) -> dict:
    """The timer after one timer_* action."""
    now = action["at"]
    kind = action["type"]
    t = dict(timer)
    if kind == "timer_start":
        if "duration" in action and action["duration"] not in (None, ""):
            t = new(_duration(action))
        elif t["started"] is not None or t["elapsed"]:
            t = new(t["duration"])
        t["started"] = now
    elif kind == "timer_pause":
        if not running(t):
            raise RuleError("The timer is not running.")
        t["paused"] = now
    elif kind == "timer_resume":
        if t["paused"] is None:
            raise RuleError("The timer is not paused.")
        t = {**t, "elapsed": used(t, now), "started": now, "paused": None}
    elif kind == "timer_reset":
        t = new(t["duration"])
    elif kind == "timer_add":
        seconds = integer(action, "seconds", low=-3600, high=3600)
        t["duration"] = min(MAX_MS, max(0, t["duration"] + seconds * 1000))
    elif kind == "timer_set":
        t = new(_duration(action))
    else:
        raise RuleError(f"Unknown timer action {kind}.")
    return t


def _duration(action: dict) -> int:
    if "duration" in action and action["duration"] not in (None, ""):
        return integer(action, "duration", low=1000, high=MAX_MS)
    return integer(action, "seconds", low=1, high=MAX_MS // 1000) * 1000
