"""Look-up structures over the catalogue, built on first use and kept while the catalogue
object lives. A price update makes a new catalogue, so a new GPU index; the model index is keyed
on the model catalogue, which prices do not change, and is kept.

Models: ``ModelCatalogue.search`` tries every window of up to seven tokens at every position;
here the spellings are grouped by their first token, so most words are passed over with one dict
look-up. Spellings are normalised by ``rules.model_catalogue``'s own tokenizer (``name_tokens``),
so the index finds what ``search`` finds, and the same model first.

GPUs: ``Catalogue.find_gpu`` normalises with ``re.sub`` on every call; folded text rarely needs it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Final, TypeVar
from weakref import WeakKeyDictionary

from bot.understand.languages import LANGUAGES, union
from bot.understand.lazy import compiled_pattern, lazy
from bot.understand.normalise import fold
from rules.catalogue import Catalogue
from rules.model_catalogue import (
    NAME_TOKEN,
    ModelCatalogue,
    ModelSpec,
    glued_to_a_number,
    name_tokens,
)
from rules.schema import GPU, CloudInstance

# Every language's number words ("three", "tres", "trois"), folded.
NUMBER_WORDS: Final[dict[str, int]] = {
    word: value for language in LANGUAGES for word, value in language.number_words.items()}

_ALIAS_SPLIT: Final = lazy(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])|[\s_\-:/]+")


def _alias_chunks(alias: str) -> tuple[str, ...]:
    """"Llama-3.1-70B-Instruct" → llama, 3.1, 70, b, instruct: what a mention of it spells out,
    between optional separators."""
    return tuple(c for c in _ALIAS_SPLIT.split(fold(alias)) if c)


def _alias_regex(alias: str) -> re.Pattern[str]:
    """"Llama-3.1-70B-Instruct" → a pattern that also matches "llama3.1 70b instruct"."""
    body = r"[\s_\-:]?".join(re.escape(c) for c in _alias_chunks(alias))
    return re.compile(rf"(?<![a-z0-9]){body}(?![a-z0-9])")


class Mention:
    """One spelling of a model, found where ``_alias_regex`` finds it, without compiling that
    pattern: its chunks written as they are, each but the first after an optional separator
    (white space, "_", "-" or ":"), with no letter or digit before the first nor after the
    last. A model's first mention compiled every spelling's pattern (~0.1 ms each, ~3 a model,
    most of them never matching: the repository id, longer names); a text lacking one of the
    chunks holds no match and is passed over with a few ``in``."""

    __slots__ = ("_alias", "_chunks", "_compiled")

    def __init__(self, alias: str) -> None:
        self._alias = alias
        self._chunks = _alias_chunks(alias)
        self._compiled: re.Pattern[str] | None = None

    def search(self, s: str) -> re.Match[str] | None:
        chunks = self._chunks
        for chunk in chunks:
            if chunk not in s:
                return None
        if not chunks:  # a spelling of separators alone: as its pattern finds it
            if self._compiled is None:
                self._compiled = _alias_regex(self._alias)
            return self._compiled.search(s)
        first = chunks[0]
        i = s.find(first)
        while i >= 0:
            if i == 0 or not _alnum(s[i - 1]):
                end = _matched(s, chunks, 0, i)
                if end is not None:
                    return _span().match(s, i, end)
            i = s.find(first, i + 1)
        return None


def _alnum(c: str) -> bool:
    """[a-z0-9]: what may not stand just before or after a spelling."""
    return "a" <= c <= "z" or "0" <= c <= "9"


def _matched(s: str, chunks: tuple[str, ...], k: int, at: int) -> int | None:
    """Where a match of chunks[k:] starting at `at` ends, tried as the pattern's engine tries
    it: each separator taken when there is one, then left out."""
    chunk = chunks[k]
    if not s.startswith(chunk, at):
        return None
    after = at + len(chunk)
    if k + 1 == len(chunks):
        return after if after == len(s) or not _alnum(s[after]) else None
    if after < len(s) and (s[after] in "_-:" or s[after].isspace()):
        end = _matched(s, chunks, k + 1, after + 1)
        if end is not None:
            return end
    return _matched(s, chunks, k + 1, after)


@cache
def _span() -> re.Pattern[str]:
    """A match of exactly the span searched (``match(s, start, end)``): what a spelling's
    pattern gives, from the span ``Mention`` found."""
    return re.compile(r".*", re.DOTALL)


_MOE_SHAPE: Final = lazy(r"(?<![a-z0-9])(\d{1,3}) ?x ?(\d{1,4}(?:\.\d+)?) ?b(?![a-z0-9])")


@dataclass
class ModelIndex:
    spellings: dict[str, ModelSpec]  # normalised spelling ("llama 3 1 70") → model
    # First token → the token counts of the spellings it starts, longest first.
    lengths: dict[str, tuple[int, ...]]
    # A mixture-of-experts shape in a name ("8x22b") → the catalogued model of that shape, whose
    # fine-tunes ("WizardLM-2 8x22B") have its size, not experts × expert size.
    shapes: dict[tuple[str, str], ModelSpec] = field(default_factory=dict)
    # Patterns of a model's spellings as they may be written, longest first; compiled on first
    # use (a question names few models).
    _mentions: dict[str, tuple[Mention, ...]] = field(default_factory=dict)

    @classmethod
    def build(cls, models: ModelCatalogue) -> ModelIndex:
        spellings: dict[str, ModelSpec] = {}
        lengths: dict[str, set[int]] = {}
        shapes: dict[tuple[str, str], ModelSpec] = {}
        for model in models:
            for spelling in (model.id, model.name, *model.aliases):
                for shape in _MOE_SHAPE.findall(fold(spelling)):
                    shapes.setdefault(shape, model)
                tokens = name_tokens(spelling)
                if tokens:
                    spellings.setdefault(" ".join(tokens), model)
                    lengths.setdefault(tokens[0], set()).add(len(tokens))
        return cls(
            spellings, {first: tuple(sorted(ns, reverse=True)) for first, ns in lengths.items()},
            shapes,
        )

    def first_mention(self, text: str, tokens: list[str] | None = None) -> ModelSpec | None:
        """The model ``ModelCatalogue.search(text)`` lists first: the longest mention, then the
        earliest. Like ``search``, a mention found is skipped over before looking further.
        `tokens`: NAME_TOKEN's of the text, lower case, when the caller has them."""
        # name_tokens only drops tokens: when none of the raw ones starts a spelling, none does.
        if tokens is None:
            tokens = NAME_TOKEN.findall(text.lower())
        if self.lengths.keys().isdisjoint(tokens):
            return None
        tokens = name_tokens(text)
        best: ModelSpec | None = None
        best_len = 0
        i, n = 0, len(tokens)
        while i < n:
            for size in self.lengths.get(tokens[i], ()):
                if size > n - i:
                    continue
                found = self.spellings.get(" ".join(tokens[i : i + size]))
                if found is not None and glued_to_a_number(text, tokens, i + size):
                    continue  # "command a100" is the A100, not Command A
                if found is not None:
                    if size > best_len:
                        best, best_len = found, size
                    i += size
                    break
            else:
                i += 1
        return best

    def mention_patterns(self, spec: ModelSpec) -> tuple[Mention, ...]:
        patterns = self._mentions.get(spec.id)
        if patterns is None:
            aliases = sorted((spec.name, spec.id, *spec.aliases), key=len, reverse=True)
            patterns = self._mentions[spec.id] = tuple(Mention(a) for a in aliases)
        return patterns


# --- families ----------------------------------------------------------------------------------

# A published size at the end of a model's name: "Llama 3 8B", "Mixtral 8x7B", "gpt-oss-20b",
# "Qwen3 30B-A3B", "Phi-4 (14B)", "DeepSeek-V3 (671B MoE)". What is left names the family.
_NAME_SIZE: Final = lazy(
    r"[\s\-]+\(?\d+(?:\.\d+)?(?:x\d+)?[bBtT](?:-A\d+(?:\.\d+)?B)?(?: MoE)?\)?$"
)
# A family's name that is a versioned series and one variant word: "Llama 4 Scout",
# "DeepSeek-V4-Pro", "Phi-3 mini", "Jamba 1.5 Large" (the series, then the variant).
_SERIES_VARIANT: Final = lazy(r"(.*\d(?:\.\d+)?)[\s\-]+[A-Za-z]{2,}")
_SEPARATOR: Final = r"[\s_\-:.]?"  # "llama 3.1", "llama3.1", "llama-3-1"
_FAMILY_SPLIT: Final = lazy(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])|[\s_\-:/.]+")


def _spelled(words: list[str]) -> str:
    """A family's spelling as a pattern: its words, any separator between them; a version's
    ".0" may go unsaid ("exaone 4" is EXAONE 4.0, as people write it; was an unknown model)."""
    if len(words) > 2 and words[-1] == "0" and words[-2].isdigit():
        return _SEPARATOR.join(map(re.escape, words[:-1])) + f"(?:{_SEPARATOR}0)?"
    return _SEPARATOR.join(map(re.escape, words))


@dataclass(frozen=True)
class Family:
    name: str  # "Llama 3.1"
    members: tuple[ModelSpec, ...]  # by size
    named: bool = False  # a group the catalogue's entries name ("Gemma 3n"), not their names


class FamilyIndex:
    """Model families named without a size ("llama 3 on an H100"): their members, so the
    answer can ask which one, and their spelling, so that "3" is not read as 3 GPUs.

    Families come from the catalogue's names. A one-word family that starts longer ones
    ("LLaMA" before "Llama 2", "Mistral" before "Mistral NeMo") means no family in
    particular and is left out; "Llama 3" stays, and "llama 3.1" is tried before it."""

    def __init__(self, models: ModelCatalogue) -> None:
        grouped: dict[str, list[ModelSpec]] = {}
        series: dict[str, list[ModelSpec]] = {}
        spelled = {fold(n) for model in models for n in (model.name, model.id, *model.aliases)}
        for model in models:
            family = _NAME_SIZE.sub("", model.name)
            if family != model.name and "(" not in family:
                grouped.setdefault(family, []).append(model)
            variant = _SERIES_VARIANT.fullmatch(family) if "(" not in family else None
            if variant is not None:
                series.setdefault(variant.group(1), []).append(model)
        named: set[str] = set()
        for model in models:
            for name in model.families:
                # "Gemma 3n", "Devstral": the group people name, kept though one word.
                grouped.setdefault(name, []).append(model)
                named.add(name)
        for name, members in series.items():
            # "llama 4" (Scout and Maverick), "deepseek v4" (Pro and Flash): a series of
            # variants named by words, where no family nor model has that name already.
            if len(members) > 1 and name not in grouped and fold(name) not in spelled:
                grouped[name] = members
        chunks = {name: [c for c in _FAMILY_SPLIT.split(fold(name)) if c] for name in grouped}
        kept = [
            name for name, words in chunks.items()
            if len(words) > 1 or name in named
            or not any(other[: len(words)] == words for o, other in chunks.items() if o != name)
        ]
        kept.sort(key=lambda name: len(chunks[name]), reverse=True)  # "llama 3.1" first
        self.families = {
            name: Family(name, tuple(sorted(grouped[name], key=lambda m: m.params_b)),
                         name in named)
            for name in kept
        }
        self._first_words = frozenset(chunks[name][0] for name in kept)
        self._pattern = compiled_pattern(
            "|".join(
                f"(?P<f{i}>(?<![a-z0-9]){_spelled(chunks[name])}"
                r"(?![a-z0-9]|\.\d))"
                for i, name in enumerate(kept)
            )
        )
        self._names = kept

    def first_mention(
        self, text: str, tokens: list[str] | None = None
    ) -> tuple[Family, tuple[int, int]] | None:
        """The family a folded text names first, and where (`tokens`: NAME_TOKEN's of it)."""
        if self._first_words.isdisjoint(NAME_TOKEN.findall(text) if tokens is None else tokens):
            return None
        match = self._pattern.search(text)
        if match is None or match.lastgroup is None:
            return None
        return self.families[self._names[int(match.lastgroup[1:])]], match.span()


# --- a brand and a size, no version -------------------------------------------------------------

# A family name that is a brand and a version alone: "Llama 3.1", "Qwen2.5", "Gemma 2", "Phi-4".
_BRAND_VERSION: Final = lazy(r"([a-z]+)[\s\-]?(\d+(?:\.\d+)?)?")
# The size a name prints: "8B", "(14B)".
_PRINTED_SIZE: Final = lazy(r"\(?(\d+(?:\.\d+)?)[bB]\)?$")


@dataclass(frozen=True)
class Variant:
    """A brand and a variant word read ("qwen coder"): its models, the name shown for them,
    where it was said and the word ("" for a brand alone)."""

    members: tuple[ModelSpec, ...]
    shown: str
    span: tuple[int, int]
    word: str


# The words that name a variant of a brand's models ("Qwen2.5-Coder", "Qwen3-VL",
# "DeepSeek-R1-Distill-Qwen"): said after a brand with no size, they pick those models.
_VARIANT_WORDS: Final = frozenset({"coder", "vl", "math", "distill"})
_VARIANT_SPLIT: Final = lazy(r"[\s_\-:/]+")
_VERSION_TOKEN: Final = lazy(r"[a-z]\d+(?:\.\d+)?")  # "r1", "v3"


class BrandSizes:
    """A brand and a size with no version ("qwen 7b", "llama 8b", "gemma 9b", "phi 14b"): the
    catalogue model it most likely means, whose shape (layers, KV heads) the detailed estimates
    then assume rather than a generic one. Of the models whose name is the brand, a version and
    that size ("Qwen2.5 7B", "Qwen2 7B"; not "Qwen2.5-Coder 7B" nor "Phi-3 medium (14B)"), with
    an architecture on file: the latest version."""

    def __init__(self, models: ModelCatalogue) -> None:
        best: dict[tuple[str, str], tuple[tuple[int, ...], ModelSpec]] = {}
        for model in models:
            if model.arch is None or model.is_moe:
                continue
            family = _NAME_SIZE.sub("", model.name)
            printed = _PRINTED_SIZE.search(model.name[len(family):].strip())
            named = _BRAND_VERSION.fullmatch(fold(family))
            if family == model.name or printed is None or named is None:
                continue
            brand, version = named.group(1), named.group(2) or ""
            key = (brand, printed.group(1))
            rank = tuple(int(part) for part in version.split(".") if part)
            if key not in best or rank > best[key][0]:
                best[key] = (rank, model)
        self.models = {key: model for key, (_, model) in best.items()}
        # Each model's major version ("Llama 3.1 8B": 3; "LLaMA 33B": none, 0)
        self._major = {model.id: rank[0] if rank else 0 for rank, model in best.values()}
        brands = sorted({brand for brand, _ in self.models}, key=lambda b: (-len(b), b))
        self._brands = frozenset(brands)
        self._pattern = compiled_pattern(
            r"(?<![a-z0-9.])(" + "|".join(map(re.escape, brands)) + r")[\s_\-:]?"
            r"(\d+(?:\.\d+)?) ?b(?![a-z0-9])"
        )
        # The size first ("a 7b mistral", "the 70b llama", "full finetune of 1.5b qwen") or
        # after "de"/"of" ("un llama de 8b", "un qwen de 14b"), as people write it.
        names = "|".join(map(re.escape, brands))
        self._size_first = compiled_pattern(
            r"(?<![a-z0-9.])(?:(\d+(?:\.\d+)?) ?b[\s_\-]?(" + names + r")"
            r"|(" + names + r") (?:de|d'|of) (\d+(?:\.\d+)?) ?b)(?![a-z0-9])"
        )

        # A brand alone ("can i run mistral on a 3090", "gemma on a 4090", "y qwen?"): its
        # models as above, one a size. Only before an end, a punctuation mark or a plain
        # word: "qwen coder", "llama.cpp", "llama-server" name something else.
        self._variants(models)
        self._alone = compiled_pattern(
            r"(?<![a-z0-9.\-_])(" + "|".join(map(re.escape, brands)) + r")"
            # "mistral instruct", "gemma it": the chat-tuned release, the same weights' size
            r"(?:[\s\-_](?:instruct|chat|it))?"
            r"(?=\s*(?:$|[?!,;:)]|\.(?![a-z0-9])|(?:on|in|with|for|to|and|or|at|from|models?|llms?|en|sur"
            r"|con|para|pour|avec|dans|de|la|el|le|y|et|o|ou|a|is|es|est|va|runs?|fits?|works?"
            r"|tourne\w*|corre\w*|cabe|entra|tient|passe|marche"
            # "gemma before downloading", "gemma gated?", "falcon license": its licence asked
            r"|before|gated|licen[cs]\w*|weights)(?![a-z0-9])))"
        )
        # With its licence asked, a brand before any word ("is llama free to download or
        # gated", "¿llama necesita licencia?", "llama c'est gated ?"): not a program named
        # after it ("llama.cpp", "llama-server", "llama cpp").
        self._alone_licence = compiled_pattern(
            r"(?<![a-z0-9.\-_])(" + "|".join(map(re.escape, brands)) + r")"
            r"(?![a-z0-9]|[.\-_][a-z0-9]|\s+(?:cpp|server|index|guard|stack|factory)(?![a-z0-9]))"
        )

    def _variants(self, models: ModelCatalogue) -> None:
        """A brand and a variant word, no size ("qwen coder", "qwen vl", "deepseek distill"):
        every catalogue model whose name is the brand, a version or none, and that word
        ("Qwen2.5-Coder 7B", "Qwen3-Coder 30B-A3B"). A brand none of whose names is a version
        and a size ("deepseek"): its flagships (the brand and one version token, "DeepSeek-R1")
        and its distilled models, the ones a "deepseek" on a small card can mean."""
        found: dict[tuple[str, str], list[tuple[str, ModelSpec]]] = {}
        self._shown: dict[str, str] = {}
        self._line: dict[str, list[ModelSpec]] = {}
        for model in models:
            family = _NAME_SIZE.sub("", model.name)
            words = [w for w in _VARIANT_SPLIT.split(fold(family)) if w]
            head = _BRAND_VERSION.fullmatch(words[0]) if words else None
            if head is None:
                continue
            brand, version = head.group(1), head.group(2) or ""
            self._line.setdefault(brand, []).append(model)
            tail = words[1:]
            # As the catalogue spells them: "Qwen", "DeepSeek"; "Coder", "VL".
            self._shown.setdefault(brand, model.name[:len(brand)])
            for word in _VARIANT_WORDS.intersection(tail):
                found.setdefault((brand, word), []).append((version, model))
                spelled = _VARIANT_SPLIT.split(family)[1 + tail.index(word)]
                self._shown.setdefault(word, spelled)
            if len(tail) == 1 and _VERSION_TOKEN.fullmatch(tail[0]) and brand not in self._brands:
                found.setdefault((brand, ""), []).append((version, model))
        for (brand, word), members in list(found.items()):
            if word == "distill" and (brand, "") in found:
                found[(brand, "")] += members
        self._variant_members = found
        self._variant = compiled_pattern(
            r"(?<![a-z0-9.\-_])(" + "|".join(sorted({re.escape(b) for b, _ in found},
                                                     key=lambda b: (-len(b), b))) + r")"
            r"(?:[\s_\-]?(\d+(?:\.\d+)?))?(?:[\s_\-]?[a-z]\d+)?"
            r"(?:[\s_\-]?(" + "|".join(sorted(_VARIANT_WORDS)) + r"))?"
            r"(?:[\s_\-]?(?:instruct|chat|it|base))?(?![a-z0-9.\-_])"
        ) if found else None

    def variant(self, text: str) -> Variant | None:
        """The models a brand and a variant word mean ("qwen coder"; "deepseek" alone: its
        flagships and distills), the family's name to show and where it was said."""
        if self._variant is None:
            return None
        match = self._variant.search(text)
        if match is None:
            return None
        brand, version, word = match.group(1), match.group(2) or "", match.group(3) or ""
        members = self._variant_members.get((brand, word), [])
        if version:
            members = [(v, m) for v, m in members if v == version]
        if not members or (not word and brand in self._brands):
            return None
        models = tuple(sorted({m.id: m for _, m in members}.values(), key=lambda m: m.params_b))
        shown = " ".join(self._shown.get(part, part) for part in (brand, version, word) if part)
        return Variant(models, shown, match.span(), word)

    def alone(self, text: str, licence: bool = False) -> tuple[ModelSpec, ...]:
        """The models of the first brand a folded text names with no size nor version, by
        size (none: no brand alone); `licence`: its licence is asked, any word may follow."""
        if self._brands.isdisjoint(NAME_TOKEN.findall(text)):
            return ()
        match = (self._alone_licence if licence else self._alone).search(text)
        if match is None:
            return ()
        brand = match.group(1)
        members = [m for (b, _), m in self.models.items() if b == brand]
        if licence and len(members) == 1:
            # "is mistral gated": the brand's whole line (Mistral NeMo, Small, Large…), not
            # the one model its name and a bare size mean ("can i run mistral" runs Mistral 7B).
            members = self._line.get(brand, members)
        elif not licence:
            # "can i run llama on a 4090": not a model a later generation of the brand matches
            # or passes in size (was the largest of every generation that fits, LLaMA 33B of
            # 2023, where Llama 3 has an 8B; Llama 2 13B beside Llama 3.3 70B); an older one
            # larger than any newer stays ("falcon": Falcon 40B beside Falcon3 3B).
            # One left is no choice ("phi": Phi-4 14B alone): all stay.
            major = self._major
            kept = [m for m in members if not any(
                major.get(n.id, 0) > major.get(m.id, 0) and n.params_b >= m.params_b
                for n in members)]
            members = kept if len(kept) > 1 else members
        return tuple(sorted(members, key=lambda m: m.params_b))

    def first_mention(self, text: str, tokens: list[str] | None = None) -> ModelSpec | None:
        """The model a folded text's first brand-and-size means, if the catalogue has one
        (`tokens`: NAME_TOKEN's of it)."""
        if self._brands.isdisjoint(NAME_TOKEN.findall(text) if tokens is None else tokens):
            return None
        match = self._pattern.search(text)
        first = self._size_first.search(text)
        if first is not None and (match is None or first.start() < match.start()):
            if first.group(1) is not None:
                return self.models.get((first.group(2), first.group(1)))
            return self.models.get((first.group(3), first.group(4)))
        if match is None:
            return None
        return self.models.get((match.group(1), match.group(2)))


# --- a version said in words ("llama three point one") ---------------------------------------

# A brand and the version its catalogue names print: "Llama 3.1 70B" → ("llama", "3.1"), not the
# size of "Mistral 7B".
_NAME_VERSION: Final = lazy(r"([a-z]{2,})[\s\-]?(\d{1,2}(?:\.\d)?)(?![\d.]|\s?b(?![a-z]))")


class SpokenVersions:
    """A model's version said in words ("llama three 8b", "qwen two point five 7b", "llama
    tres 8b", "llama trois point un 70b") → digits, before the number words are read: else the
    model is unknown and "llama three seventy b" is read as 73B. Only the versions some
    catalogue name prints, so "gemma twenty seven b" keeps its size."""

    def __init__(self, models: ModelCatalogue) -> None:
        versions: set[tuple[str, str]] = set()
        for model in models:
            for name in (model.name, *model.aliases):
                named = _NAME_VERSION.match(fold(name))
                if named is not None:
                    versions.add((named.group(1), named.group(2)))
        self.versions = frozenset(versions)
        articles = union("articles")
        self._numbers = {word: value for word, value in NUMBER_WORDS.items() if value < 100}
        majors = sorted((w for w in self._numbers if w not in articles), key=lambda w: (-len(w), w))
        minors = sorted((w for w in self._numbers if self._numbers[w] < 10),
                        key=lambda w: (-len(w), w))
        brands = sorted({brand for brand, _ in versions}, key=lambda b: (-len(b), b))
        points = sorted(union("point_words"), key=lambda w: (-len(w), w))
        self._pattern = compiled_pattern(
            r"(?<![a-z0-9])(" + "|".join(brands) + r")[\s\-]?(" + "|".join(majors) + r")"
            r"(?:[\s\-](?:" + "|".join(points) + r")[\s\-](" + "|".join(minors) + r"))?"
            r"(?![a-z0-9])"
        )

    def digits(self, folded: str) -> str:
        """``folded`` with each known version said in words written in digits."""
        return self._pattern.sub(self._version, folded)

    def _version(self, match: re.Match[str]) -> str:
        brand, major, minor = match.group(1, 2, 3)
        version = str(self._numbers[major])
        if minor is not None:
            version += f".{self._numbers[minor]}"
        if (brand, version) not in self.versions:
            return match.group(0)
        return f"{brand} {version}"


# --- GPUs --------------------------------------------------------------------------------------

# The key of rules.catalogue._normalise: lower case, runs of spaces, "_" and "-" as one space.
_GPU_SEPARATORS: Final = lazy(r"[\s_\-]+")


def _gpu_key(text: str) -> str:
    key = text.strip().lower()
    if "-" in key or "_" in key or "  " in key or not key.isascii() or not key.isprintable():
        key = _GPU_SEPARATORS.sub(" ", key)
    return key


# --- per catalogue -----------------------------------------------------------------------------


# An instance type's separators, dropped to key it and matched by any of them (or none).
_NO_SEPARATORS: Final = str.maketrans("", "", "._ -")
_ESCAPED_SEPARATOR: Final = lazy(r"\\[._-]|[._-]")


class CatalogueIndex:
    """The look-ups ``understand`` makes in one catalogue."""

    def __init__(self, cat: Catalogue) -> None:
        self.models = _model_index(cat.models)
        self.families = _family_index(cat.models)
        self.brand_sizes = _brand_sizes(cat.models)
        self.spoken_versions = _spoken_versions(cat.models)
        self._gpus = {
            _gpu_key(key): gpu for gpu in cat.gpus for key in (gpu.id, gpu.name, *gpu.aliases)
        }
        self._squeezed = cat.squeezed_gpus
        # "my 512gb mac studio": the Apple chips made with a memory size (data's configurations)
        self.macs_with: dict[Decimal, tuple[GPU, ...]] = {}
        for gpu in cat.gpus:
            if gpu.unified_memory and gpu.id != "apple-silicon":
                for size in gpu.memory_options_gb:
                    self.macs_with[size] = (*self.macs_with.get(size, ()), gpu)
        self.gpu = cat.gpu
        self.variants = cat.variants
        self.kaggle = cat.kaggle
        self.colab = cat.colab
        # Integrated GPUs (gpus_owned.toml [[igpus]]) by each name, longest first in the
        # pattern: "radeon 780m", "iris xe", "arc 140v" (not "780m tokens", a data size).
        # Other clouds' instance types (gpus_owned.toml [[cloud_instances]]), longest first:
        # each ".", "_" or "-" also matches a space or nothing ("bm gpu h100 8").
        # (Made with lazy, as every pattern of understanding: compiled at first use, its code
        # kept on disk for the next start.)
        self.cloud_instances = {i.name.translate(_NO_SEPARATORS): i for i in cat.cloud_instances}
        shapes = sorted((i.name for i in cat.cloud_instances), key=len, reverse=True)
        self.cloud_pattern = lazy(
            r"(?<![\w.])(?P<name>" + "|".join(
                _ESCAPED_SEPARATOR.sub("[._ -]?", re.escape(n)) for n in shapes)
            + r")(?![\w.]|-\w)") if shapes else None
        self.igpus = {_gpu_key(k): g for g in cat.igpus for k in (g.name, *g.aliases)}
        names = sorted(self.igpus, key=len, reverse=True)
        self.igpu_pattern = lazy(
            r"(?<![a-z0-9])(?:(?:amd|intel)(?: radeon| arc)? )?(?P<name>"
            + "|".join(re.escape(n).replace(r"\ ", r"[ -]?") for n in names)
            + r")(?![a-z0-9+])(?! ?(?:tokens?|toks?|params?|parameters?|samples?|rows?|examples?"
            r"|words?|lines?|docs?|documents?)\b)") if names else None

    def cloud_instance(self, said: str) -> CloudInstance:
        """The instance type `cloud_pattern` found, however its separators were written."""
        return self.cloud_instances[said.translate(_NO_SEPARATORS)]

    def find_gpu(self, text: str) -> GPU | None:
        """``Catalogue.find_gpu``: a GPU by id, name or alias, however its words are spaced."""
        key = _gpu_key(text)
        found = self._gpus.get(key)
        # "rtx6000ada", "rtx 6000ada": the words glued in a way no alias lists (cards46)
        if found is None and key and key == key.strip():
            found = self._squeezed.get(key.replace(" ", ""))
        return found


_INDEXES: WeakKeyDictionary[Catalogue, CatalogueIndex] = WeakKeyDictionary()
# Price updates replace the catalogue but not the model catalogue: its indexes are kept.
_MODEL_INDEXES: WeakKeyDictionary[ModelCatalogue, ModelIndex] = WeakKeyDictionary()
_FAMILY_INDEXES: WeakKeyDictionary[ModelCatalogue, FamilyIndex] = WeakKeyDictionary()
_BRAND_SIZES: WeakKeyDictionary[ModelCatalogue, BrandSizes] = WeakKeyDictionary()
_SPOKEN_VERSIONS: WeakKeyDictionary[ModelCatalogue, SpokenVersions] = WeakKeyDictionary()
_T = TypeVar("_T")


def _kept(cache: WeakKeyDictionary[ModelCatalogue, _T], models: ModelCatalogue,
          build: Callable[[ModelCatalogue], _T]) -> _T:
    """The index of `models` in `cache`, built on first use."""
    index = cache.get(models)
    if index is None:
        index = cache[models] = build(models)
    return index


def _model_index(models: ModelCatalogue) -> ModelIndex:
    return _kept(_MODEL_INDEXES, models, ModelIndex.build)


def _family_index(models: ModelCatalogue) -> FamilyIndex:
    return _kept(_FAMILY_INDEXES, models, FamilyIndex)


def _brand_sizes(models: ModelCatalogue) -> BrandSizes:
    return _kept(_BRAND_SIZES, models, BrandSizes)


def _spoken_versions(models: ModelCatalogue) -> SpokenVersions:
    return _kept(_SPOKEN_VERSIONS, models, SpokenVersions)


def catalogue_index(cat: Catalogue) -> CatalogueIndex:
    index = _INDEXES.get(cat)
    if index is None:
        index = _INDEXES[cat] = CatalogueIndex(cat)
    return index
