"""Spanish, French and English leftovers of probe-esfr8 (probe-esfr9)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("i have 200 quid, what can i do?", "en", "💱 Our prices are in US dollars"),
    ("i have 200 pounds, what can i do?", "en", "💱 Our prices are in US dollars"),
    ("tengo 200 libras, que puedo hacer?", "es", "💱 Nuestros precios están en dólares"),
    ("j'ai 200 livres sterling, je peux faire quoi ?", "fr", "💱 Nos prix sont en dollars"),
])
def test_a_budget_in_pounds_is_not_converted(text: str, lang: str, lead: str) -> None:
    """Pounds ("quid", "libras", "livres sterling") are refused as euros are: the prices are in
    dollars and nothing is converted (was "I did not understand")."""
    reply = ask(text, lang)
    assert reply.answer.error == "budget_not_usd", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("cuanto dura el bloque de 720 horas?", "es", "🧱 Las GPU-horas se venden en bloques"),
    ("how long does the 720 hour block last?", "en", "🧱 GPU-hours are sold in blocks"),
    ("combien de temps dure le bloc de 720 heures ?", "fr", "🧱 Les GPU-heures sont vendues"),
    ("que es mejor, un bloque grande o varios chicos?", "es", "🧱 Las GPU-horas se venden"),
    ("c'est mieux un gros bloc ou plusieurs petits ?", "fr", "🧱 Les GPU-heures sont vendues"),
    ("is one big block better than several small ones?", "en", "🧱 GPU-hours are sold"),
])
def test_a_blocks_length_or_size_is_the_blocks(text: str, lang: str, lead: str) -> None:
    """How long a block lasts, or a big block against several small ones: the blocks as the
    page sells them, at one hourly rate and never expiring (was "on which GPU, for 720 hours?"
    or "I did not understand")."""
    reply = ask(text, lang)
    assert reply.answer.intent == "help", reply.text
    assert reply.text.startswith(lead), reply.text
    assert "720" in reply.text



@pytest.mark.parametrize(("text", "lang", "line"), [
    ("tienen a100 de 40gb?", "es", "💲 Sí alquilamos la A100 80GB (80\u00a0GB), a 0,92\u00a0US$/hora."),
    ("how much is an a100 40gb per hour", "en", "💲 We rent the A100 80GB (80 GB) at $0.92/hour."),
    ("vous avez des a100 40 go ?", "fr", "💲 Nous louons en revanche l'A100 80GB (80\u202fGo) à "),
])
def test_a_variant_we_do_not_rent_names_the_one_we_do(text: str, lang: str, line: str) -> None:
    """"¿Tienen A100 de 40 GB?": we do not rent it, and the A100 we do rent with its price (was
    "no price to quote" alone)."""
    reply = ask(text, lang)
    assert reply.answer.error == "gpu_not_rented", reply.text
    assert line in reply.text, reply.text



@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("q pasa si me quedo sin horas a mitad del entrenamiento?", "es",
     "ℹ️ <b>Nuestra página publicada no dice qué le pasa a una instancia en marcha"),
    ("y si se me acaban las horas?", "es", "ℹ️ <b>Nuestra página publicada no dice qué"),
    ("que se passe-t-il si je n'ai plus d'heures en plein entraînement ?", "fr",
     "ℹ️ <b>Notre page publiée ne dit pas ce qu'il advient d'une instance en cours"),
    ("et si mes heures s'épuisent pendant le run ?", "fr", "ℹ️ <b>Notre page publiée ne dit pas"),
    ("what happens if i run out of hours mid training?", "en",
     "ℹ️ <b>Our published page does not say what happens to a running instance"),
])
def test_hours_running_out_is_said_unpublished(text: str, lang: str, lead: str) -> None:
    """Hours running out mid-run: the seed says nothing of it, so the reply says so, points to
    support, and gives what the seed does say (top-ups, per-minute draw, no expiry); was "I did
    not understand"."""
    reply = ask(text, lang)
    assert reply.answer.intent == "help", reply.text
    assert reply.text.startswith(lead), reply.text


@pytest.mark.parametrize(("text", "lines"), [
    ("j'ai 300 dollars, combien d'heures de h100 ?",
     ("300\u00a0$US vous donnent 128\u00a0heures de 1× H100", "feraient 129,3\u00a0heures")),
    ("combien pour un h100 10 heures par jour pendant 30 jours ?",
     ("1× H100 × 300\u00a0heures", "🗓 10\u00a0heures par jour pendant 30\u00a0jours\u00a0: "
      "300\u00a0heures en tout.")),
])
def test_french_hours_keep_their_number_as_the_cost_line_does(
        text: str, lines: tuple[str, ...]) -> None:
    """The budget and hours-a-day lines printed "128 heures" with a breakable space while the
    cost line (CLDR) prints "128\u00a0heures": every French count of hours or days now keeps its
    number with a no-break space."""
    reply = ask(text, "fr")
    for line in lines:
        assert line in reply.text, reply.text
