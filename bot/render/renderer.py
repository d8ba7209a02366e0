"""Answer + locale → Telegram HTML, through Jinja2 (autoescaped) and the gettext catalogues."""

from __future__ import annotations

import contextlib
import hashlib
import re
import sys
from collections.abc import Callable, Iterator, MutableMapping
from functools import cache
from pathlib import Path
from types import FunctionType, MethodType
from typing import Any, Final

import jinja2
from jinja2 import (
    BytecodeCache,
    Environment,
    FileSystemBytecodeCache,
    PackageLoader,
    StrictUndefined,
    Template,
)
from jinja2.bccache import Bucket
from jinja2.runtime import Context, Undefined

from bot.answer import Answer
from bot.i18n import SUPPORTED_LOCALES
from bot.render.answer_lines import answer_page
from bot.render.detailed_lines import detailed_block, detailed_lead_block, host_ram_lines
from bot.render.format import Formatter
from bot.render.igpu_lines import igpu_verdict
from bot.render.lines import (
    compare_lines,
    compare_verdict,
    fit_block,
    online_rl_note,
    owned_change,
    remedy_block,
)
from bot.render.phrases import Gettext, Phrases, gettext_for
from rules.catalogue import Catalogue

# Written "\n\n\n+", not "\n{3,}": the regex engine then searches for its literal prefix
# instead of trying the repeat at every character (~18 -> ~2 µs on a detailed reply).
_BLANK_LINES = re.compile(r"\n\n\n+")
_TRAILING_SPACE = re.compile(r"[ \t]+\n")


class _SharedBytecode(BytecodeCache):
    """The locales' environments differ only in their gettext globals, which compiled code
    looks up at render time: the second and third locale reuse the first one's code instead
    of compiling every template again (start-up: ~0.9 s → ~0.4 s). Behind it, `disk` keeps
    the code across restarts, so a restarted bot's first answer and warm-up compile nothing
    (Jinja checks each file's checksum against the template's source)."""

    def __init__(self, disk: BytecodeCache | None = None) -> None:
        self._code: dict[str, bytes] = {}
        self._disk = disk

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)
            return
        if self._disk is None:
            return
        try:
            self._disk.load_bytecode(bucket)
        except (OSError, EOFError, ValueError):
            bucket.reset()  # unreadable or truncated: compile, as without the file
            return
        if bucket.code is not None:
            self._code[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()
        if self._disk is not None:
            with contextlib.suppress(OSError):  # a read-only disk only costs the next start
                self._disk.dump_bytecode(bucket)


def _disk_cache() -> BytecodeCache | None:
    """Compiled templates in the user's private temporary directory (Jinja's default: made
    0700, refused when another user owns it), named after this module's source and the Jinja
    and Python versions, so that code compiled with other environment settings is never
    loaded."""
    fingerprint = hashlib.sha256(
        Path(__file__).read_bytes() + jinja2.__version__.encode() + sys.version.encode()
    ).hexdigest()[:16]
    try:
        return FileSystemBytecodeCache(pattern=f"__gpu_assistant_{fingerprint}_%s.cache")
    except (RuntimeError, OSError):
        return None


_BYTECODE = _SharedBytecode(_disk_cache())

# Whose methods templates call, and the functions that lay answers out: none takes Jinja's
# context, environment or eval context.
_PLAIN_CALLEES = frozenset({Formatter, Phrases, Gettext})
_PLAIN_FUNCTIONS = frozenset(
    {fit_block, remedy_block, detailed_block, detailed_lead_block, compare_lines, online_rl_note,
     host_ram_lines, owned_change}
)


class _Context(Context):
    """Jinja sends every call a template makes through Context.call, which looks each callee
    over for a pass_context/pass_environment marker (some 80 calls a detailed reply, ~1.5 µs
    of checks each). The phrase, formatting and gettext methods and the layout functions
    carry none: they are called straight away, with what Context.call would pass them;
    anything else goes its way."""

    def call(
        __self, __obj: Callable[..., Any], *args: Any, **kwargs: Any
    ) -> Any | Undefined:
        kind = type(__obj)
        if not (
            (kind is MethodType and type(__obj.__self__) in _PLAIN_CALLEES)  # type: ignore[attr-defined]
            or (kind is FunctionType and __obj in _PLAIN_FUNCTIONS)
        ):
            return super().call(__obj, *args, **kwargs)
        if kwargs:
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


class _Template(Template):
    """Template.render, and then the context emptied: a macro the template defines is kept in
    the context's variables and keeps the context in its closure, a cycle that only the
    collector frees (with the answer the context holds: ~15 objects a reply of time.html.j2
    or prices.html.j2 left to it, each young collection then some ms)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        ctx = self.new_context(dict(*args, **kwargs))
        try:
            return self.environment.concat(self.root_render_func(ctx))
        except Exception:
            self.environment.handle_exception()
        finally:
            ctx.vars.clear()


class _Environment(Environment):
    """A template's globals as one plain dict (Jinja's is a ChainMap over the environment's):
    every context, the reply's and each include's, copies them into a set or a dict, which
    a ChainMap does key by key in Python (~22 globals). Every global is set in environment()
    before the first template loads, as Jinja asks."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


@cache
def environment(locale: str) -> Environment:
    """One environment per locale: gettext is installed on the environment itself."""
    env = _Environment(
        loader=PackageLoader("bot", "templates"),
        bytecode_cache=_BYTECODE,
        # Every template and string is escaped: a constant, not select_autoescape's function,
        # which every context (a render, each include) would call again with the name.
        autoescape=True,
        undefined=StrictUndefined,
        auto_reload=False,  # templates are packaged: no stat() per render
        cache_size=-1,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n", "jinja2.ext.do"],
    )
    env.policies["ext.i18n.trimmed"] = True
    env.context_class = _Context
    env.template_class = _Template
    # The detailed estimate (detailed.html.j2, detailed_lead.html.j2), the fit answer's page
    # (fit.html.j2) and its remedies (remedy.html.j2), laid out in Python.
    env.globals.update(detailed_block=detailed_block, detailed_lead_block=detailed_lead_block,
                       fit_block=fit_block, remedy_block=remedy_block,
                       online_rl_note=online_rl_note, host_ram_lines=host_ram_lines,
                       owned_change=owned_change)
    # {% trans %} compiles to newstyle calls of these globals: phrases.Gettext has the
    # semantics of Jinja's newstyle wrappers, as plain calls.
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    g = gettext_for(locale)
    env.globals.update(gettext=g._, _=g._, ngettext=g.ngettext, compare_lines=compare_lines)
    return env


def compile_templates() -> Iterator[None]:
    """Compile every template in every locale now, not on the first reply that needs it;
    one template per step."""
    for locale in SUPPORTED_LOCALES:
        env = environment(locale)
        for name in env.list_templates(extensions=["j2"]):
            env.get_template(name)
            yield


def tidy(text: str) -> str:
    if " \n" in text or "\t\n" in text:  # else the pattern has nothing to find (most replies)
        text = _TRAILING_SPACE.sub("\n", text)
    if "\n\n\n" in text:  # else the pattern has nothing to find
        text = _BLANK_LINES.sub("\n\n", text)
    return text.strip()


def render_template(name: str, locale: str, *, catalogue: Catalogue, **context: Any) -> str:
    cat = catalogue
    template = environment(locale).get_template(name)
    ph = Phrases(locale, cat)  # its Formatter is the locale's one: templates get it as fmt
    return tidy(template.render(fmt=ph.fmt, ph=ph, cat=cat, locale=locale, **context))


def render_answer(answer: Answer, locale: str, catalogue: Catalogue) -> str:
    """The whole reply, laid out by answer_lines.answer_page; the parts that are templates
    are rendered with the reply's context, as an include did. Telegram's limit is enforced by
    the sender with split_message."""
    env = environment(locale)
    ph = Phrases(locale, catalogue)
    ph.fp32_weights = answer.fp32_served
    ph.fp16_weights = answer.fp16_served
    q = answer.query
    if q.igpu is not None and q.igpu_ram_gb is not None and q.vram_gb is not None:
        ph.igpu_named(q.igpu)
    context = {"fmt": ph.fmt, "ph": ph, "cat": catalogue, "locale": locale, "answer": answer,
               "catalogue": catalogue}

    def render(name: str) -> str:
        return env.get_template(name).render(context)

    page = tidy(answer_page(answer, ph, render))
    if not answer.query.tldr_asked:
        return page
    verdict = None if answer.intent != "compare" else igpu_verdict(answer, ph) \
        if answer.igpu_compare is not None else compare_verdict(answer, ph)
    return in_short(page, verdict)


# A reply's headline: an emoji, then bold that ends a sentence ("❌ <b>No: … (QLoRA).</b>") or
# a figure's label with its figure ("💵 <b>Cost: $9.20</b> — 1× A100 80GB × 10 hours …"), not a
# title ("💵 <b>What fine-tuning Llama 3 70B costs</b>").
_HEADLINE: Final = re.compile(r"^[^\s•\w]+ <b>(?:[^<]*[.!)]</b>|[^<]*</b>\s*\S.*)$")
_INSTEAD: Final = ("👉", "🔢")


def in_short(page: str, verdict: str | None = None) -> str:
    """"tldr?": the reply in a line or two, its headline (the verdict, or the figure that
    answers) and, after a verdict of no or a memory, what holds the run, or after a verdict
    the cost below it; with no headline, a comparison's `verdict` (which side does the run for
    less) under its title, else the first two lines below its title."""
    lines = [line.strip() for line in page.splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith("↪️")]
    heads = [line for line in lines if _HEADLINE.match(line)]
    if not heads and verdict:
        # "compare a100 vs h100 for lora 8b", "tldr": which does the run for less, not the two
        # memory lines that open the comparison (both "✅ … 19.2 GB of 80 GB")
        titles = [line for line in lines if line.startswith("⚖️")]
        return "\n".join([*titles[:1], verdict])
    if not heads:
        body = lines[1:] if len(lines) > 2 else lines
        return "\n".join(body[:2])
    head = heads[0]
    picked = [head]
    if head.startswith(("❌", "🎯", "👥")):
        picked += [line for line in lines if line.startswith(_INSTEAD)][:1]
    elif head.startswith(("✅", "⚠️")):
        picked += [line for line in heads[1:] if line.startswith("💵 <b>")][:1]
    return "\n".join(picked)

