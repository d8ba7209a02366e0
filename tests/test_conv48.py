"""Session 48, conversation and lead defects: a follow-up that says what it carried over, the
lead line of questions that ask two things at once."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, check_turn, converse, says

# 3. Serving priced with no hours ("ok and the price" after a model served on a card): the hourly
# price and the hours asked, under the "↪️ … from your last question" header every other
# follow-up carries (was no header: the hours_required error hid what was carried).
SERVING_PRICE_HEADER = [
    (None, ("mistral 7b inference on an h100", "ok and the price"),
     {"intent": "cost", "gpu": "h100",
      "has": ["↪️ <i>Inference of Mistral 7B on 1× H100, from your last question.</i>",
              "💵 1× H100: $2.32/hour", "❓"]}),
    (None, ("mistral 7b inference on 2 h100", "in euros?"),
     {"intent": "cost", "gpu": "h100", "count": 2,
      "has": ["↪️ <i>Inference of Mistral 7B on 2× H100, from your last question.</i>",
              "US dollars only", "💵 2× H100: $4.64/hour", "❓"]}),
    ("es", ("inferencia de llama 3 70b en 2 a100", "y el precio?"),
     {"lang": "es", "intent": "cost",
      "has": ["↪️ <i>", "de tu pregunta anterior.</i>", "💵 2× A100 80GB: 1,84\u00a0US$/hora",
              "❓"]}),
    ("fr", ("inférence de mistral 7b sur une h100", "et le prix ?"),
     {"lang": "fr", "intent": "cost",
      "has": ["↪️ <i>", "d'après votre question précédente.</i>", "💵 1× H100\u00a0: 2,32", "❓"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), SERVING_PRICE_HEADER)
def test_serving_price_follow_up_says_what_it_carried(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    reply = converse(*turns, locale=locale)[-1]
    assert reply.text.startswith("↪️ "), reply.text
    check_turn(reply, expected)


# 1. A run priced, then a card and hours in one follow-up ("how much for 3 hours on h100"): that
# run there for those hours, said so, its verdict and how many of the card it takes (was the
# H100's time alone, the 14B full fine-tune dropped). The price of a card's time asked as such
# ("how much is 2 h100 for 3 hours") stays GPU time (test_chat11).
RUN_ON_NEW_CARD = [
    (None, ("full fine tune qwen 2.5 14b how much", "how much for 3 hours on h100"),
     {"intent": "cost", "model": "qwen2.5-14b", "method": "full_adamw", "gpu": "h100",
      "hours": 3, "has": ["↪️ <i>Full AdamW of Qwen2.5 14B", "that run on 1× H100 for 3 hours",
                          "does not fit on 1× H100", "It takes at least 4× H100"]}),
    (None, ("how much to qlora llama 3 8b", "how much for 3 hours on 2 h100"),
     {"intent": "cost", "model": "llama-3-8b", "method": "qlora", "gpu": "h100", "count": 2,
      "hours": 3, "has": ["↪️ <i>QLoRA of Llama 3 8B", "2× H100 × 3 hours"]}),
    ("es", ("cuanto cuesta un full fine tune de qwen 2.5 14b", "cuanto por 3 horas en una h100"),
     {"lang": "es", "intent": "cost", "model": "qwen2.5-14b", "method": "full_adamw",
      "gpu": "h100", "hours": 3, "has": ["↪️ <i>", "no cabe en 1× H100"]}),
    ("fr", ("combien pour un full fine-tune de qwen 2.5 14b", "combien pour 3 heures sur une h100"),
     {"lang": "fr", "intent": "cost", "model": "qwen2.5-14b", "method": "full_adamw",
      "gpu": "h100", "hours": 3, "has": ["↪️ <i>", "ne tient pas sur 1× H100"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), RUN_ON_NEW_CARD)
def test_card_and_hours_after_a_run_priced_keep_the_run(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)


def test_a_cards_time_asked_as_such_after_a_run_priced_is_still_gpu_time() -> None:
    reply = converse("how much to qlora llama 3 8b", "how much is 2 h100 for 3 hours")[-1]
    assert reply.query.params_b is None and not reply.text.startswith("↪️"), reply.text


# 2. "in euros?" after a fit (no run priced, no hours said): prices are in US dollars, nothing
# converted, and the price of the configuration the verdict was on, if it has one; no cost made
# up (was an illustrative 10 hours on an L40S). The fit stays the chat's question after it.
EUROS_AFTER_FIT = [
    (None, ("does llama 3 8b qlora fit a 4090", "in euros?"),
     {"intent": "unknown", "model": "llama-3-8b", "gpu": "rtx-4090",
      "has": ["↪️ <i>QLoRA of Llama 3 8B on 1× RTX 4090", "US dollars only",
              "We rent the RTX 4090, but its price is not published"],
      "lacks": ["Illustrative", "L40S", "✅"]}),
    (None, ("does llama 3 70b qlora fit on 2 h100", "in euros?"),
     {"intent": "unknown", "gpu": "h100", "count": 2,
      "has": ["US dollars only", "💵 2× H100: $4.64/hour"], "lacks": ["Illustrative", "✅"]}),
    ("es", ("me cabe llama 3 8b qlora en una 4090", "en euros?"),
     {"lang": "es", "intent": "unknown", "gpu": "rtx-4090",
      "has": ["dólares estadounidenses", "su precio no está publicado"],
      "lacks": ["Coste de ejemplo", "L40S"]}),
    ("es", ("me cabe llama 3 8b qlora en una 3090", "y en euros?"),
     {"lang": "es", "intent": "unknown", "gpu": "rtx-3090",
      "has": ["dólares estadounidenses"], "lacks": ["Coste de ejemplo", "L40S", "💵"]}),
    ("fr", ("est-ce que llama 3 8b qlora tient sur une h100", "en euros ?"),
     {"lang": "fr", "intent": "unknown", "gpu": "h100",
      "has": ["dollars américains", "💵 1× H100\u00a0: 2,32\u00a0$US/heure"],
      "lacks": ["titre d'exemple"]}),
]


@pytest.mark.parametrize(("locale", "turns", "expected"), EUROS_AFTER_FIT)
def test_another_currency_after_a_fit_makes_up_no_cost(
        locale: str | None, turns: tuple[str, ...], expected: dict[str, object]) -> None:
    check_turn(converse(*turns, locale=locale)[-1], expected)


def test_the_fit_is_still_continued_after_the_currency() -> None:
    last = converse("does llama 3 8b qlora fit an h100", "in euros?", "how much for 10 hours")[-1]
    check_turn(last, {"intent": "cost", "model": "llama-3-8b", "method": "qlora", "gpu": "h100",
                      "hours": 10, "has": ["$23.20"]})


# 4. The VRAM asked beside the fit: the lead line carries each fitting method's GB (was the
# names alone, the GB asked for further down); French "combien de vram il faut" is memory, not
# a count of cards (was "🔢 Il vous faut 1× RTX 3090" first).
VRAM_IN_LEAD = [
    ("en", "can i finetune llama 3 8b on a 3090 and how much vram",
     "✅ <b>On 1× RTX 3090, Llama 3 8B fits: QLoRA ≈ 12.8 GB and LoRA ≈ 23.1 GB.</b>"),
    ("es", "me entra llama 3 8b en una 3090 y cuanta vram necesito",
     "✅ <b>En 1× RTX 3090, Llama 3 8B cabe con QLoRA ≈ 12,8 GB y LoRA ≈ 23,1 GB.</b>"),
    ("fr", "est-ce que llama 3 8b rentre sur une 3090 et combien de vram il faut",
     "✅ <b>Sur 1× RTX 3090, Llama 3 8B tient avec QLoRA ≈ 12,8 Go et LoRA ≈ 23,1 Go.</b>"),
    ("fr", "llama 3 8b tient sur une 3090 ? combien de vram il faut ?",
     "✅ <b>Sur 1× RTX 3090, Llama 3 8B tient avec QLoRA ≈ 12,8 Go et LoRA ≈ 23,1 Go.</b>"),
]


@pytest.mark.parametrize(("lang", "question", "lead"), VRAM_IN_LEAD)
def test_vram_asked_beside_the_fit_is_in_the_lead(lang: str, question: str, lead: str) -> None:
    reply = ask(question, lang)
    first = reply.text.split("\n", 1)[0].replace("\u00a0", " ").replace("\u202f", " ")
    assert first == lead, reply.text


def test_without_vram_asked_the_lead_names_the_methods() -> None:
    reply = ask("can i finetune llama 3 8b on a 3090", "en")
    assert reply.text.startswith(
        "✅ <b>On 1× RTX 3090, Llama 3 8B fits: QLoRA and LoRA.</b>"), reply.text


# 5. Whether it fits asked first, then its cost, on cards rented without a published price: the
# verdict on them leads, then that their price is unpublished and where the costs below are,
# then those costs (was "price not published" first, the verdict under it).
FIT_THEN_COST_UNPUBLISHED = [
    ("en", "does llama 3 70b fit on 2 4090s and what would it cost",
     ["❌ <b>On 2× RTX 4090, Llama 3 70B does not fit with any of these methods.</b>",
      "💵 We rent the RTX 4090, but its price is not published: the cost below is on the "
      "cheapest offered configuration that holds the run.",
      "Illustrative cost: $9.20</b> — 1× A100 80GB"]),
    ("en", "does llama 3 8b qlora fit on a 4090 and what would it cost",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>",
      "💵 We rent the RTX 4090, but its price is not published: the cost below is on the "
      "cheapest offered configuration that holds the run.", "Illustrative cost: $8.20"]),
    ("es", "me entra llama 3 70b en 2 4090 y cuanto me sale",
     ["❌ <b>En 2× RTX 4090, Llama 3 70B no cabe con ninguno de estos métodos.</b>",
      "💵 Alquilamos la RTX 4090, pero su precio no está publicado: el coste de abajo",
      "Coste de ejemplo: 9,20"]),
    ("fr", "est-ce que llama 3 70b rentre sur 2 4090 et combien ça coûte",
     ["❌ <b>Sur 2× RTX 4090, Llama 3 70B ne tient avec aucune de ces méthodes.</b>",
      "💵 Nous louons la RTX 4090, mais son prix n'est pas publié : le coût ci-dessous",
      "Coût à titre d'exemple : 9,20"]),
]


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("lang", "question", "said"), FIT_THEN_COST_UNPUBLISHED)
def test_fit_asked_first_leads_before_the_unpublished_price(
        lang: str, question: str, said: list[str]) -> None:
    reply = ask(question, lang)
    text = _spaces(reply.text)
    assert text.startswith(_spaces(said[0])), reply.text
    says(text, [_spaces(s) for s in said], ["🤔"])


def test_a_cost_asked_alone_on_the_4090_still_leads_with_its_unpublished_price() -> None:
    reply = ask("how much to qlora llama 3 8b on a 4090", "en")
    assert reply.text.startswith("💵 We rent the RTX 4090, but its price is not published: ask "
                                 "support"), reply.text
