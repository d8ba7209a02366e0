"""Questions as people write them (words46).

- HF Trainer's final metrics pasted ("'train_samples_per_second': 2.78",
  "train_steps_per_second = 0.25") beside "is this slow?": the measured rate judged against the
  training-speed estimate, as its "train_tokens_per_second" is (were not read: the fit alone).
  Samples are judged at the length said; with none, the length at which the rate meets the
  estimate (a sample's length decides it). The steps alone are tqdm's it/s.
- A price per hour in another currency beside a model or a card ("qlora 70b under 2€/h",
  "por menos de 2€/h", "moins de 2 € de l'heure"): the answer in dollars, the currency said and
  the limit left unchecked (was the memory alone with the euros dropped, "an hour" a run of one
  hour, or a budget in euros refused).
- A run's hours judged with its samples counted but not their length: timed at 512 and 2,048
  tokens a sample against the hours (was "Tell me how many samples", the count unused).
- "a few hundred", "several thousand", "thousands of", "unos cuantos miles de", "quelques
  centaines d'" before samples or tokens: three of the scale (was 100 or 1,000, or none read).
- "what can i do", "qué puedo hacer", "je peux faire quoi" with hours and a run named: what the
  hours train leads (was the fit and the hours' cost alone).
- "renting an h100 instead of using my 4090": one's own card said second, though we rent it at
  an unpublished price, pays no rent; the rented run's cost leads (was no lead at all).
- "is it worth full ft instead of lora": both methods weighed, as "full vs lora" (was the first
  alone, the method after "instead of" dropped as excluded).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from tests.support.holds import holds


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue(), cache_size=0)


def _ask(pipeline: Pipeline, text: str) -> dict[str, Any]:
    return to_json(pipeline.ask(text))


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # the whole metrics dict, no length said: the length that meets the estimate
    ("{'train_runtime': 3600.5, 'train_samples_per_second': 2.78, 'train_steps_per_second': "
     "0.347, 'train_loss': 1.23, 'epoch': 1.0} qlora llama 3 8b on a 3090, is this slow?",
     ("training tokens/s", "your 2.78 samples/s is what samples of about 248 tokens give"),
     ("0.347",)),
    # samples a second at a length said, no colon: judged at that length
    ("lora llama 3.1 8b on 2x a100, max_seq_length 1024, train_samples_per_second 9.5 is that "
     "normal",
     ("At 1,024 tokens a sample, that is about 6.08 samples/s",
      "Measured, your 9.5 samples/s is 1.6 times this estimate"), ()),
    # the steps alone: tqdm's it/s at the batch and length said
    ("trainer says train_steps_per_second = 0.25 for qlora mistral 7b bs 4 seq 1024 on my "
     "4090, is that ok",
     ("Measured, your 0.25 it/s is 58% of this estimate: slower than it assumes.",), ()),
    # the same in Spanish and French
    ("qlora mistral 7b en mi 4090 bs 2, el trainer dice train_steps_per_second 0.4, es lento?",
     ("Medidos, tus 0,4 it/s",), ()),
    ("qlora llama 3 8b sur une 3090, le trainer affiche {'train_samples_per_second': 2.78, "
     "'train_steps_per_second': 0.347} c'est normal ?",
     ("vos 2,78 exemples/s correspondent à des exemples d'environ 248 tokens",), ()),
])
def test_trainer_metrics_pasted(pipeline: Pipeline, text: str, wanted: tuple[str, ...],
                                unwanted: tuple[str, ...]) -> None:
    holds(_ask(pipeline, text), wanted, unwanted)


@pytest.mark.parametrize(("text", "intent", "wanted", "unwanted"), [
    # a price per hour in euros beside a model: the cheapest configurations in dollars, the
    # limit left unchecked and said so (was its memory alone, the euros dropped)
    ("qlora 70b under 2€/h?", "recommend",
     ("The prices below are not held against your limit per hour",
      "Cheapest offered configuration that fits: 1× A100 80GB at $0.92/hour."),
     ("Within your limit",)),
    # "an hour" is the price's unit, no run of 1 hour (was "1× A100 80GB × 1 hour")
    ("qlora 70b under 2 euros an hour?", "recommend",
     ("not held against your limit per hour",), ("× 1 hour",)),
    # with "for under": no budget in euros refused (was "give me the budget in dollars")
    ("qlora 70b for under 2 eur per hour?", "recommend",
     ("not held against your limit per hour",), ("give me the budget",)),
    ("lora mistral 7b, max 1€/hr", "recommend", ("1× L40S at $0.82/hour",), ()),
    # a card named: its fit, the currency said
    ("qlora llama 70b under 2 euros/h on an h100?", "fit",
     ("Our prices are in US dollars only", "1× H100: $2.32/hour"), ()),
    ("qlora de 70b por menos de 2€/h?", "recommend",
     ("no se comparan con tu límite por hora", "1× A100 80GB a 0,92\xa0US$/hora"),
     ("dime el presupuesto",)),
    ("qlora d'un 70b pour moins de 2 € de l'heure ?", "recommend",
     ("ne sont pas comparés à votre plafond horaire",), ("donnez-moi le budget",)),
])
def test_hourly_price_in_another_currency(pipeline: Pipeline, text: str, intent: str,
                                          wanted: tuple[str, ...],
                                          unwanted: tuple[str, ...]) -> None:
    got = _ask(pipeline, text)
    assert got["intent"] == intent, got["text"]
    holds(got, wanted, unwanted)


@pytest.mark.parametrize(("text", "wanted"), [
    # the samples and epochs said, their length not: timed at 512 and 2,048 tokens against the
    # hours, the length at which they meet (was "Tell me how many samples", the 12k unused)
    ("hey so i ran sft on mistral 7b for 3 epochs on 12k samples and it took like 9 hrs on my "
     "3090, is that normal?",
     ("Your 12,000 samples × 3 epochs take about 6.74 hours there at 512 tokens a sample, 26.95 "
      "hours at 2,048", "your 9 hours are in line with it if your samples hold about 684 tokens "
      "each.")),
    ("qlora llama 3.1 8b on my 4090 took 40 hours for 5k samples, is that normal",
     ("your 40 hours are more than that even at 2,048 tokens, slower than it.",)),
    ("hice un lora de llama 3 8b con 12 mil ejemplos, 3 epocas, y tardó 9 horas en mi 3090, es "
     "normal?", ("Tus 12.000 ejemplos × 3 épocas tardan alrededor de",)),
    ("mon qlora de mistral 7b sur 5000 exemples a pris 40 heures sur ma 4090, c'est normal ?",
     ("vos 40\xa0heures dépassent cela même à 2\u202f048 tokens",)),
])
def test_hours_judged_against_samples_counted(pipeline: Pipeline, text: str,
                                              wanted: tuple[str, ...]) -> None:
    got = _ask(pipeline, text)
    holds(got, wanted, ("Tell me how many samples",))


@pytest.mark.parametrize(("text", "samples"), [
    # "a few", "several", "thousands of" before a dataset's samples: three of the scale (was
    # "a few" dropped, "hundred examples" 100 and "thousand" 1,000; es/fr no dataset read)
    ("fine tuning phi-3 mini on a few hundred examples, which gpu is cheapest",
     "your 300 samples"),
    ("qlora llama 3 8b on several thousand samples on an a100, how long", "your 3,000 samples"),
    ("lora 8b on thousands of samples on an h100 how long", "your 3,000 samples"),
    ("qlora llama 3 8b con unos cuantos miles de ejemplos en una a100, cuanto tarda",
     "tus 3.000 ejemplos"),
    ("qlora llama 3 8b con cientos de ejemplos en una a100, cuanto tarda", "tus 300 ejemplos"),
    ("qlora llama 3 8b avec quelques centaines d'exemples sur une a100, combien de temps",
     "vos 300 exemples"),
    ("qlora llama 3 8b avec des milliers d'exemples sur une a100, combien de temps",
     "vos 3\u202f000 exemples"),
])
def test_a_few_of_a_scale(pipeline: Pipeline, text: str, samples: str) -> None:
    holds(_ask(pipeline, text), (samples,), ())


@pytest.mark.parametrize(("text", "tokens"), [
    ("qlora llama 3 8b on a few hundred k tokens on an a100, how long", "300,000\xa0tokens"),
    ("lora 8b on a few million tokens on an h100 how long", "3 million tokens"),
])
def test_a_few_of_a_scale_in_tokens(pipeline: Pipeline, text: str, tokens: str) -> None:
    holds(_ask(pipeline, text), (tokens,), ())


@pytest.mark.parametrize(("text", "lead"), [
    # "what can i do" with hours and a run named: what the hours train leads (was the fit and
    # the hours' cost alone)
    ("i have 20 hours of h100, what can i do with lora on mistral 7b?",
     "⏱ In 20 hours, 1× H100 trains about 750 million tokens"),
    ("tengo unas veinte horas de h100, que puedo hacer con un lora de mistral 7b?",
     "⏱ En 20 horas, 1× H100 entrena unos 750 millones de tokens"),
    ("j'ai une vingtaine d'heures de h100, je peux faire quoi en lora sur mistral 7b ?",
     "⏱ En 20 heures, 1× H100 entraîne environ 750 millions de tokens"),
    ("qu'est-ce que je peux faire avec 10 heures de a100 en qlora sur llama 3 8b ?",
     "⏱ En 10 heures, 1× A100 80GB entraîne environ 110 millions de tokens"),
])
def test_what_the_hours_do(pipeline: Pipeline, text: str, lead: str) -> None:
    got = _ask(pipeline, text)
    assert got["text"].replace("\xa0", " ").replace("\u202f", " ").startswith(lead), got["text"]


@pytest.mark.parametrize(("text", "lead"), [
    # one's own card said second, a card we rent at an unpublished price: it pays no rent, the
    # rented run's cost leads (was no lead, "is it worth it" unanswered)
    ("is it worth renting an h100 instead of using my 4090 for qlora 8b on 20k samples of 1k "
     "tokens?", "💵 <b>Your own RTX 4090 costs no rent"),
    ("h100 vs my 4090 for qlora 8b on 20M tokens, which is cheaper",
     "💵 <b>Your own RTX 4090 costs no rent"),
    ("vale la pena alquilar una h100 en vez de usar mi 4090 para un qlora de 8b con 20 mil "
     "ejemplos de 1k tokens?", "💵 <b>Tu propia RTX 4090 no paga alquiler"),
])
def test_own_card_said_second(pipeline: Pipeline, text: str, lead: str) -> None:
    got = _ask(pipeline, text)
    assert got["text"].startswith(lead), got["text"]


@pytest.mark.parametrize("text", [
    # "is it worth … instead of lora": both methods weighed, as "full vs lora" is (was full
    # fine-tuning alone, LoRA dropped as excluded)
    "is it worth it to do full finetune instead of lora for mistral 7b on an h100",
    "vale la pena hacer full finetune en vez de lora para mistral 7b en una h100?",
    "ça vaut le coup de faire un full finetune au lieu du lora pour mistral 7b sur une h100 ?",
])
def test_method_weighed_instead_of(pipeline: Pipeline, text: str) -> None:
    got = _ask(pipeline, text)
    assert got["method"] != "full_adamw", got["text"]
    assert "LoRA (" in got["text"] and "8-bit Adam" in got["text"].replace(
        "Adam de 8 bits", "8-bit Adam").replace("Adam 8 bits", "8-bit Adam"), got["text"]
