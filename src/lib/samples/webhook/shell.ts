import type { WebhookSigning } from '../../openapi/webhookSigning';
import { cgiVariable, type WebhookProgram } from './index';

/**
 * The shell's handler, in the curl tab's place: a CGI program of bash and OpenSSL. Every value of the scheme was
 * checked against a pattern of letters, digits and `=:_.-|,` (webhookSigning), none of which the shell reads
 * inside single quotes.
 */
export function shell(s: WebhookSigning): WebhookProgram {
  const file = 'webhook-handler.sh';
  return {
    file,
    label: 'Shell',
    run: `${file} as a CGI program of your web server (bash and openssl), with ${s.secretVariable} in its environment`,
    code: `#!/usr/bin/env bash
# Receives a webhook delivery as a CGI program (your web server runs it for each request): checks its signature
# and age, then acknowledges it.
set -euo pipefail
: "\${${s.secretVariable}:?Set ${s.secretVariable}}"
tolerance_seconds=${s.toleranceSeconds}
body=$(mktemp)
trap 'rm -f "$body"' EXIT
head -c "\${CONTENT_LENGTH:-0}" >"$body"
signature=\${${cgiVariable(s.signatureHeader)}:-}
timestamp=\${${cgiVariable(s.timestampHeader)}:-}

reject() {
  printf 'Status: 401 Unauthorized\\r\\n\\r\\n'
  echo "rejected: $1" >&2
  exit 0
}

[[ \${REQUEST_METHOD:-} == POST ]] || reject 'not a POST'
[[ $timestamp =~ ^[0-9]{1,18}$ ]] || reject 'no timestamp'
age=$(($(date +%s) - 10#$timestamp))
((\${age#-} <= tolerance_seconds)) || reject 'too old'
# openssl reads the key from its command line, where other users of the machine can see it while it runs.
digest=$({ printf '%s${s.separator}' "$timestamp"; cat "$body"; } | openssl dgst -sha256 -hmac "$${s.secretVariable}" -r)
# The shell has no constant-time comparison: on a shared host, prefer one of the other languages.
[[ $signature == '${s.signaturePrefix}'"\${digest%% *}" ]] || reject 'signature does not match'

# Acknowledge first; slow work belongs in a queue. Keep the event ids you handled, and skip one you already have.
printf 'Status: 204 No Content\\r\\n\\r\\n'
event=$(sed -nE 's/.*"event" *: *"([^"]*)".*/\\1/p' "$body")
event_id=$(sed -nE 's/.*"event_id" *: *"([^"]*)".*/\\1/p' "$body")
echo "received $event $event_id" >&2
`,
  };
}
