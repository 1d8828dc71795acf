"""The platform calls of the abyssale SDK against a running Pressroom farm (issue: control plane)."""

import uuid

from abyssale.models import AuthResult, CreditsBalance, Font, Project, ProjectSummary

from strict import client, run

c = client()
name = f"SDK check {uuid.uuid4().hex[:8]}"

run(
    [
        ("verify_api_key", c.verify_api_key, AuthResult),
        ("get_credits", c.get_credits, CreditsBalance),
        ("create_project", lambda: c.create_project({"name": name}), Project),
        ("list_projects", c.list_projects, list[ProjectSummary]),
        ("list_projects paged", lambda: c.list_projects(page=1, per_page=2), list[ProjectSummary]),
        ("list_fonts", c.list_fonts, list[Font]),
        ("list_fonts search", lambda: c.list_fonts(name="roboto", weight=700), list[Font]),
    ]
)
