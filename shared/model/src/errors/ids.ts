/**
 * The stable error ids of the public contract, with the HTTP status each one answers.
 * Clients branch on `id`, so this table is the only place an id is spelled.
 */
export const ERROR_STATUS = {
  invalid_payload: 400,
  invalid_json: 400,
  missing_required: 400,
  out_of_range: 400,
  template_not_static: 400,
  invalid_design_type: 400,
  invalid_filetype: 400,
  more_than_one_format: 400,
  cannot_build_banner: 400,
  image_fetching_error: 400,
  project_already_exists: 400,
  project_not_found: 400,
  template_not_active: 400,
  invalid_query_param: 400,
  unknown_enum_value: 400,
  unknown_field: 400,
  unsupported_for_type: 400,
  unknown_font: 400,
  unauthorized: 401,
  api_access_denied: 401,
  invalid_signature: 403,
  template_not_found: 404,
  format_not_found: 404,
  visual_not_found: 404,
  not_related_to_same_template: 404,
  not_related_to_same_format: 404,
  generation_request_not_found: 404,
  duplication_request_not_found: 404,
  workspace_template_not_found: 404,
  endpoint_not_found: 404,
  not_found: 404,
  font_not_found: 404,
  bulk_run_not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  previous_secret_still_active: 409,
  template_import_already_processed: 409,
  font_in_use: 409,
  bulk_run_not_finished: 409,
  idempotency_key_reused: 409,
  generation_request_gone: 410,
  duplication_request_gone: 410,
  export_gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  missing_assets: 422,
  request_rate_limited: 429,
  rate_limit_exceeded: 429,
  feature_not_in_plan: 429,
  internal_error: 500,
  internal_server_error: 500,
} as const;

export type ErrorId = keyof typeof ERROR_STATUS;

/** A few ids answer with another status in one context (e.g. `project_not_found` is 404 on a lookup). */
export function statusOf(id: ErrorId): number {
  return ERROR_STATUS[id];
}
