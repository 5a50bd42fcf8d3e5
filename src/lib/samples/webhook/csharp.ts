import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import type { WebhookProgram } from './index';

export function csharp(s: WebhookSigning): WebhookProgram {
  const file = 'WebhookHandler.cs';
  return {
    file,
    run: `csc ${file} (or mcs), then ${s.secretVariable}=… PORT=8080 WebhookHandler.exe`,
    code: `// Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

class WebhookHandler
{
    const long ToleranceSeconds = ${s.toleranceSeconds};
    static readonly string Secret = Environment.GetEnvironmentVariable(${quoted(s.secretVariable)});
    // Event ids already handled. Keep them in your database, for longer than retries last.
    static readonly HashSet<string> Seen = new HashSet<string>();

    static bool Verify(byte[] rawBody, string signature, string timestamp, long now)
    {
        if (signature == null || timestamp == null || !Regex.IsMatch(timestamp, "^[0-9]{1,18}$")) return false;
        if (Math.Abs(now - long.Parse(timestamp)) > ToleranceSeconds) return false;
        using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(Secret)))
        {
            var head = Encoding.UTF8.GetBytes(timestamp + ${quoted(s.separator)});
            hmac.TransformBlock(head, 0, head.Length, null, 0);
            hmac.TransformFinalBlock(rawBody, 0, rawBody.Length);
            var hex = BitConverter.ToString(hmac.Hash).Replace("-", "").ToLowerInvariant();
            var expected = Encoding.UTF8.GetBytes(${quoted(s.signaturePrefix)} + hex);
            var given = Encoding.UTF8.GetBytes(signature);
            if (given.Length != expected.Length) return false;
            // .NET Framework and Mono have no CryptographicOperations.FixedTimeEquals (.NET Core 2.1+ has): every
            // byte is compared, so the answer's timing gives nothing away.
            var difference = 0;
            for (var i = 0; i < given.Length; i++) difference |= given[i] ^ expected[i];
            return difference == 0;
        }
    }

    // Read the delivery with your JSON library (System.Text.Json, Json.NET); a pattern finds the two fields this
    // sample prints, so that it compiles without one.
    static string Field(string json, string name)
    {
        var match = Regex.Match(json, "\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"\\\\\\\\]*)\\"");
        return match.Success ? match.Groups[1].Value : "";
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
            byte[] rawBody;
            using (var buffer = new MemoryStream())
            {
                context.Request.InputStream.CopyTo(buffer);
                rawBody = buffer.ToArray();
            }
            var signature = context.Request.Headers[${quoted(s.signatureHeader)}];
            var timestamp = context.Request.Headers[${quoted(s.timestampHeader)}];
            var now = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
            var valid = context.Request.HttpMethod == "POST" && Verify(rawBody, signature, timestamp, now);
            // Acknowledge first; slow work belongs in a queue.
            context.Response.StatusCode = valid ? 204 : 401;
            context.Response.Close();
            if (!valid) continue;
            var body = Encoding.UTF8.GetString(rawBody);
            var eventId = Field(body, "event_id");
            if (!Seen.Add(eventId))
            {
                Console.WriteLine("duplicate " + eventId + ": skipped");
                continue;
            }
            Console.WriteLine("received " + Field(body, "event") + " " + eventId);
        }
    }
}
`,
  };
}
