"""Typed errors raised by the rules engines and rendered once by the web layer."""


class RefereeError(Exception):
    """Base class: the message is written for a person at the table."""

    code = "error"
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class BadAction(RefereeError):
    """The action is malformed: a missing field, a wrong type, an unknown action (HTTP 400)."""

    code = "bad_action"
    status = 400


class RuleError(RefereeError):
    """The action is well formed but the rules do not allow it now (HTTP 409)."""

    code = "against_the_rules"
    status = 409
