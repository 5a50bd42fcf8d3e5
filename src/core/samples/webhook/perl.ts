import type { WebhookSigning } from '../../openapi/webhookSigning';
import { singleQuoted } from '../quoting';
import { cgiVariable, handlerLimits, type WebhookProgram } from './index';

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
# While a secret is rotated, a delivery carries a signature for each: any one matching will do.
my $max_signatures = ${s.maxSignatures};
my $max_body_bytes = ${handlerLimits.maxBodyBytes};
my $read_timeout_seconds = ${handlerLimits.readTimeoutSeconds};
my $secret = $ENV{${singleQuoted(s.secretVariable)}} or die "Set ${s.secretVariable}\\n";

sub answer {
    print "Status: $_[0]\\r\\n\\r\\n";
    exit;
}

# Perl has no constant-time comparison: every byte is compared, so the answer's timing gives nothing away.
sub equal {
    my ($given, $expected) = @_;
    return 0 unless length($given) == length($expected);
    my $difference = 0;
    $difference |= ord(substr($given, $_, 1)) ^ ord(substr($expected, $_, 1)) for 0 .. length($expected) - 1;
    return $difference == 0;
}

sub verify {
    my ($raw_body, $signatures, $timestamp, $now) = @_;
    return 0 unless defined $timestamp && $timestamp =~ /\\A[0-9]{1,18}\\z/;
    return 0 if abs($now - $timestamp) > $tolerance_seconds;
    # Several values: comma-separated, or the header repeated (which the web server joins with commas).
    my @given = split /,/, $signatures // '', -1;
    return 0 if @given > $max_signatures;
    my $expected = ${singleQuoted(s.signaturePrefix)} . hmac_sha256_hex($timestamp . ${singleQuoted(s.separator)} . $raw_body, $secret);
    my $valid = 0;
    for my $signature (@given) {
        $signature =~ s/\\A\\s+|\\s+\\z//g;
        $valid = 1 if equal($signature, $expected);
    }
    return $valid;
}

my $length = $ENV{CONTENT_LENGTH} // '';
answer('400 Bad Request') unless $length =~ /\\A[0-9]{1,9}\\z/;
answer('413 Content Too Large') if $length > $max_body_bytes;
binmode STDIN;
my $raw_body = '';
# The web server may pass the body on as it arrives: a sender that stalls is cut off.
$SIG{ALRM} = sub { answer('408 Request Timeout') };
alarm $read_timeout_seconds;
read(STDIN, $raw_body, $length);
alarm 0;
answer('400 Bad Request') unless length($raw_body) == $length;
my $signature = $ENV{${singleQuoted(cgiVariable(s.signatureHeader))}};
my $timestamp = $ENV{${singleQuoted(cgiVariable(s.timestampHeader))}};
if (($ENV{REQUEST_METHOD} // '') ne 'POST' || !verify($raw_body, $signature, $timestamp, time)) {
    answer('401 Unauthorized');
}
my $delivery = eval { decode_json($raw_body) };
my $fields = ref $delivery eq 'HASH' ? $delivery : {};
answer('400 Bad Request') if grep { !defined $_ || ref $_ } @$fields{qw(event_id event)};
# Acknowledge first; slow work belongs in a queue. Each request starts afresh: keep the event ids you handled in
# your database, and skip one you already have.
print "Status: 204 No Content\\r\\n\\r\\n";
print STDERR "received $delivery->{event} $delivery->{event_id}\\n";
`,
  };
}
