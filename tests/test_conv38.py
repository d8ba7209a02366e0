"""conv38: English chats written as people type them on Telegram (terse, lowercase, a fact
given late), each follow-up asserted on what it carries and what it answers."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says


@pytest.mark.parametrize("asked", [
    "will it fit", "does it fit?", "would that work?", "fits?", "ok will it fit then",
])
def test_fit_asked_alone_is_the_runs_verdict_on_the_card(asked: str) -> None:
    # "llama 3 70b qlora on a100", "i have 2 3090s btw", then "will it fit": the verdict on the
    # two 3090s again (was "I did not understand")
    *_, reply = converse("llama 3 70b qlora on a100", "i have 2 3090s btw", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count) == (
        "fit", "llama-3-70b", "qlora", "rtx-3090", 2), reply.text
    says(reply.text, ["❌ <b>No: Llama 3 70B does not fit on 2× RTX 3090 (QLoRA).</b>"], ["🤔"])


def test_fit_asked_after_a_cost_is_the_verdict_not_the_cost() -> None:
    _, reply = converse("lora llama 3 8b on h100 for 10 hours", "will it fit", locale="en")
    assert (reply.answer.intent, reply.query.model_id, reply.query.gpu) == (
        "fit", "llama-3-8b", "h100"), reply.text
    says(reply.text, ["✅ <b>Yes: Llama 3 8B fits on 1× H100 (LoRA).</b>"], ["🤔"])


@pytest.mark.parametrize("asked", ["price?", "and the price?", "total?", "cost?"])
def test_a_price_word_alone_after_a_run_is_its_cost(asked: str) -> None:
    # "full finetune mistral 7b on 8x h100", "how long for 100k examples", "and on 4?", then
    # "price?": that run's cost on 4× H100 (was the price list, the run dropped)
    *_, reply = converse("full finetune mistral 7b on 8x h100", "how long for 100k examples",
                         "and on 4?", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count) == (
        "cost", "mistral-7b", "full_adamw", "h100", 4), reply.text
    says(reply.text, ["on 4× H100 (1 epoch)"], ["💲 <b>GPU prices per hour</b>"])


def test_the_price_list_asked_after_a_run_stays_the_price_list() -> None:
    *_, reply = converse("full finetune mistral 7b on 8x h100", "prices?", locale="en")
    assert reply.answer.intent == "prices", reply.text


@pytest.mark.parametrize(("asked", "model"), [
    ("nvm i meant 13b", "llama-2-13b"),
    ("never mind, i meant the 70b", "llama-2-70b"),
    ("wait i meant 70b", "llama-2-70b"),
])
def test_a_correction_after_nvm_keeps_the_run(asked: str, model: str) -> None:
    # was the memory of an unnamed 13B model: method, card, hours and the cost asked dropped
    _, reply = converse("lora llama 2 7b on a100 for 5 hours cost", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.hours) == (
        "cost", model, "lora", "a100-80gb", 5), reply.text


@pytest.mark.parametrize("asked", ["ok book it", "how do i book one", "i'll take it"])
def test_booking_a_run_is_how_to_pay(asked: str) -> None:
    # was "I did not understand"
    *_, reply = converse("lora llama 2 7b on a100 for 5 hours cost", "nvm i meant 13b", asked,
                         locale="en")
    assert reply.answer.intent == "pay", reply.text
    says(reply.text, ["🪙 <b>Paying in crypto</b>", "top up on the website only"], ["🤔"])


SERVE_100 = ("i want to serve llama 3 8b for 100 users", "on a 4090?", "what about l4")


@pytest.mark.parametrize("asked", ["cheaper option?", "anything cheaper?"])
def test_a_cheaper_option_after_two_cards_is_the_cheapest_that_holds_it(asked: str) -> None:
    # neither card holds the 100 users: "cheaper option?" was the two compared (both ❌, no
    # price), now the cheapest offered configurations for that serving
    *_, reply = converse(*SERVE_100, asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu) == ("recommend", "llama-3-8b", None), reply.text
    says(reply.text, ["👥", "1× L40S at $0.82/hour"], ["⚖️"])


def test_which_is_cheaper_after_two_cards_still_compares_them() -> None:
    *_, reply = converse(*SERVE_100, "which is cheaper?", locale="en")
    assert reply.answer.intent == "compare", reply.text


@pytest.mark.parametrize("asked", [
    "for llama 3 8b lora how long", "how long would lora llama 3 8b take"])
def test_how_long_of_a_run_after_a_cards_week_is_its_time(asked: str) -> None:
    # "rent an h100", "how much for a week", "and a100?", then the run's time asked: its time on
    # the A100 (was the week's $154.56 again, "how long" dropped)
    *_, reply = converse("rent an h100", "how much for a week", "and a100?", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.hours) == (
        "time", "llama-3-8b", "lora", "a100-80gb", None), reply.text
    says(reply.text, ["⏱"], ["$154.56"])


@pytest.mark.parametrize("asked", ["and serving it after?", "what about running it afterwards"])
def test_serving_it_after_a_timed_run_is_its_serving_verdict(asked: str) -> None:
    # was "How long … takes with BF16 inference over your 10,000 samples": the training data
    # read as prompts to serve
    *_, reply = converse("fine tune qwen 2.5 7b", "i have a 3090 btw", "how long for 10k examples",
                         asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.inference) == (
        "fit", "qwen2.5-7b", "rtx-3090", True), reply.text
    says(reply.text, ["✅ <b>On 1× RTX 3090, Qwen2.5 7B (7.61B parameters) fits: BF16 inference"],
         ["over your 10,000 samples"])


@pytest.mark.parametrize("turns", [
    ("how long to qlora llama 3 8b on my 3080 with 5k examples",),
    # The same chat on a Mac ('on my macbook m2 16gb') is timed on the Mac since mac39, as
    # mlx-lm runs there (tests/test_mac39.py).
])
def test_both_lengths_timed_on_the_configuration_named(turns: tuple[str, ...]) -> None:
    # The card asked holds 512-token samples but not 2,048-token ones: both were said "on 1×
    # L40S", the first timed on the card asked ("1.75 hours at 512 tokens each, 1.17 hours at
    # 2,048"; on the M2 27.25 hours), under "No datasheet we can cite gives the RTX 3080's peak"
    # (it has one). Then both on the L40S; since probe43 both on the 3080, the user's own card
    # (the longest at the longest sequence it holds, said so), the L40S's times after them.
    reply = converse(*turns, locale="en")[-1]
    (short_len, short_t), (long_len, long_t) = reply.answer.sample_bracket
    assert (short_len, long_len) == (512, 2048)
    assert (short_t.gpu, long_t.gpu) == ("rtx-3080", "rtx-3080"), reply.text
    assert short_t.wall_clock_hours is not None and long_t.wall_clock_hours is not None
    assert short_t.wall_clock_hours < long_t.wall_clock_hours, reply.text
    says(reply.text, ["on 1× RTX 3080 (1 epoch)", "do not fit on 1× RTX 3080 as they are",
                      "Rented here instead, where this run costs least, on 1× L40S"],
         ["No datasheet we can cite", "Timed on the cheapest offered configuration that fits."])


def test_a_card_with_no_peak_on_file_still_says_so() -> None:
    # The M3 Max has a derived peak since mac39; the M4 Max has none on file.
    reply = converse("how long to qlora llama 3 8b on my m4 max 36gb with 5k examples",
                     locale="en")[-1]
    assert "Apple publishes no GPU TFLOPS for the Apple M4 Max" in reply.text


@pytest.mark.parametrize("asked", ["ok book the a100", "book the 8x h100"])
def test_booking_a_card_named_is_how_to_pay(asked: str) -> None:
    # was that card's fit verdict for the run compared before
    _, reply = converse("whats cheaper for qlora 70b, a100 or h100", asked, locale="en")
    assert reply.answer.intent == "pay", reply.text
    says(reply.text, ["🪙 <b>Paying in crypto</b>"], ["🤔"])


def test_a_book_read_is_no_booking() -> None:
    assert converse("i read a book the other day", locale="en")[0].answer.intent != "pay"


@pytest.mark.parametrize("asked", ["12gb btw", "its the 12gb one"])
def test_the_memory_of_the_card_said_late_keeps_the_card(asked: str) -> None:
    # "can i train llama 3 8b on a 3060" (read as the 12 GB one), then its memory said: the
    # RTX 3060 still, timed on it later (was "a GPU of 12 GB", then timed on a rented L40S)
    *_, said, timed = converse("can i train llama 3 8b on a 3060", asked, "ok qlora then",
                               "how long for 20k rows", locale="en")
    assert said.query.gpu == "rtx-3060", said.text
    assert (timed.answer.intent, timed.query.gpu, timed.query.method) == (
        "time", "rtx-3060", "qlora"), timed.text
    says(timed.text, ["on 1× RTX 3060 (1 epoch)"], ["L40S"])


@pytest.mark.parametrize("asked", ["how many users on 2 h100", "and on 2 h100, how many users"])
def test_users_asked_on_a_card_after_a_model_served(asked: str) -> None:
    # was the fit verdict on 2× H100 alone, the users asked unanswered; now as the same question
    # asked whole ("how many users can mixtral 8x7b serve on 2 h100")
    _, reply = converse("serve mixtral 8x7b", asked, locale="en")
    whole = converse("how many users can mixtral 8x7b serve on 2 h100", locale="en")[0]
    q = reply.query
    assert (q.model_id, q.gpu, q.gpu_count, q.concurrency_asked) == (
        "mixtral-8x7b", "h100", 2, True), reply.text
    lead = whole.text.splitlines()[0]
    assert lead.startswith("👥") and lead in reply.text, reply.text
