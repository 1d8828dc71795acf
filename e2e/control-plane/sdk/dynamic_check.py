"""The abyssale SDK's create_dynamic_image_url against a running Pressroom farm (issue 14).

create_dynamic_image_url twice (created, then existing), then get_design and get_design_format,
each validated strictly against the SDK's own model; the design reads must carry the same
dynamic_image_url per format. Needs PRESSROOM_DESIGN_ID.
"""

import os

from abyssale.models import DesignDetail, DesignFormatDetail, DynamicImageResponse

from strict import client, last_json, run

c = client()
design = os.environ["PRESSROOM_DESIGN_ID"]
state: dict = {}


def create():
    dynamic = c.create_dynamic_image_url(design)
    state["id"] = str(dynamic.id)
    state["urls"] = {f.id: str(f.dynamic_image_url) for f in dynamic.formats}
    for f in dynamic.formats:
        assert str(f.dynamic_image_url).rstrip("/").split("/")[-1] == str(f.uid), f
        assert f.unit == "px", f


def create_again():
    dynamic = c.create_dynamic_image_url(design, {"enable_production_mode": False})
    assert str(dynamic.id) == state["id"], (dynamic.id, state["id"])


def read_design():
    detail = c.get_design(design)
    urls = {f.id: str(f.dynamic_image_url) for f in detail.formats}
    assert urls == state["urls"], (urls, state["urls"])


def read_format():
    name = next(iter(state["urls"]))
    detail = c.get_design_format(design, name)
    assert str(detail.dynamic_image_url) == state["urls"][name], detail.dynamic_image_url


run(
    [
        ("create_dynamic_image_url", create, DynamicImageResponse),
        ("create_dynamic_image_url again", create_again, DynamicImageResponse),
        ("get_design", read_design, DesignDetail),
        ("get_design_format", read_format, DesignFormatDetail),
    ]
)
_ = last_json
