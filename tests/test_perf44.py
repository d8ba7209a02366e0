"""Exact cuts of issue #16 (session 44). Replies stay the same to the byte (tests/test_speed38.py's
golden replies, benchmarks.identity); these tests pin each cut where undoing it is observable (a
pattern not searched where what every match of it holds is absent), and that what it skips still
reads the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.understand import asks, parse, settings, split, understand, unknown_model, unusable
from bot.understand import lexicon as lx
from bot.understand import patterns as px
from bot.understand.normalise import fold
from bot.understand.screen import AnyOf, among
from rules.catalogue import load_catalogue
from tests.support.counted import counted

# -- AnyOf: an alternative's needles, each of its clauses ---------------------------------------

@pytest.mark.parametrize(("words", "text", "admitted"), [
    (("alert\\w*", "ping me"), "alerte-moi", True),
    (("alert\\w*", "ping me"), "ping me when", True),
    (("alert\\w*", "ping me"), "ping the h100", False),
    # two clauses: a needle of each ("watch" and "price")
    (("watch (?:the )?prices?",), "watch the price", True),
    (("watch (?:the )?prices?",), "watch the h100", False),
    (("watch (?:the )?prices?",), "the price, watch it", True),  # both held: searched
    # an alternative with no needles: every text
    (("alert\\w*", "[a-z]"), "anything", True),
    (("alert\\w*", "x"), "anything", True),  # one letter: too short a needle
])
def test_any_of_admits_a_text_with_some_alternatives_needles(
        words: tuple[str, ...], text: str, admitted: bool) -> None:
    assert AnyOf(words).admits(text) is admitted


# -- split: the alert patterns searched only where an alert word's needles are ------------------

def test_every_alert_word_gives_needles() -> None:
    """An alert word that gave none would let every text through (correct, but the cut gone):
    a word added to the lexicon later fails here until it gives some."""
    alone, _ = split._ALERT_NAMED.needles()
    assert "" not in alone and alone
    for word in (*lx.ALERT_WORDS, *lx.ALERT_TELL):
        assert AnyOf((word,)).needles()[0] != ("",), word


@pytest.mark.parametrize(("text", "searched", "parts"), [
    # no alert: neither pattern searched, also where something else may cut
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", False, 1),
    ("QLoRA 12.5B con seq len 512, batch 4 y 278M tokens en una 3090, detalles", False, 1),
    ("can i qlora llama 3 8b on a 4090? how much is an h100", False, 2),
    ("peut-on fine-tuner un modèle de 12b sur une l40s en qlora ? et combien coûte une h100", False,
     2),
    # an alert: searched, and cut as before
    ("alert me if the h100 drops below 2, and can i qlora llama 3 70b on it?", True, 2),
    ("alert me if h100 < 2 and what's the price of b200", True, 2),
    ("avísame si la h100 baja de 2 y si la a100 baja de 1", True, 2),
    ("préviens-moi si la h100 passe sous 2 $ et la a100 sous 1 $", True, 2),
    ("dis-moi quand la h100 passe sous 2", True, 1),
    ("dime cuando la h100 baje de 2 y la h200 también", True, 2),
    ("qlora llama 3 8b on a 4090, and notify me when the h100 goes under $2", True, 2),
    ("can you watch the h100 price and tell me when it drops", True, 2),
])
def test_alert_patterns_searched_only_where_an_alert_is_named(
        text: str, searched: bool, parts: int, monkeypatch: pytest.MonkeyPatch) -> None:
    said = counted(split._ALERT_SAID, "search", monkeypatch)
    after = counted(split._ALERT_AFTER, "search", monkeypatch)
    after_all = counted(split._ALERT_AFTER, "finditer", monkeypatch)
    assert len(split.pieces(text)) == parts
    assert bool(said or after or after_all) is searched


# -- patterns searched in every question, now screened by the needles read off them ------------

_COLD = "Combien coûte un QLoRA de 12.5B sur 3 H100 pendant 45.6 heures ?"


@pytest.mark.parametrize(("screened", "method", "call", "text", "found"), [
    (settings._EPOCHS_FRACTION, "search", settings.epochs_fraction, "qlora 8b, 1.5 epochs", "1.5"),
    (settings._EPOCHS_FRACTION, "search", settings.epochs_fraction, "num_train_epochs=2,5", "2,5"),
    (parse._WITH_OFFLOAD, "search", parse._WITH_OFFLOAD.search, "and with offloading?", True),
    (parse._WITH_OFFLOAD, "search", parse._WITH_OFFLOAD.search, "avec de l'offload", True),
    (parse._MLX_TRAINER, "finditer", lambda s: [m.group() for m in parse._MLX_TRAINER.finditer(s)],
     "python -m mlx_lm.lora --model x", ["mlx_lm.lora"]),
    (parse._MY_CARD, "search", parse._MY_CARD.search, "h100 vs my gpu", True),
    (unusable.ZERO_SAMPLES, "search", unusable.ZERO_SAMPLES.search, "lora 8b on 0 samples", True),
    (unusable.ZERO_SAMPLES, "search", unusable.ZERO_SAMPLES.search, "cero ejemplos", True),
    (unknown_model._MERGE, "search", unknown_model.merge_asked, "merging my qlora adapter", True),
    (unknown_model._MERGE, "search", unknown_model.merge_asked, "merge_and_unload", True),
])
def test_screened_patterns_searched_only_with_their_needles(
        screened: Any, method: str, call: Callable[[str], Any], text: str, found: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = counted(screened.pattern, method, monkeypatch)
    for cold in (fold(_COLD), "cost of qlora 12.5b on 3x h100 for 45.6 hours"):
        assert not call(cold)
    assert not seen  # the cold questions hold none of the needles: never searched
    got = call(text)
    assert (bool(got) if found is True else got) == found
    assert seen == [text]


# -- screen.among: the saving questions' patterns searched only with their rare words ---------

@pytest.mark.parametrize(("pattern", "words", "found"), [
    ("(?:foo|barfoo)x", ("foo",), ("foo",)),
    ("(?:foo|bar)", ("foo",), None),  # "bar" holds none: no guard
    ("(?<![a-z])(?:a|b)?foo(?: ?2)?", ("foo", "zz"), ("foo",)),
    ("k ?/? ?v[ _-]?cache|(?:cache|kv) ?(?:kv|cache)?", ("cache", "kv"), ("cache", "kv")),
])
def test_among_keeps_the_words_every_match_holds(
        pattern: str, words: tuple[str, ...], found: tuple[str, ...] | None) -> None:
    assert among(pattern, words) == found


@pytest.mark.parametrize(("headed", "words"), [
    (asks.KV_SAVING, ("cache", "kv")),
    (asks.KERNELS_SAVING, ("liger", "unsloth")),
    (asks.FLASH_SAVING, ("flash", "fa", "sdpa")),
])
def test_saving_patterns_hold_their_words(headed: Any, words: tuple[str, ...]) -> None:
    """A spelling added later that holds none of them leaves its pattern unguarded (searched in
    every text that opens a run as it can, as before): it fails here."""
    assert headed.among() == words


@pytest.mark.parametrize(("text", "searched", "kv", "kernels", "flash"), [
    ("how much vram for qlora llama 3 8b at 8k context, details", False, False, False, False),
    ("can i run llama 3 70b in 4 bit on 2x 3090, and how quick is it", False, False, False, False),
    ("can i run llama 3 70b in 4 bit on 2x 3090 and is it fast", True, False, False, False),
    ("how much vram does kv cache quantization save for qwen2.5 32b at 64k", True, True, False,
     False),
    ("does liger kernel reduce vram for llama 3 8b qlora at 8k", True, False, True, False),
    ("does flash attn reduce vram for llama 3 8b lora at 8k ctx", True, False, False, True),
    ("cuanto me ahorra la cache kv cuantizada con qwen2.5 32b a 64k", True, True, False, False),
    ("le cache kv quantifié réduit la vram pour qwen2.5 32b à 64k ?", True, True, False, False),
])
def test_saving_patterns_searched_only_with_their_words(
        text: str, searched: bool, kv: bool, kernels: bool, flash: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = [counted(h.pattern, "search", monkeypatch)
            for h in (asks.KV_SAVING, asks.KERNELS_SAVING, asks.FLASH_SAVING)]
    query = understand(text, load_catalogue())
    assert bool(any(seen)) is searched
    assert (query.kv_saving_asked, query.kernels_saving_asked, query.flash_saving_asked) == (
        kv, kernels, flash)


# -- parse._alert_cue: ALERT and ALERT_TELL searched only where an alert word's needles are ----

@pytest.mark.parametrize(("text", "searched", "cue"), [
    ("cost of qlora 12.5b on 3x h100 for 45.6 hours", False, False),
    ("combien coute un qlora de 12.5b sur 3 h100 pendant 45.6 heures ?", False, False),
    ("alert me when the h100 drops below 2", True, True),
    ("avisame si la h100 baja de 2", True, True),
    ("dis-moi quand la h100 passe sous 2", True, True),
    ("let me know if the h200 gets cheaper", True, True),
    ("when the h100 drops below $2", False, True),  # ALERT_WHEN's own
])
def test_alert_cue_searches_alert_words_only_where_named(
        text: str, searched: bool, cue: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = [counted(h.pattern, "search", monkeypatch) for h in (px.ALERT, px.ALERT_TELL)]
    assert parse._alert_cue(text) is cue
    assert bool(any(seen)) is searched
