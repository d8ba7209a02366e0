""""How many epochs can I afford with $50 / do in 10 hours": the passes over the dataset the
message gives that the budget's hours (or the hours said) train — was the hours alone, the
epochs asked never answered; "can i run … in 10h on my 3090" was read as a run already done."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand import asks
from rules.catalogue import load_catalogue

CAT = load_catalogue()


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(Pipeline(CAT).ask(text, chosen_locale=locale))


@pytest.mark.parametrize(("text", "kind"), [
    ("how many epochs can i afford", "epochs"),
    ("how many passes over the data in a week", "epochs"),
    ("cuantas epocas puedo hacer", "epochs"),
    ("combien d'epoques je peux faire", "epochs"),
    ("combien d epochs en 10h", "epochs"),
    ("how many samples can i train", "samples"),
    ("how many tokens can i train", "tokens"),
])
def test_what_is_counted(text: str, kind: str) -> None:
    counted = asks.data_count(text)
    assert counted is not None and counted[0] == kind


@pytest.mark.parametrize(("text", "locale", "has"), [
    # $50 buys 6 blocks of 10 L40S hours: 60 h × 2,421 tokens/s ≈ 520 million tokens, over
    # 20,000 samples of 512 tokens (10.24 M) ≈ 51 passes, of 2,048 tokens ≈ 13.
    ("how many epochs can i afford with 50 bucks, llama 3.1 8b qlora, 20k rows", None,
     "Epochs over your 20,000 samples: about 72 at 512 tokens each, 18 at 2,048."),
    ("cuantas epocas puedo hacer con 50 dolares, qlora llama 3 8b, 20k ejemplos", "es",
     "Épocas sobre tus 20.000 ejemplos: unas 72 si cada uno tiene 512 tokens, 18 si tiene 2.048."),
    ("combien d'époques je peux faire avec 50 $ en qlora sur llama 3 8b, 20k exemples", "fr",
     "Époques sur vos 20\u202f000 exemples\xa0: environ 72 à 512 tokens chacun, 18 à 2\u202f048."),
    # 20,000 × 1,024 tokens: 20.48 M; 20 H100 hours train ≈ 460 M: ≈ 23 passes.
    ("with $50 how many epochs of qlora on llama 3.1 8b with 20k samples of 1024 tokens on an "
     "h100", None, "Epochs over your 20,480,000\xa0tokens: about 33."),
    # 10 hours on a 4090 ≈ 42 M tokens over 5 M: a tenth is said below ten passes.
    ("how many epochs can i do in 10 hours on a 4090, qlora llama 3 8b, 5M tokens dataset", None,
     "Epochs over your 5 million tokens: about 11."),
    # Below one pass: hundredths.
    ("how many epochs in 10h on my 3090 with qlora mistral 7b, 30k rows", None,
     "Epochs over your 30,000 samples: about 1.8 at 512 tokens each, 0.45 at 2,048."),
    ("how many epochs can i do in 10 hours on my 3090, qlora mistral 7b", None,
     "Tell me your dataset's size"),
])
def test_epochs_are_answered(text: str, locale: str | None, has: str) -> None:
    reply = str(_ask(text, locale)["text"])
    assert has in reply, reply


def test_can_i_run_in_hours_on_my_card_asks_ahead() -> None:
    """"can i run … in 10h on my 3090" is not a run done in 10 hours (was scaled to an L40S as
    "what took 10 hours on 1× RTX 3090"); "i ran … in 6h on my 3090" still is."""
    ahead = _ask("how many epochs can i run in 10h on my 3090 with qlora mistral 7b, 30k rows")
    assert "what took" not in str(ahead["text"])
    assert "Epochs over your 30,000 samples" in str(ahead["text"])
    done = _ask("i ran a qlora of llama 3 8b in 6h on my 3090, how long on an h100")
    assert "for what took 6 hours on 1× RTX 3090" in str(done["text"])
