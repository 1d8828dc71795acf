"""The abyssale SDK asks a farm for a text_to_image layer (docs/ai.md).

generate_multi_format_media with a text_to_image prompt on an image layer, then
wait_for_generation_request; each raw response validated strictly against the SDK's own model
(e2e/control-plane/sdk/strict.py). Needs PRESSROOM_DESIGN_ID, PRESSROOM_FORMAT, PRESSROOM_LAYER.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../e2e/control-plane/sdk"))

from abyssale.models import Banner, GenerationRequestAccepted, GenerationRequestStatus  # noqa: E402

from strict import client, last_json, run, strict  # noqa: E402

c = client()
design = os.environ["PRESSROOM_DESIGN_ID"]
fmt = os.environ["PRESSROOM_FORMAT"]
layer = os.environ["PRESSROOM_LAYER"]
state: dict = {}


def generate():
    body = {
        "template_format_names": [fmt],
        "elements": {
            layer: {
                "text_to_image": True,
                "text_to_image_properties": {"prompt": "a lighthouse on a cliff from the SDK", "model": "gpt-image-1.5", "ratio": "1:1"},
            }
        },
    }
    accepted = c.generate_multi_format_media(design, body)
    state["request_id"] = str(accepted.generation_request_id)


def wait():
    result = c.wait_for_generation_request(state["request_id"], interval=1, timeout=120)
    assert result.is_finalized, "not finalized"
    assert len(result.banners) == 1, result
    assert not result.errors, result.errors
    for banner in last_json()["banners"]:
        strict(Banner, banner)


run(
    [
        ("generate_multi_format_media", generate, GenerationRequestAccepted),
        ("wait_for_generation_request", wait, GenerationRequestStatus),
    ]
)
