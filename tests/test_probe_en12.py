"""Questions as new users write them (probe-en12): a dataset's size with its unit in words ("500
megabytes of data", "2 gigs of text", "300 megas de datos", "2 gigaoctets de texte") was not read,
so the run was priced at the illustrative hours or its time asked for again."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json

# --- a dataset's size on disk with its unit in words ---------------------------------------------


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("fine tune llama 3.1 8b on 500 megabytes of data with qlora, cost?", None,
     "500 MB taken as about 125 million tokens"),
    ("qlora llama 3.1 8b on 2 gigs of text, how long on an a100", None,
     "2 GB taken as about 500 million tokens"),
    ("my dataset is 1.5 gigabytes, lora qwen2.5 7b on an h100 how many hours", None,
     "1.5 GB taken as about 375 million tokens"),
    ("cuanto cuesta un qlora de llama 3.1 8b con 300 megas de datos", "es",
     "300\u00a0MB de texto son unos 75 millones de tokens"),
    ("combien de temps pour un qlora de llama 3.1 8b sur 2 gigaoctets de texte sur une a100",
     "fr", "2\u202fGo de texte, soit environ 500 millions de tokens"),
])
def test_data_size_in_words_is_read(text: str, locale: str | None, said: str) -> None:
    got = ask_json(text, locale)
    assert got["hours"] is not None, got["text"]
    assert said in str(got["text"]), got["text"]


def test_gigs_of_memory_stay_memory() -> None:
    """"16 gigs" of a card is its memory; only a size of data is the dataset."""
    got = ask_json("only got like sixteen gigs of vram, can i qlora llama 3 8b with 200 megs of data??")
    assert got["vram_gb"] == "16" or got["vram_gb"] == 16, got
    got = ask_json("i have 16 gigs, can i qlora llama 3 8b with 200 megabytes of data")
    assert got["intent"] == "fit" and got["fits"] is True, got["text"]



# --- settings in words: "and" joins one number only after a hundred or a thousand ---------------


@pytest.mark.parametrize(("text", "locale", "seq", "rank", "batch"), [
    ("qlora qwen2.5 14b with a rank of sixty four and two thousand tokens context on a 3090",
     None, 2000, 64, None),
    ("lora rank of thirty two and a batch of eight on llama 3 8b, 4090", None, None, 32, 8),
    ("batch size of four and a seq len of two thousand and forty eight, qlora llama 3 8b on a "
     "3090", None, 2048, None, 4),
    # "y" and "et" join tens and units, also before a thousand
    ("rango sesenta y cuatro, treinta y dos mil tokens de contexto, qlora qwen2.5 14b en una "
     "a100", "es", 32000, 64, None),
])
def test_and_joins_one_number_after_a_scale_only(
    text: str, locale: str | None, seq: int | None, rank: int | None, batch: int | None
) -> None:
    query = ask(text, locale).query
    assert (query.seq_len, query.lora_rank, query.batch_size) == (seq, rank, batch)


# --- a brand's licence asked with no size: its whole line, not its one plain-sized model ---------


@pytest.mark.parametrize(("text", "locale"), [
    ("is mistral gated", None),
    ("mistral license?", None),
    ("es mistral restringido en hf?", "es"),
    ("mistral c'est gated ?", "fr"),
])
def test_brand_licence_is_the_line(text: str, locale: str | None) -> None:
    got = ask_json(text, locale)
    body = str(got["text"])
    assert got["model"] is None, body
    assert body.startswith("🔓 <b>"), body
    assert "Mistral NeMo 12B" in body and "Mistral Large 2 (123B)" in body, body
    assert "QLoRA" not in body, body


def test_brand_run_is_still_its_model() -> None:
    """Running "mistral" still means Mistral 7B; only its licence takes the line."""
    assert ask_json("can i run mistral on a 3090")["model"] == "mistral-7b"
    assert ask_json("is mistral 7b gated")["model"] == "mistral-7b"


# --- a serving engine's or local runner's own license --------------------------------------------


@pytest.mark.parametrize(("text", "locale", "starts"), [
    ("llama cpp license?", None, "📜 <b>llama.cpp is open source under the MIT license.</b>"),
    ("llama.cpp license?", None, "📜 <b>llama.cpp is open source under the MIT license.</b>"),
    ("is vllm open source", None, "📜 <b>vLLM is open source under the Apache-2.0 license.</b>"),
    ("can i use ollama commercially", None, "📜 <b>Ollama is open source under the MIT license."),
    ("tgi licence?", None, "📜 <b>TGI is open source under the Apache-2.0 license.</b>"),
    ("lm studio license", None, "📜 I have no license on file for LM Studio"),
    ("llama.cpp es de codigo abierto?", "es",
     "📜 <b>llama.cpp es de código abierto, con licencia MIT.</b>"),
    ("quelle est la licence de llama.cpp ?", "fr",
     "📜 <b>llama.cpp est open source, sous licence MIT.</b>"),
])
def test_program_licence(text: str, locale: str | None, starts: str) -> None:
    got = ask_json(text, locale)
    assert got["intent"] == "help" and got["error"] is None, got["text"]
    assert str(got["text"]).startswith(starts), got["text"]


@pytest.mark.parametrize("text", [
    "best open source model to run in ollama",  # a model asked for
    "llama 3 8b with ollama license?",  # the model's license
    "run llama 3 8b in llama cpp on a 3090",  # "llama cpp" is the runner: its GGUF type
])
def test_program_licence_not_read(text: str) -> None:
    got = ask_json(text)
    assert "📜" not in str(got["text"]), got["text"]
    if "3090" in text:
        assert got["method"] == "inference_int4", got["text"]


# --- a Mac's detailed estimate: its GPU's share of the unified memory, not "per GPU" -------------


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("qlora llama 3 8b on my m2 max 32gb, seq 2048 batch 2", None,
     "of the 22.9 GB macOS lets the GPU use"),
    # mlx-lm assumed (fit23), at batch 1 with checkpointing
    ("m3 max 64gb can i qlora gemma 3 12b", None,
     "it needs about 11.3 GB (detailed estimate) of the 51.53 GB macOS lets the GPU use, 40.2 GB "
     "left"),
    ("m3 max 64gb can i finetune gemma 3 12b with mlx", None, "≈ 19.2 GB at typical settings"),
    ("m1 pro 16gb, can i even run llama 3.1 8b q4", None,
     "needs about 5.7 GB (detailed estimate, KV cache 0.3 GB) of the 11.45 GB macOS lets"),
    ("m4 max 128gb llama 3.3 70b q4 with 32k context", None,
     "Total: 54.1 GB of the 103.07 GB macOS lets the GPU use"),
    ("qlora de llama 3 8b en mi m2 max de 32gb, seq 2048 batch 2", "es", "macOS"),
    ("qlora de llama 3 8b sur mon m2 max 32go, seq 2048 batch 2", "fr", "macOS"),
])
def test_mac_is_not_per_gpu(text: str, locale: str | None, said: str) -> None:
    body = str(ask_json(text, locale)["text"])
    assert said in body, body
    for per_gpu in ("per GPU", "each GPU has", "por GPU", "cada GPU", "par GPU", "chaque GPU"):
        assert per_gpu not in body, body


def test_cards_stay_per_gpu() -> None:
    body = str(ask_json("qlora llama 3 8b on my 3090, seq 2048 batch 2")["text"])
    assert "per GPU (detailed estimate) of the 25.77 GB (24 GiB) each GPU has" in body, body
