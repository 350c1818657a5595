"""Word Quest: teams, challenge cards, award cards by level, game space cards, challenges and elimination.

The teams keep the board, pieces, dice and word cards; Referee keeps every team's cards,
says who may challenge, settles each turn and shares out the cards of a team that is out.
"""

READY = True

from .play import apply  # noqa: E402
from .report import choices, describe, outcome, prompt, random_needs, standings, view  # noqa: E402
from .table import OPTIONS, setup  # noqa: E402

SLUG = "word-quest"
TITLE = "Word Quest"
BLURB = "Teams, challenge cards, award cards and game space cards; Referee settles every challenge."
MIN_PLAYERS, MAX_PLAYERS = 2, 16
TEAMS = "required"

ACTIONS = {
    "deal": 'Host deals the game space cards (or shares out an eliminated team\'s): Referee shuffles, '
            'or give the table\'s own deal: {"type": "deal", "host": true, "hands": {"Red": [1, 4], "Blue": [2, 3]}}',
    "roll": 'A team rolls in a roll-off (order of play, a leftover card); two dice or empty for the app: '
            '{"type": "roll", "seat": 0, "roll": [4, 2]}',
    "land": 'The playing team reports the space it landed on, or its dice (Referee counts round the loop): '
            '{"type": "land", "seat": 0, "space": 14, "doubles": false}',
    "choose_level": 'On a purple super word space, the team picks the level: {"type": "choose_level", "seat": 0, "level": "advanced"}',
    "answer": 'The playing team\'s answer, one of the three definitions: {"type": "answer", "seat": 0, "guess": 2}',
    "challenge": 'The team holding that space\'s card challenges with a different definition: '
                 '{"type": "challenge", "seat": 2, "guess": 3}',
    "no_challenge": 'The team that may challenge lets the answer stand: {"type": "no_challenge", "seat": 2}',
    "reveal": 'The real answer is read; Referee settles the turn: {"type": "reveal", "seat": 2, "answer": 3}',
    "pay": 'A team out of challenge cards pays for one missing card with two novice or one intermediate '
           'award card: {"type": "pay", "seat": 0, "with": "intermediate"}',
    "finish": 'The host ends the game; the most points wins: {"type": "finish", "host": true}',
}

__all__ = ["READY", "SLUG", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "TEAMS", "OPTIONS", "ACTIONS",
           "setup", "apply", "standings", "outcome", "view", "describe", "random_needs", "choices", "prompt"]
