"""One conversation of 21 exchanges in English, Spanish and French, as a user types it in one
chat: follow-ups keep the thread, new questions start fresh. Each reply is checked on its key
facts (what was understood, whether it continued the thread) and a figure of its text."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

from bot.conversation import Conversations
from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue


def spaced(text: str) -> str:
    """`text` with ordinary spaces for the no-break ones of CLDR formatting (52,5 GB)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")

# (message, continues the thread?, facts of the question, fragments of the reply)
TRANSCRIPT: list[tuple[str, bool, dict[str, Any], tuple[str, ...]]] = [
    ("can I fine-tune Llama 3.1 8B with LoRA on a 4090", False,
     {"intent": "fit", "model_id": "llama-3.1-8b", "method": "lora", "gpu": "rtx-4090"},
     ("19.2 GB",)),
    ("and on an H100?", True, {"model_id": "llama-3.1-8b", "method": "lora", "gpu": "h100"},
     ("LoRA of Llama 3.1 8B, from your last question.", "23.1 GB per GPU (detailed estimate)",
      "62.4 GB left", "19.2 GB")),
    ("how much is an H100 per hour", False, {"intent": "prices", "gpu": "h100"},
     ("$2.32/hour",)),
    ("QLoRA 70B on an L40S", False, {"intent": "fit", "params_b": 70, "gpu": "l40s"},
     ("52.5 GB", "48 GB")),
    ("and for 10 hours?", True, {"intent": "cost", "params_b": 70, "hours": 10},
     ("QLoRA of a 70B model on 1× L40S, from your last question.",)),
    ("¿puedo hacer QLoRA de Llama 70B en una 4090?", False,
     {"lang": "es", "params_b": 70, "method": "qlora", "gpu": "rtx-4090"}, ("52,5 GB",)),
    ("¿y con LoRA?", True, {"method": "lora", "gpu": "rtx-4090", "params_b": 70},
     ("de tu pregunta anterior", "168 GB")),
    ("cuánto cuesta una H100 durante 100 horas", False,
     {"intent": "cost", "gpu": "h100", "hours": 100, "params_b": None}, ("232,00",)),
    ("¿y en una B200?", True, {"intent": "cost", "gpu": "b200", "hours": 100, "params_b": None},
     ("Durante 100 horas, de tu pregunta anterior.", "461,00")),
    ("est-ce que Mistral 7B tient sur une L40S en full fine-tuning ?", False,
     {"lang": "fr", "model_id": "mistral-7b", "method": "full_adamw", "gpu": "l40s"},
     ("131,4", "H200")),
    ("et pour 24 heures ?", True, {"intent": "cost", "model_id": "mistral-7b", "hours": 24},
     ("d'après votre question précédente", "73,68")),
    ("quels sont vos prix ?", False, {"intent": "prices"}, ("0,82",)),
    ("combien pour 10 heures ?", True, {"intent": "cost", "model_id": "mistral-7b", "hours": 10},
     ("d'après votre question précédente",)),
    ("Mixtral 8x7B on 2× H100", False, {"model_id": "mixtral-8x7b", "gpu": "h100", "gpu_count": 2},
     ("46.7B",)),
    ("llama 3 on an H100", False, {"family": ("llama-3-8b", "llama-3-70b"), "gpu": "h100"},
     ("Llama 3 is a family of 2 models: this answer is for the largest that fits here, "
      "Llama 3 70B.",)),
    ("70B", True, {"model_id": "llama-3-70b", "gpu": "h100", "intent": "fit"}, ("Llama 3 70B",)),
    ("what GPUs do you have", False, {"intent": "prices", "params_b": None}, ("B200",)),
    ("QLoRA Llama 3.1 8B on an L40S for 5 hours", False,
     {"model_id": "llama-3.1-8b", "gpu": "l40s", "hours": 5}, ("$4.10",)),
    ("what about Mistral 7B?", True, {"model_id": "mistral-7b", "gpu": "l40s", "hours": 5},
     ("QLoRA on 1× L40S for 5 hours, from your last question.", "$4.10")),
    ("how much for 2 H100 for a week?", False,
     {"intent": "cost", "gpu": "h100", "gpu_count": 2, "hours": 168, "params_b": None},
     ("$779.52",)),
    ("¿cuánto cuesta la B200 por hora?", False, {"intent": "prices", "gpu": "b200"},
     ("4,61",)),
]


def test_a_conversation_in_three_languages_keeps_and_drops_the_thread() -> None:
    assert len(TRANSCRIPT) >= 20
    pipeline, chats = Pipeline(load_catalogue()), Conversations()
    for turn, (text, continues, facts, fragments) in enumerate(TRANSCRIPT, start=1):
        reply = pipeline.ask(text, previous=chats.previous(1))
        chats.remember(1, reply)
        where = f"turn {turn}: {text!r}"
        assert reply.answer.error is None, where
        assert reply.query.follow_up is continues, where
        assert bool(reply.carried) is continues, where
        for field, value in facts.items():
            got = getattr(reply.query, field)
            if isinstance(value, int) and got is not None:
                got = D(got)
            assert got == value, f"{where}: {field} = {got!r}"
        for fragment in fragments:
            assert fragment in spaced(reply.text), f"{where}: {fragment!r} not in {reply.text}"
        assert to_json(reply)["text"] == reply.text
