"""conv46: the conversation as people go on in a chat. A cost asked on one's own card that
holds the run, with no run's data: the verdict there leads, then what the run costs on that
card (its electricity; the kWh of the hours said, or the question that decides it), then the
rental, said to be one (was an unlabelled "Cost: $8.20 — 1× L40S", or for a card we do not
rent "We don't rent the RTX 3090: this is the cost on 1× L40S" first); the card stays one's
own through the follow-ups."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse
from tests.support.chat import says as says_exactly
from tests.support.spaces import plain as _spaces


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


UNPUBLISHED = ["price is not published", "precio no está publicado", "prix n'est pas publié",
               "this is the cost on", "este es el coste en", "voici le coût sur"]

# 1. (lang, question, what the reply says in order). The rental's cost follows its label.
OWN_CARD_COST: list[tuple[str, str, list[str]]] = [
    ("en", "how much would it cost to qlora llama 3 8b on my 4090",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>",
      "🏠 On your own RTX 4090 this run costs only its electricity",
      "“20k samples of 1k tokens”", "Rented here instead, on 1× L40S, the cheapest offered "
      "configuration that holds it:\n💵 <b>Illustrative cost: $8.20</b> — 1× L40S × 10 hours"]),
    ("en", "how much would it cost to qlora llama 3 8b on my 3090",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>",
      "🏠 On your own RTX 3090 this run costs only its electricity",
      "Rented here instead, on 1× L40S", "💵 <b>Illustrative cost: $8.20</b>"]),
    ("en", "whats it gonna cost me to lora llama 3 8b on my 3090 for 20 hours",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (LoRA).</b>",
      "🏠 On your own RTX 3090 those 20 hours cost only their electricity: at most about 7 kWh "
      "(1 × 350 W, the board power of the RTX 3090).", "Rented here instead, on 1× L40S",
      "💵 <b>Cost: $16.40</b> — 1× L40S × 20 hours"]),
    ("en", "how much to lora llama 3 8b on my 2 3090s for 10 hours",
     ["✅ <b>Yes: Llama 3 8B fits on 2× RTX 3090 (LoRA).</b>",
      "🏠 On your own 2× RTX 3090 those 10 hours cost only their electricity: at most about "
      "7 kWh (2 × 350 W, the board power of the RTX 3090)."]),
    ("es", "cuanto me costaria un qlora de llama 3 8b en mi 4090",
     ["✅ <b>Sí: Llama 3 8B cabe en 1× RTX 4090 (QLoRA).</b>",
      "🏠 En tu RTX 4090, este entrenamiento solo cuesta la electricidad",
      "Alquilado aquí, en 1× L40S", "💵 <b>Coste de ejemplo: 8,20 US$</b>"]),
    ("es", "cuanto me sale un qlora de llama 3 8b en mi 3090 por 20 horas",
     ["✅ <b>Sí: Llama 3 8B cabe en 1× RTX 3090 (QLoRA).</b>",
      "🏠 En tu RTX 3090, esas 20 horas solo cuestan la electricidad: como mucho unos 7 kWh",
      "💵 <b>Coste: 16,40 US$</b>"]),
    ("fr", "combien ça me coûterait un qlora de llama 3 8b sur ma 4090",
     ["✅ <b>Oui : Llama 3 8B tient sur 1× RTX 4090 (QLoRA).</b>",
      "🏠 Sur votre RTX 4090, cet entraînement ne coûte que l'électricité",
      "En location chez nous, sur 1× L40S", "💵 <b>Coût à titre d'exemple : 8,20 $US</b>"]),
    ("fr", "combien pour un lora de llama 3 8b sur ma 3090 pendant 20 heures ?",
     ["✅ <b>Oui : Llama 3 8B tient sur 1× RTX 3090 (LoRA).</b>",
      "🏠 Sur votre RTX 3090, ces 20 heures ne coûtent que l'électricité : au plus environ "
      "7 kWh (1 × 350 W, la puissance nominale de la RTX 3090)."]),
]


@pytest.mark.parametrize(("lang", "question", "said"), OWN_CARD_COST)
def test_a_cost_on_ones_own_card_that_fits_labels_the_rental(
        lang: str, question: str, said: list[str]) -> None:
    reply = ask(question, lang)
    assert (reply.locale, reply.answer.intent, reply.query.card_mine) == (lang, "cost", True)
    assert reply.text.startswith("✅ <b>"), reply.text
    says(reply.text, said, ["🤔", *UNPUBLISHED])


def test_a_rental_asked_of_a_card_not_ones_own_still_leads_with_its_cost() -> None:
    # "on a 3090" (no "my"): still the cheapest rental's cost first, said so
    reply = ask("how much would it cost to qlora llama 3 8b on a 3090", "en")
    assert not reply.query.card_mine
    assert reply.text.startswith("🏠 We don't rent the RTX 3090: this is the cost on 1× L40S")


# 2. Follow-ups after a cost on one's own card: the card stays one's own. (lang, first, then,
# intent, what the second reply says, what it does not.)
OWN_CARD_FOLLOW_UPS: list[tuple[str, str, str, str, list[str], list[str]]] = [
    # the data asked for, given: that run timed on the card, its kWh, then the rental (was the
    # rented L40S's cost, the 4090's unpublished price after it)
    ("en", "how much would it cost to qlora llama 3 8b on my 4090", "20k samples of 1k tokens",
     "time", ["⏱ <b>QLoRA of Llama 3 8B: about", "on 1× RTX 4090", "⚡ <b>Electricity: about",
              "1 × 450 W ×", "Rented here instead, where this run costs least"], []),
    ("es", "cuanto me costaria un qlora de llama 3 8b en mi 4090", "son 20k ejemplos de 1k tokens",
     "time", ["⏱ <b>Entrenamiento QLoRA de Llama 3 8B", "en 1× RTX 4090",
              "⚡ <b>Electricidad: unos"], []),
    # hours said after: still one's own card (was "We rent the RTX 4090, but its price is not
    # published" first)
    ("en", "how much would it cost to qlora llama 3 8b on my 4090", "and for 20 hours?",
     "cost", ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>",
              "those 20 hours cost only their electricity: at most about 9 kWh",
              "💵 <b>Cost: $16.40</b>"], []),
    ("fr", "combien ça me coûterait un qlora de llama 3 8b sur ma 4090", "et pour 20 heures ?",
     "cost", ["✅ <b>Oui", "ces 20 heures ne coûtent que l'électricité"], []),
]


@pytest.mark.parametrize(("lang", "first", "then", "intent", "said", "lacks"), OWN_CARD_FOLLOW_UPS)
def test_a_follow_up_of_a_cost_on_ones_own_card_keeps_it_ones_own(
        lang: str, first: str, then: str, intent: str, said: list[str],
        lacks: list[str]) -> None:
    _, reply = converse(first, then, locale=lang)
    assert (reply.answer.intent, reply.query.card_mine) == (intent, True), reply.text
    says(reply.text, said, ["🤔", *UNPUBLISHED, *lacks])


# 3. "?" alone right after an answer, "how did you get that number?" and the like: what the
# answer is made of, then the one thing that decides it (was the help's "What would you like
# to know?" with its examples, or "I did not understand that"). (lang, first, then, what the
# second reply says in order.)
EXPLAINED: list[tuple[str, str, str, list[str]]] = [
    # a cost on our page's illustrative hours: the product, why that card, the hours said to
    # be illustrative, the run's data asked for
    ("en", "how much is a qlora of llama 3 70b?", "?",
     ["🔎 <b>How I got it:</b> the cost is the GPUs × the hours × the price of a GPU-hour: "
      "1× A100 80GB × 10 hours × $0.92 = $9.20. 1× A100 80GB is the cheapest offered "
      "configuration with room for the 52.5 GB the planning rule gives QLoRA of 70B parameters "
      "(0.75 GB per billion). The 10 hours are an illustrative figure for QLoRA",
      "❓ What decides it is how long your run takes", "💵 <b>"]),
    ("en", "how much is a qlora of llama 3 70b?", "how did you get that number?",
     ["🔎 <b>How I got it:</b>", "= $9.20", "❓ What decides it"]),
    ("en", "whats the cheapest gpu for qlora 70b", "where does that number come from??",
     ["🔎 <b>How I got it:</b>", "1× A100 80GB × 10 hours × $0.92 = $9.20"]),
    ("en", "best gpu for a lora of llama 3 70b?", "show me the math",
     ["🔎 <b>How I got it:</b>", "4× A100 80GB × 6 hours × $0.92 = $22.08"]),
    ("es", "cuanto cuesta un qlora de llama 3 70b?", "?",
     ["🔎 <b>Cómo lo he calculado:</b>", "1× A100 80GB × 10 horas × 0,92 US$ = 9,20 US$",
      "❓ Lo que lo decide es cuánto dura tu entrenamiento"]),
    ("es", "cuanto cuesta un qlora de llama 3 70b?", "¿de dónde sale ese número?",
     ["🔎 <b>Cómo lo he calculado:</b>"]),
    ("fr", "combien coûte un qlora de llama 3 70b ?", "?",
     ["🔎 <b>Comment je l'ai calculé :</b>", "1× A100 80GB × 10 heures × 0,92 $US = 9,20 $US",
      "❓ Ce qui le décide, c'est la durée de votre entraînement"]),
    ("fr", "combien coûte un qlora de llama 3 70b ?", "d'où sort ce chiffre ?",
     ["🔎 <b>Comment je l'ai calculé :</b>"]),
    ("fr", "combien coûte un qlora de llama 3 70b ?", "comment t'as calculé ça ?",
     ["🔎 <b>Comment je l'ai calculé :</b>"]),
    # hours said: the product alone, nothing asked
    ("en", "how much is a lora of llama 3 8b on an h100 for 10 hours", "how did u calculate that",
     ["🔎 <b>How I got it:</b> the cost is the GPUs × the hours × the price of a GPU-hour: "
      "1× H100 × 10 hours × $2.32 = $23.20.\n"]),
    # a card's cost for hours, no model (was the help, or "I did not understand")
    ("en", "how much for 8x h100 for 24 hours", "?",
     ["🔎 <b>How I got it:</b> the cost is the GPUs × the hours × the price of a GPU-hour: "
      "8× H100 × 24 hours × $2.32 = $445.44."]),
    ("es", "cuanto sale una h100 por 10 horas", "¿cómo lo calculaste?",
     ["🔎 <b>Cómo lo he calculado:</b>", "1× H100 × 10 horas × 2,32 US$ = 23,20 US$"]),
    # a run timed on its data: what the hours are made of, then the speed to measure
    ("en", "how much to lora llama 3 8b on 20k samples of 1k tokens", "?",
     ["🔎 <b>How I got it:</b>", "× $0.82 =", "The hours are the run's time: each token takes "
      "about", "❓ What decides it most is the speed assumed", "“I get 2,500 tokens/s”"]),
    ("en", "how long to lora llama 3 8b on 20k samples of 1k tokens on an h100", "?",
     ["🔎 <b>Why this time:</b> each token takes about", "❓ What decides it most is the speed "
      "assumed", "⏱ <b>LoRA of Llama 3 8B"]),
    # a verdict: what it needs against what each GPU has
    ("en", "can i qlora llama 3 70b on an l40s?", "?",
     ["🔎 <b>Why:</b> it needs about 52.6 GB per GPU, 4.3 GB more than the 48.31 GB",
      "❌ <b>No: Llama 3 70B does not fit on 1× L40S (QLoRA).</b>"]),
    ("es", "puedo hacer qlora de llama 3 70b en una l40s?", "?", ["🔎 <b>", "❌ <b>No"]),
    ("fr", "je peux faire un qlora de llama 3 70b sur une l40s ?", "?", ["🔎 <b>", "❌ <b>Non"]),
    ("en", "can i lora llama 3 8b on an a100", "huh?", ["🔎 <b>Why:</b> it needs about 23.1 GB"]),
]


@pytest.mark.parametrize(("lang", "first", "then", "said"), EXPLAINED)
def test_a_question_mark_or_how_after_an_answer_explains_it(
        lang: str, first: str, then: str, said: list[str]) -> None:
    before, reply = converse(first, then, locale=lang)
    assert reply.locale == lang
    assert reply.answer.intent == before.answer.intent, reply.text
    says(reply.text, said, ["🤔", "What would you like to know", "¿Qué quieres saber?",
                            "Que voulez-vous savoir"])


def test_a_question_mark_with_nothing_before_it_asks_what_to_know() -> None:
    reply, = converse("?", locale="en")
    assert reply.text.startswith("❓ <b>What would you like to know?"), reply.text


# 4. "is that per gpu?" after a verdict (was "I did not understand"): on several GPUs, the
# detailed estimate is each GPU's, the planning rule's the whole job's; on one, the same.
@pytest.mark.parametrize(("lang", "first", "then", "said"), [
    ("en", "can i lora llama 3 70b on 4 a100s", "is that per gpu?",
     ["↔️ <b>Each GPU, and the whole job:</b> the detailed estimate, 53 GB, is what each GPU "
      "holds (of 85.9 GB); the planning rule's 168 GB is the whole job, split across 4× A100 "
      "80GB (343.6 GB together).", "✅ <b>Yes: Llama 3 70B fits on 4× A100 80GB (LoRA).</b>"]),
    ("es", "puedo hacer lora de llama 3 70b en 4 a100?", "¿es por gpu?",
     ["↔️ <b>Cada GPU y el trabajo entero:</b> la estimación detallada, 53 GB"]),
    ("fr", "je peux faire un lora de llama 3 70b sur 4 a100 ?", "c'est par gpu ?",
     ["↔️ <b>Chaque GPU, et l'ensemble :</b>"]),
    ("en", "can i lora llama 3 8b on an a100", "is that per gpu?",
     ["↔️ <b>One GPU:</b> the run is on 1× A100 80GB"]),
])
def test_per_gpu_asked_after_a_verdict(lang: str, first: str, then: str, said: list[str]) -> None:
    _, reply = converse(first, then, locale=lang)
    assert (reply.answer.intent, reply.query.per_gpu_asked) == ("fit", True), reply.text
    says(reply.text, said, ["🤔"])


# 5. "cheaper?" after a run asked on two cards in turn: the cheaper of the two, and the offered
# configuration under both that holds the run (was the two alone, the L40S at $0.82 unsaid).
CHEAPER_THAN_BOTH: list[tuple[str, tuple[str, ...], str | None]] = [
    ("en", ("how much is a lora of llama 3 8b on an a100 for 24 hours", "and on an h100?",
            "cheaper?"),
     "👉 Cheaper than both: 1× L40S at $0.82/hour, the cheapest offered configuration that "
     "holds this run."),
    ("es", ("cuanto cuesta un lora de llama 3 8b en una a100 por 24 horas", "y en una h100?",
            "cual es mas barata?"), "👉 Más barata que las dos: 1× L40S a 0,82 US$/hora"),
    ("fr", ("combien coûte un lora de llama 3 8b sur une a100 pendant 24 heures ?",
            "et sur une h100 ?", "moins cher ?"),
     "👉 Moins cher que les deux : 1× L40S à 0,82 $US/heure"),
    ("en", ("a100 or h100 for lora llama 3 8b, which is cheaper?",), "👉 Cheaper than both: 1× L40S"),
    # one of the two is the cheapest that holds it: nothing more said
    ("en", ("can i lora llama 3 70b on 4 a100s", "and on 2 h200?", "which is cheaper?"), None),
]


@pytest.mark.parametrize(("lang", "turns", "said"), CHEAPER_THAN_BOTH)
def test_cheaper_asked_of_two_cards_names_one_under_both(
        lang: str, turns: tuple[str, ...], said: str | None) -> None:
    reply = converse(*turns, locale=lang)[-1]
    assert (reply.answer.intent, reply.query.cheaper_asked) == ("compare", True), reply.text
    if said is None:
        says(reply.text, [], ["🤔", "Cheaper than both"])
    else:
        says(reply.text, [said], ["🤔"])


# 6. "explain", "explícamelo", "explique", "in simple terms?", "yes or no?", "¿cabe o no?",
# "donc oui ou non ?", "what's the catch" right after a verdict: read as "why?" is, the reason
# leading, the verdict after (was "I did not understand"). "explain lora" is no such follow-up.
FIT_4090 = {"en": "can i lora llama 3 8b on my 4090",
            "es": "puedo hacer lora de llama 3 8b en mi 4090?",
            "fr": "je peux faire un lora de llama 3 8b sur ma 4090 ?"}
WHY_LINE = {"en": "🔎 <b>Why:</b> it needs about 23.1 GB per GPU",
            "es": "🔎 <b>Por qué:</b> necesita unos 23,1 GB por GPU",
            "fr": "🔎 <b>Pourquoi :</b> il faut environ 23,1 Go par GPU"}


@pytest.mark.parametrize(("lang", "then"), [
    ("en", "explain"), ("en", "can you explain?"), ("en", "explain pls"),
    ("en", "in simple terms?"), ("en", "does it fit or not?"), ("en", "yes or no?"),
    ("en", "ok so whats the catch"),
    ("es", "explicamelo"), ("es", "¿me lo puedes explicar?"), ("es", "entonces si o no?"),
    ("es", "¿cabe o no?"), ("es", "en palabras sencillas?"), ("es", "¿dónde está el truco?"),
    ("fr", "explique"), ("fr", "tu peux m'expliquer ?"), ("fr", "donc oui ou non ?"),
    ("fr", "ça tient ou pas ?"), ("fr", "en termes simples ?"), ("fr", "c'est quoi le piège ?"),
])
def test_explain_or_yes_or_no_after_a_verdict_gives_its_reason(lang: str, then: str) -> None:
    _, reply = converse(FIT_4090[lang], then, locale=lang)
    assert (reply.locale, reply.answer.intent, reply.query.why_asked) == (lang, "fit", True)
    says(reply.text, [WHY_LINE[lang], "✅ <b>"], ["🤔"])


def test_explain_naming_something_is_no_why() -> None:
    _, reply = converse(FIT_4090["en"], "explain lora", locale="en")
    assert not reply.query.why_asked


# 7. "?" after a model's memory with no GPU named: the planning rule's GB per billion, what the
# detailed estimate counts, and the settings that decide it; after a run timed where it costs
# least (no card named), what its time is made of (was the same answer again, unexplained).
@pytest.mark.parametrize(("lang", "first", "said"), [
    ("en", "how much vram for lora on llama 3 8b",
     ["🔎 <b>How I got it:</b> LoRA (BF16 base): about 2.4 GB per billion parameters by the "
      "planning rule (8B: 19.2 GB). The detailed estimate, 23.1 GB on one GPU, counts each part "
      "at sequence 2,048 and batch 1", "❓ What decides it most is your sequence length and "
      "batch size", "📐 <b>Memory for Llama 3 8B</b>"]),
    ("es", "cuanta vram necesito para lora de llama 3 8b",
     ["🔎 <b>Cómo lo he calculado:</b> LoRA (base en BF16)", "La estimación detallada, 23,1 GB",
      "❓ Lo que más pesa es tu longitud de secuencia"]),
    ("fr", "combien de vram pour un lora de llama 3 8b ?",
     ["🔎 <b>Comment je l'ai calculé :</b>", "L'estimation détaillée, 23,1 Go",
      "❓ Ce qui pèse le plus, ce sont votre longueur de séquence"]),
    ("en", "how long to lora llama 3 8b on 20k samples of 1k tokens",
     ["🔎 <b>Why this time:</b> each token takes about", "on 1× L40S",
      "❓ What decides it most is the speed assumed"]),
])
def test_a_question_mark_after_a_memory_or_a_time_with_no_card(
        lang: str, first: str, said: list[str]) -> None:
    _, reply = converse(first, "?", locale=lang)
    says(reply.text, said, ["🤔", "What would you like to know"])
