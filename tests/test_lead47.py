"""Session 47 (lead47): the most accurate answer leads the reply, answering the question as asked.

- "can i run llama 3 8b on my 3060 and how fast": the fit was asked first, the speed after it;
  the reply led with "⚡ At most about 38 tokens/s", its yes further down. Now the yes leads with
  the speed beside it on one line.
"""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue
from tests.support.chat import converse

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _text(question: str, lang: str | None = None) -> str:
    return str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])


def _first(question: str, lang: str | None = None) -> str:
    return _text(question, lang).splitlines()[0]


@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("can i run llama 3 8b on my 3060 and how fast", None,
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3060 (8-bit inference), at most about 38 tokens/s"),
    ("will llama 3 8b fit on a 4090 and how many tok/s", None,
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (BF16 inference), at most about 61 tokens/s"),
    ("¿puedo correr llama 3 8b en mi 3060 y qué tan rápido?", "es",
     "✅ <b>Sí: Llama 3 8B cabe en 1× RTX 3060 (inferencia en 8 bits), como mucho unos 38"),
    ("est-ce que llama 3 8b tient sur ma 3060 et à quelle vitesse ?", "fr",
     "✅ <b>Oui\u00a0: Llama 3 8B tient sur 1× RTX 3060 (inférence en 8 bits), au plus environ 38"),
    # the speed asked first: it still leads
    ("how many tokens/s for llama 3 8b on a 4090, will it fit", None, "⚡ <b>At most about 61"),
])
def test_a_fit_asked_before_its_speed_leads_with_both(question: str, lang: str | None,
                                                      lead: str) -> None:
    assert _first(question, lang).startswith(lead)


# Hours assumed (none said, no data to time): the cost is labelled illustrative on its own line,
# which a "tldr" keeps (was "💵 Cost: $389.76 — 3× H100 × 56 hours", the method's 168 assumed
# GPU-hours over 3 GPUs, its warning on the next line and gone from the short form).
@pytest.mark.parametrize(("messages", "lang", "has", "lacks"), [
    (("fine tune 13b full precision, how many h100s",), "en",
     "💵 <b>Illustrative cost: $389.76</b> — 3× H100 × 56 hours", "<b>Cost: $389.76"),
    (("how much is a qlora of llama 3 70b?", "tl;dr"), "en",
     "💵 <b>Illustrative cost: $9.20</b> — 1× A100 80GB × 10 hours", "<b>Cost: $9.20"),
    (("cuanto cuesta un qlora de llama 3 70b?", "resumen?"), "es",
     "💵 <b>Coste de ejemplo: 9,20", "<b>Coste: 9,20"),
    (("combien coûte un qlora de llama 3 70b ?", "en résumé ?"), "fr",
     "💵 <b>Coût à titre d'exemple\u00a0: 9,20", "<b>Coût\u00a0: 9,20"),
    # hours said: a cost, not an illustration
    (("how much for 8x h100 for 24 hours", "tl;dr?"), "en", "💵 <b>Cost: $445.44</b>",
     "Illustrative"),
])
def test_a_cost_on_assumed_hours_is_labelled_in_its_own_line(
        messages: tuple[str, ...], lang: str, has: str, lacks: str) -> None:
    reply = converse(*messages, locale=lang)[-1]
    assert has in reply.text and lacks not in reply.text, reply.text


# "tldr" after two GPUs compared on a run: which does it for less (was the two memory lines that
# open the comparison, "✅ … 19.2 GB of 80 GB" twice, the recommendation dropped).
@pytest.mark.parametrize(("lang", "first", "then", "has"), [
    ("en", "compare a100 vs h100 for lora 8b", "tldr",
     "At the same utilization the H100 finishes a run sooner and for less"),
    ("en", "a100 or h100 for lora llama3 8b, whichs cheaper?", "tl;dr",
     "At the same utilization the H100 finishes a run sooner and for less"),
    # the faster side also cheaper per hour: the page leaves it unsaid, the short form says it
    ("en", "l40s vs a100 for lora llama 3 8b", "tl;dr",
     "The L40S costs less both per hour and per run"),
    ("en", "2 h100 vs 4 a100 for lora llama 3 70b", "tldr", "Only 4× A100 80GB holds it."),
    ("es", "a100 o h100 para lora de llama 3 8b", "resumen?",
     "la H100 termina un entrenamiento antes y por menos dinero"),
    ("fr", "a100 ou h100 pour un lora de llama 3 8b", "en résumé ?",
     "le H100 termine un entraînement plus tôt et pour moins cher"),
])
def test_a_comparisons_tldr_gives_its_recommendation(lang: str, first: str, then: str,
                                                      has: str) -> None:
    reply = converse(first, then, locale=lang)[-1]
    assert reply.query.tldr_asked and has in reply.text, reply.text
    kept = [line for line in reply.text.splitlines() if line and not line.startswith("↪️")]
    assert len(kept) <= 2 and not any(line.startswith("✅") for line in kept), reply.text


# "short answer?", "just yes or no" and their Spanish and French: the verdict alone (were "I did
# not understand"); "yes or no?" keeps its reason-then-verdict reply.
@pytest.mark.parametrize(("lang", "first", "then", "lead"), [
    ("en", "can i qlora llama 3 70b on an l40s?", "short answer?", "❌ <b>No: Llama 3 70B"),
    ("en", "can i qlora llama 3 70b on an l40s?", "just yes or no", "❌ <b>No: Llama 3 70B"),
    ("en", "can i qlora llama 3 8b on a 4090?", "give me the short answer", "✅ <b>Yes"),
    ("es", "puedo hacer qlora de llama 3 70b en una l40s?", "respuesta corta?", "❌ <b>No"),
    ("es", "puedo hacer qlora de llama 3 8b en una 4090?", "solo si o no", "✅ <b>Sí"),
    ("fr", "je peux faire un qlora de llama 3 70b sur une l40s ?", "juste oui ou non",
     "❌ <b>Non"),
    ("fr", "je peux faire un qlora de llama 3 8b sur une 4090 ?", "réponse courte ?", "✅ <b>Oui"),
])
def test_a_short_answer_asked_is_the_verdict(lang: str, first: str, then: str, lead: str) -> None:
    reply = converse(first, then, locale=lang)[-1]
    kept = [line for line in reply.text.splitlines() if line and not line.startswith("↪️")]
    assert reply.query.tldr_asked and kept[0].startswith(lead) and len(kept) <= 2, reply.text


# Two GPUs compared on a number of samples of unsaid length: each side timed at 512 and 2,048
# tokens a sample, as one card's "how long … on 50k samples" is (was no time at all).
@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("compare a100 vs h100 for lora 8b on 50k samples", None,
     "⏱ <b>How long depends on how long your 50,000 samples are: at 512 tokens each, about "
     "2.27 hours on 1× A100 80GB and 47 minutes on 1× H100; at 2,048 tokens each, 8.84 hours "
     "and 2.84 hours (1 epoch).</b>"),
    ("compara a100 vs h100 para lora de 8b con 50k muestras", "es",
     "⏱ <b>Cuánto tarda depende de lo largas que sean tus 50.000 muestras: con 512 tokens"),
    ("a100 ou h100 pour un lora de 8b sur 50k exemples ?", "fr",
     "⏱ <b>La durée dépend de la longueur de vos 50\u202f000 exemples"),
])
def test_a_comparison_on_samples_of_unsaid_length_is_timed_at_both_lengths(
        question: str, lang: str | None, lead: str) -> None:
    assert _first(question, lang) == lead or _text(question, lang).startswith(lead)


def test_the_single_card_times_are_the_comparisons() -> None:
    one = _text("how long to lora 8b on 50k samples on an a100")
    assert "about 2.27 hours at 512 tokens each, 8.84 hours at 2,048 tokens each" in one


# Whether it fits on the card named asked before which to rent: the verdict leads, the cheapest
# offered configuration under it (was "👉 To rent: …" first, the "No" asked about after it).
@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("can i qlora llama 3 70b on a 4090 and if not what gpu", None,
     "❌ <b>No: Llama 3 70B does not fit on 1× RTX 4090 (QLoRA).</b>"),
    ("puedo hacer qlora de llama 3 70b en mi 4090 y si no que gpu alquilo", "es",
     "❌ <b>No: Llama 3 70B no cabe en 1× RTX 4090 (QLoRA).</b>"),
    ("je peux faire un qlora de llama 3 70b sur ma 4090 et sinon quel gpu louer ?", "fr",
     "❌ <b>Non\u00a0: Llama 3 70B ne tient pas sur 1× RTX 4090 (QLoRA).</b>"),
    # what to rent asked first: it still leads
    ("my 3090 cant do it, whats the smallest thing i can rent that runs qwen2.5 72b q4", None,
     "👉 <b>To rent: the cheapest configuration we offer"),
])
def test_a_fit_asked_before_what_to_rent_leads(question: str, lang: str | None,
                                               lead: str) -> None:
    text = _text(question, lang)
    assert text.startswith(lead), text
    assert "1× A100 80GB" in text or "1× L40S" in text


# "is an h100 enough for … and how long": the card named between "is" and "enough" is the fit
# asked first (was the time on 3× H100 leading, the "No" on the one asked about unsaid at first).
@pytest.mark.parametrize(("question", "lead"), [
    ("is an h100 enough for lora llama 3 70b and how long for 50M tokens",
     "❌ <b>No: Llama 3 70B does not fit on 1× H100 (LoRA).</b>"),
    ("is a 4090 enough for qlora llama 3 8b and how long on 100M tokens",
     "✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>"),
])
def test_a_card_asked_enough_before_the_time_leads_with_the_verdict(question: str,
                                                                      lead: str) -> None:
    assert _first(question).startswith(lead)
