"""Attribute reads of pydantic models at the interpreter's own speed.

pydantic's ``BaseModel`` defines ``__getattr__``, which serves private attributes
(``PrivateAttr``) and extra fields (``extra="allow"``). A class with ``__getattr__`` anywhere in
its MRO gets CPython's ``slot_tp_getattr_hook`` as its attribute look-up, and CPython 3.11
specialises no attribute read of such a type (``LOAD_ATTR`` / ``LOAD_METHOD`` fail as
"overridden"): every ``query.gpu``, ``answer.fit`` and ``method.adapter`` took the generic path
through the type's and then the instance's dictionaries, some 3 000 reads a cold question
(890 262 calls of the hook in 300 questions, callgrind).

No model of this project has private attributes or extra fields: for them the hook is reached
only when the plain look-up has already failed, and it raises the same AttributeError. So
``plain_attribute_reads`` takes it off ``BaseModel`` and gives it back to each model class that
has private attributes or keeps extra fields (pydantic-settings' ``_CliArg`` has private ones),
those made already and those made later (through ``__pydantic_init_subclass__``, which pydantic
calls on the parent of every model class it makes). tests/test_speed16.py checks both kinds still
read what they read before, and that the bot's own models have no hook left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

_HOOK: Callable[[Any, str], Any] | None = None


def _needs_hook(cls: type) -> bool:
    """Whether instances of ``cls`` may hold what only pydantic's ``__getattr__`` reads."""
    config = getattr(cls, "model_config", None) or {}
    return bool(getattr(cls, "__private_attributes__", None)) or config.get("extra") == "allow"


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _give_hook(cls: type, hook: Callable[[Any, str], Any]) -> None:
    if _needs_hook(cls) and "__getattr__" not in cls.__dict__:
        setattr(cls, "__getattr__", hook)  # noqa: B010 (a class attribute mypy cannot see)


def _init_subclass(cls: type[BaseModel], /, **kwargs: Any) -> None:
    # BaseModel's own __pydantic_init_subclass__ does nothing: nothing to call on.
    if _HOOK is not None:
        _give_hook(cls, _HOOK)


def plain_attribute_reads() -> None:
    """Takes pydantic's ``__getattr__`` off ``BaseModel`` (once), keeping it on each model class
    that needs it."""
    global _HOOK
    hook = BaseModel.__dict__.get("__getattr__")
    if hook is None:  # done already, or a pydantic without the hook
        return
    own = BaseModel.__dict__.get("__pydantic_init_subclass__")
    if not isinstance(own, classmethod):
        return  # not the pydantic this was written for: leave it as it is
    _HOOK = hook
    for cls in list(_subclasses(BaseModel)):
        _give_hook(cls, hook)
    setattr(BaseModel, "__pydantic_init_subclass__", classmethod(_init_subclass))  # noqa: B010
    delattr(BaseModel, "__getattr__")
