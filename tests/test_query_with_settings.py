"""Query.with_settings, the detailed searches' copy of a query, is model_copy(update=...)."""

from decimal import Decimal

import pytest
from pydantic import ValidationError

from bot.understand import understand
from bot.understand.query import Query
from rules.catalogue import load_catalogue

TEXT = "qlora llama 3 70b on 2x a100 with seq len 4096, batch 4, details"


@pytest.mark.parametrize("update", [
    {"seq_len": 1024},
    {"batch_size": 1, "grad_accumulation": True},
    {"precision": "bf16", "cpu_offload": True, "kernels": "liger"},
    {"gpu_count": 8, "params_b": Decimal("70")},
    {},
])
def test_with_settings_is_model_copy(update):
    query = understand(TEXT, catalogue=load_catalogue())
    copied, expected = query.with_settings(update), query.model_copy(update=update)
    assert type(copied) is Query
    assert copied == expected
    assert copied.__dict__ == expected.__dict__
    assert copied.model_fields_set == expected.model_fields_set
    assert copied.__pydantic_extra__ is None and copied.__pydantic_private__ is None
    assert hash(copied) == hash(expected)
    assert copied.model_dump() == expected.model_dump()
    # The original is left as it was, and the copy is as frozen as a model_copy.
    assert query == understand(TEXT, catalogue=load_catalogue())
    with pytest.raises(ValidationError):
        copied.seq_len = 1  # type: ignore[misc]
