"""A run the user says ran out of memory is a measurement: it outranks the estimate's
assumptions (checkpointing on, when unsaid) and is never answered as fitting (bot.answer)."""

from __future__ import annotations

import pytest

from bot.detail import largest_batch
from bot.pipeline import Pipeline, Reply, to_json
from rules.catalogue import load_catalogue

ASKED = "my 3090 OOMs at batch size 16, seq 512, lora on llama 2 7b. what batch size will fit?"


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _ask(pipeline: Pipeline, text: str) -> Reply:
    return pipeline.ask(text)


@pytest.mark.parametrize("text", [
    ASKED,
    "me da OOM con batch 16, seq 512, lora de llama 2 7b en mi 3090. ¿qué batch cabe?",
    "j'ai un OOM à batch 16, seq 512, lora sur llama 2 7b sur ma 3090. quel batch passe ?",
])
def test_checkpointing_off_explains_the_oom_and_the_batch_is_below_it(
        pipeline: Pipeline, text: str) -> None:
    answer = _ask(pipeline, text).answer
    oom = answer.oom
    assert oom is not None and oom.batch == 16 and oom.seq_len == 512
    # On (our default) the estimate fits batch 16; off (the Trainer's default) it does not.
    assert oom.on_gb is not None and oom.on_gb <= oom.vram_per_gpu_gb
    assert oom.off_gb is not None and oom.off_gb > oom.vram_per_gpu_gb
    assert oom.ckpt_off and answer.query.grad_ckpt is False
    assert answer.detailed is not None and answer.detailed.grad_ckpt is False
    assert answer.largest_batch is not None and 0 < answer.largest_batch.batch < 16


def test_the_reply_says_why_checkpointing_is_taken_off(pipeline: Pipeline) -> None:
    text = _ask(pipeline, ASKED).text
    assert text.startswith("🧯 You hit OOM at batch 16, so your run probably has gradient "
                           "checkpointing off, the Trainer's default: ")
    assert "Largest micro-batch that fits: 18" not in text


def test_an_oom_the_estimate_cannot_explain_is_not_a_fit(pipeline: Pipeline) -> None:
    # Checkpointing said on: nothing to re-estimate, and the estimate fits batch 2 easily.
    reply = _ask(pipeline, "my 3090 OOMs at batch size 2, seq 512, gradient checkpointing on, "
                           "lora on llama 2 7b")
    answer = reply.answer
    assert answer.oom is not None and answer.oom.contradicted and not answer.oom.ckpt_off
    assert answer.detailed_fits is True and answer.fits is False
    assert "✅" not in reply.text
    assert reply.text.startswith("⚠️ <b>You hit OOM with these settings, so Llama 2 7B does not "
                                 "fit on 1× RTX 3090 (LoRA) as you run it, although the detailed "
                                 "estimate says it does: trust your measurement.</b>")
    assert to_json(reply)["fits"] is False


def test_the_largest_batch_stays_below_the_one_that_oomed(pipeline: Pipeline) -> None:
    # Checkpointing said on: the estimate alone would answer a batch of 18 at seq 512.
    answer = _ask(pipeline, "my 3090 OOMs at batch size 16, seq 512, gradient checkpointing on, "
                            "lora on llama 2 7b. what batch size will fit?").answer
    assert answer.largest_batch is not None and answer.largest_batch.batch == 15
    assert answer.fits is True and answer.query.batch_size == 15


def test_largest_batch_below() -> None:
    cat = load_catalogue()
    pipeline = Pipeline(cat)
    answer = pipeline.ask("lora llama 2 7b on my 3090, seq 512, batch 4, "
                          "gradient checkpointing on").answer
    primary = answer.primary
    assert primary is not None and primary.fit is not None and answer.params_b is not None
    from bot.detail import estimator_model
    model = estimator_model(answer.query, answer.params_b, cat)
    method = cat.method(primary.memory.method)
    free = largest_batch(answer.query, method, model, primary.fit)
    assert free.batch > 10
    assert largest_batch(answer.query, method, model, primary.fit, below=10).batch == 9
    assert largest_batch(answer.query, method, model, primary.fit, below=1).batch == 0
