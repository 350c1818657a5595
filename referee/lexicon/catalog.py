"""The word lists Referee offers: ids, names and how each is made from SCOWL.

Shared by the build script (which lists) and the lookup code (which reads the
bit each list owns in ``dictionaries/words.tbl``). Ids are short and stable:
they are stored in game options and table settings.
"""

from __future__ import annotations

SCOWL_LEVELS = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
ALL_SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian")
VARIANTS = ("variant_1", "variant_2", "british_variant_1", "british_variant_2",
            "canadian_variant_1", "canadian_variant_2",
            "australian_variant_1", "australian_variant_2")

# id, name, description, SCOWL spellings, highest SCOWL size, bit in the masks
LEXICONS = (
    {"id": "standard", "name": "Standard game list", "bit": 1, "level": 60,
     "spellings": ALL_SPELLINGS,
     "description": "Everyday and moderately rare English words (SCOWL size 60, the usual "
                    "spell-checker size), American and British spellings both accepted. "
                    "Lower-case words only: no proper nouns, abbreviations, contractions "
                    "or hyphenated words."},
    {"id": "large", "name": "Large list (obscure words)", "bit": 2, "level": 80,
     "spellings": ALL_SPELLINGS + VARIANTS,
     "description": "Everything in the standard list plus rare, obscure and archaic words and "
                    "less common spelling variants (SCOWL size 80). For tables that want "
                    "obscure words to count."},
    {"id": "junior", "name": "Junior / common words", "bit": 4, "level": 35,
     "spellings": ALL_SPELLINGS,
     "description": "Common words only (SCOWL size 35), American and British spellings. "
                    "For younger players."},
    {"id": "american", "name": "American spelling", "bit": 8, "level": 60,
     "spellings": ("english", "american"),
     "description": "The standard list with American spellings only (color, center, organize)."},
    {"id": "british", "name": "British spelling", "bit": 16, "level": 60,
     "spellings": ("english", "british", "british_z"),
     "description": "The standard list with British spellings only (colour, centre); both "
                    "-ise and Oxford -ize forms are accepted."},
)

OWN = {"id": "own", "name": "The table's own list",
       "description": "Only the words in the list the host uploaded for this table "
                      "(one word per line). Any other list can also be extended with it."}

BY_ID = {lexicon["id"]: lexicon for lexicon in LEXICONS}
