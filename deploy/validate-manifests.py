#!/usr/bin/env python3
"""Validates the Kubernetes manifests against the Kubernetes API schemas, offline and strictly.

  .venv/bin/python deploy/validate-manifests.py [DIR]      (DIR defaults to deploy/k8s)

The schemas are the OpenAPI schemas of each Kubernetes release as JSON Schema, shipped inside the
PyPI package `kubernetes-validate` (requirements-test.txt): nothing is fetched. Every resource of
every *.yaml under DIR (optional/ included) is validated against the oldest and the newest
release below, strictly (an unknown field is an error, so a misspelt key cannot pass as ignored).

Not schema-validated, and said so in the output: custom resources (their schemas are their
operators', not Kubernetes'): they must name their apiVersion, kind and metadata.name. The
kustomization must list files that exist. Anything else without a schema (a misspelt kind or
apiVersion) is an error. This validates only; nothing is applied to a cluster.
"""
import pathlib
import sys

import kubernetes_validate
import yaml

VERSIONS = ("1.29.0", "1.37.0")
CUSTOM_RESOURCES = {
    ("keda.sh/v1alpha1", "ScaledObject"),
    ("monitoring.coreos.com/v1", "ServiceMonitor"),
    ("monitoring.coreos.com/v1", "PodMonitor"),
}
KUSTOMIZATION = ("kustomize.config.k8s.io/v1beta1", "Kustomization")

root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent / "k8s"
problems = []
validated = 0
custom = 0
for path in sorted(root.rglob("*.yaml")):
    name = path.relative_to(root)
    try:
        docs = [d for d in yaml.safe_load_all(path.read_text()) if d is not None]
    except yaml.YAMLError as e:
        problems.append(f"{name}: not YAML: {e}")
        continue
    for doc in docs:
        if not isinstance(doc, dict):
            problems.append(f"{name}: a document that is not a mapping")
            continue
        kind = (doc.get("apiVersion"), doc.get("kind"))
        what = f"{name}: {kind[1]}/{(doc.get('metadata') or {}).get('name', '?')}"
        if kind == KUSTOMIZATION:
            for resource in doc.get("resources", []):
                if not (path.parent / resource).exists():
                    problems.append(f"{what}: lists {resource}, which does not exist")
            continue
        if kind in CUSTOM_RESOURCES:
            if not (doc.get("metadata") or {}).get("name"):
                problems.append(f"{what}: a custom resource without metadata.name")
            custom += 1
            print(f"not schema-validated (custom resource of an operator): {what}")
            continue
        for version in VERSIONS:
            try:
                kubernetes_validate.validate(doc, version, strict=True)
            except kubernetes_validate.SchemaNotFoundError:
                problems.append(f"{what}: no Kubernetes {version} schema for apiVersion {kind[0]}, kind {kind[1]}")
                break
            except kubernetes_validate.ValidationError as e:
                at = ".".join(str(p) for p in e.path) or "(top level)"
                problems.append(f"{what}: Kubernetes {version}: at {at}: {e.message}")
        validated += 1

for p in problems:
    print("FAIL", p)
print(
    f"{validated} resources validated strictly against Kubernetes {' and '.join(VERSIONS)} schemas "
    f"(kubernetes-validate {kubernetes_validate.__version__}), {custom} custom resources not schema-validated, "
    f"{len(problems)} problems"
)
sys.exit(1 if problems else 0)
