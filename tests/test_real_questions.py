"""Real questions, as people write them in public threads, through the path of
`python -m bot ask --json` (Pipeline + to_json): each entry of tests/corpus/real_questions.toml
lists the JSON fields a correct answer carries (from the published rules and catalogues)."""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

CORPUS = Path(__file__).parent / "corpus" / "real_questions.toml"
META = {"t", "lang", "text_has", "text_lacks", "text_starts", "part_intents"}

with CORPUS.open("rb") as _fh:
    _ENTRIES: list[dict[str, Any]] = tomllib.load(_fh)["q"]


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _ask(pipeline: Pipeline, text: str, lang: str | None = None) -> dict[str, Any]:
    return to_json(pipeline.ask(text))


def test_corpus_is_large_and_every_entry_checks_something() -> None:
    assert len(_ENTRIES) >= 120
    assert all(set(e) - {"t", "lang"} for e in _ENTRIES)


@pytest.mark.parametrize("entry", _ENTRIES, ids=[f"q{i:03d}" for i in range(len(_ENTRIES))])
def test_real_question(pipeline: Pipeline, entry: dict[str, Any]) -> None:
    got = _ask(pipeline, entry["t"])
    wrong = {k: (v, got.get(k)) for k, v in entry.items() if k not in META and got.get(k) != v}
    assert not wrong, f"{entry['t']!r}: (expected, got) {wrong}\n{got['text']}"
    if "lang" in entry:
        assert got["lang"] == entry["lang"]
    if "text_has" in entry:  # a phrase, or several in the order the reply says them
        phrases = entry["text_has"] if isinstance(entry["text_has"], list) else [entry["text_has"]]
        at = 0
        for phrase in phrases:
            assert phrase in got["text"][at:], (phrase, got["text"])
            at = got["text"].index(phrase, at) + len(phrase)
    if "text_lacks" in entry:  # something the reply must not add (e.g. a quote nobody asked)
        lacks = entry["text_lacks"] if isinstance(entry["text_lacks"], list) else [entry["text_lacks"]]
        assert not [p for p in lacks if p in got["text"]], got["text"]
    if "part_intents" in entry:  # several questions: each answered, in the order asked
        assert [p["intent"] for p in got["parts"] or ()] == entry["part_intents"], got["text"]
    if "text_starts" in entry:  # the reply leads with what was asked
        assert got["text"].startswith(entry["text_starts"]), got["text"]


@pytest.mark.parametrize("text", [
    # A cost asked: a fit question about a card we do not rent names the cheapest rented
    # configuration but quotes nothing (test_owned_gpus).
    "OOM on my 3090 doing lora on llama 3 8b, seq 4096 batch 4, what would it cost to rent something that fits",
    "how much would lora mistral 7b cost, seq 8192 batch 4? my 3090 ti is too small",
    "cost of lora llama 3 8b on an L40S for 10 hours, seq 8192 batch 4",
])
def test_quote_follows_the_detailed_cheapest_fit(pipeline: Pipeline, text: str) -> None:
    """Settings stated on a card we do not rent: the quote is for the cheapest configuration
    the detailed estimate fits, the one the reply names, not the planning rule's."""
    reply = pipeline.ask(text)
    got, run = to_json(reply), reply.answer.quote
    cheapest = got["cheapest_fit"]
    assert got["fits"] is False and got["detailed_fits"] is False
    assert cheapest is not None and run is not None
    assert (run.gpu, run.gpu_count, run.usd_per_hour) == (
        cheapest["gpu"], cheapest["gpu_count"], Decimal(cheapest["usd_per_hour"]))
    # That quote is not the configuration asked about: the JSON's cost is never its cost. On
    # a card we rent, the hours asked about cost what they cost there, said after the verdict
    # that leads (cost18: was that cost first, as if the run were possible there).
    own = reply.answer.asked_quote
    if own is None:
        assert got["cost_usd"] is None and got["gpu_hours"] is None
    else:
        assert (own.gpu, own.gpu_count) == (got["gpu"], got["gpu_count"]) != (run.gpu, run.gpu_count)
        assert Decimal(got["cost_usd"]) == own.cost_usd
        assert got["text"].startswith("❌ <b>No: ")
        assert f"where it does not fit:\n💵 <b>Cost: ${own.cost_usd:.2f}</b>" in got["text"]
    label = pipeline.catalogue.gpu(cheapest["gpu"]).name
    assert f"{cheapest['gpu_count']}× {label} × " in got["text"]
    # ...and the reply says why it quotes another configuration (with hours stated, ranked by
    # what is paid for them).
    assert re.search(r"Cheapest offered configuration that fits"
                     r"(?:, by what you pay for [^:]+| without any change)?: "
                     + re.escape(f"{cheapest['gpu_count']}× {label}"), got["text"])


@pytest.mark.parametrize("text", [
    "what's the largest model I can run on a 7900 XTX",
    "biggest model i can qlora on my M2 Ultra 192gb",
    "my rig is 4x3090, 96gb total, what's the biggest model i can qlora",
    "quel modele je peux faire tourner sur ma 3090",
])
def test_the_largest_model_answer_prints_its_size_once(pipeline: Pipeline, text: str) -> None:
    """Names that carry their size ("Falcon3 10B (TII)", "Pixtral Large (124B)") are not
    followed by it again in a second parenthesis."""
    got = _ask(pipeline, text)
    lead = got["text"].split("\n")[0]
    size = f"{got['params_b']:g}B"
    assert lead.startswith("📏") and size in lead, lead
    assert ") (" not in lead, lead
