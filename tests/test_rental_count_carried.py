"""A rental priced on several cards, then another card named with no count, is that rental
on as many of the other card: "how much is 2 h100 for 3 days", then "and on b200?" was priced
on one B200 ($331.92); now two ($663.84). "and on a b200?" says one; a model's fit re-derives
its count as before."""

from __future__ import annotations

import pytest

from tests.support.chat import converse


@pytest.mark.parametrize(("turns", "count"), [
    (("how much is 2 h100 for 3 days", "and on b200?"), 2),
    (("how much is an h100 for 3 days", "and two?", "and on b200?"), 2),
    (("cuanto cuestan 2 h100 por 3 dias", "y en b200?"), 2),
    (("combien coûtent 2 h100 pour 3 jours", "et sur b200 ?"), 2),
    (("how much is 2 h100 for 3 days", "and on a b200?"), 1),
    (("cuanto cuestan 2 h100 por 3 dias", "y en una b200?"), 1),
])
def test_the_rental_keeps_its_count(turns: tuple[str, ...], count: int) -> None:
    query = converse(*turns)[-1].answer.query
    assert query.gpu == "b200" and (query.gpu_count or 1) == count


def test_a_models_fit_is_not_a_rental() -> None:
    query = converse("can i run llama 3 70b on 2 h100", "and on b200?")[-1].answer.query
    assert query.gpu == "b200" and (query.gpu_count or 1) == 1
