# GENERATED from the contract by scripts/generate-sdk.ts (npm run generate:sdk). Do not edit by hand.
#
# Types, tables, error classes and methods of every deployment and account operation.
# flake8: noqa
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Literal, Optional, TypedDict, Union

from ._exceptions import APIError

if TYPE_CHECKING:
    from ._images import ImageInput

MAX_PROCESSING_SIDE = 1024
MAX_IMAGE_BYTES = 10485760

ERROR_CODES: Dict[str, Dict[str, Any]] = {
    "invalid_request": {"status": 400, "retryable": False},
    "invalid_image": {"status": 400, "retryable": False},
    "image_url_refused": {"status": 400, "retryable": False},
    "unauthenticated": {"status": 401, "retryable": False},
    "token_revoked": {"status": 401, "retryable": False},
    "invalid_api_key": {"status": 401, "retryable": False},
    "insufficient_credits": {"status": 402, "retryable": False},
    "role_forbidden": {"status": 403, "retryable": False},
    "not_key_owner": {"status": 403, "retryable": False},
    "people_only": {"status": 403, "retryable": False},
    "email_not_verified": {"status": 403, "retryable": False},
    "key_restricted": {"status": 403, "retryable": False},
    "key_paused": {"status": 403, "retryable": False},
    "key_cap_reached": {"status": 403, "retryable": False},
    "member_limit_reached": {"status": 403, "retryable": False},
    "forbidden": {"status": 403, "retryable": False},
    "not_found": {"status": 404, "retryable": False},
    "organization_not_found": {"status": 404, "retryable": False},
    "unknown_deployment": {"status": 404, "retryable": False},
    "conflict": {"status": 409, "retryable": False},
    "idempotency_in_progress": {"status": 409, "retryable": True},
    "idempotency_superseded": {"status": 409, "retryable": True},
    "job_finished": {"status": 409, "retryable": False},
    "job_expired": {"status": 410, "retryable": False},
    "gone": {"status": 410, "retryable": False},
    "answer_not_kept": {"status": 410, "retryable": False},
    "payload_too_large": {"status": 413, "retryable": False},
    "pixel_limit_exceeded": {"status": 413, "retryable": False},
    "uri_too_long": {"status": 414, "retryable": False},
    "unsupported_media_type": {"status": 415, "retryable": False},
    "idempotency_key_reused": {"status": 422, "retryable": False},
    "image_url_unreachable": {"status": 422, "retryable": True},
    "rate_limited": {"status": 429, "retryable": True},
    "job_queue_full": {"status": 429, "retryable": True},
    "internal_error": {"status": 500, "retryable": True},
    "upstream_failed": {"status": 502, "retryable": True},
    "payment_provider_unavailable": {"status": 502, "retryable": True},
    "delivery_failed": {"status": 502, "retryable": True},
    "service_unavailable": {"status": 503, "retryable": True},
    "upstream_busy": {"status": 503, "retryable": True},
    "upstream_timeout": {"status": 504, "retryable": True},
}

DEPLOYMENTS: Dict[str, Dict[str, Any]] = {
    "object-detection": {
        "path": "object-detection",
        "method": "object_detection",
        "name": "Object detection",
        "params": {"confidence_threshold": {"type": "number", "required": False}, "max_results": {"type": "integer", "required": False}},
    },
    "depth-estimation": {
        "path": "depth-estimation",
        "method": "depth_estimation",
        "name": "Depth estimation",
        "params": {},
    },
    "image-classification": {
        "path": "image-classification",
        "method": "image_classification",
        "name": "Image classification",
        "params": {"top_k": {"type": "integer", "required": False}},
    },
    "zero-shot-image-classification": {
        "path": "zero-shot-image-classification",
        "method": "zero_shot_image_classification",
        "name": "Zero-shot image classification",
        "params": {"candidate_labels": {"type": "string[]", "required": True}},
    },
    "zero-shot-object-detection": {
        "path": "zero-shot-object-detection",
        "method": "zero_shot_object_detection",
        "name": "Zero-shot object detection",
        "params": {"queries": {"type": "string[]", "required": True}, "confidence_threshold": {"type": "number", "required": False}, "max_results": {"type": "integer", "required": False}},
    },
    "image-segmentation/semantic": {
        "path": "image-segmentation/semantic",
        "method": "image_segmentation_semantic",
        "name": "Semantic segmentation",
        "params": {},
    },
    "image-segmentation/instance": {
        "path": "image-segmentation/instance",
        "method": "image_segmentation_instance",
        "name": "Instance segmentation",
        "params": {"confidence_threshold": {"type": "number", "required": False}, "max_results": {"type": "integer", "required": False}},
    },
    "image-segmentation/panoptic": {
        "path": "image-segmentation/panoptic",
        "method": "image_segmentation_panoptic",
        "name": "Panoptic segmentation",
        "params": {"confidence_threshold": {"type": "number", "required": False}},
    },
}

ACCOUNT_OPERATIONS: Dict[str, Dict[str, Any]] = {
    "send_feedback": {
        "method": "POST",
        "path": "/email",
        "access": "public",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["subject", "body", "pageId", "email"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated"],
    },
    "get_demo_key": {
        "method": "GET",
        "path": "/demo-key",
        "access": "public",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable"],
    },
    "get_public_pricing": {
        "method": "GET",
        "path": "/pricing/pubic-deployment",
        "access": "public",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable"],
    },
    "get_status": {
        "method": "GET",
        "path": "/status.json",
        "access": "public",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable"],
    },
    "get_status_feed": {
        "method": "GET",
        "path": "/status.atom",
        "access": "public",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "text",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable"],
    },
    "create_organization": {
        "method": "POST",
        "path": "/organization",
        "access": "user",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["name", "website", "country", "state", "gstin", "address"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "people_only", "token_revoked", "conflict"],
    },
    "update_organization": {
        "method": "PATCH",
        "path": "/organization",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["name", "website", "country", "state", "gstin", "address"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked"],
    },
    "get_organization": {
        "method": "GET",
        "path": "/organization",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found"],
    },
    "verify_organization_email": {
        "method": "POST",
        "path": "/organization/verify",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found"],
    },
    "list_organizations": {
        "method": "GET",
        "path": "/organizations",
        "access": "user",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "people_only"],
    },
    "create_another_organization": {
        "method": "POST",
        "path": "/organizations",
        "access": "user",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["name", "website", "country", "state", "gstin", "address"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "people_only", "token_revoked", "email_not_verified"],
    },
    "select_organization": {
        "method": "POST",
        "path": "/organizations/select",
        "access": "user",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["organization_id"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "people_only", "organization_not_found"],
    },
    "create_api_key": {
        "method": "POST",
        "path": "/api-key",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["name", "mode", "allowed_deployments", "allowed_origins", "expires_at"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "conflict"],
    },
    "list_api_keys": {
        "method": "GET",
        "path": "/api-key",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked"],
    },
    "set_default_api_key": {
        "method": "POST",
        "path": "/api-key/set-default",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found"],
    },
    "roll_api_key": {
        "method": "POST",
        "path": "/api-key/roll",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": ["expire_previous_in_hours"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found"],
    },
    "set_api_key_cap": {
        "method": "POST",
        "path": "/api-key/cap",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": ["monthly_cap_usd"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found"],
    },
    "set_api_key_restrictions": {
        "method": "POST",
        "path": "/api-key/restrictions",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": ["allowed_deployments", "allowed_origins", "expires_at"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found"],
    },
    "disable_api_key": {
        "method": "POST",
        "path": "/api-key/disable",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found"],
    },
    "enable_api_key": {
        "method": "POST",
        "path": "/api-key/enable",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found"],
    },
    "delete_api_key": {
        "method": "DELETE",
        "path": "/api-key",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {"api_key_id": "x-api-key"},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "not_key_owner", "token_revoked", "not_found", "conflict"],
    },
    "get_balance": {
        "method": "GET",
        "path": "/credits/balance",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found"],
    },
    "create_credit_order": {
        "method": "POST",
        "path": "/credits",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["price_in_usd"],
        "idempotent": True,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "idempotency_in_progress", "idempotency_superseded", "idempotency_key_reused", "email_not_verified", "conflict", "payment_provider_unavailable"],
    },
    "get_credit_order": {
        "method": "GET",
        "path": "/credits/orders/{order_id}",
        "access": "member",
        "path_params": ["order_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "unauthenticated", "organization_not_found", "role_forbidden", "not_found"],
    },
    "confirm_sandbox_order": {
        "method": "POST",
        "path": "/credits/sandbox/confirm",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["order_id", "outcome"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found", "gone"],
    },
    "get_invoice": {
        "method": "GET",
        "path": "/credits/payments/{payment_id}/invoice",
        "access": "member",
        "path_params": ["payment_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "binary",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "unauthenticated", "organization_not_found", "role_forbidden", "not_found"],
    },
    "list_payments": {
        "method": "GET",
        "path": "/credits/payments",
        "access": "member",
        "path_params": [],
        "query": ["skip", "limit"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": "payments",
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found", "role_forbidden"],
    },
    "get_billing_settings": {
        "method": "GET",
        "path": "/billing/settings",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found", "role_forbidden"],
    },
    "update_billing_settings": {
        "method": "PUT",
        "path": "/billing/settings",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["auto_recharge", "low_balance_threshold_usd"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "conflict"],
    },
    "set_up_payment_method": {
        "method": "POST",
        "path": "/billing/payment-method/setup",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "payment_provider_unavailable"],
    },
    "save_sandbox_card": {
        "method": "POST",
        "path": "/billing/payment-method/sandbox",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["card"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "delete_payment_method": {
        "method": "DELETE",
        "path": "/billing/payment-method",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked"],
    },
    "list_transactions": {
        "method": "GET",
        "path": "/transaction",
        "access": "member",
        "path_params": [],
        "query": ["start_date", "end_date", "skip", "limit", "cursor"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": "transactions",
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found"],
    },
    "get_daily_usage": {
        "method": "GET",
        "path": "/usage/daily",
        "access": "member",
        "path_params": [],
        "query": ["start_date", "end_date", "utc_offset_minutes", "deployment", "api_key_id", "group_by"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found"],
    },
    "export_daily_usage": {
        "method": "GET",
        "path": "/usage/daily.csv",
        "access": "member",
        "path_params": [],
        "query": ["start_date", "end_date", "utc_offset_minutes", "deployment", "api_key_id", "group_by"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "text",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found"],
    },
    "list_usage_buckets": {
        "method": "GET",
        "path": "/usage/buckets",
        "access": "member",
        "path_params": [],
        "query": ["start_date", "end_date", "bucket_width", "group_by", "deployment", "api_key_id", "limit", "cursor"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found"],
    },
    "export_transactions": {
        "method": "GET",
        "path": "/transaction.csv",
        "access": "member",
        "path_params": [],
        "query": ["start_date", "end_date"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "text",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found"],
    },
    "list_members": {
        "method": "GET",
        "path": "/team/members",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found"],
    },
    "update_member": {
        "method": "PATCH",
        "path": "/team/members/{uid}",
        "access": "member",
        "path_params": ["uid"],
        "query": [],
        "headers": {},
        "body": ["role", "monthly_limit_usd"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found", "conflict", "forbidden"],
    },
    "remove_member": {
        "method": "DELETE",
        "path": "/team/members/{uid}",
        "access": "member",
        "path_params": ["uid"],
        "query": ["hand_keys_to"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found", "conflict", "forbidden"],
    },
    "leave_organization": {
        "method": "POST",
        "path": "/team/leave",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "people_only", "token_revoked", "conflict"],
    },
    "transfer_ownership": {
        "method": "POST",
        "path": "/team/transfer",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["uid"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found", "conflict"],
    },
    "list_invitations": {
        "method": "GET",
        "path": "/team/invitations",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found", "role_forbidden"],
    },
    "invite_member": {
        "method": "POST",
        "path": "/team/invitations",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["email", "role"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "conflict", "delivery_failed", "email_not_verified"],
    },
    "resend_invitation": {
        "method": "POST",
        "path": "/team/invitations/{invitation_id}/resend",
        "access": "member",
        "path_params": ["invitation_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found", "delivery_failed", "email_not_verified"],
    },
    "revoke_invitation": {
        "method": "DELETE",
        "path": "/team/invitations/{invitation_id}",
        "access": "member",
        "path_params": ["invitation_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found"],
    },
    "preview_invitation": {
        "method": "POST",
        "path": "/invitations/preview",
        "access": "public",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["token"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "not_found", "gone"],
    },
    "accept_invitation": {
        "method": "POST",
        "path": "/invitations/accept",
        "access": "user",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["token"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "people_only", "token_revoked", "not_found", "gone", "conflict", "forbidden", "email_not_verified"],
    },
    "list_admin_keys": {
        "method": "GET",
        "path": "/admin-keys",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found", "role_forbidden", "people_only"],
    },
    "create_admin_key": {
        "method": "POST",
        "path": "/admin-keys",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["name", "role", "expires_at"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "conflict"],
    },
    "roll_admin_key": {
        "method": "POST",
        "path": "/admin-keys/{admin_key_id}/roll",
        "access": "member",
        "path_params": ["admin_key_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found"],
    },
    "delete_admin_key": {
        "method": "DELETE",
        "path": "/admin-keys/{admin_key_id}",
        "access": "member",
        "path_params": ["admin_key_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "people_only", "token_revoked", "not_found"],
    },
    "list_webhooks": {
        "method": "GET",
        "path": "/webhooks",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked"],
    },
    "create_webhook": {
        "method": "POST",
        "path": "/webhooks",
        "access": "member",
        "path_params": [],
        "query": [],
        "headers": {},
        "body": ["url", "events", "description"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "conflict"],
    },
    "get_webhook": {
        "method": "GET",
        "path": "/webhooks/{webhook_id}",
        "access": "member",
        "path_params": ["webhook_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "update_webhook": {
        "method": "PATCH",
        "path": "/webhooks/{webhook_id}",
        "access": "member",
        "path_params": ["webhook_id"],
        "query": [],
        "headers": {},
        "body": ["url", "events", "description", "enabled"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "delete_webhook": {
        "method": "DELETE",
        "path": "/webhooks/{webhook_id}",
        "access": "member",
        "path_params": ["webhook_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "rotate_webhook_secret": {
        "method": "POST",
        "path": "/webhooks/{webhook_id}/rotate-secret",
        "access": "member",
        "path_params": ["webhook_id"],
        "query": [],
        "headers": {},
        "body": ["expire_previous_in_hours"],
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "send_test_webhook": {
        "method": "POST",
        "path": "/webhooks/{webhook_id}/test",
        "access": "member",
        "path_params": ["webhook_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found", "conflict"],
    },
    "list_webhook_deliveries": {
        "method": "GET",
        "path": "/webhooks/{webhook_id}/deliveries",
        "access": "member",
        "path_params": ["webhook_id"],
        "query": ["limit", "cursor"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "replay_webhook_delivery": {
        "method": "POST",
        "path": "/webhooks/deliveries/{delivery_id}/replay",
        "access": "member",
        "path_params": ["delivery_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "payload_too_large", "unsupported_media_type", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found", "conflict"],
    },
    "list_events": {
        "method": "GET",
        "path": "/events",
        "access": "member",
        "path_params": [],
        "query": ["limit", "cursor", "starting_after", "type", "created_after"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "get_event": {
        "method": "GET",
        "path": "/events/{event_id}",
        "access": "member",
        "path_params": ["event_id"],
        "query": [],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "uri_too_long", "unauthenticated", "organization_not_found", "role_forbidden", "token_revoked", "not_found"],
    },
    "list_audit_log": {
        "method": "GET",
        "path": "/audit-log",
        "access": "member",
        "path_params": [],
        "query": ["actor", "action", "start", "end", "skip", "limit", "cursor"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "json",
        "page_items": "entries",
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found", "role_forbidden"],
    },
    "export_audit_log": {
        "method": "GET",
        "path": "/audit-log.csv",
        "access": "member",
        "path_params": [],
        "query": ["actor", "action", "start", "end", "skip", "limit", "cursor"],
        "headers": {},
        "body": None,
        "idempotent": False,
        "produces": "text",
        "page_items": None,
        "errors": ["rate_limited", "internal_error", "service_unavailable", "invalid_request", "unauthenticated", "organization_not_found", "role_forbidden"],
    },
}


# ------------------------------------------------------------------ types

class ObjectDetectionParams(TypedDict, total=False):
    confidence_threshold: float
    """Drop predictions whose score is below this value. (0 to 1; default 0.5)"""
    max_results: int
    """Return at most this many predictions, best first. (1 to 100; default 20)"""

class ObjectDetectionResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ObjectDetectionResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ObjectDetectionResultPredictionsItemBox(TypedDict):
    x_min: float
    y_min: float
    x_max: float
    y_max: float

class ObjectDetectionResultPredictionsItem(TypedDict):
    label: str
    score: float
    """(0 to 1)"""
    box: ObjectDetectionResultPredictionsItemBox
    """Pixel coordinates in the input image."""

class ObjectDetectionResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ObjectDetectionResultImage
    usage: ObjectDetectionResultUsage
    predictions: List[ObjectDetectionResultPredictionsItem]

class DepthEstimationResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class DepthEstimationResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class DepthEstimationResultDepth(TypedDict):
    width: int
    height: int
    png_base64: str
    """8-bit grayscale PNG; brighter is nearer."""
    min: float
    max: float
    unit: Literal["relative"]

class DepthEstimationResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: DepthEstimationResultImage
    usage: DepthEstimationResultUsage
    depth: DepthEstimationResultDepth

class ImageClassificationParams(TypedDict, total=False):
    top_k: int
    """Number of labels to return. (1 to 20; default 5)"""

class ImageClassificationResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ImageClassificationResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ImageClassificationResultPredictionsItem(TypedDict):
    label: str
    score: float
    """(0 to 1)"""

class ImageClassificationResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ImageClassificationResultImage
    usage: ImageClassificationResultUsage
    predictions: List[ImageClassificationResultPredictionsItem]
    """Sorted by score, highest first."""

class ZeroShotImageClassificationParams(TypedDict):
    candidate_labels: List[str]
    """The labels to choose from (1 to 20); scores sum to 1 over them. (1 to 20 items)"""

class ZeroShotImageClassificationResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ZeroShotImageClassificationResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ZeroShotImageClassificationResultPredictionsItem(TypedDict):
    label: str
    score: float
    """(0 to 1)"""

class ZeroShotImageClassificationResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ZeroShotImageClassificationResultImage
    usage: ZeroShotImageClassificationResultUsage
    predictions: List[ZeroShotImageClassificationResultPredictionsItem]
    """Sorted by score, highest first."""

class _ZeroShotObjectDetectionParamsRequired(TypedDict):
    queries: List[str]
    """What to look for, e.g. `["red car", "person with umbrella"]` (1 to 20 phrases). (1 to 20 items)"""

class ZeroShotObjectDetectionParams(_ZeroShotObjectDetectionParamsRequired, total=False):
    confidence_threshold: float
    """Drop predictions whose score is below this value. (0 to 1; default 0.3)"""
    max_results: int
    """Return at most this many predictions, best first. (1 to 100; default 20)"""

class ZeroShotObjectDetectionResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ZeroShotObjectDetectionResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ZeroShotObjectDetectionResultPredictionsItemBox(TypedDict):
    x_min: float
    y_min: float
    x_max: float
    y_max: float

class ZeroShotObjectDetectionResultPredictionsItem(TypedDict):
    label: str
    score: float
    """(0 to 1)"""
    box: ZeroShotObjectDetectionResultPredictionsItemBox
    """Pixel coordinates in the input image."""

class ZeroShotObjectDetectionResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ZeroShotObjectDetectionResultImage
    usage: ZeroShotObjectDetectionResultUsage
    predictions: List[ZeroShotObjectDetectionResultPredictionsItem]

class ImageSegmentationSemanticResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ImageSegmentationSemanticResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ImageSegmentationSemanticResultSegmentsItem(TypedDict):
    id: int
    label: str
    mask_png_base64: str
    """Single-channel PNG (255 inside, 0 outside) at the reported image size, base64."""

class ImageSegmentationSemanticResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ImageSegmentationSemanticResultImage
    usage: ImageSegmentationSemanticResultUsage
    segments: List[ImageSegmentationSemanticResultSegmentsItem]

class ImageSegmentationInstanceParams(TypedDict, total=False):
    confidence_threshold: float
    """Drop predictions whose score is below this value. (0 to 1; default 0.5)"""
    max_results: int
    """Return at most this many predictions, best first. (1 to 50; default 20)"""

class ImageSegmentationInstanceResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ImageSegmentationInstanceResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ImageSegmentationInstanceResultSegmentsItemBox(TypedDict):
    x_min: float
    y_min: float
    x_max: float
    y_max: float

class ImageSegmentationInstanceResultSegmentsItem(TypedDict):
    id: int
    label: str
    score: float
    """(0 to 1)"""
    box: ImageSegmentationInstanceResultSegmentsItemBox
    """Pixel coordinates in the input image."""
    mask_png_base64: str
    """Single-channel PNG (255 inside, 0 outside) at the reported image size, base64."""

class ImageSegmentationInstanceResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ImageSegmentationInstanceResultImage
    usage: ImageSegmentationInstanceResultUsage
    segments: List[ImageSegmentationInstanceResultSegmentsItem]

class ImageSegmentationPanopticParams(TypedDict, total=False):
    confidence_threshold: float
    """Drop predictions whose score is below this value. (0 to 1; default 0.5)"""

class ImageSegmentationPanopticResultImage(TypedDict):
    width: int
    """Width the image was processed at (long side at most 1024)."""
    height: int
    original_width: int
    original_height: int

class ImageSegmentationPanopticResultUsage(TypedDict):
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    transaction_id: str

class ImageSegmentationPanopticResultSegmentsItem(TypedDict):
    id: int
    label: str
    score: float
    """(0 to 1)"""
    is_thing: bool
    """True for countable objects, false for regions (sky, road)."""
    mask_png_base64: str
    """Single-channel PNG (255 inside, 0 outside) at the reported image size, base64."""

class ImageSegmentationPanopticResult(TypedDict):
    sandbox: bool
    """True for sample results (the local stack, and test keys); false for an answer of the inference deployment."""
    task: str
    """Deployment path, e.g. `image-segmentation/semantic`."""
    model: str
    image: ImageSegmentationPanopticResultImage
    usage: ImageSegmentationPanopticResultUsage
    segments: List[ImageSegmentationPanopticResultSegmentsItem]

class SendFeedbackResponse(TypedDict):
    id: str
    received_at: str

class GetDemoKeyResponse(TypedDict):
    key: str
    """The shared demo test key: free sample answers, from the site's own origins only, at most 10 calls a minute per client."""
    mode: Literal["test"]
    calls_per_minute: int
    """(at least 1)"""

class GetPublicPricingResponseDeploymentsItemFreeTier(TypedDict):
    calls_per_month: int
    """(at least 0)"""

class GetPublicPricingResponseDeploymentsItem(TypedDict):
    task: str
    sub: Optional[str]
    path: str
    """Path on the services host, e.g. `image-segmentation/semantic`."""
    name: str
    price_per_call_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    unit: Literal["call"]
    free_tier: Optional[GetPublicPricingResponseDeploymentsItemFreeTier]

class GetPublicPricingResponseComingSoonItem(TypedDict):
    task: str
    name: str

class GetPublicPricingResponse(TypedDict):
    currency: Literal["USD"]
    deployments: List[GetPublicPricingResponseDeploymentsItem]
    coming_soon: List[GetPublicPricingResponseComingSoonItem]

class GetStatusResponseComponentsItemDaysItem(TypedDict):
    date: str
    """A UTC day."""
    calls: int
    """(at least 0)"""
    failures: int
    """(at least 0)"""
    availability_percent: Optional[float]
    latency_p50_ms: Optional[int]
    latency_p95_ms: Optional[int]

class GetStatusResponseComponentsItem(TypedDict):
    id: str
    """`account-api` or a deployment path."""
    name: str
    state: Literal["operational", "degraded", "outage"]
    """`outage`: an incident is open (its circuit opened after repeated upstream failures). `degraded`: under 99 % of the last hour's calls succeeded. `operational` otherwise."""
    calls: int
    """Calls over 90 days. (at least 0)"""
    failures: int
    """(at least 0)"""
    availability_percent: Optional[float]
    latency_p50_ms: Optional[int]
    latency_p95_ms: Optional[int]
    days: List[GetStatusResponseComponentsItemDaysItem]
    """Oldest first; a day without calls is left out. (0 to 91 items)"""

class GetStatusResponseIncidentsItem(TypedDict):
    id: str
    component: str
    title: str
    message: str
    """What happened, and that failed calls were not charged."""
    started_at: str
    resolved_at: Optional[str]

class GetStatusResponse(TypedDict):
    generated_at: str
    window_days: int
    """(at least 1)"""
    state: Literal["operational", "degraded", "outage"]
    """`outage`: an incident is open (its circuit opened after repeated upstream failures). `degraded`: under 99 % of the last hour's calls succeeded. `operational` otherwise."""
    components: List[GetStatusResponseComponentsItem]
    incidents: List[GetStatusResponseIncidentsItem]
    """Open ones and those of the last 90 days, newest first. (0 to 100 items)"""

class _CreateOrganizationResponseRequired(TypedDict):
    id: str
    """Send it as `x-organization-id` to act on this organization."""
    name: str
    website: str
    country: str
    state: str
    wallet_balance: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    email_verified: bool
    created_at: str

class CreateOrganizationResponse(_CreateOrganizationResponseRequired, total=False):
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    gstin: str
    address: str

class _UpdateOrganizationResponseRequired(TypedDict):
    id: str
    """Send it as `x-organization-id` to act on this organization."""
    name: str
    website: str
    country: str
    state: str
    wallet_balance: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    email_verified: bool
    created_at: str

class UpdateOrganizationResponse(_UpdateOrganizationResponseRequired, total=False):
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    gstin: str
    address: str

class _GetOrganizationResponseRequired(TypedDict):
    id: str
    """Send it as `x-organization-id` to act on this organization."""
    name: str
    website: str
    country: str
    state: str
    wallet_balance: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    email_verified: bool
    created_at: str

class GetOrganizationResponse(_GetOrganizationResponseRequired, total=False):
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    gstin: str
    address: str

class VerifyOrganizationEmailResponse(TypedDict):
    email_verified: bool

class ListOrganizationsResponseOrganizationsItem(TypedDict):
    id: str
    """Organization id; send it as `x-organization-id`."""
    name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    selected: bool
    """The organization calls act on without the header."""

class ListOrganizationsResponseRemovedFromItem(TypedDict):
    organization_name: str
    removed_by: Optional[str]
    removed_at: str

class _ListOrganizationsResponseRequired(TypedDict):
    organizations: List[ListOrganizationsResponseOrganizationsItem]

class ListOrganizationsResponse(_ListOrganizationsResponseRequired, total=False):
    removed_from: List[ListOrganizationsResponseRemovedFromItem]
    """Organizations that removed you in the last 90 days (and that you have not joined again), latest first."""

class CreateAnotherOrganizationResponse(TypedDict):
    id: str
    """Organization id; send it as `x-organization-id`."""
    name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    selected: bool
    """The organization calls act on without the header."""

class SelectOrganizationResponse(TypedDict):
    id: str
    """Organization id; send it as `x-organization-id`."""
    name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    selected: bool
    """The organization calls act on without the header."""

class CreateApiKeyResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _CreateApiKeyResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    key: str
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[CreateApiKeyResponseLastRefused]

class CreateApiKeyResponse(_CreateApiKeyResponseRequired, total=False):
    created_by: Optional[str]

class ListApiKeysResponseApiKeysItemLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _ListApiKeysResponseApiKeysItemRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[ListApiKeysResponseApiKeysItemLastRefused]

class ListApiKeysResponseApiKeysItem(_ListApiKeysResponseApiKeysItemRequired, total=False):
    key: str
    """The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again."""
    created_by: Optional[str]

class ListApiKeysResponse(TypedDict):
    api_keys: List[ListApiKeysResponseApiKeysItem]

class SetDefaultApiKeyResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _SetDefaultApiKeyResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[SetDefaultApiKeyResponseLastRefused]

class SetDefaultApiKeyResponse(_SetDefaultApiKeyResponseRequired, total=False):
    key: str
    """The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again."""
    created_by: Optional[str]

class RollApiKeyResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _RollApiKeyResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    key: str
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[RollApiKeyResponseLastRefused]

class RollApiKeyResponse(_RollApiKeyResponseRequired, total=False):
    created_by: Optional[str]

class SetApiKeyCapResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _SetApiKeyCapResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[SetApiKeyCapResponseLastRefused]

class SetApiKeyCapResponse(_SetApiKeyCapResponseRequired, total=False):
    key: str
    """The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again."""
    created_by: Optional[str]

class SetApiKeyRestrictionsResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _SetApiKeyRestrictionsResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[SetApiKeyRestrictionsResponseLastRefused]

class SetApiKeyRestrictionsResponse(_SetApiKeyRestrictionsResponseRequired, total=False):
    key: str
    """The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again."""
    created_by: Optional[str]

class DisableApiKeyResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _DisableApiKeyResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[DisableApiKeyResponseLastRefused]

class DisableApiKeyResponse(_DisableApiKeyResponseRequired, total=False):
    key: str
    """The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again."""
    created_by: Optional[str]

class EnableApiKeyResponseLastRefused(TypedDict):
    at: str
    reason: str
    """Which limit refused it."""

class _EnableApiKeyResponseRequired(TypedDict):
    id: str
    """Identifier; send it as `x-api-key` to set-default, roll or delete."""
    name: str
    prefix: str
    """The readable start of the secret: `va_live_` (live) or `va_test_` (test)."""
    mode: Literal["live", "test"]
    """`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits."""
    last4: str
    """The last four characters of the secret."""
    redacted: str
    """What lists show instead of the secret: prefix, an ellipsis and the last four."""
    created_at: str
    used_for_ui: bool
    """An in-browser key: the playground's and the docs' image calls. Each owner, admin and developer has their own."""
    is_default: bool
    last_used_at: Optional[str]
    previous_secret_expires_at: Optional[str]
    monthly_cap_usd: Optional[float]
    month_to_date_usd: float
    """What this key has spent this calendar month (UTC), calls in flight included. (at least 0)"""
    allowed_deployments: Optional[List[str]]
    allowed_origins: Optional[List[str]]
    expires_at: Optional[str]
    disabled: bool
    """A disabled key is refused (403) until it is enabled again."""
    disabled_reason: Optional[Literal["owner", "spend_spike"]]
    refused_calls: int
    """Calls refused because they were outside this key's limits (403, free). (at least 0)"""
    last_refused: Optional[EnableApiKeyResponseLastRefused]

class EnableApiKeyResponse(_EnableApiKeyResponseRequired, total=False):
    key: str
    """The full secret. Present once, in the answer that creates or rolls the key, and on the caller's own in-browser key (`used_for_ui`) and on test keys (free sample answers; also shown to owners and admins). Live secrets are stored as keyed hashes and cannot be shown again."""
    created_by: Optional[str]

class DeleteApiKeyResponse(TypedDict):
    id: str
    deleted: Literal[True]

class GetBalanceResponse(TypedDict):
    remaining_credits: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    low_balance_threshold_usd: Optional[float]
    below_threshold: bool
    """True while the balance is below the low-balance alert threshold."""

class CreateCreditOrderResponsePayment(TypedDict):
    id: str
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    status: Literal["succeeded", "failed", "partially_refunded", "refunded", "disputed"]
    refunded_usd: float
    """Taken back from the wallet so far by refunds and lost or open disputes. (at least 0)"""
    provider: Literal["stripe", "sandbox"]
    kind: Literal["purchase", "auto_recharge"]
    """`auto_recharge`: charged to the saved card when the balance fell below the threshold."""
    created_at: str
    receipt_reference: Optional[str]
    invoice_number: Optional[str]

class CreateCreditOrderResponse(TypedDict):
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    currency: Literal["USD"]
    status: Literal["requires_payment", "processing", "succeeded", "failed", "expired"]
    """`requires_payment` until the provider confirms; `processing` while the payment is settled (the wallet is not credited yet); `succeeded` once the credits are in the wallet; `failed`; `expired` when it was not paid in time."""
    provider: Literal["stripe", "sandbox"]
    client_secret: Optional[str]
    created_at: str
    expires_at: str
    payment: Optional[CreateCreditOrderResponsePayment]

class GetCreditOrderResponsePayment(TypedDict):
    id: str
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    status: Literal["succeeded", "failed", "partially_refunded", "refunded", "disputed"]
    refunded_usd: float
    """Taken back from the wallet so far by refunds and lost or open disputes. (at least 0)"""
    provider: Literal["stripe", "sandbox"]
    kind: Literal["purchase", "auto_recharge"]
    """`auto_recharge`: charged to the saved card when the balance fell below the threshold."""
    created_at: str
    receipt_reference: Optional[str]
    invoice_number: Optional[str]

class GetCreditOrderResponse(TypedDict):
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    currency: Literal["USD"]
    status: Literal["requires_payment", "processing", "succeeded", "failed", "expired"]
    """`requires_payment` until the provider confirms; `processing` while the payment is settled (the wallet is not credited yet); `succeeded` once the credits are in the wallet; `failed`; `expired` when it was not paid in time."""
    provider: Literal["stripe", "sandbox"]
    client_secret: Optional[str]
    created_at: str
    expires_at: str
    payment: Optional[GetCreditOrderResponsePayment]

class ConfirmSandboxOrderResponsePayment(TypedDict):
    id: str
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    status: Literal["succeeded", "failed", "partially_refunded", "refunded", "disputed"]
    refunded_usd: float
    """Taken back from the wallet so far by refunds and lost or open disputes. (at least 0)"""
    provider: Literal["stripe", "sandbox"]
    kind: Literal["purchase", "auto_recharge"]
    """`auto_recharge`: charged to the saved card when the balance fell below the threshold."""
    created_at: str
    receipt_reference: Optional[str]
    invoice_number: Optional[str]

class ConfirmSandboxOrderResponse(TypedDict):
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    currency: Literal["USD"]
    status: Literal["requires_payment", "processing", "succeeded", "failed", "expired"]
    """`requires_payment` until the provider confirms; `processing` while the payment is settled (the wallet is not credited yet); `succeeded` once the credits are in the wallet; `failed`; `expired` when it was not paid in time."""
    provider: Literal["stripe", "sandbox"]
    client_secret: Optional[str]
    created_at: str
    expires_at: str
    payment: Optional[ConfirmSandboxOrderResponsePayment]

class ListPaymentsResponsePaymentsItem(TypedDict):
    id: str
    order_id: str
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    status: Literal["succeeded", "failed", "partially_refunded", "refunded", "disputed"]
    refunded_usd: float
    """Taken back from the wallet so far by refunds and lost or open disputes. (at least 0)"""
    provider: Literal["stripe", "sandbox"]
    kind: Literal["purchase", "auto_recharge"]
    """`auto_recharge`: charged to the saved card when the balance fell below the threshold."""
    created_at: str
    receipt_reference: Optional[str]
    invoice_number: Optional[str]

class ListPaymentsResponse(TypedDict):
    payments: List[ListPaymentsResponsePaymentsItem]
    total_count: int
    """(at least 0)"""
    has_more: bool

class GetBillingSettingsResponseAutoRechargeDailyCeilingToday(TypedDict):
    recharges: int
    """(at least 0)"""
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class GetBillingSettingsResponseAutoRechargeDailyCeiling(TypedDict):
    max_recharges: int
    """(at least 1)"""
    max_amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    today: GetBillingSettingsResponseAutoRechargeDailyCeilingToday

class GetBillingSettingsResponseAutoRechargeLastFailure(TypedDict):
    message: str
    at: str

class GetBillingSettingsResponseAutoRecharge(TypedDict):
    enabled: bool
    threshold_usd: Optional[float]
    amount_usd: Optional[float]
    daily_ceiling: GetBillingSettingsResponseAutoRechargeDailyCeiling
    last_failure: Optional[GetBillingSettingsResponseAutoRechargeLastFailure]

class GetBillingSettingsResponsePaymentMethod(TypedDict):
    provider: Literal["stripe", "sandbox"]
    label: str
    """e.g. "Visa ending 4242"."""

class GetBillingSettingsResponseLowBalanceAlert(TypedDict):
    threshold_usd: Optional[float]
    below_threshold: bool

class GetBillingSettingsResponse(TypedDict):
    auto_recharge: GetBillingSettingsResponseAutoRecharge
    payment_method: Optional[GetBillingSettingsResponsePaymentMethod]
    low_balance_alert: GetBillingSettingsResponseLowBalanceAlert

class UpdateBillingSettingsResponseAutoRechargeDailyCeilingToday(TypedDict):
    recharges: int
    """(at least 0)"""
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class UpdateBillingSettingsResponseAutoRechargeDailyCeiling(TypedDict):
    max_recharges: int
    """(at least 1)"""
    max_amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    today: UpdateBillingSettingsResponseAutoRechargeDailyCeilingToday

class UpdateBillingSettingsResponseAutoRechargeLastFailure(TypedDict):
    message: str
    at: str

class UpdateBillingSettingsResponseAutoRecharge(TypedDict):
    enabled: bool
    threshold_usd: Optional[float]
    amount_usd: Optional[float]
    daily_ceiling: UpdateBillingSettingsResponseAutoRechargeDailyCeiling
    last_failure: Optional[UpdateBillingSettingsResponseAutoRechargeLastFailure]

class UpdateBillingSettingsResponsePaymentMethod(TypedDict):
    provider: Literal["stripe", "sandbox"]
    label: str
    """e.g. "Visa ending 4242"."""

class UpdateBillingSettingsResponseLowBalanceAlert(TypedDict):
    threshold_usd: Optional[float]
    below_threshold: bool

class UpdateBillingSettingsResponse(TypedDict):
    auto_recharge: UpdateBillingSettingsResponseAutoRecharge
    payment_method: Optional[UpdateBillingSettingsResponsePaymentMethod]
    low_balance_alert: UpdateBillingSettingsResponseLowBalanceAlert

class UpdateBillingSettingsAutoRechargeDailyCeiling(TypedDict):
    max_recharges: int
    """Automatic recharges per UTC day at most (default 3). (1 to 50)"""
    max_amount_usd: float
    """What automatic recharges may buy per UTC day at most (default $1000). At most 2 decimals. (0 to 100000)"""

class _UpdateBillingSettingsAutoRechargeRequired(TypedDict):
    enabled: bool
    threshold_usd: float
    """Recharge when a call takes the balance below this. At most 2 decimals. (0 to 10000)"""
    amount_usd: float
    """What each recharge buys: within the purchase limits, $5 to $10,000, at most 2 decimals. (5 to 10000)"""

class UpdateBillingSettingsAutoRecharge(_UpdateBillingSettingsAutoRechargeRequired, total=False):
    daily_ceiling: UpdateBillingSettingsAutoRechargeDailyCeiling

class SetUpPaymentMethodResponse(TypedDict):
    provider: Literal["stripe", "sandbox"]
    client_secret: Optional[str]

class SaveSandboxCardResponseAutoRechargeDailyCeilingToday(TypedDict):
    recharges: int
    """(at least 0)"""
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class SaveSandboxCardResponseAutoRechargeDailyCeiling(TypedDict):
    max_recharges: int
    """(at least 1)"""
    max_amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    today: SaveSandboxCardResponseAutoRechargeDailyCeilingToday

class SaveSandboxCardResponseAutoRechargeLastFailure(TypedDict):
    message: str
    at: str

class SaveSandboxCardResponseAutoRecharge(TypedDict):
    enabled: bool
    threshold_usd: Optional[float]
    amount_usd: Optional[float]
    daily_ceiling: SaveSandboxCardResponseAutoRechargeDailyCeiling
    last_failure: Optional[SaveSandboxCardResponseAutoRechargeLastFailure]

class SaveSandboxCardResponsePaymentMethod(TypedDict):
    provider: Literal["stripe", "sandbox"]
    label: str
    """e.g. "Visa ending 4242"."""

class SaveSandboxCardResponseLowBalanceAlert(TypedDict):
    threshold_usd: Optional[float]
    below_threshold: bool

class SaveSandboxCardResponse(TypedDict):
    auto_recharge: SaveSandboxCardResponseAutoRecharge
    payment_method: Optional[SaveSandboxCardResponsePaymentMethod]
    low_balance_alert: SaveSandboxCardResponseLowBalanceAlert

class DeletePaymentMethodResponseAutoRechargeDailyCeilingToday(TypedDict):
    recharges: int
    """(at least 0)"""
    amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class DeletePaymentMethodResponseAutoRechargeDailyCeiling(TypedDict):
    max_recharges: int
    """(at least 1)"""
    max_amount_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    today: DeletePaymentMethodResponseAutoRechargeDailyCeilingToday

class DeletePaymentMethodResponseAutoRechargeLastFailure(TypedDict):
    message: str
    at: str

class DeletePaymentMethodResponseAutoRecharge(TypedDict):
    enabled: bool
    threshold_usd: Optional[float]
    amount_usd: Optional[float]
    daily_ceiling: DeletePaymentMethodResponseAutoRechargeDailyCeiling
    last_failure: Optional[DeletePaymentMethodResponseAutoRechargeLastFailure]

class DeletePaymentMethodResponsePaymentMethod(TypedDict):
    provider: Literal["stripe", "sandbox"]
    label: str
    """e.g. "Visa ending 4242"."""

class DeletePaymentMethodResponseLowBalanceAlert(TypedDict):
    threshold_usd: Optional[float]
    below_threshold: bool

class DeletePaymentMethodResponse(TypedDict):
    auto_recharge: DeletePaymentMethodResponseAutoRecharge
    payment_method: Optional[DeletePaymentMethodResponsePaymentMethod]
    low_balance_alert: DeletePaymentMethodResponseLowBalanceAlert

class ListTransactionsResponseTransactionsItem(TypedDict):
    id: str
    created_at: str
    kind: Literal["usage", "purchase", "refund", "dispute", "dispute_won"]
    """`usage`: a metered call; `purchase`: credits bought; `refund`: credits taken back after a refund; `dispute`: credits held back while a card dispute is open or after it was lost; `dispute_won`: credits returned when a dispute was won."""
    deployment: Optional[str]
    units: int
    """Calls metered (1 per image call; 0 for purchases). (at least 0)"""
    amount_usd: float
    """Signed change of the wallet: negative for usage, refunds and disputes, positive for purchases and won disputes."""
    api_key_name: Optional[str]
    balance_after_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class ListTransactionsResponseTotals(TypedDict):
    spent_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    purchased_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    calls: int
    """(at least 0)"""

class ListTransactionsResponse(TypedDict):
    transactions: List[ListTransactionsResponseTransactionsItem]
    total_count: int
    """(at least 0)"""
    has_more: bool
    next_cursor: Optional[str]
    """Pass as `cursor` for the next page; null when this page is the last."""
    totals: ListTransactionsResponseTotals

class GetDailyUsageResponseDaysItemDeploymentsItem(TypedDict):
    deployment: str
    calls: int
    """(at least 0)"""
    spent_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class GetDailyUsageResponseDaysItem(TypedDict):
    date: str
    """YYYY-MM-DD in the requested offset."""
    calls: int
    """(at least 0)"""
    spent_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    deployments: List[GetDailyUsageResponseDaysItemDeploymentsItem]
    """The day's usage by deployment (a day by key: the CSV with `group_by=key`)."""

class GetDailyUsageResponseByDeploymentItem(TypedDict):
    deployment: str
    calls: int
    """(at least 0)"""
    spent_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class GetDailyUsageResponseByKeyItem(TypedDict):
    api_key_id: Optional[str]
    name: Optional[str]
    calls: int
    """(at least 0)"""
    spent_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class GetDailyUsageResponseTestCallsByKeyItem(TypedDict):
    api_key_id: str
    name: str
    calls: int
    """(at least 0)"""

class GetDailyUsageResponseTestCalls(TypedDict):
    calls: int
    """(at least 0)"""
    by_key: List[GetDailyUsageResponseTestCallsByKeyItem]

class GetDailyUsageResponseTotals(TypedDict):
    calls: int
    """(at least 0)"""
    spent_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""
    purchased_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class GetDailyUsageResponse(TypedDict):
    days: List[GetDailyUsageResponseDaysItem]
    """Days with usage only, oldest first."""
    by_deployment: List[GetDailyUsageResponseByDeploymentItem]
    """The range by deployment, most spent first."""
    by_key: List[GetDailyUsageResponseByKeyItem]
    """The range by key, most spent first."""
    test_calls: GetDailyUsageResponseTestCalls
    """Free calls of test keys in the range (UTC days), apart from the spend."""
    totals: GetDailyUsageResponseTotals

class ListUsageBucketsResponseDataItem(TypedDict):
    start_time: str
    end_time: str
    api_key_id: Optional[str]
    api_key_name: Optional[str]
    deployment: Optional[str]
    member_uid: Optional[str]
    calls: int
    """Metered (charged) calls. (at least 0)"""
    cost_micros: int
    """What the calls were charged, in micro-dollars (exact; sums to the ledger). (at least 0)"""
    cost_usd: float
    """US dollars, exact to 6 decimals (micro-dollars)."""

class ListUsageBucketsResponse(TypedDict):
    bucket_width: Literal["day", "hour"]
    start_time: str
    end_time: str
    data: List[ListUsageBucketsResponseDataItem]
    """Buckets with usage only, oldest first, then by group."""
    has_more: bool
    next_cursor: Optional[str]
    """Pass as `cursor` for the next page; null when this page is the last."""

class ListMembersResponseMembersItem(TypedDict):
    uid: str
    email: Optional[str]
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    joined_at: str
    last_active_at: Optional[str]
    monthly_limit_usd: Optional[float]
    month_to_date_usd: float
    """(at least 0)"""
    you: bool
    """This member is the caller."""

class ListMembersResponse(TypedDict):
    members: List[ListMembersResponseMembersItem]

class UpdateMemberResponse(TypedDict):
    uid: str
    email: Optional[str]
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    joined_at: str
    last_active_at: Optional[str]
    monthly_limit_usd: Optional[float]
    month_to_date_usd: float
    """(at least 0)"""
    you: bool
    """This member is the caller."""

class RemoveMemberResponse(TypedDict):
    uid: str
    removed: Literal[True]
    api_keys_deleted: int
    """(at least 0)"""
    api_keys_handed_over: int
    """(at least 0)"""
    api_keys_rotated: List[str]
    """Keys whose secret the member read or was shown (as "name (prefix…last4)"), given a new secret at once: the old one is refused from now on."""

class LeaveOrganizationResponse(TypedDict):
    left: Literal[True]

class TransferOwnershipResponseMembersItem(TypedDict):
    uid: str
    email: Optional[str]
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    joined_at: str
    last_active_at: Optional[str]
    monthly_limit_usd: Optional[float]
    month_to_date_usd: float
    """(at least 0)"""
    you: bool
    """This member is the caller."""

class TransferOwnershipResponse(TypedDict):
    members: List[TransferOwnershipResponseMembersItem]

class ListInvitationsResponseInvitationsItem(TypedDict):
    id: str
    email: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    invited_by: Optional[str]
    created_at: str
    expires_at: str
    status: Literal["pending", "expired"]

class ListInvitationsResponse(TypedDict):
    invitations: List[ListInvitationsResponseInvitationsItem]

class InviteMemberResponse(TypedDict):
    id: str
    email: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    invited_by: Optional[str]
    created_at: str
    expires_at: str
    status: Literal["pending", "expired"]

class ResendInvitationResponse(TypedDict):
    id: str
    email: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    invited_by: Optional[str]
    created_at: str
    expires_at: str
    status: Literal["pending", "expired"]

class RevokeInvitationResponse(TypedDict):
    id: str
    revoked: Literal[True]

class PreviewInvitationResponse(TypedDict):
    organization_name: str
    email: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    invited_by: Optional[str]
    expires_at: str

class AcceptInvitationResponse(TypedDict):
    organization_id: str
    organization_name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""

class ListAdminKeysResponseAdminKeysItem(TypedDict):
    id: str
    name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    redacted: str
    created_by: Optional[str]
    created_at: str
    expires_at: Optional[str]
    last_used_at: Optional[str]

class ListAdminKeysResponse(TypedDict):
    admin_keys: List[ListAdminKeysResponseAdminKeysItem]

class CreateAdminKeyResponse(TypedDict):
    id: str
    name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    redacted: str
    created_by: Optional[str]
    created_at: str
    expires_at: Optional[str]
    last_used_at: Optional[str]
    key: str
    """The full secret, shown this once."""

class RollAdminKeyResponse(TypedDict):
    id: str
    name: str
    role: Literal["owner", "admin", "developer", "billing", "viewer"]
    """A member role: owner, admin, developer, billing or viewer."""
    redacted: str
    created_by: Optional[str]
    created_at: str
    expires_at: Optional[str]
    last_used_at: Optional[str]
    key: str
    """The full secret, shown this once."""

class DeleteAdminKeyResponse(TypedDict):
    id: str
    deleted: Literal[True]

class ListWebhooksResponseWebhooksItem(TypedDict):
    id: str
    url: str
    description: str
    events: List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]]
    enabled: bool
    disabled_reason: Optional[Literal["manual", "failing"]]
    disabled_at: Optional[str]
    secret_redacted: str
    created_at: str
    updated_at: str

class ListWebhooksResponse(TypedDict):
    webhooks: List[ListWebhooksResponseWebhooksItem]
    max_endpoints: int
    """Endpoints the organization may have."""

class CreateWebhookResponse(TypedDict):
    id: str
    url: str
    description: str
    events: List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]]
    enabled: bool
    disabled_reason: Optional[Literal["manual", "failing"]]
    disabled_at: Optional[str]
    secret_redacted: str
    created_at: str
    updated_at: str
    secret: str
    """The signing secret (`whsec_…`), shown this once."""

class GetWebhookResponse(TypedDict):
    id: str
    url: str
    description: str
    events: List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]]
    enabled: bool
    disabled_reason: Optional[Literal["manual", "failing"]]
    disabled_at: Optional[str]
    secret_redacted: str
    created_at: str
    updated_at: str

class UpdateWebhookResponse(TypedDict):
    id: str
    url: str
    description: str
    events: List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]]
    enabled: bool
    disabled_reason: Optional[Literal["manual", "failing"]]
    disabled_at: Optional[str]
    secret_redacted: str
    created_at: str
    updated_at: str

class DeleteWebhookResponse(TypedDict):
    id: str
    deleted: Literal[True]

class RotateWebhookSecretResponse(TypedDict):
    id: str
    url: str
    description: str
    events: List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]]
    enabled: bool
    disabled_reason: Optional[Literal["manual", "failing"]]
    disabled_at: Optional[str]
    secret_redacted: str
    created_at: str
    updated_at: str
    secret: str
    """The signing secret (`whsec_…`), shown this once."""

class SendTestWebhookResponseAttemptsItem(TypedDict):
    at: str
    trigger: Literal["scheduled", "replay", "test"]
    status_code: Optional[int]
    error: Optional[str]
    duration_ms: int
    """(at least 0)"""
    response_excerpt: str
    """At most 1024 bytes of the answer, control characters removed."""

class SendTestWebhookResponse(TypedDict):
    id: str
    webhook_id: str
    event_id: str
    """Sent as `webhook-id`, the same on every attempt."""
    event_type: Union[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"], Literal["test"]]
    status: Literal["pending", "delivering", "succeeded", "failed"]
    """`pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; `failed`: every attempt of the schedule failed."""
    attempts_count: int
    """(at least 0)"""
    next_attempt_at: Optional[str]
    created_at: str
    attempts: List[SendTestWebhookResponseAttemptsItem]
    """The latest 20 attempts, newest first."""

class ListWebhookDeliveriesResponseDeliveriesItemAttemptsItem(TypedDict):
    at: str
    trigger: Literal["scheduled", "replay", "test"]
    status_code: Optional[int]
    error: Optional[str]
    duration_ms: int
    """(at least 0)"""
    response_excerpt: str
    """At most 1024 bytes of the answer, control characters removed."""

class ListWebhookDeliveriesResponseDeliveriesItem(TypedDict):
    id: str
    webhook_id: str
    event_id: str
    """Sent as `webhook-id`, the same on every attempt."""
    event_type: Union[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"], Literal["test"]]
    status: Literal["pending", "delivering", "succeeded", "failed"]
    """`pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; `failed`: every attempt of the schedule failed."""
    attempts_count: int
    """(at least 0)"""
    next_attempt_at: Optional[str]
    created_at: str
    attempts: List[ListWebhookDeliveriesResponseDeliveriesItemAttemptsItem]
    """The latest 20 attempts, newest first."""

class ListWebhookDeliveriesResponse(TypedDict):
    deliveries: List[ListWebhookDeliveriesResponseDeliveriesItem]
    next_cursor: Optional[str]
    """Pass as `cursor` for the next page; null when this page is the last."""

class ReplayWebhookDeliveryResponseAttemptsItem(TypedDict):
    at: str
    trigger: Literal["scheduled", "replay", "test"]
    status_code: Optional[int]
    error: Optional[str]
    duration_ms: int
    """(at least 0)"""
    response_excerpt: str
    """At most 1024 bytes of the answer, control characters removed."""

class ReplayWebhookDeliveryResponse(TypedDict):
    id: str
    webhook_id: str
    event_id: str
    """Sent as `webhook-id`, the same on every attempt."""
    event_type: Union[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"], Literal["test"]]
    status: Literal["pending", "delivering", "succeeded", "failed"]
    """`pending`: the next attempt is due at `next_attempt_at`; `succeeded`: a 2xx answer; `failed`: every attempt of the schedule failed."""
    attempts_count: int
    """(at least 0)"""
    next_attempt_at: Optional[str]
    created_at: str
    attempts: List[ReplayWebhookDeliveryResponseAttemptsItem]
    """The latest 20 attempts, newest first."""

class ListEventsResponseEventsItem(TypedDict):
    id: str
    """The event id; webhook deliveries carry it as `webhook-id`."""
    type: Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded", "test"]
    """job.succeeded, job.failed, balance.low, key.paused, payment.succeeded, test"""
    created_at: str
    data: Dict[str, Any]
    """What the event announces; the fields of each type are listed in the docs."""

class ListEventsResponse(TypedDict):
    events: List[ListEventsResponseEventsItem]
    """Newest first."""
    has_more: bool
    """Whether older events match."""
    next_cursor: Optional[str]
    """Pass as `cursor` for the next page; null when this page is the last."""

class GetEventResponse(TypedDict):
    id: str
    """The event id; webhook deliveries carry it as `webhook-id`."""
    type: Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded", "test"]
    """job.succeeded, job.failed, balance.low, key.paused, payment.succeeded, test"""
    created_at: str
    data: Dict[str, Any]
    """What the event announces; the fields of each type are listed in the docs."""

class ListAuditLogResponseEntriesItemActor(TypedDict):
    kind: Literal["user", "admin_key", "system"]
    id: Optional[str]
    label: Optional[str]

class ListAuditLogResponseEntriesItem(TypedDict):
    id: str
    at: str
    actor: ListAuditLogResponseEntriesItemActor
    action: str
    target: Optional[str]
    details: Dict[str, Optional[Union[str, float, bool]]]
    ip: Optional[str]

class ListAuditLogResponse(TypedDict):
    entries: List[ListAuditLogResponseEntriesItem]
    total: int
    """(at least 0)"""
    next_cursor: Optional[str]
    """Pass as `cursor` for the next page; null when this page is the last."""


# ------------------------------------------------------------------ errors

class InvalidRequestError(APIError):
    """400 `invalid_request`: The request is malformed or a field fails validation; the message names the field."""

class InvalidImageError(APIError):
    """400 `invalid_image`: The image is missing, not valid base64, or cannot be decoded."""

class ImageUrlRefusedError(APIError):
    """400 `image_url_refused`: The `image_url` cannot be fetched as given: not an absolute http(s) URL, an address that is not public, too many redirects, larger than 10 MB, or not a JPEG, PNG or WebP image (`details.reason`). Nothing was charged."""

class UnauthenticatedError(APIError):
    """401 `unauthenticated`: No valid credentials: the ID token or admin key is missing, invalid or expired. Sign in again."""

class TokenRevokedError(APIError):
    """401 `token_revoked`: This operation checks that the sign-in was not revoked, and it was (signed out everywhere, password changed). Sign in again."""

class InvalidApiKeyError(APIError):
    """401 `invalid_api_key`: The `api-key` header is missing, or names no key (deleted, rolled or mistyped)."""

class InsufficientCreditsError(APIError):
    """402 `insufficient_credits`: The wallet cannot pay for the call (or is negative after a refund). Buy credits; nothing was charged."""

class RoleForbiddenError(APIError):
    """403 `role_forbidden`: The caller's role in the organization may not call this operation."""

class NotKeyOwnerError(APIError):
    """403 `not_key_owner`: Your role manages only the API keys you created; an owner or admin manages the others."""

class PeopleOnlyError(APIError):
    """403 `people_only`: An admin key may not call this operation: it needs a signed-in member (team management, admin keys, a person’s own account)."""

class EmailNotVerifiedError(APIError):
    """403 `email_not_verified`: This operation needs a verified e-mail address."""

class KeyRestrictedError(APIError):
    """403 `key_restricted`: The call is outside the API key's limits: disabled, expired, another deployment or a browser origin not on its list. Nothing was charged."""

class KeyPausedError(APIError):
    """403 `key_paused`: The leak circuit-breaker paused the key after a spend spike. Enable it again on the API keys page; nothing was charged."""

class KeyCapReachedError(APIError):
    """403 `key_cap_reached`: The call would take the API key past its monthly spend cap. Raise the cap or wait until the UTC month turns (`details.resets_at`); nothing was charged."""

class MemberLimitReachedError(APIError):
    """403 `member_limit_reached`: The call would take the key creator's monthly spend limit past its figure. An owner or admin may raise it; nothing was charged."""

class ForbiddenError(APIError):
    """403 `forbidden`: The caller may not do this (the message says why)."""

class NotFoundError(APIError):
    """404 `not_found`: No such route, or no such resource in this organization."""

class OrganizationNotFoundError(APIError):
    """404 `organization_not_found`: No organization to act on: none registered yet, or the caller is not a member of the one named by `x-organization-id`."""

class UnknownDeploymentError(APIError):
    """404 `unknown_deployment`: No public deployment at this path (or it is coming soon)."""

class ConflictError(APIError):
    """409 `conflict`: The request conflicts with the current state (the message says which); retrying it unchanged will not help."""

class IdempotencyInProgressError(APIError):
    """409 `idempotency_in_progress`: A request with this `Idempotency-Key` is still running. Retry after `Retry-After`: you get its answer."""

class IdempotencySupersededError(APIError):
    """409 `idempotency_superseded`: A retry with this `Idempotency-Key` took the request over while it ran; this attempt was not charged. Retry to get the answer kept."""

class JobFinishedError(APIError):
    """409 `job_finished`: The job has finished already (`details.status`: succeeded, failed or canceled): it can no longer be canceled."""

class JobExpiredError(APIError):
    """410 `job_expired`: The job's result was deleted: results are kept 24 hours after the job finished (`details.status`, `details.expired_at`)."""

class GoneError(APIError):
    """410 `gone`: The resource existed but is no longer usable (an expired or used invitation)."""

class AnswerNotKeptError(APIError):
    """410 `answer_not_kept`: A retry with this `Idempotency-Key` matched a call whose answer was not kept: test and demo keys keep answers only up to a size (`details.kept_up_to_bytes`). Test calls are free: send the call again with a new key."""

class PayloadTooLargeError(APIError):
    """413 `payload_too_large`: The body (or the image in it) is larger than the operation accepts."""

class PixelLimitExceededError(APIError):
    """413 `pixel_limit_exceeded`: The image declares more pixels than this key may have decoded (`details.max_pixels`; test and demo keys have a lower limit). Nothing was charged."""

class UriTooLongError(APIError):
    """414 `uri_too_long`: The URL is longer than the servers accept."""

class UnsupportedMediaTypeError(APIError):
    """415 `unsupported_media_type`: The body or image has a media type the operation does not accept."""

class IdempotencyKeyReusedError(APIError):
    """422 `idempotency_key_reused`: This `Idempotency-Key` was used for a different request. Use a new key."""

class ImageUrlUnreachableError(APIError):
    """422 `image_url_unreachable`: The `image_url`'s server did not answer with the image (unreachable, an error status, or too slow: `details.reason`). Nothing was charged; retry when it answers."""

class RateLimitedError(APIError):
    """429 `rate_limited`: Too many requests in the current window. Retry after `Retry-After`; `x-ratelimit-*` headers say the limit."""

class JobQueueFullError(APIError):
    """429 `job_queue_full`: The organization has as many queued async jobs as it may have at once (`details.queued_cap`). Retry after `Retry-After`, when some have started; nothing was charged."""

class InternalError(APIError):
    """500 `internal_error`: An unexpected fault. Retry later, and quote the request id if it persists."""

class UpstreamFailedError(APIError):
    """502 `upstream_failed`: The inference deployment failed, could not be reached or sent an invalid answer. Nothing was charged."""

class PaymentProviderUnavailableError(APIError):
    """502 `payment_provider_unavailable`: The payment provider could not be reached; nothing was charged. Retry later."""

class DeliveryFailedError(APIError):
    """502 `delivery_failed`: The change was saved but its e-mail could not be sent; send it again later."""

class ServiceUnavailableError(APIError):
    """503 `service_unavailable`: Temporarily unable to serve (the database connection was lost, every worker is busy). Retry after `Retry-After`; nothing was charged."""

class UpstreamBusyError(APIError):
    """503 `upstream_busy`: The inference deployment is busy or paused after repeated failures. Retry after `Retry-After`; nothing was charged."""

class UpstreamTimeoutError(APIError):
    """504 `upstream_timeout`: The inference deployment did not answer in time. Retry after `Retry-After`; nothing was charged."""

ERROR_CLASSES: Dict[str, type] = {
    "invalid_request": InvalidRequestError,
    "invalid_image": InvalidImageError,
    "image_url_refused": ImageUrlRefusedError,
    "unauthenticated": UnauthenticatedError,
    "token_revoked": TokenRevokedError,
    "invalid_api_key": InvalidApiKeyError,
    "insufficient_credits": InsufficientCreditsError,
    "role_forbidden": RoleForbiddenError,
    "not_key_owner": NotKeyOwnerError,
    "people_only": PeopleOnlyError,
    "email_not_verified": EmailNotVerifiedError,
    "key_restricted": KeyRestrictedError,
    "key_paused": KeyPausedError,
    "key_cap_reached": KeyCapReachedError,
    "member_limit_reached": MemberLimitReachedError,
    "forbidden": ForbiddenError,
    "not_found": NotFoundError,
    "organization_not_found": OrganizationNotFoundError,
    "unknown_deployment": UnknownDeploymentError,
    "conflict": ConflictError,
    "idempotency_in_progress": IdempotencyInProgressError,
    "idempotency_superseded": IdempotencySupersededError,
    "job_finished": JobFinishedError,
    "job_expired": JobExpiredError,
    "gone": GoneError,
    "answer_not_kept": AnswerNotKeptError,
    "payload_too_large": PayloadTooLargeError,
    "pixel_limit_exceeded": PixelLimitExceededError,
    "uri_too_long": UriTooLongError,
    "unsupported_media_type": UnsupportedMediaTypeError,
    "idempotency_key_reused": IdempotencyKeyReusedError,
    "image_url_unreachable": ImageUrlUnreachableError,
    "rate_limited": RateLimitedError,
    "job_queue_full": JobQueueFullError,
    "internal_error": InternalError,
    "upstream_failed": UpstreamFailedError,
    "payment_provider_unavailable": PaymentProviderUnavailableError,
    "delivery_failed": DeliveryFailedError,
    "service_unavailable": ServiceUnavailableError,
    "upstream_busy": UpstreamBusyError,
    "upstream_timeout": UpstreamTimeoutError,
}

__all__ = [
    "MAX_PROCESSING_SIDE",
    "MAX_IMAGE_BYTES",
    "ERROR_CODES",
    "DEPLOYMENTS",
    "ACCOUNT_OPERATIONS",
    "ERROR_CLASSES",
    "InvalidRequestError",
    "InvalidImageError",
    "ImageUrlRefusedError",
    "UnauthenticatedError",
    "TokenRevokedError",
    "InvalidApiKeyError",
    "InsufficientCreditsError",
    "RoleForbiddenError",
    "NotKeyOwnerError",
    "PeopleOnlyError",
    "EmailNotVerifiedError",
    "KeyRestrictedError",
    "KeyPausedError",
    "KeyCapReachedError",
    "MemberLimitReachedError",
    "ForbiddenError",
    "NotFoundError",
    "OrganizationNotFoundError",
    "UnknownDeploymentError",
    "ConflictError",
    "IdempotencyInProgressError",
    "IdempotencySupersededError",
    "JobFinishedError",
    "JobExpiredError",
    "GoneError",
    "AnswerNotKeptError",
    "PayloadTooLargeError",
    "PixelLimitExceededError",
    "UriTooLongError",
    "UnsupportedMediaTypeError",
    "IdempotencyKeyReusedError",
    "ImageUrlUnreachableError",
    "RateLimitedError",
    "JobQueueFullError",
    "InternalError",
    "UpstreamFailedError",
    "PaymentProviderUnavailableError",
    "DeliveryFailedError",
    "ServiceUnavailableError",
    "UpstreamBusyError",
    "UpstreamTimeoutError",
    "ObjectDetectionParams",
    "ObjectDetectionResultImage",
    "ObjectDetectionResultUsage",
    "ObjectDetectionResultPredictionsItemBox",
    "ObjectDetectionResultPredictionsItem",
    "ObjectDetectionResult",
    "DepthEstimationResultImage",
    "DepthEstimationResultUsage",
    "DepthEstimationResultDepth",
    "DepthEstimationResult",
    "ImageClassificationParams",
    "ImageClassificationResultImage",
    "ImageClassificationResultUsage",
    "ImageClassificationResultPredictionsItem",
    "ImageClassificationResult",
    "ZeroShotImageClassificationParams",
    "ZeroShotImageClassificationResultImage",
    "ZeroShotImageClassificationResultUsage",
    "ZeroShotImageClassificationResultPredictionsItem",
    "ZeroShotImageClassificationResult",
    "ZeroShotObjectDetectionParams",
    "ZeroShotObjectDetectionResultImage",
    "ZeroShotObjectDetectionResultUsage",
    "ZeroShotObjectDetectionResultPredictionsItemBox",
    "ZeroShotObjectDetectionResultPredictionsItem",
    "ZeroShotObjectDetectionResult",
    "ImageSegmentationSemanticResultImage",
    "ImageSegmentationSemanticResultUsage",
    "ImageSegmentationSemanticResultSegmentsItem",
    "ImageSegmentationSemanticResult",
    "ImageSegmentationInstanceParams",
    "ImageSegmentationInstanceResultImage",
    "ImageSegmentationInstanceResultUsage",
    "ImageSegmentationInstanceResultSegmentsItemBox",
    "ImageSegmentationInstanceResultSegmentsItem",
    "ImageSegmentationInstanceResult",
    "ImageSegmentationPanopticParams",
    "ImageSegmentationPanopticResultImage",
    "ImageSegmentationPanopticResultUsage",
    "ImageSegmentationPanopticResultSegmentsItem",
    "ImageSegmentationPanopticResult",
    "SendFeedbackResponse",
    "GetDemoKeyResponse",
    "GetPublicPricingResponseDeploymentsItemFreeTier",
    "GetPublicPricingResponseDeploymentsItem",
    "GetPublicPricingResponseComingSoonItem",
    "GetPublicPricingResponse",
    "GetStatusResponseComponentsItemDaysItem",
    "GetStatusResponseComponentsItem",
    "GetStatusResponseIncidentsItem",
    "GetStatusResponse",
    "CreateOrganizationResponse",
    "UpdateOrganizationResponse",
    "GetOrganizationResponse",
    "VerifyOrganizationEmailResponse",
    "ListOrganizationsResponseOrganizationsItem",
    "ListOrganizationsResponseRemovedFromItem",
    "ListOrganizationsResponse",
    "CreateAnotherOrganizationResponse",
    "SelectOrganizationResponse",
    "CreateApiKeyResponseLastRefused",
    "CreateApiKeyResponse",
    "ListApiKeysResponseApiKeysItemLastRefused",
    "ListApiKeysResponseApiKeysItem",
    "ListApiKeysResponse",
    "SetDefaultApiKeyResponseLastRefused",
    "SetDefaultApiKeyResponse",
    "RollApiKeyResponseLastRefused",
    "RollApiKeyResponse",
    "SetApiKeyCapResponseLastRefused",
    "SetApiKeyCapResponse",
    "SetApiKeyRestrictionsResponseLastRefused",
    "SetApiKeyRestrictionsResponse",
    "DisableApiKeyResponseLastRefused",
    "DisableApiKeyResponse",
    "EnableApiKeyResponseLastRefused",
    "EnableApiKeyResponse",
    "DeleteApiKeyResponse",
    "GetBalanceResponse",
    "CreateCreditOrderResponsePayment",
    "CreateCreditOrderResponse",
    "GetCreditOrderResponsePayment",
    "GetCreditOrderResponse",
    "ConfirmSandboxOrderResponsePayment",
    "ConfirmSandboxOrderResponse",
    "ListPaymentsResponsePaymentsItem",
    "ListPaymentsResponse",
    "GetBillingSettingsResponseAutoRechargeDailyCeilingToday",
    "GetBillingSettingsResponseAutoRechargeDailyCeiling",
    "GetBillingSettingsResponseAutoRechargeLastFailure",
    "GetBillingSettingsResponseAutoRecharge",
    "GetBillingSettingsResponsePaymentMethod",
    "GetBillingSettingsResponseLowBalanceAlert",
    "GetBillingSettingsResponse",
    "UpdateBillingSettingsResponseAutoRechargeDailyCeilingToday",
    "UpdateBillingSettingsResponseAutoRechargeDailyCeiling",
    "UpdateBillingSettingsResponseAutoRechargeLastFailure",
    "UpdateBillingSettingsResponseAutoRecharge",
    "UpdateBillingSettingsResponsePaymentMethod",
    "UpdateBillingSettingsResponseLowBalanceAlert",
    "UpdateBillingSettingsResponse",
    "UpdateBillingSettingsAutoRechargeDailyCeiling",
    "UpdateBillingSettingsAutoRecharge",
    "SetUpPaymentMethodResponse",
    "SaveSandboxCardResponseAutoRechargeDailyCeilingToday",
    "SaveSandboxCardResponseAutoRechargeDailyCeiling",
    "SaveSandboxCardResponseAutoRechargeLastFailure",
    "SaveSandboxCardResponseAutoRecharge",
    "SaveSandboxCardResponsePaymentMethod",
    "SaveSandboxCardResponseLowBalanceAlert",
    "SaveSandboxCardResponse",
    "DeletePaymentMethodResponseAutoRechargeDailyCeilingToday",
    "DeletePaymentMethodResponseAutoRechargeDailyCeiling",
    "DeletePaymentMethodResponseAutoRechargeLastFailure",
    "DeletePaymentMethodResponseAutoRecharge",
    "DeletePaymentMethodResponsePaymentMethod",
    "DeletePaymentMethodResponseLowBalanceAlert",
    "DeletePaymentMethodResponse",
    "ListTransactionsResponseTransactionsItem",
    "ListTransactionsResponseTotals",
    "ListTransactionsResponse",
    "GetDailyUsageResponseDaysItemDeploymentsItem",
    "GetDailyUsageResponseDaysItem",
    "GetDailyUsageResponseByDeploymentItem",
    "GetDailyUsageResponseByKeyItem",
    "GetDailyUsageResponseTestCallsByKeyItem",
    "GetDailyUsageResponseTestCalls",
    "GetDailyUsageResponseTotals",
    "GetDailyUsageResponse",
    "ListUsageBucketsResponseDataItem",
    "ListUsageBucketsResponse",
    "ListMembersResponseMembersItem",
    "ListMembersResponse",
    "UpdateMemberResponse",
    "RemoveMemberResponse",
    "LeaveOrganizationResponse",
    "TransferOwnershipResponseMembersItem",
    "TransferOwnershipResponse",
    "ListInvitationsResponseInvitationsItem",
    "ListInvitationsResponse",
    "InviteMemberResponse",
    "ResendInvitationResponse",
    "RevokeInvitationResponse",
    "PreviewInvitationResponse",
    "AcceptInvitationResponse",
    "ListAdminKeysResponseAdminKeysItem",
    "ListAdminKeysResponse",
    "CreateAdminKeyResponse",
    "RollAdminKeyResponse",
    "DeleteAdminKeyResponse",
    "ListWebhooksResponseWebhooksItem",
    "ListWebhooksResponse",
    "CreateWebhookResponse",
    "GetWebhookResponse",
    "UpdateWebhookResponse",
    "DeleteWebhookResponse",
    "RotateWebhookSecretResponse",
    "SendTestWebhookResponseAttemptsItem",
    "SendTestWebhookResponse",
    "ListWebhookDeliveriesResponseDeliveriesItemAttemptsItem",
    "ListWebhookDeliveriesResponseDeliveriesItem",
    "ListWebhookDeliveriesResponse",
    "ReplayWebhookDeliveryResponseAttemptsItem",
    "ReplayWebhookDeliveryResponse",
    "ListEventsResponseEventsItem",
    "ListEventsResponse",
    "GetEventResponse",
    "ListAuditLogResponseEntriesItemActor",
    "ListAuditLogResponseEntriesItem",
    "ListAuditLogResponse",
]


# ------------------------------------------------------------------ methods

class _DeploymentMethods:
    """A method per public deployment of the services host."""

    # Each method calls the client's _run (visionapi/_client.py).

    def object_detection(self, image: ImageInput, *, confidence_threshold: Optional[float] = None, max_results: Optional[int] = None, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ObjectDetectionResult:
        """Object detection: `POST /object-detection` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {"confidence_threshold": confidence_threshold, "max_results": max_results}
        return self._run("object-detection", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def depth_estimation(self, image: ImageInput, *, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> DepthEstimationResult:
        """Depth estimation: `POST /depth-estimation` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {}
        return self._run("depth-estimation", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def image_classification(self, image: ImageInput, *, top_k: Optional[int] = None, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ImageClassificationResult:
        """Image classification: `POST /image-classification` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {"top_k": top_k}
        return self._run("image-classification", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def zero_shot_image_classification(self, image: ImageInput, *, candidate_labels: List[str], idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ZeroShotImageClassificationResult:
        """Zero-shot image classification: `POST /zero-shot-image-classification` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {"candidate_labels": candidate_labels}
        return self._run("zero-shot-image-classification", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def zero_shot_object_detection(self, image: ImageInput, *, queries: List[str], confidence_threshold: Optional[float] = None, max_results: Optional[int] = None, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ZeroShotObjectDetectionResult:
        """Zero-shot object detection: `POST /zero-shot-object-detection` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {"queries": queries, "confidence_threshold": confidence_threshold, "max_results": max_results}
        return self._run("zero-shot-object-detection", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def image_segmentation_semantic(self, image: ImageInput, *, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ImageSegmentationSemanticResult:
        """Semantic segmentation: `POST /image-segmentation/semantic` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {}
        return self._run("image-segmentation/semantic", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def image_segmentation_instance(self, image: ImageInput, *, confidence_threshold: Optional[float] = None, max_results: Optional[int] = None, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ImageSegmentationInstanceResult:
        """Instance segmentation: `POST /image-segmentation/instance` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {"confidence_threshold": confidence_threshold, "max_results": max_results}
        return self._run("image-segmentation/instance", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})

    def image_segmentation_panoptic(self, image: ImageInput, *, confidence_threshold: Optional[float] = None, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None, resize: Optional[bool] = None) -> ImageSegmentationPanopticResult:
        """Panoptic segmentation: `POST /image-segmentation/panoptic` on the services host. Charged once per answer (a retry reuses the call's Idempotency-Key)."""
        params = {"confidence_threshold": confidence_threshold}
        return self._run("image-segmentation/panoptic", image, params, {"idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries, "resize": resize})


class _AccountMethods:
    """A method per operation of the account API (/v1)."""

    # Each method calls the client's _call (visionapi/_client.py).

    def send_feedback(self, *, subject: str, body: str, pageId: str, email: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SendFeedbackResponse:
        """Send feedback or a contact message: POST /v1/email."""
        request = {"subject": subject, "body": body, "pageId": pageId, "email": email}
        return self._call("send_feedback", request, {"timeout": timeout, "max_retries": max_retries})

    def get_demo_key(self, *, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetDemoKeyResponse:
        """The shared demo test key for a signed-out reader's first try (no sign-in needed): GET /v1/demo-key."""
        request = {}
        return self._call("get_demo_key", request, {"timeout": timeout, "max_retries": max_retries})

    def get_public_pricing(self, *, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetPublicPricingResponse:
        """Prices of the public deployments (no sign-in needed): GET /v1/pricing/pubic-deployment."""
        request = {}
        return self._call("get_public_pricing", request, {"timeout": timeout, "max_retries": max_retries})

    def get_status(self, *, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetStatusResponse:
        """Availability, latency and incidents of every component (no sign-in needed): GET /v1/status.json."""
        request = {}
        return self._call("get_status", request, {"timeout": timeout, "max_retries": max_retries})

    def get_status_feed(self, *, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> str:
        """The incidents as an Atom feed (no sign-in needed): GET /v1/status.atom."""
        request = {}
        return self._call("get_status_feed", request, {"timeout": timeout, "max_retries": max_retries})

    def create_organization(self, *, name: str, website: str, country: str, state: str, gstin: Optional[str] = None, address: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> CreateOrganizationResponse:
        """Register your organization: POST /v1/organization."""
        request = {"name": name, "website": website, "country": country, "state": state, "gstin": gstin, "address": address}
        return self._call("create_organization", request, {"timeout": timeout, "max_retries": max_retries})

    def update_organization(self, *, name: Optional[str] = None, website: Optional[str] = None, country: Optional[str] = None, state: Optional[str] = None, gstin: Optional[str] = None, address: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> UpdateOrganizationResponse:
        """Update your organization: PATCH /v1/organization."""
        request = {"name": name, "website": website, "country": country, "state": state, "gstin": gstin, "address": address}
        return self._call("update_organization", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_organization(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetOrganizationResponse:
        """Your organization and wallet balance: GET /v1/organization."""
        request = {}
        return self._call("get_organization", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def verify_organization_email(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> VerifyOrganizationEmailResponse:
        """Refresh the e-mail verification status: POST /v1/organization/verify."""
        request = {}
        return self._call("verify_organization_email", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_organizations(self, *, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListOrganizationsResponse:
        """The organizations you belong to, with your role in each: GET /v1/organizations."""
        request = {}
        return self._call("list_organizations", request, {"timeout": timeout, "max_retries": max_retries})

    def create_another_organization(self, *, name: str, website: str, country: str, state: str, gstin: Optional[str] = None, address: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> CreateAnotherOrganizationResponse:
        """Create another organization: POST /v1/organizations."""
        request = {"name": name, "website": website, "country": country, "state": state, "gstin": gstin, "address": address}
        return self._call("create_another_organization", request, {"timeout": timeout, "max_retries": max_retries})

    def select_organization(self, *, organization_id: str, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SelectOrganizationResponse:
        """Choose the organization your calls act on by default: POST /v1/organizations/select."""
        request = {"organization_id": organization_id}
        return self._call("select_organization", request, {"timeout": timeout, "max_retries": max_retries})

    def create_api_key(self, *, name: str, mode: Optional[Literal["live", "test"]] = None, allowed_deployments: Optional[Optional[List[str]]] = None, allowed_origins: Optional[Optional[List[str]]] = None, expires_at: Optional[Optional[str]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> CreateApiKeyResponse:
        """Create an API key: POST /v1/api-key."""
        request = {"name": name, "mode": mode, "allowed_deployments": allowed_deployments, "allowed_origins": allowed_origins, "expires_at": expires_at}
        return self._call("create_api_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_api_keys(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListApiKeysResponse:
        """List the API keys of your organization: GET /v1/api-key."""
        request = {}
        return self._call("list_api_keys", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def set_default_api_key(self, *, api_key_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SetDefaultApiKeyResponse:
        """Make a key the default key: POST /v1/api-key/set-default."""
        request = {"api_key_id": api_key_id}
        return self._call("set_default_api_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def roll_api_key(self, *, api_key_id: str, expire_previous_in_hours: Literal[0, 1, 24, 72, 168], organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> RollApiKeyResponse:
        """Roll a key: give it a new secret: POST /v1/api-key/roll."""
        request = {"api_key_id": api_key_id, "expire_previous_in_hours": expire_previous_in_hours}
        return self._call("roll_api_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def set_api_key_cap(self, *, api_key_id: str, monthly_cap_usd: Optional[float], organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SetApiKeyCapResponse:
        """Set or remove a key's monthly spend cap: POST /v1/api-key/cap."""
        request = {"api_key_id": api_key_id, "monthly_cap_usd": monthly_cap_usd}
        return self._call("set_api_key_cap", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def set_api_key_restrictions(self, *, api_key_id: str, allowed_deployments: Optional[Optional[List[str]]] = None, allowed_origins: Optional[Optional[List[str]]] = None, expires_at: Optional[Optional[str]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SetApiKeyRestrictionsResponse:
        """Set a key's limits: deployments, browser origins, expiry: POST /v1/api-key/restrictions."""
        request = {"api_key_id": api_key_id, "allowed_deployments": allowed_deployments, "allowed_origins": allowed_origins, "expires_at": expires_at}
        return self._call("set_api_key_restrictions", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def disable_api_key(self, *, api_key_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> DisableApiKeyResponse:
        """Disable a key: every call is refused (403, free) until it is enabled: POST /v1/api-key/disable."""
        request = {"api_key_id": api_key_id}
        return self._call("disable_api_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def enable_api_key(self, *, api_key_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> EnableApiKeyResponse:
        """Enable a disabled key again: POST /v1/api-key/enable."""
        request = {"api_key_id": api_key_id}
        return self._call("enable_api_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def delete_api_key(self, *, api_key_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> DeleteApiKeyResponse:
        """Delete a key: DELETE /v1/api-key."""
        request = {"api_key_id": api_key_id}
        return self._call("delete_api_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_balance(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetBalanceResponse:
        """Remaining credits of your wallet, in USD: GET /v1/credits/balance."""
        request = {}
        return self._call("get_balance", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def create_credit_order(self, *, price_in_usd: float, organization_id: Optional[str] = None, idempotency_key: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> CreateCreditOrderResponse:
        """Create a credit order: POST /v1/credits."""
        request = {"price_in_usd": price_in_usd}
        return self._call("create_credit_order", request, {"organization_id": organization_id, "idempotency_key": idempotency_key, "timeout": timeout, "max_retries": max_retries})

    def get_credit_order(self, *, order_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetCreditOrderResponse:
        """One of your credit orders, with its payment: GET /v1/credits/orders/{order_id}."""
        request = {"order_id": order_id}
        return self._call("get_credit_order", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def confirm_sandbox_order(self, *, order_id: str, outcome: Optional[Literal["succeeded", "failed"]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ConfirmSandboxOrderResponse:
        """Pay a sandbox order (local stack only, when Stripe is not configured): POST /v1/credits/sandbox/confirm."""
        request = {"order_id": order_id, "outcome": outcome}
        return self._call("confirm_sandbox_order", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_invoice(self, *, payment_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> bytes:
        """The invoice of one of your payments, as a PDF: GET /v1/credits/payments/{payment_id}/invoice."""
        request = {"payment_id": payment_id}
        return self._call("get_invoice", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_payments(self, *, skip: Optional[int] = None, limit: Optional[int] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListPaymentsResponse:
        """Payments of your organization, newest first: GET /v1/credits/payments."""
        request = {"skip": skip, "limit": limit}
        return self._call("list_payments", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_billing_settings(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetBillingSettingsResponse:
        """Auto-recharge, low-balance alert and saved card: GET /v1/billing/settings."""
        request = {}
        return self._call("get_billing_settings", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def update_billing_settings(self, *, auto_recharge: Optional[UpdateBillingSettingsAutoRecharge] = None, low_balance_threshold_usd: Optional[Optional[float]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> UpdateBillingSettingsResponse:
        """Change auto-recharge and the low-balance alert: PUT /v1/billing/settings."""
        request = {"auto_recharge": auto_recharge, "low_balance_threshold_usd": low_balance_threshold_usd}
        return self._call("update_billing_settings", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def set_up_payment_method(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SetUpPaymentMethodResponse:
        """Start saving a card for automatic recharges: POST /v1/billing/payment-method/setup."""
        request = {}
        return self._call("set_up_payment_method", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def save_sandbox_card(self, *, card: Literal["succeeds", "declines"], organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SaveSandboxCardResponse:
        """Save a sandbox test card (local stack only, when Stripe is not configured): POST /v1/billing/payment-method/sandbox."""
        request = {"card": card}
        return self._call("save_sandbox_card", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def delete_payment_method(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> DeletePaymentMethodResponse:
        """Forget the saved card (turns auto-recharge off): DELETE /v1/billing/payment-method."""
        request = {}
        return self._call("delete_payment_method", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_transactions(self, *, start_date: Optional[str] = None, end_date: Optional[str] = None, skip: Optional[int] = None, limit: Optional[int] = None, cursor: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListTransactionsResponse:
        """Usage and purchases, newest first: GET /v1/transaction."""
        request = {"start_date": start_date, "end_date": end_date, "skip": skip, "limit": limit, "cursor": cursor}
        return self._call("list_transactions", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_daily_usage(self, *, start_date: str, end_date: str, utc_offset_minutes: Optional[int] = None, deployment: Optional[str] = None, api_key_id: Optional[str] = None, group_by: Optional[Literal["deployment", "key"]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetDailyUsageResponse:
        """Spend and calls per day, by deployment and by key: GET /v1/usage/daily."""
        request = {"start_date": start_date, "end_date": end_date, "utc_offset_minutes": utc_offset_minutes, "deployment": deployment, "api_key_id": api_key_id, "group_by": group_by}
        return self._call("get_daily_usage", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def export_daily_usage(self, *, start_date: str, end_date: str, utc_offset_minutes: Optional[int] = None, deployment: Optional[str] = None, api_key_id: Optional[str] = None, group_by: Optional[Literal["deployment", "key"]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> str:
        """The daily aggregate as CSV, by deployment or by key (`group_by`): GET /v1/usage/daily.csv."""
        request = {"start_date": start_date, "end_date": end_date, "utc_offset_minutes": utc_offset_minutes, "deployment": deployment, "api_key_id": api_key_id, "group_by": group_by}
        return self._call("export_daily_usage", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_usage_buckets(self, *, start_date: str, end_date: str, bucket_width: Optional[Literal["day", "hour"]] = None, group_by: Optional[Literal["api_key", "deployment", "member"]] = None, deployment: Optional[str] = None, api_key_id: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListUsageBucketsResponse:
        """Usage and cost by UTC day or hour, grouped by key, deployment or member (for machines): GET /v1/usage/buckets."""
        request = {"start_date": start_date, "end_date": end_date, "bucket_width": bucket_width, "group_by": group_by, "deployment": deployment, "api_key_id": api_key_id, "limit": limit, "cursor": cursor}
        return self._call("list_usage_buckets", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def export_transactions(self, *, start_date: str, end_date: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> str:
        """Every transaction in a range as CSV, oldest first: GET /v1/transaction.csv."""
        request = {"start_date": start_date, "end_date": end_date}
        return self._call("export_transactions", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_members(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListMembersResponse:
        """Members of the organization, with role, joined and last active: GET /v1/team/members."""
        request = {}
        return self._call("list_members", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def update_member(self, *, uid: str, role: Optional[Literal["admin", "developer", "billing", "viewer"]] = None, monthly_limit_usd: Optional[Optional[float]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> UpdateMemberResponse:
        """Change a member's role or monthly spend limit: PATCH /v1/team/members/{uid}."""
        request = {"uid": uid, "role": role, "monthly_limit_usd": monthly_limit_usd}
        return self._call("update_member", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def remove_member(self, *, uid: str, hand_keys_to: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> RemoveMemberResponse:
        """Remove a member: DELETE /v1/team/members/{uid}."""
        request = {"uid": uid, "hand_keys_to": hand_keys_to}
        return self._call("remove_member", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def leave_organization(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> LeaveOrganizationResponse:
        """Leave the organization: POST /v1/team/leave."""
        request = {}
        return self._call("leave_organization", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def transfer_ownership(self, *, uid: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> TransferOwnershipResponse:
        """Transfer ownership to another member: POST /v1/team/transfer."""
        request = {"uid": uid}
        return self._call("transfer_ownership", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_invitations(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListInvitationsResponse:
        """Pending invitations: GET /v1/team/invitations."""
        request = {}
        return self._call("list_invitations", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def invite_member(self, *, email: str, role: Literal["admin", "developer", "billing", "viewer"], organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> InviteMemberResponse:
        """Invite someone by e-mail: POST /v1/team/invitations."""
        request = {"email": email, "role": role}
        return self._call("invite_member", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def resend_invitation(self, *, invitation_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ResendInvitationResponse:
        """Resend an invitation: POST /v1/team/invitations/{invitation_id}/resend."""
        request = {"invitation_id": invitation_id}
        return self._call("resend_invitation", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def revoke_invitation(self, *, invitation_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> RevokeInvitationResponse:
        """Revoke an invitation: DELETE /v1/team/invitations/{invitation_id}."""
        request = {"invitation_id": invitation_id}
        return self._call("revoke_invitation", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def preview_invitation(self, *, token: str, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> PreviewInvitationResponse:
        """What an invitation link offers (no sign-in needed): POST /v1/invitations/preview."""
        request = {"token": token}
        return self._call("preview_invitation", request, {"timeout": timeout, "max_retries": max_retries})

    def accept_invitation(self, *, token: str, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> AcceptInvitationResponse:
        """Accept an invitation and join the organization: POST /v1/invitations/accept."""
        request = {"token": token}
        return self._call("accept_invitation", request, {"timeout": timeout, "max_retries": max_retries})

    def list_admin_keys(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListAdminKeysResponse:
        """Admin keys of the organization: GET /v1/admin-keys."""
        request = {}
        return self._call("list_admin_keys", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def create_admin_key(self, *, name: str, role: Literal["admin", "developer", "billing", "viewer"], expires_at: Optional[Optional[str]] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> CreateAdminKeyResponse:
        """Create an admin key for a machine: POST /v1/admin-keys."""
        request = {"name": name, "role": role, "expires_at": expires_at}
        return self._call("create_admin_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def roll_admin_key(self, *, admin_key_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> RollAdminKeyResponse:
        """Roll an admin key: the old secret stops working at once: POST /v1/admin-keys/{admin_key_id}/roll."""
        request = {"admin_key_id": admin_key_id}
        return self._call("roll_admin_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def delete_admin_key(self, *, admin_key_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> DeleteAdminKeyResponse:
        """Delete an admin key: it stops working at once: DELETE /v1/admin-keys/{admin_key_id}."""
        request = {"admin_key_id": admin_key_id}
        return self._call("delete_admin_key", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_webhooks(self, *, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListWebhooksResponse:
        """Webhook endpoints of the organization: GET /v1/webhooks."""
        request = {}
        return self._call("list_webhooks", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def create_webhook(self, *, url: str, events: List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]], description: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> CreateWebhookResponse:
        """Add a webhook endpoint: POST /v1/webhooks."""
        request = {"url": url, "events": events, "description": description}
        return self._call("create_webhook", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_webhook(self, *, webhook_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetWebhookResponse:
        """One webhook endpoint: GET /v1/webhooks/{webhook_id}."""
        request = {"webhook_id": webhook_id}
        return self._call("get_webhook", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def update_webhook(self, *, webhook_id: str, url: Optional[str] = None, events: Optional[List[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded"]]] = None, description: Optional[str] = None, enabled: Optional[bool] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> UpdateWebhookResponse:
        """Change, disable or enable a webhook endpoint: PATCH /v1/webhooks/{webhook_id}."""
        request = {"webhook_id": webhook_id, "url": url, "events": events, "description": description, "enabled": enabled}
        return self._call("update_webhook", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def delete_webhook(self, *, webhook_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> DeleteWebhookResponse:
        """Delete a webhook endpoint and its deliveries log: DELETE /v1/webhooks/{webhook_id}."""
        request = {"webhook_id": webhook_id}
        return self._call("delete_webhook", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def rotate_webhook_secret(self, *, webhook_id: str, expire_previous_in_hours: Optional[int] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> RotateWebhookSecretResponse:
        """Give a webhook endpoint a new signing secret: POST /v1/webhooks/{webhook_id}/rotate-secret."""
        request = {"webhook_id": webhook_id, "expire_previous_in_hours": expire_previous_in_hours}
        return self._call("rotate_webhook_secret", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def send_test_webhook(self, *, webhook_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> SendTestWebhookResponse:
        """Send a `test` event to a webhook endpoint: POST /v1/webhooks/{webhook_id}/test."""
        request = {"webhook_id": webhook_id}
        return self._call("send_test_webhook", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_webhook_deliveries(self, *, webhook_id: str, limit: Optional[int] = None, cursor: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListWebhookDeliveriesResponse:
        """A webhook endpoint's deliveries, newest first, with their attempts: GET /v1/webhooks/{webhook_id}/deliveries."""
        request = {"webhook_id": webhook_id, "limit": limit, "cursor": cursor}
        return self._call("list_webhook_deliveries", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def replay_webhook_delivery(self, *, delivery_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ReplayWebhookDeliveryResponse:
        """Send a delivery again now (same `webhook-id`): POST /v1/webhooks/deliveries/{delivery_id}/replay."""
        request = {"delivery_id": delivery_id}
        return self._call("replay_webhook_delivery", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_events(self, *, limit: Optional[int] = None, cursor: Optional[str] = None, starting_after: Optional[str] = None, type: Optional[Literal["job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded", "test"]] = None, created_after: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListEventsResponse:
        """Events of the organization, newest first: GET /v1/events."""
        request = {"limit": limit, "cursor": cursor, "starting_after": starting_after, "type": type, "created_after": created_after}
        return self._call("list_events", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def get_event(self, *, event_id: str, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> GetEventResponse:
        """One event: GET /v1/events/{event_id}."""
        request = {"event_id": event_id}
        return self._call("get_event", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def list_audit_log(self, *, actor: Optional[str] = None, action: Optional[str] = None, start: Optional[str] = None, end: Optional[str] = None, skip: Optional[int] = None, limit: Optional[int] = None, cursor: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> ListAuditLogResponse:
        """Who did what, when and from where (newest first): GET /v1/audit-log."""
        request = {"actor": actor, "action": action, "start": start, "end": end, "skip": skip, "limit": limit, "cursor": cursor}
        return self._call("list_audit_log", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

    def export_audit_log(self, *, actor: Optional[str] = None, action: Optional[str] = None, start: Optional[str] = None, end: Optional[str] = None, skip: Optional[int] = None, limit: Optional[int] = None, cursor: Optional[str] = None, organization_id: Optional[str] = None, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> str:
        """The filtered audit log as CSV: GET /v1/audit-log.csv."""
        request = {"actor": actor, "action": action, "start": start, "end": end, "skip": skip, "limit": limit, "cursor": cursor}
        return self._call("export_audit_log", request, {"organization_id": organization_id, "timeout": timeout, "max_retries": max_retries})

