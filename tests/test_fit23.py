"""fit23 (session 35): training-fit answers as people ask them — a card in the plural with no
count, a Mac without MLX named, ZeRO-1/2 on one GPU."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, says

# "h100s" with no count asks how many: more than an instance holds, the count that holds it leads
# (was "❌ No … on 1× H100", its 🩹 remedies on 1× H100 and a quote for 1× H100), the hours said
# are priced at that count, and the card we rent is not said to be one we do not ("We don't rent
# the H100: this is the cost on 8× B200").
PLURAL_COUNT_LEADS = [
    ("full finetune llama 3 70b on h100s for a day, how many do i need and what does it cost",
     ["🔢 <b>You need 19× H100 (1,520 GB) for Llama 3 70B (full AdamW)",
      "💵 24 hours on 19× H100, across instances, would be 456 GPU-hours: $1,057.92 at "
      "$2.32/hour.",
      "🔢 One instance here has at most 8 GPUs, so 19× H100 is not one machine: this is the "
      "cost on 8× B200, the cheapest offered configuration that holds the run.",
      "💵 <b>Cost: $885.12</b> — 8× B200 × 24 hours"],
     ["We don't rent the H100", "1× H100", "the verdict is for the cluster you describe"]),
    ("full finetune de llama 3 70b en h100s durante un día, ¿cuántas necesito y cuánto cuesta?",
     ["🔢 <b>Necesitas 19× H100",
      "💵 24\u00a0horas en 19× H100, repartidas entre instancias, serían 456 horas de GPU",
      "🔢 Una instancia aquí tiene como máximo 8 GPU, así que 19× H100 no caben en una sola "
      "máquina: este es el coste en 8× B200"],
     ["No alquilamos la H100", "1× H100"]),
    ("fine-tuning complet de llama 3 70b sur des h100 pendant une journée, combien il m'en faut "
     "et combien ça coûte ?",
     ["🔢 <b>Il vous faut 19× H100",
      "💵 24\u00a0heures sur 19× H100, répartis sur plusieurs instances, feraient 456 heures-GPU",
      "🔢 Une instance ici a au plus 8 GPU, donc 19× H100 ne tiennent pas sur une seule "
      "machine\u00a0: voici le coût sur 8× B200"],
     ["Nous ne louons pas", "1× H100"]),
    # no "how many … do i need": the plural alone asks it (was "❌ … on 1× A100 80GB")
    ("full finetune llama 3 70b on a100s for 10 hours, how many and cost",
     ["🔢 <b>You need 19× A100 80GB", "💵 10 hours on 19× A100 80GB, across instances",
      "💵 <b>Cost: $368.80</b> — 8× B200 × 10 hours"],
     ["1× A100", "We don't rent"]),
    ("full finetune llama 3 70b on h100s",
     ["🔢 <b>You need 19× H100 (1,520 GB)", "✅ <b>Yes: Llama 3 70B fits on 19× H100"],
     ["1× H100", "across instances"]),  # no hours said: none priced at the count
]


@pytest.mark.parametrize(("text", "has", "lacks"), PLURAL_COUNT_LEADS)
def test_a_plural_card_beyond_an_instance_leads_with_the_count(
        text: str, has: list[str], lacks: list[str]) -> None:
    body = ask(text).text
    assert body.startswith("🔢 <b>"), body
    says(body, has, lacks)


def test_a_plural_card_within_an_instance_keeps_its_count() -> None:
    # 3× H100 holds a 70B LoRA: read as that count and priced there, as before
    got = ask_json("lora llama 3 70b on h100s for a day, how many do i need and what does it cost")
    assert got["gpu_count"] == 3 and got["cost_usd"] == "167.04", got["text"]


# A run timed on more GPUs than an instance has (24× H100 said, or the 19× the plural needs) is
# no one instance to quote: the run where we rent it for least follows (was "That is longer than
# a single quote covers: ask support." for a run of under a day).
BEYOND_TIMED = [
    ("how long to full finetune llama 3 70b on 1B tokens on 24 h100s",
     ["⏱ <b>Full AdamW of Llama 3 70B: about 13.66 hours on 24× H100",
      "⏱ Rented here instead, where this run costs least: about 18.51 hours on 8× B200",
      "💵 <b>You pay $691.50</b>"]),
    ("how long to full finetune llama 3 70b on 1B tokens on h100s",
     ["🔢 <b>You need 19× H100", "about 17.25 hours on 19× H100",
      # the run's own GPU-hours at that count, priced as the plural's hours are
      "💵 17.25 hours on 19× H100, across instances, would be 327.75 GPU-hours: $760.38 at "
      "$2.32/hour.",
      "⏱ Rented here instead, where this run costs least: about 18.51 hours on 8× B200"]),
    ("¿cuánto tarda un full finetune de llama 3 70b con 1B tokens en 24 h100?",
     ["24× H100", "8× B200"]),
    ("combien de temps pour un full finetune de llama 3 70b sur 1B tokens avec 24 h100 ?",
     ["24× H100", "8× B200"]),
]


@pytest.mark.parametrize(("text", "has"), BEYOND_TIMED)
def test_a_run_timed_beyond_an_instance_is_priced_where_it_is_rented(
        text: str, has: list[str]) -> None:
    says(ask(text).text, has,
         ["longer than a single quote", "plus long que ce que couvre", "más de lo que cubre",
          "1× H100"])


# ZeRO-1/2 named on one GPU, no offload: said as ZeRO-3's is (fit22) — they partition over the
# GPUs of the job and offload only with offload_optimizer in the config — and what the
# optimizer's offload keeps in RAM is said as DeepSpeed's ZeRO-2 estimator counts it, the BF16
# weights on the GPU (was ZeRO-3's "the weights and what trains", and no word on the stage).
ZERO12_ALONE = [
    ("deepspeed zero2 llama 3 8b full finetune on a 4090 with 64gb ram",
     ["ℹ️ ZeRO-2 alone offloads nothing: without offload_optimizer (device \"cpu\") in its "
      "config DeepSpeed keeps everything on the GPU, and on one GPU it has no other GPU to "
      "partition the optimizer states across, so it saves no memory here.",
      "💾 Offloading the optimizer (offload_optimizer) would keep about 80.3 GB in CPU RAM",
      "the BF16 weights stay on the GPU), more than the 64 GB of RAM you have"],
     ["estimate_zero3_model_states_mem_needs"]),
    ("deepspeed zero2 llama 3 8b full finetune on a 4090",  # no RAM said: the offload fits
     ["ℹ️ ZeRO-2 alone offloads nothing",
      "🩹 Smallest change that makes it fit: optimizer offloaded to CPU RAM (ZeRO-Offload, "
      "offload_optimizer; slower), 23.4 GB per GPU"], []),
    ("zero1 full finetune llama 3 8b on one a100 80gb", ["ℹ️ ZeRO-1 alone offloads nothing"], []),
    ("full finetune de llama 3 8b con deepspeed zero2 en una 4090 con 64gb de ram",
     ["ℹ️ ZeRO-2 por sí solo no descarga nada: sin offload_optimizer",
      "💾 Descargar el optimizador (offload_optimizer) dejaría unos 80,3\u00a0GB"], []),
    ("full finetune llama 3 8b avec deepspeed zero1 sur une 4090 avec 64 go de ram",
     ["ℹ️ ZeRO-1 seul ne décharge rien\u00a0: sans offload_optimizer",
      "💾 Décharger l'optimiseur (offload_optimizer) garderait environ 80,3\u202fGo"], []),
]


@pytest.mark.parametrize(("text", "has", "lacks"), ZERO12_ALONE)
def test_zero1_2_alone_on_one_gpu_say_what_they_save(
        text: str, has: list[str], lacks: list[str]) -> None:
    says(ask(text).text, has, lacks)


@pytest.mark.parametrize("text", [
    "deepspeed zero2 offload llama 3 8b full finetune on a 4090 with 128gb ram",  # offload said
    "full finetune llama 3 8b with zero2 on 8 h100s",  # several GPUs: it partitions
])
def test_zero2_with_offload_or_several_gpus_has_no_such_line(text: str) -> None:
    says(ask(text).text, [], ["alone offloads nothing"])


# A LoRA or QLoRA on a Mac with no trainer named: estimated as mlx_lm.lora runs it (its batch 4,
# rank 8 on the last 16 layers, no checkpointing), its QLoRA base a 4-bit MLX model (4.5 bits a
# weight, embeddings too, no dequantized copy) and no runtime context, as MLX's peak counts it;
# said in the reply, and what makes it fit is mlx-lm's flags (was TRL's batch 1, checkpointing
# and rank 16 over NF4 weights and a 1.3 GB "Metal context": 12.8 GB, then a shorter sequence).
MAC_MLX = [
    # mlx-lm's rank 8 on the last 16 layers and its 4-bit MLX weights, at the typical batch 1
    # with checkpointing (mlx_lm.lora's own batch 4 without it needed 52.6 GB here), which the
    # command passes
    ("qlora llama 3 8b on my m2 pro 16gb", None,
     ["At typical settings (sequence 2,048, batch 1) it needs about 7.8 GB (detailed estimate) "
      "of the 11.45 GB macOS lets the GPU use, 3.7 GB left",
      "🍎 No trainer named: estimated as mlx-lm runs it on a Mac (mlx_lm.lora with LoRA rank 8 "
      "on the last 16 layers, its defaults, at batch 1 with gradient checkpointing where you "
      "gave none), not as TRL on CUDA.",
      "<code>mlx_lm.lora --model … --train --data … --batch-size 1 --grad-checkpoint</code> with "
      "a 4-bit MLX model"],
     ["per GPU", "Hugging Face TRL"]),
    ("qlora de llama 3 8b en mi m2 pro de 16gb", "es",
     ["🍎 Sin entrenador indicado: estimado como lo ejecuta mlx-lm en un Mac",
      "--batch-size 1 --grad-checkpoint"], ["por GPU"]),
    ("qlora de llama 3 8b sur mon m2 pro 16 go", "fr",
     ["🍎 Aucun outil d'entraînement précisé\u00a0: estimé comme mlx-lm le lance sur un Mac",
      "--batch-size 1 --grad-checkpoint"], ["par GPU"]),
]


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), MAC_MLX)
def test_a_mac_with_no_trainer_named_is_estimated_as_mlx_lm_runs_it(
        text: str, locale: str | None, has: list[str], lacks: list[str]) -> None:
    reply = ask(text, locale)
    says(reply.text, has, lacks)
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.mlx_assumed
    assert (detailed.micro_batch, detailed.grad_ckpt, detailed.lora_rank) == (1, True, 8)
    parts = {p[0]: p[1] for p in detailed.breakdown.parts}
    assert "cuda_context" not in parts and "dequant_buffer" not in parts, parts
    assert round(parts["weights"] / 1e9, 1) == 4.5  # 8.03B × 4.5 bits


@pytest.mark.parametrize("text", [
    "qlora llama 3 8b with trl on my m2 pro 16gb",  # a trainer named: as said, no assumption
    "qlora llama 3 8b with axolotl on my m2 pro 16gb",
    "qlora llama 3 8b on a 4090",  # not a Mac
    # a time on a Mac with no peak on file: timed on a rented card, as before (a Mac with one
    # is timed there as mlx-lm runs it since mac39, tests/test_mac39.py)
    "how long to qlora llama 3 8b on 10M tokens on my m3 pro 18gb",
])
def test_mlx_lm_is_assumed_only_for_a_macs_fit_with_no_trainer(text: str) -> None:
    reply = ask(text)
    detailed = reply.answer.detailed
    assert detailed is not None and not detailed.mlx_assumed, reply.text
    assert "No trainer named" not in reply.text


def test_mlx_lm_named_counts_mlx_weights_and_no_context() -> None:
    # mlx_lm.lora with a 4-bit MLX model: the same MLX terms as when assumed
    reply = ask("mlx_lm.lora --model mlx-community/Meta-Llama-3-8B-Instruct-4bit --train on m2 "
                "pro 16gb")
    detailed = reply.answer.detailed
    assert detailed is not None
    parts = {p[0]: p[1] for p in detailed.breakdown.parts}
    assert "cuda_context" not in parts and "dequant_buffer" not in parts, parts
    assert "QLoRA with mlx-lm: LoRA on a 4-bit MLX model" in reply.text
    assert "No trainer named" not in reply.text  # named


# mlx_lm's trainer by name is not a second method: "qlora … with mlx_lm.lora" is QLoRA trained
# with mlx-lm (was no method, then "mlx" read as MLX 4-bit serving: "fits … (MLX 4-bit
# inference)"); alone it is LoRA, its default.
@pytest.mark.parametrize(("text", "locale", "method"), [
    ("qlora llama 3 8b with mlx_lm.lora on my m2 pro 16gb", None, "qlora"),
    ("qlora de llama 3 8b con mlx_lm.lora en mi m2 pro de 16gb", "es", "qlora"),
    ("qlora de llama 3 8b avec mlx_lm.lora sur mon m2 pro 16 go", "fr", "qlora"),
    ("full finetune llama 3 8b with mlx_lm.lora on my m2 ultra", None, "full_adamw"),
    ("python -m mlx_lm lora --model mistralai/Mistral-7B-v0.1 --train on m2 max 64gb", None,
     "lora"),
])
def test_mlx_lm_lora_named_is_the_trainer_not_a_method(
        text: str, locale: str | None, method: str) -> None:
    reply = ask(text, locale)
    assert reply.query.method == method and not reply.query.inference, reply.query
    assert reply.query.mlx, reply.query


# Nothing mlx-lm can change holds it on the Mac: TRL's command names the rented GPU it runs on
# (was "run it with --load_in_4bit --use_peft", as if on the Mac, when that GPU was one).
@pytest.mark.parametrize(("text", "locale", "has"), [
    ("my qlora of llama 3 70b OOMs on my m3 max 36gb", None,
     "🛠 Next: with Hugging Face TRL, on 1× A100 80GB, run it with <code>--load_in_4bit "
     "--use_peft --lora_target_modules all-linear</code>."),
    ("qlora de llama 3 70b en mi m1 pro de 16gb", "es",
     "🛠 Siguiente paso: con Hugging Face TRL, en 1× A100 80GB, lánzalo con"),
    ("qlora de llama 3 70b sur mon m1 pro 16 go", "fr", "avec Hugging Face TRL, sur 1× A100 80GB"),
])
def test_trl_on_a_rented_gpu_after_a_mac_names_it(text: str, locale: str | None,
                                                  has: str) -> None:
    says(ask(text, locale).text, [has], [])
