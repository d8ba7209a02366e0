"""train14: training memory against what the tools named really do. A run "with unsloth" and
no optimizer named steps Unsloth's default, bitsandbytes' 8-bit AdamW (unsloth/models/rl.py
patches every TRL config with optim 'adamw_8bit'); its LoRA weights stay FP32 (unsloth_zoo
prepare_model_for_training upcasts lora_A/lora_B)."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models

CAT = load_catalogue()
MODELS = load_models()


def _ask(text: str, lang: str = "en") -> dict[str, object]:
    return to_json(Pipeline(CAT, cache_size=0).ask(text, chosen_locale=lang))


def test_unsloth_without_an_optimizer_named_runs_its_default_adamw_8bit() -> None:
    q = "QLoRA of Llama 3 70B at rank 64 with Unsloth on a 48 GB card{}"
    plain = _ask(q.format(""))
    eight = _ask(q.format(", optim adamw_8bit"))
    torch = _ask(q.format(", optim adamw_torch"))
    # The same run as with adamw_8bit said; AdamW's FP32 states (8 bytes) only when named:
    # 8-bit states take 2 bytes, 6 fewer a parameter of the adapters (0.83 B at rank 64).
    assert plain["detailed_gb"] == eight["detailed_gb"]
    arch = MODELS.get("llama-3-70b").arch
    assert arch is not None
    adapters = 64 * arch.layers * sum(i + o for i, o, _ in arch.linear_shapes().values())
    assert adapters == pytest.approx(0.828e9, rel=0.001)
    saved = float(str(torch["detailed_gb"])) - float(str(plain["detailed_gb"]))
    assert saved == pytest.approx(adapters * 6 / 1e9, abs=0.11)
    text = str(plain["text"])
    assert "optimizer adamw_8bit (the Unsloth default)" in text
    assert "adapters in FP32 with 8-bit Adam states (bitsandbytes)" in text
    assert "Unsloth default" not in str(eight["text"])  # said, so not assumed


def test_the_unsloth_default_is_said_in_spanish_and_french() -> None:
    es = _ask("qlora de llama 3 70b rango 64 con unsloth en una tarjeta de 48gb", "es")
    assert "optimizador adamw_8bit (el predeterminado de Unsloth)" in str(es["text"])
    fr = _ask("qlora de llama 3 70b rang 64 avec unsloth sur une carte de 48 Go", "fr")
    assert "optimiseur adamw_8bit (par défaut chez Unsloth)" in str(fr["text"])


def test_without_unsloth_the_default_stays_adamw() -> None:
    plain = _ask("QLoRA of Llama 3 70B at rank 64 on a 48 GB card")
    assert "adapters in FP32 with AdamW" in str(plain["text"])
    assert "Unsloth default" not in str(plain["text"])


# ----------------------------------------------------------------------------- "my 24gb card"

MIB = 2**20


def test_a_card_known_by_its_size_has_the_memory_of_the_cards_sold_at_it() -> None:
    from decimal import Decimal as D

    # Of the cards with a cited nvidia-smi total, most carry exactly N GiB (GDDR and HBM come
    # in binary sizes); the middle one of those sold at 24 GB is the RTX 4090's 24564 MiB.
    cited = [g for g in CAT.gpus if g.memory_mib is not None and not g.unified_memory]
    exact = [g for g in cited if g.memory_mib == int(g.vram_gb) * 1024]
    assert len(exact) >= 0.8 * len(cited)  # 108 of 135 with cards19's K80, P4, RTX 2000 Ada
    # cards19: all but two, the Tesla K80 and P4, whose nvidia-smi totals are a little under
    assert {g.id for g in cited if g.capacity_gb < g.vram_gb} == {"tesla-k80", "tesla-p4"}
    assert CAT.generic_capacity_gb(D(24)) == D(24564 * MIB) / 10**9
    assert CAT.generic_capacity_gb(D(16)) == D(16 * 2**30) / 10**9
    assert CAT.generic_capacity_gb(D(48)) == D(48 * 2**30) / 10**9
    assert CAT.generic_capacity_gb(D(22)) == D(22)  # no card sold at 22 GB: as said


def test_gemma_3_27b_on_a_24gb_card_is_held_to_what_a_24gb_card_has() -> None:
    # 24.6 GB with AdamW named: over 24 x 10^9 bytes, under the 25.76 GB a 24 GB card reports.
    q = "can i qlora gemma 3 27b with unsloth seq 4096 bs 2 optim adamw_torch on my {}"
    generic = _ask(q.format("24gb card"))
    named = _ask(q.format("4090"))
    assert generic["detailed_gb"] == 24.6 and generic["vram_gb"] == 24
    assert generic["detailed_fits"] is True and named["detailed_fits"] is True
    text = str(generic["text"])
    assert "Total per GPU: 24.6 GB of 25.76 GB (24 GiB)</b> (1× GPU of 24 GB)" in text
    assert "✅ <b>Yes: Gemma 3 27B fits on 1× GPU of 24 GB (QLoRA).</b>" in text


def test_the_chart_button_of_a_card_known_by_its_size_carries_the_size_said() -> None:
    from bot.detail import chart_callback_args

    reply = Pipeline(CAT, cache_size=0).ask("qlora 70b on a 48 GB GPU with seq 2048 batch 2 details")
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.check is not None
    assert chart_callback_args(detailed)[2] == "v48"  # not v51.539607552: Telegram's 64 bytes


def test_torchtune_named_trains_in_pure_bf16() -> None:
    # torchtune has no mixed precision: weights, gradients and optimizer states in bf16.
    q = "full finetune llama 3.1 8b on an h100 {}bs 1 seq 2048"
    tune = _ask(q.format("with torchtune "))
    hf = _ask(q.format(""))
    assert "Pure BF16: weights, gradients and optimizer states in BF16" in str(tune["text"])
    assert float(str(hf["detailed_gb"])) - float(str(tune["detailed_gb"])) > 40
    # "fine tune run" is not torchtune's "tune run"
    assert "Pure BF16" not in str(_ask("how long will my fine tune run take, full finetune "
                                       "llama 3 8b on an h100")["text"])
