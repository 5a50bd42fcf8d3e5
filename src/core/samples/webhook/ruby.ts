import type { WebhookSigning } from '../../openapi/webhookSigning';
import { singleQuoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

export function ruby(s: WebhookSigning): WebhookProgram {
  const file = 'webhook_handler.rb';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 ruby ${file} (Ruby 3: gem install webrick)`,
    code: `# Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
require 'json'
require 'openssl'
require 'set'
require 'webrick'

SECRET = ENV.fetch(${singleQuoted(s.secretVariable)}, '')
abort ${singleQuoted(`Set ${s.secretVariable}`)} if SECRET.empty?
TOLERANCE_SECONDS = ${s.toleranceSeconds}
# While a secret is rotated, a delivery carries a signature for each: any one matching will do.
MAX_SIGNATURES = ${s.maxSignatures}
MAX_BODY_BYTES = ${handlerLimits.maxBodyBytes}
$stdout.sync = true
# Event ids already handled. Keep them in your database, for longer than retries last.
seen = Set.new
seen_lock = Mutex.new

def verify(raw_body, signatures, timestamp, now = Time.now.to_i)
  return false unless timestamp.to_s.match?(/\\A[0-9]{1,18}\\z/)
  return false if (now - timestamp.to_i).abs > TOLERANCE_SECONDS

  # Several values: comma-separated, or the header repeated (WEBrick joins those with commas).
  given = signatures.to_s.split(',', -1)
  return false if given.size > MAX_SIGNATURES

  signed = timestamp + ${singleQuoted(s.separator)} + raw_body
  expected = ${singleQuoted(s.signaturePrefix)} + OpenSSL::HMAC.hexdigest('SHA256', SECRET, signed)
  # secure_compare takes as long wherever the two differ, so the answer's timing gives nothing away.
  given.map { |signature| OpenSSL.secure_compare(expected, signature.strip) }.any?
end

# A delivery that is a JSON object with the fields a handler needs, or nil.
def delivery_of(raw_body)
  delivery = JSON.parse(raw_body)
  delivery if delivery.is_a?(Hash) && delivery['event_id'].is_a?(String) && delivery['event'].is_a?(String)
rescue JSON::ParserError
  nil
end

# The status to answer, and the delivery when it is genuine.
def check(request)
  # WEBrick reads a malformed Content-Length as a number: check it before the body is read.
  length = request['Content-Length'].to_s
  return [400] unless length.match?(/\\A[0-9]{1,9}\\z/)
  return [413] if length.to_i > MAX_BODY_BYTES

  raw_body = request.body.to_s.b
  signatures = request[${singleQuoted(s.signatureHeader)}]
  timestamp = request[${singleQuoted(s.timestampHeader)}]
  return [401] unless request.request_method == 'POST' && verify(raw_body, signatures, timestamp)

  delivery = delivery_of(raw_body)
  delivery ? [204, delivery] : [400]
end

server = WEBrick::HTTPServer.new(
  BindAddress: '127.0.0.1',
  Port: Integer(ENV.fetch('PORT', '8080')),
  # Each connection has a thread of its own; one that stalls this many seconds is cut off.
  RequestTimeout: ${handlerLimits.readTimeoutSeconds},
  AccessLog: [],
  Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN)
)
server.mount_proc '/' do |request, response|
  response.status, delivery = check(request)
  next unless delivery

  if seen_lock.synchronize { seen.add?(delivery['event_id']) }
    puts "received #{delivery['event']} #{delivery['event_id']}"
  else
    puts "duplicate #{delivery['event_id']}: skipped"
  end
end
%w[INT TERM].each { |signal| trap(signal) { server.shutdown } }
server.start
`,
  };
}
