"""The understanding layer against questions written the way users write them (en/es/fr).

Each entry of tests/corpus/questions.toml lists the Query fields it expects; every field it does
not list must keep its default, so a stray number read into the wrong field fails the test too.
Fit questions also carry the engine's verdict, checked through rules.fit.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.understand import understand
from bot.understand.query import Query
from rules.catalogue import load_catalogue
from rules.errors import RulesError
from rules.fit import fit, fit_vram

CORPUS = Path(__file__).parent / "corpus" / "questions.toml"
SECTIONS = ("en", "es", "fr", "none")
DECIMALS = ("params_b", "vram_gb", "hours", "threshold_usd", "percent", "dataset_tokens")
PLAIN = (
    "intent", "model_id", "method", "gpu", "gpu_text", "gpu_count", "direction", "seq_len",
    "batch_size", "lora_rank", "grad_ckpt", "social", "hours_as",
)
FLAGS = ("inference", "details", "alert_all")
# Checked only where an entry lists it: whether the language guess may outrank Telegram's.
OPTIONAL = ("lang_sure",)
META = {"q", "lang", "fits", "engine_error"}


def _load() -> dict[str, list[dict[str, Any]]]:
    with CORPUS.open("rb") as fh:
        doc = tomllib.load(fh)
    return {section: doc.get(section, []) for section in SECTIONS}


_DOC = _load()
_CASES = [
    pytest.param(section, entry, id=f"{section}-{i:03d}")
    for section in SECTIONS
    for i, entry in enumerate(_DOC[section])
]


def _expected(section: str, entry: dict[str, Any]) -> dict[str, Any]:
    lang = entry.get("lang", section)
    method = entry.get("method")
    expected: dict[str, Any] = {
        "lang": None if lang == "none" else lang,
        "inference": entry.get("inference", method in load_catalogue().method_ids("inference")),
        "other_gpus": tuple(entry.get("other_gpus", ())),
        "details": entry.get("details", False),
        "alert_all": entry.get("alert_all", False),
    }
    for name in OPTIONAL:
        if name in entry:
            expected[name] = entry[name]
    for name in DECIMALS:
        value = entry.get(name)
        expected[name] = None if value is None else Decimal(value)
    for name in PLAIN:
        expected[name] = entry.get(name, "unknown" if name == "intent" else None)
    return expected


def _verdict(query: Query) -> bool | str:
    """The engine's fit verdict for the understood question, or its error code."""
    if query.params_b is None:
        return "no_size"
    method = query.method or "qlora"
    count = query.gpu_count or 1
    try:
        if query.gpu is not None:
            return fit(method, query.params_b, query.gpu, count, catalogue=load_catalogue()).fits
        if query.vram_gb is not None:
            return fit_vram(method, query.params_b, query.vram_gb, count, catalogue=load_catalogue()).fits
    except RulesError as exc:
        return exc.code
    return "unknown_gpu"


def test_corpus_size() -> None:
    counts = {section: len(_DOC[section]) for section in SECTIONS}
    # December 2026: 200+ questions written as natives write them were added (issue 14).
    assert sum(counts.values()) >= 600, counts
    for lang in ("en", "es", "fr"):
        assert counts[lang] >= 180, counts


def test_corpus_entries_are_well_formed() -> None:
    known = META | set(DECIMALS) | set(PLAIN) | set(FLAGS) | set(OPTIONAL) | {"other_gpus"}
    for section in SECTIONS:
        for entry in _DOC[section]:
            assert set(entry) <= known, (entry["q"], set(entry) - known)
            if entry.get("intent") == "fit":
                assert ("fits" in entry) != ("engine_error" in entry), entry["q"]


@pytest.mark.parametrize(("section", "entry"), _CASES)
def test_question(section: str, entry: dict[str, Any]) -> None:
    query = understand(entry["q"], catalogue=load_catalogue())
    expected = _expected(section, entry)
    got = {name: getattr(query, name) for name in expected}
    wrong = {name: (got[name], want) for name, want in expected.items() if got[name] != want}
    assert not wrong, f"{entry['q']!r}: field -> (got, expected): {wrong}"
    if query.intent == "fit":
        want_verdict = entry.get("fits", entry.get("engine_error"))
        assert _verdict(query) == want_verdict, entry["q"]


def test_query_keeps_the_original_text() -> None:
    text = "¿Cabe un 70B en una H100?"
    assert understand(text, catalogue=load_catalogue()).text == text
