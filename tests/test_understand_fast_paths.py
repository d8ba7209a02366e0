"""Understanding's shortcuts (issue #16): what a message cannot hold is not searched for, and
the result is what the full search gives."""

from __future__ import annotations

import random
import unicodedata
from decimal import Decimal
from itertools import pairwise

import pytest

from benchmarks.identity import detail_questions
from benchmarks.run import cold_questions
from bot.understand import digits, hardware, patterns, split, understand
from bot.understand.languages import LANGUAGES
from bot.understand.lazy import compiled
from bot.understand.query import Query
from bot.understand.split import flat, pieces
from rules.catalogue import load_catalogue
from tests.support.corpus import corpus_texts


def _corpus() -> list[str]:
    out = corpus_texts()
    return out


def _messages() -> list[str]:
    """The corpus, and its questions glued two at a time with what may cut them."""
    texts = _corpus()
    rng = random.Random(16)
    joints = (" ", ". ", "? ", "\n", ", ", "; ", " also ", ", btw ", " y además ", ". Par ailleurs, ",
              " 1) ", " 2) ", "! ", "。", "？ ", "…", ") ", "1. ")
    glued = [rng.choice(texts) + rng.choice(joints) + rng.choice(texts) for _ in range(1500)]
    return texts + glued + ["1) a 2) b", "1. lora 8b 2. qlora 70b", "btw", "also, lora 8b"]


class _Refused:
    """Stands for a pattern that must not be searched."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"searched: {name}")


def test_one_question_is_not_searched_for_cuts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(split, "_CUT", _Refused())
    monkeypatch.setattr(split, "_INLINE_ITEM", _Refused())
    for text in ("can I QLoRA 7.3B on 4x H100?", "¿Cuánto cuesta un LoRA de 12.5B en 3 H100?",
                 "combien de mémoire pour un QLoRA d'un modèle de 7.3B ?",
                 "llama 3 70b, seq len 2048, batch 8 on an A100, details"):
        assert [p.text for p in pieces(text)] == [text]


def _pieces_searched_whole(text: str) -> list[tuple[int, int, str]]:
    """split.pieces as it was: every text searched for every cut."""
    folded = flat(text)
    cuts = {0, len(text)}
    for match in compiled(split._CUT).finditer(folded):
        kind = match.lastgroup
        if kind == "after":
            cuts.add(match.end())
        elif kind == "line":
            cuts.add(match.start())
        elif kind is not None:
            cuts.add(match.start(kind))
    cuts.update(split._inline_items(folded))
    # an alert or a price said after the question ("… and notify me when it goes under $2")
    cuts.update(m.start(m.lastgroup or 0) for m in compiled(split._ALERT_AFTER).finditer(folded))
    cuts.update(m.start() for m in compiled(split._AND_PRICE).finditer(folded))
    cuts.update(m.start() for m in compiled(split._ALERT_MORE).finditer(folded)
                if compiled(split._ALERT_SAID).search(folded, 0, m.start()))
    # ... and a question after an alert's price ("alert me if … below 2, and can i …")
    cuts.update(m.start("next") for m in compiled(split._ALERT_DONE).finditer(folded)
                if compiled(split._ALERT_SAID).search(folded, 0, m.start()))
    cuts.update(m.start() for m in compiled(split._PLUS_COST).finditer(folded))
    cuts.update(split._owned_then_rented(folded) or ())
    out = []
    for start, end in pairwise(sorted(cuts)):
        lead = compiled(split._LEAD).match(folded, start, end)
        if lead is not None:
            start = lead.end()
        while end > start and text[end - 1].isspace():
            end -= 1
        if compiled(split._WORD).search(text, start, end) \
                and not compiled(split._JOIN_ONLY).fullmatch(folded, start, end):
            out.append((start, end, text[start:end]))
    return out


def test_pieces_are_those_of_the_whole_search() -> None:
    for text in _messages():
        assert [(p.start, p.end, p.text) for p in pieces(text)] == _pieces_searched_whole(text)


def test_strong_opening_words_are_plain_words() -> None:
    # split._may_cut looks for them with ``in``.
    for lang in LANGUAGES:
        for word in lang.next_question_anywhere:
            assert all(c.isalpha() or c in " '" for c in word), word


def _flat_one_by_one(text: str) -> str:
    """split.flat as it was: every character on its own."""
    out = []
    for char in text:
        if char.isascii():
            out.append(char.lower())
        elif char in "\u2019\u2018\u02bc":
            out.append("'")
        else:
            lowered = char.lower()
            out.append(unicodedata.normalize("NFKD", lowered if len(lowered) == 1 else char)[0])
    return "".join(out)


def test_flat_maps_every_character_as_one_by_one() -> None:
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    for at in range(0, len(chars), 8192):
        chunk = "Ab" + "xY".join(chars[at : at + 8192]) + "Z"
        assert flat(chunk) == _flat_one_by_one(chunk)
    for text in _messages():
        assert flat(text) == _flat_one_by_one(text)


def _plain_digits_always(text: str) -> str:
    text = compiled(digits._INSIDE_WORD).sub("", text)
    text = compiled(digits._FRACTION).sub(digits._fraction, text)
    text = compiled(digits._NON_ASCII_DIGIT).sub(digits._ascii_digit, text)
    return compiled(digits._POWER_OF_TEN).sub(digits._power, text.translate(digits._SEPARATORS))


def test_plain_digits_leaves_text_without_digits_unsearched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(digits, "_INSIDE_WORD", _Refused())
    monkeypatch.setattr(digits, "_NON_ASCII_DIGIT", _Refused())
    monkeypatch.setattr(digits, "_POWER_OF_TEN", _Refused())
    text = "¿Cuánto cuesta un LoRA de 12.5B en 3 H100 durante 20.5 horas? «100 €»"
    assert digits.plain_digits(text) == text


def test_plain_digits_is_what_its_steps_give() -> None:
    rng = random.Random(16)
    odd = ["٧", "٠", "७", "٫", "٬", "⁹", "¹", "⁰", "\u200b", "\u00ad", "\ufeff", "\u2066", "é",
           "¿", "€", "²", "½", "𝟕", "１"]
    samples = [*_corpus(), "qlora ٧٠B on h100", "10⁹ tokens", "7\u200b0B", "٣٫٥ مليار"]
    for _ in range(3000):
        samples.append("".join(rng.choice([*odd, "1", "0", "7", " ", "b", "."])
                               for _ in range(rng.randint(1, 12))))
    for text in samples:
        assert digits.plain_digits(text) == _plain_digits_always(text), text


# --- the Query made without validating it again ----------------------------------------------


def test_understood_questions_hold_what_validation_gives() -> None:
    """parse._made copies an empty Query with the facts: each value must be what Query's own
    validation makes of it, of the same type (a Decimal as written, a tuple of str, …)."""
    catalogue = load_catalogue()
    texts = [*_messages(), *cold_questions(300), *detail_questions(1500)]
    for text in texts:
        query = understand(text, catalogue)
        checked = Query(**query.__dict__)
        assert checked == query, text
        for name, value in query.__dict__.items():
            assert repr(value) == repr(checked.__dict__[name]), (text, name)
            assert type(value) is type(checked.__dict__[name]), (text, name)
            if isinstance(value, tuple):
                assert [type(v) for v in value] == [type(v) for v in checked.__dict__[name]]


def test_a_question_is_not_validated_field_by_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Query, "__pydantic_validator__", _Refused())
    query = understand("can I QLoRA 7.3B on 4x H100 for 12 hours?", load_catalogue())
    assert (query.intent, query.params_b, query.gpu, query.gpu_count, query.hours) == (
        "fit", Decimal("7.3"), "h100", 4, Decimal(12))


def test_a_question_is_not_copied_by_pydantic(monkeypatch: pytest.MonkeyPatch) -> None:
    # parse._made copies the empty Query by Query.with_settings: model_copy's generic path
    # (copy.copy of each slot) cost a few microseconds a question.
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("model_copy")

    monkeypatch.setattr(Query, "model_copy", refused)
    query = understand("can I QLoRA 7.3B on 4x H100 for 12 hours?", load_catalogue())
    assert (query.intent, query.params_b, query.gpu, query.gpu_count, query.hours) == (
        "fit", Decimal("7.3"), "h100", 4, Decimal(12))


def test_a_gpu_name_found_as_written_is_not_rewritten(monkeypatch: pytest.MonkeyPatch) -> None:
    # hardware._candidates makes the other forms of a name only when the first is not found.
    monkeypatch.setattr(hardware, "_SUFFIX", _Refused())
    monkeypatch.setattr(hardware, "_GLUED_TIER", _Refused())
    query = understand("can I run llama 3 8b on an h100?", load_catalogue())
    assert (query.gpu, query.model_id) == ("h100", "llama-3-8b")


def test_the_intent_rules_search_how_long_once(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []
    pattern = compiled(patterns.DURATION_QUESTION.pattern)

    class Counted:
        def search(self, s: str) -> object:
            searched.append(s)
            return pattern.search(s)

    monkeypatch.setattr(patterns, "DURATION_QUESTION", Counted())
    query = understand("can I QLoRA 7.3B on 4x H100?", load_catalogue())
    assert query.intent == "fit"
    assert searched and len(searched) == len(set(searched))
