"""Questions as new users write them (probe-en10): a setting changed in a follow-up with a verb
("what if i drop batch to 1", "bajo el batch a 1", "je baisse le batch à 1") was "I did not
understand that"; two cards each with its own hours ("an a100 for a day or an h100 for half a
day") swapped the hours and led with a per-run verdict that ignored them."""

from __future__ import annotations

import pytest

from tests.support.chat import CATALOGUE, ask_json, converse

RUN = "lora mistral 7b on my 4090, seq 4096 batch 2"


@pytest.mark.parametrize(("said", "seq", "batch", "rank"), [
    ("what if i drop batch to 1", 4096, 1, None),
    ("drop the batch size to 1", 4096, 1, None),
    ("set batch to 1 then", 4096, 1, None),
    ("what if i reduce batch from 2 to 1", 4096, 1, None),
    ("lower seq len to 2048", 2048, 2, None),
    ("and if i cut the seq length to 2048?", 2048, 2, None),
    ("seq len from 4096 to 1024?", 1024, 2, None),
    ("bump rank to 128", 4096, 2, 128),
])
def test_a_setting_changed_to_a_value_continues_the_run(
    said: str, seq: int, batch: int, rank: int | None
) -> None:
    first, changed = converse(RUN, said)
    q = changed.query
    assert q.follow_up and q.model_id == "mistral-7b" and q.gpu == "rtx-4090", changed.text
    assert (q.seq_len, q.batch_size, q.lora_rank) == (seq, batch, rank), changed.text
    assert "did not understand" not in changed.text
    assert changed.text != first.text


@pytest.mark.parametrize(("run", "said", "locale", "batch", "rank"), [
    ("lora de mistral 7b en mi 4090, seq 4096 batch 2", "y si bajo el batch a 1?", "es", 1, None),
    ("lora de mistral 7b en mi 4090, seq 4096 batch 2", "y si bajo el batch de 2 a 1", "es", 1,
     None),
    ("lora de mistral 7b en mi 4090, seq 4096 batch 2", "y si subo el rango a 64", "es", 2, 64),
    ("lora de mistral 7b sur ma 4090, seq 4096 batch 2", "et si je baisse le batch à 1 ?", "fr",
     1, None),
    ("lora de mistral 7b sur ma 4090, seq 4096 batch 2", "et si je passe le rang à 64", "fr", 2,
     64),
])
def test_a_setting_changed_in_spanish_and_french(
    run: str, said: str, locale: str, batch: int, rank: int | None
) -> None:
    _, changed = converse(run, said, locale=locale)
    q = changed.query
    assert q.follow_up and q.model_id == "mistral-7b", changed.text
    assert (q.batch_size, q.lora_rank) == (batch, rank), changed.text


def test_a_changed_batch_is_estimated_again() -> None:
    """The batch set to 1 is the detailed estimate's (25.6 GB at batch 2, 21 GB at batch 1)."""
    first, changed = converse(RUN, "what if i drop batch to 1")
    assert "about 25.6 GB per GPU" in first.text
    assert "about 21 GB per GPU" in changed.text, changed.text


# --- two cards, each with its own hours, weighed --------------------------------------------------



@pytest.mark.parametrize("text", [
    "whats cheaper for a 70b qlora, one a100 for a day or an h100 for half a day",
    "a100 for a day or h100 for 12 hours, which is cheaper",
    "which is cheaper: a100 for 24 hours or h100 for half a day",
])
def test_each_card_keeps_the_hours_said_beside_it(text: str) -> None:
    """The durations are tried in a fixed order (digits, then "half a day", then "a day"), not
    the order said: the A100 took the H100's 12 hours and the H100 the A100's day."""
    got = ask_json(text)
    reply = str(got["text"])
    assert got["gpu"] == "a100-80gb" and got["hours"] == 24, reply
    assert "1× A100 80GB × 24 hours" in reply and "1× H100 × 12 hours" in reply, reply


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("whats cheaper for a 70b qlora, one a100 for a day or an h100 for half a day", None,
     "⚖️ <b>1× H100 for 12 hours costs $24.32 more than 1× A100 80GB for 24 hours in the blocks "
     "you pay for ($46.40 vs $22.08; the runs themselves $27.84 vs $22.08).</b>"),
    ("h100 for 5 hours or a100 for 12 hours, which is cheaper?", None,
     "⚖️ <b>1× H100 for 5 hours costs $4.80 more than 1× A100 80GB for 12 hours"),
    ("que sale mas barato, una a100 por un dia o una h100 por medio dia?", "es",
     "⚖️ <b>1× H100 durante 12\u00a0horas cuesta 24,32\u00a0US$ más que 1× A100 80GB durante "
     "24\u00a0horas"),
    ("c'est quoi le moins cher, une a100 pendant une journée ou une h100 pendant une "
     "demi-journée ?", "fr",
     "⚖️ <b>1× H100 pendant 12\u00a0heures coûte 24,32\u00a0$US de plus que 1× A100 80GB "
     "pendant 24\u00a0heures"),
])
def test_which_is_cheaper_at_each_cards_own_hours_leads_with_their_costs(
    text: str, locale: str | None, lead: str
) -> None:
    """Not "at the same utilization the H100 finishes a run sooner and for less": the user said
    how long each card runs, so what those hours cost answers, once, first."""
    reply = str(ask_json(text, locale)["text"])
    assert reply.startswith(lead), reply
    assert "same utilization" not in reply and "misma utilización" not in reply, reply
    assert reply.count("⚖️ <b>1× H100") == 1, reply


def test_the_same_hours_on_both_cards_lead_with_their_cost_then_the_per_run_verdict() -> None:
    """The hours said are what is priced: the A100 costs less for them, said first (was the
    per-run verdict leading, "the H100 finishes a run sooner and for less", read as the H100
    costing less for those hours); the per-run verdict follows, once."""
    reply = str(ask_json("which is cheaper, h100 or a100 for 10 hours")["text"])
    assert reply.startswith("⚖️ <b>For 10 hours, 1× H100 costs $14.00 more than 1× A100 80GB"), \
        reply
    assert reply.count("For 10 hours") == 1, reply
    assert "\n💵 At the same utilization the H100 finishes a run sooner" in reply, reply


# --- the other memory of a card, after a detailed "no" ----------------------------------------------


@pytest.mark.parametrize(("text", "note"), [
    ("qlora llama 3 8b on my 3060, batch size set to 4 and max seq len set to 2048, fits?",
     "ℹ️ Read as the RTX 3060 with 12 GB. On the RTX 3060 8GB it does not fit either: 19.3 GB "
     "short."),
    ("qlora llama 3 8b on my 4060 ti, seq 4096 batch 4",
     "ℹ️ Read as the RTX 4060 Ti with 8 GB. On the RTX 4060 Ti 16GB it does not fit either: "
     "30.9 GB short."),
])
def test_the_other_memory_follows_the_verdict_the_reply_leads_with(text: str, note: str) -> None:
    """"No … On the RTX 3060 8GB it fits too: 2 GB left" said the planning rule's 6 GB after a
    detailed no (27.9 GB): the other card is weighed by the same estimate as the lead."""
    got = ask_json(text)
    assert got["fits"] is False
    assert note in str(got["text"]), got["text"]
    assert "it fits too" not in str(got["text"])


# --- several runs of one training ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead", "runs"), [
    ("whats the total cost if i run 3 experiments of qlora llama 3 8b each on 5M tokens on an a100",
     None, "💵 <b>About $1.26 to fine-tune Llama 3 8B on 15 million tokens</b>",
     "🔁 3 runs of 5 million tokens each: 15 million tokens in all"),
    ("hyperparameter sweep: 6 runs of lora mistral 7b on 20M tokens each, on h100, how much", None,
     "💵 <b>About $7.47 to fine-tune Mistral 7B (7.3B parameters) on 120 million tokens</b>",
     "🔁 6 runs of 20 million tokens each: 120 million tokens in all"),
    ("i need to train 4 models llama 3 8b qlora each on 10M tokens, total cost on h100?", None,
     "💵 <b>About $2.74 to fine-tune Llama 3 8B on 40 million tokens</b>",
     "🔁 4 runs of 10 million tokens each"),
    ("cuanto cuesta entrenar 3 modelos qlora de llama 3 8b con 10M tokens cada uno en una h100",
     "es", "💵 <b>Unos 2,04\xa0US$ por hacer fine-tuning de Llama 3 8B con 30 millones de tokens",
     "🔁 3 entrenamientos de 10 millones de tokens cada uno: 30 millones de tokens en total"),
    ("combien pour 3 entraînements lora de mistral 7b sur 10M tokens chacun sur une a100 ?", "fr",
     "💵 <b>Environ 2,29\xa0$US pour fine-tuner Mistral 7B",
     "🔁 3 entraînements de 10 millions de tokens chacun\u00a0: 30 millions de tokens au total"),
])
def test_several_runs_are_priced_as_all_their_tokens(
    text: str, locale: str | None, lead: str, runs: str
) -> None:
    """"3 experiments … each on 5M tokens" priced one run ($0.58 of 5M tokens); "6 runs … on 20M
    tokens each" read 20M as one sample's length ("too large for the sequence length") and the
    sweep as a hyper-parameter question."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert reply.startswith(lead), reply
    assert runs in reply, reply
    assert got["error"] is None


def test_several_runs_timed_say_the_count() -> None:
    got = ask_json("how long for 3 runs of qlora llama 3 8b on a 500mb jsonl each on an l40s")
    reply = str(got["text"])
    assert reply.startswith("⏱ <b>QLoRA of Llama 3 8B: about 30.54 hours on 1× L40S (30.54 GPU-hours for 375 million tokens).</b>"), reply
    # The 500 MB are one run's: its tokens said as they are, the runs' sum after.
    assert "📄 500 MB taken as about 125 million tokens" in reply
    assert "🔁 3 runs of 125 million tokens each: 375 million tokens in all" in reply


def test_two_loras_are_not_two_hours() -> None:
    """"train 2 loras" was corrected to "train 2 horas": two hours."""
    got = ask_json("train 2 loras on llama 3 8b, 5M tokens each, how long on a 4090")
    assert got["hours"] != 2 and "10 million tokens" in str(got["text"]), got["text"]


@pytest.mark.parametrize("text", [
    "can i serve 2 models on one a100",
    "llama 3 8b and mistral 7b at the same time on a 3090??",
    "what can i run on 2 models worth of vram",
])
def test_models_counted_without_a_training_dataset_are_not_runs(text: str) -> None:
    from bot.understand.parse import understand
    assert understand(text, CATALOGUE).runs is None


# --- a dataset to finish within hours on a card named -------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead", "timed"), [
    ("can i finetune llama 3 8b on 20M tokens in 2 hours on a 4090?", None,
     "❌ <b>No: by this estimate it takes longer than 2 hours.</b>",
     "about 3.54 hours on 1× RTX 4090"),
    ("can i qlora llama 3 70b on 5M tokens in 3 hours on an a100", None,
     "❌ <b>No: by this estimate it takes longer than 3 hours.</b>",
     "about 3.95 hours on 1× A100 80GB"),
    ("could i train llama 3 8b qlora on 10M tokens in 1 hour with an h100", None,
     "✅ <b>Yes: by this estimate it finishes within 1 hour.</b>",
     "about 17 minutes on 1× H100"),
    ("¿puedo hacer qlora de llama 3 8b con 20M tokens en 2 horas en una 4090?", "es",
     "❌ <b>No: según esta estimación, tarda más de 2\u00a0horas.</b>", "3,54\xa0horas"),
    ("je peux faire un qlora de llama 3 8b sur 20M tokens en 2 heures sur une 4090 ?", "fr",
     "❌ <b>Non\u00a0: d'après cette estimation, il faut plus de 2\u00a0heures.</b>",
     "3,54\xa0heures"),
])
def test_a_dataset_in_hours_on_a_card_is_a_deadline(
    text: str, locale: str | None, lead: str, timed: str
) -> None:
    """Was what those hours train there ("In 2 hours, 1× RTX 4090 trains about 8.4 million
    tokens"), the 20M tokens said left unweighed; with no card named it was already yes or no."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert got["intent"] == "time", reply
    assert reply.startswith(lead), reply
    assert timed in reply, reply


def test_hours_on_a_card_without_a_dataset_still_say_what_they_train() -> None:
    reply = str(ask_json("can i fine tune llama 3 8b in 4 hours on a single 4090?")["text"])
    assert reply.startswith("⏱ In 4 hours, 1× RTX 4090 trains about 23 million tokens"), reply


# --- BF16 chosen against FP16 on a card ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("i'm on a V100 16GB, should i use fp16 or bf16 for lora", None,
     "❌ <b>No: the V100 16GB has no BF16 (NVIDIA added it with Ampere, compute capability 8.0)."),
    ("can i use bf16 on a p40", None, "❌ <b>No: the P40 has no BF16"),
    ("fp16 or bf16 on a 3090?", None, "✅ <b>Yes: the RTX 3090 runs BF16.</b>"),
    ("fp16 o bf16 en una t4?", "es", "❌ <b>No: la T4 no tiene BF16"),
    ("je peux utiliser le bf16 sur une v100 ?", "fr", "❌ <b>Non\u00a0: le V100 16GB n'a pas de BF16"),
])
def test_bf16_chosen_on_a_card_says_whether_it_has_it(
    text: str, locale: str | None, lead: str
) -> None:
    """Was "Which model?" (or the card noted: "Got it: P40, 24 GB"), as "does the t4 support
    bf16" was already answered."""
    reply = str(ask_json(text, locale)["text"])
    assert reply.startswith(lead), reply


def test_the_bf16_remark_beside_a_run_still_answers_the_run() -> None:
    got = ask_json("en la p40 anda qlora de llama 3 8b? no tiene bf16 creo", "es")
    assert got["model"] == "llama-3-8b" and got["fits"] is True, got["text"]


# --- deadlines said as "by tomorrow" on a card, or "in that time" -------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead", "said"), [
    ("can i get a qlora of qwen2.5 32b done on 40M tokens by tomorrow on one a100", None,
     "✅ <b>Yes: by this estimate it finishes within 24 hours.</b>",
     "🗓 Tomorrow is taken as 24 hours from now"),
    ("qlora llama 3 8b on 20M tokens on an h100, ready by tomorrow?", None,
     "✅ <b>Yes: by this estimate it finishes within 24 hours.</b>", "about 35 minutes on 1× H100"),
    ("qlora de llama 3 8b con 20M tokens en una h100, para mañana?", "es",
     "✅ <b>Sí: según esta estimación, termina en menos de 24\u00a0horas.</b>", "H100"),
    ("i only have 3 hours, can i qlora llama 3 70b on 5M tokens in that time on your fastest "
     "setup", None, "✅ <b>Yes: by this estimate it finishes within 3 hours.</b>",
     "about 59 minutes on 4× A100 80GB"),
    ("solo tengo 3 horas, puedo hacer qlora de llama 3 70b con 5M tokens en ese tiempo?", "es",
     "✅ <b>Sí: según esta estimación, termina en menos de 3\u00a0horas.</b>", "A100"),
    ("j'ai seulement 3 heures, je peux faire un qlora de llama 3 70b sur 5M tokens dans ce "
     "délai ?", "fr", "✅ <b>Oui\u00a0: d'après cette estimation, l'entraînement tient en "
     "3\u00a0heures.</b>", "A100"),
])
def test_a_deadline_said_another_way_is_answered_yes_or_no(
    text: str, locale: str | None, lead: str, said: str
) -> None:
    """"by tomorrow on one a100" was the card's time alone (no verdict); "i only have 3 hours …
    in that time" was the memory per method, the hours priced on an A100."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert got["intent"] == "time", reply
    assert reply.startswith(lead), reply
    assert said in reply, reply
