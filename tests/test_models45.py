"""Any model, any GPU (models45).

- Model shapes: Hunyuan-A13B, ERNIE 4.5 (21B-A3B, 300B-A47B) and EXAONE 4.0 (32B, 1.2B) had no
  architecture on file (a Llama-like shape was assumed for their detailed estimates); ERNIE 4.5
  0.3B was not in the catalogue at all. Their config.json shapes, each with the copy read
  (rules/data/models.toml `mirror`). MiniMax-M1 keeps none: its lightning attention is not a
  shape the schema describes. EXAONE 3.5 2.4B / 32B: no config.json copy found, left as they were.
- A GGUF model too big for the card, its offload asked ("with partial offload", "-ngl 40"):
  led "❌ No" with JSON fits false, while the same split led "Yes, partly on the CPU" (fits
  true) once a RAM size or Ollama was said. Now the offload verdict leads whenever the offload
  is asked; `detailed_fits` stays the card-alone verdict.
- A training run's quote compares only offered configurations (rules/data/offers.toml) and
  names the one paid least in blocks.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.answer import build_answer
from bot.pipeline import Pipeline, to_json
from bot.understand.parse import understand
from rules.catalogue import load_catalogue
from rules.model_catalogue import load_models

CAT = load_catalogue()
MODELS = load_models()
PIPELINE = Pipeline(CAT, cache_size=0)


def ask(text: str) -> dict:
    return to_json(PIPELINE.ask(text))


# (layers, hidden, heads, kv_heads, head size, intermediate, vocab, tied, experts, active,
#  shared, dense layers, expert width) as the config.json copies read give them.
SHAPES = {
    "hunyuan-a13b": (32, 4096, 32, 8, 128, 3072, 128167, True, 64, 8, 1, 0, 3072),
    "ernie-4.5-21b-a3b": (28, 2560, 20, 4, 128, 12288, 103424, True, 64, 6, 2, 1, 1536),
    "ernie-4.5-300b-a47b": (54, 8192, 64, 8, 128, 28672, 103424, True, 64, 8, 0, 3, 3584),
    "exaone-4.0-32b": (64, 5120, 40, 8, 128, 27392, 102400, False, 1, 1, 0, 0, 27392),
    "exaone-4.0-1.2b": (30, 2048, 32, 8, 64, 4096, 102400, True, 1, 1, 0, 0, 4096),
    "ernie-4.5-0.3b": (18, 1024, 16, 2, 128, 3072, 103424, True, 1, 1, 0, 0, 3072),
}


@pytest.mark.parametrize("model_id", sorted(SHAPES))
def test_the_shape_is_the_config_s(model_id: str) -> None:
    arch = MODELS.get(model_id).arch
    assert arch is not None, model_id  # was None: a Llama-like shape assumed (0.3B: no entry)
    got = (arch.layers, arch.hidden, arch.heads, arch.kv_heads, arch.head_size,
           arch.intermediate, arch.vocab, arch.tied_embeddings, arch.experts,
           arch.active_experts, arch.shared_experts, arch.dense_layers, arch.ffn_width)
    assert got == SHAPES[model_id]
    assert arch.source.startswith("https://huggingface.co/") and arch.source.endswith(
        "config.json")
    assert arch.mirror


@pytest.mark.parametrize(("model_id", "published", "total", "active"), [
    # The shape's own counts beside the published ones (the cards' 80B/13B, 21B/3B, 300B/47B;
    # the EXAONE 4.0 README's 32.0B and 1.28B; ERNIE 4.5 0.3B's card: 0.36B).
    ("hunyuan-a13b", "80", "80.39", "12.75"),
    ("ernie-4.5-21b-a3b", "21", "21.83", "3.35"),
    ("ernie-4.5-300b-a47b", "300", "298.64", "47.08"),
    ("exaone-4.0-32b", "32", "32.00", None),
    ("exaone-4.0-1.2b", "1.28", "1.28", None),
    ("ernie-4.5-0.3b", "0.36", "0.36", None),
])
def test_the_counts(model_id: str, published: str, total: str, active: str | None) -> None:
    spec = MODELS.get(model_id)
    assert spec.params_b == Decimal(published)
    counted = spec.arch_params_b()
    assert counted is not None and counted.quantize(Decimal("0.01")) == Decimal(total)
    if active is not None:
        assert spec.arch is not None
        got = Decimal(spec.arch.active_param_count()) / Decimal(10**9)
        assert got.quantize(Decimal("0.01")) == Decimal(active)


def test_exaone_4_32b_is_three_local_layers_to_one_global() -> None:
    arch = MODELS.get("exaone-4.0-32b").arch
    assert arch is not None
    assert (arch.sliding_window, arch.full_attention_layers) == (4096, 16)
    small = MODELS.get("exaone-4.0-1.2b").arch
    assert small is not None and small.sliding_window is None  # global attention only


def test_minimax_m1_keeps_no_shape() -> None:
    spec = MODELS.get("minimax-m1")
    assert spec.arch is None and spec.hybrid_attention


@pytest.mark.parametrize(("question", "model_id"), [
    # Were a bare 0.3B size (no such entry): now ERNIE 4.5 0.3B with its shape.
    ("ernie 4.5 0.3b full finetune on my 3060 12gb", "ernie-4.5-0.3b"),
    ("baidu/ERNIE-4.5-0.3B-PT on a t4?", "ernie-4.5-0.3b"),
    ("ernie4.5 0.3b lora sur une t4 ?", "ernie-4.5-0.3b"),
    # The spellings people type for the others.
    ("exaone 4 32b qlora on my 4090", "exaone-4.0-32b"),
    ("exaone4 1.2b lora on a t4", "exaone-4.0-1.2b"),
    ("hunyuan a13b q4 on 2x 3090", "hunyuan-a13b"),
    ("ernie 4.5 21b lora on an h100", "ernie-4.5-21b-a3b"),
    ("minimax m1 on 8x h200", "minimax-m1"),
])
def test_the_names_people_type(question: str, model_id: str) -> None:
    got = ask(question)
    assert got["model"] == model_id and got["error"] is None, got["text"]


def test_a_detailed_estimate_uses_the_shape() -> None:
    # EXAONE 4.0 32B's own shape (40 heads of 128, 27,392-wide MLP, untied 102,400 vocabulary):
    # 27.4 GB for QLoRA at typical settings (was 26.7 GB on the assumed Llama-like shape).
    got = ask("exaone 4 32b qlora on my 4090")
    assert got["detailed_gb"] == 27.4 and got["fits"] is False


# --- the offload asked: the verdict and the JSON agree ------------------------------------------

@pytest.mark.parametrize(("question", "lead", "in_ram"), [
    # Was "❌ No: Llama 3 70B does not fit on 1× RTX 4090" with fits false, while "… with 64gb
    # ram" led "Yes, partly on the CPU" with fits true: the same split.
    ("llama 3 70b q4 on my 4090 with partial offload", "⚠️ <b>Partly on the CPU, slowly, if "
     "your system RAM holds about 19.3 GB", "keeps 35 of its 81 layers in RAM"),
    ("can i run llama 3 70b q4 on my 4090 if i offload some layers", "⚠️ <b>Partly on the CPU",
     "keeps 35 of its 81 layers in RAM"),
    ("llama 3 70b q4_k_m 4090 -ngl 40", "⚠️ <b>Partly on the CPU, slowly, if your system RAM "
     "holds about 22.5 GB", "keeps 41 of its 81 layers in RAM"),
    ("llama 3 70b q4 on my 4090 with partial offload and 32gb ram",
     "⚠️ <b>Yes, partly on the CPU and slowly", "in your 32 GB of RAM"),
])
def test_offload_asked_leads_with_the_offload_verdict(question: str, lead: str,
                                                      in_ram: str) -> None:
    got = ask(question)
    assert got["text"].startswith(lead), got["text"]
    assert in_ram in got["text"]
    # fits: the verdict the reply leads with (llama.cpp's offload); detailed_fits: the card alone
    assert got["fits"] is True and got["detailed_fits"] is False


@pytest.mark.parametrize("question", [
    "llama 3 70b q4 on my 4090",  # no offload asked: the card alone
    "llama 3 70b q4 on my 4090 with partial offload and 16gb ram",  # the RAM cannot hold it
    "llama 3 70b q4 on my 4090 with vllm cpu offload",  # vLLM keeps no layers in RAM
])
def test_no_offload_verdict_where_it_does_not_run(question: str) -> None:
    got = ask(question)
    assert got["text"].startswith("❌ <b>No: Llama 3 70B does not fit on 1× RTX 4090"), got["text"]
    assert got["fits"] is False and got["detailed_fits"] is False


# --- a run's quote: only offered configurations --------------------------------------------------

@pytest.mark.parametrize("question", [
    "how much to qlora llama 3 70b on 100M tokens",
    "how much to lora llama 3 8b on 100M tokens",
    "how much to full finetune llama 3 8b on 100M tokens",
])
def test_a_run_is_priced_on_offered_configurations_only(question: str) -> None:
    offered = {(o.gpu, o.count) for o in CAT.offers}
    answer = build_answer(understand(question, CAT), CAT)
    assert answer.detailed is not None and answer.detailed.training_time is not None
    timed = answer.detailed.training_time
    runs = timed.paid_runs
    assert runs and {(o.gpu, o.gpu_count) for o, _h, _c in runs} <= offered
    # the one led with is paid least, in whole blocks
    assert (timed.gpu, timed.gpu_count) == (runs[0][0].gpu, runs[0][0].gpu_count)
    assert runs[0][2] == min(c for _o, _h, c in runs)


# --- own cards: the Jetson Orin Nano Super ------------------------------------------------------

@pytest.mark.parametrize(("question", "gpu"), [
    # Was the Orin Nano 8GB at 68 GB/s (an alias of it, or "orin nano" read before "super").
    ("run llama 3 8b q4 on jetson orin nano super", "jetson-orin-nano-super-8gb"),
    ("orin nano super qwen2.5 7b q4 fit?", "jetson-orin-nano-super-8gb"),
    ("qwen2.5 7b q4 on my orin nano super", "jetson-orin-nano-super-8gb"),
    # The original developer kit stays itself.
    ("jetson orin nano 8gb llama 3.2 3b q4", "jetson-orin-nano-8gb"),
    ("orin nano qwen2.5 1.5b", "jetson-orin-nano-8gb"),
])
def test_the_orin_nano_super_is_its_own_card(question: str, gpu: str) -> None:
    got = ask(question)
    assert got["gpu"] == gpu and got["vram_gb"] == 8, got["text"]


def test_the_orin_nano_super_decodes_at_its_own_bandwidth() -> None:
    # 102 GB/s, the Super developer kit's (was 68 GB/s: about 30 tokens/s, not 46)
    assert CAT.gpu("jetson-orin-nano-super-8gb").memory_bandwidth_gbs == Decimal("102")
    got = ask("jetson orin nano super llama 3.2 3b q4 tokens/s")
    assert got["text"].startswith("⚡ <b>At most about 46 tokens/s"), got["text"]


# --- ERNIE 4.5 as a family -----------------------------------------------------------------------

@pytest.mark.parametrize(("question", "model_id", "lead"), [
    # "ERNIE 4.5 21B-A3B (MoE)" and "… 300B-A47B (MoE)" were no family member (a parenthesis
    # in the name), so the 0.3B alone made the family "ERNIE 4.5": every size-less ask was the
    # 0.3B, unsaid. Named as the catalogue names Qwen3 30B-A3B, the three make one family.
    ("ernie 4.5 on a 4090?", "ernie-4.5-21b-a3b", "ℹ️ ERNIE 4.5 is a family of 3 models"),
    ("can i run ernie 4.5 on 8x h100", "ernie-4.5-300b-a47b",
     "ℹ️ ERNIE 4.5 is a family of 3 models"),
    ("ernie 4.5 lora", None, "❓ Which one: ERNIE 4.5 0.3B, ERNIE 4.5 21B-A3B, or ERNIE 4.5 "
     "300B-A47B?"),
    # The active size said alone names the model (was the 0.3B by the family).
    ("ernie 4.5 a3b lora on a 4090", "ernie-4.5-21b-a3b", "❌ <b>No: ERNIE 4.5 21B-A3B"),
    ("ernie 4.5 a47b on 8x h200", "ernie-4.5-300b-a47b", "✅ <b>On 8× H200, ERNIE 4.5 300B-A47B"),
])
def test_ernie_4_5_is_a_family_of_three(question: str, model_id: str | None, lead: str) -> None:
    got = ask(question)
    assert got["model"] == model_id and got["text"].startswith(lead), got["text"]


@pytest.mark.parametrize(("question", "lead"), [
    # "exaone 4" is EXAONE 4.0 as people write it (was "I don't know the model “exaone 4”").
    ("can i run exaone 4 on my 4090", "ℹ️ EXAONE 4.0 is a family of 2 models"),
    ("exaone4 on a t4", "ℹ️ EXAONE 4.0 is a family of 2 models"),
])
def test_a_version_s_point_zero_may_go_unsaid(question: str, lead: str) -> None:
    got = ask(question)
    assert got["error"] is None and got["text"].startswith(lead), got["text"]
