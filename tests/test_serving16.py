"""Serving and inference phrasings (session 28, serving16): a GGUF too big for one home card
offloaded to system RAM, vLLM's --max-model-len read as vLLM reads it, Ollama's RAM error with
no model named, how long a model takes to download."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, ask_json, says

NB = "\u00a0"
NNB = "\u202f"  # Babel's French number–unit space



# One GeForce card we also rent ("a single 4090", "my 4090") cannot hold a GGUF: llama.cpp and
# Ollama offload the other layers to system RAM, as for a card we do not rent (was the bare ❌
# and the cheapest offered configuration, no split; rentable cards were left out of it).
OFFLOAD: list[tuple[str, str | None, list[str], list[str]]] = [
    ("llama 4 scout q4 on a single 4090", None,
     ["❌", "18 of the model's 49 layers fit in GPU memory (-ngl 18", "42.7 GB of system RAM",
      "At most about 13 tokens/s for one sequence with -ngl 18",
      "We rent the RTX 4090 too, but its price is not published"],
     []),
    ("llama 3 70b q4 on my 4090", None,
     ["❌", "-ngl 46", "19.3 GB of system RAM", "At most about 4.3 tokens/s"], []),
    ("qwen2.5 72b q4 on a 5090", None, ["❌", "-ngl 60", "At most about 6.8 tokens/s"], []),
    ("llama 4 scout q4 en una sola 4090", "es",
     ["❌", "18 de las 49 capas del modelo", f"42,7{NB}GB de RAM del sistema"], []),
    ("llama 4 scout q4 sur une seule 4090", "fr",
     ["❌", "18 des 49 couches du modèle", f"42,7{NNB}Go de RAM système"], []),
    # a datacenter card we rent: more of them, not system RAM
    ("llama 3 405b q4 on an h100", None, ["❌"], ["-ngl", "system RAM"]),
    # two rented GeForce cards holding it: no split
    ("llama 3 70b q4 on 2x 4090", None, ["✅"], ["-ngl"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), OFFLOAD)
def test_home_card_offloads_to_ram(text: str, locale: str | None, has: list[str],
                                   lacks: list[str]) -> None:
    says(str(ask_json(text, locale)["text"]), has, lacks)


# vLLM's --max-model-len: a lowercase k is 1,000, an uppercase K 1,024 (vllm-project/vllm
# vllm/engine/arg_utils.py @ 99d7eb5, human_readable_int); was 32,768 for both, the case folded.
VLLM_LEN: list[tuple[str, int, int | None]] = [
    ("vllm --max-model-len 32k llama 3.1 8b on a 4090", 32000, None),
    ("vllm --max-model-len 32K llama 3.1 8b on a 4090", 32768, None),
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len=128k on an h100", 128000, None),
    ("max_model_len: 16k for qwen2.5 7b with vllm on an l4", 16000, None),
    ("vllm --max-model-len 8k vs 32k for llama 3 8b on an l4", 8000, 32000),
    ("vllm --max-model-len 8K vs 32K for llama 3 8b on an l4", 8192, 32768),
    # not vLLM's flag: a context window as published (32K is Qwen2.5's 32,768)
    ("qwen2.5 7b with 32k context on a 4090", 32768, None),
    ("llama.cpp -c 32k qwen2.5 7b on a 4090", 32768, None),
]


@pytest.mark.parametrize(("text", "seq_len", "other"), VLLM_LEN)
def test_vllm_max_model_len_reads_k_as_vllm_does(text: str, seq_len: int,
                                                 other: int | None) -> None:
    query = ask(text).query
    assert (query.seq_len, query.seq_len_other) == (seq_len, other)


def test_vllm_32k_reply_says_32000() -> None:
    body = str(ask_json("vllm --max-model-len 32k llama 3.1 8b on a 4090")["text"])
    assert "With 32,000 tokens of context" in body


# Ollama's "model requires more system memory (X GiB) than is available (Y GiB)" with no model
# named: both figures and what is short, then which model and card (was "Which model?" alone,
# the figures dropped; without the word "ollama" they were not even read).
OLLAMA_NO_MODEL: list[tuple[str, str | None, list[str], list[str]]] = [
    ("ollama Error: model requires more system memory (41.9 GiB) than is available (15.6 GiB)",
     None,
     ["🧮 Ollama found 16.75 GB (15.6 GiB) of free system memory", "needs 44.99 GB (41.9 GiB)",
      "That is 28.2 GB more than it found", "Which model is it (its Ollama name"],
     ["QLoRA 70B on an A100"]),
    ("Error: model requires more system memory (12.3 GiB) than is available (8.1 GiB) what do i "
     "do", None,
     ["8.7 GB (8.1 GiB) of free system memory", "13.21 GB (12.3 GiB)", "4.5 GB more"], []),
    ("me sale model requires more system memory (20.1 GiB) than is available (11.2 GiB) en "
     "ollama", "es",
     [f"12,03{NB}GB (11,2{NB}GiB) de memoria del sistema libre", "¿Qué modelo es"],
     ["¿Qué GPU y durante cuánto tiempo?"]),
    ("ollama me dit Error: model requires more system memory (41.9 GiB) than is available "
     "(15.6 GiB), je fais quoi ?", "fr",
     [f"16,75{NNB}Go (15,6{NNB}Gio) de mémoire système libre", f"C'est 28,2{NNB}Go de plus",
      f"quel GPU avez-vous{NNB}?"], []),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), OLLAMA_NO_MODEL)
def test_ollama_ram_error_without_a_model(text: str, locale: str | None, has: list[str],
                                          lacks: list[str]) -> None:
    says(str(ask_json(text, locale)["text"]), has, lacks)


def test_ollama_error_alone_is_ollamas_run() -> None:
    """Its message pasted without the word: Ollama's check, Ollama's Q4_K_M."""
    query = ask("Error: model requires more system memory (41.9 GiB) than is available "
                "(15.6 GiB) with llama3:70b").query
    assert query.inference and query.runner == "ollama" and query.ram_free
    assert query.method == "gguf_q4_k_m"
    assert query.system_ram_gb is not None and round(query.system_ram_gb, 2) == Decimal("16.75")


# "how long to download llama 3 70b": the weights' size on disk (BF16 safetensors from the
# parameters, a GGUF type's file, a checkpoint as published) and the time at the link speed said,
# else at two example speeds said to be examples (was QLoRA's training time).
DOWNLOAD: list[tuple[str, str | None, dict[str, object], list[str], list[str]]] = [
    ("how long to download llama 3 70b", None,
     {"intent": "memory", "method": "inference_bf16", "model": "llama-3-70b"},
     ["⬇️ <b>The weights of Llama 3 70B are about 141.1 GB to download (BF16 safetensors",
      "How fast is your connection? For example, at 100 Mbps it takes about 3.14 hours, at "
      "1 Gbps about 19 minutes", "At the full line rate", "accept Meta's license"],
     ["QLoRA", "dataset size"]),
    ("download llama 3 70b on 100mbps how long", None, {"intent": "memory"},
     ["141.1 GB to download", "At 100 Mbps that takes about 3.14 hours.</b>"],
     ["How fast is your connection"]),
    ("how long to download llama 3 70b q4 at 40 MB/s", None, {"method": "inference_int4"},
     ["The Q4_K_M GGUF file of Llama 3 70B is about 43.2 GB to download.",
      "At 40 MB/s (320 Mbps) that takes about 18 minutes."], []),
    ("ollama pull llama3:70b how long on 300mbps", None, {"method": "inference_int4"},
     ["Q4_K_M GGUF file", "At 300 Mbps that takes about 19 minutes."], []),
    ("how long to download deepseek v3 on 1gbps", None, {},
     ["672.9 GB to download (FP8, as published)", "At 1 Gbps that takes about 1.5 hours."], []),
    ("how long to download qwen2.5 7b awq on 100mbps", None, {},
     ["5.6 GB to download (AWQ, as published)"], []),
    ("how long to download llama 3 70b in 4bit on 1 gigabit", None, {},
     ["141.1 GB to download: the BF16 safetensors", "quantizes to 4-bit while loading",
      "At 1 Gbps that takes about 19 minutes."], []),
    # a card named: the download leads, its fit follows
    ("how long to download llama 3 8b on my 4090 box at 1gbps", None,
     {"intent": "fit", "gpu": "rtx-4090"},
     ["16.1 GB to download", "At 1 Gbps that takes about 2 minutes.", "✅"], []),
    ("cuánto tarda en descargar llama 3 70b a 50 Mbps", "es", {"intent": "memory"},
     [f"Los pesos de Llama 3 70B ocupan unos 141,1{NB}GB de descarga",
      f"A 50{NB}Mbps tarda aproximadamente 6,27{NB}horas."], ["QLoRA"]),
    ("combien de temps pour télécharger mistral 7b", "fr", {"intent": "memory"},
     [f"Les poids de Mistral 7B font environ 14,5{NNB}Go à télécharger",
      f"Quel est le débit de votre connexion{NNB}?"], ["QLoRA"]),
    ("combien de temps pour télécharger mistral 7b avec la fibre 1 gigabit", "fr", {},
     [f"À 1{NB}Gbit/s, cela prend environ 2{NB}minutes."], []),
    ("télécharger llama 3 70b q4 à 10 Mo/s combien de temps", "fr", {},
     [f"À 10{NB}Mo/s (80{NB}Mbit/s)"], []),
    # the licence asked beside the word stays the licence's answer
    ("is llama free to download or gated", None, {}, ["🔒 <b>The Llama repositories"],
     ["⬇️"]),
    # a training run stays a training run
    ("download llama 3 8b and qlora it on my 4090, how long for 10M tokens", None,
     {"method": "qlora"}, [], ["⬇️"]),
]


@pytest.mark.parametrize(("text", "locale", "fields", "has", "lacks"), DOWNLOAD)
def test_download_size_and_time(text: str, locale: str | None, fields: dict[str, object],
                                has: list[str], lacks: list[str]) -> None:
    out = ask_json(text, locale)
    for key, want in fields.items():
        assert out[key] == want, (key, out[key])
    says(str(out["text"]), has, lacks)


def test_download_hours_rule() -> None:
    from rules.download import download_hours

    # 141.1 GB = 1,128.8 Gbit; at 100 Mbps 11,288 s
    assert download_hours(Decimal("141.1"), Decimal(100)) == Decimal("141.1") * 8000 / 100 / 3600
    with pytest.raises(ValueError, match="positive"):
        download_hours(Decimal(1), Decimal(0))


# In a chat: the speed a download reply asked for, said alone; "how long to download it?" after
# a model's question; another format of the same download (were "I did not understand", or the
# model's memory without the download).
DOWNLOAD_CHAT: list[tuple[tuple[str, ...], str]] = [
    (("how long to download llama 3 70b", "on 500 mbps"),
     "At 500 Mbps that takes about 38 minutes."),
    (("cuanto tarda en descargar llama 3 70b", "con 300 megas"),
     "A 300\u00a0Mbps tarda aproximadamente 1,05\u00a0horas."),
    (("qlora llama 3 8b on a 4090", "how long to download it?"),
     "The weights of Llama 3 8B are about 16.1 GB to download"),
    (("can i run llama 3 70b on 2x 3090", "how long to download it on 100mbps"),
     "At 100 Mbps that takes about 3.14 hours."),
    (("how long to download llama 3 70b on 100mbps", "and the q4 gguf?"),
     "The Q4_K_M GGUF file of Llama 3 70B is about 43.2 GB to download. At 100 Mbps that takes "
     "about 58 minutes."),
]


@pytest.mark.parametrize(("turns", "has"), DOWNLOAD_CHAT)
def test_download_in_a_chat(turns: tuple[str, ...], has: str) -> None:
    from tests.support.chat import converse

    assert has in converse(*turns)[-1].text


# The reply says why "32k" is 32,000 beside vLLM's flag (no note where the K is uppercase).
VLLM_NOTE: list[tuple[str, str | None, str | None]] = [
    ("vllm --max-model-len 32k llama 3.1 8b on a 4090", None,
     "vLLM reads --max-model-len 32k as 32,000 tokens: a lowercase k is 1,000, an uppercase K "
     "1,024 (32K is 32,768)."),
    ("vllm --max-model-len 16k qwen2.5 7b en una l4 cabe?", "es",
     "vLLM lee --max-model-len 16k como 16.000 tokens"),
    ("vllm --max-model-len 16k pour qwen2.5 7b sur une l4 ?", "fr",
     f"vLLM lit --max-model-len 16k comme 16{NNB}000 tokens{NB}:"),
    ("vllm --max-model-len 32K llama 3.1 8b on a 4090", None, None),
]


@pytest.mark.parametrize(("text", "locale", "note"), VLLM_NOTE)
def test_vllm_lowercase_k_is_said(text: str, locale: str | None, note: str | None) -> None:
    body = str(ask_json(text, locale)["text"])
    if note is None:
        assert "vLLM reads --max-model-len" not in body
    else:
        assert note in body, body[-400:]


# The disk space a model's files take, asked with the model named: the files' size (was the
# training methods' GPU memory, or 'Coût du fine-tuning' in French); no speed asked for.
DISK: list[tuple[str, str | None, list[str], list[str]]] = [
    ("how much disk space do i need for llama 3 70b", None,
     ["⬇️ <b>The weights of Llama 3 70B are about 141.1 GB"], ["How fast", "QLoRA"]),
    ("cuanto espacio en disco necesito para llama 3 70b", "es",
     [f"ocupan unos 141,1{NB}GB"], ["QLoRA"]),
    ("combien d'espace disque pour llama 3 70b", "fr",
     [f"font environ 141,1{NNB}Go"], ["Coût du fine-tuning"]),
    ("how big is llama 3 70b q4 gguf file", None,
     ["The Q4_K_M GGUF file of Llama 3 70B is about 43.2 GB"], ["How fast"]),
    # a training run's disk stays the training's answer
    ("how much disk space do i need to full finetune llama 3 8b", None, [], ["⬇️"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), DISK)
def test_disk_space_is_the_files_size(text: str, locale: str | None, has: list[str],
                                      lacks: list[str]) -> None:
    says(str(ask_json(text, locale)["text"]), has, lacks)
