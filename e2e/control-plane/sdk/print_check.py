"""The print calls of the abyssale SDK against a running farm (issue: press-ready CMYK PDFs).

PRINTER_ID names a printer design, MULTIPAGE_ID a printer_multipage design; every response is
also validated strictly against the SDK's own models.
"""

import os

from abyssale.models import Banner, GenerationRequestAccepted, GenerationRequestStatus

from strict import client, last_json, run, strict

c = client()
printer_id = os.environ["PRINTER_ID"]
multipage_id = os.environ["MULTIPAGE_ID"]
state: dict = {}


def generate_formats():
    state["formats"] = c.generate_multi_format_media(printer_id, {"elements": {"headline": {"payload": "Printed by Pressroom"}}}).generation_request_id


def generate_pages():
    body = {"pages": {"page_1": {"root": {"background_color": "cmyk(0,0,0,0)"}}, "page_2": {"heading": {"payload": "From the SDK"}}}}
    state["pages"] = c.generate_multi_page_pdf(multipage_id, body).generation_request_id


def wait(key: str, files: int):
    def check():
        result = c.wait_for_generation_request(state[key], interval=2, timeout=150)
        assert result.is_finalized, "not finalized"
        raw = last_json()
        assert not raw["errors"], raw["errors"]
        assert len(raw["banners"]) == files, raw["banners"]
        for banner in raw["banners"]:
            strict(Banner, banner)
            assert banner["file"]["type"] == "pdf", banner["file"]
            assert banner["format"]["unit"] == "mm", banner["format"]
            assert ("id" in banner["format"]) == (key == "formats"), banner["format"]

    return check


run(
    [
        ("generate_multi_format_media (printer)", generate_formats, GenerationRequestAccepted),
        ("wait_for_generation_request (printer)", wait("formats", 2), GenerationRequestStatus),
        ("generate_multi_page_pdf", generate_pages, GenerationRequestAccepted),
        ("wait_for_generation_request (multipage)", wait("pages", 1), GenerationRequestStatus),
    ]
)
