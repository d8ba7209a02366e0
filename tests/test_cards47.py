"""Session 47 (cards47): GPUs a user owns or rents elsewhere.

- "qwen 2.5 7b on radeon 780m?" answered "Which AMD card?" with the whole AMD catalogue (~50
  names). A vendor said with no known card now gets a handful: the closest to the digits said
  ("radeon 7950": the RX 7900s), else the few people ask about (gpus_owned.toml
  [platform_examples]).
- Integrated GPUs (Radeon 780M/760M, 890M/880M, Intel Arc 140V, Arc iGPU, Iris Xe) share the
  system RAM: with the RAM said, the plan is on the share Windows gives a GPU (half, Microsoft's
  'Calculating graphics memory'); without it, the bot asks for it.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.parse import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _text(question: str, lang: str | None = None) -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"]).replace("\xa0", " ")


@pytest.mark.parametrize(("question", "present", "absent"), [
    # nothing said after the vendor: the handful of examples, not ~50 names
    ("qwen 7b on amd", ["Radeon RX 7900 XTX", "Instinct MI300X"], ["Radeon RX 5700", "MI25"]),
    ("tengo una amd, q modelo de 7b puedo correr", ["Radeon RX 7900 XTX"], ["Radeon RX Vega 56"]),
    # digits said: the closest names to them
    ("qwen 7b on radeon 7950", ["Radeon RX 7900 XTX", "Radeon RX 7900 GRE"],
     ["Radeon RX 5700", "Instinct MI25"]),
    ("qwen 7b on my amd 7900 lol", ["Radeon RX 7900 XT (", "Radeon PRO W7900"],
     ["Radeon RX 580"]),
    ("qwen 7b on radeon rx 480", ["Radeon RX 580"], ["Instinct MI300X", "Radeon RX 5700 XT"]),
])
def test_a_vendor_without_a_card_names_a_handful(question: str, present: list[str],
                                                 absent: list[str]) -> None:
    text = _text(question)
    lead = text.split("\n")[0]
    assert "AMD" in lead and lead.startswith("🔴")
    for name in present:
        assert name in lead
    for name in absent:
        assert name not in lead
    assert lead.count("GB)") <= 5


@pytest.mark.parametrize(("question", "igpu", "ram", "vram"), [
    ("qwen 2.5 7b on radeon 780m with 32gb ram", "radeon-780m", "32", "17.17"),
    ("qwen 2.5 7b on radeon 780m 32gb", "radeon-780m", "32", "17.17"),
    ("llama 8b on iris xe 16gb ram", "iris-xe", "16", "8.58"),
    ("can my laptop w/ intel arc 140v 32gb run llama 3 8b", "arc-140v", "32", "17.17"),
    ("qwen 7b en mi radeon 890m con 64gb de ram", "radeon-890m", "64", "34.35"),
    ("mistral 7b q4 sur mon 780m 16go de ram", "radeon-780m", "16", "8.58"),
    ("llama 3 8b on radeon 780m?", "radeon-780m", None, None),
    ("what can i run on intel iris xe", "iris-xe", None, None),
])
def test_an_integrated_gpu_is_planned_on_its_share_of_the_ram(
        question: str, igpu: str, ram: str | None, vram: str | None) -> None:
    query = understand(question, CAT)
    assert query.igpu == igpu
    assert query.igpu_ram_gb == (Decimal(ram) if ram else None)
    assert query.vram_gb == (Decimal(vram) if vram else None)
    assert not query.amd_unnamed and query.cpu_machine is None


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("qwen 2.5 7b on radeon 780m?", None, "How much RAM does your machine have?"),
    ("qwen 2.5 7b on radeon 780m with 32gb ram", None, "17.17 GB of your 32 GiB (34.36 GB)"),
    ("qwen 7b en mi radeon 780m con 32gb de ram", "es", "17,17 GB de tus 32 GiB (34,36 GB)"),
    ("llama 8b sur iris xe", "fr", "Combien de RAM a votre machine"),
])
def test_the_reply_says_the_share_or_asks_for_the_ram(question: str, lang: str | None,
                                                      said: str) -> None:
    text = _text(question, lang).replace("\u202f", " ")
    assert said in text
    assert "Which AMD card?" not in text and "The ones I know" not in text


def test_tokens_are_no_integrated_gpu() -> None:
    # "780m tokens" is a data size, not the Radeon 780M
    assert understand("qlora llama 8b on 780m tokens on an h100", CAT).igpu is None


@pytest.mark.parametrize(("question", "gpu", "count"), [
    # Oracle (OCI) shapes and Lambda instance types: their GPUs and count (were no GPU, or one
    # GPU of "8 GB" read in the name's last digit)
    ("qlora llama 3 70b on a BM.GPU.H100.8 how long", "h100", 8),
    ("can i full finetune llama 8b on oci bm.gpu.a100-v2.8??", "a100-80gb", 8),
    ("BM.GPU4.8 lora 70b how long", "a100-40gb", 8),
    ("vm.gpu.a10.1 qwen 7b qlora?", "a10", 1),
    ("bm gpu h100 8 qlora 70b", "h100", 8),
    ("lambda gpu_1x_a100_sxm4 llama 3 8b lora", "a100-40gb", 1),
    ("gpu_8x_h100_sxm5 full ft llama 70b", "h100", 8),
    ("how long to lora llama 70b on 1B tokens on gpu_8x_a100_80gb_sxm4", "a100-80gb", 8),
    ("cuanto tarda un qlora de 70b en una gpu_1x_gh200", "gh200", 1),
])
def test_other_clouds_instance_types(question: str, gpu: str, count: int) -> None:
    query = understand(question, CAT)
    assert (query.gpu, query.gpu_count) == (gpu, count)


def test_the_intel_arc_igpu_is_named_plainly() -> None:
    # was "The Intel Arc graphics (integrated) is built into the processor"
    text = _text("intel core ultra 7 155h arc igpu 16gb ram mistral 7b")
    assert text.startswith("🧠 The Intel Arc iGPU is built into the processor")
