"""Languages and message catalogues: every text a user reads, in English or Simplified Chinese.

The language is chosen at run time: :func:`set_lang`, the context manager :func:`use_lang`, or
the environment variable ``RACEKIT_LANG`` (``en`` or ``zh``); the default is English. The core
knows no game: a game's texts live in its own catalogue files.

Catalogues are small YAML files, one per language and domain, validated on loading (a bad file
is refused naming the file, the line and the key; see docs/i18n.md):

* ``racekit/locale/<lang>/<name>.yaml``: the kit's own texts (``cli``, ``words`` ...); keys
  ``<name>.<key>``;
* ``racekit/games/<id>/locale/<lang>/text.yaml``: a game's event sentences, phase names,
  action names ...; keys ``<id>.<key>``.

A value is a ``str.format`` template, or a plural entry ``{one: ..., other: ...}`` chosen by the
field ``n``. Templates take three kinds of field format of their own:

* ``{cards:#card}``: a count with its noun, from the catalogue's ``nouns`` (``1 card``,
  ``2 cards``; ``2 张牌``): English plural forms live in the catalogue, never in code;
* ``{names:and}``: a list joined as the language joins it (``Red, Blue and Green``;
  ``红方、蓝方和绿方``);
* ``{colour:@colour}``: a word of the game's ``words.colour`` table (the value itself if the
  table has no entry).

A shipped text missing from a catalogue raises :class:`MissingText` (a test failure, never a
silent fall-back); only what a user writes (a scenario title with no Chinese) falls back to
its own words.
"""
from __future__ import annotations

import os
import re
import string
from collections.abc import Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from .errors import FileFormatError, RacekitError

LANGS = ("en", "zh")
"""The languages racekit speaks: English (the default) and Simplified Chinese."""
LANG_NAMES = {"en": "English", "zh": "简体中文"}
ENV = "RACEKIT_LANG"

_ROOT = Path(__file__).resolve().parent.parent          # the racekit package
_lang: ContextVar[str | None] = ContextVar("racekit_lang", default=None)


class LanguageError(RacekitError, ValueError):
    """A language racekit does not speak."""


class MissingText(RacekitError, KeyError):
    """A shipped catalogue lacks a key (a bug: the completeness test catches it)."""

    def __str__(self) -> str:
        return self.args[0]


def check_lang(lang: str) -> str:
    """``lang`` normalised (``"ZH"``, ``"zh-CN"``, ``"zh_Hans"`` -> ``"zh"``).

    Raises:
        LanguageError: not one of :data:`LANGS` (the message names the allowed ones).
    """
    text = str(lang).strip()
    base = re.split(r"[-_.]", text.lower(), maxsplit=1)[0] if text else ""
    if base in LANGS:
        return base
    allowed = ", ".join(f"{k} ({v})" for k, v in LANG_NAMES.items())
    raise LanguageError(f"unknown language {text[:20]!r}; racekit speaks {allowed}")


def get_lang() -> str:
    """The language in force: the one set here, else ``RACEKIT_LANG``, else ``"en"``.

    Raises:
        LanguageError: ``RACEKIT_LANG`` names a language racekit does not speak.
    """
    lang = _lang.get()
    if lang is not None:
        return lang
    env = os.environ.get(ENV, "").strip()
    if not env:
        return "en"
    try:
        return check_lang(env)
    except LanguageError as exc:
        raise LanguageError(f"{ENV}: {exc}") from None


def set_lang(lang: str | None) -> None:
    """Speak ``lang`` from now on (``None``: back to ``RACEKIT_LANG`` or English)."""
    _lang.set(None if lang is None else check_lang(lang))


@contextmanager
def use_lang(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (``None``: keep the language in force); yields it."""
    token = _lang.set(check_lang(lang) if lang is not None else _lang.get())
    try:
        yield get_lang()
    finally:
        _lang.reset(token)


# --- catalogue files ----------------------------------------------------------------------

class Plural(BaseModel):
    """An entry with plural forms, chosen by the field ``n`` (English: one / other)."""
    model_config = ConfigDict(extra="forbid")
    one: str
    other: str


_PAIRS = TypeAdapter(list[tuple[str, str]])


def _flatten(doc, node, path: list, out: dict) -> None:
    if isinstance(node, str):
        out[".".join(path)] = node
    elif isinstance(node, dict) and node and set(node) <= {"one", "other"}:
        try:
            out[".".join(path)] = Plural.model_validate(node)
        except ValidationError as exc:
            raise doc.error(path, "a plural entry needs both one: and other: as text") from exc
    elif isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise doc.error(path, f"a key must be a word, got {key!r}")
            _flatten(doc, value, path + [str(key)], out)
    elif isinstance(node, list):
        try:
            pairs = _PAIRS.validate_python(node)
            for pattern, _tmpl in pairs:
                re.compile(pattern)
        except (ValidationError, re.error) as exc:
            raise doc.error(path, "a list entry must hold [pattern, text] pairs") from exc
        out[".".join(path)] = pairs
    else:
        raise doc.error(path, f"a text must be a string, got {type(node).__name__}")


def load_catalogue(path: str | Path, prefix: str = "") -> dict[str, Any]:
    """The entries of one catalogue file as ``{dotted key: text | Plural | pairs}``.

    Raises:
        FileFormatError: not YAML, not a mapping, or a bad entry (names file, line and key).
    """
    from .yamlfile import read_yaml
    doc = read_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error([], "a catalogue holds a mapping of keys to texts")
    out: dict[str, Any] = {}
    _flatten(doc, doc.data, [], out)
    return {f"{prefix}{k}": v for k, v in out.items()}


def game_locale(game_id: str) -> Path:
    """The folder of a game's catalogues: ``racekit/games/<id>/locale``."""
    return _ROOT / "games" / game_id / "locale"


@lru_cache(maxsize=None)
def catalogue(lang: str, domain: str) -> dict[str, Any]:
    """Every entry of ``domain`` in ``lang``: ``"core"`` (``racekit/locale/<lang>/*.yaml``, keys
    ``<file stem>.<key>``) or a game id (its ``locale/<lang>/text.yaml``, keys ``<id>.<key>``)."""
    lang = check_lang(lang)
    out: dict[str, Any] = {}
    if domain == "core":
        folder = _ROOT / "locale" / lang
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            out.update(load_catalogue(path, prefix=f"{path.stem}."))
    else:
        path = game_locale(domain) / lang / "text.yaml"
        if path.is_file():
            out.update(load_catalogue(path, prefix=f"{domain}."))
    return out


def _entry(key: str, lang: str):
    domain = key.partition(".")[0]
    table = catalogue(lang, "core" if domain in _core_stems() else domain)
    if key not in table:
        raise MissingText(f"no {LANG_NAMES[lang]} text for {key!r}")
    return table[key]


@lru_cache(maxsize=None)
def _core_stems() -> frozenset:
    return frozenset(p.stem for lang in LANGS for p in (_ROOT / "locale" / lang).glob("*.yaml"))


def has(key: str, lang: str | None = None) -> bool:
    """Whether the catalogue of ``lang`` (default: the one in force) holds ``key``."""
    try:
        _entry(key, lang or get_lang())
        return True
    except MissingText:
        return False


# --- formatting ---------------------------------------------------------------------------

def number(x) -> str:
    """A count or a score as a student reads it: 3, 2.5, 2 2/3 (never 2.6666666666666665)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) or float(x) == int(x):
        return str(int(x)) if isinstance(x, float) else str(x)
    share = Fraction(x).limit_denominator(60)
    if share.denominator == 2:
        return f"{float(share):g}"
    whole, part = divmod(share.numerator, share.denominator)
    return (f"{whole} " if whole else "") + f"{part}/{share.denominator}"


class _Formatter(string.Formatter):
    def __init__(self, lang: str, domain: str):
        self.lang, self.domain = lang, domain

    def _lookup(self, key: str):
        for k in (f"{self.domain}.{key}", f"words.{key}"):
            try:
                return _entry(k, self.lang)
            except MissingText:
                continue
        raise MissingText(f"no {LANG_NAMES[self.lang]} text for {self.domain}.{key} or words.{key}")

    def format_field(self, value, spec):
        if spec.startswith("#"):                       # a count with its noun
            entry = self._lookup(f"nouns.{spec[1:]}")
            return _choose(entry, value).format(n=number(value))
        if spec == "and":                              # a list joined
            return join(value, self.lang)
        if spec.startswith("@"):                       # a word of a table
            try:
                return str(self._lookup(f"words.{spec[1:]}.{value}"))
            except MissingText:
                return str(value)
        if spec == "num":
            return number(value)
        return super().format_field(value, spec)


def _choose(entry, n) -> str:
    if isinstance(entry, Plural):
        return entry.one if n == 1 else entry.other
    return entry


def join(items, lang: str | None = None) -> str:
    """``Red``, ``Red and Blue``, ``Red, Blue and Green`` (zh: ``红方、蓝方和绿方``; codes: ``R1、B2 和 G3``)."""
    lang = lang or get_lang()
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    sep, last = _entry("words.list.sep", lang), _entry("words.list.last", lang)
    if not last.isascii() and _latin_end(items[-2]) and _latin_end(items[-1][:1]):
        last = f" {last} "   # a CJK word between two codes is spaced off them: R1 和 B2 (not R1和B2)
    return sep.join(items[:-1]) + last + items[-1]


def _latin_end(s: str) -> bool:
    """Does ``s`` end in a Latin letter or digit (a code such as ``R1``)?"""
    return bool(s) and s[-1].isascii() and s[-1].isalnum()


def text(key: str, /, lang: str | None = None, **fields) -> str:
    """The text of ``key`` in ``lang`` (default: the language in force), filled with ``fields``
    (a plural entry is chosen by ``n``).

    Raises:
        MissingText: the catalogue has no such key.
    """
    lang = lang or get_lang()
    entry = _choose(_entry(key, lang), fields.get("n", 0))
    if isinstance(entry, list):
        raise MissingText(f"{key!r} is a table of patterns, not a text")
    return _Formatter(lang, key.partition(".")[0]).format(entry, **fields) if fields or "{" in entry \
        else entry


class Texts:
    """The texts of one domain (a game id, or ``"cli"``): ``T("events.roll", seat=...)``."""

    def __init__(self, domain: str):
        self.domain = domain

    def __call__(self, key: str, /, **fields) -> str:
        return text(f"{self.domain}.{key}", **fields)

    def has(self, key: str, lang: str | None = None) -> bool:
        return has(f"{self.domain}.{key}", lang)

    def keys(self, prefix: str, lang: str = "en") -> list[str]:
        """The keys under ``prefix`` (without it) in ``lang``'s catalogue, in file order."""
        table = catalogue(lang, "core" if self.domain in _core_stems() else self.domain)
        head = f"{self.domain}.{prefix}."
        return [k[len(head):] for k in table if k.startswith(head)]

    def mapping(self, prefix: str) -> "LocalMapping":
        """A read-only mapping ``{key: text}`` under ``prefix`` that speaks the language in
        force each time it is read (phase names, option group titles)."""
        return LocalMapping(self, prefix)

    def groups(self, prefix: str, groups: Mapping) -> "GroupMapping":
        """``{title: members}`` whose titles (catalogue ``<prefix>.<id>``) speak the language in
        force; ``groups`` maps each id to its members."""
        return GroupMapping(self, prefix, groups)

    def events(self, functions: Mapping | None = None) -> "EventTexts":
        """The game's event templates for :func:`racekit.core.events.render`."""
        return EventTexts(self, functions or {})

    def pattern(self, table: str, label: str, lang: str | None = None) -> str | None:
        """``label`` rewritten by the first matching ``[pattern, text]`` pair of ``table``
        (``None``: no pattern matches)."""
        lang = lang or get_lang()
        try:
            pairs = _entry(f"{self.domain}.{table}", lang)
        except MissingText:
            return None
        for pattern, tmpl in pairs:
            m = re.fullmatch(pattern, label)
            if m:
                groups = {k: _sub(self, k, v, lang) for k, v in m.groupdict().items() if v is not None}
                return _Formatter(lang, self.domain).format(tmpl, *m.groups(), **groups)
        return None


def _sub(texts: Texts, name: str, value: str, lang: str) -> str:
    """A named group of an action pattern: ``s`` a seat name, any other name a word of the
    game's table ``words.<name>`` (the value itself when the table lacks it)."""
    if name == "s":
        return seat_name(value, lang)
    key = f"{texts.domain}.words.{name}.{value}"
    if has(key, lang):
        return text(key, lang=lang)
    if name.startswith("name") and texts.domain in _NAMES:   # a content name (card, character)
        with use_lang(lang):
            return _NAMES[texts.domain](value)
    return value


_NAMES: dict = {}


def register_names(domain: str, function) -> None:
    """Let ``function(english_name) -> name in the language in force`` translate the content
    names (cards, characters, events) that a game's action patterns capture as ``(?P<name>…)``."""
    _NAMES[domain] = function


class LocalMapping(Mapping):
    """``{key: text}`` read from the catalogue of the language in force at each access."""

    def __init__(self, texts: Texts, prefix: str):
        self.texts, self.prefix = texts, prefix

    def __getitem__(self, key):
        try:
            return self.texts(f"{self.prefix}.{key}")
        except MissingText:
            raise KeyError(key) from None

    def __iter__(self):
        return iter(self.texts.keys(self.prefix))

    def __len__(self):
        return len(self.texts.keys(self.prefix))


class GroupMapping(Mapping):
    """``{title in the language in force: members}`` (the explorer's option groups)."""

    def __init__(self, texts: Texts, prefix: str, groups: Mapping):
        self.texts, self.prefix, self.groups = texts, prefix, dict(groups)

    def _titles(self) -> dict:
        return {self.texts(f"{self.prefix}.{k}"): v for k, v in self.groups.items()}

    def __getitem__(self, title):
        return self._titles()[title]

    def __iter__(self):
        return iter(self._titles())

    def __len__(self):
        return len(self.groups)


class EventTexts(Mapping):
    """A game's event templates: ``kind -> function(**fields) -> sentence``. A kind named in
    ``functions`` is written by that function (it picks catalogue keys); every other kind is
    the catalogue's ``events.<kind>`` filled with the event's fields."""

    def __init__(self, texts: Texts, functions: Mapping):
        self.texts, self.functions = texts, dict(functions)

    def _kinds(self) -> list[str]:
        plain = [k.partition(".")[0] for k in self.texts.keys("events")]
        return list(dict.fromkeys(plain + list(self.functions)))

    def __getitem__(self, kind):
        if kind in self.functions:
            return self.functions[kind]
        if not self.texts.has(f"events.{kind}", "en"):
            raise KeyError(kind)
        return lambda **fields: self.texts(f"events.{kind}", **fields)

    def __iter__(self):
        return iter(self._kinds())

    def __len__(self):
        return len(self._kinds())


# --- seat names ---------------------------------------------------------------------------

def seat_name(name: str, lang: str | None = None) -> str:
    """A seat's name in ``lang`` (``"Red"`` -> ``"红方"``); ``Seat 3`` -> ``座位 3``; any other
    name (a game's own) as it is."""
    lang = lang or get_lang()
    if lang == "en":
        return name
    try:
        return _entry(f"words.seats.{name}", lang)
    except MissingText:
        m = re.fullmatch(r"Seat (\d+)", str(name))
        return text("words.seat_n", lang=lang, n=int(m.group(1))) if m else name


def seat_names(names, lang: str | None = None) -> list[str]:
    return [seat_name(n, lang) for n in names]


# --- data files of the other helper (clauses, scenarios, options, content) -----------------

DATA_FILES: dict = {}
"""``{(game id, name): path}``: read this file instead of ``locale/zh/<name>.yaml`` (tests; call
``_data_file.cache_clear()`` after a change)."""


@lru_cache(maxsize=None)
def _data_file(game_id: str, name: str) -> dict:
    path = Path(DATA_FILES.get((game_id, name), game_locale(game_id) / "zh" / f"{name}.yaml"))
    if not path.is_file():
        return {}
    from .yamlfile import read_yaml
    doc = read_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error([], "the file must hold a mapping")
    return doc.data


def clause_text(game_id: str, clause_id: str, english: str, lang: str | None = None,
                field: str = "summary") -> str:
    """A clause's ``summary`` (or an ambiguity's ``decision``) in ``lang``
    (``locale/zh/clauses.yaml``: ``ID: 摘要`` and ``ID.decision: 决定``); English, or no Chinese
    for it: ``english``."""
    if (lang or get_lang()) == "en" or not english:
        return english
    value = _data_file(game_id, "clauses").get(clause_id if field == "summary" else f"{clause_id}.{field}")
    return value if isinstance(value, str) else english


def scenario_text(game_id: str, scenario_id: str, field: str, english: str,
                  lang: str | None = None) -> str:
    """A shipped scenario's ``title`` or ``outcome`` in ``lang`` (``locale/zh/scenarios.yaml``);
    a user's own scenario keeps its own words."""
    if (lang or get_lang()) == "en":
        return english
    entry = _data_file(game_id, "scenarios").get(scenario_id)
    value = entry.get(field) if isinstance(entry, dict) else None
    return value if isinstance(value, str) else english


def lesson_text(game_id: str, lesson_id: str, field: str, english: str,
                lang: str | None = None) -> str:
    """A shipped lesson's ``title``, ``question``, ``hints.N`` or ``choices.WORD`` in ``lang``
    (``locale/zh/lessons.yaml``: ``ID: {title, question, hints: [...], choices: {WORD: 词}}``);
    English, or no Chinese for it: ``english``."""
    if (lang or get_lang()) == "en":
        return english
    node: Any = _data_file(game_id, "lessons").get(lesson_id)
    for part in field.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict):
            node = node.get(part)
        else:
            return english
    return node if isinstance(node, str) else english


def option_text(game_id: str, name: str, english: str, kind: str = "options",
                lang: str | None = None) -> str:
    """An option's (``kind="options"``) or rule parameter's (``"params"``) help in ``lang``
    (``locale/zh/options.yaml``)."""
    if (lang or get_lang()) == "en":
        return english
    table = _data_file(game_id, "options").get(kind) or {}
    value = table.get(name)
    if isinstance(value, dict):
        value = value.get("help")
    return value if isinstance(value, str) else english


def option_value_text(game_id: str, name: str, value, lang: str | None = None) -> str:
    """An option value's words in ``lang`` (``options.yaml``: ``options.NAME.values.VALUE``, the
    value as typed: ``true``, ``5``); English, or no Chinese for it: the value as typed."""
    typed = str(value).lower() if isinstance(value, bool) else str(value)
    if (lang or get_lang()) == "en":
        return str(value)
    entry = (_data_file(game_id, "options").get("options") or {}).get(name)
    values = entry.get("values") if isinstance(entry, dict) else None
    words = values.get(typed, values.get(value)) if isinstance(values, dict) else None
    return f"{words}（{typed}）" if isinstance(words, str) else str(value)


def content_text(game_id: str, key, english: str, lang: str | None = None) -> str:
    """A name or description of a game's content data in ``lang`` (``locale/zh/content.yaml``;
    nested keys joined by dots or given as a tuple)."""
    if (lang or get_lang()) == "en":
        return english
    node: Any = _data_file(game_id, "content")
    for part in (key if isinstance(key, tuple) else str(key).split(".")):
        if not isinstance(node, dict):
            return english
        node = node.get(part, node.get(int(part)) if str(part).isdigit() else None)
    return node if isinstance(node, str) else english


@lru_cache(maxsize=None)
def glossary(path: str | None = None) -> list[dict]:
    """The glossary ``racekit/locale/glossary.yaml``: ``[{concept, en, zh, games, source}]``
    (``[]`` when the file is not there yet)."""
    p = Path(path) if path else _ROOT / "locale" / "glossary.yaml"
    if not p.is_file():
        return []
    from .yamlfile import read_yaml
    data = read_yaml(p).data
    items = data.get("terms", data) if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise FileFormatError(f"{p}: the glossary is a list of {{concept, en, zh}} entries")
    return [i for i in items if isinstance(i, dict)]


# --- error messages as a person reads them ----------------------------------------------------
# The engine raises and records its errors in English (scenario files assert refusal reasons in
# those words); they are put into the language in force only where a person reads them (the
# command line's error line, replay's "breaks" line, the explorer's error box, scenario lines).
# The catalogue ``messages`` holds the frame (file, line, field) and ``messages.patterns``: pairs
# ``[regex, template]`` tried in order on each English message (fullmatch); a group whose name
# starts with ``m`` is a message itself and is translated again, a group named ``act`` is an
# action name, ``acts`` a list of them, ``seat`` a seat's name, ``alts`` a list of values ("'a', 'b' or 'c'"), every other
# group is kept as typed (paths, ids, numbers).

_WHERE_FIELD = re.compile(r"(?P<where>.*?): field (?P<field>[^\s:]+): (?P<m>.*)", re.S)
_WHERE_LINE = re.compile(r"(?P<where>[^\n]*?:\d+): (?P<m>.*)", re.S)
_LINE = re.compile(r"line (?P<n>\d+)")
_WHERE_PATH = re.compile(r"(?P<where>[^\s:]+\.(?:ya?ml|json|ipynb)|[^\s:]*/[^\s:]*): (?P<m>.*)", re.S)


def _message(message: str, lang: str, game_id: str | None = None, depth: int = 0) -> str:
    """One English message (no file or field in front) in ``lang``; English when no pattern of
    ``messages.patterns`` takes it."""
    if depth > 8 or not message:
        return message
    try:
        pairs = _entry("messages.patterns", lang)
    except MissingText:
        return message
    for pattern, tmpl in pairs:
        m = re.fullmatch(pattern, message, re.S)
        if not m:
            continue
        fields = {}
        for name, value in m.groupdict().items():
            if value is None:
                fields[name] = ""
            elif name.startswith("m"):
                fields[name] = _message(value, lang, game_id, depth + 1)
            elif name.startswith("act"):
                fields[name] = _action_name(value, lang, game_id)
            elif name.startswith("seat"):   # a seat's name
                fields[name] = seat_name(value, lang)
            elif name.startswith("acts"):   # a list of action names
                fields[name] = "、".join(_action_name(a, lang, game_id) for a in value.split(", "))
            elif name.startswith("alts"):   # 'a', 'b' or 'c'
                fields[name] = re.sub(r",? or ", "、", value).replace(", ", "、")
            else:
                fields[name] = value
        return _Formatter(lang, "messages").format(tmpl, **fields)
    return message


def message_text(message: str, lang: str | None = None, game_id: str | None = None) -> str:
    """One English message (a note, a reason, no file or field in front) in ``lang`` (default:
    the language in force) through ``messages.patterns``; as it is when no pattern takes it."""
    lang = lang or get_lang()
    return message if lang == "en" else _message(message, lang, game_id)


def _action_name(name: str, lang: str, game_id: str | None) -> str:
    """An action name as the game's catalogue names it in ``lang`` (quotes kept off)."""
    bare = name[1:-1] if len(name) > 1 and name[0] == name[-1] and name[0] in "'\"" else name
    number = re.fullmatch(r"(?:action )?(-?\d+)", bare)
    if number:   # an id with no name
        return text("messages.action_id", lang=lang, id=number.group(1))
    if game_id:
        local = Texts(game_id).pattern("actions", bare, lang)
        if local is not None:
            return f"“{local}”"
    return f"“{bare}”"


def _where(where: str, lang: str) -> str:
    m = _LINE.fullmatch(where)
    return text("messages.line", lang=lang, n=m.group("n")) if m else where


def _part(part: str, lang: str, game_id: str | None) -> str:
    """One problem of an error: ``FILE:LINE: field F: message``, ``FILE:LINE: message``,
    ``FILE: message`` or a message alone."""
    m = _WHERE_FIELD.fullmatch(part)
    if m:
        return text("messages.field", lang=lang, where=_where(m.group("where"), lang),
                    field=m.group("field"), message=_message(m.group("m"), lang, game_id))
    whole = _message(part, lang, game_id)
    if whole != part:
        return whole
    for regex in (_WHERE_LINE, _WHERE_PATH):
        m = regex.fullmatch(part)
        if m:
            return text("messages.where", lang=lang, where=_where(m.group("where"), lang),
                        message=_message(m.group("m"), lang, game_id))
    return part


def error_text(error, lang: str | None = None, game_id: str | None = None) -> str:
    """An error (or its message) as a person reads it in ``lang`` (default: the language in
    force): file, line, field and clause as they are, the words translated. English: the
    message unchanged. A refused action (:class:`IllegalActionError`): :func:`refusal_text`."""
    lang = lang or get_lang()
    from .errors import IllegalActionError
    if isinstance(error, IllegalActionError):
        return refusal_text(error, lang, game_id)
    message = str(error)
    if lang == "en":
        return message
    parts = message.split("; also ")
    return text("messages.also", lang=lang).join(_part(p, lang, game_id) for p in parts)


_GAME_PREFIXES: "Callable[[], dict[str, str]] | None" = None
"""``{clause prefix: game id}`` of the registered games, set by :mod:`racekit.core.game` when it
loads (this module knows no game and imports no game registry)."""


def set_game_prefixes(source: "Callable[[], dict[str, str]]") -> None:
    """Tell the catalogue how to find a game by its clause prefix (called by the game registry)."""
    global _GAME_PREFIXES
    _GAME_PREFIXES = source


def _game_of_clause(clause: str) -> str | None:
    """The id of the registered game whose clause IDs start with ``clause``'s prefix."""
    try:
        prefixes = _GAME_PREFIXES() if _GAME_PREFIXES is not None else {}
        return prefixes.get(clause.split("-", 1)[0])
    except Exception:   # a registry that cannot answer: no game, no action names
        return None
    return None


def reason_text(reason: str, clause: str, lang: str | None = None, game_id: str | None = None) -> str:
    """The reason of a refused action in ``lang``: the English reason through
    ``messages.patterns``; what no pattern takes is said by the clause's own summary
    (``locale/zh/clauses.yaml``), so the reason is never left in English."""
    lang = lang or get_lang()
    if lang == "en":
        return reason
    game_id = game_id or _game_of_clause(clause or "")
    said = _message(reason.strip(), lang, game_id)
    if said == reason.strip() or _LATIN_WORDS.search(_strip_codes(said)):
        summary = _data_file(game_id, "clauses").get(clause) if game_id and clause and lang == "zh" else None
        summary = summary.strip().rstrip("。.") if isinstance(summary, str) else ""
        m = re.fullmatch(r"(?P<act>.+?) is not allowed: .*", reason.strip(), re.S)
        if m:
            head = text("messages.not_allowed", lang=lang, act=_action_name(m.group("act"), lang, game_id))
        else:
            head = text("messages.refused", lang=lang)
        said = head + (text("messages.by_clause", lang=lang, clause=clause, summary=summary)
                       if summary else text("messages.see_clause", lang=lang, clause=clause))
    return said


_LATIN_WORDS = re.compile(r"\b[a-z][a-z]{2,}\b")


def _strip_codes(said: str) -> str:
    """``said`` without what stays as typed: quoted names, ids with _ or -, paths."""
    said = re.sub(r"“[^”]*”|'[^']*'|\S*[/_\\.-]\S*", " ", said)
    return said


def refusal_text(exc, lang: str | None = None, game_id: str | None = None) -> str:
    """A refused action (:class:`~racekit.core.errors.IllegalActionError`) as a person reads it
    in ``lang``: ``[CLAUSE] reason Legal now: ...`` with the reason and the legal actions' names
    in that language (the engine's record keeps the English)."""
    lang = lang or get_lang()
    if lang == "en":
        return str(exc)
    game_id = game_id or _game_of_clause(exc.clause or "")
    legal = [_action_name(a, lang, game_id) for a in exc.legal[:12]]
    shown = "、".join(legal) + (" …" if len(exc.legal) > 12 else "") if legal else \
        text("messages.none", lang=lang)
    return text("messages.refusal", lang=lang, clause=exc.clause,
                reason=reason_text(exc.reason, exc.clause, lang, game_id), legal=shown)
