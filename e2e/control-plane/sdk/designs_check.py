"""The designs, workspace-template and duplication calls of the abyssale SDK against a running farm
(issue: designs). The farm's demo workspace holds the imported examples: one design per type in the
"Examples" project and one workspace template in a category."""

from abyssale.models import (
    DesignDetail,
    DesignFormatDetail,
    DesignListItem,
    DesignNameResult,
    DuplicationRequest,
    DuplicationRequestStatus,
    WorkspaceTemplate,
    WorkspaceTemplateCategory,
)

from strict import client, last_json, run

c = client()
state: dict = {}


def designs_by_type() -> None:
    c.list_designs()
    state["by_type"] = {d["type"]: d["id"] for d in last_json()}
    missing = {"static", "animated", "printer", "printer_multipage"} - set(state["by_type"])
    if missing:
        raise AssertionError(f"no demo design of type {sorted(missing)}")


def get(kind: str, advanced: bool):
    def call() -> None:
        c.get_design(state["by_type"][kind], advanced=advanced)
        body = last_json()
        if kind == "printer_multipage":
            assert "pages" in body and "formats" not in body, "multipage shape"
        else:
            assert body["template_id"] == body["id"], "template_id equals id"
        state.setdefault("formats", {})[kind] = [f["uid"] for f in body.get("formats", [])]

    return call


def format_by_uid() -> None:
    c.get_design_format(state["by_type"]["static"], state["formats"]["static"][0])


def format_by_name() -> None:
    c.get_design_format(state["by_type"]["printer"], "a5")


def templates() -> None:
    c.list_workspace_templates()
    assert len(last_json()) >= 1, "the demo template is listed"
    state["template"] = last_json()[0]["id"]


def duplicate() -> None:
    c.list_projects(name="Examples")
    project = last_json()[0]["id"]
    state["project"] = project
    c.duplicate_workspace_template(state["template"], {"project_id": project, "name": "SDK copy"})
    state["request"] = last_json()["duplication_request_id"]


def wait() -> None:
    result = c.wait_for_duplication_request(state["request"], timeout=90)
    assert str(getattr(result.status, "value", result.status)) == "COMPLETED", f"status {result.status}"
    state["copy"] = last_json()["designs"][0]["target_design_id"]


run(
    [
        ("list_designs", designs_by_type, list[DesignListItem]),
        ("list_designs filtered and paged", lambda: c.list_designs(type=["static", "animated"], orientation="square", sort="updated", order="desc", page=1, per_page=2), list[DesignListItem]),
        *[(f"get_design {kind}{' advanced' if adv else ''}", get(kind, adv), DesignDetail) for kind in ("static", "animated", "printer", "printer_multipage") for adv in (False, True)],
        ("get_design_format by uid", format_by_uid, DesignFormatDetail),
        ("get_design_format by name (printer)", format_by_name, DesignFormatDetail),
        ("list_workspace_templates", templates, list[WorkspaceTemplate]),
        ("list_workspace_templates by type", lambda: c.list_workspace_templates(type="static"), list[WorkspaceTemplate]),
        ("list_workspace_template_categories", c.list_workspace_template_categories, list[WorkspaceTemplateCategory]),
        ("duplicate_workspace_template", duplicate, DuplicationRequest),
        ("wait_for_duplication_request", wait, DuplicationRequestStatus),
        ("get_design of the copy", lambda: c.get_design(state["copy"]), DesignDetail),
        ("rename_design", lambda: c.rename_design(state["copy"], {"name": "SDK copy renamed"}), DesignNameResult),
        ("move_design", lambda: c.move_design(state["copy"], {"project_id": state["project"]}), DesignNameResult),
        ("delete_design", lambda: c.delete_design(state["copy"]), DesignNameResult),
    ]
)
