"""Running models locally, asked as people ask on r/LocalLLaMA and in Ollama's, llama.cpp's and
vLLM's issues (session 27, serving15): pasted error lines, flags, "16gb vram + 32gb ram"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, ask_json, says

NB = "\u00a0"
NNB = "\u202f"  # Babel's French number–unit space

# Ollama's "model requires more system memory (X GiB) than is available (Y GiB)": Y is the free
# RAM plus free swap Ollama found (ollama/ollama llm/server.go), never the card's memory; the
# reply says which llama.cpp type's layers off the GPU fit in it.
OLLAMA_FREE: list[tuple[str, str | None, dict[str, object], list[str], list[str]]] = [
    # (question, locale, JSON fields, text has (in order), text lacks)
    ("ollama run llama3:70b -> Error: model requires more system memory (41.9 GiB) than is "
     "available (15.6 GiB)", None,
     {"gpu": None, "vram_gb": None, "model": "llama-3-70b"},
     ["16.75 GB (15.6 GiB) of free system memory", "44.99 GB (41.9 GiB)",
      "Even the smallest llama.cpp quantization type, IQ1_S, needs about 18.3 GB there"],
     ["GPU of 16.75 GB"]),
    ("ollama qwen2.5:32b error: model requires more system memory (20.1 GiB) than is available "
     "(11.2 GiB)", None,
     {"gpu": None, "vram_gb": None},
     ["12.03 GB (11.2 GiB) of free system memory", "whole model takes about 20.6 GB",
      "fits in it: IQ2_S</b> — about 11.8 GB", "The next type up, IQ2_M"],
     []),
    ("ollama run llama3.1:70b Error: model requires more system memory (41.9 GiB) than is "
     "available (15.6 GiB), i have a 3060 12gb", None,
     {"gpu": "rtx-3060", "vram_gb": 12, "fits": False},
     ["num_gpu 22", "leaves about 32.5 GB there, with 22 layers on the GPU",
      "fits in it: Q2_K_S</b>"],
     ["Your 16.75 GB of RAM"]),
    # the RAM said is the machine's; what Ollama found free is what the layers must fit in
    ("ollama run gemma2:27b Error: model requires more system memory (18.2 GiB) than is "
     "available (9.8 GiB) rtx 3070 8gb + 16gb ram", None,
     {"gpu": "rtx-3070", "vram_gb": 8},
     ["10.52 GB (9.8 GiB) of free system memory", "fits in it: IQ4_NL</b>",
      "The next type up, Q4_K_M, needs about 11 GB"],
     ["Your 16 GB of RAM"]),
    # this estimate leaves less in RAM than Ollama asked: where to see the split it made
    ("ollama says model requires more system memory (40.2 GiB) than is available (31.3 GiB), "
     "running llama3:70b on a 4090", None,
     {"gpu": "rtx-4090", "vram_gb": 24},
     ["33.61 GB (31.3 GiB) of free system memory", "leaves only 21.3 GB there",
      "ollama ps"],
     ["Your 33.61 GB of RAM"]),
    ("ollama me da error: model requires more system memory (20.1 GiB) than is available "
     "(11.2 GiB) con qwen2.5:32b, que hago?", "es",
     {"gpu": None, "vram_gb": None},
     [f"12,03{NB}GB (11,2{NB}GiB) de memoria del sistema libre",
      "que cabe en ella: IQ2_S"],
     []),
    ("ollama me dit Error: model requires more system memory (41.9 GiB) than is available "
     "(15.6 GiB) avec llama3.1:70b sur ma 3060 12 Go", "fr",
     {"gpu": "rtx-3060"},
     [f"16,75{NNB}Go (15,6{NNB}Gio) de mémoire système libre", "22 couches sur le GPU",
      f"qui y tient{NB}: Q2_K_S"],
     []),
]



@pytest.mark.parametrize(("text", "locale", "fields", "has", "lacks"), OLLAMA_FREE)
def test_ollama_free_memory(text: str, locale: str | None, fields: dict[str, object],
                            has: list[str], lacks: list[str]) -> None:
    out = ask_json(text, locale)
    for key, want in fields.items():
        got = out[key]
        assert (Decimal(str(got)) if type(want) is int and got is not None else got) == want, \
            (key, got)
    body = str(out["text"])
    says(body, has, lacks)


def test_ollama_free_memory_is_not_the_cards() -> None:
    query = ask("ollama run llama3:70b -> Error: model requires more system memory (41.9 GiB) "
                "than is available (15.6 GiB)").query
    assert query.vram_gb is None and query.ram_free
    assert query.system_ram_gb is not None and round(query.system_ram_gb, 2) == Decimal("16.75")


# "16gb vram + 32gb ram … tok/s": the card is known by its memory alone, so its bandwidth is
# not; the layers left in RAM still cap the rate (the GPU's reads taken as free), said after
# the verdict, in the layer split (was "Tell me which card" and no figure). The RAM said holds
# the layers left off the card: it runs, partly on the CPU, which leads (infer20; was "❌").
RAM_SIDE: list[tuple[str, str | None, list[str], list[str]]] = [
    ("mistral small 24b q6_k on 16gb vram + 32gb ram tok/s", None,
     ["⚠️ <b>Yes, partly on the CPU and slowly", "-ngl 34",
      "At most about 27 tokens/s for one sequence with -ngl 34, from the RAM alone", "3.3 GB of the layers in RAM at 89.6 GB/s (dual-channel DDR5-5600)",
      "Your RAM's speed was not given", "from the RAM's bandwidth alone"],
     ["Tell me which card"]),
    ("16gb vram 64gb ddr4 3200 llama 3.3 70b q4_k_m how many tokens per second", None,
     ["⚠️ <b>Yes, partly on the CPU and slowly", "at most about 1.8 tokens/s.</b>",
      "At most about 1.8 tokens/s", "51.2 GB/s (dual-channel DDR4-3200)"],
     ["Tell me which card"]),
    ("mistral small 24b q6_k con 16gb de vram y 32gb de ram cuantos tok/s me da?", None,
     ["⚠️ <b>Sí, en parte en la CPU",
      "Como mucho unos 27 tokens/s para una secuencia con -ngl 34, solo por la RAM"],
     ["Dime qué tarjeta"]),
    ("mistral small 24b q6_k avec 16 Go de VRAM et 32 Go de RAM, combien de tok/s ?", None,
     ["⚠️ <b>Oui, en partie sur le CPU",
      "Au plus environ 27 tokens/s pour une séquence avec -ngl 34, par la RAM seule"],
     []),
    # nothing off the card: only its bandwidth would bound it, which its size does not give
    ("llama 3 8b q4 on 8gb vram tok/s", None,
     ["Tell me which card", "✅"], ["from the RAM alone"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), RAM_SIDE)
def test_ram_side_bound_on_a_card_known_by_its_memory(
        text: str, locale: str | None, has: list[str], lacks: list[str]) -> None:
    body = str(ask_json(text, locale)["text"])
    says(body, has, lacks)


# "k" in a length of one sequence, one rule on every path (bot.understand.numbers.k_tokens): a
# power of two is binary as context windows are published (32K = 32,768), any other figure
# decimal as vLLM reads a lowercase k ("25.6k" = 25,600). Was: a context's k always 1,024
# ("100k context" 102,400, "32.5k" 33,280), a prompt's or an output's always 1,000 ("a 32k
# token prompt" 32,000 beside "32k context" 32,768).
K_TOKENS: list[tuple[str, str | None, str, int]] = [
    ("llama 3.1 8b with 32k context how much vram", None, "seq_len", 32768),
    ("llama 3.1 8b with a 32k token prompt how much vram", None, "prompt_tokens", 32768),
    ("llama 3.1 8b 100k context on a 4090", None, "seq_len", 100000),
    ("llama 3.1 8b 32.5k context vram", None, "seq_len", 32500),
    ("yi 34b 200k context how much vram", None, "seq_len", 200000),
    # vLLM's own flag reads the k as vLLM does, case kept (test_serving16): 32k is 32,000
    ("vllm --max-model-len 32k llama 3.1 8b on a 4090", None, "seq_len", 32000),
    ("vllm --max-model-len 32K llama 3.1 8b on a 4090", None, "seq_len", 32768),
    ("qwen2.5 7b max_new_tokens 4k on a 4090", None, "new_tokens", 4096),
    # samples are data, whose counts stay decimal: "50k examples of 2k tokens" is 100M tokens
    ("fine tune llama 3 8b on 50k examples of 2k tokens on a 4090 how long", None, "seq_len",
     2000),
    ("llama 3.1 8b con un prompt de 16k tokens en una 4090", "es", "prompt_tokens", 16384),
    ("llama 3.1 8b contexte de 100k sur une 4090", "fr", "seq_len", 100000),
    # a dataset is a count, not a length: decimal
    ("qlora llama 3 8b on 32k tokens of data how long on a 4090", None, "dataset_tokens", 32000),
]


@pytest.mark.parametrize(("text", "locale", "field", "want"), K_TOKENS)
def test_k_is_one_rule_for_a_length(text: str, locale: str | None, field: str,
                                    want: int) -> None:
    query = ask(text, locale).query
    assert getattr(query, field) == want


def test_k_after_a_context_question() -> None:
    from tests.support.chat import converse

    first, second = converse("llama 3.1 8b with 8k context on a 4090", "and 100k?")
    assert first.query.seq_len == 8192 and second.query.seq_len == 100000


# A Mac named alone beside a model, no method, training word or money: run, not trained (was
# QLoRA's verdict first, on a Mac where bitsandbytes does not run, as the reply itself says).
MAC_RUNS: list[tuple[str, str | None, str, str | None]] = [
    ("mac studio m2 ultra 192gb deepseek", None, "inference_int4", "deepseek-v2"),
    ("m1 max 32gb mixtral 8x7b?", None, "inference_int4", "mixtral-8x7b"),
    ("m2 max 64gb llama 3 8b", None, "inference_bf16", "llama-3-8b"),
    ("mac studio m2 ultra de 192gb con deepseek", "es", "inference_int4", "deepseek-v2"),
    ("un m2 max de 64 go avec llama 3 8b ?", "fr", "inference_bf16", "llama-3-8b"),
    # a method or a training word keeps training
    ("mac studio m2 ultra 192gb deepseek qlora", None, "qlora", None),
    ("macbook pro m3 max 36gb fine tune llama 3.1 8b", None, "qlora", "llama-3.1-8b"),
]


@pytest.mark.parametrize(("text", "locale", "method", "model"), MAC_RUNS)
def test_a_mac_named_with_a_model_runs_it(text: str, locale: str | None, method: str,
                                          model: str | None) -> None:
    out = ask_json(text, locale)
    assert out["method"] == method, out["text"]
    if model is not None:
        assert out["model"] == model


# A Mac whose memory holds the model beyond Metal's recommended working set: the tokens/s bound
# with the limit raised (sysctl iogpu.wired_limit_mb), not only "generates nothing there".
MAC_RAISED: list[tuple[str, str | None, list[str], list[str]]] = [
    # (DeepSeek R1 Q4_K_M's 410.9 GB is within a 512 GB M3 Ultra's 412.31 GB and Llama 3.1 70B
    # Q8_0's 75.4 GB within a 96 GB M2 Max's 77.3 GB since mac39: the share of GiB)
    ("m2 ultra 192gb qwen3 235b q5 tok/s", None,
     ["does not fit on 1× Apple M2 Ultra", "iogpu.wired_limit_mb=N), it fits in the 192 GB",
      "at most about 49 tokens/s"], []),
    ("m2 max 96gb llama 3.1 70b q8 tok/s", None,
     ["⚡ <b>At most about 5.3 tokens/s: Llama 3.1 70B (GGUF Q8_0 inference) on 1× Apple M2 Max"],
     ["generates nothing there", "if macOS lets the GPU keep more"]),
    ("m2 ultra 192 go qwen3 235b q5 combien de tok/s ?", None,
     [f"il tient dans les 192{NNB}Go{NB}: une séquence générerait alors au plus environ 49"],
     []),
    ("m2 ultra de 192gb qwen3 235b q5 cuantos tok/s?", None,
     [f"cabe en los 192{NB}GB: una secuencia generaría entonces como mucho unos 49"], []),
    # beyond the Mac's whole memory: nothing to raise
    ("m3 max 36gb llama 70b q4 tok/s", None, ["generates nothing there"], ["wired_limit_mb=N), it"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), MAC_RAISED)
def test_mac_bound_with_the_limit_raised(text: str, locale: str | None, has: list[str],
                                         lacks: list[str]) -> None:
    body = str(ask_json(text, locale)["text"])
    says(body, has, lacks)


# llama.cpp's -c with no tool or training word beside it: the context served (was unread, and
# the question answered as QLoRA's); beside a training word it stays unread as before.
@pytest.mark.parametrize(("text", "seq_len"), [
    ("qwen2.5 7b -c 32768 on a 4060 ti 16gb", 32768),
    ("qwen2.5 7b -c 32k on a 4060 ti 16gb", 32768),
    ("qwen2.5 7b -c 8192 en una 4060 ti de 16gb", 8192),
])
def test_llama_cpp_context_flag_alone(text: str, seq_len: int) -> None:
    reply = ask(text)
    assert reply.query.seq_len == seq_len and reply.query.inference


# "with a 8k prompt": one prompt's length, as "an 8k prompt" already was (was 8,000 samples and
# a QLoRA training time).
@pytest.mark.parametrize(("text", "prompt"), [
    ("qwen2.5 7b with a 8k prompt on a 4090", 8192),
    ("qwen2.5 7b with a 32k prompt on a 4090", 32768),
    ("qwen2.5 7b con un prompt 16k en una 4090", 16384),
])
def test_a_prompt_with_its_article(text: str, prompt: int) -> None:
    query = ask(text).query
    assert query.prompt_tokens == prompt and query.inference and query.dataset_samples is None


# "tokens and 1k output tokens": "and" is no "a" + "d" (tokens a day) (was a tokens-a-day answer
# on an L40S, the output unread).
def test_and_is_no_day() -> None:
    query = ask("llama 3.1 8b prompt of 32k tokens and 1k output tokens vram").query
    assert (query.intent, query.prompt_tokens, query.new_tokens) == ("memory", 32768, 1024)
    assert ask("how many tokens per day can llama 3 8b do on a 4090").query.intent == "time"
