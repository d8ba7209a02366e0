"""Alert thresholds said the way people say them: the side after the figure ("3 or less",
"2,5 o menos", "2 ou plus"), Spanish "baja d 2.5", and a threshold the price is already past."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.render.format import Formatter
from tests.support.chat import ask, converse

THRESHOLD_AND_SIDE = [
    # the side said after the figure (was: no threshold, "drops below its current price")
    ("alert me when the h100 is 3 or less", "en", "h100", "3", "below"),
    ("alert me when h100 is 2 or lower", "en", "h100", "2", "below"),
    ("ping me if an a100 is 0.80 or cheaper", "en", "a100-80gb", "0.80", "below"),
    ("alert me when h100 is 2$/hr or less", "en", "h100", "2", "below"),
    ("avisame cuando la h100 este a 2 o menos", "es", "h100", "2", "below"),
    ("avisame si la h100 esta a 3 dolares o mas", "es", "h100", "3", "above"),
    ("préviens-moi quand la h100 est à 2 ou moins", "fr", "h100", "2", "below"),
    ("alerte-moi quand la h100 est à 2,5 $ ou moins", "fr", "h100", "2.5", "below"),
    # the side after the figure wins over a move said before it (was "drops below $3")
    ("alert me when the h100 gets to 3 or more", "en", "h100", "3", "above"),
    ("alert me if h100 is 2 or above", "en", "h100", "2", "above"),
    # "d" for "de", as typed on a phone (was the current price)
    ("avisame si la h100 baja d 2.5", "es", "h100", "2.5", "below"),
    ("avisame cuando la h200 caiga d 2", "es", "h200", "2", "below"),
    # bounds in words: "at most", "no more than" (was above: "more than"), "at least"
    ("tell me when h100 costs at most 2", "en", "h100", "2", "below"),
    ("let me know when h100 is no more than 2 an hour", "en", "h100", "2", "below"),
    ("alert me when h100 is at least 3", "en", "h100", "3", "above"),
    ("avisame cuando la h100 cueste como maximo 2", "es", "h100", "2", "below"),
    ("avisame si la h100 cuesta al menos 3 dolares", "es", "h100", "3", "above"),
    ("préviens-moi quand la h100 coûte au plus 2 $", "fr", "h100", "2", "below"),
    ("préviens-moi quand la h100 coûte au moins 3 $", "fr", "h100", "3", "above"),
    # the one number of an alert is its threshold, on its side of today's $2.32 (was every change)
    ("h100 alert 2.2", "en", "h100", "2.2", "below"),
    ("set an alert for h100 at 2", "en", "h100", "2", "below"),
    ("alerta h100 2.5", "es", "h100", "2.5", "above"),
]


@pytest.mark.parametrize(("text", "locale", "gpu", "limit", "side"), THRESHOLD_AND_SIDE)
def test_the_threshold_and_its_side_are_read(
    text: str, locale: str, gpu: str, limit: str, side: str
) -> None:
    reply = ask(text, locale=locale)
    assert reply.query.intent == "alert"
    assert reply.query.gpu == gpu
    assert reply.query.threshold_usd == Decimal(limit)
    assert reply.query.direction == side


ALREADY_PAST = [
    # H100 at $2.32/hour on the seed page
    ("alert me when the h100 is 3 or less", "en", "The price is already below $3: I will write the next time"),
    ("alert me when the h100 rises above 2", "en", "The price is already above $2: I will write the next time"),
    ("avisame si la h100 baja de 3", "es", "El precio ya está por debajo de 3\u00a0US$: te escribiré"),
    ("préviens-moi si la h100 dépasse 2 $", "fr", "Le prix est déjà au-dessus de 2\u00a0$US\u00a0: je vous écrirai"),
]


@pytest.mark.parametrize(("text", "locale", "note"), ALREADY_PAST)
def test_a_threshold_already_past_says_when_the_alert_will_fire(text: str, locale: str, note: str) -> None:
    reply = ask(text, locale=locale)
    first, second = reply.text.split("\n")[:2]
    assert first.startswith("🔔")
    assert second.startswith("ℹ️ ") and note in second, reply.text


@pytest.mark.parametrize(("text", "locale"), [
    ("alert me when the h100 drops below 2", "en"),
    ("avisame si la h100 sube de 3", "es"),
])
def test_a_threshold_not_yet_past_has_no_note(text: str, locale: str) -> None:
    reply = ask(text, locale=locale)
    assert "ℹ️" not in reply.text, reply.text


def test_a_bare_french_alert_is_answered_in_french() -> None:
    # "alerte" is French (was answered in English: no French word counted)
    reply = ask("alerte si h100 <2")
    assert reply.text.startswith("🔔 Alerte\u00a0: quand le H100 passe sous 2"), reply.text


@pytest.mark.parametrize("text", [
    "alert me when 2 h100s drop",  # a count is no price
    "alert h100 10%",  # a percentage is its own kind of alert
    "alert me when the h100 drops in 2 days",  # a unit after the number: no price
    "si j'achete un bloc de 24h et que j'en utilise que 5 ?",  # "si" ("if") alone is no alert
    "delete alert 2",  # the second alert of the list
    "remove my h100 alert 2",
])
def test_a_number_that_is_no_price_is_no_threshold(text: str) -> None:
    assert ask(text).query.threshold_usd is None


THANKS_THEN_FOLLOW_UP = [
    # thanks before the follow-up's opening (was read as a new training question on the card)
    (("can i run llama 3 8b on a 3060 12gb?", "thx! and mistral nemo?"), "en", "Inference on 1× RTX 3060"),
    (("puedo correr llama 3 8b en mi 3060?", "gracias! y qwen 2.5 14b?"), "es", "Inferencia en 1× RTX 3060"),
    (("je peux faire tourner llama 3 8b sur ma 3060 ?", "merci ! et mistral nemo ?"), "fr",
     "Inférence sur 1× RTX 3060"),
    (("serve llama 3 70b on 2 h100", "ok thanks, and qwen2.5 72b?"), "en", "Inference on 2× H100"),
]


@pytest.mark.parametrize(("turns", "locale", "carried"), THANKS_THEN_FOLLOW_UP)
def test_thanks_before_a_follow_up_keeps_the_conversation(
    turns: tuple[str, ...], locale: str, carried: str
) -> None:
    last = converse(*turns, locale=locale)[-1]
    assert last.query.inference
    assert last.text.startswith(f"↪️ <i>{carried}"), last.text


def test_too_much_before_a_change_is_no_overkill_question() -> None:
    # "too much" (the memory) then a smaller batch: the run again at batch 1 (was "🎯 Not overkill")
    last = converse("lora llama 3.1 8b 4090 seq 8192 bs 4", "too much, what about bs 1")[-1]
    assert not last.query.overkill_asked
    assert "🎯" not in last.text and last.query.batch_size == 1, last.text


@pytest.mark.parametrize(("text", "locale"), [
    ("8 h100 for a lora of llama 3 8b, too much?", "en"),
    ("8 h100 pour un lora de llama 3 8b, c est too much ?", "fr"),
])
def test_too_much_at_the_end_still_asks_overkill(text: str, locale: str) -> None:
    assert ask(text, locale=locale).text.startswith("🎯")


@pytest.mark.parametrize(("tokens", "said"), [
    (10**9, "mil millones de tokens"),  # was CLDR's "1 mil millones de tokens"
    (2 * 10**9, "2 mil millones de tokens"),
    (1_500_000_000, "1,5 mil millones de tokens"),
    (10**6, "1 millón de tokens"),
])
def test_spanish_says_a_billion_tokens_as_people_do(tokens: int, said: str) -> None:
    assert Formatter("es").tokens(tokens) == said


@pytest.mark.parametrize(("text", "locale", "has", "lacks"), [
    # PPO's own generation settings are not GRPO's, and PPO keeps a reference model (TRL's
    # PPOTrainer loads one unless given a PEFT config): was "TRL's GRPO defaults: 8 a prompt" and
    # "loaded only with beta above 0 (TRL's GRPO default is 0)"
    ("ppo full finetune llama 3 8b on 8 a100s", "en",
     "(for scale, TRL's GRPO defaults are 8 a prompt", "TRL's GRPO default is 0"),
    ("ppo llama 3 8b full sur 8 a100", "fr",
     "PPO charge aussi un modèle de référence", "GRPO dans TRL est 0"),
    # GRPO keeps its own defaults and its beta
    ("grpo qwen2.5 1.5b on a 4090", "en", "(TRL's GRPO defaults: 8 a prompt", "for scale"),
])
def test_online_rl_notes_name_whose_defaults_they_are(text: str, locale: str, has: str, lacks: str) -> None:
    reply = ask(text, locale=locale).text
    assert has in reply and lacks not in reply, reply
