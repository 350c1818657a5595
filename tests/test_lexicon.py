"""The dictionaries: word verdicts, proper nouns, thesaurus rulings, uploads and bad input."""

import pytest

from referee import lexicon
from referee.lexicon import FakeLexicon, UnknownLexicon, parse_word_list

COMMON = ["cat", "house", "run", "quick", "table", "beautiful", "jump", "zebra", "quiz", "water"]
NON_WORDS = ["qwxz", "blorptastic", "asdfgh", "zzzzq", "xqj"]


@pytest.mark.parametrize("lexicon_id", ["standard", "large", "junior", "american", "british"])
@pytest.mark.parametrize("word", COMMON)
def test_common_words_are_valid_in_every_list(word, lexicon_id):
    verdict = lexicon.check(word, lexicon_id)
    assert verdict["valid"] is True, verdict
    assert verdict["lexicon"] == lexicon_id
    assert verdict["reason"].startswith("in ")


@pytest.mark.parametrize("word", NON_WORDS)
def test_obvious_non_words_are_not_valid(word):
    verdict = lexicon.check(word, "large")
    assert verdict["valid"] is False
    assert verdict["reason"] == "not in Large list (obscure words)"


def test_reason_names_the_chosen_list():
    assert lexicon.check("qwxz", "standard")["reason"] == "not in Standard game list"


def test_obscure_words_count_only_in_the_large_list():
    assert lexicon.check("zyzzyva", "standard")["valid"] is False
    assert lexicon.check("zyzzyva", "standard")["also_in"] == ["large"]
    assert lexicon.check("zyzzyva", "large")["valid"] is True


def test_junior_list_is_smaller_than_standard_which_is_smaller_than_large():
    counts = {lex["id"]: lex["word_count"] for lex in lexicon.lexicons()}
    assert 20_000 < counts["junior"] < counts["standard"] < counts["large"]
    assert lexicon.check("quixotic", "standard")["valid"] and not lexicon.check("quixotic", "junior")["valid"]


def test_american_and_british_spellings_are_separate_lists():
    assert lexicon.check("color", "american")["valid"] and not lexicon.check("colour", "american")["valid"]
    assert lexicon.check("colour", "british")["valid"] and not lexicon.check("color", "british")["valid"]
    assert lexicon.check("colour", "standard")["valid"] and lexicon.check("color", "standard")["valid"]


def test_case_and_spaces_are_ignored_for_ordinary_words():
    for typed in ("Table", "TABLE", "  table  ", "tAbLe"):
        verdict = lexicon.check(typed)
        assert verdict["valid"] is True and verdict["proper_noun"] is False
    assert lexicon.check("  Table ")["word"] == "Table"


def test_proper_nouns_are_recognised_and_rejected_unless_allowed():
    for typed in ("Paris", "paris", "PARIS"):
        refused = lexicon.check(typed, "standard")
        assert refused == {**refused, "valid": False, "proper_noun": True, "reason": "proper noun (Paris)"}
    allowed = lexicon.check("Paris", "junior", proper_nouns=True)
    assert allowed["valid"] is True and allowed["proper_noun"] is True


def test_a_word_that_is_also_a_name_counts_as_a_word():
    verdict = lexicon.check("Bill")
    assert verdict["valid"] is True and verdict["proper_noun"] is False


@pytest.mark.parametrize("typed, reason", [
    ("can't", "contraction"), ("don\u2019t", "contraction"), ("x-ray", "hyphenated"),
    ("USA", "abbreviation"), ("Mr", "abbreviation"), ("dog's", "possessive"),
])
def test_contractions_abbreviations_hyphens_and_possessives_are_not_game_words(typed, reason):
    verdict = lexicon.check(typed, "large")
    assert verdict["valid"] is False and verdict["reason"] == reason


def test_curly_apostrophe_is_read_as_straight():
    assert lexicon.check("don\u2019t")["word"] == "don't"


def test_accents_are_optional():
    assert lexicon.check("café")["valid"] and lexicon.check("cafe")["valid"]


@pytest.mark.parametrize("typed, start", [
    ("", "empty"), ("   ", "empty"), ("a" * 10_000, "too long"), ("1234", "contains digits"),
    ("c4t", "contains digits"), ("\U0001F600", "contains symbols or emoji"), ("cat!", "contains symbols"),
    ("ice cream", "more than one word"), (None, "empty"), ("'", "no letters"),
])
def test_bad_input_gets_a_clear_answer_and_never_raises(typed, start):
    verdict = lexicon.check(typed)
    assert verdict["valid"] is False
    assert verdict["reason"].startswith(start), verdict["reason"]
    assert len(verdict["word"]) <= 80


def test_unknown_lexicon_id_is_refused_with_the_choices():
    with pytest.raises(UnknownLexicon, match="choose one of standard, large"):
        lexicon.check("cat", "klingon")


def test_lexicons_list_every_offer_with_counts():
    listed = lexicon.lexicons()
    assert [lex["id"] for lex in listed] == ["standard", "large", "junior", "american", "british", "own"]
    assert all(lex["name"] and lex["description"] for lex in listed)
    assert listed[-1]["upload"] is True and listed[-1]["word_count"] is None


def test_the_tables_own_list_adds_words():
    own = parse_word_list(b"Zorblax\nquux\n")
    assert lexicon.check("zorblax", "standard", extra_words=own)["valid"] is True
    assert lexicon.check("zorblax", "standard")["valid"] is False
    assert lexicon.check("quux", "own", extra_words=own)["reason"] == "in the table's own list"
    assert lexicon.check("cat", "own", extra_words=own)["valid"] is False


# Thesaurus -----------------------------------------------------------------------------

def test_abandon_and_desert_are_synonyms():
    ruling = lexicon.relation("abandon", "desert")
    assert ruling["relation"] == "synonym" and ruling["indirect"] is False
    assert "leave someone who needs or counts on you" in ruling["evidence"]
    assert ruling["sense"]["pos"] == "verb"


def test_hot_and_cold_are_direct_antonyms():
    ruling = lexicon.relation("hot", "cold")
    assert ruling["relation"] == "antonym" and ruling["indirect"] is False
    assert "direct antonym" in ruling["evidence"]


def test_hot_and_table_are_neither():
    ruling = lexicon.relation("hot", "table")
    assert ruling["relation"] == "neither" and ruling["sense"] is None


def test_indirect_antonym_through_similar_adjectives_says_so():
    ruling = lexicon.relation("hot", "frigid")
    assert ruling["relation"] == "antonym" and ruling["indirect"] is True
    assert "Indirect antonym through similar adjectives" in ruling["evidence"]


def test_happy_and_sad_are_antonyms_through_see_also():
    ruling = lexicon.relation("happy", "sad")
    assert ruling["relation"] == "antonym" and ruling["indirect"] is True


def test_inflected_forms_are_reduced_to_their_base():
    assert lexicon.relation("deserted", "abandoned")["relation"] == "synonym"
    assert lexicon.relation("Abandoning", "DESERTING")["relation"] == "synonym"


@pytest.mark.parametrize("key, candidate", [("", "cold"), ("hot", "\U0001F600"), ("hot", "a" * 10_000),
                                            ("qwxz", "cold"), ("hot", "hot")])
def test_relation_bad_input_is_neither_with_a_reason(key, candidate):
    ruling = lexicon.relation(key, candidate)
    assert ruling["relation"] == "neither" and ruling["evidence"]


def test_define_gives_part_of_speech_gloss_and_synonyms():
    senses = lexicon.define("desert")
    assert {s["pos"] for s in senses} >= {"noun", "verb"}
    verb = next(s for s in senses if s["gloss"].startswith("leave someone who needs"))
    assert "abandon" in verb["synonyms"] and verb["examples"] == ["The mother deserted her children"]
    assert lexicon.define("") == [] and lexicon.define("qwxz") == []


def test_thesaurus_lists_antonyms_and_indirect_antonyms_by_sense():
    hot = lexicon.thesaurus("hot")
    assert hot["found"] and any("cold" in s["antonyms"] for s in hot["senses"])
    torrid = lexicon.thesaurus("torrid")
    assert any("cold" in s["indirect_antonyms"] for s in torrid["senses"])
    assert lexicon.thesaurus("\U0001F600") == {"word": "\U0001F600", "found": False, "senses": []}


# Engine look-ups (docs/ENGINE.md) ---------------------------------------------------

def test_answer_fills_a_word_request_in_the_engine_shape():
    filled = lexicon.answer({"word": "Paris", "proper_nouns": True}, {"lexicon": "junior"}, set())
    assert filled == {"valid": True, "proper_noun": True, "reason": "proper noun (Paris)", "lexicon": "junior"}


def test_answer_fills_a_relation_request_in_the_engine_shape():
    filled = lexicon.answer({"relation": ["hot", "cold"]})
    assert set(filled) == {"relation", "evidence"} and filled["relation"] == "antonym"


def test_answer_rejects_a_malformed_request():
    with pytest.raises(ValueError):
        lexicon.answer({"relation": ["hot"]})
    with pytest.raises(ValueError):
        lexicon.answer({"colour": "red"})


def test_fake_lexicon_mirrors_the_real_shapes():
    fake = FakeLexicon({"cat"}, proper_nouns={"Paris"}, synonyms=[("big", "large")], antonyms=[("hot", "cold")])
    assert fake.check("Cat")["valid"] and not fake.check("dog")["valid"]
    assert fake.check("paris")["proper_noun"] and not fake.check("paris")["valid"]
    assert fake.relation("large", "big")["relation"] == "synonym"
    assert fake.answer({"relation": ["cold", "hot"]})["relation"] == "antonym"
    assert set(fake.answer({"word": "cat"})) == {"valid", "proper_noun", "reason", "lexicon"}


# Uploads ---------------------------------------------------------------------------

def test_upload_reads_one_word_per_line_and_skips_junk():
    words = parse_word_list("\ufeffApple\r\n  pear \n\n# comment\nice cream\n42\nna\u00efve\n".encode("utf-8"))
    assert words == {"apple", "pear", "naive"}


def test_upload_in_latin1_is_accepted():
    assert parse_word_list("caf\u00e9\n".encode("latin-1")) == {"cafe"}


def test_upload_too_big_is_refused():
    with pytest.raises(ValueError, match="too big"):
        parse_word_list(b"word\n" * 500_000)


def test_upload_with_too_many_words_is_refused():
    data = "\n".join(f"w{'abcdefghij'[i % 10]}{i:x}".translate(str.maketrans("0123456789", "klmnopqrst"))
                     for i in range(300)).encode()
    with pytest.raises(ValueError, match="more than 100 words"):
        parse_word_list(data, max_words=100)


def test_binary_upload_is_refused_clearly():
    with pytest.raises(ValueError, match="not a plain-text word list"):
        parse_word_list(b"%PDF-1.4\x00\x01\x02binary")
    with pytest.raises(ValueError, match="not a plain-text word list"):
        parse_word_list(bytes(range(1, 32)) * 10)


def test_upload_without_words_is_refused():
    with pytest.raises(ValueError, match="No words found"):
        parse_word_list(b"123\n456\n\n")
    with pytest.raises(ValueError, match="uploaded as a file"):
        parse_word_list("cat\n")


def test_the_pronoun_i_and_the_interjection_o_are_words_in_every_list():
    from referee import lexicon

    for lexicon_id in ("standard", "large", "junior", "american", "british"):
        for word in ("I", "i", "O"):
            assert lexicon.check(word, lexicon_id)["valid"], (word, lexicon_id)
    assert not lexicon.check("USA", "junior")["valid"]
