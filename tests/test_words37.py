"""words37 (session 37): Spanish and French as people post them (forums, Reddit, Discord).

"and full?" after a training run, the way each language says it ("y en full?", "y completo?",
"et en complet ?"): full fine-tuning of that run (was "I did not understand": a last bare
"full" read as the whole model, "completo" alone named no method). The French "ça passe ?" asks
whether it fits, as "does it fit", "me entra" and "ça rentre" do (was a time estimate leading,
the data said beside it). The memory headline names the training in es/fr ("para el
entrenamiento completo con AdamW", was "para completo con AdamW").
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse, says

# (language, the run, the follow-up that names full fine-tuning alone)
FULL_ALONE: list[tuple[str, str, str]] = [
    ("es", "cuanto tarda entrenar llama 3.1 8b con 50 mil filas de 1000 tokens en una h100",
     "y en full?"),
    ("es", "me entra qwen2.5 7b en qlora en mi 3060?", "y completo?"),
    ("es", "cuanta vram para lora de mistral 7b", "y full?"),
    ("fr", "combien de temps pour entraîner llama 3.1 8b sur 50 000 lignes de 1000 tokens avec "
     "une h100", "et en full ?"),
    ("fr", "combien ça coûte de fine-tuner un 7b sur une a100 pendant trois jours",
     "et en complet ?"),
    ("en", "how long to train llama 3.1 8b on 50k rows of 1000 tokens on an h100", "and full?"),
]


@pytest.mark.parametrize(("lang", "run", "again"), FULL_ALONE)
def test_full_said_alone_after_a_training_run_is_full_fine_tuning(
        lang: str, run: str, again: str) -> None:
    first, second = converse(run, again, locale=lang)
    assert second.answer.intent == first.answer.intent, second.text
    assert second.query.method == "full_adamw", second.text
    assert second.query.params_b == first.query.params_b, second.text
    assert second.query.gpu == first.query.gpu, second.text
    # said by the user, not carried from the question before
    lead = second.text.splitlines()[0]
    assert "AdamW" not in lead, second.text
    says(second.text, [], ["🤔"])


def test_full_after_a_model_served_is_no_training() -> None:
    # "run llama 3 8b on a 4090", then "and full?": no training was asked, so not full
    # fine-tuning (full precision or the whole model, which the reply does not guess)
    _, second = converse("run llama 3 8b on a 4090", "and full?")
    assert second.query.method != "full_adamw", second.text


# "ça passe ?" asks the fit, as "does it fit?" and "me entra?" do with a dataset beside it
# (was the time on the data leading, the verdict one line under it).
CA_PASSE: list[tuple[str, str]] = [
    ("ça passe un llama 3 8b en qlora sur ma 3090 ? j'ai 50 000 lignes",
     "✅ <b>Oui\u00a0: Llama 3 8B tient sur 1× RTX 3090 (QLoRA).</b>"),
    ("ca passerait mistral 7b en lora sur une 4090 avec 20k exemples ?",
     "✅ <b>Oui\u00a0: Mistral 7B (7,3\u00a0Md de paramètres) tient sur 1× RTX 4090 (LoRA).</b>"),
]


@pytest.mark.parametrize(("q", "lead"), CA_PASSE)
def test_ca_passe_asks_whether_it_fits(q: str, lead: str) -> None:
    reply = ask(q, "fr")
    assert reply.answer.intent == "fit", reply.text
    assert reply.text.startswith(lead), reply.text


def test_an_alert_that_passes_under_a_price_stays_an_alert() -> None:
    reply = ask("préviens-moi quand ça passe sous 2 $ la h100", "fr")
    assert reply.answer.intent == "alert", reply.text


# The training's memory headline names the training before the method: "para el entrenamiento
# completo con AdamW" (was "para completo con AdamW", "pour complet avec AdamW").
HEADLINE: list[tuple[str, str, str, str]] = [
    ("cuanta vram necesito pa un full finetune de mistral 7b", "es",
     "para el entrenamiento completo con AdamW (estimación detallada", "para completo"),
    ("combien de vram il faut pour un full fine tune de mistral 7b", "fr",
     "pour l'entraînement complet avec AdamW (estimation détaillée", "pour complet"),
    ("combien de vram pour un qlora de mistral 7b", "fr",
     "pour l'entraînement QLoRA (estimation détaillée", "pour QLoRA ("),
    ("cuanta vram para full finetune de mistral 7b en 2 gpus, batch 4 seq 1024", "es",
     "con tus ajustes para el entrenamiento completo con AdamW (estimación detallada",
     "para completo"),
]


@pytest.mark.parametrize(("q", "lang", "has", "lacks"), HEADLINE)
def test_memory_headline_names_the_training(q: str, lang: str, has: str, lacks: str) -> None:
    reply = ask(q, lang)
    says(reply.text, [has], [lacks])
