"""Reading action fields: whole numbers, text, choices and yes/no, with messages for a person."""

import pytest

from referee.engine.errors import BadAction
from referee.engine.fields import choice, flag, integer, text


def test_integer_accepts_typed_numbers_and_a_typographic_minus():
    assert integer({"n": " 12 "}, "n") == 12
    assert integer({"n": "\u22125"}, "n") == -5


@pytest.mark.parametrize("bad", ["1.5", "twelve", "", True, 2.0, None, [1]])
def test_integer_refuses_what_is_not_a_whole_number(bad):
    with pytest.raises(BadAction):
        integer({"n": bad}, "n")


def test_integer_keeps_to_its_range():
    with pytest.raises(BadAction, match="between 1 and 6"):
        integer({"roll": 7}, "roll", low=1, high=6)


def test_text_is_trimmed_bounded_and_not_empty():
    assert text({"t": "  two   words "}, "t") == "two words"
    with pytest.raises(BadAction):
        text({"t": "   "}, "t")
    with pytest.raises(BadAction):
        text({"t": "x" * 201}, "t")


def test_choice_names_the_allowed_values():
    with pytest.raises(BadAction, match="one of: S, A"):
        choice({"r": "X"}, "r", ["S", "A"])


@pytest.mark.parametrize("value, expected", [(True, True), ("on", True), ("yes", True), (1, True),
                                             ("", False), ("off", False), (0, False), (False, False)])
def test_flag_reads_what_forms_and_json_send(value, expected):
    assert flag({"f": value}, "f") is expected


@pytest.mark.parametrize("bad", [2, -1, "maybe", [True]])
def test_flag_refuses_anything_else(bad):
    with pytest.raises(BadAction):
        flag({"f": bad}, "f")
