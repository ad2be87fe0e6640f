"""User input, for the JSON routes and the socket handlers alike.

Everything here turns bad input into an ``EngineError`` whose message names the node or
field, so callers answer it as a 400 or a run_error and never fail with a 500.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

import orjson

from .engine import Document, EngineError, Limits, SearchOptions, parse_document, resolve_options
from .engine.errors import N_, Language, Message
from .engine.generators import random_tree
from .engine.parse_reasons import json_reason
from .engine.tree import Pause

RUN_FIELDS = ("tree", "options")
RANDOM_FIELDS = ("seed", "depth", "branching", "low", "high", "real", "ragged")
MAX_SEED = 2**32 - 1


def limits_from(config: Mapping[str, Any]) -> Limits:
    """The engine's input limits as this app is configured."""
    return Limits(
        max_nodes=config["PRUNE_MAX_NODES"],
        max_depth=config["PRUNE_MAX_DEPTH"],
        max_document_chars=config["MAX_CONTENT_LENGTH"],
    )


def parse_json(text: str, limits: Limits) -> Any:
    """``json.loads`` whose failures, a nesting too deep for Python among them, are EngineErrors.

    NaN and Infinity are read as numbers on purpose: the tree's validation then rejects
    them with the path of the node that holds them.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise EngineError(
            Message(
                N_("not valid JSON: {problem} (line {line}, column {column})"),
                problem=json_reason(err.msg),
                line=err.lineno,
                column=err.colno,
            )
        ) from None
    except RecursionError:
        raise too_deep(limits) from None
    except ValueError as err:  # e.g. an integer literal with thousands of digits
        says = Message(N_("not valid JSON: {problem}"), problem=json_reason(str(err)))
        raise EngineError(says) from None


RUN_REQUEST = "the run request"
LONE_SURROGATE = N_(
    "{where}: holds half of a UTF-16 surrogate pair (a lone surrogate), which is not text"
)
LONE_SURROGATE_KEY = N_(
    "{where}: the key {key} holds half of a UTF-16 surrogate pair (a lone surrogate), which is "
    "not text"
)
THE_MESSAGE = N_("the message")
# What is over its size limit, each a whole sentence (check_size's ``what``).
SIZE_REFUSALS = {
    "the run request": N_("the run request has {size} bytes; the limit is {limit}"),
    "the lecture view": N_("the lecture view has {size} bytes; the limit is {limit}"),
    "the question": N_("the question has {size} bytes; the limit is {limit}"),
    "the answer": N_("the answer has {size} bytes; the limit is {limit}"),
    "the answer (for this tree)": N_(
        "the answer (for this tree) has {size} bytes; the limit is {limit}"
    ),
}


def refuse_lone_surrogates(message: Any, pause: Pause | None = None) -> None:
    """Refuse a parsed message holding a lone surrogate (JSON's ``"\\ud800"``) in any text
    or key, naming where: ``slides[2].notes: holds half of …``. Trees (a ``"tree"`` value)
    are left to the engine, which names the node. No text can hold one: it would fail later,
    when saved or sent (UTF-8 cannot encode it). ``pause`` runs every 4,096 values looked at
    (a long walk gives way to the server's other clients)."""
    try:
        orjson.dumps(message)
        return  # orjson writes only valid UTF-8: nothing to find
    except orjson.JSONEncodeError:
        pass  # a surrogate, or an integer over 64 bits: look
    stack: list[tuple[str, Any]] = [("", message)]
    looked = 0
    while stack:
        where, value = stack.pop()
        looked += 1
        if pause is not None and looked % 4096 == 0:
            pause()
        if isinstance(value, str):
            if not _is_text(value):
                said = Message(LONE_SURROGATE, where=where or Message(THE_MESSAGE))
                raise EngineError(said, field=where or None)
        elif isinstance(value, list):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, dict):
            for key, item in value.items():
                name = f"{where}.{key}" if where else str(key)
                if isinstance(key, str) and not _is_text(key):
                    shown = key.encode("utf-8", "backslashreplace").decode()
                    where_said = where or Message(THE_MESSAGE)
                    said = Message(LONE_SURROGATE_KEY, where=where_said, key=repr(shown))
                    raise EngineError(said, field=where or None)
                if key != "tree":
                    stack.append((name, item))


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_size(message: Any, cap: int, limits: Limits, what: str = RUN_REQUEST) -> None:
    """Refuse a message over the body limit, measured as compact JSON (as it would be sent).

    The Socket.IO transport's own cap is higher (see config), so a message between the two
    gets a clear error instead of a closed connection.
    """
    try:
        size = len(json.dumps(message, separators=(",", ":")))
    except RecursionError:
        raise too_deep(limits) from None
    if size > cap:
        raise EngineError(Message(SIZE_REFUSALS[what], size=f"{size:,}", limit=f"{cap:,}"))


def too_deep(limits: Limits) -> EngineError:
    return EngineError(
        Message(
            N_("the request nests too deeply to read; trees may be at most {limit} levels deep"),
            limit=limits.max_depth,
        )
    )


def read_run(
    body: Any, limits: Limits, pause: Pause | None = None
) -> tuple[Document, SearchOptions]:
    """A run request ``{"tree": <tree document>, "options": {…}}``: the document and options
    (``pause``: see ``app.engine.tree.Pause``)."""
    if not isinstance(body, dict):
        raise EngineError(N_('the request must be an object: {"tree": …, "options": …}'))
    _reject_unknown(body, RUN_FIELDS)
    if "tree" not in body:
        raise EngineError(N_('the request has no "tree"'), field="tree")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):  # [] or "" is no object
        raise EngineError(
            Message(
                N_("options must be an object (or null), not {given}"),
                given=type(options).__name__,
            ),
            field="options",
        )
    document = parse_document(body["tree"], limits, pause)
    return document, resolve_options(document, options, limits)


def read_random(body: Any, limits: Limits) -> dict[str, Any]:
    """A random tree document from ``{seed, depth, branching, low, high, real, ragged}``."""
    if not isinstance(body, dict):
        raise EngineError(N_("the request must be an object of random tree parameters"))
    _reject_unknown(body, RANDOM_FIELDS)
    given = {key: value for key, value in body.items() if value is not None}
    seed = given.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        says = N_("seed must be a whole number from 0 to {largest}")
        raise EngineError(Message(says, largest=MAX_SEED), field="seed")
    for bound in ("low", "high"):  # NaN passes every range check: name it here
        value = given.get(bound)
        if isinstance(value, float) and not math.isfinite(value):
            says = N_("{bound} must be a finite number, not {value}")
            raise EngineError(Message(says, bound=bound, value=value), field=bound)
    for flag in ("real", "ragged"):
        if not isinstance(given.get(flag, False), bool):
            raise EngineError(Message(N_("{flag} must be true or false"), flag=flag), field=flag)
    return {"tree": random_tree(**given, max_nodes=limits.max_nodes)}


SMALL_RANDOM_NODES = 2_000


def random_nodes_at_most(body: Any) -> float:
    """An upper bound on the nodes ``read_random`` would make of ``body`` (cheap: from its
    depth and largest branching); 0 when they are missing or not numbers (reading the body
    then refuses it, or makes the small default)."""
    if not isinstance(body, dict):
        return 0
    depth, branching = body.get("depth", 0), body.get("branching", 0)
    if isinstance(branching, list) and branching:
        branching = max((b for b in branching if isinstance(b, int | float)), default=0)
    if not all(isinstance(n, int | float) and not isinstance(n, bool) for n in (depth, branching)):
        return 0
    if not 0 <= depth <= 64 or not 0 <= branching <= 1_000_000:
        return 0  # out of range: refused by reading it
    return sum(float(branching) ** level for level in range(int(depth) + 1))


def error_body(err: EngineError, language: Language | None = None) -> dict[str, Any]:
    """The JSON form of an input error: ``{"error", "path"?, "field"?}``; the message in
    ``language`` (the request's translations), the path and field as they are."""
    body: dict[str, Any] = {"error": err.translated(language)}
    if err.path is not None:
        body["path"] = list(err.path)
    if err.field is not None:
        body["field"] = err.field
    return body


def _reject_unknown(body: dict[str, Any], fields: tuple[str, ...]) -> None:
    for key in body:
        if key not in fields:
            raise EngineError(
                Message(
                    N_("request: unknown field {field} (expected one of {fields})"),
                    field=repr(key),
                    fields=", ".join(fields),
                ),
                field=str(key),
            )
