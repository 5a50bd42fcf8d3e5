import type { WebhookSigning } from '../../openapi/webhookSigning';
import { singleQuoted } from '../quoting';
import type { WebhookProgram } from './index';

export function ruby(s: WebhookSigning): WebhookProgram {
  const file = 'webhook_handler.rb';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 ruby ${file} (Ruby 3: gem install webrick)`,
    code: `# Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
require 'json'
require 'openssl'
require 'webrick'

SECRET = ENV.fetch(${singleQuoted(s.secretVariable)}, '')
abort ${singleQuoted(`Set ${s.secretVariable}`)} if SECRET.empty?
TOLERANCE_SECONDS = ${s.toleranceSeconds}
$stdout.sync = true
# Event ids already handled. Keep them in your database, for longer than retries last.
seen = {}

def verify(raw_body, signature, timestamp, now = Time.now.to_i)
  return false unless timestamp.to_s.match?(/\\A[0-9]{1,18}\\z/)
  return false if (now - timestamp.to_i).abs > TOLERANCE_SECONDS

  signed = timestamp + ${singleQuoted(s.separator)} + raw_body
  expected = ${singleQuoted(s.signaturePrefix)} + OpenSSL::HMAC.hexdigest('SHA256', SECRET, signed)
  # secure_compare takes as long wherever the two differ, so the answer's timing gives nothing away.
  OpenSSL.secure_compare(expected, signature.to_s)
end

server = WEBrick::HTTPServer.new(
  BindAddress: '127.0.0.1',
  Port: Integer(ENV.fetch('PORT', '8080')),
  AccessLog: [],
  Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN)
)
server.mount_proc '/' do |request, response|
  raw_body = request.body.to_s.b
  signature = request[${singleQuoted(s.signatureHeader)}]
  timestamp = request[${singleQuoted(s.timestampHeader)}]
  unless request.request_method == 'POST' && verify(raw_body, signature, timestamp)
    response.status = 401
    next
  end
  delivery = JSON.parse(raw_body)
  response.status = 204
  if seen.key?(delivery['event_id'])
    puts "duplicate #{delivery['event_id']}: skipped"
  else
    seen[delivery['event_id']] = true
    puts "received #{delivery['event']} #{delivery['event_id']}"
  end
end
%w[INT TERM].each { |signal| trap(signal) { server.shutdown } }
server.start
`,
  };
}
