"""A scripted fake model for probes: it asks for one tool call, then ends the turn.

It speaks the four wire formats the probed hosts use, streaming or not:
Anthropic Messages (`/v1/messages`), Gemini (`:generateContent`,
`:streamGenerateContent`), OpenAI Responses (`/v1/responses`) and OpenAI Chat
Completions (`/v1/chat/completions`).

The script: the first request that offers tools (or any first request when the
script forces the call, for hosts that announce tools in a way we do not parse)
gets one call of `tool_name` with `tool_input`. A request that carries a tool
result gets the text "PROBE-DONE: <result>" and ends the turn. Everything else
gets a short text. Every request is appended to a JSON-lines log with the
credentials headers dropped, so the harness can read what the model was told.

Standard library only: it runs inside the probe's network namespace, bound to
127.0.0.1 and nowhere else.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

LOOPBACK = "127.0.0.1"
DONE_PREFIX = "PROBE-DONE: "
IDLE_TEXT = "PROBE-IDLE: nothing to do"
_SECRET_HEADERS = {"authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie"}
_TOOL_RESULT_CHARS = 2000


@dataclass
class Script:
    """What the fake model asks for, and how often."""

    tool_name: str
    tool_input: dict[str, Any]
    force: bool = False  # ask for the tool even when the request does not list it
    max_calls: int = 1
    calls: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def take_call(self, offered: list[str]) -> bool:
        if not (self.force or self.tool_name in offered):
            return False
        with self.lock:
            if self.calls >= self.max_calls:
                return False
            self.calls += 1
            return True


# ---------------------------------------------------------------- reading requests
def _text_of(value: Any) -> str:
    """Flatten a tool result (string, content blocks, dict) to text for the log."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(_text_of(v) for v in value)
    if isinstance(value, dict):
        for key in ("text", "output", "content", "response", "llmContent", "result"):
            if key in value:
                return _text_of(value[key])
        return json.dumps(value)
    return "" if value is None else str(value)


def anthropic_view(body: dict) -> tuple[list[str], str | None]:
    """(offered tool names, tool result text or None) of an Anthropic Messages request."""
    tools = [t.get("name", "") for t in body.get("tools") or [] if isinstance(t, dict)]
    messages = body.get("messages") or []
    content = messages[-1].get("content") if messages and isinstance(messages[-1], dict) else None
    if isinstance(content, list):
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                flag = " [is_error]" if block.get("is_error") else ""
                return tools, _text_of(block.get("content")) + flag
    return tools, None


def gemini_view(body: dict) -> tuple[list[str], str | None]:
    tools = []
    for group in body.get("tools") or []:
        for decl in group.get("functionDeclarations") or group.get("function_declarations") or []:
            tools.append(decl.get("name", ""))
    contents = body.get("contents") or []
    if contents:
        for part in contents[-1].get("parts") or []:
            if isinstance(part, dict) and "functionResponse" in part:
                return tools, _text_of(part["functionResponse"])
    return tools, None


def responses_view(body: dict) -> tuple[list[str], str | None]:
    tools = [t.get("name") or t.get("type") or "" for t in body.get("tools") or [] if isinstance(t, dict)]
    items = body.get("input")
    if isinstance(items, list):
        outputs = [
            i
            for i in items
            if isinstance(i, dict) and str(i.get("type", "")).endswith("_output") and "call" in str(i.get("type"))
        ]
        if outputs:
            return tools, _text_of(outputs[-1].get("output"))
    return tools, None


def chat_view(body: dict) -> tuple[list[str], str | None]:
    tools = [(t.get("function") or {}).get("name", "") for t in body.get("tools") or [] if isinstance(t, dict)]
    messages = body.get("messages") or []
    if messages and isinstance(messages[-1], dict) and messages[-1].get("role") == "tool":
        return tools, _text_of(messages[-1].get("content"))
    return tools, None


def protocol_of(path: str) -> str | None:
    if "/messages" in path and "count_tokens" not in path:
        return "anthropic"
    if ":generateContent" in path or ":streamGenerateContent" in path:
        return "gemini"
    if path.split("?")[0].rstrip("/").endswith("/responses"):
        return "responses"
    if "chat/completions" in path:
        return "chat"
    return None


VIEWS = {"anthropic": anthropic_view, "gemini": gemini_view, "responses": responses_view, "chat": chat_view}


# ---------------------------------------------------------------- writing replies
def _id(prefix: str) -> str:
    return prefix + uuid.uuid4().hex[:20]


def anthropic_reply(body: dict, call: tuple[str, dict] | None, text: str) -> tuple[dict, list[tuple[str, dict]]]:
    """(whole JSON message, SSE events) for an Anthropic Messages reply."""
    usage = {"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    if call:
        block = {"type": "tool_use", "id": _id("toolu_"), "name": call[0], "input": call[1]}
        start, delta, stop = (
            dict(block, input={}),
            {"type": "input_json_delta", "partial_json": json.dumps(call[1])},
            "tool_use",
        )
    else:
        block = {"type": "text", "text": text}
        start, delta, stop = {"type": "text", "text": ""}, {"type": "text_delta", "text": text}, "end_turn"
    message = {
        "id": _id("msg_"),
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "probe-model"),
        "content": [block],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": usage,
    }
    events = [
        ("message_start", {"type": "message_start", "message": dict(message, content=[], stop_reason=None)}),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": start}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 5},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return message, events


def gemini_reply(body: dict, call: tuple[str, dict] | None, text: str) -> tuple[dict, list[tuple[str, dict]]]:
    part = {"functionCall": {"name": call[0], "args": call[1]}} if call else {"text": text}
    whole = {
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "probe-model",
    }
    return whole, [("", whole)]


def responses_reply(body: dict, call: tuple[str, dict] | None, text: str) -> tuple[dict, list[tuple[str, dict]]]:
    if call:
        item = {
            "type": "function_call",
            "id": _id("fc_"),
            "call_id": _id("call_"),
            "name": call[0],
            "arguments": json.dumps(call[1]),
            "status": "completed",
        }
        added = dict(item, arguments="", status="in_progress")
        middle = [
            (
                "response.function_call_arguments.delta",
                {"item_id": item["id"], "output_index": 0, "delta": item["arguments"]},
            ),
            (
                "response.function_call_arguments.done",
                {"item_id": item["id"], "output_index": 0, "arguments": item["arguments"]},
            ),
        ]
    else:
        item = {
            "type": "message",
            "id": _id("msg_"),
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}],
        }
        added = dict(item, content=[], status="in_progress")
        where = {"item_id": item["id"], "output_index": 0, "content_index": 0}
        middle = [
            ("response.output_text.delta", dict(where, delta=text)),
            ("response.output_text.done", dict(where, text=text)),
        ]
    whole = {
        "id": _id("resp_"),
        "object": "response",
        "created_at": int(time.time()),
        "status": "completed",
        "model": body.get("model", "probe-model"),
        "output": [item],
        "usage": {
            "input_tokens": 10,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 15,
        },
    }
    pending = dict(whole, status="in_progress", output=[])
    events = [
        ("response.created", {"response": pending}),
        ("response.in_progress", {"response": pending}),
        ("response.output_item.added", {"output_index": 0, "item": added}),
        *middle,
        ("response.output_item.done", {"output_index": 0, "item": item}),
        ("response.completed", {"response": whole}),
    ]
    return whole, [(name, dict(data, type=name)) for name, data in events]


def chat_reply(body: dict, call: tuple[str, dict] | None, text: str) -> tuple[dict, list[tuple[str, dict]]]:
    base = {"id": _id("chatcmpl-"), "created": int(time.time()), "model": body.get("model", "probe-model")}
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    if call:
        tool_call = {
            "id": _id("call_"),
            "type": "function",
            "function": {"name": call[0], "arguments": json.dumps(call[1])},
        }
        message, finish = {"role": "assistant", "content": None, "tool_calls": [tool_call]}, "tool_calls"
        delta = dict(message, tool_calls=[dict(tool_call, index=0)])
    else:
        message, finish = {"role": "assistant", "content": text}, "stop"
        delta = message
    whole = dict(
        base, object="chat.completion", choices=[{"index": 0, "message": message, "finish_reason": finish}], usage=usage
    )
    chunk = dict(base, object="chat.completion.chunk")
    events = [
        ("", dict(chunk, choices=[{"index": 0, "delta": delta, "finish_reason": None}])),
        ("", dict(chunk, choices=[{"index": 0, "delta": {}, "finish_reason": finish}], usage=usage)),
    ]
    return whole, events


REPLIES = {"anthropic": anthropic_reply, "gemini": gemini_reply, "responses": responses_reply, "chat": chat_reply}


def answer(protocol: str, body: dict, script: Script) -> tuple[dict, list[tuple[str, dict]], dict]:
    """The reply to one model request, and what to log about it."""
    offered, tool_result = VIEWS[protocol](body)
    call = None
    if tool_result is not None:
        text = DONE_PREFIX + tool_result[:_TOOL_RESULT_CHARS]
    elif script.take_call(offered):
        call, text = (script.tool_name, script.tool_input), ""
    else:
        text = IDLE_TEXT
    whole, events = REPLIES[protocol](body, call, text)
    note = {
        "protocol": protocol,
        "offered_tools": offered,
        "tool_result": tool_result,
        "reply": "tool_call" if call else "text",
        "reply_text": text,
    }
    return whole, events, note


def sse_bytes(events: list[tuple[str, dict]], protocol: str) -> bytes:
    out = []
    for name, data in events:
        out.append((f"event: {name}\n" if name else "") + f"data: {json.dumps(data)}\n\n")
    if protocol == "chat":
        out.append("data: [DONE]\n\n")
    return "".join(out).encode()


# ---------------------------------------------------------------- the server
class ProbeModelServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, script: Script, log_path: Path) -> None:
        super().__init__((LOOPBACK, port), _Handler)
        self.script = script
        self.log_path = log_path
        self.log_lock = threading.Lock()

    def log_request_record(self, record: dict) -> None:
        record["t"] = round(time.time(), 3)
        with self.log_lock, self.log_path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: ProbeModelServer

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass

    def _body(self) -> dict:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.headers.get("Content-Encoding") == "gzip":
            import gzip

            raw = gzip.decompress(raw)
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return {"_unparsed": raw[:500].decode("utf-8", "replace")}
        return body if isinstance(body, dict) else {"_unparsed": str(body)[:500]}

    def _send_json(self, obj: dict, status: int = 200) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _record(self, method: str, **extra: Any) -> dict:
        headers = {k: v for k, v in self.headers.items() if k.lower() not in _SECRET_HEADERS}
        return {"method": method, "path": self.path, "headers": headers, **extra}

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        self.server.log_request_record(self._record("GET"))
        if "/models" in self.path:
            model = {"id": "probe-model", "object": "model", "owned_by": "probe", "slug": "probe-model"}
            self._send_json({"object": "list", "data": [model], "models": [model]})
        else:
            self._send_json({"ok": True})

    def do_HEAD(self) -> None:  # noqa: N802
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self) -> None:  # noqa: N802
        body = self._body()
        protocol = protocol_of(self.path)
        if protocol is None:
            self.server.log_request_record(self._record("POST", body=body, note="no protocol"))
            if "count_tokens" in self.path or ":countTokens" in self.path:
                self._send_json({"input_tokens": 10, "totalTokens": 10})
            else:
                self._send_json({"error": {"message": "unknown path"}}, 404)
            return
        whole, events, note = answer(protocol, body, self.server.script)
        self.server.log_request_record(self._record("POST", body=body, **note))
        stream = bool(body.get("stream")) or ":streamGenerateContent" in self.path
        try:
            if not stream:
                self._send_json(whole)
                return
            data = sse_bytes(events, protocol)
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass


def serve_in_thread(port: int, script: Script, log_path: Path) -> ProbeModelServer:
    server = ProbeModelServer(port, script, log_path)
    threading.Thread(target=server.serve_forever, name="probe-model", daemon=True).start()
    return server


def read_log(log_path: Path) -> list[dict]:
    if not log_path.exists():
        return []
    records = []
    for line in log_path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:
            continue
    return records
