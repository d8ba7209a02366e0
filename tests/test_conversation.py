"""A conversation on the user's side: a new question is not glued to the last one, a
follow-up says what it reused (and can be asked fresh), and a long message is answered from
the part that was read, saying what was skipped."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest

from bot.conversation import Conversations
from bot.pipeline import to_json
from tests.support.chat import PIPELINE, converse


def spaced(text: str) -> str:
    """`text` with ordinary spaces for the no-break ones of CLDR formatting (52,5 GB)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")



# previous question, new question, facts of the answer, a fragment of its text
STAND_ALONE: list[tuple[str, str, dict[str, Any], str]] = [
    ("LoRA 405B int8 inference on 8 H200", "how much for 2 H100 for a week?",
     {"intent": "cost", "gpu": "h100", "gpu_count": 2, "hours": 168, "params_b": None}, "$779.52"),
    ("¿puedo correr Llama 3.1 405B en int8 en 8 H200?", "cuánto cuesta una H100 durante 100 horas",
     {"intent": "cost", "gpu": "h100", "hours": 100, "params_b": None}, "232,00"),
    ("QLoRA 70B on a 4090", "how much is an H100 per hour",
     {"intent": "prices", "gpu": "h100", "params_b": None}, "$2.32/hour"),
    ("QLoRA 70B on a 4090", "¿cuánto cuesta la B200 por hora?",
     {"intent": "prices", "gpu": "b200", "params_b": None}, "4,61"),
    ("QLoRA 70B on a 4090", "what GPUs do you have",
     {"intent": "prices", "params_b": None}, "L40S"),
    ("¿QLoRA de 70B en una 4090?", "¿qué GPUs tienen?",
     {"intent": "prices", "params_b": None}, "L40S"),
    ("Mixtral 8x7B on 2× H100", "llama 3 on an H100",
     {"model_id": None, "family": ("llama-3-8b", "llama-3-70b"), "gpu": "h100"},
     "Llama 3 is a family of 2 models: this answer is for the largest that fits here, Llama 3 70B."),
]


@pytest.mark.parametrize(("previous", "new", "facts", "fragment"), STAND_ALONE)
def test_a_question_that_stands_alone_starts_fresh(
    previous: str, new: str, facts: dict[str, Any], fragment: str
) -> None:
    _, reply = converse(previous, new)
    assert not reply.query.follow_up and reply.carried == ()
    for field, value in facts.items():
        got = getattr(reply.query, field)
        assert (D(got) if isinstance(value, int) and got is not None else got) == value, field
    assert fragment in spaced(reply.text)
    assert "from your last question" not in reply.text


# previous, follow-up, facts, the line naming what was carried over
FOLLOW_UPS: list[tuple[str, str, dict[str, Any], str]] = [
    ("can I fine-tune Llama 3.1 8B with LoRA on a 4090", "and on an H100?",
     {"model_id": "llama-3.1-8b", "method": "lora", "gpu": "h100"},
     "↪️ <i>LoRA of Llama 3.1 8B, from your last question.</i>"),
    ("¿puedo hacer QLoRA de Llama 3.1 70B en una 4090?", "¿y con LoRA?",
     {"model_id": "llama-3.1-70b", "method": "lora", "gpu": "rtx-4090"},
     "↪️ <i>Llama 3.1 70B en 1× RTX 4090, de tu pregunta anterior.</i>"),
    ("est-ce que Mistral 7B tient sur une L40S en full fine-tuning ?", "et pour 24 heures ?",
     {"model_id": "mistral-7b", "method": "full_adamw", "gpu": "l40s", "hours": 24},
     "↪️ <i>Complet avec AdamW de Mistral 7B sur 1× L40S, d'après votre question précédente.</i>"),
    ("est-ce que je peux faire un QLoRA de Llama 3.1 70B sur une L40S ?",
     "combien pour 10 heures ?",
     {"intent": "cost", "model_id": "llama-3.1-70b", "hours": 10},
     "↪️ <i>QLoRA de Llama 3.1 70B sur 1× L40S, d'après votre question précédente.</i>"),
    ("QLoRA Llama 3.1 8B on an L40S for 5 hours", "what about Mistral 7B?",
     {"model_id": "mistral-7b", "method": "qlora", "gpu": "l40s", "hours": 5},
     "↪️ <i>QLoRA on 1× L40S for 5 hours, from your last question.</i>"),
    ("how long to fine-tune 8B on 1B tokens on an H100", "and on an A100?",
     {"intent": "time", "params_b": 8, "dataset_tokens": 1_000_000_000, "gpu": "a100-80gb"},
     "with the same settings, from your last question."),
    ("H100 vs H200 for 70B QLoRA", "and for LoRA?",
     {"intent": "compare", "method": "lora", "gpu": "h100", "other_gpus": ("h200",)},
     "on H100 vs H200, from your last question."),
    ("4x h100 vs 8x h100 for full finetune 13b", "and for lora?",
     {"intent": "compare", "method": "lora", "gpu": "h100", "gpu_count": 4,
      "other_gpus": ("h100",), "other_gpu_count": 8},
     "on 4× H100 vs 8× H100, from your last question."),
    ("qlora llama3 70b 4090 possible?", "can i finetune llama 3 on a h100",
     {"model_id": "llama-3-70b", "method": "qlora", "gpu": "h100", "family": ()},
     "↪️ <i>QLoRA of Llama 3 70B, from your last question.</i>"),
    ("cuánto cuesta una H100 durante 100 horas", "¿y en una B200?",
     {"intent": "cost", "gpu": "b200", "hours": 100, "params_b": None},
     "↪️ <i>Durante 100 horas, de tu pregunta anterior.</i>"),
    # A context length alone reads as serving in a question of its own; after a training
    # question it is that run at that length (it was answered as BF16 inference).
    ("qlora llama3 8b on my 3090", "and with 8k context?",
     {"model_id": "llama-3-8b", "method": "qlora", "inference": False, "seq_len": 8192,
      "gpu": "rtx-3090"},
     "↪️ <i>QLoRA of Llama 3 8B on 1× RTX 3090, from your last question.</i>"),
    ("qlora de llama 3 8b en mi 3090", "¿y con contexto de 8k?",
     {"method": "qlora", "inference": False, "seq_len": 8192},
     "↪️ <i>QLoRA de Llama 3 8B en 1× RTX 3090, de tu pregunta anterior.</i>"),
    ("LoRA de Mistral 7B sur ma 3090 ?", "et avec 8k de contexte et un batch de 2 ?",
     {"method": "lora", "inference": False, "seq_len": 8192, "batch_size": 2},
     "↪️ <i>LoRA de Mistral 7B sur 1× RTX 3090, d'après votre question précédente.</i>"),
    ("can i ft mistral 7b on a 3090", "and with 8k ctx?",
     {"method": None, "inference": False, "seq_len": 8192},
     "↪️ <i>Mistral 7B on 1× RTX 3090, from your last question.</i>"),
    # A count of the cards already named ("two of them", "2x?") is how many of that GPU (it
    # was not understood at all; "deux d'entre elles" was read as two days).
    ("qlora llama3 8b on my 3090", "what about on two of them?",
     {"model_id": "llama-3-8b", "method": "qlora", "gpu": "rtx-3090", "gpu_count": 2},
     "↪️ <i>QLoRA of Llama 3 8B on 2× RTX 3090, from your last question.</i>"),
    ("qlora llama 3 70b on a 3090", "and 2x?",
     {"gpu": "rtx-3090", "gpu_count": 2},
     "↪️ <i>QLoRA of Llama 3 70B on 2× RTX 3090, from your last question.</i>"),
    ("¿QLoRA de llama 3 70b en una 3090?", "¿y con dos de ellas?",
     {"gpu": "rtx-3090", "gpu_count": 2},
     "↪️ <i>QLoRA de Llama 3 70B en 2× RTX 3090, de tu pregunta anterior.</i>"),
    ("QLoRA de Llama 3 70B sur une 3090 ?", "et avec deux d'entre elles ?",
     {"gpu": "rtx-3090", "gpu_count": 2, "hours": None},
     "↪️ <i>QLoRA de Llama 3 70B sur 2× RTX 3090, d'après votre question précédente.</i>"),
    # What a follow-up naming nothing asks of the previous run: its longest context, largest
    # batch, tokens/s (training or decode, as the run was), how long it takes (each was "I did
    # not understand that", and "how long…?" a cost at our page's illustrative hours).
    ("qlora llama 3 8b on a 3090", "what's the max context?",
     {"intent": "fit", "method": "qlora", "context_asked": True},
     "📏 <b>Longest context that fits: about"),
    ("QLoRA de llama 3 8b en mi 3090", "¿y el contexto máximo?",
     {"intent": "fit", "method": "qlora", "context_asked": True},
     "📏 <b>Contexto más largo que cabe"),
    # "how much ctx" names no price: the run's longest context (it was the price list).
    ("run llama 3 70b q4 on 2x 3090", "how much ctx can i get?",
     {"intent": "fit", "inference": True, "gpu_count": 2, "context_asked": True},
     "📏 <b>8,192 tokens: the whole published context of Llama 3 70B"),
    ("qlora llama 3 8b on a 3090", "how much context?",
     {"intent": "fit", "method": "qlora", "context_asked": True},
     "📏 <b>Longest context that fits: about"),
    # vLLM named before: its share of the memory still bounds the context asked after.
    ("vllm qwen2.5 7b on a 3090", "how much context?",
     {"intent": "fit", "engine": "vllm", "context_asked": True},
     "vLLM takes 92% of each GPU's memory by default"),
    # A 16-bit precision alone after a training question is that run's (a T4 trains in FP16;
    # after QLoRA, its base in 16 bits: LoRA), not serving the model (it was BF16 inference).
    ("lora mistral 7b on a t4", "does it work with fp16?",
     {"method": "lora", "inference": False, "gpu": "t4"},
     "❌ <b>No: Mistral 7B (7.3B parameters) does not fit on 1× T4 (LoRA).</b>"),
    ("qlora llama 3 8b on my 3090", "and in bf16?",
     {"method": "lora", "inference": False, "gpu": "rtx-3090"},
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (LoRA).</b>"),
    ("run llama 3 8b on my 3090", "and in fp16?",
     {"method": "inference_bf16", "inference": True},
     "(FP16 inference)"),
    ("qlora llama 3 8b on a 3090", "and the max batch size?",
     {"intent": "fit", "method": "qlora", "batch_asked": True},
     "📏 <b>Largest micro-batch that fits"),
    ("qlora llama 3 8b on a 3090", "how many tok/s?",
     {"intent": "time", "method": "qlora", "train_speed_asked": True, "speed_asked": False},
     "training tokens/s"),
    ("run llama 3 8b q4 on a 3090", "how many tok/s?",
     {"intent": "time", "inference": True, "speed_asked": True},
     "⚡ <b>At most about"),
    ("qlora llama 3 8b on a 3090", "how long would it take?",
     {"intent": "time", "method": "qlora"},
     "depends on how many tokens you train on"),
    ("qlora llama 3 8b on a 3090", "how long for 50M tokens?",
     {"intent": "time", "method": "qlora", "dataset_tokens": 50_000_000},
     "for 50 million tokens"),
    ("QLoRA de llama 3 8b sur ma 3090", "combien de temps pour 50M tokens ?",
     {"intent": "time", "method": "qlora", "dataset_tokens": 50_000_000},
     "pour 50 millions de tokens"),
    # Samples counted without their length, then the length the reply asked for: the dataset
    # is their product (the length alone was read as a dataset of 700 tokens, "1 minute").
    ("how long to lora llama 3.1 8b on an h100 with 10k examples", "about 700 tokens each, 3 epochs",
     {"intent": "time", "method": "lora", "gpu": "h100", "dataset_tokens": 7_000_000,
      "epochs": 3}, "for 21 million tokens"),
    ("cuanto tarda un qlora de llama 3 8b con 5000 ejemplos en una h100",
     "unos 700 tokens cada uno", {"intent": "time", "dataset_tokens": 3_500_000},
     "3,5 millones de tokens"),
    ("combien de temps pour un qlora de mistral 7b sur 20k exemples sur un a100",
     "environ 1k tokens chacun", {"intent": "time", "dataset_tokens": 20_000_000},
     "20 millions de tokens"),
    # ... and a count kept when the configuration changes ("and on an A100?").
    ("how long to lora llama 3.1 8b on an h100 with 10k examples", "and on an a100?",
     {"intent": "time", "gpu": "a100-80gb", "dataset_samples": 10_000},
     "depends on how long your 10,000 samples are"),
    ("qlora llama 3 8b on a 3090", "how much would it cost?",
     {"intent": "cost", "method": "qlora"},
     "↪️ <i>QLoRA of Llama 3 8B on 1× RTX 3090, from your last question.</i>"),
    # "use" alone is not serving after a training question (it was BF16 inference at batch 8).
    ("lora mistral 7b on my 4090", "what if i use grad checkpointing and bs 8?",
     {"method": "lora", "inference": False, "batch_size": 8, "grad_ckpt": True},
     "↪️ <i>LoRA of Mistral 7B on 1× RTX 4090, from your last question.</i>"),
    ("lora mistral 7b on my 4090", "what if i use bs 8?",
     {"method": "lora", "inference": False, "batch_size": 8},
     "↪️ <i>LoRA of Mistral 7B on 1× RTX 4090, from your last question.</i>"),
    # "Which model?" answered with the model: that run (it was a memory question of its own).
    ("qlora on 3090", "llama 3 8b",
     {"intent": "fit", "model_id": "llama-3-8b", "method": "qlora", "gpu": "rtx-3090"},
     "↪️ <i>QLoRA on 1× RTX 3090, from your last question.</i>"),
    ("can I fine-tune on my 4090?", "mistral 7b",
     {"intent": "fit", "model_id": "mistral-7b", "gpu": "rtx-4090"},
     "↪️ <i>On 1× RTX 4090, from your last question.</i>"),
    ("¿cuánta vram para qlora?", "llama 3 70b",
     {"intent": "memory", "model_id": "llama-3-70b", "method": "qlora"},
     "↪️ <i>QLoRA, de tu pregunta anterior.</i>"),
    # ... however long the wording, when it names no model, GPU, hours or budget (it was
    # "Which GPU and for how long?" past eight words).
    ("qlora llama 3 8b on a 3060 12gb", "how much would it cost on your cloud instead?",
     {"intent": "cost", "model_id": "llama-3-8b", "method": "qlora"},
     "↪️ <i>QLoRA of Llama 3 8B on 1× RTX 3060, from your last question.</i>"),
    ("qlora llama 3 8b on a 3060 12gb",
     "ok and roughly how long would the whole thing take to finish?",
     {"intent": "time", "model_id": "llama-3-8b", "method": "qlora"},
     "depends on how many tokens you train on"),
    # "same but 70b", a bare count ending the message, "how much vram exactly?" (each was a
    # question of its own: a 70B memory answer, "I did not understand that", "Which model?").
    ("qlora llama 3 8b on a 3090", "same but 70b",
     {"intent": "fit", "params_b": 70, "method": "qlora", "gpu": "rtx-3090"},
     "↪️ <i>QLoRA on 1× RTX 3090, from your last question.</i>"),
    ("QLoRA de llama 3 8b sur ma 3090", "pareil mais 70b",
     {"params_b": 70, "method": "qlora", "gpu": "rtx-3090"},
     "↪️ <i>QLoRA sur 1× RTX 3090, d'après votre question précédente.</i>"),
    ("qlora llama 3 8b on a 4090", "how about on 2?",
     {"gpu": "rtx-4090", "gpu_count": 2},
     "↪️ <i>QLoRA of Llama 3 8B on 2× RTX 4090, from your last question.</i>"),
    ("run llama 3 70b q4 on 2x 3090", "what about on one?",
     {"gpu": "rtx-3090", "gpu_count": 1, "inference": True},
     "on 1× RTX 3090, from your last question.</i>"),
    ("¿qlora de llama 3 8b en una 4090?", "¿y en dos?",
     {"gpu": "rtx-4090", "gpu_count": 2},
     "↪️ <i>QLoRA de Llama 3 8B en 2× RTX 4090, de tu pregunta anterior.</i>"),
    ("qlora llama 3 8b on a 3090", "how much vram exactly?",
     {"intent": "fit", "method": "qlora", "details": True},
     "📊 <b>Detailed estimate for seq 2,048, batch 1"),
    # A card we have no data for ("a4090"): the run is known, and the next card continues it
    # (it was the A6000's price, "not rented").
    ("lora llama 3 8b on a4090", "and on an a6000?",
     {"intent": "fit", "model_id": "llama-3-8b", "method": "lora", "gpu": "rtx-a6000"},
     "↪️ <i>LoRA of Llama 3 8B, from your last question.</i>"),
    # A long cost or time question that names no model and no card asks about the run just
    # discussed (was "On which GPU, for 20 hours?": it was too long for a follow-up).
    ("can i qlora llama 3 70b on my 3090?", "how much would it cost to rent instead for 20 hours",
     {"intent": "cost", "model_id": "llama-3-70b", "method": "qlora", "hours": 20},
     "💵 <b>Cost: $18.40</b> — 1× A100 80GB × 20 hours"),
    ("¿puedo hacer qlora de llama 3 70b en mi 3090?",
     "y cuanto me costaria alquilar algo que sirva por 20 horas mas o menos",
     {"intent": "cost", "model_id": "llama-3-70b", "method": "qlora", "hours": 20},
     "1× A100 80GB × 20 horas"),
    ("qlora llama 3 8b on a 4090, 50M tokens",
     "how long would it take roughly with these settings do you think",
     {"intent": "time", "model_id": "llama-3-8b", "gpu": "rtx-4090"}, "⏱"),
    # ... and after a serving question, serving at that length, as before.
    ("run llama 3 8b on my 3090", "and with 8k context?",
     {"method": "inference_bf16", "inference": True, "seq_len": 8192},
     "↪️ <i>Llama 3 8B on 1× RTX 3090, from your last question.</i>"),
]


@pytest.mark.parametrize(("previous", "new", "facts", "line"), FOLLOW_UPS)
def test_a_follow_up_names_what_it_carried_over(
    previous: str, new: str, facts: dict[str, Any], line: str
) -> None:
    _, reply = converse(previous, new)
    assert reply.query.follow_up and reply.carried
    for field, value in facts.items():
        got = getattr(reply.query, field)
        assert (D(got) if isinstance(value, int) and got is not None else got) == value, field
    assert line in spaced(reply.text), reply.text


def test_a_follow_up_that_changes_the_model_keeps_the_hours_for_the_cost() -> None:
    _, reply = converse("QLoRA Llama 3.1 8B on an L40S for 5 hours", "what about Mistral 7B?")
    assert "$4.10" in reply.text  # 1× L40S × 5 hours at $0.82
    assert to_json(reply)["cost_usd"] == "4.10"


def test_the_last_follow_up_can_be_asked_again_alone() -> None:
    chats = Conversations()
    chats.remember(7, PIPELINE.ask("QLoRA 70B on a 4090"), token=1)
    follow = PIPELINE.ask("and on 2 H100?", previous=chats.previous(7))
    chats.remember(7, follow, token=2)
    assert chats.followed_text(7, 2) == "and on 2 H100?"
    assert chats.followed_text(7, 1) is None  # another message's button
    chats.remember(7, PIPELINE.ask("prices"), token=3)
    assert chats.followed_text(7) is None  # a newer question replaced it


# ------------------------------------------------------------------------------ long messages

PADDING = "and also considering many other things about data and budgets "
RAMBLING = (
    "I am planning a project, " + PADDING * 62
    + "whether I can QLoRA 70B on an H200 for 20 hours and what it would cost"
)


def test_a_long_message_is_answered_from_the_part_read_and_says_what_was_skipped() -> None:
    assert 3900 < len(RAMBLING) < 4096
    reply = PIPELINE.ask(RAMBLING)
    query = reply.query
    assert (query.intent, query.gpu, query.hours, query.params_b) == ("cost", "h200", 20, 70)
    assert reply.skipped_chars > 2000 and reply.read_from_end
    read = len(RAMBLING) - reply.skipped_chars
    expected = (
        f"I read its last {read:,} characters and skipped the {reply.skipped_chars:,} "
        "characters before them."
    )
    assert expected in spaced(reply.text)
    assert "$61.40" in reply.text  # 1× H200 × 20 h at $3.07


@pytest.mark.parametrize(("locale", "fragment"), [("es", "me salté"), ("fr", "j'ai ignoré")])
def test_the_skipped_line_is_translated(locale: str, fragment: str) -> None:
    assert fragment in PIPELINE.ask(RAMBLING, chosen_locale=locale).text


def test_a_long_message_with_the_question_first_reads_its_start() -> None:
    text = "can I QLoRA 70B on an H200 for 20 hours? " + "thanks again, " * 200
    reply = PIPELINE.ask(text)
    assert reply.query.gpu == "h200" and not reply.read_from_end
    assert "characters after them" in reply.text


def test_a_short_message_says_nothing_about_length() -> None:
    reply = PIPELINE.ask("QLoRA 70B on an H200 for 20 hours")
    assert reply.skipped_chars == 0 and "✂️" not in reply.text


@pytest.mark.parametrize(
    ("previous", "new", "locale"),
    [("llama 3 sur une H100 ?", "70B", "fr"),
     ("¿puedo hacer QLoRA de Llama 70B en una 4090?", "y en H100?", "es"),
     ("¿puedo hacer QLoRA de Llama 70B en una 4090?", "and on an H100?", "en")],
)
def test_a_follow_up_too_short_to_tell_stays_in_the_conversation_language(
    previous: str, new: str, locale: str
) -> None:
    first = PIPELINE.ask(previous, telegram_locale="en")
    assert PIPELINE.ask(new, telegram_locale="en", previous=first.query).locale == locale


@pytest.mark.parametrize(
    ("previous", "new", "facts"),
    [
        ("LoRA 8B with seq len 4096, batch 4, paged adamw 8bit and flash attention on an H100",
         "and on an A100?",
         {"gpu": "a100-80gb", "seq_len": 4096, "batch_size": 4, "optimizer": "paged_adam8bit",
          "attention": "sdpa"}),
        ("full fine-tune 7B with gradient checkpointing on an H200", "and without checkpointing?",
         {"gpu": "h200", "grad_ckpt": False, "method": "full_adamw"}),
    ],
)
def test_a_follow_up_keeps_the_run_settings_it_does_not_change(
    previous: str, new: str, facts: dict[str, Any]
) -> None:
    _, reply = converse(previous, new)
    assert reply.query.follow_up
    for field, value in facts.items():
        assert getattr(reply.query, field) == value, field


@pytest.mark.parametrize(("first", "then", "lead"), [
    ("how long to qlora llama 3 8b on my 4090 with twenty million tokens",
     "will it finish overnight?", "⏱ <b>QLoRA of Llama 3 8B: about 3.54 hours on 1× RTX 4090"),
    ("cuánto tarda un qlora de llama 3 8b en mi 4090 con veinte millones de tokens",
     "¿y se termina en una noche?", "⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de 3,54 horas"),
    ("combien de temps pour un qlora de llama 3 8b sur ma 4090 avec vingt millions de tokens",
     "ça finit en une nuit ?", "⏱ <b>Entraînement QLoRA pour Llama 3 8B : environ 3,54 heures"),
    # A deadline read as hours ("a day", "a weekend") after a run on a dataset: still how long.
    ("how long to qlora llama 3 8b on my 4090 with twenty million tokens",
     "will it be done in a day?", "⏱ <b>QLoRA of Llama 3 8B: about 3.54 hours on 1× RTX 4090"),
    ("how long to qlora llama 3 8b on an h100 with twenty million tokens",
     "can i finish it over a weekend?", "⏱ <b>QLoRA of Llama 3 8B: about 35 minutes on 1× H100"),
    ("cuánto tarda un qlora de llama 3 8b en mi 4090 con veinte millones de tokens",
     "¿y se termina en un día?", "⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de 3,54 horas"),
])
def test_will_it_finish_overnight_after_a_run_is_how_long_it_takes(
        first: str, then: str, lead: str) -> None:
    """"will it finish overnight?" after a timed run: that run's time (was not understood)."""
    reply = converse(first, then)[1]
    assert reply.query.intent == "time"
    assert lead in spaced(reply.text)
