"""Questions as new users write them (probe-en12): a dataset's size with its unit in words ("500
megabytes of data", "2 gigs of text", "300 megas de datos", "2 gigaoctets de texte") was not read,
so the run was priced at the illustrative hours or its time asked for again."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

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
