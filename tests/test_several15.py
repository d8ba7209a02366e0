"""Several questions in one message as people write them (no punctuation, "also", "btw", "y",
"et aussi", "??", line breaks, emoji), and the follow-ups after such a reply: each question
gets its own section (bot/several.py), and a follow-up continues the section it is about
(bot/conversation.py)."""

from __future__ import annotations

import pytest

from bot.pipeline import Reply
from fakebotapi import validate_telegram_html
from tests.support.chat import ask, converse


def _shape(reply: Reply) -> list[tuple[str, str | None, str | None]]:
    return [(p.answer.intent, p.query.model_id or (
        f"{p.query.params_b.normalize():f}" if p.query.params_b is not None else None),
        p.query.gpu) for p in reply.parts]


# (message, each section's (intent, model, gpu) in order; [] when read as one question)
SECTIONS = [
    # the provider compared ("runpod vs u for h100") is a question of its own, as is the
    # largest model a budget trains (was one reading, the comparison unanswered)
    ("biggest model i can qlora w/ 50 bucks on 5M tokens?? also runpod vs u for h100",
     [("cost", None, None), ("prices", None, "h100")]),
    ("runpod vs u for h100?? also whats the cheapest gpu for qwen3 8b lora",
     [("prices", None, "h100"), ("recommend", "qwen3-8b", None)]),
    ("biggest model i can lora with 100 dollars? btw are u cheaper than vast",
     [("cost", None, None), ("prices", None, None)]),
    ("largest model for qlora on my 4090 btw runpod vs you guys for a100?",
     [("fit", None, "rtx-4090"), ("prices", None, "a100-80gb")]),
    ("el modelo mas grande que puedo entrenar con qlora con 30 dolares?? y runpod o ustedes "
     "para una h100", [("cost", None, None), ("prices", None, "h100")]),
    ("quel est le plus gros modèle que je peux qlora avec 40 $ ? et aussi vous êtes moins "
     "cher que vast pour une h100 ?", [("cost", None, None), ("prices", None, "h100")]),
]

# A card's price asked after a run ("¿el precio de la h200?") is that price, not the run there
# (was Mistral's fit on the H200).
SECTIONS += [
    ("mistral 7b en mi 3060 12gb? otra pregunta, ¿el precio de la h200?",
     [("fit", "mistral-7b", "rtx-3060"), ("prices", None, "h200")]),
    ("does mistral 7b fit on my 3060? also, the price of the h200?",
     [("fit", "mistral-7b", "rtx-3060"), ("prices", None, "h200")]),
    ("mistral 7b tient sur ma 3060 ? autre question, le prix de la h200 ?",
     [("fit", "mistral-7b", "rtx-3060"), ("prices", None, "h200")]),
]
# A model asked as a follow-up ("y con qlora el 70b??", "also what about gemma 2 27b") after a
# question on a card: on that card (was its memory on no card).
SECTIONS += [
    ("tengo una 4090, me entra mistral 7b full finetune?? y con qlora el 70b??",
     [("fit", "mistral-7b", "rtx-4090"), ("fit", "70", "rtx-4090")]),
    ("qwen2.5 14b fits on my 4070 ti? also what about gemma 2 27b",
     [("fit", "qwen2.5-14b", "rtx-4070-ti"), ("fit", "gemma-2-27b", "rtx-4070-ti")]),
    ("j'ai une 4090, mistral 7b en full ça passe ? et avec qlora le 70b ?",
     [("fit", "mistral-7b", "rtx-4090"), ("fit", "70", "rtx-4090")]),
]
# An emoji where a full stop would be, before "also", "también", "et aussi": another question
# (was one reading, the payment dropped).
SECTIONS += [
    ("what gpu for finetuning llama 3 8b 🤔 also do u accept xmr 🙏",
     [("recommend", "llama-3-8b", None), ("pay", None, None)]),
    ("llama 3 8b on 4090 🔥🔥 also do u take btc",
     [("fit", "llama-3-8b", "rtx-4090"), ("pay", None, None)]),
    ("que gpu para llama 3 8b 🤔 tambien aceptan xmr?",
     [("recommend", "llama-3-8b", None), ("pay", None, None)]),
]

# The cheapest option asked after a run is that run's cheapest configuration (was its cost on
# the first card, which does not hold it); two budgets are two questions (were one, the second
# dropped); a model said alone after "also" is asked on the card before it, trained the same
# way ("… lora sur ma 3090 ? et llama 3 8b ?"); "can i use usdc?" is a payment (was serving).
SECTIONS += [
    ("is h100 or h200 better for llama 70b lora? also whats the cheapest option that fits",
     [("compare", "70", "h100"), ("recommend", "70", None)]),
    ("¿h100 o h200 para llama 70b con lora? y otra cosa, ¿cual es la opcion mas barata que "
     "entra?", [("compare", "70", "h100"), ("recommend", "70", None)]),
    ("what can i train with $20? also what can i train with $100?",
     [("cost", None, None), ("cost", None, None)]),
    ("any chance mistral nemo 12b fits on 16gb for qlora? also gemma 2 9b?",
     [("fit", "mistral-nemo-12b", None), ("fit", "gemma-2-9b", None)]),
    ("does mistral 7b fit on a 3060? llama 3 70b?",
     [("fit", "mistral-7b", "rtx-3060"), ("fit", "llama-3-70b", "rtx-3060")]),
    ("can i use usdc? how much is an a100 per hour? and how about l40s",
     [("pay", None, None), ("prices", None, "a100-80gb")]),
    ("puedo usar usdt? y cuanto cuesta una h100 por hora",
     [("pay", None, None), ("prices", None, "h100")]),
]
# The largest model asked again on other cards ("also on 2x 4090?", "y en dos?"): the largest
# there too (was the two cards compared, or the second count dropped).
SECTIONS += [
    ("what's the max model i can serve on a 4090 in 4bit? also on 2x 4090?",
     [("fit", None, "rtx-4090"), ("fit", None, "rtx-4090")]),
    ("biggest model for qlora on a 3090? and on 2 of them?",
     [("fit", None, "rtx-3090"), ("fit", None, "rtx-3090")]),
    ("el modelo mas grande para qlora en una 3090? y en dos?",
     [("fit", None, "rtx-3090"), ("fit", None, "rtx-3090")]),
]
# The hourly price asked after a question on a card is that card's, beside the verdict, read
# whole (was the whole price list apart, or the cost of serving asked back for hours).
SECTIONS += [
    ("can i run llama 3 70b in 4bit on an a100? how much per hour?", []),
    ("¿entra llama 3.1 70b en 4 bits en una a100? y en una h100? y cuanto sale por hora cada una",
     []),
]

# (message, each section's method in order)
METHODS = [
    ("est-ce que mistral 7b passe en lora sur ma 3090 ? et llama 3 8b ? et combien de temps "
     "pour 10M tokens ?", ["lora", "lora"]),
    ("can i full finetune mistral 7b on my 4090? and llama 3 8b?", ["full_adamw", "full_adamw"]),
    ("any chance mistral nemo 12b fits on 16gb for qlora? also gemma 2 9b?", ["qlora", "qlora"]),
]


@pytest.mark.parametrize(("text", "methods"), METHODS)
def test_a_model_alone_is_trained_as_the_one_before(text: str, methods: list[str]) -> None:
    reply = ask(text)
    assert [p.query.method for p in reply.parts] == methods, reply.text
    assert [p.query.gpu_count or 1 for p in reply.parts] == [1] * len(methods)


# (message, a phrase the reply must hold, a phrase it must not)
SAID = [
    # "which is cheaper?" after two cards compared for a run: the comparison's cost verdict
    # answers it (was that run's cost on the first card, or the cheapest GPUs, in a section)
    ("how long to qlora llama 3 8b on 1M tokens on an a100? what about on an h100? which is "
     "cheaper?", "costs less", "2️⃣"),
    ("a100 o h100 para qlora de llama 3 8b con 10M tokens? cual sale mas barato?", "cuesta menos",
     "2️⃣"),
    ("h100 ou a100 pour un qlora de llama 3 8b sur 10M tokens ? laquelle est la moins chère ?",
     "coûte moins cher", "2️⃣"),
    ("can i run llama 3 70b in 4bit on an a100? how much per hour?", "1× A100 80GB: $0.92/hour",
     "💲"),
    ("¿entra llama 3.1 70b en 4 bits en una a100? y en una h100? y cuanto sale por hora cada "
     "una", "0,92\u00a0US$/hora", "durante cuántas horas"),
    # "combien de tok/s" asks a speed, not money: the run's tokens/s (was the 4090's
    # unpublished price in a second section)
    ("est-ce que qwen3 32b tient sur une 4090? combien de tok/s", "tokens/s", "2️⃣"),
    ("qwen3 32b ça passe sur ma 4090 ?? et combien de tokens par seconde", "tokens/s",
     "2️⃣"),
    ("mistral 7b tient sur une 3060 ? combien de tok/s en 4 bits", "tokens/s", "2️⃣"),
]


@pytest.mark.parametrize(("text", "expected"), SECTIONS)
def test_sections(text: str, expected: list[tuple[str, str | None, str | None]]) -> None:
    reply = ask(text)
    assert _shape(reply) == expected, reply.text
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "has", "lacks"), SAID)
def test_said(text: str, has: str, lacks: str) -> None:
    reply = ask(text)
    assert has in reply.text, reply.text
    assert lacks not in reply.text, reply.text
    assert validate_telegram_html(reply.text) is None


# A choice between two models beside another question: both verdicts in its section (was the
# first model's answer alone, the other dropped).
CHOICES = [
    ("llama 3 8b or qwen3 8b for my 3060? also how much is an h100 per hour",
     ["Llama 3 8B", "Qwen3 8B", "2️⃣", "$2.32/hour"]),
    ("mistral 7b or qwen2.5 7b on 12gb for qlora?? btw do u take xmr",
     ["Mistral 7B", "Qwen2.5 7B", "2️⃣", "XMR"]),
    ("llama 3 8b o qwen3 8b para mi 3060? y aceptan usdt?",
     ["Llama 3 8B", "Qwen3 8B", "2️⃣", "USDT"]),
    ("llama 3 8b ou qwen3 8b pour ma 3060 ? et vous acceptez les usdt ?",
     ["Llama 3 8B", "Qwen3 8B", "2️⃣", "USDT"]),
]


@pytest.mark.parametrize(("text", "has"), CHOICES)
def test_choice_in_a_section(text: str, has: list[str]) -> None:
    reply = ask(text)
    first = reply.text.split("2️⃣")[0]
    assert "⚖️" in first and all(name in first for name in has[:2]), reply.text
    at = 0
    for phrase in has:
        at = reply.text.index(phrase, at)
    assert validate_telegram_html(reply.text) is None


TWO_RUNS = "can i qlora llama 3 70b on a h100? also does mistral 7b fit on a 3060?"
COST_THEN_FIT = ("combien coûte un qlora de llama 3 70b sur une h100 pour 24h ? et aussi "
                 "est-ce que mistral 7b tient sur une 3060 ?")
# (the chat's turns, then what its last reply answers: intent, model, gpu, count, hours, method)
FOLLOW_UPS = [
    # hours continue the section with hours, a cost or a card's price (were the last run's:
    # the 3060, which has no price)
    ((COST_THEN_FIT, "et pour 48h ?"), ("cost", "llama-3-70b", "h100", None, 48, "qlora")),
    (("how much to qlora llama 3 70b on h100 for 20h? also mistral 7b on a 3060?",
      "what about 48h"), ("cost", "llama-3-70b", "h100", None, 48, "qlora")),
    (("¿cuánto sale hacer qlora de llama 3 70b en una h100 por 24 horas? y otra cosa, ¿mistral "
      "7b entra en una 3060?", "y por 48h?"), ("cost", "llama-3-70b", "h100", None, 48, "qlora")),
    (("can i qlora llama 3 8b on my 4090? also how much is an h100 per hour", "and for 10 hours?"),
     ("cost", "llama-3-8b", "h100", None, 10, "qlora")),
    ((COST_THEN_FIT, "et pour 48h ?", "et avec 2 ?"),
     ("cost", "llama-3-70b", "h100", 2, 48, "qlora")),
    # a count continues the last run on a card, not a section on none
    (("can mistral 7b run on a 3060? also how much vram for llama 3 70b qlora?", "y con 2?"),
     ("fit", "mistral-7b", "rtx-3060", 2, None, "inference_bf16")),
    # "the other one": the section not continued, with the change the last follow-up made
    ((TWO_RUNS, "what about the other one"), ("fit", "llama-3-70b", "h100", None, None, "qlora")),
    ((TWO_RUNS, "same but lora", "what about the other one"),
     ("fit", "llama-3-70b", "h100", None, None, "lora")),
    ((TWO_RUNS, "same but lora", "what about the other one", "and the other one?"),
     ("fit", "mistral-7b", "rtx-3060", None, None, "lora")),
    (("¿cabe llama 3 70b en una h100 con qlora? ¿y mistral 7b en una 3060?", "y con lora?",
      "¿y la otra?"), ("fit", "llama-3-70b", "h100", None, None, "lora")),
    (("llama 3 70b tient sur une h100 en qlora ? et mistral 7b sur une 3060 ?", "et en lora ?",
      "et l'autre ?"), ("fit", "llama-3-70b", "h100", None, None, "lora")),
]


@pytest.mark.parametrize(("turns", "expected"), FOLLOW_UPS)
def test_follow_up_of_a_section(
    turns: tuple[str, ...], expected: tuple[str, str, str, int | None, int | None, str]
) -> None:
    last = converse(*turns)[-1]
    q = last.query
    got = (last.answer.intent, q.model_id, q.gpu, q.gpu_count,
           int(q.hours) if q.hours is not None else None, q.method)
    assert got == expected, last.text
    assert last.carried, last.text
    assert validate_telegram_html(last.text) is None


# A paragraph a section before said is not said again: each section adds something (the cost's
# section repeated the fit verdict, its next step and the planning note word for word).
SAID_ONCE = [
    ("can i qlora llama 3 70b on a h100?\nhow much for 20 hours?\ndo you take monero",
     ["Yes: Llama 3 70B fits on 1× H100", "Planning rules from the cited sources", "🛠 Next"]),
    ("can i qlora llama 3 70b on a h100? also does mistral 7b fit on a 3060?",
     ["Planning rules from the cited sources"]),
    ("¿puedo hacer qlora de llama 3 70b en una h100?\n¿cuánto sale por 20 horas?",
     ["Sí: Llama 3 70B cabe en 1× H100", "🛠"]),
    ("qlora de llama 3 70b sur une h100, ça passe ? combien pour 20 heures ?",
     ["Oui : Llama 3 70B tient sur 1× H100", "🛠"]),
]


@pytest.mark.parametrize(("text", "once"), SAID_ONCE)
def test_a_paragraph_is_said_once(text: str, once: list[str]) -> None:
    reply = ask(text)
    assert "2️⃣" in reply.text, reply.text
    for phrase in once:
        assert reply.text.count(phrase.replace(" : ", "\u00a0: ")) == 1, (phrase, reply.text)
    assert validate_telegram_html(reply.text) is None


# After a choice between two models, a follow-up naming no model asks the choice again of both
# (was the model named last alone); "the other one" is the model that did not lead.
CHOSEN = "llama 3 8b or qwen3 8b for my 3060?"
CHOICE_FOLLOW_UPS = [
    ((CHOSEN, "and on a 3090?"), [("llama-3-8b", "rtx-3090", None), ("qwen3-8b", "rtx-3090", None)]),
    ((CHOSEN, "y con lora?"), [("llama-3-8b", "rtx-3060", "lora"), ("qwen3-8b", "rtx-3060", "lora")]),
    ((CHOSEN, "and on a 3090?", "y con 2?"),
     [("llama-3-8b", "rtx-3090", None), ("qwen3-8b", "rtx-3090", None)]),
    (("mistral 7b ou qwen2.5 7b sur 12 go en qlora, lequel passe ?", "et sur 24 go ?"),
     [("mistral-7b", None, "qlora"), ("qwen2.5-7b", None, "qlora")]),
    ((CHOSEN, "what about the other one"), [("qwen3-8b", "rtx-3060", None)]),
]


@pytest.mark.parametrize(("turns", "expected"), CHOICE_FOLLOW_UPS)
def test_follow_up_of_a_choice(
    turns: tuple[str, ...], expected: list[tuple[str, str | None, str | None]]
) -> None:
    last = converse(*turns)[-1]
    answered = [p.query for p in last.parts] or [last.query]
    assert [(q.model_id, q.gpu, q.method) for q in answered] == expected, last.text
    assert len(last.parts) != 2 or "⚖️" in last.text
    assert last.carried and validate_telegram_html(last.text) is None
