"""conv19: follow-ups as people chain them (tests.support.chat.converse), en/es/fr."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says

RUN_70B = {
    "en": "how long to qlora llama 3 70b on 8 h100 with 100M tokens",
    "es": "cuanto tarda qlora de llama 3 70b en 8 h100 con 100M tokens",
    "fr": "combien de temps pour qlora llama 3 70b sur 8 h100 avec 100M tokens",
}
MONERO = {"en": "btw can i pay in monero", "es": "por cierto aceptan monero?",
          "fr": "au fait vous prenez le monero ?"}

# A return to the run asked before ("back to the 70b: …"), straight after it or after a
# topic change: that run (Llama 3 70B, QLoRA, 100M tokens) on the card now said.
BACK_TO = [
    ("en", False, "back to the 70b: how long on 4 h100?", ["Llama 3 70B", "8.96 hours", "4× H100"]),
    ("en", True, "back to the 70b: how long on 4 h100?", ["Llama 3 70B", "8.96 hours", "4× H100"]),
    ("en", True, "ok, going back to llama: how long on 4 h100?", ["Llama 3 70B", "8.96 hours"]),
    ("en", True, "back to the 70b, and the cost on 4 h100?", ["Llama 3 70B", "4× H100", "$92.80"]),
    ("es", True, "volviendo al 70b: cuanto en 4 h100?", ["Llama 3 70B", "100 millones", "4× H100"]),
    ("es", False, "volviendo al 70b, cuanto tarda en 4 h100?", ["Llama 3 70B", "8,96\u00a0horas"]),
    ("fr", True, "pour revenir au 70b : combien sur 4 h100 ?", ["Llama 3 70B", "100 millions", "4× H100"]),
    ("fr", True, "revenons au 70b : combien de temps sur 4 h100 ?", ["Llama 3 70B", "8,96\u00a0heures"]),
]


@pytest.mark.parametrize(("lang", "between", "text", "has"), BACK_TO)
def test_back_to_the_run(lang: str, between: bool, text: str, has: list[str]) -> None:
    turns = [RUN_70B[lang], *([MONERO[lang]] if between else []), text]
    last = converse(*turns, locale=lang)[-1]
    says(last.text, ["↪️", *has], ["70B model", "modelo de 70B", "modèle 70B"])
    assert last.query.model_id == "llama-3-70b"
    assert last.query.dataset_tokens == 100_000_000
    assert last.query.method == "qlora"


# Not a return: "fall back to", a different model named.
NOT_BACK = [
    ("en", "can i fall back to a 4090 for mistral 7b qlora?", "mistral"),
    ("en", "back to mistral 7b: qlora on a 4090?", "mistral"),
]


@pytest.mark.parametrize(("lang", "text", "model"), NOT_BACK)
def test_not_a_return(lang: str, text: str, model: str) -> None:
    last = converse(RUN_70B[lang], MONERO[lang], text, locale=lang)[-1]
    assert last.query.model_id is not None and model in last.query.model_id
    assert last.query.dataset_tokens is None
