import type { WebhookSigning } from '../../openapi/webhookSigning';
import { singleQuoted } from '../quoting';
import { cgiVariable, type WebhookProgram } from './index';

export function php(s: WebhookSigning): WebhookProgram {
  const file = 'webhook-handler.php';
  return {
    file,
    run: `${s.secretVariable}=… php -S 127.0.0.1:8080 ${file} (or behind your web server)`,
    code: `<?php
// Receives a webhook delivery: checks its signature and age, then acknowledges it.
const TOLERANCE_SECONDS = ${s.toleranceSeconds};

function verify(string $rawBody, string $signature, string $timestamp, int $now, string $secret): bool
{
    if (!preg_match('/^[0-9]{1,18}$/', $timestamp) || abs($now - (int) $timestamp) > TOLERANCE_SECONDS) {
        return false;
    }
    $expected = ${singleQuoted(s.signaturePrefix)} . hash_hmac('sha256', $timestamp . ${singleQuoted(s.separator)} . $rawBody, $secret);
    // hash_equals takes as long wherever the two differ, so the answer's timing gives nothing away.
    return hash_equals($expected, $signature);
}

$secret = getenv(${singleQuoted(s.secretVariable)});
if ($secret === false || $secret === '') {
    http_response_code(500);
    error_log(${singleQuoted(`Set ${s.secretVariable}`)});
    exit;
}
$rawBody = file_get_contents('php://input');
$signature = $_SERVER[${singleQuoted(cgiVariable(s.signatureHeader))}] ?? '';
$timestamp = $_SERVER[${singleQuoted(cgiVariable(s.timestampHeader))}] ?? '';
if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !verify($rawBody, $signature, $timestamp, time(), $secret)) {
    http_response_code(401);
    exit;
}
$delivery = json_decode($rawBody, true);
// Acknowledge first; slow work belongs in a queue. Each request starts afresh: keep the event ids you handled
// in your database, and skip one you already have.
http_response_code(204);
error_log("received {$delivery['event']} {$delivery['event_id']}");
`,
  };
}
