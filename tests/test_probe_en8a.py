"""English questions the bot misread (probe-en8a): more hours in a day than it has, or days in a
week, were priced as said."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json, converse

# --- a day of more than 24 hours, a week of more than 7 days -------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("h100 25 hours a day for a week", None, "⚠️ A day has 24 hours, so 25 hours a day"),
    ("rent an a100 30h a day", None, "⚠️ A day has 24 hours, so 30 hours a day"),
    ("h100 8 hours a day for 9 days a week", None, "⚠️ A week has 7 days, so 9 days a week"),
    ("h100 25 horas al dia durante una semana", "es",
     "⚠️ Un día tiene 24 horas: no se pueden usar 25 horas al día"),
    ("h100 8h par jour 9 jours par semaine pendant un mois", "fr",
     "⚠️ Une semaine compte 7 jours\u00a0: impossible d'utiliser 9\u00a0jours par semaine"),
])
def test_an_impossible_day_or_week_is_said_not_priced(text: str, locale: str | None,
                                                      lead: str) -> None:
    """Was "You pay $69.60 … 25 hours" for 25 hours a day, and 72 hours for 9 days a week."""
    got = ask_json(text, locale)
    assert str(got["text"]).startswith(lead), got["text"]
    assert got["error"] == "invalid_hours"
    assert got["cost_usd"] is None


@pytest.mark.parametrize(("text", "hours"), [
    ("h100 8 hours a day 5 days a week for a month", "168"),
    ("h100 8h/day for 2 weeks", "112"),
    ("h100 24 hours a day for a week", "168"),
])
def test_a_possible_day_is_still_priced(text: str, hours: str) -> None:
    got = ask_json(text)
    assert got["error"] is None and str(got["hours"]) == hours, got["text"]


def test_an_impossible_day_said_after_a_week_priced_is_said() -> None:
    _, daily = converse("how much is an h100 for a week", "what if i only need it 25 hours a day")
    assert daily.answer.error == "invalid_hours", daily.text
    assert daily.text.startswith("⚠️ A day has 24 hours"), daily.text


# --- NVLink and cards used together ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("do i need nvlink for 2x 3090 qlora", None,
     "🔗 <b>NVLink is not required: 2× RTX 3090 can share one job over PCIe.</b>"),
    ("does nvlink matter for finetuning on 2 gpus", None,
     "🔗 <b>NVLink is not required: several GPUs can share one job over PCIe.</b>"),
    ("can i use a 3090 and a 4090 together for lora", None,
     "🔗 <b>Yes: 1× RTX 3090 and 1× RTX 4090 can share one job over PCIe; NVLink is not "
     "required.</b>"),
    ("necesito nvlink para entrenar con 2 3090?", "es", "🔗 <b>NVLink no hace falta: 2× RTX 3090"),
    ("je peux utiliser une 3090 et une 4090 ensemble ?", "fr",
     "🔗 <b>Oui\u00a0: 1× RTX 3090 et 1× RTX 4090 peuvent se partager"),
])
def test_nvlink_or_cards_together_are_answered_not_asked_which_model(
        text: str, locale: str | None, lead: str) -> None:
    """Was "Which model?" (or "I did not understand that" for the third)."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert reply.startswith(lead), reply
    assert "101" in reply and "131" in reply, reply  # the measured run, from gpus_owned.toml
    assert got["intent"] == "fit" and got["error"] is None


def test_which_cards_have_an_nvlink_connector_is_said_for_the_cards_named() -> None:
    reply = str(ask_json("can i use a 3090 and a 4090 together for lora")["text"])
    assert "The RTX 3090 has an NVLink connector" in reply, reply
    assert "The RTX 4090 has no NVLink connector" in reply, reply
    assert "🖥 Read as one machine with 1× RTX 3090 and 1× RTX 4090" in reply, reply


def test_with_a_model_the_verdict_leads_and_nvlink_follows() -> None:
    got = ask_json("do i need nvlink for 2x 3090 to qlora llama 3 8b")
    reply = str(got["text"])
    assert reply.startswith("✅ <b>Yes: Llama 3 8B fits on 2× RTX 3090 (QLoRA).</b>"), reply
    assert "🔗 <b>NVLink is not required.</b>" in reply, reply
    assert got["fits"] is True and got["gpu_count"] == 2


def test_nvlink_after_cards_noted_is_asked_of_them() -> None:
    _, linked = converse("i have 2 3090s", "do i need nvlink?")
    assert linked.text.split("\n")[1].startswith(
        "🔗 <b>NVLink is not required: 2× RTX 3090 can share one job over PCIe.</b>"), linked.text
    _, together = converse("i have a 3090 and a 4090", "can i use them together?")
    assert "🔗 <b>Yes: 1× RTX 3090 and 1× RTX 4090" in together.text, together.text


def test_together_of_two_methods_is_not_a_question_of_cards() -> None:
    assert "NVLink" not in str(ask_json("can i use lora and qlora together")["text"])


# --- a deadline picks the configuration ------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("need to qlora llama 3 8b on 50M tokens in 2 hours, which gpu should i rent?", None,
     "✅ <b>Rent 4× A100 80GB: by this estimate it finishes within 2 hours, for the least of the "
     "configurations we offer that do.</b>"),
    ("have 2 days to qlora llama 3 70b on 200k examples, what should i rent", None,
     "✅ <b>Rent 1× B200: by this estimate it finishes within 48 hours, even at 2,048 tokens a sample"),
    ("i need to finetune a 7b on 500k samples by tomorrow, which gpu", None,
     "✅ <b>Rent 8× H100: by this estimate it finishes within 24 hours, even at 2,048 tokens a "
     "sample"),
    ("qlora llama 3 70b on 10B tokens in 2 days, which gpu?", None,
     "❌ <b>None of the configurations we offer finishes it within 48 hours by this estimate; "
     "the fastest is 8× B200.</b>"),
    ("necesito hacer qlora de llama 3 8b con 50M tokens para mañana, que gpu alquilo?", "es",
     "✅ <b>Alquila 1× L40S: según esta estimación, termina en menos de 24\u00a0horas"),
    # micro45: 4× A100 80GB now holds it in 24 hours (11.38 hours, 45.52 GPU-hours: two 24-hour
    # blocks, $44.16), for less than 8× H100's two 10-hour blocks ($46.40); 1× L40S still misses it
    ("je dois fine-tuner llama 3 8b sur 500M tokens d'ici demain, quelle gpu ?", "fr",
     "✅ <b>Louez 4× A100 80GB\u00a0: d'après cette estimation, l'entraînement tient en 24\u00a0heures"),
])
def test_a_deadline_picks_the_cheapest_configuration_finishing_in_time(
        text: str, locale: str | None, lead: str) -> None:
    """Was the memory per method with the cheapest card per hour, the deadline unread (or its
    hours rented: "2 days" priced as 48 hours of an A100)."""
    got = ask_json(text, locale)
    assert str(got["text"]).startswith(lead), got["text"]
    assert got["intent"] == "time"


def test_the_cheaper_slower_run_is_named_beside_the_one_in_time() -> None:
    reply = str(ask_json("need to qlora llama 3 8b on 50M tokens in 2 hours, which gpu should i "
                     "rent?")["text"])
    assert "1× L40S costs less for this run but takes about 4.07 hours" in reply, reply
    assert "You pay $9.20" in reply, reply  # the run's cost there, from the blocks


def test_tomorrow_is_said_to_be_taken_as_a_day() -> None:
    reply = str(ask_json("i need to finetune a 7b on 500k samples by tomorrow, which gpu")["text"])
    assert "🗓 Tomorrow is taken as 24 hours from now" in reply, reply
    # both sample lengths timed on the configuration picked
    assert "3.16 hours at 2,048 tokens each, on 8× H100" in reply, reply


def test_will_it_finish_in_time_is_timed_where_it_does() -> None:
    """"will … finish in 2 days?": on 8× B200 in about 15 hours (was "No" on one B200)."""
    got = ask_json("will qlora llama 3 70b on 1B tokens finish in 2 days?")
    assert str(got["text"]).startswith(
        "✅ <b>Yes: by this estimate it finishes within 48 hours.</b>\n⏱ <b>QLoRA of Llama 3 70B: about 13.58 hours on 8× B200"), got["text"]


# --- PCIe, and cards that differ, asked of no card -------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("does fsdp work over pcie?", None,
     "🔗 <b>NVLink is not required: several GPUs can share one job over PCIe.</b>"),
    ("is pcie 4.0 x8 enough for 2 gpu training", None,
     "🔗 <b>NVLink is not required: several GPUs can share one job over PCIe.</b>"),
    ("is pcie bandwidth a bottleneck for multi gpu finetuning", None,
     "🔗 <b>NVLink is not required: several GPUs can share one job over PCIe.</b>"),
    ("do i need the same gpus for multi gpu training", None,
     "🔗 <b>The GPUs need not be identical: cards of different models or memory can share one "
     "job, over PCIe.</b>"),
    ("can you train on 2 different gpus", None, "🔗 <b>The GPUs need not be identical"),
    ("do the gpus need to be identical for fsdp?", None, "🔗 <b>The GPUs need not be identical"),
    ("las gpus tienen que ser iguales para entrenar con fsdp?", "es",
     "🔗 <b>Las GPU no tienen por qué ser iguales"),
    ("faut-il des cartes identiques pour fsdp ?", "fr",
     "🔗 <b>Les GPU n'ont pas besoin d'être identiques"),
])
def test_pcie_or_cards_that_differ_are_answered(text: str, locale: str | None, lead: str) -> None:
    """Was "I did not understand that"."""
    got = ask_json(text, locale)
    assert str(got["text"]).startswith(lead), got["text"]
    assert got["intent"] == "fit"


@pytest.mark.parametrize("text", [
    "can i train with different data on 2 gpus",
    "can i use the same gpus for inference later",
    "a100 pcie vs sxm for training",
])
def test_other_uses_of_the_words_are_not_a_multi_gpu_question(text: str) -> None:
    assert "🔗" not in str(ask_json(text)["text"])


# --- the multi-GPU and deadline questions in a chat ------------------------------------------------


def test_nvlink_asked_as_a_need_is_not_a_price() -> None:
    """"do i need nvlink for 2 3090s" read as a price of the 3090 (not rented)."""
    got = ask_json("do i need nvlink for 2 3090s")
    assert str(got["text"]).startswith(
        "🔗 <b>NVLink is not required: 2× RTX 3090 can share one job over PCIe.</b>"), got["text"]
    assert got["error"] is None


def test_nvlink_of_other_cards_next_is_the_same_question() -> None:
    _, other = converse("do i need nvlink for 2 3090s", "and for 2 4090s?")
    assert other.text.startswith(
        "🔗 <b>NVLink is not required: 2× RTX 4090 can share one job over PCIe.</b>"), other.text
    assert "The RTX 4090 has no NVLink connector" in other.text, other.text


def test_a_run_on_the_cards_said_together_is_on_them() -> None:
    _, run = converse("can i use a 3090 and a 4090 together?", "ok then qlora llama 3 8b on them")
    assert run.query.gpu == "rtx-3090" and run.query.gpu_count == 2, run.text
    # the machine as said, not "2× RTX 3090" (it is answered as even shares of the 3090)
    assert "Llama 3 8B fits on 1× RTX 3090 + 1× RTX 4090 (QLoRA)" in run.text, run.text


@pytest.mark.parametrize(("turns", "lead"), [
    (("i need to qlora llama 3 8b on 50M tokens", "by tomorrow, which gpu?"),
     "✅ <b>Rent 1× L40S: by this estimate it finishes within 24 hours"),
    (("qlora llama 3 70b on 200k samples", "i have 2 days, what should i rent?"),
     "✅ <b>Rent 1× B200: by this estimate it finishes within 48 hours, even at 2,048 tokens"),
    (("have 2 days to qlora llama 3 70b on 100M tokens, what should i rent",
      "and if i only have 12 hours?"),
     "✅ <b>Rent 8× H100: by this estimate it finishes within 12 hours"),
])
def test_a_deadline_said_after_the_run_picks_its_configuration(
        turns: tuple[str, str], lead: str) -> None:
    """Were the price list, or the run's cost for those hours."""
    *_, last = converse(*turns)
    body = last.text.split("\n", 1)[1]  # after the "from your last question" line
    assert body.startswith(lead), last.text


def test_what_do_i_rent_beside_a_deadline_names_the_configuration() -> None:
    got = ask_json("need llama 3 8b lora on 30M tokens done in 3 hrs, what do i rent")
    assert str(got["text"]).startswith(
        "✅ <b>Rent 1× L40S: by this estimate it finishes within 3 hours"), got["text"]


# --- the fastest configuration for a run ----------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    # 15 minutes: the wall clock is 2.03 GPU-hours over 8 GPUs, as the quote bills it (cost19's
    # 095fc05a, one rendering a reply; the unrounded 13.47 minutes printed 13 beside it, when
    # the run was 1.8 GPU-hours)
    ("fastest way to finetune llama 3 8b on 100M tokens", None,
     "⚡ <b>The fastest configuration we offer for this run: 8× B200, by this estimate.</b>\n⏱ <b>QLoRA of Llama 3 8B: about 10 minutes on 8× B200"),
    ("how fast can i qlora llama 3 70b on 50M tokens if money is no object", None,
     "⚡ <b>The fastest configuration we offer for this run: 8× B200"),
    ("fastest gpu for lora llama 3 70b on 20k samples", None,
     "⚡ <b>The fastest configuration we offer for this run: 8× B200"),
    ("la forma más rápida de hacer qlora de llama 3 8b con 100M tokens", "es",
     "⚡ <b>La configuración más rápida que ofrecemos para este entrenamiento: 8× B200"),
    ("le plus rapide pour fine-tuner llama 3 8b sur 100M tokens, peu importe le prix", "fr",
     "⚡ <b>La configuration la plus rapide que nous proposons pour cet entraînement\u00a0: 8× B200"),
])
def test_the_fastest_run_is_timed_where_it_ends_soonest(
        text: str, locale: str | None, lead: str) -> None:
    """Was the memory per method, or the time on one B200 (where it costs least)."""
    got = ask_json(text, locale)
    assert str(got["text"]).startswith(lead), got["text"]
    assert got["intent"] == "time"
    assert "None of the configurations" not in str(got["text"])


def test_the_fastest_gpu_alone_is_still_the_price_list() -> None:
    assert str(ask_json("whats your fastest gpu")["text"]).startswith("⚡ <b>Our fastest GPU: B200")


# --- a deadline and a budget in one message --------------------------------------------------------


@pytest.mark.parametrize(("text", "verdict"), [
    ("budget $100, deadline 24h, qlora llama 3 70b on 100M tokens, possible?",
     "💰 Within your budget of $100."),
    ("budget $50, deadline 24h, qlora llama 3 70b on 100M tokens, possible?",
     "💰 Over your budget of $50: no configuration we offer finishes it in time for less."),
])
def test_a_deadline_beside_a_budget_picks_the_run_and_weighs_it(text: str, verdict: str) -> None:
    """Was "Cost: $22.08 — 1× A100 80GB × 24 hours", the deadline priced as rented hours (the
    run takes about 50 hours there)."""
    reply = str(ask_json(text)["text"])
    assert reply.startswith("✅ <b>Rent 8× H100: by this estimate it finishes within 24 hours"), reply
    assert "You pay $69.60" in reply and verdict in reply, reply


# --- the deadline or the fastest kept through a chat ----------------------------------------------


def test_a_method_changed_after_a_deadline_pick_keeps_the_deadline() -> None:
    """"and with lora?" after "… which gpu by tomorrow?" was timed with no deadline."""
    _, lora, days = converse("qlora llama 3 70b on 100M tokens, which gpu by tomorrow?",
                             "and with lora?", "what about 2 days?")
    assert "✅ <b>Rent 8× H100: by this estimate it finishes within 24 hours" in lora.text, lora.text
    assert "✅ <b>Rent 8× H100: by this estimate it finishes within 48 hours" in days.text, days.text


def test_the_cheapest_after_the_fastest_is_where_the_run_costs_least() -> None:
    _, cheapest = converse("fastest way to qlora llama 3 70b on 50M tokens", "and the cheapest?")
    assert "QLoRA of Llama 3 70B: about 39.5 hours on 1× A100 80GB" in cheapest.text, \
        cheapest.text


def test_a_deadline_after_a_run_on_ones_own_card_is_asked_of_it() -> None:
    *_, tomorrow = converse("i have a 4090", "how long to qlora llama 3 8b on 50M tokens?",
                            "i need it by tomorrow, should i rent?")
    assert "✅ <b>Yes: by this estimate it finishes within 24 hours.</b>" in tomorrow.text, \
        tomorrow.text
    assert "on 1× RTX 4090" in tomorrow.text, tomorrow.text


def test_starting_tomorrow_is_no_deadline() -> None:
    got = ask_json("can i start training llama 3 8b on 10M tokens tomorrow?")
    assert "Rent " not in str(got["text"]).split("\n")[0], got["text"]
    assert "Tomorrow is taken" not in str(got["text"]), got["text"]
