"""How people write the hardware they own or name, in English, Spanish and French: each phrasing
with the GPU it names (a catalogue id, or None for a GPU known only by its memory), how many, and
the total memory of that configuration (per card × count; a Mac's unified memory).

System memory ("64GB RAM", "DDR4 64GB", "32 Go de RAM") and figures quoted from elsewhere ("it
says you need 112 GB") must never be read as the GPU's memory.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand import understand
from bot.understand.query import Query
from rules.catalogue import load_catalogue

CAT = load_catalogue()

EN: list[tuple[str, str | None, int, int]] = [
    # --- en: bare names, spellings, memory written with the name
    ("can I qlora 13b on a 3090?", "rtx-3090", 1, 24),
    ("OOM on my 3090 with llama 13b", "rtx-3090", 1, 24),
    ("RTX3090 24G, qlora 34b?", "rtx-3090", 1, 24),
    ("rtx 3090 24gb lora 7b", "rtx-3090", 1, 24),
    ("GeForce RTX 3090 for llama 8b", "rtx-3090", 1, 24),
    ("nvidia 3090 ti, can it do 13b lora", "rtx-3090-ti", 1, 24),
    ("3090ti qlora 30b", "rtx-3090-ti", 1, 24),
    ("A100/40GB for QLoRA 33B", "a100-40gb", 1, 40),
    ("A100 (40G) lora 7b", "a100-40gb", 1, 40),
    ("a100-40g qlora 70b?", "a100-40gb", 1, 40),
    ("A100 40GB full finetune 3b", "a100-40gb", 1, 40),
    ("A100 40 GB PCIe, 13b lora", "a100-40gb", 1, 40),
    ("A100-SXM4-40GB qlora 65b", "a100-40gb", 1, 40),
    ("I have an A100, the 40GB version, qlora 34b", "a100-40gb", 1, 40),
    ("A100 80GB PCIe lora 13b", "a100-80gb-pcie", 1, 80),
    ("A100 qlora 70b", "a100-80gb", 1, 80),
    ("a100 80g lora 8b", "a100-80gb", 1, 80),
    ("V100 qlora 13b", "v100-16gb", 1, 16),
    # the GTX 16 series, bare numbers too (data-only cards: gpus_owned.toml)
    ("i have a 1650 super, can it run phi-3 mini", "gtx-1650-super", 1, 4),
    ("can my 1650 run llama 3.2 1b", "gtx-1650", 1, 4),
    ("gtx1650 4gb laptop, qlora 1b?", "gtx-1650-laptop", 1, 4),
    ("qlora 7b on a 1660 ti?", "gtx-1660-ti", 1, 6),
    ("GeForce GTX 1660 for tinyllama", "gtx-1660", 1, 6),
    ("V100 32GB full fine-tune 1b", "v100-32gb", 1, 32),
    ("tesla v100 16gb lora 7b", "v100-16gb", 1, 16),
    ("Colab T4 qlora 7b", "t4", 1, 16),
    ("free colab T4, can I finetune mistral 7b", "t4", 1, 16),
    ("is an A10G enough for 7b lora", "a10g", 1, 24),
    ("A10 24GB qlora 13b", "a10", 1, 24),
    ("A30 lora 7b", "a30", 1, 24),
    ("A40 qlora 70b", "a40", 1, 48),
    ("L4 inference llama 8b", "l4", 1, 24),
    ("L40 qlora 65b", "l40", 1, 48),
    ("H100 PCIe lora 13b", "h100-pcie", 1, 80),
    ("H100 NVL qlora 70b", "h100-nvl", 1, 94),
    ("H800 lora 34b", "h800", 1, 80),
    ("H20 96GB qlora 70b", "h20", 1, 96),
    ("GH200 full finetune 7b", "gh200", 1, 96),
    ("GH200 144GB lora 70b", "gh200-144gb", 1, 144),
    ("A800 lora 13b", "a800-80gb", 1, 80),
    ("RTX A6000 qlora 70b", "rtx-a6000", 1, 48),
    ("a6000 48gb lora 13b", "rtx-a6000", 1, 48),
    ("A4000 for 7b qlora", "rtx-a4000", 1, 16),
    ("RTX A5000 lora 7b", "rtx-a5000", 1, 24),
    ("RTX 6000 Ada lora 13b", "rtx-6000-ada", 1, 48),
    ("rtx pro 6000 qlora 70b", "rtx-pro-6000", 1, 96),
    ("RTX PRO 6000 Blackwell, full finetune 3b", "rtx-pro-6000", 1, 96),
    ("RTX 2080 Ti qlora 7b", "rtx-2080-ti", 1, 11),
    ("2070 super qlora 3b", "rtx-2070-super", 1, 8),
    ("RTX 2060 qlora 1b", "rtx-2060", 1, 6),
    ("3060 12GB qlora 13b", "rtx-3060", 1, 12),
    ("rtx 3060 qlora 7b", "rtx-3060", 1, 12),
    ("3060 ti lora 1b", "rtx-3060-ti", 1, 8),
    ("3070 qlora 7b", "rtx-3070", 1, 8),
    ("RTX 3080 qlora 7b", "rtx-3080", 1, 10),
    ("RTX 3080 12GB qlora 13b", "rtx-3080-12gb", 1, 12),
    ("3080 10gb lora 3b", "rtx-3080", 1, 10),
    ("3080 ti qlora 13b", "rtx-3080-ti", 1, 12),
    ("4060 qlora 7b", "rtx-4060", 1, 8),
    ("4060 Ti 16GB qlora 13b", "rtx-4060-ti-16gb", 1, 16),
    ("rtx 4060 ti 8gb qlora 7b", "rtx-4060-ti", 1, 8),
    ("4070 qlora 13b", "rtx-4070", 1, 12),
    ("4070 super qlora 13b", "rtx-4070-super", 1, 12),
    ("4070 ti super lora 7b", "rtx-4070-ti-super", 1, 16),
    ("RTX 4080 qlora 13b", "rtx-4080", 1, 16),
    ("4080 super lora 7b", "rtx-4080-super", 1, 16),
    ("can I QLoRA 70B on a 4090?", "rtx-4090", 1, 24),
    ("RTX 4090 Laptop 16GB qlora 13b", "rtx-4090-laptop", 1, 16),
    ("4090 laptop qlora 13b", "rtx-4090-laptop", 1, 16),
    ("rtx 4070 mobile qlora 7b", "rtx-4070-laptop", 1, 8),
    ("My laptop has an RTX 4090, qlora 13b?", "rtx-4090-laptop", 1, 16),
    ("gaming laptop with a 3080 16GB, lora 7b", "rtx-3080-laptop-16gb", 1, 16),
    ("5060 ti 16gb qlora 13b", "rtx-5060-ti-16gb", 1, 16),
    ("RTX 5070 lora 3b", "rtx-5070", 1, 12),
    ("5070 ti qlora 13b", "rtx-5070-ti", 1, 16),
    ("RTX 5080 qlora 13b", "rtx-5080", 1, 16),
    ("5090 lora 13b", "rtx-5090", 1, 32),
    ("5090 laptop qlora 13b", "rtx-5090-laptop", 1, 24),
    ("1080 ti qlora 7b", "gtx-1080-ti", 1, 11),
    ("Tesla P40 for qlora 13b", "p40", 1, 24),
    ("rtx 8000 lora 13b", "quadro-rtx-8000", 1, 48),
    ("4090D qlora 13b", "rtx-4090-d", 1, 24),
    ("A2000 12GB qlora 7b", "rtx-a2000-12gb", 1, 12),
    ("H200 NVL lora 70b", "h200-nvl", 1, 141),
    ("titan rtx lora 7b", "titan-rtx", 1, 24),
    ("can I train 7B on an MI300X", "mi300x", 1, 192),
    # Two GCDs of 64 GB, each a GPU to ROCm (cards15): a model must fit one unless split.
    ("MI250X qlora 70b", "mi250x-gcd", 2, 128),
    ("AMD Instinct MI325X lora 70b", "mi325x", 1, 256),
    ("RX 7900 XTX qlora 13b", "rx-7900-xtx", 1, 24),
    ("7900xtx lora 7b", "rx-7900-xtx", 1, 24),
    ("radeon 7900 xt qlora 13b", "rx-7900-xt", 1, 20),
    # --- en: counts
    ("2x 3090 qlora 70b", "rtx-3090", 2, 48),
    ("2 x 3090s for lora 13b", "rtx-3090", 2, 48),
    ("dual 4090 qlora 70b", "rtx-4090", 2, 48),
    ("3090 x2 lora 13b", "rtx-3090", 2, 48),
    ("3090 x 4 full finetune 7b", "rtx-3090", 4, 96),
    ("2*RTX3090 (24G per card) qlora 70b", "rtx-3090", 2, 48),
    ("4 * A6000 = 192 GB total, full finetune 7b", "rtx-a6000", 4, 192),
    ("2x3090 (48GB total) lora 13b", "rtx-3090", 2, 48),
    ("2 nodes × 8 A100 full fine-tune 70B", "a100-80gb", 16, 1280),
    ("8x A100 x 2 nodes, full finetune 70b", "a100-80gb", 16, 1280),
    ("16x H100 full fine-tune 405B", "h100", 16, 1280),
    ("two 3090s, qlora 70b", "rtx-3090", 2, 48),
    ("a pair of 4090s for lora 13b", "rtx-4090", 2, 48),
    ("four A6000 for lora 70b", "rtx-a6000", 4, 192),
    ("quad 3090 lora 34b", "rtx-3090", 4, 96),
    ("8xA100 40GB full finetune 13b", "a100-40gb", 8, 320),
    ("4x V100 32GB lora 13b", "v100-32gb", 4, 128),
    ("kaggle t4 x2 qlora 7b", "t4", 2, 32),
    ("2 MI300X lora 70b", "mi300x", 2, 384),
    # --- en: memory only
    ("my GPU has 12GB, can I qlora 13b", None, 1, 12),
    ("I have 24gb of vram, lora 7b?", None, 1, 24),
    ("8*24G qlora 70b", None, 8, 192),
    ("4x24GB lora 34b", None, 4, 96),
    ("two 24GB cards lora 13b", None, 2, 48),
    ("96GB total across 4 GPUs, lora 13b", None, 4, 96),
    ("4 GPUs with 24GB each, lora 34b", None, 4, 96),
    ("a 16 GB card, qlora 13b", None, 1, 16),
    ("VRAM: 8GB, qlora 7b", None, 1, 8),
    # --- en: system memory and quoted figures are not VRAM
    ("I have a 3090 and 64GB RAM, qlora 13b", "rtx-3090", 1, 24),
    ("3090, 64gb ram, qlora 13b", "rtx-3090", 1, 24),
    ("DDR4 64GB and a 4060 ti 16gb, qlora 13b", "rtx-4060-ti-16gb", 1, 16),
    ("it says you need 112 GB, I have a 4090", "rtx-4090", 1, 24),
    ("requires 80GB, on my 3090?", "rtx-3090", 1, 24),
    ("my 3090 OOMs, it needs 23.5GB for llama 13b qlora", "rtx-3090", 1, 24),
    ("64 GB RAM, 2TB SSD, RTX 4070, lora 7b", "rtx-4070", 1, 12),
    ("the model is 140GB, will it fit on an H100", "h100", 1, 80),
    ("128GB of system memory and a 4080, qlora 13b", "rtx-4080", 1, 16),
    # --- Apple silicon
    ("M2 Ultra 64 GB qlora 70b", "apple-m2-ultra", 1, 64),
    ("M2 Ultra qlora 70b", "apple-m2-ultra", 1, 64),
    ("mac with 64gb lora 8b", "apple-silicon", 1, 64),
    ("macbook pro m3 max 128gb qlora 70b", "apple-m3-max", 1, 128),
    ("my macbook has 36gb of ram, lora 8b", "apple-silicon", 1, 36),
    ("M3 Pro 18GB qlora 7b", "apple-m3-pro", 1, 18),
    ("mac studio m1 ultra 128gb lora 13b", "apple-m1-ultra", 1, 128),
    ("M4 Max with 128GB unified memory, qlora 70b", "apple-m4-max", 1, 128),
    ("mac mini m4 pro 64gb, inference 70b int4", "apple-m4-pro", 1, 64),
    ("M1 16GB qlora 7b on my mac", "apple-m1", 1, 16),
    ("M2 Max 96GB lora 13b", "apple-m2-max", 1, 96),
    ("MacBook Air M2 24GB qlora 7b", "apple-m2", 1, 24),
]
ES: list[tuple[str, str | None, int, int]] = [
    ("¿puedo hacer qlora de 13b en mi 3090?", "rtx-3090", 1, 24),
    ("dos 3090 para qlora 70b", "rtx-3090", 2, 48),
    ("tengo dos RTX 3090, ¿LoRA de 13B?", "rtx-3090", 2, 48),
    ("una tarjeta de 24 GB para 13b lora", None, 1, 24),
    ("mi tarjeta tiene 12 GB, ¿qlora 7b?", None, 1, 12),
    ("tengo una 4060 ti de 16 gb, qlora 13b", "rtx-4060-ti-16gb", 1, 16),
    ("A100 de 40 GB para qlora de 34b", "a100-40gb", 1, 40),
    ("¿cabe llama 70b en cuatro A6000?", "rtx-a6000", 4, 192),
    ("ocho A100 para fine-tuning completo de 13b", "a100-80gb", 8, 640),
    ("tengo 32 GB de RAM y una RTX 3060, qlora 7b", "rtx-3060", 1, 12),
    ("dos nodos con 8 H100 cada uno, full fine-tuning de 70b", "h100", 16, 1280),
    ("¿sirve una T4 de Colab para qlora de 7b?", "t4", 1, 16),
    ("mac con 64 GB, lora de 8b", "apple-silicon", 1, 64),
    ("M2 Ultra de 192 GB para qlora 70b", "apple-m2-ultra", 1, 192),
    ("una 4090 y 64GB de RAM, lora 7b", "rtx-4090", 1, 24),
    ("dos tarjetas de 24 GB, lora 13b", None, 2, 48),
    ("RX 7900 XTX para lora de 7b", "rx-7900-xtx", 1, 24),
    ("MI300X para qlora de 405b", "mi300x", 1, 192),
    ("una V100 de 32 GB, lora 13b", "v100-32gb", 1, 32),
    ("dice que necesita 80 GB, tengo una 4090", "rtx-4090", 1, 24),
    ("tengo una 3080, qlora de 7b", "rtx-3080", 1, 10),
    ("una RTX 4070 portátil, qlora 7b", "rtx-4070-laptop", 1, 8),
    ("mi portátil tiene una 4060, qlora 7b", "rtx-4060-laptop", 1, 8),
    ("¿me alcanza una 3060 de 12 GB para qlora de 7b?", "rtx-3060", 1, 12),
    ("cuatro 4090 para lora de 34b", "rtx-4090", 4, 96),
    ("una H100 PCIe para lora de 13b", "h100-pcie", 1, 80),
]
FR: list[tuple[str, str | None, int, int]] = [
    ("est-ce que je peux faire un qlora de 13b sur ma 3090 ?", "rtx-3090", 1, 24),
    ("deux 4090 pour un qlora 70b", "rtx-4090", 2, 48),
    ("ma carte a 12 Go, qlora 7b", None, 1, 12),
    ("j'ai une RTX 3060 12 Go, qlora 13b", "rtx-3060", 1, 12),
    ("32 Go de RAM et une RTX 3060, lora 7b", "rtx-3060", 1, 12),
    ("j'ai une 4070 ti super, qlora 13b", "rtx-4070-ti-super", 1, 16),
    ("A100 40 Go pour un qlora 34b", "a100-40gb", 1, 40),
    ("quatre A6000 pour un LoRA 70B", "rtx-a6000", 4, 192),
    ("huit H100 pour un fine-tuning complet de 70b", "h100", 8, 640),
    ("une T4 sur Colab pour un qlora 7b", "t4", 1, 16),
    ("mon mac a 64 Go, lora 8b", "apple-silicon", 1, 64),
    ("M3 Max 64 Go pour un qlora 70b", "apple-m3-max", 1, 64),
    ("une carte de 24 Go pour un lora 13b", None, 1, 24),
    ("deux cartes de 24 Go, lora 13b", None, 2, 48),
    ("il faut 80 Go, j'ai une 3090", "rtx-3090", 1, 24),
    ("une RX 7900 XTX pour un lora 7b", "rx-7900-xtx", 1, 24),
    ("MI250X pour un qlora 70b", "mi250x-gcd", 2, 128),
    ("2 noeuds x 8 A100 pour un fine-tuning complet de 70b", "a100-80gb", 16, 1280),
    ("une V100 pour un qlora 13b", "v100-16gb", 1, 16),
    ("RTX A6000 48 Go, qlora 70b", "rtx-a6000", 1, 48),
    ("64 Go de RAM DDR5 et une 4090, qlora 13b", "rtx-4090", 1, 24),
    ("un seul A10G pour un lora 7b", "a10g", 1, 24),
    ("une 4090 portable 16 Go, qlora 13b", "rtx-4090-laptop", 1, 16),
    ("ma 3080 a 10 Go, qlora 7b", "rtx-3080", 1, 10),
    ("trois 3090 pour un lora 34b", "rtx-3090", 3, 72),
    ("une A100 (40G) pour un qlora 34b", "a100-40gb", 1, 40),
]
CASES = EN + ES + FR


def _config(query: Query) -> tuple[str | None, int, Decimal | None]:
    count = query.gpu_count or 1
    if query.gpu is not None:
        gpu = CAT.gpu(query.gpu)
        per = gpu.vram_gb if query.gpu_memory_gb is None else query.gpu_memory_gb
    else:
        per = query.vram_gb
    return query.gpu, count, None if per is None else per * count


def test_enough_phrasings_in_three_languages() -> None:
    assert len(CASES) >= 150 and min(len(EN), len(ES), len(FR)) >= 25
    texts = [c[0] for c in CASES]
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize(("text", "gpu", "count", "memory"), CASES, ids=[c[0][:40] for c in CASES])
def test_hardware_phrasing(text: str, gpu: str | None, count: int, memory: int) -> None:
    query = understand(text, catalogue=CAT)
    assert query.gpu_text is None, text
    assert _config(query) == (gpu, count, Decimal(memory)), text


@pytest.mark.parametrize(
    ("text", "assumed"),
    [
        ("A100 qlora 70b", True),  # the 80 GB one we rent, and the answer says so
        ("A100 80GB qlora 70b", False),
        ("A100 40GB qlora 70b", False),
        ("V100 lora 7b", True),
        ("RTX 3080 qlora 7b", True),
        ("RTX 3090 qlora 7b", False),  # one memory size: nothing to assume
        ("M2 Ultra qlora 70b", True),  # 64, 128 or 192 GB
        ("M2 Ultra 128GB qlora 70b", False),
        ("H100 qlora 70b", False),  # the PCIe one has the same 80 GB
    ],
)
def test_bare_name_of_a_card_sold_with_several_memories(text: str, assumed: bool) -> None:
    assert understand(text, catalogue=CAT).gpu_variant_assumed is assumed


@pytest.mark.parametrize(
    ("text", "written"),
    [("QLoRA 70B on an H1000", "H1000"), ("RTX 9090 good enough for 7B?", "RTX 9090")],
)
def test_unknown_names_stay_unknown(text: str, written: str) -> None:
    query = understand(text, catalogue=CAT)
    assert query.gpu is None and query.gpu_text == written


@pytest.mark.parametrize(
    "text",
    [
        "can I finetune on m2 ssd?",  # an SSD slot, not a Mac
        "LoRA 70B for 100 hours",  # "a 100" / "100 hours" are no A100
        "QLoRA 7B with 2070 tokens",  # a number with a unit is no GPU
        "LoRA 7B for 3090 days",
    ],
)
def test_numbers_and_words_that_are_no_gpu(text: str) -> None:
    query = understand(text, catalogue=CAT)
    assert query.gpu is None and query.gpu_text is None


def test_two_kinds_of_cards_keep_their_own_counts() -> None:
    query = understand("two 3090s or one 4090 for LoRA 13B?", catalogue=CAT)
    assert (query.gpu, query.gpu_count) == ("rtx-3090", 2)
    assert (query.other_gpus, query.other_gpu_count) == (("rtx-4090",), 1)


@pytest.mark.parametrize(
    ("text", "written", "vram"),
    [("QLoRA 13B on my Tesla T10 16GB", "Tesla T10 16GB", 16), ("LoRA 7B on a K40 (12G)", "K40 12gb", 12)],
)
def test_an_unknown_name_with_its_memory_is_sized_by_that_memory(
    text: str, written: str, vram: int
) -> None:
    query = understand(text, catalogue=CAT)
    assert query.gpu is None and query.vram_gb == vram
    assert query.gpu_text is not None and query.gpu_text.lower() == written.lower()


def test_the_other_variant_named_by_its_memory_alone_is_compared() -> None:
    query = understand("A100 40GB vs 80GB for lora 13b", catalogue=CAT)
    assert query.intent == "compare"
    assert (query.gpu, query.other_gpus) == ("a100-40gb", ("a100-80gb",))
