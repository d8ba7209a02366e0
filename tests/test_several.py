"""Several questions in one message (bot/understand/split.py cuts, bot/several.py keeps the
parts that ask something of their own): each answered in its own section of one reply, in the
order asked; a message that asks one question is answered exactly as before."""

from __future__ import annotations

import asyncio
import json
import random
import tomllib
from collections.abc import AsyncIterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from telegram.ext import Application

from bot.console import Console
from bot.conversation import Conversations
from bot.pipeline import JSON_KEYS, Pipeline, Reply, to_json
from bot.render.telegram_html import MAX_MESSAGE, visible_length
from bot.several import compose, said_once
from bot.understand.split import pieces
from fakebotapi import FakeBotAPI, validate_telegram_html
from rules.catalogue import load_catalogue
from tests.support.bot_running import running_on_sqlite

PIPE = Pipeline(load_catalogue())
EXAMPLE = ("can i run llama3.1 8b w/ 32k ctx on my 4090 in fp16? also how much is an h100/hr "
           "and do u take paypal")


def _shape(reply: Reply) -> list[tuple[str, str | None, str | None]]:
    return [(p.answer.intent, p.query.model_id or (str(p.query.params_b) if p.query.params_b
             else None), p.query.gpu) for p in reply.parts]


# --- the cuts ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    (EXAMPLE, ["can i run llama3.1 8b w/ 32k ctx on my 4090 in fp16?",
               "how much is an h100/hr and do u take paypal"]),
    ("¿cabe qwen2.5 14b en mi 3090 con qlora? y otra cosa, ¿aceptan paypal?",
     ["¿cabe qwen2.5 14b en mi 3090 con qlora?", "¿aceptan paypal?"]),
    ("combien coûte une H200 de l'heure ? et est-ce que llama 3 70b tient dessus en 4 bits ?",
     ["combien coûte une H200 de l'heure ?", "et est-ce que llama 3 70b tient dessus en 4 bits ?"]),
    ("1) can i qlora llama 3.1 8b on a 3090 2) how much is an h100 per hour",
     ["can i qlora llama 3.1 8b on a 3090", "how much is an h100 per hour"]),
    ("1. will qwen2.5 7b fit on a 4060 8gb w/ qlora\n2. do you guys take monero",
     ["will qwen2.5 7b fit on a 4060 8gb w/ qlora", "do you guys take monero"]),
    ("1. can i qlora 8b on a t4? 2. do you take btc",
     ["can i qlora 8b on a t4?", "do you take btc"]),
    ("I want to qlora llama 70b. do you take paypal?", ["I want to qlora llama 70b.", "do you take paypal?"]),
    ("questions:\n- qlora 70b on a 4090?\n• price of h200?",
     ["questions:", "qlora 70b on a 4090?", "price of h200?"]),
    ("qlora 8b on a t4 and also how long for 10M tokens",
     ["qlora 8b on a t4", "how long for 10M tokens"]),
    ("qlora 8b on a t4. Además, ¿cuánto cuesta una H100?",
     ["qlora 8b on a t4.", "¿cuánto cuesta una H100?"]),
    ("lora 8b on an a100. Par ailleurs, vous prenez le bitcoin ?",
     ["lora 8b on an a100.", "vous prenez le bitcoin ?"]),
    # A joining word alone between two questions belongs to neither.
    ("running ollama on my 3060 12gb, will qwen2.5 14b run? and btw do u take monero",
     ["running ollama on my 3060 12gb, will qwen2.5 14b run?", "do u take monero"]),
    ("¿cabe llama 3 8b en mi 3060? y por cierto, ¿aceptan monero?",
     ["¿cabe llama 3 8b en mi 3060?", "¿aceptan monero?"]),
    # Not cut: "?" inside a link, a number list that does not count 1, 2, "also" inside a
    # clause, "también" inside one, a Spanish "¿" after the question's own facts.
    ("https://example.com/a?b=c is it ok", ["https://example.com/a?b=c is it ok"]),
    ("llama 3.1 8b on 2) a 3090", ["llama 3.1 8b on 2) a 3090"]),
    ("is the 4090 also enough for llama 70b?", ["is the 4090 also enough for llama 70b?"]),
    ("¿funciona también en una 3090?", ["¿funciona también en una 3090?"]),
    ("LoRA de 7B en una RTX 4090 durante 24 horas, ¿cuánto cuesta?",
     ["LoRA de 7B en una RTX 4090 durante 24 horas, ¿cuánto cuesta?"]),
])
def test_pieces(text: str, expected: list[str]) -> None:
    found = pieces(text)
    assert [p.text for p in found] == expected
    assert all(text[p.start:p.end] == p.text for p in found)


@pytest.mark.parametrize(("text", "opened"), [
    ("can i qlora llama 3 8b on my 3090? also on my 3080?", [False, True]),
    ("qlora 8b on a t4. Además, ¿cuánto cuesta una H100?", [False, True]),
    ("lora 8b on an a100. Par ailleurs, vous prenez le bitcoin ?", [False, True]),
    ("qlora 8b on a t4 btw how long for 10M tokens", [False, True]),
    ("can i run llama 8b on a 4090? and on a 3090?", [False, False]),
    ("1. will qwen2.5 7b fit on a 4060\n2. do you take monero", [False, False]),
])
def test_a_piece_says_whether_a_word_opened_it_as_another_question(
    text: str, opened: list[bool]
) -> None:
    assert [p.opened for p in pieces(text)] == opened


# --- which parts are questions of their own ---------------------------------------------------

MUST_SPLIT = [
    (EXAMPLE, [("fit", "llama-3.1-8b", "rtx-4090"), ("prices", None, "h100")]),
    ("¿cabe qwen2.5 14b en mi 3090 con qlora? y otra cosa, ¿aceptan paypal?",
     [("fit", "qwen2.5-14b", "rtx-3090"), ("pay", None, None)]),
    # "dessus": on the H200 just asked about.
    ("combien coûte une H200 de l'heure ? et est-ce que llama 3 70b tient dessus en 4 bits ?",
     [("prices", None, "h200"), ("fit", "llama-3-70b", "h200")]),
    # "how much would it cost?" after a fit question: that run.
    ("can i qlora llama 70b on a 4090? how much would it cost?",
     [("fit", "70", "rtx-4090"), ("cost", "70", "rtx-4090")]),
    ("can i run llama 3 8b on my 3090? can i run llama 3 70b on an h100?",
     [("fit", "llama-3-8b", "rtx-3090"), ("fit", "llama-3-70b", "h100")]),
    ("1) can i qlora llama 3.1 8b on a 3090 2) how much is an h100 per hour 3) do you take btc",
     [("fit", "llama-3.1-8b", "rtx-3090"), ("prices", None, "h100")]),
    ("hey quick q - what's the price of a B200 per hour? btw can i qlora mistral 7b on a t4",
     [("prices", None, "b200"), ("fit", "mistral-7b", "t4")]),
    ("qlora mistral 7b on a t4? also, how much vram for full finetune of llama 3 8b?",
     [("fit", "mistral-7b", "t4"), ("memory", "llama-3-8b", None)]),
    ("I have a 3090.\ncan i qlora llama 3 8b?\nhow much is an h100 per hour?",
     [("fit", "llama-3-8b", "rtx-3090"), ("prices", None, "h100")]),
    ("can I pay with usdt? and can i qlora llama 70b on a 4090?",
     [("pay", None, None), ("fit", "70", "rtx-4090")]),
    # a question about a model the engine cannot answer as asked is still asked: why, then
    # the rest ("which Llama 3?", an unknown GPU, unpublished weights)
    ("can i qlora llama 3 on a 4090? also do u take paypal",
     [("fit", None, "rtx-4090"), ("pay", None, None)]),
    ("can i run llama 8b on an H1000? also do you take paypal",
     [("fit", "8", None), ("pay", None, None)]),
    ("can i run gpt-4 on a 4090? also how much is an h100 per hour",
     [("fit", None, "rtx-4090"), ("prices", None, "h100")]),
    # the largest model a configuration holds asks no model
    ("how many 4090s would it take to lora llama 3 70b? also what's the largest model I can "
     "full fine-tune on 8x H100", [("recommend", "llama-3-70b", "rtx-4090"), ("fit", None, "h100")]),
    # a sentence's end is a boundary too
    ("I want to qlora llama 70b. do you take paypal?", [("memory", "70", None), ("pay", None, None)]),
    # a GPU-time cost right after a question about a model: that model's run there
    ("can i qlora llama 8b on a 4090? how much for an h100 for 10 hours?",
     [("fit", "8", "rtx-4090"), ("cost", "8", "h100")]),
    ("how much does an h100 cost per hour? and how long would qlora llama 8b take on it with "
     "100M tokens", [("prices", None, "h100"), ("time", "8", "h100")]),
    # a part naming no model after a question about one: that run on the cards it names, as a
    # chat's follow-up; "also" says it is another question, not a comparison of the two cards
    ("can i fine tune llama 3 8b on my 4090? also can i fine tune it on my 3080?",
     [("fit", "llama-3-8b", "rtx-4090"), ("fit", "llama-3-8b", "rtx-3080")]),
    ("can i qlora llama 3 8b on my 3090? also on my 3080?",
     [("fit", "llama-3-8b", "rtx-3090"), ("fit", "llama-3-8b", "rtx-3080")]),
    ("qlora llama 3 8b on my 3090? and on two of them?",
     [("fit", "llama-3-8b", "rtx-3090"), ("fit", "llama-3-8b", "rtx-3090")]),
    # "how much would it cost on an h100" in other words: that run's cost there, not the
    # H100's hourly price
    ("qlora llama 3 8b en una 4090 cuánto tarda? y cuánto me saldría en una h100",
     [("time", "llama-3-8b", "rtx-4090"), ("cost", "llama-3-8b", "h100")]),
    ("qlora llama 3 8b sur une 4090, combien de temps ça prend ? et combien ça me reviendrait "
     "sur une h100 ?", [("time", "llama-3-8b", "rtx-4090"), ("cost", "llama-3-8b", "h100")]),
    ("qlora llama 3 8b sur une 4090 ça dure combien ? et ça me coûterait combien sur une h100 ?",
     [("time", "llama-3-8b", "rtx-4090"), ("cost", "llama-3-8b", "h100")]),
]

MUST_NOT_SPLIT = [
    "4090 or H100 for llama 8b?",
    "h100 vs a100",
    "which is better for qlora 70b? h100 or a100?",
    "What GPU should I get? I want to qlora 70b",
    "I have a 3090.\nCan I qlora llama 8b?",
    "Can I qlora llama 3 8b on a 3090?\nseq 4096, batch 2, r=16",
    "can i run llama 8b on a 4090? and on a 3090?",
    "Is it possible? QLoRA 70B on a 4090",
    "thanks! can i qlora llama 8b on a 4090?",
    "can i qlora llama 8b on a 4090? thanks",
    "Can I QLoRA llama 70b on a 4090?\nI mean QLoRA 70B on one RTX 4090",
    # the price and payment pair: one reading answers both, as before
    "how much is an h100 per hour? also can I pay with usdt",
    "do u take paypal? how much is an h100/hr",
    "precios? se puede pagar con tarjeta?",
    # (a price and an alert are two parts now: tests/test_several20.py)
    "LoRA de 7B en una RTX 4090 durante 24 horas, ¿cuánto cuesta?",
    # after a statement, not a question: the cost is of the run stated, one question
    "I want to finetune llama 3 8b with qlora.\nHow much would it cost on an h100 for 10 hours?",
    "I have a 3090. Can I qlora llama 8b?",
    "QLoRA 70B on a 4090. What about LoRA?",
    "Can I run Llama 3 8B. Is an H100 enough?",
    "how much is an h100 per hour. do you take paypal?",
    "Hi! I'm new here. Can I fine-tune Llama 3 8B on my RTX 3060 12GB with QLoRA? Thanks in advance.",
    "Model: llama 3 8b\nGPU: 4090\nMethod: qlora\nseq 2048",
    "Specs:\nRTX 3090 24GB\n64GB RAM\nQuestion: can I qlora llama 3 70b?",
    "Can I QLoRA llama 70b on a 4090? If not, what about 2x 4090?",
    # renting is not a price asked
    "Hi all, I'm new to this. I want to finetune meta-llama/Llama-3.1-8B-Instruct on my own "
    "dataset (~20k examples, avg 700 tokens) using QLoRA with unsloth. I only have a RTX 3060 "
    "12GB and 32GB of system RAM. Is this feasible or should I rent something?",
]


@pytest.mark.parametrize(("text", "expected"), MUST_SPLIT)
def test_must_split(text: str, expected: list[tuple[str, str | None, str | None]]) -> None:
    reply = PIPE.ask(text)
    assert _shape(reply) == expected, reply.text
    assert validate_telegram_html(reply.text) is None
    assert visible_length(reply.text) <= MAX_MESSAGE and len(reply.messages) == 1
    # Each answer in its section, in order, as the part answered alone says it (without the
    # paragraphs a section before it said).
    at = 0
    for said in said_once([part.text for part in reply.parts]):
        found = reply.text.find(said, at)
        assert found >= at, said
        at = found + len(said)


@pytest.mark.parametrize("text", MUST_NOT_SPLIT)
def test_must_not_split(text: str) -> None:
    reply = PIPE.ask(text)
    assert reply.parts == (), _shape(reply)
    assert to_json(reply)["parts"] is None


def test_the_example_answers_each_part_as_asked_alone() -> None:
    reply = PIPE.ask(EXAMPLE)
    fit = PIPE.ask("can i run llama3.1 8b w/ 32k ctx on my 4090 in fp16?").text
    price = PIPE.ask("how much is an h100/hr").text
    pay = PIPE.ask("do u take paypal").text
    assert fit in reply.text and price in reply.text and pay in reply.text
    assert reply.text.index(fit) < reply.text.index(price) < reply.text.index(pay)
    # fp16 asked is named FP16 (serve40; same figures as BF16: 2 bytes a value)
    assert "32,768 tokens of context" in reply.text and "(FP16 inference)" in fit


# --- the reply ---------------------------------------------------------------------------------

def _long(n: int) -> str:
    return f"<b>Headline {n}</b>\nthe verdict\n\n" + "\n".join([f"• a line of figures {n}"] * 70)


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_long_answers_are_shortened_later_ones_first(locale: str) -> None:
    texts = [_long(i) for i in range(3)]
    out = compose(texts, ["one?", "two?", "three?"], locale)
    assert visible_length(out) <= MAX_MESSAGE and validate_telegram_html(out) is None
    assert texts[0] in out and texts[1] in out  # the first ones are whole
    assert "<b>Headline 2</b>" in out and texts[2] not in out
    note = {"en": "Shortened so that every answer fits", "es": "Acortada", "fr": "Raccourcie"}
    assert note[locale] in out


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_answers_that_cannot_fit_are_left_for_another_message(locale: str) -> None:
    texts = ["<b>x</b> " + "y" * 1500] * 5
    out = compose(texts, [f"q{i}?" for i in range(5)], locale)
    assert visible_length(out) <= MAX_MESSAGE and validate_telegram_html(out) is None
    word = {"en": "more questions did not fit", "es": "no cupieron", "fr": "n'ont pas tenu"}
    assert word[locale] in out


def test_the_header_quotes_the_question_escaped() -> None:
    out = compose(["a", "b"], ["is <4090> & co ok?", "x" * 200], "en")
    assert "&lt;4090&gt; &amp; co ok?" in out and validate_telegram_html(out) is None
    assert "x" * 200 not in out


def test_json_describes_the_first_part_and_lists_every_part() -> None:
    reply = PIPE.ask(EXAMPLE)
    out = to_json(reply)
    assert tuple(out) == JSON_KEYS and JSON_KEYS[-2:] == ("parts", "models")
    assert out["models"] is None  # questions of their own, not models at the same time
    assert (out["intent"], out["model"], out["gpu"]) == ("fit", "llama-3.1-8b", "rtx-4090")
    assert out["text"] == reply.text
    assert [p["intent"] for p in out["parts"]] == ["fit", "prices"]
    assert out["parts"][1]["usd_per_hour"] == "2.32" and out["parts"][1]["parts"] is None
    json.dumps(out)


def test_cli_prints_one_object_per_line_of_several_questions() -> None:
    from bot.cli import ask, build_parser

    args = build_parser().parse_args(["ask", "--json"])
    out = StringIO()
    assert ask(args, StringIO(EXAMPLE + "\nh100 vs a100\n"), out) == 0
    rows: list[dict[str, Any]] = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["intent"] for r in rows] == ["fit", "compare"]
    assert len(rows[0]["parts"]) == 2 and rows[1]["parts"] is None


def test_a_follow_up_continues_the_last_question_about_a_model() -> None:
    chats = Conversations()
    first = PIPE.ask("can i qlora llama 3 8b on a 3090? also do u take paypal")
    assert [p.answer.intent for p in first.parts] == ["fit", "pay"]
    chats.remember(1, first)
    previous = chats.previous(1)
    assert previous is not None and previous.model_id == "llama-3-8b"
    then = PIPE.ask("and on an h100?", previous=previous)
    assert then.query.gpu == "h100" and then.query.model_id == "llama-3-8b"


def test_a_chat_follow_up_may_open_a_message_of_several_questions() -> None:
    previous = PIPE.ask("can i qlora llama 3 8b on a 3090?").query
    reply = PIPE.ask("and on an h100? also how much is an h200 per hour", previous=previous)
    assert _shape(reply) == [("fit", "llama-3-8b", "h100"), ("prices", None, "h200")]
    assert reply.carried and reply.text.count("↪️") == 1


@pytest.mark.parametrize("text", [
    "I have access to 4xA100 40GB. Can I do full finetuning of llama2-13b with deepspeed stage 3?",
    "my rig: 3x 3090 (72GB). qlora on llama 3 70b?",
])
def test_context_after_a_chat_question_is_not_a_follow_up_of_it(text: str) -> None:
    previous = PIPE.ask("I own an RTX 3090 + RTX 3060, 36gb total, qlora 34b possible?").query
    reply = PIPE.ask(text, previous=previous)
    assert reply.parts == () and not reply.carried


def test_a_long_message_is_read_as_before() -> None:
    text = "can i qlora llama 3 8b on a 3090? " + "blah " * 400 + "also how much is an h100/hr"
    assert PIPE.ask(text).parts == ()


# --- the chats: Telegram and the console get it from the pipeline --------------------------------

@pytest_asyncio.fixture
async def app(api: FakeBotAPI, tmp_path: Path) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    async with running_on_sqlite(api, tmp_path) as application:
        yield application


async def test_telegram_answers_every_question_in_one_message(api: FakeBotAPI, app: Any) -> None:
    api.push_message(910, EXAMPLE, language_code="en")
    sent = await api.wait_for_messages(1, chat_id=910, timeout=10)
    await asyncio.sleep(0.2)  # nothing more comes
    assert api.message_count(910) == 1
    text = sent[0].text
    assert validate_telegram_html(text) is None
    assert text.index("Llama 3.1 8B") < text.index("$2.32/hour") < text.index("PayPal")
    # The chat goes on from the fit question, the last one about a model.
    api.push_message(910, "and on a 3090?", language_code="en")
    follow = await api.wait_for_messages(2, chat_id=910, timeout=10)
    assert "Llama 3.1 8B" in follow[-1].text and "RTX 3090" in follow[-1].text


async def test_the_console_answers_every_question() -> None:
    console = Console(PIPE, None)
    text = await console.answer("¿cabe qwen2.5 14b en mi 3090 con qlora? y otra cosa, ¿aceptan paypal?")
    assert text.index("Qwen2.5 14B") < text.index("no aceptamos PayPal")


def test_questions_of_the_corpus_asked_together_fit_one_valid_message() -> None:
    """Pairs and triples of real questions joined as people join them: every reply of several
    answers is one valid Telegram HTML message within the limit, in every locale."""
    corpus = Path(__file__).parent / "corpus" / "real_questions.toml"
    with corpus.open("rb") as fh:
        questions = [e["t"].rstrip("?") for e in tomllib.load(fh)["q"] if len(e["t"]) < 160]
    joins = ["? also ", "\n", " btw ", ". Además, ", " ? Par ailleurs, ", "\n2) ", "? and also "]
    rnd = random.Random(16)
    several = 0
    for i in range(60):
        asked = [rnd.choice(questions) for _ in range(2 + i % 2)]
        text = asked[0] + "".join(rnd.choice(joins) + q for q in asked[1:])
        reply = PIPE.ask(text, chosen_locale=(None, "en", "es", "fr")[i % 4])
        assert validate_telegram_html(reply.text) is None, text
        if reply.parts:
            several += 1
            assert visible_length(reply.text) <= MAX_MESSAGE and len(reply.messages) == 1, text
            assert tuple(to_json(reply)) == JSON_KEYS
    assert several >= 20
