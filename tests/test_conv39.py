"""conv39: English chats as people type them on Telegram (terse, lowercase, a fact given late),
each follow-up asserted on what it keeps and what it answers."""

from __future__ import annotations

import pytest

from bot.console import Console, to_plain
from tests.support.chat import converse, says

RUN_8_A100 = "lora llama 3 8b on 8x a100 how long for 100k examples"


@pytest.mark.parametrize("asked", ["and h100?", "what about on h100", "and on b200?"])
def test_another_card_after_a_run_on_several_keeps_the_count(asked: str) -> None:
    # was the run timed on 1× H100 (1.97 hours at 512 tokens each), the 8 GPUs dropped unsaid
    _, reply = converse(RUN_8_A100, asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu_count, q.dataset_samples) == (
        "time", "llama-3-8b", "lora", 8, 100_000), reply.text
    name = {"h100": "H100", "b200": "B200"}[q.gpu or ""]
    says(reply.text, [f"Read as 8× {name}, as many GPUs as before.", f"on 8× {name} (1 epoch)"],
         ["on 1×"])


@pytest.mark.parametrize(("asked", "count"), [
    ("and on an h100?", 1), ("and on one h100?", 1), ("and on my 4090?", 1), ("and on 2 h100?", 2),
])
def test_a_count_or_an_article_said_is_the_count(asked: str, count: int) -> None:
    _, reply = converse(RUN_8_A100, asked, locale="en")
    assert (reply.query.gpu_count or 1) == count, reply.text
    assert "as many GPUs as before" not in reply.text


@pytest.mark.parametrize(("turns", "lead"), [
    # was "does not fit on 1× H100 (full AdamW)" after the run on 8× A100
    (("full finetune llama 3 8b on 8x a100", "and h100?"),
     "Yes: Llama 3 8B fits on 2× H100 (full AdamW)."),
    (("qlora llama 3 70b on 2x 4090", "and on a100?"),
     "Yes: Llama 3 70B fits on 1× A100 80GB (QLoRA)."),
])
def test_a_verdict_on_another_card_counts_it_again(turns: tuple[str, ...], lead: str) -> None:
    # a verdict, not a run timed: as many of the new card as the run needs, said so
    reply = converse(*turns, locale="en")[-1]
    assert reply.query.gpu_plural and reply.query.count_read == "chosen", reply.text
    says(reply.text, [lead, "🔢 No count said with the", "the fewest that hold it."],
         ["as many GPUs as before"])


@pytest.mark.parametrize("asked", ["2?", "2", "2 ?"])
def test_a_number_alone_after_a_fit_on_one_card_is_that_many_cards(asked: str) -> None:
    # was "I did not understand that"
    _, reply = converse("can i qlora llama 3 70b on an a100", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count) == (
        "fit", "llama-3-70b", "qlora", "a100-80gb", 2), reply.text
    says(reply.text, ["Your “2” read as 2 GPUs; for a 2B model, name it.",
                      "Yes: Llama 3 70B fits on 2× A100 80GB (QLoRA)."], ["🤔"])


def test_a_number_alone_that_is_a_size_of_the_brand_is_asked_back() -> None:
    # Gemma 2 comes in 2B: "2?" may be that model, so asked back as "and 2?" is
    _, reply = converse("gemma 2 9b qlora on a t4", "2?", locale="en")
    assert reply.query.count_unclear == 2, reply.text
    assert reply.text.startswith("❓ <b>2 of what?</b>"), reply.text


@pytest.mark.parametrize(("asked", "method", "head"), [
    # (a French follow-up in an English chat: the chat's language)
    ("et en q8 ?", "lora_int8", "takes with LoRA 8-bit"),
    ("and q8?", "lora_int8", "takes with LoRA 8-bit"),
    ("and int8?", "lora_int8", "takes with LoRA 8-bit"),
])
def test_an_eight_bit_format_after_a_qlora_time_is_lora_on_an_8bit_base(
        asked: str, method: str, head: str) -> None:
    # was GGUF Q8_0 inference "over your 10,000 samples": the training dropped for serving
    _, reply = converse("qlora llama 3 8b on a 4090 how long for 10k examples", asked)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.inference, q.gpu, q.dataset_samples) == (
        "time", "llama-3-8b", method, False, "rtx-4090", 10_000), reply.text
    says(reply.text, [head], ["inference"])


def test_q4_after_a_lora_is_qlora() -> None:
    _, reply = converse("lora llama 3 8b on a 4090", "and q4?", locale="en")
    assert (reply.query.method, reply.query.inference) == ("qlora", False), reply.text


def test_q8_after_serving_stays_serving() -> None:
    _, reply = converse("run llama 3 8b on a 3060", "q8?", locale="en")
    assert (reply.query.method, reply.query.inference) == ("gguf_q8_0", True), reply.text


@pytest.mark.parametrize("asked", ["and inference after?", "for inference afterwards?"])
def test_inference_after_a_timed_run_is_its_serving_verdict(asked: str) -> None:
    # was "How long Qwen2.5 14B takes with BF16 inference over your 30,000 samples": the
    # training samples read as prompts
    *_, reply = converse("lora qwen2.5 14b how long for 30k samples", "on h100", asked,
                         locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.inference) == (
        "fit", "qwen2.5-14b", "h100", True), reply.text
    says(reply.text, ["✅ <b>On 1× H100, Qwen2.5 14B (14.7B parameters) fits: BF16 inference"],
         ["over your 30,000 samples"])


@pytest.mark.parametrize(("asked", "side", "line"), [
    ("under 2 bucks", "below", "drops below $2 per hour"),
    ("under $2", "below", "drops below $2 per hour"),
])
def test_a_figure_after_an_alert_at_the_price_sets_it(asked: str, side: str, line: str) -> None:
    # "tell me when h100 drops" (below the price in force), then the figure: was "I did not
    # understand"
    _, reply = converse("tell me when h100 drops", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.threshold_usd, q.direction, q.replaces_limit) == (
        "alert", "h100", 2, side, reply.query.replaces_limit), reply.text
    assert q.replaces_limit is not None and q.replaces_limit > 2
    says(reply.text, [line, "It takes the place of the alert at $"], ["🤔"])


async def test_the_figure_replaces_the_alert_at_the_price(console: Console) -> None:
    said = to_plain(await console.answer("tell me when h100 drops"))
    assert "drops below $2.32 per hour" in said, said
    said = to_plain(await console.answer("under 2 bucks"))
    assert "drops below $2 per hour" in said, said
    listed = to_plain(await console.answer("/alerts"))
    # one alert, at $2: the one at the price in force replaced
    assert listed.count("H100") == 1 and "2.32" not in listed, listed


RUN_4_H100 = "full finetune llama 3 8b on 4x h100, 50k rows of 1k tokens how long"


@pytest.mark.parametrize("asked", ["is that per gpu?", "per gpu?", "thats per gpu right?",
                                   "is that per gpu or total"])
def test_per_gpu_asked_after_a_time_on_several_says_it_is_the_whole_runs(asked: str) -> None:
    # was "I did not understand that"
    _, reply = converse(RUN_4_H100, asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.gpu_count, q.dataset_tokens) == (
        "time", "llama-3-8b", "h100", 4, 50_000_000), reply.text
    says(reply.text, ["↔️ <b>Not per GPU:</b> the time is the whole run's, on all 4× H100 at once",
                      "about 29 minutes on 4× H100"], ["🤔"])


def test_per_gpu_asked_after_a_cost_on_several_gives_each_gpus_price() -> None:
    *_, reply = converse(RUN_4_H100, "and the cost?", "per gpu?", locale="en")
    assert (reply.answer.intent, reply.query.gpu_count) == ("cost", 4), reply.text
    says(reply.text, ["↔️ <b>Not per GPU:</b> the cost is for all 4× H100 together, at "
                      "$9.28/hour: $2.32/hour for each GPU.", "$4.45"], ["🤔"])


def test_per_gpu_asked_after_a_cost_on_one_says_they_are_the_same() -> None:
    _, reply = converse("lora llama 3 8b on h100 for 5 hours cost", "is that per gpu?",
                        locale="en")
    assert (reply.answer.intent, reply.query.hours) == ("cost", 5), reply.text
    says(reply.text, ["↔️ <b>One GPU:</b> the run is on 1× H100", "$11.60"], ["🤔"])


def test_a_plural_card_answered_on_several_stays_several_next_turn() -> None:
    # "and on my 3090s" is answered on 4× RTX 3090; the next turn was timed on 1× RTX 3090,
    # where the run does not fit ("❌ … on 1× RTX 3090", then the time on an A100)
    *_, reply = converse("qlora llama 3 70b on 2x 4090?", "and on my 3090s",
                         "how long for 10k examples", locale="en")
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.gpu_count, q.gpu_plural) == (
        "time", "rtx-3090", None, True), reply.text
    says(reply.text, ["QLoRA of Llama 3 70B on RTX 3090, from your last question.",
                      "on 4× RTX 3090 (1 epoch)"], ["1× RTX 3090", "does not fit"])


@pytest.mark.parametrize("asked", ["too slow?", "will it be slow?", "is it slow"])
def test_slow_asked_after_a_fit_with_no_run_timed_is_its_training_speed(asked: str) -> None:
    # was "I did not understand that" ("how fast?" was already the tokens/s)
    _, reply = converse("qlora mistral 7b on a t4?", asked, locale="en")
    q = reply.query
    assert (q.model_id, q.method, q.gpu, q.train_speed_asked) == (
        "mistral-7b", "qlora", "t4", True), reply.text
    says(reply.text, ["🏋️ <b>About 677 training tokens/s: Mistral 7B"], ["🤔"])


def test_too_slow_after_a_model_run_on_a_card_is_its_decode_bound() -> None:
    _, reply = converse("run llama 3 8b on my 3060", "too slow?", locale="en")
    assert (reply.query.gpu, reply.query.speed_asked) == ("rtx-3060", True), reply.text
    says(reply.text, ["⚡ <b>At most about 38 tokens/s: Llama 3 8B"], ["🤔"])


def test_too_slow_after_a_run_timed_is_still_where_it_ends_sooner() -> None:
    _, reply = converse("qlora llama 3 8b on a 4090, 20k examples how long", "too slow",
                        locale="en")
    assert reply.query.faster_asked, reply.text
    says(reply.text, ["⚡ <b>Faster than 1× RTX 4090 for this run"], ["🏋️"])


@pytest.mark.parametrize("first", ["lora llama 3 8b on h100 for 5 hours cost",
                                   "lora llama 3 8b on an h100"])
def test_epochs_after_a_run_with_no_data_ask_for_the_data(first: str) -> None:
    # was the same cost (or verdict) again, the epochs unanswered
    *_, reply, rows = converse(first, "what about 3 epochs", "50k rows of 512 tokens",
                               locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.epochs, q.hours) == (
        "time", "llama-3-8b", "lora", "h100", 3, None), reply.text
    says(reply.text, ["⏱ <b>How long Llama 3 8B takes with LoRA depends on how many tokens you "
                      "train on"], ["$23.20"])
    # the data said next is timed for those 3 epochs
    assert (rows.answer.intent, rows.query.epochs) == ("time", 3), rows.text
    says(rows.text, ["about 2.35 hours on 1× H100 (2.35 GPU-hours for 76.8 million tokens)",
                     "3 epochs."], [])


def test_q4_after_a_verdict_naming_no_method_is_the_format_to_run() -> None:
    # "runs in 4-bit (inference), but no fine-tuning method fits": "q4?" is GGUF Q4_K_M there
    _, reply = converse("deepseek r1 distill 14b on my 4070 12gb", "q4?", locale="en")
    assert (reply.query.method, reply.query.inference) == ("gguf_q4_k_m", True), reply.text


def test_how_much_on_another_card_after_a_run_on_data_is_its_cost() -> None:
    # was the run's time on the H100 again, the cost one line under it
    *_, reply = converse("can i full finetune llama 3.2 3b on a 3090", "how long for 100k examples",
                         "how much on h100 instead", locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.dataset_samples) == (
        "cost", "llama-3.2-3b", "full_adamw", "h100", 100_000), reply.text
    says(reply.text, ["💵 <b>What fine-tuning Llama 3.2 3B (3.21B parameters) with full AdamW "
                      "costs depends on how long your 100,000 samples are"], [])


def test_a_price_asked_after_an_alert_is_the_alert_cards() -> None:
    # was "❓ Which GPU and for how long?", then "I did not understand" for the hours
    _, now, hours = converse("tell me when h200 drops below 2.5", "also what does it cost now",
                             "and for 10 hours", locale="en")
    assert (now.answer.intent, now.query.gpu) == ("prices", "h200"), now.text
    says(now.text, ["💵 <b>1× H200 costs $3.07/hour.</b>"], ["❓"])
    assert (hours.answer.intent, hours.query.gpu, hours.query.hours) == ("cost", "h200", 10)
    says(hours.text, ["💵 <b>Cost: $30.70</b>"], [])


@pytest.mark.parametrize(("turns", "epochs"), [
    # was the fit verdict, then "I did not understand" for the epochs
    (("qlora lama 3 8b on 4090 how lon for 10k exmaples", "w/ 3 epcohs"), 3),
    (("qlora llama 3 8b on a 4090 how long for 10k smaples", "and 2 epohcs?"), 2),
])
def test_a_dataset_and_epochs_mistyped_are_read(turns: tuple[str, ...], epochs: int) -> None:
    first, then = converse(*turns, locale="en")
    assert (first.answer.intent, first.query.dataset_samples) == ("time", 10_000), first.text
    assert (then.answer.intent, then.query.epochs, then.query.dataset_samples) == (
        "time", epochs, 10_000), then.text
    says(then.text, [f"on 1× RTX 4090 ({epochs} epochs)"], ["🤔"])


@pytest.mark.parametrize(("word", "kept"), [
    ("for example", "for example"), ("exemples", "exemples"), ("simples", "simples"),
    ("epocas", "epocas"), ("sampler", "sampler")])
def test_words_next_to_the_new_typo_targets_stay(word: str, kept: str) -> None:
    from bot.understand.normalise import correct_typos
    assert correct_typos(word) == kept


def test_a_number_alone_after_a_run_timed_is_asked_back() -> None:
    # "2?" after a run timed on one card may be 2 GPUs or its epochs: asked back as "and 2?"
    # is (was "I did not understand")
    _, reply = converse("qlora llama 3 8b on an h100 how long 20k rows", "2?", locale="en")
    assert reply.query.count_unclear == 2, reply.text
    says(reply.text, ["❓ <b>2 of what?</b>", "<code>and on 2× H100?</code>"], ["🤔"])


@pytest.mark.parametrize(("asked", "intent"), [
    ("cheapest?", "time"), ("and if i rent instead?", "time"), ("cheapest to rent?", "time")])
def test_renting_after_a_run_on_the_card_owned_leaves_it(asked: str, intent: str) -> None:
    # "btw my gpu is a 4070 ti super" is kept for the questions naming no card; "cheapest?"
    # and "and if i rent instead?" put the run back on it (the same 1.12 hours again)
    *_, reply, cost = converse("how long to train mistral 7b on 5k examples",
                               "btw my gpu is a 4070 ti super", asked, "and the cost?",
                               locale="en")
    assert (reply.answer.intent, reply.query.model_id, reply.query.gpu) == (
        intent, "mistral-7b", None), reply.text
    says(reply.text, ["on 1× L40S (1 epoch)"], ["RTX 4070 Ti Super"])
    # and the next question naming no card stays rented
    assert (cost.answer.intent, cost.query.gpu) == ("cost", None), cost.text
    says(cost.text, ["on 1× L40S (1 epoch)"], ["RTX 4070 Ti Super"])


@pytest.mark.parametrize("asked", ["then inference?", "and serving?", "what about inference"])
def test_serving_said_alone_after_a_timed_run_is_serving_it(asked: str) -> None:
    # was its BF16 inference timed "over your 10,000 samples"
    _, reply = converse("qlora llama 3 8b 10k rows on an l40s", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.inference) == (
        "fit", "llama-3-8b", "l40s", True), reply.text
    says(reply.text, ["✅ <b>On 1× L40S, Llama 3 8B fits: BF16 inference"],
         ["over your 10,000 samples"])


def test_per_gpu_asked_on_ones_own_cards_says_no_price() -> None:
    *_, reply = converse("full finetune llama 3.2 1b how long 1m rows", "on 2 4090s",
                         "is that per gpu", locale="en")
    says(reply.text, ["↔️ <b>Not per GPU:</b> the time is the whole run's, on all 2× RTX 4090 "
                      "at once.\n"], ["what you pay"])


def test_a_card_owned_after_a_servings_cost_is_whether_it_holds_them() -> None:
    # was the month's cost on the L40S under each precision, beside "its price is not published"
    *_, owned, holds = converse("serve llama 3.1 8b to 20 users", "how much a month",
                                "i have a 4090 tho", "will it hold them", locale="en")
    for reply in (owned, holds):
        q = reply.query
        assert (reply.answer.intent, q.model_id, q.gpu, q.users, q.hours) == (
            "fit", "llama-3.1-8b", "rtx-4090", 20, None), reply.text
        says(reply.text, ["👥 <b>20 users at once fit on 1× RTX 4090"], ["$590.40", "🤔"])


def test_a_card_owned_after_a_training_runs_cost_keeps_its_reading() -> None:
    # a run on data is timed on the card owned, as before
    _, reply = converse("how much to qlora llama 3 8b on 20k rows", "i have a 4090 btw",
                        locale="en")
    says(reply.text, ["on 1× RTX 4090 (1 epoch)"], [])


@pytest.mark.parametrize("asked", ["w/ 50k rows", "with 50k rows"])
def test_data_after_the_cheapest_gpus_for_a_run_is_its_cost(asked: str) -> None:
    # was "I did not understand that"
    _, reply = converse("cheapest way to finetune llama 3 70b", asked, locale="en")
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.dataset_samples) == (
        "cost", "llama-3-70b", 50_000), reply.text
    says(reply.text, ["💵 <b>What fine-tuning Llama 3 70B with QLoRA costs depends on how long "
                      "your 50,000 samples are"], ["🤔"])


@pytest.mark.parametrize("turns", [
    ("how long to lora llama 3 70b on 8x h100 with 100m tokens", "is that overkill?"),
    ("qlora llama 3 8b on a 4090 how long 20k rows of 512 tok", "and full?",
     "is 8x h100 overkill for that"),
])
def test_overkill_asked_after_a_time_is_answered(turns: tuple[str, ...]) -> None:
    # was the run's time again, the question unanswered
    reply = converse(*turns, locale="en")[-1]
    assert (reply.answer.intent, reply.query.gpu, reply.query.gpu_count) == (
        "fit", "h100", 8), reply.text
    # the answer leads (the run's time may follow in the verdict's lines)
    assert reply.text.split("\n")[1].startswith("🎯 <b>Yes, more than the run needs:</b>"), \
        reply.text


def test_doubling_the_context_of_users_served_is_twice_the_context() -> None:
    # was the longest context that fits ("8,192 tokens: the whole published context")
    *_, doubled, there = converse("serve llama 3 8b on an l4", "how many users",
                                  "and if i double the context", "and on an l40s", locale="en")
    for reply, card in ((doubled, "L4"), (there, "L40S")):
        q = reply.query
        assert (q.seq_len, q.concurrency_asked, q.context_asked) == (4096, True, False), reply.text
        says(reply.text, [f"on 1× {card} (BF16 inference), 4,096 tokens of context each."],
             ["the whole published context"])


def test_doubling_a_context_said_doubles_it() -> None:
    _, reply = converse("qlora llama 3 8b on a 4090 seq 4096", "what if i double the context",
                        locale="en")
    assert (reply.query.seq_len, reply.query.method) == (8192, "qlora"), reply.text


def test_the_assumed_context_is_the_detailed_estimates() -> None:
    from bot.detail import DEFAULT_SEQ_LEN
    from bot.understand.followup import ASSUMED_CONTEXT
    assert ASSUMED_CONTEXT == DEFAULT_SEQ_LEN


def test_list_after_alerts_lists_them() -> None:
    # was "I did not understand that"
    *_, reply = converse("alert me if b200 goes under 4", "and h200 below 2.5 too", "list",
                         locale="en")
    assert reply.answer.intent == "alert_list", reply.text


@pytest.mark.parametrize(("turns", "lead"), [
    # was "I did not understand that"
    (("qlora llama 3 8b on a 3090", "do i need 2?"),
     "🔢 <b>You need 1× RTX 3090 (24 GB) for Llama 3 8B (QLoRA)"),
    (("lora llama 3 70b on an h100", "would i need more than one?"),
     "🔢 <b>You need 3× H100 (240 GB) for Llama 3 70B (LoRA)"),
])
def test_do_i_need_more_cards_is_how_many(turns: tuple[str, ...], lead: str) -> None:
    reply = converse(*turns, locale="en")[-1]
    assert (reply.answer.intent, reply.query.count_asked) == ("recommend", True), reply.text
    says(reply.text, [lead], ["🤔"])
