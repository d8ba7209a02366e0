"""fit21 (session 33): a bare size whose vocabulary decides the fit leads with "it depends";
DeepSpeed offload with the RAM said; GPT-2."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, says

# A bare size whose vocabulary range (32k to 256k tokens) straddles the card: the lead says the
# verdict turns on the model, with each side's figure (was "❌ No: a 7B model does not fit" over
# a line saying it fits with a vocabulary up to ~126,000 tokens).
VOCAB_LEADS = [
    ("3080 10gb qlora 7b", False,
     "⚠️ <b>Depends on the model: a 7B model with a 32k vocabulary (Llama 2, Mistral 7B) fits on "
     "1× RTX 3080 (QLoRA, 8 GB per GPU), one with Llama 3's 128k does not (10.8 GB).</b>"),
    ("qlora 7b on a 3060 12gb", True,
     "⚠️ <b>Depends on the model: a 7B model with Llama 3's 128k vocabulary fits on 1× RTX 3060 "
     "(QLoRA, 10.8 GB per GPU), one with Gemma's 256k does not (14.5 GB).</b>"),
    ("qlora 7b en una 3080 de 10gb", False,
     "⚠️ <b>Depende del modelo: un modelo de 7B con un vocabulario de 32k (Llama 2, Mistral 7B) "
     "cabe en 1× RTX 3080 (QLoRA, 8\u00a0GB por GPU); uno con los 128k de Llama 3 no "
     "(10,8\u00a0GB).</b>"),
    ("qlora 7b sur une 3080 10 go", False,
     "⚠️ <b>Cela dépend du modèle\u00a0: un modèle 7B avec un vocabulaire de 32k (Llama 2, "
     "Mistral 7B) tient sur 1× RTX 3080 (QLoRA, 8\u202fGo par GPU)\u202f; avec les 128k de "
     "Llama 3, non (10,8\u202fGo).</b>"),
]


@pytest.mark.parametrize(("text", "fits", "lead"), VOCAB_LEADS)
def test_a_vocabulary_that_decides_leads(text: str, fits: bool, lead: str) -> None:
    got = ask_json(text)
    assert str(got["text"]).startswith(lead), got["text"]
    # the lead is neither a yes nor a no: fits is null (infer22); detailed_fits keeps the
    # verdict at the assumed (Llama 3-like) shape, detailed_gb's
    assert got["fits"] is None
    assert got["detailed_fits"] is fits


@pytest.mark.parametrize(("text", "lead"), [
    # the whole range fits (18.3 GB to 24.8 GB on 25.76 GB), or the model is named
    ("lora 7b on a 4090", "✅ <b>Yes: a 7B model fits on 1× RTX 4090 (LoRA).</b>"),
    ("qlora llama 3 8b on a 3080 10gb", "❌ <b>No: Llama 3 8B does not fit on 1× RTX 3080"),
])
def test_no_depends_lead_when_the_vocabulary_does_not_decide(text: str, lead: str) -> None:
    assert ask(text).text.startswith(lead)


# GPT-2 on file: transformers' GPT2Config (learned positions for 1,024 tokens, biases on every
# linear layer and LayerNorm, a GELU MLP 4x wide, the head tied to the embedding) counts each
# checkpoint's parameters exactly.
GPT2_COUNTS = [
    ("gpt2", 124_439_808), ("gpt2-medium", 354_823_168), ("gpt2-large", 774_030_080),
    ("gpt2-xl", 1_557_611_200),
]


@pytest.mark.parametrize(("model_id", "count"), GPT2_COUNTS)
def test_gpt2_shape_counts_its_checkpoint_exactly(model_id: str, count: int) -> None:
    from tests.support.chat import CATALOGUE
    arch = CATALOGUE.models.get(model_id).arch
    assert arch is not None and arch.learned_positions == 1024 and arch.biases
    assert not arch.gated_mlp and arch.tied_embeddings and arch.intermediate == 4 * arch.hidden
    assert arch.param_count() == count


GPT2_ASKED = [
    ("finetune gpt2 on a t4", "gpt2", "✅ <b>On 1× T4, GPT-2 (124M parameters) fits:"),
    ("fine tune gpt2-medium on colab", "gpt2-medium",
     "✅ <b>On 1× T4, GPT-2 Medium (355M parameters) fits:"),
    ("full finetune gpt2 xl on a 3090", "gpt2-xl",
     "❌ <b>No: GPT-2 XL (1.5B parameters) does not fit on 1× RTX 3090 (full AdamW).</b>"),
    ("lora gpt-2 large on a 4090", "gpt2-large",
     "✅ <b>Yes: GPT-2 Large (774M parameters) fits on 1× RTX 4090 (LoRA).</b>"),
    ("entrenar gpt2 en una t4", "gpt2",
     "✅ <b>En 1× T4, GPT-2 (124 millones de parámetros) cabe"),
    ("fine-tuner gpt-2 large sur une t4", "gpt2-large",
     "✅ <b>Sur 1× T4, GPT-2 Large (774\u00a0M de paramètres) tient"),
]


@pytest.mark.parametrize(("text", "model", "lead"), GPT2_ASKED)
def test_gpt2_is_known(text: str, model: str, lead: str) -> None:
    got = ask_json(text)
    assert got["model"] == model and got["error"] is None
    assert str(got["text"]).startswith(lead), got["text"]


@pytest.mark.parametrize(("text", "seq"), [
    # GPT-2 reads 1,024 positions: that is the sequence assumed, not 2,048
    ("finetune gpt2 on a t4", "(sequence 1,024, batch 1)"),
    ("gpt2 large lora on a 4090, details", "Not given, so assumed: sequence length 1,024"),
    # a model with a longer context keeps 2,048
    ("lora llama 3 8b on a 4090, details", "Not given, so assumed: sequence length 2,048"),
])
def test_the_sequence_assumed_is_within_the_models_context(text: str, seq: str) -> None:
    assert seq in ask(text).text


# DeepSpeed named with the system RAM, no stage said: its CPU offload (ZeRO-3 with
# offload_optimizer and offload_param). Each method says what the GPU keeps and what CPU RAM
# keeps, held to the RAM said: full fine-tuning's 126 GB of weights, gradients and optimizer
# states do not fit in 64 GB (was every method "fits", DeepSpeed and the RAM unread).
DEEPSPEED_RAM = [
    ("can i train a 7b with 16gb vram and 64gb ram using deepspeed",
     "✅ <b>On 1× GPU of 16 GB, a 7B model fits: QLoRA and LoRA.</b>",
     ["💾 The GPU keeps 9.4 GB; CPU RAM keeps the frozen weights, the LoRA adapters and their "
      "optimizer states, about 14.7 GB (22 GB with DeepSpeed's margin): the 64 GB of RAM you "
      "have holds it.",
      "❌ <b>Full fine-tuning, AdamW</b>",
      "❌ The GPU keeps 9.4 GB; CPU RAM keeps the weights, gradients and optimizer states, about "
      "126 GB (189 GB with DeepSpeed's margin): more than the 64 GB of RAM you have."]),
    ("entrenar un 7b con 16gb de vram y 64gb de ram usando deepspeed",
     "✅ <b>En 1× GPU de 16\u00a0GB, un modelo de 7B cabe con QLoRA y LoRA.</b>",
     ["❌ La GPU guarda 9,4\u00a0GB; la RAM de CPU guarda los pesos, los gradientes y los estados "
      "del optimizador, unos 126\u00a0GB"]),
    ("entraîner un 7b avec 16 go de vram et 64 go de ram avec deepspeed",
     "✅ <b>Sur 1× GPU de 16\u202fGo, un modèle 7B tient avec QLoRA et LoRA.</b>",
     ["❌ Le GPU garde 9,4\u202fGo\u202f; la RAM CPU garde les poids, les gradients et les états "
      "de l'optimiseur, environ 126\u202fGo"]),
]


@pytest.mark.parametrize(("text", "lead", "has"), DEEPSPEED_RAM)
def test_deepspeed_with_ram_is_its_offload_held_to_the_ram(
        text: str, lead: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.cpu_offload is True and reply.query.system_ram_gb == 64
    assert reply.answer.method_fits["full_adamw"] is False
    assert reply.answer.method_fits["lora"] is True
    says(reply.text, [lead, *has], [])


@pytest.mark.parametrize("text", [
    # a stage said is that stage's reading; no RAM said, nothing to hold the offload to
    "can i train a 7b with 16gb vram and 64gb ram using deepspeed zero2",
    "can i train a 7b with 16gb vram using deepspeed",
    "train a 7b with 16gb vram and 64gb ram with deepspeed, no offload",
])
def test_deepspeed_is_no_offload_otherwise(text: str) -> None:
    assert not ask(text).query.cpu_offload


def test_one_method_with_deepspeed_and_too_little_ram_does_not_fit() -> None:
    got = ask_json("can i full finetune a 7b with 16gb vram and 64gb ram using deepspeed")
    assert got["fits"] is False
    assert str(got["text"]).startswith(
        "❌ <b>No: the GPU memory of 1× GPU of 16 GB holds a 7B model (full AdamW), but what is "
        "offloaded needs about 126 GB of CPU RAM, more than the 64 GB you have.</b>")
