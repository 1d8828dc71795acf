#!/usr/bin/env python3
"""Checks the invariants of deploy/k8s that a YAML parser alone would not catch.

  python3 deploy/check-manifests.py        (needs PyYAML)

Every Deployment: resources on every container, readiness and liveness probes, a grace period
above its effective SHUTDOWN_TIMEOUT_MS, an HPA that targets it; every envFrom reference exists.
"""
import pathlib
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent / "k8s"
docs = []
for path in sorted(ROOT.glob("*.yaml")):
    for doc in yaml.safe_load_all(path.read_text()):
        if isinstance(doc, dict):
            docs.append((path.name, doc))

problems = []
by_kind = {}
for name, doc in docs:
    by_kind.setdefault(doc.get("kind"), []).append(doc)

config = {d["metadata"]["name"]: d for d in by_kind.get("ConfigMap", []) + by_kind.get("Secret", [])}
shared_env = next((d["data"] for d in by_kind.get("ConfigMap", []) if d["metadata"]["name"] == "pressroom-config"), {})
hpa_targets = {h["spec"]["scaleTargetRef"]["name"] for h in by_kind.get("HorizontalPodAutoscaler", [])}

for dep in by_kind.get("Deployment", []):
    name = dep["metadata"]["name"]
    spec = dep["spec"]["template"]["spec"]
    grace = spec.get("terminationGracePeriodSeconds", 30)
    if name not in hpa_targets:
        problems.append(f"{name}: no HorizontalPodAutoscaler targets it")
    for c in spec.get("initContainers", []) + spec["containers"]:
        where = f"{name}/{c['name']}"
        if not c.get("resources", {}).get("requests") or not c.get("resources", {}).get("limits"):
            problems.append(f"{where}: resources.requests and resources.limits are required")
        for ref in c.get("envFrom", []):
            target = (ref.get("configMapRef") or ref.get("secretRef"))["name"]
            if target not in config:
                problems.append(f"{where}: envFrom references {target}, which is not defined")
    for c in spec["containers"]:
        where = f"{name}/{c['name']}"
        for probe in ("readinessProbe", "livenessProbe"):
            if probe not in c:
                problems.append(f"{where}: no {probe}")
        env = {e["name"]: e.get("value") for e in c.get("env", [])}
        timeout_ms = int(env.get("SHUTDOWN_TIMEOUT_MS") or shared_env.get("SHUTDOWN_TIMEOUT_MS") or 30000)
        pre_stop = 5 if c.get("lifecycle", {}).get("preStop") else 0
        if grace <= timeout_ms / 1000 + pre_stop:
            problems.append(f"{where}: terminationGracePeriodSeconds {grace} is not above SHUTDOWN_TIMEOUT_MS {timeout_ms} ms + preStop {pre_stop} s")

for p in problems:
    print("FAIL", p)
print(f"{len(by_kind.get('Deployment', []))} deployments checked, {len(problems)} problems")
sys.exit(1 if problems else 0)
