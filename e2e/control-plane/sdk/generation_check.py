"""The generation calls of the abyssale SDK against a running farm (issue: static render farm).

DESIGN_ID names a static design with formats; every response is also validated strictly.
"""

import os
import uuid

from abyssale import AbyssaleNotFoundError
from abyssale.models import Banner, GenerationRequestAccepted, GenerationRequestStatus

from strict import client, last_json, run, strict

c = client()
design_id = os.environ["DESIGN_ID"]
format_name = os.environ["FORMAT_NAME"]
state: dict = {}


def generate_image():
    banner = c.generate_image(design_id, {"template_format_name": format_name, "elements": {"root": {"background_color": "#112233"}}})
    state["banner_id"] = str(banner.id)
    state["banner"] = last_json()


def generate_image_new_version():
    """original_visual_id on the sync generate: the next version of that visual, its share URL kept."""
    c.generate_image(design_id, {"template_format_name": format_name, "original_visual_id": state["banner_id"]})
    first, again = state["banner"], last_json()
    assert again["id"] != first["id"], "the same file id"
    assert again["version"] == first["version"] + 1, f"version {again['version']} after {first['version']}"
    assert again["sharing_id"] == first["sharing_id"], "a new sharing_id"


def generate_image_unknown_original():
    try:
        c.generate_image(design_id, {"template_format_name": format_name, "original_visual_id": str(uuid.uuid4())})
    except AbyssaleNotFoundError as err:
        assert err.id == "visual_not_found", f"id {err.id}"
        return
    raise AssertionError("no AbyssaleNotFoundError")


def generate_multi():
    accepted = c.generate_multi_format_media(design_id, {})
    state["request_id"] = accepted.generation_request_id


def wait():
    result = c.wait_for_generation_request(state["request_id"], interval=2, timeout=120)
    assert result.is_finalized, "not finalized"
    assert result.banners, "no banners"
    # Every banner of the finished request is a full Banner, strictly.
    for banner in last_json()["banners"]:
        strict(Banner, banner)


run(
    [
        ("generate_image", generate_image, Banner),
        ("generate_image with original_visual_id", generate_image_new_version, Banner),
        ("generate_image with an unknown original_visual_id", generate_image_unknown_original, dict),
        ("get_file", lambda: c.get_file(state["banner_id"]), Banner),
        ("generate_multi_format_media", generate_multi, GenerationRequestAccepted),
        ("wait_for_generation_request", wait, GenerationRequestStatus),
    ]
)
