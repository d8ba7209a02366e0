"""Questions about the service (spot, refunds, regions, access…): every topic the understanding
reads has its entry in rules/data/service.toml, with its source, and a silent seed is said so."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.asks import SERVICE_TOPICS, service_topics
from rules.catalogue import load_catalogue


def test_every_topic_has_its_sourced_entry() -> None:
    cat = load_catalogue()
    topics = [topic for topic, _ in SERVICE_TOPICS]
    assert sorted(q.topic for q in cat.service_questions) == sorted(topics)
    assert all(q.source.startswith("seed") for q in cat.service_questions)


@pytest.mark.parametrize("topic", [t for t, _ in SERVICE_TOPICS])
def test_a_silent_seed_is_said_so(topic: str) -> None:
    cat = load_catalogue()
    if cat.service_question(topic).published:
        return
    asks = {"spot": "any spot instances?", "refund": "refund policy?", "access": "ssh access?",
            "docker": "docker support?", "storage": "persistent storage?", "sla": "uptime sla?",
            "invoice": "invoices?", "discount": "student discount?", "trial": "free trial?",
            "fees": "fees?", "subscription": "cancel my subscription",
            "availability": "any gpus in stock?", "api": "do you have an api?",
            "os": "what os do the machines run?", "runout": "what if i run out of hours?",
            "confirm": "how long does a deposit take?",
            "startup": "how long does an instance take to start?"}
    assert service_topics(asks[topic]) == (topic,)
    got = to_json(Pipeline(cat).ask(asks[topic]))
    # A discount is asked about prices: what the page says, then the price list as before; a
    # top-up's arrival about paying: what the page says, then how to pay.
    assert got["intent"] == {"discount": "prices", "confirm": "pay"}.get(topic, "help")
    assert "Our published page" in got["text"] and "did not understand" not in got["text"]


@pytest.mark.parametrize("text", [
    "how much storage do i need for llama 3 70b checkpoints",  # a model named: its own answer
    "qlora 70b on a 4090 in a docker container",
])
def test_a_run_named_is_not_a_service_question(text: str) -> None:
    got = to_json(Pipeline(load_catalogue()).ask(text))
    assert got["intent"] != "help", got["text"]
