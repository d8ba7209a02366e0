"""A rental priced on several cards, then another card named with no count, is that rental
on as many of the other card: "how much is 2 h100 for 3 days", then "and on b200?" was priced
on one B200 ($331.92); now two ($663.84). "and on a b200?" says one; a model's fit re-derives
its count as before."""

from __future__ import annotations

import pytest

from bot.conversation import Conversations
from bot.pipeline import Pipeline
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


def _last(*texts: str):  # type: ignore[no-untyped-def]
    chats = Conversations()
    reply = None
    for text in texts:
        reply = PIPE.ask(text, previous=chats.previous(1))
        chats.remember(1, reply)
    assert reply is not None
    return reply


@pytest.mark.parametrize(("turns", "count"), [
    (("how much is 2 h100 for 3 days", "and on b200?"), 2),
    (("how much is an h100 for 3 days", "and two?", "and on b200?"), 2),
    (("cuanto cuestan 2 h100 por 3 dias", "y en b200?"), 2),
    (("combien coûtent 2 h100 pour 3 jours", "et sur b200 ?"), 2),
    (("how much is 2 h100 for 3 days", "and on a b200?"), 1),
    (("cuanto cuestan 2 h100 por 3 dias", "y en una b200?"), 1),
])
def test_the_rental_keeps_its_count(turns: tuple[str, ...], count: int) -> None:
    query = _last(*turns).answer.query
    assert query.gpu == "b200" and (query.gpu_count or 1) == count


def test_a_models_fit_is_not_a_rental() -> None:
    query = _last("can i run llama 3 70b on 2 h100", "and on b200?").answer.query
    assert query.gpu == "b200" and (query.gpu_count or 1) == 1
