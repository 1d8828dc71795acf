"""The export call of the abyssale SDK against a running farm (issue 13: ZIP exports).

BANNER_IDS names generated files (comma-separated); CALLBACK_URL an https receiver. Every
response is also validated strictly against the SDK's own models.
"""

import os
import uuid

from abyssale import AbyssaleNotFoundError
from abyssale.models import Banner, ExportAccepted

from strict import client, last_json, run

c = client()
ids = os.environ["BANNER_IDS"].split(",")
state: dict = {}


def export_banners():
    accepted = c.export_banners({"ids": ids})
    assert uuid.UUID(accepted.export_id), "export_id is not a uuid"
    assert last_json()["version"].startswith("v"), "no version stamp"


def export_with_callback_and_unknown_id():
    accepted = c.export_banners({"ids": [*ids, str(uuid.uuid4())], "callback_url": os.environ["CALLBACK_URL"]})
    state["export_id"] = accepted.export_id


def export_of_unknown_ids_only():
    try:
        c.export_banners({"ids": [str(uuid.uuid4())]})
    except AbyssaleNotFoundError as err:
        assert err.id == "visual_not_found", f"id {err.id}"
        return
    raise AssertionError("no AbyssaleNotFoundError")


run(
    [
        ("export_banners", export_banners, ExportAccepted),
        ("export_banners with callback_url and an unknown id", export_with_callback_and_unknown_id, ExportAccepted),
        ("export_banners of unknown ids only", export_of_unknown_ids_only, dict),
        ("get_file of a reviewed design carries visual_status", lambda: c.get_file(ids[0]), Banner),
    ]
)
