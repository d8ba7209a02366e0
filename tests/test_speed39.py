"""The estimator's constants read from a plain dict (session 39, issue #16).

rules.estimator reads rules/data/detailed.toml's constants some twenty-five times an estimate.
They were held in a dict subclass whose __missing__ raised a data error: CPython dispatches a
subclass's subscript through a Python-level slot call (dict's own __getitem__ is a method, not
a slot wrapper), 2 % of a cold question's estimates. The table is a plain dict now; that no
constant the estimator reads is missing is checked here, on the file, instead of at each read.
Every reply stays the same to the byte (tests/test_speed38.py's digests).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

from rules import estimator
from rules.estimator import Kernels, LossImpl

SOURCE = Path(estimator.__file__)


def _read_keys() -> set[str]:
    """Every constant the estimator's code reads as `c[...]` or `self.c[...]`: the literal keys,
    and the f-string families spelled out over the values their fields take."""
    fields = {"kernels": get_args(Kernels), "loss_impl": get_args(LossImpl)}
    keys: set[str] = set()
    for node in ast.walk(ast.parse(SOURCE.read_text())):
        if not isinstance(node, ast.Subscript):
            continue
        value = node.value
        name = value.id if isinstance(value, ast.Name) else \
            value.attr if isinstance(value, ast.Attribute) else None
        if name != "c":
            continue
        parts = list(ast.walk(node.slice))
        inner = {id(v) for p in parts if isinstance(p, ast.JoinedStr) for v in p.values}
        for part in parts:
            if isinstance(part, ast.Constant) and isinstance(part.value, str) \
                    and id(part) not in inner:
                keys.add(part.value)
            elif isinstance(part, ast.JoinedStr):
                head, field, tail = (part.values[0], part.values[1], part.values[2:])
                assert isinstance(head, ast.Constant) and isinstance(field, ast.FormattedValue)
                assert isinstance(field.value, ast.Name) and isinstance(head.value, str)
                rest = "".join(str(t.value) for t in tail if isinstance(t, ast.Constant))
                keys.update(f"{head.value}{v}{rest}" for v in fields[field.value.id])
    return keys


def test_the_constants_table_is_a_plain_dict_of_the_files_values() -> None:
    table = estimator._table()
    assert type(table) is dict  # a subclass's subscript is a Python-level slot call
    assert table == estimator.load_constants().values


def test_every_constant_the_estimator_reads_is_on_file() -> None:
    keys = _read_keys()
    # The families spelled out (the f-string reads) and some plain ones are among them.
    assert {"activations.unsloth_mlp_tensors", "activations.liger_mlp_tensors",
            "activations.logits_eager", "activations.logits_chunked", "bytes.bf16",
            "training.adam8bit_states", "bits.quant_constants_plain"} <= keys
    assert len(keys) > 50
    missing = sorted(keys - estimator.load_constants().values.keys())
    assert missing == []


def test_the_estimators_settings_are_not_keyword_only() -> None:
    """CPython fills each keyword-only default with a dict look-up at every call (38 of them,
    ~4 % of an estimate), a positional-or-keyword one from the defaults tuple: the settings
    after `gpus` are still passed by keyword (bot.detail, tests/test_speed19.py's order)."""
    function = estimator.estimate_training.__wrapped__
    assert function.__kwdefaults__ is None
    assert len(function.__defaults__ or ()) == function.__code__.co_argcount - 5
