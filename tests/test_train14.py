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
