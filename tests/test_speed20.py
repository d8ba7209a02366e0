"""speed20 (#16): what start-up's warm-up builds so that a first question does not, and the
caches of the hot paths give the replies the uncached paths give."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def warmed() -> Pipeline:
    pipeline = Pipeline(load_catalogue())
    pipeline.warm_up()
    return pipeline


def test_warm_up_indexes_the_names_a_typo_is_matched_against(warmed: Pipeline) -> None:
    """"QLoRA 70B on an H1000" built the index of ~2,400 GPU spellings at the first unknown
    card (~12 ms, the corpus's tenth slowest question); a misspelt model, the model names'."""
    cat = warmed.catalogue
    assert "_alias_names" in vars(cat)
    assert "_names" in vars(cat.models)


@pytest.mark.parametrize(("text", "has"), [
    ("QLoRA 70B on an H1000", "H100"),
    ("can i run llama 3 8b on a rtx 9090", "RTX 4090"),
])
def test_suggestions_after_the_warm_up_are_the_ones_made_cold(
    warmed: Pipeline, text: str, has: str
) -> None:
    cold = Pipeline(load_catalogue(), cache_size=0).ask(text).text
    warmed.clear_cache()
    assert warmed.ask(text).text == cold
    assert has in cold


# _sample_bracket times each sample length with the answer stopped at its detailed estimate
# (answer._timed_detail): the runs, their costs and the reply must be those of the full answer.
BRACKETED = [
    "budget is 10 bucks, whats the biggest model i can qlora on 100k samples",
    "i have 100 bucks whats the largest model i can qlora on 20k samples",
    "tengo 10 dolares, cual es el modelo mas grande que puedo entrenar con qlora con 100k ejemplos",
    "avec 20 $ quel est le plus gros modèle que je peux entraîner en qlora sur 10k exemples",
    "how long to finetune llama 3 8b lora on a h100 with 10k examples",
    "how much to lora qwen2.5 7b on 200k samples on an h100",
    "how long to dpo mistral 7b with lora on an a100, 30k pairs",
    "how long to full finetune llama 3 8b with 50k samples",
    "cuánto tarda qlora llama 3 70b con 20k ejemplos en mi 3090?",
    "combien pour un full fine-tuning de qwen2.5 32b sur 100k exemples ?",
    "qlora llama 3 70b on 200k samples, 2 days, which gpu",
]


@pytest.mark.parametrize("text", BRACKETED)
def test_a_sample_brackets_runs_are_the_full_answers(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import answer as engine
    from bot.render.renderer import render_answer
    from bot.understand import understand

    cat = load_catalogue()
    query = understand(text, cat)
    lean = engine.build_answer(query, cat)
    monkeypatch.setattr(engine, "_timed_detail",
                        lambda q, c: engine.build_answer(q, c).detailed)
    full = engine.build_answer(query, cat)
    assert lean.sample_bracket == full.sample_bracket
    assert lean.largest_budget == full.largest_budget
    assert render_answer(lean, "en", cat) == render_answer(full, "en", cat)
    assert lean.sample_bracket or lean.largest_budget is not None


# Replies that left reference cycles to the collector: time.html.j2 and prices.html.j2 define
# macros, which Jinja keeps in the render's context and which keep that context (and the
# answer it holds) in their closures (34-38 objects a reply; 676 of the corpus's 5,173
# questions); two models packed on cards, a search that calls itself through its closure.
CYCLE_FREE = [
    "How long does fine-tuning Llama 70B take?",
    "¿Cuánto tarda entrenar un 8B con un millón de tokens en una H100?",
    "combien de temps pour qlora llama 3 8b avec 10k exemples sur une h100 ?",
    "prices",
    "how much is an H100 per hour?",
    "j'ai une 3090, combien coute une h100 de l'heure ?",
    "llama3 8b,mistral 7b & qwen2.5 7b on 2x3090",
    "puedo correr qwen 7b y llama 8b a la vez en mi 3090?",
]


@pytest.mark.parametrize("text", CYCLE_FREE)
def test_a_reply_leaves_no_cycle_to_the_collector(warmed: Pipeline, text: str) -> None:
    import gc

    warmed.ask(text)  # what a first sight compiles or caches is not the reply's garbage
    warmed.clear_cache()
    gc.collect()
    gc.disable()
    try:
        reply = warmed.ask(text)
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert reply.text
