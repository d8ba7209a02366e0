"""Hostile and odd input found misread in session 41 (hostile41): each reply is pinned on what the
user said, not on what a looser reading made of it."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue())


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(PIPELINE.ask(text, chosen_locale=locale))


# "-8 gpus" lost its sign and was sized as 8 GPUs ("Split over 8 GPUs …"), where "-8 h100" was
# refused: a count of cards named by the word alone keeps its sign too.
@pytest.mark.parametrize(("text", "locale"), [
    ("lora 8b on -8 gpus", None),
    ("how much for lora 8b on -4 gpus", None),
    ("lora 8b on \u22128 gpus", None),  # the minus sign U+2212
    ("lora 8b en -8 gpus", "es"),
    ("lora 8b sur -8 gpu", "fr"),
])
def test_a_negative_count_of_gpus_is_refused(text: str, locale: str | None):
    out = _ask(text, locale)
    assert out["error"] == "gpu_count_out_of_range", out["text"]


@pytest.mark.parametrize("text", ["lora 8b on 8 gpus", "lora 8b on gpt-2 gpus", "2-4 gpus for lora 8b"])
def test_a_hyphen_that_is_no_sign_leaves_the_count_read(text: str):
    assert _ask(text)["error"] is None


# A fraction of an epoch was read as its decimals or its denominator: "1.5 epochs" and "2,5
# époques" were timed as 5 epochs, "½ epoch" as 2 ("½" folded to "1 2"). The estimates time
# whole passes, so the reply says so and how to scale one epoch's figures.
@pytest.mark.parametrize(("text", "locale", "said", "reply"), [
    ("lora 8b for 1.5 epochs on an h100 with 10k examples", None, "1.5",
     "🔢 I time whole epochs only, not 1.5. Ask for one epoch: 1.5 epochs take about 1.5 times"
     " its time and cost."),
    ("lora 8b for ½ epoch on an h100 with 10k examples", None, "0.5", "not 0.5."),
    ("cost of lora 8b for 1.5 epochs of 50M tokens on an h100", None, "1.5", "not 1.5."),
    ("TrainingArguments(num_train_epochs=0.5) qlora llama 3 8b on a 4090, how long for 10k samples",
     None, "0.5", "not 0.5."),
    ("cuánto tarda un lora de 8b con 1,5 épocas de 10k ejemplos en una h100", "es", "1,5",
     "🔢 Solo calculo épocas enteras, no 1,5. Pregunta por una época: 1,5 épocas llevan unas 1,5"
     " veces su tiempo y su coste."),
    ("combien de temps pour un lora 8b sur 2,5 époques de 10k exemples sur une h100", "fr", "2,5",
     "🔢 Je ne calcule que des époques entières, pas 2,5. Demandez une époque\u00a0: 2,5 époques"
     " prennent environ 2,5 fois son temps et son coût."),
])
def test_a_fraction_of_an_epoch_is_asked_back(text: str, locale: str | None, said: str, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None
    assert answer.answer.error == "whole_epochs"
    assert answer.answer.error_params == {"said": said}
    assert reply in answer.text


@pytest.mark.parametrize(("text", "epochs"), [
    ("lora 8b for 2.0 epochs on an h100 with 10k examples", 2),
    ("lora 8b for 3 epochs on an h100 with 10k examples", 3),
    ("lora 8b, num_train_epochs=3, on an h100 with 10k examples", 3),
])
def test_whole_epochs_are_read(text: str, epochs: int):
    answer = PIPELINE.ask(text)
    assert answer.answer is not None and answer.answer.error is None
    assert answer.answer.query.epochs == epochs


# Memory does not depend on epochs: a config pasted with a fraction is still sized.
def test_a_fraction_of_an_epoch_in_a_fit_question_is_no_error():
    out = _ask("TrainingArguments(num_train_epochs=1.5) qlora llama 3 8b, fits on a 4090?")
    assert out["intent"] == "fit" and out["error"] is None


# "1½ hours" was 11 hours and 2 more; now one and a half.
def test_a_fraction_sign_is_its_decimals():
    from bot.understand.normalise import fold
    assert fold("1½ hours, ¾ epoch, ¼") == "1.5 hours, 0.75 epoch, 0.25"
