"""Every card people own, read at its real size (cards19): the memory CUDA reports, cited in
rules/data/gpus_owned.toml (memory_mib), even where it is a little under the size on the box
(Tesla K80 11441 MiB, Tesla P4 7611 MiB); a K80 is one GPU of a board of two."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from pydantic import ValidationError

from rules.catalogue import load_catalogue
from rules.schema import GPU
from tests.support.chat import ask, says

CAT = load_catalogue()
MIB = 2**20

# card -> the total nvidia-smi prints (MiB), the string its memory_source quotes, and the
# capacity the detailed estimate holds the card to (GB, 10^9 bytes, 2 decimals).
PRINTED = [
    ("tesla-k80", 11441, "11441MiB", "12.00"),
    ("tesla-p4", 7611, "7611MiB", "7.98"),
    ("titan-v", 12288, "0MiB / 12288MiB", "12.88"),
    ("rtx-2000-ada", 16380, "16380MiB", "17.18"),
]


@pytest.mark.parametrize(("gpu_id", "mib", "quoted", "gb"), PRINTED)
def test_a_cards_cited_total_is_what_nvidia_smi_prints(
        gpu_id: str, mib: int, quoted: str, gb: str) -> None:
    card = CAT.gpu(gpu_id)
    assert card.memory_mib == mib
    assert quoted in (card.memory_source or "")
    assert card.capacity_gb == D(mib * MIB) / 10**9
    assert card.capacity_gb.quantize(D("0.01")) == D(gb)
    assert CAT.capacity_gb(card) == card.capacity_gb


def _row(**changes: object) -> dict[str, object]:
    row: dict[str, object] = {
        "id": "x", "name": "X", "aliases": ["x"], "vram_gb": "12", "rented": False,
        "source": "a source", "verified": "2026-12-05", "memory_source": "'11441MiB'"}
    row.update(changes)
    return row


@pytest.mark.parametrize(("mib", "accepted"), [
    (11441, True),   # Tesla K80: 11.997 GB, under the 12 on the box (was refused)
    (12288, True),   # 12 GiB
    (11000, True),   # 11.53 GB: 96 %
    (10800, False),  # 11.32 GB: 94 %, another card's or a typo
    (13824, False),  # 14.5 GB: 121 %
    (1144, False),   # a digit lost
])
def test_the_schema_takes_a_cited_total_near_the_marketing_size(mib: int, accepted: bool) -> None:
    if accepted:
        assert GPU.model_validate(_row(memory_mib=mib)).memory_mib == mib
    else:
        with pytest.raises(ValidationError, match="not near the marketing"):
            GPU.model_validate(_row(memory_mib=mib))


def test_one_gpu_of_a_board_is_not_a_package() -> None:
    with pytest.raises(ValidationError, match="one GPU of a board"):
        GPU.model_validate(_row(memory_mib=11441, board_gpus=2, device="y", devices=2))
    assert CAT.gpu("tesla-k80").board_gpus == 2
    assert CAT.gpu("tesla-k80").vram_gb == 12


# A K80 is read as one of its board's two GPUs, and the reply says so.
K80 = [
    ("can i finetune llama 3 8b with qlora on a k80",
     ["1× Tesla K80", "a Tesla K80 board carries 2 GPUs of 12 GB, which the software sees as "
      "separate GPUs, and this verdict counts each as one"],
     ["this verdict is for your own card"]),
    # two of them: one board's two GPUs, said the same way (not "one GPU")
    ("can i qlora llama 3 8b on 2x k80",
     ["2× Tesla K80", "a Tesla K80 board carries 2 GPUs of 12 GB"], ["for one GPU"]),
    ("k80 specs",
     ["Memory: 12 GB; CUDA reports", "A board carries 2 of these GPUs, which the software sees "
      "as separate GPUs of 12 GB each."], []),
    ("¿puedo hacer qlora de llama 3 8b en mi k80?",
     ["1× Tesla K80", "una placa Tesla K80 lleva 2 GPU de 12\u00a0GB"], []),
    ("est-ce que je peux faire un qlora de llama 3 8b sur ma k80 ?",
     ["1× Tesla K80", "une carte Tesla K80 porte 2 GPU de 12\u202fGo"], []),
]


@pytest.mark.parametrize(("text", "has", "lacks"), K80)
def test_a_k80_is_one_gpu_of_its_board(text: str, has: list[str], lacks: list[str]) -> None:
    says(ask(text).text, has, lacks)


def test_the_p4_is_held_to_its_7611_mib() -> None:
    body = ask("can i qlora llama 3 8b on my tesla p4").text
    says(body, ["Tesla P4", "of the 7.98 GB (7.4 GiB) each GPU has"], [])


# Colab's plans (gpus_owned.toml [colab]): "colab" alone is the free T4; a paid plan named with
# no card is its GPU with the most memory, the A100 40GB, its others said (was no card at all:
# a memory table, or Kaggle's answer alone beside it).
COLAB = [
    ("kaggle or colab pro for qlora llama 3 8b?", "t4", ("a100-40gb",),
     ["⚖️ <b>2× T4 or 1× A100 40GB?</b>", "a Kaggle notebook gets",
      "this verdict is for the GPU with the most memory a paid Google Colab plan (Pro, Pro+) "
      "offers; its others there are the T4 (16 GB) and L4 (24 GB)."]),
    ("colab pro or kaggle for qlora llama 3 8b", "a100-40gb", ("t4",),
     ["⚖️ <b>1× A100 40GB or 2× T4?</b>"]),
    ("can i qlora llama 3 8b on colab pro", "a100-40gb", (),
     ["Yes: Llama 3 8B fits on 1× A100 40GB (QLoRA)", "a paid Google Colab plan"]),
    ("colab pro+ qlora mistral 7b", "a100-40gb", (), ["1× A100 40GB"]),
    ("colab pro plus qlora mistral 7b", "a100-40gb", (), ["1× A100 40GB"]),
    ("can i qlora llama 3 8b on colab", "t4", (),
     ["1× T4", "the one your Google Colab notebook gets"]),
    ("en colab gratis puedo hacer qlora de llama 3 8b?", "t4", (),
     ["Sí: Llama 3 8B cabe en 1× T4", "cuaderno de Google Colab"]),
    ("¿con colab pro puedo hacer lora de llama 3 8b?", "a100-40gb", (),
     ["1× A100 40GB", "un plan de pago de Google Colab (Pro, Pro+); las otras que ofrece son "
      "T4 (16\u00a0GB) y L4 (24\u00a0GB)"]),
    ("sur colab pro je peux faire un qlora de llama 3 8b ?", "a100-40gb", (),
     ["Oui\u00a0: Llama 3 8B tient sur 1× A100 40GB", "offre payante de Google Colab"]),
    # a card named is the one asked about; Colab's named card is Colab's
    ("i use colab pro notebooks, can i lora llama 3 8b on my 4090", "rtx-4090", (), ["RTX 4090"]),
    ("colab pro a100 qlora llama 3 8b", "a100-40gb", (), ["1× A100 40GB"]),
    # the free tier beside a paid plan: both, each said
    ("colab free vs colab pro for qlora llama 3 8b", "t4", ("a100-40gb",),
     ["⚖️ <b>T4 or A100 40GB?</b>", "the one your Google Colab notebook gets",
      "a paid Google Colab plan (Pro, Pro+)"]),
    ("free colab or colab pro for lora llama 3 8b?", "t4", ("a100-40gb",),
     ["⚖️ <b>T4 or A100 40GB?</b>"]),
]


# Colab Pro set against another provider is a price question, not a card ("I have no Colab
# prices on file"), as before the paid plans were read.
@pytest.mark.parametrize("text", ["is colab pro cheaper than runpod", "colab pro vs runpod"])
def test_colab_pro_against_a_provider_names_no_card(text: str) -> None:
    reply = ask(text)
    assert reply.query.gpu is None
    says(reply.text, ["I have no Colab prices on file"], ["A100 40GB"])


@pytest.mark.parametrize(("text", "gpu", "others", "has"), COLAB)
def test_colab_plans(text: str, gpu: str, others: tuple[str, ...], has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.gpu == gpu
    assert tuple(reply.query.other_gpus) == others
    says(reply.text, has, [])


def test_colab_plans_are_cited_cards() -> None:
    plans = CAT.colab
    assert plans is not None
    assert (plans.free_gpu, plans.paid_gpu, plans.paid_other_gpus) == ("t4", "a100-40gb",
                                                                     ("t4", "l4"))
    assert "'A100 | Ampere | 5/14/20 | 40 GB'" in plans.source
    assert "L4 | 4.82" in plans.source


# Macs: the GPU gets Metal's recommended working set of the unified memory (apple_gpu_share,
# cited in gpus_owned.toml: about 2/3 below 36 GB, 3/4 from it), and the reply says so.
MACS = [
    ("m3 max 64gb can run llama 3 70b?", "apple-m3-max",
     ["On 1× Apple M3 Max, Llama 3 70B fits: 4-bit inference.",
      "64 GB of unified memory, of which macOS lets the GPU use about 51.53 GB"]),
    ("mac mini m4 24gb qwen 14b", "apple-m4",
     ["24 GB of unified memory, of which macOS lets the GPU use about 17.17 GB",
      "Inference in 8-bit</b>: ≈ 18.3 GB with the KV cache at typical settings (context 2,048, "
      "batch 1), by the detailed estimate — 1.13 GB short"]),
    ("mi macbook m2 de 16gb puede correr llama 3 8b?", "apple-m2",
     ["16\u00a0GB de memoria unificada, de la que macOS deja usar a la GPU unos 11,45\u00a0GB"]),
]


@pytest.mark.parametrize(("text", "gpu", "has"), MACS)
def test_a_mac_is_held_to_metals_working_set(text: str, gpu: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.gpu == gpu
    says(reply.text, has, [])
