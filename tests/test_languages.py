"""Languages as data: each language's words in one module of bot.understand.languages, and a
new language understood from its module alone."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand import lexicon as lx
from bot.understand import understand
from bot.understand.languages import CONCEPTS, LANGUAGES, Language
from bot.understand.numbers import parse_decimal
from bot.understand.query import LANGS, Query
from rules.catalogue import load_catalogue

TOY = Path(__file__).parent / "data" / "languages"
PORTUGUESE = "Quanto custa um LoRA de 70B em duas H200 por 12 horas?"

# Loads bot.understand.languages with the toy folder on its path, as if pt.py had been dropped
# into the package.
_LOAD_TOY = """
import importlib.util, json, sys
from pathlib import Path
import bot
package = Path(bot.__file__).parent / "understand" / "languages"
spec = importlib.util.spec_from_file_location(
    "bot.understand.languages", package / "__init__.py",
    submodule_search_locations=[str(package), sys.argv[1]],
)
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module
spec.loader.exec_module(module)
"""
# ... then reads the question.
_UNDERSTAND = _LOAD_TOY + """
from bot.understand import understand
from bot.understand.query import LANGS
from bot.understand.followup import _MARKER
from bot.alerts.subscriptions import BELOW_WORDS, ABOVE_WORDS
from rules.catalogue import load_catalogue
q = understand(sys.argv[2], load_catalogue())
words = understand("e um lora de setenta bilhões em duas h200?", load_catalogue())
print(json.dumps({
    "size_in_words": str(words.params_b),
    "langs": LANGS, "marker": bool(_MARKER.match("tambem numa a100?")),
    "alert_words": ["abaixo" in BELOW_WORDS, "acima" in ABOVE_WORDS], **q.model_dump(mode="json"),
}))
"""
# ... or answers it through the CLI (``ask --json``).
_ASK = _LOAD_TOY + """
from bot.cli import main
sys.exit(main(["ask", "--json", sys.argv[2]]))
"""


def _with_toy(script: str, question: str = PORTUGUESE) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", script, str(TOY), question],
        capture_output=True, text=True, check=True, timeout=120,
    )
    found: dict[str, object] = json.loads(out.stdout)
    return found


def test_the_built_in_languages_come_first() -> None:
    assert LANGS == ("en", "es", "fr")
    assert [lang.code for lang in LANGUAGES] == list(LANGS)


def test_the_lexicon_joins_every_language() -> None:
    assert {"hours?", "horas?", "heures?"} <= set(lx.HOUR_UNITS)
    assert lx.COUNT_WORDS["two"] == lx.COUNT_WORDS["dos"] == lx.COUNT_WORDS["deux"] == 2
    assert lx.COMMANDS["precios"] == lx.COMMANDS["tarifs"] == "prices"
    assert set(lx.STOPWORDS) == set(LANGS)


def test_a_language_names_only_known_concepts() -> None:
    with pytest.raises(ValueError, match="HOURS_UNITS"):
        Language(code="xx", stopwords=frozenset(), words={"HOURS_UNITS": ("h",)})
    assert "HOUR_UNITS" in CONCEPTS


def test_query_language_must_be_one_of_the_languages() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        Query(text="x", lang="pt")


@pytest.mark.parametrize(
    ("raw", "lang", "value"),
    [("1,5", "en", "1.5"), ("1,500", "en", "1500"), ("1.500", "es", "1500"),
     ("1,500", "fr", "1.500"), ("1.500", None, "1.500")],
)
def test_the_decimal_comma_is_the_language_s(raw: str, lang: str | None, value: str) -> None:
    assert parse_decimal(raw, lang) == Decimal(value)


def test_without_its_module_portuguese_is_misread() -> None:
    # The control: today "duas" is not read and the question passes for Spanish.
    q = understand(PORTUGUESE, catalogue=load_catalogue())
    assert q.lang == "es" and q.gpu_count != 2


def test_a_new_language_is_understood_from_its_module_alone() -> None:
    q = _with_toy(_UNDERSTAND)
    assert q["langs"] == ["en", "es", "fr", "pt"]
    assert (q["lang"], q["intent"], q["gpu"], q["gpu_count"]) == ("pt", "cost", "h200", 2)
    assert (Decimal(q["hours"]), Decimal(q["params_b"]), q["method"]) == (12, 70, "lora")
    # Its number words, follow-up openings and /alert condition words count too.
    assert q["size_in_words"] == "70"
    assert q["marker"] and q["alert_words"] == [True, True]


def test_a_new_language_without_a_catalogue_is_answered_in_english() -> None:
    # Costed on the 2× H200 asked about ($6.14/h × 12 h), not on 1× H200 then quoted on 4× A100.
    answer = _with_toy(_ASK)
    assert (answer["lang"], answer["gpu"], answer["gpu_count"]) == ("en", "h200", 2)
    assert (answer["cost_usd"], answer["error"]) == ("73.68", None)
    assert "Cost: $73.68" in str(answer["text"])


# The question shapes of bot.understand.asks, in Portuguese: a budget with what it buys, the
# largest model a card holds, how many cards a job needs. Each is misread without pt.py.
ASKS = [
    ("o que posso treinar com 50 usd?",
     {"intent": "cost", "gpu": "l40s", "hours": 60, "cost_usd": "49.20"}, {"intent": "unknown"}),
    ("qual o maior modelo que consigo treinar com qlora numa rtx 4090?",
     {"intent": "fit", "gpu": "rtx-4090", "params_b": 30, "fits": True}, {"params_b": None}),
    ("quantas h100 preciso para um lora de 70b?",
     {"gpu": "h100", "gpu_count": 3, "vram_gb": 240, "fits": True}, {"gpu_count": 1}),
]


@pytest.mark.parametrize(("question", "with_module", "without"), ASKS)
def test_a_new_language_asks_budgets_largest_and_how_many_from_its_module_alone(
    question: str, with_module: dict[str, object], without: dict[str, object]
) -> None:
    answer = _with_toy(_ASK, question)
    assert {k: answer[k] for k in with_module} == with_module
    control = to_json(Pipeline(load_catalogue()).ask(question))
    assert {k: control[k] for k in without} == without


def _fragments(language: Language) -> list[str]:
    return [
        *(f for fragments in language.words.values() for f in fragments),
        *language.follow_up, *language.counts, *language.number_words,
        *language.token_multipliers, *language.commands, *language.stopwords,
    ]


@pytest.mark.parametrize("language", LANGUAGES, ids=LANGS)
def test_every_word_is_folded_and_every_fragment_a_plain_group(language: Language) -> None:
    # The parser matches folded text: a word with an accent or a capital would never match, and
    # a capturing group would shift the groups of the patterns it is joined into.
    for fragment in _fragments(language):
        word = fragment.replace("NOUN", "")  # ALERT_LIST: the alert nouns go there
        assert word == word.lower() and word.isascii(), fragment
        assert re.compile(fragment).groups == 0, fragment
