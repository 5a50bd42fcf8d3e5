import type { WebhookSigning } from '../../openapi/webhookSigning';
import { singleQuoted } from '../quoting';
import { cgiVariable, type WebhookProgram } from './index';

export function perl(s: WebhookSigning): WebhookProgram {
  const file = 'webhook-handler.cgi';
  return {
    file,
    run: `${file} as a CGI program of your web server, with ${s.secretVariable} in its environment`,
    code: `#!/usr/bin/env perl
# Receives a webhook delivery as a CGI program (your web server runs it for each request): checks its signature
# and age, then acknowledges it.
use strict;
use warnings;
use Digest::SHA qw(hmac_sha256_hex);
use JSON::PP qw(decode_json);

my $tolerance_seconds = ${s.toleranceSeconds};
my $secret = $ENV{${singleQuoted(s.secretVariable)}} or die "Set ${s.secretVariable}\\n";

sub verify {
    my ($raw_body, $signature, $timestamp, $now) = @_;
    return 0 unless defined $timestamp && $timestamp =~ /\\A[0-9]{1,18}\\z/;
    return 0 if abs($now - $timestamp) > $tolerance_seconds;
    my $expected = ${singleQuoted(s.signaturePrefix)} . hmac_sha256_hex($timestamp . ${singleQuoted(s.separator)} . $raw_body, $secret);
    $signature //= '';
    return 0 unless length($signature) == length($expected);
    # Perl has no constant-time comparison: every byte is compared, so the answer's timing gives nothing away.
    my $difference = 0;
    $difference |= ord(substr($signature, $_, 1)) ^ ord(substr($expected, $_, 1)) for 0 .. length($expected) - 1;
    return $difference == 0;
}

binmode STDIN;
my $raw_body = '';
read(STDIN, $raw_body, $ENV{CONTENT_LENGTH}) if ($ENV{CONTENT_LENGTH} // 0) > 0;
my $signature = $ENV{${singleQuoted(cgiVariable(s.signatureHeader))}};
my $timestamp = $ENV{${singleQuoted(cgiVariable(s.timestampHeader))}};
if (($ENV{REQUEST_METHOD} // '') ne 'POST' || !verify($raw_body, $signature, $timestamp, time)) {
    print "Status: 401 Unauthorized\\r\\n\\r\\n";
    exit;
}
my $delivery = decode_json($raw_body);
# Acknowledge first; slow work belongs in a queue. Each request starts afresh: keep the event ids you handled in
# your database, and skip one you already have.
print "Status: 204 No Content\\r\\n\\r\\n";
print STDERR "received $delivery->{event} $delivery->{event_id}\\n";
`,
  };
}
