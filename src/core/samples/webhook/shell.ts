import type { WebhookSigning } from '../../openapi/webhookSigning';
import { cgiVariable, handlerLimits, type WebhookProgram } from './index';

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
# While a secret is rotated, a delivery carries a signature for each: any one matching will do.
max_signatures=${s.maxSignatures}
max_body_bytes=${handlerLimits.maxBodyBytes}
read_timeout_seconds=${handlerLimits.readTimeoutSeconds}

answer() {
  printf 'Status: %s\\r\\n\\r\\n' "$1"
  echo "refused: $2" >&2
  exit 0
}

[[ \${CONTENT_LENGTH:-} =~ ^[0-9]{1,9}$ ]] || answer '400 Bad Request' 'no Content-Length'
((10#$CONTENT_LENGTH <= max_body_bytes)) || answer '413 Content Too Large' 'too large'
body=$(mktemp)
trap 'rm -f "$body"' EXIT
# The web server may pass the body on as it arrives: a sender that stalls is cut off.
timeout "$read_timeout_seconds" head -c "$CONTENT_LENGTH" >"$body" || answer '408 Request Timeout' 'too slow'
(($(wc -c <"$body") == 10#$CONTENT_LENGTH)) || answer '400 Bad Request' 'body cut short'

# Several signatures: comma-separated, or the header repeated (which the web server joins with commas).
IFS=, read -ra signatures <<<"\${${cgiVariable(s.signatureHeader)}:-}"
timestamp=\${${cgiVariable(s.timestampHeader)}:-}
[[ \${REQUEST_METHOD:-} == POST ]] || answer '401 Unauthorized' 'not a POST'
[[ $timestamp =~ ^[0-9]{1,18}$ ]] || answer '401 Unauthorized' 'no timestamp'
age=$(($(date +%s) - 10#$timestamp))
((\${age#-} <= tolerance_seconds)) || answer '401 Unauthorized' 'too old'
((\${#signatures[@]} <= max_signatures)) || answer '401 Unauthorized' 'too many signatures'
# openssl reads the key from its command line, where other users of the machine can see it while it runs.
digest=$({ printf '%s${s.separator}' "$timestamp"; cat "$body"; } | openssl dgst -sha256 -hmac "$${s.secretVariable}" -r)
valid=false
for signature in "\${signatures[@]}"; do
  # The shell has no constant-time comparison: on a shared host, prefer one of the other languages.
  [[ \${signature//[[:blank:]]/} == '${s.signaturePrefix}'"\${digest%% *}" ]] && valid=true
done
$valid || answer '401 Unauthorized' 'signature does not match'

# bash reads no JSON (jq does: jq -e '.event_id and .event'); these patterns only look for the two fields.
event=$(sed -nE 's/.*"event" *: *"([^"]*)".*/\\1/p' "$body")
event_id=$(sed -nE 's/.*"event_id" *: *"([^"]*)".*/\\1/p' "$body")
[[ $(<"$body") =~ ^[[:space:]]*\\{.*\\}[[:space:]]*$ && -n $event && -n $event_id ]] || answer '400 Bad Request' 'no delivery'
# Acknowledge first; slow work belongs in a queue. Keep the event ids you handled, and skip one you already have.
printf 'Status: 204 No Content\\r\\n\\r\\n'
echo "received $event $event_id" >&2
`,
  };
}
