"""Follow-ups that went wrong in a chat (chat13): after two cards priced in turn ("price of
h200", "and b200?"), "which is better for 70b lora?" weighs both for that run (was the run on
the last card priced alone); "too slow?", "any faster option?" after a run timed lists where it
ends sooner, with the time and what is paid for each (was "I did not understand")."""

from __future__ import annotations

import re

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize(("turns", "lead"), [
    (("price of h200", "and b200?", "which is better for 70b lora?"),
     "💵 <b>Only 1× B200 holds it.</b>"),
    (("precio de la h200", "y la b200?", "cual conviene para lora de 70b?"),
     "💵 <b>Solo cabe en 1× B200.</b>"),
    (("prix de la h200", "et la b200 ?", "laquelle est mieux pour un lora 70b ?"),
     "💵 <b>Il ne tient que sur 1× B200.</b>"),
    (("how much is an h100 per hour", "and the a100?", "which one for qlora llama 3 8b"),
     "💵 <b>At the same utilization the H100 finishes a run sooner and for less"),
])
def test_which_for_a_run_after_two_cards_priced_compares_them(
        turns: tuple[str, ...], lead: str) -> None:
    *_, pick = converse(*turns)
    q = pick.query
    first, second = ("h200", "b200") if "h200" in turns[0] else ("h100", "a100-80gb")
    assert q.intent == "compare" and (q.gpu, q.other_gpus) == (first, (second,)), pick.text
    assert q.method in ("lora", "qlora") and q.params_b in (70, 8), pick.text
    assert pick.text.split("\n", 1)[1].startswith(lead), pick.text


def test_a_run_named_after_two_cards_asked_for_a_run_is_compared_on_both() -> None:
    *_, pick = converse("lora 70b on h200", "and on b200?", "which is cheaper for qlora 8b?")
    q = pick.query
    assert (q.intent, q.gpu, q.other_gpus, q.method, q.params_b) \
        == ("compare", "h200", ("b200",), "qlora", 8), pick.text


def test_one_card_priced_then_a_run_is_still_that_run_there() -> None:
    *_, run = converse("price of h200", "which is better for 70b lora?")
    assert run.query.intent != "compare" and run.query.gpu == "h200", run.text


def test_the_same_card_priced_twice_has_no_card_before() -> None:
    *_, run = converse("price of h200", "and the h200?", "which is better for 70b lora?")
    assert run.query.intent != "compare", run.text


_SAMPLES = {
    "en": "lora llama 3 8b on 20k samples on an a100",
    "es": "lora de llama 3 8b con 20k ejemplos en una a100",
    "fr": "lora llama 3 8b sur 20k exemples sur une a100",
}


@pytest.mark.parametrize(("lang", "faster", "head", "first"), [
    ("en", "too slow?", "⚡ <b>Faster than 1× A100 80GB for this run, by this estimate, at 512 "
     "to 2,048 tokens a sample", "• 1× L40S: about 48 minutes to 3.24 hours, you pay $8.20"),
    ("en", "any faster option?", "⚡ <b>Faster than 1× A100 80GB", "• 1× L40S:"),
    ("en", "something faster?", "⚡ <b>Faster than 1× A100 80GB", "• 1× L40S:"),
    ("en", "can it go faster?", "⚡ <b>Faster than 1× A100 80GB", "• 1× L40S:"),
    ("es", "hay algo mas rapido?", "⚡ <b>Según esta estimación, estas configuraciones terminan "
     "este entrenamiento antes que en 1× A100 80GB, con ejemplos de 512 a 2.048 tokens",
     "• 1× L40S: entre 48\u00a0minutos y 3,24\u00a0horas, pagas 8,20"),
    ("fr", "plus rapide ?", "⚡ <b>D'après cette estimation, ces configurations terminent cet "
     "entraînement plus tôt que sur 1× A100 80GB",
     "• 1× L40S\u00a0: de 48\u00a0minutes à 3,24\u00a0heures environ, vous payez 8,20"),
])
def test_faster_after_a_run_lists_where_it_ends_sooner(
        lang: str, faster: str, head: str, first: str) -> None:
    run, fast = converse(_SAMPLES[lang], faster)
    q = fast.query
    assert q.faster_asked and q.intent == "time" and q.gpu == "a100-80gb", fast.text
    assert (q.params_b, q.method, q.dataset_samples) == (8, "lora", 20_000), fast.text
    body = fast.text.split("\n", 1)[1]  # after the line saying what was carried over
    assert body.startswith(head), fast.text
    lines = body.split("\n")
    assert lines[1].startswith(first), fast.text
    # each one listed ends sooner than the one before, and the asked run is still timed
    assert lines[4].startswith("• 8× B200"), fast.text
    assert "⏱" in body and "⚡" not in run.text, fast.text


def test_faster_after_a_run_on_no_card_is_against_where_it_was_timed() -> None:
    run, fast = converse("lora llama 3 8b on 50M tokens", "any faster option?")
    assert "1× L40S" in run.text.split("\n", 1)[0], run.text
    body = fast.text.split("\n", 1)[1]
    assert body.startswith("⚡ <b>Faster than 1× L40S for this run, by this estimate (what you pay, in whole blocks of GPU-hours):</b>\n• 4× A100 80GB: about 1.13 hours, you pay $9.20"), fast.text


def test_faster_after_the_fastest_says_none_is() -> None:
    *_, fast = converse("qlora llama 3 70b on 100M tokens on 8 b200", "too slow?")
    assert fast.text.split("\n", 1)[1].startswith(
        "⚡ <b>None of the configurations we offer ends this run sooner than on 8× B200, by "
        "this estimate.</b>"), fast.text


def test_faster_with_a_card_named_still_compares_the_two() -> None:
    *_, fast = converse(_SAMPLES["en"], "would an h100 be faster?")
    assert fast.query.intent == "compare" and not fast.query.faster_asked, fast.text


def test_the_run_kept_through_three_turns_changes_only_what_each_says() -> None:
    first, epochs, card = converse(_SAMPLES["en"], "and 3 epochs?", "and on an h100?")
    run = ("params_b", "model_id", "method", "dataset_samples")
    assert all(getattr(epochs.query, f) == getattr(first.query, f) for f in run), epochs.text
    assert (epochs.query.epochs, epochs.query.gpu) == (3, "a100-80gb"), epochs.text
    assert all(getattr(card.query, f) == getattr(first.query, f) for f in run), card.text
    assert (card.query.epochs, card.query.gpu) == (3, "h100"), card.text
    assert "on 1× H100 (3 epochs)" in card.text, card.text


@pytest.mark.parametrize(("turns", "head", "first"), [
    (("qlora llama 3 70b on an a100 for 24h", "too slow?"),
     "⚡ <b>What takes 24 hours on 1× A100 80GB, on configurations we offer that are faster by "
     "the datasheets' peak ratios", "• 4× A100 80GB: about 6 hours, you pay $22.08"),
    (("qlora llama 3 70b en una a100 por 24h", "muy lento, hay algo mas rapido?"),
     "⚡ <b>Lo que tarda 24\u00a0horas en 1× A100 80GB", "• 4× A100 80GB: alrededor de 6\u00a0horas"),
    (("qlora llama 3 70b sur une a100 pendant 24h", "trop lent ?"),
     "⚡ <b>Ce qui prend 24\u00a0heures sur 1× A100 80GB", "• 4× A100 80GB\u00a0: environ 6\u00a0heures"),
    # a time measured on the user's own card: carried to the faster ones we rent
    (("it took 6h to qlora llama 3 8b on my 3090", "too slow?"),
     "⚡ <b>What takes 6 hours on 1× RTX 3090", "• 4× A100 80GB: about 20 to 41 minutes, you "
     "pay $9.20"),
])
def test_faster_after_hours_said_on_a_card_carries_them_by_the_datasheets(
        turns: tuple[str, str], head: str, first: str) -> None:
    _, fast = converse(*turns)
    assert fast.query.faster_asked, fast.text
    carried, body = fast.text.split("\n", 1)
    assert body.startswith(head), fast.text
    assert body.split("\n")[1].startswith(first), fast.text
    assert "1× RTX 3090 that took" not in carried, fast.text  # the card said once


def test_faster_after_hours_on_the_fastest_says_none_is() -> None:
    _, fast = converse("qlora llama 3 70b on 8 b200 for 10 hours", "too slow?")
    assert fast.text.split("\n", 1)[1].startswith(
        "⚡ <b>By the datasheets' peak ratios, none of the configurations we offer runs it "
        "faster than 8× B200.</b>"), fast.text


def test_faster_after_a_deadline_is_no_run_of_those_hours() -> None:
    _, fast = converse("can i qlora llama 3 8b on an a100 overnight?", "too slow?")
    assert not fast.query.faster_asked, fast.text


# An amount alone after a run on a dataset: that dataset's new size, in the unit said before
# (was a 0.01B model for "and 10M?", "I did not understand" for "and 50k?").
@pytest.mark.parametrize(("turns", "tokens", "samples", "said"), [
    (("lora llama 3 8b on an h100", "how long for 1M tokens?", "and 10M?"), 10**7, None,
     "about 17 minutes on 1× H100 (0.29 GPU-hours for 10 million tokens)"),
    (("lora llama 3 8b en una h100", "cuanto tarda con 1M tokens?", "y con 10M?"), 10**7, None,
     "10 millones de tokens"),
    (("lora llama 3 8b sur une h100", "combien de temps pour 1M tokens ?", "et 10M ?"), 10**7,
     None, "10 millions de tokens"),
    ((_SAMPLES["en"], "and 50k?"), None, 50_000, "your 50,000 samples"),
    ((_SAMPLES["es"], "y con 50 mil?"), None, 50_000, "tus 50.000 ejemplos"),
    ((_SAMPLES["fr"], "et 50k ?"), None, 50_000, "vos 50\u202f000 exemples"),
    (("lora llama 3 8b on an h100", "how long for 10M tokens?", "and if i double the data?"),
     2 * 10**7, None, "20 million tokens"),
    ((_SAMPLES["es"], "y si duplico los datos?"), None, 40_000, "tus 40.000 ejemplos"),
    ((_SAMPLES["fr"], "et si je double les données ?"), None, 40_000, "vos 40\u202f000 exemples"),
])
def test_an_amount_alone_after_a_run_on_a_dataset_resizes_it(
        turns: tuple[str, ...], tokens: int | None, samples: int | None, said: str) -> None:
    *_, resized = converse(*turns)
    q = resized.query
    assert (q.params_b, q.model_id, q.method) == (8, "llama-3-8b", "lora"), resized.text
    assert q.dataset_tokens == tokens and q.dataset_samples == samples, resized.text
    assert said in resized.text, resized.text
    assert "of Llama 3 8B" in resized.text.split("\n", 1)[0] \
        or "de Llama 3 8B" in resized.text.split("\n", 1)[0], resized.text


def test_a_size_after_a_run_on_a_dataset_is_still_a_model() -> None:
    *_, other = converse(_SAMPLES["en"], "and 70b?")
    assert other.query.params_b == 70 and other.query.dataset_samples == 20_000, other.text


@pytest.mark.parametrize(("turns", "lead"), [
    (("qlora llama 3 70b on an h100", "per hour?"), "💵 <b>1× H100 costs $2.32/hour.</b>"),
    (("qlora llama 3 70b on an h100", "hourly?"), "💵 <b>1× H100 costs $2.32/hour.</b>"),
    (("qlora llama 3 70b on an h100", "and the hourly rate?"), "💵 <b>1× H100 costs $2.32/hour.</b>"),
    (("qlora llama 3 70b en una h100", "y por hora?"),
     "💵 <b>Precio de 1× H100: 2,32\u00a0US$/hora.</b>"),
    (("qlora llama 3 70b sur une h100", "et à l'heure ?"),
     "💵 <b>Prix de 1× H100\u00a0: 2,32\u00a0$US/heure.</b>"),
])
def test_the_rate_alone_after_a_run_is_its_cards_price(turns: tuple[str, str], lead: str) -> None:
    _, rate = converse(*turns)
    assert rate.query.intent == "prices" and rate.query.gpu == "h100", rate.text
    assert rate.text.split("\n", 1)[1].startswith(lead), rate.text


def test_the_rate_alone_with_nothing_before_is_not_a_price() -> None:
    (alone,) = converse("per hour?")
    assert alone.query.gpu is None, alone.text


@pytest.mark.parametrize("bare", ["how about 8?", "what about 8?", "que tal 8?"])
def test_a_count_after_what_about_is_read_as_and_8_is(bare: str) -> None:
    _, count = converse("lora llama 3 70b on an a100", bare)
    assert count.query.count_unclear == 8, count.text  # "8 of what?", as after "and 8?"
    # (after cards counted, "on 4 a100s", 8 of them: test_conv22)


def test_what_about_a_count_of_them_is_still_that_many() -> None:
    _, count = converse("lora llama 3 70b on 4 a100s", "what about 8 of them?")
    assert count.query.gpu_count == 8 and count.query.count_unclear is None, count.text


@pytest.mark.parametrize(("lang", "cheaper"), [
    ("en", "cheaper?"), ("es", "algo mas barato?"), ("fr", "moins cher ?")])
def test_cheaper_after_samples_of_unsaid_length_times_them_where_it_costs_least(
        lang: str, cheaper: str) -> None:
    _, cheap = converse(_SAMPLES[lang], cheaper)
    q = cheap.query
    assert q.intent == "time" and q.gpu is None and q.dataset_samples == 20_000, cheap.text
    assert "1× L40S" in cheap.text.split("\n")[1], cheap.text
    # no illustrative 24 hours (micro45: the 2,048-token run is now 3.24 hours, a 24 inside it)
    assert not re.search(r"(?<![\d.,])24(?![\d.,])", cheap.text.split("\n")[1]), cheap.text
