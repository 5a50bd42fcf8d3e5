import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

export function csharp(s: WebhookSigning): WebhookProgram {
  const file = 'WebhookHandler.cs';
  return {
    file,
    run: `csc ${file} (or mcs), then ${s.secretVariable}=… PORT=8080 WebhookHandler.exe`,
    code: `// Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
using System;
using System.Collections.Concurrent;
using System.IO;
using System.Net;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading.Tasks;

class WebhookHandler
{
    const long ToleranceSeconds = ${s.toleranceSeconds};
    // While a secret is rotated, a delivery carries a signature for each: any one matching will do.
    const int MaxSignatures = ${s.maxSignatures};
    const long MaxBodyBytes = ${handlerLimits.maxBodyBytes};
    static readonly TimeSpan ReadTimeout = TimeSpan.FromSeconds(${handlerLimits.readTimeoutSeconds});
    static readonly string Secret = Environment.GetEnvironmentVariable(${quoted(s.secretVariable)});
    // Event ids already handled. Keep them in your database, for longer than retries last.
    static readonly ConcurrentDictionary<string, bool> Seen = new ConcurrentDictionary<string, bool>();

    static bool Verify(byte[] rawBody, string[] signatures, string timestamp, long now)
    {
        if (signatures == null || timestamp == null || !Regex.IsMatch(timestamp, "^[0-9]{1,18}$")) return false;
        if (Math.Abs(now - long.Parse(timestamp)) > ToleranceSeconds) return false;
        // Several values: comma-separated, or the header repeated. One list either way.
        var given = string.Join(",", signatures).Split(',');
        if (given.Length > MaxSignatures) return false;
        using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(Secret)))
        {
            var head = Encoding.UTF8.GetBytes(timestamp + ${quoted(s.separator)});
            hmac.TransformBlock(head, 0, head.Length, null, 0);
            hmac.TransformFinalBlock(rawBody, 0, rawBody.Length);
            var hex = BitConverter.ToString(hmac.Hash).Replace("-", "").ToLowerInvariant();
            var expected = Encoding.UTF8.GetBytes(${quoted(s.signaturePrefix)} + hex);
            var valid = false;
            foreach (var signature in given) valid |= FixedTimeEquals(Encoding.UTF8.GetBytes(signature.Trim()), expected);
            return valid;
        }
    }

    // .NET Framework and Mono have no CryptographicOperations.FixedTimeEquals (.NET Core 2.1+ has): every byte is
    // compared, so the answer's timing gives nothing away.
    static bool FixedTimeEquals(byte[] given, byte[] expected)
    {
        if (given.Length != expected.Length) return false;
        var difference = 0;
        for (var i = 0; i < given.Length; i++) difference |= given[i] ^ expected[i];
        return difference == 0;
    }

    // Read the delivery with your JSON library (System.Text.Json, Json.NET), which also refuses a body that is no
    // JSON object; a pattern finds the two fields this sample prints, so that it compiles without one.
    static string Field(string json, string name)
    {
        var match = Regex.Match(json, "\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"\\\\\\\\]*)\\"");
        return match.Success ? match.Groups[1].Value : null;
    }

    static void Answer(HttpListenerContext context, int status)
    {
        context.Response.StatusCode = status;
        context.Response.Close();
    }

    static async Task Handle(HttpListenerContext context)
    {
        var request = context.Request;
        // The listener refuses a malformed Content-Length itself; refuse a large body, or one of unknown size,
        // before reading it.
        if (request.ContentLength64 < 0 || request.ContentLength64 > MaxBodyBytes)
        {
            Answer(context, request.ContentLength64 < 0 ? 411 : 413);
            return;
        }
        var buffer = new MemoryStream();
        var read = request.InputStream.CopyToAsync(buffer);
        if (await Task.WhenAny(read, Task.Delay(ReadTimeout)) != read)
        {
            Answer(context, 408); // The sender stalled: cut it off.
            return;
        }
        if (read.IsFaulted || buffer.Length != request.ContentLength64)
        {
            Answer(context, 400); // The sender closed before the whole body came.
            return;
        }
        var rawBody = buffer.ToArray();
        // Mono's HttpListener keeps only the last of a repeated header; the platform sends its signatures in one.
        var signatures = request.Headers.GetValues(${quoted(s.signatureHeader)});
        var timestamp = request.Headers[${quoted(s.timestampHeader)}];
        var now = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        if (request.HttpMethod != "POST" || !Verify(rawBody, signatures, timestamp, now))
        {
            Answer(context, 401);
            return;
        }
        var body = Encoding.UTF8.GetString(rawBody).Trim();
        var eventId = Field(body, "event_id");
        var name = Field(body, "event");
        if (!body.StartsWith("{") || !body.EndsWith("}") || eventId == null || name == null)
        {
            Answer(context, 400);
            return;
        }
        // Acknowledge first; slow work belongs in a queue.
        Answer(context, 204);
        if (!Seen.TryAdd(eventId, true))
        {
            Console.WriteLine("duplicate " + eventId + ": skipped");
            return;
        }
        Console.WriteLine("received " + name + " " + eventId);
    }

    static void Main()
    {
        if (string.IsNullOrEmpty(Secret))
        {
            Console.Error.WriteLine(${quoted(`Set ${s.secretVariable}`)});
            Environment.Exit(1);
        }
        var listener = new HttpListener();
        listener.Prefixes.Add("http://127.0.0.1:" + (Environment.GetEnvironmentVariable("PORT") ?? "8080") + "/");
        listener.Start();
        while (true)
        {
            var context = listener.GetContext();
            // Each delivery on a task of its own: a slow sender holds up no other.
            Task.Run(() => Handle(context));
        }
    }
}
`,
  };
}
