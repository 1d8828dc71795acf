"""Animated generation through the abyssale SDK against a running Pressroom farm (issue 11).

generate_multi_format_media with image_file_type mp4, gif and html5, then
wait_for_generation_request, each response validated strictly against the SDK's own model (see
e2e/control-plane/sdk/strict.py), and the files checked: type, and for html5 a zip with a
fallback_image_url and no cdn_url. Needs PRESSROOM_DESIGN_ID and PRESSROOM_FORMAT.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../../e2e/control-plane/sdk"))

from abyssale.models import GenerationRequestAccepted, GenerationRequestStatus  # noqa: E402

from strict import client, run  # noqa: E402

c = client()
design = os.environ["PRESSROOM_DESIGN_ID"]
fmt = os.environ["PRESSROOM_FORMAT"]
state: dict = {}

EXPECTED = {"mp4": "mp4", "gif": "gif", "html5": "zip"}


def generate(kind):
    def call():
        accepted = c.generate_multi_format_media(design, {"template_format_names": [fmt], "image_file_type": kind})
        state[kind] = str(accepted.generation_request_id)

    return call


def wait(kind):
    def call():
        result = c.wait_for_generation_request(state[kind], timeout=300)
        assert result.is_finalized and len(result.banners) == 1 and not result.errors, result
        file = result.banners[0].file
        assert getattr(file.type, "value", file.type) == EXPECTED[kind], file
        if kind == "html5":
            assert file.fallback_image_url and file.cdn_url is None, file
        else:
            assert file.cdn_url and file.fallback_image_url is None, file

    return call


checks = []
for kind in ("mp4", "gif", "html5"):
    checks.append((f"generate_multi_format_media {kind}", generate(kind), GenerationRequestAccepted))
for kind in ("mp4", "gif", "html5"):
    checks.append((f"wait_for_generation_request {kind}", wait(kind), GenerationRequestStatus))
run(checks)
