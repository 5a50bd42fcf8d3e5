import type { WebhookSigning } from '../../openapi/webhookSigning';
import { singleQuoted } from '../quoting';
import { cgiVariable, handlerLimits, type WebhookProgram } from './index';

export function php(s: WebhookSigning): WebhookProgram {
  const file = 'webhook-handler.php';
  return {
    file,
    run: `${s.secretVariable}=… php -S 127.0.0.1:8080 ${file} (or behind your web server)`,
    code: `<?php
// Receives a webhook delivery: checks its signature and age, then acknowledges it. Your web server reads the
// request before PHP runs: it refuses a broken Content-Length and times out a sender that stalls (nginx's
// client_body_timeout, Apache's Timeout); PHP's own server (php -S) is for trying this out only.
const TOLERANCE_SECONDS = ${s.toleranceSeconds};
// While a secret is rotated, a delivery carries a signature for each: any one matching will do.
const MAX_SIGNATURES = ${s.maxSignatures};
const MAX_BODY_BYTES = ${handlerLimits.maxBodyBytes};

function verify(string $rawBody, string $signatures, string $timestamp, int $now, string $secret): bool
{
    if (!preg_match('/^[0-9]{1,18}$/', $timestamp) || abs($now - (int) $timestamp) > TOLERANCE_SECONDS) {
        return false;
    }
    // Several values: comma-separated, or the header repeated (which the web server joins with commas).
    $given = explode(',', $signatures);
    if (count($given) > MAX_SIGNATURES) {
        return false;
    }
    $expected = ${singleQuoted(s.signaturePrefix)} . hash_hmac('sha256', $timestamp . ${singleQuoted(s.separator)} . $rawBody, $secret);
    $valid = false;
    foreach ($given as $signature) {
        // hash_equals takes as long wherever the two differ, so the answer's timing gives nothing away.
        $valid = hash_equals($expected, trim($signature)) || $valid;
    }
    return $valid;
}

$secret = getenv(${singleQuoted(s.secretVariable)});
if ($secret === false || $secret === '') {
    http_response_code(500);
    error_log(${singleQuoted(`Set ${s.secretVariable}`)});
    exit;
}
if ((int) ($_SERVER['CONTENT_LENGTH'] ?? 0) > MAX_BODY_BYTES) {
    http_response_code(413);
    exit;
}
$rawBody = file_get_contents('php://input');
$signatures = $_SERVER[${singleQuoted(cgiVariable(s.signatureHeader))}] ?? '';
$timestamp = $_SERVER[${singleQuoted(cgiVariable(s.timestampHeader))}] ?? '';
if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !verify($rawBody, $signatures, $timestamp, time(), $secret)) {
    http_response_code(401);
    exit;
}
$delivery = json_decode($rawBody, true);
if (!is_array($delivery) || !is_string($delivery['event_id'] ?? null) || !is_string($delivery['event'] ?? null)) {
    http_response_code(400);
    exit;
}
// Acknowledge first; slow work belongs in a queue. Each request starts afresh: keep the event ids you handled
// in your database, and skip one you already have.
http_response_code(204);
error_log("received {$delivery['event']} {$delivery['event_id']}");
`,
  };
}
