"""conv46b: the conversation, part 2. "tldr?", "en resumen?", "bref ?" right after an answer:
that answer in a line or two, its verdict or the figure that answers (was "I did not
understand" with the help's examples). "so yes?", "so it fits?", "entonces sí?", "donc ça
passe ?" after a verdict: read as "yes or no?" is, the reason then the verdict (was the small
talk's "Good. Anything else?", the same answer again, or "I did not understand")."""

from __future__ import annotations

import pytest

from tests.support.chat import converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


NOT_UNDERSTOOD = ["🤔", "Try for example", "Prueba, por ejemplo", "Essayez par exemple",
                  "Anything else?"]

# 1. (lang, first, then, what the short reply says in order, what it does not say)
IN_SHORT: list[tuple[str, str, str, list[str], list[str]]] = [
    ("en", "can i qlora llama 3 70b on an l40s?", "tldr?",
     ["❌ <b>No: Llama 3 70B does not fit on 1× L40S (QLoRA).</b>\n🔢 It takes at least 2× L40S"],
     ["At typical settings", "🛠"]),
    ("en", "how much is a qlora of llama 3 70b?", "tl;dr",
     ["💵 <b>Illustrative cost: $9.20</b> — 1× A100 80GB × 10 hours"], ["• <b>QLoRA", "🛠", "🧱"]),
    ("en", "can i qlora llama 3 8b on a 4090?", "too long didnt read",
     ["✅ <b>Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA).</b>"], ["At typical settings"]),
    ("en", "how much vram for lora llama 3 8b", "in short?",
     ["🎯 <b>About 23.1 GB on one GPU", "👉 Cheapest offered configuration"], ["• <b>LoRA"]),
    ("en", "how long to lora llama 3 8b on 20k samples of 1k tokens on an h100", "tldr pls",
     ["⏱ <b>LoRA of Llama 3 8B: about 35 minutes on 1× H100"], ["6·N·D"]),
    ("en", "how much for 8x h100 for 24 hours", "tl;dr?", ["💵 <b>Cost: $445.44</b>"], ["🧱"]),
    ("es", "cuanto cuesta un qlora de llama 3 70b?", "resumen?",
     ["💵 <b>Coste de ejemplo: 9,20 US$</b>"], ["• <b>QLoRA", "🛠"]),
    ("es", "puedo hacer qlora de llama 3 70b en una l40s?", "en resumen?",
     ["❌ <b>No: Llama 3 70B no cabe en 1× L40S (QLoRA).</b>", "🔢 Hacen falta al menos 2× L40S"],
     ["🛠"]),
    ("fr", "combien coûte un qlora de llama 3 70b ?", "en résumé ?",
     ["💵 <b>Coût à titre d'exemple : 9,20 $US</b>"], ["• <b>QLoRA", "🛠"]),
    ("fr", "je peux faire un qlora de llama 3 70b sur une l40s ?", "bref ?",
     ["❌ <b>Non : Llama 3 70B ne tient pas sur 1× L40S (QLoRA).</b>"], ["🛠"]),
]


@pytest.mark.parametrize(("lang", "first", "then", "said", "lacks"), IN_SHORT)
def test_tldr_after_an_answer_gives_it_in_a_line_or_two(
        lang: str, first: str, then: str, said: list[str], lacks: list[str]) -> None:
    before, reply = converse(first, then, locale=lang)
    assert (reply.locale, reply.answer.intent) == (lang, before.answer.intent), reply.text
    says(reply.text, said, [*NOT_UNDERSTOOD, *lacks])
    kept = [line for line in reply.text.splitlines() if line and not line.startswith("↪️")]
    assert len(kept) <= 2, reply.text


def test_tldr_with_nothing_before_it_is_not_a_summary() -> None:
    reply, = converse("tldr?", locale="en")
    assert not reply.query.tldr_asked


# 2. "so yes?" and the like after a verdict: the reason, then the verdict
SO_YES: list[tuple[str, str, str, list[str]]] = [
    ("en", "can i qlora llama 3 70b on an l40s?", "so yes?",
     ["🔎 <b>Why:</b> it needs about 52.6 GB per GPU", "❌ <b>No: Llama 3 70B does not fit"]),
    ("en", "can i qlora llama 3 8b on a 4090?", "so it fits?",
     ["🔎 <b>Why:</b> it needs about 12.8 GB per GPU", "✅ <b>Yes: Llama 3 8B fits"]),
    ("en", "can i qlora llama 3 8b on a 4090?", "ok so it works then?", ["🔎 <b>Why:</b>", "✅"]),
    ("es", "puedo hacer qlora de llama 3 8b en una 4090?", "entonces sí?",
     ["🔎 <b>Por qué:</b> necesita unos 12,8 GB", "✅ <b>Sí"]),
    ("es", "puedo hacer qlora de llama 3 70b en una l40s?", "o sea que no cabe?",
     ["🔎 <b>Por qué:</b>", "❌ <b>No"]),
    ("fr", "je peux faire un qlora de llama 3 8b sur une 4090 ?", "donc ça passe ?",
     ["🔎 <b>Pourquoi :</b> il faut environ 12,8 Go", "✅ <b>Oui"]),
    ("fr", "je peux faire un qlora de llama 3 70b sur une l40s ?", "du coup c'est non ?",
     ["🔎 <b>Pourquoi :</b>", "❌ <b>Non"]),
]


@pytest.mark.parametrize(("lang", "first", "then", "said"), SO_YES)
def test_so_yes_after_a_verdict_gives_it_with_its_reason(
        lang: str, first: str, then: str, said: list[str]) -> None:
    _, reply = converse(first, then, locale=lang)
    assert (reply.locale, reply.answer.intent, reply.query.why_asked) == (lang, "fit", True)
    says(reply.text, said, NOT_UNDERSTOOD)


def test_yes_alone_is_not_read_as_a_verdict_asked_back() -> None:
    _, reply = converse("can i qlora llama 3 8b on a 4090?", "yes", locale="en")
    assert not reply.query.why_asked


# 3. "?" after a model served with no precision named: the precision decides it, each one's
# detailed estimate with the KV cache (was the same answer again, no reason line)
PRECISION_WHY: list[tuple[str, str, list[str]]] = [
    ("en", "can i run llama 3 70b on an h100?",
     ["🔎 <b>Why:</b> what decides it is the precision you serve in: with the KV cache at 2,048 "
      "tokens of context and batch 1, each GPU needs about 143.6 GB for BF16 inference, 75.1 GB "
      "for 8-bit inference, and 45.2 GB for 4-bit inference, of the 85.52 GB each GPU has.",
      "❓ Tell me the precision you serve in", "✅ <b>On 1× H100, Llama 3 70B fits"]),
    ("en", "how much vram to run llama 3 8b",
     ["🔎 <b>Why:</b>", "one GPU needs about 17.9 GB for BF16 inference", "📐 <b>Memory"]),
    ("en", "serve llama 3 8b for 50 users", ["🔎 <b>Why:</b>", "batch 50, one GPU needs about 30.8 GB"]),
    ("es", "puedo correr llama 3 70b en una h100?",
     ["🔎 <b>Por qué:</b> lo que lo decide es la precisión", "143,6 GB con inferencia en BF16",
      "❓ Dime en qué precisión lo sirves"]),
    ("fr", "je peux faire tourner llama 3 70b sur une h100 ?",
     ["🔎 <b>Pourquoi :</b> ce qui le décide, c'est la précision",
      "❓ Dites-moi dans quelle précision vous le servez"]),
]


@pytest.mark.parametrize(("lang", "first", "said"), PRECISION_WHY)
def test_a_question_mark_after_serving_with_no_precision_says_the_precision_decides(
        lang: str, first: str, said: list[str]) -> None:
    _, reply = converse(first, "?", locale=lang)
    assert (reply.locale, reply.query.why_asked) == (lang, True), reply.text
    says(reply.text, said, NOT_UNDERSTOOD)


def test_a_question_mark_after_serving_in_a_precision_named_keeps_its_reason() -> None:
    _, reply = converse("can i run llama 3 70b in 4bit on an h100?", "?", locale="en")
    says(reply.text, ["🔎 <b>Why:</b> it needs about 45.2 GB per GPU"], ["precision you serve in"])


# 5. Another model on the GPUs the last question named: they are kept, and far fewer hold it
# (was the 4× A100's cost alone, as if that were what a QLoRA of Mistral 7B takes)
KEPT: list[tuple[str, str, str, list[str]]] = [
    ("fr", "combien coûte un lora de llama 3 70b sur 4 a100 pendant 24 h ?",
     "et un qlora de mistral 7b ?",
     ["💵 <b>Coût : 88,32 $US</b> — 4× A100 80GB × 24 heures",
      "🎯 <b>Plus que ce qu'il faut pour cet entraînement :</b>", "1× A100 80GB suffit déjà.",
      "1× L40S à 0,82 $US/heure"]),
    ("en", "how much for a lora of llama 3 70b on 4x a100 for 24 hours",
     "and a qlora of mistral 7b?",
     ["💵 <b>Cost: $88.32</b>", "🎯 <b>More than this run needs:</b> it needs about 5.5 GB of "
      "the 320 GB there (2%). 1× A100 80GB already holds it. The cheapest offered configuration "
      "that holds it is 1× L40S at $0.82/hour (vs $3.68/hour)."]),
    ("es", "cuanto cuesta un lora de llama 3 70b en 4 a100 por 24 horas?",
     "y un qlora de mistral 7b?",
     ["💵 <b>Coste: 88,32 US$</b>", "🎯 <b>Más de lo que necesita este entrenamiento:</b>",
      "1× A100 80GB ya lo aguanta."]),
]


@pytest.mark.parametrize(("lang", "first", "then", "said"), KEPT)
def test_another_model_on_the_gpus_kept_says_fewer_hold_it(
        lang: str, first: str, then: str, said: list[str]) -> None:
    _, reply = converse(first, then, locale=lang)
    assert (reply.locale, reply.query.gpu_count, reply.query.hours) == (lang, 4, 24), reply.text
    says(reply.text, said, NOT_UNDERSTOOD)


def test_another_model_that_needs_the_gpus_kept_says_nothing_of_fewer() -> None:
    _, reply = converse("can i lora llama 3 8b on 4x a100", "and llama 3 70b?", locale="en")
    assert "🎯" not in reply.text, reply.text
