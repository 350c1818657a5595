"""Word Quest screens through the Flask test client: every step of a turn, a whole game, seats, spectators, leaks."""

import html as htmllib
import re

from helpers import HX, act, final_board, join_link, open_table, seat_phone, version

ANN, BEN, CY, DEE = 0, 1, 2, 3          # Ann and Ben play for Red, Cy for Blue, Dee for Green
# A 12-space board, repeating novice, intermediate, advanced (third level), super (purple):
# 1 n, 2 i, 3 a, 4 s, 5 n, 6 i, 7 a, 8 s, 9 n, 10 i, 11 a, 12 s.
SMALL = {"spaces": "12", "board": "n i a s", "super_space_cards": "on", "advanced_pays": "on"}


def open_game(client, teams=("Red", "Red", "Blue", "Green"), names=("Ann", "Ben", "Cy", "Dee"), **options):
    form = {f"team{i}": team for i, team in enumerate(teams)}
    return open_table(client, names, "word-quest", **{**SMALL, **form, **options})


def phone(app, code, seat=None):
    """A new phone at the table: it scans the QR code and takes `seat` (or only watches when None)."""
    client = app.test_client()
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"
    if seat is None:
        assert client.get(join_link(code)).status_code == 200
        assert client.post(f"/j/{code}", data={"watch": "1"}).status_code == 303
        return client
    return seat_phone(client, code, seat)


def board(client, code) -> str:
    """The Word Quest board region of the table page."""
    html = client.get(f"/t/{code}").get_data(as_text=True)
    found = re.search(r'<section class="board word-quest".*?</section>', html, re.S)
    assert found, html[:800]
    return htmllib.unescape(found.group(0))


def action_types(html: str) -> set[str]:
    return set(re.findall(r'name="type" value="([a-z_]+)"', html))


def team_card(html: str, team: str) -> str:
    """One team's card in the teams list."""
    found = re.search(r'<li class="wq-team[^"]*">\s*<div class="wq-head">\s*(?:<span class="wq-place"[^>]*>\d+</span>\s*)?'
                      r'<span class="wq-name">(?:<span[^>]*>▶</span>)?' + re.escape(team) + r"\b.*?</li>", html, re.S)
    assert found, f"no card for {team}"
    return found.group(0)


def counts(html: str, team: str) -> list[int]:
    """[challenge, novice, intermediate, third level] as the team's card shows them."""
    card = team_card(html, team)
    return [int(n) for n in re.findall(r'<span class="wq-(?:ch|aw)"[^>]*>(?:<span[^>]*></span>)?<b>(\d+)</b>', card)]


def space_cards(html: str, team: str) -> list[int]:
    return [int(n) for n in re.findall(r'<span class="wq-space[^"]*">(\d+)</span>', team_card(html, team))]


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:600]
    assert 'class="flash error"' not in response.get_data(as_text=True), response.get_data(as_text=True)[:600]
    return response


def flash(response) -> str:
    found = re.search(r'class="flash error">(.*?)</p>', response.get_data(as_text=True), re.S)
    return found.group(1) if found else ""


def state_of(client, code) -> dict:
    return client.get(f"/api/tables/{code}").get_json()["state"]


def dealt_and_ordered(client, code, hands=("1 2 3 4", "5 6 7 8", "9 10 11 12"), teams=("Red", "Blue", "Green")):
    """The host records the table's own deal; the teams roll 10, 8, 6 for the order of play."""
    ok(act(client, code, type="deal", **{"hand_team[]": list(teams), "hand_cards[]": list(hands)}))
    for seat, total in zip((ANN, CY, DEE), (10, 8, 6)):
        ok(act(client, code, type="roll", seat=seat, roll=str(total)))


# ---- the catalogue and the new-table form ------------------------------------------------------


def test_word_quest_is_ready_and_its_new_table_form_asks_every_player_for_a_team(client):
    from referee import games
    assert any(g["slug"] == "word-quest" and g["ready"] for g in games.catalogue())
    assert "word-quest" in client.get("/api/openapi.json").get_data(as_text=True)
    form = client.get("/new/word-quest").get_data(as_text=True)
    assert 'name="team0"' in form and 'name="challenge_cards"' in form and 'name="board"' in form
    refused = client.post("/new/word-quest", data={"name0": "Ann", "name1": "Ben", "team0": "Red"})
    assert refused.status_code == 400 and "give every player a team" in refused.get_data(as_text=True)


# ---- the deal ----------------------------------------------------------------------------------


def test_the_host_lets_referee_deal_and_every_team_sees_the_numbers_it_takes(client, app):
    code = open_game(client)
    html = board(client, code)
    assert "12 cards for 3 teams: 4 each" in html
    assert "deal" in action_types(html) and "Referee deals the cards" in html
    cy = phone(app, code, CY)
    assert "deal" not in action_types(board(cy, code)) and "Waiting for" in board(cy, code)
    assert act(cy, code, type="deal").status_code == 409, "only the host deals"
    ok(act(client, code, type="deal"))
    html = board(cy, code)
    hands = {team: space_cards(html, team) for team in ("Red", "Blue", "Green")}
    assert sorted(sum(hands.values(), [])) == list(range(1, 13)), hands
    assert all(len(cards) == 4 for cards in hands.values())
    assert state_of(cy, code)["teams"]["Blue"]["spaces"] == hands["Blue"]
    assert "Roll for the order of play" in html


def test_the_table_records_its_own_deal_and_leftover_cards_are_rolled_for(client, app):
    code = open_game(client, spaces="14")
    teams = ["Red", "Blue", "Green"]
    empty = act(client, code, type="deal", **{"hand_team[]": teams, "hand_cards[]": ["", "", ""]})
    assert "Type the numbers" in flash(empty) and state_of(client, code)["phase"] == "deal"
    unequal = act(client, code, type="deal", **{"hand_team[]": teams, "hand_cards[]": ["1 2 3", "4, 5, 6", "7 8 9"]})
    assert ("The cards are dealt equally: 14 cards for 3 teams is 4 each, but Red took 3, Blue took 3, Green took 3."
            in flash(unequal)) and state_of(client, code)["phase"] == "deal"
    ok(act(client, code, type="deal", **{"hand_team[]": teams, "hand_cards[]": ["1 2 3 4", "5, 6, 7, 8", "9 10 11 12"]}))
    html = board(client, code)
    assert space_cards(html, "Blue") == [5, 6, 7, 8]
    assert "Roll for game space card 13" in html
    ann = phone(app, code, ANN)
    mine = board(ann, code)
    assert "Red rolls for card 13" in mine and "Blue rolls" not in mine, "a phone rolls only for its own team"
    assert act(ann, code, type="roll", seat=CY, roll="7").status_code == 403
    ok(act(ann, code, type="roll", roll="4"))
    assert "Red rolls" not in board(ann, code) and "Waiting for" in board(ann, code)
    again = act(phone(app, code, BEN), code, type="roll", roll="9")
    assert "Red has already rolled 4" in flash(again), "one roll per team, whichever phone sends it"
    ok(act(client, code, type="roll", seat=CY, roll="11"))
    ok(act(client, code, type="roll", seat=DEE, roll="11"))
    assert "Blue and Green tie on 11 and roll again" in board(client, code)
    assert "Red rolls" not in board(ann, code), "only the tied teams roll again"
    ok(act(client, code, type="roll", seat=CY, roll="3"))
    ok(act(client, code, type="roll", seat=DEE, roll="5"))
    assert space_cards(board(client, code), "Green") == [9, 10, 11, 12, 13]
    assert "Roll for game space card 14" in board(client, code)


# ---- one turn, step by step, on the right phones -----------------------------------------------


def test_a_turn_walks_through_land_answer_challenge_reveal_with_one_tap_each(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ann, ben, cy, dee = (phone(app, code, s) for s in (ANN, BEN, CY, DEE))
    html = board(ann, code)
    assert "Red: roll and report the space you land on." in html and "land" in action_types(html)
    assert "land" not in action_types(board(cy, code)) and "Waiting for <strong>Red</strong>" in board(cy, code)
    refused = act(cy, code, type="land", space="2")
    assert "Only Red can move now, not Blue" in flash(refused)

    ok(act(ben, code, type="land", space="7"))           # any phone of the team acts for it
    html = board(ann, code)
    assert '<b class="wq-num">7</b>' in html and "Blue holds card 7 and may challenge" in html
    assert "Right answer: 1 red award card" in html
    assert re.findall(r'name="guess" value="(\d)"', html) == ["1", "2", "3"]

    ok(act(ann, code, type="answer", guess="2"))
    for rival_phone in (cy,):
        html = board(rival_phone, code)
        assert "Challenge: 1" in html and "Challenge: 3" in html and "Challenge: 2" not in html
        assert "No challenge" in html
    for other in (ann, ben, dee):
        html = board(other, code)
        assert "challenge" not in action_types(html) and "Challenge:" not in html
    assert act(dee, code, type="challenge", guess="1").status_code == 409
    stale = act(cy, code, type="challenge", guess="1", v=str(version(cy, code) - 1))
    assert stale.status_code == 409 and state_of(cy, code)["turn"]["challenge"] is None

    ok(act(cy, code, type="challenge", guess="3"))
    html = board(dee, code)
    assert "Blue says" in html and "reveal" in action_types(html), "any team may read the real answer"
    assert "reveal" not in action_types(board(phone(app, code), code)), "not a spectator"
    ok(act(dee, code, type="reveal", answer="3"))
    html = board(ann, code)
    assert "Blue's challenge succeeds" in html and "Blue: roll and report" in html
    assert counts(html, "Red")[0] == 8 and counts(html, "Blue")[0] == 12


def test_a_purple_space_asks_the_level_and_a_doubles_roll_brings_one_bonus_roll(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ann = phone(app, code, ANN)
    ok(act(ann, code, type="land", space="4", doubles="on"))
    html = board(ann, code)
    assert "choose_level" in action_types(html) and "No challenge on a purple space" not in html
    assert re.findall(r'name="level" value="([a-z]+)"', html) == ["novice", "intermediate", "advanced"]
    ok(act(ann, code, type="choose_level", level="intermediate"))
    html = board(ann, code)
    assert "Right answer: 3 green award cards (purple space)" in html and "No challenge on a purple space" in html
    ok(act(ann, code, type="answer", guess="1"))
    assert "challenge" not in action_types(board(client, code))
    ok(act(ann, code, type="reveal", answer="1"))
    html = board(ann, code)
    assert counts(html, "Red") == [10, 0, 3, 0]
    assert "bonus roll" in html and "Red: roll and report" in html
    assert 'name="doubles"' not in html, "only one bonus roll per turn: no doubles box on the bonus roll"
    ok(act(ann, code, type="land", **{"roll[]": ["2", "3"]}))   # Referee counts from space 4: 9
    assert state_of(ann, code)["turn"]["space"] == 9


def test_the_host_alone_plays_every_team_on_one_phone(client):
    code = open_game(client)
    dealt_and_ordered(client, code)
    html = board(client, code)
    assert '<input type="hidden" name="seat" value="0">' in html
    ok(act(client, code, type="land", seat=ANN, space="2"))
    ok(act(client, code, type="answer", seat=ANN, guess="1"))       # Red holds 2: no challenge
    ok(act(client, code, type="reveal", answer="1"))
    ok(act(client, code, type="land", seat=CY, space="3"))          # Blue on Red's card 3
    ok(act(client, code, type="answer", seat=CY, guess="1"))
    html = board(client, code)
    assert "Challenge: 2" in html and f'name="seat" value="{ANN}"' in html, "the host challenges for Red"
    ok(act(client, code, type="no_challenge", seat=ANN))
    ok(act(client, code, type="reveal", answer="2"))
    state = state_of(client, code)
    assert state["teams"]["Red"]["awards"]["intermediate"] == 2 and state["teams"]["Blue"]["awards"]["advanced"] == 0
    assert "host for Cy" in client.get(f"/t/{code}").get_data(as_text=True)


# ---- a whole game: challenges, paying in award cards, elimination, sharing out, the winner -----


def test_a_whole_game_through_the_screens(client, app):
    code = open_game(client, challenge_cards="1")
    dealt_and_ordered(client, code)          # Red 1-4, Blue 5-8, Green 9-12; Red, Blue, Green play in that order
    ann, ben, cy, dee = (phone(app, code, s) for s in (ANN, BEN, CY, DEE))

    def turn(who, space, guess, answer, challenger=None, challenge=None, level=None, doubles=False):
        ok(act(who, code, type="land", space=str(space), **({"doubles": "on"} if doubles else {})))
        if level:
            ok(act(who, code, type="choose_level", level=level))
        ok(act(who, code, type="answer", guess=str(guess)))
        if challenger is not None:
            ok(act(challenger, code, **({"type": "challenge", "guess": str(challenge)} if challenge else {"type": "no_challenge"})))
        ok(act(who, code, type="reveal", answer=str(answer)))
        return board(dee, code)

    html = turn(ann, 1, 1, 1)                                   # Red on its own novice card: two award cards
    assert counts(html, "Red") == [1, 2, 0, 0]
    html = turn(cy, 2, 1, 1, challenger=ben, challenge=2)       # Red challenges Blue and is wrong
    assert counts(html, "Red") == [0, 2, 0, 0] and counts(html, "Blue") == [2, 0, 1, 0]
    html = turn(dee, 4, 1, 1, level="advanced", doubles=True)   # purple: three; doubles: a bonus roll
    assert counts(html, "Green") == [1, 0, 0, 3] and "Green's turn <span class=\"wq-bonus\">bonus roll" in html
    html = turn(dee, 12, 2, 3, level="novice")                  # the bonus roll: wrong, nothing
    assert counts(html, "Green") == [1, 0, 0, 3]
    html = turn(ann, 2, 1, 1)                                   # Red on its own intermediate card: two
    assert counts(html, "Red") == [0, 2, 2, 0]
    html = turn(cy, 3, 1, 1, challenger=ann)                    # Red lets it stand
    assert counts(html, "Blue") == [2, 0, 1, 1]
    html = turn(dee, 5, 1, 3, challenger=cy, challenge=2)       # both wrong: nothing changes
    assert counts(html, "Green") == [1, 0, 0, 3] and counts(html, "Blue") == [2, 0, 1, 1]

    # Red, out of challenge cards, loses a challenge: it chooses how to pay for each missing card.
    ok(act(ann, code, type="land", space="6"))
    ok(act(ann, code, type="answer", guess="1"))
    ok(act(cy, code, type="challenge", guess="2"))
    ok(act(dee, code, type="reveal", answer="2"))
    html = board(ben, code)
    assert "Red has no challenge card left to give Blue" in html
    assert re.findall(r'name="with" value="([a-z]+)"', html) == ["novice", "intermediate"]
    assert "pay" not in action_types(board(cy, code))
    assert act(cy, code, type="pay", **{"with": "novice"}).status_code == 409
    ok(act(ben, code, type="pay", **{"with": "intermediate"}))
    ok(act(ann, code, type="pay", **{"with": "novice"}))
    html = board(dee, code)
    assert counts(html, "Red") == [0, 0, 1, 0] and counts(html, "Blue") == [2, 2, 2, 1]

    html = turn(cy, 7, 1, 1)                                    # Blue on its own third-level card
    assert counts(html, "Blue") == [2, 2, 2, 3]
    html = turn(dee, 9, 1, 2)                                   # Green wrong on its own card
    # Red loses again with one intermediate card left: it pays it and drops out.
    html = turn(ann, 10, 1, 3, challenger=dee, challenge=3)
    assert "Red has no challenge or award cards left and is out" in html
    assert 'class="wq-out-tag">out' in team_card(html, "Red") and counts(html, "Green") == [1, 0, 1, 3]
    assert "The host shares out Red's game space cards 1, 2, 3, 4." in html
    assert "land" not in action_types(board(ann, code)), "a team that is out has nothing to do"

    # The host records how the table split Red's cards: two each, equally, or Referee refuses it.
    unequal = act(client, code, type="deal", **{"hand_team[]": ["Blue", "Green"], "hand_cards[]": ["1", "2 3"]})
    assert "4 cards for 2 teams is 2 each, but Blue took 1" in flash(unequal)
    ok(act(client, code, type="deal", **{"hand_team[]": ["Blue", "Green"], "hand_cards[]": ["1 4", "2 3"]}))
    html = board(client, code)
    assert space_cards(html, "Blue") == [1, 4, 5, 6, 7, 8] and space_cards(html, "Green") == [2, 3, 9, 10, 11, 12]
    assert "Two teams remain: the game usually ends here." in html
    assert "finish" not in action_types(board(cy, code)), "only the host ends the game"

    ok(act(client, code, type="finish"))
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Blue wins with 7 points." in page
    final_board(page, "word-quest")
    outcome = client.get(f"/api/tables/{code}").get_json()["outcome"]
    assert outcome["winners"] == [CY]
    assert outcome["places"] == {"0": 3, "1": 3, "2": 1, "3": 2}


def test_weighted_points_count_novice_1_intermediate_2_third_level_3(client):
    code = open_game(client, points="weighted")
    dealt_and_ordered(client, code)
    ok(act(client, code, type="land", seat=ANN, space="3"))      # Red's own third-level card: two cards
    ok(act(client, code, type="answer", seat=ANN, guess="1"))
    ok(act(client, code, type="reveal", answer="1"))
    html = board(client, code)
    assert re.search(r'<span class="wq-points"><b>6</b>', team_card(html, "Red"))
    assert "novice 1, intermediate 2, third level 3" in html


def test_host_undo_takes_back_the_award_cards(client):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ok(act(client, code, type="land", seat=ANN, space="1"))
    ok(act(client, code, type="answer", seat=ANN, guess="1"))
    ok(act(client, code, type="reveal", answer="1"))
    assert counts(board(client, code), "Red")[1] == 2
    assert client.post(f"/t/{code}/undo", data={"key": "u1"}, headers=HX).status_code == 200
    html = board(client, code)
    assert counts(html, "Red")[1] == 0 and "Read the real answer" in html


def test_the_finished_board_is_the_final_picture_by_place_with_nothing_to_tap(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ok(act(client, code, type="land", seat=ANN, space="6"))
    ok(act(client, code, type="answer", seat=ANN, guess="1"))   # Blue holds 6 and challenges: wrong
    ok(act(client, code, type="challenge", seat=CY, guess="2"))
    ok(act(client, code, type="reveal", answer="1"))             # Red: 1 green card and Blue's challenge card
    ok(act(client, code, type="land", seat=CY, space="7"))       # Blue on its own card: two red cards
    ok(act(client, code, type="answer", seat=CY, guess="3"))
    ok(act(client, code, type="reveal", answer="3"))
    ok(act(client, code, type="finish"))
    for viewer in (client, phone(app, code, DEE), phone(app, code)):
        page = viewer.get(f"/t/{code}").get_data(as_text=True)
        html = htmllib.unescape(final_board(page, "word-quest"))
        assert "Blue wins with 2 points." in page and "Final cards" in html
        assert "How it ended</small>The host ended the game." in html
        assert re.findall(r'class="wq-place"[^>]*>(\d)<', html) == ["1", "2", "3"]
        assert [re.sub(r"\W", "", n) for n in re.findall(r'<span class="wq-name">([^<]*)', html)] == ["Blue", "Red", "Green"]
        assert 'class="wq-team winner' in team_card(html, "Blue") and "winner" not in team_card(html, "Red")
        assert counts(html, "Blue") == [9, 0, 0, 2] and counts(html, "Red") == [11, 0, 1, 0]
        assert "▶" not in html and "landed" not in html and "Waiting for" not in html
        assert not action_types(html) and "<form" not in html and "<button" not in html


def test_the_platform_end_button_in_the_middle_of_a_turn_also_shows_the_final_picture(client):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ok(act(client, code, type="land", seat=ANN, space="1"))
    ok(act(client, code, type="answer", seat=ANN, guess="1"))
    ok(act(client, code, type="reveal", answer="1"))             # Red on its own card: two award cards
    ok(act(client, code, type="land", seat=CY, space="9"))
    ok(act(client, code, type="end_game"))                       # the platform's own "End the game"
    page = client.get(f"/t/{code}").get_data(as_text=True)
    html = htmllib.unescape(final_board(page, "word-quest"))
    assert "Red wins with 2 points." in page, "the engine names the winner, whichever end button was used"
    assert "The host ended the game, during Blue's turn (space 9), which does not count." in html
    assert "Read the" not in html and "which of the three definitions" not in html and "Waiting for" not in html
    assert not action_types(html) and "▶" not in html
    outcome = client.get(f"/api/tables/{code}").get_json()["outcome"]
    assert outcome["winners"] == [ANN, BEN] and outcome["places"]["2"] == 2


def test_undo_after_each_kind_of_action_brings_back_the_step_before_it(client):
    """The platform undoes by replaying the log without the last action: after every kind of action the
    table must be exactly as it was, and the screen must ask for that action again."""
    code = open_game(client, spaces="13", challenge_cards="1")
    steps = [
        ({"type": "deal", "hand_team[]": ["Red", "Blue", "Green"], "hand_cards[]": ["1 2 3 4", "5 6 7 8", "9 10 11 12"]},
         "Record our deal"),
        ({"type": "roll", "seat": ANN, "roll": "5"}, "Red rolls for card 13"),
        ({"type": "roll", "seat": CY, "roll": "9"}, "Blue rolls for card 13"),
        ({"type": "roll", "seat": DEE, "roll": "3"}, "Green rolls for card 13"),
        ({"type": "roll", "seat": ANN, "roll": "10"}, "Red rolls"),
        ({"type": "roll", "seat": CY, "roll": "8"}, "Blue rolls"),
        ({"type": "roll", "seat": DEE, "roll": "6"}, "Green rolls"),
        ({"type": "land", "seat": ANN, "space": "4", "doubles": "on"}, "Space landed on"),
        ({"type": "choose_level", "seat": ANN, "level": "novice"}, "team chooses"),
        ({"type": "answer", "seat": ANN, "guess": "1"}, "which of the three definitions"),
        ({"type": "reveal", "answer": "1"}, "Read the real answer"),
        ({"type": "land", "seat": ANN, "space": "2"}, "bonus roll"),        # Red's own intermediate card
        ({"type": "answer", "seat": ANN, "guess": "2"}, "which of the three definitions"),
        ({"type": "reveal", "answer": "2"}, "Read the real answer"),
        ({"type": "land", "seat": CY, "space": "7"}, "Blue: roll and report"),
        ({"type": "answer", "seat": CY, "guess": "1"}, "which of the three definitions"),
        ({"type": "reveal", "answer": "3"}, "Read the real answer"),
        ({"type": "land", "seat": DEE, "space": "9"}, "Green: roll and report"),
        ({"type": "answer", "seat": DEE, "guess": "1"}, "which of the three definitions"),
        ({"type": "reveal", "answer": "3"}, "Read the real answer"),
        ({"type": "land", "seat": ANN, "space": "6"}, "Red: roll and report"),
        ({"type": "answer", "seat": ANN, "guess": "1"}, "which of the three definitions"),
        ({"type": "challenge", "seat": CY, "guess": "2"}, "Challenge: 2"),
        ({"type": "reveal", "answer": "2"}, "Blue says"),
        ({"type": "pay", "seat": ANN, "with": "novice"}, "Red has no challenge card left"),
    ]
    for n, (fields, asked) in enumerate(steps):
        before = state_of(client, code)
        ok(act(client, code, **fields))
        assert state_of(client, code) != before
        undone = client.post(f"/t/{code}/undo", data={"key": f"undo-{n}"}, headers=HX)
        assert undone.status_code == 200
        assert state_of(client, code) == before, f"undoing {fields['type']} (step {n})"
        assert asked in board(client, code), f"after undoing {fields['type']} the screen asks for it again"
        ok(act(client, code, **fields))
    state = state_of(client, code)
    assert state["teams"]["Red"]["awards"] == {"novice": 1, "intermediate": 2, "advanced": 0}
    assert state["teams"]["Blue"]["awards"]["novice"] == 2 and state["teams"]["Blue"]["challenge"] == 2


def test_a_double_tap_applies_once_and_a_second_phone_of_the_team_is_told_why(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ann, ben = phone(app, code, ANN), phone(app, code, BEN)
    ok(act(ann, code, type="land", space="2", key="tap-1"))
    ok(act(ann, code, type="land", space="2", key="tap-1"))      # the same tap twice: applied once
    assert state_of(ann, code)["phase"] == "answer" and state_of(ann, code)["turn"]["space"] == 2
    late = act(ben, code, type="land", space="3")                 # Ben's phone taps at the same moment
    assert "You cannot land now" in flash(late) and state_of(ann, code)["turn"]["space"] == 2
    ok(act(ann, code, type="answer", guess="1", key="tap-2"))
    ok(act(ann, code, type="answer", guess="1", key="tap-2"))
    assert state_of(ann, code)["phase"] == "reveal"


def test_bad_input_from_a_phone_is_refused_in_plain_words_and_changes_nothing(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    ann = phone(app, code, ANN)
    before = state_of(ann, code)
    for fields, said in (({"space": "-3"}, "between 1 and 12"), ({"space": "999999999999"}, "between 1 and 12"),
                         ({"space": "seven"}, "whole number"), ({"space": ""}, "the space the piece landed on"),
                         ({"roll[]": ["7", "1"]}, "1 to 6"), ({"roll[]": ["", ""]}, "1 to 6"), ({"roll": ""}, "landed on"),
                         ({"space": "3", "doubles": "maybe"}, "yes or no")):
        refused = act(ann, code, type="land", **fields)
        assert refused.status_code in (400, 409) and said in flash(refused), (fields, flash(refused))
    ok(act(ann, code, type="land", space="1"))
    for guess in ("0", "4", "", "1.5"):
        assert flash(act(ann, code, type="answer", guess=guess)), guess
    assert state_of(ann, code)["turn"]["guess"] is None
    cards = lambda teams: {k: (t["challenge"], t["awards"], t["spaces"]) for k, t in teams.items()}  # noqa: E731
    assert cards(state_of(ann, code)["teams"]) == cards(before["teams"])


# ---- who may act, who may look -----------------------------------------------------------------


def test_spectators_and_strangers_are_refused(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    watcher = phone(app, code)
    html = board(watcher, code)
    assert "Waiting for <strong>Red</strong> · you are watching" in html and not action_types(html)
    refused = act(watcher, code, type="land", space="1")
    assert refused.status_code == 403 and state_of(client, code)["turn"]["space"] is None
    stranger = app.test_client()
    stranger.environ_base["HTTP_ORIGIN"] = "http://localhost"
    assert stranger.get(f"/t/{code}").status_code == 403
    assert stranger.post(f"/t/{code}/act", data={"type": "land", "space": "1"}).status_code == 403


def test_a_phone_cannot_act_for_another_team_or_another_seat(client, app):
    code = open_game(client)
    dealt_and_ordered(client, code)
    cy = phone(app, code, CY)
    assert act(cy, code, type="land", seat=ANN, space="1").status_code == 403
    assert "Only Red can move now, not Blue" in flash(act(cy, code, type="land", space="1"))
    assert act(cy, code, type="finish").status_code == 409
    assert state_of(client, code)["turn"]["space"] is None


def test_nothing_private_leaks_between_phones_in_html_or_json(client, app):
    """Word Quest has no hidden game information (every answer is spoken at the table), so what must
    never reach another phone is a seat's or the host's secret token; every phone sees the same cards."""
    response = client.post("/api/tables", json={
        "game": "word-quest", "options": {"spaces": 12, "board": "n i a s"},
        "players": [{"name": "Ann", "team": "Red"}, {"name": "Ben", "team": "Red"},
                    {"name": "Cy", "team": "Blue"}, {"name": "Dee", "team": "Green"}]})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    code, host_token = created["code"], created["host_token"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    secrets = [host_token, *tokens.values()]
    bearer = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    assert client.post(f"/api/tables/{code}/actions", json={"type": "deal"},
                       headers={"Authorization": f"Bearer {host_token}"}).status_code == 200
    seen = {}
    for seat in tokens:
        body = client.get(f"/api/tables/{code}", headers=bearer[seat]).get_data(as_text=True)
        others = [s for s in secrets if s != tokens[seat]]
        assert not any(secret in body for secret in secrets), f"a token leaked to seat {seat}"
        assert not any(secret in body for secret in others)
        data = client.get(f"/api/tables/{code}", headers=bearer[seat]).get_json()
        assert data["you"] == {"seat": seat, "host": False}
        seen[seat] = data["state"]["teams"]
    assert all(teams == seen[0] for teams in seen.values()), "every phone sees the same cards"
    spectator = client.get(f"/api/tables/{code}").get_json()
    assert spectator["you"] == {"seat": None, "host": False}
    assert client.post(f"/api/tables/{code}/actions", json={"type": "roll", "roll": 7}).status_code == 403
    refused = client.post(f"/api/tables/{code}/actions", json={"type": "roll", "seat": 2, "roll": 7}, headers=bearer[0])
    assert refused.status_code == 403, "Ann's token cannot roll for Cy"



def test_a_phone_page_never_carries_another_phones_token(client, app):
    code = open_game(client)
    host_token = client.get_cookie(f"host_{code}").value
    ann, cy = phone(app, code, ANN), phone(app, code, CY)
    ann_token, cy_token = ann.get_cookie(f"seat_{code}").value, cy.get_cookie(f"seat_{code}").value
    assert len({host_token, ann_token, cy_token}) == 3
    ok(act(client, code, type="deal"))
    for viewer, own in ((ann, ann_token), (cy, cy_token)):
        others = [t for t in (host_token, ann_token, cy_token) if t != own]
        for path in (f"/t/{code}", f"/api/tables/{code}", f"/t/{code}/poll?v=0"):
            body = viewer.get(path, headers=HX).get_data(as_text=True)
            assert not any(token in body for token in others), path
    assert "Blue rolls" in board(cy, code) and "Red rolls" not in board(cy, code)
    assert "Red rolls" in board(ann, code) and "Blue rolls" not in board(ann, code)
