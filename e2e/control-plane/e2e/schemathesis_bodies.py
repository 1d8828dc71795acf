"""Draws the bodies schemathesis generates for some operations of an OpenAPI document, without sending them.

Usage: schemathesis_bodies.py <document URL or file> <examples> <mode: positive|negative> <path>...
Prints {path: [body, ...]} as JSON: what a contract run would send to those POST operations. A
case sent without a body is printed as {}, what the API reads it as.
"""

import json
import sys

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.core import NOT_SET
from schemathesis.generation.modes import GenerationMode

url, examples, mode, *paths = sys.argv[1:]
schema = schemathesis.openapi.from_url(url) if url.startswith("http") else schemathesis.openapi.from_path(url)
drawn = {}
for path in paths:
    bodies = []

    @given(case=schema[path]["POST"].as_strategy(generation_mode=GenerationMode(mode)))
    @settings(max_examples=int(examples), database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    def draw(case):
        bodies.append({} if case.body is NOT_SET else case.body)

    draw()
    drawn[path] = bodies
json.dump(drawn, sys.stdout)
