"""Two models served on one card at the same time: each model's detailed inference estimate
alone on the card, their sum against it, FLUX named as not sized, vLLM's share per instance,
and "2 models" with none named asks which (bot/two_models.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue())


def _alone_gb(pipeline: Pipeline, question: str) -> Decimal:
    """The detailed estimate the bot gives for one model alone."""
    detailed = pipeline.ask(question).answer.detailed
    assert detailed is not None
    return detailed.per_gpu_gb


def test_the_sum_of_each_models_own_estimate_against_the_card(pipeline: Pipeline) -> None:
    llama = _alone_gb(pipeline, "serve llama 3 8b on a 3090")
    mistral = _alone_gb(pipeline, "serve mistral 7b on a 3090")
    reply = pipeline.ask("llama 3 8b and mistral 7b at the same time on a 3090")
    total = llama + mistral
    assert total == Decimal("34.2")
    assert reply.text.startswith(
        "❌ <b>Llama 3 8B and Mistral 7B do not fit together on 1× RTX 3090: ≈ 34.2 GB")
    assert "• Llama 3 8B, BF16 inference: ≈ 17.9 GB" in reply.text
    assert "• Mistral 7B, BF16 inference: ≈ 16.3 GB" in reply.text
    # What would fit: the first lower precision where the sum holds.
    assert "👉 With 8-bit inference they would take ≈ 20.2 GB together" in reply.text
    # The JSON: the first model's facts, each model's reply in parts.
    data = to_json(reply)
    assert data["model"] == "llama-3-8b" and data["gpu"] == "rtx-3090"
    assert [p["model"] for p in data["parts"]] == ["llama-3-8b", "mistral-7b"]


def test_they_fit_and_vllm_gets_a_share_per_instance(pipeline: Pipeline) -> None:
    text = pipeline.ask("llama 3 8b and mistral 7b at the same time on an a100 with vllm").text
    assert text.startswith("✅ <b>Llama 3 8B and Mistral 7B fit together on 1× A100 80GB")
    assert "51.7 GB left" in text
    assert "(0.92 by default)" in text
    assert "at least <code>0.21</code> for Llama 3 8B and <code>0.19</code> for Mistral 7B" in text


def test_flux_is_said_not_sized(pipeline: Pipeline) -> None:
    text = pipeline.ask("can i run flux and llama 3 8b on the same 4090").text
    assert text.startswith("✅ <b>On 1× RTX 4090, Llama 3 8B takes ≈ 17.9 GB of")
    assert "for the other model" in text
    assert "• FLUX.1: not sized, it is not a large language model" in text


def test_a_precision_said_is_kept(pipeline: Pipeline) -> None:
    text = pipeline.ask("llama 3 8b and mistral 7b at the same time on a 3090 in 4bit").text
    assert "• Llama 3 8B, 4-bit inference: ≈ 7.8 GB" in text
    assert "👉" not in text


@pytest.mark.parametrize(("question", "lang", "start"), [
    ("can i serve 2 models on one a100", "en", "❓ Which models? Name them"),
    ("puedo correr dos modelos a la vez en mi 4090", "es", "❓ ¿Qué modelos?"),
    ("deux modèles en même temps sur une A100 ?", "fr", "❓ Quels modèles\u202f?"),
])
def test_two_models_none_named_asks_which(
    pipeline: Pipeline, question: str, lang: str, start: str
) -> None:
    reply = pipeline.ask(question, chosen_locale=lang)
    assert reply.text.startswith(start)


def test_spanish_and_french(pipeline: Pipeline) -> None:
    es = pipeline.ask("puedo correr llama 3 8b y mistral 7b a la vez en mi 4090?").text
    assert es.startswith("❌ <b>Llama 3 8B y Mistral 7B no caben juntos en 1× RTX 4090")
    fr = pipeline.ask("je peux faire tourner flux et llama 3 8b en même temps sur une A100 ?").text
    assert fr.startswith("✅ <b>Sur 1× A100 80GB, Llama 3 8B occupe ≈ 17,9\u202fGo")
    assert "FLUX.1\u00a0: non chiffré" in fr


def test_one_model_or_a_comparison_is_answered_as_before(pipeline: Pipeline) -> None:
    assert pipeline.ask("serve llama 3 8b on a 4090").text.startswith(
        "✅ <b>On 1× RTX 4090, Llama 3 8B fits")
    assert "together" not in pipeline.ask("compare llama 3 8b and mistral 7b on a 4090").text


@pytest.mark.parametrize(("question", "start"), [
    ("llama3 8b & qwen2.5 7b same time on my 4090",
     "❌ <b>Llama 3 8B and Qwen2.5 7B do not fit together on 1× RTX 4090"),
    ("can i host mistral 7b and llama 3.1 8b together on a single a100",
     "✅ <b>Mistral 7B and Llama 3.1 8B fit together on 1× A100 80GB"),
    ("puedo tener llama 3 8b y qwen 2.5 7b juntos en una a100",
     "✅ <b>Llama 3 8B y Qwen2.5 7B caben juntos en 1× A100 80GB"),
    ("llama 3 8b et mistral 7b ensemble sur une 4090 ?",
     "❌ <b>Llama 3 8B et Mistral 7B ne tiennent pas ensemble sur 1× RTX 4090"),
])
def test_together_said_without_at_the(pipeline: Pipeline, question: str, start: str) -> None:
    assert pipeline.ask(question).text.startswith(start)


@pytest.mark.parametrize("question", [
    "finetune llama 3 8b and mistral 7b at the same time on an a100",
    "entrenar llama 3 8b y mistral 7b a la vez en una a100",
])
def test_training_two_models_is_not_sized_as_serving(pipeline: Pipeline, question: str) -> None:
    text = pipeline.ask(question).text
    assert "together" not in text and "juntos" not in text and "inference" not in text.split("\n")[0]


def test_a_context_said_once_is_for_every_model(pipeline: Pipeline) -> None:
    llama = _alone_gb(pipeline, "serve llama 3 8b on a 4090 with 8k context")
    mistral = _alone_gb(pipeline, "serve mistral 7b on a 4090 with 8k context")
    text = pipeline.ask("llama 3 8b and mistral 7b at the same time on a 4090 with 8k context").text
    assert f"• Llama 3 8B, BF16 inference: ≈ {llama} GB" in text
    assert f"• Mistral 7B, BF16 inference: ≈ {mistral} GB" in text
    assert "at 8,192 tokens of context" in text


@pytest.mark.parametrize(("question", "lang", "start"), [
    ("two models on 24gb: llama 3 8b and mistral 7b", "en",
     "❌ <b>Llama 3 8B and Mistral 7B do not fit together on 1× GPU of 24 GB: ≈ 34.2 GB for"
     " 25.76 GB (24 GiB), 8.44 GB short.</b>"),
    ("dos modelos en 24gb: llama 3 8b y mistral 7b", "es",
     "❌ <b>Llama 3 8B y Mistral 7B no caben juntos en 1× GPU de 24\u00a0GB"),
    ("deux modèles sur 24 Go : llama 3 8b et mistral 7b", "fr",
     "❌ <b>Llama 3 8B et Mistral 7B ne tiennent pas ensemble sur 1× GPU de 24\u202fGo"),
    ("2 models on a 48gb card: llama 3.1 8b and qwen2.5 7b", "en",
     "✅ <b>Llama 3.1 8B and Qwen2.5 7B fit together on 1× GPU of 48 GB: ≈ 34.8 GB of 51.54 GB"
     " (48 GiB)"),
])
def test_a_card_named_by_its_memory_only(
    pipeline: Pipeline, question: str, lang: str, start: str
) -> None:
    """Was the first model's training verdict alone."""
    reply = pipeline.ask(question)
    assert reply.text.startswith(start)
    assert reply.locale == lang


@pytest.mark.parametrize(("question", "start"), [
    ("both qwen 2.5 7b and llama 3 8b on one 4090",
     "❌ <b>Qwen2.5 7B and Llama 3 8B do not fit together on 1× RTX 4090"),
    ("ambos qwen 2.5 7b y llama 3 8b en una 4090",
     "❌ <b>Qwen2.5 7B y Llama 3 8B no caben juntos en 1× RTX 4090"),
    ("les deux, qwen 2.5 7b et llama 3 8b, sur une seule 4090",
     "❌ <b>Qwen2.5 7B et Llama 3 8B ne tiennent pas ensemble sur 1× RTX 4090"),
    ("llama 3 8b + mistral 7b on one a100",
     "✅ <b>Llama 3 8B and Mistral 7B fit together on 1× A100 80GB"),
])
def test_both_or_a_plus_says_together(pipeline: Pipeline, question: str, start: str) -> None:
    """Was the first model's training verdict alone."""
    assert pipeline.ask(question).text.startswith(start)


@pytest.mark.parametrize(("question", "start", "line"), [
    ("serve llama 3 8b + an embedding model on a 4090",
     "✅ <b>On 1× RTX 4090, Llama 3 8B takes ≈ 17.9 GB of",
     "• an embedding model: not sized, I only size the language models I know by name."),
    ("llama 3 8b + un modelo de embeddings en mi 4090",
     "✅ <b>En 1× RTX 4090, Llama 3 8B ocupa ≈ 17,9\u00a0GB de",
     "• un modelo de embeddings: sin calcular; solo calculo los modelos de lenguaje"),
    ("llama 3 8b + un reranker en même temps sur une 4090",
     "✅ <b>Sur 1× RTX 4090, Llama 3 8B occupe ≈ 17,9\u202fGo sur",
     "• un reranker\u00a0: non chiffré, je ne chiffre que les modèles de langage"),
])
def test_a_model_named_by_its_kind_is_said_not_sized(
    pipeline: Pipeline, question: str, start: str, line: str
) -> None:
    """Was the LLM's answer alone, the other model unmentioned."""
    text = pipeline.ask(question).text
    assert text.startswith(start)
    assert line in text


@pytest.mark.parametrize("question", [
    "cual de los dos cabe en una 4090, llama 3 8b o mistral 7b",
    "compare both llama 3 8b and mistral 7b on a 4090",
    "entrenando llama 3 8b y mistral 7b a la vez en una a100",
    "afino llama 3 8b y mistral 7b a la vez en una a100",
    "qlora llama 3 8b and mistral 7b at the same time on an a100",
])
def test_which_of_the_two_a_comparison_or_training_is_not_together(
    pipeline: Pipeline, question: str
) -> None:
    text = pipeline.ask(question).text
    assert "juntos" not in text and "together" not in text


@pytest.mark.parametrize(("question", "lang", "start", "has"), [
    ("can i run llama 3 8b and mistral 7b at the same time on my 2x 3090", "en",
     "✅ <b>Llama 3 8B and Mistral 7B fit on 2× RTX 3090, one per card: the larger takes"
     " ≈ 17.9 GB of a card's 25.77 GB (24 GiB), 7.87 GB left.</b>",
     ["• Llama 3 8B, BF16 inference: ≈ 17.9 GB on one card, ≈ 9.6 GB per card split across 2",
      "🔀 Split across the 2 cards (tensor parallelism), together they would take ≈ 18.4 GB per"
      " card: 7.37 GB left."]),
    ("llama 3 8b y mistral 7b a la vez en mis 2 3090", "es",
     "✅ <b>Llama 3 8B y Mistral 7B caben en 2× RTX 3090, uno por tarjeta", ["repartido entre 2"]),
    ("llama 3 8b et mistral 7b en même temps sur mes 2 RTX 3090", "fr",
     "✅ <b>Llama 3 8B et Mistral 7B tiennent sur 2× RTX 3090, un par carte", ["réparti sur 2"]),
    ("llama 3 70b and mistral 7b at the same time on 2x 5090 with vllm", "en",
     "✅ <b>Llama 3 70B and Mistral 7B fit together on 2× RTX 5090 split across the cards:"
     " ≈ 32 GB per card", ["at least <code>0.68</code> for Llama 3 70B"]),
    ("llama 3 70b and mistral 7b at the same time on 2x 3090", "en",
     "❌ <b>Llama 3 70B and Mistral 7B do not fit on 2× RTX 3090, neither one per card nor split"
     " across the cards.</b>", ["≈ 32 GB per card: 6.23 GB short"]),
    # Whole models first: in 8-bit two share a card, the third has the other (no tensor
    # parallelism between the cards); was "8-bit … split across the cards" only.
    ("llama 3 8b, mistral 7b and qwen 2.5 7b at the same time on 2x 4090", "en",
     "❌ <b>Llama 3 8B, Mistral 7B, and Qwen2.5 7B do not fit together on 2× RTX 4090 split"
     " across the cards: ≈ 27.5 GB per card",
     ["👉 With 8-bit inference they would fit: Llama 3 8B on card 1; Mistral 7B and Qwen2.5 7B"
      " on card 2. The fullest card takes ≈ 19.7 GB, 6.06 GB left."]),
    ("flux and llama 3 8b at the same time on 2x 3090", "en",
     "✅ <b>On 2× RTX 3090, Llama 3 8B takes ≈ 17.9 GB of one card's 25.77 GB (24 GiB): another"
     " card is free for the other model.</b>", ["FLUX.1: not sized"]),
])
def test_several_cards_one_per_card_or_split(
    pipeline: Pipeline, question: str, lang: str, start: str, has: list[str]
) -> None:
    """Was the first model's answer alone on the cards, the other unmentioned."""
    reply = pipeline.ask(question)
    text = reply.text.replace("\u00a0", " ").replace("\u202f", " ")
    assert text.startswith(start.replace("\u00a0", " "))
    for line in has:
        assert line in text
    assert reply.locale == lang


def test_several_cards_json_is_the_cards_asked(pipeline: Pipeline) -> None:
    data = to_json(pipeline.ask("llama 3 8b and mistral 7b at the same time on 2x 3090"))
    assert data["gpu"] == "rtx-3090" and data["gpu_count"] == 2
    assert [p["gpu_count"] for p in data["parts"]] == [2, 2]


def test_the_fullest_card_is_as_empty_as_it_can_be() -> None:
    """Every assignment is searched: 10+7 and 9+8 on cards of 18 (placing the largest on the
    emptiest card one by one would end with 10+8 or miss)."""
    from bot.two_models import _pack
    sizes = [Decimal(n) for n in (10, 9, 8, 7)]
    assert _pack([0, 1, 2, 3], sizes, 2, Decimal(18)) in ([[0, 3], [1, 2]], [[1, 2], [0, 3]])
    assert _pack([0, 1, 2, 3], sizes, 2, Decimal(16)) is None
    assert _pack([0, 1, 2, 3], sizes, 4, Decimal(10)) == [[0], [1], [2], [3]]


# Three models (or more) on one or two cards: each placed, whole where it can be (was only the
# split across the cards tried, or no reply about them together when no together word).
@pytest.mark.parametrize(("question", "lang", "start", "has"), [
    ("qwen2.5 7b, llama 3 8b and mistral 7b on 2x 3090", "en",
     "❌ <b>Qwen2.5 7B, Llama 3 8B, and Mistral 7B do not fit together on 2× RTX 3090 split"
     " across the cards: ≈ 27.5 GB per card for 25.77 GB (24 GiB), 1.73 GB short.</b>",
     ["👉 Without Llama 3 8B, the others would fit: Qwen2.5 7B on card 1; Mistral 7B on card 2."
      " The fullest card takes ≈ 16.9 GB, 8.87 GB left.",
      "👉 With 8-bit inference they would fit: Llama 3 8B on card 1; Qwen2.5 7B and Mistral 7B"
      " on card 2. The fullest card takes ≈ 19.7 GB, 6.07 GB left."]),
    ("qwen2.5 7b, llama 3 8b and mistral 7b at the same time on 2x a100 with vllm", "en",
     "✅ <b>Qwen2.5 7B, Llama 3 8B, and Mistral 7B fit on 2× A100 80GB: Llama 3 8B on card 1;"
     " Qwen2.5 7B and Mistral 7B on card 2. The fullest card takes ≈ 33.2 GB of 85.9 GB"
     " (80 GiB), 52.7 GB left.</b>",
     ["🔀 Split across the 2 cards (tensor parallelism), together they would take ≈ 27.5 GB",
      # Llama runs alone on its card: its share is vLLM's default.
      "at least <code>0.20</code> for Qwen2.5 7B and <code>0.19</code> for Mistral 7B, their"
      " sum"]),
    ("qwen2.5 7b, llama 3 8b and mistral 7b at the same time on a 40gb card", "en",
     "❌ <b>Qwen2.5 7B, Llama 3 8B, and Mistral 7B do not fit together on 1× GPU of 40 GB:"
     " ≈ 51.1 GB for 42.95 GB (40 GiB), 8.15 GB short.</b>",
     ["👉 Without Llama 3 8B, the others would fit together: ≈ 33.2 GB, 9.75 GB left."]),
    ("llama 3 8b, mistral 7b, qwen 2.5 7b and phi 3 mini at the same time on 2x 4090", "en",
     "❌ <b>Llama 3 8B, Mistral 7B, Qwen2.5 7B, and Phi-3 mini (3.8B) do not fit together",
     ["👉 Without Llama 3 8B, the others would fit: Qwen2.5 7B on card 1; Mistral 7B on card 2;"
      " Phi-3 mini (3.8B) split across the 2 cards. The fullest card takes ≈ 22.5 GB",
      "👉 With 8-bit inference they would fit: Llama 3 8B and Phi-3 mini (3.8B) on card 1;"
      " Mistral 7B and Qwen2.5 7B on card 2."]),
    ("qwen2.5 7b, llama 3 8b y mistral 7b en mis 2 3090", "es",
     "❌ <b>Qwen2.5 7B, Llama 3 8B y Mistral 7B no caben juntos en 2× RTX 3090",
     ["👉 Sin Llama 3 8B, los demás cabrían así: Qwen2.5 7B en la tarjeta 1; Mistral 7B en la"
      " tarjeta 2. La tarjeta más cargada usaría ≈ 16,9\u00a0GB, sobran 8,87\u00a0GB."]),
    ("qwen2.5 7b, llama 3 8b et mistral 7b en même temps sur 2 A100", "fr",
     "✅ <b>Qwen2.5 7B, Llama 3 8B et Mistral 7B tiennent sur 2× A100 80GB\u00a0: Llama 3 8B sur"
     " la carte 1\u202f; Qwen2.5 7B et Mistral 7B sur la carte 2. La carte la plus chargée"
     " utilise ≈ 33,2\u202fGo", []),
])
def test_three_models_placed_on_the_cards(
    pipeline: Pipeline, question: str, lang: str, start: str, has: list[str]
) -> None:
    reply = pipeline.ask(question)
    assert reply.text.startswith(start), reply.text
    for line in has:
        assert line in reply.text, reply.text
    assert reply.locale == lang


@pytest.mark.parametrize("question", [
    "which is best: qwen2.5 7b, llama 3 8b and mistral 7b on a 3090",
    "qwen2.5 7b, llama 3 8b or mistral 7b on a 3090",
    "qwen 7b on my 3090, llama 8b on a 4090 and mistral 7b on an a100",
    "qlora qwen2.5 7b, llama 3 8b and mistral 7b on an a100",
    "cual es mejor, qwen2.5 7b, llama 3 8b y mistral 7b en una 3090",
])
def test_a_list_with_a_choice_a_card_each_or_training_is_not_together(
    pipeline: Pipeline, question: str
) -> None:
    text = pipeline.ask(question).text
    assert "together" not in text and "juntos" not in text and "card 1" not in text


# No card named: the one the chat noted, else the last question's, else which one (was the
# first model's training or memory answer alone, the other model and the count dropped).
@pytest.mark.parametrize(("turns", "lead", "has"), [
    (("i have a 3090", "llama 3 8b and mistral 7b at the same time on 2 cards"),
     "↪️ <i>On 2× RTX 3090: your cards, as you said earlier.</i>\n✅ <b>Llama 3 8B and"
     " Mistral 7B fit on 2× RTX 3090, one per card", []),
    (("j'ai une 3090", "faire tourner mistral 7b et llama 3 8b en même temps sur 2 cartes"),
     "↪️ <i>Sur 2× RTX 3090\u00a0: vos cartes, comme vous l'avez dit plus tôt.</i>\n✅ <b>Mistral"
     " 7B et Llama 3 8B tiennent sur 2× RTX 3090, un par carte", []),
    (("tengo una 3090", "puedo correr qwen 7b y llama 8b a la vez en mi gpu?"),
     "↪️ <i>En 1× RTX 3090: tu tarjeta, como dijiste antes.</i>\n❌ <b>Qwen 7B y Llama 8B no"
     " caben juntos en 1× RTX 3090",
     ["No se nombra versión: se supone la forma de Qwen2.5 7B"]),
    (("can i serve llama 3 8b on my 4090?", "llama 3 8b and mistral 7b at the same time?"),
     "↪️ <i>On 1× RTX 4090, from your last question.</i>\n❌ <b>Llama 3 8B and Mistral 7B do"
     " not fit together on 1× RTX 4090", []),
])
def test_no_card_named_the_chats_card(turns: tuple[str, ...], lead: str, has: list[str]) -> None:
    from tests.support.chat import converse

    text = converse(*turns)[-1].text
    assert text.startswith(lead), text
    for line in has:
        assert line in text, text


@pytest.mark.parametrize(("question", "start"), [
    ("llama 3 8b and mistral 7b at the same time on 2 cards",
     "❓ Which GPU are your 2 cards? Name it and I will place Llama 3 8B and Mistral 7B on them,"
     " for example: <code>llama 3 8b and mistral 7b at the same time on 2x 3090</code>"),
    ("can i run llama 3 8b and mistral 7b at the same time?",
     "❓ On which GPU? Name it and I will add up what Llama 3 8B and Mistral 7B take on it"),
    ("faire tourner mistral 7b et llama 3 8b en même temps sur 2 cartes",
     "❓ Quelles sont vos 2 cartes\u202f? Nommez leur GPU et je répartirai Mistral 7B et Llama 3 8B"
     " dessus"),
    ("puedo correr qwen 7b y llama 8b a la vez?",
     "❓ ¿En qué GPU? Dímela y sumaré lo que ocupan un modelo de 7B y un modelo de 8B en ella"),
])
def test_no_card_at_all_asks_which(pipeline: Pipeline, question: str, start: str) -> None:
    assert pipeline.ask(question).text.startswith(start)


def test_a_generic_model_leads_with_a_capital(pipeline: Pipeline) -> None:
    """"qwen 7b": named as written ("Qwen 7B", was "un modelo de 7B", once in lower case)
    and the shape assumed said, as the single question says it."""
    text = pipeline.ask("puedo correr qwen 7b y llama 8b a la vez en mi 3090?").text
    assert text.startswith("❌ <b>Qwen 7B y Llama 8B no caben juntos")
    assert "se supone la forma de Qwen2.5 7B" in text


# One model named beside the one the chat's last question served: both (was the one named
# alone, "at the same time" unread).
@pytest.mark.parametrize(("turns", "lead"), [
    (("can i serve llama 3 8b on my 4090?", "and mistral 7b at the same time?"),
     "↪️ <i>Llama 3 8B on 1× RTX 4090, from your last question.</i>\n❌ <b>Llama 3 8B and"
     " Mistral 7B do not fit together on 1× RTX 4090"),
    (("puedo servir llama 3 8b en mi 4090?", "y mistral 7b a la vez?"),
     "↪️ <i>Llama 3 8B en 1× RTX 4090, de tu pregunta anterior.</i>\n❌ <b>Llama 3 8B y"
     " Mistral 7B no caben juntos en 1× RTX 4090"),
    (("je peux faire tourner llama 3 8b sur une A100 ?", "et mistral 7b en même temps ?"),
     "↪️ <i>Llama 3 8B sur 1× A100 80GB, d'après votre question précédente.</i>\n✅ <b>Llama 3"
     " 8B et Mistral 7B tiennent ensemble sur 1× A100 80GB"),
    (("i have 2 3090s", "can i run llama 3 8b?", "can i also run mistral 7b at the same time?"),
     "↪️ <i>Llama 3 8B, from your last question.</i>\n↪️ <i>On 2× RTX 3090: your cards, as you"
     " said earlier.</i>\n✅ <b>Llama 3 8B and Mistral 7B fit on 2× RTX 3090, one per card"),
])
def test_one_model_beside_the_last_one_served(turns: tuple[str, ...], lead: str) -> None:
    from tests.support.chat import converse

    text = converse(*turns)[-1].text
    assert text.startswith(lead), text


def test_one_model_after_a_training_run_is_not_together() -> None:
    """Not served together; trained at the same time since session 35 (tests/test_conv23.py):
    the two runs' memory added up, Llama 3 8B's beside Mistral's."""
    from tests.support.chat import converse

    text = converse("qlora llama 3 8b on a 4090", "and mistral 7b at the same time?")[-1].text
    assert "together" not in text and "inference" not in text


# The card named alone right after "which GPU?": the models asked, on it (was the first
# model's training verdict alone, the other model dropped).
@pytest.mark.parametrize(("turns", "lead"), [
    (("llama 3 8b and mistral 7b at the same time on 2 cards", "3090s"),
     "✅ <b>Llama 3 8B and Mistral 7B fit on 2× RTX 3090, one per card"),
    (("can i run llama 3 8b and mistral 7b at the same time?", "on a 4090"),
     "❌ <b>Llama 3 8B and Mistral 7B do not fit together on 1× RTX 4090"),
    (("puedo correr qwen 7b y llama 8b a la vez?", "una 3090"),
     "❌ <b>Qwen 7B y Llama 8B no caben juntos en 1× RTX 3090"),
    (("faire tourner mistral 7b et llama 3 8b en même temps sur 2 cartes", "des 3090"),
     "✅ <b>Mistral 7B et Llama 3 8B tiennent sur 2× RTX 3090, un par carte"),
])
def test_the_card_answered_after_which_card(turns: tuple[str, ...], lead: str) -> None:
    from tests.support.chat import converse

    text = converse(*turns)[-1].text
    assert text.startswith(lead), text


def test_a_price_asked_after_which_card_is_a_price() -> None:
    from tests.support.chat import converse

    text = converse("llama 3 8b and mistral 7b at the same time on 2 cards",
                    "how much is an h100")[-1].text
    assert "together" not in text and "one per card" not in text
