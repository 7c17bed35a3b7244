"""The ``python3 -m visionapi`` command: the same commands, output and exit codes as the
TypeScript package's ``visionapi`` CLI.

    python3 -m visionapi run <deployment> <image> [--param name=value ...]
    python3 -m visionapi keys list | usage --by key|deployment|day | whoami | deployments
    python3 -m visionapi listen --forward-to <url> [--events type,...] [--print-json]

Exit codes: 0 done; 1 the API answered an error or could not be reached (its code and message on
stderr); 2 the command line is wrong. Secrets are never printed (``listen`` prints the signing
secret it makes for its session: it signs only what that session forwards).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import sys
from typing import Any, Dict, List, Optional, Sequence, TextIO

from ._events import EVENT_TYPES as _EVENT_TYPES
from ._client import PRODUCTION_API_URL, PRODUCTION_SERVICES_URL, VERSION, VisionAPI
from ._exceptions import APIConnectionError, APIError, VisionAPIError
from ._generated import DEPLOYMENTS
from ._listen import ListenUsageError, event_types, forward_url, listen

MAX_PARAMS = 64
MAX_VALUE_LENGTH = 4096
MAX_ARGS = 256
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_PREFIX = re.compile(r"va_(?:live|test|admin)_")

EPILOG = f"""environment:
  VISIONAPI_API_KEY          key of the services host (va_live_... or va_test_...), for run
  VISIONAPI_ADMIN_KEY        admin key (va_admin_...) for keys, usage, whoami and listen
  VISIONAPI_ID_TOKEN         a signed-in person's ID token, instead of an admin key
  VISIONAPI_ORGANIZATION_ID  the organization to act on (default: the key's own)
  VISIONAPI_SERVICES_URL     default {PRODUCTION_SERVICES_URL}; local stack: http://localhost:4020
  VISIONAPI_API_URL          default {PRODUCTION_API_URL}; local stack: http://localhost:4010

exit codes: 0 done, 1 the API answered an error or was unreachable, 2 a wrong command line."""


class UsageError(Exception):
    pass


def redact(secret: str) -> str:
    """``va_live_abcd...wxyz`` -> ``va_live_…wxyz``: enough to tell keys apart, never the secret."""
    match = _PREFIX.match(secret)
    prefix = match.group(0) if match else ""
    return f"{prefix}…{secret[-4:] if len(secret) > len(prefix) + 8 else ''}"


def _param(deployment: str, raw: str, into: Dict[str, Any]) -> None:
    name, eq, value = raw.partition("=")
    if not eq or not name:
        raise UsageError(f'--param takes name=value (got "{raw[:64]}").')
    params = DEPLOYMENTS[deployment]["params"]
    info = params.get(name)
    if info is None:
        known = ", ".join(params)
        raise UsageError(
            f'{deployment} has no parameter "{name[:64]}" ({f"it takes {known}" if known else "it takes none"}).'
        )
    kind = info["type"]
    if kind in ("number", "integer"):
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        if number != number or number in (float("inf"), float("-inf")) or (kind == "integer" and not number.is_integer()):
            raise UsageError(f"{name} is {'an integer' if kind == 'integer' else 'a number'}.")
        into[name] = int(number) if kind == "integer" else number
    elif kind == "boolean":
        if value not in ("true", "false"):
            raise UsageError(f"{name} is true or false.")
        into[name] = value == "true"
    elif kind.endswith("[]"):
        items = into.setdefault(name, [])
        if value.startswith("["):
            try:
                parsed = json.loads(value)
            except ValueError:
                parsed = None
            if not isinstance(parsed, list):
                raise UsageError(f"{name}: not a JSON list.")
            items.extend(parsed)
        else:
            items.append(value)
    else:
        into[name] = value


def _client(args: argparse.Namespace) -> VisionAPI:
    options: Dict[str, Any] = {}
    if args.max_retries is not None:
        options["max_retries"] = args.max_retries
    if args.timeout is not None:
        options["timeout"] = args.timeout / 1000
    return VisionAPI(services_url=args.services_url, api_url=args.api_url, **options)


def _table(rows: List[Dict[str, Any]], columns: List[str]) -> str:
    cells = [["" if row.get(c) is None else str(row.get(c)) for c in columns] for row in rows]
    widths = [max([len(c)] + [len(cell[i]) for cell in cells]) for i, c in enumerate(columns)]

    def line(values: List[str]) -> str:
        return "  ".join(v.ljust(widths[i]) for i, v in enumerate(values)).rstrip()

    return "\n".join([line(columns)] + [line(cell) for cell in cells]) + "\n"


def _day_range(start: Optional[str], end: Optional[str]) -> Dict[str, str]:
    end = end or dt.datetime.now(dt.timezone.utc).date().isoformat()
    for day in (end, start):
        if day is not None:
            if not _DAY.fullmatch(day):
                raise UsageError(f'Dates are YYYY-MM-DD (got "{day[:32]}").')
            try:
                dt.date.fromisoformat(day)
            except ValueError as error:
                raise UsageError(f'Dates are YYYY-MM-DD (got "{day[:32]}").') from error
    start = start or (dt.date.fromisoformat(end) - dt.timedelta(days=29)).isoformat()
    return {"start_date": f"{start}T00:00:00.000Z", "end_date": f"{end}T23:59:59.999Z"}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="visionapi",
        description=f"visionapi {VERSION}: the VisionAPI command line",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=VERSION)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--max-retries", type=int, choices=range(0, 11), metavar="N", help="default 2")
    common.add_argument("--timeout", type=int, metavar="MS", help="per attempt, default 60000")
    common.add_argument("--services-url")
    common.add_argument("--api-url")
    common.add_argument("--json", action="store_true", help="print JSON")
    commands = parser.add_subparsers(dest="command", metavar="command")
    run = commands.add_parser("run", parents=[common], help="run a deployment on an image, print the JSON answer")
    run.add_argument("deployment", help=", ".join(DEPLOYMENTS))
    run.add_argument("image", help="a file path or an http(s) URL")
    run.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE")
    run.add_argument("--idempotency-key")
    run.add_argument("--no-resize", action="store_true")
    commands.add_parser("deployments", parents=[common], help="the public deployments and their parameters")
    keys = commands.add_parser("keys", parents=[common], help="keys list: the API keys (secrets are never shown)")
    keys.add_argument("action", choices=["list"])
    usage = commands.add_parser("usage", parents=[common], help="calls and spend, 30 days to today (UTC) unless given")
    usage.add_argument("--by", choices=["key", "deployment", "day"], default="deployment")
    usage.add_argument("--from", dest="start")
    usage.add_argument("--to", dest="end")
    commands.add_parser("whoami", parents=[common], help="the organization and role your admin key acts as")
    forwarding = commands.add_parser(
        "listen",
        parents=[common],
        help="forward your organization's events to a local URL, signed like webhook deliveries",
        description=(
            "Receives your organization's events as they happen (no public URL needed) and POSTs each to "
            "--forward-to as a webhook delivery: the same JSON body and webhook-id, webhook-timestamp and "
            "webhook-signature headers, signed with a secret made for this session and printed at the start "
            '("Ready! Your webhook signing secret is whsec_..."): give it to your handler\'s unwrap(). '
            "One line per event: time, type, id and your endpoint's status. Reconnects by itself and resends "
            "what it missed; ^C to quit."
        ),
    )
    forwarding.add_argument("--forward-to", required=True, metavar="URL", help="http(s) URL, loopback included")
    forwarding.add_argument("--events", metavar="TYPE,...", help=", ".join(_EVENT_TYPES))
    forwarding.add_argument(
        "--print-json", action="store_true", help="each event's JSON on stdout (the status lines go to stderr)"
    )
    return parser


def _write(stream: TextIO) -> Any:
    def write(text: str) -> None:
        stream.write(text)
        stream.flush()

    return write


def _command(args: argparse.Namespace, out: TextIO, err: TextIO = sys.stderr) -> int:
    if args.command == "listen":
        try:
            forward_url(args.forward_to)
            types = event_types(args.events)
        except ListenUsageError as error:
            raise UsageError(str(error)) from error
        try:
            listen(
                _client(args),
                args.forward_to,
                types=types,
                print_json=args.print_json,
                out=_write(out),
                status=_write(err if args.print_json else out),
            )
        except KeyboardInterrupt:
            pass
        return 0
    if args.command == "run":
        if args.deployment not in DEPLOYMENTS:
            raise UsageError(f'No public deployment "{args.deployment[:64]}": one of {", ".join(DEPLOYMENTS)}.')
        if len(args.param) > MAX_PARAMS:
            raise UsageError(f"At most {MAX_PARAMS} --param.")
        params: Dict[str, Any] = {}
        for raw in args.param:
            _param(args.deployment, raw, params)
        answer = _client(args).run(
            args.deployment,
            args.image,
            params,
            idempotency_key=args.idempotency_key,
            resize=False if args.no_resize else None,
        )
        out.write(json.dumps(answer, indent=2, ensure_ascii=False) + "\n")
        return 0
    if args.command == "deployments":
        rows = [
            {
                "deployment": path,
                "name": spec["name"],
                "params": " ".join(
                    f"{name}{'' if info['required'] else '?'}:{info['type']}" for name, info in spec["params"].items()
                ),
            }
            for path, spec in DEPLOYMENTS.items()
        ]
        out.write(json.dumps(rows, indent=2) + "\n" if args.json else _table(rows, ["deployment", "name", "params"]))
        return 0
    if args.command == "keys":
        listed = _client(args).account.list_api_keys()["api_keys"]
        # The in-browser key's secret is in the answer; a terminal (or its log) never shows it.
        keys = [{name: value for name, value in key.items() if name != "key"} for key in listed]
        if args.json:
            out.write(json.dumps(keys, indent=2, ensure_ascii=False) + "\n")
        else:
            rows = [
                {
                    **key,
                    "status": "disabled" if key.get("disabled") else "active",
                    "cap": "" if key.get("monthly_cap_usd") is None else f"${key['monthly_cap_usd']}",
                }
                for key in keys
            ]
            columns = ["id", "name", "mode", "redacted", "status", "cap", "created_at", "last_used_at"]
            out.write(_table(rows, columns))
        return 0
    if args.command == "usage":
        usage = _client(args).account.get_daily_usage(**_day_range(args.start, args.end))
        if args.by == "key":
            columns = ["key", "key_id", "calls", "spent_usd"]
            rows = [
                {"key": k["name"] or "(deleted)", "key_id": k["api_key_id"], "calls": k["calls"], "spent_usd": k["spent_usd"]}
                for k in usage["by_key"]
            ]
        elif args.by == "deployment":
            columns = ["deployment", "calls", "spent_usd"]
            rows = usage["by_deployment"]
        else:
            columns = ["date", "calls", "spent_usd"]
            rows = [{"date": d["date"], "calls": d["calls"], "spent_usd": d["spent_usd"]} for d in usage["days"]]
        totals = usage["totals"]
        if args.json:
            payload = {"by": args.by, "rows": rows, "totals": totals, "test_calls": usage["test_calls"]["calls"]}
            out.write(json.dumps(payload, indent=2) + "\n")
        else:
            out.write(_table(rows, columns))
            out.write(
                f"total: {totals['calls']} calls, ${totals['spent_usd']} spent; "
                f"{usage['test_calls']['calls']} free test-key calls\n"
            )
        return 0
    if args.command == "whoami":
        client = _client(args)
        organization = client.account.get_organization()
        admin_key = os.environ.get("VISIONAPI_ADMIN_KEY")
        credential = (
            "ID token" if os.environ.get("VISIONAPI_ID_TOKEN") else f"admin key {redact(admin_key)}" if admin_key else "none"
        )
        api_key = os.environ.get("VISIONAPI_API_KEY")
        who = {
            "organization": {"id": organization["id"], "name": organization["name"]},
            "role": organization.get("role"),
            "credential": credential,
            "api_key": redact(api_key) if api_key else None,
            "api_url": client.api_url,
            "services_url": client.services_url,
        }
        if args.json:
            out.write(json.dumps(who, indent=2, ensure_ascii=False) + "\n")
        else:
            name, org_id = who["organization"]["name"], who["organization"]["id"]
            key_note = f" with {who['api_key']}" if api_key else ""
            out.write(
                f"{name} ({org_id}) as {who['role'] or 'member'}, with {credential}\n"
                f"account API {client.api_url}; services {client.services_url}{key_note}\n"
            )
        return 0
    raise UsageError("Run python3 -m visionapi --help.")


def main(argv: Optional[Sequence[str]] = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Runs the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    try:
        if len(argv) > MAX_ARGS or any(len(arg) > MAX_VALUE_LENGTH for arg in argv):
            raise UsageError(f"At most {MAX_ARGS} arguments of at most {MAX_VALUE_LENGTH} characters.")
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:
            return int(exit_.code or 0)
        if not args.command:
            parser.print_help(out)
            return 0
        return _command(args, out, err)
    except UsageError as error:
        err.write(f"visionapi: {error}\n")
        return 2
    except APIError as error:
        request = f" (request {error.request_id})" if error.request_id else ""
        err.write(f"visionapi: {error.code or f'http_{error.status}'}: {error.message}{request}\n")
        return 1
    except APIConnectionError as error:
        err.write(f"visionapi: connection_error: {error}\n")
        return 1
    except VisionAPIError as error:
        err.write(f"visionapi: {error}\n")
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
