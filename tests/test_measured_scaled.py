"""A user's measured time or speed carried to another card ("it took 6 h on my 3090, how long on
an H100?", "I get 40 tok/s on my 4090, what on an H100?"): the figure belongs to the card it was
measured on; the other card's is scaled by the datasheets' ratios (rules.compare.scale_hours and
scale_rate), never the measured hours priced as hours to rent there."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from rules.catalogue import load_catalogue
from rules.compare import scale_hours, scale_rate
from tests.support.chat import converse

CAT = load_catalogue()


def test_hours_scale_between_the_compute_and_the_bandwidth_ratios() -> None:
    t = scale_hours(D(6), "rtx-3090", "h100", catalogue=CAT)
    assert t is not None
    # 989.5 / 71 peak BF16 TFLOPS and 3350 / 936 GB/s (gpus.toml, gpus_owned.toml).
    assert t.compute_ratio == D("989.5") / D(71)
    assert t.bandwidth_ratio == D(3350) / D(936)
    assert t.fastest_hours == D("0.43")  # 6 / 13.94
    assert t.slowest_hours == D("1.68")  # 6 / 3.58


def test_a_slower_card_takes_longer_and_counts_scale_linearly() -> None:
    slower = scale_hours(D(6), "h100", "l40s", catalogue=CAT)
    assert slower is not None and slower.fastest_hours > 6
    eight = scale_hours(D(6), "a100-80gb", "h100", 1, 8, catalogue=CAT)
    one = scale_hours(D(6), "a100-80gb", "h100", catalogue=CAT)
    assert eight is not None and one is not None
    assert eight.compute_ratio == one.compute_ratio * 8  # type: ignore[operator]


def test_no_cited_figures_no_scaling() -> None:
    # The RTX 3080 Laptop 16GB has neither a cited peak nor a cited bandwidth (the 3090 Ti and
    # the 8 GB RTX 3080 Laptop have TechPowerUp's bandwidth now, so their hours scale by it).
    assert scale_hours(D(6), "rtx-3080-laptop-16gb", "h100", catalogue=CAT) is None


def test_decode_scales_by_bandwidth_only() -> None:
    r = scale_rate(D(40), "rtx-4090", "h100", decode=True, catalogue=CAT)
    assert r is not None and r.low == r.high == D(40) * D(3350) / D(1008)
    trained = scale_rate(D(2500), "rtx-3090", "a100-80gb", decode=False, catalogue=CAT)
    assert trained is not None and trained.low < trained.high


CONVERSATIONS = [
    (("it took 6h to qlora llama 3 8b on my 3090", "and on an h100?"), None,
     "⏱ <b>On 1× H100: about 26 minutes to 1.68 hours, $1.00 to $3.90</b>"),
    (("tardó 6h en mi 3090 con qlora llama 3 8b", "¿y en una h100?"), "es",
     "⏱ <b>En 1× H100: entre 26\u00a0minutos y 1,68\u00a0horas, de 1,00\u00a0US$ a 3,90\u00a0US$</b>"),
    (("ça a pris six heures sur ma 3090 en qlora llama 3 8b", "et sur une h100 ?"), "fr",
     "⏱ <b>Sur 1× H100\u00a0: de 26\u00a0minutes à 1,68\u00a0heure environ"),
    (("i get 40 tok/s with llama 3 8b q4 on my 4090", "and on an h100?"), None,
     "⚡ <b>On 1× H100: about 133 tokens/s</b>"),
]


@pytest.mark.parametrize(("turns", "locale", "lead"), CONVERSATIONS)
def test_and_on_another_card_carries_the_measured_figure(
    turns: tuple[str, str], locale: str | None, lead: str,
) -> None:
    reply = converse(*turns, locale=locale)[-1]
    assert lead in reply.text, reply.text
    assert reply.query.gpu in ("rtx-3090", "rtx-4090")
    assert "× 6 hours" not in reply.text and "× 6\u00a0h" not in reply.text


def test_a_time_measured_on_an_unrented_card_alone_is_continued() -> None:
    # "it took 6h on my 3090" gets those hours on the GPUs we rent (was "no price to quote",
    # an error the conversation forgot), and "and on an h100?" then compares the two.
    first, second = converse("it took 6h on my 3090", "and on an h100?")
    assert first.answer.error is None and first.answer.scaled_offers
    assert second.query.intent == "compare" and second.query.hours_measured
    assert second.text.count("⏱ <b>On 1× H100: about 26 minutes to 1.68 hours") == 1


@pytest.mark.parametrize(("turns", "locale", "said"), [
    (("how much is an h100 per hour", "and all night?"), None,
     "A night is taken as 8 hours"),
    (("cuánto cuesta una h100 por hora", "¿y toda la noche?"), "es",
     "Cuento una noche como 8\u00a0horas"),
    (("combien coûte un h100 de l'heure", "et pour toute la nuit ?"), "fr",
     "Je compte une nuit comme 8\u00a0heures"),
])
def test_a_night_after_a_price_is_eight_hours_of_that_card(
    turns: tuple[str, str], locale: str | None, said: str,
) -> None:
    # Was the help text: the night was read only beside a price word.
    reply = converse(*turns, locale=locale)[-1]
    assert reply.query.intent == "cost" and reply.query.hours == 8 and reply.query.gpu == "h100"
    assert said in reply.text


def test_a_night_after_a_run_stays_a_deadline() -> None:
    reply = converse("qlora llama 3 8b on 50M tokens on my 4090, how long?", "and overnight?")[-1]
    assert "A night is taken as 8 to 12 hours." in reply.text


@pytest.mark.parametrize(("turns", "locale", "said", "not_said"), [
    (("it took 6h to qlora llama 3 8b on my 3090", "and on an h100?"), None,
     "QLoRA of Llama 3 8B that took 6 hours on 1× RTX 3090, from your last question.",
     "for 6 hours"),
    (("tardé 6 h en mi 3090 con qlora llama 3 8b", "¿y en una h100?"), "es",
     "QLoRA de Llama 3 8B que tardó 6\u00a0horas en 1× RTX 3090, de tu pregunta anterior.",
     "durante 6"),
    (("ça a pris six heures sur ma 3090 en qlora llama 3 8b", "et sur une h100 ?"), "fr",
     "QLoRA de Llama 3 8B qui a pris 6\u00a0heures sur 1× RTX 3090, d'après votre question",
     "pendant 6"),
])
def test_the_carried_measured_time_is_said_as_measured(
    turns: tuple[str, str], locale: str | None, said: str, not_said: str,
) -> None:
    # The echo said "for 6 hours", as if 6 hours were rented on the H100.
    reply = converse(*turns, locale=locale)[-1]
    assert said in reply.text, reply.text
    assert not_said not in reply.text.split("\n")[0]


@pytest.mark.parametrize(("turns", "locale", "said"), [
    (("it took 20h to qlora llama 3 70b on my a6000", "and on an l40s?"), None,
     "✅ QLoRA (4-bit base) of Llama 3 70B on 1× RTX A6000: it ran there, as you measured"),
    (("tardé 20 h con qlora llama 3 70b en mi a6000", "¿y en una l40s?"), "es",
     "✅ QLoRA (base en 4 bits) de Llama 3 70B en 1× RTX A6000: se ejecutó ahí, como mediste"),
    (("ça a pris 20 h pour qlora llama 3 70b sur ma a6000", "et sur une l40s ?"), "fr",
     "✅ QLoRA (base 4 bits) pour Llama 3 70B sur 1× RTX A6000\u00a0: l'entraînement y a tourné"),
])
def test_the_card_a_run_finished_on_is_never_said_not_to_hold_it(
    turns: tuple[str, str], locale: str | None, said: str,
) -> None:
    # Was "❌ … on 1× RTX A6000: 52.5 GB of 48 GB", the planning rule against the user's run.
    first, second = converse(*turns, locale=locale)
    for reply in (first, second):
        assert reply.answer.fits is True and reply.answer.ran_there, reply.text
        assert "❌" not in reply.text, reply.text
    assert said in second.text, second.text
