"""train15: fine-tuning memory against measured runs and the settings people state.

The largest model a memory holds is named from models whose estimate comes from their own
architecture: a model with none on file is estimated with a generic Llama-like shape of its
size, which knows nothing of its vocabulary or layers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import CATALOGUE, ask

# (question, locale, the size the reply leads with, names that must not lead it)
LARGEST = [
    # MPT 30B and OPT-30B have their own architectures (cards17): 30B, by their estimates.
    ("biggest model i can qlora on a 24gb gpu", None, 30, ()),
    ("whats the biggest model i can qlora on my 4090??", None, 30, ()),
    ("cual es el modelo mas grande q puedo entrenar con qlora en mi 3090", "es", 30, ()),
    ("le plus gros modèle que je peux qlora sur une 4090 ?", "fr", 30, ()),
]


@pytest.mark.parametrize(("text", "locale", "size", "unknown"), LARGEST)
def test_the_largest_size_is_one_a_model_with_its_own_architecture_holds(
        text: str, locale: str | None, size: float, unknown: tuple[str, ...]) -> None:
    reply = ask(text, locale)
    answer = reply.answer
    assert answer.largest_detailed is not None, reply.text
    got, names = answer.largest_detailed
    assert float(got) == size, reply.text
    lead = reply.text.split("\n")[0]
    assert not [n for n in unknown if n in lead], lead
    by_name = {m.name: m for m in CATALOGUE.models}
    # At least one named model was estimated with its own layers and vocabulary.
    assert any(by_name[n].arch is not None for n in names), names


def test_a_model_with_its_own_architecture_that_fits_leads_unchanged() -> None:
    # OPT-66B has its own architecture since arch41 (a 50,272-token vocabulary, no gate): the
    # planning rule's largest fits by its own estimate too, so no smaller size is put ahead of
    # it (65.2B, LLaMA 65B, led while OPT-66B had only the Llama-like shape assumed).
    reply = ask("biggest model i can serve in int8 on an H100", None)
    assert reply.answer.largest_detailed is None, reply.text
    lead = reply.text.split("\n")[0]
    assert lead.endswith("at or under that: OPT-66B (Meta).</b>"), lead
    assert "OPT-66B (Meta) also fits by its own detailed estimate" in reply.text, reply.text
    assert CATALOGUE.models.get("opt-66b").arch is not None


# --- what makes a run fit: Unsloth where it would ---------------------------------------------

# (question, locale, the Unsloth option's words, the same run asked "with unsloth")
UNSLOTH_FIXES = [
    ("qlora gemma 2 27b on a 4090, seq len 8192 batch size 1 grad ckpt on, OOM", None,
     "• Unsloth (chunked loss, its LoRA kernels and checkpoints in CPU RAM): 24.3 GB per GPU",
     "qlora gemma 2 27b on a 4090, seq len 8192 batch size 1 grad ckpt on with unsloth"),
    ("me da OOM con qlora de gemma 2 27b en mi 4090, seq 8192 batch 1", "es",
     "• Unsloth (pérdida por bloques, sus kernels LoRA y checkpoints en la RAM de la CPU): "
     "24,3\u00a0GB por GPU",
     "qlora gemma 2 27b on a 4090, seq 8192 batch 1 with unsloth"),
    ("qlora llama 3.1 70b sur une a6000 48go seq 4096 batch 1, j'ai un OOM", "fr",
     "• Unsloth (perte par blocs, ses kernels LoRA et checkpoints en RAM CPU)\u00a0: "
     "47,9\u202fGo par GPU",
     "qlora llama 3.1 70b on a 48gb a6000 seq 4096 batch 1 with unsloth"),
]


@pytest.mark.parametrize(("text", "locale", "line", "direct"), UNSLOTH_FIXES)
def test_unsloth_is_offered_where_it_makes_the_run_fit(
        text: str, locale: str | None, line: str, direct: str) -> None:
    reply = ask(text, locale)
    assert reply.answer.fits is False
    assert line in reply.text, reply.text
    # The option's figure is the estimate of the same run with Unsloth said.
    with_it = ask(direct)
    assert with_it.answer.detailed is not None and with_it.answer.fits is True
    options = reply.answer.remedies.options if reply.answer.remedies else ()
    option = next(o for o in options if o.changes == ("unsloth",))
    assert option.per_gpu_gb == with_it.answer.detailed.per_gpu_gb


@pytest.mark.parametrize("text", [
    # Unsloth's open-source release trains on one GPU: no FSDP, ZeRO or offload beside it.
    "fsdp qlora llama 3 70b on 2x 3090 seq 4096 bs 2, OOM",
    # Triton kernels: not on a Mac.
    "mlx lora mistral 7b on m2 pro 16gb batch 8, OOM",
    # Already said.
    "qlora llama 3.1 70b on a 40gb a100 seq 8192 batch 2 with unsloth, OOM",
])
def test_unsloth_is_not_offered_where_it_cannot_run_or_is_already_used(text: str) -> None:
    reply = ask(text)
    assert reply.answer.remedies is not None, reply.text
    assert "unsloth" not in reply.answer.remedies.tried
    assert "Unsloth (chunked loss" not in reply.text


# --- torchtune's configs: their optimizer and loss --------------------------------------------

# (question, locale, the optimizer its config steps, stepped in the backward pass)
TUNE_CONFIGS = [
    ("tune run full_finetune_single_device --config llama3_1/8B_full_single_device on a 4090",
     None, "paged_adam8bit", True),
    ("¿cabe tune run full_finetune_single_device --config llama3_1/8B_full_single_device en mi "
     "4090?", "es", "paged_adam8bit", True),
    ("tune run full_finetune_single_device --config llama3_2/3B_full_single_device sur ma 4090, "
     "ça passe ?", "fr", "paged_adam8bit", True),
    ("tune run full_finetune_single_device --config qwen2_5/7B_full_single_device on a 4090",
     None, "paged_adamw", True),
    # torch.optim.AdamW in that config: nothing added.
    ("tune run full_finetune_single_device --config qwen3/4B_full_single_device on a 4090",
     None, None, None),
    # The distributed config steps torch.optim.AdamW.
    ("tune run full_finetune_distributed --config llama3_1/8B_full on 2x 4090", None, None, None),
]


@pytest.mark.parametrize(("text", "locale", "optimizer", "in_backward"), TUNE_CONFIGS)
def test_a_torchtune_config_steps_its_own_optimizer(
        text: str, locale: str | None, optimizer: str | None, in_backward: bool | None) -> None:
    reply = ask(text, locale)
    assert (reply.query.optimizer, reply.query.optimizer_in_backward) == (optimizer, in_backward)
    assert reply.query.chunked_loss is True  # LinearCrossEntropyLoss in every one of them


def test_the_torchtune_readme_s_4090_full_finetune_fits() -> None:
    # "Llama 3.1 8B | Full finetune | 1x 4090 | 18.9 GiB" (pytorch/torchtune README.md): its
    # config's paged 8-bit states fill what the card has left, and never make it miss (the
    # estimate filled to 25.757 GB was shown as 25.8 GB, "does not fit").
    reply = ask("tune run full_finetune_single_device --config llama3_1/8B_full_single_device "
                "on a 4090, batch 2, seq 2048 packed")
    assert reply.answer.fits is True, reply.text
    said = ask("full fine-tune Llama 3.1 8B on an RTX 4090 24GB, seq 2048 packed, batch size 2, "
               "gradient checkpointing on, pure bf16, paged adamw 8bit, optimizer in backward, "
               "torch compile, no gradient accumulation, chunked cross entropy")
    detailed = said.answer.detailed
    assert detailed is not None and detailed.check is not None
    assert detailed.per_gpu_gb == Decimal("25.7") and detailed.check.detailed_fits is True


@pytest.mark.parametrize(("text", "locale"), [
    ("torchtune lora llama 3.1 8b on a 4090 batch 2 seq 2048", None),
    ("lora de llama 3.1 8b con torchtune en una 4090, batch 2, seq 2048", "es"),
    ("lora llama 3.1 8b avec torchtune sur une 4090, batch 2, séquences de 2048", "fr"),
])
def test_torchtune_named_takes_the_loss_in_chunks(text: str, locale: str | None) -> None:
    reply = ask(text, locale)
    plain = ask(text.replace("con torchtune", "").replace("avec torchtune", "")
                .replace("torchtune", ""), locale)
    assert reply.query.chunked_loss is True and plain.query.chunked_loss is None
    got, eager = reply.answer.detailed, plain.answer.detailed
    assert got is not None and eager is not None
    # 4,096 tokens x 128,256 logits: 14 bytes each eagerly, 3.5 in chunks (rules/data
    # detailed.toml logits_eager, logits_chunked). (The totals differ by torchtune's BF16
    # adapters too: train16.)
    assert float(eager.breakdown.term("logits") - got.breakdown.term("logits")) == pytest.approx(
        4096 * 128256 * 10.5 / 1e9, abs=0.15)


# --- settings pasted from configs: what they name ---------------------------------------------

# (question, locale, method, sharding, LoRA rank)
PASTED = [
    ("fsdp full_shard auto_wrap qlora llama 3 70b on 2x 4090 seq 2048 bs 1", None, "qlora",
     "fsdp", None),
    ("fsdp_sharding_strategy: FULL_SHARD\nqlora llama 3 70b on 2x 3090, will it fit?", None,
     "qlora", "fsdp", None),
    ("qlora de llama 3 70b con fsdp full_shard en 2 rtx 4090, cabe?", "es", "qlora", "fsdp",
     None),
    ("lora llama 3 70b avec fsdp_state_dict_type FULL_STATE_DICT sur 8x a100, ça passe ?", "fr",
     "lora", "fsdp", None),
    # FULL_SHARD said beside a full fine-tune stays one.
    ("full finetune llama 3 8b fsdp full shard on 8x a100", None, "full_adamw", "fsdp", None),
    ('training llama 3 8b with TrainingArguments(per_device_train_batch_size=4, '
     'gradient_checkpointing=True, bf16=True, optim="adamw_torch") and LoraConfig(r=64, '
     'lora_alpha=16, '
     'target_modules="all-linear") on a 4090 -> OOM at step 0', None, "lora", None, 64),
    ("entreno llama 3 8b con LoraConfig(r=16, lora_alpha=32) y optim adamw_torch en una 4090, "
     "batch 2, me da OOM", "es", "lora", None, 16),
    ("LoraConfig(r=8) + BitsAndBytesConfig(load_in_4bit=True) sur mistral 7b, une 3060 12 Go "
     "suffit ?", "fr", "qlora", None, 8),
]


@pytest.mark.parametrize(("text", "locale", "method", "sharding", "rank"), PASTED)
def test_pasted_settings_name_the_method_they_configure(
        text: str, locale: str | None, method: str, sharding: str | None,
        rank: int | None) -> None:
    reply = ask(text, locale)
    q = reply.query
    assert (q.method, q.sharding, q.lora_rank) == (method, sharding, rank), reply.text
    assert reply.answer.primary is not None and reply.answer.primary.memory.method == method


@pytest.mark.parametrize(("text", "locale"), [
    ("full finetune mistral 7b with deepspeed zero3 and offload on 2x a100 40gb, micro batch 1, "
     "seq 4096", None),
    ("full finetune mistral 7b w/ deepspeed zero3 + cpu offload on 2x a100 40gb, bs 1", None),
    ("fine-tuning completo de mistral 7b con deepspeed zero3 y offload en 2 a100 de 40gb, micro "
     "batch 1, secuencia 4096", "es"),
    ("fine-tuning complet de mistral 7b avec deepspeed zero3 et offload sur 2 a100 40 Go, micro "
     "batch 1, séquence 4096", "fr"),
])
def test_zero3_and_offload_said_apart_is_zero3_offload(text: str, locale: str | None) -> None:
    reply = ask(text, locale)
    assert (reply.query.sharding, reply.query.cpu_offload) == ("zero3", True)
    assert reply.answer.fits is True, reply.text  # was 66.8 GB a GPU without the offload


# (question, locale, the assumption's words)
NO_DOUBLE_QUANT = [
    ("qlora llama 3 70b on a 48gb a6000, BitsAndBytesConfig(load_in_4bit=True, "
     "bnb_4bit_use_double_quant=False), seq 2048 bs 1", None,
     "QLoRA without double quantization: block weights in 4-bit NF4"),
    ("qlora de llama 3 70b en una a6000 sin doble cuantización, seq 2048", "es",
     "QLoRA sin doble cuantización"),
    ("qlora llama 3 70b sur une a6000 sans double quantification, seq 2048", "fr",
     "QLoRA sans double quantification\u00a0:"),
]


@pytest.mark.parametrize(("text", "locale", "said"), NO_DOUBLE_QUANT)
def test_qlora_without_double_quantization_keeps_fp32_constants(
        text: str, locale: str | None, said: str) -> None:
    reply = ask(text, locale)
    plain = ask("qlora llama 3 70b on a 48gb a6000, seq 2048 bs 1")
    assert reply.query.double_quant is False and said in reply.text, reply.text
    got, usual = reply.answer.detailed, plain.answer.detailed
    assert got is not None and usual is not None
    # (0.5 - 0.127) bits for each of Llama 3 70B's 68.98 B block weights (its embeddings and
    # head, 2.1 B, stay BF16): 3.2 GB.
    assert float(got.per_gpu_gb - usual.per_gpu_gb) == pytest.approx(
        68.98e9 * (0.5 - 0.127) / 8 / 1e9, abs=0.1)


@pytest.mark.parametrize(("text", "locale", "targets"), [
    ("torchtune lora llama 3.1 8b on a 4090 batch 2 seq 2048", None, "q,v,o,gate,up,down"),
    ("tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device on my 3090",
     None, "q,v,o,gate,up,down"),
    ("lora de llama 3.1 8b con torchtune en una 4090", "es", "q,v,o,gate,up,down"),
    ("qlora llama 3.1 8b avec torchtune sur une 3060 12 Go", "fr", "q,v,o,gate,up,down"),
    # Said: as said.
    ("torchtune lora llama 3.1 8b on a 4090, all linear layers", None, "all"),
])
def test_torchtune_adapts_its_configs_layers(text: str, locale: str | None, targets: str) -> None:
    assert ask(text, locale).query.lora_targets == targets


# (question, locale, sequence length said)
MAX_LENGTH = [
    ("qlora de mistral 7b en una 3060, tamaño de lote 8, longitud máxima 1024, sin checkpointing",
     "es", 1024),
    ("qlora de mistral 7b en una 3060, batch 8, longitud máx. de 2048", "es", 2048),
    ("qlora mistral 7b sur une 3060, taille de batch 8, longueur max 1024, sans checkpointing",
     "fr", 1024),
    ("qlora mistral 7b sur une 3060, batch 8, longueur maximale de 1024", "fr", 1024),
    ("qlora mistral 7b on a 3060, batch 8, maximum length of 1024", None, 1024),
]


@pytest.mark.parametrize(("text", "locale", "seq_len"), MAX_LENGTH)
def test_a_maximum_length_said_with_its_value_is_the_sequence_length(
        text: str, locale: str | None, seq_len: int) -> None:
    reply = ask(text, locale)
    # Was the longest context asked ("about 117 tokens"), the 1,024 said ignored.
    assert reply.query.seq_len == seq_len and not reply.query.context_asked, reply.text
    assert reply.answer.detailed is not None and reply.answer.detailed.seq_len == seq_len


@pytest.mark.parametrize(("text", "locale"), [
    ("cual es la longitud maxima que cabe para qlora de mistral 7b en una 3060?", "es"),
    ("quelle longueur max je peux mettre en qlora mistral 7b sur une 3060 ?", "fr"),
])
def test_a_maximum_length_asked_is_still_a_question(text: str, locale: str | None) -> None:
    reply = ask(text, locale)
    assert reply.query.seq_len is None and reply.query.context_asked


# (question, locale, micro-batch, checkpointing, accumulation steps)
RUN_SETTINGS = [
    # The batch held at once beside the effective one (was 32, the effective batch).
    ("lora llama 3 8b effective batch size 32 with per device batch 4 on a 4090", None, 4, None,
     None),
    # DeepSpeed's GAS.
    ("lora llama 3 8b mbs 4 gas 8 seq_len=4096 on a 4090", None, 4, None, 8),
    # The switch after the whole name (was on).
    ("lora de llama 3 8b en una 4090 con checkpointing de gradientes desactivado, batch 2", "es",
     2, False, None),
    ("lora llama 3 8b sur une 4090 avec checkpointing des gradients désactivé, batch 2", "fr", 2,
     False, None),
    ("lora de llama 3 8b en una 4090 con checkpointing de gradientes, batch 2", "es", 2, True,
     None),
]


@pytest.mark.parametrize(("text", "locale", "batch", "ckpt", "steps"), RUN_SETTINGS)
def test_run_settings_as_written_in_threads(
        text: str, locale: str | None, batch: int, ckpt: bool | None, steps: int | None) -> None:
    q = ask(text, locale).query
    assert (q.batch_size, q.grad_ckpt, q.accum_steps) == (batch, ckpt, steps)


# (question, locale, method, the note's opening)
DORA = [
    ("llama 3 8b dora r=16 on a 4090 bs 2 seq 2048", None, "lora",
     "ℹ️ DoRA is not modelled here: the figures below are LoRA's"),
    ("LoraConfig(r=16, use_dora=True) on llama 3 8b, a 4090 enough?", None, "lora",
     "ℹ️ DoRA is not modelled here"),
    ("qdora llama 3 70b on 2x 3090", None, "qlora", "ℹ️ DoRA is not modelled here"),
    ("dora de llama 3 8b en una 4090, batch 2", "es", "lora", "ℹ️ DoRA no está modelado aquí"),
    ("dora llama 3 8b sur une 4090, batch 2", "fr", "lora",
     "ℹ️ DoRA n'est pas modélisé ici\u00a0:"),
]


@pytest.mark.parametrize(("text", "locale", "method", "note"), DORA)
def test_dora_is_estimated_as_lora_and_said_to_need_more(
        text: str, locale: str | None, method: str, note: str) -> None:
    reply = ask(text, locale)
    # Was no method read: every method listed, QLoRA leading ("fits: QLoRA").
    assert reply.query.method == method and reply.query.dora
    assert reply.text.startswith(note), reply.text


def test_lora_alone_says_nothing_of_dora() -> None:
    reply = ask("lora llama 3 8b on a 4090 bs 2 seq 2048")
    assert not reply.query.dora and "DoRA" not in reply.text


@pytest.mark.parametrize(("text", "locale"), [
    ("lora llama 3 8b on a 4090, batch per gpu 4, effective batch 64", None),
    ("lora llama 3 8b on a 4090, per gpu batch 4, global batch 32", None),
    ("lora de llama 3 8b en una 4090, tamaño de batch por dispositivo 4, acumulación de "
     "gradientes 8", "es"),
    ("lora de llama 3 8b en una 4090, lote efectivo de 32 con batch por dispositivo de 4", "es"),
    ("lora llama 3 8b sur une 4090, taille de batch par appareil 4, accumulation de gradients 8",
     "fr"),
    ("lora llama 3 8b sur une 4090, batch effectif de 32 avec un batch par gpu de 4", "fr"),
])
def test_the_batch_each_gpu_holds_is_the_micro_batch(text: str, locale: str | None) -> None:
    # Was the effective batch (64) or no batch at all (batch 1 assumed).
    assert ask(text, locale).query.batch_size == 4


# (Lion and SGD are estimated since settings40: tests/test_settings40.py)
@pytest.mark.parametrize(("text", "locale", "name", "note"), [
    ("full finetune llama 3 8b on an h100 with muon", None, "Muon", "ℹ️ Muon is not modelled"),
    ("ajuste completo de llama 3 8b en una h100 con muon", "es", "Muon",
     "ℹ️ Muon no está modelado aquí"),
])
def test_an_optimizer_not_modelled_is_said_before_adamw_s_figures(
        text: str, locale: str | None, name: str, note: str) -> None:
    # Was AdamW's figures alone, the optimizer said ignored.
    reply = ask(text, locale)
    assert reply.query.other_optimizer == name and reply.text.startswith(note), reply.text


def test_an_optimizer_word_outside_a_run_adds_nothing() -> None:
    assert "not modelled" not in ask("hola lion").text
    # SGD alone is also the Singapore dollar.
    sgd = ask("qlora llama 3 8b on an h100 for 10 hours, price in sgd").query
    assert sgd.other_optimizer is None and sgd.optimizer is None
    assert ask("full finetune llama 3 8b on an h100 with adamw").query.other_optimizer is None
