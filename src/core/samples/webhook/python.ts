import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

export function python(s: WebhookSigning): WebhookProgram {
  const file = 'webhook_handler.py';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 python3 ${file}`,
    code: `# Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
import hashlib
import hmac
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

secret = os.environ.get(${quoted(s.secretVariable)}) or sys.exit(${quoted(`Set ${s.secretVariable}`)})
tolerance_seconds = ${s.toleranceSeconds}
# While a secret is rotated, a delivery carries a signature for each: any one matching will do.
max_signatures = ${s.maxSignatures}
max_body_bytes = ${handlerLimits.maxBodyBytes}
# Event ids already handled. Keep them in your database, for longer than retries last.
seen = set()
seen_lock = threading.Lock()


def verify(raw_body, signatures, timestamp, now=None):
    now = time.time() if now is None else now
    if not re.fullmatch(r"[0-9]{1,18}", timestamp or "") or abs(now - int(timestamp)) > tolerance_seconds:
        return False
    # Several values: comma-separated, or the header repeated. One list either way.
    given = ",".join(signatures).split(",")
    if len(given) > max_signatures:
        return False
    signed = timestamp.encode() + ${quoted(s.separator)}.encode() + raw_body
    expected = ${quoted(s.signaturePrefix)} + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    # compare_digest takes as long wherever the two differ, so the answer's timing gives nothing away.
    return any([hmac.compare_digest(expected.encode(), value.strip().encode()) for value in given])


class Handler(BaseHTTPRequestHandler):
    # A read that waits longer than this many seconds ends the connection: a stalled sender is cut off, and each
    # connection has a thread of its own (ThreadingHTTPServer), so it holds up no other delivery meanwhile.
    timeout = ${handlerLimits.readTimeoutSeconds}

    def answer(self, status):
        self.send_response(status)
        self.end_headers()

    def do_POST(self):
        length = self.headers.get("Content-Length") or ""
        if not re.fullmatch(r"[0-9]{1,9}", length):
            return self.answer(400)
        if int(length) > max_body_bytes:
            return self.answer(413)
        raw_body = self.rfile.read(int(length))
        if len(raw_body) != int(length):
            return self.answer(400)  # The sender closed before the whole body came.
        signatures = self.headers.get_all(${quoted(s.signatureHeader)}) or []
        if not verify(raw_body, signatures, self.headers.get(${quoted(s.timestampHeader)})):
            return self.answer(401)
        try:
            delivery = json.loads(raw_body)
        except ValueError:
            delivery = None
        delivery = delivery if isinstance(delivery, dict) else {}
        if not (isinstance(delivery.get("event_id"), str) and isinstance(delivery.get("event"), str)):
            return self.answer(400)
        # Acknowledge first; slow work belongs in a queue.
        self.answer(204)
        with seen_lock:
            duplicate = delivery["event_id"] in seen
            seen.add(delivery["event_id"])
        if duplicate:
            print(f"duplicate {delivery['event_id']}: skipped", flush=True)
            return
        print(f"received {delivery['event']} {delivery['event_id']}", flush=True)


ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("PORT") or 8080)), Handler).serve_forever()
`,
  };
}
