"""lead44: the best estimate leads the reply, in the user's terms (training time and cost).

1. A time asked of a card we rent that one of does not hold ("full ft llama 3 8b on an h100 how
   long for 1B tokens"): the run is timed on the fewest of that card that hold it (rent43), and
   that time, with its cost, answers "how long": it leads, the verdict on the one card after it
   (was the ❌ first, the time under it).
2. "and how much?" right after that time: the cost of the run just timed (2× H100), where it
   costs less after it (was led by the 1× B200 run, another than the one timed).
3. A training speed asked of a card that holds the batch asked only with gradient
   accumulation ("seconds per step … bs 8 seq 2048 on my 4090"): estimated on that card at the
   largest micro-batch it holds, said so, the step's time in seconds too (was on 1× B200).
4. Two cards each trained its own way ("qlora on a 4090 vs full ft on an a100 for llama 3 8b,
   50M tokens, which is cheaper"): each side timed as its own time question is, the cheaper
   leading (one's own card costs no rent; a rented run what is paid for it) (was memory alone,
   both sides read as QLoRA).
"""

from __future__ import annotations

import pytest

from tests.support.chat import ask, converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


# (question, lang, first line starts with, then in order). Figures: rent43's (2× H100 22.04
# hours, $111.36 paid; 1× B200 23.16 hours, $110.64), 2× L40S as rent43 pins it.
TIME_LEADS: list[tuple[str, str | None, str, list[str]]] = [
    ("full ft llama 3 8b on an h100 how long for 1B tokens", None,
     "⏱ <b>Full AdamW of Llama 3 8B: about 22.04 hours on 2× H100",
     ["Timed on 2× H100: the fewest H100 GPUs that hold this run.",
      "💵 <b>You pay $111.36</b>",
      "💡 It costs less on 1× B200: about 19.81 hours, and you pay $92.20.",
      "❌ No: Llama 3 8B does not fit on 1× H100 (full AdamW).",
      "🩹 <b>What makes it fit on 1× H100</b>"]),
    ("how long to qlora llama 3 70b on an l40s, 100M tokens", None,
     "⏱ <b>QLoRA of Llama 3 70B: about", ["on 2× L40S", "💵 <b>You pay $63.96</b>",
                                         "❌ No: Llama 3 70B does not fit on 1× L40S (QLoRA)."]),
    ("cuanto tarda un full finetune de llama 3 8b en una h100 con 1B tokens", "es",
     "⏱ <b>Entrenamiento completo con AdamW de Llama 3 8B: alrededor de 22,04 horas en 2× H100",
     ["💡 Cuesta menos en 1× B200", "❌ No: Llama 3 8B no cabe en 1× H100"]),
    ("combien de temps pour un full finetune de llama 3 8b sur un h100 avec 1B tokens", "fr",
     "⏱ <b>Entraînement complet avec AdamW pour Llama 3 8B : environ 22,04 heures sur 2× H100",
     ["💡 Cela coûte moins cher sur 1× B200", "❌ Non : Llama 3 8B ne tient pas sur 1× H100"]),
    # Samples of unsaid length: the two times on the fewest H100s lead, the verdict after
    ("how long to full finetune llama 3 8b on an h100 with 100k samples", None,
     "⏱ <b>How long Llama 3 8B takes with full AdamW depends on how long your 100,000 samples",
     ["on 2× H100", "Timed on 2× H100: the fewest H100 GPUs that hold this run.",
      "❌ No: Llama 3 8B does not fit on 1× H100 (full AdamW)."]),
]


@pytest.mark.parametrize(("text", "lang", "first", "then"), TIME_LEADS)
def test_the_time_on_more_of_the_card_asked_leads_the_verdict_follows(
        text: str, lang: str | None, first: str, then: list[str]) -> None:
    reply = ask(text, lang)
    body = _spaces(reply.text)
    assert body.startswith(_spaces(first)), body
    says(body, then, ["❌ <b>", "❌ Memory"])


@pytest.mark.parametrize("text", [
    # whether it fits asked first: the verdict leads, as before
    "can i full finetune llama 3 8b on an h100, how long for 1B tokens?",
    # the error asked about is the fit
    "will full ft of llama 3 8b oom on an h100, and how long for 1B tokens",
])
def test_the_verdict_still_leads_when_it_was_asked_first(text: str) -> None:
    reply = ask(text)
    assert reply.text.startswith("❌"), reply.text


# (time asked, cost asked after it, lang, the cost's lead, then in order)
COST_OF_TIMED: list[tuple[str, str, str, str, list[str]]] = [
    ("how long to full finetune llama 3 8b on h100s, 1B tokens", "and how much?", "en",
     "💵 <b>About $102.27 to fine-tune Llama 3 8B on 1 billion tokens</b>", ["on 2× H100"]),
    ("how long to full finetune llama 3 8b on h100, 1B tokens", "and how much?", "en",
     "💵 <b>About $102.27 to fine-tune Llama 3 8B on 1 billion tokens</b> — full AdamW, about "
     "22.04 hours on 2× H100, the fewest H100 GPUs that hold this run.",
     ["💵 <b>You pay $111.36</b>",
      "💡 It costs less on 1× B200: about 19.81 hours, and you pay $92.20.",
      "❌ <b>No: Llama 3 8B does not fit on 1× H100 (full AdamW).</b>"]),
    ("full ft llama 3 8b on an h100 how long for 1B tokens", "how much would that cost", "en",
     "💵 <b>About $102.27", ["on 2× H100", "💡 It costs less on 1× B200"]),
    ("cuanto tarda un full finetune de llama 3 8b en una h100 con 1B tokens", "y cuanto cuesta?",
     "es", "💵 <b>Unos 102,27 US$",
     ["en 2× H100, la configuración con menos GPU H100 en la que cabe este entrenamiento.",
      "💡 Cuesta menos en 1× B200"]),
    ("combien de temps pour un full finetune de llama 3 8b sur un h100 avec 1B tokens",
     "et ça coûte combien ?", "fr", "💵 <b>Environ 102,27 $US",
     ["sur 2× H100, le plus petit nombre de GPU H100 où cet entraînement tient.",
      "💡 Cela coûte moins cher sur 1× B200"]),
]


@pytest.mark.parametrize(("timed", "asked", "lang", "lead", "then"), COST_OF_TIMED)
def test_the_cost_after_a_time_is_the_run_just_timed(
        timed: str, asked: str, lang: str, lead: str, then: list[str]) -> None:
    _, reply = converse(timed, asked, locale=lang)
    assert reply.answer.intent == "cost", reply.text
    body = _spaces(reply.text)
    lead_line = next(line for line in body.split("\n") if line.startswith("💵"))
    assert lead_line.startswith(_spaces(lead)), body
    says(body, then, [])


def test_the_cost_asked_on_its_own_still_leads_where_it_costs_least() -> None:
    # no time before it: a cost asked of one H100 leads with the run paid least (1× B200)
    reply = ask("how much to full finetune llama 3 8b on an h100, 1B tokens")
    assert "about 19.81 hours on 1× B200" in reply.text.split("\n")[0], reply.text


# (question, lang, in order). 2 × 2,048 tokens a micro-step fit a 4090 (17.9 GB by the detailed
# estimate), 8 do not (48.1 GB): bot.detail._held_micro_batch, as the time answer finds it.
SPEED_ON_CARD: list[tuple[str, str | None, list[str]]] = [
    ("seconds per step for qlora llama 3 8b bs 8 seq 2048 on my 4090", None,
     # the steps asked lead (session 47), at the batch said
     ["⏱ <b>About 0.1 it/s (10.4 s/it): Llama 3 8B on 1× RTX 4090 (QLoRA, estimate), at 16,384 "
      "tokens an optimizer step (batch 8 × 2,048 tokens).</b>",
      "🏋️ <b>About ", " training tokens/s: Llama 3 8B on 1× RTX 4090 (QLoRA, estimate).</b>",
      "At micro-batch 2 × gradient accumulation 4: the same effective batch of 8 and the same "
      "tokens, about 17.9 GB per GPU. 8 sequences at once would need about 48.1 GB per GPU"]),
    ("how many tok/s training qlora llama3 8b, batch 8, 2048 ctx, on my rtx 4090?", None,
     ["on 1× RTX 4090 (QLoRA, estimate)", "At micro-batch 2 × gradient accumulation 4"]),
    ("cuantos tokens/s entrenando qlora de llama 3 8b con batch 8 y seq 2048 en mi 4090", "es",
     ["en 1× RTX 4090 (QLoRA, estimación)", "Con micro-batch 2 × acumulación de gradientes 4"]),
    ("combien de tokens/s pour un qlora de llama 3 8b batch 8 seq 2048 sur ma 4090", "fr",
     ["sur 1× RTX 4090 (QLoRA, estimation)",
      "Avec un micro-batch de 2 × une accumulation de gradients de 4"]),
]


@pytest.mark.parametrize(("text", "lang", "has"), SPEED_ON_CARD)
def test_a_speed_on_a_card_holding_the_batch_by_accumulation_is_its_own(
        text: str, lang: str | None, has: list[str]) -> None:
    reply = ask(text, lang)
    says(reply.text, has, ["B200", "L40S ("])
    speed = reply.answer.train_speed
    assert speed is not None and (speed.gpu, speed.asked, speed.micro_batch) \
        == ("rtx-4090", True, 2), reply.text


def test_a_card_no_micro_batch_fits_is_still_answered_where_it_costs_least() -> None:
    reply = ask("tokens/s for qlora llama 3 70b bs 4 on my 4090")
    speed = reply.answer.train_speed
    assert speed is not None and not speed.asked and speed.micro_batch is None, reply.text
    assert "It does not fit on 1× RTX 4090" in reply.text, reply.text


# (question, lang, side methods, lead, then in order). Each side's figures are its own time
# question's ("how long to qlora llama 3 8b on a 4090, 50M tokens": 9.21 hours; full AdamW on
# an A100 80GB: timed on 2× A100 80GB, the fewest that hold it, one 10-hour block, $9.20).
SIDES: list[tuple[str, str | None, tuple[str, str], str, list[str]]] = [
    ("qlora on a 4090 vs full ft on an a100 for llama 3 8b, 50M tokens, which is cheaper", None,
     ("qlora", "full_adamw"),
     "💵 <b>Cheaper: QLoRA on your RTX 4090, which costs no rent (only its electricity): about 8.85 hours there; full AdamW on 2× A100 80GB takes about ",
     ["• QLoRA on 1× RTX 4090: about 8.85 hours", "Your own card: no rent.",
      "• Full AdamW on 2× A100 80GB: about ", "You pay $9.20.",
      "It does not fit on 1× A100 80GB"]),
    ("a 4090 with qlora or an a100 with full ft, llama 3 8b 50M tokens, cheaper?", None,
     ("qlora", "full_adamw"), "💵 <b>Cheaper: QLoRA on your RTX 4090", []),
    ("lora on an h100 vs qlora on an a100, llama 3 70b, 100M tokens, which is cheaper?", None,
     ("lora", "qlora"), "💵 <b>Cheaper: LoRA on 3× H100, about ",
     ["• LoRA on 3× H100", "• QLoRA on 1× A100 80GB"]),
    ("qlora en mi 4090 o full finetune en una a100 para llama 3 8b con 50M tokens, cual sale "
     "mas barato?", "es", ("qlora", "full_adamw"),
     "💵 <b>Más barato: QLoRA en tu RTX 4090, que no paga alquiler",
     ["Tu propia tarjeta: sin alquiler.", "Pagas 9,20 US$."]),
    ("qlora sur ma 4090 ou full ft sur une a100 pour llama 3 8b, 50M tokens, lequel est moins "
     "cher ?", "fr", ("qlora", "full_adamw"),
     "💵 <b>Moins cher : QLoRA sur votre RTX 4090",
     ["Votre propre carte : aucune location.", "Vous payez 9,20 $US."]),
]


@pytest.mark.parametrize(("text", "lang", "methods", "lead", "then"), SIDES)
def test_two_cards_each_trained_its_own_way_lead_with_the_cheaper(
        text: str, lang: str | None, methods: tuple[str, str], lead: str,
        then: list[str]) -> None:
    reply = ask(text, lang)
    assert reply.query.side_methods == methods, reply.query
    body = _spaces(reply.text)
    assert body.startswith(_spaces(lead)), body
    says(body, then, ["⚖️", "QLoRA (4-bit base) of Llama 3 8B on 1× A100"])


@pytest.mark.parametrize("text", [
    # the methods weighed on both cards, not one each
    "lora vs full finetune of llama 3 8b on an h100 vs a100, 50M tokens",
    "4090 vs a100 for qlora llama 3 8b 50M tokens",
])
def test_methods_not_said_card_by_card_are_no_sides(text: str) -> None:
    assert ask(text).query.side_methods is None


@pytest.mark.parametrize(("text", "lead", "then"), [
    # neither card alone holds the run: each on the fewest of it that do, the cheaper first
    # (was "Neither holds it" alone); 3× H100 and 2× H200 as "how long … on an h100 / h200"
    ("is an h200 worth it over an h100 for lora llama 3 70b 100M tokens",
     "💵 <b>Cheaper: LoRA on 3× H100, about ",
     ["on as many of each card as hold it:", "• LoRA on 2× H200", "• LoRA on 3× H100"]),
    ("h100 or a100 for full ft of llama 3 8b on 1B tokens, which is cheaper",
     "💵 <b>Cheaper: full AdamW on 2× H100, about 22.04 hours, and you pay $111.36",
     ["• Full AdamW on 2× A100 80GB"]),
])
def test_neither_card_alone_each_on_the_fewest_of_it(text: str, lead: str,
                                                      then: list[str]) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text
    says(reply.text, then, ["Neither holds it"])


def test_no_count_of_either_card_holds_it_still_says_so() -> None:
    reply = ask("a100 vs h100 for full finetune llama 3 70b 100M tokens")
    assert not reply.answer.side_runs and "B200" not in reply.text.split("\n")[0], reply.text
