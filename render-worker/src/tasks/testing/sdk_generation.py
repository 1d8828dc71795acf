"""The generation calls of the abyssale SDK against a running Pressroom farm (issue 4).

generate_image, generate_multi_format_media + wait_for_generation_request and get_file, each
validated strictly against the SDK's own response model (see e2e/control-plane/sdk/strict.py).
Needs PRESSROOM_DESIGN_ID and PRESSROOM_FORMAT.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../e2e/control-plane/sdk"))

from abyssale.models import Banner, GenerationRequestAccepted, GenerationRequestStatus  # noqa: E402

from strict import client, last_json, run  # noqa: E402

c = client()
design = os.environ["PRESSROOM_DESIGN_ID"]
fmt = os.environ["PRESSROOM_FORMAT"]
state: dict = {}


def generate_image():
    banner = c.generate_image(design, {"template_format_name": fmt, "elements": {"headline": {"payload": "From the SDK"}}})
    state["banner_id"] = str(banner.id)


def generate_async():
    accepted = c.generate_multi_format_media(design, {"template_format_names": [fmt]})
    state["request_id"] = str(accepted.generation_request_id)


def wait():
    result = c.wait_for_generation_request(state["request_id"], timeout=120)
    assert result.is_finalized and len(result.banners) == 1, result


run(
    [
        ("generate_image", generate_image, Banner),
        ("get_file", lambda: c.get_file(state["banner_id"]), Banner),
        ("generate_multi_format_media", generate_async, GenerationRequestAccepted),
        ("wait_for_generation_request", wait, GenerationRequestStatus),
    ]
)
_ = last_json
