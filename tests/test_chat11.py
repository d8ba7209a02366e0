"""Follow-ups that went wrong in a chat (chat11): the speed asked after the longest context
leads, at the context just found (was the context answered again first); "which one should i
pick" after one run asked on two cards compares them; a card and hours said alone after a run
reprice it there; a count alone after different cards together asks which card."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

_LONGEST = {
    "en": "max context for llama 3.1 8b on a 4090?",
    "es": "cuál es el contexto más largo que puedo usar con llama 3.1 8b en una 4090",
    "fr": "quel est le contexte le plus long pour llama 3.1 8b sur une 4090",
}


@pytest.mark.parametrize(("lang", "speed", "at"), [
    ("en", "and tok/s?", "one sequence with 54,862 tokens of context"),
    ("es", "¿y tokens por segundo?", "una secuencia con 54.862 tokens de contexto"),
    ("fr", "et en tok/s ?", "une séquence avec 54\u202f862 tokens de contexte"),
    # "combien …" reads as a cost, whose follow-up did not carry the context
    ("fr", "combien de tokens par seconde ?", "une séquence avec 54\u202f862 tokens de contexte"),
    ("en", "how much tok/s?", "one sequence with 54,862 tokens of context"),
])
def test_the_speed_after_the_longest_context_leads_at_that_context(
        lang: str, speed: str, at: str) -> None:
    longest, fast = converse(_LONGEST[lang], speed)
    assert longest.text.startswith("📏"), longest.text
    body = fast.text.split("\n", 1)[1]  # after the line saying what was carried over
    assert body.startswith("⚡"), fast.text
    assert at in body.split("\n", 1)[0], fast.text
    assert "📏" not in fast.text, fast.text
    assert fast.query.speed_asked and not fast.query.context_asked, fast.text


@pytest.mark.parametrize(("lang", "speed", "said"), [
    ("en", "and tok/s?", "at the longest context that fits, from your last question"),
    ("es", "¿y tokens por segundo?", "con el contexto más largo que cabe, de tu pregunta"),
    ("fr", "et en tok/s ?", "au contexte le plus long qui tient, d'après votre question"),
])
def test_the_carried_line_says_the_speed_is_at_the_longest_context(
        lang: str, speed: str, said: str) -> None:
    _, fast = converse(_LONGEST[lang], speed)
    assert said in fast.text.split("\n", 1)[0], fast.text


def test_another_card_after_it_is_the_speed_there_at_its_own_longest_context() -> None:
    *_, h100, at = converse(_LONGEST["en"], "and tok/s?", "and on an h100?", "and at 8k?")
    assert h100.query.gpu == "h100" and h100.query.speed_asked, h100.text
    assert h100.text.split("\n", 1)[1].startswith("⚡"), h100.text
    assert "one sequence with 131,072 tokens of context" in h100.text, h100.text
    # a context said is that context, no longer the longest
    assert "one sequence with 8,192 tokens of context" in at.text, at.text
    assert "longest context that fits" not in at.text, at.text


def test_how_fast_after_a_training_runs_longest_context_is_its_training_speed() -> None:
    _, fast = converse("max context for qlora llama 3.1 8b on a 4090?", "how fast?")
    assert fast.query.train_speed_asked and not fast.query.context_asked, fast.text
    assert fast.text.split("\n", 1)[1].startswith("🏋️"), fast.text


# "which one should i pick" after the same run's cost asked on two cards, one turn each: the two
# compared, with the per-run cost verdict leading (was the last card's verdict alone).
@pytest.mark.parametrize(("lang", "turns", "lead"), [
    ("en", ("how much to qlora llama 3 70b on an h100", "and on an a100?",
            "which one should i pick"),
     "💵 <b>At the same utilization the H100 finishes a run sooner and for less"),
    ("es", ("cuánto cuesta un qlora de llama 3 70b en una h100", "¿y en una a100?",
            "¿cuál me conviene?"),
     "💵 <b>Con la misma utilización, la H100 termina un entrenamiento antes"),
    ("fr", ("combien pour un qlora de llama 3 70b sur une h100 ?", "et sur une a100 ?",
            "laquelle je prends ?"),
     "💵 <b>À utilisation égale, le H100 termine un entraînement plus tôt"),
])
def test_which_one_after_two_cards_asked_in_two_turns_compares_them(
        lang: str, turns: tuple[str, ...], lead: str) -> None:
    *_, pick = converse(*turns)
    q = pick.query
    assert q.intent == "compare" and q.gpu == "h100" and q.other_gpus == ("a100-80gb",), pick.text
    assert q.params_b == 70 and q.method == "qlora", pick.text
    assert pick.text.split("\n", 1)[1].startswith(lead), pick.text


def test_two_questions_asked_whole_are_compared_too_with_their_counts() -> None:
    *_, pick = converse("lora llama 3 70b on 4 h100 for 10 hours cost",
                        "lora llama 3 70b on 8 a100 for 10 hours cost", "which is cheaper?")
    q = pick.query
    assert (q.gpu, q.gpu_count, q.other_gpus, q.other_gpu_count) \
        == ("h100", 4, ("a100-80gb",), 8), pick.text
    assert "⚖️ <b>4× H100 or 8× A100 80GB?</b>" in pick.text, pick.text


def test_another_run_between_is_not_compared() -> None:
    *_, pick = converse("how much to qlora llama 3 70b on an h100",
                        "how much to lora mistral 7b on an a100", "which one should i pick")
    assert pick.query.intent != "compare", pick.text
    assert pick.query.card_before is None, pick.text


def test_other_hours_on_the_same_card_keep_the_card_before() -> None:
    *_, pick = converse("how much to qlora llama 3 70b on an h100", "and on an a100?",
                        "and for 20 hours?", "which one should i pick")
    assert (pick.query.gpu, pick.query.other_gpus) == ("h100", ("a100-80gb",)), pick.text


def test_a_third_card_is_compared_with_the_one_just_before() -> None:
    *_, pick = converse("how much to qlora llama 3 70b on an h100", "and on an a100?",
                        "and on an h200?", "which one should i pick")
    assert (pick.query.gpu, pick.query.other_gpus) == ("a100-80gb", ("h200",)), pick.text


# A card and hours said alone right after a run's question: that run there for that long, said
# so (was the GPU time alone, the run dropped); the price of GPU time asked as such stays it.
@pytest.mark.parametrize(("lang", "run", "there", "fresh", "read"), [
    ("fr", "combien coûte un full fine-tune de llama 3 8b", "sur 8 h100 pendant un jour",
     "combien coûte 8 h100 pendant un jour ?",
     "Compris comme ce même travail sur 8× H100 pendant 24\u00a0heures."),
    ("en", "how much to full finetune llama 3 8b", "on 8 h100 for a day",
     "how much is 8 h100 for a day",
     "Read as that run on 8× H100 for 24 hours."),
    ("es", "cuánto cuesta un full fine-tuning de llama 3 8b", "en 8 h100 durante un día",
     "¿cuánto cuesta 8 h100 por un día?",
     "Entendido como ese mismo trabajo en 8× H100 durante 24\u00a0horas."),
])
def test_a_card_and_hours_after_a_run_reprice_that_run_there(
        lang: str, run: str, there: str, fresh: str, read: str) -> None:
    _, repriced = converse(run, there)
    q = repriced.query
    assert (q.gpu, q.gpu_count, q.hours) == ("h100", 8, 24), repriced.text
    assert q.params_b == 8 and q.method == "full_adamw" and q.follow_up, repriced.text
    assert read in repriced.text.split("\n", 1)[0], repriced.text
    assert "💵" in repriced.text.split("\n")[1] and "✅" in repriced.text, repriced.text
    # the price of GPU time asked as such, after the same run, is still GPU time
    _, gpu_time = converse(run, fresh)
    q = gpu_time.query
    assert (q.gpu, q.gpu_count, q.hours, q.params_b) == ("h100", 8, 24, None), gpu_time.text
    assert not q.follow_up and not gpu_time.text.startswith("↪️"), gpu_time.text


def test_a_card_and_hours_after_no_run_are_gpu_time() -> None:
    _, alone = converse("i have a 3090", "8 h100 for a day")
    assert alone.query.params_b is None and not alone.query.run_there, alone.text
    _, alone = converse("how much is an h100 for 10 hours", "on 8 h100 for a day")
    assert alone.query.params_b is None and not alone.query.run_there, alone.text


# A count said alone after different cards described together: which card is asked back (was
# that many of one of them, the other dropped unsaid, or "I did not understand" after a model).
@pytest.mark.parametrize(("lang", "cards", "count", "asked", "example"), [
    ("en", "i have 2x 3090 and a 4090", "and 8?", "❓ <b>8 of which card?</b>",
     "<code>i have 7× RTX 3090 and 1× RTX 4090</code>"),
    ("es", "tengo 2 3090 y una 4090", "¿y 8?", "❓ <b>¿8 de qué tarjeta?</b>",
     "<code>tengo 7× RTX 3090 y 1× RTX 4090</code>"),
    ("fr", "j'ai 2 3090 et une 4090", "et avec 8 ?", "❓ <b>8 de quelle carte\u202f?</b>",
     "<code>j'ai 7× RTX 3090 et 1× RTX 4090</code>"),
])
def test_a_count_after_a_mixed_machine_asks_which_card(
        lang: str, cards: str, count: str, asked: str, example: str) -> None:
    _, which = converse(cards, count)
    assert which.text.startswith(asked), which.text
    assert example in which.text, which.text
    assert which.query.rig == (("rtx-3090", 2), ("rtx-4090", 1)), which.text


@pytest.mark.parametrize(("run", "count"), [
    ("i have 2x 3090 and a 4090, can i run llama 3 70b q4?", "and 8?"),
    ("lora llama 3 70b on 2x 3090 + 1x 4090", "and with eight?"),
    ("tengo 2 3090 y una 4090, puedo correr llama 3 70b en q4?", "¿y 8?"),
])
def test_a_count_after_a_run_on_a_mixed_machine_asks_which_card(run: str, count: str) -> None:
    _, which = converse(run, count)
    assert which.text.startswith("❓ <b>"), which.text
    assert "8× RTX 3090</code>" in which.text and "8× RTX 4090</code>" in which.text, which.text
    assert which.query.gpu_count == 3, which.text  # the machine as it was, not 8 of one card


def test_after_asking_which_card_the_answer_and_the_machine_both_work() -> None:
    run = "i have 2x 3090 and a 4090, can i run llama 3 70b q4?"
    *_, which, size, cards = converse(run, "and 8?", "and 8b?", "and 8× RTX 3090?")
    assert "If you meant a model of that size, say it with its B: <code>and 8B?</code>" \
        in which.text, which.text
    assert size.query.params_b == 8 and size.query.gpu_count == 3, size.text  # the machine kept
    assert (cards.query.gpu, cards.query.gpu_count) == ("rtx-3090", 8), cards.text
    assert cards.query.params_b == 8, cards.text
    # after one kind of card, a count is still that many of it
    _, eight = converse("i have 2x 3090", "and 8?")
    assert (eight.query.gpu, eight.query.gpu_count) == ("rtx-3090", 8), eight.text


@pytest.mark.parametrize(("first", "then", "pick"), [
    ("how much to qlora llama 3 70b on an h100", "and on an a100?", "which is better?"),
    ("cuánto cuesta un qlora de llama 3 70b en una h100", "¿y en una a100?", "¿cuál es mejor?"),
    ("combien pour un qlora de llama 3 70b sur une h100 ?", "et sur une a100 ?",
     "lequel est le mieux ?"),
    ("combien pour un qlora de llama 3 70b sur une h100 ?", "et sur une a100 ?",
     "et du coup lequel ?"),
    ("qlora llama 3 70b, h100 or a100?", "ok", "je prends laquelle ?"),
])
def test_which_is_better_is_the_pick_of_the_two(first: str, then: str, pick: str) -> None:
    *_, picked = converse(first, then, pick)
    q = picked.query
    assert q.intent == "compare" and q.cheaper_asked, picked.text
    assert (q.gpu, q.other_gpus) == ("h100", ("a100-80gb",)), picked.text


# A bare digit after a run on one card: that many cards or a model of that size, asked back
# (was "I did not understand"); each answer offered then works. After cards counted ("on 2
# h100") the digit counts them (test_conv22).
@pytest.mark.parametrize(("run", "count", "asked", "cards", "size"), [
    ("lora llama 3 70b on an h100", "and 8?", "❓ <b>8 of what?</b>",
     "and on 8× H100?", "and 8B?"),
    # (a digit no model of the brand is sized at, "¿y 2?", is cards: test_conv40)
    ("qlora de llama 3 70b en una 4090", "¿y 8?", "❓ <b>¿8 de qué?</b>",
     "¿y en 8× RTX 4090?", "¿y 8B?"),
    ("qlora de llama 3 70b sur une 4090", "et 8 ?", "❓ <b>8 quoi\u202f?</b>",
     "et sur 8× RTX 4090\u202f?", "et 8B\u202f?"),
])
def test_a_bare_digit_after_a_run_on_a_card_asks_cards_or_size(
        run: str, count: str, asked: str, cards: str, size: str) -> None:
    before, which, on = converse(run, count, cards)
    assert which.text.startswith(asked), which.text
    assert f"<code>{cards}</code>" in which.text and f"<code>{size}</code>" in which.text
    assert (on.query.gpu, on.query.gpu_count) == (before.query.gpu, int(count.strip("¿?andyet "))), \
        on.text
    assert on.query.params_b == 70 and on.query.method == before.query.method, on.text


@pytest.mark.parametrize(("lang", "prefill", "lead"), [
    ("en", "and prefill?", "⏱ <b>About 9.4 seconds at the card's peak to process a prompt of "
                           "54,862 tokens"),
    ("fr", "et le prefill ?", "⏱ <b>Environ 9,4\u00a0secondes au pic de la carte pour traiter "
                              "un prompt de 54\u202f862 tokens"),
])
def test_the_prefill_after_the_longest_context_leads_at_that_context(
        lang: str, prefill: str, lead: str) -> None:
    _, timed = converse(_LONGEST[lang], prefill)
    assert timed.text.split("\n", 1)[1].startswith(lead), timed.text
    assert "📏" not in timed.text, timed.text
