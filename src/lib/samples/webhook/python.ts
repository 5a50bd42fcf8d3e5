import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import type { WebhookProgram } from './index';

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
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

secret = os.environ.get(${quoted(s.secretVariable)}) or sys.exit(${quoted(`Set ${s.secretVariable}`)})
tolerance_seconds = ${s.toleranceSeconds}
# Event ids already handled. Keep them in your database, for longer than retries last.
seen = set()


def verify(raw_body, signature, timestamp, now=None):
    now = time.time() if now is None else now
    if not re.fullmatch(r"[0-9]{1,18}", timestamp or "") or abs(now - int(timestamp)) > tolerance_seconds:
        return False
    signed = timestamp.encode() + ${quoted(s.separator)}.encode() + raw_body
    expected = ${quoted(s.signaturePrefix)} + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    # compare_digest takes as long wherever the two differ, so the answer's timing gives nothing away.
    return hmac.compare_digest(expected.encode(), (signature or "").encode())


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        raw_body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if not verify(raw_body, self.headers.get(${quoted(s.signatureHeader)}), self.headers.get(${quoted(s.timestampHeader)})):
            self.send_response(401)
            self.end_headers()
            return
        delivery = json.loads(raw_body)
        # Acknowledge first; slow work belongs in a queue.
        self.send_response(204)
        self.end_headers()
        if delivery["event_id"] in seen:
            print(f"duplicate {delivery['event_id']}: skipped", flush=True)
            return
        seen.add(delivery["event_id"])
        print(f"received {delivery['event']} {delivery['event_id']}", flush=True)


HTTPServer(("127.0.0.1", int(os.environ.get("PORT") or 8080)), Handler).serve_forever()
`,
  };
}
