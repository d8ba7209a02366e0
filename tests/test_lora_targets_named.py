"""LoRA targets named as a list of projections, the way PEFT configs and people write them.

"q,k,v,o,gate,up,down" was read as attention alone (its first four matched the attention
pattern), so the adapters of the MLP went uncounted; "target q_proj v_proj" was every linear
layer. The reply words the targets ("q_proj and v_proj", "the attention projections").
"""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.settings import read_flags
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


def ask_json(question: str, lang: str = "en") -> dict[str, object]:
    return to_json(PIPE.ask(question, chosen_locale=lang))

READ = [
    ("lora on q,k,v,o,gate,up,down", "all"),
    ("target_modules q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj", "all"),
    ("lora on q k v o gate up down", "all"),
    ("target_modules=['q_proj', 'v_proj', 'gate_proj']", "q,v,gate"),
    ("lora en q, v, gate y down", "q,v,gate,down"),
    ("only gate, up, down", "gate,up,down"),
    ("target q_proj v_proj", "qv"),
    ("solo atencion", "attention"),
    ("seulement l'attention", "attention"),
    ("qkvo", "attention"),
    ("q,k,v", "q,k,v"),
    # not a list of projections
    ("scale up and down", None),
    ("the model is gated", None),
    ("top up down payment", None),
]


@pytest.mark.parametrize(("text", "targets"), READ)
def test_targets_read(text: str, targets: str | None) -> None:
    assert read_flags(text).lora_targets == targets


def _adapters_line(question: str, lang: str = "en") -> str:
    text = str(ask_json(question, lang=lang)["text"])
    (line,) = [ln for ln in text.splitlines() if "LoRA adapters" in ln or "adaptadores LoRA" in ln
               or "adaptateurs LoRA" in ln]
    return line


def test_single_letters_are_not_chat_shorthand() -> None:
    # "q" alone is Spanish chat shorthand for "que"; before "k v" it is a projection.
    listed = _adapters_line("lora llama 3 8b on a 4090, r 64 on q k v o gate up down, details")
    everything = _adapters_line("lora llama 3 8b on a 4090, r 64, all linear, details")
    assert listed == everything


def test_seven_projections_count_as_every_linear_layer() -> None:
    listed = _adapters_line("lora llama 3 8b on a 4090 on q,k,v,o,gate,up,down, details")
    everything = _adapters_line("lora llama 3 8b on a 4090, all linear, details")
    attention = _adapters_line("lora llama 3 8b on a 4090, attention only, details")
    assert listed == everything
    assert listed != attention


@pytest.mark.parametrize(("lang", "question", "said"), [
    ("en", "lora llama 3 8b on a 4090 target_modules q_proj,v_proj,gate_proj, details",
     "LoRA rank 16 on q_proj, v_proj, and gate_proj of every layer"),
    ("en", "lora llama 3 8b on a 4090 attention only, details",
     "LoRA rank 16 on the attention projections (q, k, v, o) of every layer"),
    ("es", "lora llama 3 8b en una 4090 solo atencion, detalles",
     "LoRA de rango 16 en las proyecciones de la atención (q, k, v, o) de cada capa"),
    ("fr", "lora llama 3 8b sur une 4090 seulement l'attention, détails",
     "LoRA de rang 16 sur les projections de l'attention (q, k, v, o) de chaque couche"),
])
def test_targets_worded(lang: str, question: str, said: str) -> None:
    assert said in str(ask_json(question, lang=lang)["text"])
