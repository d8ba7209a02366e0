"""vLLM serving that misses its share by a little: the flag that mends it on the same GPUs is
said under the verdict, where people who ask "can I run X on my cards" read, not only in the
list that closes the reply; and --enforce-eager (no CUDA graphs captured, their reserve freed)
is one of those flags, estimated again, never guessed."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _head(text: str) -> str:
    """The reply up to its first blank line: the verdict and what stands under it."""
    return text.split("\n\n", 1)[0]


@pytest.mark.parametrize(("question", "lang", "flags", "words"), [
    # 24 GB a GPU of vLLM's 23.7 GB: each flag that holds it on the same two cards
    ("can i run llama 3.3 70b on 2x3090 for inference with vllm, 8k context?", "en",
     ("--gpu-memory-utilization 0.94", "--max-model-len 6708", "--kv-cache-dtype fp8",
      "--enforce-eager"), "4-bit inference fits on these GPUs"),
    ("puedo correr llama 3.3 70b en 2 3090 con vllm y 8k de contexto?", "es",
     ("--gpu-memory-utilization 0.94", "--enforce-eager"), "cabe en estas GPU"),
    ("je peux faire tourner llama 3.3 70b sur 2 rtx 3090 avec vllm, contexte 8k ?", "fr",
     ("--gpu-memory-utilization 0.94", "--enforce-eager"), "tient sur ces GPU"),
    # 25.1 GB: no share up to 0.95 holds it as asked, eager within 0.95 does (24.3 GB)
    ("llama 3.3 70b awq on 2x3090 vllm 24k ctx", "en",
     ("--enforce-eager --gpu-memory-utilization 0.95", "--max-model-len 15684"),
     "AWQ 4-bit inference fits on these GPUs"),
])
def test_a_near_miss_names_its_flags_under_the_verdict(
        pipeline: Pipeline, question: str, lang: str, flags: tuple[str, ...], words: str,
) -> None:
    head = _head(pipeline.ask(question, telegram_locale=lang).text)
    assert head.startswith("❌")
    near = [line for line in head.splitlines() if line.startswith("💡")]
    assert len(near) == 1, head
    for flag in flags:
        assert f"<code>{flag}</code>" in near[0]
    assert words in near[0]


@pytest.mark.parametrize("question", [
    # only --max-model-len 1250 holds it: a context cut below the 2,048 tokens assumed where
    # none is said is no near miss (more GPUs are the fix, listed below)
    "qwen2.5 72b int4 on 2x 4090 vllm 16k context",
    # vLLM's default context (the model's whole 131,072): the next step names --max-model-len
    "serve llama 3.1 8b bf16 on a t4 with vllm",
    # nothing holds BF16 weights on the card: another checkpoint, not a flag
    "vllm llama 3.1 8b on a 4060 ti 16gb 32k context fp16",
])
def test_no_near_line_without_a_flag_that_mends_it(pipeline: Pipeline, question: str) -> None:
    text = pipeline.ask(question).text
    assert text.startswith("❌")
    assert "💡" not in _head(text)


def test_enforce_eager_is_estimated_again(pipeline: Pipeline) -> None:
    text = pipeline.ask("can i run llama 3.3 70b on 2x3090 for inference with vllm, 8k context?").text
    fixes = text.split("What makes it fit in vLLM", 1)[1]
    # 24 GB less the 0.8 GB of CUDA graphs the detailed breakdown lists
    assert "<code>--enforce-eager</code>: about 23.2 GB per GPU" in fixes
    assert "• CUDA graphs: 0.8 GB" in text
    # said already: not suggested again, and the breakdown has no CUDA graphs
    said = pipeline.ask("llama 3.3 70b on 2x3090 vllm --enforce-eager 24k context").text
    assert "--enforce-eager</code>:" not in said
    assert "• CUDA graphs" not in said


@pytest.mark.parametrize(("question", "tokens"), [
    # a bare number in thousands given to the engine is the context it serves (was unread:
    # vLLM's whole 131,072 tokens, "does not fit")
    ("serve llama 3.1 8b on a 4090 with vllm 8k", 8192),
    ("gemma 3 27b qat on 3090 ollama 32k ok?", 32768),
    ("servir qwen2.5 7b awq en una 4060ti 16gb con vllm 16k", 16384),
])
def test_a_number_in_thousands_after_the_engine_is_the_context(
        pipeline: Pipeline, question: str, tokens: int) -> None:
    assert understand(question, load_catalogue()).seq_len == tokens
    assert pipeline.ask(question).text.startswith("✅")


@pytest.mark.parametrize(("question", "tokens"), [
    # a whole power of two after "with", "con", "avec", "en", "a" is the sequence length
    # (was unread: 2,048 assumed)
    ("sur une a100 40go je peux faire un lora de mistral nemo 12b en 4096 ?", 4096),
    ("lora mistral 7b con 4096 en una 3090", 4096),
    ("lora mistral 7b with 4096 on a 3090", 4096),
    ("qlora llama 3 8b a 8192 en una 4090", 8192),
    # a count of things, money or a rank is none
    ("lora llama 3 8b with 4096 samples on a 4090", None),
    ("full ft with 2048 examples llama 3 8b h100", None),
    ("lora llama 3 8b with 512 rank on a 4090", None),
    ("precio de 4 h100 a 2048 dolares", None),
])
def test_a_length_written_whole_after_with_or_en(question: str, tokens: int | None) -> None:
    assert understand(question, load_catalogue()).seq_len == tokens


@pytest.mark.parametrize(("question", "tokens", "inference"), [
    # a context's usual size in tokens beside a model run, nothing trained nor timed (was a
    # training run on 16,000 tokens of data: "about 1 minute")
    ("can i run llama 3 8b on a 3060 12gb 16k tokens", 16384, True),
    ("running mistral 7b on a t4 16k tokens", 16384, True),
    ("run qwen2.5 14b on 3090 8k tokens", 8192, True),
])
def test_tokens_of_a_context_beside_a_run(question: str, tokens: int, inference: bool) -> None:
    query = understand(question, load_catalogue())
    assert (query.seq_len, query.dataset_tokens, query.inference) == (tokens, None, inference)


@pytest.mark.parametrize("question", [
    "how long to run qwen2.5 14b on 3090 over 8k tokens",  # timed: left as it was read
    "qlora llama 3 8b on 16k tokens of my chats, how long on a 4090",
    "run llama 3 8b on a 4090 on 50k tokens",  # no context's size
])
def test_tokens_that_stay_data(question: str) -> None:
    assert understand(question, load_catalogue()).dataset_tokens is not None


@pytest.mark.parametrize(("question", "lang", "first"), [
    # the minimum asked leads, the coin named answered after it (was "✅ Yes: we take BTC." first)
    ("whats the min topup in btc", "en", "💵 <b>The smallest top-up is $1.</b>"),
    ("cual es la recarga minima en btc", "es", "💵 <b>La recarga mínima es de 1\u00a0US$.</b>"),
    ("c'est quoi le minimum de recharge en eth", "fr",
     "💵 <b>La recharge minimale est de 1\u00a0$US.</b>"),
])
def test_the_minimum_asked_leads(pipeline: Pipeline, question: str, lang: str, first: str) -> None:
    text = pipeline.ask(question, telegram_locale=lang).text
    assert text.splitlines()[0] == first, text
    assert "✅" in text.splitlines()[1]
