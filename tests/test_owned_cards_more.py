"""Cards people own and ask about that the catalogue did not know ("I don't know the GPU 'rx 6600
xt'"): older and newer GeForce, Quadro and RTX PRO cards, Radeons from the RX 580 to the AI PRO
R9700, Intel Arc, the Apple M5. Each is read from the way people write it, with the memory of its
TechPowerUp row (rules/data/gpus_owned.toml); the pre-Ampere NVIDIA ones get the no-BF16 advice."""

from __future__ import annotations

import pytest

from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize(
    ("text", "gpu_id", "vram"),
    [
        ("qlora mistral 7b on a gtx 1070 ti", "gtx-1070-ti", 8),
        ("can i qlora llama 3 8b on my radeon rx 6600 xt", "rx-6600-xt", 8),
        ("tengo una rx 6600 xt, entra llama 3 8b en q4?", "rx-6600-xt", 8),
        ("rx 580 8gb can run mistral 7b?", "rx-580", 8),
        ("vega 64 llama 3 8b q4", "rx-vega-64", 8),
        ("j'ai une radeon vii, ça passe mistral 7b en q8 ?", "radeon-vii", 16),
        ("radeon ai pro r9700 for qwen3 32b q4", "radeon-ai-pro-r9700", 32),
        ("i have an r9700, qwen3 32b q4?", "radeon-ai-pro-r9700", 32),
        ("rx 9070 qwen3 14b q4", "rx-9070", 16),
        ("rx 9060 xt 16gb qwen3 14b q4", "rx-9060-xt-16gb", 16),
        ("rx 6750 xt llama 3 8b q8", "rx-6750-xt", 12),
        ("lora llama 3 8b on rtx pro 5000", "rtx-pro-5000", 48),
        ("rtx pro 5000 72gb qwen 72b q4", "rtx-pro-5000-72gb", 72),
        ("rtx pro 4000 blackwell qwen3 14b", "rtx-pro-4000", 24),
        ("quadro rtx 5000 qlora 7b", "quadro-rtx-5000", 16),
        ("rtx a5500 lora mistral 7b", "rtx-a5500", 24),
        ("rtx 4500 ada qlora llama 3 8b", "rtx-4500-ada", 24),
        ("tesla v100s 32gb full finetune 1b", "v100s", 32),
        ("intel arc a580, llama 3 8b q4?", "arc-a580", 8),
        ("macbook m5 24gb qwen3 14b q4", "apple-m5", 16),
        ("laptop with a 3080 ti mobile, qlora 7b?", "rtx-3080-ti-laptop", 16),
    ],
)
def test_the_card_is_read_with_its_memory(text: str, gpu_id: str, vram: int) -> None:
    query = understand(text, CAT)
    assert query.gpu == gpu_id
    assert CAT.gpu(gpu_id).vram_gb == vram


@pytest.mark.parametrize(
    "gpu_id", ["gtx-1070-ti", "quadro-rtx-4000", "quadro-rtx-5000", "quadro-p4000", "quadro-p5000",
               "quadro-gv100", "v100s"],
)
def test_pre_ampere_cards_train_in_fp16(gpu_id: str) -> None:
    assert not CAT.has_bf16(gpu_id)


def test_ampere_and_later_keep_bf16() -> None:
    assert CAT.has_bf16("rtx-a5500") and CAT.has_bf16("rtx-pro-4000")


@pytest.mark.parametrize(
    ("text", "rank"),
    [("lora r16 llama 3 8b on a 4090", 16), ("lora r=1024 on a 4090", 1024),
     ("qlora rank 64 on an r9700", 64), ("i have an r9700, qwen3 32b q4?", None)],
)
def test_r9700_is_a_card_not_a_lora_rank(text: str, rank: int | None) -> None:
    assert understand(text, CAT).lora_rank == rank


@pytest.mark.parametrize(
    ("text", "gpu_id", "count"),
    [("two p40s, llama 3 70b q4?", "p40", 2), ("dos p40s, llama 3 70b q4?", "p40", 2),
     ("2 t4s for qlora 13b", "t4", 2), ("l40s qlora 70b", "l40s", None),
     ("2 l40s for qlora 70b", "l40s", 2)],
)
def test_a_short_name_with_a_plural_s(text: str, gpu_id: str, count: int | None) -> None:
    # "p40s" was "I don't know the GPU": only names longer than four letters lost their "s".
    query = understand(text, CAT)
    assert (query.gpu, query.gpu_count) == (gpu_id, count)


@pytest.mark.parametrize(
    ("text", "gpu_id", "count"),
    [("Standard_NC6s_v3 for qlora 7b", "v100-16gb", 1),
     ("nc24s_v3 lora 13b", "v100-16gb", 4),
     ("azure NC24ads_A100_v4, llama 3 70b qlora?", "a100-80gb-pcie", 1),
     ("nc96ads_a100_v4 full finetune llama 3 8b", "a100-80gb-pcie", 4),
     ("Standard_ND96asr_v4 qlora llama 3 405b", "a100-40gb", 8),
     ("Standard_ND96amsr_A100_v4 full llama 3 70b", "a100-80gb", 8),
     ("NC4as_T4_v3 llama 3 8b qlora", "t4", 1), ("Standard_NC64as_T4_v3 qlora 13b", "t4", 4),
     ("Standard_NC8ads_A10_v4 lora mistral 7b", "a10", 1)],
)
def test_azure_vm_sizes_are_their_gpus(text: str, gpu_id: str, count: int) -> None:
    query = understand(text, CAT)
    assert (query.gpu, query.gpu_count or 1) == (gpu_id, count)


@pytest.mark.parametrize(
    ("text", "gpu_id", "count"),
    [("on a dgx a100 can i full finetune llama 3 70b", "a100-80gb", 8),
     ("dgx a100 320gb, llama 3 70b full?", "a100-40gb", 8),
     ("dgx h100 node, qlora 405b?", "h100", 8),
     ("one hgx h200 box for deepseek v3 fp8", "h200", 8),
     ("nvidia dgx b200 full finetune llama 3 70b", "b200", 8),
     ("tenemos un dgx h100, entra deepseek r1 en fp8?", "h100", 8),
     ("2x dgx h100 for full 70b", "h100", 16), ("two dgx h100s, full 405b?", "h100", 16),
     ("dgx spark, llama 3 70b q4?", "dgx-spark", None)],
)
def test_a_dgx_or_hgx_system_is_eight_of_its_gpu(text: str, gpu_id: str, count: int | None) -> None:
    query = understand(text, CAT)
    assert (query.gpu, query.gpu_count) == (gpu_id, count)
