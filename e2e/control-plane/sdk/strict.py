"""Strict checks of Pressroom responses with the official abyssale SDK's own models.

The SDK is deliberately lenient: it never fails a 2xx response, it degrades field by field. So a
call that "raises nothing" proves little on its own. Each check here makes the real SDK call and
then validates the raw JSON of that same response strictly against the model the SDK uses, so a
missing or mistyped field fails the test.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import httpx
from pydantic import BaseModel, TypeAdapter

from abyssale import Abyssale

captured: list[httpx.Response] = []


def _capture(response: httpx.Response) -> None:
    response.read()
    captured.append(response)


def client() -> Abyssale:
    http = httpx.Client(event_hooks={"response": [_capture]})
    # base_url and api_key come from ABYSSALE_BASE_URL and ABYSSALE_API_KEY, as a user would set them.
    return Abyssale(http_client=http, max_retries=0)


def last_json() -> Any:
    return captured[-1].json()


def strict(model: Any, data: Any) -> None:
    """Validate `data` exactly as declared (a list of models when `model` is a list type)."""
    if isinstance(model, type) and issubclass(model, BaseModel):
        model.model_validate(data, strict=False)
    else:
        TypeAdapter(model).validate_python(data)


def run(checks: list[tuple[str, Any, Any]]) -> None:
    """checks: (name, thunk making the SDK call, model of the raw response). Prints one JSON report."""
    results = []
    failed = 0
    for name, call, model in checks:
        try:
            call()
            strict(model, last_json())
            results.append({"check": name, "ok": True})
        except Exception as err:  # noqa: BLE001 - the report names every failure
            failed += 1
            results.append({"check": name, "ok": False, "error": f"{type(err).__name__}: {err}"[:2000]})
    print(json.dumps({"passed": len(results) - failed, "failed": failed, "results": results}))
    sys.exit(1 if failed else 0)
